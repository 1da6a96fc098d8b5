"""An edit the deck refuses is not lost (issue 38 leftovers, item 3): the card's text as
typed is kept beside the last good draft, written at once, and the next page of the same
browser shows it back in the card's text box with its error (card, line, column) in the
page's language, while the draft stays the last good one."""

from __future__ import annotations

import html
import json
import re
import uuid
from itertools import count
from typing import Any

import pytest

from verlies.deck import Deck
from verlies.store import PlaytestStore
from verlies.store.workspace import WorkspaceStore, new_id
from verlies.ui.page import PlayApp
from verlies.ui.workspace.draft_kept import MAX_REFUSED, refused_edits
from verlies.ui.workspace.model import WorkspaceError

TRAP = ("room", "raum-falle-01")  # "Falle: Geschick 8, sonst Verletzung."
BAD = "Falle: Geschick , sonst Verletzung."
RULE = "Falle: Geschick 0, sonst Verletzung."  # parses; the deck's rule refuses it
ERRORS = {
    "en": "card 'raum-falle-01', line 1, column 17: expected a number after 'Geschick'",
    "de": "Karte 'raum-falle-01', Zeile 1, Spalte 17: nach 'Geschick' wird eine Zahl erwartet",
}


def _page(client: str, lang: str = "en") -> PlayApp:
    app = PlayApp(autosave=True, lang=lang)
    ticks = count()
    app.workspace.model.clock = lambda: 10.0 * next(ticks)
    app.autosave.client.value = json.dumps({"client": client, "query": "", "tz": 0})
    return app


def _text(w: Any) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", str(w.value)))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_refused_card_text_comes_back_with_its_error(lang: str) -> None:
    client = uuid.uuid4().hex
    first = _page(client, lang)
    ed = first.editor
    ed.select(*TRAP)
    assert ed.set_text(BAD) is False
    assert first.workspace.refused.writes == 1  # at once: no flush, no timer
    # nothing else is written: the page "dies" here (a reload, a killed kernel), before
    # its timer writes which card is open
    first.workspace.model.enabled = False

    page = _page(client, lang)
    back = page.editor
    assert page.workspace.refused.error is None
    assert back.selected == TRAP
    assert back.text.value == BAD  # what the designer typed
    status = _text(back.status)
    assert ERRORS[lang] in status and "^" in status  # what and where, the caret under it
    other = ERRORS["de" if lang == "en" else "en"]
    assert other not in status
    assert back.draft == Deck.default()  # the last good draft stays the draft
    assert back.apply_new.disabled and back.apply_game.disabled
    # fixed: taken, and no longer kept
    assert back.set_text("Falle: Geschick 7, sonst Verletzung.") is True
    # the write the page's timer makes 0.2 s on (the card the refused text opened is the
    # page's place): made now, as a busy machine's thread may make it after the next
    # page has read
    page.workspace.flush_now()
    again = _page(client, lang).editor
    assert again.text.value == "Falle: Geschick 7, sonst Verletzung."
    assert again.model.refused == {}


def test_a_text_a_rule_refuses_comes_back_and_others_wait_for_their_card() -> None:
    client = uuid.uuid4().hex
    first = _page(client).editor
    first.select(*TRAP)
    assert first.set_text(RULE) is False
    first.select("monster", next(iter(first.draft.cards("monster"))))
    monster = first.selected
    assert monster is not None
    assert first.set_text("Kampf: Drache 5.") is False
    page = _page(client)
    back = page.editor
    assert back.selected == monster and back.text.value == "Kampf: Drache 5."
    back.select(*TRAP)  # the other refused text is shown when its card is
    assert back.text.value == RULE
    assert "trap target 0 can never be failed" in _text(back.status)


def test_refused_texts_read_back_checked() -> None:
    good = [{"kind": "room", "card": "raum-falle-01", "text": BAD}]
    assert refused_edits(good) == [("room", "raum-falle-01", BAD)]
    cases: list[tuple[Any, str]] = [
        ({"x": 1}, "refused"),
        ([{"kind": "character", "card": "a", "text": ""}], r"refused\[0\]\.kind"),
        ([{"kind": "room", "card": 3, "text": ""}], r"refused\[0\]\.card"),
        ([{"kind": "room", "card": "a", "text": None}], r"refused\[0\]\.text"),
        ([{"kind": "room", "card": "a", "text": "x" * 30_000}], r"refused\[0\]\.text"),
        (good * (MAX_REFUSED + 1), "refused"),
    ]
    for raw, where in cases:
        with pytest.raises(WorkspaceError, match=where):
            refused_edits(raw)


def test_the_store_keeps_refused_edits_beside_the_draft() -> None:
    spaces = WorkspaceStore(PlaytestStore("sqlite://"))
    wid = new_id()
    assert spaces.load_refused(wid) is None
    spaces.save_refused(wid, [{"kind": "room", "card": "r", "text": BAD}], client="b1")
    assert spaces.latest("b1") == wid  # a workspace of its own if it had none
    assert spaces.load_refused(wid) == [{"kind": "room", "card": "r", "text": BAD}]
    assert "refused" not in spaces.load(wid)
    from verlies.store.db import StoreError

    with pytest.raises(StoreError):
        spaces.save_refused(wid, [], client="b2")  # another browser's: refused
    spaces.save_refused(wid, [], client="b1")
    assert spaces.load_refused(wid) is None
    assert spaces.delete(wid) and spaces.load_refused(wid) is None

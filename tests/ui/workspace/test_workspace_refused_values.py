"""Form values the deck refuses are not lost (issue 38 leftovers, item 1): a card's count, a
dungeon card's fields and a character's values as typed are kept beside the last good
draft, written at once, and the next page of the same browser (a reload, a killed kernel)
shows them back in their fields with their error in the page's language, while the draft
stays the last good one; the good value typed clears them."""

from __future__ import annotations

import html
import json
import re
import uuid
from itertools import count
from typing import Any

import pytest

from verlies.cards.model import TileKind
from verlies.deck import Deck
from verlies.ui.deck.form_refused import MAX_NUMBER
from verlies.ui.page import PlayApp
from verlies.ui.workspace.draft_kept import kept_edits
from verlies.ui.workspace.model import WorkspaceError

TRAP = ("room", "raum-falle-01")
CORRIDOR = ("dungeon", "r-gang-straight-03")  # a corridor with 2 gold
DWARF = ("character", "char-zwerg")  # 3/2/3... as the default deck has him
COUNT_ERROR = {
    "en": "card 'raum-falle-01', field 'Count': count must be an integer from 0 to 1000, got -1",
    "de": "Karte 'raum-falle-01', Feld 'Anzahl': die Anzahl muss eine ganze Zahl von 0 bis 1000 "
    "sein, nicht -1",
}
VALUE_ERROR = {
    "en": "card 'char-zwerg', field 'Strength': Strength must be at most 10, got 11",
    "de": "Karte 'char-zwerg', Feld 'Stärke': Stärke darf höchstens 10 sein, nicht 11",
}


def _page(client: str, lang: str = "en") -> PlayApp:
    app = PlayApp(autosave=True, lang=lang)
    ticks = count()
    app.workspace.model.clock = lambda: 10.0 * next(ticks)
    app.autosave.client.value = json.dumps({"client": client, "query": "", "tz": 0})
    return app


def _text(w: Any) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", str(w.value))).split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_refused_count_and_character_values_come_back_with_their_errors(lang: str) -> None:
    client = uuid.uuid4().hex
    first = _page(client, lang)
    ed = first.editor
    ed.select(*TRAP)
    assert ed.set_count(-1) is False  # refused: not clamped to 0 (which removes the card)
    assert first.workspace.refused.writes == 1  # at once: no flush, no timer
    ed.select(*DWARF)
    ed.staerke.value = 11
    assert first.workspace.refused.writes == 2
    # nothing else is written: the page "dies" here (a reload, a killed kernel)

    page = _page(client, lang)
    back = page.editor
    assert page.workspace.refused.error is None
    assert back.draft == Deck.default()  # the last good draft stays the draft
    assert back.selected == DWARF  # the newest refused edit's card
    values = (back.staerke.value, back.geist.value, back.geschick.value)
    dwarf = Deck.default().characters["char-zwerg"]
    assert values == (11, dwarf.geist, dwarf.geschick)  # what the designer typed
    status = _text(back.status)
    assert VALUE_ERROR[lang] in status
    assert VALUE_ERROR["de" if lang == "en" else "en"] not in status
    back.select(*TRAP)  # the other card's refused count, when its card is shown
    assert back.count.value == -1
    assert COUNT_ERROR[lang] in _text(back.status)
    # the good value typed clears it; the other card's value stays kept
    assert back.set_count(2) is True
    assert back.refused_values() == [("character", "char-zwerg", "character", values_of(11))]
    again = _page(client, lang).editor
    assert again.selected == DWARF and again.staerke.value == 11
    again.select(*TRAP)
    assert again.count.value == 2 and "✓" in _text(again.status)
    again.select(*DWARF)
    again.staerke.value = dwarf.staerke  # the draft's own value: nothing refused any more
    assert again.refused_values() == []
    last = _page(client, lang).editor
    assert last.refused_values() == [] and last.draft.room_counts[TRAP[1]] == 2


def values_of(staerke: int) -> dict[str, int | str]:
    dwarf = Deck.default().characters["char-zwerg"]
    return {"staerke": staerke, "geist": dwarf.geist, "geschick": dwarf.geschick}


def test_refused_tile_fields_and_a_refused_text_of_one_card_come_back_together() -> None:
    client = uuid.uuid4().hex
    first = _page(client).editor
    first.select(*CORRIDOR)
    assert first.edit_tile(kind=TileKind.ROOM) is False  # rooms carry no gold (R3.6)
    assert first.set_count(-3) is False
    first.select(*TRAP)
    assert first.set_text("Falle: Geschick , sonst Verletzung.") is False
    assert first.set_count(1001) is False

    back = _page(client).editor
    assert back.selected == TRAP
    assert back.text.value == "Falle: Geschick , sonst Verletzung."
    assert back.count.value == 1001
    status = _text(back.status)
    assert "expected a number after 'Geschick'" in status and "got 1001" in status
    back.select(*CORRIDOR)
    assert back.tile_kind.value is TileKind.ROOM and back.gold.value == 2
    assert back.count.value == -3
    status = _text(back.status)
    assert "only corridors carry gold" in status and "got -3" in status
    assert back.draft == Deck.default()
    # the corridor's kind set back: taken (it is the draft's own card), no longer kept
    assert back.edit_tile(kind=TileKind.CORRIDOR)
    assert [v[2] for v in back.refused_values() if v[:2] == CORRIDOR] == ["count"]


def test_kept_values_the_draft_would_take_or_of_a_gone_card_give_way() -> None:
    back = _page(uuid.uuid4().hex).editor
    # a kept count of a card the draft does not have is dropped, not shown
    back.keep_refused([], [("room", "gone", "count", {"count": -1})])
    assert back.refused_values() == []
    back.keep_refused([], [("room", TRAP[1], "count", {"count": -1})])
    assert back.selected == TRAP and back.count.value == -1
    back.model.refused_values[(*TRAP, "count")] = {"count": 3}
    back.select(*TRAP)  # 3 would be taken now: the draft's own count is shown
    assert back.count.value == Deck.default().room_counts[TRAP[1]]
    assert back.refused_values() == []


def test_kept_values_read_back_checked() -> None:
    good = {"kind": "room", "card": "raum-falle-01", "group": "count", "values": {"count": -1}}
    assert kept_edits([good]).values == [("room", "raum-falle-01", "count", {"count": -1})]
    tile = {
        "tile_kind": "room",
        "tile_color": "red",
        "tile_shape": "straight",
        "gold": 2,
        "obstacle_type": "none",
        "obstacle_color": "red",
        "obstacle_n": 6,
    }
    entry = {"kind": "dungeon", "card": "r", "group": "tile", "values": tile}
    assert kept_edits([entry]).values[0][3] == tile
    no_colour = {**tile, "obstacle_color": None}  # as the form has it without an obstacle
    assert kept_edits([{**entry, "values": no_colour}]).values[0][3] == no_colour
    cases: list[tuple[Any, str]] = [
        ([{**good, "group": "gold"}], r"refused\[0\]\.group"),
        ([{**good, "group": ["count"]}], r"refused\[0\]\.group"),
        ([{**good, "kind": "character"}], r"refused\[0\]\.kind"),
        ([{**good, "card": None}], r"refused\[0\]\.card"),
        ([{**good, "values": [1]}], r"refused\[0\]\.values"),
        ([{**good, "values": {"count": 1, "gold": 2}}], r"refused\[0\]\.values"),
        ([{**good, "values": {"count": True}}], r"refused\[0\]\.values\.count"),
        ([{**good, "values": {"count": "1"}}], r"refused\[0\]\.values\.count"),
        ([{**good, "values": {"count": MAX_NUMBER + 1}}], r"refused\[0\]\.values\.count"),
        ([good, {**entry, "values": {**tile, "tile_kind": "lava"}}], r"\[1\]\.values\.tile_kind"),
        ([{**entry, "values": {**tile, "obstacle_type": 3}}], r"values\.obstacle_type"),
    ]
    for raw, where in cases:
        with pytest.raises(WorkspaceError, match=where):
            kept_edits(raw)


def test_a_hostile_kept_row_leaves_the_draft_and_says_so() -> None:
    client = uuid.uuid4().hex
    first = _page(client)
    first.editor.select(*TRAP)
    assert first.editor.set_count(-1) is False
    wid = first.workspace.model.wid
    assert wid is not None
    bad = [{"kind": "room", "card": "raum-falle-01", "group": "count", "values": {"count": 1e300}}]
    first.workspace.model.store.save_refused(wid, bad, client=client)
    page = _page(client)
    assert isinstance(page.workspace.refused.error, WorkspaceError)
    assert "refused[0].values.count" in str(page.workspace.refused.error)
    assert page.editor.refused_values() == [] and page.editor.draft == Deck.default()

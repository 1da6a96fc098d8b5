"""What the editor's status line says while a refused value is kept (issue 38).

A value the deck refuses stays in its box, as typed, with its error. An accepted edit of
another field of the same card must not put "✓ ok" beside that box; and a refused form
value is named by the label the designer reads beside its box, not by the deck file's key.
"""

from __future__ import annotations

import html
import re

import pytest

from verlies.deck import Deck
from verlies.ui.deck.editor_view import DeckEditor

CORRIDOR = "r-gang-straight-04"  # a red door (Tür 6) on a corridor
ROOM = "raum-falle-01"  # "Falle: Geschick 8, sonst Verletzung."

#: The count refusal, as the status line says it.
COUNT_SAID = {
    "en": "field 'Count': count must be an integer from 0 to 1000, got -1",
    "de": "Feld 'Anzahl': die Anzahl muss eine ganze Zahl von 0 bis 1000",
}
OK = {"en": "✓ ok", "de": "✓ ok"}


def said(editor: DeckEditor) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", editor.status.value)).split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_refused_count_stays_said_after_a_tile_field_is_taken(lang: str) -> None:
    editor = DeckEditor(lang=lang)
    editor.select("dungeon", CORRIDOR)
    assert not editor.set_count(-1)
    assert COUNT_SAID[lang] in said(editor)
    assert editor.edit_tile(gold=1)  # another field group, taken by the deck
    assert editor.draft.cards("dungeon")[CORRIDOR].gold == 1
    assert editor.count.value == -1  # the refused count is still in its box ...
    assert COUNT_SAID[lang] in said(editor)  # ... and still said
    assert OK[lang] not in said(editor)
    assert editor.set_count(2)  # the count fixed: nothing refused is left on the card
    assert COUNT_SAID[lang] not in said(editor)
    assert "Error" not in said(editor) and "Fehler" not in said(editor)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_refused_count_stays_said_after_the_cards_text_is_taken(lang: str) -> None:
    editor = DeckEditor(lang=lang)
    editor.select("room", ROOM)
    assert not editor.set_count(-1)
    assert editor.set_text("Falle: Geschick 7, sonst Verletzung.")
    assert COUNT_SAID[lang] in said(editor)
    assert OK[lang] not in said(editor)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_refused_text_stays_said_after_the_count_is_taken(lang: str) -> None:
    editor = DeckEditor(lang=lang)
    editor.select("room", ROOM)
    assert not editor.set_text("Falle: Geschick , sonst Verletzung.")
    error = said(editor)
    assert "Geschick" in error
    assert editor.set_count(2)
    assert editor.text.value == "Falle: Geschick , sonst Verletzung."
    assert OK[lang] not in said(editor)
    assert said(editor).startswith(error.split(":")[0])  # the text's located error again


@pytest.mark.parametrize(
    ("lang", "words", "key"),
    [
        ("en", "field 'Strength': Strength must be at most 10, got 11", "'staerke'"),
        ("de", "Feld 'Stärke': Stärke darf höchstens 10 sein, nicht 11", "'staerke'"),
    ],
)
def test_a_refused_character_value_is_named_by_its_label(lang: str, words: str, key: str) -> None:
    editor = DeckEditor(lang=lang)
    editor.select("character", "char-zwerg")
    editor.form.staerke.value = 11
    assert words in said(editor)
    assert key not in said(editor)
    assert editor.form.staerke.description in words  # the label beside the box


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_refused_obstacle_number_is_named_by_its_label(lang: str) -> None:
    editor = DeckEditor(lang=lang)
    editor.select("dungeon", CORRIDOR)
    editor.form.obstacle_n.value = 0
    label = editor.form.obstacle_n.description
    assert f"'{label}'" in said(editor) and "obstacle.n" not in said(editor)


def test_a_refused_text_is_parsed_once_when_its_card_is_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Showing a card with a kept refused text tries that text against the draft once (its
    error is shown and said from that one try), not once to show it and again to say it."""
    bad = "Falle: Geschick , sonst Verletzung."
    editor = DeckEditor(lang="en")
    editor.select("room", ROOM)
    assert not editor.set_text(bad)
    other = next(cid for cid in editor.draft.cards("room") if cid != ROOM)
    editor.select("room", other)
    tried: list[str] = []
    real = Deck.with_card_text

    def counted(deck: Deck, kind: str, cid: str, text: str) -> Deck:
        tried.append(text)
        return real(deck, kind, cid, text)

    monkeypatch.setattr(Deck, "with_card_text", counted)
    editor.select("room", ROOM)
    assert tried.count(bad) == 1  # (the sanity checks try texts of their own)
    assert editor.text.value == bad and "Geschick" in said(editor)

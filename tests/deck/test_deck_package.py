"""The deck package: one diff for everyone, immutable values, words from i18n, its layout."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from pathlib import Path

import pytest

from verlies import i18n
from verlies.deck import (
    Added,
    CardChange,
    CardRef,
    Changed,
    CountChange,
    Deck,
    DeckPatch,
    Recounted,
    Removed,
    Renamed,
)
from verlies.errors import DeckError
from verlies.game import Game

ROOM = "raum-gold-01"


@pytest.fixture(scope="module")
def deck() -> Deck:
    return Deck.default()


def test_text_and_count_changed_together_are_two_differences(deck: Deck) -> None:
    old_n = deck.room_counts[ROOM]
    other = deck.with_card_text("room", ROOM, "9 Gold.").with_count("room", ROOM, old_n + 1)
    diffs = deck.differences(other)
    assert diffs == (
        Changed("room", deck.rooms[ROOM], other.rooms[ROOM], old_n),
        Recounted("room", other.rooms[ROOM], old_n, old_n + 1),
    )
    patch = deck.diff(other)
    assert patch.changed == (CardChange("room", other.rooms[ROOM], old_n),)
    assert patch.counts == (CountChange("room", ROOM, old_n + 1),)
    assert len(patch) == len(diffs) == 2
    assert patch.describe("en") == f"changed {ROOM}; {ROOM} x{old_n + 1}"
    assert patch.describe("de") == f"geändert {ROOM}; {ROOM} x{old_n + 1}"
    assert deck.apply(patch) == other
    assert DeckPatch.from_dict(patch.to_dict()) == patch
    # A patch file names each id once: the full entry carries the new count.
    text = other.dumps_patch()
    assert text.count(f'id = "{ROOM}"') == 1
    assert f"count = {old_n + 1}" in text
    assert Deck.loads(text) == other


def test_text_change_alone_keeps_one_entry_with_the_count(deck: Deck) -> None:
    other = deck.with_card_text("room", ROOM, "9 Gold.")
    assert deck.diff(other) == DeckPatch(
        changed=(CardChange("room", other.rooms[ROOM], deck.room_counts[ROOM]),)
    )


def test_differences_list_every_kind_of_change_in_order(deck: Deck) -> None:
    monster = next(iter(deck.monsters))
    corridor = next(c for c, card in deck.dungeon.items() if card.kind.value == "corridor")
    other = (
        deck.with_name("Probe")
        .without_card("monster", monster)
        .with_count("dungeon", corridor, 7)
        .with_card("room", dataclasses.replace(deck.rooms[ROOM], id="neu"))
    )
    diffs = deck.differences(other)
    assert diffs[0] == Renamed(deck.name, "Probe")
    assert Recounted("dungeon", other.dungeon[corridor], deck.dungeon_counts[corridor], 7) in diffs
    assert Added("room", other.rooms["neu"], 1) in diffs
    assert diffs[-1] == Removed("monster", deck.monsters[monster], deck.monster_counts[monster])
    assert deck.diff(other).removed == (CardRef("monster", monster),)
    assert deck.apply(deck.diff(other)) == other
    assert deck.differences(deck) == ()
    assert deck.diff(deck).is_empty


def test_deck_and_cards_are_their_own_copies(deck: Deck) -> None:
    assert copy.copy(deck) is deck
    assert copy.deepcopy(deck) is deck
    for kind in ("character", "dungeon", "room", "monster", "treasure"):
        card = next(iter(deck.cards(kind).values()))
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card
    game = Game.new(players=2, seed=3)
    clone = copy.deepcopy(game)
    assert clone.deck is game.deck
    assert clone.to_json() == game.to_json()


def test_pickles_restore_the_deck_and_old_pickles_still_load(deck: Deck) -> None:
    other = deck.with_count("room", ROOM, 5)
    assert pickle.loads(pickle.dumps(other)) == other
    import verlies.deck

    # Pickles made before the package split name verlies.deck._restore.
    restored = verlies.deck._restore(other.name, other._cards, other._counts, other.warnings)
    assert restored == other


def test_patch_words_come_from_the_language_tables(
    deck: Deck, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = deck.without_card("room", ROOM).with_name("X")
    patch = deck.diff(other)
    assert patch.describe("en") == f"name 'X'; removed {ROOM}"
    assert patch.describe("de") == f"Name 'X'; entfernt {ROOM}"
    assert patch.describe("xx") == patch.describe("en")  # unknown language: English
    dummy = {k: f"<{k}>" for k in i18n.table("en") if k.startswith("deck.patch.")}
    # A third language is one table: registered for this test only.
    monkeypatch.setattr(i18n, "LANGUAGES", i18n.LANGUAGES)
    monkeypatch.setattr(i18n, "_tables", dict(i18n._tables))
    i18n.register("zz", dummy)
    assert patch.describe("zz") == "<deck.patch.name>; <deck.patch.removed>"
    assert DeckPatch().describe("zz") == "<deck.patch.none>"


def test_no_module_of_the_package_is_over_700_lines() -> None:
    package = Path(__file__).parents[2] / "verlies" / "deck"
    sizes = {p.name: len(p.read_text().splitlines()) for p in package.glob("*.py")}
    assert len(sizes) >= 8
    assert max(sizes.values()) <= 700, sizes


def test_file_errors_read_in_german_too() -> None:
    text = 'name = "x"\n\n[[rooms]]\nid = "r1"\nnam = "Raum"\ntext = "7 Gold."\n'
    with pytest.raises(DeckError) as info:
        Deck.loads(text, file="d.toml")
    e = info.value
    assert e.text_in("en") == (
        "d.toml, line 3, card 'r1', field 'name': missing field 'name' (required here: id, "
        "name, text) (and 1 more problem)"
    )
    assert e.text_in("de") == (
        "d.toml, Zeile 3, Karte 'r1', Feld 'name': Feld 'name' fehlt (hier nötig: id, name, "
        "text) (und 1 weiteres Problem)"
    )
    with pytest.raises(DeckError) as info:
        Deck.loads("a = [[[[[[[[[[1]]]]]]]]]]\n", file="d.toml")
    assert info.value.message_in("de").startswith("Werte zu tief verschachtelt: höchstens 8")
    with pytest.raises(DeckError) as info:  # tomllib's sentence in words (deck.toml.*)
        Deck.loads("a = \n", file="d.toml")
    assert info.value.message_in("de") == "TOML-Syntaxfehler: ungültiger Wert"
    assert info.value.message_in("en") == "TOML syntax error: Invalid value"

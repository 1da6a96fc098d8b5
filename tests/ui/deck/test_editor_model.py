"""The deck editor's model, tested without any widget library."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from verlies import Game
from verlies.cards.model import Color, Obstacle, ObstacleType
from verlies.deck import Deck
from verlies.ui.deck.editor_model import (
    KINDS,
    MAX_UPLOAD_BYTES,
    EditorModel,
    Filter,
    Refused,
    composition,
    describe_diff,
    file_stem,
    read_upload,
)

TRAP = "raum-falle-01"  # "Falle: Geschick 8, sonst Verletzung."
GOOD = "Falle: Geschick 9, sonst Verletzung."
BAD = "Falle: Geschick , sonst Verletzung."


@pytest.fixture
def default() -> Deck:
    return Deck.default()


@pytest.fixture
def model(default: Deck) -> EditorModel:
    m = EditorModel(default, "en")
    m.selected = ("room", TRAP)
    return m


def test_diff_is_deck_diff_with_a_line_for_text_and_one_for_count(default: Deck) -> None:
    other = default.with_card_text("room", TRAP, GOOD).with_count("room", TRAP, 3)
    patch = default.diff(other)
    # Deck.diff says both: the card changed, and its count
    assert [c.card.id for c in patch.changed] == [TRAP]
    assert [(c.id, c.count) for c in patch.counts] == [(TRAP, 3)]
    assert describe_diff(default, other) == [
        "raum-falle-01 (Swinging blade): “Falle: Geschick 8, sonst Verletzung.” → "
        "“Falle: Geschick 9, sonst Verletzung.”",
        "raum-falle-01 (Swinging blade): count 1 → 3",
    ]


def test_diff_lists_kinds_in_the_editors_order(default: Deck) -> None:
    elf = default.characters["char-elfe"]
    other = (
        default.with_card("character", replace(elf, geist=elf.geist + 1))
        .with_count("monster", "monster-drache", 0)
        .with_count("dungeon", "r-gang-straight-04", 2)
    )
    lines = describe_diff(default, other, "de")
    assert lines == [
        "r-gang-straight-04 (Schwere Tür): Anzahl 1 → 2",
        "entfernt: monster-drache (Drache)",
        "char-elfe (Elfe): Geist 3 → 4",
    ]
    # every change of Deck.diff has its line, and no other card is named
    patch = default.diff(other)
    named = {c.card.id for c in patch.changed} | {c.id for c in patch.counts}
    named |= {r.id for r in patch.removed}
    assert named == {"char-elfe", "monster-drache", "r-gang-straight-04"}


def test_no_diff_no_lines(default: Deck) -> None:
    assert describe_diff(default, default) == []


def test_typing_is_one_undo_step_and_bad_text_keeps_the_card(
    model: EditorModel, default: Deck
) -> None:
    assert model.edit_text(GOOD) is True and model.parse.ok
    assert model.edit_text("Falle: Geschick 10, sonst Verletzung.") is True
    assert len(model.history) == 1
    good = model.draft
    assert model.edit_text(BAD) is False
    assert model.draft is good  # the last good card stays
    assert not model.parse.ok and model.parse.source == BAD
    assert model.parse.location() == (BAD, 17)
    assert model.undo() and model.draft == default
    assert not model.undo() and not model.can_undo


def test_text_edit_needs_a_text_card(model: EditorModel) -> None:
    model.selected = ("dungeon", "r-gang-straight-04")
    assert model.edit_text(GOOD) is None
    model.selected = None
    assert model.edit_count(2) is None


def test_count_zero_removes_and_undo_brings_back(model: EditorModel) -> None:
    assert model.edit_count(0) is True
    assert TRAP not in model.draft.rooms
    assert model.diff_lines() == ["removed: raum-falle-01 (Swinging blade)"]
    assert model.pending_changes() == 1
    model.undo()
    assert TRAP in model.draft.rooms and model.pending_changes() == 0


def test_names_and_dungeon_fields(model: EditorModel) -> None:
    assert model.edit_names(" Klinge ", "Blade") is True
    assert model.draft.rooms[TRAP].name.de == "Klinge"
    assert model.edit_names("Klinge", "Blade") is None  # nothing changes
    model.selected = ("dungeon", "r-gang-straight-04")
    card = model.card()
    assert card is not None
    door = Obstacle(ObstacleType.TUER, Color.RED, 8)
    assert model.edit_card(replace(card, obstacle=door)) is True
    assert model.diff_lines()[0] == (
        "r-gang-straight-04 (Heavy door): Obstacle Door 6 (red) → Door 8 (red)"
    )
    assert model.edit_card(replace(card, gold=-1)) is False
    assert not model.parse.ok and model.parse.location() is None


def test_filter(model: EditorModel) -> None:
    model.filter = Filter(kind="room", query="falle")
    keys = model.filtered()
    assert keys and all(k == "room" for k, _ in keys) and ("room", TRAP) in keys
    model.filter = Filter(color=Color.BLUE)
    assert all(k == "dungeon" for k, _ in model.filtered())
    assert model.list_label(("room", TRAP)) == "raum-falle-01 · Swinging blade ×1"


def test_apply_to_new_games_and_to_a_game(model: EditorModel, default: Deck) -> None:
    model.edit_count(2)
    assert model.apply_to_new_games() == (
        "New games now use this deck (1 changes against the default)."
    )
    assert model.deck == model.draft and model.pending_changes() == 0
    assert model.apply_to_game(None).message == "No game is running."
    game = Game.new(players=2, seed=1, deck=default)
    applied = model.apply_to_game(game)
    assert applied.done and not applied.refused and game.deck == model.draft
    assert applied.message.startswith(f"Applied to the current game as step {game.step_count}")
    again = model.apply_to_game(game)
    assert not again.done and again.message == "The current game already plays this deck."


def test_read_upload(default: Deck) -> None:
    whole = default.with_count("room", TRAP, 4)
    found = read_upload(whole.dumps().encode(), "mine.toml", "en")
    assert found == whole
    patch = whole.dumps_patch().encode()
    assert read_upload(patch, "p.toml", "en") == whole
    foreign = b'format = 1\nbase = "/etc/other.toml"\n'
    assert read_upload(foreign, "x.toml", "en") == Refused(
        'File x.toml refused: an uploaded patch may only name base = "default".'
    )
    big = read_upload(b" " * (MAX_UPLOAD_BYTES + 1), "big.toml", "de")
    assert isinstance(big, Refused) and big.message.startswith("Datei big.toml abgelehnt:")
    broken = read_upload(b"format = 1\nname = \n", "b.toml", "en")
    assert isinstance(broken, Refused)
    assert broken.message.startswith("File b.toml not loaded: ") and "line 2" in broken.message


def test_load_replaces_the_draft_as_one_undo_step(model: EditorModel, default: Deck) -> None:
    other = default.with_count("room", TRAP, 4).with_name("Mine")
    ok, message = model.load(other.dumps().encode(), "mine.toml")
    cards = sum(sum(other.counts(k).values()) for k in KINDS)  # characters count once
    assert ok and message == (
        f"Loaded mine.toml: “Mine”, {cards} cards with every copy counted. "
        "The draft is now this deck."
    )
    assert model.draft == other
    model.undo()
    assert model.draft == default


def test_composition_as_data(default: Deck) -> None:
    s = default.summary()
    c = composition(default, "de")
    assert c.title == "Verlieskarten" and c.columns[0] == "gesamt"
    assert [name for name, _ in c.rows] == ["rot", "blau", "grün"]
    assert sum(counts[0] for _, counts in c.rows) == c.total == s["dungeon"]
    others = dict(c.others)
    assert others["Raumkarten"] == str(s["rooms"])
    assert others["Verliesstapel, 2 Spieler"] == str(s["pile_by_players"][2])
    assert c.warnings == tuple(default.warnings)


# ---- the deck's name ------------------------------------------------------------------------


def test_deck_name_is_an_edit_validated_and_undoable(model: EditorModel) -> None:
    assert model.edit_deck_name("  Standard ") is None  # no change, no undo step
    assert not model.can_undo
    assert model.edit_deck_name("  Härter  ") is True
    assert model.draft.name == "Härter" and model.parse.ok
    assert any("Härter" in line for line in model.diff_lines())
    for bad in ("", "   ", "x" * 81):
        assert model.edit_deck_name(bad) is False
        assert model.draft.name == "Härter"  # a refused name changes nothing
        assert "a deck name is 1-80 characters" in model.parse_message()
    assert model.edit_deck_name("Schneller") is True
    assert model.undo() and model.draft.name == "Härter"
    assert model.undo() and model.draft.name == "Standard"
    assert not model.can_undo


def test_a_refused_name_reads_in_german(default: Deck) -> None:
    m = EditorModel(default, "de")
    assert m.edit_deck_name("") is False
    assert m.parse_message() == "Feld 'name': ein Deckname hat 1 bis 80 Zeichen"


@pytest.mark.parametrize(
    ("name", "stem"),
    [
        ("Standard", "standard"),
        ("Härter & schneller!", "haerter-schneller"),
        ("../../etc/passwd", "etc-passwd"),
        ("C:\\Windows\\con.toml", "c-windows-con-toml"),
        ("  -_- ", "deck"),
        ("Ünd Öl ß", "uend-oel-ss"),
        ("日本", "deck"),
        ("a" * 80, "a" * 60),
        ("x" * 59 + " y", "x" * 59),
    ],
)
def test_file_stem_is_a_safe_file_name(name: str, stem: str) -> None:
    got = file_stem(name)
    assert got == stem
    assert re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,59}", got) and not got.endswith(("-", "_"))

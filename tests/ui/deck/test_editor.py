"""Kernel-side tests of the deck and card editor (verlies.ui.deck.editor_view) and the variants
panel.

The widgets are driven the way the browser drives them: by setting widget values (text box,
count field, dropdowns, the FileUpload's value) and clicking buttons; the assertions look at
the decks and at the status widgets' HTML.
"""

from __future__ import annotations

import base64
import datetime as dt
import html
import re
from dataclasses import fields
from typing import Any

import pytest

from verlies import Card, Draw, Edit, Game, Variants
from verlies.cards.model import Color, Obstacle, ObstacleType, TileKind
from verlies.deck import Deck
from verlies.ui.deck.editor_view import (
    ALL,
    MAX_UPLOAD_BYTES,
    NO_OBSTACLE,
    DeckEditor,
    card_matches,
    describe_diff,
)
from verlies.ui.play.variants_view import VariantsPanel

TRAP = "raum-falle-01"  # "Falle: Geschick 8, sonst Verletzung."
BAD_TRAP = "Falle: Geschick , sonst Verletzung."
BAD_TRAP_ERROR = "card 'raum-falle-01', line 1, column 17: expected a number after 'Geschick'"
BAD_TRAP_ERROR_DE = (
    "Karte 'raum-falle-01', Zeile 1, Spalte 17: nach 'Geschick' wird eine Zahl erwartet, nicht ','"
)


def text_of(w: Any) -> str:
    """A HTML widget's text without tags and entities."""
    return html.unescape(re.sub(r"<[^>]+>", " ", w.value))


def upload(editor: DeckEditor, data: bytes, name: str = "deck.toml", size: int | None = None):
    """Set the FileUpload's value as the browser does after a file was chosen."""
    editor.upload.value = (
        {
            "name": name,
            "type": "application/toml",
            "size": len(data) if size is None else size,
            "content": memoryview(data),
            "last_modified": dt.datetime(2024, 1, 1, tzinfo=dt.UTC),
        },
    )


class Calls:
    def __init__(self) -> None:
        self.n = 0

    def __call__(self) -> None:
        self.n += 1


@pytest.fixture
def default() -> Deck:
    return Deck.default()


@pytest.fixture
def editor() -> DeckEditor:
    return DeckEditor(lang="en")


def room_drawing_game() -> Game:
    """A 2-player game at the moment a room card is drawn (R6.2): player 1 has laid a room
    and entered it this turn."""
    g = Game.new(players=2, seed=0)
    g.apply(Draw())
    g.apply(Card("r-raum-cross-01"))
    g.apply(g.legal_actions()[0])
    assert g.chance_kind == "room"
    return g


# ---- the interface the app relies on -------------------------------------------------------


def test_interface(default: Deck) -> None:
    import ipywidgets as widgets

    ed = DeckEditor(None, get_game=lambda: None, on_change=lambda: None, lang="de")
    assert isinstance(ed.widget, widgets.Widget)
    assert ed.deck == default
    ed.set_lang("en")
    assert ed.apply_new.description == "Apply to new games"
    ed.set_lang("de")
    assert ed.apply_new.description == "Für neue Spiele übernehmen"
    own = default.with_count("room", TRAP, 2)
    assert DeckEditor(own).deck == own


# ---- browsing and filtering ----------------------------------------------------------------


def test_all_cards_listed(editor: DeckEditor, default: Deck) -> None:
    total = sum(len(default.cards(k)) for k in ("dungeon", "room", "monster", "treasure"))
    total += len(default.characters)
    assert len(editor.filtered()) == total == len(editor.card_list.options)


def test_filter_by_kind_colour_and_text(editor: DeckEditor, default: Deck) -> None:
    editor.kind_filter.value = "room"
    keys = editor.filtered()
    assert {k for k, _ in keys} == {"room"} and len(keys) == len(default.rooms)
    assert [v for _, v in editor.card_list.options] == keys

    editor.kind_filter.value = ALL
    editor.color_filter.value = Color.BLUE
    keys = editor.filtered()
    assert keys and all(k == "dungeon" and default.dungeon[c].color is Color.BLUE for k, c in keys)

    editor.color_filter.value = ALL
    editor.search.value = "lava"
    keys = editor.filtered()
    expected = {
        cid
        for cid, c in default.dungeon.items()
        if c.obstacle is not None and c.obstacle.type is ObstacleType.LAVA
    }
    assert {c for k, c in keys if k == "dungeon"} == expected

    editor.search.value = "Geschick 8"  # matches card text, word by word
    assert ("room", TRAP) in editor.filtered()

    editor.search.value = "no such card anywhere"
    assert editor.filtered() == [] and editor.card_list.options == ()
    assert "No card matches" in text_of(editor.list_info)


def test_filters_show_a_choice_and_survive_a_language_switch(editor: DeckEditor) -> None:
    assert editor.kind_filter.value == ALL and editor.kind_filter.index == 0
    assert editor.color_filter.value == ALL and editor.obstacle_type.index is not None
    editor.kind_filter.value = "monster"
    editor.search.value = "drache"
    editor.set_lang("de")
    assert editor.kind_filter.value == "monster"
    assert editor.kind_filter.options[1][0] == "Verlieskarten"
    assert editor.filtered() == [("monster", "monster-drache")]
    assert editor.selected == ("monster", "monster-drache")


def test_card_matches_helper(default: Deck) -> None:
    trap = default.rooms[TRAP]
    assert card_matches(trap, "room", None, "pendel")
    assert not card_matches(trap, "monster", None, "")
    assert not card_matches(trap, None, Color.RED, "")  # only dungeon cards have a colour
    assert card_matches(default.dungeon["b-ausgang"], None, Color.BLUE, "exit")


def test_select_shows_fields_text_and_preview(editor: DeckEditor, default: Deck) -> None:
    editor.select("room", TRAP)
    assert editor.card_list.value == ("room", TRAP)
    assert editor.text.value == default.rooms[TRAP].text
    assert editor.text_box.layout.display is None
    assert editor.tile_box.layout.display == "none"
    # one picture, in the page's language (issue 24: the page shows one language at a time)
    assert "<svg" in editor.preview.value and editor.preview.value.count("<svg") == 1
    assert "ROOM CARD" in editor.preview.value and "RAUMKARTE" not in editor.preview.value
    editor.set_lang("de")
    assert "RAUMKARTE" in editor.preview.value and "ROOM CARD" not in editor.preview.value
    editor.set_lang("en")
    canon = text_of(editor.canonical)
    assert "Trap: Dexterity 8, else injury." in canon and "Falle" not in canon
    editor.set_lang("de")
    canon = text_of(editor.canonical)
    assert "Falle: Geschick 8, sonst Verletzung." in canon and "Trap" not in canon
    editor.set_lang("en")
    assert "ok" in text_of(editor.status)

    editor.select("dungeon", "r-gang-straight-04")
    assert editor.tile_box.layout.display is None and editor.text_box.layout.display == "none"
    assert editor.obstacle_type.value is ObstacleType.TUER and editor.obstacle_n.value == 6


# ---- editing card text with the live parse check -------------------------------------------


def test_valid_text_edit_is_ok_and_changes_the_draft(editor: DeckEditor, default: Deck) -> None:
    editor.select("room", TRAP)
    editor.text.value = "Falle: Geschick 10, sonst Verletzung und zurück."
    # taken, with the sanity check's warning (issue 37 item 5): not "ok" any more
    status = text_of(editor.status)
    assert "taken, with warnings" in status and "far harder than the other traps" in status
    card = editor.draft.rooms[TRAP]
    assert card.effects[0].target == 10
    assert "Trap: Dexterity 10, else injury and back." in text_of(editor.canonical)
    assert editor.deck == default  # new games only change on "apply"


def test_invalid_text_shows_located_error_and_keeps_the_deck(
    editor: DeckEditor, default: Deck
) -> None:
    editor.select("room", TRAP)
    preview = editor.preview.value
    assert editor.set_text(BAD_TRAP) is False
    status = text_of(editor.status)
    assert BAD_TRAP_ERROR in status
    assert "^" in status  # the caret under column 17
    assert editor.draft == default and editor.deck == default
    assert editor.preview.value == preview  # the last good card stays
    assert editor.text.value == BAD_TRAP  # the designer keeps typing where they were


@pytest.mark.parametrize(
    ("lang", "error", "other"),
    [("de", BAD_TRAP_ERROR_DE, BAD_TRAP_ERROR), ("en", BAD_TRAP_ERROR, BAD_TRAP_ERROR_DE)],
)
def test_text_error_in_the_editor_language(
    lang: str, error: str, other: str, default: Deck
) -> None:
    ed = DeckEditor(lang=lang)
    ed.select("room", TRAP)
    preview = ed.preview.value
    assert ed.set_text(BAD_TRAP) is False
    status = text_of(ed.status)
    assert error in status and other not in status
    assert ("Fehler:" if lang == "de" else "Error:") in status
    assert "^" in status  # the caret under column 17, in both languages
    assert ed.draft == default and ed.deck == default
    assert ed.preview.value == preview
    assert ed.apply_new.disabled and ed.apply_game.disabled


def test_text_error_follows_a_language_switch(default: Deck) -> None:
    ed = DeckEditor(lang="en")
    ed.select("room", TRAP)
    ed.set_lang("de")
    assert not ed.set_text("Falle: Geist 9, sonst")
    status = text_of(ed.status)
    assert (
        "Karte 'raum-falle-01', Zeile 1, Spalte 22: unerwartetes Ende des Textes — nach 'sonst' "
        "wird eines der folgenden erwartet: Verletzung, Verlust, zurück"
    ) in status
    assert "expected" not in status and "line" not in status
    assert ed.draft == default
    ed.set_lang("en")
    assert not ed.set_text("Falle: Geist 9, sonst")
    assert "card 'raum-falle-01', line 1, column 22: unexpected end of text" in text_of(ed.status)
    assert ed.draft == default


def test_empty_text_error_in_german(default: Deck) -> None:
    ed = DeckEditor(lang="de")
    ed.select("monster", "monster-goblin")
    assert not ed.set_text("")
    assert "Karte 'monster-goblin', Feld 'text': der Kartentext muss 1 bis" in text_of(ed.status)
    assert not ed.set_text("   ")
    assert (
        "Karte 'monster-goblin', Zeile 1, Spalte 1: der Kartentext ist leer — erwartet wird Kampf"
    ) in text_of(ed.status)
    assert ed.draft == default


def test_bad_edit_after_good_edit_keeps_the_last_good_card(editor: DeckEditor) -> None:
    editor.select("room", TRAP)
    assert editor.set_text("Falle: Geist 9, sonst zurück.")
    good = editor.draft
    assert not editor.set_text("Falle: Geist 9, sonst")
    assert "unexpected end of text" in text_of(editor.status)
    assert editor.draft == good
    assert "Trap: Mind 9, else back." in text_of(editor.canonical)


def test_monster_and_treasure_text(editor: DeckEditor) -> None:
    editor.select("monster", "monster-goblin")
    assert editor.set_text("Kampf: Geschick 5. Besitz: 2W6 Gold.")
    assert editor.draft.monsters["monster-goblin"].fight[0].value == 5
    assert not editor.set_text("Kampf: Drache 5.")
    assert "card 'monster-goblin', line 1" in text_of(editor.status)
    editor.select("treasure", "schatz-rubin")
    assert editor.set_text("Wert: 9 Gold.")
    assert editor.draft.treasures["schatz-rubin"].gold == 9


# ---- dungeon and character fields ----------------------------------------------------------


def test_dungeon_fields_via_widgets(editor: DeckEditor, default: Deck) -> None:
    editor.select("dungeon", "r-gang-straight-04")  # Tür 7 (red)
    editor.obstacle_n.value = 9
    assert editor.draft.dungeon["r-gang-straight-04"].obstacle == Obstacle(
        ObstacleType.TUER, Color.RED, 9
    )
    editor.obstacle_type.value = ObstacleType.LAVA
    assert editor.draft.dungeon["r-gang-straight-04"].obstacle.type is ObstacleType.LAVA
    editor.gold.value = 2
    assert editor.draft.dungeon["r-gang-straight-04"].gold == 2
    editor.obstacle_type.value = NO_OBSTACLE
    assert editor.draft.dungeon["r-gang-straight-04"].obstacle is None
    assert editor.obstacle_n.disabled


def test_bad_dungeon_field_shows_error_and_keeps_the_card(editor: DeckEditor) -> None:
    editor.select("dungeon", "r-gang-straight-03")  # a corridor with 2 gold
    before = editor.draft
    editor.tile_kind.value = TileKind.ROOM  # rooms carry no gold (R3.6)
    status = text_of(editor.status)
    assert "card 'r-gang-straight-03', field 'Gold'" in status
    assert "only corridors carry gold" in status
    assert editor.draft == before
    assert editor.edit_tile(kind=TileKind.CORRIDOR, gold=5)
    assert editor.draft.dungeon["r-gang-straight-03"].gold == 5


def test_character_values(editor: DeckEditor) -> None:
    editor.select("character", "char-zwerg")
    assert editor.count_box.layout.display == "none"
    editor.staerke.value = 6
    assert editor.draft.characters["char-zwerg"].staerke == 6
    assert "char-zwerg · Dwarf 6/2/3" in [label for label, _ in editor.card_list.options]


def test_names(editor: DeckEditor) -> None:
    editor.select("monster", "monster-drache")
    editor.name_en.value = "Wyrm"
    assert editor.draft.monsters["monster-drache"].name.en == "Wyrm"
    assert any("Wyrm" in label for label, _ in editor.card_list.options)


# ---- composition ---------------------------------------------------------------------------


def test_count_changes_and_totals(editor: DeckEditor, default: Deck) -> None:
    editor.select("room", TRAP)
    assert "24" in text_of(editor.totals)
    assert editor.set_count(3)
    assert editor.draft.room_counts[TRAP] == 3
    assert sum(editor.draft.room_counts.values()) == 26
    assert "Room cards 26" in " ".join(text_of(editor.totals).split())
    assert any(f"{TRAP} · Swinging blade ×3" == lbl for lbl, _ in editor.card_list.options)

    editor.select("dungeon", "r-gang-straight-01")
    n = default.dungeon_counts["r-gang-straight-01"]
    assert editor.set_count(n + 2)
    totals = " ".join(text_of(editor.totals).split())
    assert "red 42" in totals and "All 82" in totals


def test_count_zero_removes_and_undo_restores(editor: DeckEditor, default: Deck) -> None:
    editor.select("monster", "monster-drache")
    assert editor.set_count(0)
    assert "monster-drache" not in editor.draft.monsters
    assert ("monster", "monster-drache") not in editor.filtered()
    assert "removed" in text_of(editor.status)
    assert "removed: monster-drache (Dragon)" in editor.diff_lines()
    assert editor.undo()
    assert editor.draft == default


def test_invalid_count_refused(editor: DeckEditor, default: Deck) -> None:
    editor.select("dungeon", "start-alpha")
    assert not editor.set_count(2)
    assert "the start card's count must be 1" in text_of(editor.status)
    assert editor.draft == default


# ---- applying ------------------------------------------------------------------------------


def test_apply_to_new_games(default: Deck) -> None:
    calls = Calls()
    ed = DeckEditor(on_change=calls, lang="en")
    ed.select("room", TRAP)
    ed.set_text("Falle: Geschick 11, sonst Verletzung.")
    assert ed.deck == default and calls.n == 0
    assert "1 change(s) in the draft" in text_of(ed.pending)
    ed.apply_new.click()
    assert ed.deck == ed.draft != default
    assert ed.deck.rooms[TRAP].effects[0].target == 11
    assert calls.n == 1
    assert "New games use this draft" in text_of(ed.pending)
    # a new game set up from editor.deck plays the edited card
    g = Game.new(players=2, seed=0, deck=ed.deck)
    assert g.deck.rooms[TRAP].effects[0].target == 11


def test_apply_to_current_game_is_an_undoable_step(default: Deck) -> None:
    game = room_drawing_game()
    calls = Calls()
    ed = DeckEditor(get_game=lambda: game, on_change=calls, lang="en")
    ed.select("room", "raum-gold-01")  # "2+W3 Gold."
    assert ed.set_text("7 Gold.")
    steps = game.step_count
    ed.apply_game.click()
    assert calls.n == 1
    assert game.step_count == steps + 1 and isinstance(game.steps[-1], Edit)
    assert "step 4" in text_of(ed.action_status)
    assert ed.deck == default  # new games are not touched
    # the next draw of that card does what the new text says (rigged draw)
    events = game.apply(Card("raum-gold-01"))
    assert [e.en for e in events][:2] == [
        "R6.2: Room card Gold vein: 7 gold.",
        "R6.2: Player 1 takes 7 gold.",
    ]
    assert game.figures[0].coins == 7
    # undo: the edit is a step like any other
    game.undo(2)
    assert game.step_count == steps and game.deck == default
    events = game.apply(Card("raum-gold-01"))
    assert game.pending == "gold"  # 2+W3 again: a chance point


def test_apply_to_game_without_a_game_or_change() -> None:
    calls = Calls()
    ed = DeckEditor(on_change=calls, lang="en")
    assert not ed.apply_to_game()
    assert "No game is running" in text_of(ed.action_status)
    game = room_drawing_game()
    ed = DeckEditor(get_game=lambda: game, on_change=calls, lang="en")
    assert not ed.apply_to_game()
    assert "already plays this deck" in text_of(ed.action_status)
    assert calls.n == 0 and game.step_count == 3


def test_apply_to_finished_game_is_refused() -> None:
    game = Game.new(players=1, seed=3)
    game.apply(Draw())
    game.apply(Card("r-ausgang"))
    game.apply(game.legal_actions()[0])  # lay the exit and escape (R1.2): solo game over
    assert game.is_over
    ed = DeckEditor(get_game=lambda: game, lang="en")
    ed.select("room", TRAP)
    ed.set_text("Leer.")
    assert not ed.apply_to_game()
    assert "Not applied: R1.3" in text_of(ed.action_status)


# ---- files ---------------------------------------------------------------------------------


def _links(editor: DeckEditor) -> list[tuple[str, str]]:
    return re.findall(
        r'<a class="vl-file-link" download="([^"]+)" '
        r'href="data:text/plain;charset=utf-8;base64,([^"]+)"',
        editor.download.value,
    )


def test_download_loads_back_equal(editor: DeckEditor) -> None:
    editor.select("room", TRAP)
    editor.set_text("Falle: Stärke 9, sonst Verletzung.")
    editor.select("monster", "monster-drache")
    editor.set_count(2)
    editor.prepare_button.click()
    links = dict(_links(editor))
    assert set(links) == {"standard.toml", "standard-patch.toml"}
    whole = base64.b64decode(links["standard.toml"]).decode("utf-8")
    patch = base64.b64decode(links["standard-patch.toml"]).decode("utf-8")
    assert Deck.loads(whole) == editor.draft
    assert Deck.loads(patch) == editor.draft  # base = "default" plus the changes
    assert len(patch) < len(whole) / 10
    # links go stale when the draft changes
    editor.set_count(3)
    assert _links(editor) == [] and "prepare the download again" in text_of(editor.download)


def test_the_deck_name_field_renames_the_draft_and_names_the_download(
    editor: DeckEditor,
) -> None:
    assert editor.deck_name.value == "Standard"
    editor.prepare_button.click()
    editor.deck_name.value = "Höhlen-Tour 2"  # typed, then Enter (continuous_update off)
    assert editor.draft.name == "Höhlen-Tour 2"
    assert "named “Höhlen-Tour 2” now" in text_of(editor.files.name_status)
    assert "prepare the download again" in text_of(editor.download)  # the name changed
    assert "Höhlen-Tour 2" in " ".join(editor.diff_lines())
    editor.prepare_button.click()
    links = dict(_links(editor))
    assert set(links) == {"hoehlen-tour-2.toml", "hoehlen-tour-2-patch.toml"}
    assert Deck.loads(base64.b64decode(links["hoehlen-tour-2.toml"])).name == "Höhlen-Tour 2"
    # a name the deck refuses: its error, and nothing changes
    assert not editor.set_deck_name("")
    assert "a deck name is 1-80 characters" in text_of(editor.files.name_status)
    assert editor.draft.name == "Höhlen-Tour 2"
    # undo takes the name back, and the field shows it
    assert editor.set_deck_name("Dritter")
    editor.undo()
    assert editor.draft.name == "Höhlen-Tour 2" and editor.deck_name.value == "Höhlen-Tour 2"
    editor.undo()
    assert editor.draft.name == "Standard" and editor.deck_name.value == "Standard"
    # a file read names the deck too
    upload(editor, Deck.default().with_name("Werkstatt").dumps().encode("utf-8"), "w.toml")
    assert editor.deck_name.value == "Werkstatt"


def test_upload_valid_deck(editor: DeckEditor, default: Deck) -> None:
    other = default.with_count("room", TRAP, 4).with_name("Workshop")
    upload(editor, other.dumps().encode("utf-8"), "workshop.toml")
    assert editor.draft == other
    assert "Loaded workshop.toml" in text_of(editor.file_status)
    assert editor.upload.value == ()  # cleared, the same file can be chosen again
    assert editor.deck == default  # until applied


def test_upload_patch_file(editor: DeckEditor, default: Deck) -> None:
    other = default.with_card_text("room", TRAP, "Leer.")
    upload(editor, other.dumps_patch().encode("utf-8"), "patch.toml")
    assert editor.draft == other


def test_upload_malformed_deck_shows_located_error(editor: DeckEditor, default: Deck) -> None:
    editor.select("room", TRAP)
    editor.set_text("Leer.")
    good = editor.draft
    bad = good.dumps().replace('text = "Leer."', 'text = "Falle: Geist, sonst zurück."')
    upload(editor, bad.encode("utf-8"), "bad.toml")
    status = text_of(editor.file_status)
    line = next(i for i, t in enumerate(bad.splitlines(), 1) if "Falle: Geist," in t)
    assert f"bad.toml, line {line}" in status
    assert "card 'raum-falle-01', field 'text'" in status
    assert "expected a number after 'Geist'" in status
    assert editor.draft == good  # the last good deck stays

    upload(editor, b'format = 1\nname = "x"\n[[rooms]\n', "broken.toml")
    assert "broken.toml, line 3" in text_of(editor.file_status)
    assert "TOML syntax error" in text_of(editor.file_status)
    assert editor.draft == good

    upload(editor, b"\xff\xfe not utf-8", "binary.toml")
    assert "not a UTF-8 text file" in text_of(editor.file_status)
    assert editor.draft == good


def test_upload_malformed_deck_shows_german_error(default: Deck) -> None:
    ed = DeckEditor(lang="de")
    bad = default.dumps().replace(
        'text = "Falle: Geschick 8, sonst Verletzung."', 'text = "Falle: Geist, sonst zurück."'
    )
    assert bad != default.dumps()
    upload(ed, bad.encode("utf-8"), "bad.toml")
    status = text_of(ed.file_status).strip()
    line = next(i for i, t in enumerate(bad.splitlines(), 1) if "Falle: Geist," in t)
    assert status.startswith(f"Datei bad.toml nicht geladen: bad.toml, Zeile {line}, Spalte ")
    assert "Karte 'raum-falle-01', Feld 'text': Kartentext nicht lesbar (Spalte 13 im Text)" in (
        status
    )
    assert "nach 'Geist' wird eine Zahl erwartet, nicht ','" in status
    assert "expected" not in status
    assert ed.draft == default

    upload(ed, b'format = 1\nname = "x"\n[[rooms]\n', "broken.toml")
    assert "broken.toml, Zeile 3" in text_of(ed.file_status)  # the TOML message stays English
    assert ed.draft == default


def test_upload_of_10_mb_is_refused(editor: DeckEditor, monkeypatch: pytest.MonkeyPatch) -> None:
    def must_not_parse(*_a: object, **_k: object) -> None:
        raise AssertionError("a too large file must be refused before parsing")

    monkeypatch.setattr(Deck, "loads", must_not_parse)
    before = editor.draft
    data = b"#" * (10 * 1024 * 1024)
    upload(editor, data, "huge.toml")
    status = text_of(editor.file_status)
    assert "huge.toml refused" in status and str(10 * 1024 * 1024) in status
    assert str(MAX_UPLOAD_BYTES) in status
    assert editor.draft == before
    # the size the browser reports counts too
    upload(editor, b"format = 1\n", "liar.toml", size=10 * 1024 * 1024)
    assert "liar.toml refused" in text_of(editor.file_status)


def test_upload_patch_with_foreign_base_is_refused(editor: DeckEditor, tmp_path: Any) -> None:
    other = tmp_path / "other.toml"
    other.write_text(Deck.default().dumps(), encoding="utf-8")
    text = f'format = 1\nbase = "{other}"\n'
    before = editor.draft
    upload(editor, text.encode("utf-8"), "sneaky.toml")
    assert 'may only name base = "default"' in text_of(editor.file_status)
    assert editor.draft == before


# ---- reset, undo, diff ---------------------------------------------------------------------


def test_reset_to_default(default: Deck) -> None:
    ed = DeckEditor(default.with_count("room", TRAP, 5), lang="en")
    assert ed.diff_lines() == ["raum-falle-01 (Swinging blade): count 1 → 5"]
    ed.reset_button.click()
    assert ed.draft == default
    assert ed.diff_lines() == []
    assert "No differences from the default deck" in text_of(ed.diff_view)
    ed.apply_to_new_games()
    assert ed.deck == default


def test_diff_text(editor: DeckEditor) -> None:
    editor.select("room", TRAP)
    editor.set_text("Falle: Geschick 9, sonst Verletzung.")
    editor.set_count(2)
    editor.select("dungeon", "r-gang-straight-04")
    editor.obstacle_n.value = 8
    editor.select("character", "char-elfe")
    editor.geist.value = 4
    editor.select("monster", "monster-drache")
    editor.set_count(0)
    assert editor.diff_lines() == [
        "r-gang-straight-04 (Heavy door): Obstacle Door 6 (red) → Door 8 (red)",
        "raum-falle-01 (Swinging blade): “Falle: Geschick 8, sonst Verletzung.” → "
        "“Falle: Geschick 9, sonst Verletzung.”",
        "raum-falle-01 (Swinging blade): count 1 → 2",
        "removed: monster-drache (Dragon)",
        "char-elfe (Elf): Mind 3 → 4",
    ]
    shown = text_of(editor.diff_view)
    assert "count 1 → 2" in shown and "removed: monster-drache" in shown
    editor.set_lang("de")
    assert "entfernt: monster-drache (Drache)" in editor.diff_lines()


def test_describe_diff_names_and_added_cards(default: Deck) -> None:
    from dataclasses import replace

    new_card = replace(default.rooms[TRAP], id="raum-neu")
    other = default.with_card("room", new_card, 2).with_name("Mine")
    assert describe_diff(default, other) == [
        "name: “Standard” → “Mine”",
        "added: raum-neu (Swinging blade) ×2",
    ]


def test_undo_coalesces_typing(editor: DeckEditor, default: Deck) -> None:
    editor.select("room", TRAP)
    for text in ("Falle: Geschick 9, sonst Verletzung.", "Falle: Geschick 10, sonst Verletzung."):
        editor.set_text(text)
    editor.undo_button.click()
    assert editor.draft == default  # one undo takes back the whole typing run
    assert not editor.undo()
    assert "Nothing to undo" in text_of(editor.action_status)


# ---- variants panel ------------------------------------------------------------------------


def test_variants_panel() -> None:
    import ipywidgets as widgets

    calls = Calls()
    panel = VariantsPanel(on_change=calls)
    assert isinstance(panel.widget, widgets.Widget)
    assert panel.variants == Variants()
    names = [f.name for f in fields(Variants)]
    assert list(panel.checkboxes) == names
    panel.checkboxes["opened_stays_open"].value = True
    panel.checkboxes["long_walk"].value = True
    assert panel.variants == Variants(opened_stays_open=True, long_walk=True)
    assert calls.n == 2
    panel.set_lang("en")
    shown = " ".join(text_of(w) for w in panel._descriptions.values())
    for text in Variants.describe().values():
        assert text in shown
    panel.variants = Variants(limited_bank=True)
    assert panel.variants == Variants(limited_bank=True)
    game = Game.new(players=2, seed=0, variants=panel.variants)
    assert game.variants.limited_bank


def test_apply_buttons_wait_for_a_text_that_parses() -> None:
    ed = DeckEditor(lang="en")
    ed.select("room", "raum-gold-03")
    assert not ed.set_text("Falle: Geschick , sonst")
    assert ed.apply_new.disabled and ed.apply_game.disabled
    assert ed.set_text("7 Gold.")
    assert not ed.apply_new.disabled and not ed.apply_game.disabled

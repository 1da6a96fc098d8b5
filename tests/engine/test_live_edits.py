"""Live deck edits during a game (issue: cards for designers, part 4).

An edit is a step of the game: it applies to the cards not yet drawn, and undo, replay
and save/load stay exact. A rejected edit changes nothing.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from verlies import Card, CardTextError, Deck, Draw, Game, Place
from verlies.actions import describe
from verlies.errors import DeckError


def _lay_room_and_draw(game: Game, room_tile: str = "r-raum-t-01") -> None:
    """Seat 0 draws a room tile and lays it north of the start; a room card is next."""
    game.apply(Draw())
    game.apply(Card(room_tile))
    place = next(a for a in game.legal_actions() if isinstance(a, Place) and (a.x, a.y) == (0, -1))
    game.apply(place)
    assert game.pending == "room"


def _gold_of(game: Game, seat: int = 0) -> int:
    return game.figures[seat].coins


def test_edit_text_changes_what_the_next_drawn_card_does() -> None:
    base = Deck.default()
    before = Game.new(players=2, seed=3, deck=base)
    _lay_room_and_draw(before)
    before.apply(Card("raum-gold-03"))  # "5 Gold."
    assert _gold_of(before) == 5

    game = Game.new(players=2, seed=3, deck=base)
    game.edit_deck(base.with_card_text("room", "raum-gold-03", "7 Gold."))
    _lay_room_and_draw(game)
    events = game.apply(Card("raum-gold-03"))
    assert _gold_of(game) == 7
    assert any(e.rule == "R6.2" for e in events)
    assert base.rooms["raum-gold-03"].text == "5 Gold."  # the original deck is untouched


def test_edit_is_a_step_undo_restores_the_old_card() -> None:
    base = Deck.default()
    game = Game.new(players=2, seed=3, deck=base)
    game.edit_deck(base.with_card_text("room", "raum-gold-03", "7 Gold."))
    assert game.step_count == 1
    assert game.deck.rooms["raum-gold-03"].text == "7 Gold."
    game.undo()
    assert game.deck == base
    _lay_room_and_draw(game)
    game.apply(Card("raum-gold-03"))
    assert _gold_of(game) == 5


def test_count_edit_changes_the_undrawn_pile_and_chance_outcomes() -> None:
    base = Deck.default()
    game = Game.new(players=2, seed=1, deck=base)
    game.apply(Draw())
    outcomes = dict(game.chance_outcomes())
    total = len(base.dungeon_pile(2)) and sum(base.dungeon_pile(2).values())
    assert outcomes[Card("r-raum-t-01")] == Fraction(base.dungeon_pile(2)["r-raum-t-01"], total)
    game.edit_deck(base.with_count("dungeon", "r-raum-t-01", 10))
    outcomes = dict(game.chance_outcomes())
    new_total = total - base.dungeon_pile(2)["r-raum-t-01"] + 10
    assert outcomes[Card("r-raum-t-01")] == Fraction(10, new_total)
    assert sum(outcomes.values()) == 1


def test_count_edit_never_takes_back_drawn_cards() -> None:
    base = Deck.default()
    game = Game.new(players=2, seed=1, deck=base)
    _lay_room_and_draw(game)  # one r-raum-t-01 is now on the table
    left = game.state.dungeon.counts["r-raum-t-01"]
    game.edit_deck(game.deck.with_count("dungeon", "r-raum-t-01", 1))
    taken = base.dungeon_counts["r-raum-t-01"] - 1  # lowered to 1: the others go
    assert game.state.dungeon.counts["r-raum-t-01"] == max(0, left - taken)
    assert (0, -1) in game.board  # the laid card stays


def test_cards_on_the_table_keep_their_definition() -> None:
    base = Deck.default()
    game = Game.new(players=2, seed=1, deck=base)
    _lay_room_and_draw(game)
    laid = game.board[(0, -1)].card
    game.edit_deck(game.deck.without_card("dungeon", "r-raum-t-01"))
    assert game.board[(0, -1)].card == laid
    assert "r-raum-t-01" not in dict(game.state.dungeon.counts) or (
        game.state.dungeon.counts["r-raum-t-01"] == 0
    )


def test_edit_survives_save_load_and_replay() -> None:
    base = Deck.default()
    game = Game.new(players=2, seed=5, deck=base)
    game.edit_deck(base.with_card_text("room", "raum-gold-03", "7 Gold."))
    _lay_room_and_draw(game)
    game.apply(Card("raum-gold-03"))
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.to_json() == text
    assert _gold_of(loaded) == 7
    loaded.goto(1)
    assert loaded.deck.rooms["raum-gold-03"].text == "7 Gold."


def test_bad_edit_is_refused_and_changes_nothing() -> None:
    base = Deck.default()
    game = Game.new(players=2, seed=5, deck=base)
    game.apply(Draw())
    saved = game.to_json()
    with pytest.raises(CardTextError) as err:
        game.edit_deck(base.with_card_text("room", "raum-gold-03", "Falle: Geschick , sonst"))
    assert err.value.column is not None
    with pytest.raises(DeckError):
        game.edit_deck(base.with_count("room", "raum-gold-03", -1))
    assert game.to_json() == saved
    assert game.deck == base


def test_the_edits_log_line_is_in_the_language_it_is_read_in() -> None:
    """Issue 24: the German log said "Deck geändert: name 'Goblin4x7'; changed …"."""
    base = Deck.default()
    game = Game.new(players=2, seed=3, deck=base)
    (event,) = game.edit_deck(
        base.with_name("Goblin4x7").with_card_text("room", "raum-gold-03", "7 Gold.")
    )
    assert event.de == "edit: Deck geändert: Name 'Goblin4x7'; geändert raum-gold-03"
    assert event.en == "edit: Deck changed: name 'Goblin4x7'; changed raum-gold-03"
    # the step's own words (the history, the branches) too
    assert describe(game.steps[-1], "de") == (
        "Deck ändern (Name 'Goblin4x7'; geändert raum-gold-03)"
    )

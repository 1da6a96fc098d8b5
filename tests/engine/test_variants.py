"""Variants (house rules): every switch is off by default and changes behaviour when on."""

from __future__ import annotations

from dataclasses import fields

import pytest
from scenario_deck import (
    EW,
    GE,
    RED,
    ST,
    corridor,
    has_rule,
    lay,
    make_deck,
    new_game,
    obstacle,
    room,
    room_card,
    walk,
)

from verlies.actions import Attempt, Card, Draw, Recover, Roll, Walk
from verlies.cards.model import GainGold, Injury, ObstacleType, Shape, Trap
from verlies.dice import Dice
from verlies.game import Game
from verlies.variants import Variants

T = ObstacleType
SWITCHES = ("opened_stays_open", "limited_bank", "injuries_stack", "long_walk")


def deck():
    return make_deck(
        [
            (corridor("plain"), 6),
            corridor("door", obstacle=obstacle(T.TUER, RED, 7)),
            corridor("chasm", obstacle=obstacle(T.ABGRUND, RED, 7)),
            (room("room"), 4),
        ],
        rooms=[
            (room_card("r-40", GainGold(Dice.const(40))), 2),
            room_card("r-double-trap", Trap((ST,), 12, (Injury(),)), Trap((GE,), 12, (Injury(),))),
        ],
    )


def test_variants_all_off_by_default() -> None:
    v = Variants()
    assert {f.name for f in fields(Variants)} == set(SWITCHES)
    assert all(getattr(v, name) is False for name in SWITCHES)
    game = new_game(deck())
    assert game.variants == Variants()
    assert set(Variants.describe()) == set(SWITCHES)


@pytest.mark.parametrize("name", SWITCHES)
def test_variants_round_trip_and_saved(name: str) -> None:
    v = Variants(**{name: True})
    assert Variants.from_dict(v.to_dict()) == v
    game = new_game(deck(), variants=v)
    assert Game.from_json(game.to_json()).variants == v


def test_variants_unknown_or_non_bool_refused() -> None:
    with pytest.raises(ValueError):
        Variants.from_dict({"no_such_rule": True})
    with pytest.raises(ValueError):
        Variants.from_dict({"long_walk": 1})


# ---- opened_stays_open (R4.4) --------------------------------------------------------------


def door_passed_then_back(variants: Variants) -> Game:
    game = new_game(deck(), variants=variants)
    lay(game, "door", 1, 0, EW)
    game.apply(Attempt())
    game.apply(Roll(6))
    walk(game, (0, 0))
    walk(game, (1, 0))
    return game


def test_opened_stays_open_off_door_tested_again() -> None:
    game = door_passed_then_back(Variants())
    assert game.pending == "obstacle"
    assert not game.board[(1, 0)].opened


def test_opened_stays_open_on_door_stays_open() -> None:
    game = door_passed_then_back(Variants(opened_stays_open=True))
    assert game.pending == "turn" and game.figures[0].pos == (1, 0)
    assert game.board[(1, 0)].opened
    assert has_rule(game.log, "R4.4", "stays_open")


def test_opened_stays_open_only_for_class_b() -> None:
    game = new_game(deck(), variants=Variants(opened_stays_open=True))
    lay(game, "chasm", 1, 0, EW)
    game.apply(Attempt())
    game.apply(Roll(6))
    walk(game, (0, 0))
    walk(game, (1, 0))
    assert game.pending == "obstacle"  # a chasm is class A: tested again


def test_opened_stays_open_not_when_failed() -> None:
    game = new_game(deck(), players=2, variants=Variants(opened_stays_open=True))
    lay(game, "door", 1, 0, EW)
    game.apply(Attempt())
    game.apply(Roll(1))
    walk(game, (1, 0))  # seat 1
    assert game.pending == "obstacle"


# ---- limited_bank (R10) ----------------------------------------------------------------------


def two_big_rooms(variants: Variants) -> Game:
    game = new_game(deck(), variants=variants)
    lay(game, "room", 1, 0)
    game.apply(Card("r-40"))
    lay(game, "room", 2, 0)
    game.apply(Card("r-40"))
    return game


def test_limited_bank_off_unlimited_gold() -> None:
    game = two_big_rooms(Variants())
    assert game.figures[0].coins == 80
    assert game.state.bank < 0  # no bank kept


def test_limited_bank_on_48_coins() -> None:
    game = two_big_rooms(Variants(limited_bank=True))
    assert game.figures[0].coins == 48
    assert game.state.bank == 0
    assert has_rule(game.log, "R10", "bank_short")


# ---- injuries_stack (R8.3 house rule) --------------------------------------------------------


def double_trap(variants: Variants) -> Game:
    game = new_game(deck(), variants=variants)
    lay(game, "room", 1, 0)
    game.apply(Card("r-double-trap"))
    game.apply(Roll(1))
    game.apply(Roll(1))
    assert game.legal_actions() == (Recover(),)
    game.apply(Recover())
    return game


def test_injuries_stack_off_one_lost_turn() -> None:
    game = double_trap(Variants())
    assert Draw() in game.legal_actions()


def test_injuries_stack_on_two_lost_turns() -> None:
    game = double_trap(Variants(injuries_stack=True))
    assert game.legal_actions() == (Recover(),)
    game.apply(Recover())
    assert Draw() in game.legal_actions()


# ---- long_walk (R3.5 house rule) -------------------------------------------------------------


def line_of_four(variants: Variants) -> Game:
    game = new_game(
        make_deck([(corridor("plain"), 4), corridor("x", Shape.CROSS)]), variants=variants
    )
    for x in (1, 2, 3):
        lay(game, "plain", x, 0, EW)
    return game


def test_long_walk_off_two_cards() -> None:
    game = line_of_four(Variants())
    walks = {a for a in game.legal_actions() if isinstance(a, Walk)}
    assert walks == {Walk(((2, 0),)), Walk(((2, 0), (1, 0)))}


def test_long_walk_on_three_cards() -> None:
    game = line_of_four(Variants(long_walk=True))
    walks = {a for a in game.legal_actions() if isinstance(a, Walk)}
    assert walks == {Walk(((2, 0),)), Walk(((2, 0), (1, 0))), Walk(((2, 0), (1, 0), (0, 0)))}
    game.apply(Walk(((2, 0), (1, 0), (0, 0))))
    assert game.figures[0].pos == (0, 0)

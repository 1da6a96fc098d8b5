"""R4 Corridors and R5 Obstacles (rule cards 4 and 5).

The figure of seat 0 is "char-a": Stärke 1, Geist 3, Geschick 5 (all different, so the
log and the outcome show which value a roll used).
"""

from __future__ import annotations

import pytest
from scenario_deck import (
    BLUE,
    EW,
    GREEN,
    RED,
    corridor,
    has_rule,
    lay,
    make_deck,
    new_game,
    obstacle,
    room,
    room_card,
    treasure,
    walk,
)

from verlies.actions import Attempt, Card, Decline, LoseGold, Recover, Roll, Walk
from verlies.cards.model import DrawTreasure, GainGold, ObstacleType, Shape
from verlies.dice import Dice
from verlies.errors import IllegalAction

T = ObstacleType
CLASS_A = [T.ABGRUND, T.SAEURESEE, T.LAVA]
CLASS_B = [T.MAGIE_SPERRE, T.EINSTURZ, T.TUER]
CLASS_C = [T.HOLZBRUECKE]


def deck_with(*cards, **kw):
    return make_deck(
        [
            *cards,
            (corridor("plain"), 4),
            (corridor("cross", Shape.CROSS), 2),
            corridor("purse", gold=5),
        ],
        **kw,
    )


def hazard(kind: ObstacleType, n: int = 7, color=RED, gold: int = 0, cid: str = "hazard"):
    return corridor(cid, obstacle=obstacle(kind, color, n), gold=gold)


# ---- R4.1 --------------------------------------------------------------------------------


def test_r4_1_gold_only_for_the_first_figure_entering() -> None:
    game = new_game(deck_with(corridor("gold3", gold=3)), players=2)
    events = lay(game, "gold3", 1, 0, EW)
    assert game.figures[0].coins == 3
    assert any(e.rule == "R4.1" and e.key == "gold" and e.data["n"] == 3 for e in events)
    assert game.board[(1, 0)].gold == 0
    events = walk(game, (1, 0))
    assert game.figures[1].pos == (1, 0)
    assert game.figures[1].coins == 0
    assert not has_rule(events, "R4.1")


def test_r4_1_gold_waits_for_the_first_figure_that_enters() -> None:
    # [decision] the gold lies there until the first figure enters (here: not the layer).
    card = corridor("door-gold", obstacle=obstacle(T.TUER, RED, 7), gold=2)
    game = new_game(deck_with(card), players=2)
    lay(game, "door-gold", 1, 0, EW)
    game.apply(Decline())
    assert game.figures[0].pos == (0, 0) and game.figures[0].coins == 0
    assert game.board[(1, 0)].gold == 2
    walk(game, (1, 0))  # seat 1 ("char-b", Stärke 5)
    game.apply(Attempt())
    events = game.apply(Roll(2))
    assert game.figures[1].pos == (1, 0)
    assert game.figures[1].coins == 2
    assert has_rule(events, "R4.1", "gold")
    assert game.board[(1, 0)].gold == 0


# ---- R4.2 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "colour,attr_name,value",
    [(RED, "Stärke", 1), (BLUE, "Geist", 3), (GREEN, "Geschick", 5)],
)
@pytest.mark.parametrize("die,passes", [(6, True), (5, False)])
def test_r4_2_value_by_colour_exactly_n_passes_n_minus_1_fails(
    colour, attr_name, value, die, passes
) -> None:
    n = value + 6  # die 6 reaches exactly N; die 5 reaches N - 1
    game = new_game(deck_with(hazard(T.TUER, n, colour)), players=1)
    lay(game, "hazard", 1, 0, EW)
    assert game.pending == "obstacle"
    game.apply(Attempt())
    assert game.pending == "oroll"
    events = game.apply(Roll(die))
    test = next(e for e in events if e.rule == "R4.2" and e.key == "test")
    assert test.data["attr"] == attr_name
    assert test.data["value"] == value
    assert test.data["total"] == value + die
    assert test.data["target"] == n
    assert game.figures[0].pos == ((1, 0) if passes else (0, 0))
    assert has_rule(events, "R5.2") is (not passes)


def test_r4_2_pass_chance_is_exact() -> None:
    from fractions import Fraction

    game = new_game(deck_with(hazard(T.TUER, 7, BLUE)), players=1)
    o = obstacle(T.TUER, BLUE, 7)
    assert game.pass_chance(o) == Fraction(3, 6)  # Geist 3: needs 4, 5 or 6
    assert game.pass_chance(obstacle(T.TUER, GREEN, 7)) == Fraction(5, 6)
    assert game.pass_chance(obstacle(T.TUER, RED, 7)) == Fraction(1, 6)
    assert game.pass_chance(obstacle(T.TUER, RED, 20)) == 0
    assert game.pass_chance(obstacle(T.TUER, RED, 2)) == 1


# ---- R4.3 --------------------------------------------------------------------------------


def test_r4_3_player_may_decline() -> None:
    game = new_game(deck_with(hazard(T.LAVA, gold=2)), players=2)
    lay(game, "hazard", 1, 0, EW)
    assert set(game.legal_actions()) == {Attempt(), Decline()}
    events = game.apply(Decline())
    assert has_rule(events, "R4.3", "declined")
    assert has_rule(events, "R5.4", "not_entered")
    fig = game.figures[0]
    assert fig.pos == (0, 0) and not fig.injured and fig.coins == 0  # no roll, no harm
    assert not has_rule(events, "R4.2")
    assert game.current_player == 1


# ---- R4.4 --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [T.TUER, T.ABGRUND, T.HOLZBRUECKE])
def test_r4_4_obstacles_stay_tested_again_on_every_entry(kind) -> None:
    game = new_game(deck_with(hazard(kind)), players=2)
    lay(game, "hazard", 1, 0, EW)
    game.apply(Attempt())
    game.apply(Roll(6))  # passed
    assert game.figures[0].pos == (1, 0)
    # seat 1 enters the same card: tested again
    walk(game, (1, 0))
    assert game.pending == "obstacle"
    game.apply(Attempt())
    game.apply(Roll(6))
    # seat 0 leaves and comes back: tested again
    walk(game, (0, 0))
    walk(game, (0, 0))
    walk(game, (1, 0))
    assert game.pending == "obstacle"
    game.apply(Attempt())
    game.apply(Roll(6))
    tests = [e for e in game.log if e.rule == "R4.2" and e.key == "test"]
    assert len(tests) == 3
    assert game.board[(1, 0)].card.obstacle is not None


@pytest.mark.parametrize("kind", [T.ABGRUND, T.TUER, T.HOLZBRUECKE])
def test_r5_6_an_obstacle_is_tested_on_entering_its_card_only(kind) -> None:
    """R5.6 [decision]: the obstacle guards the card it is printed on; leaving the card,
    or walking on through it after entering, needs no test."""
    game = new_game(deck_with(hazard(kind)), players=1)
    lay(game, "hazard", 1, 0, EW)
    game.apply(Attempt())
    game.apply(Roll(6))  # passed: the figure stands on the obstacle's card
    assert game.figures[0].pos == (1, 0)
    events = walk(game, (0, 0))  # leaving it
    assert game.figures[0].pos == (0, 0) and game.pending == "turn"
    assert not any(e.rule == "R4.2" and e.key == "test" for e in events)


# ---- R5.1 --------------------------------------------------------------------------------


def gold_then_hazard(kind: ObstacleType, players: int = 1, gold: int = 1):
    """Seat 0 first takes 5 gold ("purse" at (1, 0)), then lays the hazard at (2, 0)."""
    assert players in (1, 2)
    game = new_game(deck_with(hazard(kind, gold=gold)), players=players)
    lay(game, "purse", 1, 0, EW)
    if players == 2:
        lay(game, "plain", -1, 0, EW)  # seat 1
    assert game.figures[0].coins == 5
    lay(game, "hazard", 2, 0, EW)
    game.apply(Attempt())
    return game


@pytest.mark.parametrize("kind", CLASS_A)
def test_r5_1_class_a_injured_loses_3_gold_still_enters(kind) -> None:
    game = gold_then_hazard(kind)
    events = game.apply(Roll(1))  # 1 + 1 < 7
    fig = game.figures[0]
    assert has_rule(events, "R5.1", "obstacle_a")
    assert has_rule(events, "R8.1", "injured")
    assert any(e.rule == "R9.4" and e.key == "lose_gold" and e.data["n"] == 3 for e in events)
    assert fig.injured
    assert fig.pos == (2, 0)  # it still gets past and enters the card
    assert fig.coins == 5 - 3 + 1  # lost 3, then took the card's gold
    assert game.legal_actions() == (Recover(),)


@pytest.mark.parametrize("kind", CLASS_A)
def test_r5_1_class_a_passed_no_harm(kind) -> None:
    game = gold_then_hazard(kind)
    events = game.apply(Roll(6))
    fig = game.figures[0]
    assert fig.pos == (2, 0) and not fig.injured and fig.coins == 6
    assert not has_rule(events, "R5.1")


# ---- R5.2 --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", CLASS_B)
def test_r5_2_class_b_not_passed_figure_stays(kind) -> None:
    game = gold_then_hazard(kind, players=2)
    events = game.apply(Roll(1))
    fig = game.figures[0]
    assert has_rule(events, "R5.2", "obstacle_b")
    assert fig.pos == (1, 0)  # where it was
    assert not fig.injured and fig.coins == 5
    assert game.board[(2, 0)].gold == 1  # not entered: the gold is still there
    # It may try again on a later turn.
    walk(game, (0, 0))  # seat 1
    assert Walk(((2, 0),)) in game.legal_actions()
    walk(game, (2, 0))
    game.apply(Attempt())
    events = game.apply(Roll(6))
    assert fig.pos == (2, 0) and fig.coins == 6
    assert not has_rule(events, "R5.2")


# ---- R5.3 --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", CLASS_C)
def test_r5_3_class_c_injured_but_passed(kind) -> None:
    game = gold_then_hazard(kind)
    events = game.apply(Roll(1))
    fig = game.figures[0]
    assert has_rule(events, "R5.3", "obstacle_c")
    assert has_rule(events, "R8.1", "injured")
    assert fig.injured and fig.pos == (2, 0)
    assert fig.coins == 5 + 1  # no loss, and it took the card's gold
    assert not has_rule(events, "R9.4")


# ---- R5.4 --------------------------------------------------------------------------------


def corridor_of_three(kind: ObstacleType = T.TUER):
    """(1, 0) cross, (2, 0) hazard, (3, 0) plain; the figure back at (0, 0) at the end."""
    game = new_game(deck_with(hazard(kind)), players=1)
    lay(game, "cross", 1, 0)
    lay(game, "hazard", 2, 0, EW)
    game.apply(Attempt())
    game.apply(Roll(6))
    lay(game, "plain", 3, 0, EW)
    walk(game, (2, 0), (1, 0))
    game.apply(Attempt())
    game.apply(Roll(6))
    walk(game, (0, 0))
    assert game.figures[0].pos == (0, 0)
    return game


def test_r5_4_walk_ends_at_a_failed_obstacle_on_the_second_step() -> None:
    game = corridor_of_three()
    walk(game, (1, 0), (2, 0))
    game.apply(Attempt())
    events = game.apply(Roll(1))
    assert game.figures[0].pos == (1, 0)
    assert has_rule(events, "R5.4", "not_entered")
    assert game.pending == "turn"  # the turn is over
    # It may turn back another way on a later turn.
    assert Walk(((0, 0),)) in game.legal_actions()
    walk(game, (0, 0))
    assert game.figures[0].pos == (0, 0)


def test_r5_4_walk_ends_at_a_failed_obstacle_on_the_first_step() -> None:
    game = new_game(deck_with(hazard(T.EINSTURZ)), players=1)
    lay(game, "hazard", 1, 0, EW)
    game.apply(Attempt())
    game.apply(Roll(6))
    lay(game, "plain", 2, 0, EW)
    walk(game, (1, 0), (0, 0))
    game.apply(Attempt())
    events = game.apply(Roll(1))  # fails at the first step: never reaches (0, 0)
    assert game.figures[0].pos == (2, 0)
    assert has_rule(events, "R5.4", "not_entered")
    assert not any(e.key == "enter" for e in events)


def test_r5_4_declining_ends_the_walk() -> None:
    game = corridor_of_three(T.ABGRUND)
    walk(game, (1, 0), (2, 0))
    events = game.apply(Decline())
    assert game.figures[0].pos == (1, 0)
    assert has_rule(events, "R4.3") and has_rule(events, "R5.4")
    assert not game.figures[0].injured


# ---- R5.5 --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [T.HOLZBRUECKE, T.LAVA])
def test_r5_5_injury_ends_the_movement_after_the_step(kind) -> None:
    game = new_game(deck_with(hazard(kind)), players=1)
    lay(game, "hazard", 1, 0, EW)
    game.apply(Attempt())
    game.apply(Roll(6))
    lay(game, "plain", 2, 0, EW)
    walk(game, (1, 0), (0, 0))
    game.apply(Attempt())
    game.apply(Roll(6))
    assert game.figures[0].pos == (0, 0)
    # now the two-card walk through the hazard, failing on the first step
    walk(game, (1, 0), (2, 0))
    game.apply(Attempt())
    events = game.apply(Roll(1))
    fig = game.figures[0]
    assert fig.injured
    assert fig.pos == (1, 0)  # lies down after the injuring step; never reaches (2, 0)
    assert has_rule(events, "R5.5", "movement_ends")
    assert game.pending == "turn" and game.legal_actions() == (Recover(),)


def test_r5_5_loss_choice_then_movement_ends() -> None:
    # With a treasure, the class-A loss is a choice (R9.4), and the walk still ends.
    deck = make_deck(
        [hazard(T.SAEURESEE), room("room"), (corridor("plain"), 2)],
        rooms=[room_card("r-treasure", GainGold(Dice.const(4)), DrawTreasure(1))],
        treasures=[treasure("t-ring", 3)],
    )
    game = new_game(deck, players=1)
    lay(game, "room", 1, 0)
    game.apply(Card("r-treasure"))
    game.apply(Card("t-ring"))
    lay(game, "hazard", 2, 0, EW)
    game.apply(Attempt())
    game.apply(Roll(6))
    lay(game, "plain", 3, 0, EW)
    walk(game, (2, 0), (1, 0))
    game.apply(Attempt())
    game.apply(Roll(1))
    assert game.pending == "lose"
    events = game.apply(LoseGold())
    fig = game.figures[0]
    assert fig.pos == (2, 0) and fig.injured and fig.coins == 1
    assert has_rule(game.log, "R5.5", "movement_ends")
    assert not has_rule(events, "R3.5", "enter") or all(
        (e.data["x"], e.data["y"]) == (2, 0) for e in events if e.key == "enter"
    )


def test_r5_3_bridge_injury_means_no_walk_next_turn() -> None:
    game = gold_then_hazard(T.HOLZBRUECKE)
    game.apply(Roll(1))
    with pytest.raises(IllegalAction) as exc:
        game.apply(Walk(((1, 0),)))
    assert exc.value.rule == "R8.2"

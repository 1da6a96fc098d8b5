"""Game.odds answers only for legal actions, and counts only a bonus that applies (R9.5).

Seat 0 is "char-a" (Stärke 1, Geist 3, Geschick 5). The treasure "t-strong" adds +2 to
Stärke rolls only; "t-any" adds +1 to any roll.
"""

from __future__ import annotations

from fractions import Fraction

from scenario_deck import (
    BLUE,
    EW,
    GE,
    RED,
    ST,
    corridor,
    lay,
    make_deck,
    monster,
    new_game,
    obstacle,
    room,
    room_card,
    treasure,
)

from verlies import Attempt, Card, Choose, Decline, Draw, Game, Roll, Walk
from verlies.cards.model import DrawTreasure, Injury, MonsterEncounter, ObstacleType, RollBonus
from verlies.cards.model import Trap as TrapEffect
from verlies.dice import beat_probability, pass_probability

T = ObstacleType


def _deck() -> object:
    return make_deck(
        [
            (room("room"), 6),
            (corridor("plain"), 3),
            (corridor("geist-door", obstacle=obstacle(T.TUER, BLUE, 9)), 2),
            (corridor("red-door", obstacle=obstacle(T.TUER, RED, 7)), 2),
        ],
        rooms=[
            (room_card("r-treasure", DrawTreasure(1)), 2),
            room_card("r-trap", TrapEffect((GE, ST), 8, (Injury(),))),
            room_card("r-monster", MonsterEncounter()),
        ],
        monsters=[monster("m-ghost", (GE, 4), (ST, 6))],
        treasures=[
            treasure("t-strong", 1, RollBonus(2, (ST,))),
            treasure("t-any", 1, RollBonus(1)),
        ],
    )


def _holding(*treasures: str) -> Game:
    """Seat 0 of a one-player game, standing in a room at (1, 0), holding ``treasures``."""
    game = new_game(_deck(), players=1)
    x = 1
    for tid in treasures:
        lay(game, "room", x, 0)
        game.apply(Card("r-treasure"))
        game.apply(Card(tid))
        x += 1
    return game


def test_the_issue_example_a_strength_bonus_on_a_geist_obstacle_has_no_odds() -> None:
    game = _holding("t-strong")
    lay(game, "geist-door", 2, 0, EW)
    assert game.pending == "obstacle"
    # The +2 Stärke treasure does not apply to a Geist test: it is not offered (R9.5) ...
    assert set(game.legal_actions()) == {Attempt(), Decline()}
    # ... so it has no odds, and the plain attempt's odds count no bonus.
    assert game.odds(Attempt("t-strong")) is None
    assert game.odds(Attempt()) == pass_probability(3, 9) == Fraction(1, 6)
    assert game.odds(Decline()) is None  # legal, but no test


def test_a_bonus_that_applies_is_counted() -> None:
    game = _holding("t-any")
    lay(game, "geist-door", 2, 0, EW)
    assert Attempt("t-any") in game.legal_actions()
    assert game.odds(Attempt("t-any")) == pass_probability(3, 9, 1) == Fraction(2, 6)
    assert game.odds(Attempt()) == Fraction(1, 6)


def test_a_treasure_not_held_has_no_odds() -> None:
    game = _holding()
    lay(game, "red-door", 1, 0, EW)
    assert game.odds(Attempt()) == pass_probability(1, 7)
    assert game.odds(Attempt("t-any")) is None  # not in hand
    assert game.odds(Attempt("no-such-card")) is None


def test_a_spent_bonus_has_no_odds() -> None:
    game = _holding("t-any")
    lay(game, "red-door", 2, 0, EW)
    game.apply(Attempt("t-any"))  # used up on this roll
    game.apply(Roll(6))
    lay(game, "plain", 3, 0, EW)  # the next turn: a walk back and forth would not test it
    game.apply(Walk(((2, 0),)))
    assert game.pending == "obstacle"
    assert Attempt("t-any") not in game.legal_actions()
    assert game.odds(Attempt("t-any")) is None
    assert game.odds(Attempt()) == pass_probability(1, 7)


def test_actions_of_another_decision_have_no_odds() -> None:
    game = _holding("t-any")
    assert game.pending == "turn"
    assert game.odds(Attempt()) is None  # no obstacle waits
    assert game.odds(Choose(GE)) is None  # no fight or trap waits
    lay(game, "red-door", 2, 0, EW)
    assert game.pending == "obstacle"
    assert game.odds(Walk(((1, 0),))) is None  # a walk is a turn's action
    assert game.odds(Draw()) is None
    game.apply(Attempt())
    assert game.is_chance and game.odds(Attempt()) is None  # a chance point: no decision


def test_fight_and_trap_odds_only_for_offered_choices() -> None:
    game = _holding("t-strong")
    lay(game, "room", 2, 0)
    game.apply(Card("r-monster"))
    game.apply(Card("m-ghost"))
    assert game.pending == "fight"
    legal = set(game.legal_actions())
    assert legal == {Choose(GE), Choose(ST), Choose(ST, "t-strong")}
    assert game.odds(Choose(ST, "t-strong")) == beat_probability(1, 6, 2)
    assert game.odds(Choose(GE)) == beat_probability(3, 4)
    assert game.odds(Choose(GE, "t-strong")) is None  # Stärke bonus, Geist fight
    assert game.odds(Attempt()) is None


def test_trap_odds_count_no_bonus_for_another_value() -> None:
    game = _holding("t-strong")
    lay(game, "room", 2, 0)
    game.apply(Card("r-trap"))
    assert game.pending == "trap"
    assert game.odds(Choose(GE)) == pass_probability(3, 8)
    assert game.odds(Choose(ST, "t-strong")) == pass_probability(1, 8, 2)
    assert game.odds(Choose(GE, "t-strong")) is None


def test_no_odds_once_the_game_is_over() -> None:
    game = Game.new(players=1, seed=3, round_limit=1)
    while not game.is_over:
        if game.is_chance:
            game.roll()
        else:
            game.apply(game.legal_actions()[-1])
    assert game.odds(Attempt()) is None and game.odds(Walk(((0, 0),))) is None

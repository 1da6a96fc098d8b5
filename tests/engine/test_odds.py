"""Exact odds with decisions (Game.odds) and what a pending step is about (pending_context).

Each figure is checked against the rules themselves: the engine plays every die face and
the share of faces that succeed must equal the odds it announced.
"""

from __future__ import annotations

from fractions import Fraction

from verlies import Attempt, Card, Choose, Deck, Draw, Game, Place, Roll, Walk

# The scenarios below use cards of the first edition of the standard deck (a Tür red 7).
OLD = Deck.edition("standard-1")


def _copy_at(game: Game) -> Game:
    return Game.from_json(game.to_json())


def _lay(game: Game, card: str) -> Place:
    game.apply(Draw())
    game.apply(Card(card))
    place = next(a for a in game.legal_actions() if isinstance(a, Place) and (a.x, a.y) == (0, -1))
    game.apply(place)
    return place


def test_r4_2_attempt_odds_match_the_share_of_die_faces_that_pass() -> None:
    game = Game.new(players=2, seed=1, deck=OLD)  # seat 0: Zwerg, Stärke 5
    _lay(game, "r-gang-straight-04")  # Tür red 7
    assert game.pending == "obstacle"
    ctx = game.pending_context()
    assert ctx.obstacle is not None and ctx.obstacle.n == 7 and ctx.value == 5
    odds = game.odds(Attempt())
    passed = 0
    for face in range(1, 7):
        g = _copy_at(game)
        g.apply(Attempt())
        assert g.pending_context().chance == odds  # the roll shows the same chance
        events = g.apply(Roll(face))
        test = next(e for e in events if e.rule == "R4.2")
        passed += test.data["passed"]
    assert odds == Fraction(passed, 6) == Fraction(5, 6)


def test_r7_2_fight_odds_match_enumeration_of_both_dice() -> None:
    game = Game.new(players=2, seed=1)
    _lay(game, "r-raum-t-01")
    game.apply(Card("raum-monster-01"))  # Monsterbegegnung!
    game.apply(Card("monster-ratte"))  # Stärke 3 oder Geschick 3: a choice
    assert game.pending == "fight"
    assert game.pending_context().monster is not None
    for choose in [a for a in game.legal_actions() if isinstance(a, Choose)]:
        odds = game.odds(choose)
        wins = 0
        for mine in range(1, 7):
            g = _copy_at(game)
            g.apply(choose)
            g.apply(Roll(mine))
            ctx = g.pending_context()
            assert ctx.kind == "mroll" and ctx.roll == mine
            for theirs in range(1, 7):
                h = _copy_at(g)
                events = h.apply(Roll(theirs))
                won = any(e.key == "fight_won" for e in events)
                wins += won
            # after my roll, the chance shown is the share of monster faces I beat
            beaten = sum(
                any(e.key == "fight_won" for e in _copy_at(g).apply(Roll(t))) for t in range(1, 7)
            )
            assert ctx.chance == Fraction(beaten, 6)
        assert odds == Fraction(wins, 36)


def test_walk_odds_are_the_product_over_obstacles_on_the_path() -> None:
    game = Game.new(players=2, seed=1, deck=OLD)
    _lay(game, "r-gang-straight-04")  # Tür 7 north of the start
    game.apply(Attempt())
    game.apply(Roll(6))  # seat 0 passes and stands at (0, -1)
    # seat 1 (Magierin, Stärke 1) could walk onto the door card: 1 + W6 >= 7 only on a 6
    walk = next(a for a in game.legal_actions() if isinstance(a, Walk) and a.to == (0, -1))
    assert game.odds(walk) == Fraction(1, 6)
    assert game.odds(Draw()) is None

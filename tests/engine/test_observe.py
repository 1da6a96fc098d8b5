"""The game's observer (verlies.observe) and the one "does this total pass" (dice.passes).

An observer hears what the event log says, as values: checked here against the log of
the same games, event by event. It hears new steps only (undo, redo, goto and clones are
silent), and every change of a figure's gold.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from verlies.cards.model import Attr, MonsterCard, Obstacle, Trap
from verlies.dice import (
    W6_FACES,
    beat_probability,
    monster_roll_probability,
    pass_probability,
    passes,
)
from verlies.game import Game
from verlies.observe import Counters, Watcher
from verlies.sim.bots import make_bot


class Recorder(Watcher):
    """Every call, in order, as a tuple."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def test(
        self,
        seat: int,
        subject: Obstacle | Trap,
        value: int,
        bonus: int,
        roll: int,
        target: int,
        passed: bool,
    ) -> None:
        kind = "obstacle" if isinstance(subject, Obstacle) else "trap"
        self.calls.append(("test", seat, kind, value, bonus, roll, target, passed))

    def fight(
        self,
        seat: int,
        monster: MonsterCard,
        attr: Attr,
        value: int,
        bonus: int,
        roll: int,
        monster_value: int,
        monster_roll: int,
        won: bool,
    ) -> None:
        self.calls.append(
            ("fight", seat, attr, value, bonus, roll, monster_value, monster_roll, won)
        )

    def injured(self, seat: int, rule: str) -> None:
        self.calls.append(("injured", seat))

    def drew(self, seat: int, pile: str, card: str) -> None:
        self.calls.append(("drew", seat, pile, card))


def _play(game: Game, bot: str = "careful", seed: int = 0) -> None:
    bots = [make_bot(bot, seed + seat) for seat in range(game.players)]
    views = [game.view(s) for s in range(game.players)]
    while not game.is_over:
        if game.is_chance:
            game.roll()
        else:
            game.apply(bots[game.current_player](views[game.current_player]))


def _from_log(game: Game) -> list[tuple[Any, ...]]:
    """What the observer should have heard, read from the event log's sentences' data."""
    piles = {"R3.1": "dungeon", "R6.2": "room", "R6.3": "monster", "R9.3": "treasure"}
    out: list[tuple[Any, ...]] = []
    for e in game.log:
        d = e.data
        if e.key == "test":
            kind = "trap" if d["obstacle"] is None else "obstacle"
            out.append(
                ("test", e.seat, kind, d["value"], d["bonus"], d["roll"], d["target"], d["passed"])
            )
            # what the log says passed is what the total says
            assert d["passed"] == passes(d["total"], d["target"])
        elif e.key == "fight":
            won = passes(d["total"], d["mtotal"])
            fight = (d["attr"], d["value"], d["bonus"], d["roll"], d["mvalue"], d["mroll"])
            out.append(("fight", e.seat, *fight, won))
        elif e.key == "injured":
            out.append(("injured", e.seat))
        elif e.key in ("draw", "room_card", "monster", "treasure"):
            out.append(("drew", e.seat, piles[e.rule], None))
    return out


@pytest.mark.parametrize(("players", "seed", "variants"), [(4, 1, ()), (3, 8, ("long_walk",))])
def test_the_observer_hears_what_the_log_says(
    players: int, seed: int, variants: tuple[str, ...]
) -> None:
    from verlies.variants import Variants

    game = Game.new(
        players=players,
        seed=seed,
        variants=Variants.from_dict(dict.fromkeys(variants, True)),
        round_limit=60,
    )
    rec = game.observe(Recorder())
    _play(game, seed=seed)
    heard = [c if c[0] != "drew" else c[:3] + (None,) for c in rec.calls]
    expected = _from_log(game)
    assert heard == expected
    kinds = {c[0] for c in heard}
    assert {"test", "fight", "injured", "drew"} <= kinds  # the games did all of it
    # the card ids heard are the cards the decks gave out
    dungeon = [c[3] for c in rec.calls if c[0] == "drew" and c[2] == "dungeon"]
    assert all(cid in game.deck.dungeon for cid in dungeon) and dungeon


def test_the_observer_hears_new_steps_only() -> None:
    game = Game.new(players=2, seed=4, log=False)
    counts = game.observe(Counters(2))
    _play(game, seed=4)
    total = dict(counts.draws), list(counts.tests), list(counts.gold_changes)
    assert sum(total[0].values()) > 0 and sum(total[1]) > 0
    # undo, redo, goto: replays, not new steps
    game.undo(30)
    game.redo(10)
    game.goto(0)
    game.goto(game.history_length)
    assert (dict(counts.draws), list(counts.tests), list(counts.gold_changes)) == total
    # a clone plays on silently; the original still reports
    game.goto(game.history_length - 40)
    clone = game.clone()
    _play(clone, seed=4)
    assert (dict(counts.draws), list(counts.tests), list(counts.gold_changes)) == total
    _play(game, seed=4)
    assert sum(counts.draws.values()) > sum(total[0].values())
    game.observe(None)
    before = dict(counts.draws)
    game.goto(0)
    _play(game, seed=4)
    assert counts.draws == before


@pytest.mark.parametrize(
    ("players", "bots", "variants"),
    [(4, "careful", ()), (3, "greedy", ("limited_bank",)), (2, "random", ("long_walk",))],
)
def test_every_change_of_gold_is_heard(players: int, bots: str, variants: tuple[str, ...]) -> None:
    """No step may change a figure's gold (R9.1) without the observer hearing of it (the
    lab compares who leads only then)."""
    from verlies.variants import Variants

    seen = 0
    for seed in range(10):
        game = Game.new(
            players=players,
            seed=seed,
            variants=Variants.from_dict(dict.fromkeys(variants, True)),
            log=False,
        )
        counts = game.observe(Counters(players))
        seats = [make_bot(bots, seed * 7 + s) for s in range(players)]
        views = [game.view(s) for s in range(players)]
        golds = [f.gold for f in game.figures]
        while not game.is_over:
            before = list(counts.gold_changes)
            if game.is_chance:
                game.roll()
            else:
                game.apply(seats[game.current_player](views[game.current_player]))
            now = [f.gold for f in game.figures]
            for seat in range(players):
                if now[seat] != golds[seat]:
                    assert counts.gold_changes[seat] > before[seat], (seed, seat)
                    seen += 1
            golds = now
    assert seen > 20  # the games did move gold


def test_passes_is_every_test_s_comparison() -> None:
    assert passes(7, 7) and passes(8, 7) and not passes(6, 7)
    for value in range(-2, 9):
        for target in range(0, 14):
            for bonus in (0, 1, 2):
                faces = sum(1 for f in W6_FACES if passes(f + value + bonus, target))
                assert pass_probability(value, target, bonus) == Fraction(faces, 6)
            for mvalue in range(0, 8):
                wins = sum(1 for a in W6_FACES for b in W6_FACES if passes(a + value, b + mvalue))
                assert beat_probability(value, mvalue) == Fraction(wins, 36)
                # R7.2: a tie goes to the adventurer
                assert monster_roll_probability(value, mvalue) == Fraction(
                    sum(1 for f in W6_FACES if value >= f + mvalue), 6
                )

"""Twin games for the search bots' hidden-information tests: the same position, except
that seat 1 drew another treasure (which seat 0 cannot see).

Used by ``tests/sim/test_interop_search.py`` ("strong") and ``tests/sim/test_search_ismcts.py``
("ismcts"); ``compare_twins`` and ``treasure_forks`` by ``tests/interop/test_hidden_shape.py``
(no seat learns another's hidden cards from anything it observes).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from verlies.actions import Card, LoseTreasure
from verlies.cards.model import Heal, RollBonus
from verlies.game import Game
from verlies.interop.encoding import Encoding
from verlies.sim.bots import make_bot


def _has_choice(game: Game) -> bool:
    return len(game.legal_actions()) > 1


def twins_differing_in_hidden_treasure(
    *,
    players: int = 2,
    games: int = 60,
    max_steps: int = 500,
    decides: Callable[[Game], bool] = _has_choice,
) -> tuple[Game, Game]:
    """A position where seat 0 is to decide (``decides(game)``) and seat 1 holds a
    treasure, and its twin in which seat 1 drew another treasure instead. Greedy bots play
    both games alike until then; the first of ``games`` seeds that gets there is taken."""
    for seed in range(games):
        game = Game.new(players=players, seed=seed, log=False)
        bots = [make_bot("greedy", seed + s) for s in range(players)]
        twin: Game | None = None
        while not game.is_over and game.step_count < max_steps:
            if game.is_chance:
                if twin is None and game.chance_kind == "treasure" and game.seat == 1:
                    drawn = game.sample_outcome()
                    others = [o for o, _ in game.chance_outcomes() if o != drawn]
                    if others:
                        twin = Game(game.setup, [*game.steps, others[0]], log=False)
                        game.apply(drawn)
                        continue
                outcome = game.sample_outcome()
                game.apply(outcome)
                if twin is not None:
                    twin.apply(outcome)
                continue
            seat = game.current_player
            if twin is not None and seat == 0 and decides(game):
                return game, twin
            action = bots[seat](game.view(seat))
            game.apply(action)
            if twin is not None:
                if action not in twin.legal_actions():
                    break  # seat 1 used the treasure it has only in one game: try another
                twin.apply(action)
    raise AssertionError(f"no such position in {games} games")


def hands(game: Game) -> list[tuple[str, ...]]:
    """Each seat's treasures, by card id."""
    return [tuple(sorted(h.card.id for h in f.treasures)) for f in game.figures]


# ---- the game's shape: twin games compared step by step (issue 25) -------------------


def magic_kind(card: object) -> str:
    """A treasure's kind for the leak hunt: "bonus" (any roll), "attr-bonus" (one value's
    rolls), "heal" or "plain" (gold only)."""
    magic = getattr(card, "magic", None)
    if isinstance(magic, RollBonus):
        return "attr-bonus" if magic.attrs else "bonus"
    if isinstance(magic, Heal):
        return "heal"
    return "plain"


@dataclass
class TwinRun:
    """What one twin pair's comparison came to."""

    steps: int = 0  # steps compared (before each, every figure of the comparison)
    forced: int = 0  # forced decisions met (the shape the old engine did not keep)
    lost: int = 0  # treasures given up face down under the pile (R9.4) by a differing seat
    pile_draws: int = 0  # treasure draws whose card differs between the twins
    stop: str = "end"  # "end", "used" (a differing card shown by its use), "mismatch"
    mismatch: str = ""


def _swap(step: Any, swap: dict[str, str]) -> Any:
    tid = getattr(step, "treasure", None)
    if tid in swap:
        return step._replace(treasure=swap[tid])
    card = getattr(step, "card", None)
    if isinstance(step, Card) and card in swap:
        return Card(swap[card])
    return step


def _shape(game: Game) -> tuple[Any, ...]:
    """What every seat sees of who moves: the public sequence of the game."""
    return (game.is_over, game.is_chance, game.current_player, game.seat, game.pending)


def compare_twins(
    a: Game, b: Game, seat: int, swap: dict[str, str], *, bots: str = "careful", seed: int = 0
) -> TwinRun:
    """Play ``a`` with ``bots`` and ``b`` alongside it with the same decisions and chance
    outcomes; ``b`` differs from ``a`` only in hidden cards: ``seat`` holds ``swap[c]``
    where ``a`` has ``c`` (and the pile the other way round). Before every step compare
    the public sequence of who moves (``_shape``, OpenSpiel's ``current_player``), and for
    each seat that holds no differing card its whole observation array and, when it is
    to move, its legal actions. A differing seat's decisions are mapped through ``swap``
    (a treasure lost face down, R9.4, stays hidden); its *use* of a differing card shows
    it (R9.3) and ends the comparison there, as the end of the game does."""
    enc = Encoding.for_game(a)
    players = a.players
    seat_bots = [make_bot(bots, seed + s) for s in range(players)]
    differ = {seat}
    run = TwinRun()
    while True:
        if _shape(a) != _shape(b):
            run.stop, run.mismatch = "mismatch", f"shape {_shape(a)} != {_shape(b)}"
            return run
        for p in range(players):
            if p in differ:
                continue
            if not np.array_equal(enc.observation(a, p), enc.observation(b, p)):
                run.stop, run.mismatch = "mismatch", f"seat {p}'s observation"
                return run
        if not a.is_chance and not a.is_over and a.current_player not in differ:
            if enc.legal_indices(a) != enc.legal_indices(b):
                run.stop, run.mismatch = "mismatch", f"seat {a.current_player}'s legal actions"
                return run
        run.steps += 1
        if a.is_over:
            return run
        if a.is_chance:
            outcome = a.sample_outcome()
            twin = _swap(outcome, swap) if a.chance_kind == "treasure" else outcome
            if twin not in b.legal_actions():
                run.stop = "pile"  # the pile cannot give the twin's card: stop here
                return run
            if twin != outcome:
                run.pile_draws += 1
                differ.add(a.seat)
            a.apply(outcome)
            b.apply(twin)
            continue
        p = a.current_player
        if a.forced_action is not None:
            run.forced += 1
        action = seat_bots[p](a.view(p))
        twin_action = action
        if p in differ:
            twin_action = _swap(action, swap)
            if getattr(action, "treasure", None) in swap and not isinstance(action, LoseTreasure):
                run.stop = "used"  # shown when used (R9.3): the twins differ in public now
                return run
            if isinstance(action, LoseTreasure) and action.treasure in swap:
                run.lost += 1
        if twin_action not in b.legal_actions():
            run.stop, run.mismatch = "mismatch", f"{twin_action} not legal in the twin"
            return run
        a.apply(action)
        b.apply(twin_action)


def treasure_forks(
    players: int, seed: int, *, bots: str = "careful", draws: int = 3
) -> Iterator[tuple[Game, Game, int, dict[str, str]]]:
    """Twin pairs of one seeded game: at each of its first ``draws`` treasure draws, the
    card drawn and, in the twin, one card of each other kind (and one of the same kind)
    still in the pile. Yields (game, twin, drawing seat, swap)."""
    game = Game.new(players=players, seed=seed, log=False)
    seat_bots = [make_bot(bots, seed + s) for s in range(players)]
    done = 0
    while not game.is_over and done < draws:
        if game.is_chance:
            if game.chance_kind == "treasure":
                drawn = game.sample_outcome()
                assert isinstance(drawn, Card)
                cards = game.deck.treasures
                seen: set[str] = set()
                for o, _ in game.chance_outcomes():
                    assert isinstance(o, Card)
                    k = magic_kind(cards[o.card])
                    if o == drawn or k in seen:
                        continue
                    seen.add(k)
                    a = game.clone(log=False)
                    b = game.clone(log=False)
                    a.apply(drawn)
                    b.apply(o)
                    yield a, b, game.seat, {drawn.card: o.card, o.card: drawn.card}
                done += 1
            game.roll()
            continue
        p = game.current_player
        game.apply(seat_bots[p](game.view(p)))

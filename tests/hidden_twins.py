"""Twin games for the search bots' hidden-information tests: the same position, except
that seat 1 drew another treasure (which seat 0 cannot see).

Used by ``tests/test_interop_search.py`` ("strong") and ``tests/test_search_ismcts.py``
("ismcts").
"""

from __future__ import annotations

from collections.abc import Callable

from verlies.game import Game
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

"""Random playouts of the engine: steps and games per second (``verlies bench``)."""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

from verlies.game import Game
from verlies.sim.records import DeckArg, SimulationError, load_deck

__all__ = ["BenchResult", "benchmark", "random_playouts"]


def _median(xs: list[float]) -> float:
    return float(statistics.median(xs)) if xs else math.nan


# ---- benchmark -----------------------------------------------------------------------------


def random_playouts(
    n_games: int, players: int = 4, seed: int = 0, deck: DeckArg = None, log: bool = True
) -> tuple[int, int, float, float]:
    """Play ``n_games`` random games through the public API.

    Returns (games, steps, wall seconds, CPU seconds of this process). A step is every
    applied action and every chance outcome: at a chance point ``game.roll()``, else a
    uniformly random one of ``game.legal_actions()`` applied with ``game.apply``. Game
    creation is inside the timing. ``log=False`` plays without the event log (the mode
    simulations use): the same games, no sentences kept.
    """
    the_deck = load_deck(deck)
    rng = random.Random(seed)
    randrange = rng.randrange
    steps = 0
    c0, t0 = time.process_time(), time.perf_counter()
    for i in range(n_games):
        game = Game.new(players=players, seed=seed + i, deck=the_deck, log=log)
        while not game.is_over:
            if game.is_chance:
                game.roll()
            else:
                legal = game.legal_actions()
                game.apply(legal[randrange(len(legal))])
            steps += 1
    return n_games, steps, time.perf_counter() - t0, time.process_time() - c0


def _spread(xs: list[float]) -> dict[str, float]:
    return {"min": min(xs), "median": _median(xs), "max": max(xs)}


@dataclass
class BenchResult:
    """Random-playout speed over repeated runs.

    ``runs`` holds (games, steps, wall seconds, CPU seconds) per run. Rates per wall
    second are what a user waits for; rates per CPU second hold still when other
    programs share the machine (the ratios in benchmarks/engine.py use those).
    """

    name: str
    runs: list[tuple[int, int, float, float]]

    @property
    def steps_per_s(self) -> list[float]:
        return [r[1] / r[2] for r in self.runs]

    @property
    def games_per_s(self) -> list[float]:
        return [r[0] / r[2] for r in self.runs]

    @property
    def steps_per_cpu_s(self) -> list[float]:
        return [r[1] / r[3] for r in self.runs]

    def stats(self) -> dict[str, Any]:
        if not self.runs:
            return {"name": self.name, "runs": 0}
        return {
            "name": self.name,
            "runs": len(self.runs),
            "games_per_run": self.runs[0][0],
            "steps_per_game": sum(r[1] for r in self.runs) / sum(r[0] for r in self.runs),
            "steps_per_s": _spread(self.steps_per_s),
            "games_per_s": _spread(self.games_per_s),
            "steps_per_cpu_s": _spread(self.steps_per_cpu_s),
        }

    def __str__(self) -> str:
        st = self.stats()
        if not st["runs"]:
            return f"{self.name}: no runs"
        lines = [
            f"{self.name}: {st['runs']} runs x {st['games_per_run']} games, "
            f"{st['steps_per_game']:.0f} steps/game (step = action or chance outcome)"
        ]
        for key, label, fmt in (
            ("steps_per_s", "steps/s    ", ",.0f"),
            ("games_per_s", "games/s    ", ",.1f"),
            ("steps_per_cpu_s", "steps/CPU-s", ",.0f"),
        ):
            v = st[key]
            lines.append(
                f"  {label}  min {v['min']:>10{fmt}}  median {v['median']:>10{fmt}}"
                f"  max {v['max']:>10{fmt}}"
            )
        return "\n".join(lines)


def benchmark(
    games: int = 50,
    runs: int = 5,
    players: int = 4,
    seed: int = 0,
    deck: DeckArg = None,
    log: bool = True,
) -> BenchResult:
    """Time ``runs`` runs of ``games`` random playouts (the same seeds in every run).

    ``log=False`` measures the simulation mode (no event log), as ``simulate`` plays.
    """
    if games < 1 or runs < 1:
        raise SimulationError("games and runs must be at least 1")
    the_deck = load_deck(deck)
    random_playouts(1, players, seed, the_deck, log=log)  # warm-up: caches, imports
    mode = "with event log" if log else "no event log"
    result = BenchResult(f"verlies ({players} players, random playouts, {mode})", [])
    for _ in range(runs):
        result.runs.append(random_playouts(games, players, seed, the_deck, log=log))
    return result

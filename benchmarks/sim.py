"""Balance-lab speed: careful-bot games per CPU second, worker scaling, Dask vs processes.

Prints, all measured in this run (figures, not a pass/fail test):

1. careful-bot 4-player games per CPU second in one process (pure Python engine), next
   to the engine's random playouts (steps per CPU second, no event log) as the baseline;
2. ``--games`` such games (default 10,000) with ``workers=1`` and ``workers=2``: wall
   seconds and the speed-up (in ``--rounds`` parts taken in turns, so that a change in the
   machine's load hits both alike);
3. the same sweep on a Dask ``LocalCluster`` with 2 worker processes and on 2 local
   processes: wall seconds and the ratio Dask / processes.

Every pair of runs plays the same seeds and checks that the results are identical. The
load average is printed before and after: on a shared machine the wall-clock figures
move with other programs' work (CPU-second figures much less).

    .venv/bin/python benchmarks/sim.py [--games 10000] [--sweep-games 2000] [--no-dask]
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from typing import Any

from verlies.deck import Deck
from verlies.sim import Tweak, benchmark, simulate, sweep


def _load() -> str:
    try:
        return " / ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not on Unix
        return "?"


def games_per_cpu_second(games: int, deck: Any) -> tuple[float, float]:
    simulate(2, players=4, deck=deck, workers=1)  # warm-up: imports, caches
    c0, t0 = time.process_time(), time.perf_counter()
    res = simulate(games, players=4, characters="all", deck=deck, workers=1, seed=1)
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    assert res.games == games
    return games / cpu, games / wall


def scaling(games: int, deck: Any, rounds: int = 2) -> dict[str, Any]:
    """Wall seconds of ``games`` games on 1 and on 2 workers, played in ``rounds`` parts
    taken in turns (1, 2, 1, 2, ...), so that a change in the machine's load hits both."""
    out: dict[str, Any] = {1: 0.0, 2: 0.0}
    part = max(1, games // rounds)
    for r in range(rounds):
        metrics = {}
        for workers in (1, 2):
            t0 = time.perf_counter()
            res = simulate(
                part, players=4, characters="all", deck=deck, workers=workers, seed=2 + r
            )
            out[workers] += time.perf_counter() - t0
            metrics[workers] = res.metrics
        assert metrics[1] == metrics[2], "1 and 2 workers must agree"
    out["speedup"] = out[1] / out[2]
    out["games"] = part * rounds
    return out


def dask_ratio(games: int, deck: Any) -> dict[str, Any]:
    from distributed import Client, LocalCluster

    tweak = Tweak("dungeon", "r-gang-straight-04", "obstacle")
    values = [5, 7, 9, 11]
    per_point = max(1, games // len(values))
    out: dict[str, Any] = {}
    t0 = time.perf_counter()
    local = sweep(tweak, values, games=per_point, players=4, deck=deck, workers=2, seed=3)
    out["processes"] = time.perf_counter() - t0
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        sweep(tweak, values[:1], games=4, players=4, deck=deck, executor=client)  # warm-up
        t0 = time.perf_counter()
        on_dask = sweep(
            tweak, values, games=per_point, players=4, deck=deck, executor=client, seed=3
        )
        out["dask"] = time.perf_counter() - t0
    assert [p.metrics for p in local.points] == [p.metrics for p in on_dask.points]
    out["ratio"] = out["dask"] / out["processes"]
    out["games"] = per_point * len(values)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000, help="games of the 1 vs 2 workers run")
    ap.add_argument("--cpu-games", type=int, default=400, help="games of the per-CPU-s run")
    ap.add_argument("--sweep-games", type=int, default=2000, help="games of the Dask sweep")
    ap.add_argument("--rounds", type=int, default=4, help="parts of the 1 vs 2 workers run")
    ap.add_argument("--no-dask", action="store_true")
    args = ap.parse_args()
    deck = Deck.default()
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs; "
        f"load average {_load()} (1/5/15 min; the machine may be shared)"
    )
    ref = benchmark(games=20, runs=3, players=4, seed=0, deck=deck, log=False)
    steps = ref.stats()["steps_per_cpu_s"]["median"]
    print(f"engine baseline, random playouts, no log: {steps:,.0f} steps/CPU-s (median of 3)")
    per_cpu, per_wall = games_per_cpu_second(args.cpu_games, deck)
    print(
        f"careful bots, 4 players, one process: {per_cpu:,.1f} games/CPU-s "
        f"({per_wall:,.1f} games/wall-s; {args.cpu_games} games)"
    )
    sc = scaling(args.games, deck, args.rounds)
    print(
        f"{sc['games']:,} games: 1 worker {sc[1]:.1f} s, 2 workers {sc[2]:.1f} s wall "
        f"({args.rounds} parts in turns); speed-up {sc['speedup']:.2f}x (identical results)"
    )
    if not args.no_dask:
        dr = dask_ratio(args.sweep_games, deck)
        print(
            f"sweep of {dr['games']:,} games (4 points): 2 local processes "
            f"{dr['processes']:.1f} s, Dask LocalCluster 2 workers {dr['dask']:.1f} s; "
            f"Dask / processes {dr['ratio']:.2f}x (identical results)"
        )
    print(f"load average after: {_load()}")


if __name__ == "__main__":
    main()

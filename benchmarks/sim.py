"""Balance-lab speed: careful-bot games per CPU second, worker scaling, Dask vs processes.

Prints, all measured in this run (figures, not a pass/fail test), each with the load
average (1 / 5 / 15 min) read when it was measured: on a shared machine the wall-clock
figures move with other programs' work (CPU-second figures much less):

1. the engine's random playouts (steps per CPU second, no event log) as the baseline, and
   careful-bot 4-player games per CPU second in one process, pure Python and compiled with
   mypyc (goals: >= 250 and >= 500; the compiled run checked to give the same results);
2. ``--games`` such games (default 10,000; characters rotated over the seats) with
   ``workers=1`` and ``workers=2``: wall seconds and the speed-up 1 -> 2 workers, played in
   ``--rounds`` parts taken in turns (1, 2, 1, 2, ...) so that a change in the machine's
   load hits both alike; the kept pool of worker processes is started before the clock;
3. the same ``--games`` games with 2 workers on the engine compiled with mypyc (built by
   ``benchmarks/compiled.py`` into ``benchmarks/.venv-compiled``; skipped with
   ``--no-compiled`` or when it cannot be built), checked to give the same results;
4. a sweep (4 points of one obstacle's number) on a Dask ``LocalCluster`` with 2 worker
   processes and on 2 local processes: wall seconds and the ratio Dask / processes.

0. with ``--against REF`` (default ``main``; ``--against ""`` skips it): the lab's loop of
   this checkout against the one of the git revision REF (``git archive`` into a temporary
   folder), careful-bot games per CPU second, each side in its own process, taken in turns
   (this, REF, REF, this, ...; ``--against-rounds``), checked to give identical results;
   both figures (medians), the ratio this / REF and the median of the rounds' ratios;
   in the same processes, the engine alone (``--against-engine-games`` random games
   through the public API, as benchmarks/engine.py plays them): steps per CPU second,
   its ratios, and whether both sides took the same number of steps.

Every pair of runs plays the same seeds and checks that the results are identical.

    .venv/bin/python benchmarks/sim.py [--games 10000] [--sweep-games 2000] [--no-dask]
                                       [--no-compiled] [--against main] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any

from verlies.deck import Deck
from verlies.sim import Tweak, benchmark, simulate
from verlies.sim.run import local_pool
from verlies.sim.sweep import sweep

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from compiled import ensure_compiled  # noqa: E402

# Runs in the compiled venv: the same run with 2 workers, timed there.
COMPILED_RUN = textwrap.dedent(
    """
    import json, sys, time
    import verlies.rules
    from verlies.sim import simulate
    from verlies.sim.run import local_pool

    assert verlies.rules.__file__.endswith(".so"), verlies.rules.__file__
    args = json.loads(sys.argv[1])
    local_pool(2).submit(int).result()  # the workers are up before the clock starts
    simulate(8, players=4, characters="all", workers=2, seed=99)  # warm-up: imports in them
    out = {"wall": 0.0, "games": 0, "characters": []}
    for seed, games in args["parts"]:
        t0 = time.perf_counter()
        res = simulate(games, players=4, characters="all", workers=2, seed=seed)
        out["wall"] += time.perf_counter() - t0
        out["games"] += res.games
        out["characters"].append(res.to_dict()["characters"])
    print(json.dumps(out))
    """
)


# Runs in the compiled venv: careful-bot games per CPU second in one process, as
# games_per_cpu_second below measures them in this one.
COMPILED_CPU = textwrap.dedent(
    """
    import json, sys, time
    import verlies.rules
    from verlies.deck import Deck
    from verlies.sim import simulate

    assert verlies.rules.__file__.endswith(".so"), verlies.rules.__file__
    games = json.loads(sys.argv[1])["games"]
    deck = Deck.default()
    simulate(2, players=4, deck=deck, workers=1)  # warm-up: imports, caches
    c0 = time.process_time()
    res = simulate(games, players=4, characters="all", deck=deck, workers=1, seed=1)
    cpu = time.process_time() - c0
    print(json.dumps({"per_cpu": games / cpu, "characters": res.to_dict()["characters"]}))
    """
)


# Runs with PYTHONPATH set to one checkout's source: careful-bot games per CPU second in
# one process, and the results (to check that both checkouts play the same games).
AGAINST_CPU = textwrap.dedent(
    """
    import json, sys, time
    import verlies
    from verlies.deck import Deck
    from verlies.sim import simulate

    args = json.loads(sys.argv[1])
    assert verlies.__file__.startswith(args["src"]), verlies.__file__
    deck = Deck.default()
    simulate(2, players=4, deck=deck, workers=1)  # warm-up: imports, caches
    c0 = time.process_time()
    res = simulate(args["games"], players=4, characters="all", deck=deck, workers=1, seed=1)
    cpu = time.process_time() - c0
    results = res.to_dict()
    for timed in ("seconds", "games_per_s"):  # the clock's, not the games'
        results["summary"].pop(timed, None)
    # The engine alone: random games through the public API (benchmarks/engine.py's loop).
    from verlies.sim.bench import random_playouts

    random_playouts(2, 4, 0, deck, log=False)  # warm-up
    _games, steps, _wall, engine_cpu = random_playouts(args["engine_games"], 4, 7, deck, log=False)
    print(json.dumps({
        "per_cpu": args["games"] / cpu,
        "results": results,
        "engine_per_cpu": steps / engine_cpu,
        "engine_steps": steps,
    }))
    """
)


def against(ref: str, games: int, rounds: int, engine_games: int = 40) -> dict[str, Any]:
    """Careful-bot games per CPU second of this checkout's lab loop and of git revision
    ``ref``'s, and the engine's steps per CPU second (``engine_games`` random games through
    the public API), each side in its own process, in turns; medians, ratios, and whether
    the two gave identical results and step counts (or why it could not run)."""
    repo = HERE.parent
    with tempfile.TemporaryDirectory(prefix="verlies-ref-") as tmp:
        archive = subprocess.run(
            ["git", "-C", str(repo), "archive", ref, "verlies"], capture_output=True
        )
        if archive.returncode != 0:
            return {"skipped": archive.stderr.decode(errors="replace").strip()[-300:]}
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        sides = {"this": str(repo), "ref": tmp}
        per_cpu: dict[str, list[float]] = {"this": [], "ref": []}
        engine: dict[str, list[float]] = {"this": [], "ref": []}
        results: dict[str, Any] = {}
        engine_steps: dict[str, int] = {}
        for r in range(rounds):
            # ABBA: this, REF, then REF, this: the side run first has no standing edge.
            for side in ("this", "ref") if r % 2 == 0 else ("ref", "this"):
                src = sides[side]
                env = dict(os.environ, PYTHONPATH=src)
                r = subprocess.run(
                    [
                        sys.executable,
                        "-c",
                        AGAINST_CPU,
                        json.dumps({"games": games, "src": src, "engine_games": engine_games}),
                    ],
                    cwd=HERE,  # -c puts the working directory first: no checkout here
                    env=env,
                    capture_output=True,
                    text=True,
                )
                if r.returncode != 0:
                    return {"skipped": f"{side}: " + r.stderr.strip()[-500:]}
                data = json.loads(r.stdout.strip().splitlines()[-1])
                per_cpu[side].append(data["per_cpu"])
                engine[side].append(data["engine_per_cpu"])
                results.setdefault(side, data["results"])
                engine_steps.setdefault(side, data["engine_steps"])
    this, base = statistics.median(per_cpu["this"]), statistics.median(per_cpu["ref"])
    # Each run beside the other side's run next to it: a change of the machine's load
    # between rounds moves both figures of a pair alike.
    pairs = [a / b for a, b in zip(per_cpu["this"], per_cpu["ref"], strict=True)]
    e_this, e_base = statistics.median(engine["this"]), statistics.median(engine["ref"])
    e_pairs = [a / b for a, b in zip(engine["this"], engine["ref"], strict=True)]
    return {
        "ref": ref,
        "this": this,
        "base": base,
        "runs": per_cpu,
        "ratio": this / base,
        "paired_ratio": statistics.median(pairs),
        "same_results": results["this"] == results["ref"],
        "engine_this": e_this,
        "engine_base": e_base,
        "engine_runs": engine,
        "engine_ratio": e_this / e_base,
        "engine_paired_ratio": statistics.median(e_pairs),
        "same_engine_steps": engine_steps["this"] == engine_steps["ref"],
    }


def load() -> str:
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


def workers_cpu() -> float:
    """CPU seconds used so far by the kept pool's worker processes (Linux /proc; NaN
    elsewhere): with the parent's own CPU time, what a run on 2 workers cost in all."""
    pool = local_pool(2)
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    try:
        for pid in list(getattr(pool, "_processes", {}) or {}):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick  # utime + stime
    except (OSError, IndexError, ValueError):
        return float("nan")
    return total


def scaling(games: int, deck: Any, rounds: int = 2) -> dict[str, Any]:
    """Wall seconds of ``games`` games on 1 and on 2 workers, played in ``rounds`` parts
    taken in turns (1, 2, 1, 2, ...), so that a change in the machine's load hits both.
    Seeds 1.. per part: part ``r`` plays seed ``1 + r``."""
    out: dict[str, Any] = {1: 0.0, 2: 0.0, "cpu1": 0.0, "cpu2": 0.0}
    local_pool(2).submit(int).result()  # the kept pool is up before the clock starts
    simulate(8, players=4, characters="all", deck=deck, workers=2, seed=99)  # warm-up
    part = max(1, games // rounds)
    out["parts"], out["characters"] = [], []
    for r in range(rounds):
        metrics = {}
        for workers in (1, 2):
            t0, c0, w0 = time.perf_counter(), time.process_time(), workers_cpu()
            res = simulate(
                part, players=4, characters="all", deck=deck, workers=workers, seed=1 + r
            )
            out[workers] += time.perf_counter() - t0
            # CPU seconds in all: this process, plus the workers' when there are any.
            cpu = time.process_time() - c0
            out[f"cpu{workers}"] += cpu + (workers_cpu() - w0 if workers == 2 else 0.0)
            metrics[workers] = res.metrics
        assert metrics[1] == metrics[2], "1 and 2 workers must agree"
        out["parts"].append((1 + r, part))
        out["characters"].append(json.loads(json.dumps(res.to_dict()["characters"])))
    out["speedup"] = out[1] / out[2]
    # What 2 idle cores would give: 2 x (CPU of 1 worker) / (CPU of 2 workers, all in).
    out["idle_speedup"] = 2 * out["cpu1"] / out["cpu2"]
    out["games"] = part * rounds
    return out


def compiled_per_cpu(games: int, deck: Any) -> dict[str, Any]:
    """Careful-bot games per CPU second in one process on the compiled engine, checked
    to give the same win table as this process's run of the same games; or why not."""
    data = run_compiled(COMPILED_CPU, {"games": games})
    if "skipped" in data:
        return data
    pure = simulate(games, players=4, characters="all", deck=deck, workers=1, seed=1)
    data["same_results"] = data.pop("characters") == json.loads(
        json.dumps(pure.to_dict()["characters"])
    )
    return data


def compiled_run(parts: list[tuple[int, int]]) -> dict[str, Any]:
    """The games of ``parts`` ((seed, games) each) with 2 workers on the compiled engine:
    wall seconds and each part's win table, or why not."""
    return run_compiled(COMPILED_RUN, {"parts": parts})


def run_compiled(script: str, args: dict[str, Any]) -> dict[str, Any]:
    """``script`` run by the compiled venv's Python with ``args`` (JSON): what it printed
    last, parsed, or why it could not run."""
    py, why = ensure_compiled()
    if py is None:
        return {"skipped": why}
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    r = subprocess.run(
        [str(py), "-c", script, json.dumps(args)],
        cwd=HERE,  # the benchmarks folder: the pure source is not on sys.path
        env=env,
        capture_output=True,
        text=True,
    )
    if r.returncode != 0:
        return {"skipped": "the compiled run failed: " + r.stderr.strip()[-500:]}
    data: dict[str, Any] = json.loads(r.stdout.strip().splitlines()[-1])
    return data


def dask_ratio(games: int, deck: Any) -> dict[str, Any]:
    from distributed import Client, LocalCluster

    tweak = Tweak("dungeon", "r-gang-straight-04", "obstacle")
    values = [5, 7, 9, 11]
    per_point = max(1, games // len(values))
    out: dict[str, Any] = {}
    local_pool(2).submit(int).result()
    sweep(tweak, values[:1], games=4, players=4, deck=deck, workers=2)  # warm-up
    out["load_processes"] = load()
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
        out["load_dask"] = load()
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
    ap.add_argument("--games", type=int, default=10_000, help="games of the worker runs")
    ap.add_argument("--cpu-games", type=int, default=400, help="games of the per-CPU-s run")
    ap.add_argument("--sweep-games", type=int, default=2000, help="games of the Dask sweep")
    ap.add_argument("--rounds", type=int, default=4, help="parts of the 1 vs 2 workers run")
    ap.add_argument("--no-dask", action="store_true")
    ap.add_argument("--no-compiled", action="store_true")
    ap.add_argument("--json", action="store_true", help="also print the figures as JSON")
    ap.add_argument("--against", default="main", help="git revision to compare the loop with")
    ap.add_argument("--against-games", type=int, default=200, help="games per --against run")
    ap.add_argument("--against-rounds", type=int, default=5, help="runs per side, in turns")
    ap.add_argument(
        "--against-engine-games", type=int, default=40, help="random games per --against run"
    )
    ap.add_argument("--only-against", action="store_true", help="measure only --against")
    args = ap.parse_args()
    deck = Deck.default()
    figures: dict[str, Any] = {"python": platform.python_version(), "cpus": os.cpu_count()}
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs; "
        f"load average {load()} (1/5/15 min; the machine may be shared)"
    )
    if args.against:
        ag = against(
            args.against, args.against_games, args.against_rounds, args.against_engine_games
        )
        figures["against"] = ag
        if "skipped" in ag:
            print(f"against {args.against}: not measured ({ag['skipped']})")
        else:
            print(
                f"lab loop, careful bots, 4 players, one process: this checkout "
                f"{ag['this']:,.1f} games/CPU-s, {ag['ref']} {ag['base']:,.1f} games/CPU-s "
                f"(medians of {args.against_rounds} runs of {args.against_games} games each, "
                f"in turns); ratio {ag['ratio']:.3f}, median of the runs' pairwise ratios "
                f"{ag['paired_ratio']:.3f} (goal 0.95 to 1.05 or faster; "
                f"{'identical' if ag['same_results'] else 'DIFFERENT'} results; load {load()})"
            )
            print(
                f"engine, random games through the public API, one process: this checkout "
                f"{ag['engine_this']:,.0f} steps/CPU-s, {ag['ref']} {ag['engine_base']:,.0f} "
                f"steps/CPU-s (medians, the same runs); ratio {ag['engine_ratio']:.3f}, median "
                f"of the pairwise ratios {ag['engine_paired_ratio']:.3f} ("
                f"{'the same' if ag['same_engine_steps'] else 'DIFFERENT'} step counts)"
            )
        if args.only_against:
            if args.json:
                print(json.dumps(figures))
            return
    ref = benchmark(games=20, runs=3, players=4, seed=0, deck=deck, log=False)
    steps = ref.stats()["steps_per_cpu_s"]["median"]
    figures["engine_steps_per_cpu_s"] = steps
    print(
        f"engine baseline, random playouts, no log: {steps:,.0f} steps/CPU-s "
        f"(median of 3; load {load()})"
    )
    per_cpu, per_wall = games_per_cpu_second(args.cpu_games, deck)
    figures["careful_games_per_cpu_s"] = per_cpu
    print(
        f"careful bots, 4 players, one process: {per_cpu:,.1f} games/CPU-s "
        f"({per_wall:,.1f} games/wall-s; {args.cpu_games} games; goal >= 250; "
        f"load {load()})"
    )
    if not args.no_compiled:
        cc = compiled_per_cpu(args.cpu_games, deck)
        figures["careful_games_per_cpu_s_compiled"] = cc
        if "skipped" in cc:
            print(f"  compiled: not measured ({cc['skipped']})")
        else:
            print(
                f"careful bots, 4 players, one process, compiled (mypyc): "
                f"{cc['per_cpu']:,.1f} games/CPU-s ({args.cpu_games} games; goal >= 500; "
                f"{'identical' if cc['same_results'] else 'DIFFERENT'} results; load {load()})"
            )
    sc = scaling(args.games, deck, args.rounds)
    figures["workers"] = {
        "games": sc["games"],
        "1": sc[1],
        "2": sc[2],
        "speedup": sc["speedup"],
        "cpu_1": sc["cpu1"],
        "cpu_2": sc["cpu2"],
        "idle_speedup": sc["idle_speedup"],
    }
    print(
        f"{sc['games']:,} careful games (pure Python): 1 worker {sc[1]:.1f} s, 2 workers "
        f"{sc[2]:.1f} s wall ({args.rounds} parts in turns; {sc['games'] / sc[2]:,.0f} "
        f"games/s); speed-up 1 -> 2 workers {sc['speedup']:.2f}x (identical results; "
        f"load {load()})"
    )
    print(
        f"  CPU seconds in all: 1 worker {sc['cpu1']:.1f}, 2 workers {sc['cpu2']:.1f} "
        f"(parent + workers): on 2 idle cores the speed-up would be about "
        f"{sc['idle_speedup']:.2f}x (goal >= 1.8x)"
    )
    if not args.no_compiled:
        comp = compiled_run(sc["parts"])
        figures["compiled"] = {k: v for k, v in comp.items() if k != "characters"}
        if "skipped" in comp:
            print(f"compiled: not measured ({comp['skipped']})")
        else:
            same = comp["characters"] == sc["characters"]
            figures["compiled"]["same_results"] = same
            print(
                f"{comp['games']:,} careful games, compiled (mypyc), 2 workers: "
                f"{comp['wall']:.1f} s wall ({comp['games'] / comp['wall']:,.0f} games/s; "
                f"goal <= 20 s; {'identical' if same else 'DIFFERENT'} results; load {load()})"
            )
    if not args.no_dask:
        dr = dask_ratio(args.sweep_games, deck)
        figures["dask"] = {k: dr[k] for k in ("games", "processes", "dask", "ratio")}
        print(
            f"sweep of {dr['games']:,} games (4 points): 2 local processes "
            f"{dr['processes']:.1f} s (load {dr['load_processes']}), Dask LocalCluster "
            f"2 workers {dr['dask']:.1f} s (load {dr['load_dask']}); Dask / processes "
            f"{dr['ratio']:.2f}x (goal <= 1.2x; identical results)"
        )
    figures["load_after"] = load()
    print(f"load average after: {load()}")
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()

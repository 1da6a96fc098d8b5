"""The lab's workload, games per CPU second: this checkout against a git revision.

The balance lab plays the default deck at 3 and 4 players with the page's bots (careful,
greedy, reckless). For each workload this prints the games per CPU second
(``time.process_time`` of the playing process: the machine is shared, and a wall-clock
figure would count the other programs' turns) of this checkout's source and of the
revision ``--against`` (default ``main``; ``git archive`` into a temporary folder), each
side in its own process with its source first on the path, taken in turns (this, REF,
REF, this, ...: ABBA, so that neither side always runs first), and checks that both
played the same games bit for bit (a SHA-256 of every record's ``repr``). Printed: both
medians, their ratio, the median of the pairwise ratios and its range, and the load
average before and after.

With ``--parts`` it first says where one process's time goes on each workload (this
checkout only; ``time.process_time`` around each part, so the figures carry the timers'
own cost, about a microsecond a call): the bots' decisions, within them the board graph's
upkeep (``Graph.sync``, of which ``Graph._add``, and ``Costs.sync``), the chance rolls
(``Game.roll``), the decisions applied (``Game.apply``), a new game, and the rest: the
loop itself, its tallies and the game-feel trace.

With ``--compiled`` the other side is this checkout compiled with mypyc at ``-O3``
(``benchmarks/compiled.py`` builds ``benchmarks/.venv-compiled`` when the source changed;
its processes are checked to run the ``.so`` modules), with the same check of the games.

With ``--cached`` the other side is the compiled build the lab's workers would run
(``verlies build-engine``, verlies/sim/compiled_cache.py: this source's compiled modules
loaded from the build cache, the rest from this checkout), with the same check.

With ``--impact CARD`` it measures instead the impact ranking (``verlies impact``'s
defaults, ``verlies.sim.impact_rank.contribution``) of the default deck with one broken card
(benchmarks/impact_work.py ``BROKEN``) on two kept worker processes, once on pure Python
workers and once on the compiled build of this source (``verlies build-engine``,
verlies/sim/compiled_cache.py), in turns (``--rounds`` pairs): wall seconds, CPU seconds
of every process, games, the broken card's place; the two rankings must be the same.

    .venv/bin/python benchmarks/lab_speed.py [--against main | --compiled | --cached] [--games 200]
                                             [--rounds 5] [--parts] [--only LABEL]
                                             [--impact goblin]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

#: (label, players, bots): the lab's default deck at 3 and 4 players.
WORKLOADS: tuple[tuple[str, int, str], ...] = (
    ("4 players, careful", 4, "careful"),
    ("3 players, careful", 3, "careful"),
    ("4 players, careful/greedy/reckless", 4, "careful,greedy,reckless,careful"),
    ("3 players, careful/greedy/reckless", 3, "careful,greedy,reckless"),
)

# Runs with PYTHONPATH set to one side's source (or, with "src" None, in the compiled
# venv, checked to run the .so modules): the lab's loop in one process.
PLAY = textwrap.dedent(
    """
    import hashlib, json, os, sys, time
    boot = os.environ.get("VERLIES_BOOT_FILES")  # --cached: boot as the lab's workers do
    if boot:
        from verlies.sim import compiled_cache
        exec(compiled_cache.BOOT, {"FILES": json.loads(boot)})
    import verlies, verlies.rules, verlies.sim.bots
    from verlies.sim import simulate

    args = json.loads(sys.argv[1])
    if boot:
        assert verlies.rules.__file__ == json.loads(boot)["verlies.rules"]
    elif args["src"] is None:
        for module in (verlies.rules, verlies.sim.bots):
            assert module.__file__.endswith(".so"), module.__file__
    else:
        assert verlies.__file__.startswith(args["src"]), verlies.__file__
    simulate(4, players=args["players"], bots=args["bots"], workers=1, progress=None)
    c0 = time.process_time()
    res = simulate(
        args["games"], players=args["players"], bots=args["bots"], characters="all",
        seed=args["seed"], workers=1, keep_records=True, progress=None,
    )
    cpu = time.process_time() - c0
    digest = hashlib.sha256(repr(res.records).encode()).hexdigest()
    print(json.dumps({"per_cpu": args["games"] / cpu, "digest": digest}))
    """
)


def load() -> str:
    return " / ".join(f"{x:.1f}" for x in os.getloadavg())


#: How a side runs: its interpreter, its source folder (None: the compiled venv's
#: installed modules) and its environment.
Side = tuple[str, str | None, dict[str, str]]


def pure_side(src: str) -> Side:
    return (sys.executable, src, dict(os.environ, PYTHONPATH=src))


def run_side(side: Side, players: int, bots: str, games: int, seed: int) -> dict[str, object]:
    python, src, env = side
    arg = {"src": src, "players": players, "bots": bots, "games": games, "seed": seed}
    r = subprocess.run(
        [python, "-c", PLAY, json.dumps(arg)],
        cwd=HERE,  # -c puts the working directory first: no checkout here
        env=env,
        capture_output=True,
        text=True,
    )
    if r.returncode != 0:
        raise SystemExit(f"{src or python}: {r.stderr.strip()[-800:]}")
    data: dict[str, object] = json.loads(r.stdout.strip().splitlines()[-1])
    return data


def compare(ref: Side, players: int, bots: str, games: int, rounds: int) -> dict[str, Any]:
    sides = {"this": pure_side(str(HERE.parent)), "ref": ref}
    per_cpu: dict[str, list[float]] = {"this": [], "ref": []}
    digests: set[object] = set()
    for r in range(rounds):
        for name in ("this", "ref") if r % 2 == 0 else ("ref", "this"):
            data = run_side(sides[name], players, bots, games, seed=100 + r)
            per_cpu[name].append(float(data["per_cpu"]))  # type: ignore[arg-type]
            digests.add((r, data["digest"]))
    pairs = [a / b for a, b in zip(per_cpu["this"], per_cpu["ref"], strict=True)]
    this, other = statistics.median(per_cpu["this"]), statistics.median(per_cpu["ref"])
    return {
        "this": this,
        "ref": other,
        "ratio": this / other,
        "paired": statistics.median(pairs),
        "low": min(pairs),
        "high": max(pairs),
        "same": len(digests) == rounds,  # one digest per round: both sides alike
    }


def parts(players: int, bots: str, games: int) -> dict[str, float]:
    """Shares of one process's CPU time per part (see the module's text), and the games
    per CPU second with the timers on."""
    from verlies.game import Game
    from verlies.sim import paths
    from verlies.sim.bots import HeuristicBot
    from verlies.sim.run import RunSpec

    clock = time.process_time
    spent: dict[str, float] = {}

    def timed(owner: Any, name: str, label: str) -> None:
        inner = getattr(owner, name)

        def call(*a: Any, **k: Any) -> Any:
            t0 = clock()
            try:
                return inner(*a, **k)
            finally:
                spent[label] = spent.get(label, 0.0) + clock() - t0

        setattr(owner, name, call)

    saved = [
        (owner, name, owner.__dict__[name])
        for owner, name in (
            (HeuristicBot, "__call__"),
            (paths.Graph, "sync"),
            (paths.Graph, "_add"),
            (paths.Costs, "sync"),
            (Game, "roll"),
            (Game, "apply"),
            (RunSpec, "new_game"),
        )
    ]
    labels = ["bots", "  graph sync", "    of which cards added", "  costs sync", "rolls"]
    labels += ["decisions applied", "new game"]
    for (owner, name, _), label in zip(saved, labels, strict=True):
        timed(owner, name, label)
    try:
        spec = RunSpec.build(players=players, bots=bots, characters="all", seed=100)
        t0 = clock()
        spec.play(range(games))
        total = clock() - t0
    finally:
        for owner, name, inner in saved:
            setattr(owner, name, inner)
    out = {label: spent.get(label, 0.0) / total for label in labels}
    top = ("bots", "rolls", "decisions applied", "new game")
    out["the loop, tallies, feel trace"] = 1 - sum(out[k] for k in top)
    out["games/CPU-s with timers"] = games / total
    return out


def report(args: argparse.Namespace, ref: Side, name: str) -> None:
    for label, players, bots in WORKLOADS:
        if args.only not in label:
            continue
        c = compare(ref, players, bots, args.games, args.rounds)
        print(
            f"{label}: this {c['this']:,.1f} games/CPU-s, {name} {c['ref']:,.1f}; ratio "
            f"this / {name} {c['ratio']:.3f} ({name} / this {1 / c['ratio']:.3f}), pairwise "
            f"median {c['paired']:.3f} (range {c['low']:.3f} to {c['high']:.3f}; "
            f"{args.rounds} runs of {args.games} games per side, in turns; "
            f"{'identical' if c['same'] else 'DIFFERENT'} games; load {load()})"
        )


def impact_run(compiled: bool, card: str, workers: int) -> dict[str, Any]:
    """One ranking on a fresh pool of ``workers``, pure or compiled: its figures."""
    from impact_work import BROKEN, Meter

    from verlies.sim.impact_rank import contribution
    from verlies.sim.run import pool_engine, shutdown_pool

    shutdown_pool()
    os.environ["VERLIES_COMPILED"] = "1" if compiled else "0"
    broken = BROKEN[card]
    deck = broken.deck()
    meter = Meter()
    res = contribution(deck, workers=workers)
    end = meter.mark(res.info.games)
    ids = [r["id"] for r in res.ranked()]
    goal = broken.goal
    return {
        "engine": pool_engine(),
        "wall": end.wall,
        "cpu": end.cpu,
        "games": end.games,
        "place": ids.index(goal) + 1 if goal in ids else None,
        "ranking": [(r["id"], r["score"]) for r in res.ranked()],
    }


def impact_compare(card: str, rounds: int, workers: int = 2) -> None:
    from verlies.sim import compiled_cache

    found = compiled_cache.usable_build()
    if found is None:
        raise SystemExit("no compiled build of this source: run `verlies build-engine` first")
    print(f"impact ranking, default deck, {card} broken, {workers} workers; build {found.key[:12]}")
    walls: dict[bool, list[float]] = {False: [], True: []}
    rankings: set[str] = set()
    for r in range(rounds):
        for compiled in (False, True) if r % 2 == 0 else (True, False):
            out = impact_run(compiled, card, workers)
            want = "compiled" if compiled else "pure"
            assert out["engine"] == want, out["engine"]
            walls[compiled].append(out["wall"])
            rankings.add(json.dumps(out["ranking"]))
            print(
                f"  {want:8s}: {out['wall']:7.1f} s wall, {out['cpu']:7.1f} CPU-s, "
                f"{out['games']} games, broken card #{out['place']} (load {load()})"
            )
    pure, comp = statistics.median(walls[False]), statistics.median(walls[True])
    pairs = [a / b for a, b in zip(walls[True], walls[False], strict=True)]
    print(
        f"median wall: pure {pure:.1f} s, compiled {comp:.1f} s; ratio compiled / pure "
        f"{comp / pure:.3f} (pairs {', '.join(f'{x:.3f}' for x in pairs)}); "
        f"{'the same ranking' if len(rankings) == 1 else 'DIFFERENT rankings'} on both engines"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", default="main", help="git revision to compare with")
    ap.add_argument("--games", type=int, default=200, help="games per run")
    ap.add_argument(
        "--rounds", type=int, default=5, help="runs per side, in turns (0: no comparison)"
    )
    ap.add_argument("--only", default="", help="play only the workloads whose label has this")
    ap.add_argument("--parts", action="store_true", help="say first where the time goes")
    ap.add_argument(
        "--compiled",
        action="store_true",
        help="compare with this checkout compiled with mypyc (benchmarks/compiled.py, -O3)",
    )
    ap.add_argument(
        "--cached",
        action="store_true",
        help="compare with the lab workers' compiled build (verlies build-engine)",
    )
    ap.add_argument("--impact", default="", help="time the impact ranking with this card broken")
    args = ap.parse_args()
    print(f"load average before {load()} (1/5/15 min; 2 cores, shared)")
    if args.impact:
        sys.path.insert(0, str(HERE))
        impact_compare(args.impact, max(1, args.rounds))
        print(f"load average after {load()}")
        return
    if args.parts:
        for label, players, bots in WORKLOADS:
            if args.only in label:
                shares = parts(players, bots, args.games)
                rate = shares.pop("games/CPU-s with timers")
                said = "; ".join(f"{k.strip()} {v:.1%}" for k, v in shares.items())
                print(f"{label}, where the time goes ({rate:,.0f} games/CPU-s timed): {said}")
    if args.rounds < 1:  # --rounds 0: the parts only
        return
    if args.cached:
        from verlies.sim import compiled_cache

        found = compiled_cache.usable_build()
        if found is None:
            raise SystemExit("no compiled build of this source: run `verlies build-engine`")
        src = str(HERE.parent)
        env = dict(os.environ, PYTHONPATH=src, VERLIES_BOOT_FILES=json.dumps(found.files))
        report(args, (sys.executable, src, env), f"compiled -O{found.opt}")
    elif args.compiled:
        sys.path.insert(0, str(HERE))
        from compiled import compiled_env, ensure_compiled

        py, why = ensure_compiled(opt_level="3")
        if py is None:
            raise SystemExit(f"no compiled build: {why}")
        report(args, (str(py), None, compiled_env()), "compiled")
    else:
        with tempfile.TemporaryDirectory(prefix="verlies-ref-") as tmp:
            archive = subprocess.run(
                ["git", "-C", str(HERE.parent), "archive", args.against, "verlies"],
                capture_output=True,
            )
            if archive.returncode != 0:
                raise SystemExit(archive.stderr.decode(errors="replace").strip())
            subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
            report(args, pure_side(tmp), args.against)
    print(f"load average after {load()}")


if __name__ == "__main__":
    main()

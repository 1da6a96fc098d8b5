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

    .venv/bin/python benchmarks/lab_speed.py [--against main] [--games 200] [--rounds 5]
                                             [--parts] [--only LABEL]
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

# Runs with PYTHONPATH set to one side's source: the lab's loop in one process.
PLAY = textwrap.dedent(
    """
    import hashlib, json, sys, time
    import verlies
    from verlies.sim import simulate

    args = json.loads(sys.argv[1])
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


def run_side(src: str, players: int, bots: str, games: int, seed: int) -> dict[str, object]:
    arg = {"src": src, "players": players, "bots": bots, "games": games, "seed": seed}
    r = subprocess.run(
        [sys.executable, "-c", PLAY, json.dumps(arg)],
        cwd=HERE,  # -c puts the working directory first: no checkout here
        env=dict(os.environ, PYTHONPATH=src),
        capture_output=True,
        text=True,
    )
    if r.returncode != 0:
        raise SystemExit(f"{src}: {r.stderr.strip()[-800:]}")
    data: dict[str, object] = json.loads(r.stdout.strip().splitlines()[-1])
    return data


def compare(ref_src: str, players: int, bots: str, games: int, rounds: int) -> dict[str, object]:
    sides = {"this": str(HERE.parent), "ref": ref_src}
    per_cpu: dict[str, list[float]] = {"this": [], "ref": []}
    digests: set[object] = set()
    for r in range(rounds):
        for side in ("this", "ref") if r % 2 == 0 else ("ref", "this"):
            data = run_side(sides[side], players, bots, games, seed=100 + r)
            per_cpu[side].append(float(data["per_cpu"]))  # type: ignore[arg-type]
            digests.add((r, data["digest"]))
    pairs = [a / b for a, b in zip(per_cpu["this"], per_cpu["ref"], strict=True)]
    this, ref = statistics.median(per_cpu["this"]), statistics.median(per_cpu["ref"])
    return {
        "this": this,
        "ref": ref,
        "ratio": this / ref,
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", default="main", help="git revision to compare with")
    ap.add_argument("--games", type=int, default=200, help="games per run")
    ap.add_argument(
        "--rounds", type=int, default=5, help="runs per side, in turns (0: no comparison)"
    )
    ap.add_argument("--only", default="", help="play only the workloads whose label has this")
    ap.add_argument("--parts", action="store_true", help="say first where the time goes")
    args = ap.parse_args()
    print(f"load average before {load()} (1/5/15 min; 2 cores, shared)")
    if args.parts:
        for label, players, bots in WORKLOADS:
            if args.only in label:
                shares = parts(players, bots, args.games)
                rate = shares.pop("games/CPU-s with timers")
                said = "; ".join(f"{k.strip()} {v:.1%}" for k, v in shares.items())
                print(f"{label}, where the time goes ({rate:,.0f} games/CPU-s timed): {said}")
    if args.rounds < 1:  # --rounds 0: the parts only
        return
    with tempfile.TemporaryDirectory(prefix="verlies-ref-") as tmp:
        archive = subprocess.run(
            ["git", "-C", str(HERE.parent), "archive", args.against, "verlies"],
            capture_output=True,
        )
        if archive.returncode != 0:
            raise SystemExit(archive.stderr.decode(errors="replace").strip())
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        for label, players, bots in WORKLOADS:
            if args.only not in label:
                continue
            c = compare(tmp, players, bots, args.games, args.rounds)
            print(
                f"{label}: this {c['this']:,.1f} games/CPU-s, {args.against} "
                f"{c['ref']:,.1f}; ratio {c['ratio']:.3f}, pairwise median {c['paired']:.3f} "
                f"(range {c['low']:.3f} to {c['high']:.3f}; {args.rounds} runs of "
                f"{args.games} games per side, in turns; "
                f"{'identical' if c['same'] else 'DIFFERENT'} games; load {load()})"
            )
    print(f"load average after {load()}")


if __name__ == "__main__":
    main()

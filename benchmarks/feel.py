"""Game-feel cost (issue 40): what the trace and the figures add to a simulation.

Prints, all measured in this run (figures, not a pass/fail test):

1. careful-bot games (characters rotated) played in one process with the trace
   (``play_record(..., feel=True)``, what the lab does) and without it (``feel=False``),
   the same games, in ``--rounds`` parts taken in turns (without, with, with, without,
   ...) so that the machine's load hits both alike; CPU ms per game of each, the ratio
   with / without (median of the rounds' ratios and of the totals), per player count;
2. the figures computed from the records (``feel_report``): CPU ms per game, and the
   ratio (trace + figures) / without; and tallied as ``verlies simulate`` and sweeps do
   (``FeelTally``: exact fraction sums), CPU ms per game and (trace + tally) / without;
3. with ``--skill N``: a skill trace of N games per budget (``--budgets``), its wall
   and CPU seconds (2 workers with ``--workers 2``); ``--luck-only`` also that of the
   luck-only deck (``feel.luck_only``: every test passed by any roll), which should
   read flat;
4. with ``--instructions``: the same comparison counted in instructions under valgrind
   (callgrind), which the machine's load does not move: per player count, one process
   plays ``--instr-games`` games without the trace, with it, with it again and without
   again, and tallies the first traced run's records, each phase counted on its own (the
   process marks them through callgrind's client requests: a small C helper compiled with
   gcc into a temporary folder; valgrind's headers needed), each phase after
   ``gc.collect()``; instructions per game and the ratios;
5. with ``--calibrate``: the estimator's weights fitted on 400 games per player count
   (default deck, careful, seed 4000), as ``feel.WEIGHTS`` holds them;
6. with ``--holdout N``: the win-chance estimate on N held-out games per player count
   (seed 9000, never fitted on): log-loss and Brier score over every turn row of even
   chances, the shipped estimator, the same features refitted on the calibration games,
   and candidates with more of what a turn row shows (who moves; the cards left), each
   fitted on the same 400 calibration games; with the CPU microseconds per turn row;
7. with ``--rollouts N [--per-row K]``: the rollout estimate (K careful games played on
   from each turn start of the first N held-out games) against the shipped estimator and
   even chances on the same games, and its CPU cost per turn row.

    .venv/bin/python benchmarks/feel.py [--games 300] [--rounds 6] [--players 2,3,4]
                                        [--skill 24 --budgets 1,2,4,8 --workers 2
                                         --luck-only] [--instructions] [--calibrate]
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence

from verlies.sim import simulate
from verlies.sim.feel import (
    FEATURES,
    FeelTally,
    estimator_for,
    feel_report,
    fit_estimator,
    luck_only,
    skill_trace,
)
from verlies.sim.feel import estimator as est_module
from verlies.sim.feel.estimator import FEATURE_MAP, fit_weights, rollout_chances, scores
from verlies.sim.feel.show import turn_starts
from verlies.sim.records import bot_seed, make_bots, play_record
from verlies.sim.run import RunSpec, lab_game


def _mover(row: Sequence[int], players: int) -> list[list[float]]:
    """The shipped features and whether the seat moves this turn."""
    xs = FEATURE_MAP(row, players)
    for i, x in enumerate(xs):
        x.append(1.0 if row[0] == i else 0.0)
    return xs


def _mover_clock(row: Sequence[int], players: int) -> list[list[float]]:
    """Those and the gold behind weighed by how few dungeon cards are left (row[2])."""
    xs = _mover(row, players)
    clock = 1.0 / (1.0 + row[2] / 10.0)
    for x in xs:
        x.append(x[3] * clock)
    return xs


def holdout(players: int, games: int) -> None:
    train = simulate(400, players=players, characters="all", seed=4000, keep_records=True)
    test = simulate(games, players=players, characters="all", seed=9000, keep_records=True)
    fit, held = train.records or [], test.records or []
    shipped = estimator_for(players)
    candidates: list[tuple[str, Callable[[Sequence[int]], list[float]]]] = [
        ("even chances", lambda _row: [1.0 / players] * players),
        ("shipped (7 features)", shipped.chances),
    ]
    for name, fmap, k in (
        ("refitted, same 7", FEATURE_MAP, len(FEATURES)),
        ("+ who moves (8)", _mover, len(FEATURES) + 1),
        ("+ who moves, gold x cards left (9)", _mover_clock, len(FEATURES) + 2),
    ):
        w = fit_weights(fit, players, fmap, k)
        candidates.append((name, lambda row, w=w, f=fmap: softmax_of(w, f(row, players))))
    even = None
    for name, chances in candidates:
        if name.startswith("rollouts"):
            continue
        t = time.process_time()
        got = scores(held, players, chances)
        cost = (time.process_time() - t) / max(1, got["rows"]) * 1e6
        even = even or got["log_loss"]
        print(
            f"{players} players, {got['games']} held-out games ({got['rows']} turn rows), "
            f"{name}: log-loss {got['log_loss']:.4f} ({got['log_loss'] / even:.3f} of even), "
            f"Brier {got['brier']:.4f}, {cost:.1f} us/row"
        )


def rollouts(players: int, games: int, per_row: int) -> None:
    """The rollout estimate (``feel.estimator.rollout_chances``, careful bots, ``per_row``
    rollouts from each turn start) on the first ``games`` held-out games, beside the
    shipped estimator and even chances on the same games."""
    test = simulate(games, players=players, characters="all", seed=9000, keep_records=True)
    held = test.records or []
    rows: dict[tuple[int, int], list[float]] = {}
    t = time.process_time()
    for r in held:
        game = lab_game(test.spec, r.index)
        for turn, step in enumerate(turn_starts(game)):
            game.goto(step)
            rows[(r.index, turn)] = rollout_chances(game, per_row, seed=r.index * 1000 + turn)
    cost = time.process_time() - t
    by_row: dict[tuple[int, ...], list[float]] = {}
    for r in held:
        assert r.feel is not None
        for turn, row in enumerate(r.feel.turn_rows()):
            by_row[tuple(row)] = rows[(r.index, turn)]
    got = scores(held, players, lambda row: by_row[tuple(row)])
    even = scores(held, players, lambda _row: [1.0 / players] * players)
    shipped = scores(held, players, estimator_for(players).chances)
    for name, s in (("even chances", even), ("shipped", shipped), ("rollouts", got)):
        print(
            f"{players} players, {s['games']} held-out games ({s['rows']} turn rows), {name}"
            f"{f' ({per_row} per row)' if name == 'rollouts' else ''}: log-loss "
            f"{s['log_loss']:.4f} ({s['log_loss'] / even['log_loss']:.3f} of even), "
            f"Brier {s['brier']:.4f}"
        )
    print(f"  rollouts cost {cost / max(1, got['rows']) * 1000:.1f} ms CPU per turn row")


def softmax_of(weights: Sequence[float], xs: list[list[float]]) -> list[float]:
    scores_ = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in xs]
    top = max(scores_)
    es = [math.exp(v - top) for v in scores_]
    total = sum(es)
    return [e / total for e in es]


def _play(spec: RunSpec, lo: int, hi: int, feel: bool) -> tuple[float, list[object]]:
    bots, _ = make_bots(list(spec.bots), spec.players)
    out = []
    t = time.process_time()
    for i in range(lo, hi):
        game = spec.new_game(i)
        for seat, bot in enumerate(bots):
            bot.reseed(bot_seed(game.setup.seed, seat))  # type: ignore[attr-defined]
        out.append(play_record(game, bots, i, feel=feel))
    return time.process_time() - t, out


def cost(players: int, games: int, rounds: int) -> None:
    spec = RunSpec.build(players=players, characters="all", seed=1)
    per = max(1, games // rounds)
    plain = traced = figures = tallied = 0.0
    ratios = []
    # The estimator's chances are kept per standings across a run's games
    # (Estimator.chances_of): the report and the tally each get a cache of their own, as
    # two runs would, never the chances the other has just worked out for the same games.
    caches: tuple[dict[object, object], dict[object, object]] = ({}, {})
    for k in range(rounds):
        lo, hi = k * per, (k + 1) * per
        order = (False, True) if k % 2 == 0 else (True, False)
        took = {}
        for feel in order:
            took[feel], recs = _play(spec, lo, hi, feel)
            if feel:
                _use_cache(caches[0])
                t = time.process_time()
                feel_report(recs)  # type: ignore[arg-type]
                figures += time.process_time() - t
                _use_cache(caches[1])
                t = time.process_time()
                FeelTally().add_all(recs)  # type: ignore[arg-type]
                tallied += time.process_time() - t
        plain += took[False]
        traced += took[True]
        ratios.append(took[True] / took[False])
    n = per * rounds
    print(
        f"{players} players, {n} games: without the trace {plain / n * 1000:.2f} ms/game, "
        f"with it {traced / n * 1000:.2f} ms/game; ratio {traced / plain:.3f} "
        f"(median of {rounds} rounds {statistics.median(ratios):.3f}); figures from the "
        f"records {figures / n * 1000:.3f} ms/game, (trace + figures) / without "
        f"{(traced + figures) / plain:.3f}; tallied as verlies simulate does (exact "
        f"sums) {tallied / n * 1000:.3f} ms/game, (trace + tally) / without "
        f"{(traced + tallied) / plain:.3f}"
    )


def _use_cache(cache: dict[object, object]) -> None:
    """Let the estimator keep its chances in ``cache`` (read at each call by name)."""
    est_module.KEPT_CHANCES = cache  # type: ignore[assignment]


def _cpu_tree() -> float:
    """CPU seconds (user + system) of this process and of its children that have ended
    (a worker pool's processes, once it is shut down)."""
    import resource

    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def skill(args: argparse.Namespace, deck: object) -> None:
    """A skill trace of ``args.skill`` games per budget: its wall and CPU seconds (this
    process and its pool's workers) and the quiet-equivalent time on 2 cores (CPU / 2: the
    issue's bound, at most 10 minutes for 4 budgets on the default deck), with its
    reading in both languages."""
    budgets = tuple(int(x) for x in args.budgets.split(","))
    load0 = os.getloadavg()
    t0, c0 = time.perf_counter(), _cpu_tree()
    if args.workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(args.workers) as ex:
            tr = skill_trace(args.skill, budgets, args.skill_players, deck, executor=ex)
    else:
        tr = skill_trace(args.skill, budgets, args.skill_players, deck)
    wall, cpu = time.perf_counter() - t0, _cpu_tree() - c0
    quiet = cpu / 2
    print(
        f"skill trace of {tr.label}, {args.skill} games x {len(budgets)} budgets + careful, "
        f"{args.skill_players} players, {args.workers} worker(s): {wall:.1f} s wall, "
        f"{cpu:.1f} CPU-s (this process and its workers) = {quiet:.1f} s on 2 quiet cores "
        f"({'within' if quiet <= 600 else 'OVER'} the 10-minute bound); load average "
        f"before {load0}, after {os.getloadavg()}"
    )
    for b in budgets:
        g = tr.gain(b)
        print(
            f"  budget {b}: wins {g['win_rate']:.3f} ({g['ci_low']:.3f}-{g['ci_high']:.3f}), "
            f"careful {g['careful_rate']:.3f}, gain {g['gain']:+.3f} "
            f"({g['gain_low']:+.3f}..{g['gain_high']:+.3f}), "
            f"{g['rollouts_per_game']:.0f} rollouts/game"
        )
    print(f"  levels off at {tr.levels_off}")
    print("  " + tr.text("en").splitlines()[-1])


#: A helper that lets a process under callgrind mark its own phases (client requests,
#: valgrind/callgrind.h): compiled once into a temporary folder (needs gcc and valgrind's
#: headers).
_MARKS = """#include <valgrind/callgrind.h>
void mark(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }
void zero(void) { CALLGRIND_ZERO_STATS; }
"""


def _phases(players: int, games: int, lib_path: str) -> None:
    """Run under callgrind (by ``instructions``): the same ``games`` in one process, in the
    order without, with the trace, with it, without (so that what one run leaves warm for
    the next, such as the bots' kept graphs, favours neither side), each phase ended by a
    dump named after it; the tally (``FeelTally``, as ``verlies simulate`` counts) of the
    first traced run's records is a phase of its own, with the estimator's kept chances
    cleared first (what a fresh run of ``games`` games pays)."""
    import ctypes

    lib = ctypes.CDLL(lib_path)
    spec = RunSpec.build(players=players, characters="all", seed=1)
    _play(spec, 1000, 1002, False)  # imports and first-use caches, outside the count
    _play(spec, 1000, 1002, True)
    FeelTally().add_all(_play(spec, 1000, 1002, True)[1])  # type: ignore[arg-type]
    est_module.KEPT_CHANCES.clear()
    recs: list[object] = []
    for k, feel in enumerate((False, True, True, False)):
        # Each phase from the same collector state: a full collection made due by the
        # phases before (about 17 M instructions here) lands in none by chance.
        recs.clear()
        gc.collect()
        lib.zero()
        _, recs = _play(spec, 0, games, feel)
        lib.mark(f"{'trace' if feel else 'plain'}{k}".encode())
        if k == 1:
            est_module.KEPT_CHANCES.clear()
            gc.collect()
            lib.zero()
            FeelTally().add_all(recs)  # type: ignore[arg-type]
            lib.mark(b"tally")


def instructions(players: int, games: int) -> None:
    """Instructions counted by callgrind (the machine's load does not move them) for
    ``games`` games played without the trace, with it, and for the tally, in one process
    (``_phases``): per game, and the ratios trace / without and (trace + tally) /
    without."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        lib = os.path.join(tmp, "marks.so")
        src = os.path.join(tmp, "marks.c")
        with open(src, "w") as f:
            f.write(_MARKS)
        subprocess.run(["gcc", "-O2", "-shared", "-fPIC", "-o", lib, src], check=True)
        out = os.path.join(tmp, "cg.out")
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable]
        cmd += [__file__, "--_phases", f"{players},{games},{lib}"]
        subprocess.run(cmd, capture_output=True, text=True, check=True)
        got: dict[str, int] = {}
        for name in os.listdir(tmp):
            if name.startswith("cg.out."):
                with open(os.path.join(tmp, name)) as f:
                    text = f.read()
                m = re.search(r"^desc: Trigger: Client Request: (\S+)", text, re.M)
                n = re.search(r"^(?:summary|totals): (\d+)", text, re.M)
                if m and n:
                    got[m.group(1)] = int(n.group(1))
    plain = got["plain0"] + got["plain3"]
    traced = got["trace1"] + got["trace2"]
    tally = got["tally"]
    print(
        f"{players} players, {games} games under callgrind (one process; without, with, "
        f"with, without): without the trace {plain / 2 / games / 1e6:.2f} M "
        f"instructions/game (the two runs {got['plain0'] / games / 1e6:.2f} and "
        f"{got['plain3'] / games / 1e6:.2f}), with it {traced / 2 / games / 1e6:.2f} M, "
        f"the tally {tally / games / 1e6:.3f} M; ratio trace / without "
        f"{traced / plain:.4f}, (trace + tally) / without {(traced + 2 * tally) / plain:.4f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--skill", type=int, default=0)
    ap.add_argument("--budgets", default="1,2,4,8")
    ap.add_argument("--skill-players", type=int, default=4)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--luck-only", action="store_true", help="also the luck-only deck's trace")
    ap.add_argument(
        "--decks", default="", help="the skill traces' decks in order, e.g. luck,default"
    )
    ap.add_argument("--calibrate", action="store_true")
    ap.add_argument("--holdout", type=int, default=0)
    ap.add_argument("--rollouts", type=int, default=0, help="held-out games to roll out from")
    ap.add_argument("--per-row", type=int, default=16, help="rollouts per turn row")
    ap.add_argument("--instructions", action="store_true")
    ap.add_argument("--instr-games", type=int, default=10)
    ap.add_argument("--_phases", default="", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args._phases:
        p, n, lib = args._phases.split(",")
        _phases(int(p), int(n), lib)
        return
    print(f"load average {os.getloadavg()}")
    for p in (int(x) for x in args.players.split(",") if x):
        if args.games:
            cost(p, args.games, args.rounds)
    if args.instructions:
        for p in (int(x) for x in args.players.split(",") if x):
            instructions(p, args.instr_games)
    if args.skill:
        names = args.decks.split(",") if args.decks else ["default"]
        if args.luck_only and not args.decks:
            names.append("luck")
        for name in names:
            skill(args, {"default": None, "luck": luck_only()}[name])
    if args.calibrate:
        for p in (2, 3, 4):
            res = simulate(
                400, players=p, characters="all", seed=4000, workers=1, keep_records=True
            )
            print(p, fit_estimator(res.records or [], p).weights)
    if args.holdout:
        for p in (int(x) for x in args.players.split(",") if x):
            holdout(p, args.holdout)
    if args.rollouts:
        for p in (int(x) for x in args.players.split(",") if x):
            rollouts(p, args.rollouts, args.per_row)


if __name__ == "__main__":
    main()

"""Racing a candidate against the best so far, in blocks of games (issue 37).

A candidate of :func:`verlies.sim.tune.tune` plays its games (the study's, or a check's)
in blocks of :data:`BLOCK`; after each block but the last, the games played so far bound
from below how far off the targets the candidate will lie on *all* its games. When that
bound, plus the candidate's fixed cost (its edits and steps), already exceeds the score
to beat (the best candidate's so far), the candidate cannot become the proposal: its
remaining games are not played (a racing / successive-halving step). Candidates that
survive play every game, so their figures are exactly those of a search without racing.

**The bound** is a prediction interval for each character's win rate on all the games,
given the games so far: with ``w`` wins in ``n`` games of the character so far and about
``r`` games of it still to come (``n`` × games left / games played), the final rate is
``(w + W) / (n + r)`` with ``W`` the wins to come, so it lies within
``w / n ± z · r / (n + r) · √(¼ · (1/r + 1/n))`` (the binomial variance at its largest,
¼, so no estimate of it is trusted). The distance of that interval from the band is the
least the final rate can lie off it; the sum over the characters (other quantities
counted as 0) bounds the violation. ``z`` holds for every character and every look
together (Bonferroni over both: :data:`RACE_ALPHA` / (2 × characters × looks)), so a
candidate whose full games would have beaten the score is dropped with probability at
most :data:`RACE_ALPHA`, however many looks are taken.

The looks read the games in index order (the first ``k`` × :data:`BLOCK` games, whatever
finished first), so the same seed stops at the same game on any number of workers.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from statistics import NormalDist
from typing import Any

from verlies.sim.metrics import Metrics
from verlies.sim.records import GameRecord
from verlies.sim.run import CancelToken, RunInfo, RunSpec, batch_size, planned_workers, run_tasks
from verlies.sim.run import split as split_games
from verlies.sim.tune.goals import Target
from verlies.sim.tune.verification import target_for

__all__ = ["BLOCK", "RACE_ALPHA", "looks", "play_blocks", "violation_floor"]

#: Games per block: a look after each.
BLOCK = 100
#: The chance that racing drops a candidate whose full games would have scored lower than
#: the score it was raced against (for all looks and characters together).
RACE_ALPHA = 0.01


def looks(games: int, block: int | None = None) -> int:
    """How many looks a run of ``games`` takes: one after each full block but the last."""
    return max(0, math.ceil(games / (BLOCK if block is None else block)) - 1)


def violation_floor(
    m: Metrics, played: int, total: int, targets: Sequence[Target], alpha: float = RACE_ALPHA
) -> float:
    """The least violation (points) the candidate's ``total`` games can show, given its
    first ``played`` games ``m``, with error at most ``alpha`` over every character and
    every look of a run of ``total`` games (see the module)."""
    if played >= total:
        return 0.0
    keys = [f"win:{cid}" for cid in sorted(m.characters)]
    wins = [k for k in keys if any(t.key in ("win:*", k) for t in targets)]
    if not wins:
        return 0.0
    k = len(wins) * max(1, looks(total))
    z = NormalDist().inv_cdf(1 - alpha / (2 * k))
    floor = 0.0
    for key in wins:
        side = m.characters[key[4:]]
        n = side.games
        if n == 0:
            continue
        rest = n * (total - played) / played
        half = z * rest / (n + rest) * math.sqrt(0.25 * (1 / rest + 1 / n))
        p = side.wins / n
        t = target_for(targets, key)
        floor += 100.0 * max(0.0, t.low - (p + half), (p - half) - t.high)
    return floor


def play_blocks(
    spec: RunSpec,
    total: int,
    *,
    stop: Callable[[Metrics, int], bool] | None,
    executor: Any = None,
    workers: int | None = None,
    cancel: CancelToken | None = None,
    block: int | None = None,
) -> tuple[Metrics | None, int]:
    """Play games ``0..total`` of ``spec``; after each full block of ``block`` games in
    index order (not the last), ``stop(metrics so far, games so far)`` may end the run.
    Returns the metrics of the games read (all of them, or the first blocks when stopped)
    and how many that is; ``(None, 0)`` when cancelled. Without ``stop``, or when it never
    says so, the metrics are those of ``simulate(total, …)`` (the same games)."""
    block = BLOCK if block is None else block
    size = batch_size(total, planned_workers(executor, workers))
    while block % size:
        size -= 1
    info = RunInfo()
    runs = run_tasks(
        [spec],
        split_games(total, size),
        executor=executor,
        workers=workers,
        cancel=cancel,
        info=info,
    )
    m = Metrics(spec.players)
    waiting: dict[int, tuple[int, list[GameRecord]]] = {}
    upto = 0
    try:
        for task, (records,) in runs:
            waiting[task.start] = (task.stop, records)
            while upto in waiting:
                stop_at, recs = waiting.pop(upto)
                m.add_all(recs)
                upto = stop_at
                if stop is not None and upto % block == 0 and upto < total and stop(m, upto):
                    return m, upto
    finally:
        runs.close()
    if info.cancelled or upto < total:
        return None, 0
    return m, upto

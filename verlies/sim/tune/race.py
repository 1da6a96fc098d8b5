"""Racing a candidate against the best so far, in blocks of games (issue 37).

A candidate of :func:`verlies.sim.tune.tune` plays its games (the study's, or a check's)
in blocks of :data:`BLOCK`; after each block but the last, the games played so far bound
from below how far off the targets the candidate will lie on *all* its games. When that
bound, plus the candidate's fixed cost (its edits and steps), already exceeds the score
to beat (the best candidate's so far), the candidate cannot become the proposal: its
remaining games are not played (a racing / successive-halving step). Candidates that
survive play every game, so their figures are exactly those of a search without racing.

**The bound** is an interval for each character's win rate on all the games, given the
games so far. The candidate's games are fixed by their seeds and independent of each
other; read in index order, the character's first ``n`` games are a sample without
replacement of its ``N`` games in all (``N`` ≈ ``n`` × games in all / games played so far).
So the ``w`` wins seen so far follow the hypergeometric law of ``n`` draws from ``N``
games holding ``K`` wins, and every ``K`` under which ``w`` lies in neither tail (each
tail's chance above ``a``) stays possible: the final rate lies in ``[K_lo / N, K_hi / N]``.
This is exact (no normal approximation) and needs no variance: a character whose rate is
far from ½ gets the narrower interval its own variance gives (the first version took the
binomial variance at its largest, ¼, for every character). The distance of that interval
from the band is the least the final rate can lie off it; the sum over the characters
(other quantities counted as 0) bounds the violation. ``a`` holds for every character and
every look together (Bonferroni over both sides, the characters and the looks:
:data:`RACE_ALPHA` / (2 × characters × looks)), so a candidate whose full games would have
beaten the score is dropped with probability at most :data:`RACE_ALPHA`, however many
looks are taken.

The looks read the games in index order (the first ``k`` × :data:`BLOCK` games, whatever
finished first), so the same seed stops at the same game on any number of workers.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from verlies.sim.metrics import Metrics
from verlies.sim.records import GameRecord
from verlies.sim.run import CancelToken, RunInfo, RunSpec, batch_size, planned_workers, run_tasks
from verlies.sim.run import split as split_games
from verlies.sim.tune.goals import Target
from verlies.sim.tune.verification import target_for

__all__ = ["BLOCK", "RACE_ALPHA", "final_rate_bounds", "looks", "play_blocks", "violation_floor"]

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
    a = alpha / (2 * len(wins) * max(1, looks(total)))
    floor = 0.0
    for key in wins:
        side = m.characters[key[4:]]
        n = side.games
        if n == 0:
            continue
        t = target_for(targets, key)
        if t.low <= side.wins / n <= t.high:
            continue  # the interval holds the rate so far: it meets the band
        n_all = max(n, round(n * total / played))  # its games in all, as so far
        above = side.wins / n > t.high  # only that end of the interval can lie off the band
        k = _k_bound(side.wins, n, n_all, a, most=not above)
        floor += 100.0 * max(0.0, k / n_all - t.high if above else t.low - k / n_all)
    return floor


def final_rate_bounds(w: int, n: int, total: int, a: float) -> tuple[float, float]:
    """The final win rate of ``total`` games (``K`` / ``total``), given ``w`` wins in the
    first ``n`` of them read in random order: the least and the most ``K`` under which
    seeing ``w`` or more (resp. ``w`` or fewer) wins has a chance above ``a`` (the
    hypergeometric law; each bound is wrong with chance at most ``a``)."""
    total = max(total, n)
    return _k_bound(w, n, total, a, most=False) / total, _k_bound(w, n, total, a, most=True) / total


def _k_bound(w: int, n: int, total: int, a: float, *, most: bool) -> int:
    """The least ``K`` (``most``: the most) whose tail at ``w`` has a chance above ``a``,
    by halving between ``w`` × ``total`` / ``n`` (a tail of about ½) and the end."""
    mid_k = min(w + total - n, max(w, w * total // n))
    if not most:  # P(X >= w | K) grows with K
        lo, hi = w, mid_k
        while lo < hi:
            mid = (lo + hi) // 2
            lo, hi = (lo, mid) if _hyper_tail(w, n, total, mid, upward=True) > a else (mid + 1, hi)
        return lo
    lo, hi = mid_k, w + total - n  # P(X <= w | K) falls with K
    while lo < hi:
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if _hyper_tail(w, n, total, mid, upward=False) > a else (lo, mid - 1)
    return lo


def _hyper_tail(w: int, n: int, total: int, k: int, *, upward: bool) -> float:
    """P(X >= w) (``upward``) or P(X <= w) for X the wins among ``n`` of ``total`` games
    drawn without replacement, ``k`` of them wins: summed from ``w`` away from the middle
    (the terms only fall there), until they no longer change the sum."""
    first, last = max(0, n - (total - k)), min(n, k)  # the X possible
    if (upward and w > last) or (not upward and w < first):
        return 0.0
    if (upward and w <= first) or (not upward and w >= last):
        return 1.0
    mode = (n + 1) * (k + 1) // (total + 2)
    if upward and w <= mode:  # the terms would rise first: the other tail's complement
        return max(0.0, 1.0 - _hyper_tail(w - 1, n, total, k, upward=False))
    if not upward and w >= mode:
        return max(0.0, 1.0 - _hyper_tail(w + 1, n, total, k, upward=True))
    x = w
    p = math.exp(_log_choose(k, x) + _log_choose(total - k, n - x) - _log_choose(total, n))
    acc = p
    while p > acc * 1e-15 and (x < last if upward else x > first):
        if upward:  # pmf(x + 1) / pmf(x)
            p *= (k - x) * (n - x) / ((x + 1) * (total - k - n + x + 1))
            x += 1
        else:
            p *= x * (total - k - n + x) / ((k - x + 1) * (n - x + 1))
            x -= 1
        acc += p
    return min(1.0, acc)


def _log_choose(a: int, b: int) -> float:
    return math.lgamma(a + 1) - math.lgamma(b + 1) - math.lgamma(a - b + 1)


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

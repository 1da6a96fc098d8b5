"""Searching on after a check that misses (issue 37): when the independent check on fresh
games leaves an estimate outside its band (or a target it cannot tell yet), the search goes
on from the checked proposal, aimed at the row the answer names, and checks again.

A round: the proposal's one-number neighbours aimed at that row
(:func:`~verlies.sim.tune.focus.neighbours`, read from the check's own estimates, which
are fresher than the search's), :data:`STEPS` of them spread from the largest move to the
smallest (when none of them is nearer, the next :data:`STEPS` spread over the rest, up to
:data:`PASSES` passes in all), each played on the *same* fresh games as the check (common random
numbers: they differ from the proposal by their numbers, not by luck). The best of them,
when it lies nearer the targets than the proposal on those games (or, all inside the
bands, nearer the middle of the named row's band), becomes the next proposal and is checked
on new fresh games, from a seed no choice used. The proposal before the step is played on
those new games too (paired, :func:`keeps`): the step is kept only when it lies nearer the
targets than the proposal before it there (then nearer the named row's aim), and its
check's outcome ranks no lower than the answer's so far (meets > improved > legal > no
improvement). Else the round ends the search and the earlier proposal stands with its own
check: a step chosen on one set of games that is worse on the next is not taken on rank
alone (suggest7: barbar-666-goblin-10's third round, "improved" both times, had put the
Barbarian from 1.00 to 4.25 points off). Every check's verdicts run at ``alpha`` /
(rounds + 1) (Bonferroni over the checks), so whichever check the answer comes from, its
claims hold with ``alpha`` together.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from verlies.sim.metrics import Metrics
from verlies.sim.run import CancelToken
from verlies.sim.tune.focus import neighbours, off_band
from verlies.sim.tune.goals import Knob, Target
from verlies.sim.tune.result import TuneResult
from verlies.sim.tune.verification import display_unit, quantities, target_for, violation

__all__ = ["PASSES", "RANK", "STEPS", "aim_of", "check_seed", "keeps", "search_on", "spread"]

#: Neighbours played per round after a check, a pass at a time.
STEPS = 3
#: Passes of :data:`STEPS` neighbours a round may play: the next only when none of the
#: earlier ones was nearer the targets than the proposal. 1 (as before suggest7): a second
#: pass changed none of the decks it was for (docs/decisions.md, suggest7).
PASSES = 1
#: How an outcome ranks: an earlier check's proposal stays when the next one ranks lower.
RANK = {"meets": 4, "improved": 3, "legal": 2, "no_improvement": 1}


class Player(Protocol):
    """What a round reads of the search's job: the knobs, the targets, the start deck, the
    check's size, how a candidate is built and played."""

    knobs: list[Knob]
    tlist: list[Target]
    start: Any
    vgames: int
    vseed: int

    def build(self, values: Mapping[str, int | tuple[int, int, int]]) -> tuple[Any, list[str]]: ...

    def play(
        self, cand: Any, games: int, seed: int, cancel: CancelToken | None
    ) -> Metrics | None: ...

    def race(
        self,
        cand: Any,
        games: int,
        seed: int,
        cancel: CancelToken | None,
        beat: float | None,
        cost: float = 0.0,
    ) -> tuple[Metrics | None, int]: ...


def check_seed(vseed: int, number: int) -> int:
    """The seed of the ``number``-th check after the first (1, 2, …): none a choice used."""
    h = hashlib.sha256(f"verlies-tune-recheck:{vseed}:{number}".encode()).digest()
    return int.from_bytes(h[:4], "big")


def aim_of(result: TuneResult) -> tuple[str, dict[str, float], list[Target]] | None:
    """What the next round aims at, from the check's rows of the proposal: the row the
    headline names (:meth:`TuneResult.focus_row`), the estimates, and the targets to aim
    by. An estimate outside its band: the targets as they are. Every estimate inside but
    the named row not decided: that row aimed at its band's middle. None: nothing to aim
    at (every target met, or no check)."""
    row = result.focus_row()
    v = result.verification
    if row is None or v is None:
        return None
    measured = {str(q["key"]): float(q["value"]) for q in v["quantities"]}
    if any(math.isnan(x) for x in measured.values()):
        return None
    key = str(row[1]["key"])
    if off_band(measured, result.targets):
        return key, measured, list(result.targets)
    t = target_for(result.targets, key)
    if math.isinf(t.low) or math.isinf(t.high):
        mid = t.high if math.isinf(t.low) else t.low
    else:
        mid = (t.low + t.high) / 2
    return key, measured, [*result.targets, Target(key, mid, mid)]


def spread(items: Sequence[Any], n: int) -> list[Any]:
    """At most ``n`` of ``items``, evenly spaced from the first to the last (the largest
    move, the smallest and between)."""
    if len(items) <= n:
        return list(items)
    if n == 1:
        return [items[0]]
    picks = sorted({round(i * (len(items) - 1) / (n - 1)) for i in range(n)})
    return [items[i] for i in picks]


def _gap(q: Mapping[str, float], key: str, aim: Sequence[Target]) -> float:
    """How far ``key``'s estimate lies from the aimed band (its middle when all inside)."""
    t = target_for(aim, key)
    x = q[key]
    return display_unit(key) * max(0.0, t.low - x, x - t.high)


def search_on(
    result: TuneResult,
    job: Player,
    rounds: int,
    check: Callable[[TuneResult, int], Any],
    cancel: CancelToken | None = None,
) -> TuneResult:
    """Up to ``rounds`` rounds after ``result``'s check (see the module); ``check(result,
    seed)`` checks a proposal on ``job.vgames`` fresh games from ``seed``. The answer's
    ``search["searched_on"]`` lists the rounds: the step taken (knob, value), the
    neighbours played (and of them raced out, :mod:`~verlies.sim.tune.race`, and the games
    racing did not play), the check's
    seed and outcome, and whether it was kept."""
    log: list[dict[str, Any]] = []
    answer, cur = result, result
    for number in range(1, rounds + 1):
        if cancel is not None and cancel.is_set():
            break
        if cur.verification is None or cur.outcome not in RANK or cur.outcome == "meets":
            break  # met, nothing searched (within, undecided), or not checked
        step = _step(cur, job, cancel)
        if step is None:
            break
        values, played, raced, saved, q = step
        aim = aim_of(cur)
        nxt = _proposal(cur, job, values, q, number)
        seed = check_seed(job.vseed, number)
        check(nxt, seed)
        if nxt.verification is None:
            break  # cancelled during the check: the answer so far stands
        # the proposal before the step on the new check's games (paired)
        before = job.play(cur.proposal, int(nxt.verification["games"]), seed, cancel)
        if before is None:
            break
        assert aim is not None  # _step found one
        kept, dist = keeps(nxt, quantities(before, job.tlist), answer, aim[0], aim[2], job.tlist)
        moved = [k.name for k in job.knobs if values[k.name] != _value(cur, k)]
        log.append(
            {
                "round": number,
                "played": played,
                "raced": raced,
                "race_saved": saved,
                "step": moved,
                "seed": nxt.verification["seed"],
                "outcome": nxt.outcome,
                # distances to the targets on this check's games: the step, the one before
                "distance": dist[0],
                "before": dist[1],
                "kept": kept,
            }
        )
        if not kept:
            break
        answer = cur = nxt
    if log:
        answer.search = answer.search | {"searched_on": log}
    return answer


def keeps(
    nxt: TuneResult,
    before: Mapping[str, float],
    answer: TuneResult,
    key: str,
    aim: Sequence[Target],
    targets: Sequence[Target],
) -> tuple[bool, tuple[float, float]]:
    """Whether a round's step ``nxt`` (checked) is kept: nearer the targets than the
    proposal before it (``before``: its estimates on ``nxt``'s check games, paired), ties
    broken by the aimed row ``key``'s gap to ``aim`` (as the step was chosen), or as near
    and of a higher rank; and its outcome ranks no lower than ``answer``'s. Also the two
    distances to the targets on those games (the step's, the one before)."""
    v = nxt.verification
    assert v is not None
    mine = {str(q["key"]): float(q["value"]) for q in v["quantities"]}
    own = (round(violation(mine, targets), 9), round(_gap(mine, key, aim), 9))
    was = (round(violation(before, targets), 9), round(_gap(before, key, aim), 9))
    rank, old = RANK.get(nxt.outcome, 0), RANK.get(answer.outcome, 0)
    nearer = own < was or (own == was and rank > old)
    return nearer and rank >= old, (own[0], was[0])


def _value(result: TuneResult, k: Knob) -> int | tuple[int, int, int]:
    return result.edits.get(k.name, k.current)


def _step(
    cur: TuneResult, job: Player, cancel: CancelToken | None
) -> tuple[dict[str, int | tuple[int, int, int]], int, int, int, dict[str, float]] | None:
    """The best neighbour of ``cur``'s proposal on ``cur``'s check games, when nearer than
    the proposal; its values, how many neighbours were played (of them raced out), the
    games racing did not play, its estimates. None: no nearer neighbour (or cancelled).
    The neighbours are played :data:`STEPS` at a time, spread over those not yet played,
    for at most :data:`PASSES` passes: the next pass only when none so far was nearer."""
    aim = aim_of(cur)
    v = cur.verification
    if aim is None or v is None:
        return None
    key, measured, targets = aim
    values = {k.name: _value(cur, k) for k in job.knobs}
    pool = neighbours(cur.proposal, job.knobs, values, measured, targets)
    own = (float(v["violation"]), _gap(measured, key, targets))
    best: tuple[tuple[float, float], int, dict[str, Any], dict[str, float]] | None = None
    counts = [0, 0, 0]  # played, raced out, games racing did not play
    for _ in range(PASSES):
        batch = spread(pool, STEPS)
        pool = [p for p in pool if p not in batch]
        found = _play_neighbours(batch, cur, job, cancel, own, best, key, targets, counts)
        if found is None:
            return None  # cancelled
        best = found[0]
        if (best is not None and best[0] < own) or not pool:
            break
    if best is None or best[0] >= own:
        return None
    return best[2], counts[0], counts[1], counts[2], best[3]


def _play_neighbours(
    batch: Sequence[dict[str, Any]],
    cur: TuneResult,
    job: Player,
    cancel: CancelToken | None,
    own: tuple[float, float],
    best: Any,
    key: str,
    targets: list[Target],
    counts: list[int],
) -> tuple[Any] | None:
    """Play ``batch`` on ``cur``'s check games; the best so far among them and ``best``
    (``counts`` added to). None: cancelled."""
    v = cur.verification
    assert v is not None
    for vals in batch:
        deck, problems = job.build(vals)
        if problems:
            continue
        # raced (verlies.sim.tune.race) against the lowest distance so far: a neighbour
        # bound to lie further off than the proposal or a better neighbour is not chosen
        beat = own[0] if best is None else min(own[0], best[0][0])
        m, got = job.race(deck, int(v["games"]), int(v["seed"]), cancel, beat)
        if m is None:
            return None
        counts[0] += 1
        if got < int(v["games"]):
            counts[1] += 1
            counts[2] += int(v["games"]) - got
            continue
        q = quantities(m, job.tlist)
        score = (round(violation(q, job.tlist), 9), _gap(q, key, targets))
        i = counts[0]
        if best is None or (score, i) < (best[0], best[1]):
            best = (score, i, vals, q)
    return (best,)


def _proposal(
    cur: TuneResult,
    job: Player,
    values: Mapping[str, int | tuple[int, int, int]],
    q: Mapping[str, float],
    number: int,
) -> TuneResult:
    """The start deck with ``values`` as a result not yet checked; its search record says
    which round found it and its estimates on the games it was chosen on."""
    edits = {k.name: values[k.name] for k in job.knobs if values[k.name] != k.current}
    proposal = job.start
    for k in job.knobs:
        if k.name in edits:
            proposal = k.apply(proposal, edits[k.name])
    off = round(violation(q, job.tlist), 9)
    search = cur.search | {
        "search_quantities": dict(q),
        "best_violation": off,
        "found_in_round": number,
        "pruned": [],
    }
    return TuneResult(job.start, proposal, job.knobs, edits, job.tlist, off == 0.0, search)

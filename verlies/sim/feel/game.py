"""One game's game-feel figures from its record's trace (docs/metrics.md "Game feel")."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, fields
from operator import itemgetter
from typing import Any

from verlies.sim.feel.estimator import FIGURES, KINGMAKER, THRESHOLD, Estimator, estimator_for
from verlies.sim.records import TURN_WIDTH, GameRecord, SimulationError

# ---- one game ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameFeel:
    """One game's figures (docs/metrics.md "Game feel"); None where a figure has no
    meaning for the game (no winner, one player, nobody waited)."""

    index: int
    seed: int
    players: int
    turns: int  # turn rows
    lead_changes: int
    decisiveness: float | None  # share of the game before it was decided
    decided_turn: int | None  # the turn (row) from which the winner stayed above THRESHOLD
    drama: float | None  # the winner's largest gap to the favourite, in win chance
    worst_turn: int | None  # the turn (row) of that gap
    comeback: bool | None  # won by a seat that was last at half time
    decisions: int
    choices: int  # decisions with a real choice
    agency: float | None
    waits: int  # waits for one's next decision (with at least one decision of others)
    wait_decisions: float | None  # mean decisions of others per wait
    wait_steps: float | None  # mean steps per wait
    longest_wait: int | None  # the most decisions of others in one wait
    turn_steps: tuple[int, ...] = ()  # the step at which each turn row began
    kingmaking: bool | None = None  # a seat that could not win decided who does
    king_turn: int | None = None  # the turn (row) of the first such decision
    mattered: float | None = None  # mean spread of a rolling-out bot's options' values
    mattered_decisions: int = 0  # decisions that spread is the mean of
    mattered_turn: int | None = None  # the turn (row) of the decision that mattered most

    def value(self, key: str) -> float | None:
        """A figure as a number (a comeback as 1/0)."""
        v = getattr(self, key)
        if v is None:
            return None
        return float(v)


#: Where each of :data:`FIGURES` sits among :class:`GameFeel`'s fields (and so in what
#: :func:`measure` returns): ``FIGURE_FIELDS(values)`` is the figures in that order.
FIGURE_FIELDS = itemgetter(*[[f.name for f in fields(GameFeel)].index(k) for k in FIGURES])


def game_feel(record: GameRecord, estimator: Estimator | None = None) -> GameFeel:
    """The figures of one game (its record must carry a :class:`FeelTrace`).

    One pass over the turn rows and one over the decisions, read from the packed trace
    as it is; a turn row's chances come from :meth:`Estimator.chances_of_turns`
    (computed once per distinct standings). The values are those of the plain
    definitions (docs/metrics.md), bit for bit: tests/sim/test_feel_cheap.py holds them
    to a plain recomputation."""
    return GameFeel(*measure(record, estimator)[0])


def measure(
    record: GameRecord, estimator: Estimator | None = None
) -> tuple[tuple[Any, ...], list[int]]:
    """:class:`GameFeel`'s fields in their order, without making the object (what a tally
    reads: :data:`FIGURE_FIELDS` says where each figure is), and the decisions counted by
    kind and real choice: at ``kind + 8 × real`` (bits 3 to 6 of a packed decision)."""
    trace = record.feel
    if trace is None:
        raise SimulationError(
            f"game {record.index} has no feel trace (played with feel=False?): "
            "its game-feel figures cannot be computed"
        )
    players = record.players
    est = estimator or estimator_for(players)
    if est.players != players:
        raise SimulationError(
            f"a {est.players}-player estimator for a {players}-player game ({record.index})"
        )
    turns = trace.turns
    width = TURN_WIDTH + players
    seats = turns[0::width]  # per turn row: who moves, the step it began at
    steps = turns[1::width]
    winners = record.winners
    decisiveness, decided, drama, worst, comeback, chs = _tension(turns, width, winners, est)
    packed = trace.decisions
    n = len(packed)
    kinds, waits, sum_d, sum_s, longest = _decisions(packed)
    choices = sum(kinds[8:])
    king_turn = _kingmaking(seats, steps, chs, winners, packed) if players > 2 and chs else None
    spreads = trace.spread_rows()
    mattered, mattered_turn = _mattered(spreads, steps, packed)
    fields_ = (
        record.index,
        record.seed,
        players,
        len(seats),
        record.lead_changes,
        decisiveness,
        decided,
        drama,
        worst,
        comeback,
        n,
        choices,
        choices / n if n else None,
        waits,
        sum_d / waits if waits else None,
        sum_s / waits if waits else None,
        longest if waits else None,
        steps,
        None if players < 3 or not chs else king_turn is not None,
        king_turn,
        mattered,
        len(spreads),
        mattered_turn,
    )
    return fields_, kinds


def _tension(
    turns: tuple[int, ...], width: int, winners: Sequence[int], est: Estimator
) -> tuple[float | None, int | None, float | None, int | None, bool | None, list[list[float]]]:
    """Decisiveness, the turn decided, drama, its worst turn, comeback, and each turn's
    estimated chances (see :func:`game_feel`); Nones without a winner or a turn."""
    players = est.players
    if players < 2 or not winners or not turns:
        return None, None, None, None, None, []
    chs = est.chances_of_turns(turns, width)
    rows = len(chs)
    losers = [s for s in range(players) if s not in winners]
    if len(winners) == 1 and 1 <= len(losers) <= 3:  # the usual case, in one loop
        top, worst, low_t = _curve(chs, winners[0], losers)
    else:
        mines = [sum(ch[s] for s in winners) for ch in chs]
        gaps = [
            max([ch[s] for s in losers], default=0.0) - m for ch, m in zip(chs, mines, strict=True)
        ]
        top = max(gaps)
        worst = gaps.index(top)  # the first largest gap (the earliest turn on a tie)
        low_t = -1
        for t, mine in enumerate(mines):
            if mine <= THRESHOLD:
                low_t = t
    ch = chs[rows // 2]
    low = min(ch)
    comeback = low < max(ch) and any(ch[s] == low for s in winners)
    decided = low_t + 1  # the turn after the last one the winners were at or below it
    return decided / rows, decided, max(0.0, top), worst, comeback, chs


def _curve(chs: Sequence[Sequence[float]], w: int, losers: Sequence[int]) -> tuple[float, int, int]:
    """For a sole winner ``w`` and one to three ``losers``: the largest gap of the best
    loser's chance over the winner's (taken as ``max`` takes it, the first of equal
    ones), the first turn with it, and the last turn at which the winner's chance was at
    or below :data:`THRESHOLD` (-1 if none)."""
    a = losers[0]
    b = losers[1] if len(losers) > 1 else a
    c = losers[2] if len(losers) > 2 else b
    top = 0.0
    worst = -1
    low_t = -1
    t = 0
    for ch in chs:
        mine = ch[w]
        best = ch[a]
        other = ch[b]
        if other > best:
            best = other
        other = ch[c]
        if other > best:
            best = other
        gap = best - mine
        if worst < 0 or gap > top:
            top, worst = gap, t
        if mine <= THRESHOLD:
            low_t = t
        t += 1
    return top, worst, low_t


def _mattered(
    spreads: Sequence[tuple[int, float]], steps: Sequence[int], packed: Sequence[int]
) -> tuple[float | None, int | None]:
    """How much a choice mattered (the mean spread over the decisions a bot's rollouts
    gave one) and the turn of the decision where it mattered most; None without any.
    ``steps``: each turn row's step."""
    if not spreads:
        return None, None
    mattered = sum(v for _, v in spreads) / len(spreads)
    top = max(spreads, key=lambda kv: (kv[1], -kv[0]))[0]
    top_step = packed[top] >> 7
    return mattered, max([t for t, s in enumerate(steps) if s <= top_step], default=0)


#: A seat's last decision before its first: so far ahead that no wait is counted.
_NEVER = 1 << 62
#: A packed decision's seat by its low 7 bits (seat + 8 × kind + 64 × real).
_SEAT_OF = tuple(x & 7 for x in range(128))


def _decisions(packed: Sequence[int]) -> tuple[list[int], int, int, int, int]:
    """One pass over the decisions (packed as :class:`FeelTrace` keeps them): the count
    per kind and real choice (at ``(d >> 3) & 15``), and the waits between two decisions
    of one seat: how many, the others' decisions and the steps in all of them, and the
    most decisions of others in one (a seat deciding twice in a row waited for nothing;
    all integers, so the sums are the same in any order). Counted by the low 7 bits, the
    gaps with the waited-for decision itself (one less each, taken off at the end)."""
    counts = [0] * 128
    last_k = [_NEVER] * 8  # per seat its last decision's number, and that decision
    last_d = [0] * 8
    seat_of = _SEAT_OF
    waits = sum_d = sum_s = longest = 0
    k = 0
    for d in packed:
        low = d & 127
        counts[low] += 1
        seat = seat_of[low]
        gap = k - last_k[seat]
        if gap > 1:
            waits += 1
            sum_d += gap
            sum_s += (d >> 7) - (last_d[seat] >> 7)
            if gap > longest:
                longest = gap
        last_k[seat] = k
        last_d[seat] = d
        k += 1
    kinds = [sum(counts[i : i + 8]) for i in range(0, 128, 8)]
    return kinds, waits, sum_d - waits, sum_s - waits, longest - 1 if waits else 0


def _favourite(ch: Sequence[float], but: int) -> int:
    """The seat other than ``but`` with the highest chance; -1 on a tie for it."""
    best = -1
    top = -1.0
    tie = False
    for s, c in enumerate(ch):
        if s == but:
            continue
        if c > top:
            best, top, tie = s, c, False
        elif c == top:
            tie = True
    return -1 if tie else best


def _kingmaking(
    seats: Sequence[int],
    steps: Sequence[int],
    chs: Sequence[Sequence[float]],
    winners: Sequence[int],
    packed: Sequence[int],
) -> int | None:
    """The first turn (row) in which a seat that cannot win (at the turn's start last and
    below :data:`KINGMAKER` of an even chance, and not a winner) made a real choice and
    the favourite among the other seats changed, to a seat that went on to win: after
    the turn, at the next turn's start, or for the last turn the result (a sole winner).
    None if none. ``seats``, ``steps``: each turn row's mover and step; ``packed``: the
    decisions as :class:`FeelTrace` keeps them (by step)."""
    last = len(seats) - 1
    bound = KINGMAKER / len(chs[0])
    dsteps: list[int] | None = None
    t = -1
    for m in seats:
        t += 1
        ch = chs[t]
        mine = ch[m]
        # the cheap tests first (the same turns are left whatever the order)
        if mine >= bound or m in winners or mine > min(ch):
            continue
        before = _favourite(ch, m)
        if t < last:
            after = _favourite(chs[t + 1], m)
            end = steps[t + 1]
        else:
            after = winners[0] if len(winners) == 1 else -1
            end = 1 << 62
        if after < 0 or after == before or after not in winners:
            continue
        if dsteps is None:
            dsteps = [d >> 7 for d in packed]  # ascending: the decisions in order
        for k in range(bisect_left(dsteps, steps[t]), bisect_left(dsteps, end)):
            d = packed[k]
            if d & 7 == m and (d >> 6) & 1:
                return t
    return None

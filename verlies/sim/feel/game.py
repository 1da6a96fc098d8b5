"""One game's game-feel figures from its record's trace (docs/metrics.md "Game feel")."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter

from verlies.sim.feel.estimator import KINGMAKER, THRESHOLD, Estimator, estimator_for
from verlies.sim.records import GameRecord, SimulationError

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


def game_feel(record: GameRecord, estimator: Estimator | None = None) -> GameFeel:
    """The figures of one game (its record must carry a :class:`FeelTrace`).

    One pass over the turn rows and one over the decisions, read from the packed trace as
    it is; a turn row's chances come from :meth:`Estimator.chances_of` (computed once per
    distinct standings). The values are those of the plain definitions (docs/metrics.md),
    bit for bit: tests/sim/test_feel_cheap.py holds them to a plain recomputation."""
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
    rows = trace.turn_rows()
    winners = record.winners
    decisiveness, decided, drama, worst, comeback, chs = _tension(rows, winners, est)
    packed = trace.decisions
    choices, waits_d, waits_s = _waits(packed)
    king_turn = _kingmaking(rows, chs, winners, packed) if players > 2 and chs else None
    spreads = trace.spread_rows()
    mattered, mattered_turn = _mattered(spreads, rows, packed)
    return GameFeel(
        index=record.index,
        seed=record.seed,
        players=players,
        turns=len(rows),
        lead_changes=record.lead_changes,
        decisiveness=decisiveness,
        decided_turn=decided,
        drama=drama,
        worst_turn=worst,
        comeback=comeback,
        decisions=len(packed),
        choices=choices,
        agency=choices / len(packed) if packed else None,
        waits=len(waits_d),
        wait_decisions=sum(waits_d) / len(waits_d) if waits_d else None,
        wait_steps=sum(waits_s) / len(waits_s) if waits_s else None,
        longest_wait=max(waits_d) if waits_d else None,
        turn_steps=tuple(row[1] for row in rows),
        kingmaking=None if players < 3 or not chs else king_turn is not None,
        king_turn=king_turn,
        mattered=mattered,
        mattered_decisions=len(spreads),
        mattered_turn=mattered_turn,
    )


def _tension(
    rows: Sequence[tuple[int, ...]], winners: Sequence[int], est: Estimator
) -> tuple[float | None, int | None, float | None, int | None, bool | None, list[list[float]]]:
    """Decisiveness, the turn decided, drama, its worst turn, comeback, and each turn's
    estimated chances (see :func:`game_feel`); Nones without a winner or a turn."""
    players = est.players
    if players < 2 or not winners or not rows:
        return None, None, None, None, None, []
    chs = est.chances_of(rows)
    losers = [s for s in range(players) if s not in winners]
    if len(winners) == 1 and losers:  # the usual case, without a call per turn
        w = winners[0]
        mines = [ch[w] for ch in chs]
        if len(losers) == 1:
            b = losers[0]
            gaps = [ch[b] - ch[w] for ch in chs]
        else:
            best = itemgetter(*losers)
            gaps = [max(best(ch)) - ch[w] for ch in chs]
    else:
        mines = [sum(ch[s] for s in winners) for ch in chs]
        gaps = [
            max([ch[s] for s in losers], default=0.0) - m for ch, m in zip(chs, mines, strict=True)
        ]
    top = max(gaps)
    worst = gaps.index(top)  # the first largest gap (the earliest turn on a tie)
    ch = chs[len(rows) // 2]
    low = min(ch)
    comeback = low < max(ch) and any(ch[s] == low for s in winners)
    decided = len(mines)
    for t in range(len(mines) - 1, -1, -1):
        if mines[t] <= THRESHOLD:
            break
        decided = t
    return decided / len(rows), decided, max(0.0, top), worst, comeback, chs


def _mattered(
    spreads: Sequence[tuple[int, float]],
    rows: Sequence[Sequence[int]],
    packed: Sequence[int],
) -> tuple[float | None, int | None]:
    """How much a choice mattered (the mean spread over the decisions a bot's rollouts
    gave one) and the turn of the decision where it mattered most; None without any."""
    if not spreads:
        return None, None
    mattered = sum(v for _, v in spreads) / len(spreads)
    top = max(spreads, key=lambda kv: (kv[1], -kv[0]))[0]
    top_step = packed[top] >> 7
    return mattered, max([t for t, row in enumerate(rows) if row[1] <= top_step], default=0)


def _waits(packed: Sequence[int]) -> tuple[int, list[int], list[int]]:
    """The real choices among the decisions (packed as :class:`FeelTrace` keeps them), and
    each wait between two decisions of one seat: the others' decisions, and the steps, in
    between (a seat deciding twice in a row waited for nothing)."""
    waits_d: list[int] = []
    waits_s: list[int] = []
    last_k = [-1] * 8  # per seat its last decision's number, and that decision's step
    last_step = [0] * 8
    choices = 0
    for k, d in enumerate(packed):
        seat, step = d & 7, d >> 7
        choices += (d >> 6) & 1
        before = last_k[seat]
        if before >= 0 and k - before > 1:
            waits_d.append(k - before - 1)
            waits_s.append(step - last_step[seat] - 1)
        last_k[seat], last_step[seat] = k, step
    return choices, waits_d, waits_s


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
    rows: Sequence[Sequence[int]],
    chs: Sequence[Sequence[float]],
    winners: Sequence[int],
    packed: Sequence[int],
) -> int | None:
    """The first turn (row) in which a seat that cannot win (at the turn's start last and
    below :data:`KINGMAKER` of an even chance, and not a winner) made a real choice and
    the favourite among the other seats changed, to a seat that went on to win: after
    the turn, at the next turn's start, or for the last turn the result (a sole winner).
    None if none. ``packed``: the decisions as :class:`FeelTrace` keeps them (by step)."""
    last = len(rows) - 1
    steps: list[int] | None = None
    for t, row in enumerate(rows):
        m = row[0]
        mine = chs[t][m]
        if m in winners or mine >= KINGMAKER / len(chs[t]) or mine > min(chs[t]):
            continue
        before = _favourite(chs[t], m)
        if t < last:
            after = _favourite(chs[t + 1], m)
            end = rows[t + 1][1]
        else:
            after = winners[0] if len(winners) == 1 else -1
            end = 1 << 62
        if after < 0 or after == before or after not in winners:
            continue
        if steps is None:
            steps = [d >> 7 for d in packed]  # ascending: the decisions in order
        for k in range(bisect_left(steps, row[1]), bisect_left(steps, end)):
            d = packed[k]
            if d & 7 == m and (d >> 6) & 1:
                return t
    return None

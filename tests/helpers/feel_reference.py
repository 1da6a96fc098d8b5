"""The game-feel figures of one game as the first version computed them (feel3, before
feel4 made them cheaper): a plain second pass over the trace, the estimator's chances row
by row, no cache. tests/sim/test_feel_cheap.py holds the fast path to these values, bit
for bit; what must not change is written here once and never optimised."""

from __future__ import annotations

from collections.abc import Sequence

from verlies.sim.feel.estimator import KINGMAKER, THRESHOLD, Estimator, estimator_for
from verlies.sim.feel.game import GameFeel
from verlies.sim.records import GameRecord, SimulationError


def reference_game_feel(record: GameRecord, estimator: Estimator | None = None) -> GameFeel:
    """The figures of one game (its record must carry a :class:`FeelTrace`)."""
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
    decisions = trace.decision_rows()
    choices = sum(d[3] for d in decisions)
    king_turn = _kingmaking(rows, chs, winners, decisions) if players > 2 and chs else None
    spreads = trace.spread_rows()
    mattered, mattered_turn = _mattered(spreads, rows, decisions)
    waits_d, waits_s = _waits(decisions)
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
        decisions=len(decisions),
        choices=choices,
        agency=choices / len(decisions) if decisions else None,
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
    rows: Sequence[Sequence[int]], winners: Sequence[int], est: Estimator
) -> tuple[float | None, int | None, float | None, int | None, bool | None, list[list[float]]]:
    """Decisiveness, the turn decided, drama, its worst turn, comeback, and each turn's
    estimated chances (see :func:`game_feel`); Nones without a winner or a turn."""
    players = est.players
    decisiveness = drama = None
    decided = worst = None
    comeback = None
    chs: list[list[float]] = []
    if players > 1 and winners and rows:
        curve = []  # the winners' chance and the best other seat's, per turn
        half = len(rows) // 2
        for t, row in enumerate(rows):
            ch = est.chances(row)
            chs.append(ch)
            mine = sum(ch[s] for s in winners)
            others = max((ch[s] for s in range(players) if s not in winners), default=0.0)
            curve.append((mine, others))
            if t == half:
                low = min(ch)
                comeback = low < max(ch) and any(ch[s] == low for s in winners)
        decided = _decided(curve)
        decisiveness = decided / len(rows)
        gaps = [others - mine for mine, others in curve]
        worst = max(range(len(gaps)), key=lambda t: (gaps[t], -t))
        drama = max(0.0, gaps[worst])
    return decisiveness, decided, drama, worst, comeback, chs


def _mattered(
    spreads: Sequence[tuple[int, float]],
    rows: Sequence[Sequence[int]],
    decisions: Sequence[Sequence[int]],
) -> tuple[float | None, int | None]:
    """How much a choice mattered (the mean spread over the decisions a bot's rollouts
    gave one) and the turn of the decision where it mattered most; None without any."""
    if not spreads:
        return None, None
    mattered = sum(v for _, v in spreads) / len(spreads)
    top = max(spreads, key=lambda kv: (kv[1], -kv[0]))[0]
    top_step = decisions[top][1]
    return mattered, max([t for t, row in enumerate(rows) if row[1] <= top_step], default=0)


def _decided(curve: Sequence[tuple[float, float]]) -> int:
    """The turn the game was decided: the first after the last one where the winners'
    chance was at or below the threshold (the game's length if it never rose above)."""
    decided = len(curve)
    for t in range(len(curve) - 1, -1, -1):
        if curve[t][0] <= THRESHOLD:
            break
        decided = t
    return decided


def _waits(decisions: Sequence[tuple[int, ...]]) -> tuple[list[int], list[int]]:
    """Each wait between two decisions of one seat: the others' decisions, and the steps,
    in between (a seat deciding twice in a row waited for nothing)."""
    waits_d: list[int] = []
    waits_s: list[int] = []
    last: dict[int, tuple[int, int]] = {}  # seat -> (its last decision's number, step)
    for k, (seat, step, _kind, _real) in enumerate(decisions):
        before = last.get(seat)
        if before is not None and k - before[0] > 1:
            waits_d.append(k - before[0] - 1)
            waits_s.append(step - before[1] - 1)
        last[seat] = (k, step)
    return waits_d, waits_s


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
    decisions: Sequence[Sequence[int]],
) -> int | None:
    """The first turn (row) in which a seat that cannot win (at the turn's start last and
    below :data:`KINGMAKER` of an even chance, and not a winner) made a real choice and
    the favourite among the other seats changed, to a seat that went on to win: after
    the turn, at the next turn's start, or for the last turn the result (a sole winner).
    None if none."""
    last = len(rows) - 1
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
        start = row[1]
        if any(d[0] == m and d[3] and start <= d[1] < end for d in decisions):
            return t
    return None

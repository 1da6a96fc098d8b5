"""Measuring a deck against its targets and checking a proposal on fresh games: the
targets' quantities and their distance outside the bands, the verdicts *met* / *missed* /
*undecided* (all of a deck's verdicts together wrong with at most :data:`ALPHA`,
Bonferroni; A/A tested in tests/sim/test_tune_verdicts.py), how many more games would decide
an undecided one, and :func:`verify`: the start deck and the proposal played on fresh
seeds, paired."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from verlies.sim.lab import Progress, simulate
from verlies.sim.metrics import Metrics, median_ci, wilson
from verlies.sim.records import BotsArg, VariantsArg
from verlies.sim.run import CancelToken, CharactersArg
from verlies.sim.tune.goals import Target, finite_or_none

if TYPE_CHECKING:
    from verlies.sim.compare import Comparison


class Checked(Protocol):
    """What :func:`verify` reads and fills of a result (a
    :class:`~verlies.sim.tune.result.TuneResult`): the two decks, the edits and targets,
    and where the check and the paired comparison go."""

    start: Any
    proposal: Any
    edits: dict[str, int | tuple[int, int, int]]
    targets: list[Target]
    verification: dict[str, Any] | None
    comparison: Comparison | None


__all__ = [
    "ALPHA",
    "MORE_GAMES_CAP",
    "Checked",
    "display_unit",
    "judge",
    "meets",
    "more_games",
    "quantities",
    "store_verification",
    "target_for",
    "verdict",
    "verdict_level",
    "verdict_z",
    "verify",
    "violation",
]

#: The chance that any of a deck's verdicts is wrong, at most (Bonferroni over its quantities).
ALPHA = 0.05

# ---- measuring a deck ----------------------------------------------------------------------


def quantities(m: Metrics, targets: Sequence[Target]) -> dict[str, float]:
    """The targets' quantities in ``m``: ``win:<id>`` per character, ``edge``, ``rounds``,
    ``timeouts`` (rates as fractions)."""
    out: dict[str, float] = {}
    s = m.summary() if any(not t.key.startswith("win:") for t in targets) else {}
    for t in targets:
        if t.key == "win:*":
            for cid in sorted(m.characters):
                out[f"win:{cid}"] = m.win_rate(cid).rate
        elif t.key.startswith("win:"):
            out[t.key] = m.win_rate(t.key[4:]).rate
        elif t.key == "edge":
            out["edge"] = float(s["first_seat_edge"])
        elif t.key == "rounds":
            out["rounds"] = float(s["median_rounds"])
        else:
            out["timeouts"] = float(s["timeout_share"])
    return out


def target_for(targets: Sequence[Target], key: str) -> Target:
    for t in reversed(targets):  # a named character's target wins over win:*
        if t.key == key:
            return t
    for t in reversed(targets):
        if t.key == "win:*" and key.startswith("win:"):
            return t
    raise KeyError(key)


def display_unit(key: str) -> float:
    """Display units per stored unit: points for rates, rounds for rounds."""
    return 1.0 if key == "rounds" else 100.0


def violation(values: Mapping[str, float], targets: Sequence[Target]) -> float:
    """How far the quantities lie outside their targets, summed (points; rounds)."""
    total = 0.0
    for key, v in values.items():
        t = target_for(targets, key)
        if math.isnan(v):
            total += 100.0
            continue
        total += display_unit(key) * max(0.0, t.low - v, v - t.high)
    return total


def verify(
    result: Checked,
    games: int,
    seed: int,
    *,
    players: int = 4,
    bots: BotsArg = None,
    characters: CharactersArg = "all",
    variants: VariantsArg = None,
    round_limit: int | None = 300,
    workers: int | None = None,
    executor: Any = None,
    progress: Progress = False,
    cancel: CancelToken | None = None,
    alpha: float = ALPHA,
) -> dict[str, Any]:
    """Play the start deck and the proposal on ``games`` fresh games from ``seed``,
    paired; each target quantity's estimate with its interval and verdict (:func:`judge`:
    met / missed / undecided, all of them together wrong with at most ``alpha``
    probability); stored in ``result.verification`` and returned. A proposal without
    edits is the start deck: its games are played once, with no paired comparison."""
    from verlies.sim.compare import compare

    common: dict[str, Any] = {
        "players": players,
        "bots": bots,
        "seed": seed,
        "round_limit": round_limit,
        "characters": characters,
        "workers": workers,
        "executor": executor,
        "progress": progress,  # a callable: the verification's games (the Suggest panel)
        "cancel": cancel,
    }
    comp: Comparison | None = None
    if not result.edits:
        mb = simulate(games, deck=result.start, variants=variants, **common).metrics
        ma = mb
    else:
        keys = [t.key for t in result.targets]
        watch = sorted(
            {
                "win:*"
                if k.startswith("win:")
                else {"edge": "win@1", "rounds": "rounds", "timeouts": "timeout"}[k]
                for k in keys
            }
        )
        comp = compare(
            result.start,
            result.proposal,
            games,
            variants_a=variants,
            variants_b=variants,
            labels=("start", "proposal"),
            watch=watch,
            **common,
        )
        ma, mb = comp.a.metrics, comp.b.metrics
    return store_verification(result, games, seed, ma, mb, comp, alpha)


def store_verification(
    result: Checked,
    games: int,
    seed: int,
    ma: Metrics,
    mb: Metrics,
    comp: Comparison | None,
    alpha: float = ALPHA,
) -> dict[str, Any]:
    qa, qb = quantities(ma, result.targets), quantities(mb, result.targets)
    rows = _rows(judge(mb, result.targets, alpha), result.targets, qa)
    for r in rows:
        r["more_games"] = (
            more_games(r, games, target_for(result.targets, r["key"]), len(rows), alpha)
            if r["verdict"] == "undecided"
            else 0
        )
    counts = {v: sum(r["verdict"] == v for r in rows) for v in ("met", "undecided", "missed")}
    undecided = [r["more_games"] for r in rows if r["verdict"] == "undecided"]
    slow = [r for r in rows if r["verdict"] == "undecided" and r["more_games"] is None]
    out = {
        "games": games,
        "seed": seed,
        "level": verdict_level(len(rows), alpha),
        "alpha": alpha,
        "quantities": rows,
        "counts": counts,
        "violation": violation(qb, result.targets),
        "start_violation": violation(qa, result.targets),
        "point_met": violation(qb, result.targets) == 0.0,
        "meets": counts["missed"] == 0,
        # how many more games (each deck) would decide every undecided target; None: one
        # sits on or near its band's edge, more than MORE_GAMES_CAP would be needed
        "more_games": (
            None
            if any(n is None for n in undecided)
            else max((n for n in undecided if n is not None), default=0)
        ),
        # the undecided target nearest its edge when none can be decided soon: its key and
        # its estimate's distance from the straddled edge (stored units), and the cap
        "beyond": _beyond(slow, result.targets),
        "compare_verdict": None if comp is None else comp.verdict,
        "compare_sentence": None if comp is None else comp.sentence("en"),
        "compare_alpha": None if comp is None else comp.alpha,
        "differences": None if comp is None else comp.watched(),
    }
    result.verification = out
    result.comparison = comp
    return out


# ---- the verdicts: met, missed, undecided ----------------------------------------------------


def verdict_level(k: int, alpha: float = ALPHA) -> float:
    """Each interval's confidence when ``k`` quantities are judged together."""
    return 1 - alpha / max(1, k)


def verdict_z(k: int, alpha: float = ALPHA) -> float:
    """The normal quantile of each (two-sided) interval for ``k`` quantities judged
    together: Bonferroni, so that all ``k`` intervals hold together with 1 − ``alpha``."""
    from verlies.sim.stats import z_quantile

    return z_quantile(1 - alpha / (2 * max(1, k)))


def verdict(low: float, high: float, target: Target) -> str:
    """*met*: the interval lies inside the band; *missed*: wholly outside; else
    *undecided* (can't tell yet: more games would narrow the interval)."""
    if math.isnan(low) or math.isnan(high):
        return "undecided"
    if target.low <= low and high <= target.high:
        return "met"
    if high < target.low or low > target.high:
        return "missed"
    return "undecided"


def judge(m: Metrics, targets: Sequence[Target], alpha: float = ALPHA) -> list[dict[str, Any]]:
    """Every target quantity of the games ``m``: its estimate, its interval and its verdict,
    the intervals at a level such that all verdicts together are wrong with probability at
    most ``alpha`` (a verdict is wrong when the true value lies on the other side of a
    band's edge than the verdict says)."""
    q = quantities(m, targets)
    z = verdict_z(len(q), alpha)
    out = []
    for key, val in q.items():
        lo, hi = _interval(m, key, z)
        out.append(
            {
                "key": key,
                "value": val,
                "low": lo,
                "high": hi,
                "n": m.win_rate(key[4:]).n if key.startswith("win:") else m.games,
                "verdict": verdict(lo, hi, target_for(targets, key)),
            }
        )
    return out


#: The most games per deck beyond the check that "about N more games would decide" names;
#: beyond it the answer says the target cannot be decided soon.
MORE_GAMES_CAP = 20_000
#: The confidence sequence's mixture scale per quantity (STATS.md §2: the smallest change a
#: designer cares about, §4's defaults): 3 points of a rate, 1 round.
MORE_TAU = {"rates": 0.03, "rounds": 1.0}


def more_games(
    row: Mapping[str, Any],
    games: int,
    target: Target,
    k: int = 1,
    alpha: float = ALPHA,
    cap: int = MORE_GAMES_CAP,
) -> int | None:
    """About how many more games (beyond ``games``) would make an undecided ``row``'s
    interval lie wholly inside or outside ``target``'s band, if its estimate stayed where it
    is. More games extend the check, so it is looked at again: the interval that may be
    looked at after every game is the always-valid one (STATS.md §2, the normal-mixture
    confidence sequence at ``alpha``/``k``, Bonferroni over the ``k`` quantities judged
    together). The spread of one game is read from ``row``'s one-look interval (its half
    towards each straddled band edge, at :func:`verdict_z`); for each straddled edge the
    smallest total whose always-valid half-width is below the estimate's distance from
    that edge; the largest of them, less ``games``, rounded up to two significant digits.
    None: more than ``cap`` more games would be needed (the estimate sits on, or close to,
    a straddled edge: it cannot be decided soon)."""
    v, lo, hi = row["value"], row["low"], row["high"]
    if any(math.isnan(x) for x in (v, lo, hi)) or games < 1:
        return None
    z = verdict_z(k, alpha)
    tau = MORE_TAU["rounds" if row.get("key") == "rounds" else "rates"]
    crossed = [e for e in (target.low, target.high) if not math.isinf(e) and lo < e < hi]
    seen = row.get("n")
    need = 0
    for edge in crossed:
        d = abs(v - edge)
        if str(row.get("key", "")).startswith("win:") and isinstance(seen, int) and seen > 0:
            # a win rate: the character's games, each a win or not (variance p(1 − p),
            # floored like a rare event's, STATS.md §4), as many per game as so far
            r = 1 / (seen + 1)
            var, per = max(v * (1 - v), r * (1 - r)), seen / games
        else:  # one game's variance, as the one-look interval says
            h = (v - lo) if edge <= v else (hi - v)
            var, per = games * (h / z) ** 2, 1.0
        got = _games_for(d, var, tau, alpha / max(1, k), math.floor((games + cap) * per))
        if got is None:
            return None
        need = max(need, math.ceil(got / per) - games)
    if need <= 0:
        return 0
    digits = max(0, len(str(need)) - 2)
    step = 10**digits
    return int(math.ceil(need / step) * step)


def _games_for(d: float, var: float, tau: float, alpha: float, most: int) -> int | None:
    """The fewest observations whose always-valid half-width (variance ``var`` of one) is
    below ``d``; None: more than ``most``, or ``d`` is 0."""
    from verlies.sim.stats import cs_half_width

    if not d > 0 or var <= 0:
        return None
    if cs_half_width(most, var, tau, alpha) >= d:
        return None
    lo, hi = 1, most
    while lo < hi:  # the half-width shrinks as games grow: the first below d
        mid = (lo + hi) // 2
        if cs_half_width(mid, var, tau, alpha) < d:
            hi = mid
        else:
            lo = mid + 1
    return lo


def _beyond(slow: Sequence[Mapping[str, Any]], targets: Sequence[Target]) -> dict[str, Any] | None:
    """Of the undecided rows no number of games up to the cap decides, the one whose
    estimate sits nearest a straddled edge of its band (None: there is none)."""
    best: dict[str, Any] | None = None
    for r in slow:
        t = target_for(targets, r["key"])
        edges = [e for e in (t.low, t.high) if not math.isinf(e) and r["low"] < e < r["high"]]
        if not edges or math.isnan(r["value"]):
            continue
        d = min(abs(r["value"] - e) for e in edges)
        if best is None or d < best["distance"]:
            best = {"key": r["key"], "distance": d, "cap": MORE_GAMES_CAP}
    return best


def meets(m: Metrics, targets: Sequence[Target]) -> bool:
    """No target is *missed* on the games ``m`` (each met or undecided): the deck is
    within its targets as far as these games can tell."""
    return all(r["verdict"] != "missed" for r in judge(m, targets))


def _rows(
    judged: Sequence[Mapping[str, Any]], targets: Sequence[Target], start: Mapping[str, float]
) -> list[dict[str, Any]]:
    rows = []
    for r in judged:
        t = target_for(targets, r["key"])
        rows.append(
            {
                "key": r["key"],
                "target": t.shown(),
                "low_target": finite_or_none(t.low),
                "high_target": finite_or_none(t.high),
                "start": start.get(r["key"], math.nan),
                "value": r["value"],
                "low": r["low"],
                "high": r["high"],
                "verdict": r["verdict"],
                "n": r["n"],
            }
        )
    return rows


def _interval(m: Metrics, key: str, z: float) -> tuple[float, float]:
    """The interval of one quantity at normal quantile ``z``: Wilson for rates (the
    first seat's share for the edge), order statistics for the median."""
    if key.startswith("win:"):
        r = m.win_rate(key[4:])
        return wilson(r.k, r.n, z) if r.n else (math.nan, math.nan)
    if key == "edge":
        lo, hi = wilson(m.seats[0].wins, m.games, z) if m.games else (math.nan, math.nan)
        return lo - 1 / m.players, hi - 1 / m.players
    if key == "timeouts":
        return wilson(m.timeouts, m.games, z)
    return median_ci(m.rounds, z)  # the metrics' own interval of the median, at z

"""What the lab's plots draw, as plain numbers (no widget library here).

The bqplot widgets that draw these series and update in place are in
:mod:`verlies.ui.balance.plots_view` (the engine side of verlies imports no widget library); any
other plotting library can draw the same series.

>>> bins({3: 1, 12: 2, 14: 1}, 5)
([0, 5, 10], [1, 0, 3])
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from verlies.sim.lab import SimResult
from verlies.sim.sweep import SweepResult

if TYPE_CHECKING:
    from verlies.sim.compare import Comparison

__all__ = [
    "Bars",
    "Curve",
    "Differences",
    "Histogram",
    "Overlay",
    "bins",
    "curve",
    "duration",
    "durations",
    "win_rate_differences",
    "win_rates",
]


@dataclass(frozen=True, slots=True)
class Bars:
    """Rates with their 95 % intervals, one bar per label; ``fair``: an equal share."""

    labels: tuple[str, ...]
    rates: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    fair: float


@dataclass(frozen=True, slots=True)
class Histogram:
    """Counts per bin (``starts``: each bin's first value), and the median."""

    starts: tuple[int, ...]
    counts: tuple[int, ...]
    width: int
    median: float


@dataclass(frozen=True, slots=True)
class Differences:
    """Per character: the paired win-rate difference B − A with its 95 % interval, sorted
    from the largest gain to the largest loss (ties by id). ``ids``: character ids; an
    interval the comparison has no number for yet is NaN (not drawn)."""

    ids: tuple[str, ...]
    diffs: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    clear: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class Overlay:
    """Two runs' game-length histograms on the same bins (``starts``: each bin's first
    round), for drawing one over the other."""

    starts: tuple[int, ...]
    counts_a: tuple[int, ...]
    counts_b: tuple[int, ...]
    width: int
    median_a: float
    median_b: float


@dataclass(frozen=True, slots=True)
class Curve:
    """A metric per swept value (values without games or with no number left out)."""

    label: str
    xs: tuple[int, ...]
    ys: tuple[float, ...]


def _nan0(x: float) -> float:
    return 0.0 if math.isnan(x) else x


def win_rates(result: SimResult, by: str = "characters") -> Bars:
    """Win rate per character (``by="characters"``) or per seat (``"seats"``)."""
    m = result.metrics
    if by == "characters":
        rows = [(cid.removeprefix("char-"), r) for cid, r in m.character_rows().items()]
    elif by == "seats":
        rows = [(f"seat {r['seat'] + 1}", r) for r in m.seat_rows()]
    else:
        raise ValueError("by is 'characters' or 'seats'")
    return Bars(
        labels=tuple(name for name, _ in rows),
        rates=tuple(_nan0(r["win_rate"]) for _, r in rows),
        low=tuple(_nan0(r["ci_low"]) for _, r in rows),
        high=tuple(_nan0(r["ci_high"]) for _, r in rows),
        fair=1 / result.spec.players,
    )


def bins(hist: dict[int, int], width: int) -> tuple[list[int], list[int]]:
    """A histogram (value -> count) in bins of ``width``: (bin starts, counts)."""
    if not hist:
        return [], []
    lo = min(hist) // width * width
    hi = max(hist) // width * width
    starts = list(range(lo, hi + width, width))
    counts = [0] * len(starts)
    for v, c in hist.items():
        counts[(v - lo) // width] += c
    return starts, counts


def duration(result: SimResult, width: int = 5) -> Histogram:
    """The distribution of game length in rounds (timeouts sit at the round limit)."""
    starts, counts = bins(result.metrics.durations()["rounds"], width)
    median = result.metrics.summary()["median_rounds"]
    return Histogram(tuple(starts), tuple(counts), width, float(median))


def curve(result: SweepResult, key: str = "median_rounds") -> Curve:
    """One summary metric (or ``win:<character>``) against the swept value."""
    pairs = [
        (v, y)
        for v, y, p in zip(result.values, result.curve(key), result.points, strict=True)
        if p.games and not math.isnan(y)
    ]
    return Curve(result.tweak.label(), tuple(v for v, _ in pairs), tuple(y for _, y in pairs))


def win_rate_differences(comp: Comparison) -> Differences:
    """Every character's win-rate difference (B − A) of a comparison, largest gain first.

    The intervals are the comparison's own (``differences()``' ``ci_low``/``ci_high``);
    ``clear`` is its ``clear`` flag (after its correction for many rows, where it has one).
    """
    rows = [
        (key.removeprefix("win:"), r)
        for key, r in comp.differences().items()
        if key.startswith("win:") and not math.isnan(r["diff"])
    ]
    rows.sort(key=lambda kr: (-kr[1]["diff"], kr[0]))
    return Differences(
        ids=tuple(cid for cid, _ in rows),
        diffs=tuple(float(r["diff"]) for _, r in rows),
        low=tuple(float(r["ci_low"]) for _, r in rows),
        high=tuple(float(r["ci_high"]) for _, r in rows),
        clear=tuple(bool(r.get("clear", False)) for _, r in rows),
    )


def durations(a: SimResult, b: SimResult, width: int = 5) -> Overlay:
    """Both runs' distributions of game length in rounds, on common bins."""
    ha, hb = a.metrics.durations()["rounds"], b.metrics.durations()["rounds"]
    both = {v: 0 for v in (*ha, *hb)}
    starts, _ = bins(both, width)
    lo = starts[0] if starts else 0

    def counts(h: dict[int, int]) -> tuple[int, ...]:
        out = [0] * len(starts)
        for v, c in h.items():
            out[(v - lo) // width] += c
        return tuple(out)

    def median(r: SimResult) -> float:
        return float(r.metrics.summary()["median_rounds"]) if r.metrics.games else math.nan

    return Overlay(tuple(starts), counts(ha), counts(hb), width, median(a), median(b))

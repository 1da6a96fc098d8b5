"""What the lab's plots draw, as plain numbers (no widget library here).

The bqplot widgets that draw these series and update in place are in
:mod:`verlies.ui.lab_plots` (the engine side of verlies imports no widget library); any
other plotting library can draw the same series.

>>> bins({3: 1, 12: 2, 14: 1}, 5)
([0, 5, 10], [1, 0, 3])
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from verlies.sim.lab import SimResult
from verlies.sim.sweep import SweepResult

__all__ = ["Bars", "Curve", "Histogram", "bins", "curve", "duration", "win_rates"]


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

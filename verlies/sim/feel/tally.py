"""A run's game-feel figures counted as its games arrive, in bounded memory: what
``verlies simulate`` shows beside its metrics and what a sweep point measures.

Every figure's sum and sum of squares are kept exactly (a float is an exact fraction with
a power of two below: the sums are kept as integers over a common power of two, which
needs no division), so the totals, and the figures read from them, are the same bit for
bit in whatever order the games arrive: whatever the worker count or the executor. No
record is kept: memory stays flat however many games are played.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from verlies.sim.feel.estimator import FIGURES, Estimator
from verlies.sim.feel.game import FIGURE_FIELDS, measure
from verlies.sim.feel.report import FeelFigures
from verlies.sim.records import DECISION_KINDS, GameRecord, SimulationError
from verlies.sim.stats import Z95, wilson

__all__ = ["FeelTally", "simulate_feel"]

#: The figures read as a share of games (Wilson intervals); the others are means.
COUNTED = ("comeback", "kingmaking")


@dataclass
class FeelTally(FeelFigures):
    """Per figure the games that define it, the exact sum and sum of squares of its
    values (``sums``: games, sum × 2^e, sum of squares × 2^2e, e; :meth:`exact` reads them
    as fractions); per kind of decision the real choices and the decisions. ``add`` one
    game's record at a time (it must carry a :class:`~verlies.sim.records.FeelTrace`)."""

    players: int = 0
    label: str = ""
    kinds: dict[str, tuple[int, int]] = field(
        default_factory=lambda: dict.fromkeys(DECISION_KINDS, (0, 0))
    )
    games: int = 0
    sums: dict[str, list[int]] = field(default_factory=lambda: {k: [0, 0, 0, 0] for k in FIGURES})
    estimator: Estimator | None = None

    @property
    def count(self) -> int:
        return self.games

    def add(self, record: GameRecord) -> None:
        if self.players and record.players != self.players:
            raise SimulationError(
                f"game {record.index} has {record.players} players, the others "
                f"{self.players}: one tally per player count"
            )
        self.players = record.players
        fields_, counts = measure(record, self.estimator)
        values = FIGURE_FIELDS(fields_)
        sums = self.sums
        for key, v in zip(FIGURES, values, strict=True):
            if v is None:
                continue
            acc = sums[key]
            if type(v) is float:
                p, d = v.as_integer_ratio()  # d: a power of two
                k = d.bit_length() - 1
                if k > acc[3]:  # a finer power of two: the sums move to it (exactly)
                    up = k - acc[3]
                    acc[1] <<= up
                    acc[2] <<= 2 * up
                    acc[3] = k
                down = acc[3] - k
            else:  # a count or a share's 1/0 (int, bool): p / 2^0
                p = int(v)
                down = acc[3]
            acc[0] += 1
            acc[1] += p << down
            acc[2] += p * p << 2 * down
        kinds = self.kinds
        for kind, name in enumerate(DECISION_KINDS):
            yes, no = counts[kind + 8], counts[kind]  # real choices, and the others
            if yes or no:
                real, all_ = kinds[name]
                kinds[name] = (real + yes, all_ + yes + no)
        self.games += 1

    def exact(self, key: str) -> tuple[int, Fraction, Fraction]:
        """A figure's games, and the exact sum and sum of squares of its values."""
        n, s, q, e = self.sums[key]
        return n, Fraction(s, 1 << e), Fraction(q, 1 << 2 * e)

    def add_all(self, records: Iterable[GameRecord]) -> None:
        for r in records:
            self.add(r)

    def figure(self, key: str) -> dict[str, Any]:
        """A figure's games, mean and 95 % interval, as :class:`FeelReport` gives them (a
        share: Wilson; a mean: the normal interval), from the exact sums."""
        if key not in FIGURES:
            raise KeyError(f"unknown game-feel figure {key!r} (known: {', '.join(FIGURES)})")
        n, s, q = self.exact(key)
        if n == 0:
            return {"games": 0, "mean": math.nan, "ci_low": math.nan, "ci_high": math.nan}
        mean = float(s / n)
        if key in COUNTED:
            lo, hi = wilson(int(s), n)
        elif n < 2:
            lo = hi = math.nan
        else:
            var = max(Fraction(0), (q - s * s / n) / (n - 1))
            h = Z95 * math.sqrt(float(var / n))
            lo, hi = mean - h, mean + h
        return {"games": n, "mean": mean, "ci_low": lo, "ci_high": hi}


def simulate_feel(
    games: int,
    *,
    label: str = "",
    estimator: Estimator | None = None,
    on_update: Callable[[Any], None] | None = None,
    **kwargs: Any,
) -> tuple[Any, FeelTally]:
    """:func:`verlies.sim.simulate` with the game-feel figures counted as the games arrive:
    the run's result (without records) and its :class:`FeelTally`. Each batch's records
    are tallied and let go before the next arrives (memory bounded by a batch);
    ``kwargs`` go to ``simulate`` (not ``keep_records``)."""
    from verlies.sim.lab import simulate

    if "keep_records" in kwargs:
        raise SimulationError("simulate_feel keeps no records: leave keep_records out")
    tally = FeelTally(label=label, estimator=estimator)

    def drain(result: Any) -> None:
        records = result.records
        tally.add_all(records)
        records.clear()
        if on_update is not None:
            on_update(result)

    result = simulate(games, keep_records=True, on_update=drain, **kwargs)
    if result.records:  # arrived after the last update (none today): tallied all the same
        tally.add_all(result.records)
    result.records = None
    return result, tally


def moments(tally: FeelTally, key: str) -> tuple[int, float, float]:
    """A figure's games, mean and sample variance (NaN where undefined) from a tally's
    exact sums."""
    n, s, q = tally.exact(key)
    if n == 0:
        return 0, math.nan, math.nan
    var = max(Fraction(0), (q - s * s / n) / (n - 1)) if n > 1 else None
    return n, float(s / n), math.nan if var is None else float(var)

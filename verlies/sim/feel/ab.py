"""The game-feel figures in an A/B: paired, always-valid, Holm (docs/metrics.md
"Game feel", "In an A/B")."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from verlies.i18n.numbers import measured
from verlies.sim import stats
from verlies.sim.feel.estimator import FIGURES, Estimator
from verlies.sim.feel.game import GameFeel, game_feel
from verlies.sim.feel.report import feel_number
from verlies.sim.records import GameRecord, SimulationError

# ---- A/B: paired, always-valid, Holm (the lab's method, verlies.sim.stats) ------------------

#: The smallest change of each figure that matters (the mixture scale τ and the band of
#: "no meaningful change"), in the figure's units.
DELTAS: dict[str, float] = {
    "decisiveness": 0.05,
    "drama": 0.05,
    "comeback": 0.03,
    "lead_changes": 0.25,
    "agency": 0.02,
    "wait_decisions": 0.25,
    "wait_steps": 1.0,
    "longest_wait": 1.0,
    "kingmaking": 0.03,
    "mattered": 0.02,
}
#: Pairs before a sequential look may decide (as ``verlies.sim.compare.MIN_PAIRS``).
MIN_PAIRS = 30


@dataclass
class FeelComparison:
    """Game i of A against game i of B (same seed and characters) for every watched
    figure: the paired differences' always-valid intervals (the normal mixture, τ = δ),
    p-values as the running minimum over the looks, Holm across the watched figures, and
    one of three verdicts ("different", "no_change", "undecided")."""

    watch: tuple[str, ...]
    alpha: float = 0.05
    sums: dict[str, list[float]] = field(default_factory=dict)  # key -> [n, Σd, Σd², Σa, Σb]
    pmin: dict[str, float] = field(default_factory=dict)
    looks: int = 0

    def add(self, a: GameFeel, b: GameFeel) -> None:
        for key in self.watch:
            va, vb = a.value(key), b.value(key)
            if va is None or vb is None:
                continue  # a figure undefined in either game (no winner ...) is not paired
            s = self.sums.setdefault(key, [0.0, 0.0, 0.0, 0.0, 0.0])
            d = vb - va
            s[0] += 1
            s[1] += d
            s[2] += d * d
            s[3] += va
            s[4] += vb

    def _var(self, key: str) -> tuple[int, float, float]:
        n, sd, sdd = self.sums.get(key, [0.0, 0.0, 0.0])[:3]
        m = int(n)
        var = (sdd - sd * sd / m) / (m - 1) if m >= 2 else 0.0
        # a constant difference so far: the floor of a rare change of one δ
        return m, sd / m if m else math.nan, max(var, stats.variance_floor(m, DELTAS[key]))

    def _p_now(self, key: str) -> float:
        n, mean, var = self._var(key)
        if n < MIN_PAIRS:
            return 1.0
        return stats.cs_p_value(n, mean, var, DELTAS[key])

    def look(self) -> None:
        self.looks += 1
        for key in self.watch:
            self.pmin[key] = min(self.pmin.get(key, 1.0), self._p_now(key))

    def p_value(self, key: str) -> float:
        return min(self._p_now(key), self.pmin.get(key, 1.0))

    def rows(self, alpha: float | None = None) -> dict[str, dict[str, Any]]:
        """Per figure its pairs, A, B, B − A, the always-valid interval at its Holm level,
        p, Holm's p and its state, Holm across the figures at ``alpha`` (default
        ``self.alpha``)."""
        alpha = self.alpha if alpha is None else alpha
        ps = [self.p_value(k) for k in self.watch]
        levels = stats.holm_levels(ps, alpha)
        adjusted = stats.holm(ps)
        out = {}
        for key, p, level, padj in zip(self.watch, ps, levels, adjusted, strict=True):
            n, mean, var = self._var(key)
            s = self.sums.get(key, [0.0] * 5)
            h = stats.cs_half_width(n, var, DELTAS[key], level) if n >= MIN_PAIRS else math.inf
            lo, hi = mean - h, mean + h
            state = (
                "different"
                if padj <= alpha
                else "within"
                if -DELTAS[key] < lo and hi < DELTAS[key]
                else "open"
            )
            out[key] = {
                "pairs": n,
                "a": s[3] / n if n else math.nan,
                "b": s[4] / n if n else math.nan,
                "diff": mean,
                "ci_low": lo,
                "ci_high": hi,
                "p": p,
                "p_holm": padj,
                "state": state,
            }
        return out

    @property
    def verdict(self) -> str:
        return self.verdict_of(self.rows())

    @staticmethod
    def verdict_of(rows: dict[str, dict[str, Any]]) -> str:
        """The family's verdict from its rows: "different" when a figure changed,
        "no_change" when every one lies within ±δ, else "undecided"."""
        states = [r["state"] for r in rows.values()]
        if "different" in states:
            return "different"
        if states and all(s == "within" for s in states):
            return "no_change"
        return "undecided"


#: The figures shown as shares (percent; their differences in percentage points).
SHARES = ("decisiveness", "drama", "comeback", "agency", "kingmaking", "mattered")


def feel_lines(feel: dict[str, Any] | None, lang: str = "en") -> list[str]:
    """The game-feel family of a comparison (``Comparison.feel_dict()``) in plain lines:
    a head with the family's verdict, then per figure A → B, B − A with its always-valid
    interval and what it means (changed, no meaningful change, can't tell yet). Figures
    no pair defines (e.g. how much a choice mattered, without a search bot) are left out.
    [] without a trace."""
    from verlies.i18n import text as t

    if not feel:
        return []
    rows = {k: r for k, r in feel["rows"].items() if r["pairs"]}
    pairs = max((r["pairs"] for r in rows.values()), default=0)
    from verlies.i18n.metrics import alpha_words

    verdict = t(f"feel.ab.{feel['verdict']}", lang)
    alpha = alpha_words(feel.get("alpha", 0.05), lang)
    out = [t("feel.ab.head", lang, pairs=pairs, alpha=alpha, verdict=verdict)]
    for key, r in rows.items():
        pct = key in SHARES

        def diff(x: float, pct: bool = pct) -> str:
            if not math.isfinite(x):
                return "–"
            s = measured(x * 100, 1, lang) if pct else measured(x, 2, lang)
            return t("feel.ab.pts", lang, x=s) if pct else s

        out.append(
            t(
                "feel.ab.row",
                lang,
                name=t(f"feel.name.{key}", lang),
                a=feel_number(r["a"], pct, lang),
                b=feel_number(r["b"], pct, lang),
                diff=diff(r["diff"]),
                low=diff(r["ci_low"]),
                high=diff(r["ci_high"]),
                state=t(f"feel.ab.state.{r['state']}", lang),
            )
        )
    return out


def compare_feel(
    records_a: Sequence[GameRecord],
    records_b: Sequence[GameRecord],
    watch: Sequence[str] = FIGURES,
    alpha: float = 0.05,
    block: int | None = None,
    estimator: Estimator | None = None,
) -> FeelComparison:
    """Pair the games of two runs on the same seeds (game i with game i) and look after
    every ``block`` pairs (None: once, at the end)."""
    for key in watch:
        if key not in DELTAS:
            raise SimulationError(f"unknown game-feel figure {key!r} (known: {', '.join(FIGURES)})")
    a = {r.index: r for r in records_a}
    b = {r.index: r for r in records_b}
    common = sorted(set(a) & set(b))
    comp = FeelComparison(tuple(watch), alpha)
    step = block or max(1, len(common))
    for k, i in enumerate(common, 1):
        comp.add(game_feel(a[i], estimator), game_feel(b[i], estimator))
        if k % step == 0 or k == len(common):
            comp.look()
    return comp

"""The balance lab's statistics: always-valid intervals, Holm, equivalence, noise floors.

Plain functions on sums (no widgets, no numpy); docs/metrics.md says what each one
controls and cites the sources.

* :func:`cs_half_width`: the normal-mixture confidence sequence (Robbins 1970; the mSPRT of
  Johari et al. 2017) of a mean of i.i.d. paired differences: intervals that hold at every
  look at once, with mixture scale ``tau`` fixed before the run.
* :func:`cs_p_value`: the matching always-valid p-value of "no change" at one look
  (``1 / Λ_n``); a run keeps the running minimum over its looks.
* :func:`holm`: Holm's step-down adjusted p-values.
* :func:`variance_floor`: the smallest variance a quantity constant so far is given, so that
  its interval narrows like a rare event's would (never zero, never blocking a stop).
* :func:`spread_noise_floor`, :func:`chi2_equal_rates`: what spread of win rates noise alone
  gives when every character wins at the same rate.
* :func:`sample_size`: pairs (or games) to detect a change of ``d``, one planned look and
  the always-valid run.

>>> round(cs_half_width(2000, 0.51**2, 0.02, 0.05), 3)
0.036
>>> holm([0.01, 0.04, 0.03])
[0.03, 0.06, 0.06]
"""

from __future__ import annotations

import bisect
import functools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from verlies.i18n.numbers import decimal, grouped

__all__ = [
    "Z95",
    "wilson",
    "Estimate",
    "chi2_equal_rates",
    "chi2_sf",
    "cs_half_width",
    "cs_p_value",
    "holm",
    "holm_levels",
    "newcombe",
    "normal_p",
    "sample_size",
    "sample_size_text",
    "t_p",
    "t_quantile",
    "t_sf",
    "spread_noise_floor",
    "spread_quantile",
    "variance_floor",
    "z_quantile",
]

_N = NormalDist()


#: The normal quantile for two-sided 95 % intervals.
Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``k / n`` (NaN, NaN for n = 0)."""
    if n <= 0:
        return math.nan, math.nan
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    # The bounds at k = 0 and k = n are exactly 0 and 1 (rounding would leave 1e-17).
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return low, high


def z_quantile(p: float) -> float:
    """The standard normal quantile (``z_quantile(0.975)`` ≈ 1.96)."""
    return _N.inv_cdf(p)


def variance_floor(n: int, unit: float = 1.0) -> float:
    """The variance of a difference of two independent events of rate 1/(n+1), in ``unit``².

    Every paired quantity of the lab is a whole number per game, so the smallest change one
    game can show is one ``unit``. A quantity that has not moved in ``n`` pairs is treated
    as if it might move once in the next: its interval narrows like a rare event's, about
    as 1/n, so it never makes a run "different" and never holds a stop back for ever.
    """
    r = 1.0 / (n + 1)
    return 2.0 * r * (1.0 - r) * unit * unit


def cs_half_width(n: int, var: float, tau: float, alpha: float) -> float:
    """Half-width of the normal-mixture confidence sequence after ``n`` pairs.

    ``var``: the variance of one difference (the sample variance, floored); ``tau``: the
    mixture scale, fixed before the run (the lab uses δ of the quantity); coverage ≥
    1 − ``alpha`` at every ``n`` at once (asymptotically, with a plug-in variance).
    """
    if n < 1 or var <= 0 or tau <= 0:
        return math.inf
    nt2 = n * tau * tau
    return math.sqrt(
        var
        * (var + nt2)
        / (n * n * tau * tau)
        * (math.log((var + nt2) / var) - 2 * math.log(alpha))
    )


def cs_p_value(n: int, mean: float, var: float, tau: float) -> float:
    """``min(1, 1/Λ_n)``: the always-valid p-value of "mean 0" at this look alone.

    A run's always-valid p-value is the running minimum of this over its looks; it is
    ≤ α exactly when some look's interval at level α excluded 0.
    """
    if n < 1 or var <= 0 or tau <= 0:
        return 1.0
    nt2 = n * tau * tau
    log_lam = 0.5 * math.log(var / (var + nt2)) + (n * n * tau * tau * mean * mean) / (
        2 * var * (var + nt2)
    )
    return 1.0 if log_lam <= 0 else math.exp(-log_lam)


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / (tiny if abs(d) < tiny else d)
    h = d
    for m in range(1, 10_000):
        m2 = 2 * m
        for num in (m * (b - m) * x / ((qam + m2) * (a + m2)), None):
            if num is None:
                num = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
            d = 1 + num * d
            d = 1 / (tiny if abs(d) < tiny else d)
            c = 1 + num / c
            c = tiny if abs(c) < tiny else c
            step = d * c
            h *= step
        if abs(step - 1) < 1e-15:
            break
    return h


def beta_inc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1 - front * _betacf(b, a, 1 - x) / b


def t_sf(t: float, df: float) -> float:
    """P(T > t) for Student's t with ``df`` degrees of freedom."""
    tail = 0.5 * beta_inc(df / 2, 0.5, df / (df + t * t))
    return tail if t >= 0 else 1 - tail


# Cached: a comparison asks the same few levels (Holm's α/k, α/(k-1), ...) at the same
# degrees of freedom for every quantity and look, and each answer costs ~60 incomplete
# beta functions. A pure function of its arguments, so cached answers are bit for bit.
@functools.lru_cache(maxsize=4096)
def t_quantile(p: float, df: float) -> float:
    """Student's t quantile (bisection on :func:`t_sf`)."""
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1 - p, df)
    lo, hi = 0.0, 1.0
    while t_sf(hi, df) > 1 - p:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_sf(mid, df) > 1 - p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * max(1.0, hi):
            break
    return (lo + hi) / 2


def t_p(mean: float, se: float, df: float) -> float:
    """Two-sided p-value of a one-look t test of "mean 0"."""
    if not se > 0:
        return 1.0 if mean == 0 else 0.0
    return min(1.0, 2 * t_sf(abs(mean) / se, df))


def normal_p(mean: float, se: float) -> float:
    """Two-sided p-value of a one-look normal test of "mean 0"."""
    if not se > 0:
        return 1.0 if mean == 0 else 0.0
    return 2 * (1 - _N.cdf(abs(mean) / se))


def holm(ps: Sequence[float]) -> list[float]:
    """Holm's adjusted p-values (same order as ``ps``): reject where adjusted ≤ α."""
    k = len(ps)
    order = sorted(range(k), key=lambda i: ps[i])
    out = [1.0] * k
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (k - rank) * ps[i]))
        out[i] = running
    return out


def holm_levels(ps: Sequence[float], alpha: float) -> list[float]:
    """Each quantity's level in Holm's order: α/K for the smallest p, …, α for the largest."""
    k = len(ps)
    order = sorted(range(k), key=lambda i: ps[i])
    out = [alpha] * k
    for rank, i in enumerate(order):
        out[i] = alpha / (k - rank)
    return out


@dataclass(frozen=True, slots=True)
class Estimate:
    """A number with its interval (and, where a test belongs to it, a p-value)."""

    value: float
    low: float
    high: float

    def to_dict(self) -> dict[str, float]:
        return {"value": self.value, "low": self.low, "high": self.high}


def mean_interval(n: int, total: float, squares: float, z: float = 1.959963984540054) -> Estimate:
    """The mean of ``n`` values from their sum and sum of squares, with a normal interval."""
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan)
    m = total / n
    if n < 2:
        return Estimate(m, math.nan, math.nan)
    var = max(0.0, (squares - total * total / n) / (n - 1))
    h = z * math.sqrt(var / n)
    return Estimate(m, m - h, m + h)


def newcombe(
    k1: int, n1: int, k2: int, n2: int, z: float = 1.959963984540054
) -> tuple[float, float]:
    """Newcombe's hybrid score interval of p2 − p1 (two independent proportions)."""
    if n1 <= 0 or n2 <= 0:
        return math.nan, math.nan
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p2 - p1
    low = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return low, high


# ---- balance: the spread of win rates against noise ------------------------------------


def _binomial_cdf(n: int, p: float) -> list[float]:
    """The cumulative Binomial(n, p) distribution (log-space pmf: no underflow)."""
    if p <= 0 or p >= 1:
        return [1.0] * (n + 1) if p <= 0 else [0.0] * n + [1.0]
    lp, lq = math.log(p), math.log1p(-p)
    lg = math.lgamma(n + 1)
    acc, out = 0.0, []
    for k in range(n + 1):
        acc += math.exp(lg - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * lp + (n - k) * lq)
        out.append(acc)
    return out


def spread_quantile(
    games: Sequence[int], rate: float, rng: random.Random, reps: int = 2000, q: float = 0.95
) -> float:
    """The ``q`` quantile of max − min of the win rates when each group of ``games`` wins
    independently at ``rate``: ``reps`` parametric bootstrap draws from ``rng``."""
    sizes = [int(n) for n in games if n > 0]
    if len(sizes) < 2 or math.isnan(rate) or reps < 1:
        return math.nan
    cdfs = {n: _binomial_cdf(n, rate) for n in set(sizes)}
    spreads = []
    for _ in range(reps):
        rates = [min(bisect.bisect_left(cdfs[n], rng.random()), n) / n for n in sizes]
        spreads.append(max(rates) - min(rates))
    spreads.sort()
    return spreads[min(reps - 1, max(0, math.ceil(q * reps) - 1))]


def spread_noise_floor(
    games: Sequence[int], wins: Sequence[int], reps: int = 2000, seed: int = 0, q: float = 0.95
) -> float:
    """The ``q`` quantile of max − min of the win rates when all win at the pooled rate.

    Parametric bootstrap: each character's wins drawn from Binomial(n_c, p̄) with p̄ the
    pooled rate, ``reps`` times, from ``random.Random(seed)`` (the same answer every
    time). A spread below this is indistinguishable from perfect balance at this size.
    """
    sizes = [int(n) for n in games if n > 0]
    if len(sizes) < 2:
        return math.nan
    return spread_quantile(sizes, sum(wins) / sum(sizes), random.Random(seed), reps, q)


def spread_interval(
    games: Sequence[int], wins: Sequence[int], reps: int = 1000, seed: int = 0
) -> tuple[float, float]:
    """A 95 % percentile-bootstrap interval of max − min (each Binomial(n_c, p_c))."""
    pairs = [(int(n), int(k)) for n, k in zip(games, wins, strict=True) if n > 0]
    if len(pairs) < 2:
        return math.nan, math.nan
    cdfs = {(n, k): _binomial_cdf(n, k / n) for n, k in set(pairs)}
    rng = random.Random(seed)
    spreads = []
    for _ in range(reps):
        rates = [min(bisect.bisect_left(cdfs[nk], rng.random()), nk[0]) / nk[0] for nk in pairs]
        spreads.append(max(rates) - min(rates))
    spreads.sort()
    return spreads[int(0.025 * reps)], spreads[min(reps - 1, math.ceil(0.975 * reps) - 1)]


def chi2_sf(x: float, df: int) -> float:
    """P(χ²_df > x): the regularised upper incomplete gamma Q(df/2, x/2)."""
    if x <= 0:
        return 1.0
    a, z = df / 2.0, x / 2.0
    if z < a + 1:  # the series of the lower function
        term = total = 1.0 / a
        k = a
        for _ in range(10_000):
            k += 1
            term *= z / k
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-z + a * math.log(z) - math.lgamma(a)))
    # Lentz's continued fraction of the upper function
    tiny = 1e-300
    b = z + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return min(1.0, math.exp(-z + a * math.log(z) - math.lgamma(a)) * h)


def chi2_equal_rates(games: Sequence[int], wins: Sequence[int]) -> tuple[float, int, float]:
    """Pearson's χ² test that every character wins at the same rate: (χ², df, p)."""
    pairs = [(n, k) for n, k in zip(games, wins, strict=True) if n > 0]
    if len(pairs) < 2:
        return math.nan, 0, math.nan
    total, won = sum(n for n, _ in pairs), sum(k for _, k in pairs)
    p = won / total
    if p <= 0 or p >= 1:
        return 0.0, len(pairs) - 1, 1.0
    x = sum((k - n * p) ** 2 / (n * p * (1 - p)) for n, k in pairs)
    df = len(pairs) - 1
    return x, df, chi2_sf(x, df)


# ---- how many games ------------------------------------------------------------------


def sample_size(
    d: float,
    rate: float = 0.25,
    alpha: float = 0.05,
    power: float = 0.8,
    sd: float | None = None,
    quantities: int = 1,
) -> dict[str, Any]:
    """Pairs to detect a change of ``d`` (e.g. 0.03 = 3 points of a win rate).

    ``sd``: the standard deviation of one paired difference (from a pilot run, e.g.
    ``Comparison.watched()``); without it, that of two independent games,
    sqrt(2 p (1 − p)) with p = ``rate`` (a paired run usually needs fewer).
    ``quantities``: how many are watched (Bonferroni's α/K, the worst case of Holm).
    ``planned``: (z₁₋α/2 + z₁₋β)² s² / d², one look at the end; ``always_valid``: the
    smallest n whose confidence sequence (τ = d) is crossed by a true change d with
    probability ``power`` at that look; a run that looks after every block stops at the
    first crossing, so this is what it needs at most for that power, typically 1.5–2×
    the planned figure.
    """
    if not d > 0:
        raise ValueError(f"the change to detect must be > 0, not {d!r}")
    if not 0 < alpha < 1 or not 0 < power < 1:
        raise ValueError("alpha and power lie between 0 and 1")
    a = alpha / max(1, quantities)
    s = sd if sd is not None else math.sqrt(2 * rate * (1 - rate))
    var = s * s
    zb = z_quantile(power)
    planned = math.ceil((z_quantile(1 - a / 2) + zb) ** 2 * var / (d * d))
    lo, hi = 1, max(2, planned)
    while cs_half_width(hi, var, d, a) + zb * s / math.sqrt(hi) > d:
        hi *= 2
    while lo < hi:  # the smallest n that reaches the power (both terms shrink with n)
        mid = (lo + hi) // 2
        if cs_half_width(mid, var, d, a) + zb * s / math.sqrt(mid) <= d:
            hi = mid
        else:
            lo = mid + 1
    return {
        "d": d,
        "rate": rate,
        "sd": s,
        "alpha": alpha,
        "power": power,
        "quantities": quantities,
        "planned": planned,
        "always_valid": hi,
        "ratio": hi / planned,
    }


def _grouped(n: int, lang: str) -> str:
    """A whole number with its thousands grouped as the language writes them."""
    return grouped(n, lang)


def _decimal(x: float, lang: str, digits: int) -> str:
    return decimal(f"{x:.{digits}f}".rstrip("0").rstrip(".") if digits else f"{x:.0f}", lang)


def sample_size_text(got: dict[str, Any], lang: str = "en") -> str:
    """:func:`sample_size`'s answer as one sentence in ``lang`` ("de" or "en")."""
    from verlies.i18n import text

    return text(
        "samplesize.sentence",
        lang,
        points=_decimal(got["d"] * 100, lang, 2),
        rate=_decimal(got.get("rate", 0.25) * 100, lang, 1),
        alpha=_decimal(got["alpha"], lang, 3),
        quantities=got["quantities"],
        power=_decimal(got["power"] * 100, lang, 1),
        planned=_grouped(got["planned"], lang),
        always_valid=_grouped(got["always_valid"], lang),
        ratio=_decimal(got["ratio"], lang, 2),
    )

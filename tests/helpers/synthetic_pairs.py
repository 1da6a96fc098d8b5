"""Synthetic paired runs for the statistics of verlies.sim.compare (no games played).

Each run is a sequence of blocks of i.i.d. paired differences of several quantities; the
real :class:`~verlies.sim.compare.Comparison` takes their sums and gives its verdict after
every block, exactly as ``compare(..., until_clear=...)`` does between blocks.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from verlies.sim.compare import Comparison, Paired
from verlies.sim.lab import SimResult
from verlies.sim.metrics import Metrics
from verlies.sim.run import RunInfo, RunSpec

_SPEC = RunSpec.build(players=4, characters="all", seed=0)


def empty(watch: Sequence[str], sequential: bool = True, alpha: float = 0.05) -> Comparison:
    a = SimResult(_SPEC, Metrics(4), RunInfo(), 0)
    b = SimResult(_SPEC, Metrics(4), RunInfo(), 0)
    comp = Comparison(a, b, alpha=alpha, sequential=sequential)
    comp.watch = tuple(watch)
    return comp


def differences(
    rng: np.random.Generator, kind: str, pairs: int, shift: float = 0.0
) -> tuple[np.ndarray, np.ndarray]:
    """Per game the values of A and B of one kind of quantity (``shift``: B's change)."""
    if kind == "win":  # a character's win in A and in B, correlated through the shared seed
        u = rng.random(pairs)
        a = (u < 0.25).astype(np.int64)
        same = rng.random(pairs) < 0.3
        b = np.where(same, a, (rng.random(pairs) < 0.25 + shift).astype(np.int64))
        return a, b
    if kind == "rounds":  # rounds: about 28 ± 6 per game, B shifted by whole rounds
        a = rng.poisson(28, pairs)
        b = np.where(rng.random(pairs) < 0.4, a, rng.poisson(28 + shift, pairs))
        return a, b
    if kind == "heavy":  # a skewed count (injuries-like): a few games with many
        a = rng.geometric(0.2, pairs) - 1
        b = np.where(rng.random(pairs) < 0.3, a, rng.geometric(1 / (5 + shift), pairs) - 1)
        return a, b
    if kind == "constant":  # never moves (timeouts on a deck that never times out)
        z = np.zeros(pairs, dtype=np.int64)
        return z, z
    raise ValueError(kind)


def run(
    rng: np.random.Generator,
    kinds: dict[str, str],
    block: int,
    looks: int,
    shifts: dict[str, float] | None = None,
    alpha: float = 0.05,
    deltas: dict[str, float] | None = None,
) -> tuple[str, int]:
    """One sequential run: (verdict, pairs played when it was reached or the budget)."""
    pairs = block * looks
    data = {
        k: differences(rng, kind, pairs, (shifts or {}).get(k, 0.0)) for k, kind in kinds.items()
    }
    comp = empty(list(kinds), alpha=alpha)
    comp.deltas = dict(deltas or {})
    sums = {k: (np.cumsum(a), np.cumsum(b), np.cumsum((b - a) ** 2)) for k, (a, b) in data.items()}
    for look in range(1, looks + 1):
        hi = look * block - 1
        for k, (ca, cb, cdd) in sums.items():
            sa, sb = int(ca[hi]), int(cb[hi])
            comp.paired[k] = Paired(hi + 1, sa, sb, sb - sa, int(cdd[hi]))
        comp.look()
        verdict = comp.verdict
        if verdict != "undecided":
            return verdict, hi + 1
    return "undecided", pairs

"""A/A tests of Suggest's verdicts (verlies.sim.tune.judge): a target's verdict on fresh
games is *met*, *missed* or *can't tell yet* (undecided), and all of a deck's verdicts
together are wrong with probability at most α = 5 % (Bonferroni over its quantities).

The hardest case for a "met" verdict is a true value on a band's edge: there, "met" and
"missed" are both wrong (the edge is in the band, but a hair further out is not). Drawn
binomial data show the rate of false "meets" stays within α plus two standard errors, and
that the same draws judged without the correction break that bound; a smaller real run
does the same with the lab's games.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from verlies.sim.metrics import Metrics, _Side, wilson
from verlies.sim.tune import ALPHA, Target, judge, verdict, verdict_level, verdict_z

CHARS = [f"char-{i}" for i in range(8)]
BAND = Target.parse("win:*=25+-2")  # 23–27 %
EDGE = Target.parse("edge=:2")  # the first seat wins at most 27 %


def _metrics(wins: list[int], n: int, seat0_wins: int, games: int) -> Metrics:
    """Games summed as the lab sums them: each character's wins of ``n`` games, the first
    seat's wins of ``games``."""
    m = Metrics(4)
    m.games = games
    for cid, k in zip(CHARS, wins, strict=True):
        m.characters[cid] = _Side(games=n, wins=int(k))
    m.seats[0] = _Side(games=games, wins=seat0_wins)
    return m


def _bound(runs: int) -> float:
    return ALPHA + 2 * math.sqrt(ALPHA * (1 - ALPHA) / runs)


def test_verdict_level_is_stated_and_bonferroni() -> None:
    assert verdict_level(1) == pytest.approx(0.95)
    assert verdict_level(10) == pytest.approx(0.995)
    assert verdict_z(1) == pytest.approx(1.959964, abs=1e-5)
    assert verdict_z(8) > verdict_z(1)
    t = Target.parse("win:*=25+-2")
    assert verdict(0.235, 0.265, t) == "met"
    assert verdict(0.275, 0.31, t) == "missed" and verdict(0.10, 0.229, t) == "missed"
    assert verdict(0.22, 0.26, t) == "undecided"
    assert verdict(math.nan, math.nan, t) == "undecided"


def test_aa_true_values_on_the_band_edges_are_rarely_called_met() -> None:
    """Eight characters whose true win rates sit on the edges of 23–27 % (four at 23 %, four
    at 27 %) and a first seat that wins exactly 27 % (edge +2 points, the edge of ≤ 2),
    2000 drawn decks: nine verdicts each. 20000 games each, so that an interval can fit in
    the band and "met" can happen at all. A deck has a false "meets" when any
    of its verdicts says met, and a wrong verdict when any says met or missed."""
    rng = np.random.default_rng(20261203)
    runs, n, games = 2000, 20_000, 20_000
    truth = np.array([0.23] * 4 + [0.27] * 4)
    targets = [BAND, EDGE]
    false_met = wrong = 0
    false_met_plain = 0
    z_plain = verdict_z(1)  # each interval at 95 %: no correction for the nine quantities
    for _ in range(runs):
        wins = rng.binomial(n, truth)
        seat0 = int(rng.binomial(games, 0.27))
        m = _metrics(list(wins), n, seat0, games)
        rows = judge(m, targets)
        assert len(rows) == 9
        said = [r["verdict"] for r in rows]
        false_met += "met" in said
        wrong += "met" in said or "missed" in said
        # the same draws, each quantity judged alone at 95 %
        plain = []
        for r in rows:
            band = EDGE if r["key"] == "edge" else BAND
            if r["key"] == "edge":
                lo, hi = wilson(seat0, games, z_plain)
                lo, hi = lo - 0.25, hi - 0.25
            else:
                k = int(wins[CHARS.index(r["key"][4:])])
                lo, hi = wilson(k, n, z_plain)
            plain.append(verdict(lo, hi, band))
        false_met_plain += "met" in plain
    bound = _bound(runs)
    print(
        f"false meets {false_met / runs:.4f}, wrong verdicts {wrong / runs:.4f}, without the "
        f"correction false meets {false_met_plain / runs:.4f}; bound {bound:.4f}"
    )
    assert false_met / runs <= bound, (false_met, runs)
    assert wrong / runs <= bound, (wrong, runs)
    # without the correction the same draws break the bound: the test can fail
    assert false_met_plain / runs > bound, (false_met_plain, runs)


def test_aa_two_identical_decks_rarely_differ_in_their_verdicts_of_met() -> None:
    """Two identical decks (the same true rates, all at a band's edge) judged on their own
    games: neither gets a false "meets" more often than α + 2 SE."""
    rng = np.random.default_rng(7)
    runs, n = 1500, 20_000
    truth = np.full(8, 0.27)
    both = either = 0
    for _ in range(runs):
        a = judge(_metrics(list(rng.binomial(n, truth)), n, n // 4, n), [BAND])
        b = judge(_metrics(list(rng.binomial(n, truth)), n, n // 4, n), [BAND])
        ma = any(r["verdict"] == "met" for r in a)
        mb = any(r["verdict"] == "met" for r in b)
        either += ma or mb
        both += ma and mb
    assert either / runs <= 2 * ALPHA + 2 * math.sqrt(2 * ALPHA / runs)
    assert both / runs <= _bound(runs)


def test_aa_real_games_with_bands_at_the_measured_truth() -> None:
    """The lab's real games: 16 runs of 100 games of the default deck (four players,
    characters rotated). Each character's band has one edge at its rate over all 1600
    games (``0:p`` or ``p:100``, alternately), so the truth sits on the edge and "met" is
    one interval end passing it; the share of runs with a false "meets" stays within
    α + 2 SE."""
    from verlies.sim import simulate

    runs, n = 16, 100
    results = [simulate(n, seed=1000 + i, characters="all", workers=1).metrics for i in range(runs)]
    pooled: dict[str, list[int]] = {}
    for m in results:
        for cid, side in m.characters.items():
            w, g = pooled.setdefault(cid, [0, 0])
            pooled[cid] = [w + side.wins, g + side.games]
    targets: list[Target] = []
    for i, cid in enumerate(sorted(pooled)):
        p = 100 * pooled[cid][0] / pooled[cid][1]
        band = f"{p:.6f}:100" if i % 2 else f"0:{p:.6f}"  # "met" is one interval end
        targets.append(Target.parse(f"win:{cid}={band}"))
    false_met = met_rows = 0
    for m in results:
        rows = judge(m, targets)
        assert len(rows) == len(pooled)
        false_met += any(r["verdict"] == "met" for r in rows)
        met_rows += sum(r["verdict"] != "undecided" for r in rows)
    print(f"real runs: {false_met} of {runs} with a false meets; {met_rows} verdicts not undecided")
    assert false_met / runs <= _bound(runs), false_met

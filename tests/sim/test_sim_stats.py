"""The balance lab's statistics: the sequential verdict's error, Holm, the intervals.

A/A: two sides that play the same game must be called "different" in at most α of many
runs (within two standard errors of that share), however often the run looks. The
statistical core is checked on synthetic paired data (thousands of runs, no games), the
real entry point ``compare(..., until_clear=...)`` on an A/A of the default deck against
the same cards under other ids. benchmarks/sequential_aa.py runs the larger A/A.

SciPy, the reference, is imported by the tests that ask it: at the top it cost every
collecting worker about a second.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
import synthetic_pairs as sp

from verlies.deck import Deck
from verlies.i18n.metrics import metric_help, metric_name
from verlies.sim import SimulationError, Tweak, simulate, stats
from verlies.sim.compare import aa_twin, compare
from verlies.sim.metrics import wilson
from verlies.sim.sweep import sweep

ALPHA = 0.05
DECK = Deck.default()
TWIN = aa_twin(DECK)
DEFAULT_LIKE = {
    "rounds": "rounds",
    "injuries": "heavy",
    "gold": "heavy",
    "timeout": "constant",
    **{f"win:c{i}": "win" for i in range(8)},
}


def _bound(runs: int, alpha: float = ALPHA) -> float:
    """α + 2 standard errors of a share of ``runs`` runs."""
    return alpha + 2 * math.sqrt(alpha * (1 - alpha) / runs)


# ---- the core on synthetic paired data ---------------------------------------------------


@pytest.mark.parametrize(
    ("kinds", "runs", "block"),
    [
        ({"rounds": "rounds"}, 1000, 10),
        ({"injuries": "heavy"}, 1000, 10),
        ({"win:a": "win"}, 1000, 10),
        ({"win:a": "win"}, 600, 50),
        (DEFAULT_LIKE, 300, 25),
    ],
    ids=["rounds", "skewed", "win-rate", "win-rate-long", "twelve-quantities"],
)
def test_aa_on_synthetic_pairs_is_called_different_at_most_alpha(
    kinds: dict[str, str], runs: int, block: int
) -> None:
    """No change, 40 looks: the share of runs ever called "different" stays ≤ α + 2 SE
    (a one-look 95 % interval looked at 20 times is wrong in about 28 % of runs)."""
    rng = np.random.default_rng(20)
    verdicts = [sp.run(rng, kinds, block, 40)[0] for _ in range(runs)]
    share = verdicts.count("different") / runs
    assert share <= _bound(runs)


def test_the_one_look_rule_looked_at_often_is_wrong_far_more_often() -> None:
    """The test above can fail: the same data, judged at each of 20 looks by a one-look
    interval, is called different far above α."""
    rng = np.random.default_rng(3)
    runs, hits = 400, 0
    for _ in range(runs):
        a, b = sp.differences(rng, "rounds", 400)
        d = b - a
        for n in range(20, 401, 20):
            m, s = d[:n].mean(), d[:n].std(ddof=1)
            if abs(m) > 1.96 * s / math.sqrt(n):
                hits += 1
                break
    assert hits / runs > 0.15


def test_a_real_change_is_called_different_and_a_constant_never() -> None:
    rng = np.random.default_rng(5)
    kinds = {"rounds": "rounds", "timeout": "constant"}
    res = [sp.run(rng, kinds, 25, 40, shifts={"rounds": 3.0}) for _ in range(100)]
    assert sum(v == "different" for v, _ in res) >= 95
    assert max(n for _, n in res) <= 500
    # The constant quantity never decided it: only rounds did.
    comp = sp.empty(["timeout"])
    comp.paired["timeout"] = sp.Paired(500, 0, 0, 0, 0)
    comp.look()
    assert comp.watched()["timeout"]["state"] == "within" and comp.verdict == "no_change"


def test_a_constant_quantity_never_blocks_no_change_for_ever() -> None:
    """The variance floor: 0 ± 0 so far narrows like a rare event (about as 1/n)."""
    comp = sp.empty(["timeout", "left_behind"])
    states = []
    for n in (30, 100, 300, 1000):
        for k in comp.watch:
            comp.paired[k] = sp.Paired(n, 0, 0, 0, 0)
        comp.look()
        states.append(comp.verdict)
    assert states[0] == "undecided" and states[-1] == "no_change"
    assert comp.decided_by == (("timeout", "within"), ("left_behind", "within"))


def test_no_change_needs_every_interval_inside_delta() -> None:
    rng = np.random.default_rng(8)
    # rounds unchanged: no_change within ±1 round; a change of 0.6 < δ may end either
    # way, a change of 3 rounds never "no_change".
    same = [sp.run(rng, {"rounds": "rounds"}, 50, 40)[0] for _ in range(50)]
    moved = [
        sp.run(rng, {"rounds": "rounds"}, 50, 40, shifts={"rounds": 3.0})[0] for _ in range(50)
    ]
    assert same.count("no_change") >= 40 and "no_change" not in moved


# ---- the intervals, recomputed independently -------------------------------------------


@pytest.mark.parametrize(
    ("n", "var", "tau", "alpha"),
    [(50, 0.3, 0.03, 0.05), (2000, 0.26, 0.02, 0.05), (400, 40.0, 1.0, 0.004)],
)
def test_the_confidence_sequence_is_where_the_mixture_reaches_one_over_alpha(
    n: int, var: float, tau: float, alpha: float
) -> None:
    """h_n solves Λ_n(m ± h) = 1/α, Λ the normal mixture's likelihood ratio (Robbins):
    found here by root-finding on the ratio itself, from its integral definition."""

    from scipy import integrate, optimize
    from scipy import stats as sps

    def log_lambda(diff: float) -> float:
        """log ∫ exp(n θ m/s² − n θ²/(2 s²)) N(θ; 0, τ²) dθ, by quadrature (shifted by
        the exponent's largest value on the range, so that nothing overflows)."""

        def exponent(th: float) -> float:
            return n * th * diff / var - n * th * th / (2 * var)

        top = max(exponent(th) for th in (-12 * tau, 12 * tau, min(max(diff, -12 * tau), 12 * tau)))

        def f(th: float) -> float:
            return math.exp(exponent(th) - top) * sps.norm.pdf(th, 0, tau)

        val, _ = integrate.quad(f, -12 * tau, 12 * tau, points=[diff], limit=200)
        return top + math.log(val)

    h = stats.cs_half_width(n, var, tau, alpha)
    root = optimize.brentq(lambda d: log_lambda(d) - math.log(1 / alpha), h / 2, 2 * h, xtol=1e-12)
    assert h == pytest.approx(root, rel=1e-6)
    # ... and the p-value is 1/Λ: α exactly at the boundary.
    assert stats.cs_p_value(n, h, var, tau) == pytest.approx(alpha, rel=1e-6)
    # STATS.md's figure: a win rate (s = 0.51), τ = 0.02, 2,000 pairs: about 3.6 points.
    assert stats.cs_half_width(2000, 0.51**2, 0.02, 0.05) == pytest.approx(0.036, abs=0.001)


def test_one_look_intervals_match_scipy() -> None:
    from scipy import stats as sps

    for df in (1, 2, 7, 40, 500):
        for p in (0.975, 0.995, 0.99999):
            assert stats.t_quantile(p, df) == pytest.approx(sps.t.ppf(p, df), rel=1e-9)
    assert stats.t_p(0.4, 0.2, 9) == pytest.approx(2 * sps.t.sf(2.0, 9), rel=1e-9)
    for x, df in ((3.1, 7), (12.3, 7), (40.0, 3), (0.2, 1)):
        assert stats.chi2_sf(x, df) == pytest.approx(sps.chi2.sf(x, df), rel=1e-9)
    assert stats.z_quantile(0.975) == pytest.approx(1.959963984540054)


def test_holm_against_its_definition() -> None:
    ps = [0.01, 0.04, 0.03, 0.005, 0.5]
    adj = stats.holm(ps)
    # Step down: sorted 0.005·5, 0.01·4, 0.03·3, 0.04·2, 0.5·1, made monotone.
    assert adj == pytest.approx([0.04, 0.09, 0.09, 0.025, 0.5])
    assert stats.holm_levels(ps, 0.05) == pytest.approx([0.05 / 4, 0.05 / 2, 0.05 / 3, 0.01, 0.05])


def test_newcombe_and_wilson_by_their_formulas() -> None:
    lo, hi = wilson(30, 120)
    z = 1.959963984540054
    p = 0.25
    centre = (p + z * z / 240) / (1 + z * z / 120)
    half = z * math.sqrt(p * (1 - p) / 120 + z * z / (4 * 120 * 120)) / (1 + z * z / 120)
    assert (lo, hi) == pytest.approx((centre - half, centre + half))
    # Newcombe (1998), his example: 56/70 vs 48/80 → 0.0524 … 0.3339 (method 10).
    low, high = stats.newcombe(48, 80, 56, 70)
    assert (low, high) == pytest.approx((0.0524, 0.3339), abs=1e-4)


def test_the_noise_floor_is_the_spread_of_equal_rates() -> None:
    from scipy import stats as sps

    games, wins = [500] * 8, [125] * 8
    floor = stats.spread_noise_floor(games, wins, reps=2000, seed=1)
    rng = np.random.default_rng(0)
    sims = rng.binomial(500, 0.25, size=(20000, 8)) / 500
    ref = np.quantile(sims.max(axis=1) - sims.min(axis=1), 0.95)
    assert floor == pytest.approx(ref, abs=0.006)
    assert stats.spread_noise_floor(games, wins, reps=2000, seed=1) == floor  # seeded
    x, df, p = stats.chi2_equal_rates([100, 100], [20, 40])
    ref_x = sps.chi2_contingency([[20, 80], [40, 60]], correction=False)[0]
    assert (x, df) == (pytest.approx(ref_x), 1) and p == pytest.approx(sps.chi2.sf(ref_x, 1))


def test_sample_size_planned_and_always_valid() -> None:
    from scipy import stats as sps

    got = stats.sample_size(0.03, rate=0.25)
    z = sps.norm.ppf(0.975) + sps.norm.ppf(0.8)
    assert got["planned"] == math.ceil(z * z * 2 * 0.25 * 0.75 / 0.03**2)
    assert 1.4 <= got["ratio"] <= 2.2
    n = got["always_valid"]
    sd = got["sd"]
    assert (
        stats.cs_half_width(n, sd * sd, 0.03, 0.05) + sps.norm.ppf(0.8) * sd / math.sqrt(n) <= 0.03
    )
    with pytest.raises(ValueError, match="> 0"):
        stats.sample_size(0)


# ---- through the real entry point --------------------------------------------------------


def test_aa_through_compare_default_watch_and_single_quantities() -> None:
    """16 seeds, blocks of 6 pairs, 20 looks, 2 players: the default deck against its
    renamed twin. Each seed's games are played once (the lab keeps them) and judged by
    the default watch list and by rounds alone."""
    runs, called = 16, {"default": 0, "rounds": 0, "gold": 0}
    looks = []
    for seed in range(runs):
        for name, watch in (("default", True), ("rounds", ["rounds"]), ("gold", ["gold"])):
            comp = compare(
                DECK,
                TWIN,
                games=6,
                players=2,
                seed=500 + seed,
                characters="all",
                until_clear=watch,
                max_games=120,
                workers=1,
            )
            assert comp.same_games < comp.games  # dealt differently
            called[name] += comp.verdict == "different"
            looks.append(comp.looks)
    assert max(looks) == 20
    for name, n in called.items():
        assert n / runs <= _bound(runs), name


def test_aa_tables_star_noise_rarely() -> None:
    """Holm over the rows: A/A tables (one look) with any ★ stay within α + 2 SE."""
    runs, starred = 20, 0
    for seed in range(runs):
        comp = compare(
            DECK, TWIN, games=30, players=2, seed=900 + seed, characters="all", workers=1
        )
        rows = comp.differences()
        starred += any(r["marked"] for r in rows.values())
        assert all(r["marked"] == (r["p_holm"] <= ALPHA) == r["clear"] for r in rows.values())
    assert starred / runs <= _bound(runs)
    assert "Holm's correction over" in str(comp)


def test_goblin_fight_ten_is_called_different_in_a_few_hundred_pairs() -> None:
    strong = Tweak("monster", "monster-goblin", "fight").apply(DECK, 10)
    comp = compare(
        DECK,
        strong,
        games=50,
        players=4,
        seed=0,
        characters="all",
        until_clear=True,
        max_games=1000,
        workers=1,
    )
    assert comp.verdict == "different" and comp.games <= 400
    assert ("injuries", "up") in comp.decided_by
    assert comp.stopped == "a watched quantity changed"
    w = comp.watched()["injuries"]
    assert w["low"] > 0 and w["p_holm"] <= ALPHA and w["state"] == "different"
    assert comp.sentence("en").startswith("Injuries +")
    assert "(clear)." in comp.sentence("en") and "(deutlich)." in comp.sentence("de")
    assert str(comp).lstrip().startswith(comp.sentence("en")[:20])


def test_an_identical_in_effect_change_ends_no_change_before_the_budget() -> None:
    """Only the deck's name differs: the same games, every difference 0; the floor lets
    the run end "no_change" long before its budget."""
    renamed = DECK.with_name("draft")
    comp = compare(
        DECK,
        renamed,
        games=50,
        players=2,
        seed=3,
        characters="all",
        until_clear=True,
        max_games=2000,
        workers=1,
    )
    assert comp.verdict == "no_change" and comp.games < 2000
    assert comp.is_zero
    assert {k for k, _ in comp.decided_by} == set(comp.watch)
    assert "No character's win rate moved by more than 3.0 points" in comp.sentence("en")
    assert "keine nennenswerte Änderung" in comp.sentence("de")


def test_a_fixed_size_compare_gets_a_verdict_at_its_one_look() -> None:
    comp = compare(DECK, DECK, games=10, players=2, seed=1, workers=1)
    assert comp.looks == 1 and not comp.sequential and comp.verdict in ("no_change", "undecided")
    data = json.loads(json.dumps(compare_json(comp)))
    assert data["verdict"] == comp.verdict and data["alpha"] == 0.05
    assert set(data["watched"]) == set(comp.watch)


def compare_json(comp: object) -> object:
    from verlies.sim.report import jsonable

    return jsonable(comp.to_dict())  # type: ignore[attr-defined]


def test_watch_patterns_deltas_and_bad_input() -> None:
    comp = compare(
        DECK,
        TWIN,
        games=8,
        players=2,
        seed=2,
        characters="all",
        watch="rounds,win:*",
        deltas={"win": 0.05},
        workers=1,
    )
    assert comp.watch == ("rounds", *(f"win:{c}" for c in DECK.characters))
    assert comp.deltas["win:char-zwerg"] == 0.05 and comp.deltas["rounds"] == 1.0
    seats = compare(DECK, TWIN, games=4, players=3, seed=2, watch=["win@*"], workers=1)
    assert seats.watch == ("win@1", "win@2", "win@3")
    for kw, match in (
        ({"watch": ["nope"]}, "unknown quantity"),
        ({"alpha": 1.5}, "alpha"),
        ({"deltas": {"rounds": -1}}, "δ of 'rounds'"),
        ({"watch": []}, "at least one"),
    ):
        with pytest.raises(SimulationError, match=match):
            compare(DECK, TWIN, games=2, players=2, workers=1, **kw)  # type: ignore[arg-type]


def test_metric_names_in_both_languages() -> None:
    assert metric_name("win:char-zwerg", "de") == "Siegquote Zwerg"
    assert metric_name("win:char-zwerg", "en") == "Dwarf's win rate"
    assert metric_name("win@2", "en") == "seat 2's win rate"
    assert metric_name("injuries", "de") == "Verletzungen"
    keys = ["rounds", "turns", "timeout", "gold", "left_behind", "escaped", "injuries"]
    keys += ["shuffle_backs", "lead_changes", "win:char-elfe", "win@1"]
    for k in keys:
        assert metric_help(k, "de") != metric_help(k, "en")
        if k != "gold":
            assert metric_name(k, "de") != metric_name(k, "en")
        for lang in ("de", "en"):
            assert metric_help(k, lang) not in (k, "")
    assert metric_help("win:char-elfe", "de") != metric_help("win:char-elfe", "en")


# ---- intervals in summaries and sweeps ----------------------------------------------------


def test_balance_is_shown_against_its_noise_floor() -> None:
    res = simulate(160, players=4, characters="all", seed=4, workers=1)
    b = res.to_dict()["balance"]
    assert b["characters"] == 8 and 0 < b["noise_floor"] < 1
    assert b["indistinguishable"] == (b["spread"] <= b["noise_floor"])
    assert b["spread_ci"][0] <= b["spread_ci"][1]
    assert 0 <= b["p"] <= 1
    s = res.summary()
    lo, hi = wilson(res.metrics.seats[0].wins, 160)
    assert s["first_seat_ci"] == [lo, hi] and s["first_seat_edge_ci"] == [lo - 0.25, hi - 0.25]
    assert "noise floor" in str(res) and "Wilson" in str(res)


def test_sweep_points_have_intervals_and_paired_differences() -> None:
    tweak = Tweak("monster", "monster-goblin", "fight")
    res = sweep(tweak, [4, 10], games=24, players=2, seed=2, characters="all", workers=1)
    for key in (
        "mean_rounds",
        "median_rounds",
        "timeout_share",
        "mean_gold",
        "injuries_per_game",
        "win:char-zwerg",
    ):
        for value, lo, hi in res.curve_ci(key):
            assert lo <= value <= hi, key
    d = res.difference("injuries_per_game")
    assert d[0]["n"] == 0 and d[1]["n"] == 24
    # The paired difference is the difference of the two points' means.
    inj = res.curve("injuries_per_game")
    assert d[1]["diff"] == pytest.approx(inj[1] - inj[0])
    assert d[1]["low"] < d[1]["diff"] < d[1]["high"]
    csv_head = res.to_csv().splitlines()[0].split(",")
    assert {"mean_rounds_low", "injuries_per_game_diff_high", "balance_characters_high"} <= set(
        csv_head
    )
    assert "paired on the same seeds" in str(res)
    # On two workers: the same sums.
    two = sweep(tweak, [4, 10], games=24, players=2, seed=2, characters="all", workers=2)
    assert two.paired == res.paired

"""One error budget for the before/after answer (issue 40, branch feel3).

The answer marks changes in three families: its verdict's quantities (better / worse /
mixed and their ★), the other paired quantities (★) and the game-feel figures ("changed").
Each family has its share of α (:data:`verlies.sim.compare.ALPHA_SPLIT`, Holm within it),
so on two decks that play the same game *anything* marked anywhere appears in at most α
of runs. Checked on synthetic paired data through the real ``Comparison``,
``FeelComparison`` and ``before_after`` (no games played), looking after every block as
a sequential run does; the same data with every family at the whole α (no split) marks
something far more often, so the check can fail.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import synthetic_pairs as sp

from verlies.deck import Deck
from verlies.sim import compare as compare_mod
from verlies.sim.compare import Comparison, Paired
from verlies.sim.feel import FIGURES, FeelComparison
from verlies.sim.verdict import before_after, other_rows

CHARS = sorted(Deck.default().characters)
CLAIMS = ("better", "worse", "mixed")
#: The other paired quantities and how their synthetic values are drawn.
OTHERS = {
    "injuries": "heavy",
    "shuffle_backs": "heavy",
    "left_behind": "heavy",
    "escaped": "heavy",
    "gold": "rounds",
    "turns": "rounds",
    "lead_changes": "heavy",
}


def _bound(runs: int, alpha: float = 0.05) -> float:
    """α plus two standard errors of a rate measured on ``runs`` runs."""
    return alpha + 2 * math.sqrt(alpha * (1 - alpha) / runs)


def _feel_values(rng: np.random.Generator, key: str, pairs: int) -> tuple[np.ndarray, np.ndarray]:
    """A figure's values in A and B per game, B a redraw of A in 70 % of the pairs."""
    if key in ("comeback", "kingmaking"):
        a = (rng.random(pairs) < 0.2).astype(float)
        b = (rng.random(pairs) < 0.2).astype(float)
    elif key in ("lead_changes", "wait_steps", "longest_wait"):
        lam = {"lead_changes": 2.0, "wait_steps": 8.0, "longest_wait": 5.0}[key]
        a, b = rng.poisson(lam, pairs).astype(float), rng.poisson(lam, pairs).astype(float)
    elif key == "wait_decisions":
        a, b = rng.gamma(3.0, 0.8, pairs), rng.gamma(3.0, 0.8, pairs)
    else:  # a share of the game or of the decisions
        a, b = rng.beta(2, 3, pairs), rng.beta(2, 3, pairs)
    return a, np.where(rng.random(pairs) < 0.3, a, b)


def _run(
    rng: np.random.Generator, block: int, looks: int, sequential: bool
) -> tuple[bool, bool, bool]:
    """One A/A run looked at after every block: whether the answer's verdict, the other
    quantities or the game-feel family marked a change at any look."""
    pairs = block * looks
    comp = sp.empty([f"win:{c}" for c in CHARS], sequential=sequential)
    data = {f"win:{c}": sp.differences(rng, "win", pairs) for c in CHARS}
    data["win@1"] = sp.differences(rng, "win", pairs)
    data["timeout"] = sp.differences(rng, "constant", pairs)
    data["rounds"] = sp.differences(rng, "rounds", pairs)
    for key, kind in OTHERS.items():
        data[key] = sp.differences(rng, kind, pairs)
    sums = {k: (np.cumsum(a), np.cumsum(b), np.cumsum((b - a) ** 2)) for k, (a, b) in data.items()}
    feel = {k: _feel_values(rng, k, pairs) for k in FIGURES}
    fsums = {
        k: np.cumsum(np.stack([np.ones(pairs), b - a, (b - a) ** 2, a, b]), axis=1)
        for k, (a, b) in feel.items()
    }
    comp.feel = FeelComparison(FIGURES, comp.level("feel"))
    marked = [False, False, False]
    for look in range(1, looks + 1):
        hi = look * block - 1
        for k, (ca, cb, cdd) in sums.items():
            sa, sb = int(ca[hi]), int(cb[hi])
            comp.paired[k] = Paired(hi + 1, sa, sb, sb - sa, int(cdd[hi]))
        for k, s in fsums.items():
            comp.feel.sums[k] = [float(x) for x in s[:, hi]]
        comp.look()
        ba = before_after(comp, floors=False)
        marked[0] |= ba.verdict in CLAIMS
        marked[1] |= any(r["star"] for r in other_rows(comp).values())
        marked[2] |= ba.feel is not None and ba.feel["verdict"] == "different"
    return marked[0], marked[1], marked[2]


def _rates(
    seed: int, runs: int, block: int, looks: int, sequential: bool
) -> tuple[float, list[float]]:
    """The share of runs with a change marked anywhere, and per family."""
    rng = np.random.default_rng(seed)
    got = [_run(rng, block, looks, sequential) for _ in range(runs)]
    anywhere = sum(any(g) for g in got) / runs
    return anywhere, [sum(g[i] for g in got) / runs for i in range(3)]


def test_the_split_adds_up_to_alpha_and_is_stated() -> None:
    comp = sp.empty(["rounds"], alpha=0.1)
    levels = {f: comp.level(f) for f in ("answer", "others", "feel")}
    assert levels == pytest.approx({"answer": 0.05, "others": 0.025, "feel": 0.025})
    assert sum(levels.values()) == pytest.approx(comp.alpha)
    ba = before_after(comp, floors=False)
    assert ba.to_dict()["alpha_split"] == pytest.approx(levels)
    assert comp.to_dict()["alpha_split"] == pytest.approx(levels)
    uncorrected = before_after(comp, corrected=False, floors=False)
    assert set(uncorrected.levels.values()) == {0.1}


def test_aa_sequential_a_change_marked_anywhere_in_at_most_alpha_of_runs() -> None:
    """Two decks that play the same game, 12 looks of 50 pairs (always-valid): a ★,
    better/worse/mixed or a changed game-feel figure at any look in at most α + 2 SE of
    the runs."""
    runs = 200
    anywhere, per_family = _rates(41, runs, 50, 12, True)
    assert anywhere <= _bound(runs), per_family
    assert anywhere <= sum(per_family)  # the union bound the split rests on


def test_aa_one_look_a_change_marked_anywhere_in_at_most_alpha_of_runs() -> None:
    """One look at 400 pairs (one-look intervals, each family's error near its share: the
    always-valid runs above are far below α, so this is where a missing split shows)."""
    runs = 1000
    anywhere, per_family = _rates(43, runs, 400, 1, False)
    assert anywhere <= _bound(runs), per_family


def test_aa_without_the_split_marks_far_more_often(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same one-look runs with every family at the whole α (Holm within each, no
    split): a change is marked somewhere in more runs than the bound above allows."""
    runs = 1000
    monkeypatch.setattr(compare_mod, "ALPHA_SPLIT", {"answer": 1.0, "others": 1.0, "feel": 1.0})
    without, per_family = _rates(43, runs, 400, 1, False)
    assert without > _bound(runs), per_family


def test_feel_family_at_its_share_in_the_comparison_and_its_words() -> None:
    comp: Comparison = sp.empty(["rounds"])
    comp.feel = FeelComparison(FIGURES, comp.level("feel"))
    got = comp.feel_dict()
    assert got is not None and got["alpha"] == pytest.approx(0.0125)
    from verlies.sim.feel import feel_lines

    assert "α = 0.0125" in feel_lines(got, "en")[0]
    assert "α = 0,0125" in feel_lines(got, "de")[0]

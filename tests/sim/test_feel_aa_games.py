"""A/A on real games at three players (issue 40: "an A/A test for each figure that enters a
verdict"), where every game-feel figure is defined: kingmaking needs three seats, and a
comeback at two is close to a coin flip (docs/metrics.md "Game feel").

* the A/B's feel family (`compare_feel`, always-valid, Holm): the default deck against its
  twin under other ids, the same seeds: per figure "different" in at most α plus two
  standard errors of the runs, and the family's verdict too;
* people beside bots (`people_model._gaps`, Bonferroni over the figures): careful games on
  one set of seeds as "people", careful games on others as "bots": some figure marked
  "differs" in at most α plus two standard errors of the runs.

Counted work: 20 runs × 2 decks × 60 three-player games."""

from __future__ import annotations

from typing import Any

import pytest

from verlies.sim import simulate
from verlies.sim.compare import aa_twin
from verlies.sim.feel import FIGURES, FeelTally, compare_feel
from verlies.ui.balance.people_model import _gaps

RUNS, GAMES, PLAYERS, ALPHA = 20, 60, 3, 0.05
BOUND = ALPHA + 2 * (ALPHA * (1 - ALPHA) / RUNS) ** 0.5


@pytest.fixture(scope="module")
def runs() -> list[tuple[list[Any], list[Any]]]:
    """Per run: the default deck's games and the twin's, on the run's own seeds."""
    twin = aa_twin()
    out = []
    for k in range(RUNS):
        kw: dict[str, Any] = {"players": PLAYERS, "characters": "all", "seed": 700 + k}
        kw |= {"workers": 1, "keep_records": True}
        a, b = simulate(GAMES, **kw).records, simulate(GAMES, deck=twin, **kw).records
        assert a is not None and b is not None and len(a) == len(b) == GAMES
        out.append((a, b))
    return out


def test_aa_each_feel_figure_at_three_players(runs: list[tuple[list[Any], list[Any]]]) -> None:
    different = dict.fromkeys(FIGURES, 0)
    defined = dict.fromkeys(FIGURES, 0)
    verdicts = 0
    for a, b in runs:
        comp = compare_feel(a, b, block=30)
        assert comp.looks == 2
        rows = comp.rows()
        for key in FIGURES:
            different[key] += rows[key]["state"] == "different"
            defined[key] += rows[key]["pairs"] > 0
        verdicts += comp.verdict == "different"
    # every figure but "mattered" (it needs a search bot) is defined in every run
    assert {k for k, n in defined.items() if n == RUNS} == set(FIGURES) - {"mattered"}
    assert all(n / RUNS <= BOUND for n in different.values()), different
    assert verdicts / RUNS <= BOUND


def test_aa_people_beside_bots_marks_a_difference_rarely(
    runs: list[tuple[list[Any], list[Any]]],
) -> None:
    marked = 0
    for k in range(RUNS):
        people, bots = FeelTally(), FeelTally()
        people.add_all(runs[k][0])
        bots.add_all(runs[(k + 1) % RUNS][1])  # other seeds: independent games, one game
        gaps = _gaps(people, bots)
        assert {g.key for g in gaps} == set(FIGURES) - {"mattered"}
        marked += any(g.differs for g in gaps)
    assert marked / RUNS <= BOUND

"""The cheap path to the game-feel figures (feel4: one pass, the chances cached per
standings, the tally's exact sums in integers) gives the values the plain definitions
give, bit for bit: every field of every game against tests/helpers/feel_reference.py
(the first version, kept unoptimised), and the tally against sums of Fractions, at 2, 3
and 4 players, whatever the worker count."""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction

import pytest

from tests.helpers.feel_reference import reference_game_feel
from verlies.sim import simulate
from verlies.sim.feel import FIGURES, FeelTally, estimator_for, game_feel
from verlies.sim.feel import estimator as estimator_module
from verlies.sim.records import DECISION_KINDS


def _same(a: object, b: object) -> bool:
    """Equal, floats bit for bit (NaN never arises: a figure without meaning is None)."""
    if isinstance(a, float) and isinstance(b, float):
        return a.hex() == b.hex()
    return a == b


@pytest.fixture(scope="module", params=[2, 3, 4])
def run(request: pytest.FixtureRequest) -> tuple[int, list]:
    players = request.param
    res = simulate(30, players=players, characters="all", seed=11, workers=1, keep_records=True)
    assert res.records is not None
    return players, res.records


def test_every_field_as_the_plain_definitions_give_it(run: tuple[int, list]) -> None:
    players, records = run
    estimator_module.KEPT_CHANCES.clear()
    kinds = set()
    for r in records:
        want = reference_game_feel(r)
        for _ in range(2):  # the second time from the chances kept for the first
            got = game_feel(r)
            for f in dataclasses.fields(got):
                a, b = getattr(got, f.name), getattr(want, f.name)
                assert _same(a, b), (players, r.index, f.name, a, b)
        kinds |= {k for k in FIGURES if getattr(want, k) is not None}
    # figures with something to compare (kingmaking has no meaning at 2 players)
    assert {"decisiveness", "drama", "agency", "wait_steps"} <= kinds


def test_the_tally_is_the_sum_of_fractions(run: tuple[int, list]) -> None:
    players, records = run
    tally = FeelTally()
    tally.add_all(records)
    kinds = {k: [0, 0] for k in DECISION_KINDS}
    for key in FIGURES:
        values = [reference_game_feel(r).value(key) for r in records]
        xs = [Fraction(v) for v in values if v is not None]
        assert tally.exact(key) == (len(xs), sum(xs, Fraction(0)), sum(x * x for x in xs))
    for r in records:
        for _seat, _step, kind, real in r.feel.decision_rows():
            kinds[DECISION_KINDS[kind]][0] += real
            kinds[DECISION_KINDS[kind]][1] += 1
    assert tally.kinds == {k: (v[0], v[1]) for k, v in kinds.items()}


def test_a_cleared_or_full_cache_changes_no_value(monkeypatch: pytest.MonkeyPatch) -> None:
    res = simulate(8, players=4, characters="all", seed=3, workers=1, keep_records=True)
    assert res.records is not None
    first = [game_feel(r) for r in res.records]
    monkeypatch.setattr(estimator_module, "CACHE_ROWS", 5)  # starts over every few rows
    again = [game_feel(r) for r in res.records]
    assert [dataclasses.astuple(g) for g in first] == [dataclasses.astuple(g) for g in again]
    cache = estimator_module.KEPT_CHANCES[estimator_for(4)]
    # checked before each game: at most the bound and one game's rows
    assert len(cache) <= 5 + max(g.turns for g in first)


def test_the_same_whatever_the_workers() -> None:
    tallies = []
    for workers in (1, 2):
        res = simulate(12, players=3, characters="all", seed=8, workers=workers, keep_records=True)
        assert res.records is not None
        t = FeelTally()
        t.add_all(res.records)
        tallies.append(t)
    one, two = tallies
    assert one.sums == two.sums and one.kinds == two.kinds
    assert not math.isnan(one.figure("decisiveness")["mean"])

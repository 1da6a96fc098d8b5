"""Metrics: streaming sums equal a recomputation from raw game records, by hand."""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from fractions import Fraction

import pytest

from verlies.deck import Deck
from verlies.sim import GameRecord, Metrics, simulate, wilson

DECK = Deck.default()


@pytest.fixture(scope="module")
def run():  # type: ignore[no-untyped-def]
    return simulate(
        16,
        players=4,
        bots=("careful", "greedy", "reckless", "careful"),
        seed=11,
        characters="all",
        deck=DECK,
        workers=1,
        batch=3,
        keep_records=True,
    )


def test_streaming_equals_recomputation_in_any_order(run) -> None:  # type: ignore[no-untyped-def]
    recs: list[GameRecord] = run.records
    assert Metrics.from_records(recs, 4) == run.metrics
    shuffled = recs[:]
    random.Random(1).shuffle(shuffled)
    assert Metrics.from_records(shuffled, 4).to_dict() == run.metrics.to_dict()
    halves = Metrics.from_records(shuffled[:7], 4).merge(Metrics.from_records(shuffled[7:], 4))
    assert halves == run.metrics


def test_win_rates_by_hand(run) -> None:  # type: ignore[no-untyped-def]
    recs: list[GameRecord] = run.records
    rows = run.to_dict()["characters"]
    for cid, row in rows.items():
        played = [r for r in recs if cid in r.characters]
        won = [r for r in played if r.characters.index(cid) in r.winners]
        left = [r for r in played if r.characters.index(cid) in r.left_behind]
        assert row["games"] == len(played) == 8  # "all": 16 games x 4 seats / 8 characters
        assert row["wins"] == len(won)
        assert row["win_rate"] == pytest.approx(len(won) / len(played))
        assert (row["ci_low"], row["ci_high"]) == pytest.approx(wilson(len(won), len(played)))
        assert row["left_behind_rate"] == pytest.approx(len(left) / len(played))
        gold = [r.gold[r.characters.index(cid)] for r in played]
        assert row["mean_gold"] == pytest.approx(statistics.mean(gold))
    seats = run.to_dict()["seats"]
    for s, row in enumerate(seats):
        assert row["wins"] == sum(1 for r in recs if s in r.winners)
        assert row["games"] == 16
    rates = [row["win_rate"] for row in seats]
    s = run.metrics.summary()
    assert s["balance_seats"] == pytest.approx(1 - (max(rates) - min(rates)))
    assert s["first_seat_advantage"] == pytest.approx(rates[0] - sum(rates[1:]) / 3)


def test_durations_and_outcomes_by_hand(run) -> None:  # type: ignore[no-untyped-def]
    recs: list[GameRecord] = run.records
    s = run.metrics.summary()
    rounds = [r.rounds for r in recs]
    assert s["median_rounds"] == statistics.median(rounds)
    assert s["mean_rounds"] == pytest.approx(statistics.mean(rounds))
    assert s["timeouts"] == sum(r.timeout for r in recs)
    assert s["completion_share"] == pytest.approx(1 - s["timeouts"] / 16)
    assert s["median_gold"] == statistics.median(g for r in recs for g in r.gold)
    assert s["injuries_per_game"] == pytest.approx(sum(sum(r.injuries) for r in recs) / 16)
    assert s["shuffle_backs_per_game"] == pytest.approx(
        sum(sum(r.shuffle_backs) for r in recs) / 16
    )
    assert s["mean_lead_changes"] == pytest.approx(statistics.mean(r.lead_changes for r in recs))
    assert run.metrics.durations()["rounds"] == dict(sorted(Counter(rounds).items()))
    rooms: Counter[str] = Counter()
    for r in recs:
        rooms.update(dict(r.rooms))
    assert run.to_dict()["rooms"] == dict(sorted(rooms.items()))
    order = Counter(r.characters[r.escaped[0]] for r in recs if r.escaped)
    rows = run.metrics.character_rows()
    assert {c: row["first_out"] for c, row in rows.items() if row["first_out"]} == dict(order)


def test_tests_observed_against_exact(run) -> None:  # type: ignore[no-untyped-def]
    recs: list[GameRecord] = run.records
    tests = run.to_dict()["tests"]
    assert any(k.startswith("obstacle:") for k in tests)
    assert any(k.startswith("fight:") for k in tests)
    for key, row in tests.items():
        tries = sum(t.tries for r in recs for t in r.tests if t.key == key)
        passes = sum(t.passes for r in recs for t in r.tests if t.key == key)
        expected = sum((t.expected for r in recs for t in r.tests if t.key == key), Fraction(0))
        assert (row["tries"], row["passes"]) == (tries, passes)
        assert row["expected_rate"] == pytest.approx(float(expected / tries))
        assert 0 <= row["expected_rate"] <= 1
    # Many obstacle tries: the observed rate agrees with the exact chance (a wide margin).
    tries = sum(row["tries"] for k, row in tests.items() if k.startswith("obstacle:"))
    passes = sum(row["passes"] for k, row in tests.items() if k.startswith("obstacle:"))
    expected = sum(
        row["expected_rate"] * row["tries"] for k, row in tests.items() if k.startswith("obstacle:")
    )
    assert tries > 200
    assert abs(passes - expected) < 4 * math.sqrt(tries / 4)


def test_wilson_interval() -> None:
    assert all(math.isnan(x) for x in wilson(0, 0))  # no games, no interval
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == 1.0


def test_metrics_refuse_other_player_counts(run) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="4-player game"):
        Metrics(3).add(run.records[0])

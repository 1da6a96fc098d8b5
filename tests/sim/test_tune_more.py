""" "About N more games would decide" (issue 37): the number comes from the always-valid
interval's width as games grow (STATS.md §2, at the check's Bonferroni level), up to a cap;
an estimate on or close to a band's edge is said to be undecidable soon, not given an
absurd number. Constructed estimates at, near and far from an edge; no games played."""

from __future__ import annotations

import dataclasses
import math

from verlies.deck import Deck
from verlies.sim.metrics import wilson
from verlies.sim.stats import cs_half_width
from verlies.sim.tune import ALPHA, Target, TuneResult, more_games, verdict, verdict_z
from verlies.sim.tune.verification import MORE_GAMES_CAP, MORE_TAU

BAND = Target.parse("win:*=25+-3")  # 22–28 %
K = 8  # eight characters judged together
GAMES = 800  # the check's games per deck
PLAYED = 400  # a character plays in about half of them (four seats, eight characters)


def _row(rate: float) -> dict[str, float | str]:
    """A character's row as the check makes it: its estimate and its one-look Wilson
    interval at the check's Bonferroni level."""
    lo, hi = wilson(round(rate * PLAYED), PLAYED, verdict_z(K))
    value = round(rate * PLAYED) / PLAYED
    return {"key": "win:char-elfe", "value": value, "low": lo, "high": hi, "n": PLAYED}


def _half_at(row: dict[str, float | str], total: int) -> float:
    """The always-valid half-width after ``total`` games: the character's games, each a
    win or not, as many per game as in the row."""
    v = float(row["value"])
    seen = total * PLAYED // GAMES
    return cs_half_width(seen, v * (1 - v), MORE_TAU["rates"], ALPHA / K)


def test_far_from_an_edge_the_number_decides_it_on_the_always_valid_interval() -> None:
    row = _row(0.25)  # the middle of the band, the interval straddles both edges
    assert verdict(float(row["low"]), float(row["high"]), BAND) == "undecided"
    more = more_games(row, GAMES, BAND, K)
    assert more is not None and 0 < more <= MORE_GAMES_CAP
    for edge in (BAND.low, BAND.high):
        d = abs(float(row["value"]) - edge)
        assert _half_at(row, GAMES + more) < d  # decided at that many
    assert _half_at(row, GAMES + more * 9 // 10) >= BAND.high - float(row["value"])
    # more than a single planned look would need (n (h/d)² − n): looks cost games
    h, d = float(row["high"]) - float(row["value"]), BAND.high - float(row["value"])
    assert more > GAMES * (h / d) ** 2 - GAMES


def test_the_number_grows_as_the_estimate_nears_the_edge_and_stops_at_the_cap() -> None:
    got = [more_games(_row(r), GAMES, BAND, K) for r in (0.25, 0.2575, 0.265, 0.27)]
    finite = [g for g in got if g is not None]
    assert finite == sorted(finite) and len(set(finite)) == len(finite)
    near = more_games(_row(0.2775), GAMES, BAND, K)  # 0.25 points from the upper edge
    assert near is None  # more than the cap would be needed: not an absurd number
    assert more_games(_row(0.28), GAMES, BAND, K) is None  # on the edge
    # a cap that is larger gives the number back, beyond the default cap
    wide = more_games(_row(0.2775), GAMES, BAND, K, cap=100 * MORE_GAMES_CAP)
    assert wide is not None and wide > MORE_GAMES_CAP


def test_a_decided_interval_needs_none_and_a_missing_value_none() -> None:
    inside = {"key": "win:x", "value": 0.25, "low": 0.23, "high": 0.27}
    assert more_games(inside, GAMES, BAND, K) == 0
    nan = {"key": "win:x", "value": math.nan, "low": math.nan, "high": math.nan}
    assert more_games(nan, GAMES, BAND, K) is None


def _answer(**verification: object) -> TuneResult:
    start = Deck.default()
    rows = [
        {
            "key": "win:char-elfe",
            "target": "22–28 %",
            "start": 0.3,
            "value": 0.2775,
            "low": 0.22,
            "high": 0.33,
            "verdict": "undecided",
            "more_games": None,
        }
    ]
    v = {
        "games": GAMES,
        "seed": 1,
        "level": 1 - ALPHA,
        "alpha": ALPHA,
        "quantities": rows,
        "counts": {"met": 0, "undecided": 1, "missed": 0},
        "violation": 0.0,
        "start_violation": 2.0,
        "point_met": True,
        "meets": True,
        "more_games": None,
    } | verification
    res = TuneResult(start, start, [], {}, [BAND], True, {"start_check": {}}, verification=v)
    return dataclasses.replace(res)


def test_the_words_say_it_cannot_be_decided_soon_with_the_distance_and_the_cap() -> None:
    far = {"key": "win:char-elfe", "distance": 0.003, "cap": MORE_GAMES_CAP}
    res = _answer(beyond=far)
    en, de = res.head_lines("en")[1], res.head_lines("de")[1]
    assert "can't be decided soon: Elf's win rate sits 0.3 points from its band's edge" in en
    assert "more than 20,000 more games per deck" in en
    assert "nicht bald zu entscheiden: Siegquote Elfe liegt 0,3 Punkte vom Rand" in de
    assert "mehr als 20.000 weitere Partien je Deck" in de
    # a number is said grouped, the total beside it
    res = _answer(more_games=12_000, beyond=None)
    assert "about 12,000 more games per deck (12,800 in all)" in res.head_lines("en")[1]
    assert "etwa 12.000 Partien mehr je Deck (12.800 insgesamt)" in res.head_lines("de")[1]

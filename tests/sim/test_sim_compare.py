"""A/B comparisons on common random numbers, the until-clear mode, and sweeps."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from verlies.deck import Deck
from verlies.sim import SimulationError, Tweak, simulate
from verlies.sim.compare import compare
from verlies.sim.sweep import sweep

DECK = Deck.default()
RICH = "schatz-alte-muenze"  # a 1-gold treasure


def _rich_deck() -> Deck:
    """Every treasure worth 60 gold more than printed: a deliberately broken deck."""
    deck = DECK
    for tid, card in DECK.treasures.items():
        deck = Tweak("treasure", tid, "gold").apply(deck, card.gold + 60)
    return deck


RICH_DECK = _rich_deck()


def test_identical_sides_differ_in_nothing() -> None:
    comp = compare(DECK, DECK, games=8, players=3, seed=4, workers=1)
    assert comp.is_zero and comp.same_games == 8
    for row in comp.differences().values():
        assert row["diff"] == 0 and not row["clear"]
    assert comp.a.metrics == comp.b.metrics
    json.dumps(comp.to_dict(), default=str)
    assert "8 pairs ended exactly alike" in str(comp)


def test_a_side_equals_its_own_simulation() -> None:
    comp = compare(DECK, DECK, games=6, players=2, seed=2, variants_b=["long_walk"], workers=1)
    alone = simulate(6, players=2, seed=2, deck=DECK, workers=1)
    assert comp.a.metrics == alone.metrics
    assert not comp.is_zero
    assert (comp.label_a, comp.label_b) == ("A", "B +long_walk")


def test_a_broken_treasure_shows_up_with_the_right_sign() -> None:
    """Treasures worth 60 gold more: gold per seat goes up, clearly (after Holm over every
    row of the table: 24 pairs; at 12 gold's own p is 0.009, 0.11 after Holm over 13)."""
    assert RICH_DECK.treasures[RICH].gold == 61
    comp = compare(DECK, RICH_DECK, games=24, players=2, seed=5, workers=1)
    gold = comp.differences()["gold"]
    assert gold["diff"] > 0 and gold["clear"] and gold["ci_low"] > 0
    assert gold["b"] == pytest.approx(comp.b.metrics.summary()["mean_gold"])


def test_a_broken_monster_shows_up_with_the_right_sign() -> None:
    """Every monster unbeatable (fight value 30): no fight is won, more injuries."""
    broken = DECK
    for mid in DECK.monsters:
        broken = Tweak("monster", mid, "fight").apply(broken, 30)
    comp = compare(DECK, broken, games=10, players=2, seed=1, workers=1)
    fights_b = [r for k, r in comp.b.metrics.test_rows().items() if k.startswith("fight:")]
    assert fights_b and all(r["passes"] == 0 and r["expected_rate"] == 0 for r in fights_b)
    injuries = comp.differences()["injuries"]
    assert injuries["diff"] > 0


def test_until_clear_stops_when_the_difference_is_clear() -> None:
    comp = compare(
        DECK, RICH_DECK, games=4, players=2, seed=5, until_clear=["gold"], max_games=400, workers=1
    )
    assert comp.stopped == "a watched quantity changed"
    assert comp.verdict == "different" and comp.decided_by == (("gold", "up"),)
    assert comp.games % 4 == 0 and comp.games < 400
    # The watched family is gold alone; the table's family is every row (21), so its Holm
    # may not star what the verdict rests on.
    gold = comp.differences()["gold"]
    assert gold["diff"] > 0 and gold["ci_low"] > 0
    assert comp.watched()["gold"]["low"] > 0 and comp.watched()["gold"]["p"] <= 0.05


def test_until_clear_stops_at_the_budget_when_nothing_changes() -> None:
    comp = compare(DECK, DECK, games=3, players=2, seed=5, until_clear=True, max_games=9, workers=1)
    assert comp.stopped == "game budget spent" and comp.games == 9


def test_until_clear_is_the_same_on_two_workers() -> None:
    kw = {"games": 4, "players": 2, "seed": 5, "until_clear": ["gold"], "max_games": 400}
    one = compare(DECK, RICH_DECK, workers=1, **kw)  # type: ignore[arg-type]
    two = compare(DECK, RICH_DECK, workers=2, **kw)  # type: ignore[arg-type]
    assert one.games == two.games
    assert one.differences() == two.differences()


def test_tweaks() -> None:
    assert Tweak.parse("dungeon:r-gang-straight-04", "obstacle").value_in(DECK) == 6
    deck = Tweak.parse("dungeon:r-gang-straight-04", "obstacle").apply(DECK, 9)
    assert deck.dungeon["r-gang-straight-04"].obstacle.n == 9
    deck = Tweak("monster", "monster-goblin", "count").apply(DECK, 3)
    assert deck.monster_counts["monster-goblin"] == 3
    for card, field, match in (
        ("nothing", "gold", "KIND:ID"),
        ("dungeon:x", "gold", "no card"),
        ("dungeon:r-gang-straight-04", "colour", "unknown field"),
    ):
        with pytest.raises(SimulationError, match=match):
            Tweak.parse(card, field).apply(DECK, 1)


def test_sweep_moves_the_metric_the_right_way() -> None:
    tweak = Tweak("treasure", RICH, "gold")
    # The first edition's 2-player games are long enough that the coin is found in 8.
    old = Deck.edition("standard-1")
    res = sweep(tweak, [1, 80], games=8, players=2, seed=3, workers=1, deck=old)
    assert res.values == [1, 80]
    gold = res.curve("mean_gold")
    assert gold[1] > gold[0]
    assert all(p.games == 8 for p in res.points)
    assert "sweep of treasure:schatz-alte-muenze gold" in str(res)
    # The first point is the unchanged deck: the same games as a plain run.
    assert res.points[0].metrics == simulate(8, players=2, seed=3, deck=old, workers=1).metrics
    win = res.curve("win:char-zwerg")
    assert all(0 <= w <= 1 or math.isnan(w) for w in win)


def test_sweep_on_two_workers_is_the_same() -> None:
    tweak = Tweak("dungeon", "r-gang-straight-04", "obstacle")
    one = sweep(tweak, [5, 10], games=4, players=2, seed=3, workers=1)
    two = sweep(tweak, [5, 10], games=4, players=2, seed=3, workers=2)
    assert [p.metrics for p in one.points] == [p.metrics for p in two.points]


def test_a_base_played_before_is_taken_as_it_was() -> None:
    """The designer's loop: draft after draft against one base deck; the base's games on
    the same seeds are played once, and the results are those of a fresh run."""
    from verlies.sim.compare import _PLAYED

    other = Tweak("dungeon", "r-gang-straight-04", "obstacle").apply(DECK, 10)
    kw: dict[str, Any] = {"games": 5, "players": 2, "seed": 31}
    _PLAYED.clear()
    first = compare(DECK, RICH_DECK, workers=1, **kw)
    assert first.a.info.games == 10  # both sides played
    again = compare(DECK, other, workers=2, **kw)
    assert again.a.info.games == 5  # only the draft's games
    same = compare(DECK, other, workers=1, **kw)
    assert same.a.info.games == 0  # nothing left to play
    _PLAYED.clear()
    fresh = compare(DECK, other, workers=1, **kw)
    assert fresh.a.info.games == 10
    for comp in (again, same):
        assert comp.differences() == fresh.differences()
        assert comp.a.metrics == fresh.a.metrics and comp.b.metrics == fresh.b.metrics
    # Equal by value but another spec (another seed): played, not taken.
    assert compare(DECK, other, workers=1, **{**kw, "seed": 32}).a.info.games == 10

"""A contribution run resumed from the state kept after a round (issue 36 leftovers, item
1): the finished result equals, bit for bit, the run never interrupted (the same games,
the same sums, the same ranking), whichever round it was resumed from, through JSON, with
the screen's groups; a run cancelled in the middle of a round goes on from its last
finished round; a state of another deck or a broken one is refused with what and where."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest

from verlies.deck import Deck
from verlies.sim.impact_rank import contribution
from verlies.sim.records import SimulationError
from verlies.sim.sweep import Tweak

CARDS = [
    "monster:monster-goblin",
    "monster:monster-ratte",
    "monster:monster-skelett",
    "monster:monster-troll",
    "room:raum-falle-01",
    "room:raum-falle-03",
    "treasure:schatz-rubin",
    "treasure:schatz-goldbarren",
]
KW: dict[str, Any] = dict(
    players=2, budget=1200, screen=30, workers=1, group=2, cards=CARDS, reference=None
)


def _deck() -> Deck:
    return Tweak("monster", "monster-goblin", "fight").apply(Deck.default(), 10)


def _sums(res: Any) -> list[Any]:
    units = list(res.cards) + list(res.groups)
    return [
        (c.id, c.met, c.met_games, {q: vars(p) for q, p in sorted(c.pairs.items())}, c.telling)
        for c in units
    ]


def test_a_run_resumed_from_any_round_ends_as_the_run_never_interrupted() -> None:
    deck = _deck()
    states: list[dict[str, Any]] = []
    full = contribution(deck, on_round=lambda s: states.append(json.loads(json.dumps(s))), **KW)
    assert full.round >= 3 and len(states) == full.round and full.groups  # groups kept too
    assert [s["round"] for s in states] == list(range(1, full.round + 1))
    for s in states[:-1]:
        again = contribution(deck, resume=s, **KW)
        assert again.info.games == full.info.games
        assert again.round == full.round and again.stopped == full.stopped
        assert _sums(again) == _sums(full)
        assert json.dumps(again.rows(), sort_keys=True) == json.dumps(full.rows(), sort_keys=True)
    # the state grows with the run: the last round's games are the finished run's
    assert states[-1]["games"] == full.info.games
    assert states[0]["games"] < states[1]["games"] < states[-1]["games"]


def test_a_run_cancelled_mid_round_goes_on_from_its_last_finished_round() -> None:
    deck = _deck()
    full = contribution(deck, **KW)
    token = threading.Event()
    kept: list[dict[str, Any]] = []

    def on_update(res: Any) -> None:
        if res.round >= 2 and res.info.games > kept[-1]["games"]:
            token.set()  # in the middle of round 3

    cut = contribution(deck, on_round=kept.append, on_update=on_update, cancel=token, **KW)
    assert cut.stopped == "cancelled" and cut.info.games < full.info.games
    assert kept[-1]["round"] == 2
    again = contribution(deck, resume=json.loads(json.dumps(kept[-1])), **KW)
    assert _sums(again) == _sums(full) and again.info.games == full.info.games


def test_a_state_of_another_run_or_a_broken_one_is_refused_with_where() -> None:
    deck = _deck()
    states: list[dict[str, Any]] = []
    small = {**KW, "budget": 300}
    contribution(deck, on_round=states.append, **small)
    s = json.loads(json.dumps(states[0]))
    other = "of another deck or other settings"
    with pytest.raises(SimulationError, match=other):
        contribution(deck, resume=s, **{**small, "cards": CARDS[:7]})
    with pytest.raises(SimulationError, match=other):
        contribution(deck, resume=s, **{**small, "players": 3})
    with pytest.raises(SimulationError, match=other):
        contribution(Deck.default(), resume=s, **small)
    bad = json.loads(json.dumps(s))
    q = next(iter(bad["units"][0]["pairs"]))
    bad["units"][0]["pairs"][q][3] += 1
    with pytest.raises(SimulationError, match=r"units\[0\]\.pairs\..* does not add up"):
        contribution(deck, resume=bad, **small)
    bad = json.loads(json.dumps(s))
    t = bad["units"][0]["telling"][q]
    t[0] = 10**6  # the most telling pair: a game never played
    with pytest.raises(SimulationError, match=r"units\[0\]\.telling\..*\[0\]"):
        contribution(deck, resume=bad, **small)
    t[0], t[1], t[3] = 0, t[3] - 1, t[1] + 1  # its largest below its smallest
    with pytest.raises(SimulationError, match=r"units\[0\]\.telling\..* does not fit"):
        contribution(deck, resume=bad, **small)
    bad = json.loads(json.dumps(s))
    bad["base"] = bad["base"][1:]
    with pytest.raises(SimulationError, match="every base game"):
        contribution(deck, resume=bad, **small)
    with pytest.raises(SimulationError, match="format"):
        contribution(deck, resume={"version": 99}, **small)


def test_the_time_left_counts_the_games_the_remaining_rounds_can_still_play() -> None:
    # issue 36 leftovers, item 2: once the screen has cleared cards the games left shrink
    # below what the budget allows; they are never fewer than the games then played
    seen: list[tuple[int, int, int]] = []  # (games so far, games left, round)

    def look(res: Any) -> None:
        seen.append((res.info.games, res.games_left(), res.round))

    kw = {**KW, "budget": 6000, "max_pairs": 256}
    res = contribution(_deck(), on_update=look, **kw)
    assert res.stopped == "settled" and res.info.games < kw["budget"]
    for games, left, rnd in seen:
        assert res.info.games - games <= left, (games, left, rnd, res.info.games)
    later = [(g, left) for g, left, rnd in seen if rnd >= 1]
    assert later and all(left < kw["budget"] - g for g, left in later)
    # the estimate follows the run down to nothing
    assert seen[-1][1] == 0 or res.games_left() == 0

"""Stalled games (verlies.sim.stalls, docs/metrics.md "Stalled games"): named with their
seed and the round they stalled in, never a game that could still change."""

from __future__ import annotations

import json

import pytest

from verlies import Game
from verlies.actions import Attempt, Card, Draw, Place, Roll, Walk
from verlies.frames import Turn
from verlies.sim import simulate
from verlies.sim.run import RunSpec, lab_game, stall_link
from verlies.sim.stalls import first_stall, position_stalled, stall_of


def _walled_in(character: str) -> Game:
    """A solo game (red cards only) rigged so that the figure is walled in: the start card
    closed on three sides by a dead end, a room dead end and two bends, and on the fourth
    by the red cross with a Tür (Geist 8, class B) that it failed. Behind the Tür the
    cross has three open passages; the red exit is still in the deck."""
    g = Game.new(players=1, characters=[character], seed=3)
    steps = [
        (Draw(), Card("r-gang-cross-03"), Place(1, 0, 15), Attempt(), Roll(1)),
        (Draw(), Card("r-gang-deadend-01"), Place(0, -1, 4)),
        (Walk(((0, 0),)),),
        (Draw(), Card("r-raum-deadend-01"), Place(-1, 0, 2), Card("raum-leer-01")),
        (Walk(((0, 0),)),),
        (Draw(), Card("r-gang-bend-01"), Place(0, 1, 3)),
    ]
    for turn in steps:
        for step in turn:
            g.apply(step)
    return g


def test_r5_2_a_rigged_wall_is_a_stall_from_the_turn_it_closed() -> None:
    g = _walled_in("char-barbar")  # Geist 1: 1 + 6 < 8, the Tür can never be passed
    assert g.figures[0].pos == (0, 1) and not position_stalled(g.state)  # (0, 1) opens east
    assert stall_of(g) is None
    g.apply(Draw())
    g.apply(Card("r-gang-bend-02"))
    g.apply(Place(1, 1, 9))  # closes the last open passage on this side of the Tür
    assert not g.is_over and g.exits_left == 1  # R1.6 does not end it: open passages remain
    assert position_stalled(g.state)
    stall = stall_of(g)
    assert stall is not None and stall.round == g.round and stall.step == g.step_count
    # The rules are unchanged: the figure keeps walking, the game goes on, still stalled.
    for _ in range(6):
        g.apply(g.legal_actions()[0])
        while g.is_chance:
            g.roll()
        assert position_stalled(g.state)
    assert first_stall(g) == stall


def test_r4_2_a_wall_someone_can_pass_is_no_stall() -> None:
    # The Magierin (Geist 6) passes the Tür on a 2 or better: the same board is no stall.
    g = _walled_in("char-magierin")
    g.apply(Draw())
    g.apply(Card("r-gang-bend-02"))
    g.apply(Place(1, 1, 9))
    assert not position_stalled(g.state) and stall_of(g) is None


def test_the_known_stalled_game_is_named() -> None:
    res = simulate(88, seed=5, characters="all", workers=1, keep_records=True)
    s = res.summary()
    assert s["timeouts"] == 1 and s["stalled"] == 1
    assert s["stalled_games"] == [{"index": 81, "seed": 91908174, "round": 17}]
    assert res.records is not None
    rec = res.records[81]
    assert rec.reason == "timeout" and rec.stalled == 17
    assert rec.to_dict()["stalled"] == 17
    assert "stalled" not in res.records[0].to_dict()  # present for stalled games only
    assert "game 81 seed 91908174 from round 17" in str(res)


def test_the_link_opens_the_stalled_position() -> None:
    from verlies.ui.core.share import decode

    spec = RunSpec.build(players=4, characters="all", seed=5)
    link = stall_link(spec, 81)
    assert link is not None and link.startswith("?g=")
    pos = decode(link[3:])
    game = Game.from_json(pos.save_text)
    assert game.setup.seed == 91908174 and game.round == 17
    assert position_stalled(game.state) and not game.is_over
    assert list(pos.controllers) == ["careful"] * 4
    assert stall_link(spec, 0) is None  # an escaped game never stalled


@pytest.mark.parametrize(
    ("bots", "seed"), [("reckless", 2), ("careful,greedy,reckless,careful", 2)]
)
def test_no_game_named_stalled_escapes(bots: str, seed: int) -> None:
    """Over 150 games of the first-edition deck (where walls are common), every turn start
    of every game is checked: a game seen stalled stays stalled to its end, ends by the
    round limit, and the lab's record names the first round."""
    spec = RunSpec.build(players=4, characters="all", seed=seed, deck="standard-1", bots=bots)
    res = simulate(spec=spec, games=150, workers=1, keep_records=True)
    assert res.records is not None
    named = not_stalled_timeouts = 0
    for rec in res.records:
        game = lab_game(spec, rec.index)
        assert game.result is not None and game.result.reason == rec.reason
        replay = Game(game.setup, log=False)
        s = replay.state
        first = None
        turn = -1
        for i, step in enumerate((*game.steps, None)):
            if not s.over and not s.at_chance and type(s.stack[-1]) is Turn and s.turn_no != turn:
                turn = s.turn_no
                now = position_stalled(s)
                if first is None and now:
                    first = s.round
                assert now or first is None, f"game {rec.index} unstalled at step {i}"
            if step is not None:
                replay.apply(step)
        if first is not None:
            named += 1
            assert rec.reason == "timeout"
        elif rec.reason == "timeout":
            not_stalled_timeouts += 1
        assert rec.stalled == first
    assert named >= 8  # the deck stalls often: the check had something to check
    summary = res.summary()
    assert summary["stalled"] == named
    assert summary["timeouts"] == named + not_stalled_timeouts
    json.dumps(summary)  # JSON-able

""" "Show me games like this" as a function (verlies.sim.feel.games_like): the games that
show a figure best, best first, the first the one show_me opens."""

from __future__ import annotations

import pytest

from verlies.sim import simulate
from verlies.sim.feel import game_feel, games_like, show_me
from verlies.sim.records import SimulationError


def test_games_like_ranks_by_the_figure_and_leads_with_show_me() -> None:
    res = simulate(16, players=3, characters="all", seed=4, workers=1, keep_records=True)
    records = res.records or []
    found = games_like(res.spec, records, "longest_game", 4)
    feels = {g.index: g for g in (game_feel(r) for r in records)}
    want = sorted(feels.values(), key=lambda g: (-g.turns, g.index))[:4]
    assert [e.index for e in found] == [g.index for g in want]
    assert [e.value for e in found] == [float(g.turns) for g in want]
    best = show_me(res.spec, records, "longest_game")
    assert best is not None and found[0] == best
    assert all(e.link and "?g=" in e.link for e in found)  # each opens on the Game tab
    assert len(games_like(res.spec, records, "longest_game", 100)) == len(records)
    few = games_like(res.spec, records, "comeback", 100)
    assert len(few) == sum(bool(g.comeback) for g in feels.values())


@pytest.mark.parametrize(("what", "count"), [("fun", 1), ("drama", 0), ("drama", True)])
def test_bad_requests_are_clear_errors(what: str, count: int) -> None:
    with pytest.raises(SimulationError):
        games_like(None, [], what, count)

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


def test_turn_starts_and_rollout_chances() -> None:
    from verlies.sim.feel.estimator import rollout_chances
    from verlies.sim.feel.show import _turn_step, turn_starts
    from verlies.sim.run import lab_game

    res = simulate(2, players=3, characters="all", seed=4, workers=1, keep_records=True)
    rec = (res.records or [])[1]
    game = lab_game(res.spec, rec.index)
    starts = turn_starts(game)
    assert rec.feel is not None and len(starts) == len(rec.feel.turn_rows())
    assert [_turn_step(game, t) for t in (0, 3, len(starts) - 1)] == [
        starts[0],
        starts[3],
        starts[-1],
    ]
    game.goto(starts[len(starts) // 2])
    before = game.to_json()
    ch = rollout_chances(game, 6, seed=2)
    assert game.to_json() == before  # the position is not changed
    assert sum(ch) == pytest.approx(1.0) and all(0 < c < 1 for c in ch)
    assert ch == rollout_chances(game, 6, seed=2)  # the same seed: the same chances
    # (wins + 1/2) / (6 + 3/2): the wins whole games or shares of a shared win (k/12)
    assert all(abs((c * 7.5 - 0.5) * 12 - round((c * 7.5 - 0.5) * 12)) < 1e-9 for c in ch)

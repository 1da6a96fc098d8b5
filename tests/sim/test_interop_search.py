"""The search bot ("strong"): legal, reproducible, blind to what its seat cannot see."""

from __future__ import annotations

import random
from collections import Counter

from hidden_twins import hands as _hands
from hidden_twins import twins_differing_in_hidden_treasure

from verlies.game import Game
from verlies.sim import simulate
from verlies.sim.bots import bot_name, make_bot
from verlies.sim.search import Decision, SearchBot, determinise, findings, probe
from verlies.views import ObstacleDecision


def _with_hidden_treasures(players: int = 2) -> tuple[Game, Game]:
    return twins_differing_in_hidden_treasure(players=players, games=60, max_steps=500)


def test_determinise_deals_the_unseen_treasures_anew() -> None:
    game, twin = _with_hidden_treasures()
    assert _hands(game)[1] != _hands(twin)[1] and _hands(game)[0] == _hands(twin)[0]
    a = determinise(game, 0, random.Random(7))
    b = determinise(twin, 0, random.Random(7))
    # The same world from both: nothing of seat 1's real hand survives.
    assert _hands(a) == _hands(b)
    assert a.state.treasures.counts == b.state.treasures.counts
    # Seat 0's own hand and every count stay; the unseen cards are only redistributed.
    assert _hands(a)[0] == _hands(game)[0]
    assert [len(h) for h in _hands(a)] == [len(h) for h in _hands(game)]
    unseen = Counter(_hands(game)[1]) + Counter(game.state.treasures.counts)
    assert Counter(_hands(a)[1]) + Counter(a.state.treasures.counts) == unseen
    worlds = {_hands(determinise(game, 0, random.Random(s)))[1] for s in range(20)}
    assert len(worlds) > 1


def test_decisions_do_not_depend_on_hidden_cards_and_repeat_for_a_seed() -> None:
    game, twin = _with_hidden_treasures()
    first = SearchBot(seed=3, simulations=2)
    second = SearchBot(seed=3, simulations=2)
    choice = first(game.view(0))
    assert choice in game.legal_actions()
    assert second(twin.view(0)) == choice
    assert first.last == second.last  # the same values for every candidate
    first.reseed(3)
    assert first(game.view(0)) == choice


def test_strong_is_a_bot_name_for_the_balance_lab() -> None:
    bot = make_bot("strong", 1)
    assert isinstance(bot, SearchBot) and bot_name(bot) == "strong"
    result = simulate(1, players=2, bots="strong,careful", seed=3, round_limit=2)
    assert result.games == 1 and result.spec.bots == ("strong", "careful")


def test_findings_rank_the_largest_differences_first() -> None:
    def d(situation: str, mine: str, careful: str) -> Decision:
        return Decision(situation, mine, (("careful", careful),))

    decisions = [d("obstacle class C", "decline", "try")] * 4
    decisions += [d("exit drawn", "place", "place")] * 3 + [
        d("exit drawn", "place", "shuffle back")
    ]
    decisions += [d("fight", "Geist", "Stärke")]  # once: below min_count
    rows = findings(decisions, min_count=2, min_gap=0.2)
    assert [round(gap, 2) for gap, _ in rows] == [1.0, 0.25]
    assert rows[0][1].startswith("obstacle class C (n=4): strong chooses 'decline' 100%")
    assert "careful would 0%" in rows[0][1]


def test_probe_records_what_each_preset_would_do() -> None:
    bot = SearchBot(simulations=1, candidates=2)
    decisions = probe(games=1, players=2, bot=bot, round_limit=4)
    assert decisions
    for dec in decisions:
        assert [name for name, _ in dec.presets] == ["careful", "greedy", "reckless"]
        assert dec.situation and dec.choice


def _obstacle_positions(stranded: bool) -> list[Game]:
    """Two-player positions at a class A or C obstacle that careful declines, with the
    figure's own card left without (``stranded``) or with an open passage."""
    from verlies.board import has_open_passage

    found: list[Game] = []
    for seed in range(80):
        game = Game.new(players=2, seed=seed, log=False)
        bots = [make_bot("careful", seed + s) for s in range(2)]
        while not game.is_over and len(found) < 3:
            if game.is_chance:
                game.roll()
                continue
            seat = game.current_player
            view = game.view(seat)
            action = bots[seat](view)
            pending = view.pending
            if (
                isinstance(pending, ObstacleDecision)
                and pending.obstacle.cls.value in "AC"
                and action.kind == "decline"
                and has_open_passage(game.board, view.position) != stranded
            ):
                found.append(game.clone())
            game.apply(action)
        if len(found) >= 3:
            return found
    raise AssertionError("no such positions in 80 games")


def test_racer_tries_an_obstacle_rather_than_strand_itself() -> None:
    from verlies.actions import Attempt, Decline
    from verlies.sim.search import Racer

    for game in _obstacle_positions(stranded=True):
        view = game.view(game.current_player)
        assert make_bot("careful", 0)(view) == Decline()
        assert Racer(0)(view) == Attempt()
    for game in _obstacle_positions(stranded=False):
        view = game.view(game.current_player)
        assert Racer(0)(view) == Decline()  # a card to draw from next turn: careful's way


def test_race_rollouts_look_further_ahead() -> None:
    bot = SearchBot(seed=1)
    assert (bot.rounds_for(2), bot.rounds_for(4)) == (4, 1)
    assert bot.policy_for(2) == "racer" and bot.policy_for(4) == "greedy"
    assert SearchBot(seed=1, rollout_rounds=2).rounds_for(2) == 2

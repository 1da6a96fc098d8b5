"""The race bots ("sprinter", "ismcts"): legal to the end, reproducible, blind to what their
seat cannot see, and the race account of the tree search."""

from __future__ import annotations

import random

import pytest
from hidden_twins import hands as _hands
from hidden_twins import twins_differing_in_hidden_treasure

from verlies.actions import Action, Attempt, Card, Decline, Draw, ShuffleBack
from verlies.board import has_open_passage
from verlies.game import Game
from verlies.sim.bots import bot_name, make_bot
from verlies.sim.ismcts import ISMCTSBot, Sprinter, _Race, lost_turns
from verlies.views import ObstacleDecision


def _searched(game: Game, seat: int) -> bool:
    """A decision the tree search really searches (not a lone action, a possible draw or
    a drawn exit with two players)."""
    legal = game.legal_actions()
    if len(legal) < 2:
        return False
    return not (
        game.players == 2 and (type(legal[0]) is Draw or any(type(a) is ShuffleBack for a in legal))
    )


def _twins_differing_in_hidden_treasure() -> tuple[Game, Game]:
    """Seat 0 has a searched decision; seat 1's treasure differs between the two."""
    return twins_differing_in_hidden_treasure(
        players=2, games=200, max_steps=600, decides=lambda g: _searched(g, 0)
    )


def test_ismcts_decides_the_same_whatever_the_other_seat_holds() -> None:
    game, twin = _twins_differing_in_hidden_treasure()
    assert _hands(game)[1] != _hands(twin)[1] and _hands(game)[0] == _hands(twin)[0]
    first = ISMCTSBot(seed=5, iterations=24)
    second = ISMCTSBot(seed=5, iterations=24)
    choice = first(game.view(0))
    assert choice in game.legal_actions()
    assert second(twin.view(0)) == choice
    assert first.last == second.last  # the same visits and values for every root action
    assert sum(n for _, n, _ in first.last) == 24  # it searched: every iteration counted


def _searched_position(seed: int) -> Game:
    game = Game.new(players=2, seed=seed, log=False)
    bots = [make_bot("careful", seed + s) for s in range(2)]
    while not game.is_over:
        if game.is_chance:
            game.roll()
            continue
        seat = game.current_player
        if seat == 0 and _searched(game, 0) and game.round > 1:
            return game
        game.apply(bots[seat](game.view(seat)))
    raise AssertionError("no searched decision")


def test_ismcts_ignores_the_future_the_game_seed_holds() -> None:
    # The same position reached in games of different seeds (the outcomes applied as
    # steps): only the futures the seeds would roll differ, the piles' order included.
    game = _searched_position(11)
    other = Game.new(players=2, seed=999, log=False)
    for step in game.steps:
        other.apply(step)
    assert other.state.board.keys() == game.state.board.keys()
    a = ISMCTSBot(seed=2, iterations=16)
    b = ISMCTSBot(seed=2, iterations=16)
    assert a(game.view(0)) == b(other.view(0))
    assert a.last == b.last


def test_ismcts_repeats_for_a_seed_and_varies_with_it() -> None:
    game = _searched_position(11)
    bot = ISMCTSBot(seed=4, iterations=16)
    choice = bot(game.view(0))
    last = bot.last
    bot.reseed(4)
    assert bot(game.view(0)) == choice and bot.last == last
    values = set()
    for seed in range(6):
        other = ISMCTSBot(seed=seed, iterations=16)
        other(game.view(0))
        values.add(tuple(sorted((str(a), n) for a, n, _ in other.last)))
    assert len(values) > 1  # the seed drives the sampled worlds


def _play(players: int, seat_bot: object, seed: int) -> tuple[Game, list[Action]]:
    game = Game.new(players=players, seed=seed, log=False, round_limit=200)
    bots: list[object] = [make_bot("careful", seed + s) for s in range(players)]
    bots[0] = seat_bot
    mine: list[Action] = []
    while not game.is_over:
        if game.is_chance:
            game.roll()
            continue
        p = game.current_player
        action = bots[p](game.view(p))  # type: ignore[operator]
        assert action in game.legal_actions()
        if p == 0:
            mine.append(action)
        game.apply(action)
    return game, mine


@pytest.mark.parametrize(("players", "tree"), [(2, False), (3, False), (3, True)])
def test_ismcts_plays_legal_moves_to_the_end_and_repeats(players: int, tree: bool) -> None:
    def bot() -> ISMCTSBot:
        return ISMCTSBot(seed=7, iterations=6, tree_from_three=tree)

    game, mine = _play(players, bot(), seed=31)
    assert game.result is not None and mine
    again, mine_again = _play(players, bot(), seed=31)
    assert mine_again == mine and again.steps == game.steps


def test_ismcts_plays_as_strong_from_three_players() -> None:
    game = Game.new(players=3, seed=8, log=False)
    bots = [make_bot("careful", s) for s in range(3)]
    while game.is_chance or game.current_player != 0 or len(game.legal_actions()) < 2:
        if game.is_chance:
            game.roll()
        else:
            p = game.current_player
            game.apply(bots[p](game.view(p)))
    from verlies.sim.search import SearchBot

    mine = ISMCTSBot(seed=3, iterations=16)
    strong = SearchBot(seed=3, simulations=2)
    assert mine(game.view(0)) == strong(game.view(0))
    assert [(a, v) for a, _, v in mine.last] == strong.last


def test_sprinter_plays_legal_moves_to_the_end() -> None:
    for seed in range(6):
        game, mine = _play(2, Sprinter(seed), seed=seed)
        assert game.result is not None and mine


def test_presets_by_name() -> None:
    assert isinstance(make_bot("ismcts", 1), ISMCTSBot) and bot_name(make_bot("ismcts")) == "ismcts"
    assert isinstance(make_bot("sprinter", 1), Sprinter)
    with pytest.raises(ValueError):
        ISMCTSBot(iterations=0)


def test_sprinter_draws_whenever_it_can_and_declines_only_when_it_can_draw_anyway() -> None:
    """R3.2: a possible draw is always taken (careful walks for gold); at a class A or C
    obstacle it declines exactly when its own card still has an open passage."""
    drew = declined = tried = 0
    for seed in range(60):
        game = Game.new(players=2, seed=seed, log=False)
        bots = [make_bot("careful", seed + s) for s in range(2)]
        sprinter = Sprinter(seed)
        while not game.is_over:
            if game.is_chance:
                game.roll()
                continue
            seat = game.current_player
            view = game.view(seat)
            legal = game.legal_actions()
            mine = sprinter(view)
            if type(legal[0]) is Draw:
                assert mine == Draw()
                drew += 1
            pending = view.pending
            if isinstance(pending, ObstacleDecision) and pending.obstacle.cls.value in "AC":
                stranded = not has_open_passage(game.board, view.position)
                if not stranded:
                    assert mine == Decline()
                    declined += 1
                elif mine == Attempt():
                    tried += 1
            game.apply(bots[seat](view))
    assert drew > 100 and declined > 0 and tried > 0


def test_lost_turns_counts_the_walk_to_an_open_passage() -> None:
    game = _searched_position(3)
    me = game.figures[0]
    for pos in game.board:
        turns = lost_turns(game.board, pos, me.character)
        assert (turns == 0) == has_open_passage(game.board, pos)
        assert turns == 0 or turns >= 1


def test_race_account_never_draws_the_exit_and_credits_its_chance() -> None:
    """Two players: a rollout's dungeon draw is never the exit; the drawer is credited
    the exact chance that it was (exits / cards left, R2.3)."""
    game = Game.new(players=2, seed=4, log=False)
    game.apply(Draw())
    assert game.is_chance and game.chance_kind == "dungeon"
    pile = game.state.dungeon
    exits = sum(pile.counts.get(c, 0) for c in game.state._exit_ids)
    total = pile.total
    drawer = game.state.seat
    for seat, sign in ((drawer, 1.0), (1 - drawer, -1.0)):
        for k in range(30):
            world = game.clone(log=False)
            race = _Race(seat)
            assert race.draw(world, random.Random(k))
            step = world.steps[-1]
            assert type(step) is Card and step.card not in game.state._exit_ids
            assert race.value == pytest.approx(sign * exits / total)
            assert race.alive == pytest.approx(1 - exits / total)

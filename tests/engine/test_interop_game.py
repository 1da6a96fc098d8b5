"""Game hooks for AI tools: an outside random source, returns, truncation, clone."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from verlies.errors import IllegalAction
from verlies.game import Game, returns_of
from verlies.sim.bots import make_bot


def _play(game: Game, seed: int, rng: random.Random | None = None) -> Game:
    bots = [make_bot("careful", seed + i) for i in range(game.players)]
    while not game.is_over:
        if game.is_chance:
            game.roll(rng)
        else:
            seat = game.current_player
            game.apply(bots[seat](game.view(seat)))
    return game


def test_outside_rng_varies_rollouts_and_is_reproducible() -> None:
    g = Game.new(players=2, seed=3)
    g.apply(g.legal_actions()[0])
    assert g.is_chance
    drawn = set()
    for i in range(30):
        h = g.copy()
        h.roll(random.Random(i))
        drawn.add(h.steps[-1])
    assert len(drawn) > 3  # the seeded source alone would give one card every time
    a, b = g.copy(), g.copy()
    a.roll(random.Random(5))
    b.roll(random.Random(5))
    assert a.steps[-1] == b.steps[-1]


def test_without_rng_the_seed_decides_as_before() -> None:
    a = _play(Game.new(players=3, seed=11), 11)
    b = Game.new(players=3, seed=11)
    for step in a.steps:
        if b.is_chance:
            assert b.sample_outcome() == step
        b.apply(step)
    assert b.to_json() == a.to_json()


def test_outside_rng_outcomes_are_saved_and_replayed() -> None:
    g = _play(Game.new(players=2, seed=4), 4, random.Random(9))
    again = Game.from_json(g.to_json())
    assert again.result == g.result
    assert again.returns() == g.returns()


def test_roll_without_chance_point_raises() -> None:
    g = Game.new(players=2, seed=1)
    with pytest.raises(IllegalAction):
        g.roll(random.Random(1))


def test_returns_scheme() -> None:
    assert returns_of(2, [0]) == (1.0, -1.0)
    assert returns_of(4, [2]) == pytest.approx((-1 / 3, -1 / 3, 1.0, -1 / 3))
    assert returns_of(4, [0, 3]) == (0.5, -0.5, -0.5, 0.5)
    assert returns_of(3, []) == (0.0, 0.0, 0.0)
    assert returns_of(1, [0]) == (1.0,)
    assert returns_of(1, []) == (0.0,)
    for n in (2, 3, 4):
        for winners in ([0], [0, 1], [n - 1]):
            assert sum(returns_of(n, winners)) == pytest.approx(0.0)


def test_returns_follow_the_result_and_are_zero_before_the_end() -> None:
    g = Game.new(players=2, seed=2)
    assert g.returns() == (0.0, 0.0)
    _play(g, 2)
    result = g.result
    assert result is not None and not g.truncated
    assert g.returns() == returns_of(2, result.winners)


def test_round_limit_end_is_a_truncation() -> None:
    g = _play(Game.new(players=2, seed=0, round_limit=1), 0)
    assert g.result is not None and g.result.reason == "timeout"
    assert g.truncated
    assert g.returns() == (0.0, 0.0)


def _fingerprint(game: Game) -> tuple[object, ...]:
    """Everything on the table, as plain values (to compare two states)."""
    s = game.state
    board = tuple(
        sorted((p, t.card.id, t.mask, t.gold, t.collapsed, t.opened) for p, t in s.board.items())
    )
    figures = tuple(
        (f.pos, f.coins, tuple((h.card.id, h.used) for h in f.treasures), f.injured, f.escaped)
        for f in s.figures
    )
    piles = tuple(
        (tuple(sorted(p.counts.items())), tuple(sorted(p.discard.items())), tuple(p.bottom))
        for p in (s.dungeon, s.rooms, s.monsters, s.treasures)
    )
    return (board, figures, piles, tuple(s.stack), s.seat, s.round, s.over, s.bank)


def _random_steps(game: Game, n: int, rng: random.Random) -> None:
    for _ in range(n):
        if game.is_over:
            return
        if game.is_chance:
            game.roll(rng)
        else:
            game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("players", [1, 2, 4])
def test_clone_is_independent_and_plays_like_a_replay(players: int) -> None:
    rng = random.Random(players)
    game = Game.new(players=players, seed=players, log=False)
    for _ in range(12):
        _random_steps(game, 25, rng)
        before = _fingerprint(game)
        clone = game.clone()
        assert _fingerprint(clone) == before
        _random_steps(clone, 40, random.Random(rng.random()))
        assert _fingerprint(game) == before  # the clone's play changed nothing here
        assert _fingerprint(game.copy()) == before  # and the original is its own replay
        assert _fingerprint(clone) == _fingerprint(clone.copy())  # the clone too
        assert clone.legal_actions() == clone.copy().legal_actions()
        again = Game.from_json(clone.to_json())
        assert _fingerprint(again) == _fingerprint(clone)


def test_clone_keeps_log_and_history() -> None:
    game = Game.new(players=2, seed=8)
    _random_steps(game, 30, random.Random(1))
    game.undo(3)
    clone = game.clone()
    assert clone.steps == game.steps and clone.history_length == game.history_length
    clone.redo(3)
    assert _fingerprint(clone) == _fingerprint(Game(game.setup, clone.steps))
    clone.undo(3)
    assert [e.en for e in clone.log] == [e.en for e in game.log]
    clone.undo(5)
    assert _fingerprint(clone) == _fingerprint(Game(game.setup, game.steps[:-5]))


def test_deepcopy_shares_the_cards() -> None:
    game = Game.new(players=2, seed=8)
    _random_steps(game, 30, random.Random(2))
    twin = copy.deepcopy(game)
    assert twin.to_json() == game.to_json() and twin.state is not game.state
    assert copy.deepcopy(game.deck) is game.deck
    start = game.board[(0, 0)].card
    assert copy.deepcopy(start) is start and copy.copy(start) is start
    for char in game.deck.characters.values():
        assert copy.deepcopy(char) is char


def _with_used_and_lost_treasures() -> Game:
    """A 3-player position in which a one-shot treasure was used (shown, R9.5) and one
    was lost under the treasure pile (face down, R9.4)."""
    for seed in range(14, 200):
        game = Game.new(players=3, seed=seed, log=False)
        bots = [make_bot("reckless", seed + s) for s in range(3)]
        while not game.is_over:
            if game.is_chance:
                game.roll()
                continue
            seat = game.current_player
            game.apply(bots[seat](game.view(seat)))
            used = any(h.used for f in game.figures for h in f.treasures)
            if used and game.state.treasures.bottom:
                return game
    raise AssertionError("no such position in 186 games")


def _unseen_by(game: Game, seat: int) -> Counter[str]:
    state = game.state
    out: Counter[str] = Counter(state.treasures.bottom) + Counter(state.treasures.counts)
    for f in state.figures:
        if f.seat != seat:
            out.update(h.card.id for h in f.treasures if not h.used)
    return out


def _cards(game: Game) -> tuple[object, ...]:
    """Every treasure's place: the hands (with used flags), the bottom, the pile."""
    pile = game.state.treasures
    hands = tuple(tuple((h.card.id, h.used) for h in f.treasures) for f in game.figures)
    return hands, tuple(pile.bottom), tuple(sorted(pile.counts.items()))


def test_determinise_deals_only_what_the_seat_cannot_see() -> None:
    game = _with_used_and_lost_treasures()
    before = _cards(game)
    for seat in range(3):
        worlds = [game.determinise(seat, random.Random(k)) for k in range(12)]
        assert _cards(game) == before  # the real game is untouched
        for w in worlds:
            assert not w.state.logging
            mine, theirs = game.figures[seat], w.figures[seat]
            assert [h.card.id for h in theirs.treasures] == [h.card.id for h in mine.treasures]
            for f, g in zip(game.figures, w.figures, strict=True):
                # Public: position, coins, hand size, the used (shown) treasures.
                assert (f.pos, f.coins, len(f.treasures)) == (g.pos, g.coins, len(g.treasures))
                assert [h.card.id for h in f.treasures if h.used] == [
                    h.card.id for h in g.treasures if h.used
                ]
            pile, wpile = game.state.treasures, w.state.treasures
            assert (len(wpile.bottom), wpile.total) == (len(pile.bottom), pile.total)
            assert _unseen_by(w, seat) == _unseen_by(game, seat)  # only redistributed
            assert w.board == game.board and w.legal_actions() == game.legal_actions()
        # The lost card's identity is not carried over: it varies between worlds.
        assert len({tuple(w.state.treasures.bottom) for w in worlds}) > 1
        again = game.determinise(seat, random.Random(3))
        assert _cards(again) == _cards(worlds[3])  # reproducible for an rng state
        assert len({_cards(w) for w in worlds}) > 1

"""The fixed encoding: action indices, chance ids, observations without hidden facts."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from verlies.actions import Card, Place, Walk
from verlies.deck import Deck
from verlies.game import Game
from verlies.interop.encoding import Encoding, EncodingError
from verlies.sim.bots import make_bot


def _random_game(players: int, seed: int, enc_check: Encoding | None = None) -> Game:
    game = Game.new(players=players, seed=seed, log=False)
    enc = enc_check or Encoding.for_game(game)
    rng = random.Random(seed)
    while not game.is_over:
        if game.is_chance:
            pairs = enc.chance_outcomes(game)
            assert sum(p for _, p in pairs) == pytest.approx(1.0)
            outcomes = {o for o, _ in game.chance_outcomes()}
            assert {enc.index_to_outcome(i) for i, _ in pairs} == outcomes
            assert all(0 <= i < enc.max_chance_outcomes for i, _ in pairs)
            game.roll(rng)
            continue
        legal = game.legal_actions()
        mask = enc.legal_action_mask(game)
        assert mask.shape == (enc.num_actions,) and mask.sum() == len(legal)
        for action in legal:
            index = enc.action_to_index(game, action)
            assert mask[index] == 1
            back = enc.index_to_action(game, index)
            assert back == action and type(back) is type(action)
        game.apply(rng.choice(legal))
    return game


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_legal_action_has_one_index_and_back(players: int) -> None:
    for seed in range(2):
        assert _random_game(players, seed).is_over


def test_placements_and_walks_are_relative_to_the_figure() -> None:
    game = Game.new(players=2, seed=3)
    enc = Encoding.for_game(game)
    x, y = game.figures[game.seat].pos
    east = enc.action_to_index(game, Place(x + 1, y, 10))
    walk = enc.action_to_index(game, Walk(((x, y + 1), (x + 1, y + 1))))
    game.state.figures[game.seat].pos = (x + 5, y - 2)  # the same moves from elsewhere
    assert enc.index_to_action(game, east) == Place(x + 6, y - 2, 10)
    assert enc.index_to_action(game, walk) == Walk(((x + 5, y - 1), (x + 6, y - 1)))
    with pytest.raises(EncodingError):
        enc.action_to_index(game, Place(x, y, 10))  # not next to the figure's card
    with pytest.raises(EncodingError):
        enc.index_to_action(game, enc.num_actions)


def test_sizes_are_fixed_per_deck_players_and_variants() -> None:
    deck = Deck.default()
    a = Encoding(deck, 2)
    b = Encoding(deck, 4)
    assert a.num_actions == b.num_actions and a.max_chance_outcomes == b.max_chance_outcomes
    from verlies.variants import Variants

    long = Encoding(deck, 2, Variants(long_walk=True))
    assert long.num_actions == a.num_actions + 4**3
    assert a.max_chance_outcomes >= 6 + len(deck.treasures) + len(deck.monsters)


def _hidden_swap() -> tuple[Game, Game, int]:
    """Two games equal in all but the treasure another seat drew (seat 0 cannot tell)."""
    for seed in range(40):
        game = Game.new(players=2, seed=seed, log=False)
        bots = [make_bot("greedy", seed), make_bot("greedy", seed + 1)]
        while not game.is_over and game.step_count < 400:
            if game.is_chance:
                if game.chance_kind == "treasure" and game.seat == 1:
                    drawn = game.sample_outcome()
                    others = [o for o, _ in game.chance_outcomes() if o != drawn]
                    if others:
                        twin = Game(game.setup, [*game.steps, others[0]], log=False)
                        game.apply(drawn)
                        return game, twin, seed
                game.roll()
            else:
                seat = game.current_player
                game.apply(bots[seat](game.view(seat)))
    raise AssertionError("no game drew a treasure for seat 1")


def test_observation_never_shows_another_seats_treasures() -> None:
    game, twin, _ = _hidden_swap()
    enc = Encoding.for_game(game)
    assert isinstance(game.steps[-1], Card) and game.steps[-1] != twin.steps[-1]
    np.testing.assert_array_equal(enc.observation(game, 0), enc.observation(twin, 0))
    assert not np.array_equal(enc.observation(game, 1), enc.observation(twin, 1))
    hand = enc.observation_blocks[2]
    mine = enc.observation(game, 1)[hand.start : hand.start + hand.size]
    assert mine.sum() >= 1.0  # the drawn treasure is in the seat's own hand block


def test_observation_layout() -> None:
    game = Game.new(players=3, seed=5)
    enc = Encoding.for_game(game)
    obs = enc.observation(game, 1)
    assert obs.shape == enc.observation_shape and obs.dtype == np.float32
    assert sum(b.size for b in enc.observation_blocks) == enc.observation_size
    pending = enc.observation_blocks[4]
    kinds = obs[pending.start : pending.start + 16]
    assert kinds[0] == 1.0 and kinds.sum() == 1.0  # "turn"
    assert "board" in enc.describe()


def test_live_edit_with_new_cards_says_the_action_space_changed() -> None:
    game = Game.new(players=2, seed=1)
    enc = Encoding.for_game(game)
    deck = game.deck
    counts = dict(deck.treasure_counts)
    first = next(iter(deck.treasures.values()))
    game.edit_deck(deck.with_count("treasure", first.id, counts[first.id] + 1))
    assert enc.legal_indices(game)  # a count change keeps the numbers
    new = dataclasses.replace(first, id="treasure-new-one")
    game.edit_deck(game.deck.with_card("treasure", new, 1))
    with pytest.raises(EncodingError, match="action space"):
        enc.legal_indices(game)


def _used_and_lost() -> Game:
    """A 3-player position with a used (shown) treasure, an unused (hidden) one and a lost
    one under the treasure pile."""
    for seed in range(14, 200):
        game = Game.new(players=3, seed=seed, log=False)
        bots = [make_bot("reckless", seed + s) for s in range(3)]
        while not game.is_over:
            if game.is_chance:
                game.roll()
                continue
            seat = game.current_player
            game.apply(bots[seat](game.view(seat)))
            held = [h.used for f in game.figures for h in f.treasures]
            if any(held) and not all(held) and game.state.treasures.bottom:
                return game
    raise AssertionError("no such position in 186 games")


def _block(enc: Encoding, obs: np.ndarray, name: str) -> np.ndarray:
    b = next(b for b in enc.observation_blocks if b.name == name)
    return obs[b.start : b.start + b.size]


def test_observation_depends_only_on_what_the_seat_may_know() -> None:
    game = _used_and_lost()
    enc = Encoding.for_game(game)
    for seat in range(3):
        obs = enc.observation(game, seat)
        changed_for_another = False
        for k in range(10):
            # A world in which everything this seat cannot see is dealt anew.
            world = game.determinise(seat, random.Random(k))
            np.testing.assert_array_equal(enc.observation(world, seat), obs)
            for other in range(3):
                if other != seat and not np.array_equal(
                    enc.observation(world, other), enc.observation(game, other)
                ):
                    changed_for_another = True
        hidden = any(not h.used for f in game.figures if f.seat != seat for h in f.treasures)
        # The redealt cards were hidden from this seat only: a seat holding one sees it move.
        assert changed_for_another == hidden
    assert any(not h.used for f in game.figures for h in f.treasures)


def test_observation_shows_the_public_piles_and_shown_treasures() -> None:
    game = _used_and_lost()
    enc = Encoding.for_game(game)
    state = game.state
    t = len(enc.treasure_ids)
    views = [enc.observation(game, seat) for seat in range(3)]
    piles = [_block(enc, obs, "piles") for obs in views]
    # The piles are the same for every seat: public.
    np.testing.assert_array_equal(piles[0], piles[1])
    np.testing.assert_array_equal(piles[0], piles[2])
    # Each count over the deck's count of that card: 0..1, and the counts come back.
    assert piles[0].min() >= 0.0 and piles[0].max() <= 1.0
    counts = np.rint(piles[0] * enc._observer._pile_scale)
    np.testing.assert_allclose(piles[0] * enc._observer._pile_scale, counts, atol=1e-4)
    piles = [counts]
    nd, nr, nm = len(enc.dungeon_ids), len(enc.room_ids), len(enc.monster_ids)
    assert piles[0][:nd].sum() == state.dungeon.total
    assert piles[0][nd : nd + nr].sum() == state.rooms.total
    assert piles[0][nd + nr : nd + 2 * nr].sum() == sum(state.rooms.discard.values()) > 0
    assert piles[0][nd + 2 * nr : nd + 2 * nr + nm].sum() == state.monsters.total
    assert piles[0][-1] == len(state.treasures.bottom) >= 1
    for obs in views:  # every field of the observation lies in 0..1
        assert obs.min() >= 0.0 and obs.max() <= 1.0
    # Used treasures: every seat sees every seat's, rotated to start from itself.
    used = [sum(h.used for h in f.treasures) for f in state.figures]
    assert sum(used) >= 1
    for seat, obs in enumerate(views):
        shown = _block(enc, obs, "shown").reshape(4, t)
        for rel in range(3):
            assert shown[rel].sum() == used[(seat + rel) % 3]
    # Unused treasures of others appear nowhere but as a count: only the seat's own hand
    # block names them.
    for seat, obs in enumerate(views):
        hand = _block(enc, obs, "hand")
        assert hand.sum() == len(state.figures[seat].treasures)


def test_the_kept_board_block_is_the_one_worked_out_anew() -> None:
    """The board block is kept per seat while the board and the figures' places stay:
    along a random game it equals a fresh encoding's (nothing kept) at every step."""
    import random

    game = Game.new(players=3, seed=4, log=False)
    kept = Encoding.for_game(game)
    rng = random.Random(4)
    for _ in range(300):
        if game.is_over:
            break
        for seat in range(3):
            fresh = Encoding(game.deck, 3, game.variants)
            np.testing.assert_array_equal(
                kept.observation(game, seat), fresh.observation(game, seat)
            )
        if game.is_chance:
            game.roll()
        else:
            game.apply(rng.choice(list(game.legal_actions())))

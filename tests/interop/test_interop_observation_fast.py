"""The observation kept up to date from step to step (board, pile and character blocks kept
while they stay the same) equals the one built from nothing, at every step and seat.

``reference_observation`` is the plain build of ``Encoding.observation`` as it was before
its blocks were kept (issue 25): every field worked out anew from ``game.view(seat)``, the
pending decision and the public piles, one element at a time, then clipped to 0..1.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from verlies.board import DIRECTIONS
from verlies.cards.model import Attr, ObstacleClass, TileKind
from verlies.game import Game
from verlies.interop.encoding import FRAME_KINDS, MAX_SEATS, WINDOW, Encoding
from verlies.variants import Variants

_ATTRS = tuple(Attr)
_KINDS = tuple(TileKind)
_CLASSES = tuple(ObstacleClass)


def _tile(enc: Encoding, tile: Any) -> npt.NDArray[np.float32]:
    vec = np.zeros(len(enc.cell_channels) - MAX_SEATS, dtype=np.float32)
    k_kind = 5
    k_cls = k_kind + len(_KINDS)
    k_attr = k_cls + len(_CLASSES)
    k_n = k_attr + len(_ATTRS)
    vec[0] = 1.0
    for i, d in enumerate(DIRECTIONS):
        if tile.mask & d:
            vec[1 + i] = 1.0
    vec[k_kind + _KINDS.index(tile.card.kind)] = 1.0
    obstacle = tile.card.obstacle
    if obstacle is not None:
        vec[k_cls + _CLASSES.index(obstacle.cls)] = 1.0
        vec[k_attr + _ATTRS.index(obstacle.attr)] = 1.0
        vec[k_n] = obstacle.n / 12.0
    vec[k_n + 1] = tile.gold / 50.0
    vec[k_n + 2] = float(tile.collapsed)
    vec[k_n + 3] = float(tile.opened)
    return vec


def _pending(game: Game, seat: int, out: npt.NDArray[np.float32]) -> None:
    pending = game.pending_context()
    # Each kind's value carries only its own fields: one that is absent reads as the old
    # one-class Pending's default (None, a bonus of 0), as this reference always did.
    field = lambda name, default=None: getattr(pending, name, default)  # noqa: E731
    out[FRAME_KINDS.index(pending.kind) if pending.kind in FRAME_KINDS else -1] = 1.0
    k = len(FRAME_KINDS)
    out[k] = float(game.current_player == seat)
    out[k + 1] = float(game.is_chance)
    k += 2
    na = len(_ATTRS)
    if field("attr") is not None:
        out[k + _ATTRS.index(field("attr"))] = 1.0
    k += na
    if field("obstacle") is not None:
        out[k + _CLASSES.index(field("obstacle").cls)] = 1.0
    k += len(_CLASSES)
    if field("monster") is not None:
        for option in field("monster").fight:
            out[k + _ATTRS.index(option.attr)] = option.value / 12.0
    k += na
    if field("trap") is not None:
        for a in field("trap").attrs:
            out[k + _ATTRS.index(a)] = 1.0
    k += na
    out[k] = (field("value") or 0) / 12.0
    out[k + 1] = field("bonus", 0) / 12.0
    out[k + 2] = (field("target") or 0) / 12.0
    out[k + 3] = (field("roll") or 0) / 12.0
    out[k + 4] = float(field("chance")) if field("chance") is not None else 0.0
    out[k + 5] = float(field("dice").mean) / 50.0 if field("dice") is not None else 0.0


def reference_observation(enc: Encoding, game: Game, seat: int) -> npt.NDArray[np.float32]:
    """Every field of ``seat``'s observation worked out anew (nothing kept)."""
    view = game.view(seat)
    out = np.zeros(enc.observation_size, dtype=np.float32)
    n = enc.players
    me = view.position
    side = 2 * WINDOW + 1
    nch = len(enc.cell_channels)
    board = out[: side * side * nch].reshape(side, side, nch)
    for (x, y), tile in view.board.items():
        cx, cy = x - me[0] + WINDOW, y - me[1] + WINDOW
        if 0 <= cx < side and 0 <= cy < side:
            board[cy, cx, : nch - MAX_SEATS] = _tile(enc, tile)
    players = view.players()
    to_move = game.current_player
    fields = len(enc.figure_fields)
    figs = out[enc.observation_blocks[1].start :][: MAX_SEATS * fields]
    for rel in range(n):
        p = players[(seat + rel) % n]
        px, py = p["pos"]
        if not p["escaped"]:
            cx, cy = px - me[0] + WINDOW, py - me[1] + WINDOW
            if 0 <= cx < side and 0 <= cy < side:
                board[cy, cx, nch - MAX_SEATS + rel] = 1.0
        f = figs[rel * fields : (rel + 1) * fields]
        character = game.deck.characters.get(p["character"])
        f[0] = 1.0
        f[1] = float(p["escaped"])
        f[2] = float(p["injured"])
        f[3] = p["coins"] / 50.0
        f[4] = p["treasure_count"] / 5.0
        f[5] = ((px - me[0]) / WINDOW + 1) / 2
        f[6] = ((py - me[1]) / WINDOW + 1) / 2
        if character is not None:
            for i, a in enumerate(_ATTRS):
                f[7 + i] = character.value(a) / 12.0
        f[7 + len(_ATTRS)] = float(to_move == p["seat"])
    hand = out[enc.observation_blocks[2].start :]
    t = len(enc.treasure_ids)
    index = {tid: i for i, tid in enumerate(enc.treasure_ids)}
    for h in view.me.treasures:
        j = index.get(h.card.id)
        if j is not None:
            hand[j + (t if h.used else 0)] += 1.0
    info = out[enc.observation_blocks[3].start :]
    sizes = view.deck_sizes()
    totals = (
        max(1, sum(enc.deck.dungeon_pile(n).values())),
        max(1, sum(enc.deck.room_counts.values())),
        max(1, sum(enc.deck.monster_counts.values())),
        max(1, sum(enc.deck.treasure_counts.values())),
    )
    for i, key in enumerate(("dungeon", "rooms", "monsters", "treasures")):
        info[i] = sizes[key] / totals[i]
    pile = enc.deck.dungeon_pile(n)
    exits = [c for c, card in enc.deck.dungeon.items() if card.kind is TileKind.EXIT]
    info[4] = view.exits_left() / max(1, sum(pile.get(c, 0) for c in exits))
    limit = game.setup.round_limit
    info[5] = view.round / (limit if limit else 300)
    bank = game.state.bank
    info[6] = bank / 48.0 if bank >= 0 else 0.0
    info[7] = view.my_gold / 50.0
    info[8] = view.players_in_dungeon / n
    drawn = view.drawn_card
    if drawn is not None:
        info[9] = 1.0
        for i, d in enumerate(DIRECTIONS):
            if drawn.mask & d:
                info[10 + i] = 1.0
        info[14 + _KINDS.index(drawn.kind)] = 1.0
        info[14 + len(_KINDS)] = drawn.gold / 50.0
        info[15 + len(_KINDS)] = float(drawn.obstacle is not None)
    _pending(game, seat, out[enc.observation_blocks[4].start :])
    state = game.state
    shown = out[enc.observation_blocks[5].start :]
    for rel in range(n):
        for held in state.figures[(seat + rel) % n].treasures:
            j = index.get(held.card.id)
            if held.used and j is not None:
                shown[rel * t + j] += 1.0
    piles = out[enc.observation_blocks[6].start :]
    k = 0
    for counts, ids in (
        (state.dungeon.counts, enc.dungeon_ids),
        (state.rooms.counts, enc.room_ids),
        (state.rooms.discard, enc.room_ids),
        (state.monsters.counts, enc.monster_ids),
        (state.monsters.discard, enc.monster_ids),
    ):
        for i, cid in enumerate(ids):
            piles[k + i] = counts.get(cid, 0)
        k += len(ids)
    piles[k] = len(state.treasures.bottom)
    scale = [
        *(max(1, pile.get(c, 0)) for c in enc.dungeon_ids),
        *(max(1, enc.deck.room_counts.get(c, 0)) for c in enc.room_ids),
        *(max(1, enc.deck.room_counts.get(c, 0)) for c in enc.room_ids),
        *(max(1, enc.deck.monster_counts.get(c, 0)) for c in enc.monster_ids),
        *(max(1, enc.deck.monster_counts.get(c, 0)) for c in enc.monster_ids),
        max(1, sum(enc.deck.treasure_counts.values())),
    ]
    piles[: len(scale)] /= np.asarray(scale, dtype=np.float32)
    np.clip(out, 0.0, 1.0, out=out)
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 8), (3, 5), (4, 2)])
def test_the_kept_observation_equals_the_one_built_anew(players: int, seed: int) -> None:
    """Along a random game, one encoding asked at every step for every seat (so that it
    keeps its blocks) gives what the plain build gives, element for element."""
    game = Game.new(players=players, seed=seed, log=False)
    enc = Encoding.for_game(game)
    rng = random.Random(seed)
    steps = 0
    injured = boards = 0
    seen: dict[int, object] = {}  # the versions kept alive: their ids stay theirs
    while not game.is_over and steps < 400:
        injured |= any(f.injured for f in game.state.figures)
        if id(game.state.board_version) not in seen:
            seen[id(game.state.board_version)] = game.state.board_version
            boards += 1
        for seat in range(players):
            np.testing.assert_array_equal(
                enc.observation(game, seat), reference_observation(enc, game, seat)
            )
        if game.is_chance:
            game.roll()
        else:
            game.apply(rng.choice(list(game.legal_actions())))
        steps += 1
    # The games went far enough: cards laid (new boards), figures hurt. (Along these four
    # games figures also pick up, use and show treasures, and one escapes.)
    assert steps > 150 and boards > 10 and injured


def test_a_handed_out_observation_is_never_changed_by_later_steps() -> None:
    """Each call returns an array of its own: one kept by the caller stays as it was."""
    game = Game.new(players=2, seed=3, log=False)
    enc = Encoding.for_game(game)
    rng = random.Random(3)
    kept: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]] = []
    for _ in range(120):
        if game.is_over:
            break
        obs = enc.observation(game, 0)
        kept.append((obs, obs.copy()))
        if game.is_chance:
            game.roll()
        else:
            game.apply(rng.choice(list(game.legal_actions())))
    assert len(kept) > 50
    for handed, copied in kept:
        np.testing.assert_array_equal(handed, copied)


def test_the_board_window_is_right_wherever_it_is_centred() -> None:
    """The board block's card channels around any cell, inside the laid cards' bounds (a
    slice of the kept grid) or beyond them (cell by cell), equal the cards' own channels
    placed one by one."""
    game = Game.new(players=2, seed=6, log=False)
    rng = random.Random(6)
    while len(game.board) < 12 and not game.is_over:
        if game.is_chance:
            game.roll()
        else:
            game.apply(rng.choice(list(game.legal_actions())))
    assert len(game.board) >= 12
    enc = Encoding.for_game(game)
    view = game.view(0)
    side = 2 * WINDOW + 1
    nch = len(enc.cell_channels)
    xs = [p[0] for p in game.board]
    ys = [p[1] for p in game.board]
    centres = [
        (x, y)
        for x in range(min(xs) - WINDOW - 3, max(xs) + WINDOW + 4, 2)
        for y in range(min(ys) - WINDOW - 3, max(ys) + WINDOW + 4, 2)
    ]
    for me in centres:
        expected = np.zeros((side, side, nch), dtype=np.float32)
        for (x, y), tile in game.board.items():
            cx, cy = x - me[0] + WINDOW, y - me[1] + WINDOW
            if 0 <= cx < side and 0 <= cy < side:
                expected[cy, cx, : nch - MAX_SEATS] = np.clip(_tile(enc, tile), 0.0, 1.0)
        got = np.full((side, side, nch), 7.0, dtype=np.float32)  # every cell is written
        enc._observer._grid.window_into(got, view, me)
        np.testing.assert_array_equal(got, expected, err_msg=f"window around {me}")


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_kept_blocks_stay_right_when_seats_games_and_steps_interleave(seed: int) -> None:
    """The kept buffers are per seat and shared by every game the encoding serves (an
    OpenSpiel state and its clones): asked for a random seat of one of two games that
    part ways (a clone played on differently), at random steps only, each observation
    still equals the one built from nothing."""
    rng = random.Random(seed)
    first = Game.new(players=2, seed=seed, log=False)
    enc = Encoding.for_game(first)
    games = [first]
    checked = 0
    for step in range(500):
        if step == 40:
            games.append(first.clone())
        game = rng.choice(games)
        if game.is_over:
            continue
        if rng.random() < 0.6:
            seat = rng.randrange(2)
            np.testing.assert_array_equal(
                enc.observation(game, seat), reference_observation(enc, game, seat)
            )
            checked += 1
        if game.is_chance:
            game.roll()
        else:
            game.apply(rng.choice(list(game.legal_actions())))
    assert checked > 100 and len(games) == 2
    assert games[0].state.figures[0].pos != games[1].state.figures[0].pos or (
        games[0].step_count != games[1].step_count
    )


_VARIANTS = (
    Variants(),
    Variants(long_walk=True, limited_bank=True),
    Variants(opened_stays_open=True, injuries_stack=True),
)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [21, 22, 23])
def test_the_env_hands_out_the_observation_built_anew(players: int, seed: int) -> None:
    """Through the PettingZoo env (as a trainer sees it: each agent observed after every
    step, the selected one through ``last()``), over seeded games with each variant set,
    every seat's observation equals the one built from nothing, element for element."""
    import verlies.pettingzoo

    variants = _VARIANTS[seed % len(_VARIANTS)]
    env = verlies.pettingzoo.env(players=players, variants=variants, round_limit=80)
    env.reset(seed=seed)
    raw = env.unwrapped
    enc = raw.encoding
    rng = random.Random(seed)
    compared = 0
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        game = raw.game
        # The selected agent first (as last() asks), then every seat in seat order.
        np.testing.assert_array_equal(
            obs["observation"], reference_observation(enc, game, raw._seat_of[agent])
        )
        for other in range(players):
            np.testing.assert_array_equal(
                env.observe(f"player_{other}")["observation"],
                reference_observation(enc, game, other),
            )
        compared += 1 + players
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert compared >= 20 * (1 + players)  # the game went on for 20 decisions or more


@pytest.mark.parametrize("players", [2, 4])
def test_the_parallel_env_hands_out_the_observation_built_anew(players: int) -> None:
    """The parallel env observes every agent after every step: each equals the build
    from nothing."""
    import verlies.pettingzoo

    par = verlies.pettingzoo.parallel_env(players=players, round_limit=60)
    obs, _ = par.reset(seed=31 + players)
    rng = random.Random(players)
    steps = 0
    while par.agents:
        game, enc = par.game, par.encoding
        for a in par.agents:
            seat = int(a.removeprefix("player_"))
            np.testing.assert_array_equal(
                obs[a]["observation"], reference_observation(enc, game, seat)
            )
        acting = next(a for a in par.agents if obs[a]["action_mask"].any())
        choice = int(rng.choice(np.flatnonzero(obs[acting]["action_mask"])))
        obs, *_ = par.step({acting: choice})
        steps += 1
    assert steps > 40

"""``board.can_step`` (what the game-feel trace asks of a draw, R3.5) says whether
``neighbours`` has any, on every laid card of random games."""

from __future__ import annotations

import random

from verlies.board import can_step, neighbours
from verlies.game import Game
from verlies.variants import Variants


def test_can_step_is_whether_there_are_neighbours() -> None:
    seen = {True: 0, False: 0}
    for seed in range(16):
        variants = Variants(long_walk=True) if seed % 2 else None
        game = Game.new(players=2 + seed % 3, seed=seed, variants=variants, round_limit=60)
        rng = random.Random(seed)
        while not game.is_over:
            if game.is_chance:
                game.roll()
            else:
                game.apply(rng.choice(list(game.legal_actions())))
            board = game.state.board
            for pos in board:
                got = can_step(board, pos)
                assert got == bool(neighbours(board, pos)), (seed, pos)
                seen[got] += 1
    assert seen[True] and seen[False]

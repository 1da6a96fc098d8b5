"""The table's caches in one place (issue 20, item 3): ``TableCache`` holds everything a
table keeps worked out from its fields, and ``TableCache.invalidate`` is the one place
that forgets it; the table's mutations call it, saying what they changed."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import verlies
from verlies.actions import LegalActions
from verlies.game import Game
from verlies.legal import compute_legal
from verlies.state import Change, Table, TableCache
from verlies.variants import Variants

ROOT = Path(verlies.__file__).parent


def _random_games(
    seeds: range, variants: Variants | None = None, rounds: int = 40
) -> list[tuple[Game, random.Random]]:
    return [
        (
            Game.new(players=2 + seed % 3, seed=seed, variants=variants, round_limit=rounds),
            random.Random(seed),
        )
        for seed in seeds
    ]


def _fresh_legal(s: Table) -> object:
    """The legal actions worked out on a copy whose cache starts empty."""
    fresh = s.copy()
    fresh.cache = TableCache(fresh.max_walk)
    return compute_legal(fresh)


@pytest.mark.parametrize("variants", [None, Variants(long_walk=True)], ids=["plain", "long"])
def test_every_public_move_bumps_what_it_changes(variants: Variants | None) -> None:
    """Random games through ``Game``'s public moves: a step that lays or changes a card
    gives the board a new version, and only such a step does; a step that changes a
    figure's gold moves the count; the legal actions are forgotten at every step; and what
    the cache keeps gives the legal actions a table with an empty cache works out."""
    laid = changed = kept = 0
    for game, rng in _random_games(range(12), variants, rounds=80):
        s = game.state
        while not game.is_over:
            board = dict(s.board)
            version, gold_changes = s.board_version, s.gold_changes
            golds = [f.gold for f in s.figures]
            if game.is_chance:
                game.roll()
            else:
                legal = game.legal_actions()
                assert s.cache.legal is legal  # kept until the next step
                assert list(legal) == list(_fresh_legal(s))  # type: ignore[call-overload]
                game.apply(legal[rng.randrange(len(legal))])
            assert s.cache.legal is None  # every step forgets the legal actions
            same_board = board.keys() == s.board.keys() and all(
                s.board[p] is t for p, t in board.items()
            )
            if len(s.board) > len(board):
                laid += 1
            elif not same_board:
                changed += 1  # gold taken, opened, collapsed: a changed copy laid
            else:
                kept += 1
            assert (s.board_version is version) == same_board
            if [f.gold for f in s.figures] != golds:
                assert s.gold_changes > gold_changes
    assert laid > 20 and changed > 5 and kept > 100  # the games did all three


def test_a_card_laid_forgets_only_what_it_can_change() -> None:
    """``invalidate(LAID, pos)``: the walks from cards within walking distance of the new
    card, and the open passages and neighbours of it and its four neighbours, are
    forgotten; what lies further away stays; the turn choices all go."""
    cache = TableCache(reach=2)
    near, far = (1, 1), (3, 1)  # 2 steps and 4 steps from (0, 0)
    cache.walks = {near: [], far: []}
    cache.open = {(0, 0): True, (0, 1): True, (1, 1): True}
    cache.steps = {(0, 0): [], (-1, 0): [], (2, 2): []}
    cache.turns = {((5, 5), True): LegalActions()}
    version, gold = cache.board_version, cache.gold_changes
    cache.invalidate(Change.LAID, (0, 0))
    assert set(cache.walks) == {far}
    assert set(cache.open) == {(1, 1)}  # not a neighbour of (0, 0)
    assert set(cache.steps) == {(2, 2)}
    assert cache.turns == {} and cache.board_version is not version
    assert cache.gold_changes == gold and cache.legal is None
    # reach 3 (variant long_walk): (3, 1) is 4 steps away, still kept; (2, 1) is not
    wide = TableCache(reach=3)
    wide.walks = {(2, 1): [], (3, 1): []}
    wide.invalidate(Change.LAID, (0, 0))
    assert set(wide.walks) == {(3, 1)}
    # the whole board new: everything kept from it goes
    cache.walks, cache.open, cache.steps = {far: []}, {far: True}, {far: []}
    cache.invalidate(Change.LAID)
    assert not (cache.walks or cache.open or cache.steps)


@pytest.mark.parametrize(
    ("change", "moves_version", "counts_gold"),
    [
        (Change.STEP, False, False),
        (Change.GOLD, False, True),
        (Change.TILE, True, False),
        (Change.LAID, True, False),
    ],
)
def test_each_change_forgets_what_depends_on_it(
    change: Change, moves_version: bool, counts_gold: bool
) -> None:
    cache = TableCache(reach=2)
    cache.legal = LegalActions()
    cache.walks = {(9, 9): []}
    version, gold = cache.board_version, cache.gold_changes
    cache.invalidate(change, (0, 0) if change is Change.LAID else None)
    assert cache.legal is None  # every change: the legal actions are worked out anew
    assert (cache.board_version is not version) == moves_version
    assert cache.gold_changes == gold + counts_gold
    assert set(cache.walks) == {(9, 9)}  # far from everything: kept by every change


def test_every_field_of_the_cache_is_copied() -> None:
    """A new field of ``TableCache`` fails here until ``TableCache.copy`` copies it; the
    copies' dicts are their own and the copy's board has its own version."""
    game, rng = _random_games(range(3, 4))[0]
    while game.round < 8 and not game.is_over:
        if game.is_chance:
            game.roll()
        else:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    game.legal_actions()
    cache = game.state.cache
    copy = cache.copy()
    assert set(vars(copy)) == set(vars(cache))
    for name, mine in vars(cache).items():
        its = getattr(copy, name)
        if isinstance(mine, dict):
            assert its == mine and its is not mine, name
        elif name == "board_version":
            assert its is not mine
        else:
            assert its is mine, name  # immutable values (the legal actions handed out)
    # the copy prunes its own: the original keeps what it had
    walks = dict(cache.walks)
    copy.invalidate(Change.LAID)
    assert cache.walks == walks


def test_only_the_cache_forgets() -> None:
    """No module but the cache itself drops the legal actions, moves the board's version
    or the count of gold changes, or clears a cache by hand (the one place: invalidate)."""
    kept = {"legal", "board_version", "gold_changes", "walks", "open", "turns", "steps"}
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(ROOT).as_posix()
        skip: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.name == "TableCache":
                skip |= {id(n) for n in ast.walk(node)}
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, ast.AugAssign):
                targets = [node.target]
            for t in targets:
                if (
                    isinstance(t, ast.Attribute)
                    and t.attr in {"board_version", "gold_changes"}
                    and isinstance(t.value, ast.Attribute)
                    and t.value.attr == "cache"
                ):
                    found.append(f"{rel}:{node.lineno} sets {t.attr}")
                if (
                    isinstance(t, ast.Attribute)
                    and t.attr == "legal"
                    and isinstance(node, ast.Assign)
                    and isinstance(node.value, ast.Constant)
                    and node.value.value is None
                ):
                    found.append(f"{rel}:{node.lineno} drops the legal actions")
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in {"clear", "pop"}
                and isinstance(node.func.value, ast.Attribute)
                and node.func.value.attr in kept
                and isinstance(node.func.value.value, ast.Attribute)
                and node.func.value.value.attr == "cache"
            ):
                found.append(f"{rel}:{node.lineno} clears cache.{node.func.value.attr}")
    assert found == []

"""One home per concept (issue 20): the board's sides, the table's copy.

Structural checks: each fails when a second definition or a forgotten field comes back.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from verlies.board import DELTA, DIRECTIONS, OPPOSITE, SIDES

ROOT = Path(__file__).resolve().parents[2] / "verlies"


def test_sides_are_the_directions() -> None:
    assert [s[0] for s in SIDES] == list(DIRECTIONS)
    for bit, dx, dy, opp in SIDES:
        assert (dx, dy) == DELTA[bit] and opp == OPPOSITE[bit]
        assert DELTA[opp] == (-dx, -dy)


def test_the_four_sides_are_defined_once() -> None:
    """No module but verlies/board.py spells out the four sides' offsets."""
    # north's offset, then east's within a few characters: "(0, -1), (1, 0)",
    # "{N: (0, -1), E: (1, 0)", "(1, "N", 0, -1),\n    (2, "E", 1, 0)"
    north = re.compile(r"0,\s*-1\s*\)[^()]{0,24}\(?[^()]{0,12}?\b1,\s*0\s*\)")
    for table in ("((0, -1), (1, 0), (0, 1))", '(1, "N", 0, -1),\n    (2, "E", 1, 0),'):
        assert north.search(table)  # the forms the copies had
    assert not north.search("self.pan(0, -1)")
    found = []
    for path in ROOT.rglob("*.py"):
        rel = path.relative_to(ROOT).as_posix()
        if rel == "board.py":
            continue
        if north.search(path.read_text(encoding="utf-8")):
            found.append(rel)
    assert found == []


def _played_table() -> Any:
    from verlies.game import Game
    from verlies.observe import Counters

    game = Game.new(players=3, seed=11)
    game.observe(Counters(3))
    while not game.is_over and game.round < 12:
        if game.is_chance:
            game.roll()
        else:
            game.apply(game.legal_actions()[-1])
    return game.state


def test_every_field_of_the_table_is_shared_or_copied() -> None:
    """A new field of ``Table`` fails here until ``copy_into`` says how it is copied."""
    from verlies.state import COPIED_FIELDS, SHARED_FIELDS

    table = _played_table()
    assert not set(SHARED_FIELDS) & set(COPIED_FIELDS)
    assert set(vars(table)) == set(SHARED_FIELDS) | set(COPIED_FIELDS)


def test_shared_fields_hold_values_and_copied_ones_are_new() -> None:
    from verlies.cards.model import DungeonCard
    from verlies.state import COPIED_FIELDS, SHARED_FIELDS
    from verlies.variants import Variants

    table = _played_table()
    copy = table.copy()
    values = (int, str, bool, tuple, frozenset, type(None), Variants, DungeonCard)
    for name in SHARED_FIELDS:
        mine, its = getattr(table, name), getattr(copy, name)
        assert its is mine, name
        # a value nobody changes in place: immutable, or the deck
        assert isinstance(mine, values) or name == "deck", name
    for name in COPIED_FIELDS:
        mine, its = getattr(table, name), getattr(copy, name)
        if name == "observer":
            assert mine is not None and its is None  # a copy plays on silently
            continue
        assert its is not mine, name
        assert type(its) is type(mine), name
    assert [f.coins for f in copy.figures] == [f.coins for f in table.figures]
    assert copy.board == table.board and copy.stack == table.stack


def test_legal_signatures_name_their_types() -> None:
    """Issue 20, item 4: no ``Any`` in ``verlies.legal``'s signatures (a checked type
    says what goes in and out: actions, outcomes, or any object to be judged)."""
    import inspect

    import verlies.legal as legal

    checked = 0
    for name, obj in vars(legal).items():
        if inspect.isfunction(obj) and obj.__module__ == legal.__name__:
            for where, note in obj.__annotations__.items():
                assert "Any" not in str(note), f"{name}: {where}: {note}"
            checked += 1
        elif inspect.isclass(obj) and obj.__module__ == legal.__name__:
            for where, note in getattr(obj, "__annotations__", {}).items():
                assert "Any" not in str(note), f"{name}.{where}: {note}"
    assert checked >= 8


def test_frame_kinds_are_words_with_their_old_strings() -> None:
    """Issue 20, item 4: frame kinds are an enum named in words; each member is the old
    short string, so word tables and saved observations keyed by it still match."""
    from verlies import frames
    from verlies.frames import KINDS, Frame, FrameKind

    assert FrameKind.OBSTACLE_ROLL == "oroll" and FrameKind.MONSTER_ROLL == "mroll"
    assert {f"{k}" for k in FrameKind} >= {"turn", "place", "troll", "froll", "over"}
    defined = list(vars(frames).values())
    classes = {c for c in defined if isinstance(c, type) and issubclass(c, Frame)} - {Frame}
    assert set(KINDS) == classes  # every frame has its kind
    assert len(set(KINDS.values())) == len(KINDS)  # and no two share one


def test_pending_kinds_are_frame_kinds() -> None:
    from verlies.frames import FrameKind
    from verlies.game import Game

    game = Game.new(players=2, seed=2)
    seen = set()
    while not game.is_over and game.round < 20:
        kind = game.pending_context().kind
        assert type(kind) is FrameKind and game.pending is kind
        seen.add(kind)
        if game.is_chance:
            game.roll()
        else:
            game.apply(game.legal_actions()[0])
    assert {FrameKind.TURN, FrameKind.PLACE, FrameKind.DRAW} <= seen
    if game.is_over:
        assert game.pending_context().kind is FrameKind.OVER


def test_the_table_has_one_class_and_one_name() -> None:
    """Issue 20: a game's state is a ``verlies.state.Table``, not a subclass under another
    name; the rules are functions of it, and no module names a ``State`` class."""
    import re

    import verlies.rules as rules
    from verlies.game import Game
    from verlies.state import Table

    game = Game.new(players=2, seed=3)
    assert type(game.state) is Table and type(game.clone().state) is Table
    assert not hasattr(rules, "State")
    assert Table.__subclasses__() == []
    state_class = re.compile(r"^class State\b", re.M)
    assert [p.name for p in ROOT.rglob("*.py") if state_class.search(p.read_text("utf-8"))] == []

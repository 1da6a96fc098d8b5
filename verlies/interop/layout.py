"""The observation's layout, declared once: its fields, its blocks in order, their sizes.

What the encoding's arrays mean, as data (no game is read here): the cell channels of
the board window, a figure's row, the public counts (info), the decision now (pending),
and :data:`OBSERVATION_LAYOUT`, the table of the observation's blocks in order with their
shapes, scales, sources and contents. :func:`lay_out` turns the table into offsets for a
deck; :mod:`verlies.interop.observation` has one writer per block; docs/ai.md shows the
table (:func:`layout_table`).

>>> [s.name for s in OBSERVATION_LAYOUT]
['board', 'figures', 'hand', 'info', 'pending', 'shown', 'piles']
>>> blocks, size = lay_out({"treasures": 2, "pile fields": 3})
>>> [(b.name, b.start, b.size) for b in blocks][2:4]
[('hand', 1907, 4), ('info', 1911, 20)]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from verlies.board import SIDES, Pos
from verlies.cards.model import Attr, ObstacleClass, TileKind

__all__ = [
    "CELL_CHANNELS",
    "FIGURE_FIELDS",
    "FRAME_KINDS",
    "INFO_FIELDS",
    "MAX_SEATS",
    "OBSERVATION_LAYOUT",
    "PENDING_FIELDS",
    "SIDE",
    "WINDOW",
    "Block",
    "Section",
    "lay_out",
    "layout_table",
]

#: Frame kinds of ``Game.pending_context()``, in the order of the observation's one-hot.
FRAME_KINDS: tuple[str, ...] = (
    "turn",
    "place",
    "obstacle",
    "oroll",
    "fight",
    "froll",
    "mroll",
    "trap",
    "troll",
    "gold",
    "lose",
    "draw",
    "room",
    "monster",
    "treasure",
    "over",
)
#: The board window: (2 * WINDOW + 1) cells a side, centred on the observing figure.
WINDOW = 4
MAX_SEATS = 4


#: The sides' steps N, E, S, W (a placement's side, a walk's base-4 digit).
DELTAS: tuple[Pos, ...] = tuple((dx, dy) for _, dx, dy, _ in SIDES)
ATTRS: tuple[Attr, ...] = tuple(Attr)
KINDS: tuple[TileKind, ...] = tuple(TileKind)
CLASSES: tuple[ObstacleClass, ...] = tuple(ObstacleClass)
KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(FRAME_KINDS)}
ATTR_INDEX: dict[Attr, int] = {a: i for i, a in enumerate(ATTRS)}
CLASS_INDEX: dict[ObstacleClass, int] = {c: i for i, c in enumerate(CLASSES)}


def unit(v: float) -> float:
    """``v`` clipped to 0..1 (in Python: a numpy call on a few numbers costs microseconds,
    numpy 2's scalar conversion included)."""
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


# Scales that keep the observation's numbers about 0..1 (not limits: larger values pass).
#: Every observation field lies in 0..1: counts and values are divided by these scales
#: and saturate at 1 beyond them (``Encoding.observation`` clips).
GOLD_SCALE = 50.0
DIE_SCALE = 12.0
HELD_SCALE = 5.0
BANK_SCALE = 48.0
#: The board window's side in cards.
SIDE = 2 * WINDOW + 1

# ---- the observation's fields, declared once (docs/ai.md lists them; describe() prints)

#: One cell of the board window: a laid card's channels, then one per figure.
CELL_CHANNELS: tuple[str, ...] = (
    "present",
    *(f"passage_{d}" for d in "NESW"),
    *(f"kind_{k.value}" for k in KINDS),
    *(f"obstacle_class_{c.value}" for c in CLASSES),
    *(f"obstacle_attr_{a.key}" for a in ATTRS),
    "obstacle_target/12",
    "gold/50",
    "collapsed",
    "opened",
    *(f"figure_of_seat+{i}" for i in range(MAX_SEATS)),
)
#: One figure's row (seats from the observer on).
FIGURE_FIELDS: tuple[str, ...] = (
    "present",
    "escaped",
    "injured",
    "coins/50",
    "treasures/5",
    "(dx/window+1)/2",
    "(dy/window+1)/2",
    *(f"value_{a.key}/12" for a in ATTRS),
    "to_move",
)
INFO_FIELDS: tuple[str, ...] = (
    "dungeon_pile/total",
    "room_pile/total",
    "monster_pile/total",
    "treasure_pile/total",
    "exits_left/total",
    "round/limit",
    "bank/48 (0 without limited_bank)",
    "my_gold/50",
    "players_in_dungeon/players",
    "drawn_present",
    *(f"drawn_passage_{d}" for d in "NESW"),
    *(f"drawn_kind_{k.value}" for k in KINDS),
    "drawn_gold/50",
    "drawn_obstacle",
)
PENDING_FIELDS: tuple[str, ...] = (
    *(f"kind_{k}" for k in FRAME_KINDS),
    "mine (this seat decides)",
    "chance (a die or a card decides)",
    *(f"attr_{a.key}" for a in ATTRS),
    *(f"obstacle_class_{c.value}" for c in CLASSES),
    *(f"monster_{a.key}/12" for a in ATTRS),
    *(f"trap_{a.key}" for a in ATTRS),
    "value/12",
    "bonus/12",
    "target/12",
    "roll/12",
    "chance_of_success",
    "dice_mean/50",
)
# Where groups of fields start (the writers index by these, not by hand-counted numbers).
CELL_KIND = CELL_CHANNELS.index(f"kind_{KINDS[0].value}")
CELL_CLASS = CELL_CHANNELS.index(f"obstacle_class_{CLASSES[0].value}")
CELL_ATTR = CELL_CHANNELS.index(f"obstacle_attr_{ATTRS[0].key}")
CELL_TARGET = CELL_CHANNELS.index("obstacle_target/12")
CELL_FIGURE = CELL_CHANNELS.index("figure_of_seat+0")  # the figures' channels: the last
INFO_DRAWN = INFO_FIELDS.index("drawn_present")
INFO_DRAWN_KIND = INFO_FIELDS.index(f"drawn_kind_{KINDS[0].value}")
PENDING_ATTR = PENDING_FIELDS.index(f"attr_{ATTRS[0].key}")
PENDING_CLASS = PENDING_FIELDS.index(f"obstacle_class_{CLASSES[0].value}")
PENDING_MONSTER = PENDING_FIELDS.index(f"monster_{ATTRS[0].key}/12")
PENDING_TRAP = PENDING_FIELDS.index(f"trap_{ATTRS[0].key}")
PENDING_VALUE = PENDING_FIELDS.index("value/12")


@dataclasses.dataclass(frozen=True, slots=True)
class Section:
    """One block of the observation as declared in :data:`OBSERVATION_LAYOUT`.

    ``shape``: numbers, or the names of counts that depend on the deck (``treasures``:
    the deck's treasure ids; ``pile fields``: see ``Encoding.pile_fields``); the block's
    size is their product. ``scale``: how its numbers are brought into 0..1; ``source``:
    what of the game they are read from; ``content``: what they are, in order."""

    name: str
    shape: tuple[int | str, ...]
    scale: str
    source: str
    content: str


#: The observation's blocks in order: :func:`lay_out` derives their offsets from this
#: table, :class:`verlies.interop.observation.Observer` has one writer per block, and
#: docs/ai.md's table is this one (``layout_table()``; tests/interop/test_interop_layout.py
#: compares them).
OBSERVATION_LAYOUT: tuple[Section, ...] = (
    Section(
        "board",
        (SIDE, SIDE, len(CELL_CHANNELS)),
        "flags; obstacle target / 12, gold / 50",
        "the laid cards (public) around the observer's figure; the figures' cards",
        "a window centred on the observing figure; per cell: present, passages N/E/S/W, "
        "card kind (start, exit, corridor, room), obstacle class A/B/C, obstacle "
        "attribute, obstacle target, gold, collapsed, opened, then one channel per figure "
        "(the observer's first, then the next seats in turn order)",
    ),
    Section(
        "figures",
        (MAX_SEATS, len(FIGURE_FIELDS)),
        "flags; coins / 50, treasures / 5, (d / 4 + 1) / 2, values / 12",
        "every figure's public facts (R9.3: of others' treasures only the number), the "
        "seat to move",
        "per seat from the observer on: present, escaped, injured, coins, treasure count, "
        "dx and dy to the observer, the character's three values, to move",
    ),
    Section(
        "hand",
        (2, "treasures"),
        "count, saturating at 1",
        "the observer's own treasures (R9.3)",
        "the observer's own treasures: unused count and used count per id",
    ),
    Section(
        "info",
        (len(INFO_FIELDS),),
        "shares of the piles' totals; round / limit, bank / 48, gold / 50",
        "pile sizes, exits in the pile (R1.6), round, bank (R10), own gold (R9.1), the "
        "drawn card (R3.1)",
        "pile sizes (dungeon, rooms, monsters, treasures), exits left, round, the bank, "
        "own gold, share of figures inside, the drawn card (present, passages, kind, gold, "
        "obstacle)",
    ),
    Section(
        "pending",
        (len(PENDING_FIELDS),),
        "flags; values / 12, chance 0..1, dice mean / 50",
        "Game.pending_context(): the decision or chance point now",
        f'the frame kind ({len(FRAME_KINDS)}, one-hot), "mine", "chance", the attribute '
        "tested, the obstacle class, the monster's values per attribute, the trap's "
        "attributes, value, bonus, target, roll, the exact chance of success, the gold "
        "dice's mean",
    ),
    Section(
        "shown",
        (MAX_SEATS, "treasures"),
        "count, saturating at 1",
        "the treasures shown when used (R9.5)",
        "per seat from the observer on: its **used** treasures, count per id (R9.3, "
        "R9.5: a treasure is shown when used)",
    ),
    Section(
        "piles",
        ("pile fields",),
        "count / the deck's count of that card",
        "the public piles' contents (R2.3); lost treasures under the treasure pile (R9.4)",
        "per card id (ids sorted): the dungeon pile, the room pile and the room discards, "
        "the monster pile and the monster discards, then the number of lost treasures "
        "under the treasure pile over the treasure deck's size",
    ),
)


def layout_table() -> str:
    """``OBSERVATION_LAYOUT`` as the Markdown table docs/ai.md shows."""
    lines = ["| block | size | scale | source | content |", "| --- | --- | --- | --- | --- |"]
    for sec in OBSERVATION_LAYOUT:
        size = " × ".join(str(d) for d in sec.shape)
        lines.append(f"| {sec.name} | {size} | {sec.scale} | {sec.source} | {sec.content} |")
    return "\n".join(lines)


@dataclasses.dataclass(frozen=True, slots=True)
class Block:
    """One named part of a flat layout: ``[start, start + size)``."""

    name: str
    start: int
    size: int
    meaning: str


def lay_out(counts: Mapping[str, int]) -> tuple[tuple[Block, ...], int]:
    """The blocks of :data:`OBSERVATION_LAYOUT` in order, with their offsets, and the
    observation's size; ``counts`` gives the named dimensions (``treasures``, ``pile
    fields``) for one deck."""
    blocks: list[Block] = []
    start = 0
    for sec in OBSERVATION_LAYOUT:
        size = 1
        for dim in sec.shape:
            size *= dim if isinstance(dim, int) else counts[dim]
        shape = " x ".join(str(d) for d in sec.shape)
        blocks.append(Block(sec.name, start, size, f"{shape}: {sec.content}"))
        start += size
    return tuple(blocks), start

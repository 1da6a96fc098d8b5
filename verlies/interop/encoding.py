"""A fixed encoding of verlies for game-AI tools: action indices, chance ids, observations.

Frameworks (OpenSpiel, PettingZoo, RL libraries) want a fixed number of actions, each a
number, a mask of the legal ones, and an observation array of a fixed shape. Verlies'
actions are values with absolute coordinates and card ids; :class:`Encoding` numbers
them once per deck, player count and variants:

* placements and walks are **relative to the acting figure** (the side of its card the
  new card goes to; the directions of each step), so the same index means the same move
  wherever the figure stands;
* treasures are numbered by their id in the deck;
* chance outcomes (die rolls, gold totals, drawn cards) have their own ids
  ``0 .. max_chance_outcomes - 1``;
* :meth:`Encoding.observation` is what one seat may see (R9.3, built from
  ``game.view(seat)`` and the public pending decision): never another seat's treasures.

The layouts are listed in docs/ai.md and by :meth:`Encoding.describe`.

>>> from verlies.game import Game
>>> g = Game.new(players=2, seed=7)
>>> enc = Encoding.for_game(g)
>>> [enc.index_to_action(g, i).label for i in enc.legal_indices(g)]
['draw a dungeon card']
>>> enc.observation(g, 0).shape == (enc.observation_size,)
True
"""

from __future__ import annotations

import dataclasses
from array import array
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from verlies.actions import (
    Action,
    Attempt,
    Card,
    Choose,
    Decline,
    Draw,
    LoseGold,
    LoseTreasure,
    Outcome,
    Place,
    Recover,
    Roll,
    ShuffleBack,
    UseHeal,
    Wait,
    Walk,
)
from verlies.board import DIRECTIONS, SIDES, Pos
from verlies.cards.model import Attr, MonsterCard, ObstacleClass, RoomCard, TileKind, TreasureCard
from verlies.dice import Dice
from verlies.errors import VerliesError
from verlies.game import Game
from verlies.state import Figure, Table
from verlies.variants import Variants
from verlies.views import (
    DieTest,
    FightDecision,
    FightRolling,
    GoldRolling,
    Losing,
    MonsterRolling,
    ObstacleTest,
    Pending,
    TrapDecision,
    TrapRolling,
)

__all__ = [
    "CELL_CHANNELS",
    "FIGURE_FIELDS",
    "FRAME_KINDS",
    "INFO_FIELDS",
    "OBSERVATION_LAYOUT",
    "PENDING_FIELDS",
    "WINDOW",
    "Encoding",
    "EncodingError",
    "Section",
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

_DELTAS: tuple[Pos, ...] = tuple((dx, dy) for _, dx, dy, _ in SIDES)  # N, E, S, W
_DIR_OF: dict[Pos, int] = {d: i for i, d in enumerate(_DELTAS)}
_ATTRS: tuple[Attr, ...] = tuple(Attr)
_KINDS: tuple[TileKind, ...] = tuple(TileKind)
_CLASSES: tuple[ObstacleClass, ...] = tuple(ObstacleClass)
# Actions without arguments, at the first indices.
_SIMPLE: tuple[Action, ...] = (
    Draw(),
    ShuffleBack(),
    Wait(),
    Recover(),
    Decline(),
    LoseGold(),
    Attempt(),
)
_SIMPLE_INDEX: dict[Action, int] = {a: i for i, a in enumerate(_SIMPLE)}
_ONE = np.float32(1.0)
_KIND_INDEX: dict[str, int] = {k: i for i, k in enumerate(FRAME_KINDS)}
_ATTR_INDEX: dict[Attr, int] = {a: i for i, a in enumerate(_ATTRS)}
_CLASS_INDEX: dict[ObstacleClass, int] = {c: i for i, c in enumerate(_CLASSES)}


def _unit(v: float) -> float:
    """``v`` clipped to 0..1 (in Python: a numpy call on a few numbers costs microseconds,
    numpy 2's scalar conversion included)."""
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


# Scales that keep the observation's numbers about 0..1 (not limits: larger values pass).
#: Every observation field lies in 0..1: counts and values are divided by these scales
#: and saturate at 1 beyond them (``Encoding.observation`` clips).
_GOLD_SCALE = 50.0
_DIE_SCALE = 12.0
_HELD_SCALE = 5.0
_BANK_SCALE = 48.0
#: The board window's side in cards.
SIDE = 2 * WINDOW + 1

# ---- the observation's fields, declared once (docs/ai.md lists them; describe() prints)

#: One cell of the board window: a laid card's channels, then one per figure.
CELL_CHANNELS: tuple[str, ...] = (
    "present",
    *(f"passage_{d}" for d in "NESW"),
    *(f"kind_{k.value}" for k in _KINDS),
    *(f"obstacle_class_{c.value}" for c in _CLASSES),
    *(f"obstacle_attr_{a.key}" for a in _ATTRS),
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
    *(f"value_{a.key}/12" for a in _ATTRS),
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
    *(f"drawn_kind_{k.value}" for k in _KINDS),
    "drawn_gold/50",
    "drawn_obstacle",
)
PENDING_FIELDS: tuple[str, ...] = (
    *(f"kind_{k}" for k in FRAME_KINDS),
    "mine (this seat decides)",
    "chance (a die or a card decides)",
    *(f"attr_{a.key}" for a in _ATTRS),
    *(f"obstacle_class_{c.value}" for c in _CLASSES),
    *(f"monster_{a.key}/12" for a in _ATTRS),
    *(f"trap_{a.key}" for a in _ATTRS),
    "value/12",
    "bonus/12",
    "target/12",
    "roll/12",
    "chance_of_success",
    "dice_mean/50",
)
# Where groups of fields start (the writers index by these, not by hand-counted numbers).
_CELL_KIND = CELL_CHANNELS.index(f"kind_{_KINDS[0].value}")
_CELL_CLASS = CELL_CHANNELS.index(f"obstacle_class_{_CLASSES[0].value}")
_CELL_ATTR = CELL_CHANNELS.index(f"obstacle_attr_{_ATTRS[0].key}")
_CELL_TARGET = CELL_CHANNELS.index("obstacle_target/12")
_CELL_FIGURE = CELL_CHANNELS.index("figure_of_seat+0")  # the figures' channels: the last
_INFO_DRAWN = INFO_FIELDS.index("drawn_present")
_INFO_DRAWN_KIND = INFO_FIELDS.index(f"drawn_kind_{_KINDS[0].value}")
_PENDING_ATTR = PENDING_FIELDS.index(f"attr_{_ATTRS[0].key}")
_PENDING_CLASS = PENDING_FIELDS.index(f"obstacle_class_{_CLASSES[0].value}")
_PENDING_MONSTER = PENDING_FIELDS.index(f"monster_{_ATTRS[0].key}/12")
_PENDING_TRAP = PENDING_FIELDS.index(f"trap_{_ATTRS[0].key}")
_PENDING_VALUE = PENDING_FIELDS.index("value/12")


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


#: The observation's blocks in order: ``Encoding`` derives its offsets from this table,
#: ``observation`` has one writer per block, and docs/ai.md's table is this one
#: (``layout_table()``; tests/test_interop_layout.py compares them).
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


class EncodingError(VerliesError):
    """An action, outcome or game this encoding cannot number (e.g. after a live deck edit
    that brought new cards: the action space is fixed when the encoding is made)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Block:
    """One named part of a flat layout: ``[start, start + size)``."""

    name: str
    start: int
    size: int
    meaning: str


def _dice_in(value: Any) -> Iterator[Dice]:
    """Every dice expression inside a card (room gold, monster loot...)."""
    if isinstance(value, Dice):
        yield value
    elif isinstance(value, tuple):
        for v in value:
            yield from _dice_in(v)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _dice_in(getattr(value, f.name))


#: The pending values whose fields ``Encoding._pending_block`` reads (kept in step with
#: it). The block of any other (a turn, a placement, a draw) is a function of its kind,
#: "mine" and "chance" alone, and a frame type always makes one type of pending value of
#: one kind (``views.pending_of``), so such a block is kept by the frame's type.
_FIELDS_READ = (
    DieTest,
    FightDecision,
    FightRolling,
    MonsterRolling,
    TrapDecision,
    TrapRolling,
    Losing,
    GoldRolling,
)


class _Kept:
    """One seat's observation buffer, written through a memoryview (a float written
    through one costs about half of numpy's item or slice assignment), and the key each
    block was last written from."""

    __slots__ = (
        "buf",
        "mv",
        "board",
        "window",
        "marks",
        "marked",
        "rows",
        "deck",
        "cp",
        "treasures",
        "info",
        "pending",
        "piles",
    )

    def __init__(self, size: int, board: tuple[int, int]) -> None:
        self.buf: npt.NDArray[np.float32] = np.zeros(size, dtype=np.float32)
        self.mv = memoryview(self.buf.data).cast("B").cast("f")
        self.board = self.buf[board[0] : board[1]].reshape(SIDE, SIDE, len(CELL_CHANNELS))
        self.window: Any = None  # (board version, the observer's card)
        self.marks: Any = None  # the figures' cards in the window (None: escaped)
        self.marked: list[int] = []  # where the figures' marks are in buf
        self.rows: Any = ()  # each figure's row key
        self.deck: Any = None  # the deck the rows' characters are of
        self.cp: int | None = None
        self.treasures: Any = None  # every figure's treasures (ids, used)
        self.info: Any = None
        self.pending: Any = None
        self.piles: Any = None


class Encoding:
    """Numbers for one deck, player count and variants. Make one with :meth:`for_game`."""

    def __init__(self, deck: Any, players: int, variants: Variants | None = None) -> None:
        variants = variants or Variants()
        self.deck = deck
        self.players = players
        self.variants = variants
        self.max_walk = 3 if variants.long_walk else 2
        self.treasure_ids: tuple[str, ...] = tuple(sorted(deck.treasures))
        self._treasure_index = {t: i for i, t in enumerate(self.treasure_ids)}
        self._number_actions()
        self._number_outcomes()
        self._lay_out_observation()
        self._scales()
        self._keep_nothing_yet()
        # Decks already checked (kept alive so that their ids stay theirs).
        self._checked_decks: dict[int, Any] = {id(deck): deck}

    def _number_actions(self) -> None:
        """The action blocks (``action_blocks``, ``num_actions``)."""
        t = len(self.treasure_ids)

        # ---- actions: [simple | place | walk | use_heal | attempt+ | choose | lose_treasure]
        blocks: list[Block] = []
        pos = 0

        def block(name: str, size: int, meaning: str) -> int:
            nonlocal pos
            blocks.append(Block(name, pos, size, meaning))
            pos += size
            return pos - size

        self._simple = block("simple", len(_SIMPLE), ", ".join(a.kind for a in _SIMPLE))
        self._place = block("place", 4 * 16, "side of the figure's card (N,E,S,W) x 16 + mask")
        self._walk_offsets: list[int] = []
        for k in range(1, self.max_walk + 1):
            self._walk_offsets.append(
                block(
                    f"walk{k}",
                    4**k,
                    f"{k} step{'s' if k > 1 else ''}: directions N,E,S,W as base-4 digits",
                )
            )
        self._heal = block("use_heal", t, "treasure id (sorted)")
        self._attempt = block("attempt_with", t, "treasure id (sorted)")
        self._choose = block("choose", len(_ATTRS) * (1 + t), "attr x (no treasure, ids)")
        self._lose = block("lose_treasure", t, "treasure id (sorted)")
        self.action_blocks: tuple[Block, ...] = tuple(blocks)
        self.num_actions = pos

    def _number_outcomes(self) -> None:
        """The chance outcomes: roll values, then card ids (``max_chance_outcomes``)."""
        deck = self.deck
        # ---- chance outcomes: [roll values lo..hi | card ids (all decks, sorted)]
        lo, hi = 1, 6
        for card in (*deck.rooms.values(), *deck.monsters.values(), *deck.treasures.values()):
            for d in _dice_in(card):
                values = d.distribution()
                lo, hi = min(lo, min(values)), max(hi, max(values))
        self.roll_range = (lo, hi)
        self.card_ids: tuple[str, ...] = tuple(
            sorted({*deck.dungeon, *deck.rooms, *deck.monsters, *deck.treasures})
        )
        self._card_index = {c: hi - lo + 1 + i for i, c in enumerate(self.card_ids)}
        self.max_chance_outcomes = hi - lo + 1 + len(self.card_ids)

    def _lay_out_observation(self) -> None:
        """The observation's blocks from ``OBSERVATION_LAYOUT`` (``observation_blocks``)."""
        deck = self.deck
        t = len(self.treasure_ids)
        # ---- observation: the blocks of OBSERVATION_LAYOUT
        self.cell_channels = CELL_CHANNELS
        self.figure_fields = FIGURE_FIELDS
        self.info_fields = INFO_FIELDS
        self.pending_fields = PENDING_FIELDS
        # R2.3: every pile's content is public (laid, resolved and discarded cards are face
        # up), only its order is hidden; the treasure pile is the exception (R9.3: its
        # cards are drawn face down), so of it only the size (info) and the number of lost
        # treasures under it (R9.4, given up face down) are shown.
        self.dungeon_ids: tuple[str, ...] = tuple(sorted(deck.dungeon))
        self.room_ids: tuple[str, ...] = tuple(sorted(deck.rooms))
        self.monster_ids: tuple[str, ...] = tuple(sorted(deck.monsters))
        self.pile_fields: tuple[str, ...] = (
            *(f"dungeon_pile[{c}]/count" for c in self.dungeon_ids),
            *(f"room_pile[{c}]/count" for c in self.room_ids),
            *(f"room_discard[{c}]/count" for c in self.room_ids),
            *(f"monster_pile[{c}]/count" for c in self.monster_ids),
            *(f"monster_discard[{c}]/count" for c in self.monster_ids),
            "lost_treasures_under_the_pile/treasures",
        )
        counts = {"treasures": t, "pile fields": len(self.pile_fields)}
        obs: list[Block] = []
        opos = 0
        for sec in OBSERVATION_LAYOUT:
            size = 1
            for dim in sec.shape:
                size *= dim if isinstance(dim, int) else counts[dim]
            shape = " x ".join(str(d) for d in sec.shape)
            obs.append(Block(sec.name, opos, size, f"{shape}: {sec.content}"))
            opos += size
        self.observation_blocks: tuple[Block, ...] = tuple(obs)
        self.observation_size = opos
        at = {b.name: (b.start, b.start + b.size) for b in obs}
        self._at_board = at["board"]
        self._at_figures = at["figures"]
        self._at_hand = at["hand"]
        self._at_info = at["info"]
        self._at_pending = at["pending"]
        self._at_shown = at["shown"]
        self._at_piles = at["piles"]

    def _scales(self) -> None:
        """What the writers divide by: each count's scale to 0..1."""
        deck, players = self.deck, self.players
        # Scales: each pile count over the deck's count of that card (at least 1): 0..1.
        dungeon_pile = deck.dungeon_pile(players)
        self._pile_scale: list[float] = [
            *(max(1, dungeon_pile.get(c, 0)) for c in self.dungeon_ids),
            *(max(1, deck.room_counts.get(c, 0)) for c in self.room_ids),
            *(max(1, deck.room_counts.get(c, 0)) for c in self.room_ids),
            *(max(1, deck.monster_counts.get(c, 0)) for c in self.monster_ids),
            *(max(1, deck.monster_counts.get(c, 0)) for c in self.monster_ids),
            max(1, sum(deck.treasure_counts.values())),
        ]
        nd, nr, nm = len(self.dungeon_ids), len(self.room_ids), len(self.monster_ids)
        # Where each of the five counted piles starts in the block (_piles_block).
        self._pile_offsets = (0, nd, nd + nr, nd + 2 * nr, nd + 2 * nr + nm)
        self._pile_index = (
            {c: i for i, c in enumerate(self.dungeon_ids)},
            {c: i for i, c in enumerate(self.room_ids)},
            {c: i for i, c in enumerate(self.monster_ids)},
        )
        self._totals = (
            max(1, sum(dungeon_pile.values())),
            max(1, sum(deck.room_counts.values())),
            max(1, sum(deck.monster_counts.values())),
            max(1, sum(deck.treasure_counts.values())),
        )
        exit_ids = [c for c, card in deck.dungeon.items() if card.kind is TileKind.EXIT]
        self._exits_total = max(1, sum(dungeon_pile.get(c, 0) for c in exit_ids))

    def _keep_nothing_yet(self) -> None:
        """The writers' kept values (each a function of its key alone), empty."""
        # What the writers keep (observation): each a function of its key alone.
        self._piles_cache: tuple[Any, npt.NDArray[np.float32]] | None = None
        self._laid_cache: tuple[Any, int, int, npt.NDArray[np.float32]] | None = None
        self._laid_tiles: dict[Pos, Any] = {}  # the tiles the kept grid shows
        self._character_cache: dict[int, tuple[Any, tuple[float, ...]]] = {}
        self._tile_cache: dict[int, tuple[Any, npt.NDArray[np.float32]]] = {}
        self._drawn_cache: dict[int, tuple[Any, array[float]]] = {}  # by the drawn card
        # The pending block by (Pending value, mine, chance).
        self._pending_cache: dict[tuple[Any, bool, bool], array[float]] = {}
        # ... and of a frame whose block is its kind's alone by (its type, mine, chance).
        self._bare_pending: dict[tuple[type, bool, bool], array[float]] = {}
        # A figure's row (to_move left out) by its public facts relative to the observer.
        self._row_cache: dict[tuple[Any, ...], tuple[Any, array[float]]] = {}
        # Per seat: the buffer the observation is kept in and the blocks' keys.
        self._kept: dict[int, _Kept] = {}

    @property
    def observation_shape(self) -> tuple[int]:
        return (self.observation_size,)

    def __deepcopy__(self, memo: dict[int, Any]) -> Encoding:
        return self  # fixed numbers: a copied framework state shares them

    @classmethod
    def for_game(cls, game: Game) -> Encoding:
        """The encoding of ``game``'s setup (its deck at the start, players, variants)."""
        return cls(game.setup.deck, game.players, game.variants)

    # ---- live deck edits ------------------------------------------------------------

    def check(self, game: Game) -> None:
        """Raise EncodingError if ``game`` no longer fits this encoding (another player
        count or walk length, or a live deck edit that brought cards or dice it cannot
        number). Edits within the numbered cards (counts, texts) are fine."""
        if game.players != self.players or (3 if game.variants.long_walk else 2) != (self.max_walk):
            raise EncodingError(
                f"this encoding is for {self.players} players and walks of up to "
                f"{self.max_walk} cards; make a new one with Encoding.for_game(game)"
            )
        deck = game.deck
        if id(deck) in self._checked_decks:
            return
        new_treasures = sorted(set(deck.treasures) - set(self.treasure_ids))
        if new_treasures:
            raise EncodingError(
                "a live deck edit added treasures " + ", ".join(new_treasures) + ": the "
                "action space was fixed when this encoding was made; start a new game "
                "(and a new Encoding) with the edited deck"
            )
        new_cards = sorted(
            {*deck.dungeon, *deck.rooms, *deck.monsters, *deck.treasures} - set(self.card_ids)
        )
        if new_cards:
            raise EncodingError(
                "a live deck edit added cards " + ", ".join(new_cards) + ": the chance "
                "outcomes were fixed when this encoding was made; start a new game (and a "
                "new Encoding) with the edited deck"
            )
        lo, hi = self.roll_range
        cards: list[RoomCard | MonsterCard | TreasureCard] = [
            *deck.rooms.values(),
            *deck.monsters.values(),
            *deck.treasures.values(),
        ]
        for card in cards:
            for d in _dice_in(card):
                values = d.distribution()
                if min(values) < lo or max(values) > hi:
                    raise EncodingError(
                        f"a live deck edit gave {card.id} the dice {d}, outside the rolls "
                        f"{lo}..{hi} this encoding numbers; start a new game with that deck"
                    )
        self._checked_decks[id(deck)] = deck

    # ---- actions ----------------------------------------------------------------------

    def _treasure(self, tid: str) -> int:
        try:
            return self._treasure_index[tid]
        except KeyError:
            raise EncodingError(
                f"treasure {tid!r} is not in the deck this encoding was made for "
                "(a live deck edit changes the action space: make a new Encoding)"
            ) from None

    @staticmethod
    def _origin(game: Game) -> Pos:
        return game.figures[game.seat].pos

    def action_to_index(self, game: Game, action: Action) -> int:
        """The index of ``action`` for the figure to move in ``game`` now."""
        simple = _SIMPLE_INDEX.get(action)
        if simple is not None:
            return self._simple + simple
        if isinstance(action, Attempt):
            assert action.treasure is not None  # Attempt() is a simple action
            return self._attempt + self._treasure(action.treasure)
        if isinstance(action, Place):
            x, y = self._origin(game)
            side = _DIR_OF.get((action.x - x, action.y - y))
            if side is None or not 0 <= action.mask < 16:
                raise EncodingError(f"{action.label}: not next to the figure's card")
            return self._place + side * 16 + action.mask
        if isinstance(action, Walk):
            if not 1 <= len(action.path) <= self.max_walk:
                raise EncodingError(f"{action.label}: walks have 1..{self.max_walk} steps")
            here = self._origin(game)
            code = 0
            for p in action.path:
                d = _DIR_OF.get((p[0] - here[0], p[1] - here[1]))
                if d is None:
                    raise EncodingError(f"{action.label}: steps must be to neighbouring cards")
                code = code * 4 + d
                here = p
            return self._walk_offsets[len(action.path) - 1] + code
        if isinstance(action, UseHeal):
            return self._heal + self._treasure(action.treasure)
        if isinstance(action, Choose):
            a = _ATTRS.index(action.attr)
            t = 0 if action.treasure is None else 1 + self._treasure(action.treasure)
            return self._choose + a * (1 + len(self.treasure_ids)) + t
        if isinstance(action, LoseTreasure):
            return self._lose + self._treasure(action.treasure)
        raise EncodingError(f"not an action this encoding numbers: {action!r}")

    def index_to_action(self, game: Game, index: int) -> Action:
        """The action of ``index`` for the figure to move in ``game`` now (legal or not)."""
        if not 0 <= index < self.num_actions:
            raise EncodingError(f"action index {index} is outside 0..{self.num_actions - 1}")
        t = len(self.treasure_ids)
        if index < self._place:
            return _SIMPLE[index - self._simple]
        if index < self._walk_offsets[0]:
            side, mask = divmod(index - self._place, 16)
            x, y = self._origin(game)
            dx, dy = _DELTAS[side]
            return Place(x + dx, y + dy, mask)
        if index < self._heal:
            k = max(i for i, off in enumerate(self._walk_offsets) if index >= off) + 1
            code = index - self._walk_offsets[k - 1]
            dirs = []
            for _ in range(k):
                code, d = divmod(code, 4)
                dirs.append(d)
            here = self._origin(game)
            path = []
            for d in reversed(dirs):
                here = (here[0] + _DELTAS[d][0], here[1] + _DELTAS[d][1])
                path.append(here)
            return Walk(tuple(path))
        if index < self._attempt:
            return UseHeal(self.treasure_ids[index - self._heal])
        if index < self._choose:
            return Attempt(self.treasure_ids[index - self._attempt])
        if index < self._lose:
            a, k = divmod(index - self._choose, 1 + t)
            return Choose(_ATTRS[a], None if k == 0 else self.treasure_ids[k - 1])
        return LoseTreasure(self.treasure_ids[index - self._lose])

    def legal_indices(self, game: Game) -> list[int]:
        """The legal actions' indices, ascending (empty at chance points and the end)."""
        if game.is_chance or game.is_over:
            return []
        self.check(game)
        return sorted(self.action_to_index(game, a) for a in game.legal_actions())

    def legal_action_mask(self, game: Game) -> npt.NDArray[np.int8]:
        """1 at the legal actions' indices, 0 elsewhere (length ``num_actions``)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[self.legal_indices(game)] = 1
        return mask

    # ---- chance outcomes ----------------------------------------------------------

    def outcome_to_index(self, outcome: Outcome) -> int:
        lo, hi = self.roll_range
        if isinstance(outcome, Roll):
            if not lo <= outcome.value <= hi:
                raise EncodingError(f"roll {outcome.value} is outside {lo}..{hi}")
            return outcome.value - lo
        if isinstance(outcome, Card):
            try:
                return self._card_index[outcome.card]
            except KeyError:
                raise EncodingError(
                    f"card {outcome.card!r} is not in the deck this encoding was made for"
                ) from None
        raise EncodingError(f"not a chance outcome: {outcome!r}")

    def index_to_outcome(self, index: int) -> Outcome:
        lo, hi = self.roll_range
        if not 0 <= index < self.max_chance_outcomes:
            raise EncodingError(
                f"chance outcome {index} is outside 0..{self.max_chance_outcomes - 1}"
            )
        if index <= hi - lo:
            return Roll(lo + index)
        return Card(self.card_ids[index - (hi - lo + 1)])

    def chance_outcomes(self, game: Game) -> list[tuple[int, float]]:
        """At a chance point: (outcome id, probability) pairs, ids ascending."""
        if not game.is_chance:
            return []
        self.check(game)
        return sorted((self.outcome_to_index(o), float(p)) for o, p in game.chance_outcomes())

    # ---- observations ---------------------------------------------------------------

    def observation(self, game: Game, seat: int) -> npt.NDArray[np.float32]:
        """What ``seat`` may see, as a flat float32 array (layout: ``OBSERVATION_LAYOUT``,
        offsets in ``observation_blocks``).

        Built from what ``game.view(seat)`` shows (R9.3: others' unused treasures only as
        a count), the public pending decision, the treasures shown when used (R9.5) and
        the public piles' contents (R2.3; of the treasure pile only its size and the lost
        cards' number): equal for two games that differ only in what this seat cannot see.

        Each call returns a new array of its own (the caller may keep it: no later call
        changes it). Made incrementally: the encoding keeps one buffer per seat; each
        block's writer compares the key the block is a function of with the one it was
        last written from and rewrites only what changed, so the buffer is right whatever
        game (or clone) asked last; ``tests/test_interop_observation_fast.py`` checks it
        against a build from nothing at every step.
        """
        state = game.state
        kept = self._kept.get(seat)
        if kept is None:
            kept = self._kept[seat] = _Kept(self.observation_size, self._at_board)
        figures = state.figures
        order = figures[seat:] + figures[:seat]  # seats from the observer on
        # Read once for the writers that key by them (both are properties).
        version = state.board_version
        cp = state.current_player
        self._write_board(kept, state, order, version)
        self._write_figures(kept, state, order, seat, cp)
        self._write_treasures(kept, order)
        self._write_info(kept, state, figures[seat])
        self._write_pending(kept, game, state, seat, cp, version)
        self._write_piles(kept, state)
        return kept.buf.copy()

    # ---- the blocks' writers (one per block of OBSERVATION_LAYOUT) -------------------

    def _write_board(self, kept: _Kept, state: Table, order: list[Figure], version: object) -> None:
        """board: the laid cards' channels around the observer (a slice of the kept
        grid, by board version and the observer's card), then each figure's mark."""
        me = order[0].pos
        window = kept.window
        if window is None or window[0] is not version or window[1] != me:
            self._board_into(kept.board, state, me)  # the figures' channels 0
            kept.window = (version, me)
            kept.marks = None
        marks = tuple([None if f.escaped else f.pos for f in order])
        if marks == kept.marks:
            return
        mv = kept.mv
        for i in kept.marked:
            mv[i] = 0.0
        nch = len(CELL_CHANNELS)
        at = self._at_board[0]
        marked = []
        for rel, pos in enumerate(marks):
            if pos is not None:
                cx, cy = pos[0] - me[0] + WINDOW, pos[1] - me[1] + WINDOW
                if 0 <= cx < SIDE and 0 <= cy < SIDE:
                    i = at + (cy * SIDE + cx) * nch + _CELL_FIGURE + rel
                    mv[i] = 1.0
                    marked.append(i)
        kept.marks = marks
        kept.marked = marked

    def _write_figures(
        self, kept: _Kept, state: Table, order: list[Figure], seat: int, cp: int
    ) -> None:
        """figures: each figure's row (kept by its public facts relative to the observer
        and its character's id, while the deck is the one kept: a live edit gives the id
        another card; a kept row is checked to be of the deck's card), then to_move."""
        mx, my = order[0].pos
        deck = state.deck
        keys = tuple(
            [
                (
                    f.escaped,
                    f.injured != 0,
                    f.coins,
                    len(f.treasures),
                    f.pos[0] - mx,
                    f.pos[1] - my,
                    f.character.id,
                )
                for f in order
            ]
        )
        old = kept.rows
        if keys != old or deck is not kept.deck:
            same_deck = deck is kept.deck
            characters = deck.characters
            mv = kept.mv
            fields = len(FIGURE_FIELDS)
            at = self._at_figures[0]
            for rel, key in enumerate(keys):
                if same_deck and rel < len(old) and old[rel] == key:
                    continue
                hit = self._row_cache.get(key)
                character = characters.get(order[rel].character.id)
                if hit is None or hit[0] is not character:
                    hit = (character, self._figure_row(key, character))
                    if len(self._row_cache) > 4096:
                        self._row_cache.clear()
                    self._row_cache[key] = hit
                mv[at + rel * fields : at + rel * fields + fields - 1] = hit[1]
            kept.rows = keys
            kept.deck = deck
        if cp != kept.cp:
            mv = kept.mv
            fields = len(FIGURE_FIELDS)
            last = self._at_figures[0] + fields - 1
            n = self.players
            for rel in range(n):
                mv[last + rel * fields] = 1.0 if cp == (seat + rel) % n else 0.0
            kept.cp = cp

    def _figure_row(self, key: tuple[Any, ...], character: Any) -> array[float]:
        """One figure's fields but to_move, from its row key (see ``_write_figures``)."""
        escaped, injured, coins, held, dx, dy, _ = key
        row = [
            1.0,
            1.0 if escaped else 0.0,
            1.0 if injured else 0.0,
            _unit(coins / _GOLD_SCALE),
            _unit(held / _HELD_SCALE),
            _unit((dx / WINDOW + 1) / 2),
            _unit((dy / WINDOW + 1) / 2),
        ]
        values = self._character_values(character)
        row += values if values is not None else (0.0,) * len(_ATTRS)
        return array("f", row)

    def _write_treasures(self, kept: _Kept, order: list[Figure]) -> None:
        """hand (the observer's own treasures) and shown (every seat's used ones, R9.5;
        never another seat's unused ones): by every figure's (id, used) pairs."""
        if not any([f.treasures for f in order]):  # most of most games: none held
            if kept.treasures == ():
                return
            key: tuple[Any, ...] = ()
        else:
            key = tuple([tuple([(h.card.id, h.used) for h in f.treasures]) for f in order])
            if key == kept.treasures:
                return
        kept.treasures = key
        t = len(self.treasure_ids)
        index = self._treasure_index
        hand = [0.0] * (2 * t)
        for cid, used in key[0] if key else ():
            j = index.get(cid)
            if j is not None:
                hand[j + (t if used else 0)] = 1.0  # a count, saturating at 1
        shown = [0.0] * (MAX_SEATS * t)
        for rel, held in enumerate(key):
            for cid, used in held:
                j = index.get(cid)
                if used and j is not None:
                    shown[rel * t + j] = 1.0
        mv = kept.mv
        mv[self._at_hand[0] : self._at_hand[1]] = array("f", hand)
        mv[self._at_shown[0] : self._at_shown[1]] = array("f", shown)

    def _write_info(self, kept: _Kept, state: Table, me: Figure) -> None:
        """info: the public counts (pile sizes, exits left, round, bank, own gold,
        figures inside) and the drawn card."""
        limit = state.round_limit  # the setup's
        dungeon, rooms, monsters, treasures = (
            state.dungeon,
            state.rooms,
            state.monsters,
            state.treasures,
        )
        key = (  # a pile's size is its total and the lost cards under it (Pile.size)
            dungeon.total + len(dungeon.bottom),
            rooms.total + len(rooms.bottom),
            monsters.total + len(monsters.bottom),
            treasures.total + len(treasures.bottom),
            state.exits_left,  # kept up to date by the rules (R1.6)
            state.round,
            limit,
            state.bank,
            me.gold,
            sum([not f.escaped for f in state.figures]),
            state.drawn,
        )
        if key == kept.info:
            return
        kept.info = key
        (
            n_dungeon,
            n_rooms,
            n_monsters,
            n_treasures,
            exits,
            rnd,
            limit,
            bank,
            gold,
            inside,
            drawn,
        ) = key
        totals = self._totals
        row = [
            _unit(n_dungeon / totals[0]),
            _unit(n_rooms / totals[1]),
            _unit(n_monsters / totals[2]),
            _unit(n_treasures / totals[3]),
            _unit(exits / self._exits_total),
            _unit(rnd / (limit if limit else 300)),
            _unit(bank / _BANK_SCALE) if bank >= 0 else 0.0,
            _unit(gold / _GOLD_SCALE),
            inside / self.players,
        ]
        start, end = self._at_info
        mv = kept.mv
        mv[start : start + _INFO_DRAWN] = array("f", row)
        mv[start + _INFO_DRAWN : end] = self._drawn_fields(drawn)

    def _drawn_fields(self, drawn: Any) -> array[float]:
        """info's fields of the drawn dungeon card (all 0 without one), kept by the card
        (a card never changes: by identity)."""
        hit = self._drawn_cache.get(id(drawn))
        if hit is not None and hit[0] is drawn:
            return hit[1]
        row = [0.0] * (len(INFO_FIELDS) - _INFO_DRAWN)
        if drawn is not None:
            row[0] = 1.0
            for i, d in enumerate(DIRECTIONS):
                if drawn.mask & d:
                    row[1 + i] = 1.0
            kind = _INFO_DRAWN_KIND - _INFO_DRAWN
            row[kind + _KINDS.index(drawn.kind)] = 1.0
            row[kind + len(_KINDS)] = _unit(drawn.gold / _GOLD_SCALE)
            row[kind + len(_KINDS) + 1] = float(drawn.obstacle is not None)
        fields = array("f", row)
        if len(self._drawn_cache) > 1024:
            self._drawn_cache.clear()
        self._drawn_cache[id(drawn)] = (drawn, fields)
        return fields

    def _write_pending(
        self, kept: _Kept, game: Game, state: Table, seat: int, cp: int, version: object
    ) -> None:
        """pending: a function of the frame on top (a value: never changed once on the
        stack), the seat to decide, the board (an obstacle's card) and the deck (a
        character's values); read through ``Game.pending_context()`` when that changes."""
        # The frame last: a tuple compare stops at the first difference, and frames of
        # one type that are other objects compare by their dataclass __eq__ (Python).
        key = (
            state.over,
            state.seat,
            cp,
            version,
            state.deck,
            state.stack[-1] if state.stack else None,
        )
        if key == kept.pending:
            return
        kept.pending = key
        top = key[5]
        mine, chance = cp == seat, state.at_chance
        if top is not None and not key[0]:
            # A frame whose block is its kind's alone (a turn's choice, a placement, a
            # draw: see _FIELDS_READ) is kept by its type, without making a Pending;
            # only such frame types are kept so.
            bare = (type(top), mine, chance)
            block = self._bare_pending.get(bare)
            if block is not None:
                kept.mv[self._at_pending[0] : self._at_pending[1]] = block
                return
        pending = game.pending_context()
        if top is not None and not key[0] and not isinstance(pending, _FIELDS_READ):
            block = self._bare_pending[bare] = self._pending_block(pending, mine, chance)
            kept.mv[self._at_pending[0] : self._at_pending[1]] = block
            return
        # The same decisions recur all game (an obstacle's attempt, a fight's choice):
        # the block is kept by the pending value (frozen: hashable) and who decides.
        value_key = (pending, mine, chance)
        try:
            block = self._pending_cache.get(value_key)
        except TypeError:  # a field that does not hash: made each time
            block = self._pending_block(pending, mine, chance)
        else:
            if block is None:
                block = self._pending_block(pending, mine, chance)
                if len(self._pending_cache) > 4096:
                    self._pending_cache.clear()
                self._pending_cache[value_key] = block
        kept.mv[self._at_pending[0] : self._at_pending[1]] = block

    def _write_piles(self, kept: _Kept, state: Table) -> None:
        """piles (R2.3): one block for every seat, kept while the counts stay."""
        piles = self._piles_block(state)
        if piles is not kept.piles:
            kept.buf[self._at_piles[0] : self._at_piles[1]] = piles
            kept.piles = piles

    # ---- what the writers keep -------------------------------------------------------

    def _character_values(self, character: Any) -> tuple[float, ...] | None:
        """A character's values / 12 (a character card never changes: kept by identity)."""
        if character is None:
            return None
        hit = self._character_cache.get(id(character))
        if hit is not None and hit[0] is character:
            return hit[1]
        values = tuple(min(max(character.value(a) / _DIE_SCALE, 0.0), 1.0) for a in _ATTRS)
        if len(self._character_cache) > 256:
            self._character_cache.clear()
        self._character_cache[id(character)] = (character, values)
        return values

    def _laid(self, state: Table) -> tuple[Any, int, int, npt.NDArray[np.float32]]:
        """The whole board as one grid of cell channels (figures' channels 0, clipped to
        0..1), at least ``WINDOW`` empty cells around it, so a window is a slice. Kept by
        board (board_version; a change of a card lays a new tile and a new version); on a
        new version only the cells whose tile changed are rewritten, while every laid
        card stays inside the margin (else, or when a kept card is gone: another game's
        board, it is made anew, with room to grow)."""
        laid = self._laid_cache
        version = state.board_version
        if laid is not None and laid[0] is version:
            return laid
        board = state.board
        k = _CELL_FIGURE
        if laid is not None:
            _, x0, y0, grid = laid
            tiles = self._laid_tiles
            height, width = grid.shape[:2]
            changed = []
            same = 0
            for p, tile in board.items():
                old = tiles.get(p)
                if old is tile:
                    same += 1
                    continue
                if old is not None:
                    same += 1
                gx, gy = p[0] - x0, p[1] - y0
                if not (WINDOW <= gx < width - WINDOW and WINDOW <= gy < height - WINDOW):
                    break
                changed.append((p, gx, gy, tile))
            else:
                if same == len(tiles):  # no kept card is gone
                    for p, gx, gy, tile in changed:
                        grid[gy, gx, :k] = self._tile_vector(tile)
                        tiles[p] = tile
                    laid = (version, x0, y0, grid)
                    self._laid_cache = laid
                    return laid
        board_items = list(board.items())
        margin = WINDOW + 3  # room for a few cards laid outwards before a new grid
        x0 = min(p[0] for p, _ in board_items) - margin
        y0 = min(p[1] for p, _ in board_items) - margin
        width = max(p[0] for p, _ in board_items) - x0 + margin + 1
        height = max(p[1] for p, _ in board_items) - y0 + margin + 1
        grid = np.zeros((height, width, len(CELL_CHANNELS)), dtype=np.float32)
        xs = [p[0] - x0 for p, _ in board_items]
        ys = [p[1] - y0 for p, _ in board_items]
        vecs = np.array([self._tile_vector(tile) for _, tile in board_items])
        grid[ys, xs, :k] = vecs  # each tile's vector is clipped when made
        self._laid_tiles = dict(board_items)
        laid = (version, x0, y0, grid)
        self._laid_cache = laid
        return laid

    def _board_into(self, board: npt.NDArray[np.float32], state: Table, me: Pos) -> None:
        """Write the board block's card channels around ``me`` (the figures' channels 0)
        into ``board`` (side x side x channels)."""
        laid = self._laid_cache
        if laid is None or laid[0] is not state.board_version:
            laid = self._laid(state)
        _, x0, y0, grid = laid
        gx, gy = me[0] - WINDOW - x0, me[1] - WINDOW - y0
        height, width = grid.shape[:2]
        if 0 <= gx and gx + SIDE <= width and 0 <= gy and gy + SIDE <= height:
            board[:] = grid[gy : gy + SIDE, gx : gx + SIDE]
            return
        # The observer off the laid cards' bounds (not met in play): cell by cell.
        board.fill(0.0)
        for x, y in state.board:
            cx, cy = x - me[0] + WINDOW, y - me[1] + WINDOW
            if 0 <= cx < SIDE and 0 <= cy < SIDE:
                board[cy, cx] = grid[y - y0, x - x0]

    def _piles_block(self, state: Table) -> npt.NDArray[np.float32]:
        """The piles block (R2.3), kept while the piles' counts stay (they change only
        when a card is drawn, discarded or shuffled back); when they change, a copy of
        the kept block with only the changed counts rewritten (found in C: the
        symmetric difference of the dicts' items)."""
        rooms, monsters = state.rooms, state.monsters
        now = (
            state.dungeon.counts,
            rooms.counts,
            rooms.discard,
            monsters.counts,
            monsters.discard,
        )
        bottom = len(state.treasures.bottom)
        cached = self._piles_cache
        if cached is not None:  # compared with copies of the counts (dict == is in C)
            k, kept_bottom = cached[0]
            if kept_bottom == bottom and k == now:
                return cached[1]
            piles = cached[1].copy()
            copies = list(k)  # a new copy only of the counts that changed
            changed = []
            for i, (old, new) in enumerate(zip(k, now, strict=True)):
                if old != new:
                    changed.append((i, {cid for cid, _ in old.items() ^ new.items()}))
                    copies[i] = dict(new)
        else:
            piles = np.zeros(len(self.pile_fields), dtype=np.float32)
            changed = [(i, set(new)) for i, new in enumerate(now)]
            copies = [dict(c) for c in now]
        scale = self._pile_scale
        for i, cids in changed:
            index = self._pile_index[(0, 1, 1, 2, 2)[i]]
            offset = self._pile_offsets[i]
            counts = now[i]
            for cid in cids:
                at = index.get(cid)
                if at is not None:
                    at += offset
                    piles[at] = _unit(counts.get(cid, 0) / scale[at])
        piles[-1] = _unit(bottom / scale[-1])
        self._piles_cache = ((tuple(copies), bottom), piles)
        return piles

    def _tile_vector(self, tile: Any) -> npt.NDArray[np.float32]:
        """A laid card's cell channels (all but the figures'): a tile is never changed in
        place (a change lays a new tile), so its vector is kept."""
        hit = self._tile_cache.get(id(tile))
        if hit is not None and hit[0] is tile:
            return hit[1]
        vec = np.zeros(_CELL_FIGURE, dtype=np.float32)
        vec[0] = 1.0
        for i, d in enumerate(DIRECTIONS):
            if tile.mask & d:
                vec[1 + i] = 1.0
        vec[_CELL_KIND + _KINDS.index(tile.card.kind)] = 1.0
        obstacle = tile.card.obstacle
        if obstacle is not None:
            vec[_CELL_CLASS + _CLASSES.index(obstacle.cls)] = 1.0
            vec[_CELL_ATTR + _ATTRS.index(obstacle.attr)] = 1.0
            vec[_CELL_TARGET] = _unit(obstacle.n / _DIE_SCALE)
        vec[_CELL_TARGET + 1] = _unit(tile.gold / _GOLD_SCALE)
        vec[_CELL_TARGET + 2] = float(tile.collapsed)
        vec[_CELL_TARGET + 3] = float(tile.opened)
        if len(self._tile_cache) > 4096:
            self._tile_cache.clear()
        self._tile_cache[id(tile)] = (tile, vec)
        return vec

    def _pending_block(self, pending: Pending, mine: bool, chance: bool) -> array[float]:
        """The pending block (the decision or chance point now), clipped to 0..1, from
        ``pending = game.pending_context()``: the one place the observation reads the
        fields of ``Pending``."""
        out = [0.0] * len(PENDING_FIELDS)
        out[_KIND_INDEX.get(pending.kind, -1)] = 1.0
        k = len(FRAME_KINDS)
        out[k] = 1.0 if mine else 0.0
        out[k + 1] = 1.0 if chance else 0.0
        test = pending if isinstance(pending, DieTest) else None  # a die against a target
        if test is not None:
            out[_PENDING_ATTR + _ATTR_INDEX[test.attr]] = 1.0
        if isinstance(pending, ObstacleTest):
            out[_PENDING_CLASS + _CLASS_INDEX[pending.obstacle.cls]] = 1.0
        if isinstance(pending, FightDecision | FightRolling | MonsterRolling):
            for option in pending.monster.fight:
                out[_PENDING_MONSTER + _ATTR_INDEX[option.attr]] = _unit(option.value / _DIE_SCALE)
        if isinstance(pending, TrapDecision | TrapRolling):
            for a in pending.trap.attrs:
                out[_PENDING_TRAP + _ATTR_INDEX[a]] = 1.0
        k = _PENDING_VALUE
        target = test.target if test is not None else 0
        if isinstance(pending, Losing):
            target = pending.target  # the gold to lose (R9.4)
        out[k] = _unit((test.value if test is not None else 0) / _DIE_SCALE)
        out[k + 1] = _unit((test.bonus if test is not None else 0) / _DIE_SCALE)
        out[k + 2] = _unit(target / _DIE_SCALE)
        out[k + 3] = _unit(
            (pending.roll if isinstance(pending, MonsterRolling) else 0) / _DIE_SCALE
        )
        if test is not None:
            p = test.chance
            out[k + 4] = _unit(p.numerator / p.denominator)
        if isinstance(pending, GoldRolling):
            out[k + 5] = _unit(float(pending.dice.mean) / _GOLD_SCALE)
        return array("f", out)

    def describe(self) -> str:
        """The layouts as text (what docs/ai.md lists)."""
        lines = [f"actions: {self.num_actions}"]
        lines += [f"  {b.start:4d} +{b.size:<4d} {b.name}: {b.meaning}" for b in self.action_blocks]
        lo, hi = self.roll_range
        lines.append(
            f"chance outcomes: {self.max_chance_outcomes} (rolls {lo}..{hi}, then "
            f"{len(self.card_ids)} card ids)"
        )
        lines.append(f"observation: {self.observation_size} float32")
        lines += [
            f"  {b.start:5d} +{b.size:<5d} {b.name}: {b.meaning}" for b in self.observation_blocks
        ]
        lines.append("  cell channels: " + ", ".join(self.cell_channels))
        lines.append("  figure fields: " + ", ".join(self.figure_fields))
        lines.append("  info fields: " + ", ".join(self.info_fields))
        lines.append("  pending fields: " + ", ".join(self.pending_fields))
        lines.append(
            f"  pile fields: {len(self.dungeon_ids)} dungeon, {len(self.room_ids)} room "
            f"pile and discard, {len(self.monster_ids)} monster pile and discard counts "
            "by card id (sorted), lost treasures under the treasure pile"
        )
        return "\n".join(lines)


def indices(enc: Encoding, game: Game, actions: Sequence[Action]) -> list[int]:
    """``action_to_index`` of each action (a convenience for tests and adapters)."""
    return [enc.action_to_index(game, a) for a in actions]

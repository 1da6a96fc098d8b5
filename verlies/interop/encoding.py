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

__all__ = ["Encoding", "EncodingError", "FRAME_KINDS", "WINDOW"]

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


class _Kept:
    """One seat's observation buffer and the keys its blocks were last made from."""

    __slots__ = ("buf", "figures_key", "cp", "info_key", "pending_key", "piles")

    def __init__(self, buf: npt.NDArray[np.float32]) -> None:
        self.buf = buf
        self.figures_key: Any = None
        self.cp: int | None = None
        self.info_key: Any = None
        self.pending_key: Any = None
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

        # ---- observation
        side = 2 * WINDOW + 1
        self.cell_channels: tuple[str, ...] = (
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
        self.figure_fields: tuple[str, ...] = (
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
        self.info_fields: tuple[str, ...] = (
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
        self.pending_fields: tuple[str, ...] = (
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
        # Each count over the deck's count of that card (at least 1): 0..1.
        dungeon_pile = deck.dungeon_pile(players)
        self._pile_scale = np.asarray(
            [
                *(max(1, dungeon_pile.get(c, 0)) for c in self.dungeon_ids),
                *(max(1, deck.room_counts.get(c, 0)) for c in self.room_ids),
                *(max(1, deck.room_counts.get(c, 0)) for c in self.room_ids),
                *(max(1, deck.monster_counts.get(c, 0)) for c in self.monster_ids),
                *(max(1, deck.monster_counts.get(c, 0)) for c in self.monster_ids),
                max(1, sum(deck.treasure_counts.values())),
            ],
            dtype=np.float32,
        )
        self._piles_cache: tuple[Any, npt.NDArray[np.float32]] | None = None
        self._pile_scale_list: list[float] = [float(x) for x in self._pile_scale]
        nd, nr, nm = len(self.dungeon_ids), len(self.room_ids), len(self.monster_ids)
        # Where each of the five counted piles starts in the block (_piles_block).
        self._pile_offsets = (0, nd, nd + nr, nd + 2 * nr, nd + 2 * nr + nm)
        self._laid_cache: tuple[Any, int, int, npt.NDArray[np.float32]] | None = None
        self._laid_tiles: dict[Pos, Any] = {}  # the tiles the kept grid shows
        self._character_cache: dict[int, tuple[Any, tuple[float, ...]]] = {}
        self._tile_cache: dict[int, tuple[Any, npt.NDArray[np.float32]]] = {}
        # The pending block by (Pending value, mine, chance) (observation).
        self._pending_cache: dict[tuple[Any, bool, bool], npt.NDArray[np.float32]] = {}
        # A figure's row by its public facts relative to the observer (_figures_into).
        self._row_cache: dict[tuple[Any, ...], tuple[Any, npt.NDArray[np.float32]]] = {}
        # Per seat: the buffer the observation is kept in and the blocks' keys.
        self._kept: dict[int, _Kept] = {}
        self._pile_index = (
            {c: i for i, c in enumerate(self.dungeon_ids)},
            {c: i for i, c in enumerate(self.room_ids)},
            {c: i for i, c in enumerate(self.monster_ids)},
        )
        obs: list[Block] = []
        opos = 0
        for name, size, meaning in (
            ("board", side * side * len(self.cell_channels), f"{side}x{side} cells x channels"),
            ("figures", MAX_SEATS * len(self.figure_fields), "seats from the observer on"),
            ("hand", 2 * t, "own treasures: unused count, used count per id"),
            ("info", len(self.info_fields), "public facts"),
            ("pending", len(self.pending_fields), "the decision or chance point now"),
            ("shown", MAX_SEATS * t, "used (shown) treasures per seat from the observer on"),
            ("piles", len(self.pile_fields), "the public piles' contents, per card id"),
        ):
            obs.append(Block(name, opos, size, meaning))
            opos += size
        self.observation_blocks: tuple[Block, ...] = tuple(obs)
        # Where the blocks filled anew at every call lie: after the board, before the piles.
        self._mid = (obs[1].start, obs[6].start)
        self.observation_size = opos
        self._totals = (
            max(1, sum(deck.dungeon_pile(players).values())),
            max(1, sum(deck.room_counts.values())),
            max(1, sum(deck.monster_counts.values())),
            max(1, sum(deck.treasure_counts.values())),
        )
        exit_ids = [c for c, card in deck.dungeon.items() if card.kind is TileKind.EXIT]
        pile = deck.dungeon_pile(players)
        self._exits_total = max(1, sum(pile.get(c, 0) for c in exit_ids))
        # Decks already checked (kept alive so that their ids stay theirs).
        self._checked_decks: dict[int, Any] = {id(deck): deck}

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
        """What ``seat`` may see, as a flat float32 array (layout: ``observation_blocks``).

        Built from ``game.view(seat)`` (R9.3: others' unused treasures only as a count),
        the public pending decision, the treasures shown when used (R9.5) and the public
        piles' contents (R2.3; of the treasure pile only its size and the lost cards'
        number): equal for two games that differ only in what this seat cannot see.

        Each call returns a new array of its own (the caller may keep it: no later call
        changes it). Made incrementally: the encoding keeps one buffer per seat and the
        key each block was made from (the figures' public facts and the board's version;
        the piles and other public counts; the frame on top of the stack), rewrites only
        the blocks whose key changed since that seat's last call and hands out a copy.
        Each block is a function of its key alone, so the buffer is right whatever game
        (or clone) asked last; ``tests/test_interop_observation_fast.py`` checks it
        against a build from nothing at every step.
        """
        state = game.state
        kept = self._kept.get(seat)
        if kept is None:
            kept = self._kept[seat] = _Kept(np.zeros(self.observation_size, dtype=np.float32))
        buf = kept.buf
        n = self.players
        figures = state.figures
        deck = state.deck
        fields = len(self.figure_fields)
        end_board, start_piles = self._mid
        # ---- board, figures, hand, shown: the figures' public facts and the board
        order = [figures[(seat + rel) % n] for rel in range(n)]
        key = (
            state.board_version,
            deck,
            tuple(
                (
                    f.pos,
                    f.escaped,
                    bool(f.injured),
                    f.coins,
                    f.character,
                    tuple([(h.card, h.used) for h in f.treasures]) if f.treasures else (),
                )
                for f in order
            ),
        )
        cp = state.current_player
        if key != kept.figures_key:
            self._figures_into(buf, game, seat, order)
            kept.figures_key = key
            kept.cp = None
        if cp != kept.cp:  # the figures' to_move fields
            last = end_board + fields - 1
            for rel in range(n):
                buf[last + rel * fields] = 1.0 if cp == (seat + rel) % n else 0.0
            kept.cp = cp
        # ---- info: public counts
        me = figures[seat]
        limit = game.setup.round_limit
        info_key = (
            state.dungeon.size,
            state.rooms.size,
            state.monsters.size,
            state.treasures.size,
            state.exits_in_pile(),
            state.round,
            limit,
            state.bank,
            me.gold,
            sum([not f.escaped for f in figures]),
            state.drawn,
        )
        if info_key != kept.info_key:
            self._info_into(buf, info_key)
            kept.info_key = info_key
        # ---- pending: a function of the frame on top (a value: never changed once on
        # the stack), the seat to decide, the board (an obstacle's card) and the deck (a
        # character's values); read through Game.pending_context() when it changes.
        pending_key = (
            state.over,
            state.stack[-1] if state.stack else None,
            state.seat,
            cp,
            state.board_version,
            deck,
        )
        if pending_key != kept.pending_key:
            at = self.observation_blocks[4].start
            block = buf[at : at + self.observation_blocks[4].size]
            pending = game.pending_context()
            # The same decisions recur all game (a turn, an obstacle's attempt, a fight's
            # choice): the block is kept by the pending value (frozen: hashable) and who
            # decides.
            value_key = (pending, cp == seat, state.at_chance)
            try:
                kept_block = self._pending_cache.get(value_key)
            except TypeError:  # a field that does not hash: made each time
                self._encode_pending(game, seat, block, pending)
            else:
                if kept_block is None:
                    self._encode_pending(game, seat, block, pending)
                    if len(self._pending_cache) > 4096:
                        self._pending_cache.clear()
                    self._pending_cache[value_key] = block.copy()
                else:
                    block[:] = kept_block
            kept.pending_key = pending_key
        # ---- piles (R2.3): one block for every seat, kept while the counts stay
        piles = self._piles_block(state)
        if piles is not kept.piles:
            buf[start_piles:] = piles
            kept.piles = piles
        return buf.copy()

    def _figures_into(
        self, buf: npt.NDArray[np.float32], game: Game, seat: int, order: list[Any]
    ) -> None:
        """The board window (with the figures' channels), figures (to_move left 0), hand
        and shown blocks of ``seat``'s observation, each field clipped to 0..1 (worked out
        in Python lists, one assignment a block: numpy's per-element writes are slow)."""
        end_board = self._mid[0]
        side = 2 * WINDOW + 1
        nch = len(self.cell_channels)
        me = order[0].pos
        self._board_into(buf[:end_board].reshape(side, side, nch), game.view(seat), me)
        # The figures' channels (the kept grid has them 0): a 1 on each figure's cell.
        for rel, fig in enumerate(order):
            if not fig.escaped:
                px, py = fig.pos
                cx, cy = px - me[0] + WINDOW, py - me[1] + WINDOW
                if 0 <= cx < side and 0 <= cy < side:
                    buf[(cy * side + cx) * nch + nch - MAX_SEATS + rel] = 1.0
        characters = game.deck.characters  # the deck's card of that id (live edits)
        fields = len(self.figure_fields)
        blocks = self.observation_blocks
        figs = buf[blocks[1].start : blocks[2].start]
        rows = self._row_cache
        for rel, fig in enumerate(order):
            # A figure's row (to_move left 0) is a function of these: kept as an array,
            # since numpy converting a list of Python floats costs ~45 ns a number.
            px, py = fig.pos
            character = characters.get(fig.character.id)
            key = (
                fig.escaped,
                bool(fig.injured),
                fig.coins,
                len(fig.treasures),
                px - me[0],
                py - me[1],
                id(character),
            )
            hit = rows.get(key)
            if hit is None or hit[0] is not character:
                hit = (character, self._figure_row(key, character))
                if len(rows) > 4096:
                    rows.clear()
                rows[key] = hit
            figs[rel * fields : (rel + 1) * fields] = hit[1]
        t = len(self.treasure_ids)
        me_fig = order[0]
        hand = buf[blocks[2].start : blocks[3].start]
        shown = buf[blocks[5].start : blocks[5].start + blocks[5].size]
        if not any(f.treasures for f in order):  # most of most games: no treasure held
            hand.fill(0.0)
            shown.fill(0.0)
            return
        counts = [0.0] * (2 * t)
        for h in me_fig.treasures:
            j = self._treasure_index.get(h.card.id)
            if j is not None:
                j += t if h.used else 0
                counts[j] = min(counts[j] + 1.0, 1.0)
        hand[:] = counts
        # R9.5: a used treasure was shown (never another seat's unused ones).
        used = [0.0] * len(shown)
        for rel, fig in enumerate(order):
            for held in fig.treasures:
                j = self._treasure_index.get(held.card.id)
                if held.used and j is not None:
                    used[rel * t + j] = min(used[rel * t + j] + 1.0, 1.0)
        shown[:] = used

    def _figure_row(self, key: tuple[Any, ...], character: Any) -> npt.NDArray[np.float32]:
        """One figure's fields (to_move 0) from its row key (see ``_figures_into``)."""
        escaped, injured, coins, held, dx, dy, _ = key
        row = [
            1.0,
            1.0 if escaped else 0.0,
            1.0 if injured else 0.0,
            _unit(coins / _GOLD_SCALE),
            _unit(held / 5.0),
            _unit((dx / WINDOW + 1) / 2),
            _unit((dy / WINDOW + 1) / 2),
        ]
        values = self._character_values(character)
        row += values if values is not None else (0.0,) * len(_ATTRS)
        row.append(0.0)  # to_move: written by observation()
        return np.asarray(row, dtype=np.float32)

    def _info_into(self, buf: npt.NDArray[np.float32], key: tuple[Any, ...]) -> None:
        """The info block from its key (see ``observation``), clipped to 0..1."""
        dungeon, rooms, monsters, treasures, exits, rnd, limit, bank, gold, inside, drawn = key
        totals = self._totals
        row = [
            _unit(dungeon / totals[0]),
            _unit(rooms / totals[1]),
            _unit(monsters / totals[2]),
            _unit(treasures / totals[3]),
            _unit(exits / self._exits_total),
            _unit(rnd / (limit if limit else 300)),
            _unit(bank / 48.0) if bank >= 0 else 0.0,
            _unit(gold / _GOLD_SCALE),
            inside / self.players,
        ]
        row += (0.0,) * (len(self.info_fields) - len(row))
        if drawn is not None:
            row[9] = 1.0
            for i, d in enumerate(DIRECTIONS):
                if drawn.mask & d:
                    row[10 + i] = 1.0
            row[14 + _KINDS.index(drawn.kind)] = 1.0
            row[14 + len(_KINDS)] = _unit(drawn.gold / _GOLD_SCALE)
            row[15 + len(_KINDS)] = float(drawn.obstacle is not None)
        at = self.observation_blocks[3].start
        buf[at : at + len(row)] = row

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

    def _laid(self, view: Any) -> tuple[Any, int, int, npt.NDArray[np.float32]]:
        """The whole board as one grid of cell channels (figures' channels 0, clipped to
        0..1), at least ``WINDOW`` empty cells around it, so a window is a slice. Kept by
        board (board_version; a change of a card lays a new tile and a new version); on a
        new version only the cells whose tile changed are rewritten, while every laid
        card stays inside the margin (else, or when a kept card is gone: another game's
        board, it is made anew, with room to grow)."""
        laid = self._laid_cache
        version = view.board_version
        if laid is not None and laid[0] is version:
            return laid
        board = view.board
        k = len(self.cell_channels) - MAX_SEATS
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
        grid = np.zeros((height, width, len(self.cell_channels)), dtype=np.float32)
        xs = [p[0] - x0 for p, _ in board_items]
        ys = [p[1] - y0 for p, _ in board_items]
        vecs = np.array([self._tile_vector(tile) for _, tile in board_items])
        grid[ys, xs, :k] = vecs  # each tile's vector is clipped when made
        self._laid_tiles = dict(board_items)
        laid = (version, x0, y0, grid)
        self._laid_cache = laid
        return laid

    def _board_into(self, board: npt.NDArray[np.float32], view: Any, me: Pos) -> None:
        """Write the board block's card channels around ``me`` (the figures' channels 0)
        into ``board`` (side x side x channels)."""
        _, x0, y0, grid = self._laid(view)
        side = 2 * WINDOW + 1
        gx, gy = me[0] - WINDOW - x0, me[1] - WINDOW - y0
        if 0 <= gx and gx + side <= grid.shape[1] and 0 <= gy and gy + side <= grid.shape[0]:
            board[:] = grid[gy : gy + side, gx : gx + side]
            return
        # The observer off the laid cards' bounds (not met in play): cell by cell.
        board.fill(0.0)
        for x, y in view.board:
            cx, cy = x - me[0] + WINDOW, y - me[1] + WINDOW
            if 0 <= cx < side and 0 <= cy < side:
                board[cy, cx] = grid[y - y0, x - x0]

    def _piles_block(self, state: Any) -> npt.NDArray[np.float32]:
        """The piles block (R2.3), kept while the piles' counts stay (they change only
        when a card is drawn, discarded or shuffled back); when they change, a copy of
        the kept block with only the changed counts rewritten (found in C: the
        symmetric difference of the dicts' items)."""
        now = (
            state.dungeon.counts,
            state.rooms.counts,
            state.rooms.discard,
            state.monsters.counts,
            state.monsters.discard,
        )
        bottom = len(state.treasures.bottom)
        cached = self._piles_cache
        if cached is not None:  # compared with copies of the counts (dict == is in C)
            k = cached[0]
            if k[5] == bottom and k[:5] == now:
                return cached[1]
            piles = cached[1].copy()
            changed = [
                (i, {cid for cid, _ in old.items() ^ new.items()})
                for i, (old, new) in enumerate(zip(k[:5], now, strict=True))
                if old != new
            ]
        else:
            piles = np.zeros(len(self.pile_fields), dtype=np.float32)
            changed = [(i, set(new)) for i, new in enumerate(now)]
        scale = self._pile_scale_list
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
        self._piles_cache = ((*(dict(c) for c in now), bottom), piles)
        return piles

    def _tile_vector(self, tile: Any) -> npt.NDArray[np.float32]:
        """A laid card's cell channels (all but the figures'): a tile is never changed in
        place (a change lays a new tile), so its vector is kept."""
        hit = self._tile_cache.get(id(tile))
        if hit is not None and hit[0] is tile:
            return hit[1]
        vec = np.zeros(len(self.cell_channels) - MAX_SEATS, dtype=np.float32)
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
            vec[k_n] = _unit(obstacle.n / _DIE_SCALE)
        vec[k_n + 1] = _unit(tile.gold / _GOLD_SCALE)
        vec[k_n + 2] = float(tile.collapsed)
        vec[k_n + 3] = float(tile.opened)
        if len(self._tile_cache) > 4096:
            self._tile_cache.clear()
        self._tile_cache[id(tile)] = (tile, vec)
        return vec

    def _encode_pending(
        self, game: Game, seat: int, block: npt.NDArray[np.float32], pending: Pending
    ) -> None:
        """The pending block (the decision or chance point now), clipped to 0..1, from
        ``pending = game.pending_context()``: the one place the observation reads the
        fields of ``Pending``."""
        out = [0.0] * len(self.pending_fields)
        out[_KIND_INDEX.get(pending.kind, -1)] = 1.0
        k = len(FRAME_KINDS)
        state = game.state
        out[k] = 1.0 if state.current_player == seat else 0.0
        out[k + 1] = 1.0 if state.at_chance else 0.0
        k += 2
        na = len(_ATTRS)
        test = pending if isinstance(pending, DieTest) else None  # a die against a target
        if test is not None:
            out[k + _ATTR_INDEX[test.attr]] = 1.0
        k += na
        if isinstance(pending, ObstacleTest):
            out[k + _CLASS_INDEX[pending.obstacle.cls]] = 1.0
        k += len(_CLASSES)
        if isinstance(pending, FightDecision | FightRolling | MonsterRolling):
            for option in pending.monster.fight:
                out[k + _ATTR_INDEX[option.attr]] = _unit(option.value / _DIE_SCALE)
        k += na
        if isinstance(pending, TrapDecision | TrapRolling):
            for a in pending.trap.attrs:
                out[k + _ATTR_INDEX[a]] = 1.0
        k += na
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
            chance = test.chance
            out[k + 4] = _unit(chance.numerator / chance.denominator)
        if isinstance(pending, GoldRolling):
            out[k + 5] = _unit(float(pending.dice.mean) / _GOLD_SCALE)
        block[:] = out

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

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
        self._laid_cache: tuple[Any, int, int, npt.NDArray[np.float32]] | None = None
        self._character_cache: dict[int, tuple[Any, tuple[float, ...]]] = {}
        self._tile_cache: dict[int, tuple[Any, npt.NDArray[np.float32]]] = {}
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
        changes it). The whole board's grid (a window of it is the board block) and the
        piles block are kept while what they are made of stays, so most decisions copy
        them and fill only the small blocks between."""
        view = game.view(seat)
        out = np.empty(self.observation_size, dtype=np.float32)
        n = self.players
        me = view.position
        # The public facts of view.players(), read from the figures in place.
        figures = game.state.figures
        end_board, start_piles = self._mid
        side = 2 * WINDOW + 1
        nch = len(self.cell_channels)
        self._board_into(out[:end_board].reshape(side, side, nch), view, me)
        # The figures' channels (the kept grid has them 0): a 1 on each figure's cell.
        for rel in range(n):
            fig = figures[(seat + rel) % n]
            if not fig.escaped:
                px, py = fig.pos
                cx, cy = px - me[0] + WINDOW, py - me[1] + WINDOW
                if 0 <= cx < side and 0 <= cy < side:
                    out[(cy * side + cx) * nch + nch - MAX_SEATS + rel] = 1.0
        mid = out[end_board:start_piles]
        mid.fill(0.0)
        to_move = game.current_player
        fields = len(self.figure_fields)
        at = end_board
        characters = game.deck.characters  # the deck's card of that id (live edits)
        for rel in range(n):
            fig = figures[(seat + rel) % n]
            px, py = fig.pos
            out[at : at + 7] = (
                1.0,
                float(fig.escaped),
                float(bool(fig.injured)),
                fig.coins / _GOLD_SCALE,
                len(fig.treasures) / 5.0,
                ((px - me[0]) / WINDOW + 1) / 2,
                ((py - me[1]) / WINDOW + 1) / 2,
            )
            values = self._character_values(characters.get(fig.character.id))
            if values is not None:
                out[at + 7 : at + 7 + len(_ATTRS)] = values
            out[at + 7 + len(_ATTRS)] = float(to_move == fig.seat)
            at += fields
        # The seat's own figure, read in place (view.me would snapshot it first).
        figure = figures[seat]
        hand = out[self.observation_blocks[2].start :]
        t = len(self.treasure_ids)
        for h in figure.treasures:
            j = self._treasure_index.get(h.card.id)
            if j is not None:
                hand[j + (t if h.used else 0)] += 1.0
        info_at = self.observation_blocks[3].start
        sizes = view.deck_sizes()
        totals = self._totals
        limit = game.setup.round_limit
        bank = game.state.bank  # public: the coins in the box
        out[info_at : info_at + 9] = (
            sizes["dungeon"] / totals[0],
            sizes["rooms"] / totals[1],
            sizes["monsters"] / totals[2],
            sizes["treasures"] / totals[3],
            view.exits_left() / self._exits_total,
            view.round / (limit if limit else 300),
            bank / 48.0 if bank >= 0 else 0.0,
            figure.gold / _GOLD_SCALE,
            view.players_in_dungeon / n,
        )
        drawn = view.drawn_card
        if drawn is not None:
            info = out[info_at:]
            info[9] = 1.0
            for i, d in enumerate(DIRECTIONS):
                if drawn.mask & d:
                    info[10 + i] = 1.0
            info[14 + _KINDS.index(drawn.kind)] = 1.0
            info[14 + len(_KINDS)] = drawn.gold / _GOLD_SCALE
            info[15 + len(_KINDS)] = float(drawn.obstacle is not None)
        self._encode_pending(game, seat, out[self.observation_blocks[4].start :])
        # Read from the state, public facts only: R9.5, a used treasure was shown; R2.3,
        # the piles' contents (never the treasure pile's, nor another seat's hand).
        state = game.state
        shown = out[self.observation_blocks[5].start :]
        for rel in range(n):
            for held in state.figures[(seat + rel) % n].treasures:
                j = self._treasure_index.get(held.card.id)
                if held.used and j is not None:
                    shown[rel * t + j] += 1.0
        # Every field 0..1 (a count past its scale reads 1); the kept blocks are clipped.
        np.clip(mid, 0.0, 1.0, out=mid)
        out[start_piles:] = self._piles_block(state)
        return out

    def _character_values(self, character: Any) -> tuple[float, ...] | None:
        """A character's values / 12 (a character card never changes: kept by identity)."""
        if character is None:
            return None
        hit = self._character_cache.get(id(character))
        if hit is not None and hit[0] is character:
            return hit[1]
        values = tuple(character.value(a) / _DIE_SCALE for a in _ATTRS)
        if len(self._character_cache) > 256:
            self._character_cache.clear()
        self._character_cache[id(character)] = (character, values)
        return values

    def _laid(self, view: Any) -> tuple[Any, int, int, npt.NDArray[np.float32]]:
        """The whole board as one grid of cell channels (figures' channels 0, clipped to
        0..1), ``WINDOW`` empty cells around it: made once per board (board_version; a
        change of a card lays a new tile and a new version), so a window is a slice."""
        laid = self._laid_cache
        version = view.board_version
        if laid is not None and laid[0] is version:
            return laid
        board_items = list(view.board.items())
        x0 = min(p[0] for p, _ in board_items) - WINDOW
        y0 = min(p[1] for p, _ in board_items) - WINDOW
        width = max(p[0] for p, _ in board_items) - x0 + WINDOW + 1
        height = max(p[1] for p, _ in board_items) - y0 + WINDOW + 1
        grid = np.zeros((height, width, len(self.cell_channels)), dtype=np.float32)
        k = len(self.cell_channels) - MAX_SEATS
        xs = [p[0] - x0 for p, _ in board_items]
        ys = [p[1] - y0 for p, _ in board_items]
        vecs = np.array([self._tile_vector(tile) for _, tile in board_items])
        grid[ys, xs, :k] = np.clip(vecs, 0.0, 1.0)
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
        when a card is drawn, discarded or shuffled back)."""
        cached = self._piles_cache
        if cached is not None:  # compared with copies of the counts (dict == is in C)
            k = cached[0]
            if (
                k[5] == len(state.treasures.bottom)
                and k[0] == state.dungeon.counts
                and k[1] == state.rooms.counts
                and k[2] == state.rooms.discard
                and k[3] == state.monsters.counts
                and k[4] == state.monsters.discard
            ):
                return cached[1]
        key = (
            dict(state.dungeon.counts),
            dict(state.rooms.counts),
            dict(state.rooms.discard),
            dict(state.monsters.counts),
            dict(state.monsters.discard),
            len(state.treasures.bottom),
        )
        piles = np.zeros(len(self.pile_fields), dtype=np.float32)
        dungeon, rooms, monsters = self._pile_index
        k = 0
        where: list[int] = []
        values: list[int] = []
        for counts, index in (
            (state.dungeon.counts, dungeon),
            (state.rooms.counts, rooms),
            (state.rooms.discard, rooms),
            (state.monsters.counts, monsters),
            (state.monsters.discard, monsters),
        ):
            get = index.get
            for cid, count in counts.items():
                at = get(cid)
                if at is not None and count:
                    where.append(k + at)
                    values.append(count)
            k += len(index)
        if where:  # one assignment for the whole block (an element at a time is slow)
            piles[where] = values
        piles[k] = len(state.treasures.bottom)
        piles /= self._pile_scale
        np.clip(piles, 0.0, 1.0, out=piles)
        self._piles_cache = (key, piles)
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
            vec[k_n] = obstacle.n / _DIE_SCALE
        vec[k_n + 1] = tile.gold / _GOLD_SCALE
        vec[k_n + 2] = float(tile.collapsed)
        vec[k_n + 3] = float(tile.opened)
        if len(self._tile_cache) > 4096:
            self._tile_cache.clear()
        self._tile_cache[id(tile)] = (tile, vec)
        return vec

    def _encode_pending(self, game: Game, seat: int, out: npt.NDArray[np.float32]) -> None:
        pending = game.pending_context()
        out[FRAME_KINDS.index(pending.kind) if pending.kind in FRAME_KINDS else -1] = 1.0
        k = len(FRAME_KINDS)
        out[k] = float(game.current_player == seat)
        out[k + 1] = float(game.is_chance)
        k += 2
        na = len(_ATTRS)
        if pending.attr is not None:
            out[k + _ATTRS.index(pending.attr)] = 1.0
        k += na
        if pending.obstacle is not None:
            out[k + _CLASSES.index(pending.obstacle.cls)] = 1.0
        k += len(_CLASSES)
        if pending.monster is not None:
            for option in pending.monster.fight:
                out[k + _ATTRS.index(option.attr)] = option.value / _DIE_SCALE
        k += na
        if pending.trap is not None:
            for a in pending.trap.attrs:
                out[k + _ATTRS.index(a)] = 1.0
        k += na
        out[k] = (pending.value or 0) / _DIE_SCALE
        out[k + 1] = pending.bonus / _DIE_SCALE
        out[k + 2] = (pending.target or 0) / _DIE_SCALE
        out[k + 3] = (pending.roll or 0) / _DIE_SCALE
        out[k + 4] = float(pending.chance) if pending.chance is not None else 0.0
        out[k + 5] = float(pending.dice.mean) / _GOLD_SCALE if pending.dice is not None else 0.0

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

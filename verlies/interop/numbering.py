"""Numbers for actions and chance outcomes: a fixed action space and outcome ids per deck.

Frameworks want a fixed number of actions, each a number: :class:`Numbering` numbers
verlies' actions (values with absolute coordinates and card ids) once per deck, player
count and variants, **relative to the acting figure** (the side of its card a new card
goes to; the directions of each step), treasures by their id in the deck; and the chance
outcomes (die rolls, then card ids). :class:`verlies.interop.encoding.Encoding` is a
numbering with an observation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
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
from verlies.board import Pos
from verlies.cards.model import MonsterCard, RoomCard, TreasureCard
from verlies.dice import Dice
from verlies.errors import VerliesError
from verlies.game import Game
from verlies.interop.layout import ATTRS, DELTAS, Block
from verlies.variants import Variants

__all__ = ["EncodingError", "Numbering"]

_DIR_OF: dict[Pos, int] = {d: i for i, d in enumerate(DELTAS)}

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


class EncodingError(VerliesError):
    """An action, outcome or game this encoding cannot number (e.g. after a live deck edit
    that brought new cards: the action space is fixed when the encoding is made)."""


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


class Numbering:
    """Action indices and chance outcome ids for one deck, player count and variants."""

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
        self._choose = block("choose", len(ATTRS) * (1 + t), "attr x (no treasure, ids)")
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
            a = ATTRS.index(action.attr)
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
            dx, dy = DELTAS[side]
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
                here = (here[0] + DELTAS[d][0], here[1] + DELTAS[d][1])
                path.append(here)
            return Walk(tuple(path))
        if index < self._attempt:
            return UseHeal(self.treasure_ids[index - self._heal])
        if index < self._choose:
            return Attempt(self.treasure_ids[index - self._attempt])
        if index < self._lose:
            a, k = divmod(index - self._choose, 1 + t)
            return Choose(ATTRS[a], None if k == 0 else self.treasure_ids[k - 1])
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

    def describe_numbers(self) -> list[str]:
        """The action blocks and the chance outcomes as lines of text."""
        lines = [f"actions: {self.num_actions}"]
        lines += [f"  {b.start:4d} +{b.size:<4d} {b.name}: {b.meaning}" for b in self.action_blocks]
        lo, hi = self.roll_range
        lines.append(
            f"chance outcomes: {self.max_chance_outcomes} (rolls {lo}..{hi}, then "
            f"{len(self.card_ids)} card ids)"
        )
        return lines

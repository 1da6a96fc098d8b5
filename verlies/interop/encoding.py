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

The layouts are listed in docs/ai.md and by :meth:`Encoding.describe`. The work is in
three rooms: :mod:`verlies.interop.layout` declares the observation's fields and blocks,
:mod:`verlies.interop.numbering` numbers actions and chance outcomes, and
:mod:`verlies.interop.observation` writes the blocks (one writer per block; the board's
from the grid that :mod:`verlies.interop.board_grid` keeps); this module
puts them together and keeps the names the adapters and tools import.

>>> from verlies.game import Game
>>> g = Game.new(players=2, seed=7)
>>> enc = Encoding.for_game(g)
>>> [enc.index_to_action(g, i).label for i in enc.legal_indices(g)]
['draw a dungeon card']
>>> enc.observation(g, 0).shape == (enc.observation_size,)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from verlies.actions import Action
from verlies.game import Game
from verlies.interop.layout import (
    CELL_CHANNELS,
    FIGURE_FIELDS,
    FRAME_KINDS,
    INFO_FIELDS,
    MAX_SEATS,
    OBSERVATION_LAYOUT,
    PENDING_FIELDS,
    SIDE,
    WINDOW,
    Block,
    Section,
    layout_table,
)
from verlies.interop.numbering import EncodingError, Numbering
from verlies.interop.observation import Observer
from verlies.variants import Variants

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
    "Encoding",
    "EncodingError",
    "Section",
    "layout_table",
]


class Encoding(Numbering):
    """Numbers for one deck, player count and variants. Make one with :meth:`for_game`."""

    def __init__(self, deck: Any, players: int, variants: Variants | None = None) -> None:
        super().__init__(deck, players, variants)
        observer = Observer(deck, players, self.treasure_ids)
        self._observer = observer
        self.cell_channels = observer.cell_channels
        self.figure_fields = observer.figure_fields
        self.info_fields = observer.info_fields
        self.pending_fields = observer.pending_fields
        self.dungeon_ids: tuple[str, ...] = observer.dungeon_ids
        self.room_ids: tuple[str, ...] = observer.room_ids
        self.monster_ids: tuple[str, ...] = observer.monster_ids
        self.pile_fields: tuple[str, ...] = observer.pile_fields
        self.observation_blocks: tuple[Block, ...] = observer.observation_blocks
        self.observation_size = observer.observation_size

    @property
    def observation_shape(self) -> tuple[int]:
        return (self.observation_size,)

    def __deepcopy__(self, memo: dict[int, Any]) -> Encoding:
        return self  # fixed numbers: a copied framework state shares them

    @classmethod
    def for_game(cls, game: Game) -> Encoding:
        """The encoding of ``game``'s setup (its deck at the start, players, variants)."""
        return cls(game.setup.deck, game.players, game.variants)

    def observation(self, game: Game, seat: int) -> npt.NDArray[np.float32]:
        """What ``seat`` may see, as a flat float32 array of ``observation_size`` numbers
        (layout: ``OBSERVATION_LAYOUT``; see :meth:`Observer.observation
        <verlies.interop.observation.Observer.observation>`): a new array at every call."""
        return self._observer.observation(game, seat)

    def describe(self) -> str:
        """The layouts as text (what docs/ai.md lists)."""
        lines = self.describe_numbers()
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

"""Decks: the cards a game is played with, read from and written to TOML deck files.

A :class:`Deck` is an immutable value: four piles of cards with their counts (dungeon,
room, monster and treasure cards, R2.3) and the characters (R2.1). It is loaded from a
deck file (``Deck.load``), from text (``Deck.loads``) or is the shipped default
(``Deck.default()``). Every change (``with_card_text``, ``with_count``, ``with_card``,
``without_card``, ``apply``) returns a new deck or raises; the old deck never changes.

Deck files are validated with pydantic models (unknown fields, wrong types, missing
fields, out-of-range numbers); the errors become :class:`~verlies.errors.DeckError` with
the file, the card id, the field and the line of the offending entry in the TOML text.
The format is described in ``docs/deck-format.md``.

The package, by concern: :mod:`~verlies.deck.limits` and :mod:`~verlies.deck.kinds`
(numbers and card kinds), :mod:`~verlies.deck.schema` (the file's pydantic models),
:mod:`~verlies.deck.messages` (their errors as sentences), :mod:`~verlies.deck.locate`
(lines and columns), :mod:`~verlies.deck.entries` (cards <-> entries),
:mod:`~verlies.deck.checks` (the deck-level rules), :mod:`~verlies.deck.build` (checked
content, changes applied), :mod:`~verlies.deck.patch` (differences and patches),
:mod:`~verlies.deck.scan` (hostile TOML refused before ``tomllib`` reads it),
:mod:`~verlies.deck.toml_io` (reading and writing files) and :mod:`~verlies.deck.model`
(the :class:`Deck` value).

>>> deck = Deck.default()
>>> sum(deck.dungeon_counts.values()), len(deck.characters)
(80, 8)
>>> sum(deck.dungeon_pile(2).values())  # red cards without the start card (R2.2, R2.4)
39
"""

from __future__ import annotations

from verlies.deck.entries import card_text_budget
from verlies.deck.kinds import KINDS, SECTION, Card, Kind
from verlies.deck.limits import (
    FORMAT_VERSION,
    ID_PATTERN,
    MAX_BASE_DEPTH,
    MAX_BYTES,
    MAX_COUNT,
    MAX_DEPTH,
    MAX_GOLD,
    MAX_ITEMS,
    MAX_KEY_PARTS,
    MAX_NAME,
    MAX_OBSTACLE,
    MAX_PILE,
    MAX_SAVE_TEXT,
    MAX_STRING,
    MAX_TABLES,
    MAX_TEXT,
    MAX_TEXT_TOTAL,
    MAX_VALUES,
    MIN_CHARACTERS,
    R10_MATERIAL,
)
from verlies.deck.model import Deck, restore_deck
from verlies.deck.patch import (
    Added,
    CardChange,
    CardRef,
    Changed,
    CountChange,
    DeckPatch,
    Difference,
    Recounted,
    Removed,
    Renamed,
)
from verlies.deck.schema import ColorKey, KindKey, ObstacleKey, ShapeKey, TileKindKey
from verlies.deck.toml_io import read_toml

#: Decks pickled before the split of deck.py name ``verlies.deck._restore``.
_restore = restore_deck

__all__ = [
    "FORMAT_VERSION",
    "ID_PATTERN",
    "KINDS",
    "MAX_BASE_DEPTH",
    "MAX_BYTES",
    "MAX_COUNT",
    "MAX_DEPTH",
    "MAX_GOLD",
    "MAX_ITEMS",
    "MAX_KEY_PARTS",
    "MAX_NAME",
    "MAX_OBSTACLE",
    "MAX_PILE",
    "MAX_SAVE_TEXT",
    "MAX_STRING",
    "MAX_TABLES",
    "MAX_TEXT",
    "MAX_TEXT_TOTAL",
    "MAX_VALUES",
    "MIN_CHARACTERS",
    "R10_MATERIAL",
    "SECTION",
    "Added",
    "Card",
    "CardChange",
    "CardRef",
    "Changed",
    "ColorKey",
    "CountChange",
    "Deck",
    "DeckPatch",
    "Difference",
    "Kind",
    "KindKey",
    "ObstacleKey",
    "Recounted",
    "Removed",
    "Renamed",
    "ShapeKey",
    "TileKindKey",
    "card_text_budget",
    "read_toml",
]

"""The limits of a deck file: sizes, counts and numbers a deck may use."""

from __future__ import annotations

from typing import Final

#: Deck files and texts larger than this are refused before parsing (1 MiB).
MAX_BYTES: Final = 1 << 20
#: Largest count of one card, gold on a corridor, obstacle number, text and name lengths.
MAX_COUNT: Final = 1000
MAX_GOLD: Final = 1000
MAX_OBSTACLE: Final = 100
MAX_TEXT: Final = 1000
MAX_NAME: Final = 80
#: Card text in one deck file, all cards together (compiling text is what takes time).
MAX_TEXT_TOTAL: Final = 100_000
#: Card text compiled while a saved game's live edits replay (each edit compiles its
#: cards' text about three times: reading the patch, checking it, applying it).
MAX_SAVE_TEXT: Final = 200_000
#: Most cards in one pile (the sum of its counts).
MAX_PILE: Final = 10_000
#: How many base decks a patch file may stack on (``base = "other.toml"``).
MAX_BASE_DEPTH: Final = 8
#: The number of characters a deck needs: 4 players choose distinct ones (R2.1).
MIN_CHARACTERS: Final = 4
#: R10: the material of the published game (used for warnings only).
R10_MATERIAL: Final[dict[str, int]] = {
    "dungeon": 80,
    "room": 24,
    "monster": 16,
    "treasure": 16,
    "character": 8,
}

# The shape of a deck file's TOML, checked before tomllib reads it (verlies.deck.scan):
# far above what a deck needs, far below what makes tomllib slow or greedy.
#: Parts of one dotted key or table header (``obstacle.n``: 2; decks need at most 2).
MAX_KEY_PARTS: Final = 8
#: Arrays and inline tables inside each other (``remove = [...]``: 1; decks need 2).
MAX_DEPTH: Final = 8
#: Tables in the file: ``[x]`` and ``[[x]]`` headers and inline tables ``{...}``.
MAX_TABLES: Final = 3_000
#: Values in the whole file: keys (``key = value``) and array items together.
MAX_VALUES: Final = 30_000
#: Items of one array.
MAX_ITEMS: Final = 10_000
#: Characters of one string or key, as written in the file (a card text has at most 1,000).
MAX_STRING: Final = 4096

FORMAT_VERSION: Final = 1
ID_PATTERN: Final = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"

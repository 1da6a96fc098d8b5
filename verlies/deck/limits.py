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
FORMAT_VERSION: Final = 1
ID_PATTERN: Final = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"

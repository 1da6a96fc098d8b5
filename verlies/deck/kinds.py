"""The card kinds of a deck, their file sections and the card type of each."""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

from verlies.cards.model import Character, DungeonCard, MonsterCard, RoomCard, TreasureCard
from verlies.deck.words import Words
from verlies.errors import DeckError

Kind: TypeAlias = Literal["dungeon", "room", "monster", "treasure", "character"]
#: The card kinds, in the order of the deck file's sections.
KINDS: Final[tuple[Kind, ...]] = ("character", "dungeon", "room", "monster", "treasure")
#: The kinds whose cards have a count (characters are each there once).
COUNTED: Final[tuple[Kind, ...]] = ("dungeon", "room", "monster", "treasure")
#: The kinds whose cards are a text in the card language.
TEXTED: Final[tuple[Kind, ...]] = ("room", "monster", "treasure")
#: Kind -> the TOML section (array of tables) holding its cards.
SECTION: Final[dict[Kind, str]] = {
    "character": "characters",
    "dungeon": "dungeon",
    "room": "rooms",
    "monster": "monsters",
    "treasure": "treasures",
}
#: A kind or its section name -> the kind.
KIND_OF: Final[dict[str, Kind]] = {
    **{k: k for k in KINDS},
    **{s: k for k, s in SECTION.items()},
}

Card: TypeAlias = DungeonCard | RoomCard | MonsterCard | TreasureCard | Character
CARD_TYPE: Final[dict[Kind, type]] = {
    "character": Character,
    "dungeon": DungeonCard,
    "room": RoomCard,
    "monster": MonsterCard,
    "treasure": TreasureCard,
}


def kind_of(kind: object, allowed: tuple[Kind, ...] = KINDS) -> Kind:
    """Normalise ``"room"``/``"rooms"`` to ``"room"``; DeckError for anything else."""
    k = KIND_OF.get(kind) if isinstance(kind, str) else None
    if k is None or k not in allowed:
        raise DeckError(
            words=Words.of("err.kind", kind=kind, allowed=", ".join(allowed)), field="kind"
        )
    return k

"""Card models: small immutable value types for every card of the game.

The card *behaviour* is data: room, monster and treasure cards carry structured effects
that the card-text language (``verlies.cards.text``) compiles their printed text into.
No card has code of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Self

from verlies.dice import Dice
from verlies.i18n import template


class Attr(StrEnum):
    """A character value (R2.1). The values are the domain's (card language) names; the
    display names in every language are in verlies.i18n (``card.attr.<key>``)."""

    STAERKE = "Stärke"
    GEIST = "Geist"
    GESCHICK = "Geschick"

    @property
    def en(self) -> str:
        """The English display name (``verlies.i18n.values.attr`` for any language)."""
        return template(f"card.attr.{_ATTR_KEY[self]}", "en")

    @property
    def key(self) -> str:
        """ASCII field name, as used in deck files: staerke, geist, geschick."""
        return _ATTR_KEY[self]


_ATTR_KEY = {Attr.STAERKE: "staerke", Attr.GEIST: "geist", Attr.GESCHICK: "geschick"}


class Color(StrEnum):
    """Gem colour of a dungeon card (R2.2) and colour of an obstacle dot (R4.2)."""

    RED = "red"
    BLUE = "blue"
    GREEN = "green"

    @property
    def de(self) -> str:
        """The German display name (``verlies.i18n.values.color`` for any language)."""
        return template(f"card.color.{self.value}", "de")

    @property
    def attr(self) -> Attr:
        """R4.2 [decision]: red tests Stärke, blue Geist, green Geschick."""
        return COLOR_ATTR[self]


COLOR_ATTR: dict[Color, Attr] = {
    Color.RED: Attr.STAERKE,
    Color.BLUE: Attr.GEIST,
    Color.GREEN: Attr.GESCHICK,
}

#: R2.2: which gem colours a game uses, by player count.
COLORS_FOR_PLAYERS: dict[int, tuple[Color, ...]] = {
    1: (Color.RED,),
    2: (Color.RED,),
    3: (Color.RED, Color.BLUE),
    4: (Color.RED, Color.BLUE, Color.GREEN),
}


class ObstacleClass(StrEnum):
    """What happens below the obstacle's number (card 5)."""

    A = "A"  # R5.1 injured and loses 3 gold or a treasure, but passes
    B = "B"  # R5.2 not passed, stays where it was
    C = "C"  # R5.3 injured, but passed


class ObstacleType(StrEnum):
    """The seven obstacles of rule card 5 (German names as printed; display names in
    every language are in verlies.i18n, ``card.obstacle.<key>``)."""

    ABGRUND = "Abgrund"
    SAEURESEE = "Säuresee"
    LAVA = "Lava"
    MAGIE_SPERRE = "Magie-Sperre"
    EINSTURZ = "Einsturz"
    TUER = "Tür"
    HOLZBRUECKE = "Holzbrücke"

    @property
    def cls(self) -> ObstacleClass:
        return OBSTACLE_CLASS[self]

    @property
    def en(self) -> str:
        """The English display name (``verlies.i18n.values.obstacle`` for any language)."""
        return template(f"card.obstacle.{_OBSTACLE_KEY[self]}", "en")

    @property
    def key(self) -> str:
        """ASCII name used in deck files."""
        return _OBSTACLE_KEY[self]

    @staticmethod
    def from_key(key: str) -> ObstacleType:
        for t, k in _OBSTACLE_KEY.items():
            if k == key or t.value == key:
                return t
        raise ValueError(key)


OBSTACLE_CLASS: dict[ObstacleType, ObstacleClass] = {
    ObstacleType.ABGRUND: ObstacleClass.A,
    ObstacleType.SAEURESEE: ObstacleClass.A,
    ObstacleType.LAVA: ObstacleClass.A,
    ObstacleType.MAGIE_SPERRE: ObstacleClass.B,
    ObstacleType.EINSTURZ: ObstacleClass.B,
    ObstacleType.TUER: ObstacleClass.B,
    ObstacleType.HOLZBRUECKE: ObstacleClass.C,
}
_OBSTACLE_KEY = {
    ObstacleType.ABGRUND: "abgrund",
    ObstacleType.SAEURESEE: "saeuresee",
    ObstacleType.LAVA: "lava",
    ObstacleType.MAGIE_SPERRE: "magie_sperre",
    ObstacleType.EINSTURZ: "einsturz",
    ObstacleType.TUER: "tuer",
    ObstacleType.HOLZBRUECKE: "holzbruecke",
}


class TileKind(StrEnum):
    """R3.6: corridors and rooms; start (R2.4) and exits (R1.1) are special."""

    START = "start"
    EXIT = "exit"
    CORRIDOR = "corridor"
    ROOM = "room"


# Passage bits: north, east, south, west (y grows downwards on the board).
N, E, S, W = 1, 2, 4, 8


class Shape(StrEnum):
    """Passage shapes of a dungeon card, in their base orientation."""

    DEAD_END = "dead_end"
    STRAIGHT = "straight"
    BEND = "bend"
    T = "T"
    CROSS = "cross"

    @property
    def mask(self) -> int:
        return SHAPE_MASK[self]


SHAPE_MASK: dict[Shape, int] = {
    Shape.DEAD_END: S,
    Shape.STRAIGHT: N | S,
    Shape.BEND: S | E,
    Shape.T: E | S | W,
    Shape.CROSS: N | E | S | W,
}


#: Draws a card as SVG (card, language). The pictures live a layer above the cards
#: (``verlies.render.svg`` reads card values), so they register themselves here when
#: loaded; the package root loads them, and Python loads the root before any submodule.
_painter: Callable[[Any, str], str] | None = None


def register_card_painter(paint: Callable[[Any, str], str]) -> None:
    """Let cards draw themselves with ``paint(card, lang)`` (``verlies.render.svg``)."""
    global _painter
    _painter = paint


class _ShowsItself:
    """Cards draw themselves in a notebook (``_repr_svg_``), German by default."""

    __slots__ = ()

    def svg(self, lang: str = "de") -> str:
        if _painter is None:  # only when verlies.cards was loaded without the package root
            raise RuntimeError("no card painter: import verlies.render.svg")
        return _painter(self, lang)

    def _repr_svg_(self) -> str:
        return self.svg()

    # Cards are frozen values: a copy of a game (copy.deepcopy, OpenSpiel) shares them.
    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self


@dataclass(frozen=True, slots=True)
class Names:
    """A card's name in German and English (deck data: ``name`` and ``name_en``)."""

    de: str
    en: str

    def get(self, lang: str) -> str:
        """The name in ``lang``; English for a language the deck has no names in."""
        return self.de if lang == "de" else self.en


@dataclass(frozen=True, slots=True)
class Obstacle:
    """An obstacle dot on a corridor (R4.2): type, dot colour and number N."""

    type: ObstacleType
    color: Color
    n: int

    @property
    def attr(self) -> Attr:
        return self.color.attr

    @property
    def cls(self) -> ObstacleClass:
        return self.type.cls


@dataclass(frozen=True, slots=True)
class DungeonCard(_ShowsItself):
    """A dungeon card (tile) as printed. Its count in a deck is the deck's business."""

    KIND: ClassVar[str] = "dungeon"  # the deck it belongs to
    id: str
    kind: TileKind
    color: Color
    shape: Shape
    name: Names
    gold: int = 0
    obstacle: Obstacle | None = None

    @property
    def mask(self) -> int:
        return self.shape.mask


# ---- effects of room cards (R6.2) ------------------------------------------------


@dataclass(frozen=True, slots=True)
class GainGold:
    """Take gold: a dice expression, e.g. ``2+W3 Gold``."""

    dice: Dice


@dataclass(frozen=True, slots=True)
class DrawTreasure:
    """Draw ``count`` treasure cards (face down, R9.3)."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class MonsterEncounter:
    """Draw a monster card and fight it (R6.3, R7)."""


@dataclass(frozen=True, slots=True)
class Injury:
    """The figure is injured (R8)."""


@dataclass(frozen=True, slots=True)
class LoseGoldOrTreasure:
    """Lose ``gold`` coins or one treasure, the player's choice (R9.4)."""

    gold: int = 3


@dataclass(frozen=True, slots=True)
class Blocked:
    """Not passed: the figure goes back to the card it came from."""


Penalty = Injury | LoseGoldOrTreasure | Blocked


@dataclass(frozen=True, slots=True)
class Trap:
    """A test of a value against a number: W6 + value >= target, else the penalties.

    ``attrs`` with more than one entry is a choice the adventurer makes.
    """

    attrs: tuple[Attr, ...]
    target: int
    on_fail: tuple[Penalty, ...]


RoomEffect = GainGold | DrawTreasure | MonsterEncounter | Trap


@dataclass(frozen=True, slots=True)
class RoomCard(_ShowsItself):
    KIND: ClassVar[str] = "room"  # the deck it belongs to
    id: str
    name: Names
    text: str
    effects: tuple[RoomEffect, ...]


# ---- monsters (R7) -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FightOption:
    """The monster fights with ``attr``; the monster's own value is ``value``."""

    attr: Attr
    value: int


@dataclass(frozen=True, slots=True)
class MonsterText:
    """What a monster card's text says: fight options (a choice if several) and possessions."""

    fight: tuple[FightOption, ...]
    loot_gold: Dice | None = None
    loot_treasures: int = 0


@dataclass(frozen=True, slots=True)
class MonsterCard(_ShowsItself):
    KIND: ClassVar[str] = "monster"  # the deck it belongs to
    id: str
    name: Names
    text: str
    fight: tuple[FightOption, ...]
    loot_gold: Dice | None = None
    loot_treasures: int = 0


# ---- treasures (R9) ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RollBonus:
    """Magic: add ``amount`` to one roll; ``attrs`` empty means any roll."""

    amount: int
    attrs: tuple[Attr, ...] = ()


@dataclass(frozen=True, slots=True)
class Heal:
    """Magic: recover from an injury at once (the turn is not lost)."""


MagicEffect = RollBonus | Heal


@dataclass(frozen=True, slots=True)
class TreasureText:
    """What a treasure card's text says."""

    gold: int
    magic: MagicEffect | None = None
    spent: bool = False  # R9.5: "verbraucht": once used, its gold no longer counts


@dataclass(frozen=True, slots=True)
class TreasureCard(_ShowsItself):
    KIND: ClassVar[str] = "treasure"  # the deck it belongs to
    id: str
    name: Names
    text: str
    gold: int
    magic: MagicEffect | None = None
    spent: bool = False

    @property
    def is_magic(self) -> bool:
        """R9.2: treasures marked M."""
        return self.magic is not None


# ---- characters (R2.1) ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Character(_ShowsItself):
    KIND: ClassVar[str] = "character"  # the deck it belongs to
    id: str
    name: Names
    staerke: int
    geist: int
    geschick: int
    values: tuple[int, int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", (self.staerke, self.geist, self.geschick))

    def value(self, attr: Attr) -> int:
        if attr is Attr.STAERKE:
            return self.staerke
        if attr is Attr.GEIST:
            return self.geist
        return self.geschick

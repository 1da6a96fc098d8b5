"""The visual vocabulary of the game: what :mod:`verlies.render.shapes` draws with.

Everything here is a plain constant: colours as ``#rrggbb`` strings, sizes as fractions of a
tile's side (multiply by the tile size in pixels), glyphs as SVG path strings in a 10 x 10 box
(``ipycanvas.Path2D`` takes the same strings). No widget or drawing library is imported.

Colours follow the Okabe-Ito palette where colours carry meaning, so that the three gem and
obstacle colours stay apart for colour-blind players; each is also shown as a letter
(:data:`COLOR_LETTER`: R, B, G for rot/red, blau/blue, grün/green, the same in both languages).
Words are in :mod:`verlies.i18n` ("render" section).
"""

from __future__ import annotations

from dataclasses import dataclass

from verlies import i18n
from verlies.cards.model import Attr, Color, ObstacleType, TileKind

# ---- fonts ----

#: One font stack everywhere; DejaVu Sans has α and Ω and is on Debian by default.
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
#: Average advance of a character, in em, used to wrap text by character count.
CHAR_EM = 0.56
CHAR_EM_BOLD = 0.62

# ---- the dungeon: rock, floor, rooms ----

TABLE = "#27221e"  # behind the board
ROCK = "#4d433b"
ROCK_EDGE = "#2c2621"
ROCK_SPECK = "#5d5249"
FLOOR = "#eadfc6"
FLOOR_EDGE = "#a58f69"
ROOM_FLOOR = "#d6c39b"
ROOM_WALL = "#7c6749"
ROOM_LINE = "#bea77c"  # flagstone joints
INK = "#231d18"  # dark text and outlines
PAPER = "#f6f0e2"  # light text and badges

# ---- meaning-carrying colours (Okabe-Ito) ----

#: Gem colour of a dungeon card (R2.2) and colour of an obstacle dot (R4.2).
GEM: dict[Color, str] = {
    Color.RED: "#d55e00",
    Color.BLUE: "#0072b2",
    Color.GREEN: "#009e73",
}
#: The colour-blind cue written on every gem and obstacle dot.
COLOR_LETTER: dict[Color, str] = {Color.RED: "R", Color.BLUE: "B", Color.GREEN: "G"}
#: Obstacle dots use the gem colours (the dot's colour names the value tested, R4.2).
OBSTACLE_DOT: dict[Color, str] = GEM
GOLD = "#f2c230"
GOLD_EDGE = "#8a6a00"
GOLD_INK = "#3b2a00"
MAGIC = "#7b3fa0"  # the "M" badge of magic treasures (R9.2)
DANGER = "#b3261e"  # collapse cross, injuries

#: Figure colours by seat (seats beyond the list wrap around).
PLAYER: tuple[str, ...] = ("#e69f00", "#56b4e9", "#cc79a7", "#f4f4f4")
PLAYER_INK: tuple[str, ...] = (INK, INK, INK, INK)


@dataclass(frozen=True, slots=True)
class Highlight:
    """How a highlighted cell is outlined: stroke colour, translucent fill, dash pattern."""

    stroke: str
    fill: str
    fill_opacity: float
    dash: str  # SVG stroke-dasharray in fractions of a tile ("" = solid)


#: Highlight styles by purpose. They differ in dash pattern too, not only in colour.
HIGHLIGHT: dict[str, Highlight] = {
    "place": Highlight("#35d0ba", "#35d0ba", 0.22, "0.08 0.05"),  # a legal placement (R3.2)
    "walk": Highlight("#ffd23f", "#ffd23f", 0.25, ""),  # a legal walk target (R3.5)
    "select": Highlight("#ffffff", "#ffffff", 0.12, "0.03 0.03"),
}
DEFAULT_HIGHLIGHT = "place"


def player_color(seat: int) -> str:
    return PLAYER[seat % len(PLAYER)]


# ---- tile geometry, as fractions of the tile side ----

PASSAGE_W = 0.36  # width of a corridor channel
PASSAGE_EDGE = 0.025  # the darker rim drawn around floor
ROOM_W = 0.62  # side of a room's chamber
HUB_R = PASSAGE_W / 2  # rounded end of a dead end
TILE_RADIUS = 0.04  # rounded card corners
TILE_GAP = 0.015  # gap between neighbouring tiles on the board (each side)

GEM_POS = (0.15, 0.15)  # top-left corner: gem (card colour)
GEM_R = 0.11
GOLD_POS = (0.83, 0.17)  # top-right corner: gold coin
GOLD_R = 0.135
OBSTACLE_POS = (0.5, 0.5)  # on the corridor, in the middle
OBSTACLE_R = 0.19
GLYPH_POS = (0.83, 0.83)  # bottom-right corner: the obstacle's pictogram
GLYPH_R = 0.135
GLYPH_LINE = 0.02  # the pictogram's ring, in the obstacle's colour
COUNT_POS = (0.17, 0.85)  # bottom-left corner: "×N" on print sheets
EMBLEM_R = 0.17  # α / Ω plaque

#: Figures (board): height of a standing figure, and offsets when several share a cell.
FIGURE_H = 0.46
FIGURE_H_CROWDED = 0.36
#: The smallest seat number on a figure, in px: still readable on a zoomed-out board.
FIGURE_LABEL_MIN = 8.0
FIGURE_OFFSETS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.0, 0.0),),
    2: ((-0.2, 0.0), (0.2, 0.0)),
    3: ((-0.2, -0.16), (0.2, -0.16), (0.0, 0.2)),
    4: ((-0.2, -0.2), (0.2, -0.2), (-0.2, 0.2), (0.2, 0.2)),
}

# ---- start and exit ----

EMBLEM: dict[TileKind, str] = {TileKind.START: "α", TileKind.EXIT: "Ω"}
EMBLEM_COLOR: dict[TileKind, str] = {TileKind.START: "#a3261b", TileKind.EXIT: "#1d6b4f"}
RUBBLE = ("#8d8378", "#6f665d", "#a79d91")

# ---- obstacles ----


@dataclass(frozen=True, slots=True)
class Glyph:
    """A pictogram in a 10 x 10 box: filled paths, then stroked paths (stroke width 1)."""

    fill: tuple[str, ...]
    stroke: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Named:
    """A picture's word, by its key in :mod:`verlies.i18n` (so every language has it)."""

    key: str

    @classmethod
    def obstacle(cls, value: ObstacleType) -> Named:
        return cls(f"card.obstacle.{value.key}")

    def get(self, lang: str) -> str:
        return i18n.text(self.key, lang)


@dataclass(frozen=True, slots=True)
class ObstacleStyle:
    name: Named
    glyph: Glyph


OBSTACLE: dict[ObstacleType, ObstacleStyle] = {
    ObstacleType.ABGRUND: ObstacleStyle(
        Named.obstacle(ObstacleType.ABGRUND),
        # two rock walls with a deep, jagged gap between them
        Glyph(
            (
                "M0.3 2.4 L3.8 2.4 L4.5 4.4 L3.6 6.4 L4.3 9.7 L0.3 9.7 Z",
                "M9.7 2.4 L6.2 2.4 L5.6 4 L6.6 6.6 L5.8 9.7 L9.7 9.7 Z",
            ),
        ),
    ),
    ObstacleType.SAEURESEE: ObstacleStyle(
        Named.obstacle(ObstacleType.SAEURESEE),
        # bubbles over waves
        Glyph(
            (
                "M3 1.2 A1.2 1.2 0 1 0 3 3.6 A1.2 1.2 0 1 0 3 1.2 Z",
                "M6.6 2.6 A0.8 0.8 0 1 0 6.6 4.2 A0.8 0.8 0 1 0 6.6 2.6 Z",
            ),
            ("M0.5 6 Q2 4.8 3.5 6 T6.5 6 T9.5 6", "M0.5 8.6 Q2 7.4 3.5 8.6 T6.5 8.6 T9.5 8.6"),
        ),
    ),
    ObstacleType.LAVA: ObstacleStyle(
        Named.obstacle(ObstacleType.LAVA),
        # a flame
        Glyph(
            (
                "M5 0.4 C6.2 2.6 8.6 3.6 8.3 6.6 C8.1 8.6 6.6 9.6 5 9.6 C3.2 9.6 1.7 8.5 1.8 6.5 "
                "C1.9 4.9 3.2 4.3 3.4 2.6 C4.3 3.5 4.6 4.4 4.6 5.4 C5.8 4.2 5.8 2.3 5 0.4 Z",
            )
        ),
    ),
    ObstacleType.MAGIE_SPERRE: ObstacleStyle(
        Named.obstacle(ObstacleType.MAGIE_SPERRE),
        # a four-pointed spark
        Glyph(("M5 0.3 L6.1 3.9 L9.7 5 L6.1 6.1 L5 9.7 L3.9 6.1 L0.3 5 L3.9 3.9 Z",)),
    ),
    ObstacleType.EINSTURZ: ObstacleStyle(
        Named.obstacle(ObstacleType.EINSTURZ),
        # a pile of rocks
        Glyph(
            (
                "M0.6 9.4 L1.4 6.2 L4.2 5.4 L5.2 9.4 Z",
                "M5.6 9.4 L5 5.8 L7.6 4.8 L9.4 6.6 L9.4 9.4 Z",
                "M2.6 5 L3.4 2.2 L6 1.2 L7.2 3.6 L5.6 4.8 Z",
            )
        ),
    ),
    ObstacleType.TUER: ObstacleStyle(
        Named.obstacle(ObstacleType.TUER),
        # an arched door with its knob cut out
        Glyph(
            (
                "M1.8 9.6 L1.8 4.2 A3.2 3.2 0 0 1 8.2 4.2 L8.2 9.6 Z "
                "M6.2 6 A0.7 0.7 0 1 0 6.2 7.4 A0.7 0.7 0 1 0 6.2 6 Z",
            )
        ),
    ),
    ObstacleType.HOLZBRUECKE: ObstacleStyle(
        Named.obstacle(ObstacleType.HOLZBRUECKE),
        # planks between two ropes
        Glyph(
            (
                "M2.4 1 L7.6 1 L7.6 2.6 L2.4 2.6 Z",
                "M2.4 3.4 L7.6 3.4 L7.6 5 L2.4 5 Z",
                "M2.4 5.8 L7.6 5.8 L7.6 7.4 L2.4 7.4 Z",
                "M2.4 8.2 L7.6 8.2 L7.6 9.8 L2.4 9.8 Z",
            ),
            ("M1.4 0.2 L1.4 9.8", "M8.6 0.2 L8.6 9.8"),
        ),
    ),
}

# ---- playing cards ----

#: A playing card, portrait, 63 x 88 mm; drawn in a viewBox of these units (0.1 mm).
CARD_W = 630
CARD_H = 880
#: A dungeon card on the table, 50 x 50 mm.
TILE_MM = 50.0
CARD_MM = (63.0, 88.0)


@dataclass(frozen=True, slots=True)
class DeckStyle:
    """Colours of one deck's cards and its icon (a path in a 10 x 10 box); its label is the
    i18n key ``render.deck.<deck>``."""

    frame: str
    accent: str
    paper: str
    icon: Glyph


#: The four decks of R2.3 plus characters and the dungeon cards themselves.
DECK: dict[str, DeckStyle] = {
    "dungeon": DeckStyle(
        "#3a322b",
        "#6b5b4c",
        "#f1e9d6",
        # a cut gem: the dungeon deck's back (R2.3)
        Glyph(("M2.2 1.6 L7.8 1.6 L9.8 4.2 L5 9.6 L0.2 4.2 Z",), ("M0.2 4.2 L9.8 4.2",)),
    ),
    "room": DeckStyle(
        "#3d3630",
        "#76664f",
        "#efe7d4",
        # a portcullis (R2.3)
        Glyph(
            (
                "M0.6 10 L0.6 4 A4.4 4 0 0 1 9.4 4 L9.4 10 L8.4 10 L8.4 4.2 A3.4 3 0 0 0 1.6 4.2 "
                "L1.6 10 Z",
            ),
            (
                "M3.2 1.6 L3.2 9.6",
                "M5 1.2 L5 9.6",
                "M6.8 1.6 L6.8 9.6",
                "M1.6 4.6 L8.4 4.6",
                "M1.6 7.2 L8.4 7.2",
            ),
        ),
    ),
    "monster": DeckStyle(
        "#3e1a1a",
        "#8e2b26",
        "#f3e6dc",
        # a mummy's head: bandages (gaps cut out) and two eyes
        Glyph(
            (
                "M5 0.4 C8 0.4 9.2 2.8 9.2 5.4 L9.2 9.8 L0.8 9.8 L0.8 5.4 C0.8 2.8 2 0.4 5 0.4 Z "
                "M0.8 3.3 L9.2 2.5 L9.2 3.1 L0.8 3.9 Z "
                "M2.6 4.7 L4.4 4.9 L4.3 5.9 L2.7 5.8 Z M5.6 4.9 L7.4 4.7 L7.3 5.8 L5.7 5.9 Z "
                "M0.8 7 L9.2 6.4 L9.2 7 L0.8 7.6 Z M0.8 8.7 L9.2 8.3 L9.2 8.8 L0.8 9.2 Z",
            ),
        ),
    ),
    "treasure": DeckStyle(
        "#4a3a10",
        "#a57d12",
        "#f6eed6",
        # a treasure chest (R2.3)
        Glyph(
            (
                "M0.6 4.6 L9.4 4.6 L9.4 9.4 L0.6 9.4 Z M4.2 5.2 L5.8 5.2 L5.8 7.4 L4.2 7.4 Z",
                "M0.6 4 L0.6 3.4 C0.6 1.6 2 0.8 5 0.8 C8 0.8 9.4 1.6 9.4 3.4 L9.4 4 Z",
            ),
        ),
    ),
    "character": DeckStyle(
        "#1c2f45",
        "#2f5f8c",
        "#eaf0f4",
        # a figure (R2.1)
        Glyph(
            (
                "M5 0.4 A2 2 0 1 0 5 4.4 A2 2 0 1 0 5 0.4 Z",
                "M1.4 9.8 C1.4 6.6 2.6 4.8 5 4.8 C7.4 4.8 8.6 6.6 8.6 9.8 Z",
            ),
        ),
    ),
}

#: Labels of the three character values (R2.1).
ATTR_LABEL: dict[Attr, Named] = {a: Named(f"card.attr.{a.key}") for a in Attr}
#: The colour whose obstacles test each value (R4.2 [decision]); used to tint value badges.
ATTR_COLOR: dict[Attr, Color] = {
    Attr.STAERKE: Color.RED,
    Attr.GEIST: Color.BLUE,
    Attr.GESCHICK: Color.GREEN,
}
COLOR_NAME: dict[Color, Named] = {c: Named(f"card.color.{c.value}") for c in Color}

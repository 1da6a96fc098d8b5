"""Form values the deck refused (issue 38 leftovers, item 1), as plain data.

A card's count, a dungeon card's fields or a character's values that the deck refuses
(a negative count, the start card twice, gold on a room tile, a value above 10) leave
the draft as it was. The values as typed are kept per card and field group (``count``,
``tile``, ``character``) as JSON-ready values (numbers, and enum members by their
value), so the editor shows them again with their error and the workspace can write
them at once and read them back after a reload or a dead kernel. No widgets.
"""

from __future__ import annotations

from enum import Enum
from typing import cast

from verlies.cards.model import (
    Character,
    Color,
    DungeonCard,
    Obstacle,
    ObstacleType,
    Shape,
    TileKind,
)
from verlies.deck import Deck

__all__ = [
    "ENUMS",
    "GROUPS",
    "MAX_NUMBER",
    "NO_OBSTACLE",
    "Values",
    "edited",
    "group_kinds",
    "value_problem",
]

#: The obstacle dropdown's "no obstacle" (a Dropdown shows a value of None as no
#: selection, so it is a string).
NO_OBSTACLE = "none"

#: The form's fields of each group, as the form names them.
GROUPS: dict[str, tuple[str, ...]] = {
    "count": ("count",),
    "tile": (
        "tile_kind",
        "tile_color",
        "tile_shape",
        "gold",
        "obstacle_type",
        "obstacle_color",
        "obstacle_n",
    ),
    "character": ("staerke", "geist", "geschick"),
}

#: The fields that take one of an enum's members (kept by its value).
ENUMS: dict[str, type[Enum]] = {
    "tile_kind": TileKind,
    "tile_color": Color,
    "tile_shape": Shape,
    "obstacle_type": ObstacleType,
    "obstacle_color": Color,
}

#: The largest number (either sign) kept: far beyond any the deck takes, so a kept value
#: is still refused with the deck's own words, and a hostile one is bounded.
MAX_NUMBER = 10**9

#: A group's fields by name: numbers, enum members by their value, and None for the
#: obstacle's colour while the card has no obstacle (its dropdown is off and empty).
Values = dict[str, int | str | None]


def group_kinds(group: str) -> tuple[str, ...]:
    """The kinds of card that have the fields of ``group``."""
    if group == "tile":
        return ("dungeon",)
    if group == "character":
        return ("character",)
    return ("dungeon", "room", "monster", "treasure")


def value_problem(name: str, value: object) -> str | None:
    """What is wrong with ``value`` for the form field ``name`` (None: nothing): the
    words a reader of kept values puts after the field's place."""
    if name == "obstacle_color" and value is None:
        return None
    if name in ENUMS:
        choices = [str(m.value) for m in ENUMS[name]]
        if name == "obstacle_type":
            choices.insert(0, NO_OBSTACLE)
        if not isinstance(value, str) or value not in choices:
            return f"one of {', '.join(choices)}"
        return None
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_NUMBER:
        return f"a whole number from {-MAX_NUMBER} to {MAX_NUMBER}"
    return None


def _made(card: DungeonCard | Character, values: Values) -> DungeonCard | Character:
    def number(name: str) -> int:
        return int(values[name] or 0)

    if isinstance(card, Character):
        return Character(card.id, card.name, number("staerke"), number("geist"), number("geschick"))
    otype = str(values["obstacle_type"])
    obstacle = None
    if otype != NO_OBSTACLE:
        color = values["obstacle_color"]
        # None as the form gives it (no colour chosen): the deck refuses it in its words
        hue = cast(Color, None) if color is None else Color(str(color))
        obstacle = Obstacle(ObstacleType(otype), hue, number("obstacle_n"))
    return DungeonCard(
        card.id,
        TileKind(str(values["tile_kind"])),
        Color(str(values["tile_color"])),
        Shape(str(values["tile_shape"])),
        card.name,
        number("gold"),
        obstacle,
    )


def edited(draft: Deck, key: tuple[str, str], group: str, values: Values) -> Deck:
    """``draft`` with card ``key``'s ``group`` fields set to ``values`` as the form's
    edit sets them. Raises what the deck raises for a value it refuses (DeckError,
    ValueError, KeyError for a card not in the draft)."""
    kind, cid = key
    if group == "count":
        return draft.with_count(kind, cid, int(values["count"] or 0))
    card = draft.cards(kind)[cid]
    if not isinstance(card, (DungeonCard, Character)):
        raise ValueError(f"card {cid!r} has no {group} fields")
    return draft.with_card(kind, _made(card, values))

"""Actions (a player's choices) and chance outcomes: small value types.

Each is a NamedTuple whose last field is a kind tag, so two different kinds never compare
equal and a stale action from an earlier position is recognised by value.

>>> Place(1, 0, 10).label
'lay the card at (1, 0), passages E+W'
>>> Walk(((0, 1), (0, 2))) == Walk(((0, 1), (0, 2)))
True
>>> Draw() == Wait()
False
"""

from __future__ import annotations

from typing import Any, NamedTuple

from verlies.board import SIDE_NAME, Pos
from verlies.cards.model import Attr


def _sides(mask: int) -> str:
    return "+".join(SIDE_NAME[d] for d in (1, 2, 4, 8) if mask & d)


class Draw(NamedTuple):
    """R3.1(a): draw the top dungeon card (to lay it next to the figure's card)."""

    kind: str = "draw"

    @property
    def label(self) -> str:
        return "draw a dungeon card"

    @property
    def label_de(self) -> str:
        return "Verlieskarte ziehen"


class Place(NamedTuple):
    """R3.2: lay the drawn card in cell (x, y) with the passages of ``mask``."""

    x: int
    y: int
    mask: int
    kind: str = "place"

    @property
    def label(self) -> str:
        return f"lay the card at ({self.x}, {self.y}), passages {_sides(self.mask)}"

    @property
    def label_de(self) -> str:
        return f"Karte an ({self.x}, {self.y}) legen, Gänge {_sides(self.mask)}"


class ShuffleBack(NamedTuple):
    """R1.4: shuffle a drawn exit back into the dungeon deck; the turn ends."""

    kind: str = "shuffle_back"

    @property
    def label(self) -> str:
        return "shuffle the exit back (not enough gold yet)"

    @property
    def label_de(self) -> str:
        return "Ausgang zurückmischen (noch nicht genug Gold)"


class Walk(NamedTuple):
    """R3.5: walk one or two cards along ``path``."""

    path: tuple[Pos, ...]
    kind: str = "walk"

    @property
    def to(self) -> Pos:
        return self.path[-1]

    @property
    def label(self) -> str:
        return "walk to " + " → ".join(f"({x}, {y})" for x, y in self.path)

    @property
    def label_de(self) -> str:
        return "gehe nach " + " → ".join(f"({x}, {y})" for x, y in self.path)


class Wait(NamedTuple):
    """R3.5 [decision]: no legal move at all; the turn passes."""

    kind: str = "wait"

    @property
    def label(self) -> str:
        return "wait (no move possible)"

    @property
    def label_de(self) -> str:
        return "warten (kein Zug möglich)"


class Recover(NamedTuple):
    """R8.2: an injured figure spends the turn recovering."""

    kind: str = "recover"

    @property
    def label(self) -> str:
        return "recover from the injury"

    @property
    def label_de(self) -> str:
        return "von der Verletzung erholen"


class UseHeal(NamedTuple):
    """R9.5: use a magic treasure that heals, then play the turn."""

    treasure: str
    kind: str = "use_heal"

    @property
    def label(self) -> str:
        return f"use treasure {self.treasure} to heal"

    @property
    def label_de(self) -> str:
        return f"Schatz {self.treasure} zum Heilen benutzen"


class Attempt(NamedTuple):
    """R4.2: try to pass the obstacle (optionally with a magic roll bonus, R9.5)."""

    treasure: str | None = None
    kind: str = "attempt"

    @property
    def label(self) -> str:
        extra = f" using {self.treasure}" if self.treasure else ""
        return "try to pass the obstacle" + extra

    @property
    def label_de(self) -> str:
        extra = f" mit {self.treasure}" if self.treasure else ""
        return "Hindernis überwinden" + extra


class Decline(NamedTuple):
    """R4.3: do not try; the figure does not enter (R5.4)."""

    kind: str = "decline"

    @property
    def label(self) -> str:
        return "do not try (stay)"

    @property
    def label_de(self) -> str:
        return "nicht versuchen (stehen bleiben)"


class Choose(NamedTuple):
    """R7.1: the value used in a fight or a trap (optionally with a roll bonus)."""

    attr: Attr
    treasure: str | None = None
    kind: str = "choose"

    @property
    def label(self) -> str:
        extra = f" using {self.treasure}" if self.treasure else ""
        return f"use {self.attr.en}" + extra

    @property
    def label_de(self) -> str:
        extra = f" mit {self.treasure}" if self.treasure else ""
        return f"mit {self.attr.value}" + extra


class LoseGold(NamedTuple):
    """R9.4: lose the coins (3, or all if fewer)."""

    kind: str = "lose_gold"

    @property
    def label(self) -> str:
        return "lose gold"

    @property
    def label_de(self) -> str:
        return "Gold abgeben"


class LoseTreasure(NamedTuple):
    """R9.4: lose one treasure instead; it goes under the treasure deck."""

    treasure: str
    kind: str = "lose_treasure"

    @property
    def label(self) -> str:
        return f"lose treasure {self.treasure}"

    @property
    def label_de(self) -> str:
        return f"Schatz {self.treasure} abgeben"


Action = (
    Draw
    | Place
    | ShuffleBack
    | Walk
    | Wait
    | Recover
    | UseHeal
    | Attempt
    | Decline
    | Choose
    | LoseGold
    | LoseTreasure
)


class LegalActions(tuple[Any, ...]):
    """The legal actions now: a tuple with readable labels (python-chess style)."""

    __slots__ = ()

    def labels(self, lang: str = "en") -> list[str]:
        return [a.label if lang == "en" else a.label_de for a in self]

    def __repr__(self) -> str:
        return f"<LegalActions ({len(self)}): " + ", ".join(self.labels()) + ">"


# ---- chance outcomes -----------------------------------------------------------------


class Roll(NamedTuple):
    """A die roll (or the total of a dice expression) came out as ``value``."""

    value: int
    kind: str = "roll"

    @property
    def label(self) -> str:
        return f"roll {self.value}"

    @property
    def label_de(self) -> str:
        return f"Wurf {self.value}"


class Card(NamedTuple):
    """The card with id ``card`` was drawn."""

    card: str
    kind: str = "card"

    @property
    def label(self) -> str:
        return f"draw {self.card}"

    @property
    def label_de(self) -> str:
        return f"ziehe {self.card}"


Outcome = Roll | Card


# ---- serialisation ---------------------------------------------------------------------

ACTION_TYPES: dict[str, type] = {
    t._field_defaults["kind"]: t
    for t in (
        Draw,
        Place,
        ShuffleBack,
        Walk,
        Wait,
        Recover,
        UseHeal,
        Attempt,
        Decline,
        Choose,
        LoseGold,
        LoseTreasure,
        Roll,
        Card,
    )
}


def to_json(step: Action | Outcome) -> list[Any]:
    """An action or outcome as a JSON list: kind first, then its fields."""
    kind = step[-1]
    args: list[Any] = []
    for v in step[:-1]:
        if isinstance(v, Attr):
            args.append(v.key)
        elif isinstance(v, tuple):
            args.append([list(p) for p in v])
        else:
            args.append(v)
    return [kind, *args]


def from_json(data: Any) -> Action | Outcome:
    """Inverse of ``to_json``; raises ValueError on anything malformed."""
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise ValueError(f"not an action: {data!r}")
    kind, *args = data
    t = ACTION_TYPES.get(kind)
    if t is None:
        raise ValueError(f"unknown action kind {kind!r}")
    fields = [f for f in t._fields if f != "kind"]  # type: ignore[attr-defined]
    if len(args) > len(fields):
        raise ValueError(f"too many fields for {kind!r}: {data!r}")
    values: list[Any] = []
    for name, v in zip(fields, args, strict=False):
        if name == "path":
            if not isinstance(v, list) or not all(
                isinstance(p, list) and len(p) == 2 and all(type(c) is int for c in p) for p in v
            ):
                raise ValueError(f"bad path {v!r}")
            values.append(tuple((p[0], p[1]) for p in v))
        elif name == "attr":
            attr = next((a for a in Attr if a.key == v), None)
            if attr is None:
                raise ValueError(f"bad attribute {v!r}")
            values.append(attr)
        elif name in ("treasure", "card"):
            if v is not None and not isinstance(v, str):
                raise ValueError(f"bad card id {v!r}")
            values.append(v)
        else:
            if type(v) is not int:
                raise ValueError(f"bad number {v!r} in {kind!r}")
            values.append(v)
    result: Action | Outcome = t(*values)
    return result

"""Actions (a player's choices) and chance outcomes: small value types.

Each is a NamedTuple whose last field is a kind tag, so two different kinds never compare
equal and a stale action from an earlier position is recognised by value. The values hold
no words: ``describe(step, lang)`` (and the ``label``/``label_de`` shortcuts) asks
``verlies.i18n`` for the label in a language.

>>> Place(1, 0, 10).label
'lay the card at (1, 0), passages E+W'
>>> describe(Place(1, 0, 10), "de")
'Karte an (1, 0) legen, Gänge O+W'
>>> Walk(((0, 1), (0, 2))) == Walk(((0, 1), (0, 2)))
True
>>> Draw() == Wait()
False
"""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol

from verlies.board import Pos
from verlies.cards.model import Attr
from verlies.errors import Phrase, StepError
from verlies.i18n import template
from verlies.i18n.values import attr, path, sides


class Draw(NamedTuple):
    """R3.1(a): draw the top dungeon card (to lay it next to the figure's card)."""

    kind: str = "draw"

    @property
    def label(self) -> str:
        return describe(self, "en")

    @property
    def label_de(self) -> str:
        return describe(self, "de")


class Place(NamedTuple):
    """R3.2: lay the drawn card in cell (x, y) with the passages of ``mask``."""

    x: int
    y: int
    mask: int
    kind: str = "place"

    @property
    def label(self) -> str:
        return describe(self, "en")

    @property
    def label_de(self) -> str:
        return describe(self, "de")


class ShuffleBack(NamedTuple):
    """R1.4: shuffle a drawn exit back into the dungeon deck; the turn ends."""

    kind: str = "shuffle_back"

    @property
    def label(self) -> str:
        return describe(self, "en")

    @property
    def label_de(self) -> str:
        return describe(self, "de")


class Walk(NamedTuple):
    """R3.5: walk one or two cards along ``path``."""

    path: tuple[Pos, ...]
    kind: str = "walk"

    @property
    def to(self) -> Pos:
        return self.path[-1]

    @property
    def label(self) -> str:
        return describe(self, "en")

    @property
    def label_de(self) -> str:
        return describe(self, "de")


class Wait(NamedTuple):
    """R3.5 [decision]: no legal move at all; the turn passes."""

    kind: str = "wait"

    @property
    def label(self) -> str:
        return describe(self, "en")

    @property
    def label_de(self) -> str:
        return describe(self, "de")


class Recover(NamedTuple):
    """R8.2: an injured figure spends the turn recovering."""

    kind: str = "recover"

    @property
    def label(self) -> str:
        return describe(self, "en")

    @property
    def label_de(self) -> str:
        return describe(self, "de")


class UseHeal(NamedTuple):
    """R9.5: use a magic treasure that heals, then play the turn."""

    treasure: str
    kind: str = "use_heal"

    @property
    def label(self) -> str:
        return describe(self, "en")

    @property
    def label_de(self) -> str:
        return describe(self, "de")


class Attempt(NamedTuple):
    """R4.2: try to pass the obstacle (optionally with a magic roll bonus, R9.5)."""

    treasure: str | None = None
    kind: str = "attempt"

    @property
    def label(self) -> str:
        return describe(self, "en")

    @property
    def label_de(self) -> str:
        return describe(self, "de")


class Decline(NamedTuple):
    """R4.3: do not try; the figure does not enter (R5.4)."""

    kind: str = "decline"

    @property
    def label(self) -> str:
        return describe(self, "en")

    @property
    def label_de(self) -> str:
        return describe(self, "de")


class Choose(NamedTuple):
    """R7.1: the value used in a fight or a trap (optionally with a roll bonus)."""

    attr: Attr
    treasure: str | None = None
    kind: str = "choose"

    @property
    def label(self) -> str:
        return describe(self, "en")

    @property
    def label_de(self) -> str:
        return describe(self, "de")


class LoseGold(NamedTuple):
    """R9.4: lose the coins (3, or all if fewer)."""

    kind: str = "lose_gold"

    @property
    def label(self) -> str:
        return describe(self, "en")

    @property
    def label_de(self) -> str:
        return describe(self, "de")


class LoseTreasure(NamedTuple):
    """R9.4: lose one treasure instead; it goes under the treasure deck."""

    treasure: str
    kind: str = "lose_treasure"

    @property
    def label(self) -> str:
        return describe(self, "en")

    @property
    def label_de(self) -> str:
        return describe(self, "de")


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
        return [describe(a, lang) for a in self]

    def __repr__(self) -> str:
        return f"<LegalActions ({len(self)}): " + ", ".join(self.labels()) + ">"


# ---- chance outcomes -----------------------------------------------------------------


class Roll(NamedTuple):
    """A die roll (or the total of a dice expression) came out as ``value``."""

    value: int
    kind: str = "roll"

    @property
    def label(self) -> str:
        return describe(self, "en")

    @property
    def label_de(self) -> str:
        return describe(self, "de")


class Card(NamedTuple):
    """The card with id ``card`` was drawn."""

    card: str
    kind: str = "card"

    @property
    def label(self) -> str:
        return describe(self, "en")

    @property
    def label_de(self) -> str:
        return describe(self, "de")


Outcome = Roll | Card


# ---- labels (the words are in verlies.i18n) ---------------------------------------------


class _Patch(Protocol):
    def describe(self, lang: str = "en") -> str: ...


class _Edit(Protocol):
    """A live deck edit taken as a step (``verlies.game.Edit``)."""

    @property
    def patch(self) -> _Patch: ...


def describe(step: Action | Outcome | _Edit, lang: str = "en") -> str:
    """The label of an action, chance outcome or edit in ``lang``: the ``action.<kind>``
    template of verlies.i18n filled with the step's values in words."""
    if isinstance(step, Place):
        return template("action.place", lang).format(
            x=step.x, y=step.y, sides=sides(step.mask, lang)
        )
    if isinstance(step, Walk):
        return template("action.walk", lang).format(path=path(step.path, lang))
    if isinstance(step, Attempt):
        if step.treasure:
            return template("action.attempt.with", lang).format(treasure=step.treasure)
        return template("action.attempt", lang)
    if isinstance(step, Choose):
        name = attr(step.attr, lang)
        if step.treasure:
            return template("action.choose.with", lang).format(attr=name, treasure=step.treasure)
        return template("action.choose", lang).format(attr=name)
    if isinstance(step, UseHeal | LoseTreasure):
        return template("action." + step.kind, lang).format(treasure=step.treasure)
    if isinstance(step, Roll):
        return template("action.roll", lang).format(value=step.value)
    if isinstance(step, Card):
        return template("action.card", lang).format(card=step.card)
    if isinstance(step, Draw | ShuffleBack | Wait | Recover | Decline | LoseGold):
        return template("action." + step.kind, lang)
    return template("action.edit", lang).format(what=step.patch.describe(lang))


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


#: Characters of a step's raw JSON an error shows at most (a link may hold megabytes).
SHOWN_RAW = 120


def _bad(key: str, **values: object) -> StepError:
    """A step that is no action, in words (``step.err.*``): a link or save file says it in
    the page's language; raw values are shown as Python writes them, cut short."""
    shown = {k: v if isinstance(v, int) else repr(v)[:SHOWN_RAW] for k, v in values.items()}
    return StepError(words=Phrase.of(key, **shown))


def from_json(data: Any) -> Action | Outcome:
    """Inverse of ``to_json``; raises :class:`~verlies.errors.StepError` (a ValueError)
    on anything malformed, in words of any language."""
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise _bad("step.err.not_action", data=data)
    kind, *args = data
    t = ACTION_TYPES.get(kind)
    if t is None:
        raise _bad("step.err.kind", kind=kind)
    fields = [f for f in t._fields if f != "kind"]  # type: ignore[attr-defined]
    if len(args) > len(fields):
        raise _bad("step.err.too_many", kind=kind, data=data)
    required = [f for f in fields if f not in t._field_defaults]  # type: ignore[attr-defined]
    if len(args) < len(required):  # else the constructor's own TypeError, in English only
        raise _bad("step.err.too_few", kind=kind, data=data)
    values: list[Any] = []
    for name, v in zip(fields, args, strict=False):
        if name == "path":
            if not isinstance(v, list) or not all(
                isinstance(p, list) and len(p) == 2 and all(type(c) is int for c in p) for p in v
            ):
                raise _bad("step.err.path", value=v)
            values.append(tuple((p[0], p[1]) for p in v))
        elif name == "attr":
            attr = next((a for a in Attr if a.key == v), None)
            if attr is None:
                raise _bad("step.err.attribute", value=v)
            values.append(attr)
        elif name in ("treasure", "card"):
            if v is not None and not isinstance(v, str):
                raise _bad("step.err.card", value=v)
            values.append(v)
        else:
            if type(v) is not int:
                raise _bad("step.err.number", value=v, kind=kind)
            values.append(v)
    result: Action | Outcome = t(*values)
    return result

"""The engine's raw values in words: cells, card words and event sentences.

The engine keeps values raw (seats, cells, ``Attr``, ``ObstacleType``, cards); this module
turns them into text of a language through the tables, so no other module needs to know
a word.

>>> sides(10, "de"), attr(Attr.GEIST, "en")
('O+W', 'Mind')
>>> event("R4.1", "gold", 0, {"n": 2}, "en")
'R4.1: Player 1 takes 2 gold.'

Raw event values and their words (by field name and type):

- ``path``: cells ``((x, y), ...)``; ``colors``: ``Color`` values; ``Attr``,
  ``ObstacleType``, ``Color`` anywhere: their display names; ``Names``: the name in that
  language; a room or monster card: its text in that language.
- ``test``, ``fight``: ``bonus`` (int) gives `` + n``, or nothing for 0.
- ``test``: ``obstacle`` (an ``ObstacleType``, or ``None`` for a trap) gives ``{what}``;
  ``passed`` (bool) gives ``{verdict}``.
- ``fight``: ``roller`` (the seat that rolls for the monster; the acting seat itself
  means the engine rolls) gives ``{roller}``.
- ``no_card``, ``refill``: ``pile`` is the deck kind (dungeon, room, monster, treasure).
- ``winner``: ``winners`` (seats) gives ``{who}``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from verlies.cards.display import card_text
from verlies.cards.model import (
    Attr,
    Color,
    MonsterCard,
    Names,
    ObstacleType,
    RoomCard,
)
from verlies.i18n import cache, template

# ---- small values -------------------------------------------------------------------


def cell(x: int, y: int, lang: str) -> str:
    """A cell of the board, e.g. ``(1, 0)``."""
    return template("board.cell", lang).format(x=x, y=y)


#: lang -> (the cell template, the separator between cells): every walk event needs both.
_walks: dict[str, tuple[str, str]] = cache()


def path(cells: Iterable[tuple[int, int]], lang: str) -> str:
    """A walk's cells, e.g. ``(0, 1) → (0, 2)``."""
    found = _walks.get(lang)
    if found is None:
        found = _walks[lang] = (template("board.cell", lang), template("board.path_sep", lang))
    one, sep = found
    return sep.join([one.format(x=x, y=y) for x, y in cells])


_SIDES = ((1, "board.side.n"), (2, "board.side.e"), (4, "board.side.s"), (8, "board.side.w"))


def sides(mask: int, lang: str) -> str:
    """The passages of a card (bits N=1, E=2, S=4, W=8), e.g. ``E+W``."""
    return template("board.sides_sep", lang).join(
        template(key, lang) for bit, key in _SIDES if mask & bit
    )


def attr(value: Attr, lang: str) -> str:
    """A character value's display name (the card language keeps its own keywords)."""
    return template(f"card.attr.{value.key}", lang)


def color(value: Color, lang: str) -> str:
    return template(f"card.color.{value.value}", lang)


def obstacle(value: ObstacleType, lang: str) -> str:
    return template(f"card.obstacle.{value.key}", lang)


def player(seat: int, lang: str) -> str:
    """A seat (0-based) as it is named inside a sentence: ``player 2``."""
    return template("event.player", lang).format(p=seat + 1)


# ---- events -------------------------------------------------------------------------


def _word(name: str, value: Any, lang: str) -> Any:
    """One raw event value in words (numbers and ids stay as they are)."""
    if isinstance(value, Names):
        return value.get(lang)
    if isinstance(value, Attr):
        return attr(value, lang)
    if isinstance(value, ObstacleType):
        return obstacle(value, lang)
    if isinstance(value, Color):
        return color(value, lang)
    if name == "path":
        return path(value, lang)
    if name == "colors":
        return template("event.color_sep", lang).join(color(c, lang) for c in value)
    if isinstance(value, RoomCard | MonsterCard):
        return card_text(value, lang)
    describe = getattr(value, "describe", None)  # a deck patch (a live edit): its words
    if callable(describe):
        return describe(lang)
    return value


#: The event keys whose values are turned into words by more than their type.
_DERIVED = frozenset({"test", "fight", "no_card", "refill", "winner"})


#: (key, lang, with the rule?) -> the ``event.line`` template with the event's own
#: template in it, or the event's template alone.
_lines: dict[tuple[str, str, bool], str] = cache()


def event(
    rule: str, key: str, seat: int, data: Mapping[str, Any], lang: str, with_rule: bool = True
) -> str:
    """An event's sentence: ``event.line`` (``<rule>: <text>``) with the table's
    ``event.<key>`` template as the text (or, ``with_rule=False``, the text alone), filled
    with the event's values in words; ``{p}`` is the acting seat, 1-based."""
    line = _lines.get((key, lang, with_rule))
    if line is None:  # one template for both: a log is long, this runs for every line
        line = template("event." + key, lang)
        if with_rule:
            line = template("event.line", lang).replace("{text}", line)
        _lines[key, lang, with_rule] = line
    if key in _DERIVED:
        data = _derived(key, seat, data, lang)
    words: dict[str, Any] | None = None  # numbers and ids stay as they are (most values)
    for name, value in data.items():
        if type(value) is not int and type(value) is not str:
            if words is None:
                words = dict(data)
            words[name] = _word(name, value, lang)
    return line.format(rule=rule, p=seat + 1, **(data if words is None else words))


def _derived(key: str, seat: int, data: Mapping[str, Any], lang: str) -> dict[str, Any]:
    d = dict(data)
    if "bonus" in d:  # test, fight: a roll bonus from a magic treasure
        d["bonus"] = template("event.bonus", lang).format(n=d["bonus"]) if d["bonus"] else ""
    if key == "test":
        what = d.pop("obstacle", None)
        d["what"] = template("event.test.trap", lang) if what is None else obstacle(what, lang)
        d["verdict"] = template(
            "event.verdict.passed" if d.pop("passed") else "event.verdict.failed", lang
        )
    elif key == "fight":
        roller = d["roller"]
        d["roller"] = (
            template("event.roller.engine", lang) if roller == seat else player(roller, lang)
        )
    elif key in ("no_card", "refill"):
        d["pile"] = template("event.pile." + d["pile"], lang)
    elif key == "winner":
        d["who"] = template("event.list_sep", lang).join(player(w, lang) for w in d.pop("winners"))
    return d


__all__ = [
    "attr",
    "card_text",
    "cell",
    "color",
    "event",
    "obstacle",
    "path",
    "player",
    "sides",
]

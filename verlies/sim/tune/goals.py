"""The goal language of :func:`verlies.sim.tune.tune`: targets (a quantity and its band),
moves (which numbers may change, by how much), the knobs the moves give on a deck, the
rules every proposal keeps (R2/R10's material, a character's values 1–6 summing to 10), and
the worded :class:`TuneError` every bad target, move or setting raises.

>>> Target.parse("win:*=25+-2")
Target(key='win:*', low=0.23, high=0.27)
>>> Target.parse("edge=:2").high
0.02
>>> Move.parse("dungeon:*:obstacle=-1:1")
Move(kind='dungeon', card='*', field='obstacle', low=-1, high=1)
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from verlies.cards.model import Attr
from verlies.errors import WordedError
from verlies.i18n.numbers import decimal
from verlies.sim.records import SimulationError
from verlies.sim.sweep import FIELDS, Tweak

__all__ = [
    "CHARACTER_RANGE",
    "CHARACTER_SUM",
    "DEFAULT_MOVES",
    "DEFAULT_RECHECKS",
    "DEFAULT_TARGETS",
    "LIMITS",
    "TARGET_KEYS",
    "Knob",
    "Move",
    "Target",
    "TuneError",
    "TuneWords",
    "character_choices",
    "finite_or_none",
    "knobs_for",
    "legal_values",
    "material_problems",
    "quantity_name",
]

#: What a target can be about: key -> (meaning, unit of its bounds).
TARGET_KEYS: dict[str, tuple[str, str]] = {
    "win:*": ("every character's win rate", "%"),
    "win:ID": ("one character's win rate", "%"),
    "edge": ("the first seat's edge: its share of the wins minus 1/players", "points"),
    "rounds": ("the median game length", "rounds"),
    "timeouts": ("the share of games that hit the round limit (R1.6)", "%"),
}

#: The targets and moves a search starts from when none are named (the Suggest panel's
#: defaults, ``verlies tune`` without ``--target`` / ``--move``): every character within
#: 25 ± 3 % (four players: a fair share each); the monsters' fights, the obstacles and the
#: traps a little, and every character's values within the character rule, so that what
#: an outlier needs is allowed from the start (the search aims at outliers first).
DEFAULT_TARGETS: tuple[str, ...] = ("win:*=25+-3",)
DEFAULT_MOVES: tuple[str, ...] = (
    "monster:*:fight=-2:2",
    "dungeon:*:obstacle=-1:1",
    "room:*:trap=-2:2",
    "character:*",
)
#: Rounds of searching on after a check that does not show every target met, each checked
#: again on fresh games (:mod:`~verlies.sim.tune.recheck`): the Suggest panel's and
#: ``verlies tune``'s default (benchmarks/tune_truth.py measures the whole within 3 quiet
#: minutes). :func:`~verlies.sim.tune.tune` itself defaults to none.
DEFAULT_RECHECKS = 2

#: Each character's values lie in 1–6 and sum to this (docs/deck-format.md).
CHARACTER_SUM = 10
CHARACTER_RANGE = (1, 6)
#: The valid range of each movable number (the deck format's limits).
LIMITS: dict[str, tuple[int, int]] = {
    "count": (0, 1000),
    "gold": (0, 1000),
    "obstacle": (1, 100),
    "fight": (0, 100),
    "trap": (1, 100),
}
_PILES = ("dungeon", "room", "monster", "treasure", "character")


@dataclass(frozen=True, slots=True)
class TuneWords:
    """A reason as an i18n key (``tune.error.<key>``) and raw values, put into words when
    shown: a value with a ``text(lang)`` (a nested reason, a word of the game) is said in
    the same language."""

    key: str
    values: tuple[tuple[str, Any], ...] = ()

    def text(self, lang: str) -> str:
        from verlies import i18n

        return i18n.text(
            f"tune.error.{self.key}", lang, **{k: _said(v, lang) for k, v in self.values}
        )


@dataclass(frozen=True, slots=True)
class _Term:
    """A word of the game (an i18n key) inside a reason: a pile, a number's name."""

    key: str

    def text(self, lang: str) -> str:
        from verlies import i18n

        return i18n.text(self.key, lang)


def _said(value: Any, lang: str) -> Any:
    text_in = getattr(value, "text_in", None)
    if callable(text_in):
        return text_in(lang)
    said = getattr(value, "text", None)
    return said(lang) if callable(said) else value


class TuneError(WordedError, SimulationError):
    """A target, a move, a bound or a setting that cannot work: ``key`` names the reason
    (``tune.error.<key>`` in ``verlies/i18n``), the values say where. ``str(e)`` is English;
    :meth:`text_in` says it in the page's language (the CLI's ``--lang``)."""

    def __init__(self, key: str, /, **values: Any) -> None:
        self.key = key
        self.values = values
        super().__init__(words=TuneWords(key, tuple(values.items())))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_remake_error, (self.key, self.values))


def _remake_error(key: str, values: dict[str, Any]) -> TuneError:
    return TuneError(key, **values)


# ---- targets -------------------------------------------------------------------------------

_NUM = r"[-+]?\d+(?:\.\d+)?"


@dataclass(frozen=True, slots=True)
class Target:
    """A quantity and the band it should lie in (rates as fractions; rounds in rounds)."""

    key: str  # win:*, win:<id>, edge, rounds, timeouts
    low: float
    high: float

    @staticmethod
    def parse(text: str) -> Target:
        """``KEY=LO:HI`` (``:HI``, ``LO:``) or ``KEY=C+-D`` / ``KEY=C±D``; win rates,
        timeouts in %, the edge in points, rounds in rounds.

        >>> Target.parse("rounds=20:30")
        Target(key='rounds', low=20.0, high=30.0)
        """
        key, sep, spec = text.partition("=")
        key, spec = key.strip(), spec.strip().replace(" ", "")
        if not sep or not key:
            raise TuneError("target_form", text=repr(text))
        return Target.of(key, spec)

    @staticmethod
    def of(key: str, spec: str | Sequence[float]) -> Target:
        """A target from its key and its band: ``"LO:HI"``, ``"C+-D"`` or ``[LO, HI]``."""
        _check_key(key)
        if isinstance(spec, str):
            m = re.fullmatch(rf"({_NUM})(?:\+-|±)({_NUM})", spec)
            r = re.fullmatch(rf"({_NUM})?:({_NUM})?", spec)
            if m:
                c, d = float(m.group(1)), float(m.group(2))
                if d < 0:
                    raise TuneError("width_negative", key=repr(key), spec=repr(spec))
                lo, hi = c - d, c + d
            elif r and (r.group(1) or r.group(2)):
                lo = float(r.group(1)) if r.group(1) else -math.inf
                hi = float(r.group(2)) if r.group(2) else math.inf
            else:
                raise TuneError("band_form", key=repr(key), spec=repr(spec))
        else:
            vals = list(spec)
            if len(vals) != 2 or not all(isinstance(v, int | float) for v in vals):
                raise TuneError("band_list", key=repr(key), spec=repr(spec))
            lo, hi = float(vals[0]), float(vals[1])
        if lo > hi:
            raise TuneError("band_order", key=repr(key), lo=f"{lo:g}", hi=f"{hi:g}")
        scale = 1.0 if key == "rounds" else 0.01
        return Target(key, lo * scale, hi * scale)

    @property
    def unit(self) -> str:
        return TARGET_KEYS[
            "win:ID" if self.key.startswith("win:") and self.key != "win:*" else self.key
        ][1]

    def shown(self, lang: str = "en") -> str:
        """The band in the designer's units, e.g. ``23–27 %``, ``≤ 2 points``."""
        from verlies.i18n import text

        k = 1.0 if self.key == "rounds" else 100.0
        lo, hi = _g(self.low * k, lang), _g(self.high * k, lang)
        unit = {"%": "%", "points": text("metric.unit.points", lang)}.get(self.unit)
        unit = unit or text("metric.rounds", lang)
        if math.isinf(self.low):
            return f"≤ {hi} {unit}"
        if math.isinf(self.high):
            return f"≥ {lo} {unit}"
        return f"{lo}–{hi} {unit}"

    def name(self, lang: str = "en", deck: Any = None) -> str:
        """What the target is about, in words (a character by its name in ``deck``)."""
        return quantity_name(self.key, lang, deck)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "low": finite_or_none(self.low), "high": finite_or_none(self.high)}


def _g(x: float, lang: str) -> str:
    """A bound as the designer wrote it (``2.5``; German ``2,5``)."""
    return decimal(f"{x:g}", lang)


def quantity_name(key: str, lang: str = "en", deck: Any = None) -> str:
    """A target's or quantity's key in words: ``win:<id>`` the character's win rate by its
    name, ``edge`` the first-seat edge, ``rounds`` the median rounds (the raw keys stay in
    JSON and CSV)."""
    from verlies.i18n import text
    from verlies.i18n.metrics import metric_name

    if key == "win:*":
        return text("tune.target.win_all", lang)
    if key == "rounds":
        return text("tune.target.median", lang, what=metric_name("rounds", lang))
    metric = {"edge": "first_seat_edge", "timeouts": "timeout"}.get(key, key)
    return metric_name(metric, lang, deck)


def _check_key(key: str) -> None:
    if key in TARGET_KEYS or (key.startswith("win:") and len(key) > 4):
        return
    known = ", ".join(TARGET_KEYS)
    raise TuneError("unknown_target", key=repr(key), known=known)


def finite_or_none(x: float) -> float | None:
    return None if math.isinf(x) else x


# ---- moves: which numbers may change --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move:
    """Which numbers may move and by how much: ``field`` of card ``card`` (``*``: every
    card of the pile that has that number) in pile ``kind``, within ``low``..``high`` of its
    value in the start deck. Characters: ``field`` "values", the bound is how far each of
    the three values may move (the values stay 1–6 and keep summing to 10)."""

    kind: str  # dungeon, room, monster, treasure, character
    card: str  # an id or "*"
    field: str  # count, gold, obstacle, fight, trap; values for characters
    low: int
    high: int

    @staticmethod
    def parse(text: str) -> Move:
        """``KIND:ID[:FIELD][=LO:HI|=±N]``, e.g. ``character:char-barbar``,
        ``dungeon:*:obstacle=-1:1``, ``monster:monster-troll:fight=±2``."""
        head, sep, bound = text.partition("=")
        parts = [p.strip() for p in head.split(":")]
        if len(parts) not in (2, 3) or not all(parts):
            raise TuneError("move_form", text=repr(text))
        kind, card = parts[0], parts[1]
        fld = parts[2] if len(parts) == 3 else ("values" if kind == "character" else "")
        return Move.of(kind, card, fld, bound.strip() if sep else None, where=text)

    @staticmethod
    def of(
        kind: str, card: str, fld: str, bound: str | int | Sequence[int] | None, where: str = ""
    ) -> Move:
        where = where or f"{kind}:{card}:{fld}"
        kind = {"rooms": "room", "monsters": "monster", "treasures": "treasure"}.get(kind, kind)
        kind = {"characters": "character"}.get(kind, kind)
        if kind not in _PILES:
            raise TuneError(
                "unknown_pile", move=repr(where), kind=repr(kind), known=", ".join(_PILES)
            )
        if kind == "character":
            if fld not in ("values", ""):
                raise TuneError("character_values", move=repr(where), field=repr(fld))
            fld = "values"
        elif fld not in FIELDS:
            raise TuneError(
                "unknown_field", move=repr(where), field=repr(fld), known=", ".join(FIELDS)
            )
        default = 5 if kind == "character" else 2
        lo, hi = _bound(bound, default, where)
        return Move(kind, card, fld, lo, hi)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def _bound(bound: str | int | Sequence[int] | None, default: int, where: str) -> tuple[int, int]:
    if bound is None or bound == "":
        return -default, default
    if isinstance(bound, bool):
        raise TuneError("bound_form", move=repr(where), bound=repr(bound))
    if isinstance(bound, int):
        lo, hi = -abs(bound), abs(bound)
    elif isinstance(bound, str):
        b = bound.replace(" ", "")
        m = re.fullmatch(r"(?:\+-|±)?(\d+)", b)
        r = re.fullmatch(r"([-+]?\d+):([-+]?\d+)", b)
        if m:
            lo, hi = -int(m.group(1)), int(m.group(1))
        elif r:
            lo, hi = int(r.group(1)), int(r.group(2))
        else:
            raise TuneError("bound_form", move=repr(where), bound=repr(bound))
    else:
        vals = list(bound)
        if len(vals) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in vals):
            raise TuneError("bound_list", move=repr(where), bound=repr(bound))
        lo, hi = vals[0], vals[1]
    if lo > 0 or hi < 0 or lo > hi:
        raise TuneError("bound_zero", move=repr(where), lo=lo, hi=hi)
    return lo, hi


@dataclass(frozen=True, slots=True)
class Knob:
    """One number the search may set: a card's field, or a character's values (then
    ``choices`` are the allowed triples)."""

    kind: str
    card: str
    field: str
    current: int | tuple[int, int, int]
    low: int = 0
    high: int = 0
    choices: tuple[tuple[int, int, int], ...] = ()

    @property
    def name(self) -> str:
        return f"{self.kind}:{self.card}:{self.field}"

    @property
    def must_move(self) -> bool:
        """The start value breaks a character's rule (values 1–6 summing to 10): it is no
        choice, so every candidate and the proposal give this character legal values."""
        return bool(self.choices) and self.current not in self.choices

    @property
    def start_value(self) -> int | tuple[int, int, int]:
        """The value the search starts from: the current one, or the nearest legal set."""
        return self.choices[0] if self.must_move else self.current

    def size(self, value: int | tuple[int, int, int]) -> int:
        """How big a step ``value`` is from the start (the sum of the values' moves)."""
        if isinstance(value, tuple) and isinstance(self.current, tuple):
            return sum(abs(a - b) for a, b in zip(value, self.current, strict=True))
        assert isinstance(value, int) and isinstance(self.current, int)
        return abs(value - self.current)

    def apply(self, deck: Any, value: int | tuple[int, int, int]) -> Any:
        if isinstance(value, tuple):
            c = deck.characters[self.card]
            new = dataclasses.replace(c, staerke=value[0], geist=value[1], geschick=value[2])
            return deck.with_card("character", new)
        return Tweak(self.kind, self.card, self.field).apply(deck, value)

    def words(self, value: int | tuple[int, int, int], lang: str = "en", deck: Any = None) -> str:
        """The edit in words: ``Priest (character): Strength/Mind/Dexterity 6/3/1 → 4/3/3``;
        the card by its name in ``deck`` (its id when the deck lacks it)."""
        from verlies.i18n import text
        from verlies.i18n.values import attr

        try:
            name = str(deck.cards(self.kind)[self.card].name.get(lang))
        except (AttributeError, KeyError, SimulationError):
            name = self.card
        kind = text(f"deck.kind.{self.kind}", lang)
        if isinstance(value, tuple) and isinstance(self.current, tuple):
            what = "/".join(attr(a, lang) for a in (Attr.STAERKE, Attr.GEIST, Attr.GESCHICK))
            old, new = "/".join(map(str, self.current)), "/".join(map(str, value))
        else:
            what, old, new = text(f"impact.field.{self.field}", lang), str(self.current), str(value)
        return text("tune.edit", lang, name=name, kind=kind, what=what, old=old, new=new)


def character_choices(
    current: tuple[int, int, int], reach: int
) -> tuple[tuple[int, int, int], ...]:
    """Every triple of values 1–6 summing to :data:`CHARACTER_SUM` within ``reach`` of
    ``current`` in each value (``current`` first when it is one of them; when ``current``
    breaks the rule, e.g. 5/5/5, the nearest legal triples first, and every legal triple
    when none lies within ``reach``)."""
    lo, hi = CHARACTER_RANGE
    out: list[tuple[int, int, int]] = [
        (a, b, c)
        for a, b, c in itertools.product(range(lo, hi + 1), repeat=3)
        if a + b + c == CHARACTER_SUM
        and all(abs(x - y) <= reach for x, y in zip((a, b, c), current, strict=True))
    ]
    if current not in out:  # the current values break the rule: the nearest legal ones
        if not out:
            return character_choices(current, CHARACTER_RANGE[1])
        out.sort(key=lambda t: (_distance(t, current), t))
        return tuple(out)
    out.sort(key=lambda t: (t != current, t))
    return tuple(out)


def _distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True))


def legal_values(values: Sequence[int]) -> bool:
    """A character's values keep the rule: three values, each 1–6, summing to 10."""
    lo, hi = CHARACTER_RANGE
    return len(values) == 3 and all(lo <= v <= hi for v in values) and sum(values) == CHARACTER_SUM


def knobs_for(deck: Any, moves: Sequence[Move]) -> list[Knob]:
    """The numbers the moves name in ``deck`` (a card named twice: the later move wins);
    a move that names nothing raises :class:`TuneError` naming it."""
    found: dict[str, Knob] = {}
    for mv in moves:
        label = f"{mv.kind}:{mv.card}:{mv.field}"
        cards = deck.cards(mv.kind)
        ids = list(cards) if mv.card == "*" else [mv.card]
        if mv.card != "*" and mv.card not in cards:
            raise TuneError(
                "no_card", move=repr(label), card=repr(mv.card), kind=_Term(f"deck.kind.{mv.kind}")
            )
        got = 0
        for cid in ids:
            if mv.kind == "character":
                cur = tuple(deck.characters[cid].values)
                choices = character_choices(cur, max(-mv.low, mv.high))
                if len(choices) < 2 and cur in choices:
                    continue
                k = Knob("character", cid, "values", cur, choices=choices)
            else:
                tw = Tweak(mv.kind, cid, mv.field)
                try:
                    cur_n = tw.value_in(deck)
                except (SimulationError, AttributeError, IndexError, TypeError):
                    if mv.card == "*":
                        continue  # this card has no such number
                    raise TuneError(
                        "no_number",
                        move=repr(label),
                        card=repr(cid),
                        field=_Term(f"impact.field.{mv.field}"),
                    ) from None
                vmin, vmax = LIMITS[mv.field]
                if mv.field == "count" and mv.kind == "dungeon" and _special(deck, cid):
                    if mv.card == "*":
                        continue
                    raise TuneError("special_count", move=repr(label))
                lo, hi = max(vmin, cur_n + mv.low), min(vmax, cur_n + mv.high)
                if lo == hi:
                    continue
                k = Knob(mv.kind, cid, mv.field, cur_n, lo, hi)
            found[k.name] = k
            got += 1
        if not got:
            raise TuneError(
                "nothing_moves", move=repr(label), field=_Term(f"impact.field.{mv.field}")
            )
    return list(found.values())


def _special(deck: Any, cid: str) -> bool:
    return str(deck.dungeon[cid].kind.value) in ("start", "exit")


# ---- the rules a proposal keeps ------------------------------------------------------------


def material_problems(start: Any, deck: Any) -> list[str]:
    """Why ``deck`` breaks the material of ``start`` (R2, R10) or a character's rule
    (values 1–6 summing to 10) for a character whose values changed; [] if it keeps all."""
    out: list[str] = []
    for kind in ("dungeon", "room", "monster", "treasure"):
        a, b = sum(start.counts(kind).values()), sum(deck.counts(kind).values())
        if a != b:
            out.append(f"R10: the {kind} pile holds {b} cards, the start deck {a}")
    if len(start.characters) != len(deck.characters):
        out.append(
            f"R2.1: {len(deck.characters)} characters, the start deck has {len(start.characters)}"
        )

    def by_colour(d: Any) -> dict[tuple[str, str], int]:
        got: dict[tuple[str, str], int] = {}
        for cid, n in d.dungeon_counts.items():
            c = d.dungeon[cid]
            special = str(c.kind.value) if str(c.kind.value) in ("start", "exit") else "tile"
            key = (str(c.color.value), special)
            got[key] = got.get(key, 0) + n
        return got

    ca, cb = by_colour(start), by_colour(deck)
    for key in sorted(ca.keys() | cb.keys()):
        if ca.get(key, 0) != cb.get(key, 0):
            what = "cards" if key[1] == "tile" else f"{key[1]} cards"
            out.append(
                f"R2.2/R2.4: {cb.get(key, 0)} {key[0]} {what}, the start deck has {ca.get(key, 0)}"
            )
    lo, hi = CHARACTER_RANGE
    for cid, ch in deck.characters.items():
        old = start.characters.get(cid)
        if old is not None and tuple(old.values) == tuple(ch.values):
            continue
        if not all(lo <= v <= hi for v in ch.values) or sum(ch.values) != CHARACTER_SUM:
            out.append(
                f"character {cid}: values {'/'.join(map(str, ch.values))} (each 1–6, "
                f"summing to {CHARACTER_SUM})"
            )
    return out

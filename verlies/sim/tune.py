"""Suggested changes toward a target: a search over the numbers a designer lets move.

The designer states **targets** (every character's win rate within 25 ± 2 %, the first
seat's edge at most 2 points, median rounds 20–30, …, for one bot table) and which numbers
may **move** (a card's obstacle, fight, trap, gold or count; a character's three values;
by card or for every card of a kind; each with bounds). :func:`tune` searches for the
smallest set of edits whose games meet the targets, then checks the proposal on fresh
seeds:

* **the search** is an Optuna study (TPE sampler; its RDB storage, e.g. a SQLite URL, lets
  a study be stopped and resumed, and several runs share it). Every candidate plays the
  *same* games (``seed``: common random numbers), so two candidates differ by their numbers,
  not by luck. A candidate's score is how far its quantities lie outside their targets
  (points of win rate, rounds) plus a small cost per edited number and per step: among the
  candidates that meet every target on the search seeds the proposal is the one with the
  fewest edits (then the smallest steps). Candidates that break R2/R10's material (pile
  sizes, the dungeon's colours, start and exits) or a character's rule (each value 1–6,
  the three summing to 10) are never played nor proposed.
* **the unchanged deck first**: the start deck (trial 0) on the study's seeds, then on
  fresh seeds; if neither misses a target (:func:`judge`), the answer is "within targets:
  nothing to change" and nothing is searched.
* **pruning**: the found candidate loses every edit whose removal misses no more targets
  and lies no further off on the study's seeds, until none can go.
* **the verification** plays the start deck and the proposal on fresh seeds
  (``verify_seed``), paired (:func:`verlies.sim.compare`): each target's estimate with an
  interval, and a verdict per quantity — *met* (the interval lies inside the target),
  *missed* (outside) or *undecided* (can't tell yet) — whose error is at most
  :data:`ALPHA` = 5 % for all of them together (Bonferroni over the quantities; A/A tested
  in tests/test_tune_verdicts.py); and the paired differences start → proposal with the
  compare's verdict and its stated error.
* **the patch**: the proposal as a patch file on the default deck (``base = "default"``),
  which the card editor's "upload a deck file" applies; the edits from the start deck as a
  :class:`~verlies.deck.DeckPatch` and in words.

Deterministic: the same deck, targets, moves, seeds and budget give the same trials and
the same proposal, on any executor (processes, a Dask cluster) and when a stored study is
resumed: each trial's sampler is seeded from ``seed`` and the trial's number.

>>> Target.parse("win:*=25+-2")
Target(key='win:*', low=0.23, high=0.27)
>>> Target.parse("edge=:2").high
0.02
>>> Move.parse("dungeon:*:obstacle=-1:1")
Move(kind='dungeon', card='*', field='obstacle', low=-1, high=1)
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import math
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from verlies.cards.model import Attr
from verlies.errors import DeckError, WordedError
from verlies.sim.lab import Progress, check_games, simulate
from verlies.sim.metrics import Metrics, median_ci, wilson
from verlies.sim.records import BotsArg, DeckArg, SimulationError, VariantsArg, load_deck
from verlies.sim.run import CancelToken, CharactersArg, RunSpec, check_workers
from verlies.sim.sweep import FIELDS, Tweak

if TYPE_CHECKING:
    import optuna

    from verlies.sim.compare import Comparison

__all__ = [
    "ALPHA",
    "CHARACTER_SUM",
    "TARGET_KEYS",
    "Knob",
    "Move",
    "Target",
    "TuneError",
    "TuneResult",
    "judge",
    "load_tune_file",
    "material_problems",
    "quantity_name",
    "tune",
    "verdict",
    "verdict_level",
    "verdict_z",
]

#: What a target can be about: key -> (meaning, unit of its bounds).
TARGET_KEYS: dict[str, tuple[str, str]] = {
    "win:*": ("every character's win rate", "%"),
    "win:ID": ("one character's win rate", "%"),
    "edge": ("the first seat's edge: its share of the wins minus 1/players", "points"),
    "rounds": ("the median game length", "rounds"),
    "timeouts": ("the share of games that hit the round limit (R1.6)", "%"),
}

#: Each character's values lie in 1–6 and sum to this (docs/deck-format.md).
CHARACTER_SUM = 10
CHARACTER_RANGE = (1, 6)
#: The valid range of each movable number (the deck format's limits).
_LIMITS: dict[str, tuple[int, int]] = {
    "count": (0, 1000),
    "gold": (0, 1000),
    "obstacle": (1, 100),
    "fight": (0, 100),
    "trap": (1, 100),
}
_PILES = ("dungeon", "room", "monster", "treasure", "character")

#: The score's costs: per edited number, and per step of change (points of a target).
EDIT_COST = 0.25
STEP_COST = 0.05
#: The score of a candidate that breaks a rule (never played).
INFEASIBLE = 1000.0
_STUDY_VERSION = 3  # 2: every trial keeps its count of missed targets; 3: and of unmet


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
        return {"key": self.key, "low": _fin(self.low), "high": _fin(self.high)}


def _g(x: float, lang: str) -> str:
    """A bound as the designer wrote it (``2.5``; German ``2,5``)."""
    s = f"{x:g}"
    return s.replace(".", ",") if lang == "de" else s


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


def _fin(x: float) -> float | None:
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
                vmin, vmax = _LIMITS[mv.field]
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


# ---- measuring a deck ----------------------------------------------------------------------


def quantities(m: Metrics, targets: Sequence[Target]) -> dict[str, float]:
    """The targets' quantities in ``m``: ``win:<id>`` per character, ``edge``, ``rounds``,
    ``timeouts`` (rates as fractions)."""
    out: dict[str, float] = {}
    s = m.summary() if any(not t.key.startswith("win:") for t in targets) else {}
    for t in targets:
        if t.key == "win:*":
            for cid in sorted(m.characters):
                out[f"win:{cid}"] = m.win_rate(cid).rate
        elif t.key.startswith("win:"):
            out[t.key] = m.win_rate(t.key[4:]).rate
        elif t.key == "edge":
            out["edge"] = float(s["first_seat_edge"])
        elif t.key == "rounds":
            out["rounds"] = float(s["median_rounds"])
        else:
            out["timeouts"] = float(s["timeout_share"])
    return out


def target_for(targets: Sequence[Target], key: str) -> Target:
    for t in reversed(targets):  # a named character's target wins over win:*
        if t.key == key:
            return t
    for t in reversed(targets):
        if t.key == "win:*" and key.startswith("win:"):
            return t
    raise KeyError(key)


def _unit(key: str) -> float:
    """Display units per stored unit: points for rates, rounds for rounds."""
    return 1.0 if key == "rounds" else 100.0


def violation(values: Mapping[str, float], targets: Sequence[Target]) -> float:
    """How far the quantities lie outside their targets, summed (points; rounds)."""
    total = 0.0
    for key, v in values.items():
        t = target_for(targets, key)
        if math.isnan(v):
            total += 100.0
            continue
        total += _unit(key) * max(0.0, t.low - v, v - t.high)
    return total


# ---- the result ----------------------------------------------------------------------------


@dataclass
class TuneResult:
    """The proposal and how it was found and checked."""

    start: Any
    proposal: Any
    knobs: list[Knob]
    edits: dict[str, int | tuple[int, int, int]]  # knob name -> new value
    targets: list[Target]
    met_on_search: bool
    search: dict[str, Any]  # trials, games per trial, seed, the best scores
    verification: dict[str, Any] | None = None
    comparison: Comparison | None = field(default=None, repr=False)
    #: The start deck is within its targets (none missed on the study's seeds, nor on fresh
    #: seeds when verified): nothing to change, nothing searched.
    within_targets: bool = False

    @property
    def met(self) -> bool | None:
        """Every target met on the fresh seeds (point estimates); None: not verified."""
        return None if self.verification is None else bool(self.verification["point_met"])

    @property
    def outcome(self) -> str:
        """What the answer is, from the check on fresh games (the same numbers as its
        table): ``within`` (every target met, nothing to change), ``undecided`` (every
        estimate inside its band, some targets can't be told yet; nothing searched),
        ``improved`` (the proposal lies nearer the targets than the start deck),
        ``legal`` (not nearer, but the start deck breaks a character's rule and the
        proposal does not), ``no_improvement`` (nothing found nearer the targets with these
        moves) or ``unverified`` (not checked on fresh games: cancelled, or
        ``verify_games=0``)."""
        sc = self.search.get("start_check", {})
        v = self.verification
        if self.within_targets:
            return "within"
        if not self.edits and sc.get("undecided"):
            return "undecided"
        if v is None:
            return "unverified"
        if self.edits and v["violation"] < v["start_violation"]:
            return "improved"
        return "legal" if sc.get("illegal") else "no_improvement"

    @property
    def offered(self) -> bool:
        """The proposal may be made the draft: verified nearer the targets than the start
        deck on fresh games (or the start deck breaks a character's rule). A proposal no
        nearer is never offered: doing nothing is no worse."""
        return self.outcome in ("improved", "legal")

    def headline(self) -> tuple[str, dict[str, Any]]:
        """The answer's first sentence as an i18n key (``tune.head.<outcome>``) and its
        values, from the verification's rows (what the table below it shows)."""
        v = self.verification or {}
        values: dict[str, Any] = {
            "games": v.get("games", 0),
            "n": len(self.edits),
            "k": len(v.get("quantities", [])),
            "start": v.get("start_violation", math.nan),
            "value": v.get("violation", math.nan),
            "undecided": v.get("counts", {}).get("undecided", 0),
            "characters": tuple(self.search.get("start_check", {}).get("illegal", [])),
        }
        return f"tune.head.{self.outcome}", values

    def tally(self) -> list[tuple[str, dict[str, Any]]]:
        """The verdicts counted, the missed targets (keys), and how many more games would
        decide the undecided ones, as i18n keys and values (empty: not verified)."""
        v = self.verification
        if v is None:
            return []
        c = v["counts"]
        out: list[tuple[str, dict[str, Any]]] = [("tune.tally", dict(c))]
        missed = [q["key"] for q in v["quantities"] if q["verdict"] == "missed"]
        if missed:
            out.append(("tune.tally.missed", {"names": missed}))
        if c["undecided"]:
            more = v.get("more_games")
            if more is None:
                out.append(("tune.tally.edge", {}))
            else:
                out.append(("tune.tally.more", {"more": more, "games": v["games"] + more}))
        paired = v.get("compare_verdict")
        if self.edits and paired is not None:  # start → proposal on the same fresh games
            alpha = f"{100 * float(v.get('compare_alpha') or ALPHA):g} %"
            key = "clear" if paired == "different" else "open"
            out.append((f"tune.tally.paired_{key}", {"alpha": alpha}))
        return out

    def hints(self) -> list[dict[str, Any]]:
        """When a target stays outside its band: the outlier (the quantity farthest off,
        on the fresh games, else the search's) and the move that would reach it, as a line
        of ``verlies tune --move``: the farthest-off character whose values may not move
        (its own values), else the first knob the proposal left at its bound, with twice
        the room. Empty: nothing stays off, or no move would help."""
        if self.outcome in ("within", "undecided"):
            return []
        v = self.verification
        values: Mapping[str, float] = (
            {q["key"]: q["value"] for q in v["quantities"]}
            if v is not None
            else self.search.get("search_quantities", {})
        )
        off = []
        for key, x in values.items():
            t = target_for(self.targets, key)
            d = _unit(key) * max(0.0, t.low - x, x - t.high) if not math.isnan(x) else math.inf
            if d > 0:
                off.append((d, key))
        if not off:
            return []
        off.sort(key=lambda p: (-p[0], p[1]))
        moving = {k.card for k in self.knobs if k.kind == "character"}
        out: list[dict[str, Any]] = []
        for _d, key in off:
            cid = key[4:] if key.startswith("win:") else ""
            if cid and cid not in moving:
                out.append({"key": key, "move": f"character:{cid}", "why": "character"})
                break
        if out:  # the outlier's own values: the move that reaches it most directly
            return out
        for k in self.knobs:
            got = self.edits.get(k.name)
            if k.choices or got is None or got not in (k.low, k.high):
                continue
            vmin, vmax = _LIMITS[k.field]
            if got in (vmin, vmax):
                continue  # at the deck format's limit: no more room
            assert isinstance(k.current, int)
            lo, hi = 2 * (k.low - k.current), 2 * (k.high - k.current)
            move = f"{k.kind}:{k.card}:{k.field}={lo}:{hi}"
            out.append({"key": off[0][1], "move": move, "why": "bound"})
        return out[:1]

    def patch(self) -> Any:
        """The edits from the start deck as a :class:`~verlies.deck.DeckPatch`."""
        return self.start.diff(self.proposal)

    def patch_text(self) -> str:
        """The proposal as a patch file on the default deck (``base = "default"``): what the
        card editor's upload applies, giving the proposed deck."""
        return str(self.proposal.dumps_patch())

    def write_patch(self, path: str | Path) -> Path:
        p = Path(path)
        p.write_text(self.patch_text(), encoding="utf-8")
        return p

    def edit_words(self, lang: str = "en") -> list[str]:
        by = {k.name: k for k in self.knobs}
        return [by[name].words(v, lang, self.start) for name, v in self.edits.items()]

    def to_dict(self) -> dict[str, Any]:
        return {
            "targets": [t.to_dict() for t in self.targets],
            "moves": [
                {"name": k.name, "current": _plain(k.current), "low": k.low, "high": k.high}
                if not k.choices
                else {"name": k.name, "current": _plain(k.current), "choices": len(k.choices)}
                for k in self.knobs
            ],
            "edits": [
                {
                    "name": name,
                    "from": _plain(next(k.current for k in self.knobs if k.name == name)),
                    "to": _plain(v),
                }
                for name, v in self.edits.items()
            ],
            "edit_words": self.edit_words(),
            "outcome": self.outcome,
            "offered": self.offered,
            "hints": self.hints(),
            "met_on_search": self.met_on_search,
            "within_targets": self.within_targets,
            "search": self.search,
            "verification": self.verification,
            "patch": self.patch().to_dict(),
            "patch_file": self.patch_text(),
        }

    def text(self, lang: str = "en") -> str:
        """The result in words, in ``lang`` (targets and quantities named, characters and
        cards by their names in the start deck)."""
        lines = self.head_lines(lang) + self._search_lines(lang) + self._proposal_lines(lang)
        if self.verification is not None:
            lines += self._verification_lines(self.verification, lang)
        lines += [text_of_hint(h, lang, self.start) for h in self.hints()]
        return "\n".join(lines)

    def head_lines(self, lang: str = "en") -> list[str]:
        """The answer first: the headline, then the verdicts counted (the same numbers as
        the table of the check on fresh games)."""
        from verlies.i18n import text

        key, values = self.headline()
        values = values | {
            "characters": ", ".join(
                _character_name(self.start, c, lang) for c in values["characters"]
            )
        }
        lines = [text(key, lang, **_shown(values, lang))]
        parts = [text(k, lang, **self._said(v, lang)) for k, v in self.tally()]
        if parts:
            lines.append("; ".join(parts))
        return lines

    def _said(self, values: Mapping[str, Any], lang: str) -> dict[str, Any]:
        out = _shown(values, lang)
        if "names" in values:
            out["names"] = ", ".join(quantity_name(k, lang, self.start) for k in values["names"])
        return out

    def _search_lines(self, lang: str) -> list[str]:
        """The targets, the table's bots and what the search played."""
        from verlies.i18n import has, text

        s, deck = self.search, self.start
        items = "; ".join(f"{t.name(lang, deck)} {t.shown(lang)}" for t in self.targets)
        bots = ",".join(
            text(f"page.botname.{b}", lang) if has(f"page.botname.{b}", lang) else b
            for b in s["bots"]
        )
        return [
            text("tune.targets", lang, players=s["players"], bots=bots, items=items),
            text(
                "tune.search",
                lang,
                trials=s["trials"],
                played=s["played"],
                games=s["games"],
                seed=s["seed"],
                infeasible=s["infeasible"],
                knobs=len(self.knobs),
            ),
        ]

    def _proposal_lines(self, lang: str) -> list[str]:
        """Within targets, no change, or the edits (and those pruned); a target missed."""
        from verlies.i18n import text

        s = self.search
        lines: list[str] = []
        if self.outcome in ("within", "undecided"):
            return lines  # the headline says it: nothing was searched
        if not self.edits:
            lines.append(text("tune.no_change", lang))
        else:
            sc = s.get("start_check", {})
            if sc.get("illegal"):
                names = ", ".join(_character_name(self.start, c, lang) for c in sc["illegal"])
                lines.append(text("tune.start_illegal", lang, characters=names))
            elif sc.get("fresh_missed"):
                lines.append(text("tune.start_fresh_missed", lang))
            elif sc.get("fresh_off"):
                lines.append(text("tune.start_fresh_off", lang))
            lines.append(text("tune.edits", lang, n=len(self.edits)))
            lines += [f"  {w}" for w in self.edit_words(lang)]
            if s.get("pruned"):
                lines.append(
                    "  "
                    + text("tune.pruned", lang, n=len(s["pruned"]), found=int(s["found_edits"]))
                )
        if not self.met_on_search:
            off = _num(s["best_violation"], 2, lang)
            lines.append("  " + text("tune.not_met", lang, off=off))
        return lines

    def _verification_lines(self, v: dict[str, Any], lang: str) -> list[str]:
        """The check on fresh seeds: a row per quantity, how far off, the paired sentence."""
        from verlies.i18n import text

        level = _num(100 * v["level"], 1, lang) + " %"
        k = len(v["quantities"])
        key = "tune.verify" if self.edits else "tune.verify_start"
        lines = [text(key, lang, seed=v["seed"], games=v["games"], level=level, k=k)]
        lines += ["  " + row for row in self._quantity_rows(v["quantities"], lang)]
        c = v["counts"]
        point = text("tune.point.met" if v["point_met"] else "tune.point.missed", lang)
        off = text(
            "tune.off",
            lang,
            start=_num(v["start_violation"], 2, lang),
            value=_num(v["violation"], 2, lang),
            point=point,
            met=c["met"],
            undecided=c["undecided"],
            missed=c["missed"],
        )
        lines.append("  " + off)
        comp = self.comparison
        sentence = comp.sentence(lang) if comp is not None else v["compare_sentence"]
        if sentence:  # none when the start deck is the proposal
            lines.append("  " + text("tune.paired", lang, sentence=sentence))
        return lines

    def _quantity_rows(self, quantities: list[dict[str, Any]], lang: str) -> list[str]:
        """A verified quantity per row, its name and band padded to a column."""
        from verlies.i18n import text

        names = [quantity_name(q["key"], lang, self.start) for q in quantities]
        width = max((len(n) for n in names), default=0)
        bands = [target_for(self.targets, q["key"]).shown(lang) for q in quantities]
        bwidth = max((len(b) for b in bands), default=0)
        return [
            text(
                "tune.row" if self.edits else "tune.row_start",
                lang,
                what=name.ljust(width),
                band=band.ljust(bwidth),
                start=show_value(q["key"], q["start"], lang),
                value=show_value(q["key"], q["value"], lang),
                low=show_value(q["key"], q["low"], lang),
                high=show_value(q["key"], q["high"], lang),
                verdict=text(f"tune.verdict.{q['verdict']}", lang),
            )
            for q, name, band in zip(quantities, names, bands, strict=True)
        ]

    def __str__(self) -> str:
        return self.text()


def _character_name(deck: Any, cid: str, lang: str) -> str:
    try:
        return str(deck.characters[cid].name.get(lang))
    except (AttributeError, KeyError):
        return cid


def _shown(values: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A headline's values as shown: distances with two decimals in the language."""
    return {k: _num(x, 2, lang) if isinstance(x, float) else x for k, x in values.items()}


def text_of_hint(hint: Mapping[str, Any], lang: str = "en", deck: Any = None) -> str:
    """A hint in words: the outlier by name and the move that would reach it."""
    from verlies.i18n import text

    what = quantity_name(hint["key"], lang, deck)
    return text(f"tune.hint.{hint['why']}", lang, what=what, move=hint["move"])


def _plain(v: int | tuple[int, int, int]) -> int | list[int]:
    return list(v) if isinstance(v, tuple) else v


def _num(x: float, digits: int, lang: str, sign: bool = False) -> str:
    s = f"{x:+.{digits}f}" if sign else f"{x:.{digits}f}"
    return s.replace(".", ",") if lang == "de" else s


def show_value(key: str, x: float | None, lang: str = "en") -> str:
    """A quantity's value: rounds as rounds, the edge in points, rates in per cent."""
    from verlies.i18n import text

    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    if key == "rounds":
        return _num(x, 1, lang)
    if key == "edge":
        return f"{_num(100 * x, 1, lang, sign=True)} {text('metric.unit.points', lang)}"
    return f"{_num(100 * x, 1, lang)} %"


# ---- the search ----------------------------------------------------------------------------


def _seed_of(seed: int, number: int) -> int:
    h = hashlib.sha256(f"verlies-tune:{seed}:{number}".encode()).digest()
    return int.from_bytes(h[:4], "big")


def _problem_key(spec: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(spec, sort_keys=True).encode()).hexdigest()[:16]


def _suggest(trial: optuna.Trial, knob: Knob) -> int | tuple[int, int, int]:
    if knob.choices:
        labels = ["/".join(map(str, c)) for c in knob.choices]
        return _value_of(knob, trial.suggest_categorical(knob.name, labels))
    return trial.suggest_int(knob.name, knob.low, knob.high)


def _value_of(knob: Knob, raw: Any) -> int | tuple[int, int, int]:
    if knob.choices:
        a, b, c = (int(x) for x in str(raw).split("/"))
        return (a, b, c)
    return int(raw)


def _params_of(
    knobs: Sequence[Knob], values: Mapping[str, int | tuple[int, int, int]]
) -> dict[str, Any]:
    return {
        k.name: "/".join(map(str, values[k.name])) if k.choices else values[k.name]  # type: ignore[arg-type]
        for k in knobs
    }


def tune(
    targets: Sequence[Target | str],
    moves: Sequence[Move | str],
    deck: DeckArg = None,
    *,
    players: int = 4,
    bots: BotsArg = None,
    characters: CharactersArg = "all",
    variants: VariantsArg = None,
    round_limit: int | None = 300,
    games: int = 400,
    trials: int = 30,
    seed: int = 0,
    verify_games: int | None = None,
    verify_seed: int | None = None,
    storage: str | None = None,
    study_name: str | None = None,
    workers: int | None = None,
    executor: Any = None,
    progress: Progress = False,
    cancel: CancelToken | None = None,
    on_trial: Callable[[int, int, float], None] | None = None,
) -> TuneResult:
    """Search for the smallest set of edits of ``deck`` that meets ``targets`` (none of
    them missed): none at all when the unchanged deck meets them on the study's seeds and
    on the fresh ones (``within_targets``); else the found candidate, pruned edit by edit.

    ``targets``: :class:`Target` or strings (``"win:*=25+-2"``, ``"edge=:2"``,
    ``"rounds=20:30"``); ``moves``: :class:`Move` or strings (``"character:char-barbar"``,
    ``"dungeon:*:obstacle=-1:1"``). Every candidate plays ``games`` games from ``seed``
    (the same for all); at most ``trials`` distinct candidates in the study (a resumed
    study counts its earlier ones; a candidate the sampler proposes again is not played
    again, and counts only towards a cap of 4 × ``trials`` proposals; the search stops
    sooner when a proposal of at most one edit meets
    the targets). ``storage``: an Optuna RDB URL (``sqlite:///tune.db``) and
    ``study_name`` keep the study, so that a later call resumes it (the same problem only:
    another deck, targets or budget per trial is refused). The proposal is then played
    against the start deck on ``verify_games`` (default ``2 × games``) fresh games from
    ``verify_seed`` (default ``seed + 1``); ``verify_games=0`` skips that.
    ``on_trial(done, total, best_score)`` after each candidate (a callable ``progress``
    gets ``(done, total)`` of the candidates, then of the verification's games); ``cancel``
    stops between candidates (the best so far is proposed). Work runs on ``workers`` local
    processes or ``executor`` (a Dask ``distributed.Client``), as :func:`verlies.sim.simulate`.
    """
    try:
        import optuna
    except ImportError:
        raise TuneError("needs_optuna") from None
    job = _Job.check(
        targets,
        moves,
        deck,
        players=players,
        bots=bots,
        characters=characters,
        variants=variants,
        round_limit=round_limit,
        games=games,
        trials=trials,
        seed=seed,
        verify_games=verify_games,
        verify_seed=verify_seed,
        workers=workers,
        executor=executor,
    )
    study, name = _open_study(optuna, job, storage, study_name)
    result = _Search(job, study, cancel).answer(name, storage, trials, progress, on_trial)
    # The start deck within its targets was checked on fresh seeds already.
    if not result.within_targets and job.vgames > 0 and not result.search["cancelled"]:
        verify(
            result,
            job.vgames,
            job.vseed,
            variants=variants,
            progress=progress,
            cancel=cancel,
            **job.common,
        )
    return result


def _check_budget(games: int, trials: int, workers: int | None) -> int:
    """The games per candidate (at least 1), the trials (at least 1), the workers."""
    n = check_games(games)
    if n < 1:
        raise TuneError("games_min")
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        raise TuneError("trials_min", trials=repr(trials))
    check_workers(workers)
    return n


def _check_goals(
    targets: Sequence[Target | str], moves: Sequence[Move | str], deck: DeckArg
) -> tuple[list[Target], Any, list[Knob]]:
    """The targets and moves parsed, the start deck, and the knobs the moves give on it."""
    tlist = [Target.parse(t) if isinstance(t, str) else t for t in targets]
    mlist = [Move.parse(m) if isinstance(m, str) else m for m in moves]
    if not tlist:
        raise TuneError("no_targets")
    if not mlist:
        raise TuneError("no_moves")
    start = load_deck(deck)
    for t in tlist:
        if t.key.startswith("win:") and t.key != "win:*" and t.key[4:] not in start.characters:
            raise TuneError("no_character", key=repr(t.key), character=repr(t.key[4:]))
    knobs = knobs_for(start, mlist)
    if not knobs:
        raise TuneError("no_knobs")
    return tlist, start, knobs


def _problem(
    start: Any,
    tlist: list[Target],
    knobs: list[Knob],
    n: int,
    seed: int,
    common: dict[str, Any],
    spec0: RunSpec,
) -> dict[str, Any]:
    """What a stored study belongs to: a study of another problem is refused."""
    characters = common["characters"]
    return {
        "version": _STUDY_VERSION,
        "deck": start.diff(load_deck(None)).to_dict() if start != load_deck(None) else None,
        "targets": [t.to_dict() for t in tlist],
        "knobs": [[k.name, _plain(k.current), k.low, k.high, len(k.choices)] for k in knobs],
        "games": n,
        "seed": seed,
        "players": common["players"],
        "bots": list(spec0.bots),
        "characters": characters if isinstance(characters, str | None) else list(characters),
        "round_limit": common["round_limit"],
        "variants": spec0.variants.to_dict(),
    }


@dataclass
class _Job:
    """The checked arguments of one search: what every candidate plays, and the key of the
    problem a stored study belongs to."""

    n: int
    seed: int
    tlist: list[Target]
    start: Any
    knobs: list[Knob]
    vgames: int
    vseed: int
    variants: VariantsArg
    common: dict[str, Any]
    bots: list[str]
    key: str

    @staticmethod
    def check(
        targets: Sequence[Target | str],
        moves: Sequence[Move | str],
        deck: DeckArg,
        *,
        players: int,
        bots: BotsArg,
        characters: CharactersArg,
        variants: VariantsArg,
        round_limit: int | None,
        games: int,
        trials: int,
        seed: int,
        verify_games: int | None,
        verify_seed: int | None,
        workers: int | None,
        executor: Any,
    ) -> _Job:
        """Every argument checked before any trial (a bad bot name fails here), in the
        order :func:`tune` has always reported them."""
        n = _check_budget(games, trials, workers)
        tlist, start, knobs = _check_goals(targets, moves, deck)
        vgames = 2 * n if verify_games is None else check_games(verify_games)
        vseed = seed + 1 if verify_seed is None else verify_seed
        common: dict[str, Any] = {
            "players": players,
            "bots": bots,
            "characters": characters,
            "round_limit": round_limit,
            "workers": workers,
            "executor": executor,
        }
        spec0 = RunSpec.build(
            players=players,
            characters=characters,
            bots=bots,
            deck=start,
            variants=variants,
            seed=seed,
            round_limit=round_limit,
        )
        return _Job(
            n=n,
            seed=seed,
            tlist=tlist,
            start=start,
            knobs=knobs,
            vgames=vgames,
            vseed=vseed,
            variants=variants,
            common=common,
            bots=list(spec0.bots),
            key=_problem_key(_problem(start, tlist, knobs, n, seed, common, spec0)),
        )

    def current(self) -> dict[str, int | tuple[int, int, int]]:
        """Every knob's value in the start deck."""
        return {k.name: k.current for k in self.knobs}

    def start_values(self) -> dict[str, int | tuple[int, int, int]]:
        """The search's first candidate: the start deck, but a character whose values
        break the rule at its nearest legal values (an illegal value is no choice)."""
        return {k.name: k.start_value for k in self.knobs}

    def illegal(self) -> list[str]:
        """The movable characters whose start values break the rule (their ids)."""
        return [k.card for k in self.knobs if k.must_move]

    def build(self, values: Mapping[str, int | tuple[int, int, int]]) -> tuple[Any, list[str]]:
        """The start deck with ``values``, and why it may not be played (R2/R10's material,
        a character's rule; empty: playable)."""
        cand = self.start
        try:
            for k in self.knobs:
                if values[k.name] != k.current:
                    cand = k.apply(cand, values[k.name])
        except (DeckError, SimulationError) as e:
            return cand, [str(e)]
        return cand, material_problems(self.start, cand)

    def play(self, cand: Any, games: int, seed: int, cancel: CancelToken | None) -> Metrics | None:
        """``cand``'s ``games`` games from ``seed`` (None: cancelled)."""
        res = simulate(
            games,
            seed=seed,
            deck=cand,
            variants=self.variants,
            progress=False,
            cancel=cancel,
            **self.common,
        )
        return None if res.cancelled else res.metrics

    def missed(self, m: Metrics) -> int:
        """How many targets ``m`` misses by the verdict rules (:func:`judge`)."""
        return sum(r["verdict"] == "missed" for r in judge(m, self.tlist))


def _open_study(
    optuna: Any, job: _Job, storage: str | None, study_name: str | None
) -> tuple[Any, str]:
    """Open the study, or resume a stored one of the same problem only; a new study gets
    the start deck as it is as its trial 0."""
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    name = study_name or f"verlies-tune-{job.key}"
    try:
        study = optuna.create_study(
            storage=storage, study_name=name, direction="minimize", load_if_exists=True
        )
    except (ValueError, ImportError) as e:
        raise TuneError("storage", storage=repr(storage), error=str(e)) from None
    except Exception as e:  # SQLAlchemy's errors for a URL it cannot open
        if type(e).__module__.startswith("sqlalchemy"):
            raise TuneError("storage_open", storage=repr(storage), error=type(e).__name__) from None
        raise
    have = study.user_attrs.get("problem")
    if have is None:
        study.set_user_attr("problem", job.key)
    elif have != job.key:
        raise TuneError("other_problem", study=repr(name), storage=repr(storage))
    if not study.trials:
        study.enqueue_trial(_params_of(job.knobs, job.start_values()))
    return study, name


class _Search:
    """One study's search and its state: the start deck's check, the trials, the choice
    of the best candidate and its pruning."""

    def __init__(self, job: _Job, study: Any, cancel: CancelToken | None) -> None:
        self.job = job
        self.study = study
        self.cancel = cancel
        self.current = job.current()
        self.start_params = _params_of(job.knobs, job.start_values())
        # the unchanged deck's check: search_missed, within, fresh_missed (empty: not yet)
        self.start_check: dict[str, Any] = {}
        self.fresh_start: list[Metrics] = []

    def cancelled(self) -> bool:
        return self.cancel is not None and self.cancel.is_set()

    def finished(self) -> list[optuna.trial.FrozenTrial]:
        import optuna

        return [t for t in self.study.trials if t.state == optuna.trial.TrialState.COMPLETE]

    def distinct(self) -> int:
        return sum(1 for t in self.study.trials if "repeat_of" not in t.user_attrs)

    def played(self) -> list[optuna.trial.FrozenTrial]:
        return [t for t in self.finished() if "violation" in t.user_attrs]

    # -- the unchanged deck first: on the study's seeds (trial 0), then on fresh seeds by
    # the same verdict rules. Every target met on both: nothing is searched nor proposed.
    # Every estimate inside its band and none missed, but some "can't tell yet": no search
    # either (no candidate can be told better), and the answer says how many games would
    # decide. An estimate outside its band anywhere: the search runs.

    def check_start(self) -> bool:
        """True when the start deck needs no search (the search stops): every target met,
        or every estimate inside its band with some targets undecided."""
        sc = self.start_check
        if sc:
            return bool(sc["within"] or sc.get("undecided"))
        job = self.job
        if job.illegal():  # a character breaks its rule: the deck must change
            sc.update(within=False, illegal=job.illegal())
            return False
        t0 = next((t for t in self.finished() if t.params == self.start_params), None)
        if t0 is None or "missed" not in t0.user_attrs:
            return False
        a = t0.user_attrs
        sc.update(search_missed=int(a["missed"]), search_off=float(a["violation"]), within=False)
        if sc["search_missed"] > 0 or sc["search_off"] > 0:
            return False
        if job.vgames > 0:
            m = job.play(job.start, job.vgames, job.vseed, self.cancel)
            if m is None:
                sc.clear()
                return False
            self.fresh_start.append(m)
            rows = judge(m, job.tlist)
            sc["fresh_missed"] = sum(r["verdict"] == "missed" for r in rows)
            sc["fresh_off"] = round(violation(quantities(m, job.tlist), job.tlist), 9)
            all_met = all(r["verdict"] == "met" for r in rows)
        else:  # not checked on fresh seeds (verify_games=0): the search's verdicts
            all_met = int(a.get("unmet", 1)) == 0
        sc["within"] = all_met
        sc["undecided"] = not all_met and not sc.get("fresh_missed") and not sc.get("fresh_off")
        return bool(sc["within"] or sc["undecided"])

    def flattered(self) -> bool:
        """The start deck lay inside every band on the study's seeds but not on fresh seeds:
        those seeds flatter it, so it is not a proposal."""
        sc = self.start_check
        return bool(sc.get("fresh_missed") or sc.get("fresh_off"))

    def excluded(self, t: optuna.trial.FrozenTrial) -> bool:
        return self.flattered() and int(t.user_attrs.get("edits", 1)) == 0

    def is_met(self, t: optuna.trial.FrozenTrial) -> bool:
        # met on the study's games: no target missed and every estimate inside its band
        a = t.user_attrs
        return a.get("missed") == 0 and a.get("violation") == 0.0 and not self.excluded(t)

    def good_enough(self) -> bool:
        # nothing beats one edit whose estimates lie inside every band (no edit: checked)
        return any(self.is_met(t) and int(t.user_attrs["edits"]) <= 1 for t in self.finished())

    # -- the search

    def run(
        self,
        trials: int,
        progress: Progress,
        on_trial: Callable[[int, int, float], None] | None,
    ) -> bool:
        """Ask and play candidates until the budget, a cancel, a good enough candidate or
        the start deck within its targets; True in that last case."""
        import optuna

        done = self.distinct()
        while done < trials and len(self.study.trials) < 4 * trials:
            if self.cancelled():
                return False
            if self.check_start():
                return True
            if self.good_enough():
                return False
            self.study.sampler = optuna.samplers.TPESampler(
                seed=_seed_of(self.job.seed, done), n_startup_trials=min(8, max(2, trials // 3))
            )
            if not self.trial(self.study.ask()):
                return False
            done = self.distinct()
            if on_trial is not None:
                best = min(
                    (t.value for t in self.finished() if t.value is not None), default=math.nan
                )
                on_trial(done, trials, float(best))
            _tick(progress, done, trials)
        return not self.cancelled() and self.check_start()

    def trial(self, trial: optuna.Trial) -> bool:
        """Score one asked candidate (False: cancelled while it played)."""
        import optuna

        job, study = self.job, self.study
        values = {k.name: _suggest(trial, k) for k in job.knobs}
        params = dict(trial.params)
        same = next((t for t in self.finished() if t.params == params), None)
        if same is not None:  # the same numbers: the same games, already played
            for attr, got in same.user_attrs.items():
                trial.set_user_attr(attr, got)
            trial.set_user_attr("repeat_of", same.number)
            study.tell(trial, same.value)
            return True
        cand, problems = job.build(values)
        edits = sum(values[k.name] != k.current for k in job.knobs)
        steps = sum(k.size(values[k.name]) for k in job.knobs)
        if problems:
            trial.set_user_attr("problems", problems[:3])
            trial.set_user_attr("edits", edits)
            study.tell(trial, INFEASIBLE + len(problems))
            return True
        m = job.play(cand, job.n, job.seed, self.cancel)
        if m is None:
            study.tell(trial, state=optuna.trial.TrialState.FAIL)
            return False
        q = quantities(m, job.tlist)
        viol = round(violation(q, job.tlist), 9)
        trial.set_user_attr("violation", viol)
        judged = judge(m, job.tlist)
        trial.set_user_attr("missed", sum(r["verdict"] == "missed" for r in judged))
        trial.set_user_attr("unmet", sum(r["verdict"] != "met" for r in judged))
        trial.set_user_attr("edits", edits)
        trial.set_user_attr("steps", steps)
        trial.set_user_attr("quantities", q)
        study.tell(trial, viol + EDIT_COST * edits + STEP_COST * steps)
        return True

    # -- the result

    def answer(
        self,
        name: str,
        storage: str | None,
        trials: int,
        progress: Progress,
        on_trial: Callable[[int, int, float], None] | None,
    ) -> TuneResult:
        """Search: the start deck within its targets (or undecided inside its bands), else
        the best candidate, pruned."""
        within = self.run(trials, progress, on_trial)
        played = self.played()
        if not played:
            raise TuneError("nothing_played")
        base = self.base_record(name, storage)
        if within:
            return self.within_result(base)
        best_t = self.best(played)
        chosen, pruned, score, prune_played = self.prune(best_t, played)
        return self.proposal_result(base, best_t, chosen, pruned, score, prune_played)

    def base_record(self, name: str, storage: str | None) -> dict[str, Any]:
        """What every result's ``search`` says, within targets or not."""
        return {
            "games": self.job.n,
            "seed": self.job.seed,
            "players": self.job.common["players"],
            "bots": self.job.bots,
            "study": name,
            "storage": storage,
            "scores": [None if t.value is None else float(t.value) for t in self.study.trials],
            "start_check": dict(self.start_check),
            "alpha": ALPHA,
        }

    def counts(self) -> dict[str, int]:
        played = self.played()
        return {
            "trials": self.distinct(),
            "asked": len(self.study.trials),
            "played": len({tuple(sorted(t.params.items())) for t in played}),
            "infeasible": sum(1 for t in self.finished() if "problems" in t.user_attrs),
        }

    def within_result(self, base: dict[str, Any]) -> TuneResult:
        """No search needed: every target met (``within_targets``), or every estimate inside
        its band with some undecided; no edit, the start deck's fresh games as the check."""
        job = self.job
        t0 = next(t for t in self.played() if t.params == self.start_params)
        search = base | self.counts()
        search |= {
            "best_violation": float(t0.user_attrs["violation"]),
            "proposal_trial": t0.number,
            "search_quantities": dict(t0.user_attrs["quantities"]),
            "pruned": [],
            "prune_played": 0,
            "cancelled": False,
        }
        within = bool(self.start_check.get("within"))
        result = TuneResult(
            job.start, job.start, job.knobs, {}, job.tlist, True, search, within_targets=within
        )
        if self.fresh_start:
            fresh = self.fresh_start[0]
            _store_verification(result, job.vgames, job.vseed, fresh, fresh, None)
        return result

    def best(self, played: list[optuna.trial.FrozenTrial]) -> optuna.trial.FrozenTrial:
        """Among the candidates that meet every target the fewest edits (then the least
        off, the smallest steps); when none does, the lowest score (the least off the
        bands, edits and steps counted)."""
        pool_all = [t for t in played if not self.excluded(t)] or played
        met = [t for t in pool_all if self.is_met(t)]

        def order(t: optuna.trial.FrozenTrial) -> tuple[float, float, int, int]:
            a = t.user_attrs
            if met:
                return (int(a["edits"]), float(a["violation"]), int(a["steps"]), t.number)
            # none met: the least off the bands, edits and steps counted (the score)
            return (
                math.inf if t.value is None else float(t.value),
                float(a["violation"]),
                int(a["edits"]),
                t.number,
            )

        return min(met or pool_all, key=order)

    def prune(
        self, best_t: optuna.trial.FrozenTrial, played: list[optuna.trial.FrozenTrial]
    ) -> tuple[dict[str, int | tuple[int, int, int]], list[str], tuple[int, float], int]:
        """Prune edit by edit: an edit stays only if the proposal without it misses more
        targets or lies further off them on the study's seeds (the same games as every
        candidate). Passes repeat until one drops nothing, so no single edit of the result
        is removable. Returns the edits kept, those dropped, the score and the games'
        runs played for it."""
        job = self.job
        chosen: dict[str, int | tuple[int, int, int]] = {}
        for k in job.knobs:
            v = _value_of(k, best_t.params[k.name])
            if v != k.current:
                chosen[k.name] = v
        score = (int(best_t.user_attrs["missed"]), float(best_t.user_attrs["violation"]))
        known: dict[str, tuple[int, float]] = {}
        for tr in played:
            known.setdefault(
                json.dumps(tr.params, sort_keys=True),
                (int(tr.user_attrs["missed"]), float(tr.user_attrs["violation"])),
            )
        pruned: list[str] = []
        prune_played = 0
        changed = bool(chosen) and not self.cancelled()
        while changed:
            changed = False
            for k in job.knobs:
                if k.name not in chosen or k.must_move or (len(chosen) == 1 and self.flattered()):
                    continue
                if self.cancelled():
                    break
                values = self.current | {name: v for name, v in chosen.items() if name != k.name}
                pkey = json.dumps(_params_of(job.knobs, values), sort_keys=True)
                got = known.get(pkey)
                if got is None:
                    cand, problems = job.build(values)
                    if problems:
                        got = (len(job.tlist) + len(problems), math.inf)
                    else:
                        m = job.play(cand, job.n, job.seed, self.cancel)
                        if m is None:
                            break
                        prune_played += 1
                        got = (
                            job.missed(m),
                            round(violation(quantities(m, job.tlist), job.tlist), 9),
                        )
                    known[pkey] = got
                if got[0] <= score[0] and got[1] <= score[1]:
                    del chosen[k.name]
                    pruned.append(k.name)
                    score = got
                    changed = True
        return chosen, pruned, score, prune_played

    def proposal_result(
        self,
        base: dict[str, Any],
        best_t: optuna.trial.FrozenTrial,
        chosen: dict[str, int | tuple[int, int, int]],
        pruned: list[str],
        score: tuple[int, float],
        prune_played: int,
    ) -> TuneResult:
        """The pruned proposal as a result (not yet verified on fresh seeds)."""
        job = self.job
        proposal = job.start
        for k in job.knobs:
            if k.name in chosen:
                proposal = k.apply(proposal, chosen[k.name])
        broken = material_problems(job.start, proposal)
        if broken:  # never: infeasible candidates score INFEASIBLE and are not played
            raise TuneError("internal", problem=broken[0])
        search = base | self.counts()
        search |= {
            "best_violation": score[1],
            "missed": score[0],
            "proposal_trial": best_t.number,
            "found_edits": int(best_t.user_attrs["edits"]),
            "pruned": pruned,
            "prune_played": prune_played,
            "search_quantities": dict(best_t.user_attrs["quantities"]),
            "cancelled": self.cancelled(),
        }
        return TuneResult(job.start, proposal, job.knobs, chosen, job.tlist, score[0] == 0, search)


def _tick(progress: Progress, done: int, total: int) -> None:
    if callable(progress):
        progress(done, total)


def verify(
    result: TuneResult,
    games: int,
    seed: int,
    *,
    players: int = 4,
    bots: BotsArg = None,
    characters: CharactersArg = "all",
    variants: VariantsArg = None,
    round_limit: int | None = 300,
    workers: int | None = None,
    executor: Any = None,
    progress: Progress = False,
    cancel: CancelToken | None = None,
) -> dict[str, Any]:
    """Play the start deck and the proposal on ``games`` fresh games from ``seed``,
    paired; each target quantity's estimate with its interval and verdict (:func:`judge`:
    met / missed / undecided, all of them together wrong with at most :data:`ALPHA`
    probability); stored in ``result.verification`` and returned. A proposal without
    edits is the start deck: its games are played once, with no paired comparison."""
    from verlies.sim.compare import compare

    common: dict[str, Any] = {
        "players": players,
        "bots": bots,
        "seed": seed,
        "round_limit": round_limit,
        "characters": characters,
        "workers": workers,
        "executor": executor,
        "progress": progress,  # a callable: the verification's games (the Suggest panel)
        "cancel": cancel,
    }
    comp: Comparison | None = None
    if not result.edits:
        mb = simulate(games, deck=result.start, variants=variants, **common).metrics
        ma = mb
    else:
        keys = [t.key for t in result.targets]
        watch = sorted(
            {
                "win:*"
                if k.startswith("win:")
                else {"edge": "win@1", "rounds": "rounds", "timeouts": "timeout"}[k]
                for k in keys
            }
        )
        comp = compare(
            result.start,
            result.proposal,
            games,
            variants_a=variants,
            variants_b=variants,
            labels=("start", "proposal"),
            watch=watch,
            **common,
        )
        ma, mb = comp.a.metrics, comp.b.metrics
    return _store_verification(result, games, seed, ma, mb, comp)


def _store_verification(
    result: TuneResult, games: int, seed: int, ma: Metrics, mb: Metrics, comp: Comparison | None
) -> dict[str, Any]:
    qa, qb = quantities(ma, result.targets), quantities(mb, result.targets)
    rows = _rows(judge(mb, result.targets), result.targets, qa)
    for r in rows:
        r["more_games"] = (
            more_games(r, games, target_for(result.targets, r["key"]))
            if r["verdict"] == "undecided"
            else 0
        )
    counts = {v: sum(r["verdict"] == v for r in rows) for v in ("met", "undecided", "missed")}
    undecided = [r["more_games"] for r in rows if r["verdict"] == "undecided"]
    out = {
        "games": games,
        "seed": seed,
        "level": verdict_level(len(rows)),
        "alpha": ALPHA,
        "quantities": rows,
        "counts": counts,
        "violation": violation(qb, result.targets),
        "start_violation": violation(qa, result.targets),
        "point_met": violation(qb, result.targets) == 0.0,
        "meets": counts["missed"] == 0,
        # how many more games (each deck) would decide every undecided target; None: one
        # sits on its band's edge, no number of games decides it
        "more_games": (
            None
            if any(n is None for n in undecided)
            else max((n for n in undecided if n is not None), default=0)
        ),
        "compare_verdict": None if comp is None else comp.verdict,
        "compare_sentence": None if comp is None else comp.sentence("en"),
        "compare_alpha": None if comp is None else comp.alpha,
        "differences": None if comp is None else comp.watched(),
    }
    result.verification = out
    result.comparison = comp
    return out


# ---- the verdicts: met, missed, undecided ----------------------------------------------------

#: The chance that any of a deck's verdicts is wrong, at most (Bonferroni over its quantities).
ALPHA = 0.05


def verdict_level(k: int, alpha: float = ALPHA) -> float:
    """Each interval's confidence when ``k`` quantities are judged together."""
    return 1 - alpha / max(1, k)


def verdict_z(k: int, alpha: float = ALPHA) -> float:
    """The normal quantile of each (two-sided) interval for ``k`` quantities judged
    together: Bonferroni, so that all ``k`` intervals hold together with 1 − ``alpha``."""
    from verlies.sim.stats import z_quantile

    return z_quantile(1 - alpha / (2 * max(1, k)))


def verdict(low: float, high: float, target: Target) -> str:
    """*met*: the interval lies inside the band; *missed*: wholly outside; else
    *undecided* (can't tell yet: more games would narrow the interval)."""
    if math.isnan(low) or math.isnan(high):
        return "undecided"
    if target.low <= low and high <= target.high:
        return "met"
    if high < target.low or low > target.high:
        return "missed"
    return "undecided"


def judge(m: Metrics, targets: Sequence[Target], alpha: float = ALPHA) -> list[dict[str, Any]]:
    """Every target quantity of the games ``m``: its estimate, its interval and its verdict,
    the intervals at a level such that all verdicts together are wrong with probability at
    most ``alpha`` (a verdict is wrong when the true value lies on the other side of a
    band's edge than the verdict says)."""
    q = quantities(m, targets)
    z = verdict_z(len(q), alpha)
    out = []
    for key, val in q.items():
        lo, hi = _interval(m, key, z)
        out.append(
            {
                "key": key,
                "value": val,
                "low": lo,
                "high": hi,
                "verdict": verdict(lo, hi, target_for(targets, key)),
            }
        )
    return out


def more_games(row: Mapping[str, Any], games: int, target: Target) -> int | None:
    """About how many more games (beyond ``games``) would make an undecided ``row``'s
    interval lie wholly inside or outside ``target``'s band, if its estimate stayed where it
    is: an interval's half-width shrinks like 1/√n, so n · (h/d)² games, with h the
    half-width towards the nearest edge and d the estimate's distance from that edge
    (rounded up to two significant digits). None: the estimate sits on an edge."""
    v, lo, hi = row["value"], row["low"], row["high"]
    if any(math.isnan(x) for x in (v, lo, hi)):
        return None
    edges = [e for e in (target.low, target.high) if not math.isinf(e)]
    if not edges:
        return 0
    edge = min(edges, key=lambda e: abs(v - e))
    d = abs(v - edge)
    h = (v - lo) if edge <= v else (hi - v)
    if d <= 1e-12:
        return None
    extra = games * (h / d) ** 2 - games
    if extra <= 0:
        return 0
    digits = max(0, len(str(math.ceil(extra))) - 2)
    step = 10**digits
    return int(math.ceil(extra / step) * step)


def meets(m: Metrics, targets: Sequence[Target]) -> bool:
    """No target is *missed* on the games ``m`` (each met or undecided): the deck is
    within its targets as far as these games can tell."""
    return all(r["verdict"] != "missed" for r in judge(m, targets))


def _rows(
    judged: Sequence[Mapping[str, Any]], targets: Sequence[Target], start: Mapping[str, float]
) -> list[dict[str, Any]]:
    rows = []
    for r in judged:
        t = target_for(targets, r["key"])
        rows.append(
            {
                "key": r["key"],
                "target": t.shown(),
                "low_target": _fin(t.low),
                "high_target": _fin(t.high),
                "start": start.get(r["key"], math.nan),
                "value": r["value"],
                "low": r["low"],
                "high": r["high"],
                "verdict": r["verdict"],
            }
        )
    return rows


def _interval(m: Metrics, key: str, z: float) -> tuple[float, float]:
    """The interval of one quantity at normal quantile ``z``: Wilson for rates (the
    first seat's share for the edge), order statistics for the median."""
    if key.startswith("win:"):
        r = m.win_rate(key[4:])
        return wilson(r.k, r.n, z) if r.n else (math.nan, math.nan)
    if key == "edge":
        lo, hi = wilson(m.seats[0].wins, m.games, z) if m.games else (math.nan, math.nan)
        return lo - 1 / m.players, hi - 1 / m.players
    if key == "timeouts":
        return wilson(m.timeouts, m.games, z)
    return median_ci(m.rounds, z)  # the metrics' own interval of the median, at z


# ---- the tune file -------------------------------------------------------------------------


def load_tune_file(path: str | Path) -> dict[str, Any]:
    """A small TOML file with the targets, the moves and the settings::

        players = 4
        bots = "careful"
        games = 400
        trials = 30
        [targets]
        "win:*" = "25+-2"
        edge = ":2"
        rounds = [20, 30]
        [[move]]
        card = "character:char-barbar"      # KIND:ID, or KIND:* for every card
        [[move]]
        card = "dungeon:*"
        field = "obstacle"
        bound = "-1:1"

    Returns ``tune``'s keyword arguments (``targets``, ``moves`` and the settings given);
    TuneError names the file, the key and the entry that is wrong.
    """
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise TuneError("file_read", file=str(p), error=e.strerror) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise TuneError("file_toml", file=str(p), error=str(e)) from None
    out = _file_settings(data, str(p))
    out["targets"] = _file_targets(data.get("targets", {}), str(p))
    out["moves"] = _file_moves(data.get("move", []), str(p))
    return out


#: The keys of a tune file.
_FILE_KEYS = frozenset(
    {
        "players",
        "bots",
        "games",
        "trials",
        "seed",
        "verify_games",
        "verify_seed",
        "round_limit",
        "deck",
        "targets",
        "move",
        "characters",
    }
)
#: The settings of a tune file that are whole numbers.
_FILE_INTS = ("players", "games", "trials", "seed", "verify_games", "verify_seed", "round_limit")


def _file_settings(data: dict[str, Any], file: str) -> dict[str, Any]:
    """The file's settings (every key but the targets and moves), checked."""
    unknown = sorted(set(data) - _FILE_KEYS)
    if unknown:
        raise TuneError(
            "file_key", file=file, key=repr(unknown[0]), known=", ".join(sorted(_FILE_KEYS))
        )
    out: dict[str, Any] = {k: v for k, v in data.items() if k not in ("targets", "move")}
    for k in _FILE_INTS:
        if k in out and (isinstance(out[k], bool) or not isinstance(out[k], int)):
            raise TuneError("file_int", file=file, key=k, value=repr(out[k]))
    return out


def _file_targets(tg: object, file: str) -> list[Target]:
    """The ``[targets]`` table: ``KEY = band``, a band a string or ``[LO, HI]``."""
    if not isinstance(tg, dict):
        raise TuneError("file_targets", file=file)
    targets = []
    for key, band in tg.items():
        try:
            targets.append(Target.of(str(key), band if isinstance(band, str) else list(band)))
        except TypeError:
            raise TuneError("file_band", file=file, key=repr(key)) from None
        except TuneError as e:
            raise TuneError("in_file", file=file, reason=e) from None
    return targets


def _file_moves(entries: Iterable[Any], file: str) -> list[Move]:
    """The ``[[move]]`` entries: ``card = "KIND:ID"``, optional ``field`` and ``bound``."""
    moves = []
    for i, entry in enumerate(entries, 1):
        if not isinstance(entry, dict) or not isinstance(entry.get("card"), str):
            raise TuneError("file_move_card", file=file, i=i, name="card")
        extra = sorted(set(entry) - {"card", "field", "bound"})
        if extra:
            raise TuneError(
                "file_move_key", file=file, i=i, key=repr(extra[0]), known="card, field, bound"
            )
        kind, sep, cid = entry["card"].partition(":")
        if not sep or not cid:
            raise TuneError("file_move_form", file=file, i=i, name="card", card=repr(entry["card"]))
        fld = str(entry.get("field", "values" if kind.startswith("character") else ""))
        try:
            moves.append(Move.of(kind, cid, fld, entry.get("bound"), where=entry["card"]))
        except TuneError as e:
            raise TuneError("in_move_entry", file=file, i=i, reason=e) from None
    return moves


def describe_targets(targets: Iterable[Target]) -> str:
    return "; ".join(f"{t.key} {t.shown()}" for t in targets)

"""Sweeps: one card's count, or one number on a card, over a range; a batch of games per point.

Every point plays the same seeds (common random numbers), so the curve's steps come from
the change, not from luck. Points are independent tasks: this is where a Dask cluster
pays.

>>> Tweak.parse("dungeon:12", "obstacle").field
'obstacle'
"""

from __future__ import annotations

import csv
import dataclasses
import io
import math
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass
from typing import Any

from verlies.i18n.numbers import fixed
from verlies.sim.compare import Paired, game_values
from verlies.sim.feel import FIGURES as FEEL_FIGURES
from verlies.sim.feel import FeelTally
from verlies.sim.lab import Bar, Progress, SimResult, check_games, table_cell
from verlies.sim.metrics import Metrics
from verlies.sim.records import BotsArg, DeckArg, SimulationError, VariantsArg, load_deck
from verlies.sim.report import Table, TableReport, num, pct
from verlies.sim.run import (
    CancelToken,
    CharactersArg,
    RunInfo,
    RunSpec,
    batch_size,
    check_workers,
    planned_workers,
    run_tasks,
    split,
)

__all__ = ["FEEL_CURVES", "FIELDS", "GridTweak", "SweepResult", "Tweak", "sweep"]

#: What a tweak may change: the card's count in the deck, or a number printed on it.
FIELDS: dict[str, str] = {
    "count": "how many copies of the card are in the deck",
    "gold": "the gold on a dungeon card or a treasure's value (R9.1)",
    "obstacle": "the number N of a dungeon card's obstacle (R4.2)",
    "fight": "every fight value of a monster (R7.2)",
    "trap": "the target of a room card's trap (R6.2)",
}


@dataclass(frozen=True, slots=True)
class Tweak:
    """One number of the deck: ``field`` of card ``card`` in pile ``kind``."""

    kind: str  # dungeon, room, monster, treasure
    card: str
    field: str  # one of FIELDS

    @staticmethod
    def parse(card: str, field: str) -> Tweak:
        """``KIND:ID`` (e.g. ``dungeon:12``) and a field name."""
        kind, sep, cid = card.partition(":")
        if not sep or not cid:
            raise SimulationError(f"a card is KIND:ID, e.g. dungeon:12, not {card!r}")
        if field not in FIELDS:
            raise SimulationError(f"unknown field {field!r} (known: {', '.join(FIELDS)})")
        return Tweak(kind, cid, field)

    def label(self) -> str:
        return f"{self.kind}:{self.card} {self.field}"

    def value_in(self, deck: Any) -> int:
        card = self._card(deck)
        if self.field == "count":
            return int(deck.counts(self.kind)[self.card])
        if self.field == "gold":
            return int(card.gold)
        if self.field == "obstacle":
            return int(card.obstacle.n)
        if self.field == "fight":
            return int(card.fight[0].value)
        return int(self._trap(card)[1].target)

    def apply(self, deck: Any, value: int) -> Any:
        """The deck with this number set to ``value`` (DeckError if the deck refuses it)."""
        card = self._card(deck)
        if self.field == "count":
            return deck.with_count(self.kind, self.card, value)
        if self.kind in ("room", "monster", "treasure"):
            # These cards are their text (deck.with_card_text): change the parsed text.
            from verlies.cards.text import format_card, parse_card

            text = parse_card(self.kind, card.text, card=self.card)
            return deck.with_card_text(
                self.kind, self.card, format_card(self.kind, self._changed(text, value))
            )
        if self.field == "gold":
            new = dataclasses.replace(card, gold=value)
        elif self.field == "obstacle":
            if card.obstacle is None:
                raise SimulationError(f"{self.kind}:{self.card} has no obstacle")
            new = dataclasses.replace(card, obstacle=dataclasses.replace(card.obstacle, n=value))
        else:
            raise SimulationError(f"a dungeon card has no {self.field!r} number")
        return deck.with_card(self.kind, new, deck.counts(self.kind)[self.card])

    def _changed(self, text: Any, value: int) -> Any:
        if self.field == "gold" and self.kind == "treasure":
            return dataclasses.replace(text, gold=value)
        if self.field == "fight" and self.kind == "monster":
            fight = tuple(dataclasses.replace(o, value=value) for o in text.fight)
            return dataclasses.replace(text, fight=fight)
        if self.field == "trap" and self.kind == "room":
            effects = list(text)
            for i, eff in enumerate(effects):
                if hasattr(eff, "target") and hasattr(eff, "on_fail"):
                    effects[i] = dataclasses.replace(eff, target=value)
                    return tuple(effects)
            raise SimulationError(f"{self.kind}:{self.card} has no trap")
        raise SimulationError(f"a {self.kind} card has no {self.field!r} number")

    def _card(self, deck: Any) -> Any:
        try:
            cards = deck.cards(self.kind)
        except (KeyError, ValueError):
            raise SimulationError(f"unknown pile {self.kind!r}") from None
        if self.card not in cards:
            raise SimulationError(f"no card {self.card!r} in the {self.kind} pile")
        return cards[self.card]

    def _trap(self, card: Any) -> tuple[int, Any]:
        for i, eff in enumerate(getattr(card, "effects", ())):
            if hasattr(eff, "target") and hasattr(eff, "on_fail"):
                return i, eff
        raise SimulationError(f"{self.kind}:{self.card} has no trap")


#: Bootstrap draws for the spread's interval and noise floor (seeded).
SPREAD_REPS = 400
#: A character's three values (R2.1), the names of its card's fields.
CHARACTER_VALUES: tuple[str, ...] = ("staerke", "geist", "geschick")
#: R2.1: each value 1–6, the three summing to 10 (verlies.sim.tune says the same; it
#: imports this module, so the numbers are written here rather than imported from it).
_CHARACTER_RANGE, _CHARACTER_SUM = (1, 6), 10


@dataclass(frozen=True)
class GridTweak(Tweak):
    """Two numbers swept together: value ``i`` is cell ``cells[i]``, ``field`` of this card
    at its first number and ``second`` at its second. ``other`` (``KIND:ID``) names the
    card of the second number when it is another card ("" = the same card). A character's
    two values move with the third giving what keeps the sum (R2: the three 1–6, summing
    to 10); any other number as :class:`Tweak` sets it (the deck refuses what it refuses).
    A character's values cannot be crossed with another card's number (a value moves only
    with another of the same character)."""

    second: str
    cells: tuple[tuple[int, int], ...]
    other: str = ""

    def __post_init__(self) -> None:
        if self.other:
            kind2, sep, card2 = self.other.partition(":")
            if not sep or not card2:
                raise SimulationError(f"a card is KIND:ID, e.g. dungeon:12, not {self.other!r}")
            if "character" in (self.kind, kind2):
                raise SimulationError(
                    "a character's values sweep only against each other (R2), not against "
                    f"another card: {self.kind}:{self.card} × {self.other}"
                )
            if self.second not in FIELDS:
                raise SimulationError(f"unknown field {self.second!r} (known: {', '.join(FIELDS)})")
            if (kind2, card2) == (self.kind, self.card):
                object.__setattr__(self, "other", "")
        if not self.other and self.field == self.second:
            raise SimulationError(f"{self.field} cannot be swept against itself")
        if self.kind == "character":
            for f in (self.field, self.second):
                if f not in CHARACTER_VALUES:
                    raise SimulationError(
                        f"unknown value {f!r} (known: {', '.join(CHARACTER_VALUES)})"
                    )

    @property
    def second_tweak(self) -> Tweak:
        """The second axis as a one-number tweak (its card: ``other`` or this one)."""
        if self.other:
            kind2, _, card2 = self.other.partition(":")
            return Tweak(kind2, card2, self.second)
        return Tweak(self.kind, self.card, self.second)

    @property
    def second_card(self) -> tuple[str, str]:
        """(kind, id) of the second number's card."""
        t = self.second_tweak
        return t.kind, t.card

    def label(self) -> str:
        if self.other:
            return f"{self.kind}:{self.card} {self.field} × {self.other} {self.second}"
        return f"{self.kind}:{self.card} {self.field} × {self.second}"

    @property
    def third(self) -> str:
        """A character's value that gives (the one neither axis names)."""
        return next(f for f in CHARACTER_VALUES if f not in (self.field, self.second))

    def pair_in(self, deck: Any) -> tuple[int, int]:
        """The two numbers in ``deck``."""
        if self.kind == "character":
            card = self._card(deck)
            return int(getattr(card, self.field)), int(getattr(card, self.second))
        first = Tweak(self.kind, self.card, self.field).value_in(deck)
        return first, self.second_tweak.value_in(deck)

    def value_in(self, deck: Any) -> int:
        """The index of the deck's cell; −1 when the deck's numbers are no cell."""
        pair = self.pair_in(deck)
        return self.cells.index(pair) if pair in self.cells else -1

    def cell_label(self, value: int) -> str:
        """``a × b`` of cell ``value``."""
        a, b = self.cells[value]
        return f"{a} × {b}"

    def apply(self, deck: Any, value: int) -> Any:
        if not 0 <= value < len(self.cells):
            raise SimulationError(f"no cell {value} (the grid has {len(self.cells)})")
        a, b = self.cells[value]
        if self.kind != "character":
            moved = Tweak(self.kind, self.card, self.field).apply(deck, a)
            return self.second_tweak.apply(moved, b)
        card = self._card(deck)
        rest = _CHARACTER_SUM - a - b
        lo, hi = _CHARACTER_RANGE
        for name, v in ((self.field, a), (self.second, b), (self.third, rest)):
            if not lo <= v <= hi:
                raise SimulationError(
                    f"character {self.card}: {name} {v} is outside {lo}–{hi} (R2)"
                )
        new = dataclasses.replace(card, **{self.field: a, self.second: b, self.third: rest})
        return deck.with_card("character", new)

    def _card(self, deck: Any) -> Any:
        if self.kind == "character":
            if self.card not in deck.characters:
                raise SimulationError(f"no character {self.card!r}")
            return deck.characters[self.card]
        return Tweak._card(self, deck)


#: Summary metrics a sweep shows, and where each one's 95 % interval comes from.
CURVE_KEYS: dict[str, str] = {
    "mean_rounds": "mean_rounds_ci",  # normal interval of the mean
    "median_rounds": "median_rounds_ci",  # order statistics (distribution-free)
    "timeout_share": "timeout_ci",  # Wilson
    "balance_characters": "balance_ci",  # parametric bootstrap of the spread
    "first_seat_edge": "first_seat_edge_ci",  # Wilson of the first seat's share − 1/P
    "mean_gold": "mean_gold_ci",  # normal interval of the mean game total / players
    "injuries_per_game": "injuries_ci",  # normal interval of the mean
}

#: The game-feel figures a sweep can show per value (``feel:<figure>``, docs/metrics.md
#: "Game feel"): each point's mean and 95 % interval from its games' traces.
FEEL_CURVES: tuple[str, ...] = tuple(f"feel:{k}" for k in FEEL_FIGURES)

#: The paired quantity (``game_values``) behind a summary metric, for the differences to
#: the base point (gold: per seat, the game total divided by the players).
_PAIRED: dict[str, str] = {
    "mean_rounds": "rounds",
    "timeout_share": "timeout",
    "mean_gold": "gold",
    "injuries_per_game": "injuries",
}


@dataclass
class SweepResult(TableReport):
    """The metrics at every value of the swept number, with intervals; and each point's
    paired difference to the first point (the base: the same seeds and characters)."""

    tweak: Tweak
    values: list[int]
    points: list[SimResult]
    paired: list[dict[str, Paired]] = dataclasses.field(default_factory=list)
    #: The swept deck's own value (a grid: its cell's index; None or −1: none of them).
    base_value: int | None = None
    _spreads: dict[tuple[int, int], tuple[float, float, float, float]] = dataclasses.field(
        default_factory=dict, repr=False, compare=False
    )
    #: Per point its game-feel figures (:class:`~verlies.sim.feel.FeelTally`), counted as
    #: the games arrive; empty when the games kept no trace.
    feel: list[FeelTally] = dataclasses.field(default_factory=list, compare=False)

    def value_label(self, v: int) -> str:
        """A point as a person reads it: the value, or a grid's ``a × b``."""
        return self.tweak.cell_label(v) if isinstance(self.tweak, GridTweak) else str(v)

    def spread_ci(self, reps: int = SPREAD_REPS) -> list[tuple[float, float, float, float]]:
        """Per point: the spread of the characters' win rates (max − min), its 95 %
        bootstrap interval and its noise floor (the 95th percentile of the spread when
        every character wins at the pooled rate), seeded: the same figures every time;
        NaN without two characters with games. The page, the notebook and the command
        line show these figures."""
        from verlies.sim.stats import spread_interval, spread_noise_floor

        out = []
        for i, p in enumerate(self.points):
            key = (i, p.metrics.games)
            if key not in self._spreads:
                sides = [p.metrics.characters[c] for c in sorted(p.metrics.characters)]
                sides = [x for x in sides if x.games]
                n = [x.games for x in sides]
                k = [x.wins for x in sides]
                if len(sides) < 2:
                    self._spreads[key] = (math.nan,) * 4
                else:
                    rates = [w / g for w, g in zip(k, n, strict=True)]
                    low, high = spread_interval(n, k, reps, 0)
                    floor = spread_noise_floor(n, k, reps, 0)
                    self._spreads[key] = (max(rates) - min(rates), low, high, floor)
            out.append(self._spreads[key])
        return out

    def curve(self, key: str = "median_rounds") -> list[float]:
        """One summary metric (or ``win:<character>``) per value."""
        return [v for v, _, _ in self.curve_ci(key)]

    def curve_ci(self, key: str = "median_rounds") -> list[tuple[float, float, float]]:
        """(value, 95 % low, 95 % high) of one metric per point (``win:<id>``: Wilson;
        ``feel:<figure>``: the game-feel figure's mean and interval)."""
        if key.startswith("feel:"):
            return self._feel_curve(key)
        out = []
        for p in self.points:
            if key.startswith("win:"):
                r = p.metrics.win_rate(key[4:])
                out.append((r.rate, *r.ci))
            elif key in ("balance_characters", "balance_ci"):
                b = p.metrics.balance(reps=500)
                out.append((b["balance_characters"], *b["balance_ci"]))
            else:
                s = p.metrics.summary()
                ci = s.get(CURVE_KEYS.get(key, ""), [float("nan")] * 2)
                out.append((float(s[key]), float(ci[0]), float(ci[1])))
        return out

    def _feel_curve(self, key: str) -> list[tuple[float, float, float]]:
        if key not in FEEL_CURVES:
            raise SimulationError(
                f"unknown game-feel figure {key!r} (known: {', '.join(FEEL_CURVES)})"
            )
        nan = (math.nan, math.nan, math.nan)
        out = []
        for i in range(len(self.points)):
            f = self.feel[i].figure(key[5:]) if i < len(self.feel) else None
            out.append(nan if f is None else (f["mean"], f["ci_low"], f["ci_high"]))
        return out

    def difference(self, key: str) -> list[dict[str, Any]]:
        """Each point minus the base point in ``key`` (a paired quantity, a summary metric
        with one, or ``win:<id>``): the paired mean difference and its one-look 95 %
        interval (the same seeds at every point)."""
        from verlies.sim import stats

        name = _PAIRED.get(key, key)
        scale = float(self.points[0].spec.players) if name == "gold" else 1.0
        out = []
        for pairs in self.paired:
            p = pairs.get(name)
            if p is None or p.n < 2:
                out.append(
                    {
                        "n": 0 if p is None else p.n,
                        "diff": math.nan,
                        "low": math.nan,
                        "high": math.nan,
                    }
                )
                continue
            var = max((p.sum_dd - p.sum_d**2 / p.n) / (p.n - 1), stats.variance_floor(p.n))
            h = stats.t_quantile(0.975, p.n - 1) * math.sqrt(var / p.n)
            out.append(
                {
                    "n": p.n,
                    "diff": p.diff / scale,
                    "low": (p.diff - h) / scale,
                    "high": (p.diff + h) / scale,
                }
            )
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "tweak": dataclasses.asdict(self.tweak),
            "values": self.values,
            "points": [
                {"value": v, **p.to_dict(), **self._feel_of(i)}
                for i, (v, p) in enumerate(zip(self.values, self.points, strict=True))
            ],
            "differences_to_base": {k: self.difference(k) for k in _PAIRED},
        }

    def _feel_of(self, i: int) -> dict[str, Any]:
        """A point's game-feel figures for its JSON (``feel``), {} without a tally."""
        return {"feel": self.feel[i].figures()} if i < len(self.feel) else {}

    def to_csv(self) -> str:
        """One row per value: the summary metrics, each with its 95 % interval, the
        paired difference to the base point where there is one, and the game-feel figures
        (``feel_<figure>`` with its interval) when the games kept traces."""
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        head = ["value", "games"]
        for c in CURVE_KEYS:
            head += [c, f"{c}_low", f"{c}_high"]
        head += ["balance_seats", "first_seat_advantage"]
        for c in _PAIRED:
            head += [f"{c}_diff", f"{c}_diff_low", f"{c}_diff_high"]
        feel = FEEL_CURVES if self.feel else ()
        for c in feel:
            name = c.replace(":", "_")
            head += [name, f"{name}_low", f"{name}_high"]
        w.writerow(head)
        curves = {c: self.curve_ci(c) for c in (*CURVE_KEYS, *feel)}
        diffs = {c: self.difference(c) for c in _PAIRED}
        for i, (v, p) in enumerate(zip(self.values, self.points, strict=True)):
            s = p.metrics.summary()
            row: list[Any] = [v, s["games"]]
            for c in CURVE_KEYS:
                row += [table_cell(x) for x in curves[c][i]]
            row += [table_cell(s["balance_seats"]), table_cell(s["first_seat_advantage"])]
            for c in _PAIRED:
                d = (
                    diffs[c][i]
                    if i < len(diffs[c])
                    else {"diff": math.nan, "low": math.nan, "high": math.nan}
                )
                row += [table_cell(d["diff"]), table_cell(d["low"]), table_cell(d["high"])]
            for c in feel:
                row += [table_cell(x) for x in curves[c][i]]
            w.writerow(row)
        return out.getvalue()

    def _tables(self, lang: str = "en") -> list[Table]:
        from verlies.i18n import text as t

        def ci(x: tuple[float, float, float], f: Callable[[float], str]) -> str:
            return f"{f(x[0])} ({f(x[1])}–{f(x[2])})"

        def p(x: float) -> str:
            return pct(x, lang)

        def n(digits: int) -> Callable[[float], str]:
            return lambda x: num(x, digits, lang)

        def signed(x: float) -> str:
            return fixed(x, 2, lang, sign=True)

        rows = []
        curves = {c: self.curve_ci(c) for c in CURVE_KEYS}
        for i, (v, pt) in enumerate(zip(self.values, self.points, strict=True)):
            rows.append(
                [
                    self.value_label(v),
                    str(pt.metrics.games),
                    ci(curves["median_rounds"][i], n(1)),
                    ci(curves["timeout_share"][i], p),
                    ci(curves["balance_characters"][i], n(3)),
                    ci(curves["mean_gold"][i], n(1)),
                    ci(curves["injuries_per_game"][i], n(2)),
                ]
            )
        head = t("simtext.sweep.head", lang, what=self.tweak.label())
        c = "simtext.sweep.col."
        cols = [
            t(c + k, lang)
            for k in ("value", "games", "rounds", "timeouts", "balance", "gold", "injuries")
        ]
        diff_rows = []
        diffs = {k: self.difference(k) for k in _PAIRED}
        for i, v in enumerate(self.values):
            cells = [self.value_label(v)]
            for k in _PAIRED:
                d = diffs[k][i] if i < len(diffs[k]) else None
                f = p if k == "timeout_share" else signed
                cells.append(
                    "–"
                    if d is None or math.isnan(d["diff"])
                    else f"{f(d['diff'])} ({f(d['low'])} … {f(d['high'])})"
                )
            diff_rows.append(cells)
        dhead = t("simtext.sweep.diff_head", lang, first=self.value_label(self.values[0]))
        dcols = [
            t(c + k, lang) for k in ("value", "rounds_diff", "timeouts", "gold_seat", "injuries")
        ]
        out = [(head, cols, rows), (dhead, dcols, diff_rows)]
        if isinstance(self.tweak, GridTweak):
            out.append(self._heat_table(lang))
        return out

    def axis_names(self, lang: str = "en") -> tuple[str, str]:
        """The axes in words: ``card name: number`` of each swept number (a grid: first
        and second; one number: it and "")."""
        from verlies.i18n import text as t

        deck: Any = self.points[0].spec.deck if self.points else None

        def name(kind: str, card: str, fld: str) -> str:
            words = t(f"card.attr.{fld}" if kind == "character" else f"impact.field.{fld}", lang)
            try:
                pile = deck.characters if kind == "character" else deck.cards(kind)
                who = str(pile[card].name.get(lang))
            except (AttributeError, KeyError, ValueError):
                who = card
            return f"{who}: {words}"

        tw = self.tweak
        first = name(tw.kind, tw.card, tw.field)
        if isinstance(tw, GridTweak):
            return first, name(*tw.second_card, tw.second)
        return first, ""

    def _heat_table(self, lang: str) -> Table:
        """A grid as a table: one column per first value, one row per second value, each
        cell the spread of the win rates in points (the deck's own cell marked "now")."""
        from verlies.i18n import text as t

        tw = self.tweak
        assert isinstance(tw, GridTweak)
        x, y = self.axis_names(lang)
        cols_a = sorted({a for a, _ in tw.cells})
        rows_b = sorted({b for _, b in tw.cells})
        spread = dict(zip(self.values, self.spread_ci(), strict=True))
        now = (
            tw.cells[self.base_value]
            if self.base_value is not None and self.base_value >= 0
            else None
        )
        rows = []
        for b in rows_b:
            cells = [str(b)]
            for a in cols_a:
                v = tw.cells.index((a, b)) if (a, b) in tw.cells else -1
                got = spread.get(v)
                cell = "–" if got is None or math.isnan(got[0]) else fixed(100 * got[0], 1, lang)
                if now == (a, b):
                    cell += " " + t("answers.sweep.now", lang)
                cells.append(cell)
            rows.append(cells)
        head = t("answers.sweep.heat_head", lang, x=x, y=y)
        cols = [f"{y} ↓ · {x} →", *(str(a) for a in cols_a)]
        return (head, cols, rows)


def sweep(
    tweak: Tweak,
    values: Sequence[int],
    games: int = 100,
    players: int = 4,
    bots: BotsArg = None,
    seed: int = 0,
    deck: DeckArg = None,
    variants: VariantsArg = None,
    round_limit: int | None = 300,
    characters: CharactersArg = None,
    *,
    workers: int | None = None,
    executor: Any = None,
    progress: Progress = False,
    cancel: CancelToken | None = None,
    on_update: Callable[[SweepResult], None] | None = None,
) -> SweepResult:
    """Play ``games`` games at every value of ``tweak`` (the same seeds at each)."""
    n = check_games(games)
    check_workers(workers)
    base = load_deck(deck)
    vals = [int(v) for v in values]
    if not vals:
        raise SimulationError("a sweep needs at least one value")
    specs = [
        RunSpec.build(
            players=players,
            characters=characters,
            bots=bots,
            deck=tweak.apply(base, v),
            variants=variants,
            seed=seed,
            round_limit=round_limit,
            label=str(v),
        )
        for v in vals
    ]
    info = RunInfo()
    points = [SimResult(s, Metrics(players), info, n) for s in specs]
    result = SweepResult(tweak, vals, points, [{} for _ in vals], _value_in(tweak, base))
    result.feel = [FeelTally(label=str(v)) for v in vals]
    # Game i of point k is paired with game i of the base point (the same seed and
    # characters); values wait here until both have arrived.
    waiting: list[dict[int, dict[str, int]]] = [{} for _ in vals]
    consumed: dict[int, int] = {}
    size = batch_size(n * len(vals), planned_workers(executor, workers))
    tasks = [t for k in range(len(vals)) for t in split(n, min(size, max(n, 1)), (k,))]
    bar = Bar(progress, n * len(vals), "sweep games")
    try:
        with closing(
            run_tasks(specs, tasks, executor=executor, workers=workers, cancel=cancel, info=info)
        ) as runs:
            for task, (records,) in runs:
                k = task.which[0]
                points[k].metrics.add_all(records)
                result.feel[k].add_all(r for r in records if r.feel is not None)
                for r in records:
                    waiting[k][r.index] = game_values(r)
                    for j in range(1, len(vals)) if k == 0 else (k,):
                        base, other = waiting[0].get(r.index), waiting[j].get(r.index)
                        if base is None or other is None:
                            continue
                        pairs = result.paired[j]
                        for key in base.keys() & other.keys():
                            pairs.setdefault(key, Paired()).add(base[key], other[key])
                        del waiting[j][r.index]
                        consumed[r.index] = consumed.get(r.index, 0) + 1
                        if consumed[r.index] == len(vals) - 1:
                            del waiting[0][r.index], consumed[r.index]
                bar.update(len(records))
                if on_update is not None:
                    on_update(result)
    finally:
        bar.close()
    return result


def _value_in(tweak: Tweak, deck: Any) -> int | None:
    """The swept deck's own value of ``tweak`` (None: it has none of them)."""
    try:
        return tweak.value_in(deck)
    except (SimulationError, AttributeError, KeyError):
        return None

"""The Deck tab's "Sweep this number" panel without widgets (issue 22 item 3).

:class:`SweepRun` sweeps one number of the selected card of the editor's draft (its
copies, gold, obstacle, fight value or trap target: :class:`verlies.sim.sweep.Tweak`) over
a range, a batch of games at every value on the same seeds (as ``verlies sweep`` does), in
a background thread with progress and cancel; :meth:`SweepRun.points` is the curve so far:
one quantity per value with its 95 % interval. :meth:`SweepRun.deck_at` is the draft with
the number set to a value of the range (the page makes it the draft).

Values the deck refuses (a count below what the rules need, gold below 0, ...) are left
out of the range before the run and named (:attr:`SweepRun.refused`).

A character's values (R2.1: Stärke, Geist, Geschick; 1–6 summing to 10) cannot move alone:
:class:`PairTweak` sweeps one of them as a pair move, the value +k and another value the
designer picks −k, every point checked by the deck (values 1–6, the sum kept).

Issue 37 item 6: the curve can show each character's win rate (Wilson interval) and the
spread of the win rates (max − min, its bootstrap interval and its noise floor: what the
spread would be if every character won equally often); the default range is centred on
the card's value (:func:`default_range`: ±3, clipped to what the deck takes); two numbers
of one card swept together (:class:`GridTweak`, every pair of values a cell) make a heat
map; the second number may be another card's (``other``: two cards crossed, e.g. the
goblin's fight against the ruby's gold). :meth:`SweepRun.value_of` tells which point of
the sweep the draft is now (after "Make it the draft"), or None: the draft changed
otherwise and the sweep is out of date.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from verlies import i18n
from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.sim.feel import SHARES
from verlies.sim.records import SimulationError
from verlies.sim.sweep import CHARACTER_VALUES, FEEL_CURVES, GridTweak, SweepResult, Tweak, sweep
from verlies.sim.tune import CHARACTER_RANGE, CHARACTER_SUM
from verlies.ui.runs.run_model import PooledRun

__all__ = [
    "CHARACTER_VALUES",
    "MAX_CELLS",
    "MAX_POINTS",
    "QUANTITIES",
    "RANGE_REACH",
    "SPREAD",
    "WIN",
    "GridTweak",
    "KeptFigures",
    "PairTweak",
    "Point",
    "SweepRun",
    "default_range",
    "fields_of",
    "givers_of",
    "is_share",
    "points_of",
    "quantities_of",
]

#: The spread of the characters' win rates (max − min), a quantity of the curve.
SPREAD = "win_spread"
#: ``win:<character id>``: one character's win rate.
WIN = "win:"
#: The quantities the curve can show besides each character's win rate (``sweep.q.<key>``
#: in i18n), in the order the panel offers them (after the spread come the win rates).
QUANTITIES: tuple[str, ...] = (
    SPREAD,
    "median_rounds",
    "mean_gold",
    "injuries_per_game",
    "timeout_share",
)
#: The most values one sweep plays.
MAX_POINTS = 12
#: The most cells of a sweep of two numbers (7 × 7).
MAX_CELLS = 49
#: The default range reaches this far on either side of the card's value.
RANGE_REACH = 3
#: Bootstrap draws for the spread's interval and noise floor (seeded: the same figures
#: every time).
SPREAD_REPS = 400


@dataclass(frozen=True)
class PairTweak(Tweak):
    """A character's value ``field`` set to a value, ``gives`` moving the other way by as
    much (R2: the three values sum to 10, so one cannot move alone). Every value is
    checked: both values stay 1–6, the sum stays what it was (SimulationError if not)."""

    gives: str

    def __post_init__(self) -> None:
        if self.kind != "character":
            raise SimulationError(f"a pair move is a character's, not a {self.kind} card's")
        for f in (self.field, self.gives):
            if f not in CHARACTER_VALUES:
                raise SimulationError(f"unknown value {f!r} (known: {', '.join(CHARACTER_VALUES)})")
        if self.field == self.gives:
            raise SimulationError(f"{self.field} cannot give to itself")

    def label(self) -> str:
        return f"character:{self.card} {self.field}+k {self.gives}-k"

    def value_in(self, deck: Any) -> int:
        return int(getattr(self._card(deck), self.field))

    def partner_at(self, deck: Any, value: int) -> int:
        """The giving value when ``field`` is at ``value``."""
        card = self._card(deck)
        return int(getattr(card, self.gives)) - (value - int(getattr(card, self.field)))

    def apply(self, deck: Any, value: int) -> Any:
        card = self._card(deck)
        partner = self.partner_at(deck, value)
        lo, hi = CHARACTER_RANGE
        for name, v in ((self.field, value), (self.gives, partner)):
            if not lo <= v <= hi:
                raise SimulationError(
                    f"character {self.card}: {name} {v} is outside {lo}–{hi} (R2)"
                )
        new = dataclasses.replace(card, **{self.field: value, self.gives: partner})
        if sum(new.values) != CHARACTER_SUM:
            raise SimulationError(
                f"character {self.card}: values {'/'.join(map(str, new.values))} do not "
                f"sum to {CHARACTER_SUM} (R2)"
            )
        return deck.with_card("character", new)


def default_range(draft: Deck, tweak: Tweak, reach: int = RANGE_REACH) -> tuple[int, int]:
    """The range a sweep of ``tweak`` starts with: the card's value ± ``reach``, each side
    stopping at the last value the deck takes (a count of 0 removes the card, an obstacle
    is at least 1, a character's values stay 1–6 summing to 10)."""
    now = tweak.value_in(draft)

    def takes(v: int) -> bool:
        try:
            tweak.apply(draft, v)
        except VerliesError:
            return False
        return True

    low = now
    while low > now - reach and takes(low - 1):
        low -= 1
    high = now
    while high < now + reach and takes(high + 1):
        high += 1
    return low, high


def quantities_of(deck: Deck) -> list[str]:
    """The quantities a sweep of ``deck`` can show: the spread of the win rates, each
    character's win rate, then rounds, gold, injuries and timeouts."""
    return [SPREAD, *(WIN + c for c in deck.characters), *QUANTITIES[1:], *FEEL_CURVES]


def is_share(quantity: str) -> bool:
    """A share of games (shown in per cent; the spread in points)."""
    return (
        quantity in (SPREAD, "timeout_share")
        or quantity.startswith(WIN)
        or (quantity.startswith("feel:") and quantity[5:] in SHARES)  # feel3
    )


def givers_of(field: str) -> list[str]:
    """The values that can give when the character's ``field`` moves."""
    return [f for f in CHARACTER_VALUES if f != field]


def fields_of(deck: Deck, kind: str, card_id: str) -> list[str]:
    """The numbers of a card a sweep can move (its copies; gold, obstacle, fight, trap
    where the card has them). The start card's and the exits' copies are the game's frame
    (R2.4, R1.3): not offered. A character: its three values, each swept as a pair move
    (:class:`PairTweak`)."""
    if kind == "character":
        return list(CHARACTER_VALUES) if card_id in deck.characters else []
    if kind not in ("dungeon", "room", "monster", "treasure"):
        return []
    out = []
    for field in ("gold", "obstacle", "fight", "trap", "count"):
        if field == "count" and kind == "dungeon":
            if str(deck.dungeon[card_id].kind.value) in ("start", "exit"):
                continue
        try:
            Tweak(kind, card_id, field).value_in(deck)
        except (VerliesError, AttributeError, TypeError, IndexError):
            continue
        if field == "gold" and kind in ("room", "monster"):
            continue
        out.append(field)
    return out


@dataclass(frozen=True)
class Point:
    """One value of the sweep: the quantity's estimate and 95 % interval, games played;
    for the spread of the win rates also its noise floor (else NaN)."""

    value: int
    estimate: float
    low: float
    high: float
    games: int
    floor: float = math.nan


def points_of(res: SweepResult, quantity: str) -> list[Point]:
    """A sweep's curve as the page draws it: every value with games, its estimate and 95 %
    interval (the spread of the win rates: :meth:`SweepResult.spread_ci`, with its noise
    floor). The notebook draws the same points (:func:`verlies.ui.deck.sweep_view.sweep_figure`)."""
    if quantity == SPREAD:
        out = []
        figures = res.spread_ci(SPREAD_REPS)
        for v, p, (spread, low, high, floor) in zip(res.values, res.points, figures, strict=True):
            if p.metrics.games and not math.isnan(spread):
                out.append(Point(v, spread, low, high, p.metrics.games, floor))
        return out
    curve = res.curve_ci(quantity)
    got = []
    for v, p, (est, low, high) in zip(res.values, res.points, curve, strict=True):
        if p.metrics.games and not math.isnan(est):
            got.append(Point(v, est, low, high, p.metrics.games))
    return got


class KeptFigures(Protocol):
    """A sweep kept and read back (the workspace's
    :class:`~verlies.ui.workspace.sweep_kept.SweepFigures`): what
    :meth:`SweepRun.restore_figures` draws again; the panel shows ``quantity`` again."""

    @property
    def tweak(self) -> Tweak: ...
    @property
    def values(self) -> list[int]: ...
    @property
    def refused(self) -> list[int]: ...
    @property
    def figures(self) -> dict[str, list[Point]]: ...
    @property
    def status(self) -> str: ...
    @property
    def done(self) -> int: ...
    @property
    def total(self) -> int: ...
    @property
    def games(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def quantity(self) -> str | None: ...  # the curve shown when it was kept


@dataclass(frozen=True)
class _Resumed:
    """A continued sweep's whole range and the figures of the points it kept."""

    values: list[int]
    refused: list[int]
    kept: dict[str, list[Point]]


class SweepRun(PooledRun):
    """One sweep at a time on a draft, in a background thread; its points so far (the
    thread, the progress, cancel and the end: :class:`~verlies.ui.runs.run_model.BackgroundRun`)."""

    what = "sweep"

    def __init__(self, workers: int | None = None) -> None:
        super().__init__(workers)
        self.deck: Deck | None = None
        self.tweak: Tweak | None = None
        self.values: list[int] = []
        self.refused: list[int] = []
        self.result: SweepResult | None = None
        #: The swept draft at every value (made once, when the range is checked).
        self.decks: dict[int, Deck] = {}
        self._spreads: dict[tuple[int, int], tuple[float, float, float, float]] = {}
        #: The curves of a sweep given back by the workspace (no :attr:`result`: its
        #: games are not kept, only the figures drawn from them).
        self.saved: dict[str, list[Point]] = {}
        self._ended: dict[str, list[Point]] = {}  # an ended sweep's curves, worked out once
        #: Games per value and players of the sweep (what a continued sweep plays again).
        self.games, self.players = 0, 4
        #: The values whose games all came (their figures are final, see :meth:`complete`).
        self._complete: dict[int, dict[str, Point]] = {}
        self._offset = 0
        #: A sweep given back half-run (a reload or a dead kernel stopped it).
        self.interrupted = False

    def start(
        self,
        draft: Deck,
        tweak: Tweak,
        low: int,
        high: int,
        *,
        games: int = 48,
        players: int = 4,
        on_update: Callable[[SweepRun], None] | None = None,
        on_done: Callable[[SweepRun], None] | None = None,
        on_start: Callable[[SweepRun], None] | None = None,
    ) -> None:
        """Sweep ``tweak`` of ``draft`` from ``low`` to ``high`` (both included); returns
        at once. VerliesError: a range that is empty, too long, or refused at every value."""
        self._check_idle()
        if high < low:
            raise VerliesError(f"the range {low}–{high} is empty")
        if high - low + 1 > MAX_POINTS:
            raise VerliesError(f"at most {MAX_POINTS} values, not {high - low + 1}")
        self._start(
            draft,
            tweak,
            range(low, high + 1),
            f"{low}–{high}",
            games=games,
            players=players,
            on_update=on_update,
            on_done=on_done,
            on_start=on_start,
        )

    def start_grid(
        self,
        draft: Deck,
        kind: str,
        card: str,
        fields: tuple[str, str],
        first: tuple[int, int],
        second: tuple[int, int],
        *,
        other: str = "",
        games: int = 24,
        players: int = 4,
        on_update: Callable[[SweepRun], None] | None = None,
        on_done: Callable[[SweepRun], None] | None = None,
        on_start: Callable[[SweepRun], None] | None = None,
    ) -> None:
        """Sweep two numbers of one card together: every pair of ``first`` (low, high) ×
        ``second`` (low, high) a cell (:class:`GridTweak`; at most :data:`MAX_CELLS`),
        the cells the deck refuses left out. ``other`` (``KIND:ID``): the second number is
        that card's (two cards crossed), else this card's. Returns at once."""
        self._check_idle()
        (a0, a1), (b0, b1) = first, second
        if a1 < a0 or b1 < b0:
            raise VerliesError(f"the range {a0}–{a1} × {b0}–{b1} is empty")
        n = (a1 - a0 + 1) * (b1 - b0 + 1)
        if n > MAX_CELLS:
            raise VerliesError(f"at most {MAX_CELLS} cells, not {n}")
        cells = tuple((a, b) for b in range(b0, b1 + 1) for a in range(a0, a1 + 1))
        tweak = GridTweak(kind, card, fields[0], fields[1], cells, other)
        self._start(
            draft,
            tweak,
            range(len(cells)),
            f"{a0}–{a1} × {b0}–{b1}",
            games=games,
            players=players,
            on_update=on_update,
            on_done=on_done,
            on_start=on_start,
        )

    def _start(
        self,
        draft: Deck,
        tweak: Tweak,
        candidates: range | list[int],
        said: str,
        *,
        games: int,
        players: int,
        on_update: Callable[[SweepRun], None] | None,
        on_done: Callable[[SweepRun], None] | None,
        on_start: Callable[[SweepRun], None] | None,
        resumed: _Resumed | None = None,
    ) -> None:
        values, refused = [], []
        decks: dict[int, Deck] = {}
        for v in candidates:
            try:
                decks[v] = tweak.apply(draft, v)
                values.append(v)
            except VerliesError:
                refused.append(v)
        if not values:
            raise VerliesError(f"the deck refuses every value {said}")
        r = resumed or _Resumed(values, refused, {})
        self._offset = len(r.values) * games - len(values) * games  # the kept points' games
        cancel = self._begin(games * len(r.values))
        self.done = self._offset
        self.deck, self.tweak, self.values, self.refused = draft, tweak, r.values, r.refused
        self.decks = {v: tweak.apply(draft, v) for v in r.values} if resumed else decks
        self._spreads = {}
        self.result = None
        self.saved, self._ended = r.kept, {}
        self._complete, self.interrupted = {}, False
        self.games, self.players = games, players
        executor = self.executor()

        def update(result: SweepResult) -> None:
            self.result = result
            if on_update is not None:
                on_update(self)

        def work() -> None:
            self.result = sweep(
                tweak,
                values,
                games,
                players=players,
                deck=draft,
                characters="all" if len(draft.characters) >= players else None,
                workers=1 if executor is None else None,
                executor=executor,
                progress=self._progress,
                cancel=cancel,
                on_update=update,
            )

        self._launch(work, on_done, on_start)

    def points(self, quantity: str) -> list[Point]:
        """The curve so far: every value with games, its estimate and 95 % interval (the
        spread of the win rates: also its noise floor); of a sweep given back, its kept
        figures."""
        if self.result is None:
            return list(self.saved.get(quantity, []))
        if self.saved:  # a continued sweep: the points it had, then the ones played now
            new = points_of(self.result, quantity)
            return sorted([*self.saved.get(quantity, []), *new], key=lambda p: p.value)
        if self.running:
            return points_of(self.result, quantity)
        # an ended sweep's curves do not change: each worked out once (the spread's
        # bootstrap is the costly one), whatever redraws or keeps them
        if quantity not in self._ended:
            self._ended[quantity] = points_of(self.result, quantity)
        return list(self._ended[quantity])

    def restore(
        self,
        deck: Deck,
        tweak: Tweak,
        values: list[int],
        refused: list[int],
        figures: dict[str, list[Point]],
        *,
        status: str = "done",
        done: int = 0,
        total: int = 0,
        games: int = 0,
        players: int = 4,
    ) -> None:
        """A sweep of ``deck`` kept by the workspace shown again: its range, its figures
        (every quantity's curve) and how it ended. Every value's deck is made again from
        ``deck`` (so "Make it the draft" and "now" work as after the run); a value the
        deck refuses now is VerliesError (nothing changed)."""
        self._check_idle()
        decks = {v: tweak.apply(deck, v) for v in values}
        self.deck, self.tweak, self.values, self.refused = deck, tweak, list(values), list(refused)
        self.decks, self._spreads, self.result = decks, {}, None
        self.saved = {q: list(ps) for q, ps in figures.items()}
        self._ended = {}
        self.error, self.failure = None, None
        self.status = "cancelled" if status in ("cancelled", "interrupted") else "done"
        self.interrupted = status == "interrupted"
        self.done, self.total = done, total
        self.games, self.players = games, players
        self._complete = {}

    def restore_figures(self, deck: Deck, figs: KeptFigures) -> None:
        """A kept sweep read back (``figs``, of the swept draft ``deck``) shown again:
        :meth:`restore` with every figure it kept, how it ended and what it played."""
        self.restore(
            deck,
            figs.tweak,
            figs.values,
            figs.refused,
            figs.figures,
            status=figs.status,
            done=figs.done,
            total=figs.total,
            games=figs.games,
            players=figs.players,
        )

    def complete(self) -> list[int]:
        """The values whose games have all come (a sweep given back: the values it kept;
        a sweep that ended: all of them)."""
        if self.result is None:
            if self.games < 1:  # kept without its games per value: none can be reused
                return [] if self.interrupted else list(self.values)
            full = {p.value for ps in self.saved.values() for p in ps if p.games >= self.games}
            return sorted(full)
        n = self.games
        got = {
            v
            for v, p in zip(self.result.values, self.result.points, strict=True)
            if p.metrics.games >= n
        }
        kept = {p.value for ps in self.saved.values() for p in ps}
        return sorted(got | kept)

    def complete_figures(self) -> dict[str, list[Point]]:
        """Every curve of the values whose games have all come, as a sweep never
        interrupted has them (each point's figures are of its own games alone: the same
        seeds at each value); each value's worked out once. A sweep that ended: all."""
        if self.deck is None or (self.result is None and not self.running):
            return {q: list(ps) for q, ps in self.saved.items()}
        if not self.running:
            return {q: self.points(q) for q in quantities_of(self.deck)}
        res, qs = self.result, quantities_of(self.deck)
        if res is not None:
            for k, (v, p) in enumerate(zip(res.values, res.points, strict=True)):
                if v in self._complete or p.metrics.games < self.games:
                    continue
                one = SweepResult(res.tweak, [v], [p], feel=res.feel[k : k + 1])
                self._complete[v] = {q: pt for q in qs for pt in points_of(one, q)}
        out: dict[str, list[Point]] = {q: list(self.saved.get(q, [])) for q in qs}
        for v in sorted(self._complete):
            for q, pt in self._complete[v].items():
                out[q].append(pt)
        return {q: sorted(ps, key=lambda p: p.value) for q, ps in out.items() if ps}

    def resume(
        self,
        *,
        on_update: Callable[[SweepRun], None] | None = None,
        on_done: Callable[[SweepRun], None] | None = None,
        on_start: Callable[[SweepRun], None] | None = None,
    ) -> int:
        """Play the values a sweep given back half-run is missing, on the same seeds and
        games: the points it kept stay, and the finished curve is the one a sweep never
        interrupted draws, bit for bit; returns the values played. VerliesError: nothing
        to continue."""
        self._check_idle()
        if not self.interrupted or self.games < 1:
            raise VerliesError("no interrupted sweep to continue")
        return self._go_on(list(self.values), on_update, on_done, on_start)

    def can_extend(self, draft: Deck, tweak: Tweak, games: int) -> str | None:
        """Why this sweep cannot be extended to ``tweak`` of ``draft`` at ``games`` games
        per value (a ``sweep.`` key: ``no_extend.*``), or None: it can, its points kept."""
        if self.running or self.deck is None or self.tweak is None:
            return "no_extend.none"
        if isinstance(self.tweak, GridTweak) or self.tweak != tweak:
            return "no_extend.other"
        if not (self.deck is draft or self.deck == draft):
            return "no_extend.draft"
        if self.games < 1:
            return "no_extend.old"
        if games != self.games:
            return "no_extend.games"
        return None

    def extend(
        self,
        low: int,
        high: int,
        *,
        on_update: Callable[[SweepRun], None] | None = None,
        on_done: Callable[[SweepRun], None] | None = None,
        on_start: Callable[[SweepRun], None] | None = None,
    ) -> int:
        """This sweep over ``low``–``high`` (the same number, draft and games per value):
        its finished points in that range stay, only the values it has not played are
        played, on the same seeds, so the curve is the one a new sweep of the range draws,
        bit for bit; returns the values played (0: every one was there)."""
        self._check_idle()
        if self.deck is None or self.tweak is None or self.games < 1:
            raise VerliesError("no sweep to extend")
        if isinstance(self.tweak, GridTweak):
            raise VerliesError("a sweep of two numbers cannot be extended")
        if high < low:
            raise VerliesError(f"the range {low}–{high} is empty")
        if high - low + 1 > MAX_POINTS:
            raise VerliesError(f"at most {MAX_POINTS} values, not {high - low + 1}")
        return self._go_on(list(range(low, high + 1)), on_update, on_done, on_start)

    def _go_on(
        self,
        candidates: list[int],
        on_update: Callable[[SweepRun], None] | None,
        on_done: Callable[[SweepRun], None] | None,
        on_start: Callable[[SweepRun], None] | None,
    ) -> int:
        """Sweep ``candidates`` keeping the finished points this sweep has among them."""
        deck, tweak = self.deck, self.tweak
        assert deck is not None and tweak is not None
        have = set(self.complete()) & set(candidates)
        figs = self.complete_figures()
        kept = {q: [p for p in ps if p.value in have] for q, ps in figs.items()}
        values, refused = [], []
        for v in candidates:
            try:
                tweak.apply(deck, v)
                values.append(v)
            except VerliesError:
                refused.append(v)
        missing = [v for v in values if v not in have]
        if not missing:  # every point is there: shown as a sweep of the range that ended
            n = len(values) * self.games
            kept = {q: ps for q, ps in kept.items() if ps}
            self.restore(
                deck,
                tweak,
                values,
                refused,
                kept,
                done=n,
                total=n,
                games=self.games,
                players=self.players,
            )
            return 0
        self._start(
            deck,
            tweak,
            missing,
            "",
            games=self.games,
            players=self.players,
            on_update=on_update,
            on_done=on_done,
            on_start=on_start,
            resumed=_Resumed(values, refused, kept),
        )
        return len(missing)

    def _progress(self, done: int, total: int) -> None:
        # a continued sweep counts the games of the points it kept
        super()._progress(done + self._offset, total + self._offset)

    def deck_at(self, value: int) -> Deck:
        """The swept draft with the number at ``value``."""
        if self.deck is None or self.tweak is None:
            raise VerliesError("no sweep yet")
        if value in self.decks:
            return self.decks[value]
        deck: Deck = self.tweak.apply(self.deck, value)
        return deck

    def value_of(self, draft: Deck) -> int | None:
        """The value of the sweep whose deck ``draft`` is (the swept draft itself, or one
        of its points made the draft); None: the draft is none of them, the sweep is of
        an earlier draft."""
        if self.deck is None or self.tweak is None:
            return None
        for v, deck in self.decks.items():
            if deck is draft:
                return v
        if draft is self.deck or draft == self.deck:
            v = self.tweak.value_in(draft)
            return v if v in self.decks else None
        for v, deck in self.decks.items():
            if deck == draft:
                return v
        return None

    def progress_text(self, lang: str) -> str:
        if self.error is not None:
            return i18n.text("sweep.error", lang, msg=self.error_text(lang))
        if self.tweak is None:
            return ""
        if self.interrupted:
            n, m = len(self.complete()), len(self.values)
            return i18n.text("sweep.interrupted", lang, n=n, m=m)
        key = "running" if self.running else ("cancelled" if self.cancelled else "done")
        return i18n.text(f"sweep.{key}", lang, done=self.done, total=self.total)

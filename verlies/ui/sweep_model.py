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
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from verlies import i18n
from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.sim.records import SimulationError
from verlies.sim.sweep import SweepResult, Tweak, sweep
from verlies.sim.tune import CHARACTER_RANGE, CHARACTER_SUM
from verlies.ui.background import PooledRun

__all__ = [
    "CHARACTER_VALUES",
    "MAX_POINTS",
    "QUANTITIES",
    "PairTweak",
    "Point",
    "SweepRun",
    "fields_of",
    "givers_of",
]

#: The quantities the curve can show (``sweep.q.<key>`` in i18n).
QUANTITIES: tuple[str, ...] = ("median_rounds", "mean_gold", "injuries_per_game", "timeout_share")
#: The most values one sweep plays.
MAX_POINTS = 12
#: A character's three values (R2.1), the names of its card's fields.
CHARACTER_VALUES: tuple[str, ...] = ("staerke", "geist", "geschick")


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
    """One value of the sweep: the quantity's estimate and 95 % interval, games played."""

    value: int
    estimate: float
    low: float
    high: float
    games: int


class SweepRun(PooledRun):
    """One sweep at a time on a draft, in a background thread; its points so far (the
    thread, the progress, cancel and the end: :class:`~verlies.ui.background.BackgroundRun`)."""

    what = "sweep"

    def __init__(self, workers: int | None = None) -> None:
        super().__init__(workers)
        self.deck: Deck | None = None
        self.tweak: Tweak | None = None
        self.values: list[int] = []
        self.refused: list[int] = []
        self.result: SweepResult | None = None

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
        values, refused = [], []
        for v in range(low, high + 1):
            try:
                tweak.apply(draft, v)
                values.append(v)
            except VerliesError:
                refused.append(v)
        if not values:
            raise VerliesError(f"the deck refuses every value {low}–{high}")
        cancel = self._begin(games * len(values))
        self.deck, self.tweak, self.values, self.refused = draft, tweak, values, refused
        self.result = None
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
        """The curve so far: every value with games, its estimate and 95 % interval."""
        res = self.result
        if res is None:
            return []
        curve = res.curve_ci(quantity)
        out = []
        for v, p, (est, low, high) in zip(res.values, res.points, curve, strict=True):
            if p.metrics.games and not math.isnan(est):
                out.append(Point(v, est, low, high, p.metrics.games))
        return out

    def deck_at(self, value: int) -> Deck:
        """The swept draft with the number at ``value``."""
        if self.deck is None or self.tweak is None:
            raise VerliesError("no sweep yet")
        deck: Deck = self.tweak.apply(self.deck, value)
        return deck

    def progress_text(self, lang: str) -> str:
        if self.error is not None:
            return i18n.text("sweep.error", lang, msg=self.error_text(lang))
        if self.tweak is None:
            return ""
        key = "running" if self.running else ("cancelled" if self.cancelled else "done")
        return i18n.text(f"sweep.{key}", lang, done=self.done, total=self.total)

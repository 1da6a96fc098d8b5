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
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass
from typing import Any

from verlies.sim.lab import Progress, SimResult, _Bar, _cell, check_games
from verlies.sim.metrics import Metrics
from verlies.sim.records import BotsArg, DeckArg, SimulationError, VariantsArg, load_deck
from verlies.sim.report import Table, html_tables, num, pct, text_tables
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

__all__ = ["FIELDS", "SweepResult", "Tweak", "sweep"]

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


@dataclass
class SweepResult:
    """The metrics at every value of the swept number."""

    tweak: Tweak
    values: list[int]
    points: list[SimResult]

    def curve(self, key: str = "median_rounds") -> list[float]:
        """One summary metric (or ``win:<character>``) per value."""
        out = []
        for p in self.points:
            if key.startswith("win:"):
                out.append(p.metrics.win_rate(key[4:]).rate)
            else:
                out.append(float(p.metrics.summary()[key]))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "tweak": dataclasses.asdict(self.tweak),
            "values": self.values,
            "points": [
                {"value": v, **p.to_dict()} for v, p in zip(self.values, self.points, strict=True)
            ],
        }

    def to_csv(self) -> str:
        """One row per value: the summary metrics."""
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        cols = [
            "games",
            "mean_rounds",
            "median_rounds",
            "timeout_share",
            "balance_characters",
            "balance_seats",
            "first_seat_advantage",
            "mean_gold",
            "injuries_per_game",
        ]
        w.writerow(["value", *cols])
        for v, p in zip(self.values, self.points, strict=True):
            s = p.metrics.summary()
            w.writerow([v, *(_cell(s[c]) for c in cols)])
        return out.getvalue()

    def _tables(self) -> list[Table]:
        rows = []
        for v, p in zip(self.values, self.points, strict=True):
            s = p.metrics.summary()
            rows.append(
                [
                    str(v),
                    str(s["games"]),
                    num(s["median_rounds"]),
                    pct(s["timeout_share"]),
                    num(s["balance_characters"], 3),
                    num(s["mean_gold"]),
                    num(s["injuries_per_game"], 2),
                ]
            )
        head = f"sweep of {self.tweak.label()} (same seeds at every value)"
        cols = ["value", "games", "rounds med.", "timeouts", "balance", "gold", "injuries"]
        return [(head, cols, rows)]

    def __str__(self) -> str:
        return text_tables(self._tables())

    def _repr_html_(self) -> str:
        return html_tables(self._tables())


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
    result = SweepResult(tweak, vals, points)
    size = batch_size(n * len(vals), planned_workers(executor, workers))
    tasks = [t for k in range(len(vals)) for t in split(n, min(size, max(n, 1)), (k,))]
    bar = _Bar(progress, n * len(vals), "sweep games")
    try:
        with closing(
            run_tasks(specs, tasks, executor=executor, workers=workers, cancel=cancel, info=info)
        ) as runs:
            for task, (records,) in runs:
                points[task.which[0]].metrics.add_all(records)
                bar.update(len(records))
                if on_update is not None:
                    on_update(result)
    finally:
        bar.close()
    return result

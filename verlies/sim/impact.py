"""Per-card impact: which card of a deck moves the game, and how much.

For every card (dungeon, room, monster and treasure cards; the characters too):

* how often it is met per game (drawn by a seat: ``GameRecord.met``; a character: played);
* its observed pass / trap / fight rate beside the exact odds the engine took when the
  dice were about to be rolled (``GameRecord.tests``; a dungeon card's obstacle by its type);
* the win rate of seats that met it against seats that did not (Newcombe's 95 %
  interval of the difference) — an **association**, not a cause: a seat that draws more
  cards meets more of them whatever they do;
* the **paired effect** of moving its number by −1 and +1 (obstacle, else gold, else count
  for a dungeon card; the trap's target of a room card, else its count; every fight value
  of a monster; a treasure's gold, else its count), on the same seeds as the base deck
  (common random numbers): each character's win rate, injuries and rounds per game, with
  one-look 95 % t intervals, and Holm-adjusted p-values over the whole family (every
  card × direction × quantity), so "clear" keeps the chance of any false claim ≤ ``alpha``.
  A character's values are not moved: R2 fixes them to 1–6 summing to 10.

Besides −1 and +1, a card's number is also moved to its pile's median (when that is more
than one step away): ±1 is the local slope, and a number far out of line (a treasure worth
far too much, a monster that cannot be beaten) has a flat slope where it is; the move to
the median measures its level.

The ranking (:meth:`ImpactResult.ranking`) orders cards by the **sure part** of their
largest effect: for every paired effect (win rates, injuries, rounds, gold) and for the
association, the distance of its 95 % interval from zero (0 if it holds zero), divided by
the standard deviation of that quantity in one base game (a unit-free size). Which effect
it came from is said in every row.

Every spec plays game indices 0..games−1 with the same seeds and characters, sums are exact
integers, so the result is the same whatever the workers or the order tasks finish in.

>>> res = impact(games=3, players=2, workers=1, cards=["treasure:schatz-rubin"])
>>> entry = res.to_dict()["cards"][0]
>>> entry["id"], entry["field"], sorted(entry["effects"])
('treasure:schatz-rubin', 'gold', ['+1', '-1', 'median'])
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from verlies.errors import VerliesError
from verlies.sim import stats
from verlies.sim.compare import Paired
from verlies.sim.lab import Bar, Progress, check_games
from verlies.sim.records import (
    BotsArg,
    DeckArg,
    GameRecord,
    SimulationError,
    VariantsArg,
    load_deck,
)
from verlies.sim.report import Table, html_tables, text_tables
from verlies.sim.run import (
    CancelToken,
    CharactersArg,
    RunInfo,
    RunSpec,
    Task,
    batch_size,
    check_workers,
    planned_workers,
    run_tasks,
    split,
)
from verlies.sim.sweep import Tweak

__all__ = ["PILES", "CardImpact", "ImpactResult", "card_ids", "impact"]

#: The piles whose cards are moved, in the order they are reported.
PILES: tuple[str, ...] = ("dungeon", "room", "monster", "treasure")


@dataclass
class Seats:
    """Met / won counts of seats (exact integers)."""

    seats: int = 0
    wins: int = 0


@dataclass
class CardImpact:
    """One card's figures (see the module's doc)."""

    kind: str  # dungeon, room, monster, treasure, character
    card: str
    field: str = ""  # the number moved ("" for a character)
    value: int | None = None
    met: int = 0  # times drawn (or played) over all games
    met_seats: Seats = dataclasses.field(default_factory=Seats)
    other_seats: Seats = dataclasses.field(default_factory=Seats)
    tries: int = 0
    passes: int = 0
    expected: Fraction = Fraction(0)
    test: str = ""  # the tally behind tries/passes (trap:<id>, fight:<id>, obstacle:<type>)
    # direction ("-1", "+1", "median") -> quantity -> paired sums; refused: the reason
    paired: dict[str, dict[str, Paired]] = dataclasses.field(default_factory=dict)
    refused: dict[str, str] = dataclasses.field(default_factory=dict)
    median: int | None = None  # the pile's median of the same number

    @property
    def id(self) -> str:
        return f"{self.kind}:{self.card}"


#: The paired quantities besides the characters' win rates.
_OTHER = ("injuries", "rounds", "gold")


def _values(r: GameRecord) -> dict[str, int]:
    out = {"injuries": sum(r.injuries), "rounds": r.rounds, "gold": sum(r.gold)}
    for seat, cid in enumerate(r.characters):
        out[f"win:{cid}"] = out.get(f"win:{cid}", 0) + int(seat in r.winners)
    return out


def _default_field(kind: str, card: Any) -> str:
    if kind == "dungeon":
        if card.obstacle is not None:
            return "obstacle"
        return "gold" if card.gold else "count"
    if kind == "room":
        has_trap = any(hasattr(e, "target") and hasattr(e, "on_fail") for e in card.effects)
        return "trap" if has_trap else "count"
    if kind == "monster":
        return "fight"
    return "gold" if card.gold else "count"


def _fixed_material(deck: Any, c: CardImpact) -> bool:
    """The start card and the exits (R2.4, R1.3): their count is not a card's number."""
    if c.kind != "dungeon":
        return False
    return str(deck.dungeon[c.card].kind.value) in ("start", "exit")


def card_ids(deck: DeckArg = None) -> list[str]:
    """Every card of ``deck`` as ``KIND:ID`` (the piles, then ``character:ID``)."""
    d = load_deck(deck)
    out = [f"{k}:{c}" for k in PILES for c in d.cards(k)]
    return out + [f"character:{c}" for c in d.characters]


@dataclass
class ImpactResult:
    """Every card's impact (see the module's doc); ``games`` per spec."""

    deck: Any
    games: int
    cards: list[CardImpact]
    characters: tuple[str, ...]
    alpha: float = 0.05
    info: RunInfo = field(default_factory=RunInfo)
    base_games: int = 0
    # quantity -> (games, sum, sum of squares) over the base games; "win": every seat
    base_sums: dict[str, tuple[int, int, int]] = field(default_factory=dict)

    # ---- the numbers -----------------------------------------------------------------

    def _effect(self, p: Paired) -> dict[str, Any]:
        n = p.n
        if n < 2:
            return {"n": n, "diff": math.nan, "low": math.nan, "high": math.nan, "p": 1.0}
        var = max((p.sum_dd - p.sum_d**2 / n) / (n - 1), stats.variance_floor(n))
        se = math.sqrt(var / n)
        h = stats.t_quantile(0.975, n - 1) * se
        d = p.sum_d / n
        return {"n": n, "diff": d, "low": d - h, "high": d + h, "p": stats.t_p(d, se, n - 1)}

    def effects(self) -> dict[str, dict[str, dict[str, dict[str, Any]]]]:
        """card id -> direction -> quantity -> diff, 95 % interval, p, Holm p, clear."""
        out: dict[str, dict[str, dict[str, dict[str, Any]]]] = {}
        flat: list[dict[str, Any]] = []
        for c in self.cards:
            per = out[c.id] = {}
            for step, pairs in c.paired.items():
                per[step] = {k: self._effect(pairs[k]) for k in sorted(pairs)}
                flat += per[step].values()
        adjusted = stats.holm([e["p"] for e in flat])
        for e, h in zip(flat, adjusted, strict=True):
            e["holm_p"] = h
            e["clear"] = h <= self.alpha
        return out

    def association(self, c: CardImpact) -> dict[str, Any]:
        """Win rate of seats that met the card, of those that did not, and the
        difference (met − not met) with Newcombe's 95 % interval."""
        m, o = c.met_seats, c.other_seats
        low, high = stats.newcombe(o.wins, o.seats, m.wins, m.seats)
        rate_m = m.wins / m.seats if m.seats else math.nan
        rate_o = o.wins / o.seats if o.seats else math.nan
        return {
            "met_seats": m.seats,
            "win_met": rate_m,
            "other_seats": o.seats,
            "win_not_met": rate_o,
            "diff": rate_m - rate_o,
            "low": low,
            "high": high,
        }

    @staticmethod
    def _sure(low: float, high: float) -> float:
        if math.isnan(low) or math.isnan(high) or low <= 0 <= high:
            return 0.0
        return min(abs(low), abs(high))

    def spread(self, key: str) -> float:
        """The base deck's standard deviation of one game's ``key`` (the ranking's unit)."""
        n, total, squares = self.base_sums.get(key, (0, 0, 0))
        if n < 2:
            return math.nan
        return math.sqrt(max((squares - total * total / n) / (n - 1), 0.0))

    def ranking(self) -> list[dict[str, Any]]:
        """Cards, the one that moves the game most first (see the module's doc): the sure
        part of its largest effect in standard deviations of one base game."""
        eff = self.effects()
        rows: list[tuple[float, str, str, str]] = []
        for c in self.cards:
            best, source = 0.0, ""
            for step, qs in eff[c.id].items():
                for k, e in qs.items():
                    sd = self.spread(k)
                    if not sd > 0:
                        continue
                    s = self._sure(e["low"], e["high"]) / sd
                    if s > best:
                        best, source = s, f"{step} {k}"
            a = self.association(c)
            sd = self.spread("win")
            if sd > 0:
                s = self._sure(a["low"], a["high"]) / sd
                if s > best:
                    best, source = s, "association"
            rows.append((-best, c.id, c.kind, source))
        rows.sort()
        return [{"id": i, "kind": k, "score": -b, "from": f} for b, i, k, f in rows]

    def entry(self, c: CardImpact, eff: dict[str, dict[str, dict[str, Any]]]) -> dict[str, Any]:
        games = self.base_games
        rate = c.passes / c.tries if c.tries else math.nan
        exact = float(c.expected / c.tries) if c.tries else math.nan
        return {
            "id": c.id,
            "kind": c.kind,
            "field": c.field or None,
            "value": c.value,
            "pile_median": c.median,
            "met_per_game": c.met / games if games else math.nan,
            "tests": {"key": c.test, "tries": c.tries, "observed": rate, "exact": exact}
            if c.test
            else None,
            "association": self.association(c),
            "effects": eff,
            "refused": dict(c.refused),
        }

    def to_dict(self) -> dict[str, Any]:
        eff = self.effects()
        return {
            "deck": getattr(self.deck, "name", ""),
            "games": self.games,
            "alpha": self.alpha,
            "method": (
                "paired effects: the same seeds as the base deck, one-look 95 % t intervals, "
                "Holm over every card x direction x quantity at alpha; association: "
                "Newcombe 95 % interval, not a cause"
            ),
            "cards": [self.entry(c, eff[c.id]) for c in self.cards],
            "ranking": self.ranking(),
            "run": dataclasses.asdict(self.info),
        }

    def to_csv(self) -> str:
        """One row per card, direction and quantity (the association as direction "met")."""
        import csv
        import io

        from verlies.sim.lab import table_cell

        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(
            ["card", "kind", "field", "value", "met_per_game", "direction", "quantity"]
            + ["diff", "low", "high", "holm_p", "clear"]
        )
        eff = self.effects()
        for c in self.cards:
            head = [c.id, c.kind, c.field, "" if c.value is None else c.value]
            head.append(table_cell(c.met / self.base_games if self.base_games else math.nan))
            a = self.association(c)
            w.writerow([*head, "met", "win", *(table_cell(a[k]) for k in ("diff", "low", "high"))])
            for step, qs in eff[c.id].items():
                for q, e in qs.items():
                    cells = [table_cell(e[k]) for k in ("diff", "low", "high", "holm_p")]
                    w.writerow([*head, step, q, *cells, int(e["clear"])])
        return out.getvalue()

    # ---- words -------------------------------------------------------------------------

    def _tables(self, lang: str = "en", top: int = 15) -> list[Table]:
        from verlies.i18n import text
        from verlies.i18n.metrics import metric_name

        eff = self.effects()
        by_id = {c.id: c for c in self.cards}
        rows = []
        for r in self.ranking()[:top]:
            c = by_id[r["id"]]
            a = self.association(c)
            per_game = c.met / self.base_games if self.base_games else math.nan
            moved = []
            for step, qs in eff[c.id].items():
                clear = [k for k, e in qs.items() if e["clear"]]
                words = ", ".join(
                    f"{metric_name(k, lang, self.deck)} {qs[k]['diff']:+.2f}" for k in clear
                )
                moved.append(f"{text(f'impact.step.{step}', lang)}: {words or '–'}")
            for step in c.refused:
                if c.kind != "character":
                    moved.append(
                        f"{text(f'impact.step.{step}', lang)}: {text('impact.refused', lang)}"
                    )
            rows.append(
                [
                    self.card_name(c, lang),
                    f"{per_game:.2f}",
                    f"{a['diff'] * 100:+.1f} ({a['low'] * 100:+.1f} … {a['high'] * 100:+.1f})"
                    if not math.isnan(a["low"])
                    else "–",
                    "; ".join(moved) or text("impact.not_moved", lang),
                    f"{r['score']:.2f}",
                ]
            )
        head = text("impact.head", lang, games=self.games, alpha=self.alpha)
        cols = [text(f"impact.col.{k}", lang) for k in ("card", "met", "assoc", "paired", "score")]
        return [(head, cols, rows)]

    def card_name(self, c: CardImpact, lang: str = "en") -> str:
        """``Goblin (monster card, fight 3)``: the card's name, its kind, the number moved."""
        from verlies.i18n import text

        if c.kind == "character":
            card = self.deck.characters[c.card]
        else:
            card = self.deck.cards(c.kind)[c.card]
        name = str(card.name.get(lang))
        kind = text(f"deck.kind.{c.kind}", lang)
        if not c.field:
            return f"{name} ({kind})"
        return f"{name} ({kind}, {text(f'impact.field.{c.field}', lang)} {c.value})"

    def text(self, lang: str = "en", top: int = 15) -> str:
        return text_tables(self._tables(lang, top))

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        return html_tables(self._tables())


def _select(deck: Any, cards: Sequence[str] | None) -> list[CardImpact]:
    wanted = card_ids(deck) if cards is None else list(cards)
    out = []
    for cid in wanted:
        kind, sep, card = str(cid).partition(":")
        if not sep or not card:
            raise SimulationError(f"a card is KIND:ID, e.g. dungeon:b-ausgang, not {cid!r}")
        if kind == "character":
            if card not in deck.characters:
                raise SimulationError(f"no character {card!r} in the deck {deck.name!r}")
            out.append(CardImpact(kind, card))
            continue
        if kind not in PILES:
            raise SimulationError(f"unknown pile {kind!r} in {cid!r} (known: {', '.join(PILES)})")
        pile = deck.cards(kind)
        if card not in pile:
            raise SimulationError(f"no card {card!r} in the {kind} pile of {deck.name!r}")
        fld = _default_field(kind, pile[card])
        out.append(CardImpact(kind, card, fld, Tweak(kind, card, fld).value_in(deck)))
    return out


def impact(
    deck: DeckArg = None,
    games: int = 200,
    players: int = 4,
    bots: BotsArg = None,
    seed: int = 0,
    variants: VariantsArg = None,
    round_limit: int | None = 300,
    characters: CharactersArg = "all",
    *,
    cards: Sequence[str] | None = None,
    paired: bool = True,
    alpha: float = 0.05,
    workers: int | None = None,
    executor: Any = None,
    progress: Progress = False,
    cancel: CancelToken | None = None,
    on_update: Callable[[ImpactResult], None] | None = None,
) -> ImpactResult:
    """Every card's impact on ``games`` games per deck (the base deck and, with ``paired``,
    each card's −1 and +1 decks, all on the same seeds). ``cards``: ``KIND:ID`` to look at
    (default: all). ``on_update`` gets the result after every finished task (first the
    base games, then the moved decks card by card)."""
    n = check_games(games)
    check_workers(workers)
    if not 0 < alpha < 1:
        raise SimulationError(f"alpha must be between 0 and 1, not {alpha!r}")
    base = load_deck(deck)
    chosen = _select(base, cards)
    make = functools.partial(
        RunSpec.build,
        players=players,
        characters=characters,
        bots=bots,
        variants=variants,
        seed=seed,
        round_limit=round_limit,
    )
    specs, owner = _specs(base, chosen, make, paired)
    result = ImpactResult(base, n, chosen, tuple(base.characters), alpha, RunInfo())
    pairing = _Pairing(result, owner)
    pairing.play(specs, executor, workers, progress, cancel, on_update)
    return result


def _specs(
    base: Any, chosen: list[CardImpact], make: Callable[..., RunSpec], paired: bool
) -> tuple[list[RunSpec], list[tuple[int, str]]]:
    """The base deck's spec, then (with ``paired``) every card's moved decks, and whose
    each spec is: (card index, direction); a move the deck refuses is noted on the card."""
    specs = [make(deck=base, label="base")]
    owner: list[tuple[int, str]] = [(-1, "")]
    if not paired:
        return specs, owner
    for i, c in enumerate(chosen):
        for step, value in _steps(base, c).items():
            try:
                moved = Tweak(c.kind, c.card, c.field).apply(base, value)
                specs.append(make(deck=moved, label=f"{c.id} {step}"))
            except VerliesError as e:
                c.refused[step] = str(e)
                continue
            owner.append((i, step))
            c.paired[step] = {}
    return specs, owner


def _steps(base: Any, c: CardImpact) -> dict[str, int]:
    """The values ``c``'s number moves to: −1, +1, and its pile's median when that is more
    than one step away. None for a character (R2 fixes its values) nor for the start card's
    and the exits' count: they are the game's frame, not a card's number; one exit more is a
    rule change (R2.4, R1.3), as verlies tune keeps it. Those are noted as refused."""
    if c.kind == "character":
        c.refused = {"-1": "R2", "+1": "R2"}
        return {}
    if c.field == "count" and _fixed_material(base, c):
        c.refused = {"-1": "R2.4", "+1": "R2.4"}
        return {}
    assert c.value is not None
    steps = {"-1": c.value - 1, "+1": c.value + 1}
    c.median = _pile_median(base, c)
    if c.median not in (c.value, c.value - 1, c.value + 1):
        steps["median"] = c.median
    return steps


def _phases(specs: list[RunSpec], n: int, w: int) -> list[tuple[int, list[RunSpec], list[Task]]]:
    """Two runs, each (its first spec's index, its specs, its tasks): the base deck first
    (its own small run: its games are the first results, met per game, odds and
    association, in a few seconds), then every moved deck."""
    size = min(batch_size(n * len(specs), w), max(n, 1))
    moved = [t for k in range(len(specs) - 1) for t in split(n, size, (k,))]
    return [(0, specs[:1], list(split(n, batch_size(n, w)))), (1, specs[1:], moved)]


def _add_run(info: RunInfo, part: RunInfo) -> None:
    """One of the two runs counted into the whole's figures."""
    info.backend, info.workers = part.backend, part.workers
    info.games += part.games
    info.tasks += part.tasks
    info.seconds += part.seconds
    info.cancelled = info.cancelled or part.cancelled


@dataclass
class _Pairing:
    """Each game's quantities: a base game is observed and kept; a moved deck's game is
    paired with the base game of the same index (same seed and characters)."""

    result: ImpactResult
    owner: list[tuple[int, str]]  # spec -> (card index, direction); spec 0: the base deck
    base: dict[int, dict[str, int]] = field(default_factory=dict)

    def play(
        self,
        specs: list[RunSpec],
        executor: Any,
        workers: int | None,
        progress: Progress,
        cancel: CancelToken | None,
        on_update: Callable[[ImpactResult], None] | None,
    ) -> None:
        """Play the base run, then the moved decks' (unless cancelled), taking every game."""
        result, n = self.result, self.result.games
        w = planned_workers(executor, workers)
        bar = Bar(progress, n * len(specs), "impact games")
        try:
            for first, the_specs, tasks in _phases(specs, n, w):
                if not tasks or not the_specs:
                    continue
                part = RunInfo()
                try:
                    runs = run_tasks(
                        the_specs,
                        tasks,
                        executor=executor,
                        workers=workers,
                        cancel=cancel,
                        info=part,
                    )
                    with closing(runs):
                        for task, (records,) in runs:
                            for r in records:
                                self.take(first + task.which[0], r)
                            bar.update(len(records))
                            if on_update is not None:
                                on_update(result)
                finally:
                    _add_run(result.info, part)
                if result.info.cancelled:
                    break
        finally:
            bar.close()

    def take(self, k: int, r: GameRecord) -> None:
        v = _values(r)
        if k == 0:
            _observe(self.result, r)
            self.base[r.index] = v
            return
        i, step = self.owner[k]
        pairs = self.result.cards[i].paired[step]
        a = self.base[r.index]
        for q in a.keys() & v.keys():
            pairs.setdefault(q, Paired()).add(a[q], v[q])


def _observe(result: ImpactResult, r: GameRecord) -> None:
    """What one base game says about the cards: met, the seats' wins, the tests."""
    result.base_games += 1
    sums = result.base_sums
    for q, v in _values(r).items():
        n, t, sq = sums.get(q, (0, 0, 0))
        sums[q] = (n + 1, t + v, sq + v * v)
    n, t, sq = sums.get("win", (0, 0, 0))
    wins = len(r.winners)
    sums["win"] = (n + r.players, t + wins, sq + wins)
    met = dict(r.met)
    for c in result.cards:
        if c.kind == "character":
            seats = [s for s, cid in enumerate(r.characters) if cid == c.card]
            c.met += len(seats)
        else:
            per_seat = met.get(c.id, ())
            c.met += sum(per_seat)
            seats = [s for s, times in enumerate(per_seat) if times]
        for s in range(r.players):
            rate = c.met_seats if s in seats else c.other_seats
            rate.seats += 1
            rate.wins += int(s in r.winners)
    tallies = {t.key: t for t in r.tests}
    for c in result.cards:
        if c.kind == "room":
            key = f"trap:{c.card}"
        elif c.kind == "monster":
            key = f"fight:{c.card}"
        elif c.kind == "dungeon" and c.field == "obstacle":
            card = result.deck.cards("dungeon")[c.card]
            key = f"obstacle:{card.obstacle.type.value}"
        else:
            continue
        c.test = key
        tally = tallies.get(key)
        if tally is not None:
            c.tries += tally.tries
            c.passes += tally.passes
            c.expected += tally.expected


def _pile_median(deck: Any, c: CardImpact) -> int:
    """The median (lower middle) of ``c``'s number over the other cards of its pile that
    have it (the card itself left out: an outlier does not pull its own yardstick)."""
    values = []
    for cid in deck.cards(c.kind):
        if cid != c.card and _default_field(c.kind, deck.cards(c.kind)[cid]) == c.field:
            values.append(Tweak(c.kind, cid, c.field).value_in(deck))
    values.sort()
    return values[(len(values) - 1) // 2] if values else int(c.value or 0)

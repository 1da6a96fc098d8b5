"""Balance across skill: a character × bot-table matrix, robust balance, "skill matters".

Balance measured with one kind of player only hides that it may depend on how the game
is played. :func:`skill_matrix` plays the same deck with several *tables* of bots:

* ``careful``, ``greedy``, ``reckless``, ``strong``: every seat the same bot;
* ``one-greedy``, ``one-strong``: one seat that bot, the others careful. The odd seat
  takes each seat position in turn (one sub-run per position, each ``simulate``'s games
  ``0 .. n/P-1``), and characters rotate over the seats ("all"), so the odd bot plays
  every character in every seat equally often.

Per table and character: the win rate with its 95 % Wilson interval (in the ``one-``
tables the odd seat's, i.e. "this character played by that bot among careful ones").
Per table: the spread (largest minus smallest character win rate), its noise floor (the
95th percentile of the spread when every character has the same rate, by a seeded
parametric bootstrap) and a χ² test of equal rates. The *robust balance* is 1 − the
largest spread over the tables (the worst case). *Skill matters*: in the ``one-`` tables
the odd seat's win minus the same seat's win in the all-careful table, game by game on
the same seeds and characters (paired), per character and overall, with a 95 % interval.

All figures are defined in docs/metrics.md ("Balance across skill").

>>> m = skill_matrix(32, strong_games=0, tables=("careful", "one-greedy"), workers=1)
>>> [t.name for t in m.tables], m.tables[0].games
(['careful', 'one-greedy'], 32)
"""

from __future__ import annotations

import csv
import functools
import io
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from verlies.rules import mix64
from verlies.sim.lab import Bar, Progress, backend_name, check_games, progress_bar, table_cell
from verlies.sim.metrics import Z95, Metrics, wilson
from verlies.sim.records import DeckArg, GameRecord, SimulationError, VariantsArg, load_deck
from verlies.sim.report import Table, TableReport, num, pct
from verlies.sim.run import (
    CancelToken,
    RunInfo,
    RunSpec,
    Task,
    batch_size,
    planned_workers,
    run_tasks,
    split,
)
from verlies.sim.stats import chi2_equal_rates, chi2_sf, spread_quantile

__all__ = [
    "TABLES",
    "SkillGain",
    "SkillMatrix",
    "TableResult",
    "chi2_sf",
    "equal_rates_test",
    "skill_matrix",
    "spread_floor",
]

#: The tables of a matrix, in order: all seats one bot, or one seat that bot among careful.
TABLES: tuple[str, ...] = ("careful", "greedy", "reckless", "strong", "one-greedy", "one-strong")
#: The bot every ``one-`` table puts in the other seats, and the reference of skill matters.
BASE = "careful"
#: Bootstrap draws of the noise floor.
BOOTSTRAP = 2000


def _bot_of(table: str) -> tuple[str, bool]:
    """A table's bot and whether it is a ``one-`` table."""
    if table.startswith("one-"):
        return table[4:], True
    return table, False


# ---- statistics ------------------------------------------------------------------------------


def equal_rates_test(wins: Sequence[int], games: Sequence[int]) -> tuple[float, int, float]:
    """Pearson's χ² test that every group wins at the same rate: (χ², df, p)
    (:func:`verlies.sim.stats.chi2_equal_rates`, the lab's one test of it)."""
    return chi2_equal_rates(games, wins)


def spread_floor(
    games: Sequence[int], rate: float, seed: int, draws: int = BOOTSTRAP, q: float = 0.95
) -> float:
    """The ``q`` quantile of the spread (max − min win rate) when each group of ``games``
    wins independently at ``rate``: a seeded parametric bootstrap (the same inputs give
    the same number; :func:`verlies.sim.stats.spread_quantile`)."""
    return spread_quantile(games, rate, random.Random(mix64(seed, 0x5B8EAD) >> 1), draws, q)


# ---- results ---------------------------------------------------------------------------------


@dataclass
class TableResult:
    """One table of the matrix: per character wins and games, and its balance figures."""

    name: str
    bots: str  # e.g. "greedy" or "greedy among careful"
    games: int  # games played at this table
    wins: dict[str, int]
    played: dict[str, int]  # per character: games (``one-`` tables: games in the odd seat)
    spread: float = math.nan
    floor: float = math.nan  # the spread's 95th percentile under equal rates
    chi2: float = math.nan
    df: int = 0
    p: float = math.nan
    min_expected: float = math.nan  # the χ² test's smallest expected count (wins or losses)
    metrics: list[Metrics] = field(default_factory=list)  # one per sub-run

    @property
    def balance(self) -> float:
        return 1 - self.spread

    def rate(self, character: str) -> float:
        n = self.played.get(character, 0)
        return self.wins.get(character, 0) / n if n else math.nan

    def row(self, character: str) -> dict[str, Any]:
        k, n = self.wins.get(character, 0), self.played.get(character, 0)
        lo, hi = wilson(k, n)
        return {
            "games": n,
            "wins": k,
            "win_rate": self.rate(character),
            "ci_low": lo,
            "ci_high": hi,
        }


@dataclass
class SkillGain:
    """Paired: the odd seat's win in a ``one-`` table minus the same seat's in the careful
    table, the same game (seed, characters); per character and over all."""

    table: str
    pairs: dict[str, int]
    sums: dict[str, int]  # Σ differences (each −1, 0 or +1)
    squares: dict[str, int]  # Σ differences²

    def figure(self, character: str | None = None) -> dict[str, float]:
        keys = list(self.pairs) if character is None else [character]
        n = sum(self.pairs.get(c, 0) for c in keys)
        s = sum(self.sums.get(c, 0) for c in keys)
        s2 = sum(self.squares.get(c, 0) for c in keys)
        if n == 0:
            return {"pairs": 0, "gain": math.nan, "ci_low": math.nan, "ci_high": math.nan}
        mean = s / n
        var = (s2 - n * mean * mean) / (n - 1) if n > 1 else math.nan
        half = Z95 * math.sqrt(var / n) if n > 1 else math.nan
        # A difference of two wins lies in -1..1 (the normal interval can overshoot).
        lo, hi = max(-1.0, mean - half), min(1.0, mean + half)
        return {"pairs": n, "gain": mean, "ci_low": lo, "ci_high": hi}


@dataclass
class SkillMatrix(TableReport):
    """The character × table matrix and its figures (see the module's text)."""

    characters: list[str]
    tables: list[TableResult]
    gains: list[SkillGain]
    seed: int
    players: int
    deck: str
    info: RunInfo
    cancelled: bool = False

    @property
    def worst(self) -> TableResult | None:
        """The table with the largest spread (the robust balance's)."""
        known = [t for t in self.tables if not math.isnan(t.spread)]
        return max(known, key=lambda t: t.spread) if known else None

    @property
    def robust_balance(self) -> float:
        """1 − the largest spread over the tables (the worst case)."""
        w = self.worst
        return math.nan if w is None else w.balance

    def unbalanced(self, t: TableResult) -> bool:
        """χ² rejects equal rates at 5 % after Bonferroni over the tables (and the test
        can be trusted: every expected count at least 5)."""
        if math.isnan(t.p) or not t.min_expected >= 5:
            return False
        return t.p < 0.05 / max(1, len(self.tables))

    def verdict(self, t: TableResult) -> str:
        if not t.min_expected >= 5:
            return "too few games"
        return "unbalanced" if self.unbalanced(t) else "within noise"

    def to_dict(self) -> dict[str, Any]:
        w = self.worst
        return {
            "settings": {"seed": self.seed, "players": self.players, "deck": self.deck},
            "characters": self.characters,
            "tables": [
                {
                    "name": t.name,
                    "bots": t.bots,
                    "games": t.games,
                    "characters": {c: t.row(c) for c in self.characters},
                    "spread": t.spread,
                    "balance": t.balance,
                    "noise_floor": t.floor,
                    "chi2": t.chi2,
                    "df": t.df,
                    "p": t.p,
                    "unbalanced": self.unbalanced(t),
                    "verdict": self.verdict(t),
                    "min_expected": t.min_expected,
                    "stalled": sum(m.summary()["stalled"] for m in t.metrics),
                    "timeouts": sum(m.timeouts for m in t.metrics),
                }
                for t in self.tables
            ],
            "robust_balance": {
                "balance": self.robust_balance,
                "table": None if w is None else w.name,
                "spread": math.nan if w is None else w.spread,
                "noise_floor": math.nan if w is None else w.floor,
                "p": math.nan if w is None else w.p,
            },
            "skill_matters": [
                {
                    "table": g.table,
                    "overall": g.figure(),
                    "characters": {c: g.figure(c) for c in self.characters},
                }
                for g in self.gains
            ],
            "summary": {
                "seconds": self.info.seconds,
                "games": self.info.games,
                "workers": self.info.workers,
                "backend": self.info.backend,
                "cancelled": self.cancelled,
            },
        }

    def to_csv(self) -> str:
        """One row per table and character (the matrix), then the skill-matters rows."""
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(
            ["group", "table", "character", "games", "wins", "win_rate", "ci_low", "ci_high"]
        )
        for t in self.tables:
            for c in self.characters:
                r = t.row(c)
                w.writerow(
                    ["matrix", t.name, c, r["games"], r["wins"]]
                    + [table_cell(r[k]) for k in ("win_rate", "ci_low", "ci_high")]
                )
        for g in self.gains:
            for ch in [*self.characters, None]:
                f = g.figure(ch)
                w.writerow(
                    ["skill_gain", g.table, ch or "all", f["pairs"], ""]
                    + [table_cell(f[k]) for k in ("gain", "ci_low", "ci_high")]
                )
        return out.getvalue()

    def _tables(self, lang: str = "en") -> list[Table]:
        from verlies.i18n import text as tx

        c = "simtext.skill.col."
        short = [cid.removeprefix("char-") for cid in self.characters]
        out: list[Table] = [
            (self._head(lang), [], self._lines(lang)),
            (
                tx("simtext.skill.rates", lang),
                [tx(c + "table", lang), tx(c + "games", lang), *short],
                self._rate_rows(lang),
            ),
            (
                tx("simtext.skill.intervals", lang),
                [tx(c + "table", lang), "", *short],
                self._interval_rows(lang),
            ),
            (
                tx("simtext.skill.per_table", lang),
                [
                    tx(c + k, lang)
                    for k in ("table", "bots", "spread", "floor", "chi2", "p", "verdict")
                ],
                self._balance_rows(lang),
            ),
        ]
        gain_rows = self._gain_rows(lang, short)
        if gain_rows:
            out.append(
                (
                    tx("simtext.skill.gains", lang),
                    [tx(c + k, lang) for k in ("table", "character", "pairs", "gain", "ci")],
                    gain_rows,
                )
            )
        return out

    def _head(self, lang: str) -> str:
        from verlies.i18n import text as tx

        return tx(
            "simtext.skill.head",
            lang,
            players=self.players,
            deck=repr(self.deck),
            seed=self.seed,
            cancelled=tx("simtext.cancelled", lang) if self.cancelled else "",
        )

    def _lines(self, lang: str) -> list[list[str]]:
        """The robust balance, the legend and the run's speed, a line each."""
        from verlies.i18n import text as tx

        w = self.worst
        worst = "–" if w is None else _table_word(w.name, lang)
        w_spread, w_floor = (math.nan, math.nan) if w is None else (w.spread, w.floor)
        robust = tx(
            "simtext.skill.robust",
            lang,
            value=num(self.robust_balance, 3, lang),
            table=worst,
            spread=_pts(w_spread, False, lang),
            floor=_pts(w_floor, False, lang),
        )
        speed = tx(
            "simtext.skill.speed",
            lang,
            games=self.info.games,
            seconds=num(self.info.seconds, 1, lang),
            workers=self.info.workers,
            backend=backend_name(self.info.backend, lang),
        )
        return [[robust], [tx("simtext.skill.legend", lang, k=len(self.tables))], [speed]]

    def _rate_rows(self, lang: str) -> list[list[str]]:
        return [
            [
                _table_word(t.name, lang),
                str(t.games),
                *(pct(t.rate(c), lang) for c in self.characters),
            ]
            for t in self.tables
        ]

    def _interval_rows(self, lang: str) -> list[list[str]]:
        return [
            [_table_word(t.name, lang), "", *(_ci(t.row(c), lang) for c in self.characters)]
            for t in self.tables
        ]

    def _balance_rows(self, lang: str) -> list[list[str]]:
        """Per table: its bots in words, spread, noise floor, χ², p and the verdict."""
        from verlies.i18n import text as tx

        return [
            [
                _table_word(t.name, lang),
                _bots_words(t.name, lang),
                _pts(t.spread, False, lang),
                _pts(t.floor, False, lang),
                num(t.chi2, 1, lang),
                _p(t.p, lang),
                tx(f"simtext.skill.verdict.{_VERDICT_KEYS[self.verdict(t)]}", lang),
            ]
            for t in self.tables
        ]

    def _gain_rows(self, lang: str, short: list[str]) -> list[list[str]]:
        """Skill matters: per ``one-`` table, each character and everyone."""
        from verlies.i18n import text as tx

        everyone = tx("simtext.skill.all", lang)
        rows = []
        for g in self.gains:
            for c, label in [*zip(self.characters, short, strict=True), (None, everyone)]:
                f = g.figure(c)
                ci = f"{_pts(f['ci_low'], True, lang)} – {_pts(f['ci_high'], True, lang)}"
                rows.append(
                    [
                        _table_word(g.table, lang),
                        label,
                        str(f["pairs"]),
                        _pts(f["gain"], True, lang),
                        ci,
                    ]
                )
        return rows


_VERDICT_KEYS = {"unbalanced": "unbalanced", "within noise": "within", "too few games": "few"}


def _table_word(table: str, lang: str) -> str:
    """A table's name in the text: in English its ``--tables`` name (what one types), in
    another language its bots in words (``one-greedy``: "ein Platz gierig")."""
    from verlies import i18n

    if lang == "en":
        return table
    bot, odd = _bot_of(table)
    return i18n.text("skill.one", lang, bot=_bot_word(bot, lang)) if odd else _bot_word(bot, lang)


def _bots_words(table: str, lang: str) -> str:
    """A table's bots in words: ``greedy``, or ``greedy among careful``."""
    from verlies.i18n import text as tx

    bot, odd = _bot_of(table)
    name = _bot_word(bot, lang)
    if odd:
        return tx("simtext.skill.among", lang, bot=name, base=_bot_word(BASE, lang))
    return name


def _bot_word(bot: str, lang: str) -> str:
    from verlies import i18n

    key = f"page.botname.{bot}"
    return i18n.text(key, lang) if i18n.has(key, lang) else bot


def _pts(x: float, sign: bool = False, lang: str = "en") -> str:
    from verlies.i18n import text as tx
    from verlies.i18n.numbers import fixed

    if math.isnan(x):
        return "–"
    return tx("balance.pts", lang, value=fixed(x * 100, 1, lang, sign=sign))


def _p(x: float, lang: str = "en") -> str:
    if math.isnan(x):
        return "–"
    return "< " + num(1e-4, 4, lang) if x < 1e-4 else num(x, 4, lang)


def _ci(r: dict[str, Any], lang: str = "en") -> str:
    return f"{pct(r['ci_low'], lang)}–{pct(r['ci_high'], lang)}"


# ---- the run ---------------------------------------------------------------------------------


def skill_matrix(
    games: int = 2000,
    strong_games: int = 192,
    players: int = 4,
    seed: int = 0,
    deck: DeckArg = None,
    variants: VariantsArg = None,
    round_limit: int | None = 300,
    tables: Sequence[str] = TABLES,
    *,
    bootstrap: int = BOOTSTRAP,
    workers: int | None = None,
    executor: Any = None,
    progress: Progress = False,
    cancel: CancelToken | None = None,
    on_update: Callable[[int, int], None] | None = None,
) -> SkillMatrix:
    """Play the tables (``TABLES`` or some of them) and build the matrix.

    ``games`` per table, ``strong_games`` for the tables with the search bot "strong"
    (about 17 times slower than careful per game with one strong seat, 50 times with four),
    each rounded up to a whole number of character blocks (``players`` × the deck's
    characters, so that every character plays every seat equally often; the numbers
    played are in the result). Every table plays the games of ``simulate`` with the same
    ``seed``: an all-X table is ``simulate(n, bots=X, characters="all", seed=seed)``, a
    ``one-X`` table is P such runs of n/P games with X in seat 0, 1, … Spread over
    ``workers`` / ``executor`` as ``simulate``.
    """
    names = _check_tables(tables)
    check_games(games)
    check_games(strong_games)
    the_deck = load_deck(deck)
    chars = list(the_deck.characters)
    plan = _Plan.of(
        names,
        games,
        strong_games,
        players=players,
        deck=the_deck,
        variants=variants,
        seed=seed,
        round_limit=round_limit,
    )
    info = RunInfo()
    got = _Games(plan)
    got.play(plan, executor, workers, cancel, info, progress_bar(progress, plan.total), on_update)
    results = [
        _table_result(ti, t, got.metrics_of(plan, ti), chars, got.odd_games, seed, bootstrap)
        for ti, (t, _specs, _n) in enumerate(plan.tables)
    ]
    return SkillMatrix(
        characters=chars,
        tables=results,
        gains=[_gain(ti, t, chars, got) for ti, t in plan.odd_tables()],
        seed=seed,
        players=players,
        deck=str(getattr(the_deck, "name", "deck")),
        info=info,
        cancelled=info.cancelled,
    )


def _check_tables(tables: Sequence[str]) -> list[str]:
    """The tables' names, checked, with the careful table first when a ``one-`` table
    needs it (the reference of skill matters)."""
    names = list(tables)
    if not names or len(set(names)) != len(names):
        raise SimulationError(f"tables: distinct names out of {', '.join(TABLES)}, got {names}")
    for t in names:
        bot, _ = _bot_of(t)
        if bot in ("", BASE) and t != BASE:
            raise SimulationError(f"table {t!r}: 'one-{BASE}' is the careful table")
    if any(t.startswith("one-") for t in names) and BASE not in names:
        names.insert(0, BASE)
    return names


@dataclass
class _Plan:
    """What every table plays: (table, its specs, games per spec); a ``one-`` table has a
    spec per seat of the odd bot. ``need``: the careful games a ``one-`` table pairs with."""

    tables: list[tuple[str, list[RunSpec], int]]
    need: int

    @staticmethod
    def of(
        names: Sequence[str],
        games: int,
        strong_games: int,
        *,
        players: int,
        deck: Any,
        variants: VariantsArg,
        seed: int,
        round_limit: int | None,
    ) -> _Plan:
        """The plan of ``names``: each table's games rounded up to whole character blocks
        (``players`` × the deck's characters), every character in every seat."""
        block = players * len(deck.characters)
        make = functools.partial(
            RunSpec.build,
            players=players,
            characters="all",
            deck=deck,
            variants=variants,
            seed=seed,
            round_limit=round_limit,
        )
        tables: list[tuple[str, list[RunSpec], int]] = []
        for t in names:
            bot, odd = _bot_of(t)
            wanted = strong_games if bot == "strong" else games
            n = -(-wanted // block) * block
            if odd:
                seats = [[bot if s == k else BASE for s in range(players)] for k in range(players)]
                specs = [make(bots=b, label=f"{t}@{k}") for k, b in enumerate(seats)]
                tables.append((t, specs, n // players))
            else:
                tables.append((t, [make(bots=bot, label=t)], n))
        # The careful table must hold every game a one- table pairs with.
        need = max([n for t, _, n in tables if t.startswith("one-")], default=0)
        return _Plan([(t, s, max(n, need) if t == BASE else n) for t, s, n in tables], need)

    @property
    def specs(self) -> list[RunSpec]:
        return [spec for _t, specs, _n in self.tables for spec in specs]

    @property
    def owners(self) -> list[tuple[int, int]]:
        """Spec index -> (table index, seat of the odd bot or -1)."""
        return [
            (ti, k if t.startswith("one-") else -1)
            for ti, (t, specs, _n) in enumerate(self.tables)
            for k in range(len(specs))
        ]

    @property
    def total(self) -> int:
        return sum(len(specs) * n for _, specs, n in self.tables)

    @property
    def careful(self) -> int:
        """The careful table's index when a ``one-`` table pairs with it, else -1."""
        if not self.need:
            return -1
        return next(ti for ti, (t, _, _) in enumerate(self.tables) if t == BASE)

    def odd_tables(self) -> list[tuple[int, str]]:
        return [(ti, t) for ti, (t, _s, _n) in enumerate(self.tables) if t.startswith("one-")]

    def tasks(self, size: int) -> list[Task]:
        """Every spec's games in tasks of ``size``; a search bot's game costs many careful
        ones: its tasks are smaller and given out first."""
        slow: list[Task] = []
        fast: list[Task] = []
        j = 0
        for t, specs, n in self.tables:
            strong = _bot_of(t)[0] == "strong"
            for _spec in specs:
                (slow if strong else fast).extend(
                    split(n, max(1, size // 8) if strong else size, (j,))
                )
                j += 1
        return slow + fast


class _Games:
    """What the games tell the matrix as they arrive: each spec's metrics, the careful
    games' winners (for pairing) and the odd seat's character and win in ``one-`` tables."""

    def __init__(self, plan: _Plan) -> None:
        self.owners = plan.owners
        self.careful = plan.careful
        self.need = plan.need
        self.metrics = [Metrics(spec.players) for spec in plan.specs]
        self.base_wins: dict[int, tuple[int, ...]] = {}  # careful game index -> its winners
        self.odd_games: list[tuple[int, int, int, str, bool]] = []  # table, seat, index, char, won

    def play(
        self,
        plan: _Plan,
        executor: Any,
        workers: int | None,
        cancel: CancelToken | None,
        info: RunInfo,
        bar: Bar,
        on_update: Callable[[int, int], None] | None,
    ) -> None:
        size = batch_size(plan.total, planned_workers(executor, workers))
        tasks = plan.tasks(size)
        runs = run_tasks(
            plan.specs, tasks, executor=executor, workers=workers, cancel=cancel, info=info
        )
        try:
            for task, per_spec in runs:
                for k, records in zip(task.which, per_spec, strict=True):
                    self.add(k, records)
                bar.update(task.games)
                if on_update is not None:
                    on_update(info.games, plan.total)
        finally:
            runs.close()
            bar.close()

    def add(self, k: int, records: list[GameRecord]) -> None:
        self.metrics[k].add_all(records)
        table, odd_seat = self.owners[k]
        for r in records:
            if table == self.careful and r.index < self.need:
                self.base_wins[r.index] = r.winners
            if odd_seat >= 0:
                self.odd_games.append(
                    (table, odd_seat, r.index, r.characters[odd_seat], odd_seat in r.winners)
                )

    def metrics_of(self, plan: _Plan, table: int) -> list[Metrics]:
        """The metrics of ``table``'s specs, in the plan's order."""
        return [m for m, (ti, _seat) in zip(self.metrics, self.owners, strict=True) if ti == table]


def _table_result(
    ti: int,
    t: str,
    ms: list[Metrics],
    chars: list[str],
    odd_games: list[tuple[int, int, int, str, bool]],
    seed: int,
    bootstrap: int,
) -> TableResult:
    """Table ``ti``'s wins per character (a ``one-`` table: the odd seat's) and its
    balance figures: spread, noise floor, χ² test."""
    bot, odd = _bot_of(t)
    wins = dict.fromkeys(chars, 0)
    played = dict.fromkeys(chars, 0)
    if odd:
        for tj, _seat, _i, c, won in odd_games:
            if tj == ti:
                played[c] += 1
                wins[c] += won
    else:
        for c, side in ms[0].characters.items():
            wins[c], played[c] = side.wins, side.games
    res = TableResult(
        name=t,
        bots=f"{bot} among {BASE}" if odd else bot,
        games=sum(m.games for m in ms),
        wins=wins,
        played=played,
        metrics=ms,
    )
    rates = [res.rate(c) for c in chars if played[c]]
    if len(rates) >= 2:
        res.spread = max(rates) - min(rates)
        pooled = sum(wins.values()) / sum(played.values())
        res.floor = spread_floor([played[c] for c in chars], pooled, mix64(seed, ti), bootstrap)
    if sum(played.values()):
        pooled = sum(wins.values()) / sum(played.values())
        res.min_expected = min(
            min(played[c] * pooled, played[c] * (1 - pooled)) for c in chars if played[c]
        )
    res.chi2, res.df, res.p = equal_rates_test([wins[c] for c in chars], [played[c] for c in chars])
    return res


def _gain(ti: int, t: str, chars: list[str], got: _Games) -> SkillGain:
    """Skill matters at ``one-`` table ``ti``: each odd-seat game paired with the careful
    table's game of the same index (same seed and characters)."""
    g = SkillGain(t, dict.fromkeys(chars, 0), dict.fromkeys(chars, 0), dict.fromkeys(chars, 0))
    for tj, seat, i, c, won in got.odd_games:
        base = got.base_wins.get(i)
        if tj != ti or base is None:
            continue
        d = int(won) - int(seat in base)
        g.pairs[c] += 1
        g.sums[c] += d
        g.squares[c] += d * d
    return g

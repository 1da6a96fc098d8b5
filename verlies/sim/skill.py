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
import io
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from verlies.rules import mix64
from verlies.sim.lab import Progress, backend_name, progress_bar, table_cell
from verlies.sim.metrics import Z95, Metrics, wilson
from verlies.sim.records import DeckArg, GameRecord, SimulationError, VariantsArg, load_deck
from verlies.sim.report import Table, html_tables, num, pct, text_tables
from verlies.sim.run import (
    CancelToken,
    RunInfo,
    RunSpec,
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
class SkillMatrix:
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

        def pts(x: float, sign: bool = False) -> str:
            return _pts(x, sign, lang)

        def bots(t: TableResult) -> str:
            bot, odd = _bot_of(t.name)
            name = _bot_word(bot, lang)
            if odd:
                return tx("simtext.skill.among", lang, bot=name, base=_bot_word(BASE, lang))
            return name

        head = tx(
            "simtext.skill.head",
            lang,
            players=self.players,
            deck=repr(self.deck),
            seed=self.seed,
            cancelled=tx("simtext.cancelled", lang) if self.cancelled else "",
        )
        short = [c.removeprefix("char-") for c in self.characters]
        rows = []
        for t in self.tables:
            cells = [f"{pct(t.rate(c), lang)}" for c in self.characters]
            rows.append([_table_word(t.name, lang), str(t.games), *cells])
        cis = [
            [_table_word(t.name, lang), "", *(_ci(t.row(c), lang) for c in self.characters)]
            for t in self.tables
        ]
        bal = [
            [
                _table_word(t.name, lang),
                bots(t),
                pts(t.spread),
                pts(t.floor),
                num(t.chi2, 1, lang),
                _p(t.p, lang),
                tx(f"simtext.skill.verdict.{_VERDICT_KEYS[self.verdict(t)]}", lang),
            ]
            for t in self.tables
        ]
        w = self.worst
        worst = "–" if w is None else _table_word(w.name, lang)
        w_spread, w_floor = (math.nan, math.nan) if w is None else (w.spread, w.floor)
        lines = [
            [
                tx(
                    "simtext.skill.robust",
                    lang,
                    value=num(self.robust_balance, 3, lang),
                    table=worst,
                    spread=pts(w_spread),
                    floor=pts(w_floor),
                )
            ],
            [tx("simtext.skill.legend", lang, k=len(self.tables))],
            [
                tx(
                    "simtext.skill.speed",
                    lang,
                    games=self.info.games,
                    seconds=num(self.info.seconds, 1, lang),
                    workers=self.info.workers,
                    backend=backend_name(self.info.backend, lang),
                )
            ],
        ]
        gain_rows = []
        everyone = tx("simtext.skill.all", lang)
        for g in self.gains:
            for c, label in [*zip(self.characters, short, strict=True), (None, everyone)]:
                f = g.figure(c)
                gain_rows.append(
                    [
                        _table_word(g.table, lang),
                        label,
                        str(f["pairs"]),
                        pts(f["gain"], sign=True),
                        f"{pts(f['ci_low'], True)} – {pts(f['ci_high'], True)}",
                    ]
                )
        c = "simtext.skill.col."
        out: list[Table] = [
            (head, [], lines),
            (
                tx("simtext.skill.rates", lang),
                [tx(c + "table", lang), tx(c + "games", lang), *short],
                rows,
            ),
            (tx("simtext.skill.intervals", lang), [tx(c + "table", lang), "", *short], cis),
            (
                tx("simtext.skill.per_table", lang),
                [
                    tx(c + k, lang)
                    for k in ("table", "bots", "spread", "floor", "chi2", "p", "verdict")
                ],
                bal,
            ),
        ]
        if gain_rows:
            out.append(
                (
                    tx("simtext.skill.gains", lang),
                    [tx(c + k, lang) for k in ("table", "character", "pairs", "gain", "ci")],
                    gain_rows,
                )
            )
        return out

    def text(self, lang: str = "en") -> str:
        """The report as text in ``lang`` (``str(matrix)``: English)."""
        return text_tables(self._tables(lang))

    def html(self, lang: str = "en") -> str:
        return html_tables(self._tables(lang))

    def __str__(self) -> str:
        return self.text("en")

    def _repr_html_(self) -> str:
        return self.html("en")


_VERDICT_KEYS = {"unbalanced": "unbalanced", "within noise": "within", "too few games": "few"}


def _table_word(table: str, lang: str) -> str:
    """A table's name in the text: in English its ``--tables`` name (what one types), in
    another language its bots in words (``one-greedy``: "ein Platz gierig")."""
    from verlies import i18n

    if lang == "en":
        return table
    bot, odd = _bot_of(table)
    return i18n.text("skill.one", lang, bot=_bot_word(bot, lang)) if odd else _bot_word(bot, lang)


def _bot_word(bot: str, lang: str) -> str:
    from verlies import i18n

    key = f"page.botname.{bot}"
    return i18n.text(key, lang) if i18n.has(key, lang) else bot


def _pts(x: float, sign: bool = False, lang: str = "en") -> str:
    from verlies.i18n import text as tx

    if math.isnan(x):
        return "–"
    value = f"{x * 100:+.1f}" if sign else f"{x * 100:.1f}"
    return tx("balance.pts", lang, value=value.replace(".", ",") if lang == "de" else value)


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
    names = list(tables)
    if not names or len(set(names)) != len(names):
        raise SimulationError(f"tables: distinct names out of {', '.join(TABLES)}, got {names}")
    for t in names:
        bot, _ = _bot_of(t)
        if bot in ("", BASE) and t != BASE:
            raise SimulationError(f"table {t!r}: 'one-{BASE}' is the careful table")
    if any(t.startswith("one-") for t in names) and BASE not in names:
        names.insert(0, BASE)  # the reference of skill matters
    for n_ in (games, strong_games):
        if isinstance(n_, bool) or not isinstance(n_, int) or n_ < 0:
            raise SimulationError(f"the number of games must be a whole number >= 0, not {n_!r}")
    the_deck = load_deck(deck)
    chars = list(the_deck.characters)
    block = players * len(chars)

    def rounded(n: int) -> int:
        return -(-n // block) * block

    plan: list[tuple[str, list[RunSpec], int]] = []  # table, its specs, games per spec
    for t in names:
        bot, odd = _bot_of(t)
        n = rounded(strong_games if bot == "strong" else games)
        if odd:
            specs = [
                RunSpec.build(
                    players=players,
                    characters="all",
                    bots=[bot if s == k else BASE for s in range(players)],
                    deck=the_deck,
                    variants=variants,
                    seed=seed,
                    round_limit=round_limit,
                    label=f"{t}@{k}",
                )
                for k in range(players)
            ]
            plan.append((t, specs, n // players))
        else:
            spec = RunSpec.build(
                players=players,
                characters="all",
                bots=bot,
                deck=the_deck,
                variants=variants,
                seed=seed,
                round_limit=round_limit,
                label=t,
            )
            plan.append((t, [spec], n))
    # The careful table must hold every game a one- table pairs with.
    need = max([n for t, _, n in plan if t.startswith("one-")], default=0)
    plan = [(t, s, max(n, need) if t == BASE else n) for t, s, n in plan]

    all_specs: list[RunSpec] = []
    owner: list[tuple[int, int]] = []  # spec index -> (table index, seat of the odd bot or -1)
    for ti, (t, specs, _n) in enumerate(plan):
        for k, spec in enumerate(specs):
            all_specs.append(spec)
            owner.append((ti, k if t.startswith("one-") else -1))
    total = sum(len(specs) * n for _, specs, n in plan)
    size = batch_size(total, planned_workers(executor, workers))
    j = 0
    slow: list[Any] = []
    fast: list[Any] = []
    for t, specs, n in plan:
        strong = _bot_of(t)[0] == "strong"
        for _spec in specs:
            # A search bot's game costs many careful ones: smaller tasks, given out first.
            (slow if strong else fast).extend(split(n, max(1, size // 8) if strong else size, (j,)))
            j += 1
    tasks = slow + fast

    metrics = [Metrics(players) for _ in all_specs]
    careful_ti = next(ti for ti, (t, _, _) in enumerate(plan) if t == BASE) if need else -1
    base_wins: dict[int, tuple[int, ...]] = {}  # careful game index -> its winners
    odd_games: list[tuple[int, int, int, str, bool]] = []  # (table, seat, index, char, won)
    info = RunInfo()
    bar = progress_bar(progress, total, "games")
    runs = run_tasks(all_specs, tasks, executor=executor, workers=workers, cancel=cancel, info=info)
    try:
        for task, per_spec in runs:
            for k, records in zip(task.which, per_spec, strict=True):
                metrics[k].add_all(records)
                ti, odd_seat = owner[k]
                _collect(records, ti, odd_seat, ti == careful_ti, need, base_wins, odd_games)
            bar.update(task.games)
            if on_update is not None:
                on_update(info.games, total)
    finally:
        runs.close()
        bar.close()

    results: list[TableResult] = []
    spec_k = 0
    for ti, (t, specs, _n) in enumerate(plan):
        bot, odd = _bot_of(t)
        ms = metrics[spec_k : spec_k + len(specs)]
        spec_k += len(specs)
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
        res.chi2, res.df, res.p = equal_rates_test(
            [wins[c] for c in chars], [played[c] for c in chars]
        )
        results.append(res)

    gains = []
    for ti, (t, _specs, _n) in enumerate(plan):
        if not t.startswith("one-"):
            continue
        g = SkillGain(t, dict.fromkeys(chars, 0), dict.fromkeys(chars, 0), dict.fromkeys(chars, 0))
        for tj, seat, i, c, won in odd_games:
            base = base_wins.get(i)
            if tj != ti or base is None:
                continue
            d = int(won) - int(seat in base)
            g.pairs[c] += 1
            g.sums[c] += d
            g.squares[c] += d * d
        gains.append(g)
    return SkillMatrix(
        characters=chars,
        tables=results,
        gains=gains,
        seed=seed,
        players=players,
        deck=str(getattr(the_deck, "name", "deck")),
        info=info,
        cancelled=info.cancelled,
    )


def _collect(
    records: list[GameRecord],
    table: int,
    odd_seat: int,
    is_base: bool,
    need: int,
    base_wins: dict[int, tuple[int, ...]],
    odd_games: list[tuple[int, int, int, str, bool]],
) -> None:
    """What the matrix needs of each game beyond its metrics: the careful games' winners
    (for pairing) and the odd seat's character and win in the ``one-`` tables."""
    for r in records:
        if is_base and r.index < need:
            base_wins[r.index] = r.winners
        if odd_seat >= 0:
            odd_games.append(
                (table, odd_seat, r.index, r.characters[odd_seat], odd_seat in r.winners)
            )

"""``simulate``: N games by bots, streamed into metrics, on any executor.

>>> res = simulate(4, players=3, bots="careful", seed=1, workers=1)
>>> res.metrics.games, sum(res.metrics.reasons.values())
(4, 4)
>>> sorted(res.to_dict())[:3]
['balance', 'characters', 'durations']
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from verlies.setup import Setup
from verlies.sim.metrics import Metrics
from verlies.sim.records import BotsArg, DeckArg, GameRecord, SimulationError, VariantsArg
from verlies.sim.report import Table, TableReport, num, pct
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

__all__ = ["Progress", "SimResult", "check_games", "progress_bar", "simulate"]

#: False/None: no bar; True: ``tqdm.auto`` (a widget in notebooks, text elsewhere);
#: "text": a text bar on stderr; a callable: ``progress(done, total)`` after every task.
Progress = bool | str | Callable[[int, int], None] | None


class Bar:
    """A tqdm bar (imported only when asked for) or a callback, updated per task."""

    def __init__(self, progress: Progress, total: int, desc: str) -> None:
        self.bar: Any = None
        self.fn: Callable[[int, int], None] | None = None
        self.done = 0
        self.total = total
        if callable(progress):
            self.fn = progress
        elif progress is True or progress == "auto":
            from tqdm.auto import tqdm

            self.bar = tqdm(total=total, desc=desc, unit="game", leave=True)
        elif progress == "text":
            from tqdm import tqdm as text_tqdm

            self.bar = text_tqdm(total=total, desc=desc, unit="game", leave=True)
        elif progress not in (False, None):
            raise SimulationError(f"progress is True, False, 'text' or a callable: {progress!r}")

    def update(self, n: int) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.update(n)
        if self.fn is not None:
            self.fn(self.done, self.total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def progress_bar(progress: Progress, total: int, desc: str = "games") -> Bar:
    return Bar(progress, total, desc)


def check_games(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise SimulationError(f"the number of games must be a whole number >= 0, not {n!r}")
    return n


@dataclass
class SimResult(TableReport):
    """A run's metrics (and, when asked for, its game records, ordered by game index)."""

    spec: RunSpec
    metrics: Metrics
    info: RunInfo
    requested: int
    records: list[GameRecord] | None = None

    @property
    def games(self) -> int:
        return self.metrics.games

    @property
    def cancelled(self) -> bool:
        return self.info.cancelled

    def settings(self) -> dict[str, Any]:
        return self.spec.describe()

    def summary(self) -> dict[str, Any]:
        s = self.metrics.summary()
        s["seconds"] = self.info.seconds
        s["games_per_s"] = self.info.games_per_s
        s["workers"] = self.info.workers
        s["backend"] = self.info.backend
        s["requested"] = self.requested
        s["cancelled"] = self.info.cancelled
        return s

    def stalled_links(self, most: int = 20) -> dict[int, str | None]:
        """A ``?g=`` link of the play page for each of the first ``most`` stalled games: the
        position at the turn where it was first stalled, with the lab's bots in the seats
        (None where that is too long for a link). Each game is played again here."""
        from verlies.sim.run import stall_link

        return {
            g["index"]: stall_link(self.spec, g["index"])
            for g in self.metrics.stalled_games()[:most]
        }

    def to_dict(self) -> dict[str, Any]:
        """Everything as JSON-able data (NaN stays NaN; ``jsonable`` turns it into None)."""
        data = self.metrics.to_dict()
        data["summary"] = self.summary()
        data["settings"] = self.settings()
        for s, row in enumerate(data["seats"]):
            row["bot"] = self.spec.bots[(s + self.spec.start_seat) % self.spec.players]
        if self.records is not None:
            data["games"] = [r.to_dict() for r in self.records]
        return data

    def to_csv(self) -> str:
        """One row per character and per seat: games, wins, win rate and its interval, ..."""
        out = io.StringIO()
        cols = ["games", "wins", "win_rate", "ci_low", "ci_high", "left_behind_rate"]
        cols += ["mean_gold", "injuries_per_game", "mean_escape_position"]
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["group", "id", *cols])
        for cid, row in self.metrics.character_rows().items():
            w.writerow(["character", cid, *(table_cell(row[c]) for c in cols)])
        for row in self.metrics.seat_rows():
            w.writerow(["seat", row["seat"] + 1, *(table_cell(row[c]) for c in cols)])
        return out.getvalue()

    # ---- tables ---------------------------------------------------------------------------

    def _tables(self, lang: str = "en") -> list[Table]:
        from verlies.i18n import text as t

        c = "simtext.col."
        rate_head = [
            t(c + k, lang) for k in ("games", "wins", "ci", "left_behind", "gold", "injuries")
        ]
        return [
            (self._head(lang), [], self._lines(lang)),
            (
                t("simtext.per_character", lang),
                [t(c + "character", lang), *rate_head],
                self._character_rows(lang),
            ),
            (
                t("simtext.per_seat", lang),
                [t(c + "seat", lang), t(c + "bot", lang), *rate_head],
                self._seat_rows(lang),
            ),
            (
                t("simtext.tests", lang),
                [t(c + k, lang) for k in ("test", "tries", "passed", "ci", "exact")],
                self._test_rows(lang),
            ),
        ]

    def _head(self, lang: str) -> str:
        """The run in a line: games, players, bots, characters, seed, deck, variants."""
        from verlies.i18n import text as t

        spec = self.spec
        on = [k for k, v in spec.variants.to_dict().items() if v]
        chars = (
            t(f"simtext.chars.{spec.characters}", lang)
            if spec.characters in ("all", "random")
            else ",".join(spec.characters)
        )
        return t(
            "simtext.head",
            lang,
            games=self.metrics.games,
            cancelled=t("simtext.cancelled", lang) if self.cancelled else "",
            players=spec.players,
            bots=",".join(_bot_name(b, lang) for b in spec.bots),
            characters=chars,
            seed=spec.seed,
            deck=repr(self.settings()["deck"]),
            variants=", ".join(on) or t("simtext.none", lang),
        )

    def _lines(self, lang: str) -> list[list[str]]:
        """The summary, a line each: how games ended, their length, balance, gold, speed."""
        s = self.summary()
        return [[line] for line in (*self._end_lines(s, lang), *self._balance_lines(s, lang))]

    def _end_lines(self, s: dict[str, Any], lang: str) -> list[str]:
        """How the games ended, the timeouts and stalled games, and their length."""
        from verlies.i18n import text as t

        reasons = ", ".join(
            f"{t(f'simtext.reason.{k}', lang)} {v}" for k, v in s["reasons"].items() if v
        )
        timeouts = t(
            "simtext.timeouts",
            lang,
            limit=self.spec.round_limit,
            n=s["timeouts"],
            share=pct(s["timeout_share"], lang),
            no_winner=s["no_winner"],
        )
        rounds = t(
            "simtext.rounds",
            lang,
            mean=num(s["mean_rounds"], 1, lang),
            median=num(s["median_rounds"], 1, lang),
            p10=num(s["p10_rounds"], 0, lang),
            p90=num(s["p90_rounds"], 0, lang),
            turns=num(s["median_turns"], 0, lang),
        )
        ended = t("simtext.ended", lang, reasons=reasons or "-")
        return [ended, timeouts, _stalled_line(s["stalled_games"], lang=lang), rounds]

    def _balance_lines(self, s: dict[str, Any], lang: str) -> list[str]:
        """Balance of characters and seats, the first seat's share, gold, the run's speed."""
        from verlies.i18n import text as t

        balance = t(
            "simtext.balance",
            lang,
            characters=num(s["balance_characters"], 3, lang),
            seats=num(s["balance_seats"], 3, lang),
            advantage=_pts(s["first_seat_advantage"], lang),
        )
        first_seat = t(
            "simtext.first_seat",
            lang,
            share=pct(s["first_seat_share"], lang),
            low=pct(s["first_seat_ci"][0], lang),
            high=pct(s["first_seat_ci"][1], lang),
            players=self.spec.players,
            fair=pct(1 / self.spec.players, lang),
            edge=_pts(s["first_seat_edge"], lang),
            edge_low=_pts(s["first_seat_edge_ci"][0], lang),
            edge_high=_pts(s["first_seat_edge_ci"][1], lang),
        )
        gold = t(
            "simtext.gold",
            lang,
            mean=num(s["mean_gold"], 1, lang),
            median=num(s["median_gold"], 1, lang),
            winners=num(s["mean_winner_gold"], 1, lang),
            injuries=num(s["injuries_per_game"], 2, lang),
            shuffles=num(s["shuffle_backs_per_game"], 2, lang),
            leads=num(s["mean_lead_changes"], 2, lang),
        )
        speed = t(
            "simtext.speed",
            lang,
            seconds=num(self.info.seconds, 2, lang),
            rate=num(self.info.games_per_s, 1, lang),
            workers=self.info.workers,
            backend=backend_name(self.info.backend, lang),
        )
        return [balance, _balance_line(self.metrics.balance(), lang), first_seat, gold, speed]

    def _character_rows(self, lang: str) -> list[list[str]]:
        return [[cid, *_rate_cells(r, lang)] for cid, r in self.metrics.character_rows().items()]

    def _seat_rows(self, lang: str) -> list[list[str]]:
        spec = self.spec
        return [
            [
                str(r["seat"] + 1),
                _bot_name(spec.bots[(r["seat"] + spec.start_seat) % spec.players], lang),
                *_rate_cells(r, lang),
            ]
            for r in self.metrics.seat_rows()
        ]

    def _test_rows(self, lang: str) -> list[list[str]]:
        """Per test: tries, the share passed with its interval, the exact odds."""
        return [
            [
                key,
                str(r["tries"]),
                pct(r["rate"], lang),
                f"{pct(r['ci_low'], lang)} – {pct(r['ci_high'], lang)}",
                pct(r["expected_rate"], lang),
            ]
            for key, r in self.metrics.test_rows().items()
        ]


def _rate_cells(r: dict[str, Any], lang: str) -> list[str]:
    """A character's or seat's games, win rate with its interval, left behind, gold, injuries."""
    return [
        str(r["games"]),
        pct(r["win_rate"], lang),
        f"{pct(r['ci_low'], lang)} – {pct(r['ci_high'], lang)}",
        pct(r["left_behind_rate"], lang),
        num(r["mean_gold"], 1, lang),
        num(r["injuries_per_game"], 2, lang),
    ]


def _bot_name(bot: str, lang: str) -> str:
    """A bot preset's name in ``lang`` (the page's names; an unknown one as it is)."""
    from verlies import i18n

    key = f"page.botname.{bot}"
    return i18n.text(key, lang) if i18n.has(key, lang) else bot


def backend_name(backend: str, lang: str) -> str:
    """Where the games ran, in ``lang`` (a Dask scheduler's name as it is)."""
    from verlies import i18n

    key = {
        "this process": "simtext.backend.here",
        "processes": "simtext.backend.processes",
        "compiled processes": "simtext.backend.compiled",
    }
    return i18n.text(key[backend], lang) if backend in key else backend


def _balance_line(b: dict[str, Any], lang: str = "en") -> str:
    """The characters' spread with its noise floor and the χ² test, in words."""
    from verlies.i18n import text as t

    if not b["characters"] or b["characters"] < 2:
        return t("simtext.spread_none", lang)
    verdict = (
        t("lab.balance.perfect", lang)
        if b["indistinguishable"]
        else t("lab.balance.uneven", lang)
        if b["p"] < 0.05
        else t("simtext.spread_above", lang)
    )
    return t(
        "simtext.spread",
        lang,
        spread=pct(b["spread"], lang),
        low=pct(b["spread_ci"][0], lang),
        high=pct(b["spread_ci"][1], lang),
        floor=pct(b["noise_floor"], lang),
        chi2=num(b["chi2"], 1, lang),
        df=b["df"],
        p=num(b["p"], 3, lang),
        verdict=verdict,
    )


def _stalled_line(games: list[dict[str, int]], most: int = 10, lang: str = "en") -> str:
    """The stalled games (docs/metrics.md "Stalled games"): counted among the timeouts."""
    from verlies.i18n import text as t

    if not games:
        return t("simtext.stalled_none", lang)
    shown = ", ".join(
        t("simtext.stalled_game", lang, index=g["index"], seed=g["seed"], round=g["round"])
        for g in games[:most]
    )
    more = t("simtext.stalled_more", lang, n=len(games) - most) if len(games) > most else ""
    return t("simtext.stalled", lang, n=len(games), games=shown, more=more)


def _pts(x: float, lang: str = "en") -> str:
    """A difference of shares in points: ``+1.2 pt``, German ``+1,2 Pkt.``."""
    from verlies.i18n import text as t
    from verlies.i18n.numbers import fixed

    if math.isnan(x):
        return "–"
    return t("balance.pts", lang, value=fixed(x * 100, 1, lang, sign=True))


def table_cell(x: Any) -> Any:
    if isinstance(x, float):
        return "" if math.isnan(x) else f"{x:.6g}"
    return x


def simulate(
    games: int = 100,
    players: int = 4,
    bots: BotsArg = None,
    seed: int = 0,
    deck: DeckArg = None,
    variants: VariantsArg = None,
    round_limit: int | None = 300,
    characters: CharactersArg = None,
    start_seat: int = 0,
    *,
    workers: int | None = None,
    executor: Any = None,
    batch: int | None = None,
    keep_records: bool = False,
    progress: Progress = False,
    cancel: CancelToken | None = None,
    on_update: Callable[[SimResult], None] | None = None,
    setup: Setup | None = None,
    spec: RunSpec | None = None,
) -> SimResult:
    """Play ``games`` games with bots and aggregate their metrics as they arrive.

    ``bots``: preset names, one per seat or one for all (default "careful").
    ``characters``: ids per seat, "all" (each character plays each seat equally often),
    "random" (drawn per game) or None (the deck's first ones). Game ``i`` is played with
    seed ``game_seed(seed, i)``: the results depend on ``seed`` only, never on ``workers``
    (default: the machine's cores; 1 plays here) or ``executor`` (any
    ``concurrent.futures.Executor`` or a Dask ``distributed.Client``).
    ``setup``: a :class:`~verlies.setup.Setup` to start every game from instead of
    ``players``, ``deck``, ``variants``, ``seed``, ``round_limit`` and ``start_seat``
    (game ``i`` gets seed ``game_seed(setup.seed, i)``).
    ``keep_records``: keep every game's record (memory grows with ``games``).
    ``cancel``: an event checked between batches; ``on_update(result)`` after each batch.
    """
    n = check_games(games)
    check_workers(workers)
    if spec is None:
        spec = RunSpec.build(
            players=players,
            characters=characters,
            bots=bots,
            deck=deck,
            variants=variants,
            seed=seed,
            round_limit=round_limit,
            start_seat=start_seat,
            setup=setup,
        )
    result = SimResult(spec, Metrics(spec.players), RunInfo(), n, [] if keep_records else None)
    size = batch or batch_size(n, planned_workers(executor, workers))
    _stream(result, split(n, size), executor, workers, Bar(progress, n, "games"), cancel, on_update)
    return result


def _stream(
    result: SimResult,
    tasks: Iterable[Task],
    executor: Any,
    workers: int | None,
    bar: Bar,
    cancel: CancelToken | None,
    on_update: Callable[[SimResult], None] | None,
) -> None:
    """Play ``tasks`` of ``result``'s spec into its metrics (and records, then ordered by
    game index) as they finish."""
    runs = run_tasks(
        [result.spec], tasks, executor=executor, workers=workers, cancel=cancel, info=result.info
    )
    try:
        for _task, (records,) in runs:
            result.metrics.add_all(records)
            if result.records is not None:
                result.records.extend(records)
            bar.update(len(records))
            if on_update is not None:
                on_update(result)
    finally:
        runs.close()
        bar.close()
    if result.records is not None:
        result.records.sort(key=lambda r: r.index)

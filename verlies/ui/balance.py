"""The page's "Balance" tab: the editor's draft deck against the deck of new games.

:class:`BalanceRun` is the widget-free model: it runs a :func:`verlies.sim.compare` of
the base deck (A) and the draft (B) on the same seeds in a background thread, on local
worker processes (kept for the next run), and holds its state, so the kernel's main
thread stays free for the rest of the page (a Step click still answers). It can be
cancelled; its results download as CSV or JSON.

:class:`BalanceTab` shows it: settings, a tqdm progress bar, a cancel button, win rates
of both decks with their intervals, the draft's game length, the table of paired
differences, and download links.
"""

from __future__ import annotations

import json
import math
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING

from verlies.errors import VerliesError
from verlies.sim import Comparison, compare
from verlies.sim.run import default_workers

if TYPE_CHECKING:
    from tqdm.notebook import tqdm

    from verlies.setup import DeckLike
    from verlies.ui.lab_plots import DurationPlot, WinRatePlot

__all__ = ["BalanceRun", "BalanceTab"]


def _jsonable(x: object) -> object:
    if isinstance(x, float) and math.isnan(x):
        return None
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_jsonable(v) for v in x]
    return x


class BalanceRun:
    """One A/B run at a time, in a background thread (no widgets here)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        self._pool: ProcessPoolExecutor | None = None
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()
        self.comparison: Comparison | None = None
        self.error: str | None = None
        self.done = 0
        self.total = 0
        self.seconds = 0.0

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _executor(self) -> ProcessPoolExecutor | None:
        if self.workers <= 1:
            return None
        if self._pool is None:  # kept between runs: no start-up cost on the next click
            self._pool = ProcessPoolExecutor(max_workers=self.workers)
        return self._pool

    def start(
        self,
        base: DeckLike,
        draft: DeckLike,
        *,
        games: int = 1000,
        players: int = 4,
        seed: int = 0,
        on_update: Callable[[BalanceRun], None] | None = None,
        on_done: Callable[[BalanceRun], None] | None = None,
    ) -> None:
        """Start simulating ``draft`` (B) against ``base`` (A); returns at once."""
        if self.running:
            raise VerliesError("a balance run is going on; cancel it first")
        self._cancel = threading.Event()
        self.comparison, self.error = None, None
        self.done, self.total = 0, 2 * games
        executor = self._executor()
        cancel = self._cancel
        t0 = time.perf_counter()

        def progress(done: int, total: int) -> None:
            self.done, self.total = done, total

        def update(comp: Comparison) -> None:
            self.comparison = comp
            self.seconds = time.perf_counter() - t0
            if on_update is not None:
                on_update(self)

        def work() -> None:
            try:
                self.comparison = compare(
                    base,
                    draft,
                    games,
                    players=players,
                    seed=seed,
                    characters="all" if len(base.characters) >= players else None,
                    labels=("base", "draft"),
                    workers=1 if executor is None else None,
                    executor=executor,
                    progress=progress,
                    cancel=cancel,
                    on_update=update,
                )
            except VerliesError as e:
                self.error = str(e)
            except Exception as e:  # shown on the page, never lost in a thread
                self.error = f"{type(e).__name__}: {e}"
            finally:
                self.seconds = time.perf_counter() - t0
                if on_done is not None:
                    on_done(self)

        self._thread = threading.Thread(target=work, name="verlies-balance", daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the run to end; True if it has."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.running

    def close(self) -> None:
        self.cancel()
        self.wait(30)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def to_csv(self) -> str:
        return self.comparison.to_csv() if self.comparison is not None else ""

    def to_json(self) -> str:
        if self.comparison is None:
            return "{}"
        return json.dumps(_jsonable(self.comparison.to_dict()), ensure_ascii=False, indent=1)


class BalanceTab:
    """The Balance tab's widgets over a :class:`BalanceRun`."""

    def __init__(
        self,
        get_draft: Callable[[], DeckLike],
        get_base: Callable[[], DeckLike],
        lang: str = "en",
        workers: int | None = None,
    ) -> None:
        import ipywidgets as widgets

        self.get_draft, self.get_base = get_draft, get_base
        self.lang = lang
        self.run = BalanceRun(workers)
        self.games = widgets.BoundedIntText(value=1000, min=8, max=1_000_000, step=8)
        self.players = widgets.Dropdown(options=[2, 3, 4], value=4)
        self.seed = widgets.IntText(value=0)
        self.start_button = widgets.Button(button_style="primary", icon="play")
        self.cancel_button = widgets.Button(icon="stop", disabled=True)
        for w, cls in (
            (self.start_button, "vl-balance-start"),
            (self.cancel_button, "vl-balance-cancel"),
            (self.games, "vl-balance-games"),
        ):
            w.add_class(cls)
        self.start_button.on_click(lambda _b: self.start())
        self.cancel_button.on_click(lambda _b: self.run.cancel())
        self.bar_box = widgets.Box()
        self.status = widgets.HTML()
        self.status.add_class("vl-balance-status")
        # The plots are made on the first run: a bqplot figure drawn in a hidden tab has no
        # width (the browser logs negative sizes), and most visitors never open this tab.
        self.plot_a: WinRatePlot | None = None
        self.plot_b: WinRatePlot | None = None
        self.duration: DurationPlot | None = None
        self.plots = widgets.VBox()
        self.table = widgets.HTML()
        self.table.add_class("vl-balance-table")
        self.downloads = widgets.HTML()
        self._bar: tqdm | None = None
        self._last_draw = 0.0
        self.labels = [widgets.Label() for _ in range(3)]
        row = widgets.HBox(
            [
                self.labels[0],
                self.games,
                self.labels[1],
                self.players,
                self.labels[2],
                self.seed,
                self.start_button,
                self.cancel_button,
            ]
        )
        self.widget = widgets.VBox(
            [
                widgets.HTML(),  # the intro, set by set_lang
                row,
                self.bar_box,
                self.status,
                self.plots,
                self.table,
                self.downloads,
            ]
        )
        self.widget.add_class("vl-balance")
        self.set_lang(lang)

    def _t(self, key: str, **kw: object) -> str:
        from verlies import i18n

        return i18n.text(f"sim.{key}", self.lang, **kw)

    @property
    def title(self) -> str:
        return self._t("tab")

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        intro = self.widget.children[0]
        intro.value = f"<p>{self._t('intro')}</p>"
        for label, key in zip(self.labels, ("games", "players", "seed"), strict=True):
            label.value = self._t(key)
        self.start_button.description = self._t("start")
        self.cancel_button.description = self._t("cancel")
        if self.plot_a is not None and self.plot_b is not None:  # made together
            self.plot_a.widget.title = self._t("plot_base")
            self.plot_b.widget.title = self._t("plot_draft")

    def _make_plots(self) -> None:
        import ipywidgets as widgets

        from verlies.ui.lab_plots import DurationPlot, WinRatePlot

        self.plot_a = WinRatePlot("characters", title=self._t("plot_base"))
        self.plot_b = WinRatePlot("characters", title=self._t("plot_draft"))
        self.duration = DurationPlot()
        self.plots.children = [
            widgets.HBox([self.plot_a.widget, self.plot_b.widget]),
            self.duration.widget,
        ]

    def start(self) -> None:
        from tqdm.notebook import tqdm

        if self.run.running:
            return
        games = int(self.games.value)
        if self.plot_a is None:
            self._make_plots()
        self._bar = tqdm(total=2 * games, display=False, unit="game", desc=self._t("bar"))
        self.bar_box.children = [self._bar.container]
        self.start_button.disabled, self.cancel_button.disabled = True, False
        self.status.value = self._t("running", games=games)
        self.downloads.value = ""
        self.run.start(
            self.get_base(),
            self.get_draft(),
            games=games,
            players=int(self.players.value),
            seed=int(self.seed.value),
            on_update=self._update,
            on_done=self._done,
        )

    def _update(self, run: BalanceRun, force: bool = False) -> None:
        if self._bar is not None:
            self._bar.n = run.done
            self._bar.refresh()
        now = time.monotonic()
        if not force and now - self._last_draw < 0.4:
            return
        self._last_draw = now
        comp = run.comparison
        a, b, duration = self.plot_a, self.plot_b, self.duration  # made together
        if comp is None or comp.games == 0 or a is None or b is None or duration is None:
            return
        a.update(comp.a)
        b.update(comp.b)
        duration.update(comp.b)
        self.table.value = comp._repr_html_()

    def _done(self, run: BalanceRun) -> None:
        self._update(run, force=True)
        if self._bar is not None:
            self._bar.close()
        self.start_button.disabled, self.cancel_button.disabled = False, True
        comp = run.comparison
        if run.error is not None:
            self.status.value = f'<span style="color:#b00">{run.error}</span>'
            return
        if comp is None:
            return
        key = "cancelled" if comp.stopped == "cancelled" else "done"
        self.status.value = self._t(key, games=comp.games, seconds=f"{run.seconds:.1f}")
        from verlies.ui.editor_html import download_link

        self.downloads.value = " · ".join(
            [
                download_link(run.to_csv(), "balance.csv", self._t("download_csv")),
                download_link(run.to_json(), "balance.json", self._t("download_json")),
            ]
        )

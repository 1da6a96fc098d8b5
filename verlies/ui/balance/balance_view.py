"""The page's "Balance" tab: the editor's draft deck against the deck of new games.

:class:`~verlies.ui.balance.balance_model.BalanceRun` is the widget-free model;
:class:`BalanceTab` shows it: settings (with what to watch: a watched run plays blocks
until its verdict, ``compare(..., until_clear=...)``), a progress line, the verdict in one
sentence, the chart of every character's win-rate difference with its interval
(:mod:`verlies.ui.balance.chart`), both decks' game lengths over each other, the tables
with every quantity named in words (its definition as the row's hover title; the raw keys
only in the downloads), and download links. Every word follows the page's language; the
controls wrap instead of shrinking, so the tab reads at 390 px as at 1,280 px.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from verlies.errors import VerliesError
from verlies.ui.balance.balance_model import WATCH, BalanceRun, watch_keys
from verlies.ui.core.theme import BALANCE_CSS
from verlies.ui.core.words import Keys
from verlies.ui.runs.panel_view import PanelParts, ProgressRow, RunPanel, panel_styles, rate_words

if TYPE_CHECKING:
    from verlies.deck import Deck
    from verlies.setup import DeckLike
    from verlies.sim import Comparison
    from verlies.ui.balance.plots_view import LengthPlot

__all__ = ["BalanceTab"]


CSS = BALANCE_CSS  # the page's styles live in verlies.ui.core.theme


class BalanceTab(RunPanel):
    """The Balance tab's widgets over a :class:`BalanceRun`: settings (what to watch
    among them), progress, the verdict in a sentence, the chart of the characters'
    win-rate differences, both decks' game lengths, the table and downloads. Every word
    follows :meth:`set_lang`."""

    #: Its words are of five prefixes (``sim.``, ``balance.``, ``verdict.``, ``balview.``,
    #: ``samplesize.``), so each key is said whole: ``self._t("sim.start")``.
    WORDS = Keys()

    def __init__(
        self,
        get_draft: Callable[[], DeckLike],
        get_base: Callable[[], DeckLike],
        lang: str = "en",
        workers: int | None = None,
        set_draft: Callable[[Deck], None] | None = None,
    ) -> None:
        RunPanel.__init__(self)  # the handover to the kernel's loop, status, throttle
        import ipywidgets as widgets

        self.get_draft, self.get_base = get_draft, get_base
        self.lang = lang
        self.run = BalanceRun(workers)
        controls = self._build_controls()
        self._build_results()
        size_box = self._build_size()
        self._targets_used: list[Any] = []  # the targets of the run shown
        self._answer: Any = None  # its before/after answer (verlies.sim.verdict)
        self._settings: dict[str, Any] = {}  # the shown run's games, players, seed, …
        #: A result the workspace gave back (no run of this page yet): its settings and
        #: figures (verlies.ui.balance.kept_model.KeptRun) and whether it is out of date.
        self._kept: Any = None
        self._kept_stale = False

        from verlies.ui.balance.feel_view import FeelSection  # game feel (issue 40)

        self.feel = FeelSection(lang)
        self.box = widgets.VBox(
            [
                panel_styles(CSS),
                self.intro,
                controls,
                self.bar.widget,
                self.status,
                self.fresh,
                self.verdict,
                self.more_button,
                self.diff_chart,
                self.show_box,
                self.plots,
                self.table,
                self.downloads,
                size_box,
                self.glossary,
            ]
        )
        self.box.add_class("vl-panel")
        self.box.add_class("vl-balance")
        self._build_below(get_draft, set_draft)
        self.widget = widgets.VBox(
            [self.box, self.feel.widget, self.skill.widget, self.suggest.widget]
        )
        self.widget.add_class("vl-balance-tab")
        self.set_lang(lang)

    def _build_below(
        self, get_draft: Callable[[], DeckLike], set_draft: Callable[[Deck], None] | None
    ) -> None:
        """The panels below the A/B run, on its workers: balance across skill of the same
        draft, and Suggest's changes toward a target (verlies.sim.tune)."""
        from verlies.ui.balance.skill_view import SkillPanel
        from verlies.ui.balance.suggest_view import SuggestPanel

        self.skill = SkillPanel(get_draft, self.lang, executor=self.run.executor)
        self.suggest = SuggestPanel(
            get_draft,  # type: ignore[arg-type]  # the editor's draft is a Deck
            self.lang,
            executor=self.run.executor,
            set_draft=set_draft,
        )

    def _build_controls(self) -> Any:
        """The run's settings (games, players, seed, what to watch) and Start / Cancel."""
        import ipywidgets as widgets

        self.games = widgets.BoundedIntText(value=1000, min=8, max=1_000_000, step=8)
        self.players = widgets.Dropdown(options=[2, 3, 4], value=4)
        self.seed = widgets.IntText(value=0)
        self.watch = widgets.Dropdown(options=[(c, c) for c in WATCH], value="verdict")
        # the before/after answer's targets, in Suggest's syntax (empty: fair share ± 3)
        self.targets = widgets.Text(value="", continuous_update=False)
        self.start_button = widgets.Button(button_style="primary", icon="play")
        self.cancel_button = widgets.Button(icon="stop", disabled=True)
        self._wire(self.start_button, self.cancel_button, self.start)
        self.labels = [widgets.Label() for _ in range(5)]
        fields = []
        for label, w, cls in zip(
            self.labels,
            (self.games, self.players, self.seed, self.watch, self.targets),
            (
                "vl-balance-games",
                "vl-balance-players",
                "vl-balance-seed",
                "vl-balance-watch",
                "vl-balance-targets",
            ),
            strict=True,
        ):
            field = PanelParts.field("balance", label, w)
            field.add_class(cls)
            fields.append(field)
        buttons = widgets.HBox([self.start_button, self.cancel_button])
        buttons.add_class("vl-panel-buttons")
        buttons.add_class("vl-balance-buttons")
        for w, cls in (
            (self.start_button, "vl-balance-start"),
            (self.cancel_button, "vl-balance-cancel"),
        ):
            w.add_class(cls)
        controls = widgets.Box([*fields, buttons])
        controls.add_class("vl-panel-controls")
        controls.add_class("vl-balance-controls")
        return controls

    def _build_results(self) -> None:
        """Progress, status, verdict, the difference chart, the plots, table, downloads."""
        import ipywidgets as widgets

        self.bar = ProgressRow("vl-balance-progress")
        self.status = widgets.HTML()
        self.status.add_class("vl-balance-status")
        self.verdict = widgets.HTML()
        self.verdict.add_class("vl-balance-verdict")
        # which draft the result is of, or that it is out of date (the draft changed)
        self.fresh = widgets.HTML()
        self.fresh.add_class("vl-balance-fresh")
        # "can't tell yet": play the games that would decide it
        self.more_button = widgets.Button(icon="forward")
        self.more_button.add_class("vl-balance-more")
        self.more_button.layout.display = "none"
        self.more_button.on_click(lambda _b: self.more())
        self.glossary = widgets.HTML()
        self.glossary.add_class("vl-balance-glossary")
        self.diff_chart = widgets.HTML()
        self.diff_chart.add_class("vl-balance-diff")
        from verlies.ui.balance.show_model import BarLinks

        self.bar_links = BarLinks()  # what the chart's bars open (feel4)
        self._build_show()
        # The length plot is made on the first run: a bqplot figure drawn in a hidden tab
        # has no width (the browser logs negative sizes), and most visitors never open it.
        self.lengths: LengthPlot | None = None
        self.plots = widgets.VBox()
        self.kept_lengths = widgets.HTML()  # a kept result's game lengths (static SVG)
        self.kept_lengths.add_class("vl-balance-kept-lengths")
        self.table = widgets.HTML()
        self.table.add_class("vl-panel-table")
        self.table.add_class("vl-balance-table")
        self.downloads = widgets.HTML()
        self.downloads.add_class("vl-balance-downloads")
        self.intro = widgets.HTML()

    def _build_show(self) -> None:
        """'Show me games like this' under the chart: a character's wins, the first
        stalled game, the longest game (:mod:`verlies.ui.balance.show_model`)."""
        import ipywidgets as widgets

        self.show_title = widgets.HTML()
        self.show_what = widgets.Dropdown(options=[])
        self.show_what.add_class("vl-balance-show-what")
        self.show_button = widgets.Button(icon="eye")
        self.show_button.add_class("vl-balance-show")
        self.show_button.on_click(lambda _b: self.show_game())
        self.show_found = widgets.HTML()
        self.show_found.add_class("vl-balance-show-found")
        row = widgets.Box([self.show_what, self.show_button, self.show_found])
        row.add_class("vl-panel-controls")
        self.show_box = widgets.VBox([self.show_title, row])
        self.show_box.add_class("vl-balance-showme")
        self.show_box.layout.display = "none"
        self._show_busy = False
        self._show_thread: Any = None  # the last search (a test joins it)

    def _draw_show(self) -> None:
        """The choices of the run shown (none while it runs), in the page's language."""
        from verlies.ui.balance.chart import character_names, verdict_differences
        from verlies.ui.balance.show_model import SHOW_GAMES, choices

        ba = self._answer
        comp = self.run.comparison
        if ba is None or (comp is not None and self.run.running):
            self.show_box.layout.display = "none"
            return
        ids = list(verdict_differences(ba).ids)
        stalled = bool(comp.b.metrics.stalled) if comp is not None else False
        names = character_names(ba.deck, self.lang)
        keep = self.show_what.value
        opts = choices(ids, names, stalled, self.lang)
        self.show_what.options = opts
        keys = [k for _, k in opts]
        self.show_what.value = keep if keep in keys else keys[0]
        self.show_button.description = self._t("balview.show.button")
        title = html.escape(self._t("balview.show.title"))
        among = html.escape(self._t("balview.show.among", n=SHOW_GAMES))
        self.show_title.value = f"<b>{title}</b> <span class='vl-small'>{among}</span>"
        self.show_box.layout.display = ""

    def show_game(self) -> None:
        """Find the game asked for (in a thread: it plays games again) and give its link;
        or say why not: a kept result not run on this page, or a draft changed since."""
        comp = self.run.comparison
        what = self.show_what.value
        if what is None or self._show_busy:
            return
        if comp is None:
            self.show_found.value = html.escape(self._t("balview.show.restored"))
            return
        if not self.is_fresh():
            self.show_found.value = html.escape(self._t("balview.show.stale"))
            return
        import threading

        from verlies.ui.balance.show_model import find

        spec, stalled = comp.b.spec, dict(comp.b.metrics.stalled)
        draft = str(getattr(spec.deck, "name", ""))
        label = dict((k, lbl) for lbl, k in self.show_what.options).get(what, what)
        self._show_busy = True
        self.show_button.disabled = True
        self.show_found.value = "…"

        def said(found: Any) -> None:
            self._show_busy = False
            self.show_button.disabled = False
            self.show_found.value = self._found_html(found, str(what), label, draft)

        def work() -> None:
            try:
                found: Any = find(spec, str(what), stalled)
            except VerliesError as e:  # said, not raised in a thread
                found = e
            done(found)

        done = self._hand.wrap(said)
        self._show_thread = threading.Thread(target=work, daemon=True)
        self._show_thread.start()

    def _found_html(self, found: Any, what: str, label: str, draft: str) -> str:
        from verlies.ui.balance.show_model import SHOW_GAMES

        esc = html.escape
        if isinstance(found, VerliesError):
            return f'<span class="vl-error">{esc(str(found))}</span>'
        if found is None:
            return esc(self._t("balview.show.none", n=SHOW_GAMES, what=label))
        if found.link is None:
            return esc(self._t("balview.show.nolink", index=found.index))
        if found.stall:
            words = self._t(
                "balview.show.open_stall", index=found.index, draft=draft, round=found.turn
            )
        else:
            words = self._t(
                "balview.show.open", index=found.index, draft=draft, what=label, turn=found.turn + 1
            )
        return (
            f'<a class="vl-balance-show-link" data-index="{found.index}" '
            f'href="{esc(found.link)}">{esc(words)}</a>'
        )

    def _build_size(self) -> Any:
        """How many games a change needs (verlies.sim.stats.sample_size), before a run."""
        import ipywidgets as widgets

        self.size_label = widgets.Label()
        self.size_points = widgets.BoundedFloatText(value=3.0, min=0.1, max=50.0, step=0.5)
        self.size_points.observe(lambda _c: self._show_size(), names="value")
        size_field = PanelParts.field("balance", self.size_label, self.size_points)
        self.size_answer = widgets.HTML()
        self.size_title = widgets.HTML()
        size_box = widgets.VBox([self.size_title, size_field, self.size_answer])
        size_box.add_class("vl-balance-size")
        return size_box

    @property
    def title(self) -> str:
        return self._t("sim.tab")

    def _length_words(self) -> tuple[tuple[str, str], str, str, str, str]:
        return (
            (self._t("balance.base"), self._t("balance.draft")),
            self._t("balance.length_title"),
            self._t("balance.rounds"),
            self._t("balance.games_axis"),
            self._t("balance.median"),
        )

    def _run_of(self) -> BalanceRun:
        return self.run

    def set_lang(self, lang: str) -> None:
        """Every word of the tab in ``lang``: the A/B run's (:class:`RunPanel`: its own
        words, then its run's), then the panels below it."""
        RunPanel.set_lang(self, lang)
        self.skill.set_lang(lang)
        self.suggest.set_lang(lang)
        self.feel.set_lang(lang)

    def _say_words(self) -> None:
        """The A/B run's own words: intro, labels, buttons, plot axes, the glossary and the
        sample-size helper."""
        self.intro.value = f"<p>{html.escape(self._t('sim.intro'))}</p>"
        for label, key in zip(
            self.labels,
            ("sim.games", "sim.players", "sim.seed", "balance.watch", "verdict.targets"),
            strict=True,
        ):
            label.value = self._t(key)
        self.targets.placeholder = "win:*=25+-3; edge=-2:2"
        self.targets.tooltip = self._t("verdict.targets_help")
        self.glossary.value = self._glossary()
        self.watch.tooltip = self._t("balance.watch_help")
        chosen = self.watch.value
        self.watch.options = [(self._t(f"balance.watch.{c}"), c) for c in WATCH]
        self.watch.value = chosen
        self.start_button.description = self._t("sim.start")
        self.cancel_button.description = self._t("sim.cancel")
        if self.lengths is not None:
            self.lengths.set_words(*self._length_words())
        self.size_title.value = f"<b>{html.escape(self._t('samplesize.title'))}</b>"
        self.size_label.value = self._t("samplesize.points")
        self._show_size()

    def _say_run_again(self) -> None:
        """The run's words in the new language: the status line (or the failure), the
        games played, the answer with its numbers as they were, or a kept result."""
        RunPanel._say_run_again(self)
        if self.run.running or self.run.status in ("done", "cancelled"):
            # a finished run's count stays shown: in the new language's words too
            self._show_progress(self.run)
        self._draw(self.run, words_only=True)
        if self.run.comparison is None and self._answer is not None:  # a kept result
            self.show_kept(self._answer, self._kept, self.fresh.value, self._kept_stale)
        elif not self.run.running:
            self.show_found.value = ""  # its words were in the old language
            self._draw_show()

    def _show_size(self) -> None:
        """The sample-size helper's answer for the points asked, in the page's language."""
        from verlies.sim.stats import sample_size, sample_size_text

        points = self.size_points.value
        if not points or points <= 0:
            self.size_answer.value = html.escape(self._t("samplesize.error"))
            return
        answer = sample_size_text(sample_size(points / 100), self.lang)
        self.size_answer.value = f"<p>{html.escape(answer)}</p>"

    def _make_plots(self) -> None:
        from verlies.ui.balance.plots_view import LengthPlot

        self.lengths = LengthPlot()
        self.lengths.set_words(*self._length_words())
        self.plots.children = [self.lengths.widget]

    def _glossary(self) -> str:
        from verlies.ui.balance.chart import glossary_html

        return glossary_html(self.lang)

    def _parse_targets(self) -> list[Any] | None:
        """The targets field parsed; a wrong one is said in the status line (what and
        where) and None returned: no run starts and the shown result stays, marked."""
        from verlies.sim.verdict import parse_targets

        text = str(self.targets.value or "")
        try:
            return parse_targets(text, int(self.players.value))
        except VerliesError as e:
            error, kept = e, list(self._targets_used[1:])

            def words(lang: str) -> str:  # said again in the language switched to
                text_in = getattr(error, "text_in", None)
                msg = str(text_in(lang)) if callable(text_in) else str(error)
                last = "; ".join(f"{t.key}={t.shown(lang)}" for t in kept)
                return self.WORDS("verdict.targets_error", lang, msg=msg, last=last or "–")

            self._say_refused(words)
            return None

    def more(self) -> None:
        """Play the games that "can't tell yet" named (the games played so far are kept:
        the same seeds give the same games and are not played again)."""
        ba, comp = self._answer, self.run.comparison
        if self.run.running or ba is None or not ba.more_games:
            return
        from verlies.i18n.metrics import round_games

        if comp is None:  # a result the workspace gave back: its run, continued
            if not self._continue_kept(ba):
                return
            played = int(ba.games)
        else:
            played = comp.games
        total = played + round_games(int(ba.more_games))
        self.games.value = min(int(self.games.max), -(-total // 8) * 8)
        self.start()

    def _continue_kept(self, ba: Any) -> bool:
        """The kept result's settings put back for "play N more" (the same seeds replay its
        games, then more); False, with the reason in the status line, when it cannot be
        continued: the draft or the deck of new games changed since, or no settings kept."""
        kept = self._kept
        base_now = str(getattr(self.get_base(), "name", ""))
        if kept is None or self._kept_stale or kept.base != base_now:
            self._say_refused(lambda lang: self.WORDS("balview.more.stale", lang))
            return False
        self.players.value = kept.players
        self.seed.value = kept.seed
        self.watch.value = kept.watch
        self.targets.value = kept.targets
        return True

    def kept(self) -> Any:
        """What a reload needs to show the shown run whole beside its answer
        (:class:`~verlies.ui.balance.kept_model.KeptRun`), or None without a finished run."""
        from verlies.sim.plots import durations
        from verlies.ui.balance.kept_model import KeptRun

        comp, decks = self.run.comparison, self.run.decks
        if comp is None or decks is None or comp.games == 0 or not self._settings:
            return None
        return KeptRun(
            **self._settings,
            base=str(getattr(decks[0], "name", "")),
            lengths=durations(comp.a, comp.b, self.lengths.width if self.lengths else 5),
            csv=self.run.to_csv(),
            json=self.run.to_json(),
            shown=self.bar_links.kept(),
        )

    def show_kept(self, ans: Any, kept: Any, mark: str, stale: bool) -> None:
        """Show a result the workspace gave back (``ans``: its answer, ``kept``: its
        :class:`~verlies.ui.balance.kept_model.KeptRun` or None, ``mark``: which draft it is
        of and whether out of date) as a run's: the sentence and win rates, the chart,
        the tables, the game lengths, the downloads and "play N more"."""
        from verlies.ui.balance.chart import (
            VERDICT_WORDS,
            before_after_html,
            character_names,
            difference_svg,
            lengths_svg,
            verdict_differences,
            verdict_html,
        )

        self._answer, self._kept, self._kept_stale = ans, kept, stale
        lang = self.lang
        self.verdict.value = f'<div class="vl-workspace-restored">{verdict_html(ans, lang)}</div>'
        names = character_names(ans.deck, lang)
        self.bar_links.restore(kept.shown if kept is not None else (), ans.draft_name, stale)
        self.diff_chart.value = difference_svg(
            verdict_differences(ans),
            names,
            lang,
            VERDICT_WORDS,
            **self.bar_links.chart(names, lang),
        )
        self.table.value = before_after_html(ans, lang)
        self.fresh.value = mark
        # the game lengths as a static drawing (a bqplot figure drawn in a hidden tab, as
        # this one may be after a reload, has no width: the browser logs negative sizes)
        self.kept_lengths.value = (
            lengths_svg(kept.lengths, self._length_words())
            if kept is not None and kept.lengths is not None
            else ""
        )
        if self.lengths is None:
            self.plots.children = [self.kept_lengths]
        self.downloads.value = self._downloads_html(
            kept.csv if kept else "", kept.json if kept else "", ans.draft_name, stale
        )
        # its game feel, named and marked like the rest
        from verlies.ui.balance.balance_model import KeptFeel

        self.feel.show(KeptFeel(ans.feel) if ans.feel else None)
        if stale:
            feel_words = "⚠ " + self._t("verdict.stale", draft=ans.draft_name)
        else:
            feel_words = self._t("balview.feel.of", draft=ans.draft_name, base=self._base_name())
        self.feel.mark(feel_words, stale=stale)
        self._show_more(ans)
        self.show_found.value = ""
        self._draw_show()

    def _downloads_html(self, csv: str, js: str, draft: str, stale: bool) -> str:
        """The downloads (CSV, JSON) named by the draft they are of, marked when out of
        date; nothing when there is nothing to download."""
        from verlies.ui.core.share import download_link

        if not csv and not js:
            return ""
        stem = "balance-" + "".join(c if c.isalnum() else "-" for c in draft)[:40]
        links = []
        if csv:
            links.append(download_link(csv, f"{stem}.csv", self._t("sim.download_csv")))
        if js:
            links.append(download_link(js, f"{stem}.json", self._t("sim.download_json")))
        if stale:
            words = self._t("verdict.stale", draft=draft)
        else:
            words = self._t("verdict.belongs", draft=draft, base=self._base_name())
        cls = "vl-stale" if stale else "vl-fresh"
        return (
            f'<span class="vl-balance-files">{" · ".join(links)}</span> '
            f'<span class="{cls} vl-balance-files-of vl-small">{html.escape(words)}</span>'
        )

    def _base_name(self) -> str:
        decks = self.run.decks
        if decks is not None:
            return str(getattr(decks[0], "name", ""))
        if self._kept is not None:
            return str(self._kept.base)
        return str(getattr(self.get_base(), "name", ""))

    def draft_changed(self) -> None:
        """The draft (or the deck of new games) changed: every result shown says whether
        it is still of the draft being edited (the editor's ``on_draft_change``)."""
        self._show_fresh()
        marker = getattr(self.skill, "draft_changed", None)
        if callable(marker):
            marker()
        self.suggest.draft_changed()

    def is_fresh(self) -> bool:
        """The shown result is of the draft and the deck of new games as they are now."""
        decks = self.run.decks
        if decks is None:
            return True
        base, draft = decks
        now_base, now_draft = self.get_base(), self.get_draft()
        return (base is now_base or base == now_base) and (draft is now_draft or draft == now_draft)

    def _show_fresh(self) -> None:
        comp, decks = self.run.comparison, self.run.decks
        if comp is None or decks is None:
            self.fresh.value = ""
            return
        base, draft = (str(getattr(d, "name", "")) for d in decks)
        fresh = self.is_fresh()
        if fresh:
            words = self._t("verdict.belongs", draft=draft, base=base)
            self.fresh.value = f'<p class="vl-fresh">{html.escape(words)}</p>'
        else:
            words = self._t("verdict.stale", draft=draft)
            self.fresh.value = (
                f'<p class="vl-stale" role="status" style="color:#b3261e">'
                f"⚠ {html.escape(words)}</p>"
            )
        self._draw_downloads()  # the downloads say it too, as does the game feel
        feel = self._t("balview.feel.of", draft=draft, base=base)
        self.feel.mark(feel if fresh else f"⚠ {words}", stale=not fresh)

    def start(self) -> None:
        if self.run.running:
            return
        targets = self._parse_targets()
        if targets is None:
            self._show_fresh()
            return
        self._targets_used = targets
        self._answer = None
        self._kept = None
        self._settings = {
            "games": int(self.games.value),
            "players": int(self.players.value),
            "seed": int(self.seed.value),
            "watch": str(self.watch.value),
            "targets": str(self.targets.value or "")[:200],
        }
        self.more_button.layout.display = "none"
        games = int(self.games.value)
        if self.lengths is None:
            self._make_plots()
        assert self.lengths is not None
        self.plots.children = [self.lengths.widget]  # a kept result's drawing goes
        base, draft = self.get_base(), self.get_draft()
        self.bar.show(0, 2 * games, self._t("balance.progress_start", done=0, total=2 * games))
        self._running(True)
        self._set_status("sim.running", games=games)
        self.verdict.value = ""
        self.downloads.value = ""
        self.show_box.layout.display = "none"
        self.show_found.value = ""
        on_update, on_done = self._callbacks()
        self.bar_links.clear()
        self.run.start(
            base,
            draft,
            games=games,
            players=int(self.players.value),
            seed=int(self.seed.value),
            watch=watch_keys(str(self.watch.value), base),
            decide=self._stop_rule(targets) if self.watch.value == "verdict" else None,
            on_update=on_update,
            on_done=on_done,
        )

    @staticmethod
    def _stop_rule(targets: list[Any]) -> Callable[[Comparison], str]:
        from verlies.sim.verdict import stop_rule

        return stop_rule(targets[1:])  # [0]: the default band parse_targets puts first

    def _show_progress(self, run: BalanceRun) -> None:
        self.bar.show_run(run, rate_words(run, self.lang))

    def _progress(self, run: BalanceRun, force: bool = False) -> None:
        """A run's news: the games played, and the answer so far (throttled)."""
        self._show_progress(run)
        if self._due(force):
            self._draw(run)

    def _draw(self, run: BalanceRun, words_only: bool = False) -> None:
        """The answer, the chart, the game lengths and the tables of ``run``'s comparison,
        in the page's language (``words_only``: a language switch, the numbers as they
        were). Every number has one interval: the one the before/after verdict uses."""
        comp = run.comparison
        if comp is None or comp.games == 0:
            return
        from verlies.sim.verdict import before_after
        from verlies.ui.balance.chart import (
            VERDICT_WORDS,
            before_after_html,
            character_names,
            difference_svg,
            verdict_differences,
        )

        if not words_only or self._answer is None:
            self._answer = before_after(comp, self._targets_used[1:] or None)
        ba = self._answer
        names = character_names(comp.a.spec.deck, self.lang)
        self.diff_chart.value = difference_svg(
            verdict_differences(ba),
            names,
            self.lang,
            VERDICT_WORDS,
            **self.bar_links.chart(names, self.lang),
        )
        if self.lengths is not None and not words_only:
            self.lengths.update(comp.a, comp.b)
        self.table.value = before_after_html(ba, self.lang)
        self._show_fresh()
        if not run.running:
            self._show_verdict()
            self.feel.show(comp)

    def _show_verdict(self) -> None:
        from verlies.ui.balance.chart import verdict_html

        ba = self._answer
        if ba is None:
            return
        self.verdict.value = verdict_html(ba, self.lang)
        self._show_more(ba)

    def _show_more(self, ba: Any) -> None:
        """ "Play N more" when the answer is "can't tell yet" and names how many."""
        if ba.verdict == "cant_tell" and ba.more_games:
            from verlies.i18n.metrics import round_games
            from verlies.i18n.numbers import grouped

            more = round_games(int(ba.more_games))
            shown = grouped(more, self.lang)
            self.more_button.description = self._t("verdict.more", more=shown)
            self.more_button.layout.display = ""
        else:
            self.more_button.layout.display = "none"

    def _finished(self, run: BalanceRun) -> bool:
        """The run's end drawn: its answer, status line, "show me", downloads; a failure
        in words (no answer to keep)."""
        self._progress(run, force=True)
        if not RunPanel._finished(self, run):  # failed: its words as the status line
            return False
        comp = run.comparison
        if comp is None:
            return False
        key = "sim.cancelled" if comp.stopped == "cancelled" else "sim.done"
        self._set_status(key, games=comp.games, seconds=run.seconds)
        self._show_verdict()
        self.show_found.value = ""
        self._draw_show()
        self._look_for_bar_links(comp)
        self._draw_downloads()
        return True

    def _look_for_bar_links(self, comp: Comparison) -> None:
        """The chart's bars become "show me" links once found (feel4, show_model.BarLinks)."""
        from verlies.ui.balance.chart import verdict_differences

        if self._answer is None:
            return
        ids, draft = (
            verdict_differences(self._answer).ids,
            str(getattr(comp.b.spec.deck, "name", "")),
        )
        redraw = self._hand.wrap(lambda: self._draw(self.run, words_only=True))
        self.bar_links.look(comp.b.spec, ids, dict(comp.b.metrics.stalled), draft, redraw)

    def _draw_downloads(self) -> None:
        """The finished run's downloads, named by their draft and marked when out of date."""
        run = self.run
        if run.comparison is None or run.decks is None or run.running:
            return
        draft = str(getattr(run.decks[1], "name", ""))
        self.downloads.value = self._downloads_html(
            run.to_csv(), run.to_json(), draft, not self.is_fresh()
        )

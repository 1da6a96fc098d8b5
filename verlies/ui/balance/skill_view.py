"""The Balance tab's "balance across skill" section: thin widgets over
:class:`verlies.ui.balance.skill_model.SkillRun` and
:func:`verlies.ui.balance.skill_model.report_html`.

Settings (games per table, players, which tables, games at the search bot's tables), start
and cancel, a progress line, then the report of the deck being edited. Every word follows
:meth:`SkillPanel.set_lang`; the controls wrap and the tables turn into blocks below
600 px, so it reads at 390 px as at 1,280 px.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from verlies.ui.balance.skill_model import SETS, SkillRun, report_html, skill_report
from verlies.ui.core.theme import SKILL_CSS
from verlies.ui.runs.panel_view import PanelParts, RunPanel, belongs_html, rate_words

if TYPE_CHECKING:
    from verlies.setup import DeckLike

__all__ = ["CSS", "SkillPanel"]

CSS = SKILL_CSS  # the page's styles live in verlies.ui.core.theme


class SkillPanel(RunPanel):
    """Balance across skill for the deck ``get_deck`` gives (the editor's draft)."""

    def __init__(
        self,
        get_deck: Callable[[], DeckLike],
        lang: str = "en",
        executor: Callable[[], Any] | None = None,
    ) -> None:
        RunPanel.__init__(self)  # the run's life, status line, language, stale mark
        import ipywidgets as widgets

        self.get_deck = get_deck
        self.lang = lang
        self.run = SkillRun(executor)
        self._deck: DeckLike | None = None  # the draft the matrix belongs to
        self.games = widgets.BoundedIntText(value=2000, min=32, max=1_000_000, step=32)
        self.players = widgets.Dropdown(options=[2, 3, 4], value=4)
        self.tables = widgets.Dropdown(options=[(c, c) for c in SETS], value="quick")
        self.strong_games = widgets.BoundedIntText(value=32, min=0, max=100_000, step=32)
        self.start_button = widgets.Button(button_style="primary", icon="play")
        self.cancel_button = widgets.Button(icon="stop", disabled=True)
        self._wire(self.start_button, self.cancel_button, self.start)
        self.start_button.add_class("vl-skill-start")
        self.cancel_button.add_class("vl-skill-cancel")
        self.labels = [widgets.Label() for _ in range(4)]
        self.fields = []
        for label, w, cls in zip(
            self.labels,
            (self.games, self.players, self.tables, self.strong_games),
            ("vl-skill-games", "vl-skill-players", "vl-skill-tables", "vl-skill-strong"),
            strict=True,
        ):
            box = PanelParts.field("skill", label, w)
            box.add_class(cls)
            self.fields.append(box)
        self.tables.observe(lambda _c: self._show_strong(), names="value")
        parts = PanelParts.make("skill", self.fields, [self.start_button, self.cancel_button])
        self.heading, self.intro, self.bar = parts.heading, parts.intro, parts.bar
        self.status, self.result, self.downloads = parts.status, parts.result, parts.downloads
        self.widget = parts.widget("skill", CSS)
        self._show_strong()
        self.set_lang(lang)

    def _run_of(self) -> SkillRun:
        return self.run

    def _show_strong(self) -> None:
        self.fields[3].layout.display = None if self.tables.value == "all" else "none"

    def _say_words(self) -> None:
        self.heading.value = html.escape(self._t("skill.title"))
        self.intro.value = f"<p>{html.escape(self._t('skill.intro'))}</p>"
        for label, key in zip(
            self.labels,
            ("skill.games", "sim.players", "skill.tables", "skill.strong_games"),
            strict=True,
        ):
            label.value = self._t(key)
        chosen = self.tables.value
        self.tables.options = [(self._t(f"skill.tables.{c}"), c) for c in SETS]
        self.tables.value = chosen
        self.start_button.description = self._t("skill.start")
        self.cancel_button.description = self._t("sim.cancel")

    def _say_run_again(self) -> None:
        RunPanel._say_run_again(self)  # the status line, or the failure
        if self.run.running or self.run.status in ("done", "cancelled"):
            # a finished run's count stays shown: in the new language's words too
            self._show_progress(self.run)
        if not self.run.running:
            self._draw()

    def start(self) -> None:
        if self.run.running:
            return
        deck = self.get_deck()
        self._deck = deck  # the draft the matrix belongs to
        choice = str(self.tables.value)
        self.bar.show(0, 1, "")
        self._running(True)
        self.result.value, self.downloads.value = "", ""
        self._set_status("skill.running", games="…", tables=len(SETS[choice]))
        on_update, on_done = self._callbacks()
        self.run.start(
            deck,
            games=int(self.games.value),
            strong_games=int(self.strong_games.value),
            players=int(self.players.value),
            tables=choice,
            on_update=on_update,
            on_done=on_done,
        )

    def _progress(self, run: SkillRun) -> None:
        self._show_progress(run)

    def _show_progress(self, run: SkillRun) -> None:
        if run.total and self._status is not None and self._status[0] == "skill.running":
            tables = self._status[1].get("tables", 0)
            self._set_status("skill.running", games=run.total, tables=tables)
        self.bar.show_run(run, rate_words(run, self.lang))

    def _draw(self) -> None:
        m = self.run.matrix
        if m is None:
            return
        names = self.run.deck_names.get(self.lang, {})
        self.result.value = self._fresh_html() + report_html(skill_report(m, self.lang, names))
        from verlies.ui.core.share import download_link

        self.downloads.value = " · ".join(
            [
                download_link(self.run.to_csv(), "skill.csv", self._t("skill.download_csv")),
                download_link(self.run.to_json(), "skill.json", self._t("skill.download_json")),
            ]
        )

    def _fresh_html(self) -> str:
        """Which draft the matrix is of, or that it is out of date (the draft changed)."""
        if self._deck is None:
            return ""
        return belongs_html(self._deck, self.get_deck(), self.lang, "verdict.skill_belongs")

    def draft_changed(self) -> None:
        """The draft changed: the matrix shown says whether it is still of it."""
        if self.run.matrix is not None and not self.run.running:
            self._draw()

    def _finished(self, run: SkillRun) -> bool:
        self._show_progress(run)
        if not RunPanel._finished(self, run):  # failed: its words as the status line
            return False
        m = run.matrix
        if m is None:
            return False
        key = "skill.cancelled" if m.cancelled else "skill.done"
        self._set_status(key, games=m.info.games, tables=len(m.tables), seconds=run.seconds)
        self._draw()
        return True

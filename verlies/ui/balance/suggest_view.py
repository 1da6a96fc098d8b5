"""The Balance tab's "Suggest" section: thin widgets over
:class:`verlies.ui.balance.suggest_model.SuggestRun`.

Targets and what may move (text boxes, one a line), games per candidate, candidates and
seed; Suggest and Cancel; a progress line (candidates, then the check on fresh games); then
the answer: the draft it belongs to (marked out of date once the draft changed), the
headline and the verdicts counted (the table's numbers), the proposed changes in words,
each target's verdict with its interval, what the allowed moves cannot reach with "Run
again, also allowing …", and — only for a proposal verified nearer the targets — the patch
file as a download and "Make it the draft" (one undoable edit of the editor's draft). An
input error clears the answer it would replace. Every word follows
:meth:`SuggestPanel.set_lang`; the controls wrap and the table turns into blocks below
600 px.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from verlies.errors import VerliesError
from verlies.ui.balance.suggest_model import SuggestError, SuggestRun
from verlies.ui.core.said import error_words
from verlies.ui.core.theme import SUGGEST_CSS
from verlies.ui.runs.panel_view import PanelParts, RunPanel

if TYPE_CHECKING:
    from verlies.deck import Deck
    from verlies.sim.tune import TuneResult

__all__ = ["CSS", "SuggestPanel"]

CSS = SUGGEST_CSS  # the page's styles live in verlies.ui.core.theme

_COLUMNS = ("quantity", "band", "start", "proposal", "interval", "verdict")


class SuggestPanel(RunPanel):
    """ "Suggest" for the deck ``get_draft`` gives; ``set_draft`` makes a deck the draft
    (one undo step; None: the action is not offered)."""

    def __init__(
        self,
        get_draft: Callable[[], Deck],
        lang: str = "en",
        executor: Callable[[], Any] | None = None,
        set_draft: Callable[[Deck], None] | None = None,
    ) -> None:
        RunPanel.__init__(self)  # the run's life, status line, language, stale mark
        import ipywidgets as widgets

        self.get_draft, self.set_draft = get_draft, set_draft
        self.lang = lang
        self.run = SuggestRun(executor)
        # done_listeners (RunPanel's): told after a search ended with an answer and it was
        # drawn (the workspace keeps the answer).
        self.targets = widgets.Textarea(value=self.run.targets, rows=3)
        self.moves = widgets.Textarea(value=self.run.moves, rows=3)
        self.games = widgets.BoundedIntText(value=self.run.games, min=8, max=1_000_000, step=8)
        self.trials = widgets.BoundedIntText(value=self.run.trials, min=1, max=1000)
        self.seed = widgets.IntText(value=0)
        self.start_button = widgets.Button(button_style="primary", icon="magic")
        self.cancel_button = widgets.Button(icon="stop", disabled=True)
        self.apply_button = widgets.Button(icon="check")
        self.apply_button.layout.display = "none"
        # "Run again, also allowing …": the move the answer names for the outlier
        self.rerun_button = widgets.Button(icon="redo")
        self.rerun_button.layout.display = "none"
        self.rerun_button.on_click(lambda _b: self.rerun())
        self._rerun_move = ""
        self._wire(self.start_button, self.cancel_button, self.start)
        self.apply_button.on_click(lambda _b: self.apply())
        for w, cls in (
            (self.start_button, "vl-suggest-start"),
            (self.cancel_button, "vl-suggest-cancel"),
            (self.apply_button, "vl-suggest-apply"),
            (self.rerun_button, "vl-suggest-rerun"),
        ):
            w.add_class(cls)
        self.labels = [widgets.Label() for _ in range(5)]
        fields = []
        for label, w, cls in zip(
            self.labels,
            (self.targets, self.moves, self.games, self.trials, self.seed),
            ("targets", "moves", "games", "trials", "seed"),
            strict=True,
        ):
            box = PanelParts.field("suggest", label, w)
            box.add_class(f"vl-suggest-{cls}")
            fields.append(box)
        parts = PanelParts.make("suggest", fields, [self.start_button, self.cancel_button])
        self.heading, self.intro, self.bar = parts.heading, parts.intro, parts.bar
        self.status, self.result, self.downloads = parts.status, parts.result, parts.downloads
        self.apply_status = widgets.HTML()
        self.apply_status.add_class("vl-suggest-applied")
        after = widgets.HBox([self.rerun_button, self.apply_button])
        after.add_class("vl-panel-buttons")
        after.add_class("vl-suggest-buttons")
        #: What "Make it the draft" said, as words of a language (said again on a switch).
        self._applied: Callable[[str], str] | None = None
        self.widget = parts.widget("suggest", CSS, after, self.apply_status)
        self.set_lang(lang)

    def _run_of(self) -> SuggestRun:
        return self.run

    def _say_words(self) -> None:
        self.heading.value = html.escape(self._t("suggest.title"))
        self.intro.value = f"<p>{html.escape(self._t('suggest.intro'))}</p>"
        for label, key in zip(
            self.labels, ("targets", "moves", "games", "trials", "seed"), strict=True
        ):
            label.value = self._t(f"suggest.field.{key}")
        self.start_button.description = self._t("suggest.start")
        self.cancel_button.description = self._t("suggest.cancel")
        self.apply_button.description = self._t("suggest.apply")
        if self._rerun_move:
            self.rerun_button.description = self._t("suggest.rerun", move=self._rerun_move)

    def _say_run_again(self) -> None:
        """RunPanel's (the status line, a refused setting or the failure), then what
        "Make it the draft" said, the search's progress and its answer."""
        RunPanel._say_run_again(self)
        if self._applied is not None:
            self.apply_status.value = html.escape(self._applied(self.lang))
        self._show_progress(self.run)
        if not self.run.running:
            self._draw()

    # ---- actions -----------------------------------------------------------------------------

    def start(self) -> None:
        if self.run.running:
            return
        run = self.run
        run.targets, run.moves = str(self.targets.value), str(self.moves.value)
        run.games, run.trials = int(self.games.value), int(self.trials.value)
        run.seed = int(self.seed.value)
        self.apply_status.value, self._applied = "", None
        on_update, on_done = self._callbacks()
        try:
            run.start(
                self.get_draft(),
                on_update=on_update,
                on_done=on_done,
                on_start=self._hand.wrap(self._started),
            )
        except SuggestError as e:
            # nothing started; said in red (again in a new language until a search says
            # its own status), and the answer it would replace goes
            self._say_refused(e.text_in)
            self._clear()

    def _clear(self) -> None:
        """No answer shown (an input error, or a new search begins)."""
        self.result.value, self.downloads.value = "", ""
        self.apply_button.layout.display = "none"
        self.rerun_button.layout.display = "none"
        self._rerun_move = ""

    def rerun(self) -> None:
        """Search again with the move the answer named added to what may move."""
        if not self._rerun_move or self.run.running:
            return
        self.run.allow(self._rerun_move)
        self.moves.value = self.run.moves
        self.start()

    def draft_changed(self) -> None:
        """The editor's draft changed: the answer shown is marked out of date (call from
        the page's draft-change hook; a redraw checks it too)."""
        if not self.run.running:
            self._draw()

    def _started(self, run: SuggestRun) -> None:
        """The settings are good and the search begins (before its first update)."""
        self._clear()
        self.bar.show(0, run.trials)
        self._running(True)
        self._set_status("suggest.running")
        self._show_progress(run)
        if run.phase == "done":  # it ended (e.g. refused) before the lines above: its end wins
            self._done(run)

    def apply(self) -> None:
        """Make the proposal the editor's draft (one undo step there)."""
        if self.set_draft is None or self.run.result is None:
            return
        try:
            deck = self.run.applied_to(self.get_draft())
            self.set_draft(deck)
        except VerliesError as e:
            said = error_words(e)  # the error's words in the page's language, when said
            self._applied = lambda lang: self.WORDS("suggest.apply_failed", lang, msg=said(lang))
        else:
            self._applied = functools.partial(self.WORDS, "suggest.applied")
        self.apply_status.value = html.escape(self._applied(self.lang))

    # ---- drawing -----------------------------------------------------------------------------

    def _progress(self, run: SuggestRun) -> None:
        self._show_progress(run)

    def _show_progress(self, run: SuggestRun) -> None:
        if run.phase not in ("search", "verify"):
            return
        key = "suggest.progress_search" if run.phase == "search" else "suggest.progress_verify"
        self.bar.show_run(run, self._t(key, done=run.done, total=run.total))

    def _draw(self) -> None:
        """The answer in the page's language (nothing before the first one): the draft it
        belongs to (out of date once the draft changed), the headline and the verdicts
        counted, the changes, the table of the check on fresh games, what the allowed
        moves cannot reach. Headline and table come from the same verification."""
        r = self.run.result
        if r is None:
            return
        esc = html.escape
        stale = self.run.stale(self.get_draft())
        name = self.run.draft_name or "–"
        parts = [f'<p class="vl-suggest-for">{esc(self._t("suggest.for_draft", name=name))}']
        if stale:
            parts.append(f' <b class="vl-suggest-stale">{esc(self._t("suggest.stale"))}</b>')
        parts.append("</p>")
        head = self.run.headline(self.lang)
        parts.append(f'<p class="vl-suggest-headline"><b>{esc(head[0])}</b></p>')
        if len(head) > 1:
            parts.append(f'<p class="vl-suggest-tally">{esc(head[1])}</p>')
        parts += self._edits_html(r)
        parts += self._table_html(r)
        hints = self.run.hints(self.lang)
        if hints:
            title = esc(self._t("suggest.hints_title"))
            items = "".join(f'<li class="vl-suggest-hint">{esc(w)}</li>' for _m, w in hints)
            parts.append(f'<div class="vl-suggest-title">{title}</div>')
            parts.append(f'<ul class="vl-suggest-hints">{items}</ul>')
        self.result.value = "".join(parts)
        from verlies.ui.core.share import download_link

        offered = self.run.offered
        self.downloads.value = (
            download_link(self.run.patch_text(), "proposal.toml", self._t("suggest.download"))
            if offered
            else ""
        )
        show = offered and self.set_draft is not None
        self.apply_button.layout.display = None if show else "none"
        self._rerun_move = hints[0][0] if hints else ""
        if self._rerun_move:
            self.rerun_button.description = self._t("suggest.rerun", move=self._rerun_move)
        self.rerun_button.layout.display = None if self._rerun_move else "none"

    def _edits_html(self, r: Any) -> list[str]:
        """The proposed changes (and those pruned), with why the search ran."""
        esc = html.escape
        if not r.edits:
            return []
        parts = []
        sc = r.search.get("start_check", {})
        if sc.get("illegal"):
            names = ", ".join(r.start.characters[c].name.get(self.lang) for c in sc["illegal"])
            note = self._t("tune.start_illegal", characters=names)
            parts.append(f'<p class="vl-suggest-note">{esc(note)}</p>')
        elif sc.get("fresh_missed"):
            parts.append(f"<p>{esc(self._t('suggest.start_fresh_missed'))}</p>")
        elif sc.get("fresh_off"):
            parts.append(f"<p>{esc(self._t('tune.start_fresh_off'))}</p>")
        items = "".join(
            f'<li class="vl-suggest-edit">{esc(w)}</li>' for w in self.run.edit_words(self.lang)
        )
        title = "suggest.edits_title"
        parts.append(f'<div class="vl-suggest-title">{esc(self._t(title))}</div>')
        parts.append(f'<ul class="vl-suggest-edits">{items}</ul>')
        pruned = r.search.get("pruned") or []
        if pruned:
            said = self._t("suggest.pruned", n=len(pruned), found=r.search["found_edits"])
            parts.append(f'<p class="vl-suggest-pruned">{esc(said)}</p>')
        return parts

    def _table_html(self, r: Any) -> list[str]:
        """Each target's verdict on the fresh games, with its interval."""
        esc = html.escape
        v = r.verification
        rows = self.run.verdicts(self.lang)
        if v is None or not rows:
            return []
        from verlies.i18n.numbers import signed

        level = signed(100 * v["level"], self.lang, digits=1, sign=False) + " %"
        alpha = signed(100 * v.get("alpha", 0.05), self.lang, digits=0, sign=False) + " %"
        title = self._t("suggest.verdicts_title", games=v["games"], level=level, alpha=alpha)
        parts = [f'<div class="vl-suggest-title">{esc(title)}</div>']
        cols = [self._t(f"suggest.col.{c}") for c in _COLUMNS]
        head = "".join(f"<th>{esc(c)}</th>" for c in cols)
        body = []
        for row in rows:
            cells = (
                row.name,
                row.band,
                row.start,
                row.value,
                f"{row.low} – {row.high}",
                row.verdict_words,
            )
            tds = "".join(
                f'<td data-col="{esc(col)}" class="vl-suggest-{c}'
                + (f" vl-suggest-verdict-{row.verdict}" if c == "verdict" else "")
                + f'">{esc(cell)}</td>'
                for c, col, cell in zip(_COLUMNS, cols, cells, strict=True)
            )
            body.append(f'<tr data-key="{esc(row.key)}">{tds}</tr>')
        parts.append(
            '<div class="vl-suggest-table vl-panel-table">'
            f"<table><tr>{head}</tr>{''.join(body)}</table></div>"
        )
        note = self._t("tune.distance_note")
        parts.append(f'<p class="vl-suggest-distance-note">{esc(note)}</p>')
        return parts

    def _finished(self, run: SuggestRun) -> bool:
        """The search's end: its failure (RunPanel's), or its status line and answer
        (then the done listeners hear of it)."""
        self.bar.hide()
        if not RunPanel._finished(self, run) or run.result is None:
            return False
        if run.cancelled and run.result.verification is None:
            self._set_status("suggest.cancelled")
        else:
            self._set_status("suggest.done", seconds=run.seconds)
        self._draw()
        return True

    def show_kept(self, result: TuneResult, targets: str, moves: str) -> None:
        """An answer given back (the workspace, after a reload): drawn as a search's
        answer, with the targets and moves it was searched with, its draft named and marked
        out of date when the draft differs. Nothing while a search runs."""
        if self.run.running:
            return
        self.run.result = result
        self.run.targets, self.run.moves = targets, moves
        self.targets.value, self.moves.value = targets, moves
        self._draw()

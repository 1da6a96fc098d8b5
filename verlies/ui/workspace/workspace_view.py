"""The workspace on the play page: a line under the autosave's (saved at …, the link to
this work, or what came back and whether each result is still of the draft), and the
wiring that tells :class:`~verlies.ui.workspace.model.WorkspaceModel` what changed and
gives the page its work back.

Drawing and wiring only. The page (``ui/app.py``) makes one :class:`WorkspaceBar` and
calls :meth:`WorkspaceBar.editor_built` and :meth:`WorkspaceBar.balance_built` when it
builds those tabs; the browser's hello (the autosave's hidden ``.vl-client`` field, filled
by the page's script) finds the work again.
"""

from __future__ import annotations

import html
import threading
import time
from typing import TYPE_CHECKING, Any, Protocol

import ipywidgets as widgets

from verlies.deck import Deck
from verlies.i18n import text as t
from verlies.ui.play.app_model import Change, Changed, Source
from verlies.ui.workspace.draft_kept import KeptEdits, RefusedKept
from verlies.ui.workspace.impact_kept import restore_column, with_partial
from verlies.ui.workspace.model import (
    KINDS,
    Restored,
    StoredResult,
    WorkspaceModel,
    balance_answer,
    balance_data,
    impact_data,
    impact_figures,
    kept_run,
    skill_data,
    skill_reports,
    suggest_data,
    suggest_result,
)
from verlies.ui.workspace.sweep_kept import sweep_data, sweep_figures

if TYPE_CHECKING:
    from verlies.store.workspace import WorkspaceStore
    from verlies.ui.balance.balance_view import BalanceTab
    from verlies.ui.deck.editor_view import DeckEditor
    from verlies.ui.play.app_model import AppModel
    from verlies.ui.play.autosave_view import AutosaveBar

esc = html.escape


class Page(Protocol):
    """What the workspace needs of the play page (``ui/app.py``'s PlayApp): its model, its
    autosave bar (the browser's hello arrives there), its tabs, and the Deck and Balance
    tabs (built on first use when asked for)."""

    model: AppModel
    autosave: AutosaveBar
    tabs: Any

    @property
    def editor(self) -> DeckEditor: ...

    @property
    def balance(self) -> BalanceTab: ...


class WorkspaceBar:
    """The workspace of ``page`` (``enabled=False``: nothing is kept or shown)."""

    def __init__(self, page: Page, enabled: bool = True) -> None:
        self.page = page
        self.model = WorkspaceModel(self._open_store)
        self.model.enabled = enabled
        self._line: Any = None  # made when there is first something to say
        self._timer: threading.Timer | None = None
        self._timer_lock = threading.Lock()
        # The line is drawn from the kernel's thread and the write timer's: one at a time,
        # and a sweep's points noted under it too, so no line shows the points of one
        # moment beside the "nothing pending" of an earlier one (the tests kill then).
        self._line_lock = threading.RLock()
        self._restoring = False
        #: A kept sweep waiting for the Deck tab to be shown.
        self._sweep_back: StoredResult | None = None
        self._sweep_kept_points = -1  # a sweep under way: its points kept so far
        #: Card texts the deck refused, kept beside the draft (written at once).
        self.refused = RefusedKept(self.model)
        if not enabled:
            return
        page.autosave.client.observe(self._hello, "value")
        page.tabs.observe(self._tab, "selected_index")
        page.model.subscribe(self._app_changed)

    @property
    def line(self) -> Any:
        """The workspace's line, under the autosave's (in its box): made on first use, so
        a page with no work to keep or give back has no widget more."""
        if self._line is None:
            self._line = widgets.HTML()
            self._line.add_class("vl-workspace-box")
            box = self.page.autosave.widget
            box.children = [*box.children, self._line]
        return self._line

    def _open_store(self) -> WorkspaceStore:
        from verlies.store.workspace import WorkspaceStore

        return WorkspaceStore(self.page.model.autosave.store)

    # ---- the page's tabs, built on first use -----------------------------------------------

    def editor_built(self, editor: DeckEditor) -> None:
        """The Deck tab exists: its draft, selected card and impact figures are kept."""
        if not self.model.enabled:
            return
        editor.on_draft_change(self._draft)
        editor.card_list.observe(self._card, "value")
        editor.impact.done_listeners.append(self._impact_done)
        editor.impact.kept_listeners.append(self._impact_done)  # a run in the middle too
        editor.drafts.done_listeners.append(self._compare_done)
        editor.sweep.done_listeners.append(self._sweep_done)
        editor.sweep.update_listeners.append(self._sweep_going)
        editor.on_refused_change(self._refused_changed)
        editor.on_draft_change(lambda _d: self._redraw_compare())

    def balance_built(self, tab: BalanceTab) -> None:
        """The Balance tab exists: its before/after answer is kept."""
        if not self.model.enabled:
            return
        tab.done_listeners.append(self._balance_done)
        tab.skill.done_listeners.append(self._skill_done)
        tab.suggest.done_listeners.append(self._suggest_done)
        # after the tab's own listener (which blanks its mark when it shows no run)
        self.page.editor.on_draft_change(lambda _d: self._redraw_balance())

    # ---- what changed ----------------------------------------------------------------------

    def _draft(self, draft: Deck) -> None:
        if not self._restoring and self.model.note_draft(draft):
            self._schedule()
        self.draw()  # restored results say again whether they are still of the draft

    def _refused_changed(self, refused: list[tuple[str, str, str]]) -> None:
        if not self._restoring:
            self.refused.note(refused, self.page.editor.refused_values())
            self.draw()  # data-refused: the texts and values are in the store

    def _card(self, change: dict[str, Any]) -> None:
        key = change["new"]
        card = list(key) if isinstance(key, tuple) else None
        if not self._restoring and self.model.note_place(card=card):
            self._schedule()
            self.draw()  # data-pending: a write is on its way

    def _tab(self, change: dict[str, Any]) -> None:
        if self._sweep_back is not None and not self._restoring:
            self._sweep_if_shown()
        if change["new"] is not None and not self._restoring:
            if self.model.note_place(tab=int(change["new"])):
                self._schedule()
                self.draw()

    def _impact_done(self) -> None:
        col = self.page.editor.impact.column
        if col.deck is None or not col.figures:
            return
        if col.status != "done" and not col.can_continue and not (col.running and col.settings):
            return  # a run in the middle is kept only when it can go on
        if self.model.note_result("impact", col.deck, with_partial(impact_data(col), col)):
            self._schedule()
        self.draw()

    def _sweep_done(self) -> None:
        run = self.page.editor.sweep.run
        if run.deck is None or run.tweak is None or run.status not in ("done", "cancelled"):
            return
        if run.result is None or not run.values:
            return
        self._sweep_kept_points = -1
        quantity = str(self.page.editor.sweep.quantity.value or "") or None
        if self.model.note_result("sweep", run.deck, sweep_data(run, quantity)):
            self._schedule()
        self.draw()

    def _sweep_going(self) -> None:
        """A sweep under way: its finished points kept as they come (a reload or a dead
        kernel gives them back, "interrupted", with Continue); written when a point more
        has all its games, at most once a :data:`GAP`."""
        run = self.page.editor.sweep.run
        if run.deck is None or run.tweak is None or not run.running:
            return
        have = len(run.complete())
        if have == self._sweep_kept_points:
            return
        with self._line_lock:
            self._sweep_kept_points = have
            noted = self.model.note_result("sweep", run.deck, sweep_data(run, None))
        if noted:
            self._schedule()
        self.draw()  # data-pending: a write is on its way

    def _balance_done(self) -> None:
        tab = self.page.balance
        ans, decks = tab._answer, tab.run.decks
        if ans is None or decks is None or tab.run.status != "done":
            return
        draft = decks[1]
        if not isinstance(draft, Deck):  # the editor's draft is a Deck
            return
        if self.model.note_result("balance", draft, balance_data(ans, tab.kept())):
            self._schedule()
        self.draw()

    def _compare_done(self) -> None:
        from verlies.sim.verdict import before_after

        model = self.page.editor.drafts.model
        run = model.run
        if run.comparison is None or run.status != "done" or run.decks is None:
            return
        current = getattr(model, "_current", None)  # the working draft, if it was a side
        deck = current if current is not None else run.decks[1]
        if not isinstance(deck, Deck):
            return
        data = balance_data(before_after(run.comparison))
        if self.model.note_result("compare", deck, data, of_draft=current is not None):
            self._schedule()
        self.draw()

    def _redraw_compare(self) -> None:
        """The kept comparison drawn in the Deck tab's drafts panel (its sentence, its win
        rates, its mark), unless the panel shows a comparison of its own."""
        res = self._restored("compare")
        if res is None:
            return
        panel = self.page.editor.drafts
        if panel.model.run.comparison is not None or panel.model.comparing:
            return
        lang = self.page.model.lang
        ans = balance_answer(res.data, res.deck)
        from verlies.ui.balance.chart import before_after_html

        lines = [esc(ans.sentence(lang)), esc(ans.win_line(lang))]
        panel.verdict.value = (
            "".join(f"<p>{x}</p>" for x in lines)
            + self._mark("compare", res, lang)
            + before_after_html(ans, lang)  # the answer's tables, as the run showed them
        )

    def _skill_done(self) -> None:
        panel = self.page.balance.skill
        m, deck = panel.run.matrix, getattr(panel, "_deck", None)
        if m is None or m.cancelled or panel.run.status != "done" or not isinstance(deck, Deck):
            return
        if self.model.note_result("skill", deck, skill_data(m, panel.run.deck_names)):
            self._schedule()
        self.draw()

    def _suggest_done(self) -> None:
        panel = self.page.balance.suggest
        r = panel.run.result
        if r is None or panel.run.status != "done" or not isinstance(r.start, Deck):
            return
        data = suggest_data(r, panel.run.targets, panel.run.moves)
        if self.model.note_result("suggest", r.start, data):
            self._schedule()
        self.draw()

    def _redraw_suggest(self) -> None:
        """The kept Suggest answer drawn in its panel (its draft named, marked out of date
        when the draft differs), unless the panel shows a search of its own."""
        res = self._restored("suggest")
        if res is None:
            return
        panel = self.page.balance.suggest
        if panel.run.running or panel.run.result is not None:
            return
        result, targets, moves = suggest_result(res.data, res.deck)
        panel.show_kept(result, targets, moves)

    def _app_changed(self, change: Changed) -> None:
        if change.what is Change.LANG:
            self._redraw_balance()
            if self._restored("compare") is not None:
                self._redraw_compare()
            self.draw()
        elif change.what is Change.ADOPTED and change.source is Source.TABLE:
            if not getattr(self.page.model.session, "sees_all", True):
                self.model.seat()  # a seat's page: no workspace, nothing shown
                self.draw()

    # ---- writing ---------------------------------------------------------------------------

    def _schedule(self) -> None:
        """Write once the bound allows (see the model): one timer at a time."""
        with self._timer_lock:
            if self._timer is not None:
                return
            delay = max(0.2, self.model.delay())
            self._timer = threading.Timer(delay, self._write)
            self._timer.daemon = True
            self._timer.start()

    def flush_now(self) -> bool:
        """Write what changed now if the bound allows (the timer does this on its own),
        and draw the line; True if written."""
        written = self.model.flush()
        self.draw()
        return written

    def _write(self) -> None:
        with self._timer_lock:
            self._timer = None
        self.model.flush()
        if self.model.dirty:  # changed while writing, or too soon: once more
            self._schedule()
        self.draw()

    # ---- the work given back --------------------------------------------------------------

    def _hello(self, change: dict[str, Any]) -> None:
        restored = self.model.hello(str(change["new"]))
        if restored is not None:
            self._restoring = True
            kept = KeptEdits([], [])
            try:
                self._give_back(restored)
                kept = self.refused.give_back(restored.wid)
                if kept.texts or kept.values:
                    self.page.editor.keep_refused(kept.texts, kept.values)
            finally:
                self._restoring = False
            if (kept.texts or kept.values) and self.model.wid != restored.wid:
                editor = self.page.editor  # a link's: this page's own copy
                self.refused.note(editor.refused_texts(), editor.refused_values())
            if kept.texts or kept.values:
                # the card a refused edit opened is the page's place from now on (the
                # place stored may predate it: refused edits are written at once, the
                # place by the timer, which a page that died never ran)
                card = self.page.editor.selected
                if card is not None and self.model.note_place(card=list(card)):
                    self._schedule()
        self.draw()

    def _give_back(self, back: Restored) -> None:
        """The draft, the results and the place of ``back`` shown again."""
        page = self.page
        deck_tab = ("impact", "compare", "sweep")
        if (
            back.draft is not None
            or any(k in back.results for k in deck_tab)
            or "card" in back.place
        ):
            editor = page.editor
            if back.draft is not None and not (editor.draft == back.draft):
                editor.open_draft(back.draft)
            impact = back.results.get("impact")
            if impact is not None:
                self._show_impact(editor, impact.deck, impact.data)
            if "compare" in back.results:
                self._redraw_compare()
            sweep = back.results.get("sweep")
            if sweep is not None:
                # drawn when the Deck tab is shown: a bqplot figure made in a hidden tab
                # has no size (the browser logs negative widths)
                self._sweep_back = sweep
            card = back.place.get("card")
            if card is not None:
                try:
                    editor.select(*card)
                except (KeyError, ValueError):
                    pass  # the card is not in the draft any more: the list's first stays
        if "balance" in back.results or "skill" in back.results:
            self._redraw_balance()
        if "suggest" in back.results:
            self._redraw_suggest()
        tab = back.place.get("tab")
        if isinstance(tab, int) and 0 <= tab < len(page.tabs.children):
            page.tabs.selected_index = tab
        self._sweep_if_shown()

    def _sweep_if_shown(self) -> None:
        """The kept sweep drawn in the Deck tab's panel once that tab is shown."""
        res = self._sweep_back
        if res is None:
            return
        editor = self.page.editor  # built when the sweep came back
        shown = self.page.tabs.selected_index
        children = self.page.tabs.children
        if shown is None or not 0 <= shown < len(children):
            return
        if editor.widget not in getattr(children[shown], "children", ()):
            return
        self._sweep_back = None
        if self.model.results.get("sweep") is not res:
            return  # a sweep of this page replaced it
        editor.sweep.restore_figures(res.deck, sweep_figures(res.data, res.deck))

    def _show_impact(self, editor: DeckEditor, deck: Deck, data: Any) -> None:
        col = editor.impact.column
        if col.running:
            return
        restore_column(
            col, deck, impact_figures(data), data
        )  # a run in the middle: Continue goes on with it
        editor.impact.sort.value = col.sort
        editor.impact.method.value = col.method
        editor.impact.show_progress()
        editor.impact.on_figures()

    def _restored(self, kind: str) -> Any:
        """The result of ``kind`` that came back from the store and is still kept (a run
        of this page replaces it: its tab then draws its own)."""
        res = self.model.results.get(kind)
        back = self.model.restored
        if res is None or back is None or back.results.get(kind) is not res:
            return None
        return res

    def _mark(self, kind: str, res: Any, lang: str) -> str:
        """Which draft a restored result belongs to, and whether it is out of date."""
        stale = self.model.stale(kind)
        words = t(f"workspace.item.{kind}", lang, draft=res.draft, time=self._time(res.at))
        state = t("workspace.stale" if stale else "workspace.fresh", lang)
        cls = "vl-stale" if stale else "vl-fresh"
        return f'<p class="{cls} vl-workspace-mark">{esc(words)} — {esc(state)}</p>'

    def _redraw_skill(self) -> None:
        res = self._restored("skill")
        if res is None:
            return
        panel = self.page.balance.skill
        if panel.run.matrix is not None or panel.run.running:
            return
        from verlies.ui.balance.skill_model import report_html

        lang = self.page.model.lang
        report = skill_reports(res.data)[lang if lang in ("de", "en") else "en"]
        panel.result.value = self._mark("skill", res, lang) + report_html(report)

    def _redraw_balance(self) -> None:
        """The kept Balance answer and skill matrix drawn in the Balance tab (in the page's
        language), unless the tab shows a run of its own."""
        if self._restored("skill") is not None:
            self._redraw_skill()
        res = self._restored("balance")
        if res is None:
            return  # none, or a result of this page: the tab drew it itself
        tab = self.page.balance
        if tab.run.comparison is not None or tab.run.running:
            return
        lang = self.page.model.lang
        ans = balance_answer(res.data, res.deck)
        stale = bool(self.model.stale("balance"))
        tab.show_kept(ans, kept_run(res.data), self._mark("balance", res, lang), stale)

    # ---- drawing ---------------------------------------------------------------------------

    def _time(self, at: float) -> str:
        tz = self.page.model.autosave.tz_minutes
        return time.strftime("%H:%M", time.gmtime(at + 60 * tz))

    def _restored_html(self, lang: str) -> str:
        """What came back after a reload: the draft and each result still shown (its draft,
        and whether it is out of date), and what was left out; "" when nothing came."""
        m = self.model
        back = m.restored
        if back is None:
            return ""
        items = []
        if back.draft is not None:
            items.append(
                f'<li class="vl-workspace-item" data-kind="draft">'
                f"{esc(t('workspace.item.draft', lang, draft=back.draft.name))}</li>"
            )
        for kind in KINDS:
            res = back.results.get(kind)
            if res is None or m.results.get(kind) is not res:
                continue  # a new run replaced it: the tab says its own
            stale = m.stale(kind)
            state = t("workspace.stale" if stale else "workspace.fresh", lang)
            words = t(f"workspace.item.{kind}", lang, draft=res.draft, time=self._time(res.at))
            items.append(
                f'<li class="vl-workspace-item" data-kind="{kind}" '
                f'data-stale="{int(bool(stale))}">{esc(words)} — {esc(state)}</li>'
            )
        for kind, err in back.dropped:
            words = t("workspace.dropped", lang, what=kind, msg=err.text_in(lang))
            items.append(f'<li class="vl-workspace-dropped vl-error">{esc(words)}</li>')
        if not items:
            return ""
        head = esc(t("workspace.back", lang, time=self._time(back.updated)))
        return (
            f'<div class="vl-workspace-back" data-wid="{esc(back.wid)}">{head}'
            f"<ul>{''.join(items)}</ul></div>"
        )

    def draw(self) -> None:
        """The workspace line, in the page's language: what came back (each result's
        draft, and whether it is out of date), then saved at … with the link, or why not."""
        with self._line_lock:
            self._draw()

    def _draw(self) -> None:
        if not self.model.enabled:
            if self._line is not None:
                self._line.value = ""
            return
        lang = self.page.model.lang
        m = self.model
        parts: list[str] = []
        if m.load_error is not None:
            msg = m.load_error.text_in(lang)
            bad = esc(t("workspace.bad", lang, msg=msg))
            parts.append(f'<span class="vl-error vl-workspace-bad">{bad}</span>')
        back = self._restored_html(lang)
        if back:
            parts.append(back)
        if m.error is not None:
            failed = t("workspace.failed", lang, msg=m.error.text_in(lang))
            parts.append(f'<span class="vl-error vl-workspace-failed">{esc(failed)}</span>')
        elif m.saved_at is not None and m.wid is not None:
            saved = esc(t("workspace.saved", lang, time=self._time(m.saved_at)))
            words = esc(t("workspace.link", lang))
            link = f'<a class="vl-workspace-link" href="?ws={esc(m.wid)}">{words}</a>'
            parts.append(
                f'<span class="vl-workspace-saved" data-wid="{esc(m.wid)}">{saved} · {link}</span>'
            )
        # data-pending: a change not yet in the store (the tests wait for it to clear);
        # data-drafts: the drafts written at once (each edit is in the store when it grows);
        # data-kept: the results the last whole write holds; data-refused: the writes of
        # the texts and form values the deck refused (written at once, as the drafts),
        # -last: the newest text's length, -values: the form values kept;
        # data-sweep-points: the finished points of a sweep under way noted (in the store
        # when data-pending is 0)
        pending = int(m.dirty)
        if not parts and self._line is None:
            return  # nothing to say yet: no widget made for it
        self.line.value = (
            f'<div class="vl-workspace vl-small" data-pending="{pending}" '
            f'data-drafts="{m.draft_writes}" data-kept="{" ".join(m.kept)}" '
            f'data-refused="{self.refused.writes}" data-refused-last="{self.refused.last_length}" '
            f'data-refused-values="{self.refused.values}" '
            f'data-sweep-points="{self._sweep_kept_points}">'
            f"{''.join(parts)}</div>"
            if parts
            else ""
        )


__all__ = ["WorkspaceBar"]

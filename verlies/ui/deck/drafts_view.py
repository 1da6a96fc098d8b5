"""The Deck tab's "Named drafts" panel: the widgets over a
:class:`~verlies.ui.deck.drafts_model.DraftsModel` (issue 22 item 2).

Save the editor's draft under a name; pick a saved draft to open it as the draft (an undo
step of the editor) or delete it; compare any two decks (the draft being edited, a saved
draft, a shipped edition) on the same seeds, ending in the lab's verdict sentence.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from verlies.deck import Deck
from verlies.store.drafts import DraftStore
from verlies.ui.balance.balance_model import BalanceRun
from verlies.ui.core.theme import DRAFTS_CSS
from verlies.ui.deck.drafts_model import CURRENT, DRAFTS, DraftsModel
from verlies.ui.runs.panel_view import RunPanel

__all__ = ["CSS", "DraftsPanel"]

CSS = DRAFTS_CSS  # the page's styles live in verlies.ui.core.theme


def _field(label: widgets.Label, w: widgets.Widget, cls: str) -> widgets.VBox:
    box = widgets.VBox([label, w])
    box.add_class("vl-drafts-field")
    box.add_class(cls)
    return box


class DraftsPanel(RunPanel):
    """``get_draft()`` is the editor's draft; ``open_draft(deck)`` makes a deck the
    editor's draft; ``opener()`` gives the draft store and the browser's id."""

    WORDS = DRAFTS

    def __init__(
        self,
        get_draft: Callable[[], Deck],
        open_draft: Callable[[Deck], None],
        opener: Callable[[], tuple[DraftStore, str]],
        lang: str = "de",
    ) -> None:
        RunPanel.__init__(self)  # the run's life, the language switch
        self.get_draft, self.open_draft = get_draft, open_draft
        self.model = DraftsModel(opener, lang)
        self.lang = lang
        self.title = widgets.HTML()
        self.status = widgets.HTML()
        self.status.add_class("vl-drafts-status")
        self.labels = [widgets.Label() for _ in range(6)]
        row1, row2 = self._build_saved()
        self.compare_title = widgets.HTML()
        row3 = self._build_compare()
        for r in (row1, row2, row3):
            r.add_class("vl-drafts-row")
        self.widget = widgets.VBox(
            [widgets.HTML(CSS), self.title, row1, row2, self.status, self.compare_title, row3]
            + [self.verdict]
        )
        self.widget.add_class("vl-drafts")
        self._listed = False
        self.set_lang(lang)

    def _build_saved(self) -> tuple[widgets.Box, widgets.Box]:
        """Save under a name; a saved draft to open or delete (two rows)."""
        W = widgets
        self.name = W.Text()
        self.save_button = W.Button(icon="save")
        self.save_button.on_click(lambda _b: self.save())
        self.saved = W.Dropdown(options=[])
        self.open_button = W.Button(icon="folder-open")
        self.delete_button = W.Button(icon="trash")
        self.open_button.on_click(lambda _b: self.open())
        self.delete_button.on_click(lambda _b: self.delete())
        for cls, w in (
            ("save", self.save_button),
            ("open", self.open_button),
            ("delete", self.delete_button),
        ):
            w.add_class(f"vl-drafts-{cls}")
        row1 = W.Box([_field(self.labels[0], self.name, "vl-drafts-name"), self.save_button])
        row2 = W.Box(
            [
                _field(self.labels[1], self.saved, "vl-drafts-saved"),
                self.open_button,
                self.delete_button,
            ]
        )
        return row1, row2

    def _build_compare(self) -> widgets.Box:
        """Two decks compared on the same seeds: which (a, b), how many games, Compare and
        Cancel (the run's, :meth:`RunPanel._wire`), then its verdict below."""
        W = widgets
        self.a = W.Dropdown(options=[])
        self.b = W.Dropdown(options=[])
        self.games = W.BoundedIntText(value=200, min=8, max=1_000_000, step=8)
        self.compare_button = W.Button(button_style="primary", icon="balance-scale")
        self.cancel_button = W.Button(icon="stop", disabled=True)
        self._wire(self.compare_button, self.cancel_button, self.compare)
        self.verdict = W.HTML()
        self.verdict.add_class("vl-drafts-verdict")
        self.compare_button.add_class("vl-drafts-compare")
        self.cancel_button.add_class("vl-drafts-cancel")
        return W.Box(
            [
                _field(self.labels[2], self.a, "vl-drafts-a"),
                _field(self.labels[3], self.b, "vl-drafts-b"),
                _field(self.labels[4], self.games, "vl-drafts-games"),
                self.compare_button,
                self.cancel_button,
            ]
        )

    def _run_of(self) -> BalanceRun:
        return self.model.run

    def set_lang(self, lang: str) -> None:
        self.model.lang = lang
        RunPanel.set_lang(self, lang)

    def _say_words(self) -> None:
        self.title.value = f"<h4>{html.escape(self._t('title'))}</h4>"
        self.compare_title.value = f"<b>{html.escape(self._t('compare_title'))}</b>"
        for label, key in zip(self.labels, ("name", "saved_list", "a", "b", "games"), strict=False):
            label.value = self._t(key)
        self.name.placeholder = self._t("name_ph")
        for key, w in (
            ("save", self.save_button),
            ("open", self.open_button),
            ("delete", self.delete_button),
            ("compare", self.compare_button),
            ("cancel", self.cancel_button),
        ):
            w.description = self._t(key)
        if self._listed:
            self.refresh()

    def _say_run_again(self) -> None:
        self._show_verdict()  # the comparison's words: where it is, its answer or its error

    def refresh(self) -> None:
        """The saved drafts and the decks to compare, from the store (kept choices)."""
        self._listed = True
        names = self.model.names()
        keep = self.saved.value
        self.saved.options = [(n, n) for n in names]
        self.saved.value = keep if keep in names else (names[0] if names else None)
        self.open_button.disabled = self.delete_button.disabled = not names
        choices = self.model.choices()
        refs = [r for _, r in choices]
        for w, default in ((self.a, refs[-1]), (self.b, CURRENT)):
            keep = w.value
            w.options = choices
            w.value = keep if keep in refs else default

    def _say(self, ok: bool, text: str) -> None:
        cls = "verlies-ok" if ok else "verlies-error"
        color = "#1b5e20" if ok else "#b3261e"
        self.status.value = f"<span class='{cls}' style='color:{color}'>{html.escape(text)}</span>"

    def save(self) -> bool:
        ok, text = self.model.save(self.name.value, self.get_draft())
        if ok:
            self.refresh()
            self.saved.value = " ".join(self.name.value.split())
        self._say(ok, text)
        return ok

    def open(self) -> bool:
        name = self.saved.value
        if name is None:
            return False
        deck = self.model.load(name)
        if isinstance(deck, str):
            self._say(False, deck)
            return False
        self.open_draft(deck)
        self._say(True, self._t("opened", name=name))
        return True

    def delete(self) -> bool:
        name = self.saved.value
        if name is None:
            return False
        ok, text = self.model.delete(name)
        self.refresh()
        self._say(ok, text)
        return ok

    def compare(self) -> None:
        on_update, on_done = self._callbacks()
        said = self.model.start_compare(
            self.a.value,
            self.b.value,
            self.get_draft(),
            games=int(self.games.value),
            on_update=on_update,
            on_done=on_done,
        )
        if said:
            self.verdict.value = html.escape(said)
            return
        self._running(True)
        self._show_verdict()

    def _progress(self, _run: BalanceRun) -> None:
        self._show_verdict()

    def _finished(self, _run: BalanceRun) -> bool:
        # a failed comparison says so in the verdict's place (DraftsModel.result_text)
        self._show_verdict()
        return True

    def _show_verdict(self) -> None:
        text = self.model.result_text(self.get_draft())
        shown = "".join(f"<p>{html.escape(line)}</p>" for line in text.split("\n"))
        comp = self.model.run.comparison
        if comp is not None and not self.model.comparing and self.model.run.error is None:
            # the answer's tables, as on the Balance tab and in `verlies compare` (balview)
            from verlies.sim.verdict import before_after
            from verlies.ui.balance.chart import before_after_html

            shown += before_after_html(before_after(comp), self.lang)
        self.verdict.value = shown

    def draft_changed(self) -> None:
        """The draft being edited changed: the comparison says whether it is still of it."""
        if self.model.run.comparison is not None:
            self._show_verdict()

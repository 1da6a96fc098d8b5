"""The Deck tab's "Which card matters" panel: the widgets over an
:class:`~verlies.ui.deck.impact_model.ImpactColumn` (issue 22, item 1).

Settings (games per deck, players, all cards or the cards in the list), Start and Cancel,
a progress line, and the order of the card list (deck order, impact, met per game). The
figures themselves are shown by the editor in its card list (each entry: the card, then
its figure), and the selected card's figure under the panel. Updates from the run's
thread are drawn at most every 0.4 s (the last one always).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from verlies.deck import Deck
from verlies.errors import WordedError
from verlies.i18n.metrics import metric_name
from verlies.ui.core.theme import IMPACT_CSS
from verlies.ui.core.words import Keys
from verlies.ui.deck.impact_model import (
    BUDGET,
    METHODS,
    SORTS,
    ImpactColumn,
    Key,
    figure_parts,
    figure_text,
)
from verlies.ui.deck.impact_show import ShownPair, shown_pair
from verlies.ui.runs.panel_view import ProgressRow, RunPanel, panel_styles

__all__ = ["CSS", "ImpactPanel"]

CSS = IMPACT_CSS  # the page's styles live in verlies.ui.core.theme


class ImpactPanel(RunPanel):
    """The panel; ``get_draft()`` is the editor's draft, ``get_listed()`` the cards its
    list shows now, ``on_figures()`` redraws the list (new figures or a new order)."""

    WORDS = Keys("deckimpact.")

    def __init__(
        self,
        get_draft: Callable[[], Deck],
        get_listed: Callable[[], Sequence[Key]],
        on_figures: Callable[[], None],
        lang: str = "de",
        workers: int | None = None,
    ) -> None:
        RunPanel.__init__(self)  # the handover to the kernel's loop, status, throttle
        W = widgets
        self.get_draft, self.get_listed, self.on_figures = get_draft, get_listed, on_figures
        self.lang = lang
        self.column = ImpactColumn(workers)
        self.title = W.HTML()
        self.intro = W.HTML()
        self.method = W.Dropdown(options=[(m, m) for m in METHODS], value="contribution")
        self.method.observe(self._on_method, "value")
        self.games = W.BoundedIntText(value=BUDGET, min=2, max=1_000_000, step=8)
        self.players = W.Dropdown(options=[2, 3, 4], value=4)
        self.scope = W.Dropdown(options=[("all", "all"), ("listed", "listed")], value="all")
        self.sort = W.Dropdown(options=[(s, s) for s in SORTS], value="deck")
        self.sort.observe(self._on_sort, "value")
        controls = self._controls()
        self.bar = ProgressRow("vl-impact-progress", text_class="vl-impact-status")
        self.progress_text = self.bar.text  # the words: what the run is doing
        self.status = self.bar.text  # RunPanel's status line: a refusal is said there
        self.star = W.HTML()
        self.star.add_class("vl-impact-star")
        self.selected = W.HTML()
        self.selected.add_class("vl-impact-selected")
        self.shown = W.HTML()  # "show me a game like this" of the selected card
        self.shown.add_class("vl-impact-show")
        self._shown_for: tuple[object, ...] = ()  # what self.shown was drawn for
        self.table = W.HTML()
        self.table.add_class("vl-impact-table")
        #: Called as a run's figures grow (throttled as its drawing): the workspace keeps
        #: the run in the middle, to be continued after a reload.
        self.kept_listeners: list[Callable[[], None]] = []
        self.widget = W.VBox(
            [
                panel_styles(CSS),
                self.title,
                self.intro,
                controls,
                self.bar.widget,
                self.star,
                self.selected,
                self.shown,
                self.table,
            ]
        )
        self.widget.add_class("vl-panel")
        self.widget.add_class("vl-impact")
        self.set_lang(lang)

    def _controls(self) -> widgets.Box:
        """The settings' fields, Start, Continue and Cancel in one row."""
        W = widgets
        self.start_button = W.Button(button_style="primary", icon="play")
        self.continue_button = W.Button(icon="forward")
        self.continue_button.layout.display = "none"  # only for a run that can go on
        self.cancel_button = W.Button(icon="stop", disabled=True)
        self._wire(self.start_button, self.cancel_button, self.start)
        self.continue_button.on_click(lambda _b: self.resume())
        self.labels = [W.Label() for _ in range(5)]
        fields = []
        names = ("method", "games", "players", "scope", "sort")
        ws = (self.method, self.games, self.players, self.scope, self.sort)
        for label, w, name in zip(self.labels, ws, names, strict=True):
            box = W.VBox([label, w])
            for cls in ("vl-panel-field", "vl-impact-field", f"vl-impact-{name}"):
                box.add_class(cls)
            fields.append(box)
        self.start_button.add_class("vl-impact-start")
        self.continue_button.add_class("vl-impact-continue")
        self.cancel_button.add_class("vl-impact-cancel")
        buttons = (self.start_button, self.continue_button, self.cancel_button)
        controls = W.Box([*fields, *buttons])
        controls.add_class("vl-panel-controls")
        controls.add_class("vl-impact-controls")
        return controls

    # ---- language ------------------------------------------------------------------------

    def _run_of(self) -> ImpactColumn:
        return self.column

    def _say_words(self) -> None:
        """The panel's words in :attr:`lang`, and what the run is doing (the progress
        line says a failure too)."""
        self.title.value = f"<h4>{html.escape(self._t('title'))}</h4>"
        contrib = self.method.value == "contribution"
        intro = self._t("intro36" if contrib else "intro")
        self.intro.value = f"<small>{html.escape(intro)}</small>"
        keys = ("method", "games.contribution" if contrib else "games", "players", "scope")
        for label, key in zip(self.labels, (*keys, "sort"), strict=True):
            label.value = self._t(key)
        method = self.method.value
        self.method.unobserve(self._on_method, "value")
        self.method.options = [(self._t(f"method.{m}"), m) for m in METHODS]
        self.method.value = method
        self.method.observe(self._on_method, "value")
        scope, sort = self.scope.value, self.sort.value
        self.scope.options = [(self._t(f"scope.{s}"), s) for s in ("all", "listed")]
        self.scope.value = scope
        # the sort's options change their labels only: no new order, no redraw
        self.sort.unobserve(self._on_sort, "value")
        self.sort.options = [(self._t(f"sort.{s}"), s) for s in SORTS]
        self.sort.value = sort
        self.sort.observe(self._on_sort, "value")
        self.start_button.description = self._t("start")
        self.cancel_button.description = self._t("cancel")
        self.continue_button.description = self._t("continue")
        self.show_progress()

    def _say_run_again(self) -> None:
        """The run's words are the progress line's (:meth:`_say_words`); a refusal is
        said again over it."""
        if self._refusal is not None:
            self._say_refused(self._refusal)

    # ---- running -------------------------------------------------------------------------

    def start(self) -> None:
        """Compute the impact of the draft's cards (all, or those in the list)."""
        if self.column.running:
            return
        cards = None if self.scope.value == "all" else list(self.get_listed())
        if cards == []:  # "only the cards in the list", and the filter shows none
            self._refused(lambda lang: self.WORDS("no_cards", lang))
            return
        on_update, on_done = self._callbacks()
        try:
            self.column.start(
                self.get_draft(),
                games=int(self.games.value),
                players=int(self.players.value),
                cards=cards,
                method=str(self.method.value),
                on_update=on_update,
                on_done=on_done,
                on_start=self._hand.wrap(self._started),
            )
        except Exception as e:  # a located refusal, shown where the run would be
            self._refused(e)

    def resume(self) -> None:
        """Go on with the interrupted (or cancelled) ranking from its last finished round."""
        if self.column.running or self.column.stale(self.get_draft()):
            return
        on_update, on_done = self._callbacks()
        try:
            self.column.resume(
                on_update=on_update, on_done=on_done, on_start=self._hand.wrap(self._started)
            )
        except Exception as e:  # a located refusal; the figures shown stay
            self._refused(e)

    def _refused(self, e: Exception | Callable[[str], str]) -> None:
        """Why a run did not start (an error, or its words in a language), in red where
        its progress would be, in the page's language (said again after a switch, until
        the next run)."""

        def words(lang: str) -> str:
            if callable(e):
                msg = e(lang)
            else:
                msg = e.text_in(lang) if isinstance(e, WordedError) else str(e)
            return self.WORDS("error", lang, msg=msg)

        self.bar.fail(words(self.lang))  # the row shown
        self._say_refused(words)

    def _started(self, _column: ImpactColumn) -> None:
        """The run begins (before its first update): the list loses the old figures."""
        self._running(True)
        self._forget_status()
        if self.column.kept is None:  # a new run: no round of it handed on yet
            self.widget.remove_class("vl-impact-kept")
        self.show_progress()
        self.on_figures()

    def _progress(self, column: ImpactColumn) -> None:
        self.show_progress()
        if self._due():
            self.on_figures()
            for listener in list(self.kept_listeners):
                listener()
            if column.kept is not None:  # a finished round handed to the workspace
                self.widget.add_class("vl-impact-kept")

    def _finished(self, column: ImpactColumn) -> bool:
        """The end drawn (the progress line says a failure); a run that did not fail
        leaves figures for the done listeners (the workspace keeps them)."""
        self.show_progress()
        self.on_figures()
        return column.status != "failed"

    def _on_method(self, change: dict[str, object]) -> None:
        """Another measure: its own default games (in all, or per deck) and words."""
        self.games.value = BUDGET if change["new"] == "contribution" else 48
        self.set_lang(self.lang)

    def _on_sort(self, change: dict[str, object]) -> None:
        self.column.sort = str(change["new"])
        self.on_figures()

    # ---- showing -------------------------------------------------------------------------

    def show_progress(self) -> None:
        col = self.column
        star = col.star_text(self.lang)
        words = col.progress_text(self.lang)
        stale = col.stale(self.get_draft())
        # which draft the figures are of (once stale, the progress line says so instead)
        belongs = ""
        if col.deck is not None and not stale:
            name = html.escape(self._t("belongs", draft=str(getattr(col.deck, "name", ""))))
            belongs = f'<p class="vl-impact-belongs">{name}</p>'
        self.star.value = belongs + (_star_html(star, self.lang) if star else "")
        if stale:
            words += " " + self._t("stale")
        # Continue: a kept run of this draft that did not end (a run of an older draft
        # would go on with figures no longer of the draft: start a new one instead)
        go_on = col.method == "contribution" and col.can_continue and not stale
        self.continue_button.layout.display = None if go_on else "none"
        if col.status == "failed":
            self.bar.fail(words)
        elif col.deck is None:
            self.bar.say(words)  # before the first run: the words alone
        elif col.phase == "done":  # ended: a full bar (the games were "at most" so many)
            self.bar.show(col.done, max(col.done, 1), words)
        else:
            self.bar.show_run(col, words)

    def show_selected(self, key: Key | None, card_label: str) -> None:
        """The selected card's figure in full, under the panel."""
        if key is None or self.column.deck is None:
            self.selected.value = ""
            self.show_pair(None, card_label)
            return
        fig = figure_text(self.column.figure(key), self.lang, self.column.deck)
        self.selected.value = html.escape(self._t("selected", card=card_label, figure=fig))
        self.show_pair(key, card_label)

    def show_pair(self, key: Key | None, card_label: str) -> None:
        """ "Show me a game like this" for the selected card: the game whose pair differed
        most, as two links to the Game tab (with the draft, with the card made typical).
        Two games played again, once per card and run (drawn again only when it
        changed)."""
        col = self.column
        fig = col.figure(key) if key is not None else None
        if key is None or fig is None or fig.shown < 0 or col.running:
            self.shown.value, self._shown_for = "", ()
            return
        want = (id(col.deck), key, fig.shown, tuple(sorted(col.pair.items())), self.lang)
        if want == self._shown_for:
            return
        try:
            found = shown_pair(col, key)
        except Exception as e:  # a located refusal, said where the links would be
            self.shown.value = f'<span class="vl-error">{html.escape(str(e))}</span>'
            self._shown_for = want
            return
        self.shown.value = "" if found is None else self._pair_html(found, card_label)
        self._shown_for = want

    def _pair_html(self, found: ShownPair, card_label: str) -> str:
        esc, lang = html.escape, self.lang
        what = metric_name(found.quantity, lang, self.column.deck)
        head = esc(self._t("show", index=found.index, what=what))
        links = []
        sides = (
            ("draft", found.draft, found.draft_step),
            ("typical", found.typical, found.typical_step),
        )
        for side, href, step in sides:
            words = esc(self._t(f"show.{side}", card=card_label))
            if href is None:
                links.append(f"<span>{words} ({esc(self._t('show.long'))})</span>")
                continue
            links.append(
                f'<a class="vl-impact-show-{side}" data-index="{found.index}" '
                f'data-seed="{found.seed}" data-step="{step}" href="{esc(href)}">{words}</a>'
            )
        at = "show.end" if found.key[0] == "character" else "show.at"
        where = esc(self._t(at, card=card_label))
        return f"{head} " + " · ".join(links) + f" ({where})"

    def show_table(self, rows: Sequence[tuple[Key, str]]) -> None:
        """The list's cards (key, name) in its order with their figures, as a table (shown
        on narrow screens only, where the list cannot show its entries whole)."""
        col = self.column
        if col.deck is None:
            self.table.value = ""
            return
        heads = [self._t(f"col.{k}") for k in ("card", "what", "effect", "met")]
        out = ["<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in heads) + "</tr>"]
        for key, name in rows:
            fig = col.figure(key)
            if fig is None:
                parts = (self._t("none"), "", "")
            else:
                parts = figure_parts(fig, self.lang, col.deck)
            cells = [name, *parts]
            out.append(
                "<tr>"
                + "".join(
                    f"<td data-col='{html.escape(h, quote=True)}'>{html.escape(c)}</td>"
                    for h, c in zip(heads, cells, strict=True)
                )
                + "</tr>"
            )
        self.table.value = "".join(out) + "</table>"


#: The glossary's entries the ★ line explains (``verdict.gloss.<key>``: the Balance tab's
#: glossary words, here under the Deck tab's list, whose glossary is on another tab).
STAR_GLOSS: tuple[str, ...] = ("star", "holm")


def _star_html(star: str, lang: str) -> str:
    """The ★ said in words, linked to its glossary entries (a closed ``<details>`` right
    under it; the link opens it: a fragment inside a closed ``<details>`` opens it)."""
    from verlies import i18n

    esc, t = html.escape, i18n.text
    items = "".join(
        f'<dt id="vl-impact-gloss-{k}">{esc(t(f"verdict.gloss.{k}.term", lang))}</dt>'
        f"<dd>{esc(t(f'verdict.gloss.{k}', lang))}</dd>"
        for k in STAR_GLOSS
    )
    link = (
        f'<a class="vl-gloss-link vl-impact-gloss-link" href="#vl-impact-gloss-star">'
        f"{esc(t('verdict.glossary_link', lang))}</a>"
    )
    return (
        f"<small>{esc(star)} ({link})</small>"
        f'<details class="vl-impact-gloss" lang="{esc(lang)}">'
        f"<summary>{esc(t('verdict.glossary', lang))}</summary><dl>{items}</dl>"
        f"<small>{esc(t('verdict.gloss.more', lang))}</small></details>"
    )

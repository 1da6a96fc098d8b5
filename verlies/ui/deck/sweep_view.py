"""The Deck tab's "Sweep this number" panel: the widgets over a
:class:`~verlies.ui.deck.sweep_model.SweepRun` (issue 22 item 3, issue 37 item 6).

For the card selected in the editor: which number (its copies, gold, obstacle, fight
value, trap target; a character's value as a pair move with the value that gives), a
range (centred on the card's value), games per value, the quantity to show (the spread
of the win rates, each character's win rate, rounds, gold, injuries, timeouts); Sweep and
Cancel; the curve (:class:`~verlies.ui.deck.sweep_plot_view.SweepPlot`: every value with its 95 %
interval, filled in as games arrive, the draft's value marked "now") and a table of the
same numbers below it; a click on a point, or a value picked and "Make it the draft",
makes that value the draft (one undo step). With a second number, every pair of values is
a cell of a heat map. The moment the draft changes otherwise, the result says it is out
of date (and can no longer be made the draft: that would undo the newer edits).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TypedDict

import ipywidgets as widgets

from verlies import i18n
from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.sim.sweep import Tweak
from verlies.ui.core.said import error_words
from verlies.ui.core.theme import SWEEP_CSS
from verlies.ui.deck.sweep_model import (
    CHARACTER_VALUES,
    SPREAD,
    WIN,
    GridTweak,
    KeptFigures,
    PairTweak,
    Point,
    SweepRun,
    default_range,
    fields_of,
    givers_of,
    quantities_of,
)
from verlies.ui.deck.sweep_plot_view import SweepPlot, heatmap_html
from verlies.ui.deck.sweep_show_view import ShowPoint
from verlies.ui.deck.sweep_words import (
    WORDS,
    quantity_words,
    sweep_figure,
    sweep_lines,
    tick_text,
    value_text,
    x_words,
    y_label,
)
from verlies.ui.runs.panel_view import ProgressRow, RunPanel, panel_styles

__all__ = ["CSS", "SweepPanel", "sweep_figure", "sweep_lines"]

CSS = SWEEP_CSS  # the page's styles live in verlies.ui.core.theme


class _Callbacks(TypedDict):
    on_update: Callable[[SweepRun], None]
    on_done: Callable[[SweepRun], None]
    on_start: Callable[[SweepRun], None]


class SweepPanel(RunPanel):
    """``get_draft()`` the editor's draft, ``get_selected()`` its selected (kind, id),
    ``set_draft(deck)`` makes a deck the editor's draft."""

    def __init__(
        self,
        get_draft: Callable[[], Deck],
        get_selected: Callable[[], tuple[str, str] | None],
        set_draft: Callable[[Deck], None],
        lang: str = "de",
        workers: int | None = None,
    ) -> None:
        RunPanel.__init__(self)  # the run's life, status line, language, throttle
        self.get_draft, self.get_selected, self.set_draft = get_draft, get_selected, set_draft
        self.lang = lang
        self.run = SweepRun(workers)
        # done_listeners (RunPanel's): told on the kernel's loop when a sweep ended, not
        # failed (the workspace keeps it).
        #: Called on the kernel's loop as a sweep's games come, throttled (the workspace
        #: keeps its finished points: a reload or a dead kernel does not lose them).
        self.update_listeners: list[Callable[[], None]] = []
        self._make_inputs()
        self._make_result()
        self._lay_out()
        self._key: tuple[str, str] | None = None
        #: What the last Sweep kept of the sweep before (a ``sweep.`` key, its values).
        self._note: tuple[str, dict[str, int]] | None = None
        self.set_lang(lang)

    def _make_inputs(self) -> None:
        """The number, range, games and quantity to sweep; Sweep, Cancel; the pick."""
        W = widgets
        self.title = W.HTML()
        self.intro = W.HTML()
        self.field = W.Dropdown(options=[])
        self.field.observe(lambda _c: self._field_changed(), "value")
        self.gives = W.Dropdown(options=[])
        self.gives.observe(lambda _c: self._default_range(), "value")
        self.card2 = W.Dropdown(options=[])
        self.card2.observe(lambda _c: self._card2_changed(), "value")
        self.second = W.Dropdown(options=[])
        self.second.observe(lambda _c: self._second_changed(), "value")
        self.low = W.IntText(value=0)
        self.high = W.IntText(value=0)
        self.low2 = W.IntText(value=0)
        self.high2 = W.IntText(value=0)
        self.games = W.BoundedIntText(value=48, min=2, max=100_000, step=8)
        self.quantity = W.Dropdown(options=[])
        self.quantity.observe(lambda _c: self._draw(), "value")
        self.start_button = W.Button(button_style="primary", icon="line-chart")
        self.cancel_button = W.Button(icon="stop", disabled=True)
        self._wire(self.start_button, self.cancel_button, self.start)
        self.pick = W.Dropdown(options=[])
        self.take_button = W.Button(icon="check", disabled=True)
        self.take_button.on_click(lambda _b: self.take())
        # "show me a game like this" of the picked point, to watch on the Game tab
        self.shower = ShowPoint(lambda: self.run, lambda: self.pick.value, self._hand)

    def _make_result(self) -> None:
        """The progress row, the curve's box, the caption, table and heat map."""
        W = widgets
        # the run's games and what the panel says (a refusal, the value made the draft)
        self.bar = ProgressRow("vl-sweep-progress", text_class="vl-sweep-status")
        self.status = self.bar.text
        # The curve's figure is made when there is a curve to draw: a bqplot figure in a
        # hidden tab has no size, and the browser logs negative widths on every resize.
        self._plot: SweepPlot | None = None
        self.plot_box = W.VBox()
        # what the result is of, and whether it is out of date; the numbers as a table;
        # a sweep of two numbers as a heat map
        self.caption = W.HTML()
        self.caption.add_class("vl-sweep-caption")
        self.table = W.HTML()
        self.table.add_class("vl-sweep-table-box")
        self.heat = W.HTML()
        self.heat.add_class("vl-sweep-heat")
        self.result_box = W.VBox([self.caption, self.plot_box, self.table, self.heat])
        self.result_box.add_class("vl-sweep-result")
        # a sweep kept half-run (a reload, a dead kernel): what it has, and Continue
        self.resume_note = W.HTML()
        self.resume_note.add_class("vl-sweep-interrupted")
        self.resume_button = W.Button(icon="play")
        self.resume_button.on_click(lambda _b: self.resume())
        self.resume_box = W.Box([self.resume_note, self.resume_button])
        self.resume_box.layout.display = "none"

    def _lay_out(self) -> None:
        """The inputs in two rows (each with its label), the result between them."""
        W = widgets
        inputs = {
            "field": self.field,
            "gives": self.gives,
            "from": self.low,
            "to": self.high,
            "card2": self.card2,
            "second": self.second,
            "from2": self.low2,
            "to2": self.high2,
            "games": self.games,
            "quantity": self.quantity,
        }
        self._names = tuple(inputs)
        self.labels = [W.Label() for _ in inputs]
        self.pick_label = W.Label()
        boxes = {}
        for label, (name, w) in zip(
            [*self.labels, self.pick_label], [*inputs.items(), ("pick", self.pick)], strict=True
        ):
            boxes[name] = box = W.VBox([label, w])
            for cls in ("vl-panel-field", "vl-sweep-field", f"vl-sweep-{name}"):
                box.add_class(cls)
        for cls, b in (
            ("start", self.start_button),
            ("cancel", self.cancel_button),
            ("take", self.take_button),
            ("resume", self.resume_button),
        ):
            b.add_class(f"vl-sweep-{cls}")
        self.card2_box, self.gives_box = boxes["card2"], boxes["gives"]
        self.second_boxes = (boxes["from2"], boxes["to2"])
        for b in (self.gives_box, *self.second_boxes):
            b.layout.display = "none"
        row1 = W.Box([*boxes.values()][:-1] + [self.start_button, self.cancel_button])
        row2 = W.Box([boxes["pick"], self.take_button, *self.shower.parts])
        for r in (row1, row2, self.resume_box):
            r.add_class("vl-panel-controls")
            r.add_class("vl-sweep-row")
        parts = [panel_styles(CSS), self.title, self.intro, row1, self.bar.widget]
        self.widget = W.VBox([*parts, self.resume_box, self.result_box, row2])
        self.widget.add_class("vl-panel")
        self.widget.add_class("vl-sweep")

    def _run_of(self) -> SweepRun:
        return self.run

    def _say_words(self) -> None:
        lang = self.lang
        self.title.value = f"<h4>{html.escape(WORDS('title', lang))}</h4>"
        self.intro.value = f"<small>{html.escape(WORDS('intro', lang))}</small>"
        for label, key in zip(self.labels, self._names, strict=True):
            label.value = WORDS(key, lang)
        self.pick_label.value = WORDS("pick", lang)
        self.start_button.description = WORDS("start", lang)
        self.cancel_button.description = WORDS("cancel", lang)
        self.take_button.description = WORDS("make_draft", lang)
        self.shower.set_lang(lang)

    def _say_run_again(self) -> None:
        """The card's numbers, the quantities, the picks and the sweep (its progress, a
        failure, its curve) in the new language; then a refusal kept (RunPanel's)."""
        self._key = None
        self.card_selected()
        self._offer_quantities()
        self._offer_picks()
        self._draw()
        self._say_status_again()

    # ---- the selected card ---------------------------------------------------------------

    def _offer_quantities(self, prefer: str | None = None) -> None:
        """The quantities of the draft (a win rate per character), in the page's words."""
        draft = self.get_draft()
        keys = quantities_of(draft)
        keep = prefer if prefer in keys else self.quantity.value
        options = [(quantity_words(k, draft, self.lang), k) for k in keys]
        if [tuple(o) for o in self.quantity.options] != options:  # not at every keystroke
            self.quantity.options = options
        want = keep if keep in keys else SPREAD
        if self.quantity.value != want:
            self.quantity.value = want

    def card_selected(self) -> None:
        """The editor's selection changed: offer that card's numbers."""
        key = self.get_selected()
        if key == self._key and self.field.options:
            return
        self._key = key
        fields = [] if key is None else fields_of(self.get_draft(), *key)
        keep = self.field.value
        character = key is not None and key[0] == "character"
        self.field.options = [(self._field_words(f, character), f) for f in fields]
        self.field.value = keep if keep in fields else (fields[0] if fields else None)
        self._offer_cards2()
        self.card2_box.layout.display = "none" if character or not fields else None
        self._field_changed()
        self.start_button.disabled = not fields or self.run.running
        # a character's sweep shows its own win rate first
        self._offer_quantities(WIN + key[1] if character and key is not None else None)
        if not fields:
            self.bar.say(WORDS("none", self.lang) if key else "")

    def _card_words(self, kind: str, card_id: str) -> str:
        """A card's name in the page's language (its id when it has none)."""
        draft = self.get_draft()
        try:
            pile = draft.characters if kind == "character" else draft.cards(kind)
            return str(pile[card_id].name.get(self.lang))
        except (KeyError, ValueError):
            return card_id

    def _offer_cards2(self) -> None:
        """The card of the second number: this card, or any other card with a number (a
        character's values only cross each other: R2 moves them together)."""
        key = self.get_selected()
        keep = self.card2.value
        options: list[tuple[str, str]] = [(WORDS("card2_same", self.lang), "")]
        if key is not None and key[0] != "character":
            draft = self.get_draft()
            for kind in ("dungeon", "room", "monster", "treasure"):
                for cid in draft.cards(kind):
                    if (kind, cid) == tuple(key) or not fields_of(draft, kind, cid):
                        continue
                    options.append((f"{self._card_words(kind, cid)} ({cid})", f"{kind}:{cid}"))
        if [tuple(o) for o in self.card2.options] != options:
            self.card2.options = options
        values = [v for _, v in options]
        self.card2.value = keep if keep in values else ""

    def _card2(self) -> tuple[str, str] | None:
        """(kind, id) of the second number's card: another card, or None (this card)."""
        other = str(self.card2.value or "")
        if not other:
            return None
        kind, _, cid = other.partition(":")
        return kind, cid

    def _card2_changed(self) -> None:
        self._field_changed()

    def draft_changed(self) -> None:
        """The editor's draft changed (an edit, undo, a file, a point taken): "now" moves
        to the draft's value, or the result says it is of an earlier draft."""
        self._offer_quantities()
        self._draw()

    def _field_words(self, field: str, character: bool) -> str:
        return i18n.text(f"card.attr.{field}" if character else f"impact.field.{field}", self.lang)

    def _field_changed(self) -> None:
        """A character's value: offer the two others as the one that gives; every card:
        its other numbers as a second one to sweep with it."""
        key = self.get_selected()
        field = self.field.value
        character = key is not None and key[0] == "character"
        if key is None or not character or field is None:
            self.gives.options = []
        else:
            keep = self.gives.value
            givers = givers_of(str(field))
            self.gives.options = [(self._field_words(f, True), f) for f in givers]
            self.gives.value = keep if keep in givers else givers[0]
        other_card = None if character else self._card2()
        if key is None or field is None:
            others = []
        elif other_card is not None:
            others = fields_of(self.get_draft(), *other_card)
        else:
            others = [f for f in fields_of(self.get_draft(), *key) if f != field]
        keep2 = self.second.value
        self.second.options = [(WORDS("second_none", self.lang), "")] + [
            (self._field_words(f, character), f) for f in others
        ]
        self.second.value = keep2 if keep2 in others else ""
        self._second_changed()

    def _second_changed(self) -> None:
        grid = bool(self.second.value)
        key = self.get_selected()
        character = key is not None and key[0] == "character"
        # a character's grid: the third value gives (no pair partner to choose)
        self.gives_box.layout.display = None if character and not grid and key else "none"
        for b in self.second_boxes:
            b.layout.display = None if grid else "none"
        self._default_range()

    def _tweak(self) -> Tweak | None:
        key = self.get_selected()
        if key is None or self.field.value is None:
            return None
        if key[0] == "character":
            if self.gives.value is None or self.gives.value == self.field.value:
                return None
            return PairTweak(key[0], key[1], str(self.field.value), str(self.gives.value))
        return Tweak(key[0], key[1], str(self.field.value))

    def _default_range(self) -> None:
        """The range centred on the card's value: ±3, clipped to what the deck takes."""
        key = self.get_selected()
        if key is None or self.field.value is None:
            return
        draft = self.get_draft()
        second = str(self.second.value or "")
        if second:
            reach = 2  # 5 × 5 cells at most
            if key[0] == "character":
                if second not in CHARACTER_VALUES:
                    return  # a number of the card selected before: offered again soon
                # each value alone within 1–6; the grid leaves out what R2 refuses
                ch = draft.characters[key[1]]
                for (lo, hi), f in (
                    ((self.low, self.high), str(self.field.value)),
                    ((self.low2, self.high2), second),
                ):
                    v = int(getattr(ch, f))
                    lo.value, hi.value = max(1, v - reach), min(6, v + reach)
                return
            card2 = self._card2() or (key[0], key[1])
            for (lo, hi), (kind, cid), f in (
                ((self.low, self.high), (key[0], key[1]), str(self.field.value)),
                ((self.low2, self.high2), card2, second),
            ):
                lo.value, hi.value = default_range(draft, Tweak(kind, cid, f), reach)
            return
        tweak = self._tweak()
        if tweak is None:
            return
        self.low.value, self.high.value = default_range(draft, tweak)

    # ---- running -------------------------------------------------------------------------

    def start(self) -> None:
        key = self.get_selected()
        if self.run.running or key is None or self.field.value is None:
            return
        try:
            if self.second.value:
                self.run.start_grid(
                    self.get_draft(),
                    key[0],
                    key[1],
                    (str(self.field.value), str(self.second.value)),
                    (int(self.low.value), int(self.high.value)),
                    (int(self.low2.value), int(self.high2.value)),
                    other=str(self.card2.value or ""),
                    games=int(self.games.value),
                    **self._run_callbacks(),
                )
                return
            tweak = self._tweak()
            if tweak is None:
                return
            self._sweep_one(tweak)
        except VerliesError as e:
            self._refused(e)

    def _sweep_one(self, tweak: Tweak) -> None:
        """Sweep one number: the last sweep extended when it is of the same number, draft
        and games per value (its points kept, the same seeds), else a new sweep; the
        panel says which, and why the last one's points are not reused."""
        draft, games = self.get_draft(), int(self.games.value)
        low, high = int(self.low.value), int(self.high.value)
        why = self.run.can_extend(draft, tweak, games)
        self._note = None
        if why is None:
            was = set(self.run.complete())
            played = self.run.extend(low, high, **self._run_callbacks())
            kept = len(was & set(self.run.values))
            self._note = ("extended", {"kept": kept, "played": played, "games": games})
            self._forget_status()  # played or not, this Sweep says its own words
            self._offer_picks()
            self._draw()
            return
        if why in ("no_extend.games", "no_extend.old"):
            self._note = (why, {"was": self.run.games, "now": games})
        self.run.start(draft, tweak, low, high, games=games, **self._run_callbacks())

    def _run_callbacks(self) -> _Callbacks:
        """A sweep's news, end (RunPanel's, handed to the kernel's loop) and start."""
        on_update, on_done = self._callbacks()
        go = self._hand.wrap(self._started)
        return _Callbacks(on_update=on_update, on_done=on_done, on_start=go)

    def _refused(self, error: VerliesError) -> None:
        """A sweep that did not start (a range, a value the deck refuses): in red beside
        the bar until Sweep, Continue or a point taken says something else; said again
        in a new language (RunPanel's refusal)."""
        said = error_words(error)
        self._say_refused(lambda lang: WORDS("error", lang, msg=said(lang)))

    def _say_refused(self, words: Callable[[str], str]) -> None:
        RunPanel._say_refused(self, words)
        self.bar.widget.layout.display = None  # the row is hidden before a first sweep

    def _started(self, run: SweepRun) -> None:
        """The range is good and the sweep begins (before its first update; called where
        Sweep was pressed, on the kernel's loop)."""
        self._running(True)
        self._forget_status()  # a refusal before this start is over
        self._offer_picks()
        self.take_button.disabled = True
        self._draw()

    def _offer_picks(self) -> None:
        run = self.run
        keep = self.pick.value
        if isinstance(run.tweak, GridTweak):
            cells = run.tweak.cells
            self.pick.options = [
                (WORDS("cell", self.lang, a=cells[v][0], b=cells[v][1]), v) for v in run.values
            ]
        else:
            self.pick.options = [(str(v), v) for v in run.values]
        if keep in run.values:
            self.pick.value = keep

    def _progress(self, _run: SweepRun) -> None:
        """A sweep's news (throttled): the curve so far, and the workspace keeps it."""
        if self._due():
            self._draw()
            for listener in list(self.update_listeners):
                listener()

    def resume(self) -> None:
        """Continue a sweep given back half-run: the values it is missing, same seeds."""
        self._note = None
        try:
            self.run.resume(**self._run_callbacks())
        except VerliesError as e:
            self._refused(e)
            return
        self._draw()

    def _finished(self, run: SweepRun) -> bool:
        """The sweep's end drawn (its curve, or its failure beside the bar); a sweep that
        did not fail is told to the done listeners (the workspace keeps it)."""
        self._draw()
        return run.status != "failed"

    def restore_figures(self, deck: Deck, figs: KeptFigures) -> bool:
        """A sweep kept by the workspace shown again (its curve, table or heat map from its
        kept figures, the curve it showed when kept, if any; "now" or out of date against
        the draft as it is). False: a sweep is running here (its own result wins) or the
        deck refuses a value now."""
        if self.run.running:
            return False
        self._note = None
        try:
            self.run.restore_figures(deck, figs)
        except VerliesError:
            return False
        if figs.quantity is not None:
            self._offer_quantities(figs.quantity)
        self._offer_picks()
        self._draw()
        return True

    def _show_resume(self) -> None:
        """Continue, for a sweep given back half-run, or why it cannot continue; what the
        last Sweep kept of the sweep before, or why it kept nothing."""
        run = self.run
        half = run.interrupted and not run.running
        self.resume_button.layout.display = None if half else "none"
        self.resume_button.description = WORDS("resume", self.lang)
        stale = self.stale()
        self.resume_button.disabled = not half or run.games < 1 or stale
        why = "resume_old" if run.games < 1 else ("resume_stale" if stale else "")
        note = WORDS(why, self.lang) if half and why else ""
        if not half and self._note is not None:
            note = WORDS(self._note[0], self.lang, **self._note[1])
        self.resume_note.value = f"<small>{html.escape(note)}</small>" if note else ""
        self.resume_box.layout.display = None if half or note else "none"

    def _clicked(self, value: int) -> None:
        """A point of the curve was clicked: the same as picking it and taking it."""
        if self.run.tweak is None or value not in self.run.values:
            return
        self.pick.value = value
        self.take()

    def stale(self) -> bool:
        """The sweep is of an earlier draft: the draft is none of its points."""
        return self.run.tweak is not None and self.run.value_of(self.get_draft()) is None

    def take(self) -> bool:
        """Make the picked value the draft (not from a sweep of an earlier draft: that would
        throw away the edits made since)."""
        value = self.pick.value
        tweak = self.run.tweak
        if value is None or tweak is None or self.run.deck is None or self.stale():
            return False
        swept = self.run.deck
        self._forget_status()  # what the panel says now is the point taken
        self.set_draft(self.run.deck_at(int(value)))
        lang = self.lang
        if isinstance(tweak, GridTweak):
            a, b = tweak.cells[int(value)]
            x, y = self._grid_axes(tweak)
            words = WORDS("picked_grid", lang, x=x, a=a, y=y, b=b)
        elif isinstance(tweak, PairTweak):
            words = WORDS(
                "picked_pair",
                lang,
                what=i18n.text(f"card.attr.{tweak.field}", lang),
                value=value,
                gives=i18n.text(f"card.attr.{tweak.gives}", lang),
                partner=tweak.partner_at(swept, int(value)),
            )
        else:
            what = i18n.text(f"impact.field.{tweak.field}", lang)
            words = WORDS("picked", lang, what=what, value=value)
        self._draw()
        self.bar.say(words)
        return True

    # ---- showing -------------------------------------------------------------------------

    @property
    def plot(self) -> SweepPlot:
        """The curve's figure, made on first use (see ``_plot``)."""
        if self._plot is None:
            self._plot = SweepPlot(self._clicked)
            self.plot_box.children = [self._plot.widget]
        return self._plot

    def _caption(self, stale: bool, quantity: str) -> str:
        run, lang = self.run, self.lang
        deck, tweak = run.deck, run.tweak
        if deck is None or tweak is None:
            return ""
        try:
            card = deck.cards(tweak.kind)[tweak.card].name.get(lang)
        except KeyError:
            card = tweak.card
        what = quantity_words(quantity, deck, lang)
        words = html.escape(WORDS("of", lang, deck=deck.name, card=card, what=what))
        out = f"<div class='vl-sweep-of'><small>{words}</small></div>"
        if stale:
            out += f"<div class='vl-sweep-stale'>⚠ {html.escape(WORDS('stale', lang))}</div>"
        return out

    def _draw(self) -> None:
        run = self.run
        if run.tweak is None and run.error is None:
            return
        lang = self.lang
        words = run.progress_text(lang)
        if run.refused:
            if isinstance(run.tweak, GridTweak):
                cells = run.tweak.cells
                refused = ", ".join(
                    WORDS("cell", lang, a=cells[v][0], b=cells[v][1]) for v in run.refused
                )
            else:
                refused = ", ".join(str(v) for v in run.refused)
            words += " " + WORDS("refused", lang, values=refused)
        if self._say_status_again():
            self.bar.show_run(run, None)  # a refusal since the last sweep stays
        elif run.status == "failed":
            self.bar.fail(words)
        else:
            self.bar.show_run(run, words)
        self._show_resume()
        tweak = run.tweak
        if tweak is None or run.deck is None:
            return
        now = run.value_of(self.get_draft())
        stale = now is None
        self.take_button.disabled = run.running or not run.values or run.error is not None or stale
        self.shower.button.disabled = run.running or not run.values or run.error is not None
        q = str(self.quantity.value or SPREAD)
        if q.startswith(WIN) and q[len(WIN) :] not in run.deck.characters:
            q = SPREAD
        points = run.points(q)
        self.caption.value = self._caption(stale, q)
        if stale:
            self.result_box.add_class("vl-stale")
        else:
            self.result_box.remove_class("vl-stale")
        now_text = WORDS("now", lang)
        y_name = y_label(q, run.deck, lang)
        if isinstance(tweak, GridTweak):
            self.plot_box.layout.display = "none"
            self.table.value = ""
            self.heat.value = self._heat_html(tweak, points, now, q, stale)
            return
        self.plot_box.layout.display = None
        self.heat.value = ""
        labels = {v: str(v) for v in run.values}
        self.plot.show(
            points,
            run.values,
            labels,
            lambda x: tick_text(q, x, lang),
            now,
            x_words(tweak, self.lang),
            y_name,
            now_text,
            stale,
        )
        self.table.value = self._table_html(tweak, points, now, q)

    def _row_name(self, tweak: Tweak, v: int) -> str:
        if isinstance(tweak, PairTweak) and self.run.deck is not None:
            gives = i18n.text(f"card.attr.{tweak.gives}", self.lang)
            partner = tweak.partner_at(self.run.deck, v)
            return WORDS("pair_point", self.lang, value=v, gives=gives, partner=partner)
        return str(v)

    def _table_html(self, tweak: Tweak, points: list[Point], now: int | None, q: str) -> str:
        """The curve's numbers: value, estimate, 95 % interval, games (the spread: its
        noise floor too); the draft's value marked "(now)"."""
        lang = self.lang
        esc = html.escape
        spread = q == SPREAD
        cols = [
            esc(x_words(tweak, self.lang)),
            esc(quantity_words(q, self.run.deck, lang)),
            esc(WORDS("col.interval", lang)),
            esc(WORDS("col.games", lang)),
        ]
        if spread:
            cols.append(esc(WORDS("col.floor", lang)))
        head = "".join(f"<th scope=col>{c}</th>" for c in cols)
        rows = []
        for p in points:
            name = self._row_name(tweak, p.value)
            here = p.value == now
            if here:
                name += f" ({WORDS('now', lang)})"
            cells = [
                value_text(q, p.estimate, lang),
                f"{value_text(q, p.low, lang)} – {value_text(q, p.high, lang)}",
                str(p.games),
            ]
            if spread:
                cells.append(value_text(q, p.floor, lang))
            tds = "".join(f"<td>{esc(c)}</td>" for c in cells)
            cls = " class='vl-now'" if here else ""
            rows.append(f"<tr{cls}><th scope=row>{esc(name)}</th>{tds}</tr>")
        note = f"<div><small>{esc(WORDS('floor_note', lang))}</small></div>" if spread else ""
        return (
            f"<table class='vl-sweep-table'><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>{note}"
        )

    def _grid_axes(self, tweak: GridTweak) -> tuple[str, str]:
        """The heat map's axes in the page's words: the numbers of one card (``obstacle``,
        ``gold``), or of two cards each with its card's name (``Goblin: fight value``)."""
        character = tweak.kind == "character"
        x = self._field_words(tweak.field, character)
        y = self._field_words(tweak.second, character)
        if not tweak.other:
            return x, y
        kind2, cid2 = tweak.second_card
        first = WORDS("axis_card", self.lang, card=self._card_words(tweak.kind, tweak.card), what=x)
        second = WORDS("axis_card", self.lang, card=self._card_words(kind2, cid2), what=y)
        return first, second

    def _heat_html(
        self, tweak: GridTweak, points: list[Point], now: int | None, q: str, stale: bool
    ) -> str:
        lang = self.lang
        character = tweak.kind == "character"
        x, y = self._grid_axes(tweak)
        cells = {tweak.cells[p.value]: p for p in points}
        columns = sorted({a for a, _ in tweak.cells})
        rows = sorted({b for _, b in tweak.cells})
        grid = heatmap_html(
            columns,
            rows,
            cells,
            lambda v: value_text(q, v, lang),
            now=None if now is None else tweak.cells[now],
            x_label=x,
            y_label=y,
            quantity=quantity_words(q, self.run.deck, lang),
            now_text=WORDS("now", lang),
            stale=stale,
        )
        note = WORDS("grid_axes", lang, x=x, y=y)
        if character:
            note += " " + WORDS(
                "x_grid_char", lang, third=i18n.text(f"card.attr.{tweak.third}", lang)
            )
        return f"{grid}<div><small>{html.escape(note)}</small></div>"

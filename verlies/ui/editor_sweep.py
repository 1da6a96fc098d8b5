"""The Deck tab's "Sweep this number" panel: the widgets over a
:class:`~verlies.ui.sweep_model.SweepRun` (issue 22 item 3).

For the card selected in the editor: which number (its copies, gold, obstacle, fight
value, trap target; a character's value as a pair move with the value that gives), a
range, games per value, the quantity to show; Sweep and Cancel;
the curve (:class:`~verlies.ui.sweep_plot.SweepPlot`: every value with its 95 % interval,
filled in as games arrive, the draft's value marked "now"); a click on a point, or a value
picked and "Make it the draft", makes that value the draft (one undo step).
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable

import ipywidgets as widgets

from verlies import i18n
from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.i18n.metrics import fmt_value
from verlies.sim.sweep import Tweak
from verlies.ui.progress_row import ProgressRow, panel_styles
from verlies.ui.sweep_model import QUANTITIES, PairTweak, SweepRun, fields_of, givers_of
from verlies.ui.sweep_plot import SweepPlot

__all__ = ["CSS", "SweepPanel"]

#: The panel's own styles, after the run panels' shared ones (theme.PANEL_CSS): its
#: inputs take the width of their numbers, the curve the panel's width up to 560 px.
CSS = """<style>
.vl-sweep { margin: 6px 0; }
.vl-sweep .vl-sweep-field .widget-text, .vl-sweep .vl-sweep-field .widget-dropdown {
  width: auto; max-width: 100%; margin: 0; }
.vl-sweep .vl-sweep-field input { width: 5em; }
.vl-sweep .vl-sweep-field select { width: auto; max-width: 100%; }
.vl-sweep .vl-sweep-plot { width: 100%; max-width: 560px; min-width: 0; margin: 0;
  box-sizing: border-box; }
.vl-sweep .vl-sweep-plot .dot { cursor: pointer; }
</style>"""


def _t(key: str, lang: str, **kw: object) -> str:
    return i18n.text(f"sweep.{key}", lang, **kw)


def _value(quantity: str, x: float, lang: str) -> str:
    """A point's or tick's number: a share in per cent, else one decimal."""
    if quantity == "timeout_share":
        return fmt_value("timeout", x, lang)
    s = f"{x:.1f}".replace("-", "−")
    return s.replace(".", ",") if lang == "de" else s


class SweepPanel:
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
        W = widgets
        self.get_draft, self.get_selected, self.set_draft = get_draft, get_selected, set_draft
        self.lang = lang
        self.run = SweepRun(workers)
        self.title = W.HTML()
        self.intro = W.HTML()
        self.field = W.Dropdown(options=[])
        self.field.observe(lambda _c: self._field_changed(), "value")
        self.gives = W.Dropdown(options=[])
        self.gives.observe(lambda _c: self._default_range(), "value")
        self.low = W.IntText(value=0)
        self.high = W.IntText(value=0)
        self.games = W.BoundedIntText(value=48, min=2, max=100_000, step=8)
        self.quantity = W.Dropdown(options=[(q, q) for q in QUANTITIES], value="median_rounds")
        self.quantity.observe(lambda _c: self._draw(), "value")
        self.start_button = W.Button(button_style="primary", icon="line-chart")
        self.cancel_button = W.Button(icon="stop", disabled=True)
        self.start_button.on_click(lambda _b: self.start())
        self.cancel_button.on_click(lambda _b: self.run.cancel())
        self.pick = W.Dropdown(options=[])
        self.take_button = W.Button(icon="check", disabled=True)
        self.take_button.on_click(lambda _b: self.take())
        # the run's games and what the panel says (a refusal, the value made the draft)
        self.bar = ProgressRow("vl-sweep-progress", text_class="vl-sweep-status")
        self.status = self.bar.text
        # The curve's figure is made when there is a curve to draw: a bqplot figure in a
        # hidden tab has no size, and the browser logs negative widths on every resize.
        self._plot: SweepPlot | None = None
        self.plot_box = W.VBox()
        self.labels = [W.Label() for _ in range(7)]
        names = ("field", "gives", "from", "to", "games", "quantity", "pick")
        ws = (self.field, self.gives, self.low, self.high, self.games, self.quantity, self.pick)
        boxes = []
        for label, w, name in zip(self.labels, ws, names, strict=True):
            box = W.VBox([label, w])
            box.add_class("vl-panel-field")
            box.add_class("vl-sweep-field")
            box.add_class(f"vl-sweep-{name}")
            boxes.append(box)
        for cls, b in (
            ("start", self.start_button),
            ("cancel", self.cancel_button),
            ("take", self.take_button),
        ):
            b.add_class(f"vl-sweep-{cls}")
        self.gives_box = boxes[1]
        self.gives_box.layout.display = "none"
        row1 = W.Box([*boxes[:6], self.start_button, self.cancel_button])
        row2 = W.Box([boxes[6], self.take_button])
        for r in (row1, row2):
            r.add_class("vl-panel-controls")
            r.add_class("vl-sweep-row")
        self.widget = W.VBox(
            [panel_styles(CSS), self.title, self.intro, row1, self.bar.widget, self.plot_box, row2]
        )
        self.widget.add_class("vl-panel")
        self.widget.add_class("vl-sweep")
        self._last_draw = 0.0
        self._key: tuple[str, str] | None = None
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.title.value = f"<h4>{html.escape(_t('title', lang))}</h4>"
        self.intro.value = f"<small>{html.escape(_t('intro', lang))}</small>"
        for label, key in zip(
            self.labels,
            ("field", "gives", "from", "to", "games", "quantity", "pick"),
            strict=True,
        ):
            label.value = _t(key, lang)
        q = self.quantity.value
        self.quantity.options = [(_t(f"q.{k}", lang), k) for k in QUANTITIES]
        self.quantity.value = q
        self.start_button.description = _t("start", lang)
        self.cancel_button.description = _t("cancel", lang)
        self.take_button.description = _t("make_draft", lang)
        self._key = None
        self.card_selected()
        self._draw()

    # ---- the selected card ---------------------------------------------------------------

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
        self.gives_box.layout.display = None if character and fields else "none"
        self._field_changed()
        self.start_button.disabled = not fields or self.run.running
        if not fields:
            self.bar.say(_t("none", self.lang) if key else "")

    def _field_words(self, field: str, character: bool) -> str:
        return i18n.text(f"card.attr.{field}" if character else f"impact.field.{field}", self.lang)

    def _field_changed(self) -> None:
        """A character's value: offer the two others as the one that gives."""
        key = self.get_selected()
        field = self.field.value
        if key is None or key[0] != "character" or field is None:
            self.gives.options = []
        else:
            keep = self.gives.value
            givers = givers_of(str(field))
            self.gives.options = [(self._field_words(f, True), f) for f in givers]
            self.gives.value = keep if keep in givers else givers[0]
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
        tweak = self._tweak()
        if tweak is None:
            return
        draft = self.get_draft()
        now = tweak.value_in(draft)
        if isinstance(tweak, PairTweak):
            # every value the pair can reach with both values 1–6 (R2)
            partner = tweak.partner_at(draft, now)
            self.low.value = max(1, now - (6 - partner))
            self.high.value = min(6, now + (partner - 1))
            return
        self.low.value, self.high.value = max(0, now - 2), now + 2

    # ---- running -------------------------------------------------------------------------

    def start(self) -> None:
        tweak = self._tweak()
        if tweak is None or self.run.running:
            return
        try:
            self.run.start(
                self.get_draft(),
                tweak,
                int(self.low.value),
                int(self.high.value),
                games=int(self.games.value),
                on_update=self._update,
                on_done=self._done,
                on_start=self._started,
            )
        except VerliesError as e:
            self.bar.fail(_t("error", self.lang, msg=str(e)))

    def _started(self, run: SweepRun) -> None:
        """The range is good and the sweep begins (before its first update)."""
        self.start_button.disabled, self.cancel_button.disabled = True, False
        self.pick.options = [(str(v), v) for v in run.values]
        self.take_button.disabled = True
        self._draw()

    def _update(self, _run: SweepRun) -> None:
        now = time.monotonic()
        if now - self._last_draw >= 0.4:
            self._last_draw = now
            self._draw()

    def _done(self, _run: SweepRun) -> None:
        self.start_button.disabled, self.cancel_button.disabled = False, True
        self.take_button.disabled = not self.run.values or self.run.error is not None
        self._draw()

    def _clicked(self, value: int) -> None:
        """A point of the curve was clicked: the same as picking it and taking it."""
        if self.run.tweak is None or value not in self.run.values:
            return
        self.pick.value = value
        self.take()

    def take(self) -> bool:
        """Make the picked value the draft."""
        value = self.pick.value
        if value is None or self.run.tweak is None:
            return False
        tweak = self.run.tweak
        self.set_draft(self.run.deck_at(int(value)))
        if isinstance(tweak, PairTweak) and self.run.deck is not None:
            words = _t(
                "picked_pair",
                self.lang,
                what=i18n.text(f"card.attr.{tweak.field}", self.lang),
                value=value,
                gives=i18n.text(f"card.attr.{tweak.gives}", self.lang),
                partner=tweak.partner_at(self.run.deck, int(value)),
            )
        else:
            what = i18n.text(f"impact.field.{tweak.field}", self.lang)
            words = _t("picked", self.lang, what=what, value=value)
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

    def _draw(self) -> None:
        run = self.run
        if run.tweak is None and run.error is None:
            return
        words = run.progress_text(self.lang)
        if run.refused:
            refused = ", ".join(str(v) for v in run.refused)
            words += " " + _t("refused", self.lang, values=refused)
        if run.status == "failed":
            self.bar.fail(words)
        else:
            self.bar.show_run(run, words)
        now = run.tweak.value_in(run.deck) if run.tweak and run.deck else None
        q = str(self.quantity.value)
        labels = {v: str(v) for v in run.values}
        if isinstance(run.tweak, PairTweak) and run.deck is not None:
            tw, deck = run.tweak, run.deck
            gives = i18n.text(f"card.attr.{tw.gives}", self.lang)
            labels = {
                v: _t("pair_point", self.lang, value=v, gives=gives, partner=tw.partner_at(deck, v))
                for v in run.values
            }
        if now in labels:
            labels[now] = f"{labels[now]} ({_t('now', self.lang)})"
        if isinstance(run.tweak, PairTweak):
            x_label = i18n.text(f"card.attr.{run.tweak.field}", self.lang)
        elif run.tweak is not None:
            x_label = i18n.text(f"impact.field.{run.tweak.field}", self.lang)
        else:
            x_label = ""
        self.plot.show(
            run.points(q),
            run.values,
            labels,
            lambda x: _value(q, x, self.lang),
            now,
            x_label,
            _t("q." + q, self.lang),
        )

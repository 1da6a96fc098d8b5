"""The run panels' progress row and their shared look (issue 20: one home).

:class:`ProgressRow` is a bar and its words in one row (``vl-progress-row``), hidden until
a run shows it; the Balance tab's A/B run, skill matrix and suggestions and the Deck tab's
impact column and sweep each have one. :func:`panel_styles` is the panels' one stylesheet
(:data:`verlies.ui.core.theme.PANEL_CSS`) followed by a panel's own styles; :func:`failed_html`
is how a panel shows a failed run's words; :func:`rate_words` the games and games per
second of a run; :func:`belongs_html` which draft a result is of, or that it is out of
date (the stale mark). :class:`RunPanel` is what every run panel shares. The widgets are
made on use (a model module may import this one without loading a widget library).
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from verlies import i18n
from verlies.ui.core.theme import PANEL_CSS
from verlies.ui.core.words import Worded
from verlies.ui.runs.handover import Handover

if TYPE_CHECKING:
    import ipywidgets as widgets

    from verlies.ui.runs.run_model import BackgroundRun

__all__ = [
    "PanelParts",
    "ProgressRow",
    "RunPanel",
    "belongs_html",
    "failed_html",
    "panel_styles",
    "rate_words",
]


def _classed(w: widgets.DOMWidget, *classes: str) -> widgets.DOMWidget:
    for c in classes:
        w.add_class(c)
    return w


@dataclass
class PanelParts:
    """What every section panel of the Balance tab has, each part with the shared
    ``vl-panel-*`` class and the panel's own ``vl-<name>-*`` (which its tests and CSS read):
    a heading, an intro, the controls (fields, then Start/Cancel), the progress row, the
    status line, the result and the downloads."""

    heading: widgets.HTML
    intro: widgets.HTML
    controls: widgets.Box
    bar: ProgressRow
    status: widgets.HTML
    result: widgets.HTML
    downloads: widgets.HTML

    @staticmethod
    def field(name: str, label: widgets.Widget, w: widgets.Widget) -> widgets.VBox:
        """A labelled field of panel ``name``."""
        import ipywidgets as widgets

        box = widgets.VBox([label, w])
        _classed(box, "vl-panel-field", f"vl-{name}-field")
        return box

    @classmethod
    def make(
        cls, name: str, fields: list[widgets.Widget], buttons: list[widgets.Widget]
    ) -> PanelParts:
        import ipywidgets as widgets

        row = _classed(widgets.HBox(buttons), "vl-panel-buttons", f"vl-{name}-buttons")
        return cls(
            heading=_classed(widgets.HTML(), "vl-panel-heading", f"vl-{name}-heading"),
            intro=widgets.HTML(),
            controls=_classed(
                widgets.Box([*fields, row]), "vl-panel-controls", f"vl-{name}-controls"
            ),
            bar=ProgressRow(f"vl-{name}-progress"),
            status=_classed(widgets.HTML(), f"vl-{name}-status"),
            result=_classed(widgets.HTML(), f"vl-{name}-result"),
            downloads=widgets.HTML(),
        )

    def widget(self, name: str, css: str, *after: widgets.Widget) -> widgets.VBox:
        """The panel in its order (the parts, then ``after``), styled by ``css``."""
        import ipywidgets as widgets

        box = widgets.VBox(
            [
                panel_styles(css),
                self.heading,
                self.intro,
                self.controls,
                self.bar.widget,
                self.status,
                self.result,
                self.downloads,
                *after,
            ]
        )
        return _classed(box, "vl-panel", "vl-panel-section", f"vl-{name}")


def panel_styles(own: str = "") -> widgets.HTML:
    """The panels' shared stylesheet, then ``own`` (a ``<style>`` block; its rules win)."""
    import ipywidgets as widgets

    return widgets.HTML(PANEL_CSS + own)


def failed_html(words: str) -> str:
    """A failed run's words as a panel shows them (``vl-panel-failed``: in red)."""
    return f'<span class="vl-panel-failed">{html.escape(words)}</span>'


def belongs_html(then: Any, now: Any, lang: str, belongs: str) -> str:
    """The stale mark: which draft a result is of (``then``: the draft it was made of,
    named by its ``name``; ``belongs``: the words' key, with ``{draft}``), or, once the
    draft being edited (``now``) is another, that the result is out of date
    (``verdict.stale``, in red, a status for screen readers). "" for no result."""
    if then is None:
        return ""
    from verlies.ui.runs.run_model import still_of

    name = str(getattr(then, "name", ""))
    if still_of(then, now):
        words = i18n.text(belongs, lang, draft=name)
        return f'<p class="vl-fresh">{html.escape(words)}</p>'
    words = i18n.text("verdict.stale", lang, draft=name)
    return f'<p class="vl-stale" role="status" style="color:#b3261e">⚠ {html.escape(words)}</p>'


def rate_words(run: BackgroundRun, lang: str) -> str:
    """ "120 of 2000 games · 35 games/s" for ``run`` (``balance.progress`` in i18n)."""
    from verlies.i18n.numbers import signed

    seconds = run.seconds
    rate = run.done / seconds if seconds > 0 else 0.0
    return i18n.text(
        "balance.progress",
        lang,
        done=run.done,
        total=run.total,
        rate=signed(rate, lang, digits=0, sign=False),
    )


class ProgressRow:
    """A progress bar and its words; ``classes``: the panel's own names for the row (its
    tests and styles find it by them), ``text_class`` the words'. The row is hidden until
    it has something to say (:meth:`show`, :meth:`say`, :meth:`fail`), the bar until a run
    shows its games (:meth:`show`): a panel may say things before its first run."""

    def __init__(self, *classes: str, text_class: str | None = None) -> None:
        import ipywidgets as widgets

        self.bar = widgets.IntProgress(value=0, min=0, max=1)
        self.text = widgets.HTML()
        if text_class is not None:
            self.text.add_class(text_class)
        self.widget = widgets.HBox([self.bar, self.text])
        self.widget.add_class("vl-progress-row")
        for c in classes:
            self.widget.add_class(c)
        self.widget.layout.display = "none"
        self.bar.layout.display = "none"

    @property
    def visible(self) -> bool:
        return bool(self.widget.layout.display != "none")

    def show(self, done: int, total: int, words: str | None = None) -> None:
        """Show ``done`` of ``total`` (and ``words``, plain text; None: keep the words)."""
        self.bar.max = max(total, 1)
        self.bar.value = min(max(done, 0), self.bar.max)
        if words is not None:
            self.text.value = html.escape(words)
        self.bar.layout.display = None
        self.widget.layout.display = None

    def show_run(self, run: BackgroundRun, words: str | None = None) -> None:
        """Show ``run``'s games so far."""
        self.show(run.done, run.total, words)

    def say(self, words: str) -> None:
        """New words beside the bar as it is (plain text)."""
        self.text.value = html.escape(words)
        self.widget.layout.display = None

    def fail(self, words: str) -> None:
        """A failure's words beside the bar, in the failed colour."""
        self.text.value = failed_html(words)
        self.widget.layout.display = None

    def hide(self) -> None:
        self.widget.layout.display = "none"


class RunPanel(Worded):
    """What every run panel of the page shares (issue 39): the Balance tab's A/B run, skill
    matrix and suggestions, the Deck tab's impact column, sweep and named drafts.

    * the one threading rule: the run's callbacks are :meth:`_callbacks` (or given as
      ``self._hand.wrap(...)``), so they draw on the kernel's loop, never on the run's
      thread (:mod:`.handover`);
    * start and cancel: :meth:`_wire` ties the Start and Cancel buttons to the panel's
      start and its run's cancel; :meth:`_running` sets which of the two can be pressed;
    * progress and the end: :meth:`_progress` draws a run's news, :meth:`_done` its end
      (the buttons back, :meth:`_finished` draws the result or the error, then the
      :attr:`done_listeners` hear of a result);
    * the status line kept as words (:meth:`_set_status`), said again in a new language
      (:meth:`_say_status_again`), a failed run's words (:meth:`_show_failure`), or why a
      run did not start (:meth:`_say_refused`, said again too);
    * the language switch: :meth:`set_lang` says the panel's own words
      (:meth:`_say_words`), then the run's (:meth:`_say_run_again`);
    * the stale mark: :func:`belongs_html` (which draft a result is of, or out of date);
    * the redraw throttle while a run reports (:meth:`_due`: at most every
      :attr:`REDRAW_S` seconds; the end always draws).

    A panel calls ``RunPanel.__init__(self)`` first and has ``lang``, ``status`` (an HTML
    widget) and its words' keys as ``WORDS`` (:class:`verlies.ui.core.words.Keys`:
    ``self._t(key, **values)`` says them); a panel using :meth:`_wire` and
    :meth:`set_lang` gives its run by :meth:`_run_of` and its words by :meth:`_say_words`.
    docs/architecture.md says how a panel adopts it."""

    #: Seconds between two redraws while a run reports.
    REDRAW_S = 0.4

    lang: str
    status: Any

    def __init__(self) -> None:
        self._hand = Handover()  # made on the kernel's loop, where the panel is built
        self._last_draw = 0.0
        self._status: tuple[str, dict[str, object]] | None = None
        #: A refusal shown as the status line: its words in a language (said again).
        self._refusal: Callable[[str], str] | None = None
        self._buttons: tuple[Any, Any] | None = None
        #: Called after a run ended with a result and was drawn (the workspace keeps it).
        self.done_listeners: list[Callable[[], None]] = []

    # ---- the run: start, cancel, progress, end --------------------------------------------

    def _run_of(self) -> BackgroundRun:
        """The panel's run (the one Cancel cancels and the language switch asks)."""
        raise NotImplementedError

    def _wire(self, start_button: Any, cancel_button: Any, start: Callable[[], None]) -> None:
        """Start calls ``start``, Cancel :meth:`cancel`; Cancel is off until a run starts
        (:meth:`_running`)."""
        self._buttons = (start_button, cancel_button)
        start_button.on_click(lambda _b: start())
        cancel_button.on_click(lambda _b: self.cancel())
        cancel_button.disabled = True

    def cancel(self) -> None:
        """Ask the panel's run to stop (it ends after the games being played); Cancel is
        off from then on, Start comes back when the run has ended."""
        self._run_of().cancel()
        if self._buttons is not None:
            self._buttons[1].disabled = True

    def _running(self, running: bool) -> None:
        """While a run goes on Start is off and Cancel on; after it, the other way round."""
        if self._buttons is not None:
            start, cancel = self._buttons
            start.disabled, cancel.disabled = running, not running

    def _callbacks(self) -> tuple[Callable[[Any], None], Callable[[Any], None]]:
        """A run's ``on_update`` and ``on_done`` (:meth:`_progress`, :meth:`_done`), handed
        over to the kernel's loop."""
        return self._hand.wrap(self._progress), self._hand.wrap(self._done)

    def _progress(self, run: Any) -> None:
        """A run's news (on the kernel's loop); the panel draws what it shows of it."""

    def _done(self, run: Any) -> None:
        """A run ended, done, cancelled or failed (on the kernel's loop): the buttons back,
        :meth:`_finished` draws it, and the done listeners hear of a result."""
        self._running(False)
        if self._finished(run):
            for listener in list(self.done_listeners):
                listener()

    def _finished(self, run: Any) -> bool:
        """Draw a run's end; whether it left a result to tell the listeners of. Here: a
        failed run's words as the status line (no result)."""
        if run.status == "failed":
            self._show_failure(run)
            return False
        return True

    # ---- words: the status line and the language --------------------------------------------

    def set_lang(self, lang: str) -> None:
        """Every word of the panel in ``lang``: its own (:meth:`_say_words`), then its run's
        (:meth:`_say_run_again`)."""
        self.lang = lang
        self._say_words()
        self._say_run_again()

    def _say_words(self) -> None:
        """The panel's own words (headings, labels, buttons) in :attr:`lang`."""
        raise NotImplementedError

    def _say_run_again(self) -> None:
        """The run's words in the new language: the kept status line, or the failure."""
        if not self._say_status_again():
            run = self._run_of()
            if run.status == "failed":
                self._show_failure(run)

    def _set_status(self, key: str, **kw: object) -> None:
        """The status line: ``key`` of the panel's words with ``kw`` (a float in the page's
        language, one decimal), kept to be said again in another language."""
        from verlies.i18n.numbers import signed

        self._status, self._refusal = (key, kw), None
        shown = {
            k: signed(v, self.lang, digits=1, sign=False) if isinstance(v, float) else v
            for k, v in kw.items()
        }
        self.status.value = html.escape(self._t(key, **shown))

    def _say_status_again(self) -> bool:
        """The kept status line (or refusal) in the panel's language now (False: none is
        kept)."""
        if self._refusal is not None:
            self._say_refused(self._refusal)
            return True
        if self._status is None:
            return False
        key, kw = self._status
        self._set_status(key, **kw)
        return True

    def _forget_status(self) -> None:
        """No status line or refusal kept (what the panel says next is its own)."""
        self._status = self._refusal = None

    def _show_failure(self, run: BackgroundRun) -> None:
        """``run``'s failure in words (in red) as the status line, in the panel's language;
        no status is kept (the run's words are said again from the run)."""
        self._status = self._refusal = None
        self.status.value = failed_html(run.error_text(self.lang) or "")

    def _say_refused(self, words: Callable[[str], str]) -> None:
        """Why a run did not start (a wrong field: ``words(lang)``, its words in a language)
        in red as the status line; kept, so a language switch says it again."""
        self._status, self._refusal = None, words
        self.status.value = failed_html(words(self.lang))

    def _due(self, force: bool = False) -> bool:
        """Whether a run's news is drawn now: ``force``, or :attr:`REDRAW_S` since the last."""
        now = time.monotonic()
        if not force and now - self._last_draw < self.REDRAW_S:
            return False
        self._last_draw = now
        return True

"""The one run panel (issue 39 item 2): what :class:`verlies.ui.runs.panel_view.RunPanel`
gives a panel (start and cancel buttons, progress, the end, a failure, the status line,
the language switch, the stale mark), on a small panel of its own over a real
:class:`~verlies.ui.runs.run_model.BackgroundRun`; and the two panels that adopted it
(skill matrix, named drafts) keep their behaviour."""

from __future__ import annotations

import threading
from collections.abc import Callable

import ipywidgets as widgets

from verlies import i18n
from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.ui.runs.panel_view import RunPanel, belongs_html
from verlies.ui.runs.run_model import BackgroundRun, still_of


class CountRun(BackgroundRun):
    """Counts to ``n`` in its thread, reporting each step; waits on ``gate`` after the
    first, so a test sees it running; fails with ``fail`` when given."""

    def start(
        self,
        n: int,
        gate: threading.Event,
        fail: str,
        on_update: Callable[[CountRun], None],
        on_done: Callable[[CountRun], None],
    ) -> None:
        self._begin(n)

        def work() -> bool | None:
            for i in range(1, n + 1):
                self._progress(i, n)
                on_update(self)
                if i == 1:
                    gate.wait(60)
                if fail:
                    raise VerliesError(fail)
                if self._cancel.is_set():
                    return True
            return False

        self._launch(work, on_done)


class CountPanel(RunPanel):
    def __init__(self, lang: str = "en") -> None:
        RunPanel.__init__(self)
        self.run = CountRun()
        self.lang = lang
        self.status = widgets.HTML()
        self.start_button, self.cancel_button = widgets.Button(), widgets.Button()
        self.seen: list[int] = []
        self.said: list[str] = []
        self.gate = threading.Event()
        self.fail = ""
        self._wire(self.start_button, self.cancel_button, self.start)
        self.set_lang(lang)

    def _t(self, key: str, **kw: object) -> str:
        return i18n.text(key, self.lang, **kw)

    def _run_of(self) -> CountRun:
        return self.run

    def _say_words(self) -> None:
        self.start_button.description = self._t("skill.start")
        self.said.append(self.lang)

    def start(self) -> None:
        self._running(True)
        on_update, on_done = self._callbacks()
        self.run.start(3, self.gate, self.fail, on_update=on_update, on_done=on_done)

    def _progress(self, run: CountRun) -> None:
        self.seen.append(run.done)

    def _finished(self, run: CountRun) -> bool:
        if not RunPanel._finished(self, run):
            return False
        self._set_status("skill.done", games=run.done, tables=1, seconds=2.5)
        return True


def _wait(panel: CountPanel) -> None:
    assert panel.run.wait(60)


def test_start_cancel_progress_and_the_end_go_through_the_panel() -> None:
    panel = CountPanel()
    ends: list[str] = []
    panel.done_listeners.append(lambda: ends.append(panel.run.status))
    assert (panel.start_button.disabled, panel.cancel_button.disabled) == (False, True)
    panel.start_button.click()
    assert (panel.start_button.disabled, panel.cancel_button.disabled) == (True, False)
    panel.cancel_button.click()  # the run's cancel, asked while it waits at its gate
    assert panel.run.cancel_requested
    panel.gate.set()
    _wait(panel)
    # no kernel's loop here: the handed-over calls ran in this thread at wait(), in order
    assert panel.seen == [1] and ends == ["cancelled"]
    assert (panel.start_button.disabled, panel.cancel_button.disabled) == (False, True)
    assert panel.status.value == i18n.text("skill.done", "en", games=1, tables=1, seconds="2.5")


def test_a_failure_is_said_in_red_and_no_listener_hears_of_a_result() -> None:
    panel = CountPanel()
    ends: list[str] = []
    panel.done_listeners.append(lambda: ends.append("told"))
    panel.fail = "R2.2: no <deck>"
    panel.gate.set()
    panel.start()
    _wait(panel)
    assert panel.run.status == "failed" and ends == []
    assert panel.status.value == '<span class="vl-panel-failed">R2.2: no &lt;deck&gt;</span>'
    assert not panel.start_button.disabled and panel.cancel_button.disabled


def test_the_language_switch_says_the_words_then_the_status_again() -> None:
    panel = CountPanel("en")
    panel.gate.set()
    panel.start()
    _wait(panel)
    panel.set_lang("de")
    assert panel.said == ["en", "de"]
    assert panel.start_button.description == i18n.text("skill.start", "de")
    # the kept status line, again in German: its float with a decimal comma
    assert panel.status.value == i18n.text("skill.done", "de", games=3, tables=1, seconds="2,5")
    assert "2,5" in panel.status.value


def test_a_refusal_is_said_again_in_the_new_language_until_a_run_says_its_own() -> None:
    panel = CountPanel("en")
    panel._say_refused(lambda lang: i18n.text("balview.more.stale", lang))
    red = '<span class="vl-panel-failed">{}</span>'
    assert panel.status.value == red.format(i18n.text("balview.more.stale", "en"))
    panel.set_lang("de")
    assert panel.status.value == red.format(i18n.text("balview.more.stale", "de"))
    panel.gate.set()
    panel.start()
    _wait(panel)
    panel.set_lang("en")  # the run's status replaced the refusal: it is not said again
    assert panel.status.value == i18n.text("skill.done", "en", games=3, tables=1, seconds="2.5")


def test_the_stale_mark_names_the_draft_or_says_it_is_out_of_date() -> None:
    deck = Deck.default()
    assert belongs_html(None, deck, "en", "verdict.skill_belongs") == ""
    fresh = belongs_html(deck, deck, "en", "verdict.skill_belongs")
    assert fresh.startswith('<p class="vl-fresh">') and deck.name in fresh
    assert still_of(deck, Deck.default()) and still_of(None, deck)
    changed = object()
    stale = belongs_html(deck, changed, "de", "verdict.skill_belongs")
    assert stale.startswith('<p class="vl-stale" role="status"')
    assert i18n.text("verdict.stale", "de", draft=deck.name) in stale
    assert not still_of(deck, changed)

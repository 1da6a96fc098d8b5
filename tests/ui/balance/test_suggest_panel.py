"""The Suggest panel's run life through :class:`verlies.ui.runs.panel_view.RunPanel`
(issue 39): a refused setting, Start and Cancel, a search that ends without an answer, and
every line of it in the page's language after a switch. No games are played: the search
waits at a gate until Cancel was pressed, so it is cancelled before its first candidate."""

from __future__ import annotations

import html
import re
import threading
from typing import Any

import pytest

from verlies import i18n
from verlies.deck import Deck
from verlies.ui.balance import suggest_model
from verlies.ui.balance.suggest_view import SuggestPanel


def _said(panel: SuggestPanel) -> str:
    """The status line's words, without its tags."""
    return html.unescape(re.sub(r"<[^>]+>", "", panel.status.value))


def test_start_cancel_and_the_end_go_through_the_run_panel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gate = threading.Event()
    real = suggest_model.tune

    def gated(*args: Any, **kw: Any) -> Any:
        assert gate.wait(60), "Cancel was not pressed"
        return real(*args, **kw)

    monkeypatch.setattr(suggest_model, "tune", gated)
    panel = SuggestPanel(Deck.default, lang="de")
    told: list[str] = []
    panel.done_listeners.append(lambda: told.append(panel.run.status))
    panel.targets.value = "win:*=25+-3\nwins=1:2"
    panel.start_button.click()  # refused: nothing starts
    assert not panel.run.running and "vl-panel-failed" in panel.status.value
    assert "Ziele, Zeile 2" in _said(panel)
    assert not panel.start_button.disabled and panel.cancel_button.disabled
    panel.targets.value = "win:*=20:30"
    panel.games.value, panel.trials.value = 16, 40
    panel.start_button.click()
    assert panel.run.running
    assert panel.start_button.disabled and not panel.cancel_button.disabled
    assert _said(panel) == i18n.text("suggest.running", "de")  # the refusal is over
    panel.cancel_button.click()
    assert panel.cancel_button.disabled and panel.start_button.disabled  # pressed once
    gate.set()
    assert panel.run.wait(600)  # its end drawn here (no loop runs in a test)
    assert panel.run.status == "failed" and told == []  # no answer: nobody to tell
    assert not panel.start_button.disabled and panel.cancel_button.disabled
    german = _said(panel)
    assert "vl-panel-failed" in panel.status.value
    assert german == panel.run.error_text("de") and german != panel.run.error_text("en")
    panel.set_lang("en")
    assert _said(panel) == panel.run.error_text("en")
    assert panel.start_button.description == i18n.text("suggest.start", "en")

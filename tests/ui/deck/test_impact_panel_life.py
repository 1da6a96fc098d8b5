"""The impact column's panel on RunPanel's run life (issue 39: one run panel), as the other
run panels: Start/Cancel wired by the base (Cancel off until a run starts and once
pressed), a refusal said in red where the progress is and said again in the new language
after a switch until the next run, the end drawn by ``_finished`` and told to the done
listeners only for a run that did not fail."""

from __future__ import annotations

import html
import re

from verlies.deck import Deck
from verlies.ui.deck.impact_view import ImpactPanel

CARDS = [("treasure", "schatz-alte-muenze"), ("treasure", "schatz-muenzbeutel")]


def _said(panel: ImpactPanel) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", panel.bar.text.value))


def _panel(listed: list[tuple[str, str]]) -> tuple[ImpactPanel, list[str]]:
    draft = Deck.default()
    panel = ImpactPanel(lambda: draft, lambda: listed, lambda: None, lang="en", workers=1)
    told: list[str] = []
    panel.done_listeners.append(lambda: told.append(panel.column.status))
    return panel, told


def test_a_refusal_is_said_again_in_the_new_language_until_the_next_run() -> None:
    listed: list[tuple[str, str]] = []
    panel, told = _panel(listed)
    assert panel.cancel_button.disabled and not panel.start_button.disabled
    panel.scope.value = "listed"  # only the cards in the list, and the list is empty
    panel.start()
    assert not panel.column.running and panel.bar.visible
    assert _said(panel) == "Not computed: no card is in the list (the filter hides them all)"
    assert "vl-panel-failed" in panel.bar.text.value  # in red
    panel.set_lang("de")
    assert _said(panel) == "Nicht berechnet: keine Karte in der Liste (der Filter blendet alle aus)"
    listed.extend(CARDS)  # the next run forgets it
    panel.method.value = "sensitivity"
    panel.games.value = 8
    panel.players.value = 2
    panel.start()
    assert panel.column.wait(600)
    assert "Nicht berechnet" not in _said(panel)
    panel.set_lang("en")
    assert "Not computed" not in _said(panel) and "Keine" not in _said(panel)
    assert told == ["done"]


def test_start_and_cancel_follow_the_run_and_the_end_is_told_once() -> None:
    panel, told = _panel(CARDS)
    panel.scope.value = "listed"
    panel.method.value = "sensitivity"
    panel.games.value = 4000  # long enough to be cancelled
    panel.players.value = 2
    panel.start()
    assert panel.start_button.disabled and not panel.cancel_button.disabled
    panel.cancel_button.click()
    assert panel.cancel_button.disabled  # off once pressed
    assert panel.column.wait(600)
    assert not panel.start_button.disabled and panel.cancel_button.disabled
    assert panel.column.status == "cancelled"
    assert told == ["cancelled"]  # the figures found so far are kept


def test_a_failed_run_is_said_and_not_told_to_the_listeners() -> None:
    panel, told = _panel([("treasure", "no-such-card")])
    panel.scope.value = "listed"
    panel.method.value = "sensitivity"
    panel.games.value = 2
    panel.players.value = 2
    panel.start()
    assert panel.column.wait(600)
    assert panel.column.status == "failed"
    assert "no-such-card" in _said(panel) and "vl-panel-failed" in panel.bar.text.value
    assert told == []
    assert not panel.start_button.disabled and panel.cancel_button.disabled

"""The run panels' one look (issue 20): the progress row and the shared stylesheet.

The Balance tab's A/B run, skill matrix and suggestions and the Deck tab's impact column
and sweep each show their run in a :class:`verlies.ui.runs.panel_view.ProgressRow` and style
their controls with :data:`verlies.ui.core.theme.PANEL_CSS`; no panel repeats those rules.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from verlies.deck import Deck
from verlies.ui.core.theme import PANEL_CSS
from verlies.ui.runs.panel_view import ProgressRow, failed_html, rate_words


def test_the_row_is_hidden_until_it_has_something_to_say() -> None:
    row = ProgressRow("vl-x-progress", text_class="vl-x-status")
    assert not row.visible and row.bar.layout.display == "none"
    assert {"vl-progress-row", "vl-x-progress"} <= set(row.widget._dom_classes)
    assert "vl-x-status" in row.text._dom_classes
    row.say("No <run> yet")
    assert row.visible and row.bar.layout.display == "none"  # words alone
    assert row.text.value == "No &lt;run&gt; yet"
    row.show(3, 8, "3 of 8")
    assert row.visible and row.bar.layout.display is None
    assert (row.bar.value, row.bar.max, row.text.value) == (3, 8, "3 of 8")
    row.show(12, 8)  # more than the total (a watched run's last block): a full bar
    assert (row.bar.value, row.bar.max, row.text.value) == (8, 8, "3 of 8")
    row.show(0, 0)
    assert (row.bar.value, row.bar.max) == (0, 1)
    row.fail("R2.2: <bad>")
    assert row.text.value == '<span class="vl-panel-failed">R2.2: &lt;bad&gt;</span>'
    assert row.text.value == failed_html("R2.2: <bad>")
    row.hide()
    assert not row.visible


def test_rate_words_follow_the_language() -> None:
    from verlies.ui.runs.run_model import BackgroundRun

    run = BackgroundRun()
    run.done, run.total = 1200, 2000
    assert rate_words(run, "en").startswith("1200 of 2000 games")
    assert rate_words(run, "de").startswith("1200 von 2000 Partien")


def _panels() -> dict[str, Any]:
    from verlies.ui.balance.balance_view import BalanceTab
    from verlies.ui.deck.impact_view import ImpactPanel
    from verlies.ui.deck.sweep_view import SweepPanel

    deck = Deck.default()
    tab = BalanceTab(lambda: deck, lambda: deck, "en", workers=1)
    impact = ImpactPanel(lambda: deck, lambda: [], lambda: None, "en", workers=1)
    sweep = SweepPanel(lambda: deck, lambda: None, lambda _d: None, "en", workers=1)
    return {
        "balance": (tab.box, tab.bar),
        "skill": (tab.skill.widget, tab.skill.bar),
        "suggest": (tab.suggest.widget, tab.suggest.bar),
        "impact": (impact.widget, impact.bar),
        "sweep": (sweep.widget, sweep.bar),
    }


def _walk(w: Any) -> Any:
    yield w
    for c in getattr(w, "children", ()):
        yield from _walk(c)


@pytest.fixture(scope="module")
def panels() -> dict[str, Any]:
    return _panels()


@pytest.mark.parametrize("name", ["balance", "skill", "suggest", "impact", "sweep"])
def test_each_panel_has_the_one_look(panels: dict[str, Any], name: str) -> None:
    box, row = panels[name]
    assert "vl-panel" in box._dom_classes and f"vl-{name}" in box._dom_classes
    widgets = list(_walk(box))
    assert row.widget in widgets and f"vl-{name}-progress" in row.widget._dom_classes
    styles = [w.value for w in widgets if "<style>" in str(getattr(w, "value", ""))]
    assert len(styles) == 1 and styles[0].startswith(PANEL_CSS)  # the shared block first
    own = styles[0][len(PANEL_CSS) :]
    # no panel repeats what the shared block says
    for repeated in (
        r"\.jupyter-button\s*\{",
        r"\.widget-progress\s*\{",
        r"display:\s*flex;\s*flex-flow:\s*row wrap",
        r"\.widget-html-content\s*\{",
        r"-field \.widget-label\s*\{",
    ):
        assert not re.search(repeated, own), (name, repeated)
    fields = [w for w in widgets if "vl-panel-field" in getattr(w, "_dom_classes", ())]
    controls = [w for w in widgets if "vl-panel-controls" in getattr(w, "_dom_classes", ())]
    assert fields and controls
    assert all(f"vl-{name}-field" in f._dom_classes for f in fields)
    # only one progress bar in the panel: the row's
    bars = [w for w in widgets if type(w).__name__ == "IntProgress"]
    assert bars == [row.bar]


def test_sections_below_the_balance_run_are_marked_as_sections(panels: dict[str, Any]) -> None:
    for name in ("skill", "suggest"):
        assert "vl-panel-section" in panels[name][0]._dom_classes
    for name in ("balance", "impact", "sweep"):
        assert "vl-panel-section" not in panels[name][0]._dom_classes


HANG = 300.0  # seconds: only a hang gets near it


def test_a_failed_ab_run_is_located_words_in_the_pages_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bug in the work (here: a share that is None, in verlies/ui/balance/skill_model.py) ends the
    Balance tab's run with its words in red, in the page's language, also after a switch;
    Start is offered again."""
    from verlies.ui.balance import balance_model, balance_view
    from verlies.ui.balance.skill_model import pct_text

    def broken(*_a: object, **_k: object) -> object:
        return pct_text(None, "en")  # type: ignore[arg-type]

    monkeypatch.setattr(balance_model, "compare", broken)
    deck = Deck.default()
    tab = balance_view.BalanceTab(lambda: deck, lambda: deck, "en", workers=1)
    tab.games.value = 8
    tab.start()
    assert tab.run.wait(HANG) and tab.run.status == "failed"
    shown = tab.status.value
    assert shown.startswith('<span class="vl-panel-failed">Stopped with an error (A/B run): ')
    assert "TypeError" in shown and "(in verlies/ui/balance/skill_model.py, line " in shown
    assert not tab.start_button.disabled and tab.cancel_button.disabled
    tab.set_lang("de")
    shown = tab.status.value
    assert shown.startswith('<span class="vl-panel-failed">Mit einem Fehler abgebrochen (A/B-Lauf)')
    assert "(in verlies/ui/balance/skill_model.py, Zeile " in shown


def test_a_failed_sweep_says_the_rules_words_in_the_pages_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """verlies' own error in the work (a set-up the rules refuse, R2.2) is shown as it
    says itself, in the page's language, beside the sweep's progress bar."""
    from verlies.game import Game
    from verlies.ui.deck import sweep_model
    from verlies.ui.deck.sweep_view import SweepPanel

    def refused(*_a: object, **_k: object) -> object:
        return Game.new(players=9)

    monkeypatch.setattr(sweep_model, "sweep", refused)
    deck = Deck.default()
    key = ("treasure", "schatz-muenzbeutel")
    panel = SweepPanel(lambda: deck, lambda: key, lambda _d: None, "en", workers=1)
    assert panel.field.value == "gold"
    panel.start()
    assert panel.run.wait(HANG) and panel.run.status == "failed"
    assert panel.bar.visible and "vl-panel-failed" in panel.status.value
    assert "R2.2: 1 to 4 players are the rules, not 9" in panel.status.value
    assert not panel.start_button.disabled and panel.take_button.disabled
    panel.set_lang("de")
    assert "R2.2: die Regeln erlauben 1 bis 4 Spieler, nicht 9" in panel.status.value
    assert "vl-panel-failed" in panel.status.value

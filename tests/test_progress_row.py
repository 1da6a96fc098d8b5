"""The run panels' one look (issue 20): the progress row and the shared stylesheet.

The Balance tab's A/B run, skill matrix and suggestions and the Deck tab's impact column
and sweep each show their run in a :class:`verlies.ui.progress_row.ProgressRow` and style
their controls with :data:`verlies.ui.theme.PANEL_CSS`; no panel repeats those rules.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from verlies.deck import Deck
from verlies.ui.progress_row import ProgressRow, failed_html, rate_words
from verlies.ui.theme import PANEL_CSS


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
    from verlies.ui.background import BackgroundRun

    run = BackgroundRun()
    run.done, run.total = 1200, 2000
    assert rate_words(run, "en").startswith("1200 of 2000 games")
    assert rate_words(run, "de").startswith("1200 von 2000 Partien")


def _panels() -> dict[str, Any]:
    from verlies.ui.balance import BalanceTab
    from verlies.ui.editor_impact import ImpactPanel
    from verlies.ui.editor_sweep import SweepPanel

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

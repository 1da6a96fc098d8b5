"""What the play page's start costs, counted, never timed (issue 20 item 6): every page load
starts a kernel that runs ``play_app()``, so what it imports and the widgets it makes are
paid by every visitor. Each check runs in a fresh Python process (``sys.modules`` of this
one has had everything imported by other tests)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]

#: Loaded only by the tab or action that needs them: the shared tables' and playtests'
#: store (sqlalchemy), the balance lab and its worker processes, the lab's plots.
HEAVY = (
    "sqlalchemy",
    "verlies.store.db",
    "verlies.store.tables",
    "verlies.ui.table.table_session",
    "verlies.sim.lab",
    "verlies.sim.run",
    "verlies.sim.compare",
    "multiprocessing",
    "bqplot",
    "verlies.ui.balance.balance_model",
    "verlies.ui.balance.balance_view",
    "verlies.ui.deck.editor_view",
)
#: Widgets (models sent to the browser, Layout and Style included) the page's start makes
#: at most: 362 before the table bar's take-back part was built on first use.
MAX_WIDGETS = 345


def _run(code: str, tmp_path: Path) -> dict[str, Any]:
    env = dict(os.environ, VERLIES_DATA_DIR=str(tmp_path))  # a store of this test's own
    env.pop("VERLIES_STORE_URL", None)
    r = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    out: dict[str, Any] = json.loads(r.stdout.strip().splitlines()[-1])
    return out


START = """
import json, sys
import ipywidgets
before = len(ipywidgets.Widget.widgets)
from verlies.ui import play_app
page = play_app()
print(json.dumps({
    "loaded": sorted(sys.modules),
    "widgets": len(ipywidgets.Widget.widgets) - before,
    "classes": sorted({c for w in ipywidgets.Widget.widgets.values()
                       for c in getattr(w, "_dom_classes", ())}),
}))
"""


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _run(START, tmp_path_factory.mktemp("store"))


def test_the_page_start_imports_no_heavy_library(started: dict[str, Any]) -> None:
    loaded = set(started["loaded"])
    assert "verlies.ui.page" in loaded and "ipycanvas" in loaded  # the page was built
    assert sorted(loaded & set(HEAVY)) == []


def test_the_page_start_makes_a_bounded_number_of_widgets(started: dict[str, Any]) -> None:
    # the page is all there: board, controls, side panels, log, table bar, tabs
    for cls in ("vl-board", "vl-controls", "vl-side", "vl-table-invite", "vl-tabs"):
        assert cls in started["classes"], cls
    assert "vl-table-takeback-box" not in started["classes"]  # built at a table's page
    assert 200 < started["widgets"] <= MAX_WIDGETS


def test_a_table_or_a_tab_loads_what_it_needs_when_asked(tmp_path: Path) -> None:
    """The libraries left out of the start arrive with the action that needs them: the
    balance lab's names through ``verlies.sim``, the table store with a table."""
    code = """
import json, sys
from verlies.ui import play_app
from verlies.ui.page import PlayApp
app = PlayApp(lang="en")
import verlies.sim
lazy = "verlies.sim.lab" in sys.modules
from verlies.sim import Metrics, compare, simulate
import verlies.sim.compare, verlies.sim.sweep
from verlies.sim import sweep
import verlies.sim as sim
same = (compare is sys.modules["verlies.sim.compare"] and sweep is sim.sweep
        and callable(sim.impact.impact) and sim.lab.simulate is simulate
        and compare.Comparison is sim.Comparison)
app.table_bar.make_table()
print(json.dumps({
    "lazy": lazy,
    "same": same,
    "table_store": "sqlalchemy" in sys.modules,
    "links": app.table_bar.links.value,
    "dir": sorted(set(sim.__all__) - set(dir(sim))),
}))
"""
    out = _run(code, tmp_path)
    assert out["lazy"] is False  # "import verlies.sim" alone loads no lab
    assert out["same"] is True and out["dir"] == []
    assert out["table_store"] is True
    assert "Spectator link" in out["links"] and "vl-table-link" in out["links"]


def test_the_deck_tabs_modules_load_no_plot_library_until_a_plot_is_made(
    tmp_path: Path,
) -> None:
    """The Deck tab's editor and sweep panel import without bqplot and pandas (~0.45 CPU-s
    in every process that collects their tests, each test worker: issue 39 item 5); the
    sweep's plot brings them when it is made, and is a bqplot figure as before."""
    code = """
import json, sys
import verlies.ui.deck.editor_view, verlies.ui.deck.sweep_view, verlies.ui.deck.sweep_words
plots = ("bqplot", "pandas")
before = sorted(m for m in plots if m in sys.modules)
from verlies.ui.deck.sweep_plot_view import SweepPlot
plot = SweepPlot(lambda value: None)
print(json.dumps({
    "before": before,
    "after": sorted(m for m in plots if m in sys.modules),
    "figure": type(plot.widget).__module__ + "." + type(plot.widget).__name__,
}))
"""
    out = _run(code, tmp_path)
    assert out["before"] == []
    assert out["after"] == ["bqplot", "pandas"]
    assert out["figure"] == "bqplot.figure.Figure"


def test_every_public_name_of_the_lab_loads_on_first_use() -> None:
    """verlies.sim loads its names on first use (a table of homes): every name of its
    ``__all__`` arrives, and a class or function is the one its submodule defines."""
    import importlib

    import verlies.sim as sim

    for name in sim.__all__:
        value = getattr(sim, name)
        home = getattr(value, "__module__", None)
        if isinstance(home, str) and home.startswith("verlies.sim."):
            assert getattr(importlib.import_module(home), name) is value, name

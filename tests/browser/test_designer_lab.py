"""The play page inside JupyterLab, beside its file browser (issue 12): notebooks/play.ipynb
opened in a real JupyterLab in headless Chromium, run, and its board clicked. The app must
not scroll sideways (no scrolled ancestor, nothing past the notebook's right edge) and Step
and Save must stay on screen.

The notebook is a copy in a temporary folder: JupyterLab saves open notebooks on its own,
and the repository's copy must stay as it is. Waits follow progress (the page, JupyterLab's
log and its kernel's CPU time: tests/browser/progress.py), not fixed times."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from browser_settings import ARTIFACTS, REPO_ROOT
from page_moves import state, targets
from playwright.sync_api import Page
from progress import follow, follow_expect, follow_js, has, navigate, wait_canvas
from test_play import click_canvas, wait_state

#: Every ancestor of the app that is scrolled sideways or wider than its box, and where the
#: parts a person needs are drawn, against the notebook's visible area.
_MEASURE_JS = """() => {
  const app = document.querySelector('.vl-app');
  const scrolled = [];
  for (let e = app; e; e = e.parentElement) {
    if (e.scrollLeft !== 0) scrolled.push(e.className + ' scrollLeft=' + e.scrollLeft);
  }
  if (window.scrollX !== 0) scrolled.push('window scrollX=' + window.scrollX);
  const box = s => {
    const e = Array.from(document.querySelectorAll(s)).find(x => x.offsetParent !== null);
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width};
  };
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const r = panel.getBoundingClientRect();
  return {scrolled, panel: {left: r.left, right: r.right, top: r.top, bottom: r.bottom},
          app: box('.vl-app'), step: box('.vl-step'), save: box('.vl-save'),
          board: box('canvas.vl-board'), files: box('#filebrowser')};
}"""


@pytest.fixture(scope="module")
def lab_server(server_factory: Callable[..., Any], tmp_path_factory: pytest.TempPathFactory) -> Any:
    root = tmp_path_factory.mktemp("lab-root")
    shutil.copy(REPO_ROOT / "notebooks" / "play.ipynb", root / "play.ipynb")
    state_dir = tmp_path_factory.mktemp("lab-state")
    argv = [
        str(Path(sys.executable).parent / "jupyter"),
        "lab",
        "--no-browser",
        "--allow-root",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={root}",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        f"--LabApp.user_settings_dir={state_dir / 'settings'}",
        f"--LabApp.workspaces_dir={state_dir / 'workspaces'}",
        "--LabApp.expose_app_in_browser=True",  # window.jupyterapp: run the cells by command
        "--LabApp.news_url=",
    ]
    return server_factory("jupyterlab", argv, ready_path="/api", timeout=120, cwd=root)


@pytest.fixture(scope="module")
def lab_url(lab_server: Any) -> str:
    return str(lab_server.url("/lab/tree/play.ipynb"))


def measure(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(_MEASURE_JS)
    return found


def in_view(page: Page, what: str, on_screen: bool = False) -> bool:
    """True once the app is in view (for a wait: the page may still be laying it out);
    raises the AssertionError that says what is not, while it is not."""
    assert_in_view(measure(page), what, on_screen)
    return True


def assert_in_view(found: dict[str, Any], what: str, on_screen: bool = False) -> None:
    """Nothing scrolled sideways, Step, Save and the board within the notebook's width (and
    with ``on_screen``, Step within its visible height too: right under the board)."""
    assert found["scrolled"] == [], (what, found["scrolled"])
    panel = found["panel"]
    for part in ("step", "save", "board"):
        box = found[part]
        assert box is not None and box["width"] > 0, (what, part, found)
        assert panel["left"] - 0.5 <= box["left"] and box["right"] <= panel["right"] + 0.5, (
            what,
            part,
            box,
            panel,
        )
        if on_screen and part == "step":  # Save is further down: a vertical scroll away
            assert panel["top"] <= box["top"] and box["bottom"] <= panel["bottom"], (
                what,
                part,
                box,
                panel,
            )
    assert found["app"]["right"] <= panel["right"] + 0.5, (what, found["app"], panel)
    files = found["files"]  # the file browser is still open beside the notebook
    assert files is not None and files["width"] > 100 and files["right"] <= panel["left"] + 1


def test_play_notebook_in_jupyterlab_beside_the_file_browser(
    page: Page, lab_url: str, lab_server: Any, console_errors: list[str]
) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    navigate(page, lab_url, server=lab_server)  # JupyterLab's progress counts in every wait
    follow_js(
        page,
        "() => window.jupyterapp && document.querySelector('.jp-NotebookPanel .jp-Cell')",
        "JupyterLab with the notebook",
    )
    files = page.locator("#filebrowser")
    if not files.is_visible():  # JupyterLab opens it on a first visit; make sure it is open
        page.click(".jp-SideBar.jp-mod-left [data-id='filebrowser']")
    follow_expect(files).to_be_visible()
    # run the notebook as a person does with "Run ▸ Run All Cells"
    # once the notebook's kernel is up and idle (a run sent earlier can be lost) ...
    follow_js(
        page,
        """() => {
          const w = window.jupyterapp.shell.currentWidget;
          const k = w && w.sessionContext && w.sessionContext.session
            && w.sessionContext.session.kernel;
          return k && k.status === 'idle' && w.content && w.content.widgets.length > 0;
        }""",
        "the notebook's kernel, idle",
    )
    # (not awaited: the command's promise is not one to wait on; the app's state line is)
    page.evaluate(
        "() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); return null; }"
    )
    follow(page, has(page, ".vl-state"), "the app's state line")
    wait_canvas(page, "canvas.vl-board", min_colors=8)
    ARTIFACTS.mkdir(exist_ok=True)
    # the output's views are attached one by one (ipywidgets builds a box's children
    # asynchronously): a drawn board does not yet say that Step and Save are laid out
    follow(page, lambda: in_view(page, "after running"), "the app in view after running")
    # the person's first move by its buttons, then a click on the board: where the drawn
    # card goes (a place target, at its pixel centre on the canvas)
    s = state(page)
    page.click(".vl-action >> nth=0")  # draw a dungeon card
    s = wait_state(page, s)
    if s["chance"] == "1":
        page.click(".vl-roll-card")
        s = wait_state(page, s)
    assert s["pending"] == "place", s
    # the buttons' clicks scrolled the notebook down to them: the board back into view, as
    # a person scrolls up to it (vertically; a sideways scroll would show in the measures)
    page.locator("canvas.vl-board").scroll_into_view_if_needed()
    assert_in_view(measure(page), "before the board click")
    # the board's targets come after the state line: follow them
    follow(
        page,
        lambda: any(t.get("visible", "1") == "1" for t in targets(page, "place")),
        "a cell to lay the card",
    )
    place = [t for t in targets(page, "place") if t.get("visible", "1") == "1"]
    click_canvas(page, place[0])  # a mouse click: no scrolling by the test itself
    follow_js(
        page,
        "() => document.activeElement instanceof HTMLCanvasElement"
        " || document.querySelector('.vl-confirm-place')",
        "the board's focus or the confirm button",
    )
    # the click reached the kernel: the ghost card is shown there
    follow(page, has(page, ".vl-ghost"), "the ghost card")
    page.screenshot(path=str(ARTIFACTS / "jupyterlab-board-click.png"))
    follow(
        page,
        lambda: in_view(page, "after the board click", on_screen=True),
        "the app in view after the board click",
    )
    # and laying it (Step and Save still there after the move)
    page.click(".vl-confirm-place")
    wait_state(page, s)
    follow(
        page,
        lambda: in_view(page, "after laying the card"),
        "the app in view after laying the card",
    )
    # a narrower window, the file browser still open: the app shrinks into the notebook's
    # width (its container query), and a click into the board scrolls nothing sideways
    page.set_viewport_size({"width": 1000, "height": 900})
    follow_js(
        page,
        "() => { const p = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');"
        " const a = document.querySelector('.vl-app');"
        " return p && a && a.getBoundingClientRect().right <= p.getBoundingClientRect().right; }",
        "the app within the narrower notebook",
    )
    page.locator("canvas.vl-board").scroll_into_view_if_needed()
    box = page.locator("canvas.vl-board").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] - 5, box["y"] + box["height"] / 2)  # its edge
    follow_js(page, "() => document.activeElement instanceof HTMLCanvasElement", "focus")
    page.screenshot(path=str(ARTIFACTS / "jupyterlab-narrow-board-click.png"))
    assert_in_view(measure(page), "narrow, after a click at the board's right edge")
    assert [e for e in console_errors if "vl-" in e or "verlies" in e] == []

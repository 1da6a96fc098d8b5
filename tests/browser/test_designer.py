"""What a designer sees on the play page (issue 12), in a real browser: a what-if from the
past starts a branch and the original line comes back; the event log shows the newest line
on top after bots move (checked by where the lines are drawn, not by the HTML's order).

Waits follow progress (the page, the server's log and CPU time: tests/browser/progress.py),
never a fixed time: the machine running these is often loaded. The tests share one page
(tests/browser/one_page.py); each starts its own game through the New game form first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from one_page import OnePage, one_page_each, one_page_module  # noqa: F401
from page_moves import state
from playwright.sync_api import Page
from progress import follow, follow_event, follow_expect, follow_js, open_page, wait_page
from test_play import start_game, wait_state

BOTS = ["bot “random”", "bot “random”"]


def wait_for(page: Page, check: Callable[[], bool], what: str) -> None:
    """Wait until ``check()`` holds (polling the page), or fail saying ``what`` once nothing
    moved for a while (progress.follow): a busy machine that is still making progress is
    waited for."""
    follow(page, check, what)


def play_to_end(page: Page) -> dict[str, str]:
    page.click(".vl-step-end")
    wait_for(page, lambda: state(page)["over"] == "1", "the bots' game to end")
    return state(page)


def goto_step(page: Page, k: int) -> None:
    s = state(page)
    readout = page.locator(".vl-history .widget-readout")
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type(str(k))
    page.keyboard.press("Enter")
    if s["step"] != str(k):
        wait_state(page, s)
    wait_for(page, lambda: state(page)["step"] == str(k), f"step {k}")


def visible_branches(page: Page) -> list[str]:
    """The branch buttons' texts, in the order a person reads them (top to bottom, left to
    right by their boxes)."""
    # One look at all of them in the page (the list may be rebuilt between two looks).
    found: list[list[Any]] = page.eval_on_selector_all(
        ".vl-branch",
        """(bs) => bs.map((b) => { const r = b.getBoundingClientRect();
            return [Math.round(r.y), r.x, r.width, b.innerText.trim()]; })""",
    )
    return [text for _, _, _, text in sorted(f for f in found if f[2] > 0)]


def test_whatif_from_the_past_keeps_the_line_and_comes_back(one_page: OnePage) -> None:
    page = one_page.ready()
    start_game(page, 5, 30, BOTS)
    end = play_to_end(page)
    n = int(end["history"])
    assert n > 5
    # the shown branch: its length is the slider's
    wait_for(page, lambda: visible_branches(page) == ["1"], "one branch")
    # back to step 1 (a card is drawn there: a chance point) and another card instead
    goto_step(page, 1)
    assert state(page)["chance"] == "1"
    s = state(page)
    page.click(".vl-pick-toggle")
    options = page.locator(".vl-what-if select option")
    follow_expect(options.first).to_be_attached()
    page.select_option(".vl-what-if select", index=options.count() - 1)
    page.click(".vl-take-outcome")
    wait_state(page, s)
    wait_for(page, lambda: len(visible_branches(page)) == 2, "the new branch in the list")
    now = state(page)
    assert int(now["history"]) == 2 and now["step"] == "2"  # the what-if line
    # the old line is still there
    wait_for(page, lambda: visible_branches(page) == [f"1 · {n}", "2"], "the old line too")
    current = page.locator(".vl-branch-current")
    follow_expect(current).to_have_text("2")
    # "branch 2 starts after step 1"
    wait_for(page, lambda: "2" in page.inner_text(".vl-message"), "the new branch said")
    # back to the original line: all its steps, at the same step number
    s = state(page)
    page.click(".vl-branch:has-text('1 · ')")
    wait_state(page, s)
    back = state(page)
    assert back["history"] == str(n) and back["step"] == "2"
    follow_expect(page.locator(".vl-branch-current")).to_have_text("1")
    wait_for(page, lambda: visible_branches(page) == ["1", "2 · 2"], "both branches")
    goto_step(page, n)
    final = state(page)
    assert final["over"] == "1" and (final["reason"], final["tiles"]) == (
        end["reason"],
        end["tiles"],
    )
    assert one_page.errors == []


def test_log_shows_the_newest_line_on_top_after_bots_move(one_page: OnePage) -> None:
    page = one_page.ready()
    start_game(page, 5, 30, BOTS)
    play_to_end(page)  # many steps: the log's parts have rotated through their widgets

    def read() -> list[dict[str, Any]]:
        # every visible line with its part number and its place in the part, by its top
        found: list[dict[str, Any]] = page.evaluate(LINES_JS)
        return found

    def in_order(lines: list[dict[str, Any]]) -> bool:
        seen = sorted(lines, key=lambda line: line["y"])
        order = [(line["part"], line["index"]) for line in seen]
        return order == sorted(order, key=lambda pi: (-pi[0], pi[1]))

    # the log's widgets follow the state line in their own messages: wait for them to land
    wait_for(page, lambda: in_order(read()), "the log's parts to arrive")
    lines = read()
    assert len(lines) > 10
    seen = sorted(lines, key=lambda line: line["y"])
    order = [(line["part"], line["index"]) for line in seen]
    # newest part first, and inside a part its newest line first: as the log was made
    assert order == sorted(order, key=lambda pi: (-pi[0], pi[1])), order[:12]
    top = seen[0]
    assert top["part"] == max(line["part"] for line in lines) and top["index"] == 0
    # the newest event of a finished game is its end, not a stale "to move"
    assert "to move" not in top["text"], top["text"]
    assert one_page.errors == []


LINES_JS = """() => Array.from(document.querySelectorAll('.vl-log-box .vl-log summary'))
          .map(s => {
            const log = s.closest('.vl-log');
            const part = log.dataset.part === 'older' ? -1 : Number(log.dataset.part);
            const index = Array.from(log.querySelectorAll('summary')).indexOf(s);
            const r = s.getBoundingClientRect();
            return {part, index, y: r.top, h: r.height, text: s.textContent};
          })
          .filter(l => l.h > 0)"""


def focused(page: Page) -> str:
    """What has the keyboard's focus: "canvas" for the board, else the element's tag and
    classes."""
    desc: str = page.evaluate(
        """() => { const e = document.activeElement;
                   if (e instanceof HTMLCanvasElement) return 'canvas';
                   return e ? e.tagName + '.' + e.className : ''; }"""
    )
    return desc


def test_keyboard_tab_leaves_the_board_and_keys_play_a_game_to_the_end(one_page: OnePage) -> None:
    page = one_page.ready()
    start_game(page, 7, 3, ["human", "bot “random”"])
    # the keys are written on the page
    wait_for(page, lambda: "Tab" in page.inner_text(".vl-keys"), "the keys written")
    # Tab from the page's start until the board has the focus ...
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    for _ in range(80):
        page.keyboard.press("Tab")
        if focused(page) == "canvas":
            break
    else:
        raise AssertionError("Tab never reached the board")
    # ... and out again, forwards and backwards
    page.keyboard.press("Tab")
    assert focused(page) != "canvas"
    page.keyboard.press("Shift+Tab")
    assert focused(page) == "canvas"
    page.keyboard.press("Shift+Tab")
    assert focused(page) != "canvas"
    # keys only from here: R rolls or draws, 1 takes the first legal action
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    presses = 0
    undone = False
    while state(page)["over"] != "1":
        s = state(page)
        assert s["human"] == "1" or s["chance"] == "1", s  # bots move at once
        if int(s["step"]) > 6 and not undone:  # U undoes a step, Y brings it back
            page.keyboard.press("u")
            back = wait_state(page, s)
            assert int(back["step"]) == int(s["step"]) - 1
            page.keyboard.press("y")
            assert wait_state(page, back)["step"] == s["step"]
            undone = True
            continue
        page.keyboard.press("r" if s["chance"] == "1" else "1")
        wait_state(page, s)
        presses += 1
        assert presses < 600, "the game did not end"
    assert undone and presses > 3
    assert one_page.errors == []


def test_a_link_reopens_the_position_in_a_fresh_browser_and_exports_download(
    one_page: OnePage,
) -> None:
    from test_play import settled_hash

    page, voila_server = one_page.ready(), one_page.server
    start_game(page, 11, 30, ["human", "bot “greedy”"])
    for _ in range(6):  # a few steps by keys: R rolls or draws, 1 takes the first action
        s = state(page)
        page.keyboard.press("r" if s["chance"] == "1" else "1")
        wait_state(page, s)
    here = state(page)
    board = settled_hash(page)
    page.click(".vl-make-link")
    link = page.locator("a.vl-position-link")
    follow_expect(link).to_be_visible()
    href = link.evaluate("a => a.href")  # the address the browser opens
    assert "?g=" in href and len(href) < 7000
    # a fresh browser context: nothing shared with this page but the address
    browser = page.context.browser
    assert browser is not None
    fresh = browser.new_context(viewport={"width": 1100, "height": 800})
    try:
        other = fresh.new_page()
        open_page(other, href, server=voila_server)
        wait_for(
            other,
            lambda: state(other)["step"] == here["step"] and state(other)["seed"] == "11",
            "the linked position",
        )
        there = state(other)
        for key in ("step", "seed", "tiles", "seat", "pending", "controllers", "round"):
            assert there[key] == here[key], (key, there, here)
        wait_page(other, server=voila_server)
        assert settled_hash(other) == board  # the same board, pixel for pixel
    finally:
        fresh.close()
    # exports: one click each, a file of the current state
    for kind, start in (
        ("md", b"# "),
        ("csv", b"step,"),
        ("svg", b"<svg"),
        ("json", b"{"),
    ):
        download = follow_event(
            page, "download", lambda k=kind: page.click(f".vl-export-{k}"), f"the {kind} export"
        )
        assert download.suggested_filename.endswith(
            f"-step{here['step']}"
            + (
                "-log." + kind
                if kind in ("md", "csv")
                else "-board.svg"
                if kind == "svg"
                else ".json"
            )
        )
        data = open(download.path(), "rb").read()
        assert data.lstrip().startswith(start), (kind, data[:40])
    assert one_page.errors == []


LAYOUT_JS = """(sels) => {
  const w = window.innerWidth;
  const out = {scroll: document.scrollingElement.scrollWidth, inner: w, boxes: {}};
  for (const s of sels) {
    const e = Array.from(document.querySelectorAll(s)).find(x => x.offsetParent !== null);
    if (!e) { out.boxes[s] = null; continue; }
    const r = e.getBoundingClientRect();
    out.boxes[s] = {left: r.left, right: r.right, top: r.top, width: r.width};
  }
  return out;
}"""
#: What must be on screen, whole, at every width: the board, stepping, history, save,
#: the language switch, the state line and the legal actions.
KEY_PARTS = [
    "canvas.vl-board",
    ".vl-step",
    ".vl-undo",
    ".vl-save",
    ".vl-lang",
    ".vl-state",
    ".vl-action",
    ".vl-history",
]


def test_layout_fits_390_800_and_1280_px(one_page: OnePage) -> None:
    from pathlib import Path

    artifacts = Path(__file__).resolve().parents[1] / "artifacts"
    artifacts.mkdir(exist_ok=True)
    page = one_page.ready()
    start_game(page, 5, 30, ["human", "bot “random”"])
    tops = {}
    for width in (1280, 800, 390):
        page.set_viewport_size({"width": width, "height": 900})
        # the layout follows the width at once (CSS); wait for the frame it is drawn in
        follow_js(page, f"window.innerWidth === {width}", f"a window {width} px wide")
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => r(null)))")
        found = page.evaluate(LAYOUT_JS, KEY_PARTS)
        page.screenshot(path=str(artifacts / f"layout-{width}.png"), full_page=True)
        assert found["scroll"] <= found["inner"], (width, found["scroll"])  # no sideways scroll
        for sel, box in found["boxes"].items():
            assert box is not None, (width, sel)
            assert box["left"] >= -0.5 and box["right"] <= width + 0.5, (width, sel, box)
        tops[width] = found["boxes"]
    # wide: the actions beside the board; narrow: below it
    assert tops[1280][".vl-action"]["left"] > tops[1280]["canvas.vl-board"]["right"]
    assert tops[800][".vl-state"]["top"] > tops[800]["canvas.vl-board"]["top"]
    assert tops[390]["canvas.vl-board"]["width"] <= 390
    # a click on the shrunken board still lands on its cell
    page.set_viewport_size({"width": 390, "height": 900})
    s = state(page)
    if s["human"] == "1" and s["pending"] == "turn":
        page.keyboard.press("1")
        wait_state(page, s)
    assert one_page.errors == []


def visible_hint(page: Page) -> str:
    texts: list[str] = page.eval_on_selector_all(
        ".vl-hints p", "ps => ps.filter(p => p.offsetParent !== null).map(p => p.innerText)"
    )
    assert len(texts) == 1, texts
    return texts[0]


def test_smaller_defects_as_seen(one_page: OnePage) -> None:
    page = one_page.ready()
    start_game(page, 4, 30, ["human", "bot “greedy”"])
    # at the start nobody can walk: the hint does not send a person to a yellow cell
    wait_for(
        page,
        lambda: "yellow" not in (h := visible_hint(page)) and "Draw" in h,
        "the hint to draw",
    )
    # the upload button reads "Load", not "Load (0)"
    follow_expect(page.locator(".vl-upload")).to_have_text("Load")
    # Save: one click gives the file
    saved = follow_event(page, "download", lambda: page.click(".vl-save"), "the saved game")
    assert saved.suggested_filename.endswith("-step0.json")
    # play some of the person's decisions by keys (bots answer at once)
    decisions = []
    while len(decisions) < 4:
        s = state(page)
        assert s["over"] == "0"
        if s["chance"] == "0":
            decisions.append(int(s["step"]))
        page.keyboard.press("r" if s["chance"] == "1" else "1")
        wait_state(page, s)
    # the save link of step 0 is gone: no offer of an older position
    follow_expect(page.locator(".vl-download-link:has-text('step0')")).to_have_count(0)
    # undo turn: back to the person's own last decision, and the page waits for them there
    s = state(page)
    page.keyboard.press("b")
    now = wait_state(page, s)
    assert int(now["step"]) == decisions[-1] and now["human"] == "1" and now["chance"] == "0"
    # a what-if picker opened at a chance point closes when time travel moves on
    goto_step(page, 1)  # the person drew a card first: which card is chance's
    assert state(page)["chance"] == "1"
    page.click(".vl-pick-toggle")
    follow_expect(page.locator(".vl-what-if select")).to_be_visible()
    goto_step(page, 0)
    follow_expect(page.locator(".vl-what-if select")).to_be_hidden()
    assert one_page.errors == []

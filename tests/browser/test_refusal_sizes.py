""" "Bring back branch n" (after a branch is deleted) and a board click's refusal, as a
person sees them at 390, 800 and 1280 px, in German and English (issue 24; they were
checked at 1280 px only).

At each width the board is clicked again (a marked cell, then the start card, where
nothing can be laid): the refusal is said under the actions. Then, in each language, the
refusal and the button are scrolled to (as a person scrolls), and each is visible, lies
whole inside the window, is not cut by any scrolling or clipping box around it, holds its
text without overflowing, and says the page's language's words. Waits follow progress
(tests/browser/progress.py).
"""

from __future__ import annotations

from typing import Any

from each_view import SIZES
from page_moves import state, targets
from playwright.sync_api import Page
from progress import BOARD, follow, follow_expect, has, open_page
from test_designer import visible_branches
from test_language_walk import _switch
from test_language_walk_play import _make_a_branch
from test_play import board_data, click_one_step, start_game

from verlies import i18n

SEED = 18
UNDELETE = ".vl-branch-undelete"
MESSAGE = ".vl-message"

#: Where an element is and whether anything cuts it: its box in the window, the window's
#: size, its own overflow, and the first box around it that clips it (overflow other than
#: visible) and does not hold it whole.
_SEEN_JS = """
(e) => {
  const r = e.getBoundingClientRect();
  let cut = null;
  for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.overflowX === "visible" && s.overflowY === "visible") continue;
    const b = a.getBoundingClientRect();
    if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 ||
        r.bottom > b.bottom + 1) {
      cut = (a.className || a.tagName) + " " + JSON.stringify([b.left, b.top, b.right, b.bottom]);
      break;
    }
  }
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
          width: window.innerWidth, height: window.innerHeight,
          overflowX: e.scrollWidth - e.clientWidth, overflowY: e.scrollHeight - e.clientHeight,
          cut, text: e.innerText.trim()};
}
"""


def click_board(page: Page, px: float, py: float) -> None:
    """A click on the board at canvas pixel (px, py): the board may be shown smaller than
    its pixels (the stylesheet zooms it below 800 px, ui/core/theme.py)."""
    canvas = page.locator(BOARD)
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    width = page.eval_on_selector(BOARD, "c => c.width")
    assert box is not None and width
    scale = box["width"] / width
    page.mouse.click(box["x"] + px * scale, box["y"] + py * scale)


def refuse_a_board_click(page: Page) -> None:
    """A marked cell chosen (the card shown there), then a click on the start card."""
    target = targets(page, "place")[0]
    click_board(page, float(target["px"]), float(target["py"]))
    follow(page, has(page, ".vl-ghost"), "the ghost card")
    follow(page, lambda: page.inner_text(MESSAGE).strip() == "", "the message cleared")
    info = board_data(page)
    half = float(info["tile"]) / 2
    click_board(page, float(info["ox"]) + half, float(info["oy"]) + half)


def assert_seen(page: Page, selector: str, text: str, where: str) -> None:
    """``selector`` is shown whole in the window, saying ``text`` (waits while the page
    still changes)."""
    element = page.locator(selector)
    follow_expect(element).to_be_visible()
    element.scroll_into_view_if_needed()

    def whole() -> bool:
        seen: dict[str, Any] = element.evaluate(_SEEN_JS)
        assert seen["text"] == text, f"{where}: {seen['text']!r} is not {text!r}"
        assert seen["right"] - seen["left"] > 20 and seen["bottom"] - seen["top"] > 8, (where, seen)
        assert seen["left"] >= 0 and seen["right"] <= seen["width"], (where, seen)
        assert seen["top"] >= 0 and seen["bottom"] <= seen["height"], (where, seen)
        assert seen["cut"] is None, f"{where}: cut by {seen['cut']} ({seen})"
        assert seen["overflowX"] <= 1 and seen["overflowY"] <= 1, (where, seen)
        return True

    follow(page, whole, f"{selector} whole in the window ({where})")


def test_bring_back_and_a_board_refusal_are_seen_whole_at_every_width_in_each_language(
    page: Page, page_url: Any, voila_server: Any, console_errors: list[str]
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, page_url(), server=voila_server)
    start_game(page, SEED, 30, ["human", "human"])
    _switch(page, "de")
    while int(state(page)["step"]) < 5:  # a few steps played by clicking, as a person does
        click_one_step(page)
    _make_a_branch(page)
    old = page.locator(".vl-branch-item:has(.vl-branch:not(.vl-branch-current)) .vl-branch-delete")
    old.click()
    follow(page, lambda: visible_branches(page) == ["2"], "one branch left")
    assert state(page)["pending"] == "place"
    # each width in both languages; the languages in turn from the one shown (a switch
    # writes the whole page again: de, en | en, de | de, en needs three, not six)
    langs = ["de", "en"]
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        follow(page, lambda w=width: page.evaluate("window.innerWidth") == w, f"{width} px")
        refuse_a_board_click(page)
        for lang in langs:
            _switch(page, lang)
            where = f"{width} px, {lang}"
            assert_seen(page, MESSAGE, i18n.text("page.no_click", lang), f"{where}, refusal")
            undelete = i18n.text("page.branch_undelete", lang, name="1")
            assert_seen(page, UNDELETE, undelete, f"{where}, bring back")
        langs.reverse()
    # and it brings the branch back, at the narrowest width too
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator(UNDELETE).scroll_into_view_if_needed()
    page.locator(UNDELETE).click()
    follow(page, lambda: len(visible_branches(page)) == 2, "the branch brought back")
    follow_expect(page.locator(UNDELETE)).to_be_hidden()
    assert console_errors == []

"""The language walk on a played Game tab (issue 24): what a person makes on it, in German
and English: a branch (another card taken at a past step), the branch list and its
comparison, a deleted branch's "bring back" button, a click on a marked cell of the board
and a click where nothing can be laid (its refusal). Every string then shown is checked
against the other language's table as ``test_language_walk`` does, at 390, 800 and 1280 px.

A refusal said in German is said again in English after the switch (a board click's
message is kept as words: ``page_model.Say``). Waits follow progress
(tests/browser/progress.py), never a fixed time.
"""

from __future__ import annotations

from typing import Any

from page_moves import state, targets
from playwright.sync_api import Page
from progress import BOARD, follow, follow_expect, has, open_page
from test_designer import goto_step, visible_branches
from test_language_walk import _switch, _walk_tab, only_words
from test_play import (
    board_data,
    click_canvas,
    click_one_step,
    start_game,
    wait_state,
)

from verlies import i18n

SEED = 18


def _message(page: Page) -> str:
    return page.inner_text(".vl-message").strip()


def _make_a_branch(page: Page) -> None:
    """Back to step 1 (a card is drawn there) and another card taken: branch 2."""
    goto_step(page, 1)
    assert state(page)["chance"] == "1"
    s = state(page)
    page.click(".vl-pick-toggle")
    options = page.locator(".vl-what-if select option")
    follow_expect(options.first).to_be_attached()
    page.select_option(".vl-what-if select", index=options.count() - 1)
    page.click(".vl-take-outcome")
    wait_state(page, s)
    follow(page, lambda: len(visible_branches(page)) == 2, "the new branch in the list")


def _click_start_cell(page: Page) -> None:
    """A click on the start card: an occupied cell, where nothing can be laid."""
    info = board_data(page)
    half = float(info["tile"]) / 2
    click_canvas(page, {"px": str(float(info["ox"]) + half), "py": str(float(info["oy"]) + half)})


def test_branches_compare_undelete_and_board_refusals_in_each_language(
    page: Page, page_url: Any, voila_server: Any, console_errors: list[str]
) -> None:
    only = only_words()
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, page_url(), server=voila_server)
    start_game(page, SEED, 30, ["human", "human"])
    _switch(page, "de")
    while int(state(page)["step"]) < 5:  # a few steps played by clicking, as a person does
        click_one_step(page)
    _make_a_branch(page)
    follow_expect(page.locator(".vl-branch-current")).to_have_text("2")

    # the comparison with the old line, walked in both languages
    page.select_option(".vl-branch-compare select", "1")
    follow(page, lambda: page.inner_text(".vl-compare-box").strip() != "", "the comparison")
    compare_de = page.inner_text(".vl-compare-box")
    _walk_tab(page, "de", "the Game tab with a comparison", only)
    _switch(page, "en")
    follow(page, lambda: page.inner_text(".vl-compare-box") != compare_de, "the comparison in EN")
    _walk_tab(page, "en", "the Game tab with a comparison", only)
    _switch(page, "de")

    # the old line deleted: "bring back" offered, in the page's language
    page.set_viewport_size({"width": 1280, "height": 800})
    old = page.locator(".vl-branch-item:has(.vl-branch:not(.vl-branch-current)) .vl-branch-delete")
    old.click()
    follow(page, lambda: visible_branches(page) == ["2"], "one branch left")
    undelete = page.locator(".vl-branch-undelete")
    follow_expect(undelete).to_have_text(i18n.text("page.branch_undelete", "de", name="1"))

    # the board: a marked cell chosen (the card shown there), then a refusal
    assert state(page)["pending"] == "place"
    page.locator(BOARD).scroll_into_view_if_needed()  # the walk left the page scrolled
    click_canvas(page, targets(page, "place")[0])
    follow(page, has(page, ".vl-ghost"), "the ghost card")
    _click_start_cell(page)
    no_click = {lang: i18n.text("page.no_click", lang) for lang in ("de", "en")}
    follow(page, lambda: _message(page) == no_click["de"], "the refusal in German")
    _walk_tab(page, "de", "the Game tab with a refusal and a deleted branch", only)

    # the switch says the refusal and the button again, in English
    _switch(page, "en")
    follow(page, lambda: _message(page) == no_click["en"], "the refusal said again in English")
    follow_expect(undelete).to_have_text(i18n.text("page.branch_undelete", "en", name="1"))
    _walk_tab(page, "en", "the Game tab with a refusal and a deleted branch", only)

    # brought back: both branches again
    undelete.click()
    follow(page, lambda: len(visible_branches(page)) == 2, "the branch brought back")
    follow_expect(undelete).to_be_hidden()
    assert page.locator(BOARD).is_visible()
    assert console_errors == []

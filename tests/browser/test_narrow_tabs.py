"""The Deck & cards and New game tabs at 390, 800 and 1280 px (issue 24 item 1).

What a person saw: at 390 px the whole card editor sat in a sideways-scrolling inner box,
its labels cut to "e (de)", "ernis", "nzahl"; at 800 px it was clipped on the right; the
variants' texts were cut with "…". Here, at each width: the editor and the variants lie
inside the page's width and their own box (nothing sticks out on the right, the page does
not scroll sideways), and no label or variant text is cut (its text fits its box). The
deck composition table and the sanity checks' table of chances (issue 37) may scroll
inside their own boxes: they are tables of numbers.
Waits follow progress (tests/browser/progress.py); the page reflows after each resize.
"""

from __future__ import annotations

from typing import Any

from each_view import each_width
from layout import containment
from page_moves import EDITOR
from playwright.sync_api import Page
from progress import follow, has, open_page

VARIANTS = ".vl-variants"


def _fits(page: Page, selector: str, width: int) -> None:
    """Wait (following progress) until ``selector``'s box lies in the page's ``width``,
    nothing sticks out of it and no text in it is cut."""
    found: dict[str, Any] = {}

    def check() -> bool:
        found.clear()
        found.update(containment(page, selector))
        assert not found.get("missing"), f"{selector} is not shown"
        assert found["viewport"] == width, found
        assert found["root"][1] <= width and found["page"] <= width, found
        assert found["inner"][1] <= found["inner"][0] + 1, found  # no sideways scroll box
        assert found["out"] == [], found
        assert found["cut"] == [], found
        return True

    follow(page, check, f"{selector} to fit {width} px")


def _tab(page: Page, title: str, ready: str) -> None:
    page.click(f".vl-tabs .lm-TabBar-tab:has-text('{title}')")
    follow(page, has(page, ready, "visible"), f"the {title} tab")


def test_the_deck_editor_and_the_variants_fit_every_width(
    page: Page, page_url: Any, voila_server: Any, console_errors: list[str]
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, page_url(), server=voila_server)
    _tab(page, "Deck & Karten", f"{EDITOR} .widget-select select")
    for width in each_width(page):
        _fits(page, EDITOR, width)
        # the labels a person read cut: whole words, in the language shown (German)
        labels = page.eval_on_selector_all(
            f"{EDITOR} .widget-label", "es => es.filter(e => e.offsetParent).map(e => e.innerText)"
        )
        for word in ("Name (de)", "Anzahl"):
            assert word in labels, labels
    page.set_viewport_size({"width": 390, "height": 844})
    _tab(page, "Neues Spiel", f"{VARIANTS} input[type=checkbox]")
    for width in each_width(page):
        _fits(page, VARIANTS, width)
        # every variant's text is shown (whole: _fits found none cut), in German
        texts = page.eval_on_selector_all(
            f"{VARIANTS} .widget-checkbox label", "es => es.map(e => e.innerText.trim())"
        )
        assert len(texts) >= 3 and all(texts), texts
    assert console_errors == []

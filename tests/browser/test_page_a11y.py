"""What a screen reader and a returning visitor meet (issue 24 items 6 and 8).

- The accessibility tree (Playwright's ARIA snapshot of the page) names the Play
  control's buttons and the four pan buttons, each differently, in the page's language;
  the board's machine-readable target spans ("place (-1, 0)") are not in it.
- The language is kept: after a click on EN, a reload shows the page in English again;
  a link with ``?lang=de`` shows it in German.
Every wait follows progress (tests/browser/progress.py).
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page
from progress import follow, navigate, open_page, wait_page

from verlies.i18n import text

PANS = ("left", "right", "up", "down")


def _tree(page: Page) -> str:
    return page.locator("body").aria_snapshot()


def _buttons(tree: str) -> list[str]:
    return re.findall(r'- button "([^"]*)"', tree)


def _lang_shown(page: Page) -> str:
    return str(
        page.evaluate(
            "() => { const b = document.querySelector('.vl-lang .mod-active');"
            " return b ? b.textContent.trim().toLowerCase() : ''; }"
        )
    )


def _names_in(page: Page, lang: str) -> None:
    """The tree has the Play control's and the pan buttons' names in ``lang``."""
    want = [text(f"page.pan_{d}", lang) for d in PANS]
    play = {"de": "Automatisch spielen", "en": "Play automatically"}[lang]

    def named() -> bool:
        tree = _tree(page)
        names = _buttons(tree)
        for name in [*want, play]:
            assert name in names, (name, names)
        assert len(set(want)) == 4
        assert "place (" not in tree and "walk (" not in tree, tree[:2000]
        return True

    follow(page, named, f"the buttons' names in {lang}")


def test_the_buttons_have_names_and_the_language_is_kept(
    page: Page, page_url: Any, voila_server: Any, console_errors: list[str]
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, page_url(), server=voila_server)
    assert _lang_shown(page) == "de"
    _names_in(page, "de")
    # no button the tree reads out without a name
    assert "" not in _buttons(_tree(page))

    page.click(".vl-lang button:has-text('EN')")
    follow(page, lambda: _lang_shown(page) == "en", "English")
    _names_in(page, "en")

    navigate(page, server=voila_server)  # a reload: English again
    wait_page(page, server=voila_server)
    follow(page, lambda: _lang_shown(page) == "en", "English after the reload")
    follow(
        page,
        lambda: "to move" in page.inner_text(".vl-state"),
        "the status line in English",
    )
    _names_in(page, "en")

    navigate(page, page_url() + "?lang=de", server=voila_server)  # a link asks for German
    wait_page(page, server=voila_server)
    follow(page, lambda: _lang_shown(page) == "de", "German from the link")
    _names_in(page, "de")
    assert console_errors == []

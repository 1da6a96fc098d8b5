"""What a person does on the play page that the kernel must answer, each move followed by
a wait that follows progress (tests/browser/progress.py) until the page shows the answer:
the language switched, a tab shown, a card of the Deck tab picked.

A click on something the kernel has not drawn yet would wait with Playwright's own
deadline (a fixed time); a read right after a move would see the page before the kernel
answered it. Here each move first waits, following progress, for what it acts on, and
then for the page to show that the kernel took it:

- :func:`open_in`: the page opened (or reloaded) at a width, the kernel knowing the
  browser (:func:`browser_known`), the language switched: how the reload and kill tests
  begin and come back;
- :func:`switch_lang`: the language's button clicked; done when the tabs' titles are in
  that language (the kernel renames them);
- :func:`show_tab`: a tab clicked by its exact title (not a title that merely contains
  it: "Game" is in "New game"); done when it is the tab shown;
- :func:`select_card`: on the Deck tab, a search typed, the card picked by its id once the
  list shows only what the search finds (a pick by place in a list that is still being
  narrowed picks another card), done when the card's heading names it; returns the
  card's count box.

And what the tests read of the page, written once: the game's state and targets (the
status line's and the cells' data attributes), a tab's title, a select's options, a
table's rows, the shared table's step, the kernel's id, a link's game, the editor's
buttons, and whether a run's old download links are gone.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlparse

from playwright.sync_api import Locator, Page
from progress import follow, follow_expect, open_page

from verlies import i18n
from verlies.links import from_query, open_position

__all__ = [
    "DATASET_JS",
    "EDITOR",
    "KERNEL_ID",
    "browser_known",
    "count_box",
    "current_tab",
    "editor_button",
    "kernel_id",
    "note_old_links",
    "old_links_gone",
    "open_in",
    "option_texts",
    "seed_of",
    "select_card",
    "show_tab",
    "show_title",
    "state",
    "switch_lang",
    "tab",
    "table_rows",
    "table_step",
    "targets",
]

#: The Deck tab's editor.
EDITOR = ".verlies-deck-editor"
#: An element's data attributes as an object (the status line's, the board's).
DATASET_JS = "e => Object.assign({}, e.dataset)"
#: The kernel's id as the page's HTML names it.
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')

_CURRENT_JS = """
() => { const t = document.querySelector('.vl-tabs .lm-TabBar-tab.lm-mod-current');
        return t ? t.textContent.trim() : null; }
"""
_TITLES_JS = """
() => Array.from(document.querySelectorAll('.vl-tabs .lm-TabBar-tab'))
  .map((t) => t.textContent.trim())
"""


def tab(page: Page, title: str) -> Locator:
    """The page's tab titled exactly ``title``."""
    return page.locator(".vl-tabs .lm-TabBar-tab").filter(
        has=page.locator(f".lm-TabBar-tabLabel:text-is('{title}')")
    )


def browser_known(page: Page, server: Any) -> None:
    """Wait until the page's kernel knows the browser (the autosave line carries the
    browser's 32-character id): from then on what the page does is kept for it."""
    follow(
        page,
        lambda: bool(
            page.evaluate(
                "() => { const e = document.querySelector('.vl-autosave');"
                " return e && e.dataset.client && e.dataset.client.length === 32; }"
            )
        ),
        "the kernel to know the browser",
        server=server,
    )


def open_in(
    page: Page,
    url: str | None,
    lang: str,
    *,
    server: Any,
    width: int = 1280,
    height: int = 900,
) -> None:
    """Open ``url`` (``None``: reload the page, a new kernel for the same browser) at
    ``width`` × ``height``; wait until the page is drawn and its kernel knows the browser,
    then switch to ``lang`` (a new kernel's language is the page's choice, made again)."""
    page.set_viewport_size({"width": width, "height": height})
    open_page(page, url, server=server)
    browser_known(page, server)
    switch_lang(page, lang, server=server)


def switch_lang(page: Page, lang: str, *, server: Any = None) -> None:
    """Click the language switch's ``lang`` button; wait until the tabs are titled in
    ``lang`` (the kernel's answer: the game's tab first)."""
    page.click(f".vl-lang button:has-text('{lang.upper()}')")
    first = i18n.text("page.tab_play", lang)
    follow(
        page,
        lambda: (page.evaluate(_TITLES_JS) or [None])[0] == first,
        f"the tabs titled in {lang}",
        server=server,
    )


def show_tab(page: Page, key: str, lang: str, *, server: Any = None) -> None:
    """Show the tab whose title is the text ``key`` in ``lang`` (:func:`show_title`)."""
    show_title(page, i18n.text(key, lang), server=server)


def show_title(page: Page, title: str, *, server: Any = None) -> None:
    """Show the tab titled ``title``: wait for it, click it, wait until it is the tab
    shown."""
    wanted = tab(page, title)
    follow(page, lambda: wanted.count() == 1, f"the tab {title!r}", server=server)
    wanted.click()
    follow(
        page,
        lambda: page.evaluate(_CURRENT_JS) == title,
        f"the tab {title!r} shown",
        server=server,
    )


def count_box(page: Page, lang: str) -> Locator:
    """The picked card's count box in the Deck tab's editor (its label in ``lang``)."""
    label = i18n.text("editor.count", lang)
    return page.locator(f"{EDITOR} .widget-inline-hbox:has(> label:text-is('{label}')) input")


def select_card(
    page: Page, card: str, lang: str, *, search: str, found: int, server: Any = None
) -> Locator:
    """On the Deck tab (shown here): ``search`` typed into the editor's search box; once
    the card list holds the ``found`` cards it finds, ``card`` (an id) picked by its label;
    done when the card's heading names it. The card's count box."""
    show_tab(page, "page.tab_deck", lang, server=server)
    label = i18n.text("editor.search", lang)
    box = page.locator(f"{EDITOR} .widget-text:has(> label:text-is('{label}')) input")
    follow(page, lambda: box.count() == 1, "the editor's search box", server=server)
    box.fill(search)
    card_list = page.locator(f"{EDITOR} .vl-impact-list select")
    picked: list[str] = []

    def narrowed() -> bool:
        labels: list[str] = card_list.locator("option").evaluate_all("os => os.map(o => o.label)")
        mine = [x for x in labels if x.replace("\xa0", " ").startswith(f"{card} · ")]
        picked[:] = mine
        return len(labels) == found and len(mine) == 1

    follow(page, narrowed, f"the {found} cards {search!r} finds, {card} among them", server=server)
    card_list.select_option(label=picked[0])
    follow_expect(page.locator(f"{EDITOR} h4 code"), server=server).to_have_text(card)
    return count_box(page, lang)


def state(page: Page) -> dict[str, str]:
    """The game's state from the status line's data attributes."""
    data: dict[str, str] = page.eval_on_selector(".vl-state", DATASET_JS)
    return data


def targets(page: Page, kind: str | None = None) -> list[dict[str, str]]:
    """The board's highlighted cells' data attributes (of ``kind`` only, if given)."""
    found: list[dict[str, str]] = page.eval_on_selector_all(
        ".vl-target", "es => es.map(e => Object.assign({}, e.dataset))"
    )
    return [t for t in found if kind is None or t["kind"] == kind]


def current_tab(page: Page) -> str:
    """The title of the tab shown."""
    return page.locator(".vl-tabs .lm-TabBar-tab.lm-mod-current").inner_text().strip()


def editor_button(page: Page, text: str) -> Locator:
    """The Deck tab editor's button that says ``text``."""
    return page.locator(f"{EDITOR} button:has-text('{text}')")


def option_texts(select: Locator) -> list[str]:
    """A select's options as a person reads them (the widgets write spaces as no-break
    spaces)."""
    texts: list[str] = select.evaluate("s => Array.from(s.options).map(o => o.textContent)")
    return [t.replace("\xa0", " ") for t in texts]


_ROWS_JS = """
(sel) => Array.from(document.querySelectorAll(sel)).map(
  (tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent.trim()))
  .filter((r) => r.length > 0)
"""


def table_rows(page: Page, rows: str) -> list[list[str]]:
    """The cells' texts of the table rows ``rows`` finds, rows without cells left out."""
    found: list[list[str]] = page.evaluate(_ROWS_JS, rows)
    return found


def table_step(page: Page) -> int:
    """The shared table's step as its page shows it (-1: none)."""
    return int(page.get_attribute(".vl-table-now", "data-step") or -1)


def kernel_id(page: Page) -> str:
    """The id of the page's kernel, as its HTML names it."""
    found = page.evaluate(
        "() => { const m = document.documentElement.innerHTML.match("
        '/"kernelId":\\s*"([0-9a-f-]{36})"/); return m ? m[1] : null; }'
    )
    assert found, "the page names no kernel"
    return str(found)


def seed_of(href: str) -> tuple[int, tuple[str, ...]]:
    """The seed and the characters of the game a link (or a page's address) opens."""
    position = from_query(urlparse(href).query or href.lstrip("?"))
    assert position is not None, href
    game = open_position(position)
    return game.setup.seed, tuple(game.setup.characters)


def note_old_links(page: Page, links: str) -> None:
    """Note the elements ``links`` finds now (a run's download links) in the page, so that
    :func:`old_links_gone` can tell when a new run has replaced them."""
    page.evaluate(
        "(sel) => { window.verliesOldRun = Array.from(document.querySelectorAll(sel)); }", links
    )


def old_links_gone(page: Page) -> bool:
    """Whether every link :func:`note_old_links` noted is gone from the page."""
    return bool(page.evaluate("() => window.verliesOldRun.every((a) => !a.isConnected)"))

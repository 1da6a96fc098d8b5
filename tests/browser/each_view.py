"""Each width × each language (issue 20: one home for the browser tests' loops).

A page is checked as a person reads it at 390, 800 and 1280 px, in German and in English.
The tests of the Balance and Deck tabs' panels do it the same way: one test per language
(:data:`each_lang`; the run behind the page is played once per language), then every
width in turn (:func:`each_width`: the window resized, the width handed to the checks),
and at each width no word that only the other language has (:func:`foreign_words`).
Where nothing checked needs a fresh kernel, a test walks one page through both languages
instead (the page's own switch; each page load costs ~3 CPU-s: issue 20 item 6), and says
in its docstring how the second language's run is told from the first's.

    @each_lang
    def test_x(page, lang):
        ...
        for width in each_width(page):
            follow(page, lambda w=width: check_layout(page, w), ...)
            assert not foreign_words(text, lang, ("sweep.",))
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence

import pytest
from page_moves import show_title, switch_lang
from playwright.sync_api import Locator, Page
from progress import follow, open_page

from verlies import i18n
from verlies.deck import Deck

__all__ = [
    "LANG",
    "LANGS",
    "SIZES",
    "WIDTHS",
    "each_lang",
    "each_width",
    "foreign_words",
    "open_section",
    "other_lang",
    "template_words",
    "words",
]

#: The widths a person reads the page at: a phone, a small tablet, a laptop.
WIDTHS: tuple[int, ...] = (390, 800, 1280)
#: The same widths as window sizes (width, height): a phone held upright, a small tablet,
#: a laptop.
SIZES: tuple[tuple[int, int], ...] = ((390, 844), (800, 1000), (1280, 800))
#: The page's languages.
LANGS: tuple[str, ...] = ("de", "en")
#: The one language of a test whose checks do not depend on it (a reload, a kill, a
#: heartbeat: the languages' words are checked elsewhere).
LANG = "en"

#: One test per language (the test takes ``lang``).
each_lang = pytest.mark.parametrize("lang", LANGS)


def other_lang(lang: str) -> str:
    return "en" if lang == "de" else "de"


def each_width(page: Page, height: int = 900, widths: Sequence[int] = WIDTHS) -> Iterator[int]:
    """Resize the window to each width in turn (``height`` tall) and give the width; the
    loop's body checks the page at it (with waits that follow progress)."""
    for width in widths:
        page.set_viewport_size({"width": width, "height": height})
        yield width


def open_section(
    page: Page,
    url: str,
    *,
    server: object,
    lang: str,
    tab: str,
    start: str,
    width: int = 1280,
    height: int = 900,
) -> Locator:
    """Open the page at ``width``, in ``lang``, on the tab named ``tab``, and wait for the
    section's ``start`` button; the button. The Balance and Deck tabs' section tests begin
    so."""
    page.set_viewport_size({"width": width, "height": height})
    open_page(page, url, server=server)
    switch_lang(page, lang, server=server)
    show_title(page, tab, server=server)
    button = page.locator(start)
    follow(page, lambda: button.count() == 1, f"the section of {start}", server=server)
    return button


def words(text: str) -> set[str]:
    """The words of ``text`` (three letters or more, lower case)."""
    return {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß]{3,}", text)}


@functools.cache
def template_words(
    lang: str, prefixes: tuple[str, ...], characters: bool = False
) -> frozenset[str]:
    """The words of every i18n template whose key starts with one of ``prefixes`` in
    ``lang`` (placeholders left out); ``characters``: the default deck's characters' names
    too."""
    found: set[str] = set()
    for key in i18n.keys(lang):
        if key.startswith(prefixes):
            found |= words(re.sub(r"\{[^}]*\}", " ", i18n.template(key, lang)))
    if characters:
        for card in Deck.default().characters.values():
            found |= words(card.name.get(lang))
    return frozenset(found)


def foreign_words(
    text: str, lang: str, prefixes: tuple[str, ...], characters: bool = False
) -> set[str]:
    """The words of ``text`` that only the other language's templates (of ``prefixes``)
    have: a page in ``lang`` should show none."""
    other = other_lang(lang)
    only_other = template_words(other, prefixes, characters) - template_words(
        lang, prefixes, characters
    )
    return only_other & words(text)

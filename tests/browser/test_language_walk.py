"""The language walk (issue 24): every tab, in German and in English, at 390, 800 and
1280 px, shows no word of the other language only, no tooltip that reads "null", and no
sideways scroll.

What is collected is what a person meets: every visible text node (a select's options
too), every button label, placeholder, tooltip (``title``), ``aria-label`` and chart label
(SVG text) that is shown, that is: not hidden by CSS, not inside ``aria-hidden``. A word
"of the other language only" is a word that appears in the other language's table
(``verlies/i18n``) and nowhere in this language's table: a new English sentence on the
German page has such words and fails here (the way "Vergleichen mit" on the English page
did). Allowed: words both tables have, numbers, identifiers (card ids, edition names, file
names: anything with a digit or ``_``), and the few words that are spelled alike in both
languages (:data:`BOTH`).

The page is walked with messages on it that were said before a switch (a position's link,
the save file's link) and a deck edit's diff, so a message that stays in the old language
fails too. Waits follow progress (tests/browser/progress.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from each_view import WIDTHS
from page_moves import show_tab
from playwright.sync_api import Page
from progress import follow, follow_expect, has, open_page

from verlies import i18n

#: Words that are words of both languages, though one table happens to use them only
#: (German "also" = English "so"; German "Stand" = state; "Standard" is the same word).
BOTH = frozenset({"also", "stand", "standard", "null"})

#: Strings that are never words: what a missing tooltip or value shows.
NEVER = frozenset({"null", "undefined", "None", "NaN", "[object Object]"})

_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{2,}")
#: A token with a digit or "_" (an id, a number, a file name), or lower-case words joined
#: by "-" (a card id: "r-ausgang", "schatz-goldkrone").
_ID = re.compile(r"[\w.\-]*[\d_][\w.\-]*|[a-z]+(?:-[a-z]+)+")


def table_words(lang: str) -> frozenset[str]:
    """The words of ``lang``'s table (placeholders left out), lower case."""
    found: set[str] = set()
    for template in i18n.table(lang).values():
        plain = re.sub(r"\{[^{}]*\}", " ", template)
        found.update(w.lower() for w in _WORD.findall(plain))
    return frozenset(found)


def only_words() -> dict[str, frozenset[str]]:
    """Language -> the words only its table has."""
    de, en = table_words("de"), table_words("en")
    return {"de": de - en - BOTH, "en": en - de - BOTH}


def words_of(text: str) -> list[str]:
    """The words of a shown string, ids and numbers left out."""
    words: list[str] = []
    for token in text.split():
        if _ID.fullmatch(token.strip("()[]{},.;:!?«»\"'“”„·")):
            continue
        words.extend(_WORD.findall(token))
    return words


def foreign(strings: Iterable[str], lang: str, only: dict[str, frozenset[str]]) -> list[str]:
    """Each shown string holding a word only the other language has, or that is never a
    word ("null"), with the words that gave it away."""
    other = only["en" if lang == "de" else "de"]
    found = []
    for s in strings:
        if s.strip() in NEVER:
            found.append(f"{s!r} (not a word)")
            continue
        hits = [w for w in words_of(s) if w.lower() in other]
        if hits:
            found.append(f"{hits} in {s[:120]!r}")
    return found


#: Every string a person meets on the page, as described in the module's text.
_SHOWN_JS = """
() => {
  const shown = (e) => !!e && e.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})
    && !e.closest('[aria-hidden="true"]');
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.nodeValue.trim();
    const p = n.parentElement;
    if (!text || !p || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(p.tagName)) continue;
    const owner = p.closest('select') || p;  // an option is shown by its select
    if (shown(owner)) out.push(text);
  }
  document.querySelectorAll('[title], [placeholder], [aria-label]').forEach((e) => {
    if (!shown(e)) return;
    for (const a of ['title', 'placeholder', 'aria-label']) {
      const v = e.getAttribute(a);
      if (v !== null && v.trim()) out.push(v.trim());
    }
  });
  document.querySelectorAll('input[type=button], input[type=submit]').forEach((e) => {
    if (shown(e) && e.value.trim()) out.push(e.value.trim());
  });
  return out;
}
"""

#: Each tab's title key and what shows that the tab is built and shown.
TABS = (
    ("page.tab_play", "canvas.vl-board"),
    ("page.tab_new", ".vl-setup"),
    ("page.tab_deck", ".verlies-deck-editor .widget-select select"),
    ("page.tab_rules", ".vl-rules"),
    ("sim.tab", ".vl-balance"),
)


def _switch(page: Page, lang: str) -> None:
    page.click(f".vl-lang button:has-text('{lang.upper()}')")
    follow_expect(page.locator(".vl-tabs .lm-TabBar-tab").first).to_have_text(
        i18n.text("page.tab_play", lang)
    )


def _tab(page: Page, key: str, ready: str, lang: str) -> None:
    show_tab(page, key, lang)
    follow(page, has(page, ready, "visible"), f"the tab {i18n.text(key, lang)!r} built")


def _walk_tab(page: Page, lang: str, what: str, only: dict[str, frozenset[str]]) -> int:
    """At each width: no foreign word and no sideways scroll (waited for while the page
    still changes: a switch's words arrive one widget after another)."""
    counted = 0
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        seen: dict[str, Any] = {}

        def clean(width: int = width, seen: dict[str, Any] = seen) -> bool:
            strings: list[str] = page.evaluate(_SHOWN_JS)
            seen["n"] = len(strings)
            bad = foreign(strings, lang, only)
            assert bad == [], f"{what} at {width} px in {lang}: {bad[:12]}"
            scroll = page.evaluate("document.documentElement.scrollWidth")
            assert scroll <= width, f"{what} at {width} px scrolls sideways ({scroll} px)"
            return True

        follow(page, clean, f"{what} at {width} px in {lang}")
        counted += seen["n"]
    return counted


def _say_things(page: Page) -> None:
    """Messages a person makes on the Game tab: a position's link and the save file's."""
    page.click(".vl-make-link")
    follow(page, has(page, ".vl-position-link", "visible"), "the position's link")
    page.click(".vl-save")
    follow(page, has(page, ".vl-download .vl-download-link", "visible"), "the save file's link")


def _edit_the_deck(page: Page) -> None:
    """A count changed in the deck editor (German): its diff lines and the "pending"
    line are words the switch must redraw."""
    editor = ".verlies-deck-editor"
    _tab(page, "page.tab_deck", f"{editor} .widget-select select", "de")
    cards = page.locator(f"{editor} .widget-select select")
    labels: list[str] = cards.locator("option").evaluate_all("os => os.map(o => o.label)")
    card = next(x for x in labels if x.replace("\xa0", " ").startswith("r-gang-bend-01 · "))
    cards.select_option(label=card)  # a corridor: its count may change (the start's not)
    follow_expect(page.locator(f"{editor} h4 code")).to_have_text("r-gang-bend-01")
    label = i18n.text("editor.count", "de")
    count = page.locator(f"{editor} .widget-inline-hbox:has(> label:text-is('{label}')) input")
    follow_expect(count.first).to_be_visible()
    count.first.fill("2")
    count.first.press("Tab")
    follow_expect(page.locator(f"{editor} .verlies-diff").first).to_be_visible()
    _tab(page, "page.tab_play", "canvas.vl-board", "de")


def test_the_words_of_one_language_are_told_apart() -> None:
    """The walk's own judge: it finds the other language's words, and only those."""
    only = only_words()
    assert foreign(["Vergleichen mit"], "en", only) != []
    assert foreign(["Link to this position (step 3): open or copy it"], "de", only) != []
    assert foreign(["Class C — Holzbrücke (wooden bridge): injured, but passed."], "en", only)
    assert foreign(["null"], "en", only) and foreign(["null"], "de", only)
    # ids, numbers and words both languages share are not the other language
    assert foreign(["r-gang-straight-01 · Corridor ×1", "standard-2", "66.7 %"], "en", only) == []
    assert foreign(["schatz-goldkrone\xa0·\xa0Golden\xa0crown\xa0×1"], "en", only) == []
    assert foreign(["Magie-Sperre"], "en", only) != []
    assert foreign(["Gold", "Start", "Deck & Karten", "Balance"], "de", only) == []
    # every page word of each table, shown in its own language, passes
    for lang in ("de", "en"):
        own = [re.sub(r"\{[^{}]*\}", "", i18n.template(k, lang)) for k in i18n.keys(lang)]
        assert len(own) > 500 and foreign(own, lang, only) == []


def test_every_tab_in_each_language_shows_only_that_language(
    page: Page, page_url: Any, voila_server: Any, console_errors: list[str]
) -> None:
    only = only_words()
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, page_url(), server=voila_server)
    _switch(page, "de")
    page.locator(".vl-designer input").check()  # designer mode: every hand, coordinates
    follow_expect(page.locator(".vl-designer input")).to_be_checked()
    _say_things(page)  # said in German: redrawn in English after the switch
    _edit_the_deck(page)
    shown = {}
    for lang in ("de", "en", "de"):
        _switch(page, lang)
        for key, ready in TABS:
            _tab(page, key, ready, lang)
            shown[(lang, key)] = _walk_tab(page, lang, i18n.text(key, lang), only)
        _tab(page, TABS[0][0], TABS[0][1], lang)
    # the walk saw the page: many strings on each tab
    assert all(n > 20 for n in shown.values()), shown
    assert console_errors == []

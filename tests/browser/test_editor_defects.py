"""Two defects of the deck editor from the designer's try (issue 12), in a real browser
(Voila + headless Debian Chromium), in German as the designer saw them:

- on a monster card, a card text that stops parsing showed a hint that offered "Falle"
  (monsters have no trap); the hint offers what a monster card may say next;
- the download was always ``standard.toml`` and there was no deck-name field: the name
  field renames the deck (a refused name shows why, undo takes a name back) and the
  download is named after the deck.

Everything is done as a person would: typing into the fields, pressing Enter and the
buttons, clicking the download link; what is checked is the text on the screen and the
file the browser saves. Waits follow progress (tests/browser/progress.py), never a fixed
time (a fixed 15 s once failed here on a machine at load 7).

The two share one page (tests/browser/one_page.py): the deck name's test ends as it began
(undo takes the name back, the deck is the standard one again: checked), so it comes first;
the monster card's test leaves its refused text in the editor and spoils the page.
"""

from __future__ import annotations

from one_page import OnePage, one_page_each, one_page_module  # noqa: F401
from page_moves import EDITOR, editor_button
from playwright.sync_api import Locator, Page
from progress import follow, follow_event, follow_expect, has
from test_editor_page import choose_card, field, screenshot, tab

from verlies.deck import Deck

MONSTER = "monster-drache"
#: A fight, then a word no monster card has: a monster may only go on with its loot.
BAD_MONSTER_TEXT = "Kampf: Stärke 3. x"
NAME = "Höhlen-Tour 2"


def name_input(page: Page) -> Locator:
    return field(page, "widget-text", "Deckname").locator("input")


def german_deck_tab(one_page: OnePage) -> Page:
    """The page in German (as it opens) on the Deck & Karten tab."""
    page = one_page.ready()
    page.click(".vl-lang button:has-text('DE')")
    deck_tab = ".vl-tabs .lm-TabBar-tab:has-text('Deck & Karten')"
    follow(page, has(page, deck_tab, "visible"), "the page in German")
    tab(page, "Deck & Karten")
    return page


def rename(page: Page, name: str) -> None:
    """Type a deck name and press Enter (the field takes it on Enter)."""
    box = name_input(page)
    box.click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    if name:
        box.press_sequentially(name, delay=15)
    box.press("Enter")


def test_the_deck_name_field_names_the_download(one_page: OnePage) -> None:
    voila_server = one_page.server
    mark = voila_server.log_mark()
    page = german_deck_tab(one_page)
    follow_expect(name_input(page)).to_have_value("Standard")

    rename(page, NAME)
    follow_expect(page.locator(EDITOR)).to_contain_text(f"Das Deck heißt jetzt „{NAME}“.")
    follow_expect(page.locator(f"{EDITOR} .verlies-diff")).to_contain_text(NAME)

    editor_button(page, "Download vorbereiten").click()
    link = page.locator(f"{EDITOR} a:has-text('ganzes Deck herunterladen')")
    follow_expect(link).to_be_visible()
    download = follow_event(page, "download", link.click, "the deck's download")
    assert download.suggested_filename == "hoehlen-tour-2.toml"
    saved = download.path()
    assert Deck.loads(saved.read_bytes()).name == NAME
    patch = page.locator(f"{EDITOR} a:has-text('nur die Änderungen herunterladen')")
    download = follow_event(page, "download", patch.click, "the changes' download")
    assert download.suggested_filename == "hoehlen-tour-2-patch.toml"

    # an empty name is refused: the reason is shown, the deck keeps its name
    rename(page, "")
    status = page.locator(f"{EDITOR} .verlies-error:has-text('Name nicht übernommen')")
    follow_expect(status).to_contain_text("ein Deckname hat 1 bis 80 Zeichen")
    follow_expect(page.locator(f"{EDITOR} .verlies-diff")).to_contain_text(NAME)
    screenshot(page, "editor_deck_name.png")

    # undo takes the name back; the field shows the deck's name again
    editor_button(page, "Rückgängig").click()
    follow_expect(name_input(page)).to_have_value("Standard")
    follow_expect(page.locator(EDITOR)).to_contain_text("Keine Unterschiede zum Standarddeck")
    assert one_page.errors == []
    assert voila_server.log_errors(mark) == []


def test_a_monster_cards_hint_offers_no_trap(one_page: OnePage) -> None:
    voila_server = one_page.server
    mark = voila_server.log_mark()
    page = german_deck_tab(one_page)
    one_page.spoil("the monster card's refused text stays in the editor")
    field(page, "widget-text", "Suche").locator("input").fill("monster-dr")
    choose_card(page, MONSTER)
    area = field(page, "widget-textarea", "Kartentext").locator("textarea")
    area.click()
    page.keyboard.press("Control+A")
    area.press_sequentially(BAD_MONSTER_TEXT, delay=15)
    follow_expect(area).to_have_value(BAD_MONSTER_TEXT)
    error = page.locator(f"{EDITOR} .verlies-error").first
    follow_expect(error).to_be_visible()
    follow_expect(error).to_contain_text(
        f"Karte '{MONSTER}', Zeile 1, Spalte 18: unbekanntes Wort 'x' — erwartet wird Besitz",
    )
    shown = error.inner_text()
    for word in ("Falle", "Monsterbegegnung", "Schatz"):
        assert word not in shown, shown
    screenshot(page, "editor_monster_hint.png")
    assert one_page.errors == []
    assert voila_server.log_errors(mark) == []

"""The deck editor tab in a real browser (Voila + headless Debian Chromium).

Explorer issue: "a card edit with an error shows the error and changes nothing; a valid edit
changes what the next drawn card does". Everything here is done as a person would: typing
into the editor's fields, pressing its buttons, then playing on the Game tab with the chance
panel's what-if picker ("take this outcome"), the board canvas and "Lay it here".

The editor's widgets carry no ``vl-*`` classes of their own (only the editor's box is
``.verlies-deck-editor``, and its messages ``.verlies-error`` / ``.verlies-ok`` /
``.verlies-diff``), so its fields are found by their label and its buttons by their text.
Screenshots in tests/artifacts/: editor_error.png (the located error), editor_applied.png
(the valid edit applied) and editor_game_7_gold.png (the Game tab after the room card).
Waits follow progress (tests/browser/progress.py), never a fixed time.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from browser_settings import ARTIFACTS
from page_moves import EDITOR, editor_button, state, targets
from playwright.sync_api import Locator, Page
from progress import BOARD, follow, follow_expect, follow_js, has, open_page

from verlies.deck import Deck
from verlies.deck.sanity import sanity

SEED = 3
CARD = "raum-gold-03"  # "Forgotten till": "5 Gold."
CARD_NAME = "Forgotten till"
ROOM_TILE = "Crypt (T-junction) · r-raum-t-01"  # the what-if label names the card id
BAD_TEXT = "Falle: Geschick , sonst"
GOOD_TEXT = "7 Gold."


# ---- the page ------------------------------------------------------------------------------


def wait_state(page: Page, **want: str) -> dict[str, str]:
    """Wait, following progress, until the status line's data attributes have the values
    in ``want``."""
    now = [state(page)]

    def there() -> bool:
        now[0] = state(page)
        return all(now[0].get(k) == v for k, v in want.items())

    follow(page, there, f"the game to get to {want} (it is at {now[0]})")
    return now[0]


def expect_coins(page: Page, seat: int, n: int) -> None:
    """The players panel shows ``n`` coins for ``seat`` (its widget may update a moment after
    the status line's)."""
    player = page.locator(f".vl-players-box .vl-player[data-seat='{seat}']")
    follow_expect(player).to_have_attribute("data-coins", str(n))
    follow_expect(player.locator(".vl-gold")).to_have_text(re.compile(rf"(^|\D){n} "))


def tab(page: Page, title: str) -> None:
    """Show a tab; the deck editor is built when its tab is first shown (a busy machine
    takes a while to build and draw it): wait for it as long as the page makes progress."""
    page.click(f".vl-tabs .lm-TabBar-tab:has-text('{title}')")
    if title.startswith("Deck &"):
        follow(page, has(page, f"{EDITOR} .widget-select select", "visible"), "the deck editor")


def start_two_humans(page: Page, seed: int) -> None:
    """English, then a new two-player game with two human seats (no bot moves in between)."""
    page.click(".vl-lang button:has-text('EN')")
    # the tabs' names follow the language (the state line of a finished game, on a page
    # an earlier test shared, never says "to move")
    new_game = ".vl-tabs .lm-TabBar-tab:has-text('New game')"
    follow(page, has(page, new_game, "visible"), "the page in English")
    tab(page, "New game")
    follow(page, has(page, ".vl-players-count select", "visible"), "the New game form")
    page.select_option(".vl-players-count select", "2")
    for seat in (1, 2):
        page.select_option(f".vl-seat-{seat}-controller select", label="human")
    page.fill(".vl-seed input", str(seed))
    page.press(".vl-seed input", "Enter")
    page.fill(".vl-round-limit input", "30")
    page.press(".vl-round-limit input", "Enter")
    # Enter sends each field's value before the click's message (one ordered websocket);
    # the fields show what was typed, and the game started below shows the seed arrived.
    follow_expect(page.locator(".vl-seed input")).to_have_value(str(seed))
    follow_expect(page.locator(".vl-round-limit input")).to_have_value("30")
    page.click(".vl-start")
    follow(page, has(page, ".vl-board", "visible"), "the board")
    wait_state(page, seed=str(seed), controllers="human,human", step="0")


# ---- the editor ----------------------------------------------------------------------------


def field(page: Page, widget: str, label: str) -> Locator:
    """An ipywidgets field of the editor, found by its description (the label's text)."""
    return page.locator(f"{EDITOR} .{widget}:has(> label:text-is('{label}'))")


def card_text_area(page: Page) -> Locator:
    return field(page, "widget-textarea", "Card text").locator("textarea")


def choose_card(page: Page, card_id: str) -> None:
    """Pick a card in the editor's list (after the search box narrowed it down). The list
    may still be narrowing when this starts (the kernel answers the search): the card is
    picked by its label once the list shows it, not by a place in the list (a place read
    before the narrowing pointed past its end: select_option waited 30 s and failed)."""
    card_list = page.locator(f"{EDITOR} .widget-select select")

    def label() -> str | None:
        # the list shows "id · name ×count", its spaces as no-break spaces
        labels: list[str] = card_list.locator("option").evaluate_all("os => os.map(o => o.label)")
        return next((x for x in labels if x.replace("\xa0", " ").startswith(f"{card_id} · ")), None)

    follow(page, lambda: label() is not None, f"{card_id} in the card list")
    card_list.select_option(label=label())
    follow_expect(page.locator(f"{EDITOR} h4 code")).to_have_text(card_id)


def type_card_text(page: Page, text: str) -> None:
    """Replace the card text by typing it, key by key (the text area checks as you type)."""
    area = card_text_area(page)
    area.click()
    page.keyboard.press("Control+A")
    area.press_sequentially(text, delay=15)
    follow_expect(area).to_have_value(text)


#: Resolves once the browser painted two frames (after a resize: the new layout is shown).
_PAINTED_JS = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def screenshot(page: Page, name: str) -> None:
    """The editor down to its diff panel (Voila scrolls inside its own box, so full_page
    alone would stop at the window: the window is made taller for the picture)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    page.set_viewport_size({"width": 1100, "height": 1400})
    page.evaluate(_PAINTED_JS)  # the taller window laid out and painted
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)
    if size is not None:
        page.set_viewport_size(size)


# ---- the game tab --------------------------------------------------------------------------


def take_outcome(page: Page, label: str) -> None:
    """The chance panel's what-if: choose the outcome shown as ``label``, take it."""
    if page.locator(".vl-pick-toggle.mod-active").count() == 0:
        page.click(".vl-pick-toggle")  # "what if: pick the outcome" fills the list
    pick = page.locator(".vl-what-if select")
    follow_expect(pick.locator("option").first).to_be_attached()
    texts = [x.replace("\xa0", " ") for x in pick.locator("option").all_inner_texts()]
    index = next((i for i, x in enumerate(texts) if x.startswith(f"{label} – ")), None)
    assert index is not None, f"{label!r} is not an outcome here: {texts}"
    before = state(page)["step"]
    pick.select_option(index=index)
    page.click(".vl-take-outcome")
    follow_js(page, "s => document.querySelector('.vl-state').dataset.step !== s", "a step", before)


def lay_tile_north(page: Page) -> None:
    """Click the highlighted cell north of the start card, then "Lay it here"."""
    found = targets(page)
    north = [t for t in found if t["kind"] == "place" and (t["x"], t["y"]) == ("0", "-1")]
    assert north, f"the cell north of the start is not highlighted: {found}"
    target = north[0]
    box = page.locator(BOARD).bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + float(target["px"]), box["y"] + float(target["py"]))
    follow(page, has(page, ".vl-ghost"), "the ghost card")
    follow_expect(page.locator(".vl-confirm-place")).to_have_text(
        re.compile(r"Lay it here \(0, -1\)")
    )
    page.click(".vl-confirm-place")


def draw_the_room_card(page: Page) -> None:
    """Seat 1 draws, takes the Crypt, lays it north and enters; then takes Forgotten till."""
    wait_state(page, pending="turn", seat="0", human="1")
    page.click(".vl-action-draw")
    wait_state(page, chance="1", pending="draw")
    take_outcome(page, ROOM_TILE)
    wait_state(page, pending="place", chance="0")
    follow_expect(page.locator(".vl-drawn")).to_have_attribute("data-card", "r-raum-t-01")
    lay_tile_north(page)
    wait_state(page, pending="room", chance="1")
    take_outcome(page, CARD_NAME)
    wait_state(page, seat="1", chance="0")  # the room card is done, the other seat moves


# ---- the test ------------------------------------------------------------------------------


def test_bad_card_edit_changes_nothing_good_edit_changes_the_next_card(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    mark = voila_server.log_mark()
    open_page(page, page_url("play.ipynb"), server=voila_server)
    start_two_humans(page, SEED)

    # -- 1. a card text that does not parse: a located error, and nothing changes -----------
    tab(page, "Deck & cards")
    search = field(page, "widget-text", "Search").locator("input")
    search.fill("raum-gold")
    follow_expect(page.locator(f"{EDITOR} .widget-select option")).to_have_count(4)
    choose_card(page, CARD)
    follow_expect(card_text_area(page)).to_have_value("5 Gold.")
    follow_expect(page.locator(f"{EDITOR} .verlies-ok")).to_have_text("✓ ok")

    type_card_text(page, BAD_TEXT)
    error = page.locator(f"{EDITOR} .verlies-error")
    follow_expect(error).to_be_visible()
    follow_expect(error).to_contain_text(
        f"card '{CARD}', line 1, column 17: expected a number after 'Geschick', not ','"
    )
    caret = error.locator("xpath=following-sibling::pre[1]")
    follow_expect(caret).to_have_text(f"{BAD_TEXT}\n{' ' * 16}^")
    follow_expect(page.locator(EDITOR)).to_contain_text(
        "The deck is unchanged; the preview shows the last good card."
    )
    follow_expect(page.locator(f"{EDITOR} .verlies-ok")).to_have_count(0)
    follow_expect(page.locator(EDITOR)).to_contain_text("No differences from the default deck.")
    screenshot(page, "editor_error.png")

    # a text that does not parse cannot be applied: both buttons wait for a good one
    follow_expect(editor_button(page, "Apply to the current game")).to_be_disabled()
    follow_expect(editor_button(page, "Apply to new games")).to_be_disabled()
    assert state(page)["step"] == "0" and state(page)["history"] == "0"
    # the card itself is unchanged, and what was typed is not lost: another card shows its
    # own text; back on this one, the refused text comes back with its error (issue 38)
    choose_card(page, "raum-gold-02")
    follow_expect(card_text_area(page)).to_have_value("W6 Gold.")
    choose_card(page, CARD)
    follow_expect(card_text_area(page)).to_have_value(BAD_TEXT)
    follow_expect(error).to_contain_text(f"card '{CARD}', line 1, column 17")
    follow_expect(page.locator(EDITOR)).to_contain_text("No differences from the default deck.")
    # the card's own text typed again is accepted: the refused one is gone
    type_card_text(page, "5 Gold.")
    follow_expect(page.locator(f"{EDITOR} .verlies-ok")).to_have_text("✓ ok")
    choose_card(page, "raum-gold-02")
    follow_expect(card_text_area(page)).to_have_value("W6 Gold.")
    choose_card(page, CARD)
    follow_expect(card_text_area(page)).to_have_value("5 Gold.")

    # -- 2. a valid text, applied to the current game as an undoable step --------------------
    type_card_text(page, GOOD_TEXT)
    # the diff names the new text only once the kernel checked all of it: "✓ ok" and no
    # error were already there before the typing (and after some of its keys)
    follow_expect(page.locator(f"{EDITOR} .verlies-diff")).to_have_text(
        f"{CARD} ({CARD_NAME}): “5 Gold.” → “7 Gold.”"
    )
    follow_expect(page.locator(f"{EDITOR} .verlies-ok")).to_have_text("✓ ok")
    follow_expect(page.locator(f"{EDITOR} .verlies-error")).to_have_count(0)
    # the canonical text in the page's language only (issue 24: one language at a time)
    follow_expect(page.locator(f"{EDITOR} .verlies-canonical")).to_contain_text("7 gold.")
    follow_expect(page.locator(f"{EDITOR} .verlies-canonical")).not_to_contain_text("7 Gold.")
    editor_button(page, "Apply to the current game").click()
    follow_expect(page.locator(EDITOR)).to_contain_text(
        "Applied to the current game as step 1 (undoable)"
    )
    wait_state(page, step="1", history="1")
    screenshot(page, "editor_applied.png")

    # the next room card drawn is raum-gold-03: it now gives 7 gold
    tab(page, "Game")
    expect_coins(page, 0, 0)
    draw_the_room_card(page)
    expect_coins(page, 0, 7)
    log = page.locator(".vl-log-box")
    follow_expect(log).to_contain_text(f"Deck changed: changed {CARD}")
    follow_expect(log).to_contain_text(f"Room card {CARD_NAME}: 7 gold.")
    follow_expect(log).to_contain_text("Player 1 takes 7 gold.")
    assert "5 gold" not in log.inner_text()
    screenshot(page, "editor_game_7_gold.png")

    # -- 3. undo back past the edit step: the card gives 5 gold again ------------------------
    while state(page)["step"] != "0":
        before = state(page)["step"]
        page.click(".vl-undo")
        follow_js(
            page, "s => document.querySelector('.vl-state').dataset.step !== s", "undo", before
        )
    expect_coins(page, 0, 0)
    follow_expect(log).not_to_contain_text("Deck changed")
    draw_the_room_card(page)
    expect_coins(page, 0, 5)
    follow_expect(log).to_contain_text(f"Room card {CARD_NAME}: 5 gold.")
    follow_expect(log).to_contain_text("Player 1 takes 5 gold.")
    assert "7 gold" not in log.inner_text()

    # -- 4. no errors in the page or on the server --------------------------------------------
    assert console_errors == []
    assert voila_server.log_errors(since=mark) == []


# ---- sanity checks as you type (issue 37 item 5) ------------------------------------------

_SANITY_LAYOUT_JS = """
() => {
  const out = [];
  const sel = '.vl-sanity li, .vl-sanity-summary, .vl-sanity-caption, .vl-sanity-scroll, '
    + '.vl-sanity-legend, .verlies-warned, .verlies-card-warning';
  for (const e of document.querySelectorAll(sel)) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    out.push({text: e.textContent.trim().slice(0, 60), cls: e.className, left: r.left,
              right: r.right, scroll: e.scrollWidth, client: e.clientWidth});
  }
  const d = document.scrollingElement || document.documentElement;
  return {items: out, pageScroll: d.scrollWidth, pageClient: d.clientWidth};
}
"""


def _sanity_fits(page: Page, width: int) -> bool:
    """Every warning inside the window and not cut (the chance table scrolls in its own
    box, which stays inside the window); the page does not scroll sideways."""
    got: dict[str, Any] = page.evaluate(_SANITY_LAYOUT_JS)
    assert got["pageScroll"] <= got["pageClient"], got
    assert got["items"], "no sanity checks on the page"
    for e in got["items"]:
        assert e["left"] >= -0.5 and e["right"] <= width + 0.5, ("outside the window", e)
        if "vl-sanity-scroll" not in e["cls"]:
            assert e["scroll"] <= e["client"] + 1, ("cut", e)
    return True


def test_sanity_warnings_as_a_person_reads_them(
    page: Page, page_url: Callable[..., str], voila_server: Any, console_errors: list[str]
) -> None:
    """The Barbar made 6/6/6 in the Deck tab's fields: the deck takes it, but the card says
    "taken, with warnings" (never "✓ ok"), and the sanity checks list, in this order, the
    R2.1 break and the Barbar far stronger than the others, the words the engine's report
    gives; read at 390, 800 and 1280 px in English, then in German after the page's switch
    (one page: nothing here needs a fresh kernel)."""

    deck = Deck.default()
    barbar = deck.characters["char-barbar"]
    broken = deck.with_card(
        "character", dataclasses.replace(barbar, staerke=6, geist=6, geschick=6)
    )
    report = sanity(broken)
    assert [f.key for f in report.findings] == ["r2", "char_strong"]
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, page_url(), server=voila_server)
    page.click(".vl-lang button:has-text('EN')")
    tab(page, "Deck & cards")
    field(page, "widget-text", "Search").locator("input").fill("char-barbar")
    choose_card(page, "char-barbar")
    follow_expect(page.locator(f"{EDITOR} .verlies-ok")).to_have_text("✓ ok")
    follow_expect(page.locator(f"{EDITOR} .vl-sanity-none")).to_contain_text("No warnings")
    for label in ("Mind", "Dexterity"):
        box = field(page, "widget-text", label).locator("input")
        box.fill("6")
        box.press("Enter")
    items = page.locator(f"{EDITOR} .vl-sanity-warnings li")
    for lang, widths in (("en", (1280, 800, 390)), ("de", (390, 800, 1280))):
        if lang == "de":
            page.click(".vl-lang button:has-text('DE')")
        want = [f"⚠ {f.text(lang)}" for f in report.findings]
        follow(page, lambda w=want: items.all_inner_texts() == w, f"the warnings ({lang})")
        taken = "taken, with warnings" if lang == "en" else "übernommen, mit Warnungen"
        follow_expect(page.locator(f"{EDITOR} .verlies-warned")).to_have_text(f"⚠ {taken}")
        follow_expect(page.locator(f"{EDITOR} .verlies-ok")).to_have_count(0)
        shown = page.locator(f"{EDITOR} .verlies-card-warning").all_inner_texts()
        assert shown == want, shown  # the card's own warnings under its status
        summary = page.locator(f"{EDITOR} .vl-sanity-summary")
        follow_expect(summary).to_contain_text("Warnings (2)" if lang == "en" else "Warnungen (2)")
        head = page.locator(f"{EDITOR} .vl-sanity-table thead th.vl-out")
        name = barbar.name.get(lang)
        follow_expect(head).to_have_text(re.compile(rf"^▲ {name}\s*6/6/6$"))
        for width in widths:
            page.set_viewport_size({"width": width, "height": 900})
            page.locator(f"{EDITOR} .vl-sanity").scroll_into_view_if_needed()
            follow(page, lambda w=width: _sanity_fits(page, w), f"the warnings at {width} px")
            for item in items.all():
                assert item.is_visible()
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.locator(f"{EDITOR} .vl-sanity").screenshot(
                path=str(ARTIFACTS / f"sanity_{lang}_{width}.png")
            )
    assert console_errors == []

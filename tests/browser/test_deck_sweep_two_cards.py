"""The Deck tab's sweep across two cards (issue 37 item 6) in a real browser, in German and
English, at 390, 800 and 1280 px: a person selects the goblin, sweeps its fight value
against the ruby's gold (the ruby chosen as the second number's card), 3–4 × 5–6 at 4
games a cell, and reads a heat map whose cells are the lab's numbers for those decks, the
draft's cell (fight 3, gold 5) marked "now", and both axes named with the card's name and
number in the page's language; at every width the grid, the panel's fields and buttons
inside the window, none cut. One page does both languages: the sweep made in German, its
heat map read in German and then in English (the language switched). Every wait follows
progress (tests/browser/progress.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from each_view import LANGS, each_width
from layout import check_fits
from page_moves import option_texts, switch_lang
from playwright.sync_api import Page
from progress import follow, follow_expect
from test_deck_sweep import _HEAT_JS, LAYOUT, _open_card

from verlies import i18n
from verlies.deck import Deck
from verlies.sim.sweep import GridTweak, sweep
from verlies.ui.deck.sweep_words import value_text as _value

GOBLIN = "monster-goblin"
RUBY = "schatz-rubin"


def _fits(page: Page, width: int) -> bool:
    check_fits(page, width, LAYOUT, scrolls=(".vl-sweep-plot",))
    got: dict[str, Any] = page.evaluate(_HEAT_JS)
    assert got["table"]["right"] <= width + 0.5 and got["table"]["left"] >= -0.5, got
    assert [c["now"] for c in got["cells"]] == [True, False, False, False], got
    for c in got["cells"]:
        assert c["scroll"] <= c["client"] + 1, ("cut", c)
    return True


def _heat_read_right(page: Page, server: Any, lang: str, lab: Any) -> None:
    """The finished sweep read in ``lang``: "done", the heat map's cells the lab's numbers
    with the draft's cell marked "now", both axes named, the grid inside the window and
    uncut at every width."""
    deck = Deck.default()
    fight = i18n.text("impact.field.fight", lang)
    gold = i18n.text("impact.field.gold", lang)
    goblin = str(deck.monsters[GOBLIN].name.get(lang))
    ruby = str(deck.treasures[RUBY].name.get(lang))
    follow_expect(page.locator(".vl-sweep-status")).to_have_text(
        i18n.text("sweep.done", lang, done=16)
    )
    want = [_value("median_rounds", est, lang) for est, _, _ in lab.curve_ci("median_rounds")]
    now = i18n.text("sweep.now", lang)
    expected = [f"{want[0]} {now}", want[1], want[2], want[3]]

    def drawn() -> bool:
        got: dict[str, Any] = page.evaluate(_HEAT_JS)
        return [c["text"] for c in got["cells"]] == expected

    follow(page, drawn, f"the heat map's cells ({lang})", server=server)
    x = i18n.text("sweep.axis_card", lang, card=goblin, what=fight)
    y = i18n.text("sweep.axis_card", lang, card=ruby, what=gold)
    head = i18n.text("sweep.grid_axes", lang, x=x, y=y).split(".")[0]
    note = page.locator(".vl-sweep-heat small").last  # below the grid
    follow(page, lambda: note.inner_text().startswith(head), f"the axes ({lang})", server=server)
    said = note.inner_text()
    assert re.search(re.escape(x), said) and re.search(re.escape(y), said), (lang, said)
    for width in each_width(page):
        page.locator(".vl-sweep .vl-heat-wrap").scroll_into_view_if_needed()
        follow(
            page, lambda w=width: _fits(page, w), f"{lang}: the grid at {width} px", server=server
        )
    page.set_viewport_size({"width": 1280, "height": 900})


def test_the_goblins_fight_against_the_rubys_gold(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    """One page: the sweep set up and made in German, its heat map read in German and
    then in English (the language switched)."""
    deck = Deck.default()
    lang = LANGS[0]
    _open_card(page, page_url(), voila_server, lang, GOBLIN)
    fight = i18n.text("impact.field.fight", lang)
    gold = i18n.text("impact.field.gold", lang)
    ruby = str(deck.treasures[RUBY].name.get(lang))
    field = page.locator(".vl-sweep-field select").first
    follow(page, lambda: fight in option_texts(field), "the goblin's numbers", server=voila_server)
    field.select_option(label=fight)
    card2 = page.locator(".vl-sweep-card2 select")
    ruby_label = f"{ruby} ({RUBY})"
    follow(page, lambda: ruby_label in option_texts(card2), "the cards", server=voila_server)
    assert option_texts(card2)[0] == i18n.text("sweep.card2_same", lang)
    card2.select_option(label=ruby_label)
    second = page.locator(".vl-sweep-second select")
    follow(page, lambda: gold in option_texts(second), "the ruby's numbers", server=voila_server)
    second.select_option(label=gold)
    follow_expect(page.locator(".vl-sweep-from2 input")).to_be_visible()
    page.locator(".vl-sweep-quantity select").select_option(
        label=i18n.text("sweep.q.median_rounds", lang)
    )
    for name, value in (("from", 3), ("to", 4), ("from2", 5), ("to2", 6), ("games", 4)):
        box = page.locator(f".vl-sweep-{name} input")
        box.fill(str(value))
        box.press("Tab")
    page.locator(".vl-sweep-start").click()
    cells = ((3, 5), (4, 5), (3, 6), (4, 6))
    tweak = GridTweak("monster", GOBLIN, "fight", "gold", cells, f"treasure:{RUBY}")
    lab = sweep(tweak, [0, 1, 2, 3], 4, players=4, deck=deck, characters="all", workers=1)
    for lang in LANGS:
        switch_lang(page, lang, server=voila_server)
        _heat_read_right(page, voila_server, lang, lab)
    assert console_errors == []

"""The Deck tab's impact column in a real browser (issue 22 item 1), in German and English,
at 390, 800 and 1280 px.

A person filters the card list to the two coin cards, asks for the impact of "the cards in
the list" (16 games per deck, 2 players), sees figures appear beside the cards while the
run goes on, and when it is done: each entry is the card, then its figure, exactly the
text the lab's own impact() of the same deck, seeds and cards gives (the run is
deterministic); ordering the list by impact or by met per game reorders the entries as
those figures say. At each width the panel's controls are not cut, the list and the
panel lie inside the window, the page does not scroll sideways, and no word of the other
language's impact words is shown. One page does both languages: the run made in German,
the finished run read in German and then in English (the language switched). Every wait
follows progress (tests/browser/progress.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from browser_settings import ARTIFACTS
from each_view import LANGS, each_width, foreign_words
from layout import check_fits
from page_moves import EDITOR, switch_lang, table_rows
from playwright.sync_api import Page
from progress import follow, follow_expect, open_page

from verlies import i18n
from verlies.deck import Deck
from verlies.sim.impact import impact
from verlies.ui.deck.editor_model import EditorModel
from verlies.ui.deck.impact_model import figure_parts, figure_text, figures, sort_keys

SEARCH = "muenz"  # the old coin and the coin purse
CARDS = [("treasure", "schatz-alte-muenze"), ("treasure", "schatz-muenzbeutel")]
GAMES, PLAYERS = 16, 2

_OPTIONS_JS = "s => Array.from(s.options).map(o => o.textContent)"


Expected = tuple[list[str], dict[str, list[str]], int, dict[str, list[str]]]


def _expected(lang: str) -> Expected:
    """The entries the list must show when the run is done (deck order), the order of
    their cards by each way of sorting, the games played (every deck the run plays: the
    draft and each card's moves the deck allows), and each card's row of the narrow
    screen's table."""
    deck = Deck.default()
    res = impact(deck, GAMES, players=PLAYERS, workers=1, cards=[f"{k}:{c}" for k, c in CARDS])
    figs = figures(res)
    model = EditorModel(deck, lang)
    entries = [f"{model.list_label(k)} │ {figure_text(figs[k], lang, deck)}" for k in CARDS]
    orders = {by: [c for _, c in sort_keys(CARDS, figs, by)] for by in ("impact", "met")}
    played = GAMES * (1 + sum(len(c.paired) for c in res.cards))
    rows = {k[1]: [model.list_label(k), *figure_parts(figs[k], lang, deck)] for k in CARDS}
    return entries, orders, played, rows


#: The panel's and the list's boxes.
_LAYOUT: tuple[str, ...] = (
    ".vl-impact .widget-label",
    ".vl-impact button",
    ".vl-impact select",
    ".vl-impact input",
    ".vl-impact-status",
    ".vl-impact-selected",
    ".vl-impact",
    ".verlies-deck-editor .vl-impact-list select",
    ".vl-impact-table td",
)


def _check_layout(page: Page, width: int) -> bool:
    # the number box scrolls its own text; a narrow list cuts its entries (said below)
    items = check_fits(
        page, width, _LAYOUT,
        scrolls=(".vl-impact input", ".verlies-deck-editor .vl-impact-list select"),
    )  # fmt: skip
    buttons = [e for e in items if e["sel"] == ".vl-impact button"]
    assert len(buttons) == 2 and all(b["width"] >= 60 for b in buttons), buttons
    lists = [e for e in items if e["sel"].endswith("vl-impact-list select")]
    assert len(lists) == 1, lists
    cells = [e for e in items if e["sel"] == ".vl-impact-table td"]
    if width >= 800:
        # the list is wide enough for its entries whole; no table repeats them
        assert lists[0]["scroll"] <= lists[0]["client"] + 1, lists
        assert not cells, cells
    else:
        # a narrow list cuts its entries: the table under the panel shows every figure
        assert len(cells) == 4 * len(CARDS), cells
    return True


def _done_read_right(page: Page, server: Any, lang: str, card_list: Any) -> None:
    """The finished run read in ``lang``: "Done", the entries exactly the lab's figures,
    the list sorted by impact and by met per game as the figures say, the selected card's
    figure in full, and at each width the panel uncut, inside the window, only ``lang``'s
    words (a screenshot of each)."""
    entries, orders, played, rows = _expected(lang)
    per_game = i18n.text("deckimpact.met", lang, n="")
    status = page.locator(".vl-impact-status")
    done = i18n.text("deckimpact.phase.done", lang, done=played, games=GAMES)
    follow_expect(status).to_have_text(done)
    follow_expect(page.locator(".vl-impact-start")).to_be_enabled()
    mark = "," if lang == "de" else "."

    def final_figures() -> bool:
        # the run's end says "Done" and frees Start before it redraws the list (ui/
        # editor_impact.py's _done), and a run's last updates may skip the list (drawn
        # at most every 0.4 s): the list's final figures come after the status line
        shown = card_list.evaluate(_OPTIONS_JS)
        assert [s.replace("\xa0", " ") for s in shown] == entries, (lang, shown)
        assert all(re.search(rf"\d\{mark}\d\d{re.escape(per_game)}$", s) for s in shown), shown
        return True

    follow(page, final_figures, f"the run's figures beside the cards ({lang})", server=server)
    # Ordered by impact, then by met per game: the list follows the figures.
    sort = page.locator(".vl-impact-sort select")
    for by in ("impact", "met"):
        sort.select_option(label=i18n.text(f"deckimpact.sort.{by}", lang))

        def ordered(by: str = by) -> bool:
            now = card_list.evaluate(_OPTIONS_JS)
            return [next(c for _, c in CARDS if c in o) for o in now] == orders[by]

        follow(page, ordered, f"the list ordered by {by} ({lang})", server=server)
    # the selected card's figure in full under the panel
    card_list.select_option(index=0)
    follow_expect(page.locator(".vl-impact-selected")).to_contain_text(per_game.strip())
    for width in each_width(page):
        follow(page, lambda w=width: _check_layout(page, w), f"{lang}: {width} px", server=server)
        if width < 800:  # the table's rows: the list's cards in its order, their figures
            table = table_rows(page, ".vl-impact-table tr")
            assert table == [rows[c] for c in orders["met"]], (lang, width, table)
        text = page.locator(".vl-impact").inner_text() + "\n".join(card_list.evaluate(_OPTIONS_JS))
        foreign = foreign_words(text, lang, ("deckimpact.",))
        assert not foreign, f"words of the other language on the {lang} page: {sorted(foreign)}"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.locator(EDITOR).screenshot(path=str(ARTIFACTS / f"deck_impact_{lang}_{width}.png"))
    page.set_viewport_size({"width": 1280, "height": 900})
    # back in deck order: the list as the run left it (the next language reads it so)
    sort.select_option(label=i18n.text("deckimpact.sort.deck", lang))
    follow(
        page,
        lambda: (
            [next(c for _, c in CARDS if c in o) for o in card_list.evaluate(_OPTIONS_JS)]
            == [c for _, c in CARDS]
        ),
        f"the list in deck order ({lang})",
        server=server,
    )


def test_the_impact_column_fills_in_and_sorts_the_card_list(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    """One page: the run made and read in German, then read again in English (the
    language switched: the list's entries, their order, the panel at every width)."""
    server = voila_server
    lang = LANGS[0]
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, page_url(), server=server)
    page.click(f".vl-lang button:has-text('{lang.upper()}')")
    deck_tab = i18n.text("page.tab_deck", lang)
    page.click(f".vl-tabs .lm-TabBar-tab:has-text('{deck_tab}')")
    search = page.locator(
        f"{EDITOR} .widget-text:has(> label:text-is('{i18n.text('editor.search', lang)}')) input"
    )
    follow(page, lambda: search.count() == 1, "the editor's search box", server=server)
    card_list = page.locator(f"{EDITOR} .vl-impact-list select")
    search.fill(SEARCH)
    follow(
        page,
        lambda: len(card_list.evaluate(_OPTIONS_JS)) == len(CARDS),
        "the two coin cards in the list",
        server=server,
    )
    start = page.locator(".vl-impact-start")
    follow_expect(start).to_have_text(i18n.text("deckimpact.start", lang))
    status = page.locator(".vl-impact-status")
    follow_expect(status).to_have_text(i18n.text("deckimpact.idle", lang))
    # this test reads the ±1 measure (the "made typical" ranking:
    # tests/ui/deck/test_impact_column.py)
    page.locator(".vl-impact-method select").select_option(
        label=i18n.text("deckimpact.method.sensitivity", lang)
    )
    games = page.locator(".vl-impact-games input")
    # the kernel answers the new measure with its own default games: wait for it first
    follow_expect(games).to_have_value("48")
    games.fill(str(GAMES))
    games.press("Enter")
    page.locator(".vl-impact-players select").select_option(label=str(PLAYERS))
    page.locator(".vl-impact-scope select").select_option(
        label=i18n.text("deckimpact.scope.listed", lang)
    )
    start.click()
    # Figures appear beside the cards while the run goes on (the first from the draft's
    # own games), then the run ends: "Done: 96 games (16 per deck)".
    per_game = i18n.text("deckimpact.met", lang, n="")
    follow(
        page,
        lambda: all(per_game in o for o in card_list.evaluate(_OPTIONS_JS)),
        "figures beside the cards",
        server=server,
    )
    for lang in LANGS:
        switch_lang(page, lang, server=server)
        _done_read_right(page, server, lang, card_list)
    assert console_errors == []

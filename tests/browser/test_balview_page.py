"""The Balance tab's answer reads like ``verlies compare``'s and comes back whole after a
reload (balview; issues 37, 38, 40), in a real browser against a real Voila.

A person runs a small Balance answer (16 games, 2 players, every game played: no watch).
The tab leads with the before/after sentence and the win rates, then the chart, the
answer's table, and one table of the other quantities whose title names their own Holm
family; its rows are the model's (``others_table`` of the same run, played again here with
the same seeds), in the same order and words; no number has a second interval. "Show me
games like this" gives the longest game's ``?g=`` link. The page is reloaded: the same
sentence, the same two tables, the game lengths (legend with both medians), the downloads
named by the draft, "play N more" and the game feel (named by its draft) are back,
marked as of the draft as it is; in German the same, in German words. At 390, 800 and
1280 px every table row's text is there, in the same order, and the page does not scroll
sideways. Every wait follows progress.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from each_view import foreign_words
from page_moves import browser_known, show_tab, switch_lang
from playwright.sync_api import Page
from progress import follow, follow_expect, has, open_page

from verlies import i18n
from verlies.deck import Deck
from verlies.links import from_query, open_position
from verlies.sim import simulate
from verlies.sim.compare import compare
from verlies.sim.verdict import before_after, others_table
from verlies.ui.balance.feel_model import lines_of

GAMES, PLAYERS = 16, 2
#: The templates whose words the tab's answer is made of.
PREFIXES = ("balview.", "verdict.", "answers.", "balance.", "lab.", "metric", "sim.", "feel.")

_ROWS_JS = """
(sel) => Array.from(document.querySelectorAll(sel + ' tr')).slice(1)
  .map(r => Array.from(r.querySelectorAll('td')).map(c => c.innerText.trim()))
"""
_ORDER_JS = """
() => ['.vl-verdict-sentence', '.vl-verdict-wins', '.vl-balance-diff', 'table.vl-answer',
       '.vl-others-title', 'table.vl-others']
  .map(s => { const e = document.querySelector('.vl-balance ' + s);
              return e ? e.getBoundingClientRect().top + window.scrollY : null; })
"""
_SCROLL_JS = """
() => { const d = document.scrollingElement || document.documentElement;
        return [d.scrollWidth, d.clientWidth]; }
"""


def _comparison() -> Any:
    """The run the page makes (the same decks, games, players and seeds)."""
    deck = Deck.default()
    return compare(
        deck, deck, GAMES, players=PLAYERS, seed=0, characters="all", labels=("base", "draft")
    )


def _model_rows(lang: str) -> tuple[str, list[list[str]]]:
    table = others_table(before_after(_comparison()), lang)
    assert table is not None
    return table.title, table.rows


def _seen(page: Page) -> dict[str, Any]:
    return {
        "sentence": page.locator(".vl-balance .vl-verdict-sentence").inner_text(),
        "wins": page.locator(".vl-balance .vl-verdict-wins").inner_text(),
        "answer": page.evaluate(_ROWS_JS, ".vl-balance table.vl-answer"),
        "others": page.evaluate(_ROWS_JS, ".vl-balance table.vl-others"),
        "others_title": page.locator(".vl-balance .vl-others-title").inner_text(),
        "files": page.locator(".vl-balance-downloads a").evaluate_all(
            "as => as.map(a => a.getAttribute('download'))"
        ),
        "more": page.locator(".vl-balance-more").is_visible(),
        "feel": page.locator(".vl-feel-line").all_inner_texts(),
        "feel_of": page.locator(".vl-feel-of").inner_text(),
    }


def _check_answer(page: Page, lang: str) -> dict[str, Any]:
    seen = _seen(page)
    title, rows = _model_rows(lang)
    assert seen["others_title"] == title and "Holm" in title
    # the model's rows, in its order, cell for cell (one interval per number)
    assert seen["others"] == rows
    order = page.evaluate(_ORDER_JS)
    assert None not in order and order == sorted(order), order  # the answer first
    text = page.locator(".vl-balance").inner_text()
    for old in ("95 %", "95-%", "Holm interval", "Holm-Intervall"):
        assert old not in text
    # no word only the other language's templates have
    assert foreign_words(text, lang, PREFIXES) == set(), lang
    return seen


def test_the_answer_leads_and_comes_back_whole(
    page: Page, page_url: Callable[..., str], voila_server: Any, console_errors: list[str]
) -> None:
    server = voila_server
    lang = "en"
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, page_url(), server=server)
    browser_known(page, server)
    switch_lang(page, lang, server=server)
    show_tab(page, "sim.tab", lang, server=server)
    games = page.locator(".vl-balance-games input")
    follow_expect(games).to_be_visible()
    games.fill(str(GAMES))
    games.press("Enter")
    follow_expect(games).to_have_value(str(GAMES))
    page.locator(".vl-balance-players select").select_option(label=str(PLAYERS))
    page.locator(".vl-balance-watch select").select_option(
        label=i18n.text("balance.watch.none", lang)
    )
    page.click(".vl-balance-start")
    # the run of the games asked for (both decks): the progress line counts them
    follow_expect(page.locator(".vl-balance-progress")).to_contain_text(f" {2 * GAMES} ")
    follow_expect(page.locator(".vl-balance table.vl-others")).to_be_visible()
    follow_expect(page.locator(".vl-balance-downloads a")).to_have_count(2)
    # the game-feel section is drawn after the answer, its rows one new widget each: wait
    # for all of the model's lines (the same run's) and its draft, not the first few
    feel = [line.text for line in lines_of(_comparison(), lang)[1]]
    assert len(feel) >= 3
    follow(
        page,
        lambda: (
            page.locator(".vl-feel-line").all_inner_texts() == feel
            and bool(page.locator(".vl-feel-of").inner_text().strip())
        ),
        "the game-feel lines",
        server=server,
    )
    before = _check_answer(page, lang)
    assert before["files"] == ["balance-Standard.csv", "balance-Standard.json"]
    assert before["feel"] == feel
    assert before["feel_of"] == "Game feel of the draft “Standard” against “Standard”."
    legend = page.locator(".vl-length-legend").inner_text()
    assert "median" in legend

    # show me the longest game: a ?g= link of the draft's run
    page.locator(".vl-balance-show-what select").select_option(
        label=i18n.text("balview.show.longest", lang)
    )
    page.click(".vl-balance-show")
    link = page.locator("a.vl-balance-show-link")
    follow_expect(link).to_be_visible()
    href = html.unescape(link.get_attribute("href") or "")
    # independently: the draft's first 60 games of the run's seeds, the longest (by turns,
    # the lowest index on a tie) is the game the link opens
    res = simulate(60, players=PLAYERS, characters="all", seed=0, workers=1, keep_records=True)
    assert res.records is not None
    best = max(res.records, key=lambda r: (r.turns, -r.index))
    assert link.inner_text().startswith(f"Open game {best.index} of “Standard”")
    position = from_query(href.lstrip("?"))
    assert position is not None
    game = open_position(position)
    assert game.setup.seed == best.seed and list(game.setup.characters) == list(best.characters)

    follow(
        page,
        has(page, ".vl-workspace[data-pending='0'] .vl-workspace-saved"),
        "the work saved",
        server=server,
    )
    open_page(page, None, server=server)
    browser_known(page, server)
    show_tab(page, "sim.tab", lang, server=server)
    follow_expect(page.locator(".vl-balance table.vl-others")).to_be_visible()

    # the whole answer back: its downloads and "play N more" too (drawn last)
    def whole() -> bool:
        now = _seen(page)
        assert now == before, {k: (v, before[k]) for k, v in now.items() if v != before[k]}
        return True

    follow(page, whole, "the whole answer back", server=server)
    after = _check_answer(page, lang)
    follow_expect(page.locator(".vl-length-legend")).to_have_text(legend)
    fresh = i18n.text("workspace.fresh", lang)
    assert page.locator(".vl-balance-fresh").inner_text().strip().endswith(fresh)
    assert "Result for the draft “Standard”" in page.locator(".vl-balance-downloads").inner_text()

    for width in (390, 800, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        follow(page, lambda: _seen(page)["others"] == after["others"], f"rows at {width}")
        scroll, client = page.evaluate(_SCROLL_JS)
        assert scroll <= client, f"the page scrolls sideways at {width}"

    switch_lang(page, "de", server=server)
    title_de, rows_de = _model_rows("de")
    follow_expect(page.locator(".vl-balance .vl-others-title")).to_have_text(title_de)
    follow(
        page,
        lambda: _seen(page)["others"] == rows_de,
        "the other quantities in German",
        server=server,
    )
    # the switch redraws the tab's parts one message each: wait until every part is German
    follow(
        page,
        lambda: foreign_words(page.locator(".vl-balance").inner_text(), "de", PREFIXES) == set(),
        "every word of the Balance tab in German",
        server=server,
    )
    _check_answer(page, "de")
    for width in (390, 800, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        follow(page, lambda: _seen(page)["others"] == rows_de, f"German rows at {width}")
        scroll, client = page.evaluate(_SCROLL_JS)
        assert scroll <= client, f"the page scrolls sideways at {width} (de)"
    assert console_errors == []

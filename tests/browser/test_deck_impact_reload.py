"""A "which card matters" ranking survives a killed kernel in the middle of its run (issue
36 leftovers, item 1), in a real browser against a real Voila, in German and English (one
page, switched).

A person ranks the two coin cards ("the cards in the list", 2 players, 3,200 games); once a
round has been handed to the workspace and written, the kernel is killed (SIGKILL) and the
page reloaded. (The run's worker processes are stopped (SIGSTOP) as soon as a round is
kept: on a quiet machine the whole run takes about a second, and the kill must come while
it is still going.) The Deck tab shows the figures so far beside the cards and says
"interrupted after N of M games", with Continue; at 390, 800 and 1280 px the panel's
words and buttons lie inside the window, uncut, and no word of the other language is
shown. Continue ends the ranking with, beside each card, exactly the figure of the same
ranking never interrupted (computed here without a browser), and "show me a game like
this" beside the first card: two links holding the pair's seed, inside a 390 px window;
the German one clicked opens that game on the Game tab. One page does it all: the ranking
started in German, the reloaded panel read in German and then in English (the language
switched on the same page), the end figures read in both. Every wait follows progress
(tests/browser/progress.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from each_view import LANGS, each_width, foreign_words
from layout import measure
from page_moves import EDITOR, open_in, option_texts, seed_of, switch_lang
from playwright.sync_api import Page
from progress import follow, follow_expect, has, wait_page
from test_resume import kill_kernel, kill_stopped, stop_workers

from verlies import i18n
from verlies.deck import Deck
from verlies.ui.deck.editor_model import EditorModel
from verlies.ui.deck.impact_model import ImpactColumn, figure_text
from verlies.ui.deck.impact_show import ShownPair, shown_pair

SEARCH = "muenz"  # the old coin and the coin purse
CARDS = [("treasure", "schatz-alte-muenze"), ("treasure", "schatz-muenzbeutel")]
GAMES, PLAYERS = 3200, 2


_SHOW_JS = """
() => Array.from(document.querySelectorAll('.vl-impact-show a')).map(e => {
  const r = e.getBoundingClientRect(); return {left: r.left, right: r.right}; })
"""


def _expected() -> tuple[dict[str, list[str]], ShownPair]:
    """The list's entries in each language when the ranking is done (the same run, never
    interrupted, played once and read in both languages), and the first card's "show me"
    pair."""
    deck = Deck.default()
    col = ImpactColumn(workers=1)
    col.start(deck, games=GAMES, players=PLAYERS, cards=CARDS)
    assert col.wait(900) and col.status == "done", col.error
    out: dict[str, list[str]] = {}
    for lang in LANGS:
        model = EditorModel(deck, lang)
        out[lang] = [
            f"{model.list_label(k)} │ {figure_text(col.figure(k), lang, deck)}" for k in CARDS
        ]
    found = shown_pair(col, CARDS[0])
    assert found is not None and found.draft is not None
    return out, found


def _show_me(page: Page, server: Any, pair: ShownPair, lang: str, *, click: bool) -> None:
    """The "show me a game like this" links beside the first card: the draft's link and the link
    with the card made typical, both holding the pair's seed, inside a 390 px window, in
    ``lang``; ``click``: the draft's link opens that game on the Game tab (a page load)."""
    card_list = page.locator(f"{EDITOR} .vl-impact-list select")
    card_list.select_option(index=0)
    draft_link = page.locator(".vl-impact-show a.vl-impact-show-draft")
    follow_expect(draft_link).to_have_attribute("data-index", str(pair.index))
    follow_expect(draft_link).to_have_text(i18n.text("deckimpact.show.draft", lang))
    typical = page.locator(".vl-impact-show a.vl-impact-show-typical")
    follow_expect(typical).to_contain_text(
        i18n.text("deckimpact.show.typical", lang, card="@").split("@")[0]
    )
    assert seed_of(draft_link.get_attribute("href") or "")[0] == pair.seed
    assert seed_of(typical.get_attribute("href") or "")[0] == pair.seed
    page.set_viewport_size({"width": 390, "height": 900})
    boxes = page.evaluate(_SHOW_JS)
    assert boxes and all(b["left"] >= -0.5 and b["right"] <= 390.5 for b in boxes), boxes
    foreign = foreign_words(page.locator(".vl-impact-show").inner_text(), lang, ("deckimpact.",))
    assert not foreign, (lang, sorted(foreign))
    page.set_viewport_size({"width": 1280, "height": 900})
    if click:
        draft_link.click()
        page.wait_for_url("**g=*")
        assert seed_of(page.url)[0] == pair.seed
        wait_page(page, server=server)
        assert seed_of(page.url)[0] == pair.seed


def _deck_tab(page: Page, lang: str) -> None:
    page.click(f".vl-tabs .lm-TabBar-tab:has-text('{i18n.text('page.tab_deck', lang)}')")


def _list_coins(page: Page, server: Any, lang: str) -> Any:
    _deck_tab(page, lang)
    label = i18n.text("editor.search", lang)
    search = page.locator(f"{EDITOR} .widget-text:has(> label:text-is('{label}')) input")
    follow(page, lambda: search.count() == 1, "the editor's search box", server=server)
    card_list = page.locator(f"{EDITOR} .vl-impact-list select")
    search.fill(SEARCH)
    follow(
        page,
        lambda: len(option_texts(card_list)) == len(CARDS),
        "the two coin cards in the list",
        server=server,
    )
    return card_list


def _interrupted(lang: str) -> re.Pattern[str]:
    words = i18n.text(
        "deckimpact.phase.interrupted", lang, done="@D", total="@T", at="@A", round="@R"
    )
    pattern = re.escape(words)
    for mark in ("@D", "@T", "@A", "@R"):
        pattern = pattern.replace(re.escape(mark), r"(\d+)")
    return re.compile(pattern)


def _interrupted_read_right(page: Page, server: Any, card_list: Any, lang: str) -> Any:
    """The reloaded panel in ``lang``: "interrupted after N of M games" with the figures so
    far and Continue; at each width inside the window, uncut, no word of the other
    language. The Continue button."""
    status = page.locator(".vl-impact-status")
    pattern = _interrupted(lang)
    follow(
        page,
        lambda: pattern.fullmatch(status.inner_text()) is not None,
        f"the ranking said interrupted ({lang})",
        server=server,
    )
    found = pattern.fullmatch(status.inner_text())
    assert found is not None
    done, total, at, rnd = (int(found.group(i)) for i in (1, 2, 3, 4))
    assert 0 < at <= done < total and rnd >= 1 and total >= GAMES, (lang, found.group(0))
    per_game = i18n.text("deckimpact.met", lang, n="")
    follow(
        page,
        lambda: all(" │ " in o and per_game in o for o in option_texts(card_list)),
        f"the figures so far beside the cards ({lang})",
        server=server,
    )
    go_on = page.locator(".vl-impact-continue")
    follow_expect(go_on).to_be_visible()
    follow_expect(go_on).to_have_text(i18n.text("deckimpact.continue", lang))
    for width in each_width(page):
        boxes = measure(page, ".vl-impact-status", ".vl-impact button", ".vl-impact-continue")
        assert boxes["pageScroll"] <= boxes["pageClient"], (lang, width, boxes)
        assert any(b["sel"] == ".vl-impact-continue" for b in boxes["items"]), boxes
        for b in boxes["items"]:
            assert b["left"] >= -0.5 and b["right"] <= width + 0.5, (lang, width, b)
            if b["sel"] != ".vl-impact-status":
                assert b["scroll"] <= b["client"] + 1, ("cut", lang, width, b)
        text = page.locator(".vl-impact").inner_text()
        foreign = foreign_words(text, lang, ("deckimpact.",))
        assert not foreign, f"{lang}, {width} px: words of the other language: {sorted(foreign)}"
    page.set_viewport_size({"width": 1280, "height": 900})
    return go_on


def test_a_ranking_cut_by_a_killed_kernel_continues_to_the_same_figures(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    """Started in German; after the kill and the reload the panel is read in German, then
    in English on the same page (the language switched); Continue ends it in English and
    the figures are read in both languages."""
    server = voila_server
    want, pair = _expected()
    lang = LANGS[0]
    open_in(page, page_url(), lang, server=server)
    card_list = _list_coins(page, server, lang)
    games = page.locator(".vl-impact-games input")
    follow_expect(games).to_have_value("12000")  # the ranking's default budget
    games.fill(str(GAMES))
    games.press("Enter")
    page.locator(".vl-impact-players select").select_option(label=str(PLAYERS))
    page.locator(".vl-impact-scope select").select_option(
        label=i18n.text("deckimpact.scope.listed", lang)
    )
    page.locator(".vl-impact-start").click()
    # a finished round handed to the workspace, then a write of it: then the kill
    follow(page, has(page, ".vl-impact.vl-impact-kept"), "a round kept", server=server)
    stopped = stop_workers(page)
    status = page.locator(".vl-impact-status")
    ranked = i18n.text("deckimpact.phase.ranked", lang, done=GAMES, ranked=0).split(" ")[0]
    try:
        assert not status.inner_text().startswith(ranked)  # still running at the kill
        written = has(page, ".vl-workspace[data-pending='0']")
        follow(page, written, "the round written", server=server)
        kill_kernel(page)
    finally:
        kill_stopped(stopped)

    open_in(page, None, lang, server=server)  # the reload: a new kernel, the same browser
    card_list = _list_coins(page, server, lang)
    for lang in LANGS:
        switch_lang(page, lang, server=server)
        go_on = _interrupted_read_right(page, server, card_list, lang)

    go_on.click()
    ranked = i18n.text("deckimpact.phase.ranked", lang, done=GAMES, ranked=0).split(" ")[0]
    follow(page, lambda: status.inner_text().startswith(ranked), "the ranking done", server=server)
    follow_expect(go_on).to_be_hidden()
    follow(
        page,
        lambda: option_texts(card_list) == want[lang],
        f"the figures of the run never interrupted ({lang})",
        server=server,
    )
    _show_me(page, server, pair, lang, click=False)
    lang = LANGS[0]
    switch_lang(page, lang, server=server)
    follow(
        page,
        lambda: option_texts(card_list) == want[lang],
        f"the figures of the run never interrupted ({lang})",
        server=server,
    )
    _show_me(page, server, pair, lang, click=True)
    assert console_errors == []

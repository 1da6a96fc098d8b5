"""The Balance chart's bars open "show me games like this" (feel4, issue 40 items 3 and
4), in a real browser against a real Voila.

A person runs a small Balance answer (16 games, 2 players, every game played). Each
character's bar becomes a link (name and bar; keyboard reachable) to the shortest game
that character won among the draft's first games, the mark under the chart to the
longest game. At 390, 800 and 1280 px the page is opened again: the answer comes back
from the workspace with the same links (it has no run: what they open was kept with it);
a click on a bar (Enter on a focused one at 390 px) opens the play page at that game,
checked against the run's own seeds played again here. In German (switched on the
1280 px page before its click) the links are the same and their titles German. Every
wait follows progress.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from page_moves import browser_known, seed_of, switch_lang
from playwright.sync_api import Page
from progress import follow, follow_expect, has, open_page, wait_page

from verlies import i18n
from verlies.sim import simulate

GAMES, PLAYERS = 16, 2

_LINKS_JS = """
() => Object.fromEntries(Array.from(document.querySelectorAll(
  '.vl-balance-diff g.vl-diff-row')).map(g => {
    const a = g.querySelector('a.vl-diff-link');
    return [g.dataset.key, a ? a.getAttribute('href') : null]; }))
"""
_TITLES_JS = """
() => Array.from(document.querySelectorAll('.vl-balance-diff a.vl-diff-link > title'))
  .map(t => t.textContent)
"""


def _tab(page: Page, key: str, lang: str) -> None:
    page.click(f".vl-tabs .lm-TabBar-tab:has-text('{i18n.text(key, lang)}')")


def _links(page: Page) -> dict[str, str | None]:
    got = page.evaluate(_LINKS_JS)
    return {k: html.unescape(v) if v else None for k, v in got.items()}


def _wanted() -> dict[str, tuple[int, tuple[str, ...]]]:
    """Independently: per character the shortest game it won among the draft's first 60
    games of the run's seeds (the lowest index on a tie), and the longest game."""
    res = simulate(60, players=PLAYERS, characters="all", seed=0, workers=1, keep_records=True)
    assert res.records is not None
    out = {}
    for r in sorted(res.records, key=lambda r: (-r.turns, r.index)):
        for s in r.winners:
            out[r.characters[s]] = (r.seed, r.characters)  # the shortest comes last
    top = max(res.records, key=lambda r: (r.turns, -r.index))
    out["longest"] = (top.seed, top.characters)
    return out


def test_a_bar_opens_its_game_before_and_after_a_reload(
    page: Page, page_url: Callable[..., str], voila_server: Any, console_errors: list[str]
) -> None:
    server = voila_server
    lang = "en"
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, page_url(), server=server)
    browser_known(page, server)
    page.click(".vl-lang button:has-text('EN')")
    _tab(page, "sim.tab", lang)
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
    follow_expect(page.locator(".vl-balance-downloads a")).to_have_count(2)
    # the bars become links once the games are found (after the answer)
    follow(page, has(page, ".vl-balance-diff a.vl-diff-mark"), "the chart's links", server=server)
    before = _links(page)
    wanted = _wanted()
    linked = {k: v for k, v in before.items() if v}
    assert len(linked) >= 2, before
    for cid, href in linked.items():
        assert seed_of(href) == wanted[cid], cid
    assert all(v is None for k, v in before.items() if k not in wanted)  # never won: no link
    titles = page.evaluate(_TITLES_JS)
    assert titles and all(t.startswith("Open game ") for t in titles), titles
    mark = page.locator(".vl-balance-diff a.vl-diff-mark[data-key='longest']")
    assert seed_of(html.unescape(mark.get_attribute("href") or "")) == wanted["longest"]
    follow(
        page,
        has(page, ".vl-workspace[data-pending='0'] .vl-workspace-saved"),
        "the work saved",
        server=server,
    )

    keys = sorted(linked)
    for i, width in enumerate((390, 800, 1280)):
        page.set_viewport_size({"width": width, "height": 900})
        open_page(page, page_url(), server=server)  # a reload: the answer from the workspace
        browser_known(page, server)
        _tab(page, "sim.tab", lang)
        follow(page, lambda: _links(page) == before, f"the same links at {width}", server=server)
        cid = keys[i % len(keys)]
        link = page.locator(f".vl-balance-diff g.vl-diff-row[data-key='{cid}'] a.vl-diff-link")
        name = link.locator("text.vl-diff-name")
        follow_expect(name).to_be_visible()
        if width == 1280:  # in German on this page (switched): the same links, German titles
            switch_lang(page, "de", server=server)
            follow(page, lambda: _links(page) == before, "the same links in German", server=server)
            follow(
                page,
                lambda: all(t.startswith("Spiel ") for t in page.evaluate(_TITLES_JS)),
                "the links' titles in German",
                server=server,
            )
            follow_expect(name).to_be_visible()
        if width == 390:  # by the keyboard: the link takes the focus, Enter opens it
            link.focus()
            assert page.evaluate("() => document.activeElement.classList.contains('vl-diff-link')")
            page.keyboard.press("Enter")
        else:
            name.click()
        page.wait_for_url("**g=*")
        assert seed_of(page.url) == wanted[cid], (width, cid)
        wait_page(page, server=server)  # the play page opens that game
        assert seed_of(page.url) == wanted[cid]

    assert console_errors == []

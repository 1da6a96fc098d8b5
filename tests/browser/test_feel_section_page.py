"""The Balance tab's "Game feel" section as a person reads it, at 390, 800 and 1280 px, in
German and in English, and a "show me a game like this" click opening the right game.

A run of 16 games per deck (the draft is the deck of new games, unedited); then, at each
width: the section's title, then a line per figure in the figures' order, each starting
with the figure's name in the page's language and with its button beside or below it,
nothing cut or outside the window, no word of the other language. In English the "show me"
button of the lead changes gives a link; its ``?g=`` holds the game of the draft's run
with the most lead changes (replayed here), at the start of its last turn; following the
link opens that game on the page. Every wait follows progress (tests/browser/progress.py).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from each_view import each_width, foreign_words, other_lang
from playwright.sync_api import Page
from progress import follow, follow_expect, open_page

from verlies import i18n
from verlies.links import from_query, open_position
from verlies.sim import simulate
from verlies.sim.feel import FIGURES

GAMES = 16

#: The section as shown: title, each row's key, line text and the boxes of its parts.
_FEEL_JS = """
() => {
  const sec = document.querySelector('.vl-feel');
  if (!sec || !sec.checkVisibility()) return null;
  const box = (e) => { const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width,
            scroll: e.scrollWidth, client: e.clientWidth}; };
  const rows = Array.from(sec.querySelectorAll('.vl-feel-row')).map((r) => ({
    key: Array.from(r.classList).find((c) => c.startsWith('vl-feel-row-')).slice(12),
    text: r.querySelector('.vl-feel-line').innerText.trim(),
    line: box(r.querySelector('.vl-feel-line')),
    button: box(r.querySelector('button')),
    buttonText: r.querySelector('button').innerText.trim(),
  }));
  rows.sort((a, b) => a.line.top - b.line.top);
  const d = document.scrollingElement || document.documentElement;
  return {title: sec.querySelector('.vl-feel-title').innerText.trim(),
          head: sec.querySelector('.vl-feel-head').innerText.trim(),
          text: sec.innerText, rows, pageScroll: d.scrollWidth, pageClient: d.clientWidth};
}
"""


def _read(page: Page, lang: str, width: int) -> bool:
    got: dict[str, Any] | None = page.evaluate(_FEEL_JS)
    assert got is not None, "no Game feel section"
    assert got["title"] == i18n.text("feel.section", lang)
    head = i18n.text("feel.ab.head", lang, pairs="", alpha="", verdict="")
    assert got["head"].startswith(head[:12])
    keys = [r["key"] for r in got["rows"]]
    # careful bots roll nothing out: every figure but how much a choice mattered
    assert keys == [k for k in FIGURES if k != "mattered"], keys
    for r in got["rows"]:
        name = i18n.text(f"feel.name.{r['key']}", lang)
        assert r["text"].startswith(name + ": "), r
        assert r["buttonText"] == i18n.text("feel.show.button", lang)
        for part in (r["line"], r["button"]):
            assert part["left"] >= -0.5 and part["right"] <= width + 0.5, r
            assert part["scroll"] <= part["client"] + 1, ("cut", r)
        # beside its line (their heights overlap) or below it, never above
        assert r["button"]["bottom"] > r["line"]["top"], r
    assert got["pageScroll"] <= got["pageClient"], "the page scrolls sideways"
    foreign = foreign_words(got["text"], lang, ("feel.", "feel3."))
    assert not foreign, f"words of {other_lang(lang)} on the {lang} section: {sorted(foreign)}"
    return True


def test_the_feel_section_reads_right_and_shows_the_game(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    server = voila_server
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, page_url(), server=server)
    page.click(".vl-lang button:has-text('DE')")
    page.click(".vl-tabs .lm-TabBar-tab:has-text('Balance')")
    games = page.locator(".vl-balance-games input")
    follow(page, lambda: games.count() == 1, "the Balance tab", server=server)
    games.fill(str(GAMES))
    games.press("Enter")
    page.locator(".vl-balance-start").click()
    follow(
        page,
        lambda: page.locator(".vl-balance a[download]").count() == 2,
        "the run's end",
        server=server,
    )
    for lang in ("de", "en"):
        page.click(f".vl-lang button:has-text('{lang.upper()}')")
        follow_expect(page.locator(".vl-feel-title")).to_have_text(i18n.text("feel.section", lang))
        for width in each_width(page):
            follow(page, lambda w=width, la=lang: _read(page, la, w), f"{lang} at {width} px")
    # "show me" for the lead changes, in English
    page.locator(".vl-feel-show-lead_changes").click()
    link = page.locator(".vl-feel-row-lead_changes a.vl-feel-link")
    follow(page, lambda: link.count() == 1, "the game's link", server=server)
    href = html.unescape(link.get_attribute("href") or "")
    res = simulate(60, players=4, characters="all", seed=0, workers=1, keep_records=True)
    assert res.records is not None
    best = max(res.records, key=lambda r: (r.lead_changes, -r.index))
    assert link.inner_text().startswith(f"Open game {best.index} of the draft")
    position = from_query(href.lstrip("?"))
    assert position is not None
    game = open_position(position)
    assert game.setup.seed == best.seed and list(game.setup.characters) == list(best.characters)
    assert best.feel is not None
    assert game.current_player == best.feel.turn_rows()[-1][0]
    # following the link opens that game on the page (its step counter is the link's)
    link.click()
    follow(page, lambda: "g=" in page.url, "the link followed", server=server)
    follow(
        page,
        lambda: page.locator(".vl-state").count() > 0 and bool(page.inner_text(".vl-state")),
        "the game's page",
        server=server,
    )
    assert console_errors == []

"""A broken draft's "which card matters" list as a designer reads it (issue 36, impact8),
in a real browser, in German and English (one page, switched), at 390, 800 and 1280 px.

The draft comes by a share link: the goblin's loot at 40 gold instead of 3 (a number of
its text, not its fight: before impact8 such a card was "already typical" and never
compared when its fight was the monsters' median). A person lists the monsters, ranks
"the cards in the list" (4 players, 800 games in all) and sorts by "largest effect
first". Then, read in each language at each width: the goblin is the first entry, with
its ★; every ★ entry comes before every entry without one (the noise apart, below them);
the panel says which draft the figures are of; the ★ is said in words under it, with a
link to the glossary whose click shows the ★'s and Holm's entries in the page's
language; the star line and the glossary lie inside the window; the ★ entry is whole in
the list at 1280 px; a finished run's bar is full; no word of the other language is
shown. Every wait follows progress (tests/browser/progress.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from browser_settings import ARTIFACTS
from each_view import LANGS, each_width, foreign_words
from layout import check_fits
from page_moves import EDITOR, option_texts, switch_lang
from playwright.sync_api import Page
from progress import follow, follow_expect, open_page

from verlies import i18n
from verlies.deck import Deck
from verlies.game import Game
from verlies.ui.core import share

GOBLIN = "monster-goblin"
GAMES, PLAYERS = 800, 4


#: The share of the impact panel's progress bar filled (None: no bar).
_BAR_JS = """
() => {
  const bar = document.querySelector('.vl-impact-progress .progress-bar');
  if (!bar || !bar.parentElement) return null;
  return bar.getBoundingClientRect().width / bar.parentElement.getBoundingClientRect().width;
}
"""


#: The first entry's text width (in the list's font) and the room the list gives it.
_FITS_JS = """
(s) => {
  const st = getComputedStyle(s);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${st.fontSize} ${st.fontFamily}`;
  const o = s.options[0];
  const pad = parseFloat(getComputedStyle(o).paddingLeft || '0')
    + parseFloat(getComputedStyle(o).paddingRight || '0');
  return {text: ctx.measureText(o.textContent).width + pad, room: s.clientWidth};
}
"""


def _broken() -> Deck:
    d = Deck.default()
    assert d.cards("monster")[GOBLIN].text == "Kampf: Geschick 3. Besitz: 3 Gold."
    return d.with_card_text("monster", GOBLIN, "Kampf: Geschick 3. Besitz: 40 Gold.")


def _check(page: Page, lang: str, width: int, card_list: Any, server: Any) -> None:
    """The list and the ★ line as a person reads them in ``lang`` at ``width``."""
    shown = option_texts(card_list)
    n = len(Deck.default().cards("monster"))
    assert len(shown) == n, shown
    assert shown[0].startswith(f"{GOBLIN} · ") and "★" in shown[0], shown
    stars = ["★" in s for s in shown]
    assert stars == sorted(stars, reverse=True), shown  # ★ first, the noise below
    # a noise entry says its largest change as such, apart from "no measurable effect"
    noise = i18n.text("deckimpact.noise", lang, n=64).split(" 64")[0]
    largest = i18n.text("deckimpact.largest", lang, what="").strip()
    for entry_text in shown:
        if noise in entry_text:
            assert f" · {largest} " in entry_text, entry_text
    if width >= 1280:  # the ★ entry whole in the list (640 px cut it before impact8)
        fits = card_list.evaluate(_FITS_JS)
        assert fits["text"] <= fits["room"], fits
    status = page.locator(".vl-impact-status").inner_text()
    assert " 1 cards" not in status and " 1 Karten" not in status, status
    bar = page.evaluate(_BAR_JS)
    assert bar is not None and bar >= 0.999, bar  # a finished run's bar is full
    star = page.locator(".vl-impact-star")
    belongs = i18n.text("deckimpact.belongs", lang, draft=_broken().name)
    assert star.locator(".vl-impact-belongs").inner_text() == belongs
    said = i18n.text("deckimpact.star", lang, alpha="5", family=0).split("(")[0]
    assert said.strip() and said.strip() in star.inner_text(), star.inner_text()
    link = star.locator(".vl-impact-gloss-link")
    assert link.inner_text() == i18n.text("verdict.glossary_link", lang)
    entry = star.locator("#vl-impact-gloss-star + dd")
    if not entry.is_visible():
        link.click()  # a fragment inside the closed glossary opens it
    follow_expect(entry, server=server).to_have_text(i18n.text("verdict.gloss.star", lang))
    check_fits(page, width, (".vl-impact-star", ".vl-impact-gloss"))
    text = page.locator(".vl-impact").inner_text() + "\n".join(shown)
    foreign = foreign_words(text, lang, ("deckimpact.", "verdict.gloss"))
    assert not foreign, f"words of the other language on the {lang} page: {foreign}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    card_list.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"deck_impact_broken_list_{lang}_{width}.png"))
    star.scroll_into_view_if_needed()
    page.locator(".vl-impact").screenshot(
        path=str(ARTIFACTS / f"deck_impact_broken_panel_{lang}_{width}.png")
    )


def test_the_broken_card_leads_its_list_and_the_star_is_explained(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    server = voila_server
    game = Game.new(players=PLAYERS, seed=4, deck=_broken())
    link = share.link(game, ["human"] * PLAYERS)
    assert link is not None
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, page_url("play.ipynb") + link, server=server)
    lang = LANGS[0]
    switch_lang(page, lang, server=server)
    page.click(f".vl-tabs .lm-TabBar-tab:has-text('{i18n.text('page.tab_deck', lang)}')")
    search = page.locator(
        f"{EDITOR} .widget-text:has(> label:text-is('{i18n.text('editor.search', lang)}')) input"
    )
    follow(page, lambda: search.count() == 1, "the editor's search box", server=server)
    card_list = page.locator(f"{EDITOR} .vl-impact-list select")
    search.fill("kampf:")  # the monsters: their texts (both languages) say it
    n_monsters = len(Deck.default().cards("monster"))
    follow(
        page,
        lambda: len(option_texts(card_list)) == n_monsters,
        "the monsters in the list",
        server=server,
    )
    page.locator(".vl-impact-scope select").select_option(
        label=i18n.text("deckimpact.scope.listed", lang)
    )
    page.locator(".vl-impact-players select").select_option(str(PLAYERS))
    games = page.locator(".vl-impact-games input")
    games.fill(str(GAMES))
    games.press("Tab")
    page.locator(".vl-impact-sort select").select_option(
        label=i18n.text("deckimpact.sort.impact", lang)
    )
    page.locator(".vl-impact-start").click()
    done = i18n.text("deckimpact.phase.ranked", lang, done=0, ranked=0).split(":")[0]
    follow_expect(page.locator(".vl-impact-status"), server=server).to_contain_text(done)
    follow_expect(page.locator(".vl-impact-start"), server=server).to_be_enabled()
    for lang in LANGS:
        if lang != LANGS[0]:
            switch_lang(page, lang, server=server)
        for width in each_width(page):
            follow(
                page,
                lambda w=width, lg=lang: _check(page, lg, w, card_list, server) is None,
                f"the ranked list and the ★ in {lang} at {width} px",
                server=server,
            )
        page.set_viewport_size({"width": 1280, "height": 900})
    assert console_errors == []

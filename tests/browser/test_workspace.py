"""The designer's work survives (issue 38 item 3), in a real browser against a real Voila:
a person changes a card's count in the Deck tab, computes the impact of the listed cards
(8 games per deck, 2 players) and a small Balance answer (8 games, 2 players), and ends on
the Balance tab. The page is reloaded: the draft's change, the impact figures beside the
cards and the Balance answer are back, word for word, the Balance tab shown and the card
selected again, and the workspace line names the draft each result belongs to (of the
draft as it is). Then the kernel is killed (SIGKILL, as the OS would): the reload gives
the same back. At 390, 800 and 1280 px the workspace line lies inside the window and the
page does not scroll sideways. Every wait follows progress (tests/browser/progress.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from each_view import LANG
from page_moves import (
    EDITOR,
    browser_known,
    current_tab,
    option_texts,
    select_card,
    show_tab,
    switch_lang,
)
from playwright.sync_api import Page
from progress import follow, follow_expect, has, open_page
from test_resume import kill_kernel

from verlies import i18n
from verlies.deck import Deck
from verlies.sim.impact import impact
from verlies.ui.deck.editor_model import EditorModel
from verlies.ui.deck.impact_model import figure_text, figures

CARD = ("treasure", "schatz-alte-muenze")
CARDS = [CARD, ("treasure", "schatz-muenzbeutel")]
GAMES, PLAYERS = 8, 2

_LAYOUT_JS = """
() => {
  const e = document.querySelector('.vl-workspace');
  const r = e.getBoundingClientRect();
  const d = document.scrollingElement || document.documentElement;
  return {left: r.left, right: r.right, height: r.height, scroll: d.scrollWidth,
          client: d.clientWidth, ownScroll: e.scrollWidth, ownClient: e.clientWidth,
          text: e.innerText};
}
"""


def _draft() -> Deck:
    deck = Deck.default()
    return deck.with_count(*CARD, deck.treasure_counts[CARD[1]] + 1)


def _entries() -> list[str]:
    """The card list's entries of the two coins when the impact run is done (its figures
    are the lab's own for the same draft, seeds and cards)."""
    draft = _draft()
    res = impact(draft, GAMES, players=PLAYERS, workers=1, cards=[f"{k}:{c}" for k, c in CARDS])
    figs = figures(res)
    model = EditorModel(draft, LANG)
    return [f"{model.list_label(k)} │ {figure_text(figs[k], LANG, draft)}" for k in CARDS]


def _options(page: Page) -> list[str]:
    return option_texts(page.locator(f"{EDITOR} .vl-impact-list select"))


def _saved(page: Page, server: Any) -> None:
    """Wait until the workspace line says the work is saved, nothing waits to be, and the
    last write holds both results (the answer is shown a moment before it is noted: a
    wait on "nothing pending" alone could reload in between; seen in CI)."""
    follow(
        page,
        has(
            page,
            ".vl-workspace[data-pending='0'][data-kept~='balance'][data-kept~='impact']"
            " .vl-workspace-saved",
        ),
        "the work saved",
        server=server,
    )


def _work_back(page: Page, server: Any, want: dict[str, Any], tab: str) -> None:
    """After a reload: the tab last shown (``tab``: its key) shown again, the workspace
    line naming each result's draft, the Balance answer, the Deck tab with the change,
    the figures and the card."""
    browser_known(page, server)
    line = page.locator(".vl-workspace-back")
    follow_expect(line.locator("li")).to_have_count(3)
    draft = _draft()
    fresh = i18n.text("workspace.fresh", LANG)
    items = line.locator("li").all_inner_texts()
    assert items[0] == i18n.text("workspace.item.draft", LANG, draft=draft.name)
    assert items[1].startswith(f"Balance answer of “{draft.name}” (") and items[1].endswith(fresh)
    assert items[2].startswith(f"impact figures of “{draft.name}” (") and items[2].endswith(fresh)
    follow(
        page,
        lambda: current_tab(page) == i18n.text(tab, LANG),
        f"the tab last shown ({tab}) shown again",
        server=server,
    )
    show_tab(page, "sim.tab", LANG, server=server)
    follow_expect(page.locator(".vl-balance-verdict .vl-verdict-sentence")).to_have_text(
        want["sentence"]
    )
    assert page.locator(".vl-balance-fresh").inner_text().strip().endswith(fresh)
    show_tab(page, "page.tab_deck", LANG, server=server)
    follow_expect(page.locator(f"{EDITOR} h4 code")).to_have_text(CARD[1])  # the card
    follow(
        page,
        lambda: page.locator(f"{EDITOR} .verlies-diff li").all_inner_texts() == want["diff"],
        "the draft's change",
        server=server,
    )
    follow(
        page,
        lambda: all(e in _options(page) for e in want["entries"]),
        "the impact figures beside the cards",
        server=server,
    )


def test_the_work_survives_a_reload_and_a_killed_kernel(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    server = voila_server
    entries = _entries()
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, page_url(), server=server)
    browser_known(page, server)
    switch_lang(page, LANG, server=server)
    count = select_card(page, CARD[1], LANG, search="muenz", found=2, server=server)
    count.fill(str(_draft().treasure_counts[CARD[1]]))
    count.press("Tab")
    diff = page.locator(f"{EDITOR} .verlies-diff li")
    follow(page, lambda: diff.count() == 1, "the count's change", server=server)
    want: dict[str, Any] = {"diff": diff.all_inner_texts(), "entries": entries}

    # the impact of the listed cards: a small ±1 run
    impact_panel = ".vl-impact"
    page.locator(f"{impact_panel}-method select").select_option(
        label=i18n.text("deckimpact.method.sensitivity", LANG)
    )
    # the kernel answers a new measure with its own default games: that first, then ours
    follow_expect(page.locator(f"{impact_panel}-games input")).to_have_value("48")
    page.locator(f"{impact_panel}-games input").fill(str(GAMES))
    page.locator(f"{impact_panel}-games input").press("Tab")
    page.locator(f"{impact_panel}-players select").select_option(label=str(PLAYERS))
    page.locator(f"{impact_panel}-scope select").select_option(
        label=i18n.text("deckimpact.scope.listed", LANG)
    )
    page.click(".vl-impact-start")
    follow(page, lambda: _options(page) == entries, "the impact figures", server=server)

    # a small Balance answer of the same draft
    show_tab(page, "sim.tab", LANG, server=server)
    games = page.locator(".vl-balance-games input")
    follow_expect(games).to_be_visible()
    games.fill(str(GAMES))
    games.press("Tab")
    page.locator(".vl-balance-players select").select_option(label=str(PLAYERS))
    page.click(".vl-balance-start")
    sentence = page.locator(".vl-balance-verdict .vl-verdict-sentence")
    follow_expect(sentence).to_be_visible()
    want["sentence"] = sentence.inner_text()
    _saved(page, server)
    # what the store holds is of this page: a reload gives it back
    open_page(page, None, server=server)
    _work_back(page, server, want, "sim.tab")
    _saved(page, server)  # the page's place now: the Deck tab, where _work_back ended

    # a dead kernel: the page says so; the reload gives the same back, on the Deck tab
    kill_kernel(page)
    open_page(page, None, server=server)
    _work_back(page, server, want, "page.tab_deck")

    _saved(page, server)  # the line as it stays: nothing more on its way to the store
    text = page.evaluate("() => document.querySelector('.vl-workspace').innerText")
    for width in (390, 800, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        box = page.evaluate(_LAYOUT_JS)
        assert box["scroll"] <= box["client"], f"the page scrolls sideways at {width}: {box}"
        assert box["left"] >= 0 and box["right"] <= width + 0.5, (width, box)
        assert box["height"] > 0 and box["ownScroll"] <= box["ownClient"] + 1, (width, box)
        # the same words at every width, in the same order (the line wraps, nothing is cut)
        assert box["text"].split() == text.split(), (width, box["text"])
    assert console_errors == []

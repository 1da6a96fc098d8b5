"""The Balance tab's "People beside bots" as a person reads it, at 390, 800 and 1280 px,
in German and in English, over real playtest records in the server's store.

Four finished games of the default deck with four players are stored (seat 0 played as
the greedy bot would, the others careful); after a run of 16 games per deck a click on the
section's button sets them beside the bots. At each width: the title, then the head line
(the games, the players), a line per bot in the order careful, greedy, reckless with its
share, and the game-feel lines; nothing cut or outside the window, no word of the other
language; the figures are the model's on the same records. Every wait follows progress
(tests/browser/progress.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from each_view import each_width, foreign_words, other_lang
from playwright.sync_api import Page
from progress import follow, follow_expect, open_page
from store_voila import voila_on_store

from verlies import i18n
from verlies.deck import Deck
from verlies.game import Game
from verlies.sim.bots import make_bot
from verlies.store import PlaytestStore
from verlies.ui.balance import people_model as pm

PLAYERS = 4


def _record(store: PlaytestStore, seed: int) -> None:
    game = Game.new(players=PLAYERS, seed=seed)
    rid = store.begin(game, ["human"] + ["careful"] * (PLAYERS - 1))
    bots = [make_bot("greedy", 0)] + [make_bot("careful", s) for s in range(1, PLAYERS)]
    while not game.is_over:
        if game.is_chance:
            game.roll()
        else:
            game.apply(bots[game.current_player](game.view(game.current_player)))
    store.save(rid, game)


@pytest.fixture(scope="module")
def served(
    tmp_path_factory: pytest.TempPathFactory, start_voila: Callable[..., Any]
) -> Iterator[tuple[Any, PlaytestStore]]:
    """One Voila whose kernels read a store holding four finished games of people."""
    url = f"sqlite:///{tmp_path_factory.mktemp('people') / 'playtests.sqlite'}"
    store = PlaytestStore(url, record=True)
    for seed in (60, 61, 62, 63):
        _record(store, seed)
    with voila_on_store(start_voila, url, "people") as server:
        yield server, store


_PEOPLE_JS = """
() => {
  const sec = document.querySelector('.vl-people');
  if (!sec || !sec.checkVisibility()) return null;
  const box = (e) => { const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, scroll: e.scrollWidth, client: e.clientWidth}; };
  const parts = Array.from(sec.querySelectorAll('.vl-people-title, button, p, li'));
  const d = document.scrollingElement || document.documentElement;
  return {title: sec.querySelector('.vl-people-title').innerText.trim(),
          button: sec.querySelector('button').innerText.trim(),
          lines: Array.from(sec.querySelectorAll('.vl-people-out p, .vl-people-out li'))
            .map((e) => e.innerText.trim()),
          boxes: parts.map(box), text: sec.innerText,
          pageScroll: d.scrollWidth, pageClient: d.clientWidth};
}
"""


def _read(page: Page, lang: str, width: int, want: list[str]) -> bool:
    got: dict[str, Any] | None = page.evaluate(_PEOPLE_JS)
    assert got is not None, "no People beside bots section"
    assert got["title"] == i18n.text("feel3.people.title", lang)
    assert got["button"] == i18n.text("feel3.people.button", lang)
    assert got["lines"] == want, (got["lines"], want)
    for b in got["boxes"]:
        assert b["left"] >= -0.5 and b["right"] <= width + 0.5, b
        assert b["scroll"] <= b["client"] + 1, ("cut", b)
    assert got["pageScroll"] <= got["pageClient"], "the page scrolls sideways"
    foreign = foreign_words(got["text"], lang, ("feel3.", "feel.name."))
    assert not foreign, f"words of {other_lang(lang)} on the {lang} section: {sorted(foreign)}"
    return True


def test_people_beside_bots_reads_right(page: Page, served: tuple[Any, PlaytestStore]) -> None:
    server, store = served
    mine = pm.records_of_setup(store.records(finished_only=True), Deck.default(), PLAYERS)
    assert len(mine) == 4
    report = pm.people_beside_bots(mine)
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, server.url("/"), server=server)
    page.click(".vl-lang button:has-text('DE')")
    page.click(".vl-tabs .lm-TabBar-tab:has-text('Balance')")
    games = page.locator(".vl-balance-games input")
    follow(page, lambda: games.count() == 1, "the Balance tab", server=server)
    games.fill("16")
    games.press("Enter")
    page.locator(".vl-balance-start").click()
    follow(
        page,
        lambda: page.locator(".vl-balance a[download]").count() == 2,
        "the run's end",
        server=server,
    )
    page.locator(".vl-people-show").click()
    follow(
        page,
        lambda: page.locator(".vl-people-out li").count() > 3,
        "people beside bots",
        server=server,
    )
    for lang in ("de", "en"):
        page.click(f".vl-lang button:has-text('{lang.upper()}')")
        follow_expect(page.locator(".vl-people-title")).to_have_text(
            i18n.text("feel3.people.title", lang)
        )
        head, agree, feel = pm.lines(report, lang)
        want = [head, *agree, feel[0], *(x.strip() for x in feel[1:])]
        assert [a.bot for a in report.agreement] == ["careful", "greedy", "reckless"]
        for width in each_width(page):
            follow(
                page,
                lambda w=width, la=lang, wa=want: _read(page, la, w, wa),
                f"{lang} at {width} px",
            )

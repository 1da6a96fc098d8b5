"""A hot-seat bot's face-down treasure stays hidden on the page (R9.3; issue 35 item 2 at
hot-seat): a person plays against a bot, and the bot is to move with an option that uses a
treasure it drew face down, with odds the card makes ("try to pass the obstacle using
Amulet – 66.7 %"). Its twin differs only in that card (the bot drew another treasure).

Both positions are opened by their links in a real Voila page (one load each), read in
German and English at 390, 800 and 1280 px: the bot's read-only options list neither the
card nor the odds it gives, everything the page says (its text, the board's text for
screen readers, the titles and labels of its parts) reads the same for the twins, and the
options fit the window. The designer's own list names the card, so the position tested is
one where it matters. Every wait follows progress (tests/browser/progress.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from each_view import LANGS, each_width
from layout import measure, problems
from playwright.sync_api import Browser, Page
from progress import follow, open_page
from test_hidden_options import BOT, _twins, odds_with_treasure

from verlies.game import Game
from verlies.ui.core import share
from verlies.ui.core.session import HUMAN, Session
from verlies.ui.play.controller import Controller

CONTROLLERS = [HUMAN, "greedy"]
OPTIONS = ".vl-bot-options"

#: Everything the page tells a person or a screen reader, in document order: the visible
#: and the visually hidden text (the board's text), and each element's words in its
#: title, aria-label, alt and placeholder (a tooltip is read too). Not the widgets' ids.
_SAYS_JS = """() => {
  const out = [document.body.innerText];
  for (const e of document.body.querySelectorAll('*'))
    for (const a of ['title', 'aria-label', 'alt', 'placeholder']) {
      const v = e.getAttribute(a);
      if (v) out.push(`${e.tagName}[${a}]=${v}`);
    }
  return out;
}"""
_PERCENT = re.compile(r"\d+(?:[.,]\d+)?\s*%")


def _rows(game: Game, lang: str, *, designer: bool = False) -> list[str]:
    """The bot's options as the page's model lists them (the designer: the real ones)."""
    decision = Controller(Session(game, CONTROLLERS), lang, designer).decision()
    assert decision is not None and decision.bot
    return [row.label for row in decision.rows]


Reading = tuple[list[str], list[str]]


def _items(reading: Reading) -> list[str]:
    """A reading's lines (the text's, then each title or label): what a difference names."""
    options, says = reading
    return [*options, *says[0].splitlines(), *says[1:]]


def _read(
    browser: Browser,
    url: str,
    game: Game,
    server: Any,
    errors: list[str],
    twin_of: dict[tuple[str, int], Reading] | None = None,
) -> dict[tuple[str, int], Reading]:
    """(options listed, everything the page says) in each language at each width, in a
    browser of its own (a page remembers its language: both twins start alike); with
    ``twin_of``, each waits until it reads as the twin's did (a real difference never
    does: the wait fails once the page stops moving, with the last difference)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(f"uncaught: {exc}"))
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        open_page(page, url, server=server)
        return {
            (lang, width): reading
            for lang in LANGS
            for width, reading in _each_width(page, game, lang, server, twin_of)
        }
    finally:
        context.close()


def _each_width(
    page: Page,
    game: Game,
    lang: str,
    server: Any,
    twin_of: dict[tuple[str, int], Reading] | None,
) -> list[tuple[int, Reading]]:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click(f".vl-lang button:has-text('{lang.upper()}')")
    want = _rows(game, lang)
    out: list[tuple[int, Reading]] = []
    for width in each_width(page):
        last: list[Reading] = []

        def settled(width: int = width, last: list[Reading] = last) -> bool:
            options = page.locator(f"{OPTIONS} li").all_inner_texts()
            assert options == want, options  # the model's list, in this language
            layout = measure(page, f"{OPTIONS} li", f"{OPTIONS} .vl-small")
            bad = problems(layout, width, text_fits=None)
            assert bad == [], bad
            assert layout["pageScroll"] <= layout["pageClient"] + 1, layout
            reading = (options, page.evaluate(_SAYS_JS))
            if twin_of is not None:
                twin = twin_of[lang, width]
                mine, theirs = _items(reading), _items(twin)
                diff = [x for x in mine if x not in theirs][:3]
                assert reading == twin, f"reads apart from its twin: {diff}"
                last.append(reading)
                return True
            stable = bool(last) and last[-1] == reading  # two reads alike: the page is done
            last.append(reading)
            return stable

        follow(page, settled, f"the page in {lang} at {width} px", server=server)
        out.append((width, last[-1]))
    return out


def test_a_bots_face_down_treasure_is_not_on_the_page(
    browser: Browser, page_url: Callable[..., str], voila_server: Any
) -> None:
    game, twin = _twins(games=200, wanted=odds_with_treasure)
    # the bot's face-down cards whose names the page has no other reason to show (a card
    # of the same name in the person's hand or used in the open would be on the page)
    shown_anyway = {
        h.card.name.en for f in game.figures for h in f.treasures if f.seat != BOT or h.used
    }
    held = [
        h.card
        for h in game.figures[BOT].treasures
        if not h.used and h.card.name.en not in shown_anyway
    ]
    assert held
    mark = voila_server.log_mark()
    links = [share.link(g, CONTROLLERS) for g in (game, twin)]
    assert None not in links and links[0] != links[1]
    url = page_url("play.ipynb")
    errors: list[str] = []
    first = _read(browser, url + str(links[0]), game, voila_server, errors)
    second = _read(browser, url + str(links[1]), twin, voila_server, errors, twin_of=first)

    for lang in LANGS:
        names = [card.name.get(lang) for card in held]
        # The designer's list names the card with its odds: the position is one that tells.
        real = _rows(game, lang, designer=True)
        with_card = [row for row in real if any(name in row for name in names)]
        assert with_card and all(_PERCENT.search(row) for row in with_card), real
        for width in (390, 800, 1280):
            options, says = first[lang, width]
            twin_options, twin_says = second[lang, width]
            assert options, (lang, width)  # the bot's options are listed
            assert options == twin_options, (lang, width)
            assert says == twin_says, (lang, width)  # nothing else tells the twins apart
            shown = " ".join(says)
            for name in names:
                assert name not in shown, (lang, width, name)
            for row in with_card:
                assert row not in options, (lang, width, row)
            # the options shown are the designer's without the card's: the same odds
            assert set(options) < set(real), (lang, width, options, real)
    assert errors == []
    assert voila_server.log_errors(since=mark) == []

"""The Deck tab's sweep offers the game-feel figures (feel4, issue 40 item 2), in a real
browser against a real Voila: after the lab's own quantities the dropdown lists every
game-feel figure by its name, in English and, after the page's switch, in German (the
second language is told from the first by the dropdown's words: the same run, redrawn);
choosing one draws the curve (a dot per swept value, inside the window) with the figure's
name as the y axis' label, at 390, 800 and 1280 px; the table holds the lab's numbers of
the same seeds (``sweep`` and its ``curve_ci``). Every wait follows progress."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from each_view import each_width
from page_moves import option_texts
from playwright.sync_api import Page
from progress import follow, follow_expect
from test_deck_sweep import _PLOT_TEXTS_JS, _POINTS_JS, _open_card

from verlies import i18n
from verlies.deck import Deck
from verlies.sim.sweep import FEEL_CURVES, Tweak, sweep
from verlies.ui.deck.sweep_words import value_text

CARD = "schatz-muenzbeutel"
GAMES, VALUES = 8, [1, 2, 3]
#: The figures chosen in turn (a share, then a count).
CHOSEN = ("feel:agency", "feel:lead_changes")


def _names(lang: str) -> list[str]:
    return [i18n.text(f"feel.name.{k[5:]}", lang) for k in FEEL_CURVES]


def _choose(page: Page, key: str, lang: str, want: list[str], server: Any) -> None:
    """Choose ``key`` in the dropdown; wait for its curve: a dot per value, its name on
    the y axis and the lab's numbers in the table."""
    name = i18n.text(f"feel.name.{key[5:]}", lang)
    page.locator(".vl-sweep-quantity select").select_option(label=name)
    table = page.locator(".vl-sweep-table")

    def drawn() -> bool:
        texts: list[str] = page.evaluate(_PLOT_TEXTS_JS)
        rows = table.locator("tbody tr").all_inner_texts()
        return (
            len(page.evaluate(_POINTS_JS)) == len(VALUES)
            and any(t.startswith(name) for t in texts)
            and len(rows) == len(VALUES)
            and all(w in r for w, r in zip(want, rows, strict=True))
        )

    follow(page, drawn, f"the curve of {key} ({lang})", server=server)


def _dots_fit(page: Page, width: int) -> bool:
    """A dot per value, left to right, each inside the window (the plot laid out anew
    after a resize)."""
    dots: list[dict[str, Any]] = page.evaluate(_POINTS_JS)
    xs = [d["x"] for d in dots]
    return (
        len(dots) == len(VALUES)
        and all(0 <= d["left"] and d["right"] <= width + 0.5 for d in dots)
        and xs == sorted(xs)
        and len(set(xs)) == len(xs)
    )


def test_the_sweep_lists_and_draws_the_game_feel_figures(
    page: Page, page_url: Callable[..., str], voila_server: Any, console_errors: list[str]
) -> None:
    server = voila_server
    deck = Deck.default()
    tweak = Tweak("treasure", CARD, "gold")
    lab = sweep(tweak, VALUES, GAMES, players=4, deck=deck, characters="all", workers=1)
    _open_card(page, page_url(), server, "en", CARD)
    quantity = page.locator(".vl-sweep-quantity select")
    follow(page, lambda: option_texts(quantity)[-len(FEEL_CURVES) :] == _names("en"), "the figures")
    for name, value in (("from", VALUES[0]), ("to", VALUES[-1]), ("games", GAMES)):
        box = page.locator(f".vl-sweep-{name} input")
        box.fill(str(value))
        box.press("Tab")
    page.locator(".vl-sweep-start").click()
    done = i18n.text("sweep.done", "en", done=GAMES * len(VALUES))
    follow_expect(page.locator(".vl-sweep-status")).to_have_text(done)
    for lang in ("en", "de"):
        if lang == "de":
            page.click(".vl-lang button:has-text('DE')")
            follow(
                page,
                lambda: option_texts(quantity)[-len(FEEL_CURVES) :] == _names("de"),
                "the figures in German",
                server=server,
            )
        for width, key in zip(each_width(page), (*CHOSEN, CHOSEN[0]), strict=True):
            shown = option_texts(quantity)
            assert shown[-len(FEEL_CURVES) :] == _names(lang), (lang, width)
            want = [value_text(key, est, lang) for est, _, _ in lab.curve_ci(key)]
            _choose(page, key, lang, want, server)
            page.locator(".vl-sweep-plot").scroll_into_view_if_needed()
            follow(
                page,
                lambda w=width: _dots_fit(page, w),
                f"the dots laid out at {width} px ({lang})",
                server=server,
            )
    assert console_errors == []

"""Suggest's answer survives a reload (issue 38 item 3), in a real browser against a real
Voila: a tiny search (3 candidates of 16 games, the Priest's values free) is run from the
Balance tab in English; once the workspace line says it is saved, the page is reloaded.
The Suggest section shows the same answer again (its draft named, the headline, the
verdicts counted, the table's rows, the changes, word for word as the lab's own
:class:`~verlies.ui.balance.suggest_model.SuggestRun` gives them for the same settings),
the workspace line lists it as of the draft, and the targets and moves it was searched
with are back in their boxes. In German the same answer reads in German. At 390, 800
and 1280 px nothing is cut or outside the window. Making the proposal the draft marks
the kept answer out of date. Every wait follows progress (tests/browser/progress.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from each_view import each_width, foreign_words, open_section, other_lang
from page_moves import browser_known, open_in, show_tab, switch_lang
from playwright.sync_api import Page
from progress import follow, follow_expect, has
from suggest_shown import SHOWN_JS, check_layout
from test_suggest_tab import MOVES, TARGETS, fill_settings, tiny_run

from verlies import i18n
from verlies.ui.balance.suggest_model import SuggestRun


def _shown_as(page: Page, server: Any, want: SuggestRun, lang: str) -> None:
    """The Suggest section shows ``want``'s answer in ``lang`` at every width."""
    rows = want.verdicts(lang)
    for width in each_width(page):
        page.locator(".vl-suggest-table").scroll_into_view_if_needed()

        def settled(w: int = width) -> bool:
            check_layout(page, w)
            shown: dict[str, Any] = page.evaluate(SHOWN_JS)
            assert shown["draft"] == i18n.text("suggest.for_draft", lang, name="Standard")
            assert [shown["headline"], shown["tally"]] == want.headline(lang)
            assert shown["edits"] == want.edit_words(lang)
            assert shown["rows"] == [
                [r.name, r.band, r.start, r.value, f"{r.low} – {r.high}", r.verdict_words]
                for r in rows
            ]
            assert shown["order"] == sorted(shown["order"]) and -1 not in shown["order"]
            return True

        follow(page, settled, f"the kept answer at {width} px in {lang}", server=server)
        text = page.locator(".vl-suggest").inner_text()
        foreign = foreign_words(text, lang, ("suggest.", "tune.verdict."), characters=True)
        assert not foreign, f"words of {other_lang(lang)} at {width} px: {sorted(foreign)}"
        assert page.locator(".vl-suggest-stale").count() == 0


def test_the_suggest_answer_comes_back_after_a_reload(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    server = voila_server
    want = tiny_run()
    start = open_section(
        page, page_url(), server=server, lang="en", tab="Balance", start=".vl-suggest-start"
    )
    browser_known(page, server)
    fill_settings(page)
    start.click()
    follow(
        page,
        lambda: page.locator(".vl-suggest a[download]").count() == 1,
        "the suggestion's end",
        server=server,
    )
    follow(
        page,
        has(page, ".vl-workspace[data-pending='0'] .vl-workspace-saved"),
        "the work saved",
        server=server,
    )
    # the reload: the same browser, a new page
    open_in(page, None, "en", server=server)
    item = page.locator(".vl-workspace-back li[data-kind='suggest']")
    follow_expect(item).to_have_count(1)
    words = item.inner_text()
    assert words.startswith("Suggest answer for “Standard” (")
    assert words.endswith(i18n.text("workspace.fresh", "en"))
    assert item.get_attribute("data-stale") == "0"
    show_tab(page, "sim.tab", "en", server=server)
    follow_expect(page.locator(".vl-suggest-headline")).to_have_text(want.headline("en")[0])
    assert page.locator(".vl-suggest-targets textarea").input_value() == TARGETS
    assert page.locator(".vl-suggest-moves textarea").input_value() == MOVES
    _shown_as(page, server, want, "en")
    switch_lang(page, "de", server=server)
    follow_expect(page.locator(".vl-suggest-headline")).to_have_text(want.headline("de")[0])
    _shown_as(page, server, want, "de")
    # the proposal made the draft: the kept answer is of the deck before it
    page.set_viewport_size({"width": 1280, "height": 900})
    page.locator(".vl-suggest-apply").click()
    follow_expect(page.locator(".vl-suggest-stale")).to_have_text(i18n.text("suggest.stale", "de"))
    follow_expect(page.locator(".vl-workspace-back li[data-kind='suggest']")).to_have_attribute(
        "data-stale", "1"
    )
    assert console_errors == []

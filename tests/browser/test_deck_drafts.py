"""Named drafts on the Deck tab in a real browser (issue 22 item 2), in German and English,
at 390, 800 and 1280 px: a person changes a card's count, saves the draft under a name,
reloads the page (the draft is kept in the playtest store for this browser), opens it
again (the differences come back), and compares it with the shipped edition standard-1:
the verdict sentence is the lab's own for the same decks and seeds. Every wait follows
progress (tests/browser/progress.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from browser_settings import ARTIFACTS
from each_view import LANGS, each_width, foreign_words, other_lang
from layout import measure, problems
from page_moves import EDITOR, option_texts
from playwright.sync_api import Locator, Page
from progress import follow, follow_expect, navigate, open_page

from verlies import i18n
from verlies.deck import Deck
from verlies.sim.compare import compare
from verlies.sim.verdict import before_after
from verlies.ui.deck.editor_model import describe_diff

CARD = "schatz-rubin"
GAMES = 16


def _deck_tab(page: Page, lang: str, server: Any) -> None:
    # the browser's id (autosave's) is known before the tab lists this browser's drafts
    follow(
        page,
        lambda: bool(page.evaluate("() => document.querySelector('.vl-autosave')?.dataset.client")),
        "the browser's id",
        server=server,
    )
    page.click(f".vl-lang button:has-text('{lang.upper()}')")
    page.click(f".vl-tabs .lm-TabBar-tab:has-text('{i18n.text('page.tab_deck', lang)}')")
    follow_expect(page.locator(".vl-drafts-save")).to_have_text(i18n.text("drafts.save", lang))


def _pick(select: Locator, label: str) -> None:
    select.select_option(index=option_texts(select).index(label))


def _check_layout(page: Page, width: int) -> bool:
    layout = measure(
        page,
        ".vl-drafts .widget-label",
        ".vl-drafts button",
        ".vl-drafts select",
        ".vl-drafts-status",
        ".vl-drafts-verdict",
        ".vl-drafts",
    )
    assert layout["pageScroll"] <= layout["pageClient"], layout
    bad = problems(layout, width)
    assert not bad, bad
    return True


def test_a_named_draft_survives_a_reload_and_compares_with_an_edition(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    """German, then English on one page: each language's story (:func:`_story`) saves a
    draft of its own name and reloads the page (a new kernel: the reload is what it
    checks); the English one begins where the German one ended, on the page reloaded
    once, with the German draft opened (its count is set back first: the change is made
    again, in English)."""
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, page_url(), server=voila_server)
    for lang in LANGS:
        _story(page, voila_server, lang)
    assert console_errors == []


def _story(page: Page, server: Any, lang: str) -> None:
    """In ``lang``: the ruby's count changed, the draft saved, the page reloaded, the
    draft opened from the list, compared with standard-1, read at every width, deleted."""
    name = f"Rubin doppelt {lang}"
    default = Deck.default()
    draft = default.with_count("treasure", CARD, default.treasure_counts[CARD] + 1)
    page.set_viewport_size({"width": 1280, "height": 900})
    _deck_tab(page, lang, server)
    search = page.locator(
        f"{EDITOR} .widget-text:has(> label:text-is('{i18n.text('editor.search', lang)}')) input"
    )
    search.fill(CARD)
    card_list = page.locator(f"{EDITOR} .vl-impact-list select")
    follow(page, lambda: card_list.locator("option").count() == 1, "the ruby", server=server)
    card_list.select_option(index=0)
    follow_expect(page.locator(f"{EDITOR} h4 code")).to_have_text(CARD)
    count = page.locator(
        f"{EDITOR} .widget-inline-hbox:has(> label:text-is('{i18n.text('editor.count', lang)}'))"
        " input"
    )
    diff = page.locator(f"{EDITOR} .verlies-diff li")
    if diff.count():  # the draft a story before opened: the ruby's count back first
        count.fill(str(default.treasure_counts[CARD]))
        count.press("Tab")
        follow(page, lambda: diff.all_inner_texts() == [], "the count set back", server=server)
    count.fill("2")
    count.press("Tab")
    want = describe_diff(default, draft, lang)
    follow(page, lambda: diff.all_inner_texts() == want, "the count's change", server=server)
    page.locator(".vl-drafts-name input").fill(name)
    page.locator(".vl-drafts-save").click()
    follow_expect(page.locator(".vl-drafts-status")).to_have_text(
        i18n.text("drafts.saved", lang, name=name)
    )
    # a reload: a new kernel, the draft is back in the list of this browser's drafts,
    # and the working draft is back too (the workspace, issue 38 item 3)
    navigate(page, None, server=server)
    _deck_tab(page, lang, server)
    follow(page, lambda: diff.all_inner_texts() == want, "the working draft back", server=server)
    saved = page.locator(".vl-drafts-saved select")
    follow(
        page,
        lambda: name in option_texts(saved),
        "the saved draft after the reload",
        server=server,
    )
    _pick(saved, name)
    page.locator(".vl-drafts-open").click()
    follow(page, lambda: diff.all_inner_texts() == want, "the opened draft", server=server)
    follow_expect(page.locator(".vl-drafts-status")).to_have_text(
        i18n.text("drafts.opened", lang, name=name)
    )
    # compare the saved draft (B) with the shipped edition standard-1 (A)
    _pick(page.locator(".vl-drafts-a select"), i18n.text("drafts.edition", lang, name="standard-1"))
    _pick(page.locator(".vl-drafts-b select"), i18n.text("drafts.draft", lang, name=name))
    games = page.locator(".vl-drafts-games input")
    games.fill(str(GAMES))
    games.press("Enter")
    page.locator(".vl-drafts-compare").click()
    lab = compare(Deck.edition("standard-1"), draft, GAMES, players=4, characters="all", workers=1)
    # the before/after answer of the same decks and seeds leads, its win rates next
    answer = before_after(lab)
    verdict = page.locator(".vl-drafts-verdict p")
    follow_expect(verdict.first).to_have_text(answer.sentence(lang))
    follow_expect(verdict.nth(1)).to_have_text(answer.win_line(lang))
    follow_expect(page.locator(".vl-drafts-compare")).to_be_enabled()
    for width in each_width(page):
        follow(page, lambda w=width: _check_layout(page, w), f"{width} px", server=server)
        foreign = foreign_words(page.locator(".vl-drafts").inner_text(), lang, ("drafts.",))
        assert not foreign, f"words of {other_lang(lang)} on the {lang} page: {sorted(foreign)}"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.locator(".vl-drafts").screenshot(path=str(ARTIFACTS / f"drafts_{lang}_{width}.png"))
    # the list keeps it for the next visit; delete it so the test leaves nothing behind
    page.locator(".vl-drafts-delete").click()
    follow_expect(page.locator(".vl-drafts-status")).to_have_text(
        i18n.text("drafts.deleted", lang, name=name)
    )

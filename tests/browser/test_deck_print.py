"""The Deck tab's print files in a real browser (issue 22 item 4), in German and English,
at 390, 800 and 1280 px: a person asks for the rules (PDF), the card sheets of the draft
(PDF) and the board (PNG), clicks each download link and opens the file: the PDFs' pages
and text in the page's language, the board picture A4 at 300 dpi. Every wait follows
progress (tests/browser/progress.py)."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

from each_view import LANGS, each_width
from layout import measure, problems
from PIL import Image
from playwright.sync_api import Page
from progress import follow, follow_event, follow_expect, open_page

from verlies import i18n
from verlies.deck import Deck
from verlies.render.prints import rules_pages
from verlies.render.sheets import deck_items, sheet_svgs


def _download(page: Page, kind: str, lang: str, server: Any, tmp: Path) -> tuple[str, bytes]:
    page.locator(f".vl-print-{kind}").click()
    link = page.locator(f".vl-print-link[data-kind='{kind}']")
    follow_expect(link).to_be_visible()
    got = follow_event(page, "download", lambda: link.click(), f"the {kind} file", server=server)
    # the link names the file and its size in the page's language
    size = round(len(Path(got.path()).read_bytes()) / 1024)
    want = i18n.text("print.download", lang, name=got.suggested_filename, kb=max(1, size))
    assert link.inner_text().replace("\xa0", " ") == want
    path = tmp / got.suggested_filename
    got.save_as(str(path))
    return got.suggested_filename, path.read_bytes()


def test_the_print_files_download_and_open(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
    tmp_path: Path,
) -> None:
    """One page, German then English through the page's own language switch (the switch
    takes back the files offered in the other language; each file is made again)."""
    server = voila_server
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, page_url(), server=server)
    for lang in LANGS:
        page.set_viewport_size({"width": 1280, "height": 900})
        page.click(f".vl-lang button:has-text('{lang.upper()}')")
        page.click(f".vl-tabs .lm-TabBar-tab:has-text('{i18n.text('page.tab_deck', lang)}')")
        follow_expect(page.locator(".vl-print-rules")).to_have_text(i18n.text("print.rules", lang))
        # no file of the other language is still offered
        follow_expect(page.locator(".vl-print-link")).to_have_count(0)
        _check_files(page, lang, server, tmp_path)
    assert console_errors == []


def _check_files(page: Page, lang: str, server: Any, tmp_path: Path) -> None:
    """The three files in ``lang``, then the panel at every width."""
    import pypdf  # here: at the top it cost every collecting worker half a second

    name, data = _download(page, "rules", lang, server, tmp_path)
    assert name == f"verlies-rules-{lang}.pdf"
    rules = pypdf.PdfReader(io.BytesIO(data))
    assert len(rules.pages) == len(rules_pages(lang))
    first = rules.pages[0].extract_text()
    assert ("Spielziel" if lang == "de" else "Goal") in first and "R1.1" in first
    name, data = _download(page, "cards", lang, server, tmp_path)
    assert name.endswith(f"-cards-{lang}.pdf")
    cards = pypdf.PdfReader(io.BytesIO(data))
    assert len(cards.pages) == len(sheet_svgs(deck_items(Deck.default()), lang=lang))
    last = cards.pages[-1].extract_text()
    assert ("Abenteurer" if lang == "de" else "Adventurer") in last
    name, data = _download(page, "board", lang, server, tmp_path)
    assert name.startswith("verlies-board-seed") and name.endswith(f"-{lang}.png")
    img = Image.open(io.BytesIO(data))
    assert img.size == (2480, 3508) and round(img.info["dpi"][0]) == 300
    for width in each_width(page):

        def laid_out(w: int = width) -> bool:
            layout = measure(page, ".vl-print button, .vl-print-link", skip_empty=False)
            assert len(layout["items"]) == 4, layout  # three buttons and the link
            assert problems(layout, w, cut=False, text_fits=None) == [], layout
            return True

        page.locator(".vl-print").scroll_into_view_if_needed()
        follow(page, laid_out, f"the print panel at {width} px in {lang}", server=server)

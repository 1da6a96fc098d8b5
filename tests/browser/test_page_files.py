"""What a person gets from the Game tab's files and sees of the page while playing
(issue 24 items 5 and 9), in German, in a real browser.

- The first step's "Saved at step 1" line does not move the page down (it did by 16 px).
- The exports: the board PNG is a useful size (at least 1440 px wide) with a title and a
  legend drawn on it (its SVG carries both as text); the Markdown log says "oldest first";
  "Save" and "Game .json" download one file: the same name and the same bytes.
- The deck's download links look like links (underlined, in the link colour), and the card
  list says what it counts.
Waits follow progress (tests/browser/progress.py).
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

from playwright.sync_api import Page
from progress import follow, follow_event, follow_expect, has, open_page

from verlies import i18n


def _download(page: Page, selector: str, what: str) -> tuple[str, bytes]:
    got = follow_event(page, "download", lambda: page.click(selector), what)
    return got.suggested_filename, Path(got.path()).read_bytes()


def _top(page: Page, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return float(box["y"])


def test_files_and_the_page_as_a_person_sees_them(
    page: Page, page_url: Any, voila_server: Any, console_errors: list[str]
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, page_url() + "?lang=de", server=voila_server)
    follow(page, has(page, ".vl-autosave", "attached"), "the autosave line")
    before = _top(page, ".vl-tabs")
    page.locator(".vl-actions button").first.click()  # a first step: it is saved
    saved = i18n.text("page.autosave.saved", "de", step=1)
    follow_expect(page.locator(".vl-autosave")).to_contain_text(saved)
    assert abs(_top(page, ".vl-tabs") - before) < 0.5, (before, _top(page, ".vl-tabs"))

    # -- exports -------------------------------------------------------------------------
    name, png = _download(page, ".vl-export-png", "the board PNG")
    assert name.endswith("-board.png") and png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert width >= 1440 and height >= 600, (width, height)
    _, svg = _download(page, ".vl-export-svg", "the board SVG")
    text = svg.decode("utf-8")
    assert "<title>Raus aus dem Verlies! · Seed " in text
    assert i18n.text("page.export_legend_gold", "de") in text
    assert i18n.text("page.export_legend_injured", "de") in text
    _, md = _download(page, ".vl-export-md", "the Markdown log")
    first = md.decode("utf-8").splitlines()[0]
    assert first.startswith("# Ereignisprotokoll, älteste zuerst"), first
    saved_name, saved = _download(page, ".vl-save", "the save file")
    json_name, exported = _download(page, ".vl-export-json", "the game export")
    assert saved_name == json_name and saved == exported

    # -- the deck tab's files --------------------------------------------------------------
    page.locator(".vl-tabs .lm-TabBar-tab").filter(
        has_text=i18n.text("page.tab_deck", "de")
    ).first.click()
    editor = ".verlies-deck-editor"
    follow(page, has(page, f"{editor} .widget-select select", "visible"), "the deck editor")
    count = page.locator(editor).get_by_text("verschiedenen Karten")
    follow_expect(count.first).to_be_visible()
    # the upload button says what it does, without ipywidgets' file count "(0)"
    follow_expect(page.locator(f"{editor} .widget-upload").first).to_have_text(
        i18n.text("editor.upload", "de")
    )
    page.locator(editor).get_by_role("button", name=i18n.text("editor.prepare", "de")).first.click()
    link = page.locator(f"{editor} a.vl-file-link").first
    follow_expect(link).to_be_visible()
    look = link.evaluate(
        "(a) => { const s = getComputedStyle(a), p = getComputedStyle(a.parentElement);"
        " return [s.textDecorationLine, s.color, p.color]; }"
    )
    assert "underline" in look[0] and look[1] != look[2], look
    assert console_errors == []

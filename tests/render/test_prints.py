"""Print files of the Deck tab (issue 22 item 4, verlies.render.prints and the editor's
print panel), opened as a person's program would: the PDFs' page counts, A4 page size and
text, the board picture's pixels and resolution, its legend."""

from __future__ import annotations

import base64
import dataclasses
import io
import re
from typing import TYPE_CHECKING

import pytest
from PIL import Image

from verlies.cards.model import Names
from verlies.deck import Deck
from verlies.game import Game
from verlies.render import prints
from verlies.render.sheets import deck_items, sheet_svgs
from verlies.render.style import player_color
from verlies.rules_text import rules_for

if TYPE_CHECKING:
    import pypdf  # read in _pdf: importing it costs every collecting worker half a second

A4_PT = (595.3, 841.9)


def _pdf(data: bytes) -> pypdf.PdfReader:
    import pypdf

    assert data.startswith(b"%PDF-")
    return pypdf.PdfReader(io.BytesIO(data))


def _a4(reader: pypdf.PdfReader) -> None:
    for page in reader.pages:
        box = page.mediabox
        assert float(box.width) == pytest.approx(A4_PT[0], abs=0.5)
        assert float(box.height) == pytest.approx(A4_PT[1], abs=0.5)


def _game(steps: int = 30) -> Game:
    g = Game.new(players=3, seed=2)
    for _ in range(steps):
        if g.is_over:
            break
        if g.is_chance:
            g.roll()
        else:
            g.apply(g.legal_actions()[0])
    return g


def test_card_sheets_of_a_draft_hold_its_cards() -> None:
    deck = Deck.default()
    purse = deck.treasures["schatz-muenzbeutel"]
    renamed = dataclasses.replace(purse, name=Names("Probebeutel", "Trialpurse"))
    draft = deck.with_card("treasure", renamed, deck.treasure_counts["schatz-muenzbeutel"])
    reader = _pdf(prints.card_sheets_pdf(draft, "en"))
    assert len(reader.pages) == len(sheet_svgs(deck_items(draft), lang="en"))
    _a4(reader)
    text = "\n".join(p.extract_text() for p in reader.pages)
    assert "Trialpurse" in text and "Dungeon card" in text


@pytest.mark.parametrize(("lang", "heading"), [("de", "Spielziel"), ("en", "Goal")])
def test_the_rules_pdf_has_every_rule_in_its_language(lang: str, heading: str) -> None:
    reader = _pdf(prints.rules_pdf(lang))
    assert len(reader.pages) == len(prints.rules_pages(lang)) >= 2
    _a4(reader)
    text = "\n".join(p.extract_text() for p in reader.pages)
    assert heading in text
    shown = set(re.findall(r"\b(R\d+(?:\.\d+)?|RW\.\d+)\b", text))
    assert set(rules_for(lang)) <= shown
    n = len(reader.pages)
    assert f"{n}/{n}" in reader.pages[-1].extract_text()  # the footer counts the pages


def test_the_board_picture_is_a4_at_300_dpi_with_a_legend() -> None:
    game = _game()
    svg = prints.board_page_svg(game, "de")
    for seat, figure in enumerate(game.state.figures):
        assert f"Platz {seat + 1}: {figure.character.name.de}" in svg
        assert player_color(seat) in svg
    png = prints.board_png(game, "de")
    img = Image.open(io.BytesIO(png))
    assert img.size == prints.A4_300DPI == (2480, 3508)
    dpi = img.info["dpi"]
    assert dpi[0] == pytest.approx(300, abs=0.01) and dpi[1] == pytest.approx(300, abs=0.01)
    rgb = img.convert("RGB")
    # the legend's first circle (seat 1's colour) lies where the page draws it
    margin_px = 100 * 2480 / 2100
    legend_top = (2970 - 100 - (140 + 90 * game.players) + 110 + 90 - 18) * 3508 / 2970
    want = tuple(int(player_color(0)[i : i + 2], 16) for i in (1, 3, 5))
    got = rgb.getpixel((round(margin_px + 30 * 2480 / 2100), round(legend_top)))
    assert all(abs(a - b) <= 8 for a, b in zip(got, want, strict=True)), (got, want)
    # the board itself: many colours above the legend
    top = rgb.crop((0, 0, 2480, round(legend_top) - 200)).getcolors(1 << 20)
    assert top is not None and len(top) > 50


def test_print_files_are_named_and_refused_without_a_game() -> None:
    name, mime, data = prints.print_file("rules", Deck.default(), None, "en")
    assert (name, mime) == ("verlies-rules-en.pdf", "application/pdf") and data[:5] == b"%PDF-"
    game = _game(4)
    name, mime, _ = prints.print_file("board", Deck.default(), game, "de")
    assert mime == "image/png" and name.startswith("verlies-board-seed2-step")
    with pytest.raises(ValueError, match="no game"):
        prints.print_file("board", Deck.default(), None, "de")
    with pytest.raises(ValueError, match="unknown print file"):
        prints.print_file("poster", Deck.default(), None, "de")


def test_the_editors_print_panel_offers_the_file() -> None:
    from verlies.ui.deck.editor_view import DeckEditor

    game = _game(6)
    ed = DeckEditor(Deck.default(), get_game=lambda: game, lang="de")
    assert ed.prints.buttons["rules"].description == "Regeln (PDF)"
    assert ed.prints.make("rules")
    link = ed.prints.links.value
    m = re.search(r'download="([^"]+)" href="data:application/pdf;base64,([^"]+)"', link)
    assert m is not None and m.group(1) == "verlies-rules-de.pdf"
    assert len(_pdf(base64.b64decode(m.group(2))).pages) == len(prints.rules_pages("de"))
    assert "herunterladen" in link
    assert ed.prints.make("board") and 'download="verlies-board-seed2-step' in ed.prints.links.value
    ed.set_lang("en")
    assert ed.prints.links.value == "" and ed.prints.buttons["cards"].description.startswith("Card")

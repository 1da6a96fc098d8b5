"""SVG pictures of tiles, cards and boards, and printable sheets (verlies.render)."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from verlies.board import rotate
from verlies.cards.model import (
    Attr,
    Character,
    Color,
    DungeonCard,
    FightOption,
    GainGold,
    MonsterCard,
    Names,
    Obstacle,
    ObstacleType,
    RollBonus,
    RoomCard,
    Shape,
    TileKind,
    TreasureCard,
)
from verlies.deck import Deck
from verlies.dice import Dice
from verlies.render import board_svg, card_svg, card_text, tile_svg, wrap
from verlies.render.sheets import main_sheets, page_count, print_sheets, sheet_svgs
from verlies.render.svg import Card

SVG = "{http://www.w3.org/2000/svg}"
SIDE_BITS = {"N": 1, "E": 2, "S": 4, "W": 8}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def sides(svg: str) -> int:
    """The mask made of the floor channels an SVG draws (elements with data-side)."""
    root = parse(svg)
    found = [el.get("data-side") for el in root.iter() if el.get("data-side")]
    assert len(found) == len(set(found)), "a side drawn twice"
    return sum(SIDE_BITS[s] for s in found if s)


def all_text(svg: str) -> str:
    return " ".join(t for el in parse(svg).iter() for t in (el.text,) if t)


def tile(
    kind: TileKind = TileKind.CORRIDOR,
    shape: Shape = Shape.T,
    *,
    color: Color = Color.RED,
    gold: int = 0,
    obstacle: Obstacle | None = None,
    name: str = "Gang",
    id: str = "t1",
) -> DungeonCard:
    return DungeonCard(id, kind, color, shape, Names(name, name + " (en)"), gold, obstacle)


LAVA = Obstacle(ObstacleType.LAVA, Color.RED, 7)
ROOM = RoomCard(
    "gruft",
    Names("Modrige Gruft", "Musty crypt"),
    "Nimm 2+W3 Gold.",
    (GainGold(Dice.parse("2+W3")),),
)
MONSTER = MonsterCard(
    "mumie",
    Names("Mumie", "Mummy"),
    "Kampf mit Stärke 4 oder Geist 3.",
    (FightOption(Attr.STAERKE, 4), FightOption(Attr.GEIST, 3)),
    Dice.parse("W6"),
    1,
)
AMULET = TreasureCard(
    "amulett", Names("Amulett", "Amulet"), "M: +2 auf einen Wurf.", 4, RollBonus(2)
)
GOBLET = TreasureCard("kelch", Names("Kelch", "Goblet"), "6 Gold.", 6)
HERO = Character("zwerg", Names("Zwergin", "Dwarf"), 5, 2, 3)


# ---- tiles ----


@pytest.mark.parametrize("kind", list(TileKind))
@pytest.mark.parametrize("shape", list(Shape))
def test_tile_is_well_formed_for_every_shape_rotation_and_kind(
    kind: TileKind, shape: Shape
) -> None:
    variants = [
        tile(kind, shape),
        tile(kind, shape, gold=3, color=Color.BLUE),
        tile(kind, shape, obstacle=LAVA, color=Color.GREEN),
        tile(kind, shape, gold=2, obstacle=Obstacle(ObstacleType.TUER, Color.BLUE, 9)),
    ]
    for card, quarter, collapsed, lang in itertools.product(
        variants, range(4), (False, True), ("de", "en")
    ):
        mask = rotate(shape.mask, quarter)
        svg = tile_svg(card, mask, size=80, lang=lang, collapsed=collapsed)
        root = parse(svg)
        assert root.tag == SVG + "svg"
        assert root.get("width") == "80"
        assert sides(svg) == mask


@pytest.mark.parametrize("mask", range(16))
@pytest.mark.parametrize("kind", [TileKind.CORRIDOR, TileKind.ROOM, TileKind.EXIT])
def test_mask_bits_draw_passages_on_those_sides(mask: int, kind: TileKind) -> None:
    svg = tile_svg(tile(kind), mask)
    assert sides(svg) == mask
    group = next(el for el in parse(svg).iter() if el.get("class") == "tile")
    assert group.get("data-mask") == str(mask)


def test_default_mask_is_the_base_orientation() -> None:
    for shape in Shape:
        assert sides(tile_svg(tile(shape=shape))) == shape.mask


def test_rooms_draw_a_chamber_and_corridors_do_not() -> None:
    assert 'class="chamber"' in tile_svg(tile(TileKind.ROOM))
    assert 'class="chamber"' not in tile_svg(tile(TileKind.CORRIDOR))


def test_start_is_alpha_and_exit_is_omega_and_collapsed_exit_is_marked() -> None:
    assert "α" in all_text(tile_svg(tile(TileKind.START, Shape.CROSS)))
    exit_card = tile(TileKind.EXIT, Shape.DEAD_END)
    open_svg = tile_svg(exit_card)
    shut_svg = tile_svg(exit_card, collapsed=True)
    assert "Ω" in all_text(open_svg) and "Ω" in all_text(shut_svg)
    assert 'class="collapsed"' in shut_svg and 'data-collapsed="1"' in shut_svg
    assert 'class="collapsed"' not in open_svg


def test_gold_and_obstacle_are_drawn_with_numbers_and_colour_letters() -> None:
    svg = tile_svg(tile(gold=3, obstacle=Obstacle(ObstacleType.EINSTURZ, Color.BLUE, 8)))
    root = parse(svg)
    gold = [el for el in root.iter() if el.get("class") == "gold"]
    obstacle = [el for el in root.iter() if el.get("class") == "obstacle"]
    assert len(gold) == 1 and len(obstacle) == 1
    assert obstacle[0].get("data-color") == "blue"
    assert obstacle[0].get("data-type") == "einsturz"
    texts = [el.text for el in root.iter(SVG + "text")]
    assert "3" in texts and "8" in texts
    assert "B" in texts  # the obstacle colour as a letter, not only as a colour
    assert "R" in texts  # the gem of a red card
    plain = tile_svg(tile())
    assert 'class="gold"' not in plain and 'class="obstacle"' not in plain


def test_tile_tooltip_names_the_obstacle_in_the_language() -> None:
    card = tile(obstacle=LAVA)
    assert "Lava 7 (rot: Stärke)" in tile_svg(card, lang="de")
    assert "Lava 7 (red: Strength)" in tile_svg(card, lang="en")


# ---- text ----


NASTY = "<b>&\"\x01 'x"


def test_text_is_escaped_everywhere() -> None:
    names = Names(NASTY, NASTY)
    cards: list[Card] = [
        RoomCard("r<", names, NASTY, ()),
        MonsterCard("m&", names, NASTY, (FightOption(Attr.GESCHICK, 2),)),
        TreasureCard('t"', names, NASTY, 1),
        Character("c>", names, 1, 2, 3),
        tile(name=NASTY, id="d&<"),
    ]
    for card in cards:
        for lang in ("de", "en"):
            if isinstance(card, RoomCard | MonsterCard | TreasureCard) and lang == "en":
                continue  # English text comes from the formatter, not the raw string
            svg = card_svg(card, lang)
            root = parse(svg)
            title = root.find(f"{SVG}title")
            assert title is not None and title.text is not None
            assert '<b>&"' in title.text and "\x01" not in title.text
    d = tile(name=NASTY, id="d&<")
    parse(tile_svg(d))
    parse(board_svg([(0, 0, d, d.mask, False)]))


def test_german_and_english_cards_differ() -> None:
    for card in (ROOM, MONSTER, AMULET, GOBLET, HERO, tile(obstacle=LAVA, gold=2)):
        de, en = card_svg(card, "de"), card_svg(card, "en")
        parse(de), parse(en)
        assert de != en
    hero_de, hero_en = all_text(card_svg(HERO, "de")), all_text(card_svg(HERO, "en"))
    assert all(w in hero_de for w in ("Stärke", "Geist", "Geschick"))
    assert all(w in hero_en for w in ("Strength", "Mind", "Dexterity"))
    assert "Modrige Gruft" in all_text(card_svg(ROOM, "de"))
    assert "Musty crypt" in all_text(card_svg(ROOM, "en"))


def test_card_text_german_is_the_printed_text() -> None:
    assert card_text(ROOM, "de") == ROOM.text
    assert card_text(ROOM, "en") != ROOM.text
    assert card_text(HERO, "en") == ""


def test_card_shows_fight_values_magic_badge_and_count() -> None:
    monster = parse(card_svg(MONSTER, "en"))
    attrs = [el.get("data-attr") for el in monster.iter() if el.get("data-attr")]
    assert attrs == ["staerke", "geist"]
    assert 'class="magic"' in card_svg(AMULET)
    assert 'class="magic"' not in card_svg(GOBLET)
    assert "4" in [el.text for el in parse(card_svg(AMULET)).iter(SVG + "text")]
    assert "×3" in all_text(card_svg(GOBLET, count=3))
    assert "×" not in all_text(card_svg(GOBLET))


def test_card_is_portrait_63_by_88() -> None:
    root = parse(card_svg(ROOM, size=630))
    assert root.get("width") == "630" and root.get("height") == "880"


def test_wrap() -> None:
    assert wrap("eins zwei drei vier", 9) == ["eins zwei", "drei vier"]
    assert wrap("a\nb c", 10) == ["a", "b c"]
    assert wrap("Donaudampfschiff", 5) == ["Donau", "dampf", "schif", "f"]
    assert wrap("", 5) == [""]
    assert all(len(line) <= 12 for line in wrap("x " * 40 + "y" * 30, 12))


def test_long_text_still_fits_the_card() -> None:
    long = RoomCard("lang", Names("N", "N"), "Wort " * 120, ())
    sizes = [float(el.get("font-size", "0")) for el in parse(card_svg(long)).iter(SVG + "text")]
    assert min(sizes) >= 8


# ---- the board ----


def _translate(el: ET.Element) -> tuple[float, float]:
    m = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", el.get("transform", ""))
    assert m, el.get("transform")
    return float(m.group(1)), float(m.group(2))


def test_board_fits_its_bounding_box_with_negative_coordinates() -> None:
    a, b = tile(id="a"), tile(TileKind.ROOM, Shape.CROSS, id="b")
    svg = board_svg([(-2, -1, a, a.mask, False), (1, 3, b, b.mask, False)], tile_size=50)
    root = parse(svg)
    pad = 0.12 * 50
    assert float(root.get("width", "0")) == pytest.approx(4 * 50 + 2 * pad)
    assert float(root.get("height", "0")) == pytest.approx(5 * 50 + 2 * pad)
    assert root.get("data-origin") == "-2,-1"
    cells = {
        (el.get("data-x"), el.get("data-y")): _translate(el)
        for el in root.iter()
        if el.get("data-x") and el.get("transform")
    }
    assert cells[("-2", "-1")] == pytest.approx((pad, pad))
    assert cells[("1", "3")] == pytest.approx((pad + 150, pad + 200))


def test_highlights_are_outlined_and_widen_the_box() -> None:
    a = tile()
    svg = board_svg([(0, 0, a, a.mask, False)], highlights=[(1, 0), (0, -1, "walk")])
    root = parse(svg)
    marks = {
        (el.get("data-x"), el.get("data-y")): el.get("data-highlight")
        for el in root.iter()
        if el.get("data-highlight")
    }
    assert marks == {("1", "0"): "place", ("0", "-1"): "walk"}
    assert root.get("data-origin") == "0,-1"


def test_injured_figures_lie_down() -> None:
    a = tile()
    tiles = [(0, 0, a, a.mask, False)]
    up = board_svg(tiles, [(0, 0, 0, False)])
    down = board_svg(tiles, [(0, 0, 0, True)])
    assert up != down
    fig_up = next(el for el in parse(up).iter() if el.get("class") == "figure")
    fig_down = next(el for el in parse(down).iter() if el.get("class") == "figure")
    assert fig_up.get("data-injured") == "0" and fig_down.get("data-injured") == "1"
    assert "rotate(-90)" in down and "rotate(" not in up


def test_figures_sharing_a_card_are_all_visible() -> None:
    a = tile()
    figures = [(seat, 0, 0, seat == 2) for seat in range(4)]
    root = parse(board_svg([(0, 0, a, a.mask, False)], figures))
    shapes = [
        _translate(g)
        for fig in root.iter()
        if fig.get("class") == "figure"
        for g in fig
        if g.tag == SVG + "g"
    ]
    assert len(shapes) == 4 and len(set(shapes)) == 4
    seats = [fig.get("data-seat", "") for fig in root.iter() if fig.get("class") == "figure"]
    assert sorted(seats) == ["0", "1", "2", "3"]


def test_output_is_deterministic() -> None:
    a, b = tile(id="a", obstacle=LAVA), tile(TileKind.EXIT, Shape.DEAD_END, id="b")
    tiles = [(0, 0, a, a.mask, False), (0, 1, b, rotate(b.mask, 2), True)]
    figures = [(1, 0, 0, False), (0, 0, 0, True)]
    one = board_svg(tiles, figures, highlights=[(1, 1), (-1, 0)])
    two = board_svg(list(reversed(tiles)), list(reversed(figures)), highlights=[(-1, 0), (1, 1)])
    assert one == two
    assert tile_svg(a) == tile_svg(a)
    assert card_svg(MONSTER, "en") == card_svg(MONSTER, "en")


def test_empty_board_is_a_valid_picture() -> None:
    assert parse(board_svg([])).tag == SVG + "svg"


# ---- print sheets ----


def _pdf_pages(path: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", path.read_bytes()))


def test_sheets_pdf_has_one_page_per_nine_cards_per_deck(tmp_path: Path) -> None:
    tiles = [tile(id=f"t{i}", shape=list(Shape)[i % 5], gold=i % 3) for i in range(16)]
    rooms = [RoomCard(f"r{i}", Names("Raum", "Room"), "Nimm 1 Gold.", ()) for i in range(10)]
    items: list[Card | tuple[Card, int]] = [(t, 2) for t in tiles]
    items += [*rooms, MONSTER, (HERO, 1)]
    expected = page_count(16, [10, 1, 1])
    assert expected == 2 + 2 + 1 + 1
    out = print_sheets(items, tmp_path / "deck.pdf", lang="en")
    assert out == [tmp_path / "deck.pdf"]
    assert out[0].read_bytes().startswith(b"%PDF")
    assert _pdf_pages(out[0]) == expected
    assert len(sheet_svgs(items)) == expected


def test_sheets_png_writes_one_picture_per_page(tmp_path: Path) -> None:
    from PIL import Image

    out = print_sheets([ROOM, MONSTER, tile()], tmp_path / "s.png", dpi=40)
    assert [p.name for p in out] == ["s-1.png", "s-2.png", "s-3.png"]
    with Image.open(out[0]) as im:
        w, h = im.size
    assert (w, h) == (round(210 / 25.4 * 40), round(297 / 25.4 * 40))


def test_sheet_pages_are_well_formed_and_marked(tmp_path: Path) -> None:
    pages = sheet_svgs([(ROOM, 3), AMULET, tile(TileKind.START, Shape.CROSS)], lang="de")
    assert len(pages) == 3
    for page in pages:
        root = parse(page)
        assert root.get("width") == "210mm" and root.get("height") == "297mm"
        assert 'class="crop"' in page
    assert "×3" in all_text(pages[1])


def test_unknown_sheet_format_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown sheet format"):
        print_sheets([ROOM], tmp_path / "x.gif")


# ---- the default deck ----


def _default_deck() -> Deck:
    return Deck.default()


def test_every_card_of_the_default_deck_renders_in_both_languages() -> None:
    deck = _default_deck()
    cards: list[Card] = [
        *deck.dungeon.values(),
        *deck.rooms.values(),
        *deck.monsters.values(),
        *deck.treasures.values(),
        *deck.characters.values(),
    ]
    assert cards
    for card in cards:
        for lang in ("de", "en"):
            parse(card_svg(card, lang))
            if isinstance(card, DungeonCard):
                for q in range(4):
                    parse(tile_svg(card, rotate(card.mask, q), lang=lang))
        if not isinstance(card, DungeonCard):
            assert card_svg(card, "de") != card_svg(card, "en")


def test_sheets_command_prints_the_default_deck(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = _default_deck()
    out = tmp_path / "deck.pdf"
    assert main_sheets([str(out), "--lang", "en"]) == 0
    assert capsys.readouterr().out.strip() == str(out)
    expected = page_count(
        len(deck.dungeon),
        [len(deck.rooms), len(deck.monsters), len(deck.treasures), len(deck.characters)],
    )
    assert _pdf_pages(out) == expected


def test_the_words_on_the_pictures_come_from_the_language_tables() -> None:
    """Deck labels, dungeon-card words and the sheet footer are i18n keys (render.*): a
    language added at run time shows on the cards and sheets."""
    from verlies import i18n

    deck = Deck.default()
    monster = next(iter(deck.monsters.values()))
    tile = next(c for c in deck.dungeon.values() if c.gold and c.obstacle is not None)
    words = {
        "render.deck.monster": "Ungeheuer-XX",
        "render.deck.dungeon": "Kerkerkarte-XX",
        "render.text.gold": "Münzen-XX {n}",
        "render.sheet.page": "Blatt-XX {page}/{pages}",
    }
    i18n.register("xx", words)
    try:
        assert "UNGEHEUER-XX" in card_svg(monster, "xx")
        assert f"Münzen-XX {tile.gold}" in card_text(tile, "xx")
        assert "Blatt-XX 1/1" in sheet_svgs([tile], lang="xx")[0]
        assert "Kerkerkarte-XX" in sheet_svgs([tile], lang="xx")[0]
        # a key the new language lacks falls back to English
        assert "Obstacle:" in card_text(tile, "xx")
    finally:
        i18n.unregister("xx")
    for lang in ("de", "en"):
        assert {k for k in i18n.table(lang) if k.startswith("render.")} == {
            k for k in i18n.table("en") if k.startswith("render.")
        }

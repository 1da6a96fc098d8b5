"""The game and its cards show themselves in a notebook (_repr_svg_/_repr_html_)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from verlies import Card, Deck, Draw, Game, Place


def _gold_tile_game() -> Game:
    game = Game.new(players=2, seed=2)
    game.apply(Draw())
    game.apply(Card("r-gang-straight-03"))  # a corridor with 2 gold, no obstacle
    return game


def test_r4_1_board_picture_shows_gold_until_taken() -> None:
    deck = Deck.default()
    assert deck.dungeon["r-gang-straight-03"].gold == 2
    assert deck.dungeon["r-gang-straight-03"].obstacle is None
    game = _gold_tile_game()
    place = next(a for a in game.legal_actions() if isinstance(a, Place))
    card_svg_before = deck.dungeon["r-gang-straight-03"]._repr_svg_()
    ET.fromstring(card_svg_before)
    game.apply(place)  # laid and entered at once (R3.3): the gold is taken
    assert game.figures[0].coins == 2
    svg = game._repr_svg_()
    root = ET.fromstring(svg)
    tiles = [e for e in root.iter() if e.get("data-id") == "r-gang-straight-03"]
    assert tiles, "the laid tile is drawn"
    assert game.board[(place.x, place.y)].gold == 0
    # The laid card is drawn without its gold coin now.
    assert ">2<" not in ET.tostring(tiles[0], encoding="unicode")


def test_game_repr_html_lists_players_and_log() -> None:
    game = _gold_tile_game()
    html = game._repr_html_()
    assert "<svg" in html
    assert "R3.1" in html  # the log shows rule IDs
    assert html.count("<tr>") == 3  # header + two seats


def test_every_default_card_shows_itself() -> None:
    deck = Deck.default()
    for kind in ("dungeon", "room", "monster", "treasure", "character"):
        for card in deck.cards(kind).values():
            ET.fromstring(card._repr_svg_())

"""Links that reopen a position and the exports (verlies.ui.core.share), without a browser."""

from __future__ import annotations

import csv
import io
import random
import zlib

import pytest

from verlies import links
from verlies.errors import SaveFormatError
from verlies.game import Game
from verlies.setup import Setup, default_deck
from verlies.ui.core import share
from verlies.variants import Variants


def played(n: int, **kw: object) -> Game:
    game = Game.from_setup(Setup(players=3, seed=9, **kw))  # type: ignore[arg-type]
    rng = random.Random(2)
    while game.step_count < n and not game.is_over:
        game.roll(rng) if game.is_chance else game.apply(rng.choice(list(game.legal_actions())))
    return game


def test_a_link_reopens_the_position_with_seats_and_variants() -> None:
    game = played(80, variants=Variants(limited_bank=True))
    game.undo(3)  # the position shown, not the redo future
    value = share.link(game, ["human", "greedy", "random"])
    assert value is not None and value.startswith("?g=")
    assert all(c.isalnum() or c in "-_?=" for c in value)  # URL-safe as it is
    pos = share.from_query(value)
    assert pos is not None and pos.controllers == ("human", "greedy", "random")
    back = share.open_position(pos)
    assert back.steps == game.steps and back.setup == game.setup
    assert back.to_json() != game.to_json()  # without the undone steps
    assert [e.text("en") for e in back.log] == [e.text("en") for e in game.log]


def test_a_changed_deck_travels_as_a_patch() -> None:
    deck = default_deck()
    card = sorted(deck.treasure_counts)[0]
    changed = deck.with_count("treasure", card, deck.treasure_counts[card] + 2)
    game = Game.new(players=2, seed=1, deck=changed)
    value = share.encode(game, ["human", "human"])
    # a patch of one count, not the whole deck's text
    assert len(value) < len(share.b64(zlib.compress(changed.dumps().encode(), 9))) / 4
    back = share.open_position(share.decode(value))
    assert back.setup.deck == changed and back.setup.deck != deck


def test_a_broken_or_hostile_link_is_a_save_format_error() -> None:
    for bad in ("", "!!!", "AAAA", share.b64(b"not zlib")):
        with pytest.raises(SaveFormatError):
            share.decode(bad)
    bomb = share.b64(zlib.compress(b"[" + b" " * 20_000_000 + b"]", 9))
    with pytest.raises(SaveFormatError):
        share.decode(bomb)
    assert share.from_query("lang=de") is None and share.from_query(None) is None


def test_too_long_a_position_has_no_link(monkeypatch: pytest.MonkeyPatch) -> None:
    game = played(40)
    monkeypatch.setattr(links, "MAX_LINK_CHARS", 50)  # the link format: verlies.links
    assert share.link(game, ["human"] * 3) is None


def test_log_exports_hold_every_line_in_order() -> None:
    game = played(30)
    rows = share.log_rows(game, "en", viewer=None, designer=True)
    assert [r.text for r in rows] == [e.text("en", with_rule=False) for e in game.log]
    steps = [r.step for r in rows]
    assert steps[0] == 0 and steps == sorted(steps) and steps[-1] <= 30
    assert len(set(steps)) > 10  # the steps' own lines, numbered by their step
    heads = ["step", "rule", "seat", "text"]
    table = list(csv.reader(io.StringIO(share.log_csv(rows, heads))))
    assert table[0] == heads and len(table) == len(rows) + 1
    assert table[-1][3] == rows[-1].text
    md = share.log_markdown(rows, "Log", heads)
    assert md.count("\n| ") == len(rows) + 1 and "|---:|" in md


def test_private_lines_are_hidden_from_other_seats_in_exports() -> None:
    game = played(200)
    private = [e for e in game.log if e.private]
    if not private or game.is_over:
        pytest.skip("this game has no secret to keep at its position")
    mine = share.log_rows(game, "en", viewer=private[0].seat)
    theirs = share.log_rows(game, "en", viewer=(private[0].seat + 1) % 3)
    assert [r.text for r in mine] != [r.text for r in theirs]


def test_board_png_when_cairosvg_is_there() -> None:
    png = share.board_png(played(10).board_svg())
    if png is not None:
        assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_markdown_log_says_oldest_first_and_is_oldest_first() -> None:
    """Issue 24 item 5: its title said "newest first" over rows oldest first."""
    from verlies.ui.core.words import t

    game = played(30)
    rows = share.log_rows(game, "en", designer=True)
    title = t("export_log_title", "en", seed=game.setup.seed, step=game.step_count)
    md = share.log_markdown(rows, title, ["step", "rule", "seat", "text"])
    assert md.startswith("# Event log, oldest first (seed 9, step 30)\n")
    steps = [int(line.split("|")[1]) for line in md.splitlines()[4:]]
    assert steps == sorted(steps) and steps[0] == 0 and 25 < steps[-1] <= 30
    assert "älteste zuerst" in t("export_log_title", "de", seed=9, step=30)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_board_picture_has_a_title_a_legend_and_a_useful_size(lang: str) -> None:
    """Issue 24 item 5: the PNG was 194 x 194 px, neither picture had a title or legend."""
    import re

    from verlies.ui.core.describe import player_label
    from verlies.ui.core.words import t

    game = played(12)
    svg = share.board_picture(game, lang)
    title = t("export_board_title", lang, seed=9, step=12, round=game.round)
    assert f"<title>{title}</title>" in svg and svg.count(title) == 2  # also written on it
    for seat in range(3):  # each seat's figure and character, in the legend
        assert player_label(game, seat, lang) in svg
    for key in ("export_legend_gold", "export_legend_obstacle", "export_legend_injured"):
        assert t(key, lang) in svg
    size = re.search(r'width="(\d+)" height="(\d+)"', svg)
    assert size is not None
    width, height = float(size[1]), float(size[2])
    assert width >= share.EXPORT_MIN_WIDTH and height > 300
    png = share.board_png(svg, 2.0)
    assert png is not None  # cairosvg is in the test extra
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (w, h) == (round(width * 2), round(height * 2)) and w >= 1440

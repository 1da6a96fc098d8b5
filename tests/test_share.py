"""Links that reopen a position and the exports (verlies.ui.share), without a browser."""

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
from verlies.ui import share
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
    assert len(value) < len(share._b64(zlib.compress(changed.dumps().encode(), 9))) / 4
    back = share.open_position(share.decode(value))
    assert back.setup.deck == changed and back.setup.deck != deck


def test_a_broken_or_hostile_link_is_a_save_format_error() -> None:
    for bad in ("", "!!!", "AAAA", share._b64(b"not zlib")):
        with pytest.raises(SaveFormatError):
            share.decode(bad)
    bomb = share._b64(zlib.compress(b"[" + b" " * 20_000_000 + b"]", 9))
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

"""The observation's layout is declared once (``OBSERVATION_LAYOUT``): the encoding's
offsets come from it and docs/ai.md shows it as it is (issue 20 item 5)."""

from __future__ import annotations

import inspect
import random
import re
from pathlib import Path

import numpy as np
import pytest

from verlies.game import Game
from verlies.interop import layout
from verlies.interop.encoding import (
    CELL_CHANNELS,
    FIGURE_FIELDS,
    INFO_FIELDS,
    MAX_SEATS,
    OBSERVATION_LAYOUT,
    PENDING_FIELDS,
    SIDE,
    Encoding,
    Section,
    layout_table,
)
from verlies.interop.observation import WRITERS, _Kept

DOC = Path(__file__).resolve().parents[2] / "docs" / "ai.md"


def _doc_table() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("| block | size | scale | source | content |")
    return text[start : text.index("\n\n", start)]


def test_the_docs_table_is_the_declared_layout() -> None:
    assert _doc_table() == layout_table()
    names = [line.split("|")[1].strip() for line in _doc_table().splitlines()[2:]]
    assert names == [s.name for s in OBSERVATION_LAYOUT]


def test_the_docs_numbers_for_the_default_deck() -> None:
    enc = Encoding.for_game(Game.new(players=2, seed=1, log=False))
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    size = f"{enc.observation_size:,}"
    assert f"A flat float32 array ({size} numbers with the default deck)" in text
    t, piles = len(enc.treasure_ids), len(enc.pile_fields)
    assert (
        f"treasures = {t} and pile fields = {piles} ({len(enc.dungeon_ids)} dungeon ids, "
        f"{len(enc.room_ids)} room ids twice, {len(enc.monster_ids)} monster ids twice, "
        f"then the lost treasures): {size} numbers" in text
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_offsets_come_from_the_table_and_fields_fill_the_blocks(players: int) -> None:
    enc = Encoding.for_game(Game.new(players=players, seed=2, log=False))
    t = len(enc.treasure_ids)
    sizes = {
        "board": SIDE * SIDE * len(CELL_CHANNELS),
        "figures": MAX_SEATS * len(FIGURE_FIELDS),
        "hand": 2 * t,
        "info": len(INFO_FIELDS),
        "pending": len(PENDING_FIELDS),
        "shown": MAX_SEATS * t,
        "piles": len(enc.pile_fields),
    }
    start = 0
    for block, sec in zip(enc.observation_blocks, OBSERVATION_LAYOUT, strict=True):
        assert (block.name, block.start, block.size) == (sec.name, start, sizes[sec.name])
        start += block.size
    assert start == enc.observation_size
    # Every block's size in the doc's table is its shape, in numbers or named counts.
    for line in layout_table().splitlines()[2:]:
        name, size = (c.strip() for c in line.split("|")[1:3])
        dims = [
            int(d) if d.isdigit() else {"treasures": t}.get(d, len(enc.pile_fields))
            for d in re.split(r" × ", size)
        ]
        assert int(np.prod(dims)) == sizes[name], name


def test_a_reordered_table_moves_the_blocks_and_nothing_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The writers find their blocks through the table: declared in reverse order, the
    observation is the same blocks, reversed, along a random game."""
    game = Game.new(players=3, seed=4, log=False)
    plain = Encoding.for_game(game)
    monkeypatch.setattr(layout, "OBSERVATION_LAYOUT", OBSERVATION_LAYOUT[::-1])
    reversed_enc = Encoding.for_game(game)
    assert [b.name for b in reversed_enc.observation_blocks] == [
        s.name for s in OBSERVATION_LAYOUT[::-1]
    ]
    rng = random.Random(4)
    checked = 0
    while not game.is_over and checked < 300:
        for seat in range(3):
            a, b = plain.observation(game, seat), reversed_enc.observation(game, seat)
            for x, y in zip(
                plain.observation_blocks, reversed_enc.observation_blocks[::-1], strict=True
            ):
                assert x.name == y.name
                np.testing.assert_array_equal(
                    a[x.start : x.start + x.size], b[y.start : y.start + y.size]
                )
            checked += 1
        if game.is_chance:
            game.roll()
        else:
            game.apply(rng.choice(list(game.legal_actions())))
    assert checked >= 300


def test_describe_names_every_field_of_the_declared_blocks() -> None:
    enc = Encoding.for_game(Game.new(players=2, seed=1, log=False))
    text = enc.describe()
    for sec in OBSERVATION_LAYOUT:
        assert f" {sec.name}: " in text
    for field in (*CELL_CHANNELS, *FIGURE_FIELDS, *INFO_FIELDS, *PENDING_FIELDS):
        assert field in text


@pytest.mark.parametrize("players", [2, 4])
def test_each_block_has_one_writer_and_it_writes_that_block_alone(players: int) -> None:
    """Every block of the table has its writer (observation.WRITERS), and each writer,
    asked alone on a buffer of sentinels, writes inside its own block and nowhere else,
    along a random game, for every seat."""
    game = Game.new(players=players, seed=8, log=False)
    enc = Encoding.for_game(game)
    obs = enc._observer
    assert list(WRITERS) == [s.name for s in OBSERVATION_LAYOUT]
    rng = random.Random(8)
    written = dict.fromkeys(WRITERS, 0)
    for step in range(240):
        if game.is_over:
            break
        if step % 6 == 0:
            state = game.state
            for seat in range(players):
                order = state.figures[seat:] + state.figures[:seat]
                kept = _Kept(obs.observation_size, obs._at_board)
                kept.buf[:] = -1.0  # no writer writes a negative number
                for block in enc.observation_blocks:
                    before = kept.buf.copy()
                    write = getattr(obs, WRITERS[block.name])
                    given = {
                        "kept": kept,
                        "game": game,
                        "state": state,
                        "order": order,
                        "seat": seat,
                        "cp": state.current_player,
                        "version": state.board_version,
                        "me": order[0],
                    }
                    write(*[given[p] for p in inspect.signature(write).parameters])
                    changed = np.flatnonzero(kept.buf != before)
                    inside = (block.start <= changed) & (changed < block.start + block.size)
                    assert inside.all(), (block.name, changed[~inside][:5])
                    written[block.name] += len(changed) > 0
                # together they wrote what observation() hands out, where they wrote
                full = enc.observation(game, seat)
                mask = kept.buf != -1.0
                np.testing.assert_array_equal(kept.buf[mask], full[mask])
        if game.is_chance:
            game.roll()
        else:
            game.apply(rng.choice(list(game.legal_actions())))
    assert all(n > 0 for n in written.values()), written


def test_a_block_without_a_writer_is_refused_when_the_encoding_is_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    extra = Section("extra", (3,), "flags", "nothing yet", "a block nobody writes")
    monkeypatch.setattr(layout, "OBSERVATION_LAYOUT", (*OBSERVATION_LAYOUT, extra))
    with pytest.raises(ValueError, match=r"no writer for \['extra'\]"):
        Encoding.for_game(Game.new(players=2, seed=1, log=False))

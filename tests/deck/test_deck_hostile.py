"""Hostile deck files are refused or read with bounded work and within 200 MB, always as
a located DeckError (issue 11 item 3).

Everything is read in a child process whose address space is limited (RLIMIT_AS) to what
it has after start-up plus 200 MB: an input that needs more fails there with MemoryError
(and the test with it) instead of taking the machine down. The cost is bounded by the work
verlies counts while reading (``verlies.deck.scan.WORK``, ``verlies.cards.grammar.WORK``):
the scan's steps, what is let on to tomllib, the lines read to locate errors, the card
text parsed; no test bounds a time, which a busy machine stretches. The figures (CPU and
wall time, peak memory, one process per input) are printed by ``benchmarks/deck_hostile.py``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import hostile_decks as H
import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from verlies.deck import (
    MAX_BYTES,
    MAX_SAVE_TEXT,
    MAX_TABLES,
    MAX_TEXT_TOTAL,
    MAX_VALUES,
    Deck,
    read_toml,
)
from verlies.deck.locate import _MAX_SLOW_SCANS
from verlies.deck.scan import LIMITS, MAX_DEPTH, MAX_KEY_PARTS, Limits, _Scanner, _Stop, scan
from verlies.errors import DeckError
from verlies.game import Game

MAX_EXTRA_MIB = 200
#: A card text is parsed at most twice per character charged to its budget: as written,
#: and in the form the formatter writes (to check that it reads back the same).
PARSES_PER_CHAR = 2
DEFAULT_TEXT = (Path(__file__).parents[2] / "verlies" / "data" / "default_deck.toml").read_text()


@pytest.fixture(scope="module")
def worker() -> Iterator[H.Worker]:
    w = H.Worker(headroom=MAX_EXTRA_MIB * H.MIB)
    yield w
    w.close()


#: A deck file's card text budget, and its base's (the default deck's) texts once more.
DECK_CARD_TEXT = MAX_TEXT_TOTAL + len(DEFAULT_TEXT)


def assert_work_bounded(
    r: H.Reading, data: bytes, what: object, *, scans: int = 1, card_text: int = DECK_CARD_TEXT
) -> None:
    """The work of reading ``data`` (read ``scans`` times) is linear in its size and within
    the limits that keep tomllib's cost down; card text parsed within ``card_text``'s budget.
    The time these bounds stand for is measured by ``benchmarks/deck_hostile.py``."""
    w = r.work
    assert w, (what, r)
    # The scan walks the text once: every step of its walk consumes a character.
    assert w["scan_steps"] <= scans * (len(data) + 1), (what, w)
    # tomllib reads only text the scan has walked, with short keys and shallow nesting
    # (it is quadratic in a key's dotted parts and recursive in nesting).
    assert w["toml_chars"] == 0 or w["scan_steps"] > 0, (what, w)
    assert w["toml_chars"] <= scans * MAX_BYTES, (what, w)
    assert w["key_parts"] <= MAX_KEY_PARTS and w["depth"] <= MAX_DEPTH, (what, w)
    # Errors are located in a bounded number of passes over the lines, not one per error.
    lines = data.count(b"\n") + 1
    assert w["located_lines"] <= scans * (2 + _MAX_SLOW_SCANS) * lines, (what, w)
    assert w["card_chars"] <= PARSES_PER_CHAR * card_text, (what, w)


def assert_bounded(r: H.Reading, data: bytes, what: str, *, ok: bool = False) -> None:
    assert r.result in (("ok", "DeckError") if ok else ("DeckError",)), (what, r)
    assert_work_bounded(r, data, what)
    assert r.extra_mib <= MAX_EXTRA_MIB, (what, r)
    if r.result == "DeckError":
        assert r.file is not None and r.line is not None, (what, r)


HAND_MADE: dict[str, str] = {
    "dotted key, 10,000 parts": H.dotted_key(10_000),
    "dotted key, 200,000 parts": H.dotted_key(200_000),
    "dotted table header, 100,000 parts": H.dotted_header(100_000),
    "dotted [[header]], 100,000 parts": H.dotted_aot_header(100_000),
    "nested arrays, 100,000 levels": H.nested_arrays(100_000),
    "nested inline tables, 30,000 levels": H.nested_tables(30_000),
    "array of 200,000 items": H.huge_array(200_000),
    "60,000 inline tables": H.many_inline_tables(60_000),
    "60,000 keys": H.many_keys(60_000),
    "30,000 [[tables]]": H.many_tables(30_000)[:MAX_BYTES],
    "string of 900,000 characters": H.long_string(900_000),
    "multi-line string of 900,000 characters": H.long_multiline_string(900_000),
    "key of 900,000 characters": H.long_key(900_000),
    # The largest files within the limits, all wrong: the error path at its longest.
    "every table an entry with every field wrong": H.many_bad_entries(MAX_TABLES - 1),
    "every value an unknown key": H.many_keys(MAX_VALUES - 1),
    "1,000 long card texts": 'base = "default"\n'
    + "".join(
        f"[[rooms]]\nid = 'r{i}'\nname = 'n'\ntext = '{('7 Gold. ' * 125).strip()}'\n"
        for i in range(1_000)
    ),
    "every table a card text that does not parse": 'base = "default"\n'
    + "".join(
        f"[[rooms]]\nid = 'r{i}'\nname = 'n'\ntext = '7 Gold x'\n" for i in range(MAX_TABLES - 1)
    ),
    "string of 300,000 escapes": 'name = "' + "\\t" * 300_000 + '"\n',
    "1,000,000 empty lines": "\n" * 1_000_000,
    "500,000 comment lines": "#\n" * 500_000,
    "NUL byte in a string": 'name = "a\0b"\n',
    "NUL byte escaped in base": H.nul_base(),
    "base naming a device": H.base_to("/dev/zero"),
}
#: The shapes the scan is for: refused before tomllib reads a character of them (it took
#: 2.7 s and 400 MB on a key of 10,000 dotted parts; these hand it 0 characters).
REFUSED_BY_THE_SCAN = list(HAND_MADE)[:13] + ["string of 300,000 escapes"]


@pytest.mark.parametrize("name", HAND_MADE)
def test_hand_made_hostile_text_is_refused_in_bounds(worker: H.Worker, name: str) -> None:
    data = HAND_MADE[name].encode()
    assert len(data) <= MAX_BYTES
    r = worker.read(data)
    assert_bounded(r, data, name)
    if name in REFUSED_BY_THE_SCAN:
        assert r.work["toml_chars"] == 0, (name, r.work)


@pytest.mark.parametrize(
    "name", ["dotted key, 200,000 parts", "nested arrays, 100,000 levels", "60,000 keys"]
)
def test_deck_text_in_a_saved_game_goes_through_the_same_bounds(
    worker: H.Worker, name: str
) -> None:
    data = H.in_saved_game(HAND_MADE[name]).encode()
    r = worker.read(data, "game")
    assert r.result == "SaveFormatError", r
    assert_work_bounded(r, data, name)
    assert r.work["toml_chars"] == 0 and r.extra_mib <= MAX_EXTRA_MIB, r
    assert re.search(r"DeckError: <saved game>, line \d+, column \d+: ", r.message), r


@pytest.mark.parametrize(
    "name", ["dotted key, 200,000 parts", "dotted table header, 100,000 parts", "60,000 keys"]
)
def test_a_hostile_upload_on_the_page_is_refused_in_bounds(worker: H.Worker, name: str) -> None:
    data = HAND_MADE[name].encode()
    r = worker.read(data, "upload")
    assert r.result == "DeckError" and r.extra_mib <= MAX_EXTRA_MIB, r
    assert_work_bounded(r, data, name, scans=2)  # the page looks at the file, then reads it
    assert r.work["toml_chars"] == 0, r
    assert r.message.startswith("File upload.toml not loaded: upload.toml, line "), r


def test_read_toml_gives_the_table_or_a_located_error() -> None:
    assert read_toml(b'base = "default"\n')["base"] == "default"
    with pytest.raises(DeckError) as info:
        read_toml(H.dotted_key(200_000), "up.toml")
    assert (info.value.file, info.value.line, info.value.column) == ("up.toml", 1, 1)


def test_the_limits_name_their_place_and_what_was_exceeded() -> None:
    with pytest.raises(DeckError) as info:
        Deck.loads('name = "x"\n\nremove = [[[[[[[[[["x"]]]]]]]]]]\n', file="d.toml")
    e = info.value
    assert (e.file, e.line, e.column) == ("d.toml", 3, 10 + MAX_DEPTH)  # the first "[" too many
    assert "nested too deeply" in e.message
    with pytest.raises(DeckError) as info:
        Deck.loads("[[rooms]]\n" + "a." * MAX_KEY_PARTS + "b = 1\n", file="d.toml")
    assert (info.value.line, info.value.column) == (2, 1)
    assert "dotted parts" in info.value.message


# A tenth of the limits (the deck needs 2 key parts and 2 levels of nesting).
H_LIMITS_TENTH = Limits(
    key_parts=2,
    depth=2,
    tables=LIMITS.tables // 10,
    values=LIMITS.values // 10,
    items=LIMITS.items // 10,
    string=LIMITS.string // 4,
)


def test_a_real_deck_is_far_inside_the_limits() -> None:
    scanner = _Scanner(DEFAULT_TEXT, "default_deck.toml", H_LIMITS_TENTH)
    scanner.run()  # a tenth of every limit is still enough for the default deck
    assert scanner.pos == len(DEFAULT_TEXT)


# ---- base files that are not regular files ----------------------------------------------------


@pytest.mark.parametrize("kind", ["fifo", "device", "directory", "nul"])
def test_a_base_that_is_no_regular_file_is_refused_without_hanging(
    worker: H.Worker, tmp_path: Path, kind: str
) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    base = {"fifo": "pipe", "device": "/dev/zero", "directory": str(tmp_path), "nul": "a\0b"}
    patch = tmp_path / "patch.toml"
    patch.write_text(f'format = 1\n\nbase = {json.dumps(base[kind])}\nname = "P"\n')
    r = worker.read(str(patch).encode(), "load")
    assert r.result == "DeckError", r
    assert (r.file, r.line) == (str(patch), 3), r
    # Only the patch was read (one line of TOML per line of it), nothing of the base.
    assert r.work["toml_chars"] == len(patch.read_text()), r


@pytest.mark.parametrize("target", ["pipe", "/dev/zero", "/dev/null"])
def test_a_deck_path_that_is_no_regular_file_is_refused(
    worker: H.Worker, tmp_path: Path, target: str
) -> None:
    path = tmp_path / target if target == "pipe" else Path(target)
    if target == "pipe":
        os.mkfifo(path)
    r = worker.read(str(path).encode(), "load")
    assert r.result == "DeckError" and "not a regular file" in r.message, r
    with pytest.raises(DeckError, match="NUL character"):
        Deck.load("deck\0.toml")


# ---- fuzz: hostile fragments, alone and inside a real deck --------------------------------------

_PARTS = st.integers(1, 60_000)
fragment = st.one_of(
    _PARTS.map(H.dotted_key),
    _PARTS.map(H.dotted_header),
    _PARTS.map(H.dotted_aot_header),
    st.integers(1, 120_000).map(H.nested_arrays),
    st.integers(1, 30_000).map(H.nested_tables),
    st.integers(1, 150_000).map(H.huge_array),
    st.integers(1, 15_000).map(H.many_inline_tables),
    st.integers(1, 40_000).map(H.many_keys),
    st.integers(1, 400_000).map(H.long_string),
    st.integers(1, 400_000).map(H.long_multiline_string),
    st.integers(1, 3_000).map(H.many_bad_entries),
    st.integers(1, 500_000).map(lambda n: "#\n" * n),
    st.integers(1, 300_000).map(lambda n: 'name = "' + "\\n" * n + '"'),
    st.sampled_from(["default", "/dev/zero", "x\0y", "/tmp", "../../etc/passwd"]).map(H.base_to),
    st.text(max_size=300),
    st.binary(max_size=300).map(lambda b: b.decode("latin-1")),
)


@st.composite
def hostile_deck(draw: st.DrawFn) -> bytes:
    parts = draw(st.lists(fragment, min_size=1, max_size=4))
    if draw(st.booleans()):  # inside a real deck, at a line boundary
        lines = DEFAULT_TEXT.splitlines(keepends=True)
        at = draw(st.integers(0, len(lines)))
        text = "".join(lines[:at]) + "\n".join(parts) + "\n" + "".join(lines[at:])
    else:
        text = "\n".join(parts)
    data = text.encode("utf-8", "surrogatepass")
    return data[: MAX_BYTES + draw(st.sampled_from([0, 1]))]


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=hostile_deck())
def test_fuzz_any_hostile_deck_is_refused_or_read_in_bounds(worker: H.Worker, data: bytes) -> None:
    assert_bounded(worker.read(data), data, repr(data[:120]), ok=True)


# ---- the scan follows TOML: every document tomllib reads is scanned to its end ----

_key = st.text(st.sampled_from("abz_-0'\" .é"), min_size=1, max_size=6)
_scalar = st.one_of(
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=False),
    st.text(max_size=30),
    st.dates(),
    st.datetimes(),
    st.times(),
)
_value = st.recursive(
    _scalar,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_key, inner, max_size=4),
    max_leaves=12,
)
_document = st.dictionaries(_key, _value | st.dictionaries(_key, _value, max_size=3), max_size=6)


@settings(max_examples=300, deadline=None)
@given(doc=_document, multiline=st.booleans())
def test_scan_reads_every_toml_document_to_its_end(doc: dict[str, object], multiline: bool) -> None:
    text = tomli_w.dumps(doc, multiline_strings=multiline)
    assert tomllib.loads(text) is not None
    scanner = _Scanner(text, "t.toml", LIMITS)
    try:
        scanner.run()
    except _Stop:  # pragma: no cover - the failure
        pytest.fail(f"scan stopped at {scanner.pos} of a valid document:\n{text}")
    assert scanner.pos == len(text)


def test_scan_reads_hand_written_toml_forms_to_their_end() -> None:
    text = (
        "# comment\n"
        'a = "x\\"y" # c\n'
        "b = 'lit'\n"
        'c = """\nml "" \\\n  text\n"""\n'
        "d = '''\nraw ''\n'''\n"
        'e = """x""""\n'
        "f = [ 1, [2, 3], { g = 4, h.i = 5 }, ]\n"
        "j = [\n  1, # one\n  2,\n]\n"
        "k = 1979-05-27 07:32:00Z\n"
        "l = 1979-05-27\n"
        "m = -inf\n"
        "n = 0xff_ff\n"
        '"quoted key" . bare = true\n'
        "[ t . u ]\n"
        "v = {}\n"
        "[[w]]\n"
        "[[w]]\r\n"
        "x = []\n"
    )
    tomllib.loads(text)
    scanner = _Scanner(text, "t.toml", LIMITS)
    scanner.run()
    assert scanner.pos == len(text)
    assert scan(text, "t.toml") is None


# ---- the command line: a message, never a traceback or a hang -----------------------------------


@pytest.mark.parametrize(
    ("command", "content"),
    [
        (["simulate", "-n", "1", "--deck"], H.dotted_key(200_000)),
        (["compare", "-n", "1", "--deck-b"], "fifo"),
        (["simulate", "-n", "1", "--deck"], 'format = 1\nbase = "x\\u0000y"\n'),
        (["compare", "-n", "1", "--deck-b"], 'format = 1\nbase = "/dev/zero"\n'),
    ],
)
def test_the_cli_says_what_is_wrong_with_a_deck_file(
    tmp_path: Path, command: list[str], content: str
) -> None:
    path = tmp_path / "bad.toml"
    if content == "fifo":
        os.mkfifo(path)
    else:
        path.write_text(content)
    done = subprocess.run(
        [sys.executable, "-m", "verlies", *command, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith(f"verlies: error: {path}"), done.stderr


def test_live_edits_in_a_saved_game_compile_a_bounded_amount_of_card_text(
    worker: H.Worker,
) -> None:
    deck = Deck.default()
    save = json.loads(Game.new(players=2, seed=1).to_json())
    long_text = ("7 Gold. " * 125).strip()

    def edit(text: str) -> list[object]:
        changed = [
            {"kind": "room", "card": {"id": r.id, "name": r.name.de, "text": text, "count": 1}}
            for r in deck.rooms.values()
        ]
        return ["edit", {"format": 1, "changed": changed}]

    # 150 edits of 16 long texts each (within the save cap): unbounded, replaying them
    # parsed 150 x 16 x 999 characters, charged 3 times per edit and parsed twice per
    # charge: 14.4 million characters (~40 s); the budget stops at 2 x 200,000.
    edits = [edit(long_text.replace("7", str(6 + k % 2))) for k in range(150)]
    unbounded = len(edits) * len(deck.rooms) * len(long_text) * 3 * PARSES_PER_CHAR
    assert unbounded > 30 * PARSES_PER_CHAR * MAX_SAVE_TEXT
    save["steps"] = edits
    r = worker.read(json.dumps(save).encode(), "game")
    assert r.result == "SaveFormatError", r
    assert "too much card text to compile: at most 200000 characters" in r.message, r
    assert 0 < r.work["card_chars"] <= PARSES_PER_CHAR * MAX_SAVE_TEXT, r.work
    assert r.extra_mib <= MAX_EXTRA_MIB, r
    # A real live edit is far inside the budget, and costs what one edit costs.
    save["steps"] = [edit(long_text)]
    one = worker.read(json.dumps(save).encode(), "game")
    assert one.result == "ok", one
    assert one.work["card_chars"] <= len(deck.rooms) * len(long_text) * 3 * PARSES_PER_CHAR

"""Hostile deck inputs and a meter that reads them in a child process under a memory limit.

Used by ``tests/deck/test_deck_hostile.py`` (asserts the bounds) and
``benchmarks/deck_hostile.py`` (prints the figures). The child imports verlies and reads
the default deck first, then limits its address space (``RLIMIT_AS``) to what it has plus
``headroom``, and reports the work that reading the input did (counted by verlies: the
scan's steps, the characters and shape let on to tomllib, the card text parsed), the
growth of its peak resident memory, its CPU and wall time (figures for the benchmark; no
test bounds a time), and what came out: ``ok``, a DeckError (with where it points) or the
name of any other exception.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

MIB = 1 << 20

_CHILD = r"""
import json, os, resource, sys, time
mode, target, headroom = sys.argv[1], sys.argv[2], int(sys.argv[3])
from verlies.deck import Deck
from verlies.errors import DeckError, SaveFormatError
from verlies.game import Game
from verlies.deck.scan import WORK as SCAN
from verlies.cards.grammar import WORK as PARSE
Deck.default()
# The shipped decks a patch may name as its base are read before counting (a warm
# default-deck cache skips default_parts()): the work counted is the input's alone.
from verlies.deck import toml_io
toml_io.default_parts()
for _name in toml_io.EDITIONS:
    toml_io.edition_parts(_name)
page = os.sysconf("SC_PAGE_SIZE")
with open("/proc/self/statm") as fh:
    vm = int(fh.read().split()[0]) * page
resource.setrlimit(resource.RLIMIT_AS, (vm + headroom, vm + headroom))
data = b"" if mode == "load" else open(target, "rb").read()
SCAN.reset(); PARSE.reset()
before = resource.getrusage(resource.RUSAGE_SELF)
wall = time.perf_counter()
out = {"result": "ok"}
try:
    if mode == "load":
        Deck.load(target)
    elif mode == "loads":
        Deck.loads(data, file="upload.toml")
    else:
        Game.from_json(data)
except DeckError as exc:
    out = {"result": "DeckError", "file": exc.file, "line": exc.line, "column": exc.column,
           "message": exc.message}
except SaveFormatError as exc:
    out = {"result": "SaveFormatError", "message": str(exc)}
except BaseException as exc:
    out = {"result": type(exc).__name__, "message": str(exc)[:300]}
wall = time.perf_counter() - wall
after = resource.getrusage(resource.RUSAGE_SELF)
out["cpu"] = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
out["wall"] = wall
out["work"] = {"scan_steps": SCAN.steps, "toml_chars": SCAN.toml_chars,
               "key_parts": SCAN.key_parts, "depth": SCAN.depth,
               "located_lines": SCAN.located_lines,
               "parses": PARSE.parses, "card_chars": PARSE.chars}
out["extra_mib"] = (after.ru_maxrss - before.ru_maxrss) / 1024
print(json.dumps(out))
"""


@dataclass(frozen=True)
class Reading:
    """What reading one input did: the result, its DeckError's place, the work counted
    (scan steps, tomllib's share, card text parsed), memory, and time (a figure only)."""

    result: str
    cpu: float
    wall: float
    extra_mib: float
    work: dict[str, int] = field(default_factory=dict)
    file: str | None = None
    line: int | None = None
    column: int | None = None
    message: str = ""


def read_in_child(
    mode: str, target: Path, *, headroom: int = 600 * MIB, timeout: float = 120
) -> Reading:
    """Read ``target`` (``load``: Deck.load of a path; ``loads``: Deck.loads of its bytes;
    ``game``: Game.from_json of its bytes) in a fresh interpreter under a memory limit."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", _CHILD, mode, str(target), str(headroom)],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return Reading("timeout", timeout, timeout, 0.0)
    if done.returncode != 0 or not done.stdout.strip():
        return Reading(f"died ({done.returncode})", 0.0, 0.0, 0.0, message=done.stderr[-500:])
    return Reading(**json.loads(done.stdout.strip().splitlines()[-1]))


class Worker:
    """One child process that reads many deck texts, each timed, all under one memory
    limit (``RLIMIT_AS``): for property tests, where a process per example is too slow."""

    def __init__(self, headroom: int = 200 * MIB) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _WORKER_LOOP, str(headroom)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        assert self.proc.stdout is not None
        assert self.proc.stdout.readline().strip() == b"ready"

    def read(self, data: bytes, mode: str = "loads") -> Reading:
        """In the child: ``loads`` Deck.loads(data), ``load`` Deck.load(data as a path),
        ``game`` Game.from_json(data), ``upload`` the page's read_upload(data) (a refusal
        comes back as a DeckError on line 0). "died" if the child did not answer."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write(b"%s %d\n" % (mode.encode(), len(data)) + data)
            self.proc.stdin.flush()
            answer = self.proc.stdout.readline()
        except BrokenPipeError:
            answer = b""
        if not answer:
            return Reading("died", 0.0, 0.0, 0.0)
        return Reading(**json.loads(answer))

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


_WORKER_LOOP = r"""
import json, os, resource, sys, time
headroom = int(sys.argv[1])
from verlies.deck import Deck
from verlies.errors import DeckError, SaveFormatError
from verlies.game import Game
from verlies.deck.scan import WORK as SCAN
from verlies.cards.grammar import WORK as PARSE
Deck.default()
# The shipped decks a patch may name as its base are read before counting (a warm
# default-deck cache skips default_parts()): the work counted is the input's alone.
from verlies.deck import toml_io
toml_io.default_parts()
for _name in toml_io.EDITIONS:
    toml_io.edition_parts(_name)
with open("/proc/self/statm") as fh:
    vm = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
resource.setrlimit(resource.RLIMIT_AS, (vm + headroom, vm + headroom))
print("ready", flush=True)
stdin = sys.stdin.buffer
while True:
    header = stdin.readline()
    if not header:
        break
    mode, size = header.split()
    data = stdin.read(int(size))
    SCAN.reset(); PARSE.reset()
    before = resource.getrusage(resource.RUSAGE_SELF)
    wall = time.perf_counter()
    try:
        if mode == b"load":
            Deck.load(data.decode("utf-8", "surrogateescape"))
        elif mode == b"game":
            Game.from_json(data)
        elif mode == b"upload":  # the page's deck upload (the editor model)
            from verlies.ui.deck.editor_model import Refused, read_upload
            got = read_upload(data, "upload.toml", "en")
            if isinstance(got, Refused):
                raise DeckError(got.message, file="upload.toml", line=0)
        else:
            Deck.loads(data, file="fuzz.toml")
        out = {"result": "ok"}
    except DeckError as exc:
        out = {"result": "DeckError", "file": exc.file, "line": exc.line,
               "column": exc.column, "message": exc.message[:300]}
    except SaveFormatError as exc:
        out = {"result": "SaveFormatError", "message": str(exc)[:300]}
    except BaseException as exc:
        out = {"result": type(exc).__name__, "message": str(exc)[:300]}
    after = resource.getrusage(resource.RUSAGE_SELF)
    out["cpu"] = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    out["wall"] = time.perf_counter() - wall
    out["work"] = {"scan_steps": SCAN.steps, "toml_chars": SCAN.toml_chars,
                   "key_parts": SCAN.key_parts, "depth": SCAN.depth,
                   "located_lines": SCAN.located_lines,
                   "parses": PARSE.parses, "card_chars": PARSE.chars}
    out["extra_mib"] = (after.ru_maxrss - before.ru_maxrss) / 1024
    print(json.dumps(out), flush=True)
"""


# ---- the hand-made hostile files (all within the 1 MiB size cap) ---------------------------


def dotted_key(parts: int) -> str:
    return "a" + ".a" * (parts - 1) + " = 1\n"


def dotted_header(parts: int) -> str:
    return "[" + "a" + ".a" * (parts - 1) + "]\n"


def dotted_aot_header(parts: int) -> str:
    return "[[" + "a" + ".a" * (parts - 1) + "]]\n"


def nested_arrays(depth: int) -> str:
    return "a = " + "[" * depth + "]" * depth + "\n"


def nested_tables(depth: int) -> str:
    return "a = " + "{b = " * depth + "1" + "}" * depth + "\n"


def huge_array(items: int) -> str:
    return "remove = [" + ",".join(["'x'"] * items) + "]\n"


def many_keys(n: int) -> str:
    return "".join(f"k{i} = {i}\n" for i in range(n))


def many_tables(n: int) -> str:
    return "".join(f"[[rooms]]\nid = 'r{i}'\nname = 'n'\ntext = 'x'\n" for i in range(n))


def many_inline_tables(n: int) -> str:
    return "rooms = [" + ",".join(f"{{id='r{i}'}}" for i in range(n)) + "]\n"


def long_string(chars: int) -> str:
    return 'name = "' + "x" * chars + '"\n'


def long_multiline_string(chars: int) -> str:
    return 'name = """\n' + ("x" * 99 + "\n") * (chars // 100) + '"""\n'


def long_key(chars: int) -> str:
    return "k" * chars + " = 1\n"


def many_bad_entries(n: int) -> str:
    """Valid TOML, each entry wrong in several fields: the error path at its largest."""
    return "".join(
        f"[[dungeon]]\nid = 'd\"{i}'\nkind = 1\ncolor = 2\nshape = 3\nname = 4\ngold = -1\n"
        for i in range(n)
    )


def nul_base() -> str:
    return 'base = "x\\u0000y"\n'


def base_to(path: str) -> str:
    return f"base = {json.dumps(path)}\n"


def in_saved_game(deck_text: str) -> str:
    """A saved game whose setup carries ``deck_text`` (Game.from_json parses it)."""
    return json.dumps(
        {
            "format": "verlies-game",
            "version": 1,
            "setup": {"players": 2, "characters": None, "seed": 1, "deck": deck_text},
            "steps": [],
        }
    )

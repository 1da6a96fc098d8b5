"""Hostile deck files: time and memory of reading each, against the default deck.

    .venv/bin/python benchmarks/deck_hostile.py [--tomllib]

Every input is read in its own fresh child process (``tests/helpers/hostile_decks.py``) with its
address space limited to start-up plus 600 MB, so that an unbounded input ends in
MemoryError instead of taking the machine down. The baseline, in the same run, is reading
the default deck's text the same way. ``--tomllib`` also times plain ``tomllib.loads`` (what
deck reading did before the scan) on the smaller hostile inputs, for comparison. The last
column is the work verlies counted (``tests/deck/test_deck_hostile.py`` bounds that, not the
time): scan steps, characters let on to tomllib, card text characters parsed. Last, a
saved game with 150 live edits of long card texts (stopped by the save's card text
budget) against one with one such edit.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "helpers"))

import hostile_decks as H  # noqa: E402

from verlies.deck import MAX_TABLES, MAX_VALUES, Deck  # noqa: E402
from verlies.game import Game  # noqa: E402

DEFAULT = (ROOT / "verlies" / "data" / "default_deck.toml").read_text()

CASES: dict[str, str] = {
    "default deck (baseline)": DEFAULT,
    "dotted key, 10,000 parts": H.dotted_key(10_000),
    "dotted key, 200,000 parts": H.dotted_key(200_000),
    "dotted header, 100,000 parts": H.dotted_header(100_000),
    "nested arrays, 100,000 levels": H.nested_arrays(100_000),
    "array of 200,000 items": H.huge_array(200_000),
    "60,000 inline tables": H.many_inline_tables(60_000),
    "60,000 keys": H.many_keys(60_000),
    "string of 900,000 chars": H.long_string(900_000),
    f"{MAX_VALUES - 1:,} unknown keys (in limits)": H.many_keys(MAX_VALUES - 1),
    f"{MAX_TABLES - 1:,} bad entries (in limits)": H.many_bad_entries(MAX_TABLES - 1),
    f"{MAX_TABLES - 1:,} bad card texts (in limits)": 'base = "default"\n'
    + "".join(
        f"[[rooms]]\nid = 'r{i}'\nname = 'n'\ntext = '7 Gold x'\n" for i in range(MAX_TABLES - 1)
    ),
    "100 KB of valid card text (in limits)": 'base = "default"\n'
    + "".join(
        f"[[rooms]]\nid = 'r{i}'\nname = 'n'\ntext = '{('7 Gold. ' * 125).strip()}'\n"
        for i in range(100)
    ),
}

TOMLLIB = r"""
import os, resource, sys, time, tomllib
text = open(sys.argv[1]).read()
with open("/proc/self/statm") as fh:
    vm = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
resource.setrlimit(resource.RLIMIT_AS, (vm + 600 * 2**20, vm + 600 * 2**20))
before = resource.getrusage(resource.RUSAGE_SELF)
try:
    tomllib.loads(text)
    result = "ok"
except BaseException as exc:
    result = type(exc).__name__
after = resource.getrusage(resource.RUSAGE_SELF)
cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
print(f"{result} {cpu:.2f} {(after.ru_maxrss - before.ru_maxrss) / 1024:.1f}")
"""


def main() -> None:
    with_tomllib = "--tomllib" in sys.argv
    print(
        f"{'input':40} {'KiB':>6} {'result':10} {'cpu s':>6} {'wall s':>7} {'+MiB':>7} {'cpu x':>6}"
    )
    base_cpu = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in CASES.items():
            path = Path(tmp) / "deck.toml"
            path.write_text(text)
            r = H.read_in_child("loads", path)
            if not base_cpu:
                base_cpu = max(r.cpu, 1e-3)
            where = f"  line {r.line}, column {r.column}" if r.line else ""
            print(
                f"{name:40} {len(text.encode()) / 1024:6.0f} {r.result:10} {r.cpu:6.2f} "
                f"{r.wall:7.2f} {r.extra_mib:7.1f} {r.cpu / base_cpu:6.1f}  {_work(r)}{where}"
            )
            if with_tomllib and len(text) < 300_000 and "in limits" not in name:
                out = subprocess.run(
                    [sys.executable, "-c", TOMLLIB, str(path)],
                    capture_output=True,
                    text=True,
                    timeout=300,
                    check=False,
                ).stdout.split()
                if out:
                    print(
                        f"{'  plain tomllib.loads':40} {'':6} {out[0]:10} {out[1]:>6} "
                        f"{'':7} {out[2]:>7}"
                    )
        for edits in (1, 150):
            path = Path(tmp) / "game.json"
            path.write_bytes(_live_edits(edits))
            r = H.read_in_child("game", path)
            name = f"saved game, {edits} live edit(s)"
            print(
                f"{name:40} {path.stat().st_size / 1024:6.0f} {r.result[:10]:10} {r.cpu:6.2f} "
                f"{r.wall:7.2f} {r.extra_mib:7.1f} {r.cpu / base_cpu:6.1f}  {_work(r)}"
            )


def _work(r: H.Reading) -> str:
    w = r.work
    return f"steps {w['scan_steps']} toml {w['toml_chars']} card {w['card_chars']}"


def _live_edits(edits: int) -> bytes:
    """A saved game whose steps are ``edits`` live edits of every room's text (999 chars)."""
    deck = Deck.default()
    save = json.loads(Game.new(players=2, seed=1).to_json())
    text = ("7 Gold. " * 125).strip()
    save["steps"] = [
        [
            "edit",
            {
                "format": 1,
                "changed": [
                    {
                        "kind": "room",
                        "card": {"id": r.id, "name": r.name.de, "text": t, "count": 1},
                    }
                    for r in deck.rooms.values()
                ],
            },
        ]
        for t in (text.replace("7", str(6 + k % 2)) for k in range(edits))
    ]
    return json.dumps(save).encode()


if __name__ == "__main__":
    main()

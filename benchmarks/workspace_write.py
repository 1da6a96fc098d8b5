"""What keeping the designer's workspace costs (issue 38 item 3): one write of a workspace
(the working draft, a Balance answer, impact figures for every card and a skill matrix) to
a SQLite store, and reading it back with every field checked, beside the baseline of the
same run: saving the same deck as a named draft (``DraftStore.save``, what the Deck tab's
Save button costs). Prints the JSON's size, median and max times over ``--runs`` and the
ratio to the baseline. The workspace is written at most once a second (``GAP``), so the
write's time is the most it adds per second of editing.

Per keystroke (issue 38 leftovers, item 2): every change of the working draft is written
at once, alone (``note_draft`` → the deck file's text → ``WorkspaceStore.save_draft``).
Its cost is printed beside the same run's parse of the same deck file (``Deck.loads``:
what reading a deck costs at all), as a ratio.

    .venv/bin/python benchmarks/workspace_write.py [--runs 30]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from verlies.deck import Deck
from verlies.sim.compare import compare
from verlies.sim.impact import impact
from verlies.sim.skill import skill_matrix
from verlies.sim.verdict import before_after
from verlies.store import PlaytestStore
from verlies.store.drafts import DraftStore
from verlies.store.workspace import WorkspaceStore
from verlies.ui.balance.chart import character_names
from verlies.ui.deck.impact_model import ImpactColumn, figures
from verlies.ui.workspace.model import (
    WorkspaceModel,
    balance_data,
    impact_data,
    skill_data,
)


def _times(fn: object, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()  # type: ignore[operator]
        out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    base = Deck.default()
    draft = base.with_count("treasure", "schatz-alte-muenze", 2)
    print("computing small results (8 games each) ...", flush=True)
    ans = before_after(compare(base, draft, 8, players=2, workers=1))
    res = impact(draft, 8, players=2, workers=1)  # every card: the largest impact column
    col = ImpactColumn(workers=1)
    col.deck, col.method, col.figures = draft, "sensitivity", figures(res)
    m = skill_matrix(8, players=2, deck=draft, tables=("careful", "greedy"), workers=1)
    names = {lang: character_names(draft, lang) for lang in ("de", "en")}

    with tempfile.TemporaryDirectory() as tmp:
        store = PlaytestStore(Path(tmp) / "p.sqlite")
        spaces, drafts = WorkspaceStore(store), DraftStore(store)
        clock = iter(range(0, 10**9, 10))
        model = WorkspaceModel(lambda: spaces, clock=lambda: float(next(clock)))
        model.hello(json.dumps({"client": "c" * 32, "query": ""}))
        model.note_draft(draft)
        model.note_result("balance", draft, balance_data(ans))
        model.note_result("impact", draft, impact_data(col))
        model.note_result("skill", draft, skill_data(m, names))
        size = len(json.dumps(model.snapshot()).encode("utf-8"))

        def write() -> None:
            model.changed()
            assert model.flush()

        def read() -> None:
            again = WorkspaceModel(lambda: spaces)
            assert again.hello(json.dumps({"client": "c" * 32, "query": ""})) is not None

        def baseline() -> None:
            drafts.save("bench", draft, client="c" * 32)

        w, r, b = (_times(f, args.runs) for f in (write, read, baseline))

        # a keystroke: a new draft (two alternate, each a new object) written at once
        edits = [draft.with_count("treasure", "schatz-alte-muenze", 2 + i % 2) for i in range(2)]
        turn = iter(range(10**9))
        text = draft.dumps()

        def keystroke() -> None:
            writes = spaces.draft_writes
            model.note_draft(edits[next(turn) % 2])
            assert spaces.draft_writes == writes + 1

        def parse() -> None:
            Deck.loads(text)

        k, p = (_times(f, args.runs) for f in (keystroke, parse))
    print(f"workspace JSON: {size:,} bytes ({len(col.figures)} impact figures)")
    print(f"{'':32} {'median ms':>10} {'max ms':>8} {'÷ baseline':>11}")
    mb = statistics.median(b)
    for label, xs in (
        ("baseline: named draft save", b),
        ("workspace write", w),
        ("workspace read back + checked", r),
    ):
        med = statistics.median(xs)
        print(f"{label:32} {med * 1000:10.1f} {max(xs) * 1000:8.1f} {med / mb:11.2f}")
    mp = statistics.median(p)
    print(f"\ndeck file: {len(text.encode('utf-8')):,} bytes")
    print(f"{'':32} {'median ms':>10} {'max ms':>8} {'÷ parse':>11}")
    for label, xs in (("baseline: parse the deck file", p), ("draft written at once (a key)", k)):
        med = statistics.median(xs)
        print(f"{label:32} {med * 1000:10.1f} {max(xs) * 1000:8.1f} {med / mp:11.2f}")


if __name__ == "__main__":
    main()

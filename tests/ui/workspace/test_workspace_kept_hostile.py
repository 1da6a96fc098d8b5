"""Hostile kept state (issue 38 leftovers, item 2): the refused edits' row (card texts and
form values) and a kept sweep (finished or interrupted) fed huge numbers, deep nesting,
wrong types, long strings, cut text and a bounded count of seeded mutations of a good
one, read by the page's own readers in a subprocess under a memory limit (RLIMIT_AS).

For every case: nothing but a worded error escapes; a part that does not read is said in
words naming what and where (``refused[2].values.gold``, ``results.sweep.data.…``) and
left out, while the last good state stays: the working draft still comes back, and the
hostile row is never changed (its bytes compared before and after). The cost is counted in
cases (each one read), not in seconds."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from json_mutations import mutated
from limited_child import run_cases, workspace_child

from verlies.deck import Deck
from verlies.sim.sweep import Tweak
from verlies.store import PlaytestStore
from verlies.store.workspace import (
    FORMAT,
    WorkspaceStore,
    workspace_refused,
    workspace_table,
)
from verlies.ui.deck.sweep_model import SweepRun
from verlies.ui.workspace.sweep_kept import sweep_data

CLIENT = "e" * 32
#: Seeded mutations of each good kept state (the test's cost is this many reads each).
MUTATIONS = 40
#: What the readers may take beyond the child's own size after its imports (bytes).
HEADROOM = 384 << 20
DRAFT = Deck.default().with_count("treasure", "schatz-alte-muenze", 2)

_CHILD = workspace_child(
    imports="""
    from verlies.ui.workspace.draft_kept import RefusedKept
    """,
    read_back=True,
    body="""
    kept = RefusedKept(m)
    edits = kept.give_back(case["wid"])
    out["edits"] = len(edits.texts) + len(edits.values)
    out["refused"] = None if kept.error is None else kept.error.text_in("en")
    """,
)


def _refused_good() -> list[dict[str, Any]]:
    tile = {
        "tile_kind": "room",
        "tile_color": "red",
        "tile_shape": "straight",
        "gold": 2,
        "obstacle_type": "none",
        "obstacle_color": None,
        "obstacle_n": 6,
    }
    return [
        {"kind": "room", "card": "raum-falle-01", "text": "Falle: Geschick , sonst"},
        {"kind": "room", "card": "raum-falle-01", "group": "count", "values": {"count": -1}},
        {"kind": "dungeon", "card": "r-gang-straight-03", "group": "tile", "values": tile},
        {
            "kind": "character",
            "card": "char-zwerg",
            "group": "character",
            "values": {"staerke": 11, "geist": 2, "geschick": 3},
        },
    ]


@pytest.fixture(scope="module")
def sweep() -> dict[str, Any]:
    """A kept sweep as the page writes it: 3 values of a purse's gold, 4 games each."""
    run = SweepRun(workers=1)
    run.start(DRAFT, Tweak("treasure", "schatz-muenzbeutel", "gold"), 1, 3, games=4)
    assert run.wait(600) and run.error is None, run.error
    data: dict[str, Any] = json.loads(json.dumps(sweep_data(run), allow_nan=True))
    return data


def _refused_cases() -> list[tuple[str, str]]:
    good = _refused_good()
    fixed = [
        ("deep", "[" * 100_000 + "]" * 100_000),
        ("huge number", '[{"kind": "room", "card": "a", "group": "count", "values": '
         '{"count": 1' + "0" * 100_000 + "}}]"),
        ("too many", json.dumps(good * 40)),
        ("long card id", json.dumps([{**good[1], "card": "c" * 100_000}])),
        ("too large", json.dumps([{**good[0], "text": "x" * (3 << 20)}])),
        ("an object", json.dumps({"refused": good})),
        ("not json", "[{"),
    ]  # fmt: skip
    return fixed + mutated(good, MUTATIONS, 385)


def _sweep_cases(sweep: dict[str, Any]) -> list[tuple[str, str]]:
    fixed = [
        ("figures huge", json.dumps({**sweep, "figures": {"x": [[1] * 6] * 100_000}})),
        ("values deep", json.dumps({**sweep, "values": json.loads("[" * 400 + "]" * 400)})),
        ("status unknown", json.dumps({**sweep, "status": "<script>"})),
        ("done a text", json.dumps({**sweep, "done": "3"})),
        ("games huge", json.dumps({**sweep, "games": 10**400})),
        ("tweak a number", json.dumps({**sweep, "tweak": 7})),
    ]
    return fixed + mutated(sweep, MUTATIONS, 386)


def _rows(engine: sa.Engine) -> dict[str, tuple[Any, ...]]:
    with engine.connect() as conn:
        rows = {f"w:{r[0]}": tuple(r) for r in conn.execute(sa.select(workspace_table))}
        rows.update({f"r:{r[0]}": tuple(r) for r in conn.execute(sa.select(workspace_refused))})
    return rows


def test_hostile_kept_state_is_said_and_the_draft_stays(
    tmp_path: Path, sweep: dict[str, Any]
) -> None:
    url = f"sqlite:///{tmp_path / 'p.sqlite'}"
    store = PlaytestStore(url)
    WorkspaceStore(store)  # the tables
    good_sweep = {"deck": None, "at": 1.0, "data": sweep}
    cases: list[dict[str, Any]] = []
    with store.engine.begin() as conn:
        for part, made in (("refused", _refused_cases()), ("sweep", _sweep_cases(sweep))):
            for name, text in made:
                wid = uuid.uuid4().hex
                row = {"format": FORMAT, "draft": DRAFT.dumps(), "place": {}, "results": {}}
                if part == "sweep":
                    row["results"] = {"sweep": {**good_sweep, "data": "@"}}
                    data = json.dumps(row).replace('"@"', text)  # the text as it is
                    refused = json.dumps(_refused_good())
                else:
                    row["results"] = {"sweep": good_sweep}
                    data, refused = json.dumps(row), text
                conn.execute(
                    workspace_table.insert().values(
                        id=wid, client=CLIENT, created=1.0, updated=2.0, data=data
                    )
                )
                conn.execute(workspace_refused.insert().values(id=wid, updated=2.0, data=refused))
                query = f"?ws={wid}"
                cases.append({"name": f"{part} {name}", "part": part, "client": CLIENT,
                              "query": query, "wid": wid})  # fmt: skip
    before = _rows(store.engine)
    got = run_cases(_CHILD, url, HEADROOM, cases)
    wrong = [w for w in (_wrong(c, out) for c, out in zip(cases, got, strict=True)) if w]
    assert not wrong, "\n".join(wrong)
    assert _rows(store.engine) == before  # reading never writes
    said = sum(1 for c, o in zip(cases, got, strict=True) if o["refused"] or o["dropped"])
    print(f"{len(got)} kept states read: {said} refused and said")
    assert said >= len(cases) // 2  # the mutations mostly break it (a bound on the fuzz's worth)


def _wrong(case: dict[str, Any], out: dict[str, Any]) -> str:
    """What is wrong with the page's answer to one hostile kept state ("": nothing)."""
    name = case["name"]
    if "raised" in out:
        return f"{name}: raised {out['raised']}"
    if case["part"] == "refused":
        # the workspace row is good: the draft and the sweep come back whatever the
        # refused row holds; a refused row that does not read gives back nothing, said
        if not out["draft"] or out["results"] != ["sweep"] or out["error"]:
            return f"{name}: the last good state lost: {out}"
        if out["refused"] is not None:
            if out["edits"]:
                return f"{name}: edits given back beside an error"
            if not any(w in out["refused"] for w in ("refused", case["wid"], "bytes")):
                return f"{name}: says neither what nor where: {out['refused']}"
        elif not name.startswith("refused mutation"):
            return f"{name}: read as if good"
        return ""
    if out["error"] is not None:  # the whole row does not read (cut, too deep): said
        return "" if case["wid"] in out["error"] or ":" in out["error"] else f"{name}: {out}"
    if not out["draft"] or out["refused"] is not None or out["edits"] != 4:
        return f"{name}: the last good state lost: {out}"
    if out["dropped"]:
        where = [msg for kind, msg in out["dropped"] if kind == "sweep"]
        if not where or "results.sweep" not in where[0]:
            return f"{name}: said without where: {out['dropped']}"
    elif not name.startswith("sweep mutation"):
        return f"{name}: read as if good"
    return ""

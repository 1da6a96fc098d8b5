"""Hostile workspace rows (issue 38 leftovers, item 4): the workspace's reader
(``WorkspaceStore.load`` and ``WorkspaceModel.hello``) fed corrupt JSON, deep nesting, huge
numbers, wrong types, other formats, hostile working drafts, other browsers' ids and
hostile ``?ws=`` links, a fixed list and a bounded count of seeded mutations of a good row,
in a subprocess under a memory limit (RLIMIT_AS).

For every row: no exception but a worded one escapes (the page's hello never crashes); a
row that does not read whole is said in words naming what and where, and the page starts
clean (no draft, no results from it); after a change the page writes a workspace of its
own, and the row is never changed (its bytes compared before and after)."""

from __future__ import annotations

import json
import random
import uuid
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from limited_child import run_cases, workspace_child

from verlies.deck import Deck
from verlies.sim.compare import compare
from verlies.sim.verdict import before_after
from verlies.store import PlaytestStore
from verlies.store.workspace import FORMAT, WorkspaceStore, workspace_drafts, workspace_table
from verlies.ui.workspace.model import WorkspaceModel, balance_data

CLIENT = "c" * 32
OTHER = "d" * 32
#: Seeded mutations of a good row (a bounded count: the cost of the test is this many reads).
MUTATIONS = 120
#: What the reader may take beyond the child's own size after its imports (bytes).
HEADROOM = 384 << 20

_CHILD = workspace_child(
    setup="""
    clock = iter(range(0, 10**9, 10))
    """,
    body="""
    m = WorkspaceModel(lambda: spaces, clock=lambda: float(next(clock)))
    back = m.hello(json.dumps({"client": case["client"], "query": case["query"]}))
    err = m.load_error
    out["restored"] = back is not None
    out["dropped"] = [] if back is None else [[k, e.text_in("en")] for k, e in back.dropped]
    out["error"] = None if err is None else err.text_in("en")
    out["draft"] = m.draft is not None
    out["results"] = sorted(m.results)
    m.note_place(card=["treasure", f"card-{i}"])  # a change: the page writes
    out["written"] = m.flush()
    out["wid"] = m.wid
    """,
)


def _good(tmp: Path) -> dict[str, Any]:
    """A whole workspace as the page writes it: a draft, a place and a Balance answer."""
    spaces = WorkspaceStore(PlaytestStore(tmp / "good.sqlite"))
    m = WorkspaceModel(lambda: spaces)
    m.hello(json.dumps({"client": CLIENT, "query": ""}))
    draft = Deck.default().with_count("treasure", "schatz-alte-muenze", 2)
    m.note_draft(draft)
    m.note_place(tab=2, card=["treasure", "schatz-alte-muenze"])
    comp = compare(Deck.default(), draft, 8, players=2, workers=1)
    m.note_result("balance", draft, balance_data(before_after(comp)))
    data = m.snapshot()
    data["format"] = FORMAT
    return data


def _deep(n: int) -> str:
    return "[" * n + "]" * n


def _cases(good: dict[str, Any]) -> list[tuple[str, str, str | None, str]]:
    """(name, the row's JSON text, a working draft's text or None, the query)."""
    text = json.dumps(good)
    deck = good["draft"]
    bal = good["results"]["balance"]

    def with_(**kw: Any) -> str:
        return json.dumps({**good, **kw})

    def with_balance(**kw: Any) -> str:
        return with_(results={"balance": {**bal, "data": {**bal["data"], **kw}}})

    out: list[tuple[str, str, str | None, str]] = [
        ("not json", "{not json", None, ""),
        ("empty", "", None, ""),
        ("truncated", text[: len(text) // 2], None, ""),
        ("a list", "[1, 2, 3]", None, ""),
        ("a string", json.dumps("workspace"), None, ""),
        ("null", "null", None, ""),
        ("deep nesting", _deep(100_000), None, ""),
        ("deep place", with_(place=json.loads(_deep(500))), None, ""),
        (
            "deep object",
            '{"format": 1, "place": ' + '{"a":' * 50_000 + "1" + "}" * 50_001,
            None,
            "",
        ),
        ("huge number", '{"format": 1, "place": {"tab": 1' + "0" * 100_000 + "}}", None, ""),
        ("huge float", '{"format": 1e999999, "draft": null}', None, ""),
        ("format 2", with_(format=2), None, ""),
        ("format '1'", with_(format="1"), None, ""),
        ("format true", with_(format=True), None, ""),
        ("no format", json.dumps({k: v for k, v in good.items() if k != "format"}), None, ""),
        ("draft a number", with_(draft=12), None, ""),
        ("draft not a deck", with_(draft="[[[ not toml"), None, ""),
        ("draft of pickle", with_(draft="cos\nsystem\n(S'ls'\ntR."), None, ""),
        ("place a list", with_(place=[1, 2]), None, ""),
        ("tab a text", with_(place={"tab": "2"}), None, ""),
        ("tab huge", with_(place={"tab": 10**400}), None, ""),
        ("card one part", with_(place={"card": ["treasure"]}), None, ""),
        ("results a list", with_(results=[1]), None, ""),
        ("unknown result", with_(results={"rm -rf": {}}), None, ""),
        ("result a number", with_(results={"balance": 3}), None, ""),
        ("result at a text", with_(results={"balance": {**bal, "at": "now"}}), None, ""),
        ("verdict unknown", with_balance(verdict="<script>"), None, ""),
        ("rows huge", with_balance(rows={str(i): {} for i in range(5000)}), None, ""),
        ("rows wrong", with_balance(rows={"x": {"a": 1}}), None, ""),
        ("games a float", with_balance(games=1.5), None, ""),
        ("games huge", with_balance(games=10**300), None, ""),
        ("alpha nan", with_balance(alpha=float("nan")), None, ""),
        ("others deep", with_balance(others=json.loads('{"a":' * 500 + "1" + "}" * 500)), None, ""),
        ("targets a dict", with_balance(targets={"a": 1}), None, ""),
        (
            "impact wrong",
            with_(results={"impact": {"deck": None, "at": 1, "data": {"figures": 3}}}),
            None,
            "",
        ),
        (
            "sweep wrong",
            with_(results={"sweep": {"deck": None, "at": 1, "data": {"tweak": 1}}}),
            None,
            "",
        ),
        (
            "skill wrong",
            with_(results={"skill": {"deck": None, "at": 1, "data": {"report": []}}}),
            None,
            "",
        ),
        ("working a deck of junk", text, "[[[ junk", ""),
        ("working huge", text, "# " + "x" * (3 << 20), ""),
        ("working not the draft", text, deck + "\n[[junk", ""),
        ("too large", json.dumps({**good, "pad": "x" * (3 << 20)}), None, ""),
    ]
    return out


def _mutations(good: dict[str, Any], n: int) -> list[tuple[str, str, str | None, str]]:
    """``n`` seeded mutations of the good row's text: a cut, a character changed, brackets
    opened, a number made huge or a text, a value made null."""
    rng = random.Random(38)
    text = json.dumps(good)
    out = []
    for i in range(n):
        s = text
        how = rng.randrange(6)
        at = rng.randrange(len(s))
        if how == 0:
            s = s[:at]
        elif how == 1:
            s = s[:at] + rng.choice('{}[]",:0-e.\\x') + s[at + 1 :]
        elif how == 2:
            s = s[:at] + "[" * rng.randrange(1, 5000) + s[at:]
        elif how == 3:
            s = s.replace(": 8,", ": 8" + "9" * rng.randrange(1, 6000) + ",", 1)
        elif how == 4:
            s = s.replace(": 8,", ': "8",', rng.randrange(1, 4))
        else:
            s = s.replace(": true", ": null", rng.randrange(1, 4)).replace(": 2,", ": [],", 1)
        out.append((f"mutation {i} ({how})", s, None, ""))
    return out


def _rows(engine: sa.Engine) -> dict[str, tuple[Any, ...]]:
    with engine.connect() as conn:
        rows = {f"w:{r[0]}": tuple(r) for r in conn.execute(sa.select(workspace_table))}
        rows.update({f"d:{r[0]}": tuple(r) for r in conn.execute(sa.select(workspace_drafts))})
    return rows


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _good(tmp_path_factory.mktemp("good"))


def test_hostile_rows_are_said_the_page_starts_clean_and_the_row_stays(
    tmp_path: Path, good: dict[str, Any]
) -> None:
    url = f"sqlite:///{tmp_path / 'p.sqlite'}"
    store = PlaytestStore(url)
    WorkspaceStore(store)  # the tables
    fixed = _cases(good)
    cases = []
    with store.engine.begin() as conn:
        for name, data, working, _query in [*fixed, *_mutations(good, MUTATIONS)]:
            wid = uuid.uuid4().hex
            conn.execute(
                workspace_table.insert().values(
                    id=wid, client=CLIENT, created=1.0, updated=2.0, data=data
                )
            )
            if working is not None:
                conn.execute(workspace_drafts.insert().values(id=wid, updated=2.0, draft=working))
            cases.append({"name": name, "client": CLIENT, "query": f"?ws={wid}", "wid": wid})
    before = _rows(store.engine)
    got = run_cases(_CHILD, url, HEADROOM, cases)
    wrong = [w for w in (_wrong(c, out) for c, out in zip(cases, got, strict=True)) if w]
    assert not wrong, "\n".join(wrong)
    # every row that did not read whole is as it was, byte for byte (a mutation that is
    # still a good row is its owner's to write on)
    after = _rows(store.engine)
    kept = {c["wid"] for c, out in zip(cases, got, strict=True) if out["dropped"] or out["error"]}
    assert len(kept) >= len(fixed)
    said = sum(1 for out in got if out["error"])
    print(f"{len(got)} rows: {said} refused and said, {len(kept) - said} read with parts left out")
    for key, row in before.items():
        if key[2:] in kept:
            assert after[key] == row, key


def _wrong(case: dict[str, Any], out: dict[str, Any]) -> str:
    """What is wrong with the page's answer to one hostile row ("" : nothing)."""
    name, wid = case["name"], case["wid"]
    if "raised" in out:  # nothing escapes the hello, worded or not
        return f"{name}: raised {out['raised']}"
    whole = out["restored"] and not out["dropped"]
    if whole:
        # a mutation may still be a good row (a figure changed): read back; a fixed case not
        return "" if name.startswith("mutation") else f"{name}: read as if good"
    if out["error"] is not None:
        # said in words, naming the workspace or the field; the page starts clean
        if out["restored"] or out["draft"] or out["results"]:
            return f"{name}: not clean after {out['error']}"
        if not (wid in out["error"] or ":" in out["error"] or "bytes" in out["error"]):
            return f"{name}: says neither what nor where: {out['error']}"
    elif not all(k and msg for k, msg in out["dropped"]):
        return f"{name}: a part left out unsaid: {out['dropped']}"
    if not out["written"] or out["wid"] == wid:  # its own work goes to a new row
        return f"{name}: wrote {out['wid']} (written: {out['written']})"
    return ""


def test_hostile_links_and_other_browsers_rows(tmp_path: Path, good: dict[str, Any]) -> None:
    url = f"sqlite:///{tmp_path / 'p.sqlite'}"
    store = PlaytestStore(url)
    WorkspaceStore(store)
    theirs, mine = uuid.uuid4().hex, uuid.uuid4().hex
    with store.engine.begin() as conn:
        for wid, client in ((theirs, OTHER), (mine, CLIENT)):
            conn.execute(
                workspace_table.insert().values(
                    id=wid, client=client, created=1.0, updated=2.0, data=json.dumps(good)
                )
            )
    before = _rows(store.engine)
    queries = {
        "their link": f"?ws={theirs}",
        "not an id": "?ws=" + "g" * 32,
        "upper case": f"?ws={theirs.upper()}",
        "injection": "?ws=%27%20OR%201%3D1%20--",
        "two links": f"?ws={uuid.uuid4().hex}&ws={theirs}",
        "missing": f"?ws={uuid.uuid4().hex}",
        "long": "?ws=" + "a" * 3000,
        "nul": "?ws=" + "a" * 31 + "%00",
    }
    cases = [{"name": k, "client": CLIENT, "query": q} for k, q in queries.items()]
    got = {o["name"]: o for o in run_cases(_CHILD, url, HEADROOM, cases)}
    for out in got.values():
        assert "raised" not in out, out
        assert out["written"] and out["wid"] != theirs, out  # never written over theirs
    assert got["their link"]["restored"] and got["their link"]["wid"] != theirs  # a copy
    assert got["missing"]["error"] is not None and "no workspace" in got["missing"]["error"]
    assert not got["missing"]["restored"] and not got["missing"]["draft"]
    for name in ("not an id", "upper case", "injection", "long", "nul"):
        # not a link at all: this browser's own latest work comes back, its own row
        assert got[name]["restored"] and got[name]["error"] is None, got[name]
    after = _rows(store.engine)
    assert after[f"w:{theirs}"] == before[f"w:{theirs}"]

"""Hostile kept answers (issue 38 leftovers, item 2): a kept "which card matters" ranking
(finished, and cut off in the middle with the state Continue goes on from) and a kept
Suggest answer, fed a fixed list of hostile values and a bounded count of seeded mutations
of a good one, read back and shown by the page's own code in a subprocess under a memory
limit (RLIMIT_AS).

For every case: the workspace's reader either leaves the answer out and says what and
where (``results.impact.data.…``), or what it takes can be shown: the impact column
restored and its words in both languages, the Suggest answer's text, headline, patch and
the panel's HTML. Nothing but a worded error escapes, the working draft comes back
whatever the answer holds, and the row is never changed. The cost is counted in cases."""

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
from verlies.sim.tune import tune
from verlies.store import PlaytestStore
from verlies.store.workspace import FORMAT, WorkspaceStore, workspace_table
from verlies.ui.deck.impact_model import ImpactColumn
from verlies.ui.workspace.impact_kept import with_partial
from verlies.ui.workspace.model import impact_data, suggest_data

CLIENT = "f" * 32
#: Seeded mutations of each good kept answer (the test's cost is this many reads each).
MUTATIONS = 40
#: What the readers and the page's code may take beyond the child's size (bytes).
HEADROOM = 512 << 20
TARGETS = "win:*=25+-3"
MOVES = "monster:monster-goblin:fight=-2:2"
CARDS = [("monster", "monster-goblin"), ("monster", "monster-ratte"), ("room", "raum-falle-01")]

_CHILD = workspace_child(
    imports="""
    from verlies.ui.balance.suggest_view import SuggestPanel
    from verlies.ui.deck.impact_model import ImpactColumn
    from verlies.ui.workspace.impact_kept import impact_figures, restore_column
    from verlies.ui.workspace.model import suggest_result
    """,
    setup="""
    def shown(kind, kept):
        # what the page does with a kept answer it took: its words, in both languages
        if kind == "impact":
            col = ImpactColumn(workers=1)
            restore_column(col, kept.deck, impact_figures(kept.data), kept.data)
            words = [col.progress_text(l) + col.star_text(l) for l in ("en", "de")]
            rows = [] if col.ranking is None else col.ranking.rows()
            return [col.phase, col.can_continue, len(words), len(rows)]
        result, targets, moves = suggest_result(kept.data, kept.deck)
        for lang in ("en", "de"):
            result.text(lang), result.head_lines(lang)
        result.patch_text()
        panel = SuggestPanel(lambda: kept.deck, lang="de", set_draft=lambda _d: None)
        panel.show_kept(result, targets, moves)
        return [len(panel.result.value) > 0]
    """,
    read_back=True,
    body="""
    out["shown"] = [
        shown(kind, kept) for kind, kept in sorted((back.results if back else {}).items())
    ]
    """,
)


def _goblin() -> Deck:
    return Tweak("monster", "monster-goblin", "fight").apply(Deck.default(), 10)


@pytest.fixture(scope="module")
def impact() -> dict[str, dict[str, Any]]:
    """Kept impact answers as the page writes them: a finished ranking of three cards, and
    the same run as kept after its first round (with the state Continue goes on from)."""
    col = ImpactColumn(workers=1)
    kept: list[dict[str, Any]] = []

    def keep(c: ImpactColumn) -> None:
        if c.kept is not None and not kept:
            kept.append(with_partial(impact_data(c), c))

    col.start(_goblin(), games=300, players=2, cards=CARDS, on_update=keep)
    assert col.wait(600) and col.status == "done", col.error_text("en")
    assert kept, "no round kept"
    done = with_partial(impact_data(col), col)
    return {
        "finished": json.loads(json.dumps(done, allow_nan=True)),
        "interrupted": json.loads(json.dumps(kept[0], allow_nan=True)),
    }


@pytest.fixture(scope="module")
def suggest() -> dict[str, Any]:
    deck = _goblin()
    answer = tune([TARGETS], [MOVES], deck, games=24, trials=2, verify_games=48, workers=1)
    data: dict[str, Any] = json.loads(json.dumps(suggest_data(answer, TARGETS, MOVES)))
    return data


def _cases(kind: str, good: dict[str, Any], seed: int) -> list[tuple[str, str]]:
    fixed = [
        ("deep", "{" + '"a":{' * 400 + "}" * 401),
        ("huge number", json.dumps({**good, "games": 10**400})),
        ("not finite", json.dumps({**good, "games": float("inf")})),
        ("wrong type", json.dumps({**good, next(iter(good)): [[]] * 1000})),
        ("long string", json.dumps({**good, next(iter(good)): "x" * (1 << 20)})),
        ("empty", "{}"),
    ]
    good_case = [("good", json.dumps(good))]  # the baseline: taken and shown whole
    return [(f"{kind} {n}", t) for n, t in good_case + fixed + mutated(good, MUTATIONS, seed)]


def test_hostile_kept_answers_are_said_or_shown_and_the_draft_stays(
    tmp_path: Path, impact: dict[str, dict[str, Any]], suggest: dict[str, Any]
) -> None:
    url = f"sqlite:///{tmp_path / 'p.sqlite'}"
    store = PlaytestStore(url)
    WorkspaceStore(store)  # the tables
    made = [
        ("impact", impact["finished"], 3601),
        ("impact", impact["interrupted"], 3602),
        ("suggest", suggest, 3701),
    ]
    cases: list[dict[str, Any]] = []
    with store.engine.begin() as conn:
        for kind, good, seed in made:
            for name, text in _cases(kind, good, seed):
                wid = uuid.uuid4().hex
                result = {"deck": _goblin().dumps(), "at": 1.0, "data": "@"}
                row = {"format": FORMAT, "draft": _goblin().dumps(), "place": {},
                       "results": {kind: result}}  # fmt: skip
                data = json.dumps(row).replace('"@"', text)  # the text as it is
                conn.execute(
                    workspace_table.insert().values(
                        id=wid, client=CLIENT, created=1.0, updated=2.0, data=data
                    )
                )
                cases.append({"name": name, "kind": kind, "client": CLIENT,
                              "query": f"?ws={wid}", "wid": wid})  # fmt: skip
    with store.engine.connect() as conn:
        before = sorted(map(tuple, conn.execute(sa.select(workspace_table))))
    got = run_cases(_CHILD, url, HEADROOM, cases)
    wrong = [w for w in (_wrong(c, out) for c, out in zip(cases, got, strict=True)) if w]
    assert not wrong, "\n".join(wrong)
    with store.engine.connect() as conn:
        assert sorted(map(tuple, conn.execute(sa.select(workspace_table)))) == before
    said = sum(1 for o in got if o["dropped"] or o["error"])
    shown = sum(1 for o in got if o["shown"])
    print(f"{len(got)} kept answers read: {said} left out and said, {shown} shown")
    assert said >= len(cases) // 3  # the mutations mostly break it (the fuzz's worth)
    assert shown >= 3  # the good ones' near relatives are still shown


def _wrong(case: dict[str, Any], out: dict[str, Any]) -> str:
    """What is wrong with the page's answer to one hostile kept answer ("": nothing)."""
    name, kind = case["name"], case["kind"]
    if "raised" in out:
        return f"{name}: raised {out['raised']}"
    if name.endswith(" good") and (out["dropped"] or not out["shown"]):
        return f"{name}: a good answer not taken: {out}"
    if out["error"] is not None:  # the whole row does not read (cut, too deep): said
        return "" if ":" in out["error"] else f"{name}: said without where: {out}"
    if not out["draft"]:
        return f"{name}: the working draft lost beside a bad answer: {out}"
    if out["dropped"]:
        where = [msg for k, msg in out["dropped"] if k == kind]
        if not where or f"results.{kind}" not in where[0]:
            return f"{name}: said without where: {out['dropped']}"
        return "" if out["results"] == [] else f"{name}: said and shown: {out}"
    if out["results"] != [kind]:
        return f"{name}: neither shown nor said: {out}"
    return ""

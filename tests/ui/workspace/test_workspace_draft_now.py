"""No edit lost before a kill (issue 38 leftovers, item 2): the working draft is written at
once, alone, when it changes (``WorkspaceModel.note_draft`` → ``WorkspaceStore.save_draft``),
while the whole workspace (results, place) stays throttled to one write a second.

The proof kills a process holding the page (``PlayApp`` with its workspace, as in a kernel)
with SIGKILL right after an edit, with the throttled write held back for good: the edit is
in the store all the same, and a new page of the same browser gets it back. A result
computed for the draft before the edit comes back marked out of date."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path
from typing import Any

import pytest

from verlies.deck import Deck
from verlies.sim.compare import compare
from verlies.sim.verdict import before_after
from verlies.store import PlaytestStore
from verlies.store.db import StoreError
from verlies.store.workspace import WorkspaceStore
from verlies.ui.workspace.model import WorkspaceModel, balance_data

CARD = ("treasure", "schatz-alte-muenze")
REPO = Path(__file__).resolve().parents[3]


class Frozen:
    """A clock that never moves: the throttled write of the whole workspace never comes."""

    def __call__(self) -> float:
        return 0.0


def _hello(client: str) -> str:
    return json.dumps({"client": client, "query": "", "tz": 0})


def _draft(n: int) -> Deck:
    return Deck.default().with_count(*CARD, n)


@pytest.fixture
def spaces(tmp_path: Path) -> WorkspaceStore:
    return WorkspaceStore(PlaytestStore(tmp_path / "p.sqlite"))


def _held_back(spaces: WorkspaceStore, client: str) -> WorkspaceModel:
    m = WorkspaceModel(lambda: spaces, clock=Frozen())
    m.hello(_hello(client))
    m.last_write = 0.0  # as if the whole workspace had just been written: none now
    return m


def test_each_edit_is_in_the_store_at_once_and_older_results_say_so(
    spaces: WorkspaceStore,
) -> None:
    client = uuid.uuid4().hex
    first = WorkspaceModel(lambda: spaces, clock=iter(range(0, 10**6, 10)).__next__)
    first.hello(_hello(client))
    a, b = _draft(2), _draft(3)
    first.note_draft(a)
    comp = compare(Deck.default(), a, 8, players=2, workers=1)
    first.note_result("balance", a, balance_data(before_after(comp)))
    assert first.flush()  # the whole workspace: draft a and its answer
    first.clock = Frozen()
    first.last_write = 0.0  # no whole write from now on
    first.note_draft(b)
    assert not first.flush()
    assert spaces.draft_writes == 2 and spaces.writes == 1
    # a new page of the same browser: the edit is back, the answer of a is out of date
    again = WorkspaceModel(lambda: spaces)
    back = again.hello(_hello(client))
    assert back is not None and back.draft == b
    assert back.results["balance"].deck == a
    assert again.stale("balance") is True
    # undone: the answer is of the draft as it is again
    again.note_draft(_draft(2))
    assert again.stale("balance") is False


def test_a_failing_draft_write_is_said_and_tried_again(spaces: WorkspaceStore) -> None:
    client = uuid.uuid4().hex
    m = _held_back(spaces, client)
    real = spaces.save_draft
    calls: list[int] = []

    def broken(*args: Any, **kw: Any) -> float:
        calls.append(1)
        raise StoreError("the disk is full")

    spaces.save_draft = broken  # type: ignore[method-assign]
    m.note_draft(_draft(4))
    assert m.draft_unsaved and m.error is not None and "disk is full" in str(m.error)
    spaces.save_draft = real  # type: ignore[method-assign]
    m.clock = iter(range(10, 10**6, 10)).__next__
    m.flush()  # the next write: the draft first
    assert not m.draft_unsaved and m.error is None and len(calls) == 1
    back = WorkspaceModel(lambda: spaces).hello(_hello(client))
    assert back is not None and back.draft == _draft(4)


_CHILD = textwrap.dedent(
    """
    import json, sys, time
    from verlies.ui.page import PlayApp

    client, n = sys.argv[1], int(sys.argv[2])
    app = PlayApp(autosave=True, lang="en")
    ws = app.workspace.model
    ws.clock = lambda: 0.0
    app.autosave.client.value = json.dumps({"client": client, "query": "", "tz": 0})
    assert ws.heard
    ws.last_write = 0.0  # the throttled write of the whole workspace never comes
    app.editor.select("treasure", "schatz-alte-muenze")
    assert app.editor.set_count(n)
    print("edited", ws.wid, ws.draft_writes, ws.dirty, flush=True)
    time.sleep(600)
    """
)


def test_an_edit_survives_a_kill_right_after_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'p.sqlite'}"
    client = uuid.uuid4().hex
    env = {**os.environ, "VERLIES_STORE_URL": url, "PYTHONPATH": str(REPO)}
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, client, "3"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        said = child.stdout.readline().split() if child.stdout else []
        # killed the moment the edit is made, its whole-workspace write still waiting
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.kill()
        _, err = child.communicate()
    assert said[:1] == ["edited"], err[-2000:]
    assert said[2:] == ["1", "True"]  # one draft written at once; the whole one pending
    assert child.returncode == -signal.SIGKILL
    spaces = WorkspaceStore(PlaytestStore(url))
    assert spaces.load(said[1])["draft"] is None  # the whole workspace was never written
    back = WorkspaceModel(lambda: spaces).hello(_hello(client))
    assert back is not None and back.draft == _draft(3)

"""The designer's workspaces in the playtest store (issue 38 item 3, verlies.store.workspace):
a round trip, two browsers kept apart, a browser that is not a workspace's owner cannot
write over it, the size bound both ways, and rows that are not readable refused in words
(which row, what is wrong) while the row stays as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sqlalchemy as sa

from verlies.game import Game
from verlies.store import PlaytestStore, StoreError
from verlies.store.workspace import (
    FORMAT,
    MAX_BYTES,
    WorkspaceStore,
    new_id,
    valid_id,
    workspace_table,
)


def _put(spaces: WorkspaceStore, wid: str, text: str, client: str = "b1") -> None:
    """A row written behind the store's back (a hostile or broken database)."""
    with spaces.store.engine.begin() as conn:
        conn.execute(
            workspace_table.insert().values(
                id=wid, client=client, created=1.0, updated=2.0, data=text
            )
        )


def test_round_trip_latest_and_reopen(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite"
    spaces = WorkspaceStore(PlaytestStore(path))
    old, new = new_id(), new_id()
    spaces.save(old, {"draft": None, "place": {"tab": 1}}, client="b1")
    spaces.save(new, {"draft": "x", "place": {"tab": 4}, "results": {}}, client="b1")
    assert spaces.latest("b1") == new  # the one written last
    spaces.save(old, {"draft": None, "place": {"tab": 2}}, client="b1")
    assert spaces.latest("b1") == old
    assert spaces.writes == 3
    spaces.store.engine.dispose()
    again = WorkspaceStore(PlaytestStore(path))  # a new kernel: the same work
    got = again.load(old)
    assert got["place"] == {"tab": 2} and got["format"] == FORMAT
    assert isinstance(got["updated"], float)
    assert again.owner(old) == "b1" and again.owner(new_id()) is None


def test_two_browsers_are_kept_apart(tmp_path: Path) -> None:
    spaces = WorkspaceStore(PlaytestStore(tmp_path / "p.sqlite"))
    a = new_id()
    spaces.save(a, {"place": {"tab": 2}}, client="a" * 32)
    assert spaces.latest("b" * 32) is None and spaces.latest("") is None
    # another browser (one that opened the link) cannot write over it
    with pytest.raises(StoreError) as e:
        spaces.save(a, {"place": {"tab": 0}}, client="b" * 32)
    assert "another browser" in str(e.value) and "anderen Browser" in e.value.text_in("de")
    assert spaces.load(a)["place"] == {"tab": 2}


def test_size_is_bounded_on_writing_and_on_reading(tmp_path: Path) -> None:
    spaces = WorkspaceStore(PlaytestStore(tmp_path / "p.sqlite"))
    wid = new_id()
    with pytest.raises(StoreError) as e:
        spaces.save(wid, {"draft": "x" * MAX_BYTES}, client="b1")
    assert f"more than the {MAX_BYTES}" in str(e.value)
    assert spaces.latest("b1") is None and spaces.writes == 0  # nothing written
    # a row larger than the bound found in the database is not read (nor parsed)
    big = new_id()
    _put(spaces, big, json.dumps({"format": FORMAT, "draft": "y" * (MAX_BYTES + 10)}))
    with pytest.raises(StoreError) as e:
        spaces.load(big)
    assert "more than the" in str(e.value)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"format": 1, "draft": ', "is not readable JSON"),
        ("[1, 2, 3]", "a list, not an object"),
        ('"just a string"', "a str, not an object"),
        ('{"format": 99}', "has format 99, this page reads format 1"),
        ('{"draft": null}', "has format None"),
        ("[" * 100_000 + "]" * 100_000, "is not readable JSON"),
    ],
)
def test_an_unreadable_row_is_refused_in_words_and_stays(
    tmp_path: Path, text: str, said: str
) -> None:
    spaces = WorkspaceStore(PlaytestStore(tmp_path / "p.sqlite"))
    wid = new_id()
    _put(spaces, wid, text)
    with pytest.raises(StoreError) as e:
        spaces.load(wid)
    assert wid in str(e.value) and said in str(e.value)
    assert e.value.text_in("de") != str(e.value)  # said in German too
    with spaces.store.engine.connect() as conn:  # the row is left as it was
        kept = conn.execute(sa.select(workspace_table.c.data)).scalar_one()
    assert kept == text


def test_ids_are_checked_before_the_database(tmp_path: Path) -> None:
    spaces = WorkspaceStore(PlaytestStore(tmp_path / "p.sqlite"))
    for bad in ("", "x" * 32, new_id().upper(), new_id() + "0", "' OR 1=1 --", "\ud800" * 32):
        assert not valid_id(bad)
        with pytest.raises(StoreError):
            spaces.load(bad)
        with pytest.raises(StoreError):
            spaces.save(bad, {}, client="b1")
        assert spaces.owner(bad) is None and not spaces.delete(bad)
    with pytest.raises(StoreError) as e:
        spaces.load(new_id())
    assert "no workspace" in str(e.value)


def test_an_old_database_gets_the_table_and_keeps_its_records(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    old = PlaytestStore(path, record=True)
    game = Game.new(players=2, seed=3)
    rec = old.begin(game, ["human", "careful"], client="b1")
    old.engine.dispose()
    store = PlaytestStore(path, record=True)
    assert "workspaces" not in sa.inspect(store.engine).get_table_names()
    WorkspaceStore(store)
    assert "workspaces" in sa.inspect(store.engine).get_table_names()
    assert store.get(rec).id == rec


def test_a_failing_database_is_said_in_words(tmp_path: Path) -> None:
    spaces = WorkspaceStore(PlaytestStore(tmp_path / "p.sqlite"))
    wid = new_id()
    spaces.save(wid, {}, client="b1")
    with spaces.store.engine.begin() as conn:  # the table gone behind the store's back
        conn.execute(sa.text("DROP TABLE workspaces"))
    for call in (lambda: spaces.latest("b1"), lambda: spaces.owner(wid), lambda: spaces.load(wid)):
        with pytest.raises(StoreError) as e:
            call()
        assert "no such table" in str(e.value) and e.value.text_in("de") != str(e.value)
    with pytest.raises(StoreError):
        spaces.save(wid, {}, client="b1")

""" "Take back" at a shared table (issue 23): allowed by the table's creator, asked by a
seat for its last step, undone only when every other person accepts, as a recorded event
that loses nothing (the undone steps are kept, the record keeps the line as a branch);
otherwise the table moves only forward. Store level, then the page's model."""

from __future__ import annotations

import itertools
import json
import random
import threading
from pathlib import Path

import pytest
import sqlalchemy as sa

from verlies.game import Game
from verlies.record import step_from_json
from verlies.setup import Setup
from verlies.store import PlaytestStore
from verlies.store import tables as tables_module
from verlies.store.tables import (
    TableGame,
    TableLinks,
    TableRefused,
    TableStore,
    takebacks,
    undone_steps,
)
from verlies.ui.table.table_model import SeatModel


@pytest.fixture(autouse=True)
def _fixed_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each new table's chance fixed (its secret: "test-0", "test-1", ...): the games of
    this module's tables are the same at every run."""
    made = itertools.count()
    monkeypatch.setattr(tables_module, "new_secret", lambda: f"test-{next(made)}")


SETUP = Setup(players=3, seed=11)


def _store(tmp_path: Path) -> TableStore:
    return TableStore(PlaytestStore(tmp_path / "t.sqlite"))


def _token(links: TableLinks, seat: int) -> str:
    token = links.seats[seat]
    assert token is not None
    return token


def _step(store: TableStore, table: TableGame, links: TableLinks, pick: int = 0) -> int:
    """The person whose turn it is takes a legal step (bots and dice follow); their seat."""
    store.advance(table)
    kind, seat = table.waiting_for()
    assert kind == "human" and seat is not None
    acts = list(table.game.legal_actions())
    store.take(table, _token(links, seat), table.step_no, acts[pick % len(acts)])
    store.advance(table)
    return seat


def _until_turn_of(store: TableStore, table: TableGame, links: TableLinks, seat: int) -> None:
    """Play (seeded random steps) until ``seat`` has decided once and another person is
    to move."""
    rng = random.Random(2)
    decided = False
    for _ in range(200):
        kind, now = table.waiting_for()
        if decided and kind == "human" and now != seat:
            return
        decided = _step(store, table, links, rng.randrange(1000)) == seat or decided
    raise AssertionError("the test game never got there")


def _steps(store: TableStore, table_id: str) -> list[str]:
    with store.engine.connect() as conn:
        return [
            r.step
            for r in conn.execute(
                sa.text("SELECT step FROM table_steps WHERE table_id = :t ORDER BY step_no"),
                {"t": table_id},
            )
        ]


def test_a_table_made_without_take_back_only_moves_forward(tmp_path: Path) -> None:
    store = _store(tmp_path)
    links = store.create(SETUP, ["human", "careful", "human"])
    table = store.load(links.table_id)
    _until_turn_of(store, table, links, 0)
    n = table.step_no
    with pytest.raises(TableRefused) as no:
        store.ask_takeback(table, _token(links, 0))
    assert no.value.reason == "takeback"
    assert "forward" in no.value.text_in("en") and "vorwärts" in no.value.text_in("de")
    assert store.latest(links.table_id) == n and table.request is None


def test_everyone_accepts_the_step_is_undone_and_nothing_is_lost(tmp_path: Path) -> None:
    url = tmp_path / "t.sqlite"
    store = TableStore(PlaytestStore(url))
    links = store.create(SETUP, ["human", "careful", "human"], takeback=True)
    table = store.load(links.table_id)
    _until_turn_of(store, table, links, 0)
    old_line = _steps(store, links.table_id)
    other_kernel = TableStore(PlaytestStore(url)).load(links.table_id)
    asked = store.ask_takeback(table, _token(links, 0))
    assert asked.status == "open" and asked.seat == 0 and asked.waiting_on(table.seats) == [2]
    n_mine = asked.step_no
    assert table.deciders[n_mine][:2] == ("human", 0)
    # The table waits: no step, no bot, no roll until every other person has answered.
    kind, seat = table.waiting_for()
    assert (kind, seat) == ("answers", 0)
    with pytest.raises(TableRefused) as paused:
        store.take(table, _token(links, 2), table.step_no, table.game.legal_actions()[0])
    assert paused.value.reason == "paused"
    assert store.advance(table) == 0
    assert _steps(store, links.table_id) == old_line
    # Seat 3 accepts: the steps from seat 1's last one on are taken back.
    done = store.answer_takeback(table, _token(links, 2), True)
    assert done.status == "accepted" and done.answers == {2: True}
    assert table.step_no == n_mine and table.epoch == 1
    assert table.waiting_for() == ("human", 0)  # seat 1 decides that step again
    assert _steps(store, links.table_id) == old_line[:n_mine]
    replay = Game.from_setup(SETUP)
    for raw in old_line[:n_mine]:
        replay.apply(step_from_json(json.loads(raw)))
    assert table.game.to_json() == replay.to_json()
    # Another kernel's copy (it had the old line) is rebuilt at its next look.
    store.sync(other_kernel)
    assert other_kernel.game.to_json() == table.game.to_json()
    # Nothing lost: the undone rows are kept, and the record keeps the old line as a branch.
    with store.engine.connect() as conn:
        kept = conn.execute(
            sa.select(undone_steps.c.step_no, undone_steps.c.step)
            .where(undone_steps.c.table_id == links.table_id)
            .order_by(undone_steps.c.step_no)
        ).all()
        event = conn.execute(
            sa.select(takebacks).where(takebacks.c.table_id == links.table_id)
        ).one()
    assert [r.step for r in kept] == old_line[n_mine:]
    assert [r.step_no for r in kept] == list(range(n_mine, len(old_line)))
    assert event.status == "accepted" and event.decided >= event.asked
    record = store.playtests.get(store.record_id(links.table_id), with_steps=True)
    tree = record.tree()
    assert tree.names == ["1", "2"] and tree.current == "2"
    assert [json.dumps(s) for s in json.loads(tree.to_json())["steps"]] == [
        json.dumps(json.loads(r)) for r in old_line[:n_mine]
    ]
    assert len(tree.line("1")) == len(old_line)
    assert record.game().to_json() == table.game.to_json()
    assert len(record.step_log) == n_mine
    # The game goes on from there, another step this time; the old line stays.
    acts = list(table.game.legal_actions())
    store.take(table, _token(links, 0), table.step_no, acts[-1])
    store.advance(table)
    record = store.playtests.get(store.record_id(links.table_id))
    assert record.tree().names == ["1", "2"]
    assert len(record.tree().line("1")) == len(old_line)
    assert record.game().to_json() == table.game.to_json()


def test_one_refusal_and_the_table_goes_on(tmp_path: Path) -> None:
    store = _store(tmp_path)
    links = store.create(SETUP, ["human", "careful", "human"], takeback=True)
    table = store.load(links.table_id)
    _until_turn_of(store, table, links, 0)
    n = table.step_no
    store.ask_takeback(table, _token(links, 0))
    done = store.answer_takeback(table, _token(links, 2), False)
    assert done.status == "refused" and done.refused_by == [2]
    assert table.step_no == n and table.epoch == 0 and not table.paused
    assert table.waiting_for() == ("human", 2)
    store.take(table, _token(links, 2), n, table.game.legal_actions()[0])  # it goes on
    assert store.latest(links.table_id) >= n + 1


def test_requests_the_table_does_not_take_say_why_and_change_nothing(tmp_path: Path) -> None:
    store = _store(tmp_path)
    links = store.create(Setup(players=3, seed=11), ["human", "human", "human"], takeback=True)
    table = store.load(links.table_id)
    first, second, third = (_token(links, i) for i in range(3))
    with pytest.raises(TableRefused) as none:
        store.ask_takeback(table, first)  # nothing decided yet
    assert none.value.reason == "takeback"
    _until_turn_of(store, table, links, 0)
    with pytest.raises(TableRefused) as spectator:
        store.ask_takeback(table, links.spectator)
    assert spectator.value.reason == "spectator"
    with pytest.raises(TableRefused) as nothing_open:
        store.answer_takeback(table, second, True)
    assert nothing_open.value.reason == "takeback"
    mover = table.waiting_for()[1]
    assert mover is not None and mover != 0
    store.ask_takeback(table, first)
    texts = []
    for name, call in {
        "again": lambda: store.ask_takeback(table, first),
        "someone else while open": lambda: store.ask_takeback(table, _token(links, mover)),
        "own answer": lambda: store.answer_takeback(table, first, True),
        "withdraw by another": lambda: store.withdraw_takeback(table, second),
    }.items():
        with pytest.raises(TableRefused) as refused:
            call()
        assert refused.value.reason == "takeback", name
        de, en = refused.value.text_in("de"), refused.value.text_in("en")
        assert de and en and de != en, name
        texts.append(en)
    # Each says its reason: two asks while one is open say the same.
    assert texts[0] == texts[1] and len(set(texts)) == 3
    store.answer_takeback(table, second, True)
    with pytest.raises(TableRefused) as twice:
        store.answer_takeback(table, second, True)
    assert twice.value.reason == "takeback"
    assert table.paused and table.request is not None
    assert table.request.waiting_on(table.seats) == [2]
    # The asker withdraws: the table goes on, its steps untouched.
    n = table.step_no
    done = store.withdraw_takeback(table, first)
    assert done.status == "withdrawn" and table.step_no == n and not table.paused
    # Once another person has decided, seat 1's step is no longer the last: refused.
    store.take(table, _token(links, mover), n, table.game.legal_actions()[0])
    store.advance(table)
    with pytest.raises(TableRefused) as played:
        store.ask_takeback(table, first)
    assert played.value.reason == "takeback"
    assert f"seat {mover + 1}" in played.value.text_in("en")


def test_a_table_with_no_other_person_takes_back_at_once(tmp_path: Path) -> None:
    store = _store(tmp_path)
    links = store.create(Setup(players=2, seed=3), ["human", "careful"], takeback=True)
    table = store.load(links.table_id)
    _step(store, table, links)
    _step(store, table, links)
    before = table.step_no
    done = store.ask_takeback(table, _token(links, 0))
    assert done.status == "accepted" and table.step_no == done.step_no < before
    assert table.waiting_for() == ("human", 0)


def test_two_answers_at_once_are_both_counted(tmp_path: Path) -> None:
    url = tmp_path / "t.sqlite"
    store = TableStore(PlaytestStore(url))
    links = store.create(Setup(players=3, seed=5), ["human", "human", "human"], takeback=True)
    table = store.load(links.table_id)
    _until_turn_of(store, table, links, 0)
    store.ask_takeback(table, _token(links, 0))
    barrier = threading.Barrier(2)
    out: list[str] = []

    def answer(seat: int) -> None:
        mine = TableStore(PlaytestStore(url))
        copy = mine.load(links.table_id)
        barrier.wait()
        out.append(mine.answer_takeback(copy, _token(links, seat), True).status)

    threads = [threading.Thread(target=answer, args=(s,)) for s in (1, 2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(60)
    assert sorted(out) == ["accepted", "open"]  # the second answer saw the first
    store.sync(table)
    assert table.request is not None and table.request.answers == {1: True, 2: True}
    assert table.epoch == 1


def test_a_step_that_slipped_in_as_it_was_asked_voids_the_request(tmp_path: Path) -> None:
    url = tmp_path / "t.sqlite"
    store = TableStore(PlaytestStore(url))
    links = store.create(Setup(players=3, seed=5), ["human", "human", "human"], takeback=True)
    table = store.load(links.table_id)
    _until_turn_of(store, table, links, 0)
    late = TableStore(PlaytestStore(url))
    copy = late.load(links.table_id)  # read before the request
    store.ask_takeback(table, _token(links, 0))
    n = copy.step_no
    copy.game.apply(copy.game.legal_actions()[0])
    assert late._insert(copy, n, "human", copy.waiting_for()[1], None)  # the race's loser
    store.answer_takeback(table, _token(links, 1), True)
    done = store.answer_takeback(table, _token(links, 2), True)
    assert done.status == "void"
    assert table.step_no == n + 1 and table.epoch == 0  # nothing taken back


def test_an_older_store_gets_the_column(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    engine = sa.create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:  # the tables table as stores before take back made it
        conn.execute(
            sa.text(
                "CREATE TABLE tables (id VARCHAR(40) PRIMARY KEY, created FLOAT NOT NULL, "
                "setup TEXT NOT NULL, seats TEXT NOT NULL, spectator VARCHAR(64) NOT NULL "
                "UNIQUE, designer VARCHAR(64) NOT NULL UNIQUE, lang VARCHAR(8) NOT NULL, "
                "playtest VARCHAR(32) NOT NULL)"
            )
        )
        conn.execute(
            sa.text(
                "INSERT INTO tables VALUES ('old', 0, :setup, '[\"human\",\"human\"]', "
                "'s', 'd', 'de', 'r')"
            ),
            {"setup": json.dumps(Setup(players=2, seed=1).to_dict())},
        )
    engine.dispose()
    store = TableStore(PlaytestStore(path))
    assert store.load("old").takeback_allowed is False
    links = store.create(Setup(players=2, seed=1), ["human", "human"], takeback=True)
    assert store.load(links.table_id).takeback_allowed is True


# ---- the page's model ---------------------------------------------------------------------


def test_the_seats_see_the_request_answer_it_and_see_the_step_taken_back(
    tmp_path: Path,
) -> None:
    store = _store(tmp_path)
    links = store.create(SETUP, ["human", "careful", "human"], takeback=True)
    a = SeatModel(store, links.table_id, _token(links, 0), visitor="a")
    b = SeatModel(store, links.table_id, _token(links, 2), visitor="b")
    watcher = SeatModel(store, links.table_id, links.spectator)
    assert a.takeback_buttons() == frozenset() and a.takeback_text("en") is None
    rng = random.Random(4)
    while not (a.game.step_count > 0 and b.my_turn() and a.can_ask_takeback()):
        mover = a if a.my_turn() else b
        acts = list(mover.game.legal_actions())
        assert mover.act(acts[rng.randrange(len(acts))], "en") is None
        a.poll(), b.poll()
    assert a.takeback_buttons() == {"ask"} and b.takeback_buttons() == frozenset()
    n = a.table.step_no
    said = a.ask_takeback("en")
    assert not said.error and "waiting for: seat 3" in said.text
    assert a.takeback_buttons() == {"withdraw"}
    # The other seat and the spectator see it at their next poll, in their language.
    assert b.poll() is True and watcher.poll() is True
    assert b.takeback_buttons() == {"accept", "refuse"}
    assert watcher.takeback_buttons() == frozenset()
    en, de = b.takeback_text("en"), b.takeback_text("de")
    assert en is not None and de is not None
    assert "Seat 1" in en and "accept" in en and "Platz 1" in de and "zu?" in de
    assert "waits for the answers" in b.turn_text("en")
    assert "Antworten" in b.turn_text("de")
    assert not b.my_turn()
    refused = b.act(b.game.legal_actions()[0], "de")
    assert refused is not None and refused.error and "wartet" in refused.text
    # b accepts: everyone's screen shows the position before seat 1's step.
    assert not b.answer_takeback(True, "en").error
    assert a.poll() is True and watcher.poll() is True
    mine = a.table.request
    assert mine is not None and mine.status == "accepted"
    assert a.game.step_count == watcher.game.step_count == b.game.step_count == mine.step_no
    assert a.game.step_count < n and a.my_turn()
    assert "taken back" in (a.takeback_text("en") or "")
    assert "zurückgenommen" in (watcher.takeback_text("de") or "")
    assert a.poll() is False  # nothing new since


def test_a_refusal_is_said_and_the_buttons_go(tmp_path: Path) -> None:
    store = _store(tmp_path)
    links = store.create(Setup(players=2, seed=9), ["human", "human"], takeback=True)
    a = SeatModel(store, links.table_id, _token(links, 0))
    b = SeatModel(store, links.table_id, _token(links, 1))
    while not (b.my_turn() and a.can_ask_takeback()):
        mover = a if a.my_turn() else b
        assert mover.act(mover.game.legal_actions()[0], "en") is None
        a.poll(), b.poll()
    a.ask_takeback("de")
    b.poll()
    said = b.answer_takeback(False, "de")
    assert not said.error and "abgelehnt von Platz 2" in said.text
    a.poll()
    assert "refused by seat 2" in (a.takeback_text("en") or "")
    assert b.takeback_buttons() == frozenset() and b.my_turn()
    assert a.takeback_buttons() == frozenset()  # the same step is asked about once
    with pytest.raises(TableRefused) as again:
        store.ask_takeback(a.table, _token(links, 0))
    assert again.value.reason == "takeback" and "refused" in again.value.text_in("en")
    assert b.act(b.game.legal_actions()[0], "en") is None
    a.poll()
    assert a.takeback_text("en") is None

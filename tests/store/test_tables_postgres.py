"""Shared tables through a real PostgreSQL server (issue 23): the same SQLAlchemy store,
the same unique step number settling races, and LISTEN/NOTIFY waking a waiting seat
instead of a count query every poll.

The server is Debian's ``postgresql`` package, started for this module in a temporary
folder and stopped at its end (``tests/helpers/pg_server.py``; ``./run test`` installs the package
as root). Without it this module fails, saying what to install: it never skips.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from pg_server import PgServer

from verlies.setup import Setup
from verlies.store import PlaytestStore
from verlies.store.tables import TableGame, TableRefused, TableStore
from verlies.ui.table.table_model import SeatModel

#: A guard against a hung test, never a timing assertion: waits end on progress.
GUARD_S = 120.0


@pytest.fixture(scope="module")
def pg() -> Iterator[str]:
    with PgServer() as server:
        TableStore(server.url).close()  # the schema, made once before any racer
        yield server.url


def _queries(store: TableStore) -> list[str]:
    """Every SQL statement ``store`` sends from now on (a poll's cost, counted)."""
    seen: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_a: Any) -> None:
        seen.append(statement)

    sa.event.listen(store.engine, "before_cursor_execute", note)
    return seen


def _seat_player(url: str, table_id: str, token: str, target: int, out: Any) -> None:
    """One person's kernel in its own process: waits to be woken by the database, takes a
    random legal step at its turn, until the table has ``target`` steps or is over."""
    store = TableStore(PlaytestStore(url))
    me = SeatModel(store, table_id, token, visitor=f"proc-{token[:4]}")
    assert me.watch is not None
    rng = random.Random(me.seat)
    woken = empty_wakes = mine = 0
    while me.table.step_no < target and not me.game.is_over:
        if me.my_turn():
            acts = list(me.game.legal_actions())
            said = me.act(acts[rng.randrange(len(acts))], "en")
            assert said is None, said
            mine += 1
            continue
        if not me.watch.wait(GUARD_S):
            raise AssertionError(f"seat {me.seat} was never woken at step {me.table.step_no}")
        woken += 1
        if not me.poll() and not me.my_turn():
            empty_wakes += 1  # its own step's notice, or a step it had read already
    me.close()
    store.close()
    out.put((me.seat, me.game.to_json(), mine, woken, empty_wakes))


def test_two_processes_play_a_table_through_postgresql(pg: str) -> None:
    store = TableStore(pg)
    links = store.create(Setup(players=3, seed=21), ["human", "careful", "human"], lang="en")
    tokens = [t for t in links.seats if t is not None]
    target = 60
    ctx = mp.get_context("spawn")  # a fresh interpreter per player: two kernels
    out = ctx.Queue()
    procs = [
        ctx.Process(target=_seat_player, args=(pg, links.table_id, tok, target, out))
        for tok in tokens
    ]
    for p in procs:
        p.start()
    results = [out.get(timeout=GUARD_S * 2) for _ in procs]
    for p in procs:
        p.join(GUARD_S)
        assert p.exitcode == 0
    truth = store.load(links.table_id)
    assert truth.step_no >= target or truth.game.is_over
    # Both kernels ended on the table's one game, and the table's record is that game.
    for _seat, game_json, mine, woken, _empty in results:
        assert game_json == truth.game.to_json()
        assert mine > 0 and woken > 0
    by_seat = {r[0]: r for r in results}
    assert set(by_seat) == {0, 2}
    record = store.playtests.get(store.record_id(links.table_id), with_steps=True)
    assert record.game().to_json() == truth.game.to_json()
    assert [s["step"] for s in record.step_log] == json.loads(truth.game.to_json())["steps"]
    humans = [d for d in truth.deciders if d[0] == "human" and d[2] is not None]
    assert {d[1] for d in humans} == {0, 2}
    assert {"careful", "chance"} <= {d[0] for d in truth.deciders}
    store.close()


def test_a_waiting_seat_is_woken_by_notify_and_asks_nothing_meanwhile(pg: str) -> None:
    a_store, b_store = TableStore(pg), TableStore(pg)  # two kernels, two connection pools
    links = a_store.create(Setup(players=2, seed=8), ["human", "human"])
    first, second = links.seats
    assert first is not None and second is not None
    a = SeatModel(a_store, links.table_id, first)
    b = SeatModel(b_store, links.table_id, second)
    assert a.my_turn() and not b.my_turn()
    assert b.watch is not None
    woke = threading.Event()
    b.watch.on_change = woke.set  # the page hands this to the kernel's loop
    sent = _queries(b_store)
    for _ in range(50):  # 50 polls of a waiting seat: not one query
        assert b.poll() is False
    assert sent == []
    before = a.game.step_count
    acts = list(a.game.legal_actions())
    assert a.act(acts[0], "de") is None  # a person's step, then the dice: one commit each
    written = a.game.step_count - before
    assert b.watch.wait(GUARD_S) and woke.wait(GUARD_S)
    assert b.poll() is True
    while b.game.step_count < a.game.step_count:  # each further commit has its notice
        assert b.watch.wait(GUARD_S)
        b.poll()
    assert b.game.to_json() == a.game.to_json()
    for _ in range(50):
        assert b.poll() is False
    # Work only for the notices (a read each; a poll that finds the dice waiting between
    # two commits may write the roll itself), none for the 50 polls that had no notice.
    assert 1 <= len(sent) <= 4 * written
    for m in (a, b):
        m.close()
    a_store.close()
    b_store.close()


def test_sqlite_has_no_notifications_and_polls_with_one_count(tmp_path: Any) -> None:
    # The baseline the notifications replace: SQLite asks once per poll.
    store = TableStore(PlaytestStore(tmp_path / "t.sqlite"))
    links = store.create(Setup(players=2, seed=8), ["human", "human"])
    assert links.seats[1] is not None
    b = SeatModel(store, links.table_id, links.seats[1])
    assert b.watch is None
    sent = _queries(store)
    for _ in range(50):
        assert b.poll() is False
    assert len(sent) == 50 and all("count" in q.lower() for q in sent)


def test_simultaneous_steps_through_postgresql_take_exactly_one(pg: str) -> None:
    store = TableStore(pg)
    links = store.create(Setup(players=2, seed=4), ["human", "human"])
    token = links.seats[0]
    assert token is not None
    # The constraint itself: two kernels both synced, both write the same step number.
    a = store.load(links.table_id)
    other = TableStore(pg)
    b = other.load(links.table_id)
    acts = list(a.game.legal_actions())
    n = a.step_no
    a.game.apply(acts[0])
    b.game.apply(acts[-1])
    barrier = threading.Barrier(2)
    taken: dict[str, bool] = {}

    def write(name: str, s: TableStore, t: TableGame) -> None:
        barrier.wait()
        taken[name] = s._insert(t, n, "human", 0, name)

    threads = [
        threading.Thread(target=write, args=("a", store, a)),
        threading.Thread(target=write, args=("b", other, b)),
    ]
    for th in threads:
        th.start()
    for th in threads:
        th.join(GUARD_S)
    assert sorted(taken.values()) == [False, True]
    assert store.latest(links.table_id) == n + 1
    winner = acts[0] if taken["a"] else acts[-1]
    assert store.load(links.table_id).game.steps[n] == winner
    # Two clicks of one seat at once, through take(): one step, the other told "stale".
    c, d = store.load(links.table_id), other.load(links.table_id)
    store.advance(c)
    other.advance(d)
    seat_token = links.seats[c.waiting_for()[1] or 0]
    assert seat_token is not None
    m = c.step_no
    assert d.step_no == m
    barrier = threading.Barrier(2)
    said: list[str] = []

    def click(s: TableStore, t: TableGame, pick: int) -> None:
        options = list(t.game.legal_actions())
        barrier.wait()
        try:
            s.take(t, seat_token, m, options[pick % len(options)])
            said.append("taken")
        except TableRefused as e:
            said.append(e.reason)

    threads = [
        threading.Thread(target=click, args=(store, c, 0)),
        threading.Thread(target=click, args=(other, d, 1)),
    ]
    for th in threads:
        th.start()
    for th in threads:
        th.join(GUARD_S)
    assert sorted(said) == ["stale", "taken"]
    assert store.latest(links.table_id) == m + 1
    assert c.step_no == d.step_no == m + 1  # the loser shows the winner's step
    store.close()
    other.close()


def test_a_lost_listener_falls_back_to_polling(pg: str) -> None:
    store, other = TableStore(pg), TableStore(pg)
    links = store.create(Setup(players=2, seed=5), ["human", "human"])
    first, second = links.seats
    assert first is not None and second is not None
    a = SeatModel(store, links.table_id, first)
    b = SeatModel(other, links.table_id, second)
    assert b.watch is not None and b.watch.alive
    # The server ends the listening connection (a restart, a network cut).
    with store.engine.begin() as conn:
        ended = conn.execute(
            sa.text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()"
            )
        ).all()
    assert ended
    b.watch.wait(GUARD_S)  # the listener wakes its watches as it dies
    other._notifier._thread.join(GUARD_S)  # type: ignore[union-attr]
    assert not b.watch.alive
    acts = list(a.game.legal_actions())
    assert a.act(acts[0], "en") is None
    sent = _queries(other)
    assert b.poll() is True  # a count query told it, as on SQLite
    assert any("count" in q.lower() for q in sent)
    assert b.game.to_json() == a.game.to_json()
    # The next visitor of this kernel gets a new listener.
    again = other.watch(links.table_id)
    assert again is not None and again.alive
    for m in (a, b):
        m.close()
    store.close()
    other.close()


def test_take_back_through_postgresql_wakes_the_seats(pg: str) -> None:
    a_store, b_store = TableStore(pg), TableStore(pg)
    links = a_store.create(Setup(players=2, seed=9), ["human", "human"], takeback=True)
    first, second = links.seats
    assert first is not None and second is not None
    a = SeatModel(a_store, links.table_id, first)
    b = SeatModel(b_store, links.table_id, second)
    assert a.watch is not None and b.watch is not None
    while not (b.my_turn() and a.can_ask_takeback()):
        mover = a if a.my_turn() else b
        assert mover.act(mover.game.legal_actions()[0], "en") is None
        for m in (a, b):
            if not m.my_turn() and m is not mover:
                assert m.watch is not None and m.watch.wait(GUARD_S)
            m.poll()
    assert not a.ask_takeback("en").error
    assert b.watch.wait(GUARD_S) and b.poll() is True  # the request, told by NOTIFY
    assert b.takeback_buttons() == {"accept", "refuse"}
    sent = _queries(a_store)
    assert not b.answer_takeback(True, "en").error
    assert a.watch.wait(GUARD_S) and a.poll() is True
    assert a.game.to_json() == b.game.to_json() and a.my_turn()
    assert a.table.epoch == 1 and sent  # it read the new state once woken
    for _ in range(20):
        assert a.poll() is False
    # No query per poll: only the notices of the last commits (the answer, and any
    # step notice still on its way) are read, at most one each.
    assert len(sent) <= 4
    for m in (a, b):
        m.close()
    a_store.close()
    b_store.close()


def _fresh_database(url: str, name: str) -> str:
    """An empty database ``name`` on the server of ``url``; its URL."""
    engine = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}"'))
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return url.replace("/postgres?", f"/{name}?", 1)


def test_kernels_opening_an_empty_database_at_once_all_get_the_store(pg: str) -> None:
    """A class arrives at once on a JupyterHub with one new shared database: every kernel
    opens the stores (which create the tables) at the same moment. Each gets its store; the
    schema is made once (verlies.store.db.schema_change)."""
    from verlies.store.drafts import DraftStore

    openers = 8
    for attempt in range(3):  # three fresh databases: three races
        url = _fresh_database(pg, f"race{attempt}")
        start = threading.Barrier(openers)
        failures: list[str] = []

        def open_all(
            url: str = url, start: threading.Barrier = start, failures: list[str] = failures
        ) -> None:
            start.wait(GUARD_S)
            try:
                tables = TableStore(url)
                DraftStore(tables.playtests)
                tables.close()
            except Exception as e:  # any failure is the finding
                failures.append(f"{type(e).__name__}: {e}")

        threads = [threading.Thread(target=open_all) for _ in range(openers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(GUARD_S)
        assert failures == [], failures[:2]
        # the schema is whole: a table can be made and opened
        store = TableStore(url)
        links = store.create(Setup(players=2, seed=4), ["human", "careful"], lang="en")
        assert store.open(links.table_id, links.seats[0]).seat == 0
        store.close()


def test_an_older_store_gets_table_secrets_through_postgresql(pg: str) -> None:
    """A PostgreSQL store made before tables had secrets (issue 35): opening it adds the
    column and gives each table its own; kernels opening it at once add it once."""
    url = _fresh_database(pg, "older")
    store = TableStore(url)
    ids = [store.create(Setup(players=2, seed=4), ["human", "careful"]).table_id for _ in range(2)]
    with store.engine.begin() as conn:
        conn.execute(sa.text("ALTER TABLE tables DROP COLUMN secret"))
    store.close()
    failures: list[str] = []
    start = threading.Barrier(4)

    def open_one() -> None:
        start.wait(GUARD_S)
        try:
            TableStore(url).close()
        except Exception as e:  # any failure is the finding
            failures.append(f"{type(e).__name__}: {e}")

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(GUARD_S)
    assert failures == [], failures[:2]
    opened = TableStore(url)
    got = [opened.load(tid).secret for tid in ids]
    assert all(got) and len(set(got)) == 2
    table = opened.load(ids[0])
    opened.advance(table)
    assert opened.load(ids[0]).secret == got[0]  # kept
    opened.close()


def test_twin_tables_through_postgresql_look_the_same_to_seat_3(pg: str) -> None:
    """The twin tables of test_table_twins.py (one face-down card apart) in a PostgreSQL
    store: seat 3's and the spectator's games, read by kernels of their own, are the
    same; seat 2's are not; both tables wait for the same person at every step."""
    from test_table_twins import HOLDER, WATCHER, Twins

    store = TableStore(_fresh_database(pg, "twins"))
    twins = Twins(store)
    for _ in range(8):
        a, b = twins.tables
        assert a.waiting_for() == b.waiting_for()
        assert [store.advance(t) for t in twins.tables] == [0, 0]
        for seat in (WATCHER, None, HOLDER):
            models = [
                SeatModel(
                    store,
                    links.table_id,
                    links.spectator if seat is None else str(links.seats[seat]),
                )
                for links in twins.links
            ]
            seen = [m.seen().to_json() for m in models]
            assert (seen[0] == seen[1]) is (seat != HOLDER), seat
            for m in models:
                m.close()
        if a.game.is_over:
            break
        twins.one()
        twins.to_person()
    store.close()

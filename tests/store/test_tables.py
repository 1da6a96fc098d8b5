"""Shared tables (issue 23): one truth in the store, each seat's own view, refused
requests that change nothing, races the database settles, a kernel death that loses
nothing, and the table's game as one playtest record."""

from __future__ import annotations

import itertools
import json
import multiprocessing as mp
import random
import threading
from pathlib import Path

import pytest
import sqlalchemy as sa

from verlies.setup import Setup
from verlies.store import PlaytestStore
from verlies.store import tables as tables_module
from verlies.store.tables import TableGame, TableRefused, TableStore, tables


@pytest.fixture(autouse=True)
def _fixed_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each new table's chance fixed (its secret: "table-0", "table-1", ...): the games of
    this module's tables are the same at every run."""
    made = itertools.count()
    monkeypatch.setattr(tables_module, "new_secret", lambda: f"table-{next(made)}")


SETUP = Setup(players=3, seed=11)
SEATS = ["human", "careful", "human"]


def _pick(table: TableGame, rng: random.Random) -> object:
    actions = list(table.game.legal_actions())
    return actions[rng.randrange(len(actions))]


def _play(store: TableStore, table: TableGame, tokens: tuple[str | None, ...], moves: int) -> None:
    """Each person's seat takes ``moves`` decisions (random legal ones), bots and chance
    written by advance, as the page's kernels would."""
    rng = random.Random(5)
    for _ in range(moves):
        store.advance(table)
        kind, seat = table.waiting_for()
        if kind == "over":
            return
        assert kind == "human" and seat is not None
        token = tokens[seat]
        assert token is not None
        store.take(table, token, table.step_no, _pick(table, rng), visitor=f"browser-{seat}")


def test_links_are_unguessable_and_one_per_seat(tmp_path: Path) -> None:
    store = TableStore(PlaytestStore(tmp_path / "t.sqlite"))
    links = store.create(SETUP, SEATS)
    people = [t for t in links.seats if t is not None]
    assert links.seats[1] is None  # the bot's seat has no link
    everything = [links.table_id, *people, links.spectator, links.designer]
    assert len(set(everything)) == len(everything)
    for token in everything:
        assert len(token) >= 22  # url-safe base64: 6 bits a character, >= 128 bits
    assert store.open(links.table_id, people[0]).seat == 0
    assert store.open(links.table_id, people[1]).seat == 2
    assert store.open(links.table_id, links.spectator).role == "spectator"
    assert store.open(links.table_id, links.designer).sees_all
    assert "table=" in links.query(people[0]) and people[0] in links.query(people[0])


def test_refused_requests_change_nothing_and_say_why(tmp_path: Path) -> None:
    store = TableStore(PlaytestStore(tmp_path / "t.sqlite"))
    links = store.create(SETUP, SEATS)
    other = store.create(SETUP, SEATS)
    table = store.load(links.table_id)
    store.advance(table)
    kind, seat = table.waiting_for()
    assert kind == "human" and seat == 0
    mine, theirs = links.seats[0], links.seats[2]
    assert mine is not None and theirs is not None and other.seats[0] is not None
    action = table.game.legal_actions()[0]
    n = table.step_no
    cases = {
        "forged": (mine[:-2] + ("AA" if not mine.endswith("AA") else "BB"), n, "link"),
        "other table": (other.seats[0], n, "link"),
        "spectator": (links.spectator, n, "spectator"),
        "wrong seat": (theirs, n, "turn"),
        "stale": (mine, n - 1 if n else n + 1, "stale"),
        "ahead": (mine, n + 1, "stale"),
    }
    for name, (token, expected, reason) in cases.items():
        with pytest.raises(TableRefused) as caught:
            store.take(table, token, expected, action)
        assert caught.value.reason == reason, name
        de, en = caught.value.text_in("de"), caught.value.text_in("en")
        assert de and en and de != en, name
        assert store.latest(links.table_id) == n, name
        assert table.step_no == n, name
    # The same request once more after it was taken: a replay is stale.
    store.take(table, mine, n, action)
    assert store.latest(links.table_id) == n + 1
    with pytest.raises(TableRefused) as replay:
        store.take(table, mine, n, action)
    assert replay.value.reason == "stale"
    assert "step" in str(replay.value) and "Schritt" in replay.value.text_in("de")
    assert store.latest(links.table_id) == n + 1
    # A table id of nobody's table.
    with pytest.raises(TableRefused) as missing:
        store.take(table.__class__("nope", table.game, table.seats), mine, n + 1, action)
    assert missing.value.reason == "link"


def test_each_seat_sees_only_its_own_treasures(tmp_path: Path) -> None:
    store = TableStore(PlaytestStore(tmp_path / "t.sqlite"))
    links = store.create(SETUP, SEATS)
    table = store.load(links.table_id)
    _play(store, table, links.seats, 120)
    held = {f.seat: [h.card.id for h in f.treasures if not h.used] for f in table.game.figures}
    assert any(held.values()), "the test game should deal some treasure"
    for token in (links.seats[0], links.seats[2]):
        assert token is not None
        access = store.open(links.table_id, token)
        view = store.game_for(table, access)
        assert access.seat is not None
        assert sorted(view.my_treasures) == sorted(held[access.seat])
        for p in view.players():
            if p["seat"] != access.seat:
                assert "treasures" not in p  # the others' only as a count
    spectator = store.game_for(table, store.open(links.table_id, links.spectator))
    assert all("treasures" not in p for p in spectator.players())
    with pytest.raises(ValueError):
        spectator.my_treasures  # noqa: B018
    designer = store.game_for(table, store.open(links.table_id, links.designer))
    assert designer is table.game


def test_a_dead_kernel_loses_nothing_and_the_record_is_the_game(tmp_path: Path) -> None:
    url = tmp_path / "t.sqlite"
    store = TableStore(PlaytestStore(url))
    links = store.create(SETUP, SEATS, lang="en")
    table = store.load(links.table_id)
    _play(store, table, links.seats, 40)
    # The kernel dies; a new one (a new store object, a new game) reopens the table.
    again = TableStore(PlaytestStore(url)).load(links.table_id)
    assert again.game.to_json() == table.game.to_json()
    assert again.deciders == table.deciders
    record = store.playtests.get(store.record_id(links.table_id), with_steps=True)
    assert record.source == "table" and record.seats == tuple(SEATS)
    assert record.game().to_json() == table.game.to_json()
    assert [s["step"] for s in record.step_log] == json.loads(table.game.to_json())["steps"]
    actors = {s["actor"] for s in record.step_log}
    assert {"human", "careful", "chance"} <= actors
    assert any(d[2] == "browser-2" for d in again.deciders)
    assert record.id in [r.id for r in store.playtests.records()]


def test_any_kernel_may_advance_and_the_game_is_the_same(tmp_path: Path) -> None:
    # Bots and rolls are written by whichever kernel is first: two kernels racing give
    # the same game as one kernel alone.
    url = tmp_path / "t.sqlite"
    store = TableStore(PlaytestStore(url))
    links = store.create(SETUP, ["careful", "greedy", "careful"])
    # The same table (id and secret: its chance) alone in a store of its own.
    solo_store = TableStore(PlaytestStore(tmp_path / "solo.sqlite"))
    solo = solo_store.create(SETUP, ["careful", "greedy", "careful"])
    with store.engine.connect() as conn:
        secret = conn.execute(
            sa.select(tables.c.secret).where(tables.c.id == links.table_id)
        ).scalar_one()
    with solo_store.engine.begin() as conn:
        conn.execute(
            tables.update()
            .where(tables.c.id == solo.table_id)
            .values(id=links.table_id, secret=secret)
        )
    alone = solo_store.load(links.table_id)
    solo_store.advance(alone)
    assert alone.game.is_over

    barrier = threading.Barrier(2)
    games: list[TableGame] = []

    def kernel() -> None:
        mine = TableStore(PlaytestStore(url))
        table = mine.load(links.table_id)
        barrier.wait()
        while not table.game.is_over:
            mine.advance(table, limit=3)
        games.append(table)

    threads = [threading.Thread(target=kernel) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(games) == 2
    steps = json.loads(alone.game.to_json())["steps"]
    for g in games:
        assert json.loads(g.game.to_json())["steps"] == steps
    assert store.latest(links.table_id) == len(steps)


def test_two_inserts_of_one_step_number_the_database_keeps_one(tmp_path: Path) -> None:
    # Without timing: two kernels both synced, both apply their step, both write it.
    url = tmp_path / "t.sqlite"
    store = TableStore(PlaytestStore(url))
    links = store.create(SETUP, ["human", "human", "human"])
    a = store.load(links.table_id)
    b = TableStore(PlaytestStore(url)).load(links.table_id)
    acts = list(a.game.legal_actions())
    n = a.step_no
    a.game.apply(acts[0])
    b.game.apply(acts[-1])
    assert store._insert(a, n, "human", 0, "a") is True
    assert store._insert(b, n, "human", 0, "b") is False
    assert store.latest(links.table_id) == n + 1
    fresh = store.load(links.table_id)
    assert fresh.game.steps[n] == acts[0]


def _racer(url: str, table_id: str, token: str, pick: int, start: object, out: object) -> None:
    store = TableStore(PlaytestStore(url))
    table = store.load(table_id)
    acts = list(table.game.legal_actions())
    n = table.step_no
    start.wait()  # type: ignore[attr-defined]
    try:
        store.take(table, token, n, acts[pick % len(acts)], visitor=f"tab-{pick}")
        out.put(("taken", table.step_no))  # type: ignore[attr-defined]
    except TableRefused as e:
        out.put((e.reason, table.step_no))  # type: ignore[attr-defined]


def test_simultaneous_clicks_from_two_processes_take_exactly_one_step(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 't.sqlite'}"
    store = TableStore(PlaytestStore(url))
    links = store.create(Setup(players=2, seed=4), ["human", "human"])
    token = links.seats[0]
    assert token is not None
    before = store.latest(links.table_id)
    ctx = mp.get_context("fork")
    start, out = ctx.Barrier(2), ctx.Queue()
    procs = [
        ctx.Process(target=_racer, args=(url, links.table_id, token, i, start, out))
        for i in range(2)
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    results = sorted(out.get(timeout=5) for _ in procs)
    assert [r[0] for r in results] == ["stale", "taken"]
    assert store.latest(links.table_id) == before + 1
    # The loser sees the new position: its game is at the winner's step count.
    assert {r[1] for r in results} == {before + 1}


def test_a_copy_moved_off_the_line_is_rebuilt_from_the_store(tmp_path: Path) -> None:
    store = TableStore(PlaytestStore(tmp_path / "t.sqlite"))
    links = store.create(SETUP, SEATS)
    table = store.load(links.table_id)
    _play(store, table, links.seats, 10)
    truth = table.game.to_json()
    table.game.undo(3)  # what an undo button would do to the kernel's copy
    store.sync(table)
    assert table.game.to_json() == truth
    if table.game.is_chance:
        outcome = table.game.chance_outcomes()[-1][0]
    else:
        outcome = table.game.legal_actions()[-1]
    table.game.apply(outcome)  # a what-if step nobody sent to the table
    store.sync(table)
    assert table.game.to_json() == truth

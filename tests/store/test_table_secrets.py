"""A shared table's chance comes from its own secret (issue 35): the dice, draws and the
bots' seeds of a table are ``HMAC(secret, take backs, step)``, not the setup's
seed; a recorded table replays exactly; two tables of one setup roll differently; a
store made before secrets gives its tables one when it is opened (SQLite here,
PostgreSQL in test_tables_postgres.py); hot-seat games keep the seed."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
import sqlalchemy as sa

from verlies.game import Game
from verlies.legal import sample_outcome
from verlies.setup import Setup
from verlies.store import PlaytestStore
from verlies.store import tables as tables_module
from verlies.store.tables import TableGame, TableStore, chance_bits, tables
from verlies.ui.core.session import Session

SETUP = Setup(players=3, seed=11)
BOTS = ["careful", "greedy", "careful"]


@pytest.fixture(autouse=True)
def _fixed_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each new table's secret fixed ("secret-0", "secret-1", ...): the same games at
    every run."""
    made = itertools.count()
    monkeypatch.setattr(tables_module, "new_secret", lambda: f"secret-{next(made)}")


def _secret(store: TableStore, table_id: str) -> str | None:
    with store.engine.connect() as conn:
        got = conn.execute(sa.select(tables.c.secret).where(tables.c.id == table_id))
        return got.scalar_one()  # type: ignore[no-any-return]


def _rolls_and_seed_guesses(table: TableGame) -> tuple[int, int]:
    """The table's die rolls, and how many of them the setup's seed predicts (the
    outcome a game of that seed rolls at that step)."""
    replay = Game.from_setup(table.game.setup)
    rolls = guessed = 0
    for step in table.game.steps:
        if replay.is_chance and replay.chance_kind == "die":
            rolls += 1
            guessed += sample_outcome(replay.state) == step
        replay.apply(step)
    return rolls, guessed


def test_two_tables_of_one_setup_roll_differently_and_the_seed_predicts_neither(
    tmp_path: Path,
) -> None:
    store = TableStore(PlaytestStore(tmp_path / "t.sqlite"))
    games = []
    for _ in range(2):
        links = store.create(SETUP, BOTS)
        table = store.load(links.table_id)
        store.advance(table, limit=400)
        games.append(table)
    a, b = games
    assert _secret(store, a.table_id) != _secret(store, b.table_id)
    assert a.game.steps[:200] != b.game.steps[:200]
    for table in games:
        rolls, guessed = _rolls_and_seed_guesses(table)
        assert rolls >= 20, "the test wants dice"
        # A die the seed predicted every time would be 1.0; chance alone is about 1/6.
        assert guessed / rolls < 0.5, (guessed, rolls)
    # A game of that seed alone, as hot-seat plays it, is what the seed says.
    hot = Session.new(SETUP, BOTS)
    hot.run("end", limit=400)
    rolls, guessed = _rolls_and_seed_guesses(TableGame("hot", hot.game, tuple(BOTS)))
    assert rolls >= 10 and guessed == rolls


def test_a_recorded_table_replays_exactly_and_any_kernel_rolls_the_same(tmp_path: Path) -> None:
    url = tmp_path / "t.sqlite"
    store = TableStore(PlaytestStore(url))
    links = store.create(SETUP, BOTS)
    table = store.load(links.table_id)
    store.advance(table, limit=150)
    # A kernel that comes later rebuilds the table from its record: the same game.
    later = TableStore(PlaytestStore(url)).load(links.table_id)
    assert later.game.to_json() == table.game.to_json()
    # The next steps are the same whichever kernel writes them.
    other = TableStore(PlaytestStore(url))
    copy = other.load(links.table_id)
    n = table.step_no
    assert chance_bits(copy, n) == chance_bits(table, n)
    other.advance(copy, limit=40)
    store.sync(table)  # reads the steps the other kernel wrote
    assert table.game.to_json() == copy.game.to_json()
    # The record's save file replays to the same position.
    record = PlaytestStore(url).get(store.record_id(links.table_id))
    assert record.game().to_json() == table.game.to_json()


def test_a_step_taken_again_after_a_take_back_is_rolled_anew(tmp_path: Path) -> None:
    store = TableStore(PlaytestStore(tmp_path / "t.sqlite"))
    links = store.create(SETUP, BOTS, takeback=True)
    table = store.load(links.table_id)
    before = chance_bits(table, 7)
    table.epoch += 1  # as a take back accepted
    assert chance_bits(table, 7) != before
    assert chance_bits(table, 7, "bot1") != chance_bits(table, 7, "bot2")
    with pytest.raises(ValueError, match="no secret"):
        chance_bits(TableGame("x", table.game, table.seats), 0)


def test_an_older_store_gives_its_tables_secrets_when_opened(tmp_path: Path) -> None:
    url = tmp_path / "old.sqlite"
    store = TableStore(PlaytestStore(url))
    ids = [store.create(SETUP, ["human", "careful", "human"]).table_id for _ in range(2)]
    store.close()
    # The store as a version before secrets wrote it: no such column.
    engine = sa.create_engine(f"sqlite:///{url}")
    with engine.begin() as conn:
        conn.execute(sa.text("ALTER TABLE tables DROP COLUMN secret"))
    with engine.connect() as conn:
        columns = {c["name"] for c in sa.inspect(conn).get_columns("tables")}
    assert "secret" not in columns
    engine.dispose()
    opened = TableStore(PlaytestStore(url))
    secrets = [_secret(opened, tid) for tid in ids]
    assert all(secrets) and len(set(secrets)) == 2
    table = opened.load(ids[0])
    assert table.secret == secrets[0]
    opened.advance(table)  # the table plays on
    # A table an older kernel wrote since (no secret) gets one when it is loaded.
    with opened.engine.begin() as conn:
        conn.execute(tables.update().where(tables.c.id == ids[1]).values(secret=None))
    assert opened.load(ids[1]).secret and _secret(opened, ids[1])
    # Opening again changes no secret.
    assert [_secret(TableStore(PlaytestStore(url)), tid) for tid in ids[:1]] == secrets[:1]


def test_no_seat_page_data_holds_the_secret_or_the_seed(tmp_path: Path) -> None:
    store = TableStore(PlaytestStore(tmp_path / "t.sqlite"))
    links = store.create(SETUP, ["human", "careful", "human"])
    table = store.load(links.table_id)
    store.advance(table)
    secret = _secret(store, links.table_id)
    assert secret is not None and secret not in repr(table)
    from verlies.ui.table.table_model import SeatModel

    for token in (links.seats[0], links.spectator):
        assert token is not None
        seen = SeatModel(store, links.table_id, token).seen()
        data = json.loads(seen.to_json())
        assert data["setup"]["seed"] == 0 and secret not in seen.to_json()

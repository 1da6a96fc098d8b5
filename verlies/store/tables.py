"""Shared tables: one game played from several browsers, its truth in the playtest store.

A table is a setup, its seats (a person through a seat link, or a bot chosen at setup),
a spectator link and the steps taken so far. No kernel holds the game: every kernel
rebuilds it by replaying the table's steps through the engine (deterministic from the
seed and the steps, ``verlies/record.py``) and catches up by reading only the steps it
has not seen (:meth:`TableStore.sync`).

One truth, no lost or doubled steps: a step is a row with a UNIQUE (table, step number).
A step request names the table, the seat's token, the step number it expects to take and
the action; two seats acting at once insert the same step number and the database lets
exactly one of them in. The other is refused (:class:`TableRefused`, "stale") and sees
the new position. Forged, replayed, wrong-seat and other-table requests are refused the
same way, before anything is written.

Bots and chance are nobody's kernel: whichever kernel notices first that the table waits
for a bot or a roll writes that step (:meth:`TableStore.advance`);
the step is the same whoever computes it (a bot is made fresh for each decision, seeded
from the table's secret, the seat and the step number; a roll depends on the secret and
the step number only), and the unique step number keeps it single.

Chance a seat cannot predict (issue 35): a table's dice, draws and bots' seeds come from
a secret of its own, made with the table and kept in the store (``tables.secret``), never
from the setup's seed: ``HMAC-SHA256(secret, take backs so far, step number)``.
The seed is on no seat's page, and even the seed would predict nothing. The record holds
every step, so a table still replays exactly; hot-seat games and the lab keep the seed.

The table's game is also one playtest record (``verlies playtests``): source "table",
updated in the same transaction as each step, with who decided every step.

Waiting kernels learn of a new step by asking (a count query per poll, SQLite) or, where
the database notifies, by being told: on PostgreSQL each step's transaction sends
``NOTIFY`` and each kernel's one ``LISTEN`` connection wakes that table's visitors
(:class:`TableNotifier`, :meth:`TableStore.watch`).

The module's parts: :mod:`verlies.store.table_schema` (the rows), ``table_steps`` (a
table's game and its steps), ``table_takebacks`` (taking back) and ``table_notifier``
(PostgreSQL's notifications); every name is importable from here as before.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Sequence

import sqlalchemy as sa

from verlies.game import Game
from verlies.setup import Setup
from verlies.sim.bots import make_bot
from verlies.store import db
from verlies.store.db import PlaytestStore, StoreError
from verlies.store.table_notifier import TableNotifier, TableWatch
from verlies.store.table_schema import (
    CHANNEL,
    HUMAN,
    MAX_ADVANCE,
    MAX_TAKEBACKS,
    TOKEN_BYTES,
    TakeBack,
    add_secret_column,
    add_takeback_column,
    table_seats,
    table_steps,
    tables,
    takebacks,
    undone_steps,
)
from verlies.store.table_steps import (
    Access,
    SpectatorView,
    TableGame,
    TableLinks,
    TableRefused,
    TableSteps,
    chance_bits,
    last_choice,
    table_refused,
)
from verlies.store.table_takebacks import TableTakeBacks

__all__ = [
    "CHANNEL",
    "HUMAN",
    "MAX_ADVANCE",
    "MAX_TAKEBACKS",
    "TOKEN_BYTES",
    "Access",
    "SpectatorView",
    "TableGame",
    "TableLinks",
    "TableNotifier",
    "TableRefused",
    "TableSteps",
    "TableStore",
    "TableTakeBacks",
    "TableWatch",
    "TakeBack",
    "chance_bits",
    "last_choice",
    "new_secret",
    "table_seats",
    "table_steps",
    "tables",
    "takebacks",
    "undone_steps",
]


def _token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_secret() -> str:
    """A new table's secret (192 random bits). Tests that need a table's course fixed
    replace this function; nothing else does."""
    return secrets.token_urlsafe(TOKEN_BYTES)


class TableStore(TableTakeBacks):
    """Shared tables in the playtest store's database (any SQLAlchemy URL).

    >>> from verlies.setup import Setup
    >>> store = TableStore(PlaytestStore("sqlite://"))
    >>> links = store.create(Setup(players=2, seed=3), ["human", "careful"])
    >>> table = store.open(links.table_id, links.seats[0])
    >>> table.seat, links.seats[1] is None
    (0, True)
    """

    def __init__(self, playtests: PlaytestStore | str | None = None) -> None:
        self.playtests = (
            playtests if isinstance(playtests, PlaytestStore) else PlaytestStore(playtests)
        )
        self.engine = self.playtests.engine
        self.url = self.playtests.url
        try:
            with db.schema_change(self.engine) as conn:
                db.metadata.create_all(conn)  # tables made by an older store get the new ones
                add_takeback_column(conn)
                add_secret_column(conn, new_secret)
        except sa.exc.SQLAlchemyError as e:
            raise StoreError(words=db.database_error("store.err.open", self.url, e)) from None
        #: The database tells waiting kernels of a new step (PostgreSQL's LISTEN/NOTIFY)
        #: instead of each asking every poll (SQLite: a count query per poll).
        self.notifies = self.engine.dialect.name == "postgresql"
        self._notifier: TableNotifier | None = None
        self._notifier_lock = threading.Lock()

    def watch(self, table_id: str) -> TableWatch | None:
        """A handle that learns of the table's new steps without asking the database
        (PostgreSQL: one LISTEN connection per store, i.e. per kernel), or None where the
        database has no notifications (SQLite): then :meth:`latest` is the poll."""
        if not self.notifies:
            return None
        with self._notifier_lock:
            if self._notifier is None or not self._notifier.alive:
                self._notifier = TableNotifier(self.engine)
            return self._notifier.watch(table_id)

    def close(self) -> None:
        """Stop the notification listener (if any) and close the pool's connections."""
        with self._notifier_lock:
            if self._notifier is not None:
                self._notifier.stop()
                self._notifier = None
        self.engine.dispose()

    # ---- making a table ----------------------------------------------------------------

    def create(
        self,
        setup: Setup,
        seats: Sequence[str],
        *,
        lang: str = "de",
        creator: str | None = None,
        takeback: bool = False,
    ) -> TableLinks:
        """A new table of ``setup``: a person (``"human"``) or a bot name per seat.
        ``takeback``: a seat may ask to take back its last step (every other person must
        accept); otherwise the table only ever moves forward."""
        if len(seats) != setup.players:
            raise ValueError(f"{setup.players} seats, got {len(seats)}")
        for name in seats:
            if name != HUMAN:
                make_bot(name, 0)  # ValueError naming the bot now, not mid-game
        game = Game.from_setup(setup)
        tid = _token()
        tokens = [_token() if s == HUMAN else None for s in seats]
        spectator, designer = _token(), _token()
        now = time.time()
        rid = self.playtests.begin(game, list(seats), client=creator, lang=lang, source="table")
        with self._write() as conn:
            conn.execute(
                tables.insert().values(
                    id=tid,
                    created=now,
                    setup=json.dumps(setup.to_dict(), ensure_ascii=False),
                    seats=json.dumps(list(seats)),
                    spectator=spectator,
                    designer=designer,
                    lang=lang,
                    playtest=rid,
                    takeback=takeback,
                    secret=new_secret(),
                )
            )
            rows = [
                {"table_id": tid, "seat": i, "token": t, "visitor": None}
                for i, t in enumerate(tokens)
                if t is not None
            ]
            if rows:
                conn.execute(table_seats.insert(), rows)
        return TableLinks(tid, tuple(tokens), spectator, designer)

    def load(self, table_id: str) -> TableGame:
        """The table's game rebuilt from its setup and every step (a fresh kernel, or one
        that came back after a death: nothing is lost, the store has every step)."""
        with self._read() as conn:
            row = conn.execute(
                sa.select(tables.c.setup, tables.c.seats, tables.c.takeback, tables.c.secret).where(
                    tables.c.id == table_id
                )
            ).first()
        if row is None:
            raise table_refused("link", "no_table", table=repr(table_id[:12]))
        game = Game.from_setup(Setup.from_dict(json.loads(row.setup)))
        table = TableGame(
            table_id,
            game,
            tuple(json.loads(row.seats)),
            takeback_allowed=bool(row.takeback),
            secret=row.secret or self._give_secret(table_id),
        )
        self.sync(table)
        return table

    def _give_secret(self, table_id: str) -> str:
        """The secret of a table written without one (by an older kernel since the store
        was opened): made now, once, whoever asks first."""
        with self._write() as conn:
            conn.execute(
                tables.update()
                .where(tables.c.id == table_id, tables.c.secret.is_(None))
                .values(secret=new_secret())
            )
            got = conn.execute(
                sa.select(tables.c.secret).where(tables.c.id == table_id)
            ).scalar_one()
        return str(got)

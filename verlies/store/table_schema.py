"""The shared tables' rows in the playtest store's database: the schema, a take-back
request as stored, and the columns a store made by an older version gets when it is
opened. Part of :mod:`verlies.store.tables` (which names all of it as before)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from verlies.store import db

HUMAN = "human"
#: Bytes of randomness in a seat or spectator token (``secrets.token_urlsafe``): 192 bits.
TOKEN_BYTES = 24
#: Steps one :meth:`TableStore.advance` writes at most before it hands back (a bounded
#: cost per call; the next poll goes on).
MAX_ADVANCE = 5_000
#: The PostgreSQL channel a step's transaction notifies (payload: the table id) and a
#: kernel's :class:`TableNotifier` listens on.
CHANNEL = "verlies_table_steps"

tables = sa.Table(
    "tables",
    db.metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("setup", sa.Text, nullable=False),  # Setup.to_dict() as JSON
    sa.Column("seats", sa.Text, nullable=False),  # JSON: "human" or a bot name per seat
    sa.Column("spectator", sa.String(64), nullable=False, unique=True),
    sa.Column("designer", sa.String(64), nullable=False, unique=True),
    sa.Column("lang", sa.String(8), nullable=False),
    sa.Column("playtest", sa.String(32), nullable=False),  # its record in "playtests"
    # The creator allowed "take back" (a seat asks, every other person accepts).
    sa.Column("takeback", sa.Boolean, nullable=False, server_default=sa.false()),
    # The table's chance (dice, draws, bots' seeds): never sent to a seat (issue 35). Made
    # for a table of an older store when the store is opened (add_secret_column).
    sa.Column("secret", sa.String(64)),
)
table_seats = sa.Table(
    "table_seats",
    db.metadata,
    sa.Column("table_id", sa.String(40), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("token", sa.String(64), nullable=False, unique=True),
    sa.Column("visitor", sa.String(64)),  # the browser that last opened the seat link
)
table_steps = sa.Table(
    "table_steps",
    db.metadata,
    sa.Column("table_id", sa.String(40), nullable=False),
    sa.Column("step_no", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("actor", sa.String(32), nullable=False),  # "human", a bot name, "chance"
    sa.Column("seat", sa.Integer),  # whose decision (None: chance)
    sa.Column("visitor", sa.String(64)),  # the browser that sent it (a human's step)
    sa.Column("step", sa.Text, nullable=False),  # as the save file writes it
    # The one truth: a table's step number is taken once, whoever races for it.
    sa.UniqueConstraint("table_id", "step_no", name="one_step_per_number"),
)


#: A "take back" request and what became of it: the table's record of the event. Its
#: (table, number) is unique, so two seats asking at once make one request.
takebacks = sa.Table(
    "table_takebacks",
    db.metadata,
    sa.Column("table_id", sa.String(40), primary_key=True),
    sa.Column("no", sa.Integer, primary_key=True),  # 0, 1, ... per table
    sa.Column("seat", sa.Integer, nullable=False),  # who asks
    sa.Column("step_no", sa.Integer, nullable=False),  # its last step: undone from here on
    sa.Column("upto", sa.Integer, nullable=False),  # the table's steps when it asked
    sa.Column("asked", sa.Float, nullable=False),
    sa.Column("visitor", sa.String(64)),
    # "open", "accepted", "refused", "withdrawn", "void" (the table moved on meanwhile)
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("answers", sa.Text, nullable=False),  # JSON {"seat": true/false}
    sa.Column("decided", sa.Float),
    # Every change adds one: a change is written only over the version it read.
    sa.Column("version", sa.Integer, nullable=False),
    # Take-backs accepted at this table up to and with this one: a kernel whose copy
    # counts fewer rebuilds it from the store.
    sa.Column("epoch", sa.Integer, nullable=False),
    sa.Column("line", sa.Text),  # an accepted one: the whole line it left (save-file steps)
)
#: The steps a take back undid, as they were written: the table's steps never vanish.
undone_steps = sa.Table(
    "table_steps_undone",
    db.metadata,
    sa.Column("table_id", sa.String(40), primary_key=True),
    sa.Column("takeback", sa.Integer, primary_key=True),
    sa.Column("step_no", sa.Integer, primary_key=True),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("actor", sa.String(32), nullable=False),
    sa.Column("seat", sa.Integer),
    sa.Column("visitor", sa.String(64)),
    sa.Column("step", sa.Text, nullable=False),
)
#: Take backs one table may accept: each leaves a branch in the table's playtest record,
#: and a save file holds at most ``verlies.tree.MAX_BRANCHES`` lines.
MAX_TAKEBACKS = 63


@dataclass(frozen=True)
class TakeBack:
    """A take-back request as stored: who asked to undo which step, who answered what."""

    no: int
    seat: int
    step_no: int
    upto: int
    status: str
    answers: dict[int, bool]
    epoch: int
    version: int

    def waiting_on(self, seats: Sequence[str]) -> list[int]:
        """The people who have not answered yet (every person but the asker)."""
        return [
            i
            for i, kind in enumerate(seats)
            if kind == HUMAN and i != self.seat and i not in self.answers
        ]

    @property
    def refused_by(self) -> list[int]:
        return [seat for seat, yes in sorted(self.answers.items()) if not yes]


def takeback_of(row: Any) -> TakeBack:
    return TakeBack(
        no=int(row.no),
        seat=int(row.seat),
        step_no=int(row.step_no),
        upto=int(row.upto),
        status=str(row.status),
        answers={int(k): bool(v) for k, v in json.loads(row.answers).items()},
        epoch=int(row.epoch),
        version=int(row.version),
    )


def add_takeback_column(conn: sa.Connection) -> None:
    """A store made before take backs has a ``tables`` table without the column: add it
    (off for those tables), as ``create_all`` adds only missing tables."""
    columns = {c["name"] for c in sa.inspect(conn).get_columns("tables")}
    if "takeback" in columns:
        return
    false = "0" if conn.dialect.name == "sqlite" else "false"
    conn.execute(
        sa.text(f"ALTER TABLE tables ADD COLUMN takeback BOOLEAN NOT NULL DEFAULT {false}")
    )


def add_secret_column(conn: sa.Connection, new_secret: Callable[[], str]) -> None:
    """A store made before tables had secrets: add the column and give every table one
    (``new_secret()``; its steps so far stay as they were written; its chance from now on
    is its secret's)."""
    columns = {c["name"] for c in sa.inspect(conn).get_columns("tables")}
    if "secret" not in columns:
        conn.execute(sa.text("ALTER TABLE tables ADD COLUMN secret VARCHAR(64)"))
    ids = conn.execute(sa.select(tables.c.id).where(tables.c.secret.is_(None))).scalars().all()
    for tid in ids:
        conn.execute(
            tables.update()
            .where(tables.c.id == tid, tables.c.secret.is_(None))
            .values(secret=new_secret())
        )

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
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from verlies.actions import Action
from verlies.errors import Inner, Phrase, WordedError
from verlies.game import Game
from verlies.legal import sample_outcome
from verlies.record import Step, step_from_json, step_to_json
from verlies.setup import Setup
from verlies.sim.bots import make_bot
from verlies.store import db
from verlies.store.db import PlaytestStore, StoreError
from verlies.views import PlayerView

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
    # for a table of an older store when the store is opened (_add_secret_column).
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


class TableRefused(WordedError):
    """A step request the table does not take; nothing was written. ``reason`` says
    which kind: "link" (no such seat at this table), "spectator", "turn" (not this
    seat's turn), "stale" (the table moved on: the step number is taken), "illegal",
    "over"."""

    def __init__(self, reason: str, words: Phrase) -> None:
        self.reason = reason
        super().__init__(words=words)


@dataclass(frozen=True)
class TableLinks:
    """What "Invite to this table" hands out: the table id and one token per seat (None
    for a bot's seat), the spectator's and the designer's (who sees every hidden card)."""

    table_id: str
    seats: tuple[str | None, ...]
    spectator: str
    designer: str

    def query(self, token: str) -> str:
        """The page address query that opens ``token``'s view of this table."""
        return f"table={self.table_id}&seat={token}"


@dataclass(frozen=True)
class Access:
    """Who a token is at a table: a seat (``seat``), a spectator, or the designer."""

    table_id: str
    role: str  # "seat", "spectator", "designer"
    seat: int | None = None

    @property
    def sees_all(self) -> bool:
        return self.role == "designer"


@dataclass
class TableGame:
    """One kernel's copy of a table's game, caught up by :meth:`TableStore.sync`."""

    table_id: str
    game: Game
    seats: tuple[str, ...]
    #: Who decided each step, by step number: ("human", seat, visitor), (bot, seat, None),
    #: ("chance", None, None).
    deciders: list[tuple[str, int | None, str | None]] = field(default_factory=list)
    #: The creator allowed take-back requests at this table.
    takeback_allowed: bool = False
    #: Take backs accepted so far as this copy knows (its steps are their outcome).
    epoch: int = 0
    #: The table's latest take-back request (None: never asked), as last read.
    request: TakeBack | None = None
    #: The table's secret (its dice, draws and bots' seeds): server side only.
    secret: str = field(default="", repr=False)

    @property
    def step_no(self) -> int:
        """The number the next step will take (the steps taken so far)."""
        return self.game.step_count

    @property
    def paused(self) -> bool:
        """A take-back request waits for answers: nobody steps, no bot, no roll."""
        return self.request is not None and self.request.status == "open"

    def waiting_for(self) -> tuple[str, int | None]:
        """What the table waits for: ("over", None), ("human", seat), ("bot", seat) or
        ("chance", None) (a roll, which any kernel takes), or ("answers", asker) while a
        take-back request is open.

        A person's forced decision (one option: "no bonus" when no treasure it holds
        fits, ``Game.forced_action``) waits for that person like any other (issue 35):
        taken at once, it would tell everyone at the table that the seat holds no
        fitting card."""
        g = self.game
        if self.paused:
            assert self.request is not None
            return ("answers", self.request.seat)
        if g.is_over:
            return ("over", None)
        if g.is_chance:
            return ("chance", None)
        seat = g.current_player
        if self.seats[seat] != HUMAN:
            return ("bot", seat)
        return ("human", seat)


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


class _Changed(Exception):
    """Another kernel changed the request first."""


class _SlippedIn(Exception):
    """A step was written while a take back was being written."""


def _takeback(row: Any) -> TakeBack:
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


class SpectatorView(PlayerView):
    """What a spectator sees: the public game (every seat's treasures as a count only,
    private events in their public form); it has no seat, so no hand of its own."""

    def __init__(self, game: Game) -> None:
        super().__init__(game, -1)

    def _no_seat(self) -> Any:
        raise ValueError("a spectator has no seat")

    me = property(_no_seat)
    position = property(_no_seat)
    character = property(_no_seat)
    my_treasures = property(_no_seat)
    my_gold = property(_no_seat)


def _token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_secret() -> str:
    """A new table's secret (192 random bits). Tests that need a table's course fixed
    replace this function; nothing else does."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def _refused(reason: str, key: str, **values: Any) -> TableRefused:
    return TableRefused(reason, Phrase.of(f"table.err.{key}", **values))


def _stale(table: TableGame, expected: int, seat: int) -> TableRefused:
    """The refusal of step ``expected`` (0-based) by ``seat``, taken already: by whom
    (this seat from another tab or window, another seat, or the table's dice and bots;
    ``table`` has read it) and no step number of the moment, which the table's bots and
    dice would make old at once: the page shows the position as it is."""
    done = table.deciders[expected] if expected < len(table.deciders) else None
    if done is not None and done[0] == HUMAN and done[1] == seat:
        return _refused("stale", "stale_mine", step=expected + 1)
    if done is not None and done[0] == HUMAN and done[1] is not None:
        return _refused("stale", "stale_seat", step=expected + 1, by=done[1] + 1)
    return _refused("stale", "stale_moved", step=expected + 1)


class TableStore:
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
                _add_takeback_column(conn)
                _add_secret_column(conn)
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

    # ---- who is asking -----------------------------------------------------------------

    def open(self, table_id: str, token: str, *, visitor: str | None = None) -> Access:
        """Who ``token`` is at ``table_id``; TableRefused ("link") for any other token
        (a seat of another table included). A seat's visitor is remembered."""
        with self._read() as conn:
            row = conn.execute(
                sa.select(tables.c.spectator, tables.c.designer).where(tables.c.id == table_id)
            ).first()
            if row is None:
                raise _refused("link", "no_table", table=repr(table_id[:12]))
            seat_rows = conn.execute(
                sa.select(table_seats.c.seat, table_seats.c.token).where(
                    table_seats.c.table_id == table_id
                )
            ).all()
        given = str(token).encode()
        seat = None
        for r in seat_rows:
            if hmac.compare_digest(r.token.encode(), given):
                seat = int(r.seat)
        if seat is not None:
            if visitor is not None:
                with self._write() as conn:
                    conn.execute(
                        table_seats.update()
                        .where(table_seats.c.table_id == table_id, table_seats.c.seat == seat)
                        .values(visitor=visitor)
                    )
            return Access(table_id, "seat", seat)
        if hmac.compare_digest(row.designer.encode(), given):
            return Access(table_id, "designer")
        if hmac.compare_digest(row.spectator.encode(), given):
            return Access(table_id, "spectator")
        raise _refused("link", "bad_link")

    # ---- reading the game ----------------------------------------------------------------

    def latest(self, table_id: str) -> int:
        """The table's step count: the cheap question a polling kernel asks."""
        with self._read() as conn:
            got = conn.execute(
                sa.select(sa.func.count()).where(table_steps.c.table_id == table_id)
            ).scalar_one()
        return int(got)

    def version(self, table: TableGame) -> tuple[int, int]:
        """What a polling kernel compares, in one query: the step count and, where take
        backs are allowed, the sum of the requests' versions (a request, an answer, a
        take back each change it; a take back can leave the step count as it was)."""
        tid = table.table_id
        count = sa.select(sa.func.count()).where(table_steps.c.table_id == tid)
        if not table.takeback_allowed:
            return (self.latest(tid), 0)
        changes = sa.select(sa.func.coalesce(sa.func.sum(takebacks.c.version), 0)).where(
            takebacks.c.table_id == tid
        )
        with self._read() as conn:
            row = conn.execute(sa.select(count.scalar_subquery(), changes.scalar_subquery())).one()
        return (int(row[0]), int(row[1]))

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
            raise _refused("link", "no_table", table=repr(table_id[:12]))
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

    def sync(self, table: TableGame) -> int:
        """Apply the steps other kernels wrote since ``table`` last looked; returns how
        many. Reads only the new rows. A copy moved off the table's line (an undo or a
        what-if taken on it by mistake) is rebuilt from the store: the store is the truth."""
        g = table.game
        rebuild = g.step_count != g.history_length or g.history_length != len(table.deciders)
        with self._read() as conn:
            if table.takeback_allowed:
                last = conn.execute(
                    sa.select(takebacks)
                    .where(takebacks.c.table_id == table.table_id)
                    .order_by(takebacks.c.no.desc())
                    .limit(1)
                ).first()
                table.request = _takeback(last) if last is not None else None
                epoch = table.request.epoch if table.request is not None else 0
                if epoch != table.epoch:  # steps were taken back: replay what stays
                    rebuild = True
                    table.epoch = epoch
            if rebuild:
                table.game = Game.from_setup(g.setup)
                table.deciders = []
            rows = conn.execute(
                sa.select(
                    table_steps.c.step_no,
                    table_steps.c.step,
                    table_steps.c.actor,
                    table_steps.c.seat,
                    table_steps.c.visitor,
                )
                .where(
                    table_steps.c.table_id == table.table_id,
                    table_steps.c.step_no >= table.step_no,
                )
                .order_by(table_steps.c.step_no)
            ).all()
        applied = 0
        for r in rows:
            if r.step_no != table.step_no:  # a gap cannot happen: numbers are taken in turn
                raise StoreError(words=Phrase.of("table.err.gap", table=repr(table.table_id[:12])))
            table.game.apply(step_from_json(json.loads(r.step)))
            table.deciders.append((r.actor, r.seat, r.visitor))
            applied += 1
        return applied

    # ---- taking steps --------------------------------------------------------------------

    def take(
        self,
        table: TableGame,
        token: str,
        expected: int,
        action: Action,
        *,
        visitor: str | None = None,
    ) -> None:
        """A seat's decision: ``action`` as step number ``expected``, asked with the seat's
        ``token``. TableRefused says why it was not taken (nothing written); afterwards
        ``table`` shows the table's position either way (the winner's step after a race)."""
        access = self.open(table.table_id, token)
        if access.role != "seat" or access.seat is None:
            raise _refused("spectator", "spectator")
        self.sync(table)
        if expected != table.step_no:
            raise _stale(table, expected, access.seat)
        kind, seat = table.waiting_for()
        if kind == "answers":
            raise _refused("paused", "paused", seat=(seat or 0) + 1)
        if kind == "over":
            raise _refused("over", "over")
        if kind != "human" or seat != access.seat:
            if seat is None:
                raise _refused("turn", "turn_roll", seat=access.seat + 1)
            raise _refused("turn", "turn", seat=access.seat + 1, waits=seat + 1)
        try:
            table.game.apply(action)
        except Exception as e:  # IllegalAction names the rule; the game is unchanged
            raise TableRefused("illegal", Phrase.of("table.err.illegal", error=Inner(e))) from None
        if not self._insert(table, expected, HUMAN, access.seat, visitor):
            table.game.undo()
            self.sync(table)
            raise _stale(table, expected, access.seat)

    def advance(self, table: TableGame, *, limit: int = MAX_ADVANCE) -> int:
        """Write the steps nobody's browser decides (bots, rolls) until a person must
        decide (a forced decision too: see ``TableGame.waiting_for``) or the game ends;
        returns the steps this call wrote. Any kernel may call it at any time: a step
        another kernel wrote first is read, not written again."""
        written = 0
        self.sync(table)
        while written < limit:
            kind, seat = table.waiting_for()
            if kind in ("over", "human", "answers"):
                break
            g = table.game
            n = table.step_no
            step: Step
            if g.is_chance:  # the table's chance, not the seed's (see the module's text)
                step, actor = sample_outcome(g.state, chance_bits(table, n)), "chance"
            else:
                assert seat is not None
                name = table.seats[seat]
                bot = make_bot(name, chance_bits(table, n, f"bot{seat}") >> 1)
                step, actor = bot(g.view(seat)), name
            g.apply(step)
            if self._insert(table, n, actor, None if actor == "chance" else seat, None):
                written += 1
            else:  # another kernel was first: take its step instead
                g.undo()
                self.sync(table)
        return written

    def game_for(self, table: TableGame, access: Access) -> Any:
        """What ``access`` may see of the game: a seat's view (``game.view(seat)``: its
        own treasures only, R9.3), the public view for a spectator, the whole game for
        the designer."""
        if access.sees_all:
            return table.game
        if access.seat is not None:
            return table.game.view(access.seat)
        return SpectatorView(table.game)

    # ---- helpers ---------------------------------------------------------------------

    def _insert(
        self,
        table: TableGame,
        step_no: int,
        actor: str,
        seat: int | None,
        visitor: str | None,
    ) -> bool:
        """Write ``table.game``'s last step as ``step_no`` with its playtest record, in one
        transaction; False when another kernel took that number first."""
        g = table.game
        raw = step_to_json(g.steps[step_no])
        now = time.time()
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    table_steps.insert().values(
                        table_id=table.table_id,
                        step_no=step_no,
                        at=now,
                        actor=actor,
                        seat=seat,
                        visitor=visitor,
                        step=json.dumps(raw, ensure_ascii=False),
                    )
                )
                self._record(conn, table, step_no, raw, now, actor, seat)
                self._notify(conn, table.table_id)  # at commit: never for a lost race
        except sa.exc.IntegrityError:
            return False
        except sa.exc.SQLAlchemyError as e:
            raise StoreError(words=db.database_error("store.err.db", self.url, e)) from None
        table.deciders.append((actor, seat, visitor))
        return True

    def _record(
        self,
        conn: sa.Connection,
        table: TableGame,
        step_no: int,
        raw: Any,
        now: float,
        actor: str,
        seat: int | None,
    ) -> None:
        """The table's playtest record follows its steps (same transaction)."""
        rid = conn.execute(
            sa.select(tables.c.playtest).where(tables.c.id == table.table_id)
        ).scalar_one()
        g = table.game
        result = g.result
        conn.execute(
            db.playtests.update()
            .where(db.playtests.c.id == rid)
            .values(
                updated=now,
                save=_save_text(conn, table),
                steps=g.history_length,
                cursor=g.step_count,
                status="over" if result is not None else "playing",
                reason=result.reason if result is not None else None,
                winners=json.dumps(list(result.winners)) if result is not None else None,
            )
        )
        conn.execute(
            db.steps.insert().values(
                playtest=rid,
                idx=step_no,
                at=now,
                actor=actor,
                seat=seat,
                step=json.dumps(raw, ensure_ascii=False),
            )
        )

    # ---- taking back -------------------------------------------------------------------

    def ask_takeback(self, table: TableGame, token: str, *, visitor: str | None = None) -> TakeBack:
        """A seat asks to take back its last step (and the bots' and dice's steps after
        it). Allowed only at a table made with ``takeback=True``, while no other person
        has decided since and no other request is open; the table then pauses until
        every other person has answered (:meth:`answer_takeback`). A table with no other
        person takes it back at once. TableRefused ("takeback") says why not."""
        access = self.open(table.table_id, token)
        if access.role != "seat" or access.seat is None:
            raise _refused("spectator", "spectator")
        seat = access.seat
        self.sync(table)
        if not table.takeback_allowed:
            raise _refused("takeback", "takeback_off")
        if table.paused:
            raise _refused("takeback", "takeback_open")
        step_no = last_choice(table, seat)
        if step_no is None:
            raise _refused("takeback", "takeback_none")
        for actor, who, _v in table.deciders[step_no + 1 :]:
            if actor == HUMAN and who is not None and who != seat:
                raise _refused("takeback", "takeback_played", seat=who + 1)
        last = table.request
        if last is not None and last.status == "refused" and last.step_no == step_no:
            raise _refused("takeback", "takeback_refused", step=step_no + 1)  # ask once
        if table.epoch >= MAX_TAKEBACKS:
            raise _refused("takeback", "takeback_limit", limit=MAX_TAKEBACKS)
        no = table.request.no + 1 if table.request is not None else 0
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    takebacks.insert().values(
                        table_id=table.table_id,
                        no=no,
                        seat=seat,
                        step_no=step_no,
                        upto=table.step_no,
                        asked=time.time(),
                        visitor=visitor,
                        status="open",
                        answers="{}",
                        version=1,
                        epoch=table.epoch,
                    )
                )
                self._notify(conn, table.table_id)
        except sa.exc.IntegrityError:  # another seat asked at the same moment
            self.sync(table)
            raise _refused("takeback", "takeback_open") from None
        except sa.exc.SQLAlchemyError as e:
            raise StoreError(words=db.database_error("store.err.db", self.url, e)) from None
        self.sync(table)
        request = table.request
        assert request is not None
        if not request.waiting_on(table.seats):  # nobody else to ask
            self._decide(table, request, {})
        return self._current(table)

    def answer_takeback(self, table: TableGame, token: str, accept: bool) -> TakeBack:
        """Another person's answer to the open request: one refusal closes it (the
        table goes on), the last acceptance takes the steps back. Two answers at once
        are both counted (each is written over the version it read, else read again)."""
        access = self.open(table.table_id, token)
        if access.role != "seat" or access.seat is None:
            raise _refused("spectator", "spectator")
        seat = access.seat
        for _attempt in range(20):
            self.sync(table)
            request = table.request
            if request is None or request.status != "open":
                raise _refused("takeback", "takeback_no_request")
            if seat == request.seat:
                raise _refused("takeback", "takeback_own")
            if seat in request.answers:
                raise _refused("takeback", "takeback_answered")
            answers = {**request.answers, seat: accept}
            if self._decide(table, request, answers):
                return self._current(table)
        raise StoreError(words=Phrase.of("table.err.busy", table=repr(table.table_id[:12])))

    def withdraw_takeback(self, table: TableGame, token: str) -> TakeBack:
        """The asker takes its request back before everyone answered: the table goes on."""
        access = self.open(table.table_id, token)
        for _attempt in range(20):
            self.sync(table)
            request = table.request
            if request is None or request.status != "open":
                raise _refused("takeback", "takeback_no_request")
            if access.seat != request.seat:
                raise _refused("takeback", "takeback_not_yours")
            if self._change(table, request, request.answers, "withdrawn", None):
                self.sync(table)
                return self._current(table)
        raise StoreError(words=Phrase.of("table.err.busy", table=repr(table.table_id[:12])))

    def _current(self, table: TableGame) -> TakeBack:
        assert table.request is not None
        return table.request

    def _decide(self, table: TableGame, request: TakeBack, answers: dict[int, bool]) -> bool:
        """Write ``answers`` and what follows from them; False when the request changed
        meanwhile (the caller reads it again)."""
        waiting = [
            i
            for i, kind in enumerate(table.seats)
            if kind == HUMAN and i != request.seat and i not in answers
        ]
        if any(not yes for yes in answers.values()):
            done = self._change(table, request, answers, "refused", None)
        elif waiting:
            done = self._change(table, request, answers, "open", None)
        else:
            done = self._change(table, request, answers, "accepted", table)
        if done:
            self.sync(table)
        return done

    def _change(
        self,
        table: TableGame,
        request: TakeBack,
        answers: dict[int, bool],
        status: str,
        undo: TableGame | None,
    ) -> bool:
        """One compare-and-set of the request (and, when accepted, the take back itself
        in the same transaction): the steps from the asker's last one move to
        ``table_steps_undone``, the line they made stays in the record as a branch."""
        tid = table.table_id
        now = time.time()
        values: dict[str, Any] = {
            "answers": json.dumps({str(k): v for k, v in sorted(answers.items())}),
            "version": request.version + 1,
            "status": status,
        }
        if status != "open":
            values["decided"] = now
        try:
            with self.engine.begin() as conn:
                if undo is not None:
                    count = conn.execute(
                        sa.select(sa.func.count()).where(table_steps.c.table_id == tid)
                    ).scalar_one()
                    if count != request.upto:  # a step slipped in as it was asked
                        values["status"] = "void"
                    else:
                        line = [json.loads(r) for r in self._line(conn, tid)]
                        values["line"] = json.dumps(line, ensure_ascii=False)
                        values["epoch"] = request.epoch + 1
                got = conn.execute(
                    takebacks.update()
                    .where(
                        takebacks.c.table_id == tid,
                        takebacks.c.no == request.no,
                        takebacks.c.version == request.version,
                    )
                    .values(**values)
                )
                if got.rowcount != 1:
                    raise _Changed  # rolls the transaction back
                if values["status"] == "accepted":
                    self._take_back(conn, table, request, now)
                self._notify(conn, tid)
        except _Changed:
            return False
        except _SlippedIn:  # rolled back; the request is void, the table goes on
            return self._change(table, request, answers, "void", None)
        except sa.exc.SQLAlchemyError as e:
            raise StoreError(words=db.database_error("store.err.db", self.url, e)) from None
        return True

    @staticmethod
    def _line(conn: sa.Connection, table_id: str) -> list[str]:
        return [
            str(r.step)
            for r in conn.execute(
                sa.select(table_steps.c.step)
                .where(table_steps.c.table_id == table_id)
                .order_by(table_steps.c.step_no)
            )
        ]

    def _take_back(
        self, conn: sa.Connection, table: TableGame, request: TakeBack, now: float
    ) -> None:
        """Move the undone steps aside and bring the record to the line that stays."""
        tid = table.table_id
        gone = table_steps.c.table_id == tid, table_steps.c.step_no >= request.step_no
        rows = conn.execute(sa.select(table_steps).where(*gone)).all()
        conn.execute(
            undone_steps.insert(),
            [
                {
                    "table_id": tid,
                    "takeback": request.no,
                    "step_no": r.step_no,
                    "at": r.at,
                    "actor": r.actor,
                    "seat": r.seat,
                    "visitor": r.visitor,
                    "step": r.step,
                }
                for r in rows
            ],
        )
        conn.execute(
            table_steps.delete().where(
                table_steps.c.table_id == tid,
                table_steps.c.step_no.in_([r.step_no for r in rows]),
            )
        )
        left = conn.execute(
            sa.select(sa.func.count()).where(table_steps.c.table_id == tid)
        ).scalar_one()
        if left != request.step_no:  # a step committed meanwhile: undo nothing
            raise _SlippedIn
        # The record: the line that stays, the one left as a branch beside it.
        kept = TableGame(
            tid,
            Game.from_setup(table.game.setup),
            table.seats,
            takeback_allowed=True,
            epoch=request.epoch + 1,
        )
        for raw in self._line(conn, tid):
            kept.game.apply(step_from_json(json.loads(raw)))
        rid = conn.execute(sa.select(tables.c.playtest).where(tables.c.id == tid)).scalar_one()
        result = kept.game.result
        conn.execute(
            db.playtests.update()
            .where(db.playtests.c.id == rid)
            .values(
                updated=now,
                save=_save_text(conn, kept),
                steps=kept.game.history_length,
                cursor=kept.game.step_count,
                status="over" if result is not None else "playing",
                reason=result.reason if result is not None else None,
                winners=json.dumps(list(result.winners)) if result is not None else None,
            )
        )
        # The record's step log is the line that stays (as the page's undo does); the
        # undone steps are in the save's branches and in table_steps_undone.
        conn.execute(
            db.steps.delete().where(db.steps.c.playtest == rid, db.steps.c.idx >= request.step_no)
        )

    def _notify(self, conn: sa.Connection, table_id: str) -> None:
        """Tell the listening kernels (PostgreSQL: delivered at commit)."""
        if self.notifies:
            conn.execute(sa.select(sa.func.pg_notify(CHANNEL, table_id)))

    def record_id(self, table_id: str) -> str:
        """The id of the table's playtest record."""
        with self._read() as conn:
            rid = conn.execute(
                sa.select(tables.c.playtest).where(tables.c.id == table_id)
            ).scalar_one_or_none()
        if rid is None:
            raise _refused("link", "no_table", table=repr(table_id[:12]))
        return str(rid)

    def _write(self) -> Any:
        return db.guard(self.engine.begin(), self.url)

    def _read(self) -> Any:
        return db.guard(self.engine.connect(), self.url)


class TableWatch:
    """One visitor's ear on one table: :meth:`pending` says (once) that steps were written
    since it last looked; ``on_change`` (if set) is called from the listener's thread, to
    wake the page's event loop at once."""

    def __init__(self, notifier: TableNotifier, table_id: str) -> None:
        self.notifier = notifier
        self.table_id = table_id
        self._event = threading.Event()
        self.on_change: Callable[[], None] | None = None

    @property
    def alive(self) -> bool:
        """False once the listening connection is lost: the visitor then polls instead."""
        return self.notifier.alive

    def pending(self) -> bool:
        """True (once) when a step was written to the table since the last call."""
        if self._event.is_set():
            self._event.clear()
            return True
        return False

    def wait(self, timeout: float) -> bool:
        """Block until a step is written (True; :meth:`pending` then still says so) or
        ``timeout`` passes (False)."""
        return self._event.wait(timeout)

    def close(self) -> None:
        self.notifier.forget(self)

    def _notify(self) -> None:
        self._event.set()
        callback = self.on_change
        if callback is not None:
            callback()


class TableNotifier:
    """A kernel's one LISTEN connection to PostgreSQL and the thread that reads it: every
    table step's transaction sends ``NOTIFY verlies_table_steps, '<table id>'`` at commit,
    and the watches of that table are woken. A waiting visitor then costs the database
    nothing (no query per poll); the connection is its whole cost."""

    #: How long the thread blocks in one read before it checks whether to stop (s).
    READ_S = 0.5

    def __init__(self, engine: sa.Engine) -> None:
        # A connection of its own, outside the pool, with the URL's own arguments.
        args, kwargs = engine.dialect.create_connect_args(engine.url)
        self._conn: Any = engine.dialect.dbapi.connect(*args, **kwargs)  # type: ignore[union-attr]
        self._conn.autocommit = True
        self._conn.execute(f"LISTEN {CHANNEL}")  # listening before the first load: no gap
        self._watches: dict[str, list[TableWatch]] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.alive = True
        self._thread = threading.Thread(target=self._listen, name="verlies-tables", daemon=True)
        self._thread.start()

    def watch(self, table_id: str) -> TableWatch:
        w = TableWatch(self, table_id)
        with self._lock:
            self._watches.setdefault(table_id, []).append(w)
        return w

    def forget(self, watch: TableWatch) -> None:
        with self._lock:
            ws = self._watches.get(watch.table_id, [])
            if watch in ws:
                ws.remove(watch)

    def _listen(self) -> None:
        try:
            while not self._stop.is_set():
                for note in self._conn.notifies(timeout=self.READ_S):
                    with self._lock:
                        ws = list(self._watches.get(note.payload, ()))
                    for w in ws:
                        w._notify()
        except Exception:  # noqa: BLE001 - a lost connection: the watches fall back to polling
            pass
        finally:
            self.alive = False
            # Wake everyone once, so a visitor blocked in wait() polls and sees the state.
            with self._lock:
                every = [w for ws in self._watches.values() for w in ws]
            for w in every:
                w._event.set()
            try:
                self._conn.close()
            except Exception:  # noqa: BLE001
                pass

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(self.READ_S * 4 + 5)


def last_choice(table: TableGame, seat: int) -> int | None:
    """The number of ``seat``'s last decided step, a forced one (one legal action, which
    the table would only take again) not counted."""
    mine = [
        i for i, (actor, who, _v) in enumerate(table.deciders) if actor == HUMAN and who == seat
    ]
    if not mine:
        return None
    back = table.game.clone(log=False)
    for i in reversed(mine):
        back.goto(i)
        if back.forced_action is None:
            return i
    return None


def _save_text(conn: sa.Connection, table: TableGame) -> str:
    """The table's save file for its playtest record: the game, and once steps were taken
    back, every line left by a take back as a branch before the current one (the format
    of ``GameTree.to_json``: ``verlies.tree`` reads it and replays every line)."""
    text = table.game.to_json()
    if table.epoch == 0:
        return text
    left = [
        json.loads(r.line)
        for r in conn.execute(
            sa.select(takebacks.c.line)
            .where(takebacks.c.table_id == table.table_id, takebacks.c.status == "accepted")
            .order_by(takebacks.c.no)
        )
    ]
    data = json.loads(text)
    lines = [*left, data["steps"]]
    rows = []
    for i, steps in enumerate(lines):
        base, at = -1, 0
        for j in range(i):
            k = _shared(lines[j], steps)
            if k > at:
                base, at = j, k
        rows.append(
            {"name": str(i + 1), "parent": i - 1, "base": base, "at": at, "steps": steps[at:]}
        )
    data["branches"] = {"current": len(lines) - 1, "lines": rows}
    return json.dumps(data, ensure_ascii=False)


def _shared(a: list[Any], b: list[Any]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _add_takeback_column(conn: sa.Connection) -> None:
    """A store made before take backs has a ``tables`` table without the column: add it
    (off for those tables), as ``create_all`` adds only missing tables."""
    columns = {c["name"] for c in sa.inspect(conn).get_columns("tables")}
    if "takeback" in columns:
        return
    false = "0" if conn.dialect.name == "sqlite" else "false"
    conn.execute(
        sa.text(f"ALTER TABLE tables ADD COLUMN takeback BOOLEAN NOT NULL DEFAULT {false}")
    )


def _add_secret_column(conn: sa.Connection) -> None:
    """A store made before tables had secrets: add the column and give every table one
    (its steps so far stay as they were written; its chance from now on is its secret's)."""
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


def chance_bits(table: TableGame, step_no: int, what: str = "chance") -> int:
    """64 random bits for step ``step_no`` of ``table`` (``what``: the roll or draw, or
    one bot's seed), from the table's secret: the same in every kernel, new after each
    take back (a step taken again is not the step taken back), and unknown to anyone
    without the secret. ValueError for a table without one (the store gives every table
    one)."""
    if not table.secret:
        raise ValueError(f"table {table.table_id[:12]!r} has no secret")
    # The secret is the table's own: the message needs no table id.
    message = f"{table.epoch}:{step_no}:{what}".encode()
    digest = hmac.new(table.secret.encode(), message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")

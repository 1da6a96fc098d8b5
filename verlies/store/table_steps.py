"""A table's game in one kernel and the steps written to the store: who asks (a seat's
token), catching up with what other kernels wrote, a seat's step, the bots' and the
dice's steps, and the playtest record that follows them. Part of
:mod:`verlies.store.tables` (whose module text tells the whole design); the take backs
are in :mod:`verlies.store.table_takebacks`."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from verlies.actions import Action
from verlies.errors import Inner, Phrase, WordedError
from verlies.game import Game
from verlies.legal import sample_outcome
from verlies.record import Step, step_from_json, step_to_json
from verlies.sim.bots import make_bot
from verlies.store import db
from verlies.store.db import PlaytestStore, StoreError
from verlies.store.table_schema import (
    CHANNEL,
    HUMAN,
    MAX_ADVANCE,
    TakeBack,
    table_seats,
    table_steps,
    tables,
    takeback_of,
    takebacks,
)
from verlies.views import PlayerView


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


def table_refused(reason: str, key: str, **values: Any) -> TableRefused:
    return TableRefused(reason, Phrase.of(f"table.err.{key}", **values))


def _stale(table: TableGame, expected: int, seat: int) -> TableRefused:
    """The refusal of step ``expected`` (0-based) by ``seat``, taken already: by whom
    (this seat from another tab or window, another seat, or the table's dice and bots;
    ``table`` has read it) and no step number of the moment, which the table's bots and
    dice would make old at once: the page shows the position as it is."""
    done = table.deciders[expected] if expected < len(table.deciders) else None
    if done is not None and done[0] == HUMAN and done[1] == seat:
        return table_refused("stale", "stale_mine", step=expected + 1)
    if done is not None and done[0] == HUMAN and done[1] is not None:
        return table_refused("stale", "stale_seat", step=expected + 1, by=done[1] + 1)
    return table_refused("stale", "stale_moved", step=expected + 1)


class TableSteps:
    """The step side of :class:`~verlies.store.tables.TableStore` (its base): reading a
    table, a seat's step, the bots' and dice's steps and the record they make."""

    playtests: PlaytestStore
    engine: sa.Engine
    url: str
    #: The database tells waiting kernels of a new step (PostgreSQL's LISTEN/NOTIFY).
    notifies: bool

    # ---- who is asking -----------------------------------------------------------------

    def open(self, table_id: str, token: str, *, visitor: str | None = None) -> Access:
        """Who ``token`` is at ``table_id``; TableRefused ("link") for any other token
        (a seat of another table included). A seat's visitor is remembered."""
        with self._read() as conn:
            row = conn.execute(
                sa.select(tables.c.spectator, tables.c.designer).where(tables.c.id == table_id)
            ).first()
            if row is None:
                raise table_refused("link", "no_table", table=repr(table_id[:12]))
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
        raise table_refused("link", "bad_link")

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
                table.request = takeback_of(last) if last is not None else None
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
            raise table_refused("spectator", "spectator")
        self.sync(table)
        if expected != table.step_no:
            raise _stale(table, expected, access.seat)
        kind, seat = table.waiting_for()
        if kind == "answers":
            raise table_refused("paused", "paused", seat=(seat or 0) + 1)
        if kind == "over":
            raise table_refused("over", "over")
        if kind != "human" or seat != access.seat:
            if seat is None:
                raise table_refused("turn", "turn_roll", seat=access.seat + 1)
            raise table_refused("turn", "turn", seat=access.seat + 1, waits=seat + 1)
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
                save=save_text(conn, table),
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
            raise table_refused("link", "no_table", table=repr(table_id[:12]))
        return str(rid)

    def _write(self) -> Any:
        return db.guard(self.engine.begin(), self.url)

    def _read(self) -> Any:
        return db.guard(self.engine.connect(), self.url)


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


def save_text(conn: sa.Connection, table: TableGame) -> str:
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

"""Taking back a step at a shared table (issue 23): a seat asks, every other person
answers, the last acceptance moves the undone steps aside and the playtest record keeps
the line they made as a branch. Part of :mod:`verlies.store.tables`."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import Any

import sqlalchemy as sa

from verlies.errors import Phrase
from verlies.game import Game
from verlies.record import step_from_json
from verlies.store import db
from verlies.store.db import StoreError
from verlies.store.table_schema import (
    HUMAN,
    MAX_TAKEBACKS,
    TakeBack,
    table_steps,
    tables,
    takebacks,
    undone_steps,
)
from verlies.store.table_steps import (
    TableGame,
    TableSteps,
    last_choice,
    save_text,
    table_refused,
)


class _Changed(Exception):
    """Another kernel changed the request first."""


class _SlippedIn(Exception):
    """A step was written while a take back was being written."""


class TableTakeBacks(TableSteps):
    """The take-back side of :class:`~verlies.store.tables.TableStore` (its base)."""

    def ask_takeback(self, table: TableGame, token: str, *, visitor: str | None = None) -> TakeBack:
        """A seat asks to take back its last step (and the bots' and dice's steps after
        it). Allowed only at a table made with ``takeback=True``, while no other person
        has decided since and no other request is open; the table then pauses until
        every other person has answered (:meth:`answer_takeback`). A table with no other
        person takes it back at once. TableRefused ("takeback") says why not."""
        access = self.open(table.table_id, token)
        if access.role != "seat" or access.seat is None:
            raise table_refused("spectator", "spectator")
        seat = access.seat
        self.sync(table)
        if not table.takeback_allowed:
            raise table_refused("takeback", "takeback_off")
        if table.paused:
            raise table_refused("takeback", "takeback_open")
        step_no = last_choice(table, seat)
        if step_no is None:
            raise table_refused("takeback", "takeback_none")
        for actor, who, _v in table.deciders[step_no + 1 :]:
            if actor == HUMAN and who is not None and who != seat:
                raise table_refused("takeback", "takeback_played", seat=who + 1)
        last = table.request
        if last is not None and last.status == "refused" and last.step_no == step_no:
            raise table_refused("takeback", "takeback_refused", step=step_no + 1)  # ask once
        if table.epoch >= MAX_TAKEBACKS:
            raise table_refused("takeback", "takeback_limit", limit=MAX_TAKEBACKS)
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
            raise table_refused("takeback", "takeback_open") from None
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
            raise table_refused("spectator", "spectator")
        seat = access.seat
        for _attempt in range(20):
            self.sync(table)
            request = table.request
            if request is None or request.status != "open":
                raise table_refused("takeback", "takeback_no_request")
            if seat == request.seat:
                raise table_refused("takeback", "takeback_own")
            if seat in request.answers:
                raise table_refused("takeback", "takeback_answered")
            answers = {**request.answers, seat: accept}
            done = self._decide(table, request, answers)
            if done is not None:
                return done
        raise StoreError(words=Phrase.of("table.err.busy", table=repr(table.table_id[:12])))

    def withdraw_takeback(self, table: TableGame, token: str) -> TakeBack:
        """The asker takes its request back before everyone answered: the table goes on."""
        access = self.open(table.table_id, token)
        for _attempt in range(20):
            self.sync(table)
            request = table.request
            if request is None or request.status != "open":
                raise table_refused("takeback", "takeback_no_request")
            if access.seat != request.seat:
                raise table_refused("takeback", "takeback_not_yours")
            if self._change(table, request, request.answers, "withdrawn", None) is not None:
                self.sync(table)
                return self._current(table)
        raise StoreError(words=Phrase.of("table.err.busy", table=repr(table.table_id[:12])))

    def _current(self, table: TableGame) -> TakeBack:
        assert table.request is not None
        return table.request

    def _decide(
        self, table: TableGame, request: TakeBack, answers: dict[int, bool]
    ) -> TakeBack | None:
        """Write ``answers`` and what follows from them: the request as this answer left
        it, or None when the request changed meanwhile (the caller reads it again)."""
        waiting = [
            i
            for i, kind in enumerate(table.seats)
            if kind == HUMAN and i != request.seat and i not in answers
        ]
        if any(not yes for yes in answers.values()):
            written = self._change(table, request, answers, "refused", None)
        elif waiting:
            written = self._change(table, request, answers, "open", None)
        else:
            written = self._change(table, request, answers, "accepted", table)
        if written is None:
            return None
        self.sync(table)
        mine = request.version + 1
        now = table.request
        if now is not None and now.no == request.no and now.version == mine:
            return now
        # Another answer was written after this one (two at once): say what this one did,
        # not what the next made of it.
        return replace(request, answers=answers, status=written, version=mine)

    def _change(
        self,
        table: TableGame,
        request: TakeBack,
        answers: dict[int, bool],
        status: str,
        undo: TableGame | None,
    ) -> str | None:
        """One compare-and-set of the request (and, when accepted, the take back itself
        in the same transaction): the steps from the asker's last one move to
        ``table_steps_undone``, the line they made stays in the record as a branch. The
        status written, or None when the request changed meanwhile."""
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
            return None
        except _SlippedIn:  # rolled back; the request is void, the table goes on
            return self._change(table, request, answers, "void", None)
        except sa.exc.SQLAlchemyError as e:
            raise StoreError(words=db.database_error("store.err.db", self.url, e)) from None
        return str(values["status"])

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
                save=save_text(conn, kept),
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

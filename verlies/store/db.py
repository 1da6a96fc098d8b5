"""The playtest store: one row per page game (its save file, seats, how it ended) and one
row per step (what was done, by whom, when).

SQLAlchemy Core, so the operator can point it at any database (``sqlite:///…`` is the
tested default; several kernels write the same SQLite file, hence WAL and a busy timeout).
"""

from __future__ import annotations

import json
import os
import time
import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from verlies.errors import Inner, Phrase, SaveFormatError, WordedError
from verlies.game import Game
from verlies.tree import GameTree

#: Environment settings an operator can give the page (README, "Serving the page").
ENV_URL = "VERLIES_STORE_URL"
ENV_DATA_DIR = "VERLIES_DATA_DIR"
ENV_RECORD = "VERLIES_RECORD_PLAYTESTS"

metadata = sa.MetaData()
playtests = sa.Table(
    "playtests",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("client", sa.String(64), index=True),  # the browser that played it
    sa.Column("source", sa.String(16), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("seats", sa.Text, nullable=False),  # JSON: "human" or a bot name per seat
    sa.Column("lang", sa.String(8), nullable=False),
    sa.Column("status", sa.String(16), nullable=False),  # "playing", "over", "abandoned"
    sa.Column("reason", sa.String(16)),  # Result.reason once over
    sa.Column("winners", sa.Text),  # JSON list once over
    sa.Column("steps", sa.Integer, nullable=False),
    sa.Column("cursor", sa.Integer, nullable=False),
    # The save file: Game.to_json(), or with branches GameTree.to_json() (the same plus a
    # "branches" key, which Game.from_json ignores); rows from before branches lack the key.
    sa.Column("save", sa.Text, nullable=False),
    sa.Column("keep", sa.Boolean, nullable=False),  # False: delete once finished
)
steps = sa.Table(
    "playtest_steps",
    metadata,
    sa.Column("playtest", sa.String(32), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("actor", sa.String(32), nullable=False),  # "human", a bot name, "chance", "edit"
    sa.Column("seat", sa.Integer),
    sa.Column("step", sa.Text, nullable=False),  # the step as the save file writes it
)


class StoreError(WordedError):
    """The store cannot be opened or a record is missing or unreadable. A record that is
    missing or does not load, a store that cannot be opened or a database error says so
    in words (``store.err.``: the page's language); the database's own message inside
    stays as it says it."""


#: The key of the PostgreSQL advisory lock that every store's schema change takes.
_SCHEMA_LOCK = 0x7665726C696573  # "verlies"


@contextmanager
def schema_change(engine: sa.Engine) -> Iterator[sa.Connection]:
    """A transaction that creates or alters the store's tables, one process at a time.

    Kernels that open an empty PostgreSQL database at once (a class arriving on a
    JupyterHub with one shared database) would otherwise race in ``CREATE TABLE`` and all
    but one fail on PostgreSQL's catalogue ("duplicate key value violates unique constraint
    pg_type_typname_nsp_index"). A transaction-level advisory lock makes the others wait;
    they then find the tables there (``create_all`` checks first). SQLite serialises its
    writers by itself."""
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _SCHEMA_LOCK})
        yield conn


def database_error(key: str, url: str, error: BaseException) -> Phrase:
    """A database error in words around it; the database's own message as it says it."""
    return Phrase.of(key, url=repr(url), error=str(error))


def _unreadable(rid: str, error: SaveFormatError) -> StoreError:
    return StoreError(words=Phrase.of("store.err.load", id=rid, error=Inner(error)))


def default_url() -> str:
    """``$VERLIES_STORE_URL``, else ``playtests.sqlite`` in ``$VERLIES_DATA_DIR``, else in
    ``$XDG_DATA_HOME/verlies`` (``~/.local/share/verlies``)."""
    url = os.environ.get(ENV_URL)
    if url:
        return url
    base = os.environ.get(ENV_DATA_DIR)
    if not base:
        xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        base = str(Path(xdg) / "verlies")
    return f"sqlite:///{Path(base) / 'playtests.sqlite'}"


def recording_default() -> bool:
    """Playtest recording is on unless ``VERLIES_RECORD_PLAYTESTS`` is 0/false/no/off."""
    return os.environ.get(ENV_RECORD, "1").strip().lower() not in ("0", "false", "no", "off")


@dataclass(frozen=True)
class PlaytestRecord:
    """One page game as stored: setup, seats, every step with its time and actor."""

    id: str
    client: str | None
    source: str
    created: float
    updated: float
    seats: tuple[str, ...]
    lang: str
    status: str
    reason: str | None
    winners: tuple[int, ...]
    steps: int
    cursor: int
    save: str
    step_log: tuple[dict[str, Any], ...] = field(default=(), repr=False)

    @property
    def finished(self) -> bool:
        return self.status == "over"

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s == "human")

    def game(self) -> Game:
        """The game, replayed from its save (every step checked again): the branch that
        was shown, at the step that was shown."""
        try:
            return Game.from_json(self.save)
        except SaveFormatError as e:
            raise _unreadable(self.id, e) from None

    def tree(self) -> GameTree:
        """The game with every branch of its history, the shown one current (a record
        saved without branches, or before the store kept them, is one branch)."""
        try:
            return GameTree.from_json(self.save)
        except SaveFormatError as e:
            raise _unreadable(self.id, e) from None

    def row(self) -> dict[str, Any]:
        """A flat summary (for a table: pandas, CSV, the CLI)."""
        setup = json.loads(self.save)["setup"]
        return {
            "id": self.id,
            "started": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(self.created)),
            "minutes": round((self.updated - self.created) / 60, 1),
            "players": setup["players"],
            "characters": ",".join(setup["characters"]),
            "seats": ",".join(self.seats),
            "humans": len(self.humans),
            "variants": ",".join(k for k, v in sorted(setup["variants"].items()) if v),
            "own_deck": setup["deck"] is not None,
            "status": self.status,
            "reason": self.reason or "",
            "winners": ",".join(str(w + 1) for w in self.winners),
            "steps": self.cursor,
        }


class PlaytestStore:
    """Autosave and playtest records in one database.

    >>> store = PlaytestStore("sqlite://")          # in memory
    >>> game = Game.new(players=2, seed=1)
    >>> rec = store.begin(game, ["human", "careful"], client="browser-1")
    >>> _ = game.apply(game.legal_actions()[0]); store.save(rec, game, actor="human")
    >>> [r.steps for r in store.unfinished("browser-1")]
    [1]
    """

    def __init__(self, url: str | Path | None = None, *, record: bool | None = None) -> None:
        if url is None:
            url = default_url()
        elif isinstance(url, Path) or "://" not in str(url):
            url = f"sqlite:///{Path(url)}"
        self.url = str(url)
        self.record = recording_default() if record is None else record
        try:
            if self.url.startswith("sqlite:///") and len(self.url) > len("sqlite:///"):
                Path(self.url[len("sqlite:///") :]).parent.mkdir(parents=True, exist_ok=True)
            is_sqlite = self.url.startswith("sqlite")
            self.engine = sa.create_engine(
                self.url, connect_args={"timeout": 15} if is_sqlite else {}
            )
            if is_sqlite:
                sa.event.listen(self.engine, "connect", _sqlite_pragmas)
            with schema_change(self.engine) as conn:
                metadata.create_all(conn)
        except (sa.exc.SQLAlchemyError, OSError, ValueError) as e:
            raise StoreError(words=database_error("store.err.open", self.url, e)) from None

    # ---- writing, as the page plays ---------------------------------------------------

    def begin(
        self,
        game: Game,
        seats: Sequence[str],
        *,
        client: str | None = None,
        lang: str = "de",
        source: str = "page",
        actors: Mapping[int, str] | None = None,
        tree: GameTree | None = None,
    ) -> str:
        """Start a record for ``game`` (call it at the first step a visitor takes, so that
        games nobody played are never stored); returns its id (also the resume token).
        ``tree``, the game's branches (its ``game`` must be ``game``), is saved with it."""
        if len(seats) != game.players:
            raise ValueError(f"{game.players} seats, got {len(seats)} controllers")
        rid = uuid.uuid4().hex
        now = time.time()
        result = game.result
        text = save_text(game, tree)
        saved = json.loads(text)["steps"]
        with self._write() as conn:
            conn.execute(
                playtests.insert().values(
                    id=rid,
                    client=client,
                    source=source,
                    created=now,
                    updated=now,
                    seats=json.dumps(list(seats)),
                    lang=lang,
                    status="playing" if result is None else "over",
                    reason=None if result is None else result.reason,
                    winners=None if result is None else json.dumps(list(result.winners)),
                    steps=game.history_length,  # a page begins after its first step
                    cursor=game.step_count,
                    save=text,
                    keep=self.record,
                )
            )
            self._write_steps(conn, rid, saved, 0, now, "setup", actors)
        return rid

    def save(
        self,
        rid: str,
        game: Game,
        *,
        actor: str = "human",
        actors: Mapping[int, str] | None = None,
        tree: GameTree | None = None,
    ) -> None:
        """Store ``game`` as it is now, with its branches ``tree`` if given; the steps of
        the shown line from the first changed one on are logged with ``actor`` (or
        ``actors[index]`` where given: one page action can be a human's step and the bots'
        answers) and the time (an undo and a new action, or a switch to another branch,
        replace the line's rows from there)."""
        now = time.time()
        text = save_text(game, tree)
        result = game.result
        with self._write() as conn:
            row = conn.execute(
                sa.select(playtests.c.steps, playtests.c.keep).where(playtests.c.id == rid)
            ).first()
            if row is None:
                raise StoreError(words=Phrase.of("store.err.missing", id=repr(rid)))
            if result is not None and not row.keep:
                self._delete(conn, rid)  # recording off: autosave only until the end
                return
            conn.execute(
                playtests.update()
                .where(playtests.c.id == rid)
                .values(
                    updated=now,
                    save=text,
                    steps=game.history_length,
                    cursor=game.step_count,
                    status="over" if result is not None else "playing",
                    reason=result.reason if result is not None else None,
                    winners=json.dumps(list(result.winners)) if result is not None else None,
                )
            )
            # The game is serialised once; its step list says which rows to (re)write.
            saved = json.loads(text)["steps"]
            start = _first_unlogged(conn, rid, saved)
            self._write_steps(conn, rid, saved, start, now, actor, actors)

    def claim(self, rid: str, client: str) -> None:
        """Give a record begun before the browser said who it is to that browser."""
        with self._write() as conn:
            conn.execute(
                playtests.update()
                .where(playtests.c.id == rid, playtests.c.client.is_(None))
                .values(client=client)
            )

    def abandon(self, rid: str) -> None:
        """The player discarded this unfinished game: it is no longer offered for resuming;
        a playtest record keeps it (status "abandoned"), an autosave only is deleted."""
        with self._write() as conn:
            row = conn.execute(
                sa.select(playtests.c.keep, playtests.c.status).where(playtests.c.id == rid)
            ).first()
            if row is None or row.status != "playing":
                return
            if not row.keep:
                self._delete(conn, rid)
                return
            conn.execute(
                playtests.update()
                .where(playtests.c.id == rid)
                .values(status="abandoned", updated=time.time())
            )

    def delete(self, rid: str) -> None:
        with self._write() as conn:
            self._delete(conn, rid)

    # ---- reading ----------------------------------------------------------------------

    def get(self, rid: str, *, with_steps: bool = False) -> PlaytestRecord:
        with self._read() as conn:
            row = conn.execute(sa.select(playtests).where(playtests.c.id == rid)).first()
            if row is None:
                raise StoreError(words=Phrase.of("store.err.missing", id=repr(rid)))
            return _record(conn, row, with_steps)

    def unfinished(self, client: str | None = None) -> list[PlaytestRecord]:
        """Games still being played (newest first), of one browser or of everyone."""
        q = sa.select(playtests).where(playtests.c.status == "playing")
        if client is not None:
            q = q.where(playtests.c.client == client)
        with self._read() as conn:
            rows = conn.execute(q.order_by(playtests.c.updated.desc())).all()
            return [_record(conn, r, False) for r in rows]

    def records(
        self, *, with_steps: bool = False, finished_only: bool = False
    ) -> list[PlaytestRecord]:
        """Every stored game, oldest first."""
        q = sa.select(playtests).where(playtests.c.keep.is_(True))
        if finished_only:
            q = q.where(playtests.c.status == "over")
        with self._read() as conn:
            rows = conn.execute(q.order_by(playtests.c.created)).all()
            return [_record(conn, r, with_steps) for r in rows]

    def __len__(self) -> int:
        with self._read() as conn:
            return int(conn.execute(sa.select(sa.func.count()).select_from(playtests)).scalar_one())

    # ---- helpers --------------------------------------------------------------------

    def _write(self) -> Any:
        return guard(self.engine.begin(), self.url)

    def _read(self) -> Any:
        return guard(self.engine.connect(), self.url)

    @staticmethod
    def _delete(conn: sa.Connection, rid: str) -> None:
        conn.execute(steps.delete().where(steps.c.playtest == rid))
        conn.execute(playtests.delete().where(playtests.c.id == rid))

    @staticmethod
    def _write_steps(
        conn: sa.Connection,
        rid: str,
        saved: list[Any],
        start: int,
        now: float,
        actor: str,
        actors: Mapping[int, str] | None = None,
    ) -> None:
        """Log the steps of ``saved`` (the save file's step list) from ``start`` on."""
        conn.execute(steps.delete().where(steps.c.playtest == rid, steps.c.idx >= start))
        rows = []
        for i in range(start, len(saved)):
            raw = saved[i]
            kind = _step_actor(raw, actors.get(i, actor) if actors else actor)
            rows.append(
                {
                    "playtest": rid,
                    "idx": i,
                    "at": now,
                    "actor": kind,
                    "seat": None,
                    "step": json.dumps(raw, ensure_ascii=False),
                }
            )
        if rows:
            conn.execute(steps.insert(), rows)


def save_text(game: Game, tree: GameTree | None = None) -> str:
    """What the store keeps of ``game``: its save file, or with branches the tree's (the
    current branch and the step shown are the game's). A tree of one untouched branch adds
    nothing: the plain save file, half the size, resumes as the same tree."""
    if tree is None or tree.game is not game or tree.names == ["1"]:
        return game.to_json()
    return tree.to_json()


def _step_actor(raw: Any, actor: str) -> str:
    """Chance outcomes and deck edits are nobody's decision; the rest is ``actor``'s."""
    if isinstance(raw, list) and raw and raw[0] == "edit":
        return "edit"
    if isinstance(raw, list) and raw and raw[0] in ("roll", "card"):
        return "chance"
    return actor


def _first_unlogged(conn: sa.Connection, rid: str, saved: list[Any]) -> int:
    """The first step whose row is missing or differs from ``saved``, the step list."""
    logged = conn.execute(
        sa.select(steps.c.idx, steps.c.step).where(steps.c.playtest == rid).order_by(steps.c.idx)
    ).all()
    for row in logged:
        if row.idx >= len(saved) or json.loads(row.step) != saved[row.idx]:
            return int(row.idx)
    return len(logged)


def _record(conn: sa.Connection, row: Any, with_steps: bool) -> PlaytestRecord:
    log: tuple[dict[str, Any], ...] = ()
    if with_steps:
        got = conn.execute(
            sa.select(steps).where(steps.c.playtest == row.id).order_by(steps.c.idx)
        ).all()
        log = tuple(
            {"idx": s.idx, "at": s.at, "actor": s.actor, "step": json.loads(s.step)} for s in got
        )
    return PlaytestRecord(
        id=row.id,
        client=row.client,
        source=row.source,
        created=row.created,
        updated=row.updated,
        seats=tuple(json.loads(row.seats)),
        lang=row.lang,
        status=row.status,
        reason=row.reason,
        winners=tuple(json.loads(row.winners)) if row.winners else (),
        steps=row.steps,
        cursor=row.cursor,
        save=row.save,
        step_log=log,
    )


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")  # readers never block the kernels' writes
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


class guard:
    """A connection context that turns database errors into :class:`StoreError`."""

    def __init__(self, ctx: Any, url: str) -> None:
        self.ctx = ctx
        self.url = url

    def __enter__(self) -> sa.Connection:
        try:
            conn: sa.Connection = self.ctx.__enter__()
        except sa.exc.SQLAlchemyError as e:
            raise StoreError(words=database_error("store.err.db", self.url, e)) from None
        return conn

    def __exit__(self, *exc: Any) -> None:
        try:
            self.ctx.__exit__(*exc)
        except sa.exc.SQLAlchemyError as e:
            raise StoreError(words=database_error("store.err.db", self.url, e)) from None
        if exc[0] is not None and issubclass(exc[0], sa.exc.SQLAlchemyError):
            raise StoreError(words=database_error("store.err.db", self.url, exc[1])) from None


def iter_rows(records: Sequence[PlaytestRecord]) -> Iterator[dict[str, Any]]:
    for r in records:
        yield r.row()

"""A designer's workspace kept with the playtest store (issue 38 item 3): the working draft
(edits not yet named), the results computed for it and the page's place, so that a reload,
a resume link or a dead kernel gives the work back.

One row per workspace in the table ``workspaces`` of the playtest store's database: a
random id (32 hex digits, also the resume link's ``?ws=`` token), the browser that made it
(the page's random client id, the one autosave and named drafts use), when it was made and
last written, and its contents as one JSON text (never a pickle: a row is read as data,
never run). What the JSON holds is the page's business
(:mod:`verlies.ui.workspace.model`); the store bounds its size and checks it is a JSON
object of this format, and says which row and what is wrong when it is not.

**The working draft at once** (:meth:`WorkspaceStore.save_draft`): every change of the
working draft is written as it is made, alone, to the table ``workspace_drafts`` (one row
per workspace: the deck file's text), so that an edit made a moment before the kernel dies
is not lost; the whole workspace (results, place) is written at most once a second. When
that row is there, :meth:`WorkspaceStore.load` gives it as ``"working"`` beside the
workspace's own ``"draft"`` (the draft its results with no deck of their own are of).

**Migration.** Opening a :class:`WorkspaceStore` creates the tables if they are missing
and changes nothing else.

>>> from verlies.store import PlaytestStore
>>> spaces = WorkspaceStore(PlaytestStore("sqlite://"))
>>> wid = new_id()
>>> _ = spaces.save(wid, {"place": {"tab": 2}}, client="b1")
>>> spaces.latest("b1") == wid, spaces.latest("b2")
(True, None)
>>> spaces.load(wid)["place"]
{'tab': 2}
"""

from __future__ import annotations

import json
import re
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import sqlalchemy as sa

from verlies.errors import Phrase
from verlies.store.db import PlaytestStore, StoreError, database_error, schema_change

__all__ = [
    "FORMAT",
    "MAX_BYTES",
    "WorkspaceStore",
    "new_id",
    "valid_id",
    "workspace_drafts",
    "workspace_refused",
    "workspace_table",
]

#: The largest workspace the store keeps (UTF-8 bytes of its JSON): a deck file (at most
#: 1 MiB, ``verlies.deck.limits``) and the results' figures fit; a row larger than this is
#: refused when written and, found in the database, not read.
MAX_BYTES = 2 << 20
#: The JSON's format number: a row of another format is not read (said, never guessed).
FORMAT = 1

_ID = re.compile(r"[0-9a-f]{32}")

_meta = sa.MetaData()
workspace_table = sa.Table(
    "workspaces",
    _meta,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("client", sa.String(64), nullable=False, index=True),  # "" : no browser id
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("data", sa.Text, nullable=False),  # JSON object: {"format": 1, ...}
)


workspace_drafts = sa.Table(
    "workspace_drafts",
    _meta,
    sa.Column("id", sa.String(32), primary_key=True),  # the workspace's id
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("draft", sa.Text, nullable=False),  # a whole deck file (TOML)
)


#: Edits the deck refused (issue 38 leftovers, item 3), kept beside the working draft so a
#: reload shows what the designer typed with its error: one row per workspace, a JSON list
#: of ``{"kind", "card", "text"}`` (the card's text as typed), written at once.
workspace_refused = sa.Table(
    "workspace_refused",
    _meta,
    sa.Column("id", sa.String(32), primary_key=True),  # the workspace's id
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("data", sa.Text, nullable=False),
)


def new_id() -> str:
    """A fresh workspace id: 128 random bits (a link to it cannot be guessed)."""
    return uuid.uuid4().hex


def valid_id(wid: object) -> bool:
    """Is ``wid`` a workspace id's shape (32 lower-case hex digits)? Anything else is
    never sent to the database."""
    return isinstance(wid, str) and _ID.fullmatch(wid) is not None


def _refused(key: str, **values: object) -> StoreError:
    return StoreError(words=Phrase.of(f"store.err.ws_{key}", **values))


@contextmanager
def _said(url: str) -> Iterator[None]:
    """A database error while reading, in words (``store.err.db``)."""
    try:
        yield
    except sa.exc.SQLAlchemyError as e:
        raise StoreError(words=database_error("store.err.db", url, e)) from None


class WorkspaceStore:
    """Workspaces in the playtest store's database (see the module's text)."""

    def __init__(self, store: PlaytestStore) -> None:
        self.store = store
        #: Whole workspaces written by this object (a test's bound on writes counts these).
        self.writes = 0
        #: Working drafts written alone (:meth:`save_draft`).
        self.draft_writes = 0
        try:
            with schema_change(store.engine) as conn:
                _meta.create_all(conn)
        except sa.exc.SQLAlchemyError as e:
            raise StoreError(words=database_error("store.err.open", store.url, e)) from None

    def save(self, wid: str, data: dict[str, Any], client: str = "") -> float:
        """Write workspace ``wid`` (made if new) for ``client``; returns the time written.
        Refused (StoreError, nothing written): a malformed id, a JSON larger than
        :data:`MAX_BYTES`, or a workspace of another browser (an id is written by the
        browser that made it; another browser that opened it by its link writes its own
        copy under a new id)."""
        if not valid_id(wid):
            raise _refused("id", id=repr(wid)[:40])
        text = json.dumps({**data, "format": FORMAT}, ensure_ascii=False, allow_nan=True)
        size = len(text.encode("utf-8"))
        if size > MAX_BYTES:
            raise _refused("too_large", size=size, max=MAX_BYTES)
        now = time.time()
        try:
            with self.store.engine.begin() as conn:
                old = conn.execute(
                    sa.select(workspace_table.c.client).where(workspace_table.c.id == wid)
                ).first()
                if old is None:
                    conn.execute(
                        workspace_table.insert().values(
                            id=wid, client=client, created=now, updated=now, data=text
                        )
                    )
                elif old[0] != client:
                    raise _refused("foreign", id=wid)
                else:
                    conn.execute(
                        workspace_table.update()
                        .where(workspace_table.c.id == wid)
                        .values(updated=now, data=text)
                    )
        except sa.exc.SQLAlchemyError as e:
            raise StoreError(words=database_error("store.err.db", self.store.url, e)) from None
        self.writes += 1
        return now

    def save_draft(self, wid: str, text: str, client: str = "") -> float:
        """Write the working draft ``text`` (a deck file) of workspace ``wid`` at once,
        alone (made if new, with no results: :meth:`latest` finds it); returns the time
        written. Refused as :meth:`save` refuses (StoreError, nothing written): a malformed
        id, a draft larger than :data:`MAX_BYTES`, another browser's workspace."""
        if not valid_id(wid):
            raise _refused("id", id=repr(wid)[:40])
        if not isinstance(text, str):
            raise _refused("corrupt", id=wid, error="a draft that is not text")
        size = len(text.encode("utf-8"))
        if size > MAX_BYTES:
            raise _refused("too_large", size=size, max=MAX_BYTES)
        now = time.time()
        empty = json.dumps({"draft": None, "place": {}, "results": {}, "format": FORMAT})
        try:
            with self.store.engine.begin() as conn:
                old = conn.execute(
                    sa.select(workspace_table.c.client).where(workspace_table.c.id == wid)
                ).first()
                if old is None:
                    conn.execute(
                        workspace_table.insert().values(
                            id=wid, client=client, created=now, updated=now, data=empty
                        )
                    )
                elif old[0] != client:
                    raise _refused("foreign", id=wid)
                else:  # the workspace written last is this one (latest() finds it)
                    conn.execute(
                        workspace_table.update()
                        .where(workspace_table.c.id == wid)
                        .values(updated=now)
                    )
                done = conn.execute(
                    workspace_drafts.update()
                    .where(workspace_drafts.c.id == wid)
                    .values(updated=now, draft=text)
                )
                if not done.rowcount:
                    conn.execute(workspace_drafts.insert().values(id=wid, updated=now, draft=text))
        except sa.exc.SQLAlchemyError as e:
            raise StoreError(words=database_error("store.err.db", self.store.url, e)) from None
        self.draft_writes += 1
        return now

    def save_refused(self, wid: str, edits: list[dict[str, str]], client: str = "") -> float:
        """Write the edits the deck refused of workspace ``wid`` at once (a JSON list of
        ``{"kind", "card", "text"}``; empty: none is kept), beside its working draft;
        returns the time written. Refused as :meth:`save_draft` refuses (StoreError,
        nothing written)."""
        if not valid_id(wid):
            raise _refused("id", id=repr(wid)[:40])
        text = json.dumps(edits, ensure_ascii=False)
        size = len(text.encode("utf-8"))
        if size > MAX_BYTES:
            raise _refused("too_large", size=size, max=MAX_BYTES)
        now = time.time()
        try:
            with self.store.engine.begin() as conn:
                old = conn.execute(
                    sa.select(workspace_table.c.client).where(workspace_table.c.id == wid)
                ).first()
                if old is None:  # made (no draft, no results: latest() finds it)
                    empty = json.dumps(
                        {"draft": None, "place": {}, "results": {}, "format": FORMAT}
                    )
                    conn.execute(
                        workspace_table.insert().values(
                            id=wid, client=client, created=now, updated=now, data=empty
                        )
                    )
                elif old[0] != client:
                    raise _refused("foreign", id=wid)
                conn.execute(workspace_refused.delete().where(workspace_refused.c.id == wid))
                if edits:
                    conn.execute(workspace_refused.insert().values(id=wid, updated=now, data=text))
        except sa.exc.SQLAlchemyError as e:
            raise StoreError(words=database_error("store.err.db", self.store.url, e)) from None
        return now

    def latest(self, client: str) -> str | None:
        """The id of ``client``'s workspace written last, or None (no client: None)."""
        if not client:
            return None
        query = (
            sa.select(workspace_table.c.id)
            .where(workspace_table.c.client == client)
            .order_by(workspace_table.c.updated.desc())
            .limit(1)
        )
        with _said(self.store.url), self.store.engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else str(row[0])

    def owner(self, wid: str) -> str | None:
        """The browser that made workspace ``wid`` (None: there is none)."""
        if not valid_id(wid):
            return None
        query = sa.select(workspace_table.c.client).where(workspace_table.c.id == wid)
        with _said(self.store.url), self.store.engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else str(row[0])

    def load(self, wid: str) -> dict[str, Any]:
        """Workspace ``wid``'s contents (a JSON object of :data:`FORMAT`) and its
        ``"updated"`` time. StoreError in words: no such workspace, a row too large, not
        JSON, not an object or of another format; the row stays as it is."""
        if not valid_id(wid):
            raise _refused("missing", id=repr(wid)[:40])
        query = sa.select(sa.func.length(workspace_table.c.data), workspace_table.c.updated).where(
            workspace_table.c.id == wid
        )
        with _said(self.store.url), self.store.engine.connect() as conn:
            head = conn.execute(query).first()
            if head is None:
                raise _refused("missing", id=wid)
            # the length in characters: at most four bytes each; read no row beyond the bound
            if int(head[0] or 0) > MAX_BYTES:
                raise _refused("too_large", size=int(head[0]), max=MAX_BYTES)
            text = conn.execute(
                sa.select(workspace_table.c.data).where(workspace_table.c.id == wid)
            ).scalar_one()
        if len(text.encode("utf-8")) > MAX_BYTES:
            raise _refused("too_large", size=len(text.encode("utf-8")), max=MAX_BYTES)
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as e:
            raise _refused("corrupt", id=wid, error=str(e)[:200]) from None
        if not isinstance(data, dict):
            raise _refused("corrupt", id=wid, error=f"a {type(data).__name__}, not an object")
        got = data.get("format")
        if isinstance(got, bool) or not isinstance(got, int) or got != FORMAT:  # true == 1
            raise _refused("format", id=wid, got=repr(data.get("format"))[:20], want=FORMAT)
        data["updated"] = float(head[1])
        data.pop("working", None)  # only the draft's own row says it
        query = sa.select(sa.func.length(workspace_drafts.c.draft)).where(
            workspace_drafts.c.id == wid
        )
        with _said(self.store.url), self.store.engine.connect() as conn:
            length = conn.execute(query).scalar()
            if length is not None:
                if int(length) > MAX_BYTES:
                    raise _refused("too_large", size=int(length), max=MAX_BYTES)
                data["working"] = conn.execute(
                    sa.select(workspace_drafts.c.draft).where(workspace_drafts.c.id == wid)
                ).scalar_one()
        data.pop("refused", None)  # only the refused edits' own row says them
        return data

    def load_refused(self, wid: str) -> Any:
        """The refused edits of workspace ``wid`` as written (:meth:`save_refused`'s JSON;
        None: there are none). StoreError: a row too large or not JSON."""
        if not valid_id(wid):
            return None
        query = sa.select(sa.func.length(workspace_refused.c.data)).where(
            workspace_refused.c.id == wid
        )
        with _said(self.store.url), self.store.engine.connect() as conn:
            length = conn.execute(query).scalar()
            if length is None:
                return None
            if int(length) > MAX_BYTES:
                raise _refused("too_large", size=int(length), max=MAX_BYTES)
            text = conn.execute(
                sa.select(workspace_refused.c.data).where(workspace_refused.c.id == wid)
            ).scalar_one()
        try:
            return json.loads(text)
        except (ValueError, RecursionError) as e:
            raise _refused("corrupt", id=wid, error=str(e)[:200]) from None

    def delete(self, wid: str) -> bool:
        """Forget workspace ``wid``; False if there was none."""
        if not valid_id(wid):
            return False
        with self.store.engine.begin() as conn:
            conn.execute(workspace_drafts.delete().where(workspace_drafts.c.id == wid))
            conn.execute(workspace_refused.delete().where(workspace_refused.c.id == wid))
            done = conn.execute(workspace_table.delete().where(workspace_table.c.id == wid))
        return bool(done.rowcount)

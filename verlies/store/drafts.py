"""Named deck drafts kept with the playtest store (issue 22 item 2): the Deck tab saves
the editor's draft under a name, lists, reopens, deletes and compares them; they survive
a reload of the page and a restart of the server.

One row per (browser, name) in the table ``deck_drafts`` of the playtest store's database:
the whole deck file (``Deck.dumps()``; a patch against the default deck would change its
meaning when the default edition changes). The browser is the page's random client id
(the one autosave uses), so visitors of one server do not see each other's drafts.

**Migration.** A database made before drafts existed has no ``deck_drafts`` table: opening
a :class:`DraftStore` on it creates that table (``CREATE TABLE`` if missing) and changes
nothing else, so its playtest records read as before.

>>> from verlies.deck import Deck
>>> from verlies.store import PlaytestStore
>>> drafts = DraftStore(PlaytestStore("sqlite://"))
>>> drafts.save("stronger troll", Deck.default(), client="b1").name
'stronger troll'
>>> [d.name for d in drafts.list("b1")], drafts.list("b2")
(['stronger troll'], [])
"""

from __future__ import annotations

import time
import unicodedata
from dataclasses import dataclass

import sqlalchemy as sa

from verlies.deck import MAX_BYTES, Deck
from verlies.errors import DeckError, Inner, Phrase
from verlies.store.db import PlaytestStore, StoreError, database_error, schema_change

__all__ = ["MAX_NAME", "DraftInfo", "DraftStore", "draft_table"]

#: The longest draft name (characters).
MAX_NAME = 80

_meta = sa.MetaData()
draft_table = sa.Table(
    "deck_drafts",
    _meta,
    sa.Column("client", sa.String(64), primary_key=True),  # the browser ("" : no browser id)
    sa.Column("name", sa.String(MAX_NAME * 4), primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("deck", sa.Text, nullable=False),  # Deck.dumps()
)


@dataclass(frozen=True)
class DraftInfo:
    """A saved draft: its name, when it was first and last saved, its deck's name."""

    name: str
    created: float
    updated: float
    deck_name: str


def _refused(key: str, **values: object) -> StoreError:
    return StoreError(words=Phrase.of(f"store.err.draft_{key}", **values))


def shown_name(name: str) -> str:
    """A name as a message quotes it: at most :data:`MAX_NAME` characters (a refusal of a
    megabyte-long name does not say it back)."""
    return name if len(name) <= MAX_NAME else name[: MAX_NAME - 1] + "…"


def check_name(name: str) -> str:
    """A draft's name, trimmed: 1 to :data:`MAX_NAME` characters, no line breaks, no
    control characters (unseen: two names that look alike) and nothing UTF-8 cannot
    write (a lone surrogate: the database refuses it)."""
    name = " ".join(str(name).split())
    if not name:
        raise _refused("name_empty")
    if len(name) > MAX_NAME:
        raise _refused("name_long", n=len(name), max=MAX_NAME)
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in name):
        raise _refused("name_chars")
    return name


class DraftStore:
    """Named drafts in the playtest store's database (see the module's text)."""

    def __init__(self, store: PlaytestStore) -> None:
        self.store = store
        try:
            with schema_change(store.engine) as conn:  # the migration: the table if missing
                _meta.create_all(conn)
        except sa.exc.SQLAlchemyError as e:
            raise StoreError(words=database_error("store.err.open", store.url, e)) from None

    def save(self, name: str, deck: Deck, client: str = "") -> DraftInfo:
        """Keep ``deck`` as the draft ``name`` (replacing one of the same name)."""
        name = check_name(name)
        text = deck.dumps()
        if len(text.encode("utf-8")) > MAX_BYTES:
            raise _refused("too_large", max=MAX_BYTES)
        now = time.time()
        with self.store.engine.begin() as conn:
            old = conn.execute(
                sa.select(draft_table.c.created).where(
                    draft_table.c.client == client, draft_table.c.name == name
                )
            ).first()
            created = now if old is None else float(old[0])
            if old is not None:
                conn.execute(
                    draft_table.update()
                    .where(draft_table.c.client == client, draft_table.c.name == name)
                    .values(updated=now, deck=text)
                )
            else:
                conn.execute(
                    draft_table.insert().values(
                        client=client, name=name, created=now, updated=now, deck=text
                    )
                )
        return DraftInfo(name, created, now, deck.name)

    def list(self, client: str = "") -> list[DraftInfo]:
        """The browser's drafts, the last saved first."""
        query = (
            sa.select(draft_table)
            .where(draft_table.c.client == client)
            .order_by(draft_table.c.updated.desc(), draft_table.c.name)
        )
        with self.store.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [DraftInfo(r.name, r.created, r.updated, _deck_name(r.deck)) for r in rows]

    def load(self, name: str, client: str = "") -> Deck:
        """The draft ``name``'s deck (StoreError: none of that name, or it does not load)."""
        if not _may_be_saved(name):
            raise _refused("missing", name=shown_name(name))
        query = sa.select(draft_table.c.deck).where(
            draft_table.c.client == client, draft_table.c.name == name
        )
        with self.store.engine.connect() as conn:
            row = conn.execute(query).first()
        if row is None:
            raise _refused("missing", name=shown_name(name))
        try:
            return Deck.loads(row[0], file=f"<draft {name}>")
        except DeckError as e:
            raise _refused("unreadable", name=shown_name(name), error=Inner(e, 300)) from None

    def delete(self, name: str, client: str = "") -> bool:
        """Forget the draft ``name``; False if there was none."""
        if not _may_be_saved(name):
            return False
        with self.store.engine.begin() as conn:
            done = conn.execute(
                draft_table.delete().where(
                    draft_table.c.client == client, draft_table.c.name == name
                )
            )
        return bool(done.rowcount)


def _may_be_saved(name: str) -> bool:
    """Could a draft have this name (:func:`check_name` lets it through unchanged)? A name
    that could not be saved is none of the drafts, and is not sent to the database (a
    lone surrogate made it raise UnicodeEncodeError)."""
    try:
        return check_name(name) == name
    except StoreError:
        return False


def _deck_name(text: str) -> str:
    """The deck's name from its file's first ``name = "…"`` line (no full parse)."""
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip() == "name":
            return value.strip().strip('"')
    return ""

"""Nothing lost: the page's game saved to the playtest store at every step, and offered back.

No widgets here (the view is ``ui/play/autosave_view.py``). The page calls :meth:`Autosave.sync`
after every change it shows; the first step a visitor takes begins a record
(:meth:`~verlies.store.db.PlaytestStore.begin`), every later change saves it with who
decided each new step (the session's ``decided``: "human" or the bot's name; the store
marks chance and deck edits itself). A game nobody played here (the page's first game in a
preheated kernel, a loaded file only looked at) is never written.

The browser says who it is once the page is up (:meth:`Autosave.hello`: a random id kept in
its localStorage, the page's query string, its time zone); the unfinished games of that
browser, and the one a ``?resume=<record id>`` link names, are offered back.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import parse_qs

from verlies.errors import Phrase, VerliesError, WordedError
from verlies.tree import GameTree
from verlies.ui.core.session import HUMAN, Session, bot_names
from verlies.ui.core.words import t

if TYPE_CHECKING:  # SQLAlchemy loads with the first save, not with the page
    from verlies.store.db import PlaytestRecord, PlaytestStore

#: What the browser may send at most (an id, a query string, a number): a bound, not a format.
MAX_HELLO = 4096
#: Steps that were in a loaded game before this page played on.
LOADED = "loaded"


@dataclass(frozen=True)
class Offer:
    """An unfinished game the page can resume."""

    rid: str
    step: int
    updated: float
    seats: tuple[str, ...]

    def text(self, lang: str, tz_minutes: int = 0) -> str:
        """ "Resume game from 2026-12-01 01:20, step 12" in the browser's local time."""
        when = time.strftime("%Y-%m-%d %H:%M", time.gmtime(self.updated + 60 * tz_minutes))
        return t("autosave.offer", lang, time=when, step=self.step)


@dataclass(frozen=True)
class SaveState:
    """Where the page's game stands with the store (the view shows it; the browser warns
    before the tab closes while ``unsaved``)."""

    rid: str | None  # the record (also the resume link's token), None until played
    step: int  # the step the store holds (the game's cursor when saved)
    saved: bool  # the game as shown is in the store
    unsaved: bool  # played here, not over, and the last write failed: closing loses it
    error: str  # why the store refused, or ""


Signature = tuple[int, int, int, str, tuple[tuple[str, int], ...], str]


def _unplayable(rid: str, seats: tuple[str, ...]) -> Phrase:
    """Why a stored game's seats cannot be played here, in words (``store.err.``): a bot
    that is no longer among the page's (renamed or removed), else seats that do not fit."""
    known = bot_names()
    gone = [s for s in seats if s != HUMAN and s not in known]
    if gone:
        return Phrase.of(
            "store.err.bot", id=rid, bot=repr(gone[0]), known=", ".join((HUMAN, *known))
        )
    return Phrase.of("store.err.seats", id=rid, seats=", ".join(seats))


def _said(error: VerliesError, lang: str) -> str:
    """An error of the store in the page's language (its words where it has them)."""
    return error.text_in(lang) if isinstance(error, WordedError) else str(error)


def _signature(session: Session, tree: GameTree | None = None) -> Signature:
    """What changes when the save would: the shown line and, with branches, each branch's
    name and length and which is shown (a branch's line only grows, or a new one starts)."""
    g = session.game
    last = repr(g.steps[-1]) if g.history_length else ""
    if tree is None or tree.game is not g:
        return (id(g), g.history_length, g.step_count, last, (), "")
    lines = tuple((name, len(tree.line(name))) for name in tree.names)
    return (id(g), g.history_length, g.step_count, last, lines, tree.current)


class Autosave:
    """The page's game and its record in the store.

    ``opener`` makes the store on first use (default: :class:`PlaytestStore` from the
    environment: ``VERLIES_STORE_URL``, ``VERLIES_DATA_DIR``, ``VERLIES_RECORD_PLAYTESTS``).
    """

    def __init__(self, opener: Callable[[], PlaytestStore] | None = None) -> None:
        self._opener = opener
        self._store: PlaytestStore | None = None
        self.client: str | None = None
        self.tz_minutes = 0
        self.resume_token: str | None = None
        self._session: Session | None = None
        self._rid: str | None = None
        self._saved_sig: Signature | None = None
        self._tree: GameTree | None = None  # the branches last saved with the game
        self._saved_step = 0
        self.error = ""  # in ``lang``
        self.lang = "de"  # the page's language at the last sync: the store's errors say it

    # ---- the store -------------------------------------------------------------------

    @property
    def store(self) -> PlaytestStore:
        """The store, opened on first use (StoreError if it cannot be)."""
        if self._store is None:
            if self._opener is not None:
                self._store = self._opener()
            else:
                from verlies.store.db import PlaytestStore

                self._store = PlaytestStore()
        return self._store

    @property
    def rid(self) -> str | None:
        return self._rid

    # ---- the browser --------------------------------------------------------------------

    def hello(self, raw: str) -> list[Offer]:
        """The browser's message (JSON: ``client``, ``query``, ``tz``); returns the games it
        may resume, the one its ``?resume=`` link names first. Malformed input is ignored."""
        if not raw or len(raw) > MAX_HELLO:
            return []
        try:
            data = json.loads(raw)
        except ValueError:
            return []
        if not isinstance(data, dict):
            return []
        client = data.get("client")
        if isinstance(client, str) and 8 <= len(client) <= 64 and client.isprintable():
            self.client = client
        tz = data.get("tz")
        if isinstance(tz, int) and -16 * 60 <= tz <= 16 * 60:
            self.tz_minutes = tz
        query = data.get("query")
        if isinstance(query, str):
            token = parse_qs(query.lstrip("?")).get("resume", [""])[0]
            self.resume_token = token if token.isalnum() and len(token) <= 32 else None
        if self._rid is not None and self.client is not None:
            try:
                self.store.claim(self._rid, self.client)
            except VerliesError as e:
                self.error = _said(e, self.lang)
        return self.offers()

    def offers(self) -> list[Offer]:
        """Unfinished games of this browser and of the resume link (not the one shown)."""
        if self.client is None and self.resume_token is None:
            return []
        try:
            found: list[PlaytestRecord] = []
            if self.resume_token:
                try:
                    rec = self.store.get(self.resume_token)
                except VerliesError:
                    rec = None  # an unknown or deleted link: nothing to offer
                if rec is not None and rec.status == "playing":
                    found.append(rec)
            if self.client is not None:
                found += self.store.unfinished(self.client)
        except VerliesError as e:
            self.error = _said(e, self.lang)
            return []
        out: list[Offer] = []
        for rec in found:
            if rec.id != self._rid and all(o.rid != rec.id for o in out):
                out.append(Offer(rec.id, rec.cursor, rec.updated, rec.seats))
        return out

    # ---- resuming ---------------------------------------------------------------------

    def resume(self, rid: str) -> tuple[Session, GameTree]:
        """The stored game ``rid`` as a session, and its branches (the shown one current,
        at the step shown); later steps are saved to the same record. Raises VerliesError
        (StoreError) when it cannot be loaded."""
        rec = self.store.get(rid)
        tree = rec.tree()
        game = tree.game
        try:
            session = Session(game, list(rec.seats), bot_seed=game.setup.seed)
        except ValueError:  # a bot preset that no longer exists, or seats of another game
            from verlies.store.db import StoreError

            raise StoreError(words=_unplayable(rid, rec.seats)) from None
        self._session = session
        self._rid = rid
        self._tree = tree
        self._saved_sig = _signature(session, tree)
        self._saved_step = game.step_count
        self.error = ""
        if self.client is not None:
            self.store.claim(rid, self.client)
        return session, tree

    def discard(self, rid: str) -> None:
        """Do not offer ``rid`` again (a playtest record keeps it as abandoned)."""
        self.store.abandon(rid)

    # ---- saving --------------------------------------------------------------------------

    @staticmethod
    def played(session: Session) -> bool:
        """Has anyone taken a step in this session (as opposed to a game only shown)? A
        shared table's session (``shared``) is never autosaved: the table's store keeps
        its steps and its one playtest record."""
        if getattr(session, "shared", False):
            return False
        return bool(session.decided) or session.game.history_length != session.start_length

    def sync(self, session: Session, lang: str = "de", tree: GameTree | None = None) -> SaveState:
        """Save ``session``'s game, with its branches ``tree`` if given, if either changed
        since the last save (called after every change the page shows; cheap when nothing
        changed)."""
        self.lang = lang
        if session is not self._session:
            self._session = session
            self._rid = None  # a new game: a new record once it is played
            self._saved_sig = None
            self._saved_step = 0
            self.error = ""
        game = session.game
        if tree is not None and tree.game is not game:
            tree = None  # another game's branches
        self._tree = tree
        sig = _signature(session, tree)
        if self.played(session) and sig != self._saved_sig:
            actors = {i: LOADED for i in range(session.start_length)}
            actors.update(session.decided)
            try:
                if self._rid is None:
                    self._rid = self.store.begin(
                        game,
                        session.controllers,
                        client=self.client,
                        lang=lang,
                        actors=actors,
                        tree=tree,
                    )
                    if game.is_over:  # played to the end in one go: recording off drops it
                        self.store.save(self._rid, game, actors=actors, tree=tree)
                else:
                    try:
                        self.store.save(self._rid, game, actors=actors, tree=tree)
                    except VerliesError:
                        # the record is gone (an autosave deleted at the end, then undone)
                        self._rid = self.store.begin(
                            game,
                            session.controllers,
                            client=self.client,
                            lang=lang,
                            actors=actors,
                            tree=tree,
                        )
                self._saved_sig = sig
                self._saved_step = game.step_count
                self.error = ""
            except VerliesError as e:
                self.error = _said(e, self.lang)
        return self.state()

    def state(self) -> SaveState:
        session = self._session
        saved = session is not None and self._saved_sig == _signature(session, self._tree)
        played = session is not None and self.played(session)
        over = session is not None and session.game.is_over
        return SaveState(
            rid=self._rid,
            step=self._saved_step,
            saved=saved,
            unsaved=played and not saved and not over,
            error=self.error,
        )


__all__ = ["LOADED", "Autosave", "Offer", "SaveState"]

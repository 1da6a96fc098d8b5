"""The autosave's part of the play page, without widgets: when the page's game is saved,
the unfinished games offered back, and what the "saved at step N" line stands on.

:class:`~verlies.ui.play.autosave_store.Autosave` keeps a game and its record in the playtest store;
this model follows the page's :class:`~verlies.ui.play.app_model.AppModel` (it subscribes to its
changes and saves after each change the page shows), holds the resume offers the browser's
hello brought, and resumes or discards one. The view (``ui/play/autosave_view.py``) draws
:attr:`AutosaveModel.offers` and :attr:`AutosaveModel.state` and hands its buttons here.
"""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING

from verlies.errors import VerliesError
from verlies.ui.play.app_model import AppModel, Change, Changed
from verlies.ui.play.autosave_store import Autosave, Offer, SaveState

if TYPE_CHECKING:
    from verlies.game import Game

#: The changes after which the page saves: the ones that can change the game, its branches
#: or the language the line is in (a message, the save file offered or the New game form
#: shown cannot).
SAVED_AFTER = frozenset({Change.ADOPTED, Change.MOVED, Change.LANG, Change.OPTIONS, Change.DECK})


class AutosaveModel:
    """The autosave of ``app`` (its :attr:`~verlies.ui.play.app_model.AppModel.autosave`, whose
    store also keeps the deck drafts). ``enabled=False``: nothing is saved or offered.

    Subscribe it after the views that draw the game (the play page does): the board is drawn
    before the store is written to."""

    def __init__(self, app: AppModel, enabled: bool = True) -> None:
        self.app = app
        self.enabled = enabled
        #: Unfinished games the page may resume, the one a ``?resume=`` link names first.
        self.offers: list[Offer] = []
        #: Where the game stands with the store (None until the first save was tried).
        self.state: SaveState | None = None
        #: The traceback of the store's last unexpected failure (the page goes on).
        self.last_error: str | None = None
        self._offered_over: Game | None = None  # the game shown when the offers were made
        if enabled:
            app.subscribe(self._changed)

    @property
    def autosave(self) -> Autosave:
        return self.app.autosave

    def _changed(self, change: Changed) -> None:
        if change.what in SAVED_AFTER:
            self.sync()

    # ---- the browser said who it is ---------------------------------------------------

    def hello(self, raw: str) -> None:
        """The browser's id, query and time zone (JSON, from the page's script): the games
        it may resume are offered, and the line names the id back."""
        if not self.enabled:
            return
        try:
            self.offers = self.autosave.hello(raw)
        except Exception:  # noqa: BLE001 - a broken store must not break the page
            self.last_error = traceback.format_exc()
            self.offers = []
        self._offered_over = self.app.game
        self.sync()

    @property
    def offer(self) -> Offer | None:
        """The offer shown (the first)."""
        return self.offers[0] if self.offers else None

    def take_offer(self) -> bool:
        """Resume the offered game: it replaces the one shown (which is saved already).
        False: nothing offered, or the store refused (said on the page)."""
        if not self.offers:
            return False
        offer = self.offers.pop(0)
        if not self.app.resume(offer.rid):
            return False
        # resumed: the offer is done, and the game it replaced is not offered back in its
        # place (issue 24 item 6); it is saved, and offered again on the next visit
        self.offers = []
        return True

    def discard_offer(self) -> None:
        """Do not offer the first game again (its record stays, as abandoned)."""
        if not self.offers:
            return
        offer = self.offers.pop(0)
        try:
            self.autosave.discard(offer.rid)
        except VerliesError as e:
            self.app.say("page", str(e), error=True)

    # ---- after every change -------------------------------------------------------------

    def sync(self) -> SaveState | None:
        """Save the game if it or its branches changed; returns where it stands (None when
        disabled). The branch tree takes in the game first (a what-if at a past step starts
        a branch, said once, whoever asks first)."""
        if not self.enabled:
            return None
        app = self.app
        if self.offers and app.game is not self._offered_over:
            # a file loaded, a new game, a link opened: the offer to resume is over
            self.offers = []
        app.started_branch()
        autosave = self.autosave
        try:
            state = autosave.sync(app.session, app.lang, app.tree)
        except Exception:  # noqa: BLE001 - keep playing; the line says it is not saved
            self.last_error = traceback.format_exc()
            autosave.error = self.last_error.strip().splitlines()[-1]
            state = autosave.state()
        self.state = state
        return state


__all__ = ["SAVED_AFTER", "AutosaveModel"]

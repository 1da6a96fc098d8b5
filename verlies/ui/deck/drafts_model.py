"""Named drafts on the Deck tab, without widgets (issue 22 item 2).

:class:`DraftsModel` saves the editor's draft under a name in the playtest store
(:class:`verlies.store.drafts.DraftStore`, per browser), lists, opens and deletes drafts,
and compares any two decks among the draft being edited, the saved drafts and the shipped
editions (``Deck.edition("standard-1")``, ...) with the lab's ``compare`` on the same
seeds (in a background thread: :class:`verlies.ui.balance.balance_model.BalanceRun`), ending in its
before/after answer (:func:`verlies.sim.verdict.before_after`: the verdict, every
character's win rate), naming the decks it belongs to, marked out of date once the draft
being edited changes under it. Every message is in the page's language.
"""

from __future__ import annotations

from collections.abc import Callable

from verlies import i18n
from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.store.drafts import DraftStore, shown_name
from verlies.ui.balance.balance_model import BalanceRun
from verlies.ui.core.words import Keys

__all__ = ["CURRENT", "DRAFTS", "DraftsModel"]

#: The choice "the draft being edited" among the decks to compare.
CURRENT = "current"


#: The named drafts' words (``drafts.…``).
DRAFTS = Keys("drafts.")


def _error(e: BaseException, lang: str) -> str:
    text_in = getattr(e, "text_in", None)
    return str(text_in(lang)) if callable(text_in) else str(e)


class DraftsModel:
    """``opener()`` gives the draft store and the browser's id (asked at each use; it
    should keep the store it opened)."""

    def __init__(
        self,
        opener: Callable[[], tuple[DraftStore, str]],
        lang: str = "de",
        workers: int | None = None,
    ) -> None:
        self._opener = opener
        self.lang = lang
        self.run = BalanceRun(workers)
        self.compared: tuple[str, str] | None = None  # the refs of the last comparison
        self._current: Deck | None = None  # the draft being edited, when it was compared
        self._active = False  # False once the comparison is over, before on_done is called

    def _open(self) -> tuple[DraftStore, str]:
        # asked each time: the browser's id may arrive after the tab was built
        return self._opener()

    # ---- the drafts ---------------------------------------------------------------------

    def names(self) -> list[str]:
        """The browser's drafts, the last saved first ([] when the store cannot open)."""
        try:
            store, client = self._open()
            return [d.name for d in store.list(client)]
        except VerliesError:
            return []

    def save(self, name: str, deck: Deck) -> tuple[bool, str]:
        """Keep ``deck`` as the draft ``name``; (done, what to say)."""
        try:
            store, client = self._open()
            info = store.save(name, deck, client)
        except VerliesError as e:
            return False, DRAFTS("not_saved", self.lang, msg=_error(e, self.lang))
        return True, DRAFTS("saved", self.lang, name=info.name)

    def load(self, name: str) -> Deck | str:
        """The draft's deck, or what to say when it cannot be had."""
        try:
            store, client = self._open()
            return store.load(name, client)
        except VerliesError as e:
            return DRAFTS("not_opened", self.lang, msg=_error(e, self.lang))

    def delete(self, name: str) -> tuple[bool, str]:
        try:
            store, client = self._open()
            done = store.delete(name, client)
        except VerliesError as e:
            return False, DRAFTS("not_deleted", self.lang, msg=_error(e, self.lang))
        if not done:
            gone = i18n.text("store.err.draft_missing", self.lang, name=shown_name(name))
            return False, DRAFTS("not_deleted", self.lang, msg=gone)
        return True, DRAFTS("deleted", self.lang, name=name)

    # ---- comparing ----------------------------------------------------------------------

    def choices(self) -> list[tuple[str, str]]:
        """(label, ref) of every deck that can be compared: the draft being edited, each
        saved draft (``draft:<name>``), each shipped edition (``edition:<name>``)."""
        out = [(DRAFTS("current", self.lang), CURRENT)]
        out += [(DRAFTS("draft", self.lang, name=n), f"draft:{n}") for n in self.names()]
        out += [(DRAFTS("edition", self.lang, name=e), f"edition:{e}") for e in Deck.editions()]
        return out

    def deck_of(self, ref: str, current: Deck) -> Deck:
        """The deck a choice names (VerliesError: a draft that is gone or does not load)."""
        if ref == CURRENT:
            return current
        kind, _, name = ref.partition(":")
        if kind == "edition":
            return Deck.edition(name)
        if kind == "draft":
            store, client = self._open()
            return store.load(name, client)
        raise VerliesError(f"unknown deck choice {ref!r}")

    def start_compare(
        self,
        a: str,
        b: str,
        current: Deck,
        *,
        games: int = 200,
        players: int = 4,
        on_update: Callable[[BalanceRun], None] | None = None,
        on_done: Callable[[BalanceRun], None] | None = None,
    ) -> str:
        """Compare deck ``b`` against deck ``a`` (refs of :meth:`choices`) on the same
        seeds; returns "" when it started, else what to say."""
        if a == b:
            return DRAFTS("same", self.lang)

        def done(run: BalanceRun) -> None:
            self._active = False
            if on_done is not None:
                on_done(run)

        try:
            deck_a, deck_b = self.deck_of(a, current), self.deck_of(b, current)
            self._active = True
            self.run.start(
                deck_a, deck_b, games=games, players=players, on_update=on_update, on_done=done
            )
        except VerliesError as e:
            self._active = False
            return DRAFTS("not_compared", self.lang, msg=_error(e, self.lang))
        self.compared = (a, b)
        self._current = current if CURRENT in (a, b) else None
        return ""

    def is_fresh(self, current: Deck | None) -> bool:
        """The last comparison is still of the draft being edited (always, when neither
        side was that draft)."""
        from verlies.ui.runs.run_model import still_of

        return still_of(self._current, current)

    @property
    def comparing(self) -> bool:
        return self._active and self.run.running

    def result_text(self, current: Deck | None = None) -> str:
        """Where the comparison is, or its before/after answer once it has one: the
        verdict sentence, every character's win rate in the second deck, and the decks it
        belongs to, or that it is out of date (``current``: the draft being edited now).
        One line each."""
        run = self.run
        if run.error is not None:
            return DRAFTS("not_compared", self.lang, msg=run.error)
        if run.comparison is None:
            return (
                DRAFTS("comparing", self.lang, done=run.done, total=run.total)
                if self.comparing
                else ""
            )
        from verlies.sim.verdict import before_after

        ba = before_after(run.comparison)
        lines = [ba.sentence(self.lang), ba.win_line(self.lang)]
        if self.comparing:
            lines.insert(0, DRAFTS("comparing", self.lang, done=run.done, total=run.total))
        elif self.is_fresh(current):
            lines.append(
                i18n.text("verdict.belongs", self.lang, draft=ba.draft_name, base=ba.base_name)
            )
        else:
            lines.append(i18n.text("verdict.stale", self.lang, draft=ba.draft_name))
        return "\n".join(lines)

    def close(self) -> None:
        self.run.close()

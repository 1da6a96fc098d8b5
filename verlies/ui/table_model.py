"""One visitor at a shared table (issue 23), without widgets: what the page of a seat link,
a spectator link or the designer's link shows and does.

The table's truth is the store (:mod:`verlies.store.tables`); this model keeps the
visitor's copy of the game caught up (:meth:`SeatModel.poll`, cheap: one count query
when nothing changed, none where the database notifies), sends the seat's decisions
(:meth:`SeatModel.act`: a refusal comes back as words, never an exception), and says whose
turn it is and what everyone waits for.
A shared table moves only forward: no undo, what-if or branches here.
"""

from __future__ import annotations

from dataclasses import dataclass

from verlies.actions import Action
from verlies.game import Game
from verlies.store.tables import (
    HUMAN,
    Access,
    TableGame,
    TableRefused,
    TableStore,
    TableWatch,
)
from verlies.ui.describe import character_name
from verlies.ui.i18n import bot_name, t


@dataclass(frozen=True)
class Said:
    """What the page says after a decision: the text and whether it is a refusal."""

    text: str
    error: bool = False


class SeatModel:
    """A visitor's view of one table: a seat, a spectator, or the designer."""

    #: A shared table moves only forward (issue 23): the page hides undo, what-if and
    #: branches while this model drives it.
    may_rewind = False

    def __init__(
        self, store: TableStore, table_id: str, token: str, *, visitor: str | None = None
    ) -> None:
        self.store = store
        self.token = token
        self.visitor = visitor
        self.access: Access = store.open(table_id, token, visitor=visitor)
        # Listening before loading: a step written in between is not missed.
        self.watch: TableWatch | None = store.watch(table_id)
        self.table: TableGame = store.load(table_id)
        store.advance(self.table)

    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def seat(self) -> int | None:
        return self.access.seat

    def viewer(self) -> int | None:
        """Whose hidden cards the screen may show: the seat's own; None for a spectator
        (no hidden card at all) and for the designer, who sees everything (``sees_all``)."""
        return self.access.seat

    def poll(self) -> bool:
        """Catch up with the table; True when the position changed. Also writes the steps
        that nobody's browser decides (bots, rolls) if this kernel notices them first."""
        changed = False
        w = self.watch
        if w is not None and w.alive:
            # The database says when a step was written: no query while nothing happens.
            if w.pending():
                changed = self.store.sync(self.table) > 0
        elif self.store.latest(self.table.table_id) != self.table.step_no:
            changed = self.store.sync(self.table) > 0
        kind, _seat = self.table.waiting_for()
        if kind in ("bot", "chance"):
            changed = self.store.advance(self.table) > 0 or changed
        return changed

    def close(self) -> None:
        """Stop listening for the table's steps (the page is gone)."""
        if self.watch is not None:
            self.watch.close()
            self.watch = None

    def my_turn(self) -> bool:
        kind, seat = self.table.waiting_for()
        return kind == "human" and seat is not None and seat == self.access.seat

    def act(self, action: Action, lang: str) -> Said | None:
        """The seat's decision at the position it sees. None when taken (the bots' and
        chance's answers follow at once); a refusal in words otherwise (the game then
        shows the table's position: the other seat's step after a race)."""
        try:
            self.store.take(
                self.table, self.token, self.table.step_no, action, visitor=self.visitor
            )
        except TableRefused as e:
            return Said(e.text_in(lang), error=True)
        self.store.advance(self.table)
        return None

    def turn_text(self, lang: str) -> str:
        """Whose turn it is, from this visitor's side: always says who the table waits for."""
        kind, seat = self.table.waiting_for()
        g = self.game
        if kind == "over":
            return t("table.over", lang)
        if kind == "chance" or seat is None:
            return t("table.rolling", lang)
        who = character_name(g, seat, lang)
        if kind == "bot":
            return t(
                "table.wait_bot",
                lang,
                n=seat + 1,
                who=who,
                bot=bot_name(self.table.seats[seat], lang),
            )
        if seat == self.access.seat:
            return t("table.your_turn", lang, n=seat + 1, who=who)
        if self.access.seat is None:
            return t("table.watch", lang, n=seat + 1, who=who)
        return t("table.wait_seat", lang, n=seat + 1, who=who)

    def seats_text(self, lang: str) -> list[str]:
        """One line per seat: who plays it (a person's link, or a bot), this visitor's
        marked."""
        out = []
        for i, kind in enumerate(self.table.seats):
            who = character_name(self.game, i, lang)
            if kind == HUMAN:
                key = "table.seat_you" if i == self.access.seat else "table.seat_person"
                out.append(t(key, lang, n=i + 1, who=who))
            else:
                out.append(t("table.seat_bot", lang, n=i + 1, who=who, bot=bot_name(kind, lang)))
        return out

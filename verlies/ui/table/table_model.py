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

from collections.abc import Callable
from dataclasses import dataclass

from verlies.actions import Action
from verlies.game import Game
from verlies.hidden import seen_game
from verlies.store.tables import (
    HUMAN,
    Access,
    TableGame,
    TableRefused,
    TableStore,
    TableWatch,
    TakeBack,
    last_choice,
)
from verlies.ui.core.describe import character_name
from verlies.ui.core.words import bot_name, t


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
        # What the last poll saw (where nothing notifies); read after loading, so a change
        # in between is seen (again) at the first poll.
        self._version = store.version(self.table)
        self._can_ask: tuple[tuple[int, ...], bool] | None = None
        self._seen: tuple[tuple[int, ...], Game] | None = None
        store.advance(self.table)

    @property
    def game(self) -> Game:
        """The table's game, every card in it: the store's steps replayed (for the
        store's requests; never shown to a seat or spectator: :meth:`seen`)."""
        return self.table.game

    def seen(self) -> Game:
        """The game this visitor's page is built from: what its seat may know (R9.3;
        :func:`~verlies.hidden.seen_game`: the others' unused treasures face-down cards,
        no card it has not seen named, no seed), the spectator's with no hand; the
        designer's link the table's game itself. Made again when the table moved."""
        if self.access.sees_all:
            return self.table.game
        g = self.table.game
        key = (id(g), g.step_count, g.history_length, self.table.epoch)
        if self._seen is None or self._seen[0] != key:
            self._seen = (key, seen_game(g, self.access.seat))
        return self._seen[1]

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
                changed = self._catch_up()
        else:
            version = self.store.version(self.table)
            if version != self._version:
                self._version = version
                changed = self._catch_up()
        kind, _seat = self.table.waiting_for()
        if kind in ("bot", "chance"):
            changed = self.store.advance(self.table) > 0 or changed
        return changed

    def _catch_up(self) -> bool:
        """Read what changed; True when the position or a take-back request did."""
        t = self.table
        before = (t.request, t.epoch)
        applied = self.store.sync(t)
        return applied > 0 or (t.request, t.epoch) != before

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
        key, values = self.turn_words()
        return t(key, lang, **{k: v(lang) if callable(v) else v for k, v in values.items()})

    def turn_words(self) -> tuple[str, dict[str, object]]:
        """:meth:`turn_text` as words (a page text's key and its values; a name is a
        function of the language), so a refusal saying it is said again on a switch."""
        kind, seat = self.table.waiting_for()
        g = self.game
        if kind == "answers":
            return "table.answers", {"n": (seat or 0) + 1}
        if kind == "over":
            return "table.over", {}
        if kind == "chance" or seat is None:
            return "table.rolling", {}
        at: int = seat

        def who(lang: str) -> str:
            return character_name(g, at, lang)

        if kind == "bot":
            spec = self.table.seats[at]

            def bot(lang: str) -> str:
                return bot_name(spec, lang)

            return "table.wait_bot", {"n": at + 1, "who": who, "bot": bot}
        if at == self.access.seat:
            return "table.your_turn", {"n": at + 1, "who": who}
        if self.access.seat is None:
            return "table.watch", {"n": at + 1, "who": who}
        return "table.wait_seat", {"n": at + 1, "who": who}

    def click_words(self) -> tuple[str, dict[str, object]]:
        """What a click on the board says while this visitor may not decide: another
        seat's turn is not this seat's ("Not your turn: seat 2 is deciding"), a spectator
        watches; otherwise what the table waits for (:meth:`turn_words`). Never the
        instruction meant for the person who decides."""
        key, values = self.turn_words()
        if key == "table.wait_seat":
            return "table.not_yours", values
        if key == "table.watch":
            return "table.watching", values
        return key, values

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

    # ---- taking back (a table made with "take back" allowed) ---------------------------

    def can_ask_takeback(self) -> bool:
        """This seat may ask now: the table allows it, no request is open, and its last
        decided step is the last any person decided."""
        tb = self.table
        seat = self.access.seat
        if seat is None or not tb.takeback_allowed or tb.paused:
            return False
        r = tb.request
        key = (tb.step_no, tb.epoch, seat, *((r.no, r.version) if r is not None else ()))
        if self._can_ask is None or self._can_ask[0] != key:
            last = last_choice(tb, seat)
            ok = (
                last is not None
                and not any(
                    actor == HUMAN and who is not None and who != seat
                    for actor, who, _v in tb.deciders[last + 1 :]
                )
                and not (r is not None and r.status == "refused" and r.step_no == last)
            )
            self._can_ask = (key, ok)
        return self._can_ask[1]

    def takeback_buttons(self) -> frozenset[str]:
        """Which of "ask", "accept", "refuse", "withdraw" this visitor can click now."""
        r = self.table.request
        seat = self.access.seat
        if seat is None:
            return frozenset()
        if r is not None and r.status == "open":
            if seat == r.seat:
                return frozenset({"withdraw"})
            if self.table.seats[seat] == HUMAN and seat not in r.answers:
                return frozenset({"accept", "refuse"})
            return frozenset()
        return frozenset({"ask"}) if self.can_ask_takeback() else frozenset()

    def ask_takeback(self, lang: str) -> Said:
        return self._takeback(
            lambda: self.store.ask_takeback(self.table, self.token, visitor=self.visitor), lang
        )

    def answer_takeback(self, accept: bool, lang: str) -> Said:
        return self._takeback(
            lambda: self.store.answer_takeback(self.table, self.token, accept), lang
        )

    def withdraw_takeback(self, lang: str) -> Said:
        return self._takeback(lambda: self.store.withdraw_takeback(self.table, self.token), lang)

    def _takeback(self, do: Callable[[], TakeBack], lang: str) -> Said:
        try:
            do()
        except TableRefused as e:
            return Said(e.text_in(lang), error=True)
        self.store.advance(self.table)  # a refusal lets the bots and dice go on
        return Said(self.takeback_text(lang) or "")

    def takeback_text(self, lang: str) -> str | None:
        """The table's take-back request as this visitor sees it: open (who asked, who has
        not answered, whether this visitor is asked), or how it ended, while nothing was
        played since; None otherwise."""
        tb = self.table
        r = tb.request
        if r is None:
            return None
        seat = self.access.seat
        asker = dict(seat=r.seat + 1, who=character_name(tb.game, r.seat, lang), step=r.step_no + 1)
        if r.status == "open":
            waiting = ", ".join(t("table.tb_seat", lang, n=i + 1) for i in r.waiting_on(tb.seats))
            if seat == r.seat:
                return t("table.tb_mine", lang, step=r.step_no + 1, waiting=waiting)
            if seat is not None and seat in r.answers:
                return t("table.tb_answered", lang, waiting=waiting)
            if seat is not None and tb.seats[seat] == HUMAN:
                return t("table.tb_asked_you", lang, **asker)
            return t("table.tb_asked", lang, waiting=waiting, **asker)
        if r.status == "accepted" and tb.step_no == r.step_no:
            return t("table.tb_accepted", lang, seat=r.seat + 1, step=r.step_no + 1)
        if tb.step_no != r.upto:
            return None  # the table went on since: old news
        if r.status == "refused":
            by = ", ".join(t("table.tb_seat", lang, n=i + 1) for i in r.refused_by)
            return t("table.tb_refused", lang, seat=r.seat + 1, by=by)
        if r.status == "withdrawn":
            return t("table.tb_withdrawn", lang, seat=r.seat + 1)
        if r.status == "void":
            return t("table.tb_void", lang)
        return None

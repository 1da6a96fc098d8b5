"""The page's session while it plays a seat of a shared table (issue 23), without widgets.

The page asks its session who decides, whose secrets it may show and what happens on a
click (:class:`~verlies.ui.core.session.Session`). At a shared table the answers come from the
table (:class:`~verlies.ui.table.table_model.SeatModel`): only this visitor's seat decides here,
only its treasures are shown (R9.3), a decision goes to the store (a refusal is raised as
:class:`~verlies.store.tables.TableRefused`, which the page says in its language), and
bots and dice are written by the store's ``advance``, never played in this kernel.
"""

from __future__ import annotations

from collections.abc import Callable

from verlies.actions import Action
from verlies.events import Event
from verlies.game import Game
from verlies.store.tables import HUMAN
from verlies.ui.core.session import RunResult, Session
from verlies.ui.table.table_model import SeatModel


class TableSession(Session):
    """A :class:`Session` whose game is a shared table's, seen from one visitor's link."""

    #: The page's autosave leaves it alone: the table is in the store already.
    shared = True

    def __init__(self, seat: SeatModel, visitor: Callable[[], str | None] | None = None) -> None:
        self.seat_model = seat
        self.table_seat = seat
        #: Who the browser is (the page's random browser id, known once the browser said
        #: it): written with each of this seat's steps, for the playtest record.
        self.visitor = visitor
        # Every seat "human" to the base class: it then makes no bots of its own (the
        # table's bots are the store's); ``is_human`` below tells the truth.
        super().__init__(seat.seen(), [HUMAN] * seat.game.players)
        self.controllers = list(seat.table.seats)

    @property
    def game(self) -> Game:
        """The table's game as this visitor may know it (``SeatModel.seen``: a seat's or
        the spectator's page is built from their own game, the designer's from the
        table's), as this kernel last saw it."""
        return self.seat_model.seen()

    @game.setter
    def game(self, _game: Game) -> None:
        pass  # the base class's __init__: the game is the table's

    @property
    def sees_all(self) -> bool:
        return self.seat_model.access.sees_all

    def is_human(self, seat: int) -> bool:
        return self.seat_model.table.seats[seat] == HUMAN

    @property
    def human_to_move(self) -> bool:
        return self.seat_model.my_turn()

    @property
    def bot_to_move(self) -> bool:
        return False  # the table's bots move through the store

    def viewer(self) -> int | None:
        return self.seat_model.viewer()

    def act(self, action: Action) -> list[Event]:
        model = self.seat_model
        if self.visitor is not None and model.visitor is None:
            model.visitor = self.visitor() or None
        before = self.game.log_size
        model.store.take(
            model.table, model.token, model.table.step_no, action, visitor=model.visitor
        )
        self.decided[model.game.step_count - 1] = HUMAN
        model.store.advance(model.table)
        return self.game.log_from(before)  # as this seat may read them

    def poll(self) -> bool:
        return self.seat_model.poll()

    def roll(self) -> list[Event]:
        self.poll()  # a roll is the table's: whichever kernel is first writes it
        return []

    def step(self) -> str:
        self.poll()
        return "over" if self.game.is_over else "human"

    def run(self, unit: str = "end", limit: int = 0) -> RunResult:
        self.poll()
        return RunResult(0, "over" if self.game.is_over else "human")

    def auto(self, bots: bool, chance: bool, limit: int = 0) -> int:
        return 1 if self.poll() else 0

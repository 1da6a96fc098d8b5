"""The game behind the page: a :class:`~verlies.game.Game` plus who plays each seat.

No widgets here and no rules: the session asks the game what is legal, lets bots (functions
of a :class:`~verlies.game.PlayerView`) and the seeded random source take steps, and derives
what the board shows (which cells a click can act on, with the engine's exact odds).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from verlies.actions import Action, Draw, Place, Walk
from verlies.cards.model import Obstacle
from verlies.events import Event
from verlies.game import Game
from verlies.setup import Setup
from verlies.sim import bots
from verlies.sim.bots import Bot

HUMAN = "human"
#: Steps one "to the end" / autoplay burst takes at most before it hands back control.
MAX_BURST = 20_000


def bot_names() -> tuple[str, ...]:
    """The bots the page offers: the presets (``verlies.sim.bots.BOTS``) in their order,
    then the search bots ("strong", which respects hidden information; docs/ai.md)."""
    return (*bots.BOTS, *bots.SEARCH_BOTS)


def make_bot(name: str, seed: int) -> Bot:
    """A fresh bot of the preset ``name``; ValueError for a name that is not one."""
    return bots.make_bot(name, seed)


@dataclass(frozen=True)
class WalkOption:
    """The best legal walk to one target cell: highest chance to arrive, then shortest."""

    action: Walk
    chance: Fraction  # all obstacles on the way passed (product of the engine's odds)
    tests: int  # obstacles on the way
    alternatives: int  # other legal paths to the same cell


@dataclass
class RunResult:
    steps: int
    reason: str  # "human", "over", "done" (the unit ended), "limit"


class TableSeat(Protocol):
    """What the play page asks of a shared table's seat (``verlies.ui.table``), without
    importing the table room: whose turn it is, in words."""

    def turn_words(self) -> tuple[str, dict[str, object]]: ...

    def click_words(self) -> tuple[str, dict[str, object]]: ...


class Session:
    """A game and its seats' controllers ("human" or a bot name)."""

    #: The shared table's seat this session plays, if any (a table session sets it): the
    #: page asks this, not which class the session is, so the play room needs no table.
    table_seat: TableSeat | None = None

    def __init__(
        self, game: Game, controllers: Sequence[str] | None = None, bot_seed: int = 0
    ) -> None:
        self.game = game
        n = game.players
        ctl = list(controllers) if controllers is not None else [HUMAN] * n
        if len(ctl) != n:
            raise ValueError(f"{n} seats need {n} controllers, got {len(ctl)}")
        self.controllers = ctl
        self.bot_seed = bot_seed
        #: Who decided each step taken here, by its index (the autosave logs it:
        #: ui/play/autosave_store.py).
        self.decided: dict[int, str] = {}
        #: Steps the game had when this session took it (a new game 0, a loaded one more).
        self.start_length = game.history_length
        self._bots: dict[int, Bot] = {}
        for seat, name in enumerate(ctl):
            if name != HUMAN:
                self._bots[seat] = make_bot(name, bot_seed * 1000 + seat)

    @classmethod
    def new(cls, setup: Setup, controllers: Sequence[str] | None = None) -> Session:
        """A new game from ``setup`` with these seats' controllers (all human by default);
        the bots are seeded from the game's seed."""
        return cls(Game.from_setup(setup), controllers, bot_seed=setup.seed)

    # ---- who decides -----------------------------------------------------------------

    def is_human(self, seat: int) -> bool:
        return self.controllers[seat] == HUMAN

    @property
    def humans(self) -> list[int]:
        return [s for s, c in enumerate(self.controllers) if c == HUMAN]

    @property
    def human_to_move(self) -> bool:
        g = self.game
        return not g.is_over and not g.is_chance and self.is_human(g.current_player)

    @property
    def bot_to_move(self) -> bool:
        g = self.game
        return not g.is_over and not g.is_chance and not self.is_human(g.current_player)

    def viewer(self) -> int | None:
        """Whose secrets the screen may show in play mode (R9.3): the only human seat, or
        in hot-seat play the human whose turn it is; None when no human sits there."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        seat = self.game.seat
        if not self.game.is_over and seat in humans:
            return seat
        return None

    # ---- taking steps ------------------------------------------------------------------

    def act(self, action: Action) -> list[Event]:
        """A human's decision (the engine checks it and names the rule if illegal)."""
        events = self.game.apply(action)
        self.decided[self.game.step_count - 1] = HUMAN
        return events

    def roll(self) -> list[Event]:
        events = self.game.roll()
        events.extend(self._take_forced())
        return events

    def _take_forced(self) -> list[Event]:
        """A human's forced decision (``Game.forced_action``: a roll with no fitting bonus
        treasure, kept in the game so the others learn nothing) is taken on the player's
        behalf: there is nothing to choose."""
        g = self.game
        events: list[Event] = []
        while not g.is_over and not g.is_chance and self.is_human(g.current_player):
            forced = g.forced_action
            if forced is None:
                break
            events.extend(g.apply(forced))
            self.decided[g.step_count - 1] = HUMAN
        return events

    def step(self) -> str:
        """One step by chance or a bot. Returns "chance", "bot", "forced" (a human's forced
        decision taken for it), "human" (nothing done: a human decides) or "over"."""
        g = self.game
        if g.is_over:
            return "over"
        if g.is_chance:
            g.roll()
            self._take_forced()
            return "chance"
        seat = g.current_player
        bot = self._bots.get(seat)
        if bot is None:
            before = g.step_count
            self._take_forced()
            return "human" if g.step_count == before else "forced"
        g.apply(bot(g.view(seat)))
        self.decided[g.step_count - 1] = self.controllers[seat]
        return "bot"

    def run(self, unit: str = "end", limit: int = MAX_BURST) -> RunResult:
        """Step bots and chance until the ``unit`` ("step", "turn", "round", "end") is done,
        a human must decide, or the game is over."""
        g = self.game
        start_round = g.round
        steps = 0
        while steps < limit:
            before = g.step_count
            what = self.step()
            if what in ("human", "over"):
                return RunResult(steps, what)
            steps += 1
            if unit == "step":
                return RunResult(steps, "done")
            if g.is_over:
                return RunResult(steps, "over")
            if unit == "turn" and any(e.key == "turn" for e in g.events_of(before)):
                return RunResult(steps, "done")
            if unit == "round" and g.round != start_round:
                return RunResult(steps, "done")
        return RunResult(steps, "limit")

    def auto(self, bots: bool, chance: bool, limit: int = MAX_BURST) -> int:
        """Play on by itself where the settings say so: bots' decisions and chance in their
        turns (``bots``), chance in a human's turn (``chance``). Returns the steps taken."""
        g = self.game
        steps = 0
        while steps < limit and not g.is_over:
            if not g.is_chance and self.is_human(g.current_player) and g.forced_action:
                self._take_forced()  # nothing to choose (after a what-if outcome, say)
                steps += 1
                continue
            human_turn = self.is_human(g.seat)
            if g.is_chance:
                if not (chance if human_turn else bots):
                    break
            elif not bots or self.is_human(g.current_player):
                break
            self.step()
            steps += 1
        return steps

    # ---- what a click can do ------------------------------------------------------------

    def placements(self) -> dict[tuple[int, int], list[Place]]:
        """Legal Place actions by cell (R3.2), in the engine's order."""
        out: dict[tuple[int, int], list[Place]] = {}
        if self.game.is_chance or self.game.is_over:
            return out
        for a in self.game.legal_actions():
            if isinstance(a, Place):
                out.setdefault((a.x, a.y), []).append(a)
        return out

    def obstacle_at(self, pos: tuple[int, int]) -> Obstacle | None:
        """The obstacle a figure entering ``pos`` must test, or None (an opened one is open)."""
        tile = self.game.board.get(pos)
        if tile is None or tile.card.obstacle is None or tile.opened:
            return None
        return tile.card.obstacle

    def walk_options(self) -> dict[tuple[int, int], WalkOption]:
        """For each cell a legal walk ends on: the path with the best odds to arrive."""
        g = self.game
        out: dict[tuple[int, int], WalkOption] = {}
        if g.is_chance or g.is_over:
            return out
        counts: dict[tuple[int, int], int] = {}
        for a in g.legal_actions():
            if not isinstance(a, Walk):
                continue
            chance = g.odds(a)  # the engine knows which obstacles still test (R4.4)
            if chance is None:
                raise AssertionError(f"the engine gives no odds for its legal action {a}")
            tests = sum(1 for pos in a.path if self.obstacle_at(pos) is not None)
            counts[a.to] = counts.get(a.to, 0) + 1
            best = out.get(a.to)
            if best is None or (chance, -len(a.path)) > (best.chance, -len(best.action.path)):
                out[a.to] = WalkOption(a, chance, tests, 0)
        return {
            pos: WalkOption(o.action, o.chance, o.tests, counts[pos] - 1) for pos, o in out.items()
        }

    def can_draw(self) -> bool:
        return any(isinstance(a, Draw) for a in self.game.legal_actions()) and not (
            self.game.is_chance
        )

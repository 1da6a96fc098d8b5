"""Read-only views of a game: what it waits for (:data:`Pending`) and one seat's view.

Bots, the page and the odds read the rules' frames only through :data:`Pending`, a union
of one small frozen value per kind of frame (``Placing``, ``ObstacleDecision``, ...), each
carrying only what its kind has.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Protocol, TypeAlias

from verlies.actions import LegalActions
from verlies.board import Pos, Tile
from verlies.cards.model import (
    Attr,
    Character,
    DungeonCard,
    MonsterCard,
    Obstacle,
    Trap,
    TreasureCard,
)
from verlies.dice import Dice, beat_probability, monster_roll_probability, pass_probability
from verlies.events import Event
from verlies.frames import (
    DungeonDraw,
    FightChoice,
    FightRoll,
    GoldRoll,
    LossChoice,
    MonsterDraw,
    MonsterRoll,
    ObstacleChoice,
    ObstacleRoll,
    Placement,
    RoomDraw,
    TrapChoice,
    TrapRoll,
    TreasureDraw,
    Turn,
)
from verlies.frames import FrameKind as FrameKind  # Pending.kind's type, for readers
from verlies.legal import can_draw
from verlies.state import Figure, Table
from verlies.variants import Variants

# ---- what the game waits for: one small value per kind ------------------------------------
#
# Each value carries what its kind has and nothing else, so ``mypy --strict`` proves that a
# reader reads only what its kind carries (it narrows by ``isinstance`` first). Every value
# has ``kind`` (its FrameKind) and ``seat`` (the player to move; -1 once the game is over).


@dataclass(frozen=True, slots=True)
class Turning:
    """R3.1: the turn's choice (draw, walk, wait, recover)."""

    seat: int

    @property
    def kind(self) -> FrameKind:
        return FrameKind.TURN


@dataclass(frozen=True, slots=True)
class Placing:
    """R3.2: the drawn ``card`` is to be laid."""

    seat: int
    card: DungeonCard

    @property
    def kind(self) -> FrameKind:
        return FrameKind.PLACE


@dataclass(frozen=True, slots=True)
class DieTest:
    """A test rolled against a target: the figure's ``value`` of ``attr`` plus ``bonus``
    (from a treasure, R9.5) against ``target``; ``chance``: its exact chance of success.
    The base of the kinds that carry one, never a pending value itself (so it has no
    ``kind``): ``isinstance(p, DieTest)`` narrows a ``Pending`` to those kinds."""

    seat: int
    attr: Attr
    value: int
    bonus: int
    target: int
    chance: Fraction


@dataclass(frozen=True, slots=True)
class ObstacleTest(DieTest):
    """R4.2: the test of the ``obstacle`` on the card at ``pos`` (``target`` its number)."""

    pos: Pos
    obstacle: Obstacle


@dataclass(frozen=True, slots=True)
class ObstacleDecision(ObstacleTest):
    """R4.2/R4.3: try the obstacle (with a bonus treasure) or not; ``bonus`` is 0."""

    @property
    def kind(self) -> FrameKind:
        return FrameKind.OBSTACLE


@dataclass(frozen=True, slots=True)
class ObstacleRolling(ObstacleTest):
    """R4.2: the die for the obstacle is rolled."""

    @property
    def kind(self) -> FrameKind:
        return FrameKind.OBSTACLE_ROLL


@dataclass(frozen=True, slots=True)
class FightDecision:
    """R7.1: which of the ``monster``'s values to fight with."""

    seat: int
    monster: MonsterCard

    @property
    def kind(self) -> FrameKind:
        return FrameKind.FIGHT


@dataclass(frozen=True, slots=True)
class FightRolling(DieTest):
    """R7.2: the adventurer's die against the ``monster`` (``target``: its value)."""

    monster: MonsterCard

    @property
    def kind(self) -> FrameKind:
        return FrameKind.FIGHT_ROLL


@dataclass(frozen=True, slots=True)
class MonsterRolling(DieTest):
    """R7.2: the monster's die, the adventurer's ``roll`` already made; ``chance``: of the
    adventurer winning given that roll."""

    monster: MonsterCard
    roll: int

    @property
    def kind(self) -> FrameKind:
        return FrameKind.MONSTER_ROLL


@dataclass(frozen=True, slots=True)
class TrapDecision:
    """R6.2: which of the ``trap``'s values to test."""

    seat: int
    trap: Trap

    @property
    def kind(self) -> FrameKind:
        return FrameKind.TRAP


@dataclass(frozen=True, slots=True)
class TrapRolling(DieTest):
    """R6.2: the die for the ``trap`` is rolled."""

    trap: Trap

    @property
    def kind(self) -> FrameKind:
        return FrameKind.TRAP_ROLL


@dataclass(frozen=True, slots=True)
class GoldRolling:
    """R4.1: the ``dice`` for the gold of a card are rolled."""

    seat: int
    dice: Dice

    @property
    def kind(self) -> FrameKind:
        return FrameKind.GOLD_ROLL


@dataclass(frozen=True, slots=True)
class Losing:
    """R9.4: lose ``target`` gold or one treasure card."""

    seat: int
    target: int

    @property
    def kind(self) -> FrameKind:
        return FrameKind.LOSE


@dataclass(frozen=True, slots=True)
class Drawing:
    """A card is drawn: ``kind`` says from which deck (DRAW: the dungeon deck, R3.1; ROOM,
    R6.2; MONSTER, R6.3; TREASURE, R9.3)."""

    kind: FrameKind
    seat: int


@dataclass(frozen=True, slots=True)
class Over:
    """The game is over (R1.3): nobody is to move."""

    @property
    def kind(self) -> FrameKind:
        return FrameKind.OVER

    @property
    def seat(self) -> int:
        return -1


#: What the game waits for (``Game.pending_context()``, ``PlayerView.pending``).
Pending: TypeAlias = (
    Turning
    | Placing
    | ObstacleDecision
    | ObstacleRolling
    | FightDecision
    | FightRolling
    | MonsterRolling
    | TrapDecision
    | TrapRolling
    | GoldRolling
    | Losing
    | Drawing
    | Over
)
#: The kinds whose frame is a card draw (``Drawing``).
_DRAW_FRAMES = (DungeonDraw, RoomDraw, MonsterDraw, TreasureDraw)
_OVER = Over()


def monster_value(monster: MonsterCard, attr: Attr) -> int:
    """R7.1: the monster's value for the fight with ``attr``."""
    return next(o.value for o in monster.fight if o.attr is attr)


def pending_of(s: Table) -> Pending:
    """What the frame on top of ``s``'s stack is about."""
    if s.over:
        return _OVER
    frame = s.stack[-1]
    seat = s.seat
    if isinstance(frame, Turn):
        return Turning(seat)
    if isinstance(frame, Placement):
        return Placing(seat, frame.card)
    if isinstance(frame, ObstacleChoice | ObstacleRoll):
        obstacle = s.board[frame.pos].card.obstacle
        assert obstacle is not None
        attr = obstacle.attr  # a property of a property: read once
        value = s.figures[seat].character.value(attr)
        if isinstance(frame, ObstacleChoice):
            chance = pass_probability(value, obstacle.n, 0)
            return ObstacleDecision(seat, attr, value, 0, obstacle.n, chance, frame.pos, obstacle)
        chance = pass_probability(value, obstacle.n, frame.bonus)
        return ObstacleRolling(
            seat, attr, value, frame.bonus, obstacle.n, chance, frame.pos, obstacle
        )
    if isinstance(frame, FightChoice):
        return FightDecision(seat, frame.monster)
    if isinstance(frame, FightRoll):
        mvalue = monster_value(frame.monster, frame.attr)
        chance = beat_probability(frame.value, mvalue, frame.bonus)
        return FightRolling(
            seat, frame.attr, frame.value, frame.bonus, mvalue, chance, frame.monster
        )
    if isinstance(frame, MonsterRoll):
        mvalue = monster_value(frame.monster, frame.attr)
        total = frame.roll + frame.value + frame.bonus
        chance = monster_roll_probability(total, mvalue)
        return MonsterRolling(
            seat, frame.attr, frame.value, frame.bonus, mvalue, chance, frame.monster, frame.roll
        )
    if isinstance(frame, TrapChoice):
        return TrapDecision(seat, frame.trap)
    if isinstance(frame, TrapRoll):
        trap = frame.trap
        chance = pass_probability(frame.value, trap.target, frame.bonus)
        return TrapRolling(seat, frame.attr, frame.value, frame.bonus, trap.target, chance, trap)
    if isinstance(frame, GoldRoll):
        return GoldRolling(seat, frame.dice)
    if isinstance(frame, LossChoice):
        return Losing(seat, frame.amount)
    if isinstance(frame, _DRAW_FRAMES):
        return Drawing(frame.kind, seat)
    # The rules resolve every other frame at once: none waits on top of the stack.
    raise AssertionError(f"no step waits at {frame.kind}")  # pragma: no cover


# ---- one seat's view ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HeldView:
    card: TreasureCard
    used: bool

    @property
    def value(self) -> int:
        """R9.1, R9.5: its gold counts unless it is a spent one-shot treasure."""
        return 0 if (self.used and self.card.spent) else self.card.gold


@dataclass(frozen=True, slots=True)
class FigureView:
    """A read-only snapshot of a figure, for views and bots."""

    seat: int
    character: Character
    pos: Pos
    coins: int
    treasures: tuple[HeldView, ...]
    injured: int
    escaped: bool
    gold: int

    @staticmethod
    def of(f: Figure) -> FigureView:
        return FigureView(
            f.seat,
            f.character,
            f.pos,
            f.coins,
            tuple(HeldView(h.card, h.used) for h in f.treasures),
            f.injured,
            f.escaped,
            f.gold,
        )


class Viewed(Protocol):
    """What a view reads from its game (``verlies.Game``); a Protocol keeps views free of
    an import of the game module."""

    @property
    def state(self) -> Table: ...

    @property
    def current_player(self) -> int: ...

    @property
    def round(self) -> int: ...

    @property
    def variants(self) -> Variants: ...

    @property
    def log(self) -> list[Event]: ...

    def legal_actions(self) -> LegalActions: ...

    def pending_context(self) -> Pending: ...

    def pass_chance(
        self, obstacle: Obstacle, seat: int | None = None, bonus: int = 0
    ) -> Fraction: ...


class PlayerView:
    """One seat's view of the game (R9.3). Bots are functions of a view.

    Shows the board, every figure's position, coins and state, the sizes of the decks,
    the seat's own treasures, and only the number of the others' treasures.
    """

    def __init__(self, game: Viewed, seat: int) -> None:
        self._game = game
        self.seat = seat

    @property
    def board(self) -> Mapping[Pos, Tile]:
        """The laid cards, read-only (the board is public)."""
        return MappingProxyType(self._game.state.board)

    @property
    def board_version(self) -> object:
        """An object that stays the same (``is``) exactly as long as the board does: a
        laid card or a changed one (gold taken, opened, collapsed) makes a new one. For
        players that keep something worked out from the board (the bots' graph)."""
        return self._game.state.board_version

    @property
    def can_draw(self) -> bool:
        """Is it this seat's turn and drawing a card (R3.1, R3.2) one of its legal actions?
        Answered without working out the legal actions (every walk) first."""
        s = self._game.state
        return s.seat == self.seat and can_draw(s)

    @property
    def to_move(self) -> bool:
        return self._game.current_player == self.seat

    def legal_actions(self) -> LegalActions:
        # ``to_move`` and ``Game.legal_actions`` inline: bots ask this at every decision.
        s = self._game.state
        if s.over or s.at_chance or s.seat != self.seat:
            return LegalActions()
        legal = s.cache.legal  # the table's cache of them (see ``rules.legal_actions``)
        return self._game.legal_actions() if legal is None else legal

    @property
    def pending(self) -> Pending:
        """What the game waits for (public: everyone sees the table), typed."""
        return self._game.pending_context()

    @property
    def me(self) -> FigureView:
        """A snapshot of the seat's own figure (changing it changes nothing in the game)."""
        return FigureView.of(self._game.state.figures[self.seat])

    @property
    def position(self) -> Pos:
        return self._game.state.figures[self.seat].pos

    @property
    def character(self) -> Character:
        return self._game.state.figures[self.seat].character

    @property
    def my_treasures(self) -> list[str]:
        return [h.card.id for h in self.me.treasures]

    @property
    def my_gold(self) -> int:
        return self.me.gold

    def players(self) -> list[dict[str, Any]]:
        """Public facts about every seat (own treasures in full, others' as a count)."""
        out = []
        for f in self._game.state.figures:
            entry: dict[str, Any] = {
                "seat": f.seat,
                "character": f.character.id,
                "pos": f.pos,
                "coins": f.coins,
                "injured": bool(f.injured),
                "escaped": f.escaped,
                "treasure_count": len(f.treasures),
            }
            if f.seat == self.seat:
                entry["treasures"] = [h.card.id for h in f.treasures]
                entry["gold"] = f.gold
            out.append(entry)
        return out

    @property
    def drawn_card(self) -> DungeonCard | None:
        """The dungeon card just drawn (public: it is laid face up)."""
        return self._game.state.drawn

    def deck_sizes(self) -> dict[str, int]:
        s = self._game.state
        return {
            "dungeon": s.dungeon.size,
            "rooms": s.rooms.size,
            "monsters": s.monsters.size,
            "treasures": s.treasures.size,
        }

    def exits_left(self) -> int:
        """Exits still in the dungeon deck (public: the composition is known)."""
        return self._game.state.exits_in_pile()

    @property
    def players_in_dungeon(self) -> int:
        return sum(1 for f in self._game.state.figures if not f.escaped)

    def pass_chance(self, obstacle: Obstacle, bonus: int = 0) -> Fraction:
        return self._game.pass_chance(obstacle, self.seat, bonus)

    @property
    def log(self) -> list[Event]:
        return [e if (not e.private or e.seat == self.seat) else e.public() for e in self._game.log]

    @property
    def round(self) -> int:
        return self._game.round

    @property
    def variants(self) -> Variants:
        return self._game.variants


def game_behind(view: PlayerView) -> Viewed:
    """The game behind a seat's view, for a search that samples worlds from it and hides
    again what the seat cannot see (``verlies.sim.search.determinise``); never for a
    decision itself. Lives here, beside the private field it reads."""
    return view._game

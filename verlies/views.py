"""Read-only views of a game: what it waits for (:class:`Pending`) and one seat's view.

Bots, the page and the odds read the rules' frames only through :class:`Pending`, one
typed value for every kind of frame.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Protocol

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
    FightChoice,
    FightRoll,
    GoldRoll,
    LossChoice,
    MonsterRoll,
    ObstacleChoice,
    ObstacleRoll,
    Placement,
    TrapChoice,
    TrapRoll,
)
from verlies.frames import FrameKind as FrameKind  # Pending.kind's type, for readers
from verlies.legal import can_draw
from verlies.state import Figure, Table
from verlies.variants import Variants


@dataclass(frozen=True, slots=True)
class Pending:
    """What the game waits for, with what a player needs to see to decide or watch.

    ``kind`` is the frame's :class:`~verlies.frames.FrameKind` (a decision or chance
    point, or ``OVER``; each equals its old short string, "oroll" for ``OBSTACLE_ROLL``);
    ``chance`` is the exact chance of success of the test that is being rolled (for
    ``MONSTER_ROLL``: given the adventurer's roll already made). ``LOSE``: ``target`` is
    the gold to lose.
    """

    kind: FrameKind
    seat: int
    card: DungeonCard | None = None
    pos: Pos | None = None
    obstacle: Obstacle | None = None
    monster: MonsterCard | None = None
    trap: Trap | None = None
    attr: Attr | None = None
    value: int | None = None
    bonus: int = 0
    target: int | None = None
    roll: int | None = None
    chance: Fraction | None = None
    dice: Dice | None = None


def monster_value(monster: MonsterCard, attr: Attr) -> int:
    """R7.1: the monster's value for the fight with ``attr``."""
    return next(o.value for o in monster.fight if o.attr is attr)


def pending_of(s: Table) -> Pending:
    """What the frame on top of ``s``'s stack is about."""
    if s.over:
        return Pending(FrameKind.OVER, -1)
    frame = s.stack[-1]
    kind = frame.kind
    seat = s.seat
    if isinstance(frame, Placement):
        return Pending(kind, seat, card=frame.card)
    if isinstance(frame, ObstacleChoice | ObstacleRoll):
        obstacle = s.board[frame.pos].card.obstacle
        assert obstacle is not None
        bonus = frame.bonus if isinstance(frame, ObstacleRoll) else 0
        attr = obstacle.attr  # a property of a property: read once
        value = s.figures[seat].character.value(attr)
        return Pending(
            kind,
            seat,
            pos=frame.pos,
            obstacle=obstacle,
            attr=attr,
            value=value,
            bonus=bonus,
            target=obstacle.n,
            chance=pass_probability(value, obstacle.n, bonus),
        )
    if isinstance(frame, FightChoice):
        return Pending(kind, seat, monster=frame.monster)
    if isinstance(frame, FightRoll):
        mvalue = monster_value(frame.monster, frame.attr)
        chance = beat_probability(frame.value, mvalue, frame.bonus)
        return Pending(
            kind,
            seat,
            monster=frame.monster,
            attr=frame.attr,
            value=frame.value,
            bonus=frame.bonus,
            target=mvalue,
            chance=chance,
        )
    if isinstance(frame, MonsterRoll):
        mvalue = monster_value(frame.monster, frame.attr)
        total = frame.roll + frame.value + frame.bonus
        chance = monster_roll_probability(total, mvalue)
        return Pending(
            kind,
            seat,
            monster=frame.monster,
            attr=frame.attr,
            value=frame.value,
            bonus=frame.bonus,
            target=mvalue,
            roll=frame.roll,
            chance=chance,
        )
    if isinstance(frame, TrapChoice):
        return Pending(kind, seat, trap=frame.trap)
    if isinstance(frame, TrapRoll):
        trap = frame.trap
        return Pending(
            kind,
            seat,
            trap=trap,
            attr=frame.attr,
            value=frame.value,
            bonus=frame.bonus,
            target=trap.target,
            chance=pass_probability(frame.value, trap.target, frame.bonus),
        )
    if isinstance(frame, GoldRoll):
        return Pending(kind, seat, dice=frame.dice)
    if isinstance(frame, LossChoice):
        return Pending(kind, seat, target=frame.amount)
    return Pending(kind, seat)


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
        legal = s._legal  # the state's cache of them (see ``State.legal_actions``)
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

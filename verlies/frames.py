"""The steps a turn is resolved in ("frames"): one small typed value per kind.

A turn is a stack of frames. The frame on top is either a **decision** of the player to
move (the legal actions), a **chance point** (a die roll or a card draw, with exact
probabilities), or **automatic** bookkeeping the rules resolve at once. Each frame holds
what its step needs; nothing else reads them by position.

``kind`` is the frame's short public name, the one ``Game.pending`` and
``Pending.kind`` give ("turn", "place", "obstacle", "oroll", ...): the page and the word
tables are keyed by it, so it is kept as it was.

The frames are slotted dataclasses, treated as values: nothing changes a frame once it is
on the stack. They are not ``frozen=True`` because frozen dataclasses take about three
times as long to make in plain Python (a frame is made on most steps); the field-less
frames are single shared instances, as the old constant tuples were.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from verlies.board import Pos
from verlies.cards.model import Attr, DungeonCard, MonsterCard, Trap
from verlies.dice import Dice


class Frame:
    """One step of resolving a turn. ``kind``: its public short name."""

    __slots__ = ()
    kind: ClassVar[str] = ""


# ---- decisions of the player to move ---------------------------------------------------


@dataclass(slots=True)
class Turn(Frame):
    """R3.1: the turn's choice: draw, walk, wait, or recover when injured."""

    kind: ClassVar[str] = "turn"


@dataclass(slots=True)
class Placement(Frame):
    """R3.2: lay the drawn ``card`` at an open passage (or shuffle an exit back, R1.4)."""

    kind: ClassVar[str] = "place"
    card: DungeonCard


@dataclass(slots=True)
class ObstacleChoice(Frame):
    """R4.2/R4.3: try the obstacle on the card at ``pos`` (with a bonus treasure) or not.

    ``came_from``: the card the figure steps from; ``new``: the card was just laid (R3.3).
    """

    kind: ClassVar[str] = "obstacle"
    pos: Pos
    came_from: Pos
    new: bool


@dataclass(slots=True)
class FightChoice(Frame):
    """R7.1: which of the ``monster``'s values to fight with (and a bonus treasure)."""

    kind: ClassVar[str] = "fight"
    monster: MonsterCard


@dataclass(slots=True)
class TrapChoice(Frame):
    """R6.2: which of the ``trap``'s values to test (and a bonus treasure).

    ``came_from``: where "zurück" sends the figure if the test fails.
    """

    kind: ClassVar[str] = "trap"
    trap: Trap
    came_from: Pos


@dataclass(slots=True)
class LossChoice(Frame):
    """R9.4: lose ``amount`` gold or one treasure card."""

    kind: ClassVar[str] = "lose"
    amount: int


# ---- chance points ---------------------------------------------------------------------


@dataclass(slots=True)
class DungeonDraw(Frame):
    """R3.1: a card is drawn from the dungeon deck."""

    kind: ClassVar[str] = "draw"


@dataclass(slots=True)
class RoomDraw(Frame):
    """R6.2: a room card is drawn."""

    kind: ClassVar[str] = "room"


@dataclass(slots=True)
class MonsterDraw(Frame):
    """R6.3: a monster card is drawn."""

    kind: ClassVar[str] = "monster"


@dataclass(slots=True)
class TreasureDraw(Frame):
    """R9.3: a treasure card is drawn, face down."""

    kind: ClassVar[str] = "treasure"


@dataclass(slots=True)
class ObstacleRoll(Frame):
    """R4.2: the die for the obstacle at ``pos``; ``bonus`` from a treasure (R9.5)."""

    kind: ClassVar[str] = "oroll"
    pos: Pos
    came_from: Pos
    new: bool
    bonus: int


@dataclass(slots=True)
class FightRoll(Frame):
    """R7.2: the adventurer's die against ``monster``, fighting with ``attr``.

    ``value``: the character's value of ``attr``; ``bonus``: from a treasure (R9.5).
    """

    kind: ClassVar[str] = "froll"
    monster: MonsterCard
    attr: Attr
    value: int
    bonus: int


@dataclass(slots=True)
class MonsterRoll(Frame):
    """R7.2: the monster's die, the adventurer having rolled ``roll``."""

    kind: ClassVar[str] = "mroll"
    monster: MonsterCard
    attr: Attr
    value: int
    bonus: int
    roll: int


@dataclass(slots=True)
class TrapRoll(Frame):
    """R6.2: the die for ``trap`` tested with ``attr`` (``value`` + ``bonus``).

    ``came_from``: where "zurück" sends the figure if the test fails.
    """

    kind: ClassVar[str] = "troll"
    trap: Trap
    attr: Attr
    value: int
    bonus: int
    came_from: Pos


@dataclass(slots=True)
class GoldRoll(Frame):
    """The dice of a gold gain (R6.2 room, R7.3 loot); ``rule`` is the rule that pays."""

    kind: ClassVar[str] = "gold"
    dice: Dice
    rule: str


# ---- automatic steps (resolved at once, never waited on) -------------------------------


@dataclass(slots=True)
class Enter(Frame):
    """R3.3/R3.5: step onto the card at ``pos`` (its obstacle first, R4.2)."""

    kind: ClassVar[str] = "enter"
    pos: Pos
    came_from: Pos
    new: bool


@dataclass(slots=True)
class Arrive(Frame):
    """The figure stands on ``pos`` (its obstacle passed): gold, exit or room (R4.1, R6)."""

    kind: ClassVar[str] = "arrive"
    pos: Pos
    came_from: Pos
    new: bool


@dataclass(slots=True)
class Injure(Frame):
    """R8.1: the figure is injured, by ``rule``; its movement ends (R5.5)."""

    kind: ClassVar[str] = "injure"
    rule: str


@dataclass(slots=True)
class Lose(Frame):
    """R9.4: lose ``amount`` gold, or a treasure if the player holds one (then they choose)."""

    kind: ClassVar[str] = "losef"
    amount: int


@dataclass(slots=True)
class GoBack(Frame):
    """R6.2 "zurück": the figure goes back to ``pos``; its movement ends."""

    kind: ClassVar[str] = "back"
    pos: Pos


@dataclass(slots=True)
class GoldGain(Frame):
    """Gain ``dice`` gold by ``rule``: at once if constant, else a ``GoldRoll``."""

    kind: ClassVar[str] = "goldf"
    dice: Dice
    rule: str


@dataclass(slots=True)
class TakeTreasure(Frame):
    """Draw one treasure card (R6.2, R7.3)."""

    kind: ClassVar[str] = "treasuref"


@dataclass(slots=True)
class MeetMonster(Frame):
    """R6.3: a monster appears: draw one."""

    kind: ClassVar[str] = "monsterf"


@dataclass(slots=True)
class SpringTrap(Frame):
    """R6.2: a room's ``trap`` goes off."""

    kind: ClassVar[str] = "trapf"
    trap: Trap


#: The field-less frames, shared (no allocation per step).
TURN = Turn()
DUNGEON_DRAW = DungeonDraw()
ROOM_DRAW = RoomDraw()
MONSTER_DRAW = MonsterDraw()
TREASURE_DRAW = TreasureDraw()
TAKE_TREASURE = TakeTreasure()
MEET_MONSTER = MeetMonster()

#: Frames that wait for a player's decision.
DECISIONS: frozenset[type[Frame]] = frozenset(
    {Turn, Placement, ObstacleChoice, FightChoice, TrapChoice, LossChoice}
)
#: Card draws: the outcome is a card (``Card``).
DRAWS: frozenset[type[Frame]] = frozenset({DungeonDraw, RoomDraw, MonsterDraw, TreasureDraw})
#: Rolls of one die (``Roll`` 1..6).
DIE_ROLLS: frozenset[type[Frame]] = frozenset({ObstacleRoll, FightRoll, MonsterRoll, TrapRoll})
#: Frames that wait for a chance outcome.
CHANCES: frozenset[type[Frame]] = DRAWS | DIE_ROLLS | {GoldRoll}
#: Frames that wait for a step (the rest are resolved at once).
WAITING: frozenset[type[Frame]] = DECISIONS | CHANCES

"""The steps a turn is resolved in ("frames"): one small typed value per kind.

A turn is a stack of frames. The frame on top is either a **decision** of the player to
move (the legal actions), a **chance point** (a die roll or a card draw, with exact
probabilities), or **automatic** bookkeeping the rules resolve at once. Each frame holds
what its step needs; nothing else reads them by position.

``kind`` is the frame's :class:`FrameKind`, the one ``Game.pending`` and ``Pending.kind``
give (``FrameKind.OBSTACLE_ROLL``, ...); each member equals its old short string
("oroll"), by which the page and the word tables are keyed.

The frames are slotted dataclasses, treated as values: nothing changes a frame once it is
on the stack. A frame is made on most steps, so they are built for that: not
``frozen=True`` (frozen dataclasses take about three times as long to make in plain
Python), and each writes its own ``__init__`` (``init=False``): compiled with mypyc, a
dataclass-made ``__init__`` measured ~640 ns a frame, a written one ~110 ns. The
field-less frames are single shared instances, as the old constant tuples were.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from verlies.board import Pos
from verlies.cards.model import Attr, DungeonCard, MonsterCard, Trap
from verlies.dice import Dice


class FrameKind(StrEnum):
    """What a frame is, named as words. Each member is its old short string ("oroll"), so
    the page's word tables, saved observations and ``kind == "oroll"`` keep working."""

    TURN = "turn"
    PLACE = "place"
    OBSTACLE = "obstacle"
    FIGHT = "fight"
    TRAP = "trap"
    LOSE = "lose"
    DRAW = "draw"
    ROOM = "room"
    MONSTER = "monster"
    TREASURE = "treasure"
    OBSTACLE_ROLL = "oroll"
    FIGHT_ROLL = "froll"
    MONSTER_ROLL = "mroll"
    TRAP_ROLL = "troll"
    GOLD_ROLL = "gold"
    ENTER = "enter"
    ARRIVE = "arrive"
    INJURE = "injure"
    LOSS = "losef"
    GO_BACK = "back"
    GOLD_GAIN = "goldf"
    TAKE_TREASURE = "treasuref"
    MEET_MONSTER = "monsterf"
    SPRING_TRAP = "trapf"
    OVER = "over"  #: ``Pending.kind`` once the game is over (no frame)


class Frame:
    """One step of resolving a turn. ``kind``: its public short name."""

    __slots__ = ()

    @property
    def kind(self) -> FrameKind:
        # A table, not a ClassVar per class: mypyc's dataclasses would take a class
        # variable for a field.
        return KINDS[type(self)]


# ---- decisions of the player to move ---------------------------------------------------


@dataclass(slots=True)
class Turn(Frame):
    """R3.1: the turn's choice: draw, walk, wait, or recover when injured."""


@dataclass(slots=True, init=False)
class Placement(Frame):
    """R3.2: lay the drawn ``card`` at an open passage (or shuffle an exit back, R1.4)."""

    card: DungeonCard

    def __init__(self, card: DungeonCard) -> None:
        self.card = card


@dataclass(slots=True, init=False)
class ObstacleChoice(Frame):
    """R4.2/R4.3: try the obstacle on the card at ``pos`` (with a bonus treasure) or not.

    ``came_from``: the card the figure steps from; ``new``: the card was just laid (R3.3).
    """

    pos: Pos
    came_from: Pos
    new: bool

    def __init__(self, pos: Pos, came_from: Pos, new: bool) -> None:
        self.pos = pos
        self.came_from = came_from
        self.new = new


@dataclass(slots=True, init=False)
class FightChoice(Frame):
    """R7.1: which of the ``monster``'s values to fight with (and a bonus treasure)."""

    monster: MonsterCard

    def __init__(self, monster: MonsterCard) -> None:
        self.monster = monster


@dataclass(slots=True, init=False)
class TrapChoice(Frame):
    """R6.2: which of the ``trap``'s values to test (and a bonus treasure).

    ``came_from``: where "zurück" sends the figure if the test fails.
    """

    trap: Trap
    came_from: Pos

    def __init__(self, trap: Trap, came_from: Pos) -> None:
        self.trap = trap
        self.came_from = came_from


@dataclass(slots=True, init=False)
class LossChoice(Frame):
    """R9.4: lose ``amount`` gold or one treasure card."""

    amount: int

    def __init__(self, amount: int) -> None:
        self.amount = amount


# ---- chance points ---------------------------------------------------------------------


@dataclass(slots=True)
class DungeonDraw(Frame):
    """R3.1: a card is drawn from the dungeon deck."""


@dataclass(slots=True)
class RoomDraw(Frame):
    """R6.2: a room card is drawn."""


@dataclass(slots=True)
class MonsterDraw(Frame):
    """R6.3: a monster card is drawn."""


@dataclass(slots=True)
class TreasureDraw(Frame):
    """R9.3: a treasure card is drawn, face down."""


@dataclass(slots=True, init=False)
class ObstacleRoll(Frame):
    """R4.2: the die for the obstacle at ``pos``; ``bonus`` from a treasure (R9.5)."""

    pos: Pos
    came_from: Pos
    new: bool
    bonus: int

    def __init__(self, pos: Pos, came_from: Pos, new: bool, bonus: int) -> None:
        self.pos = pos
        self.came_from = came_from
        self.new = new
        self.bonus = bonus


@dataclass(slots=True, init=False)
class FightRoll(Frame):
    """R7.2: the adventurer's die against ``monster``, fighting with ``attr``.

    ``value``: the character's value of ``attr``; ``bonus``: from a treasure (R9.5).
    """

    monster: MonsterCard
    attr: Attr
    value: int
    bonus: int

    def __init__(self, monster: MonsterCard, attr: Attr, value: int, bonus: int) -> None:
        self.monster = monster
        self.attr = attr
        self.value = value
        self.bonus = bonus


@dataclass(slots=True, init=False)
class MonsterRoll(Frame):
    """R7.2: the monster's die, the adventurer having rolled ``roll``."""

    monster: MonsterCard
    attr: Attr
    value: int
    bonus: int
    roll: int

    def __init__(self, monster: MonsterCard, attr: Attr, value: int, bonus: int, roll: int) -> None:
        self.monster = monster
        self.attr = attr
        self.value = value
        self.bonus = bonus
        self.roll = roll


@dataclass(slots=True, init=False)
class TrapRoll(Frame):
    """R6.2: the die for ``trap`` tested with ``attr`` (``value`` + ``bonus``).

    ``came_from``: where "zurück" sends the figure if the test fails.
    """

    trap: Trap
    attr: Attr
    value: int
    bonus: int
    came_from: Pos

    def __init__(self, trap: Trap, attr: Attr, value: int, bonus: int, came_from: Pos) -> None:
        self.trap = trap
        self.attr = attr
        self.value = value
        self.bonus = bonus
        self.came_from = came_from


@dataclass(slots=True, init=False)
class GoldRoll(Frame):
    """The dice of a gold gain (R6.2 room, R7.3 loot); ``rule`` is the rule that pays."""

    dice: Dice
    rule: str

    def __init__(self, dice: Dice, rule: str) -> None:
        self.dice = dice
        self.rule = rule


# ---- automatic steps (resolved at once, never waited on) -------------------------------


@dataclass(slots=True, init=False)
class Enter(Frame):
    """R3.3/R3.5: step onto the card at ``pos`` (its obstacle first, R4.2)."""

    pos: Pos
    came_from: Pos
    new: bool

    def __init__(self, pos: Pos, came_from: Pos, new: bool) -> None:
        self.pos = pos
        self.came_from = came_from
        self.new = new


@dataclass(slots=True, init=False)
class Arrive(Frame):
    """The figure stands on ``pos`` (its obstacle passed): gold, exit or room (R4.1, R6)."""

    pos: Pos
    came_from: Pos
    new: bool

    def __init__(self, pos: Pos, came_from: Pos, new: bool) -> None:
        self.pos = pos
        self.came_from = came_from
        self.new = new


@dataclass(slots=True, init=False)
class Injure(Frame):
    """R8.1: the figure is injured, by ``rule``; its movement ends (R5.5)."""

    rule: str

    def __init__(self, rule: str) -> None:
        self.rule = rule


@dataclass(slots=True, init=False)
class Lose(Frame):
    """R9.4: lose ``amount`` gold, or a treasure if the player holds one (then they choose)."""

    amount: int

    def __init__(self, amount: int) -> None:
        self.amount = amount


@dataclass(slots=True, init=False)
class GoBack(Frame):
    """R6.2 "zurück": the figure goes back to ``pos``; its movement ends."""

    pos: Pos

    def __init__(self, pos: Pos) -> None:
        self.pos = pos


@dataclass(slots=True, init=False)
class GoldGain(Frame):
    """Gain ``dice`` gold by ``rule``: at once if constant, else a ``GoldRoll``."""

    dice: Dice
    rule: str

    def __init__(self, dice: Dice, rule: str) -> None:
        self.dice = dice
        self.rule = rule


@dataclass(slots=True)
class TakeTreasure(Frame):
    """Draw one treasure card (R6.2, R7.3)."""


@dataclass(slots=True)
class MeetMonster(Frame):
    """R6.3: a monster appears: draw one."""


@dataclass(slots=True, init=False)
class SpringTrap(Frame):
    """R6.2: a room's ``trap`` goes off."""

    trap: Trap

    def __init__(self, trap: Trap) -> None:
        self.trap = trap


#: Each frame type's kind (``Frame.kind``).
KINDS: dict[type[Frame], FrameKind] = {
    Turn: FrameKind.TURN,
    Placement: FrameKind.PLACE,
    ObstacleChoice: FrameKind.OBSTACLE,
    FightChoice: FrameKind.FIGHT,
    TrapChoice: FrameKind.TRAP,
    LossChoice: FrameKind.LOSE,
    DungeonDraw: FrameKind.DRAW,
    RoomDraw: FrameKind.ROOM,
    MonsterDraw: FrameKind.MONSTER,
    TreasureDraw: FrameKind.TREASURE,
    ObstacleRoll: FrameKind.OBSTACLE_ROLL,
    FightRoll: FrameKind.FIGHT_ROLL,
    MonsterRoll: FrameKind.MONSTER_ROLL,
    TrapRoll: FrameKind.TRAP_ROLL,
    GoldRoll: FrameKind.GOLD_ROLL,
    Enter: FrameKind.ENTER,
    Arrive: FrameKind.ARRIVE,
    Injure: FrameKind.INJURE,
    Lose: FrameKind.LOSS,
    GoBack: FrameKind.GO_BACK,
    GoldGain: FrameKind.GOLD_GAIN,
    TakeTreasure: FrameKind.TAKE_TREASURE,
    MeetMonster: FrameKind.MEET_MONSTER,
    SpringTrap: FrameKind.SPRING_TRAP,
}

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

#: ``Game.chance_kind`` of each chance frame.
CHANCE_KINDS: dict[type[Frame], str] = {
    ObstacleRoll: "die",
    FightRoll: "die",
    MonsterRoll: "die",
    TrapRoll: "die",
    GoldRoll: "gold",
    DungeonDraw: "dungeon",
    RoomDraw: "room",
    MonsterDraw: "monster",
    TreasureDraw: "treasure",
}

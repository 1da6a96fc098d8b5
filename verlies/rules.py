"""The rules as a state machine: legal actions, chance points and transitions.

A turn is resolved as a stack of *frames* (:mod:`verlies.frames`). The frame on top is
either a decision of the current player (the legal actions), a chance point (a die roll
or a card draw, with exact probabilities), or automatic bookkeeping that ``apply``
resolves at once. Every transition appends events carrying the rule ID that caused them.

Where each rule lives: the table and its shared effects in :mod:`verlies.state`, what
is legal in :mod:`verlies.legal`, the turn, walking and the end in :mod:`verlies.turns`,
obstacles, injuries and losses in :mod:`verlies.obstacles`, rooms, monsters and traps in
:mod:`verlies.encounters`. This module ties them together.

The state is mutated in place (fast); the game keeps the list of steps, so undo, replay
and save/load replay steps from the initial state instead of copying states.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from verlies import encounters, obstacles, turns
from verlies.actions import Draw, LegalActions
from verlies.errors import IllegalAction, Phrase
from verlies.frames import (
    CHANCES,
    WAITING,
    Arrive,
    DungeonDraw,
    Enter,
    FightChoice,
    FightRoll,
    Frame,
    GoBack,
    GoldGain,
    GoldRoll,
    Injure,
    Lose,
    LossChoice,
    MeetMonster,
    MonsterDraw,
    MonsterRoll,
    ObstacleChoice,
    ObstacleRoll,
    Placement,
    RoomDraw,
    SpringTrap,
    TakeTreasure,
    TrapChoice,
    TrapRoll,
    TreasureDraw,
    Turn,
)
from verlies.legal import (
    can_draw,
    compute_legal,
    possible,
    same_types,
    why_illegal,
)
from verlies.state import BANK_COINS as BANK_COINS
from verlies.state import CHANCE as CHANCE
from verlies.state import START_POS as START_POS
from verlies.state import TERMINAL as TERMINAL
from verlies.state import Change, Table
from verlies.state import Figure as Figure
from verlies.state import Held as Held
from verlies.state import Pile as Pile
from verlies.state import mix64 as mix64
from verlies.turns import auto_enter, decide_turn, end_turn

#: The step taken at a decision or chance point, by the frame's type.
#: The frames a forced decision can wait at (``Table.forced_choice``).
_SHAPE_CHOICES = (FightChoice, TrapChoice)

_STEPS: dict[type[Frame], Callable[[Table, Any, Any], None]] = {
    Turn: turns.decide_turn,
    Placement: turns.decide_place,
    ObstacleChoice: obstacles.decide_obstacle,
    FightChoice: encounters.decide_value,
    TrapChoice: encounters.decide_value,
    LossChoice: obstacles.decide_lose,
    DungeonDraw: turns.resolve_draw,
    ObstacleRoll: obstacles.resolve_obstacle_roll,
    RoomDraw: encounters.resolve_room,
    GoldRoll: encounters.resolve_gold,
    TreasureDraw: encounters.resolve_treasure,
    MonsterDraw: encounters.resolve_monster,
    FightRoll: encounters.resolve_fight_roll,
    MonsterRoll: encounters.resolve_monster_roll,
    TrapRoll: encounters.resolve_trap_roll,
}

#: The automatic frames, resolved at once.
_AUTO: dict[type[Frame], Callable[[Table, Any], None]] = {
    Enter: turns.auto_enter,
    Arrive: turns.auto_arrive,
    Injure: obstacles.auto_injure,
    Lose: obstacles.auto_lose,
    GoBack: turns.auto_back,
    GoldGain: encounters.auto_gold,
    TakeTreasure: encounters.auto_treasure,
    MeetMonster: encounters.auto_monster,
    SpringTrap: encounters.auto_trap,
}


_DRAW = Draw()
_STEP = Change.STEP  # a module name: read at every step


# The rules over the one class of the table (``verlies.state.Table``): functions of the
# table, not methods of a subclass of it, so the table has one name and one class.


def legal_actions(s: Table) -> LegalActions:
    """The legal actions (or, at a chance point, the possible outcomes) of ``s``, kept in
    its cache until the next step."""
    cache = s.cache
    legal = cache.legal
    if legal is None:
        computed = compute_legal(s)
        legal = computed if type(computed) is LegalActions else LegalActions(computed)
        cache.legal = legal
    return legal


def is_legal(s: Table, step: Any) -> bool:
    """Is ``step`` a legal action (or a possible outcome) now?"""
    if s.over:
        return False
    frame = s.stack[-1]
    if type(frame) in CHANCES:
        return possible(s, frame, step)
    legal = s.cache.legal
    if legal is None:
        legal = legal_actions(s)
    for same in legal:
        if same is step:  # one of the actions handed out (how bots and the UI act)
            return True
    if step in legal:
        same = legal[legal.index(step)]  # legal actions are distinct by value
        return same_types(same, step)
    return False


def check_step(s: Table, step: Any) -> None:
    """Raise IllegalAction (naming the rule) unless ``step`` is legal now."""
    if s.over:
        raise IllegalAction("R1.3", words=Phrase.of("engine.err.game_over"))
    frame = s.stack[-1]
    if type(frame) not in CHANCES:
        # The common case first, inline (a step per call): one of the actions handed out.
        legal = s.cache.legal
        if legal is not None:
            for same in legal:
                if same is step:
                    return
        elif type(step) is Draw and step == _DRAW and can_draw(s):
            return  # a draw, known legal without working out every walk (R3.2)
    if not is_legal(s, step):
        rule, why = why_illegal(s, frame, step)
        raise IllegalAction(rule, words=why)


# ---- applying a step ---------------------------------------------------------------------


def apply_step(s: Table, step: Any) -> None:
    """Apply a legal action or chance outcome (call ``check_step`` first)."""
    cache = s.cache
    if cache.legal is not None:  # the legal actions are new (not asked for at a roll)
        cache.invalidate(_STEP)
    frame = s.stack.pop()
    if type(frame) is Turn:  # most steps: a direct call (mypyc compiles it natively)
        s.steps += 1
        decide_turn(s, frame, step)
    else:
        if type(frame) not in _SHAPE_CHOICES or s.forced_choice(frame) is None:
            s.steps += 1  # a forced decision takes no randomness (forced_action)
        _STEPS[type(frame)](s, frame, step)
    # Then the automatic frames, until a decision or a chance point waits (or the end).
    stack = s.stack
    while True:
        if not stack:
            end_turn(s)
            if s.over:
                return
            continue
        kind = type(stack[-1])
        if kind in WAITING:
            s.at_chance = kind in CHANCES
            return
        frame = stack.pop()
        if isinstance(frame, Enter):  # the most frequent automatic frame: a direct call
            auto_enter(s, frame)
        else:
            _AUTO[kind](s, frame)

"""What waits in rooms (R6): room cards, gold, treasures (R9), traps and monsters (R7)."""

from __future__ import annotations

from verlies.actions import Action, Card, Choose, Outcome, Roll
from verlies.cards.model import (
    Attr,
    Blocked,
    DrawTreasure,
    GainGold,
    Injury,
    LoseGoldOrTreasure,
    MonsterCard,
    MonsterEncounter,
    RoomCard,
    Trap,
    TreasureCard,
)
from verlies.dice import passes
from verlies.frames import (
    MEET_MONSTER,
    MONSTER_DRAW,
    TAKE_TREASURE,
    TREASURE_DRAW,
    FightChoice,
    FightRoll,
    Frame,
    GoBack,
    GoldGain,
    GoldRoll,
    Injure,
    Lose,
    MeetMonster,
    MonsterDraw,
    MonsterRoll,
    RoomDraw,
    SpringTrap,
    TakeTreasure,
    TrapChoice,
    TrapRoll,
    TreasureDraw,
)
from verlies.state import Held, Table

# ---- room cards and what they give -----------------------------------------------------


def resolve_room(s: Table, frame: RoomDraw, o: Outcome) -> None:
    """R6.2: the room card drawn; its effects in the order printed."""
    assert isinstance(o, Card)
    card: RoomCard = s.deck.rooms[o.card]
    s.rooms.take(o.card)
    s.rooms.to_discard(o.card)  # R6.4: resolved room cards go to the discards
    if s.logging:
        s.emit("R6.2", "room_card", s.seat, card=card.name, text=card)
    obs = s.observer
    if obs is not None:
        obs.drew(s.seat, "room", o.card)
    frames: list[Frame] = []
    for eff in card.effects:
        if isinstance(eff, GainGold):
            frames.append(GoldGain(eff.dice, "R6.2"))
        elif isinstance(eff, DrawTreasure):
            frames.extend(TAKE_TREASURE for _ in range(eff.count))
        elif isinstance(eff, MonsterEncounter):
            frames.append(MEET_MONSTER)
        elif isinstance(eff, Trap):
            frames.append(SpringTrap(eff))
    s.stack.extend(reversed(frames))


def resolve_gold(s: Table, frame: GoldRoll, o: Outcome) -> None:
    assert isinstance(o, Roll)
    s.gain(s.figures[s.seat], o.value, frame.rule)


def resolve_treasure(s: Table, frame: TreasureDraw, o: Outcome) -> None:
    """R9.3: a treasure card, drawn face down into the hand."""
    assert isinstance(o, Card)
    # A lost treasure drawn again: the deck's card if the deck still has it, else its own.
    card: TreasureCard = s.deck.treasures.get(o.card) or s.lost_cards[o.card]
    s.treasures.take(o.card)
    fig = s.figures[s.seat]
    fig.treasures.append(Held(card))
    s.gold_moved(s.seat)
    if s.logging:
        s.emit("R9.3", "treasure", s.seat, True, card=card.name)
    obs = s.observer
    if obs is not None:
        obs.drew(s.seat, "treasure", o.card)


def auto_gold(s: Table, frame: GoldGain) -> None:
    dice = frame.dice
    if dice.is_constant:
        s.gain(s.figures[s.seat], dice.constant, frame.rule)
    else:
        s.stack.append(GoldRoll(dice, frame.rule))


def auto_treasure(s: Table, frame: TakeTreasure) -> None:
    s.push_draw(TREASURE_DRAW)


def auto_monster(s: Table, frame: MeetMonster) -> None:
    s.push_draw(MONSTER_DRAW)


def auto_trap(s: Table, frame: SpringTrap) -> None:
    trap = frame.trap
    if s.logging:
        s.emit("R6.2", "trap", s.seat)
    # "zurück" sends the figure back to the card it came from.
    _push_choice(s, TrapChoice(trap, s.came_from), trap.attrs)


# ---- monsters and traps: choose a value, then roll -------------------------------------


def resolve_monster(s: Table, frame: MonsterDraw, o: Outcome) -> None:
    """R6.3: the monster card drawn; R7.1: choose what to fight with."""
    assert isinstance(o, Card)
    card: MonsterCard = s.deck.monsters[o.card]
    s.monsters.take(o.card)
    s.monsters.to_discard(o.card)
    if s.logging:
        s.emit("R6.3", "monster", s.seat, card=card.name, text=card)
    obs = s.observer
    if obs is not None:
        obs.drew(s.seat, "monster", o.card)
    _push_choice(s, FightChoice(card), tuple(opt.attr for opt in card.fight))


def _push_choice(s: Table, frame: FightChoice | TrapChoice, attrs: tuple[Attr, ...]) -> None:
    """A fight or trap: ask whenever the figure has a choice of value (R7.1) or could, for
    all the other seats can tell, hold a bonus treasure (R9.5): whenever it holds an
    unused treasure. Which treasures those are is hidden (R9.3), their number is not, so
    the game's shape (who decides when) never depends on a hidden card. Without a fitting
    bonus the only option is the value without one (a forced decision, see
    ``Table.forced_action``); a figure with no unused treasure goes straight to the roll."""
    if len(attrs) == 1 and not any(not h.used for h in s.figures[s.seat].treasures):
        decide_value(s, frame, Choose(attrs[0]))
    else:
        s.stack.append(frame)


def decide_value(s: Table, frame: FightChoice | TrapChoice, a: Action) -> None:
    """R7.1 / R6.2: the value chosen (and a bonus treasure, R9.5): roll for it."""
    assert isinstance(a, Choose)
    fig = s.figures[s.seat]
    bonus = s.use_bonus(fig, a.treasure)
    value = fig.character.value(a.attr)
    if isinstance(frame, FightChoice):
        monster = frame.monster
        mvalue = next(opt.value for opt in monster.fight if opt.attr is a.attr)
        if s.logging:
            s.emit("R7.1", "fight_with", s.seat, attr=a.attr, mvalue=mvalue)
        s.stack.append(FightRoll(monster, a.attr, value, bonus))
    else:
        s.stack.append(TrapRoll(frame.trap, a.attr, value, bonus, frame.came_from))


def resolve_fight_roll(s: Table, frame: FightRoll, o: Outcome) -> None:
    """R7.2: the adventurer has rolled; the monster's die follows."""
    assert isinstance(o, Roll)
    s.stack.append(MonsterRoll(frame.monster, frame.attr, frame.value, frame.bonus, o.value))


def resolve_monster_roll(s: Table, frame: MonsterRoll, o: Outcome) -> None:
    """R7.2: the higher total wins (a tie goes to the adventurer); R7.3: loot or a setback."""
    assert isinstance(o, Roll)
    monster, attr, value, bonus, roll = (
        frame.monster,
        frame.attr,
        frame.value,
        frame.bonus,
        frame.roll,
    )
    mvalue = next(opt.value for opt in monster.fight if opt.attr is attr)
    total = roll + value + bonus
    mtotal = o.value + mvalue
    # R7.2: the next seat still in the dungeon rolls for the monster (alone: the engine).
    roller = next(
        (q for i in range(1, s.n) if not s.figures[q := (s.seat + i) % s.n].escaped), s.seat
    )
    if s.logging:
        s.emit(
            "R7.2",
            "fight",
            s.seat,
            attr=attr,
            value=value,
            roll=roll,
            bonus=bonus,
            total=total,
            mvalue=mvalue,
            mroll=o.value,
            mtotal=mtotal,
            roller=roller,  # the acting seat itself: alone, the engine rolls
        )
    won = passes(total, mtotal)
    obs = s.observer
    if obs is not None:
        obs.fight(s.seat, monster, attr, value, bonus, roll, mvalue, o.value, won)
    if won:
        if s.logging:
            s.emit("R7.3", "fight_won", s.seat)
        frames: list[Frame] = []
        if monster.loot_gold is not None:
            frames.append(GoldGain(monster.loot_gold, "R7.3"))
        frames.extend(TAKE_TREASURE for _ in range(monster.loot_treasures))
        s.stack.extend(reversed(frames))
    else:
        if s.logging:
            s.emit("R7.3", "fight_lost", s.seat)
        s.stack.append(Lose(3))
        s.stack.append(Injure("R7.3"))


def resolve_trap_roll(s: Table, frame: TrapRoll, o: Outcome) -> None:
    """R6.2: value + roll (+ bonus) against the trap's number; failing costs what it says."""
    assert isinstance(o, Roll)
    trap, attr, value, bonus = frame.trap, frame.attr, frame.value, frame.bonus
    total = o.value + value + bonus
    passed = passes(total, trap.target)
    if s.logging:
        s.emit(
            "R6.2",
            "test",
            s.seat,
            obstacle=None,  # a trap, not an obstacle
            target=trap.target,
            attr=attr,
            value=value,
            roll=o.value,
            bonus=bonus,
            total=total,
            passed=passed,
        )
    obs = s.observer
    if obs is not None:
        obs.test(s.seat, trap, value, bonus, o.value, trap.target, passed)
    if passed:
        return
    frames: list[Frame] = []
    for pen in trap.on_fail:
        if isinstance(pen, Injury):
            frames.append(Injure("R6.2"))
        elif isinstance(pen, LoseGoldOrTreasure):
            frames.append(Lose(pen.gold))
        elif isinstance(pen, Blocked):
            frames.append(GoBack(frame.came_from))
    s.stack.extend(reversed(frames))

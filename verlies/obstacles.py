"""Obstacles (R4, R5), and the setbacks several rules share: injuries (R8) and losses (R9.4)."""

from __future__ import annotations

from verlies.actions import Action, Attempt, Decline, LoseGold, LoseTreasure, Outcome, Roll
from verlies.cards.model import ObstacleClass
from verlies.dice import passes
from verlies.frames import (
    Arrive,
    Enter,
    Injure,
    Lose,
    LossChoice,
    ObstacleChoice,
    ObstacleRoll,
)
from verlies.state import Table
from verlies.turns import arrive


def decide_obstacle(s: Table, frame: ObstacleChoice, a: Action) -> None:
    """R4.2/R4.3: try the obstacle (with a bonus treasure, R9.5) or decline."""
    if isinstance(a, Decline):
        if s.logging:
            s.emit("R4.3", "declined", s.seat)
        if s.logging:
            s.emit("R5.4", "not_entered", s.seat)
        s.end_movement()
        return
    assert isinstance(a, Attempt)
    bonus = s.use_bonus(s.figures[s.seat], a.treasure)
    s.stack.append(ObstacleRoll(frame.pos, frame.came_from, frame.new, bonus))


def resolve_obstacle_roll(s: Table, frame: ObstacleRoll, o: Outcome) -> None:
    """R4.2: value + roll (+ bonus) against the obstacle's number; R5: what failing costs."""
    assert isinstance(o, Roll)
    pos = frame.pos
    fig = s.figures[s.seat]
    tile = s.board[pos]
    obstacle = tile.card.obstacle
    assert obstacle is not None
    value = fig.character.value(obstacle.attr)
    bonus = frame.bonus
    total = o.value + value + bonus
    passed = passes(total, obstacle.n)
    if s.logging:
        s.emit(
            "R4.2",
            "test",
            s.seat,
            obstacle=obstacle.type,
            target=obstacle.n,
            attr=obstacle.attr,
            value=value,
            roll=o.value,
            bonus=bonus,
            total=total,
            passed=passed,
        )
    obs = s.observer
    if obs is not None:
        obs.test(s.seat, obstacle, value, bonus, o.value, obstacle.n, passed)
    if passed:
        if s.variants.opened_stays_open and obstacle.cls is ObstacleClass.B:
            s.retile(pos).opened = True
            if s.logging:
                s.emit("R4.4", "stays_open", s.seat)
        arrive(s, pos, frame.came_from, frame.new)  # at once: nothing comes between
        return
    cls = obstacle.cls
    if cls is ObstacleClass.B:
        if s.logging:
            s.emit("R5.2", "obstacle_b", s.seat)
        if s.logging:
            s.emit("R5.4", "not_entered", s.seat)
        s.end_movement()
        return
    # R5.1/R5.3: past it, but the setbacks come first (pushed last: resolved first).
    s.stack.append(Arrive(pos, frame.came_from, frame.new))
    if cls is ObstacleClass.A:
        if s.logging:
            s.emit("R5.1", "obstacle_a", s.seat)
        s.stack.append(Lose(3))
    else:
        if s.logging:
            s.emit("R5.3", "obstacle_c", s.seat)
    s.stack.append(Injure("R5.5"))


def auto_injure(s: Table, frame: Injure) -> None:
    """R8.1: injured (R8.3: injuries do not stack); R5.5: the movement ends."""
    fig = s.figures[s.seat]
    already = fig.injured
    fig.injuries += 1
    if s.variants.injuries_stack:
        fig.injured += 1
    else:
        fig.injured = 1  # R8.3: injuries do not stack
    if s.logging:
        s.emit("R8.1", "injured", s.seat)
    obs = s.observer
    if obs is not None:
        obs.injured(s.seat, frame.rule)
    if already and not s.variants.injuries_stack:
        if s.logging:
            s.emit("R8.3", "no_stack", s.seat)
    if any(type(f) is Enter for f in s.stack):
        if s.logging:
            s.emit("R5.5", "movement_ends", s.seat)
    s.end_movement()


def auto_lose(s: Table, frame: Lose) -> None:
    """R9.4: a player holding treasures chooses what to lose; otherwise the gold goes."""
    fig = s.figures[s.seat]
    if fig.treasures:
        s.stack.append(LossChoice(frame.amount))
    else:
        s.lose_coins(fig, frame.amount)


def decide_lose(s: Table, frame: LossChoice, a: Action) -> None:
    """R9.4: lose the gold, or give up one treasure face down under the treasure deck."""
    fig = s.figures[s.seat]
    if isinstance(a, LoseGold):
        s.lose_coins(fig, frame.amount)
        return
    assert isinstance(a, LoseTreasure)
    # Lose an unused copy first if the player holds several of the same card.
    held = sorted((h for h in fig.treasures if h.card.id == a.treasure), key=lambda h: h.used)[0]
    fig.treasures.remove(held)
    s.gold_moved(fig.seat)
    s.treasures.bottom.append(held.card.id)
    s.lost_cards[held.card.id] = held.card  # a live edit may since have removed its kind
    # R9.3: given up face down, under the deck: the others learn only that one went.
    if s.logging:
        s.emit("R9.4", "lose_treasure", fig.seat, True, card=held.card.name)

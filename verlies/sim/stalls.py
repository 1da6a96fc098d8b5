"""Stalled games: no figure still inside can ever reach an open passage again.

A game is *stalled* when, for every figure still in the dungeon, every card it can ever
walk to (R3.5: across edges where both cards have a passage, entering a card only past
an obstacle it can pass) has no open passage (R3.2), while the game has not ended by
R1.6 (an exit is still in the dungeon deck and an open passage is left somewhere). Then
nobody can draw a dungeon card again, so nothing on the table can change: no card is
laid, no room or monster card is drawn (R6.2 draws only in a room laid this turn), no
treasure is won, nobody escapes. The game can only end by the round limit. The rules
stay as they are; the lab only names such games (docs/metrics.md, "Stalled games").

An obstacle stops a figure for ever only when it is of class B (R5.2: Magie-Sperre,
Einsturz, Tür; class A and C let the figure past, injured, R5.1/R5.3) and even the best
roll cannot pass it: the figure's value + 6 + its largest unused bonus treasure for that
value (R9.5) is below the number (R4.2). An obstacle opened for good (variant
``opened_stays_open``, R4.4) stops nobody. Injuries (R8) only cost turns. Treasures can
only be lost while stalled (R9.4), never won, so a stalled game stays stalled: the
detector is checked to agree (``first_stall`` scans forward; the tests replay games).

>>> from verlies.sim.run import RunSpec
>>> spec = RunSpec.build(players=4, characters="all", seed=5)
>>> stall_of(spec.new_game(0))  # a new game: every figure stands on the start card
"""

from __future__ import annotations

from dataclasses import dataclass

from verlies.board import Pos, Tile, has_open_passage, neighbours
from verlies.cards.model import Attr, ObstacleClass, RollBonus
from verlies.frames import Turn
from verlies.game import Game
from verlies.state import Figure, Table

__all__ = [
    "Stall",
    "can_reach_open_passage",
    "first_stall",
    "position_stalled",
    "stall_of",
]

#: The best face of the W6 an obstacle test rolls (RW.1).
_BEST_ROLL = 6


@dataclass(frozen=True, slots=True)
class Stall:
    """Where a game was first seen stalled: the round, the turn and the step index (the
    game's first ``step`` steps lead to that turn's start)."""

    round: int
    turn: int
    step: int


def _best_bonus(fig: Figure, attr: Attr) -> int:
    """R9.5: the largest bonus one unused magic treasure adds to a roll of ``attr``."""
    best = 0
    for h in fig.treasures:
        m = h.card.magic
        if not h.used and isinstance(m, RollBonus) and (not m.attrs or attr in m.attrs):
            best = max(best, m.amount)
    return best


def _can_enter(fig: Figure, tile: Tile) -> bool:
    """Can ``fig`` ever get onto ``tile`` (R4.2, R5), with the best roll and bonus?"""
    obstacle = tile.card.obstacle
    if obstacle is None or tile.opened:
        return True
    if obstacle.cls is not ObstacleClass.B:
        return True  # R5.1, R5.3: past it, injured
    attr = obstacle.attr
    return fig.character.value(attr) + _BEST_ROLL + _best_bonus(fig, attr) >= obstacle.n


def can_reach_open_passage(s: Table, fig: Figure) -> bool:
    """Is a card with an open passage (R3.2) reachable for ``fig``, over any turns?"""
    board = s.board
    start: Pos = fig.pos
    seen = {start}
    todo = [start]
    while todo:
        pos = todo.pop()
        if has_open_passage(board, pos):
            return True
        for q in neighbours(board, pos):
            if q not in seen and _can_enter(fig, board[q]):
                seen.add(q)
                todo.append(q)
    return False


def position_stalled(s: Table) -> bool:
    """Is the table's position stalled (see the module's text)? Whether or not the game
    has been ended meanwhile by the round limit: only R1.6's own ends are excluded."""
    if s.exits_left == 0 or not s.any_open:  # R1.6 ends the game itself
        return False
    if s.over and s.end_reason != "timeout":
        return False
    inside = [f for f in s.figures if not f.escaped]
    if not inside:
        return False
    return not any(can_reach_open_passage(s, f) for f in inside)


def first_stall(game: Game) -> Stall | None:
    """The first turn start at which ``game`` (its steps up to now) was stalled, or None.

    Replays the steps on a fresh game without a log and looks at every turn's start.
    """
    g = Game(game.setup, log=False)
    s = g.state
    last_turn = -1
    steps = game.steps
    for i in range(len(steps) + 1):
        if not s.over and not s.at_chance and s.turn_no != last_turn:
            if type(s.stack[-1]) is Turn:
                last_turn = s.turn_no
                if position_stalled(s):
                    return Stall(s.round, s.turn_no, i)
        if i < len(steps):
            g.apply(steps[i])  # checked again: legal when taken, legal now
    return None


def stall_of(game: Game) -> Stall | None:
    """For a game that is over or going on: where it stalled, or None. Free for a game
    whose position now is not stalled (the usual case); only a stalled one is replayed
    (a stall never ends, so the position now says whether there was one)."""
    s = game.state
    if not position_stalled(s):
        return None
    # Seen stalled at the end: the scan finds the turn it began (at the latest this one).
    return first_stall(game) or Stall(s.round, s.turn_no, game.step_count)

"""The turn (R3), walking and arriving on cards (R3.3-R3.5, R4.1, R1.1), and its end (R1).

Each ``decide_*`` / ``resolve_*`` function takes one step for the frame it is named after;
each ``auto_*`` function resolves an automatic frame. They change the table in place and
push the frames that follow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from verlies.actions import (
    Action,
    Card,
    Draw,
    Outcome,
    Place,
    Recover,
    ShuffleBack,
    UseHeal,
    Wait,
    Walk,
)
from verlies.board import Pos, Tile
from verlies.cards.model import DungeonCard, TileKind
from verlies.frames import (
    DUNGEON_DRAW,
    ROOM_DRAW,
    TURN,
    Arrive,
    DungeonDraw,
    Enter,
    GoBack,
    ObstacleChoice,
    Placement,
    Turn,
)
from verlies.state import Table

# ---- decisions -------------------------------------------------------------------------


def decide_turn(s: Table, frame: Turn, a: Action) -> None:
    """R3.1: draw, walk, wait, recover or heal."""
    fig = s.figures[s.seat]
    if isinstance(a, Walk):
        if s.logging:
            s.emit("R3.5", "walk", s.seat, path=a.path)
        path = a.path
        start = fig.pos
        if len(path) > 1:
            # The later cards wait below (an obstacle or an injury may end the walk there).
            frames = []
            prev = path[0]
            for q in path[1:]:
                frames.append(Enter(q, prev, False))
                prev = q
            s.stack.extend(reversed(frames))
        enter(s, path[0], start, False)  # the first card at once: no frame needed
    elif isinstance(a, Draw):
        s.push_draw(DUNGEON_DRAW)
    elif isinstance(a, Wait):
        if s.logging:
            s.emit("R3.5", "wait", s.seat)
    elif isinstance(a, Recover):
        fig.injured = fig.injured - 1 if s.variants.injuries_stack else 0
        if s.logging:
            s.emit("R8.2", "recover", s.seat)
    elif isinstance(a, UseHeal):
        h = next(h for h in fig.treasures if h.card.id == a.treasure and not h.used)
        h.used = True
        s.gold_moved(s.seat)  # a spent one-shot treasure counts no gold (R9.1)
        fig.injured = 0
        if s.logging:
            s.emit("R9.5", "heal", s.seat, card=h.card.name)
        s.stack.append(TURN)  # the turn is played after all


def decide_place(s: Table, frame: Placement, a: Action) -> None:
    """R3.2/R3.3: lay the drawn card and enter it; R1.4: or shuffle an exit back."""
    card = frame.card
    fig = s.figures[s.seat]
    s.drawn = None
    if isinstance(a, ShuffleBack):
        s.dungeon.put(card.id)
        s.exits_left = s.exits_in_pile()
        if s.logging:
            s.emit("R1.4", "shuffle_back", s.seat)
        return
    assert isinstance(a, Place)
    tile = Tile(card, a.x, a.y, a.mask, s.turn_no)
    s.board[(a.x, a.y)] = tile
    s.board_changed((a.x, a.y))
    if s.logging:
        s.emit("R3.2", "place", s.seat, card=card.name, x=a.x, y=a.y)
    if s.logging:
        s.emit("R3.3", "must_enter", s.seat)
    enter(s, (a.x, a.y), fig.pos, True)


# ---- chance ----------------------------------------------------------------------------


def resolve_draw(s: Table, frame: DungeonDraw, o: Outcome) -> None:
    """R3.1: the dungeon card drawn; it must be laid (R3.2)."""
    assert isinstance(o, Card)
    card: DungeonCard = s.deck.dungeon[o.card]
    s.dungeon.take(o.card)
    if card.kind is TileKind.EXIT:
        s.exits_left = s.exits_in_pile()  # R1.6 looks at this every turn end
    s.drawn = card
    if s.logging:
        s.emit("R3.1", "draw", s.seat, card=card.name)
    obs = s.observer
    if obs is not None:
        obs.drew(s.seat, "dungeon", o.card)
    s.stack.append(Placement(card))


# ---- automatic -------------------------------------------------------------------------


def auto_enter(s: Table, frame: Enter) -> None:
    enter(s, frame.pos, frame.came_from, frame.new)


def enter(s: Table, pos: Pos, came_from: Pos, new: bool) -> None:
    """R3.3/R3.5: step onto the card at ``pos``: its obstacle first (R4.2/R4.3: try or
    decline), else arrive. Called at once for a walk's first card and a laid card, as the
    frame ``Enter`` for the later cards of a walk."""
    tile = s.board[pos]
    if tile.card.obstacle is not None and not tile.opened:
        s.stack.append(ObstacleChoice(pos, came_from, new))
    else:
        arrive(s, pos, came_from, new)


def auto_arrive(s: Table, frame: Arrive) -> None:
    arrive(s, frame.pos, frame.came_from, frame.new)


def arrive(s: Table, pos: Pos, came_from: Pos, new: bool) -> None:
    """The figure stands on ``pos``: R4.1 gold, R1.1 the exit, R6.1/R6.2 a room."""
    fig = s.figures[s.seat]
    tile = s.board[pos]
    fig.pos = pos
    s.came_from = came_from
    if s.logging:
        s.emit("R3.3" if new else "R3.5", "enter", s.seat, x=pos[0], y=pos[1])
    if tile.gold:
        s.gain(fig, tile.gold, "R4.1")
        tile = s.retile(pos)
        tile.gold = 0
    kind = tile.card.kind
    if kind is TileKind.EXIT and not tile.collapsed:
        fig.escaped = True
        tile = s.retile(pos)
        tile.collapsed = True
        s.escape_order.append(fig.seat)
        # R9.3: treasures stay face down until the end: say coins and how many treasures.
        if s.logging:
            s.emit("R1.1", "escape", s.seat, coins=fig.coins, treasures=len(fig.treasures))
        if s.logging:
            s.emit("R1.2", "collapse", s.seat)
        s.stack.clear()  # the figure has left the dungeon: its turn ends
    elif kind is TileKind.ROOM:
        if tile.laid_turn == s.turn_no and new:
            s.push_draw(ROOM_DRAW)  # R6.2
        else:
            if s.logging:
                s.emit("R6.1", "room_empty", s.seat)


def auto_back(s: Table, frame: GoBack) -> None:
    """R6.2 "zurück": back to the card the figure came from; the movement ends."""
    fig = s.figures[s.seat]
    fig.pos = frame.pos
    if s.logging:
        s.emit("R6.2", "back", s.seat, x=frame.pos[0], y=frame.pos[1])
    s.end_movement()


# ---- the end of a turn and of the game -------------------------------------------------


def end_turn(s: Table) -> None:
    """The next seat still in the dungeon moves (R3.1), unless the game is over (R1)."""
    if _check_end(s):
        return
    n = s.n
    seat = s.seat
    for _ in range(n):
        nxt = (seat + 1) % n
        if nxt == s.start_seat:
            s.round += 1
        seat = nxt
        if not s.figures[seat].escaped:
            break
    s.seat = seat
    s.turn_no += 1
    limit = s.round_limit
    if limit is not None and s.round > limit:
        _finish(s, "timeout", "R1.6", "end_timeout", limit=limit)
        return
    s.begin_turn()


def _check_end(s: Table) -> bool:
    escaped = len(s.escape_order)
    if s.n >= 2 and escaped >= s.n - 1:
        _finish(s, "escaped", "R1.3", "end_escaped")
        return True
    if s.n == 1 and escaped == 1:
        _finish(s, "solo", "R1.3", "end_solo")
        return True
    if s.exits_left == 0:
        _finish(s, "no_exit", "R1.6", "end_no_exit")
        return True
    if not s.any_open:
        _finish(s, "no_passage", "R1.6", "end_no_passage")
        return True
    return False


def _finish(s: Table, reason: str, rule: str, key: str, **data: Any) -> None:
    s.over = True
    s.at_chance = False
    s.end_reason = reason
    s.stack.clear()
    if s.logging:
        s.emit(rule, key, -1, **data)
    for f in s.figures:
        if not f.escaped:
            if reason == "timeout":
                if s.logging:
                    s.emit("R1.6", "still_inside", f.seat)
            else:
                if s.logging:
                    s.emit("R1.3", "left_behind", f.seat)
    for f in s.figures:  # R9.1: treasures are shown at the end
        if s.logging:
            s.emit("R9.1", "final_gold", f.seat, coins=f.coins, gold=f.gold)
    if reason == "timeout":
        return
    winners = s.winners()
    if winners:
        gold = s.figures[winners[0]].gold
        if s.logging:
            s.emit("R1.5", "winner", -1, winners=tuple(winners), gold=gold)
    else:
        if s.logging:
            s.emit("R1.3", "no_winner", -1)


# ---- how a game ended ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended (R1.3, R1.5, R1.6)."""

    reason: str  # "escaped", "solo", "no_exit", "no_passage" or "timeout"
    escaped: tuple[int, ...]  # seats in the order they escaped
    left_behind: tuple[int, ...]
    winners: tuple[int, ...]
    gold: tuple[int, ...]  # R9.1: coins plus treasure values, per seat
    rounds: int

    @property
    def timeout(self) -> bool:
        return self.reason == "timeout"


def result_of(s: Table) -> Result | None:
    """How the game on ``s`` ended, or None while it goes on."""
    if not s.over:
        return None
    return Result(
        reason=s.end_reason,
        escaped=tuple(s.escape_order),
        left_behind=tuple(f.seat for f in s.figures if not f.escaped),
        winners=tuple(s.winners()),
        gold=tuple(f.gold for f in s.figures),
        # A timeout stops as the round after the limit begins: it was never played.
        rounds=s.round - 1 if s.end_reason == "timeout" else s.round,
    )


def returns_of(players: int, winners: Sequence[int]) -> tuple[float, ...]:
    """Win/loss returns, zero-sum from two players on (as chess or Go environments give).

    The winners (R1.5: the escaped seats with the most gold; ties share) split +1, the
    other seats split -1, so a seat's return says only whether it won, and the returns sum
    to 0. No winner (nobody escaped, R1.6 ends, a timeout): 0 for every seat, a draw.
    One player (R1.3 solo): +1 for escaping, 0 otherwise. Gold is not a return: it only
    ranks the escaped players, and R1.5 rewards the rank, not the margin.
    """
    if not winners:
        return (0.0,) * players
    if players == 1:
        return (1.0,)
    losers = players - len(winners)
    if not losers:  # everyone shares the win: nobody beat anybody
        return (0.0,) * players
    win, lose = 1.0 / len(winners), -1.0 / losers
    return tuple(win if seat in winners else lose for seat in range(players))

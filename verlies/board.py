"""Board geometry: grid cells, passage masks, rotations, open passages, walking.

Passages are 4-bit masks (N=1, E=2, S=4, W=8; y grows downwards), so "do these two cards
connect across this edge" is one AND. A rotation turns a mask clockwise by quarter turns.

>>> rotate(N, 1) == E, rotate(N | E, 2) == S | W
(True, True)
>>> sorted(rotations(N | S))
[5, 10]
"""

from __future__ import annotations

from collections.abc import Mapping

from verlies.cards.model import DungeonCard, E, N, S, TileKind, W

Pos = tuple[int, int]

DIRECTIONS: tuple[int, ...] = (N, E, S, W)
DELTA: dict[int, Pos] = {N: (0, -1), E: (1, 0), S: (0, 1), W: (-1, 0)}
OPPOSITE: dict[int, int] = {N: S, E: W, S: N, W: E}
SIDE_NAME: dict[int, str] = {N: "N", E: "E", S: "S", W: "W"}

#: The four sides of a card, N, E, S, W: (bit, dx, dy, the opposite side's bit). The one
#: table of them: the rules, the bots' graphs, the encodings and the pictures read it.
SIDES: tuple[tuple[int, int, int, int], ...] = tuple(
    (d, DELTA[d][0], DELTA[d][1], OPPOSITE[d]) for d in DIRECTIONS
)


def rotate(mask: int, quarter_turns: int) -> int:
    """Turn a passage mask clockwise by ``quarter_turns`` (N -> E -> S -> W)."""
    k = quarter_turns % 4
    return ((mask << k) | (mask >> (4 - k))) & 0xF


def _rotations(mask: int) -> tuple[int, ...]:
    seen: list[int] = []
    for k in range(4):
        m = rotate(mask, k)
        if m not in seen:
            seen.append(m)
    return tuple(seen)


# The distinct masks a card of each mask can show, and among them those with a given side.
_ROTATIONS: tuple[tuple[int, ...], ...] = tuple(_rotations(m) for m in range(16))
_ROTATIONS_WITH: tuple[dict[int, tuple[int, ...]], ...] = tuple(
    {d: tuple(r for r in _ROTATIONS[m] if r & d) for d in DIRECTIONS} for m in range(16)
)


def rotations(mask: int) -> tuple[int, ...]:
    """The distinct masks a card can be laid with (a cross has one, a straight two)."""
    return _ROTATIONS[mask]


def rotations_with(mask: int, side: int) -> tuple[int, ...]:
    """The distinct rotations of ``mask`` that have a passage on ``side``."""
    return _ROTATIONS_WITH[mask][side]


def quarter_turns(base: int, mask: int) -> int:
    """How many clockwise quarter turns take ``base`` to ``mask`` (for drawing)."""
    for k in range(4):
        if rotate(base, k) == mask:
            return k
    raise ValueError(f"mask {mask} is no rotation of {base}")


class Tile:
    """A dungeon card on the table: the card, how it lies, and what happened to it."""

    __slots__ = ("card", "mask", "gold", "laid_turn", "collapsed", "opened", "x", "y")

    def __init__(self, card: DungeonCard, x: int, y: int, mask: int, laid_turn: int) -> None:
        self.card = card
        self.x = x
        self.y = y
        self.mask = mask
        self.gold = card.gold  # R4.1: gold lies on a new card until the first figure enters
        self.laid_turn = laid_turn
        self.collapsed = False  # R1.2: an exit that let a figure out
        self.opened = False  # R4.4 variant opened_stays_open

    @property
    def pos(self) -> Pos:
        return (self.x, self.y)

    @property
    def is_exit(self) -> bool:
        """An exit one can still escape through (R1.1, R1.2)."""
        return self.card.kind is TileKind.EXIT and not self.collapsed

    def copy(self) -> Tile:
        t = Tile(self.card, self.x, self.y, self.mask, self.laid_turn)
        t.gold = self.gold
        t.collapsed = self.collapsed
        t.opened = self.opened
        return t

    def __repr__(self) -> str:
        return f"Tile({self.card.id!r}, ({self.x}, {self.y}), mask={self.mask})"


Board = dict[Pos, Tile]


def open_sides(board: BoardView, pos: Pos) -> list[int]:
    """R3.2: the passages of the card at ``pos`` whose neighbouring cell is empty."""
    tile = board[pos]
    x, y = pos
    mask = tile.mask
    return [d for d, dx, dy, _ in SIDES if mask & d and (x + dx, y + dy) not in board]


def has_open_passage(board: Board, pos: Pos) -> bool:
    x, y = pos
    mask = board[pos].mask
    for d, dx, dy, _ in SIDES:
        if mask & d and (x + dx, y + dy) not in board:
            return True
    return False


def any_open_passage(board: Board) -> bool:
    """R1.6: is there an open passage anywhere in the dungeon?"""
    for (x, y), tile in board.items():
        mask = tile.mask
        for d, dx, dy, _ in SIDES:
            if mask & d and (x + dx, y + dy) not in board:
                return True
    return False


def count_open_passages(board: BoardView) -> int:
    """R1.6: how many passages in the dungeon lead to an empty cell."""
    n = 0
    for (x, y), tile in board.items():
        mask = tile.mask
        for d, dx, dy, _ in SIDES:
            if mask & d and (x + dx, y + dy) not in board:
                n += 1
    return n


def open_passages_added(board: Board, pos: Pos) -> int:
    """The change in :func:`count_open_passages` made by the card just laid at ``pos``.

    Its own passages to empty cells open; neighbours' passages towards it close. This
    keeps R1.6's "any open passage?" a counter instead of a walk over the whole board.
    """
    x, y = pos
    mask = board[pos].mask
    n = 0
    for d, dx, dy, opp in SIDES:
        t = board.get((x + dx, y + dy))
        if t is None:
            if mask & d:
                n += 1
        elif t.mask & opp:
            n -= 1
    return n


def neighbours(board: BoardView, pos: Pos) -> list[Pos]:
    """R3.5: cards reachable in one step: both cards have a passage across the edge."""
    x, y = pos
    mask = board[pos].mask
    out: list[Pos] = []
    for d, dx, dy, opp in SIDES:
        if mask & d:
            q = (x + dx, y + dy)
            t = board.get(q)
            if t is not None and t.mask & opp:
                out.append(q)
    return out


#: Per passage mask its sides of :data:`SIDES` as (dx, dy, the opposite side's bit).
_STEP_SIDES: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((dx, dy, opp) for d, dx, dy, opp in SIDES if m & d) for m in range(16)
)


def can_step(board: BoardView, pos: Pos) -> bool:
    """R3.5: whether :func:`neighbours` has any (without making the list); only the card's
    own passages looked at."""
    x, y = pos
    for dx, dy, opp in _STEP_SIDES[board[pos].mask]:
        t = board.get((x + dx, y + dy))
        if t is not None and t.mask & opp:
            return True
    return False


def walks(board: Board, pos: Pos) -> list[tuple[Pos, ...]]:
    """R3.5: every walk of one or two steps from ``pos`` (not back to the start)."""
    paths: list[tuple[Pos, ...]] = []
    for q in neighbours(board, pos):
        paths.append((q,))
        for r in neighbours(board, q):
            if r != pos:
                paths.append((q, r))
    return paths


def bounds(board: Board) -> tuple[int, int, int, int]:
    """(min_x, min_y, max_x, max_y) of the laid cards."""
    xs = [p[0] for p in board]
    ys = [p[1] for p in board]
    return min(xs), min(ys), max(xs), max(ys)


#: A board to read only (what views hand out).
BoardView = Mapping[Pos, Tile]

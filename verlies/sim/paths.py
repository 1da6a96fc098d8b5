"""The bots' map of the board: a graph grown card by card, and the path search over it.

Each heuristic bot keeps one :class:`Graph` (walkable neighbours, open passages and what
entering each card costs its character) and asks :class:`Search` for the cost from a card
to the nearest target. Split from :mod:`verlies.sim.bots`, which decides with them.
"""

from __future__ import annotations

import heapq
import threading
from functools import cache
from operator import attrgetter

from verlies.board import SIDES, BoardView, Pos, Tile
from verlies.cards.model import Attr, Character, DungeonCard, ObstacleClass
from verlies.dice import beat_probability, pass_probability

# The cells within two steps (a diamond of radius 2) around a cell, without the cell itself.
NEAR: tuple[Pos, ...] = tuple(
    (dx, dy) for dx in range(-2, 3) for dy in range(-2, 3) if 0 < abs(dx) + abs(dy) <= 2
)
# What an injury (R8: a lost turn) is worth, in gold, for weighing risks.
INJURY_COST = 2.0
# Entering a card costs one step; the Dijkstra search below counts steps.
STEP = 1.0
INF = float("inf")


_CARD = attrgetter("card")
_MASK = attrgetter("mask")


class Graph:
    """The laid cards as the path search sees them, kept up to date card by card.

    Cards are only ever added to a board (R3.2), so the graph grows with it: a new card
    joins its walkable neighbours (R3.5: both cards need a passage) and closes their open
    passages towards it (R1.6). Node ``i`` is the ``i``-th card laid. A card's gold, opened
    and collapsed flags change; where it lies, its card and its passages never do. A board
    that is not this one grown (another game, an undo) is read afresh.

    It holds nothing of a figure's, so the bots of one game share it (see ``shared_graph``):
    each card joins once per game, not once per bot. What entering a card costs a figure
    is in :class:`Costs`, one per bot.
    """

    __slots__ = (
        "adj",
        "cards",
        "gen",
        "gold",
        "index",
        "keys",
        "layout",
        "lively",
        "masks",
        "near",
        "obstacles",
        "opened",
        "open",
        "open_nodes",
        "open_total",
        "tiles",
        "version",
    )

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self.tiles: list[Tile] = []  # the Tile objects on the board at the last sync
        self.version: object = None  # the board's version at the last sync
        self.gen = object()  # a new one whenever the graph is read afresh (see Costs)
        self.keys: list[Pos] = []
        self.cards: list[DungeonCard] = []
        self.masks: list[int] = []
        self.layout: Layout | None = None  # made when asked for, dropped when cards come
        self.index: dict[Pos, int] = {}
        self.near: dict[Pos, int] = {}  # per cell: the laid cards within two steps of it
        self.adj: list[list[int]] = []  # walkable neighbours of each node
        self.open: list[int] = []  # passages of each node into empty cells
        self.open_nodes: set[int] = set()  # the nodes with any (R3.2: drawing is possible)
        self.open_total = 0  # count_open_passages of the whole board
        self.gold = 0  # the gold lying on the board's cards (R4.1)
        # Per node: its obstacle's attribute, number and class (R4.2, R5), read once.
        self.obstacles: list[tuple[Attr, int, ObstacleClass] | None] = []
        self.opened: list[int] = []  # the nodes whose obstacle opened (R4.4), in order
        # The only cards whose gold or opened flag can ever change: the ones laid with gold
        # (R4.1: it is taken, never added) and the ones with an obstacle (R4.4).
        self.lively: list[int] = []

    def sync(self, board: BoardView, version: object) -> None:
        """Catch up with ``board`` (whose version is ``version``): new cards join, changed
        ones (gold taken, R4.1; opened, R4.4; collapsed, R1.2: the engine lays a changed
        copy) are read again."""
        if version is self.version:
            return
        n = len(self.tiles)
        keys = list(board)
        tiles = list(board.values())
        if len(keys) < n or keys[:n] != self.keys:
            self.clear()  # another board (an undo, another game): read it afresh
            n = 0
        elif tiles[:n] != self.tiles:  # some cards changed (compared by identity)
            old = tiles[:n]
            if list(map(_CARD, old)) != self.cards or list(map(_MASK, old)) != self.masks:
                self.clear()  # not this board's cards: read it afresh
                n = 0
            else:
                self.tiles = old
                self.gold = sum(old[i].gold for i in self.lively)  # only these have gold
                self.opened = [i for i in self.lively if old[i].opened]
        for i in range(n, len(tiles)):
            self._add(keys[i], tiles[i])
        if len(tiles) > n:
            self.layout = None
        self.version = version

    def _add(self, pos: Pos, tile: Tile) -> None:
        i = len(self.tiles)
        index = self.index
        x, y = pos
        mask = tile.mask
        mine: list[int] = []
        opens = 0
        for side, dx, dy, opp in SIDES:
            j = index.get((x + dx, y + dy))
            if j is None:
                if mask & side:
                    opens += 1
            elif self.masks[j] & opp:
                self.open[j] -= 1
                if not self.open[j]:
                    self.open_nodes.discard(j)
                self.open_total -= 1
                if mask & side:
                    mine.append(j)
                    self.adj[j].append(i)
        self.tiles.append(tile)
        self.cards.append(tile.card)
        self.masks.append(mask)
        self.keys.append(pos)
        index[pos] = i
        near = self.near
        cells = _NEAR_CELLS.get(pos)
        if cells is None:
            cells = _near_cells(pos)
        for q in cells:  # symmetric: the cells that have this card within two steps
            near[q] = near.get(q, 0) + 1
        self.adj.append(mine)
        self.open.append(opens)
        if opens:
            self.open_nodes.add(i)
        self.open_total += opens
        obstacle = tile.card.obstacle
        if obstacle is None:
            self.obstacles.append(None)
        else:
            self.obstacles.append((obstacle.attr, obstacle.n, obstacle.cls))
        if obstacle is not None or tile.gold:
            self.lively.append(i)
            self.gold += tile.gold
            if tile.opened:  # read afresh: a card opened before
                self.opened.append(i)


# Per cell, the cells within two steps of it (``NEAR`` added): worked out once per cell
# for every game, not once per laid card. Bounded: cells are near the start (R2.2).
_NEAR_CELLS: dict[Pos, tuple[Pos, ...]] = {}


def _near_cells(pos: Pos) -> tuple[Pos, ...]:
    x, y = pos
    cells = tuple((x + dx, y + dy) for dx, dy in NEAR)
    if len(_NEAR_CELLS) < 65536:
        _NEAR_CELLS[pos] = cells
    return cells


# The graph the bots of this thread last synced: the four bots of a game share it.
_LOCAL = threading.local()


def shared_graph(graph: Graph | None, board: BoardView, version: object) -> Graph:
    """A graph synced with ``board``: the thread's last one when that already is (another
    bot of the game synced it), else ``graph`` (or, for a bot without one, the thread's
    last) brought up to date. Any graph, synced, is the same function of the board: which
    one a bot gets changes nothing but the time spent."""
    last: Graph | None = getattr(_LOCAL, "graph", None)
    if last is not None and last.version is version:
        return last
    if graph is None:
        graph = last if last is not None else Graph()
    graph.sync(board, version)
    _LOCAL.graph = graph
    return graph


class Costs:
    """What entering each node of a graph costs one figure while its obstacle is not open
    (see ``_enter_costs``): when a failed class A obstacle costs gold ("rich"), when it
    does not ("poor"), and when any chance will do ("desperate"). One per bot, grown with
    the graph, worked out once per card and character."""

    __slots__ = ("character", "gen", "risk", "rows", "values")

    def __init__(self) -> None:
        self.character: Character | None = None
        self.risk = -1.0
        self.gen: object = None
        self.rows: tuple[list[float], list[float], list[float]] = ([], [], [])
        self.values: dict[Attr, int] = {}  # the character's value per attribute

    def sync(self, graph: Graph, character: Character, risk: float) -> None:
        rows = self.rows
        rich, poor, desperate = rows
        if character is not self.character or risk != self.risk or graph.gen is not self.gen:
            self.character, self.risk, self.gen = character, risk, graph.gen
            rich, poor, desperate = rows = self.rows = ([], [], [])
            self.values = {attr: character.value(attr) for attr in Attr}
        values = self.values
        obstacles = graph.obstacles
        for i in range(len(rich), len(obstacles)):
            obstacle = obstacles[i]
            if obstacle is None:
                rich.append(STEP)
                poor.append(STEP)
                desperate.append(STEP)
            else:
                attr, n, cls = obstacle
                p = pass_chance(values[attr], n)
                costs = _enter_costs(p, cls, risk)
                rich.append(costs[0])
                poor.append(costs[1])
                desperate.append(costs[2])


class Layout:
    """Where the cards lie, in the order they were laid: part of a distance cache key.

    Equal when the positions are; the hash is computed once, not at every look-up.
    """

    __slots__ = ("hash", "keys")

    def __init__(self, keys: tuple[Pos, ...]) -> None:
        self.keys = keys
        self.hash = hash(keys)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Layout) and self.keys == other.keys


def risk_threshold(cls: ObstacleClass, rich: bool, risk: float) -> float:
    """The pass probability wanted at a class A or C obstacle.

    ``rich``: the figure has coins or treasures, which a failed class A obstacle costs.
    """
    if cls is ObstacleClass.A and rich:
        return 1 - risk
    return 1 - min(1.0, 1.5 * risk)  # failing costs the injury only


def _enter_costs(p: float, cls: ObstacleClass, risk: float) -> tuple[float, float, float]:
    """Expected cost of stepping onto a card with a closed obstacle passed with chance ``p``:
    a step plus the obstacle, INF where the bot won't try. For a figure with gold to lose,
    one without, and one that will try any chance above zero (nothing else is reachable).
    """
    if cls is ObstacleClass.B:
        cost = STEP / p if p > 0 else INF  # expected turns until it opens
        return cost, cost, cost
    fail = INJURY_COST + (3.0 if cls is ObstacleClass.A else 0.0)
    cost = STEP + (1 - p) * fail
    # R5.1, R5.3: failing still gets past, so below the threshold it is avoided, not a wall.
    rich = INF if p < risk_threshold(cls, True, risk) else cost
    poor = INF if p < risk_threshold(cls, False, risk) else cost
    return rich, poor, cost


class Search:
    """A multi-source Dijkstra search that runs only as far as the questions asked of it.

    Every card costs what entering it cost when the search began (``row``); targets start
    at their own value. Distances come out the same whatever order equal costs are taken
    in: each is the least, over all paths, of the costs summed from the target.
    """

    __slots__ = ("adj", "dist", "heap", "row")

    def __init__(
        self,
        dist: list[float],
        heap: list[tuple[float, int]],
        row: list[float],
        adj: list[list[int]],
    ) -> None:
        heapq.heapify(heap)
        self.dist = dist
        self.heap = heap
        self.row = row
        self.adj = adj

    def __getitem__(self, i: int) -> float:
        """The cost from node ``i`` to the nearest target (INF: none reachable)."""
        dist = self.dist
        heap = self.heap
        # Entering a card costs at least a step, so once the nearest open end of the search
        # plus a step is no less than dist[i], nothing found later can lower it.
        if not heap or heap[0][0] + STEP >= dist[i]:
            return dist[i]
        row = self.row
        adj = self.adj
        pop, push = heapq.heappop, heapq.heappush
        while heap and heap[0][0] + STEP < dist[i]:
            d, v = pop(heap)
            if d > dist[v]:
                continue
            cost = row[v]
            if cost == INF:
                continue
            nd = d + cost
            for u in adj[v]:  # R3.5: both cards need a passage
                if nd < dist[u]:
                    dist[u] = nd
                    push(heap, (nd, u))
        return dist[i]


def edge_cost(graph: Graph, row: list[float], i: int) -> float:
    """What entering node ``i`` costs now: its row's cost, one step once its obstacle opened."""
    cost = row[i]
    if cost != STEP and graph.tiles[i].opened:
        return STEP
    return cost


@cache
def pass_chance(value: int, target: int, bonus: int = 0) -> float:
    return float(pass_probability(value, target, bonus))


@cache
def beat_chance(value: int, monster: int, bonus: int = 0) -> float:
    return float(beat_probability(value, monster, bonus))

"""Bots: players made of code, for simulations and for filling empty seats.

A bot is a plain callable ``bot(view) -> action``. It gets the :class:`~verlies.game.PlayerView`
of its seat (R9.3: the board, every figure's public state, the deck sizes, its own treasures)
and returns one of ``view.legal_actions()``. It never sees the decks' order or the other
players' treasures; it never touches the game itself.

>>> from verlies.game import Game
>>> g = Game.new(players=2, seed=1)
>>> bot = make_bot("careful", seed=1)
>>> bot(g.view(g.current_player)) in g.legal_actions()
True

Two kinds are provided:

* :class:`RandomBot` picks uniformly among the legal actions (a seeded ``random.Random``).
* :class:`HeuristicBot` plays a simple, explainable policy with three personality settings
  (``gold_target``, ``risk``, ``explore``); see its docstring.

``BOTS`` maps preset names ("random", "careful", "greedy", "reckless") to factories
``factory(seed) -> bot``; :func:`make_bot` builds one by name (the UI offers these names).
Bots that hold a random source have ``reseed(seed)``: the simulator calls it before every
game so that a game is reproducible from its seed alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from verlies.actions import (
    Action,
    Attempt,
    Choose,
    Decline,
    Draw,
    LoseGold,
    LoseTreasure,
    Place,
    Recover,
    ShuffleBack,
    UseHeal,
    Walk,
)
from verlies.board import SIDES, BoardView, Pos
from verlies.cards.model import (
    Attr,
    Blocked,
    Character,
    Injury,
    LoseGoldOrTreasure,
    MonsterCard,
    Obstacle,
    ObstacleClass,
    RollBonus,
    Trap,
)
from verlies.sim.paths import (
    INF,
    INJURY_COST,
    NEAR,
    STEP,
    Costs,
    Graph,
    Layout,
    Search,
    beat_chance,
    edge_cost,
    pass_chance,
    risk_threshold,
    shared_graph,
)
from verlies.views import (
    FightDecision,
    Losing,
    ObstacleDecision,
    Placing,
    TrapDecision,
    Turning,
)

if TYPE_CHECKING:
    from verlies.views import FigureView, PlayerView

__all__ = [
    "BOTS",
    "Bot",
    "HeuristicBot",
    "RandomBot",
    "bot_name",
    "make_bot",
]


class Bot(Protocol):
    """Anything that maps a player's view to one of its legal actions."""

    def __call__(self, view: PlayerView) -> Action: ...


def bot_name(bot: object) -> str:
    """A short name for reports: the bot's ``name``, else its function or class name."""
    name = getattr(bot, "name", None)
    if isinstance(name, str) and name:
        return name
    name = getattr(bot, "__name__", None)
    if isinstance(name, str) and name:
        return name
    return type(bot).__name__


class RandomBot:
    """Uniform over the legal actions, from its own seeded ``random.Random``.

    Every game played with the same seed (and the same ``reseed`` calls) is the same.
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        """Start the random source afresh (the simulator does this before each game)."""
        self.seed = seed
        self._rng.seed(seed)

    def __call__(self, view: PlayerView) -> Action:
        legal = view.legal_actions()
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to decide now")
        if len(legal) == 1 and type(legal[0]) is Choose:
            # A forced decision (Game.forced_action: a roll with no fitting bonus) takes
            # no randomness: the games are the same as before it was a decision.
            forced: Action = legal[0]
            return forced
        action: Action = legal[self._rng.randrange(len(legal))]
        return action

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"


class HeuristicBot:
    """A rule-of-thumb player with three personality settings.

    ``gold_target`` (gold, >= 0)
        R1.4: how much gold (coins plus treasure values, R9.1) the bot wants before it
        takes an exit. Below it, a drawn exit is shuffled back into the deck, except when
        that would be the last chance: the exit would end the game (only two figures are
        left in the dungeon, so the other one could take the last exit and leave this one
        behind, R1.3), few open passages are left (R1.6), the dungeon deck is almost
        empty, or the game has gone on for ``patience`` rounds. 0 takes every exit.
    ``risk`` (0..1)
        How much risk it takes. At a class A or C obstacle (R5.1, R5.3: failing injures,
        class A also costs 3 gold or a treasure) it tries when the exact pass probability
        (``view.pass_chance``) is at least ``1 - risk`` (a little more lenient when failing
        would cost no gold). Class B obstacles (R5.2) only cost the turn when failed, so
        it tries them whenever the chance is above zero. In fights (R7) and traps it picks
        the value with the best odds and spends a roll-bonus treasure (R9.5) when the odds
        without it are below ``1 - risk`` and the bonus is worth what the treasure loses.
    ``explore`` (0..1)
        How much it is drawn to new ground. When laying a card it prefers cells with empty
        space around them in proportion to ``explore`` (open passages are always preferred,
        so the dungeon does not close, R1.6). With a low ``explore`` it walks to gold left
        lying on a card (R4.1, behind an obstacle nobody passed) instead of drawing.
    ``patience`` (rounds)
        After this many rounds it takes any exit (keeps simulations away from the round
        limit, R1.6).
    ``seed``
        Breaks ties between equally good actions (a seeded ``random.Random``).

    Drawing versus walking (R3.1): it draws whenever its card has an open passage (R3.2);
    otherwise it walks (R3.5) towards the nearest card with an open passage, found by a
    shortest-path search over the board in which every card costs a step plus the
    expected cost of its obstacle, and obstacles it would not try are walls. When it has
    to lose 3 gold or a treasure (R9.4) it gives up whichever is worth less.
    """

    def __init__(
        self,
        gold_target: int = 8,
        risk: float = 0.5,
        explore: float = 0.5,
        seed: int = 0,
        patience: int = 120,
        name: str = "heuristic",
    ) -> None:
        if not 0 <= risk <= 1:
            raise ValueError(f"risk must be between 0 and 1, not {risk!r}")
        if not 0 <= explore <= 1:
            raise ValueError(f"explore must be between 0 and 1, not {explore!r}")
        if gold_target < 0:
            raise ValueError(f"gold_target must be at least 0, not {gold_target!r}")
        self.gold_target = gold_target
        self.risk = risk
        self.explore = explore
        self.patience = patience
        self.name = name
        self.seed = seed
        self._rng = random.Random(seed)
        self._dist_cache: dict[tuple[Any, ...], Search] = {}
        self._graph: Graph | None = None  # the board's graph, shared by a game's bots
        self._costs = Costs()  # what entering each of its cards costs this bot's figure

    def reseed(self, seed: int) -> None:
        """Start the tie-breaking random source afresh (the simulator does this per game)."""
        self.seed = seed
        self._rng.seed(seed)
        self._dist_cache.clear()
        self._graph = None
        self._costs = Costs()

    def __repr__(self) -> str:
        return (
            f"HeuristicBot(gold_target={self.gold_target}, risk={self.risk}, "
            f"explore={self.explore}, patience={self.patience}, seed={self.seed}, "
            f"name={self.name!r})"
        )

    # ---- the decision ----------------------------------------------------------------

    def __call__(self, view: PlayerView) -> Action:
        try:
            drawable = view.can_draw
        except AttributeError:  # a view that does not say: work the legal actions out
            drawable = False
        if drawable:
            # R3.1: a turn with a draw among the actions. With too little gold lying
            # within a walk's reach to be worth the detour (R4.1), drawing is the choice
            # whatever else can be done (see _turn), so the legal actions (every walk)
            # need not be worked out.
            graph = self._sync(view, view.character)
            worth = 1 + 4 * self.explore  # the gold a detour must collect (see _turn)
            if graph.gold < worth or _gold_in_reach(graph, view) < worth:
                return _DRAW
        legal = view.legal_actions()
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to decide now")
        if len(legal) == 1:
            only: Action = legal[0]
            return only
        # What can be done says what is pending (legal.py): R3.1's draw, walk or recover
        # on a turn, R3.2's placements of a drawn card. Only the other decisions need the
        # pending frame's data (reading it costs more than deciding most turns).
        first = type(legal[0])
        if first is Draw or first is Walk or first is Recover:
            return self._turn(view, legal)
        if first is Place:
            return self._place(view, legal)
        pending = view.pending
        if type(pending) is Turning:
            return self._turn(view, legal)
        if type(pending) is Placing:
            return self._place(view, legal)
        if type(pending) is ObstacleDecision:
            return self._obstacle(view, legal, pending.obstacle, pending.value)
        if type(pending) is FightDecision:
            return self._fight(view, legal, pending.monster)
        if type(pending) is TrapDecision:
            return self._trap(view, legal, pending.trap)
        if type(pending) is Losing:
            return self._lose(view, legal, pending.target)
        fallback: Action = legal[0]  # a frame this bot does not know: stay legal
        return fallback

    # ---- R3.1: draw, walk, recover -----------------------------------------------------

    def _turn(self, view: PlayerView, legal: tuple[Any, ...]) -> Action:
        first = legal[0]
        if isinstance(first, Recover):
            return self._recover(view, legal)
        board = view.board
        draw = type(first) is Draw
        if draw and not self._sync(view, view.character).gold:
            return first  # type: ignore[no-any-return]  # no gold lies anywhere to walk to
        walks = [a for a in legal if type(a) is Walk]
        if not walks:
            return first  # type: ignore[no-any-return]
        me = None
        if draw:
            # R4.1: gold left lying nearby is worth a detour for a bot that explores little.
            best_gold = 0
            for w in walks:
                gold = 0
                for p in w.path:
                    gold += board[p].gold
                if gold > best_gold:
                    me = me or view.me
                    graph = self._sync(view, me.character)
                    row = self._costs.rows[0 if me.coins or me.treasures else 1]
                    if all(edge_cost(graph, row, graph.index[p]) < INF for p in w.path):
                        best_gold = gold
            if best_gold == 0 or best_gold < 1 + 4 * self.explore:
                return first  # type: ignore[no-any-return]
        return self._walk(view, me or view.me, board, walks)

    def _recover(self, view: PlayerView, legal: tuple[Any, ...]) -> Action:
        """R8.2 / R9.5: heal with a treasure when it costs no gold, or when the race is on."""
        heals = [a for a in legal if type(a) is UseHeal]
        if not heals:
            return legal[0]  # type: ignore[no-any-return]
        racing = view.players_in_dungeon < len(view.players())  # someone has escaped
        for a in heals:
            held = _held(view, a.treasure)
            lost = held.card.gold if held is not None and held.card.spent else 0
            if lost == 0 or racing or lost <= 1 + 3 * self.risk:
                return a
        return legal[0]  # type: ignore[no-any-return]

    def _sync(self, view: PlayerView, character: Character) -> Graph:
        """The board's graph, synced, and this figure's costs of entering its cards."""
        try:
            version = view.board_version
        except AttributeError:  # a view that does not say: compare the board itself
            version = object()
        graph = self._graph
        if graph is None or graph.version is not version:
            graph = self._graph = shared_graph(graph, view.board, version)
        costs = self._costs
        if (
            len(costs.rows[0]) != len(graph.obstacles)
            or costs.gen is not graph.gen
            or costs.character is not character
            or costs.risk != self.risk
        ):
            costs.sync(graph, character, self.risk)
        return graph

    def _walk(
        self, view: PlayerView, me: FigureView, board: BoardView, walks: list[Walk]
    ) -> Action:
        """R3.5: the walk that ends nearest to a card with an open passage (or gold)."""
        graph = self._sync(view, me.character)
        index = graph.index
        tiles = graph.tiles
        here = index[me.pos]
        desperate = False
        dist = self._distances(me, False)
        if dist[here] == INF:
            # Nothing worth reaching without the obstacles it would rather not try: try them.
            desperate = True
            dist = self._distances(me, True)
        rows = self._costs.rows
        row = rows[2 if desperate else 0 if me.coins or me.treasures else 1]
        gold_weight = 1.5 - self.explore
        best: list[Walk] = []
        best_score = INF
        found = dist.dist
        heap = dist.heap
        for w in walks:
            score = 0.0
            for q in w.path:
                i = index[q]
                tile = tiles[i]
                cost = row[i]
                if cost != STEP and tile.opened:
                    cost = STEP  # R4.4: an obstacle that stays open
                score += cost
                if tile.gold:  # (subtracting 0.0 changes no score)
                    score -= tile.gold * gold_weight
            i = index[w.path[-1]]
            if heap and heap[0][0] + STEP < found[i]:
                score += dist[i]  # the search has not settled this card yet
            else:
                score += found[i]
            if score < best_score - 1e-9:
                best, best_score = [w], score
            elif abs(score - best_score) <= 1e-9:
                best.append(w)
        if not best:  # nothing reachable is worth it: wander (seeded), but not into walls
            row = rows[2]
            walks = [w for w in walks if edge_cost(graph, row, index[w.path[0]]) < INF] or walks
            return walks[self._rng.randrange(len(walks))]
        if len(best) == 1:
            return best[0]
        return best[self._rng.randrange(len(best))]

    def _distances(self, me: FigureView, desperate: bool) -> Search:
        """Cost from each card to the nearest target (multi-source Dijkstra, targets at 0),
        by node of the synced graph.

        Targets: cards with an open passage (R3.2, where drawing is possible) and cards
        with gold lying on them (valued below zero, more so for a bot that explores less).
        Results are cached: they change only with the board, its gold, the figure's
        character and whether a failed class A obstacle would cost it anything.
        """
        graph = self._graph
        assert graph is not None  # synced by the caller
        tiles = graph.tiles
        opened = graph.opened
        gold_left = graph.gold + len(opened)  # the lively cards' gold, plus 1 per opened
        rich = bool(me.coins or me.treasures)
        layout = graph.layout
        if layout is None:
            layout = graph.layout = Layout(tuple(graph.keys))
        key = (layout, graph.gen, gold_left, me.character.id, rich, desperate)
        cached = self._dist_cache.get(key)
        if cached is not None:
            return cached
        if len(self._dist_cache) > 8:
            self._dist_cache.clear()
        row = self._costs.rows[2 if desperate else 0 if rich else 1]
        if opened:
            row = row[:]
            for i in opened:
                row[i] = STEP  # R4.4: an obstacle that stays open
        dist = [INF] * len(tiles)
        gold_weight = 1.5 - self.explore
        # Cards with an open passage start at 0; cards with gold lying (only lively ones
        # can have it) below it, open or not.
        starts = set(graph.open_nodes)
        for i in graph.lively:
            gold = tiles[i].gold
            if gold:
                starts.add(i)
        heap: list[tuple[float, int]] = []
        for i in starts:
            gold = tiles[i].gold
            start = 0.0 - gold * gold_weight if gold else 0.0
            dist[i] = start
            heap.append((start, i))
        search = self._dist_cache[key] = Search(dist, heap, row, graph.adj)
        return search

    # ---- R3.2, R1.4: laying the drawn card ---------------------------------------------

    def _place(self, view: PlayerView, legal: tuple[Any, ...]) -> Action:
        places = [a for a in legal if type(a) is Place]
        graph = self._sync(view, view.character)
        if type(legal[-1]) is ShuffleBack:  # legal.py puts it last (R1.4: an exit drawn)
            if self._shuffle_back(view, graph.open_total):
                return _handed_out(legal, -1, ShuffleBack())
            return places[0]  # an exit: every cell is as good, the figure escapes (R1.2)
        open_now = graph.open_total
        here = view.position
        best: list[Place] = []
        best_score = -INF
        # Per candidate cell (every rotation of the card there shares it): its empty sides,
        # its neighbours' passages towards it, and the empty cells within two steps.
        cells: dict[Pos, tuple[int, int, int, float]] = {}
        explore = 3.0 * self.explore
        bits = _BITS
        last_x = last_y = 0
        empty = joins = closed = 0
        near = 0.0
        for a in places:
            x, y, mask, _kind = a  # Place(x, y, mask): a cell's rotations come in a row
            if not cells or x != last_x or y != last_y:
                cell = cells.get((x, y))
                if cell is None:
                    cell = cells[(x, y)] = _cell(graph, here, x, y, explore)
                empty, joins, closed, near = cell
                last_x, last_y = x, y
            new_open = bits[mask & empty]  # passages of the new card into empty cells
            after = open_now - closed + new_open
            if after <= 0:
                score = -1000.0  # R1.6: the dungeon would close and nobody could escape
            else:
                # joins: edges where both cards have a passage (walkable), besides our own
                score = (
                    2.0 * new_open
                    - 1.0 * (closed - 1)
                    + 0.5 * bits[mask & joins]
                    + near
                    + (2.0 if after <= 2 and new_open else 0.0)
                )
            if score > best_score + 1e-9:
                best, best_score = [a], score
            elif abs(score - best_score) <= 1e-9:
                best.append(a)
        if len(best) == 1:
            return best[0]
        return best[self._rng.randrange(len(best))]

    def _shuffle_back(self, view: PlayerView, open_passages: int) -> bool:
        """R1.4: shuffle the exit back while gold < gold_target, unless it is the last chance."""
        if view.my_gold >= self.gold_target:
            return False
        in_dungeon = view.players_in_dungeon
        if in_dungeon == 2:
            return False  # taking it ends the game; shuffling back may leave us behind
        if view.round >= self.patience:
            return False
        if view.deck_sizes()["dungeon"] < 3 * in_dungeon:
            return False
        return open_passages > 2

    # ---- R4.2, R4.3, R5: obstacles ----------------------------------------------------

    def _obstacle(
        self, view: PlayerView, legal: tuple[Any, ...], obstacle: Obstacle, value: int
    ) -> Action:
        """R4.2, R4.3, R5: try or decline ``obstacle``; ``value``: the figure's for it."""
        p = pass_chance(value, obstacle.n)
        cls = obstacle.cls
        me = None
        if cls is ObstacleClass.B:
            need = 1e-9  # failing only costs the turn
            fail_cost = 1.0
        else:
            me = view.me
            need = risk_threshold(cls, bool(me.coins or me.treasures), self.risk)
            fail_cost = INJURY_COST + (3.0 if cls is ObstacleClass.A else 0.0)
        if p >= need:
            return _handed_out(legal, 0, Attempt())
        bonus = self._best_bonus(view, legal, obstacle, value, obstacle.n, p, fail_cost)
        if bonus is not None and bonus[1] >= need:
            return bonus[0]
        if cls is not ObstacleClass.B:
            # Stuck: nothing worth reaching lies on this side without a risky obstacle
            # (and class A and C obstacles let the figure past even when the roll fails).
            me = me or view.me
            graph = self._sync(view, me.character)
            if self._distances(me, False)[graph.index[me.pos]] == INF:
                return bonus[0] if bonus is not None else _handed_out(legal, 0, Attempt())
        return _handed_out(legal, -1, Decline())

    def _best_bonus(
        self,
        view: PlayerView,
        legal: tuple[Any, ...],
        obstacle: Obstacle,
        value: int,
        target: int,
        p: float,
        fail_cost: float,
    ) -> tuple[Action, float] | None:
        best: tuple[Action, float] | None = None
        for a in legal:
            if type(a) is not Attempt or a.treasure is None:
                continue
            amount, lost = _bonus_of(view, a.treasure)
            pb = pass_chance(value, target, amount)
            if (pb - p) * fail_cost < lost:
                continue
            if best is None or pb > best[1]:
                best = (a, pb)
        return best

    # ---- R7, R6.2: fights and traps -----------------------------------------------------

    def _fight(self, view: PlayerView, legal: tuple[Any, ...], monster: MonsterCard) -> Action:
        mvalues = {o.attr: o.value for o in monster.fight}
        fail_cost = INJURY_COST + 3.0  # R7.3: injured and 3 gold or a treasure

        def odds(attr: Attr, bonus: int) -> float:
            return beat_chance(view.character.value(attr), mvalues[attr], bonus)

        return self._choose(view, legal, odds, fail_cost)

    def _trap(self, view: PlayerView, legal: tuple[Any, ...], trap: Trap) -> Action:
        fail_cost = 0.0
        for pen in trap.on_fail:
            if isinstance(pen, Injury):
                fail_cost += INJURY_COST
            elif isinstance(pen, LoseGoldOrTreasure):
                fail_cost += pen.gold
            elif isinstance(pen, Blocked):
                fail_cost += 1.0

        def odds(attr: Attr, bonus: int) -> float:
            return pass_chance(view.character.value(attr), trap.target, bonus)

        return self._choose(view, legal, odds, fail_cost)

    def _choose(
        self,
        view: PlayerView,
        legal: tuple[Any, ...],
        odds: Callable[[Attr, int], float],
        fail_cost: float,
    ) -> Action:
        """The value with the best odds; a roll bonus when the odds are poor and it pays."""
        plain = [a for a in legal if type(a) is Choose and a.treasure is None]
        best = max(plain, key=lambda a: odds(a.attr, 0))
        p = odds(best.attr, 0)
        if p >= 1 - self.risk:
            return best
        choice: Action = best
        choice_gain = 0.0
        for a in legal:
            if type(a) is not Choose or a.treasure is None:
                continue
            amount, lost = _bonus_of(view, a.treasure)
            gain = (odds(a.attr, amount) - p) * fail_cost - lost
            if gain > choice_gain:
                choice, choice_gain = a, gain
        return choice

    # ---- R9.4: losing gold or a treasure -------------------------------------------------

    def _lose(self, view: PlayerView, legal: tuple[Any, ...], amount: int) -> Action:
        me = view.me
        best: Action = _handed_out(legal, 0, LoseGold())
        best_cost = float(min(amount, me.coins))
        for a in legal:
            if type(a) is not LoseTreasure:
                continue
            held = _held(view, a.treasure, prefer_used=True)
            if held is None:
                continue
            cost = float(held.value) + (0.5 if held.card.magic is not None and not held.used else 0)
            if cost < best_cost:
                best, best_cost = a, cost
        return best


def _handed_out(legal: tuple[Any, ...], at: int, action: Action) -> Action:
    """``action`` as the legal action object at ``at`` when that one equals it (the game
    then knows it by identity, without comparing values; legal.py puts the plain attempt
    first, Decline and ShuffleBack last, LoseGold first), else ``action`` itself."""
    same: Action = legal[at]
    return same if same == action and type(same) is type(action) else action


_DRAW = Draw()


def _gold_in_reach(graph: Graph, view: PlayerView) -> int:
    """The gold lying on the cards a walk from the figure's card can step on (R3.5: up to
    two cards, three with the variant long_walk, through passages on both sides): no walk
    collects more, since a walk steps on a card at most once."""
    tiles = graph.tiles
    adj = graph.adj
    here = graph.index[view.position]
    seen = {here}
    frontier = [here]
    gold = 0
    for _ in range(3 if view.variants.long_walk else 2):
        nxt = []
        for v in frontier:
            for u in adj[v]:
                if u not in seen:
                    seen.add(u)
                    nxt.append(u)
                    gold += tiles[u].gold
        frontier = nxt
    return gold


# How many passages a mask has: _BITS[mask].
_BITS: tuple[int, ...] = tuple(bin(m).count("1") for m in range(16))


def _cell(graph: Graph, here: Pos, x: int, y: int, explore: float) -> tuple[int, int, int, float]:
    """What laying a card at (x, y) meets, whatever its rotation (R3.2, R1.6): the sides
    into empty cells, the sides where a neighbour other than the figure's card has a
    passage towards it, how many neighbours' open passages it closes, and ``explore`` x
    the share of empty cells within two steps."""
    index = graph.index  # the board's cells (synced), a plain dict
    masks = graph.masks
    empty = joins = closed = 0
    for d, dx, dy, opp in SIDES:
        q = (x + dx, y + dy)
        j = index.get(q)
        if j is None:
            empty |= d
        elif masks[j] & opp:
            closed += 1
            if q != here:
                joins |= d
    # The empty cells within two steps (the graph counts the laid ones per cell).
    empty_near = len(NEAR) - graph.near.get((x, y), 0)
    return empty, joins, closed, explore * empty_near / len(NEAR)


def _held(view: PlayerView, treasure: str, prefer_used: bool = False) -> Any:
    """The player's own held treasure card with this id (an unused one unless asked)."""
    found = None
    for h in view.me.treasures:
        if h.card.id == treasure:
            if h.used == prefer_used:
                return h
            found = h
    return found


def _bonus_of(view: PlayerView, treasure: str) -> tuple[int, float]:
    """A roll-bonus treasure's amount and the gold its use costs (R9.5: spent ones)."""
    held = _held(view, treasure)
    if held is None or not isinstance(held.card.magic, RollBonus):
        return 0, 0.0
    lost = float(held.card.gold) if held.card.spent else 0.0
    return held.card.magic.amount, lost + 0.5  # a used treasure's magic is gone


# ---- presets -------------------------------------------------------------------------------

BotFactory = Callable[[int], Bot]


def _careful(seed: int) -> Bot:
    """Takes an exit at 6 gold; tries A/C obstacles only at 75 % odds or better."""
    return HeuristicBot(gold_target=6, risk=0.25, explore=0.3, seed=seed, name="careful")


def _greedy(seed: int) -> Bot:
    """Wants 15 gold before it leaves; middling risk; explores a lot."""
    return HeuristicBot(gold_target=15, risk=0.5, explore=0.8, seed=seed, name="greedy")


def _reckless(seed: int) -> Bot:
    """Leaves at once through any exit; tries almost any obstacle."""
    return HeuristicBot(gold_target=0, risk=0.9, explore=1.0, seed=seed, name="reckless")


def _random(seed: int) -> Bot:
    """Uniform over the legal actions."""
    return RandomBot(seed)


#: Preset name -> factory ``factory(seed) -> bot``. The UI and the CLI offer these names.
BOTS: dict[str, BotFactory] = {
    "random": _random,
    "careful": _careful,
    "greedy": _greedy,
    "reckless": _reckless,
}


#: Bots that live in their own module (slower; loaded on first use): name -> module. Each
#: module has a factory of that name. Not in ``BOTS``: the page offers the quick presets.
SEARCH_BOTS: dict[str, str] = {
    "sprinter": "verlies.sim.ismcts",
    "ismcts": "verlies.sim.ismcts",
    "strong": "verlies.sim.search",
}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A fresh bot of the preset ``name`` (see ``BOTS``), seeded with ``seed``."""
    if name in SEARCH_BOTS:
        import importlib

        factory: BotFactory = getattr(importlib.import_module(SEARCH_BOTS[name]), name)
        return factory(seed)
    try:
        factory = BOTS[name]
    except KeyError:
        known = ", ".join([*BOTS, *SEARCH_BOTS])
        raise ValueError(f"unknown bot {name!r} (known: {known})") from None
    return factory(seed)

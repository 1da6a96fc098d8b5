"""Information-set MCTS ("ismcts") and the race policy it plays out with ("sprinter").

With two players the game is a race (R1.3: the first one out wins) and the only way out is
to draw the exit (R1.1, R1.2: a drawn exit is entered at once). The exit is equally likely
to be any card of the dungeon pile (R2.3), so every draw has the same chance of ending the
race, whoever makes it: a seat wins about its share of the draws (docs/ai.md). Two levers
are left to a player: draw on more of its own turns, and leave the other figure fewer.

:class:`Sprinter` is the careful bot turned towards that: it draws whenever it can (never a
detour for gold: with two players gold decides nothing), walks to where it can draw soonest,
lays a card where it can draw again next turn and, where it can, closes the other figure's
last open passage (R3.2: a passage facing a card is no open passage); it declines a class
A or C obstacle when it can draw from where it stands anyway (a failed try costs a turn,
R5.1, R5.3, R8.2, declining costs nothing), heals at once (R9.5) and keeps its magic
treasures rather than gold (R9.4). From three players on gold decides among the escaped
(R1.5) and it plays as ``greedy``.

:class:`ISMCTSBot` is single-observer information-set Monte-Carlo tree search. Each
iteration deals what the seat cannot see anew (``Game.determinise``), descends a tree of
the seat's own decisions (UCB over the actions legal in that world, the rest of the world
played by its opponent model, ``careful``, and chance sampled), adds one node and plays on
with the rollout policies for a few rounds. With two players the rollouts never draw the
exit: each dungeon draw adds its exact chance of being the exit (exits / cards left) to the
drawer's account instead, and the iteration's value is the seat's chance to have drawn the
exit first less the other's, plus the remaining chance times a leaf estimate (who can draw
next, R3.2, R8.2). That is the expected return of the sampled play, without the noise of
where the exit lies (almost all of a two-player rollout's win or loss). From three players
on it plays as ``strong`` (measured better there); with ``tree_from_three`` its tree
searches there too, the rollouts playing on as ``strong``'s do and the leaf scored by its
estimate (escapes, draws, gold).

Both are deterministic for their seed (``reseed`` restarts them) unless a ``time_budget``
stops the search early. Strength: docs/ai.md.

>>> from verlies.game import Game
>>> g = Game.new(players=2, seed=1)
>>> bot = ISMCTSBot(seed=1, iterations=8)
>>> bot(g.view(0)) in g.legal_actions()
True
"""

from __future__ import annotations

import heapq
import math
import random
import time
from typing import TYPE_CHECKING, Any

from verlies.actions import (
    Action,
    Attempt,
    Card,
    Decline,
    Draw,
    LoseGold,
    LoseTreasure,
    Place,
    ShuffleBack,
    UseHeal,
    Walk,
)
from verlies.board import Tile, any_open_passage, neighbours, open_sides
from verlies.cards.model import ObstacleClass, RollBonus
from verlies.dice import pass_probability
from verlies.game import Game
from verlies.sim.bots import make_bot
from verlies.sim.search import SearchBot, estimate_value, game_behind
from verlies.views import ObstacleDecision

if TYPE_CHECKING:
    from collections.abc import Mapping

    from verlies.board import Pos
    from verlies.cards.model import Character, DungeonCard
    from verlies.views import PlayerView

__all__ = ["ISMCTSBot", "Sprinter", "ismcts", "lost_turns", "sprinter"]

_FAR = 9.0  # lost turns: no card to draw from is reachable
# A turn's worth of each open passage of a card (up to three): a card with more is harder
# to block and keeps a draw for the turn after (a tie-breaker among equal placements).
_SPARE = 0.05


def _open(board: Mapping[Pos, Tile], pos: Pos) -> int:
    """R3.2: how many passages of the card at ``pos`` face an empty cell."""
    return len(open_sides(board, pos))


def _entry_cost(tile: Tile, character: Character) -> float:
    """Expected turns lost entering ``tile`` on a walk (R4.2, R4.4: every entry is tested):
    class B holds the figure back until it passes, A and C injure (R8.2: one turn)."""
    obstacle = tile.card.obstacle
    if obstacle is None or tile.opened:
        return 0.0
    p = float(pass_probability(character.value(obstacle.attr), obstacle.n))
    if obstacle.cls is ObstacleClass.B:
        return _FAR if p == 0 else (1 - p) / p
    return 1 - p


def lost_turns(board: Mapping[Pos, Tile], pos: Pos, character: Character) -> float:
    """About how many turns a figure on ``pos`` spends before it can draw again (R3.2):
    0 on a card with an open passage, else the walk (R3.5: two cards a turn, at least one
    turn) to the nearest such card, with the obstacles' expected cost on the way."""
    if _open(board, pos):
        return 0.0
    dist = {pos: 0.0}
    heap = [(0.0, pos)]
    while heap:
        d, p = heapq.heappop(heap)
        if d > dist.get(p, _FAR):
            continue
        if p != pos and _open(board, p):
            return max(1.0, d)
        for q in neighbours(board, p):  # R3.5, N, E, S, W
            nd = d + 0.5 + _entry_cost(board[q], character)
            if nd < dist.get(q, _FAR):
                dist[q] = nd
                heapq.heappush(heap, (nd, q))
    return _FAR


class Sprinter:
    """The race policy (module docstring): careful, turned towards drawing as often as
    possible and leaving the other figure fewer draws. From three players: ``greedy``."""

    name = "sprinter"

    def __init__(self, seed: int = 0) -> None:
        self._careful = make_bot("careful", seed)
        self._greedy = make_bot("greedy", seed)

    def reseed(self, seed: int) -> None:
        self._careful.reseed(seed)  # type: ignore[attr-defined]
        self._greedy.reseed(seed)  # type: ignore[attr-defined]

    def __call__(self, view: PlayerView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            only: Action = legal[0]
            return only
        game = game_behind(view)
        if game.players != 2:
            return self._greedy(view)
        first = type(legal[0])
        if first is Draw:
            return legal[0]  # type: ignore[no-any-return]
        if first is Walk:
            return self._walk(game, view.seat, list(legal))
        if any(type(a) is UseHeal for a in legal):
            return next(a for a in legal if type(a) is UseHeal)
        if first is Place or any(type(a) is ShuffleBack for a in legal):
            return self._place(game, view.seat, list(legal))
        kind = game.pending_context().kind
        if kind == "obstacle":
            return self._obstacle(game, view, list(legal))
        if kind == "lose":
            return self._lose(view, list(legal))
        return self._careful(view)

    # R3.5: walk to where the figure can draw soonest.
    def _walk(self, game: Game, seat: int, walks: list[Any]) -> Action:
        board = game.board
        character = game.figures[seat].character
        best, best_cost = walks[0], _FAR * 10
        for w in walks:
            if type(w) is not Walk:
                continue
            cost = 0.0
            for q in w.path:
                cost += _entry_cost(board[q], character)
            end = w.path[-1]
            cost += lost_turns(board, end, character) - _SPARE * min(3, _open(board, end))
            if cost < best_cost - 1e-9:
                best, best_cost = w, cost
        return best  # type: ignore[no-any-return]

    # R3.2, R1.4: where to lay the drawn card.
    def _place(self, game: Game, seat: int, legal: list[Any]) -> Action:
        places = [a for a in legal if type(a) is Place]
        card = game.drawn
        if card is None or any(type(a) is ShuffleBack for a in legal):
            return places[0]  # an exit: with two players the first one out wins (R1.3)
        board = game.board
        me = game.figures[seat]
        other = game.figures[1 - seat]
        best, best_score = places[0], -1e9
        for a in places:
            score = place_score(board, card, a, me.pos, me.character, other)
            if score > best_score + 1e-9:
                best, best_score = a, score
        return best

    # R4.3, R5: try or decline.
    def _obstacle(self, game: Game, view: PlayerView, legal: list[Any]) -> Action:
        pending = game.pending_context()
        if type(pending) is not ObstacleDecision:
            return self._careful(view)
        obstacle = pending.obstacle
        target = pending.pos
        board = game.board
        me = game.figures[view.seat]
        stay = lost_turns(board, me.pos, me.character)
        enter = lost_turns(board, target, me.character)
        best: Action = next(a for a in legal if type(a) is Decline)
        best_cost = stay
        for a in legal:
            if type(a) is not Attempt:
                continue
            bonus = _bonus(view, a.treasure) if a.treasure else 0
            p = float(pass_probability(pending.value, obstacle.n, bonus))
            fail = stay if obstacle.cls is ObstacleClass.B else 1.0 + enter
            cost = p * enter + (1 - p) * fail + (0.02 if a.treasure else 0.0)
            if cost < best_cost - 1e-9:
                best, best_cost = a, cost
        return best

    # R9.4: gold decides nothing in a race; magic treasures may win a turn later.
    def _lose(self, view: PlayerView, legal: list[Any]) -> Action:
        for a in legal:
            if type(a) is LoseGold:
                return a
        plain = [
            a
            for a in legal
            if type(a) is LoseTreasure
            and not any(
                h.card.id == a.treasure and h.card.magic and not h.used for h in view.me.treasures
            )
        ]
        return (plain or legal)[0]


def _bonus(view: PlayerView, treasure: str) -> int:
    for h in view.me.treasures:
        if h.card.id == treasure and not h.used and isinstance(h.card.magic, RollBonus):
            return h.card.magic.amount
    return 0


def place_score(
    board: Mapping[Pos, Tile],
    card: DungeonCard,
    a: Place,
    here: Pos,
    character: Character,
    other: Any,
) -> float:
    """How good laying ``card`` as ``a`` is for a race, in turns: the other figure's turns
    lost before it can draw again less the mover's (R3.2), the mover's counted after it
    enters the new card (R3.3) or, past an obstacle it may fail or decline (R4.3, R5),
    stays; a little for more open passages on the new card (harder to block)."""
    after = dict(board)
    after[(a.x, a.y)] = Tile(card, a.x, a.y, a.mask, 0)
    if not any_open_passage(after):
        return -100.0  # R1.6: nobody could draw again, the race ends without a winner
    pos = (a.x, a.y)
    enter = lost_turns(after, pos, character)
    obstacle = card.obstacle
    if obstacle is not None:
        stay = lost_turns(after, here, character)
        p = float(pass_probability(character.value(obstacle.attr), obstacle.n))
        fail = stay if obstacle.cls is ObstacleClass.B else 1.0 + enter
        mine = min(stay, p * enter + (1 - p) * fail)
    else:
        mine = enter
    score = -mine + _SPARE * min(3, _open(after, pos))
    if not other.escaped:
        theirs_before = lost_turns(board, other.pos, other.character)
        theirs_after = lost_turns(after, other.pos, other.character)
        score += theirs_after - theirs_before
        score += _SPARE * (_open(board, other.pos) - _open(after, other.pos))
    return score


# ---- information-set MCTS ------------------------------------------------------------------


class _Node:
    __slots__ = ("avail", "children", "squares", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.avail = 0

    def mean_se(self) -> tuple[float, float]:
        n = self.visits
        if n < 2:
            return (self.total / n if n else 0.0), 1.0
        mean = self.total / n
        var = max(0.0, self.squares / n - mean * mean) * n / (n - 1)
        return mean, math.sqrt(var / n)


class _Race:
    """The two-player account of one iteration: each dungeon draw's exact chance of being
    the exit (R2.3: exits / cards left) credited to the drawer, the exit itself never
    drawn. ``value`` is the seat's share of it less the other's; ``alive`` what is left."""

    __slots__ = ("alive", "seat", "value")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.value = 0.0
        self.alive = 1.0

    def draw(self, game: Game, rng: random.Random) -> bool:
        """Resolve a dungeon draw; False when only exits are left (the race is settled)."""
        state = game.state
        pile = state.dungeon
        exit_ids = state.exit_ids()
        exits = sum(pile.counts.get(c, 0) for c in exit_ids)
        drawer = state.seat
        sign = 1.0 if drawer == self.seat else -1.0
        total = pile.total
        if total == 0 or exits == 0:
            game.roll(rng)
            return True
        h = exits / total
        self.value += sign * self.alive * h
        self.alive *= 1 - h
        rest = total - exits
        if rest <= 0:
            self.alive = 0.0
            return False
        i = rng.randrange(rest)
        for cid, n in pile.counts.items():
            if cid in exit_ids or n <= 0:
                continue
            if i < n:
                game.apply(Card(cid))
                return True
            i -= n
        raise AssertionError("dungeon pile out of step")  # pragma: no cover

    def leaf(self, game: Game) -> float:
        """The rest of the race: the next draw's chance times the difference in turns the
        two figures lose before they can draw (R3.2, R8.2)."""
        pile = game.state.dungeon
        exits = sum(pile.counts.get(c, 0) for c in game.state.exit_ids())
        if pile.total == 0 or exits == 0 or game.is_over:
            return 0.0
        h = exits / pile.total
        lost = []
        for f in game.figures:
            lost.append(f.injured + lost_turns(game.board, f.pos, f.character))
        me = lost[self.seat]
        other = lost[1 - self.seat]
        return max(-1.0, min(1.0, h * (other - me)))


class ISMCTSBot:
    """Single-observer information-set MCTS over the seat's own decisions (module
    docstring). ``iterations`` per decision (``time_budget`` seconds may stop it
    earlier), ``rollout_rounds`` rounds of play after the tree, UCB constant
    ``exploration``. With two players a turn on which the figure can draw is a draw
    without search (every draw is a chance at the exit; walking instead gives one up).

    From three players on it plays as ``strong`` (:class:`~verlies.sim.search.SearchBot`,
    ``iterations // 8`` worlds), the bot measured best there: its own tree with
    ``strong``'s estimate at the leaves lost tempo (23 / 100 wins against careful bots,
    0.66 draws per turn, where careful's seat won 26.7 % of 300 and ``greedy``'s 32.3 %;
    docs/ai.md). ``tree_from_three=True`` searches with the tree there too."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 64,
        rollout_rounds: int = 2,
        exploration: float = 0.1,
        opponents: str = "careful",
        time_budget: float | None = None,
        confidence: float = 2.0,
        tree_from_three: bool = False,
    ) -> None:
        if iterations < 1 or rollout_rounds < 0:
            raise ValueError("iterations >= 1 and rollout_rounds >= 0")
        self.iterations = iterations
        self.rollout_rounds = rollout_rounds
        self.exploration = exploration
        self.opponents = opponents
        self.time_budget = time_budget
        self.confidence = confidence
        self._policy = Sprinter(0)
        self._opponent_bots = [make_bot(opponents, i) for i in range(4)]
        self.tree_from_three = tree_from_three
        self._crowd = SearchBot(
            seed, simulations=max(1, iterations // 8), opponents=opponents, time_budget=time_budget
        )
        self.reseed(seed)
        #: The last decision's root actions: (action, visits, mean value).
        self.last: list[tuple[Action, int, float]] = []
        self.iterations_done = 0
        self._draws: list[int] = []  # dungeon draws per seat in the running rollout

    def reseed(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self._crowd.reseed(seed)

    def __repr__(self) -> str:
        return (
            f"ISMCTSBot(iterations={self.iterations}, rollout_rounds={self.rollout_rounds}, "
            f"exploration={self.exploration}, opponents={self.opponents!r})"
        )

    def __call__(self, view: PlayerView) -> Action:
        legal = list(view.legal_actions())
        if len(legal) == 1:
            self.last = [(legal[0], 0, 0.0)]
            return legal[0]  # type: ignore[no-any-return]
        game = game_behind(view)
        if game.players > 2 and not self.tree_from_three:
            crowd: Action = self._crowd(view)
            self.last = [(a, 0, v) for a, v in self._crowd.last]
            return crowd
        seat = view.seat
        if game.players == 2 and self._forced(game, legal):
            chosen: Action = self._policy_choice(game, seat)
            self.last = [(chosen, 0, 0.0)]
            return chosen
        root = _Node()
        prior = self._policy_choice(game, seat)
        start = time.perf_counter()
        for _ in range(self.iterations):
            self._iterate(game, seat, root, prior)
            self.iterations_done += 1
            if self.time_budget is not None and time.perf_counter() - start > self.time_budget:
                break
        stats = [(a, n.visits, n.mean_se()[0]) for a, n in root.children.items()]
        self.last = stats
        picked: Action = self._pick(root, prior)
        return picked

    def _pick(self, root: _Node, prior: Any) -> Any:
        """The policy's choice unless the best other root action (by mean, among the well
        visited) beats it by ``confidence`` standard errors: the values of two actions
        differ by a few hundredths (a turn is one draw's chance at the exit), far less
        than one iteration's noise, and noise alone must not move the bot off its policy."""
        base = root.children.get(prior)
        if base is None or base.visits < 2:
            return max(root.children.items(), key=lambda kv: kv[1].visits)[0]
        m0, s0 = base.mean_se()
        enough = max(2, self.iterations // (4 * max(1, len(root.children))))
        best, best_gain = prior, 0.0
        for a, node in root.children.items():
            if a == prior or node.visits < enough:
                continue
            m, s = node.mean_se()
            gain = m - m0
            if gain > best_gain and gain > self.confidence * math.sqrt(s * s + s0 * s0):
                best, best_gain = a, gain
        return best

    @staticmethod
    def _forced(game: Game, legal: list[Any]) -> bool:
        """Two players: a possible draw is taken, a drawn exit laid (R1.3: it wins)."""
        first = type(legal[0])
        return first is Draw or any(type(a) is ShuffleBack for a in legal)

    def _policy_choice(self, game: Game, seat: int) -> Any:
        self._policy.reseed(0)
        return self._policy(game.view(seat))

    def _iterate(self, game: Game, seat: int, root: _Node, prior: Any) -> None:
        seed = self._rng.getrandbits(64)
        rng = random.Random(seed)
        world = game.determinise(seat, rng)
        for i, bot in enumerate(self._opponent_bots[: world.players]):
            bot.reseed(seed + i)  # type: ignore[attr-defined]
        self._policy.reseed(seed)
        race = _Race(seat) if world.players == 2 else None
        self._draws = [0] * world.players
        node = root
        path = [root]
        first = True
        while True:
            legal = list(world.legal_actions())
            children = node.children
            for a in legal:
                child = children.get(a)
                if child is not None:
                    child.avail += 1
            untried = [a for a in legal if a not in children]
            if untried:
                wanted = prior if first else self._policy(world.view(seat))
                action = wanted if wanted in untried else untried[rng.randrange(len(untried))]
                child = children[action] = _Node()
                child.avail = 1
                path.append(child)
                world.apply(action)
                alive = self._advance(world, seat, race, rng, stop_at_decision=False)
                break
            log_n = math.log(max(1, sum(children[a].avail for a in legal)))
            best_a, best_u = legal[0], -1e9
            for a in legal:
                c = children[a]
                u = c.total / c.visits + self.exploration * math.sqrt(log_n / c.visits)
                if u > best_u:
                    best_a, best_u = a, u
            node = children[best_a]
            path.append(node)
            world.apply(best_a)
            first = False
            alive = self._advance(world, seat, race, rng, stop_at_decision=True)
            if not alive or world.is_over:
                break
        if alive and not world.is_over:
            self._rollout(world, seat, race, rng)
        value = self._value(world, seat, race)
        for n in path[1:]:
            n.visits += 1
            n.total += value
            n.squares += value * value

    def _advance(
        self, world: Game, seat: int, race: _Race | None, rng: random.Random, stop_at_decision: bool
    ) -> bool:
        """Play chance and the other seats until the seat has a real decision (or the end);
        False when the race is settled. Without ``stop_at_decision`` returns at once."""
        if not stop_at_decision:
            return True
        while not world.is_over:
            if world.is_chance:
                if race is not None and world.chance_kind == "dungeon":
                    if not race.draw(world, rng):
                        return False
                else:
                    world.roll(rng)
                continue
            p = world.current_player
            if p == seat:
                legal = list(world.legal_actions())
                if len(legal) > 1 and not (world.players == 2 and self._forced(world, legal)):
                    return True
                world.apply(legal[0] if len(legal) == 1 else self._policy(world.view(seat)))
                continue
            world.apply(self._opponent_bots[p](world.view(p)))
        return True

    def _rollout(self, world: Game, seat: int, race: _Race | None, rng: random.Random) -> None:
        limit = world.round + self.rollout_rounds
        while not world.is_over and world.round < limit:
            if world.is_chance:
                if race is not None and world.chance_kind == "dungeon":
                    if not race.draw(world, rng):
                        return
                else:
                    world.roll(rng)
                continue
            p = world.current_player
            bot = self._policy if p == seat else self._opponent_bots[p]
            action = bot(world.view(p))
            if type(action) is Draw:
                self._draws[p] += 1
            world.apply(action)

    def _value(self, world: Game, seat: int, race: _Race | None) -> float:
        if race is not None:
            if world.is_over:
                return race.value + race.alive * world.returns()[seat]
            return race.value + race.alive * race.leaf(world)
        if world.is_over:
            return world.returns()[seat]
        return estimate_value(world, seat, self._draws)


def sprinter(seed: int = 0) -> Sprinter:
    """The preset "sprinter" (``make_bot("sprinter")``)."""
    return Sprinter(seed)


def ismcts(seed: int = 0) -> ISMCTSBot:
    """The preset "ismcts" (``make_bot("ismcts")``)."""
    return ISMCTSBot(seed=seed)

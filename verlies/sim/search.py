"""The search bot ("strong"): determinised Monte-Carlo rollouts that respect hidden information.

At a decision with more than one legal action it

1. samples ``simulations`` *worlds*: the position as the seat sees it, with everything it
   cannot see drawn at random (:func:`determinise`: the other seats' unused treasures and
   the treasure pile are dealt anew from the cards the seat has not seen; the dungeon, room
   and monster piles are public multisets, R2.3, whose order the engine never fixes);
2. plays every candidate action in every world and lets the heuristic bots (the rollout
   policy) play on for ``rollout_rounds`` rounds, every chance point rolled by the bot's
   own random sources (``Game.roll(rng)``: the game's seed, which fixes the real future,
   is never consulted); a game that ends gives its return, one that goes on a score
   (escapes and gold, R1.5, and the dungeon cards drawn, R1.1: drawing is how a race is
   won);
3. takes the candidate with the best mean return (``Game.returns``: win +1, loss -1).

Every candidate meets the same worlds and the same dice (common random numbers), so the
comparison between actions is far less noisy than the returns themselves. The candidates
are all legal actions, or when there are more than ``candidates``, what each heuristic
preset would do plus a seeded sample of the rest. A bot is deterministic for its seed
(``reseed`` restarts it; simulations call it before every game), unless a
``time_budget`` stops the sampling early.

>>> from verlies.game import Game
>>> g = Game.new(players=2, seed=1)
>>> bot = SearchBot(seed=1, simulations=2)
>>> bot(g.view(0)) in g.legal_actions()
True
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import TYPE_CHECKING, Any

from verlies.actions import Action, Draw
from verlies.rules import Held
from verlies.sim.bots import HeuristicBot, make_bot

if TYPE_CHECKING:
    from verlies.game import Game, PlayerView

__all__ = ["SearchBot", "determinise", "strong"]

_PRESETS = ("careful", "greedy", "reckless")
_STREAMS = ("dungeon", "die", "gold", "room", "monster", "treasure")
_DRAW_WEIGHT = 3.0  # a drawn dungeon card, in gold: the rough price of a turn


def _game_behind(view: PlayerView) -> Game:
    """The game a view shows. Read only here, and only to sample worlds from it: nothing
    the seat cannot see survives :func:`determinise` (tests compare decisions on games
    that differ only in hidden cards)."""
    game: Game = view._game
    return game


def determinise(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` in which all that ``seat`` cannot see is drawn at random.

    R9.3: the other seats' treasures are face down; a used one-shot treasure was shown
    when used, so only the unused ones are hidden. Together with the treasure pile they
    are the cards ``seat`` has not seen: they are shuffled and dealt again, each seat
    keeping its number of treasures. The copy keeps no event log.
    """
    world = game.clone(log=False)
    state = world.state
    slots: list[tuple[list[Held], int]] = []
    unseen: list[str] = []
    cards: dict[str, Any] = dict(state.deck.treasures)
    for f in state.figures:
        if f.seat == seat:
            continue
        for k, h in enumerate(f.treasures):
            if not h.used:
                slots.append((f.treasures, k))
                unseen.append(h.card.id)
                cards.setdefault(h.card.id, h.card)
    if not slots:
        return world  # nothing hidden that matters: the pile is drawn uniformly anyway
    pile = state.treasures
    for cid, n in pile.counts.items():
        unseen.extend([cid] * n)
    unseen.sort()  # the same world for the same rng, whatever order the hands had
    rng.shuffle(unseen)
    for (hand, k), cid in zip(slots, unseen, strict=False):
        hand[k] = Held(cards[cid])
    rest = Counter(unseen[len(slots) :])
    pile.counts = {cid: rest[cid] for cid in sorted(rest)}
    pile.total = sum(rest.values())
    return world


class SearchBot:
    """Determinised rollouts with the heuristic bots; see the module docstring."""

    name = "strong"

    def __init__(
        self,
        seed: int = 0,
        simulations: int = 12,
        candidates: int = 6,
        rollout_rounds: int = 4,
        policy: str = "careful",
        time_budget: float | None = None,
    ) -> None:
        if simulations < 1 or candidates < 2 or rollout_rounds < 1:
            raise ValueError("simulations >= 1, candidates >= 2 and rollout_rounds >= 1")
        self.simulations = simulations
        self.candidates = candidates
        self.rollout_rounds = rollout_rounds
        self.policy = policy
        self.time_budget = time_budget
        self._policy_bots = [make_bot(policy, i) for i in range(4)]
        self._presets = [make_bot(p, 0) for p in _PRESETS]
        self.reseed(seed)
        #: The last decision's candidates with their mean returns (for the notebook).
        self.last: list[tuple[Action, float]] = []

    def reseed(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return (
            f"SearchBot(simulations={self.simulations}, candidates={self.candidates}, "
            f"rollout_rounds={self.rollout_rounds}, policy={self.policy!r})"
        )

    # ---- deciding ------------------------------------------------------------------------

    def __call__(self, view: PlayerView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            self.last = [(legal[0], 0.0)]
            return legal[0]  # type: ignore[no-any-return]
        game = _game_behind(view)
        seat = view.seat
        candidates = self._candidates(view, list(legal))
        totals = [0.0] * len(candidates)
        start = time.perf_counter()
        worlds = 0
        for _ in range(self.simulations):
            world_seed = self._rng.getrandbits(64)
            world = determinise(game, seat, random.Random(world_seed))
            for j, action in enumerate(candidates):
                g = world.clone()
                g.apply(action)
                totals[j] += self._rollout(g, seat, world_seed, type(action) is Draw)
            worlds += 1
            if self.time_budget is not None and (
                time.perf_counter() - start > self.time_budget and worlds >= 2
            ):
                break
        means = [t / worlds for t in totals]
        self.last = list(zip(candidates, means, strict=True))
        best = max(range(len(candidates)), key=lambda j: (means[j], -j))
        chosen: Action = candidates[best]
        return chosen

    def _candidates(self, view: PlayerView, legal: list[Any]) -> list[Any]:
        """All legal actions, or the presets' choices plus a seeded sample of the rest.
        The rollout policy's own choice comes first: it wins ties."""
        if len(legal) <= self.candidates:
            first = self._preset_choice(self._presets[_PRESETS.index(self.policy)], view)
            return [first, *(a for a in legal if a != first)] if first in legal else legal
        out: list[Any] = []
        order = sorted(range(len(_PRESETS)), key=lambda i: _PRESETS[i] != self.policy)
        for i in order:
            a = self._preset_choice(self._presets[i], view)
            if a not in out:
                out.append(a)
        rest = [a for a in legal if a not in out]
        self._rng.shuffle(rest)
        out.extend(rest[: max(0, self.candidates - len(out))])
        return out

    @staticmethod
    def _preset_choice(bot: Any, view: PlayerView) -> Any:
        if isinstance(bot, HeuristicBot):
            bot.reseed(0)
        return bot(view)

    def _rollout(self, game: Game, seat: int, seed: int, drew: bool) -> float:
        """Play on with the policy bots for ``rollout_rounds`` rounds; the seat's return,
        or an estimate if the game goes on (``drew``: the action tried was a draw)."""
        # One random source per kind of chance: the k-th dungeon draw, the k-th die roll...
        # come out the same after every candidate (common random numbers), so the
        # candidates are compared on the same luck, not only on the same world.
        streams = {kind: random.Random(seed + k) for k, kind in enumerate(_STREAMS)}
        other = random.Random(seed - 1)
        bots = self._policy_bots
        for i in range(game.players):
            bots[i].reseed(seed + i)  # type: ignore[attr-defined]
        limit = game.round + self.rollout_rounds
        draws = [0] * game.players
        draws[seat] += drew
        while not game.is_over and game.round < limit:
            if game.is_chance:
                game.roll(streams.get(game.chance_kind, other))
            else:
                p = game.current_player
                action = bots[p](game.view(p))
                if type(action) is Draw:
                    draws[p] += 1
                game.apply(action)
        if game.is_over:
            return game.returns()[seat]
        return _estimate(game, seat, draws)


def _estimate(game: Game, seat: int, draws: list[int]) -> float:
    """A rollout cut off: a zero-sum score in -1..1 from escapes and gold (R1.5) and the
    dungeon cards each seat drew on the way (R1.1: only a drawn exit lets one out, so
    drawing often is how a race is won), less the turns an injury will cost (R8.2)."""
    scores = [
        (12.0 if f.escaped else 0.0) + f.gold + _DRAW_WEIGHT * d - _DRAW_WEIGHT * f.injured
        for f, d in zip(game.figures, draws, strict=True)
    ]
    n = len(scores)
    if n == 1:
        return 1.0 if game.figures[0].escaped else 0.0
    spread = max(scores) - min(scores)
    if spread == 0:
        return 0.0
    mean = sum(scores) / n
    return (scores[seat] - mean) / spread


def strong(seed: int = 0) -> SearchBot:
    """The preset "strong" (``verlies.sim.bots.make_bot("strong")``)."""
    return SearchBot(seed=seed)

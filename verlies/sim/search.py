"""The search bot ("strong"): determinised Monte-Carlo rollouts that respect hidden information.

At a decision with more than one legal action it

1. samples ``simulations`` *worlds*: the position as the seat sees it, with everything it
   cannot see dealt anew (``Game.determinise``: the other seats' unused treasures, the
   lost treasures under the treasure pile and the pile itself; the dungeon, room and
   monster piles are public multisets, R2.3, whose order the engine never fixes);
2. plays every candidate action in every world and lets the bots play on for
   ``rounds_for(players)`` rounds (four in a race, one from three players; its own seat by
   its starting policy, :class:`Racer` with two players and ``greedy`` from three; the
   others by ``careful``), every chance point rolled by the bot's own random sources
   (``Game.roll(rng)``: the game's seed, which fixes the real future, is never
   consulted). A game that ends gives its return (``Game.returns``: win +1, loss -1); one
   that goes on a score: escapes, the dungeon cards drawn and whether the figure can draw
   at once (R1.1: drawing is how a race is won), injuries and, from three players, gold
   (R1.5). With an exit in hand (R1.4) the rollouts play to the end, four times as many;
3. keeps the starting policy's choice unless another candidate beats it by
   ``confidence`` standard errors of the paired differences (one with an exit in hand).

Every candidate meets the same worlds and the same luck (one random stream per kind of
chance: common random numbers), so the comparison between actions is far less noisy
than the returns themselves. The candidates are all legal actions, or when there are more
than ``candidates``, what each heuristic preset would do plus a seeded sample of the rest.
A bot is deterministic for its seed (``reseed`` restarts it; simulations call it before
every game), unless a ``time_budget`` stops the sampling early. Strength and speed:
docs/ai.md.

>>> from verlies.game import Game
>>> g = Game.new(players=2, seed=1)
>>> bot = SearchBot(seed=1, simulations=2)
>>> bot(g.view(0)) in g.legal_actions()
True
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from verlies import views
from verlies.actions import Action, Attempt, Decline, Draw, ShuffleBack
from verlies.board import has_open_passage
from verlies.cards.model import ObstacleClass
from verlies.game import Game
from verlies.i18n.values import attr as attr_words
from verlies.sim.bots import HeuristicBot, make_bot
from verlies.views import FrameKind, ObstacleDecision, Placing

if TYPE_CHECKING:
    from verlies.game import PlayerView

__all__ = ["Decision", "SearchBot", "determinise", "findings", "probe", "situation_of", "strong"]

_PRESETS = ("careful", "greedy", "reckless")
_POLICIES = (*_PRESETS, "racer")
_STREAMS = ("dungeon", "die", "gold", "room", "monster", "treasure")
_RACE_ROUNDS = 4  # rollout rounds with one or two players (rounds_for)
_TO_THE_END = 10_000  # rounds: more than any round limit plays a game out
_DRAW_WEIGHT = 3.0  # a drawn dungeon card, in gold: the rough price of a turn
_ESCAPE = 12.0  # an escape, in gold: the score scale


def game_behind(view: PlayerView) -> Game:
    """The game a view shows. Read only here, and only to sample worlds from it: nothing
    the seat cannot see survives :func:`determinise` (tests compare decisions on games
    that differ only in hidden cards)."""
    game = views.game_behind(view)
    if not isinstance(game, Game):
        raise TypeError("the search bot plays views of a verlies Game")
    return game


def determinise(game: Game, seat: int, rng: random.Random) -> Game:
    """A world for ``seat``: ``game.determinise(seat, rng)`` (the engine deals anew what
    the seat cannot see: the other seats' unused treasures, the lost treasures under the
    treasure pile and the pile itself, R9.3, R9.4). The copy keeps no event log."""
    return game.determinise(seat, rng)


class SearchBot:
    """Determinised rollouts with the heuristic bots; see the module docstring."""

    name = "strong"

    def __init__(
        self,
        seed: int = 0,
        simulations: int = 8,
        candidates: int = 4,
        rollout_rounds: int | None = None,
        policy: str | None = None,
        opponents: str = "careful",
        time_budget: float | None = None,
        confidence: float = 2.0,
    ) -> None:
        if simulations < 1 or candidates < 2 or (rollout_rounds is not None and rollout_rounds < 1):
            raise ValueError("simulations >= 1, candidates >= 2 and rollout_rounds >= 1")
        self.simulations = simulations
        self.candidates = candidates
        self.rollout_rounds = rollout_rounds
        self._policy = policy
        self.opponents = opponents
        self.time_budget = time_budget
        self.confidence = confidence
        self._own_bots = {p: _policy_bot(p) for p in _POLICIES}
        self._opponent_bots = [make_bot(opponents, i) for i in range(4)]
        self._presets = [_policy_bot(p) for p in _POLICIES]
        self.reseed(seed)
        #: The last decision's candidates with their mean returns (for the notebook).
        self.last: list[tuple[Action, float]] = []
        #: Rollouts played so far (benchmarks: rollouts per second).
        self.rollouts = 0

    def policy_for(self, players: int) -> str:
        """The policy the bot starts from: ``policy`` if given, else ``racer`` in a race
        (one or two players, R1.3: :class:`Racer`, careful that does not strand itself)
        and ``greedy`` from three players on, where the richest escaped player wins
        (R1.5): the preset that did best against careful there (docs/ai.md)."""
        if self._policy is not None:
            return self._policy
        return "greedy" if players > 2 else "racer"

    def rounds_for(self, players: int) -> int:
        """How many rounds a rollout plays: ``rollout_rounds`` if given, else 4 in a race
        (one or two players: what counts is drawing on every turn to come, and a walk's
        worth shows only a few turns later; one round preferred walks that drew once and
        then stranded the figure: 64.7 % draws per turn, careful 65.8 %) and 1 from three
        players on."""
        if self.rollout_rounds is not None:
            return self.rollout_rounds
        return 1 if players > 2 else _RACE_ROUNDS

    def reseed(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return (
            f"SearchBot(simulations={self.simulations}, candidates={self.candidates}, "
            f"rollout_rounds={self.rollout_rounds}, policy={self._policy!r}, "
            f"opponents={self.opponents!r})"
        )

    # ---- deciding ------------------------------------------------------------------------

    def __call__(self, view: PlayerView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            self.last = [(legal[0], 0.0)]
            return legal[0]  # type: ignore[no-any-return]
        game = game_behind(view)
        seat = view.seat
        candidates = self._candidates(view, list(legal))
        values: list[list[float]] = [[] for _ in candidates]
        start = time.perf_counter()
        # An exit in hand (R1.4: leave now or shuffle it back) decides the game: those
        # rollouts play to the end, four times as many, and one standard error will do.
        decisive = any(type(a) is ShuffleBack for a in candidates)
        rounds = _TO_THE_END if decisive else self.rounds_for(game.players)
        for _ in range(self.simulations * (4 if decisive else 1)):
            world_seed = self._rng.getrandbits(64)
            world = determinise(game, seat, random.Random(world_seed))
            for j, action in enumerate(candidates):
                g = world.clone()
                g.apply(action)
                values[j].append(self._rollout(g, seat, world_seed, type(action) is Draw, rounds))
                self.rollouts += 1
            if self.time_budget is not None and (
                time.perf_counter() - start > self.time_budget and len(values[0]) >= 2
            ):
                break
        means = [sum(v) / len(v) for v in values]
        self.last = list(zip(candidates, means, strict=True))
        chosen: Action = candidates[self._pick(values, 1.0 if decisive else self.confidence)]
        return chosen

    def _pick(self, values: list[list[float]], confidence: float) -> int:
        """The candidate to play: the policy's own choice (index 0) unless another did
        better by a clear margin, ``confidence`` standard errors of the paired differences
        (each world played with both): noise alone must not move the bot off its policy."""
        best, best_gain = 0, 0.0
        base = values[0]
        n = len(base)
        for j in range(1, len(values)):
            diffs = [a - b for a, b in zip(values[j], base, strict=True)]
            mean = sum(diffs) / n
            if mean <= best_gain:
                continue
            var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
            se = (var / n) ** 0.5
            if mean > confidence * se:
                best, best_gain = j, mean
        return best

    def _candidates(self, view: PlayerView, legal: list[Any]) -> list[Any]:
        """All legal actions, or the presets' choices plus a seeded sample of the rest.
        The rollout policy's own choice comes first: it wins ties."""
        policy = self.policy_for(len(view.players()))
        if len(legal) <= self.candidates:
            first = self._preset_choice(self._presets[_POLICIES.index(policy)], view)
            return [first, *(a for a in legal if a != first)] if first in legal else legal
        out: list[Any] = []
        for name in [policy, *(p for p in _PRESETS if p != policy)]:
            a = self._preset_choice(self._presets[_POLICIES.index(name)], view)
            if a not in out:
                out.append(a)
        rest = [a for a in legal if a not in out]
        self._rng.shuffle(rest)
        out.extend(rest[: max(0, self.candidates - len(out))])
        return out

    @staticmethod
    def _preset_choice(bot: Any, view: PlayerView) -> Any:
        if isinstance(bot, HeuristicBot | Racer):
            bot.reseed(0)
        return bot(view)

    def _rollout(self, game: Game, seat: int, seed: int, drew: bool, rounds: int) -> float:
        """Play on with the policy bots for ``rounds`` rounds; the seat's return, or an
        estimate if the game goes on (``drew``: the action tried was a draw)."""
        # One random source per kind of chance: the k-th dungeon draw, the k-th die roll...
        # come out the same after every candidate (common random numbers), so the
        # candidates are compared on the same luck, not only on the same world.
        streams = {kind: random.Random(seed + k) for k, kind in enumerate(_STREAMS)}
        other = random.Random(seed - 1)
        bots = list(self._opponent_bots[: game.players])
        bots[seat] = self._own_bots[self.policy_for(game.players)]
        for i in range(game.players):
            bots[i].reseed(seed + i)  # type: ignore[attr-defined]
        limit = game.round + rounds
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
        return estimate_value(game, seat, draws)


def estimate_value(game: Game, seat: int, draws: list[int]) -> float:
    """A rollout cut off: the seat's score less the others' mean, in -1..1 (zero-sum).

    The score counts an escape, the dungeon cards drawn on the way and whether the figure
    can draw at once next turn (R1.1: only a drawn exit lets one out, so tempo wins a
    race), less the turns an injury will cost (R8.2); from three players on also the gold
    (R1.5: the richest escaped player wins; with two, the first one out wins whatever)."""
    board = game.board
    can_draw = game.state.dungeon.total > 0  # R3.2: drawing needs cards in the deck
    gold = game.players > 2
    scores = []
    for f, d in zip(game.figures, draws, strict=True):
        ready = not f.escaped and not f.injured and can_draw and has_open_passage(board, f.pos)
        scores.append(
            (_ESCAPE if f.escaped else 0.0)
            + (f.gold if gold else 0.0)
            + _DRAW_WEIGHT * (d + ready - f.injured)
        )
    n = len(scores)
    if n == 1:
        return 1.0 if game.figures[0].escaped else 0.0
    others = (sum(scores) - scores[seat]) / (n - 1)
    return max(-1.0, min(1.0, (scores[seat] - others) / _ESCAPE))


class Racer:
    """The careful bot with one rule for a race (R1.3: with two players the first out
    wins, so what counts is drawing, R3.2, as often as possible): at a class A or C
    obstacle it would decline, it tries after all when its own card has no open passage
    left, since declining would cost the next turn anyway (a walk) while a failed try
    (R5.1, R5.3) still gets it past, onto a card it can draw from after one lost turn.
    Measured: 64.8 % draws per turn against careful's 63.8 % (600 two-player games,
    docs/ai.md)."""

    name = "racer"

    def __init__(self, seed: int = 0) -> None:
        self._careful = make_bot("careful", seed)

    def reseed(self, seed: int) -> None:
        self._careful.reseed(seed)  # type: ignore[attr-defined]

    def __call__(self, view: PlayerView) -> Action:
        action: Action = self._careful(view)
        pending = view.pending
        if type(action) is Decline and type(pending) is ObstacleDecision:
            obstacle = pending.obstacle
            if obstacle.cls is not ObstacleClass.B and Attempt() in view.legal_actions():
                board = game_behind(view).board  # public: the board
                if not has_open_passage(board, view.position):
                    return Attempt()
        return action


def _policy_bot(name: str) -> Any:
    return Racer(0) if name == "racer" else make_bot(name, 0)


def strong(seed: int = 0) -> SearchBot:
    """The preset "strong" (``verlies.sim.bots.make_bot("strong")``)."""
    return SearchBot(seed=seed)


# ---- designer use: where the search bot decides otherwise than the presets ---------------


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the search bot, with what each preset would have done there."""

    situation: str  # e.g. "obstacle class C", "exit drawn", "turn (can draw)"
    choice: str  # the search bot's choice as a category ("try", "shuffle back", ...)
    presets: tuple[tuple[str, str], ...]  # (preset name, its choice category)
    players: int = 0  # the game's player count (0: not recorded)
    #: (preset name, whether it would have taken exactly the same action): a placement's
    #: cell and turn, a walk's path, which treasure; the category above hides those.
    exact: tuple[tuple[str, bool], ...] = ()


def situation_of(game: Game, action: Any) -> tuple[str, str]:
    """The kind of decision (for a designer) and the category of ``action`` in it."""
    pending = game.pending_context()
    kind = pending.kind
    if kind == FrameKind.TURN:
        can_draw = any(type(a) is Draw for a in game.legal_actions())
        where = "turn (can draw)" if can_draw else "turn (cannot draw)"
        return where, action.kind.replace("_", " ")
    if type(pending) is Placing:
        if pending.card.kind.value == "exit":
            return "exit drawn", action.kind.replace("_", " ")
        return "placing a card", "lay" if action.kind == "place" else action.kind
    if type(pending) is ObstacleDecision:
        cls = pending.obstacle.cls.value
        what = "decline" if action.kind == "decline" else "try"
        if action.kind == "attempt" and action.treasure:
            what = "try with a treasure"
        return f"obstacle class {cls}", what
    if kind == FrameKind.FIGHT or kind == FrameKind.TRAP:
        what = "with a treasure" if action.treasure else "no treasure"
        return kind, f"{attr_words(action.attr, 'en')}, {what}"
    if kind == FrameKind.LOSE:
        return "losing gold or a treasure", action.kind.replace("_", " ")
    return kind, action.kind


def probe(
    games: int = 4,
    players: int = 2,
    opponents: str = "careful",
    seed: int = 0,
    bot: SearchBot | None = None,
    presets: tuple[str, ...] = _PRESETS,
    round_limit: int | None = 300,
) -> list[Decision]:
    """Play ``games`` games, the search bot in seat ``game % players`` and ``opponents``
    in the others, and record at each of its decisions (with a real choice) what it chose
    and what each preset would have chosen from the same view."""
    bot = bot or SearchBot(seed=seed)
    refs = {name: make_bot(name, 0) for name in presets}
    out: list[Decision] = []
    for i in range(games):
        game_seed = seed + i
        seat = i % players
        others = [make_bot(opponents, game_seed + s) for s in range(players)]
        for b in others:
            b.reseed(game_seed)  # type: ignore[attr-defined]
        bot.reseed(game_seed)
        game = Game.new(players=players, seed=game_seed, log=False, round_limit=round_limit)
        while not game.is_over:
            if game.is_chance:
                game.roll()
                continue
            p = game.current_player
            view = game.view(p)
            if p != seat:
                game.apply(others[p](view))
                continue
            action = bot(view)
            if len(game.legal_actions()) > 1:
                where, choice = situation_of(game, action)
                theirs = []
                exact = []
                for name, ref in refs.items():
                    ref.reseed(0)  # type: ignore[attr-defined]
                    other = ref(view)
                    theirs.append((name, situation_of(game, other)[1]))
                    exact.append((name, other == action))
                out.append(Decision(where, choice, tuple(theirs), players, tuple(exact)))
            game.apply(action)
    return out


def findings(
    decisions: list[Decision], min_count: int = 2, min_gap: float = 0.2
) -> list[tuple[float, str]]:
    """Where the search bot's choices differ most from each preset's, most first:
    (difference in share, a sentence a designer can read)."""
    by_situation: dict[str, list[Decision]] = {}
    for d in decisions:
        by_situation.setdefault(d.situation, []).append(d)
    rows: list[tuple[float, str]] = []
    for situation, ds in by_situation.items():
        n = len(ds)
        if n < min_count:
            continue
        names = [name for name, _ in ds[0].presets]
        categories = sorted({d.choice for d in ds} | {c for d in ds for _, c in d.presets})
        for name in names:
            # One sentence per situation and preset: the choice whose share differs most.
            gaps = []
            for cat in categories:
                mine = sum(d.choice == cat for d in ds) / n
                theirs = sum(dict(d.presets)[name] == cat for d in ds) / n
                gaps.append((abs(mine - theirs), mine > theirs, cat, mine, theirs))
            gap, _, cat, mine, theirs = max(gaps)
            if gap >= min_gap:
                rows.append(
                    (
                        gap,
                        f"{situation} (n={n}): strong chooses '{cat}' {mine:.0%} of the "
                        f"time, {name} would {theirs:.0%}",
                    )
                )
    rows.sort(key=lambda r: (-r[0], r[1]))
    return rows

"""How strong is the search bot? Head-to-head against the careful bot, with 95 % intervals.

    .venv/bin/python benchmarks/search_strength.py [--players 2 4] [--games 200]
        [--simulations 8] [--iterations 64] [--confidence 2] [--jobs 2]
        [--bots strong ismcts sprinter greedy reckless careful] [--tempo N]

For each player count, ``games`` seeded games: the tested bot in one seat (the seat turns
with the game number, so every seat is played as often), the careful bot in every other
seat. Each of ``--bots`` is tested on the same seeds in the same run; ``careful`` there is
the baseline (the seat's win rate when nothing changes, about 1/players), the other presets
show how far a different rule of thumb gets; ``sprinter`` and ``ismcts`` are the race bots
of verlies.sim.ismcts (``--iterations``, ``--confidence``; ``ismcts-tree`` searches with its
tree from three players too); ``pursuer`` (measurement only) is the sprinter laying its
cards towards the other figure, to close its last open passage later. Printed per bot: wins
(a shared win counts), the win rate with its Wilson 95 % interval, the seat's dungeon cards
drawn per turn (and the other seats'), its share of all the dungeon cards drawn (a
two-player race is won about as often as that share: far less noisy than wins) with its
standard error, and the time per game. ``--tempo N`` first plays N two-player
careful-against-careful games and prints how many dungeon cards the winner and the loser
drew, and their turns without a possible draw (a race's tempo). With ``careful`` among
``--bots``, each other bot's line is followed by its paired difference to careful (the same
seeds and seats: wins and draw share, 95 % intervals).
A measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from verlies.actions import Place
from verlies.board import DELTA, DIRECTIONS, Tile, open_sides
from verlies.game import Game
from verlies.sim.bots import make_bot
from verlies.sim.ismcts import ISMCTSBot, Sprinter, place_score
from verlies.sim.search import Racer, SearchBot

if TYPE_CHECKING:
    from verlies.actions import Action
    from verlies.board import Pos
    from verlies.game import PlayerView

SEED0 = 20_000
# One game: (did the tested seat win, seconds, how it ended, the seat's turns, the dungeon
# cards it drew on them, the dungeon cards every seat drew, the other seats' turns and the
# dungeon cards they drew on them).
Outcome = tuple[bool, float, str, int, int, int, int, int]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (good at small n and near 0 or 1)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


_KINDS = ("dungeon", "die", "gold", "room", "monster", "treasure")


class Luck:
    """The chance of one game as a physical table has it: one random stream per kind of
    chance, so the k-th dungeon draw, the k-th die roll... are fixed from the start (a
    shuffled pile's order, the dice to come), whatever the players do in between."""

    def __init__(self, seed: int) -> None:
        self.streams = {k: random.Random(seed * 10 + i) for i, k in enumerate(_KINDS)}

    def roll(self, game: Game) -> None:
        game.roll(self.streams[game.chance_kind])

    def copy(self, blind: tuple[str, ...] = (), seed: int = 0) -> Luck:
        """The same future; the kinds in ``blind`` replaced by a stream from ``seed``."""
        out = Luck.__new__(Luck)
        out.streams = {}
        for i, (k, r) in enumerate(self.streams.items()):
            out.streams[k] = random.Random(seed * 10 + i) if k in blind else random.Random()
            if k not in blind:
                out.streams[k].setstate(r.getstate())
        return out


class Clairvoyant:
    """For measurement only, never a seat: a bot that sees the future (``Luck``).

    At each decision it plays every legal action on a clone of the real game and lets
    careful bots (seeded as the real ones) play to the end with a copy of the game's
    ``Luck``: it knows the order of the piles and the dice to come and, near enough, what
    the careful opponents will do. It takes the action whose future wins (the careful
    choice when none wins). ``blind`` kinds of chance it does not see: those are sampled
    ``samples`` times (``--simulations``), and it leaves careful's choice only for one
    better by two standard errors of the paired differences (``("dungeon",)``: it knows
    every die roll, room, monster and treasure, but not where the exit lies). What it wins
    against careful bounds what an honest bot improving on careful one decision at a time
    could win.
    """

    def __init__(
        self, seed: int, luck: Luck, blind: tuple[str, ...] = (), samples: int = 16
    ) -> None:
        self._own = make_bot("careful", seed)
        self._seed = seed
        self._luck = luck
        self._blind = blind
        self._samples = samples if blind else 1
        self._calls = 0

    def reseed(self, seed: int) -> None:
        self._seed = seed
        self._own.reseed(seed)  # type: ignore[attr-defined]

    def __call__(self, view: PlayerView) -> Action:
        first: Action = self._own(view)
        legal = view.legal_actions()
        if len(legal) == 1:
            return first
        game: Game = view._game  # the real game: that is the cheat
        seat = view.seat
        self._calls += 1
        candidates = [first, *(a for a in legal if a != first)]
        values: list[list[float]] = []
        for action in candidates:
            row = []
            for k in range(self._samples):
                luck = self._luck.copy(self._blind, seed=self._seed * 1000 + self._calls * 10 + k)
                g = game.clone(log=False)
                g.apply(action)
                bots = [make_bot("careful", self._seed + s) for s in range(g.players)]
                for b in bots:
                    b.reseed(self._seed)  # type: ignore[attr-defined]
                while not g.is_over:
                    if g.is_chance:
                        luck.roll(g)
                    else:
                        p = g.current_player
                        g.apply(bots[p](g.view(p)))
                row.append(g.returns()[seat])
            values.append(row)
            if not self._blind and row[0] >= 1.0:
                return action  # the future is known: this one wins
        if not self._blind:
            return first  # nothing wins: careful's choice
        # Sampled: careful's choice unless another is better by two standard errors of
        # the paired differences (the same sampled futures for every candidate); picking
        # the best noisy mean instead loses to careful (the winner's curse).
        best, gain = 0, 0.0
        n = self._samples
        for j in range(1, len(values)):
            diffs = [a - b for a, b in zip(values[j], values[0], strict=True)]
            mean = sum(diffs) / n
            se = (sum((d - mean) ** 2 for d in diffs) / max(1, n - 1) / n) ** 0.5
            if mean > gain and mean > 2.0 * se:
                best, gain = j, mean
        return candidates[best]


def _open_cells(board: dict[Pos, Tile], pos: Pos) -> list[Pos]:
    """R3.2: the empty cells the open passages of the card at ``pos`` face."""
    x, y = pos
    return [(x + DELTA[d][0], y + DELTA[d][1]) for d in open_sides(board, pos)]


class Pursuer(Sprinter):
    """For measurement only, never a seat: the sprinter laying its cards towards the other
    figure, to be in place to close its last open passage (R3.2) on a later turn. To the
    sprinter's score of a placement it adds ``near`` for each cell next to one of the
    other figure's open cells that the new card's open passages face (where the other
    figure's next card may need it), and takes off ``far`` per cell of distance between
    the new card and the other figure. Closing a passage costs the mover nothing when it
    draws anyway, so this tests whether following the other figure takes draws from it.
    """

    name = "pursuer"

    def __init__(self, seed: int = 0, near: float = 1.0, far: float = 0.03) -> None:
        super().__init__(seed)
        self.near = near
        self.far = far

    def _place(self, game: Game, seat: int, legal: list[Any]) -> Action:
        card = game.drawn
        other = game.figures[1 - seat]
        if card is None or other.escaped or any(a.kind == "shuffle_back" for a in legal):
            return super()._place(game, seat, legal)
        board = game.board
        me = game.figures[seat]
        best: Action = legal[0]
        best_score = -1e9
        for a in legal:
            if type(a) is not Place:
                continue
            score = place_score(board, card, a, me.pos, me.character, other)
            after = dict(board)
            pos = (a.x, a.y)
            after[pos] = Tile(card, a.x, a.y, a.mask, 0)
            mine = set(_open_cells(after, pos))
            theirs = _open_cells(after, other.pos)
            for f in theirs:
                nearby = [(f[0] + DELTA[d][0], f[1] + DELTA[d][1]) for d in DIRECTIONS]
                hits = sum(1 for c in nearby if c in mine)
                score += self.near * (hits + 0.5 * (f in mine)) / len(theirs)
            score -= self.far * (abs(a.x - other.pos[0]) + abs(a.y - other.pos[1]))
            if score > best_score + 1e-9:
                best, best_score = a, score
        return best


def play(
    args: tuple[int, int, int, str, bool, int, float],
) -> Outcome:
    """One game, as an ``Outcome``."""
    players, index, simulations, name, fixed, iterations, confidence = args
    seed = SEED0 + index
    seat = index % players
    luck = Luck(seed) if fixed else None
    bots: list[Any] = [make_bot("careful", seed + s) for s in range(players)]
    if name == "strong":
        bots[seat] = SearchBot(seed=seed, simulations=simulations)
    elif name == "racer":
        bots[seat] = Racer(seed)
    elif name == "sprinter":
        bots[seat] = Sprinter(seed)
    elif name == "pursuer":
        bots[seat] = Pursuer(seed)
    elif name in ("ismcts", "ismcts-tree"):
        bots[seat] = ISMCTSBot(
            seed=seed,
            iterations=iterations,
            confidence=confidence,
            tree_from_three=name == "ismcts-tree",
        )
    elif name.startswith("clairvoyant"):
        if luck is None:
            raise SystemExit("the clairvoyant bots need --fixed-order")
        blind = ("dungeon",) if name == "clairvoyant-dice" else ()
        bots[seat] = Clairvoyant(seed, luck, blind, samples=simulations)
    else:
        bots[seat] = make_bot(name, seed)
    for bot in bots:
        bot.reseed(seed)  # type: ignore[attr-defined]
    game = Game.new(players=players, seed=seed, log=False)
    start = time.perf_counter()
    turns = draws = all_draws = other_turns = other_draws = 0
    while not game.is_over:
        if game.is_chance:
            if luck is None:
                game.roll()
            else:
                luck.roll(game)
        else:
            p = game.current_player
            action = bots[p](game.view(p))
            if p == seat and game.pending == "turn":
                turns += 1
                draws += action.kind == "draw"
            elif game.pending == "turn":
                other_turns += 1
                other_draws += action.kind == "draw"
            all_draws += action.kind == "draw"
            game.apply(action)
    result = game.result
    assert result is not None
    return (
        seat in result.winners,
        time.perf_counter() - start,
        result.reason,
        turns,
        draws,
        all_draws,
        other_turns,
        other_draws,
    )


def tempo(games: int) -> None:
    """Two careful bots: per game, the dungeon cards the winner and the loser drew, and
    their turns on a card without an open passage (no draw possible, R3.2)."""
    drew = {"winner": 0, "loser": 0}
    stuck = {"winner": 0, "loser": 0}
    counted = 0
    for index in range(games):
        seed = SEED0 + index
        bots = [make_bot("careful", seed + s) for s in range(2)]
        for bot in bots:
            bot.reseed(seed)  # type: ignore[attr-defined]
        game = Game.new(players=2, seed=seed, log=False)
        draws, blocked = [0, 0], [0, 0]
        while not game.is_over:
            if game.is_chance:
                game.roll()
                continue
            p = game.current_player
            legal = game.legal_actions()
            if game.pending == "turn" and not any(a.kind == "draw" for a in legal):
                blocked[p] += 1
            action = bots[p](game.view(p))
            draws[p] += action.kind == "draw"
            game.apply(action)
        result = game.result
        if result is None or len(result.winners) != 1:
            continue
        w = result.winners[0]
        counted += 1
        for who, seat in (("winner", w), ("loser", 1 - w)):
            drew[who] += draws[seat]
            stuck[who] += blocked[seat]
    print(f"2 careful bots, {counted} games with one winner, per game:")
    for who in ("winner", "loser"):
        print(
            f"  {who}: {drew[who] / counted:5.2f} dungeon cards drawn, "
            f"{stuck[who] / counted:5.2f} turns unable to draw"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--offset", type=int, default=0, help="first game number (seed 20000 + number)")
    ap.add_argument("--simulations", type=int, default=8, help="worlds per decision")
    ap.add_argument("--iterations", type=int, default=64, help="ismcts: iterations per decision")
    ap.add_argument(
        "--confidence",
        type=float,
        default=2.0,
        help="ismcts: standard errors another action must win by (0: the most visited)",
    )
    ap.add_argument("--jobs", type=int, default=2, help="worker processes")
    ap.add_argument("--bots", nargs="+", default=["strong", "careful"], help="bots to test")
    ap.add_argument(
        "--fixed-order",
        action="store_true",
        help="chance from one stream per kind (a pile's order fixed at the start); "
        "needed by the measuring bots clairvoyant and clairvoyant-dice",
    )
    ap.add_argument("--tempo", type=int, default=0, help="also: N careful-vs-careful races")
    a = ap.parse_args()
    if a.tempo:
        tempo(a.tempo)
    print(f"one seat against careful bots; {a.games} games each (strong: {a.simulations} worlds)")
    with ProcessPoolExecutor(a.jobs) as pool:
        for players in a.players:
            results: dict[str, list[Outcome]] = {}
            for name in a.bots:
                jobs = [
                    (players, i, a.simulations, name, a.fixed_order, a.iterations, a.confidence)
                    for i in range(a.offset, a.offset + a.games)
                ]
                out = list(pool.map(play, jobs, chunksize=1))
                results[name] = out
                wins = sum(o[0] for o in out)
                secs = sum(o[1] for o in out) / len(out)
                tempo_rate = sum(o[4] for o in out) / max(1, sum(o[3] for o in out))
                other_rate = sum(o[7] for o in out) / max(1, sum(o[6] for o in out))
                share, share_se = _mean_se([o[4] / o[5] for o in out if o[5]])
                lo, hi = wilson(wins, a.games)
                print(
                    f"{players} players  {name:9s}: {wins:4d}/{a.games} wins = "
                    f"{wins / a.games:6.1%}  (95 % CI {lo:.1%} .. {hi:.1%})  "
                    f"draws/turn {tempo_rate:.3f} (others {other_rate:.3f})  "
                    f"draw share {share:.3f} ± {share_se:.3f}  "
                    f"{secs * 1000:7.0f} ms/game",
                    flush=True,
                )
            paired(players, results)


def _mean_se(xs: list[float]) -> tuple[float, float]:
    """The mean of ``xs`` and its standard error (0, 0 for no values)."""
    n = max(1, len(xs))
    mean = sum(xs) / n
    return mean, (sum((x - mean) ** 2 for x in xs) / max(1, n - 1) / n) ** 0.5


def _mean_ci(xs: list[float]) -> tuple[float, float, float]:
    """The mean of ``xs`` and its normal 95 % interval."""
    mean, se = _mean_se(xs)
    return mean, mean - 1.96 * se, mean + 1.96 * se


def paired(players: int, results: dict[str, list[Outcome]]) -> None:
    """Each bot against ``careful`` in the same seat on the same seeds: the difference of
    the wins and of the draw share per game, with 95 % intervals. Pairing removes the luck
    the two runs share (where the exit lay, the characters), so the interval of the
    difference is narrower than the two win rates' intervals side by side."""
    base = results.get("careful")
    if base is None:
        return
    for name, out in results.items():
        if name == "careful":
            continue
        wins = [float(o[0]) - float(b[0]) for o, b in zip(out, base, strict=True)]
        shares = [
            o[4] / o[5] - b[4] / b[5] for o, b in zip(out, base, strict=True) if o[5] and b[5]
        ]
        w, wlo, whi = _mean_ci(wins)
        line = (
            f"{players} players  {name} - careful, same seeds and seat: wins {w:+.1%} "
            f"(95 % CI {wlo:+.1%} .. {whi:+.1%})"
        )
        if shares:
            d, dlo, dhi = _mean_ci(shares)
            line += f"  draw share {d:+.4f} (95 % CI {dlo:+.4f} .. {dhi:+.4f})"
        print(line, flush=True)


if __name__ == "__main__":
    main()

"""Simulations: many games played by bots, and what a deck or rule change does to them.

Games are played through the public API only (``legal_actions``, ``apply``, ``roll``):
chance is resolved by the game's seeded random source, decisions by the bots (each gets
its seat's :class:`~verlies.game.PlayerView`). Everything is deterministic for a seed.

>>> report = simulate(4, players=3, bots="careful", seed=1)
>>> sum(report.reason_counts.values())
4
>>> sorted(report.to_dict())
['bots', 'games', 'seats', 'settings', 'summary']

:func:`compare` plays the same seeds with two decks (or two sets of variants) and lists the
differences, for designers asking "what does this card change?". :func:`benchmark` times
random playouts of the engine (steps and games per second).
"""

from __future__ import annotations

import html
import math
import os
import random
import statistics
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from verlies.actions import ShuffleBack
from verlies.errors import VerliesError
from verlies.game import Game
from verlies.rules import mix64
from verlies.sim.bots import Bot, bot_name, make_bot
from verlies.variants import Variants

__all__ = [
    "REASONS",
    "BenchResult",
    "Comparison",
    "GameRecord",
    "SimulationError",
    "SimulationReport",
    "benchmark",
    "compare",
    "game_seed",
    "load_deck",
    "make_bots",
    "make_variants",
    "play_game",
    "random_playouts",
    "simulate",
]

#: How a game can end (R1.3, R1.6); "timeout" is the simulations' round limit.
REASONS: tuple[str, ...] = ("escaped", "solo", "no_exit", "no_passage", "timeout")

BotSpec = str | Bot
BotsArg = BotSpec | Sequence[BotSpec] | None
DeckArg = Any  # a verlies.deck.Deck, a path to a deck file, or None for the default deck
VariantsArg = Variants | Mapping[str, bool] | Iterable[str] | None


class SimulationError(VerliesError):
    """Simulation settings that cannot work (unknown bot, wrong number of bots, ...)."""


# ---- setup helpers -------------------------------------------------------------------------


def load_deck(deck: DeckArg) -> Any:
    """None -> the default deck; a path -> ``Deck.load`` (raises DeckError); a deck as is."""
    from verlies.deck import Deck

    if deck is None:
        return Deck.default()
    if isinstance(deck, str | os.PathLike):
        return Deck.load(deck)
    return deck


def make_variants(variants: VariantsArg) -> Variants:
    """Variants from a Variants, a ``{name: bool}`` mapping, or names to switch on."""
    if variants is None:
        return Variants()
    if isinstance(variants, Variants):
        return variants
    try:
        if isinstance(variants, Mapping):
            return Variants.from_dict(dict(variants))
        if isinstance(variants, str):
            variants = [variants]
        return Variants.from_dict(dict.fromkeys(variants, True))
    except ValueError as e:
        known = ", ".join(Variants.describe())
        raise SimulationError(f"{e} (known variants: {known})") from None


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation with ``seed`` (a 31-bit number)."""
    return mix64(seed, index) >> 33


def _bot_seed(game_seed: int, seat: int) -> int:
    return mix64(game_seed ^ 0x5EED_B075, seat) >> 33


def make_bots(bots: BotsArg, players: int) -> tuple[list[Bot], list[str]]:
    """One bot per seat from names and/or callables (a single one fills every seat),
    and their names for reports."""
    if bots is None:
        specs: list[BotSpec] = ["careful"] * players
    elif isinstance(bots, str) or callable(bots):
        specs = [bots] * players
    else:
        specs = list(bots)
    if len(specs) == 1 and players > 1:
        specs = specs * players
    if len(specs) != players:
        raise SimulationError(f"{players} players need {players} bots, got {len(specs)}")
    out: list[Bot] = []
    for spec in specs:
        if isinstance(spec, str):
            try:
                out.append(make_bot(spec, 0))
            except ValueError as e:
                raise SimulationError(str(e)) from None
        elif callable(spec):
            out.append(spec)
        else:
            raise SimulationError(f"a bot is a preset name or a callable, not {spec!r}")
    return out, [bot_name(b) for b in out]


# ---- one game ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What one simulated game came to (R1.3, R1.5, R1.6)."""

    index: int
    seed: int
    reason: str  # one of REASONS
    escaped: tuple[int, ...]  # seats in the order they escaped
    left_behind: tuple[int, ...]
    winners: tuple[int, ...]  # R1.5; several on equal gold; none on a timeout
    gold: tuple[int, ...]  # R9.1 per seat at the end
    rounds: int
    steps: int  # every applied step: decisions and chance outcomes
    decisions: int  # the players' decisions only
    shuffle_backs: tuple[int, ...]  # R1.4 per seat
    injuries: tuple[int, ...]  # R8.1 per seat

    @property
    def timeout(self) -> bool:
        return self.reason == "timeout"

    def to_dict(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}


def play_game(
    bots: Sequence[Bot],
    *,
    seed: int = 0,
    deck: DeckArg = None,
    variants: VariantsArg = None,
    round_limit: int | None = 300,
    characters: Sequence[str] | None = None,
    start_seat: int = 0,
    index: int = 0,
    reseed: bool = True,
    log: bool = True,
) -> tuple[Game, GameRecord]:
    """Play one game with one bot per seat; returns the finished game and its record.

    With ``reseed`` every bot that has ``reseed(seed)`` is reseeded from the game seed and
    its seat first, so that the game depends on ``seed`` only. ``log=False`` keeps no event
    log (what ``simulate`` does): the same game, faster.
    """
    players = len(bots)
    game = Game.new(
        players=players,
        characters=characters,
        seed=seed,
        deck=load_deck(deck),
        variants=make_variants(variants),
        start_seat=start_seat,
        round_limit=round_limit,
        log=log,
    )
    if reseed:
        for seat, bot in enumerate(bots):
            re = getattr(bot, "reseed", None)
            if callable(re):
                re(_bot_seed(seed, seat))
    views = [game.view(s) for s in range(players)]
    shuffles = [0] * players
    steps = decisions = 0
    while not game.is_over:
        if game.is_chance:
            game.roll()
        else:
            seat = game.current_player
            action = bots[seat](views[seat])
            if type(action) is ShuffleBack:
                shuffles[seat] += 1
            game.apply(action)
            decisions += 1
        steps += 1
    result = game.result
    assert result is not None
    record = GameRecord(
        index=index,
        seed=seed,
        reason=result.reason,
        escaped=result.escaped,
        left_behind=result.left_behind,
        winners=result.winners,
        gold=result.gold,
        rounds=result.rounds,
        steps=steps,
        decisions=decisions,
        shuffle_backs=tuple(shuffles),
        injuries=tuple(f.injuries for f in game.state.figures),
    )
    return game, record


# ---- many games ----------------------------------------------------------------------------


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else math.nan


def _median(xs: Sequence[float]) -> float:
    return float(statistics.median(xs)) if xs else math.nan


def _rate(k: float, n: int) -> float:
    return k / n if n else math.nan


@dataclass
class SimulationReport:
    """The games of a simulation and their statistics (per seat, per bot, overall)."""

    games: list[GameRecord]
    players: int
    bots: tuple[str, ...]  # per seat
    characters: tuple[str, ...]  # per seat
    seed: int
    deck: str
    variants: dict[str, bool]
    round_limit: int | None
    elapsed: float = 0.0  # seconds
    _seat_rows: list[dict[str, Any]] | None = field(default=None, repr=False)

    # -- overall ------------------------------------------------------------------------

    @property
    def n_games(self) -> int:
        return len(self.games)

    @property
    def reason_counts(self) -> dict[str, int]:
        """How many games ended each way (all of REASONS, zeros included; sums to N)."""
        counts = dict.fromkeys(REASONS, 0)
        for g in self.games:
            counts[g.reason] = counts.get(g.reason, 0) + 1
        return counts

    @property
    def timeouts(self) -> int:
        """R1.6: games stopped by the round limit (counted apart from the others)."""
        return self.reason_counts["timeout"]

    @property
    def no_winner(self) -> int:
        """Games without a winner (nobody escaped, or a timeout)."""
        return sum(1 for g in self.games if not g.winners)

    @property
    def escape_rate(self) -> float:
        """The share of figures that escaped, over all seats and games."""
        total = sum(len(g.escaped) for g in self.games)
        return _rate(total, self.n_games * self.players)

    @property
    def mean_rounds(self) -> float:
        return _mean([g.rounds for g in self.games])

    @property
    def median_rounds(self) -> float:
        return _median([g.rounds for g in self.games])

    @property
    def mean_steps(self) -> float:
        return _mean([g.steps for g in self.games])

    @property
    def mean_gold(self) -> float:
        """Mean final gold (R9.1) over all seats and games."""
        return _mean([x for g in self.games for x in g.gold])

    @property
    def median_gold(self) -> float:
        return _median([x for g in self.games for x in g.gold])

    @property
    def mean_winner_gold(self) -> float:
        """Mean gold of the winners (games with a winner)."""
        return _mean([g.gold[g.winners[0]] for g in self.games if g.winners])

    # -- per seat -----------------------------------------------------------------------

    def seat_stats(self) -> list[dict[str, Any]]:
        """One row per seat: bot, character, wins, escapes, gold, shuffle-backs, injuries.

        ``wins`` counts a shared win (R1.5) for every winner; ``win_share`` splits it.
        For every seat ``escaped + left_behind == n_games``.
        """
        if self._seat_rows is not None:
            return self._seat_rows
        n = self.n_games
        rows = []
        for s in range(self.players):
            wins = sum(1 for g in self.games if s in g.winners)
            share = sum(1 / len(g.winners) for g in self.games if s in g.winners)
            escaped = sum(1 for g in self.games if s in g.escaped)
            first = sum(1 for g in self.games if g.escaped and g.escaped[0] == s)
            gold = [g.gold[s] for g in self.games]
            rows.append(
                {
                    "seat": s,
                    "bot": self.bots[s],
                    "character": self.characters[s],
                    "wins": wins,
                    "win_share": share,
                    "win_rate": _rate(wins, n),
                    "escaped": escaped,
                    "escape_rate": _rate(escaped, n),
                    "first_out": first,
                    "left_behind": sum(1 for g in self.games if s in g.left_behind),
                    "mean_gold": _mean(gold),
                    "median_gold": _median(gold),
                    "shuffle_backs": _mean([g.shuffle_backs[s] for g in self.games]),
                    "injuries": _mean([g.injuries[s] for g in self.games]),
                }
            )
        self._seat_rows = rows
        return rows

    @property
    def win_rate(self) -> list[float]:
        """Per seat: the share of games the seat won (shared wins count)."""
        return [r["win_rate"] for r in self.seat_stats()]

    def bot_stats(self) -> list[dict[str, Any]]:
        """One row per bot name, over every seat it played (``games`` = seat-games)."""
        out: dict[str, dict[str, Any]] = {}
        for r in self.seat_stats():
            b = out.setdefault(
                r["bot"],
                {
                    "bot": r["bot"],
                    "seats": [],
                    "games": 0,
                    "wins": 0,
                    "win_share": 0.0,
                    "escaped": 0,
                    "_gold": 0.0,
                    "shuffle_backs": 0.0,
                },
            )
            b["seats"].append(r["seat"])
            b["games"] += self.n_games
            b["wins"] += r["wins"]
            b["win_share"] += r["win_share"]
            b["escaped"] += r["escaped"]
            b["_gold"] += r["mean_gold"] * self.n_games if self.n_games else 0.0
            b["shuffle_backs"] += r["shuffle_backs"] * self.n_games if self.n_games else 0.0
        rows = []
        for b in out.values():
            games = b["games"]
            rows.append(
                {
                    "bot": b["bot"],
                    "seats": b["seats"],
                    "games": games,
                    "wins": b["wins"],
                    "win_share": b["win_share"],
                    "win_rate": _rate(b["wins"], games),
                    "escape_rate": _rate(b["escaped"], games),
                    "mean_gold": _rate(b["_gold"], games),
                    "shuffle_backs": _rate(b["shuffle_backs"], games),
                }
            )
        return rows

    # -- output -------------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        return {
            "games": self.n_games,
            "reasons": self.reason_counts,
            "timeouts": self.timeouts,
            "no_winner": self.no_winner,
            "escape_rate": self.escape_rate,
            "mean_gold": self.mean_gold,
            "median_gold": self.median_gold,
            "mean_winner_gold": self.mean_winner_gold,
            "mean_rounds": self.mean_rounds,
            "median_rounds": self.median_rounds,
            "mean_steps": self.mean_steps,
            "seconds": self.elapsed,
        }

    def settings(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "bots": list(self.bots),
            "characters": list(self.characters),
            "seed": self.seed,
            "deck": self.deck,
            "variants": dict(self.variants),
            "round_limit": self.round_limit,
        }

    def to_dict(self) -> dict[str, Any]:
        """Everything as JSON-able data (NaN where a statistic has no games)."""
        return {
            "settings": self.settings(),
            "summary": self.summary(),
            "seats": self.seat_stats(),
            "bots": self.bot_stats(),
            "games": [g.to_dict() for g in self.games],
        }

    def _tables(self) -> list[tuple[str, list[str], list[list[str]]]]:
        on = [k for k, v in self.variants.items() if v]
        head = (
            f"{self.n_games} games, {self.players} players, seed {self.seed}, deck "
            f"{self.deck!r}, variants: {', '.join(on) or 'none'}, round limit {self.round_limit}"
        )
        seats = [
            [
                str(r["seat"] + 1),
                r["bot"],
                r["character"],
                _pct(r["win_rate"]),
                _pct(r["escape_rate"]),
                str(r["left_behind"]),
                _num(r["mean_gold"]),
                _num(r["median_gold"]),
                _num(r["shuffle_backs"], 2),
                _num(r["injuries"], 2),
            ]
            for r in self.seat_stats()
        ]
        bots = [
            [
                r["bot"],
                ",".join(str(s + 1) for s in r["seats"]),
                _pct(r["win_rate"]),
                _pct(r["escape_rate"]),
                _num(r["mean_gold"]),
                _num(r["shuffle_backs"], 2),
            ]
            for r in self.bot_stats()
        ]
        reasons = self.reason_counts
        total = [
            ["ended: " + ", ".join(f"{k} {v}" for k, v in reasons.items() if v or k != "solo")],
            [f"timeouts (R1.6 round limit): {self.timeouts}; no winner: {self.no_winner}"],
            [
                f"escape rate {_pct(self.escape_rate)}, gold mean {_num(self.mean_gold)} / "
                f"median {_num(self.median_gold)}, winners' gold {_num(self.mean_winner_gold)}"
            ],
            [
                f"rounds mean {_num(self.mean_rounds)} / median {_num(self.median_rounds)}, "
                f"steps per game {_num(self.mean_steps, 0)}, {self.elapsed:.2f} s"
            ],
        ]
        return [
            (head, [], total),
            (
                "per seat",
                [
                    "seat",
                    "bot",
                    "character",
                    "wins",
                    "escaped",
                    "left behind",
                    "gold mean",
                    "gold median",
                    "shuffle-backs",
                    "injuries",
                ],
                seats,
            ),
            ("per bot", ["bot", "seats", "wins", "escaped", "gold mean", "shuffle-backs"], bots),
        ]

    def __str__(self) -> str:
        return _text_tables(self._tables())

    def _repr_html_(self) -> str:
        return _html_tables(self._tables())


def simulate(
    n_games: int,
    players: int = 4,
    bots: BotsArg = None,
    seed: int = 0,
    deck: DeckArg = None,
    variants: VariantsArg = None,
    round_limit: int | None = 300,
    characters: Sequence[str] | None = None,
    start_seat: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationReport:
    """Play ``n_games`` games with bots and collect the statistics.

    ``bots``: one per seat, each a preset name (see ``verlies.sim.bots.BOTS``) or a callable
    ``bot(view) -> action``; a single name or bot fills every seat (default "careful").
    Game ``i`` is played with seed ``game_seed(seed, i)``; bots with ``reseed`` are
    reseeded from it, so the whole report depends on ``seed`` only. ``deck``: a Deck, a
    deck file path or None (the default deck). ``variants``: Variants, ``{name: bool}`` or
    names to switch on. ``progress(done, total)`` is called after every game.
    """
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 0:
        raise SimulationError(f"the number of games must be a whole number >= 0, not {n_games!r}")
    the_deck = load_deck(deck)
    the_variants = make_variants(variants)
    bot_list, names = make_bots(bots, players)
    # Game.new checks players, characters, round limit (and names the rule when it fails).
    probe = Game.new(
        players=players,
        characters=characters,
        seed=seed,
        deck=the_deck,
        variants=the_variants,
        start_seat=start_seat,
        round_limit=round_limit,
    )
    chars = probe.setup.characters
    t0 = time.perf_counter()
    games = []
    for i in range(n_games):
        _, rec = play_game(
            bot_list,
            seed=game_seed(seed, i),
            deck=the_deck,
            variants=the_variants,
            round_limit=round_limit,
            characters=chars,
            start_seat=start_seat,
            index=i,
            log=False,
        )
        games.append(rec)
        if progress is not None:
            progress(i + 1, n_games)
    return SimulationReport(
        games=games,
        players=players,
        bots=tuple(names),
        characters=tuple(chars),
        seed=seed,
        deck=str(getattr(the_deck, "name", "deck")),
        variants=the_variants.to_dict(),
        round_limit=round_limit,
        elapsed=time.perf_counter() - t0,
    )


# ---- A/B comparison ------------------------------------------------------------------------


def _prop_noise(pa: float, pb: float, n: int) -> float:
    if not n or math.isnan(pa) or math.isnan(pb):
        return math.nan
    return 2 * math.sqrt((pa * (1 - pa) + pb * (1 - pb)) / n)


def _mean_noise(xa: Sequence[float], xb: Sequence[float]) -> float:
    if len(xa) < 2 or len(xb) < 2:
        return math.nan
    return 2 * math.sqrt(statistics.variance(xa) / len(xa) + statistics.variance(xb) / len(xb))


@dataclass
class Comparison:
    """Two simulations over the same seeds (A and B) and how their statistics differ."""

    a: SimulationReport
    b: SimulationReport
    label_a: str = "A"
    label_b: str = "B"

    @property
    def n_games(self) -> int:
        return self.a.n_games

    @property
    def same_games(self) -> int:
        """Games (same seed) that ended exactly alike: reason, escapes, gold, rounds."""

        def key(g: GameRecord) -> tuple[Any, ...]:
            return (g.reason, g.escaped, g.winners, g.gold, g.rounds, g.steps)

        return sum(
            1 for ga, gb in zip(self.a.games, self.b.games, strict=True) if key(ga) == key(gb)
        )

    def differences(self) -> list[dict[str, Any]]:
        """One row per statistic: A, B, B − A and the noise (±2 standard errors).

        A difference smaller than its noise may well be chance; play more games.
        """
        a, b, n = self.a, self.b, self.n_games
        rows: list[dict[str, Any]] = []

        def add(metric: str, va: float, vb: float, noise: float, kind: str) -> None:
            rows.append(
                {"metric": metric, "a": va, "b": vb, "diff": vb - va, "noise": noise, "kind": kind}
            )

        ra, rb = a.reason_counts, b.reason_counts
        for reason in REASONS:
            if ra[reason] or rb[reason]:
                pa, pb = _rate(ra[reason], n), _rate(rb[reason], n)
                add(f"ended: {reason}", pa, pb, _prop_noise(pa, pb, n), "rate")
        add(
            "escape rate",
            a.escape_rate,
            b.escape_rate,
            _prop_noise(a.escape_rate, b.escape_rate, n * a.players),
            "rate",
        )
        ga = [x for g in a.games for x in g.gold]
        gb = [x for g in b.games for x in g.gold]
        add("gold (mean)", a.mean_gold, b.mean_gold, _mean_noise(ga, gb), "number")
        add(
            "rounds (mean)",
            a.mean_rounds,
            b.mean_rounds,
            _mean_noise([g.rounds for g in a.games], [g.rounds for g in b.games]),
            "number",
        )
        add(
            "steps (mean)",
            a.mean_steps,
            b.mean_steps,
            _mean_noise([g.steps for g in a.games], [g.steps for g in b.games]),
            "number",
        )
        for sa, sb in zip(a.seat_stats(), b.seat_stats(), strict=True):
            seat = sa["seat"] + 1
            add(
                f"seat {seat} wins",
                sa["win_rate"],
                sb["win_rate"],
                _prop_noise(sa["win_rate"], sb["win_rate"], n),
                "rate",
            )
            add(
                f"seat {seat} escaped",
                sa["escape_rate"],
                sb["escape_rate"],
                _prop_noise(sa["escape_rate"], sb["escape_rate"], n),
                "rate",
            )
            add(
                f"seat {seat} gold (mean)",
                sa["mean_gold"],
                sb["mean_gold"],
                _mean_noise(
                    [g.gold[sa["seat"]] for g in a.games], [g.gold[sa["seat"]] for g in b.games]
                ),
                "number",
            )
        return rows

    @property
    def is_zero(self) -> bool:
        """No statistic differs at all."""
        return all(r["diff"] == 0 or math.isnan(r["diff"]) for r in self.differences())

    def to_dict(self) -> dict[str, Any]:
        return {
            "a": {"label": self.label_a, **self.a.to_dict()},
            "b": {"label": self.label_b, **self.b.to_dict()},
            "same_games": self.same_games,
            "differences": self.differences(),
        }

    def _tables(self) -> list[tuple[str, list[str], list[list[str]]]]:
        rows = []
        for r in self.differences():
            fmt = _pct if r["kind"] == "rate" else _num
            diff = r["diff"]
            mark = "*" if not math.isnan(r["noise"]) and abs(diff) > r["noise"] else ""
            sign = "+" if diff > 0 else ""
            dtext = f"{sign}{diff * 100:.1f} pt" if r["kind"] == "rate" else f"{sign}{_num(diff)}"
            noise = f"±{r['noise'] * 100:.1f} pt" if r["kind"] == "rate" else f"±{_num(r['noise'])}"
            rows.append([r["metric"], fmt(r["a"]), fmt(r["b"]), dtext + mark, noise])
        head = (
            f"{self.label_a} vs {self.label_b}: {self.n_games} games each, same seeds "
            f"(seed {self.a.seed}); {self.same_games} of them ended exactly alike. "
            "* = larger than the noise (±2 standard errors)."
        )
        return [(head, ["statistic", self.label_a, self.label_b, "B − A", "noise"], rows)]

    def __str__(self) -> str:
        return _text_tables(self._tables())

    def _repr_html_(self) -> str:
        return _html_tables(self._tables())


def compare(
    deck_a: DeckArg = None,
    deck_b: DeckArg = None,
    n_games: int = 200,
    players: int = 4,
    bots: BotsArg = None,
    seed: int = 0,
    variants_a: VariantsArg = None,
    variants_b: VariantsArg = None,
    round_limit: int | None = 300,
    characters: Sequence[str] | None = None,
    labels: tuple[str, str] | None = None,
) -> Comparison:
    """Simulate the same seeds with deck (and variants) A and B and compare the results.

    ``compare(Deck.default(), my_deck)`` answers "what does my change do?";
    ``compare(variants_b=["opened_stays_open"])`` compares a variant with the printed rules.
    Identical settings give identical reports (every difference is zero).
    """
    da, db = load_deck(deck_a), load_deck(deck_b)
    common = {
        "n_games": n_games,
        "players": players,
        "bots": bots,
        "seed": seed,
        "round_limit": round_limit,
        "characters": characters,
    }
    rep_a = simulate(deck=da, variants=variants_a, **common)  # type: ignore[arg-type]
    rep_b = simulate(deck=db, variants=variants_b, **common)  # type: ignore[arg-type]
    if labels is None:
        la, lb = "A", "B"
        if rep_a.deck != rep_b.deck:
            la, lb = rep_a.deck, rep_b.deck
        va = {k for k, v in rep_a.variants.items() if v}
        vb = {k for k, v in rep_b.variants.items() if v}
        if va != vb:
            la += "".join(f" +{k}" for k in sorted(va))
            lb += "".join(f" +{k}" for k in sorted(vb))
        labels = (la, lb)
    return Comparison(rep_a, rep_b, labels[0], labels[1])


# ---- benchmark -----------------------------------------------------------------------------


def random_playouts(
    n_games: int, players: int = 4, seed: int = 0, deck: DeckArg = None, log: bool = True
) -> tuple[int, int, float, float]:
    """Play ``n_games`` random games through the public API.

    Returns (games, steps, wall seconds, CPU seconds of this process). A step is every
    applied action and every chance outcome: at a chance point ``game.roll()``, else a
    uniformly random one of ``game.legal_actions()`` applied with ``game.apply``. Game
    creation is inside the timing. ``log=False`` plays without the event log (the mode
    simulations use): the same games, no sentences kept.
    """
    the_deck = load_deck(deck)
    rng = random.Random(seed)
    randrange = rng.randrange
    steps = 0
    c0, t0 = time.process_time(), time.perf_counter()
    for i in range(n_games):
        game = Game.new(players=players, seed=seed + i, deck=the_deck, log=log)
        while not game.is_over:
            if game.is_chance:
                game.roll()
            else:
                legal = game.legal_actions()
                game.apply(legal[randrange(len(legal))])
            steps += 1
    return n_games, steps, time.perf_counter() - t0, time.process_time() - c0


def _spread(xs: list[float]) -> dict[str, float]:
    return {"min": min(xs), "median": _median(xs), "max": max(xs)}


@dataclass
class BenchResult:
    """Random-playout speed over repeated runs.

    ``runs`` holds (games, steps, wall seconds, CPU seconds) per run. Rates per wall
    second are what a user waits for; rates per CPU second hold still when other
    programs share the machine (the ratios in benchmarks/engine.py use those).
    """

    name: str
    runs: list[tuple[int, int, float, float]]

    @property
    def steps_per_s(self) -> list[float]:
        return [r[1] / r[2] for r in self.runs]

    @property
    def games_per_s(self) -> list[float]:
        return [r[0] / r[2] for r in self.runs]

    @property
    def steps_per_cpu_s(self) -> list[float]:
        return [r[1] / r[3] for r in self.runs]

    def stats(self) -> dict[str, Any]:
        if not self.runs:
            return {"name": self.name, "runs": 0}
        return {
            "name": self.name,
            "runs": len(self.runs),
            "games_per_run": self.runs[0][0],
            "steps_per_game": sum(r[1] for r in self.runs) / sum(r[0] for r in self.runs),
            "steps_per_s": _spread(self.steps_per_s),
            "games_per_s": _spread(self.games_per_s),
            "steps_per_cpu_s": _spread(self.steps_per_cpu_s),
        }

    def __str__(self) -> str:
        st = self.stats()
        if not st["runs"]:
            return f"{self.name}: no runs"
        lines = [
            f"{self.name}: {st['runs']} runs x {st['games_per_run']} games, "
            f"{st['steps_per_game']:.0f} steps/game (step = action or chance outcome)"
        ]
        for key, label, fmt in (
            ("steps_per_s", "steps/s    ", ",.0f"),
            ("games_per_s", "games/s    ", ",.1f"),
            ("steps_per_cpu_s", "steps/CPU-s", ",.0f"),
        ):
            v = st[key]
            lines.append(
                f"  {label}  min {v['min']:>10{fmt}}  median {v['median']:>10{fmt}}"
                f"  max {v['max']:>10{fmt}}"
            )
        return "\n".join(lines)


def benchmark(
    games: int = 50,
    runs: int = 5,
    players: int = 4,
    seed: int = 0,
    deck: DeckArg = None,
    log: bool = True,
) -> BenchResult:
    """Time ``runs`` runs of ``games`` random playouts (the same seeds in every run).

    ``log=False`` measures the simulation mode (no event log), as ``simulate`` plays.
    """
    if games < 1 or runs < 1:
        raise SimulationError("games and runs must be at least 1")
    the_deck = load_deck(deck)
    random_playouts(1, players, seed, the_deck, log=log)  # warm-up: caches, imports
    mode = "with event log" if log else "no event log"
    result = BenchResult(f"verlies ({players} players, random playouts, {mode})", [])
    for _ in range(runs):
        result.runs.append(random_playouts(games, players, seed, the_deck, log=log))
    return result


# ---- table formatting ----------------------------------------------------------------------


def _pct(x: float) -> str:
    return "–" if math.isnan(x) else f"{100 * x:.1f} %"


def _num(x: float, digits: int = 1) -> str:
    return "–" if math.isnan(x) else f"{x:.{digits}f}"


def _text_tables(tables: list[tuple[str, list[str], list[list[str]]]]) -> str:
    out: list[str] = []
    for title, header, rows in tables:
        out.append(title)
        if not header:
            out.extend("  " + r[0] for r in rows)
            out.append("")
            continue
        widths = [len(h) for h in header]
        for r in rows:
            widths = [max(w, len(c)) for w, c in zip(widths, r, strict=True)]
        out.append("  " + "  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)))
        out.append("  " + "  ".join("-" * w for w in widths))
        for r in rows:
            cells = [
                c.ljust(w) if i == 0 or not _numeric(c) else c.rjust(w)
                for i, (c, w) in enumerate(zip(r, widths, strict=True))
            ]
            out.append("  " + "  ".join(cells).rstrip())
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _numeric(cell: str) -> bool:
    return bool(cell) and (cell[0].isdigit() or cell[0] in "+-–±")


def _html_tables(tables: list[tuple[str, list[str], list[list[str]]]]) -> str:
    esc = html.escape
    parts = ['<div class="verlies-report">']
    for title, header, rows in tables:
        parts.append(f"<p><b>{esc(title)}</b></p>")
        if not header:
            parts.append("<ul>" + "".join(f"<li>{esc(r[0])}</li>" for r in rows) + "</ul>")
            continue
        parts.append('<table style="border-collapse: collapse">')
        parts.append("<tr>" + "".join(f"<th>{esc(h)}</th>" for h in header) + "</tr>")
        for r in rows:
            cells = "".join(
                f'<td style="text-align: {"right" if _numeric(c) else "left"}">{esc(c)}</td>'
                for c in r
            )
            parts.append(f"<tr>{cells}</tr>")
        parts.append("</table>")
    parts.append("</div>")
    return "\n".join(parts)

"""Metrics of simulated games, aggregated as records arrive (each defined in docs/metrics.md).

:class:`Metrics` keeps integer counts and exact fractions only: adding records in any
order, or merging partial aggregates, gives exactly the same numbers, and memory does not
grow with the number of games (histograms are keyed by value). Everything can be
recomputed from raw :class:`~verlies.sim.records.GameRecord` values
(``Metrics.from_records``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from verlies.sim.records import REASONS, GameRecord

# Z95 and wilson live with the other intervals (sim.stats); re-exported here.
from verlies.sim.stats import Z95, mean_interval, wilson

__all__ = ["Z95", "Metrics", "Rate", "wilson"]


@dataclass(frozen=True, slots=True)
class Rate:
    """``k`` of ``n`` with its 95 % Wilson interval."""

    k: int
    n: int

    @property
    def rate(self) -> float:
        return self.k / self.n if self.n else math.nan

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.k, self.n)


def _quantile(hist: Mapping[int, int], q: float) -> float:
    """The q-quantile of a histogram (the lower median's rule: value at rank ceil(q n))."""
    n = sum(hist.values())
    if n == 0:
        return math.nan
    if q == 0.5 and n % 2 == 0:  # the usual median of an even count: the two middle values
        return (_rank(hist, n // 2) + _rank(hist, n // 2 + 1)) / 2
    return float(_rank(hist, max(1, math.ceil(q * n))))


def _rank(hist: Mapping[int, int], r: int) -> int:
    seen = 0
    for value in sorted(hist):
        seen += hist[value]
        if seen >= r:
            return value
    raise ValueError(r)  # pragma: no cover - r <= n


def _mean_ci(hist: Mapping[int, int]) -> tuple[float, float]:
    """95 % normal interval of a histogram's mean."""
    from verlies.sim.stats import mean_interval

    n = sum(hist.values())
    est = mean_interval(
        n, sum(v * c for v, c in hist.items()), sum(v * v * c for v, c in hist.items())
    )
    return est.low, est.high


def median_ci(hist: Mapping[int, int], z: float = Z95) -> tuple[float, float]:
    """A distribution-free interval of the median (95 % by default): order statistics at
    ranks n/2 ∓ z √n / 2 (the binomial's normal approximation)."""
    n = sum(hist.values())
    if n < 2:
        return math.nan, math.nan
    half = z * math.sqrt(n) / 2
    lo = max(1, math.floor(n / 2 - half))
    hi = min(n, math.ceil(n / 2 + 1 + half))
    return float(_rank(hist, lo)), float(_rank(hist, hi))


def _mean_hist(hist: Mapping[int, int]) -> float:
    n = sum(hist.values())
    return sum(v * c for v, c in hist.items()) / n if n else math.nan


@dataclass
class _Side:
    """Counts for one seat or one character."""

    games: int = 0
    wins: int = 0
    escaped: int = 0
    left_behind: int = 0
    first_out: int = 0
    gold: int = 0
    injuries: int = 0
    shuffle_backs: int = 0
    positions: Counter[int] = field(default_factory=Counter)  # escape position (0: left behind)

    def add(self, r: GameRecord, seat: int) -> None:
        self.games += 1
        self.wins += seat in r.winners
        if seat in r.escaped:
            self.escaped += 1
            pos = r.escaped.index(seat) + 1
            self.positions[pos] += 1
            self.first_out += pos == 1
        else:
            self.left_behind += 1
            self.positions[0] += 1
        self.gold += r.gold[seat]
        self.injuries += r.injuries[seat]
        self.shuffle_backs += r.shuffle_backs[seat]

    def merge(self, o: _Side) -> None:
        self.games += o.games
        self.wins += o.wins
        self.escaped += o.escaped
        self.left_behind += o.left_behind
        self.first_out += o.first_out
        self.gold += o.gold
        self.injuries += o.injuries
        self.shuffle_backs += o.shuffle_backs
        self.positions.update(o.positions)

    def row(self) -> dict[str, Any]:
        n = self.games
        lo, hi = wilson(self.wins, n)
        llo, lhi = wilson(self.left_behind, n)
        escaped_pos = sum(p * c for p, c in self.positions.items() if p)
        return {
            "games": n,
            "wins": self.wins,
            "win_rate": self.wins / n if n else math.nan,
            "ci_low": lo,
            "ci_high": hi,
            "escaped": self.escaped,
            "first_out": self.first_out,
            "left_behind": self.left_behind,
            "left_behind_rate": self.left_behind / n if n else math.nan,
            "left_behind_ci": [llo, lhi],
            "mean_escape_position": escaped_pos / self.escaped if self.escaped else math.nan,
            "mean_gold": self.gold / n if n else math.nan,
            "injuries_per_game": self.injuries / n if n else math.nan,
            "shuffle_backs_per_game": self.shuffle_backs / n if n else math.nan,
        }


@dataclass
class _Tests:
    tries: int = 0
    passes: int = 0
    expected: Fraction = field(default_factory=Fraction)


class Metrics:
    """Streaming aggregate of game records (add them in any order; merge partial ones)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.games = 0
        self.reasons: Counter[str] = Counter()
        self.rounds: Counter[int] = Counter()
        self.turns: Counter[int] = Counter()
        self.gold: Counter[int] = Counter()  # final gold per seat and game
        self.winner_gold = 0
        self.with_winner = 0
        self.shared_wins = 0  # games won by more than one seat (R1.5)
        self.seats = [_Side() for _ in range(players)]
        self.characters: dict[str, _Side] = {}
        self.tests: dict[str, _Tests] = {}
        self.rooms: Counter[str] = Counter()
        self.treasures = 0
        self.lead_changes: Counter[int] = Counter()
        self.steps = 0
        self.decisions = 0
        # Per game, the square of each seat total (gold, injuries, shuffle-backs): with the
        # sums above, the spread of a game's total, for the means' intervals.
        self.game_squares: Counter[str] = Counter()
        # Stalled games (verlies.sim.stalls): game index -> (seed, round first stalled).
        self.stalled: dict[int, tuple[int, int]] = {}

    # ---- adding -------------------------------------------------------------------------

    def add(self, r: GameRecord) -> None:
        if r.players != self.players:
            raise ValueError(f"a {r.players}-player game in {self.players}-player metrics")
        self.games += 1
        self.reasons[r.reason] += 1
        self.rounds[r.rounds] += 1
        self.turns[r.turns] += 1
        self.gold.update(r.gold)
        if r.winners:
            self.with_winner += 1
            self.winner_gold += r.gold[r.winners[0]]
            self.shared_wins += len(r.winners) > 1
        for seat, cid in enumerate(r.characters):
            self.seats[(seat - r.start_seat) % self.players].add(r, seat)
            side = self.characters.get(cid)
            if side is None:
                side = self.characters[cid] = _Side()
            side.add(r, seat)
        for t in r.tests:
            acc = self.tests.get(t.key)
            if acc is None:
                acc = self.tests[t.key] = _Tests()
            acc.tries += t.tries
            acc.passes += t.passes
            acc.expected += t.expected
        for rid, n in r.rooms:
            self.rooms[rid] += n
        self.treasures += r.treasures
        self.lead_changes[r.lead_changes] += 1
        self.steps += r.steps
        self.decisions += r.decisions
        self.game_squares["gold"] += sum(r.gold) ** 2
        self.game_squares["injuries"] += sum(r.injuries) ** 2
        self.game_squares["shuffle_backs"] += sum(r.shuffle_backs) ** 2
        if r.stalled is not None:
            self.stalled[r.index] = (r.seed, r.stalled)

    def add_all(self, records: Iterable[GameRecord]) -> Metrics:
        for r in records:
            self.add(r)
        return self

    @classmethod
    def from_records(cls, records: Iterable[GameRecord], players: int) -> Metrics:
        return cls(players).add_all(records)

    def merge(self, o: Metrics) -> Metrics:
        """Add another aggregate of games of the same kind (in place; returns self)."""
        if o.players != self.players:
            raise ValueError("metrics of different player counts")
        self.games += o.games
        self.reasons.update(o.reasons)
        self.rounds.update(o.rounds)
        self.turns.update(o.turns)
        self.gold.update(o.gold)
        self.rooms.update(o.rooms)
        self.lead_changes.update(o.lead_changes)
        self.winner_gold += o.winner_gold
        self.with_winner += o.with_winner
        self.shared_wins += o.shared_wins
        for a, b in zip(self.seats, o.seats, strict=True):
            a.merge(b)
        for cid, side in o.characters.items():
            self.characters.setdefault(cid, _Side()).merge(side)
        for key, t in o.tests.items():
            acc = self.tests.setdefault(key, _Tests())
            acc.tries += t.tries
            acc.passes += t.passes
            acc.expected += t.expected
        self.treasures += o.treasures
        self.steps += o.steps
        self.decisions += o.decisions
        self.game_squares.update(o.game_squares)
        self.stalled.update(o.stalled)
        return self

    # ---- the metrics (docs/metrics.md) --------------------------------------------------

    def win_rate(self, character: str) -> Rate:
        side = self.characters.get(character, _Side())
        return Rate(side.wins, side.games)

    def seat_win_rate(self, seat: int) -> Rate:
        return Rate(self.seats[seat].wins, self.seats[seat].games)

    @property
    def timeouts(self) -> int:
        return self.reasons.get("timeout", 0)

    @property
    def balance_characters(self) -> float:
        """1 − the largest difference between two characters' win rates."""
        rates = [s.wins / s.games for s in self.characters.values() if s.games]
        return 1 - (max(rates) - min(rates)) if rates else math.nan

    @property
    def balance_seats(self) -> float:
        """1 − the largest difference between two seats' win rates."""
        rates = [s.wins / s.games for s in self.seats if s.games]
        return 1 - (max(rates) - min(rates)) if rates else math.nan

    @property
    def first_seat_advantage(self) -> float:
        """The first seat's win rate minus the mean win rate of the other seats."""
        if self.players < 2 or not self.games:
            return math.nan
        first = self.seats[0].wins / self.games
        others = sum(s.wins for s in self.seats[1:]) / (self.games * (self.players - 1))
        return first - others

    @property
    def first_seat(self) -> Rate:
        """The first seat's wins of all games (its share against 1/P is the edge)."""
        return Rate(self.seats[0].wins, self.games) if self.players else Rate(0, 0)

    def balance(self, reps: int = 2000, seed: int = 0) -> dict[str, Any]:
        """The characters' spread of win rates against noise (docs/metrics.md).

        ``spread``: max − min of the win rates, with a 95 % parametric-bootstrap interval;
        ``noise_floor``: the 95th percentile of the spread if every character won at the
        pooled rate (Binomial(n_c, p̄), ``reps`` draws seeded with ``seed``); ``chi2``,
        ``df``, ``p``: Pearson's test of equal win rates; ``indistinguishable``: the spread
        is below the noise floor (no evidence of imbalance at this size).
        """
        from verlies.sim.stats import chi2_equal_rates, spread_interval, spread_noise_floor

        sides = [self.characters[c] for c in sorted(self.characters)]
        games = [s.games for s in sides]
        wins = [s.wins for s in sides]
        rates = [s.wins / s.games for s in sides if s.games]
        spread = max(rates) - min(rates) if len(rates) >= 2 else math.nan
        floor = spread_noise_floor(games, wins, reps, seed)
        lo, hi = spread_interval(games, wins, max(200, reps // 2), seed)
        x, df, p = chi2_equal_rates(games, wins)
        return {
            "characters": len(rates),
            "spread": spread,
            "spread_ci": [lo, hi],
            "noise_floor": floor,
            "balance_characters": 1 - spread,
            "balance_ci": [1 - hi, 1 - lo],
            "balance_floor": 1 - floor,
            "chi2": x,
            "df": df,
            "p": p,
            "indistinguishable": bool(spread <= floor) if not math.isnan(floor) else None,
        }

    def summary(self) -> dict[str, Any]:
        n = self.games
        done = n - self.timeouts
        return {
            "games": n,
            "reasons": {k: self.reasons.get(k, 0) for k in REASONS},
            "completed": done,
            "timeouts": self.timeouts,
            "completion_share": done / n if n else math.nan,
            "timeout_share": self.timeouts / n if n else math.nan,
            "timeout_ci": list(wilson(self.timeouts, n)),
            "no_winner": n - self.with_winner,
            "shared_wins": self.shared_wins,
            "mean_rounds": _mean_hist(self.rounds),
            "median_rounds": _quantile(self.rounds, 0.5),
            "p10_rounds": _quantile(self.rounds, 0.1),
            "p90_rounds": _quantile(self.rounds, 0.9),
            "mean_turns": _mean_hist(self.turns),
            "median_turns": _quantile(self.turns, 0.5),
            "mean_gold": _mean_hist(self.gold),
            "median_gold": _quantile(self.gold, 0.5),
            "mean_winner_gold": self.winner_gold / self.with_winner
            if self.with_winner
            else math.nan,
            "balance_characters": self.balance_characters,
            "balance_seats": self.balance_seats,
            "first_seat_advantage": self.first_seat_advantage,
            "first_seat_share": self.first_seat.rate,
            "first_seat_ci": list(self.first_seat.ci),
            "first_seat_edge": self.first_seat.rate - 1 / self.players,
            "first_seat_edge_ci": [c - 1 / self.players for c in self.first_seat.ci],
            "mean_rounds_ci": list(_mean_ci(self.rounds)),
            "median_rounds_ci": list(median_ci(self.rounds)),
            "mean_gold_ci": [c / self.players for c in self._total_ci("gold")],
            "injuries_ci": list(self._total_ci("injuries")),
            "injuries_per_game": sum(s.injuries for s in self.seats) / n if n else math.nan,
            "shuffle_backs_per_game": sum(s.shuffle_backs for s in self.seats) / n
            if n
            else math.nan,
            "treasures_per_game": self.treasures / n if n else math.nan,
            "mean_lead_changes": _mean_hist(self.lead_changes),
            "steps_per_game": self.steps / n if n else math.nan,
            "stalled": len(self.stalled),
            "stalled_share": len(self.stalled) / n if n else math.nan,
            "stalled_games": self.stalled_games(),
        }

    def _total_ci(self, key: str) -> tuple[float, float]:
        """95 % interval of the mean per game of a seat total (gold, injuries, ...)."""
        total = sum(getattr(s, key) for s in self.seats)
        est = mean_interval(self.games, total, self.game_squares[key])
        return est.low, est.high

    def stalled_games(self) -> list[dict[str, int]]:
        """The stalled games (a subset of the timeouts) by game index: the game's seed and
        the round at whose start it was first stalled."""
        return [
            {"index": i, "seed": seed, "round": rnd}
            for i, (seed, rnd) in sorted(self.stalled.items())
        ]

    def character_rows(self) -> dict[str, dict[str, Any]]:
        return {cid: self.characters[cid].row() for cid in sorted(self.characters)}

    def seat_rows(self) -> list[dict[str, Any]]:
        return [{"seat": i, **s.row()} for i, s in enumerate(self.seats)]

    def test_rows(self) -> dict[str, dict[str, Any]]:
        """Per kind of test: tries, passes, observed rate (with CI) against the exact one."""
        out = {}
        for key in sorted(self.tests):
            t = self.tests[key]
            lo, hi = wilson(t.passes, t.tries)
            out[key] = {
                "tries": t.tries,
                "passes": t.passes,
                "rate": t.passes / t.tries if t.tries else math.nan,
                "ci_low": lo,
                "ci_high": hi,
                "expected_passes": float(t.expected),
                "expected_rate": float(t.expected / t.tries) if t.tries else math.nan,
            }
        return out

    def durations(self) -> dict[str, dict[int, int]]:
        """The distributions of game length: rounds and turns (value -> games)."""
        return {
            "rounds": dict(sorted(self.rounds.items())),
            "turns": dict(sorted(self.turns.items())),
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "summary": self.summary(),
            "balance": self.balance(),
            "characters": self.character_rows(),
            "seats": self.seat_rows(),
            "tests": self.test_rows(),
            "rooms": dict(sorted(self.rooms.items())),
            "durations": self.durations(),
            "lead_changes": dict(sorted(self.lead_changes.items())),
            "gold": dict(sorted(self.gold.items())),
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Metrics):
            return NotImplemented
        return _state(self) == _state(other)

    __hash__ = None  # type: ignore[assignment]


def _state(m: Metrics) -> dict[str, Any]:
    return {k: v for k, v in vars(m).items()}

"""Game feel: is it a good game, not only a fair one (issue 40; docs/metrics.md "Game feel").

Figures per game, read from a :class:`~verlies.sim.records.GameRecord`'s
:class:`~verlies.sim.records.FeelTrace` (turn by turn standings and every decision), and
per deck with 95 % intervals:

* *tension*: lead changes (the lab's own count), **decisiveness** (the share of the game
  before the eventual winner's estimated win chance stays above one half to the end),
  **drama** (how far the winner's chance was below the favourite's at its worst),
  **comebacks** (games won by a seat that was last at half time);
* *agency*: the share of decisions with a real choice;
* *downtime*: per wait for one's next decision, the decisions and steps of others;
* *luck against skill*: :func:`skill_trace` (the search bot at growing budgets against
  careful bots, paired with careful in its seat on the same seeds).

Win chances come from :class:`Estimator`: a conditional logit over the seats on what the
table shows at a turn's start (escaped, ready to draw, injured, gold behind the richest),
fitted on the lab's own games (:func:`fit_estimator`; the shipped weights are the default
deck's, careful bots, see :data:`WEIGHTS`). The engine has no exact chance of winning a
whole game; this estimate costs a few arithmetic operations per seat and turn.

Nothing here imports a widget library; the figures need only the records.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from verlies.sim import stats
from verlies.sim.records import (
    DECISION_KINDS,
    TURN_WIDTH,
    DeckArg,
    FeelTrace,
    GameRecord,
    SimulationError,
    bot_seed,
    game_seed,
    load_deck,
    make_bots,
    play_record,
)
from verlies.sim.stats import Estimate, mean_interval, wilson

__all__ = [
    "FIGURES",
    "WEIGHTS",
    "Estimator",
    "Example",
    "FeelComparison",
    "FeelReport",
    "GameFeel",
    "SkillTrace",
    "compare_feel",
    "estimator_for",
    "feel_report",
    "fit_estimator",
    "game_feel",
    "luck_only",
    "show_me",
    "skill_trace",
]

#: The per-game figures, in the order a report shows them.
FIGURES: tuple[str, ...] = (
    "decisiveness",
    "drama",
    "comeback",
    "lead_changes",
    "agency",
    "wait_decisions",
    "wait_steps",
    "longest_wait",
    "kingmaking",
    "mattered",
)
#: A seat out of contention ("cannot win", kingmaking, docs/metrics.md): at its turn's
#: start last in estimated win chance and below this share of an even chance (1/players),
#: and it does not win. (The estimator seldom puts a seat below 10 %: a firmer bound
#: would find almost nothing.)
KINGMAKER = 0.5
#: The win chance the eventual winner must keep to the end for the game to count as decided.
THRESHOLD = 0.5
#: The names of the estimator's features, per seat.
FEATURES: tuple[str, ...] = (
    "escaped",
    "ready",
    "injured",
    "gold_behind",
    "gold_behind_late",
    "escaped_gold_behind",
    "ready_late",
)

#: The estimator's weights per player count: fitted with :func:`fit_estimator` on the
#: default deck, careful bots, ``characters="all"``, 400 games from seed 4000
#: (``python benchmarks/feel.py --calibrate``). Other decks and bots may deserve their own
#: fit (``fit_estimator(records, players)``).
WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (0.0, 0.18313, 0.116594, -0.014635, 0.0, 0.0, 0.0),
    3: (0.305069, 0.27993, 0.185787, 0.903019, -0.543744, 0.776778, 0.040919),
    4: (-0.219367, 0.205852, 0.149525, 0.784521, -0.391496, 1.222575, -0.147728),
}


# ---- the win-chance estimator ---------------------------------------------------------------


def _features(row: Sequence[int], players: int) -> list[list[float]]:
    """Each seat's features at a turn row (see :class:`~verlies.sim.records.FeelTrace`)."""
    escaped, injured, ready = row[3], row[4], row[5]
    golds = row[TURN_WIDTH : TURN_WIDTH + players]
    richest = max(golds)
    gone = bin(escaped).count("1")
    late = gone / (players - 1) if players > 1 else 1.0
    out = []
    for i in range(players):
        bit = 1 << i
        behind = (golds[i] - richest) / 10.0
        out_ = 1.0 if escaped & bit else 0.0
        up = 1.0 if ready & bit else 0.0
        out.append(
            [
                out_,
                up,
                1.0 if injured & bit else 0.0,
                behind,
                behind * late,
                out_ * behind,
                up * late,
            ]
        )
    return out


def _softmax(weights: Sequence[float], xs: list[list[float]]) -> list[float]:
    scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in xs]
    top = max(scores)
    es = [math.exp(s - top) for s in scores]
    total = sum(es)
    return [e / total for e in es]


@dataclass(frozen=True, slots=True)
class Estimator:
    """P(seat i wins | a turn's standings) = exp(w·x_i) / Σ_j exp(w·x_j) (a conditional
    logit over the seats, McFadden 1974), x: :data:`FEATURES`."""

    players: int
    weights: tuple[float, ...]

    def chances(self, row: Sequence[int]) -> list[float]:
        """Each seat's estimated win chance at a turn row (they sum to 1): the scores
        w·x_i written out (the same numbers as ``_features``, without building them)."""
        players = self.players
        w0, w1, w2, w3, w4, w5, w6 = self.weights
        escaped, injured, ready = row[3], row[4], row[5]
        golds = row[TURN_WIDTH : TURN_WIDTH + players]
        richest = max(golds)
        late = bin(escaped).count("1") / (players - 1) if players > 1 else 1.0
        scores = []
        bit = 1
        for g in golds:
            behind = (g - richest) / 10.0
            if escaped & bit:
                score = w0 + behind * (w3 + w4 * late + w5)
            else:
                score = behind * (w3 + w4 * late)
                if injured & bit:
                    score += w2
                elif ready & bit:
                    score += w1 + w6 * late
            scores.append(score)
            bit <<= 1
        top = max(scores)
        es = [math.exp(x - top) for x in scores]
        total = sum(es)
        return [e / total for e in es]


def estimator_for(players: int) -> Estimator:
    """The shipped estimator for ``players`` (uniform chances where none is fitted)."""
    weights = WEIGHTS.get(players)
    return Estimator(players, (0.0,) * len(FEATURES) if weights is None else weights)


def fit_estimator(
    records: Iterable[GameRecord], players: int, iterations: int = 40, ridge: float = 0.01
) -> Estimator:
    """Fit the estimator's weights on games with a winner by Newton's method on the
    conditional-logit likelihood (a shared win, R1.5, counts for each winner in part),
    with a small ridge so that a feature that never varies stays at 0. Every turn row of
    a game is one observation (rows of a game are not independent: the weights are a
    point estimate, not a test)."""
    k = len(FEATURES)
    data: Counter[tuple[tuple[tuple[float, ...], ...], tuple[float, ...]]] = Counter()
    for r in records:
        if r.players != players or r.feel is None or not r.winners:
            continue
        share = 1.0 / len(r.winners)
        y = tuple(share if s in r.winners else 0.0 for s in range(players))
        for row in r.feel.turn_rows():
            xs = tuple(tuple(x) for x in _features(row, players))
            data[(xs, y)] += 1
    w = [0.0] * k
    for _ in range(iterations):
        grad = [-ridge * wk for wk in w]
        hess = [[ridge if a == b else 0.0 for b in range(k)] for a in range(k)]
        for (xs, y), count in data.items():
            p = _softmax(w, [list(x) for x in xs])
            mean = [sum(p[j] * xs[j][a] for j in range(players)) for a in range(k)]
            for j in range(players):
                if y[j]:
                    for a in range(k):
                        grad[a] += count * y[j] * (xs[j][a] - mean[a])
                pj = p[j] * count
                if pj:
                    xj = xs[j]
                    for a in range(k):
                        da = xj[a] - mean[a]
                        if da:
                            hrow = hess[a]
                            for b in range(k):
                                hrow[b] += pj * da * (xj[b] - mean[b])
        step = _solve(hess, grad)
        w = [wk + s for wk, s in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return Estimator(players, tuple(round(x, 6) for x in w))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a is positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        d = m[c][c]
        if d == 0:
            continue
        for r in range(c + 1, n):
            f = m[r][c] / d
            if f:
                for cc in range(c, n + 1):
                    m[r][cc] -= f * m[c][cc]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        s = m[r][n] - sum(m[r][cc] * x[cc] for cc in range(r + 1, n))
        x[r] = s / m[r][r] if m[r][r] else 0.0
    return x


# ---- one game ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameFeel:
    """One game's figures (docs/metrics.md "Game feel"); None where a figure has no
    meaning for the game (no winner, one player, nobody waited)."""

    index: int
    seed: int
    players: int
    turns: int  # turn rows
    lead_changes: int
    decisiveness: float | None  # share of the game before it was decided
    decided_turn: int | None  # the turn (row) from which the winner stayed above THRESHOLD
    drama: float | None  # the winner's largest gap to the favourite, in win chance
    worst_turn: int | None  # the turn (row) of that gap
    comeback: bool | None  # won by a seat that was last at half time
    decisions: int
    choices: int  # decisions with a real choice
    agency: float | None
    waits: int  # waits for one's next decision (with at least one decision of others)
    wait_decisions: float | None  # mean decisions of others per wait
    wait_steps: float | None  # mean steps per wait
    longest_wait: int | None  # the most decisions of others in one wait
    turn_steps: tuple[int, ...] = ()  # the step at which each turn row began
    kingmaking: bool | None = None  # a seat that could not win decided who does
    king_turn: int | None = None  # the turn (row) of the first such decision
    mattered: float | None = None  # mean spread of a rolling-out bot's options' values
    mattered_decisions: int = 0  # decisions that spread is the mean of
    mattered_turn: int | None = None  # the turn (row) of the decision that mattered most

    def value(self, key: str) -> float | None:
        """A figure as a number (a comeback as 1/0)."""
        v = getattr(self, key)
        if v is None:
            return None
        return float(v)


def game_feel(record: GameRecord, estimator: Estimator | None = None) -> GameFeel:
    """The figures of one game (its record must carry a :class:`FeelTrace`)."""
    trace = record.feel
    if trace is None:
        raise SimulationError(
            f"game {record.index} has no feel trace (played with feel=False?): "
            "its game-feel figures cannot be computed"
        )
    players = record.players
    est = estimator or estimator_for(players)
    if est.players != players:
        raise SimulationError(
            f"a {est.players}-player estimator for a {players}-player game ({record.index})"
        )
    rows = trace.turn_rows()
    winners = record.winners
    decisiveness, decided, drama, worst, comeback, chs = _tension(rows, winners, est)
    decisions = trace.decision_rows()
    choices = sum(d[3] for d in decisions)
    king_turn = _kingmaking(rows, chs, winners, decisions) if players > 2 and chs else None
    spreads = trace.spread_rows()
    mattered, mattered_turn = _mattered(spreads, rows, decisions)
    waits_d, waits_s = _waits(decisions)
    return GameFeel(
        index=record.index,
        seed=record.seed,
        players=players,
        turns=len(rows),
        lead_changes=record.lead_changes,
        decisiveness=decisiveness,
        decided_turn=decided,
        drama=drama,
        worst_turn=worst,
        comeback=comeback,
        decisions=len(decisions),
        choices=choices,
        agency=choices / len(decisions) if decisions else None,
        waits=len(waits_d),
        wait_decisions=sum(waits_d) / len(waits_d) if waits_d else None,
        wait_steps=sum(waits_s) / len(waits_s) if waits_s else None,
        longest_wait=max(waits_d) if waits_d else None,
        turn_steps=tuple(row[1] for row in rows),
        kingmaking=None if players < 3 or not chs else king_turn is not None,
        king_turn=king_turn,
        mattered=mattered,
        mattered_decisions=len(spreads),
        mattered_turn=mattered_turn,
    )


def _tension(
    rows: Sequence[Sequence[int]], winners: Sequence[int], est: Estimator
) -> tuple[float | None, int | None, float | None, int | None, bool | None, list[list[float]]]:
    """Decisiveness, the turn decided, drama, its worst turn, comeback, and each turn's
    estimated chances (see :func:`game_feel`); Nones without a winner or a turn."""
    players = est.players
    decisiveness = drama = None
    decided = worst = None
    comeback = None
    chs: list[list[float]] = []
    if players > 1 and winners and rows:
        curve = []  # the winners' chance and the best other seat's, per turn
        half = len(rows) // 2
        for t, row in enumerate(rows):
            ch = est.chances(row)
            chs.append(ch)
            mine = sum(ch[s] for s in winners)
            others = max((ch[s] for s in range(players) if s not in winners), default=0.0)
            curve.append((mine, others))
            if t == half:
                low = min(ch)
                comeback = low < max(ch) and any(ch[s] == low for s in winners)
        decided = _decided(curve)
        decisiveness = decided / len(rows)
        gaps = [others - mine for mine, others in curve]
        worst = max(range(len(gaps)), key=lambda t: (gaps[t], -t))
        drama = max(0.0, gaps[worst])
    return decisiveness, decided, drama, worst, comeback, chs


def _mattered(
    spreads: Sequence[tuple[int, float]],
    rows: Sequence[Sequence[int]],
    decisions: Sequence[Sequence[int]],
) -> tuple[float | None, int | None]:
    """How much a choice mattered (the mean spread over the decisions a bot's rollouts
    gave one) and the turn of the decision where it mattered most; None without any."""
    if not spreads:
        return None, None
    mattered = sum(v for _, v in spreads) / len(spreads)
    top = max(spreads, key=lambda kv: (kv[1], -kv[0]))[0]
    top_step = decisions[top][1]
    return mattered, max([t for t, row in enumerate(rows) if row[1] <= top_step], default=0)


def _decided(curve: Sequence[tuple[float, float]]) -> int:
    """The turn the game was decided: the first after the last one where the winners'
    chance was at or below the threshold (the game's length if it never rose above)."""
    decided = len(curve)
    for t in range(len(curve) - 1, -1, -1):
        if curve[t][0] <= THRESHOLD:
            break
        decided = t
    return decided


def _waits(decisions: Sequence[tuple[int, ...]]) -> tuple[list[int], list[int]]:
    """Each wait between two decisions of one seat: the others' decisions, and the steps,
    in between (a seat deciding twice in a row waited for nothing)."""
    waits_d: list[int] = []
    waits_s: list[int] = []
    last: dict[int, tuple[int, int]] = {}  # seat -> (its last decision's number, step)
    for k, (seat, step, _kind, _real) in enumerate(decisions):
        before = last.get(seat)
        if before is not None and k - before[0] > 1:
            waits_d.append(k - before[0] - 1)
            waits_s.append(step - before[1] - 1)
        last[seat] = (k, step)
    return waits_d, waits_s


def _favourite(ch: Sequence[float], but: int) -> int:
    """The seat other than ``but`` with the highest chance; -1 on a tie for it."""
    best = -1
    top = -1.0
    tie = False
    for s, c in enumerate(ch):
        if s == but:
            continue
        if c > top:
            best, top, tie = s, c, False
        elif c == top:
            tie = True
    return -1 if tie else best


def _kingmaking(
    rows: Sequence[Sequence[int]],
    chs: Sequence[Sequence[float]],
    winners: Sequence[int],
    decisions: Sequence[Sequence[int]],
) -> int | None:
    """The first turn (row) in which a seat that cannot win (at the turn's start last and
    below :data:`KINGMAKER` of an even chance, and not a winner) made a real choice and
    the favourite among the other seats changed, to a seat that went on to win: after
    the turn, at the next turn's start, or for the last turn the result (a sole winner).
    None if none."""
    last = len(rows) - 1
    for t, row in enumerate(rows):
        m = row[0]
        mine = chs[t][m]
        if m in winners or mine >= KINGMAKER / len(chs[t]) or mine > min(chs[t]):
            continue
        before = _favourite(chs[t], m)
        if t < last:
            after = _favourite(chs[t + 1], m)
            end = rows[t + 1][1]
        else:
            after = winners[0] if len(winners) == 1 else -1
            end = 1 << 62
        if after < 0 or after == before or after not in winners:
            continue
        start = row[1]
        if any(d[0] == m and d[3] and start <= d[1] < end for d in decisions):
            return t
    return None


# ---- a deck's figures ----------------------------------------------------------------------


@dataclass
class FeelReport:
    """A run's game-feel figures: per figure the games it is defined for, the mean and its
    95 % interval (a comeback share: Wilson; the others: the normal interval of a mean over
    games, which are independent). ``label`` says which deck or draft the run played."""

    players: int
    games: list[GameFeel]
    label: str = ""
    kinds: dict[str, tuple[int, int]] = field(default_factory=dict)  # kind -> (real, all)

    def figure(self, key: str) -> dict[str, Any]:
        if key not in FIGURES:
            raise KeyError(f"unknown game-feel figure {key!r} (known: {', '.join(FIGURES)})")
        values = [v for g in self.games if (v := g.value(key)) is not None]
        n = len(values)
        if key in ("comeback", "kingmaking"):
            k = int(sum(values))
            lo, hi = wilson(k, n)
            est = Estimate(k / n if n else math.nan, lo, hi)
        else:
            est = mean_interval(n, sum(values), sum(v * v for v in values))
        return {"games": n, "mean": est.value, "ci_low": est.low, "ci_high": est.high}

    def figures(self) -> dict[str, dict[str, Any]]:
        return {key: self.figure(key) for key in FIGURES}

    def agency_by_kind(self) -> dict[str, dict[str, Any]]:
        """Per kind of decision (:data:`~verlies.sim.records.DECISION_KINDS`): decisions,
        real choices and their share (pooled over the run's decisions)."""
        return {
            kind: {"decisions": n, "choices": k, "share": k / n if n else math.nan}
            for kind, (k, n) in self.kinds.items()
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "players": self.players,
            "games": len(self.games),
            "threshold": THRESHOLD,
            "figures": self.figures(),
            "agency_by_kind": self.agency_by_kind(),
        }

    def to_csv(self) -> str:
        """One row per figure: games, mean, ci_low, ci_high."""
        rows = ["figure,games,mean,ci_low,ci_high"]
        for key, f in self.figures().items():
            rows.append(f"{key},{f['games']},{f['mean']:.6g},{f['ci_low']:.6g},{f['ci_high']:.6g}")
        return "\n".join(rows) + "\n"

    def text(self, lang: str = "en") -> str:
        """One plain line per figure, in ``lang``."""
        from verlies.i18n import text as t

        lines = [t("feel.head", lang, label=self.label, games=len(self.games), p=self.players)]
        for key, f in self.figures().items():
            if not f["games"]:
                lines.append(t("feel.none", lang, name=t(f"feel.name.{key}", lang)))
                continue
            pct = key in ("decisiveness", "drama", "comeback", "agency", "kingmaking", "mattered")
            lines.append(
                t(
                    f"feel.line.{key}",
                    lang,
                    mean=_num(f["mean"], pct, lang),
                    low=_num(f["ci_low"], pct, lang),
                    high=_num(f["ci_high"], pct, lang),
                    n=f["games"],
                )
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text("en")


def _num(x: float, pct: bool, lang: str) -> str:
    if math.isnan(x):
        return "–"
    s = f"{x * 100:.1f} %" if pct else f"{x:.2f}"
    return s.replace(".", ",") if lang == "de" else s


def feel_report(
    records: Iterable[GameRecord], estimator: Estimator | None = None, label: str = ""
) -> FeelReport:
    """The figures of a run's records (all of one player count)."""
    games: list[GameFeel] = []
    kinds = {k: [0, 0] for k in DECISION_KINDS}
    players = 0
    for r in sorted(records, key=lambda r: r.index):
        if players and r.players != players:
            raise SimulationError(
                f"game {r.index} has {r.players} players, the others {players}: one "
                "report per player count"
            )
        players = r.players
        games.append(game_feel(r, estimator))
        assert r.feel is not None
        for row in r.feel.decision_rows():
            acc = kinds[DECISION_KINDS[row[2]]]
            acc[0] += row[3]
            acc[1] += 1
    return FeelReport(players, games, label, {k: (v[0], v[1]) for k, v in kinds.items()})


# ---- A/B: paired, always-valid, Holm (the lab's method, verlies.sim.stats) ------------------

#: The smallest change of each figure that matters (the mixture scale τ and the band of
#: "no meaningful change"), in the figure's units.
DELTAS: dict[str, float] = {
    "decisiveness": 0.05,
    "drama": 0.05,
    "comeback": 0.03,
    "lead_changes": 0.25,
    "agency": 0.02,
    "wait_decisions": 0.25,
    "wait_steps": 1.0,
    "longest_wait": 1.0,
    "kingmaking": 0.03,
    "mattered": 0.02,
}
#: Pairs before a sequential look may decide (as ``verlies.sim.compare.MIN_PAIRS``).
MIN_PAIRS = 30


@dataclass
class FeelComparison:
    """Game i of A against game i of B (same seed and characters) for every watched
    figure: the paired differences' always-valid intervals (the normal mixture, τ = δ),
    p-values as the running minimum over the looks, Holm across the watched figures, and
    one of three verdicts ("different", "no_change", "undecided")."""

    watch: tuple[str, ...]
    alpha: float = 0.05
    sums: dict[str, list[float]] = field(default_factory=dict)  # key -> [n, Σd, Σd², Σa, Σb]
    pmin: dict[str, float] = field(default_factory=dict)
    looks: int = 0

    def add(self, a: GameFeel, b: GameFeel) -> None:
        for key in self.watch:
            va, vb = a.value(key), b.value(key)
            if va is None or vb is None:
                continue  # a figure undefined in either game (no winner ...) is not paired
            s = self.sums.setdefault(key, [0.0, 0.0, 0.0, 0.0, 0.0])
            d = vb - va
            s[0] += 1
            s[1] += d
            s[2] += d * d
            s[3] += va
            s[4] += vb

    def _var(self, key: str) -> tuple[int, float, float]:
        n, sd, sdd = self.sums.get(key, [0.0, 0.0, 0.0])[:3]
        m = int(n)
        var = (sdd - sd * sd / m) / (m - 1) if m >= 2 else 0.0
        # a constant difference so far: the floor of a rare change of one δ
        return m, sd / m if m else math.nan, max(var, stats.variance_floor(m, DELTAS[key]))

    def _p_now(self, key: str) -> float:
        n, mean, var = self._var(key)
        if n < MIN_PAIRS:
            return 1.0
        return stats.cs_p_value(n, mean, var, DELTAS[key])

    def look(self) -> None:
        self.looks += 1
        for key in self.watch:
            self.pmin[key] = min(self.pmin.get(key, 1.0), self._p_now(key))

    def p_value(self, key: str) -> float:
        return min(self._p_now(key), self.pmin.get(key, 1.0))

    def rows(self, alpha: float | None = None) -> dict[str, dict[str, Any]]:
        """Per figure its pairs, A, B, B − A, the always-valid interval at its Holm level,
        p, Holm's p and its state, Holm across the figures at ``alpha`` (default
        ``self.alpha``)."""
        alpha = self.alpha if alpha is None else alpha
        ps = [self.p_value(k) for k in self.watch]
        levels = stats.holm_levels(ps, alpha)
        adjusted = stats.holm(ps)
        out = {}
        for key, p, level, padj in zip(self.watch, ps, levels, adjusted, strict=True):
            n, mean, var = self._var(key)
            s = self.sums.get(key, [0.0] * 5)
            h = stats.cs_half_width(n, var, DELTAS[key], level) if n >= MIN_PAIRS else math.inf
            lo, hi = mean - h, mean + h
            state = (
                "different"
                if padj <= alpha
                else "within"
                if -DELTAS[key] < lo and hi < DELTAS[key]
                else "open"
            )
            out[key] = {
                "pairs": n,
                "a": s[3] / n if n else math.nan,
                "b": s[4] / n if n else math.nan,
                "diff": mean,
                "ci_low": lo,
                "ci_high": hi,
                "p": p,
                "p_holm": padj,
                "state": state,
            }
        return out

    @property
    def verdict(self) -> str:
        return self.verdict_of(self.rows())

    @staticmethod
    def verdict_of(rows: dict[str, dict[str, Any]]) -> str:
        """The family's verdict from its rows: "different" when a figure changed,
        "no_change" when every one lies within ±δ, else "undecided"."""
        states = [r["state"] for r in rows.values()]
        if "different" in states:
            return "different"
        if states and all(s == "within" for s in states):
            return "no_change"
        return "undecided"


#: The figures shown as shares (percent; their differences in percentage points).
SHARES = ("decisiveness", "drama", "comeback", "agency", "kingmaking", "mattered")


def feel_lines(feel: dict[str, Any] | None, lang: str = "en") -> list[str]:
    """The game-feel family of a comparison (``Comparison.feel_dict()``) in plain lines:
    a head with the family's verdict, then per figure A → B, B − A with its always-valid
    interval and what it means (changed, no meaningful change, can't tell yet). Figures
    no pair defines (e.g. how much a choice mattered, without a search bot) are left out.
    [] without a trace."""
    from verlies.i18n import text as t

    if not feel:
        return []
    rows = {k: r for k, r in feel["rows"].items() if r["pairs"]}
    pairs = max((r["pairs"] for r in rows.values()), default=0)
    from verlies.i18n.metrics import alpha_words

    verdict = t(f"feel.ab.{feel['verdict']}", lang)
    alpha = alpha_words(feel.get("alpha", 0.05), lang)
    out = [t("feel.ab.head", lang, pairs=pairs, alpha=alpha, verdict=verdict)]
    for key, r in rows.items():
        pct = key in SHARES

        def diff(x: float, pct: bool = pct) -> str:
            if not math.isfinite(x):
                return "–"
            s = f"{x * 100:+.1f}" if pct else f"{x:+.2f}"
            s = (s.replace(".", ",") if lang == "de" else s).replace("-", "−")
            return t("feel.ab.pts", lang, x=s) if pct else s

        out.append(
            t(
                "feel.ab.row",
                lang,
                name=t(f"feel.name.{key}", lang),
                a=_num(r["a"], pct, lang),
                b=_num(r["b"], pct, lang),
                diff=diff(r["diff"]),
                low=diff(r["ci_low"]),
                high=diff(r["ci_high"]),
                state=t(f"feel.ab.state.{r['state']}", lang),
            )
        )
    return out


def compare_feel(
    records_a: Sequence[GameRecord],
    records_b: Sequence[GameRecord],
    watch: Sequence[str] = FIGURES,
    alpha: float = 0.05,
    block: int | None = None,
    estimator: Estimator | None = None,
) -> FeelComparison:
    """Pair the games of two runs on the same seeds (game i with game i) and look after
    every ``block`` pairs (None: once, at the end)."""
    for key in watch:
        if key not in DELTAS:
            raise SimulationError(f"unknown game-feel figure {key!r} (known: {', '.join(FIGURES)})")
    a = {r.index: r for r in records_a}
    b = {r.index: r for r in records_b}
    common = sorted(set(a) & set(b))
    comp = FeelComparison(tuple(watch), alpha)
    step = block or max(1, len(common))
    for k, i in enumerate(common, 1):
        comp.add(game_feel(a[i], estimator), game_feel(b[i], estimator))
        if k % step == 0 or k == len(common):
            comp.look()
    return comp


# ---- "show me a game like this" -------------------------------------------------------------


@dataclass(frozen=True)
class Example:
    """A game of a run to watch: its index, seed and setup, the step that mattered (in
    the replayed game's steps, for ``Game.goto``), why, and a play-page ``?g=`` link at
    that step (None when too long for a link)."""

    figure: str
    index: int
    seed: int
    characters: tuple[str, ...]
    setup: dict[str, Any]
    turn: int  # the turn row that mattered
    step: int  # the replayed game's step index at that turn's start
    value: float
    link: str | None


#: What :func:`show_me` can look for: figure -> (the per-game key, largest first?).
SELECTIONS: dict[str, tuple[str, bool]] = {
    "comeback": ("drama", True),  # the biggest comeback: a comeback with the most drama
    "drama": ("drama", True),
    "late_decision": ("decisiveness", True),
    "early_decision": ("decisiveness", False),
    "lead_changes": ("lead_changes", True),
    "longest_game": ("turns", True),
    "shortest_game": ("turns", False),
    "longest_wait": ("longest_wait", True),
    "least_agency": ("agency", False),
    "kingmaking": ("kingmaking", True),
    "mattered": ("mattered", True),
}


def show_me(
    spec: Any, records: Sequence[GameRecord], what: str, estimator: Estimator | None = None
) -> Example | None:
    """The game of ``records`` (a run of ``spec``, a :class:`~verlies.sim.run.RunSpec`)
    that best shows ``what`` (:data:`SELECTIONS`), with the turn that mattered: the
    winner's worst moment for a comeback or drama, the turn the game was decided for a
    decision, the last turn for a game's length, the start of the longest wait. None when
    no game qualifies (e.g. no comeback). Ties go to the lowest game index."""
    from verlies.links import link
    from verlies.sim.run import lab_game

    if what not in SELECTIONS:
        raise SimulationError(f"unknown selection {what!r} (known: {', '.join(SELECTIONS)})")
    key, largest = SELECTIONS[what]
    best: tuple[float, int, GameFeel] | None = None
    for r in records:
        g = game_feel(r, estimator)
        if (what == "comeback" and not g.comeback) or (what == "kingmaking" and not g.kingmaking):
            continue
        v = getattr(g, key)
        if v is None:
            continue
        score = float(v) if largest else -float(v)
        if best is None or (score, -g.index) > (best[0], -best[2].index):
            best = (score, g.index, g)
    if best is None:
        return None
    g = best[2]
    if what in ("comeback", "drama"):
        turn = g.worst_turn or 0
    elif what in ("late_decision", "early_decision"):
        turn = min(g.decided_turn or 0, max(0, g.turns - 1))
    elif what == "kingmaking":
        turn = g.king_turn or 0
    elif what == "mattered":
        turn = g.mattered_turn or 0
    elif what == "longest_wait":
        turn = _longest_wait_turn(next(r for r in records if r.index == g.index))
    else:
        turn = max(0, g.turns - 1)
    game = lab_game(spec, g.index)
    step = _turn_step(game, turn)
    game.goto(step)
    setup = spec.setup_of(g.index)
    return Example(
        figure=what,
        index=g.index,
        seed=g.seed,
        characters=tuple(setup.characters),
        setup={k: v for k, v in setup.to_dict().items() if k != "deck"}
        | {"deck": str(getattr(setup.deck, "name", "deck"))},
        turn=turn,
        step=step,
        value=float(getattr(g, key)),
        link=link(game, list(spec.bots)),
    )


def _longest_wait_turn(record: GameRecord) -> int:
    """The turn row in which the game's longest wait began."""
    assert record.feel is not None
    decisions = record.feel.decision_rows()
    last: dict[int, int] = {}
    best = (-1, 0)  # (decisions waited, the step the wait began)
    for k, row in enumerate(decisions):
        before = last.get(row[0])
        if before is not None and k - before - 1 > best[0]:
            best = (k - before - 1, decisions[before][1] + 1)
        last[row[0]] = k
    rows = record.feel.turn_rows()
    return max([t for t, row in enumerate(rows) if row[1] <= best[1]], default=0)


def _turn_step(game: Any, turn: int) -> int:
    """The step index of a finished game (its ``steps``, forced ones included) at which
    turn row ``turn`` began: replayed from the start, counting turn starts as the record's
    loop does (a decision point of a new turn number)."""
    from verlies.game import Game

    g = Game.from_setup(game.setup, log=False)
    seen = -1
    count = -1
    for i, step in enumerate(game.steps):
        s = g.state
        if not s.at_chance and not s.over and s.turn_no != seen:
            seen = s.turn_no
            count += 1
            if count == turn:
                return i
        g.apply(step)
    return len(game.steps)


# ---- luck against skill: the skill trace ----------------------------------------------------


@dataclass
class SkillTrace:
    """Per budget (the search bot's worlds per decision): its seat's wins against the same
    seat played by careful on the same seeds and characters (paired), with 95 % intervals;
    ``levels_off``: the smallest budget whose gain is not clearly below the largest
    budget's (its interval reaches the top budget's estimate); ``skill``: the top budget's
    gain, the summary figure (0: luck decides as much for it as for careful)."""

    players: int
    games: int
    budgets: tuple[int, ...]
    base: list[int] = field(default_factory=list)  # careful's win (1/0) per game
    wins: dict[int, list[int]] = field(default_factory=dict)  # budget -> win per game
    label: str = ""
    rollouts: dict[int, int] = field(default_factory=dict)

    def gain(self, budget: int) -> dict[str, float]:
        d = [w - b for w, b in zip(self.wins[budget], self.base, strict=True)]
        n = len(d)
        est = mean_interval(n, sum(d), sum(x * x for x in d))
        k = sum(self.wins[budget])
        lo, hi = wilson(k, n)
        return {
            "games": n,
            "win_rate": k / n if n else math.nan,
            "ci_low": lo,
            "ci_high": hi,
            "careful_rate": sum(self.base) / n if n else math.nan,
            "gain": est.value,
            "gain_low": est.low,
            "gain_high": est.high,
            "rollouts_per_game": self.rollouts.get(budget, 0) / n if n else math.nan,
        }

    @property
    def skill(self) -> dict[str, float]:
        return self.gain(self.budgets[-1])

    @property
    def levels_off(self) -> int:
        top = self.gain(self.budgets[-1])["gain"]
        for b in self.budgets:
            if self.gain(b)["gain_high"] >= top:
                return b
        return self.budgets[-1]

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "players": self.players,
            "games": self.games,
            "budgets": {str(b): self.gain(b) for b in self.budgets},
            "skill": self.skill,
            "levels_off": self.levels_off,
        }


def luck_only(deck: DeckArg = None) -> Any:
    """``deck`` (default: the default deck) with every character's three values at 10 and
    every monster's fight values at most 5: every test is then passed by any roll while
    obstacles and traps ask at most 11 (10 + 1, R4.2, R6.2; the default deck asks at most
    10) and 10 + 1 >= 5 + 6 (R7.2); tests/test_feel.py checks every roll of 40 games.
    What is left to luck is the order of the cards; the skill trace should read flat."""
    import re

    from verlies.deck import Deck

    the_deck = load_deck(deck)
    text = re.sub(r"^(staerke|geist|geschick) = \d+", r"\1 = 10", the_deck.dumps(), flags=re.M)

    def weaker(m: re.Match[str]) -> str:  # a monster's values at most 5
        return re.sub(
            r"(Stärke|Geist|Geschick) (\d+)", lambda v: f"{v[1]} {min(5, int(v[2]))}", m[0]
        )

    text = re.sub(r"Kampf:[^.]*\.", weaker, text)
    return Deck.loads(text).with_name(str(getattr(the_deck, "name", "deck")) + " (luck only)")


def _trace_chunk(
    deck_text: str | None, players: int, seed: int, budgets: tuple[int, ...], lo: int, hi: int
) -> list[tuple[int, int, dict[int, tuple[int, int]]]]:
    """Games ``lo..hi`` of a skill trace (top level: picklable for worker processes)."""
    from verlies.deck import Deck
    from verlies.setup import Setup
    from verlies.sim.search import SearchBot

    deck = Deck.default() if deck_text is None else Deck.loads(deck_text)
    chars = list(deck.characters)
    out = []
    for i in range(lo, hi):
        gseed = game_seed(seed, i)
        seat = i % players
        characters = [chars[(i + s) % len(chars)] for s in range(players)]
        setup = Setup(players=players, characters=characters, seed=gseed, deck=deck)

        base, _ = make_bots("careful", players)
        won = _play_one(setup, base, i, seat)
        by_budget = {}
        for b in budgets:
            bots, _ = make_bots("careful", players)
            strong = SearchBot(simulations=b)
            bots[seat] = strong
            by_budget[b] = (_play_one(setup, bots, i, seat), strong.rollouts)
        out.append((i, won, by_budget))
    return out


def _play_one(setup: Any, bots: list[Any], index: int, seat: int) -> int:
    """Play one game of ``setup`` with ``bots`` (reseeded as the lab does): 1 if ``seat``
    won."""
    from verlies.game import Game

    game = Game.from_setup(setup, log=False)
    for s, bot in enumerate(bots):
        re = getattr(bot, "reseed", None)
        if callable(re):
            re(bot_seed(setup.seed, s))
    rec = play_record(game, bots, index, feel=False)
    return int(seat in rec.winners)


def skill_trace(
    games: int,
    budgets: Sequence[int] = (1, 2, 4, 8),
    players: int = 4,
    deck: DeckArg = None,
    seed: int = 0,
    executor: Executor | None = None,
    chunk: int = 4,
) -> SkillTrace:
    """Play ``games`` games per budget: game i puts the search bot (``simulations`` = the
    budget) in seat ``i mod players`` among careful bots, and the same game (seed,
    characters rotated by i) with careful in that seat too. Games run in this process, or
    in chunks of ``chunk`` on ``executor``; the results never depend on which."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimulationError(f"the number of games must be a whole number >= 1, not {games!r}")
    bs = tuple(budgets)
    if not bs or any(isinstance(b, bool) or not isinstance(b, int) or b < 1 for b in bs):
        raise SimulationError(f"budgets are whole numbers >= 1, not {budgets!r}")
    if list(bs) != sorted(set(bs)):
        raise SimulationError(f"budgets must rise: {budgets!r}")
    the_deck = load_deck(deck)
    from verlies.setup import default_deck

    text = None if the_deck is default_deck() else the_deck.dumps()
    parts = [(lo, min(games, lo + chunk)) for lo in range(0, games, chunk)]
    if executor is None:
        results = [_trace_chunk(text, players, seed, bs, lo, hi) for lo, hi in parts]
    else:
        futures = [
            executor.submit(_trace_chunk, text, players, seed, bs, lo, hi) for lo, hi in parts
        ]
        results = [f.result() for f in futures]
    trace = SkillTrace(players, games, bs, label=str(getattr(the_deck, "name", "deck")))
    trace.wins = {b: [] for b in bs}
    trace.rollouts = dict.fromkeys(bs, 0)
    for part in results:
        for _i, won, by_budget in part:
            trace.base.append(won)
            for b, (w, rollouts) in by_budget.items():
                trace.wins[b].append(w)
                trace.rollouts[b] += rollouts
    return trace


__all__ += ["SHARES", "feel_lines", "DELTAS", "KINGMAKER", "SELECTIONS", "THRESHOLD", "FeelTrace"]

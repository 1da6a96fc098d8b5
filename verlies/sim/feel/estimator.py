"""The win-chance estimator of the game-feel figures (docs/metrics.md "Game feel"):
a conditional logit over the seats on what the table shows at a turn's start."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from verlies.sim.records import TURN_WIDTH, GameRecord

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
        late = escaped.bit_count() / (players - 1) if players > 1 else 1.0
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

    def chances_of(self, rows: Sequence[tuple[int, ...]]) -> list[list[float]]:
        """:meth:`chances` of each turn row (tuples, as ``FeelTrace.turn_rows`` gives
        them), as :meth:`chances_of_turns` works them out."""
        if not rows:
            return []
        width = len(rows[0])
        return self.chances_of_turns(tuple(x for row in rows for x in row), width)

    def chances_of_turns(self, turns: tuple[int, ...], width: int) -> list[list[float]]:
        """:meth:`chances` of each turn row of a packed trace (``FeelTrace.turns``, rows of
        ``width`` numbers), each computed once per distinct standings (the part of a row
        the chances read: escaped, injured, ready, gold) and kept for the next row and
        game with the same (a few thousand distinct standings per player count: the
        cache is cleared at :data:`CACHE_ROWS`). The lists are shared: read them, never
        change them. Standings not kept yet are worked out by :meth:`fresh`, with the
        same numbers as :meth:`chances` bit for bit."""
        cache = KEPT_CHANCES.get(self)
        if cache is None or len(cache) > CACHE_ROWS:
            if len(KEPT_CHANCES) > 8:  # fitted estimators come and go: keep a few
                KEPT_CHANCES.clear()
                KEPT_PLANS.clear()
            cache = KEPT_CHANCES[self] = {}
        plans = KEPT_PLANS.get(self)
        if plans is None:
            plans = KEPT_PLANS[self] = {}
        get = cache.get
        fresh = self.fresh
        out: list[list[float]] = []
        append = out.append
        for i in range(3, len(turns), width):
            key = turns[i : i + width - 3]  # the row from its escaped mask on
            ch = get(key)
            if ch is None:
                ch = cache[key] = fresh(key, plans)
            append(ch)
        return out

    def fresh(  # long because: written out per player count, the hot path of the tally
        self, key: Sequence[int], plans: dict[int, tuple[Any, ...]]
    ) -> list[float]:
        """:meth:`chances` of the standings ``key`` (a turn row from its escaped mask on),
        bit for bit, by the same operations in the same order: each seat's score is
        ``behind × slope (+ constant)``, where the slope and the constant depend only on
        who escaped, is injured and is ready and are worked out once per such masks
        (:meth:`plan`, kept flat in ``plans``). Written out for 3 and 4 players: a largest
        value is taken as ``max`` takes it (the first of equal ones) and the exponentials
        are added by ``sum`` as in :meth:`chances` (from Python 3.12 on, ``sum`` of
        floats is not a plain left-to-right ``+``)."""
        n = len(key)
        exp = math.exp
        if n == 7:
            escaped, injured, ready, g0, g1, g2, g3 = key
            masks = escaped + injured * 256 + ready * 65536  # + and *: no shifts (bits apart)
            plan = plans.get(masks)
            if plan is None:
                plan = plans[masks] = _flat(self.plan(escaped, injured, ready))
            s0, c0, s1, c1, s2, c2, s3, c3 = plan
            richest = g0
            if g1 > richest:
                richest = g1
            if g2 > richest:
                richest = g2
            if g3 > richest:
                richest = g3
            x0 = (g0 - richest) / 10.0 * s0
            if c0 is not None:
                x0 = c0 + x0
            x1 = (g1 - richest) / 10.0 * s1
            if c1 is not None:
                x1 = c1 + x1
            x2 = (g2 - richest) / 10.0 * s2
            if c2 is not None:
                x2 = c2 + x2
            x3 = (g3 - richest) / 10.0 * s3
            if c3 is not None:
                x3 = c3 + x3
            top = x0
            if x1 > top:
                top = x1
            if x2 > top:
                top = x2
            if x3 > top:
                top = x3
            e0, e1, e2, e3 = exp(x0 - top), exp(x1 - top), exp(x2 - top), exp(x3 - top)
            total = sum((e0, e1, e2, e3))
            return [e0 / total, e1 / total, e2 / total, e3 / total]
        if n == 6:
            escaped, injured, ready, g0, g1, g2 = key
            masks = escaped + injured * 256 + ready * 65536  # + and *: no shifts (bits apart)
            plan = plans.get(masks)
            if plan is None:
                plan = plans[masks] = _flat(self.plan(escaped, injured, ready))
            s0, c0, s1, c1, s2, c2 = plan
            richest = g0
            if g1 > richest:
                richest = g1
            if g2 > richest:
                richest = g2
            x0 = (g0 - richest) / 10.0 * s0
            if c0 is not None:
                x0 = c0 + x0
            x1 = (g1 - richest) / 10.0 * s1
            if c1 is not None:
                x1 = c1 + x1
            x2 = (g2 - richest) / 10.0 * s2
            if c2 is not None:
                x2 = c2 + x2
            top = x0
            if x1 > top:
                top = x1
            if x2 > top:
                top = x2
            e0, e1, e2 = exp(x0 - top), exp(x1 - top), exp(x2 - top)
            total = sum((e0, e1, e2))
            return [e0 / total, e1 / total, e2 / total]
        masks = key[0] + key[1] * 256 + key[2] * 65536
        plan = plans.get(masks)
        if plan is None:
            plan = plans[masks] = _flat(self.plan(key[0], key[1], key[2]))
        golds = key[3:]
        richest = max(golds)
        pairs = zip(plan[0::2], plan[1::2], strict=True)
        scores = [
            (g - richest) / 10.0 * slope if c is None else c + (g - richest) / 10.0 * slope
            for g, (slope, c) in zip(golds, pairs, strict=True)
        ]
        top = max(scores)
        es = [exp(x - top) for x in scores]
        total = sum(es)
        return [e / total for e in es]

    def plan(self, escaped: int, injured: int, ready: int) -> list[tuple[float, float | None]]:
        """Per seat (slope, constant) of its score ``constant + behind × slope`` under these
        masks (None: no constant), as :meth:`chances` works them out."""
        players = self.players
        w0, w1, w2, w3, w4, w5, w6 = self.weights
        late = escaped.bit_count() / (players - 1) if players > 1 else 1.0
        out: list[tuple[float, float | None]] = []
        for i in range(players):
            bit = 1 << i
            if escaped & bit:
                out.append((w3 + w4 * late + w5, w0))
            elif injured & bit:
                out.append((w3 + w4 * late, w2))
            elif ready & bit:
                out.append((w3 + w4 * late, w1 + w6 * late))
            else:
                out.append((w3 + w4 * late, None))
        return out


#: The most standings :meth:`Estimator.chances_of` keeps per estimator before it starts over.
CACHE_ROWS = 1 << 16
#: Per estimator the chances :meth:`Estimator.chances_of` has worked out, by standings.
KEPT_CHANCES: dict[Estimator, dict[tuple[int, ...], list[float]]] = {}
#: Per estimator its :meth:`Estimator.plan` by masks (each seat escaped, injured, ready or
#: none: at most 4^players of them), cleared with :data:`KEPT_CHANCES`: flat (slope,
#: constant, slope, ...), by ``escaped + 256 × injured + 65536 × ready``.
KEPT_PLANS: dict[Estimator, dict[int, tuple[Any, ...]]] = {}


def _flat(plan: list[tuple[float, float | None]]) -> tuple[Any, ...]:
    return tuple(x for pair in plan for x in pair)


def estimator_for(players: int) -> Estimator:
    """The shipped estimator for ``players`` (uniform chances where none is fitted); the
    same object each time (the kept chances are found by identity, without comparing)."""
    est = SHIPPED.get(players)
    if est is None:
        weights = WEIGHTS.get(players)
        est = Estimator(players, (0.0,) * len(FEATURES) if weights is None else weights)
        SHIPPED[players] = est
    return est


#: The shipped estimators made so far, by player count (:func:`estimator_for`).
SHIPPED: dict[int, Estimator] = {}


def fit_estimator(
    records: Iterable[GameRecord], players: int, iterations: int = 40, ridge: float = 0.01
) -> Estimator:
    """Fit the estimator's weights on games with a winner by Newton's method on the
    conditional-logit likelihood (a shared win, R1.5, counts for each winner in part),
    with a small ridge so that a feature that never varies stays at 0. Every turn row of
    a game is one observation (rows of a game are not independent: the weights are a
    point estimate, not a test)."""
    w = fit_weights(records, players, _features, len(FEATURES), iterations, ridge)
    return Estimator(players, tuple(round(x, 6) for x in w))


#: A feature map: a turn row and the players -> each seat's features.
FeatureMap = Callable[[Sequence[int], int], list[list[float]]]
#: The shipped estimator's feature map (:data:`FEATURES`).
FEATURE_MAP: FeatureMap = _features


def fit_weights(
    records: Iterable[GameRecord],
    players: int,
    features: FeatureMap,
    k: int,
    iterations: int = 40,
    ridge: float = 0.01,
) -> list[float]:
    """The conditional logit's ``k`` weights over ``features`` (as :func:`fit_estimator`,
    any feature map: for trying other features against the shipped ones)."""
    data: Counter[tuple[tuple[tuple[float, ...], ...], tuple[float, ...]]] = Counter()
    for r in records:
        if r.players != players or r.feel is None or not r.winners:
            continue
        share = 1.0 / len(r.winners)
        y = tuple(share if s in r.winners else 0.0 for s in range(players))
        for row in r.feel.turn_rows():
            xs = tuple(tuple(x) for x in features(row, players))
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
    return w


def scores(
    records: Iterable[GameRecord], players: int, chances: Callable[[Sequence[int]], list[float]]
) -> dict[str, float]:
    """How well ``chances`` (a turn row -> each seat's win chance) foretells the winner,
    over every turn row of the games with a winner: the mean log-loss (−log of the
    winners' chance, a shared win split) and the mean Brier score (Σ over seats of
    (chance − outcome)²), with the rows and games they rest on."""
    loss = brier = 0.0
    rows = games = 0
    for r in records:
        if r.players != players or r.feel is None or not r.winners:
            continue
        games += 1
        share = 1.0 / len(r.winners)
        y = [share if s in r.winners else 0.0 for s in range(players)]
        for row in r.feel.turn_rows():
            ch = chances(row)
            loss -= sum(y[s] * math.log(max(ch[s], 1e-12)) for s in range(players) if y[s])
            brier += sum((c - t) ** 2 for c, t in zip(ch, y, strict=True))
            rows += 1
    n = max(rows, 1)
    return {"log_loss": loss / n, "brier": brier / n, "rows": rows, "games": games}


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


def rollout_chances(
    game: Any, rollouts: int = 16, seed: int = 0, bot: str = "careful"
) -> list[float]:
    """Each seat's chance of winning from ``game``'s position, by ``rollouts`` games played
    on by ``bot`` in every seat with chance drawn from a source of their own (not the
    game's seeded one): a seat's wins (a shared win split) plus one half, over the
    rollouts plus half the players (never 0 or 1). Costs ``rollouts`` games' rest per call
    (benchmarks/feel.py --holdout measures it); ``game`` is not changed."""
    import random

    from verlies.sim.records import make_bots

    players = game.players
    wins = [0.0] * players
    for k in range(rollouts):
        rng = random.Random(seed * 1_000_003 + k)
        g = game.clone(log=False)
        bots, _ = make_bots(bot, players)
        for s, b in enumerate(bots):
            re = getattr(b, "reseed", None)
            if callable(re):
                re(rng.getrandbits(32) + s)
        while not g.is_over:
            if g.is_chance:
                g.roll(rng)
            else:
                p = g.current_player
                g.apply(bots[p](g.view(p)))
        winners = g.result.winners
        for s in winners:
            wins[s] += 1.0 / len(winners)
    total = rollouts + 0.5 * players
    return [(w + 0.5) / total for w in wins]

"""A/B comparison on common random numbers: two decks (or variant sets), the same seeds.

Game ``i`` of A and game ``i`` of B start from the same seed and the same characters, so
the per-game differences B − A are paired: their mean has a much narrower confidence
interval than the difference of two independent runs.

Every comparison ends in one of three verdicts over its watched quantities
(:attr:`Comparison.verdict`): ``"different"`` (Holm over the watched quantities rejects
"no change" for at least one), ``"no_change"`` (every watched quantity's interval lies
inside ±δ of it) or ``"undecided"``. With ``until_clear`` the run goes on in blocks and
looks after every block; its intervals and p-values are then always-valid (the
normal-mixture confidence sequence, :mod:`verlies.sim.stats`), so looking as often as it
likes keeps the stated error: a wrong "different" has probability at most ``alpha``,
family-wise over the watched quantities and at any stopping time, and so has a wrong
"no_change". A fixed-size run looks once, with one-look normal intervals. docs/metrics.md
has the details and the sources.
"""

from __future__ import annotations

import csv
import io
import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from verlies.sim import stats
from verlies.sim.compare_watch import (
    DEFAULT_WATCH,
    DELTAS,
    HEADLINE,
    VERDICTS,
    check_deltas,
    check_watch,
    default_delta,
    expand_watch,
)
from verlies.sim.compare_watch import PLAYED as _PLAYED
from verlies.sim.feel import FIGURES as FEEL_FIGURES
from verlies.sim.feel import FeelComparison, game_feel
from verlies.sim.lab import Bar, Progress, SimResult, check_games, table_cell
from verlies.sim.metrics import Z95, Metrics
from verlies.sim.records import BotsArg, DeckArg, GameRecord, SimulationError, VariantsArg
from verlies.sim.report import Table, TableReport
from verlies.sim.run import (
    CancelToken,
    CharactersArg,
    RunInfo,
    RunSpec,
    Task,
    batch_size,
    check_workers,
    planned_workers,
    run_tasks,
)

__all__ = [
    "ALPHA_SPLIT",
    "check_deltas",
    "check_watch",
    "expand_watch",
    "DEFAULT_WATCH",
    "DELTAS",
    "HEADLINE",
    "MIN_PAIRS",
    "VERDICTS",
    "Comparison",
    "Paired",
    "aa_twin",
    "compare",
    "default_delta",
    "game_values",
]

#: How a before/after answer spends its error budget α (docs/decisions.md, feel3): the
#: verdict's family (the characters' win rates, the first seat's, timeouts, rounds) gets
#: half, the other paired quantities (injuries, gold, …) a quarter and the game-feel
#: figures a quarter; Holm within each family, Bonferroni across the three, so the chance
#: that anything the answer marks as changed (a ★, better/worse/mixed, a figure "changed")
#: is noise is at most α in all. Fixed before the run, whatever the run turns out to hold.
ALPHA_SPLIT: dict[str, float] = {"answer": 0.5, "others": 0.25, "feel": 0.25}

#: A sequential run decides nothing before this many pairs: the plug-in variance of the
#: confidence sequence is only trusted once it rests on some games.
MIN_PAIRS = 30


def aa_twin(deck: DeckArg = None) -> Any:
    """The same cards under other ids (every card but the characters, ids reversed).

    The twin plays the same game, dealt differently: an A/A comparison against it checks
    that the lab calls "different" no more often than its stated error level.
    """
    import re

    from verlies.deck import Deck
    from verlies.sim.records import load_deck

    text = load_deck(deck).dumps()
    ids = [i for i in re.findall(r'^id = "([^"]+)"', text, re.M) if not i.startswith("char-")]
    for cid in ids:
        text = text.replace(f'"{cid}"', f'"{cid[::-1]}"')
    return Deck.loads(text).with_name(load_deck(deck).name + " (renamed ids)")


def game_values(r: GameRecord) -> dict[str, int]:
    """One game's paired quantities (integers: sums stay exact in any order).

    ``gold``, ``left_behind``, ``injuries``, ``escaped``: totals over the seats;
    ``win:<character>``: 1 if that character won; ``win@<seat>``: 1 if that seat won
    (seats counted from the first to move).
    """
    out = {
        "rounds": r.rounds,
        "turns": r.turns,
        "timeout": int(r.timeout),
        "gold": sum(r.gold),
        "left_behind": len(r.left_behind),
        "escaped": len(r.escaped),
        "injuries": sum(r.injuries),
        "shuffle_backs": sum(r.shuffle_backs),
        "lead_changes": r.lead_changes,
    }
    n = r.players
    for seat, cid in enumerate(r.characters):
        won = int(seat in r.winners)
        out[f"win:{cid}"] = won
        out[f"win@{(seat - r.start_seat) % n + 1}"] = won
    return out


@dataclass
class Paired:
    """Sums for one paired quantity: n, ΣA, ΣB, Σd, Σd² (all exact integers).

    Its ``half_width``/``ci``/``clear``/``row`` are the plain one-look z interval of this
    quantity alone (no correction for looks or rows); the verdict and the table use the
    :class:`Comparison`'s methods.
    """

    n: int = 0
    sum_a: int = 0
    sum_b: int = 0
    sum_d: int = 0
    sum_dd: int = 0

    def add(self, a: int, b: int) -> None:
        d = b - a
        self.n += 1
        self.sum_a += a
        self.sum_b += b
        self.sum_d += d
        self.sum_dd += d * d

    @property
    def diff(self) -> float:
        return self.sum_d / self.n if self.n else math.nan

    @property
    def half_width(self) -> float:
        """Half the 95 % interval of the mean difference (normal approximation)."""
        if self.n < 2:
            return math.nan
        var = (self.sum_dd - self.sum_d * self.sum_d / self.n) / (self.n - 1)
        return Z95 * math.sqrt(max(var, 0.0) / self.n)

    @property
    def ci(self) -> tuple[float, float]:
        h = self.half_width
        return self.diff - h, self.diff + h

    @property
    def clear(self) -> bool:
        """The interval excludes zero."""
        lo, hi = self.ci
        return not math.isnan(lo) and (lo > 0 or hi < 0)

    def row(self, scale: float = 1.0) -> dict[str, Any]:
        n = self.n
        lo, hi = self.ci
        return {
            "n": n,
            "a": self.sum_a / n / scale if n else math.nan,
            "b": self.sum_b / n / scale if n else math.nan,
            "diff": self.diff / scale,
            "ci_low": lo / scale,
            "ci_high": hi / scale,
            "clear": self.clear,
        }


@dataclass
class Comparison(TableReport):
    """A and B on the same seeds: both sides' metrics, the paired differences, a verdict.

    ``watch``: the watched quantities (patterns expanded: ``win:*`` is every character);
    ``alpha``: the error level; ``deltas``: δ per watched quantity (display units);
    ``sequential``: the run looked after every block (always-valid intervals and p-values)
    rather than once at its end.
    """

    a: SimResult
    b: SimResult
    label_a: str = "A"
    label_b: str = "B"
    paired: dict[str, Paired] = field(default_factory=dict)
    same_games: int = 0  # pairs that ended exactly alike
    stopped: str = ""  # why the run stopped
    watch: tuple[str, ...] = ()
    alpha: float = 0.05
    deltas: dict[str, float] = field(default_factory=dict)
    sequential: bool = False
    looks: int = 0
    _pmin: dict[str, float] = field(default_factory=dict, repr=False)
    #: Another rule for when a sequential run stops (``compare(..., decide=...)``): given the
    #: comparison after a look, "different", "no_change" or "undecided"; None: the
    #: comparison's own verdict over ``watch``.
    decide: Callable[[Comparison], str] | None = field(default=None, repr=False, compare=False)
    #: The game-feel figures of the same pairs (verlies.sim.feel, docs/metrics.md "Game
    #: feel"): watched in a family of their own (the same always-valid method, Holm across
    #: the figures) at its share of α (``level("feel")``, :data:`ALPHA_SPLIT`); they do not
    #: move ``verdict``, the before/after answer names them.
    feel: FeelComparison | None = field(default=None, repr=False, compare=False)

    @property
    def games(self) -> int:
        return self.a.metrics.games

    @property
    def min_pairs(self) -> int:
        """Pairs a quantity needs before its interval is shown (``MIN_PAIRS``)."""
        return MIN_PAIRS

    def add_pair(self, ra: GameRecord, rb: GameRecord) -> None:
        va, vb = game_values(ra), game_values(rb)
        for key in va.keys() & vb.keys():
            self.paired.setdefault(key, Paired()).add(va[key], vb[key])
        if _key(ra) == _key(rb):
            self.same_games += 1
        if ra.feel is not None and rb.feel is not None:
            if self.feel is None:
                self.feel = FeelComparison(FEEL_FIGURES, self.level("feel"))
            self.feel.add(game_feel(ra), game_feel(rb))

    def level(self, family: str) -> float:
        """A family's share of α in the before/after answer (:data:`ALPHA_SPLIT`):
        ``"answer"`` (the verdict's quantities), ``"others"`` or ``"feel"``."""
        return self.alpha * ALPHA_SPLIT[family]

    # ---- the statistics of one quantity ---------------------------------------------------

    def scale(self, key: str) -> float:
        """Display unit per paired unit: gold is shown per seat (the game total / players)."""
        return float(self.a.spec.players) if key == "gold" else 1.0

    def delta(self, key: str) -> float:
        """δ of ``key`` in display units (the designer's, else the default)."""
        if key in self.deltas:
            return self.deltas[key]
        if key.startswith("win") and "win" in self.deltas:
            return self.deltas["win"]
        return default_delta(key)

    def _var(self, p: Paired) -> float:
        var = (p.sum_dd - p.sum_d * p.sum_d / p.n) / (p.n - 1) if p.n >= 2 else 0.0
        return max(var, stats.variance_floor(p.n))

    def _p_now(self, key: str) -> float:
        """This look's p-value of "no change" (always-valid at this look, or one-look)."""
        p = self.paired.get(key)
        if p is None or p.n < 2:
            return 1.0
        var = self._var(p)
        if self.sequential:
            if p.n < MIN_PAIRS:
                return 1.0
            return stats.cs_p_value(p.n, p.diff, var, self.delta(key) * self.scale(key))
        return stats.t_p(p.diff, math.sqrt(var / p.n), p.n - 1)

    def p_look(self, key: str) -> float:
        """This look's p-value of "no change" in ``key`` (always-valid in a sequential run:
        the p-value and the interval of the same look agree, ≤ a exactly when the interval
        at level a excludes 0)."""
        return self._p_now(key)

    def pairs_for(self, key: str, margin: float, level: float, cap: int = 10_000_000) -> int | None:
        """About how many pairs make ``key``'s half-width at ``level`` smaller than
        ``margin`` (display units), its spread of differences as measured so far; None when
        not known yet, when ``margin`` ≤ 0, or beyond ``cap``."""
        p = self.paired.get(key)
        if p is None or p.n < 2 or not margin > 0:
            return None
        var, sc = self._var(p), self.scale(key)
        tau, goal = self.delta(key) * sc, margin * sc

        def half(n: int) -> float:
            if self.sequential:
                return stats.cs_half_width(n, var, tau, level)
            return stats.z_quantile(1 - level / 2) * math.sqrt(var / n)

        lo, hi = max(p.n, MIN_PAIRS if self.sequential else 2), max(p.n, 2)
        if half(lo) < goal:
            return lo
        while half(hi) >= goal:
            if hi > cap:
                return None
            hi *= 2
        while lo < hi:
            mid = (lo + hi) // 2
            if half(mid) < goal:
                hi = mid
            else:
                lo = mid + 1
        return lo

    def p_value(self, key: str) -> float:
        """The p-value of "no change" in ``key``: always-valid (the running minimum over the
        looks) in a sequential run, one-look otherwise."""
        now = self._p_now(key)
        return min(now, self._pmin.get(key, 1.0)) if self.sequential else now

    def interval(self, key: str, level: float | None = None) -> tuple[float, float]:
        """B − A's interval at error ``level`` (default α), in display units."""
        a = self.alpha if level is None else level
        p = self.paired.get(key)
        if p is None or p.n < 2:
            return math.nan, math.nan  # not known yet
        var = self._var(p)
        sc = self.scale(key)
        if self.sequential:
            if p.n < MIN_PAIRS:
                return math.nan, math.nan
            h = stats.cs_half_width(p.n, var, self.delta(key) * sc, a)
        else:
            h = stats.t_quantile(1 - a / 2, p.n - 1) * math.sqrt(var / p.n)
        return (p.diff - h) / sc, (p.diff + h) / sc

    def look(self) -> None:
        """Record a look (after a whole block): the running minimum of the p-values."""
        self.looks += 1
        if self.feel is not None:
            self.feel.look()
        if self.sequential:
            for key in self.paired:
                self._pmin[key] = min(self._pmin.get(key, 1.0), self._p_now(key))

    # ---- the verdict ----------------------------------------------------------------------

    def watched_keys(self) -> tuple[str, ...]:
        """The watched quantities, patterns expanded (``win:*``: each character)."""
        return self.watch

    def watched(self) -> dict[str, dict[str, Any]]:
        """Per watched quantity: B − A, its always-valid (or one-look) interval at its Holm
        level, the p-value and Holm's adjusted one, δ, and its state: "different" (Holm
        rejects no change), "within" (the interval lies inside ±δ) or "open"."""
        keys = self.watched_keys()
        ps = [self.p_value(k) for k in keys]
        adj = stats.holm(ps)
        levels = stats.holm_levels(ps, self.alpha)
        out: dict[str, dict[str, Any]] = {}
        for k, p, padj, level in zip(keys, ps, adj, levels, strict=True):
            pr = self.paired.get(k) or Paired()
            n = pr.n
            sc = self.scale(k)
            low, high = self.interval(k, level)
            d = self.delta(k)
            if padj <= self.alpha:
                state = "different"
            elif -d < low and high < d:
                state = "within"
            else:
                state = "open"
            out[k] = {
                "n": n,
                "a": pr.sum_a / n / sc if n else math.nan,
                "b": pr.sum_b / n / sc if n else math.nan,
                "diff": pr.diff / sc if n else math.nan,
                "low": low,
                "high": high,
                "level": level,
                "p": p,
                "p_holm": padj,
                "delta": d,
                "state": state,
            }
        return out

    def _decide(self) -> tuple[str, tuple[tuple[str, str], ...]]:
        rows = self.watched()
        diff = tuple(
            (k, "up" if r["diff"] > 0 else "down")
            for k, r in rows.items()
            if r["state"] == "different"
        )
        if diff:
            return "different", diff
        if rows and all(r["state"] == "within" for r in rows.values()):
            return "no_change", tuple((k, "within") for k in rows)
        return "undecided", ()

    @property
    def verdict(self) -> str:
        """``"different"``, ``"no_change"`` or ``"undecided"`` over the watched quantities."""
        return self._decide()[0]

    def stop_verdict(self) -> str:
        """What a sequential run's stop is decided on: ``decide``'s answer when given
        (e.g. the before/after verdict of :mod:`verlies.sim.verdict`), else :attr:`verdict`."""
        return self.decide(self) if self.decide is not None else self.verdict

    @property
    def decided_by(self) -> tuple[tuple[str, str], ...]:
        """What decided the verdict: (quantity, "up"/"down") of each that changed, or
        (quantity, "within") of every one for "no_change"; empty when undecided."""
        return self._decide()[1]

    def sentence(self, lang: str = "en") -> str:
        """The verdict in one or two sentences, in ``lang``."""
        from verlies.i18n.metrics import verdict_sentence

        return verdict_sentence(self, lang)

    # ---- every row ------------------------------------------------------------------------

    def differences(self) -> dict[str, dict[str, Any]]:
        """Per quantity: mean A, mean B, B − A, its interval at α, the p-value, Holm's
        adjusted p over all rows, and ``clear``/``marked``: significant after Holm.

        ``gold`` is per seat (the game total divided by the players). In a sequential run
        the intervals and p-values are always-valid; otherwise they are one-look.
        """
        keys = sorted(self.paired)
        ps = [self.p_value(k) for k in keys]
        adj = stats.holm(ps)
        out = {}
        for k, p, padj in zip(keys, ps, adj, strict=True):
            pr = self.paired[k]
            n, sc = pr.n, self.scale(k)
            lo, hi = self.interval(k)
            marked = padj <= self.alpha
            out[k] = {
                "n": n,
                "a": pr.sum_a / n / sc if n else math.nan,
                "b": pr.sum_b / n / sc if n else math.nan,
                "diff": pr.diff / sc,
                "ci_low": lo,
                "ci_high": hi,
                "p": p,
                "p_holm": padj,
                "clear": marked,
                "marked": marked,
            }
        return out

    def is_clear(self, keys: Sequence[str]) -> bool:
        """Every one of ``keys`` is significant after Holm over ``keys``."""
        ps = [self.p_value(k) for k in keys]
        return bool(keys) and all(p <= self.alpha for p in stats.holm(ps))

    @property
    def is_zero(self) -> bool:
        """Every pair of games ended exactly alike."""
        return self.same_games == self.games

    @property
    def method(self) -> str:
        return "always-valid" if self.sequential else "one look"

    def to_dict(self) -> dict[str, Any]:
        verdict, by = self._decide()
        return {
            "a": {"label": self.label_a, **self.a.to_dict()},
            "b": {"label": self.label_b, **self.b.to_dict()},
            "games": self.games,
            "same_games": self.same_games,
            "stopped": self.stopped,
            "verdict": verdict,
            "decided_by": [list(x) for x in by],
            "sentence": {lang: self.sentence(lang) for lang in ("de", "en")},
            "alpha": self.alpha,
            "method": self.method,
            "looks": self.looks,
            "correction": "holm",
            "alpha_split": {k: self.level(k) for k in ALPHA_SPLIT},
            "watched": self.watched(),
            "differences": self.differences(),
            "feel": self.feel_dict(),
        }

    def feel_dict(self, alpha: float | None = None) -> dict[str, Any] | None:
        """The game-feel family at ``alpha`` (default its share of α, ``level("feel")``):
        its verdict and per figure A, B, B − A with its always-valid interval, p, Holm's p
        and the figure's state; None without traces."""
        if self.feel is None:
            return None
        level = self.level("feel") if alpha is None else alpha
        rows = self.feel.rows(level)
        return {
            "verdict": self.feel.verdict_of(rows),
            "alpha": level,
            "correction": "holm",
            "method": "always-valid",
            "rows": rows,
        }

    def to_csv(self) -> str:
        """One row per paired quantity: A, B, B − A, its interval, p, Holm, marked or not."""
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        cols = ["n", "a", "b", "diff", "ci_low", "ci_high", "clear", "p", "p_holm"]
        w.writerow(["quantity", *cols])
        for key, r in self.differences().items():
            w.writerow([key, *(table_cell(r[c]) for c in cols)])
        feel = self.feel_dict()
        for key, f in (feel["rows"] if feel else {}).items():  # their own Holm family
            row = {"n": f["pairs"], **f, "clear": f["state"] == "different"}
            w.writerow([f"feel:{key}", *(table_cell(row[c]) for c in cols)])
        return out.getvalue()

    def _tables(self, lang: str = "en") -> list[Table]:
        from verlies.i18n.metrics import comparison_tables

        return comparison_tables(self, lang)


def _key(g: GameRecord) -> tuple[Any, ...]:
    return (g.reason, g.escaped, g.winners, g.gold, g.rounds, g.steps)


def compare(
    deck_a: DeckArg = None,
    deck_b: DeckArg = None,
    games: int = 200,
    players: int = 4,
    bots: BotsArg = None,
    seed: int = 0,
    variants_a: VariantsArg = None,
    variants_b: VariantsArg = None,
    round_limit: int | None = 300,
    characters: CharactersArg = None,
    labels: tuple[str, str] | None = None,
    *,
    until_clear: bool | Sequence[str] = False,
    watch: Sequence[str] | str | None = None,
    alpha: float = 0.05,
    deltas: dict[str, float] | None = None,
    max_games: int | None = None,
    max_seconds: float | None = None,
    workers: int | None = None,
    executor: Any = None,
    progress: Progress = False,
    cancel: CancelToken | None = None,
    on_update: Callable[[Comparison], None] | None = None,
    decide: Callable[[Comparison], str] | None = None,
) -> Comparison:
    """Play the same seeds with deck (and variants) A and B; paired differences B − A.

    ``watch``: the quantities the verdict is about (default :data:`DEFAULT_WATCH`;
    ``win:*`` is every character's win rate, ``win@*`` every seat's; a comma-separated
    string works too). ``alpha``: the error level (default 0.05). ``deltas``: δ per
    quantity in the table's units (``{"win": 0.02, "rounds": 2}``; defaults in
    :data:`DELTAS`).

    ``until_clear``: True (watch ``watch``) or a list of quantities to watch: blocks of
    ``games`` games are played, and after every block the always-valid verdict is
    looked at; the run stops at the first block where it is "different" or "no_change",
    or when ``max_games`` (default 20 × ``games``) or ``max_seconds`` is reached
    ("undecided"). Whether to go on is decided only on whole blocks, so the games played
    do not depend on the executor (a time budget excepted). Without ``until_clear`` one
    block is played and the verdict is taken at that one look. ``decide``: another stop
    rule for ``until_clear`` (:meth:`Comparison.stop_verdict`), e.g. the before/after
    verdict's (:func:`verlies.sim.verdict.stop_rule`).
    """
    n = check_games(games)
    check_workers(workers)
    common: dict[str, Any] = {
        "players": players,
        "characters": characters,
        "bots": bots,
        "seed": seed,
        "round_limit": round_limit,
    }
    spec_a = RunSpec.build(deck=deck_a, variants=variants_a, label="A", **common)
    spec_b = RunSpec.build(deck=deck_b, variants=variants_b, label="B", **common)
    labels = labels if labels is not None else _labels(spec_a, spec_b)
    patterns = _watch_patterns(watch, until_clear)
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not 0 < alpha < 1:
        raise SimulationError(f"alpha lies between 0 and 1, not {alpha!r}")
    sequential = bool(until_clear)
    budget = n if not sequential else (max_games if max_games is not None else 20 * n)
    if budget < n:
        raise SimulationError(f"max_games ({budget}) is below one block of games ({n})")
    comp = _comparison(spec_a, spec_b, labels, patterns, float(alpha), deltas, sequential, budget)
    comp.decide = decide
    run = _Blocks(comp, n, budget, max_seconds, on_update)
    run.play(executor, workers, progress, cancel)
    return comp


def _comparison(
    spec_a: RunSpec,
    spec_b: RunSpec,
    labels: tuple[str, str],
    patterns: tuple[str, ...],
    alpha: float,
    deltas: dict[str, float] | None,
    sequential: bool,
    budget: int,
) -> Comparison:
    """A comparison of no games yet: both sides' empty results (one run's info shared),
    the watched quantities expanded, δ for each."""
    info = RunInfo()
    res_a = SimResult(spec_a, Metrics(spec_a.players), info, budget)
    res_b = SimResult(spec_b, Metrics(spec_b.players), info, budget)
    keys = expand_watch(patterns, spec_a)
    given = check_deltas(deltas)
    comp = Comparison(
        res_a, res_b, labels[0], labels[1], alpha=alpha, deltas=given, sequential=sequential
    )
    comp.watch = keys
    comp.deltas = {k: comp.delta(k) for k in keys} | given
    return comp


def _labels(spec_a: RunSpec, spec_b: RunSpec) -> tuple[str, str]:
    """The sides' names: the decks' names where they differ, and the variants each adds."""
    la, lb = "A", "B"
    na, nb = spec_a.describe()["deck"], spec_b.describe()["deck"]
    if na != nb:
        la, lb = na, nb
    va = {k for k, v in spec_a.variants.to_dict().items() if v}
    vb = {k for k, v in spec_b.variants.to_dict().items() if v}
    if va != vb:
        la += "".join(f" +{k}" for k in sorted(va))
        lb += "".join(f" +{k}" for k in sorted(vb))
    return la, lb


def _watch_patterns(
    watch: Sequence[str] | str | None, until_clear: bool | Sequence[str]
) -> tuple[str, ...]:
    """The watched quantities' patterns: ``until_clear``'s list wins over ``watch`` (a list or
    a comma-separated string), else :data:`DEFAULT_WATCH`."""
    if isinstance(watch, str):
        watch = [w.strip() for w in watch.split(",") if w.strip()]
    patterns = check_watch(tuple(watch) if watch is not None else DEFAULT_WATCH)
    if until_clear is not True and until_clear:
        if isinstance(until_clear, str):
            raise SimulationError("until_clear is True or a list of quantities, not a string")
        patterns = check_watch(tuple(until_clear))
    if not patterns:
        raise SimulationError("watch at least one quantity")
    return patterns


class _Blocks:
    """How a comparison's games become pairs: the state machine of one run.

    One look (not sequential): pairs are added as they arrive (sums do not depend on the
    order) and the verdict is taken once, after the last. Sequential: pairs are held until
    their block of ``n`` is whole, blocks are added in order, and after each the verdict is
    looked at; the run stops at "different", "no_change", the game budget or the time
    budget. So the games a sequential run plays do not depend on the executor's order.
    """

    def __init__(
        self,
        comp: Comparison,
        n: int,
        budget: int,
        max_seconds: float | None,
        on_update: Callable[[Comparison], None] | None,
    ) -> None:
        self.comp, self.n, self.budget = comp, n, budget
        self.max_seconds, self.on_update = max_seconds, on_update
        self.done = 0  # blocks added
        self.held: dict[int, tuple[GameRecord, GameRecord]] = {}
        self.stopped = n == 0
        self.t0 = time.perf_counter()

    def play(
        self, executor: Any, workers: int | None, progress: Progress, cancel: CancelToken | None
    ) -> None:
        """Play the run to its end: tasks of games handed out while the run goes on, their
        pairs added as they arrive (``arrived``), the one look of a one-look run last."""
        comp = self.comp
        spec_a, spec_b = comp.a.spec, comp.b.spec
        bar = Bar(progress, self.budget * 2, "A/B games")
        # Games of A (the base, usually unchanged between a designer's runs) and of B played
        # before on these seeds are taken as they were; only the others are played.
        played = (_PLAYED.records(spec_a), _PLAYED.records(spec_b))
        size = batch_size(self.n, planned_workers(executor, workers))
        info = comp.a.info
        runs = run_tasks(
            [spec_a, spec_b],
            self._tasks(size, played),
            executor=executor,
            workers=workers,
            cancel=cancel,
            info=info,
        )
        try:
            for task, records in runs:
                got = dict(zip(task.which, records, strict=True))
                span = range(task.start, task.stop)
                recs = [got[k] if k in got else [played[k][i] for i in span] for k in (0, 1)]
                for k in (0, 1):
                    _PLAYED.keep(played[k], recs[k])
                bar.update(len(recs[0]) * 2)
                self.arrived(recs[0], recs[1])
                if self.stopped:
                    break
        finally:
            runs.close()  # cancels what is still pending
            bar.close()
        if not comp.sequential:
            comp.look()
        if info.cancelled:
            comp.stopped = "cancelled"

    def _tasks(
        self, size: int, played: tuple[dict[int, GameRecord], dict[int, GameRecord]]
    ) -> Iterator[Task]:
        """Tasks of at most ``size`` games, never across a block, while the run goes on;
        each names the sides still to be played (() when both were: nothing to play)."""
        lo, n, budget = 0, self.n, self.budget
        while lo < budget and not self.stopped:
            hi = min(lo + size, budget, (lo // n + 1) * n)
            which = tuple(k for k in (0, 1) if any(i not in played[k] for i in range(lo, hi)))
            yield Task(which, lo, hi)
            lo = hi

    def arrived(self, recs_a: Sequence[GameRecord], recs_b: Sequence[GameRecord]) -> None:
        pairs = zip(recs_a, recs_b, strict=True)
        if not self.comp.sequential:
            for ra, rb in pairs:
                self._add(ra, rb)
            self._tell()
            return
        for ra, rb in pairs:
            self.held[ra.index] = (ra, rb)
        while not self.stopped and self._block_whole():
            lo, hi = self._span()
            for i in range(lo, hi):
                self._add(*self.held.pop(i))
            self.done += 1
            self.comp.look()
            verdict = self.comp.stop_verdict()
            self._tell()
            self._stop_if(verdict, hi)

    def _span(self) -> tuple[int, int]:
        return self.done * self.n, min((self.done + 1) * self.n, self.budget)

    def _block_whole(self) -> bool:
        lo, hi = self._span()
        return lo < self.budget and all(i in self.held for i in range(lo, hi))

    def _add(self, ra: GameRecord, rb: GameRecord) -> None:
        self.comp.a.metrics.add(ra)
        self.comp.b.metrics.add(rb)
        self.comp.add_pair(ra, rb)

    def _tell(self) -> None:
        if self.on_update is not None:
            self.on_update(self.comp)

    def _stop_if(self, verdict: str, hi: int) -> None:
        if verdict == "different":
            why = "a watched quantity changed"
        elif verdict == "no_change":
            why = "no watched quantity moved by more than its δ"
        elif hi >= self.budget:
            why = "game budget spent"
        elif self.max_seconds is not None and time.perf_counter() - self.t0 > self.max_seconds:
            why = "time budget spent"
        else:
            return
        self.comp.stopped = why
        self.stopped = True

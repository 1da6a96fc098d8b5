"""A/B comparison on common random numbers: two decks (or variant sets), the same seeds.

Game ``i`` of A and game ``i`` of B start from the same seed and the same characters, so
the per-game differences B − A are paired: their mean has a much narrower confidence
interval than the difference of two independent runs. With ``until_clear`` the run goes on
in blocks until every watched difference is clear (its 95 % interval excludes zero) or the
budget (games or seconds) is spent.
"""

from __future__ import annotations

import csv
import io
import math
import pickle
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from verlies.sim.lab import Progress, SimResult, _Bar, _cell, check_games
from verlies.sim.metrics import Z95, Metrics
from verlies.sim.records import BotsArg, DeckArg, GameRecord, SimulationError, VariantsArg
from verlies.sim.report import Table, html_tables, num, text_tables
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

__all__ = ["HEADLINE", "Comparison", "Paired", "compare", "game_values"]

#: What ``until_clear=True`` watches: the outcome metrics a card change is meant to move.
HEADLINE: tuple[str, ...] = ("rounds", "timeout", "gold", "left_behind", "injuries")


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
    """Sums for one paired quantity: n, ΣA, ΣB, Σd, Σd² (all exact integers)."""

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
class Comparison:
    """A and B on the same seeds: both sides' metrics and the paired differences."""

    a: SimResult
    b: SimResult
    label_a: str = "A"
    label_b: str = "B"
    paired: dict[str, Paired] = field(default_factory=dict)
    same_games: int = 0  # pairs that ended exactly alike
    stopped: str = ""  # why an until_clear run stopped

    @property
    def games(self) -> int:
        return self.a.metrics.games

    def add_pair(self, ra: GameRecord, rb: GameRecord) -> None:
        va, vb = game_values(ra), game_values(rb)
        for key in va.keys() & vb.keys():
            self.paired.setdefault(key, Paired()).add(va[key], vb[key])
        if _key(ra) == _key(rb):
            self.same_games += 1

    def differences(self) -> dict[str, dict[str, Any]]:
        """Per quantity: mean A, mean B, B − A and its 95 % interval, and whether clear.

        ``gold`` is per seat (the game total divided by the players).
        """
        players = self.a.spec.players
        return {
            key: self.paired[key].row(players if key == "gold" else 1.0)
            for key in sorted(self.paired)
        }

    def is_clear(self, keys: Sequence[str]) -> bool:
        return all(k in self.paired and self.paired[k].clear for k in keys)

    @property
    def is_zero(self) -> bool:
        """Every pair of games ended exactly alike."""
        return self.same_games == self.games

    def to_dict(self) -> dict[str, Any]:
        return {
            "a": {"label": self.label_a, **self.a.to_dict()},
            "b": {"label": self.label_b, **self.b.to_dict()},
            "games": self.games,
            "same_games": self.same_games,
            "stopped": self.stopped,
            "differences": self.differences(),
        }

    def to_csv(self) -> str:
        """One row per paired quantity: A, B, B − A, its 95 % interval, clear or not."""
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        cols = ["n", "a", "b", "diff", "ci_low", "ci_high", "clear"]
        w.writerow(["quantity", *cols])
        for key, r in self.differences().items():
            w.writerow([key, *(_cell(r[c]) for c in cols)])
        return out.getvalue()

    def _tables(self) -> list[Table]:
        rows = []
        for key, r in self.differences().items():
            rate = key.startswith("win") or key == "timeout"
            f: Callable[[float], str] = _pct1 if rate else num
            d: Callable[[float], str] = _pts if rate else _signed
            rows.append(
                [
                    key,
                    f(r["a"]),
                    f(r["b"]),
                    d(r["diff"]) + (" *" if r["clear"] else ""),
                    f"{d(r['ci_low'])} … {d(r['ci_high'])}",
                ]
            )
        head = (
            f"{self.label_a} vs {self.label_b}: {self.games} games each on the same seeds "
            f"(seed {self.a.spec.seed}); {self.same_games} pairs ended exactly alike. "
            "* = clear: the 95 % interval of the paired difference excludes zero."
        )
        if self.stopped:
            head += f" Stopped: {self.stopped}."
        return [(head, ["quantity", self.label_a, self.label_b, "B − A", "95 % CI"], rows)]

    def __str__(self) -> str:
        return text_tables(self._tables())

    def _repr_html_(self) -> str:
        return html_tables(self._tables())


def _pct1(x: float) -> str:
    return f"{x * 100:.1f} %"


def _pts(x: float) -> str:
    return f"{x * 100:+.1f} pt"


def _signed(x: float) -> str:
    return f"{x:+.2f}"


def _key(g: GameRecord) -> tuple[Any, ...]:
    return (g.reason, g.escaped, g.winners, g.gold, g.rounds, g.steps)


class _Played:
    """Games already played, by run spec and game index: a designer compares draft after
    draft against the same base deck, and the base's games on the same seeds come out the
    same every time (game ``i`` depends on the spec and ``i`` only), so they are played
    once. Keyed by the spec's pickle (decks in their card order), never by equality: two
    equal decks whose cards are listed in another order may deal other games."""

    # Bounded whatever a run's length (memory stays flat): the first ``games`` games of the
    # last ``specs`` specs, a few kB each; enough for the Balance tab's runs.
    def __init__(self, specs: int = 4, games: int = 4_000) -> None:
        self.specs, self.games = specs, games
        self._runs: dict[bytes, dict[int, GameRecord]] = {}
        self._lock = threading.Lock()

    def records(self, spec: RunSpec) -> dict[int, GameRecord]:
        """The played games of ``spec`` (the most recent specs kept), to read and add to."""
        key = pickle.dumps(spec, pickle.HIGHEST_PROTOCOL)
        with self._lock:
            got = self._runs.pop(key, None)
            if got is None:
                got = {}
                while len(self._runs) >= self.specs:
                    self._runs.pop(next(iter(self._runs)))  # the least recently used
            self._runs[key] = got
            return got

    def keep(self, into: dict[int, GameRecord], records: Sequence[GameRecord]) -> None:
        if len(into) < self.games:
            for r in records:
                into[r.index] = r

    def clear(self) -> None:
        with self._lock:
            self._runs.clear()


_PLAYED = _Played()


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
    max_games: int | None = None,
    max_seconds: float | None = None,
    workers: int | None = None,
    executor: Any = None,
    progress: Progress = False,
    cancel: CancelToken | None = None,
    on_update: Callable[[Comparison], None] | None = None,
) -> Comparison:
    """Play the same seeds with deck (and variants) A and B; paired differences B − A.

    ``until_clear``: True watches ``HEADLINE``; or a list of quantities (e.g.
    ``["win:dwarf", "rounds"]``). Blocks of ``games`` games are played until every watched
    difference is clear, or ``max_games`` (default 20 × ``games``) or ``max_seconds``
    is reached. Whether to go on is decided only on whole blocks, so the games played do
    not depend on the executor (a time budget excepted).
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
    if labels is None:
        la, lb = "A", "B"
        na, nb = spec_a.describe()["deck"], spec_b.describe()["deck"]
        if na != nb:
            la, lb = na, nb
        va = {k for k, v in spec_a.variants.to_dict().items() if v}
        vb = {k for k, v in spec_b.variants.to_dict().items() if v}
        if va != vb:
            la += "".join(f" +{k}" for k in sorted(va))
            lb += "".join(f" +{k}" for k in sorted(vb))
        labels = (la, lb)
    watch: tuple[str, ...] = ()
    if until_clear is True:
        watch = HEADLINE
    elif until_clear:
        watch = tuple(until_clear)
    budget = n if not watch else (max_games if max_games is not None else 20 * n)
    if budget < n:
        raise SimulationError(f"max_games ({budget}) is below one block of games ({n})")
    info = RunInfo()
    res_a = SimResult(spec_a, Metrics(players), info, budget)
    res_b = SimResult(spec_b, Metrics(players), info, budget)
    comp = Comparison(res_a, res_b, labels[0], labels[1])
    size = batch_size(n, planned_workers(executor, workers))
    bar = _Bar(progress, budget * 2, "A/B games")
    t0 = time.perf_counter()
    # Blocks of n games; pairs of a block are held until the block is whole, then added.
    state = {"blocks_done": 0, "stop": n == 0}
    held: dict[int, tuple[GameRecord, GameRecord]] = {}

    # Games of A (the base, usually unchanged between a designer's runs) and of B played
    # before on these seeds are taken as they were; only the others are played.
    played_a, played_b = _PLAYED.records(spec_a), _PLAYED.records(spec_b)

    def tasks() -> Iterator[Task]:
        lo = 0
        while lo < budget and not state["stop"]:
            hi = min(lo + size, budget, (lo // n + 1) * n)
            which = tuple(
                k
                for k, played in ((0, played_a), (1, played_b))
                if any(i not in played for i in range(lo, hi))
            )
            yield Task(which, lo, hi)  # () when both were played: nothing to play
            lo = hi

    runs = run_tasks(
        [spec_a, spec_b], tasks(), executor=executor, workers=workers, cancel=cancel, info=info
    )
    try:
        for task, records in runs:
            got = dict(zip(task.which, records, strict=True))
            span = range(task.start, task.stop)
            recs_a = got[0] if 0 in got else [played_a[i] for i in span]
            recs_b = got[1] if 1 in got else [played_b[i] for i in span]
            _PLAYED.keep(played_a, recs_a)
            _PLAYED.keep(played_b, recs_b)
            bar.update(len(recs_a) * 2)
            if not watch:  # one block: sums do not depend on the order, add at once
                for ra, rb in zip(recs_a, recs_b, strict=True):
                    res_a.metrics.add(ra)
                    res_b.metrics.add(rb)
                    comp.add_pair(ra, rb)
                if on_update is not None:
                    on_update(comp)
                continue
            for ra, rb in zip(recs_a, recs_b, strict=True):
                held[ra.index] = (ra, rb)
            # Add every block that is now complete, in block order.
            while True:
                blk = int(state["blocks_done"])
                lo, hi = blk * n, min((blk + 1) * n, budget)
                if lo >= budget or any(i not in held for i in range(lo, hi)):
                    break
                for i in range(lo, hi):
                    ra, rb = held.pop(i)
                    res_a.metrics.add(ra)
                    res_b.metrics.add(rb)
                    comp.add_pair(ra, rb)
                state["blocks_done"] = blk + 1
                if on_update is not None:
                    on_update(comp)
                if hi >= budget:
                    comp.stopped = "game budget spent"
                    state["stop"] = True
                elif comp.is_clear(watch):
                    comp.stopped = "every watched difference is clear"
                    state["stop"] = True
                elif max_seconds is not None and time.perf_counter() - t0 > max_seconds:
                    comp.stopped = "time budget spent"
                    state["stop"] = True
                if state["stop"]:
                    break
            if state["stop"]:
                break
    finally:
        runs.close()  # cancels what is still pending
        bar.close()
    if info.cancelled:
        comp.stopped = "cancelled"
    return comp

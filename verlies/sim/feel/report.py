"""A run's game-feel figures with 95 % intervals (docs/metrics.md "Game feel")."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from verlies.i18n.numbers import fixed, percent
from verlies.sim.feel.estimator import FIGURES, THRESHOLD, Estimator
from verlies.sim.feel.game import GameFeel, game_feel
from verlies.sim.records import DECISION_KINDS, GameRecord, SimulationError
from verlies.sim.stats import Estimate, mean_interval, wilson

# ---- a deck's figures ----------------------------------------------------------------------


class FeelFigures:
    """What every run's game-feel figures say and how (text, JSON, CSV), whichever way they
    were counted: per figure from :meth:`figure` (games, mean, 95 % interval), the pooled
    agency per kind of decision from ``kinds``."""

    players: int
    label: str
    kinds: dict[str, tuple[int, int]]  # kind -> (real choices, decisions)

    @property
    def count(self) -> int:
        """The games the figures rest on."""
        raise NotImplementedError

    def figure(self, key: str) -> dict[str, Any]:
        raise NotImplementedError

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
            "games": self.count,
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

        lines = [t("feel.head", lang, label=self.label, games=self.count, p=self.players)]
        for key, f in self.figures().items():
            if not f["games"]:
                lines.append(t("feel.none", lang, name=t(f"feel.name.{key}", lang)))
                continue
            pct = key in ("decisiveness", "drama", "comeback", "agency", "kingmaking", "mattered")
            lines.append(
                t(
                    f"feel.line.{key}",
                    lang,
                    mean=feel_number(f["mean"], pct, lang),
                    low=feel_number(f["ci_low"], pct, lang),
                    high=feel_number(f["ci_high"], pct, lang),
                    n=f["games"],
                )
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text("en")


@dataclass
class FeelReport(FeelFigures):
    """A run's game-feel figures: per figure the games it is defined for, the mean and its
    95 % interval (a comeback share: Wilson; the others: the normal interval of a mean over
    games, which are independent). ``label`` says which deck or draft the run played."""

    players: int
    games: list[GameFeel]
    label: str = ""
    kinds: dict[str, tuple[int, int]] = field(default_factory=dict)  # kind -> (real, all)

    @property
    def count(self) -> int:
        return len(self.games)

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


def feel_number(x: float, pct: bool, lang: str) -> str:
    if math.isnan(x):
        return "–"
    return percent(x, lang) if pct else fixed(x, 2, lang)


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

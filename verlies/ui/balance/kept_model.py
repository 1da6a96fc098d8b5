"""What the Balance tab shows beside its answer, kept as figures so a reload shows it
whole (issue 38 item 3): :class:`KeptRun`. The workspace reads it back field by field
(:func:`verlies.ui.workspace.balance_kept.kept_run`). No widgets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["MAX_BINS", "MAX_DOWNLOAD", "MAX_SHOWN", "KeptRun"]


#: The most a kept download may be (characters): a larger one is not kept (said so).
MAX_DOWNLOAD = 400_000
#: The most bins a kept game-length plot may have.
MAX_BINS = 400
#: The most "show me" games kept with an answer (one per character, stalled, longest).
MAX_SHOWN = 40


@dataclass(frozen=True)
class KeptRun:
    """What the Balance tab shows beside its answer, kept as figures so a reload shows it
    whole: the run's settings (for "play N more", which replays the same seeds), both
    decks' game lengths (:class:`verlies.sim.plots.Overlay`, not the games), the base's
    name, the downloads' text ("" when too large to keep), and the games "show me" opens
    (``shown``: each (what, index, turn, link, stall) of
    :class:`~verlies.ui.balance.show_model.Shown`: the chart's bars and marks, a few
    links, so that a reload can still show them)."""

    games: int
    players: int
    seed: int
    watch: str
    targets: str
    base: str
    lengths: Any  # verlies.sim.plots.Overlay | None
    csv: str
    json: str
    shown: tuple[tuple[str, int, int, str | None, bool], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        lengths = None
        if self.lengths is not None:
            o = self.lengths
            lengths = {
                "starts": list(o.starts),
                "counts_a": list(o.counts_a),
                "counts_b": list(o.counts_b),
                "width": o.width,
                "median_a": o.median_a,
                "median_b": o.median_b,
            }
        small = len(self.csv) + len(self.json) <= MAX_DOWNLOAD
        return {
            "games": self.games,
            "players": self.players,
            "seed": self.seed,
            "watch": self.watch,
            "targets": self.targets,
            "base": self.base,
            "lengths": lengths,
            "csv": self.csv if small else "",
            "json": self.json if small else "",
            "shown": [list(x) for x in self.shown[:MAX_SHOWN]],
        }

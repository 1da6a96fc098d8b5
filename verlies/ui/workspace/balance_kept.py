"""What the Balance tab shows beside its answer, as the workspace keeps it (issue 38
item 3): the run's settings, both decks' game lengths as bins and the downloads' text
(:class:`KeptRun`), read back field by field (:func:`kept_run`). No widgets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from verlies.ui.workspace.fields import bad as _bad
from verlies.ui.workspace.fields import check as _check

__all__ = ["MAX_BINS", "MAX_DOWNLOAD", "KeptRun", "kept_run"]

#: The most a kept download may be (characters): a larger one is not kept (said so).
MAX_DOWNLOAD = 400_000
#: The most bins a kept game-length plot may have.
MAX_BINS = 400


@dataclass(frozen=True)
class KeptRun:
    """What the Balance tab shows beside its answer, kept as figures so a reload shows it
    whole: the run's settings (for "play N more", which replays the same seeds), both
    decks' game lengths (:class:`verlies.sim.plots.Overlay`, not the games), the base's
    name, and the downloads' text ("" when too large to keep)."""

    games: int
    players: int
    seed: int
    watch: str
    targets: str
    base: str
    lengths: Any  # verlies.sim.plots.Overlay | None
    csv: str
    json: str

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
        }


def kept_run(data: Any, where: str = "balance") -> KeptRun | None:
    """:func:`balance_data`'s ``run`` read back, each field checked (None: a workspace
    kept before there was one); WorkspaceError naming the field that is wrong."""
    from verlies.sim.plots import Overlay
    from verlies.ui.balance.balance_model import WATCH

    if not isinstance(data, dict) or data.get("run") is None:
        return None
    raw = data["run"]
    where = f"{where}.run"
    if not isinstance(raw, dict):
        raise _bad(where, "an object")
    ints = {k: _check(f"{where}.{k}", raw.get(k), "int") for k in ("games", "players", "seed")}
    if not 8 <= ints["games"] <= 1_000_000 or ints["players"] not in (2, 3, 4):
        raise _bad(where, "games from 8 to 1,000,000 and 2 to 4 players")
    watch = _check(f"{where}.watch", raw.get("watch"), "str")
    if watch not in WATCH:
        raise _bad(f"{where}.watch", f"one of {', '.join(WATCH)}")
    texts = {}
    for k in ("csv", "json"):
        v = raw.get(k, "")
        if not isinstance(v, str) or len(v) > MAX_DOWNLOAD:
            raise _bad(f"{where}.{k}", f"a text of at most {MAX_DOWNLOAD} characters")
        texts[k] = v
    lengths = None
    lraw = raw.get("lengths")
    if lraw is not None:
        lw = f"{where}.lengths"
        if not isinstance(lraw, dict):
            raise _bad(lw, "an object or null")
        cols = {}
        for k in ("starts", "counts_a", "counts_b"):
            v = lraw.get(k)
            if not isinstance(v, list) or len(v) > MAX_BINS:
                raise _bad(f"{lw}.{k}", f"a list of at most {MAX_BINS} whole numbers")
            cols[k] = tuple(_check(f"{lw}.{k}[{i}]", x, "int") for i, x in enumerate(v))
        if not len(cols["starts"]) == len(cols["counts_a"]) == len(cols["counts_b"]):
            raise _bad(lw, "three lists of the same length")
        width = _check(f"{lw}.width", lraw.get("width"), "int")
        if width < 1:
            raise _bad(f"{lw}.width", "a whole number of at least 1")
        lengths = Overlay(
            cols["starts"],
            cols["counts_a"],
            cols["counts_b"],
            width,
            _check(f"{lw}.median_a", lraw.get("median_a"), "float"),
            _check(f"{lw}.median_b", lraw.get("median_b"), "float"),
        )
    return KeptRun(
        games=ints["games"],
        players=ints["players"],
        seed=ints["seed"],
        watch=watch,
        targets=_check(f"{where}.targets", raw.get("targets", ""), "str"),
        base=_check(f"{where}.base", raw.get("base", ""), "str"),
        lengths=lengths,
        csv=texts["csv"],
        json=texts["json"],
    )

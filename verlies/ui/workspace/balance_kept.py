"""What the Balance tab shows beside its answer, as the workspace keeps it (issue 38
item 3): the run's settings, both decks' game lengths as bins and the downloads' text
(:class:`KeptRun`), read back field by field (:func:`kept_run`). No widgets."""

from __future__ import annotations

from typing import Any

from verlies.ui.balance.kept_model import MAX_BINS, MAX_DOWNLOAD, MAX_SHOWN, KeptRun
from verlies.ui.workspace.fields import bad as _bad
from verlies.ui.workspace.fields import check as _check

__all__ = ["MAX_BINS", "MAX_DOWNLOAD", "KeptRun", "kept_run", "kept_shown"]


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
        shown=kept_shown(raw.get("shown", []), f"{where}.shown"),
    )


def kept_shown(raw: Any, where: str) -> tuple[tuple[str, int, int, str | None, bool], ...]:
    """A kept answer's "show me" games (``KeptRun.shown``) read back, each checked."""
    from verlies.links import MAX_LINK_CHARS

    if not isinstance(raw, list) or len(raw) > MAX_SHOWN:
        raise _bad(where, f"a list of at most {MAX_SHOWN} games")
    out = []
    for i, x in enumerate(raw):
        w = f"{where}[{i}]"
        if not isinstance(x, list) or len(x) != 5:
            raise _bad(w, "[what, game, turn, link or null, stalled]")
        what = _check(f"{w}[0]", x[0], "str")
        if what not in ("stalled", "longest") and not what.startswith("win:"):
            raise _bad(f"{w}[0]", "win:<character>, stalled or longest")
        index, turn = _check(f"{w}[1]", x[1], "int"), _check(f"{w}[2]", x[2], "int")
        if index < 0 or turn < 0:
            raise _bad(w, "a game and a turn of at least 0")
        link = x[3]
        if link is not None and (not isinstance(link, str) or len(link) > MAX_LINK_CHARS + 4):
            raise _bad(f"{w}[3]", f"a link of at most {MAX_LINK_CHARS} characters, or null")
        stall = _check(f"{w}[4]", x[4], "bool")
        out.append((what, index, turn, link, stall))
    return tuple(out)

"""A Deck-tab sweep as the workspace keeps it (issue 38 leftovers, item 1): its figures
as JSON (:func:`sweep_data`), read back field by field for the swept draft
(:func:`sweep_figures`: the tweak must be one the deck takes at every value kept, each
curve a quantity of the deck, each point one of its values), and the decks a kept sweep
is of (:func:`sweep_decks`: "out of date" means the draft is none of them). No widgets;
the panel draws what comes back with its own code (``SweepPanel.restore``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.ui.workspace.fields import WorkspaceError, as_json, bad, check

__all__ = ["SweepFigures", "sweep_data", "sweep_decks", "sweep_figures"]


def sweep_data(run: Any, quantity: str | None = None) -> dict[str, Any]:
    """The Deck tab's sweep (a :class:`~verlies.ui.deck.sweep_model.SweepRun` that ended)
    as JSON: the number(s) swept, the range, what the deck refused, how it ended, and every
    curve the panel can show (each point: value, estimate, 95 % interval, games, the
    spread's noise floor), so that a reload draws the same curve, table or heat map;
    ``quantity``: the curve shown when it ended (shown again)."""
    from verlies.sim.sweep import GridTweak
    from verlies.ui.deck.sweep_model import PairTweak, quantities_of

    tw = run.tweak
    tweak: dict[str, Any] = {"kind": tw.kind, "card": tw.card, "field": tw.field}
    if isinstance(tw, PairTweak):
        tweak["gives"] = tw.gives
    if isinstance(tw, GridTweak):
        tweak.update(second=tw.second, cells=[list(c) for c in tw.cells], other=tw.other)
    # every curve the panel can show (an ended run works each out once: SweepRun.points);
    # a sweep under way (or given back half-run): the points whose games have all come
    half = run.running or run.interrupted
    if half:
        figures = run.complete_figures()
    elif run.result is None:
        figures = run.saved
    else:
        figures = {q: run.points(q) for q in quantities_of(run.deck)}
    status = "interrupted" if half else ("cancelled" if run.status == "cancelled" else "done")
    return as_json(
        {
            "tweak": tweak,
            "values": list(run.values),
            "refused": list(run.refused),
            "status": status,
            "quantity": quantity,
            "done": run.done,
            "total": run.total,
            "games": run.games,
            "players": run.players,
            "complete": run.complete(),
            "figures": {
                q: [[p.value, p.estimate, p.low, p.high, p.games, p.floor] for p in ps]
                for q, ps in figures.items()
            },
        }
    )


@dataclass(frozen=True)
class SweepFigures:
    """A sweep read back: what :meth:`SweepRun.restore` takes."""

    tweak: Any  # Tweak, PairTweak or GridTweak
    values: list[int]
    refused: list[int]
    figures: dict[str, list[Any]]  # quantity -> [Point]
    status: str
    done: int
    total: int
    quantity: str | None = None  # the curve shown when it ended
    games: int = 0  # games per value (0: not kept, an older sweep: it cannot continue)
    players: int = 4


def _ints(where: str, value: Any, most: int) -> list[int]:
    if not isinstance(value, list) or len(value) > most:
        raise bad(where, f"a list of at most {most} whole numbers")
    out = [check(f"{where}[{i}]", v, "int") for i, v in enumerate(value)]
    if any(abs(v) > 10**6 for v in out):
        raise bad(where, "whole numbers of at most a million")
    return out


def _tweak(raw: Any, w: str) -> Any:
    """The swept number(s) of a kept sweep: a Tweak, a PairTweak or a GridTweak."""
    from verlies.sim.sweep import GridTweak, Tweak
    from verlies.ui.deck.sweep_model import MAX_CELLS, PairTweak

    if not isinstance(raw, dict):
        raise bad(w, "an object")
    kind = check(f"{w}.kind", raw.get("kind"), "str")
    card = check(f"{w}.card", raw.get("card"), "str")
    fld = check(f"{w}.field", raw.get("field"), "str")
    if raw.get("cells") is not None:
        cells_in = raw.get("cells")
        if not isinstance(cells_in, list) or len(cells_in) > MAX_CELLS:
            raise bad(f"{w}.cells", f"a list of at most {MAX_CELLS} cells")
        pairs = [_ints(f"{w}.cells[{i}]", c, 2) for i, c in enumerate(cells_in)]
        if any(len(c) != 2 for c in pairs):
            raise bad(f"{w}.cells", "pairs of whole numbers")
        second = check(f"{w}.second", raw.get("second"), "str")
        other = check(f"{w}.other", raw.get("other", ""), "str")
        return GridTweak(kind, card, fld, second, tuple((c[0], c[1]) for c in pairs), other)
    if raw.get("gives") is not None:
        return PairTweak(kind, card, fld, check(f"{w}.gives", raw.get("gives"), "str"))
    return Tweak(kind, card, fld)


def _values(data: dict[str, Any], deck: Deck, where: str) -> tuple[Any, list[int]]:
    """The tweak and its values, each one the deck takes (the panel makes each the draft)."""
    from verlies.sim.sweep import GridTweak
    from verlies.ui.deck.sweep_model import MAX_CELLS

    try:
        tweak = _tweak(data.get("tweak"), f"{where}.tweak")
        values = _ints(f"{where}.values", data.get("values"), MAX_CELLS)
        if not values or len(set(values)) != len(values):
            raise bad(f"{where}.values", "values, each once")
        if isinstance(tweak, GridTweak) and not all(0 <= v < len(tweak.cells) for v in values):
            raise bad(f"{where}.values", "cells of the sweep")
        for v in values:
            tweak.apply(deck, v)
    except VerliesError as e:
        if isinstance(e, WorkspaceError):
            raise
        raise bad(f"{where}.tweak", str(e)[:300]) from None
    return tweak, values


def _points(pts: Any, values: list[int], wq: str) -> list[Any]:
    """One kept curve: its points, each of a value of the sweep."""
    from verlies.ui.deck.sweep_model import Point

    if not isinstance(pts, list) or len(pts) > len(values):
        raise bad(wq, f"a list of at most {len(values)} points")
    out = []
    for i, p in enumerate(pts):
        wp = f"{wq}[{i}]"
        if not isinstance(p, list) or len(p) != 6:
            raise bad(wp, "value, estimate, low, high, games, floor")
        value = check(wp, p[0], "int")
        if value not in values:
            raise bad(wp, "a value of the sweep")
        est, low, high, floor = (check(wp, x, "float") for x in (p[1], p[2], p[3], p[5]))
        games = check(wp, p[4], "int")
        if games < 0:
            raise bad(wp, "games at least 0")
        out.append(Point(value, est, low, high, games, floor))
    return out


def sweep_figures(data: Any, deck: Deck, where: str = "sweep") -> SweepFigures:
    """:func:`sweep_data`'s figures read back for the swept draft ``deck``, every field
    checked: the tweak must be one the deck takes at every value kept, each curve a
    quantity of the deck, each point one of the values. WorkspaceError naming the field."""
    from verlies.ui.deck.sweep_model import MAX_CELLS, quantities_of

    if not isinstance(data, dict):
        raise bad(where, "an object")
    tweak, values = _values(data, deck, where)
    refused = _ints(f"{where}.refused", data.get("refused", []), MAX_CELLS)
    status = data.get("status")
    if status not in ("done", "cancelled", "interrupted"):
        raise bad(f"{where}.status", "done, cancelled or interrupted")
    known = set(quantities_of(deck))
    raw_figs = data.get("figures")
    if not isinstance(raw_figs, dict) or len(raw_figs) > len(known):
        raise bad(f"{where}.figures", "an object of the deck's quantities")
    figures: dict[str, list[Any]] = {}
    for q, pts in raw_figs.items():
        wq = f"{where}.figures.{str(q)[:40]}"
        if q not in known:
            raise bad(wq, "a quantity of the swept deck")
        figures[str(q)] = _points(pts, values, wq)
    quantity = data.get("quantity")
    if quantity is not None and quantity not in known:
        raise bad(f"{where}.quantity", "a quantity of the swept deck")
    return SweepFigures(
        quantity=quantity,
        tweak=tweak,
        values=values,
        refused=refused,
        figures=figures,
        status=str(status),
        done=check(f"{where}.done", data.get("done", 0), "int"),
        total=check(f"{where}.total", data.get("total", 0), "int"),
        games=_bounded(f"{where}.games", data.get("games", 0), 0, 100_000),
        players=_bounded(f"{where}.players", data.get("players", 4), 1, 8),
    )


def _bounded(where: str, value: Any, low: int, high: int) -> int:
    got = check(where, value, "int")
    if not low <= got <= high:
        raise bad(where, f"a whole number from {low} to {high}")
    return int(got)


def sweep_decks(data: dict[str, Any], deck: Deck) -> list[Deck]:
    """The decks a kept sweep is of: the swept draft and the draft at each of its values
    (one of them made the draft by "Make it the draft" is still that sweep's); a sweep
    that does not read is of its draft alone."""
    try:
        figs = sweep_figures(data, deck)
    except VerliesError:
        return [deck]
    return [deck, *(figs.tweak.apply(deck, v) for v in figs.values)]

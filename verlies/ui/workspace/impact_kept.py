"""A "which card matters" ranking kept while it runs (issue 36 leftovers, item 1).

The workspace keeps the Deck tab's impact figures as they grow (the same JSON as a
finished ranking, :func:`impact_data`) with a ``partial``
part: the run's settings and its state after the last finished round
(:mod:`verlies.sim.impact_rank.kept`). After a reload or a killed kernel the figures come
back marked "interrupted after N of M games", and Continue goes on from that state on the
same seeds: the finished ranking is the one of a run never interrupted. A finished run is
kept without the ``partial`` part. No widgets.

Read back, the ``partial`` part is checked for its shape here (the settings, the state's
format, round and games); the state's sums are checked field by field when the run goes
on (:func:`verlies.sim.impact_rank.kept.restore`: a state that does not fit is said, and
the figures shown stay).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from verlies.ui.workspace.fields import as_json, bad, check, fields_of


def impact_data(column: Any) -> dict[str, Any]:
    """The Deck tab's impact figures (an :class:`~verlies.ui.deck.impact_model.ImpactColumn`
    done) as JSON: the measure, the games and every card's figure."""
    from dataclasses import asdict

    return as_json(
        {
            "method": column.method,
            "games": column.games,
            "base_games": column.base_games,
            "done": column.done,
            "total": column.total,
            "sort": column.sort,
            "figures": [asdict(f) for f in column.figures.values()],
            "pair": dict(getattr(column, "pair", {}) or {}),  # what "show me" plays again
        }
    )


@dataclass(frozen=True)
class ImpactFigures:
    """Impact figures read back: what the column held when its run ended."""

    method: str
    games: int
    base_games: int
    done: int
    total: int
    sort: str
    figures: dict[tuple[str, str], Any]
    pair: dict[str, int]  # a contribution run's players and seed ({}: none)


def impact_figures(data: Any, where: str = "impact") -> ImpactFigures:
    """:func:`impact_data`'s figures read back, each field checked."""
    from verlies.ui.deck.impact_model import METHODS, SORTS, Figure

    if not isinstance(data, dict):
        raise bad(where, "an object")
    raw = data.get("figures")
    if not isinstance(raw, list) or len(raw) > 2000:
        raise bad(f"{where}.figures", "a list of at most 2000 figures")
    figs: dict[tuple[str, str], Any] = {}
    later = ("shown", "shown_quantity")  # figures kept before "show me" have none
    for i, item in enumerate(raw):
        skip = tuple(k for k in later if isinstance(item, dict) and k not in item)
        fig = Figure(**fields_of(Figure, item, f"{where}.figures[{i}]", skip))
        figs[fig.key] = fig
    method = check(f"{where}.method", data.get("method"), "str")
    if method not in METHODS:
        raise bad(f"{where}.method", f"one of {', '.join(METHODS)}")
    sort = check(f"{where}.sort", data.get("sort", "deck"), "str")
    return ImpactFigures(
        method=method,
        games=check(f"{where}.games", data.get("games"), "int"),
        base_games=check(f"{where}.base_games", data.get("base_games"), "int"),
        done=check(f"{where}.done", data.get("done"), "int"),
        total=check(f"{where}.total", data.get("total"), "int"),
        sort=sort if sort in SORTS else "deck",
        figures=figs,
        pair=_pair(data.get("pair"), f"{where}.pair"),
    )


def _pair(raw: Any, where: str) -> dict[str, int]:
    """A kept run's players and seed for "show me" ({} when absent: kept before it)."""
    if raw is None or raw == {}:
        return {}
    if not isinstance(raw, dict):
        raise bad(where, "an object")
    players = check(f"{where}.players", raw.get("players"), "int")
    if not 2 <= players <= 4:
        raise bad(f"{where}.players", "2, 3 or 4")
    return {"players": players, "seed": check(f"{where}.seed", raw.get("seed"), "int")}


__all__ = ["KeptPartial", "kept_partial", "restore_column", "with_partial"]

#: The most cards a kept run may name in its settings.
MAX_CARDS = 2000


@dataclass(frozen=True)
class KeptPartial:
    """The part of kept impact figures that a run in the middle adds."""

    settings: dict[str, Any]  # players, seed, budget, cards (None: every card)
    state: dict[str, Any]  # the run after its last finished round


def with_partial(data: dict[str, Any], column: Any) -> dict[str, Any]:
    """``data`` (the column's figures) with the run's settings and state, when the column
    has a run that can go on (running, cancelled or interrupted); else ``data`` as it is."""
    running = column.running or column.can_continue
    if not running or column.kept is None or not column.settings:
        return data
    partial = {"settings": dict(column.settings), "state": column.kept}
    return {**data, "partial": partial}


def _settings(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise bad(where, "an object")
    players = check(f"{where}.players", raw.get("players"), "int")
    if not 2 <= players <= 4:
        raise bad(f"{where}.players", "2, 3 or 4")
    seed = check(f"{where}.seed", raw.get("seed"), "int")
    budget = check(f"{where}.budget", raw.get("budget"), "int")
    if budget < 1:
        raise bad(f"{where}.budget", "a whole number >= 1")
    cards = raw.get("cards")
    if cards is not None:
        if not isinstance(cards, list) or len(cards) > MAX_CARDS:
            raise bad(f"{where}.cards", f"a list of at most {MAX_CARDS} cards, or null")
        cards = [check(f"{where}.cards[{i}]", c, "str") for i, c in enumerate(cards)]
    return {"players": players, "seed": seed, "budget": budget, "cards": cards}


def kept_partial(data: Any, where: str = "impact") -> KeptPartial | None:
    """The ``partial`` part of kept impact figures read back (None: a finished ranking);
    WorkspaceError naming the field that does not read."""
    if not isinstance(data, dict) or data.get("partial") is None:
        return None
    raw = data["partial"]
    w = f"{where}.partial"
    if not isinstance(raw, dict):
        raise bad(w, "an object")
    settings = _settings(raw.get("settings"), f"{w}.settings")
    state = raw.get("state")
    if not isinstance(state, dict):
        raise bad(f"{w}.state", "an object")
    from verlies.sim.impact_rank.kept import VERSION  # the engine loads with a run, not the page

    if state.get("version") != VERSION:
        raise bad(f"{w}.state.version", f"format {VERSION}")
    check(f"{w}.state.round", state.get("round"), "int")
    check(f"{w}.state.games", state.get("games"), "int")
    return KeptPartial(settings, state)


def restore_column(column: Any, deck: Any, figs: Any, data: Any) -> None:
    """Kept impact figures of ``deck`` (``data``, read as ``figs`` by
    :func:`impact_figures`) put back into an idle
    :class:`~verlies.ui.deck.impact_model.ImpactColumn` as they were when kept: the
    figures, the games, the order; a run in the middle marked interrupted with what
    Continue goes on from."""
    partial = kept_partial(data)
    column.deck, column.method, column.figures = deck, figs.method, dict(figs.figures)
    column.games, column.base_games = figs.games, figs.base_games
    column.done, column.total, column.status = figs.done, figs.total, "done"
    column.sort, column.pair = figs.sort, dict(figs.pair)
    column.interrupted = partial is not None
    column.kept = None if partial is None else partial.state
    column.settings = {} if partial is None else partial.settings

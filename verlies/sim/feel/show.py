"""From a number to a game: "show me a game like this" (docs/metrics.md "Game feel")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from verlies.sim.feel.estimator import Estimator
from verlies.sim.feel.game import GameFeel, game_feel
from verlies.sim.records import GameRecord, SimulationError

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
    found = games_like(spec, records, what, 1, estimator)
    return found[0] if found else None


def games_like(
    spec: Any,
    records: Sequence[GameRecord],
    what: str,
    count: int = 3,
    estimator: Estimator | None = None,
) -> list[Example]:
    """ "Show me games like this": the ``count`` games of ``records`` that show ``what``
    best (:data:`SELECTIONS`), best first (ties: the lower game index first), each with
    the turn that mattered and its link (as :func:`show_me`, whose game leads this list);
    fewer when fewer games qualify."""
    if what not in SELECTIONS:
        raise SimulationError(f"unknown selection {what!r} (known: {', '.join(SELECTIONS)})")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise SimulationError(f"count is a whole number >= 1, not {count!r}")
    key, largest = SELECTIONS[what]
    ranked: list[tuple[float, int, GameFeel]] = []
    for r in records:
        g = game_feel(r, estimator)
        if (what == "comeback" and not g.comeback) or (what == "kingmaking" and not g.kingmaking):
            continue
        v = getattr(g, key)
        if v is None:
            continue
        ranked.append((float(v) if largest else -float(v), g.index, g))
    ranked.sort(key=lambda x: (-x[0], x[1]))
    return [_example(spec, records, what, g) for _, _, g in ranked[:count]]


def _example(spec: Any, records: Sequence[GameRecord], what: str, g: GameFeel) -> Example:
    """Game ``g`` of the run as an :class:`Example` of ``what``, at the turn that mattered."""
    from verlies.links import link
    from verlies.sim.run import lab_game

    key = SELECTIONS[what][0]
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


def turn_starts(game: Any) -> list[int]:
    """The step index at which each turn row of a finished game began (as
    :func:`_turn_step` finds one, all of them in one replay)."""
    from verlies.game import Game

    g = Game.from_setup(game.setup, log=False)
    seen = -1
    out = []
    for i, step in enumerate(game.steps):
        s = g.state
        if not s.at_chance and not s.over and s.turn_no != seen:
            seen = s.turn_no
            out.append(i)
        g.apply(step)
    return out

""" "Show me games like this" on a sweep point, without widgets (issue 40 item 3, for the
Deck tab's sweep): a game of the run at one value of the sweep, to watch on the Game tab.

Every value of a sweep plays the same seeds (:func:`verlies.sim.sweep.sweep`), so the games
of a point can be played again exactly from its spec (:func:`point_spec`: the spec the
sweep built for that value) — also for a sweep given back by the workspace, whose games
are not kept. :func:`point_game` plays the point's games again (at most
:data:`SHOW_GAMES`: a bound on the cost in games) and picks one with
:func:`verlies.sim.feel.show_me`, which gives its ``?g=`` link at the turn that mattered
(the link the Balance tab's "show me" opens).
"""

from __future__ import annotations

from typing import Any

from verlies.errors import VerliesError
from verlies.ui.deck.sweep_model import GridTweak, SweepRun

__all__ = ["SHOW", "SHOW_GAMES", "point_game", "point_name", "point_spec"]

#: What a point offers, in this order (``sweep.show.<key>`` in i18n): a
#: :data:`verlies.sim.feel.SELECTIONS` key each.
SHOW: tuple[str, ...] = ("drama", "late_decision", "longest_game", "shortest_game")
#: The most games of a point played again to find one.
SHOW_GAMES = 48


def point_spec(run: SweepRun, value: int) -> Any:
    """The run spec the sweep played at ``value`` (its seeds, players, characters)."""
    from verlies.sim.run import RunSpec

    if run.deck is None or run.tweak is None or value not in run.values:
        raise VerliesError(f"{value} is not a value of the sweep")
    if run.result is not None and value in run.result.values:
        return run.result.points[run.result.values.index(value)].spec
    deck = run.deck
    return RunSpec.build(
        players=run.players,
        characters="all" if len(deck.characters) >= run.players else None,
        deck=run.deck_at(value),
        seed=0,
        round_limit=300,
        label=str(value),
    )


def point_game(run: SweepRun, value: int, what: str, games: int = SHOW_GAMES) -> Any:
    """The game of the sweep's run at ``value`` that best shows ``what`` (:data:`SHOW`),
    among its first ``games`` games (and no more than the sweep played there), as a
    :class:`verlies.sim.feel.Example` with its link; None when none shows it."""
    from verlies.sim.feel import show_me
    from verlies.sim.records import bot_seed, make_bots, play_record

    if what not in SHOW:
        raise VerliesError(f"unknown choice {what!r} (one of {', '.join(SHOW)})")
    spec = point_spec(run, value)
    n = max(1, min(games, run.games or games))
    bots, _ = make_bots(list(spec.bots), spec.players)
    records = []
    for i in range(n):  # played again as the sweep played them: seeds, setups, bots
        game = spec.new_game(i)
        for seat, bot in enumerate(bots):
            reseed = getattr(bot, "reseed", None)
            if callable(reseed):
                reseed(bot_seed(game.setup.seed, seat))
        records.append(play_record(game, bots, i))
    return show_me(spec, records, what)


def point_name(run: SweepRun, value: int) -> str:
    """A point as the panel names it: its value, or a heat map's cell ``a × b``."""
    if isinstance(run.tweak, GridTweak):
        a, b = run.tweak.cells[value]
        return f"{a} × {b}"
    return str(value)

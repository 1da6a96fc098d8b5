"""'Show me games like this' for the Balance tab's run, without widgets (issue 40 item 3).

A run keeps each game's seed and setup (``RunSpec.setup_of``), so any game of it can be
played again exactly. For the draft's side of the run shown, a designer asks for:

* ``win:<character>``: the shortest game that character won (the chart's bars);
* ``stalled``: the first game the run found stalled (the lab keeps every stalled game's
  index), opened where it stalled (:func:`verlies.sim.run.stall_link`);
* ``longest``: the longest game.

Wins and length are looked for among the draft's first :data:`SHOW_GAMES` games (played
again: a bound on the cost in games), chosen by :func:`verlies.sim.feel.show_me`, which
gives the game's ``?g=`` link at the turn that mattered (the last turn: the win, the end).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from verlies import i18n
from verlies.ui.balance.feel_model import SHOW_GAMES, replay

__all__ = ["SHOW_GAMES", "Shown", "choices", "find"]


@dataclass(frozen=True)
class Shown:
    """A game to watch: what was asked, its index in the run, the turn (or, for a stall,
    the round) it opens at, and its link (None: too long for a link)."""

    what: str
    index: int
    turn: int
    link: str | None
    stall: bool = False


def choices(
    characters: Sequence[str], names: Mapping[str, str], stalled: bool, lang: str
) -> list[tuple[str, str]]:
    """(label, key) of what can be asked for: each character's wins in ``characters``'
    order (the chart's), the first stalled game when the run has one, the longest game."""
    out = [
        (
            i18n.text("balview.show.wins", lang, name=names.get(c, c.removeprefix("char-"))),
            f"win:{c}",
        )
        for c in characters
    ]
    if stalled:
        out.append((i18n.text("balview.show.stalled", lang), "stalled"))
    out.append((i18n.text("balview.show.longest", lang), "longest"))
    return out


def find(
    spec: Any,
    what: str,
    stalled: Mapping[int, Any] | None = None,
    games: int = SHOW_GAMES,
    records: Sequence[Any] | None = None,
) -> Shown | None:
    """The game of the run of ``spec`` (the draft's side) that ``what`` asks for (see the
    module), or None when none of the games looked through shows it. ``stalled``: the
    run's stalled games by index (``Metrics.stalled``). ``records``: games already played
    again (``feel_model.replay``), else the first ``games`` are."""
    from verlies.errors import VerliesError
    from verlies.sim.feel import show_me
    from verlies.sim.run import stall_link

    if what == "stalled":
        if not stalled:
            return None
        index = min(stalled)
        seed_round = stalled[index]
        rnd = int(seed_round[1]) if isinstance(seed_round, tuple | list) else 0
        return Shown(what, index, rnd, stall_link(spec, index), stall=True)
    if what != "longest" and not what.startswith("win:"):
        raise VerliesError(f"unknown choice {what!r} (win:<character>, stalled or longest)")
    got = list(records) if records is not None else replay(spec, games)
    if what == "longest":
        ex = show_me(spec, got, "longest_game")
    else:
        cid = what.removeprefix("win:")
        won = [r for r in got if any(r.characters[s] == cid for s in r.winners)]
        ex = show_me(spec, won, "shortest_game")
    if ex is None:
        return None
    return Shown(what, ex.index, ex.turn, ex.link)

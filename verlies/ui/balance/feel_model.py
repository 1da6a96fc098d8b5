"""The Balance tab's "Game feel" section, without widgets (issue 40).

What the section says comes from the A/B run the tab just made (``Comparison.feel_dict``,
:mod:`verlies.sim.feel`): one line per game-feel figure, base → draft, the change with its
always-valid interval and what it means, in the page's language. "Show me a game like
this" replays the first games of the draft's run (the same seeds the run played, at most
:data:`SHOW_GAMES`) and picks the one that shows the figure best
(:func:`verlies.sim.feel.show_me`): its ``?g=`` link opens that game on the Game tab at
the turn that mattered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from verlies.sim.feel import FIGURES, Example, feel_lines, show_me

__all__ = ["SHOW", "SHOW_GAMES", "FeelLine", "example", "lines_of", "replay"]

#: Which game shows a figure (:data:`verlies.sim.feel.SELECTIONS`).
SHOW: dict[str, str] = {
    "decisiveness": "late_decision",
    "drama": "drama",
    "comeback": "comeback",
    "lead_changes": "lead_changes",
    "agency": "least_agency",
    "wait_decisions": "longest_wait",
    "wait_steps": "longest_wait",
    "longest_wait": "longest_wait",
    "kingmaking": "kingmaking",
    "mattered": "mattered",
}
#: The draft's games "show me" looks through (a bound on its cost: games, not seconds).
SHOW_GAMES = 60


@dataclass(frozen=True)
class FeelLine:
    """One figure's line: its key, the sentence, and the selection that shows it."""

    key: str
    text: str
    show: str


def lines_of(comp: Any, lang: str = "en") -> tuple[str, list[FeelLine]]:
    """The section's head and one line per figure some pair defines, in
    :data:`~verlies.sim.feel.FIGURES`' order; ("", []) when the run kept no trace."""
    feel = comp.feel_dict() if comp is not None else None
    said = feel_lines(feel, lang)
    if not said or feel is None:
        return "", []
    keys = [k for k in FIGURES if feel["rows"][k]["pairs"]]
    return said[0], [
        FeelLine(k, text.strip(), SHOW[k]) for k, text in zip(keys, said[1:], strict=True)
    ]


def example(spec: Any, key: str, games: int = SHOW_GAMES) -> Example | None:
    """The game of the draft's run (``spec``: its RunSpec, games 0 … ``games`` − 1) that
    shows figure ``key`` best, with its link; None when none does."""
    if key not in SHOW:
        raise KeyError(f"unknown game-feel figure {key!r} (known: {', '.join(SHOW)})")
    return show_me(spec, replay(spec, games), SHOW[key])


def replay(spec: Any, games: int = SHOW_GAMES) -> list[Any]:
    """The records of games 0 … ``games`` − 1 of the run of ``spec``, played again as the
    run played them (their seeds and setups; the bots reseeded as for the run)."""
    from verlies.sim.records import bot_seed, make_bots, play_record

    bots, _ = make_bots(list(spec.bots), spec.players)
    records = []
    for i in range(max(1, games)):
        game = spec.new_game(i)
        for seat, bot in enumerate(bots):
            reseed = getattr(bot, "reseed", None)
            if callable(reseed):
                reseed(bot_seed(game.setup.seed, seat))
        records.append(play_record(game, bots, i))
    return records

"""Game feel: is it a good game, not only a fair one (issue 40; docs/metrics.md "Game feel").

Figures per game, read from a :class:`~verlies.sim.records.GameRecord`'s
:class:`~verlies.sim.records.FeelTrace` (turn by turn standings and every decision), and
per deck with 95 % intervals:

* *tension*: lead changes (the lab's own count), **decisiveness** (the share of the game
  before the eventual winner's estimated win chance stays above one half to the end),
  **drama** (how far the winner's chance was below the favourite's at its worst),
  **comebacks** (games won by a seat that was last at half time);
* *agency*: the share of decisions with a real choice;
* *downtime*: per wait for one's next decision, the decisions and steps of others;
* *luck against skill*: :func:`skill_trace` (the search bot at growing budgets against
  careful bots, paired with careful in its seat on the same seeds).

Win chances come from :class:`Estimator`: a conditional logit over the seats on what the
table shows at a turn's start (escaped, ready to draw, injured, gold behind the richest),
fitted on the lab's own games (:func:`fit_estimator`; the shipped weights are the default
deck's, careful bots, see :data:`WEIGHTS`). The engine has no exact chance of winning a
whole game; this estimate costs a few arithmetic operations per seat and turn.

Nothing here imports a widget library; the figures need only the records.
"""

from __future__ import annotations

from verlies.sim.feel.ab import (
    DELTAS,
    MIN_PAIRS,
    SHARES,
    FeelComparison,
    compare_feel,
    feel_lines,
)
from verlies.sim.feel.estimator import (
    FEATURES,
    FIGURES,
    KINGMAKER,
    THRESHOLD,
    WEIGHTS,
    Estimator,
    estimator_for,
    fit_estimator,
)
from verlies.sim.feel.game import GameFeel, game_feel
from verlies.sim.feel.report import FeelFigures, FeelReport, feel_report
from verlies.sim.feel.show import SELECTIONS, Example, games_like, show_me
from verlies.sim.feel.skill import SkillTrace, luck_only, skill_trace
from verlies.sim.feel.tally import FeelTally, simulate_feel
from verlies.sim.records import FeelTrace

__all__ = [
    "FIGURES",
    "WEIGHTS",
    "Estimator",
    "Example",
    "FeelComparison",
    "FeelReport",
    "GameFeel",
    "SkillTrace",
    "compare_feel",
    "estimator_for",
    "feel_report",
    "fit_estimator",
    "game_feel",
    "luck_only",
    "show_me",
    "skill_trace",
]
__all__ += ["SHARES", "feel_lines", "DELTAS", "KINGMAKER", "SELECTIONS", "THRESHOLD", "FeelTrace"]
__all__ += ["FEATURES", "MIN_PAIRS", "FeelFigures", "FeelTally", "games_like", "simulate_feel"]

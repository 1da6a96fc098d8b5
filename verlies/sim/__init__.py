"""The balance lab: bots, simulated runs, metrics and reports (no widget library here).

* :func:`simulate` plays N games by bots on this process, local worker processes or a
  Dask cluster, and aggregates :class:`Metrics` as results arrive;
* :func:`compare` plays two decks (or variant sets) on the same seeds: paired differences
  and a verdict ("different", "no_change", "undecided") with a stated error, sequential
  with ``until_clear`` (the statistics are in :mod:`verlies.sim.stats`);
* :func:`sweep` plays a range of values of one number of the deck;
* :func:`impact` measures every card: met per game, odds, association, paired ±1 effects;
* :func:`skill_matrix` plays the deck with several tables of bots: balance across skill;
* :mod:`verlies.sim.stalls` names the games where nobody can reach an open passage;
* :mod:`verlies.sim.plots` gives what plots draw as plain numbers; the bqplot widgets that
  update in place are in :mod:`verlies.ui.lab_plots` (no widget library on this side).

The metrics are defined in docs/metrics.md.
"""

from verlies.sim.bench import BenchResult, benchmark, random_playouts
from verlies.sim.compare import (
    DEFAULT_WATCH,
    DELTAS,
    HEADLINE,
    VERDICTS,
    Comparison,
    Paired,
    compare,
    default_delta,
    game_values,
)
from verlies.sim.impact import ImpactResult, impact
from verlies.sim.lab import SimResult, simulate
from verlies.sim.metrics import Metrics, Rate, wilson
from verlies.sim.records import (
    REASONS,
    GameRecord,
    SimulationError,
    Tally,
    game_seed,
    load_deck,
    make_bots,
    make_variants,
    play_game,
)
from verlies.sim.run import RunInfo, RunSpec, Task, cancel_event, characters_for, run_tasks
from verlies.sim.skill import TABLES, SkillMatrix, skill_matrix
from verlies.sim.sweep import FIELDS, SweepResult, Tweak, sweep

__all__ = [
    "DEFAULT_WATCH",
    "DELTAS",
    "FIELDS",
    "HEADLINE",
    "REASONS",
    "TABLES",
    "BenchResult",
    "Comparison",
    "GameRecord",
    "ImpactResult",
    "Metrics",
    "Paired",
    "Rate",
    "RunInfo",
    "RunSpec",
    "SimResult",
    "SimulationError",
    "SkillMatrix",
    "SweepResult",
    "Tally",
    "Task",
    "Tweak",
    "VERDICTS",
    "benchmark",
    "cancel_event",
    "characters_for",
    "compare",
    "default_delta",
    "game_seed",
    "game_values",
    "impact",
    "load_deck",
    "make_bots",
    "make_variants",
    "play_game",
    "random_playouts",
    "run_tasks",
    "simulate",
    "skill_matrix",
    "sweep",
    "wilson",
]

"""The balance lab: bots, simulated runs, metrics and reports (no widget library here).

* :func:`simulate` plays N games by bots on this process, local worker processes or a
  Dask cluster, and aggregates :class:`Metrics` as results arrive;
* :func:`verlies.sim.compare.compare` plays two decks (or variant sets) on the same seeds:
  paired differences and a verdict ("different", "no_change", "undecided") with a stated
  error, sequential with ``until_clear`` (the statistics are in :mod:`verlies.sim.stats`);
* :func:`verlies.sim.sweep.sweep` plays a range of values of one number of the deck;
* :func:`verlies.sim.impact.impact` measures every card: met per game, odds, association,
  paired ±1 effects;
* :func:`skill_matrix` plays the deck with several tables of bots: balance across skill;
* :mod:`verlies.sim.stalls` names the games where nobody can reach an open passage;
* :mod:`verlies.sim.plots` gives what plots draw as plain numbers; the bqplot widgets that
  update in place are in :mod:`verlies.ui.balance.plots_view` (no widget library on this side).

The metrics are defined in docs/metrics.md.

``compare``, ``impact`` and ``sweep`` are the submodules, whatever was imported first: their
functions are ``from verlies.sim.compare import compare`` (and ``impact``, ``sweep``), so
``verlies.sim.compare.Comparison`` is the class. The package re-exports every other public
name of its submodules, loaded on first use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from verlies.sim.bench import BenchResult, benchmark, random_playouts
    from verlies.sim.compare import (
        DEFAULT_WATCH,
        DELTAS,
        HEADLINE,
        VERDICTS,
        Comparison,
        Paired,
        default_delta,
        game_values,
    )
    from verlies.sim.impact import ImpactResult
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
    from verlies.sim.sweep import FIELDS, SweepResult, Tweak

# Loaded on first use (PEP 562): the play page imports ``verlies.sim.bots`` for its bots and
# would otherwise pay for the whole lab (multiprocessing, statistics, runs) at every start.
_NAMES = {  # submodule -> the names the package gives from it
    "bench": ("BenchResult", "benchmark", "random_playouts"),
    "compare": (
        "DEFAULT_WATCH",
        "DELTAS",
        "HEADLINE",
        "VERDICTS",
        "Comparison",
        "Paired",
        "default_delta",
        "game_values",
    ),
    "impact": ("ImpactResult",),
    "lab": ("SimResult", "simulate"),
    "metrics": ("Metrics", "Rate", "wilson"),
    "records": (
        "REASONS",
        "GameRecord",
        "SimulationError",
        "Tally",
        "game_seed",
        "load_deck",
        "make_bots",
        "make_variants",
        "play_game",
    ),
    "run": ("RunInfo", "RunSpec", "Task", "cancel_event", "characters_for", "run_tasks"),
    "skill": ("TABLES", "SkillMatrix", "skill_matrix"),
    "sweep": ("FIELDS", "SweepResult", "Tweak"),
}
_HOME = {name: module for module, names in _NAMES.items() for name in names}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        try:  # a submodule not imported yet (``verlies.sim.lab`` after ``import verlies.sim``)
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


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
    "default_delta",
    "game_seed",
    "game_values",
    "load_deck",
    "make_bots",
    "make_variants",
    "play_game",
    "random_playouts",
    "run_tasks",
    "simulate",
    "skill_matrix",
    "wilson",
]

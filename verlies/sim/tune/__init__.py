"""Suggested changes toward a target: a search over the numbers a designer lets move.

The designer states **targets** (every character's win rate within 25 ± 2 %, the first
seat's edge at most 2 points, median rounds 20–30, …, for one bot table) and which numbers
may **move** (a card's obstacle, fight, trap, gold or count; a character's three values;
by card or for every card of a kind; each with bounds). :func:`tune` searches for the
smallest set of edits whose games meet the targets, then checks the proposal on fresh
seeds:

* **the search** is an Optuna study (TPE sampler; its RDB storage, e.g. a SQLite URL, lets
  a study be stopped and resumed, and several runs share it). Every candidate plays the
  *same* games (``seed``: common random numbers), so two candidates differ by their numbers,
  not by luck. A candidate's score is how far its quantities lie outside their targets
  (points of win rate, rounds) plus a small cost per edited number and per step: among the
  candidates that meet every target on the search seeds the proposal is the one with the
  fewest edits (then the smallest steps). Candidates that break R2/R10's material (pile
  sizes, the dungeon's colours, start and exits) or a character's rule (each value 1–6,
  the three summing to 10) are never played nor proposed.
* **the unchanged deck first**: the start deck (trial 0) on the study's seeds, then on
  fresh seeds; every target met there (:func:`judge`): "within targets: nothing to change";
  every estimate inside its band but some undecided: no search either, and the answer
  says how many games would decide them. Else the search runs.
* **the outliers first** (:mod:`~verlies.sim.tune.focus`): after the start deck, aimed
  candidates before the sampler: a broken card (the sanity report) that may move, set by
  exact odds toward its kind's median; then a character off its band whose values may
  move, its legal values screened by its exact mean chance in the direction its win rate
  must go (later rounds by the secant through what was measured). An aimed candidate that
  meets every target ends the search.
* **pruning**: the found candidate loses every edit whose removal misses no more targets
  and lies no further off on the study's seeds, until none can go.
* **the verification** plays the start deck and the proposal on fresh seeds
  (``verify_seed``), paired (:func:`verlies.sim.compare`): each target's estimate with an
  interval, and a verdict per quantity — *met* (the interval lies inside the target),
  *missed* (outside) or *undecided* (can't tell yet) — whose error is at most
  :data:`ALPHA` = 5 % for all of them together (Bonferroni over the quantities; A/A tested
  in tests/sim/test_tune_verdicts.py); and the paired differences start → proposal with the
  compare's verdict and its stated error.
* **the patch**: the proposal as a patch file on the default deck (``base = "default"``),
  which the card editor's "upload a deck file" applies; the edits from the start deck as a
  :class:`~verlies.deck.DeckPatch` and in words.

* **the answer** (:class:`TuneResult`): its headline, counts and table from the same
  check; a proposal is offered only when it lies nearer the targets than the start deck
  on the fresh games; the quantity farthest off and the move that would reach it.

The package by job: :mod:`~verlies.sim.tune.goals` (targets, moves, knobs, the rules a
proposal keeps, :class:`TuneError`), :mod:`~verlies.sim.tune.search` (:func:`tune`),
:mod:`~verlies.sim.tune.verification` (quantities, verdicts, the check on fresh games),
:mod:`~verlies.sim.tune.result` (:class:`TuneResult` and its words),
:mod:`~verlies.sim.tune.file` (the tune file).

Deterministic: the same deck, targets, moves, seeds and budget give the same trials and
the same proposal, on any executor (processes, a Dask cluster) and when a stored study is
resumed: each trial's sampler is seeded from ``seed`` and the trial's number.

>>> Target.parse("win:*=25+-2")
Target(key='win:*', low=0.23, high=0.27)
>>> Target.parse("edge=:2").high
0.02
>>> Move.parse("dungeon:*:obstacle=-1:1")
Move(kind='dungeon', card='*', field='obstacle', low=-1, high=1)
"""

from __future__ import annotations

from verlies.sim.tune.file import describe_targets, load_tune_file
from verlies.sim.tune.goals import (
    CHARACTER_RANGE,
    CHARACTER_SUM,
    LIMITS,
    TARGET_KEYS,
    Knob,
    Move,
    Target,
    TuneError,
    TuneWords,
    character_choices,
    knobs_for,
    legal_values,
    material_problems,
    quantity_name,
)
from verlies.sim.tune.result import TuneResult, show_value, text_of_hint
from verlies.sim.tune.search import EDIT_COST, INFEASIBLE, STEP_COST, tune
from verlies.sim.tune.verification import (
    ALPHA,
    judge,
    meets,
    more_games,
    quantities,
    target_for,
    verdict,
    verdict_level,
    verdict_z,
    verify,
    violation,
)

__all__ = [
    "ALPHA",
    "CHARACTER_RANGE",
    "CHARACTER_SUM",
    "EDIT_COST",
    "INFEASIBLE",
    "LIMITS",
    "STEP_COST",
    "TARGET_KEYS",
    "Knob",
    "Move",
    "Target",
    "TuneError",
    "TuneResult",
    "TuneWords",
    "character_choices",
    "describe_targets",
    "judge",
    "knobs_for",
    "legal_values",
    "load_tune_file",
    "material_problems",
    "meets",
    "more_games",
    "quantities",
    "quantity_name",
    "show_value",
    "target_for",
    "text_of_hint",
    "tune",
    "verdict",
    "verdict_level",
    "verdict_z",
    "verify",
    "violation",
]

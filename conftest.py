"""How ``./run test`` shares the tests between its pytest-xdist workers (three).

A unit of work runs whole in one worker, one test after another: each test module or
notebook (nbval runs a notebook's cells in order in one kernel; a module's fixtures, such as
a built venv or a started server, are built once per worker). The browser tests' modules are
units like the others: each worker starts its own shared Voila servers, and every wait
follows progress (tests/browser/progress.py), so several at once on two cores only slow
each other down. Units are handed out in collection order, the longest first (:data:`LONGEST`),
so no long one starts last while the others idle. A hook of xdist's own: its
``xdist_group`` marks cannot reach nbval's cells, whose node ids are not rewritten.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from typing import Any

import pytest


def _defer_iri_grammar() -> None:
    """Collection's largest fixed cost, deferred: jsonschema (which nbval's nbformat
    imports) takes ``is_valid_syntax`` from ``rfc3987_syntax`` when that is installed, and
    that module builds its grammar's Earley parsers on import: about 2 CPU-s in every
    pytest process (each xdist worker too) for a check of "iri" strings no test makes. A
    stand-in module gives the same function, which imports the real module on its first
    call; any other name loads it too."""
    name = "rfc3987_syntax"
    if name in sys.modules or importlib.util.find_spec(name) is None:
        return
    stand_in = types.ModuleType(name)

    def real() -> types.ModuleType:
        if sys.modules.get(name) is stand_in:
            del sys.modules[name]
        return importlib.import_module(name)

    def is_valid_syntax(term: str, value: str) -> bool:
        return bool(real().is_valid_syntax(term, value))

    def __getattr__(attr: str) -> Any:
        if attr.startswith("__"):  # the import system's questions (__path__, ...)
            raise AttributeError(attr)
        return getattr(real(), attr)

    stand_in.is_valid_syntax = is_valid_syntax  # type: ignore[attr-defined]
    stand_in.__getattr__ = __getattr__  # type: ignore[method-assign]
    sys.modules[name] = stand_in


_defer_iri_grammar()
# Collection's largest cost, kept: pytest rewrites the asserts of every test module it
# imports (~360 modules parsed and rewritten: two thirds of a collection's profile) and
# caches the result in __pycache__, but not where PYTHONDONTWRITEBYTECODE is set (CI images
# often set it; this machine does), so every pytest process and every xdist worker did it
# all again. The cache is checked against each source's time stamp and size.
sys.dont_write_bytecode = False
#: nbval, loaded here after the stand-in (pyproject.toml's addopts has ``-p no:nbval``, so
#: its entry point does not load it first).
pytest_plugins = ("nbval.plugin",)

#: Modules that take a minute or more (the module totals of a fresh-clone run's
#: ``--durations=0``): handed out first, the longest first.
LONGEST = (
    "tests/browser/test_load.py",
    "tests/sim/test_compiled_engine.py",
    "tests/browser/test_serving.py",
    "tests/browser/test_table_cap.py",
    "tests/sim/test_sim_stats.py",
    "tests/engine/test_stateful.py",
    "tests/browser/test_resume.py",
    "tests/browser/test_progress.py",
    "tests/browser/test_deck_sweep.py",
    "tests/browser/test_balance_tab.py",
    "tests/browser/test_deck_impact_reload.py",
    "tests/browser/test_refused_edit_reload.py",
    "tests/browser/test_sweep_interrupted.py",
    "tests/browser/test_chart_bars_page.py",
    "tests/browser/test_shared_table_page.py",
    "tests/browser/test_designer.py",
    "tests/browser/test_play.py",
    "tests/browser/test_arrivals.py",
    "tests/notebooks/test_binder_env.py",
    "tests/sim/test_impact_pair.py",
    "tests/ui/deck/test_impact_show.py",
    "tests/ui/workspace/test_workspace_kept_hostile.py",
)


def _module(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def pytest_collection_modifyitems(config: Any, items: list[pytest.Item]) -> None:
    rank = {path: i for i, path in enumerate(LONGEST)}
    # A stable sort: within a module (a notebook's cells) the order stays.
    items.sort(key=lambda item: rank.get(_module(item.nodeid), len(LONGEST)))


@pytest.hookimpl(optionalhook=True)  # known only while pytest-xdist is loaded (not -p no:xdist)
def pytest_xdist_make_scheduler(config: Any, log: Any) -> Any:
    from xdist.scheduler import LoadScopeScheduling

    class Units(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return _module(nodeid)

    return Units(config, log)

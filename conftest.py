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

from typing import Any

import pytest

#: Modules that take a minute or more (the module totals of a fresh-clone run's
#: ``--durations=0``): handed out first, the longest first.
LONGEST = (
    "tests/test_compiled_engine.py",
    "tests/browser/test_serving.py",
    "tests/test_sim_stats.py",
    "tests/test_stateful.py",
    "tests/browser/test_resume.py",
    "tests/browser/test_progress.py",
    "tests/browser/test_deck_sweep.py",
    "tests/browser/test_balance_tab.py",
    "tests/browser/test_load.py",
    "tests/browser/test_shared_table_page.py",
    "tests/browser/test_designer.py",
    "tests/browser/test_play.py",
    "tests/browser/test_arrivals.py",
    "tests/test_binder_env.py",
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

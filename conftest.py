"""How ``./run test`` shares the tests between its two pytest-xdist workers.

A unit of work runs whole in one worker, one test after another: every browser test
together (one Chromium and its Voila servers at a time: the load test wants the machine's
kernels to itself), and each other test module or notebook (nbval runs a notebook's cells
in order in one kernel; a module's fixtures are built once). Units are handed out in
collection order, the browser tests (the longest unit) first. A hook of xdist's own: its
``xdist_group`` marks cannot reach nbval's cells, whose node ids are not rewritten.
"""

from __future__ import annotations

from typing import Any

import pytest

BROWSER = "tests/browser/"


@pytest.hookimpl(optionalhook=True)  # known only while pytest-xdist is loaded (not -p no:xdist)
def pytest_xdist_make_scheduler(config: Any, log: Any) -> Any:
    from xdist.scheduler import LoadScopeScheduling

    class Units(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return BROWSER if path.startswith(BROWSER) else path

    return Units(config, log)

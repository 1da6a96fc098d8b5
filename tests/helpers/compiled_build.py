"""The compiled engine's test build, shared by the tests that need it.

Built at ``-O0`` (mypyc's translation is the same at every level of the C compiler; 0
compiles fastest) into the user's build cache (``verlies.sim.compiled_cache``), so it is
made once per source and every later run finds it. :func:`compiled_workers` makes the
lab's next pool of worker processes run it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from verlies.sim import compiled_cache
from verlies.sim.run import shutdown_pool

#: The C compiler's level of the tests' build.
OPT = "0"


def made_build() -> compiled_cache.Build:
    """The current source's build: the lab's (-O3) where it was made, else the tests'
    (-O0), made now if it is not in the cache."""
    found = compiled_cache.find_build(opt=compiled_cache.LAB_OPT)
    if found is not None:
        return found
    try:
        return compiled_cache.build(opt=OPT)
    except compiled_cache.BuildError as e:  # a machine without a compiler fails the test
        pytest.fail(f"the compiled engine could not be built: {e}")


@contextmanager
def compiled_workers(monkeypatch: pytest.MonkeyPatch) -> Iterator[compiled_cache.Build]:
    """The lab's pool started anew on the test build; pure Python's again afterwards."""
    found = made_build()
    monkeypatch.setenv("VERLIES_COMPILED_OPT", found.opt)
    monkeypatch.delenv("VERLIES_COMPILED", raising=False)
    shutdown_pool()
    try:
        yield found
    finally:
        shutdown_pool()
        monkeypatch.delenv("VERLIES_COMPILED_OPT")

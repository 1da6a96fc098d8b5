"""A Voila whose kernels read a playtest store of the test's own (the browser tests of
people beside bots and of shared tables start one each).

The server's kernels learn the store from ``VERLIES_STORE_URL`` (and whatever other
setting is given) in the environment they inherit: :func:`environ` sets them for the
start only and puts the test process's own values back, so that a later server of the
session does not read this store by accident.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["environ", "voila_on_store"]


@contextmanager
def environ(**values: str) -> Iterator[None]:
    """``os.environ`` with ``values`` set inside the block, as it was after it (a name it
    did not hold is taken out again)."""
    kept = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, old in kept.items():
            if old is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = old


@contextmanager
def voila_on_store(
    start_voila: Callable[..., Any], url: str, name: str, **env: str
) -> Iterator[Any]:
    """Start the play page's Voila (conftest's ``start_voila``, log named ``name``) with
    its kernels reading the store at ``url`` (and ``env``: more settings of theirs); the
    server for the block, stopped after it."""
    with environ(VERLIES_STORE_URL=url, **env):
        server = start_voila("play.ipynb", name=name)
    try:
        yield server
    finally:
        server.stop()

"""The examples in the package's docstrings are tests too (python-chess style)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import verlies

MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(verlies.__path__, "verlies.")
    if not m.name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_the_examples_are_really_collected() -> None:
    attempted = sum(
        doctest.testmod(importlib.import_module(n), report=False).attempted for n in MODULES
    )
    assert attempted >= 20

"""The stored workspace's fields checked as they are read back (issue 38): what a JSON
value must be for the field it stands in, and the worded error naming the field when it
is not. Shared by :mod:`.model` (the draft, the place, the results) and
:mod:`.sweep_kept` (a sweep's figures).
"""

from __future__ import annotations

import json
import math
from dataclasses import fields
from typing import Any

from verlies.errors import Phrase, WordedError

__all__ = ["MAX_INT", "WorkspaceError", "as_json", "bad", "check"]

#: The largest whole number a stored figure may be (JSON's exact integers: 2**53).
MAX_INT = 2**53


class WorkspaceError(WordedError):
    """A stored workspace that cannot be given back (``workspace.err.``: what and where)."""


def bad(where: str, what: str) -> WorkspaceError:
    return WorkspaceError(words=Phrase.of("workspace.err.field", where=where, what=what))


def check(where: str, value: Any, hint: str) -> Any:  # long because: a branch per JSON kind
    """``value`` as the annotation ``hint`` of a result's field wants it (JSON's kinds), or
    a :class:`WorkspaceError` naming the field."""
    hint = hint.replace(" ", "")
    if hint == "float":
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise bad(where, f"a number, not {type(value).__name__}")
        if isinstance(value, int) and abs(value) > MAX_INT:
            raise bad(where, f"a number of at most {MAX_INT}")
        if math.isinf(value):
            raise bad(where, "a finite number (or none: NaN)")
        return float(value)
    if hint == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad(where, f"a whole number, not {type(value).__name__}")
        if abs(value) > MAX_INT:
            raise bad(where, f"a whole number of at most {MAX_INT}")
        return value
    if hint == "bool":
        if not isinstance(value, bool):
            raise bad(where, f"true or false, not {type(value).__name__}")
        return value
    if hint == "str":
        if not isinstance(value, str) or len(value) > 200:
            raise bad(where, "a short text")
        return value
    if hint == "tuple[float,float]|None":
        if value is None:
            return None
        if not isinstance(value, list) or len(value) != 2:
            raise bad(where, "two numbers or null")
        return (check(where, value[0], "float"), check(where, value[1], "float"))
    if hint == "Key":
        if not isinstance(value, list) or len(value) != 2:
            raise bad(where, "a card's kind and id")
        return (check(where, value[0], "str"), check(where, value[1], "str"))
    raise bad(where, f"a field of an unknown kind ({hint})")  # pragma: no cover - our types


def as_json(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as the store gives it back (tuples become lists): what is kept in memory is
    what a reload reads."""
    out: dict[str, Any] = json.loads(json.dumps(data, allow_nan=True))
    return out


def fields_of(cls: type, data: Any, where: str, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """The fields of dataclass ``cls`` read from ``data`` (a JSON object), each checked."""
    if not isinstance(data, dict):
        raise bad(where, "an object")
    out: dict[str, Any] = {}
    for f in fields(cls):
        if f.name in skip:
            continue
        if f.name not in data:
            raise bad(f"{where}.{f.name}", "missing")
        out[f.name] = check(f"{where}.{f.name}", data[f.name], str(f.type))
    return out

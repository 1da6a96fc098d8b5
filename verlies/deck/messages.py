"""Pydantic's validation errors as sentences a designer understands."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final, get_args

from pydantic import BaseModel

_TOML_TYPE: Final[dict[type, str]] = {
    bool: "a boolean",
    int: "an integer",
    float: "a float",
    str: "a string",
    list: "an array",
    dict: "a table",
}
_EXPECTED: Final[dict[str, str]] = {
    "int_type": "an integer",
    "string_type": "a string",
    "bool_type": "a boolean",
    "list_type": "an array",
    "dict_type": "a table",
    "model_type": "a table",
    "model_attributes_type": "a table",
    "literal_error": "one of the listed values",
}


#: Our own error types (PydanticCustomError): their message is complete.
_CUSTOM: Final = frozenset({"count_zero", "corridor_only", "remove_without_base"})


def _toml_type(value: object) -> str:
    for t, label in _TOML_TYPE.items():
        if type(value) is t:
            return label
    return type(value).__name__


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _submodel(model: type[BaseModel] | None, path: Iterable[str | int]) -> type[BaseModel] | None:
    """The pydantic model that validates the table at ``path`` inside ``model``."""
    for part in path:
        if model is None:
            return None
        if isinstance(part, int):
            continue
        info = model.model_fields.get(part)
        if info is None:
            return None
        model = _find_model(info.annotation)
    return model


def _find_model(annotation: object) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in get_args(annotation):
        found = _find_model(arg)
        if found is not None:
            return found
    return None


def field_name(loc: Iterable[str | int]) -> str | None:
    parts = [p for p in loc if isinstance(p, str)]
    return ".".join(parts) if parts else None


def message(err: Mapping[str, Any], model: type[BaseModel], loc: tuple[str | int, ...]) -> str:
    """One pydantic error as a sentence for a designer."""
    kind = str(err.get("type"))
    value = err.get("input")
    ctx = err.get("ctx") or {}
    name = field_name(loc) or "value"
    if kind == "missing":
        where = _submodel(model, loc[:-1])
        need = [n for n, f in where.model_fields.items() if f.is_required()] if where else []
        extra = f" (required here: {', '.join(need)})" if need else ""
        return f"missing field {name!r}{extra}"
    if kind == "extra_forbidden":
        where = _submodel(model, loc[:-1])
        allowed = ", ".join(where.model_fields) if where else ""
        key = loc[-1] if loc else name
        return f"unknown field {key!r}; allowed fields here: {allowed}"
    if kind == "literal_error":
        return f"unknown value {_short(value)} for {name!r}; allowed: {ctx.get('expected')}"
    if kind == "string_pattern_mismatch":  # only ids have a pattern
        return (
            f"bad id {_short(value)}: an id is 1-64 ASCII letters, digits, '-', '_' or "
            "'.', starting with a letter or digit"
        )
    if kind in _CUSTOM:
        return str(err.get("msg"))
    if kind in _EXPECTED:
        return f"wrong type for {name!r}: expected {_EXPECTED[kind]}, got {_toml_type(value)} " + (
            _short(value)
        )
    if kind == "greater_than_equal":
        return f"{name} must be at least {ctx.get('ge')}, got {_short(value)}"
    if kind == "less_than_equal":
        return f"{name} must be at most {ctx.get('le')}, got {_short(value)}"
    if kind == "string_too_short":
        return f"{name} must not be empty"
    if kind == "string_too_long":
        return f"{name} is too long: at most {ctx.get('max_length')} characters"
    return f"{err.get('msg')} ({name} = {_short(value)})"

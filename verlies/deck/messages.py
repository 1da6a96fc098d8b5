"""Pydantic's validation errors as sentences a designer understands."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, get_args

from pydantic import BaseModel

from verlies.deck.words import say

#: Python type of a TOML value -> its word (``deck.type.<key>``).
_TOML_TYPE: Final[dict[type, str]] = {
    bool: "bool",
    int: "int",
    float: "float",
    str: "string",
    list: "array",
    dict: "table",
}
#: Pydantic's type errors -> the word for what was expected.
_EXPECTED: Final[dict[str, str]] = {
    "int_type": "int",
    "string_type": "string",
    "bool_type": "bool",
    "list_type": "array",
    "dict_type": "table",
    "model_type": "table",
    "model_attributes_type": "table",
    "literal_error": "listed",
}


#: Our own error types (PydanticCustomError): ``deck.msg.<type>`` with the error's context.
_CUSTOM: Final = frozenset({"count_zero", "corridor_only", "remove_without_base"})


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


def message(
    err: Mapping[str, Any], model: type[BaseModel], loc: tuple[str | int, ...], lang: str = "en"
) -> str:
    """One pydantic error as a sentence for a designer, in ``lang``."""
    return ErrorWords.of(err, model, loc).text(lang)


_NO_CTX: Final[Mapping[str, Any]] = {}


@dataclass(frozen=True, slots=True, eq=False)
class ErrorWords:
    """One pydantic error kept until it is shown: what :meth:`text` needs of it, no more
    (a hostile file gives thousands of errors, each with the entry it was about)."""

    kind: str
    value: str  # the input, shortened
    value_type: str  # the input's TOML type, a key of deck.type.* (or a Python type name)
    ctx: Mapping[str, Any]
    msg: str
    model: type[BaseModel]
    loc: tuple[str | int, ...]

    @classmethod
    def of(
        cls, err: Mapping[str, Any], model: type[BaseModel], loc: tuple[str | int, ...]
    ) -> ErrorWords:
        value = err.get("input")
        ctx = dict(err["ctx"]) if err.get("ctx") else _NO_CTX  # a few small values, mostly none
        kind = next((key for t, key in _TOML_TYPE.items() if type(value) is t), None)
        return cls(
            str(err.get("type")),
            _short(value),
            f"type.{kind}" if kind else type(value).__name__,
            ctx,
            str(err.get("msg")),
            model,
            loc,
        )

    def text(self, lang: str) -> str:
        kind, value, ctx, loc, model = self.kind, self.value, self.ctx, self.loc, self.model
        name = field_name(loc) or say("msg.value", lang)
        if kind == "missing":
            where = _submodel(model, loc[:-1])
            need = [n for n, f in where.model_fields.items() if f.is_required()] if where else []
            extra = say("msg.missing_needs", lang, fields=", ".join(need)) if need else ""
            return say("msg.missing", lang, name=name, extra=extra)
        if kind == "extra_forbidden":
            where = _submodel(model, loc[:-1])
            allowed = ", ".join(where.model_fields) if where else ""
            key = loc[-1] if loc else name
            return say("msg.unknown_field", lang, key=key, allowed=allowed)
        if kind == "literal_error":
            allowed = str(ctx.get("expected"))
            if lang != "en":  # pydantic lists the values in English: "'a', 'b' or 'c'"
                allowed = allowed.replace("' or '", say("msg.or", lang))
            return say("msg.unknown_value", lang, value=value, name=name, allowed=allowed)
        if kind == "string_pattern_mismatch":  # only ids have a pattern
            return say("msg.bad_id", lang, value=value)
        if kind in _CUSTOM:
            return say(f"msg.{kind}", lang, **ctx)
        if kind in _EXPECTED:
            expected = say(f"type.{_EXPECTED[kind]}", lang)
            got = (
                say(self.value_type, lang)
                if self.value_type.startswith("type.")
                else self.value_type
            )
            return say("msg.wrong_type", lang, name=name, expected=expected, got=got, value=value)
        if kind == "greater_than_equal":
            return say("msg.at_least", lang, name=name, ge=ctx.get("ge"), value=value)
        if kind == "less_than_equal":
            return say("msg.at_most", lang, name=name, le=ctx.get("le"), value=value)
        if kind == "string_too_short":
            return say("msg.empty", lang, name=name)
        if kind == "string_too_long":
            return say("msg.too_long", lang, name=name, max=ctx.get("max_length"))
        return say("msg.other", lang, msg=self.msg, name=name, value=value)


def messages(
    err: Mapping[str, Any], model: type[BaseModel], loc: tuple[str | int, ...]
) -> ErrorWords:
    """A DeckError's ``words`` for one pydantic error."""
    return ErrorWords.of(err, model, loc)

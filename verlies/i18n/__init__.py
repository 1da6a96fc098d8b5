"""Every word verlies shows a person, in every language: one table per language.

The engine emits keys and raw values (ids, numbers, seats); whoever shows them to a person
turns them into text here (``verlies.i18n.values`` puts the engine's raw values, events and
actions into words). A language is one module ``verlies/i18n/<code>.py`` holding a
``TEXTS`` dict (key -> ``str.format`` template); adding a language is adding that file
(it is found by its name, a two- or three-letter code). A key missing from a language
falls back to English, so a partial translation still shows every screen. See
``docs/i18n.md``.

>>> text("round", "de", n=3)
'Runde 3'
>>> text("round", "en", n=3)
'Round 3'
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Mapping
from typing import Any


def _shipped() -> tuple[str, ...]:
    """The language tables in this package: the modules named by a language code."""
    return tuple(
        sorted(m.name for m in pkgutil.iter_modules(__path__) if re.fullmatch("[a-z]{2,3}", m.name))
    )


#: Languages shipped with verlies (one module each); ``register`` adds more at run time.
LANGUAGES: tuple[str, ...] = _shipped()
FALLBACK = "en"

_tables: dict[str, Mapping[str, str]] = {}
_caches: list[dict[Any, Any]] = []


def table(lang: str) -> Mapping[str, str]:
    """The table of ``lang`` (loaded on first use); ``KeyError`` for an unknown language."""
    found = _tables.get(lang)
    if found is None:
        if lang not in LANGUAGES:
            raise KeyError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
        module = importlib.import_module(f"verlies.i18n.{lang}")
        found = module.TEXTS
        _tables[lang] = found
    return found


def register(lang: str, texts: Mapping[str, str]) -> None:
    """Add (or replace) a language at run time, e.g. a translation being worked on."""
    global LANGUAGES
    _tables[lang] = dict(texts)
    if lang not in LANGUAGES:
        LANGUAGES = (*LANGUAGES, lang)
    _tables_changed()


def unregister(lang: str) -> None:
    """Undo ``register``: a shipped language goes back to its own table, another is gone."""
    global LANGUAGES
    _tables.pop(lang, None)
    if lang not in _shipped():
        LANGUAGES = tuple(code for code in LANGUAGES if code != lang)
    _tables_changed()


def cache() -> dict[Any, Any]:
    """A dict for things made from templates; it is emptied whenever a table changes."""
    made: dict[Any, Any] = {}
    _caches.append(made)
    return made


def _tables_changed() -> None:
    for made in _caches:
        made.clear()


def has(key: str, lang: str = FALLBACK) -> bool:
    return key in table(lang) or key in table(FALLBACK)


def template(key: str, lang: str = FALLBACK) -> str:
    """The raw template of ``key`` in ``lang`` (English when that language lacks it)."""
    # The loaded table first: this runs for every sentence of a log.
    found = (_tables.get(lang) or table(lang)).get(key)
    if found is None:
        found = table(FALLBACK).get(key)
        if found is None:
            raise KeyError(f"no text for key {key!r}")
    return found


def keys(lang: str = FALLBACK) -> frozenset[str]:
    """Every key of ``lang``'s own table (without the English fallback)."""
    return frozenset(table(lang))


def text(key: str, lang: str = FALLBACK, /, **values: Any) -> str:
    """``key``'s template in ``lang`` filled with ``values``."""
    return template(key, lang).format(**values)


__all__ = [
    "FALLBACK",
    "LANGUAGES",
    "cache",
    "has",
    "keys",
    "register",
    "table",
    "template",
    "text",
    "unregister",
]

"""The page's words: a thin accessor over :mod:`verlies.i18n` (the ``page.…`` keys), and
the one way a room says its own keys (:class:`Keys`, :class:`Worded`): no room writes a
``_t`` wrapper of its own (tests/house/test_ui_homes.py).

The tables themselves are ``verlies/i18n/de.py`` and ``en.py``; nothing here holds words.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from typing import ClassVar

from verlies import i18n
from verlies.i18n.numbers import decimal

PAGE = "page."


class Keys:
    """A room's words: the i18n keys under ``prefix``, said in a language.

    ``Keys("drafts.")("title", "de")`` is ``i18n.text("drafts.title", "de")``; with
    ``raw``, a key said without values is its template as it is (a brace stays a brace),
    as the page's own words (:data:`t`) are. :meth:`bound` gives them in one language.

    >>> Keys("skill.")("title", "en") == i18n.text("skill.title", "en")
    True
    >>> Keys("skill.").bound("de")("title") == i18n.text("skill.title", "de")
    True
    """

    def __init__(self, prefix: str = "", *, raw: bool = False) -> None:
        self.prefix = prefix
        self.raw = raw

    def __call__(self, key: str, lang: str, **kw: object) -> str:
        if self.raw and not kw:
            return i18n.template(self.prefix + key, lang)
        return i18n.text(self.prefix + key, lang, **kw)

    def bound(self, lang: str) -> Callable[..., str]:
        """The words in ``lang``: ``t = DRAFTS.bound("de"); t("title")``."""
        return functools.partial(self, lang=lang)


#: The page text ``key`` (without its ``page.`` prefix) in ``lang``, filled with ``kw``;
#: without values the template as it is (a brace in it stays a brace).
t = Keys(PAGE, raw=True)


class Worded:
    """A view that says its words in its own language: ``self._t(key, **kw)`` is
    ``self.WORDS(key, self.lang, **kw)`` (a class sets ``WORDS``, its :class:`Keys`)."""

    #: The view's keys (all of i18n's by default).
    WORDS: ClassVar[Keys] = Keys()
    lang: str

    def _t(self, key: str, **kw: object) -> str:
        return self.WORDS(key, self.lang, **kw)


def known(lang: str) -> str:
    """``lang`` if verlies has a table for it (a registered one too), else German: the
    page's language."""
    return lang if lang in i18n.LANGUAGES else "de"


def has(key: str) -> bool:
    """Is ``key`` a page text (in the fallback language at least)?"""
    return i18n.has(PAGE + key)


def variant_text(name: str, lang: str) -> str:
    """The explanation of the house-rule switch ``name`` (a ``Variants`` field); a switch
    the tables do not know yet shows the engine's own description."""
    if has(f"variant.{name}"):
        return t(f"variant.{name}", lang)
    from verlies.variants import Variants

    return Variants.describe().get(name, name)


def pct(p: Fraction | float, lang: str = "en") -> str:
    """A probability as a percentage with at most one decimal: 0.5 -> '50 %'; German
    writes a decimal comma (5/6 -> '83,3 %')."""
    value = float(p) * 100
    if abs(value - round(value)) < 0.05:
        return f"{round(value)} %"
    return decimal(f"{value:.1f} %", lang)


def bot_name(name: str, lang: str) -> str:
    """A bot's name as the page shows it (``page.botname.<name>``; a bot the tables do not
    know keeps its registered name)."""
    return t(f"botname.{name}", lang) if has(f"botname.{name}") else name

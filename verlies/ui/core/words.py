"""The page's words: a thin accessor over :mod:`verlies.i18n` (the ``page.…`` keys).

The tables themselves are ``verlies/i18n/de.py`` and ``en.py``; nothing here holds words.
"""

from __future__ import annotations

from fractions import Fraction

from verlies import i18n
from verlies.i18n.numbers import decimal

PAGE = "page."


def t(key: str, lang: str, **kw: object) -> str:
    """The page text ``key`` (without its ``page.`` prefix) in ``lang``, filled with ``kw``.

    Without values the template is returned as it is (a brace in it stays a brace)."""
    template = i18n.template(PAGE + key, lang)
    return template.format(**kw) if kw else template


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

"""Numbers and percents as a language writes them: the one home of the decimal comma.

English writes ``83.3 %`` and ``1,234``; German ``83,3 %`` and ``1.234``. Every text that
shows a number in a language formats it here (the call sites still formatting by hand
are listed in docs/architecture.md, to move when their owners' work has landed).

>>> fixed(2.5, 1, "de"), fixed(0.25, 2, "en", sign=True), fixed(-1.0, 1, "de", sign=True)
('2,5', '+0.25', '-1,0')
>>> percent(5 / 6, "de"), percent(0.5, "en"), percent(float("nan"), "en")
('83,3 %', '50.0 %', '–')
>>> grouped(1234567, "de"), grouped(1234567, "en")
('1.234.567', '1,234,567')
"""

from __future__ import annotations

import math

__all__ = ["MINUS", "NONE", "decimal", "fixed", "grouped", "measured", "percent", "signed"]

#: What stands for a number there is none of (a rate of no games).
NONE = "–"
#: The minus a chart or table writes (a true minus, not the hyphen).
MINUS = "−"


def decimal(text: str, lang: str) -> str:
    """``text``, a number written with a decimal point, in ``lang``: German writes a
    comma (``"2.5 %"`` -> ``"2,5 %"``)."""
    return text.replace(".", ",") if lang == "de" else text


def fixed(x: float, digits: int, lang: str, *, sign: bool = False) -> str:
    """``x`` with ``digits`` decimals in ``lang``; ``sign``: a plus before a positive."""
    return decimal(f"{x:+.{digits}f}" if sign else f"{x:.{digits}f}", lang)


def percent(share: float, lang: str, digits: int = 1) -> str:
    """A share (0.25) as a percentage (``25.0 %``) in ``lang``; :data:`NONE` for NaN."""
    if math.isnan(share):
        return NONE
    return decimal(f"{100 * share:.{digits}f} %", lang)


def grouped(n: int, lang: str) -> str:
    """A whole number with its thousands grouped as ``lang`` writes them."""
    s = f"{n:,}"
    return s.replace(",", ".") if lang == "de" else s


def signed(x: float, lang: str, digits: int = 1, sign: bool = True) -> str:
    """``x`` with ``digits`` decimals in ``lang`` and a true minus; ``sign``: a plus before
    a positive. A zero has no sign.

    >>> signed(-1.25, "de", 2), signed(0.04, "en"), signed(3, "en", 0, sign=False)
    ('−1,25', '0.0', '3')
    """
    s = f"{x:+.{digits}f}" if sign else f"{x:.{digits}f}"
    if s.startswith("-"):
        s = MINUS + s[1:]
    if s.lstrip("+" + MINUS) == f"{0:.{digits}f}":
        s = s.lstrip("+" + MINUS)  # no sign on a zero
    return decimal(s, lang)


def measured(x: float, digits: int, lang: str, *, sign: bool = True) -> str:
    """A measured value or difference as the lab's tables write it: ``digits`` decimals
    in ``lang``, a true minus (a zero keeps the sign it has), ``sign``: a plus before a
    positive; :data:`NONE` for NaN, ``±∞`` for an unbounded interval's end.

    >>> measured(-0.125, 2, "de"), measured(0.0, 1, "en"), measured(float("-inf"), 1, "en")
    ('−0,12', '+0.0', '−∞')
    >>> measured(2.5, 1, "de", sign=False), measured(float("nan"), 2, "en")
    ('2,5', '–')
    """
    if math.isnan(x):
        return NONE
    if math.isinf(x):
        return MINUS + "∞" if x < 0 else "+∞"
    return decimal(fixed(x, digits, "en", sign=sign).replace("-", MINUS), lang)

"""The sweep's words and numbers as the page writes them (split from
:mod:`verlies.ui.deck.sweep_view`): a point's number (a share in per cent, the spread in
points), the y axis' numbers, the quantities' and axes' names, and a finished sweep drawn
or written as the Deck tab does (:func:`sweep_figure`, :func:`sweep_lines`: the notebook's).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from verlies import i18n
from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.i18n.numbers import MINUS, decimal, fixed
from verlies.sim.sweep import SweepResult, Tweak
from verlies.ui.core.words import Keys
from verlies.ui.deck.sweep_model import SPREAD, WIN, PairTweak, is_share, points_of

if TYPE_CHECKING:
    from verlies.ui.deck.sweep_plot_view import SweepPlot

__all__ = [
    "WORDS",
    "quantity_words",
    "signed_fixed",
    "sweep_figure",
    "sweep_lines",
    "tick_text",
    "value_text",
    "x_words",
    "y_label",
]


#: This room's words (the ``sweep.`` keys), said in a language.
WORDS = Keys("sweep.")


def signed_fixed(x: float, digits: int, lang: str) -> str:
    return fixed(x, digits, lang).replace("-", MINUS)


def value_text(quantity: str, x: float, lang: str) -> str:
    """A point's number as the table and the heat map write it: a share in per cent, the
    spread of the win rates in points, else one decimal."""
    if math.isnan(x):
        return "–"
    if quantity == SPREAD:
        return WORDS("pts", lang, x=signed_fixed(100 * x, 1, lang))
    if is_share(quantity):
        return f"{signed_fixed(100 * x, 1, lang)} %"
    return signed_fixed(x, 1, lang)


def tick_text(quantity: str, x: float, lang: str) -> str:
    """A number of the y axis (its unit is in the axis' name): shares and the spread in
    per cent points, as few decimals as the number needs."""
    v = 100 * x if is_share(quantity) else x
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    return decimal(text.replace("-", MINUS), lang)


def quantity_words(quantity: str, deck: Deck | None, lang: str) -> str:
    """A quantity's name: a character's win rate names the character."""
    if quantity.startswith(WIN):
        cid = quantity[len(WIN) :]
        ch = deck.characters.get(cid) if deck is not None else None
        return WORDS("q.win", lang, name=ch.name.get(lang) if ch is not None else cid)
    if quantity.startswith("feel:"):  # a game-feel figure (feel3)
        return i18n.text(f"feel.name.{quantity[5:]}", lang)
    return WORDS(f"q.{quantity}", lang)


def y_label(quantity: str, deck: Deck | None, lang: str) -> str:
    """The y axis' name: the quantity and its unit (per cent, or points of the spread)."""
    unit = (
        WORDS("unit.points" if quantity == SPREAD else "unit.pct", lang)
        if is_share(quantity)
        else ""
    )
    what = quantity_words(quantity, deck, lang)
    return WORDS("axis", lang, what=what, unit=unit) if unit else what


def x_words(tweak: Tweak, lang: str) -> str:
    """The x axis' name: the swept number in the page's words."""
    if isinstance(tweak, PairTweak):
        return WORDS(
            "x_pair",
            lang,
            what=i18n.text(f"card.attr.{tweak.field}", lang),
            gives=i18n.text(f"card.attr.{tweak.gives}", lang),
        )
    key = f"card.attr.{tweak.field}" if tweak.kind == "character" else f"impact.field.{tweak.field}"
    return i18n.text(key, lang)


def sweep_figure(
    result: SweepResult, quantity: str = SPREAD, lang: str = "en", deck: Deck | None = None
) -> SweepPlot:
    """A finished sweep of one number drawn as the Deck tab draws it: the same points
    (:func:`~verlies.ui.deck.sweep_model.points_of`), numbers on the y axis in ``lang``, the
    axes' names, the noise floor of the spread, and ``deck``'s value (default: the swept
    deck's own, :attr:`SweepResult.base_value`) marked "now". For the notebook (the plot's
    library is imported here: the words alone do not need it)."""
    from verlies.ui.deck.sweep_plot_view import SweepPlot

    now = result.base_value
    if deck is not None:
        try:
            now = result.tweak.value_in(deck)
        except VerliesError:
            now = None
    plot = SweepPlot(lambda _v: None)
    plot.show(
        points_of(result, quantity),
        result.values,
        {v: str(v) for v in result.values},
        lambda x: tick_text(quantity, x, lang),
        now if now in result.values else None,
        x_words(result.tweak, lang),
        y_label(quantity, result.points[0].spec.deck if result.points else None, lang),
        WORDS("now", lang),
    )
    return plot


def sweep_lines(result: SweepResult, quantity: str = SPREAD, lang: str = "en") -> str:
    """The figure's numbers as the panel's table writes them: one line per value (the
    swept deck's own value marked "(now)"), its estimate, 95 % interval and games, the
    spread's noise floor."""
    deck = result.points[0].spec.deck if result.points else None
    lines = [f"{x_words(result.tweak, lang)} → {y_label(quantity, deck, lang)}"]
    for p in points_of(result, quantity):
        now = f" ({WORDS('now', lang)})" if p.value == result.base_value else ""
        span = f"{value_text(quantity, p.low, lang)} – {value_text(quantity, p.high, lang)}"
        line = f"{p.value}{now}: {value_text(quantity, p.estimate, lang)} ({span}), {p.games}"
        if quantity == SPREAD:
            line += f"; {WORDS('col.floor', lang)} {value_text(quantity, p.floor, lang)}"
        lines.append(line)
    return "\n".join(lines)

"""The balance lab's words: metric names and definitions, the verdict sentence, the tables.

``metric_name("win:char-zwerg", "de")`` → ``'Siegquote Zwerg'``; ``win@<seat>`` is a seat's
win rate; every other key is a metric of docs/metrics.md. The raw keys stay in CSV/JSON.

>>> metric_name("win:char-zwerg", "en"), metric_name("injuries", "de")
("Dwarf's win rate", 'Verletzungen')
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Protocol

from verlies.i18n import has, text

if TYPE_CHECKING:
    from verlies.sim.report import Table


class Comparison(Protocol):
    """What the words read of a :class:`verlies.sim.compare.Comparison`. Spelled out here
    rather than imported: the words sit below the lab, which calls them."""

    @property
    def a(self) -> Any: ...  # a SimResult: .spec.deck and .spec.seed are read
    @property
    def alpha(self) -> float: ...
    @property
    def games(self) -> int: ...
    @property
    def min_pairs(self) -> int: ...
    @property
    def label_a(self) -> str: ...
    @property
    def label_b(self) -> str: ...
    @property
    def looks(self) -> int: ...
    @property
    def same_games(self) -> int: ...
    @property
    def sequential(self) -> bool: ...
    @property
    def stopped(self) -> str: ...
    @property
    def verdict(self) -> str: ...
    def sentence(self, lang: str = "en") -> str: ...
    def watched(self) -> dict[str, dict[str, Any]]: ...
    def differences(self) -> dict[str, dict[str, Any]]: ...


__all__ = ["comparison_tables", "fmt_diff", "metric_help", "metric_name", "verdict_sentence"]


def _character(cid: str, lang: str, deck: Any = None) -> str:
    """A character's name in ``lang``: from ``deck``, else the default deck, else its id."""
    if deck is None:
        from verlies.deck import Deck

        deck = Deck.default()
    card = getattr(deck, "characters", {}).get(cid)
    if card is None:
        return cid.removeprefix("char-")
    return str(card.name.get(lang))


def _words(prefix: str, key: str, lang: str, deck: Any) -> str:
    """``metric.<key>`` (a name) or ``metric.help.<key>`` (a definition) in ``lang``."""
    if key.startswith("win:"):
        return text(f"{prefix}win", lang, name=_character(key[4:], lang, deck))
    if key.startswith("win@"):
        return text(f"{prefix}win_seat", lang, seat=key[4:])
    if has(f"{prefix}{key}", lang):
        return text(f"{prefix}{key}", lang)
    return key


def metric_name(key: str, lang: str = "en", deck: Any = None) -> str:
    """The name of a quantity in words (``win:<character id>``: its name in ``lang``)."""
    return _words("metric.", key, lang, deck)


def metric_help(key: str, lang: str = "en", deck: Any = None) -> str:
    """A one-line definition of a quantity (docs/metrics.md has the long one)."""
    return _words("metric.help.", key, lang, deck)


def _is_rate(key: str) -> bool:
    return key.startswith("win") or key == "timeout"


def _number(x: float, digits: int, lang: str, sign: bool = True) -> str:
    if math.isnan(x):
        return "–"
    if math.isinf(x):
        return "−∞" if x < 0 else "+∞"
    s = f"{x:+.{digits}f}" if sign else f"{x:.{digits}f}"
    s = s.replace("-", "−")
    return s.replace(".", ",") if lang == "de" else s


def fmt_value(key: str, x: float, lang: str = "en") -> str:
    """A level (A's or B's mean): a rate in per cent, else a number."""
    if _is_rate(key):
        return "–" if math.isnan(x) else _number(100 * x, 1, lang, sign=False) + " %"
    return _number(x, 2, lang, sign=False)


def fmt_diff(key: str, x: float, lang: str = "en", unit: bool = True) -> str:
    """A difference B − A: points of a rate, else a number with its unit."""
    if _is_rate(key):
        s = _number(100 * x, 1, lang)
        return f"{s} {text('metric.unit.points', lang)}" if unit else s
    s = _number(x, 2, lang)
    if not unit:
        return s
    per = "metric.unit.seat" if key == "gold" else "metric.unit.game"
    return f"{s} {text(per, lang)}"


def _delta(key: str, d: float, lang: str) -> str:
    if _is_rate(key):
        return f"{_number(100 * d, 1, lang, sign=False)} {text('metric.unit.points', lang)}"
    return _number(d, 2, lang, sign=False)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def verdict_sentence(comp: Comparison, lang: str = "en") -> str:
    """One or two sentences: what changed clearly, what did not move by more than δ, and
    what is still open."""
    rows = comp.watched()
    if not rows:
        return text("lab.sentence.none", lang)
    deck = comp.a.spec.deck
    parts: list[str] = []
    changed = [(k, r) for k, r in rows.items() if r["state"] == "different"]
    within = [(k, r) for k, r in rows.items() if r["state"] == "within"]
    open_ = [(k, r) for k, r in rows.items() if r["state"] == "open"]
    for k, r in changed:
        parts.append(
            text(
                "lab.sentence.changed",
                lang,
                what=_cap(metric_name(k, lang, deck)),
                value=fmt_diff(k, r["diff"], lang),
            )
        )
    chars = [(k, r) for k, r in within if k.startswith("win:")]
    all_chars = [k for k in rows if k.startswith("win:")]
    others = within
    if chars and len(chars) == len(all_chars) and len(chars) > 1:
        ds = {r["delta"] for _, r in chars}
        if len(ds) == 1:
            d = ds.pop()
            parts.append(
                text("lab.sentence.chars_within", lang, d=_number(100 * d, 1, lang, sign=False))
            )
            others = [(k, r) for k, r in within if not k.startswith("win:")]
    if others:
        items = ", ".join(
            text(
                "lab.sentence.within_item",
                lang,
                what=metric_name(k, lang, deck),
                d=_delta(k, r["delta"], lang),
            )
            for k, r in others
        )
        parts.append(text("lab.sentence.within", lang, items=_cap(items)))
    unknown = [(k, r) for k, r in open_ if math.isnan(r["low"])]
    open_ = [(k, r) for k, r in open_ if not math.isnan(r["low"])]
    if unknown and not changed:
        # the comparison says its own minimum: words sit below the lab
        parts.append(text("lab.sentence.too_few", lang, n=comp.games, min=comp.min_pairs))
    if open_ and not changed:
        if not within:
            parts.append(text("lab.sentence.undecided", lang, n=comp.games))
        items = ", ".join(
            text(
                "lab.sentence.open_item",
                lang,
                what=metric_name(k, lang, deck),
                low=fmt_diff(k, r["low"], lang, unit=False),
                high=fmt_diff(k, r["high"], lang),
            )
            for k, r in open_
        )
        parts.append(text("lab.sentence.open", lang, n=comp.games, items=items))
    return " ".join(parts)


_STOPPED = {
    "a watched quantity changed": "lab.stopped.different",
    "no watched quantity moved by more than its δ": "lab.stopped.no_change",
    "game budget spent": "lab.stopped.budget",
    "time budget spent": "lab.stopped.time",
    "cancelled": "lab.stopped.cancelled",
}


def _level(alpha: float, lang: str) -> str:
    return _number(100 * (1 - alpha), 1 if (100 * alpha) % 1 else 0, lang, sign=False) + " %"


def comparison_tables(comp: Comparison, lang: str = "en") -> list[Table]:
    """The comparison as tables: the verdict sentence first, then the watched quantities,
    then every paired quantity (marked after Holm over all rows)."""
    head = text(
        "lab.table.head",
        lang,
        a=comp.label_a,
        b=comp.label_b,
        n=comp.games,
        seed=comp.a.spec.seed,
        same=comp.same_games,
    )
    if comp.stopped:
        why = _STOPPED.get(comp.stopped)
        head += " " + text("lab.table.stopped", lang, why=text(why, lang) if why else comp.stopped)
    return [
        ("", [], [[comp.sentence(lang)], [head]]),
        _watched_table(comp, lang),
        _paired_table(comp, lang),
    ]


def _interval(k: str, low: float, high: float, lang: str) -> str:
    return f"{fmt_diff(k, low, lang, unit=False)} … {fmt_diff(k, high, lang, unit=False)}"


def _watched_table(comp: Comparison, lang: str) -> Table:
    """The watched quantities: difference, always-valid interval, margin, state."""
    deck = comp.a.spec.deck
    rows = [
        [
            metric_name(k, lang, deck),
            fmt_diff(k, r["diff"], lang, unit=False),
            _interval(k, r["low"], r["high"], lang),
            "±" + _delta(k, r["delta"], lang).split(" ")[0],
            text(f"lab.state.{r['state']}", lang),
        ]
        for k, r in comp.watched().items()
    ]
    header = [
        text("lab.col.quantity", lang),
        text("lab.col.diff", lang),
        text("lab.col.ci", lang, level="Holm"),
        text("lab.col.delta", lang),
        text("lab.col.state", lang),
    ]
    title = text(
        "lab.table.watched",
        lang,
        method=text("lab.method.seq" if comp.sequential else "lab.method.one", lang),
        alpha=_number(comp.alpha, 2, lang, sign=False),
        verdict=text(f"lab.verdict.{comp.verdict}", lang),
    )
    return (title, header, rows)


def _paired_table(comp: Comparison, lang: str) -> Table:
    """Every paired quantity: both values, the difference (★ after Holm), interval, p."""
    deck = comp.a.spec.deck
    level = _level(comp.alpha, lang)
    diffs = comp.differences()
    rows = [
        [
            metric_name(k, lang, deck),
            fmt_value(k, r["a"], lang),
            fmt_value(k, r["b"], lang),
            fmt_diff(k, r["diff"], lang, unit=False) + (" ★" if r["marked"] else ""),
            _interval(k, r["ci_low"], r["ci_high"], lang),
            _number(r["p_holm"], 3, lang, sign=False),
        ]
        for k, r in diffs.items()
    ]
    foot = text(
        "lab.table.foot_seq" if comp.sequential else "lab.table.foot_one",
        lang,
        k=len(diffs),
        alpha=_number(comp.alpha, 2, lang, sign=False),
        level=level,
        looks=comp.looks,
    )
    header = [
        text("lab.col.quantity", lang),
        comp.label_a,
        comp.label_b,
        text("lab.col.diff", lang),
        text("lab.col.ci", lang, level=level),
        text("lab.col.p", lang),
    ]
    return (foot, header, rows)

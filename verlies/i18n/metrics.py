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
from verlies.i18n.numbers import decimal, grouped, measured

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
    return key.startswith("win") or key in ("timeout", "spread")


def _number(x: float, digits: int, lang: str, sign: bool = True) -> str:
    return measured(x, digits, lang, sign=sign)


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


def stopped_words(stopped: str, lang: str = "en") -> str:
    """Why a sequential comparison stopped, in ``lang`` ("Stopped: the game budget …")."""
    why = _STOPPED.get(stopped)
    return text("lab.table.stopped", lang, why=text(why, lang) if why else stopped)


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
        head += " " + stopped_words(comp.stopped, lang)
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


# ---- the before/after answer (verlies.sim.verdict) --------------------------------------


class BeforeAfterLike(Protocol):
    """What the words read of a :class:`verlies.sim.verdict.BeforeAfter`."""

    @property
    def verdict(self) -> str: ...
    @property
    def rows(self) -> dict[str, Any]: ...
    @property
    def games(self) -> int: ...
    @property
    def alpha(self) -> float: ...
    @property
    def sequential(self) -> bool: ...
    @property
    def corrected(self) -> bool: ...
    @property
    def levels(self) -> dict[str, float]: ...
    @property
    def base_name(self) -> str: ...
    @property
    def draft_name(self) -> str: ...
    @property
    def decided_by(self) -> tuple[str, ...]: ...
    @property
    def more_games(self) -> int | None: ...
    @property
    def deck(self) -> Any: ...
    @property
    def others(self) -> dict[str, dict[str, Any]]: ...
    def characters(self) -> list[Any]: ...
    def sentence(self, lang: str = "en") -> str: ...
    def band_text(self, key: str, lang: str = "en") -> str: ...


def _ba_name(key: str, ba: BeforeAfterLike, lang: str) -> str:
    """A row's quantity in words: a character by its name, else ``verdict.q.<key>``."""
    if key.startswith("win:"):
        return text("verdict.q.win", lang, name=_character(key[4:], lang, ba.deck))
    return text(f"verdict.q.{key}", lang)


def _grouped(n: int, lang: str) -> str:
    return grouped(n, lang)


def _ba_level(row: Any, x: float, lang: str, unit: bool = True) -> str:
    """A level of a row: a rate in per cent, the spread and the edge in points, rounds."""
    if math.isnan(x):
        return "–"
    if row.key == "rounds":
        return _number(x, 1, lang, sign=False)
    if row.key in ("spread", "edge"):
        s = _number(100 * x, 1, lang, sign=row.key == "edge")
        return f"{s} {text('metric.unit.points', lang)}" if unit else s
    s = _number(100 * x, 1, lang, sign=False)
    return f"{s} %" if unit else s


def _ba_span(row: Any, lo: float, hi: float, lang: str) -> str:
    """A level's interval, ``38.0–44.1`` (no unit: it follows the value)."""
    if math.isnan(lo) or math.isnan(hi):
        return ""
    k = 1.0 if row.key == "rounds" else 100.0
    if row.key == "edge":  # signed bounds: a dash would read as a minus
        return f"{_number(k * lo, 1, lang)} … {_number(k * hi, 1, lang)}"
    return f"{_number(k * lo, 1, lang, sign=False)}–{_number(k * hi, 1, lang, sign=False)}"


def _ba_with_span(row: Any, x: float, lo: float, hi: float, lang: str) -> str:
    span = _ba_span(row, lo, hi, lang)
    return _ba_level(row, x, lang) + (f" ({span})" if span else "")


def _ba_change(row: Any, lang: str) -> str:
    """The paired change with the interval the verdict uses, ★ when it excludes 0."""
    k, digits = (1.0, 2) if row.key == "rounds" else (100.0, 1)
    value = _number(k * row.change, digits, lang)
    if math.isnan(row.change_low) or math.isnan(row.change_high):
        return value
    lo = _number(k * row.change_low, digits, lang)
    hi = _number(k * row.change_high, digits, lang)
    return f"{value} ({lo} … {hi})" + (" ★" if row.star else "")


def _ba_status(row: Any, lang: str) -> str:
    """The draft against its target (the spread: against its noise floor)."""
    if row.key == "spread":
        if math.isnan(row.draft_floor):
            return "–"
        below = row.draft <= row.draft_floor
        return text("verdict.status.below_floor" if below else "verdict.status.above_floor", lang)
    if not row.draft_status:
        return "–"
    if row.draft_status == "missed":
        side = "above" if row.draft_low > row.target[1] else "below"
        return text(f"verdict.status.missed_{side}", lang)
    return text(f"verdict.status.{row.draft_status}", lang)


def _ba_why(row: Any, ba: BeforeAfterLike, lang: str) -> str:
    """One clear change in words: what moved, from where to where."""
    what = _ba_name(row.key, ba, lang)
    if row.key == "rounds":
        key = "verdict.why.shorter" if row.change < 0 else "verdict.why.longer"
        return text(key, lang, d=_number(abs(row.change), 1, lang, sign=False))
    key = "verdict.why.fell" if row.change < 0 else "verdict.why.rose"
    return text(
        key,
        lang,
        what=what,
        a=_ba_level(row, row.base, lang, unit=row.key not in ("spread", "edge")),
        b=_ba_level(row, row.draft, lang),
    )


def _ba_misses(ba: BeforeAfterLike, lang: str) -> list[str]:
    """The characters the draft misses its target with: still or now above/below."""
    out = []
    for row in ba.characters():
        if row.draft_status != "missed":
            continue
        side = "above" if row.draft_low > row.target[1] else "below"
        when = "still" if row.base_status == "missed" else "now"
        out.append(
            text(
                f"verdict.miss.{when}_{side}",
                lang,
                name=_character(row.key[4:], lang, ba.deck),
                value=_ba_level(row, row.draft, lang),
                span=_ba_span(row, row.draft_low, row.draft_high, lang),
            )
        )
    return out


def before_after_sentence(ba: BeforeAfterLike, lang: str = "en") -> str:
    """The before/after verdict in one sentence: the verdict, what decided it, and the
    characters still off target in the draft."""
    rows = ba.rows
    n = _grouped(ba.games, lang)
    if ba.verdict in ("better", "worse", "mixed"):
        decided = [rows[k] for k in ba.decided_by if k in rows]
        if ba.verdict == "mixed":
            toward = [r for r in decided if r.direction == "toward"]
            away = [r for r in decided if r.direction == "away"]
            if toward and away:
                why = text(
                    "verdict.why.but",
                    lang,
                    good=_ba_why(toward[0], ba, lang),
                    bad=_ba_why(away[0], ba, lang),
                )
                head = text("verdict.mixed", lang, why=why)
            else:
                items = ", ".join(_ba_why(r, ba, lang) for r in decided[:2])
                head = text("verdict.mixed_neutral", lang, why=items)
        else:
            items = ", ".join(_ba_why(r, ba, lang) for r in decided[:2])
            head = text(f"verdict.{ba.verdict}", lang, why=items)
    elif ba.verdict == "no_change":
        win = next((r for k, r in rows.items() if k.startswith("win:")), None)
        d = _number(100 * win.delta, 1, lang, sign=False) if win is not None else "3"
        head = text("verdict.no_change", lang, n=n, d=d)
    elif ba.more_games is not None:
        more = _grouped(round_games(ba.more_games), lang)
        head = text("verdict.cant_tell", lang, n=n, more=more)
    else:
        head = text("verdict.cant_tell_far", lang, n=n)
    misses = _ba_misses(ba, lang)
    if misses:
        shown = misses[:3]
        rest = len(misses) - len(shown)
        tail = "; ".join(shown)
        if rest:
            tail += "; " + text("verdict.miss.more", lang, n=rest)
        head += "; " + tail
    head += "."
    unseen: tuple[str, ...] = tuple(getattr(ba, "unplayed", None) or ())
    if unseen:  # a change no game shows: the answer above cannot speak of it
        names = ", ".join(_character(c, lang, ba.deck) for c in unseen)
        head += " " + text("verdict.unplayed", lang, names=names)
    also = [
        f"{metric_name(k, lang, ba.deck)} {fmt_diff(k, r['diff'], lang)}"
        for k, r in ba.others.items()
        if r.get("star")
    ]
    if also:  # what else changed clearly (injuries, gold, …): named, not judged
        head += " " + text("verdict.also", lang, items=", ".join(also))
    return head


def round_games(n: int) -> int:
    """A count of games as a person says it: up to the next ten, hundred or thousand."""
    step = 10 if n <= 100 else 100 if n <= 2000 else 1000
    return -(-n // step) * step


def before_after_wins(ba: BeforeAfterLike, lang: str = "en") -> str:
    """Every character's win rate in the draft with its interval and target state, the
    highest first: the win rates are always part of the answer."""
    items = []
    for row in ba.characters():
        state = _ba_status(row, lang)
        span = _ba_span(row, row.draft_low, row.draft_high, lang)
        inner = ", ".join(x for x in (span, state if state != "–" else "") if x)
        items.append(
            f"{_character(row.key[4:], lang, ba.deck)} {_ba_level(row, row.draft, lang)}"
            + (f" ({inner})" if inner else "")
        )
    return text(
        "verdict.wins",
        lang,
        draft=ba.draft_name,
        n=_grouped(ba.games, lang),
        items=" · ".join(items) if items else "–",
    )


def before_after_table(ba: BeforeAfterLike, lang: str = "en") -> list[Table]:
    """The answer as tables: the sentence and the win rates, the rows base → draft, the
    footnote saying which intervals these are."""
    header = [
        text("lab.col.quantity", lang),
        text("verdict.col.base", lang, name=ba.base_name),
        text("verdict.col.draft", lang, name=ba.draft_name),
        text("verdict.col.change", lang),
        text("verdict.col.target", lang),
        text("verdict.col.state", lang),
    ]
    rows = []
    for key, row in ba.rows.items():
        if key == "spread":
            base = _ba_level(row, row.base, lang) + _ba_floor(row.base_floor, lang)
            draft = _ba_level(row, row.draft, lang) + _ba_floor(row.draft_floor, lang)
        else:
            base = _ba_with_span(row, row.base, row.base_low, row.base_high, lang)
            draft = _ba_with_span(row, row.draft, row.draft_low, row.draft_high, lang)
        rows.append(
            [
                _ba_name(key, ba, lang),
                base,
                draft,
                _ba_change(row, lang),
                ba.band_text(key, lang),
                _ba_status(row, lang),
            ]
        )
    title = text(
        "verdict.table.title",
        lang,
        base=ba.base_name,
        draft=ba.draft_name,
        n=_grouped(ba.games, lang),
    )
    method = text("lab.method.seq" if ba.sequential else "lab.method.one", lang)
    foot = text(
        "verdict.table.foot" if ba.corrected else "verdict.table.foot_none",
        lang,
        method=method,
        alpha=alpha_words(ba.levels.get("answer", ba.alpha) if ba.corrected else ba.alpha, lang),
    )
    if ba.corrected and ba.levels:
        foot += " " + budget_words(ba.alpha, ba.levels, lang)
    return [
        ("", [], [[ba.sentence(lang)], [before_after_wins(ba, lang)]]),
        (title, header, rows),
        ("", [], [[foot]]),
    ]


def alpha_words(x: float, lang: str = "en") -> str:
    """An error level as few digits as it needs (0.05, 0.025, 0.0125)."""
    return decimal(f"{x:.4g}", lang)


def budget_words(total: float, levels: dict[str, float], lang: str = "en") -> str:
    """How the answer spends α over its families (verlies.sim.compare.ALPHA_SPLIT)."""
    return text(
        "feel3.budget",
        lang,
        total=alpha_words(total, lang),
        **{k: alpha_words(levels[k], lang) for k in ("answer", "others", "feel")},
    )


def _ba_floor(floor: float, lang: str) -> str:
    if math.isnan(floor):
        return ""
    return " " + text("verdict.floor", lang, floor=_number(100 * floor, 1, lang, sign=False))

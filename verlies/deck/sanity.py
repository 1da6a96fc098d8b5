"""Sanity checks of a deck as a designer types (issue 37 item 5): warnings, never refusals.

A deck the loader takes can still be one no designer meant: a character whose values break
the character rule, a card nobody can pass, a monster far harder than every other. The
engine knows every exact chance (:mod:`verlies.dice`), so :func:`sanity` works them out
for the whole deck, without playing a game:

- **R2.1, the character rule**: each of a character's three values is 1–6 and the three
  sum to 10. The rule cards say only that a character has three values (RULES.md R2.1);
  1–6 summing to 10 is what every published character has and what this project holds
  characters to (docs/deck-format.md, ``verlies tune``).
- **The chance table**: each character's exact chance against each obstacle (R4.2: W6 +
  value ≥ N), trap (R6.2; a choice of values takes the character's best) and monster
  (R7.2: W6 + value ≥ W6 + the monster's value, a tie to the adventurer; a choice of
  fights takes the character's best). Magic treasures (R9.5) are left out: the chance is
  the bare roll's. Obstacles with the same value and number are one row (the obstacle's
  type changes what failing costs, not the chance).
- **Cards nobody can pass**: every character's chance is 0. **Hardly passable**: every
  chance is below :data:`HARDLY` (a goblin at ``Kampf: Geschick 10``: 1/12 at best).
- **Outliers**: a row far from the other rows of its kind, a character far from the other
  characters (its mean chance over every card, each row weighted by its copies). "Far":
  outside Tukey's fences, 1.5 times the middle half's width beyond the quartiles, and at
  least :data:`MIN_FENCE` beyond them (chances come in sixths and 36ths: a middle half of
  width 0 must not make every other value an outlier).

Everything is exact (``Fraction``) and deterministic: the same deck gives the same report.
Nothing here imports a widget library; the editor shows :class:`Sanity` as HTML.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from typing import Literal

from verlies import i18n
from verlies.cards.model import Attr, Character, Trap
from verlies.deck.model import Deck
from verlies.dice import beat_probability, pass_probability
from verlies.i18n import values

__all__ = [
    "CHARACTER_RANGE",
    "CHARACTER_SUM",
    "DENOMINATOR",
    "HARDLY",
    "MIN_FENCE",
    "ROW_KINDS",
    "Finding",
    "Row",
    "Sanity",
    "fences",
    "pct",
    "sanity",
]

#: The character rule (R2.1 as this project reads it): each value 1–6 ...
CHARACTER_RANGE: tuple[int, int] = (1, 6)
#: ... and the three summing to 10.
CHARACTER_SUM = 10
#: A card whose every chance is below this is "hardly passable" (one in ten).
HARDLY = Fraction(1, 10)
#: Tukey's fences lie at least this far beyond the quartiles (10 points).
MIN_FENCE = 0.10
#: Fewer rows of a kind (or characters) than this: no outliers are marked among them.
MIN_GROUP = 4

#: Every chance of the table is a whole number of 36ths (one W6: sixths; a fight: two W6).
DENOMINATOR = 36

RowKind = Literal["obstacle", "trap", "monster"]
#: The table's kinds, in the order it lists them.
ROW_KINDS: tuple[RowKind, ...] = ("obstacle", "trap", "monster")


def pct(p: Fraction | float, lang: str) -> str:
    """A chance in whole per cent ("8 %"); a chance above 0 never shows as 0 (the least
    is 1/36, 3 %) and one below 1 never as 100."""
    x = float(p) * 100
    n = round(x)
    if p > 0 and n == 0:
        n = 1
    if p < 1 and n == 100:
        n = 99
    return i18n.text("sanity.pct", lang, p=n)


@dataclass(frozen=True)
class Row:
    """One test of the table: what it tests, the cards it is on, each character's chance.

    ``options``: (value, number) pairs; more than one is a choice the adventurer makes.
    ``copies``: the physical cards with this test in the deck. ``hits``: each character's
    chance in 36ths (every chance of one or two W6 is a whole number of 36ths; kept as
    integers, the report costs little per keystroke). ``outlier``: −1 far harder than the
    other rows of its kind, +1 far easier, 0 neither."""

    kind: RowKind
    cards: tuple[str, ...]
    names: tuple[tuple[str, str], ...]  # each card's (German, English) name
    options: tuple[tuple[Attr, int], ...]
    copies: int
    hits: tuple[int, ...]
    outlier: int = 0

    @property
    def chances(self) -> tuple[Fraction, ...]:
        """Each character's exact chance."""
        return tuple(Fraction(h, DENOMINATOR) for h in self.hits)

    @property
    def best(self) -> Fraction:
        return Fraction(max(self.hits, default=0), DENOMINATOR)

    @property
    def mean(self) -> Fraction:
        if not self.hits:
            return Fraction(0)
        return Fraction(sum(self.hits), DENOMINATOR * len(self.hits))

    def test_text(self, lang: str) -> str:
        """What is rolled against: "Strength 7", "Strength or Dexterity 7", "Strength 6 or
        Mind 4" (a monster's own value, rolled with W6 too)."""
        if self.kind == "trap":
            attrs = i18n.text("sanity.or", lang).join(values.attr(a, lang) for a, _ in self.options)
            return f"{attrs} {self.options[0][1]}"
        return i18n.text("sanity.or", lang).join(
            f"{values.attr(a, lang)} {n}" for a, n in self.options
        )

    def label(self, lang: str) -> str:
        """The row's name: a card's name, or the obstacles' test and how many cards."""
        if self.kind == "obstacle":
            return i18n.text("sanity.obstacle_row", lang, test=self.test_text(lang), n=self.copies)
        name = self.names[0][0 if lang == "de" else 1]
        return i18n.text("sanity.card_row", lang, name=name, test=self.test_text(lang))


@dataclass(frozen=True)
class Finding:
    """One warning: its words (``sanity.<key>`` in :mod:`verlies.i18n`), the cards it is
    about (a character's or a card's id) and its values, some of them per language."""

    key: str
    cards: tuple[str, ...]
    words: Mapping[str, object] = field(default_factory=dict)
    localized: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def text(self, lang: str) -> str:
        local = {k: v.get(lang, v.get("en", "")) for k, v in self.localized.items()}
        return i18n.text(f"sanity.{self.key}", lang, **self.words, **local)


@dataclass(frozen=True)
class Sanity:
    """A deck's sanity report: the characters (columns), the rows, each character's mean
    chance (weighted by copies) and whether it is an outlier, and the warnings."""

    characters: tuple[Character, ...]
    rows: tuple[Row, ...]
    means: tuple[Fraction, ...]
    character_outliers: tuple[int, ...]
    findings: tuple[Finding, ...]

    def about(self, card_id: str) -> list[Finding]:
        """The warnings that name this card (or character)."""
        return [f for f in self.findings if card_id in f.cards]

    def row_of(self, card_id: str) -> Row | None:
        return next((r for r in self.rows if card_id in r.cards), None)


def fences(xs: list[float]) -> tuple[float, float, float, float]:
    """Quartiles and Tukey's fences of ``xs``: (q1, q3, low fence, high fence); a value
    below the low fence or above the high one is an outlier (see the module's text)."""
    q1, _, q3 = statistics.quantiles(xs, n=4, method="inclusive")
    reach = max(1.5 * (q3 - q1), MIN_FENCE)
    return q1, q3, q1 - reach, q3 + reach


@cache
def _pass36(value: int, target: int) -> int:
    """The engine's exact chance to pass (R4.2, R6.2), in 36ths."""
    return int(pass_probability(value, target) * DENOMINATOR)


@cache
def _beat36(value: int, monster: int) -> int:
    """The engine's exact chance to win a fight (R7.2), in 36ths."""
    return int(beat_probability(value, monster) * DENOMINATOR)


def _side(x: float, low: float, high: float) -> int:
    return -1 if x < low else (1 if x > high else 0)


def _names(deck: Deck, kind: str, card_id: str) -> tuple[str, str]:
    card = deck.cards(kind)[card_id]
    return (card.name.de, card.name.en)


def _rows(deck: Deck, chars: tuple[Character, ...]) -> list[Row]:
    rows: list[Row] = []
    # obstacles: one row per (value, number), its cards in deck order
    groups: dict[tuple[Attr, int], list[str]] = {}
    dcounts = deck.counts("dungeon")
    for cid, card in deck.dungeon.items():
        if card.obstacle is not None:
            groups.setdefault((card.obstacle.attr, card.obstacle.n), []).append(cid)
    for (attr, n), cids in sorted(
        groups.items(), key=lambda g: (list(Attr).index(g[0][0]), g[0][1])
    ):
        rows.append(
            Row(
                "obstacle",
                tuple(cids),
                tuple(_names(deck, "dungeon", c) for c in cids),
                ((attr, n),),
                sum(dcounts.get(c, 1) for c in cids),
                tuple(_pass36(ch.value(attr), n) for ch in chars),
            )
        )
    rcounts = deck.counts("room")
    for cid, room in deck.rooms.items():
        for effect in room.effects:
            if isinstance(effect, Trap):
                rows.append(
                    Row(
                        "trap",
                        (cid,),
                        (_names(deck, "room", cid),),
                        tuple((a, effect.target) for a in effect.attrs),
                        rcounts.get(cid, 1),
                        tuple(
                            max(_pass36(ch.value(a), effect.target) for a in effect.attrs)
                            for ch in chars
                        ),
                    )
                )
    mcounts = deck.counts("monster")
    for cid, monster in deck.monsters.items():
        if not monster.fight:
            continue
        rows.append(
            Row(
                "monster",
                (cid,),
                (_names(deck, "monster", cid),),
                tuple((f.attr, f.value) for f in monster.fight),
                mcounts.get(cid, 1),
                tuple(
                    max(_beat36(ch.value(f.attr), f.value) for f in monster.fight) for ch in chars
                ),
            )
        )
    return rows


def _char_words(ch: Character) -> dict[str, object]:
    return {"values": "/".join(str(v) for v in ch.values)}


def _char_local(ch: Character) -> dict[str, dict[str, str]]:
    return {"name": {"de": ch.name.de, "en": ch.name.en}}


def _r2(chars: tuple[Character, ...]) -> list[Finding]:
    """R2.1 as this project reads it: each value 1–6, the three summing to 10."""
    lo, hi = CHARACTER_RANGE
    out = []
    for ch in chars:
        outside = [a for a in Attr if not lo <= ch.value(a) <= hi]
        total = sum(ch.values)
        if not outside and total == CHARACTER_SUM:
            continue
        problems = {
            lang: i18n.text("sanity.and", lang).join(
                [
                    i18n.text("sanity.r2_outside", lang, attr=values.attr(a, lang), v=ch.value(a))
                    for a in outside
                ]
                + ([i18n.text("sanity.r2_sum", lang, sum=total)] if total != CHARACTER_SUM else [])
            )
            for lang in i18n.LANGUAGES
        }
        out.append(
            Finding(
                "r2",
                (ch.id,),
                {**_char_words(ch), "rule": "R2.1", "lo": lo, "hi": hi, "total": CHARACTER_SUM},
                {**_char_local(ch), "problem": problems},
            )
        )
    return out


def _row_local(row: Row) -> dict[str, dict[str, str]]:
    return {
        "row": {lang: row.label(lang) for lang in i18n.LANGUAGES},
        "kind": {lang: i18n.text(f"sanity.kinds.{row.kind}", lang) for lang in i18n.LANGUAGES},
    }


def _passable(rows: list[Row], chars: tuple[Character, ...]) -> list[Finding]:
    out = []
    for row in rows:
        if not chars:
            break
        top = max(row.hits)
        if top == 0:
            out.append(Finding("nobody", row.cards, {"n": len(chars)}, _row_local(row)))
        elif Fraction(top, DENOMINATOR) < HARDLY:
            who = [ch for ch, h in zip(chars, row.hits, strict=True) if h == top]
            zero = row.hits.count(0)
            out.append(
                Finding(
                    "hardly",
                    row.cards,
                    {"zero": zero, "n": len(chars)},
                    {
                        **_row_local(row),
                        "best": {lang: pct(row.best, lang) for lang in i18n.LANGUAGES},
                        "who": {
                            lang: ", ".join(ch.name.get(lang) for ch in who)
                            for lang in i18n.LANGUAGES
                        },
                    },
                )
            )
    return out


def _range_local(q1: float, q3: float) -> dict[str, str]:
    return {lang: f"{pct(q1, lang)}–{pct(q3, lang)}" for lang in i18n.LANGUAGES}


def _mark_rows(rows: list[Row]) -> tuple[list[Row], list[Finding]]:
    """Rows far from the others of their kind (by their mean chance)."""
    out: list[Row] = []
    found: list[Finding] = []
    fence_of: dict[str, tuple[float, float, float, float]] = {}
    mean_of = {id(r): sum(r.hits) / (DENOMINATOR * len(r.hits)) for r in rows if r.hits}
    for kind in ROW_KINDS:
        means = [mean_of[id(r)] for r in rows if r.kind == kind and r.hits]
        if len(means) >= MIN_GROUP:
            fence_of[kind] = fences(means)
    for row in rows:
        f = fence_of.get(row.kind)
        side = 0 if f is None or not row.hits else _side(mean_of[id(row)], f[2], f[3])
        if side and f is not None:
            row = replace(row, outlier=side)
            found.append(
                Finding(
                    "row_hard" if side < 0 else "row_easy",
                    row.cards,
                    {},
                    {
                        **_row_local(row),
                        "mean": {lang: pct(row.mean, lang) for lang in i18n.LANGUAGES},
                        "middle": _range_local(f[0], f[1]),
                    },
                )
            )
        out.append(row)
    return out, found


def _means(rows: list[Row], n: int) -> tuple[Fraction, ...]:
    weight = sum(r.copies for r in rows)
    if not weight:
        return tuple(Fraction(0) for _ in range(n))
    return tuple(
        Fraction(sum(r.hits[i] * r.copies for r in rows), DENOMINATOR * weight) for i in range(n)
    )


def sanity(deck: Deck) -> Sanity:
    """The deck's sanity report (see the module's text)."""
    chars = tuple(deck.characters.values())
    rows = _rows(deck, chars)
    findings = _r2(chars)
    findings += _passable(rows, chars)
    rows, marked = _mark_rows(rows)
    findings += marked
    means = _means(rows, len(chars))
    sides = [0] * len(chars)
    if len(chars) >= MIN_GROUP and rows:
        q1, q3, low, high = fences([float(m) for m in means])
        for i, (ch, m) in enumerate(zip(chars, means, strict=True)):
            sides[i] = _side(float(m), low, high)
            if sides[i]:
                findings.append(
                    Finding(
                        "char_strong" if sides[i] > 0 else "char_weak",
                        (ch.id,),
                        _char_words(ch),
                        {
                            **_char_local(ch),
                            "mean": {lang: pct(m, lang) for lang in i18n.LANGUAGES},
                            "middle": _range_local(q1, q3),
                        },
                    )
                )
    return Sanity(chars, tuple(rows), means, tuple(sides), tuple(findings))

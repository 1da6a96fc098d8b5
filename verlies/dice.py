"""Dice expressions and their exact probability distributions (rule card W).

RW.1: ``W6`` is one six-sided die; ``1+W6`` is one die plus one.
RW.2: ``W3`` is W6 halved and rounded up: 1-2 -> 1, 3-4 -> 2, 5-6 -> 3.
RW.3: expressions are sums of integers, ``W6``, ``W3``, ``nW6`` and ``nW3``.

>>> d = Dice.parse("2+W3")
>>> str(d), d.min, d.max
('2+W3', 3, 5)
>>> d.distribution()[4]
Fraction(1, 3)
>>> pass_probability(value=3, target=7)
Fraction(1, 2)
>>> passes(7, 7), passes(6, 7)
(True, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from verlies.errors import DiceError, Phrase

#: The largest number of dice or constant a card may name; keeps distributions small.
MAX_DICE = 20
MAX_CONSTANT = 1000


def _expect(what: str, **values: object) -> Phrase:
    """What the parser expected, as words (``dice.phrase.<what>`` in verlies.i18n)."""
    return Phrase.of(f"dice.phrase.{what}", **values)


# One W6 face -> the value it stands for, per die kind (RW.2).
W6_FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
W3_FACES: tuple[int, ...] = (1, 1, 2, 2, 3, 3)
_SIXTHS: tuple[Fraction, ...] = tuple(Fraction(hits, 6) for hits in range(7))

# ASCII digits only: Unicode digits such as "٣" are not card text.
_TOKEN = re.compile(
    r"\s*(?:(?P<dice>(?P<n>[0-9]*)\s*[Ww]\s*(?P<sides>[0-9]+))|(?P<int>[0-9]+)|(?P<op>[+-]))"
)


def _small_int(digits: str) -> int:
    """``int(digits)``, or ``MAX_CONSTANT + 1`` for any longer number (never a ValueError for
    numbers beyond Python's integer-string limit)."""
    if len(digits.lstrip("0")) > len(str(MAX_CONSTANT)):
        return MAX_CONSTANT + 1
    return int(digits)


@dataclass(frozen=True, slots=True)
class Dice:
    """A dice expression: ``constant + w6 x W6 + w3 x W3``. Immutable, compares by value."""

    constant: int = 0
    w6: int = 0
    w3: int = 0

    @staticmethod
    def parse(text: str) -> Dice:  # long because: one scan, a located error per token
        """Parse ``"2+W3"``, ``"2W6"``, ``"W6+W3-1"``, ``"4"``, ``"-1"``; raise DiceError with
        the column. A leading sign is allowed, so that ``Dice.parse(str(d)) == d`` always."""
        if not isinstance(text, str):
            raise DiceError(repr(text), 1, _expect("expression"))
        pos = 0
        sign = 1
        expect_term = True
        const = w6 = w3 = 0
        first = True
        stripped_end = len(text.rstrip())
        if stripped_end == 0:
            raise DiceError(text, 1, _expect("number_or_die"))
        while pos < stripped_end:
            m = _TOKEN.match(text, pos)
            col = pos + 1 + (len(text[pos:]) - len(text[pos:].lstrip()))
            if m is None:
                raise DiceError(text, col, _expect("term" if expect_term else "sign"))
            if m.group("op"):
                if expect_term and not first:
                    raise DiceError(text, col, _expect("number_or_die"))
                sign = 1 if m.group("op") == "+" else -1
                expect_term = True
            else:
                if not expect_term:
                    raise DiceError(text, col, _expect("sign"))
                if m.group("dice"):
                    sides = _small_int(m.group("sides"))
                    n = _small_int(m.group("n")) if m.group("n") else 1
                    if sides not in (3, 6):
                        raise DiceError(text, col, _expect("sides"))
                    if sign < 0:
                        raise DiceError(text, col, _expect("no_minus_die"))
                    if n < 1 or n > MAX_DICE:
                        raise DiceError(text, col, _expect("count", max=MAX_DICE))
                    if sides == 6:
                        w6 += n
                    else:
                        w3 += n
                else:
                    value = _small_int(m.group("int"))
                    if value > MAX_CONSTANT:
                        raise DiceError(text, col, _expect("constant", max=MAX_CONSTANT))
                    const += sign * value
                expect_term = False
            pos = m.end()
            first = False
        if expect_term:
            raise DiceError(text, stripped_end + 1, _expect("after_sign"))
        if w6 + w3 > MAX_DICE:
            raise DiceError(text, 1, _expect("total", max=MAX_DICE))
        return Dice(const, w6, w3)

    @staticmethod
    def const(value: int) -> Dice:
        return Dice(value, 0, 0)

    @property
    def is_constant(self) -> bool:
        return self.w6 == 0 and self.w3 == 0

    @property
    def min(self) -> int:
        return self.constant + self.w6 + self.w3

    @property
    def max(self) -> int:
        return self.constant + 6 * self.w6 + 3 * self.w3

    def distribution(self) -> dict[int, Fraction]:
        """Exact distribution of the total: value -> probability (sums to 1)."""
        return dict(_distribution(self.constant, self.w6, self.w3))

    def outcomes(self) -> tuple[tuple[int, float], ...]:
        """``(total, probability)`` pairs in ascending order, as floats (for chance points)."""
        return _outcomes(self.constant, self.w6, self.w3)

    @property
    def mean(self) -> Fraction:
        return self.constant + Fraction(7, 2) * self.w6 + 2 * self.w3

    def __str__(self) -> str:
        parts: list[str] = []
        if self.w6:
            parts.append("W6" if self.w6 == 1 else f"{self.w6}W6")
        if self.w3:
            parts.append("W3" if self.w3 == 1 else f"{self.w3}W3")
        text = "+".join(parts)
        if self.constant or not text:
            if not text:
                return str(self.constant)
            sign = "+" if self.constant > 0 else "-"
            # Constant first when positive reads like the cards: "2+W3".
            if self.constant > 0:
                return f"{self.constant}+{text}"
            return f"{text}{sign}{abs(self.constant)}"
        return text


@cache
def _distribution(constant: int, w6: int, w3: int) -> tuple[tuple[int, Fraction], ...]:
    dist: dict[int, Fraction] = {constant: Fraction(1)}
    for faces, count in ((W6_FACES, w6), (W3_FACES, w3)):
        for _ in range(count):
            new: dict[int, Fraction] = {}
            for total, p in dist.items():
                for face in faces:
                    new[total + face] = new.get(total + face, Fraction(0)) + p / 6
            dist = new
    return tuple(sorted(dist.items()))


@cache
def _outcomes(constant: int, w6: int, w3: int) -> tuple[tuple[int, float], ...]:
    return tuple((v, float(p)) for v, p in _distribution(constant, w6, w3))


def passes(total: int, target: int) -> bool:
    """Does ``total`` pass against ``target``? The one comparison of every test: an
    obstacle's or trap's W6 + value + bonus reaching its number (R4.2, R6.2), and a
    fight's total reaching the monster's (R7.2: a tie goes to the adventurer)."""
    return total >= target


def pass_probability(value: int, target: int, bonus: int = 0) -> Fraction:
    """P(passes(W6 + value + bonus, target)): passing an obstacle or trap (R4.2)."""
    need = target - value - bonus
    # The faces >= need, counted without a loop: bots and views ask at every obstacle.
    return _SIXTHS[min(6, max(0, 7 - need))]


@cache
def beat_probability(value: int, monster_value: int, bonus: int = 0) -> Fraction:
    """P(passes(W6 + value + bonus, W6 + monster_value)): winning a fight (R7.2).
    Worked out once per figures (a Fraction is a value)."""
    wins = sum(
        1 for a in W6_FACES for b in W6_FACES if passes(a + value + bonus, b + monster_value)
    )
    return Fraction(wins, 36)


def monster_roll_probability(total: int, monster_value: int) -> Fraction:
    """P(passes(total, W6 + monster_value)): the adventurer's ``total`` (roll made) wins
    against the monster's roll still to come (R7.2)."""
    return _SIXTHS[sum(1 for face in W6_FACES if passes(total, face + monster_value))]

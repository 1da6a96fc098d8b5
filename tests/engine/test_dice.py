"""Dice maths (rule card W): parsing, exact distributions and pass/beat probabilities.

Everything is checked against brute-force enumeration of all die faces.
"""

from __future__ import annotations

import doctest
import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import verlies.dice
from verlies.dice import (
    MAX_CONSTANT,
    MAX_DICE,
    W3_FACES,
    W6_FACES,
    Dice,
    beat_probability,
    pass_probability,
)
from verlies.errors import DiceError

SIX = range(1, 7)


def enumerate_total(constant: int, w6: int, w3: int) -> dict[int, Fraction]:
    """Every combination of W6 faces, each die read as W6 or as W3 = ceil(face / 2)."""
    counts: Counter[int] = Counter()
    for faces in itertools.product(SIX, repeat=w6 + w3):
        total = constant + sum(faces[:w6]) + sum(math.ceil(f / 2) for f in faces[w6:])
        counts[total] += 1
    n = 6 ** (w6 + w3)
    return {total: Fraction(c, n) for total, c in counts.items()}


# ---- RW.1: W6 --------------------------------------------------------------------------


def test_rw_1_w6_is_one_six_sided_die() -> None:
    d = Dice.parse("W6")
    assert d == Dice(0, 1, 0)
    assert d.distribution() == {face: Fraction(1, 6) for face in SIX}
    assert W6_FACES == tuple(SIX)


def test_rw_1_one_plus_w6_adds_one_to_the_roll() -> None:
    d = Dice.parse("1 + W6")
    assert d == Dice(1, 1, 0)
    assert d.distribution() == {face + 1: Fraction(1, 6) for face in SIX}
    assert (d.min, d.max, d.mean) == (2, 7, Fraction(9, 2))


# ---- RW.2: W3 --------------------------------------------------------------------------


def test_rw_2_w3_is_w6_halved_rounded_up() -> None:
    assert W3_FACES == tuple(math.ceil(face / 2) for face in SIX)
    # The mapping as the rules state it (with the card's misprint "2 und 3" corrected).
    assert dict(zip(SIX, W3_FACES, strict=True)) == {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}
    assert Dice.parse("W3").distribution() == {v: Fraction(1, 3) for v in (1, 2, 3)}


def test_rw_2_w3_mean_and_range() -> None:
    d = Dice.parse("W3")
    assert (d.min, d.max, d.mean) == (1, 3, 2)


# ---- RW.3: expressions -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "dice"),
    [
        ("2+W3", Dice(2, 0, 1)),
        ("2W6", Dice(0, 2, 0)),
        ("W6+W3-1", Dice(-1, 1, 1)),
        ("4", Dice(4, 0, 0)),
        ("3W3", Dice(0, 0, 3)),
        ("w6", Dice(0, 1, 0)),
        (" 2 + W3 ", Dice(2, 0, 1)),
        ("2 W6", Dice(0, 2, 0)),
        ("W6+W6", Dice(0, 2, 0)),
        ("1+2+W6", Dice(3, 1, 0)),
        ("W6-1-1", Dice(-2, 1, 0)),
        ("0", Dice(0, 0, 0)),
        ("-3", Dice(-3, 0, 0)),
        ("+3", Dice(3, 0, 0)),
        ("20W6", Dice(0, 20, 0)),
        ("1000", Dice(1000, 0, 0)),
        ("01W6", Dice(0, 1, 0)),
    ],
)
def test_rw_3_parses_sums_of_integers_and_dice(text: str, dice: Dice) -> None:
    assert Dice.parse(text) == dice


@pytest.mark.parametrize(
    ("dice", "text"),
    [
        (Dice(2, 0, 1), "2+W3"),
        (Dice(0, 2, 0), "2W6"),
        (Dice(-1, 1, 1), "W6+W3-1"),
        (Dice(4, 0, 0), "4"),
        (Dice(0, 0, 0), "0"),
        (Dice(-3, 0, 0), "-3"),
        (Dice(3, 2, 1), "3+2W6+W3"),
    ],
)
def test_rw_3_str_is_the_card_form(dice: Dice, text: str) -> None:
    assert str(dice) == text


# Terms of an expression: (sign, constant) or (n, kind) with kind 6 or 3.
_term = st.one_of(
    st.tuples(st.sampled_from("+-"), st.integers(0, 30)).map(lambda t: ("const", t[0], t[1])),
    st.tuples(st.integers(1, 2), st.sampled_from((6, 3)), st.booleans()).map(
        lambda t: ("dice", t[0], t[1], t[2])
    ),
)


def _render(terms: list[tuple[object, ...]]) -> tuple[str, int, int, int]:
    """An expression string and its (constant, w6, w3); the first term has no '+'."""
    parts: list[str] = []
    constant = w6 = w3 = 0
    for i, term in enumerate(terms):
        if term[0] == "const":
            _, sign, value = term
            assert isinstance(value, int)
            constant += value if sign == "+" else -value
            parts.append(f"{sign}{value}" if i else ("-" if sign == "-" else "") + str(value))
        else:
            _, n, sides, explicit_one = term
            assert isinstance(n, int)
            die = (f"{n}" if n > 1 or explicit_one else "") + f"W{sides}"
            parts.append(("+" if i else "") + die)
            if sides == 6:
                w6 += n
            else:
                w3 += n
    return "".join(parts), constant, w6, w3


@given(st.lists(_term, min_size=1, max_size=5))
def test_rw_3_distribution_matches_enumeration_of_all_faces(
    terms: list[tuple[object, ...]],
) -> None:
    text, constant, w6, w3 = _render(terms)
    assume(w6 + w3 <= 5)  # keep the brute force small: at most 6**5 combinations
    d = Dice.parse(text)
    assert d == Dice(constant, w6, w3)
    expected = enumerate_total(constant, w6, w3)
    assert d.distribution() == expected
    assert sum(d.distribution().values()) == 1
    assert (d.min, d.max) == (min(expected), max(expected))
    assert d.mean == sum(v * p for v, p in expected.items())
    assert d.outcomes() == tuple((v, float(p)) for v, p in sorted(expected.items()))


@given(
    st.integers(-MAX_CONSTANT, MAX_CONSTANT),
    st.integers(0, MAX_DICE),
    st.integers(0, MAX_DICE),
)
def test_rw_3_str_parses_back_to_the_same_dice(constant: int, w6: int, w3: int) -> None:
    assume(w6 + w3 <= MAX_DICE)
    d = Dice(constant, w6, w3)
    assert Dice.parse(str(d)) == d


def test_rw_3_twenty_dice_distribution_is_exact() -> None:
    d = Dice.parse("10W6+10W3")
    dist = d.distribution()
    assert sum(dist.values()) == 1
    assert (min(dist), max(dist)) == (d.min, d.max) == (20, 90)
    # symmetric around the mean, as a sum of symmetric dice is
    assert all(dist[v] == dist[d.min + d.max - v] for v in dist)
    assert d.mean == 55


@pytest.mark.parametrize(
    ("text", "column", "expected"),
    [
        ("", 1, "a number or a die such as W6"),
        ("   ", 1, "a number or a die such as W6"),
        ("2+", 3, "a number or a die after the sign"),
        ("2+W4", 3, "W6 or W3"),
        ("W6-W3", 4, "'+' before a die"),
        ("21W6", 1, f"between 1 and {MAX_DICE} dice"),
        ("0W6", 1, f"between 1 and {MAX_DICE} dice"),
        ("1001", 1, f"a number up to {MAX_CONSTANT}"),
        ("2 3", 3, "'+' or '-'"),
        ("2 + x", 5, "a number, W6, W3 or '+'"),
        ("11W6+10W3", 1, f"at most {MAX_DICE} dice in all"),
        ("2++3", 3, "a number or a die such as W6"),
        ("--3", 2, "a number or a die such as W6"),
        ("  W6 W6", 6, "'+' or '-'"),
        ("W", 1, "a number, W6, W3 or '+'"),
        # Longer than Python's int-from-string limit: a DiceError, never a ValueError.
        ("9" * 5000, 1, f"a number up to {MAX_CONSTANT}"),
        ("9" * 5000 + "W6", 1, f"between 1 and {MAX_DICE} dice"),
        ("W" + "6" * 5000, 1, "W6 or W3"),
    ],
)
def test_rw_3_dice_error_names_the_column(text: str, column: int, expected: str) -> None:
    with pytest.raises(DiceError) as info:
        Dice.parse(text)
    assert info.value.column == column
    assert expected in info.value.expected
    assert f"column {column}" in str(info.value)


@pytest.mark.parametrize("value", [None, 5, b"W6", ["W6"]])
def test_rw_3_non_string_is_a_dice_error(value: object) -> None:
    with pytest.raises(DiceError):
        Dice.parse(value)  # type: ignore[arg-type]


@given(st.text(max_size=40))
def test_rw_3_any_text_parses_or_gives_dice_error(text: str) -> None:
    try:
        d = Dice.parse(text)
    except DiceError as e:
        assert 1 <= e.column <= len(text) + 1
    else:
        assert Dice.parse(str(d)) == d


@given(st.text(alphabet="0123456789wW+- 36", max_size=30))
def test_rw_3_dice_like_text_parses_or_gives_dice_error(text: str) -> None:
    try:
        d = Dice.parse(text)
    except DiceError:
        return
    assert d.w6 + d.w3 <= MAX_DICE
    assert sum(d.distribution().values()) == 1


# ---- R4.2 / R7.2: probabilities -----------------------------------------------------------


@pytest.mark.parametrize("value", range(-2, 9))
@pytest.mark.parametrize("bonus", range(0, 4))
def test_r4_2_pass_probability_matches_enumeration(value: int, bonus: int) -> None:
    for target in range(-2, 20):
        hits = sum(1 for face in SIX if face + value + bonus >= target)
        assert pass_probability(value, target, bonus) == Fraction(hits, 6)


def test_r4_2_pass_probability_examples() -> None:
    assert pass_probability(value=3, target=7) == Fraction(1, 2)  # 4, 5 or 6
    assert pass_probability(value=0, target=1) == 1
    assert pass_probability(value=0, target=7) == 0
    assert pass_probability(value=2, target=9, bonus=2) == Fraction(2, 6)


@pytest.mark.parametrize("value", range(0, 8))
@pytest.mark.parametrize("bonus", range(0, 3))
def test_r7_2_beat_probability_matches_enumeration(value: int, bonus: int) -> None:
    for monster in range(0, 14):
        wins = sum(1 for a in SIX for b in SIX if a + value + bonus >= b + monster)
        assert beat_probability(value, monster, bonus) == Fraction(wins, 36)


def test_r7_2_tie_goes_to_the_adventurer() -> None:
    # equal values: the adventurer wins 21 of 36 (15 above + 6 ties)
    assert beat_probability(4, 4) == Fraction(21, 36)
    assert beat_probability(0, 5) == Fraction(1, 36)  # only 6 against 1
    assert beat_probability(0, 6) == 0
    assert beat_probability(6, 0) == 1


def test_dice_module_doctests() -> None:
    result = doctest.testmod(verlies.dice)
    assert result.failed == 0
    assert result.attempted > 0

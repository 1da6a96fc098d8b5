"""One home for numbers in a language (verlies.i18n.numbers): the texts that show a number
read it from there, the same in both languages but for the decimal comma."""

from __future__ import annotations

import math

import pytest

from verlies.i18n.numbers import NONE, decimal, fixed, grouped, percent
from verlies.sim.stats import sample_size, sample_size_text
from verlies.ui.core.words import pct


@pytest.mark.parametrize("x", [0.0, 0.25, 1 / 3, -0.125, 12.5, 1e-4, -3.0])
@pytest.mark.parametrize("digits", [0, 1, 2])
def test_german_is_english_with_a_decimal_comma(x: float, digits: int) -> None:
    en, de = fixed(x, digits, "en", sign=True), fixed(x, digits, "de", sign=True)
    assert de == en.replace(".", ",") and float(en) == pytest.approx(x, abs=10**-digits)
    assert en[0] in "+-" and ("." in en) == (digits > 0) and "," not in en
    assert percent(x, "de", digits) == percent(x, "en", digits).replace(".", ",")
    assert float(percent(x, "en", digits)[:-2]) == pytest.approx(100 * x, abs=10**-digits)


def test_no_number_and_grouping() -> None:
    assert percent(math.nan, "de") == NONE == "–"
    assert grouped(999, "de") == "999" and grouped(1000, "de") == "1.000"
    assert grouped(1000, "en") == "1,000" and decimal("1.5 %", "en") == "1.5 %"


def test_the_page_and_the_lab_write_numbers_alike() -> None:
    """The play page's odds and the lab's sample-size sentence keep their numbers."""
    assert pct(5 / 6, "de") == "83,3 %" and pct(5 / 6, "en") == "83.3 %"
    assert pct(0.5, "de") == "50 %"
    got = sample_size(0.02)
    de, en = sample_size_text(got, "de"), sample_size_text(got, "en")
    pairs = got["always_valid"]
    assert pairs >= 1000 and f"{pairs:,}" in en and f"{pairs:,}".replace(",", ".") in de

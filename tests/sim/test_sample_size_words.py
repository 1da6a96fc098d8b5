"""The sample-size helper's answer in words (``verlies sample-size --lang``, the Balance tab):
the figures of :func:`verlies.sim.stats.sample_size`, written as each language writes them."""

from __future__ import annotations

import subprocess
import sys

import pytest

from verlies.sim.stats import sample_size, sample_size_text


def test_the_sentence_holds_the_helpers_figures_in_each_language() -> None:
    got = sample_size(0.03)
    assert (got["planned"], got["always_valid"]) == (3271, 6338)  # docs/metrics.md
    en = sample_size_text(got, "en")
    de = sample_size_text(got, "de")
    assert "3,271 pairs" in en and "6,338 for a run" in en and "1.94 ×" in en
    assert "3.271 Spielpaare" in de and "6.338 für einen Lauf" in de and "1,94 ×" in de
    assert "25 %" in en and "25 %" in de


@pytest.mark.parametrize(
    ("lang", "foreign"),
    [
        ("de", ("pairs", "look", "power", "watched", "points", "win rate")),
        ("en", ("Spielpaare", "Blick", "Trennschärfe", "beobachtete", "Punkte", "Siegquote")),
    ],
)
def test_the_command_line_answers_in_one_language(lang: str, foreign: tuple[str, ...]) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "verlies", "sample-size", "--points", "2.5", "--lang", lang],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert ("2,5" if lang == "de" else "2.5") in out
    assert [w for w in foreign if w in out] == []


def test_a_change_of_zero_is_refused_with_a_message() -> None:
    r = subprocess.run(
        [sys.executable, "-m", "verlies", "sample-size", "--points", "0"],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 2
    assert "change to detect must be > 0" in r.stderr

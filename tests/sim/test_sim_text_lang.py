"""The lab's text output in both languages: ``verlies simulate`` / ``sweep`` / ``skill``
(``SimResult.text``, ``SweepResult.text``, ``SkillMatrix.text``) with ``--lang de|en``.

The German text holds no English word of those lines' templates (that German lacks), the
English none of the German ones; the numbers are the same (a decimal comma in German).
"""

from __future__ import annotations

import re

import pytest

from verlies import i18n
from verlies.cli import main
from verlies.sim import Tweak, simulate, skill_matrix
from verlies.sim.lab import SimResult
from verlies.sim.skill import SkillMatrix
from verlies.sim.sweep import SweepResult, sweep

#: The key families of the lab's text (and the words it borrows: verdicts, metrics' names,
#: bots, units).
FAMILIES = ("simtext.", "lab.", "metric.", "page.botname.", "balance.pts", "skill.one")


def _words(text: str) -> set[str]:
    # ids (char-zwerg, fight:monster-troll, obstacle:Tür) are names, not words of a language
    text = re.sub(r"\S*[-:_]\S*", " ", text)
    return {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß]{3,}", text)}


def _template_words(lang: str, families: tuple[str, ...] = FAMILIES) -> set[str]:
    words: set[str] = set()
    for key in i18n.keys(lang):
        if key.startswith(families):
            words |= _words(re.sub(r"\{[^}]*\}", " ", i18n.template(key, lang)))
    return words


def _foreign(text: str, lang: str) -> set[str]:
    other = "en" if lang == "de" else "de"
    everything = tuple(k.split(".")[0] + "." for k in i18n.keys(lang))
    return (_template_words(other) - _template_words(lang, everything)) & _words(text)


@pytest.fixture(scope="module")
def result() -> SimResult:
    return simulate(24, players=4, characters="all", seed=3, workers=1)


@pytest.fixture(scope="module")
def swept() -> SweepResult:
    return sweep(Tweak("monster", "monster-goblin", "fight"), [6, 10], 16, seed=1, workers=1)


@pytest.fixture(scope="module")
def matrix() -> SkillMatrix:
    return skill_matrix(32, tables=("careful", "one-greedy"), workers=1)


def test_every_line_of_the_simulation_is_in_the_language(result: SimResult) -> None:
    de, en = result.text("de"), result.text("en")
    assert str(result) == en and result._repr_html_() == result.html("en")
    assert not _foreign(de, "de"), _foreign(de, "de")
    assert not _foreign(en, "en"), _foreign(en, "en")
    # the balance line and the first seat's line, each in its own words
    assert "spread of the characters' win rates" in en and "first seat wins" in en
    assert "Spannweite der Siegquoten der Figuren" in de and "der erste Platz gewinnt" in de
    for a, b in zip(de.splitlines(), en.splitlines(), strict=True):
        # the same numbers in the same order: the German ones with a comma
        rule = re.compile(r"R\d+(?:\.\d+)*")  # a rule ID is no number
        nums_de = re.findall(r"\d+(?:,\d+)?", rule.sub("", a))
        nums_en = re.findall(r"\d+(?:\.\d+)?", rule.sub("", b))
        assert [x.replace(",", ".") for x in nums_de] == nums_en, (a, b)


def test_the_balance_line_says_the_verdict_in_the_language(result: SimResult) -> None:
    b = result.metrics.balance()
    key = (
        "lab.balance.perfect"
        if b["indistinguishable"]
        else "lab.balance.uneven"
        if b["p"] < 0.05
        else "simtext.spread_above"
    )
    for lang in ("de", "en"):
        line = next(x for x in result.text(lang).splitlines() if "χ²" in x)
        assert line.endswith(i18n.text(key, lang)), line


def test_the_sweep_and_the_skill_matrix_speak_both_languages(
    swept: SweepResult, matrix: SkillMatrix
) -> None:
    for res in (swept, matrix):
        de, en = res.text("de"), res.text("en")
        assert str(res) == en and de != en
        assert not _foreign(de, "de"), (type(res).__name__, _foreign(de, "de"))
        assert not _foreign(en, "en"), (type(res).__name__, _foreign(en, "en"))
    assert "gierig unter vorsichtig" in matrix.text("de")
    assert "greedy among careful" in matrix.text("en")
    assert "one-greedy" in matrix.text("en")  # the English text names the --tables names


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "-n", "8"],
        ["sweep", "-n", "8", "--card", "monster:monster-goblin", "--field", "fight"]
        + ["--values", "6,10"],
        ["skill", "-n", "32", "--tables", "careful"],
        ["compare", "-n", "16", "--deck-b", "standard-1"],
    ],
)
def test_the_command_line_prints_the_chosen_language(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    texts = {}
    for lang in ("de", "en"):
        assert main([*argv, "--workers", "1", "--no-progress", "--lang", lang]) == 0
        texts[lang] = capsys.readouterr().out
        assert texts[lang].strip()
        assert not _foreign(texts[lang], lang), (argv[0], lang, _foreign(texts[lang], lang))
    assert texts["de"] != texts["en"]
    assert main([*argv, "--workers", "1", "--no-progress"]) == 0  # English by default
    # the run's time differs; everything else is the English text
    strip = re.compile(r"\d+\.\d+ s.*")
    assert strip.sub("", capsys.readouterr().out) == strip.sub("", texts["en"])

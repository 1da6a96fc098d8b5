"""``verlies compare``'s text (issue 37): under the before/after answer every number has
one interval, the one its ★ is decided on, on a real compare of a deliberately broken deck
(a purse worth 40 gold). The old tables (a "Holm interval" and a "95 % interval" for the
same number) are gone; what the answer does not show (injuries, gold, …) follows in one
table of its own Holm family."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from verlies.cli import main
from verlies.deck import Deck
from verlies.sim.sweep import Tweak

NUM = r"[+−]?\d+(?:[.,]\d+)?"
#: ``+0.8 (−6.0 … +7.7)`` or ``−0.65 (−1.45 … +0.16 per seat) ★``: a change, its interval.
CHANGE = re.compile(rf"({NUM}) \(({NUM}) … ({NUM})[^)]*\)( ★)?")


def _num(s: str) -> float:
    return float(s.replace("−", "-").replace(",", "."))


@pytest.fixture(scope="module")
def purse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    deck = Tweak("treasure", "schatz-muenzbeutel", "gold").apply(Deck.default(), 40)
    path = tmp_path_factory.mktemp("decks") / "purse40.toml"
    path.write_text(deck.dumps(), encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", ["en", "de"])
def test_one_interval_per_number_and_the_stars_agree(
    purse: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["compare", "--deck-b", str(purse), "--games", "60", "--workers", "1"]
    assert main([*args, "--no-progress", "--lang", lang]) == 0
    out = capsys.readouterr().out
    # no second interval for a number: the old tables' columns are gone
    for old in ("95 %", "Holm interval", "Holm-Intervall", "p (Holm)", "95-%"):
        assert old not in out, old
    table_rows = [ln for ln in out.splitlines() if CHANGE.search(ln)]
    assert len(table_rows) >= 10
    names: list[str] = []
    stars = 0
    for line in table_rows:
        m = CHANGE.search(line)
        assert m is not None
        diff, low, high, star = _num(m[1]), _num(m[2]), _num(m[3]), bool(m[4])
        assert low <= diff <= high, line
        # the ★ says exactly that the interval shown excludes 0
        assert star == (low > 0 or high < 0), line
        stars += star
        assert len(CHANGE.findall(line)) == 1, line  # one interval on the row
        names.append(line[: m.start()].strip().split("  ")[0])
    assert len(names) == len(set(names)), names  # every quantity on one row only
    # the broken purse moves gold per seat clearly: a ★ on the gold row
    gold = "gold" if lang == "en" else "Gold"
    gold_row = next(ln for ln in table_rows if ln.strip().startswith(gold))
    assert gold_row.rstrip().endswith("★"), gold_row
    assert stars >= 1
    # the answer leads, the other quantities follow
    title = "Other quantities" if lang == "en" else "Weitere Größen"
    assert out.index(title) > out.index("→")

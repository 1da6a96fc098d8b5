"""Balance across skill on the Balance tab: the widget-free model (run, report, HTML) and
the thin panel over it."""

from __future__ import annotations

import json
import math
import re

import pytest

from verlies import i18n
from verlies.deck import Deck
from verlies.sim import skill_matrix
from verlies.sim.run import RunInfo
from verlies.sim.skill import SkillMatrix, TableResult
from verlies.ui.balance.chart import character_names
from verlies.ui.balance.skill_model import SETS, SkillRun, report_html, skill_report, table_name

DECK = Deck.default()
CHARS = list(DECK.characters)


@pytest.fixture(scope="module")
def run() -> SkillRun:
    r = SkillRun()
    seen: list[tuple[int, int]] = []
    r.start(DECK, games=32, tables="quick", on_update=lambda x: seen.append((x.done, x.total)))
    assert r.wait(300)
    assert r.error is None and r.matrix is not None
    # progress counted up to every game of the four tables
    assert seen and seen[-1][0] == seen[-1][1] == r.matrix.info.games
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    return r


def test_the_run_plays_the_same_matrix_as_the_lab(run: SkillRun) -> None:
    m = run.matrix
    assert m is not None and [t.name for t in m.tables] == list(SETS["quick"])
    same = skill_matrix(32, strong_games=32, tables=SETS["quick"], deck=DECK, workers=1)
    assert [(t.wins, t.played) for t in m.tables] == [(t.wins, t.played) for t in same.tables]
    assert m.to_csv() == same.to_csv() == run.to_csv()
    data = json.loads(run.to_json())
    assert [t["name"] for t in data["tables"]] == list(SETS["quick"])


def test_bad_settings_end_the_run_with_a_message() -> None:
    r = SkillRun()
    r.start(DECK, games=-1)
    assert r.wait(60) and r.matrix is None
    assert r.error is not None and "number of games" in r.error
    r.start(DECK, games=32, tables="every")
    assert r.wait(60) and r.error is not None and "quick" in r.error and "all" in r.error


def test_cancel_keeps_the_games_played() -> None:
    r = SkillRun()
    r.start(DECK, games=100_000, tables="quick", on_update=lambda x: x.cancel())
    assert r.wait(120)
    m = r.matrix
    assert m is not None and m.cancelled and 0 < m.info.games < 4 * 100_000
    for lang in ("de", "en"):
        report = skill_report(m, lang, character_names(DECK, lang))
        assert report.notes == [i18n.text("skill.partial", lang, games=m.info.games)]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_report_names_every_cell_with_its_interval(run: SkillRun, lang: str) -> None:
    m = run.matrix
    assert m is not None
    names = character_names(DECK, lang)
    r = skill_report(m, lang, names)
    assert r.columns == [table_name(t, lang) for t in SETS["quick"]]
    assert [name for _cid, name, _cells in r.rows] == [names[c] for c in CHARS]
    for cid, _name, cells in r.rows:
        for t, cell in zip(m.tables, cells, strict=True):
            row = t.row(cid)
            shown = [float(x.replace(",", ".")) for x in re.findall(r"\d+[.,]\d", cell.interval)]
            assert shown == pytest.approx([100 * row["ci_low"], 100 * row["ci_high"]], abs=0.051)
            assert float(cell.rate.split()[0].replace(",", ".")) == pytest.approx(
                100 * row["win_rate"], abs=0.051
            )
            assert cell.games == row["games"]
            assert -1 <= cell.heat <= 1
    # one verdict per table, one "skill matters" sentence for the one-greedy table
    assert len(r.says) == len(m.tables) and len(r.gains_says) == 1
    gain = m.gains[0].figure()
    assert i18n.text("balance.pts", lang, value="").strip() in r.gains_says[0]
    assert str(gain["pairs"]) in r.gains_says[0]
    page = report_html(r)
    for name in names.values():
        assert f'<td class="vl-skill-name">{name}</td>' in page


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß]{3,}", text)}


def _language_words(lang: str) -> set[str]:
    words: set[str] = set()
    for key in i18n.keys(lang):
        if key.startswith(("skill.", "page.botname.", "balance.", "sim.")):
            words |= _words(re.sub(r"\{[^}]*\}", " ", i18n.template(key, lang)))
    for card in DECK.characters.values():
        words |= _words(card.name.get(lang))
    return words


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_report_holds_no_word_of_the_other_language(run: SkillRun, lang: str) -> None:
    assert run.matrix is not None
    other = "en" if lang == "de" else "de"
    page = re.sub(
        r"<[^>]+>", " ", report_html(skill_report(run.matrix, lang, run.deck_names[lang]))
    )
    foreign = (_language_words(other) - _language_words(lang)) & _words(page)
    assert not foreign, foreign


def _uneven() -> SkillMatrix:
    """A made-up matrix: the greedy table clearly unbalanced (the Magierin wins 60 of 100,
    the Ritterin 10 of 100), the careful one even."""
    even = {c: 25 for c in CHARS}
    played = dict.fromkeys(CHARS, 100)
    careful = TableResult("careful", "careful", 200, even, played, 0.02, 0.12, 1.0, 7, 0.99, 75)
    wins = dict(even, **{"char-magierin": 60, "char-ritterin": 10})
    greedy = TableResult("greedy", "greedy", 200, wins, played, 0.5, 0.12, 80.0, 7, 1e-9, 75)
    return SkillMatrix(CHARS, [careful, greedy], [], 0, 4, "Standard", RunInfo(games=400))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_clearly_unbalanced_table_is_said_in_words(lang: str) -> None:
    m = _uneven()
    names = character_names(DECK, lang)
    r = skill_report(m, lang, names)
    (k1, careful), (k2, greedy) = r.says
    assert (k1, k2) == ("within", "unbalanced")
    assert careful.startswith(table_name("careful", lang))
    assert greedy.startswith(table_name("greedy", lang))
    assert names["char-magierin"] in greedy and names["char-ritterin"] in greedy
    comma = "," if lang == "de" else "."
    assert f"60{comma}0 %" in greedy and f"10{comma}0 %" in greedy
    assert "–" in greedy  # the intervals
    assert i18n.text("skill.verdict.unbalanced", lang) in [row[-1] for row in r.summary]
    assert table_name("greedy", lang) in r.robust
    page = report_html(r)
    assert 'class="vl-skill-say vl-skill-unbalanced"' in page
    # the best cell is blue and strongest, the worst orange
    blue = re.search(r'data-table="greedy" style="background: rgba\(44,111,168,([\d.]+)\)', page)
    orange = re.search(r'data-table="greedy" style="background: rgba\(196,106,27,([\d.]+)\)', page)
    assert blue is not None and orange is not None
    assert math.isclose(float(blue.group(1)), 0.46)


def test_the_panel_runs_and_speaks_both_languages() -> None:
    from verlies.ui.balance.skill_view import SkillPanel

    panel = SkillPanel(lambda: DECK, lang="de")
    assert panel.start_button.description == "Über Spielstärken simulieren"
    assert panel.fields[3].layout.display == "none"  # the search bot's games: only for "all"
    panel.tables.value = "all"
    assert panel.fields[3].layout.display is None
    panel.tables.value = "quick"
    panel.games.value = 32
    panel.start()
    assert panel.run.wait(300)
    assert panel.run.matrix is not None
    assert "vl-skill-matrix" in panel.result.value and "skill.csv" in panel.downloads.value
    assert "Magierin" in panel.result.value and "Partien" in panel.status.value
    assert not panel.start_button.disabled and panel.cancel_button.disabled
    panel.set_lang("en")
    assert "Sorceress" in panel.result.value and "Magierin" not in panel.result.value
    assert panel.start_button.description == "Simulate across skill"
    assert "games" in panel.status.value and "Partien" not in panel.status.value
    # the finished run's count beside its bar follows the switch too (it kept "Partien")
    assert "games" in panel.bar.text.value and "Partien" not in panel.bar.text.value
    assert [o[0] for o in panel.tables.options] == [
        i18n.text(f"skill.tables.{c}", "en") for c in SETS
    ]


def test_the_balance_tab_holds_the_panel() -> None:
    pytest.importorskip("bqplot")
    from verlies.ui.balance.balance_view import BalanceTab

    tab = BalanceTab(lambda: DECK, lambda: DECK, lang="en", workers=1)
    # the A/B run first with its game feel, then balance across skill, then the suggestions
    assert tab.widget.children == (tab.box, tab.feel.widget, tab.skill.widget, tab.suggest.widget)
    tab.set_lang("de")
    assert tab.skill.heading.value == i18n.text("skill.title", "de")
    tab.run.close()

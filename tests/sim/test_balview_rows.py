"""The Balance tab, the named-draft compare and ``verlies compare`` draw the other
quantities from the same rows (:func:`verlies.sim.verdict.others_table`): one interval per
number, the ★ exactly where it excludes 0, the table's own Holm family said in its title,
and no quantity shown twice with two intervals (the lead changes belong to game feel)."""

from __future__ import annotations

import re
from html import escape

import pytest

from verlies.deck import Deck
from verlies.sim.compare import Comparison, compare
from verlies.sim.sweep import Tweak
from verlies.sim.verdict import answer_report, before_after, others_table
from verlies.ui.balance.chart import before_after_html

NUM = r"[+−]?\d+(?:[.,]\d+)?"
CHANGE = re.compile(rf"({NUM}) \(({NUM}) … ({NUM})[^)]*\)( ★)?")


def _num(s: str) -> float:
    return float(s.replace("−", "-").replace(",", "."))


@pytest.fixture(scope="module")
def comp() -> Comparison:
    purse = Tweak("treasure", "schatz-muenzbeutel", "gold").apply(Deck.default(), 40)
    return compare(Deck.default(), purse, 48, players=4, seed=3, workers=1, characters="all")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_rows_are_the_clis_and_the_pages(comp: Comparison, lang: str) -> None:
    ba = before_after(comp)
    table = others_table(ba, lang)
    assert table is not None
    assert table.keys == list(ba.others)
    assert len(table.rows) == len(table.keys) >= 5
    # the title names the table's own Holm family and its size
    assert "Holm" in table.title and str(len(table.rows)) in table.title
    report = answer_report(ba, comp, lang)
    page = before_after_html(ba, lang)
    assert escape(table.title) in page and table.title in report
    at = -1
    for key, row in zip(table.keys, table.rows, strict=True):
        line = next(ln for ln in report.splitlines() if ln.strip().startswith(row[0] + "  "))
        for cell in row:
            assert cell in line, (cell, line)
        found = CHANGE.findall(row[3])
        assert len(found) == 1, row  # one interval on the row
        diff, low, high, star = _num(found[0][0]), _num(found[0][1]), _num(found[0][2]), found[0][3]
        assert low <= diff <= high
        assert bool(star) == (low > 0 or high < 0) == bool(ba.others[key]["star"])
        # the page shows the same row, in the same order
        pos = page.index(f'data-key="{key}"', at + 1)
        assert pos > at
        at = pos
        for cell in row:
            assert escape(cell) in page[pos : page.index("</tr>", pos)]
    # the broken purse moves gold clearly: its ★ on both
    gold = table.rows[table.keys.index("gold")]
    assert gold[3].endswith("★")
    for old in ("95 %", "95-%", "Holm interval", "Holm-Intervall"):
        assert old not in page and old not in report


def test_a_quantity_of_the_feel_family_is_not_shown_again(comp: Comparison) -> None:
    feel = comp.feel_dict()
    assert feel is not None and feel["rows"]["lead_changes"]["pairs"] > 0
    assert "lead_changes" in comp.paired
    ba = before_after(comp)
    assert "lead_changes" not in ba.others


def test_without_other_quantities_no_table(comp: Comparison) -> None:
    ba = before_after(comp)
    ba.others = {}
    assert others_table(ba, "en") is None
    page = before_after_html(ba, "en")
    assert "vl-others" not in page and "vl-answer" in page


def test_the_named_draft_compare_leads_with_the_answer_then_its_tables() -> None:
    from verlies.sim.sweep import Tweak
    from verlies.store import PlaytestStore
    from verlies.store.drafts import DraftStore
    from verlies.ui.deck.drafts_model import CURRENT
    from verlies.ui.deck.editor_view import DeckEditor

    drafts = DraftStore(PlaytestStore("sqlite://"))
    ed = DeckEditor(Deck.default(), lang="en", drafts=lambda: (drafts, "b1"))
    panel = ed.drafts
    panel.model.run.workers = 1
    ed.model.set_draft(Tweak("monster", "monster-troll", "fight").apply(Deck.default(), 12))
    panel.refresh()
    panel.a.value, panel.b.value, panel.games.value = "edition:standard-1", CURRENT, 16
    try:
        panel.compare()
        assert panel.model.run.wait(600)
        panel._done(panel.model.run)
        comp = panel.model.run.comparison
        assert comp is not None
        ba = before_after(comp)
        shown = panel.verdict.value
        table = others_table(ba, "en")
        assert table is not None
        # the sentence first, the win rates, the mark, then the answer's table and the
        # other quantities' (the same rows as `verlies compare`)
        at = [
            shown.index(escape(ba.sentence("en"))),
            shown.index(escape(ba.win_line("en"))),
            shown.index("Result for the draft"),
            shown.index('class="vl-answer"'),
            shown.index(escape(table.title)),
        ]
        assert at == sorted(at)
        assert shown.endswith(before_after_html(ba, "en"))
        ed.set_lang("de")
        table_de = others_table(ba, "de")
        assert table_de is not None and escape(table_de.title) in panel.verdict.value
    finally:
        panel.model.close()

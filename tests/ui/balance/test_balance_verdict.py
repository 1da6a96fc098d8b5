"""The Balance tab leads with the before/after answer: targets set on the tab, a wrong
one refused with the last result kept, "can't tell yet" offering the games that decide it,
and every result marked out of date the moment the draft changes."""

from __future__ import annotations

from html import escape

from verlies.deck import Deck
from verlies.sim.verdict import before_after
from verlies.ui.balance.balance_view import BalanceTab

DECK = Deck.default()


def _run(tab: BalanceTab) -> None:
    tab.start()
    assert tab.run.wait(300) and tab.run.error is None
    tab._done(tab.run)


def test_the_tab_leads_with_the_answer_and_marks_it_when_the_draft_changes() -> None:
    drafts = [DECK]
    tab = BalanceTab(lambda: drafts[-1], lambda: DECK, lang="en", workers=1)
    try:
        assert tab.watch.value == "verdict"
        tab.games.value = 16
        tab.targets.value = "edge=-2:2"
        _run(tab)
        comp = tab.run.comparison
        assert comp is not None
        answer = before_after(comp, ["edge=-2:2"])
        assert tab.verdict.value.index(escape(answer.sentence("en"))) < tab.verdict.value.index(
            escape(answer.win_line("en"))
        )
        # one interval per number: the chart's are the verdict's
        for r in answer.characters():
            cid = r.key.removeprefix("win:")
            assert f'data-key="{cid}" data-diff="{r.change!r}"' in tab.diff_chart.value
            assert f'data-low="{r.change_low!r}" data-high="{r.change_high!r}"' in (
                tab.diff_chart.value
            )
        assert "Result for the draft “Standard”" in tab.fresh.value
        assert 'href="#vl-gloss-holm"' in tab.table.value
        assert 'id="vl-gloss-holm"' in tab.glossary.value
        # the draft changes: the result says so at once; back to it: fresh again
        drafts.append(DECK.with_name("Other"))
        tab.draft_changed()
        assert "Out of date: the draft changed" in tab.fresh.value
        drafts.pop()
        tab.draft_changed()
        assert "Out of date" not in tab.fresh.value
        tab.set_lang("de")
        assert escape(answer.sentence("de")) in tab.verdict.value
        assert "Ergebnis für den Entwurf" in tab.fresh.value
    finally:
        tab.run.close()


def test_a_wrong_target_is_refused_and_the_last_answer_stays() -> None:
    tab = BalanceTab(lambda: DECK, lambda: DECK, lang="en", workers=1)
    try:
        tab.games.value = 16
        _run(tab)
        shown = tab.verdict.value
        tab.targets.value = "win:*=banana"
        tab.start()
        assert not tab.run.running
        assert "Targets not taken" in tab.status.value and "banana" in tab.status.value
        assert tab.verdict.value == shown
        # the refusal is said again in the language switched to (not left in English)
        tab.set_lang("de")
        assert "Ziele nicht übernommen" in tab.status.value and "banana" in tab.status.value
        assert "Targets" not in tab.status.value and 'class="vl-panel-failed"' in tab.status.value
        # a run that starts says its own status: the refusal is gone, in every language
        tab.targets.value = ""
        tab.start()
        assert tab.run.wait(300)
        tab._done(tab.run)
        tab.set_lang("en")
        assert "Targets" not in tab.status.value and "Ziele" not in tab.status.value
    finally:
        tab.run.close()


def test_cant_tell_yet_offers_the_games_that_would_decide_it() -> None:
    tab = BalanceTab(lambda: DECK, lambda: DECK, lang="en", workers=1)
    try:
        tab.games.value = 16
        _run(tab)
        answer = tab._answer
        assert answer is not None and answer.verdict == "cant_tell" and answer.more_games
        assert tab.more_button.layout.display != "none"
        assert tab.more_button.description.startswith("Play ")
        tab.more()
        assert tab.run.running and tab.games.value > 16 and tab.games.value % 8 == 0
        tab.run.cancel()
        tab.run.wait(300)
    finally:
        tab.run.close()

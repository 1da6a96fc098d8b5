"""A Balance answer given back after a reload is whole (balview): the sentence, the win
rates, both tables, the chart, the game lengths, the downloads and "play N more", each
naming its draft; "play N more" continues from the kept settings, or says why it cannot;
a kept run that does not read is refused naming its field."""

from __future__ import annotations

import json
import re
from html import escape

import pytest

from verlies.deck import Deck
from verlies.ui.balance.balance_view import BalanceTab
from verlies.ui.runs.handover import drain
from verlies.ui.workspace.model import (
    WorkspaceError,
    balance_answer,
    balance_data,
    kept_run,
)

DECK = Deck.default()
DRAFT = DECK.with_name("Dwarf")


def _links(value: str) -> list[tuple[str, str]]:
    return re.findall(r'download="([^"]+)" href="([^"]+)"', value)


@pytest.fixture(scope="module")
def shown() -> BalanceTab:
    tab = BalanceTab(lambda: DRAFT, lambda: DECK, lang="en", workers=1)
    tab.games.value = 16
    tab.seed.value = 5
    tab.targets.value = "edge=-2:2"
    tab.start()
    assert tab.run.wait(300) and tab.run.error is None
    tab._done(tab.run)
    tab.bar_links.thread.join()  # the chart's "show me" links (feel4), then drawn
    drain()
    assert "vl-diff-link" in tab.diff_chart.value
    yield tab
    tab.run.close()


def _restore(shown: BalanceTab, draft: Deck, base: Deck = DECK) -> tuple[BalanceTab, object]:
    kept = shown.kept()
    assert kept is not None
    # what the store keeps and gives back: JSON, no pickles
    data = json.loads(json.dumps(balance_data(shown._answer, kept)))
    back = BalanceTab(lambda: draft, lambda: base, lang="en", workers=1)
    ans = balance_answer(data, DRAFT)
    got = kept_run(data)
    assert got is not None
    stale = not (draft == DRAFT)
    back.show_kept(ans, got, "<p>mark</p>", stale)
    return back, got


def test_the_kept_answer_is_shown_whole(shown: BalanceTab) -> None:
    back, kept = _restore(shown, DRAFT)
    try:
        # the same sentence and win rates, the same tables (both), the same chart
        assert back.verdict.value.endswith(shown.verdict.value + "</div>")
        assert back.table.value == shown.table.value
        assert "vl-others" in back.table.value and "Holm" in back.table.value
        assert back.diff_chart.value == shown.diff_chart.value
        # the game lengths: the same bins and counts as the run's plot, drawn statically
        # (in any tab), with the same legend
        assert shown.lengths is not None and back.lengths is None
        svg = back.kept_lengths.value
        counts = re.findall(r'class="vl-length-[ab]" data-counts="([^"]*)"', svg)
        assert counts == [",".join(str(int(c)) for c in y) for y in shown.lengths.lines.y]
        assert shown.lengths.legend.value in svg
        assert list(back.plots.children) == [back.kept_lengths]
        assert kept.lengths.starts and sum(kept.lengths.counts_b) == shown._answer.games
        # the downloads: the same files, named by the draft, said to be of it
        assert _links(back.downloads.value) == _links(shown.downloads.value)
        assert [n for n, _ in _links(back.downloads.value)] == [
            "balance-Dwarf.csv",
            "balance-Dwarf.json",
        ]
        assert "Result for the draft “Dwarf”" in back.downloads.value
        # "play N more" as the run offered it
        assert back.more_button.layout.display == shown.more_button.layout.display
        assert back.more_button.description == shown.more_button.description

        # its game feel: the same lines, named by its draft; "show me" there says why not
        def feel_lines(tab: BalanceTab) -> list[str]:
            return [row.children[0].value for row in tab.feel.rows.children]

        assert feel_lines(back) == feel_lines(shown) and len(feel_lines(back)) >= 3
        assert back.feel.head.value == shown.feel.head.value
        assert back.feel.widget.layout.display != "none"
        assert "Game feel of the draft “Dwarf” against “Standard”" in back.feel.of.value
        first = back.feel.rows.children[0]
        first.children[1].click()
        assert "once it is run again" in first.children[2].value
        # a kept result has no run to play again: "show me" says to run it again
        assert back.show_box.layout.display != "none"
        back.show_what.value = "longest"
        back.show_game()
        assert back._show_thread is None
        assert "once it is run again" in back.show_found.value
        back.set_lang("de")
        assert "Ergebnis für den Entwurf „Dwarf“" in back.downloads.value
        assert escape(shown._answer.sentence("de")) in back.verdict.value
        assert "Holm-Familie" in back.table.value
    finally:
        back.run.close()


def test_play_more_continues_the_kept_run(shown: BalanceTab) -> None:
    answer = shown._answer
    assert answer.verdict == "cant_tell" and answer.more_games
    back, kept = _restore(shown, DRAFT)
    try:
        back.seed.value, back.targets.value = 0, ""  # the page's fields as a reload left them
        back.more()
        assert back.run.running
        # the kept settings: the same seed (its games replay), targets, watch, players
        assert (back.seed.value, back.targets.value) == (5, "edge=-2:2")
        assert back.players.value == kept.players and back.watch.value == kept.watch
        assert back.games.value > answer.games and back.games.value % 8 == 0
        # the new run draws its own lengths: the kept drawing goes
        assert back.lengths is not None and list(back.plots.children) == [back.lengths.widget]
        back.run.cancel()
        back.run.wait(300)
    finally:
        back.run.close()


def test_play_more_says_why_it_cannot_when_the_draft_changed(shown: BalanceTab) -> None:
    back, _ = _restore(shown, DRAFT.with_name("Other"))
    try:
        back.more()
        assert not back.run.running
        assert "the draft changed since" in back.status.value
        assert "Out of date" in back.downloads.value
        back.set_lang("de")  # the reason said again in German
        assert "der Entwurf hat sich seitdem geändert" in back.status.value
        assert "the draft changed since" not in back.status.value
    finally:
        back.run.close()


def test_kept_game_feel_that_does_not_read_is_refused_naming_it(shown: BalanceTab) -> None:
    data = json.loads(json.dumps(balance_data(shown._answer, shown.kept())))
    assert balance_answer(data, DRAFT).feel == data["feel"]
    data["feel"]["rows"] = {"drama": {"pairs": "many"}}
    with pytest.raises(WorkspaceError) as e:
        balance_answer(data, DRAFT)
    assert "balance.feel" in str(e.value.text_in("en"))
    data["feel"] = None  # none kept: none shown
    assert balance_answer(data, DRAFT).feel is None


@pytest.mark.parametrize(
    ("field", "value", "where"),
    [
        ("seed", "zero", "balance.run.seed"),
        ("watch", "everything", "balance.run.watch"),
        ("games", 3, "balance.run"),
        ("csv", "x" * 500_000, "balance.run.csv"),
        ("lengths", {"starts": [1], "counts_a": [], "counts_b": [], "width": 5}, "lengths"),
    ],
)
def test_a_kept_run_that_does_not_read_names_its_field(
    shown: BalanceTab, field: str, value: object, where: str
) -> None:
    kept = shown.kept()
    assert kept is not None
    data = json.loads(json.dumps(balance_data(shown._answer, kept)))
    data["run"][field] = value
    with pytest.raises(WorkspaceError) as e:
        kept_run(data)
    assert where in str(e.value.text_in("en"))


def test_a_large_download_is_not_kept_but_the_rest_is(shown: BalanceTab) -> None:
    import dataclasses

    kept = shown.kept()
    assert kept is not None
    big = dataclasses.replace(kept, json="x" * 500_000)
    data = json.loads(json.dumps(balance_data(shown._answer, big)))
    assert len(json.dumps(data)) < 100_000
    got = kept_run(data)
    assert got is not None and got.csv == "" and got.json == "" and got.lengths is not None


def test_a_kept_comparison_of_two_drafts_shows_its_tables_again() -> None:
    import uuid
    from itertools import count

    from verlies.sim.compare import compare
    from verlies.sim.verdict import before_after
    from verlies.ui.balance.chart import before_after_html
    from verlies.ui.page import PlayApp

    def page(client: str) -> PlayApp:
        app = PlayApp(autosave=True, lang="en")
        ticks = count()
        app.workspace.model.clock = lambda: 10.0 * next(ticks)
        app.autosave.client.value = json.dumps({"client": client, "query": "", "tz": 0})
        return app

    client = uuid.uuid4().hex
    first = page(client)
    ans = before_after(compare(DECK, DECK, 8, players=2, workers=1))
    first.workspace.model.note_result("compare", first.editor.draft, balance_data(ans))
    first.workspace.flush_now()
    back = page(client)
    shown = back.editor.drafts.verdict.value
    restored = balance_answer(balance_data(ans), DECK)
    # the sentence leads, then its mark, then the same tables as the run's
    assert shown.index(escape(ans.sentence("en"))) < shown.index("vl-workspace-mark")
    assert shown.endswith(before_after_html(restored, "en"))
    assert "vl-others" in shown

"""The page's Balance tab: its model runs the draft against the base deck in a thread."""

from __future__ import annotations

import json

import pytest

from verlies.deck import Deck
from verlies.sim import Tweak
from verlies.sim.stats import sample_size
from verlies.ui.balance.balance_model import BalanceRun
from verlies.ui.balance.balance_view import BalanceTab

DECK = Deck.default()
HARD = Tweak("monster", "monster-troll", "fight").apply(DECK, 12)


def test_the_model_runs_in_the_background_and_downloads() -> None:
    run = BalanceRun(workers=1)
    updates: list[int] = []
    ended: list[bool] = []
    run.start(
        DECK,
        HARD,
        games=8,
        players=2,
        on_update=lambda r: updates.append(r.done),
        on_done=lambda r: ended.append(True),
    )
    assert run.wait(120) and ended == [True]
    comp = run.comparison
    assert comp is not None and comp.games == 8 and run.error is None
    assert updates and updates[-1] == 16  # both decks' games
    assert run.to_csv().startswith("quantity,n,a,b,diff,ci_low,ci_high,clear")
    data = json.loads(run.to_json())
    assert data["games"] == 8 and data["b"]["label"] == "draft"
    run.close()


def test_the_model_on_worker_processes_and_cancel() -> None:
    run = BalanceRun(workers=2)
    run.start(DECK, DECK, games=4, players=2)
    assert run.wait(120) and run.comparison is not None and run.comparison.is_zero
    run.start(DECK, HARD, games=4000, players=4, on_update=lambda r: r.cancel())
    assert run.wait(120)
    assert run.comparison is not None and run.comparison.stopped == "cancelled"
    assert run.comparison.games < 4000
    run.close()


def test_bad_settings_are_shown_not_raised() -> None:
    run = BalanceRun(workers=1)
    run.start(DECK, DECK, games=-1, players=2)
    assert run.wait(60)
    assert run.error is not None and "number of games" in run.error


def test_the_tab_draws_the_results() -> None:
    pytest.importorskip("bqplot")
    tab = BalanceTab(lambda: HARD, lambda: DECK, lang="de", workers=1)
    assert tab.title == "Balance" and tab.start_button.description == "Entwurf simulieren"
    tab.games.value = 8
    tab.players.value = 2
    tab.start()
    assert tab.run.wait(120)
    assert "<table" in tab.table.value and 'download="balance-Standard.csv"' in tab.downloads.value
    # every character's difference is drawn, both decks' lengths: 8 games each
    assert tab.diff_chart.value.count('class="vl-diff-row"') == 8  # "all" characters
    assert tab.lengths is not None and [sum(y) for y in tab.lengths.lines.y] == [8, 8]
    assert "Deck neuer Spiele" in tab.lengths.legend.value and "Entwurf" in tab.lengths.legend.value
    assert not tab.start_button.disabled and tab.cancel_button.disabled
    assert "8" in tab.status.value
    assert "von 16 Partien" in tab.bar.text.value  # the finished run's count stays shown
    tab.set_lang("en")
    assert tab.start_button.description == "Simulate the draft"
    assert "of 16 games" in tab.bar.text.value and "Partien" not in tab.bar.text.value
    assert "deck of new games" in tab.lengths.legend.value and "Spiele" not in tab.status.value
    tab.run.close()


def test_the_page_has_a_balance_tab() -> None:
    from verlies.ui.page import PlayApp

    app = PlayApp()
    titles = [app.tabs.get_title(i) for i in range(len(app.tabs.children))]
    assert titles[-1] == "Balance" and app.tabs.children[-1].children == ()  # built when shown
    app.tabs.selected_index = len(titles) - 1
    assert app.tabs.children[-1].children == (app.balance.widget,)
    assert app.balance.get_base() is app.model.deck
    app.balance.run.close()


# ---- the tab's widget-free parts: the chart, the words, the choice of what to watch ------


@pytest.fixture(scope="module")
def comp():  # type: ignore[no-untyped-def]
    from verlies.sim.compare import compare

    return compare(DECK, HARD, 24, players=4, characters="all", seed=4, workers=1)


def test_the_difference_chart_names_sorts_and_draws_every_character(comp) -> None:  # type: ignore[no-untyped-def]
    import re

    from verlies.sim.plots import win_rate_differences
    from verlies.ui.balance.chart import (
        PLOT_HI,
        PLOT_LO,
        character_names,
        difference_svg,
        points,
    )

    diffs = win_rate_differences(comp)
    table = comp.differences()
    assert sorted(diffs.ids) == sorted(DECK.characters)
    assert list(diffs.diffs) == sorted(diffs.diffs, reverse=True)
    for cid, d, lo, hi in zip(diffs.ids, diffs.diffs, diffs.low, diffs.high, strict=True):
        row = table[f"win:{cid}"]
        assert (d, lo, hi) == (row["diff"], row["ci_low"], row["ci_high"])
    for lang in ("de", "en"):
        svg = difference_svg(diffs, character_names(DECK, lang), lang)
        shown = re.findall(r'class="vl-diff-name"[^>]*>([^<]+)<', svg)
        assert shown == [DECK.characters[c].name.get(lang) for c in diffs.ids]
        values = re.findall(r'class="vl-diff-value"[^>]*>([^<]+)<', svg)
        assert [v.removesuffix(" ★") for v in values] == [points(d, lang) for d in diffs.diffs]
        # a bar's length on the axis is its value: percent of the width per point
        ticks = [float(v) for v in re.findall(r'data-points="([^"]+)"', svg)]
        half = ticks[-1]
        bars = re.findall(r'class="vl-diff-bar" x="([\d.]+)%" y="[\d.]+" width="([\d.]+)%"', svg)
        span = PLOT_HI - PLOT_LO
        zero = PLOT_LO + span / 2
        for (x, w), d in zip(bars, diffs.diffs, strict=True):
            assert float(w) == pytest.approx(abs(d * 100) / (2 * half) * span, abs=0.002)
            start = float(x) if d >= 0 else float(x) + float(w)  # a bar starts at zero
            assert start == pytest.approx(zero, abs=0.002)
    assert "Knight" in difference_svg(diffs, character_names(DECK, "en"), "en")
    assert "Ritterin" in difference_svg(diffs, character_names(DECK, "de"), "de")


def test_numbers_in_the_pages_language() -> None:
    from verlies.i18n.numbers import signed
    from verlies.ui.balance.chart import nice_range, points

    assert points(0.0123, "en") == "+1.2 pt" and points(-0.0123, "de") == "−1,2 Pkt."
    assert points(0.0, "de") == "0,0 Pkt." and signed(-0.04, "en") == "0.0"
    assert [nice_range(x) for x in (0.0, 2.0, 2.1, 7, 49, 300)] == [2, 2, 5, 10, 50, 100]


def test_what_to_watch() -> None:
    from verlies.errors import VerliesError
    from verlies.sim.compare import DEFAULT_WATCH
    from verlies.ui.balance.balance_model import WATCH, watch_block, watch_keys

    assert watch_keys("none", DECK) == ()
    assert watch_keys("wins", DECK) == tuple(f"win:{c}" for c in sorted(DECK.characters))
    assert watch_keys("injuries", DECK) == ("injuries",)
    assert watch_keys("all", DECK) == DEFAULT_WATCH
    with pytest.raises(VerliesError, match="one of verdict, none, wins"):
        watch_keys("luck", DECK)
    assert [watch_block(g) for g in (8, 80, 1000, 100_000)] == [8, 8, 96, 10_000]
    from verlies import i18n

    for lang in ("de", "en"):
        assert len({i18n.text(f"balance.watch.{c}", lang) for c in WATCH}) == len(WATCH)


def test_a_watched_run_stops_on_its_verdict() -> None:
    """A choice of what to watch is passed to compare(..., until_clear=...): blocks of a
    tenth of the games, the verdict over the watched quantity."""
    tab = BalanceTab(lambda: HARD, lambda: DECK, lang="en", workers=1)
    tab.games.value = 80
    tab.watch.value = "injuries"
    tab.start()
    assert tab.run.wait(300) and tab.run.error is None
    comp = tab.run.comparison
    assert comp is not None and comp.watch == ("injuries",) and comp.games % 8 == 0
    # the tab leads with the before/after answer of that comparison (sim.verdict)
    from html import escape

    from verlies.sim.verdict import before_after

    answer = before_after(comp)
    assert escape(answer.sentence("en")) in tab.verdict.value
    assert escape(answer.win_line("en")) in tab.verdict.value
    tab.set_lang("de")
    assert escape(answer.sentence("de")) in tab.verdict.value
    assert "Verletzungen" in tab.table.value and 'title="' in tab.table.value
    assert "vorher: " in tab.table.value and "base" not in tab.table.value
    tab.run.close()


def test_the_tables_name_every_row_in_words_with_a_definition(comp) -> None:  # type: ignore[no-untyped-def]
    import html
    import re

    from verlies.i18n.metrics import metric_help, metric_name
    from verlies.ui.balance.chart import labelled, table_html

    for lang in ("de", "en"):
        shown = table_html(labelled(comp, lang), lang)
        rows = re.findall(r'<tr title="([^"]*)" data-key="([^"]*)"><td[^>]*>([^<]*)</td>', shown)
        keys = [k for _, k, _ in rows]
        assert set(keys) == set(comp.differences())
        for hover, key, name in rows:
            assert html.unescape(name) == metric_name(key, lang, DECK)
            assert html.unescape(hover) == metric_help(key, lang, DECK)
            assert ":" not in name or key.startswith("win"), name  # no raw key
        assert "win:char" not in re.sub(r'data-key="[^"]*"', "", shown)


def test_the_tab_says_how_many_games_a_change_needs() -> None:
    tab = BalanceTab(lambda: HARD, lambda: DECK, lang="de", workers=1)
    try:
        assert tab.size_title.value == "<b>Wie viele Spiele?</b>"
        assert "3.271 Spielpaare" in tab.size_answer.value  # 3 points, the default
        tab.size_points.value = 2.0
        planned = sample_size(0.02)["planned"]
        assert f"{planned:,}".replace(",", ".") + " Spielpaare" in tab.size_answer.value
        tab.set_lang("en")
        assert tab.size_label.value.startswith("A change of")
        assert f"{planned:,} pairs" in tab.size_answer.value
        assert "Spiel" not in tab.size_answer.value
    finally:
        tab.run.close()

"""The page's Balance tab: its model runs the draft against the base deck in a thread."""

from __future__ import annotations

import json

import pytest

from verlies.deck import Deck
from verlies.sim import Tweak
from verlies.ui.balance import BalanceRun, BalanceTab

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
    assert "<table" in tab.table.value and "balance.csv" in tab.downloads.value
    # every character's difference is drawn, both decks' lengths: 8 games each
    assert tab.diff_chart.value.count('class="vl-diff-row"') == 8  # "all" characters
    assert tab.lengths is not None and [sum(y) for y in tab.lengths.lines.y] == [8, 8]
    assert "Deck neuer Spiele" in tab.lengths.legend.value and "Entwurf" in tab.lengths.legend.value
    assert not tab.start_button.disabled and tab.cancel_button.disabled
    assert "8" in tab.status.value
    tab.set_lang("en")
    assert tab.start_button.description == "Simulate the draft"
    assert "deck of new games" in tab.lengths.legend.value and "Spiele" not in tab.status.value
    tab.run.close()


def test_the_page_has_a_balance_tab() -> None:
    from verlies.ui.app import PlayApp

    app = PlayApp()
    titles = [app.tabs.get_title(i) for i in range(len(app.tabs.children))]
    assert titles[-1] == "Balance" and app.tabs.children[-1].children == ()  # built when shown
    app.tabs.selected_index = len(titles) - 1
    assert app.tabs.children[-1].children == (app.balance.widget,)
    assert app.balance.get_base() is app.deck
    app.balance.run.close()

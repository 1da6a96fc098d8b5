"""'Show me games like this' on the Balance tab (issue 40 item 3, balview): a character's
wins, the first stalled game and the longest game of the draft's run, each opened from the
run's own seeds and setups and checked by playing the game again independently."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest

from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.sim.compare import Comparison, compare
from verlies.sim.run import lab_game
from verlies.ui.balance.balance_view import BalanceTab
from verlies.ui.balance.feel_model import replay
from verlies.ui.balance.show_model import choices, find
from verlies.ui.runs.handover import drain

DECK = Deck.default()
LOOK = 24  # the games looked through: the bound on the search's cost, in games


@pytest.fixture(scope="module")
def comp() -> Comparison:
    return compare(DECK, DECK.with_name("D"), 24, players=4, seed=2, workers=1, characters="all")


def test_a_characters_shortest_win_is_found_and_replays_as_a_win(comp: Comparison) -> None:
    spec = comp.b.spec
    records = replay(spec, LOOK)
    assert [r.index for r in records] == list(range(LOOK))
    winners = {spec_char for r in records for s in r.winners for spec_char in [r.characters[s]]}
    assert len(winners) >= 2
    for cid in sorted(winners):
        shown = find(spec, f"win:{cid}", games=LOOK)
        assert shown is not None and shown.index < LOOK and shown.link
        # independently: the game played again is a win of that character ...
        game = lab_game(spec, shown.index)
        rec = records[shown.index]
        assert game.setup.seed == rec.seed
        assert any(rec.characters[s] == cid for s in rec.winners)
        # ... and no game it won among those looked through is shorter
        won = [r for r in records if any(r.characters[s] == cid for s in r.winners)]
        assert rec.turns == min(r.turns for r in won)
        assert shown.index == min(r.index for r in won if r.turns == rec.turns)
        assert shown.turn == rec.turns - 1
        assert "g" in parse_qs(urlparse(shown.link).query)
        # the same seeds give the same game, every time
        assert find(spec, f"win:{cid}", records=records) == shown


def test_the_longest_game_and_what_no_game_shows(comp: Comparison) -> None:
    spec = comp.b.spec
    records = replay(spec, LOOK)
    shown = find(spec, "longest", records=records)
    assert shown is not None
    assert records[shown.index].turns == max(r.turns for r in records)
    # a character nobody plays wins nothing: none, said
    assert find(spec, "win:char-nobody", records=records) is None
    with pytest.raises(VerliesError, match="unknown choice"):
        find(spec, "banana", records=records)


def test_the_first_stalled_game_is_the_lowest_index(comp: Comparison) -> None:
    spec = comp.b.spec
    assert find(spec, "stalled", {}) is None
    shown = find(spec, "stalled", {9: (1, 30), 4: (2, 41)})
    assert shown is not None and shown.stall and shown.index == 4 and shown.turn == 41


def test_the_choices_follow_the_chart_and_the_language() -> None:
    names = {"char-a": "Anna", "char-b": "Bert"}
    en = choices(["char-b", "char-a"], names, True, "en")
    assert [k for _, k in en] == ["win:char-b", "win:char-a", "stalled", "longest"]
    assert en[0][0] == "the shortest game Bert won"
    de = choices(["char-b", "char-a"], names, False, "de")
    assert [k for _, k in de] == ["win:char-b", "win:char-a", "longest"]
    assert de[1][0] == "das kürzeste Spiel, das Anna gewann"


def test_the_tab_gives_the_games_link_and_refuses_when_out_of_date() -> None:
    drafts = [DECK.with_name("D")]
    tab = BalanceTab(lambda: drafts[-1], lambda: DECK, lang="en", workers=1)
    try:
        tab.games.value = 16
        tab.start()
        assert tab.show_box.layout.display == "none"  # nothing to show while it runs
        assert tab.run.wait(300) and tab.run.error is None
        tab._done(tab.run)
        assert tab.show_box.layout.display != "none"
        assert "Show me games like this" in tab.show_title.value
        keys = [k for _, k in tab.show_what.options]
        chart_order = [f"win:{c}" for c in _chart_ids(tab.diff_chart.value)]
        assert keys[: len(chart_order)] == chart_order and keys[-1] == "longest"
        tab.show_what.value = "longest"
        tab.show_game()
        tab._show_thread.join()
        drain()
        assert 'class="vl-balance-show-link"' in tab.show_found.value
        assert "Open game" in tab.show_found.value and "“D”" in tab.show_found.value
        assert "Game feel of the draft “D” against “Standard”" in tab.feel.of.value
        # the draft changes: the run's games are no longer the draft's
        drafts.append(DECK.with_name("E"))
        tab.draft_changed()
        tab.show_game()
        assert "The draft changed since this result" in tab.show_found.value
        assert "Game feel of the draft" not in tab.feel.of.value
        assert "Out of date" in tab.feel.of.value and "vl-stale" in tab.feel.of.value
        drafts.pop()
        tab.draft_changed()
        tab.set_lang("de")
        assert tab.show_button.description == "Zeigen"
    finally:
        tab.run.close()


def _chart_ids(svg: str) -> list[str]:
    import re

    return re.findall(r'<g class="vl-diff-row" data-key="([^"]+)"', svg)

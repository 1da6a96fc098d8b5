""" "Show me games like this" on a sweep point (issue 40 item 3): a game of the run at that
value, played again from the sweep's own seeds (also for a sweep given back by the
workspace, whose games are not kept), with the ``?g=`` link that opens it on the Game tab
at the turn that mattered; and the panel's words for it in both languages."""

from __future__ import annotations

import html
import json
from typing import Any

import pytest

from verlies import i18n
from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.links import from_query, open_position
from verlies.sim.sweep import Tweak
from verlies.ui.deck.sweep_model import SweepRun
from verlies.ui.deck.sweep_show import SHOW, point_game, point_spec
from verlies.ui.workspace.sweep_kept import sweep_data, sweep_figures

PURSE = ("treasure", "schatz-muenzbeutel")
GAMES = 6


@pytest.fixture(scope="module")
def swept() -> SweepRun:
    run = SweepRun(workers=1)
    run.start(Deck.default(), Tweak(*PURSE, "gold"), 1, 3, games=GAMES)
    assert run.wait(600) and run.error is None
    return run


def _restored(run: SweepRun) -> SweepRun:
    deck = Deck.default()
    figs = sweep_figures(json.loads(json.dumps(sweep_data(run))), deck)
    back = SweepRun(workers=1)
    back.restore_figures(deck, figs)
    return back


def test_a_points_game_is_the_sweeps_own_and_opens_at_its_value(
    swept: SweepRun,
) -> None:
    found = point_game(swept, 3, "longest_game")
    assert found is not None and found.link is not None and 0 <= found.index < GAMES
    game = open_position(from_query(found.link))  # what the Game tab opens
    assert game.deck.cards("treasure")[PURSE[1]].gold == 3  # the point's deck
    # the sweep's own game: the spec it played at 3, that game's seed
    assert swept.result is not None
    spec = point_spec(swept, 3)
    assert spec is swept.result.points[2].spec
    assert game.setup.seed == spec.new_game(found.index).setup.seed


@pytest.mark.parametrize("what", SHOW)
def test_a_restored_sweep_shows_the_same_game(swept: SweepRun, what: str) -> None:
    back = _restored(swept)
    assert back.result is None  # no games kept: the point's games are played again
    a, b = point_game(swept, 2, what), point_game(back, 2, what)
    assert (a is None) == (b is None)
    if a is not None and b is not None:
        assert (a.index, a.turn, a.link) == (b.index, b.turn, b.link)


def test_a_value_not_of_the_sweep_or_an_unknown_choice_is_said(swept: SweepRun) -> None:
    with pytest.raises(VerliesError, match="not a value of the sweep"):
        point_game(swept, 9, "longest_game")
    with pytest.raises(VerliesError, match="unknown choice"):
        point_game(swept, 2, "nonsense")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_panel_offers_a_game_of_the_picked_point(lang: str) -> None:
    from verlies.ui.deck.editor_view import DeckEditor

    ed = DeckEditor(Deck.default(), lang=lang)
    panel = ed.sweep
    panel.run.workers = 1
    ed.select(*PURSE)
    panel.field.value = "gold"
    panel.low.value, panel.high.value, panel.games.value = 1, 3, GAMES
    show = panel.shower
    assert show.button.disabled  # no sweep yet
    panel.start()
    assert panel.run.wait(600)
    panel._done(panel.run)
    assert not show.button.disabled
    assert show.label.value == i18n.text("sweep.show.what", lang)
    assert [label for label, _ in show.what.options] == [
        i18n.text(f"sweep.show.{k}", lang) for k in SHOW
    ]
    panel.pick.value = 2
    show.what.value = "shortest_game"
    show.button.click()
    show.wait()
    found: Any = point_game(panel.run, 2, "shortest_game")
    assert found is not None and found.link is not None
    words = i18n.text(
        "sweep.show.open",
        lang,
        index=found.index,
        value="2",
        what=i18n.text("sweep.show.shortest_game", lang),
        turn=found.turn + 1,
    )
    link = show.link.value
    assert f'href="{html.escape(found.link)}"' in link and html.escape(words) in link

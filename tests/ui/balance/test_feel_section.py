"""The Balance tab's "Game feel" section (issue 40): its lines in both languages, in the
figures' order, after a run; a "show me" click gives the link of the right game."""

from __future__ import annotations

import html
import re

from verlies.deck import Deck
from verlies.links import from_query, open_position
from verlies.sim import simulate
from verlies.sim.feel import FIGURES, game_feel
from verlies.ui.balance.balance_view import BalanceTab
from verlies.ui.balance.feel_model import SHOW, example, lines_of

DECK = Deck.default()


def test_the_section_after_a_run_in_both_languages_and_a_click_opens_the_game() -> None:
    tab = BalanceTab(lambda: DECK, lambda: DECK, lang="de", workers=1)
    assert tab.feel.widget.layout.display == "none"  # nothing run yet: nothing shown
    tab.games.value = 8
    tab.players.value = 3
    tab.start()
    assert tab.run.wait(120)
    comp = tab.run.comparison
    assert comp is not None and comp.feel is not None
    assert tab.feel.widget.layout.display == ""
    assert tab.feel.title.value == "Spielgefühl"
    assert tab.feel.head.value.startswith("Spielgefühl, Entwurf gegen Basis (8 Paare")
    keys = [k for k in FIGURES if comp.feel.rows()[k]["pairs"]]
    assert keys == [k for k in FIGURES if k != "mattered"]  # careful bots roll nothing out
    rows = tab.feel.rows.children
    assert [r._dom_classes[-1] for r in rows] == [f"vl-feel-row-{k}" for k in keys]
    texts = [html.unescape(r.children[0].value) for r in rows]
    assert texts[0].startswith("Entschieden: ") and texts[2].startswith("Aufholjagden: ")
    assert all(r.children[1].description == "Zeig mir so ein Spiel" for r in rows)
    tab.set_lang("en")
    rows = tab.feel.rows.children
    texts = [html.unescape(r.children[0].value) for r in rows]
    assert tab.feel.title.value == "Game feel"
    assert texts[0].startswith("Decided: ") and texts[3].startswith("Lead changes: ")
    # the interval of each line is the comparison's
    lead = comp.feel.rows()["lead_changes"]
    assert f"{lead['a']:.2f} → {lead['b']:.2f}" in texts[3]
    # a click: the game of the draft with the most lead changes, at its last turn
    rows[3].children[1].click()
    found = rows[3].children[2].value
    link = re.search(r'href="([^"]+)"', found)
    assert link is not None and "Open game " in found
    res = simulate(60, players=3, characters="all", seed=0, workers=1, keep_records=True, deck=DECK)
    assert res.records is not None
    best = max(res.records, key=lambda r: (r.lead_changes, -r.index))
    assert f"Open game {best.index} of the draft" in html.unescape(found)
    position = from_query(html.unescape(link[1])[1:])
    assert position is not None
    game = open_position(position)
    assert game.setup.seed == best.seed
    assert list(game.setup.characters) == list(best.characters)
    assert game_feel(best).lead_changes == best.lead_changes
    assert best.feel is not None
    last = best.feel.turn_rows()[-1]
    assert game.current_player == last[0]
    tab.run.close()


def test_lines_none_without_a_run_and_every_figure_has_a_game_to_show() -> None:
    assert lines_of(None) == ("", [])
    assert set(SHOW) == set(FIGURES)
    spec = simulate(2, players=3, characters="all", seed=3, workers=1).spec
    ex = example(spec, "drama", games=4)
    assert ex is not None and ex.index in range(4) and ex.figure == "drama"

"""Sweeps across two cards (issue 37 item 6): two numbers of two different cards as one
grid (model, ``verlies sweep``, the Deck tab's heat map), the axes named with each card's
name and number in the page's language, the draft's cell marked "now"; bad input refused
with what and where."""

from __future__ import annotations

import re
from typing import Any

import pytest

from verlies.cli import main
from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.sim.sweep import GridTweak, sweep
from verlies.ui.deck.sweep_model import SweepRun

GOBLIN = ("monster", "monster-goblin")  # fight 3
RUBY = "treasure:schatz-rubin"  # gold 5


def test_a_grid_of_two_cards_sets_both_and_equals_the_labs_sweep() -> None:
    deck = Deck.default()
    run = SweepRun(workers=1)
    run.start_grid(deck, *GOBLIN, ("fight", "gold"), (3, 4), (5, 6), other=RUBY, games=4, players=2)
    assert run.wait(600) and run.error is None
    tweak = run.tweak
    assert isinstance(tweak, GridTweak) and tweak.second_card == ("treasure", "schatz-rubin")
    assert tweak.cells == ((3, 5), (4, 5), (3, 6), (4, 6)) and run.values == [0, 1, 2, 3]
    moved = run.deck_at(3)
    assert moved.monsters["monster-goblin"].fight[0].value == 4
    assert moved.treasures["schatz-rubin"].gold == 6
    # the draft is the cell (3, 5): "now"
    assert run.value_of(deck) == 0
    lab = sweep(tweak, run.values, 4, players=2, deck=deck, characters="all", workers=1)
    assert [(p.estimate, p.low, p.high) for p in run.points("mean_gold")] == lab.curve_ci(
        "mean_gold"
    )
    # the spread figures are the lab's (one definition for page, notebook and CLI)
    spread = [(p.estimate, p.low, p.high, p.floor) for p in run.points("win_spread")]
    assert spread == [x for x in lab.spread_ci()]
    run.close()


def test_two_cards_bad_input_is_refused_with_what_and_where() -> None:
    with pytest.raises(VerliesError, match="only against each other"):
        GridTweak("character", "char-zwerg", "geist", "gold", ((1, 1),), RUBY)
    with pytest.raises(VerliesError, match="KIND:ID"):
        GridTweak(*GOBLIN, "fight", "gold", ((1, 1),), "rubin")
    with pytest.raises(VerliesError, match="unknown field 'colour'"):
        GridTweak(*GOBLIN, "fight", "colour", ((1, 1),), RUBY)
    # the same card named as "other" is the one-card grid (fight × fight refused)
    with pytest.raises(VerliesError, match="against itself"):
        GridTweak(*GOBLIN, "fight", "fight", ((1, 1),), "monster:monster-goblin")
    with pytest.raises(VerliesError, match="no card 'nope' in the treasure pile"):
        GridTweak(*GOBLIN, "fight", "gold", ((3, 5),), "treasure:nope").pair_in(Deck.default())


@pytest.mark.parametrize(("lang", "now"), [("en", "(now)"), ("de", "(jetzt)")])
def test_cli_sweeps_two_cards_as_a_heat_table_with_names_and_now(
    lang: str, now: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["sweep", "--card", "monster:monster-goblin", "--field", "fight", "--values", "3:4"]
    args += ["--card2", RUBY, "--field2", "gold", "--values2", "5:6", "--games", "4"]
    assert main([*args, "-p", "2", "--workers", "1", "--no-progress", "--lang", lang]) == 0
    out = capsys.readouterr().out
    deck = Deck.default()
    goblin = deck.monsters["monster-goblin"].name.get(lang)
    ruby = deck.treasures["schatz-rubin"].name.get(lang)
    heat = out[out.index(f"{ruby}: ") - 60 :]
    assert f"{goblin}: " in heat and f"{ruby}: " in heat
    lines = [ln for ln in out.splitlines() if now in ln]
    assert len(lines) == 1 and lines[0].split()[0] == "5"  # the row of the ruby's gold 5
    cells = lines[0].split()
    # the column of the goblin's fight 3 (the first) holds "now"
    assert cells[2] == now
    # the points are named by their cell, not an index
    assert re.search(r"^\s+3 × 5\s", out, re.M) and re.search(r"^\s+4 × 6\s", out, re.M)


def test_cli_refuses_an_incomplete_second_number(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["sweep", "--card", "monster:monster-goblin", "--field", "fight", "--values", "3:4"]
    assert main([*args, "--card2", RUBY, "--no-progress"]) != 0
    assert "--field2 and --values2" in capsys.readouterr().err


def _display(box: Any) -> str | None:
    return box.layout.display  # type: ignore[no-any-return]


def text_of(w: Any) -> str:
    return re.sub(r"<[^>]+>", " ", str(w.value))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_panel_crosses_two_cards_with_names_on_the_axes(lang: str) -> None:
    from verlies.ui.deck.editor_view import DeckEditor

    ed = DeckEditor(Deck.default(), lang=lang)
    panel = ed.sweep
    panel.run.workers = 1
    ed.select(*GOBLIN)
    assert _display(panel.card2_box) is None
    values = [v for _, v in panel.card2.options]
    assert values[0] == "" and RUBY in values and "monster:monster-goblin" not in values
    panel.card2.value = RUBY
    assert [v for _, v in panel.second.options] == ["", "gold", "count"]
    panel.second.value = "gold"
    # both ranges centred on each card's own number, ±2
    assert (panel.low.value, panel.high.value) == (1, 5)
    assert (panel.low2.value, panel.high2.value) == (3, 7)
    panel.low.value, panel.high.value, panel.low2.value, panel.high2.value = 3, 4, 5, 6
    panel.games.value = 4
    panel.start()
    assert panel.run.wait(600) and panel.run.error is None
    panel._done(panel.run)
    shown = text_of(panel.heat)
    deck = Deck.default()
    goblin = deck.monsters["monster-goblin"].name.get(lang)
    ruby = deck.treasures["schatz-rubin"].name.get(lang)
    fight = "fight value" if lang == "en" else "Kampfwert"
    gold = "gold" if lang == "en" else "Gold"
    cols = "Columns" if lang == "en" else "Spalten"
    assert f"{cols}: {goblin}: {fight}" in shown and f"{ruby}: {gold}" in shown
    now = "now" if lang == "en" else "jetzt"
    assert re.search(
        rf"class='vl-heat-now'[^>]*data-a='3' data-b='5'>[^<]*<br><small>{now}<", panel.heat.value
    )
    panel.pick.value = 3
    assert panel.take()
    assert ed.draft.monsters["monster-goblin"].fight[0].value == 4
    assert ed.draft.treasures["schatz-rubin"].gold == 6
    assert re.search(r"class='vl-heat-now'[^>]*data-a='4' data-b='6'>", panel.heat.value)
    # a character crosses no other card
    ed.select("character", "char-zwerg")
    assert _display(panel.card2_box) == "none"
    panel.run.close()

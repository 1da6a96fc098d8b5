"""The Deck tab's "Sweep this number" (issue 22 item 3): the widget-free model
(verlies.ui.sweep_model) and the editor's panel over it. The curve equals the lab's
sweep() on the same seeds, fills in as games arrive, values the deck refuses are left out
and named, a picked value becomes the draft."""

from __future__ import annotations

import pytest

from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.sim.sweep import Tweak, sweep
from verlies.ui.sweep_model import MAX_POINTS, SweepRun, fields_of

PURSE = ("treasure", "schatz-muenzbeutel")
DOOR = ("dungeon", "r-gang-straight-04")  # a door, obstacle 6


def test_the_numbers_a_card_offers() -> None:
    deck = Deck.default()
    assert fields_of(deck, *PURSE) == ["gold", "count"]
    assert fields_of(deck, "monster", "monster-goblin") == ["fight", "count"]
    assert fields_of(deck, *DOOR) == ["gold", "obstacle", "count"]
    # R2.4 / R1.3: the start card's and an exit's copies are the frame, not a number
    assert "count" not in fields_of(deck, "dungeon", "start-alpha")
    assert "count" not in fields_of(deck, "dungeon", "r-ausgang")
    assert fields_of(deck, "character", "char-zwerg") == []  # R2: values fixed


def test_the_curve_fills_in_and_equals_the_labs_sweep() -> None:
    deck = Deck.default()
    run = SweepRun(workers=1)
    seen: list[int] = []
    tweak = Tweak(*PURSE, "gold")
    run.start(deck, tweak, 1, 4, games=8, players=2, on_update=lambda r: seen.append(r.done))
    assert run.wait(600) and run.error is None
    assert seen == sorted(seen) and len(seen) >= 4 and run.done == run.total == 32
    lab = sweep(tweak, [1, 2, 3, 4], 8, players=2, deck=deck, characters="all", workers=1)
    for q in ("median_rounds", "mean_gold", "injuries_per_game", "timeout_share"):
        points = run.points(q)
        assert [p.value for p in points] == [1, 2, 3, 4]
        assert [(p.estimate, p.low, p.high) for p in points] == lab.curve_ci(q)
        assert all(p.games == 8 for p in points)
    assert tweak.value_in(run.deck_at(4)) == 4 and run.deck_at(4) != deck
    assert run.progress_text("de") == "Fertig: 32 Spiele."


def test_refused_values_are_left_out_and_bad_ranges_refused() -> None:
    run = SweepRun(workers=1)
    tweak = Tweak(*DOOR, "obstacle")
    run.start(Deck.default(), tweak, 0, 2, games=4, players=2)
    assert run.wait(600)
    assert run.values == [1, 2] and run.refused == [0]  # an obstacle of 0 is refused
    with pytest.raises(VerliesError, match="empty"):
        run.start(Deck.default(), tweak, 3, 2)
    with pytest.raises(VerliesError, match=f"at most {MAX_POINTS} values"):
        run.start(Deck.default(), tweak, 1, MAX_POINTS + 1)


def test_cancel_keeps_the_curve_so_far() -> None:
    run = SweepRun(workers=1)
    run.start(
        Deck.default(),
        Tweak(*PURSE, "gold"),
        1,
        3,
        games=16,
        players=2,
        on_update=lambda r: r.cancel(),
    )
    assert run.wait(600)
    assert run.cancelled and 0 < run.done < run.total
    assert "Cancelled after" in run.progress_text("en")


def test_the_editors_panel_sweeps_the_selected_card_and_takes_a_value() -> None:
    from verlies.ui.editor import DeckEditor

    ed = DeckEditor(Deck.default(), lang="en")
    panel = ed.sweep
    panel.run.workers = 1
    ed.select(*PURSE)
    assert [v for _, v in panel.field.options] == ["gold", "count"]
    assert (panel.low.value, panel.high.value) == (0, 4)  # its gold 2, ±2
    panel.low.value, panel.high.value, panel.games.value = 1, 3, 8
    panel.start()
    assert panel.run.wait(600)
    panel._done(panel.run)
    svg = panel.chart.value
    assert svg.count('class="vl-sweep-point"') == 3
    assert "2 (now)" in svg and "median rounds" in svg
    panel.pick.value = 3
    assert panel.take()
    assert Tweak(*PURSE, "gold").value_in(ed.draft) == 3
    assert any("schatz-muenzbeutel" in x for x in ed.diff_lines())
    assert "The draft now has gold 3" in panel.status.value
    ed.set_lang("de")
    assert "Runden (Median)" in panel.chart.value and "2 (jetzt)" in panel.chart.value
    assert panel.take_button.description == "Als Entwurf übernehmen"
    ed.select("character", "char-zwerg")
    assert panel.field.options == () and panel.start_button.disabled
    panel.run.close()

"""The Deck tab's "Sweep this number" (issue 22 item 3): the widget-free model
(verlies.ui.deck.sweep_model) and the editor's panel over it. The curve equals the lab's
sweep() on the same seeds, fills in as games arrive, values the deck refuses are left out
and named, a picked value becomes the draft."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.sim.stats import spread_interval, spread_noise_floor
from verlies.sim.sweep import Tweak, sweep
from verlies.ui.deck.sweep_model import (
    MAX_POINTS,
    SPREAD,
    WIN,
    GridTweak,
    PairTweak,
    SweepRun,
    default_range,
    fields_of,
    givers_of,
    is_share,
    quantities_of,
)
from verlies.ui.deck.sweep_plot_view import nice_ticks
from verlies.ui.deck.sweep_words import tick_text as _tick
from verlies.ui.deck.sweep_words import value_text as _value

PURSE = ("treasure", "schatz-muenzbeutel")


def text_of(w: Any) -> str:
    """A HTML widget's text without tags and entities."""
    return html.unescape(re.sub(r"<[^>]+>", " ", w.value))


DOOR = ("dungeon", "r-gang-straight-04")  # a door, obstacle 6


def test_the_numbers_a_card_offers() -> None:
    deck = Deck.default()
    assert fields_of(deck, *PURSE) == ["gold", "count"]
    assert fields_of(deck, "monster", "monster-goblin") == ["fight", "count"]
    assert fields_of(deck, *DOOR) == ["gold", "obstacle", "count"]
    # R2.4 / R1.3: the start card's and an exit's copies are the frame, not a number
    assert "count" not in fields_of(deck, "dungeon", "start-alpha")
    assert "count" not in fields_of(deck, "dungeon", "r-ausgang")
    # R2: a character's values move as pairs (PairTweak), each of the three offered
    assert fields_of(deck, "character", "char-zwerg") == ["staerke", "geist", "geschick"]
    assert fields_of(deck, "character", "char-nobody") == []


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
    from verlies.ui.deck.editor_view import DeckEditor

    ed = DeckEditor(Deck.default(), lang="en")
    panel = ed.sweep
    panel.run.workers = 1
    ed.select(*PURSE)
    assert [v for _, v in panel.field.options] == ["gold", "count"]
    # centred on its gold 2: ±3, the deck refuses gold −1
    assert (panel.low.value, panel.high.value) == (0, 5)
    panel.quantity.value = "median_rounds"
    panel.low.value, panel.high.value, panel.games.value = 1, 3, 8
    panel.start()
    assert panel.run.wait(600)
    panel._done(panel.run)
    plot = panel.plot
    points = panel.run.points("median_rounds")
    # the columns name their value only (they fit at 390 px); "now" above the draft's dot
    assert list(plot.dots.x) == ["1", "2", "3"] == list(plot.x_scale.domain)
    assert list(plot.now_label.x) == ["2"] and list(plot.now_label.text) == ["now"]
    assert list(plot.dots.y) == [p.estimate for p in points]
    assert [list(y) for y in plot.intervals.y] == [[p.low, p.high] for p in points]
    # numbers on the y axis, each at its tick, inside the range drawn
    ticks = list(plot.ticks.y)
    assert len(ticks) >= 2 and list(plot.y_axis.tick_values) == ticks
    assert list(plot.ticks.text) == [_tick("median_rounds", t, "en") for t in ticks]
    assert plot.y_scale.min <= min(ticks) and max(ticks) <= plot.y_scale.max
    # every point's number in the table below, the draft's value marked
    table = text_of(panel.table)
    for p in points:
        assert _value("median_rounds", p.estimate, "en") in table
    assert "2 (now)" in table and "1 (now)" not in table
    assert (plot.x_axis.label, plot.y_axis.label) == ("gold", "median rounds")
    assert list(plot.dots.colors) == ["#1f5fa8", "#b3261e", "#1f5fa8"]  # "now" in red
    plot.click(3)  # a click on the third dot: the draft takes gold 3
    assert Tweak(*PURSE, "gold").value_in(ed.draft) == 3 and panel.pick.value == 3
    assert any("schatz-muenzbeutel" in x for x in ed.diff_lines())
    assert "The draft now has gold 3" in panel.status.value
    # "now" follows the draft
    assert list(plot.now_label.x) == ["3"] and "3 (now)" in text_of(panel.table)
    assert list(plot.dots.colors) == ["#1f5fa8", "#1f5fa8", "#b3261e"]
    assert ed.undo() and Tweak(*PURSE, "gold").value_in(ed.draft) == 2  # one undo step
    assert list(plot.now_label.x) == ["2"]
    panel.pick.value = 1
    assert panel.take() and Tweak(*PURSE, "gold").value_in(ed.draft) == 1
    assert list(plot.now_label.x) == ["1"]
    ed.set_lang("de")
    assert plot.y_axis.label == "Runden (Median)" and list(plot.now_label.text) == ["jetzt"]
    assert "1 (jetzt)" in text_of(panel.table)
    assert plot.x_axis.label == "Gold"
    assert panel.take_button.description == "Als Entwurf übernehmen"
    ed.select("dungeon", "start-alpha")  # R2.4: the start card's copies never move
    assert "count" not in [v for _, v in panel.field.options]
    panel.run.close()


def test_a_sweep_of_an_earlier_draft_is_marked_and_cannot_be_taken() -> None:
    from verlies.ui.deck.editor_view import DeckEditor

    ed = DeckEditor(Deck.default(), lang="en")
    panel = ed.sweep
    panel.run.workers = 1
    ed.select(*PURSE)
    panel.low.value, panel.high.value, panel.games.value = 1, 2, 4
    panel.start()
    assert panel.run.wait(600)
    panel._done(panel.run)
    assert "Out of date" not in text_of(panel.caption) and not panel.take_button.disabled
    assert "Draft “Standard”, Coin purse: spread of the win rates." in text_of(panel.caption)
    ed.select("monster", "monster-goblin")
    assert ed.set_text("Kampf: Geschick 4. Besitz: 3 Gold.")  # another change of the draft
    assert "Out of date: the draft changed after this sweep" in text_of(panel.caption)
    assert panel.take_button.disabled and list(panel.plot.now_label.x) == []
    assert set(panel.plot.dots.colors) == {"#9e9e9e"}  # grey
    before = ed.draft
    panel.pick.value = 1
    assert not panel.take() and ed.draft is before  # the newer edit stays
    ed.set_lang("de")
    assert "Veraltet: der Entwurf hat sich nach diesem Durchlauf geändert" in text_of(panel.caption)
    assert ed.undo()  # the draft the sweep was of: fresh again
    assert "Veraltet" not in text_of(panel.caption) and not panel.take_button.disabled
    assert list(panel.plot.now_label.x) == ["2"]
    panel.run.close()


def test_the_default_range_is_centred_on_the_cards_value() -> None:
    deck = Deck.default()
    assert default_range(deck, Tweak(*DOOR, "obstacle")) == (3, 9)  # Tür 6
    assert default_range(deck, Tweak("monster", "monster-goblin", "fight")) == (0, 6)  # 3
    ten = deck.with_card_text("monster", "monster-goblin", "Kampf: Geschick 10. Besitz: 3 Gold.")
    assert default_range(ten, Tweak("monster", "monster-goblin", "fight")) == (7, 13)
    assert default_range(deck, Tweak(*DOOR, "obstacle"), reach=1) == (5, 7)
    # an obstacle is at least 1 (the deck refuses 0)
    low = Tweak(*DOOR, "obstacle").apply(deck, 2)
    assert default_range(low, Tweak(*DOOR, "obstacle")) == (1, 5)
    # a pair move: Zwerg 5/2/3, Stärke with Geist giving: Stärke 2 (Geist 5) to 6 (Geist 1)
    assert default_range(deck, PairTweak("character", "char-zwerg", "staerke", "geist")) == (
        2,
        6,
    )


def test_win_rates_and_their_spread_with_its_noise_floor() -> None:
    deck = Deck.default()
    tweak = Tweak("monster", "monster-goblin", "fight")
    run = SweepRun(workers=1)
    run.start(deck, tweak, 2, 4, games=12, players=4)
    assert run.wait(600) and run.error is None
    lab = sweep(tweak, [2, 3, 4], 12, players=4, deck=deck, characters="all", workers=1)
    for cid in deck.characters:
        got = [(p.estimate, p.low, p.high) for p in run.points(WIN + cid)]
        assert got == lab.curve_ci(WIN + cid)
    assert run.result is not None
    spreads = run.points(SPREAD)
    assert [p.value for p in spreads] == [2, 3, 4]
    for p, point in zip(spreads, run.result.points, strict=True):
        sides = [point.metrics.characters[c] for c in sorted(point.metrics.characters)]
        rates = [s.wins / s.games for s in sides if s.games]
        assert p.estimate == max(rates) - min(rates)
        n, k = [s.games for s in sides], [s.wins for s in sides]
        assert (p.low, p.high) == spread_interval(n, k, 400, 0)
        assert p.floor == spread_noise_floor(n, k, 400, 0)
        assert p.low <= p.estimate <= p.high
    assert run.points(SPREAD) == spreads  # the same figures when drawn again
    assert quantities_of(deck)[:2] == [SPREAD, WIN + "char-zwerg"]
    assert is_share(SPREAD) and is_share(WIN + "char-zwerg") and not is_share("mean_gold")
    assert _value(SPREAD, 0.205, "de") == "20,5 Pkt." and _value(SPREAD, 0.205, "en") == (
        "20.5 pts"
    )
    assert _tick(WIN + "x", 0.125, "de") == "12,5" and _tick("mean_gold", 3.0, "en") == "3"


def test_the_same_sweep_whatever_the_worker_count() -> None:
    deck = Deck.default()
    tweak = Tweak("monster", "monster-goblin", "fight")
    figures = []
    for workers in (1, 2):
        run = SweepRun(workers=workers)
        run.start(deck, tweak, 3, 4, games=6, players=4)
        assert run.wait(600) and run.error is None
        figures.append([run.points(q) for q in (SPREAD, WIN + "char-barbar", "mean_gold")])
        run.close()
    assert figures[0] == figures[1]


def test_nice_ticks() -> None:
    assert nice_ticks(0.18, 0.41) == [0.2, 0.3, 0.4]
    assert nice_ticks(45, 105) == [60, 80, 100]
    assert nice_ticks(1.0, 1.0) == [1.0]
    for lo, hi in ((0.0, 1.0), (3.3, 3.9), (12, 31), (-0.2, 0.6)):
        ticks = nice_ticks(lo, hi)
        assert 2 <= len(ticks) <= 5 and lo <= ticks[0] and ticks[-1] <= hi


def test_a_pair_move_keeps_the_sum_and_every_value_1_to_6() -> None:
    deck = Deck.default()  # Zwerg 5/2/3
    tw = PairTweak("character", "char-zwerg", "staerke", "geist")
    assert tw.value_in(deck) == 5
    for v, partner in ((3, 4), (4, 3), (6, 1)):
        ch = tw.apply(deck, v).characters["char-zwerg"]
        assert ch.values == (v, partner, 3) and sum(ch.values) == 10
        assert tw.partner_at(deck, v) == partner
    # Geist would fall to 0 / Stärke rise to 7: the deck's rules (R2) refuse both
    with pytest.raises(VerliesError, match="staerke 7 is outside 1–6"):
        tw.apply(deck, 7)
    with pytest.raises(VerliesError, match="geist 0 is outside 1–6"):  # Geschick 5 takes 2
        PairTweak("character", "char-zwerg", "geschick", "geist").apply(deck, 5)
    with pytest.raises(VerliesError, match="staerke 0 is outside 1–6"):
        tw.apply(deck, 0)
    # the other characters are untouched
    moved = tw.apply(deck, 6)
    assert all(
        moved.characters[c] == deck.characters[c] for c in deck.characters if c != "char-zwerg"
    )
    assert givers_of("geist") == ["staerke", "geschick"]
    with pytest.raises(VerliesError, match="cannot give to itself"):
        PairTweak("character", "char-zwerg", "geist", "geist")
    with pytest.raises(VerliesError, match="unknown value"):
        PairTweak("character", "char-zwerg", "geist", "mut")
    with pytest.raises(VerliesError, match="not a monster"):
        PairTweak("monster", "monster-goblin", "geist", "staerke")


def test_a_character_sweep_leaves_out_what_r2_refuses_and_equals_the_lab() -> None:
    deck = Deck.default()
    tw = PairTweak("character", "char-zwerg", "geschick", "staerke")  # 3 and 5
    run = SweepRun(workers=1)
    run.start(deck, tw, 0, 8, games=4, players=2)
    assert run.wait(600) and run.error is None
    # Geschick 1..6 with Stärke 7..2: Geschick 1 would need Stärke 7
    assert run.values == [2, 3, 4, 5, 6] and run.refused == [0, 1, 7, 8]
    lab = sweep(tw, run.values, 4, players=2, deck=deck, characters="all", workers=1)
    assert [(p.estimate, p.low, p.high) for p in run.points("mean_gold")] == lab.curve_ci(
        "mean_gold"
    )
    assert run.deck_at(6).characters["char-zwerg"].values == (2, 2, 6)


def test_the_panel_sweeps_a_characters_value_as_a_pair_and_takes_it() -> None:
    from verlies.ui.deck.editor_view import DeckEditor

    ed = DeckEditor(Deck.default(), lang="en")
    panel = ed.sweep
    panel.run.workers = 1
    assert panel.gives_box.layout.display == "none"
    ed.select("character", "char-zwerg")  # 5/2/3
    assert [lab for lab, _ in panel.field.options] == ["Strength", "Mind", "Dexterity"]
    assert panel.gives_box.layout.display != "none"
    assert [v for _, v in panel.gives.options] == ["geist", "geschick"]
    # Stärke with Geist giving: Geist 2 lets Stärke rise to 6; ±3 around 5 stops at 2
    assert (panel.low.value, panel.high.value) == (2, 6)
    panel.gives.value = "geschick"  # Geschick 3 gives: Stärke 2 (Geschick 6) to 6 (Geschick 2)
    assert (panel.low.value, panel.high.value) == (2, 6)
    panel.low.value, panel.high.value, panel.games.value = 4, 6, 4
    panel.start()
    assert panel.run.wait(600)
    panel._done(panel.run)
    plot = panel.plot
    assert list(plot.dots.x) == ["4", "5", "6"] and list(plot.now_label.x) == ["5"]
    assert plot.x_axis.label == "Strength (Dexterity gives)"
    table = text_of(panel.table)
    assert "4 · Dexterity 4" in table and "5 · Dexterity 3 (now)" in table
    assert "6 · Dexterity 2" in table
    plot.click(6)
    assert ed.draft.characters["char-zwerg"].values == (6, 2, 2)
    assert "Strength 6 and Dexterity 2" in panel.status.value
    ed.undo()
    assert ed.draft.characters["char-zwerg"].values == (5, 2, 3)
    ed.set_lang("de")
    assert "5 · Geschick 3 (jetzt)" in text_of(panel.table)
    assert plot.x_axis.label == "Stärke (Geschick gibt ab)"
    assert [lab for lab, _ in panel.gives.options] == ["Geist", "Geschick"]
    ed.select(*PURSE)
    assert panel.gives_box.layout.display == "none"
    panel.run.close()


# ---- two numbers swept together: a heat map (issue 37 item 6) -----------------------------


def test_a_grid_of_two_numbers_equals_the_labs_sweep_of_each_cell() -> None:
    deck = Deck.default()
    run = SweepRun(workers=1)
    run.start_grid(deck, *DOOR, ("obstacle", "gold"), (5, 6), (0, 1), games=4, players=2)
    assert run.wait(600) and run.error is None
    tweak = run.tweak
    assert isinstance(tweak, GridTweak)
    assert tweak.cells == ((5, 0), (6, 0), (5, 1), (6, 1)) and run.values == [0, 1, 2, 3]
    lab = sweep(tweak, run.values, 4, players=2, deck=deck, characters="all", workers=1)
    got = [(p.estimate, p.low, p.high) for p in run.points("mean_gold")]
    assert got == lab.curve_ci("mean_gold")
    cell = run.deck_at(2).dungeon[DOOR[1]]
    assert cell.obstacle is not None and (cell.obstacle.n, cell.gold) == (5, 1)
    assert run.value_of(deck) == tweak.cells.index((6, deck.dungeon[DOOR[1]].gold))
    with pytest.raises(VerliesError, match="at most 49 cells"):
        run.start_grid(deck, *DOOR, ("obstacle", "gold"), (1, 8), (0, 6))
    with pytest.raises(VerliesError, match="empty"):
        run.start_grid(deck, *DOOR, ("obstacle", "gold"), (5, 4), (0, 1))
    run.close()


def test_a_characters_grid_keeps_the_sum_and_leaves_out_what_r2_refuses() -> None:
    deck = Deck.default()  # Zwerg 5/2/3
    run = SweepRun(workers=1)
    run.start_grid(deck, "character", "char-zwerg", ("staerke", "geist"), (5, 6), (4, 5), games=2)
    assert run.wait(600) and run.error is None
    tweak = run.tweak
    assert isinstance(tweak, GridTweak) and tweak.third == "geschick"
    # Geschick = 10 − Stärke − Geist: only 5/4/1 keeps every value 1–6
    assert [tweak.cells[v] for v in run.values] == [(5, 4)]
    assert [tweak.cells[v] for v in run.refused] == [(6, 4), (5, 5), (6, 5)]
    assert run.deck_at(run.values[0]).characters["char-zwerg"].values == (5, 4, 1)
    with pytest.raises(VerliesError, match="against itself"):
        GridTweak("character", "char-zwerg", "geist", "geist", ((1, 1),))
    run.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_panel_shows_two_numbers_as_a_heat_map_and_takes_a_cell(lang: str) -> None:
    from verlies.ui.deck.editor_view import DeckEditor

    ed = DeckEditor(Deck.default(), lang=lang)
    panel = ed.sweep
    panel.run.workers = 1
    ed.select(*DOOR)  # a door, obstacle 6, gold 0
    panel.field.value = "obstacle"
    assert [v for _, v in panel.second.options] == ["", "gold", "count"]
    assert all(b.layout.display == "none" for b in panel.second_boxes)
    panel.second.value = "gold"
    assert all(b.layout.display is None for b in panel.second_boxes)
    # both ranges centred on the card's numbers, ±2 (5 × 5 cells at most)
    assert (panel.low.value, panel.high.value) == (4, 8)
    assert (panel.low2.value, panel.high2.value) == (0, 2)
    panel.low.value, panel.high.value, panel.low2.value, panel.high2.value = 5, 6, 0, 1
    panel.games.value = 4
    panel.quantity.value = "mean_gold"
    panel.start()
    assert panel.run.wait(600)
    panel._done(panel.run)
    assert panel.plot_box.layout.display == "none" and panel.table.value == ""
    shown = text_of(panel.heat)
    points = panel.run.points("mean_gold")
    for p in points:
        assert _value("mean_gold", p.estimate, lang) in shown
    now = "now" if lang == "en" else "jetzt"
    assert re.search(
        rf"class='vl-heat-now'[^>]*data-a='6' data-b='0'>[^<]*<br><small>{now}<", (panel.heat.value)
    )
    cols = "Columns: obstacle; rows: gold." if lang == "en" else "Spalten: Hindernis; Zeilen: Gold."
    assert cols in shown
    labels = [label for label, _ in panel.pick.options]
    assert labels == ["5 × 0", "6 × 0", "5 × 1", "6 × 1"]
    panel.pick.value = 2
    assert panel.take()
    card = ed.draft.dungeon[DOOR[1]]
    assert card.obstacle is not None and (card.obstacle.n, card.gold) == (5, 1)
    # "now" follows the draft to the cell taken
    assert re.search(r"class='vl-heat-now'[^>]*data-a='5' data-b='1'>", panel.heat.value)
    assert len(re.findall(r"class='vl-heat-now'", panel.heat.value)) == 1
    panel.run.close()


def test_a_refused_range_stays_said_in_the_pages_language_until_a_sweep_starts() -> None:
    """RunPanel's run life (issue 39): a range refused before any game is said in red,
    again in a new language; Sweep then turns Start off and Cancel on until the end, and
    the refusal is gone from both languages."""
    from verlies.ui.deck.editor_view import DeckEditor

    ed = DeckEditor(Deck.default(), lang="de")
    panel = ed.sweep
    panel.run.workers = 1
    ended: list[str] = []
    panel.done_listeners.append(lambda: ended.append(panel.run.status))

    def said() -> str:
        return text_of(panel.status).strip()

    ed.select(*PURSE)
    assert panel.status.value == ""  # nothing said before a first sweep
    panel.low.value, panel.high.value = 3, 2
    panel.start_button.click()
    assert not panel.run.running and panel.run.tweak is None and ended == []
    assert panel.bar.visible and "vl-panel-failed" in panel.status.value
    assert said().startswith("Nicht durchgespielt: ")
    assert "3–2" in said()
    ed.set_lang("en")
    assert said().startswith("Not swept: ") and "3–2" in said()
    panel.low.value, panel.high.value, panel.games.value = 1, 1, 2
    panel.start_button.click()
    assert panel.start_button.disabled and not panel.cancel_button.disabled
    assert panel.run.wait(600)  # its news and end drawn here (no loop runs in a test)
    assert not panel.start_button.disabled and panel.cancel_button.disabled
    assert ended == ["done"] and "vl-panel-failed" not in panel.status.value
    assert said() == panel.run.progress_text("en")
    ed.set_lang("de")
    assert "Nicht durchgespielt" not in said()
    assert said() == panel.run.progress_text("de")
    panel.run.close()

"""A sweep stopped half-way (a reload, a killed kernel) keeps the points whose games all
came, and Continue plays only the values it is missing on the same seeds: the finished
sweep is the one never interrupted, bit for bit (issue 38 leftovers, item 1). Widget-free:
the run and the workspace's JSON of it, read back as a reload reads it."""

from __future__ import annotations

import html
import json
from typing import Any

import pytest

from verlies import i18n
from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.sim.sweep import Tweak
from verlies.ui.deck.sweep_model import SPREAD, Point, SweepRun
from verlies.ui.workspace.sweep_kept import sweep_data, sweep_figures

PURSE_GOLD = Tweak("treasure", "schatz-muenzbeutel", "gold")
GAMES = 4


def _full(deck: Deck) -> SweepRun:
    run = SweepRun(workers=1)
    run.start(deck, PURSE_GOLD, 1, 3, games=GAMES)
    assert run.wait(600) and run.error is None, run.error
    return run


def _half(deck: Deck) -> dict[str, Any]:
    """A sweep whose kernel "dies" after its first point: what the workspace kept of it
    while it ran (as JSON text and back, as the store gives it)."""
    kept: list[dict[str, Any]] = []
    run = SweepRun(workers=1)

    def update(r: SweepRun) -> None:
        if not kept and r.complete():
            kept.append(json.loads(json.dumps(sweep_data(r))))
            r.cancel()  # the kernel is gone: nothing after this point is kept

    run.start(deck, PURSE_GOLD, 1, 3, games=GAMES, on_update=update)
    assert run.wait(600)
    assert kept, "no point finished"
    return kept[0]


def _back(data: dict[str, Any], deck: Deck) -> SweepRun:
    figs = sweep_figures(data, deck)
    run = SweepRun(workers=1)
    run.restore_figures(deck, figs)
    return run


def _bits(p: Point) -> str:
    return json.dumps([p.value, p.estimate, p.low, p.high, p.games, p.floor])


def _figures(run: SweepRun) -> str:
    # JSON text: NaN written alike, every float to its last bit
    return json.dumps(sweep_data(run)["figures"], sort_keys=True)


def test_a_half_run_sweep_keeps_its_finished_points_and_continues_to_the_same_figures() -> None:
    deck = Deck.default()
    full = _full(deck)
    data = _half(deck)
    assert data["status"] == "interrupted"
    assert data["games"] == GAMES and data["values"] == [1, 2, 3]
    kept = data["complete"]
    assert 1 <= len(kept) < 3
    # only finished points are kept, each with all its games
    for ps in data["figures"].values():
        assert {p[0] for p in ps} <= set(kept) and all(p[4] == GAMES for p in ps)
    back = _back(data, deck)
    assert back.interrupted and not back.running
    for lang, word in (("en", "Interrupted after"), ("de", "Unterbrochen nach")):
        said = back.progress_text(lang)
        assert said.startswith(word) and f"{len(kept)} " in said and " 3 " in said
    # the kept points are drawn already: the same as the full sweep's at those values
    full_points = {p.value: _bits(p) for p in full.points(SPREAD)}
    shown = back.points(SPREAD)
    assert [p.value for p in shown] == kept
    assert all(full_points[p.value] == _bits(p) for p in shown)

    back.resume()
    assert back.wait(600) and back.error is None, back.error
    # only the missing values were played, the same games each
    assert back.result is not None
    assert back.result.values == [v for v in (1, 2, 3) if v not in kept]
    assert all(p.metrics.games == GAMES for p in back.result.points)
    assert (back.done, back.total, back.status) == (3 * GAMES, 3 * GAMES, "done")
    assert not back.interrupted and back.complete() == [1, 2, 3]
    # the finished sweep is the one never interrupted, bit for bit
    assert _figures(back) == _figures(full)
    assert back.progress_text("en") == full.progress_text("en")


def test_a_kept_sweep_reads_back_continued_as_done() -> None:
    """The continued sweep's JSON is a done sweep's: a reload after Continue offers no
    Continue, and draws the figures of the whole range."""
    deck = Deck.default()
    back = _back(_half(deck), deck)
    back.resume()
    assert back.wait(600)
    again = _back(json.loads(json.dumps(sweep_data(back))), deck)
    assert not again.interrupted and again.status == "done"
    assert again.complete() == [1, 2, 3]
    with pytest.raises(VerliesError, match="no interrupted sweep"):
        again.resume()


def test_a_sweep_kept_without_its_games_cannot_continue() -> None:
    """A sweep kept before games per point were (no ``games``): said, not guessed."""
    deck = Deck.default()
    data = _half(deck)
    data.pop("games")
    back = _back(data, deck)
    assert back.interrupted and back.games == 0
    with pytest.raises(VerliesError, match="no interrupted sweep"):
        back.resume()
    assert i18n.text("sweep.resume_old", "de") != i18n.text("sweep.resume_old", "en")


@pytest.mark.parametrize(
    ("field", "value"),
    [("games", -1), ("games", 10**6), ("players", 0), ("status", "half"), ("games", "4")],
)
def test_a_kept_half_sweep_with_a_wrong_field_is_refused_naming_it(field: str, value: Any) -> None:
    deck = Deck.default()
    data = _half(deck)
    data[field] = value
    with pytest.raises(VerliesError, match=f"sweep.{field}"):
        sweep_figures(data, deck)


# ---- item 2: a sweep extended keeps its points -------------------------------------------


def test_a_wider_range_plays_only_the_new_values_and_equals_a_fresh_sweep() -> None:
    deck = Deck.default()
    run = _full(deck)  # 1–3
    fresh = SweepRun(workers=1)
    fresh.start(deck, PURSE_GOLD, 0, 5, games=GAMES)
    assert fresh.wait(600)
    assert run.can_extend(deck, PURSE_GOLD, GAMES) is None
    assert run.extend(0, 5) == 3
    assert run.wait(600) and run.error is None, run.error
    assert run.result is not None and run.result.values == [0, 4, 5]  # 1–3 not replayed
    assert run.values == [0, 1, 2, 3, 4, 5] and run.complete() == run.values
    assert (run.done, run.total) == (6 * GAMES, 6 * GAMES)
    assert _figures(run) == _figures(fresh)


def test_a_restored_sweep_extends_and_a_narrower_range_plays_nothing() -> None:
    deck = Deck.default()
    full = _full(deck)
    back = _back(json.loads(json.dumps(sweep_data(full))), deck)
    assert back.can_extend(deck, PURSE_GOLD, GAMES) is None
    assert back.extend(2, 3) == 0  # both kept: nothing to play
    assert not back.running and back.values == [2, 3] and back.status == "done"
    assert [p.value for p in back.points(SPREAD)] == [2, 3]
    assert back.extend(1, 4) == 2  # 2–3 kept, 1 was dropped with the narrower range
    assert back.wait(600) and back.result is not None and back.result.values == [1, 4]
    fresh = SweepRun(workers=1)
    fresh.start(deck, PURSE_GOLD, 1, 4, games=GAMES)
    assert fresh.wait(600)
    assert _figures(back) == _figures(fresh)


def test_why_a_sweep_cannot_be_extended() -> None:
    deck = Deck.default()
    run = _full(deck)
    assert run.can_extend(deck, PURSE_GOLD, 2 * GAMES) == "no_extend.games"
    other = Tweak("treasure", "schatz-muenzbeutel", "count")
    assert run.can_extend(deck, other, GAMES) == "no_extend.other"
    edited = PURSE_GOLD.apply(deck, 7)
    assert run.can_extend(edited, PURSE_GOLD, GAMES) == "no_extend.draft"
    assert SweepRun().can_extend(deck, PURSE_GOLD, GAMES) == "no_extend.none"
    with pytest.raises(VerliesError, match="at most"):
        run.extend(0, 40)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_panel_says_what_it_kept_and_why_not(lang: str) -> None:
    from verlies.ui.deck.editor_view import DeckEditor

    ed = DeckEditor(Deck.default(), lang=lang)
    panel = ed.sweep
    panel.run.workers = 1
    ed.select("treasure", "schatz-muenzbeutel")
    panel.field.value = "gold"
    panel.low.value, panel.high.value, panel.games.value = 1, 3, GAMES
    panel.start()
    assert panel.run.wait(600)
    panel._done(panel.run)
    assert panel.resume_box.layout.display == "none"
    panel.high.value = 4
    panel.start()
    assert panel.run.wait(600)
    panel._done(panel.run)
    assert panel.run.result is not None and panel.run.result.values == [4]
    said = i18n.text("sweep.extended", lang, kept=3, played=1, games=GAMES)
    assert said in html.unescape(panel.resume_note.value)
    assert panel.resume_box.layout.display is None
    assert panel.resume_button.layout.display == "none"  # nothing to continue
    assert [v for _, v in panel.pick.options] == [1, 2, 3, 4]
    panel.games.value = 2 * GAMES
    panel.start()
    assert panel.run.wait(600)
    panel._done(panel.run)
    assert panel.run.result is not None and panel.run.result.values == [1, 2, 3, 4]
    said = i18n.text("sweep.no_extend.games", lang, was=GAMES, now=2 * GAMES)
    assert said in html.unescape(panel.resume_note.value)

"""A "which card matters" run in the middle, kept by the workspace (issue 36 leftovers,
item 1), without widgets: the figures kept as the run grows carry its settings and its
state after the last finished round; read back (as a reload reads the store) they show
"interrupted after N of M games"; Continue ends with the very figures of the run never
interrupted; out of date exactly when the draft changed; a broken kept part is refused
with its field, a finished run keeps no such part."""

from __future__ import annotations

import json
from typing import Any

import pytest

from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.sim.sweep import Tweak
from verlies.ui.deck.impact_model import ImpactColumn
from verlies.ui.workspace.fields import WorkspaceError
from verlies.ui.workspace.impact_kept import kept_partial, restore_column, with_partial
from verlies.ui.workspace.model import WorkspaceModel, impact_data, impact_figures

CARDS = [
    ("monster", "monster-goblin"),
    ("monster", "monster-ratte"),
    ("monster", "monster-troll"),
    ("room", "raum-falle-01"),
    ("treasure", "schatz-rubin"),
]


def _deck() -> Deck:
    return Tweak("monster", "monster-goblin", "fight").apply(Deck.default(), 10)


def _through_the_store(deck: Deck, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as a reload reads it: JSON, checked field by field."""
    raw = {"deck": None, "at": 1.0, "data": json.loads(json.dumps(data))}
    return WorkspaceModel._read_result("impact", raw, deck).data


def test_a_run_kept_in_the_middle_continues_to_the_uninterrupted_figures() -> None:
    deck = _deck()
    full = ImpactColumn(workers=1)
    kept: list[dict[str, Any]] = []

    def keep(col: ImpactColumn) -> None:  # the workspace's listener, as the run grows
        if col.kept is not None and col.kept["round"] == 2 and not kept:
            kept.append(with_partial(impact_data(col), col))

    said: list[str] = []  # the words at the start, before any game (main raised there)
    full.start(
        deck, games=1000, players=2, cards=CARDS, on_update=keep,
        on_start=lambda c: said.append(c.progress_text("en")),
    )  # fmt: skip
    assert full.wait(600) and full.status == "done"
    assert said == ["Round 1: 0 of at most 1000 games."]
    assert kept, "no round 2 seen"
    done = with_partial(impact_data(full), full)
    assert "partial" not in done  # a finished ranking keeps no run to go on with
    # a reload: a new column from what the store gave back
    data = _through_the_store(deck, kept[0])
    back = ImpactColumn(workers=1)
    restore_column(back, deck, impact_figures(data), data)
    assert back.phase == "interrupted" and back.can_continue
    state_games = kept[0]["partial"]["state"]["games"]
    en, de = back.progress_text("en"), back.progress_text("de")
    assert en.startswith(f"Interrupted after {back.done} of {back.total} games")
    assert f"end of round 2 ({state_games} games)" in en
    assert de.startswith(f"Unterbrochen nach {back.done} von {back.total} Spielen")
    assert state_games <= back.done < full.done
    assert not back.stale(deck) and back.stale(Deck.default())  # out of date: another draft
    back.resume()
    assert back.wait(600) and back.status == "done" and back.phase == "done"
    assert back.done == full.done
    assert back.figures == full.figures  # bit for bit
    assert back.ranking is not None and full.ranking is not None
    rows = [json.dumps(r.rows(), sort_keys=True) for r in (back.ranking, full.ranking)]
    assert rows[0] == rows[1]
    with pytest.raises(VerliesError, match="no interrupted ranking"):
        back.resume()


def test_a_broken_kept_run_is_refused_with_its_field_and_a_bad_state_when_continued() -> None:
    deck = _deck()
    col = ImpactColumn(workers=1)
    kept: list[dict[str, Any]] = []

    def keep(c: ImpactColumn) -> None:
        if c.kept is not None and not kept:
            kept.append(json.loads(json.dumps(with_partial(impact_data(c), c))))
            c.cancel()

    col.start(deck, games=1000, players=2, cards=CARDS, on_update=keep)
    assert col.wait(600) and col.status == "cancelled" and col.can_continue
    data = kept[0]
    for path, value, where in (
        (("settings", "players"), 9, "partial.settings.players"),
        (("settings", "cards"), "all", "partial.settings.cards"),
        (("state", "version"), 7, "partial.state.version"),
        (("state", "round"), "two", "partial.state.round"),
    ):
        bad = json.loads(json.dumps(data))
        bad["partial"][path[0]][path[1]] = value
        with pytest.raises(WorkspaceError, match=where.replace(".", r"\.")):
            _through_the_store(deck, bad)
        assert kept_partial(data) is not None
    # a state whose sums do not add up reads (its shape is right) but is refused when
    # the run goes on: said as the run's failure, the figures shown stay
    bad = json.loads(json.dumps(data))
    unit = bad["partial"]["state"]["units"][0]
    q = next(iter(unit["pairs"]))
    unit["pairs"][q][3] += 1
    back = ImpactColumn(workers=1)
    back_data = _through_the_store(deck, bad)
    restore_column(back, deck, impact_figures(back_data), back_data)
    figs = dict(back.figures)
    back.resume()
    assert back.wait(600) and back.status == "failed"
    assert "does not add up" in (back.error_text("en") or "")
    assert back.figures == figs

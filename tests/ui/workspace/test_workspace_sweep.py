"""A Deck-tab sweep survives a reload (issue 38 leftovers, item 1): a sweep of one number
and one of two numbers are kept as figures, and the next page of the same browser draws
the same curve, table and heat map from them without playing a game, says which draft
they are of, and marks them out of date exactly when the draft is none of the sweep's
(an edit; not "Make it the draft", which is one of its points). A kept sweep that does
not read is said and left out; the row stays as it was."""

from __future__ import annotations

import json
import math
import uuid
from itertools import count
from typing import Any

import pytest

from verlies import i18n
from verlies.deck import Deck
from verlies.ui.deck.sweep_model import SPREAD
from verlies.ui.page import PlayApp
from verlies.ui.workspace.model import WorkspaceError
from verlies.ui.workspace.sweep_kept import sweep_data, sweep_figures

PURSE = ("treasure", "schatz-muenzbeutel")
DECK_TAB = 2  # play, new game, deck, rules, balance


def _page(client: str, lang: str = "en") -> PlayApp:
    app = PlayApp(autosave=True, lang=lang)
    ticks = count()
    app.workspace.model.clock = lambda: 10.0 * next(ticks)  # each write allowed at once
    app.autosave.client.value = json.dumps({"client": client, "query": "", "tz": 0})
    return app


def _write(app: PlayApp) -> None:
    app.workspace.flush_now()
    assert not app.workspace.model.dirty and app.workspace.model.error is None


def _sweep(app: PlayApp, second: str = "") -> None:
    """A tiny sweep of the purse's gold (and its copies with ``second``) on the page."""
    ed = app.editor
    ed.select(*PURSE)
    panel = ed.sweep
    panel.run.workers = 1
    panel.field.value = "gold"
    if second:
        panel.second.value = second
        panel.low.value, panel.high.value = 1, 2
        panel.low2.value, panel.high2.value = 1, 2
    else:
        panel.low.value, panel.high.value = 1, 3
        panel.quantity.value = "median_rounds"  # shown again after the reload
    panel.games.value = 4
    panel.start()
    assert panel.run.wait(600) and panel.run.error is None, panel.run.error


def _same_points(a: list[Any], b: list[Any]) -> bool:
    def key(p: Any) -> tuple[Any, ...]:
        return tuple("nan" if isinstance(x, float) and math.isnan(x) else x for x in p)

    return [key(dataclass_tuple(p)) for p in a] == [key(dataclass_tuple(p)) for p in b]


def dataclass_tuple(p: Any) -> tuple[Any, ...]:
    return (p.value, p.estimate, p.low, p.high, p.games, p.floor)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_sweep_of_one_number_comes_back_drawn_from_its_figures(lang: str) -> None:
    client = uuid.uuid4().hex
    first = _page(client, lang)
    _sweep(first)
    panel = first.editor.sweep
    assert "sweep" in first.workspace.model.results  # kept when it ended
    quantities = [v for _, v in panel.quantity.options]
    before = {q: panel.run.points(q) for q in quantities}
    table, caption = panel.table.value, panel.caption.value
    dots = list(panel.plot.dots.y)
    swept = panel.run.deck
    assert swept is not None
    _write(first)

    page = _page(client, lang)  # the reload: a new page, the same browser
    back = page.editor.sweep
    assert page.workspace.model.load_error is None
    # drawn once the Deck tab is shown (a figure in a hidden tab has no size)
    assert page.tabs.selected_index != DECK_TAB and back.run.tweak is None
    page.tabs.selected_index = DECK_TAB
    assert back.run.result is None and back.run.status == "done"  # no game played again
    assert back.quantity.value == "median_rounds"  # the curve shown when it ended
    for q in quantities:
        assert _same_points(back.run.points(q), before[q]), q
    # the panel draws what the first page drew: caption (its draft named), table, curve
    assert back.caption.value == caption and back.table.value == table
    assert list(back.plot.dots.y) == dots
    line = page.workspace.line.value
    t = i18n.text
    assert 'data-kind="sweep"' in line and 'data-stale="0"' in line
    assert t("workspace.item.sweep", lang, draft=swept.name, time="")[:-3] in line
    # "Make it the draft" from the kept sweep: still its own, not out of date
    back.pick.value = 3
    assert back.take()
    assert page.editor.draft.cards("treasure")[PURSE[1]].gold == 3
    assert not back.stale() and 'data-kind="sweep" data-stale="0"' in page.workspace.line.value
    # an edit elsewhere: out of date, in the panel and in the workspace's line
    assert page.editor.select("treasure", "schatz-alte-muenze") is None
    assert page.editor.set_count(3)
    assert back.stale() and "vl-sweep-stale" in back.caption.value
    assert 'data-kind="sweep" data-stale="1"' in page.workspace.line.value
    assert t("workspace.stale", lang) in page.workspace.line.value
    assert back.take() is False  # an out-of-date sweep never undoes the newer edit


def test_a_sweep_of_two_numbers_comes_back_as_its_heat_map() -> None:
    client = uuid.uuid4().hex
    first = _page(client)
    _sweep(first, second="count")
    heat = first.editor.sweep.heat.value
    assert heat and first.editor.sweep.table.value == ""
    _write(first)
    page = _page(client)
    page.tabs.selected_index = DECK_TAB
    back = page.editor.sweep
    assert back.heat.value == heat and back.table.value == ""
    assert back.run.tweak == first.editor.sweep.run.tweak


def test_a_hostile_kept_sweep_is_said_and_left_out_and_the_row_stays() -> None:
    client = uuid.uuid4().hex
    first = _page(client)
    _sweep(first)
    _write(first)
    spaces = first.workspace.model.store
    wid = str(first.workspace.model.wid)
    data = spaces.load(wid)
    good = data["results"]["sweep"]["data"]
    # no edit was made: the sweep keeps its own deck (the default one)
    assert data["draft"] is None
    deck = Deck.loads(data["results"]["sweep"]["deck"])
    assert sweep_figures(good, deck).values == [1, 2, 3]
    bad_cases: list[tuple[str, Any]] = [
        ("values", [1, 1]),
        ("values", [10**9]),
        ("values", "1,2,3"),
        ("status", "running"),
        ("quantity", "win:nobody"),
        ("tweak", {"kind": "treasure", "card": "no-such-card", "field": "gold"}),
        ("tweak", {"kind": "character", "card": PURSE[1], "field": "gold", "gives": "x"}),
        ("figures", {"win:nobody": []}),
        ("figures", {SPREAD: [[99, 0.1, 0.0, 0.2, 4, 0.0]]}),
        ("figures", {SPREAD: [[1, "0.1", 0.0, 0.2, 4, 0.0]]}),
        ("figures", {SPREAD: [[1, 0.1, 0.0, 0.2, -4, 0.0]]}),
    ]
    for field, value in bad_cases:
        with pytest.raises(WorkspaceError):
            sweep_figures({**good, field: value}, deck)
    # one of them stored: said on the page, the rest of the work comes back, the row stays
    data["results"]["sweep"]["data"] = {**good, "status": "running"}
    data.pop("updated")
    spaces.save(wid, data, client=client)
    row = spaces.load(wid)
    page = _page(client)
    assert page.workspace.model.restored is not None
    assert [k for k, _ in page.workspace.model.restored.dropped] == ["sweep"]
    assert "vl-workspace-dropped" in page.workspace.line.value
    assert page.editor.sweep.run.tweak is None
    assert spaces.load(wid) == row


def test_sweep_data_round_trips_through_json() -> None:
    client = uuid.uuid4().hex
    page = _page(client)
    _sweep(page)
    run = page.editor.sweep.run
    assert run.deck is not None
    data = json.loads(json.dumps(sweep_data(run), allow_nan=True))
    figs = sweep_figures(data, run.deck)
    assert figs.tweak == run.tweak and figs.values == run.values
    for q, pts in figs.figures.items():
        assert _same_points(pts, run.points(q))

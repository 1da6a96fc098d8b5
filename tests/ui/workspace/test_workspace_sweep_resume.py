"""A sweep under way survives a reload or a dead kernel (issue 38 leftovers, item 1): the
page keeps its finished points as they come; the next page of the same browser shows them
"interrupted after N of M points" with Continue, and Continue plays only the rest, to the
figures of a sweep never interrupted."""

from __future__ import annotations

import html
import json
import uuid
from itertools import count

import pytest

from verlies import i18n
from verlies.deck import Deck
from verlies.sim.sweep import Tweak
from verlies.ui.deck.sweep_model import SweepRun
from verlies.ui.page import PlayApp
from verlies.ui.workspace.sweep_kept import sweep_data

PURSE = ("treasure", "schatz-muenzbeutel")
DECK_TAB = 2  # play, new game, deck, rules, balance
GAMES = 4


def _page(client: str, lang: str) -> PlayApp:
    app = PlayApp(autosave=True, lang=lang)
    ticks = count()
    app.workspace.model.clock = lambda: 10.0 * next(ticks)  # each write allowed at once
    app.autosave.client.value = json.dumps({"client": client, "query": "", "tz": 0})
    return app


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_sweep_under_way_comes_back_interrupted_and_continues(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = uuid.uuid4().hex
    first = _page(client, lang)
    ed = first.editor
    ed.select(*PURSE)
    panel = ed.sweep
    panel.run.workers = 1
    # as on a kernel's loop that is never late: each update drawn as it comes (a test
    # has no loop: the news would wait for the run's end), and the throttle's clock off
    monkeypatch.setattr(panel._hand, "call", lambda fn: fn())
    monkeypatch.setattr(panel, "_due", lambda force=False: True)
    panel.field.value = "gold"
    panel.low.value, panel.high.value, panel.games.value = 1, 3, GAMES

    def die() -> None:
        """The kernel dies after the first point's games: what was written stays."""
        model = first.workspace.model
        if panel.run.complete() and model.enabled:
            first.workspace.flush_now()  # (or the page's own timer wrote it just now)
            assert not model.dirty and model.error is None and "sweep" in model.kept
            model.enabled = False  # nothing is written after this
            panel.run.cancel()

    panel.update_listeners.append(die)
    panel.start()
    assert panel.run.wait(600)
    assert not first.workspace.model.enabled, "no point finished before the end"

    page = _page(client, lang)  # the reload: a new page, the same browser
    assert page.workspace.model.load_error is None
    page.tabs.selected_index = DECK_TAB
    back = page.editor.sweep
    run = back.run
    assert run.interrupted and run.result is None and not run.running
    kept = run.complete()
    assert 1 <= len(kept) < 3
    said = i18n.text("sweep.interrupted", lang, n=len(kept), m=3)
    assert said in html.unescape(str(back.status.value))
    assert back.resume_box.layout.display is None
    assert back.resume_button.layout.display is None and not back.resume_button.disabled
    assert back.resume_button.description == i18n.text("sweep.resume", lang)
    # the kept points are drawn: one row each in the table
    assert back.table.value.count("<tr") == 1 + len(kept)

    back.resume_button.click()
    assert run.wait(600) and run.error is None, run.error
    back._done(run)
    assert run.result is not None
    assert run.result.values == [v for v in (1, 2, 3) if v not in kept]  # only the rest
    assert back.resume_box.layout.display == "none"
    assert back.table.value.count("<tr") == 1 + 3
    # kept as a done sweep, the same figures as one never interrupted
    data = page.workspace.model.results["sweep"].data
    assert data["status"] == "done" and data["complete"] == [1, 2, 3]
    fresh = SweepRun(workers=1)
    fresh.start(Deck.default(), Tweak(*PURSE, "gold"), 1, 3, games=GAMES)
    assert fresh.wait(600)
    figures = json.dumps(sweep_data(fresh)["figures"], sort_keys=True)
    assert json.dumps(data["figures"], sort_keys=True) == figures

"""The page's one threading rule (issue 39): a widget is changed only on the thread that owns
the page (the kernel's event loop); a background run's worker thread hands its news over
(:mod:`verlies.ui.runs.handover`).

The check wraps ipywidgets' trait notification (``Widget.notify_change``, which every
change of a widget's value, layout or style goes through) and records each change made on
a thread other than the main one. Each run panel of the page then plays a small run
(games counted, not seconds) and must leave that record empty.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import ipywidgets
import pytest

from verlies.deck import Deck
from verlies.ui.runs.handover import Handover, drain
from verlies.ui.runs.run_model import BackgroundRun

HANG = 600.0  # seconds: only a hang gets near it


@pytest.fixture
def off_thread(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Widget changes made off the main thread: ``Class.trait in thread-name``."""
    seen: list[str] = []
    original = ipywidgets.Widget.notify_change

    def notify(self: Any, change: Any) -> Any:
        thread = threading.current_thread()
        if thread is not threading.main_thread():
            seen.append(f"{type(self).__name__}.{change['name']} in {thread.name}")
        return original(self, change)

    monkeypatch.setattr(ipywidgets.Widget, "notify_change", notify)
    yield seen


def test_the_check_sees_a_widget_changed_from_another_thread(off_thread: list[str]) -> None:
    w = ipywidgets.HTML()
    worker = threading.Thread(target=lambda: setattr(w, "value", "x"), name="worker")
    worker.start()
    worker.join()
    w.value = "y"  # on the main thread: allowed
    assert off_thread == ["HTML.value in worker"]


def test_a_handed_over_call_runs_on_the_owners_thread_in_order() -> None:
    hand = Handover()
    ran: list[tuple[int, str]] = []
    f = hand.wrap(lambda x: ran.append((threading.get_ident(), x)))
    f("now")  # the owner's own call runs at once
    threads = [threading.Thread(target=f, args=(x,)) for x in ("a", "b")]
    for t in threads:
        t.start()
        t.join()
    assert ran == [(threading.get_ident(), "now")]  # the others wait for the owner
    assert drain() == 2 and drain() == 0
    assert ran[1:] == [(threading.get_ident(), "a"), (threading.get_ident(), "b")]


def test_news_of_a_run_started_again_is_dropped() -> None:
    hand = Handover()
    run = BackgroundRun()
    run.generation = 1
    shown: list[int] = []
    f = hand.wrap(lambda r: shown.append(r.generation))
    worker = threading.Thread(target=f, args=(run,))
    worker.start()
    worker.join()
    run.generation = 2  # started again before the loop came to the news
    f(run)
    assert drain() == 1 and shown == [2]  # the stale call came, and drew nothing


def test_with_a_running_loop_the_call_goes_to_that_loop() -> None:
    async def main() -> list[int]:
        hand = Handover()  # made on the loop, as a view is in the kernel
        got: list[int] = []
        done = asyncio.Event()

        def record(x: int) -> None:
            got.append(threading.get_ident())
            done.set()

        worker = threading.Thread(target=hand.wrap(record), args=(1,))
        worker.start()
        await asyncio.wait_for(done.wait(), HANG)
        worker.join()
        return got

    assert asyncio.run(main()) == [threading.get_ident()]
    assert drain() == 0  # nothing was queued for a later drain


def _balance(lang: str = "en") -> Any:
    from verlies.ui.balance.balance_view import BalanceTab

    deck = Deck.default()
    return BalanceTab(lambda: deck, lambda: deck, lang, workers=1)


def test_the_balance_run_draws_on_the_main_thread(off_thread: list[str]) -> None:
    tab = _balance()
    tab.games.value = 8
    tab.start()
    assert tab.run.wait(HANG) and tab.run.status == "done"
    run = tab.run
    assert f"{run.done} of {run.total} games" in tab.bar.text.value  # the view drew the end
    assert off_thread == []


def test_the_skill_run_draws_on_the_main_thread(off_thread: list[str]) -> None:
    from verlies.ui.balance.skill_view import SkillPanel

    panel = SkillPanel(lambda: Deck.default(), lang="en")
    panel.tables.value = "quick"
    panel.games.value = 32
    panel.start()
    assert panel.run.wait(HANG) and panel.run.status == "done"
    assert panel.result.value  # the view drew the report
    assert off_thread == []


def test_the_impact_and_sweep_runs_draw_on_the_main_thread(off_thread: list[str]) -> None:
    """The editor's list follows the impact run without a lock: it is redrawn on the main
    thread only."""
    from verlies.ui.deck.editor_view import DeckEditor

    ed = DeckEditor(Deck.default(), lang="en")
    ed.impact.column.workers = 1
    ed.search.value = "muenz"
    before = [label for label, _ in ed.card_list.options]
    ed.impact.scope.value = "listed"
    ed.impact.method.value = "sensitivity"
    ed.impact.games.value = 8
    ed.impact.players.value = 2
    ed.impact.start()
    assert ed.impact.column.wait(HANG) and ed.impact.column.error is None
    assert [label for label, _ in ed.card_list.options] != before  # figures beside the cards
    sweep = ed.sweep
    sweep.run.workers = 1
    ed.select("treasure", "schatz-muenzbeutel")
    sweep.low.value, sweep.high.value, sweep.games.value = 1, 2, 4
    sweep.start()
    assert sweep.run.wait(HANG) and sweep.run.error is None
    assert off_thread == []
    assert not hasattr(ed, "_list_lock")  # one rule, no lock needed


def test_the_drafts_comparison_draws_on_the_main_thread(off_thread: list[str]) -> None:
    from verlies.store import PlaytestStore
    from verlies.store.drafts import DraftStore
    from verlies.ui.deck.editor_view import DeckEditor

    drafts = DraftStore(PlaytestStore("sqlite://"))
    ed = DeckEditor(Deck.default(), lang="en", drafts=lambda: (drafts, "b1"))
    panel = ed.drafts
    panel.model.run.workers = 1
    refs = [r for _, r in panel.a.options]
    panel.a.value, panel.b.value, panel.games.value = refs[0], refs[-1], 8
    panel.compare()
    assert panel.model.run.wait(HANG) and panel.model.run.status == "done"
    assert panel.verdict.value.startswith("<p>")  # the view drew the answer
    assert off_thread == []
    panel.model.close()

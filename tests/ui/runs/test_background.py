"""The page's background runs (issue 20): one home, :mod:`verlies.ui.runs.run_model`.

Without widgets: start, progress, cancel, done and failure of a run; a second start while
one runs; the one ``running`` rule (already False in ``on_done``); a failure of the work
reaching the view as located words, never as a thread's traceback. Then the five runs of
the Balance and Deck tabs, each on a few real games, keep that rule.

Every wait here follows an event the run sets; the timeouts only end a hang.
"""

from __future__ import annotations

import inspect
import logging
import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from verlies.errors import VerliesError
from verlies.ui.runs.run_model import BackgroundRun, RunBusy, RunFailure, WorkerPool, located

HANG = 120.0  # seconds: only a hang gets near it


class Steps(BackgroundRun):
    """A run whose work plays ``total`` steps, each when the test lets it (``go``)."""

    what = "balance"

    def __init__(self) -> None:
        super().__init__()
        self.go = threading.Semaphore(0)
        self.stepped = threading.Semaphore(0)
        self.result: list[int] | None = None

    def start(
        self,
        total: int,
        *,
        fail: Callable[[], object] | None = None,
        on_update: Callable[[Steps], None] | None = None,
        on_done: Callable[[Steps], None] | None = None,
        on_start: Callable[[Steps], None] | None = None,
    ) -> None:
        if total < 1:
            raise VerliesError("at least one step")  # before anything changes
        cancel = self._begin(total)
        self.result = None

        def work() -> None:
            got = []
            for i in range(total):
                assert self.go.acquire(timeout=HANG)
                if cancel.is_set():
                    break
                if fail is not None and i == 1:
                    fail()
                got.append(i)
                self._progress(i + 1, total)
                if on_update is not None:
                    on_update(self)
                self.stepped.release()
            self.result = got

        self._launch(work, on_done, on_start)

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            self.go.release()
            assert self.stepped.acquire(timeout=HANG)


@pytest.fixture
def no_thread_traceback(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Every exception that escapes a thread (its traceback on the server's console)."""
    escaped: list[Any] = []
    monkeypatch.setattr(threading, "excepthook", escaped.append)
    yield escaped
    assert escaped == []


def test_start_progress_done(no_thread_traceback: list[Any]) -> None:
    run = Steps()
    assert (run.status, run.running, run.done, run.total) == ("idle", False, 0, 0)
    seen: list[tuple[int, int, bool]] = []
    ended: list[tuple[str, bool, list[int] | None]] = []
    run.start(
        3,
        on_update=lambda r: seen.append((r.done, r.total, r.running)),
        on_done=lambda r: ended.append((r.status, r.running, r.result)),
    )
    assert run.running and run.status == "running" and (run.done, run.total) == (0, 3)
    run.step(2)
    assert seen == [(1, 3, True), (2, 3, True)] and run.running and run.done == 2
    run.step()
    assert run.wait(HANG)
    assert ended == [("done", False, [0, 1, 2])]
    assert (run.status, run.cancelled, run.error, run.error_text("de")) == (
        "done",
        False,
        None,
        None,
    )
    assert run.seconds >= 0 and run.seconds == run.seconds  # kept once over, not ticking


def test_cancel_ends_as_cancelled_with_the_part_played() -> None:
    run = Steps()
    ended: list[tuple[str, bool]] = []
    run.start(5, on_done=lambda r: ended.append((r.status, r.running)))
    run.step(2)
    run.cancel()
    assert run.cancel_requested
    run.go.release()  # the next step sees the cancel
    assert run.wait(HANG)
    assert ended == [("cancelled", False)] and run.cancelled and run.result == [0, 1]
    assert run.done == 2 and run.total == 5 and run.error is None


def test_a_start_while_running_is_refused_and_the_run_goes_on() -> None:
    run = Steps()
    run.start(2)
    run.step()
    with pytest.raises(RunBusy, match="going on; cancel it first"):
        run.start(2)
    assert run.running and run.done == 1  # the refusal reset nothing
    run.step()
    assert run.wait(HANG) and run.status == "done" and run.result == [0, 1]


def test_bad_settings_refuse_before_anything_changes() -> None:
    run = Steps()
    run.start(1)
    run.step()
    assert run.wait(HANG) and run.result == [0]
    with pytest.raises(VerliesError, match="at least one step"):
        run.start(0)
    assert run.status == "done" and run.result == [0] and run.done == 1  # the last result stays


def test_running_is_false_in_on_done_so_start_works_there() -> None:
    """A view re-enables Start in on_done: ``running`` must be False by then, and a
    start from on_done itself (a view that chains runs) starts the next run."""
    run = Steps()
    order: list[str] = []
    restarted = threading.Event()

    def first_done(r: Steps) -> None:
        order.append(f"done1 running={r.running}")
        r.start(1, on_done=lambda r2: order.append(f"done2 running={r2.running}"))
        order.append(f"restarted running={r.running}")  # its work waits for its step
        restarted.set()

    run.start(1, on_done=first_done)
    run.step()
    assert restarted.wait(HANG)
    run.step()
    assert run.wait(HANG)
    assert order == ["done1 running=False", "restarted running=True", "done2 running=False"]


def test_a_start_during_on_done_waits_for_it_to_return() -> None:
    """The kernel's thread clicks Start while the last run's on_done still draws: the new
    run begins after that on_done, so two runs' callbacks never interleave."""
    run = Steps()
    in_done, release = threading.Event(), threading.Event()
    order: list[str] = []

    def slow_done(r: Steps) -> None:
        in_done.set()
        assert release.wait(HANG)
        order.append(f"done1 result={r.result}")

    run.start(1, on_done=slow_done)
    run.step()
    assert in_done.wait(HANG)
    assert not run.running  # the rule: over before on_done
    starter = threading.Thread(target=lambda: run.start(1, on_done=lambda r: order.append("2")))
    starter.start()
    starter.join(0.2)  # not a timing assertion: the start is blocked on on_done either way
    assert starter.is_alive()  # blocked on the first run's on_done
    assert order == [] and run.result == [0]  # the first run's result is still there
    release.set()
    starter.join(HANG)
    assert not starter.is_alive() and order == ["done1 result=[0]"]
    run.step()
    assert run.wait(HANG) and order == ["done1 result=[0]", "2"]


def test_on_start_comes_first_in_the_callers_thread() -> None:
    """A view shows "running" in on_start: before the work, so a run that ends at once
    cannot have its on_done overwritten by the view's "running"."""
    run = Steps()
    order: list[str] = []
    caller = threading.current_thread()
    run.start(
        1,
        on_start=lambda r: order.append(
            f"start running={r.running} here={threading.current_thread() is caller}"
        ),
        on_done=lambda r: order.append(f"done {r.status}"),
    )
    assert order == ["start running=True here=True"]
    run.step()
    assert run.wait(HANG) and order == ["start running=True here=True", "done done"]

    def refuse(_r: Steps) -> None:
        raise VerliesError("the view cannot show it")

    with pytest.raises(VerliesError, match="cannot show"):
        run.start(1, on_start=refuse)
    assert not run.running and run.status == "idle"  # nothing began
    run.start(1)
    run.step()
    assert run.wait(HANG) and run.status == "done"


def test_a_verlies_error_reaches_the_view_in_its_words(
    no_thread_traceback: list[Any],
) -> None:
    from verlies.game import Game

    run = Steps()
    ended: list[tuple[str, bool, str | None]] = []
    run.start(
        3,
        fail=lambda: Game.new(players=9),
        on_done=lambda r: ended.append((r.status, r.running, r.error_text("de"))),
    )
    run.step()
    run.go.release()
    assert run.wait(HANG)
    de = "R2.2: die Regeln erlauben 1 bis 4 Spieler, nicht 9"
    assert ended == [("failed", False, de)]
    assert run.error == run.error_text("en") == "R2.2: 1 to 4 players are the rules, not 9"
    assert run.result is None and run.done == 1  # what had been played before it


def test_an_unexpected_failure_is_located_words_not_a_traceback(
    no_thread_traceback: list[Any], caplog: pytest.LogCaptureFixture
) -> None:
    """A bug in verlies (here: a share that is None) is shown as the run, the exception and
    the file and line in verlies where it was raised, in the page's language."""
    from verlies.ui.balance.skill_model import pct_text

    lines, first = inspect.getsourcelines(pct_text)
    line = first + next(i for i, t in enumerate(lines) if "math.isnan(x)" in t)
    run = Steps()
    caplog.set_level(logging.WARNING)
    run.start(3, fail=lambda: pct_text(None, "en"))  # type: ignore[arg-type]
    run.step()
    run.go.release()
    assert run.wait(HANG) and run.status == "failed"
    failure = run.failure
    assert isinstance(failure, RunFailure)
    assert (failure.what, failure.kind, failure.file, failure.line) == (
        "balance",
        "TypeError",
        "verlies/ui/balance/skill_model.py",
        line,
    )
    en, de = run.error_text("en"), run.error_text("de")
    assert en == run.error
    assert en is not None and de is not None
    assert en.startswith("Stopped with an error (A/B run): TypeError: ")
    assert en.endswith(f"(in verlies/ui/balance/skill_model.py, line {line})")
    assert de.startswith("Mit einem Fehler abgebrochen (A/B-Lauf): TypeError: ")
    assert de.endswith(f"(in verlies/ui/balance/skill_model.py, Zeile {line})")
    assert "Traceback" not in caplog.text  # nothing on the console at warning level


def test_a_failing_on_done_is_logged_and_the_run_is_over(
    no_thread_traceback: list[Any], caplog: pytest.LogCaptureFixture
) -> None:
    run = Steps()

    def broken(_r: Steps) -> None:
        raise RuntimeError("the view's own bug")

    run.start(1, on_done=broken)
    run.step()
    assert run.wait(HANG) and not run.running and run.status == "done"
    assert "on_done of the balance run failed" in caplog.text
    run.start(1)  # the next run starts
    run.step()
    assert run.wait(HANG) and run.status == "done"


def test_located_without_a_verlies_frame_names_the_innermost() -> None:
    def boom() -> None:
        raise KeyError("x")

    try:
        boom()
    except KeyError as e:
        f = located("sweep", e)
    assert f.file.endswith("test_background.py") and f.line > 0 and f.kind == "KeyError"
    assert f.text("en").startswith("Stopped with an error (sweep a number): KeyError: 'x'")
    assert located("skill", ValueError("v")).file == ""  # never raised: no place
    assert located("skill", ValueError("v")).text("de") == (
        "Mit einem Fehler abgebrochen (Balance über Spielstärken): ValueError: v"
    )


def test_worker_pool_is_made_once_and_closed() -> None:
    assert WorkerPool(1)() is None  # one worker: play in the run's thread
    pool = WorkerPool(2)
    assert not pool.started
    ex = pool()
    assert ex is not None and pool() is ex and pool.started
    assert ex.submit(int, "7").result(timeout=HANG) == 7
    pool.close()
    assert not pool.started
    assert pool() is not ex  # a new one on the next use
    assert pool.engine == "pure"  # the suite runs without the compiled build
    pool.close()


def test_the_pages_workers_run_the_compiled_build_where_there_is_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the current source's build there (``verlies build-engine``), the page's runs
    play on it as the command line's do: each worker answers with the build's engine."""
    from compiled_build import compiled_workers

    from verlies.sim import compiled_cache

    with compiled_workers(monkeypatch) as found:
        pool = WorkerPool(2)
        try:
            ex = pool()
            assert ex is not None and pool.engine == "compiled"
            ran = {ex.submit(eval, compiled_cache.ENGINE_FILE, {}).result(timeout=HANG)}
            assert ran == {found.files["verlies.rules"]}
        finally:
            pool.close()


# ---- the five runs of the Balance and Deck tabs --------------------------------------------


def _balance(done: Callable[[Any], None]) -> BackgroundRun:
    from verlies.deck import Deck
    from verlies.ui.balance.balance_model import BalanceRun

    run = BalanceRun(workers=1)
    run.start(Deck.default(), Deck.default(), games=8, players=2, on_done=done)
    return run


def _skill(done: Callable[[Any], None]) -> BackgroundRun:
    from verlies.deck import Deck
    from verlies.ui.balance.skill_model import SkillRun

    run = SkillRun()
    run.start(Deck.default(), games=8, players=2, tables="nonsense", on_done=done)
    return run


def _suggest(done: Callable[[Any], None]) -> BackgroundRun:
    from verlies.deck import Deck
    from verlies.ui.balance.suggest_model import SuggestRun

    run = SuggestRun()
    run.games, run.trials, run.verify_games, run.players = 8, 1, 8, 2
    run.start(Deck.default(), on_done=done)
    return run


def _impact(done: Callable[[Any], None]) -> BackgroundRun:
    from verlies.deck import Deck
    from verlies.ui.deck.impact_model import ImpactColumn

    run = ImpactColumn(workers=1)
    deck = Deck.default()
    run.start(deck, games=2, players=2, cards=[("monster", sorted(deck.monsters)[0])], on_done=done)
    return run


def _sweep(done: Callable[[Any], None]) -> BackgroundRun:
    from verlies.deck import Deck
    from verlies.sim.sweep import Tweak
    from verlies.ui.deck.sweep_model import SweepRun

    run = SweepRun(workers=1)
    deck = Deck.default()
    monster = sorted(deck.monsters)[0]
    tweak = Tweak("monster", monster, "fight")
    now = tweak.value_in(deck)
    run.start(deck, tweak, now, now + 1, games=2, players=2, on_done=done)
    return run


@pytest.mark.parametrize("make", [_balance, _skill, _suggest, _impact, _sweep])
def test_each_run_keeps_the_rule(
    make: Callable[[Callable[[Any], None]], BackgroundRun], no_thread_traceback: list[Any]
) -> None:
    """Each run is over (``running`` False, its status set) when its on_done is called,
    and a failure ends in words."""
    ended: list[tuple[bool, str]] = []
    run = make(lambda r: ended.append((r.running, r.status)))
    assert isinstance(run, BackgroundRun)
    assert run.wait(600)
    assert len(ended) == 1 and ended[0][0] is False
    assert ended[0][1] == run.status and run.status in ("done", "failed")
    if run.status == "failed":  # e.g. the skill run's bad choice of tables: words
        assert run.error is not None and run.error_text("en") == run.error
        assert "Traceback" not in run.error
    if make is _skill:
        assert run.status == "failed" and run.error is not None and "nonsense" in run.error
    if make in (_balance, _impact, _sweep):
        assert run.status == "done" and run.done == run.total > 0


def test_the_runs_have_no_thread_or_pool_of_their_own() -> None:
    """One home: no run module starts a thread or a process pool itself any more."""
    ui = Path(__file__).resolve().parents[3] / "verlies" / "ui"
    for name in (
        "balance/balance_model",
        "balance/skill_model",
        "balance/suggest_model",
        "deck/impact_model",
        "deck/sweep_model",
    ):
        text = (ui / f"{name}.py").read_text(encoding="utf-8")
        assert not re.search(r"threading\.Thread\(|ProcessPoolExecutor\(|\.is_alive\(", text), name

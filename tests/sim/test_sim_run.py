"""verlies.sim runs: the same seed gives the same results on any executor; cancelling."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.sim import (
    RunSpec,
    SimulationError,
    Task,
    characters_for,
    game_seed,
    run_tasks,
    simulate,
)

DECK = Deck.default()
SETTINGS: dict[str, Any] = {"players": 3, "seed": 7, "characters": "all", "deck": DECK}


@pytest.fixture(scope="module")
def reference():  # type: ignore[no-untyped-def]
    return simulate(10, workers=1, keep_records=True, **SETTINGS)


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def test_records_are_the_games_of_their_seeds(reference) -> None:  # type: ignore[no-untyped-def]
    recs = reference.records
    assert [r.index for r in recs] == list(range(10))
    assert [r.seed for r in recs] == [game_seed(7, i) for i in range(10)]
    for r in recs:
        assert sorted(r.escaped + r.left_behind) == [0, 1, 2]
        assert set(r.winners) <= set(r.escaped)
        assert r.steps >= r.decisions > 0 and r.turns >= r.rounds >= 1
    assert reference.metrics.games == 10


def test_same_results_with_two_worker_processes(reference) -> None:  # type: ignore[no-untyped-def]
    two = simulate(10, workers=2, keep_records=True, batch=3, **SETTINGS)
    assert two.info.backend == "processes" and two.info.workers == 2
    assert two.records == reference.records
    assert two.metrics == reference.metrics
    assert two.to_dict()["characters"] == reference.to_dict()["characters"]


def test_same_results_on_any_executor(reference) -> None:  # type: ignore[no-untyped-def]
    with ThreadPoolExecutor(3) as pool:
        other = simulate(10, executor=pool, keep_records=True, batch=1, **SETTINGS)
    assert other.info.backend == "executor"
    assert other.records == reference.records and other.metrics == reference.metrics


def test_same_results_on_a_dask_local_cluster(reference, dask_client) -> None:  # type: ignore[no-untyped-def]
    on_dask = simulate(10, executor=dask_client, keep_records=True, batch=2, **SETTINGS)
    assert on_dask.info.backend == "dask" and on_dask.info.workers == 2
    assert on_dask.records == reference.records
    assert on_dask.metrics == reference.metrics


def test_all_characters_play_every_seat_equally_often() -> None:
    spec = RunSpec.build(players=4, characters="all", deck=DECK, seed=3)
    chars = list(DECK.characters)
    counts = {(c, s): 0 for c in chars for s in range(4)}
    for i in range(3 * len(chars)):
        game = characters_for(spec, i)
        assert len(set(game)) == 4
        for s, c in enumerate(game):
            counts[(c, s)] += 1
    assert set(counts.values()) == {3}
    # The blocks are shuffled: not always the same neighbours.
    firsts = {characters_for(spec, b * len(chars))[:2] for b in range(6)}
    assert len(firsts) > 1


def test_random_characters_depend_on_the_game_seed_only() -> None:
    spec = RunSpec.build(players=2, characters="random", deck=DECK, seed=1)
    drawn = [characters_for(spec, i) for i in range(20)]
    assert drawn == [characters_for(spec, i) for i in range(20)]
    assert len(set(drawn)) > 5 and all(len(set(d)) == 2 for d in drawn)


def test_cancel_stops_between_batches() -> None:
    cancel = threading.Event()
    seen: list[int] = []

    def stop_after_two(res: Any) -> None:
        seen.append(res.games)
        if len(seen) == 2:
            cancel.set()

    res = simulate(
        40, players=2, deck=DECK, workers=1, batch=2, cancel=cancel, on_update=stop_after_two
    )
    assert res.cancelled and res.games == 4 and seen == [2, 4]
    assert res.summary()["cancelled"] is True


def test_cancel_cancels_pending_process_tasks() -> None:
    cancel = threading.Event()
    cancel.set()
    spec = RunSpec.build(players=2, deck=DECK)
    tasks = (Task((0,), i, i + 1) for i in range(1000))
    got = list(run_tasks([spec], tasks, workers=2, cancel=cancel))
    # The first finished task is handed out, then the run stops: the rest never run.
    assert 1 <= len(got) <= 4


def test_an_endless_task_stream_can_be_closed() -> None:
    spec = RunSpec.build(players=2, deck=DECK)

    def endless() -> Iterator[Task]:
        i = 0
        while True:
            yield Task((0,), i, i + 1)
            i += 1

    runs = run_tasks([spec], endless(), workers=1)
    first = [next(runs) for _ in range(3)]
    runs.close()
    assert [t.start for t, _ in first] == [0, 1, 2]


def test_progress_callback_and_bars(capsys: pytest.CaptureFixture[str]) -> None:
    calls: list[tuple[int, int]] = []
    simulate(
        4, players=2, deck=DECK, workers=1, batch=2, progress=lambda d, t: calls.append((d, t))
    )
    assert calls == [(2, 4), (4, 4)]
    simulate(2, players=2, deck=DECK, workers=1, progress="text")
    assert "2/2" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"bots": "nobody"}, "unknown bot"),
        ({"players": 5}, "R2.2"),
        ({"characters": ["char-zwerg", "char-zwerg"], "players": 2}, "R2.1"),
        ({"variants": ["nope"]}, "unknown variants"),
        ({"workers": 0}, "workers"),
        ({"games": -1}, "number of games"),
        ({"progress": "loud"}, "progress"),
    ],
)
def test_bad_settings_are_clear_errors(kwargs: dict[str, Any], match: str) -> None:
    args: dict[str, Any] = {"games": 1, "players": 2, "deck": DECK, **kwargs}
    with pytest.raises(VerliesError, match=match):
        simulate(**args)


def test_callables_are_not_run_bots() -> None:
    with pytest.raises(SimulationError, match="preset names"):
        simulate(1, players=2, deck=DECK, bots=[lambda v: v.legal_actions()[0]] * 2)


def test_a_setup_is_the_runs_input() -> None:
    from verlies.setup import Setup

    setup = Setup(
        players=3, seed=7, deck=DECK, characters=("char-elfe", "char-zwerg", "char-diebin")
    )
    via_setup = simulate(4, setup=setup, workers=1, keep_records=True)
    via_args = simulate(
        4,
        players=3,
        seed=7,
        deck=DECK,
        characters="char-elfe,char-zwerg,char-diebin",
        workers=1,
        keep_records=True,
    )
    assert via_setup.records == via_args.records
    assert via_setup.records is not None
    assert all(r.characters == setup.characters for r in via_setup.records)
    assert via_setup.spec.setup_of(2).seed == game_seed(7, 2)


def test_at_most_two_tasks_per_worker_are_in_flight() -> None:
    """Memory stays flat: a long run never has more than 2 x workers tasks submitted."""
    import threading as th

    class Counting(ThreadPoolExecutor):
        def __init__(self) -> None:
            super().__init__(max_workers=2)
            self.lock = th.Lock()
            self.open = 0
            self.most = 0

        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def, override]
            with self.lock:
                self.open += 1
                self.most = max(self.most, self.open)

            # Counted down inside the task, before its result is set: a done-callback would
            # run after the waiting runner wakes (and may already submit the next task).
            def task() -> Any:
                try:
                    return fn(*args, **kwargs)
                finally:
                    with self.lock:
                        self.open -= 1

            return super().submit(task)

    with Counting() as pool:
        res = simulate(12, players=2, deck=DECK, executor=pool, batch=1)
    assert res.games == 12 and res.records is None  # no records kept unless asked
    assert 1 <= pool.most <= 4


def test_the_command_line_on_a_dask_scheduler(
    dask_client: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from verlies.cli import main

    argv = ["simulate", "-n", "6", "-p", "3", "--seed", "7", "--characters", "all", "--json"]
    assert main([*argv, "--scheduler", dask_client.scheduler.address, "--no-progress"]) == 0
    on_dask = json.loads(capsys.readouterr().out)
    assert main([*argv, "--workers", "1", "--no-progress"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert on_dask["summary"]["backend"] == "dask" and local["summary"]["backend"] != "dask"
    assert on_dask["characters"] == local["characters"] and on_dask["seats"] == local["seats"]


def test_the_local_pool_is_kept_between_runs() -> None:
    """Local worker processes start once: the next run (the page's next estimate) reuses
    them and gives the same results."""
    from verlies.sim.run import local_pool

    first = simulate(6, workers=2, batch=1, **SETTINGS)
    pool = local_pool(2)
    second = simulate(6, workers=2, batch=1, **SETTINGS)
    assert local_pool(2) is pool
    assert first.metrics == second.metrics
    assert second.info.backend == "processes" and second.info.tasks == 6

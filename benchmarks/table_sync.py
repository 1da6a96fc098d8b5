"""How long a step taken at one seat of a shared table takes to appear at another (issue 23),
through SQLite and through a real PostgreSQL server, in one run.

Two processes on one store, as two kernels: the "player" process takes a step whenever it
is its seat's turn (each step's commit time is in the store); the "watcher" process
notes when it has caught up with each step. On SQLite the watcher polls every ``--poll``
seconds (``SeatModel.poll``: one count query when nothing changed); on PostgreSQL it is
woken by LISTEN/NOTIFY (``TableWatch.wait``, the same ``--poll`` as its longest sleep)
and its polls ask nothing. The delay is watcher-sees minus step-committed, per step;
printed as p50/p95/max per backend, beside the baselines of the same run: the cost of one
idle poll (what a waiting visitor costs), the queries it sends, and a kernel reopening
the table. The PostgreSQL server is a throwaway one (``tests/helpers/pg_server.py``, Debian's
``postgresql`` package); ``--no-postgres`` measures SQLite only.

    .venv/bin/python benchmarks/table_sync.py [--steps 60] [--poll 0.25] [--no-postgres]
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from verlies.setup import Setup
from verlies.store import PlaytestStore
from verlies.store.tables import TableStore, table_steps
from verlies.ui.table.table_model import SeatModel


def _player(url: str, table_id: str, tokens: list[str], steps: int, pause: float) -> None:
    """Every person's seat, played from one process (random legal decisions, seeded)."""
    store = TableStore(PlaytestStore(url))
    seats = [SeatModel(store, table_id, t) for t in tokens]
    rng = random.Random(3)
    taken = 0
    while taken < steps and not seats[0].game.is_over:
        for me in seats:
            me.poll()
            if me.my_turn():
                acts = list(me.game.legal_actions())
                me.act(acts[rng.randrange(len(acts))], "en")
                taken += 1
                time.sleep(pause)  # a person's pace, not a burst


def _watch(url: str, table_id: str, token: str, poll: float, stop: object, out: object) -> None:
    store = TableStore(PlaytestStore(url))
    me = SeatModel(store, table_id, token)
    seen: dict[int, float] = {}
    while not stop.is_set():  # type: ignore[attr-defined]
        if me.poll():
            now = time.time()
            for n in range(len(seen), me.game.step_count):
                seen.setdefault(n, now)
        if me.watch is not None:
            me.watch.wait(poll)  # woken by the database's notice
        else:
            time.sleep(poll)
    me.close()
    out.put(seen)  # type: ignore[attr-defined]


def measure(name: str, url: str, args: argparse.Namespace) -> None:
    store = TableStore(PlaytestStore(url))
    # Three people (all played by the player process) and a bot; the watcher is a
    # spectator, whose poll costs what a waiting seat's does.
    links = store.create(Setup(players=4, seed=7), ["human", "human", "human", "careful"])
    tokens = [t for t in links.seats if t is not None]
    ctx = mp.get_context("spawn")
    stop, out = ctx.Event(), ctx.Queue()
    watcher = ctx.Process(
        target=_watch, args=(url, links.table_id, links.spectator, args.poll, stop, out)
    )
    player = ctx.Process(target=_player, args=(url, links.table_id, tokens, args.steps, args.pause))
    watcher.start()
    time.sleep(3.0)  # the watcher's imports, before the first step
    player.start()
    player.join()
    time.sleep(args.poll * 4 + 0.5)  # the watcher catches up with the last step
    stop.set()
    seen: dict[int, float] = out.get(timeout=60)
    watcher.join(10)
    with store.engine.connect() as conn:
        rows = conn.execute(
            table_steps.select().where(table_steps.c.table_id == links.table_id)
        ).all()
    total = len(rows)
    # The person's steps only: a bot's or a roll's step the watcher may write itself.
    committed = {r.step_no: r.at for r in rows if r.actor == "human"}
    delays = sorted(seen[n] - committed[n] for n in committed if n in seen)
    # Baseline, same run: an idle poll (and the queries it sends), a count query as
    # SQLite's poll sends it, and a kernel reopening the table from the store.
    me = SeatModel(store, links.table_id, links.spectator)
    sent: list[str] = []

    def note(*_a: Any) -> None:
        sent.append("q")

    sa.event.listen(store.engine, "before_cursor_execute", note)
    t0 = time.perf_counter()
    for _ in range(200):
        me.poll()
    idle = (time.perf_counter() - t0) / 200
    queries = len(sent) / 200
    t0 = time.perf_counter()
    for _ in range(200):
        store.latest(links.table_id)
    count = (time.perf_counter() - t0) / 200
    t0 = time.perf_counter()
    store.load(links.table_id)
    reopen = time.perf_counter() - t0
    me.close()
    store.close()
    print(f"--- {name}")
    q = statistics.quantiles(delays, n=20) if len(delays) >= 20 else []
    print(f"steps on the table: {total}; the person's steps seen by the watcher: {len(delays)}")
    if delays:
        p50 = statistics.median(delays)
        p95 = q[18] if q else max(delays)
        how = "woken by NOTIFY" if name == "postgresql" else f"poll every {args.poll * 1000:.0f} ms"
        print(
            f"sync delay, {how}: p50 {p50 * 1000:.1f} ms, "
            f"p95 {p95 * 1000:.1f} ms, max {max(delays) * 1000:.1f} ms"
        )
    print(
        f"idle poll: {idle * 1e6:.0f} us, {queries:.2f} queries "
        f"(= {idle / args.poll * 100:.3f} % of one core per waiting visitor at "
        f"{args.poll * 1000:.0f} ms)"
    )
    print(f"one count query (the poll where nothing notifies): {count * 1e6:.0f} us")
    print(f"a kernel reopening the table ({total} steps): {reopen * 1000:.0f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--poll", type=float, default=0.25)
    ap.add_argument("--pause", type=float, default=0.15)
    ap.add_argument("--no-postgres", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        measure("sqlite", f"sqlite:///{Path(tmp) / 't.sqlite'}", args)
    if not args.no_postgres:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
        from pg_server import PgServer

        with PgServer() as pg:
            measure("postgresql", pg.url, args)


if __name__ == "__main__":
    main()

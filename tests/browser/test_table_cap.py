"""The kernel cap with shared tables (issue 23, verlies/serve/kernels.py): each seat link
is a visitor with a kernel of its own, so several tables at once fill the server like
any other visitors. One Voila like `./run play` (preheated pool of two, the capped kernel
manager) with the cap at 3, two tables of two people each, in real browsers:

- three seat links (both seats of table A, one of table B) get their seats: three kernels,
  the cap, each page showing its own table's turn line;
- the fourth seat link (table B's other seat) gets HTTP 503 and the "table is full" page
  in German and English; no kernel is started for it;
- the tables still play: a step at table A reaches A's other seat and leaves B alone;
- when a visitor leaves and its kernel ends, the fourth seat link gets its seat and the
  position its table has.

Every wait follows progress (tests/browser/progress.py), never a fixed time.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from page_moves import KERNEL_ID, kernel_id, table_step
from playwright.sync_api import Browser, BrowserContext, Page
from progress import follow, has, navigate, wait_server
from test_resume import one_step
from test_serving import _STATUS_JS, _full_page_shown, _running

from verlies.i18n import text
from verlies.setup import Setup
from verlies.store import PlaytestStore
from verlies.store.tables import TableLinks, TableStore

CAP = 3


def _token(links: TableLinks, seat: int) -> str:
    token = links.seats[seat]
    assert token is not None
    return token


def test_several_tables_keep_the_cap_and_the_next_seat_finds_it_full(
    browser: Browser,
    start_voila: Callable[..., Any],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    url = f"sqlite:///{tmp_path / 'playtests.sqlite'}"
    monkeypatch.setenv("VERLIES_STORE_URL", url)  # the server's kernels read this store
    monkeypatch.delenv("VERLIES_MAX_KERNELS", raising=False)  # it would win over CAP
    store = TableStore(PlaytestStore(url))
    table_a = store.create(Setup(players=2, seed=3), ["human", "human"], lang="en")
    table_b = store.create(Setup(players=2, seed=4), ["human", "human"], lang="en")
    server = start_voila(
        "play.ipynb", f"--CappedKernelManager.max_kernels={CAP}", name="tables-capped"
    )
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def visit(links: TableLinks, seat: int) -> tuple[Page, int]:
        context = browser.new_context(viewport={"width": 1100, "height": 800})
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(f"uncaught: {exc}"))
        navigate(page, server.url("/") + "?" + links.query(_token(links, seat)), server=server)
        return page, int(page.evaluate(_STATUS_JS))

    def seated(page: Page, links: TableLinks, what: str) -> None:
        follow(page, has(page, ".vl-table-now", "visible"), what, server=server)
        table = store.load(links.table_id)
        follow(
            page, lambda: table_step(page) == table.step_no, what + ": its position", server=server
        )

    try:
        wait_server(server, lambda: len(_running(server)) == 2, "the pool's two kernels")
        a1, status = visit(table_a, 0)
        assert status == 200
        seated(a1, table_a, "table A, seat 1")
        a2, status = visit(table_a, 1)
        assert status == 200
        seated(a2, table_a, "table A, seat 2")
        b1, status = visit(table_b, 0)
        assert status == 200
        seated(b1, table_b, "table B, seat 1")
        kernels = [kernel_id(p) for p in (a1, a2, b1)]
        assert len(set(kernels)) == CAP
        assert sorted(_running(server)) == sorted(kernels)  # the pool could not refill

        # The fourth seat link: the server is full; no kernel is started for it.
        mark = server.log_mark()
        b2, status = visit(table_b, 1)
        assert status == 503
        _full_page_shown(b2)
        assert b2.locator(".vl-table-now").count() == 0
        assert sorted(_running(server)) == sorted(kernels)
        assert f"table full ({CAP}/{CAP}), refused" in server.log_text()[mark:]

        # The tables go on, each its own: a step at A reaches A's other seat, not B.
        b_before = table_step(b1)
        mover, other = (
            (a1, a2)
            if a1.get_attribute(".vl-table-now", "data-mine") == "1"
            else (
                a2,
                a1,
            )
        )
        before = table_step(mover)
        one_step(mover, server)
        follow(mover, lambda: table_step(mover) > before, "the step at table A", server=server)
        follow(
            other, lambda: table_step(other) == table_step(mover), "A's other seat", server=server
        )
        assert store.latest(table_a.table_id) == table_step(mover)
        assert table_step(b1) == b_before == store.latest(table_b.table_id)

        # Table A's second seat leaves: its kernel ends, and B's second seat gets in.
        contexts[1].close()
        assert server.shutdown_kernel(kernels[1]) == 204
        wait_server(
            server,
            lambda: kernels[1] not in _running(server) and len(_running(server)) == CAP,
            "the freed seat",
        )
        b2.context.close()
        b2, status = visit(table_b, 1)
        assert status == 200
        seated(b2, table_b, "table B, seat 2 after a seat was freed")
        assert "du wartest" in b2.inner_text(".vl-table-now") or "Du bist dran" in (
            b2.inner_text(".vl-table-now")
        )
        assert len(_running(server)) <= CAP
    finally:
        for context in contexts:
            context.close()
        server.stop()
    assert errors == []


#: Room kept for tables' links, the per-client limit and the lifetimes of the admission test.
ADMIT_CAP, RESERVE, PENDING, GONE_AFTER = 5, 2, 3, 20


def test_a_burst_of_gets_is_refused_before_the_cap_and_the_invited_keep_their_room(
    browser: Browser,
    start_voila: Callable[..., Any],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 35 item 5 (verlies/serve/admission.py): one client's burst of plain GETs gets
    HTTP 429 with Retry-After once it holds ``PENDING`` kernels without a page, long before
    the cap; a running table's seat link from that very client still gets its seat; once
    the GETs' kernels have ended, plain pages may use the cap minus ``RESERVE`` only, and
    the full page says when to try again, while the table's other seat still gets in."""
    url = f"sqlite:///{tmp_path / 'playtests.sqlite'}"
    monkeypatch.setenv("VERLIES_STORE_URL", url)
    monkeypatch.delenv("VERLIES_MAX_KERNELS", raising=False)
    store = TableStore(PlaytestStore(url))
    table = store.create(Setup(players=2, seed=5), ["human", "human"], lang="en")
    server = start_voila(
        "play.ipynb",
        f"--CappedKernelManager.max_kernels={ADMIT_CAP}",
        f"--CappedKernelManager.table_reserve={RESERVE}",
        f"--CappedKernelManager.client_pending={PENDING}",
        "--CappedKernelManager.exempt_clients=[]",  # the test's client is the loopback
        f"--CappedKernelManager.unconnected_timeout={GONE_AFTER}",
        "--MappingKernelManager.cull_interval=1",
        name="tables-admission",
    )
    assert f"verlies: {RESERVE} of them kept for shared tables' links" in server.log_text()
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def seat(n: int) -> Page:
        context = browser.new_context(viewport={"width": 1100, "height": 800})
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(f"uncaught: {exc}"))
        navigate(page, server.url("/") + "?" + table.query(_token(table, n)), server=server)
        status = int(page.evaluate(_STATUS_JS))
        assert status == 200, (status, server.log_text()[-6000:])  # a 500 says why
        follow(page, has(page, ".vl-table-now", "visible"), f"seat {n}", server=server)
        return page

    try:
        wait_server(server, lambda: len(_running(server)) == 2, "the pool's two kernels")
        # The burst: PENDING pages, then refusals that say when to come back.
        burst = [server.get("/") for _ in range(PENDING + 5)]
        statuses = [r.status for r in burst]
        assert statuses == [200] * PENDING + [429] * 5, statuses
        for refused in burst[PENDING:]:
            wait = int(refused.headers["Retry-After"])
            assert 1 <= wait <= GONE_AFTER + 1, wait
            for lang in ("de", "en"):
                assert text("page.busy.title", lang) in refused.body
                assert text("page.busy.auto", lang, seconds=wait) in refused.body
        assert len(_running(server)) <= ADMIT_CAP - RESERVE  # the cap was never in reach
        burst_ids = [KERNEL_ID.search(r.body).group(1) for r in burst[:PENDING]]  # type: ignore[union-attr]
        # The invited from the same address: seated although the burst is still waiting.
        seated = kernel_id(seat(0))
        log = server.log_text()
        ends = [log.find(f"ending kernel {k}") for k in burst_ids]
        assert min([e for e in ends if e >= 0] or [len(log)]) > log.find(seated) >= 0

        # The burst's kernels end (their pages never came); the pool refills up to the
        # plain visitors' room, not into the reserve.
        wait_server(
            server,
            lambda: len(_running(server)) == ADMIT_CAP - RESERVE and server.get("/").status == 200,
            "the burst's kernels to end and a plain page to be served again",
        )
        for k in burst_ids:
            assert f"ending kernel {k}: its page never connected" in server.log_text(), k
        # Plain pages take what is left of cap - RESERVE, then get the full page with a time.
        plain = [server.get("/") for _ in range(3)]
        full = [r for r in plain if r.status == 503]
        assert full, [r.status for r in plain]
        for lang in ("de", "en"):
            assert text("page.full.title", lang) in full[0].body
        when = int(full[0].headers["Retry-After"])
        assert 1 <= when <= GONE_AFTER + 1, when
        assert text("page.full.when", "en", seconds=when) in full[0].body
        assert len(_running(server)) < ADMIT_CAP  # the reserve is free ...
        seat(1)  # ... for the table's other seat
        assert len(_running(server)) <= ADMIT_CAP
    finally:
        for context in contexts:
            context.close()
        server.stop()
    assert errors == []
    allowed = ("503 GET /", "429 GET /", "table is full")
    assert [e for e in server.log_errors() if not any(a in e for a in allowed)] == []

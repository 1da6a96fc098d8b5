"""Playtest together (issue 23), in real browsers against a real Voila: two browser
contexts (two people, each their own kernel) open their seat links of one table; a step
on one screen appears on the other's (followed by the other kernel's own poll), and the
other seat's hidden treasures are nowhere on the first seat's screen. The stale click
(refused with a message) is tested on the page's widgets (tests/test_table_page.py): a
browser cannot hold back one tab's poll without a hook in the page.

The table lives in the store of this test's own Voila (a temporary directory); the test
writes the first steps through the store (as other kernels would) so that a person
already holds a treasure. Every wait follows progress (tests/browser/progress.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from progress import follow, has, open_page
from test_resume import one_step

from verlies.setup import Setup
from verlies.store import PlaytestStore
from verlies.store.tables import TableGame, TableLinks, TableStore

SEATS = ["human", "careful", "human"]


@pytest.fixture
def served(
    tmp_path: Path,
    start_voila: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[tuple[Any, str]]:
    url = f"sqlite:///{tmp_path / 'playtests.sqlite'}"
    monkeypatch.setenv("VERLIES_STORE_URL", url)  # the server's kernels read it
    server = start_voila("play.ipynb", name="tables")
    try:
        yield server, url
    finally:
        server.stop()


def _held(table: TableGame, seat: int, lang: str = "de") -> set[str]:
    f = table.game.figures[seat]
    return {h.card.name.get(lang) for h in f.treasures if not h.used}


def _table_with_a_treasure(store: TableStore) -> tuple[TableLinks, TableGame]:
    """A table played (through the store) until a person's seat holds a treasure the other
    person does not, and a person is to move."""
    for seed in range(11, 60):
        links = store.create(Setup(players=3, seed=seed), SEATS, lang="de")
        table = store.load(links.table_id)
        rng = random.Random(seed)
        for _ in range(300):
            store.advance(table)
            kind, seat = table.waiting_for()
            if kind != "human" or seat is None:
                break
            if _held(table, 0) - _held(table, 2) or _held(table, 2) - _held(table, 0):
                return links, table
            acts = list(table.game.legal_actions())
            token = links.seats[seat]
            assert token is not None
            store.take(table, token, table.step_no, acts[rng.randrange(len(acts))])
    raise AssertionError("no seed in 11..59 dealt a person a treasure")


def _open_seat(browser: Browser, server: Any, query: str) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    open_page(page, server.url("/") + "?" + query, server=server)
    follow(page, has(page, ".vl-table-now", "visible"), "the table's turn line", server=server)
    return page


def _step(page: Page) -> int:
    return int(page.get_attribute(".vl-table-now", "data-step") or -1)


def test_two_browsers_play_one_table(served: tuple[Any, str], browser: Browser) -> None:
    server, url = served
    store = TableStore(PlaytestStore(url))
    links, table = _table_with_a_treasure(store)
    first, third = links.seats[0], links.seats[2]
    assert first is not None and third is not None
    a = _open_seat(browser, server, links.query(first))
    b = _open_seat(browser, server, links.query(third))
    follow(a, lambda: _step(a) == table.step_no, "seat 1 at the table's step", server=server)
    follow(b, lambda: _step(b) == table.step_no, "seat 3 at the table's step", server=server)

    # Each screen shows its own hand and none of the other's hidden treasures (R9.3).
    only_a, only_b = _held(table, 0) - _held(table, 2), _held(table, 2) - _held(table, 0)
    text_a, text_b = a.inner_text("body"), b.inner_text("body")
    for name in only_b:
        assert name not in text_a, f"seat 3's hidden {name} on seat 1's screen"
        assert name in text_b
    for name in only_a:
        assert name not in text_b, f"seat 1's hidden {name} on seat 3's screen"
        assert name in text_a
    assert a.locator(".vl-designer").is_hidden() and a.locator(".vl-undo").count() in (0, 1)

    # Whose turn: the mover is told so, the other what they wait for.
    mover, other = (a, b) if a.get_attribute(".vl-table-now", "data-mine") == "1" else (b, a)
    assert "Du bist dran" in mover.inner_text(".vl-table-now")
    assert "du wartest" in other.inner_text(".vl-table-now")

    before = _step(mover)
    one_step(mover, server)
    follow(mover, lambda: _step(mover) > before, "the mover's step taken", server=server)
    follow(
        other,
        lambda: _step(other) == _step(mover),
        "the mover's step on the other screen",
        server=server,
    )
    assert store.latest(links.table_id) == _step(mover)  # nothing doubled

"""A sweep under way survives a killed kernel (issue 38 leftovers, item 1), in a real
browser against a real Voila: a person sweeps the coin purse's gold over five values; the
moment the workspace has kept its first finished points (the line's ``data-kept`` names
the sweep while the sweep still runs), the kernel is killed (SIGKILL). (The sweep's worker
processes are stopped (SIGSTOP) once its first point is noted: on a quiet machine a
sweep of the purse takes well under a second, and the kill must come while it runs.) The
reload shows the kept points "interrupted after N of 5 points" with Continue; Continue
plays the rest, and the table then has all five values. Every wait follows progress
(tests/browser/progress.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from each_view import LANG
from page_moves import open_in, select_card, show_tab
from playwright.sync_api import Page
from progress import follow, follow_expect, has
from test_resume import kill_kernel, kill_stopped, stop_workers
from test_sweep_reload import CARD

from verlies import i18n

# 300 games a value (1,200 left after the first point, about 1.5 s on a quiet machine),
# and the workers stopped once a point is noted: the sweep still runs at the kill,
# asserted, so a sweep that ended first fails, never passes unseen
GAMES, VALUES = 300, [1, 2, 3, 4, 5]


def test_a_sweep_killed_under_way_comes_back_interrupted_and_continues(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    server = voila_server
    open_in(page, page_url(), LANG, server=server)
    select_card(page, CARD, LANG, search=CARD, found=1, server=server)
    for name, value in (("from", VALUES[0]), ("to", VALUES[-1]), ("games", GAMES)):
        box = page.locator(f".vl-sweep-{name} input")
        box.fill(str(value))
        box.press("Tab")
    page.locator(".vl-sweep-start").click()
    status = page.locator(".vl-sweep-status")
    running = i18n.text("sweep.running", LANG, done=0, total=0).split(":")[0]
    follow_expect(status).to_contain_text(running)
    # the first finished points kept, the sweep still running: the kernel dies now
    line = page.locator(".vl-workspace")

    def first_point_noted() -> bool:
        return int(line.get_attribute("data-sweep-points") or -1) >= 1

    follow(page, first_point_noted, "the sweep's first point noted", server=server)
    stopped = stop_workers(page)
    try:
        assert running in status.inner_text(), "the sweep ended before the kill"
        written = has(page, ".vl-workspace[data-pending='0'][data-kept~='sweep']")
        follow(page, written, "the sweep's first points written", server=server)
        kill_kernel(page)
    finally:
        kill_stopped(stopped)

    open_in(page, None, LANG, server=server)  # the reload: a new kernel, the same browser
    show_tab(page, "page.tab_deck", LANG, server=server)
    words = i18n.text("sweep.interrupted", LANG, n=0, m=len(VALUES))
    head = words.split("0")[0]  # "Interrupted after "
    follow_expect(status).to_contain_text(head)
    said = status.inner_text()
    got = re.search(r"(\d+) of (\d+)", said)
    assert got is not None and got.group(2) == str(len(VALUES)), said
    kept = int(got.group(1))
    assert 1 <= kept < len(VALUES)
    rows = page.locator(".vl-sweep-table tbody tr")
    follow(page, lambda: rows.count() == kept, "the kept points", server=server)
    button = page.locator(".vl-sweep-resume")
    follow_expect(button).to_have_text(i18n.text("sweep.resume", LANG))
    button.click()
    done = i18n.text("sweep.done", LANG, done=GAMES * len(VALUES))
    follow_expect(status).to_have_text(done)
    follow(page, lambda: rows.count() == len(VALUES), "every value", server=server)
    follow_expect(button).to_be_hidden()
    assert console_errors == []

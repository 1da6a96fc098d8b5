"""Playtest together (issue 23), in real browsers against a real Voila: two browser
contexts (two people, each their own kernel) open their seat links of one table; a step
on one screen appears on the other's (followed by the other kernel's own poll), and the
other seat's hidden treasures are nowhere on the first seat's screen. A stale click is
refused with a message (German, then said again in English on the same page) and shows
the new position (on a Voila of its own whose pages
poll every ten minutes, ``VERLIES_TABLE_POLL_MS``, so that a screen stays behind). The
spectator sees none of the seats' treasures and the designer all, at every width in
both languages; a take back is asked on one screen and accepted on the other.

The table lives in the store of this test's own Voila (a temporary directory); the test
writes the first steps through the store (as other kernels would) so that a person
already holds a treasure. Every wait follows progress (tests/browser/progress.py).

What a person sees is then checked at 390, 800 and 1280 px in German and in English
(one server for the module, the same three browser contexts throughout): each seat's
"whose turn / what you wait for" line, the designer's invite links (whole addresses, each
with a Copy button that puts it on the clipboard) lie inside the window's width, the page
does not scroll sideways, every text is the page's language (none of the other language's
table words), and the other seat's hidden treasures are not on a seat's screen.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from each_view import WIDTHS
from page_moves import table_step
from playwright.sync_api import Browser, Page
from progress import follow, has, open_page
from store_voila import voila_on_store
from test_resume import one_step

from verlies.i18n import de, en, text
from verlies.setup import Setup
from verlies.store import PlaytestStore
from verlies.store import tables as tables_module
from verlies.store.tables import TableGame, TableLinks, TableStore
from verlies.ui.table.table_model import SeatModel

SEATS = ["human", "careful", "human"]


@pytest.fixture(autouse=True)
def _fixed_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each new table's chance fixed (its secret, issue 35): the same games at every run."""
    made = itertools.count()
    monkeypatch.setattr(tables_module, "new_secret", lambda: f"browser-{next(made)}")


@pytest.fixture(scope="module")
def served(
    tmp_path_factory: pytest.TempPathFactory, start_voila: Callable[..., Any]
) -> Iterator[tuple[Any, str]]:
    """One Voila for the module, its kernels reading a store of their own."""
    url = f"sqlite:///{tmp_path_factory.mktemp('tables') / 'playtests.sqlite'}"
    with voila_on_store(start_voila, url, "tables") as server:
        yield server, url


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
    open_page(page, server.url("/") + ("?" + query if query else ""), server=server)
    if query:
        follow(page, has(page, ".vl-table-now", "visible"), "the turn line", server=server)
    return page


_WORD = re.compile(r"(?<![\w])[A-Za-zÄÖÜäöüß]{4,}(?![\w])")


def _foreign(shown: str, lang: str) -> set[str]:
    """Words of the other language's table texts (page.table.*) that this language's
    texts never use, found in ``shown``."""
    mine, other = (de.TEXTS, en.TEXTS) if lang == "de" else (en.TEXTS, de.TEXTS)
    own = {w for v in mine.values() for w in _WORD.findall(v)}
    theirs = {
        w for k, v in other.items() if k.startswith("page.table.") for w in _WORD.findall(v)
    } - own
    return {w for w in _WORD.findall(shown) if w in theirs}


#: Where ``selector``'s shown elements lie, and how wide the page is.
_BOXES_JS = """
(sel) => ({
  viewport: window.innerWidth,
  page: document.scrollingElement.scrollWidth,
  boxes: Array.from(document.querySelectorAll(sel)).filter((e) => e.offsetParent !== null)
    .map((e) => { const b = e.getBoundingClientRect();
                  return [Math.round(b.left), Math.round(b.right), e.innerText.trim()]; }),
})
"""


def _inside(page: Page, selector: str, width: int, n: int = 1) -> list[str]:
    """At least ``n`` shown elements match ``selector``, each inside the window's
    ``width``, the page not wider; their texts."""
    found = page.evaluate(_BOXES_JS, selector)
    assert found["viewport"] == width, found
    assert len(found["boxes"]) >= n, (selector, found)
    for left, right, shown in found["boxes"]:
        assert 0 <= left and right <= width, (selector, width, left, right, shown)
    assert found["page"] <= width, (selector, found)
    return [b[2] for b in found["boxes"]]


def _switch(page: Page, lang: str, server: Any) -> None:
    """Click the page's language switch and wait until it shows ``lang``."""
    page.click(f".vl-lang button:has-text('{lang.upper()}')")
    shown = "() => (document.querySelector('.vl-lang .mod-active') || {}).textContent || ''"
    follow(page, lambda: page.evaluate(shown).strip().lower() == lang, lang, server=server)


def test_two_browsers_play_one_table(served: tuple[Any, str], browser: Browser) -> None:
    server, url = served
    store = TableStore(PlaytestStore(url))
    links, table = _table_with_a_treasure(store)
    first, third = links.seats[0], links.seats[2]
    assert first is not None and third is not None
    a = _open_seat(browser, server, links.query(first))
    b = _open_seat(browser, server, links.query(third))
    follow(a, lambda: table_step(a) == table.step_no, "seat 1 at the table's step", server=server)
    follow(b, lambda: table_step(b) == table.step_no, "seat 3 at the table's step", server=server)

    # Each screen shows its own hand and none of the other's hidden treasures (R9.3).
    only_a, only_b = _held(table, 0) - _held(table, 2), _held(table, 2) - _held(table, 0)

    def own_hands() -> bool:
        # the turn line (its step, followed above) may come before the hands are drawn
        for name in only_b:
            assert name in b.inner_text("body"), f"seat 3's {name} not on its screen yet"
        for name in only_a:
            assert name in a.inner_text("body"), f"seat 1's {name} not on its screen yet"
        return True

    follow(a, own_hands, "each seat's own hand on its screen", server=server)
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

    before = table_step(mover)
    one_step(mover, server)
    follow(mover, lambda: table_step(mover) > before, "the mover's step taken", server=server)
    follow(
        other,
        lambda: table_step(other) == table_step(mover),
        "the mover's step on the other screen",
        server=server,
    )
    assert store.latest(links.table_id) == table_step(mover)  # nothing doubled

    # What each person sees, at every width and in both languages (the same contexts).
    designer = _open_seat(browser, server, "")
    designer.context.grant_permissions(["clipboard-read", "clipboard-write"])
    designer.click(".vl-table-invite")
    follow(designer, has(designer, "a.vl-table-link", "visible"), "the links", server=server)
    origin_path = designer.evaluate("window.location.origin + window.location.pathname")
    for lang in ("en", "de"):
        for page in (a, b, designer):
            _switch(page, lang, server)
        for width in WIDTHS:
            for page, token in ((a, first), (b, third)):
                page.set_viewport_size({"width": width, "height": 900})
                _check_seat(page, store, links.table_id, token, width, lang, server)
            designer.set_viewport_size({"width": width, "height": 900})
            _check_invite(designer, origin_path, width, lang, server)
        _check_copy(designer, lang, server)
        assert links.table_id not in designer.inner_text(".vl-table-bar")  # a new table
    for page in (a, b, designer):
        page.context.close()


def _check_seat(
    page: Page, store: TableStore, table_id: str, token: str, width: int, lang: str, server: Any
) -> None:
    """The seat's turn line in ``lang``, inside ``width``; none of the other seat's hidden
    treasures on the screen."""
    other_lang = "de" if lang == "en" else "en"

    def turn_line() -> bool:
        model = SeatModel(store, table_id, token)
        shown = _inside(page, ".vl-table-now", width)[0]
        assert shown == model.turn_text(lang), (shown, lang)
        assert shown != model.turn_text(other_lang)
        bar = page.inner_text(".vl-table-bar")
        assert _foreign(bar, lang) == set(), (width, lang, bar)
        return True

    follow(page, turn_line, f"the turn line at {width} px in {lang}", server=server)
    model = SeatModel(store, table_id, token)
    mine = model.seat
    assert mine is not None
    body = page.inner_text("body")
    for name in _held(model.table, 2 - mine, lang) - _held(model.table, mine, lang):
        assert name not in body, (width, lang, f"the other seat's hidden {name}")
    _no_game_files(page, width, lang)


#: The page's Save, Link and export buttons (a seat's or spectator's page has none).
GAME_FILES = ".vl-save, .vl-make-link, [class*='vl-export-']"


def _no_game_files(page: Page, width: int, lang: str) -> None:
    """No Save, Link or export button shown, and no seed anywhere in the page (issue 35)."""
    shown = page.eval_on_selector_all(
        GAME_FILES, "es => es.filter((e) => e.offsetParent !== null).map((e) => e.className)"
    )
    assert shown == [], (width, lang, shown)
    assert "data-seed" not in page.content(), (width, lang)


def _check_invite(designer: Page, origin_path: str, width: int, lang: str, server: Any) -> None:
    """The invite links: whole addresses of this page, each with its label and a Copy
    button in ``lang``, all inside ``width``."""

    def invite() -> bool:
        hrefs = designer.eval_on_selector_all(
            "a.vl-table-link", "es => es.map((e) => e.getAttribute('href'))"
        )
        shown = _inside(designer, "a.vl-table-link", width, n=3)
        assert shown == hrefs, (shown, hrefs)
        for h in hrefs:
            assert h.startswith(origin_path + "?table="), (h, origin_path)
        copies = _inside(designer, ".vl-table-copy", width, n=len(hrefs))
        assert set(copies) == {text("page.table.copy", lang)}, copies
        _inside(designer, ".vl-table-link-label", width, n=len(hrefs))
        bar = designer.inner_text(".vl-table-bar")
        assert text("page.table.link_spectator", lang) + ":" in bar, bar
        assert _foreign(bar, lang) == set(), (width, lang, bar)
        return True

    follow(designer, invite, f"the invite links at {width} px in {lang}", server=server)


def _check_copy(designer: Page, lang: str, server: Any) -> None:
    """The spectator link's Copy button, found by its name in ``lang``, copies the link
    and says so."""
    spectator = text("page.table.link_spectator", lang)
    name = text("page.table.copy_name", lang, link=spectator)
    button = designer.get_by_role("button", name=name, exact=True)
    href = button.locator("xpath=..").locator("a.vl-table-link").get_attribute("href")
    button.click()
    done = text("page.table.copied", lang)
    follow(designer, lambda: button.inner_text() == done, "the copy said", server=server)
    assert href and designer.evaluate("navigator.clipboard.readText()") == href


def _names(table: TableGame, lang: str) -> set[str]:
    """Every treasure a seat holds unused (hidden from everyone but its seat), by name."""
    return set().union(*(_held(table, s, lang) for s in range(table.game.players)))


def test_the_spectator_sees_no_hidden_card_and_the_designer_all(
    served: tuple[Any, str], browser: Browser
) -> None:
    server, url = served
    store = TableStore(PlaytestStore(url))
    links, table = _table_with_a_treasure(store)
    watcher = _open_seat(browser, server, links.query(links.spectator))
    designer = _open_seat(browser, server, links.query(links.designer))
    for page in (watcher, designer):
        follow(
            page, lambda p=page: table_step(p) == table.step_no, "the table's step", server=server
        )
    for lang in ("de", "en"):
        hidden = _names(table, lang)
        assert hidden, "the test table deals a person a treasure"
        for page in (watcher, designer):
            _switch(page, lang, server)
        for width in WIDTHS:
            for page, token in ((watcher, links.spectator), (designer, links.designer)):
                page.set_viewport_size({"width": width, "height": 900})
                model = SeatModel(store, links.table_id, token)
                _check_turn_line(page, model, width, lang, server)
                # Neither a seat's controls nor the invite: they watch.
                assert page.locator(".vl-table-invite").is_hidden()
                assert page.locator(".vl-table-tb-ask").is_hidden()
            body = watcher.inner_text("body")
            for name in hidden:
                assert name not in body, (width, lang, f"the spectator sees the hidden {name}")
            assert watcher.locator(".vl-designer").is_hidden()
            _no_game_files(watcher, width, lang)
            assert designer.locator(".vl-make-link").is_visible()  # the designer keeps them
            assert designer.locator(".vl-save").is_visible()

            def all_shown(hidden: set[str] = hidden, width: int = width, lang: str = lang) -> bool:
                # the turn line followed above comes in the new language before the hands
                # do (seen in a run: 'the designer misses Coin purse', the page still German)
                shown = designer.inner_text("body")
                for name in hidden:
                    assert name in shown, (width, lang, f"the designer misses {name}")
                return True

            follow(designer, all_shown, f"the designer's hands in {lang}", server=server)
    for page in (watcher, designer):
        page.context.close()


def _check_turn_line(page: Page, model: SeatModel, width: int, lang: str, server: Any) -> None:
    """The visitor's turn line is the model's, in ``lang``, inside ``width``; the table's
    bar has none of the other language's words."""

    def turn_line() -> bool:
        shown = _inside(page, ".vl-table-now", width)[0]
        assert shown == model.turn_text(lang), (shown, lang)
        bar = page.inner_text(".vl-table-bar")
        assert _foreign(bar, lang) == set(), (width, lang, bar)
        return True

    follow(page, turn_line, f"the turn line at {width} px in {lang}", server=server)


@pytest.fixture(scope="module")
def slow_poll(
    tmp_path_factory: pytest.TempPathFactory, start_voila: Callable[..., Any]
) -> Iterator[tuple[Any, str]]:
    """A Voila whose table pages look at the store only when clicked (a poll every ten
    minutes): a screen then stays behind the table for as long as the test needs."""
    url = f"sqlite:///{tmp_path_factory.mktemp('stale') / 'playtests.sqlite'}"
    with voila_on_store(start_voila, url, "tables-stale", VERLIES_TABLE_POLL_MS="600000") as server:
        yield server, url


def test_a_stale_click_in_the_browser_is_refused_and_shows_the_new_position(
    slow_poll: tuple[Any, str], browser: Browser
) -> None:
    """Refused in German; the language switched on the same page, the refusal is said
    again in English."""
    server, url = slow_poll
    store = TableStore(PlaytestStore(url))
    links, table = _table_with_a_treasure(store)
    kind, seat = table.waiting_for()
    assert kind == "human" and seat is not None
    token = links.seats[seat]
    assert token is not None
    page = _open_seat(browser, server, links.query(token))
    _switch(page, "de", server)
    follow(page, lambda: table_step(page) == table.step_no, "the table's step", server=server)
    assert page.get_attribute(".vl-table-now", "data-mine") == "1"
    # The same seat in another tab (another kernel) takes the step first.
    n = table.step_no
    store.take(table, token, n, table.game.legal_actions()[0])
    store.advance(table)
    assert table_step(page) == n  # this screen has not looked yet
    one_step(page, server)  # the click on the old position
    message = page.locator(".vl-message")
    for lang in ("de", "en"):
        _switch(page, lang, server)
        words = text("table.err.stale_mine", lang, step=n + 1)
        follow(
            page,
            lambda w=words: message.inner_text().strip() == w,
            f"the refusal ({lang})",
            server=server,
        )
        follow(page, lambda: table_step(page) == table.step_no, "the new position", server=server)
    assert store.latest(links.table_id) == table.step_no  # nothing written by the click
    page.context.close()


def test_take_back_asked_on_one_screen_and_accepted_on_the_other(
    served: tuple[Any, str], browser: Browser
) -> None:
    server, url = served
    store = TableStore(PlaytestStore(url))
    links = store.create(Setup(players=2, seed=9), ["human", "human"], takeback=True)
    first, second = links.seats
    assert first is not None and second is not None
    asker = SeatModel(store, links.table_id, first)
    rng = random.Random(9)
    while not (asker.can_ask_takeback() and asker.table.waiting_for() == ("human", 1)):
        kind, seat = asker.table.waiting_for()
        assert kind == "human" and seat is not None
        acts = list(asker.game.legal_actions())
        store.take(
            asker.table,
            links.seats[seat] or "",
            asker.table.step_no,
            acts[rng.randrange(len(acts))],
        )
        store.advance(asker.table)
    n = asker.table.step_no
    a = _open_seat(browser, server, links.query(first))
    b = _open_seat(browser, server, links.query(second))
    _switch(a, "en", server)
    _switch(b, "de", server)
    b.set_viewport_size({"width": 390, "height": 900})
    for page in (a, b):
        follow(page, lambda p=page: table_step(p) == n, "the table's step", server=server)
    ask = a.locator(".vl-table-tb-ask")
    ask_words = text("page.table.tb_ask", "en")
    follow(
        a,
        lambda: ask.is_visible() and ask.inner_text().strip() == ask_words,
        "the take-back button in English",
        server=server,
    )
    assert b.locator(".vl-table-tb-ask").is_hidden()
    ask.click()
    accept, refuse = b.locator(".vl-table-tb-accept"), b.locator(".vl-table-tb-refuse")
    yes = text("page.table.tb_accept", "de")
    follow(
        b,
        lambda: accept.is_visible() and accept.inner_text().strip() == yes,
        "the question on the other screen, in German",
        server=server,
    )
    assert refuse.inner_text().strip() == text("page.table.tb_refuse", "de")
    asked = b.inner_text(".vl-table-takeback")
    assert "Stimmst du zu?" in asked and "Platz 1" in asked
    for shown in _inside(b, ".vl-table-tb-accept, .vl-table-tb-refuse", 390, n=2):
        assert shown
    # the asking screen's own kernel writes the request to the store, then redraws its
    # line and buttons (ui/table/table_view.py's takeback): the other screen's poll may show the
    # question first, so the asker's screen is followed too
    follow(
        a,
        lambda: "waiting for: seat 2" in a.inner_text(".vl-table-takeback"),
        "the asker's line: waiting for seat 2",
        server=server,
    )
    follow(a, has(a, ".vl-table-tb-withdraw", "visible"), "Withdraw shown", server=server)
    accept.click()

    def accepted() -> bool:
        store.sync(asker.table)
        r = asker.table.request
        return r is not None and r.status == "accepted"

    follow(b, accepted, "the answer in the store", server=server)
    request = asker.table.request
    assert request is not None
    for page in (a, b):
        follow(
            page,
            lambda p=page: table_step(p) == request.step_no < n,
            "the step taken back",
            server=server,
        )
    follow(a, lambda: "taken back" in a.inner_text(".vl-table-takeback"), "the news", server=server)
    # a screen's turn line (its step) is drawn before its take-back line (TableBar.show):
    # the step followed above does not say the news is there yet
    follow(
        b,
        lambda: "zurückgenommen" in b.inner_text(".vl-table-takeback"),
        "the news in German",
        server=server,
    )
    assert a.get_attribute(".vl-table-now", "data-mine") == "1"  # seat 1 decides again
    assert store.latest(links.table_id) == request.step_no
    for page in (a, b):
        page.context.close()

"""The Deck tab's "Sweep this number" in a real browser (issue 22 item 3, issue 37 item 6),
in German and English, at 390, 800 and 1280 px: a person selects the coin purse, sees the
range centred on its gold (±3, the deck refusing −1), sweeps its gold from 1 to 3 (8 games
per value, median rounds shown), sees the curve fill in, every point's estimate in the
table below it as the lab's sweep() of the same seeds gives it, numbers on the y axis, and
no text of the chart overlapping another or cut by the chart's edge at any width; then at
every width clicks a point of the curve (the mouse at the dot's place on the screen, as a
person does): the draft takes that value (the differences list the change) and "now"
moves above that dot. Every wait follows progress (tests/browser/progress.py)."""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable
from typing import Any

from browser_settings import ARTIFACTS
from each_view import LANGS, each_width, foreign_words
from layout import check_fits
from page_moves import EDITOR, option_texts, seed_of, switch_lang
from playwright.sync_api import Page
from progress import follow, follow_expect, open_page, wait_page

from verlies import i18n
from verlies.deck import Deck
from verlies.sim.sweep import Tweak, sweep
from verlies.ui.deck.editor_model import describe_diff
from verlies.ui.deck.sweep_model import SPREAD, GridTweak, PairTweak, SweepRun
from verlies.ui.deck.sweep_show import SHOW, point_game
from verlies.ui.deck.sweep_words import value_text as _value

CARD = "schatz-muenzbeutel"
GAMES, VALUES = 8, [1, 2, 3]
DOOR = "r-gang-straight-04"  # a door, obstacle 6, no gold

#: Seconds between two clicks on the same dot while the draft did not change (not a deadline).
RECLICK = 5.0

_POINTS_JS = """
() => Array.from(document.querySelectorAll('.vl-sweep .vl-sweep-plot path.dot')).map((d) => {
  const r = d.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
          x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2};
})
"""

_PLOT_TEXTS_JS = """
() => Array.from(document.querySelectorAll('.vl-sweep .vl-sweep-plot svg text'))
  .filter((t) => t.getBoundingClientRect().width > 0).map((t) => t.textContent.trim())
"""


_TEXT_BOXES_JS = """
() => {
  const plot = document.querySelector('.vl-sweep .vl-sweep-plot');
  const f = plot.getBoundingClientRect();
  const texts = Array.from(plot.querySelectorAll('svg text')).map((t) => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent.trim(), left: r.left, right: r.right, top: r.top,
            bottom: r.bottom, width: r.width};
  }).filter((t) => t.width > 0 && t.text);
  return {figure: {left: f.left, right: f.right, top: f.top, bottom: f.bottom}, texts};
}
"""

_NUMBER = re.compile(r"^−?[0-9]+([.,][0-9]+)?$")


def _texts_fit(page: Page, columns: list[str], now_text: str) -> bool:
    """Every text of the chart inside the chart (not cut), no two overlapping (no
    "5.05.1"); the columns' names, "now" once, and at least two numbers on the y axis,
    left of the dots, larger ones higher up."""
    got: dict[str, Any] = page.evaluate(_TEXT_BOXES_JS)
    fig, texts = got["figure"], got["texts"]
    names = [t["text"] for t in texts]
    if not all(c in names for c in columns) or names.count(now_text) != 1:
        return False
    for t in texts:
        inside = (
            t["left"] >= fig["left"] - 0.5
            and t["right"] <= fig["right"] + 0.5
            and t["top"] >= fig["top"] - 0.5
            and t["bottom"] <= fig["bottom"] + 0.5
        )
        assert inside, f"{t['text']!r} is cut by the chart's edge: {t} in {fig}"
    for i, a in enumerate(texts):
        for b in texts[i + 1 :]:
            w = min(a["right"], b["right"]) - max(a["left"], b["left"])
            h = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
            assert w <= 0.5 or h <= 0.5, f"{a['text']!r} overlaps {b['text']!r}: {a} {b}"
    dots: list[dict[str, Any]] = page.evaluate(_POINTS_JS)
    left_of_dots = min(d["left"] for d in dots)
    ticks = [
        t
        for t in texts
        if _NUMBER.match(t["text"]) and t["right"] <= left_of_dots and t["text"] not in columns
    ]
    assert len(ticks) >= 2, f"no numbers on the y axis: {names}"
    ticks.sort(key=lambda t: t["top"])
    values = [float(t["text"].replace(",", ".").replace("−", "-")) for t in ticks]
    assert values == sorted(values, reverse=True), values
    return True


def _now_above(page: Page, index: int, now_text: str) -> bool:
    """The "now" text stands above the dot ``index`` (its column)."""
    got: dict[str, Any] = page.evaluate(_TEXT_BOXES_JS)
    dots: list[dict[str, Any]] = page.evaluate(_POINTS_JS)
    marks = [t for t in got["texts"] if t["text"] == now_text]
    if len(marks) != 1 or len(dots) <= index:
        return False
    mark, dot = marks[0], dots[index]
    return abs((mark["left"] + mark["right"]) / 2 - dot["x"]) < 3 and mark["bottom"] <= dot["top"]


def _click_dot(page: Page, index: int, taken: Callable[[], bool], what: str, server: Any) -> None:
    """Click the curve's dot ``index`` until ``taken()`` holds. After a resize bqplot moves
    its dots (a transition): a click where a dot was a moment ago meets nothing. So the
    click goes where the dot is now, and again while ``taken()`` does not hold and the dot
    has moved since, or RECLICK seconds went by (a click again sets the same value)."""
    clicks: list[tuple[tuple[int, int], float]] = []

    def check() -> bool:
        if taken():
            return True
        dot = page.evaluate(_POINTS_JS)[index]
        where = (round(dot["x"]), round(dot["y"]))
        if not clicks or clicks[-1][0] != where or time.monotonic() - clicks[-1][1] > RECLICK:
            page.mouse.click(dot["x"], dot["y"])
            clicks.append((where, time.monotonic()))
        return taken()

    follow(page, check, what, server=server)


def _open_card(page: Page, url: str, server: Any, lang: str, card: str) -> None:
    """The page at 1280 px in ``lang``, its Deck tab, ``card`` found by the editor's search
    and selected (its id in the card's heading)."""
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, url, server=server)
    page.click(f".vl-lang button:has-text('{lang.upper()}')")
    _select_card(page, server, lang, card)


def _select_card(page: Page, server: Any, lang: str, card: str) -> None:
    """On the Deck tab at 1280 px: ``card`` found by the editor's search and selected."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click(f".vl-tabs .lm-TabBar-tab:has-text('{i18n.text('page.tab_deck', lang)}')")
    search = page.locator(
        f"{EDITOR} .widget-text:has(> label:text-is('{i18n.text('editor.search', lang)}')) input"
    )
    follow(page, lambda: search.count() == 1, "the editor's search box", server=server)
    search.fill(card)
    card_list = page.locator(f"{EDITOR} .vl-impact-list select")
    follow(page, lambda: card_list.locator("option").count() == 1, card, server=server)
    card_list.select_option(index=0)
    follow_expect(page.locator(f"{EDITOR} h4 code")).to_have_text(card)


#: The sweep panel's boxes.
LAYOUT: tuple[str, ...] = (
    ".vl-sweep .widget-label",
    ".vl-sweep button",
    ".vl-sweep select",
    ".vl-sweep-status",
    ".vl-sweep-plot",
    ".vl-sweep",
)


def _check_layout(page: Page, width: int) -> bool:
    check_fits(page, width, LAYOUT, scrolls=(".vl-sweep-plot",))
    points: list[dict[str, Any]] = page.evaluate(_POINTS_JS)
    assert len(points) == len(VALUES)
    assert all(0 <= p["left"] and p["right"] <= width + 0.5 for p in points), points
    xs = [p["x"] for p in points]
    assert xs == sorted(xs) and len(set(xs)) == len(xs), points  # one column per value
    return True


def test_sweeping_the_purses_gold_then_a_characters_pair(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    """Three stories on one page, in German and then again in English (the language
    switched on the same page; each story's checks in each language): :func:`_purse_story`,
    then every change it made undone from the page, :func:`_pair_story` on the draft that
    is the default deck again, :func:`_heat_story` (none needs a fresh kernel)."""
    _open_card(page, page_url(), voila_server, LANGS[0], CARD)
    for lang in LANGS:
        switch_lang(page, lang, server=voila_server)
        if lang != LANGS[0]:
            _select_card(page, voila_server, lang, CARD)
        _stories(page, voila_server, lang)
    assert console_errors == []


def _stories(page: Page, server: Any, lang: str) -> None:
    """The purse's story (its card selected), its changes undone, the pair's story, the
    heat map's story, in ``lang``."""
    _purse_story(page, server, lang)
    diff = page.locator(f"{EDITOR} .verlies-diff li")
    undo = page.locator(f"{EDITOR} button:has-text('{i18n.text('editor.undo', lang)}')")
    for _ in range(3):  # the story's three clicks of a point, each a change of the draft
        before = diff.all_inner_texts()
        if not before:
            break
        undo.click()
        follow(page, lambda b=before: diff.all_inner_texts() != b, "undone", server=server)
    follow(page, lambda: diff.all_inner_texts() == [], "every change undone", server=server)
    _select_card(page, server, lang, "char-zwerg")
    _pair_story(page, server, lang)
    _select_card(page, server, lang, DOOR)
    _heat_story(page, server, lang)


def _purse_story(page: Page, server: Any, lang: str) -> None:
    """The coin purse (selected): its range centred on its gold 2; its gold swept 1 to 3,
    every point's estimate in the table as the lab's sweep() gives it; at each width the
    chart's texts fit and a click of a point is taken into the draft, "now" above it."""
    deck = Deck.default()
    tweak = Tweak("treasure", CARD, "gold")
    lab = sweep(tweak, VALUES, GAMES, players=4, deck=deck, characters="all", workers=1)
    want = [_value("median_rounds", est, lang) for est, _, _ in lab.curve_ci("median_rounds")]
    field = page.locator(".vl-sweep-field select").first
    follow(
        page,
        lambda: option_texts(field)[0] == i18n.text("impact.field.gold", lang),
        "the purse's numbers",
        server=server,
    )
    # the range a person finds: gold 2 ± 3, the deck refusing −1
    follow_expect(page.locator(".vl-sweep-from input")).to_have_value("0")
    follow_expect(page.locator(".vl-sweep-to input")).to_have_value("5")
    quantity = page.locator(".vl-sweep-quantity select")
    shown = option_texts(quantity)
    assert shown[0] == i18n.text(f"sweep.q.{SPREAD}", lang)
    win = [i18n.text("sweep.q.win", lang, name=c.name.get(lang)) for c in deck.characters.values()]
    assert shown[1 : 1 + len(win)] == win
    quantity.select_option(label=i18n.text("sweep.q.median_rounds", lang))
    for name, value in (("from", VALUES[0]), ("to", VALUES[-1]), ("games", GAMES)):
        box = page.locator(f".vl-sweep-{name} input")
        box.fill(str(value))
        box.press("Tab")
    page.locator(".vl-sweep-start").click()
    done = i18n.text("sweep.done", lang, done=GAMES * len(VALUES))
    follow_expect(page.locator(".vl-sweep-status")).to_have_text(done)
    plot = page.locator(".vl-sweep-plot")
    now_text = i18n.text("sweep.now", lang)
    columns = [str(v) for v in VALUES]
    table = page.locator(".vl-sweep-table")

    def table_drawn() -> bool:
        rows = table.locator("tbody tr").all_inner_texts()
        return len(rows) == len(VALUES) and all(w in r for w, r in zip(want, rows, strict=True))

    follow(page, table_drawn, "the table of the curve's numbers", server=server)
    rows = table.locator("tbody tr").all_inner_texts()
    assert rows[1].startswith(f"2 ({now_text})"), rows
    follow(
        page,
        lambda: len(page.evaluate(_POINTS_JS)) == len(VALUES),
        "the curve's dots",
        server=server,
    )
    texts: list[str] = page.evaluate(_PLOT_TEXTS_JS)
    assert i18n.text("sweep.q.median_rounds", lang) in texts  # the y axis' label
    assert i18n.text("impact.field.gold", lang) in texts  # the x axis' label
    diff = page.locator(f"{EDITOR} .verlies-diff li")
    status = page.locator(".vl-sweep-status")
    # a different value at each width, each a change of the draft the person sees
    for width, value in zip(each_width(page), (3, 1, 3), strict=True):
        plot.scroll_into_view_if_needed()
        follow(page, lambda w=width: _check_layout(page, w), f"{width} px", server=server)
        follow(
            page,
            lambda: _texts_fit(page, columns, now_text),
            f"the chart's texts at {width} px",
            server=server,
        )
        expected = describe_diff(deck, tweak.apply(deck, value), lang)
        _click_dot(
            page,
            VALUES.index(value),
            lambda e=expected: diff.all_inner_texts() == e,
            f"the clicked value {value} at {width} px",
            server,
        )
        what = i18n.text("impact.field.gold", lang)
        follow_expect(status).to_have_text(i18n.text("sweep.picked", lang, what=what, value=value))
        # "now" follows the draft: above the dot taken, and in the table's row
        follow(
            page,
            lambda v=value: _now_above(page, VALUES.index(v), now_text),
            f"'{now_text}' above {value}",
            server=server,
        )
        follow_expect(table.locator("tbody tr.vl-now th")).to_have_text(f"{value} ({now_text})")
        shown_text = page.locator(".vl-sweep").inner_text() + " ".join(texts)
        foreign = foreign_words(shown_text, lang, ("sweep.",))
        assert not foreign, f"words of the other language on the {lang} page: {sorted(foreign)}"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.locator(".vl-sweep").screenshot(path=str(ARTIFACTS / f"sweep_{lang}_{width}.png"))
    if lang == "de":  # once: the game it opens is a page load of its own
        _show_me(page, server, lang, tweak, value)


def _show_me(page: Page, server: Any, lang: str, tweak: Tweak, value: int) -> None:
    """Show me on the picked point (issue 40 item 3): its link names the point, and opened
    (in a new tab, so the editor page goes on) it opens on the Game tab the game the
    sweep's own games at ``value`` give for the first choice (played again here)."""
    run = SweepRun(workers=1)
    run.start(Deck.default(), tweak, VALUES[0], VALUES[-1], games=GAMES, players=4)
    assert run.wait(600) and run.error is None, run.error
    found = point_game(run, value, SHOW[0])
    assert found is not None and found.link is not None
    wanted = seed_of(found.link)
    page.locator(".vl-sweep-show-button").click()
    link = page.locator("a.vl-sweep-show-open")
    follow_expect(link).to_contain_text(f" {value} ")  # the picked point's
    href = html.unescape(link.get_attribute("href") or "")
    assert seed_of(href) == wanted
    with page.context.expect_page() as opened:
        link.click(modifiers=["Control"])  # a new tab, as a person keeps the sweep open
    game_page = opened.value
    try:
        wait_page(game_page, server=server)
        assert seed_of(game_page.url) == wanted
        current = game_page.locator(".vl-tabs .lm-TabBar-tab.lm-mod-current")
        follow_expect(current).to_have_text(i18n.text("page.tab_play", lang))
    finally:
        game_page.close()


def _pair_story(page: Page, server: Any, lang: str) -> None:
    """The Zwerg (selected) (Stärke 5, Geist 2, Geschick 3): Stärke swept with Geist giving (R2: the
    values sum to 10), 5 to 6; the columns name Geist's number; a click on 6 makes the
    draft's Zwerg 6/1/3."""
    deck = Deck.default()
    tweak = PairTweak("character", "char-zwerg", "staerke", "geist")
    attr = [i18n.text(f"card.attr.{f}", lang) for f in ("staerke", "geist", "geschick")]
    field = page.locator(".vl-sweep-field select").first
    follow(page, lambda: option_texts(field) == attr, "the Zwerg's three values", server=server)
    gives = page.locator(".vl-sweep-gives select")
    follow_expect(gives).to_be_visible()
    assert option_texts(gives) == attr[1:]
    for name, value in (("from", 5), ("to", 6), ("games", 4)):
        box = page.locator(f".vl-sweep-{name} input")
        box.fill(str(value))
        box.press("Tab")
    page.locator(".vl-sweep-start").click()
    follow_expect(page.locator(".vl-sweep-status")).to_have_text(
        i18n.text("sweep.done", lang, done=8)
    )
    now_text = i18n.text("sweep.now", lang)
    rows = [f"5 · {attr[1]} 2 ({now_text})", f"6 · {attr[1]} 1"]
    heads = page.locator(".vl-sweep-table tbody th")
    follow(page, lambda: heads.all_inner_texts() == rows, "the pair's rows", server=server)
    follow(
        page,
        lambda: _texts_fit(page, ["5", "6"], now_text),
        "the pair's columns",
        server=server,
    )
    diff = page.locator(f"{EDITOR} .verlies-diff li")
    for width in each_width(page):
        page.locator(".vl-sweep-plot").scroll_into_view_if_needed()

        def laid_out(w: int = width) -> bool:
            dots: list[dict[str, Any]] = page.evaluate(_POINTS_JS)
            return len(dots) == 2 and all(0 <= d["left"] and d["right"] <= w + 0.5 for d in dots)

        # bqplot lays the figure out again after the window changes: wait for it
        follow(page, laid_out, f"the dots inside {width} px", server=server)
        expected = describe_diff(deck, tweak.apply(deck, 6), lang)
        _click_dot(page, 1, lambda e=expected: diff.all_inner_texts() == e, "6/1/3", server)
        picked = i18n.text(
            "sweep.picked_pair", lang, what=attr[0], value=6, gives=attr[1], partner=1
        )
        follow_expect(page.locator(".vl-sweep-status")).to_have_text(picked)
        page.locator(f"{EDITOR} button:has-text('{i18n.text('editor.undo', lang)}')").click()
        follow(page, lambda: diff.all_inner_texts() == [], "undone", server=server)


_HEAT_JS = """
() => {
  const wrap = document.querySelector('.vl-sweep .vl-heat-wrap');
  const table = wrap.querySelector('table').getBoundingClientRect();
  const w = wrap.getBoundingClientRect();
  const cells = Array.from(wrap.querySelectorAll('td')).map((c) => {
    const r = c.getBoundingClientRect();
    return {text: c.innerText.replace(/\\s+/g, ' ').trim(),
            now: c.classList.contains('vl-heat-now'), left: r.left, right: r.right,
            scroll: c.scrollWidth, client: c.clientWidth};
  });
  const d = document.scrollingElement || document.documentElement;
  return {wrap: {left: w.left, right: w.right}, table: {left: table.left, right: table.right},
          cells, pageScroll: d.scrollWidth, pageClient: d.clientWidth};
}
"""


def _heat_story(page: Page, server: Any, lang: str) -> None:
    """The door (selected): its obstacle and its gold swept together (5–6 × 0–1, 4 games a
    cell): a heat map whose every cell shows the lab's number for it, the draft's cell
    (6, 0) marked "now"; at every width the whole grid inside the window, no cell cut."""
    deck = Deck.default()
    field = page.locator(".vl-sweep-field select").first
    obstacle = i18n.text("impact.field.obstacle", lang)
    gold = i18n.text("impact.field.gold", lang)
    follow(page, lambda: obstacle in option_texts(field), "the door's numbers", server=server)
    field.select_option(label=obstacle)
    second = page.locator(".vl-sweep-second select")
    follow(page, lambda: gold in option_texts(second), "the second number", server=server)
    second.select_option(label=gold)
    follow_expect(page.locator(".vl-sweep-from2 input")).to_be_visible()
    page.locator(".vl-sweep-quantity select").select_option(
        label=i18n.text("sweep.q.median_rounds", lang)
    )
    for name, value in (("from", 5), ("to", 6), ("from2", 0), ("to2", 1), ("games", 4)):
        box = page.locator(f".vl-sweep-{name} input")
        box.fill(str(value))
        box.press("Tab")
    page.locator(".vl-sweep-start").click()
    follow_expect(page.locator(".vl-sweep-status")).to_have_text(
        i18n.text("sweep.done", lang, done=16)
    )
    cells = ((5, 0), (6, 0), (5, 1), (6, 1))
    tweak = GridTweak("dungeon", DOOR, "obstacle", "gold", cells)
    lab = sweep(tweak, [0, 1, 2, 3], 4, players=4, deck=deck, characters="all", workers=1)
    want = [_value("median_rounds", est, lang) for est, _, _ in lab.curve_ci("median_rounds")]
    now = i18n.text("sweep.now", lang)
    # the grid's rows are gold 0 then 1, its columns obstacle 5 then 6: cells in that order
    expected = [want[0], f"{want[1]} {now}", want[2], want[3]]

    def drawn() -> bool:
        got: dict[str, Any] = page.evaluate(_HEAT_JS)
        return [c["text"] for c in got["cells"]] == expected

    follow(page, drawn, "the heat map's cells", server=server)
    for width in each_width(page):
        page.locator(".vl-sweep .vl-heat-wrap").scroll_into_view_if_needed()

        def fits(w: int = width) -> bool:
            got: dict[str, Any] = page.evaluate(_HEAT_JS)
            assert got["pageScroll"] <= got["pageClient"], got
            assert got["table"]["right"] <= w + 0.5 and got["table"]["left"] >= -0.5, got
            assert [c["now"] for c in got["cells"]] == [False, True, False, False], got
            for c in got["cells"]:
                assert c["scroll"] <= c["client"] + 1, ("cut", c)
            return True

        follow(page, fits, f"the heat map at {width} px", server=server)
        page.locator(".vl-sweep .vl-sweep-result").screenshot(
            path=str(ARTIFACTS / f"sweep_heat_{lang}_{width}.png")
        )

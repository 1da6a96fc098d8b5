"""The play page in a real browser (Voila + headless Debian Chromium): drawing, clicking a
whole game to its end, undo and time travel, and the board screenshot (tests/artifacts/).

The page describes itself for these tests (and for screen readers): the status line
(``.vl-state``) carries the game's state as data attributes, and ``.vl-board-info`` lists the
board's clickable targets with their canvas pixel centres. Clicks go to the canvas itself.
Waits follow progress (tests/browser/progress.py), never a fixed time: a busy machine that is
still working is waited for, a page that hangs fails once nothing moved for a while.

The tests share one page (tests/browser/one_page.py: a page load is the larger part of a
short test's cost); each starts its own game through the New game form first.
"""

from __future__ import annotations

from typing import Any

from browser_settings import ARTIFACTS
from one_page import OnePage, one_page_each, one_page_module  # noqa: F401
from page_moves import DATASET_JS, state, targets
from playwright.sync_api import Page
from progress import BOARD, follow, follow_expect, follow_js, has

from verlies.cards.model import Color
from verlies.render import style as st

# Copied to docs/screenshot.png for the README (tests never rewrite tracked files).
SCREENSHOT = ARTIFACTS / "board.png"
#: A two-human game that ends (escape, or the round limit) after a few dozen clicks.
SEED = 18
ROUND_LIMIT = 12

_PIXELS_JS = """
([selector, x, y, w, h]) => {
  const c = document.querySelector(selector);
  const d = c.getContext("2d").getImageData(x, y, w, h).data;
  const colors = new Set();
  let hash = 0;
  for (let i = 0; i < d.length; i += 4) {
    const rgb = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
    colors.add(rgb);
    hash = (Math.imul(hash, 31) + rgb + d[i + 3]) | 0;
  }
  return {hash, colors: Array.from(colors).slice(0, 20000)};
}
"""


#: The board's pixel hash alone (``_PIXELS_JS``'s hash without its list of colours: a
#: wait that reads the whole board again and again need not send thousands of colours).
_HASH_JS = """
(selector) => {
  const c = document.querySelector(selector);
  const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  let hash = 0;
  for (let i = 0; i < d.length; i += 4) {
    const rgb = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
    hash = (Math.imul(hash, 31) + rgb + d[i + 3]) | 0;
  }
  return hash;
}
"""


# The board in 8 x 8 pixel blocks, each block's mean red, green and blue: a board drawn
# again (undo, time travel) is compared by these, because the canvas may anti-alias an
# edge one unit differently when it draws the same scene in another order, which nobody
# sees; a real difference (a tile, a figure, a coin) moves whole blocks by far more.
_BLOCKS_JS = """
([selector, b]) => {
  const c = document.querySelector(selector);
  const W = c.width, H = c.height;
  const d = c.getContext("2d").getImageData(0, 0, W, H).data;
  const bw = Math.ceil(W / b), bh = Math.ceil(H / b);
  const sums = new Float64Array(bw * bh * 3), counts = new Float64Array(bw * bh);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4, k = Math.floor(y / b) * bw + Math.floor(x / b);
      sums[3 * k] += d[i]; sums[3 * k + 1] += d[i + 1]; sums[3 * k + 2] += d[i + 2];
      counts[k] += 1;
    }
  }
  return {w: bw, h: bh, v: Array.from(sums, (t, j) => Math.round(t / counts[Math.floor(j / 3)]))};
}
"""
BLOCK = 8


def board_blocks(page: Page) -> dict[str, Any]:
    """The settled board as block means (see ``_BLOCKS_JS``)."""
    settled_hash(page)
    blocks: dict[str, Any] = page.evaluate(_BLOCKS_JS, [BOARD, BLOCK])
    return blocks


def assert_same_board(page: Page, expected: dict[str, Any], what: str) -> None:
    """The board shows what it showed before: no 8 x 8 block's mean colour moved by more
    than 2 units (a person sees no such change; a changed tile or figure moves far more)."""
    now = board_blocks(page)
    assert (now["w"], now["h"]) == (expected["w"], expected["h"]), f"{what}: board resized"
    moved = [
        j for j, (a, b) in enumerate(zip(now["v"], expected["v"], strict=True)) if abs(a - b) > 2
    ]
    if moved:
        k = moved[0] // 3
        x, y = (k % now["w"]) * BLOCK, (k // now["w"]) * BLOCK
        worst = max(abs(now["v"][j] - expected["v"][j]) for j in moved)
        raise AssertionError(
            f"{what}: {len(moved)} block colours differ (first at pixel {x},{y}; up to {worst})"
        )


def hex_rgb(color: str) -> int:
    return int(color[1:], 16)


def board_data(page: Page) -> dict[str, str]:
    data: dict[str, str] = page.eval_on_selector(".vl-board-data", DATASET_JS)
    return data


def pixels(page: Page, x: int = 0, y: int = 0, w: int | None = None, h: int | None = None) -> Any:
    size = page.eval_on_selector(BOARD, "c => [c.width, c.height]")
    return page.evaluate(_PIXELS_JS, [BOARD, x, y, w or size[0], h or size[1]])


def board_hash(page: Page) -> int:
    """The whole board's pixel hash (the same number as ``pixels(page)["hash"]``)."""
    value: int = page.evaluate(_HASH_JS, BOARD)
    return value


def settled_hash(page: Page) -> int:
    """The board's pixel hash once it stopped changing (drawing is asynchronous): the same
    twice, 150 ms apart. A board that keeps changing fails the wait once nothing else moved
    for progress.STALLED seconds."""
    seen = [board_hash(page)]

    def settled() -> bool:
        page.wait_for_timeout(150)
        seen.append(board_hash(page))
        return bool(seen[-1] == seen[-2])

    follow(page, settled, "the board to stop changing")
    return int(seen[-1])


def wait_state(page: Page, before: dict[str, str]) -> dict[str, str]:
    """Wait, following progress, until the status line shows another state than
    ``before``."""
    now = [before]

    def moved() -> bool:
        now[0] = state(page)
        return now[0] != before

    follow(page, moved, f"the page to react (still {before})")
    return now[0]


def click_canvas(page: Page, target: dict[str, str]) -> None:
    box = page.locator(BOARD).bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + float(target["px"]), box["y"] + float(target["py"]))


def start_game(
    page: Page, seed: int, round_limit: int, controllers: list[str], edition: str | None = None
) -> None:
    """Start a new game through the form (tab "New game"), in English; ``edition``: a
    shipped edition of the standard deck picked by name (docs/balance.md)."""
    page.click(".vl-lang button:has-text('EN')")
    # the tabs' names follow the language (the state line may say "Game over": a page
    # shared with an earlier test can show a finished game)
    new_game = ".vl-tabs .lm-TabBar-tab:has-text('New game')"
    follow(page, has(page, new_game, "visible"), "the page in English")
    page.click(new_game)
    # the kernel builds a tab when it is first shown (app.py): the form, as it comes
    follow(page, has(page, ".vl-players-count select", "visible"), "the New game form")
    if edition is not None:
        page.select_option(".vl-setup-edition select", edition)
    page.select_option(".vl-players-count select", str(len(controllers)))
    for i, ctl in enumerate(controllers):
        page.select_option(f".vl-seat-{i + 1}-controller select", label=ctl)
    page.fill(".vl-seed input", str(seed))
    page.press(".vl-seed input", "Enter")
    page.fill(".vl-round-limit input", str(round_limit))
    page.press(".vl-round-limit input", "Enter")
    # Enter sends each field's value before the click's message (one ordered websocket);
    # the fields show what was typed, and the new game below shows the seed arrived.
    follow_expect(page.locator(".vl-seed input")).to_have_value(str(seed))
    follow_expect(page.locator(".vl-round-limit input")).to_have_value(str(round_limit))
    page.click(".vl-start")
    follow(page, has(page, ".vl-board", "visible"), "the board")
    names = ",".join("human" if c == "human" else c.split("“")[1].rstrip("”") for c in controllers)
    follow(
        page,
        lambda: state(page)["seed"] == str(seed) and state(page)["controllers"] == names,
        f"the new game (seed {seed}, {names}) to start",
    )


def click_one_step(page: Page) -> dict[str, str]:
    """Play the next step by clicking as a person would; returns the state before it."""
    s = state(page)
    if s["chance"] == "1":
        page.click(".vl-roll:visible")  # one button per kind (die, card); the other is hidden
    elif s["pending"] == "place":
        if page.query_selector(".vl-ghost") is None:
            target = targets(page, "place")[0]
            click_canvas(page, target)  # select the cell: the card appears there as a ghost
            follow(page, has(page, ".vl-ghost"), "the ghost card")
        page.click(".vl-confirm-place")
    elif s["pending"] == "turn" and page.query_selector(".vl-action-draw"):
        page.click(".vl-action-draw")
    elif s["pending"] == "turn" and targets(page, "walk"):
        click_canvas(page, targets(page, "walk")[0])
    else:
        page.click(".vl-action >> nth=0")  # decisions: attempt, choose, lose, wait ...
    wait_state(page, s)
    return s


def test_board_is_drawn_with_the_start_tile(one_page: OnePage, canvas_stats: Any) -> None:
    one_page.open()  # the page as it opens (the module's first load)
    page = one_page.page
    stats = canvas_stats(page, BOARD)[0]
    assert (stats["cssWidth"], stats["cssHeight"]) == (stats["width"], stats["height"])

    def drawn() -> bool:
        # open_page waits for a canvas with some colours; the batch that draws the card and
        # its figures lands in the browser a piece at a time: follow it to the end
        info = board_data(page)
        tile, ox, oy = int(info["tile"]), float(info["ox"]), float(info["oy"])
        start = pixels(page, int(ox), int(oy), tile, tile)["colors"]
        # the start card: rock, floor, its red gem (sprites drawn from the SVG renderer)
        for color in (st.ROCK, st.FLOOR, st.GEM[Color.RED]):
            assert hex_rgb(color) in start, color
        # the two figures stand on it in their colours, and the table is around it
        for color in (st.player_color(0), st.player_color(1)):
            assert hex_rgb(color) in start, color
        corner = pixels(page, 0, 0, 20, 20)["colors"]
        assert corner == [hex_rgb(st.TABLE)]
        return True

    follow(page, drawn, "the start card, its figures and the table drawn")
    # the waits' cheap hash is the hash of every pixel
    assert settled_hash(page) == pixels(page)["hash"]
    assert one_page.errors == []


def test_a_whole_game_clicked_to_the_end_with_undo_and_time_travel(one_page: OnePage) -> None:
    voila_server = one_page.server
    mark = voila_server.log_mark()
    page = one_page.ready()
    start_game(page, SEED, ROUND_LIMIT, ["human", "human"])
    first = board_blocks(page)
    assert len(targets(page)) == 0  # only "draw" is possible from the start card

    seen: dict[int, dict[str, Any]] = {0: first}  # step -> the board's block colours
    kinds: set[str] = set()
    screenshot_taken = False
    clicks = 0
    while state(page)["over"] == "0":
        clicks += 1
        assert clicks < 400, "the game did not end"
        now = state(page)
        if (
            not screenshot_taken
            and int(now["tiles"]) >= 4
            and now["pending"] == "place"
            and len(targets(page, "place")) >= 2
        ):
            # a mid-game board with the legal cells and the new card as a ghost
            click_canvas(page, targets(page, "place")[-1])
            follow(page, has(page, ".vl-ghost"), "the ghost card")
            settled_hash(page)
            SCREENSHOT.parent.mkdir(exist_ok=True)
            size = page.viewport_size
            page.set_viewport_size({"width": 1100, "height": 1080})
            page.screenshot(path=str(SCREENSHOT), full_page=True)
            if size is not None:
                page.set_viewport_size(size)
            screenshot_taken = True
        before = click_one_step(page)
        kinds.add(before["pending"])
        now = state(page)
        if now["chance"] == "0" and now["human"] == "1" and not page.query_selector(".vl-ghost"):
            seen[int(now["step"])] = board_blocks(page)
    end = state(page)
    assert end["over"] == "1" and end["reason"] in ("escaped", "timeout")
    assert {"turn", "draw", "place"} <= kinds
    assert "Game over" in page.inner_text(".vl-state")
    final = board_blocks(page)
    last_step = int(end["step"])

    # Undo: one step back, the board as it was there (if we saw it), then redo.
    earlier = max(s for s in seen if s < last_step)
    while int(state(page)["step"]) > earlier:
        s = state(page)
        page.click(".vl-undo")
        wait_state(page, s)
    assert int(state(page)["step"]) == earlier
    assert_same_board(page, seen[earlier], f"undo to step {earlier}")
    while int(state(page)["step"]) < last_step:
        s = state(page)
        page.click(".vl-redo")
        wait_state(page, s)
    assert_same_board(page, final, "redo to the end")

    # Time travel: the slider back to the start shows the first board again.
    s = state(page)
    readout = page.locator(".vl-history .widget-readout")
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("0")
    page.keyboard.press("Enter")
    wait_state(page, s)
    follow(page, lambda: (state(page)["step"], state(page)["tiles"]) == ("0", "1"), "step 0")
    assert_same_board(page, first, "time travel to step 0")
    # ... and to a step in the middle
    middle = sorted(seen)[len(seen) // 2]
    s = state(page)
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type(str(middle))
    page.keyboard.press("Enter")
    wait_state(page, s)
    follow(page, lambda: int(state(page)["step"]) == middle, f"step {middle}")
    assert_same_board(page, seen[middle], f"time travel to step {middle}")

    assert screenshot_taken
    assert one_page.errors == []
    assert voila_server.log_errors(since=mark) == []


def test_bots_step_to_the_end_and_the_chance_panel_shows_odds(one_page: OnePage) -> None:
    page = one_page.ready()
    start_game(page, 5, 30, ["bot “random”", "human"])
    s = state(page)
    # bots move at once: it is the human's turn now
    assert s["human"] == "1" and s["seat"] == "1"
    page.click(".vl-action-draw")
    wait_state(page, s)
    # one row per outcome, each with its chance (the odds come after the state line)
    follow_js(
        page,
        """() => { const rows = [...document.querySelectorAll('.vl-orows > p')];
            const box = document.querySelector('.vl-outcomes');
            return rows.length > 0 && rows.every((r) => r.dataset.p)
                && box !== null && box.innerText.includes('%'); }""",
        "the outcomes with their chances",
    )
    # what-if: pick the last outcome and take it
    s = state(page)
    assert page.locator(".vl-what-if select option").count() == 0  # filled when asked for
    page.click(".vl-pick-toggle")
    follow_expect(page.locator(".vl-what-if select option").first).to_be_attached()
    options = page.locator(".vl-what-if select option")
    page.select_option(".vl-what-if select", index=options.count() - 1)
    # the open list and its button stay inside the chance panel, the roll button too
    panel = page.locator(".vl-chance").bounding_box()
    assert panel is not None
    for part in (".vl-what-if select", ".vl-take-outcome", ".vl-roll-card"):
        box = page.locator(part).bounding_box()
        assert box is not None, part
        assert (
            panel["x"] <= box["x"] and box["x"] + box["width"] <= panel["x"] + panel["width"] + 1
        ), (
            part,
            box,
            panel,
        )
    page.click(".vl-take-outcome")
    wait_state(page, s)
    follow(page, lambda: state(page)["pending"] == "place", "the drawn card to place")
    follow(page, lambda: bool(page.inner_text(".vl-drawn-box").strip()), "the drawn card shown")
    assert one_page.errors == []


def test_autoplay_plays_a_bots_game_to_the_end(one_page: OnePage) -> None:
    page = one_page.ready()
    start_game(page, 11, 4, ["bot “random”", "bot “careful”"])
    assert state(page)["step"] == "0"  # a bots-only game waits for the stepping
    page.click(".vl-step")
    follow_js(page, "document.querySelector('.vl-state').dataset.step === '1'", "step 1")
    page.locator(".vl-autoplay button").first.click()
    seen = set()

    def over() -> bool:
        now = state(page)
        seen.add(now["step"])
        return now["over"] != "0"

    follow(page, over, "autoplay to finish the game")
    assert len(seen) > 3  # it went step by step, visibly
    assert one_page.errors == []

"""What the board's pixels show where figures, the obstacle's number and an odds badge meet
(issue 24 item 7: an injured figure lay over the obstacle's number, the "66.7 %" badge
covered a figure).

A link opens a three-player game at a position where the blue figure (seat 2) lies
injured on a card with a red Lava obstacle, and the orange figure (seat 1) stands alone on
a cell the pink player may walk to with a chance of 2 in 3, so that cell carries the
"66,7 %" / "66.7 %" badge. The test reads the drawn canvas (getImageData) around both
cells, at 390 and 1280 px, in German and English, and checks by colour:

- inside the obstacle's dot every pixel is the dot's red, the number's paper white or a
  blend of the two (nothing lies over the number), and the dot is there;
- the lying figure's blue is drawn in the cell, none of it inside the dot, and none of the
  dot's red inside the figure's outline;
- the ring of the obstacle's pictogram (bottom-right corner, in the dot's colour) is whole:
  every one of its 24 sectors shows that colour somewhere on its line (the figure, its dark
  translucent shadow or the turn marker over it leave sectors without), and none of the
  figure's blue lies within it;
- the badge (its yellow) is drawn, no orange of the figure inside it, and no badge yellow
  inside the standing figure's outline;
- two to four figures (standing and lying, one of them to move) on an obstacle card leave
  the dot's number and the ring's 24 sectors whole and keep their colours out of both
  (tests/helpers/figure_pixels.py, shared with tests/render/test_export_figure_pixels.py,
  which checks the exported board the same way).

The colours are those of verlies.render.style; where things are comes from the pixels
themselves (the figure's outline is the box of its colour), not from the layout code, so
the test judges what is drawn. Waits follow progress (tests/browser/progress.py).

Each test opens one page and walks it through the widths (the window resized: the canvas
keeps its pixel size, the page scales it) and the languages (the page's own switch); the
crowded positions come to that page one after the other by its upload of their save files
(a page load costs a kernel and a Chromium renderer's start, ~3 CPU-s: issue 20 item 6).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from browser_settings import ARTIFACTS
from figure_pixels import (
    NEAR,
    RING_SECTORS,
    disc,
    dot_problems,
    near,
    off_segment,
    rgb,
    ring_problems,
    shown_problems,
)
from playwright.sync_api import Page
from progress import BOARD, follow, follow_event, follow_expect, navigate, wait_page
from test_play import board_data, settled_hash

from verlies.game import Game
from verlies.links import MAX_LINK_CHARS, encode
from verlies.render import style as st
from verlies.ui.core import share
from verlies.ui.core.session import HUMAN, Session
from verlies.ui.core.words import t
from verlies.ui.play.controller import Controller

SIZES = ((390, 844), (1280, 800))
#: The position: 3 players, seed 54, 147 steps of a random player (Random(54)).
SEED, PLAYERS, STEPS = 54, 3, 147

_REGION_JS = """
([selector, x, y, w, h]) => {
  const c = document.querySelector(selector);
  return Array.from(c.getContext("2d").getImageData(x, y, w, h).data);
}
"""


def played(players: int, seed: int, steps: int) -> Game:
    """``steps`` steps of a random player (Random(seed)) in a new game of that seed."""
    game = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_chance:
            outcomes = game.chance_outcomes()
            weights = [float(p) for _, p in outcomes]
            game.apply(rng.choices([o for o, _ in outcomes], weights=weights)[0])
        else:
            game.apply(rng.choice(list(game.legal_actions())))
    return game


def position() -> tuple[str, dict[str, Any]]:
    """The link value of the position, and what the engine says is where."""
    game = played(PLAYERS, SEED, STEPS)
    scene = Controller(Session(game), "en").scene()
    by_cell: dict[tuple[int, int], list[Any]] = {}
    for f in scene.figures:
        by_cell.setdefault((f.x, f.y), []).append(f)
    hurt = [
        (cell, fs[0])
        for cell, fs in by_cell.items()
        if len(fs) == 1 and fs[0].injured and not fs[0].current and cell not in scene.highlights
    ]
    badged = [
        (cell, fs[0])
        for cell, fs in by_cell.items()
        if len(fs) == 1 and not fs[0].injured and cell in scene.highlights
    ]
    # the position is what the test needs (a changed engine would say so here)
    assert len(hurt) == 1 and len(badged) == 1, (hurt, badged)
    (hurt_cell, hurt_fig), (badge_cell, badge_fig) = hurt[0], badged[0]
    obstacle = game.board[hurt_cell].card.obstacle
    assert obstacle is not None, hurt_cell
    assert scene.highlights[badge_cell].label == "66.7 %", scene.highlights[badge_cell]
    value = encode(game, [HUMAN] * PLAYERS)
    assert len(value) <= MAX_LINK_CHARS, len(value)
    facts = {
        "hurt": hurt_cell,
        "hurt_color": st.player_color(hurt_fig.seat),
        "dot": st.OBSTACLE_DOT[obstacle.color],
        "badge": badge_cell,
        "badge_fig_color": st.player_color(badge_fig.seat),
        "badge_color": st.HIGHLIGHT["walk"].stroke,
    }
    return value, facts


def cell_pixels(page: Page, cell: tuple[int, int]) -> tuple[np.ndarray, int]:
    """The drawn cell (height x width x RGB, floats) and its tile size in pixels."""
    info = board_data(page)
    ts = float(info["tile"])
    x0 = round(float(info["ox"]) + cell[0] * ts)
    y0 = round(float(info["oy"]) + cell[1] * ts)
    size = round(ts)
    width, height = page.eval_on_selector(BOARD, "c => [c.width, c.height]")
    # the whole cell is on the canvas (the board fits the dungeon into view)
    assert 0 <= x0 and 0 <= y0 and x0 + size <= width and y0 + size <= height, (cell, info)
    flat = page.evaluate(_REGION_JS, [BOARD, x0, y0, size, size])
    return np.array(flat, dtype=float).reshape(size, size, 4)[:, :, :3], size


def bbox(mask: np.ndarray) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) of the true pixels, right and bottom exclusive."""
    ys, xs = np.nonzero(mask)
    assert len(xs), "nothing of that colour in the cell"
    return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1


def check_injured_figure(px: np.ndarray, size: int, facts: dict[str, Any], where: str) -> None:
    """The lying figure and the obstacle's number keep clear of each other."""
    # the dot without its paper rim (line 0.022 of a tile) and one pixel of anti-aliasing
    inner = disc(size, st.OBSTACLE_R * size - 0.011 * size - 1.5)
    dot = near(px, facts["dot"])
    assert dot[inner].mean() > 0.5, f"{where}: the obstacle's dot is not drawn"
    foreign = (off_segment(px, facts["dot"], st.PAPER) > NEAR) & inner
    assert not foreign.any(), (
        f"{where}: {int(foreign.sum())} pixels inside the obstacle's number are neither its "
        f"red nor its white (first at {np.argwhere(foreign)[0].tolist()} of a {size} px cell)"
    )
    figure = near(px, facts["hurt_color"])
    assert figure.sum() > 0.02 * size * size, f"{where}: the injured figure is not drawn"
    covered = figure & disc(size, st.OBSTACLE_R * size)
    assert not covered.any(), f"{where}: the injured figure's colour inside the dot"
    # and the other way: no red of the dot inside the figure's outline (the pictogram's
    # ring in the bottom right corner has the dot's colour too: not the number, left out)
    left, top, right, bottom = bbox(figure)
    glyph = disc(size, (st.GLYPH_R + 0.02) * size + 2, st.GLYPH_POS)
    red = (dot & ~glyph)[top:bottom, left:right]
    assert not red.any(), (
        f"{where}: {int(red.sum())} pixels of the dot's red inside the figure's outline "
        f"{left, top, right, bottom} of a {size} px cell"
    )
    check_glyph_ring(px, size, facts, where)


def check_glyph_ring(px: np.ndarray, size: int, facts: dict[str, Any], where: str) -> None:
    """The lying figure, its shadow and its turn marker keep clear of the ring around the
    obstacle's pictogram: every sector of the ring shows the ring's colour.

    A pixel shows the ring if it is the ring's colour or a blend of it with the paper inside
    (the line's inner edge), at least 40 % ring: a shadow (black at 30 %) or a figure over
    it is neither. The band searched is the line and 3 px each side (the tile is drawn
    inset by its gap, and its pixels rounded)."""
    ys, xs = np.mgrid[0:size, 0:size] + 0.5
    cx, cy = st.GLYPH_POS[0] * size, st.GLYPH_POS[1] * size
    r = np.hypot(xs - cx, ys - cy)
    half = st.GLYPH_LINE * size / 2
    band = np.abs(r - st.GLYPH_R * size) <= half + 3.0
    sector = (np.degrees(np.arctan2(ys - cy, xs - cx)) % 360 // (360 / RING_SECTORS)).astype(int)
    ring, paper = rgb(facts["dot"]), rgb(st.PAPER)
    d = paper - ring
    t = np.clip(((px - ring) @ d) / float(d @ d), 0.0, 1.0)
    inked = (np.linalg.norm(px - (ring + t[..., None] * d), axis=-1) <= NEAR) & (t <= 0.6)
    shown = set(np.unique(sector[band & inked]).tolist())
    missing = [k for k in range(RING_SECTORS) if k not in shown]
    covered = int((band & np.isin(sector, missing)).sum())
    assert not missing, (
        f"{where}: the pictogram's ring is covered in {len(missing)} of {RING_SECTORS} "
        f"sectors ({[k * 360 // RING_SECTORS for k in missing]} degrees; {covered} pixels "
        f"of the band around its line) of a {size} px cell"
    )
    blue = near(px, facts["hurt_color"]) & (r <= st.GLYPH_R * size + half + 1.0)
    assert not blue.any(), f"{where}: {int(blue.sum())} pixels of the figure inside the ring"


def check_badge(px: np.ndarray, size: int, facts: dict[str, Any], where: str) -> None:
    """The odds badge and the standing figure keep clear of each other."""
    # the badge's fill, away from the cell's outline (inset 0.06 of a tile, 0.05 wide)
    edge = int(0.12 * size)
    yellow = np.zeros(px.shape[:2], dtype=bool)
    yellow[edge:-edge, edge:-edge] = near(px, facts["badge_color"], 12.0)[edge:-edge, edge:-edge]
    assert yellow.sum() > 0.01 * size * size, f"{where}: the odds badge is not drawn"
    b_left, b_top, b_right, b_bottom = bbox(yellow)
    figure = near(px, facts["badge_fig_color"])
    assert figure.sum() > 0.02 * size * size, f"{where}: the standing figure is not drawn"
    in_badge = figure[b_top:b_bottom, b_left:b_right]
    assert not in_badge.any(), (
        f"{where}: {int(in_badge.sum())} pixels of the figure inside the badge "
        f"{b_left, b_top, b_right, b_bottom} of a {size} px cell"
    )
    f_left, f_top, f_right, f_bottom = bbox(figure)
    in_figure = yellow[f_top:f_bottom, f_left:f_right]
    assert not in_figure.any(), (
        f"{where}: {int(in_figure.sum())} pixels of the badge inside the figure's outline "
        f"{f_left, f_top, f_right, f_bottom} of a {size} px cell"
    )


def test_figures_the_obstacle_number_and_the_odds_badge_do_not_overlap(
    page: Page, page_url: Any, voila_server: Any, console_errors: list[str]
) -> None:
    """One page (the link opened once, in German at 390 px), then walked: 1280 px, English,
    390 px again. The canvas keeps its pixel size at every width (the page scales it), and
    the language changes only the badge's words ("66,7 %" / "66.7 %"): the page's own
    language switch redraws them, so no check needs a fresh page."""
    value, facts = position()
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    navigate(page, f"{page_url()}?lang=de&g={value}", server=voila_server)
    wait_page(page, server=voila_server)
    assert page.locator(".vl-link-error").count() == 0, page.inner_text("body")[:500]
    badge = facts["badge"]
    label = page.locator(f".vl-target[data-x='{badge[0]}'][data-y='{badge[1]}']")
    # the position is shown: the badge's cell is a walk target with its odds in German
    follow(page, lambda: label.count() == 1, "the linked position's walk targets")
    drawn: dict[str, int] = {}
    for (width, height), lang in (
        (SIZES[0], "de"),
        (SIZES[1], "de"),
        (SIZES[1], "en"),
        (SIZES[0], "en"),
    ):
        page.set_viewport_size({"width": width, "height": height})
        if lang not in drawn and drawn:
            switch_lang(page, lang)
            odds = "66,7 %" if lang == "de" else "66.7 %"
            follow(
                page,
                lambda o=odds: (label.text_content() or "").endswith(o),
                f"the badge's odds in {lang}",
            )
            # the board is drawn again with the badge's words of the new language
            follow(page, lambda: settled_hash(page) not in drawn.values(), f"the board in {lang}")
        drawn[lang] = settled_hash(page)
        where = f"{width} px, {lang}"
        px, size = cell_pixels(page, facts["hurt"])
        check_injured_figure(px, size, facts, f"{where}, injured figure")
        px, size = cell_pixels(page, facts["badge"])
        check_badge(px, size, facts, f"{where}, badge")
    assert console_errors == []


def switch_lang(page: Page, lang: str) -> None:
    """The page's own language switch; waits until the state line speaks ``lang``."""
    page.click(f".vl-lang button:has-text('{lang.upper()}')")
    rounds = page.locator(".vl-state .vl-round")

    def spoken() -> bool:
        n = page.eval_on_selector(".vl-state", "e => e.dataset.round")
        return rounds.text_content() == t("round", lang, n=n)

    follow(page, spoken, f"the page in {lang}")


#: A position where the player to move lies injured on an obstacle (2 players, seed 8,
#: 8 random steps): the ring that marks whose turn it is goes around the lying figure.
CURRENT = (2, 8, 8)


def test_the_turn_ring_of_an_injured_figure_keeps_off_the_obstacle_number(
    page: Page, page_url: Any, voila_server: Any, console_errors: list[str]
) -> None:
    players, seed, steps = CURRENT
    game = played(players, seed, steps)
    scene = Controller(Session(game), "en").scene()
    (hurt,) = [f for f in scene.figures if f.injured and f.current]
    cell = (hurt.x, hurt.y)
    assert [f for f in scene.figures if (f.x, f.y) == cell] == [hurt], scene.figures
    obstacle = game.board[cell].card.obstacle
    assert obstacle is not None and cell not in scene.highlights, cell
    facts = {
        "hurt": cell,
        "hurt_color": st.player_color(hurt.seat),
        "dot": st.OBSTACLE_DOT[obstacle.color],
    }
    value = encode(game, [HUMAN] * players)
    # One page: the link opened at 390 px, then the window widened (the canvas keeps its
    # pixel size, the page scales it: no fresh page needed for the second width).
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    navigate(page, f"{page_url()}?g={value}", server=voila_server)
    wait_page(page, server=voila_server)
    assert page.locator(".vl-link-error").count() == 0, page.inner_text("body")[:500]
    follow(
        page,
        lambda: board_data(page).get("tiles") == str(len(scene.tiles)),
        "the linked position's board",
    )
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        settled_hash(page)
        px, size = cell_pixels(page, cell)
        ARTIFACTS.mkdir(exist_ok=True)  # what a person sees (the board may be shown smaller)
        page.locator(BOARD).screenshot(path=str(ARTIFACTS / f"board-turn-ring-{width}.png"))
        check_injured_figure(px, size, facts, f"{width} px, injured figure to move")
    assert console_errors == []


#: Positions (players, seed, random steps of ``played``) where two to four figures share a
#: card with an obstacle: two standing; two lying; one of each; three standing; two
#: standing and one lying; one standing and two lying; four: two standing and two lying,
#: three standing and one lying (found by playing seeds in order).
CROWDS = (
    (4, 2, 106),
    (4, 3, 71),
    (4, 3, 74),
    (4, 3, 80),
    (4, 8, 108),
    (4, 8, 112),
    (4, 22, 298),
    (4, 43, 21),
)


def crowd(players: int, seed: int, steps: int) -> tuple[Game, dict[str, Any]]:
    """The game of a position, and the cell where figures crowd on an obstacle."""
    game = played(players, seed, steps)
    scene = Controller(Session(game), "en").scene()
    by_cell: dict[tuple[int, int], list[Any]] = {}
    for f in scene.figures:
        by_cell.setdefault((f.x, f.y), []).append(f)
    cells = [
        (cell, fs)
        for cell, fs in by_cell.items()
        if len(fs) >= 2 and game.board[cell].card.obstacle is not None
    ]
    assert len(cells) == 1, cells  # the position is what the test needs
    ((cell, fs),) = cells
    assert cell not in scene.highlights, cell  # no tint of a target over the dot's colour
    obstacle = game.board[cell].card.obstacle
    assert obstacle is not None
    facts = {
        "cell": cell,
        "tiles": len(scene.tiles),
        # the board's one line of where every figure is (board_view's .vl-figures)
        "figures": ", ".join(
            f"{f.seat + 1} ({f.x}, {f.y}){'!' if f.injured else ''}" for f in scene.figures
        ),
        "dot": st.OBSTACLE_DOT[obstacle.color],
        # seat 4's white is too near the card's paper to tell by colour
        "colors": [st.player_color(f.seat) for f in fs if f.seat < 3],
        "what": f"{len(fs)} figures, lying {[f.injured for f in fs]}, "
        f"to move {[f.current for f in fs]}",
    }
    return game, facts


def upload_game(page: Page, game: Game, name: str) -> None:
    """Load ``game`` as a save file through the play tab's upload button, as a person
    would (the file chooser the button opens); waits until the page names the file."""
    text = share.with_seats(game.to_json(), [HUMAN] * game.players)
    chooser = follow_event(
        page, "filechooser", lambda: page.click(".vl-upload"), "the upload's file chooser"
    )
    chooser.set_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": text.encode()}]
    )
    follow_expect(page.locator(".vl-file-message")).to_contain_text(name)


def test_two_to_four_figures_keep_clear_of_the_number_and_the_ring(
    page: Page, page_url: Any, voila_server: Any, console_errors: list[str]
) -> None:
    """Figures crowding on an obstacle card (standing and lying) leave the dot's number and
    the pictogram's ring whole on the page's canvas, at 390 px in German and 1280 px in
    English, for each position of :data:`CROWDS`.

    The positions need no fresh kernel: one page walks them. The first arrives by its link;
    each further one by the page's own upload of its save file (a new game for the page,
    the same position bit for bit). At each position the page is checked at the width and
    language it is in, then at the other (window resized, the page's language switch)."""
    games = [crowd(*where) for where in CROWDS]
    look = [(SIZES[0], "de"), (SIZES[1], "en")]
    for k, ((game, facts), where) in enumerate(zip(games, CROWDS, strict=True)):
        if k == 0:
            page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
            value = encode(game, [HUMAN] * game.players)
            navigate(page, f"{page_url()}?lang=de&g={value}", server=voila_server)
            wait_page(page, server=voila_server)
            assert page.locator(".vl-link-error").count() == 0, page.inner_text("body")[:500]
        else:
            upload_game(page, game, f"crowd-{'-'.join(map(str, where))}.json")
        # the position is shown: its board and every figure where the engine puts it
        follow(
            page,
            lambda f=facts: (
                board_data(page).get("tiles") == str(f["tiles"])
                and page.text_content(".vl-figures") == f["figures"]
            ),
            f"the position {where}'s board",
        )
        for (width, height), lang in look:
            if k > 0 or lang != "de":
                page.set_viewport_size({"width": width, "height": height})
                switch_lang(page, lang)
            settled_hash(page)
            px, size = cell_pixels(page, facts["cell"])
            colors = facts["colors"]
            found = dot_problems(px, facts["dot"], colors) + ring_problems(px, facts["dot"], colors)
            found += shown_problems(px, colors, 0.005)
            assert not found, (
                f"{where}, {width} px, {lang}, {facts['what']}, a {size} px cell: {found}"
            )
        look.reverse()  # the next position starts where this one ended
    assert console_errors == []

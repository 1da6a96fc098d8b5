"""Figures and odds badges in a cell keep clear of each other and of the obstacle's number
(issue 24 item 7), as laid out by verlies.ui.board.layout (what board_view draws)."""

from __future__ import annotations

import itertools

import pytest

from verlies.ui.board.layout import (
    CLEAR,
    GLYPH_GAP,
    Box,
    PawnPlace,
    badge_box,
    dot_circle,
    glyph_circle,
    obstacle_box,
    pawn_places,
)

CELL = Box(-0.5, -0.5, 0.5, 0.5)
#: "66.7 %" at the board's usual tile (board_view._badge: 6 characters, font 0.15 tile)
BADGE_W = 6 * 0.15 * 0.62 + 0.15 * 0.6


def inside(box: Box, cell: Box = CELL) -> bool:
    eps = 1e-9
    return (
        box.left >= cell.left - eps
        and box.right <= cell.right + eps
        and box.top >= cell.top - eps
        and box.bottom <= cell.bottom + eps
    )


@pytest.mark.parametrize("badge", [False, True])
def test_a_lone_injured_figure_lies_clear_of_the_obstacle_number(badge: bool) -> None:
    (at,) = pawn_places([True], badge=badge)
    assert not at.box.meets(obstacle_box()), at.box
    assert inside(at.box)
    if badge:
        assert not at.box.meets(badge_box(BADGE_W))


def test_the_odds_badge_covers_no_standing_lone_figure() -> None:
    (at,) = pawn_places([False], badge=True)
    assert not at.box.meets(badge_box(BADGE_W)), (at.box, badge_box(BADGE_W))
    assert inside(badge_box(BADGE_W)) and inside(at.box)
    # without a badge the figure stands a little low, as before, to show more of the dot
    (low,) = pawn_places([False])
    assert low.y > at.y


@pytest.mark.parametrize("n", [2, 3, 4])
def test_injured_figures_in_a_crowd_keep_off_the_obstacle_number(n: int) -> None:
    for hurt in itertools.product([False, True], repeat=n):
        places = pawn_places(list(hurt))
        for at in places:
            if at.injured:
                assert not at.box.meets(obstacle_box()), (hurt, at)
                assert inside(at.box), (hurt, at)


def test_the_check_itself_sees_an_overlap() -> None:
    """The old place of a lone injured figure (centre + 0.08, height 0.46) lay on the dot."""
    assert PawnPlace(0.0, 0.08, 0.46, True).box.meets(obstacle_box())
    assert PawnPlace(0.0, 0.08, 0.46, False).box.meets(badge_box(BADGE_W))


def gap_to_circle(box: Box, circle: tuple[float, float, float]) -> float:
    """How far ``box`` stays outside the circle (negative: they overlap)."""
    cx, cy, r = circle
    nx, ny = min(max(cx, box.left), box.right), min(max(cy, box.top), box.bottom)
    return float(((nx - cx) ** 2 + (ny - cy) ** 2) ** 0.5 - r)


def marker_box(at: PawnPlace) -> Box:
    """The flat ellipse that marks a lying figure to move, with its white line."""
    from verlies.ui.board.layout import LYING_MARK_LINE, LYING_MARK_RX, LYING_MARK_RY

    rx = (LYING_MARK_RX + LYING_MARK_LINE / 2) * at.h
    ry = (LYING_MARK_RY + LYING_MARK_LINE / 2) * at.h
    return Box(at.x - rx, at.y - ry, at.x + rx, at.y + ry)


def test_a_lone_injured_figure_keeps_clear_of_the_pictogram_ring() -> None:
    """Issue 24 item 7's leftover: lying under the dot, its feet and shadow touched the ring
    of the obstacle's pictogram in the bottom-right corner."""
    (at,) = pawn_places([True])
    assert at.y > 0  # at the bottom, where the ring is
    ring = glyph_circle()
    assert gap_to_circle(at.box, ring) >= GLYPH_GAP - 1e-9, at
    assert gap_to_circle(marker_box(at), ring) >= GLYPH_GAP - 1e-9, at
    assert inside(at.box) and inside(marker_box(at)), at
    assert not at.box.meets(obstacle_box()) and not marker_box(at).meets(obstacle_box())
    # the check sees the old place: in the middle, its shadow on the ring
    old = PawnPlace(0.0, at.y, at.h, True)
    assert gap_to_circle(old.box, ring) < 0


def test_a_lone_injured_figure_above_a_badge_stays_in_the_middle() -> None:
    """At the top (the badge holds the bottom) there is no ring to keep clear of."""
    (at,) = pawn_places([True], badge=True)
    assert at.y < 0 and at.x == 0.0


# ---- one to four figures on a card with an obstacle (render/figure_places.py) ----------

PATTERNS = [hurt for n in (1, 2, 3, 4) for hurt in itertools.product([False, True], repeat=n)]


def clear_problems(places: list[PawnPlace], badge: bool, gap: float = CLEAR) -> list[str]:
    """What a placement covers: the dot, the ring, the badge's row, another figure, or the
    cell's edge (each figure's reach: pawn, ink line, shadow, a lying one's turn ellipse),
    keeping ``gap`` from the dot and the ring."""
    out = []
    for i, at in enumerate(places):
        reach = at.reach
        if reach.gap_to_circle(dot_circle()) < gap - 1e-9:
            out.append(f"{i}: on the dot")
        if reach.gap_to_circle(glyph_circle()) < gap - 1e-9:
            out.append(f"{i}: on the ring")
        if badge and reach.meets(badge_box(1.0)):
            out.append(f"{i}: on the badge")
        if not inside(reach):
            out.append(f"{i}: out of the cell")
        out += [f"{i}: on {j}" for j, o in enumerate(places[:i]) if reach.meets(o.reach)]
    return out


@pytest.mark.parametrize("hurt", PATTERNS, ids=lambda h: "".join("L" if v else "S" for v in h))
def test_figures_on_an_obstacle_keep_clear_of_dot_ring_and_each_other(
    hurt: tuple[bool, ...],
) -> None:
    places = pawn_places(list(hurt), obstacle=True)
    assert [p.injured for p in places] == list(hurt)
    # the lone lying figure keeps its place of before: its ink line touches the dot's paper
    # rim's outer edge (not the rim, not the number)
    assert not clear_problems(places, badge=False, gap=0.0 if hurt == (True,) else CLEAR)
    assert len({p.h for p in places}) == 1  # one size on a card
    # readable: 0.32 of a tile (a crowd elsewhere: 0.36), four standing 0.26, and the
    # smallest four lying (only the bands above and below the dot hold them) 0.22
    least = {(False,) * 4: 0.26, (True,) * 4: 0.22, (True,): 0.4}.get(hurt, 0.32)
    assert places[0].h >= least - 1e-9, places
    # the same figures get the same places (the page redraws every step)
    assert pawn_places(list(hurt), obstacle=True) == places


@pytest.mark.parametrize("hurt", [h for h in PATTERNS if len(h) <= 3])
def test_figures_on_a_badged_obstacle_keep_clear_of_the_badge_too(hurt: tuple[bool, ...]) -> None:
    """A walk target with odds holds at most three figures (the mover stands elsewhere)."""
    places = pawn_places(list(hurt), badge=True, obstacle=True)
    problems = clear_problems(places, badge=True)
    if hurt == (True,):  # the lone lying figure lies at the top, centred, as before
        problems = [p for p in problems if "ring" not in p and "dot" not in p]
    assert not problems, places
    assert all(p.h >= 0.22 for p in places)


def test_the_old_places_covered_dot_and_ring() -> None:
    """The check sees what was drawn before: the offsets of style.FIGURE_OFFSETS at 0.36."""
    from verlies.render import style as st

    for n in (2, 3, 4):
        old = [PawnPlace(x, y, st.FIGURE_H_CROWDED, False) for x, y in st.FIGURE_OFFSETS[n]]
        assert clear_problems(old, badge=False), n
    assert clear_problems([PawnPlace(0.0, 0.08, st.FIGURE_H, False)], badge=False)

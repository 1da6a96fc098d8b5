"""The history beside the time slider, without widgets: one row per branch (its name, its
length, where it left its parent, whether it is shown), the comparison of two branches as
HTML, and where "undo turn" goes when people play against bots. The tree itself is
:class:`verlies.tree.GameTree`."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass

from verlies.game import Game
from verlies.record import Edit
from verlies.tree import Comparison, GameTree, SeatEnd
from verlies.ui.core.describe import character_name
from verlies.ui.core.words import t

esc = html.escape


@dataclass(frozen=True)
class BranchRow:
    name: str
    label: str  # "name · n steps"
    title: str  # the tooltip: where it branched off
    current: bool
    can_delete: bool


def branch_rows(tree: GameTree, lang: str) -> tuple[BranchRow, ...]:
    """Every branch as the list shows it, in the order they were made."""
    rows = []
    for b in tree.branches():
        # the shown branch's length is the slider's end (and changes with every step)
        label = b.name if b.current else t("branch_label", lang, name=b.name, n=b.length)
        if b.parent is None:
            title = t("branch_root", lang)
        else:
            title = t("branch_from", lang, parent=b.parent, k=b.fork)
        rows.append(BranchRow(b.name, label, title, b.current, not b.current))
    return tuple(rows)


def started_text(tree: GameTree, name: str, lang: str) -> str:
    """What the page says when a what-if at a past step started branch ``name``."""
    info = {b.name: b for b in tree.branches()}[name]
    return t("branch_started", lang, name=name, k=info.fork, parent=info.parent or "")


def comparison_html(
    game: Game, cmp: Comparison, lang: str, at: int | None = None, designer: bool = False
) -> str:
    """Two branches side by side at their ends, or both after ``at`` steps (a shorter
    one at its end): gold, position, escaped, per seat; the cells that differ are marked.
    Outside designer mode only what the table sees: coins and how many treasures, not the
    treasures' hidden values (R9.3), until that branch's game is over."""
    a, b = cmp.a, cmp.b

    def cell(va: object, vb: object, text: str) -> str:
        cls = ' class="vl-diff"' if va != vb else ""
        return f"<td{cls}>{esc(text)}</td>"

    def where(seat_a: object, seat_b: object, pos: tuple[int, int], escaped: bool) -> str:
        return t("escaped", lang) if escaped else f"({pos[0]}, {pos[1]})"

    head = (
        f"<tr><th></th><th colspan=2>{esc(a.name)}</th><th colspan=2>{esc(b.name)}</th></tr>"
        f"<tr><th></th><th>{esc(t('gold', lang))}</th><th>{esc(t('branch_where', lang))}</th>"
        f"<th>{esc(t('gold', lang))}</th><th>{esc(t('branch_where', lang))}</th></tr>"
    )

    def gold(seat: SeatEnd, over: bool) -> str:
        if designer or over or not seat.treasures:
            return str(seat.gold)
        return t("branch_gold_hidden", lang, coins=seat.coins, n=seat.treasures)

    rows = []
    for sa, sb in zip(a.seats, b.seats, strict=True):
        pa = where(sa, sb, sa.pos, sa.escaped)
        pb = where(sa, sb, sb.pos, sb.escaped)
        ga, gb = gold(sa, a.over), gold(sb, b.over)
        rows.append(
            f"<tr><th>{esc(character_name(game, sa.seat, lang))}</th>"
            f"{cell(ga, gb, ga)}{cell(pa, pb, pa)}"
            f"{cell(ga, gb, gb)}{cell(pa, pb, pb)}</tr>"
        )

    def state(end_over: bool, n: int) -> str:
        if at is not None and n < at:  # shorter than the step compared at: its end
            ended = t("branch_ends_at", lang, n=n)
            return f"{ended} · {t('game_over', lang)}" if end_over else ended
        return t("game_over", lang) if end_over else t("branch_steps", lang, n=n)

    foot = (
        f"<tr><th></th><td colspan=2>{esc(state(a.over, a.length))}</td>"
        f"<td colspan=2>{esc(state(b.over, b.length))}</td></tr>"
    )
    shared = esc(t("branch_shared", lang, n=cmp.shared))
    if at is not None:
        shared = f"{esc(t('branch_compare_at', lang, k=at))} {shared}"
    return (
        f'<div class="vl-compare"><div>{shared}</div>'
        f"<table>{head}{''.join(rows)}{foot}</table></div>"
    )


def last_human_decision(game: Game, is_human: Callable[[int], bool]) -> int | None:
    """The step number just before the last decision a human seat took (before the
    position shown): where "undo turn" takes a person who plays against bots, instead of
    the start of a bot's turn. None when no human has decided yet."""
    replay = Game(game.setup, log=False)
    last = None
    for i, step in enumerate(game.steps):
        if (
            not replay.is_chance
            and not replay.is_over
            and type(step) is not Edit
            and is_human(replay.current_player)
        ):
            last = i
        replay.apply(step)
    return last


__all__ = [
    "BranchRow",
    "branch_rows",
    "comparison_html",
    "last_human_decision",
    "started_text",
]

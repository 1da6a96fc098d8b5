"""The branches beside the time slider, without widgets: one row per branch (its name, its
length, where it left its parent, whether it is shown) and the comparison of two branches
as HTML. The tree itself is :class:`verlies.tree.GameTree`."""

from __future__ import annotations

import html
from dataclasses import dataclass

from verlies.game import Game
from verlies.tree import Comparison, GameTree
from verlies.ui.describe import character_name
from verlies.ui.i18n import t

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
        label = t("branch_label", lang, name=b.name, n=b.length)
        if b.parent is None:
            title = t("branch_root", lang, n=b.length)
        else:
            title = t("branch_from", lang, parent=b.parent, k=b.fork, n=b.length)
        rows.append(BranchRow(b.name, label, title, b.current, not b.current))
    return tuple(rows)


def started_text(tree: GameTree, name: str, lang: str) -> str:
    """What the page says when a what-if at a past step started branch ``name``."""
    info = {b.name: b for b in tree.branches()}[name]
    return t("branch_started", lang, name=name, k=info.fork, parent=info.parent or "")


def comparison_html(game: Game, cmp: Comparison, lang: str) -> str:
    """Two branches' ends side by side: gold, position, escaped, per seat; the cells that
    differ are marked."""
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
    rows = []
    for sa, sb in zip(a.seats, b.seats, strict=True):
        pa = where(sa, sb, sa.pos, sa.escaped)
        pb = where(sa, sb, sb.pos, sb.escaped)
        rows.append(
            f"<tr><th>{esc(character_name(game, sa.seat, lang))}</th>"
            f"{cell(sa.gold, sb.gold, str(sa.gold))}{cell(pa, pb, pa)}"
            f"{cell(sa.gold, sb.gold, str(sb.gold))}{cell(pa, pb, pb)}</tr>"
        )

    def state(end_over: bool, n: int) -> str:
        return t("game_over", lang) if end_over else t("branch_steps", lang, n=n)

    foot = (
        f"<tr><th></th><td colspan=2>{esc(state(a.over, a.length))}</td>"
        f"<td colspan=2>{esc(state(b.over, b.length))}</td></tr>"
    )
    shared = esc(t("branch_shared", lang, n=cmp.shared))
    return (
        f'<div class="vl-compare"><div>{shared}</div>'
        f"<table>{head}{''.join(rows)}{foot}</table></div>"
    )


__all__ = ["BranchRow", "branch_rows", "comparison_html", "started_text"]

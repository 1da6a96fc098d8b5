"""The board as text, for screen readers (no widgets): what lies where, who stands where,
and the legal moves, in the page's language. The play page puts it, visually hidden, next
to the canvas's own description."""

from __future__ import annotations

import html

from verlies.game import Game
from verlies.ui.core.describe import action_label, dungeon_brief, player_label
from verlies.ui.core.words import t

esc = html.escape


def board_lines(game: Game, lang: str) -> list[str]:
    """One line per tile (position and what the card is), per figure, and per legal move."""
    n = len(game.board)
    lines = [t("board_text_tiles_one", lang) if n == 1 else t("board_text_tiles", lang, n=n)]
    for (x, y), tile in sorted(game.board.items(), key=lambda item: (item[0][1], item[0][0])):
        lines.append(f"({x}, {y}): {dungeon_brief(tile.card, lang)}")
    for seat, f in enumerate(game.figures):
        who = player_label(game, seat, lang)
        if f.escaped:
            lines.append(t("board_text_escaped", lang, who=who))
        else:
            lines.append(t("board_text_at", lang, who=who, x=f.pos[0], y=f.pos[1]))
    if not game.is_over and not game.is_chance:
        moves = [action_label(game, a, lang) for a in game.legal_actions()]
        lines.append(t("board_text_moves", lang, moves="; ".join(moves)))
    return lines


def board_text_html(game: Game, lang: str) -> str:
    """:func:`board_lines` as a list a screen reader reads (hidden on screen by the
    stylesheet, as the canvas's description is)."""
    items = "".join(f"<li>{esc(line)}</li>" for line in board_lines(game, lang))
    label = esc(t("board_text", lang))
    return f'<div class="vl-board-text" role="region" aria-label="{label}"><ul>{items}</ul></div>'


__all__ = ["board_lines", "board_text_html"]

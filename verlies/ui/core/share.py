"""The page's links and exports (no widgets here).

The link format itself (``?g=<position>``, :func:`link`, :func:`from_query`) is
:mod:`verlies.links`, re-exported here under the names the page uses.

Exports of the current state: the event log as Markdown and CSV, the board as SVG (and PNG
when cairosvg is installed).
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

from verlies.events import Event
from verlies.game import Game

# The link format lives on the engine side (the lab names stalled games by links too).
from verlies.links import (  # noqa: F401  (the page's names for it)
    LINK_VERSION,
    MAX_LINK_CHARS,
    PARAM,
    Position,
    b64,
    decode,
    encode,
    from_query,
    link,
    open_position,
    unb64,
)
from verlies.record import (
    FORMAT,
    FORMAT_VERSION,
)

# ---- save files: seats, and errors in words ---------------------------------------------------


def with_seats(save_text: str, controllers: Sequence[str]) -> str:
    """A save file that also says who plays each seat (``"seats"``: "human" or a bot's
    name); :meth:`Game.from_json` reads past the key."""
    data = json.loads(save_text)
    data["seats"] = list(controllers)
    return json.dumps(data, ensure_ascii=False)


def seats_of(save: str | bytes, players: int, known: Sequence[str]) -> list[str] | None:
    """The seats a save file names, if it names one known controller per seat."""
    try:
        seats = json.loads(save).get("seats")
    except (ValueError, AttributeError):
        return None
    if (
        isinstance(seats, list)
        and len(seats) == players
        and all(isinstance(c, str) and c in known for c in seats)
    ):
        return list(seats)
    return None


def plain_error(message: str) -> str:
    """An engine's message for a person: without Python's exception names
    ("bad setup: KeyError: 'characters'" -> "bad setup: 'characters'")."""
    return re.sub(r"\b[A-Z][A-Za-z]*(?:Error|Exception): ", "", message)


def error_text(error: BaseException, lang: str) -> str:
    """An error for a person in ``lang``: its own words where it has them (SaveFormatError,
    DeckError, CardTextError), else the engine's; without Python's exception names."""
    text_in = getattr(error, "text_in", None)
    return plain_error(str(text_in(lang)) if callable(text_in) else str(error))


# ---- exports -------------------------------------------------------------------------------


@dataclass(frozen=True)
class LogRow:
    step: int  # 0: the setup
    rule: str
    seat: int  # -1: nobody's
    text: str


def log_rows(
    game: Game, lang: str, viewer: int | None = None, designer: bool = False
) -> list[LogRow]:
    """The event log, oldest first, as the page shows it to ``viewer`` (R9.3: another
    seat's secret events in their public form, unless in designer mode or at the end)."""
    rows = []

    def add(step: int, events: Sequence[Event]) -> None:
        for e in events:
            if e.private and not designer and not game.is_over and e.seat != viewer:
                e = e.public()
            rows.append(LogRow(step, e.rule, e.seat, e.text(lang, with_rule=False)))

    setup_events = game.log[
        : game.log_size - sum(game.event_count(k) for k in range(game.step_count))
    ]
    add(0, setup_events)
    for k in range(game.step_count):
        add(k + 1, game.events_of(k))
    return rows


def log_markdown(rows: Sequence[LogRow], title: str, heads: Sequence[str]) -> str:
    """The log as a Markdown table (``heads``: step, rule, seat, text)."""

    def cell(text: str) -> str:
        return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")

    out = [f"# {cell(title)}", "", "| " + " | ".join(heads) + " |", "|---:|---|---:|---|"]
    for r in rows:
        seat = str(r.seat + 1) if r.seat >= 0 else ""
        out.append(f"| {r.step} | {cell(r.rule)} | {seat} | {cell(r.text)} |")
    return "\n".join(out) + "\n"


def log_csv(rows: Sequence[LogRow], heads: Sequence[str]) -> str:
    """The log as CSV (``heads``: step, rule, seat, text)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(heads)
    for r in rows:
        w.writerow([r.step, r.rule, r.seat + 1 if r.seat >= 0 else "", r.text])
    return buf.getvalue()


def has_png() -> bool:
    """Whether PNG pictures can be made here (cairosvg is an optional library). Looked up,
    not imported: importing it costs every page's kernel 14 MB and 0.15 s at start."""
    import importlib.util

    return importlib.util.find_spec("cairosvg") is not None


#: The board export's tile side in pixels: a card's gold and obstacle numbers are read at a
#: glance (the page's 60 made a 3x3 board a 194 px PNG, issue 24 item 5).
EXPORT_TILE = 96
#: The board export's least width: room for its title and legend beside a small board.
EXPORT_MIN_WIDTH = 720


def board_picture(game: Game, lang: str, *, tile: int = EXPORT_TILE) -> str:
    """The board export (SVG): a title (the game, its seed, step and round), the board, and
    a legend below it: each seat's figure and character, then what the dots and a lying
    figure mean. Words in ``lang``."""
    from verlies.render import shapes as sh
    from verlies.render import style as st
    from verlies.render.svg import shape_svg
    from verlies.ui.core.describe import player_label
    from verlies.ui.core.words import t

    board = game.board_svg(tile_size=tile, lang=lang)
    bw = float(re.search(r'width="([0-9.]+)"', board).group(1))  # type: ignore[union-attr]
    bh = float(re.search(r'height="([0-9.]+)"', board).group(1))  # type: ignore[union-attr]
    width = max(bw, EXPORT_MIN_WIDTH)
    title = t("export_board_title", lang, seed=game.setup.seed, step=game.step_count,
              round=game.round)  # fmt: skip
    head, line = 56.0, 30.0
    rows: list[tuple[sh.Shape | None, str]] = []
    for f in game.state.figures:
        state = t("export_escaped", lang) if f.escaped else ""
        state = t("export_injured", lang) if f.injured and not f.escaped else state
        label = player_label(game, f.seat, lang) + (f" – {state}" if state else "")
        rows.append((sh.figure(0, 0, 24, f.seat, False), label))
    rows.append((sh.Circle(0, 0, 9, st.GOLD, st.GOLD_EDGE, 2), t("export_legend_gold", lang)))
    dots = tuple(
        sh.Circle(-14 + 14 * i, 0, 7, color, st.PAPER, 1.5)
        for i, color in enumerate(st.OBSTACLE_DOT.values())
    )
    rows.append((sh.Group(dots), t("export_legend_obstacle", lang)))
    rows.append((sh.figure(0, 0, 24, 0, True), t("export_legend_injured", lang)))
    legend_h = 20 + line * len(rows)
    height = head + bh + legend_h
    out: list[sh.Shape] = [
        sh.Rect(0, 0, width, height, st.PAPER),
        sh.Text(16, head / 2, title, 22, st.INK, bold=True, anchor="start"),
    ]
    top = head + bh + 20
    for i, (mark, words) in enumerate(rows):
        y = top + i * line + line / 2
        if mark is not None:
            out.append(sh.Group((mark,), translate=(30, y)))
        out.append(sh.Text(56, y, words, 16, st.INK, anchor="start"))
    body = "".join(shape_svg(p) for p in out)
    board_at = f'<svg x="{(width - bw) / 2:.1f}" y="{head:.1f}"' + board[len("<svg") :]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="{st.FONT}">'
        f"<title>{html.escape(title)}</title>{body}{board_at}</svg>"
    )


def board_png(svg: str, scale: float = 1.0) -> bytes | None:
    """The board picture as PNG (``scale``: pixels per SVG unit), or None without cairosvg
    (an optional library)."""
    try:
        import cairosvg  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except (ImportError, OSError):  # OSError: installed without the cairo library
        return None
    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    return png


__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "LogRow",
    "MAX_LINK_CHARS",
    "PARAM",
    "Position",
    "board_picture",
    "board_png",
    "has_png",
    "decode",
    "encode",
    "from_query",
    "link",
    "log_csv",
    "log_markdown",
    "log_rows",
    "open_position",
    "download_link",
    "error_text",
    "plain_error",
    "seats_of",
    "with_seats",
]


def download_link(text: str, filename: str, label: str) -> str:
    """An HTML anchor that downloads ``text`` as ``filename`` (a data URI, no server file)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    # drawn as a link (underlined, link colour, a download icon): it read as plain text
    # (issue 24 item 9)
    return (
        f'<a class="vl-file-link" download="{html.escape(filename)}" '
        f'href="data:text/plain;charset=utf-8;base64,{data}" target="_blank">'
        f'<i class="fa fa-download" aria-hidden="true"></i> {html.escape(label, quote=False)}</a>'
    )

"""The designer's tools under the game's controls (thin widget views over
:mod:`verlies.ui.core.share`): a link that reopens the position shown, one-click exports of the
current state (log as Markdown and CSV, board as SVG and PNG, the game as its save file),
and the keyboard's shortcut keys (pressed by the page template's keyboard.js).

A download is one click: the button puts a link with the file into the page, and the
template's script (keyboard.js) follows a new ``a.vl-auto-download`` once, as a click on it
would. The link stays visible, for a browser that refuses downloads nobody clicked."""

from __future__ import annotations

import base64
import html
from typing import Any

import ipywidgets as widgets

from verlies.ui.core import share
from verlies.ui.core.said import DOWNLOAD_ICON, LINK_ICON, Said
from verlies.ui.core.words import t
from verlies.ui.play.app_model import AppModel, Change, Changed, Position

esc = html.escape

#: Pixels per unit of the board picture in its PNG: sharp on a high-density screen and in
#: print (the SVG is drawn at share.EXPORT_TILE units per tile).
PNG_SCALE = 2.0


def _button(cls: str, **kw: Any) -> widgets.Button:
    b = widgets.Button(layout=widgets.Layout(width="auto"), **kw)
    b.add_class(cls)
    return b


class ToolsPanel:
    """Link, exports and keys, below the save and load row, of the page's
    :class:`~verlies.ui.play.app_model.AppModel` (its session, language, mode and branches)."""

    def __init__(self, model: AppModel) -> None:
        self.model = model
        self.link = _button("vl-make-link", icon="link")
        self.link.on_click(lambda _b: self.make_link())
        self.exports: dict[str, widgets.Button] = {}
        for kind, icon in (
            ("md", "file-text"),
            ("csv", "table"),
            ("svg", "image"),
            ("png", "image"),
            ("json", "download"),
        ):
            b = _button(f"vl-export-{kind}", icon=icon)
            b.on_click(lambda _b, k=kind: self.export(k))
            self.exports[kind] = b
        if not share.has_png():
            self.exports["png"].layout.display = "none"  # cairosvg is optional
        self.out = widgets.HTML()
        self.out.add_class("vl-tools-out")
        self.said = Said(self.out)  # the link's words follow a language switch
        self.keys = widgets.HTML()
        self.keys.add_class("vl-keys")
        self.row = row = widgets.HBox([self.link, *self.exports.values()])
        row.add_class("vl-controls-row")
        row.add_class("vl-export-row")
        self.widget = widgets.VBox([row, self.out, self.keys])
        self.widget.add_class("vl-tools")
        self._made_for: Position | None = None  # the position the link or file shown was made of
        self._n = 0
        self.set_lang(model.lang)
        model.subscribe(self._changed)

    def _changed(self, change: Changed) -> None:
        if change.what is Change.LANG:
            self.set_lang(self.model.lang)

    @property
    def lang(self) -> str:
        return self.model.lang

    def set_lang(self, lang: str) -> None:
        self.keys.value = f'<div class="vl-small vl-keys-text">{esc(t("keys", lang))}</div>'
        self.link.description = t("link", lang)
        self.link.tooltip = t("link_tip", lang)
        for kind, b in self.exports.items():
            b.description = t(f"export_{kind}", lang)
        self.said.redraw(lang)

    def show(self) -> None:
        """After a step: a link or file made of another position goes (no stale offers;
        the save file and the messages about files the model lets go, AppModel.expire)."""
        if self._made_for is not None and self._made_for != self.model.position():
            self.out.value = ""
            self._made_for = None

    def hide_game_files(self) -> None:
        """No link or export (a shared table's seat or spectator: the page's game is only
        what its seat may know, and the table's game is the designer link's)."""
        self.row.layout.display = "none"  # no empty row left behind
        self.link.layout.display = "none"
        for b in self.exports.values():
            b.layout.display = "none"

    # ---- link ------------------------------------------------------------------------------

    def make_link(self) -> None:
        s = self.model.session
        value = share.link(s.game, s.controllers)
        self._made_for = self.model.position()
        if value is None:
            self.export("json")
            offer = self.out.value  # the save file's link: a file name, no words

            def too_long(lang: str) -> str:
                text = t("link_too_long", lang, n=share.MAX_LINK_CHARS)
                return f'<div class="vl-note vl-link-too-long">{esc(text)}</div>{offer}'

            self.said.say(too_long, self.lang)
            return
        n = s.game.step_count
        self.said.say(
            lambda lang: (
                f'<a class="vl-position-link" href="{esc(value)}" target="_blank">'
                f"{LINK_ICON}{esc(t('link_ready', lang, n=n))}</a>"
            ),
            self.lang,
        )

    # ---- exports ---------------------------------------------------------------------------

    def export(self, kind: str) -> None:
        """One file of the current state, downloaded at once (see the module's text)."""
        model = self.model
        s = model.session
        g = s.game
        lang = self.lang
        base = f"verlies-seed{g.setup.seed}-step{g.step_count}"
        heads = [t(f"export_col_{c}", lang) for c in ("step", "rule", "seat", "text")]
        if kind in ("md", "csv"):
            rows = share.log_rows(g, lang, s.viewer(), model.designer)
            if kind == "md":  # the rows are oldest first, and the title says so
                title = t("export_log_title", lang, seed=g.setup.seed, step=g.step_count)
                data = share.log_markdown(rows, title, heads).encode("utf-8")
                mime = "text/markdown"
            else:
                data = share.log_csv(rows, heads).encode("utf-8")
                mime = "text/csv"
            name = f"{base}-log.{kind}"
        elif kind in ("svg", "png"):
            svg = share.board_picture(g, lang)  # with a title and a legend
            png = share.board_png(svg, PNG_SCALE) if kind == "png" else None
            data = png if png is not None else svg.encode("utf-8")
            mime = "image/png" if png is not None else "image/svg+xml"
            name = f"{base}-board.{'png' if png is not None else 'svg'}"
        else:  # the save file itself: one game file, whichever button made it
            text, name = model.game_file()
            data = text.encode("utf-8")
            mime = "application/json"
        self._n += 1
        self._made_for = model.position()
        href = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
        self.out.value = (
            f'<a class="vl-auto-download vl-download-link" data-n="{self._n}" '
            f'download="{esc(name)}" href="{href}">{DOWNLOAD_ICON}{esc(name)}</a>'
        )

"""The Deck tab's "Print" panel (issue 22 item 4): card sheets of the draft (PDF), the
rules (PDF) and the board of the current game (PNG, A4 at 300 dpi, with a legend), each
made on a click and offered as a download link (a data URI, no file on the server). The
files come from :mod:`verlies.render.prints` (widget-free; CairoSVG, the ``[print]``
extra)."""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets

from verlies.deck import Deck
from verlies.render.prints import KINDS, print_file
from verlies.ui.core.theme import PRINT_CSS
from verlies.ui.core.words import Keys, Worded

if TYPE_CHECKING:
    from verlies.game import Game

__all__ = ["PrintPanel"]

CSS = PRINT_CSS  # the page's styles live in verlies.ui.core.theme


class PrintPanel(Worded):
    """``get_draft()`` the editor's draft, ``get_game()`` the page's game (or None)."""

    WORDS = Keys("print.")

    def __init__(
        self,
        get_draft: Callable[[], Deck],
        get_game: Callable[[], Game | None],
        lang: str = "de",
    ) -> None:
        W = widgets
        self.get_draft, self.get_game, self.lang = get_draft, get_game, lang
        self.title = W.HTML()
        self.buttons: dict[str, widgets.Button] = {}
        for kind in KINDS:
            b = W.Button(icon="print")
            b.add_class(f"vl-print-{kind}")
            b.on_click(lambda _b, k=kind: self.make(k))
            self.buttons[kind] = b
        row = W.Box(list(self.buttons.values()))
        row.add_class("vl-print-row")
        self.links = W.HTML()
        self.links.add_class("vl-print-links")
        self.widget = W.VBox([W.HTML(CSS), self.title, row, self.links])
        self.widget.add_class("vl-print")
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.title.value = f"<h4>{html.escape(self._t('title'))}</h4>"
        for kind, b in self.buttons.items():
            b.description = self._t(kind)
        self.links.value = ""  # a file in the other language would be a stale offer

    def make(self, kind: str) -> bool:
        """Make one print file and offer it as a download link (its name and size)."""
        try:
            name, mime, data = print_file(kind, self.get_draft(), self.get_game(), self.lang)
        except (ValueError, OSError, ImportError) as e:
            self.links.value = (
                f"<span class='verlies-error' style='color:#b3261e'>"
                f"{html.escape(self._t('error', msg=str(e)))}</span>"
            )
            return False
        href = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
        label = self._t("download", name=name, kb=max(1, round(len(data) / 1024)))
        self.links.value = (
            f'<a class="vl-print-link" download="{html.escape(name, quote=True)}" '
            f'href="{href}" data-kind="{kind}">{html.escape(label)}</a>'
        )
        return True

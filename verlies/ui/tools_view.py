"""The designer's tools under the game's controls (thin widget views): the keyboard's
shortcut keys (pressed by the page template's keyboard.js)."""

from __future__ import annotations

import html

import ipywidgets as widgets

from verlies.ui.i18n import t

esc = html.escape


class ToolsPanel:
    """The tools below the save and load row."""

    def __init__(self) -> None:
        self.keys = widgets.HTML()
        self.keys.add_class("vl-keys")
        self.widget = widgets.VBox([self.keys])
        self.widget.add_class("vl-tools")

    def set_lang(self, lang: str) -> None:
        self.keys.value = f'<div class="vl-small vl-keys-text">{esc(t("keys", lang))}</div>'

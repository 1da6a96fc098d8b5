"""The variants panel: every house-rule switch of :class:`~verlies.variants.Variants` as a
checkbox with its explanation, producing the Variants value for new games."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import fields
from typing import Any

import ipywidgets as widgets

from verlies.variants import Variants

__all__ = ["VariantsPanel"]

_TITLE = ("Varianten (gelten für neue Spiele)", "Variants (for new games)")
#: German explanations; switches without one show the engine's English text.
DESCRIBE_DE: dict[str, str] = {
    "opened_stays_open": "R4.4: ein einmal überwundenes Klasse-B-Hindernis bleibt offen.",
    "limited_bank": "R10: es gibt nur 48 Goldmünzen; die Bank zahlt, was sie hat.",
    "injuries_stack": "Hausregel: jede Verletzung kostet einen Zug (laut R8.3 nicht).",
    "long_walk": "Hausregel: bis zu drei Karten weit gehen (R3.5: zwei).",
}


class VariantsPanel:
    """One checkbox per Variants field; ``.variants`` is the Variants value they make.

    ``on_change()`` is called after every toggle.
    """

    def __init__(self, on_change: Callable[[], None] = lambda: None, *, lang: str = "de") -> None:
        self._on_change = on_change
        self.lang = "en" if lang == "en" else "de"
        self._title = widgets.HTML()
        self.checkboxes: dict[str, widgets.Checkbox] = {}
        self._descriptions: dict[str, widgets.HTML] = {}
        rows = []
        defaults = Variants()
        for f in fields(Variants):
            box = widgets.Checkbox(
                value=bool(getattr(defaults, f.name)),
                description=f.name,
                indent=False,
                layout=widgets.Layout(width="200px"),
            )
            box.observe(self._toggled, "value")
            text = widgets.HTML()
            self.checkboxes[f.name] = box
            self._descriptions[f.name] = text
            rows.append(widgets.HBox([box, text]))
        self.widget = widgets.VBox([self._title, *rows])
        self.widget.add_class("verlies-variants")
        self.set_lang(self.lang)

    @property
    def variants(self) -> Variants:
        """The Variants value the checkboxes make (for new games)."""
        return Variants(**{name: bool(box.value) for name, box in self.checkboxes.items()})

    @variants.setter
    def variants(self, value: Variants) -> None:
        for name, box in self.checkboxes.items():
            box.value = bool(getattr(value, name))

    def set_lang(self, lang: str) -> None:
        self.lang = "en" if lang == "en" else "de"
        english = Variants.describe()
        self._title.value = f"<h4>{html.escape(_TITLE[self.lang == 'en'])}</h4>"
        for name, text in self._descriptions.items():
            en = english.get(name, "")
            words = en if self.lang == "en" else DESCRIBE_DE.get(name, en)
            text.value = f"<span title='{html.escape(en)}'>{html.escape(words)}</span>"

    def _toggled(self, _change: Any) -> None:
        self._on_change()

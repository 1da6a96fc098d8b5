"""The variants panel: every house-rule switch of :class:`~verlies.variants.Variants` as a
checkbox with its explanation, producing the Variants value for new games."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import fields
from typing import Any

import ipywidgets as widgets

from verlies.ui.core.words import known, t, variant_text
from verlies.variants import Variants

__all__ = ["VariantsPanel"]


class VariantsPanel:
    """One checkbox per Variants field; ``.variants`` is the Variants value they make.

    ``on_change()`` is called after every toggle.
    """

    def __init__(self, on_change: Callable[[], None] = lambda: None, *, lang: str = "de") -> None:
        self._on_change = on_change
        self.lang = known(lang)
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
        self.lang = known(lang)
        self._title.value = f"<h4>{html.escape(t('variants_title', self.lang))}</h4>"
        for name, text in self._descriptions.items():
            en = variant_text(name, "en")
            words = variant_text(name, self.lang)
            text.value = f"<span title='{html.escape(en)}'>{html.escape(words)}</span>"

    def _toggled(self, _change: dict[str, Any]) -> None:
        self._on_change()

"""The deck editor's card list: the filters (kind, gem colour, search words) and the list of
the draft's cards, each entry beside its impact figure once a run has some.

:class:`CardList` holds these widgets; what passes a filter, the entries' words and which
card stays selected are the editor model's (``card_list_model.py``). It decides nothing
about the selected card: a card picked in the list or a changed filter is handed to the
editor, which shows the card.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import ipywidgets as widgets

from verlies.cards.model import Color
from verlies.ui.deck.card_list_model import ALL, KINDS, Filter, Key, kept_selection
from verlies.ui.deck.editor_html import EDITOR, esc
from verlies.ui.deck.editor_model import EditorModel, kind_key, word
from verlies.ui.deck.impact_model import ImpactColumn


class CardList:
    """The filters and the card list of the editor's draft.

    ``column`` is the impact run (its order and figures); ``picked(key)`` is called when a
    card is picked in the list, ``filtered()`` when a filter changed. Setting the widgets
    from code (here in ``silent()``, the editor's) calls neither, nor does any change while
    ``quiet()`` (the editor sets widgets from code).
    """

    def __init__(
        self,
        model: EditorModel,
        column: ImpactColumn,
        picked: Callable[[Key | None], None],
        filtered: Callable[[], None],
        silent: Callable[[], AbstractContextManager[None]],
        quiet: Callable[[], bool],
    ) -> None:
        W = widgets
        self.model = model
        self.column = column
        self._picked = picked
        self._filtered = filtered
        self._silent, self._quiet = silent, quiet
        self.kind_filter = W.Dropdown(layout=W.Layout(width="260px"))
        self.color_filter = W.Dropdown(layout=W.Layout(width="260px"))
        self.search = W.Text(continuous_update=True, layout=W.Layout(width="260px"))
        self.card_list = W.Select(rows=16, layout=W.Layout(width="340px"))
        self.list_info = W.HTML()
        self.kind_filter.observe(self._on_filter, "value")
        self.color_filter.observe(self._on_filter, "value")
        self.search.observe(self._on_filter, "value")
        self.card_list.observe(self._on_select, "value")
        self.card_list.add_class("vl-impact-list")
        self.widget = W.VBox(
            [self.kind_filter, self.color_filter, self.search, self.list_info, self.card_list],
            layout=W.Layout(min_width="350px"),
        )

    def relabel(self, lang: str) -> None:
        """The filters' words in ``lang`` (their choices kept)."""
        t = EDITOR.bound(lang)
        kind, color = self.kind_filter.value, self.color_filter.value
        with self._silent():
            self.kind_filter.description = t("kind")
            self.kind_filter.options = [(t("all"), ALL)] + [(t(kind_key(k)), k) for k in KINDS]
            self.color_filter.description = t("color")
            self.color_filter.options = [(t("all"), ALL)] + [(word(c, lang), c) for c in Color]
            self.search.description = t("search")
            self.search.placeholder = t("search_ph")
            self.kind_filter.value = kind if kind is not None else ALL
            self.color_filter.value = color if color is not None else ALL

    def filtered(self) -> list[Key]:
        """The (kind, id) of every card of the draft that passes the current filter."""
        self.model.filter = Filter.chosen(
            self.kind_filter.value, self.color_filter.value, self.search.value or ""
        )
        return self.model.filtered()

    def reveal(self, key: Key) -> None:
        """Clear the filters if they hide card ``key``."""
        if key not in self.filtered():
            with self._silent():
                self.kind_filter.value = ALL
                self.color_filter.value = ALL
                self.search.value = ""

    def _label(self, key: Key) -> str:
        return self.column.label(key, self.model.list_label(key), self.model.lang)

    def refresh(self) -> Key | None:
        """List the cards the filter lets through (in the impact run's order), the selected
        one kept selected if listed, else the first; that card (None: none listed)."""
        keys = self.column.arrange(self.filtered())
        with self._silent():
            self.card_list.options = [(self._label(k), k) for k in keys]
            self.card_list.value = kept_selection(keys, self.model.selected)
        lang = self.model.lang
        info = EDITOR("n_cards", lang, n=len(keys), total=self.model.total_cards())
        if not keys:
            info += " " + EDITOR("no_match", lang)
        self.list_info.value = f"<small>{esc(info)}</small>"
        return self.card_list.value  # type: ignore[no-any-return]

    def relabel_entries(self) -> None:
        """Relabel the list (counts, names) without changing what it shows."""
        keys = [v for _, v in self.card_list.options]
        current = self.card_list.value
        with self._silent():
            self.card_list.options = [(self._label(k), k) for k in keys]
            self.card_list.value = current

    def figures_changed(self) -> None:
        """New impact figures or a new order: the list shows them (the same cards, the
        same selection), wide enough for its figures: the editor's whole width (640 px cut
        a ★ entry of ~110 characters at 1280 px; the theme's max-width keeps it inside)."""
        if self.column.deck is not None:
            self.card_list.layout.width = "100%"
        with self._silent():  # the impact run's news arrives on the kernel's loop
            # From the filter's deck order, not the list's: after a sort, "deck" must
            # bring the deck's order back.
            keys = self.column.arrange(self.filtered())
            current = self.card_list.value
            self.card_list.options = [(self._label(k), k) for k in keys]
            self.card_list.value = current

    def rows(self) -> list[tuple[Key, str]]:
        """The listed cards in the list's order, each with its entry's words (no figure)."""
        return [(k, self.model.list_label(k)) for _, k in self.card_list.options]

    def _on_filter(self, _change: dict[str, Any]) -> None:
        if not self._quiet():
            self._filtered()

    def _on_select(self, change: dict[str, Any]) -> None:
        if not self._quiet():
            self._picked(change["new"])

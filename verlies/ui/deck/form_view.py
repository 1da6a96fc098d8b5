"""The deck editor's card form: the selected card's fields, their labels, and the cards
they describe.

A :class:`CardForm` holds the widgets of one card (names, card text, count, a dungeon
card's fields, a character's values) and the card's picture; it fills them from a card
and builds a card from them. It decides nothing: :class:`~verlies.ui.deck.editor_view.DeckEditor`
listens to the fields and hands every edit to the editor model.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

import ipywidgets as widgets

from verlies.cards.model import (
    Character,
    Color,
    DungeonCard,
    Obstacle,
    ObstacleType,
    Shape,
    TileKind,
)
from verlies.i18n import values
from verlies.ui.deck.editor_html import EDITOR, esc
from verlies.ui.deck.editor_model import COUNTED_KINDS, TEXT_KINDS, Card, kind_key, word
from verlies.ui.deck.form_refused import ENUMS, GROUPS, NO_OBSTACLE, Values

#: The form's fields, which the editor also offers as its own attributes (tests and the
#: page reach them there).
FIELDS: tuple[str, ...] = (
    "card_title",
    "name_de",
    "name_en",
    "text",
    "count",
    "count_hint",
    "tile_kind",
    "tile_color",
    "tile_shape",
    "gold",
    "obstacle_type",
    "obstacle_color",
    "obstacle_n",
    "staerke",
    "geist",
    "geschick",
    "status",
    "sanity",
    "canonical",
    "preview",
    "names_box",
    "text_box",
    "tile_box",
    "character_box",
    "count_box",
)


class CardForm:
    """The fields of the selected card and its picture (one box: ``widget``)."""

    def __init__(self) -> None:
        W = widgets
        self.card_title = W.HTML()
        self.name_de = W.Text(continuous_update=False)
        self.name_en = W.Text(continuous_update=False)
        self.text = W.Textarea(continuous_update=True, layout=W.Layout(width="98%", height="90px"))
        # Number fields without the widget's own bounds: a value out of range is not
        # clamped in silence (a -1 count became 0 and removed the card) but refused by the
        # deck with its error, and kept (issue 38 leftovers, item 1).
        self.count = W.IntText(layout=W.Layout(width="200px"))
        self.count_hint = W.HTML()
        self.tile_kind = W.Dropdown(layout=W.Layout(width="230px"))
        self.tile_color = W.Dropdown(layout=W.Layout(width="230px"))
        self.tile_shape = W.Dropdown(layout=W.Layout(width="230px"))
        self.gold = W.IntText(layout=W.Layout(width="230px"))
        self.obstacle_type = W.Dropdown(layout=W.Layout(width="230px"))
        self.obstacle_color = W.Dropdown(layout=W.Layout(width="230px"))
        self.obstacle_n = W.IntText(value=6, layout=W.Layout(width="230px"))
        self.staerke = W.IntText(layout=W.Layout(width="200px"))
        self.geist = W.IntText(layout=W.Layout(width="200px"))
        self.geschick = W.IntText(layout=W.Layout(width="200px"))
        self.status = W.HTML()
        # the deck's sanity checks (issue 37 item 5): the editor lays it out below the form,
        # the page's whole width (its table is wider than the form)
        self.sanity = W.HTML(layout=W.Layout(max_width="100%"))
        self.sanity.add_class("vl-sanity-box")
        self.canonical = W.HTML()
        self.preview = W.HTML()
        self.names_box = W.HBox([self.name_de, self.name_en])
        self.text_box = W.VBox([self.text])
        self.tile_box = W.VBox(
            [
                W.HBox([self.tile_kind, self.tile_color, self.tile_shape]),
                W.HBox([self.gold]),
                W.HBox([self.obstacle_type, self.obstacle_color, self.obstacle_n]),
            ]
        )
        self.character_box = W.HBox([self.staerke, self.geist, self.geschick])
        self.count_box = W.HBox([self.count, self.count_hint])
        self.widget = W.VBox(
            [
                self.card_title,
                self.names_box,
                self.text_box,
                self.tile_box,
                self.character_box,
                self.count_box,
                self.status,
                self.canonical,
                self.preview,
            ],
            layout=W.Layout(flex="1 1 auto", min_width="420px"),
        )

    @property
    def tile_fields(self) -> tuple[widgets.ValueWidget, ...]:
        """The fields of a dungeon card."""
        return (
            self.tile_kind,
            self.tile_color,
            self.tile_shape,
            self.gold,
            self.obstacle_type,
            self.obstacle_color,
            self.obstacle_n,
        )

    @property
    def character_fields(self) -> tuple[widgets.ValueWidget, ...]:
        return (self.staerke, self.geist, self.geschick)

    def relabel(self, lang: str) -> None:
        """The fields' labels and choices in ``lang`` (the caller keeps this silent)."""

        t = EDITOR.bound(lang)

        self.name_de.description = t("name_de")
        self.name_en.description = t("name_en")
        self.text.description = t("text")
        self.count.description = t("count")
        self.count_hint.value = f"<i>{esc(t('count_hint'))}</i>"
        self.tile_kind.description = t("tile_kind")
        self.tile_kind.options = [(word(k, lang), k) for k in TileKind]
        self.tile_color.description = t("tile_color")
        self.tile_color.options = [(word(c, lang), c) for c in Color]
        self.tile_shape.description = t("shape")
        self.tile_shape.options = [(word(s, lang), s) for s in Shape]
        self.gold.description = t("gold")
        self.obstacle_type.description = t("obstacle")
        self.obstacle_type.options = [(t("no_obstacle"), NO_OBSTACLE)] + [
            (f"{values.obstacle(o, lang)} ({o.cls.value})", o) for o in ObstacleType
        ]
        self.obstacle_color.description = t("obstacle_color")
        self.obstacle_color.options = [(word(c, lang), c) for c in Color]
        self.obstacle_n.description = t("obstacle_n")
        self.staerke.description = t("staerke")
        self.geist.description = t("geist")
        self.geschick.description = t("geschick")

    def show_boxes(self, card: Card | None) -> None:
        """Show the boxes this card has fields in, hide the others."""
        show = {
            self.names_box: card is not None,
            self.text_box: card is not None and card.KIND in TEXT_KINDS,
            self.tile_box: isinstance(card, DungeonCard),
            self.character_box: isinstance(card, Character),
            self.count_box: card is not None and not isinstance(card, Character),
        }
        for box, visible in show.items():
            box.layout.display = None if visible else "none"

    def fill(self, card: Card, count: int, lang: str) -> None:
        """The card's title and fields (the caller keeps this silent)."""
        kind = card.KIND
        self.card_title.value = (
            f"<h4>{esc(EDITOR(kind_key(kind), lang))}: {esc(card.name.get(lang))} "
            f"<code>{esc(card.id)}</code></h4>"
        )
        self.name_de.value = card.name.de
        self.name_en.value = card.name.en
        if kind in TEXT_KINDS:
            self.text.value = card.text  # type: ignore[union-attr]
        if kind in COUNTED_KINDS:
            self.count.value = count
        if isinstance(card, DungeonCard):
            self.tile_kind.value = card.kind
            self.tile_color.value = card.color
            self.tile_shape.value = card.shape
            self.gold.value = card.gold
            o = card.obstacle
            self.obstacle_type.value = NO_OBSTACLE if o is None else o.type
            if o is not None:
                self.obstacle_color.value = o.color
                self.obstacle_n.value = o.n
            self.obstacle_enabled()
        if isinstance(card, Character):
            self.staerke.value = card.staerke
            self.geist.value = card.geist
            self.geschick.value = card.geschick

    def values(self, group: str) -> Values:
        """The fields of ``group`` (see :data:`GROUPS`) as typed, JSON-ready."""
        out: Values = {}
        for name in GROUPS[group]:
            value = getattr(self, name).value
            out[name] = value.value if isinstance(value, Enum) else value
        return out

    def put(self, kept: Values) -> None:
        """Fields set to ``kept`` values (the caller keeps this silent)."""
        for name, value in kept.items():
            enum = ENUMS.get(name)
            member = enum(value) if enum and value not in (NO_OBSTACLE, None) else value
            getattr(self, name).value = member
        self.obstacle_enabled()

    def obstacle_enabled(self) -> None:
        off = self.obstacle_type.value == NO_OBSTACLE
        self.obstacle_color.disabled = off
        self.obstacle_n.disabled = off

    def set_tile(self, fields: dict[str, Any]) -> None:
        """Set a dungeon card's fields as a person would: ``kind``, ``color``, ``shape``,
        ``gold``, ``obstacle`` (an Obstacle or None)."""
        for name, widget in (
            ("kind", self.tile_kind),
            ("color", self.tile_color),
            ("shape", self.tile_shape),
            ("gold", self.gold),
        ):
            if name in fields:
                widget.value = fields[name]
        if "obstacle" in fields:
            o = fields["obstacle"]
            self.obstacle_type.value = NO_OBSTACLE if o is None else o.type
            if o is not None:
                self.obstacle_color.value = o.color
                self.obstacle_n.value = o.n

    def tile(self, card: DungeonCard) -> DungeonCard:
        """The dungeon card the fields describe (id and names from ``card``)."""
        otype = self.obstacle_type.value
        obstacle = (
            None
            if otype == NO_OBSTACLE
            else Obstacle(otype, self.obstacle_color.value, int(self.obstacle_n.value))
        )
        return DungeonCard(
            card.id,
            self.tile_kind.value,
            self.tile_color.value,
            self.tile_shape.value,
            card.name,
            int(self.gold.value),
            obstacle,
        )

    def character(self, card: Character) -> Character:
        """The character the fields describe (id and names from ``card``)."""
        return Character(
            card.id,
            card.name,
            int(self.staerke.value),
            int(self.geist.value),
            int(self.geschick.value),
        )


__all__ = ["FIELDS", "NO_OBSTACLE", "CardForm"]

"""What a card says, in a language: the one place that composes a card's display text.

The event log, the card pictures, the editor and the page all show a card's words through
:func:`card_text`. Room, monster and treasure cards show their printed (German) text, or its
English rendering from the structured effects; a dungeon card is described by its kind,
shape, gold and obstacle, with the words of :mod:`verlies.i18n` ("render" section).

>>> from verlies.cards.model import Color, DungeonCard, Names, Shape, TileKind
>>> card = DungeonCard("d-1", TileKind.CORRIDOR, Color.RED, Shape.BEND,
...                    Names("Gang", "Corridor"), gold=2)
>>> print(card_text(card, "en"))
Corridor · bend
Gold: 2
"""

from __future__ import annotations

from verlies.cards.model import (
    Character,
    DungeonCard,
    MonsterCard,
    MonsterText,
    RoomCard,
    Shape,
    TileKind,
    TreasureCard,
    TreasureText,
)
from verlies.i18n import template, text

Card = RoomCard | MonsterCard | TreasureCard | Character | DungeonCard


def kind_word(kind: TileKind, lang: str) -> str:
    """The word for a tile kind: Start, Ausgang, Gang, Raum …"""
    return text(f"render.kind.{kind.value}", lang)


def shape_word(shape: Shape, lang: str) -> str:
    """The word for a passage shape: gerade, Kurve, T-junction …"""
    return text(f"render.shape.{shape.value}", lang)


def card_text(card: Card, lang: str = "de") -> str:
    """The text of a card in ``lang``: the canonical German text as printed, or its English
    rendering; a dungeon card's description; nothing for a character (its values are
    drawn, not written)."""
    if isinstance(card, Character):
        return ""
    if isinstance(card, DungeonCard):
        return _dungeon_text(card, lang)
    if lang == "de":
        return card.text  # as printed; other languages read the English rendering
    from verlies.cards import canonical as fmt  # lazy: loaded on first use (no grammar)

    if isinstance(card, RoomCard):
        return fmt.format_room(card.effects, "en")
    if isinstance(card, MonsterCard):
        return fmt.format_monster(
            MonsterText(card.fight, card.loot_gold, card.loot_treasures), "en"
        )
    return fmt.format_treasure(TreasureText(card.gold, card.magic, card.spent), "en")


def _dungeon_text(card: DungeonCard, lang: str) -> str:
    lines = [f"{kind_word(card.kind, lang)} · {shape_word(card.shape, lang)}"]
    if card.gold:
        lines.append(text("render.text.gold", lang, n=card.gold))
    if card.obstacle is not None:
        o = card.obstacle
        lines.append(
            text(
                "render.text.obstacle",
                lang,
                name=template(f"card.obstacle.{o.type.key}", lang),
                n=o.n,
                color=template(f"card.color.{o.color.value}", lang),
                attr=template(f"card.attr.{o.color.attr.key}", lang),
            )
        )
    return "\n".join(lines)


__all__ = ["Card", "card_text", "kind_word", "shape_word"]

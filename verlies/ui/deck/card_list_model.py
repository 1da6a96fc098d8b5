"""The deck editor's card list without widgets: which cards of a draft a filter lets
through (kind, gem colour, search words), in the order the list shows them, each entry's
label, and which card stays selected when the list changes.

The view (``card_list_view.py``) holds the filters and the list; the editor model
(``editor_model.py``) keeps the filter and the selection beside the draft.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from verlies.cards.model import (
    Character,
    Color,
    DungeonCard,
    MonsterCard,
    RoomCard,
    TreasureCard,
)
from verlies.deck import Deck

Card = DungeonCard | RoomCard | MonsterCard | TreasureCard | Character

#: Card kinds in the order the editor lists them.
KINDS: tuple[str, ...] = ("dungeon", "room", "monster", "treasure", "character")

Key = tuple[str, str]  # (kind, card id)

#: The filters' "all" choice (a Dropdown shows a value of None as no selection).
ALL = "all"


@dataclass(frozen=True)
class Filter:
    """Which cards the list shows: a kind, a gem colour (None: all) and search words."""

    kind: str | None = None
    color: Color | None = None
    query: str = ""

    @classmethod
    def chosen(cls, kind: str, color: Color | str, query: str) -> Filter:
        """The filter of the dropdowns' values (:data:`ALL` for all) and the search box."""
        return cls(None if kind == ALL else kind, None if color == ALL else Color(color), query)


def card_search_text(card: Card) -> str:
    """Everything a search may match on a card: id, both names, its text in both languages."""
    from verlies.render.svg import card_text

    parts = [card.id, card.name.de, card.name.en]
    if not isinstance(card, Character):
        parts += [card_text(card, "de"), card_text(card, "en")]
    return " ".join(parts).casefold()


def card_matches(card: Card, kind: str | None, color: Color | None, query: str) -> bool:
    """Does ``card`` pass the filter? ``kind``/``color`` None mean all; ``color`` is the gem
    colour of dungeon cards (other kinds have none and are left out when a colour is set);
    ``query`` is matched, case-insensitively, word by word against the card's id, names
    and text."""
    if kind is not None and card.KIND != kind:
        return False
    if color is not None and (not isinstance(card, DungeonCard) or card.color is not color):
        return False
    words = query.casefold().split()
    if words:
        hay = card_search_text(card)
        return all(w in hay for w in words)
    return True


def listed(draft: Deck, f: Filter) -> list[Key]:
    """The (kind, id) of every card of ``draft`` that passes ``f``, kind by kind."""
    out: list[Key] = []
    for k in KINDS:
        if f.kind is not None and k != f.kind:
            continue
        for cid, card in draft.cards(k).items():
            if card_matches(card, k, f.color, f.query):
                out.append((k, cid))
    return out


def total_cards(draft: Deck) -> int:
    """How many different cards ``draft`` has (what the list shows without a filter)."""
    return sum(len(draft.cards(k)) for k in KINDS)


def list_label(draft: Deck, key: Key, lang: str) -> str:
    """A card's entry in the list: id, name, then its count (a character: its numbers)."""
    kind, cid = key
    card = draft.cards(kind)[cid]
    name = card.name.get(lang)
    if isinstance(card, Character):
        extra = f" {card.staerke}/{card.geist}/{card.geschick}"
    else:
        extra = f" ×{draft.counts(kind).get(cid, 1)}"
    return f"{cid} · {name}{extra}"


def kept_selection(keys: Sequence[Key], selected: Key | None) -> Key | None:
    """The card selected after the list shows ``keys``: the selected one if it is still
    listed, else the first one (None: an empty list).

    >>> kept_selection([("room", "a"), ("room", "b")], ("room", "b"))
    ('room', 'b')
    >>> kept_selection([("room", "a")], ("room", "b")), kept_selection([], ("room", "b"))
    (('room', 'a'), None)
    """
    if selected in keys:
        return selected
    return keys[0] if keys else None


__all__ = [
    "ALL",
    "KINDS",
    "Card",
    "Filter",
    "Key",
    "card_matches",
    "card_search_text",
    "kept_selection",
    "list_label",
    "listed",
    "total_cards",
]

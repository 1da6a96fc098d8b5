"""Cards and deck-file entries: a validated entry becomes a card, a card becomes an entry.

Room, monster and treasure cards are their text: an entry's ``text`` is compiled with the
card-text grammar (:mod:`verlies.cards.text`), and a card given from Python is checked by
writing it as an entry and reading it back, exactly like a file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from enum import Enum
from typing import Any, cast

from pydantic import ValidationError

from verlies.cards.model import (
    Character,
    Color,
    DungeonCard,
    MonsterCard,
    Names,
    Obstacle,
    ObstacleType,
    RoomCard,
    Shape,
    TileKind,
    TreasureCard,
)
from verlies.deck.kinds import CARD_TYPE, TEXTED, Card, Kind
from verlies.deck.messages import ErrorWords, field_name, messages
from verlies.deck.schema import ENTRY_MODEL, CharacterModel, DungeonModel, NamedModel, TextModel
from verlies.deck.words import CardTextMessage, Words
from verlies.errors import CardTextError, DeckError


def _names(m: NamedModel) -> Names:
    return Names(m.name, m.name_en if m.name_en is not None else m.name)


def _canonical(
    text: str, value: object, fmt: Callable[..., str], parse: Callable[..., object]
) -> str:
    """The German text as the formatter writes it, if it reads back the same; else as given."""
    canonical = fmt(value, lang="de")
    try:
        same = parse(canonical) == value
    except CardTextError:
        same = False
    return canonical if same else text.strip()


@dataclass
class _Budget:
    total: int
    left: int


_budget: ContextVar[_Budget | None] = ContextVar("card_text_budget", default=None)


@contextmanager
def card_text_budget(chars: int) -> Iterator[None]:
    """Inside, compiling card text (files, patches, live edits) may take at most ``chars``
    characters in all; more raises DeckError. For outside input that holds many decks or
    patches, e.g. a saved game's live edits, each within its own limits."""
    token = _budget.set(_Budget(chars, chars))
    try:
        yield
    finally:
        _budget.reset(token)


def _charge(text: str, card_id: str) -> None:
    budget = _budget.get()
    if budget is not None:
        budget.left -= len(text)
        if budget.left < 0:
            words = Words.of("err.text_budget", max=budget.total)
            raise DeckError(words=words, card=card_id, field="text")


def text_card(kind: Kind, card_id: str, names: Names, text: str) -> Card:
    """Compile a card's text with the card-text parser. Raises CardTextError (and
    DeckError beyond a :func:`card_text_budget`)."""
    _charge(text, card_id)
    from verlies.cards.text import (
        format_monster,
        format_room,
        format_treasure,
        parse_monster,
        parse_room,
        parse_treasure,
    )

    if kind == "room":
        effects = parse_room(text, card=card_id)
        return RoomCard(card_id, names, _canonical(text, effects, format_room, parse_room), effects)
    if kind == "monster":
        mt = parse_monster(text, card=card_id)
        canon = _canonical(text, mt, format_monster, parse_monster)
        return MonsterCard(card_id, names, canon, mt.fight, mt.loot_gold, mt.loot_treasures)
    tt = parse_treasure(text, card=card_id)
    canon = _canonical(text, tt, format_treasure, parse_treasure)
    return TreasureCard(card_id, names, canon, tt.gold, tt.magic, tt.spent)


def card_from_model(kind: Kind, m: NamedModel) -> Card:
    names = _names(m)
    if isinstance(m, DungeonModel):
        obstacle = None
        if m.obstacle is not None:
            o = m.obstacle
            obstacle = Obstacle(ObstacleType.from_key(o.type), Color(o.color), o.n)
        return DungeonCard(
            m.id, TileKind(m.kind), Color(m.color), Shape(m.shape), names, m.gold, obstacle
        )
    if isinstance(m, CharacterModel):
        return Character(m.id, names, m.staerke, m.geist, m.geschick)
    assert isinstance(m, TextModel)
    return text_card(kind, m.id, names, m.text)


def _plain(value: object) -> object:
    return value.value if isinstance(value, Enum) else value


def entry_of(kind: Kind, card: Card, count: int | None) -> dict[str, Any]:
    """A card as a deck-file entry (the same dict tomllib reads back)."""
    e: dict[str, Any] = {"id": card.id}
    if isinstance(card, DungeonCard):
        e["kind"] = _plain(card.kind)
        e["color"] = _plain(card.color)
        e["shape"] = _plain(card.shape)
    e["name"] = card.name.de
    e["name_en"] = card.name.en
    if isinstance(card, DungeonCard):
        if card.gold:
            e["gold"] = card.gold
        o = card.obstacle
        if o is not None:
            otype = o.type.key if isinstance(o.type, ObstacleType) else o.type
            e["obstacle"] = {"type": otype, "color": _plain(o.color), "n": o.n}
    elif isinstance(card, Character):
        e["staerke"] = card.staerke
        e["geist"] = card.geist
        e["geschick"] = card.geschick
    else:
        e["text"] = card.text
    if count is not None and kind != "character":
        e["count"] = count
    return e


def validate_entry(
    kind: Kind, raw: Mapping[str, Any], *, patch: bool
) -> tuple[NamedModel | None, list[tuple[tuple[str | int, ...], ErrorWords]]]:
    """The entry's model, or its problems: (where, its words)."""
    model = ENTRY_MODEL[kind]
    try:
        return model.model_validate(raw, context={"patch": patch}), []
    except ValidationError as exc:
        return None, [
            (tuple(err["loc"]), messages(err, model, tuple(err["loc"])))
            for err in exc.errors(include_url=False)
        ]


def checked_card(kind: Kind, card: object, count: int | None = None) -> Card:
    """A card given from Python, validated like a file entry. Raises DeckError."""
    if not isinstance(card, CARD_TYPE[kind]):
        raise DeckError(
            words=Words.of(
                "err.card_type",
                expected=CARD_TYPE[kind].__name__,
                kind=kind,
                got=type(card).__name__,
            ),
            card=getattr(card, "id", None) if isinstance(getattr(card, "id", None), str) else None,
        )
    typed = cast(Card, card)
    try:
        raw = entry_of(kind, typed, count)
    except (AttributeError, TypeError) as exc:
        words = Words.of("err.malformed", msg=str(exc))
        raise DeckError(words=words, card=str(getattr(card, "id", ""))) from None
    m, errors = validate_entry(kind, raw, patch=False)
    cid = raw.get("id") if isinstance(raw.get("id"), str) else None
    if m is None:
        loc, msg = errors[0]
        raise DeckError(words=msg, card=cid, field=field_name(loc))
    try:
        rebuilt = card_from_model(kind, m)
    except CardTextError as exc:
        words = Words.of("err.text", msg=CardTextMessage.of(exc))
        raise DeckError(words=words, card=cid, field="text") from exc
    if kind in TEXTED and _content(rebuilt) != _content(typed):
        raise DeckError(
            words=Words("err.text_disagrees"),
            card=cid,
            field="text",
        )
    return rebuilt


def _content(card: Card) -> tuple[object, ...]:
    """What a text card's text compiles to (everything but the text itself)."""
    if isinstance(card, RoomCard):
        return (card.effects,)
    if isinstance(card, MonsterCard):
        return (card.fight, card.loot_gold, card.loot_treasures)
    if isinstance(card, TreasureCard):
        return (card.gold, card.magic, card.spent)
    return (card,)


def count_of(m: NamedModel, default: int) -> int:
    count = getattr(m, "count", None)
    return default if count is None else int(count)

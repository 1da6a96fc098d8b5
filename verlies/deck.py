"""Decks: the cards a game is played with, read from and written to TOML deck files.

A :class:`Deck` is an immutable value: four piles of cards with their counts (dungeon,
room, monster and treasure cards, R2.3) and the characters (R2.1). It is loaded from a
deck file (``Deck.load``), from text (``Deck.loads``) or is the shipped default
(``Deck.default()``). Every change (``with_card_text``, ``with_count``, ``with_card``,
``without_card``, ``apply``) returns a new deck or raises; the old deck never changes.

Deck files are validated with pydantic models (unknown fields, wrong types, missing
fields, out-of-range numbers); the errors become :class:`~verlies.errors.DeckError` with
the file, the card id, the field and the line of the offending entry in the TOML text.
The format is described in ``docs/deck-format.md``.

>>> deck = Deck.default()
>>> sum(deck.dungeon_counts.values()), len(deck.characters)
(80, 8)
>>> sum(deck.dungeon_pile(2).values())  # red cards without the start card (R2.2, R2.4)
39
"""

from __future__ import annotations

import functools
import os
import re
import tempfile
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any, Final, Literal, TypeAlias, cast, get_args

import tomli_w
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    ValidationInfo,
    field_validator,
)
from pydantic_core import PydanticCustomError

from verlies.cards.model import (
    COLORS_FOR_PLAYERS,
    Attr,
    Character,
    Color,
    DrawTreasure,
    DungeonCard,
    MonsterCard,
    MonsterEncounter,
    Names,
    Obstacle,
    ObstacleType,
    RoomCard,
    Shape,
    TileKind,
    Trap,
    TreasureCard,
)
from verlies.errors import CardTextError, DeckError

__all__ = [
    "KINDS",
    "MAX_BYTES",
    "CardChange",
    "CardRef",
    "CountChange",
    "Deck",
    "DeckPatch",
]

# ---- limits ---------------------------------------------------------------------------

#: Deck files and texts larger than this are refused before parsing (1 MiB).
MAX_BYTES: Final = 1 << 20
#: Largest count of one card, gold on a corridor, obstacle number, text and name lengths.
MAX_COUNT: Final = 1000
MAX_GOLD: Final = 1000
MAX_OBSTACLE: Final = 100
MAX_TEXT: Final = 1000
MAX_NAME: Final = 80
#: Most cards in one pile (the sum of its counts).
MAX_PILE: Final = 10_000
#: How many base decks a patch file may stack on (``base = "other.toml"``).
MAX_BASE_DEPTH: Final = 8
#: The number of characters a deck needs: 4 players choose distinct ones (R2.1).
MIN_CHARACTERS: Final = 4
#: R10: the material of the published game (used for warnings only).
R10_MATERIAL: Final[dict[str, int]] = {
    "dungeon": 80,
    "room": 24,
    "monster": 16,
    "treasure": 16,
    "character": 8,
}
FORMAT_VERSION: Final = 1
ID_PATTERN: Final = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"

# ---- card kinds -----------------------------------------------------------------------

Kind: TypeAlias = Literal["dungeon", "room", "monster", "treasure", "character"]
#: The card kinds, in the order of the deck file's sections.
KINDS: Final[tuple[Kind, ...]] = ("character", "dungeon", "room", "monster", "treasure")
_COUNTED: Final[tuple[Kind, ...]] = ("dungeon", "room", "monster", "treasure")
_TEXTED: Final[tuple[Kind, ...]] = ("room", "monster", "treasure")
#: Kind -> the TOML section (array of tables) holding its cards.
SECTION: Final[dict[Kind, str]] = {
    "character": "characters",
    "dungeon": "dungeon",
    "room": "rooms",
    "monster": "monsters",
    "treasure": "treasures",
}
_KIND_OF: Final[dict[str, Kind]] = {
    **{k: k for k in KINDS},
    **{s: k for k, s in SECTION.items()},
}

Card: TypeAlias = DungeonCard | RoomCard | MonsterCard | TreasureCard | Character
_CARD_TYPE: Final[dict[Kind, type]] = {
    "character": Character,
    "dungeon": DungeonCard,
    "room": RoomCard,
    "monster": MonsterCard,
    "treasure": TreasureCard,
}
_R10_LABEL: Final[dict[Kind, str]] = {
    "character": "characters",
    "dungeon": "dungeon cards",
    "room": "room cards",
    "monster": "monster cards",
    "treasure": "treasure cards",
}
_KIND_LABEL: Final[dict[Kind, str]] = {
    "character": "character",
    "dungeon": "dungeon card",
    "room": "room card",
    "monster": "monster card",
    "treasure": "treasure card",
}


def _kind(kind: object, allowed: tuple[Kind, ...] = KINDS) -> Kind:
    """Normalise ``"room"``/``"rooms"`` to ``"room"``; DeckError for anything else."""
    k = _KIND_OF.get(kind) if isinstance(kind, str) else None
    if k is None or k not in allowed:
        raise DeckError(
            f"unknown card kind {kind!r}; allowed: {', '.join(allowed)}",
            field="kind",
        )
    return k


# ---- pydantic models of the file structure ---------------------------------------------

# The enums' values as the file spells them (tests check they match the enums).
ColorKey: TypeAlias = Literal["red", "blue", "green"]
ShapeKey: TypeAlias = Literal["dead_end", "straight", "bend", "T", "cross"]
TileKindKey: TypeAlias = Literal["start", "exit", "corridor", "room"]
ObstacleKey: TypeAlias = Literal[
    "abgrund", "saeuresee", "lava", "magie_sperre", "einsturz", "tuer", "holzbruecke"
]

_CONFIG = ConfigDict(extra="forbid", strict=True, frozen=True)
_Id = Annotated[str, StringConstraints(pattern=ID_PATTERN)]
_Name = Annotated[str, StringConstraints(min_length=1, max_length=MAX_NAME)]
_Text = Annotated[str, StringConstraints(min_length=1, max_length=MAX_TEXT)]
_Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
_Value = Annotated[int, Field(ge=0, le=10)]


class _Named(BaseModel):
    model_config = _CONFIG

    id: _Id
    name: _Name
    name_en: _Name | None = None


class _Counted(_Named):
    count: _Count | None = None

    @field_validator("count")
    @classmethod
    def _zero_only_in_patches(cls, value: int | None, info: ValidationInfo) -> int | None:
        patch = bool(info.context and info.context.get("patch"))
        if value == 0 and not patch:
            raise PydanticCustomError(
                "count_zero",
                "count must be at least 1 (count = 0 removes a card in patch files only; "
                "delete the entry instead)",
            )
        return value


class _ObstacleModel(BaseModel):
    model_config = _CONFIG

    type: ObstacleKey
    color: ColorKey
    n: Annotated[int, Field(ge=1, le=MAX_OBSTACLE)]


class _DungeonModel(_Counted):
    kind: TileKindKey
    color: ColorKey
    shape: ShapeKey
    gold: Annotated[int, Field(ge=0, le=MAX_GOLD)] = 0
    obstacle: _ObstacleModel | None = None

    @field_validator("gold", "obstacle")
    @classmethod
    def _corridors_only(cls, value: object, info: ValidationInfo) -> object:
        kind = info.data.get("kind")
        if value and kind is not None and kind != "corridor":
            raise PydanticCustomError(
                "corridor_only",
                "only corridors carry {what} (R3.6, R4); this card's kind is '{kind}'",
                {"what": info.field_name, "kind": kind},
            )
        return value


class _TextModel(_Counted):
    text: _Text


class _CharacterModel(_Named):
    staerke: _Value
    geist: _Value
    geschick: _Value


class _CountOnlyModel(BaseModel):
    """A patch-file entry that only changes the count of a card of the base deck."""

    model_config = _CONFIG

    id: _Id
    count: _Count


_ENTRY_MODEL: Final[dict[Kind, type[_Named]]] = {
    "character": _CharacterModel,
    "dungeon": _DungeonModel,
    "room": _TextModel,
    "monster": _TextModel,
    "treasure": _TextModel,
}


class _FileModel(BaseModel):
    model_config = _CONFIG

    format: Literal[1] = 1
    name: _Name | None = None
    base: Annotated[str, StringConstraints(min_length=1, max_length=4096)] | None = None
    remove: list[_Id] = Field(default_factory=list)
    characters: list[dict[str, Any]] = Field(default_factory=list)
    dungeon: list[dict[str, Any]] = Field(default_factory=list)
    rooms: list[dict[str, Any]] = Field(default_factory=list)
    monsters: list[dict[str, Any]] = Field(default_factory=list)
    treasures: list[dict[str, Any]] = Field(default_factory=list)

    @field_validator("remove")
    @classmethod
    def _remove_needs_base(cls, value: list[str], info: ValidationInfo) -> list[str]:
        if value and info.data.get("base") is None:
            raise PydanticCustomError(
                "remove_without_base",
                'remove is only allowed in a patch file (one with base = "default")',
            )
        return value


KindKey: TypeAlias = Literal[
    "dungeon",
    "room",
    "monster",
    "treasure",
    "character",
    "rooms",
    "monsters",
    "treasures",
    "characters",
]


class _PatchCardModel(BaseModel):
    model_config = _CONFIG

    kind: KindKey
    card: dict[str, Any]


class _PatchCountModel(BaseModel):
    model_config = _CONFIG

    kind: KindKey
    id: _Id
    count: _Count


class _PatchRefModel(BaseModel):
    model_config = _CONFIG

    kind: KindKey
    id: _Id


class _PatchDictModel(BaseModel):
    model_config = _CONFIG

    format: Literal[1] = 1
    name: _Name | None = None
    added: list[_PatchCardModel] = Field(default_factory=list)
    changed: list[_PatchCardModel] = Field(default_factory=list)
    counts: list[_PatchCountModel] = Field(default_factory=list)
    removed: list[_PatchRefModel] = Field(default_factory=list)


# ---- pydantic errors -> readable messages ----------------------------------------------

_TOML_TYPE: Final[dict[type, str]] = {
    bool: "a boolean",
    int: "an integer",
    float: "a float",
    str: "a string",
    list: "an array",
    dict: "a table",
}
_EXPECTED: Final[dict[str, str]] = {
    "int_type": "an integer",
    "string_type": "a string",
    "bool_type": "a boolean",
    "list_type": "an array",
    "dict_type": "a table",
    "model_type": "a table",
    "model_attributes_type": "a table",
    "literal_error": "one of the listed values",
}


#: Our own error types (PydanticCustomError): their message is complete.
_CUSTOM: Final = frozenset({"count_zero", "corridor_only", "remove_without_base"})


def _toml_type(value: object) -> str:
    for t, label in _TOML_TYPE.items():
        if type(value) is t:
            return label
    return type(value).__name__


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _submodel(model: type[BaseModel] | None, path: Iterable[str | int]) -> type[BaseModel] | None:
    """The pydantic model that validates the table at ``path`` inside ``model``."""
    for part in path:
        if model is None:
            return None
        if isinstance(part, int):
            continue
        info = model.model_fields.get(part)
        if info is None:
            return None
        model = _find_model(info.annotation)
    return model


def _find_model(annotation: object) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in get_args(annotation):
        found = _find_model(arg)
        if found is not None:
            return found
    return None


def _field_name(loc: Iterable[str | int]) -> str | None:
    parts = [p for p in loc if isinstance(p, str)]
    return ".".join(parts) if parts else None


def _message(err: Mapping[str, Any], model: type[BaseModel], loc: tuple[str | int, ...]) -> str:
    """One pydantic error as a sentence for a designer."""
    kind = str(err.get("type"))
    value = err.get("input")
    ctx = err.get("ctx") or {}
    name = _field_name(loc) or "value"
    if kind == "missing":
        where = _submodel(model, loc[:-1])
        need = [n for n, f in where.model_fields.items() if f.is_required()] if where else []
        extra = f" (required here: {', '.join(need)})" if need else ""
        return f"missing field {name!r}{extra}"
    if kind == "extra_forbidden":
        where = _submodel(model, loc[:-1])
        allowed = ", ".join(where.model_fields) if where else ""
        key = loc[-1] if loc else name
        return f"unknown field {key!r}; allowed fields here: {allowed}"
    if kind == "literal_error":
        return f"unknown value {_short(value)} for {name!r}; allowed: {ctx.get('expected')}"
    if kind == "string_pattern_mismatch":  # only ids have a pattern
        return (
            f"bad id {_short(value)}: an id is 1-64 ASCII letters, digits, '-', '_' or "
            "'.', starting with a letter or digit"
        )
    if kind in _CUSTOM:
        return str(err.get("msg"))
    if kind in _EXPECTED:
        return f"wrong type for {name!r}: expected {_EXPECTED[kind]}, got {_toml_type(value)} " + (
            _short(value)
        )
    if kind == "greater_than_equal":
        return f"{name} must be at least {ctx.get('ge')}, got {_short(value)}"
    if kind == "less_than_equal":
        return f"{name} must be at most {ctx.get('le')}, got {_short(value)}"
    if kind == "string_too_short":
        return f"{name} must not be empty"
    if kind == "string_too_long":
        return f"{name} is too long: at most {ctx.get('max_length')} characters"
    return f"{err.get('msg')} ({name} = {_short(value)})"


# ---- where things are in the TOML text ---------------------------------------------------

_AOT_HEADER = re.compile(r"^\s*\[\[\s*([^\]\s]+)\s*\]\]")
_TABLE_HEADER = re.compile(r"^\s*\[\s*([A-Za-z0-9_.\"'-]+)\s*\](?!\])")
_KEY_PART = r"""(?:[A-Za-z0-9_-]+|"[^"\\]*"|'[^']*')"""
_KEY = re.compile(rf"^\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*=")
_INLINE_KEY = re.compile(r"[{,]\s*([A-Za-z0-9_-]+)\s*=")
_ID_VALUE = re.compile(r"""^\s*(?:"([^"\\]*)"|'([^']*)')""")
_TOML_POS = re.compile(r"\(at line (\d+), column (\d+)\)")


def _key_path(raw: str) -> str:
    parts = [p.strip().strip("\"'") for p in re.findall(_KEY_PART, raw)]
    return ".".join(parts)


@dataclass
class _Entry:
    section: str
    line: int
    keys: dict[str, tuple[int, int]] = field(default_factory=dict)
    id: str | None = None


class _Locator:
    """Finds lines in a TOML text: tomllib gives no positions for values.

    Array-of-tables entries (``[[rooms]]``) are found by position (the i-th header is the
    i-th entry) or by their ``id = "..."``; keys inside them by scanning their lines.
    """

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.top: dict[str, tuple[int, int]] = {}
        self.entries: dict[str, list[_Entry]] = {}
        current: _Entry | None = None
        prefix = ""
        open_quote: str | None = None
        for no, raw in enumerate(self.lines, 1):
            if open_quote is not None:
                if raw.count(open_quote) % 2 == 1:
                    open_quote = None
                continue
            m = _AOT_HEADER.match(raw)
            if m:
                name = _key_path(m.group(1))
                current = _Entry(name, no)
                self.entries.setdefault(name, []).append(current)
                self.top.setdefault(name, (no, m.start(1) + 1))
                prefix = ""
                continue
            m = _TABLE_HEADER.match(raw)
            if m:
                name = _key_path(m.group(1))
                if current is not None and name.startswith(current.section + "."):
                    prefix = name[len(current.section) + 1 :] + "."
                else:
                    current = None
                    self.top.setdefault(name, (no, m.start(1) + 1))
                    prefix = name + "."
                continue
            m = _KEY.match(raw)
            if not m:
                continue
            key = prefix + _key_path(m.group(1))
            target = current.keys if current is not None else self.top
            target.setdefault(key, (no, m.start(1) + 1))
            rest = raw[m.end() :]
            if current is not None and key == "id":
                idm = _ID_VALUE.match(rest)
                if idm:
                    current.id = idm.group(1) if idm.group(1) is not None else idm.group(2)
            for im in _INLINE_KEY.finditer(rest):
                target.setdefault(f"{key}.{im.group(1)}", (no, m.end() + im.start(1) + 1))
            for quote in ('"""', "'''"):
                if rest.count(quote) % 2 == 1:
                    open_quote = quote
                    break

    def entry(self, section: str, index: int | None, card: str | None, total: int) -> _Entry | None:
        found = self.entries.get(section, [])
        if index is not None and len(found) == total and 0 <= index < total:
            return found[index]
        if card is not None:
            for e in found:
                if e.id == card:
                    return e
        return None

    def entry_by_id(self, card: str) -> _Entry | None:
        for found in self.entries.values():
            for e in found:
                if e.id == card:
                    return e
        return None

    def key_in(self, entry: _Entry, fld: str | None) -> tuple[int, int | None]:
        if fld:
            parts = fld.split(".")
            for n in range(len(parts), 0, -1):
                pos = entry.keys.get(".".join(parts[:n]))
                if pos is not None:
                    return pos
        return entry.line, None

    def top_key(self, key: str) -> tuple[int, int] | None:
        if key in self.top:
            return self.top[key]
        first = self.entries.get(key)
        return (first[0].line, 1) if first else None

    def find_id_line(self, card: str) -> int | None:
        pattern = re.compile(rf"""\bid\s*=\s*["']{re.escape(card)}["']""")
        for no, raw in enumerate(self.lines, 1):
            if pattern.search(raw):
                return no
        return None


# ---- locating problems: no file (live edits) or a file -------------------------------------


@dataclass(frozen=True)
class _Problem:
    """A deck-level problem found after the entries were read: no line yet."""

    message: str
    card: str | None = None
    field: str | None = None
    section: str | None = None


class _Where:
    """Turns problems into DeckErrors and warnings; live edits know no file or line."""

    def error(self, p: _Problem) -> DeckError:
        return DeckError(p.message, card=p.card, field=p.field)

    def warning(self, card: str | None, message: str) -> str:
        return f"card {card!r}: {message}" if card else message


class _FileWhere(_Where):
    def __init__(self, file: str, locator: _Locator, fallback_keys: tuple[str, ...] = ()) -> None:
        self.file = file
        self.loc = locator
        self.fallback_keys = fallback_keys

    def position(
        self, card: str | None, fld: str | None, section: str | None
    ) -> tuple[int, int | None]:
        if card is not None:
            entry = self.loc.entry_by_id(card)
            if entry is not None:
                return self.loc.key_in(entry, fld)
            line = self.loc.find_id_line(card)
            if line is not None:
                return line, None
            remove = self.loc.top.get("remove")
            if remove is not None:
                return remove[0], None
        for key in (section, *self.fallback_keys, "dungeon"):
            if key:
                pos = self.loc.top_key(key)
                if pos is not None:
                    return pos[0], None
        return 1, None

    def error(self, p: _Problem) -> DeckError:
        line, column = self.position(p.card, p.field, p.section)
        return DeckError(
            p.message, file=self.file, card=p.card, field=p.field, line=line, column=column
        )

    def warning(self, card: str | None, message: str) -> str:
        if card is None:
            return f"{self.file}: {message}"
        line, _ = self.position(card, None, None)
        return f"{self.file}, line {line}, card {card!r}: {message}"


def _first(errors: list[DeckError]) -> DeckError:
    """The first error by line; its message says how many more there are."""
    errors.sort(key=lambda e: (e.line or 0, e.column or 0))
    first = errors[0]
    if len(errors) == 1:
        return first
    more = len(errors) - 1
    combined = DeckError(
        f"{first.message} (and {more} more problem{'s' if more > 1 else ''})",
        file=first.file,
        card=first.card,
        field=first.field,
        line=first.line,
        column=first.column,
    )
    combined.__cause__ = first.__cause__
    return combined


# ---- cards <-> entries ----------------------------------------------------------------------


def _names(m: _Named) -> Names:
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


def _text_card(kind: Kind, card_id: str, names: Names, text: str) -> Card:
    """Compile a card's text with the card-text parser. Raises CardTextError."""
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


def _card_from_model(kind: Kind, m: _Named) -> Card:
    names = _names(m)
    if isinstance(m, _DungeonModel):
        obstacle = None
        if m.obstacle is not None:
            o = m.obstacle
            obstacle = Obstacle(ObstacleType.from_key(o.type), Color(o.color), o.n)
        return DungeonCard(
            m.id, TileKind(m.kind), Color(m.color), Shape(m.shape), names, m.gold, obstacle
        )
    if isinstance(m, _CharacterModel):
        return Character(m.id, names, m.staerke, m.geist, m.geschick)
    assert isinstance(m, _TextModel)
    return _text_card(kind, m.id, names, m.text)


def _plain(value: object) -> object:
    return value.value if isinstance(value, Enum) else value


def _entry_of(kind: Kind, card: Card, count: int | None) -> dict[str, Any]:
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


def _validate_entry(
    kind: Kind, raw: Mapping[str, Any], *, patch: bool
) -> tuple[_Named | None, list[tuple[tuple[str | int, ...], str]]]:
    model = _ENTRY_MODEL[kind]
    try:
        return model.model_validate(raw, context={"patch": patch}), []
    except ValidationError as exc:
        return None, [
            (tuple(err["loc"]), _message(err, model, tuple(err["loc"])))
            for err in exc.errors(include_url=False)
        ]


def _checked_card(kind: Kind, card: object, count: int | None = None) -> Card:
    """A card given from Python, validated like a file entry. Raises DeckError."""
    if not isinstance(card, _CARD_TYPE[kind]):
        raise DeckError(
            f"expected a {_CARD_TYPE[kind].__name__} for kind {kind!r}, got {type(card).__name__}",
            card=getattr(card, "id", None) if isinstance(getattr(card, "id", None), str) else None,
        )
    typed = cast(Card, card)
    try:
        raw = _entry_of(kind, typed, count)
    except (AttributeError, TypeError) as exc:
        raise DeckError(f"malformed card: {exc}", card=str(getattr(card, "id", ""))) from None
    m, errors = _validate_entry(kind, raw, patch=False)
    cid = raw.get("id") if isinstance(raw.get("id"), str) else None
    if m is None:
        loc, msg = errors[0]
        raise DeckError(msg, card=cid, field=_field_name(loc))
    try:
        rebuilt = _card_from_model(kind, m)
    except CardTextError as exc:
        raise DeckError(
            f"card text does not parse: {exc.message}",
            card=cid,
            field="text",
            message_de=f"Kartentext nicht lesbar: {exc.message_in('de')}",
        ) from exc
    if kind in _TEXTED and _content(rebuilt) != _content(typed):
        raise DeckError(
            "the card's text and its fields disagree: the text is the card (use "
            "with_card_text to change it)",
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


# ---- deck-level rules ---------------------------------------------------------------------


def _players_label(players: int) -> str:
    return "a 1- or 2-player game" if players <= 2 else f"a {players}-player game"


def _colors_label(colors: tuple[Color, ...]) -> str:
    names = [c.value for c in colors]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _check(
    cards: Mapping[Kind, Mapping[str, Card]], counts: Mapping[Kind, Mapping[str, int]]
) -> tuple[list[_Problem], list[tuple[str | None, str]]]:
    """Deck-level rules: errors (a game could not be played) and warnings (odd numbers)."""
    errors: list[_Problem] = []
    warnings: list[tuple[str | None, str]] = []
    dungeon = cast(Mapping[str, DungeonCard], cards["dungeon"])
    dcounts = counts["dungeon"]

    seen: dict[str, Kind] = {}
    for kind in KINDS:
        for cid in cards[kind]:
            if cid in seen:
                errors.append(
                    _Problem(
                        f"duplicate id {cid!r}: also a {_KIND_LABEL[seen[cid]]}; "
                        "ids must be unique in the whole deck",
                        card=cid,
                        field="id",
                        section=SECTION[kind],
                    )
                )
            seen.setdefault(cid, kind)

    # R2.4: exactly one start card, once.
    starts = [c for c in dungeon.values() if c.kind is TileKind.START]
    if not starts:
        errors.append(
            _Problem(
                'no start card: the deck needs exactly one dungeon card with kind = "start" (R2.4)',
                section="dungeon",
            )
        )
    for extra in starts[1:]:
        errors.append(
            _Problem(
                f"a second start card; {starts[0].id!r} is the start already "
                "(R2.4: exactly one start card)",
                card=extra.id,
                field="kind",
            )
        )
    if starts and dcounts.get(starts[0].id, 1) != 1:
        errors.append(
            _Problem(
                f"the start card's count must be 1, got {dcounts.get(starts[0].id)} (R2.4)",
                card=starts[0].id,
                field="count",
            )
        )
    if starts and starts[0].color is not Color.RED:
        warnings.append(
            (starts[0].id, "R2.4: the start card is the red Alpha; this one is not red")
        )

    # R2.2 + R1.3: the colours used by n players hold n - 1 exits (at least one).
    exits = {c: 0 for c in Color}
    for cid, card in dungeon.items():
        if card.kind is TileKind.EXIT:
            exits[card.color] += dcounts.get(cid, 1)
    for players in (2, 3, 4):
        colors = COLORS_FOR_PLAYERS[players]
        have = sum(exits[c] for c in colors)
        need = players - 1
        if have < need:
            lacking = [c.value for c in colors if exits[c] == 0] or [colors[-1].value]
            errors.append(
                _Problem(
                    f"{' and '.join(lacking)} {'has' if len(lacking) == 1 else 'have'} no exit: "
                    f"{_players_label(players)} uses the {_colors_label(colors)} cards (R2.2) "
                    f"and needs {need} exit{'s' if need > 1 else ''} there (R1.3: one fewer "
                    f"than players), but they hold {have}; such a game could never end",
                    section="dungeon",
                )
            )
            break
        if have > need:
            warnings.append(
                (
                    None,
                    f"R1.3: {_players_label(players)} ({_colors_label(colors)} cards) would "
                    f"have {have} exits; the rules say fewer exits than players ({need})",
                )
            )

    # R2.1: 4 players choose distinct characters.
    if len(cards["character"]) < MIN_CHARACTERS:
        errors.append(
            _Problem(
                f"only {len(cards['character'])} character(s); the deck needs at least "
                f"{MIN_CHARACTERS} so that 4 players can choose distinct ones (R2.1)",
                section="characters",
            )
        )

    # R6.2, R6.3: room tiles draw room cards, monster encounters draw monster cards.
    rooms = cast(Mapping[str, RoomCard], cards["room"])
    has_room_tiles = any(c.kind is TileKind.ROOM for c in dungeon.values())
    if has_room_tiles and not rooms:
        errors.append(
            _Problem(
                "the dungeon has room tiles but the deck has no room cards to draw (R6.2)",
                section="rooms",
            )
        )
    encounters = [
        r.id for r in rooms.values() if any(isinstance(e, MonsterEncounter) for e in r.effects)
    ]
    if encounters and not cards["monster"]:
        errors.append(
            _Problem(
                "room cards call for monster encounters but the deck has no monster cards (R6.3)",
                card=encounters[0],
                field="text",
            )
        )
    monsters = cast(Mapping[str, MonsterCard], cards["monster"])
    wants_treasure = any(
        isinstance(e, DrawTreasure) for r in rooms.values() for e in r.effects
    ) or any(m.loot_treasures for m in monsters.values())
    if wants_treasure and not cards["treasure"]:
        warnings.append((None, "cards give treasures but the deck has no treasure cards (R9.2)"))

    # Numbers no roll can reach, even with the best character (without magic).
    chars = cast(Mapping[str, Character], cards["character"])
    if chars:
        best = {a: max(c.value(a) for c in chars.values()) for a in Attr}
        for cid, card in dungeon.items():
            o = card.obstacle
            if o is not None and o.n > 6 + best[o.attr]:
                warnings.append(
                    (
                        cid,
                        f"obstacle {o.type.value} {o.n} can never be passed: the best "
                        f"{o.attr.value} is {best[o.attr]}, W6 + {best[o.attr]} reaches at most "
                        f"{6 + best[o.attr]} (R4.2)",
                    )
                )
        for cid, room in rooms.items():
            for effect in room.effects:
                if isinstance(effect, Trap):
                    reach = 6 + max(best[a] for a in effect.attrs)
                    if effect.target > reach:
                        warnings.append(
                            (
                                cid,
                                f"trap {effect.target} can never be passed: W6 plus the best "
                                f"value reaches at most {reach}",
                            )
                        )
        for cid, monster in monsters.items():
            if monster.fight and all(6 + best[f.attr] < 1 + f.value for f in monster.fight):
                warnings.append(
                    (
                        cid,
                        "monster can never be beaten: even W6 = 6 with the best value loses (R7.2)",
                    )
                )

    # Piles a game engine can still shuffle.
    for kind in _COUNTED:
        pile = sum(counts[kind].values())
        if pile > MAX_PILE:
            errors.append(
                _Problem(
                    f"{pile} {_R10_LABEL[kind]} in all; a deck may have at most {MAX_PILE}",
                    section=SECTION[kind],
                )
            )

    # R10: the published material.
    for label, expected in R10_MATERIAL.items():
        k = _KIND_OF[label]
        total = len(cards[k]) if k == "character" else sum(counts[k].values())
        if total != expected:
            warnings.append(
                (None, f"R10: the game has {expected} {_R10_LABEL[k]}; this deck has {total}")
            )
    return errors, warnings


# ---- the patch value ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardChange:
    """A card added or replaced, with its count (1 for characters)."""

    kind: Kind
    card: Card
    count: int = 1


@dataclass(frozen=True, slots=True)
class CountChange:
    """A card whose count changed (count 0 removes it)."""

    kind: Kind
    id: str
    count: int


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card removed."""

    kind: Kind
    id: str


@dataclass(frozen=True, slots=True)
class DeckPatch:
    """The difference between two decks: ``base.apply(base.diff(other)) == other``.

    A small immutable, hashable value; ``to_dict()``/``from_dict()`` make it JSON.
    """

    name: str | None = None
    added: tuple[CardChange, ...] = ()
    changed: tuple[CardChange, ...] = ()
    counts: tuple[CountChange, ...] = ()
    removed: tuple[CardRef, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not (self.name or self.added or self.changed or self.counts or self.removed)

    def __len__(self) -> int:
        """The number of changes (a new deck name counts as one)."""
        return (
            (self.name is not None)
            + len(self.added)
            + len(self.changed)
            + len(self.counts)
            + len(self.removed)
        )

    def describe(self, lang: str = "en", limit: int = 6) -> str:
        """A short line for logs and the UI, e.g. ``changed raum-gold-01; r-gang-bend-01 x4``.

        >>> DeckPatch(removed=(CardRef("monster", "monster-drache"),)).describe("de")
        'entfernt monster-drache'
        """
        de = lang == "de"
        parts: list[str] = []
        if self.name is not None:
            parts.append(f"{'Name' if de else 'name'} {self.name!r}")
        parts += [f"{'neu' if de else 'added'} {c.card.id} x{c.count}" for c in self.added]
        parts += [f"{'geändert' if de else 'changed'} {c.card.id}" for c in self.changed]
        parts += [f"{c.id} x{c.count}" for c in self.counts]
        parts += [f"{'entfernt' if de else 'removed'} {r.id}" for r in self.removed]
        if not parts:
            return "keine Änderung" if de else "no change"
        if len(parts) > limit:
            rest = len(parts) - limit
            parts = parts[:limit] + [f"+{rest} {'weitere' if de else 'more'}"]
        return "; ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able: plain dicts, lists, strings and integers."""
        out: dict[str, Any] = {"format": FORMAT_VERSION}
        if self.name is not None:
            out["name"] = self.name
        for key, changes in (("added", self.added), ("changed", self.changed)):
            out[key] = [
                {"kind": c.kind, "card": _entry_of(c.kind, c.card, c.count)} for c in changes
            ]
        out["counts"] = [{"kind": c.kind, "id": c.id, "count": c.count} for c in self.counts]
        out["removed"] = [{"kind": r.kind, "id": r.id} for r in self.removed]
        return out

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> DeckPatch:
        """Read ``to_dict()``'s output back; DeckError (with the field) if malformed."""
        try:
            model = _PatchDictModel.model_validate(
                dict(data) if isinstance(data, Mapping) else data
            )
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            loc = tuple(err["loc"])
            raise DeckError(
                "patch: " + _message(err, _PatchDictModel, loc), field=_field_name(loc)
            ) from None
        changes: dict[str, list[CardChange]] = {"added": [], "changed": []}
        for key in ("added", "changed"):
            for item in getattr(model, key):
                kind = _kind(item.kind)
                m, errors = _validate_entry(kind, item.card, patch=False)
                cid = item.card.get("id") if isinstance(item.card.get("id"), str) else None
                if m is None:
                    loc, msg = errors[0]
                    raise DeckError(f"patch {key}: {msg}", card=cid, field=_field_name(loc))
                try:
                    card = _card_from_model(kind, m)
                except CardTextError as exc:
                    raise DeckError(
                        f"patch {key}: card text does not parse: {exc.message}",
                        card=cid,
                        field="text",
                        message_de=f"Patch {key}: Kartentext nicht lesbar: {exc.message_in('de')}",
                    ) from exc
                count = 1 if kind == "character" else _count_of(m, 1)
                changes[key].append(CardChange(kind, card, count))
        return DeckPatch(
            name=model.name,
            added=tuple(changes["added"]),
            changed=tuple(changes["changed"]),
            counts=tuple(CountChange(_kind(c.kind), c.id, c.count) for c in model.counts),
            removed=tuple(CardRef(_kind(r.kind), r.id) for r in model.removed),
        )


def _count_of(m: _Named, default: int) -> int:
    count = getattr(m, "count", None)
    return default if count is None else int(count)


# ---- reading text ------------------------------------------------------------------------


def _decode(data: bytes, file: str) -> str:
    if len(data) > MAX_BYTES:
        raise DeckError(
            f"file too large: {len(data)} bytes; deck files may have at most {MAX_BYTES} bytes",
            file=file,
            line=1,
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DeckError(
            f"not a UTF-8 text file: byte 0x{data[exc.start]:02x} cannot be decoded "
            "(deck files are UTF-8 TOML)",
            file=file,
            line=line,
            column=column,
        ) from None
    return text.removeprefix("\ufeff")


def _toml_error(exc: tomllib.TOMLDecodeError, file: str, text: str) -> DeckError:
    message = str(exc)
    m = _TOML_POS.search(message)
    if m:
        line, column = int(m.group(1)), int(m.group(2))
        message = message[: m.start()].rstrip()
    else:
        line = max(1, len(text.splitlines()))
        column = None
        message = message.replace("(at end of document)", "").rstrip()
        message += " (at the end of the file)"
    return DeckError(f"TOML syntax error: {message}", file=file, line=line, column=column)


def _read_file(path: Path, file: str) -> str:
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except IsADirectoryError:
        raise DeckError("cannot read deck file: it is a directory", file=file) from None
    except OSError as exc:
        raise DeckError(f"cannot read deck file: {exc.strerror or exc}", file=file) from None
    return _decode(data, file)


@dataclass
class _Ops:
    """Changes to apply to a base deck (from a patch file or a DeckPatch)."""

    name: str | None = None
    puts: list[tuple[Kind, Card, int | None]] = field(default_factory=list)
    counts: list[tuple[Kind, str, int]] = field(default_factory=list)
    removes: list[tuple[Kind | None, str]] = field(default_factory=list)


def _parse_text(text: str, file: str, base_dir: Path | None, chain: tuple[str, ...]) -> Deck:
    text = text.removeprefix("\ufeff")  # a byte order mark, as some editors save it
    too_large = DeckError(
        f"deck text too large: deck files may have at most {MAX_BYTES} bytes", file=file, line=1
    )
    if len(text) > MAX_BYTES:
        raise too_large
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError as exc:
        line = text.count("\n", 0, exc.start) + 1
        raise DeckError(
            "not valid Unicode text: a lone surrogate character",
            file=file,
            line=line,
            column=exc.start - (text.rfind("\n", 0, exc.start) + 1) + 1,
        ) from None
    if size > MAX_BYTES:
        raise too_large
    locator = _Locator(text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _toml_error(exc, file, text) from None
    except RecursionError:
        raise DeckError("TOML nested too deeply", file=file, line=1) from None

    def at(
        card: str | None, section: str | None, index: int | None, fld: str | None
    ) -> tuple[int, int | None]:
        if section is None:
            pos = locator.top_key(fld.split(".")[0]) if fld else None
            return (pos[0], pos[1]) if pos else (1, None)
        total = len(data.get(section, [])) if isinstance(data.get(section), list) else 0
        entry = locator.entry(section, index, card, total)
        if entry is None:
            line = locator.find_id_line(card) if card else None
            if line is None:
                pos = locator.top_key(section)
                line = pos[0] if pos else 1
            return line, None
        return locator.key_in(entry, fld)

    try:
        top = _FileModel.model_validate(data)
    except ValidationError as exc:
        found: list[DeckError] = []
        for err in exc.errors(include_url=False):
            loc = tuple(err["loc"])
            section = str(loc[0]) if loc and loc[0] in SECTION.values() else None
            index = loc[1] if section and len(loc) > 1 and isinstance(loc[1], int) else None
            fld = _field_name(loc[2:] if index is not None else loc)
            line, col = at(None, section, index, fld)
            if section is None and loc and loc[0] == "remove" and len(loc) > 1:
                col = None
            found.append(
                DeckError(
                    _message(err, _FileModel, loc), file=file, field=fld, line=line, column=col
                )
            )
        raise _first(found) from None

    patch = top.base is not None
    errors: list[DeckError] = []
    ops = _Ops(name=top.name)
    cards: dict[Kind, dict[str, Card]] = {k: {} for k in KINDS}
    counts: dict[Kind, dict[str, int]] = {k: {} for k in KINDS}
    first_line: dict[str, tuple[Kind, int]] = {}
    for kind in KINDS:
        section = SECTION[kind]
        for index, raw in enumerate(cast(list[dict[str, Any]], getattr(top, section))):
            cid = raw.get("id") if isinstance(raw.get("id"), str) else None
            count_only = (
                patch and kind != "character" and "id" in raw and set(raw) <= {"id", "count"}
            )
            if count_only:
                try:
                    co = _CountOnlyModel.model_validate(raw)
                except ValidationError as exc:
                    for err in exc.errors(include_url=False):
                        loc = tuple(err["loc"])
                        line, col = at(cid, section, index, _field_name(loc))
                        errors.append(
                            DeckError(
                                _message(err, _CountOnlyModel, loc),
                                file=file,
                                card=cid,
                                field=_field_name(loc),
                                line=line,
                                column=col,
                            )
                        )
                    continue
                m: _Named | None = None
            else:
                m, problems = _validate_entry(kind, raw, patch=patch)
                for loc, msg in problems:
                    line, col = at(cid, section, index, _field_name(loc))
                    errors.append(
                        DeckError(
                            msg, file=file, card=cid, field=_field_name(loc), line=line, column=col
                        )
                    )
                if m is None:
                    continue
            assert cid is not None
            line, _ = at(cid, section, index, None)
            if cid in first_line:
                other_kind, other_line = first_line[cid]
                errors.append(
                    DeckError(
                        f"duplicate id {cid!r}: already used by the {_KIND_LABEL[other_kind]} "
                        f"at line {other_line}; ids must be unique in the whole deck",
                        file=file,
                        card=cid,
                        field="id",
                        line=at(cid, section, index, "id")[0],
                    )
                )
                continue
            first_line[cid] = (kind, line)
            if m is None:
                ops.counts.append((kind, cid, co.count))
                continue
            try:
                card = _card_from_model(kind, m)
            except CardTextError as exc:
                errors.append(_text_error(exc, file, cid, locator, at(cid, section, index, "text")))
                continue
            count = None if kind == "character" else getattr(m, "count", None)
            if patch:
                ops.puts.append((kind, card, count))
            else:
                cards[kind][cid] = card
                counts[kind][cid] = 1 if count is None else count
    if patch:
        pos = locator.top_key("remove")
        listed: set[str] = set()
        for rid in top.remove:
            clash = (
                "is both removed and given as an entry"
                if rid in first_line
                else "is listed twice in remove"
                if rid in listed
                else None
            )
            if clash:
                errors.append(
                    DeckError(
                        f"{rid!r} {clash}",
                        file=file,
                        card=rid,
                        field="remove",
                        line=pos[0] if pos else 1,
                    )
                )
            listed.add(rid)
            ops.removes.append((None, rid))
    if errors:
        raise _first(errors)

    if patch:
        assert top.base is not None
        base_pos = locator.top_key("base")
        base = _load_base(top.base, file, base_dir, base_pos[0] if base_pos else 1, chain)
        where: _Where = _FileWhere(file, locator, fallback_keys=("remove", "base"))
        return _apply(base, ops, where)
    name = top.name
    if name is None:
        name = Path(file).stem if not file.startswith("<") else "unnamed"
    return Deck._build(name, cards, counts, _FileWhere(file, locator))


def _text_error(
    exc: CardTextError, file: str, cid: str, locator: _Locator, pos: tuple[int, int | None]
) -> DeckError:
    """A card text that does not parse, located in the file: line of the text, its column."""
    line, key_col = pos
    column: int | None = None
    text_col = exc.column
    text_line = exc.line or 1
    if (
        text_line == 1
        and text_col is not None
        and key_col is not None
        and line <= len(locator.lines)
    ):
        raw = locator.lines[line - 1]
        eq = raw.find("=", key_col - 1)
        quote = eq + 1
        while quote < len(raw) and raw[quote] in " \t":
            quote += 1
        if (
            quote < len(raw)
            and raw[quote] in "\"'"
            and "\\" not in raw[quote : quote + text_col + 1]
        ):
            column = quote + 1 + text_col
    else:
        line += text_line - 1
    where = f" (text column {text_col})" if text_col is not None else ""
    where_de = f" (Spalte {text_col} im Text)" if text_col is not None else ""
    error = DeckError(
        f"card text does not parse{where}: {exc.message}",
        file=file,
        card=cid,
        field="text",
        line=line,
        column=column,
        message_de=f"Kartentext nicht lesbar{where_de}: {exc.message_in('de')}",
    )
    error.__cause__ = exc
    return error


def _load_base(
    base: str, file: str, base_dir: Path | None, line: int, chain: tuple[str, ...]
) -> Deck:
    """The base deck a patch file names: "default" or a deck file relative to the patch."""
    if base == "default":
        return Deck.default()
    if base_dir is None:
        # Text from an upload or a saved game has no folder: it must not make the
        # server read files of its choice.
        raise DeckError(
            f'base {base!r}: a deck given as text can only build on base = "default" '
            "(file bases work with Deck.load)",
            file=file,
            field="base",
            line=line,
        )
    path = Path(base)
    if not path.is_absolute():
        path = base_dir / path
    key = os.path.realpath(path)
    if key in chain:
        names = " -> ".join(Path(c).name for c in (*chain, key))
        raise DeckError(f"base decks form a cycle: {names}", file=file, field="base", line=line)
    if len(chain) >= MAX_BASE_DEPTH:
        raise DeckError(
            f"too many nested base decks (at most {MAX_BASE_DEPTH})",
            file=file,
            field="base",
            line=line,
        )
    sub = str(path)
    try:
        return _parse_text(_read_file(path, sub), sub, path.parent, (*chain, key))
    except DeckError as exc:
        raise DeckError(f"base deck {base!r}: {exc}", file=file, field="base", line=line) from exc


def _apply(base: Deck, ops: _Ops, where: _Where) -> Deck:
    """Apply changes to a base deck: removals, then cards put, then counts."""
    cards = {k: dict(base._cards[k]) for k in KINDS}
    counts = {k: dict(base._counts[k]) for k in KINDS}
    problems: list[_Problem] = []

    def kind_of(cid: str) -> Kind | None:
        for k in KINDS:
            if cid in cards[k]:
                return k
        return None

    for rkind, rid in ops.removes:
        k = kind_of(rid) if rkind is None else (rkind if rid in cards[rkind] else None)
        if k is None:
            what = _KIND_LABEL[rkind] if rkind else "card"
            problems.append(
                _Problem(f"cannot remove {rid!r}: no such {what} in the base deck", card=rid)
            )
            continue
        del cards[k][rid]
        counts[k].pop(rid, None)
    for kind, card, count in ops.puts:
        other = kind_of(card.id)
        if other is not None and other != kind:
            problems.append(
                _Problem(
                    f"id {card.id!r} is already a {_KIND_LABEL[other]} in the base deck; "
                    "ids must be unique in the whole deck",
                    card=card.id,
                    field="id",
                )
            )
            continue
        if count == 0:
            if card.id not in cards[kind]:
                problems.append(
                    _Problem(
                        f"count = 0 removes a card, but the base deck has no {_KIND_LABEL[kind]} "
                        f"{card.id!r}",
                        card=card.id,
                        field="count",
                    )
                )
                continue
            del cards[kind][card.id]
            counts[kind].pop(card.id, None)
            continue
        if count is None:
            count = counts[kind].get(card.id, 1)
        cards[kind][card.id] = card
        counts[kind][card.id] = 1 if kind == "character" else count
    for kind, cid, n in ops.counts:
        if cid not in cards[kind]:
            other = kind_of(cid)
            hint = f" (it is a {_KIND_LABEL[other]})" if other else ""
            problems.append(
                _Problem(
                    f"cannot change the count of {cid!r}: no such {_KIND_LABEL[kind]} in the "
                    f"base deck{hint}; a new card needs all its fields",
                    card=cid,
                    field="count",
                )
            )
            continue
        if kind == "character":
            problems.append(_Problem("characters have no count", card=cid, field="count"))
            continue
        if n == 0:
            del cards[kind][cid]
            counts[kind].pop(cid, None)
        else:
            counts[kind][cid] = n
    if problems:
        raise where.error(problems[0])
    return Deck._build(ops.name if ops.name is not None else base.name, cards, counts, where)


# ---- writing text ------------------------------------------------------------------------

_HEADER = """\
# Raus aus dem Verlies! -- deck file (format 1), see docs/deck-format.md.
# Sections: [[characters]], [[dungeon]], [[rooms]], [[monsters]], [[treasures]];
# one card per table. `count` = how many identical physical cards share the id.
"""
_PATCH_HEADER = """\
# Raus aus dem Verlies! -- deck patch (format 1), see docs/deck-format.md.
# Only the changes on top of `base`: full entries add or replace a card (matched by
# id), `id` + `count` entries change a count (0 removes), `remove` lists removed ids.
"""
_SECTION_COMMENT: Final[dict[Kind, str]] = {
    "character": "Characters (R2.1): Stärke, Geist, Geschick",
    "dungeon": "Dungeon cards (R2.2, R3.6): start, exits, corridors, rooms",
    "room": "Room cards (R6)",
    "monster": "Monster cards (R7)",
    "treasure": "Treasure cards (R9)",
}


def _toml_line(key: str, value: object) -> str:
    if isinstance(value, Mapping):
        inner = ", ".join(_toml_line(k, v).rstrip("\n") for k, v in value.items())
        return f"{key} = {{ {inner} }}\n"
    return tomli_w.dumps({key: value})


def _dump_entries(kind: Kind, entries: Iterable[dict[str, Any]], out: list[str]) -> None:
    group: tuple[object, object] | None = None
    for e in entries:
        if kind == "dungeon":
            g = (e.get("color"), e.get("kind"))
            if g != group:
                group = g
                out.append(f"\n# -- {g[0]}: {g[1]} --\n")
        out.append(f"\n[[{SECTION[kind]}]]\n")
        out.extend(_toml_line(k, v) for k, v in e.items())


# ---- the deck --------------------------------------------------------------------------


class Deck:
    """An immutable deck: characters and the four piles with card counts.

    Card dicts are read-only views keyed by card id, in file order. Equality and hash are
    by content (name, cards, counts); the order of cards does not matter.
    """

    __slots__ = (
        "_name",
        "_cards",
        "_counts",
        "_views",
        "_count_views",
        "_warnings",
        "_start",
        "_hash",
    )

    _name: str
    _cards: dict[Kind, dict[str, Card]]
    _counts: dict[Kind, dict[str, int]]
    _views: dict[Kind, Mapping[str, Card]]
    _count_views: dict[Kind, Mapping[str, int]]
    _warnings: tuple[str, ...]
    _start: DungeonCard
    _hash: int | None

    def __init__(self) -> None:
        raise TypeError(
            "use Deck.default(), Deck.load(path), Deck.loads(text) or Deck.from_cards(...)"
        )

    @classmethod
    def _build(
        cls,
        name: str,
        cards: Mapping[Kind, Mapping[str, Card]],
        counts: Mapping[Kind, Mapping[str, int]],
        where: _Where | None = None,
    ) -> Deck:
        """Check the deck-level rules and make the deck (cards are already valid)."""
        where = where or _Where()
        problems, warnings = _check(cards, counts)
        if problems:
            raise where.error(problems[0])
        self = object.__new__(cls)
        own_cards = {k: dict(cards[k]) for k in KINDS}
        own_counts = {k: ({} if k == "character" else dict(counts[k])) for k in KINDS}
        start = next(
            c
            for c in cast(dict[str, DungeonCard], own_cards["dungeon"]).values()
            if c.kind is TileKind.START
        )
        setattr_ = object.__setattr__
        setattr_(self, "_name", name)
        setattr_(self, "_cards", own_cards)
        setattr_(self, "_counts", own_counts)
        setattr_(self, "_views", {k: MappingProxyType(v) for k, v in own_cards.items()})
        setattr_(self, "_count_views", {k: MappingProxyType(v) for k, v in own_counts.items()})
        setattr_(self, "_warnings", tuple(where.warning(c, m) for c, m in warnings))
        setattr_(self, "_start", start)
        setattr_(self, "_hash", None)
        return self

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError(f"Deck is immutable; use with_*() to make a changed deck ({key})")

    def __delattr__(self, key: str) -> None:
        raise AttributeError("Deck is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self._name, self._cards, self._counts, self._warnings))

    # -- construction -------------------------------------------------------------------

    @classmethod
    def default(cls) -> Deck:
        """The shipped default deck (``verlies/data/default_deck.toml``); cached."""
        return _default_deck()

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Deck:
        """Read a deck file: a whole deck, or a patch (``base = "default"``) on top of one."""
        p = Path(path)
        file = str(path)
        try:
            size = p.stat().st_size
        except OSError as exc:
            raise DeckError(f"cannot read deck file: {exc.strerror or exc}", file=file) from None
        if size > MAX_BYTES:
            raise DeckError(
                f"file too large: {size} bytes; deck files may have at most {MAX_BYTES} bytes",
                file=file,
                line=1,
            )
        return _parse_text(_read_file(p, file), file, p.parent, (os.path.realpath(p),))

    @classmethod
    def loads(cls, text: str | bytes, file: str = "<string>") -> Deck:
        """Read a deck from TOML text (``bytes`` must be UTF-8)."""
        if isinstance(text, (bytes, bytearray)):
            text = _decode(bytes(text), file)
        elif not isinstance(text, str):
            raise DeckError(f"expected TOML text, got {type(text).__name__}", file=file)
        return _parse_text(text, file, None, ())

    @classmethod
    def from_cards(
        cls,
        name: str,
        *,
        characters: Iterable[Character] = (),
        dungeon: Iterable[DungeonCard | tuple[DungeonCard, int]] = (),
        rooms: Iterable[RoomCard | tuple[RoomCard, int]] = (),
        monsters: Iterable[MonsterCard | tuple[MonsterCard, int]] = (),
        treasures: Iterable[TreasureCard | tuple[TreasureCard, int]] = (),
    ) -> Deck:
        """A deck from card objects (each a card or ``(card, count)``), checked like a file."""
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
            raise DeckError(f"a deck name is 1-{MAX_NAME} characters", field="name")
        given: dict[Kind, Iterable[object]] = {
            "character": characters,
            "dungeon": dungeon,
            "room": rooms,
            "monster": monsters,
            "treasure": treasures,
        }
        cards: dict[Kind, dict[str, Card]] = {k: {} for k in KINDS}
        counts: dict[Kind, dict[str, int]] = {k: {} for k in KINDS}
        for kind, items in given.items():
            for item in items:
                card, count = item if isinstance(item, tuple) else (item, 1)
                checked = _checked_card(kind, card, None if kind == "character" else count)
                if checked.id in cards[kind]:
                    raise DeckError(f"duplicate id {checked.id!r}", card=checked.id, field="id")
                cards[kind][checked.id] = checked
                counts[kind][checked.id] = count
        return cls._build(name, cards, counts)

    # -- reading ------------------------------------------------------------------------

    @property
    def name(self) -> str:
        return self._name

    @property
    def characters(self) -> Mapping[str, Character]:
        return cast(Mapping[str, Character], self._views["character"])

    @property
    def dungeon(self) -> Mapping[str, DungeonCard]:
        return cast(Mapping[str, DungeonCard], self._views["dungeon"])

    @property
    def rooms(self) -> Mapping[str, RoomCard]:
        return cast(Mapping[str, RoomCard], self._views["room"])

    @property
    def monsters(self) -> Mapping[str, MonsterCard]:
        return cast(Mapping[str, MonsterCard], self._views["monster"])

    @property
    def treasures(self) -> Mapping[str, TreasureCard]:
        return cast(Mapping[str, TreasureCard], self._views["treasure"])

    @property
    def dungeon_counts(self) -> Mapping[str, int]:
        return self._count_views["dungeon"]

    @property
    def room_counts(self) -> Mapping[str, int]:
        return self._count_views["room"]

    @property
    def monster_counts(self) -> Mapping[str, int]:
        return self._count_views["monster"]

    @property
    def treasure_counts(self) -> Mapping[str, int]:
        return self._count_views["treasure"]

    @property
    def start(self) -> DungeonCard:
        """The start card (R2.4): laid first, not in the shuffled pile."""
        return self._start

    @property
    def warnings(self) -> tuple[str, ...]:
        """Odd but playable things: unreachable numbers, material other than R10's."""
        return self._warnings

    def cards(self, kind: str) -> Mapping[str, Card]:
        """The cards of one kind: ``"dungeon"``, ``"room"``, ``"monster"``, ``"treasure"``,
        ``"character"`` (plural section names work too)."""
        return self._views[_kind(kind)]

    def counts(self, kind: str) -> Mapping[str, int]:
        """The counts of one kind (characters: each once)."""
        k = _kind(kind)
        if k == "character":
            return MappingProxyType(dict.fromkeys(self._cards["character"], 1))
        return self._count_views[k]

    def dungeon_pile(self, players: int) -> dict[str, int]:
        """R2.2: the dungeon cards shuffled for ``players`` players: the colours used,
        without the start card (R2.4). Card id -> count."""
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or players not in COLORS_FOR_PLAYERS
        ):
            raise DeckError(
                f"R2.2: the rules define 1 to 4 players, not {players!r}", field="players"
            )
        colors = COLORS_FOR_PLAYERS[players]
        return {
            cid: self._counts["dungeon"][cid]
            for cid, card in self.dungeon.items()
            if card.color in colors and card.kind is not TileKind.START
        }

    def summary(self) -> dict[str, Any]:
        """Counts per kind and colour (JSON-able)."""
        by_color: dict[str, dict[str, int]] = {c.value: {} for c in Color}
        by_shape: dict[str, int] = {s.value: 0 for s in Shape}
        obstacles: dict[str, int] = {t.key: 0 for t in ObstacleType}
        gold = 0
        for cid, card in self.dungeon.items():
            n = self._counts["dungeon"][cid]
            row = by_color[card.color.value]
            row[card.kind.value] = row.get(card.kind.value, 0) + n
            by_shape[card.shape.value] += n
            if card.obstacle is not None:
                obstacles[card.obstacle.type.key] += n
            gold += card.gold * n
        return {
            "name": self._name,
            "dungeon": sum(self._counts["dungeon"].values()),
            "dungeon_by_color": {c: {"total": sum(r.values()), **r} for c, r in by_color.items()},
            "dungeon_by_shape": by_shape,
            "obstacles": obstacles,
            "corridor_gold": gold,
            "rooms": sum(self._counts["room"].values()),
            "monsters": sum(self._counts["monster"].values()),
            "treasures": sum(self._counts["treasure"].values()),
            "magic_treasures": sum(
                self._counts["treasure"][t.id] for t in self.treasures.values() if t.is_magic
            ),
            "characters": len(self._cards["character"]),
            "pile_by_players": {p: sum(self.dungeon_pile(p).values()) for p in COLORS_FOR_PLAYERS},
        }

    # -- equality -------------------------------------------------------------------------

    def _key(self) -> tuple[object, ...]:
        return (
            self._name,
            tuple(frozenset(self._cards[k].items()) for k in KINDS),
            tuple(frozenset(self._counts[k].items()) for k in KINDS),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deck):
            return NotImplemented
        if self is other:
            return True
        return (
            self._name == other._name
            and self._cards == other._cards
            and self._counts == other._counts
        )

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash(self._key()))
        assert self._hash is not None
        return self._hash

    def __repr__(self) -> str:
        sizes = ", ".join(f"{SECTION[k]}={sum(self.counts(k).values())}" for k in KINDS)
        return f"Deck({self._name!r}, {sizes})"

    # -- live edits --------------------------------------------------------------------------

    def _require(self, kind: Kind, card_id: object) -> str:
        if not isinstance(card_id, str) or card_id not in self._cards[kind]:
            raise DeckError(f"no {_KIND_LABEL[kind]} {card_id!r} in this deck", card=str(card_id))
        return card_id

    def with_card_text(self, kind: str, card_id: str, text: str) -> Deck:
        """A new deck whose room/monster/treasure card ``card_id`` has ``text``.

        Raises CardTextError (card, line, column in the text) if the text does not parse.
        """
        k = _kind(kind, _TEXTED)
        cid = self._require(k, card_id)
        if not isinstance(text, str):
            raise DeckError(
                f"card text must be a string, got {type(text).__name__}",
                card=cid,
                field="text",
                message_de="der Kartentext muss eine Zeichenkette sein, nicht "
                + type(text).__name__,
            )
        if not 1 <= len(text) <= MAX_TEXT:
            raise DeckError(
                f"card text must be 1-{MAX_TEXT} characters",
                card=cid,
                field="text",
                message_de=f"der Kartentext muss 1 bis {MAX_TEXT} Zeichen lang sein",
            )
        old = self._cards[k][cid]
        assert isinstance(old, (RoomCard, MonsterCard, TreasureCard))
        card = _text_card(k, cid, old.name, text)
        return _apply(self, _Ops(puts=[(k, card, None)]), _Where())

    def with_count(self, kind: str, card_id: str, count: int) -> Deck:
        """A new deck with ``count`` copies of a card; 0 removes it."""
        k = _kind(kind, _COUNTED)
        cid = self._require(k, card_id)
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_COUNT:
            raise DeckError(
                f"count must be an integer from 0 to {MAX_COUNT}, got {count!r}",
                card=cid,
                field="count",
            )
        return _apply(self, _Ops(counts=[(k, cid, count)]), _Where())

    def with_card(self, kind: str, card: Card, count: int | None = None) -> Deck:
        """A new deck with ``card`` added, or replacing the card with its id.

        ``count`` None keeps a replaced card's count (1 for a new card).
        """
        k = _kind(kind)
        if count is not None and (
            isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT
        ):
            raise DeckError(
                f"count must be an integer from 1 to {MAX_COUNT}, got {count!r}", field="count"
            )
        checked = _checked_card(k, card, count if k != "character" else None)
        return _apply(self, _Ops(puts=[(k, checked, count)]), _Where())

    def without_card(self, kind: str, card_id: str) -> Deck:
        """A new deck without the card ``card_id``."""
        k = _kind(kind)
        cid = self._require(k, card_id)
        return _apply(self, _Ops(removes=[(k, cid)]), _Where())

    def with_name(self, name: str) -> Deck:
        """A new deck with another name."""
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
            raise DeckError(f"a deck name is 1-{MAX_NAME} characters", field="name")
        return _apply(self, _Ops(name=name), _Where())

    # -- diffs ------------------------------------------------------------------------------

    def diff(self, other: Deck) -> DeckPatch:
        """The changes that turn this deck into ``other``."""
        added: list[CardChange] = []
        changed: list[CardChange] = []
        counts: list[CountChange] = []
        removed: list[CardRef] = []
        for kind in KINDS:
            mine, theirs = self._cards[kind], other._cards[kind]
            mine_n, theirs_n = self._counts[kind], other._counts[kind]
            for cid, card in theirs.items():
                n = theirs_n.get(cid, 1)
                if cid not in mine:
                    added.append(CardChange(kind, card, n))
                elif mine[cid] != card:
                    changed.append(CardChange(kind, card, n))
                elif mine_n.get(cid, 1) != n:
                    counts.append(CountChange(kind, cid, n))
            removed.extend(CardRef(kind, cid) for cid in mine if cid not in theirs)
        return DeckPatch(
            name=other._name if other._name != self._name else None,
            added=tuple(added),
            changed=tuple(changed),
            counts=tuple(counts),
            removed=tuple(removed),
        )

    def apply(self, patch: DeckPatch) -> Deck:
        """A new deck with ``patch`` applied; DeckError if it does not fit this deck."""
        if not isinstance(patch, DeckPatch):
            raise DeckError(f"expected a DeckPatch, got {type(patch).__name__}")
        ops = _Ops(name=patch.name)
        for change in (*patch.added, *patch.changed):
            k = _kind(change.kind)
            card = _checked_card(k, change.card, None if k == "character" else change.count)
            ops.puts.append((k, card, None if k == "character" else change.count))
        ops.counts.extend((_kind(c.kind), c.id, c.count) for c in patch.counts)
        ops.removes.extend((_kind(r.kind), r.id) for r in patch.removed)
        return _apply(self, ops, _Where())

    # -- writing -----------------------------------------------------------------------------

    def dumps(self) -> str:
        """The deck as a whole TOML deck file; ``Deck.loads(deck.dumps()) == deck``."""
        out = [_HEADER, "\n", _toml_line("format", FORMAT_VERSION), _toml_line("name", self._name)]
        for kind in KINDS:
            if not self._cards[kind]:
                continue
            out.append(f"\n# ==== {_SECTION_COMMENT[kind]} ====\n")
            _dump_entries(
                kind,
                (
                    _entry_of(kind, c, None if kind == "character" else self._counts[kind][cid])
                    for cid, c in self._cards[kind].items()
                ),
                out,
            )
        return "".join(out)

    def dumps_patch(self, base: Deck | None = None, base_ref: str = "default") -> str:
        """This deck as a patch file: only its differences from ``base`` (default: the
        default deck), which the file names as ``base = base_ref``."""
        base = Deck.default() if base is None else base
        if base_ref == "default" and base != Deck.default():
            raise DeckError('base_ref "default" names the default deck, but base is another deck')
        patch = base.diff(self)
        out = [
            _PATCH_HEADER,
            "\n",
            _toml_line("format", FORMAT_VERSION),
            _toml_line("base", base_ref),
        ]
        if patch.name is not None:
            out.append(_toml_line("name", patch.name))
        if patch.removed:
            out.append(_toml_line("remove", [r.id for r in patch.removed]))
        for kind in KINDS:
            entries = [
                _entry_of(kind, c.card, None if kind == "character" else c.count)
                for c in (*patch.added, *patch.changed)
                if c.kind == kind
            ]
            entries += [{"id": c.id, "count": c.count} for c in patch.counts if c.kind == kind]
            if entries:
                out.append(f"\n# ==== {_SECTION_COMMENT[kind]} ====\n")
                for e in entries:
                    out.append(f"\n[[{SECTION[kind]}]]\n")
                    out.extend(_toml_line(k, v) for k, v in e.items())
        return "".join(out)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the whole deck to ``path`` (atomically: a failed write changes nothing)."""
        _write(Path(path), self.dumps())

    def save_patch(
        self, path: str | os.PathLike[str], base: Deck | None = None, base_ref: str = "default"
    ) -> None:
        """Write only the differences from ``base`` (default: the default deck)."""
        _write(Path(path), self.dumps_patch(base, base_ref))


def _restore(
    name: str,
    cards: dict[Kind, dict[str, Card]],
    counts: dict[Kind, dict[str, int]],
    warnings: tuple[str, ...],
) -> Deck:
    deck = Deck._build(name, cards, counts)
    object.__setattr__(deck, "_warnings", warnings)
    return deck


def _write(path: Path, text: str) -> None:
    directory = path.parent
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise DeckError(f"cannot write deck file: {exc.strerror or exc}", file=str(path)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise DeckError(f"cannot write deck file: {exc.strerror or exc}", file=str(path)) from None


@functools.cache
def _default_deck() -> Deck:
    resource = resources.files("verlies") / "data" / "default_deck.toml"
    return _parse_text(
        _decode(resource.read_bytes(), "default_deck.toml"), "default_deck.toml", None, ()
    )

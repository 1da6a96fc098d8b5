"""The deck file's structure as pydantic models: fields, types, ranges.

The models validate what ``tomllib`` read; :mod:`verlies.deck.messages` turns their
errors into sentences. The class names keep their leading underscore: pydantic may name
a model in a message, and the messages must not change.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal, TypeAlias

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationInfo,
    field_validator,
)
from pydantic_core import PydanticCustomError

from verlies.deck.kinds import Kind
from verlies.deck.limits import (
    ID_PATTERN,
    MAX_COUNT,
    MAX_GOLD,
    MAX_NAME,
    MAX_OBSTACLE,
    MAX_TEXT,
)

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


class NamedModel(BaseModel):
    model_config = _CONFIG

    id: _Id
    name: _Name
    name_en: _Name | None = None


class _Counted(NamedModel):
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


class DungeonModel(_Counted):
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


class TextModel(_Counted):
    text: _Text


class CharacterModel(NamedModel):
    staerke: _Value
    geist: _Value
    geschick: _Value


class CountOnlyModel(BaseModel):
    """A patch-file entry that only changes the count of a card of the base deck."""

    model_config = _CONFIG

    id: _Id
    count: _Count


ENTRY_MODEL: Final[dict[Kind, type[NamedModel]]] = {
    "character": CharacterModel,
    "dungeon": DungeonModel,
    "room": TextModel,
    "monster": TextModel,
    "treasure": TextModel,
}


class FileModel(BaseModel):
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


class PatchDictModel(BaseModel):
    model_config = _CONFIG

    format: Literal[1] = 1
    name: _Name | None = None
    added: list[_PatchCardModel] = Field(default_factory=list)
    changed: list[_PatchCardModel] = Field(default_factory=list)
    counts: list[_PatchCountModel] = Field(default_factory=list)
    removed: list[_PatchRefModel] = Field(default_factory=list)

"""The :class:`Deck` value: the cards a game is played with, immutable.

A deck is built only through checked paths: a file or text (:mod:`verlies.deck.toml_io`),
card objects (``Deck.from_cards``), or a change of another deck (``with_*``, ``apply``).
Every one of them ends in :func:`verlies.deck.build.build`, which runs the deck-level
checks; the result here only wraps that content in read-only views.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

from verlies.cards.model import (
    COLORS_FOR_PLAYERS,
    Character,
    Color,
    DungeonCard,
    MonsterCard,
    ObstacleType,
    RoomCard,
    Shape,
    TileKind,
    TreasureCard,
)
from verlies.deck import cache, toml_io
from verlies.deck.build import DeckParts, Ops, apply_ops, build
from verlies.deck.entries import checked_card, text_card
from verlies.deck.kinds import COUNTED, KINDS, SECTION, TEXTED, Card, Kind, kind_of
from verlies.deck.limits import MAX_COUNT, MAX_NAME, MAX_TEXT
from verlies.deck.locate import Where
from verlies.deck.patch import (
    Added,
    Changed,
    DeckPatch,
    Difference,
    Recounted,
    Removed,
    Renamed,
)
from verlies.deck.words import DeckWarning, Words, kind_word
from verlies.errors import DeckError


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
    _warnings: tuple[DeckWarning, ...]
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
        where: Where | None = None,
    ) -> Deck:
        """Check the deck-level rules and make the deck (cards are already valid)."""
        return cls._wrap(build(name, cards, counts, where))

    @classmethod
    def _wrap(cls, parts: DeckParts) -> Deck:
        """The deck of checked content (:func:`~verlies.deck.build.build` made it)."""
        self = object.__new__(cls)
        start = next(
            c
            for c in cast(dict[str, DungeonCard], parts.cards["dungeon"]).values()
            if c.kind is TileKind.START
        )
        setattr_ = object.__setattr__
        setattr_(self, "_name", parts.name)
        setattr_(self, "_cards", parts.cards)
        setattr_(self, "_counts", parts.counts)
        setattr_(self, "_views", {k: MappingProxyType(v) for k, v in parts.cards.items()})
        setattr_(self, "_count_views", {k: MappingProxyType(v) for k, v in parts.counts.items()})
        setattr_(self, "_warnings", parts.warnings)
        setattr_(self, "_start", start)
        setattr_(self, "_hash", None)
        return self

    @property
    def _parts(self) -> DeckParts:
        return DeckParts(self._name, self._cards, self._counts, self._warnings)

    def _changed(self, ops: Ops) -> Deck:
        """This deck with ``ops`` applied (a live edit: problems have no file or line)."""
        return Deck._wrap(apply_ops(self._parts, ops, Where()))

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError(f"Deck is immutable; use with_*() to make a changed deck ({key})")

    def __delattr__(self, key: str) -> None:
        raise AttributeError("Deck is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (restore_deck, (self._name, self._cards, self._counts, self._warnings))

    def __copy__(self) -> Deck:
        return self  # an immutable value: a copy is the deck itself

    def __deepcopy__(self, memo: dict[int, object]) -> Deck:
        return self

    # -- construction -------------------------------------------------------------------

    @classmethod
    def default(cls) -> Deck:
        """The shipped default deck (``verlies/data/default_deck.toml``); cached."""
        return _default_deck()

    #: The name of the default deck's edition (``Deck.edition``; docs/balance.md).
    DEFAULT_EDITION = "standard-2"

    @classmethod
    def edition(cls, name: str) -> Deck:
        """A shipped edition of the standard deck by name: ``"standard-1"`` (the first
        edition, which saved games without an edition key were played with) or
        ``"standard-2"`` / ``"default"`` (the tuned default deck); KeyError otherwise."""
        if name in ("default", cls.DEFAULT_EDITION):
            return cls.default()
        if name not in toml_io.EDITIONS:
            known = ", ".join(cls.editions())
            raise KeyError(f"no deck edition {name!r} (known: {known})")
        return _edition_deck(name)

    @staticmethod
    def editions() -> tuple[str, ...]:
        """The names ``Deck.edition`` knows, oldest first; the last is the default."""
        return (*toml_io.EDITIONS, Deck.DEFAULT_EDITION)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Deck:
        """Read a deck file: a whole deck, or a patch (``base = "default"``) on top of one."""
        p = Path(path)
        file = str(path)
        text = toml_io.read_file(p, file, size_first=True)
        return cls._wrap(toml_io.parse_text(text, file, p.parent, (os.path.realpath(p),)))

    @classmethod
    def loads(cls, text: str | bytes, file: str = "<string>") -> Deck:
        """Read a deck from TOML text (``bytes`` must be UTF-8)."""
        if isinstance(text, (bytes, bytearray)):
            text = toml_io.decode(bytes(text), file)
        elif not isinstance(text, str):
            raise DeckError(words=Words.of("err.not_text", type=type(text).__name__), file=file)
        return cls._wrap(toml_io.parse_text(text, file, None, ()))

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
            raise DeckError(words=Words.of("err.name", max=MAX_NAME), field="name")
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
                checked = checked_card(kind, card, None if kind == "character" else count)
                if checked.id in cards[kind]:
                    words = Words.of("err.duplicate_card", id=checked.id)
                    raise DeckError(words=words, card=checked.id, field="id")
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
    def warnings(self) -> tuple[DeckWarning, ...]:
        """Odd but playable things: unreachable numbers, material other than R10's. Each
        says itself in any language (``w.text(lang)``; ``str(w)`` is English) and names
        its card, file and line."""
        return self._warnings

    def cards(self, kind: str) -> Mapping[str, Card]:
        """The cards of one kind: ``"dungeon"``, ``"room"``, ``"monster"``, ``"treasure"``,
        ``"character"`` (plural section names work too)."""
        return self._views[kind_of(kind)]

    def counts(self, kind: str) -> Mapping[str, int]:
        """The counts of one kind (characters: each once)."""
        k = kind_of(kind)
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
                words=Words.of("err.players", players=players, rule="R2.2"), field="players"
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
            words = Words.of("err.no_card", kind=kind_word(kind), id=card_id)
            raise DeckError(words=words, card=str(card_id))
        return card_id

    def with_card_text(self, kind: str, card_id: str, text: str) -> Deck:
        """A new deck whose room/monster/treasure card ``card_id`` has ``text``.

        Raises CardTextError (card, line, column in the text) if the text does not parse.
        """
        k = kind_of(kind, TEXTED)
        cid = self._require(k, card_id)
        if not isinstance(text, str):
            raise _text_problem("err.text_type", cid, type=type(text).__name__)
        if not 1 <= len(text) <= MAX_TEXT:
            raise _text_problem("err.text_length", cid, max=MAX_TEXT)
        old = self._cards[k][cid]
        assert isinstance(old, (RoomCard, MonsterCard, TreasureCard))
        card = text_card(k, cid, old.name, text)
        return self._changed(Ops(puts=[(k, card, None)]))

    def with_count(self, kind: str, card_id: str, count: int) -> Deck:
        """A new deck with ``count`` copies of a card; 0 removes it."""
        k = kind_of(kind, COUNTED)
        cid = self._require(k, card_id)
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_COUNT:
            raise DeckError(
                words=Words.of("err.count", min=0, max=MAX_COUNT, count=count),
                card=cid,
                field="count",
            )
        return self._changed(Ops(counts=[(k, cid, count)]))

    def with_card(self, kind: str, card: Card, count: int | None = None) -> Deck:
        """A new deck with ``card`` added, or replacing the card with its id.

        ``count`` None keeps a replaced card's count (1 for a new card).
        """
        k = kind_of(kind)
        if count is not None and (
            isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT
        ):
            raise DeckError(
                words=Words.of("err.count", min=1, max=MAX_COUNT, count=count), field="count"
            )
        checked = checked_card(k, card, count if k != "character" else None)
        return self._changed(Ops(puts=[(k, checked, count)]))

    def without_card(self, kind: str, card_id: str) -> Deck:
        """A new deck without the card ``card_id``."""
        k = kind_of(kind)
        cid = self._require(k, card_id)
        return self._changed(Ops(removes=[(k, cid)]))

    def with_name(self, name: str) -> Deck:
        """A new deck with another name."""
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
            raise DeckError(words=Words.of("err.name", max=MAX_NAME), field="name")
        return self._changed(Ops(name=name))

    # -- diffs ------------------------------------------------------------------------------

    def differences(self, other: Deck) -> tuple[Difference, ...]:
        """What turns this deck into ``other``, one entry per change: the name, then kind
        by kind (in :data:`KINDS` order) the cards of ``other`` in their order (added,
        changed, recounted: a card whose content and count both changed gives two
        entries), then the cards only this deck has."""
        found: list[Difference] = []
        if other._name != self._name:
            found.append(Renamed(self._name, other._name))
        for kind in KINDS:
            mine, theirs = self._cards[kind], other._cards[kind]
            mine_n, theirs_n = self._counts[kind], other._counts[kind]
            for cid, card in theirs.items():
                n = theirs_n.get(cid, 1)
                if cid not in mine:
                    found.append(Added(kind, card, n))
                    continue
                old_n = mine_n.get(cid, 1)
                if mine[cid] != card:
                    found.append(Changed(kind, mine[cid], card, old_n))
                if old_n != n:
                    found.append(Recounted(kind, card, old_n, n))
            found.extend(
                Removed(kind, card, mine_n.get(cid, 1))
                for cid, card in mine.items()
                if cid not in theirs
            )
        return tuple(found)

    def diff(self, other: Deck) -> DeckPatch:
        """The changes that turn this deck into ``other``: :meth:`differences` as a patch."""
        return DeckPatch.of(self.differences(other))

    def apply(self, patch: DeckPatch) -> Deck:
        """A new deck with ``patch`` applied; DeckError if it does not fit this deck."""
        if not isinstance(patch, DeckPatch):
            raise DeckError(words=Words.of("err.not_patch", type=type(patch).__name__))
        ops = Ops(name=patch.name)
        for change in (*patch.added, *patch.changed):
            k = kind_of(change.kind)
            card = checked_card(k, change.card, None if k == "character" else change.count)
            ops.puts.append((k, card, None if k == "character" else change.count))
        ops.counts.extend((kind_of(c.kind), c.id, c.count) for c in patch.counts)
        ops.removes.extend((kind_of(r.kind), r.id) for r in patch.removed)
        return self._changed(ops)

    # -- writing -----------------------------------------------------------------------------

    def dumps(self) -> str:
        """The deck as a whole TOML deck file; ``Deck.loads(deck.dumps()) == deck``."""
        return toml_io.dump_deck(self._name, self._cards, self._counts)

    def dumps_patch(self, base: Deck | None = None, base_ref: str = "default") -> str:
        """This deck as a patch file: only its differences from ``base`` (default: the
        default deck), which the file names as ``base = base_ref``."""
        base = Deck.default() if base is None else base
        if base_ref == "default" and base != Deck.default():
            raise DeckError(words=Words("err.base_ref"))
        return toml_io.dump_patch(base.diff(self), base_ref)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the whole deck to ``path`` (atomically: a failed write changes nothing)."""
        toml_io.write(Path(path), self.dumps())

    def save_patch(
        self, path: str | os.PathLike[str], base: Deck | None = None, base_ref: str = "default"
    ) -> None:
        """Write only the differences from ``base`` (default: the default deck)."""
        toml_io.write(Path(path), self.dumps_patch(base, base_ref))


def _text_problem(key: str, card: str, /, **values: object) -> DeckError:
    """A card text refused before parsing."""
    return DeckError(words=Words.of(key, **values), card=card, field="text")


def restore_deck(
    name: str,
    cards: dict[Kind, dict[str, Card]],
    counts: dict[Kind, dict[str, int]],
    warnings: tuple[DeckWarning, ...],
) -> Deck:
    """Unpickle a deck: checked again, with the warnings it had (they name its file)."""
    deck = Deck._build(name, cards, counts)
    object.__setattr__(deck, "_warnings", warnings)
    return deck


#: Decks pickled before issue 20 name ``verlies.deck.model._restore``.
_restore = restore_deck


@functools.cache
def _edition_deck(name: str) -> Deck:
    return Deck._wrap(toml_io.edition_parts(name))


@functools.cache
def _default_deck() -> Deck:
    # Parsed once per installation, not per page kernel (verlies.deck.cache).
    return cache.cached(Deck, lambda: Deck._wrap(toml_io.default_parts()))

"""Differences between decks: the readable list (:data:`Difference`) and the patch value.

``base.differences(other)`` lists what changed card by card, with the old and the new
version (what an editor shows); ``base.diff(other)`` is the same differences as a
:class:`DeckPatch`, a small immutable value that applies to a deck and travels as JSON
(saved games keep live edits as patches).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

from pydantic import ValidationError

from verlies.deck.entries import card_from_model, count_of, entry_of, validate_entry
from verlies.deck.kinds import Card, Kind, kind_of
from verlies.deck.limits import FORMAT_VERSION, MAX_TEXT_TOTAL
from verlies.deck.messages import field_name, messages
from verlies.deck.scan import MAX_TABLES
from verlies.deck.schema import PatchDictModel
from verlies.deck.words import CardTextMessage, Words, say
from verlies.errors import CardTextError, DeckError

# ---- the differences, card by card ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Renamed:
    """The deck's name changed."""

    old: str
    new: str


@dataclass(frozen=True, slots=True)
class Added:
    """A card that only the new deck has, with its count (1 for characters)."""

    kind: Kind
    card: Card
    count: int


@dataclass(frozen=True, slots=True)
class Changed:
    """A card whose content changed (text, name, fields); ``count`` is its old count.

    A card whose count changed too is followed by a :class:`Recounted`.
    """

    kind: Kind
    old: Card
    new: Card
    count: int


@dataclass(frozen=True, slots=True)
class Recounted:
    """A card whose count changed; ``card`` is the card as the new deck has it."""

    kind: Kind
    card: Card
    old: int
    new: int


@dataclass(frozen=True, slots=True)
class Removed:
    """A card that only the old deck has, with its count there."""

    kind: Kind
    card: Card
    count: int


#: One difference between two decks (``Deck.differences``).
Difference: TypeAlias = Renamed | Added | Changed | Recounted | Removed


# ---- the patch value --------------------------------------------------------------------------


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

    A small immutable, hashable value; ``to_dict()``/``from_dict()`` make it JSON. A card
    whose text and count both changed is in ``changed`` (with its old count) and in
    ``counts`` (its new count): one entry per change, as :data:`Difference` lists them.
    """

    name: str | None = None
    added: tuple[CardChange, ...] = ()
    changed: tuple[CardChange, ...] = ()
    counts: tuple[CountChange, ...] = ()
    removed: tuple[CardRef, ...] = ()

    @staticmethod
    def of(differences: Iterable[Difference]) -> DeckPatch:
        """The patch that makes these differences."""
        name: str | None = None
        added: list[CardChange] = []
        changed: list[CardChange] = []
        counts: list[CountChange] = []
        removed: list[CardRef] = []
        for d in differences:
            if isinstance(d, Renamed):
                name = d.new
            elif isinstance(d, Added):
                added.append(CardChange(d.kind, d.card, d.count))
            elif isinstance(d, Changed):
                changed.append(CardChange(d.kind, d.new, d.count))
            elif isinstance(d, Recounted):
                counts.append(CountChange(d.kind, d.card.id, d.new))
            else:
                removed.append(CardRef(d.kind, d.card.id))
        return DeckPatch(name, tuple(added), tuple(changed), tuple(counts), tuple(removed))

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
        parts: list[str] = []
        if self.name is not None:
            parts.append(say("patch.name", lang, name=self.name))
        parts += [say("patch.added", lang, id=c.card.id, count=c.count) for c in self.added]
        parts += [say("patch.changed", lang, id=c.card.id) for c in self.changed]
        parts += [say("patch.count", lang, id=c.id, count=c.count) for c in self.counts]
        parts += [say("patch.removed", lang, id=r.id) for r in self.removed]
        if not parts:
            return say("patch.none", lang)
        if len(parts) > limit:
            rest = len(parts) - limit
            parts = parts[:limit] + [say("patch.more", lang, n=rest)]
        return "; ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able: plain dicts, lists, strings and integers."""
        out: dict[str, Any] = {"format": FORMAT_VERSION}
        if self.name is not None:
            out["name"] = self.name
        for key, changes in (("added", self.added), ("changed", self.changed)):
            out[key] = [
                {"kind": c.kind, "card": entry_of(c.kind, c.card, c.count)} for c in changes
            ]
        out["counts"] = [{"kind": c.kind, "id": c.id, "count": c.count} for c in self.counts]
        out["removed"] = [{"kind": r.kind, "id": r.id} for r in self.removed]
        return out

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> DeckPatch:
        """Read ``to_dict()``'s output back; DeckError (with the field) if malformed."""
        try:
            model = PatchDictModel.model_validate(dict(data) if isinstance(data, Mapping) else data)
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            loc = tuple(err["loc"])
            raise DeckError(
                words=Words.of("err.patch", msg=messages(err, PatchDictModel, loc)),
                field=field_name(loc),
            ) from None
        _check_size(model)
        changes: dict[str, list[CardChange]] = {"added": [], "changed": []}
        for key in ("added", "changed"):
            for item in getattr(model, key):
                kind = kind_of(item.kind)
                m, errors = validate_entry(kind, item.card, patch=False)
                cid = item.card.get("id") if isinstance(item.card.get("id"), str) else None
                if m is None:
                    loc, msg = errors[0]
                    raise DeckError(
                        words=Words.of("err.patch_entry", key=key, msg=msg),
                        card=cid,
                        field=field_name(loc),
                    )
                try:
                    card = card_from_model(kind, m)
                except CardTextError as exc:
                    words = Words.of("err.patch_text", key=key, msg=CardTextMessage.of(exc))
                    raise DeckError(words=words, card=cid, field="text") from exc
                count = 1 if kind == "character" else count_of(m, 1)
                changes[key].append(CardChange(kind, card, count))
        return DeckPatch(
            name=model.name,
            added=tuple(changes["added"]),
            changed=tuple(changes["changed"]),
            counts=tuple(CountChange(kind_of(c.kind), c.id, c.count) for c in model.counts),
            removed=tuple(CardRef(kind_of(r.kind), r.id) for r in model.removed),
        )


def _check_size(model: PatchDictModel) -> None:
    """A patch comes from a saved game (outside input): refuse more cards and card text
    than a deck file may hold before compiling any of it."""
    cards = [item.card for item in (*model.added, *model.changed)]
    if len(cards) + len(model.counts) + len(model.removed) > MAX_TABLES:
        raise DeckError(words=Words.of("err.patch_changes", max=MAX_TABLES))
    text = sum(len(c["text"]) for c in cards if isinstance(c.get("text"), str))
    if text > MAX_TEXT_TOTAL:
        raise DeckError(words=Words.of("err.patch_text_total", max=MAX_TEXT_TOTAL), field="text")

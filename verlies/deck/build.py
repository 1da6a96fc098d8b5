"""Making a checked deck's content, and changing one: the steps every deck goes through.

:func:`build` runs the deck-level checks on cards and counts and gives a
:class:`DeckContent` (or the first problem as a DeckError); :func:`apply_ops` applies
:class:`Ops` (from a patch file, a :class:`~verlies.deck.patch.DeckPatch` or a live edit)
to a base deck's content. Neither needs the :class:`~verlies.deck.model.Deck` class, so the
file reader can stack patch files on base decks without it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from verlies.deck.checks import check
from verlies.deck.kinds import KINDS, Card, Kind
from verlies.deck.locate import Problem, Where
from verlies.deck.words import DeckWarning, Words, kind_word


@dataclass(frozen=True, slots=True)
class DeckParts:
    """A checked deck's content: its name, cards and counts by kind, and its warnings
    (kept as words, so that they are shown in the language of whoever reads them)."""

    name: str
    cards: dict[Kind, dict[str, Card]]
    counts: dict[Kind, dict[str, int]]
    warnings: tuple[DeckWarning, ...]


def build(
    name: str,
    cards: Mapping[Kind, Mapping[str, Card]],
    counts: Mapping[Kind, Mapping[str, int]],
    where: Where | None = None,
) -> DeckParts:
    """Check the deck-level rules and make the content (cards are already valid)."""
    where = where or Where()
    problems, warnings = check(cards, counts)
    if problems:
        raise where.error(problems[0])
    return DeckParts(
        name,
        {k: dict(cards[k]) for k in KINDS},
        {k: ({} if k == "character" else dict(counts[k])) for k in KINDS},
        tuple(where.warning(c, m) for c, m in warnings),
    )


@dataclass
class Ops:
    """Changes to apply to a base deck (from a patch file or a DeckPatch)."""

    name: str | None = None
    puts: list[tuple[Kind, Card, int | None]] = field(default_factory=list)
    counts: list[tuple[Kind, str, int]] = field(default_factory=list)
    removes: list[tuple[Kind | None, str]] = field(default_factory=list)


def apply_ops(base: DeckParts, ops: Ops, where: Where) -> DeckParts:
    """Apply changes to a base deck: removals, then cards put, then counts; the first
    change that cannot be made is the error."""
    draft = _Draft(base)
    problems = [draft.remove(kind, cid) for kind, cid in ops.removes]
    problems += [draft.put(kind, card, count) for kind, card, count in ops.puts]
    problems += [draft.count(kind, cid, n) for kind, cid, n in ops.counts]
    first = next((p for p in problems if p is not None), None)
    if first is not None:
        raise where.error(first)
    return build(ops.name if ops.name is not None else base.name, draft.cards, draft.counts, where)


class _Draft:
    """A base deck's cards and counts being changed; each change says its problem (or
    None, and is made)."""

    def __init__(self, base: DeckParts) -> None:
        self.cards = {k: dict(base.cards[k]) for k in KINDS}
        self.counts = {k: dict(base.counts[k]) for k in KINDS}

    def kind_of(self, cid: str) -> Kind | None:
        return next((k for k in KINDS if cid in self.cards[k]), None)

    def drop(self, kind: Kind, cid: str) -> None:
        del self.cards[kind][cid]
        self.counts[kind].pop(cid, None)

    def remove(self, kind: Kind | None, cid: str) -> Problem | None:
        found = self.kind_of(cid) if kind is None else (kind if cid in self.cards[kind] else None)
        if found is None:
            what = kind_word(kind if kind else "card")
            return Problem(Words.of("ops.no_remove", id=cid, kind=what), card=cid)
        self.drop(found, cid)
        return None

    def put(self, kind: Kind, card: Card, count: int | None) -> Problem | None:
        other = self.kind_of(card.id)
        if other is not None and other != kind:
            words = Words.of("ops.id_taken", id=card.id, kind=kind_word(other))
            return Problem(words, card=card.id, field="id")
        if count == 0:  # a count of 0 takes the card out
            if card.id not in self.cards[kind]:
                words = Words.of("ops.zero_missing", id=card.id, kind=kind_word(kind))
                return Problem(words, card=card.id, field="count")
            self.drop(kind, card.id)
            return None
        if count is None:
            count = self.counts[kind].get(card.id, 1)
        self.cards[kind][card.id] = card
        self.counts[kind][card.id] = 1 if kind == "character" else count
        return None

    def count(self, kind: Kind, cid: str, n: int) -> Problem | None:
        if cid not in self.cards[kind]:
            other = self.kind_of(cid)
            words = (
                Words.of("ops.no_count_is", id=cid, kind=kind_word(kind), other=kind_word(other))
                if other
                else Words.of("ops.no_count", id=cid, kind=kind_word(kind))
            )
            return Problem(words, card=cid, field="count")
        if kind == "character":
            return Problem(Words("ops.character_count"), card=cid, field="count")
        if n == 0:
            self.drop(kind, cid)
        else:
            self.counts[kind][cid] = n
        return None

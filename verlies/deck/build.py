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
    """Apply changes to a base deck: removals, then cards put, then counts."""
    cards = {k: dict(base.cards[k]) for k in KINDS}
    counts = {k: dict(base.counts[k]) for k in KINDS}
    problems: list[Problem] = []

    def kind_of(cid: str) -> Kind | None:
        for k in KINDS:
            if cid in cards[k]:
                return k
        return None

    for rkind, rid in ops.removes:
        k = kind_of(rid) if rkind is None else (rkind if rid in cards[rkind] else None)
        if k is None:
            what = kind_word(rkind if rkind else "card")
            problems.append(Problem(Words.of("ops.no_remove", id=rid, kind=what), card=rid))
            continue
        del cards[k][rid]
        counts[k].pop(rid, None)
    for kind, card, count in ops.puts:
        other = kind_of(card.id)
        if other is not None and other != kind:
            problems.append(
                Problem(
                    Words.of("ops.id_taken", id=card.id, kind=kind_word(other)),
                    card=card.id,
                    field="id",
                )
            )
            continue
        if count == 0:
            if card.id not in cards[kind]:
                problems.append(
                    Problem(
                        Words.of("ops.zero_missing", id=card.id, kind=kind_word(kind)),
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
            words = (
                Words.of("ops.no_count_is", id=cid, kind=kind_word(kind), other=kind_word(other))
                if other
                else Words.of("ops.no_count", id=cid, kind=kind_word(kind))
            )
            problems.append(
                Problem(
                    words,
                    card=cid,
                    field="count",
                )
            )
            continue
        if kind == "character":
            problems.append(Problem(Words("ops.character_count"), card=cid, field="count"))
            continue
        if n == 0:
            del cards[kind][cid]
            counts[kind].pop(cid, None)
        else:
            counts[kind][cid] = n
    if problems:
        raise where.error(problems[0])
    return build(ops.name if ops.name is not None else base.name, cards, counts, where)

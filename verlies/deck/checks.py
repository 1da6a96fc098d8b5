"""The deck-level rules (R2 and friends): can a game be played with this deck?

Each check is one named function over the deck's cards and counts; it adds errors (a game
could not be played: the deck is refused) and warnings (odd numbers, material other than
the published game's). :func:`check` runs them all, in the order of :data:`CHECKS`, which
is the order the messages come out in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Final, TypeAlias, cast

from verlies.cards.model import (
    COLORS_FOR_PLAYERS,
    Attr,
    Character,
    Color,
    DrawTreasure,
    DungeonCard,
    MonsterCard,
    MonsterEncounter,
    RoomCard,
    TileKind,
    Trap,
)
from verlies.deck.kinds import COUNTED, KIND_LABEL, KIND_OF, KINDS, R10_LABEL, SECTION, Card, Kind
from verlies.deck.limits import MAX_PILE, MIN_CHARACTERS, R10_MATERIAL
from verlies.deck.locate import Problem

#: A warning: the card it is about (None: the whole deck) and the message.
Remark: TypeAlias = tuple[str | None, str]


@dataclass(frozen=True)
class DeckContent:
    """The cards and counts being checked, with typed views of the piles."""

    cards: Mapping[Kind, Mapping[str, Card]]
    counts: Mapping[Kind, Mapping[str, int]]

    @property
    def dungeon(self) -> Mapping[str, DungeonCard]:
        return cast(Mapping[str, DungeonCard], self.cards["dungeon"])

    @property
    def rooms(self) -> Mapping[str, RoomCard]:
        return cast(Mapping[str, RoomCard], self.cards["room"])

    @property
    def monsters(self) -> Mapping[str, MonsterCard]:
        return cast(Mapping[str, MonsterCard], self.cards["monster"])

    @property
    def characters(self) -> Mapping[str, Character]:
        return cast(Mapping[str, Character], self.cards["character"])


@dataclass
class Findings:
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Remark] = field(default_factory=list)


def unique_ids(deck: DeckContent, found: Findings) -> None:
    """An id names one card in the whole deck."""
    seen: dict[str, Kind] = {}
    for kind in KINDS:
        for cid in deck.cards[kind]:
            if cid in seen:
                found.errors.append(
                    Problem(
                        f"duplicate id {cid!r}: also a {KIND_LABEL[seen[cid]]}; "
                        "ids must be unique in the whole deck",
                        card=cid,
                        field="id",
                        section=SECTION[kind],
                    )
                )
            seen.setdefault(cid, kind)


def one_start_card(deck: DeckContent, found: Findings) -> None:
    """R2.4: exactly one start card, once (the red Alpha)."""
    dcounts = deck.counts["dungeon"]
    starts = [c for c in deck.dungeon.values() if c.kind is TileKind.START]
    if not starts:
        found.errors.append(
            Problem(
                'no start card: the deck needs exactly one dungeon card with kind = "start" (R2.4)',
                section="dungeon",
            )
        )
    for extra in starts[1:]:
        found.errors.append(
            Problem(
                f"a second start card; {starts[0].id!r} is the start already "
                "(R2.4: exactly one start card)",
                card=extra.id,
                field="kind",
            )
        )
    if starts and dcounts.get(starts[0].id, 1) != 1:
        found.errors.append(
            Problem(
                f"the start card's count must be 1, got {dcounts.get(starts[0].id)} (R2.4)",
                card=starts[0].id,
                field="count",
            )
        )
    if starts and starts[0].color is not Color.RED:
        found.warnings.append(
            (starts[0].id, "R2.4: the start card is the red Alpha; this one is not red")
        )


def _players_label(players: int) -> str:
    return "a 1- or 2-player game" if players <= 2 else f"a {players}-player game"


def _colors_label(colors: tuple[Color, ...]) -> str:
    names = [c.value for c in colors]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def exits_for_every_player_count(deck: DeckContent, found: Findings) -> None:
    """R2.2 + R1.3: the colours used by n players hold n - 1 exits (at least one)."""
    dcounts = deck.counts["dungeon"]
    exits = {c: 0 for c in Color}
    for cid, card in deck.dungeon.items():
        if card.kind is TileKind.EXIT:
            exits[card.color] += dcounts.get(cid, 1)
    for players in (2, 3, 4):
        colors = COLORS_FOR_PLAYERS[players]
        have = sum(exits[c] for c in colors)
        need = players - 1
        if have < need:
            lacking = [c.value for c in colors if exits[c] == 0] or [colors[-1].value]
            found.errors.append(
                Problem(
                    f"{' and '.join(lacking)} {'has' if len(lacking) == 1 else 'have'} no exit: "
                    f"{_players_label(players)} uses the {_colors_label(colors)} cards (R2.2) "
                    f"and needs {need} exit{'s' if need > 1 else ''} there (R1.3: one fewer "
                    f"than players), but they hold {have}; such a game could never end",
                    section="dungeon",
                )
            )
            break
        if have > need:
            found.warnings.append(
                (
                    None,
                    f"R1.3: {_players_label(players)} ({_colors_label(colors)} cards) would "
                    f"have {have} exits; the rules say fewer exits than players ({need})",
                )
            )


def enough_characters(deck: DeckContent, found: Findings) -> None:
    """R2.1: 4 players choose distinct characters."""
    if len(deck.characters) < MIN_CHARACTERS:
        found.errors.append(
            Problem(
                f"only {len(deck.characters)} character(s); the deck needs at least "
                f"{MIN_CHARACTERS} so that 4 players can choose distinct ones (R2.1)",
                section="characters",
            )
        )


def cards_to_draw(deck: DeckContent, found: Findings) -> None:
    """R6.2, R6.3, R9.2: room tiles draw room cards, encounters monster cards, and so on."""
    rooms = deck.rooms
    if any(c.kind is TileKind.ROOM for c in deck.dungeon.values()) and not rooms:
        found.errors.append(
            Problem(
                "the dungeon has room tiles but the deck has no room cards to draw (R6.2)",
                section="rooms",
            )
        )
    encounters = [
        r.id for r in rooms.values() if any(isinstance(e, MonsterEncounter) for e in r.effects)
    ]
    if encounters and not deck.monsters:
        found.errors.append(
            Problem(
                "room cards call for monster encounters but the deck has no monster cards (R6.3)",
                card=encounters[0],
                field="text",
            )
        )
    wants_treasure = any(
        isinstance(e, DrawTreasure) for r in rooms.values() for e in r.effects
    ) or any(m.loot_treasures for m in deck.monsters.values())
    if wants_treasure and not deck.cards["treasure"]:
        found.warnings.append(
            (None, "cards give treasures but the deck has no treasure cards (R9.2)")
        )


def reachable_numbers(deck: DeckContent, found: Findings) -> None:
    """Numbers no roll can reach, even with the best character (without magic)."""
    chars = deck.characters
    if not chars:
        return
    best = {a: max(c.value(a) for c in chars.values()) for a in Attr}
    for cid, card in deck.dungeon.items():
        o = card.obstacle
        if o is not None and o.n > 6 + best[o.attr]:
            found.warnings.append(
                (
                    cid,
                    f"obstacle {o.type.value} {o.n} can never be passed: the best "
                    f"{o.attr.value} is {best[o.attr]}, W6 + {best[o.attr]} reaches at most "
                    f"{6 + best[o.attr]} (R4.2)",
                )
            )
    for cid, room in deck.rooms.items():
        for effect in room.effects:
            if isinstance(effect, Trap):
                reach = 6 + max(best[a] for a in effect.attrs)
                if effect.target > reach:
                    found.warnings.append(
                        (
                            cid,
                            f"trap {effect.target} can never be passed: W6 plus the best "
                            f"value reaches at most {reach}",
                        )
                    )
    for cid, monster in deck.monsters.items():
        if monster.fight and all(6 + best[f.attr] < 1 + f.value for f in monster.fight):
            found.warnings.append(
                (
                    cid,
                    "monster can never be beaten: even W6 = 6 with the best value loses (R7.2)",
                )
            )


def pile_sizes(deck: DeckContent, found: Findings) -> None:
    """Piles a game engine can still shuffle."""
    for kind in COUNTED:
        pile = sum(deck.counts[kind].values())
        if pile > MAX_PILE:
            found.errors.append(
                Problem(
                    f"{pile} {R10_LABEL[kind]} in all; a deck may have at most {MAX_PILE}",
                    section=SECTION[kind],
                )
            )


def r10_material(deck: DeckContent, found: Findings) -> None:
    """R10: the published material (warnings only)."""
    for label, expected in R10_MATERIAL.items():
        k = KIND_OF[label]
        total = len(deck.cards[k]) if k == "character" else sum(deck.counts[k].values())
        if total != expected:
            found.warnings.append(
                (None, f"R10: the game has {expected} {R10_LABEL[k]}; this deck has {total}")
            )


#: Every deck-level check, in the order their messages are reported.
CHECKS: Final[tuple[Callable[[DeckContent, Findings], None], ...]] = (
    unique_ids,
    one_start_card,
    exits_for_every_player_count,
    enough_characters,
    cards_to_draw,
    reachable_numbers,
    pile_sizes,
    r10_material,
)


def check(
    cards: Mapping[Kind, Mapping[str, Card]], counts: Mapping[Kind, Mapping[str, int]]
) -> tuple[list[Problem], list[Remark]]:
    """Deck-level rules: errors (a game could not be played) and warnings (odd numbers)."""
    found = Findings()
    deck = DeckContent(cards, counts)
    for rule in CHECKS:
        rule(deck, found)
    return found.errors, found.warnings

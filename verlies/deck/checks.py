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
from verlies.deck.kinds import COUNTED, KIND_OF, KINDS, SECTION, Card, Kind
from verlies.deck.limits import MAX_PILE, MIN_CHARACTERS, R10_MATERIAL
from verlies.deck.locate import Problem
from verlies.deck.words import AllOf, Words, kind_word, pile_word

#: A warning: the card it is about (None: the whole deck) and its words.
Remark: TypeAlias = tuple[str | None, Words]


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
                        Words.of("check.duplicate_id", id=cid, kind=kind_word(seen[cid])),
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
        found.errors.append(Problem(Words.of("check.no_start", rule="R2.4"), section="dungeon"))
    for extra in starts[1:]:
        found.errors.append(
            Problem(
                Words.of("check.second_start", start=starts[0].id, rule="R2.4"),
                card=extra.id,
                field="kind",
            )
        )
    if starts and dcounts.get(starts[0].id, 1) != 1:
        found.errors.append(
            Problem(
                Words.of("check.start_count", count=dcounts.get(starts[0].id), rule="R2.4"),
                card=starts[0].id,
                field="count",
            )
        )
    if starts and starts[0].color is not Color.RED:
        found.warnings.append((starts[0].id, Words.of("check.start_not_red", rule="R2.4")))


def _game(players: int) -> Words:
    return Words("check.game_small") if players <= 2 else Words.of("check.game", n=players)


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
            lacking = [c for c in colors if exits[c] == 0] or [colors[-1]]
            found.errors.append(
                Problem(
                    Words.of(
                        "check.no_exit_one" if len(lacking) == 1 else "check.no_exit_many",
                        lacking=AllOf(tuple(lacking)),
                        game=_game(players),
                        colors=AllOf(colors),
                        need=Words.of("check.exits" if need > 1 else "check.exits_one", n=need),
                        have=have,
                        rule="R2.2",
                        rule2="R1.3",
                    ),
                    section="dungeon",
                )
            )
            break
        if have > need:
            found.warnings.append(
                (
                    None,
                    Words.of(
                        "check.too_many_exits",
                        game=_game(players),
                        colors=AllOf(colors),
                        have=have,
                        need=need,
                        rule="R1.3",
                    ),
                )
            )


def enough_characters(deck: DeckContent, found: Findings) -> None:
    """R2.1: 4 players choose distinct characters."""
    if len(deck.characters) < MIN_CHARACTERS:
        found.errors.append(
            Problem(
                Words.of(
                    "check.characters", n=len(deck.characters), min=MIN_CHARACTERS, rule="R2.1"
                ),
                section="characters",
            )
        )


def cards_to_draw(deck: DeckContent, found: Findings) -> None:
    """R6.2, R6.3, R9.2: room tiles draw room cards, encounters monster cards, and so on."""
    rooms = deck.rooms
    if any(c.kind is TileKind.ROOM for c in deck.dungeon.values()) and not rooms:
        found.errors.append(Problem(Words.of("check.no_rooms", rule="R6.2"), section="rooms"))
    encounters = [
        r.id for r in rooms.values() if any(isinstance(e, MonsterEncounter) for e in r.effects)
    ]
    if encounters and not deck.monsters:
        found.errors.append(
            Problem(
                Words.of("check.no_monsters", rule="R6.3"),
                card=encounters[0],
                field="text",
            )
        )
    wants_treasure = any(
        isinstance(e, DrawTreasure) for r in rooms.values() for e in r.effects
    ) or any(m.loot_treasures for m in deck.monsters.values())
    if wants_treasure and not deck.cards["treasure"]:
        found.warnings.append((None, Words.of("check.no_treasures", rule="R9.2")))


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
                    Words.of(
                        "check.obstacle_unpassable",
                        obstacle=o.type,
                        n=o.n,
                        attr=o.attr,
                        best=best[o.attr],
                        reach=6 + best[o.attr],
                        rule="R4.2",
                    ),
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
                            Words.of("check.trap_unpassable", n=effect.target, reach=reach),
                        )
                    )
    for cid, monster in deck.monsters.items():
        if monster.fight and all(6 + best[f.attr] < 1 + f.value for f in monster.fight):
            found.warnings.append((cid, Words.of("check.monster_unbeatable", rule="R7.2")))


def pile_sizes(deck: DeckContent, found: Findings) -> None:
    """Piles a game engine can still shuffle."""
    for kind in COUNTED:
        pile = sum(deck.counts[kind].values())
        if pile > MAX_PILE:
            found.errors.append(
                Problem(
                    Words.of("check.pile", n=pile, pile=pile_word(kind), max=MAX_PILE),
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
                (
                    None,
                    Words.of(
                        "check.r10", expected=expected, pile=pile_word(k), total=total, rule="R10"
                    ),
                )
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

"""Scenario decks and helpers for the rule tests.

A scenario deck is built from Python card objects chosen by the test, so a test can say
"a corridor with a Tür 7 and 2 gold" or "a room whose card is a trap" and then rig the
draws and dice with ``game.apply(Card(...))`` and ``game.apply(Roll(...))``. Nothing here
depends on the default deck's contents.

``make_deck`` returns a real :class:`verlies.deck.Deck` (``Deck.from_cards``), checked like
a deck file; ``make_deck(..., raw=True)`` gives a small duck-typed deck with just the
attributes the engine reads, for situations the deck validator refuses (a deck without
exits, for R1.6). Games on a raw deck cannot be saved (``to_json`` needs a real Deck).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from verlies.actions import Card, Draw, Place, Roll, Walk
from verlies.board import DELTA
from verlies.cards.model import (
    COLORS_FOR_PLAYERS,
    Attr,
    Blocked,
    Character,
    Color,
    DrawTreasure,
    DungeonCard,
    E,
    FightOption,
    GainGold,
    Heal,
    Injury,
    LoseGoldOrTreasure,
    MonsterCard,
    MonsterEncounter,
    MonsterText,
    N,
    Names,
    Obstacle,
    ObstacleType,
    RollBonus,
    RoomCard,
    S,
    Shape,
    TileKind,
    Trap,
    TreasureCard,
    TreasureText,
    W,
)
from verlies.cards.text import format_monster, format_room, format_treasure
from verlies.dice import Dice
from verlies.events import Event
from verlies.game import Game
from verlies.variants import Variants

RED, BLUE, GREEN = Color.RED, Color.BLUE, Color.GREEN
ST, GE, GK = Attr.STAERKE, Attr.GEIST, Attr.GESCHICK
NS, EW, CROSS = N | S, E | W, N | E | S | W

__all__ = [
    "RED",
    "BLUE",
    "GREEN",
    "ST",
    "GE",
    "GK",
    "N",
    "E",
    "S",
    "W",
    "NS",
    "EW",
    "CROSS",
    "corridor",
    "room",
    "exit_card",
    "start_card",
    "obstacle",
    "character",
    "room_card",
    "monster",
    "treasure",
    "make_deck",
    "CHARACTERS",
    "new_game",
    "lay",
    "walk",
    "rules",
    "has_rule",
    "fingerprint",
    "open_passage_anywhere",
    "mixed_deck",
    "Dice",
    "random_step",
    "play_random",
    "roll",
    "ScenarioDeck",
]


# ---- cards -----------------------------------------------------------------------------


def corridor(
    cid: str,
    shape: Shape = Shape.STRAIGHT,
    *,
    gold: int = 0,
    obstacle: Obstacle | None = None,
    color: Color = RED,
) -> DungeonCard:
    """A corridor (R3.6, R4): gold dot and/or obstacle dot."""
    return DungeonCard(cid, TileKind.CORRIDOR, color, shape, Names(cid, cid), gold, obstacle)


def room(cid: str, shape: Shape = Shape.CROSS, *, color: Color = RED) -> DungeonCard:
    """A room tile (R6): entering it new draws a room card."""
    return DungeonCard(cid, TileKind.ROOM, color, shape, Names(cid, cid))


def exit_card(cid: str = "exit-red", color: Color = RED) -> DungeonCard:
    """An exit (R1.1): a dead end without obstacle."""
    return DungeonCard(cid, TileKind.EXIT, color, Shape.DEAD_END, Names("Ausgang", "Exit"))


def start_card(shape: Shape = Shape.CROSS) -> DungeonCard:
    """The start card (R2.4), red Alpha."""
    return DungeonCard("start", TileKind.START, RED, shape, Names("Start", "Start"))


def obstacle(kind: ObstacleType, color: Color, n: int) -> Obstacle:
    return Obstacle(kind, color, n)


def character(cid: str, staerke: int, geist: int, geschick: int) -> Character:
    return Character(cid, Names(cid.capitalize(), cid.capitalize()), staerke, geist, geschick)


def room_card(cid: str, *effects: Any) -> RoomCard:
    return RoomCard(cid, Names(cid, cid), format_room(effects, "de"), tuple(effects))


def monster(
    cid: str,
    *fight: tuple[Attr, int],
    loot_gold: str | int | None = None,
    loot_treasures: int = 0,
) -> MonsterCard:
    opts = tuple(FightOption(a, v) for a, v in fight)
    gold = None if loot_gold is None else Dice.parse(str(loot_gold))
    text = format_monster(MonsterText(opts, gold, loot_treasures), "de")
    return MonsterCard(cid, Names(cid, cid), text, opts, gold, loot_treasures)


def treasure(cid: str, gold: int, magic: Any = None, spent: bool = False) -> TreasureCard:
    text = format_treasure(TreasureText(gold, magic, spent), "de")
    return TreasureCard(cid, Names(cid, cid), text, gold, magic, spent)


#: Eight adventurers with known, distinct values (Stärke, Geist, Geschick).
#: "char-a" has three different values, so a test sees which one a roll used (R4.2).
CHARACTERS: tuple[Character, ...] = (
    character("char-a", 1, 3, 5),
    character("char-b", 5, 1, 3),
    character("char-c", 3, 5, 1),
    character("char-d", 2, 2, 2),
    character("char-e", 4, 4, 4),
    character("char-f", 6, 1, 1),
    character("char-g", 1, 6, 1),
    character("char-h", 1, 1, 6),
)


# ---- decks -----------------------------------------------------------------------------


class ScenarioDeck:
    """A duck-typed deck: the attributes the engine reads (used while no real Deck fits)."""

    def __init__(
        self,
        start: DungeonCard,
        dungeon: dict[str, tuple[DungeonCard, int]],
        rooms: dict[str, tuple[RoomCard, int]],
        monsters: dict[str, tuple[MonsterCard, int]],
        treasures: dict[str, tuple[TreasureCard, int]],
        characters: Sequence[Character],
    ) -> None:
        self.start = start
        self.dungeon = {start.id: start, **{k: c for k, (c, _) in dungeon.items()}}
        self.dungeon_counts = {start.id: 1, **{k: n for k, (_, n) in dungeon.items()}}
        self.rooms = {k: c for k, (c, _) in rooms.items()}
        self.room_counts = {k: n for k, (_, n) in rooms.items()}
        self.monsters = {k: c for k, (c, _) in monsters.items()}
        self.monster_counts = {k: n for k, (_, n) in monsters.items()}
        self.treasures = {k: c for k, (c, _) in treasures.items()}
        self.treasure_counts = {k: n for k, (_, n) in treasures.items()}
        self.characters = {c.id: c for c in characters}

    def dungeon_pile(self, n: int) -> dict[str, int]:
        cols = COLORS_FOR_PLAYERS[n]
        return {
            k: v
            for k, v in self.dungeon_counts.items()
            if self.dungeon[k].color in cols and self.dungeon[k].kind is not TileKind.START
        }


def _counted(items: Iterable[Any]) -> dict[str, tuple[Any, int]]:
    out: dict[str, tuple[Any, int]] = {}
    for item in items:
        card, n = item if isinstance(item, tuple) else (item, 1)
        if card.id in out:
            raise ValueError(f"card id {card.id!r} twice in a scenario deck")
        out[card.id] = (card, n)
    return out


def make_deck(
    dungeon: Iterable[DungeonCard | tuple[DungeonCard, int]] = (),
    rooms: Iterable[RoomCard | tuple[RoomCard, int]] = (),
    monsters: Iterable[MonsterCard | tuple[MonsterCard, int]] = (),
    treasures: Iterable[TreasureCard | tuple[TreasureCard, int]] = (),
    *,
    characters: Sequence[Character] = CHARACTERS,
    start: DungeonCard | None = None,
    auto_exit: bool = True,
    raw: bool = False,
) -> Any:
    """A deck of exactly these cards (``card`` or ``(card, count)``) plus the start card.

    ``auto_exit`` adds an exit ``exit-<colour>`` of every colour that has none, so that the
    deck is valid (n - 1 exits for n players, R1.3) and a game does not end at once by R1.6.
    The result is a real :class:`verlies.deck.Deck`; ``raw=True`` gives a duck-typed deck
    instead, for situations the deck validator refuses (e.g. a deck without exits).
    """
    d = _counted(dungeon)
    if auto_exit:
        for col in Color:
            if not any(c.kind is TileKind.EXIT and c.color is col for c, _ in d.values()):
                d[f"exit-{col.value}"] = (exit_card(f"exit-{col.value}", col), 1)
    start = start or start_card()
    r, m, t = _counted(rooms), _counted(monsters), _counted(treasures)
    if raw:
        return ScenarioDeck(start, d, r, m, t, characters)
    from verlies.deck import Deck

    return Deck.from_cards(
        "scenario",
        characters=list(characters),
        dungeon=[start, *d.values()],
        rooms=list(r.values()),
        monsters=list(m.values()),
        treasures=list(t.values()),
    )


def mixed_deck(seed: int = 1) -> Any:
    """A varied deck for random play: every obstacle type and colour, rooms with every
    effect, monsters with choices and loot, magic treasures; one exit per colour."""
    rnd = random.Random(seed)
    dungeon: list[Any] = []
    shapes = list(Shape)
    for col, count in ((RED, 30), (BLUE, 16), (GREEN, 16)):
        dungeon.append(exit_card(f"exit-{col.value}", col))
        for i in range(count):
            shape = shapes[i % len(shapes)]
            if i % 4 == 3:
                dungeon.append(room(f"{col.value}-room-{i}", shape, color=col))
            else:
                obst = None
                if i % 3 == 0:
                    kinds = list(ObstacleType)
                    obst = obstacle(
                        kinds[rnd.randrange(len(kinds))], rnd.choice(list(Color)), rnd.randint(4, 9)
                    )
                dungeon.append(
                    corridor(
                        f"{col.value}-c-{i}",
                        shape,
                        gold=rnd.choice([0, 0, 1, 2, 3]),
                        obstacle=obst,
                        color=col,
                    )
                )
    rooms = [
        (room_card("r-gold", GainGold(Dice.parse("2+W3"))), 3),
        (room_card("r-gold2", GainGold(Dice.parse("2W6"))), 1),
        (room_card("r-monster", MonsterEncounter()), 3),
        (room_card("r-treasure", DrawTreasure(1)), 2),
        (room_card("r-trap", Trap((GK, ST), 7, (Injury(), LoseGoldOrTreasure(3)))), 2),
        (room_card("r-back", Trap((GE,), 6, (Blocked(),))), 2),
        (
            room_card(
                "r-mixed", GainGold(Dice.const(1)), MonsterEncounter(), Trap((ST,), 8, (Injury(),))
            ),
            1,
        ),
    ]
    monsters = [
        (monster("m-troll", (ST, 5), loot_gold="W6", loot_treasures=1), 2),
        (monster("m-ghost", (GE, 4), (GK, 3), loot_gold=2), 2),
        (monster("m-bat", (GK, 2), loot_treasures=1), 1),
    ]
    treasures = [
        (treasure("t-ring", 3), 3),
        (treasure("t-amulet", 2, RollBonus(2)), 2),
        (treasure("t-potion", 1, Heal(), spent=True), 2),
        (treasure("t-wand", 4, RollBonus(1, (GE, GK)), spent=True), 1),
    ]
    return make_deck(dungeon, rooms, monsters, treasures)


# ---- playing -----------------------------------------------------------------------------


def new_game(
    deck: Any,
    players: int = 1,
    characters: Sequence[str] | None = None,
    *,
    seed: int = 0,
    variants: Variants | None = None,
    start_seat: int = 0,
    round_limit: int | None = 300,
) -> Game:
    if characters is None:
        characters = [c.id for c in CHARACTERS[:players]]
    return Game.new(
        players=players,
        characters=list(characters),
        seed=seed,
        deck=deck,
        variants=variants,
        start_seat=start_seat,
        round_limit=round_limit,
    )


def lay(game: Game, card_id: str, x: int, y: int, mask: int | None = None) -> list[Event]:
    """Draw ``card_id`` (rigged) and lay it at (x, y). Without ``mask``, the only rotation
    that meets the figure's card (an error if there are several)."""
    events = list(game.apply(Draw()))
    events.extend(game.apply(Card(card_id)))
    if mask is None:
        options = [a for a in game.legal_actions() if isinstance(a, Place) and (a.x, a.y) == (x, y)]
        if len(options) != 1:
            raise AssertionError(f"{len(options)} rotations at {(x, y)}: give a mask")
        mask = options[0].mask
    events.extend(game.apply(Place(x, y, mask)))
    return events


def walk(game: Game, *path: tuple[int, int]) -> list[Event]:
    return game.apply(Walk(tuple(path)))


def roll(game: Game, value: int) -> list[Event]:
    return game.apply(Roll(value))


def rules(events: Iterable[Event]) -> list[str]:
    return [e.rule for e in events]


def has_rule(events: Iterable[Event], rule: str, key: str | None = None) -> bool:
    return any(e.rule == rule and (key is None or e.key == key) for e in events)


def side_toward(frm: tuple[int, int], to: tuple[int, int]) -> int:
    d = (to[0] - frm[0], to[1] - frm[1])
    return next(s for s, delta in DELTA.items() if delta == d)


def open_passage_anywhere(game: Game) -> bool:
    """R3.2/R1.6, computed independently of the engine's cache."""
    board = game.board
    for (x, y), tile in board.items():
        for side, (dx, dy) in DELTA.items():
            if tile.mask & side and (x + dx, y + dy) not in board:
                return True
    return False


def fingerprint(game: Game) -> tuple[Any, ...]:
    """Everything observable about a game's state, as plain values (for equality)."""
    s = game.state
    board = tuple(
        sorted(
            (pos, t.card.id, t.x, t.y, t.mask, t.gold, t.laid_turn, t.collapsed, t.opened)
            for pos, t in s.board.items()
        )
    )
    figs = tuple(
        (
            f.seat,
            f.character.id,
            f.pos,
            f.coins,
            f.injured,
            f.escaped,
            tuple((h.card.id, h.used) for h in f.treasures),
        )
        for f in s.figures
    )
    piles = tuple(
        (
            tuple(sorted(p.counts.items())),
            p.total,
            tuple(sorted(p.discard.items())),
            tuple(p.bottom),
        )
        for p in (s.dungeon, s.rooms, s.monsters, s.treasures)
    )
    return (
        board,
        figs,
        piles,
        s.bank,
        s.seat,
        s.round,
        s.turn_no,
        tuple(s.escape_order),
        s.over,
        s.end_reason,
        repr(s.stack),
        s.steps,
        s.drawn.id if s.drawn else None,
        s.came_from,
        game.step_count,
        game.history_length,
        tuple((e.rule, e.key, e.seat, repr(sorted(e.data.items())), e.private) for e in game.log),
        tuple(game.legal_actions()),
        game.current_player,
    )


def random_step(game: Game, rnd: random.Random, p_draw: float = 0.6) -> list[Event]:
    """One step of random play: seeded rolls at chance points; at decisions, a draw with
    probability ``p_draw`` when one is legal, else a uniformly random legal action."""
    if game.is_chance:
        if rnd.random() < 0.5:
            return game.roll()
        return game.apply(rnd.choice(game.legal_actions()))
    legal = game.legal_actions()
    if Draw() in legal and rnd.random() < p_draw:
        return game.apply(Draw())
    return game.apply(rnd.choice(legal))


def play_random(game: Game, rnd: random.Random, max_steps: int = 100_000) -> Game:
    n = 0
    while not game.is_over and n < max_steps:
        random_step(game, rnd)
        n += 1
    return game

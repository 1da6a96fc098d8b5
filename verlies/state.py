"""Everything on the table: figures, hands, piles, the board and the frame stack.

:class:`Table` holds the mutable state of a game and the small effects every rule uses
(gain and lose gold, draw, end a movement, record an event). The rules that move the
game on live in :mod:`verlies.rules` and the modules it names; they change a ``Table``
in place. A game keeps its list of steps, so undo, replay and save/load replay steps
instead of copying tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from fractions import Fraction
from typing import Any

from verlies.actions import Choose, LegalActions, Walk
from verlies.board import Board, Pos, Tile, count_open_passages, open_passages_added
from verlies.cards.model import (
    COLORS_FOR_PLAYERS,
    Attr,
    Character,
    DungeonCard,
    RollBonus,
    TileKind,
    TreasureCard,
)
from verlies.events import RawEvent
from verlies.frames import (
    TURN,
    DungeonDraw,
    Enter,
    FightChoice,
    Frame,
    MonsterDraw,
    RoomDraw,
    TrapChoice,
    TreasureDraw,
)
from verlies.observe import Observer
from verlies.setup import DeckLike
from verlies.variants import Variants

CHANCE = -1  #: ``current_player`` while a chance point is pending (OpenSpiel's id)
TERMINAL = -4  #: ``current_player`` once the game is over (OpenSpiel's id)
BANK_COINS = 48  #: R10: gold coin tokens in the box (variant ``limited_bank``)
START_POS: Pos = (0, 0)

_MASK64 = (1 << 64) - 1


_DIAMONDS: dict[int, tuple[tuple[int, int], ...]] = {}


def _diamond(reach: int) -> tuple[tuple[int, int], ...]:
    """The offsets within ``reach`` steps (taxicab) of a cell, the cell included."""
    cells = _DIAMONDS.get(reach)
    if cells is None:
        cells = _DIAMONDS[reach] = tuple(
            (dx, dy)
            for dx in range(-reach, reach + 1)
            for dy in range(-reach, reach + 1)
            if abs(dx) + abs(dy) <= reach
        )
    return cells


def mix64(seed: int, k: int) -> int:
    """A counter-based random number: the k-th draw of ``seed`` (splitmix64 finaliser).

    Chance resolved "at random" depends only on the seed and the step's index, so undoing
    and rolling again gives the same result, and no generator state needs saving.
    """
    z = (seed * 0x9E3779B97F4A7C15 + (k + 1) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


class Held:
    """A treasure card in a player's hand (R9.3: face down to the others)."""

    __slots__ = ("card", "used")

    def __init__(self, card: TreasureCard, used: bool = False) -> None:
        self.card = card
        self.used = used

    @property
    def value(self) -> int:
        """R9.1, R9.5: its gold counts unless it is a spent one-shot treasure."""
        return 0 if (self.used and self.card.spent) else self.card.gold


class Figure:
    """A player's figure and possessions."""

    __slots__ = (
        "seat",
        "character",
        "pos",
        "coins",
        "treasures",
        "injured",
        "escaped",
        "injuries",
    )

    def __init__(self, seat: int, character: Character) -> None:
        self.seat = seat
        self.character = character
        self.pos: Pos = START_POS
        self.coins = 0
        self.treasures: list[Held] = []
        self.injured = 0  # turns still to be spent recovering (R8)
        self.injuries = 0  # how often injured so far (statistics; R8.1)
        self.escaped = False

    def copy(self) -> Figure:
        # Through __init__: compiled by mypyc, a class's __new__ runs __init__ anyway.
        f = Figure(self.seat, self.character)
        f.pos = self.pos
        f.coins = self.coins
        f.treasures = [Held(h.card, h.used) for h in self.treasures]
        f.injured = self.injured
        f.injuries = self.injuries
        f.escaped = self.escaped
        return f

    @property
    def gold(self) -> int:
        """R9.1: coins plus the gold values of the treasure cards."""
        if not self.treasures:  # most figures most of the time: no sum to start
            return self.coins
        return self.coins + sum(h.value for h in self.treasures)

    @property
    def in_dungeon(self) -> bool:
        return not self.escaped


class Pile:
    """A shuffled deck as a multiset: every draw is uniform over the cards left (R2.3).

    Modelling "shuffled" as "uniform draw" makes the deck's order hidden by construction
    and the chance outcomes exact: card id -> count / total.
    """

    __slots__ = ("counts", "total", "discard", "bottom")

    def __init__(self, counts: Mapping[str, int]) -> None:
        # Sorted ids: the seeded draw must not depend on the order cards stand in a file.
        self.counts = {k: counts[k] for k in sorted(counts) if counts[k] > 0}
        self.total = sum(self.counts.values())
        self.discard: dict[str, int] = {}
        self.bottom: list[str] = []  # R9.4: lost treasures go under the deck, drawn last

    def take(self, card_id: str) -> None:
        if self.total == 0 and self.bottom:
            self.bottom.remove(card_id)
            return
        self.counts[card_id] -= 1
        self.total -= 1

    def put(self, card_id: str, n: int = 1) -> None:
        self.counts[card_id] = self.counts.get(card_id, 0) + n
        self.total += n

    def to_discard(self, card_id: str) -> None:
        self.discard[card_id] = self.discard.get(card_id, 0) + 1

    def refill(self) -> bool:
        """R6.4: shuffle the discards back in. True if anything came back."""
        if not self.discard:
            return False
        for k, v in self.discard.items():
            self.put(k, v)
        self.discard = {}
        return True

    @property
    def size(self) -> int:
        return self.total + len(self.bottom)

    def outcomes(self) -> list[tuple[str, Fraction]]:
        if self.total == 0:
            return [(self.bottom[0], Fraction(1))] if self.bottom else []
        return [(k, Fraction(v, self.total)) for k, v in self.counts.items() if v]

    def sample(self, r: int) -> str:
        if self.total == 0:
            return self.bottom[0]
        i = r % self.total
        for k, v in self.counts.items():
            if i < v:
                return k
            i -= v
        raise AssertionError("pile count out of step")  # pragma: no cover

    def copy(self) -> Pile:
        p = Pile({})  # an empty pile, filled below (mypyc: no bare __new__)
        p.counts = dict(self.counts)
        p.total = self.total
        p.discard = dict(self.discard)
        p.bottom = list(self.bottom)
        return p


class Change(Enum):
    """What a mutation of the table changed, as it tells ``TableCache.invalidate``."""

    STEP = 1  #: a step was taken or the deck edited: the legal actions are new
    GOLD = 2  #: a figure's gold changed (R9.1: coins, a treasure taken, given up or spent)
    TILE = 3  #: a laid card changed (R4.1 gold taken, R1.2 collapsed, R4.4 opened)
    LAID = 4  #: a card was laid (or, with no position, the whole board is new)


_STEP, _GOLD, _TILE = Change.STEP, Change.GOLD, Change.TILE


class TableCache:
    """Everything a table keeps worked out from its fields, and the one place that forgets
    it: ``invalidate``, told by each mutation what it changed (a :class:`Change`), so a new
    mutation cannot forget one cache among several.

    ``legal``: the legal actions now, once asked for. ``walks``, ``open``, ``turns``:
    R3.5's walks, R3.2's "an open passage here", an uninjured figure's turn choices, per
    card (or card and "the deck has cards"), kept until a card is laid near it.
    ``steps``: each card's walkable neighbours (a laid card's passages never change).
    ``board_version``: a new object whenever the board changes (a card laid or a laid
    card changed): who keeps something worked out from the board knows by identity that
    it is still the same board (the bots' graph; ``PlayerView.board_version``).
    ``gold_changes``: counts the changes of any figure's gold: who keeps something worked
    out from it (the simulations' lead changes) knows it is right while the count stands.
    """

    def __init__(self, reach: int) -> None:
        self.reach = reach  # R3.5: how far a walk goes (the walks a laid card can change)
        self.legal: LegalActions | None = None
        self.walks: dict[Pos, list[Walk]] = {}
        self.open: dict[Pos, bool] = {}
        self.turns: dict[tuple[Pos, bool], LegalActions] = {}
        self.steps: dict[Pos, list[Pos]] = {}
        self.board_version: object = object()
        self.gold_changes = 0

    def invalidate(self, change: Change, laid: Pos | None = None) -> None:
        """Forget what ``change`` makes stale (``laid``: where a card was laid, for
        ``LAID``; None there: the whole board is new). Every change makes the legal actions
        stale; a card laid forgets only what it can change: walks from cards within walking
        distance of it, and the open passages and neighbours of it and its neighbours."""
        self.legal = None
        if change is _STEP:  # the members as module names: a step calls this every time
            return
        if change is _GOLD:
            self.gold_changes += 1
            return
        self.board_version = object()
        if change is _TILE:
            return
        self.turns.clear()
        if laid is None:
            self.walks.clear()
            self.open.clear()
            self.steps.clear()
            return
        x, y = laid
        reach = self.reach
        walks = self.walks
        if walks:
            cells = _diamond(reach)
            if len(walks) < len(cells):  # mostly 1 to 4 cached: scan them
                near = [p for p in walks if abs(p[0] - x) + abs(p[1] - y) <= reach]
                for p in near:
                    del walks[p]
            else:  # the cells within reach: pop, not a scan of many
                for dx, dy in cells:
                    walks.pop((x + dx, y + dy), None)
        open_ = self.open
        steps = self.steps
        for p in (laid, (x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            open_.pop(p, None)
            steps.pop(p, None)

    def copy(self) -> TableCache:
        """The cache of a copy of the table (``Table.copy_into``): the dicts (of immutable
        values) copied, each table prunes its own; the legal actions handed out shared
        (replaced, never changed); a new board version (the copy's board changes on its
        own). ``tests/engine/test_table_cache.py`` checks that every field is handled."""
        c = TableCache(self.reach)  # mypyc: no bare __new__
        c.legal = self.legal
        c.walks = dict(self.walks)
        c.open = dict(self.open)
        c.turns = dict(self.turns)
        c.steps = dict(self.steps)  # its lists are replaced, never changed
        c.board_version = object()
        c.gold_changes = self.gold_changes
        return c


class Table:
    """Everything on the table, mutated in place by the rules (see the module docstring).

    ``logging`` False (simulations): no events are recorded, not even built.
    """

    def __init__(
        self,
        *,
        deck: DeckLike | None,
        characters: list[Character],
        variants: Variants,
        seed: int,
        start_seat: int = 0,
        round_limit: int | None = 300,
        log: bool = True,
    ) -> None:
        if deck is None:  # a blank table that copy_into fills (mypyc: no bare __new__)
            return
        n = len(characters)
        self.logging = log
        self.deck = deck
        self.variants = variants
        self.seed = seed
        self.round_limit = round_limit
        self.n = n
        self.colors = COLORS_FOR_PLAYERS[n]
        self.figures = [Figure(i, c) for i, c in enumerate(characters)]
        start: DungeonCard = deck.start
        self.board: Board = {START_POS: Tile(start, 0, 0, start.mask, -1)}
        self.dungeon = Pile(deck.dungeon_pile(n))
        self.rooms = Pile(deck.room_counts)
        self.monsters = Pile(deck.monster_counts)
        self.treasures = Pile(deck.treasure_counts)
        self.bank = BANK_COINS if variants.limited_bank else -1
        self.seat = start_seat
        self.start_seat = start_seat
        self.round = 1
        self.turn_no = 0
        self.escape_order: list[int] = []
        self.over = False
        self.end_reason = ""
        self.stack: list[Frame] = []
        self.at_chance = False  # is the frame on top a chance point?
        self.events: list[RawEvent] = []  # this step's events (Game makes Events of them)
        # Steps applied (the chance counter), but not forced decisions: they take no
        # randomness, so a game's rolls are what they were before those were decisions.
        self.steps = 0
        self.drawn: DungeonCard | None = None  # the dungeon card in hand, not yet laid
        self.came_from: Pos = START_POS  # the card the figure last entered its card from
        self.lost_cards: dict[str, TreasureCard] = {}  # treasures given up (R9.4), by id
        self.max_walk = 3 if variants.long_walk else 2
        # What is kept worked out from the fields above: the legal actions, walks, open
        # passages, the board's version, the count of gold changes (one place: TableCache).
        self.cache = TableCache(self.max_walk)
        self.any_open = True  # R1.6: an open passage is left somewhere
        self.open_passages = 0
        # Told what happens as it happens (verlies.observe; Game.observe attaches it).
        self.observer: Observer | None = None
        self._exit_ids: tuple[str, ...] = ()
        self._index_deck()
        self.board_changed()
        exits = self.exits_left = self.exits_in_pile()  # R1.6, kept up to date
        if self.logging:
            self.emit("R2.2", "setup", -1, players=n, colors=self.colors, exits=exits)
        self.begin_turn()

    def copy_into(self, s: Table) -> None:
        """Make the blank table ``s`` an independent copy of this one (``Game.clone``):
        the fields of ``SHARED_FIELDS`` shared (values nobody changes in place), those of
        ``COPIED_FIELDS`` copied (tests/house/test_one_home.py checks that every field of a
        table is in one of the two)."""
        for name in SHARED_FIELDS:
            setattr(s, name, getattr(self, name))
        s.figures = [f.copy() for f in self.figures]
        # A laid tile is never changed in place (the three changes, R4.1 gold taken, R1.2
        # collapsed, R4.4 opened, lay a changed copy), so tables may share tiles.
        s.board = dict(self.board)
        s.dungeon = self.dungeon.copy()
        s.rooms = self.rooms.copy()
        s.monsters = self.monsters.copy()
        s.treasures = self.treasures.copy()
        s.escape_order = list(self.escape_order)
        s.stack = list(self.stack)  # frames are values: shared
        s.events = list(self.events)
        s.lost_cards = dict(self.lost_cards)
        s.cache = self.cache.copy()  # see TableCache.copy
        s.observer = None  # a copy plays on silently (search, clones)

    def copy(self) -> Table:
        """An independent table for search (``Game.clone``); see ``copy_into``."""
        s = Table(deck=None, characters=[], variants=self.variants, seed=self.seed)
        self.copy_into(s)
        return s

    # ---- small helpers -------------------------------------------------------------

    def exit_ids(self) -> tuple[str, ...]:
        return self._exit_ids

    def _index_deck(self) -> None:
        self._exit_ids = tuple(
            cid for cid, c in self.deck.dungeon.items() if c.kind is TileKind.EXIT
        )

    def exits_in_pile(self) -> int:
        """Exit cards still in the dungeon deck (counted afresh; see ``exits_left``)."""
        counts = self.dungeon.counts
        n = 0
        for cid in self._exit_ids:
            n += counts.get(cid, 0)
        return n

    def board_changed(self, laid: Pos | None = None) -> None:
        """A card was laid at ``laid`` (None: the whole board is new): the cache forgets
        what the card can change, and R1.6's count of open passages follows."""
        self.cache.invalidate(Change.LAID, laid)
        if laid is None:
            self.open_passages = count_open_passages(self.board)
        else:
            self.open_passages += open_passages_added(self.board, laid)
        self.any_open = self.open_passages > 0

    def retile(self, pos: Pos) -> Tile:
        """The laid card at ``pos`` is about to change (R4.1 its gold taken, R1.2
        collapsed, R4.4 opened): it is replaced by a copy to change (tables share tiles,
        see ``copy_into``) and the cache is told (the board's version moves). Returns the
        copy."""
        tile = self.board[pos] = self.board[pos].copy()
        self.cache.invalidate(Change.TILE)
        return tile

    @property
    def board_version(self) -> object:
        """The cache's board version (``TableCache``): the same object exactly as long as
        the board is the same."""
        return self.cache.board_version

    @property
    def gold_changes(self) -> int:
        """The cache's count of changes of any figure's gold (``TableCache``)."""
        return self.cache.gold_changes

    def emit(self, rule: str, key: str, seat: int, private: bool = False, **data: Any) -> None:
        """Record an event of this step. Every call stands under ``if s.logging:``, so
        that a game without a log does not even build the arguments.

        Recorded as a plain tuple; ``Game`` makes ``Event`` values of it when asked."""
        self.events.append((rule, key, seat, data, private))

    @property
    def figure(self) -> Figure:
        return self.figures[self.seat]

    @property
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return CHANCE if self.at_chance else self.seat

    @property
    def top(self) -> Frame | None:
        """The frame waiting for a step (None once the game is over)."""
        return None if self.over else self.stack[-1]

    @property
    def pending(self) -> str:
        """The kind of the frame waiting for a step ("" when the game is over)."""
        return "" if self.over else self.stack[-1].kind

    def pile_of(self, frame: Frame) -> Pile:
        """The pile a draw frame draws from."""
        kind = type(frame)
        if kind is DungeonDraw:
            return self.dungeon
        if kind is RoomDraw:
            return self.rooms
        if kind is MonsterDraw:
            return self.monsters
        if kind is TreasureDraw:
            return self.treasures
        raise AssertionError(f"no card is drawn at {frame.kind}")  # pragma: no cover

    def bonus_treasures(self, fig: Figure, attr: Attr) -> list[str]:
        """R9.5: unused magic treasures that add to a roll of ``attr``."""
        out: list[str] = []
        for h in fig.treasures:
            m = h.card.magic
            if (
                not h.used
                and isinstance(m, RollBonus)
                and (not m.attrs or attr in m.attrs)
                and h.card.id not in out
            ):
                out.append(h.card.id)
        return out

    # ---- effects used by several rules ---------------------------------------------

    def begin_turn(self) -> None:
        """R3.1: the seat's turn starts."""
        if self.logging:
            self.emit("R3.1", "turn", self.seat, char=self.figures[self.seat].character.name)
        self.stack.append(TURN)

    def gain(self, fig: Figure, n: int, rule: str) -> None:
        if n <= 0:
            return
        if self.bank >= 0:  # variant limited_bank (R10)
            if self.bank < n:
                if self.logging:
                    self.emit("R10", "bank_short", fig.seat, n=self.bank)
                n = self.bank
            self.bank -= n
        fig.coins += n
        self.gold_moved(fig.seat)
        if self.logging:
            self.emit(rule, "gold", fig.seat, n=n)

    def lose_coins(self, fig: Figure, n: int) -> None:
        lost = min(n, fig.coins)
        fig.coins -= lost
        self.gold_moved(fig.seat)
        if self.bank >= 0:
            self.bank += lost
        if self.logging:
            self.emit("R9.4", "lose_gold", fig.seat, n=lost)

    def gold_moved(self, seat: int) -> None:
        """R9.1: ``seat``'s gold may have changed (coins, a treasure taken, given up or
        spent): the one place that counts it and tells the observer."""
        self.cache.invalidate(_GOLD)
        obs = self.observer
        if obs is not None:
            obs.gold(seat)

    def forced_action(self) -> Choose | None:
        """The only option of a decision kept for the game's shape alone: a fight or trap
        with one value to test and no fitting bonus treasure among the unused ones the
        figure holds (R9.3, R9.5; see ``encounters._push_choice``). None anywhere else."""
        if self.over or not self.stack:
            return None
        frame = self.stack[-1]
        if type(frame) is not FightChoice and type(frame) is not TrapChoice:
            return None  # the usual case, without a call (the lab asks at every decision)
        return self.forced_choice(frame)

    def forced_choice(self, frame: Frame) -> Choose | None:
        """``forced_action`` for ``frame``, the pending decision's frame."""
        if type(frame) is FightChoice:
            attrs = tuple(o.attr for o in frame.monster.fight)
        elif type(frame) is TrapChoice:
            attrs = frame.trap.attrs
        else:
            return None
        if len(attrs) != 1 or self.bonus_treasures(self.figures[self.seat], attrs[0]):
            return None
        return Choose(attrs[0])

    def use_bonus(self, fig: Figure, treasure: str | None) -> int:
        """R9.5: spend the magic treasure ``treasure`` (if any) on a roll; its bonus."""
        if treasure is None:
            return 0
        h = next(h for h in fig.treasures if h.card.id == treasure and not h.used)
        h.used = True
        self.gold_moved(fig.seat)  # a spent one-shot treasure counts no gold (R9.1)
        assert isinstance(h.card.magic, RollBonus)
        if self.logging:
            self.emit("R9.5", "magic", fig.seat, card=h.card.name, n=h.card.magic.amount)
        return h.card.magic.amount

    def push_draw(self, frame: DungeonDraw | RoomDraw | MonsterDraw | TreasureDraw) -> None:
        """Push a card draw, refilling from the discards first (R6.4)."""
        pile = self.pile_of(frame)
        if pile.size == 0:
            if not pile.refill():
                if self.logging:
                    self.emit("R6.4", "no_card", self.seat, pile=_PILE_NAMES[type(frame)])
                return
            if self.logging:
                self.emit("R6.4", "refill", self.seat, pile=_PILE_NAMES[type(frame)])
        self.stack.append(frame)

    def end_movement(self) -> None:
        """R5.4/R5.5: the walk ends: drop the steps not yet taken."""
        self.stack[:] = [f for f in self.stack if type(f) is not Enter]

    def winners(self) -> list[int]:
        """R1.5: the escaped player(s) with the most gold (ties share the win)."""
        if not self.over or self.end_reason == "timeout" or not self.escape_order:
            return []
        best = max(self.figures[s].gold for s in self.escape_order)
        return sorted(s for s in self.escape_order if self.figures[s].gold == best)

    # ---- live edits ----------------------------------------------------------------

    def edit_deck(self, new_deck: DeckLike, what: Any) -> None:
        """A live edit: the new deck applies to the cards not yet drawn. ``what`` says what
        changed: a :class:`~verlies.deck.patch.DeckPatch` (its ``describe(lang)`` makes the
        log's words in the language the log is read in) or a string.

        Cards on the table and in hands keep the definition they were drawn with. A
        count change moves the undrawn pile by the difference (never below zero: cards
        already drawn stay drawn).
        """
        old = self.deck
        self.cache.invalidate(Change.STEP)
        self.steps += 1
        pairs = (
            (self.dungeon, old.dungeon_pile(self.n), new_deck.dungeon_pile(self.n)),
            (self.rooms, old.room_counts, new_deck.room_counts),
            (self.monsters, old.monster_counts, new_deck.monster_counts),
            (self.treasures, old.treasure_counts, new_deck.treasure_counts),
        )
        for pile, before, after in pairs:
            for cid in set(before) | set(after):
                delta = after.get(cid, 0) - before.get(cid, 0)
                if delta > 0:
                    pile.put(cid, delta)
                elif delta < 0:
                    have = pile.counts.get(cid, 0)
                    take = min(have, -delta)
                    pile.counts[cid] = have - take
                    pile.total -= take
                    rest = -delta - take
                    if rest and pile.discard.get(cid):
                        pile.discard[cid] = max(0, pile.discard[cid] - rest)
        # A card the new deck no longer has leaves every pile, discards and the cards
        # under the treasure deck included: nothing undrawn may name an unknown card.
        cards_of: tuple[tuple[Pile, Mapping[str, Any]], ...] = (
            (self.dungeon, new_deck.dungeon),
            (self.rooms, new_deck.rooms),
            (self.monsters, new_deck.monsters),
            (self.treasures, new_deck.treasures),
        )
        for pile, cards in cards_of:
            for cid in [c for c in pile.counts if c not in cards]:
                pile.total -= pile.counts.pop(cid)
            pile.discard = {c: n for c, n in pile.discard.items() if c in cards}
            if pile is not self.treasures:
                pile.bottom = [c for c in pile.bottom if c in cards]
        self.deck = new_deck
        self._index_deck()
        self.exits_left = self.exits_in_pile()
        if self.logging:
            self.emit("edit", "edit", -1, what=what)


#: The fields of a table that its copies share (``Table.copy_into``): numbers, strings,
#: tuples, and values nobody changes in place (the deck, cards, variants).
SHARED_FIELDS: tuple[str, ...] = (
    "logging",
    "deck",
    "variants",
    "seed",
    "round_limit",
    "n",
    "colors",
    "bank",
    "seat",
    "start_seat",
    "round",
    "turn_no",
    "over",
    "end_reason",
    "at_chance",
    "steps",
    "drawn",
    "came_from",
    "max_walk",
    "any_open",
    "open_passages",
    "_exit_ids",
    "exits_left",
)
#: The fields ``Table.copy_into`` copies (or starts anew: the observer), one by one; the
#: cache copies itself (``TableCache.copy``).
COPIED_FIELDS: tuple[str, ...] = (
    "figures",
    "board",
    "dungeon",
    "rooms",
    "monsters",
    "treasures",
    "escape_order",
    "stack",
    "events",
    "lost_cards",
    "cache",
    "observer",
)


#: Each draw frame's pile, as R6.4's events name it (the words: verlies.i18n, event.pile.*).
_PILE_NAMES: dict[type[Frame], str] = {
    DungeonDraw: "dungeon",
    RoomDraw: "room",
    MonsterDraw: "monster",
    TreasureDraw: "treasure",
}

"""The rules as a state machine: legal actions, chance points and transitions.

A turn is resolved as a stack of *frames*. The frame on top is either a decision of the
current player (the legal actions), a chance point (a die roll or a card draw, with exact
probabilities), or automatic bookkeeping that ``_advance`` resolves at once. Every
transition appends events carrying the rule ID that caused them.

The state is mutated in place (fast); the game keeps the list of steps, so undo, replay
and save/load replay steps from the initial state instead of copying states.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from verlies.actions import (
    Action,
    Attempt,
    Card,
    Choose,
    Decline,
    Draw,
    LegalActions,
    LoseGold,
    LoseTreasure,
    Outcome,
    Place,
    Recover,
    Roll,
    ShuffleBack,
    UseHeal,
    Wait,
    Walk,
)
from verlies.board import (
    DELTA,
    OPPOSITE,
    Board,
    Pos,
    Tile,
    count_open_passages,
    has_open_passage,
    neighbours,
    open_passages_added,
    open_sides,
    rotations_with,
)
from verlies.cards.model import (
    COLORS_FOR_PLAYERS,
    Attr,
    Blocked,
    Character,
    DrawTreasure,
    DungeonCard,
    GainGold,
    Heal,
    Injury,
    LoseGoldOrTreasure,
    MonsterCard,
    MonsterEncounter,
    ObstacleClass,
    RollBonus,
    RoomCard,
    TileKind,
    Trap,
    TreasureCard,
)
from verlies.dice import Dice
from verlies.errors import IllegalAction
from verlies.events import RawEvent
from verlies.setup import DeckLike
from verlies.variants import Variants

CHANCE = -1  #: ``current_player`` while a chance point is pending (OpenSpiel style)
TERMINAL = -2  #: ``current_player`` once the game is over
BANK_COINS = 48  #: R10: gold coin tokens in the box (variant ``limited_bank``)
START_POS: Pos = (0, 0)

_W6 = (1, 2, 3, 4, 5, 6)
_DRAW = Draw()
_RECOVER = Recover()
_TRY_OR_DECLINE = LegalActions((Attempt(), Decline()))  # an obstacle without a bonus treasure
_CARDS: dict[str, Card] = {}  # outcome values are immutable: share them
_CARD_FRAMES = frozenset({"draw", "room", "monster", "treasure"})
_DIE_FRAMES = frozenset({"oroll", "froll", "mroll", "troll"})
_W6_OUTCOMES = tuple((Roll(v), Fraction(1, 6)) for v in _W6)
_ROLLS = {v: Roll(v) for v in range(-50, 200)}

# Frame kinds. Decisions and chance points wait for a step; the rest resolve at once.
DECISIONS = frozenset({"turn", "place", "obstacle", "fight", "trap", "lose"})
CHANCES = frozenset(
    {"draw", "oroll", "room", "gold", "treasure", "monster", "froll", "mroll", "troll"}
)

_WAITING = DECISIONS | CHANCES
_MASK64 = (1 << 64) - 1


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
        f = Figure.__new__(Figure)
        f.seat = self.seat
        f.character = self.character
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
        p = Pile.__new__(Pile)
        p.counts = dict(self.counts)
        p.total = self.total
        p.discard = dict(self.discard)
        p.bottom = list(self.bottom)
        return p


def _may_change(tile: Tile, opens: bool) -> bool:
    """Whether a laid tile can still change (gold to take, an exit to collapse, with
    ``opens`` (variant opened_stays_open) a class B obstacle to open): such tiles are not
    shared between copies of a state."""
    card = tile.card
    if tile.gold or (card.kind is TileKind.EXIT and not tile.collapsed):
        return True
    o = card.obstacle
    return opens and o is not None and o.cls is ObstacleClass.B and not tile.opened


class State:
    """Everything on the table. Mutated in place by ``apply``; see the module docstring."""

    def __init__(
        self,
        *,
        deck: DeckLike,
        characters: list[Character],
        variants: Variants,
        seed: int,
        start_seat: int = 0,
        round_limit: int | None = 300,
        log: bool = True,
    ) -> None:
        n = len(characters)
        self._log = log  # False: simulations keep no sentences
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
        self.stack: list[tuple[Any, ...]] = []
        self.at_chance = False  # is the frame on top a chance point?
        self.events: list[RawEvent] = []  # this step's events (Game makes Events of them)
        self.steps = 0  # number of steps applied (the chance counter)
        self.drawn: DungeonCard | None = None  # the dungeon card in hand, not yet laid
        self.came_from: Pos = START_POS  # the card the figure last entered its card from
        self.lost_cards: dict[str, TreasureCard] = {}  # treasures given up (R9.4), by id
        self._legal: LegalActions | None = None
        self.max_walk = 3 if variants.long_walk else 2
        self._walk_cache: dict[Pos, list[Any]] = {}
        self._open_cache: dict[Pos, bool] = {}
        self._turn_cache: dict[tuple[Pos, bool], LegalActions] = {}
        self._any_open = True
        self._open_passages = 0
        self._index_deck()
        self._board_changed()
        exits = self._exits_left = self.exits_in_pile()
        if self._log:
            self._emit(
                "R2.2",
                "setup",
                -1,
                players=n,
                colors=self.colors,
                exits=exits,
            )
        self._begin_turn()

    def copy(self) -> State:
        """An independent state for search (``Game.clone``): the mutable parts copied,
        the deck, cards, frames and cached legal actions (all immutable) shared."""
        s = State.__new__(State)
        s._log = self._log
        s.deck = self.deck
        s.variants = self.variants
        s.seed = self.seed
        s.round_limit = self.round_limit
        s.n = self.n
        s.colors = self.colors
        s.figures = [f.copy() for f in self.figures]
        # A laid tile changes in place at most three ways (R4.1 gold taken, R1.2 exit
        # collapsed, R4.4 obstacle opened): those that still can are copied, the others
        # shared. (Bots keep the tile objects of a board and see such changes in them.)
        opens = self.variants.opened_stays_open
        s.board = {p: t.copy() if _may_change(t, opens) else t for p, t in self.board.items()}
        s.dungeon = self.dungeon.copy()
        s.rooms = self.rooms.copy()
        s.monsters = self.monsters.copy()
        s.treasures = self.treasures.copy()
        s.bank = self.bank
        s.seat = self.seat
        s.start_seat = self.start_seat
        s.round = self.round
        s.turn_no = self.turn_no
        s.escape_order = list(self.escape_order)
        s.over = self.over
        s.end_reason = self.end_reason
        s.stack = list(self.stack)  # frames are tuples: shared
        s.at_chance = self.at_chance
        s.events = list(self.events)
        s.steps = self.steps
        s.drawn = self.drawn
        s.came_from = self.came_from
        s.lost_cards = dict(self.lost_cards)
        s._legal = self._legal
        s.max_walk = self.max_walk
        # The caches hold immutable values keyed by position; each state prunes its own.
        s._walk_cache = dict(self._walk_cache)
        s._open_cache = dict(self._open_cache)
        s._turn_cache = dict(self._turn_cache)
        s._any_open = self._any_open
        s._open_passages = self._open_passages
        s._exit_ids = self._exit_ids
        s._exits_left = self._exits_left
        return s

    # ---- small helpers -------------------------------------------------------------

    def exit_ids(self) -> tuple[str, ...]:
        return self._exit_ids

    def _index_deck(self) -> None:
        self._exit_ids = tuple(
            cid for cid, c in self.deck.dungeon.items() if c.kind is TileKind.EXIT
        )

    def exits_in_pile(self) -> int:
        """Exit cards still in the dungeon deck (counted afresh; see ``_exits_left``)."""
        counts = self.dungeon.counts
        n = 0
        for cid in self._exit_ids:
            n += counts.get(cid, 0)
        return n

    def _board_changed(self, laid: Pos | None = None) -> None:
        """A card was laid at ``laid`` (None: the whole board is new).

        Only what the new card can change is forgotten: walks from cards within walking
        distance of it, open passages of it and its neighbours.
        """
        self._turn_cache.clear()
        if laid is None:
            self._walk_cache.clear()
            self._open_cache.clear()
            self._open_passages = count_open_passages(self.board)
        else:
            x, y = laid
            reach = self.max_walk
            walk_cache = self._walk_cache
            for p in [p for p in walk_cache if abs(p[0] - x) + abs(p[1] - y) <= reach]:
                del walk_cache[p]
            open_cache = self._open_cache
            for p in (laid, (x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
                open_cache.pop(p, None)
            self._open_passages += open_passages_added(self.board, laid)
        self._any_open = self._open_passages > 0

    def _emit(self, rule: str, key: str, seat: int, private: bool = False, **data: Any) -> None:
        """Record an event of this step. Every call stands under ``if self._log:`` (or
        ``s._log``), so that a game without a log does not even build the arguments.

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
    def pending(self) -> str:
        """The kind of the frame waiting for a step ("" when the game is over)."""
        return "" if self.over else self.stack[-1][0]

    def _random(self, k: int) -> int:
        return mix64(self.seed, k)

    # ---- legal actions ---------------------------------------------------------------

    def legal_actions(self) -> LegalActions:
        """The legal actions (or, at a chance point, the possible outcomes)."""
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
            if type(legal) is not LegalActions:
                legal = LegalActions(legal)
            self._legal = legal
        return legal

    def _compute_legal(self) -> Any:
        if self.over:
            return ()
        frame = self.stack[-1]
        kind = frame[0]
        fig = self.figures[self.seat]
        if kind == "turn":
            if fig.injured:
                return self._turn_actions(fig)
            # An uninjured figure's choices depend only on its card, the board and whether
            # the deck has cards: kept until a card is laid near it (see _board_changed).
            key = (fig.pos, self.dungeon.total > 0)
            legal = self._turn_cache.get(key)
            if legal is None:
                legal = self._turn_cache[key] = LegalActions(self._turn_actions(fig))
            return legal
        if kind in CHANCES:
            return [o for o, _ in self.chance_outcomes()]
        if kind == "place":
            return self._placements(frame[1])
        if kind == "obstacle":
            tile = self.board[frame[1]]
            assert tile.card.obstacle is not None
            attr = tile.card.obstacle.attr
            bonus = self._bonus_treasures(fig, attr)
            if not bonus:
                return _TRY_OR_DECLINE
            acts: list[Any] = [Attempt()]
            acts.extend(Attempt(tid) for tid in bonus)
            acts.append(Decline())
            return acts
        if kind == "fight":
            monster: MonsterCard = frame[1]
            return self._choices(fig, tuple(o.attr for o in monster.fight))
        if kind == "trap":
            trap: Trap = frame[1]
            return self._choices(fig, trap.attrs)
        if kind == "lose":
            acts = [LoseGold()]
            seen: set[str] = set()
            for h in fig.treasures:
                if h.card.id not in seen:
                    seen.add(h.card.id)
                    acts.append(LoseTreasure(h.card.id))
            return acts
        raise AssertionError(f"no decision at frame {kind}")  # pragma: no cover

    def _turn_actions(self, fig: Figure) -> list[Any]:
        if fig.injured:
            # R8.2: the whole turn is spent recovering (a heal treasure saves it, R9.5).
            acts: list[Any] = [_RECOVER]
            seen: set[str] = set()
            for h in fig.treasures:
                if not h.used and isinstance(h.card.magic, Heal) and h.card.id not in seen:
                    seen.add(h.card.id)
                    acts.append(UseHeal(h.card.id))
            return acts
        board = self.board
        acts = []
        # R3.2: drawing needs an open passage on the figure's card and cards in the deck.
        pos = fig.pos
        can_open = self._open_cache.get(pos)
        if can_open is None:
            can_open = self._open_cache[pos] = has_open_passage(board, pos)
        if can_open and self.dungeon.total:
            acts.append(_DRAW)
        walks = self._walk_cache.get(fig.pos)
        if walks is None:
            walks = self._walk_cache[fig.pos] = [Walk(p) for p in self._walks(fig.pos)]
        acts.extend(walks)
        if not acts:
            acts.append(Wait())  # R3.5 [decision]
        return acts

    def _walks(self, pos: Pos) -> list[tuple[Pos, ...]]:
        board = self.board
        paths: list[tuple[Pos, ...]] = []
        frontier: list[tuple[Pos, ...]] = [(pos,)]
        for _ in range(self.max_walk):
            nxt: list[tuple[Pos, ...]] = []
            for path in frontier:
                for q in neighbours(board, path[-1]):
                    if q in path:
                        continue  # no loops back over the walk (and not back to the start)
                    p = path + (q,)
                    paths.append(p[1:])
                    nxt.append(p)
            frontier = nxt
        return paths

    def _placements(self, card: DungeonCard) -> list[Any]:
        """R3.2: every empty cell next to an open passage, every rotation meeting it."""
        fig = self.figures[self.seat]
        x, y = fig.pos
        acts: list[Any] = []
        for side in open_sides(self.board, fig.pos):
            dx, dy = DELTA[side]
            for mask in rotations_with(card.mask, OPPOSITE[side]):
                acts.append(Place(x + dx, y + dy, mask))
        if card.kind is TileKind.EXIT:
            acts.append(ShuffleBack())  # R1.4
        return acts

    def _bonus_treasures(self, fig: Figure, attr: Attr) -> list[str]:
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

    def _choices(self, fig: Figure, attrs: tuple[Attr, ...]) -> list[Any]:
        acts: list[Any] = []
        for a in attrs:
            acts.append(Choose(a))
            acts.extend(Choose(a, tid) for tid in self._bonus_treasures(fig, a))
        return acts

    # ---- chance --------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[Outcome, Fraction]]:
        """At a chance point: every outcome with its exact probability."""
        frame = self.stack[-1]
        kind = frame[0]
        if kind in ("oroll", "froll", "mroll", "troll"):
            return list(_W6_OUTCOMES)
        if kind == "gold":
            dice: Dice = frame[1]
            return [(_ROLLS.get(v) or Roll(v), p) for v, p in dice.distribution().items()]
        pile = self._pile_of(kind)
        return [(Card(cid), p) for cid, p in pile.outcomes()]

    def _possible(self, kind: str, step: Any) -> bool:
        """Is ``step`` a possible outcome of the pending chance point? (no Fractions)"""
        if type(step) is Roll:
            if type(step.value) is not int:
                return False
            if kind == "gold":
                dice: Dice = self.stack[-1][1]
                return step.value in dice.distribution()
            return kind in _DIE_FRAMES and 1 <= step.value <= 6
        if (
            type(step) is Card
            and type(step.card) is str
            and kind not in _DIE_FRAMES
            and kind != "gold"
        ):
            pile = self._pile_of(kind)
            if pile.total == 0:
                return bool(pile.bottom) and step.card == pile.bottom[0]
            return pile.counts.get(step.card, 0) > 0
        return False

    def _pile_of(self, kind: str) -> Pile:
        if kind == "draw":
            return self.dungeon
        if kind == "room":
            return self.rooms
        if kind == "monster":
            return self.monsters
        if kind == "treasure":
            return self.treasures
        raise IllegalAction("R3.4", f"no card is drawn at {kind}")

    def sample_outcome(self, r: int | None = None) -> Outcome:
        """The outcome the seeded random source gives at this chance point; or, given a
        64-bit random number ``r`` from an outside source, the outcome ``r`` picks."""
        if r is None:
            r = mix64(self.seed, self.steps)
        kind = self.stack[-1][0]
        if kind in ("oroll", "froll", "mroll", "troll"):
            return _ROLLS[1 + r % 6]
        if kind == "gold":
            dice: Dice = self.stack[-1][1]
            total = dice.constant
            for _ in range(dice.w6):
                total += 1 + r % 6
                r //= 6
            for _ in range(dice.w3):
                total += (2 + r % 6) // 2
                r //= 6
            return _ROLLS.get(total) or Roll(total)
        cid = self._pile_of(kind).sample(r)
        card = _CARDS.get(cid)
        if card is None:
            card = _CARDS[cid] = Card(cid)
        return card

    # ---- applying a step -------------------------------------------------------------

    def check(self, step: Any) -> None:
        """Raise IllegalAction (naming the rule) unless ``step`` is legal now."""
        if self.over:
            raise IllegalAction("R1.3", "the game is over")
        kind = self.stack[-1][0]
        if kind in CHANCES:
            if self._possible(kind, step):
                return
        else:
            legal = self._legal
            if legal is None:
                legal = self.legal_actions()
            for same in legal:
                if same is step:  # one of the actions handed out (how bots and the UI act)
                    return
            if step in legal:
                same = legal[legal.index(step)]  # legal actions are distinct by value
                if _same_types(same, step):
                    return
        raise IllegalAction(*_why_illegal(self, kind, step))

    def apply(self, step: Any) -> None:
        """Apply a legal action or chance outcome (call ``check`` first)."""
        self._legal = None
        self.steps += 1
        frame = self.stack.pop()
        kind = frame[0]
        if kind == "turn":  # most steps: a direct call (mypyc compiles it to a native one)
            _h_turn(self, frame, step)
        else:
            _HANDLERS[kind](self, frame, step)
        # Then the automatic frames, until a decision or a chance point waits (or the end).
        stack = self.stack
        while True:
            if not stack:
                self._end_turn()
                if self.over:
                    return
                continue
            kind = stack[-1][0]
            if kind in _WAITING:
                self.at_chance = kind in CHANCES
                return
            frame = stack.pop()
            if kind == "enter":  # the most frequent automatic frame: a direct call
                _a_enter(self, frame)
            else:
                _AUTO[kind](self, frame)

    # ---- turn structure --------------------------------------------------------------

    def _begin_turn(self) -> None:
        fig = self.figures[self.seat]
        if self._log:
            self._emit("R3.1", "turn", self.seat, char=fig.character.name)
        self.stack.append(("turn",))

    def _end_turn(self) -> None:
        if self._check_end():
            return
        n = self.n
        seat = self.seat
        for _ in range(n):
            nxt = (seat + 1) % n
            if nxt == self.start_seat:
                self.round += 1
            seat = nxt
            if not self.figures[seat].escaped:
                break
        self.seat = seat
        self.turn_no += 1
        limit = self.round_limit
        if limit is not None and self.round > limit:
            self._finish("timeout", "R1.6", "end_timeout", limit=limit)
            return
        self._begin_turn()

    def _check_end(self) -> bool:
        escaped = len(self.escape_order)
        if self.n >= 2 and escaped >= self.n - 1:
            self._finish("escaped", "R1.3", "end_escaped")
            return True
        if self.n == 1 and escaped == 1:
            self._finish("solo", "R1.3", "end_solo")
            return True
        if self._exits_left == 0:
            self._finish("no_exit", "R1.6", "end_no_exit")
            return True
        if not self._any_open:
            self._finish("no_passage", "R1.6", "end_no_passage")
            return True
        return False

    def _finish(self, reason: str, rule: str, key: str, **data: Any) -> None:
        self.over = True
        self.at_chance = False
        self.end_reason = reason
        self.stack.clear()
        if self._log:
            self._emit(rule, key, -1, **data)
        for f in self.figures:
            if not f.escaped:
                if reason == "timeout":
                    if self._log:
                        self._emit("R1.6", "still_inside", f.seat)
                else:
                    if self._log:
                        self._emit("R1.3", "left_behind", f.seat)
        for f in self.figures:  # R9.1: treasures are shown at the end
            if self._log:
                self._emit("R9.1", "final_gold", f.seat, coins=f.coins, gold=f.gold)
        if reason == "timeout":
            return
        winners = self.winners()
        if winners:
            gold = self.figures[winners[0]].gold
            if self._log:
                self._emit(
                    "R1.5",
                    "winner",
                    -1,
                    who=", ".join(f"Spieler {w + 1}" for w in winners),
                    who_en=", ".join(f"player {w + 1}" for w in winners),
                    gold=gold,
                )
        else:
            if self._log:
                self._emit("R1.3", "no_winner", -1)

    def winners(self) -> list[int]:
        """R1.5: the escaped player(s) with the most gold (ties share the win)."""
        if not self.over or self.end_reason == "timeout" or not self.escape_order:
            return []
        best = max(self.figures[s].gold for s in self.escape_order)
        return sorted(s for s in self.escape_order if self.figures[s].gold == best)

    # ---- effects used by several handlers --------------------------------------------

    def _gain(self, fig: Figure, n: int, rule: str) -> None:
        if n <= 0:
            return
        if self.bank >= 0:  # variant limited_bank (R10)
            if self.bank < n:
                if self._log:
                    self._emit("R10", "bank_short", fig.seat, n=self.bank)
                n = self.bank
            self.bank -= n
        fig.coins += n
        if self._log:
            self._emit(rule, "gold", fig.seat, n=n)

    def _lose_coins(self, fig: Figure, n: int) -> None:
        lost = min(n, fig.coins)
        fig.coins -= lost
        if self.bank >= 0:
            self.bank += lost
        if self._log:
            self._emit("R9.4", "lose_gold", fig.seat, n=lost)

    def _push_draw(self, kind: str, pile_name: str, pile_en: str) -> None:
        """Push a card draw, refilling from the discards first (R6.4)."""
        pile = self._pile_of(kind)
        if pile.size == 0:
            if not pile.refill():
                if self._log:
                    self._emit("R6.4", "no_card", self.seat, pile=pile_name, pile_en=pile_en)
                return
            if self._log:
                self._emit("R6.4", "refill", self.seat, pile=pile_name, pile_en=pile_en)
        self.stack.append((kind,))

    def edit_deck(self, new_deck: DeckLike, what: str) -> None:
        """A live edit: the new deck applies to the cards not yet drawn.

        Cards on the table and in hands keep the definition they were drawn with. A
        count change moves the undrawn pile by the difference (never below zero: cards
        already drawn stay drawn).
        """
        old = self.deck
        self._legal = None
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
        for pile, cards in (
            (self.dungeon, new_deck.dungeon),
            (self.rooms, new_deck.rooms),
            (self.monsters, new_deck.monsters),
            (self.treasures, new_deck.treasures),
        ):
            for cid in [c for c in pile.counts if c not in cards]:
                pile.total -= pile.counts.pop(cid)
            pile.discard = {c: n for c, n in pile.discard.items() if c in cards}
            if pile is not self.treasures:
                pile.bottom = [c for c in pile.bottom if c in cards]
        self.deck = new_deck
        self._index_deck()
        self._exits_left = self.exits_in_pile()
        if self._log:
            self._emit("edit", "edit", -1, what=what)

    def _end_movement(self) -> None:
        """R5.4/R5.5: the walk ends: drop the steps not yet taken."""
        self.stack[:] = [f for f in self.stack if f[0] != "enter"]


def _same_types(a: Any, b: Any) -> bool:
    """Equal by value is not enough: Place(0.0, ...) or a bare tuple must not pass."""
    if type(a) is not type(b):
        return False
    return all(
        type(x) is type(y) and (not isinstance(x, tuple) or _same_types(x, y))
        for x, y in zip(a, b, strict=True)
    )


def _why_illegal(state: State, kind: str, step: Any) -> tuple[str, str]:
    """The rule that forbids ``step`` here, for IllegalAction."""
    try:
        label = str(step.label)
    except Exception:  # a malformed action cannot even say what it is
        label = repr(step)[:200]
    if kind in CHANCES:
        if isinstance(step, Roll | Card):
            return ("RW.1" if isinstance(step, Roll) else "R2.3"), (
                f"{label} is not a possible outcome of this chance point"
            )
        return "R3.4", f"a chance point is pending ({kind}); {label} is not an outcome"
    if isinstance(step, Roll | Card):
        return "R3.4", f"no chance point is pending; it is player {state.seat + 1}'s decision"
    if kind == "turn":
        fig = state.figure
        if fig.injured:
            return "R8.2", f"player {state.seat + 1} is injured and must recover this turn"
        if isinstance(step, Draw):
            if not state.dungeon.total:
                return "R3.2", "the dungeon deck is empty"
            return "R3.2", "the figure's card has no open passage"
        if isinstance(step, Walk):
            return "R3.5", f"{label}: not a walk of up to two connected cards"
        if isinstance(step, Wait):
            return "R3.5", "waiting is allowed only when no move is possible"
        return "R3.1", f"{label} is not a turn action"
    if kind == "place":
        if isinstance(step, Place):
            return (
                "R3.2",
                f"{label}: the card must be laid at an open passage of the figure's card, "
                "turned to meet it",
            )
        if isinstance(step, ShuffleBack):
            return "R1.4", "only an exit may be shuffled back"
        return "R3.3", "the drawn card must be laid first"
    if kind == "obstacle":
        return "R4.3", f"{label}: try the obstacle or decline"
    if kind in ("fight", "trap"):
        return "R7.1", f"{label}: not one of the values this {kind} allows"
    if kind == "lose":
        return "R9.4", f"{label}: lose 3 gold or one of your treasures"
    return "R3.4", f"{label} is not legal now"


# ---- decision handlers ---------------------------------------------------------------


def _h_turn(s: State, frame: tuple[Any, ...], a: Action) -> None:
    fig = s.figures[s.seat]
    if isinstance(a, Walk):
        if s._log:
            s._emit("R3.5", "walk", s.seat, path=a.path)
        path = a.path
        if len(path) == 1:
            s.stack.append(("enter", path[0], fig.pos, False))
        else:
            prev = fig.pos
            frames = []
            for q in path:
                frames.append(("enter", q, prev, False))
                prev = q
            s.stack.extend(reversed(frames))
    elif isinstance(a, Draw):
        s._push_draw("draw", "Verlieskarten", "dungeon")
    elif isinstance(a, Wait):
        if s._log:
            s._emit("R3.5", "wait", s.seat)
    elif isinstance(a, Recover):
        fig.injured = fig.injured - 1 if s.variants.injuries_stack else 0
        if s._log:
            s._emit("R8.2", "recover", s.seat)
    elif isinstance(a, UseHeal):
        h = next(h for h in fig.treasures if h.card.id == a.treasure and not h.used)
        h.used = True
        fig.injured = 0
        if s._log:
            s._emit("R9.5", "heal", s.seat, card=h.card.name)
        s.stack.append(("turn",))  # the turn is played after all


def _h_place(s: State, frame: tuple[Any, ...], a: Action) -> None:
    card: DungeonCard = frame[1]
    fig = s.figures[s.seat]
    s.drawn = None
    if isinstance(a, ShuffleBack):
        s.dungeon.put(card.id)
        s._exits_left = s.exits_in_pile()
        if s._log:
            s._emit("R1.4", "shuffle_back", s.seat)
        return
    assert isinstance(a, Place)
    tile = Tile(card, a.x, a.y, a.mask, s.turn_no)
    s.board[(a.x, a.y)] = tile
    s._board_changed((a.x, a.y))
    if s._log:
        s._emit("R3.2", "place", s.seat, card=card.name, x=a.x, y=a.y)
    if s._log:
        s._emit("R3.3", "must_enter", s.seat)
    s.stack.append(("enter", (a.x, a.y), fig.pos, True))


def _h_obstacle(s: State, frame: tuple[Any, ...], a: Action) -> None:
    _, pos, frm, new = frame
    fig = s.figures[s.seat]
    if isinstance(a, Decline):
        if s._log:
            s._emit("R4.3", "declined", s.seat)
        if s._log:
            s._emit("R5.4", "not_entered", s.seat)
        s._end_movement()
        return
    assert isinstance(a, Attempt)
    bonus = _use_bonus(s, fig, a.treasure)
    s.stack.append(("oroll", pos, frm, new, bonus))


def _use_bonus(s: State, fig: Figure, treasure: str | None) -> int:
    if treasure is None:
        return 0
    h = next(h for h in fig.treasures if h.card.id == treasure and not h.used)
    h.used = True
    assert isinstance(h.card.magic, RollBonus)
    if s._log:
        s._emit("R9.5", "magic", fig.seat, card=h.card.name, n=h.card.magic.amount)
    return h.card.magic.amount


def _h_choose(s: State, frame: tuple[Any, ...], a: Action) -> None:
    assert isinstance(a, Choose)
    fig = s.figures[s.seat]
    bonus = _use_bonus(s, fig, a.treasure)
    value = fig.character.value(a.attr)
    if frame[0] == "fight":
        mvalue = next(opt.value for opt in frame[1].fight if opt.attr is a.attr)
        if s._log:
            s._emit("R7.1", "fight_with", s.seat, attr=a.attr, mvalue=mvalue)
        s.stack.append(("froll", frame[1], a.attr, value, bonus))
    else:
        s.stack.append(("troll", frame[1], a.attr, value, bonus, frame[2]))


def _h_lose(s: State, frame: tuple[Any, ...], a: Action) -> None:
    fig = s.figures[s.seat]
    if isinstance(a, LoseGold):
        s._lose_coins(fig, frame[1])
        return
    assert isinstance(a, LoseTreasure)
    # Lose an unused copy first if the player holds several of the same card.
    held = sorted((h for h in fig.treasures if h.card.id == a.treasure), key=lambda h: h.used)[0]
    fig.treasures.remove(held)
    s.treasures.bottom.append(held.card.id)
    s.lost_cards[held.card.id] = held.card  # a live edit may since have removed its kind
    # R9.3: given up face down, under the deck: the others learn only that one went.
    if s._log:
        s._emit("R9.4", "lose_treasure", fig.seat, True, card=held.card.name)


# ---- chance handlers -------------------------------------------------------------------


def _h_draw(s: State, frame: tuple[Any, ...], o: Outcome) -> None:
    assert isinstance(o, Card)
    card: DungeonCard = s.deck.dungeon[o.card]
    s.dungeon.take(o.card)
    if card.kind is TileKind.EXIT:
        s._exits_left = s.exits_in_pile()  # R1.6 looks at this every turn end
    s.drawn = card
    if s._log:
        s._emit("R3.1", "draw", s.seat, card=card.name)
    s.stack.append(("place", card))


def _h_oroll(s: State, frame: tuple[Any, ...], o: Outcome) -> None:
    _, pos, frm, new, bonus = frame
    assert isinstance(o, Roll)
    fig = s.figures[s.seat]
    tile = s.board[pos]
    obstacle = tile.card.obstacle
    assert obstacle is not None
    value = fig.character.value(obstacle.attr)
    total = o.value + value + bonus
    passed = total >= obstacle.n
    if s._log:
        s._emit(
            "R4.2",
            "test",
            s.seat,
            what=obstacle.type.value,
            what_en=obstacle.type.en,
            target=obstacle.n,
            attr=obstacle.attr.value,
            attr_en=obstacle.attr.en,
            value=value,
            roll=o.value,
            bonus=f" + {bonus}" if bonus else "",
            total=total,
            verdict="geschafft" if passed else "nicht geschafft",
            verdict_en="passed" if passed else "failed",
        )
    if passed:
        if s.variants.opened_stays_open and obstacle.cls is ObstacleClass.B:
            tile.opened = True
            if s._log:
                s._emit("R4.4", "stays_open", s.seat)
        s.stack.append(("arrive", pos, new, frm))
        return
    cls = obstacle.cls
    if cls is ObstacleClass.B:
        if s._log:
            s._emit("R5.2", "obstacle_b", s.seat)
        if s._log:
            s._emit("R5.4", "not_entered", s.seat)
        s._end_movement()
        return
    s.stack.append(("arrive", pos, new, frm))
    if cls is ObstacleClass.A:
        if s._log:
            s._emit("R5.1", "obstacle_a", s.seat)
        s.stack.append(("losef", 3))
    else:
        if s._log:
            s._emit("R5.3", "obstacle_c", s.seat)
    s.stack.append(("injure", "R5.5"))


def _h_room(s: State, frame: tuple[Any, ...], o: Outcome) -> None:
    assert isinstance(o, Card)
    card: RoomCard = s.deck.rooms[o.card]
    s.rooms.take(o.card)
    s.rooms.to_discard(o.card)  # R6.4: resolved room cards go to the discards
    if s._log:
        s._emit("R6.2", "room_card", s.seat, card=card.name, text=card)
    frames: list[tuple[Any, ...]] = []
    for eff in card.effects:
        if isinstance(eff, GainGold):
            frames.append(("goldf", eff.dice, "R6.2"))
        elif isinstance(eff, DrawTreasure):
            frames.extend(("treasuref",) for _ in range(eff.count))
        elif isinstance(eff, MonsterEncounter):
            frames.append(("monsterf",))
        elif isinstance(eff, Trap):
            frames.append(("trapf", eff))
    s.stack.extend(reversed(frames))


def _h_gold(s: State, frame: tuple[Any, ...], o: Outcome) -> None:
    assert isinstance(o, Roll)
    s._gain(s.figures[s.seat], o.value, frame[2])


def _h_treasure(s: State, frame: tuple[Any, ...], o: Outcome) -> None:
    assert isinstance(o, Card)
    # A lost treasure drawn again: the deck's card if the deck still has it, else its own.
    card: TreasureCard = s.deck.treasures.get(o.card) or s.lost_cards[o.card]
    s.treasures.take(o.card)
    fig = s.figures[s.seat]
    fig.treasures.append(Held(card))
    if s._log:
        s._emit("R9.3", "treasure", s.seat, True, card=card.name)


def _h_monster(s: State, frame: tuple[Any, ...], o: Outcome) -> None:
    assert isinstance(o, Card)
    card: MonsterCard = s.deck.monsters[o.card]
    s.monsters.take(o.card)
    s.monsters.to_discard(o.card)
    if s._log:
        s._emit("R6.3", "monster", s.seat, card=card.name, text=card)
    _push_choice(s, ("fight", card), tuple(opt.attr for opt in card.fight))


def _push_choice(s: State, frame: tuple[Any, ...], attrs: tuple[Attr, ...]) -> None:
    """A fight or trap: ask only when there is a real choice (R7.1)."""
    fig = s.figures[s.seat]
    s.stack.append(frame)
    if len(attrs) == 1 and not s._bonus_treasures(fig, attrs[0]):
        s.stack.pop()
        _h_choose(s, frame, Choose(attrs[0]))


def _h_froll(s: State, frame: tuple[Any, ...], o: Outcome) -> None:
    assert isinstance(o, Roll)
    _, monster, attr, value, bonus = frame
    s.stack.append(("mroll", monster, attr, value, bonus, o.value))


def _h_mroll(s: State, frame: tuple[Any, ...], o: Outcome) -> None:
    assert isinstance(o, Roll)
    _, monster, attr, value, bonus, roll = frame
    mvalue = next(opt.value for opt in monster.fight if opt.attr is attr)
    total = roll + value + bonus
    mtotal = o.value + mvalue
    roller = next(
        (q for i in range(1, s.n) if not s.figures[q := (s.seat + i) % s.n].escaped), s.seat
    )
    solo = roller == s.seat
    if s._log:
        s._emit(
            "R7.2",
            "fight",
            s.seat,
            attr=attr.value,
            attr_en=attr.en,
            value=value,
            roll=roll,
            bonus=f" + {bonus}" if bonus else "",
            total=total,
            mvalue=mvalue,
            mroll=o.value,
            mtotal=mtotal,
            roller="die Engine" if solo else f"Spieler {roller + 1}",
            roller_en="the engine" if solo else f"player {roller + 1}",
        )
    if total >= mtotal:
        if s._log:
            s._emit("R7.3", "fight_won", s.seat)
        frames: list[tuple[Any, ...]] = []
        if monster.loot_gold is not None:
            frames.append(("goldf", monster.loot_gold, "R7.3"))
        frames.extend(("treasuref",) for _ in range(monster.loot_treasures))
        s.stack.extend(reversed(frames))
    else:
        if s._log:
            s._emit("R7.3", "fight_lost", s.seat)
        s.stack.append(("losef", 3))
        s.stack.append(("injure", "R7.3"))


def _h_troll(s: State, frame: tuple[Any, ...], o: Outcome) -> None:
    assert isinstance(o, Roll)
    _, trap, attr, value, bonus, frm = frame
    total = o.value + value + bonus
    passed = total >= trap.target
    if s._log:
        s._emit(
            "R6.2",
            "test",
            s.seat,
            what="Falle",
            what_en="Trap",
            target=trap.target,
            attr=attr.value,
            attr_en=attr.en,
            value=value,
            roll=o.value,
            bonus=f" + {bonus}" if bonus else "",
            total=total,
            verdict="geschafft" if passed else "nicht geschafft",
            verdict_en="passed" if passed else "failed",
        )
    if passed:
        return
    frames: list[tuple[Any, ...]] = []
    for pen in trap.on_fail:
        if isinstance(pen, Injury):
            frames.append(("injure", "R6.2"))
        elif isinstance(pen, LoseGoldOrTreasure):
            frames.append(("losef", pen.gold))
        elif isinstance(pen, Blocked):
            frames.append(("back", frm))
    s.stack.extend(reversed(frames))


# ---- automatic frames ------------------------------------------------------------------


def _a_enter(s: State, frame: tuple[Any, ...]) -> None:
    _, pos, frm, new = frame
    tile = s.board[pos]
    obstacle = tile.card.obstacle
    if obstacle is not None and not tile.opened:
        s.stack.append(("obstacle", pos, frm, new))  # R4.2 / R4.3: try or decline
    else:
        _arrive(s, pos, new, frm)


def _a_arrive(s: State, frame: tuple[Any, ...]) -> None:
    _arrive(s, frame[1], frame[2], frame[3])


def _arrive(s: State, pos: Pos, new: bool, frm: Pos) -> None:
    fig = s.figures[s.seat]
    tile = s.board[pos]
    fig.pos = pos
    s.came_from = frm
    if s._log:
        s._emit("R3.3" if new else "R3.5", "enter", s.seat, x=pos[0], y=pos[1])
    if tile.gold:
        s._gain(fig, tile.gold, "R4.1")
        tile.gold = 0
    kind = tile.card.kind
    if kind is TileKind.EXIT and not tile.collapsed:
        fig.escaped = True
        tile.collapsed = True
        s.escape_order.append(fig.seat)
        # R9.3: treasures stay face down until the end: say coins and how many treasures.
        if s._log:
            s._emit("R1.1", "escape", s.seat, coins=fig.coins, treasures=len(fig.treasures))
        if s._log:
            s._emit("R1.2", "collapse", s.seat)
        s.stack.clear()  # the figure has left the dungeon: its turn ends
    elif kind is TileKind.ROOM:
        if tile.laid_turn == s.turn_no and new:
            s._push_draw("room", "Raumkarten", "room")  # R6.2
        else:
            if s._log:
                s._emit("R6.1", "room_empty", s.seat)


def _a_injure(s: State, frame: tuple[Any, ...]) -> None:
    fig = s.figures[s.seat]
    already = fig.injured
    fig.injuries += 1
    if s.variants.injuries_stack:
        fig.injured += 1
    else:
        fig.injured = 1  # R8.3: injuries do not stack
    if s._log:
        s._emit("R8.1", "injured", s.seat)
    if already and not s.variants.injuries_stack:
        if s._log:
            s._emit("R8.3", "no_stack", s.seat)
    if any(f[0] == "enter" for f in s.stack):
        if s._log:
            s._emit("R5.5", "movement_ends", s.seat)
    s._end_movement()


def _a_losef(s: State, frame: tuple[Any, ...]) -> None:
    fig = s.figures[s.seat]
    if fig.treasures:
        s.stack.append(("lose", frame[1]))  # R9.4: the player chooses
    else:
        s._lose_coins(fig, frame[1])


def _a_back(s: State, frame: tuple[Any, ...]) -> None:
    fig = s.figures[s.seat]
    fig.pos = frame[1]
    if s._log:
        s._emit("R6.2", "back", s.seat, x=frame[1][0], y=frame[1][1])
    s._end_movement()


def _a_goldf(s: State, frame: tuple[Any, ...]) -> None:
    dice: Dice = frame[1]
    if dice.is_constant:
        s._gain(s.figures[s.seat], dice.constant, frame[2])
    else:
        s.stack.append(("gold", dice, frame[2]))


def _a_treasuref(s: State, frame: tuple[Any, ...]) -> None:
    s._push_draw("treasure", "Schatzkarten", "treasure")


def _a_monsterf(s: State, frame: tuple[Any, ...]) -> None:
    s._push_draw("monster", "Monsterkarten", "monster")


def _a_trapf(s: State, frame: tuple[Any, ...]) -> None:
    trap: Trap = frame[1]
    if s._log:
        s._emit("R6.2", "trap", s.seat)
    # "zurück" sends the figure back to the card it came from.
    _push_choice(s, ("trap", trap, s.came_from), trap.attrs)


_HANDLERS: dict[str, Any] = {
    "turn": _h_turn,
    "place": _h_place,
    "obstacle": _h_obstacle,
    "fight": _h_choose,
    "trap": _h_choose,
    "lose": _h_lose,
    "draw": _h_draw,
    "oroll": _h_oroll,
    "room": _h_room,
    "gold": _h_gold,
    "treasure": _h_treasure,
    "monster": _h_monster,
    "froll": _h_froll,
    "mroll": _h_mroll,
    "troll": _h_troll,
}

_AUTO: dict[str, Any] = {
    "enter": _a_enter,
    "arrive": _a_arrive,
    "injure": _a_injure,
    "losef": _a_losef,
    "back": _a_back,
    "goldf": _a_goldf,
    "treasuref": _a_treasuref,
    "monsterf": _a_monsterf,
    "trapf": _a_trapf,
}

"""One simulated game, played by bots and recorded as a :class:`GameRecord`.

Games are played through the public API (``legal_actions``, ``apply``, ``roll``): chance is
resolved by the game's seeded random source, decisions by the bots (each gets its seat's
:class:`~verlies.game.PlayerView`). A game depends on its seed only.

The record holds what every metric of :mod:`verlies.sim.metrics` needs, so that the
metrics can be recomputed from raw records (and checked against the streaming sums).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from fractions import Fraction
from math import gcd
from typing import Any

from verlies.actions import Choose, ShuffleBack
from verlies.board import can_step, has_open_passage
from verlies.cards.model import Attr, MonsterCard, Obstacle, ObstacleType, Trap
from verlies.dice import beat_probability, pass_probability
from verlies.errors import VerliesError
from verlies.frames import FightChoice, LossChoice, ObstacleChoice, Placement, TrapChoice, Turn
from verlies.game import Game
from verlies.rules import mix64
from verlies.sim.bots import Bot, bot_name, make_bot
from verlies.sim.stalls import stall_of
from verlies.variants import Variants

__all__ = [
    "REASONS",
    "DECISION_KINDS",
    "DECISION_WIDTH",
    "FeelTrace",
    "TURN_WIDTH",
    "GameRecord",
    "SimulationError",
    "Tally",
    "game_seed",
    "load_deck",
    "bot_seed",
    "make_bots",
    "make_variants",
    "play_game",
    "play_record",
]

#: How a game can end (R1.3, R1.6); "timeout" is the simulations' round limit.
REASONS: tuple[str, ...] = ("escaped", "solo", "no_exit", "no_passage", "timeout")

BotSpec = str | Bot
BotsArg = BotSpec | Sequence[BotSpec] | None
DeckArg = Any  # a verlies.deck.Deck, a path to a deck file, or None for the default deck
VariantsArg = Variants | Mapping[str, bool] | Iterable[str] | None


class SimulationError(VerliesError):
    """Simulation settings that cannot work (unknown bot, wrong number of bots, ...)."""


# ---- setup helpers -------------------------------------------------------------------------


def load_deck(deck: DeckArg) -> Any:
    """None -> the default deck; a shipped edition's name (``Deck.editions()``, e.g.
    "standard-1") that is no file here -> that edition; a path -> ``Deck.load`` (raises
    DeckError); a deck as is."""
    from verlies.deck import Deck

    if deck is None:
        return Deck.default()
    if isinstance(deck, str) and deck in Deck.editions() and not os.path.exists(deck):
        return Deck.edition(deck)
    if isinstance(deck, str | os.PathLike):
        return Deck.load(deck)
    return deck


def make_variants(variants: VariantsArg) -> Variants:
    """Variants from a Variants, a ``{name: bool}`` mapping, or names to switch on."""
    if variants is None:
        return Variants()
    if isinstance(variants, Variants):
        return variants
    try:
        if isinstance(variants, Mapping):
            return Variants.from_dict(dict(variants))
        if isinstance(variants, str):
            variants = [variants]
        return Variants.from_dict(dict.fromkeys(variants, True))
    except ValueError as e:
        known = ", ".join(Variants.describe())
        raise SimulationError(f"{e} (known variants: {known})") from None


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation with ``seed`` (a 31-bit number)."""
    return mix64(seed, index) >> 33


def bot_seed(game_seed: int, seat: int) -> int:
    return mix64(game_seed ^ 0x5EED_B075, seat) >> 33


def make_bots(bots: BotsArg, players: int) -> tuple[list[Bot], list[str]]:
    """One bot per seat from names and/or callables (a single one fills every seat),
    and their names for reports."""
    if bots is None:
        specs: list[BotSpec] = ["careful"] * players
    elif isinstance(bots, str) or callable(bots):
        specs = [bots] * players
    else:
        specs = list(bots)
    if len(specs) == 1 and players > 1:
        specs = specs * players
    if len(specs) != players:
        raise SimulationError(f"{players} players need {players} bots, got {len(specs)}")
    out: list[Bot] = []
    for spec in specs:
        if isinstance(spec, str):
            try:
                out.append(make_bot(spec, 0))
            except ValueError as e:
                raise SimulationError(str(e)) from None
        elif callable(spec):
            out.append(spec)
        else:
            raise SimulationError(f"a bot is a preset name or a callable, not {spec!r}")
    return out, [bot_name(b) for b in out]


# ---- the record ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tally:
    """Tests of one kind in one game: how often tried, passed, and passes expected.

    ``key`` is ``obstacle:<type>`` (R4.2), ``trap:<room card id>`` (R6.2) or
    ``fight:<monster card id>`` (R7.2); ``expected`` sums the exact chance of success of
    every try, taken when the dice were about to be rolled (``Game.pending_context``).
    """

    key: str
    tries: int
    passes: int
    expected: Fraction

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Pickled as a call with the fields (records come back from worker processes):
        # the same in plain Python and compiled with mypyc, where the default would set
        # the frozen fields one by one and fail.
        return (Tally, (self.key, self.tries, self.passes, self.expected))


#: Numbers per turn row of a :class:`FeelTrace` before the seats' gold.
TURN_WIDTH = 6
#: Numbers per decision row of a :class:`FeelTrace`.
DECISION_WIDTH = 4


@dataclass(frozen=True, slots=True)
class FeelTrace:
    """What the game-feel figures (:mod:`verlies.sim.feel`) read, step by step, as flat
    integer rows (cheap to keep and to send back from a worker).

    ``turns``: one row of :data:`TURN_WIDTH` ``+ players`` numbers per turn start (R3.1): the
    seat to move, the steps taken before it (counted as ``GameRecord.steps``), the
    dungeon cards left (R3.2), bit masks over the seats of the figures escaped (R1.1),
    injured (R8) and ready to draw (uninjured, on a card with an open passage, cards left:
    R3.2), then each seat's gold (R9.1).
    ``decisions``: one number per decision of a player (:meth:`decision_rows` unpacks it
    into :data:`DECISION_WIDTH` numbers) (forced ones
    are not decisions): the seat, the steps taken before it, the kind of decision (an
    index into :data:`DECISION_KINDS`) and whether it was a real choice (1/0: more than
    one legal action; at a fight's or a trap's roll, R6.2, R7.1, R9.5, more than one
    exact chance of success among the options).
    ``spreads``: pairs (the decision's number in ``decisions``, how much it mattered in
    thousandths) for each decision a bot that rolls out its options
    (:class:`~verlies.sim.search.SearchBot`) took among two or more candidates: half the
    spread (largest less smallest) of the candidates' mean rollout values, which run from
    -1 (a loss) to +1 (a win), i.e. the spread on the scale of a win chance. Read from
    what the bot worked out anyway (``SearchBot.last``): it costs nothing more; other
    bots give none.
    """

    players: int
    turns: tuple[int, ...] = ()
    decisions: tuple[int, ...] = ()
    spreads: tuple[int, ...] = ()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # See Tally.__reduce__.
        return (FeelTrace, (self.players, self.turns, self.decisions, self.spreads))

    def spread_rows(self) -> list[tuple[int, float]]:
        """Each (decision number, spread as a share of a win chance) of ``spreads``."""
        sp = self.spreads
        return [(sp[i], sp[i + 1] / 1000) for i in range(0, len(sp), 2)]

    def turn_rows(self) -> list[tuple[int, ...]]:
        w = TURN_WIDTH + self.players
        t = self.turns
        return [t[i : i + w] for i in range(0, len(t), w)]

    def decision_rows(self) -> list[tuple[int, ...]]:
        """Each decision as (seat, step, kind, real); ``decisions`` packs each in one
        number: seat + 8 × kind + 64 × real + 128 × step."""
        return [(d & 7, d >> 7, (d >> 3) & 7, (d >> 6) & 1) for d in self.decisions]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What one simulated game came to (R1.3, R1.5, R1.6) and what happened on the way."""

    index: int
    seed: int
    characters: tuple[str, ...]  # per seat
    start_seat: int
    reason: str  # one of REASONS
    escaped: tuple[int, ...]  # seats in the order they escaped
    left_behind: tuple[int, ...]
    winners: tuple[int, ...]  # R1.5; several on equal gold; none on a timeout
    gold: tuple[int, ...]  # R9.1 per seat at the end
    rounds: int
    turns: int
    # every applied step: decisions and chance outcomes; not the forced decisions kept
    # for the game's shape (Game.forced_action), so the figure is what it was before them
    steps: int
    decisions: int  # the players' decisions only
    shuffle_backs: tuple[int, ...]  # R1.4 per seat
    injuries: tuple[int, ...]  # R8.1 per seat
    tests: tuple[Tally, ...] = ()  # sorted by key
    rooms: tuple[tuple[str, int], ...] = ()  # room card id -> times drawn (R6.2)
    treasures: int = 0  # treasure cards drawn (R9.3)
    lead_changes: int = 0  # how often the sole gold leader changed (at turn ends)
    # The round at whose start the game was first stalled (verlies.sim.stalls), None if
    # it never was. Only a timeout can have stalled: the check runs for those only.
    stalled: int | None = None
    # Which cards each seat drew: ``pile:card id`` (dungeon, room, monster, treasure) and
    # the times per seat (R3.1, R6.2, R6.3, R9.3); sorted by key. For the per-card impact
    # (verlies.sim.impact); not in to_dict, so the records' JSON reads as it always did.
    met: tuple[tuple[str, tuple[int, ...]], ...] = ()
    # Turn by turn standings and the decisions (verlies.sim.feel); not in to_dict either.
    feel: FeelTrace | None = None

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # See Tally.__reduce__: the fields in order, as a call.
        return (GameRecord, tuple(getattr(self, f.name) for f in fields(self)))

    @property
    def players(self) -> int:
        return len(self.characters)

    @property
    def timeout(self) -> bool:
        return self.reason == "timeout"

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["tests"] = [
            {"key": t.key, "tries": t.tries, "passes": t.passes, "expected": str(t.expected)}
            for t in self.tests
        ]
        data["rooms"] = dict(self.rooms)
        del data["met"]
        del data["feel"]
        if self.stalled is None:
            # Present for a stalled game only: every other record reads as it always did.
            del data["stalled"]
        return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}


# ---- one game ------------------------------------------------------------------------------


def play_game(
    bots: Sequence[Bot],
    *,
    seed: int = 0,
    deck: DeckArg = None,
    variants: VariantsArg = None,
    round_limit: int | None = 300,
    characters: Sequence[str] | None = None,
    start_seat: int = 0,
    index: int = 0,
    reseed: bool = True,
    log: bool = True,
    feel: bool = True,
) -> tuple[Game, GameRecord]:
    """Play one game with one bot per seat; returns the finished game and its record.

    With ``reseed`` every bot that has ``reseed(seed)`` is reseeded from the game seed and
    its seat first, so that the game depends on ``seed`` only. ``log=False`` keeps no event
    log (what the lab does): the same game, faster. ``feel=False`` keeps no
    :class:`FeelTrace` (the same game and record otherwise).
    """
    players = len(bots)
    game = Game.new(
        players=players,
        characters=characters,
        seed=seed,
        deck=load_deck(deck),
        variants=make_variants(variants),
        start_seat=start_seat,
        round_limit=round_limit,
        log=log,
    )
    if reseed:
        for seat, bot in enumerate(bots):
            re = getattr(bot, "reseed", None)
            if callable(re):
                re(bot_seed(seed, seat))
    return game, play_record(game, bots, index, feel=feel)


def play_record(  # long because: the lab's inner loop, its lookups bound once, not per call
    game: Game,
    bots: Sequence[Bot],
    index: int,
    feel: bool = True,
) -> GameRecord:
    """Play ``game`` to its end with ``bots`` through the public API, counting what the
    rules report to a :class:`_Tallies` observer; with ``feel`` also the turn by turn
    standings and the decisions (:class:`FeelTrace`). The trace only reads the game: the
    game and the rest of the record are the same without it."""
    players = game.players
    state = game.state  # read, never written: the loop's questions without a call each
    figures = state.figures
    views = [game.view(s) for s in range(players)]
    watch = _Tallies(players)
    game.observe(watch)
    shuffles = [0] * players
    decisions = 0
    forced = 0
    first_step = game.step_count
    last_seat = -1
    leader = -1
    lead_changes = 0
    roll = game.roll
    apply = game.apply
    turns: list[int] | None = [] if feel else None
    choices: list[int] = []
    spreads: list[int] = []
    # Per seat: a bot whose options' values the trace reads; empty if none does (one test
    # per decision then). A search bot exists only once its module is imported: asked
    # without importing it.
    rolls_out: list[bool] = []
    search = sys.modules.get("verlies.sim.search") if feel else None
    if search is not None and any(isinstance(b, search.SearchBot) for b in bots):
        rolls_out = [isinstance(b, search.SearchBot) for b in bots]
    turn_seen = -1
    cache = state.cache
    # The trace's steps: those applied in this game but the forced decisions, which is
    # what the table counts (Table.steps: every applied step but a forced one).
    steps0 = state.steps
    add_choice = choices.append
    kind_of = _KIND_OF
    row_golds: tuple[int, ...] = ()  # the seats' gold at the last turn row
    golds_seen = -1  # cache.gold_changes when ``row_golds`` was read
    try:
        while True:
            if state.at_chance:
                roll()
                continue
            if state.over:
                break
            seat = state.seat  # the player to decide
            if turns is not None and state.turn_no != turn_seen:  # a turn starts (R3.1)
                turn_seen = state.turn_no
                if cache.gold_changes != golds_seen:  # else nobody's gold moved (R9.1)
                    golds_seen = cache.gold_changes
                    # Figure.gold's sum only for a figure holding treasures
                    row_golds = tuple([f.gold if f.treasures else f.coins for f in figures])
                turns += _standings(state, seat, state.steps - steps0)
                turns += row_golds
            if seat != last_seat:  # a new turn: who leads on gold now?
                last_seat = seat
                # No gold moved since last compared: the same leader (R9.1).
                if watch.gold_moved:
                    watch.gold_moved = False
                    # R9.1; Figure.gold's sum only for a figure holding treasures
                    golds = [f.gold if f.treasures else f.coins for f in figures]
                    best = max(golds)
                    if best > 0 and golds.count(best) == 1:
                        now = golds.index(best)
                        if leader >= 0 and now != leader:
                            lead_changes += 1
                        leader = now
            forced_action = state.forced_action()  # what game.forced_action says
            if forced_action is not None:
                # Kept for the game's shape only: taken for the seat, not counted.
                apply(forced_action)
                forced += 1
                continue
            action = bots[seat](views[seat])
            if type(action) is ShuffleBack:
                shuffles[seat] += 1
            if turns is not None:  # the decision, packed in one number (FeelTrace)
                kind = kind_of[type(state.stack[-1])]  # the kind's bits: 8 x kind
                legal = cache.legal
                if legal is None and not kind and not figures[seat].injured:
                    # A draw chosen without working out the walks (R3.2): a choice if a
                    # walk exists (R3.5), as _real_choice says, without the call.
                    pos = figures[seat].pos
                    near = cache.steps.get(pos)  # the rules' own, if worked out
                    real = 64 if (can_step(state.board, pos) if near is None else near) else 0
                elif legal is None or type(legal[0]) is Choose:
                    real = 64 if _real_choice(game, seat, legal) else 0
                else:
                    real = 64 if len(legal) > 1 else 0
                if rolls_out and rolls_out[seat]:
                    values = [v for _, v in bots[seat].last]  # type: ignore[attr-defined]
                    if len(values) > 1:
                        spreads += (len(choices), round((max(values) - min(values)) * 500))
                # seat + 8 x kind + 64 x real + 128 x step: + and * (the bits apart), which
                # the interpreter specialises for ints (| and << it does not)
                add_choice((state.steps - steps0) * 128 + seat + kind + real)
            apply(action)
            decisions += 1
    finally:
        game.observe(None)
    result = game.result
    assert result is not None
    stalled = None
    if result.reason == "timeout":  # a stall ends only by the round limit
        stall = stall_of(game)
        stalled = None if stall is None else stall.round
    tests = watch.tests
    return GameRecord(
        index=index,
        seed=game.setup.seed,
        characters=tuple(game.setup.characters),
        start_seat=game.setup.start_seat,
        reason=result.reason,
        escaped=result.escaped,
        left_behind=result.left_behind,
        winners=result.winners,
        gold=result.gold,
        rounds=result.rounds,
        # turn_no counts from 0; a timeout has counted the turn it then never began (R1.6)
        turns=state.turn_no + (0 if result.reason == "timeout" else 1),
        steps=game.step_count - first_step - forced,
        decisions=decisions,
        shuffle_backs=tuple(shuffles),
        injuries=tuple(f.injuries for f in figures),
        tests=tuple(Tally(k, v[0], v[1], _expected(v)) for k, v in sorted(tests.items())),
        rooms=tuple(sorted(watch.rooms.items())),
        treasures=watch.treasures,
        lead_changes=lead_changes,
        stalled=stalled,
        met=tuple((k, tuple(v)) for k, v in sorted(watch.met.items())),
        feel=None
        if turns is None
        else FeelTrace(players, tuple(turns), tuple(choices), tuple(spreads)),
    )


def _standings(state: Any, seat: int, step: int) -> tuple[int, ...]:
    """A turn row of :class:`FeelTrace` up to the gold (the loop adds the gold, read again
    only after it moved): who moves, when, the cards left, who escaped, is injured, is
    ready to draw."""
    is_open = state.cache.open  # the table's cache of has_open_passage by position
    left = state.dungeon.total
    escaped = injured = ready = 0
    bit = 1
    for f in state.figures:
        if f.escaped:
            escaped |= bit
        elif f.injured:
            injured |= bit
        elif left:
            pos = f.pos
            can = is_open.get(pos)
            if can is None:  # kept as the rules keep it (legal.can_draw): a cache only
                can = is_open[pos] = has_open_passage(state.board, pos)
            if can:
                ready |= bit
        bit <<= 1
    return (seat, step, left, escaped, injured, ready)


#: The kinds of decision a :class:`FeelTrace` row names, by the index it holds.
DECISION_KINDS: tuple[str, ...] = ("turn", "place", "obstacle", "fight", "trap", "lose")
#: By frame type the bits of its kind in a packed decision: 8 × the index.
_KIND_OF = {
    Turn: 0,
    Placement: 8,
    ObstacleChoice: 16,
    FightChoice: 24,
    TrapChoice: 32,
    LossChoice: 40,
}


def _real_choice(game: Game, seat: int, legal: Any) -> bool:
    """Whether a decision is a real choice (see :class:`FeelTrace`) where the loop cannot
    tell from the legal actions it already has. A draw chosen without working out the
    walks (R3.2): a choice if any walk exists (R3.5), i.e. a neighbouring card the figure
    can step onto. At a roll with several ways to roll (R7.1, R6.2, R9.5) the options are
    compared by their exact chances of success."""
    state = game.state
    if legal is None and type(state.stack[-1]) is Turn and not state.figures[seat].injured:
        pos = state.figures[seat].pos
        near = state.cache.steps.get(pos)  # the rules' own (legal._walks), if worked out
        return can_step(state.board, pos) if near is None else bool(near)
    if legal is None:
        legal = game.legal_actions()
    if len(legal) < 2:
        return False
    if type(legal[0]) is not Choose:
        return True
    # A fight's or a trap's roll: each option's exact chance from the rules' own odds
    # (Game.odds, R6.2, R7.2, R9.5), no copy of the game; the first two that differ
    # settle it.
    odds = game.odds
    first = odds(legal[0])
    for action in legal[1:]:
        other = odds(action)
        if other is first:  # the rules' chances are shared values: often the same one
            continue
        if other is None or first is None:
            return True
        # Fractions in lowest terms: equal when their parts are (Fraction's == asks an
        # abstract base class first)
        if other.numerator != first.numerator or other.denominator != first.denominator:
            return True
    return False


class _Tallies:
    """The observer (:class:`verlies.observe.Observer`) a simulated game is counted by:
    every test with its exact chance, taken from the values the rules rolled against,
    and whether it passed as the rules decided it."""

    __slots__ = ("gold_moved", "last_room", "met", "players", "rooms", "tests", "treasures")

    def __init__(self, players: int) -> None:
        self.tests: dict[str, list[int]] = {}  # key -> [tries, passes, expected n, d]
        self.rooms: dict[str, int] = {}
        self.met: dict[str, list[int]] = {}
        self.players = players
        self.treasures = 0
        self.last_room = "?"
        self.gold_moved = True  # compare the gold at the first turn

    def test(
        self,
        seat: int,
        subject: Obstacle | Trap,
        value: int,
        bonus: int,
        roll: int,
        target: int,
        passed: bool,
    ) -> None:
        # R4.2 / R6.2: a trap is known by the room card it is on (drawn just before).
        if isinstance(subject, Obstacle):
            key = _OBSTACLE_KEYS.get(subject.type)
            if key is None:
                key = _OBSTACLE_KEYS[subject.type] = f"obstacle:{subject.type.value}"
        else:
            key = "trap:" + self.last_room
        _tally(self.tests, key, pass_probability(value, target, bonus), passed)

    def fight(
        self,
        seat: int,
        monster: MonsterCard,
        attr: Attr,
        value: int,
        bonus: int,
        roll: int,
        monster_value: int,
        monster_roll: int,
        won: bool,
    ) -> None:
        chance = beat_probability(value, monster_value, bonus)  # before either die (R7.2)
        _tally(self.tests, "fight:" + monster.id, chance, won)

    def injured(self, seat: int, rule: str) -> None:
        return None  # the figures count their injuries (Figure.injuries, R8.1)

    def gold(self, seat: int) -> None:
        self.gold_moved = True

    def drew(self, seat: int, pile: str, card: str) -> None:
        key = pile + ":" + card
        row = self.met.get(key)
        if row is None:
            row = self.met[key] = [0] * self.players
        row[seat] += 1
        if pile == "room":
            self.last_room = card
            self.rooms[card] = self.rooms.get(card, 0) + 1
        elif pile == "treasure":
            self.treasures += 1


_OBSTACLE_KEYS: dict[ObstacleType, str] = {}


def _tally(tests: dict[str, list[int]], key: str, chance: Fraction, passed: int) -> None:
    """Count a try: [tries, passes, the chances' sum as numerator, denominator]. Summed
    in integers over a common denominator (exact, as a Fraction sum is; ``_expected``
    makes the Fraction once), not as a new Fraction per try."""
    n, d = chance.numerator, chance.denominator
    row = tests.get(key)
    if row is None:
        tests[key] = [1, int(passed), n, d]
        return
    row[0] += 1
    row[1] += passed
    den = row[3]
    if d == den:
        row[2] += n
    else:
        common = den * d // gcd(den, d)
        row[2] = row[2] * (common // den) + n * (common // d)
        row[3] = common


def _expected(row: list[int]) -> Fraction:
    """The sum of a tally row's chances (see ``_tally``)."""
    return Fraction(row[2], row[3])

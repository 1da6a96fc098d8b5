"""One simulated game, played by bots and recorded as a :class:`GameRecord`.

Games are played through the public API (``legal_actions``, ``apply``, ``roll``): chance is
resolved by the game's seeded random source, decisions by the bots (each gets its seat's
:class:`~verlies.game.PlayerView`). A game depends on its seed only.

The record holds what every metric of :mod:`verlies.sim.metrics` needs, so that the
metrics can be recomputed from raw records (and checked against the streaming sums).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from fractions import Fraction
from math import gcd
from typing import Any, TypeVar

from verlies.actions import Roll, ShuffleBack
from verlies.dice import pass_probability
from verlies.errors import VerliesError
from verlies.frames import (
    DungeonDraw,
    FightChoice,
    FightRoll,
    MonsterDraw,
    MonsterRoll,
    ObstacleRoll,
    RoomDraw,
    TrapChoice,
    TrapRoll,
    TreasureDraw,
)
from verlies.game import Game
from verlies.legal import sample_outcome
from verlies.rules import mix64
from verlies.sim.bots import Bot, bot_name, make_bot
from verlies.sim.stalls import stall_of
from verlies.variants import Variants
from verlies.views import monster_value, pending_of

__all__ = [
    "REASONS",
    "GameRecord",
    "SimulationError",
    "Tally",
    "game_seed",
    "load_deck",
    "make_bots",
    "make_variants",
    "play_game",
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


def _bot_seed(game_seed: int, seat: int) -> int:
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
        if self.stalled is None:
            # Present for a stalled game only: every other record reads as it always did.
            del data["stalled"]
        return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}


# ---- one game ------------------------------------------------------------------------------


# The chance frames whose outcome the loop tallies (the rest are only taken).
_TALLIED: frozenset[type[Any]] = frozenset(
    {
        ObstacleRoll,
        TrapRoll,
        FightRoll,
        MonsterRoll,
        RoomDraw,
        TreasureDraw,
        DungeonDraw,
        MonsterDraw,
    }
)
# The pile each drawing frame draws from (GameRecord.met's keys).
_PILE: dict[type[Any], str] = {
    DungeonDraw: "dungeon:",
    RoomDraw: "room:",
    MonsterDraw: "monster:",
    TreasureDraw: "treasure:",
}


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
) -> tuple[Game, GameRecord]:
    """Play one game with one bot per seat; returns the finished game and its record.

    With ``reseed`` every bot that has ``reseed(seed)`` is reseeded from the game seed and
    its seat first, so that the game depends on ``seed`` only. ``log=False`` keeps no event
    log (what the lab does): the same game, faster.
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
                re(_bot_seed(seed, seat))
    return game, _play(game, bots, index)


def _play(game: Game, bots: Sequence[Bot], index: int) -> GameRecord:
    players = game.players
    state = game.state
    figures = state.figures
    views = [game.view(s) for s in range(players)]
    shuffles = [0] * players
    tests: dict[str, list[Any]] = {}  # key -> [tries, passes, expected]
    rooms: dict[str, int] = {}
    met: dict[str, list[int]] = {}
    treasures = 0
    decisions = 0
    forced = 0
    first_step = game._cursor  # every step is taken by _take, which counts it
    last_room = "?"
    fight_key = ""
    last_seat = -1
    gold_seen = -1  # state.gold_changes when the gold was last compared
    leader = -1
    lead_changes = 0
    stack = state.stack
    # Game.roll() is _take(sample(state)): the loop samples the outcome itself
    # (it tallies it) and hands it to _take, as roll would, without sampling it again.
    take = game._take
    sample = sample_outcome  # what state.sample_outcome() calls
    # The game's state read directly (not through Game's properties): a step per loop.
    while not state.over:
        if state.at_chance:
            frame = stack[-1]
            frame_type = type(frame)  # the frame's kind without the ``kind`` property
            if frame_type not in _TALLIED:
                take(sample(state))  # game.roll() without its checks
            elif frame_type is ObstacleRoll:
                # R4.2, read from the frame as pending_of reads it; what a try at one
                # obstacle by one character with one bonus comes to is worked out once.
                assert isinstance(frame, ObstacleRoll)
                seat = state.seat
                bonus = frame.bonus
                obstacle = state.board[frame.pos].card.obstacle
                character = figures[seat].character
                odds_key = (id(obstacle), id(character), bonus)
                odds = _OBSTACLE_ODDS.get(odds_key)
                if odds is None:
                    odds = _obstacle_odds(state, obstacle, character, odds_key)
                outcome = sample(state)  # what game.roll() would take
                assert isinstance(outcome, Roll)
                _tally(tests, odds[0], odds[1], outcome.value + odds[2] >= odds[3])
                take(outcome)  # what game.roll() takes: sampled once, known to be possible
            elif frame_type is TrapRoll:
                # R6.2: a trap's test, its values on the frame (as pending_of reads them).
                trap_frame = frame
                assert isinstance(trap_frame, TrapRoll)
                outcome = sample(state)
                assert isinstance(outcome, Roll)
                vb = trap_frame.value + trap_frame.bonus
                target = trap_frame.trap.target
                chance = pass_probability(trap_frame.value, target, trap_frame.bonus)
                _tally(tests, f"trap:{last_room}", chance, outcome.value + vb >= target)
                take(outcome)
            elif frame_type is FightRoll:
                # R7.2: the try is counted here with its chance; won or lost at MonsterRoll.
                assert isinstance(frame, FightRoll)
                fight_odds_key = (id(frame.monster), frame.attr, frame.value, frame.bonus)
                fight = _FIGHT_ODDS.get(fight_odds_key)
                if fight is None:
                    fight = _fight_odds(state, fight_odds_key)
                fight_key = fight[0]
                _tally(tests, fight_key, fight[1], 0)
                take(sample(state))
            elif frame_type is MonsterRoll:
                # R7.2: won if the adventurer's total reaches the monster's roll plus its
                # value (pending_of's roll, value, bonus and target).
                assert isinstance(frame, MonsterRoll)
                mvalue_key = (id(frame.monster), frame.attr)
                mvalue = _MONSTER_VALUE.get(mvalue_key)
                if mvalue is None:
                    mvalue = _monster_value(frame.monster, frame.attr, mvalue_key)
                outcome = sample(state)
                assert isinstance(outcome, Roll)
                won = frame.roll + frame.value + frame.bonus >= outcome.value + mvalue[0]
                tests[fight_key][1] += won
                take(outcome)
            else:  # a dungeon, room, monster or treasure card drawn
                outcome = sample(state)
                drawn: str = outcome.card  # type: ignore[union-attr]
                key = _PILE[frame_type] + drawn
                row = met.get(key)
                if row is None:
                    row = met[key] = [0] * players
                row[state.seat] += 1
                if frame_type is RoomDraw:
                    last_room = drawn
                    rooms[last_room] = rooms.get(last_room, 0) + 1
                elif frame_type is TreasureDraw:
                    treasures += 1
                take(outcome)  # a sampled outcome is always possible: no legality check
        else:
            seat = state.seat  # the player to decide (no chance point, not over)
            if seat != last_seat:  # a new turn: who leads on gold now?
                last_seat = seat
                # The same gold as when last compared: the same leader (R9.1).
                if state.gold_changes != gold_seen:
                    gold_seen = state.gold_changes
                    if treasures:
                        golds = [f.gold if f.treasures else f.coins for f in figures]  # R9.1
                    else:  # no treasure card drawn yet: nobody holds one, gold is coins
                        golds = [f.coins for f in figures]
                    best = max(golds)
                    if best > 0 and golds.count(best) == 1:
                        now = golds.index(best)
                        if leader >= 0 and now != leader:
                            lead_changes += 1
                        leader = now
            top = type(stack[-1])
            if top is FightChoice or top is TrapChoice:
                forced_action = state.forced_action()
                if forced_action is not None:
                    # Kept for the game's shape only: taken for the seat, not counted.
                    take(forced_action)
                    forced += 1
                    continue
            action = bots[seat](views[seat])
            if type(action) is ShuffleBack:
                shuffles[seat] += 1
            game.apply(action)
            decisions += 1
    result = game.result
    assert result is not None
    stalled = None
    if result.reason == "timeout":  # a stall ends only by the round limit
        stall = stall_of(game)
        stalled = None if stall is None else stall.round
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
        steps=game._cursor - first_step - forced,
        decisions=decisions,
        shuffle_backs=tuple(shuffles),
        injuries=tuple(f.injuries for f in figures),
        tests=tuple(Tally(k, v[0], v[1], _expected(v)) for k, v in sorted(tests.items())),
        rooms=tuple(sorted(rooms.items())),
        treasures=treasures,
        lead_changes=lead_changes,
        stalled=stalled,
        met=tuple((k, tuple(v)) for k, v in sorted(met.items())),
    )


# What a try at an obstacle comes to, by (the obstacle, the character, the bonus) as ids:
# (tally key, chance, value + bonus, target, the obstacle, the character). The entry
# holds the obstacle and the character, so their ids are not reused while it is kept.
_OBSTACLE_ODDS: dict[tuple[int, int, int], tuple[str, Fraction, int, int, Any, Any]] = {}
_T = TypeVar("_T")
_ODDS_MAX = 4096  # entries per table, then started afresh (many decks in one process)


def _kept(table: dict[Any, Any], key: Any, entry: _T) -> _T:
    """``entry`` put into one of the loop's odds tables under ``key`` (kept bounded)."""
    if len(table) >= _ODDS_MAX:
        table.clear()
    table[key] = entry
    return entry


def _obstacle_odds(
    state: Any, obstacle: Any, character: Any, odds_key: tuple[int, int, int]
) -> tuple[str, Fraction, int, int, Any, Any]:
    """An ``_OBSTACLE_ODDS`` entry from what ``pending_of`` says about the obstacle roll
    on top of ``state``'s stack (the game's own view of the try: R4.2)."""
    ctx = pending_of(state)
    assert ctx.obstacle is not None and ctx.obstacle is obstacle and ctx.chance is not None
    odds = (
        f"obstacle:{ctx.obstacle.type.value}",
        ctx.chance,
        (ctx.value or 0) + ctx.bonus,
        ctx.target or 0,
        obstacle,
        character,
    )
    return _kept(_OBSTACLE_ODDS, odds_key, odds)


# A fight's try by (the monster as id, attribute, value, bonus): (tally key, chance, the
# monster kept so that its id is not reused); the monster's value by (id, attribute).
_FIGHT_ODDS: dict[tuple[int, Any, int, int], tuple[str, Fraction, Any]] = {}
_MONSTER_VALUE: dict[tuple[int, Any], tuple[int, Any]] = {}


def _fight_odds(state: Any, odds_key: tuple[int, Any, int, int]) -> tuple[str, Fraction, Any]:
    """A ``_FIGHT_ODDS`` entry from what ``pending_of`` says about the fight roll on top
    of ``state``'s stack (R7.2)."""
    ctx = pending_of(state)
    assert ctx.monster is not None and ctx.chance is not None
    return _kept(_FIGHT_ODDS, odds_key, (f"fight:{ctx.monster.id}", ctx.chance, ctx.monster))


def _monster_value(monster: Any, attr: Any, key: tuple[int, Any]) -> tuple[int, Any]:
    return _kept(_MONSTER_VALUE, key, (monster_value(monster, attr), monster))


def _tally(tests: dict[str, list[Any]], key: str, chance: Fraction, passed: int) -> None:
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


def _expected(row: list[Any]) -> Fraction:
    """The sum of a tally row's chances (see ``_tally``)."""
    return Fraction(row[2], row[3])

"""What may happen now: the legal actions of a decision and the outcomes of a chance point.

Functions of a :class:`~verlies.state.Table` that change nothing but its caches; the rule
that forbids an action, for ``IllegalAction``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeAlias, cast

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
    describe,
)
from verlies.board import (
    DELTA,
    OPPOSITE,
    Pos,
    has_open_passage,
    neighbours,
    open_sides,
    rotations_with,
)
from verlies.cards.model import Attr, DungeonCard, Heal, TileKind
from verlies.errors import Phrase
from verlies.frames import (
    CHANCE_KINDS,
    CHANCES,
    DIE_ROLLS,
    FightChoice,
    Frame,
    GoldRoll,
    LossChoice,
    ObstacleChoice,
    Placement,
    TrapChoice,
    Turn,
)
from verlies.state import Figure, Table, mix64

_DRAW = Draw()
_RECOVER = Recover()
_TRY_OR_DECLINE = LegalActions((Attempt(), Decline()))  # an obstacle without a bonus treasure
_CARDS: dict[str, Card] = {}  # outcome values are immutable: share them
_W6_OUTCOMES = tuple((Roll(v), Fraction(1, 6)) for v in (1, 2, 3, 4, 5, 6))
_ROLLS = {v: Roll(v) for v in range(-50, 200)}
_new = tuple.__new__  # NamedTuple values from all their fields, kind tag included


def compute_legal(s: Table) -> Sequence[Action | Outcome]:
    """The legal actions now (a list or a shared ``LegalActions``); the table's cache keeps
    them (``rules.legal_actions``)."""
    if s.over:
        return ()
    frame = s.stack[-1]
    kind = type(frame)
    fig = s.figures[s.seat]
    if kind is Turn:
        if fig.injured:
            return turn_actions(s, fig)
        # An uninjured figure's choices depend only on its card, the board and whether
        # the deck has cards: kept until a card is laid near it (see TableCache.invalidate).
        key = (fig.pos, s.dungeon.total > 0)
        turns = s.cache.turns
        legal = turns.get(key)
        if legal is None:
            legal = turns[key] = LegalActions(turn_actions(s, fig))
        return legal
    if kind in CHANCES:
        return [o for o, _ in chance_outcomes(s)]
    if isinstance(frame, Placement):
        return placements(s, frame.card)
    if isinstance(frame, ObstacleChoice):
        obstacle = s.board[frame.pos].card.obstacle
        assert obstacle is not None
        bonus = s.bonus_treasures(fig, obstacle.attr)
        if not bonus:
            return _TRY_OR_DECLINE
        acts: list[Action] = [Attempt()]
        acts.extend(Attempt(tid) for tid in bonus)
        acts.append(Decline())
        return acts
    if isinstance(frame, FightChoice):
        return _choices(s, fig, tuple(o.attr for o in frame.monster.fight))
    if isinstance(frame, TrapChoice):
        return _choices(s, fig, frame.trap.attrs)
    if isinstance(frame, LossChoice):
        acts = [LoseGold()]
        seen: set[str] = set()
        for h in fig.treasures:
            if h.card.id not in seen:
                seen.add(h.card.id)
                acts.append(LoseTreasure(h.card.id))
        return acts
    raise AssertionError(f"no decision at frame {frame.kind}")  # pragma: no cover


def turn_actions(s: Table, fig: Figure) -> list[Action]:
    """R3.1: draw, walk or wait; recover (or heal) when injured."""
    if fig.injured:
        # R8.2: the whole turn is spent recovering (a heal treasure saves it, R9.5).
        acts: list[Action] = [_RECOVER]
        seen: set[str] = set()
        for h in fig.treasures:
            if not h.used and isinstance(h.card.magic, Heal) and h.card.id not in seen:
                seen.add(h.card.id)
                acts.append(UseHeal(h.card.id))
        return acts
    acts = []
    pos = fig.pos
    if _draw_ok(s, pos):
        acts.append(_DRAW)
    kept = s.cache.walks
    walks = kept.get(pos)
    if walks is None:
        # Walk(p), made without NamedTuple's keyword-handling __new__ (the same value).
        walks = kept[pos] = [_new(Walk, (p, "walk")) for p in _walks(s, pos)]
    acts.extend(walks)
    if not acts:
        acts.append(Wait())  # R3.5 [decision]
    return acts


def _draw_ok(s: Table, pos: Pos) -> bool:
    """R3.2: drawing needs an open passage on the figure's card and cards in the deck."""
    kept = s.cache.open
    can_open = kept.get(pos)
    if can_open is None:
        can_open = kept[pos] = has_open_passage(s.board, pos)
    return can_open and s.dungeon.total > 0


def can_draw(s: Table) -> bool:
    """Is drawing (R3.1, R3.2) one of the legal actions now? Without working them out:
    a turn (no chance point, not over), the figure not injured (R8.2), and ``_draw_ok``."""
    if s.over or s.at_chance or type(s.stack[-1]) is not Turn:
        return False
    fig = s.figures[s.seat]
    if fig.injured or not s.dungeon.total:
        return False
    pos = fig.pos  # _draw_ok inline: bots ask at every decision
    kept = s.cache.open
    can_open = kept.get(pos)
    if can_open is None:
        can_open = kept[pos] = has_open_passage(s.board, pos)
    return can_open


def _walks(s: Table, pos: Pos) -> list[tuple[Pos, ...]]:
    """R3.5: every walk from ``pos``, shortest first, each step in the order N, E, S, W."""
    board = s.board
    steps = s.cache.steps
    near = steps.get(pos)
    if near is None:
        near = steps[pos] = neighbours(board, pos)
    paths: list[tuple[Pos, ...]] = [(q,) for q in near]  # a neighbour is never pos itself
    frontier = paths
    for _ in range(1, s.max_walk):
        nxt: list[tuple[Pos, ...]] = []
        for walk in frontier:
            end = walk[-1]
            near = steps.get(end)
            if near is None:
                near = steps[end] = neighbours(board, end)
            for q in near:
                if q == pos or q in walk:
                    continue  # no loops back over the walk (and not back to the start)
                nxt.append(walk + (q,))
        paths.extend(nxt)
        frontier = nxt
    return paths


def placements(s: Table, card: DungeonCard) -> list[Action]:
    """R3.2: every empty cell next to an open passage, every rotation meeting it."""
    fig = s.figures[s.seat]
    x, y = fig.pos
    acts: list[Action] = []
    base = card.mask
    for side in open_sides(s.board, fig.pos):
        dx, dy = DELTA[side]
        for mask in rotations_with(base, OPPOSITE[side]):
            acts.append(_new(Place, (x + dx, y + dy, mask, "place")))  # Place(x, y, mask)
    if card.kind is TileKind.EXIT:
        acts.append(ShuffleBack())  # R1.4
    return acts


def _choices(s: Table, fig: Figure, attrs: tuple[Attr, ...]) -> list[Action]:
    acts: list[Action] = []
    for a in attrs:
        acts.append(Choose(a))
        acts.extend(Choose(a, tid) for tid in s.bonus_treasures(fig, a))
    return acts


# ---- chance ----------------------------------------------------------------------------


def chance_outcomes(s: Table) -> list[tuple[Outcome, Fraction]]:
    """At a chance point: every outcome with its exact probability."""
    frame = s.stack[-1]
    if type(frame) in DIE_ROLLS:
        return list(_W6_OUTCOMES)
    if isinstance(frame, GoldRoll):
        return [(_ROLLS.get(v) or Roll(v), p) for v, p in frame.dice.distribution().items()]
    return [(Card(cid), p) for cid, p in s.pile_of(frame).outcomes()]


def possible(s: Table, frame: Frame, step: object) -> bool:
    """Is ``step`` a possible outcome of the chance point ``frame``? (no Fractions)"""
    if type(step) is Roll:
        if type(step.value) is not int:
            return False
        if isinstance(frame, GoldRoll):
            return step.value in frame.dice.distribution()
        return type(frame) in DIE_ROLLS and 1 <= step.value <= 6
    if (
        type(step) is Card
        and type(step.card) is str
        and type(frame) not in DIE_ROLLS
        and not isinstance(frame, GoldRoll)
    ):
        pile = s.pile_of(frame)
        if pile.total == 0:
            return bool(pile.bottom) and step.card == pile.bottom[0]
        return pile.counts.get(step.card, 0) > 0
    return False


def sample_outcome(s: Table, r: int | None = None) -> Outcome:
    """The outcome the seeded random source gives at this chance point; or, given a
    64-bit random number ``r`` from an outside source, the outcome ``r`` picks."""
    if r is None:
        r = mix64(s.seed, s.steps)
    frame = s.stack[-1]
    if type(frame) in DIE_ROLLS:
        return _ROLLS[1 + r % 6]
    if isinstance(frame, GoldRoll):
        dice = frame.dice
        total = dice.constant
        for _ in range(dice.w6):
            total += 1 + r % 6
            r //= 6
        for _ in range(dice.w3):
            total += (2 + r % 6) // 2
            r //= 6
        return _ROLLS.get(total) or Roll(total)
    cid = s.pile_of(frame).sample(r)
    card = _CARDS.get(cid)
    if card is None:
        card = _CARDS[cid] = Card(cid)
    return card


# ---- why not ---------------------------------------------------------------------------


def same_types(a: tuple[object, ...], b: object) -> bool:
    """Equal by value is not enough: Place(0.0, ...) or a bare tuple must not pass."""
    if type(a) is not type(b):
        return False
    assert isinstance(b, tuple)  # of a's type
    return all(
        type(x) is type(y) and (not isinstance(x, tuple) or same_types(x, y))
        for x, y in zip(a, b, strict=True)
    )


#: Whatever a caller hands in as a step, to be judged (a module name: compiled with mypyc,
#: a dataclass field's annotation is looked up among the module's names, not builtins).
Judged: TypeAlias = object


@dataclass(frozen=True, slots=True)
class ActionName:
    """An action inside an error message, named in the language the message is shown in."""

    step: Judged

    def text(self, lang: str) -> str:
        try:
            # whatever the step is: one that is no action fails here and is repr'd
            return str(describe(cast("Action | Outcome", self.step), lang))
        except Exception:  # a malformed action cannot even say what it is
            return repr(self.step)[:200]


def why_illegal(  # long because: a flat table, one rule per frame kind and step
    s: Table,
    frame: Frame,
    step: object,
) -> tuple[str, Phrase]:
    """The rule that forbids ``step`` here, and why in words, for IllegalAction."""
    label = ActionName(step)
    if type(frame) in CHANCES:
        if isinstance(step, Roll | Card):
            rule = "RW.1" if isinstance(step, Roll) else "R2.3"
            return rule, Phrase.of("engine.err.not_an_outcome", label=label)
        # the chance in words, not the frame's id ("oroll"), which no player knows
        pending = Phrase.of(f"step.chance.{CHANCE_KINDS[type(frame)]}")
        return "R3.4", Phrase.of("engine.err.chance_pending", kind=pending, label=label)
    if isinstance(step, Roll | Card):
        return "R3.4", Phrase.of("engine.err.no_chance", seat=s.seat + 1)
    if isinstance(frame, Turn):
        fig = s.figure
        if fig.injured:
            return "R8.2", Phrase.of("engine.err.injured", seat=s.seat + 1)
        if isinstance(step, Draw):
            if not s.dungeon.total:
                return "R3.2", Phrase.of("engine.err.deck_empty")
            return "R3.2", Phrase.of("engine.err.no_open_passage")
        if isinstance(step, Walk):
            return "R3.5", Phrase.of("engine.err.bad_walk", label=label)
        if isinstance(step, Wait):
            return "R3.5", Phrase.of("engine.err.bad_wait")
        return "R3.1", Phrase.of("engine.err.not_a_turn_action", label=label)
    if isinstance(frame, Placement):
        if isinstance(step, Place):
            return "R3.2", Phrase.of("engine.err.bad_place", label=label)
        if isinstance(step, ShuffleBack):
            return "R1.4", Phrase.of("engine.err.shuffle_not_exit")
        return "R3.3", Phrase.of("engine.err.lay_first")
    if isinstance(frame, ObstacleChoice):
        return "R4.3", Phrase.of("engine.err.obstacle_choice", label=label)
    if isinstance(frame, FightChoice):
        return "R7.1", Phrase.of("engine.err.bad_fight_value", label=label)
    if isinstance(frame, TrapChoice):
        return "R7.1", Phrase.of("engine.err.bad_trap_value", label=label)
    if isinstance(frame, LossChoice):
        return "R9.4", Phrase.of("engine.err.loss_choice", label=label)
    return "R3.4", Phrase.of("engine.err.not_legal", label=label)  # pragma: no cover

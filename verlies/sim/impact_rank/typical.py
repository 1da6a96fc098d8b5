"""The typical version of a card (issue 36): its numbers at its pile's median, a
character at the other characters' median within R2, or one copy removed (a count far
above the pile's: at the pile's median count); a card the draft changed beyond its
numbers (a monster's loot, a room's gold, a magic bonus, an obstacle's kind): its card as
in the reference deck, numbers then at the median; the A/A twin; the cards a draft
changed."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from verlies.errors import VerliesError
from verlies.sim.compare import Paired
from verlies.sim.run import (
    RunSpec,
)
from verlies.sim.sweep import Tweak

#: The piles, in the order cards are listed.
PILES: tuple[str, ...] = ("dungeon", "room", "monster", "treasure")

#: R2.1: a character's values lie in 1..6 and sum to 10.
_CHAR_FIELDS: tuple[str, ...] = ("staerke", "geist", "geschick")
_CHAR_SUM, _CHAR_MIN, _CHAR_MAX = 10, 1, 6
#: The ways of making a card typical that give a comparison (the others: none).
TESTED: tuple[str, ...] = ("median", "character", "copy", "reference")
#: A card whose count lies this many spreads (median absolute deviations, at least 1)
#: above its pile's median count is made typical with its count at that median too.
COUNT_FAR = 4.0


@dataclass
class Contribution:
    """One card: how it was made typical, its pairs so far, how often it was met.

    ``how``: "median" (its numbers at the pile's median), "character" (a character's
    values at the others' median), "copy" (one copy removed, or a count far too high
    brought to the pile's median count: :func:`_too_many`), "reference" (the draft changed
    more than the card's numbers against the reference deck: the card as it is there,
    ``shipped``, its numbers then at the pile's median: :func:`_as_reference`; ``note``
    is that card's text), "typical" (already typical:
    nothing to compare), "frame" (the start card and the exits, not moved) or "refused"
    (the deck refused the typical version: ``note`` says why). ``moves``: (field, from,
    to) of every number moved (a copy removed: ("count", n, n − 1); a count far too high
    is moved with the numbers: ("count", 12, 1))."""

    kind: str
    card: str
    how: str
    moves: tuple[tuple[str, int, int], ...] = ()
    changed: bool = False
    note: str = ""
    pairs: dict[str, Paired] = field(default_factory=dict)
    met: int = 0  # times drawn (a character: seats played) over the base games counted
    met_games: int = 0  # the base games those were counted over
    active: bool = True
    atypical: float = 0.0  # how far from typical: the largest move in its pile's spreads
    members: tuple[int, ...] = ()  # a group (how "group"): the cards made typical together
    screened: int = 0  # pairs of the group that showed no effect and cleared this card
    group_size: int = 0  # the cards of that group
    #: The most telling pairs so far: quantity -> [game, d, game, d], the pair with the
    #: largest draft − typical and the one with the smallest (a tie: the lower game).
    telling: dict[str, list[int]] = field(default_factory=dict)
    shipped: Any = None  # how "reference": the card as in the reference deck

    @property
    def id(self) -> str:
        return f"{self.kind}:{self.card}"

    @property
    def tested(self) -> bool:
        return self.how in TESTED

    @property
    def n(self) -> int:
        """Pairs played so far (every quantity but a character's win rate has them all)."""
        p = self.pairs.get("rounds")
        return p.n if p is not None else 0


# ---- the typical version of a card ------------------------------------------------------


def _number_fields(kind: str, card: Any) -> list[str]:
    """The numbers a card of ``kind`` has (the fields :class:`Tweak` can move)."""
    if kind == "dungeon":
        out = []
        if card.obstacle is not None:
            out.append("obstacle")
        if card.gold:
            out.append("gold")
        return out
    if kind == "room":
        has_trap = any(hasattr(e, "target") and hasattr(e, "on_fail") for e in card.effects)
        return ["trap"] if has_trap else []
    if kind == "monster":
        return ["fight"]
    return ["gold"] if card.gold else []


def _median(values: list[int]) -> int:
    """The lower middle of ``values`` (a number the deck can hold, not a half)."""
    values = sorted(values)
    return values[(len(values) - 1) // 2]


def _others(deck: Any, kind: str, card: str, fld: str) -> list[int]:
    """``fld`` of the other cards of the pile that have it (the card itself left out: an
    outlier does not pull its own yardstick)."""
    pile = deck.cards(kind)
    return [
        Tweak(kind, cid, fld).value_in(deck)
        for cid in pile
        if cid != card and fld in _number_fields(kind, pile[cid])
    ]


def _pile_median(deck: Any, kind: str, card: str, fld: str) -> int | None:
    """The median of ``fld`` over the other cards of the pile that have it; None when no
    other has it."""
    values = _others(deck, kind, card, fld)
    return _median(values) if values else None


def _distance(value: int, others: list[int]) -> float:
    """How far ``value`` lies from the median of ``others``, in their median absolute
    deviation (at least 1): 0 typical, 3 far out. No games: a priority, never a claim."""
    if not others:
        return 0.0
    m = _median(others)
    mad = max(1, _median([abs(v - m) for v in others]))
    return abs(value - m) / mad


def _typical_character(deck: Any, card: str) -> tuple[Any, tuple[tuple[str, int, int], ...]]:
    """The character with its values at the other characters' medians, brought to R2's
    sum of 10 within 1..6 (the value farthest below its median raised first, or the one
    farthest above lowered first; ties in the order Stärke, Geist, Geschick)."""
    me = deck.characters[card]
    others = [c for cid, c in deck.characters.items() if cid != card]
    if not others:
        return me, ()
    want = {f: _median([int(getattr(c, f)) for c in others]) for f in _CHAR_FIELDS}
    vals = dict(want)
    while sum(vals.values()) != _CHAR_SUM:
        up = sum(vals.values()) < _CHAR_SUM
        ok = [f for f in _CHAR_FIELDS if (vals[f] < _CHAR_MAX if up else vals[f] > _CHAR_MIN)]
        if not ok:
            break
        # keep the values as close to the medians as the sum allows
        f = min(ok, key=lambda f: (vals[f] - want[f]) if up else (want[f] - vals[f]))
        vals[f] += 1 if up else -1
    moves = tuple(
        (f, int(getattr(me, f)), vals[f]) for f in _CHAR_FIELDS if int(getattr(me, f)) != vals[f]
    )
    return dataclasses.replace(me, **vals), moves


def _frame(card: Any) -> str | None:
    """ "start" or "exit" for the game's frame (R2.4, R1.3), else None."""
    kind = str(card.kind.value)
    return kind if kind in ("start", "exit") else None


def typical_of_kind(
    deck: Any, kind: str, card: str, reference: Any = None
) -> tuple[Any, Contribution]:
    """The deck with ``kind:card`` made typical of its kind, and the card's entry (how and
    what was moved). The deck is None when there is nothing to compare (already typical,
    the game's frame, or refused: the entry's ``how`` and ``note`` say which).
    ``reference`` (a deck, or None): a card changed against it in more than its numbers
    is compared with its card there (:func:`_as_reference`)."""
    shipped = _shipped(reference, kind, card)
    if shipped is not None and _plays(kind, shipped) != _plays(kind, deck.cards(kind)[card]):
        return _as_reference(deck, kind, card, shipped)
    if kind == "character":
        new, moves = _typical_character(deck, card)
        if not moves:
            return None, Contribution(kind, card, "typical")
        others = [c for cid, c in deck.characters.items() if cid != card]
        far = max(_distance(a, [int(getattr(c, f)) for c in others]) for f, a, _ in moves)
        try:
            entry = Contribution(kind, card, "character", moves, atypical=far)
            return deck.with_card("character", new), entry
        except VerliesError as e:
            return None, Contribution(kind, card, "refused", moves, note=str(e))
    pile = deck.cards(kind)
    the_card = pile[card]
    if kind == "dungeon" and _frame(the_card) is not None:
        return None, Contribution(kind, card, "frame", note="R2.4, R1.3")
    fields = _number_fields(kind, the_card)
    count = int(deck.counts(kind)[card])
    counts = [int(n) for cid, n in deck.counts(kind).items() if cid != card]
    many = _too_many(count, counts)
    try:
        if fields:
            moved = deck
            moved_fields: list[tuple[str, int, int]] = []
            for fld in fields:
                was = Tweak(kind, card, fld).value_in(deck)
                to = _pile_median(deck, kind, card, fld)
                if to is not None and to != was:
                    moved = Tweak(kind, card, fld).apply(moved, to)
                    moved_fields.append((fld, was, to))
            far = max(
                (_distance(a, _others(deck, kind, card, f)) for f, a, _ in moved_fields),
                default=0.0,
            )
            if many is not None:  # far too many copies: the count is a number too
                moved = moved.with_count(kind, card, many)
                moved_fields.append(("count", count, many))
                far = max(far, _distance(count, counts))
                RunSpec.build(deck=moved, players=1)  # the deck must still make a game
            if not moved_fields:
                return None, Contribution(kind, card, "typical")
            entry = Contribution(kind, card, "median", tuple(moved_fields), atypical=far)
            return moved, entry
        to = count - 1 if many is None else many
        moved = deck.with_count(kind, card, to)
        RunSpec.build(deck=moved, players=1)  # the deck must still make a game
        far = 0.0 if many is None else _distance(count, counts)
        return moved, Contribution(kind, card, "copy", (("count", count, to),), atypical=far)
    except VerliesError as e:
        return None, Contribution(kind, card, "refused", note=str(e))


def _shipped(reference: Any, kind: str, card: str) -> Any:
    """``kind:card`` as in ``reference`` (None: no reference, a character, a card the
    reference does not have)."""
    if reference is None or kind == "character":
        return None
    return reference.cards(kind).get(card)


def _plays(kind: str, card: Any) -> Any:
    """What of a card decides the game, but for the numbers :func:`typical_of_kind` moves
    (and its name): two cards with the same are the same card but for those numbers."""
    if kind == "dungeon":
        ob = card.obstacle
        return (card.kind, card.color, card.shape, None if ob is None else (ob.type, ob.color))
    if kind == "room":  # the first trap's target is the number moved
        effects, seen = [], False
        for e in card.effects:
            if not seen and hasattr(e, "target") and hasattr(e, "on_fail"):
                e, seen = dataclasses.replace(e, target=0), True
            effects.append(e)
        return tuple(effects)
    if kind == "monster":  # every fight value is moved together, not the attributes
        return (tuple(o.attr for o in card.fight), card.loot_gold, card.loot_treasures)
    return (card.magic, card.spent)  # a treasure: its gold is the number


def _as_reference(deck: Any, kind: str, card: str, shipped: Any) -> tuple[Any, Contribution]:
    """The deck with ``kind:card`` as ``shipped`` (its card in the reference deck, the
    draft's count kept), its numbers then at the pile's median where they are not (a
    monster whose loot went from 4 gold to 40: the draft against the deck with the 4-gold
    card; the median rule alone would leave the 40 in both decks). The entry's ``moves``
    are the numbers moved from the shipped card's; ``note`` is its text."""
    note = str(getattr(shipped, "text", ""))
    try:
        back = deck.with_card(kind, shipped)
        moved, inner = typical_of_kind(back, kind, card)
        moves, far = (inner.moves, inner.atypical) if inner.how == "median" else ((), 0.0)
        if inner.how != "median":
            moved = back
        RunSpec.build(deck=moved, players=1)  # the deck must still make a game
    except VerliesError as e:
        return None, Contribution(kind, card, "refused", note=str(e))
    entry = Contribution(kind, card, "reference", moves, note=note, atypical=far)
    entry.shipped = shipped
    return moved, entry


def _too_many(count: int, others: list[int]) -> int | None:
    """The pile's median count when ``count`` lies :data:`COUNT_FAR` spreads or more above
    it (a card put in far too many times: ten rats, twelve empty rooms), else None. The
    count is then one of the card's numbers, made typical with them; a card at a usual
    count keeps it (a card without numbers: one copy fewer)."""
    if not others or count <= _median(others) or _distance(count, others) < COUNT_FAR:
        return None
    return _median(others)


def aa_twin(deck: Any, i: int) -> Any:
    """The same cards under other ids (every id but the characters' rotated by ``i`` + 1
    letters): the same game, dealt differently, another dealing for every ``i``. Used by
    ``aa=True``: every card's comparison deck is such a twin, so the true effect of every
    card is 0 and any ★ is noise (the A/A check of the ranking)."""
    import re

    from verlies.deck import Deck

    text = deck.dumps()
    ids = [c for c in re.findall(r'^id = "([^"]+)"', text, re.M) if not c.startswith("char-")]
    for cid in ids:
        r = (i + 1) % len(cid)
        text = text.replace(f'"{cid}"', f'"x{cid[r:]}{cid[:r]}"')
    return Deck.loads(text).with_name(deck.name)


def changed_cards(deck: Any, reference: Any) -> set[str]:
    """``KIND:ID`` of the cards ``deck`` added, changed or recounted against ``reference``."""
    out = set()
    for d in reference.differences(deck):
        card = getattr(d, "card", None) or getattr(d, "new", None)
        kind = getattr(d, "kind", None)
        if card is not None and kind is not None:
            out.add(f"{kind}:{card.id}")
    return out


def make_typical(deck: Any, base: Any, entry: Contribution) -> Any:
    """``deck`` with ``entry``'s card made typical as :func:`typical_of_kind` made it in
    ``base`` (its medians taken in ``base``): several cards of a group made typical one
    after the other. A card that is not compared leaves ``deck`` as it is."""
    kind, card = entry.kind, entry.card
    if entry.how == "reference":
        deck = deck.with_card(kind, entry.shipped)
        for fld, _, to in entry.moves:
            deck = Tweak(kind, card, fld).apply(deck, to)
        return deck
    if entry.how == "character":
        new, _ = _typical_character(base, card)
        return deck.with_card("character", new)
    if entry.how == "median":
        for fld, _, to in entry.moves:
            deck = Tweak(kind, card, fld).apply(deck, to)
        return deck
    if entry.how == "copy":  # one copy fewer, or far too many brought to the median
        (_, was, to), now = entry.moves[0], int(deck.counts(kind)[card])
        return deck.with_count(kind, card, now - (was - to))
    return deck

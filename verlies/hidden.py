"""What a seat cannot see, dealt anew: the worlds a search bot plays in (``Game.determinise``).

R9.3: treasure cards are drawn face down and shown only when used, so the other seats'
unused treasures are hidden; R9.4: a lost treasure goes face down under the treasure deck
(the others learn only that one went). With the treasure pile they are the cards a seat
has not seen. Everything else is public: the board, the figures, coins, used treasures,
and the other piles' contents (R2.3: the engine never fixes a pile's order; every draw
samples the public counts, so a world needs no order).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, Protocol, Self, TypeVar

from verlies.actions import Card
from verlies.cards.model import Names, TreasureCard
from verlies.events import Event, RawEvent
from verlies.state import Change, Held

if TYPE_CHECKING:
    from verlies.setup import Setup
    from verlies.state import Table


class Recorded(Protocol):
    """What :func:`seen_game` reads and writes of a game (``verlies.Game``): a Protocol,
    so this module needs no import of the game's (which imports it)."""

    setup: Setup
    state: Table
    _steps: list[Any]
    _step_events: list[tuple[RawEvent, ...]]
    _setup_events: tuple[RawEvent, ...]

    @property
    def is_over(self) -> bool: ...

    @property
    def current_player(self) -> int: ...

    def clone(self, *, log: bool | None = None) -> Self: ...


_G = TypeVar("_G", bound=Recorded)

__all__ = ["FACE_DOWN", "HIDDEN_CARD", "Recorded", "deal_unseen", "options_game", "seen_game"]

#: The card id a seat's game writes for a card it has not seen (another seat's face-down
#: treasure, a treasure lost under the pile): no card of any deck has it.
HIDDEN_CARD = "?"
#: The shuffle that deals the unseen cards of a seat's game: fixed, so that two games
#: that differ only in what the seat cannot see give the same seat's game.
_SEEN_SHUFFLE = 0
#: What another seat's unused treasure is in a seat's game: a card without name, gold or
#: effect, so nothing there (an option, its odds, a total) tells which card it is.
FACE_DOWN = TreasureCard(
    id=HIDDEN_CARD,
    name=Names(de="verdeckter Schatz", en="face-down treasure"),
    text="",
    gold=0,
)


def deal_unseen(state: Table, seat: int, rng: random.Random) -> None:
    """Shuffle the cards ``seat`` has not seen (other seats' unused treasures, the lost
    treasures under the pile, the treasure pile) with ``rng`` and deal them again in
    place: each hand keeps its size, the bottom its length, the pile its count. Two states
    that differ only in those cards give the same result for the same ``rng`` state."""
    hands = [
        (f.treasures, k)
        for f in state.figures
        if f.seat != seat
        for k, h in enumerate(f.treasures)
        if not h.used
    ]
    pile = state.treasures
    unseen = [hand[k].card.id for hand, k in hands] + list(pile.bottom)
    for cid, n in pile.counts.items():
        unseen.extend([cid] * n)
    if len(unseen) < 2:
        return
    # A card of each id: the deck's (a lost card a live edit removed is the card it was).
    cards: dict[str, TreasureCard] = {**state.lost_cards, **state.deck.treasures}
    for hand, k in hands:
        cards.setdefault(hand[k].card.id, hand[k].card)
    unseen.sort()  # the same world for the same rng, whatever order the hands had
    rng.shuffle(unseen)
    for (hand, k), cid in zip(hands, unseen, strict=False):
        hand[k] = Held(cards[cid])
    rest = unseen[len(hands) :]
    bottom = len(pile.bottom)
    pile.bottom = rest[:bottom]
    for cid in pile.bottom:
        state.lost_cards.setdefault(cid, cards[cid])
    counts = Counter(rest[bottom:])
    pile.counts = {cid: counts[cid] for cid in sorted(counts)}
    pile.total = len(rest) - bottom


def seen_game(game: _G, seat: int | None) -> _G:
    """The game as ``seat`` may know it (R9.3), as a game of its own: what a shared
    table's page of that seat (None: a spectator, who holds no card) is built from.

    The other seats' unused treasures are :data:`FACE_DOWN` cards (no name, gold or
    effect: no option or odds of theirs can name one), the lost ones under the pile and
    the treasure pile are dealt anew in a fixed order (:func:`deal_unseen`), so the game
    holds no card the seat has not seen and two games that differ only in those cards
    give the same one;
    once the game is over the hands are shown (R9.3) and only the pile stays dealt. The
    steps and events that named an unseen card name :data:`HIDDEN_CARD` or say it in
    their public form (``Event.public``), and the setup has no seed (seed 0): nothing in
    it predicts a roll. Its history is no line to replay: it is a picture of the
    position, never to be stepped back or saved as the game."""
    viewer = -1 if seat is None else seat
    g = game.clone()
    setup = game.setup
    g.setup = type(setup)(
        players=setup.players,
        characters=setup.characters,
        seed=0,
        deck=setup.deck,
        variants=setup.variants,
        start_seat=setup.start_seat,
        round_limit=setup.round_limit,
    )
    state = g.state
    state.seed = 0
    if game.is_over:
        # The hands are shown at the end; what lies in the pile (and under it) is not.
        _deal_pile(state, random.Random(_SEEN_SHUFFLE))
    else:
        deal_unseen(state, viewer, random.Random(_SEEN_SHUFFLE))
        for f in state.figures:
            if f.seat != viewer:
                f.treasures[:] = [h if h.used else Held(FACE_DOWN) for h in f.treasures]
    state.cache.invalidate(Change.STEP)  # the legal actions named the cards dealt away
    # Private parts of the record (the engine's own fields; the game is a clone).
    steps: list[Any] = list(g._steps)
    events: list[Any] = list(g._step_events)
    for i, evs in enumerate(events):
        if any(e[4] and e[2] != viewer for e in evs):
            steps[i] = _hide_step(steps[i])
            events[i] = _public(evs, viewer)
    g._steps = steps
    g._step_events = events
    g._setup_events = _public(g._setup_events, viewer)
    return g


def options_game(game: _G, viewer: int | None, *, sees_all: bool = False) -> _G:
    """The game a screen lists the options of the player to move from (R9.3), for a screen
    that may show ``viewer``'s hidden cards (None: nobody's).

    The game itself where the screen may know the mover's hand: the designer
    (``sees_all``), the mover's own screen, the end of the game. Else the game as
    ``viewer`` knows it (:func:`seen_game`): a hot-seat page whose bot is to move lists
    the bot's options without the treasures it holds face down, and with odds that do not
    count them, as a shared table lists another seat's."""
    if sees_all or game.is_over or viewer == game.current_player:
        return game
    return seen_game(game, viewer)


def _public(events: tuple[RawEvent, ...], viewer: int) -> tuple[RawEvent, ...]:
    """The events as ``viewer`` reads them: another seat's private ones in public form."""
    out: list[RawEvent] = []
    for e in events:
        if e[4] and e[2] != viewer:
            p = Event(*e).public()
            out.append((p.rule, p.key, p.seat, p.data, p.private))
        else:
            out.append(e)
    return tuple(out)


def _hide_step(step: Any) -> Any:
    """A step that named a card the viewer has not seen, naming none."""
    if isinstance(step, Card):
        return Card(HIDDEN_CARD)
    if getattr(step, "treasure", None):
        return step._replace(treasure=HIDDEN_CARD)
    return step


def _deal_pile(state: Table, rng: random.Random) -> None:
    """:func:`deal_unseen` of the treasure pile and the cards under it only (the game is
    over: every hand is shown)."""
    pile = state.treasures
    unseen = list(pile.bottom)
    for cid, n in pile.counts.items():
        unseen.extend([cid] * n)
    unseen.sort()
    rng.shuffle(unseen)
    bottom = len(pile.bottom)
    cards: dict[str, TreasureCard] = {**state.lost_cards, **state.deck.treasures}
    pile.bottom = unseen[:bottom]
    for cid in pile.bottom:
        state.lost_cards.setdefault(cid, cards[cid])
    counts = Counter(unseen[bottom:])
    pile.counts = {cid: counts[cid] for cid in sorted(counts)}

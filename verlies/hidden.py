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
from typing import TYPE_CHECKING

from verlies.state import Held

if TYPE_CHECKING:
    from verlies.cards.model import TreasureCard
    from verlies.state import Table

__all__ = ["deal_unseen"]


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

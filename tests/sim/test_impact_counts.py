"""A card put in far too many times (issue 36, "a card broken in a way this issue does not
name"): its count is one of its numbers, made typical with them (the pile's median count),
not one copy fewer of twelve, which shows nothing. The shipped deck's cards keep their
typical versions."""

from __future__ import annotations

from verlies.deck import Deck
from verlies.sim.impact_rank import contribution, typical_of_kind
from verlies.sim.impact_rank.typical import PILES
from verlies.sim.sweep import Tweak


def _empty_rooms() -> Deck:
    return Tweak("room", "raum-leer-01", "count").apply(Deck.default(), 12)


def test_a_count_far_too_high_is_made_typical_with_the_numbers() -> None:
    moved, empty = typical_of_kind(_empty_rooms(), "room", "raum-leer-01")
    assert empty.how == "copy" and empty.moves == (("count", 12, 1),)
    assert moved.counts("room")["raum-leer-01"] == 1 and empty.atypical >= 4
    rats = Tweak("monster", "monster-ratte", "count").apply(Deck.default(), 10)
    moved, rat = typical_of_kind(rats, "monster", "monster-ratte")
    assert rat.how == "median" and rat.moves == (("fight", 3, 5), ("count", 10, 1))
    assert moved.counts("monster")["monster-ratte"] == 1
    assert moved.cards("monster")["monster-ratte"].fight[0].value == 5


def test_the_shipped_decks_cards_keep_their_typical_versions() -> None:
    d = Deck.default()
    for kind in PILES:
        for card in d.cards(kind):
            _, e = typical_of_kind(d, kind, card)
            n = int(d.counts(kind)[card])
            if e.how == "copy":
                assert e.moves == (("count", n, n - 1),), e
            else:
                assert all(f != "count" for f, _, _ in e.moves), e


def test_twelve_empty_rooms_rank_first() -> None:
    # One copy fewer of twelve moved nothing clearly; twelve against one moves gold.
    cards = ["room:raum-leer-01", "room:raum-falle-01", "room:raum-gold-02"]
    cards += ["monster:monster-troll", "treasure:schatz-rubin"]
    res = contribution(
        _empty_rooms(), cards=cards, reference=None, players=2, budget=1600, workers=1
    )
    top = res.ranked()
    assert top and top[0]["id"] == "room:raum-leer-01", res.text()
    assert top[0]["moves"] == [["count", 12, 1]]

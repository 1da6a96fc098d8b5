"""A card the draft changed beyond the numbers the ranking moves (issue 36, impact8): a
monster's loot, a room's gold text, an obstacle's kind. The median rule alone left such a
card "already typical" (the spider with 40 gold instead of 4, its fight at the monsters'
median) and never compared it: the broken card was missing from the ranking. Against the
reference deck it is now compared with its card there, and found."""

from __future__ import annotations

import dataclasses
import re

import pytest

from verlies.cards.model import ObstacleType
from verlies.deck import Deck
from verlies.sim.impact_rank import contribution, paired_games, typical_of_kind
from verlies.sim.impact_rank.typical import make_typical
from verlies.sim.records import SimulationError
from verlies.sim.sweep import Tweak

SPIDER = "monster-spinne"
SHIPPED_LOOT = "Kampf: Geschick 5. Besitz: 4 Gold."


def _rich_spider() -> Deck:
    """The shipped deck with the spider's loot at 40 gold (its fight kept at 5)."""
    d = Deck.default()
    assert d.cards("monster")[SPIDER].text == SHIPPED_LOOT
    return d.with_card_text("monster", SPIDER, "Kampf: Geschick 5. Besitz: 40 Gold.")


def test_a_change_beyond_the_numbers_is_compared_with_the_reference_card() -> None:
    shipped, deck = Deck.default(), _rich_spider()
    # Without the reference the spider is typical (its fight is the monsters' median):
    # nothing to compare, the card can never be ranked.
    moved, entry = typical_of_kind(deck, "monster", SPIDER)
    assert moved is None and entry.how == "typical" and not entry.tested
    moved, entry = typical_of_kind(deck, "monster", SPIDER, shipped)
    assert entry.how == "reference" and entry.tested and entry.moves == ()
    assert entry.note == SHIPPED_LOOT
    assert moved.cards("monster")[SPIDER].text == SHIPPED_LOOT
    assert moved.counts("monster") == deck.counts("monster")
    # the same deck when made typical inside a group (make_typical)
    again = make_typical(deck, deck, entry)
    assert again.cards("monster")[SPIDER] == moved.cards("monster")[SPIDER]


def test_a_change_of_numbers_only_keeps_the_median_rule() -> None:
    shipped = Deck.default()
    deck = Tweak("monster", "monster-goblin", "fight").apply(shipped, 10)
    _, entry = typical_of_kind(deck, "monster", "monster-goblin", shipped)
    assert entry.how == "median" and entry.moves == (("fight", 10, 5),)
    # one of two fight values: still a number the median rule moves (both together)
    dragon = shipped.with_card_text(
        "monster", "monster-drache", "Kampf: Stärke 7 oder Geschick 1. Besitz: 2W6 Gold."
    )
    _, entry = typical_of_kind(dragon, "monster", "monster-drache", shipped)
    assert entry.how == "reference"  # the loot lost its treasure: beyond the numbers
    dragon = shipped.with_card_text(
        "monster",
        "monster-drache",
        "Kampf: Stärke 7 oder Geschick 1. Besitz: 2W6 Gold und ein Schatz.",
    )
    _, entry = typical_of_kind(dragon, "monster", "monster-drache", shipped)
    assert entry.how == "median" and entry.moves == (("fight", 7, 5),)
    # a character is its numbers: never "reference"
    c = dataclasses.replace(shipped.characters["char-elfe"], staerke=1, geschick=6)
    elf = shipped.with_card("character", c)
    _, entry = typical_of_kind(elf, "character", "char-elfe", shipped)
    assert entry.how == "character"


def test_an_obstacle_of_another_kind_goes_back_and_its_number_to_the_median() -> None:
    shipped = Deck.default()
    cid = "r-gang-straight-06"  # Einsturz (class B), red 7, gold 3
    card = shipped.cards("dungeon")[cid]
    assert card.obstacle is not None
    lava = dataclasses.replace(card.obstacle, type=ObstacleType.LAVA, n=12)
    deck = shipped.with_card("dungeon", dataclasses.replace(card, obstacle=lava))
    moved, entry = typical_of_kind(deck, "dungeon", cid, shipped)
    assert entry.how == "reference"
    back = moved.cards("dungeon")[cid]
    assert back.obstacle is not None and back.obstacle.type == card.obstacle.type
    # its numbers at the corridors' medians, moved from the shipped card's
    typical, _ = typical_of_kind(shipped, "dungeon", cid)
    assert back == typical.cards("dungeon")[cid]
    assert all(was == getattr_number(card, f) for f, was, _ in entry.moves)


def getattr_number(card: object, fld: str) -> int:
    if fld == "obstacle":
        return int(card.obstacle.n)  # type: ignore[attr-defined]
    return int(getattr(card, fld))


def test_the_rich_spider_ranks_first_by_gold_within_its_budget() -> None:
    deck = _rich_spider()
    cards = [
        f"monster:{SPIDER}",
        "monster:monster-goblin",
        "monster:monster-troll",
        "treasure:schatz-rubin",
        "room:raum-gold-01",
    ]
    res = contribution(deck, cards=cards, budget=1200, workers=1)
    assert res.info.games <= 1200  # the budget bounds the work
    top = res.ranked()[0]
    assert top["id"] == f"monster:{SPIDER}" and top["quantity"] == "gold", res.text()
    assert top["clear"] and top["low"] > 0 and top["how"] == "reference"
    spider = next(c for c in res.cards if c.card == SPIDER)
    assert spider.changed and spider.how == "reference"
    assert not res.untested()  # the spider is no longer "already typical"
    assert "(changed by the draft" in res.text()


def test_show_me_plays_the_pair_against_the_reference_card() -> None:
    deck = _rich_spider()
    # before: "not compared (typical): no pair to show"
    with pytest.raises(SimulationError):
        paired_games(deck, f"monster:{SPIDER}", 0, players=2, reference=None)
    draft, typical, bots = paired_games(deck, f"monster:{SPIDER}", 0, players=2)
    assert draft.setup.seed == typical.setup.seed and len(bots) == 2


def test_a_partial_ranking_says_which_cards_are_not_measured_yet() -> None:
    # Many cards: the unchanged ones are screened in groups. Cancelled at the first
    # update, most cards have no pair yet: "not measured yet", never "no measurable
    # effect at 0 pairs" (a claim about cards no game has looked at).
    import threading

    stop = threading.Event()
    seen: list[str] = []

    def first(res: object) -> None:
        seen.append(res.text("en"))  # type: ignore[attr-defined]
        stop.set()

    res = contribution(_rich_spider(), workers=1, cancel=stop, on_update=first)
    assert res.stopped == "cancelled" and seen
    games = res.info.games
    assert games <= 64, games  # one task's games at most, the cancel kept its word
    for text in (*seen, res.text("en"), res.text("de")):
        assert not re.search(r"(effect at|Wirkung bei) 0\b", text), text
    pending = [r for r in res.unclear() if not r["pairs"]]
    assert pending
    assert f"Not measured yet ({len(pending)} cards" in res.text("en")
    assert f"Noch nicht gemessen ({len(pending)} Karten" in res.text("de")

""" "Show me a game like this" on a ranked card (issue 36 leftovers; issue 40 item 3): the
ranking keeps, per card and quantity, the pair whose outcome differed most between the
draft and the card made typical, and :func:`paired_games` plays that pair again.

Checked against the pairs themselves, played again here independently: the game kept is
the one with the largest (or, for an effect downwards, the smallest) draft − typical of
the row's quantity, the lowest game on a tie; the two games played again are that game's
seed and characters, with the card as the only difference."""

from __future__ import annotations

from typing import Any

import pytest

from verlies.deck import Deck
from verlies.sim.compare import game_values
from verlies.sim.impact_rank import contribution, paired_games, typical_of_kind
from verlies.sim.records import SimulationError
from verlies.sim.run import RunSpec, Task, run_tasks
from verlies.sim.sweep import Tweak

CARDS = ["monster:monster-goblin", "treasure:schatz-rubin"]
PLAYERS = 2


def _pairs(deck: Deck, card: str, n: int) -> list[tuple[Any, Any]]:
    """The card's first ``n`` pairs (draft record, typical record), played again here."""
    kind, _, cid = card.partition(":")
    moved, _ = typical_of_kind(deck, kind, cid)
    specs = [
        RunSpec.build(players=PLAYERS, characters="all", seed=0, round_limit=300, deck=d)
        for d in (deck, moved)
    ]
    out: dict[int, tuple[Any, Any]] = {}
    for _task, (draft, typical) in run_tasks(specs, [Task((0, 1), 0, n)], workers=1):
        for a, b in zip(draft, typical, strict=True):
            out[a.index] = (a, b)
    return [out[i] for i in range(n)]


def _deck() -> Deck:
    # the goblin unbeatable, the rubin worth 1 gold (typical: 5): gold goes down with it
    deck = Tweak("monster", "monster-goblin", "fight").apply(Deck.default(), 10)
    return Tweak("treasure", "schatz-rubin", "gold").apply(deck, 1)


def test_the_game_kept_is_the_pair_that_differed_most_and_plays_again() -> None:
    deck = _deck()
    res = contribution(
        deck, players=PLAYERS, cards=CARDS, reference=None, budget=300, screen=32, workers=1
    )
    rows = {r["id"]: r for r in res.rows()}
    rubin = rows["treasure:schatz-rubin"]
    assert rubin["quantity"] == "gold" and rubin["diff"] < 0, res.text()
    for card, r in rows.items():
        q, g = r["shown_quantity"], r["shown"]
        assert q == r["quantity"] and g >= 0, r  # a win rate or the gold: its own quantity
        # independently: every pair of the card, played again
        pairs = _pairs(deck, card, r["pairs"])
        vs = [(game_values(a), game_values(b)) for a, b in pairs]
        ds = {i: a[q] - b[q] for i, (a, b) in enumerate(vs) if q in a and q in b}  # seated
        best = max(ds.values()) if r["diff"] > 0 else min(ds.values())
        first = min(i for i, d in ds.items() if d == best)  # a tie: the lowest game
        assert ds[g] == best != 0 and g == first, (card, g, ds)
        # the pair played again: the same game, the card all that differs
        draft, typical, _ = paired_games(deck, card, g, players=PLAYERS)
        a, _ = pairs[g]
        assert draft.setup.seed == typical.setup.seed == a.seed
        assert tuple(draft.setup.characters) == tuple(typical.setup.characters) == a.characters
        assert draft.state.over and typical.state.over
    _, typical, bots = paired_games(deck, CARDS[0], 0, players=PLAYERS)
    assert len(bots) == PLAYERS
    fight = Tweak("monster", "monster-goblin", "fight")
    assert (fight.value_in(deck), fight.value_in(typical.setup.deck)) == (10, 5)


def test_a_pair_of_a_card_not_compared_or_a_bad_game_is_refused() -> None:
    deck = Deck.default()
    with pytest.raises(SimulationError, match="index"):
        paired_games(deck, "monster:monster-goblin", -1)
    with pytest.raises(SimulationError, match="no card"):
        paired_games(deck, "monster:nope", 0)
    frame = next(
        c for c in deck.cards("dungeon") if typical_of_kind(deck, "dungeon", c)[1].how == "frame"
    )
    with pytest.raises(SimulationError, match="not compared"):
        paired_games(deck, f"dungeon:{frame}", 0)

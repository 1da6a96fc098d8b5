""" "Show me a game like this" on a ranked card of the Deck tab's impact panel, without
widgets (issue 36 leftovers; issue 40 item 3).

A contribution run plays every card's pairs on common seeds and keeps, per card, the game
whose outcome differed most between the draft and the card made typical, in the quantity
the card's figure names (:attr:`~verlies.ui.deck.impact_model.Figure.shown`; kept with the
figures, so it survives a reload). :func:`shown_pair` plays that pair again
(:func:`verlies.sim.impact_rank.paired_games`: two games, a bound on the cost) and gives
the play page's ``?g=`` links of both at the moment that mattered: just after the card was
first drawn in that game (the goblin on the table, its fight next), or at the game's end
where the card was never drawn (a character, a card the game did not reach); the links the
Balance tab's "show me" opens on the Game tab.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from verlies.ui.deck.impact_model import Key

__all__ = ["ShownPair", "card_step", "shown_pair"]


@dataclass(frozen=True)
class ShownPair:
    """One card's most telling pair: the game (index and seed), the quantity it differed
    in, and the ``?g=`` links of the game with the draft and with the card made typical
    (None: too long for a link), each at its own ``step`` (:func:`card_step`)."""

    key: Key
    index: int
    seed: int
    quantity: str
    draft: str | None
    typical: str | None
    draft_step: int = -1
    typical_step: int = -1


def card_step(game: Any, card: str) -> int:
    """The moment ``card`` came into play in the finished ``game``: the step count just
    after its first draw (a :class:`~verlies.actions.Card` step naming it), or the whole
    game where it was never drawn."""
    from verlies.actions import Card

    for i, step in enumerate(game.steps):
        if isinstance(step, Card) and step.card == card:
            return i + 1
    return len(game.steps)


def shown_pair(column: Any, key: Key) -> ShownPair | None:
    """The pair to show for ``key`` in ``column`` (an
    :class:`~verlies.ui.deck.impact_model.ImpactColumn`): its figures' telling game played
    again with the run's players and seed; None when there is none (no contribution run,
    no pair that moved the card's quantity the way its effect goes)."""
    from verlies.links import link
    from verlies.sim.impact_rank import paired_games

    fig = column.figure(key)
    deck, pair = column.deck, column.pair
    if column.method != "contribution" or fig is None or fig.shown < 0 or deck is None:
        return None
    if not pair:
        return None
    players = int(pair["players"])
    draft, typical, bots = paired_games(
        deck,
        f"{key[0]}:{key[1]}",
        fig.shown,
        players=players,
        seed=int(pair["seed"]),
        characters="all" if len(deck.characters) >= players else None,
    )
    steps = [card_step(game, key[1]) for game in (draft, typical)]
    links: list[str | None] = []
    for game, step in zip((draft, typical), steps, strict=True):
        game.goto(step)
        links.append(link(game, list(bots)))
    seed, quantity = int(draft.setup.seed), fig.shown_quantity
    return ShownPair(key, fig.shown, seed, quantity, links[0], links[1], steps[0], steps[1])

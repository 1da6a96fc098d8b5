""" "Show me a game like this" on a ranked card of the Deck tab's impact panel, without
widgets (issue 36 leftovers; issue 40 item 3).

A contribution run plays every card's pairs on common seeds and keeps, per card, the game
whose outcome differed most between the draft and the card made typical, in the quantity
the card's figure names (:attr:`~verlies.ui.deck.impact_model.Figure.shown`; kept with the
figures, so it survives a reload). :func:`shown_pair` plays that pair again
(:func:`verlies.sim.impact_rank.paired_games`: two games, a bound on the cost) and gives
the play page's ``?g=`` links of both at their end, the links the Balance tab's "show me"
opens on the Game tab.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from verlies.ui.deck.impact_model import Key

__all__ = ["ShownPair", "shown_pair"]


@dataclass(frozen=True)
class ShownPair:
    """One card's most telling pair: the game (index and seed), the quantity it differed
    in, and the ``?g=`` links of the game with the draft and with the card made typical
    (None: too long for a link)."""

    key: Key
    index: int
    seed: int
    quantity: str
    draft: str | None
    typical: str | None


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
    return ShownPair(
        key,
        fig.shown,
        int(draft.setup.seed),
        fig.shown_quantity,
        link(draft, list(bots)),
        link(typical, list(bots)),
    )

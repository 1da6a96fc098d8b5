"""verlies: an interactive rules explorer for *Raus aus dem Verlies!*.

The engine (everything outside ``verlies.ui``) imports no widget library.

>>> import verlies
>>> game = verlies.Game.new(players=2, seed=1)
>>> game.current_player
0
"""

# The pictures: loading them teaches the cards to draw themselves (card.svg(), _repr_svg_).
from verlies import render  # noqa: F401
from verlies.actions import (
    Attempt,
    Card,
    Choose,
    Decline,
    Draw,
    LegalActions,
    LoseGold,
    LoseTreasure,
    Place,
    Recover,
    Roll,
    ShuffleBack,
    UseHeal,
    Wait,
    Walk,
)
from verlies.dice import Dice, beat_probability, pass_probability
from verlies.errors import (
    CardTextError,
    DeckError,
    DiceError,
    IllegalAction,
    SaveFormatError,
    SetupError,
    VerliesError,
    WordedError,
)
from verlies.events import Event
from verlies.game import Edit, Game, Pending, PlayerView, Result
from verlies.rules import CHANCE, TERMINAL
from verlies.setup import DeckLike, Setup
from verlies.variants import Variants


def __getattr__(name: str) -> object:
    # Deck imports pydantic and the card grammar; load it on first use.
    if name in ("Deck", "DeckPatch"):
        from verlies import deck

        return getattr(deck, name)
    raise AttributeError(f"module 'verlies' has no attribute {name!r}")


__all__ = [
    "CHANCE",
    "TERMINAL",
    "Attempt",
    "Card",
    "CardTextError",
    "Choose",
    "Deck",
    "DeckError",
    "DeckPatch",
    "DeckLike",
    "Decline",
    "Dice",
    "DiceError",
    "Draw",
    "Edit",
    "Event",
    "Game",
    "IllegalAction",
    "LegalActions",
    "LoseGold",
    "LoseTreasure",
    "Place",
    "Pending",
    "PlayerView",
    "Recover",
    "Result",
    "Roll",
    "SaveFormatError",
    "Setup",
    "SetupError",
    "ShuffleBack",
    "UseHeal",
    "Variants",
    "VerliesError",
    "Wait",
    "Walk",
    "WordedError",
    "beat_probability",
    "pass_probability",
]

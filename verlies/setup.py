"""What a game starts from: one typed, checked value (R2).

``Setup`` is the one input of a new game: ``Game.new(...)``, sessions, simulations, the
CLI and the new-game form all build one. It checks itself when made (a ``Setup`` that
exists is a valid one) and reads and writes the ``"setup"`` object of a saved game.

>>> s = Setup(players=2, seed=7)
>>> s.characters, s.start_seat, s.round_limit
(('char-zwerg', 'char-magierin'), 0, 300)
>>> Setup.from_dict(s.to_dict()) == s
True
>>> Setup(players=5)
Traceback (most recent call last):
    ...
verlies.errors.SetupError: R2.2: 1 to 4 players are the rules, not 5

The deck is typed as :class:`DeckLike`, the part of ``verlies.Deck`` the engine uses:
the engine never imports the deck package (pydantic, the card grammar) to play.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, Self, runtime_checkable

from verlies.cards.model import Character, DungeonCard, MonsterCard, RoomCard, TreasureCard
from verlies.errors import Phrase, SetupError, SetupKeyError, SourceName
from verlies.variants import Variants

#: R1.6: the default round limit (``None``: no limit).
DEFAULT_ROUND_LIMIT = 300


class DeckPatchLike(Protocol):
    """A live deck edit as the engine uses it (``verlies.DeckPatch``)."""

    def describe(self, lang: str = "en", limit: int = 6) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


@runtime_checkable
class DeckLike(Protocol):
    """What the rules read from a deck to play (``verlies.Deck`` is one).

    A Protocol, not ``verlies.deck.Deck`` itself: the rules need no deck parser to run,
    and the deck package may import the engine without a cycle. Saving a game and live
    edits need more: :class:`EditableDeck`.
    """

    @property
    def characters(self) -> Mapping[str, Character]: ...

    @property
    def start(self) -> DungeonCard: ...

    @property
    def dungeon(self) -> Mapping[str, DungeonCard]: ...

    @property
    def rooms(self) -> Mapping[str, RoomCard]: ...

    @property
    def monsters(self) -> Mapping[str, MonsterCard]: ...

    @property
    def treasures(self) -> Mapping[str, TreasureCard]: ...

    @property
    def room_counts(self) -> Mapping[str, int]: ...

    @property
    def monster_counts(self) -> Mapping[str, int]: ...

    @property
    def treasure_counts(self) -> Mapping[str, int]: ...

    def dungeon_pile(self, players: int) -> Mapping[str, int]:
        """R2.3: the dungeon pile's card counts for ``players`` players."""
        ...


@runtime_checkable
class EditableDeck(DeckLike, Protocol):
    """A deck that can be changed during a game and written into a save (``verlies.Deck``)."""

    def diff(self, other: Self) -> DeckPatchLike:
        """The live edit that turns this deck into ``other``."""
        ...

    def apply(self, patch: Any) -> Self:
        """This deck with a patch made by ``diff`` applied (a deck error if it does not fit)."""
        ...

    def dumps(self) -> str:
        """The deck as deck-file text (the save format stores it)."""
        ...


def editable(deck: DeckLike) -> EditableDeck:
    """``deck`` as an :class:`EditableDeck`; TypeError for a deck made only to play."""
    if not isinstance(deck, EditableDeck):
        raise TypeError(f"{type(deck).__name__} cannot be edited or saved: use a verlies.Deck")
    return deck


def default_deck() -> EditableDeck:
    """The standard deck (loaded on first use: it needs the deck parser)."""
    from verlies.deck import Deck

    return Deck.default()


#: The deck edition of saves without a "deck_edition" key (the standard deck until the
#: tuned one replaced it; docs/balance.md).
FIRST_EDITION = "standard-1"


def shipped_edition(deck: DeckLike) -> str | None:
    """The name of the shipped deck edition ``deck`` is (``Deck.edition``), else None."""
    from verlies.deck import Deck

    if deck == default_deck():
        return Deck.DEFAULT_EDITION
    for name in Deck.editions():
        if deck == Deck.edition(name):
            return name
    return None


@dataclass(frozen=True, slots=True, init=False)
class Setup:
    """A game's start (R2): with the steps taken it determines the game bit for bit.

    ``characters``: character ids, one per player, distinct (R2.1); by default the deck's
    first ``players`` ones. ``deck``: by default the standard deck. ``start_seat``: R2.5.
    ``round_limit``: R1.6 (``None`` plays without a limit). Wrong values raise
    :class:`SetupError` naming the rule. Frozen: ``dataclasses.replace(setup, seed=8)``
    makes a changed copy (and checks it again).
    """

    players: int
    characters: tuple[str, ...]
    seed: int
    deck: DeckLike
    variants: Variants
    start_seat: int
    round_limit: int | None

    def __init__(
        self,
        players: int = 2,
        characters: Sequence[str] | None = None,
        seed: int = 0,
        deck: DeckLike | None = None,
        variants: Variants | None = None,
        start_seat: int = 0,
        round_limit: int | None = DEFAULT_ROUND_LIMIT,
    ) -> None:
        # The checks run in this order, so a value with several faults names the same one
        # as it always did.
        if deck is None:
            deck = default_deck()
        if not isinstance(deck, DeckLike):
            raise SetupError("R2.3", words=Phrase.of("setup.err.deck", kind=type(deck).__name__))
        if variants is not None and not isinstance(variants, Variants):
            raise SetupError("R2.3", words=Phrase.of("setup.err.variants"))
        if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 4:
            raise SetupError("R2.2", words=Phrase.of("setup.err.players", players=repr(players)))
        known = deck.characters
        if characters is not None:  # a save file's list of ids may hold anything
            raw: object = characters
            listed = (
                list(raw)
                if isinstance(raw, Iterable) and not isinstance(raw, str | bytes | Mapping)
                else None
            )
            if listed is None or not all(isinstance(c, str) for c in listed):
                said = Phrase.of("setup.err.characters_shape", value=repr(raw)[:120])
                raise SetupError("R2.1", words=said)
            characters = listed
        chars = list(known)[:players] if characters is None else list(characters)
        if len(chars) != players:
            said = Phrase.of("setup.err.character_count", players=players, got=len(chars))
            raise SetupError("R2.1", words=said)
        for c in chars:
            if c not in known:
                names = ", ".join(known)
                said = Phrase.of("setup.err.character", name=repr(c), known=names)
                raise SetupError("R2.1", words=said)
        if len(set(chars)) != len(chars):
            raise SetupError("R2.1", words=Phrase.of("setup.err.character_twice"))
        if type(seed) is not int:
            raise SetupError("R2.3", words=Phrase.of("setup.err.seed", seed=repr(seed)))
        if type(start_seat) is not int or not 0 <= start_seat < players:
            said = Phrase.of("setup.err.start_seat", last=players - 1, seat=repr(start_seat))
            raise SetupError("R2.5", words=said)
        if round_limit is not None and (type(round_limit) is not int or round_limit < 1):
            said = Phrase.of("setup.err.round_limit", limit=repr(round_limit))
            raise SetupError("R1.6", words=said)
        put = object.__setattr__  # frozen: the one place the fields are written
        put(self, "players", players)
        put(self, "characters", tuple(chars))
        put(self, "seed", seed)
        put(self, "deck", deck)
        put(self, "variants", variants if variants is not None else Variants())
        put(self, "start_seat", start_seat)
        put(self, "round_limit", round_limit)

    def character_cards(self) -> list[Character]:
        """The players' characters, by seat."""
        known = self.deck.characters
        return [known[c] for c in self.characters]

    # ---- the save format's "setup" object ---------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The ``"setup"`` object of a saved game (the deck as text, ``None`` if standard).

        The keys and their order are the save format's (version 1): saves stay identical.
        """
        edition = shipped_edition(self.deck)
        out: dict[str, Any] = {
            "players": self.players,
            "characters": list(self.characters),
            "seed": self.seed,
            "variants": self.variants.to_dict(),
            "start_seat": self.start_seat,
            "round_limit": self.round_limit,
            "deck": None if edition is not None else editable(self.deck).dumps(),
        }
        # A save without "deck_edition" was made with the first edition ("standard-1"):
        # saves of it stay as they were; the tuned default deck names its edition.
        if edition is not None and edition != FIRST_EDITION:
            out["deck_edition"] = edition
        return out

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Setup:
        """Read a saved game's ``"setup"`` object (``to_dict``'s inverse).

        Missing ``variants``, ``start_seat`` and ``round_limit`` take their defaults; a
        missing key raises KeyError (a SetupKeyError naming the rule), bad values SetupError, a
        bad deck the deck's error.
        """
        from verlies.deck import Deck

        deck_text = data.get("deck")
        if deck_text is None:
            edition = data.get("deck_edition", FIRST_EDITION)
            if edition not in Deck.editions():
                known = ", ".join(Deck.editions())
                said = Phrase.of("setup.err.edition", edition=repr(edition), known=known)
                raise SetupError("R2.3", words=said)
            deck: DeckLike = Deck.edition(edition)
        else:
            deck = Deck.loads(deck_text, file=SourceName("save.deck_file"))
        for name, rule in (("players", "R2.2"), ("characters", "R2.1"), ("seed", "R2.3")):
            if name not in data:  # Python's KeyError would say the name alone
                raise SetupKeyError(rule, words=Phrase.of("setup.err.missing", field=repr(name)))
        return Setup(
            players=data["players"],
            characters=data["characters"],
            seed=data["seed"],
            deck=deck,
            variants=Variants.from_dict(data.get("variants", {})),
            start_seat=data.get("start_seat", 0),
            round_limit=data.get("round_limit", DEFAULT_ROUND_LIMIT),
        )

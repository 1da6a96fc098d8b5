"""The deck's words, from the ``deck.`` section of :mod:`verlies.i18n`.

A deck message is kept as a key and raw values (:class:`Words`) until someone shows it:
then it is put into words in the language asked for, so a deck checked once (pickled,
cached, kept in a session) speaks every language, a registered one too. Raw values are
numbers, ids and strings (shown as they are), the card model's ``Color``, ``Attr`` and
``ObstacleType`` (their display names), other :class:`Words` (a word that is itself
translated, e.g. a card kind) and :class:`AllOf` (a list joined with "and").

>>> w = Words.of("check.r10", expected=24, pile=pile_word("room"), total=3, rule="R10")
>>> w.text("en")
'R10: the game has 24 room cards; this deck has 3'
>>> w.text("de")
'R10: das Spiel hat 24 Raumkarten; dieses Deck hat 3'
>>> AllOf((Color.RED, Color.BLUE, Color.GREEN)).text("de")
'rot, blau und grün'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from verlies import i18n
from verlies.cards.model import Attr, Color, ObstacleType
from verlies.errors import CardTextError, DeckError, Keyed, file_in


def say(key: str, lang: str, /, **values: Any) -> str:
    """``deck.<key>`` in ``lang``; a language verlies does not know reads English."""
    known = lang in i18n.LANGUAGES
    return i18n.text(f"deck.{key}", lang if known else i18n.FALLBACK, **values)


@dataclass(frozen=True, slots=True)
class AllOf:
    """Raw values shown as a list: ``red, blue and green`` (``deck.list.*``)."""

    items: tuple[object, ...]

    def text(self, lang: str) -> str:
        shown = [str(word(item, lang)) for item in self.items]
        if len(shown) <= 1:
            return "".join(shown)
        return say("list.sep", lang).join(shown[:-1]) + say("list.last", lang) + shown[-1]


@dataclass(frozen=True, slots=True)
class Words(Keyed):
    """A deck message as a key (``deck.<key>``) and its raw values, put into words late.

    Hashable and picklable: warnings keep it inside a deck, errors inside a DeckError.
    """

    def text(self, lang: str) -> str:
        """The message in ``lang`` (English for a language verlies does not know)."""
        return say(self.key, lang, **{name: word(v, lang) for name, v in self.values})

    def __str__(self) -> str:
        return self.text("en")


def word(value: object, lang: str) -> object:
    """One raw value of a message in words (numbers, ids and strings stay as they are)."""
    said = getattr(value, "text", None)  # Words, AllOf, a parser's message... (no str)
    if said is not None and callable(said):
        return said(lang)
    if isinstance(value, Color):
        return i18n.text(f"card.color.{value.value}", _known(lang))
    if isinstance(value, Attr):
        return i18n.text(f"card.attr.{value.key}", _known(lang))
    if isinstance(value, ObstacleType):
        return i18n.text(f"card.obstacle.{value.key}", _known(lang))
    return value


def _known(lang: str) -> str:
    return lang if lang in i18n.LANGUAGES else i18n.FALLBACK


def kind_word(kind: str) -> Words:
    """One card of a kind (``deck.kind.<kind>``): "room card", "Raumkarte"."""
    return Words(f"kind.{kind}")


def pile_word(kind: str) -> Words:
    """The cards of a kind as a pile (``deck.pile.<kind>``): "room cards", "Raumkarten"."""
    return Words(f"pile.{kind}")


@dataclass(frozen=True, slots=True, eq=False)
class CardTextMessage:
    """A card-text parser's message inside a deck message, in the reader's language (the
    parser's messages are ``card.err.*`` of :mod:`verlies.i18n`)."""

    error: CardTextError

    @classmethod
    def of(cls, exc: CardTextError) -> CardTextMessage:
        return cls(exc)

    def text(self, lang: str) -> str:
        return self.error.message_in(_known(lang))


@dataclass(frozen=True, slots=True, eq=False)
class Located:
    """Another deck's error inside a message (a base deck's), with its location."""

    error: DeckError

    def text(self, lang: str) -> str:
        return self.error.text_in(lang if lang in i18n.LANGUAGES else i18n.FALLBACK)


@dataclass(frozen=True, slots=True)
class DeckWarning:
    """Something odd but playable about a deck (R1.3, R10 ...): its words and where.

    ``card`` is the card it is about (None: the whole deck); ``file`` and ``line`` where
    it was read from (None for a deck made in code or by a live edit).
    """

    words: Words
    card: str | None = None
    file: str | None = None
    line: int | None = None

    def text(self, lang: str = "en") -> str:
        """The located warning in ``lang``: ``deck.toml, line 3, card 'x': ...``."""
        msg = self.words.text(lang)
        card = repr(self.card)
        if self.file is None:
            return say("warn.card", lang, card=card, msg=msg) if self.card else msg
        file = file_in(self.file, lang)  # a saved game's deck is named in words
        if self.card is None:
            return say("warn.file", lang, file=file, msg=msg)
        return say("warn.file_card", lang, file=file, line=self.line, card=card, msg=msg)

    def __str__(self) -> str:
        return self.text("en")

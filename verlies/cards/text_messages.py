"""The card-text language's limits and messages: what a card text may hold, and every
error its parser gives, in English and German (``docs/card-language.md`` lists them).

No parser here (lark is not loaded): the canonical forms (:mod:`verlies.cards.canonical`)
and the grammar (:mod:`verlies.cards.grammar`) share these.
"""

from __future__ import annotations

from dataclasses import dataclass

from verlies import i18n
from verlies.cards.model import Attr
from verlies.dice import MAX_CONSTANT
from verlies.errors import CardTextError, Keyed
from verlies.errors import Phrase as Words
from verlies.i18n import template

#: Longest card text accepted; checked before parsing.
MAX_TEXT_LENGTH = 2000
#: Largest number a card text may contain (the same limit as dice constants, RW.3).
MAX_NUMBER = MAX_CONSTANT
#: A trap target below this can never be failed (a W6 alone reaches it).
MIN_TRAP_TARGET = 2
#: A trap target above this is out of reach: a 6 on the die plus a value of 10.
MAX_TRAP_TARGET = 16
#: The card kinds of :func:`parse_card` and :func:`format_card`.
KINDS = ("room", "monster", "treasure")

#: Every error message the parser produces. ``docs/card-language.md`` lists them all.
#: The error messages' keys: ``card.err.<key>`` in :mod:`verlies.i18n`.
MESSAGE_KEYS: tuple[str, ...] = (
    "not_str",
    "too_long",
    "empty",
    "end",
    "unknown_word",
    "bad_char",
    "wrong_token",
    "unreadable",
    "too_large",
    "bad_dice",
    "gold_negative",
    "gold_zero",
    "zero_treasures",
    "zero_loss",
    "target_low",
    "target_high",
    "duplicate_attr",
    "duplicate_penalty",
    "duplicate_loot",
    "zero_bonus",
    "spent_without_magic",
    "unknown_kind",
)
MESSAGES: dict[str, str] = {k: template(f"card.err.{k}", "en") for k in MESSAGE_KEYS}
#: The same messages in German, with the same fields. ``{expected}`` is a whole clause here:
#: ``nach 'Geschick' wird eine Zahl erwartet`` or ``erwartet wird eine Zahl``.
MESSAGES_DE: dict[str, str] = {k: template(f"card.err.{k}", "de") for k in MESSAGE_KEYS}
#: The card language's keywords for the values, (German, English): the grammar's words,
#: not the display names (those are in verlies.i18n and may change without breaking cards).
ATTR_WORD: dict[Attr, tuple[str, str]] = {
    Attr.STAERKE: ("Stärke", "Strength"),
    Attr.GEIST: ("Geist", "Mind"),
    Attr.GESCHICK: ("Geschick", "Dexterity"),
}

#: Longest piece of a card text an error message quotes.
SHOW_LIMIT = 30


def lang_index(lang: str) -> int:
    if lang == "de":
        return 0
    if lang == "en":
        return 1
    raise ValueError(f"unknown language {lang!r}: expected 'de' or 'en'")


def clip(s: str) -> str:
    return s if len(s) <= SHOW_LIMIT else s[: SHOW_LIMIT - 1] + "…"


@dataclass(frozen=True, slots=True)
class Phrase(Keyed):
    """Words of a card-text error kept as an i18n key and raw values, put into words in
    the reader's language (values may be phrases too)."""

    def text(self, lang: str) -> str:
        lang = lang if lang in i18n.LANGUAGES else i18n.FALLBACK
        return template(self.key, lang).format(**{k: worded(v, lang) for k, v in self.values})


@dataclass(frozen=True, slots=True)
class Listed:
    """Expected words as a list (``Gold, Schatz``), each a raw keyword or a phrase."""

    items: tuple[object, ...]

    def text(self, lang: str) -> str:
        sep = template("card.expect.sep", lang if lang in i18n.LANGUAGES else i18n.FALLBACK)
        return sep.join(str(worded(item, lang)) for item in self.items)


@dataclass(frozen=True, slots=True)
class Both:
    """A field with a German and an English form only (a dice error raised with a plain
    string, not from the parser's table); another language reads the English."""

    en: str
    de: str

    def text(self, lang: str) -> str:
        return self.de if lang == "de" else self.en


@dataclass(frozen=True, slots=True)
class DiceWords:
    """What the dice parser expected (``DiceError.words``, a ``dice.phrase.*`` key), in any
    language of verlies.i18n: as a phrase, or as the message's clause ("erwartet wird …")."""

    phrase: Words
    clause: bool

    def text(self, lang: str) -> str:
        said = self.phrase.text(lang)
        if not self.clause:
            return said
        key = self.phrase.key.replace("dice.phrase.", "dice.clause.", 1)
        return Words.of(key, phrase=said).text(lang)


def worded(value: object, lang: str) -> object:
    """A raw value in words: phrases in ``lang``; keywords, numbers and ids as they are."""
    if isinstance(value, Phrase | Listed | Both | DiceWords):
        return value.text(lang)
    return value


def messages(key: str, fields: dict[str, object]) -> Phrase:
    """The message ``key`` (``card.err.<key>``) with its fields, put into words late."""
    return Phrase(f"card.err.{key}", tuple(fields.items()))


def card_error(key: str, card: str | None = None, **fields: object) -> CardTextError:
    """An error without a place in the text (the text is no string, the kind is unknown)."""
    return CardTextError(card=card, words=messages(key, fields), key=key)

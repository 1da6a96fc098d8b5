"""The card-text language's limits and messages: what a card text may hold, and every
error its parser gives, in English and German (``docs/card-language.md`` lists them).

No parser here (lark is not loaded): the canonical forms (:mod:`verlies.cards.canonical`)
and the grammar (:mod:`verlies.cards.grammar`) share these.
"""

from __future__ import annotations

from typing import NamedTuple

from verlies.cards.model import Attr
from verlies.dice import MAX_CONSTANT
from verlies.errors import CardTextError

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
MESSAGES: dict[str, str] = {
    "not_str": "card text must be a string, not {type}",
    "too_long": "card text too long (max {max} characters)",
    "empty": "card text is empty — expected {expected}",
    "end": "unexpected end of text — expected {expected}",
    "unknown_word": "unknown word '{word}' — expected {expected}",
    "bad_char": "unexpected character {char} — expected {expected}",
    "wrong_token": "expected {expected}, not '{found}'",
    "unreadable": "card text could not be read",
    "too_large": "number too large (max {max})",
    "bad_dice": "bad dice expression '{dice}': expected {expected}",
    "gold_negative": "gold can go below 0: '{dice}' gives {min} at the lowest roll",
    "gold_zero": "zero gold: '{dice}' always gives 0",
    "zero_treasures": "zero treasures: name at least one treasure",
    "zero_loss": "zero gold lost: the loss must be at least 1 gold",
    "target_low": "trap target {n} can never be failed (min {min})",
    "target_high": "trap target {n} is out of reach (max {max})",
    "duplicate_attr": "duplicate attribute '{attr}' in a choice",
    "duplicate_penalty": "duplicate penalty '{penalty}'",
    "duplicate_loot": "duplicate possession: {what} named twice",
    "zero_bonus": "zero bonus: a magic roll bonus must be at least +1",
    "spent_without_magic": "'{word}' needs a magic effect: only magic treasures are used up",
    "unknown_kind": "unknown card kind '{kind}' — expected one of: room, monster, treasure",
}

#: The same messages in German, with the same fields. ``{expected}`` is a whole clause here:
#: ``nach 'Geschick' wird eine Zahl erwartet`` or ``erwartet wird eine Zahl``.
MESSAGES_DE: dict[str, str] = {
    "not_str": "der Kartentext muss eine Zeichenkette sein, nicht {type}",
    "too_long": "der Kartentext ist zu lang (höchstens {max} Zeichen)",
    "empty": "der Kartentext ist leer — {expected}",
    "end": "unerwartetes Ende des Textes — {expected}",
    "unknown_word": "unbekanntes Wort '{word}' — {expected}",
    "bad_char": "unerwartetes Zeichen {char} — {expected}",
    "wrong_token": "{expected}, nicht '{found}'",
    "unreadable": "der Kartentext konnte nicht gelesen werden",
    "too_large": "Zahl zu groß (höchstens {max})",
    "bad_dice": "ungültiger Würfelausdruck '{dice}': {expected}",
    "gold_negative": "Gold kann unter 0 fallen: '{dice}' ergibt beim niedrigsten Wurf {min}",
    "gold_zero": "kein Gold: '{dice}' ergibt immer 0",
    "zero_treasures": "null Schätze: es muss mindestens ein Schatz sein",
    "zero_loss": "kein Goldverlust: der Verlust muss mindestens 1 Gold betragen",
    "target_low": "Fallenwert {n} kann nie verfehlt werden (mindestens {min})",
    "target_high": "Fallenwert {n} ist unerreichbar (höchstens {max})",
    "duplicate_attr": "Eigenschaft '{attr}' doppelt in einer Auswahl",
    "duplicate_penalty": "Strafe '{penalty}' doppelt genannt",
    "duplicate_loot": "doppelter Besitz: {what} zweimal genannt",
    "zero_bonus": "kein Bonus: ein magischer Wurfbonus muss mindestens +1 sein",
    "spent_without_magic": (
        "'{word}' braucht eine magische Wirkung: nur magische Schätze werden verbraucht"
    ),
    "unknown_kind": (
        "unbekannte Kartenart '{kind}' — erwartet wird eines von: room, monster, treasure"
    ),
}

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


class Both(NamedTuple):
    """A message field that differs between the English and the German message."""

    en: str
    de: str


def messages(key: str, fields: dict[str, object]) -> Both:
    """The message ``key`` with its fields filled in, in English and in German."""
    en = {k: v.en if isinstance(v, Both) else v for k, v in fields.items()}
    de = {k: v.de if isinstance(v, Both) else v for k, v in fields.items()}
    return Both(MESSAGES[key].format(**en), MESSAGES_DE[key].format(**de))


def card_error(key: str, card: str | None = None, **fields: object) -> CardTextError:
    """An error without a place in the text (the text is no string, the kind is unknown)."""
    message = messages(key, fields)
    return CardTextError(message.en, card=card, message_de=message.de, key=key)

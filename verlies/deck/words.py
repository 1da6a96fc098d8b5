"""The deck's words, from the ``deck.`` section of :mod:`verlies.i18n`."""

from __future__ import annotations

from typing import Any

from verlies import i18n
from verlies.errors import CardTextError


def say(key: str, lang: str, /, **values: Any) -> str:
    """``deck.<key>`` in ``lang``; a language verlies does not know reads English."""
    known = lang in i18n.LANGUAGES
    return i18n.text(f"deck.{key}", lang if known else i18n.FALLBACK, **values)


def both(key: str, /, **values: Any) -> tuple[str, str]:
    """``deck.<key>`` in English and in German: a DeckError's ``message``, ``message_de``."""
    return say(key, "en", **values), say(key, "de", **values)


def card_text_words(key: str, exc: CardTextError, /, **values: Any) -> tuple[str, str]:
    """``deck.<key>`` about a card text that does not parse, ``msg`` its parser's message:
    English and German (the parser's message in each language)."""
    return (
        say(key, "en", msg=exc.message, **values),
        say(key, "de", msg=exc.message_in("de"), **values),
    )

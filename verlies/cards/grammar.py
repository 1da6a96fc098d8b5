"""The card-text language's grammar (lark, LALR) and its syntax errors in plain words.

:func:`parse_tree` reads a card text into lark's tree, or raises a
:class:`~verlies.errors.CardTextError` that names the line, the column and what was
expected there, in the words of the card's own language (see ``docs/card-language.md``).
:mod:`verlies.cards.text` compiles the tree into effects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Final, NoReturn

from lark import Lark, Token, Tree
from lark.exceptions import (
    LarkError,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)

from verlies.cards.model import Attr
from verlies.cards.text_messages import (
    ATTR_WORD,
    KINDS,
    MAX_TEXT_LENGTH,
    SHOW_LIMIT,
    Both,
    DiceWords,
    Listed,
    Phrase,
    card_error,
    clip,
    messages,
)
from verlies.errors import CardTextError, DiceError, Said

# ---- the grammar ---------------------------------------------------------------------
#
# Keywords are case-insensitive regular expressions ending at a word boundary, one terminal
# per concept with its German and English spellings; umlauts may also be written ae/ue.

GRAMMAR = r"""
room: EMPTY stop                            -> empty_room
    | effect+
?effect: gold | treasures | encounter | trap
gold: dice GOLD stop
treasures: count TREASURE stop
encounter: MONSTER_ENC stop
trap: TRAP COLON attrs INT COMMA? ELSE penalties stop
penalties: penalty ((AND | COMMA) penalty)*
penalty: INJURY                             -> injury
       | LOSS OF INT GOLD OR ARTICLE TREASURE -> loss
       | BACK                               -> back

monster: FIGHT COLON fight_option (OR fight_option)* stop loot?
fight_option: attr INT
loot: LOOT COLON loot_item (AND loot_item)* stop
loot_item: dice GOLD                        -> loot_gold
         | count TREASURE                   -> loot_treasures

treasure: VALUE COLON INT GOLD stop magic? spent?
magic: MAGIC COLON magic_effect stop
magic_effect: PLUS INT ON roll_target       -> bonus
            | HEALS ARTICLE INJURY          -> heal
?roll_target: ARTICLE ROLL                  -> any_roll
            | attrs
spent: SPENT AFTER USE stop

attrs: attr (OR attr)*
attr: STAERKE | GEIST | GESCHICK
count: INT | ARTICLE
dice: dice_term ((PLUS | MINUS) dice_term)*
dice_term: INT | DIE
stop: DOT | BANG

INT: /[0-9]+(?!\w)/
DIE.2: /[0-9]*\s*w\s*[0-9]+(?!\w)/i
PLUS: "+"
MINUS: "-"
COLON: ":"
COMMA: ","
DOT: "."
BANG: "!"
GOLD: /gold(?!\w)/i
TREASURE: /(?:schatz|sch(?:ä|ae|a\u0308)tze|treasures?)(?!\w)/i
ARTICLE: /(?:ein(?:e[mnrs]?)?|an?|one)(?!\w)/i
MONSTER_ENC: /(?:monsterbegegnung|monster\s+encounter)(?!\w)/i
TRAP: /(?:falle|trap)(?!\w)/i
EMPTY: /(?:leer|empty)(?!\w)/i
STAERKE: /(?:st(?:ä|ae|a\u0308)rke|strength)(?!\w)/i
GEIST: /(?:geist|mind)(?!\w)/i
GESCHICK: /(?:geschick|dexterity)(?!\w)/i
OR: /(?:oder|or)(?!\w)/i
AND: /(?:und|and)(?!\w)/i
ELSE: /(?:sonst|else|otherwise)(?!\w)/i
INJURY: /(?:verletzung|injury)(?!\w)/i
LOSS: /(?:verlust|loss)(?!\w)/i
OF: /(?:von|of)(?!\w)/i
BACK: /(?:zur(?:ü|ue|u\u0308)ck|back)(?!\w)/i
FIGHT: /(?:kampf|fight)(?!\w)/i
LOOT: /(?:besitz|loot)(?!\w)/i
VALUE: /(?:wert|value)(?!\w)/i
MAGIC: /(?:magisch|magic)(?!\w)/i
ON: /(?:auf|to)(?!\w)/i
ROLL: /(?:wurf|roll)(?!\w)/i
HEALS: /(?:heilt|heals)(?!\w)/i
SPENT: /(?:verbraucht|spent)(?!\w)/i
AFTER: /(?:nach|after)(?!\w)/i
USE: /(?:gebrauch|use)(?!\w)/i

%ignore /\s+/
"""


@dataclass(slots=True)
class ParseWork:
    """Card text handed to the parser since start-up: tests bound cost by it, not by time."""

    parses: int = 0
    chars: int = 0

    def reset(self) -> None:
        self.parses = self.chars = 0


WORK: Final = ParseWork()


@cache
def parser() -> Lark:
    """The LALR parser, built once on first use."""
    return Lark(GRAMMAR, parser="lalr", lexer="contextual", start=list(KINDS))


# ---- words of the error messages ----------------------------------------------------

#: How each terminal is named in an error message: (German text, English text).
_SHOW: dict[str, tuple[str, str]] = {
    "INT": ("a number", "a number"),
    "DIE": ("a die such as W6", "a die such as W6"),
    "GOLD": ("Gold", "gold"),
    "ARTICLE": ("ein", "one"),
    "TREASURE": ("Schatz", "treasure"),
    "MONSTER_ENC": ("Monsterbegegnung", "Monster encounter"),
    "TRAP": ("Falle", "Trap"),
    "EMPTY": ("Leer", "Empty"),
    "FIGHT": ("Kampf", "Fight"),
    "VALUE": ("Wert", "Value"),
    "STAERKE": ATTR_WORD[Attr.STAERKE],
    "GEIST": ATTR_WORD[Attr.GEIST],
    "GESCHICK": ATTR_WORD[Attr.GESCHICK],
    "COLON": ("':'", "':'"),
    "COMMA": ("','", "','"),
    "ELSE": ("sonst", "else"),
    "INJURY": ("Verletzung", "injury"),
    "LOSS": ("Verlust", "loss"),
    "OF": ("von", "of"),
    "BACK": ("zurück", "back"),
    "LOOT": ("Besitz", "Loot"),
    "MAGIC": ("Magisch", "Magic"),
    "PLUS": ("'+'", "'+'"),
    "MINUS": ("'-'", "'-'"),
    "ON": ("auf", "to"),
    "ROLL": ("Wurf", "roll"),
    "HEALS": ("heilt", "heals"),
    "SPENT": ("Verbraucht", "Spent"),
    "AFTER": ("nach", "after"),
    "USE": ("Gebrauch", "use"),
    "OR": ("oder", "or"),
    "AND": ("und", "and"),
    "DOT": ("'.'", "'.'"),
    "BANG": ("'!'", "'!'"),
    "$END": ("end of text", "end of text"),
}
_ORDER = {name: i for i, name in enumerate(_SHOW)}
#: Terminals that are no keyword of the card language: named in the message's language.
_PHRASE = {"INT": "card.expect.int", "DIE": "card.expect.die", "$END": "card.expect.end"}
#: Optional continuations, named only when nothing else would fit.
_SECONDARY = frozenset({"OR", "AND", "BANG", "COMMA"})
#: Continuations of a dice expression (expected together), named only when nothing else fits.
_DICE_OPS = frozenset({"PLUS", "MINUS"})
#: At the start of a room sentence the expected words are the kinds of sentence.
_SENTENCE_KINDS = ("GOLD", "TREASURE", "MONSTER_ENC", "TRAP")

_EN_WORDS = frozenset(
    "a an one treasure treasures encounter trap empty strength mind dexterity or "
    "and else otherwise injury loss of back fight loot value magic to roll heals spent "
    "after use".split()
)
_DE_WORDS = frozenset(
    "ein eine einen einem einer eines schatz schätze schaetze monsterbegegnung falle leer "
    "stärke staerke geist geschick oder und sonst verletzung verlust von zurück zurueck "
    "kampf besitz wert magisch auf wurf heilt verbraucht nach gebrauch".split()
)
_LETTERS = re.compile(r"[^\W\d_]+")
_WORD = re.compile(r"\w+")
_CHUNK_BEFORE = re.compile(r"\S+$")


def _guess_lang(text: str) -> int:
    """0 for German, 1 for English: which language the card text seems written in."""
    en = de = 0
    for word in _LETTERS.findall(text.lower()):
        en += word in _EN_WORDS
        de += word in _DE_WORDS
    return 1 if en > de else 0


def dice_expected(exc: DiceError) -> tuple[Said, Said]:
    """The dice parser's expected words as (phrase, message field), in every language."""
    if exc.words is None:  # not from the parser's table: as it says itself
        return Both(exc.expected, exc.expected), Both(exc.expected, exc.expected)
    return DiceWords(exc.words, clause=False), DiceWords(exc.words, clause=True)


# ---- locating errors -------------------------------------------------------------------


class Source:
    """The card text being compiled, with the card's name, for located errors."""

    __slots__ = ("card", "text")

    def __init__(self, text: str, card: str | None) -> None:
        self.text = text
        self.card = card

    def error(self, pos: int, key: str, *, hint: Said | None = None, **fields: object) -> NoReturn:
        raise located(self.text, pos, self.card, key, messages(key, fields), hint)

    def at(self, token: Token, key: str, **fields: object) -> NoReturn:
        raise located(self.text, token_start(token), self.card, key, messages(key, fields))


def token_start(token: Token) -> int:
    return token.start_pos if token.start_pos is not None else 0


def located(
    text: str,
    pos: int,
    card: str | None,
    key: str,
    message: Phrase,
    expected: Said | None = None,
) -> CardTextError:
    pos = max(0, min(pos, len(text)))
    line = text.count("\n", 0, pos) + 1
    line_start = text.rfind("\n", 0, pos) + 1
    line_end = text.find("\n", pos)
    source_line = text[line_start : line_end if line_end >= 0 else len(text)]
    return CardTextError(
        card=card,
        line=line,
        column=pos - line_start + 1,
        text=source_line[:200],
        key=key,
        words=message,
        expected_words=expected,
    )


def _show_char(char: str) -> str:
    if char.isprintable() and not char.isspace():
        return f"'{char}'"
    return f"U+{ord(char):04X}"


def _expected_words(names: set[str], lang: int, found: str | None = None) -> tuple[object, ...]:
    """The words for a set of expected terminals: keywords as the card's language ``lang``
    (0 German, 1 English) spells them, whatever the message's language; a number, a die or
    the end of the text as phrases of the message's language. ``found`` is the type of the
    token that was found instead, if any."""
    if {"TRAP", "MONSTER_ENC"} <= names and found not in _SENTENCE_KINDS:
        # the start of a room sentence: name the kinds of sentence
        shown = [*_SENTENCE_KINDS, *(n for n in ("EMPTY", "$END") if n in names)]
    else:
        primary = names - _SECONDARY - (_DICE_OPS if "MINUS" in names else frozenset())
        shown = sorted(primary or names, key=lambda n: _ORDER.get(n, len(_ORDER)))
    words: list[object] = []
    for name in shown:
        word: object = (
            Phrase(_PHRASE[name]) if name in _PHRASE else _SHOW.get(name, (name,) * 2)[lang]
        )
        if word not in words:
            words.append(word)
    return tuple(words)


def _what(words: tuple[object, ...]) -> Said:
    """What was expected (``CardTextError.expected``): a word, or 'one of: …'."""
    if not words:
        return Phrase("card.expect.nothing")
    if len(words) == 1:
        return Listed(words)
    return Phrase.of("card.expect.one_of", choices=Listed(words))


def _after(text: str, pos: int) -> str | None:
    """``Geschick``: the chunk of text before the error, unless a sentence ended."""
    match = _CHUNK_BEFORE.search(text[:pos].rstrip())
    if match is None:
        return None
    chunk = match.group()
    if chunk.endswith((".", "!")) or not chunk.isprintable():
        return None
    if len(chunk) > SHOW_LIMIT:
        chunk = "…" + chunk[-(SHOW_LIMIT - 1) :]
    return chunk


def _expected_after(words: tuple[object, ...], after: str | None) -> Phrase:
    """The ``{expected}`` field: ``a number after 'Geschick'`` in English, a clause in German
    (``nach 'Geschick' wird eine Zahl erwartet``, ``erwartet wird eine Zahl``)."""
    if len(words) > 1:
        choices = Listed(words)
        if after is None:
            return Phrase.of("card.expect.plain_one_of", choices=choices)
        return Phrase.of("card.expect.after_one_of", choices=choices, after=after)
    if after is None:
        return Phrase.of("card.expect.plain", what=_what(words))
    return Phrase.of("card.expect.after", what=_what(words), after=after)


def _acceptable(exc: UnexpectedCharacters) -> set[str]:
    """The words the parser could take where a character did not lex. The contextual
    lexer's ``allowed`` is shared by parser states of every card kind (after a monster's
    fight it offers a room's Falle); the parser's own ``accepts`` is for this kind only."""
    allowed = set(exc.allowed or ())
    parser = getattr(exc, "interactive_parser", None)
    if parser is None:  # pragma: no cover - lark's LALR parser always gives one
        return allowed
    try:
        accepts = set(parser.accepts())
    except LarkError:  # pragma: no cover - accepts() replays the parser
        return allowed
    return (allowed & accepts) or accepts or allowed


def _syntax_error(src: Source, exc: UnexpectedInput) -> CardTextError:
    text = src.text
    lang = _guess_lang(text)
    end = len(text.rstrip())
    found: str | None = None
    found_type: str | None = None
    if isinstance(exc, UnexpectedToken):
        try:
            names = set(exc.accepts or exc.expected)
        except LarkError:  # pragma: no cover - accepts() replays the parser
            names = set(exc.expected)
        if exc.token.type == "$END":
            pos = end
        else:
            pos = token_start(exc.token)
            found = clip(str(exc.token))
            found_type = exc.token.type
    elif isinstance(exc, UnexpectedCharacters):
        names = _acceptable(exc)
        pos = exc.pos_in_stream or 0
    elif isinstance(exc, UnexpectedEOF):  # pragma: no cover - Earley only
        names = {str(t) for t in exc.expected}
        pos = end
    else:  # pragma: no cover - no other kinds exist
        return located(text, 0, src.card, "unreadable", messages("unreadable", {}))
    words = _expected_words(names, lang, found_type)
    fields: dict[str, object] = {"expected": _expected_after(words, _after(text, pos))}
    if pos >= end:
        key = "empty" if end == 0 else "end"
    elif found is not None:
        key = "wrong_token"
        fields["found"] = found
    else:
        word = _WORD.match(text, pos)
        if word is not None:
            key = "unknown_word"
            fields["word"] = clip(word.group())
        else:
            key = "bad_char"
            fields["char"] = _show_char(text[pos])
    return located(text, pos, src.card, key, messages(key, fields), _what(words))


def parse_tree(text: object, start: str, card: str | None) -> tuple[Source, Tree[Token]]:
    if not isinstance(text, str):
        raise card_error("not_str", card, type=type(text).__name__)
    src = Source(text, card)
    if len(text) > MAX_TEXT_LENGTH:
        src.error(MAX_TEXT_LENGTH, "too_long", max=MAX_TEXT_LENGTH)
    WORK.parses += 1
    WORK.chars += len(text)
    # The error is raised after the handler, so lark's exception (and its parser state) does
    # not travel as its __context__: where tblib pickles exceptions with their causes (Dask
    # installs it), that state could not be pickled and the error never reached the caller.
    failure: CardTextError | None = None
    try:
        tree = parser().parse(text, start=start)
    except UnexpectedInput as exc:
        failure = _syntax_error(src, exc)
    except LarkError:  # pragma: no cover - the LALR parser raises only UnexpectedInput
        failure = located(text, 0, card, "unreadable", messages("unreadable", {}))
    if failure is not None:
        raise failure from None
    return src, tree

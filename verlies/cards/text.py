"""The card-text language: printed room, monster and treasure card text <-> structured effects.

A card's behaviour is the text printed on it. This module reads that text with a real grammar
(lark, LALR) and compiles it into the effect values of :mod:`verlies.cards.model`; it never
evaluates anything as Python. The formatters write the canonical text back, so that
``parse(format(x)) == x`` for every valid value, in German and in English.

>>> parse_room("2+W3 Gold. Ein Schatz.")
(GainGold(dice=Dice(constant=2, w6=0, w3=1)), DrawTreasure(count=1))
>>> format_room(parse_room("Trap: Mind 6, else back."))
'Falle: Geist 6, sonst zurück.'

Every problem is a :class:`~verlies.errors.CardTextError` naming the card, the line and the
column, and what was expected, in plain words, in English (``str(exc)``) and in German
(``exc.text_in("de")``). See ``docs/card-language.md``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import NamedTuple, NoReturn

from lark import Lark, Token, Tree
from lark.exceptions import (
    LarkError,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)

from verlies.cards.model import (
    Attr,
    Blocked,
    DrawTreasure,
    FightOption,
    GainGold,
    Heal,
    Injury,
    LoseGoldOrTreasure,
    MonsterEncounter,
    MonsterText,
    Penalty,
    RollBonus,
    RoomEffect,
    Trap,
    TreasureText,
)
from verlies.dice import MAX_CONSTANT, MAX_DICE, Dice
from verlies.errors import CardTextError, DiceError

__all__ = [
    "KINDS",
    "MAX_NUMBER",
    "MAX_TEXT_LENGTH",
    "MAX_TRAP_TARGET",
    "MESSAGES",
    "MESSAGES_DE",
    "MIN_TRAP_TARGET",
    "format_card",
    "format_monster",
    "format_room",
    "format_treasure",
    "parse_card",
    "parse_monster",
    "parse_room",
    "parse_treasure",
]

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


@cache
def _parser() -> Lark:
    """The LALR parser, built once on first use."""
    return Lark(GRAMMAR, parser="lalr", lexer="contextual", start=list(KINDS))


# ---- words ---------------------------------------------------------------------------

#: The card language's keywords for the values, (German, English): the grammar's words,
#: not the display names (those are in verlies.i18n and may change without breaking cards).
_ATTR_WORD: dict[Attr, tuple[str, str]] = {
    Attr.STAERKE: ("Stärke", "Strength"),
    Attr.GEIST: ("Geist", "Mind"),
    Attr.GESCHICK: ("Geschick", "Dexterity"),
}

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
    "STAERKE": _ATTR_WORD[Attr.STAERKE],
    "GEIST": _ATTR_WORD[Attr.GEIST],
    "GESCHICK": _ATTR_WORD[Attr.GESCHICK],
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
#: How terminals that are no keyword of the card language are named in a German message.
_SHOW_DE = {"INT": "eine Zahl", "DIE": "ein Würfel wie W6", "$END": "das Textende"}
_ONE_OF = "one of: "
_ONE_OF_DE = "eines von: "
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
_DIE = re.compile(r"([0-9]*)\s*[wW]\s*([0-9]+)")
_CHUNK_BEFORE = re.compile(r"\S+$")
_SHOW_LIMIT = 30

_PENALTY_NAME = {Injury: ("Verletzung", "injury"), Blocked: ("zurück", "back")}


def _lang_index(lang: str) -> int:
    if lang == "de":
        return 0
    if lang == "en":
        return 1
    raise ValueError(f"unknown language {lang!r}: expected 'de' or 'en'")


def _guess_lang(text: str) -> int:
    """0 for German, 1 for English: which language the card text seems written in."""
    en = de = 0
    for word in _LETTERS.findall(text.lower()):
        en += word in _EN_WORDS
        de += word in _DE_WORDS
    return 1 if en > de else 0


def _clip(s: str) -> str:
    return s if len(s) <= _SHOW_LIMIT else s[: _SHOW_LIMIT - 1] + "…"


class _Both(NamedTuple):
    """A message field that differs between the English and the German message."""

    en: str
    de: str


def _messages(key: str, fields: dict[str, object]) -> _Both:
    """The message ``key`` with its fields filled in, in English and in German."""
    en = {k: v.en if isinstance(v, _Both) else v for k, v in fields.items()}
    de = {k: v.de if isinstance(v, _Both) else v for k, v in fields.items()}
    return _Both(MESSAGES[key].format(**en), MESSAGES_DE[key].format(**de))


def _error(key: str, card: str | None = None, **fields: object) -> CardTextError:
    """An error without a place in the text (the text is no string, the kind is unknown)."""
    message = _messages(key, fields)
    return CardTextError(message.en, card=card, message_de=message.de, key=key)


#: The dice parser's words (``DiceError.expected``) in German: (phrase, clause).
_DICE_DE: dict[str, tuple[str, str]] = {
    "W6 or W3 (no other dice exist in the game)": (
        "W6 oder W3 (andere Würfel gibt es im Spiel nicht)",
        "erwartet wird W6 oder W3 (andere Würfel gibt es im Spiel nicht)",
    ),
    "'+' before a die (dice are added, never subtracted)": (
        "'+' vor einem Würfel (Würfel werden addiert, nie abgezogen)",
        "erwartet wird '+' vor einem Würfel (Würfel werden addiert, nie abgezogen)",
    ),
    f"between 1 and {MAX_DICE} dice": (
        f"1 bis {MAX_DICE} Würfel",
        f"erwartet werden 1 bis {MAX_DICE} Würfel",
    ),
    f"at most {MAX_DICE} dice in all": (
        f"höchstens {MAX_DICE} Würfel insgesamt",
        f"erwartet werden höchstens {MAX_DICE} Würfel insgesamt",
    ),
    f"a number up to {MAX_CONSTANT}": (
        f"eine Zahl bis {MAX_CONSTANT}",
        f"erwartet wird eine Zahl bis {MAX_CONSTANT}",
    ),
    "a number or a die such as W6": (
        "eine Zahl oder ein Würfel wie W6",
        "erwartet wird eine Zahl oder ein Würfel wie W6",
    ),
    "a number or a die after the sign": (
        "eine Zahl oder ein Würfel nach dem Vorzeichen",
        "erwartet wird eine Zahl oder ein Würfel nach dem Vorzeichen",
    ),
    "a number, W6, W3 or '+'": (
        "eine Zahl, W6, W3 oder '+'",
        "erwartet wird eine Zahl, W6, W3 oder '+'",
    ),
    "'+' or '-'": ("'+' oder '-'", "erwartet wird '+' oder '-'"),
    "a dice expression such as 2+W3": (
        "ein Würfelausdruck wie 2+W3",
        "erwartet wird ein Würfelausdruck wie 2+W3",
    ),
}


def _dice_expected(expected: str) -> tuple[_Both, _Both]:
    """The dice parser's expected words as (phrase, message field), English and German."""
    phrase, clause = _DICE_DE.get(expected, (expected, f"erwartet wird {expected}"))
    return _Both(expected, phrase), _Both(expected, clause)


# ---- locating errors -------------------------------------------------------------------


class _Source:
    """The card text being compiled, with the card's name, for located errors."""

    __slots__ = ("card", "text")

    def __init__(self, text: str, card: str | None) -> None:
        self.text = text
        self.card = card

    def error(self, pos: int, key: str, *, hint: _Both | None = None, **fields: object) -> NoReturn:
        raise _located(self.text, pos, self.card, key, _messages(key, fields), hint)

    def at(self, token: Token, key: str, **fields: object) -> NoReturn:
        raise _located(self.text, _start(token), self.card, key, _messages(key, fields))


def _start(token: Token) -> int:
    return token.start_pos if token.start_pos is not None else 0


def _located(
    text: str,
    pos: int,
    card: str | None,
    key: str,
    message: _Both,
    expected: _Both | None = None,
) -> CardTextError:
    pos = max(0, min(pos, len(text)))
    line = text.count("\n", 0, pos) + 1
    line_start = text.rfind("\n", 0, pos) + 1
    line_end = text.find("\n", pos)
    source_line = text[line_start : line_end if line_end >= 0 else len(text)]
    return CardTextError(
        message.en,
        card=card,
        line=line,
        column=pos - line_start + 1,
        text=source_line[:200],
        expected=expected.en if expected is not None else None,
        message_de=message.de,
        expected_de=expected.de if expected is not None else None,
        key=key,
    )


def _show_char(char: str) -> str:
    if char.isprintable() and not char.isspace():
        return f"'{char}'"
    return f"U+{ord(char):04X}"


def _expected_words(names: set[str], lang: int, found: str | None = None) -> _Both:
    """Plain words for a set of expected terminals, in an English and a German message:
    'a number' / 'eine Zahl' or 'one of: Gold, Schatz' / 'eines von: Gold, Schatz'.

    Keywords are named in the card's language ``lang`` (0 German, 1 English) in both
    messages; ``found`` is the type of the token that was found instead, if any.
    """
    if {"TRAP", "MONSTER_ENC"} <= names and found not in _SENTENCE_KINDS:
        # the start of a room sentence: name the kinds of sentence
        shown = [*_SENTENCE_KINDS, *(n for n in ("EMPTY", "$END") if n in names)]
    else:
        primary = names - _SECONDARY - (_DICE_OPS if "MINUS" in names else frozenset())
        shown = sorted(primary or names, key=lambda n: _ORDER.get(n, len(_ORDER)))
    words: list[_Both] = []
    for name in shown:
        word = _SHOW[name][lang] if name in _SHOW else name
        both = _Both(word, _SHOW_DE.get(name, word))
        if both not in words:
            words.append(both)
    if not words:
        return _Both("nothing more", "nichts mehr")
    if len(words) == 1:
        return words[0]
    return _Both(
        _ONE_OF + ", ".join(w.en for w in words), _ONE_OF_DE + ", ".join(w.de for w in words)
    )


def _after(text: str, pos: int) -> str | None:
    """``Geschick``: the chunk of text before the error, unless a sentence ended."""
    match = _CHUNK_BEFORE.search(text[:pos].rstrip())
    if match is None:
        return None
    chunk = match.group()
    if chunk.endswith((".", "!")) or not chunk.isprintable():
        return None
    if len(chunk) > _SHOW_LIMIT:
        chunk = "…" + chunk[-(_SHOW_LIMIT - 1) :]
    return chunk


def _expected_after(what: _Both, after: str | None) -> _Both:
    """The ``{expected}`` field: ``a number after 'Geschick'`` in English, a clause in German
    (``nach 'Geschick' wird eine Zahl erwartet``, ``erwartet wird eine Zahl``)."""
    if after is None:
        return _Both(what.en, f"erwartet wird {what.de}")
    en = f"{what.en} after '{after}'"
    if what.de.startswith(_ONE_OF_DE):
        choices = what.de.removeprefix(_ONE_OF_DE)
        return _Both(en, f"nach '{after}' wird eines der folgenden erwartet: {choices}")
    return _Both(en, f"nach '{after}' wird {what.de} erwartet")


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


def _syntax_error(src: _Source, exc: UnexpectedInput) -> CardTextError:
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
            pos = _start(exc.token)
            found = _clip(str(exc.token))
            found_type = exc.token.type
    elif isinstance(exc, UnexpectedCharacters):
        names = _acceptable(exc)
        pos = exc.pos_in_stream or 0
    elif isinstance(exc, UnexpectedEOF):  # pragma: no cover - Earley only
        names = {str(t) for t in exc.expected}
        pos = end
    else:  # pragma: no cover - no other kinds exist
        return _located(text, 0, src.card, "unreadable", _messages("unreadable", {}))
    what = _expected_words(names, lang, found_type)
    fields: dict[str, object] = {"expected": _expected_after(what, _after(text, pos))}
    if pos >= end:
        key = "empty" if end == 0 else "end"
    elif found is not None:
        key = "wrong_token"
        fields["found"] = found
    else:
        word = _WORD.match(text, pos)
        if word is not None:
            key = "unknown_word"
            fields["word"] = _clip(word.group())
        else:
            key = "bad_char"
            fields["char"] = _show_char(text[pos])
    return _located(text, pos, src.card, key, _messages(key, fields), what)


def _parse_tree(text: object, start: str, card: str | None) -> tuple[_Source, Tree[Token]]:
    if not isinstance(text, str):
        raise _error("not_str", card, type=type(text).__name__)
    src = _Source(text, card)
    if len(text) > MAX_TEXT_LENGTH:
        src.error(MAX_TEXT_LENGTH, "too_long", max=MAX_TEXT_LENGTH)
    try:
        tree = _parser().parse(text, start=start)
    except UnexpectedInput as exc:
        raise _syntax_error(src, exc) from None
    except LarkError:  # pragma: no cover - the LALR parser raises only UnexpectedInput
        raise _located(text, 0, card, "unreadable", _messages("unreadable", {})) from None
    return src, tree


# ---- compiling the tree ------------------------------------------------------------------


def _subtrees(tree: Tree[Token]) -> list[Tree[Token]]:
    return [c for c in tree.children if isinstance(c, Tree)]


def _tokens(tree: Tree[Token], *types: str) -> list[Token]:
    return [c for c in tree.children if isinstance(c, Token) and (not types or c.type in types)]


def _child(tree: Tree[Token], data: str) -> Tree[Token] | None:
    for sub in _subtrees(tree):
        if sub.data == data:
            return sub
    return None


def _number_at(src: _Source, digits: str, pos: int) -> int:
    """An integer from ASCII digits; too many digits is an error before ``int()`` is called."""
    significant = digits.lstrip("0")
    if len(significant) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
        src.error(pos, "too_large", max=MAX_NUMBER)
    return int(digits)


def _number(src: _Source, token: Token) -> int:
    return _number_at(src, str(token), _start(token))


_ATTR_OF_TOKEN = {"STAERKE": Attr.STAERKE, "GEIST": Attr.GEIST, "GESCHICK": Attr.GESCHICK}


def _attr(tree: Tree[Token]) -> tuple[Attr, Token]:
    token = _tokens(tree)[0]
    return _ATTR_OF_TOKEN[token.type], token


def _attrs(src: _Source, tree: Tree[Token]) -> tuple[Attr, ...]:
    seen: list[Attr] = []
    for sub in _subtrees(tree):
        attr, token = _attr(sub)
        if attr in seen:
            src.at(token, "duplicate_attr", attr=str(token))
        seen.append(attr)
    return tuple(seen)


def _dice(src: _Source, tree: Tree[Token]) -> Dice:
    tokens = list(tree.scan_values(lambda v: isinstance(v, Token)))
    for token in tokens:
        if token.type == "INT":
            _number(src, token)
        elif token.type == "DIE":
            die = _DIE.fullmatch(str(token))
            assert die is not None
            for group in (1, 2):
                if die.group(group):
                    _number_at(src, die.group(group), _start(token) + die.start(group))
    start = _start(tokens[0])
    stop = tokens[-1].end_pos
    source = src.text[start : stop if stop is not None else len(src.text)]
    shown = _clip(" ".join(source.split()))
    try:
        return Dice.parse(source)
    except DiceError as exc:
        hint, expected = _dice_expected(exc.expected)
        src.error(start + exc.column - 1, "bad_dice", hint=hint, dice=shown, expected=expected)


def _gold(src: _Source, tree: Tree[Token]) -> Dice:
    dice = _dice(src, tree)
    where = _start(next(tree.scan_values(lambda v: isinstance(v, Token))))
    if dice.min < 0:
        src.error(where, "gold_negative", dice=str(dice), min=dice.min)
    if dice.max < 1:
        src.error(where, "gold_zero", dice=str(dice))
    return dice


def _count(src: _Source, tree: Tree[Token]) -> int:
    token = _tokens(tree)[0]
    if token.type == "ARTICLE":
        return 1
    n = _number(src, token)
    if n < 1:
        src.at(token, "zero_treasures")
    return n


def _penalties(src: _Source, tree: Tree[Token]) -> tuple[Penalty, ...]:
    result: list[Penalty] = []
    for sub in _subtrees(tree):
        penalty: Penalty
        first = _tokens(sub)[0]
        if sub.data == "injury":
            penalty = Injury()
        elif sub.data == "back":
            penalty = Blocked()
        else:
            amount_token = _tokens(sub, "INT")[0]
            amount = _number(src, amount_token)
            if amount < 1:
                src.at(amount_token, "zero_loss")
            penalty = LoseGoldOrTreasure(amount)
        if any(type(p) is type(penalty) for p in result):
            src.at(first, "duplicate_penalty", penalty=str(first))
        result.append(penalty)
    return tuple(result)


def _trap(src: _Source, tree: Tree[Token]) -> Trap:
    attrs_tree = _child(tree, "attrs")
    penalties_tree = _child(tree, "penalties")
    assert attrs_tree is not None and penalties_tree is not None
    attrs = _attrs(src, attrs_tree)
    target_token = _tokens(tree, "INT")[0]
    target = _number(src, target_token)
    if target < MIN_TRAP_TARGET:
        src.at(target_token, "target_low", n=target, min=MIN_TRAP_TARGET)
    if target > MAX_TRAP_TARGET:
        src.at(target_token, "target_high", n=target, max=MAX_TRAP_TARGET)
    return Trap(attrs, target, _penalties(src, penalties_tree))


def _room_effect(src: _Source, tree: Tree[Token]) -> RoomEffect:
    if tree.data == "gold":
        dice_tree = _child(tree, "dice")
        assert dice_tree is not None
        return GainGold(_gold(src, dice_tree))
    if tree.data == "treasures":
        count_tree = _child(tree, "count")
        assert count_tree is not None
        return DrawTreasure(_count(src, count_tree))
    if tree.data == "encounter":
        return MonsterEncounter()
    return _trap(src, tree)


def _monster(src: _Source, tree: Tree[Token]) -> MonsterText:
    fight: list[FightOption] = []
    for option in _subtrees(tree):
        if option.data != "fight_option":
            continue
        attr_tree = _child(option, "attr")
        assert attr_tree is not None
        attr, token = _attr(attr_tree)
        if any(f.attr is attr for f in fight):
            src.at(token, "duplicate_attr", attr=str(token))
        fight.append(FightOption(attr, _number(src, _tokens(option, "INT")[0])))
    gold: Dice | None = None
    treasures = 0
    loot = _child(tree, "loot")
    if loot is not None:
        for item in _subtrees(loot):
            if item.data not in ("loot_gold", "loot_treasures"):
                continue
            first = next(item.scan_values(lambda v: isinstance(v, Token)))
            sub = _subtrees(item)[0]
            if item.data == "loot_gold":
                if gold is not None:
                    src.at(first, "duplicate_loot", what=_Both("gold", "Gold"))
                gold = _gold(src, sub)
            else:
                if treasures:
                    src.at(first, "duplicate_loot", what=_Both("treasure", "Schätze"))
                treasures = _count(src, sub)
    return MonsterText(tuple(fight), gold, treasures)


def _treasure(src: _Source, tree: Tree[Token]) -> TreasureText:
    gold = _number(src, _tokens(tree, "INT")[0])
    magic: RollBonus | Heal | None = None
    magic_tree = _child(tree, "magic")
    if magic_tree is not None:
        effect = _subtrees(magic_tree)[0]
        if effect.data == "heal":
            magic = Heal()
        else:
            amount_token = _tokens(effect, "INT")[0]
            amount = _number(src, amount_token)
            if amount < 1:
                src.at(amount_token, "zero_bonus")
            target = _subtrees(effect)[0]
            attrs = () if target.data == "any_roll" else _attrs(src, target)
            magic = RollBonus(amount, attrs)
    spent_tree = _child(tree, "spent")
    if spent_tree is not None and magic is None:
        word = _tokens(spent_tree)[0]
        src.at(word, "spent_without_magic", word=str(word))
    return TreasureText(gold, magic, spent_tree is not None)


# ---- public: parsing ---------------------------------------------------------------------


def parse_room(text: str, card: str | None = None) -> tuple[RoomEffect, ...]:
    """Compile a room card's text into its effects, in order (R6.2).

    >>> parse_room("Monsterbegegnung!")
    (MonsterEncounter(),)
    >>> parse_room("Leer.")
    ()
    >>> parse_room("Falle: Stärke oder Geschick 7, sonst Verletzung und Verlust von 3 Gold"
    ...            " oder einem Schatz.")[0].on_fail
    (Injury(), LoseGoldOrTreasure(gold=3))
    >>> parse_room("2 treasures.")
    (DrawTreasure(count=2),)
    >>> try:
    ...     parse_room("Ein Drache.", card="r07")
    ... except CardTextError as e:
    ...     print(e.card, e.line, e.column, e.message, sep=" | ")
    r07 | 1 | 5 | unknown word 'Drache' — expected Schatz after 'Ein'
    >>> try:
    ...     parse_room("Falle: Geschick , sonst zurück.", card="r08")
    ... except CardTextError as e:
    ...     print(e.text_in("de"))
    Karte 'r08', Zeile 1, Spalte 17: nach 'Geschick' wird eine Zahl erwartet, nicht ','
    """
    src, tree = _parse_tree(text, "room", card)
    if tree.data == "empty_room":
        return ()
    return tuple(_room_effect(src, sub) for sub in _subtrees(tree))


def parse_monster(text: str, card: str | None = None) -> MonsterText:
    """Compile a monster card's text: its fight options and possessions (R7).

    >>> m = parse_monster("Kampf: Geist 5 oder Geschick 4. Besitz: W6 Gold und ein Schatz.")
    >>> [(o.attr.key, o.value) for o in m.fight], str(m.loot_gold), m.loot_treasures
    ([('geist', 5), ('geschick', 4)], 'W6', 1)
    >>> parse_monster("Fight: Strength 6.").fight
    (FightOption(attr=<Attr.STAERKE: 'Stärke'>, value=6),)
    """
    src, tree = _parse_tree(text, "monster", card)
    return _monster(src, tree)


def parse_treasure(text: str, card: str | None = None) -> TreasureText:
    """Compile a treasure card's text: gold value, magic and whether it is spent (R9).

    >>> parse_treasure("Wert: 4 Gold. Magisch: +2 auf einen Wurf. Verbraucht nach Gebrauch.")
    TreasureText(gold=4, magic=RollBonus(amount=2, attrs=()), spent=True)
    >>> parse_treasure("Value: 1 gold. Magic: heals an injury.")
    TreasureText(gold=1, magic=Heal(), spent=False)
    """
    src, tree = _parse_tree(text, "treasure", card)
    return _treasure(src, tree)


def parse_card(
    kind: str, text: str, card: str | None = None
) -> tuple[RoomEffect, ...] | MonsterText | TreasureText:
    """Parse the text of a card of ``kind`` ("room", "monster" or "treasure").

    >>> parse_card("treasure", "Wert: 2 Gold.")
    TreasureText(gold=2, magic=None, spent=False)
    """
    if kind == "room":
        return parse_room(text, card)
    if kind == "monster":
        return parse_monster(text, card)
    if kind == "treasure":
        return parse_treasure(text, card)
    raise _error("unknown_kind", card, kind=kind)


# ---- public: formatting ------------------------------------------------------------------


def _attr_name(attr: Attr, lang: int) -> str:
    return _ATTR_WORD[attr][lang]


def _attr_choice(attrs: Sequence[Attr], lang: int) -> str:
    return (" or " if lang else " oder ").join(_attr_name(a, lang) for a in attrs)


def _treasure_count(n: int, lang: int, sentence_start: bool) -> str:
    if n == 1:
        word = ("ein Schatz", "a treasure")[lang]
        return word[0].upper() + word[1:] if sentence_start else word
    return f"{n} " + ("Schätze", "treasures")[lang]


def _format_penalty(p: Penalty, lang: int) -> str:
    if isinstance(p, LoseGoldOrTreasure):
        if lang:
            return f"loss of {p.gold} gold or a treasure"
        return f"Verlust von {p.gold} Gold oder einem Schatz"
    return _PENALTY_NAME[type(p)][lang]


def _format_effect(effect: RoomEffect, lang: int) -> str:
    if isinstance(effect, GainGold):
        return f"{effect.dice} " + ("Gold.", "gold.")[lang]
    if isinstance(effect, DrawTreasure):
        return _treasure_count(effect.count, lang, True) + "."
    if isinstance(effect, MonsterEncounter):
        return ("Monsterbegegnung!", "Monster encounter!")[lang]
    if isinstance(effect, Trap):
        penalties = (" and " if lang else " und ").join(
            _format_penalty(p, lang) for p in effect.on_fail
        )
        head = ("Falle", "Trap")[lang]
        otherwise = ("sonst", "else")[lang]
        return (
            f"{head}: {_attr_choice(effect.attrs, lang)} {effect.target}, {otherwise} {penalties}."
        )
    raise TypeError(f"not a room effect: {effect!r}")


def format_room(effects: Sequence[RoomEffect], lang: str = "de") -> str:
    """The canonical text of room effects; ``parse_room`` reads it back.

    >>> format_room((GainGold(Dice.parse("2+W3")), DrawTreasure(2)))
    '2+W3 Gold. 2 Schätze.'
    >>> format_room((Trap((Attr.GESCHICK,), 8, (Injury(), LoseGoldOrTreasure(3))),), "en")
    'Trap: Dexterity 8, else injury and loss of 3 gold or a treasure.'
    >>> format_room(())
    'Leer.'
    """
    i = _lang_index(lang)
    if not effects:
        return ("Leer.", "Empty.")[i]
    return " ".join(_format_effect(e, i) for e in effects)


def format_monster(m: MonsterText, lang: str = "de") -> str:
    """The canonical text of a monster card.

    >>> format_monster(MonsterText((FightOption(Attr.STAERKE, 6),), Dice.parse("W6"), 1))
    'Kampf: Stärke 6. Besitz: W6 Gold und ein Schatz.'
    >>> format_monster(MonsterText((FightOption(Attr.GEIST, 5),), None, 2), "en")
    'Fight: Mind 5. Loot: 2 treasures.'
    """
    i = _lang_index(lang)
    options = (" or " if i else " oder ").join(
        f"{_attr_name(o.attr, i)} {o.value}" for o in m.fight
    )
    text = f"{('Kampf', 'Fight')[i]}: {options}."
    loot: list[str] = []
    if m.loot_gold is not None:
        loot.append(f"{m.loot_gold} " + ("Gold", "gold")[i])
    if m.loot_treasures:
        loot.append(_treasure_count(m.loot_treasures, i, False))
    if loot:
        text += f" {('Besitz', 'Loot')[i]}: " + (" and " if i else " und ").join(loot) + "."
    return text


def format_treasure(t: TreasureText, lang: str = "de") -> str:
    """The canonical text of a treasure card.

    >>> format_treasure(TreasureText(4, RollBonus(1, (Attr.GEIST, Attr.GESCHICK))))
    'Wert: 4 Gold. Magisch: +1 auf Geist oder Geschick.'
    >>> format_treasure(TreasureText(0, Heal(), spent=True), "en")
    'Value: 0 gold. Magic: heals an injury. Spent after use.'
    """
    i = _lang_index(lang)
    text = f"{('Wert', 'Value')[i]}: {t.gold} " + ("Gold.", "gold.")[i]
    if isinstance(t.magic, Heal):
        text += (" Magisch: heilt eine Verletzung.", " Magic: heals an injury.")[i]
    elif isinstance(t.magic, RollBonus):
        if t.magic.attrs:
            target = _attr_choice(t.magic.attrs, i)
        else:
            target = ("einen Wurf", "one roll")[i]
        text += f" {('Magisch', 'Magic')[i]}: +{t.magic.amount} {('auf', 'to')[i]} {target}."
    if t.spent:
        text += (" Verbraucht nach Gebrauch.", " Spent after use.")[i]
    return text


def format_card(
    kind: str, value: Sequence[RoomEffect] | MonsterText | TreasureText, lang: str = "de"
) -> str:
    """The canonical text of a card of ``kind``; the inverse of :func:`parse_card`.

    >>> format_card("room", (MonsterEncounter(),), "en")
    'Monster encounter!'
    """
    if kind == "room" and not isinstance(value, MonsterText | TreasureText):
        return format_room(value, lang)
    if kind == "monster" and isinstance(value, MonsterText):
        return format_monster(value, lang)
    if kind == "treasure" and isinstance(value, TreasureText):
        return format_treasure(value, lang)
    if kind not in KINDS:
        raise _error("unknown_kind", kind=kind)
    raise TypeError(f"not the value of a {kind} card: {value!r}")

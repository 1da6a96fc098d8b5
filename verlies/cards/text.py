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

The language is split by concern: the grammar and its syntax errors
(:mod:`verlies.cards.grammar`, lark), compiling the tree into effects and the public
``parse_*`` (here), the canonical forms ``format_*`` (:mod:`verlies.cards.canonical`, no
lark) and the limits and messages both sides share (:mod:`verlies.cards.text_messages`).
This module offers all of it, as before.
"""

from __future__ import annotations

import re

from lark import Token, Tree

from verlies.cards.canonical import format_card, format_monster, format_room, format_treasure
from verlies.cards.grammar import GRAMMAR, Source, dice_expected, parse_tree, token_start
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
from verlies.cards.text_messages import (
    KINDS,
    MAX_NUMBER,
    MAX_TEXT_LENGTH,
    MAX_TRAP_TARGET,
    MESSAGES,
    MESSAGES_DE,
    MIN_TRAP_TARGET,
    Phrase,
    card_error,
    clip,
)
from verlies.dice import Dice
from verlies.errors import CardTextError, DiceError  # noqa: F401 - CardTextError: examples

__all__ = [
    "GRAMMAR",
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

#: A die in a dice expression: its count and sides.
_DIE = re.compile(r"([0-9]*)\s*[wW]\s*([0-9]+)")


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


def _number_at(src: Source, digits: str, pos: int) -> int:
    """An integer from ASCII digits; too many digits is an error before ``int()`` is called."""
    significant = digits.lstrip("0")
    if len(significant) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
        src.error(pos, "too_large", max=MAX_NUMBER)
    return int(digits)


def _number(src: Source, token: Token) -> int:
    return _number_at(src, str(token), token_start(token))


def _positive(src: Source, token: Token, zero: str) -> int:
    """A number of at least 1; ``zero`` is the message key for a 0."""
    n = _number(src, token)
    if n < 1:
        src.at(token, zero)
    return n


_ATTR_OF_TOKEN = {"STAERKE": Attr.STAERKE, "GEIST": Attr.GEIST, "GESCHICK": Attr.GESCHICK}


def _attr(tree: Tree[Token]) -> tuple[Attr, Token]:
    token = _tokens(tree)[0]
    return _ATTR_OF_TOKEN[token.type], token


def _attrs(src: Source, tree: Tree[Token]) -> tuple[Attr, ...]:
    seen: list[Attr] = []
    for sub in _subtrees(tree):
        attr, token = _attr(sub)
        if attr in seen:
            src.at(token, "duplicate_attr", attr=str(token))
        seen.append(attr)
    return tuple(seen)


def _dice(src: Source, tree: Tree[Token]) -> Dice:
    tokens = list(tree.scan_values(lambda v: isinstance(v, Token)))
    for token in tokens:
        if token.type == "INT":
            _number(src, token)
        elif token.type == "DIE":
            die = _DIE.fullmatch(str(token))
            assert die is not None
            for group in (1, 2):
                if die.group(group):
                    _number_at(src, die.group(group), token_start(token) + die.start(group))
    start = token_start(tokens[0])
    stop = tokens[-1].end_pos
    source = src.text[start : stop if stop is not None else len(src.text)]
    shown = clip(" ".join(source.split()))
    try:
        return Dice.parse(source)
    except DiceError as exc:
        hint, expected = dice_expected(exc)
        src.error(start + exc.column - 1, "bad_dice", hint=hint, dice=shown, expected=expected)


def _gold(src: Source, tree: Tree[Token]) -> Dice:
    dice = _dice(src, tree)
    where = token_start(next(tree.scan_values(lambda v: isinstance(v, Token))))
    if dice.min < 0:
        src.error(where, "gold_negative", dice=str(dice), min=dice.min)
    if dice.max < 1:
        src.error(where, "gold_zero", dice=str(dice))
    return dice


def _count(src: Source, tree: Tree[Token]) -> int:
    token = _tokens(tree)[0]
    if token.type == "ARTICLE":
        return 1
    return _positive(src, token, "zero_treasures")


def _penalties(src: Source, tree: Tree[Token]) -> tuple[Penalty, ...]:
    result: list[Penalty] = []
    for sub in _subtrees(tree):
        penalty: Penalty
        first = _tokens(sub)[0]
        if sub.data == "injury":
            penalty = Injury()
        elif sub.data == "back":
            penalty = Blocked()
        else:
            penalty = LoseGoldOrTreasure(_positive(src, _tokens(sub, "INT")[0], "zero_loss"))
        if any(type(p) is type(penalty) for p in result):
            src.at(first, "duplicate_penalty", penalty=str(first))
        result.append(penalty)
    return tuple(result)


def _trap(src: Source, tree: Tree[Token]) -> Trap:
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


def _room_effect(src: Source, tree: Tree[Token]) -> RoomEffect:
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


def _monster(src: Source, tree: Tree[Token]) -> MonsterText:
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
                    src.at(first, "duplicate_loot", what=Phrase("card.loot.gold"))
                gold = _gold(src, sub)
            else:
                if treasures:
                    src.at(first, "duplicate_loot", what=Phrase("card.loot.treasure"))
                treasures = _count(src, sub)
    return MonsterText(tuple(fight), gold, treasures)


def _treasure(src: Source, tree: Tree[Token]) -> TreasureText:
    gold = _number(src, _tokens(tree, "INT")[0])
    magic: RollBonus | Heal | None = None
    magic_tree = _child(tree, "magic")
    if magic_tree is not None:
        effect = _subtrees(magic_tree)[0]
        if effect.data == "heal":
            magic = Heal()
        else:
            amount = _positive(src, _tokens(effect, "INT")[0], "zero_bonus")
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
    src, tree = parse_tree(text, "room", card)
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
    src, tree = parse_tree(text, "monster", card)
    return _monster(src, tree)


def parse_treasure(text: str, card: str | None = None) -> TreasureText:
    """Compile a treasure card's text: gold value, magic and whether it is spent (R9).

    >>> parse_treasure("Wert: 4 Gold. Magisch: +2 auf einen Wurf. Verbraucht nach Gebrauch.")
    TreasureText(gold=4, magic=RollBonus(amount=2, attrs=()), spent=True)
    >>> parse_treasure("Value: 1 gold. Magic: heals an injury.")
    TreasureText(gold=1, magic=Heal(), spent=False)
    """
    src, tree = parse_tree(text, "treasure", card)
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
    raise card_error("unknown_kind", card, kind=kind)

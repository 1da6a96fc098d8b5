"""The card-text language's canonical forms: effects written back as card text, in German
or English, so that ``parse(format(x)) == x`` for every valid value.

No parser here (lark is not loaded): a card shown on the page needs only these.

>>> from verlies.cards.model import GainGold
>>> from verlies.dice import Dice  # noqa: F401 - the examples below use it
>>> format_room((GainGold(Dice.parse("2+W3")),), "en")
'2+W3 gold.'
"""

from __future__ import annotations

from collections.abc import Sequence

from verlies.cards.model import (
    Attr,
    Blocked,
    DrawTreasure,
    FightOption,  # noqa: F401 - the examples below use it
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
from verlies.cards.text_messages import ATTR_WORD, KINDS, card_error, lang_index
from verlies.dice import Dice  # noqa: F401 - the examples below use it

__all__ = ["format_card", "format_monster", "format_room", "format_treasure"]

_PENALTY_NAME = {Injury: ("Verletzung", "injury"), Blocked: ("zurück", "back")}


# ---- formatting ------------------------------------------------------------------


def _attr_name(attr: Attr, lang: int) -> str:
    return ATTR_WORD[attr][lang]


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
    i = lang_index(lang)
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
    i = lang_index(lang)
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
    i = lang_index(lang)
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
        raise card_error("unknown_kind", kind=kind)
    raise TypeError(f"not the value of a {kind} card: {value!r}")

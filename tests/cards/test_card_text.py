"""The card-text language (verlies.cards.text): parsing, formatting, round trips, errors."""

from __future__ import annotations

import ast
import doctest
import random
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import verlies.cards.grammar
import verlies.cards.text
from verlies import i18n
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
from verlies.cards.text import (
    MAX_NUMBER,
    MAX_TEXT_LENGTH,
    MAX_TRAP_TARGET,
    MESSAGES,
    MESSAGES_DE,
    MIN_TRAP_TARGET,
    format_card,
    format_monster,
    format_room,
    format_treasure,
    parse_card,
    parse_monster,
    parse_room,
    parse_treasure,
)
from verlies.cards.text_messages import DiceWords
from verlies.dice import MAX_CONSTANT, MAX_DICE, Dice
from verlies.errors import CardTextError, DiceError

REPO = Path(__file__).resolve().parents[2]
BAD_TEXTS = REPO / "tests" / "data" / "bad_card_texts"
DOC = REPO / "docs" / "card-language.md"
DEFAULT_DECK = REPO / "verlies" / "data" / "default_deck.toml"

S, G, D = Attr.STAERKE, Attr.GEIST, Attr.GESCHICK

# ---- the canonical forms: (kind, German, English, value) ------------------------------

EXAMPLES: list[tuple[str, str, str, Any]] = [
    ("room", "2+W3 Gold.", "2+W3 gold.", (GainGold(Dice(2, 0, 1)),)),
    ("room", "5 Gold.", "5 gold.", (GainGold(Dice(5, 0, 0)),)),
    ("room", "2W6 Gold.", "2W6 gold.", (GainGold(Dice(0, 2, 0)),)),
    ("room", "W6-1 Gold.", "W6-1 gold.", (GainGold(Dice(-1, 1, 0)),)),
    ("room", "Ein Schatz.", "A treasure.", (DrawTreasure(1),)),
    ("room", "2 Schätze.", "2 treasures.", (DrawTreasure(2),)),
    ("room", "Monsterbegegnung!", "Monster encounter!", (MonsterEncounter(),)),
    (
        "room",
        "Falle: Geschick 8, sonst Verletzung.",
        "Trap: Dexterity 8, else injury.",
        (Trap((D,), 8, (Injury(),)),),
    ),
    (
        "room",
        "Falle: Stärke oder Geschick 7, sonst Verletzung und Verlust von 3 Gold oder einem Schatz.",
        "Trap: Strength or Dexterity 7, else injury and loss of 3 gold or a treasure.",
        (Trap((S, D), 7, (Injury(), LoseGoldOrTreasure(3))),),
    ),
    (
        "room",
        "Falle: Geschick 8, sonst Verletzung und Verlust von 3 Gold oder einem Schatz.",
        "Trap: Dexterity 8, else injury and loss of 3 gold or a treasure.",
        (Trap((D,), 8, (Injury(), LoseGoldOrTreasure(3))),),
    ),
    (
        "room",
        "Falle: Geist 6, sonst zurück.",
        "Trap: Mind 6, else back.",
        (Trap((G,), 6, (Blocked(),)),),
    ),
    ("room", "Leer.", "Empty.", ()),
    (
        "room",
        "Monsterbegegnung! 3 Gold. Ein Schatz.",
        "Monster encounter! 3 gold. A treasure.",
        (MonsterEncounter(), GainGold(Dice(3, 0, 0)), DrawTreasure(1)),
    ),
    ("monster", "Kampf: Stärke 6.", "Fight: Strength 6.", MonsterText((FightOption(S, 6),))),
    (
        "monster",
        "Kampf: Geist 5 oder Geschick 4.",
        "Fight: Mind 5 or Dexterity 4.",
        MonsterText((FightOption(G, 5), FightOption(D, 4))),
    ),
    (
        "monster",
        "Kampf: Stärke 6. Besitz: W6 Gold und ein Schatz.",
        "Fight: Strength 6. Loot: W6 gold and a treasure.",
        MonsterText((FightOption(S, 6),), Dice(0, 1, 0), 1),
    ),
    (
        "monster",
        "Kampf: Geist 5 oder Geschick 4. Besitz: 3 Gold.",
        "Fight: Mind 5 or Dexterity 4. Loot: 3 gold.",
        MonsterText((FightOption(G, 5), FightOption(D, 4)), Dice(3, 0, 0)),
    ),
    (
        "monster",
        "Kampf: Stärke 6. Besitz: 2 Schätze.",
        "Fight: Strength 6. Loot: 2 treasures.",
        MonsterText((FightOption(S, 6),), None, 2),
    ),
    (
        "monster",
        "Kampf: Geschick 3. Besitz: ein Schatz.",
        "Fight: Dexterity 3. Loot: a treasure.",
        MonsterText((FightOption(D, 3),), None, 1),
    ),
    ("treasure", "Wert: 4 Gold.", "Value: 4 gold.", TreasureText(4)),
    (
        "treasure",
        "Wert: 4 Gold. Magisch: +2 auf einen Wurf.",
        "Value: 4 gold. Magic: +2 to one roll.",
        TreasureText(4, RollBonus(2, ())),
    ),
    (
        "treasure",
        "Wert: 4 Gold. Magisch: +2 auf Stärke.",
        "Value: 4 gold. Magic: +2 to Strength.",
        TreasureText(4, RollBonus(2, (S,))),
    ),
    (
        "treasure",
        "Wert: 2 Gold. Magisch: +1 auf Geist oder Geschick.",
        "Value: 2 gold. Magic: +1 to Mind or Dexterity.",
        TreasureText(2, RollBonus(1, (G, D))),
    ),
    (
        "treasure",
        "Wert: 1 Gold. Magisch: heilt eine Verletzung.",
        "Value: 1 gold. Magic: heals an injury.",
        TreasureText(1, Heal()),
    ),
    (
        "treasure",
        "Wert: 3 Gold. Magisch: +2 auf einen Wurf. Verbraucht nach Gebrauch.",
        "Value: 3 gold. Magic: +2 to one roll. Spent after use.",
        TreasureText(3, RollBonus(2, ()), spent=True),
    ),
    (
        "treasure",
        "Wert: 0 Gold. Magisch: heilt eine Verletzung. Verbraucht nach Gebrauch.",
        "Value: 0 gold. Magic: heals an injury. Spent after use.",
        TreasureText(0, Heal(), spent=True),
    ),
]
_IDS = [de for _, de, _, _ in EXAMPLES]


@pytest.mark.parametrize(("kind", "de", "en", "value"), EXAMPLES, ids=_IDS)
def test_german_example_parses(kind: str, de: str, en: str, value: Any) -> None:
    assert parse_card(kind, de) == value


@pytest.mark.parametrize(("kind", "de", "en", "value"), EXAMPLES, ids=_IDS)
def test_english_example_parses(kind: str, de: str, en: str, value: Any) -> None:
    assert parse_card(kind, en) == value


@pytest.mark.parametrize(("kind", "de", "en", "value"), EXAMPLES, ids=_IDS)
def test_format_gives_the_canonical_text(kind: str, de: str, en: str, value: Any) -> None:
    assert format_card(kind, value) == de
    assert format_card(kind, value, "de") == de
    assert format_card(kind, value, "en") == en


@pytest.mark.parametrize(("kind", "de", "en", "value"), EXAMPLES, ids=_IDS)
def test_canonical_text_survives_parse_and_format(kind: str, de: str, en: str, value: Any) -> None:
    assert format_card(kind, parse_card(kind, de), "de") == de
    assert format_card(kind, parse_card(kind, en), "en") == en


def test_specific_functions_match_parse_card() -> None:
    assert parse_room("Monsterbegegnung!") == (MonsterEncounter(),)
    assert parse_monster("Kampf: Stärke 6.") == MonsterText((FightOption(S, 6),))
    assert parse_treasure("Wert: 4 Gold.") == TreasureText(4)
    assert format_room((DrawTreasure(2),), "en") == "2 treasures."
    assert format_monster(MonsterText((FightOption(G, 1),)), "en") == "Fight: Mind 1."
    assert (
        format_treasure(TreasureText(4, Heal())) == "Wert: 4 Gold. Magisch: heilt eine Verletzung."
    )


# ---- variants the parser accepts --------------------------------------------------------

VARIANTS: list[tuple[str, str, Any]] = [
    ("room", "falle: STAERKE 6, SONST ZURUECK.", (Trap((S,), 6, (Blocked(),)),)),
    ("room", "Falle: Staerke 6, sonst zurueck.", (Trap((S,), 6, (Blocked(),)),)),
    ("room", "Falle: Sta\u0308rke 6, sonst zuru\u0308ck.", (Trap((S,), 6, (Blocked(),)),)),
    (
        "room",
        "Falle:\n  Geschick 8,\n  sonst Verletzung.\n",
        (Trap((D,), 8, (Injury(),)),),
    ),
    ("room", "Falle: Geist 6 sonst zurück.", (Trap((G,), 6, (Blocked(),)),)),
    (
        # as on rule card 5: penalties joined by a comma
        "room",
        "Falle: Geist 6, sonst Verletzung, Verlust von 3 Gold oder einem Schatz.",
        (Trap((G,), 6, (Injury(), LoseGoldOrTreasure(3))),),
    ),
    ("room", "  2 + W3   Gold .  ", (GainGold(Dice(2, 0, 1)),)),
    ("room", "w3+2 gold.", (GainGold(Dice(2, 0, 1)),)),
    ("room", "2 W6 Gold.", (GainGold(Dice(0, 2, 0)),)),
    ("room", "1 Schatz.", (DrawTreasure(1),)),
    ("room", "Ein Schatz!", (DrawTreasure(1),)),
    ("room", "One treasure.", (DrawTreasure(1),)),
    ("room", "3 Schaetze.", (DrawTreasure(3),)),
    ("room", "Monsterbegegnung.", (MonsterEncounter(),)),
    ("room", "monster\n encounter!", (MonsterEncounter(),)),
    ("room", "LEER!", ()),
    ("room", "Trap: Mind 6, otherwise back.", (Trap((G,), 6, (Blocked(),)),)),
    (
        "monster",
        "kampf: geist 5 ODER geschick 4.",
        MonsterText((FightOption(G, 5), FightOption(D, 4))),
    ),
    (
        "monster",
        "Kampf: Stärke 6. Besitz: ein Schatz und W6 Gold.",
        MonsterText((FightOption(S, 6),), Dice(0, 1, 0), 1),
    ),
    ("treasure", "Wert: 4 Gold.\nMagisch: +2 auf Stärke.\n", TreasureText(4, RollBonus(2, (S,)))),
    ("treasure", "Value: 4 gold. Magic: heals one injury.", TreasureText(4, Heal())),
]


@pytest.mark.parametrize(("kind", "text", "value"), VARIANTS, ids=[t for _, t, _ in VARIANTS])
def test_variant_spellings_parse(kind: str, text: str, value: Any) -> None:
    assert parse_card(kind, text) == value


# ---- hypothesis: random values round-trip through the formatter ----------------------------

attr_choices = st.lists(st.sampled_from(list(Attr)), min_size=1, max_size=3, unique=True).map(tuple)
gold_dice = (
    st.tuples(
        st.integers(-MAX_DICE, MAX_NUMBER), st.integers(0, MAX_DICE), st.integers(0, MAX_DICE)
    )
    .filter(lambda t: t[1] + t[2] <= MAX_DICE)
    .map(lambda t: Dice(t[0], t[1], t[2]))
    .filter(lambda d: d.min >= 0 and d.max >= 1)
)
counts = st.integers(1, MAX_NUMBER)
penalty: st.SearchStrategy[Penalty] = st.one_of(
    st.just(Injury()), st.builds(LoseGoldOrTreasure, counts), st.just(Blocked())
)
traps = st.builds(
    Trap,
    attr_choices,
    st.integers(MIN_TRAP_TARGET, MAX_TRAP_TARGET),
    st.lists(penalty, min_size=1, max_size=3, unique_by=type).map(tuple),
)
room_effect: st.SearchStrategy[RoomEffect] = st.one_of(
    st.builds(GainGold, gold_dice),
    st.builds(DrawTreasure, counts),
    st.just(MonsterEncounter()),
    traps,
)
rooms = st.lists(room_effect, max_size=6).map(tuple)
fights = st.lists(
    st.tuples(st.sampled_from(list(Attr)), st.integers(0, MAX_NUMBER)),
    min_size=1,
    max_size=3,
    unique_by=lambda t: t[0],
).map(lambda opts: tuple(FightOption(a, v) for a, v in opts))
monsters = st.builds(MonsterText, fights, st.none() | gold_dice, st.integers(0, MAX_NUMBER))
magic = (
    st.none()
    | st.just(Heal())
    | st.builds(
        RollBonus,
        counts,
        st.lists(st.sampled_from(list(Attr)), max_size=3, unique=True).map(tuple),
    )
)
treasures = st.builds(
    lambda gold, m, spent: TreasureText(gold, m, spent and m is not None),
    st.integers(0, MAX_NUMBER),
    magic,
    st.booleans(),
)
langs = st.sampled_from(["de", "en"])


@given(rooms, langs)
def test_room_round_trip(effects: tuple[RoomEffect, ...], lang: str) -> None:
    text = format_room(effects, lang)
    assert parse_room(text) == effects
    assert format_room(parse_room(text), lang) == text


@given(monsters, langs)
def test_monster_round_trip(m: MonsterText, lang: str) -> None:
    text = format_monster(m, lang)
    assert parse_monster(text) == m
    assert format_monster(parse_monster(text), lang) == text


@given(treasures, langs)
def test_treasure_round_trip(t: TreasureText, lang: str) -> None:
    text = format_treasure(t, lang)
    assert parse_treasure(text) == t
    assert format_treasure(parse_treasure(text), lang) == text


def _mangle(text: str, rnd: random.Random) -> str:
    """Random letter case and random whitespace (line breaks too) where the text has spaces."""
    out = []
    for ch in text:
        if ch == " ":
            out.append(rnd.choice([" ", "  ", "\n", " \n\t ", "\r\n"]))
        else:
            out.append(ch.upper() if rnd.random() < 0.5 else ch.lower())
    return "".join(out)


@given(
    st.one_of(
        rooms.map(lambda v: ("room", v)),
        monsters.map(lambda v: ("monster", v)),
        treasures.map(lambda v: ("treasure", v)),
    ),
    langs,
    st.randoms(use_true_random=False),
)
def test_case_and_whitespace_do_not_matter(
    kv: tuple[str, Any], lang: str, rnd: random.Random
) -> None:
    kind, value = kv
    text = _mangle(format_card(kind, value, lang), rnd)
    assert parse_card(kind, text) == value


# ---- errors: exact messages and locations ---------------------------------------------------


def _error(kind: str, text: object, card: str | None = None) -> CardTextError:
    with pytest.raises(CardTextError) as info:
        parse_card(kind, text, card)  # type: ignore[arg-type]
    return info.value


def test_unknown_word_lists_the_kinds_of_sentence() -> None:
    e = _error("room", "Drache.", "r01")
    assert e.message == (
        "unknown word 'Drache' — expected one of: Gold, Schatz, Monsterbegegnung, Falle, Leer"
    )
    assert (e.card, e.line, e.column) == ("r01", 1, 1)
    assert str(e) == f"card 'r01', line 1, column 1: {e.message}"


def test_unknown_word_in_english_text_lists_english_words() -> None:
    e = _error("room", "5 gold. A dragon.")
    assert e.message == "unknown word 'dragon' — expected treasure after 'A'"
    assert (e.line, e.column) == (1, 11)


def test_missing_number_names_the_word_before() -> None:
    e = _error("room", "Falle: Geschick, sonst Verletzung.")
    assert "expected a number after 'Geschick'" in e.message
    assert (e.line, e.column, e.expected) == (1, 16, "a number")
    assert e.text == "Falle: Geschick, sonst Verletzung."


def test_error_on_a_later_line_reports_that_line() -> None:
    e = _error("room", "5 Gold.\nEin Schatz.\nFalle: Geist 6,\n  sonst Drache.")
    assert (e.line, e.column) == (4, 9)
    assert e.text == "  sonst Drache."


def test_huge_number() -> None:
    e = _error("room", "9" * 500 + " Gold.")
    assert e.message == f"number too large (max {MAX_NUMBER})"
    assert (e.line, e.column) == (1, 1)
    e = _error("room", "Falle: Geist 6, sonst Verlust von 1001 Gold oder einem Schatz.")
    assert e.message == f"number too large (max {MAX_NUMBER})"
    assert e.column == 35


def test_dice_error_is_located_in_the_card_text() -> None:
    e = _error("room", "Ein Schatz.\n  3 + 2W4 Gold.")
    assert e.message == (
        "bad dice expression '3 + 2W4': expected W6 or W3 (no other dice exist in the game)"
    )
    assert (e.line, e.column) == (2, 7)


def test_ten_megabytes_are_refused_before_parsing(tmp_path: Path) -> None:
    big = tmp_path / "big_card.txt"
    big.write_text("Ein Schatz. " * (10 * 1024 * 1024 // 12), encoding="utf-8")
    text = big.read_text(encoding="utf-8")
    assert len(text) >= 10_000_000
    # bounded cost, counted: the parser is handed none of it (without the length check it
    # was handed all 10 million characters), and the error quotes at most 200
    work = verlies.cards.grammar.WORK
    parses, chars = work.parses, work.chars
    e = _error("room", text)
    assert (work.parses, work.chars) == (parses, chars)
    assert e.text is not None and len(e.text) <= 200
    parse_card("room", "Leer.")  # the count counts: what is parsed is charged
    assert (work.parses, work.chars) == (parses + 1, chars + len("Leer."))
    assert e.message == f"card text too long (max {MAX_TEXT_LENGTH} characters)"
    assert (e.line, e.column) == (1, MAX_TEXT_LENGTH + 1)


@pytest.mark.parametrize("value", [None, 5, 2.5, b"Leer.", ["Leer."], {"text": "Leer."}])
@pytest.mark.parametrize("kind", ["room", "monster", "treasure"])
def test_non_string_input_is_a_card_text_error(kind: str, value: object) -> None:
    e = _error(kind, value, "c1")
    assert e.message == f"card text must be a string, not {type(value).__name__}"
    assert e.card == "c1"


def test_unknown_kind() -> None:
    e = _error("dragon", "Leer.")
    assert e.message == "unknown card kind 'dragon' — expected one of: room, monster, treasure"
    with pytest.raises(CardTextError):
        format_card("dragon", ())


def test_unknown_language_for_format() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        format_room((), "fr")


# ---- German messages --------------------------------------------------------------------------

# (kind, text, card, line, column, English message, German message)
GERMAN_CASES = [
    (
        "room",
        "Falle: Geschick , sonst Verletzung.",
        "raum-falle-01",
        1,
        17,
        "expected a number after 'Geschick', not ','",
        "nach 'Geschick' wird eine Zahl erwartet, nicht ','",
    ),
    (
        "room",
        "Ein Drache.",
        "r07",
        1,
        5,
        "unknown word 'Drache' — expected Schatz after 'Ein'",
        "unbekanntes Wort 'Drache' — nach 'Ein' wird Schatz erwartet",
    ),
    (
        "room",
        "Ein Schatz.\nFalle: Geist 5, sonst",
        "r08",
        2,
        22,
        "unexpected end of text — expected one of: Verletzung, Verlust, zurück after 'sonst'",
        "unerwartetes Ende des Textes — nach 'sonst' wird eines der folgenden erwartet: "
        "Verletzung, Verlust, zurück",
    ),
    (
        "monster",
        "  ",
        "m01",
        1,
        1,
        "card text is empty — expected Kampf",
        "der Kartentext ist leer — erwartet wird Kampf",
    ),
    (
        "room",
        "Drache.",
        "r09",
        1,
        1,
        "unknown word 'Drache' — expected one of: Gold, Schatz, Monsterbegegnung, Falle, Leer",
        "unbekanntes Wort 'Drache' — erwartet wird eines von: Gold, Schatz, Monsterbegegnung, "
        "Falle, Leer",
    ),
    (
        "treasure",
        "Value: 2 gold. Magic: +1 to",
        "t01",
        1,
        28,
        "unexpected end of text — expected one of: one, Strength, Mind, Dexterity after 'to'",
        "unerwartetes Ende des Textes — nach 'to' wird eines der folgenden erwartet: one, "
        "Strength, Mind, Dexterity",
    ),
    (
        "room",
        "5 Gold; Ein Schatz.",
        "r10",
        1,
        7,
        "unexpected character ';' — expected '.' after 'Gold'",
        "unerwartetes Zeichen ';' — nach 'Gold' wird '.' erwartet",
    ),
    (
        "room",
        "W6",
        "r11",
        1,
        3,
        "unexpected end of text — expected Gold after 'W6'",
        "unerwartetes Ende des Textes — nach 'W6' wird Gold erwartet",
    ),
    (
        "room",
        "Leer. Leer.",
        "r12",
        1,
        7,
        "expected end of text, not 'Leer'",
        "erwartet wird das Textende, nicht 'Leer'",
    ),
    (
        "room",
        "2+W4 Gold.",
        "r13",
        1,
        3,
        "bad dice expression '2+W4': expected W6 or W3 (no other dice exist in the game)",
        "ungültiger Würfelausdruck '2+W4': erwartet wird W6 oder W3 (andere Würfel gibt es im "
        "Spiel nicht)",
    ),
    (
        "monster",
        "Kampf: Geist 5. Besitz: 2 Schätze und ein Schatz.",
        "m02",
        1,
        39,
        "duplicate possession: treasure named twice",
        "doppelter Besitz: Schätze zweimal genannt",
    ),
    (
        "room",
        "Falle: Geist 20, sonst zurück.",
        "r14",
        1,
        14,
        "trap target 20 is out of reach (max 16)",
        "Fallenwert 20 ist unerreichbar (höchstens 16)",
    ),
]


@pytest.mark.parametrize(("kind", "text", "card", "line", "column", "en", "de"), GERMAN_CASES)
def test_german_message_names_the_same_place(
    kind: str, text: str, card: str, line: int, column: int, en: str, de: str
) -> None:
    e = _error(kind, text, card)
    assert (e.card, e.line, e.column) == (card, line, column)
    assert e.message == e.message_in("en") == en
    assert e.message_de == e.message_in("de") == de
    assert str(e) == e.text_in("en") == f"card {card!r}, line {line}, column {column}: {en}"
    assert e.text_in("de") == f"Karte {card!r}, Zeile {line}, Spalte {column}: {de}"


def test_german_expected_words() -> None:
    e = _error("room", "Falle: Geschick", "r1")
    assert (e.expected, e.expected_de) == ("a number", "eine Zahl")
    e = _error("room", "Falle: oder", "r1")
    assert e.expected == "one of: Stärke, Geist, Geschick"
    assert e.expected_de == "eines von: Stärke, Geist, Geschick"
    e = _error("room", "Ein Schatz", "r1")
    assert e.text_in("de").endswith("Ende des Textes — nach 'Schatz' wird '.' erwartet")
    e = _error("room", "25W6 Gold.", "r1")
    assert e.expected == f"between 1 and {MAX_DICE} dice"
    assert e.expected_de == f"1 bis {MAX_DICE} Würfel"
    assert e.message_de == (
        f"ungültiger Würfelausdruck '25W6': erwartet werden 1 bis {MAX_DICE} Würfel"
    )


def test_german_messages_without_a_place() -> None:
    e = _error("dragon", "Leer.", "c1")
    assert e.text_in("de") == (
        "Karte 'c1': unbekannte Kartenart 'dragon' — erwartet wird eines von: room, monster, "
        "treasure"
    )
    e = _error("room", 42)
    assert e.text_in("de") == "der Kartentext muss eine Zeichenkette sein, nicht int"
    assert str(e) == "card text must be a string, not int"


def test_every_dice_phrase_has_a_german_form() -> None:
    """Whatever the dice parser says, the German card-text message says it in German."""
    phrases = set()
    for text in [
        "",
        "x",
        "+",
        "2+",
        "W6 3",
        "W4",
        "-W6",
        "0W6",
        f"{MAX_DICE + 1}W6",
        f"{MAX_CONSTANT + 1}",
        f"{MAX_DICE}W6+W3",
        "2++3",
    ]:
        with pytest.raises(DiceError) as info:
            Dice.parse(text)
        phrases.add(info.value.words)
    with pytest.raises(DiceError) as info:
        Dice.parse(5)  # type: ignore[arg-type]
    phrases.add(info.value.words)
    keys = {p.key for p in phrases if p is not None}
    # every phrase the parser has in the tables (verlies.i18n), none left as English only
    assert None not in phrases
    assert keys == {k for k in i18n.keys("en") if k.startswith("dice.phrase.")}
    for words in phrases:
        assert words is not None
        de, en = words.text("de"), words.text("en")
        clause = DiceWords(words, clause=True).text("de")
        assert de != en and clause.startswith("erwartet ") and de in clause
        assert DiceWords(words, clause=True).text("en") == en


@pytest.mark.parametrize("lang", ["fr", "", "DE", None])
def test_text_in_refuses_an_unknown_language(lang: Any) -> None:
    e = _error("room", "Drache.")
    with pytest.raises(ValueError, match="unknown language"):
        e.text_in(lang)


def test_error_without_german_message_keeps_the_english_one() -> None:
    e = CardTextError("something odd", card="x", line=2, column=3)
    assert e.text_in("de") == "Karte 'x', Zeile 2, Spalte 3: something odd"
    assert e.text_in("en") == str(e) == "card 'x', line 2, column 3: something odd"


def test_no_lark_traceback_leaks() -> None:
    e = _error("room", "Falle: Geschick")
    assert e.__cause__ is None and e.__context__ is None  # raised outside lark's handler
    assert e.__suppress_context__
    assert "lark" not in str(e).lower()


# Every message template, produced by some input: (key, kind, text, line, column).
MESSAGE_CASES: list[tuple[str, str, object, int | None, int | None]] = [
    ("not_str", "room", 42, None, None),
    ("too_long", "room", "x" * (MAX_TEXT_LENGTH + 1), 1, MAX_TEXT_LENGTH + 1),
    ("empty", "monster", " \n ", 1, 1),
    ("end", "treasure", "Wert: 3", 1, 8),
    ("unknown_word", "room", "Drache.", 1, 1),
    ("bad_char", "room", "5 Gold\x00", 1, 7),
    ("wrong_token", "monster", "Kampf: Geist Gold.", 1, 14),
    ("too_large", "treasure", "Wert: 1001 Gold.", 1, 7),
    ("bad_dice", "room", "W7 Gold.", 1, 1),
    ("gold_negative", "room", "W3-2 Gold.", 1, 1),
    ("gold_zero", "monster", "Kampf: Geist 3. Besitz: 0 Gold.", 1, 25),
    ("zero_treasures", "room", "0 Schätze.", 1, 1),
    ("zero_loss", "room", "Falle: Geist 5, sonst Verlust von 0 Gold oder einem Schatz.", 1, 35),
    ("target_low", "room", "Falle: Geist 1, sonst zurück.", 1, 14),
    ("target_high", "room", f"Falle: Geist {MAX_TRAP_TARGET + 1}, sonst zurück.", 1, 14),
    ("duplicate_attr", "room", "Falle: Geist oder Geist 5, sonst zurück.", 1, 19),
    ("duplicate_penalty", "room", "Falle: Geist 5, sonst zurück und zurück.", 1, 34),
    ("duplicate_loot", "monster", "Kampf: Geist 3. Besitz: 2 Gold und 3 Gold.", 1, 36),
    ("zero_bonus", "treasure", "Wert: 1 Gold. Magisch: +0 auf Geist.", 1, 25),
    ("spent_without_magic", "treasure", "Wert: 1 Gold. Verbraucht nach Gebrauch.", 1, 15),
    ("unknown_kind", "dungeon", "Leer.", None, None),
]


@pytest.mark.parametrize(("key", "kind", "text", "line", "column"), MESSAGE_CASES)
def test_every_message_can_be_produced(
    key: str, kind: str, text: object, line: int | None, column: int | None
) -> None:
    e = _error(kind, text)
    for templates, message in ((MESSAGES, e.message), (MESSAGES_DE, e.message_de)):
        pattern = re.escape(templates[key])
        pattern = re.sub(r"\\\{\w+\\\}", ".*", pattern)
        assert message is not None
        assert re.fullmatch(pattern, message, re.S), (templates[key], message)
    assert e.key == key
    assert (e.line, e.column) == (line, column)


def test_message_cases_cover_every_message() -> None:
    reachable = set(MESSAGES) - {"unreadable"}  # a safety net: lark raising something new
    assert {key for key, *_ in MESSAGE_CASES} == reachable


def test_german_messages_match_the_english_ones() -> None:
    assert MESSAGES_DE.keys() == MESSAGES.keys()
    for key, en in MESSAGES.items():
        de = MESSAGES_DE[key]
        assert set(re.findall(r"\{(\w+)\}", de)) == set(re.findall(r"\{(\w+)\}", en)), key
        assert de != en, key


def test_every_message_is_documented() -> None:
    """Each message has a row of the table in both languages: English and German together."""
    rows = [line for line in DOC.read_text(encoding="utf-8").splitlines() if line.startswith("|")]
    missing = [
        (MESSAGES[key], MESSAGES_DE[key])
        for key in MESSAGES
        if not any(f"`{MESSAGES[key]}`" in row and f"`{MESSAGES_DE[key]}`" in row for row in rows)
    ]
    assert not missing, f"docs/card-language.md does not list (English, German): {missing}"


def test_german_examples_in_the_doc_are_right() -> None:
    doc = DOC.read_text(encoding="utf-8")
    table = doc.split("German examples (room cards")[1].split("\n\n")[1]
    rows = re.findall(r"^\| `(.*?)` → `(.*)` \|$", table, re.M)
    assert len(rows) >= 5
    for source, message_de in rows:
        try:
            text = ast.literal_eval(source)
        except (ValueError, SyntaxError):
            text = source
        assert _error("room", text).message_de == message_de


# ---- the corpus of malformed texts ------------------------------------------------------------


def _corpus() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = tomllib.loads(
        (BAD_TEXTS / "cases.toml").read_text(encoding="utf-8")
    )["case"]
    return cases


def _read(name: str) -> str:
    return (BAD_TEXTS / name).read_bytes().decode("utf-8", errors="surrogateescape")


def test_corpus_files_all_have_a_case() -> None:
    files = {p.name for p in BAD_TEXTS.iterdir() if p.name != "cases.toml"}
    assert files == {case["file"] for case in _corpus()}


@pytest.mark.parametrize("case", _corpus(), ids=lambda c: c["file"])
def test_corpus_text_gives_located_error(case: dict[str, Any]) -> None:
    e = _error(case["kind"], _read(case["file"]), case["file"])
    assert e.message == case["message"]
    assert e.message_de == case["message_de"]
    assert (e.line, e.column) == (case["line"], case["column"])
    assert e.card == case["file"]
    where = f"{case['line']}, column {case['column']}"
    assert str(e) == e.text_in("en") == f"card {case['file']!r}, line {where}: {e.message}"
    where_de = f"{case['line']}, Spalte {case['column']}"
    assert e.text_in("de") == f"Karte {case['file']!r}, Zeile {where_de}: {e.message_de}"
    str(e).encode("utf-8")  # printable: no lone surrogates in the message
    e.text_in("de").encode("utf-8")


@pytest.mark.parametrize("case", _corpus(), ids=lambda c: c["file"])
@pytest.mark.parametrize("kind", ["room", "monster", "treasure"])
def test_corpus_text_as_any_kind_gives_only_card_text_errors(
    kind: str, case: dict[str, Any]
) -> None:
    text = _read(case["file"])
    try:
        parse_card(kind, text)
    except CardTextError as e:
        assert e.line is not None and e.column is not None
        assert 1 <= e.line <= text.count("\n") + 1
        str(e).encode("utf-8")


# ---- fuzzing: any text gives a value or a located CardTextError --------------------------------

_WORDS = (
    "Gold gold Schatz Schätze treasure Ein ein einem a one Monsterbegegnung Monster encounter "
    "Falle Trap Leer Empty Stärke Staerke Strength Geist Mind Geschick Dexterity oder or und "
    "and sonst else Verletzung injury Verlust loss von of zurück back Kampf Fight Besitz Loot "
    "Wert Value Magisch Magic auf to Wurf roll heilt heals Verbraucht Spent nach after Gebrauch "
    "use W6 W3 2W6 2+W3 W6-1 W4 0 1 2 3 7 16 20 1001 99999999999 . ! : , + - ; ? \x00 \n"
).split(" ")


def _assert_only_located_errors(kind: str, text: str) -> None:
    try:
        parse_card(kind, text)
    except CardTextError as e:
        assert e.line is not None and e.column is not None
        lines = text.split("\n")
        assert 1 <= e.line <= len(lines)
        assert 1 <= e.column <= len(lines[e.line - 1]) + 1
        str(e).encode("utf-8")


@settings(max_examples=300)
@given(st.sampled_from(["room", "monster", "treasure"]), st.text(max_size=200))
def test_any_text_gives_value_or_card_text_error(kind: str, text: str) -> None:
    _assert_only_located_errors(kind, text)


@settings(max_examples=500)
@given(
    st.sampled_from(["room", "monster", "treasure"]),
    st.lists(st.sampled_from(_WORDS), max_size=25),
    st.sampled_from([" ", "", "\n"]),
)
def test_keyword_soup_gives_value_or_card_text_error(kind: str, words: list[str], sep: str) -> None:
    _assert_only_located_errors(kind, sep.join(words))


@given(st.binary(max_size=300))
def test_binary_junk_gives_card_text_error(data: bytes) -> None:
    for text in (data.decode("latin-1"), data.decode("utf-8", errors="surrogateescape")):
        _assert_only_located_errors("room", text)


# ---- docstrings -------------------------------------------------------------------------------


def test_text_module_doctests() -> None:
    result = doctest.testmod(verlies.cards.text)
    assert result.failed == 0
    assert result.attempted >= 10


# ---- the default deck (written in this language by the deck's designers) ------------------------

_DECK_SECTIONS = {"rooms": "room", "monsters": "monster", "treasures": "treasure"}


def _deck_texts() -> list[tuple[str, str, str]]:
    if not DEFAULT_DECK.exists():
        return []
    deck = tomllib.loads(DEFAULT_DECK.read_text(encoding="utf-8"))
    return [
        (kind, str(card.get("id")), card.get("text"))
        for section, kind in _DECK_SECTIONS.items()
        for card in deck.get(section, [])
    ]


@pytest.mark.skipif(
    not DEFAULT_DECK.exists(), reason="verlies/data/default_deck.toml not there yet"
)
def test_default_deck_has_card_texts() -> None:
    texts = _deck_texts()
    assert {kind for kind, _, _ in texts} == set(_DECK_SECTIONS.values())


@pytest.mark.skipif(
    not DEFAULT_DECK.exists(), reason="verlies/data/default_deck.toml not there yet"
)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_default_deck_texts_parse_and_round_trip(lang: str) -> None:
    problems = []
    for kind, card_id, text in _deck_texts():
        try:
            value = parse_card(kind, text, card_id)
            again = parse_card(kind, format_card(kind, value, lang), card_id)
        except CardTextError as e:
            problems.append(str(e))
            continue
        if again != value:
            problems.append(f"{card_id}: {value!r} came back as {again!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.skipif(
    not DEFAULT_DECK.exists(), reason="verlies/data/default_deck.toml not there yet"
)
def test_default_deck_texts_are_canonical() -> None:
    """The deck is written in the canonical German forms that ``format_*`` produces."""
    different = [
        f"{card_id}: {text!r} is canonically {canonical!r}"
        for kind, card_id, text in _deck_texts()
        if (canonical := format_card(kind, parse_card(kind, text, card_id))) != text
    ]
    assert not different, "\n".join(different)


# ---- what an error offers fits the card's kind -------------------------------------------

#: Words only another kind's text has: a monster has no trap, a room no fight.
FOREIGN = {
    "monster": ("Falle", "Trap", "Monsterbegegnung", "Magisch", "Verbraucht", "Wert"),
    "treasure": ("Falle", "Trap", "Monsterbegegnung", "Besitz", "Loot", "Kampf"),
    "room": ("Besitz", "Loot", "Magisch", "Verbraucht", "Kampf", "Wert"),
}
TAILS = {
    "monster": ["Kampf: Stärke 3. x", "Kampf: Stärke 3. Besitz: W6 Gold. x", "Fight: Mind 2! ?"],
    "treasure": ["Wert: 3 Gold. x", "Wert: 3 Gold. Magisch: heilt eine Verletzung. x"],
    "room": ["7 Gold. x", "Ein Schatz. Monsterbegegnung. x", "Leer x"],
}


@pytest.mark.parametrize("kind", sorted(TAILS))
def test_an_error_offers_only_what_the_kind_allows(kind: str) -> None:
    """On a monster card the hint offered "Falle" (the lexer's words for every kind)."""
    for text in TAILS[kind]:
        with pytest.raises(CardTextError) as info:
            parse_card(kind, text, card="c")
        for lang in ("de", "en"):
            said = info.value.text_in(lang)
            assert not [w for w in FOREIGN[kind] if w in said], said
    with pytest.raises(CardTextError) as info:
        parse_card("monster", "Kampf: Stärke 3. x", card="c")
    assert info.value.text_in("de").endswith("unbekanntes Wort 'x' — erwartet wird Besitz")

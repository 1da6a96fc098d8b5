"""Sanity checks as a designer types (issue 37 item 5): verlies.deck.sanity and the Deck tab.

The chances are checked against a count of die faces done here (not the engine's own
functions), the warnings by what a person reads, in both languages.
"""

from __future__ import annotations

import dataclasses
import html
import re
from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from verlies.cards.model import Attr, Color, Obstacle, ObstacleType
from verlies.deck import Deck
from verlies.deck.sanity import Sanity, fences, pct, sanity
from verlies.ui.deck import editor_view as editor_module
from verlies.ui.deck.editor_view import DeckEditor

FACES = range(1, 7)
GOBLIN = "monster-goblin"


def text_of(w: Any) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", w.value))


def pass_count(value: int, target: int) -> Fraction:
    """P(W6 + value >= target), by counting faces."""
    return Fraction(sum(1 for f in FACES if f + value >= target), 6)


def beat_count(value: int, monster: int) -> Fraction:
    """P(W6 + value >= W6 + monster), by counting both dice (a tie to the adventurer)."""
    return Fraction(sum(1 for a, b in product(FACES, FACES) if a + value >= b + monster), 36)


def with_character(deck: Deck, cid: str, *values: int) -> Deck:
    ch = deck.characters[cid]
    s, g, d = values
    return deck.with_card("character", dataclasses.replace(ch, staerke=s, geist=g, geschick=d))


def plain(s: str) -> str:
    """Text with its no-break spaces (between a number and "%") as spaces."""
    return s.replace("\xa0", " ")


def keys(report: Sanity) -> list[tuple[str, tuple[str, ...]]]:
    return [(f.key, f.cards) for f in report.findings]


@pytest.fixture(scope="module")
def default() -> Deck:
    return Deck.default()


# ---- the report ------------------------------------------------------------------------------


def test_default_deck_has_no_warnings_and_every_test_in_its_table(default: Deck) -> None:
    report = sanity(default)
    assert report.findings == ()
    assert report.character_outliers == (0,) * len(default.characters)
    obstacle_cards = {c for c, card in default.dungeon.items() if card.obstacle is not None}
    rows = {c for r in report.rows if r.kind == "obstacle" for c in r.cards}
    assert rows == obstacle_cards
    assert {r.cards[0] for r in report.rows if r.kind == "monster"} == set(default.monsters)
    assert len([r for r in report.rows if r.kind == "trap"]) == 6


def test_every_chance_is_the_exact_count_of_die_faces(default: Deck) -> None:
    report = sanity(default)
    chars = list(default.characters.values())
    assert list(report.characters) == chars
    for row in report.rows:
        for ch, p in zip(chars, row.chances, strict=True):
            if row.kind == "monster":
                want = max(beat_count(ch.value(a), n) for a, n in row.options)
            else:  # an obstacle, or a trap whose choice of values takes the best
                want = max(pass_count(ch.value(a), n) for a, n in row.options)
            assert p == want, (row.cards, ch.id)
    # the mean of a character weights each row by its copies
    weight = sum(r.copies for r in report.rows)
    for i, m in enumerate(report.means):
        assert m == sum(r.chances[i] * r.copies for r in report.rows) / weight


def test_obstacles_of_one_value_and_number_are_one_row(default: Deck) -> None:
    report = sanity(default)
    for row in (r for r in report.rows if r.kind == "obstacle"):
        ((attr, n),) = row.options
        for cid in row.cards:
            o = default.dungeon[cid].obstacle
            assert o is not None and (o.attr, o.n) == (attr, n)
        assert row.copies == sum(default.counts("dungeon").get(c, 1) for c in row.cards)
    tests = [r.options for r in report.rows if r.kind == "obstacle"]
    assert len(tests) == len(set(tests))


def test_barbar_6_6_6_breaks_r2_and_stands_out(default: Deck) -> None:
    deck = with_character(default, "char-barbar", 6, 6, 6)
    report = sanity(deck)
    r2 = [f for f in report.findings if f.key == "r2"]
    assert [f.cards for f in r2] == [("char-barbar",)]
    assert r2[0].text("en") == (
        "R2.1: Barbarian 6/6/6 breaks the character rule (each value 1–6, the three summing "
        "to 10): the sum is 18."
    )
    assert r2[0].text("de") == (
        "R2.1: Barbar 6/6/6 verletzt die Charakterregel (jeder Wert 1–6, die drei zusammen "
        "10): die Summe ist 18."
    )
    strong = [f for f in report.findings if f.key == "char_strong"]
    assert [f.cards for f in strong] == [("char-barbar",)]
    i = list(deck.characters).index("char-barbar")
    assert report.character_outliers[i] == 1
    assert sum(abs(s) for s in report.character_outliers) == 1
    assert "Barbarian 6/6/6 wins far more rolls than the other characters" in plain(
        strong[0].text("en")
    )


def test_a_value_outside_1_to_6_breaks_r2_even_when_the_sum_is_10(default: Deck) -> None:
    report = sanity(with_character(default, "char-elfe", 0, 4, 6))
    (r2,) = [f for f in report.findings if f.key == "r2"]
    assert r2.text("en").endswith("each value 1–6, the three summing to 10): Strength is 0.")
    assert r2.text("de").endswith("jeder Wert 1–6, die drei zusammen 10): Stärke ist 0.")
    both = sanity(with_character(default, "char-elfe", 7, 3, 5))
    (r2,) = [f for f in both.findings if f.key == "r2"]
    assert r2.text("en").endswith("Strength is 7; the sum is 15.")


def test_a_goblin_at_dexterity_10_is_hardly_beaten(default: Deck) -> None:
    deck = default.with_card_text("monster", GOBLIN, "Kampf: Geschick 10. Besitz: 3 Gold.")
    report = sanity(deck)
    (f,) = report.about(GOBLIN)
    assert f.key == "hardly"
    row = report.row_of(GOBLIN)
    assert row is not None and row.best == Fraction(1, 12) == beat_count(6, 10)
    best = [c.name.en for c in deck.characters.values() if c.geschick == 6]
    zero = sum(1 for c in deck.characters.values() if beat_count(c.geschick, 10) == 0)
    assert plain(f.text("en")) == (
        f"Goblin (Dexterity 10): hardly anyone wins this roll: the best chance is 8 % "
        f"({', '.join(best)}); {zero} of 8 characters have 0 %."
    )
    assert f.text("de").startswith("Goblin (Geschick 10): kaum jemand gewinnt diesen Wurf")


def test_a_card_nobody_can_pass(default: Deck) -> None:
    deck = default.with_card_text("monster", GOBLIN, "Kampf: Geschick 13. Besitz: 3 Gold.")
    (f,) = sanity(deck).about(GOBLIN)
    assert f.key == "nobody"
    assert plain(f.text("en")) == (
        "Goblin (Dexterity 13): no character can ever win this roll: the exact chance is 0 % "
        "for all 8."
    )
    card = default.dungeon["r-gang-straight-04"]
    wall = default.with_card(
        "dungeon", dataclasses.replace(card, obstacle=Obstacle(ObstacleType.TUER, Color.RED, 13))
    )
    report = sanity(wall)
    (f,) = report.about("r-gang-straight-04")
    assert f.key == "nobody"
    assert f.text("de").startswith("Hindernis Stärke 13 · 1×: kein Charakter kann")


def test_a_choice_takes_the_best_value(default: Deck) -> None:
    deck = default.with_card_text(
        "monster", GOBLIN, "Kampf: Stärke 9 oder Geschick 2. Besitz: 3 Gold."
    )
    row = sanity(deck).row_of(GOBLIN)
    assert row is not None
    for ch, p in zip(deck.characters.values(), row.chances, strict=True):
        assert p == max(beat_count(ch.staerke, 9), beat_count(ch.geschick, 2))
    trap = "raum-falle-01"
    deck = default.with_card_text("room", trap, "Falle: Stärke oder Geist 8, sonst zurück.")
    row = sanity(deck).row_of(trap)
    assert row is not None and row.options == ((Attr.STAERKE, 8), (Attr.GEIST, 8))
    for ch, p in zip(deck.characters.values(), row.chances, strict=True):
        assert p == max(pass_count(ch.staerke, 8), pass_count(ch.geist, 8))


def test_equal_characters_are_no_outliers(default: Deck) -> None:
    """A/A: eight characters with the same values differ in nothing; none is marked (the
    cards they cannot pass are still named)."""
    deck = default
    for cid in default.characters:
        deck = with_character(deck, cid, 3, 3, 4)
    report = sanity(deck)
    assert report.character_outliers == (0,) * 8
    assert {f.key for f in report.findings} <= {"nobody", "hardly", "row_hard", "row_easy"}
    for f in report.findings:
        row = report.row_of(f.cards[0])
        assert row is not None and len(set(row.chances)) == 1


def test_fences_need_ten_points_beyond_the_quartiles() -> None:
    q1, q3, low, high = fences([0.5] * 7 + [0.55])
    assert (q1, q3) == (0.5, 0.5) and low == pytest.approx(0.4) and high == pytest.approx(0.6)
    _, _, low, high = fences([0.1, 0.2, 0.3, 0.4, 0.5])
    assert low == pytest.approx(0.2 - 0.3) and high == pytest.approx(0.4 + 0.3)


def test_a_chance_never_reads_0_or_100_unless_it_is() -> None:
    # a no-break space: "87 %" never breaks between the number and its sign
    assert pct(Fraction(1, 36), "en") == "3\xa0%"
    assert pct(Fraction(1, 300), "de") == "1\xa0%"
    assert pct(Fraction(0), "en") == "0\xa0%"
    assert pct(Fraction(299, 300), "en") == "99\xa0%"
    assert pct(Fraction(1), "en") == "100\xa0%"


def test_the_same_deck_gives_the_same_report(default: Deck) -> None:
    deck = with_character(default, "char-barbar", 6, 6, 6)
    a, b = sanity(deck), sanity(deck)
    assert a == b
    assert [f.text("de") for f in a.findings] == [f.text("de") for f in b.findings]


# ---- the Deck tab ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
def test_barbar_6_6_6_is_taken_but_not_ok(lang: str) -> None:
    ed = DeckEditor(lang=lang)
    ed.select("character", "char-barbar")
    assert "✓ ok" in text_of(ed.status)
    ed.geist.value = 6
    ed.geschick.value = 6
    assert ed.draft.characters["char-barbar"].values == (6, 6, 6)  # a warning, no refusal
    status = text_of(ed.status)
    assert "✓" not in status
    taken = "taken, with warnings" if lang == "en" else "übernommen, mit Warnungen"
    assert taken in status and "R2.1: " in status
    shown = text_of(ed.sanity)
    head = "Warnings (2)" if lang == "en" else "Warnungen (2)"
    assert head in shown and "6/6/6" in shown
    # the table: the Barbar's column marked, every chance there
    assert "▲ Barbar" in shown
    ed.undo()
    ed.undo()
    assert "✓ ok" in text_of(ed.status)
    none = "No warnings" if lang == "en" else "Keine Warnungen"
    assert none in text_of(ed.sanity) and "▲ Barbar" not in text_of(ed.sanity)


def test_goblin_at_10_warns_as_typed_and_the_language_follows() -> None:
    ed = DeckEditor(lang="en")
    ed.select("monster", GOBLIN)
    assert ed.set_text("Kampf: Geschick 10. Besitz: 3 Gold.")
    status = text_of(ed.status)
    assert "✓" not in status
    assert "Goblin (Dexterity 10): hardly anyone wins this roll" in status
    assert "Goblin (Dexterity 10): hardly anyone wins this roll" in text_of(ed.sanity)
    ed.set_lang("de")
    assert "Goblin (Geschick 10): kaum jemand gewinnt diesen Wurf" in text_of(ed.sanity)
    assert "übernommen, mit Warnungen" in text_of(ed.status)
    # the selected card's row is outlined in the table
    assert re.search(r"<tr class='vl-selected' data-cards='monster-goblin'>", ed.sanity.value)


def test_the_report_is_worked_out_once_per_draft(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cost of typing: text that does not parse leaves the draft as it was and is not
    checked again; each new draft is checked once, whatever the widgets redraw."""
    calls: list[Deck] = []

    def counted(deck: Deck) -> Sanity:
        calls.append(deck)
        return sanity(deck)

    monkeypatch.setattr(editor_module, "sanity", counted)
    ed = DeckEditor(lang="en")
    assert len(calls) == 1
    ed.select("monster", GOBLIN)
    assert len(calls) == 1
    for partial in ("Kampf: Geschick", "Kampf: Geschick 1", "Kampf: Geschick 1x"):
        ed.set_text(partial)
    assert len(calls) == 1  # none of these parsed: the draft and its report stay
    assert ed.set_text("Kampf: Geschick 10. Besitz: 3 Gold.")
    assert len(calls) == 2
    ed.set_lang("de")
    ed.select("monster", "monster-ratte")
    assert len(calls) == 2


def test_a_card_the_deck_already_calls_unpassable_is_said_once() -> None:
    """The deck's own check ("monster can never be beaten") and the sanity check's
    "nobody" say the same: the card's status says it once (the deck's located words), the
    sanity list keeps the exact chance."""
    ed = DeckEditor(lang="en")
    ed.select("monster", GOBLIN)
    assert ed.set_text("Kampf: Geschick 13. Besitz: 3 Gold.")
    status = plain(text_of(ed.status))
    assert status.count("⚠") == 2  # the head and one warning
    assert "monster can never be beaten" in status
    assert "no character can ever win this roll" not in status
    assert "Goblin (Dexterity 13): no character can ever win this roll" in plain(text_of(ed.sanity))

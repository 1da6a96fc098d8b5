"""Words a German player read in English or in wrong German (issue 24 item 6)."""

from __future__ import annotations

from verlies.actions import Place, describe
from verlies.cards.model import Attr
from verlies.events import Event


def test_german_says_o_for_east_and_english_e() -> None:
    assert describe(Place(-1, 0, 15), "de") == "Karte an (-1, 0) legen, Gänge N+O+S+W"
    assert describe(Place(-1, 0, 2 | 8), "en").endswith("E+W")
    assert "E" not in describe(Place(-1, 0, 2 | 8), "de").split("Gänge ")[1]


def test_the_german_fight_sentence_is_grammatical() -> None:
    data = {"attr": Attr.GEIST, "value": 3, "roll": 4, "bonus": 0, "total": 7, "mvalue": 5,
            "mroll": 1, "mtotal": 6, "roller": 0}  # fmt: skip
    solo = Event("R7.2", "fight", 0, data)
    assert solo.de.endswith("(gewürfelt von der Engine).") and "von die" not in solo.de
    assert solo.en.endswith("(rolled by the engine).")

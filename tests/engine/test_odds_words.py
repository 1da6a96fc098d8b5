"""The odds say what the number means, per obstacle class (R5.1-R5.3, issue 24 item 2).

Below the number a class-B obstacle (Tür, Einsturz, Magie-Sperre) stops the figure: its
number is the chance to get through. A class-A (Abgrund, Säuresee, Lava) or class-C
(Holzbrücke) obstacle lets a failed roll through, injured: its number is the chance to get
through unhurt, and the page says the figure gets through in any case. Both languages.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from verlies.actions import Attempt
from verlies.cards.model import Color, Injury, Obstacle, ObstacleClass, ObstacleType, Trap
from verlies.i18n import text
from verlies.setup import Setup
from verlies.ui.core.describe import action_label, chance_context
from verlies.ui.core.page_model import passing_faces
from verlies.ui.core.session import HUMAN, Session
from verlies.ui.play.controller import Controller
from verlies.ui.play.panels_view import drawn_card_html
from verlies.views import ObstacleRolling, ObstacleTest, TrapRolling

WORDS = {
    "en": {"through": "Gets through in any case", "unhurt": "unhurt", "b": "Chance to get through"},
    "de": {
        "through": "Kommt auf jeden Fall durch",
        "unhurt": "unverletzt",
        "b": "Chance durchzukommen",
    },
}


@pytest.mark.parametrize(
    ("kind", "key"),
    [
        (ObstacleType.HOLZBRUECKE, "unhurt_on"),
        (ObstacleType.ABGRUND, "unhurt_on"),
        (ObstacleType.TUER, "passes_on"),
    ],
)
def test_r5_1_r5_3_the_die_faces_of_an_obstacle_roll_say_unhurt_where_a_fail_still_passes(
    kind: ObstacleType, key: str
) -> None:
    obstacle = Obstacle(kind, Color.RED, 7)
    half = Fraction(1, 2)
    found = passing_faces(ObstacleRolling(0, obstacle.attr, 3, 0, 7, half, (0, 1), obstacle))
    assert found == (key, frozenset({4, 5, 6}))
    shown = {lang: text(f"page.{key}", lang, faces="4–6") for lang in ("de", "en")}
    if key == "unhurt_on":
        assert shown == {
            "de": "unverletzt bei 4–6, sonst verletzt, aber durch",
            "en": "unhurt on 4–6, through but injured otherwise",
        }
    else:
        assert shown == {"de": "besteht bei 4–6", "en": "passes on 4–6"}
    # a trap's roll is not an obstacle's: "passes" stays
    trap = Trap((obstacle.attr,), 7, (Injury(),))
    assert passing_faces(TrapRolling(0, obstacle.attr, 3, 0, 7, half, trap)) == (
        "passes_on",
        frozenset({4, 5, 6}),
    )


def _game_at(cls: ObstacleClass, pending: str) -> Controller:
    """A one-player game (random choices, seeds in order) waiting at ``pending`` before an
    obstacle of class ``cls``: "place" (the drawn card shows it), "obstacle" (the decision)
    or "oroll" (the roll)."""
    for seed in range(1, 400):
        c = Controller(Session.new(Setup(players=1, seed=seed), [HUMAN]), "en")
        g = c.session.game
        rng = random.Random(seed)
        for _ in range(80):
            if g.is_over:
                break
            if pending == "place" and g.pending == "place":
                card = g.drawn
                if card is not None and card.obstacle is not None and card.obstacle.cls == cls:
                    return c
            if pending in ("obstacle", "oroll") and g.pending == pending:
                ctx = g.pending_context()
                if isinstance(ctx, ObstacleTest) and ctx.obstacle.cls == cls:
                    return c
            if g.is_chance:
                g.roll()
            else:
                legal = g.legal_actions()
                g.apply(legal[rng.randrange(len(legal))])
    raise AssertionError(f"no game reached {pending} before a class-{cls} obstacle")


@pytest.mark.parametrize("cls", [ObstacleClass.A, ObstacleClass.B, ObstacleClass.C])
def test_r5_the_drawn_card_says_gets_through_or_unhurt_by_class(cls: ObstacleClass) -> None:
    c = _game_at(cls, "place")
    for lang in ("de", "en"):
        shown = drawn_card_html(c.session, lang, None)
        w = WORDS[lang]
        if cls == ObstacleClass.B:
            assert w["b"] in shown and w["through"] not in shown
        else:
            assert w["through"] in shown and f"{w['unhurt']}:" in shown
        other = WORDS["en" if lang == "de" else "de"]
        assert other["through"] not in shown and other["b"] not in shown


@pytest.mark.parametrize("cls", [ObstacleClass.A, ObstacleClass.B, ObstacleClass.C])
def test_r5_1_r5_3_the_attempt_button_and_the_roll_say_unhurt_for_classes_a_and_c(
    cls: ObstacleClass,
) -> None:
    c = _game_at(cls, "obstacle")
    g = c.session.game
    attempts = [a for a in g.legal_actions() if isinstance(a, Attempt)]
    assert attempts
    for lang in ("de", "en"):
        label = action_label(g, attempts[0], lang)
        assert (WORDS[lang]["unhurt"] in label) == (cls != ObstacleClass.B), label
    c = _game_at(cls, "oroll")
    g = c.session.game
    for lang in ("de", "en"):
        said = chance_context(g, lang)
        assert (WORDS[lang]["unhurt"] in said) == (cls != ObstacleClass.B), said

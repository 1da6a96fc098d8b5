"""Regressions from the independent QA pass: bad input gets the project's own errors and
the last good state stays as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from verlies import (
    Card,
    Deck,
    Draw,
    Game,
    IllegalAction,
    LoseTreasure,
    Place,
    Recover,
    Roll,
    SaveFormatError,
    SetupError,
    Walk,
)
from verlies import rules as rules_module
from verlies.dice import Dice
from verlies.errors import DiceError
from verlies.frames import DungeonDraw


def _lay(game: Game, card: str, x: int, y: int) -> None:
    game.apply(Draw())
    game.apply(Card(card))
    game.apply(
        next(a for a in game.legal_actions() if isinstance(a, Place) and (a.x, a.y) == (x, y))
    )


def test_r9_4_lost_treasure_removed_by_an_edit_can_still_be_drawn_again() -> None:
    g = Game.new(players=1, seed=11, characters=["char-zwerg"])
    _lay(g, "r-raum-t-01", 1, 0)
    g.apply(Card("raum-schatz-01"))  # "Ein Schatz."
    g.apply(Card("schatz-rubin"))
    # the designer removes the Ruby from the deck while a player holds it
    g.edit_deck(g.deck.without_card("treasure", "schatz-rubin"))
    _lay(g, "r-raum-t-01", 2, 0)
    g.apply(Card("raum-falle-06"))
    # The Ruby in hand (unused, no bonus): the trap's roll is a forced decision first.
    assert g.forced_action is not None
    g.apply(g.forced_action)
    g.apply(Roll(1))
    g.apply(LoseTreasure("schatz-rubin"))  # R9.4: under the treasure deck
    g.apply(Recover())
    g.edit_deck(g.deck.with_card_text("room", "raum-gold-01", "20 Schätze."))
    g.apply(Draw())
    g.apply(Card("r-raum-bend-01"))
    g.apply(g.legal_actions()[0])
    g.apply(Card("raum-gold-01"))
    while g.is_chance:  # draws every treasure, the lost Ruby last
        g.roll()
    assert "schatz-rubin" in [h.card.id for h in g.figures[0].treasures]
    assert Game.from_json(g.to_json()).to_json() == g.to_json()


def test_a_failing_step_leaves_the_last_good_state(monkeypatch: pytest.MonkeyPatch) -> None:
    g = Game.new(players=2, seed=3)
    g.apply(Draw())
    before = g.to_json()

    def broken(*_args: object) -> None:
        raise RuntimeError("a bug in a rule")

    monkeypatch.setitem(rules_module._STEPS, DungeonDraw, broken)
    with pytest.raises(RuntimeError):
        g.apply(Card("r-raum-t-01"))
    monkeypatch.undo()
    assert g.to_json() == before
    assert g.pending == "draw" and g.is_chance
    g.apply(Card("r-raum-t-01"))  # and the game goes on
    assert g.pending == "place"


@pytest.mark.parametrize(
    "step",
    [
        Place(1, 0, 2.0),  # type: ignore[arg-type]
        Place(1, 0, "x"),  # type: ignore[arg-type]
        Place(1, 0, None),  # type: ignore[arg-type]
        Place(0.0, -1, 5),  # type: ignore[arg-type]
        Walk(None),  # type: ignore[arg-type]
        Walk(5),  # type: ignore[arg-type]
        Walk("ab"),  # type: ignore[arg-type]
        Walk(((1, 0), "x")),  # type: ignore[arg-type]
        Roll(True),
        Roll("3"),  # type: ignore[arg-type]
        ("place", 0, -1, 5),
        "draw",
        None,
    ],
)
def test_r3_4_malformed_actions_are_illegal_and_change_nothing(step: object) -> None:
    for pending in ("turn", "draw", "place"):
        g = Game.new(players=2, seed=1)
        if pending != "turn":
            g.apply(Draw())
        if pending == "place":
            g.apply(Card("r-gang-straight-01"))
        before = g.to_json()
        with pytest.raises(IllegalAction) as err:
            g.apply(step)  # type: ignore[arg-type]
        assert err.value.rule.startswith("R")
        assert g.to_json() == before


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "verlies-game", "version": 1, "setup": [1, 2], "steps": []}',
        '{"format": "verlies-game", "version": true, "setup": {}, "steps": []}',
        "[" * 200000 + "]" * 200000,
        '{"format": "verlies-game", "version": 1, "setup": {"players": ' + "9" * 5000 + "}, "
        '"steps": []}',
        None,
        5,
        b"\xff\xfe junk",
    ],
)
def test_bad_saves_raise_save_format_error(text: object) -> None:
    with pytest.raises(SaveFormatError):
        Game.from_json(text)  # type: ignore[arg-type]


def test_bad_saved_steps_raise_save_format_error() -> None:
    good = Game.new(players=2, seed=1).to_json()
    for steps in ('[["edit"]]', '[["edit", 5]]', '[["place", 0, 0]]', '[{"x": 1}]'):
        text = good.replace('"steps": []', f'"steps": {steps}')
        with pytest.raises(SaveFormatError) as err:
            Game.from_json(text)
        assert "step 1" in str(err.value)
    bad_cursor = good.replace('"cursor": 0', '"cursor": true')
    with pytest.raises(SaveFormatError):
        Game.from_json(bad_cursor)


@pytest.mark.parametrize(
    ("kwargs", "rule"),
    [
        ({"start_seat": 1.0}, "R2.5"),
        ({"start_seat": True}, "R2.5"),
        ({"round_limit": "x"}, "R1.6"),
        ({"round_limit": 2.5}, "R1.6"),
        ({"seed": True}, "R2.3"),
        ({"deck": "x"}, "R2.3"),
        ({"variants": {"long_walk": True}}, "R2.3"),
    ],
)
def test_setup_arguments_of_the_wrong_type_are_refused(
    kwargs: dict[str, object], rule: str
) -> None:
    with pytest.raises(SetupError) as err:
        Game.new(players=2, **kwargs)  # type: ignore[arg-type]
    assert err.value.rule == rule


def test_r1_6_timeout_is_not_reported_as_goblins() -> None:
    g = Game.new(players=2, seed=1, round_limit=1)
    while not g.is_over:
        g.roll() if g.is_chance else g.apply(g.legal_actions()[-1])
    assert g.result is not None and g.result.reason == "timeout"
    keys = {e.key for e in g.log}
    assert "left_behind" not in keys and "still_inside" in keys


def test_rw_3_dice_take_ascii_digits_only() -> None:
    for text in ("٣W6", "２W6", "W٦"):
        with pytest.raises(DiceError):
            Dice.parse(text)
    assert Dice.parse("3W6").w6 == 3


def test_deck_file_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    text = Deck.default().dumps()
    assert Deck.loads(("\ufeff" + text).encode("utf-8")) == Deck.default()
    assert Deck.loads("\ufeff" + text) == Deck.default()
    path = tmp_path / "bom.toml"
    path.write_bytes(("\ufeff" + text).encode("utf-8"))  # as some Windows editors save
    assert Deck.load(path) == Deck.default()

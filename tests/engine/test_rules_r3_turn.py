"""R3 A turn (rule card 3): seat order, drawing and laying, entering, illegal actions,
walking, card kinds."""

from __future__ import annotations

import pytest
from scenario_deck import (
    CROSS,
    EW,
    NS,
    RED,
    E,
    N,
    S,
    W,
    corridor,
    fingerprint,
    has_rule,
    lay,
    make_deck,
    monster,
    new_game,
    obstacle,
    room,
    room_card,
    start_card,
    walk,
)

from verlies.actions import (
    Attempt,
    Card,
    Choose,
    Decline,
    Draw,
    LoseGold,
    Place,
    Recover,
    Roll,
    ShuffleBack,
    UseHeal,
    Wait,
    Walk,
)
from verlies.cards.model import Attr, GainGold, ObstacleType, Shape, TileKind
from verlies.dice import Dice
from verlies.errors import IllegalAction


def line_deck():
    return make_deck(
        [
            (corridor("straight"), 6),
            (corridor("cross", Shape.CROSS), 4),
            (corridor("bend", Shape.BEND), 2),
            (corridor("tee", Shape.T), 2),
            (corridor("dead", Shape.DEAD_END), 2),
            corridor("door", obstacle=obstacle(ObstacleType.TUER, RED, 7)),
            (room("room"), 2),
        ],
        rooms=[(room_card("r-gold", GainGold(Dice.const(1))), 3)],
        monsters=[monster("m", (Attr.STAERKE, 3))],
    )


# ---- R3.1 --------------------------------------------------------------------------------


def test_r3_1_players_take_turns_in_seat_order() -> None:
    game = new_game(line_deck(), players=3)
    seats = []
    for pos in [(1, 0), (-1, 0), (0, 1), (2, 0)]:
        seats.append(game.current_player)
        lay(game, "cross", *pos)
    assert seats == [0, 1, 2, 0]
    turns = [e.seat for e in game.log if e.key == "turn" and e.rule == "R3.1"]
    assert turns == [0, 1, 2, 0, 1]


def test_r3_1_exactly_one_of_draw_or_walk() -> None:
    game = new_game(line_deck(), players=2)
    lay(game, "cross", 1, 0)
    # seat 1 walks: then its turn is over, it cannot draw as well.
    events = walk(game, (1, 0))
    assert has_rule(events, "R3.5", "walk")
    assert game.current_player == 0
    # seat 0 draws and lays: then its turn is over, it cannot walk as well.
    events = lay(game, "cross", 2, 0)
    assert has_rule(events, "R3.1", "draw")
    assert game.current_player == 1
    # the turn actions are draw and walks only (plus wait when nothing else is possible)
    kinds = {type(a) for a in game.legal_actions()}
    assert kinds <= {Draw, Walk}


# ---- R3.2 --------------------------------------------------------------------------------


def test_r3_2_draw_only_with_an_open_passage() -> None:
    game = new_game(line_deck(), players=1)
    lay(game, "dead", 1, 0, W)  # the dead end's only passage meets the start card
    assert game.figures[0].pos == (1, 0)
    legal = game.legal_actions()
    assert Draw() not in legal
    assert Walk(((0, 0),)) in legal
    before, fp = game.to_json(), fingerprint(game)
    with pytest.raises(IllegalAction) as exc:
        game.apply(Draw())
    assert exc.value.rule == "R3.2"
    assert "open passage" in str(exc.value)
    assert game.to_json() == before and fingerprint(game) == fp


def test_r3_2_draw_allowed_with_open_passage_and_cards_in_the_deck() -> None:
    game = new_game(line_deck(), players=1)
    assert Draw() in game.legal_actions()
    events = game.apply(Draw())
    assert game.pending == "draw" and game.is_chance
    assert events == [] or all(e.rule.startswith("R") for e in events)
    game.apply(Card("straight"))
    assert game.pending == "place"
    assert has_rule(game.log, "R3.1", "draw")


def _expected_placements(card_mask_rotations: dict[tuple[int, int], set[int]]) -> set[Place]:
    return {Place(x, y, m) for (x, y), ms in card_mask_rotations.items() for m in ms}


@pytest.mark.parametrize(
    "card,expected",
    [
        # bend: base S|E; rotations SE=6, SW=12, NW=9, NE=3
        ("bend", {(1, 0): {12, 9}, (-1, 0): {6, 3}, (0, -1): {6, 12}, (0, 1): {9, 3}}),
        # T: base E|S|W; rotations ESW=14, NSW=13, NEW=11, NES=7
        (
            "tee",
            {
                (1, 0): {14, 13, 11},
                (-1, 0): {14, 11, 7},
                (0, -1): {14, 13, 7},
                (0, 1): {13, 11, 7},
            },
        ),
        ("cross", {(1, 0): {CROSS}, (-1, 0): {CROSS}, (0, -1): {CROSS}, (0, 1): {CROSS}}),
        ("straight", {(1, 0): {EW}, (-1, 0): {EW}, (0, -1): {NS}, (0, 1): {NS}}),
        ("dead", {(1, 0): {W}, (-1, 0): {E}, (0, -1): {S}, (0, 1): {N}}),
    ],
)
def test_r3_2_placements_meet_the_open_passage_every_rotation_offered(card, expected) -> None:
    game = new_game(line_deck(), players=1)
    game.apply(Draw())
    game.apply(Card(card))
    assert set(game.legal_actions()) == _expected_placements(expected)
    assert len(game.legal_actions()) == len(set(game.legal_actions()))
    events = game.apply(game.legal_actions()[-1])
    assert has_rule(events, "R3.2", "place")


def test_r3_2_only_cells_at_open_passages_of_the_figures_card() -> None:
    game = new_game(line_deck(), players=1)
    lay(game, "straight", 1, 0, EW)  # figure at (1, 0), open only to the east
    game.apply(Draw())
    game.apply(Card("cross"))
    assert game.legal_actions() == (Place(2, 0, CROSS),)
    for bad in (Place(0, 1, CROSS), Place(1, 1, CROSS), Place(2, 0, 5), Place(0, 0, CROSS)):
        with pytest.raises(IllegalAction) as exc:
            game.apply(bad)
        assert exc.value.rule == "R3.2"
    events = game.apply(Place(2, 0, CROSS))
    assert has_rule(events, "R3.2", "place")


def test_r3_2_other_sides_need_not_match() -> None:
    game = new_game(line_deck(), players=1)
    lay(game, "straight", 0, 1, NS)
    lay(game, "bend", 0, 2, N | E)
    lay(game, "bend", 1, 2, W | N)
    # (1, 1): south meets the figure's card; its west side faces the straight at (0, 1),
    # which has no east passage. The cross is laid all the same.
    game.apply(Draw())
    game.apply(Card("cross"))
    assert Place(1, 1, CROSS) in game.legal_actions()
    game.apply(Place(1, 1, CROSS))
    assert game.figures[0].pos == (1, 1)
    # ... but nobody can cross that edge: both cards need a passage there (R3.5).
    legal = game.legal_actions()
    assert Walk(((0, 1),)) not in legal
    assert Walk(((1, 2), (0, 2))) in legal
    # An occupied cell is no open passage, even where only one side has a passage.
    from verlies.board import open_sides

    assert set(open_sides(game.board, (1, 1))) == {N, E}


# ---- R3.3 --------------------------------------------------------------------------------


def test_r3_3_must_move_onto_the_new_card() -> None:
    game = new_game(line_deck(), players=2)
    game.apply(Draw())
    game.apply(Card("straight"))
    # While the card is in hand, nothing but laying it (R3.3).
    assert all(isinstance(a, Place) for a in game.legal_actions())
    for other in (Walk(((1, 0),)), Draw(), Wait()):
        with pytest.raises(IllegalAction) as exc:
            game.apply(other)
        assert exc.value.rule == "R3.3"
    events = game.apply(Place(1, 0, EW))
    assert game.figures[0].pos == (1, 0)
    assert has_rule(events, "R3.3", "must_enter")
    assert any(
        e.rule == "R3.3" and e.key == "enter" and (e.data["x"], e.data["y"]) == (1, 0)
        for e in events
    )
    assert game.current_player == 1


def test_r3_3_obstacle_can_stop_the_figure_on_the_new_card() -> None:
    game = new_game(line_deck(), players=1)
    events = lay(game, "door", 1, 0, EW)
    assert game.pending == "obstacle"
    assert has_rule(events, "R3.3", "must_enter")
    game.apply(Attempt())
    game.apply(Roll(1))  # Stärke 1 + 1 < 7
    assert game.figures[0].pos == (0, 0)
    assert (1, 0) in game.board  # the card lies there all the same


# ---- R3.4 --------------------------------------------------------------------------------


def _assert_refused(game, step, rule: str | None = None) -> IllegalAction:
    before, fp = game.to_json(), fingerprint(game)
    with pytest.raises(IllegalAction) as exc:
        game.apply(step)
    err = exc.value
    assert err.rule and str(err).startswith(err.rule + ":")
    if rule is not None:
        assert err.rule == rule, (step, str(err))
    assert game.to_json() == before
    assert fingerprint(game) == fp
    return err


def test_r3_4_illegal_actions_raise_naming_the_rule_and_change_nothing() -> None:
    game = new_game(line_deck(), players=2)
    # at a turn decision
    _assert_refused(game, Place(1, 0, EW), "R3.1")
    _assert_refused(game, Walk(((1, 0),)), "R3.5")
    _assert_refused(game, Walk(((5, 5),)), "R3.5")
    _assert_refused(game, Recover(), "R3.1")
    _assert_refused(game, UseHeal("t"), "R3.1")
    _assert_refused(game, Attempt())
    _assert_refused(game, Decline())
    _assert_refused(game, Choose(Attr.GEIST))
    _assert_refused(game, LoseGold())
    _assert_refused(game, ShuffleBack())
    _assert_refused(game, Roll(3), "R3.4")
    _assert_refused(game, Card("straight"), "R3.4")
    # at a chance point
    game.apply(Draw())
    _assert_refused(game, Draw(), "R3.4")
    _assert_refused(game, Card("no-such-card"), "R2.3")
    _assert_refused(game, Roll(4))
    # while placing
    game.apply(Card("door"))
    _assert_refused(game, Place(1, 0, NS), "R3.2")
    _assert_refused(game, Place(3, 0, EW), "R3.2")
    _assert_refused(game, Place(0, 0, EW), "R3.2")
    _assert_refused(game, ShuffleBack(), "R1.4")
    # at an obstacle
    game.apply(Place(1, 0, EW))
    assert game.pending == "obstacle"
    _assert_refused(game, Choose(Attr.STAERKE), "R4.3")
    _assert_refused(game, Attempt("no-treasure"), "R4.3")
    _assert_refused(game, Walk(((1, 0),)))
    # at the obstacle's die
    game.apply(Attempt())
    for bad in (Roll(0), Roll(7), Roll(-1), Card("straight"), Attempt()):
        _assert_refused(game, bad)
    err = _assert_refused(game, Roll(7))
    assert err.rule == "RW.1"
    game.apply(Roll(6))
    assert game.figures[0].pos == (1, 0)


def test_r3_4_unauthorised_draw_is_refused_not_penalised() -> None:
    # The cards' penalty (skip a turn, shuffle the card back) is for table mistakes: the
    # engine refuses the draw and the player still has the whole turn.
    game = new_game(line_deck(), players=2)
    lay(game, "dead", 1, 0, W)  # seat 0 stands on a closed dead end
    lay(game, "cross", -1, 0)  # seat 1
    assert game.current_player == 0
    total = game.state.dungeon.total
    _assert_refused(game, Draw(), "R3.2")
    assert game.current_player == 0
    assert game.state.dungeon.total == total
    assert game.legal_actions() == (Walk(((0, 0),)), Walk(((0, 0), (-1, 0))))


# ---- R3.5 --------------------------------------------------------------------------------


def test_r3_5_walk_one_or_two_cards() -> None:
    game = new_game(line_deck(), players=1)
    lay(game, "straight", 1, 0, EW)
    lay(game, "straight", 2, 0, EW)
    walks = [a for a in game.legal_actions() if isinstance(a, Walk)]
    assert set(walks) == {Walk(((1, 0),)), Walk(((1, 0), (0, 0)))}
    events = walk(game, (1, 0), (0, 0))
    assert game.figures[0].pos == (0, 0)
    assert has_rule(events, "R3.5", "walk")
    assert [(e.data["x"], e.data["y"]) for e in events if e.key == "enter"] == [(1, 0), (0, 0)]
    assert all(e.rule == "R3.5" for e in events if e.key == "enter")
    # one card
    events = walk(game, (1, 0))
    assert game.figures[0].pos == (1, 0)


def test_r3_5_no_three_card_walk() -> None:
    game = new_game(line_deck(), players=1)
    lay(game, "straight", 1, 0, EW)
    lay(game, "straight", 2, 0, EW)
    lay(game, "straight", 3, 0, EW)
    assert all(len(a.path) <= 2 for a in game.legal_actions() if isinstance(a, Walk))
    _assert_refused(game, Walk(((2, 0), (1, 0), (0, 0))), "R3.5")


def test_r3_5_no_diagonal_step() -> None:
    game = new_game(line_deck(), players=1)
    lay(game, "cross", 1, 0)
    lay(game, "cross", 1, 1)
    legal = game.legal_actions()
    assert Walk(((0, 0),)) not in legal  # (0, 0) is diagonal to (1, 1)
    assert Walk(((1, 0), (0, 0))) in legal
    _assert_refused(game, Walk(((0, 0),)), "R3.5")
    _assert_refused(game, Walk(((1, 0), (2, 1))), "R3.5")  # a gap, not a card


def mismatch_layout(game) -> None:
    """A cross at (1, 1) whose west side faces a straight N-S at (0, 1) (no east passage)."""
    lay(game, "straight", 0, 1, NS)
    lay(game, "bend", 0, 2, N | E)
    lay(game, "bend", 1, 2, W | N)
    lay(game, "cross", 1, 1)


def test_r3_5_step_needs_a_passage_on_both_cards() -> None:
    game = new_game(line_deck(), players=1)
    mismatch_layout(game)
    assert Walk(((0, 1),)) not in game.legal_actions()
    walk(game, (1, 2), (0, 2))
    walk(game, (0, 1))
    legal = game.legal_actions()
    # The straight's east side has no passage, whatever the cross beside it has.
    assert Walk(((1, 1),)) not in legal
    assert Walk(((0, 2), (1, 2))) in legal
    assert Walk(((0, 0),)) in legal
    _assert_refused(game, Walk(((1, 1),)), "R3.5")


def test_r3_5_walk_goes_through_obstacles_on_the_way() -> None:
    game = new_game(line_deck(), players=1)
    lay(game, "door", 1, 0, EW)
    game.apply(Attempt())
    game.apply(Roll(6))  # Stärke 1 + 6 = 7: passed
    lay(game, "straight", 2, 0, EW)
    walk(game, (1, 0), (0, 0))
    assert game.pending == "obstacle"  # the door is tested on the way (R4.4)
    game.apply(Attempt())
    game.apply(Roll(6))
    assert game.figures[0].pos == (0, 0)
    assert has_rule(game.log, "R3.5", "walk")


def test_r3_5_wait_only_without_moves() -> None:
    # No dungeon card at all (a duck-typed deck): no draw, nowhere to walk: wait.
    deck = make_deck([], auto_exit=False, raw=True, start=start_card(Shape.DEAD_END))
    game = new_game(deck, players=1)
    assert game.legal_actions() == (Wait(),)
    events = game.apply(Wait())
    assert has_rule(events, "R3.5", "wait")


def test_r3_5_wait_refused_when_a_move_exists() -> None:
    game = new_game(line_deck(), players=2)
    assert Wait() not in game.legal_actions()
    _assert_refused(game, Wait(), "R3.5")
    lay(game, "dead", 1, 0, W)  # seat 0 can no longer draw, but can walk
    lay(game, "cross", -1, 0)
    assert Wait() not in game.legal_actions()
    _assert_refused(game, Wait(), "R3.5")


# ---- R3.6 --------------------------------------------------------------------------------


def test_r3_6_corridors_carry_gold_and_obstacles_rooms_draw_a_room_card() -> None:
    deck = make_deck(
        [corridor("gold", gold=2), room("room")],
        rooms=[room_card("r-gold", GainGold(Dice.const(5)))],
    )
    game = new_game(deck, players=1)
    events = lay(game, "gold", 1, 0, EW)
    assert game.figures[0].coins == 2 and has_rule(events, "R4.1", "gold")
    assert not has_rule(events, "R6.2")  # no room card for a corridor
    events = lay(game, "room", 2, 0)
    assert game.pending == "room"  # a room card is drawn
    events = game.apply(Card("r-gold"))
    assert has_rule(events, "R6.2", "room_card")
    assert game.figures[0].coins == 7
    kinds = {t.card.kind for t in game.board.values()}
    assert kinds == {TileKind.START, TileKind.CORRIDOR, TileKind.ROOM}
    # start and exit are special: the start is no card of the pile, the exit ends the way
    assert game.deck.start.kind is TileKind.START
    events = lay(game, "exit-red", 3, 0)
    assert has_rule(events, "R1.1", "escape")

"""R1 Goal (rule card 1): exits, collapse, end of the game, shuffle back, winner, R1.6."""

from __future__ import annotations

import pytest
from scenario_deck import (
    BLUE,
    EW,
    RED,
    W,
    corridor,
    exit_card,
    has_rule,
    lay,
    make_deck,
    new_game,
    start_card,
    walk,
)

from verlies.actions import Card, Draw, Place, ShuffleBack
from verlies.cards.model import Shape
from verlies.errors import IllegalAction
from verlies.rules import TERMINAL


def three_player_deck(g0: int = 2, g1: int = 0, g2: int = 0):
    """Red and blue cards for 3 players: one gold corridor per player, exits red and blue."""
    return make_deck(
        [
            corridor("gold-0", gold=g0),
            corridor("gold-1", gold=g1),
            corridor("gold-2", gold=g2),
            corridor("filler", color=BLUE),
            exit_card("exit-red", RED),
            exit_card("exit-blue", BLUE),
        ]
    )


def three_player_race(g0: int, g1: int, g2: int):
    """Seat 0 lays gold-0 east, seat 1 gold-1 west, seat 2 gold-2 south; then seat 0 lays
    the red exit and escapes, and seat 1 lays the blue exit and escapes."""
    game = new_game(three_player_deck(g0, g1, g2), players=3)
    lay(game, "gold-0", 1, 0, EW)
    lay(game, "gold-1", -1, 0, EW)
    lay(game, "gold-2", 0, 1)
    first = lay(game, "exit-red", 2, 0)
    second = lay(game, "exit-blue", -2, 0)
    return game, first, second


# ---- R1.1 --------------------------------------------------------------------------------


def test_r1_1_figure_on_exit_escapes_with_everything() -> None:
    game = new_game(three_player_deck(g0=4), players=3)
    lay(game, "gold-0", 1, 0, EW)
    lay(game, "gold-1", -1, 0, EW)
    lay(game, "gold-2", 0, 1)
    assert game.figures[0].coins == 4
    events = lay(game, "exit-red", 2, 0)
    fig = game.figures[0]
    assert fig.escaped and fig.pos == (2, 0)
    assert fig.coins == 4  # escapes with everything it carries
    assert has_rule(events, "R1.1", "escape")
    assert not game.is_over  # 1 of 3 escaped
    assert game.current_player == 1  # it left: its turn ended
    # It leaves the dungeon: it never takes a turn again.
    lay(game, "filler", -2, 0, EW)
    assert game.current_player == 2


def test_r1_1_exit_is_dungeon_card_in_the_deck() -> None:
    game = new_game(three_player_deck(), players=3)
    exits = [
        cid for cid in game.state.dungeon.counts if game.deck.dungeon[cid].kind.value == "exit"
    ]
    assert sorted(exits) == ["exit-blue", "exit-red"]
    assert any(e.rule == "R2.2" and e.data["exits"] == 2 for e in game.log)


# ---- R1.2 --------------------------------------------------------------------------------


def test_r1_2_exit_collapses_after_one_figure() -> None:
    game = new_game(three_player_deck(), players=3)
    lay(game, "gold-0", 1, 0, EW)
    walk(game, (1, 0))  # seat 1 goes next to the exit-to-be
    lay(game, "gold-2", 0, 1)
    events = lay(game, "exit-red", 2, 0)
    tile = game.board[(2, 0)]
    assert tile.collapsed and not tile.is_exit  # stays on the table, no exit any more
    assert has_rule(events, "R1.2", "collapse")
    # [decision] the player who lays an exit escapes through it in the same turn.
    assert game.figures[0].escaped and game.state.escape_order == [0]
    # Seat 1 walks onto the collapsed exit: it does not escape.
    events = walk(game, (2, 0))
    assert game.figures[1].pos == (2, 0)
    assert not game.figures[1].escaped
    assert not has_rule(events, "R1.1")
    assert game.state.escape_order == [0]


# ---- R1.3 --------------------------------------------------------------------------------


def test_r1_3_game_ends_when_second_to_last_escapes() -> None:
    game, first, second = three_player_race(2, 3, 0)
    assert not any(e.key.startswith("end_") for e in first)
    assert game.is_over and game.current_player == TERMINAL
    assert has_rule(second, "R1.3", "end_escaped")
    r = game.result
    assert r is not None
    assert r.reason == "escaped"
    assert r.escaped == (0, 1)
    assert r.left_behind == (2,)
    assert game.legal_actions() == ()


def test_r1_3_last_figure_left_behind_loses() -> None:
    # The figure left inside has by far the most gold and still loses.
    game, _, second = three_player_race(2, 3, 40)
    r = game.result
    assert r is not None and r.left_behind == (2,)
    assert r.gold[2] == 40
    assert 2 not in r.winners
    assert r.winners == (1,)
    assert any(e.rule == "R1.3" and e.key == "left_behind" and e.seat == 2 for e in second)


def test_r1_3_two_players_first_escape_wins_the_race() -> None:
    deck = make_deck([corridor("rich", gold=9), corridor("plain")])
    game = new_game(deck, players=2)
    lay(game, "plain", 1, 0, EW)
    lay(game, "rich", -1, 0, EW)  # seat 1 is richer
    events = lay(game, "exit-red", 2, 0)
    assert game.is_over
    r = game.result
    assert r is not None and r.reason == "escaped"
    assert r.winners == (0,) and r.left_behind == (1,)
    assert has_rule(events, "R1.3", "end_escaped")


def test_r1_3_solo_game_ends_when_the_figure_escapes() -> None:
    deck = make_deck([corridor("c", gold=3)])
    game = new_game(deck, players=1)
    lay(game, "c", 1, 0, EW)
    events = lay(game, "exit-red", 2, 0)
    assert game.is_over
    r = game.result
    assert r is not None
    assert r.reason == "solo"
    assert r.winners == (0,)
    assert r.gold == (3,)  # the result is its gold
    assert has_rule(events, "R1.3", "end_solo")


def test_r1_3_no_action_after_the_end() -> None:
    game, _, _ = three_player_race(1, 1, 1)
    before = game.to_json()
    with pytest.raises(IllegalAction) as exc:
        game.apply(Draw())
    assert exc.value.rule == "R1.3"
    assert game.to_json() == before


# ---- R1.4 --------------------------------------------------------------------------------


def test_r1_4_shuffle_back_exit_ends_turn() -> None:
    deck = make_deck([corridor("c")])
    game = new_game(deck, players=2)
    total = game.state.dungeon.total
    game.apply(Draw())
    game.apply(Card("exit-red"))
    legal = game.legal_actions()
    assert ShuffleBack() in legal
    assert any(isinstance(a, Place) for a in legal)  # laying it is the other choice
    events = game.apply(ShuffleBack())
    assert has_rule(events, "R1.4", "shuffle_back")
    assert game.current_player == 1 and game.pending == "turn"  # the turn ended
    assert game.figures[0].pos == (0, 0)
    assert game.state.dungeon.total == total  # back in the deck
    assert game.state.exits_in_pile() == 1
    assert game.state.dungeon.counts["exit-red"] == 1
    assert list(game.board) == [(0, 0)]


def test_r1_4_only_an_exit_can_be_shuffled_back() -> None:
    deck = make_deck([corridor("c")])
    game = new_game(deck, players=2)
    game.apply(Draw())
    game.apply(Card("c"))
    assert ShuffleBack() not in game.legal_actions()
    with pytest.raises(IllegalAction) as exc:
        game.apply(ShuffleBack())
    assert exc.value.rule == "R1.4"


# ---- R1.5 --------------------------------------------------------------------------------


def test_r1_5_most_gold_wins() -> None:
    game, _, second = three_player_race(2, 5, 0)
    r = game.result
    assert r is not None
    assert r.gold[:2] == (2, 5)
    assert r.winners == (1,)
    assert any(e.rule == "R1.5" and e.key == "winner" and e.data["gold"] == 5 for e in second)


def test_r1_5_first_escaped_can_lose_to_richer_second() -> None:
    game, _, _ = three_player_race(7, 5, 0)
    assert game.result is not None and game.result.winners == (0,)


def test_r1_5_tie_shared() -> None:
    game, _, second = three_player_race(3, 3, 0)
    r = game.result
    assert r is not None
    assert r.winners == (0, 1)
    assert has_rule(second, "R1.5", "winner")
    assert "player 1, player 2" in next(e.en for e in second if e.key == "winner")


# ---- R1.6 --------------------------------------------------------------------------------


def test_r1_6_no_exit_in_deck_ends_game() -> None:
    # 3 players, but only one exit in the deck (a deck the validator would refuse, so a
    # duck-typed one): after the first escape no exit is left; nobody else can escape.
    deck = make_deck(
        [corridor("c0"), corridor("c1"), corridor("b", color=BLUE), exit_card("exit-red", RED)],
        auto_exit=False,
        raw=True,
    )
    game = new_game(deck, players=3)
    lay(game, "c0", 1, 0, EW)
    lay(game, "c1", -1, 0, EW)
    lay(game, "b", 0, 1)
    events = lay(game, "exit-red", 2, 0)
    assert game.is_over
    r = game.result
    assert r is not None
    assert r.reason == "no_exit"
    assert r.escaped == (0,) and r.left_behind == (1, 2)
    assert r.winners == (0,)
    assert has_rule(events, "R1.6", "end_no_exit")


def test_r1_6_no_exit_at_all_ends_game_after_first_turn() -> None:
    deck = make_deck([corridor("c0"), corridor("c1")], auto_exit=False, raw=True)
    game = new_game(deck, players=2)
    events = lay(game, "c0", 1, 0, EW)
    assert game.is_over
    assert game.result is not None and game.result.reason == "no_exit"
    assert game.result.winners == ()
    assert has_rule(events, "R1.6", "end_no_exit")


def test_r1_6_no_open_passage_ends_game() -> None:
    # Start is a dead end (open to the south); a dead end laid there closes the dungeon.
    deck = make_deck(
        [corridor("end", Shape.DEAD_END), corridor("c")], start=start_card(Shape.DEAD_END)
    )
    game = new_game(deck, players=2)
    events = lay(game, "end", 0, 1)
    assert game.is_over
    r = game.result
    assert r is not None
    assert r.reason == "no_passage"
    assert r.left_behind == (0, 1) and r.winners == ()
    assert game.state.exits_in_pile() == 1  # an exit is left, but nobody can reach it
    assert has_rule(events, "R1.6", "end_no_passage")
    assert sum(1 for e in events if e.key == "left_behind") == 2


def test_r1_6_open_passage_elsewhere_keeps_the_game_going() -> None:
    # The figure's own card is closed, but the start card still has open passages.
    deck = make_deck([corridor("end", Shape.DEAD_END), corridor("c")])
    game = new_game(deck, players=1)
    lay(game, "end", 1, 0, W)
    assert not game.is_over
    assert Draw() not in game.legal_actions()


def test_r1_6_round_limit_timeout() -> None:
    deck = make_deck([corridor("a"), corridor("b"), corridor("c")])
    game = new_game(deck, players=2, round_limit=1)
    lay(game, "a", 1, 0, EW)
    assert not game.is_over
    events = lay(game, "b", -1, 0, EW)
    assert game.is_over
    r = game.result
    assert r is not None
    assert r.reason == "timeout" and r.timeout
    assert r.winners == ()  # reported separately, no winner
    assert r.rounds == 1  # the limit: the round after it was never played
    assert any(e.rule == "R1.6" and e.key == "end_timeout" for e in events)


def test_r1_6_default_round_limit_is_300() -> None:
    game = new_game(make_deck([corridor("a")]), players=2)
    assert game.setup.round_limit == 300
    assert game.state.round_limit == 300


def test_r1_6_end_checked_when_the_turn_ends() -> None:
    # The end is checked when the turn ends: a figure closing the last passage still ends
    # its turn normally (no half-turn states).
    deck = make_deck(
        [corridor("end", Shape.DEAD_END), corridor("c")], start=start_card(Shape.DEAD_END)
    )
    game = new_game(deck, players=1)
    game.apply(Draw())
    game.apply(Card("end"))
    assert not game.is_over
    game.apply(Place(0, 1, 1))
    assert game.is_over

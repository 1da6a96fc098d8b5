"""R2 Setup (rule card 2): characters, dungeon deck by player count, four decks, start."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from scenario_deck import (
    BLUE,
    CHARACTERS,
    EW,
    GREEN,
    RED,
    corridor,
    exit_card,
    has_rule,
    lay,
    make_deck,
    monster,
    new_game,
    room,
    room_card,
    treasure,
)

from verlies.actions import Card, Draw
from verlies.cards.model import COLORS_FOR_PLAYERS, Attr, GainGold, TileKind
from verlies.dice import Dice
from verlies.errors import IllegalAction
from verlies.game import Game, SetupError


def coloured_deck():
    """Cards of all three colours (exits too), rooms, monsters and treasures."""
    cards = []
    for col in (RED, BLUE, GREEN):
        cards.append((corridor(f"c-{col.value}", color=col), 3))
        cards.append(room(f"room-{col.value}", color=col))
        cards.append(exit_card(f"exit-{col.value}", col))
    return make_deck(
        cards,
        rooms=[(room_card("r1", GainGold(Dice.const(1))), 2)],
        monsters=[(monster("m1", (Attr.STAERKE, 3)), 2)],
        treasures=[(treasure("t1", 2), 3)],
    )


# ---- R2.1 --------------------------------------------------------------------------------


def test_r2_1_each_player_has_a_distinct_character_with_three_values() -> None:
    deck = coloured_deck()
    game = new_game(deck, players=4, characters=["char-c", "char-a", "char-h", "char-e"])
    chars = [f.character for f in game.figures]
    assert [c.id for c in chars] == ["char-c", "char-a", "char-h", "char-e"]
    a = chars[1]
    assert (a.staerke, a.geist, a.geschick) == (1, 3, 5)
    assert a.value(Attr.STAERKE) == 1 and a.value(Attr.GEIST) == 3 and a.value(Attr.GESCHICK) == 5
    assert len(deck.characters) == 8  # eight adventurers to choose from


def test_r2_1_shared_character_refused() -> None:
    with pytest.raises(SetupError) as exc:
        new_game(coloured_deck(), players=2, characters=["char-a", "char-a"])
    assert exc.value.rule == "R2.1"
    assert "share" in str(exc.value)


def test_r2_1_unknown_character_refused() -> None:
    with pytest.raises(SetupError) as exc:
        new_game(coloured_deck(), players=2, characters=["char-a", "nobody"])
    assert exc.value.rule == "R2.1"
    assert "nobody" in str(exc.value)


def test_r2_1_one_character_per_player() -> None:
    with pytest.raises(SetupError) as exc:
        new_game(coloured_deck(), players=3, characters=["char-a", "char-b"])
    assert exc.value.rule == "R2.1"


def test_r2_1_default_characters_are_distinct() -> None:
    game = Game.new(players=4, deck=coloured_deck())
    ids = [f.character.id for f in game.figures]
    assert len(set(ids)) == 4
    assert ids == [c.id for c in CHARACTERS[:4]]


# ---- R2.2 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players,colours",
    [(1, {RED}), (2, {RED}), (3, {RED, BLUE}), (4, {RED, BLUE, GREEN})],
)
def test_r2_2_dungeon_deck_colours_by_player_count(players: int, colours: set) -> None:
    deck = coloured_deck()
    game = new_game(deck, players=players)
    pile = game.state.dungeon.counts
    used = {deck.dungeon[cid].color for cid, n in pile.items() if n}
    assert used == colours
    assert set(COLORS_FOR_PLAYERS[players]) == colours
    # Every card of those colours is in (except the start card, R2.4), with its count.
    expected = {
        cid: deck.dungeon_counts[cid]
        for cid, c in deck.dungeon.items()
        if c.color in colours and c.kind is not TileKind.START
    }
    assert {k: v for k, v in pile.items() if v} == expected
    setup = [e for e in game.log if e.rule == "R2.2"]
    assert len(setup) == 1 and setup[0].data["players"] == players
    assert setup[0].data["exits"] == len(colours)


@pytest.mark.parametrize("players", [0, 5, 8, -1])
def test_r2_2_player_counts_outside_1_to_4_refused(players: int) -> None:
    with pytest.raises(SetupError) as exc:
        new_game(
            coloured_deck(),
            players=players,
            characters=[c.id for c in CHARACTERS[: max(players, 0)]],
        )
    assert exc.value.rule == "R2.2"


def test_r2_2_five_players_refused_even_with_default_characters() -> None:
    with pytest.raises(SetupError) as exc:
        Game.new(players=5, deck=coloured_deck())
    assert exc.value.rule == "R2.2"


# ---- R2.3 --------------------------------------------------------------------------------


def test_r2_3_four_separate_decks() -> None:
    deck = coloured_deck()
    game = new_game(deck, players=2)
    s = game.state
    assert s.dungeon.total == sum(deck.dungeon_pile(2).values())
    assert dict(s.rooms.counts) == dict(deck.room_counts)
    assert dict(s.monsters.counts) == dict(deck.monster_counts)
    assert dict(s.treasures.counts) == dict(deck.treasure_counts)
    assert len({id(s.dungeon), id(s.rooms), id(s.monsters), id(s.treasures)}) == 4


def test_r2_3_shuffled_deck_draw_is_uniform_over_cards_left() -> None:
    deck = coloured_deck()
    game = new_game(deck, players=2)
    game.apply(Draw())
    assert game.pending == "draw"
    outcomes = dict(game.chance_outcomes())
    pile = deck.dungeon_pile(2)
    total = sum(pile.values())
    assert outcomes == {Card(cid): Fraction(n, total) for cid, n in pile.items()}
    assert sum(outcomes.values()) == 1
    # A card that is not in the deck cannot be drawn.
    with pytest.raises(IllegalAction) as exc:
        game.apply(Card("c-blue"))
    assert exc.value.rule == "R2.3"
    # After a draw the card is no longer there.
    game.apply(Card("c-red"))
    game.undo(2)
    lay(game, "c-red", 1, 0, EW)
    game.apply(Draw())
    left = dict(game.chance_outcomes())
    assert left[Card("c-red")] == Fraction(2, total - 1)
    assert any(e.rule in ("R3.1", "R3.2") for e in game.log)


def test_r2_3_seeded_draws_follow_the_pile_frequencies() -> None:
    deck = coloured_deck()
    seen: Counter[str] = Counter()
    for seed in range(300):
        game = new_game(deck, players=2, seed=seed)
        game.apply(Draw())
        seen[game.sample_outcome().card] += 1
    assert set(seen) == set(deck.dungeon_pile(2))
    # c-red has 3 of 5 red cards: the seeded source should draw it most often.
    assert seen["c-red"] == max(seen.values())


# ---- R2.4 --------------------------------------------------------------------------------


def test_r2_4_start_card_laid_first_with_all_figures_on_it() -> None:
    deck = coloured_deck()
    game = new_game(deck, players=4)
    assert list(game.board) == [(0, 0)]
    start = game.board[(0, 0)]
    assert start.card.kind is TileKind.START and start.card is deck.start
    assert all(f.pos == (0, 0) for f in game.figures)
    assert all(not f.escaped and f.coins == 0 and not f.treasures for f in game.figures)
    # Not part of the shuffled deck.
    assert deck.start.id not in game.state.dungeon.counts
    game.apply(Draw())
    assert Card(deck.start.id) not in game.legal_actions()
    assert has_rule(game.log, "R2.2", "setup")


# ---- R2.5 --------------------------------------------------------------------------------


def test_r2_5_start_seat_is_a_setting_default_seat_0() -> None:
    deck = coloured_deck()
    assert new_game(deck, players=3).current_player == 0
    game = new_game(deck, players=3, start_seat=2)
    assert game.current_player == 2
    turn = [e for e in game.log if e.key == "turn"]
    assert turn[0].seat == 2 and turn[0].rule == "R3.1"
    # Seat order goes on from there; a round ends when play is back at the start seat.
    lay(game, "c-red", 1, 0, EW)
    assert game.current_player == 0 and game.round == 1
    lay(game, "c-red", -1, 0, EW)
    assert game.current_player == 1 and game.round == 1
    lay(game, "c-red", 0, 1)
    assert game.current_player == 2 and game.round == 2


@pytest.mark.parametrize("seat", [-1, 3, 7])
def test_r2_5_start_seat_out_of_range_refused(seat: int) -> None:
    with pytest.raises(SetupError) as exc:
        new_game(coloured_deck(), players=3, start_seat=seat)
    assert exc.value.rule == "R2.5"

"""R6 Dungeon rooms and R7 Monsters (rule cards 6 and 7).

Seat 0 is "char-a" (Stärke 1, Geist 3, Geschick 5); seat 1 "char-b" (5, 1, 3).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from scenario_deck import (
    EW,
    GE,
    GK,
    NS,
    ST,
    corridor,
    has_rule,
    lay,
    make_deck,
    monster,
    new_game,
    room,
    room_card,
    treasure,
    walk,
)

from verlies.actions import Card, Choose, Recover, Roll
from verlies.cards.model import (
    Blocked,
    DrawTreasure,
    GainGold,
    Injury,
    LoseGoldOrTreasure,
    MonsterEncounter,
    Trap,
)
from verlies.dice import Dice

ROOMS = [
    room_card("r-gold", GainGold(Dice.parse("2+W3"))),
    room_card("r-monster", MonsterEncounter()),
    room_card("r-treasure", DrawTreasure(1)),
    room_card("r-trap", Trap((GK, ST), 7, (Injury(), LoseGoldOrTreasure(3)))),
    room_card("r-back", Trap((GE,), 8, (Blocked(),))),
]
MONSTERS = [
    monster("m-troll", (ST, 5), loot_gold=4, loot_treasures=1),
    monster("m-ghost", (GE, 4), (GK, 3), loot_gold="W6"),
]
TREASURES = [treasure("t-ring", 3), treasure("t-cup", 1)]


def rooms_deck(rooms=ROOMS, monsters=MONSTERS, treasures=TREASURES):
    return make_deck(
        [(room("room"), 4), (corridor("plain"), 5), corridor("purse", gold=5)],
        rooms=rooms,
        monsters=monsters,
        treasures=treasures,
    )


def enter_new_room(game, card: str, x: int = 1, y: int = 0) -> list:
    lay(game, "room", x, y)
    assert game.pending == "room"
    return list(game.apply(Card(card)))


def rich_then_room(card: str):
    """Seat 0 (solo) takes 5 gold at (1, 0), then lays a new room at (2, 0)."""
    game = new_game(rooms_deck(), players=1)
    lay(game, "purse", 1, 0, EW)
    events = enter_new_room(game, card, 2, 0)
    return game, events


# ---- R6.1 --------------------------------------------------------------------------------


def test_r6_1_room_laid_earlier_is_empty() -> None:
    game = new_game(rooms_deck(), players=1)
    enter_new_room(game, "r-gold")
    game.apply(Roll(4))
    assert game.figures[0].coins == 4
    rooms_left = game.state.rooms.size
    walk(game, (0, 0))
    events = walk(game, (1, 0))
    assert has_rule(events, "R6.1", "room_empty")
    assert game.pending == "turn" and not game.is_chance
    assert game.figures[0].coins == 4
    assert game.state.rooms.size == rooms_left


def test_r6_1_other_player_entering_an_earlier_room_finds_nothing() -> None:
    game = new_game(rooms_deck(), players=2)
    enter_new_room(game, "r-gold")
    game.apply(Roll(3))
    events = walk(game, (1, 0))  # seat 1, a turn later
    assert has_rule(events, "R6.1", "room_empty")
    assert game.figures[1].coins == 0 and game.current_player == 0


# ---- R6.2 --------------------------------------------------------------------------------


def test_r6_2_new_room_draws_a_room_card_gold() -> None:
    game = new_game(rooms_deck(), players=1)
    lay(game, "room", 1, 0)
    outcomes = dict(game.chance_outcomes())
    assert outcomes == {Card(r.id): Fraction(1, len(ROOMS)) for r in ROOMS}
    events = game.apply(Card("r-gold"))
    assert has_rule(events, "R6.2", "room_card")
    assert game.pending == "gold"
    assert dict(game.chance_outcomes()) == {
        Roll(3): Fraction(1, 3),
        Roll(4): Fraction(1, 3),
        Roll(5): Fraction(1, 3),
    }
    events = game.apply(Roll(5))
    assert game.figures[0].coins == 5
    assert any(e.rule == "R6.2" and e.key == "gold" and e.data["n"] == 5 for e in events)


def test_r6_2_room_card_treasure() -> None:
    game = new_game(rooms_deck(), players=1)
    enter_new_room(game, "r-treasure")
    assert game.pending == "treasure"
    events = game.apply(Card("t-cup"))
    assert [h.card.id for h in game.figures[0].treasures] == ["t-cup"]
    assert has_rule(events, "R9.3", "treasure")


@pytest.mark.parametrize(
    "attr,die,passed", [(GK, 2, True), (GK, 1, False), (ST, 6, True), (ST, 5, False)]
)
def test_r6_2_room_card_trap_with_a_choice(attr, die, passed) -> None:
    game, _ = rich_then_room("r-trap")
    assert game.pending == "trap"
    assert set(game.legal_actions()) == {Choose(GK), Choose(ST)}
    game.apply(Choose(attr))
    events = game.apply(Roll(die))
    test = next(e for e in events if e.rule == "R6.2" and e.key == "test")
    assert test.data["attr"] == attr.value and test.data["target"] == 7
    fig = game.figures[0]
    assert fig.pos == (2, 0)
    if passed:
        assert not fig.injured and fig.coins == 5
    else:
        assert fig.injured and fig.coins == 2
        assert has_rule(events, "R8.1") and has_rule(events, "R9.4", "lose_gold")


def test_r6_2_room_card_trap_sends_back() -> None:
    game, _ = rich_then_room("r-back")
    assert game.pending == "troll"  # one value only: no choice asked
    events = game.apply(Roll(1))  # Geist 3 + 1 < 8
    assert game.figures[0].pos == (1, 0)  # back to the card it came from
    assert has_rule(events, "R6.2", "back")
    assert not game.figures[0].injured


def test_r6_2_room_laid_and_entered_only_once_per_turn() -> None:
    # The room card is drawn once, by the figure that laid the room, in that turn.
    game = new_game(rooms_deck(), players=2)
    enter_new_room(game, "r-treasure")
    game.apply(Card("t-ring"))
    assert sum(1 for e in game.log if e.key == "room_card") == 1
    walk(game, (1, 0))
    assert sum(1 for e in game.log if e.key == "room_card") == 1


# ---- R6.3 --------------------------------------------------------------------------------


def test_r6_3_monster_encounter_draws_a_monster_card() -> None:
    game = new_game(rooms_deck(), players=1)
    enter_new_room(game, "r-monster")
    assert game.pending == "monster"
    assert dict(game.chance_outcomes()) == {
        Card("m-troll"): Fraction(1, 2),
        Card("m-ghost"): Fraction(1, 2),
    }
    events = game.apply(Card("m-troll"))
    assert any(e.rule in ("R6.3", "R7.1") and e.key == "monster" for e in events)
    assert game.pending == "froll"  # the fight follows (R7)


# ---- R6.4 --------------------------------------------------------------------------------


def test_r6_4_room_discards_reshuffled_when_the_deck_is_empty() -> None:
    deck = rooms_deck(rooms=[room_card("r-only", GainGold(Dice.const(2)))])
    game = new_game(deck, players=1)
    enter_new_room(game, "r-only")
    assert game.state.rooms.total == 0 and game.state.rooms.discard == {"r-only": 1}
    lay(game, "room", 2, 0)
    assert game.pending == "room"
    assert any(e.rule == "R6.4" and e.key == "refill" for e in game.log)
    assert game.chance_outcomes() == [(Card("r-only"), 1)]
    game.apply(Card("r-only"))
    assert game.figures[0].coins == 4


def test_r6_4_monster_discards_reshuffled_when_the_deck_is_empty() -> None:
    deck = rooms_deck(
        rooms=[(room_card("r-monster", MonsterEncounter()), 2)],
        monsters=[monster("m-only", (ST, 1), loot_gold=1)],
    )
    game = new_game(deck, players=1)
    enter_new_room(game, "r-monster")
    game.apply(Card("m-only"))
    game.apply(Roll(6))
    game.apply(Roll(1))
    assert game.state.monsters.total == 0 and game.state.monsters.discard == {"m-only": 1}
    enter_new_room(game, "r-monster", 2, 0)
    assert game.pending == "monster"
    assert any(e.rule == "R6.4" and e.key == "refill" for e in game.log)
    assert game.chance_outcomes() == [(Card("m-only"), 1)]


# ---- R7.1 --------------------------------------------------------------------------------


def test_r7_1_monster_with_a_choice_the_adventurer_chooses() -> None:
    game = new_game(rooms_deck(), players=1)
    enter_new_room(game, "r-monster")
    events = game.apply(Card("m-ghost"))
    assert has_rule(events, "R6.3", "monster")
    assert game.pending == "fight"
    assert set(game.legal_actions()) == {Choose(GE), Choose(GK)}
    assert has_rule(game.apply(Choose(GK)), "R7.1", "fight_with")
    game.apply(Roll(3))
    events = game.apply(Roll(4))
    fight = next(e for e in events if e.rule == "R7.2")
    assert fight.data["attr"] == "Geschick"
    assert fight.data["value"] == 5 and fight.data["mvalue"] == 3
    assert fight.data["total"] == 8 and fight.data["mtotal"] == 7


def test_r7_1_single_value_monster_fights_at_once() -> None:
    game = new_game(rooms_deck(), players=1)
    enter_new_room(game, "r-monster")
    game.apply(Card("m-troll"))
    assert game.pending == "froll"
    game.apply(Roll(1))
    assert game.pending == "mroll"


# ---- R7.2 --------------------------------------------------------------------------------


@pytest.mark.parametrize("mroll,won", [(1, True), (2, True), (3, False)])
def test_r7_2_tie_goes_to_the_adventurer(mroll, won) -> None:
    game = new_game(rooms_deck(), players=1)
    enter_new_room(game, "r-monster")
    game.apply(Card("m-troll"))  # Stärke 5 vs char-a's Stärke 1
    game.apply(Roll(6))  # adventurer 1 + 6 = 7
    events = game.apply(Roll(mroll))  # monster 5 + 2 = 7 is a tie
    fight = next(e for e in events if e.rule == "R7.2")
    assert fight.data["total"] == 7 and fight.data["mtotal"] == 5 + mroll
    assert has_rule(events, "R7.3", "fight_won" if won else "fight_lost")


def test_r7_2_fight_chance_exact() -> None:
    game = new_game(rooms_deck(), players=1)
    # P(a + 1 >= b + 5) with two dice: (5,1), (6,1), (6,2)
    assert game.fight_chance(5, ST) == Fraction(3, 36)
    # equal values: ties go to the adventurer: P(a >= b) = 21/36
    assert game.fight_chance(5, GK) == Fraction(21, 36)


@pytest.mark.parametrize(
    "players,fighter,roller", [(1, 0, "the engine"), (2, 0, "player 2"), (3, 2, "player 1")]
)
def test_r7_2_monster_rolled_by_the_next_seat(players, fighter, roller) -> None:
    game = new_game(rooms_deck(), players=players)
    if fighter == 2:
        lay(game, "plain", -1, 0, EW)  # seat 0
        lay(game, "plain", 0, 1, NS)  # seat 1
    assert game.current_player == fighter
    enter_new_room(game, "r-monster")
    game.apply(Card("m-troll"))
    game.apply(Roll(3))
    events = game.apply(Roll(3))
    fight = next(e for e in events if e.rule == "R7.2")
    assert f"(rolled by {roller})" in fight.en


# ---- R7.3 --------------------------------------------------------------------------------


def test_r7_3_win_takes_the_monsters_possessions() -> None:
    game = new_game(rooms_deck(), players=1)
    enter_new_room(game, "r-monster")
    game.apply(Card("m-troll"))
    game.apply(Roll(6))
    events = game.apply(Roll(1))
    assert has_rule(events, "R7.3", "fight_won")
    assert any(e.rule == "R7.3" and e.key == "gold" and e.data["n"] == 4 for e in events)
    assert game.figures[0].coins == 4
    assert game.pending == "treasure"  # and a treasure, face down
    game.apply(Card("t-ring"))
    assert [h.card.id for h in game.figures[0].treasures] == ["t-ring"]
    assert not game.figures[0].injured


def test_r7_3_win_with_dice_gold() -> None:
    game = new_game(rooms_deck(), players=1)
    enter_new_room(game, "r-monster")
    game.apply(Card("m-ghost"))
    game.apply(Choose(GK))
    game.apply(Roll(6))
    game.apply(Roll(1))
    assert game.pending == "gold"
    assert dict(game.chance_outcomes()) == {Roll(v): Fraction(1, 6) for v in range(1, 7)}
    events = game.apply(Roll(6))
    assert game.figures[0].coins == 6
    assert any(e.rule == "R7.3" and e.key == "gold" for e in events)


def test_r7_3_loss_injured_and_loses_3_gold() -> None:
    game, _ = rich_then_room("r-monster")
    game.apply(Card("m-troll"))
    game.apply(Roll(1))
    events = game.apply(Roll(6))
    fig = game.figures[0]
    assert has_rule(events, "R7.3", "fight_lost")
    assert has_rule(events, "R8.1", "injured")
    assert any(e.rule == "R9.4" and e.data.get("n") == 3 for e in events)
    assert fig.injured and fig.coins == 2 and fig.pos == (2, 0)
    assert not fig.treasures
    assert game.legal_actions() == (Recover(),)


def test_r7_2_monster_roller_is_the_next_seat_still_playing() -> None:
    # [decision] "the next seat in turn order": seat 0 has escaped and takes no turns any
    # more, so after seat 3 the turn order goes on with seat 1 ("player 2").
    game = new_game(rooms_deck(), players=4)
    lay(game, "plain", 1, 0, EW)  # seat 0
    lay(game, "plain", -1, 0, EW)  # seat 1
    lay(game, "plain", 0, 1, NS)  # seat 2
    lay(game, "plain", 0, -1, NS)  # seat 3
    lay(game, "exit-red", 2, 0)  # seat 0 escapes
    assert game.figures[0].escaped
    lay(game, "purse", -2, 0, EW)  # seat 1
    walk(game, (0, 0))  # seat 2
    assert game.current_player == 3
    enter_new_room(game, "r-monster", 0, -2)
    game.apply(Card("m-troll"))
    game.apply(Roll(3))
    events = game.apply(Roll(3))
    fight = next(e for e in events if e.rule == "R7.2")
    assert fight.data["roller"] == 1 and "(rolled by player 2)" in fight.en


def test_r5_5_a_room_cards_trap_injury_does_not_stop_the_rest_of_the_card() -> None:
    """R5.5 [decision]: on a room card, an injury from its trap leaves the rest of the card
    (here a monster) to be resolved; the card is resolved whole, then the movement ends."""
    rooms = [room_card("r-trap-monster", Trap((GE,), 8, (Injury(),)), MonsterEncounter())]
    game = new_game(rooms_deck(rooms=rooms), players=1)
    enter_new_room(game, "r-trap-monster")
    assert game.pending == "troll"  # one value only: no choice asked
    events = game.apply(Roll(1))  # Geist 3 + 1 < 8: injured
    assert game.figures[0].injured and has_rule(events, "R8.1")
    assert game.pending == "monster"  # the card goes on: its monster is drawn
    game.apply(Card("m-troll"))
    assert any(e.key == "monster" for e in game.log)

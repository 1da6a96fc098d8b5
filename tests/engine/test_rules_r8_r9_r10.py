"""R8 Injury, R9 Gold and treasures, R10 Material, RW Dice (rule cards 8, 9, 10, W).

Seat 0 is "char-a" (Stärke 1, Geist 3, Geschick 5).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from scenario_deck import (
    BLUE,
    EW,
    GE,
    GK,
    GREEN,
    RED,
    ST,
    corridor,
    exit_card,
    has_rule,
    lay,
    make_deck,
    monster,
    new_game,
    obstacle,
    room,
    room_card,
    treasure,
    walk,
)

from verlies.actions import (
    Attempt,
    Card,
    Choose,
    Decline,
    Draw,
    LoseGold,
    LoseTreasure,
    Recover,
    Roll,
    UseHeal,
    Walk,
)
from verlies.cards.model import (
    DrawTreasure,
    GainGold,
    Heal,
    Injury,
    MonsterEncounter,
    ObstacleType,
    RollBonus,
    Trap,
)
from verlies.dice import Dice
from verlies.errors import IllegalAction
from verlies.rules import BANK_COINS
from verlies.variants import Variants

T = ObstacleType

ROOMS = [
    (room_card("r-purse", GainGold(Dice.const(5)), DrawTreasure(1)), 2),
    (room_card("r-treasure", DrawTreasure(1)), 2),
    (room_card("r-three", DrawTreasure(3)), 2),
    room_card("r-double-trap", Trap((ST,), 12, (Injury(),)), Trap((GE,), 12, (Injury(),))),
    room_card("r-fight-trap", MonsterEncounter(), Trap((ST,), 12, (Injury(),))),
    (room_card("r-monster", MonsterEncounter()), 2),
    (room_card("r-30", GainGold(Dice.const(30))), 2),
]
TREASURES = [
    treasure("t-ring", 3),
    (treasure("t-cup", 1), 2),
    treasure("t-amulet", 2, RollBonus(2)),
    treasure("t-wand", 4, RollBonus(1, (GE, GK)), spent=True),
    treasure("t-potion", 1, Heal()),
]


def deck(**kw):
    return make_deck(
        [
            (room("room"), 6),
            (corridor("plain"), 4),
            corridor("purse", gold=2),
            (corridor("bridge", obstacle=obstacle(T.HOLZBRUECKE, RED, 7)), 3),
            (corridor("chasm", obstacle=obstacle(T.ABGRUND, RED, 7)), 3),
            (corridor("door", obstacle=obstacle(T.TUER, RED, 7)), 3),
            corridor("green-door", obstacle=obstacle(T.TUER, GREEN, 11)),
            corridor("blue-door", obstacle=obstacle(T.TUER, BLUE, 9)),
            exit_card("exit-red", RED),
        ],
        rooms=ROOMS,
        monsters=[monster("m-troll", (ST, 5), loot_gold=1)],
        treasures=TREASURES,
        **kw,
    )


def with_treasure(game, tid: str, room_id: str = "r-purse", x: int = 1, y: int = 0) -> None:
    """The current seat lays a new room and draws treasure ``tid`` from it."""
    lay(game, "room", x, y)
    game.apply(Card(room_id))
    game.apply(Card(tid))


def injure_on_bridge(game, x: int = 1, y: int = 0) -> list:
    lay(game, "bridge", x, y, EW)
    game.apply(Attempt())
    return list(game.apply(Roll(1)))


# ---- R8.1 --------------------------------------------------------------------------------


def test_r8_1_injured_figure_laid_on_its_side_at_once() -> None:
    game = new_game(deck(), players=2)
    events = injure_on_bridge(game)
    assert has_rule(events, "R8.1", "injured")
    assert game.figures[0].injured
    assert game.view(1).players()[0]["injured"] is True  # visible to all at once
    assert game.current_player == 1


# ---- R8.2 --------------------------------------------------------------------------------


def test_r8_2_next_turn_only_recover() -> None:
    game = new_game(deck(), players=2)
    injure_on_bridge(game)
    lay(game, "plain", -1, 0, EW)  # seat 1 plays normally
    assert game.current_player == 0
    assert game.legal_actions() == (Recover(),)
    for step in (Draw(), Walk(((0, 0),))):
        with pytest.raises(IllegalAction) as exc:
            game.apply(step)
        assert exc.value.rule == "R8.2"
    events = game.apply(Recover())
    assert has_rule(events, "R8.2", "recover")
    assert not game.figures[0].injured  # stands up again
    assert game.current_player == 1  # the whole turn was spent
    walk(game, (0, 0))
    assert Draw() in game.legal_actions() and game.current_player == 0


def test_r8_2_solo_recover_then_play() -> None:
    game = new_game(deck(), players=1)
    injure_on_bridge(game)
    assert game.legal_actions() == (Recover(),)
    game.apply(Recover())
    assert game.figures[0].pos == (1, 0)
    assert Draw() in game.legal_actions()


# ---- R8.3 --------------------------------------------------------------------------------


def test_r8_3_injuries_do_not_stack() -> None:
    game = new_game(deck(), players=1)
    lay(game, "room", 1, 0)
    game.apply(Card("r-double-trap"))
    game.apply(Roll(1))
    events = game.apply(Roll(1))
    assert sum(1 for e in game.log if e.key == "injured") == 2  # injured twice this turn
    assert has_rule(events, "R8.1")
    assert game.legal_actions() == (Recover(),)
    game.apply(Recover())
    assert not game.figures[0].injured
    assert Draw() in game.legal_actions()  # one lost turn only


def test_r8_3_fight_lost_then_trap_is_one_lost_turn() -> None:
    game = new_game(deck(), players=1)
    lay(game, "room", 1, 0)
    game.apply(Card("r-fight-trap"))
    game.apply(Card("m-troll"))
    game.apply(Roll(1))
    game.apply(Roll(6))  # fight lost: injured
    game.apply(Roll(1))  # trap failed: injured again
    assert sum(1 for e in game.log if e.key == "injured") == 2
    assert game.figures[0].injured
    game.apply(Recover())
    assert Draw() in game.legal_actions()


# ---- R9.1 --------------------------------------------------------------------------------


def test_r9_1_final_gold_is_coins_plus_treasure_values() -> None:
    game = new_game(deck(), players=1)
    with_treasure(game, "t-ring")  # 5 coins and a ring worth 3
    fig = game.figures[0]
    assert fig.coins == 5 and fig.gold == 8
    events = lay(game, "exit-red", 2, 0)
    r = game.result
    assert r is not None and r.gold == (8,)
    assert any(e.rule == "R1.5" and e.data.get("gold") == 8 for e in events)
    assert any(e.rule == "R1.1" for e in events)


def test_r9_1_winner_by_coins_plus_treasures() -> None:
    # seat 1 has fewer coins but a treasure: it wins on total gold.
    d = make_deck(
        [
            corridor("c5", gold=5),
            (room("room"), 2),
            corridor("plain", color=BLUE),
            exit_card("exit-red", RED),
            exit_card("exit-blue", BLUE),
        ],
        rooms=[room_card("r-purse", GainGold(Dice.const(3)), DrawTreasure(1))],
        treasures=[treasure("t-ring", 3)],
    )
    game = new_game(d, players=3)
    lay(game, "c5", 1, 0, EW)
    with_treasure(game, "t-ring", x=-1)
    lay(game, "plain", 0, 1)
    lay(game, "exit-red", 2, 0)
    lay(game, "exit-blue", -2, 0)
    r = game.result
    assert r is not None and r.gold[:2] == (5, 6)
    assert r.winners == (1,)


# ---- R9.2 --------------------------------------------------------------------------------


def test_r9_2_gold_sources_and_magic_treasures() -> None:
    game = new_game(deck(), players=1)
    lay(game, "purse", 1, 0, EW)
    with_treasure(game, "t-amulet", x=2)
    lay(game, "room", 3, 0)
    game.apply(Card("r-monster"))
    game.apply(Card("m-troll"))
    game.apply(Choose(ST))
    game.apply(Roll(6))
    game.apply(Roll(1))
    gold_rules = [e.rule for e in game.log if e.key == "gold"]
    assert gold_rules == ["R4.1", "R6.2", "R7.3"]
    assert game.deck.treasures["t-amulet"].is_magic
    assert not game.deck.treasures["t-ring"].is_magic


# ---- R9.3 --------------------------------------------------------------------------------


def test_r9_3_other_seats_views_hide_treasures() -> None:
    game = new_game(deck(), players=2)
    with_treasure(game, "t-ring")
    mine = game.view(0).players()[0]
    theirs = game.view(1).players()[0]
    assert mine["treasures"] == ["t-ring"] and mine["gold"] == 8
    assert "treasures" not in theirs and "gold" not in theirs
    assert theirs["treasure_count"] == 1
    assert theirs["coins"] == 5  # coins are tokens on the table
    assert game.view(0).my_treasures == ["t-ring"]
    # the log: the drawer sees the card, the others only that a treasure was drawn
    own = [e for e in game.view(0).log if e.rule == "R9.3"]
    other = [e for e in game.view(1).log if e.rule == "R9.3"]
    assert own[0].key == "treasure" and "t-ring" in own[0].en
    assert other[0].key == "treasure_hidden"
    assert not any("t-ring" in e.en or "t-ring" in e.de for e in game.view(1).log)
    assert game.current_player == 1 and game.view(0).legal_actions() == ()


def test_r9_3_lost_treasure_stays_hidden_from_the_others() -> None:
    # "shown only when used or at the end": giving a treasure up is neither.
    game = new_game(deck(), players=2)
    with_treasure(game, "t-ring")
    lay(game, "plain", -1, 0, EW)  # seat 1
    lay(game, "chasm", 2, 0, EW)
    game.apply(Attempt())
    game.apply(Roll(1))
    game.apply(LoseTreasure("t-ring"))
    assert has_rule(game.log, "R9.4", "lose_treasure")
    assert not any("t-ring" in e.en or "t-ring" in e.de for e in game.view(1).log)


def test_r9_3_escape_does_not_reveal_hidden_treasure_values() -> None:
    # The first of three escapes mid-game: the others must not learn its treasures' value
    # before the end (the coins are public, the treasures are not).
    d = make_deck(
        [
            (room("room"), 2),
            (corridor("plain"), 2),
            corridor("b", color=BLUE),
            exit_card("exit-red", RED),
            exit_card("exit-blue", BLUE),
        ],
        rooms=[room_card("r-purse", GainGold(Dice.const(5)), DrawTreasure(1))],
        treasures=[treasure("t-ring", 3)],
    )
    game = new_game(d, players=3)
    with_treasure(game, "t-ring")
    lay(game, "plain", -1, 0, EW)
    lay(game, "plain", 0, 1)
    lay(game, "exit-red", 2, 0)
    assert not game.is_over
    seen_by_1 = [e for e in game.view(1).log if e.rule == "R1.1"]
    assert seen_by_1
    for e in seen_by_1:
        assert "8" not in e.en, e.en  # 5 coins + ring 3 = 8: the hidden total leaks


# ---- R9.4 --------------------------------------------------------------------------------


def rich_with_ring_on_chasm(players: int = 1):
    game = new_game(deck(), players=players)
    with_treasure(game, "t-ring")  # 5 coins + ring
    if players == 2:
        lay(game, "plain", -1, 0, EW)
    lay(game, "chasm", 2, 0, EW)
    game.apply(Attempt())
    game.apply(Roll(1))
    return game


def test_r9_4_player_chooses_gold() -> None:
    game = rich_with_ring_on_chasm()
    assert game.pending == "lose"
    assert set(game.legal_actions()) == {LoseGold(), LoseTreasure("t-ring")}
    events = game.apply(LoseGold())
    fig = game.figures[0]
    assert fig.coins == 2 and [h.card.id for h in fig.treasures] == ["t-ring"]
    assert any(e.rule == "R9.4" and e.key == "lose_gold" and e.data["n"] == 3 for e in events)


def test_r9_4_player_chooses_a_treasure_it_goes_under_the_deck() -> None:
    game = rich_with_ring_on_chasm()
    events = game.apply(LoseTreasure("t-ring"))
    fig = game.figures[0]
    assert fig.coins == 5 and not fig.treasures
    assert has_rule(events, "R9.4", "lose_treasure")
    assert game.state.treasures.bottom == ["t-ring"]


def test_r9_4_without_treasure_lose_3_coins_or_all_if_fewer() -> None:
    game = new_game(deck(), players=1)
    lay(game, "purse", 1, 0, EW)  # 2 coins
    lay(game, "chasm", 2, 0, EW)
    game.apply(Attempt())
    events = game.apply(Roll(1))  # no decision: nothing to choose
    assert game.figures[0].coins == 0
    assert any(e.rule == "R9.4" and e.key == "lose_gold" and e.data["n"] == 2 for e in events)
    assert game.pending == "turn"


def test_r9_4_without_treasure_and_coins_loses_nothing_more() -> None:
    game = new_game(deck(), players=1)
    lay(game, "chasm", 1, 0, EW)
    game.apply(Attempt())
    game.apply(Roll(1))
    assert game.figures[0].coins == 0


def test_r9_4_lost_treasure_drawn_last() -> None:
    d = make_deck(
        [(room("room"), 2), corridor("chasm", obstacle=obstacle(T.ABGRUND, RED, 7))],
        rooms=[
            room_card("r-purse", GainGold(Dice.const(5)), DrawTreasure(1)),
            room_card("r-three", DrawTreasure(3)),
        ],
        treasures=[treasure("t-ring", 3), (treasure("t-cup", 1), 2)],
    )
    game = new_game(d, players=1)
    with_treasure(game, "t-ring")
    lay(game, "chasm", 2, 0, EW)
    game.apply(Attempt())
    game.apply(Roll(1))
    game.apply(LoseTreasure("t-ring"))
    assert game.state.treasures.bottom == ["t-ring"]
    game.apply(Recover())
    lay(game, "room", 3, 0)
    game.apply(Card("r-three"))
    # The ring lies under the deck: the two cups come first, then the ring.
    for _ in range(2):
        assert game.chance_outcomes() == [(Card("t-cup"), 1)]
        with pytest.raises(IllegalAction):
            game.apply(Card("t-ring"))
        game.apply(Card("t-cup"))
    assert game.chance_outcomes() == [(Card("t-ring"), 1)]
    game.apply(Card("t-ring"))
    assert sorted(h.card.id for h in game.figures[0].treasures) == ["t-cup", "t-cup", "t-ring"]


# ---- R9.5 --------------------------------------------------------------------------------


def test_r9_5_roll_bonus_adds_to_one_roll() -> None:
    game = new_game(deck(), players=1)
    with_treasure(game, "t-amulet", room_id="r-treasure")
    lay(game, "door", 2, 0, EW)
    assert set(game.legal_actions()) == {Attempt(), Attempt("t-amulet"), Decline()}
    events = game.apply(Attempt("t-amulet"))
    assert has_rule(events, "R9.5", "magic")
    events = game.apply(Roll(4))  # Stärke 1 + 4 + 2 = 7
    test = next(e for e in events if e.rule == "R4.2")
    assert test.data["total"] == 7 and test.data["bonus"] == 2 and "+ 2 = 7" in test.en
    fig = game.figures[0]
    assert fig.pos == (2, 0)
    # one roll only: it is used now, and not offered again
    lay(game, "door", 3, 0, EW)
    assert Attempt("t-amulet") not in game.legal_actions()
    # an unspent one-shot treasure still counts its gold
    assert fig.gold == 2 and fig.coins == 0


def test_r9_5_roll_bonus_in_a_fight() -> None:
    game = new_game(deck(), players=1)
    with_treasure(game, "t-amulet", room_id="r-treasure")
    lay(game, "room", 2, 0)
    game.apply(Card("r-monster"))
    game.apply(Card("m-troll"))
    assert game.pending == "fight"  # a bonus to use is a choice
    assert set(game.legal_actions()) == {Choose(ST), Choose(ST, "t-amulet")}
    game.apply(Choose(ST, "t-amulet"))
    game.apply(Roll(4))  # 1 + 4 + 2 = 7
    events = game.apply(Roll(2))  # 5 + 2 = 7: tie, adventurer wins
    assert has_rule(events, "R7.3", "fight_won")


def test_r9_5_spent_treasure_no_longer_counts_its_gold() -> None:
    game = new_game(deck(), players=1)
    with_treasure(game, "t-wand", room_id="r-treasure")
    fig = game.figures[0]
    assert fig.gold == 4
    lay(game, "door", 2, 0, EW)  # red: Stärke; the wand helps Geist or Geschick only
    assert Attempt("t-wand") not in game.legal_actions()
    game.apply(Attempt())
    game.apply(Roll(6))
    lay(game, "green-door", 3, 0, EW)  # Geschick 5 + die + 1 >= 11 needs 5
    assert Attempt("t-wand") in game.legal_actions()
    game.apply(Attempt("t-wand"))
    game.apply(Roll(5))
    assert fig.pos == (3, 0)
    assert fig.gold == 0  # spent: its value no longer counts
    assert [h.card.id for h in fig.treasures] == ["t-wand"]


def test_r9_5_heal_treasure_saves_the_lost_turn() -> None:
    game = new_game(deck(), players=1)
    with_treasure(game, "t-potion", room_id="r-treasure")
    injure_on_bridge(game, 2, 0)
    assert set(game.legal_actions()) == {Recover(), UseHeal("t-potion")}
    events = game.apply(UseHeal("t-potion"))
    assert has_rule(events, "R9.5", "heal")
    assert not game.figures[0].injured
    assert Draw() in game.legal_actions()  # the turn is played after all
    assert game.figures[0].gold == 1  # not marked spent: its gold still counts


def test_r9_5_heal_held_after_another_treasure_spends_only_the_heal() -> None:
    # The heal is not the first treasure held: the one used is the one named (the random
    # games of test_stateful.py met this path once in 300; this keeps it whatever their
    # number).
    game = new_game(deck(), players=1)
    with_treasure(game, "t-wand", room_id="r-treasure", x=1)
    with_treasure(game, "t-potion", room_id="r-treasure", x=2)
    fig = game.figures[0]
    assert [h.card.id for h in fig.treasures] == ["t-wand", "t-potion"]
    injure_on_bridge(game, 3, 0)
    assert set(game.legal_actions()) == {Recover(), UseHeal("t-potion")}
    events = game.apply(UseHeal("t-potion"))
    assert has_rule(events, "R9.5", "heal")
    assert not fig.injured
    assert [(h.card.id, h.used) for h in fig.treasures] == [("t-wand", False), ("t-potion", True)]


# ---- R10 ---------------------------------------------------------------------------------


def test_r10_limited_bank_48_coins() -> None:
    game = new_game(deck(), players=1, variants=Variants(limited_bank=True))
    assert game.state.bank == BANK_COINS == 48
    lay(game, "room", 1, 0)
    game.apply(Card("r-30"))
    lay(game, "room", 2, 0)
    events = game.apply(Card("r-30"))
    assert game.figures[0].coins == 48
    assert game.state.bank == 0
    assert has_rule(events, "R10", "bank_short")
    # coins lost go back to the bank
    lay(game, "chasm", 3, 0, EW)
    game.apply(Attempt())
    game.apply(Roll(1))
    assert game.figures[0].coins == 45 and game.state.bank == 3


def test_r10_unlimited_by_default() -> None:
    game = new_game(deck(), players=1)
    lay(game, "room", 1, 0)
    game.apply(Card("r-30"))
    lay(game, "room", 2, 0)
    events = game.apply(Card("r-30"))
    assert game.figures[0].coins == 60
    assert not has_rule(events, "R10")


# ---- RW ----------------------------------------------------------------------------------


def gold_room_game(expr: str):
    d = make_deck([(room("room"), 2)], rooms=[room_card("r-dice", GainGold(Dice.parse(expr)))])
    game = new_game(d, players=1)
    lay(game, "room", 1, 0)
    game.apply(Card("r-dice"))
    return game


def test_rw_1_w6_is_one_six_sided_die() -> None:
    game = new_game(deck(), players=1)
    lay(game, "door", 1, 0, EW)
    game.apply(Attempt())
    assert game.chance_kind == "die"
    assert game.chance_outcomes() == [(Roll(v), Fraction(1, 6)) for v in range(1, 7)]
    for bad in (0, 7, -3):
        with pytest.raises(IllegalAction) as exc:
            game.apply(Roll(bad))
        assert exc.value.rule == "RW.1"


def test_rw_1_one_plus_w6() -> None:
    game = gold_room_game("1+W6")
    assert game.pending == "gold"
    assert dict(game.chance_outcomes()) == {Roll(v): Fraction(1, 6) for v in range(2, 8)}
    with pytest.raises(IllegalAction):
        game.apply(Roll(1))
    events = game.apply(Roll(7))
    assert game.figures[0].coins == 7 and has_rule(events, "R6.2", "gold")


@pytest.mark.parametrize(
    "expr,dist",
    [
        ("W3", {1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)}),
        ("2+W3", {3: Fraction(1, 3), 4: Fraction(1, 3), 5: Fraction(1, 3)}),
    ],
)
def test_rw_2_w3_is_w6_halved_rounded_up(expr, dist) -> None:
    game = gold_room_game(expr)
    assert dict(game.chance_outcomes()) == {Roll(v): p for v, p in dist.items()}
    # the seeded source: faces 1-2 -> 1, 3-4 -> 2, 5-6 -> 3, so each W3 value is as likely
    seen: Counter[int] = Counter()
    for seed in range(600):
        g = new_game(game.deck, players=1, seed=seed)
        lay(g, "room", 1, 0)
        g.apply(Card("r-dice"))
        seen[g.sample_outcome().value] += 1
    assert set(seen) == set(dist)
    assert all(150 <= n <= 250 for n in seen.values()), seen


@pytest.mark.parametrize("expr", ["2W6", "W6+W3", "2W3+1", "3+W6+W3", "2"])
def test_rw_3_dice_expressions_exact_distribution(expr) -> None:
    d = Dice.parse(expr)
    game = gold_room_game(expr)
    if d.is_constant:
        assert not game.is_chance and game.figures[0].coins == d.constant
        return
    outcomes = game.chance_outcomes()
    assert all(isinstance(p, Fraction) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    # brute force over the faces
    faces6, faces3 = range(1, 7), (1, 1, 2, 2, 3, 3)
    dist: dict[int, Fraction] = {d.constant: Fraction(1)}
    for faces, n in ((faces6, d.w6), (faces3, d.w3)):
        for _ in range(n):
            new: dict[int, Fraction] = {}
            for total, p in dist.items():
                for f in faces:
                    new[total + f] = new.get(total + f, 0) + p / 6
            dist = new
    assert {o.value: p for o, p in outcomes} == dist
    if expr == "2W6":
        assert dist[7] == Fraction(6, 36) and dist[2] == Fraction(1, 36)

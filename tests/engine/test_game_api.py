"""The Game API: labels, events, chance, determinism, history, saving, views, the log."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction

import pytest
from scenario_deck import (
    EW,
    corridor,
    fingerprint,
    lay,
    make_deck,
    mixed_deck,
    new_game,
    play_random,
    random_step,
)

from verlies.actions import Card, Draw, Place
from verlies.errors import IllegalAction, SaveFormatError
from verlies.events import Event
from verlies.game import Game, LegalActions

RULE_ID = re.compile(r"R\d+(\.\d+)?|RW\.\d|edit")


def default_game(players: int = 2, seed: int = 0, round_limit: int | None = 300) -> Game:
    """A game on the shipped deck (saves small: the deck is not written out). Random play
    only: nothing here depends on the deck's particular cards."""
    return Game.new(players=players, seed=seed, round_limit=round_limit)


def state_without_history_length(game: Game) -> tuple:
    fp = list(fingerprint(game))
    fp.pop(15)  # history_length: undone steps stay available for redo
    return tuple(fp)


# ---- legal actions and events ------------------------------------------------------------------


def test_legal_actions_are_labelled() -> None:
    game = new_game(mixed_deck(), players=2, seed=4)
    rnd = random.Random(4)
    for _ in range(200):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert isinstance(legal, LegalActions) and len(legal) > 0
        en, de = legal.labels(), legal.labels("de")
        assert len(en) == len(legal) == len(de)
        assert all(isinstance(x, str) and x for x in en + de)
        if not game.is_chance:
            assert len(set(en)) == len(en), en  # a player can tell the choices apart
        assert "LegalActions" in repr(legal)
        random_step(game, rnd)
    g = new_game(make_deck([corridor("c")]), players=1)
    assert g.legal_actions().labels() == ["draw a dungeon card"]
    assert g.legal_actions().labels("de") == ["Verlieskarte ziehen"]
    g.apply(Draw())
    g.apply(Card("c"))
    assert "lay the card at (1, 0), passages E+W" in g.legal_actions().labels()


def test_apply_returns_the_events_of_the_step() -> None:
    game = new_game(make_deck([corridor("c", gold=2)]), players=2)
    e1 = game.apply(Draw())
    e2 = game.apply(Card("c"))
    e3 = game.apply(Place(1, 0, EW))
    assert all(isinstance(e, Event) for e in e1 + e2 + e3)
    assert [e.key for e in e3] == ["place", "must_enter", "enter", "gold", "turn"]
    assert game.events_of(2) == e3
    assert [game.event_count(i) for i in range(3)] == [len(e1), len(e2), len(e3)]
    assert all(type(e) is Event for e in game.log)  # recorded as plain tuples, shown as Events
    assert game.log[-(len(e1) + len(e2) + len(e3)) :] == e1 + e2 + e3
    assert [e.key for e in game.log[:2]] == ["setup", "turn"]
    for e in e3:
        assert e.en.startswith(e.rule + ": ") and e.de.startswith(e.rule + ": ")
    # the log's size and its newest part, without making the older events
    log = game.log
    assert game.log_size == len(log)
    for k in range(len(log) + 2):
        assert game.log_from(k) == log[k:]
    game.undo()
    assert game.log_size == len(game.log) == len(log) - len(e3)
    assert game.log_from(len(log) - len(e3) - 1) == log[len(log) - len(e3) - 1 : -len(e3)]


def test_apply_returned_events_are_the_callers_own() -> None:
    # Changing the list apply() returned must not change the game's log.
    game = new_game(make_deck([corridor("c")]), players=2)
    events = game.apply(Draw())
    events += game.apply(Card("c"))
    log = list(game.log)
    events.append(Event("R1.1", "escape", 0, {"gold": 0}))
    events.clear()
    assert game.log == log
    assert sum(1 for e in game.log if e.key == "draw") == 1


# ---- chance ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players,seed", [(1, 1), (2, 2), (3, 3), (4, 4)])
def test_chance_outcomes_sum_to_exactly_one(players: int, seed: int) -> None:
    game = new_game(mixed_deck(), players=players, seed=seed, round_limit=60)
    rnd = random.Random(seed)
    points = 0
    while not game.is_over:
        if game.is_chance:
            points += 1
            outcomes = game.chance_outcomes()
            assert outcomes
            probs = [p for _, p in outcomes]
            assert all(type(p) is Fraction and 0 < p <= 1 for p in probs)
            assert sum(probs) == 1
            assert len({o for o, _ in outcomes}) == len(outcomes)
            assert {o for o, _ in outcomes} == set(game.legal_actions())
            assert game.sample_outcome() in {o for o, _ in outcomes}
        else:
            assert game.chance_outcomes() == []
        random_step(game, rnd)
    assert points > 20


def test_roll_is_deterministic_for_a_seed() -> None:
    a = default_game(3, seed=11)
    b = default_game(3, seed=11)
    play_random(a, random.Random(5))
    play_random(b, random.Random(5))
    assert a.to_json() == b.to_json()
    assert fingerprint(a) == fingerprint(b)
    c = default_game(3, seed=12)
    play_random(c, random.Random(5))
    assert c.to_json() != a.to_json()


def test_undo_and_roll_again_gives_the_same_outcome() -> None:
    checked = 0
    for seed in (21, 22, 23):
        game = new_game(mixed_deck(), players=2, seed=seed, round_limit=30)
        rnd = random.Random(seed)
        while not game.is_over:
            if game.is_chance:
                expected = game.sample_outcome()
                game.roll()
                first = game.steps[-1]
                assert first == expected
                game.undo()
                assert game.sample_outcome() == expected
                game.roll()
                assert game.steps[-1] == first
                checked += 1
            else:
                random_step(game, rnd)
    assert checked > 30


def test_legal_actions_fresh_after_undo_to_the_start() -> None:
    game = default_game(2, seed=1)
    first = game.legal_actions()
    assert first == (Draw(),)
    game.apply(Draw())
    assert game.is_chance and len(game.legal_actions()) > 1
    game.undo()
    assert game.pending == "turn"
    assert game.legal_actions() == first
    game.redo()
    game.goto(0)
    assert game.legal_actions() == first


def test_roll_without_chance_point_refused() -> None:
    game = default_game()
    assert not game.is_chance
    with pytest.raises(IllegalAction) as exc:
        game.roll()
    assert exc.value.rule == "R3.4"


# ---- history -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players,seed", [(2, 31), (4, 32)])
def test_undo_redo_goto_across_a_whole_game(players: int, seed: int) -> None:
    game = default_game(players, seed, round_limit=80)
    rnd = random.Random(seed)
    snapshots = [state_without_history_length(game)]
    while not game.is_over:
        random_step(game, rnd)
        snapshots.append(state_without_history_length(game))
    final_json, final_fp, n = game.to_json(), fingerprint(game), game.step_count
    assert n == len(snapshots) - 1
    steps = json.loads(final_json)["steps"]
    for k in sorted({0, 1, n // 3, n // 2, n - 1, n, *rnd.sample(range(n + 1), 12)}):
        game.goto(k)
        assert game.step_count == k
        assert state_without_history_length(game) == snapshots[k]
        saved = json.loads(game.to_json())
        assert saved["cursor"] == k and saved["steps"] == steps  # undone steps kept for redo
    game.goto(n)
    assert game.to_json() == final_json and fingerprint(game) == final_fp
    game.undo(5)
    assert state_without_history_length(game) == snapshots[n - 5]
    game.redo(2)
    assert state_without_history_length(game) == snapshots[n - 3]
    game.redo(100)
    assert game.to_json() == final_json
    game.undo(10_000)
    assert game.step_count == 0 and state_without_history_length(game) == snapshots[0]
    game.redo(n)
    assert game.to_json() == final_json and fingerprint(game) == final_fp
    with pytest.raises(IndexError):
        game.goto(n + 1)
    with pytest.raises(IndexError):
        game.goto(-1)


def test_new_step_after_undo_drops_the_redo_tail() -> None:
    game = new_game(make_deck([(corridor("c"), 3)]), players=1)
    lay(game, "c", 1, 0, EW)
    game.undo(3)
    assert game.can_redo
    game.apply(Draw())
    game.apply(Card("c"))
    game.apply(Place(-1, 0, EW))
    assert not game.can_redo and game.history_length == 3
    assert game.figures[0].pos == (-1, 0)


def test_undo_turn_goes_back_to_the_last_decision() -> None:
    game = new_game(make_deck([(corridor("c"), 3)]), players=2)
    lay(game, "c", 1, 0, EW)  # Draw (decision), Card (chance), Place (decision)
    game.undo_turn()
    assert game.pending == "place"
    game.undo_turn()  # back over the chance outcome to the draw decision
    assert game.step_count == 0 and game.pending == "turn"


# ---- saving ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players,seed", [(1, 41), (2, 42), (3, 43), (4, 44)])
def test_json_round_trip_at_every_step(players: int, seed: int) -> None:
    game = default_game(players, seed, round_limit=40)
    rnd = random.Random(seed)
    while True:
        text = game.to_json()
        loaded = Game.from_json(text)
        assert loaded.to_json() == text
        assert fingerprint(loaded) == fingerprint(game)
        if game.is_over:
            break
        random_step(game, rnd)
    # with undone steps in the save
    game.undo(7)
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.to_json() == text and fingerprint(loaded) == fingerprint(game)
    loaded.redo(7)
    game.redo(7)
    assert fingerprint(loaded) == fingerprint(game)
    assert Game.from_json(text.encode("utf-8")).to_json() == text


def test_json_round_trip_with_a_custom_deck_and_variants() -> None:
    from verlies.variants import Variants

    game = new_game(
        mixed_deck(),
        players=3,
        seed=5,
        variants=Variants(long_walk=True),
        start_seat=2,
        round_limit=30,
    )
    play_random(game, random.Random(5), max_steps=120)
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.to_json() == text
    assert fingerprint(loaded) == fingerprint(game)
    assert loaded.deck == game.deck and loaded.setup.start_seat == 2


def _valid_save() -> str:
    game = default_game(2, seed=51)
    play_random(game, random.Random(51), max_steps=40)
    return game.to_json()


@pytest.mark.parametrize(
    "mutate,words",
    [
        (lambda s: "{ this is not json", "not JSON"),
        (lambda s: s[: len(s) // 2], "not JSON"),
        (lambda s: "", "not JSON"),
        (lambda s: "[1, 2, 3]", "not a verlies game"),
        (lambda s: json.dumps({**json.loads(s), "format": "chess"}), "not a verlies game"),
        (lambda s: json.dumps({**json.loads(s), "version": 99}), "version"),
        (lambda s: json.dumps({**json.loads(s), "version": "1"}), "version"),
        (lambda s: json.dumps({k: v for k, v in json.loads(s).items() if k != "setup"}), "setup"),
        (lambda s: json.dumps({**json.loads(s), "steps": "draw"}), "steps"),
        (lambda s: json.dumps({**json.loads(s), "cursor": 10_000}), "cursor"),
        (lambda s: json.dumps({**json.loads(s), "cursor": -1}), "cursor"),
        (lambda s: _with_setup(s, players=9), "R2.2"),
        (lambda s: _with_setup(s, characters=["nobody", "noone"]), "R2.1"),
        (lambda s: _with_setup(s, deck="this is = not [ a deck"), ""),
        (lambda s: _with_step(s, 0, ["roll", 9]), "step 1"),
        (lambda s: _with_step(s, 0, ["fly", 1]), "step 1"),
        (lambda s: _with_step(s, 0, "draw"), "step 1"),
        (lambda s: _with_step(s, 2, ["walk", [[99, 99]]]), "step 3"),
        (lambda s: _with_step(s, 1, ["card", "no-such-card"]), "step 2"),
    ],
)
def test_corrupted_save_gives_save_format_error(mutate, words: str) -> None:
    bad = mutate(_valid_save())
    with pytest.raises(SaveFormatError) as exc:
        Game.from_json(bad)
    msg = str(exc.value)
    assert msg and words in msg, msg
    assert "Traceback" not in msg


def _with_setup(text: str, **changes) -> str:
    data = json.loads(text)
    data["setup"] = {**data["setup"], **changes}
    return json.dumps(data)


def _with_step(text: str, i: int, step) -> str:
    data = json.loads(text)
    data["steps"][i] = step
    data["cursor"] = len(data["steps"])
    return json.dumps(data)


@pytest.mark.parametrize(
    "junk",
    [b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", bytes(range(256)), b"\xff\xfe\x00{", b"\x00" * 64],
)
def test_binary_junk_gives_save_format_error(junk: bytes) -> None:
    with pytest.raises(SaveFormatError) as exc:
        Game.from_json(junk)
    assert str(exc.value)


def test_illegal_step_in_save_names_the_step_and_rule() -> None:
    data = json.loads(_valid_save())
    data["steps"][0] = ["walk", [[5, 5]]]
    with pytest.raises(SaveFormatError) as exc:
        Game.from_json(json.dumps(data))
    assert "step 1" in str(exc.value) and "R3.5" in str(exc.value)


# ---- views and log -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_view_hides_other_seats_treasures(players: int) -> None:
    saw_treasure = False
    for seed in range(60 + players, 66 + players):
        game = new_game(mixed_deck(), players=players, seed=seed, round_limit=100)
        rnd = random.Random(seed)
        while not game.is_over:
            random_step(game, rnd)
            if game.pending != "turn":
                continue
            for seat in range(players):
                view = game.view(seat)
                for p in view.players():
                    if p["seat"] == seat:
                        assert p["treasures"] == [h.card.id for h in game.figures[seat].treasures]
                    else:
                        assert "treasures" not in p and "gold" not in p
                        saw_treasure |= p["treasure_count"] > 0
                for e in view.log:
                    if e.key == "treasure":
                        assert e.seat == seat
        if saw_treasure:
            break
    assert saw_treasure
    with pytest.raises(ValueError):
        game.view(players)


@pytest.mark.parametrize("players,seed", [(1, 71), (2, 72), (3, 73), (4, 74)])
def test_log_events_all_carry_a_rule_id(players: int, seed: int) -> None:
    game = new_game(mixed_deck(), players=players, seed=seed)
    play_random(game, random.Random(seed))
    assert game.is_over
    assert game.log
    for e in game.log:
        assert RULE_ID.fullmatch(e.rule), e
        assert e.en.startswith(f"{e.rule}: ") and e.de.startswith(f"{e.rule}: ")


def test_game_copy_is_independent() -> None:
    game = default_game(2, seed=81)
    play_random(game, random.Random(81), max_steps=30)
    twin = game.copy()
    assert twin.to_json() == game.to_json()
    random_step(twin, random.Random(1))
    assert twin.step_count == game.step_count + 1


@pytest.mark.parametrize("kind", ["float_place", "bool_roll"])
def test_action_equal_by_value_but_of_wrong_type_is_refused_or_saved_faithfully(kind) -> None:
    # Place(0.0, ...) == Place(0, ...) and Roll(True) == Roll(1) in Python; the engine must
    # either refuse such a step (R3.4) or keep the game saveable and loadable.
    from verlies.actions import Attempt, Roll

    game = new_game(make_deck([corridor("door", obstacle=_door())]), players=1)
    game.apply(Draw())
    game.apply(Card("door"))
    if kind == "float_place":
        step = Place(1.0, 0, EW)
    else:
        game.apply(Place(1, 0, EW))
        game.apply(Attempt())
        step = Roll(True)
    try:
        game.apply(step)
    except IllegalAction:
        return
    assert all(type(c) is int for pos in game.board for c in pos)
    loaded = Game.from_json(game.to_json())
    assert fingerprint(loaded) == fingerprint(game)


def _door():
    from scenario_deck import RED, obstacle

    from verlies.cards.model import ObstacleType

    return obstacle(ObstacleType.TUER, RED, 7)


def test_game_without_log_is_the_same_game() -> None:
    a = Game.new(players=3, seed=91)
    b = Game.new(players=3, seed=91, log=False)
    rnd_a, rnd_b = random.Random(91), random.Random(91)
    while not a.is_over:
        random_step(a, rnd_a)
        random_step(b, rnd_b)
        assert a.legal_actions() == b.legal_actions()
    assert b.is_over and a.result == b.result
    assert json.loads(a.to_json())["steps"] == json.loads(b.to_json())["steps"]
    assert b.log == [] and a.log

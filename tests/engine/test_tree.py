"""The game's history as a tree of branches (verlies.tree): a what-if at a past step keeps
the old line; switch, rename, delete, compare; saves keep the tree and old saves load."""

from __future__ import annotations

import json
import random

import pytest

from verlies.errors import SaveFormatError
from verlies.game import Game
from verlies.tree import GameTree, common_prefix, full_line


def played(n: int, seed: int = 3) -> Game:
    """A 2-seat game after ``n`` steps of seeded random choices (the first seed from
    ``seed`` on whose game lasts that long)."""
    for s in range(seed, seed + 100):
        game = Game.new(players=2, seed=s)
        rng = random.Random(s)
        while game.step_count < n and not game.is_over:
            if game.is_chance:
                game.roll(rng)
            else:
                game.apply(rng.choice(list(game.legal_actions())))
        if game.step_count == n:
            return game
    raise AssertionError(f"no game of {n} steps")


def other_step(game: Game, line: tuple[object, ...]) -> object:
    """A legal step at the game's position that differs from the line's next one."""
    here = line[game.step_count]
    if game.is_chance:
        options = [o for o, _ in game.chance_outcomes() if o != here]
    else:
        options = [a for a in game.legal_actions() if a != here]
    assert options, "the test needs a position with a choice"
    return options[0]


def past_choice(game: Game, line: tuple[object, ...]) -> int:
    """The first past step where another step was possible."""
    for k in range(len(line)):
        game.goto(k)
        opts = game.chance_outcomes() if game.is_chance else list(game.legal_actions())
        if len(opts) > 1:
            return k
    raise AssertionError("no choice in the whole line")


def test_whatif_at_a_past_step_starts_a_branch_and_keeps_the_old_line() -> None:
    game = played(47)
    tree = GameTree(game)
    original = tree.line("1")
    assert len(original) == 47
    k = past_choice(game, original)
    step = other_step(game, original)
    tree.play(step)
    assert tree.current == "2"
    assert game.history_length == k + 1  # the game shows the new line
    assert tree.line("1") == original  # the old line is kept whole
    assert tree.line("2") == original[:k] + (step,)
    info = {b.name: b for b in tree.branches()}
    assert info["2"].fork == k and info["2"].parent == "1" and info["2"].current
    assert info["1"].length == 47 and not info["1"].current
    tree.switch("1")  # back to the original line: all 47 steps, same step number
    assert tree.current == "1"
    assert game.history_length == 47 and game.step_count == k + 1
    game.goto(47)
    assert game.steps == original


def test_sync_sees_a_whatif_made_on_the_game_directly_and_bots_playing_on() -> None:
    game = played(30)
    tree = GameTree(game)
    original = tree.line("1")
    k = past_choice(game, original)
    game.apply(other_step(game, original))  # the page applies to the game itself
    for _ in range(5):
        if game.is_over:
            break
        game.roll() if game.is_chance else game.apply(game.legal_actions()[0])
    assert tree.sync() == "2"
    assert tree.line("1") == original
    assert tree.line("2") == game.steps and len(game.steps) > k + 1


def test_retaking_the_same_step_keeps_the_line() -> None:
    game = played(20)
    tree = GameTree(game)
    original = tree.line("1")
    game.goto(5)
    tree.play(original[5])
    assert tree.names == ["1"]
    assert game.history_length == 20 and game.step_count == 6
    assert full_line(game) == original


def test_the_same_whatif_twice_goes_back_to_its_branch() -> None:
    game = played(20)
    tree = GameTree(game)
    original = tree.line("1")
    k = past_choice(game, original)
    step = other_step(game, original)
    tree.play(step)
    tree.switch("1")
    game.goto(k)
    tree.play(step)
    assert tree.names == ["1", "2"] and tree.current == "2"


def test_rename_delete_and_their_refusals() -> None:
    game = played(20)
    tree = GameTree(game)
    k = past_choice(game, tree.line("1"))
    tree.play(other_step(game, tree.line("1")))
    tree.rename("2", "  bold move ")
    assert tree.names == ["1", "bold move"] and tree.current == "bold move"
    with pytest.raises(ValueError):
        tree.rename("1", "bold move")
    with pytest.raises(ValueError):
        tree.rename("1", "")
    with pytest.raises(ValueError):
        tree.delete("bold move")  # the one shown
    with pytest.raises(KeyError):
        tree.delete("nope")
    tree.switch("1")
    tree.delete("bold move")
    assert tree.names == ["1"] and game.history_length == 20 and k < 20


def test_compare_two_branches() -> None:
    game = played(60, seed=5)
    tree = GameTree(game)
    k = past_choice(game, tree.line("1"))
    tree.play(other_step(game, tree.line("1")))
    cmp = tree.compare("1", "2")
    assert cmp.shared == k
    assert cmp.a.length == 60 and cmp.b.length == k + 1
    end = Game(game.setup, tree.line("1"))
    assert [s.gold for s in cmp.a.seats] == [f.gold for f in end.figures]
    assert [s.pos for s in cmp.a.seats] == [tuple(f.pos) for f in end.figures]
    assert [s.escaped for s in cmp.a.seats] == [bool(f.escaped) for f in end.figures]
    diffs = cmp.differences()
    for seat, field, va, vb in diffs:
        assert getattr(cmp.a.seats[seat], field) == va != vb == getattr(cmp.b.seats[seat], field)


def test_save_keeps_the_whole_tree_and_old_saves_still_load() -> None:
    game = played(40)
    tree = GameTree(game)
    original = tree.line("1")
    past_choice(game, original)
    tree.play(other_step(game, original))
    tree.rename("1", "original")
    text = tree.to_json()
    data = json.loads(text)
    assert [r["name"] for r in data["branches"]["lines"]] == ["original", "2"]
    back = GameTree.from_json(text)
    assert back.names == ["original", "2"] and back.current == "2"
    assert back.line("original") == original and back.line("2") == tree.line("2")
    assert back.game.step_count == game.step_count
    # the current line is still an ordinary save for Game.from_json
    assert Game.from_json(text).steps == game.steps
    # a save without branches is one branch
    old = GameTree.from_json(played(10).to_json())
    assert old.names == ["1"] and len(old.line("1")) == 10


def test_a_tampered_branch_is_a_save_format_error() -> None:
    game = played(30)
    tree = GameTree(game)
    past_choice(game, tree.line("1"))
    tree.play(other_step(game, tree.line("1")))
    data = json.loads(tree.to_json())
    data["branches"]["lines"][0]["steps"][3] = {"t": "roll", "value": 99}
    with pytest.raises(SaveFormatError):
        GameTree.from_json(json.dumps(data))
    data = json.loads(tree.to_json())
    data["branches"]["current"] = 7
    with pytest.raises(SaveFormatError):
        GameTree.from_json(json.dumps(data))


def test_common_prefix() -> None:
    assert common_prefix((1, 2, 3), (1, 2, 4, 5)) == 2
    assert common_prefix((), (1,)) == 0

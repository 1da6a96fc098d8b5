"""Branches on the play page without a browser: a what-if at a past step keeps the old
line, the branch list beside the slider switches, deletes, renames and compares; a saved
game brings its branches back."""

from __future__ import annotations

from verlies.setup import Setup
from verlies.ui.app import PlayApp
from verlies.ui.branches_model import branch_rows
from verlies.ui.session import Session


def bots_game(steps: int = 47) -> PlayApp:
    """A page with a 2-bot game run ``steps`` steps (the first seed that lasts so long)."""
    for seed in range(1, 50):
        app = PlayApp(Session.new(Setup(players=2, seed=seed), ["greedy", "greedy"]), lang="en")
        app.session.run("end", limit=steps)
        if app.game.step_count == steps:
            app.refresh()
            return app
    raise AssertionError("no game lasts that long")


def whatif_at_past_chance(app: PlayApp) -> int:
    """Slide back to the first chance point and take another outcome there."""
    g = app.game
    for k in range(g.history_length):
        app.history.slider.value = k
        if g.is_chance and len(g.chance_outcomes()) > 1:
            break
    else:
        raise AssertionError("no chance point")
    line = app.branches.tree.line("1")
    other = next(o for o, _ in g.chance_outcomes() if o != line[k])
    app.pick_outcome(other)
    return k


def test_whatif_from_the_past_starts_a_branch_and_the_old_line_comes_back() -> None:
    app = bots_game()
    k = whatif_at_past_chance(app)
    tree = app.branches.tree
    assert tree is not None and tree.names == ["1", "2"] and tree.current == "2"
    assert len(tree.line("1")) == 47  # not cut to k + 1
    assert "branch 2 starts after step" in app.message.value
    labels = [item.children[0].description for item in app.branches.list.children]
    assert labels == ["1 · 47", f"2 · {app.game.history_length}"]
    assert "vl-branch-current" in app.branches.list.children[1].children[0]._dom_classes
    app.branches.list.children[0].children[0].click()  # back to the original line
    assert tree.current == "1" and app.game.history_length == 47
    assert app.history.slider.max == 47 and app.history.slider.value == k + 1
    app.branches.other.value = "2"  # compare
    assert "Both share the first" in app.branches.comparison.value
    app.branches.list.children[1].children[1].click()  # delete branch 2
    assert tree.names == ["1"]


def test_rename_and_save_and_load_keep_the_branches() -> None:
    app = bots_game(30)
    whatif_at_past_chance(app)
    app.branches.name.value = "what if"
    assert app.branches.tree.current == "what if"
    app.save()
    text = app.saved_text
    other = PlayApp(lang="en")
    assert other.load_bytes("x.json", text.encode())
    assert other.branches.tree.names == ["1", "what if"]
    rows = branch_rows(other.branches.tree, "de")
    assert [r.current for r in rows] == [False, True]
    assert "zweigt nach Schritt" in rows[1].title

"""Branches on the play page without a browser: a what-if at a past step keeps the old
line, the branch list beside the slider switches, deletes, renames and compares; a saved
game brings its branches back."""

from __future__ import annotations

from verlies.setup import Setup
from verlies.ui.core.session import Session
from verlies.ui.page import PlayApp
from verlies.ui.play.branches_model import branch_rows


def bots_game(steps: int = 47) -> PlayApp:
    """A page with a 2-bot game run ``steps`` steps (the first seed that lasts so long)."""
    for seed in range(1, 50):
        app = PlayApp(Session.new(Setup(players=2, seed=seed), ["greedy", "greedy"]), lang="en")
        app.model.session.run("end", limit=steps)
        if app.model.game.step_count == steps:
            app.refresh()
            return app
    raise AssertionError("no game lasts that long")


def whatif_at_past_chance(app: PlayApp) -> int:
    """Slide back to the first chance point and take another outcome there."""
    g = app.model.game
    for k in range(g.history_length):
        app.history.slider.value = k
        if g.is_chance and len(g.chance_outcomes()) > 1:
            break
    else:
        raise AssertionError("no chance point")
    line = app.branches.tree.line("1")
    other = next(o for o, _ in g.chance_outcomes() if o != line[k])
    app.model.pick_outcome(other)
    return k


def test_whatif_from_the_past_starts_a_branch_and_the_old_line_comes_back() -> None:
    app = bots_game()
    k = whatif_at_past_chance(app)
    tree = app.branches.tree
    assert tree is not None and tree.names == ["1", "2"] and tree.current == "2"
    assert len(tree.line("1")) == 47  # not cut to k + 1
    assert "branch 2 starts after step" in app.message.value
    labels = [item.children[0].description for item in app.branches.list.children]
    assert labels == ["1 · 47", "2"]  # the shown branch's length is the slider's
    assert "vl-branch-current" in app.branches.list.children[1].children[0]._dom_classes
    app.branches.list.children[0].children[0].click()  # back to the original line
    assert tree.current == "1" and app.model.game.history_length == 47
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
    app.model.save()
    text = app.model.offer.text
    other = PlayApp(lang="en")
    assert other.model.load("x.json", text.encode())
    assert other.branches.tree.names == ["1", "what if"]
    rows = branch_rows(other.branches.tree, "de")
    assert [r.current for r in rows] == [False, True]
    assert "zweigt nach Schritt" in rows[1].title


def test_undo_turn_against_a_bot_lands_on_the_persons_own_last_decision() -> None:
    app = PlayApp(Session.new(Setup(players=2, seed=4), ["human", "greedy"]), lang="en")
    decisions = []
    while len(decisions) < 4 and not app.model.game.is_over:
        if app.model.game.is_chance:
            app.model.roll()
        else:
            assert app.model.session.human_to_move  # bots moved at once
            decisions.append(app.model.game.step_count)
            app.model.act(app.model.game.legal_actions()[0])
    app.model.undo_turn()
    g = app.model.game
    assert g.step_count == decisions[-1]  # right before the person's last decision
    assert app.model.session.human_to_move and not g.is_chance
    app.model.undo_turn()
    assert app.model.game.step_count == decisions[-2]


def test_time_travel_closes_the_whatif_picker_and_a_step_drops_a_stale_save_link() -> None:
    app = PlayApp(Session.new(Setup(players=2, seed=4), ["human", "human"]), lang="en")
    app.model.act(app.model.game.legal_actions()[0])  # draw: a chance point
    assert app.model.game.is_chance
    app.chance.picking.value = True
    assert app.chance.pick_row.layout.display == ""
    app.history.slider.value = 0
    assert not app.chance.picking.value and app.chance.pick_row.layout.display == "none"
    app.model.save()
    assert "vl-auto-download" in app.files.link.value  # one click: followed at once
    app.model.act(app.model.game.legal_actions()[0])
    assert app.files.link.value == ""  # no offer of an older position


def test_the_save_file_says_who_plays_and_load_messages_are_plain_and_go() -> None:
    app = PlayApp(Session.new(Setup(players=2, seed=4), ["human", "greedy"]), lang="en")
    app.model.save()
    other = PlayApp(Session.new(Setup(players=2, seed=1), ["human", "human"]), lang="en")
    assert other.model.load("g.json", app.model.offer.text.encode())
    assert other.model.session.controllers == ["human", "greedy"]  # the seats came with the file
    assert "Loaded" in other.files.message.value
    broken = app.model.offer.text.replace('"characters"', '"figures"')
    assert not other.model.load("bad.json", broken.encode())
    said = other.files.message.value
    assert "Could not load" in said and "KeyError" not in said and "Error:" not in said
    other.model.act(other.model.game.legal_actions()[0])
    assert other.files.message.value == ""  # said once, gone after the next step


def test_the_board_as_text_names_tiles_figures_and_moves_in_the_page_language() -> None:
    from verlies.ui.board.board_text import board_lines

    app = PlayApp(Session.new(Setup(players=2, seed=3), ["human", "human"]), lang="de")
    g = app.model.game
    g.apply(g.legal_actions()[0])
    g.roll()
    lines = board_lines(g, "de")
    assert lines[0] == "1 Verlieskarte liegt aus:" and lines[1].startswith("(0, 0): Start")
    assert sum("steht auf (0, 0)" in line for line in lines) == 2
    assert (
        lines[-1].startswith("Erlaubte Züge: ")
        and lines[-1].count(";") == len(g.legal_actions()) - 1
    )
    app.refresh()
    assert 'class="vl-board-text" role="region"' in app.status.value
    assert "Erlaubte Züge" in app.status.value


def test_a_deleted_branch_comes_back_with_one_click() -> None:
    """Issue 24 item 4: deleting a branch was instant and final."""
    app = bots_game()
    whatif_at_past_chance(app)
    tree = app.branches.tree
    assert tree is not None
    app.branches.list.children[0].children[0].click()  # show branch 1
    assert app.branches.undelete.layout.display == "none"
    app.branches.list.children[1].children[1].click()  # delete branch 2
    assert tree.names == ["1"]
    assert app.branches.undelete.layout.display == ""
    assert app.branches.undelete.description == "Bring back branch 2"
    line = None
    app.branches.undelete.click()
    assert tree.names == ["1", "2"] and tree.current == "1"
    line = tree.line("2")
    assert len(line) > 0 and app.branches.undelete.layout.display == "none"
    labels = [item.children[0].description for item in app.branches.list.children]
    assert labels[0] == "1" and labels[1].startswith("2 · ")
    app.model.set_lang("de")  # the button's words follow the page's language
    app.branches.list.children[1].children[1].click()
    assert app.branches.undelete.description == "Zweig 2 zurückholen"


def test_compare_is_at_the_step_shown_and_keeps_treasures_hidden() -> None:
    """Issue 24 item 4: compare set each branch's end against the other's (16 steps vs
    56); it now shows both after the step the slider shows. Outside designer mode a
    treasure's value (hidden by R9.3) is not added into the gold shown."""
    from verlies.tree import GameTree

    app = bots_game()
    k = whatif_at_past_chance(app)
    tree = app.branches.tree
    assert isinstance(tree, GameTree)
    app.branches.list.children[0].children[0].click()  # branch 1, at step k + 1
    app.history.slider.value = k + 1
    app.branches.other.value = "2"
    html = app.branches.comparison.value
    assert f"Both branches after step {k + 1} (the step shown)." in html
    cmp = tree.compare("1", "2", k + 1)
    assert cmp.a.length == cmp.b.length == k + 1
    app.branches.list.children[0].children[0].click()
    app.history.slider.value = 40  # past branch 2's end
    app.branches.other.value = "2"
    html = app.branches.comparison.value
    n2 = len(tree.line("2"))
    if n2 < 40:
        assert f"ends after step {n2}" in html
    app.model.set_lang("de")
    assert app.branches.other.description == "Vergleichen mit"
    app.model.set_lang("en")
    assert app.branches.other.description == "Compare with"


def test_the_comparison_hides_treasure_values_outside_designer_mode() -> None:
    from verlies.tree import BranchEnd, Comparison, SeatEnd
    from verlies.ui.play.branches_model import comparison_html

    app = bots_game(10)
    rich = SeatEnd(0, 17, (0, 0), False, coins=5, treasures=2)  # 12 gold on 2 cards
    poor = SeatEnd(1, 3, (1, 0), False, coins=3, treasures=0)
    a = BranchEnd("1", 10, False, (), (rich, poor))
    b = BranchEnd("2", 10, False, (), (poor.__class__(0, 5, (0, 0), False, 5, 0), poor))
    shown = comparison_html(app.model.game, Comparison(a, b, 4), "en", 10)
    assert "17" not in shown and "5 + 2 treasure card(s)" in shown
    designer = comparison_html(app.model.game, Comparison(a, b, 4), "en", 10, designer=True)
    assert '<td class="vl-diff">17</td>' in designer
    over = BranchEnd("1", 10, True, (0,), (rich, poor))  # at the end every card is shown
    assert ">17<" in comparison_html(app.model.game, Comparison(over, b, 4), "en", 10)

"""The branch list's refusals are said in the page's language, and again in the other one
after a switch (issue 24: they were English sentences made once, shown on a German page).

The tree (verlies/tree.py) keeps each refusal as words (``branch.err.*``); the panel hands
them to the page as a function of the language (ui/core/said.py), which redraws them."""

from __future__ import annotations

import html

import pytest
from test_branches_page import bots_game, whatif_at_past_chance

from verlies import i18n
from verlies.errors import Phrase
from verlies.game import Game
from verlies.tree import MAX_BRANCHES, MAX_NAME, BranchError, GameTree, UnknownBranch
from verlies.ui.page import PlayApp


def message(app: PlayApp) -> str:
    return str(app.message.value)


def said(key: str, lang: str, **values: object) -> str:
    return html.escape(i18n.text(key, lang, **values), quote=False)


def two_branches() -> PlayApp:
    app = bots_game(30)
    whatif_at_past_chance(app)
    tree = app.branches.tree
    assert tree is not None and tree.names == ["1", "2"] and tree.current == "2"
    return app


@pytest.mark.parametrize("first", ["en", "de"])
def test_a_taken_name_is_refused_in_the_page_language_and_redrawn_on_a_switch(
    first: str,
) -> None:
    app = two_branches()
    app.model.set_lang(first)
    app.branches.name.value = "1"  # the other branch's name
    assert app.branches.tree is not None and app.branches.tree.names == ["1", "2"]
    other = "de" if first == "en" else "en"
    assert said("branch.err.taken", first, name="1") in message(app)
    assert "vl-error" in message(app)
    app.model.set_lang(other)
    assert said("branch.err.taken", other, name="1") in message(app), message(app)
    assert said("branch.err.taken", first, name="1") not in message(app)
    app.model.set_lang(first)
    assert said("branch.err.taken", first, name="1") in message(app)


def test_every_refusal_of_the_panel_is_words_in_both_languages() -> None:
    app = two_branches()
    panel = app.branches
    tree = panel.tree
    assert tree is not None
    refusals = [
        (
            lambda: setattr(panel.name, "value", "x" * (MAX_NAME + 1)),
            "branch.err.name",
            {"limit": MAX_NAME},
        ),
        (lambda: panel.delete("2"), "branch.err.shown", {}),  # the branch shown
        (lambda: panel.switch("nope"), "branch.err.unknown", {"name": "nope"}),
        (lambda: panel.delete("nope"), "branch.err.unknown", {"name": "nope"}),
    ]
    for act, key, values in refusals:
        app.model.set_lang("de")
        act()
        assert said(key, "de", **values) in message(app), (key, message(app))
        app.model.set_lang("en")
        assert said(key, "en", **values) in message(app), (key, message(app))
    assert tree.names == ["1", "2"] and tree.current == "2"  # nothing changed


def test_bring_back_refused_when_the_name_was_taken_meanwhile() -> None:
    app = two_branches()
    panel = app.branches
    tree = panel.tree
    assert tree is not None
    app.model.set_lang("de")
    panel.switch("1")
    panel.delete("2")
    assert tree.names == ["1"]
    # the deleted branch's name taken since (the page hides "Bring back" on its next
    # refresh after a change of the branches; a click on it may come before)
    tree.rename("1", "2")
    panel.restore()
    assert said("branch.err.exists", "de", name="2") in message(app)
    app.model.set_lang("en")
    assert said("branch.err.exists", "en", name="2") in message(app)
    assert tree.names == ["2"]


def test_the_tree_errors_keep_their_old_types_and_english() -> None:
    tree = GameTree(Game.new(players=2, seed=1))
    with pytest.raises(KeyError) as missing:
        tree.switch("x")
    assert isinstance(missing.value, UnknownBranch)
    assert str(missing.value) == "there is no branch “x”"
    assert missing.value.text_in("de") == "es gibt keinen Zweig „x“"
    with pytest.raises(ValueError) as long_name:
        tree.rename("1", "y" * (MAX_NAME + 1))
    assert isinstance(long_name.value, BranchError)
    assert str(long_name.value) == f"a branch name is 1 to {MAX_NAME} characters"
    e = BranchError(words=Phrase.of("branch.err.too_many", limit=MAX_BRANCHES))
    assert str(e) == f"at most {MAX_BRANCHES} branches; delete one first"
    assert e.text_in("de") == f"höchstens {MAX_BRANCHES} Zweige; lösche zuerst einen"

"""A share link (or a save file) that carries deck changes: the recipient's Deck tab shows
them as its draft (issue 22 item 2; before, it said "no differences from the default
deck" while the link's game played the changed deck)."""

from __future__ import annotations

import pytest

from verlies import i18n
from verlies.deck import Deck
from verlies.game import Game
from verlies.setup import Setup
from verlies.sim.sweep import Tweak
from verlies.ui.core import share
from verlies.ui.core.session import Session
from verlies.ui.page import PlayApp


def _changed() -> Deck:
    # R9.1: the coin purse worth 5 gold instead of 2, and one copy more of the ruby
    deck = Tweak("treasure", "schatz-muenzbeutel", "gold").apply(Deck.default(), 5)
    return deck.with_count("treasure", "schatz-rubin", deck.treasure_counts["schatz-rubin"] + 1)


def _link(deck: Deck) -> str:
    game = Game.new(players=2, seed=4, deck=deck)
    game.apply(game.legal_actions()[0])
    link = share.link(game, ["human", "human"])
    assert link is not None
    return link


@pytest.mark.parametrize("built_first", [True, False])
def test_the_links_deck_changes_are_the_deck_tabs_draft(built_first: bool) -> None:
    app = PlayApp(lang="en")
    if built_first:  # the Deck tab was looked at before the link was opened
        assert app.editor.diff_lines() == []
    assert app.model.open_link(_link(_changed()))
    editor = app.editor
    assert editor.draft == _changed() == editor.deck == app.model.deck
    lines = editor.diff_lines()
    assert len(lines) == 2, lines
    assert any("schatz-muenzbeutel" in x and "5 Gold" in x for x in lines), lines
    assert any("schatz-rubin" in x and "count 1 → 2" in x for x in lines), lines
    shown = editor.diff_view.value
    assert i18n.text("editor.no_diff", "en") not in shown and "schatz-rubin" in shown
    # new games use it already: nothing is pending
    assert i18n.text("editor.in_sync", "en") in editor.pending.value
    # the tab can go back to the deck it had: one undo step
    if built_first:
        assert editor.undo() and editor.diff_lines() == []


def test_a_link_without_deck_changes_leaves_an_edited_draft_alone_in_its_diff() -> None:
    app = PlayApp(Session.new(Setup(players=2, seed=1), ["human", "human"]), lang="de")
    assert app.model.open_link(_link(Deck.default()))
    assert app.editor.diff_lines() == []
    assert i18n.text("editor.no_diff", "de") in app.editor.diff_view.value


def test_a_save_file_with_deck_changes_is_the_draft_too() -> None:
    app = PlayApp(lang="en")
    game = Game.new(players=2, seed=4, deck=_changed())
    assert app.model.load("game.json", game.to_json().encode("utf-8"))
    assert app.editor.draft == _changed()
    assert len(app.editor.diff_lines()) == 2

"""The play page's widgets draw the page model and hand clicks to it (issue 20): the New
game form, built late, shows the model's choice and deck (no queue of method names); a
game that arrives moves the form, the Play tab and the switches; the switches' widgets
mirror the model both ways; the save file's link is the model's offer."""

from __future__ import annotations

import pytest

from verlies.deck import Deck
from verlies.setup import Setup
from verlies.ui.core.session import HUMAN, Session
from verlies.ui.page import PlayApp
from verlies.ui.play.app_model import NewGame, Source

OLD = Deck.edition("standard-1")


def page(seed: int = 3, controllers: tuple[str, ...] = (HUMAN, "careful")) -> PlayApp:
    return PlayApp(Session.new(Setup(players=len(controllers), seed=seed), list(controllers)))


def test_the_form_built_late_shows_what_the_model_holds() -> None:
    app = page(seed=21, controllers=(HUMAN, "greedy", HUMAN))
    app.model.set_lang("en")  # before the form exists: it is built in English
    app.model.set_new_game(NewGame(players=3, seed=44, controllers=(HUMAN, "greedy", HUMAN)))
    assert app._setup is None  # not built until its tab is shown or it is asked for
    form = app.setup
    assert form.lang == "en" and form.start.description == "Start game"
    assert form.choice() == NewGame(
        players=3,
        characters=form.choice().characters,
        seed=44,
        controllers=(HUMAN, "greedy", HUMAN),
        round_limit=300,
    )
    app.model.set_new_game(NewGame(players=2, seed=7, controllers=(HUMAN, HUMAN)))
    assert form.players.value == 2 and form.seed.value == 7  # built: it follows at once


def test_an_arrived_game_moves_the_form_and_the_play_tab() -> None:
    source = page(seed=5, controllers=(HUMAN, HUMAN))
    source.model.set_deck(OLD)
    assert source.model.start(NewGame(players=2, seed=31, controllers=(HUMAN, "greedy"))) is None
    text, _name = source.model.game_file()
    app = page()
    form = app.setup
    app.tabs.selected_index = 3  # the Rules tab
    assert app.model.load("old.json", text.encode("utf-8"))
    assert app.tabs.selected_index == 0
    assert form.seed.value == 31 and form.controllers[1].value == "greedy"
    assert form.deck is OLD and form.edition.value == "standard-1"  # what Start uses
    assert app.model.deck is OLD
    assert app.start_game(form.choice())
    assert app.model.game.setup.deck is OLD and app.model.game.setup.seed == 31


def test_the_switches_mirror_the_model_both_ways() -> None:
    app = page(controllers=(HUMAN, HUMAN))
    app.steps.auto_roll.value = True  # a click
    assert app.model.auto_roll is True
    app.model.set_auto(bots=False)  # the model
    assert app.steps.auto_bots.value is False
    app.steps.auto_roll.value = False  # chance waits for a roll (or a what-if) again
    assert app.model.auto_roll is False
    for _ in range(200):  # to the first chance point
        if app.model.game.is_chance or app.model.game.is_over:
            break
        app.model.act(app.model.game.legal_actions()[0])
    assert app.model.game.is_chance
    app.chance.picking.value = True
    assert app.model.picking is True and app.chance.pick.options
    app.model.goto(0)  # the what-if list was of the position before
    assert app.chance.picking.value is False and app.chance.pick.options == ()
    app.model.set_designer(True)
    assert app.designer_box.value is True


def test_the_save_link_is_the_models_offer_and_goes_when_play_moves_on() -> None:
    app = page(controllers=(HUMAN, HUMAN))
    app.model.save()
    offer = app.model.offer
    assert offer is not None and offer.name in app.files.link.value
    app.model.set_lang("de")
    assert "herunterladen" in app.files.link.value  # the link's words follow the language
    app.model.roll() if app.model.game.is_chance else app.model.act(
        app.model.game.legal_actions()[0]
    )
    assert app.model.offer is None and app.files.link.value == ""


def test_a_table_adopted_hides_what_would_rewind_it() -> None:
    app = page()

    class Seat(Session):  # a table's session as the page sees it: a seat, not all cards
        sees_all = False

    seat = Seat(app.model.game.clone(), list(app.model.session.controllers))
    app.model.adopt(seat, source=Source.TABLE)
    assert app.history.undo.layout.display == "none"
    assert app.files.upload.layout.display == "none"
    assert app.designer_box.layout.display == "none"
    assert app.tabs.selected_index == 0


def test_a_tab_that_fails_to_build_says_so_and_is_built_on_the_next_show(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """The Deck tab's build raises once: the page says so in its language (not an empty tab
    without a word), the server's log has the traceback, the game is untouched, and the
    next show builds it."""
    import verlies.ui.deck.editor_view as editor_module

    app = page(seed=9, controllers=(HUMAN, HUMAN))
    app.model.set_lang("en")
    game = app.model.game
    real = editor_module.DeckEditor

    def broken(*args: object, **kwargs: object) -> object:
        raise OSError("disk full")

    monkeypatch.setattr(editor_module, "DeckEditor", broken)
    deck_tab = app.tabs.children.index(app._slots[0])
    app.tabs.selected_index = deck_tab
    said = app.model.message("page")
    assert said is not None and said.error
    assert app.model.text("page") == (
        "This tab could not be built (OSError: disk full). Show it again to try once more;"
        " the game is not affected."
    )
    app.model.set_lang("de")
    assert app.model.text("page").startswith("Dieser Tab ließ sich nicht aufbauen (OSError")
    err = capfd.readouterr().err
    assert f"verlies: tab {deck_tab} could not be built" in err and "OSError: disk full" in err
    assert app._editor is None and app._slots[0].children == () and app.model.game is game

    monkeypatch.setattr(editor_module, "DeckEditor", real)
    app.tabs.selected_index = 0
    app.tabs.selected_index = deck_tab
    assert app._editor is not None and app._slots[0].children == (app._editor.widget,)

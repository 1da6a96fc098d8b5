"""The autosave's part of the play page without widgets (issue 20 item 1): it follows the
page's AppModel by its typed changes, saves after the ones that can change the game,
offers unfinished games back, resumes and discards them, against a real SQLite store."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from verlies.setup import Setup
from verlies.store import PlaytestStore
from verlies.tree import GameTree
from verlies.ui.core.session import HUMAN, Session
from verlies.ui.play.app_model import AppModel, Change, NewGame
from verlies.ui.play.autosave_model import SAVED_AFTER, AutosaveModel
from verlies.ui.play.autosave_store import Autosave, SaveState

CLIENT = "c" * 32


class CountingAutosave(Autosave):
    """An autosave that counts how often the page asked it to save."""

    def __init__(self, url: str) -> None:
        super().__init__(opener=lambda: PlaytestStore(url))
        self.syncs = 0

    def sync(self, session: Session, lang: str = "de", tree: GameTree | None = None) -> SaveState:
        self.syncs += 1
        return super().sync(session, lang, tree)


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'page.sqlite'}"


def page(url: str, seed: int = 3, enabled: bool = True) -> tuple[AppModel, AutosaveModel]:
    app = AppModel(Session.new(Setup(players=2, seed=seed), [HUMAN, "careful"]), lang="en")
    app.autosave = CountingAutosave(url)
    return app, AutosaveModel(app, enabled)


def hello(saving: AutosaveModel, query: str = "") -> None:
    saving.hello(json.dumps({"client": CLIENT, "query": query, "tz": 0}))


def play(app: AppModel, steps: int) -> None:
    """``steps`` page actions as a person takes them: roll at chance, else the first one."""
    for _ in range(steps):
        g = app.game
        if g.is_over:
            return
        if g.is_chance:
            app.roll()
        elif app.session.human_to_move:
            app.act(g.legal_actions()[0])
        else:
            app.run("step")


def test_every_step_through_the_model_is_saved_without_widgets(url: str) -> None:
    app, saving = page(url)
    hello(saving)
    assert saving.state is not None and saving.state.rid is None  # nothing played yet
    play(app, 10)
    (rec,) = PlaytestStore(url).unfinished(CLIENT)
    assert rec.save == app.game.to_json() and rec.cursor == app.game.step_count
    state = saving.state
    assert state is not None and state.saved and state.rid == rec.id and not state.unsaved
    app.goto(2)  # time travel is a change too: the record's cursor follows
    assert PlaytestStore(url).get(rec.id).cursor == 2


def test_only_changes_that_can_change_the_game_save(url: str) -> None:
    app, saving = page(url)
    autosave = app.autosave
    assert isinstance(autosave, CountingAutosave)
    assert SAVED_AFTER == {Change.ADOPTED, Change.MOVED, Change.LANG, Change.OPTIONS, Change.DECK}
    before = autosave.syncs
    app.say("page", "a note")  # a message
    app.save()  # the save file offered
    app.set_new_game(NewGame(seed=5))  # what the New game form shows
    assert autosave.syncs == before
    app.set_lang("de")
    assert autosave.syncs == before + 1 and autosave.lang == "de"
    app.set_designer(True)
    assert autosave.syncs == before + 2


def test_a_branch_started_at_a_past_step_is_saved_and_said_once(url: str) -> None:
    """The model lets the tree take in the game before it saves, whichever subscriber is
    told first: the branch is in the record and "started a branch" is said."""
    app, saving = page(url)
    hello(saving)
    play(app, 12)
    g = app.game
    for k in range(g.step_count - 1, -1, -1):
        app.goto(k)
        if app.session.human_to_move and len(g.legal_actions()) > 1:
            break
    else:
        raise AssertionError("no past human decision with a choice")
    tree = app.tree
    assert tree is not None
    old = tree.line(tree.current)[k]
    app.act(next(a for a in g.legal_actions() if a != old))
    assert len(tree.names) == 2
    assert app.text("page")  # said
    (rec,) = PlaytestStore(url).unfinished(CLIENT)
    assert len(json.loads(rec.save)["branches"]["lines"]) == 2


def test_offers_come_with_hello_and_go_when_another_game_is_shown(url: str) -> None:
    first, saving = page(url)
    hello(saving)
    play(first, 6)
    app, other = page(url, seed=99)
    assert other.offers == [] and other.offer is None
    hello(other)
    offer = other.offer
    assert offer is not None and offer.step == first.game.step_count
    assert app.start(NewGame(seed=5)) is None  # a new game: the offer is over
    assert other.offers == []


def test_taking_an_offer_resumes_it_and_offers_nothing_else(url: str) -> None:
    first, saving = page(url)
    hello(saving)
    play(first, 9)
    second, saving2 = page(url, seed=98)
    hello(saving2)
    play(second, 4)  # a second unfinished game in the same browser
    app, third = page(url, seed=97)
    hello(third)
    assert len(third.offers) == 2
    taken = third.offer
    assert taken is not None
    assert third.take_offer()
    assert app.game.step_count == taken.step and third.offers == []
    assert not third.take_offer()  # nothing left to take


def test_a_refused_resume_is_said_and_the_offer_is_gone(url: str) -> None:
    first, saving = page(url)
    hello(saving)
    play(first, 5)
    app, again = page(url, seed=99)
    hello(again)
    offer = again.offer
    assert offer is not None
    PlaytestStore(url).delete(offer.rid)
    game = app.game
    assert not again.take_offer()
    said = app.message("page")
    assert said is not None and said.error and app.game is game
    assert again.offers == []


def test_a_discarded_offer_is_not_offered_again(url: str) -> None:
    first, saving = page(url)
    hello(saving)
    play(first, 5)
    _, second = page(url, seed=99)
    hello(second)
    offer = second.offer
    assert offer is not None
    second.discard_offer()
    assert second.offers == []
    _, third = page(url, seed=98)
    hello(third)
    assert third.offers == []
    assert PlaytestStore(url).get(offer.rid).status == "abandoned"


def test_a_store_that_breaks_keeps_the_page_playing_and_says_not_saved(url: str) -> None:
    app, saving = page(url)

    def broken() -> PlaytestStore:
        raise RuntimeError("disk on fire")

    app.autosave = Autosave(opener=broken)
    play(app, 3)
    state = saving.state
    assert state is not None and not state.saved and state.unsaved
    assert "disk on fire" in state.error and saving.last_error is not None
    assert app.game.step_count > 0


def test_disabled_it_neither_saves_nor_offers(url: str, tmp_path: Path) -> None:
    first, saving = page(url)
    hello(saving)
    play(first, 5)
    app, off = page(url, seed=99, enabled=False)
    hello(off)
    play(app, 5)
    assert off.offers == [] and off.state is None and off.sync() is None
    assert app.autosave.rid is None
    assert len(PlaytestStore(url).unfinished(CLIENT)) == 1  # only the first page's game

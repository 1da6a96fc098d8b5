"""The play page's application model without widgets (issue 20 item 1): one ``adopt`` for
every way a game arrives (new, load, link, resume, shared table), typed change
notifications, messages kept as words and said again in a new language, the New game
choice as a value, and the switches the widgets only mirror."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from verlies.errors import VerliesError
from verlies.setup import Setup
from verlies.store import PlaytestStore
from verlies.store.tables import TableStore
from verlies.tree import GameTree
from verlies.ui.core import share
from verlies.ui.core.session import HUMAN, Session
from verlies.ui.play.app_model import (
    MAX_UPLOAD_BYTES,
    AppModel,
    Change,
    Changed,
    NewGame,
    Source,
)
from verlies.ui.play.autosave_store import Autosave
from verlies.ui.table.table_model import SeatModel
from verlies.ui.table.table_session import TableSession
from verlies.variants import Variants


def model(seed: int = 3, controllers: tuple[str, ...] = (HUMAN, "careful")) -> AppModel:
    setup = Setup(players=len(controllers), seed=seed)
    return AppModel(Session.new(setup, list(controllers)), lang="en")


def record(m: AppModel) -> list[Changed]:
    seen: list[Changed] = []
    m.subscribe(seen.append)
    return seen


def play(m: AppModel, steps: int) -> None:
    """Take ``steps`` page actions as a person would: roll at chance, else the first action."""
    for _ in range(steps):
        g = m.game
        if g.is_over:
            return
        if g.is_chance:
            m.roll()
        elif m.session.human_to_move:
            m.act(g.legal_actions()[0])
        else:
            m.run("step")


def test_the_model_loads_no_widget_library() -> None:
    """In a fresh interpreter (nothing else loaded a widget library first)."""
    code = (
        "import sys\n"
        "from verlies.ui.play.app_model import AppModel\n"
        "m = AppModel(lang='en')\n"
        "m.act(m.game.legal_actions()[0]) if not m.game.is_chance else m.roll()\n"
        "libs = ('ipywidgets', 'ipycanvas', 'bqplot', 'traitlets', 'IPython')\n"
        "print(sorted(x for x in sys.modules if x.split('.')[0] in libs))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=600
    )
    assert out.stdout.strip() == "[]"


# ---- adopt: every way a game arrives -----------------------------------------------------


def test_a_new_game_is_adopted_and_a_refused_one_changes_nothing() -> None:
    m = model()
    seen = record(m)
    m.say("page", "old words")
    choice = NewGame(players=3, seed=5, controllers=(HUMAN, "careful", "greedy"))
    assert m.start(choice) is None
    assert m.game.setup.seed == 5 and m.game.players == 3
    assert m.session.controllers == [HUMAN, "careful", "greedy"]
    assert Changed(Change.ADOPTED, Source.NEW) in seen
    assert m.text("page") == ""  # the last game's message went with it
    assert m.new_game == NewGame.of_game(m.game, m.session.controllers)
    game = m.game
    seen.clear()
    twice = dataclasses.replace(choice, players=2, characters=("char-elfe", "char-elfe"))
    refused = m.start(twice)
    assert isinstance(refused, VerliesError) and "R2.1" in str(refused)
    assert m.game is game and seen == []


def test_a_new_game_lets_the_bots_answer_at_once() -> None:
    m = model()
    # the bot sits first: with "bots answer at once" the person is to move when it arrives
    assert m.start(NewGame(players=2, seed=4, controllers=("careful", HUMAN))) is None
    assert m.game.step_count > 0 and (m.session.human_to_move or m.game.is_chance)
    m.set_auto(bots=False)
    assert m.start(NewGame(players=2, seed=4, controllers=("careful", HUMAN))) is None
    assert m.game.step_count == 0


def test_a_save_file_is_adopted_with_its_branches_seats_and_words() -> None:
    a = model(seed=6, controllers=(HUMAN, HUMAN))
    play(a, 12)
    a.goto(3)
    while a.game.is_chance or len(a.game.legal_actions()) < 2:
        play(a, 1)
    a.act(a.game.legal_actions()[-1])  # not the step taken before: a what-if, a branch
    assert a.tree is not None and len(a.tree.names) == 2
    assert a.tree.current in a.text("page")  # "branch 2 starts after step …"
    offer = a.save()
    b = model(seed=1)
    seen = record(b)
    assert b.load("mine.json", offer.text.encode("utf-8"))
    assert Changed(Change.ADOPTED, Source.LOAD) in seen
    assert b.game.to_json() == a.game.to_json()  # bit for bit the game shown
    assert b.tree is not None and b.tree.names == a.tree.names
    assert b.session.controllers == [HUMAN, HUMAN]
    assert b.editor_deck is b.game.setup.deck and b.deck is b.game.setup.deck
    assert "mine.json" in b.text("files")
    english = b.text("files")
    b.set_lang("de")
    assert b.text("files") != english and "mine.json" in b.text("files")
    # said about the position it arrived at: gone once play moves on
    play(b, 1)
    b.expire()
    assert b.message("files") is None


def test_a_broken_or_too_large_file_is_said_and_the_game_stays() -> None:
    m = model()
    game = m.game
    assert not m.load("x.json", b"{not json")
    said = m.message("files")
    assert said is not None and said.error
    english = m.text("files")
    m.set_lang("de")
    assert m.text("files") != english  # the error's words follow the language
    assert not m.load("big.json", b" " * (MAX_UPLOAD_BYTES + 1))
    assert str(MAX_UPLOAD_BYTES) in m.text("files").replace(".", "").replace(",", "")
    assert m.game is game


def test_a_link_is_adopted_and_a_broken_one_is_said_above_the_tabs() -> None:
    a = model(seed=8, controllers=(HUMAN, "greedy"))
    play(a, 9)
    query = share.link(a.game, a.session.controllers)
    assert query is not None
    b = model(seed=1)
    seen = record(b)
    assert not b.open_link(None) and not b.open_link("") and seen == []
    assert b.open_link(query.partition("?")[2])
    assert Changed(Change.ADOPTED, Source.LINK) in seen
    assert b.game.step_count == a.game.step_count
    assert b.game.to_json() == a.game.to_json()
    assert b.session.controllers == [HUMAN, "greedy"]
    assert str(a.game.step_count) in b.text("files")
    game = b.game
    assert not b.open_link("g=AAAAbroken")
    notice = b.message("notice")
    assert notice is not None and notice.error and b.text("notice")
    assert b.game is game


def test_an_autosaved_game_is_resumed_through_adopt(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'p.sqlite'}"
    first = model(seed=9)
    first.autosave = Autosave(opener=lambda: PlaytestStore(url))
    first.autosave.hello(json.dumps({"client": "c" * 32, "query": "", "tz": 0}))
    play(first, 7)
    state = first.autosave.sync(first.session, "en", first.tree)
    assert state.saved and state.rid is not None
    second = model(seed=1)
    second.autosave = Autosave(opener=lambda: PlaytestStore(url))
    seen = record(second)
    assert second.resume(state.rid)
    assert Changed(Change.ADOPTED, Source.RESUME) in seen
    assert second.game.to_json() == first.game.to_json()
    assert str(first.game.step_count) in second.text("page")
    game = second.game
    assert not second.resume("no-such-record")
    said = second.message("page")
    assert said is not None and said.error and second.game is game


def test_a_shared_tables_seat_is_adopted(tmp_path: Path) -> None:
    store = TableStore(f"sqlite:///{tmp_path / 't.sqlite'}")
    links = store.create(Setup(players=2, seed=11), [HUMAN, HUMAN], lang="en", takeback=False)
    seat, designer = links.seats[0], links.designer
    assert seat is not None
    m = model()
    seen = record(m)
    m.set_designer(True)
    m.adopt(TableSession(SeatModel(store, links.table_id, seat)), source=Source.TABLE)
    assert Changed(Change.ADOPTED, Source.TABLE) in seen
    # a seat sees only its own: not the designer's mode, nor the table's seed (issue 35)
    assert m.game.setup.seed == 0 and m.designer is False
    other = model()
    other.adopt(TableSession(SeatModel(store, links.table_id, designer)), source=Source.TABLE)
    assert other.designer is True  # the designer's link shows every card


def test_a_session_handed_over_by_code_is_shown_as_it_is() -> None:
    m = model()
    m.set_picking(True)
    session = Session.new(Setup(players=2, seed=15), ["careful", HUMAN])
    seen = record(m)
    m.adopt(session)
    assert m.session is session and m.game.step_count == 0  # no bot answered
    assert seen == [Changed(Change.ADOPTED, Source.GIVEN)] and m.picking is False
    other = GameTree(Session.new(Setup(players=2, seed=16), [HUMAN, HUMAN]).game)
    with pytest.raises(ValueError, match="tree"):
        m.adopt(Session.new(Setup(players=2, seed=17), [HUMAN, HUMAN]), other)
    assert m.session is session  # the last good state stays


# ---- changes -------------------------------------------------------------------------------


def test_each_change_is_told_once_and_unsubscribing_stops_it() -> None:
    m = model(controllers=(HUMAN, HUMAN))
    seen = record(m)
    m.set_lang("en")  # no change, nothing told
    m.set_auto(bots=True)
    assert seen == []
    with pytest.raises(ValueError, match="'fr'"):
        m.set_lang("fr")
    assert m.lang == "en" and seen == []
    m.set_lang("de")
    assert seen == [Changed(Change.LANG)]
    seen.clear()
    m.act(m.game.legal_actions()[0]) if not m.game.is_chance else m.roll()
    assert seen[-1] == Changed(Change.MOVED)
    seen.clear()
    m.save()
    assert seen == [Changed(Change.OFFER)] and m.offer is not None
    seen.clear()
    play(m, 1)
    m.expire()  # the save file was of the position before
    assert Changed(Change.OFFER) in seen and m.offer is None
    seen.clear()
    m.say("notice", "x", error=True)
    m.clear("notice")
    m.clear("notice")  # nothing left to clear: not told
    assert seen == [Changed(Change.MESSAGE, where="notice")] * 2
    seen.clear()
    m.set_deck(m.deck)
    m.set_new_game(NewGame(players=1))
    assert seen == [Changed(Change.DECK), Changed(Change.FORM)]
    later: list[Changed] = []
    stop = m.subscribe(later.append)
    stop()
    m.set_designer(True)
    assert later == [] and seen[-1] == Changed(Change.OPTIONS)


def test_the_history_moving_shuts_the_what_if_list_and_the_message() -> None:
    m = model(controllers=(HUMAN, HUMAN))
    play(m, 6)
    m.set_picking(True)
    m.say("page", "about this step")
    m.undo()
    assert m.picking is False and m.message("page") is None
    m.redo()
    m.goto(2)
    assert m.game.step_count == 2


def test_autoplay_stops_at_a_persons_turn_and_says_why() -> None:
    m = model(seed=3, controllers=(HUMAN, "careful"))
    m.set_auto(bots=False)
    while m.session.human_to_move:
        m.act(m.game.legal_actions()[0])
    steps = 0
    while m.autoplay_step():
        steps += 1
        assert steps < 500
    assert m.session.human_to_move or m.game.is_over
    if m.session.human_to_move:
        english = m.text("page")
        assert english
        m.set_lang("de")
        assert m.text("page") and m.text("page") != english


# ---- messages and language ---------------------------------------------------------------------


def test_messages_are_said_again_in_the_new_language() -> None:
    m = model(seed=3, controllers=("careful", "careful"))
    m.run("turn")
    english = m.text("page")
    assert english
    m.set_lang("de")
    german = m.text("page")
    assert german and german != english
    m.set_lang("en")
    assert m.text("page") == english
    m.say("page", "Plain words")  # a text without words: the same in every language
    m.set_lang("de")
    assert m.text("page") == "Plain words"


def test_a_refusal_is_said_with_its_rule_and_a_fault_keeps_the_page() -> None:
    m = model()
    assert not m.guard(Setup, 9)  # nine players: the engine refuses (R2.2)
    said = m.message("page")
    assert said is not None and said.error and "R2.2" in m.text("page")
    english = m.text("page")
    m.set_lang("de")
    assert "R2.2" in m.text("page") and m.text("page") != english
    assert m.last_error is None

    def broken() -> None:
        raise KeyError("lost")

    assert not m.guard(broken)
    assert "KeyError" in m.text("page") and m.last_error is not None
    assert "broken" in m.last_error  # the traceback, for the designer


# ---- the New game choice -------------------------------------------------------------------


def test_the_new_game_choice_is_a_value() -> None:
    m = model(seed=12, controllers=(HUMAN, "greedy"))
    choice = NewGame.of_game(m.game, m.session.controllers)
    assert choice.seed == 12 and choice.controllers == (HUMAN, "greedy")
    assert choice.characters == tuple(m.game.setup.characters)
    with pytest.raises(dataclasses.FrozenInstanceError):
        choice.seed = 1  # type: ignore[misc]
    setup = choice.setup(m.deck)
    assert setup == m.game.setup
    assert NewGame.of_values(choice.values()) == choice
    assert NewGame.of_values({"players": 3, "seed": 5}) == NewGame(players=3, seed=5)
    with pytest.raises(ValueError, match="colour"):
        NewGame.of_values({"players": 2, "colour": "red"})
    varied = NewGame(variants=Variants(**{f.name: True for f in dataclasses.fields(Variants)}))
    assert m.start(varied) is None
    assert m.game.setup.variants == varied.variants


def test_the_same_choices_give_the_same_game() -> None:
    a, b = model(seed=1), model(seed=2)
    choice = NewGame(players=2, seed=77, controllers=(HUMAN, HUMAN))
    for m in (a, b):
        assert m.start(choice) is None
        play(m, 20)
    assert a.game.to_json() == b.game.to_json()
    tree = GameTree.from_json(a.game_file()[0])
    assert tree.game.to_json() == a.game.to_json()

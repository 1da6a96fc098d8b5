"""The page at a shared table (issue 23), its widgets driven in one process as two browsers'
kernels would be: "Invite to this table" makes the links, a seat link plays that seat and
shows only its treasures, the other seat's steps arrive on the next timer tick, a stale
click is refused in words, and only the designer's link may show every hidden card."""

from __future__ import annotations

import itertools
import os
import re
from pathlib import Path

import pytest

from verlies.setup import Setup
from verlies.store import PlaytestStore
from verlies.store import tables as tables_module
from verlies.ui.core.session import Session
from verlies.ui.page import PlayApp
from verlies.ui.table import table_view
from verlies.ui.table.table_session import TableSession


@pytest.fixture(autouse=True)
def _fixed_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each new table's chance fixed (its secret: "test-0", "test-1", ...): the games of
    this module's tables are the same at every run."""
    made = itertools.count()
    monkeypatch.setattr(tables_module, "new_secret", lambda: f"test-{next(made)}")


@pytest.fixture
def links(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setenv("VERLIES_STORE_URL", f"sqlite:///{tmp_path / 'p.sqlite'}")
    monkeypatch.setattr(table_view, "_stores", {})
    host = PlayApp(Session.new(Setup(players=3, seed=11), ["human", "careful", "human"]))
    host.model.set_lang("en")
    host.table_bar.make_table()
    shown = host.table_bar.links.value
    assert "careful" in shown  # the bot's seat: no link
    return re.findall(r'href="\?([^"]+)"', shown.replace("&amp;", "&"))


def _open(query: str, lang: str = "en") -> PlayApp:
    app = PlayApp(lang=lang, autosave=True)
    assert app.table_bar.open_query(query)
    assert isinstance(app.model.session, TableSession)
    return app


def _held(app: PlayApp, seat: int) -> list[str]:
    """The seat's unused treasures at the table (the store's game: every card)."""
    table = app.model.session.seat_model.game
    return [h.card.id for h in table.figures[seat].treasures if not h.used]


def test_two_seats_play_one_table_each_seeing_only_its_own(links: list[str]) -> None:
    assert len(links) == 4  # two people's seats, spectator, designer
    a, b, watcher, designer = (_open(q) for q in links)
    a.model.autosave.client, b.model.autosave.client = "browser-a", "browser-b"
    assert a.designer_box.layout.display == "none" and a.history.undo.layout.display == "none"
    a.model.set_designer(True)
    assert a.model.designer is False  # a seat link never shows the others' hands
    designer.model.set_designer(True)
    assert designer.model.designer is True
    assert "Your turn" in a.table_bar.turn.value or "Your turn" in b.table_bar.turn.value
    for _ in range(25):
        mover, other = (a, b) if a.model.session.human_to_move else (b, a)
        assert mover.model.session.human_to_move and not other.model.session.human_to_move
        before = mover.model.game.step_count
        mover.model.act(mover.model.game.legal_actions()[0])
        assert mover.model.game.step_count > before, mover.message.value
        other.table_bar._tick({})
        watcher.table_bar._tick({})
        tables = [app.model.session.seat_model.game for app in (other, mover, watcher)]
        assert tables[0].to_json() == tables[1].to_json() == tables[2].to_json()
        # each page's own game: the same steps, but only what its seat may know
        assert other.model.game.step_count == mover.model.game.step_count == tables[0].step_count
        if mover.model.game.is_over:
            break
    deciders = {d[2] for d in a.model.session.seat_model.table.deciders if d[0] == "human"}
    assert {"browser-a", "browser-b"} <= deciders  # every seat's visitor in the record
    for app in (a, b, watcher, designer):
        app.autosave.model.sync()
    records = PlaytestStore(os.environ["VERLIES_STORE_URL"]).records()
    assert [r.source for r in records] == ["table"]  # one record, not one per screen
    assert not a.model.game.is_over, "the test wants a game still running"
    held_any = False
    for app, seat, them in ((a, 0, 2), (b, 2, 0)):
        rows = {r.seat: r for r in app.model.controller.players()}
        assert app.model.session.viewer() == seat
        assert rows[seat].shown and not rows[them].shown and not rows[1].shown
        assert rows[them].treasure_count == len(app.model.game.figures[them].treasures)
        held_any = held_any or bool(_held(app, them))
    assert held_any, "the test game should deal a treasure to a person's seat"
    assert not any(r.shown for r in watcher.model.controller.players())
    assert all(r.shown for r in designer.model.controller.players())


def test_a_stale_click_is_refused_with_a_message(links: list[str]) -> None:
    first = links[0]
    tab1, tab2 = _open(first), _open(first, lang="de")
    action = tab2.model.game.legal_actions()[0]
    tab1.model.act(tab1.model.game.legal_actions()[0])
    step = tab1.model.game.step_count
    tab2.model.act(action)
    # the seat's own other tab took the step: said so (not "another seat")
    assert "in einem anderen Tab oder Fenster" in tab2.message.value
    assert "anderer Platz" not in tab2.message.value
    assert tab2.model.game.step_count == step


def test_a_forged_link_says_so(links: list[str]) -> None:
    app = PlayApp(lang="de")
    forged = re.sub(r"seat=[^&]+", "seat=not-a-token", links[0])
    assert app.table_bar.open_query(forged) is False
    assert "kein Platz an diesem Tisch" in app.table_bar.turn.value
    assert not isinstance(app.model.session, TableSession)


def test_take_back_on_the_page_asked_accepted_and_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VERLIES_STORE_URL", f"sqlite:///{tmp_path / 'p.sqlite'}")
    monkeypatch.setattr(table_view, "_stores", {})
    host = PlayApp(Session.new(Setup(players=2, seed=9), ["human", "human"]))
    host.model.set_lang("de")
    bar = host.table_bar
    assert bar.allow_takeback.description == "„Zurücknehmen“ erlauben"
    host.model.set_lang("en")
    assert bar.allow_takeback.description == 'Allow "take back"'
    bar.allow_takeback.value = True
    bar.make_table()
    queries = re.findall(r'href="\?([^"]+)"', bar.links.value.replace("&amp;", "&"))
    a, b = _open(queries[0]), _open(queries[1], lang="de")
    assert a.table_bar.allow_takeback.layout.display == "none"  # decided at creation

    def shown(app: PlayApp) -> set[str]:
        return {k for k, w in app.table_bar.tb_buttons.items() if w.layout.display != "none"}

    assert shown(a) == shown(b) == set()
    model = a.model.session.seat_model
    while not (b.model.session.human_to_move and model.can_ask_takeback()):
        mover = a if a.model.session.human_to_move else b
        mover.model.act(mover.model.game.legal_actions()[0])
        a.table_bar._tick({}), b.table_bar._tick({})
    assert shown(a) == {"ask"} and shown(b) == set()
    assert a.table_bar.tb_buttons["ask"].description == "Take back my last step"
    before = a.model.game.step_count
    a.table_bar.tb_buttons["ask"].click()
    assert shown(a) == {"withdraw"} and "waiting for: seat 2" in a.table_bar.takeback_text.value
    b.table_bar._tick({})
    assert shown(b) == {"accept", "refuse"}
    assert b.table_bar.tb_buttons["accept"].description == "Zustimmen"
    assert "Stimmst du zu?" in b.table_bar.takeback_text.value
    assert "Antworten" in b.table_bar.turn.value
    # A step while the table waits is refused in words; the position stays.
    b.model.act(b.model.game.legal_actions()[0])
    assert "Der Tisch wartet auf die Antworten" in b.message.value
    assert b.model.game.step_count == before
    b.table_bar.tb_buttons["accept"].click()
    assert b.model.game.step_count < before and "zurückgenommen" in b.table_bar.takeback_text.value
    a.table_bar._tick({})
    assert a.model.game.to_json() == b.model.game.to_json() and a.model.session.human_to_move
    assert "taken back" in a.table_bar.takeback_text.value
    assert shown(b) == set()
    # a may ask again only if its turn had an earlier step of its own: one step at a time.
    assert shown(a) == ({"ask"} if model.can_ask_takeback() else set())
    # A click the table does not take (a stale button) is refused on the page, in words.
    b.table_bar.takeback("withdraw")
    assert "keine Bitte ums Zurücknehmen wartet" in b.table_bar.takeback_text.value
    b.table_bar._tick({})
    assert "vl-error" in b.table_bar.takeback_text.value  # stays until the table changes
    a.model.act(a.model.game.legal_actions()[0])
    b.table_bar._tick({})
    assert "vl-error" not in b.table_bar.takeback_text.value


def test_another_person_is_no_bot_and_a_click_out_of_turn_says_whose_turn_it_is(
    links: list[str],
) -> None:
    a, b, watcher = _open(links[0]), _open(links[1]), _open(links[2])
    mover, other = (a, b) if a.model.session.human_to_move else (b, a)
    seat = mover.model.game.current_player
    who = mover.model.game.figures[seat].character.name.get("en")
    for app in (other, watcher):
        app.table_bar._tick({})
        decision = app.model.controller.decision()
        assert decision is not None and decision.bot == ""  # a person, not "Bot „human“"
        assert app.model.controller.status().bot == ""
        assert "human" not in app.message.value
        app.model.click(0, 0)
        said = app.message.value
        assert "Draw a dungeon card" not in said  # not the mover's instruction
    assert f"Not your turn: seat {seat + 1} ({who}) is deciding" in other.message.value
    assert f"You are watching: seat {seat + 1} ({who}) is deciding" in watcher.message.value
    other.model.set_lang("de")
    wer = mover.model.game.figures[seat].character.name.get("de")
    assert f"Du bist nicht dran: Platz {seat + 1} ({wer}) entscheidet" in other.message.value

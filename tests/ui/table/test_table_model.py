"""A visitor at a shared table (verlies/ui/table/table_model.py, issue 23): another seat's step
shows on the next poll, a stale click is refused in words, whose turn it is is said to
everyone, and the table's game is listed by ``verlies playtests``."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from verlies.i18n import text
from verlies.setup import Setup
from verlies.store import PlaytestStore
from verlies.store import tables as tables_module
from verlies.store.tables import TableLinks, TableRefused, TableStore
from verlies.ui.core.words import bot_name
from verlies.ui.table.table_model import SeatModel


@pytest.fixture(autouse=True)
def _fixed_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each new table's chance fixed (its secret: "test-0", "test-1", ...): the games of
    this module's tables are the same at every run."""
    made = itertools.count()
    monkeypatch.setattr(tables_module, "new_secret", lambda: f"test-{next(made)}")


SETUP = Setup(players=3, seed=11)


def _table(tmp_path: Path) -> tuple[TableStore, TableLinks, str, str]:
    store = TableStore(PlaytestStore(tmp_path / "t.sqlite"))
    links = store.create(SETUP, ["human", "careful", "human"])
    first, third = links.seats[0], links.seats[2]
    assert first is not None and third is not None
    return store, links, first, third


def _seat_to_move(models: list[SeatModel]) -> SeatModel:
    return next(m for m in models if m.my_turn())


def test_a_step_on_one_screen_appears_on_the_other_on_the_next_poll(tmp_path: Path) -> None:
    store, links, first, third = _table(tmp_path)
    a = SeatModel(store, links.table_id, first, visitor="a")
    b = SeatModel(store, links.table_id, third, visitor="b")
    watcher = SeatModel(store, links.table_id, links.spectator)
    for _ in range(12):
        mover = _seat_to_move([a, b])
        other = b if mover is a else a
        assert not other.my_turn()
        before = mover.game.step_count
        assert mover.act(mover.game.legal_actions()[0], "en") is None
        assert other.game.step_count == before  # not seen yet
        assert other.poll() is True
        watcher.poll()
        assert other.game.to_json() == mover.game.to_json() == watcher.game.to_json()
        assert other.poll() is False  # nothing new: nothing changes
    assert a.may_rewind is False


def test_a_stale_click_is_refused_in_words_and_shows_the_new_position(tmp_path: Path) -> None:
    store, links, first, third = _table(tmp_path)
    token = first
    tab1 = SeatModel(store, links.table_id, token)
    tab2 = SeatModel(store, links.table_id, token)  # the same seat in a second tab
    assert tab1.my_turn() and tab2.my_turn()
    acts = list(tab2.game.legal_actions())
    assert tab1.act(acts[0], "de") is None
    said = tab2.act(acts[-1], "de")
    assert said is not None and said.error
    # The seat's own other tab took it: said so, with the step it wanted, not a seat's
    # number nor a step count the bots and dice would have made old.
    assert said.text == text("table.err.stale_mine", "de", step=1)
    assert "anderen Tab" in said.text and "anderer Platz" not in said.text
    assert tab2.game.to_json() == tab1.game.to_json()
    # Another seat's copy that asks for that step hears which seat took it.
    late = SeatModel(store, links.table_id, third)
    late_table = store.load(links.table_id)
    late_table.game.undo(late_table.step_no)  # as a copy that never looked
    with pytest.raises(TableRefused) as seat_took:
        store.take(late_table, third, 0, acts[0])
    assert seat_took.value.text_in("en") == text("table.err.stale_seat", "en", step=1, by=1)
    assert late.table.step_no == tab1.table.step_no
    said_en = SeatModel(store, links.table_id, links.spectator).act(acts[0], "en")
    assert said_en is not None and "spectator" in said_en.text


@pytest.mark.parametrize("lang", ["de", "en"])
def test_everyone_is_told_whose_turn_it_is(tmp_path: Path, lang: str) -> None:
    store, links, first, third = _table(tmp_path)
    models = [
        SeatModel(store, links.table_id, first),
        SeatModel(store, links.table_id, third),
        SeatModel(store, links.table_id, links.spectator),
    ]
    texts = [m.turn_text(lang) for m in models]
    assert len(set(texts)) == 3  # the mover, the one who waits, the watcher: each told
    mover = models[0] if models[0].my_turn() else models[1]
    seat = mover.seat
    assert seat is not None
    assert all(str(seat + 1) in x for x in texts)
    lines = models[0].seats_text(lang)
    assert len(lines) == 3 and bot_name("careful", lang) in lines[1]
    assert lines[0] != lines[2]  # "you" against "a person"


def test_the_table_is_a_playtest_record_the_cli_lists(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from verlies.cli import main

    store, links, first, third = _table(tmp_path)
    a = SeatModel(store, links.table_id, first)
    b = SeatModel(store, links.table_id, third)
    for _ in range(6):
        mover = _seat_to_move([a, b])
        mover.act(mover.game.legal_actions()[0], "en")
        a.poll()
        b.poll()
    path = tmp_path / "t.sqlite"
    assert main(["playtests", "--store", str(path), "--all", "--json"]) == 0
    games = json.loads(capsys.readouterr().out)["games"]
    assert len(games) == 1
    assert games[0]["seats"] == "human,careful,human" and games[0]["humans"] == 2
    assert games[0]["steps"] == a.game.step_count

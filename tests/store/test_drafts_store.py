"""Named deck drafts in the playtest store (issue 22 item 2, verlies.store.drafts): kept
per browser, replaced by name, surviving a reopen of the database; a database made before
drafts existed gets the table and keeps its playtest records; bad names and unreadable
rows are refused in words."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa

from verlies.deck import Deck
from verlies.game import Game
from verlies.sim.sweep import Tweak
from verlies.store import PlaytestStore, StoreError
from verlies.store.drafts import MAX_NAME, DraftStore, draft_table


def _troll() -> Deck:
    return Tweak("monster", "monster-troll", "fight").apply(Deck.default(), 12)


def test_save_list_load_replace_delete_per_browser(tmp_path: Path) -> None:
    drafts = DraftStore(PlaytestStore(tmp_path / "p.sqlite"))
    first = drafts.save("  stärkerer   Troll ", _troll(), client="b1")
    assert first.name == "stärkerer Troll"  # spaces trimmed and collapsed
    drafts.save("plain", Deck.default(), client="b1")
    drafts.save("other browser", Deck.default(), client="b2")
    assert [d.name for d in drafts.list("b1")] == ["plain", "stärkerer Troll"]
    assert [d.name for d in drafts.list("b2")] == ["other browser"]
    assert drafts.load("stärkerer Troll", "b1") == _troll()
    # saving under the same name replaces it and keeps when it was first saved
    again = drafts.save("stärkerer Troll", Deck.default(), client="b1")
    assert again.created == first.created and again.updated >= first.updated
    assert drafts.load("stärkerer Troll", "b1") == Deck.default()
    assert [d.name for d in drafts.list("b1")][0] == "stärkerer Troll"  # last saved first
    assert drafts.delete("plain", "b1") and not drafts.delete("plain", "b1")
    with pytest.raises(StoreError) as e:
        drafts.load("plain", "b1")
    assert e.value.text_in("de") == "kein Entwurf namens „plain“"
    with pytest.raises(StoreError):
        drafts.load("other browser", "b1")  # another browser's draft is not found


def test_drafts_survive_a_reopen_and_old_databases_keep_working(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    # a database from before drafts: the playtest tables and one record, no deck_drafts
    old = PlaytestStore(path, record=True)
    game = Game.new(players=2, seed=3)
    rec = old.begin(game, ["human", "careful"], client="b1")
    game.apply(game.legal_actions()[0])
    old.save(rec, game, actor="human")
    old.engine.dispose()
    assert "deck_drafts" not in sa.inspect(sa.create_engine(f"sqlite:///{path}")).get_table_names()
    # opened with drafts: the table is added, the record reads as before
    store = PlaytestStore(path, record=True)
    drafts = DraftStore(store)
    assert "deck_drafts" in sa.inspect(store.engine).get_table_names()
    assert store.get(rec).steps == 1
    drafts.save("troll 12", _troll(), client="b1")
    store.engine.dispose()
    # a reload of the page: new objects on the same file
    again = DraftStore(PlaytestStore(path))
    assert [d.name for d in again.list("b1")] == ["troll 12"]
    assert again.load("troll 12", "b1") == _troll()
    assert again.store.get(rec).steps == 1


def test_bad_names_and_unreadable_rows_are_refused_in_words() -> None:
    drafts = DraftStore(PlaytestStore("sqlite://"))
    with pytest.raises(StoreError) as e:
        drafts.save("   ", Deck.default())
    assert e.value.text_in("en") == "a draft needs a name"
    with pytest.raises(StoreError) as e:
        drafts.save("x" * (MAX_NAME + 1), Deck.default())
    assert f"at most {MAX_NAME} characters, not {MAX_NAME + 1}" in e.value.text_in("en")
    assert drafts.list() == []  # nothing was written
    with drafts.store.engine.begin() as conn:
        conn.execute(
            draft_table.insert().values(
                client="", name="broken", created=0.0, updated=0.0, deck="format = 1\n[[x"
            )
        )
    with pytest.raises(StoreError) as e:
        drafts.load("broken")
    assert e.value.text_in("de").startswith("der Entwurf „broken“ lässt sich nicht laden: ")
    assert e.value.text_in("en").startswith("the draft “broken” does not load: ")

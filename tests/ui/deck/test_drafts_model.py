"""Named drafts on the Deck tab (issue 22 item 2): the widget-free model
(verlies.ui.deck.drafts_model) and the editor's panel over it. Save, list, open, delete in the
page's language; compare two of the draft being edited, a saved draft and a shipped
edition on the same seeds, ending in the lab's verdict sentence."""

from __future__ import annotations

import html

from verlies.deck import Deck
from verlies.sim.compare import compare
from verlies.sim.sweep import Tweak
from verlies.sim.verdict import before_after
from verlies.store import PlaytestStore
from verlies.store.drafts import DraftStore
from verlies.ui.deck.drafts_model import CURRENT, DraftsModel


def _troll() -> Deck:
    return Tweak("monster", "monster-troll", "fight").apply(Deck.default(), 12)


def _opener() -> tuple[DraftStore, PlaytestStore]:
    store = PlaytestStore("sqlite://")
    return DraftStore(store), store


def test_save_open_delete_in_both_languages() -> None:
    drafts, _ = _opener()
    model = DraftsModel(lambda: (drafts, "b1"), "de", workers=1)
    assert model.names() == []
    assert model.save("Troll 12", _troll()) == (True, "Gespeichert als „Troll 12“.")
    model.lang = "en"
    assert model.save("", _troll()) == (False, "Not saved: a draft needs a name")
    assert model.names() == ["Troll 12"]
    assert model.load("Troll 12") == _troll()
    assert model.load("nope") == "Not opened: no draft named “nope”"
    assert model.delete("Troll 12") == (True, "Deleted “Troll 12”.")
    assert model.delete("Troll 12") == (False, "Not deleted: no draft named “Troll 12”")
    # another browser's drafts are its own
    other = DraftsModel(lambda: (drafts, "b2"), "en", workers=1)
    other.save("mine", Deck.default())
    assert model.names() == [] and other.names() == ["mine"]


def test_choices_name_the_draft_the_saved_drafts_and_every_edition() -> None:
    drafts, _ = _opener()
    model = DraftsModel(lambda: (drafts, "b1"), "en", workers=1)
    model.save("Troll 12", _troll())
    choices = model.choices()
    assert choices[0] == ("the draft being edited", CURRENT)
    assert ("draft “Troll 12”", "draft:Troll 12") in choices
    for e in Deck.editions():
        assert (f"edition {e}", f"edition:{e}") in choices
    assert model.deck_of("draft:Troll 12", Deck.default()) == _troll()
    assert model.deck_of("edition:standard-1", Deck.default()) == Deck.edition("standard-1")
    assert model.deck_of(CURRENT, _troll()) == _troll()


def test_comparing_a_saved_draft_with_an_edition_ends_in_the_verdict() -> None:
    drafts, _ = _opener()
    model = DraftsModel(lambda: (drafts, "b1"), "de", workers=1)
    model.save("Troll 12", _troll())
    assert model.start_compare(CURRENT, CURRENT, _troll()) == "Zwei verschiedene Decks wählen."
    ended: list[str] = []
    said = model.start_compare(
        "edition:standard-2",
        "draft:Troll 12",
        Deck.default(),
        games=16,
        players=2,
        on_done=lambda _r: ended.append(model.result_text()),
    )
    assert said == ""
    assert model.run.wait(600)
    comp = model.run.comparison
    assert comp is not None and comp.a.spec.deck == Deck.default()
    assert comp.b.spec.deck == _troll()
    # what on_done says (the run is over): the before/after answer, its win rates, and
    # the decks it belongs to
    answer = before_after(comp)
    lines = ended[0].split("\n")
    assert lines[:2] == [answer.sentence("de"), answer.win_line("de")]
    assert lines[2] == f"Ergebnis für den Entwurf „{_troll().name}“ gegen „{Deck.default().name}“."
    # the same seeds as the lab's compare() of the same decks
    lab = compare(Deck.default(), _troll(), 16, players=2, characters="all", workers=1)
    assert before_after(lab).sentence("de") == lines[0]
    model.lang = "en"
    assert model.result_text().split("\n")[0] == answer.sentence("en")
    bad = model.start_compare("draft:gone", CURRENT, Deck.default())
    assert bad == "Not compared: no draft named “gone”"


def test_the_editors_panel_saves_opens_and_compares() -> None:
    from verlies.ui.deck.editor_view import DeckEditor

    drafts, _ = _opener()
    ed = DeckEditor(Deck.default(), lang="en", drafts=lambda: (drafts, "b1"))
    panel = ed.drafts
    panel.model.run.workers = 1
    assert panel.saved.options == () and panel.open_button.disabled
    ed.model.set_draft(_troll())
    panel.name.value = " Troll   12 "
    assert panel.save()
    assert panel.saved.value == "Troll 12" and "Saved as “Troll 12”." in panel.status.value
    ed.reset()
    assert ed.draft == Deck.default()
    assert panel.open()
    assert ed.draft == _troll() and any("monster-troll" in x for x in ed.diff_lines())
    assert "Opened “Troll 12”" in panel.status.value
    assert ed.undo() and ed.draft == Deck.default()
    refs = [r for _, r in panel.a.options]
    assert refs[0] == CURRENT and "draft:Troll 12" in refs
    panel.a.value, panel.b.value, panel.games.value = "edition:standard-1", "draft:Troll 12", 16
    panel.compare()
    assert panel.model.run.wait(600)
    panel._done(panel.model.run)
    comp = panel.model.run.comparison
    answer = before_after(comp)
    assert comp is not None and panel.verdict.value.startswith(
        f"<p>{html.escape(answer.sentence('en'))}</p>"
    )
    assert "out of date" not in panel.verdict.value
    ed.set_lang("de")
    assert panel.verdict.value.startswith(f"<p>{html.escape(answer.sentence('de'))}</p>")
    assert panel.save_button.description == "Entwurf speichern"
    assert panel.delete()
    assert panel.saved.options == () and "gelöscht" in panel.status.value
    panel.model.close()


def test_the_deck_tab_lists_this_browsers_drafts_when_shown() -> None:
    """The page's editor may be built before the browser's id arrives: showing the tab
    lists that browser's drafts."""
    import json

    from verlies.ui.page import PlayApp

    client = "0123456789abcdef"
    first = PlayApp(autosave=True, lang="en")
    first.autosave.client.value = json.dumps({"client": client})
    assert first.editor.drafts.model.save("mine", _troll())[0]
    page = PlayApp(autosave=True, lang="en")
    panel = page.editor.drafts  # built before the id came: no browser, no drafts
    assert panel.saved.options == ()
    page.autosave.client.value = json.dumps({"client": client})
    page.tabs.selected_index = page.tabs.children.index(page._slots[0])
    assert [v for _, v in panel.saved.options] == ["mine"]
    assert first.editor.drafts.model.delete("mine")[0]


def test_a_comparison_of_the_draft_is_marked_out_of_date_when_the_draft_changes() -> None:
    from verlies.ui.deck.editor_view import DeckEditor

    drafts, _ = _opener()
    ed = DeckEditor(Deck.default(), lang="en", drafts=lambda: (drafts, "b1"))
    panel = ed.drafts
    panel.model.run.workers = 1
    heard: list[Deck] = []
    ed.on_draft_change(heard.append)
    panel.a.value, panel.b.value, panel.games.value = "edition:standard-1", CURRENT, 16
    panel.compare()
    assert panel.model.run.wait(600)
    panel._done(panel.model.run)
    assert (
        "Result for the draft" in panel.verdict.value and "out of date" not in panel.verdict.value
    )
    ed.model.set_draft(_troll())
    ed._draft_replaced()  # as an edit, undo or an opened draft does
    assert heard == [_troll()]
    assert "Out of date: the draft changed" in panel.verdict.value
    assert ed.undo() and "Out of date" not in panel.verdict.value  # the same draft again
    panel.model.close()

"""The worded errors (IllegalAction, SetupError, SaveFormatError, DeckError, CardTextError):
made from words or a plain message, English in ``str(e)``, any language through
``text_in``; they pickle, and cross a process (simulation workers) with the same text."""

from __future__ import annotations

import json
import multiprocessing as mp
import pickle
import sqlite3
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import verlies
from verlies import Game, Setup
from verlies.cards.text import parse_room
from verlies.deck import Deck
from verlies.deck.words import Words
from verlies.errors import (
    CardTextError,
    DeckError,
    IllegalAction,
    Phrase,
    SaveFormatError,
    SetupError,
    VerliesError,
)
from verlies.store import PlaytestStore, StoreError
from verlies.ui.core.session import Session, bot_names
from verlies.ui.play.autosave_store import Autosave

#: name -> (English str(e), German text_in("de"))
SAID = {
    "illegal": ("R3.2: Ziehen is not legal now", "R3.2: Ziehen ist jetzt nicht erlaubt"),
    "setup": (
        "R2.2: 1 to 4 players are the rules, not 9",
        "R2.2: die Regeln erlauben 1 bis 4 Spieler, nicht 9",
    ),
    "save": ("bad cursor x", "ungültige Position im Spielverlauf: x"),
    "deck": (
        "d.toml, line 3, card 'r1', field 'id': duplicate id 'r1'",
        "d.toml, Zeile 3, Karte 'r1', Feld 'id': doppelte Id 'r1'",
    ),
    "deck_file": (
        "d.toml, line 1, card 'x', field 'name': "
        "missing field 'name' (required here: id, name, text)",
        "d.toml, Zeile 1, Karte 'x', Feld 'name': Feld 'name' fehlt (hier nötig: id, name, text)",
    ),
    "card_text": (
        "card 'r7', line 1, column 17: expected a number after 'Geschick', not ','",
        "Karte 'r7', Zeile 1, Spalte 17: nach 'Geschick' wird eine Zahl erwartet, nicht ','",
    ),
}


def make(name: str) -> VerliesError:
    """The error ``name`` of :data:`SAID`, made as the engine makes it (from words)."""
    if name == "illegal":
        return IllegalAction("R3.2", words=Phrase.of("engine.err.not_legal", label="Ziehen"))
    if name == "setup":
        return SetupError("R2.2", words=Phrase.of("setup.err.players", players=9))
    if name == "save":
        return SaveFormatError(words=Phrase.of("save.err.cursor", cursor="x"))
    if name == "deck":
        words = Words.of("err.duplicate_card", id="r1")
        return DeckError(words=words, file="d.toml", line=3, card="r1", field="id")
    try:
        if name == "deck_file":
            Deck.loads('[[rooms]]\nid = "x"\ntext = "Leer."\n', file="d.toml")
        else:
            parse_room("Falle: Geschick , sonst", card="r7")
    except (DeckError, CardTextError) as e:
        return e
    raise AssertionError(f"{name} did not fail")


def _raise(name: str) -> None:
    """In a worker process: raise the error ``name``."""
    raise make(name)


def _public(e: BaseException) -> dict[str, Any]:
    """The error's public attributes, as a reader sees them."""
    names = ["args", "message", "rule", "file", "card", "field", "line", "column", "text"]
    names += ["key", "message_de", "expected", "expected_de"]
    return {n: getattr(e, n) for n in names if hasattr(e, n)}


@pytest.mark.parametrize("name", SAID)
def test_english_in_str_and_any_language_through_text_in(name: str) -> None:
    e = make(name)
    english, german = SAID[name]
    assert str(e) == e.text_in("en") == english  # type: ignore[attr-defined]
    assert e.text_in("de") == german  # type: ignore[attr-defined]
    assert e.words is not None  # type: ignore[attr-defined]
    assert english.endswith(e.message)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", SAID)
def test_a_pickled_error_reads_the_same(name: str) -> None:
    e = make(name)
    again = pickle.loads(pickle.dumps(e, pickle.HIGHEST_PROTOCOL))
    assert type(again) is type(e)
    assert _public(again) == _public(e)
    assert str(again) == again.text_in("en") == SAID[name][0]
    if isinstance(e, IllegalAction | SetupError):
        # the rules' errors travel as rule and English message: their words stay behind
        assert again.words is None and again.text_in("de") == SAID[name][0]
    else:
        assert again.text_in("de") == SAID[name][1]


def test_errors_raised_in_a_worker_process_read_the_same_in_the_parent() -> None:
    """As a simulation worker's error reaches the page (verlies.sim.run uses processes)."""
    with ProcessPoolExecutor(1, mp_context=mp.get_context("spawn")) as pool:
        for name in SAID:
            future = pool.submit(_raise, name)
            e = make(name)
            with pytest.raises(type(e)) as caught:
                future.result()
            assert _public(caught.value) == _public(e), name
            assert caught.value.text_in("en") == SAID[name][0]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("make_it", "name"),
    [
        (lambda: IllegalAction("R3.2"), "IllegalAction"),
        (lambda: SetupError("R2.1"), "SetupError"),
        (lambda: SaveFormatError(), "SaveFormatError"),
        (lambda: DeckError(file="d.toml"), "DeckError"),
        (lambda: CardTextError(card="r1"), "CardTextError"),
    ],
)
def test_an_error_without_message_or_words_is_a_programming_error(make_it: Any, name: str) -> None:
    with pytest.raises(TypeError, match=f"^{name} needs a message or words$"):
        make_it()


def test_a_plain_message_stays_english_and_a_german_one_is_used() -> None:
    plain = [IllegalAction("R3.1", "no"), SetupError("R2.1", "no"), SaveFormatError("no")]
    for e in plain:
        assert e.words is None and e.text_in("de") == e.text_in("en") == str(e)
    assert str(plain[0]) == "R3.1: no" and str(plain[2]) == "no"
    deck = DeckError("bad", file="d.toml", line=3, message_de="schlecht")
    assert (str(deck), deck.text_in("de")) == ("d.toml, line 3: bad", "d.toml, Zeile 3: schlecht")
    assert DeckError("bad").text_in("de") == "bad"
    card = CardTextError("zero gold", card="r1", line=1, column=3, message_de="null Gold")
    assert card.text_in("de") == "Karte 'r1', Zeile 1, Spalte 3: null Gold"
    assert (
        card.message_in("de") == "null Gold" and card.where("en") == "card 'r1', line 1, column 3"
    )
    # both given: str(e) is the message given, text_in the words (as before)
    both = SaveFormatError("given", words=Phrase.of("save.err.cursor", cursor="x"))
    assert (str(both), both.text_in("en")) == ("given", "bad cursor x")


def test_a_located_error_refuses_a_language_verlies_does_not_know() -> None:
    for e in (make("deck"), make("card_text")):
        with pytest.raises(ValueError, match="unknown language 'xx'"):
            e.text_in("xx")  # type: ignore[attr-defined]
    # the others read English there (their words fall back)
    assert make("save").text_in("xx") == SAID["save"][0]  # type: ignore[attr-defined]


def test_one_except_clause_shows_any_worded_error_in_the_page_language() -> None:
    for name in SAID:
        try:
            raise make(name)
        except verlies.WordedError as e:
            assert e.text_in("de") == SAID[name][1]


# ---- a deck inside a saved game is named in the page's language ---------------------------


def _saved_with_deck(deck_text: str) -> str:
    good = json.loads(Game.new(seed=1).to_json())
    return json.dumps({**good, "setup": {**good["setup"], "deck": deck_text}})


def test_a_bad_deck_in_a_saved_game_names_the_save_in_the_page_language() -> None:
    with pytest.raises(SaveFormatError) as caught:
        Game.from_json(_saved_with_deck("[[room]]\nid = 3\n"))
    e = caught.value
    english, german = str(e), e.text_in("de")
    assert english.startswith(
        "bad setup: DeckError: <saved game>, line 1, column 3, field 'room': "
    )
    assert german.startswith(
        "fehlerhafte Spielvorbereitung: <Spielstand>, Zeile 1, Spalte 3, Feld 'room': "
    )
    assert "saved game" not in german and "<Spielstand>" not in english


def test_the_saved_games_name_is_the_deck_errors_file_and_travels_with_it() -> None:
    with pytest.raises(DeckError) as caught:
        Setup.from_dict(json.loads(_saved_with_deck("x = "))["setup"])
    e = caught.value
    assert e.file == "<saved game>" and str(e).startswith("<saved game>, line 1")
    assert e.text_in("de").startswith("<Spielstand>, Zeile 1")
    again = pickle.loads(pickle.dumps(e))
    assert (again.file, again.text_in("de")) == (e.file, e.text_in("de"))


def test_a_saved_games_deck_warnings_name_it_in_the_page_language() -> None:
    patch = 'base = "default"\nremove = ["raum-leer-01"]\n'  # one room fewer than R10's
    setup = Setup.from_dict(json.loads(_saved_with_deck(patch))["setup"])
    (warning,) = [w for w in setup.deck.warnings if w.file is not None]
    assert str(warning).startswith("<saved game>: ")
    assert warning.text("de").startswith("<Spielstand>: ")


# ---- the playtest store: a record that is missing or does not load ------------------------


def test_a_stored_game_that_does_not_load_says_why_in_the_page_language(tmp_path: Path) -> None:
    """As the page's resume offer shows it (share.error_text: text_in in the page's
    language); str(e) is the English it always was."""
    path = tmp_path / "p.sqlite"
    store = PlaytestStore(path)
    rid = store.begin(Game.new(players=2, seed=3), ["human", "human"])
    broken = json.dumps({**json.loads(store.get(rid).save), "cursor": -5})
    with sqlite3.connect(path) as db:  # a record this version cannot read
        db.execute("UPDATE playtests SET save = ?", (broken,))
    record = store.get(rid)
    for load in (record.game, record.tree):
        with pytest.raises(StoreError) as caught:
            load()
        e = caught.value
        assert str(e) == e.text_in("en")
        assert str(e) == f"playtest {rid}: the stored game does not load: bad cursor -5"
        assert e.text_in("de") == (
            f"Partie {rid}: das gespeicherte Spiel lässt sich nicht laden: "
            "ungültige Position im Spielverlauf: -5"
        )
        assert pickle.loads(pickle.dumps(e)).text_in("de") == e.text_in("de")
    with pytest.raises(StoreError) as caught:
        store.get("nope")
    assert str(caught.value) == "no playtest 'nope' in the store"
    assert caught.value.text_in("de") == "keine Partie 'nope' im Speicher"


def test_a_stored_game_whose_seats_cannot_play_here_says_why_in_the_page_language(
    tmp_path: Path,
) -> None:
    """Resuming (verlies.ui.play.autosave_store): a seat's bot that is no longer among the
    page's, or
    seats that do not fit the game, is a worded StoreError as the page's resume offer shows
    it (share.error_text), not the session's English ValueError."""
    path = tmp_path / "p.sqlite"
    store = PlaytestStore(path)
    model = Autosave(opener=lambda: store)
    known = ", ".join(("human", *bot_names()))
    gone = store.begin(Game.new(players=2, seed=3), ["human", "retired"])
    with pytest.raises(StoreError) as caught:
        model.resume(gone)
    e = caught.value
    assert (
        str(e)
        == e.text_in("en")
        == (f"playtest {gone}: no bot 'retired' here any more (known: {known})")
    )
    assert e.text_in("de") == (
        f"Partie {gone}: den Bot 'retired' gibt es hier nicht mehr (bekannt: {known})"
    )
    assert pickle.loads(pickle.dumps(e)).text_in("de") == e.text_in("de")

    odd = store.begin(Game.new(players=2, seed=3), ["human", "human"])
    with sqlite3.connect(path) as db:  # a record of one seat for a game of two
        db.execute("UPDATE playtests SET seats = ? WHERE id = ?", ('["human"] ', odd))
    with pytest.raises(StoreError) as caught:
        model.resume(odd)
    assert str(caught.value) == f"playtest {odd}: the stored seats human do not fit its game"
    assert caught.value.text_in("de") == (
        f"Partie {odd}: die gespeicherten Plätze human passen nicht zu ihrem Spiel"
    )


def test_a_store_that_cannot_be_opened_says_so_in_the_page_language(tmp_path: Path) -> None:
    """The words around a database error follow the page's language (the database's own
    message inside stays as it says it); the page's save line shows them so."""
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    url = f"sqlite:///{blocker / 'x' / 'p.sqlite'}"
    with pytest.raises(StoreError) as caught:
        PlaytestStore(url)
    e = caught.value
    assert str(e).startswith(f"cannot open the playtest store {url!r}: ")
    assert e.text_in("de").startswith(f"der Partienspeicher {url!r} lässt sich nicht öffnen: ")
    inner = str(e).removeprefix(f"cannot open the playtest store {url!r}: ")
    assert inner and e.text_in("de").endswith(inner)  # the database's words, as it said them

    model = Autosave(opener=lambda: PlaytestStore(url))
    session = Session(Game.new(players=2, seed=3), ["human", "human"])
    session.game.apply(session.game.legal_actions()[0])  # played: the page saves it
    for lang, words in (("de", "lässt sich nicht öffnen"), ("en", "cannot open")):
        model._saved_sig = None
        state = model.sync(session, lang)
        assert words in state.error and not state.saved, (lang, state)


# Dask installs tblib's pickling for every exception class (dask.multiprocessing does it on
# import): an error then travels with its traceback and its __context__. Run in a process of
# its own, as in a Dask worker, so this process's pickling stays as it was.
_WITH_TBLIB = """
import pickle, sys
sys.path.insert(0, sys.argv[1])
from test_errors import SAID, make
import tblib.pickling_support
tblib.pickling_support.install()  # after verlies' errors exist, as when Dask comes second
for name in SAID:
    try:
        raise make(name)
    except Exception as e:
        again = pickle.loads(pickle.dumps(e, pickle.HIGHEST_PROTOCOL))
        assert str(again) == str(e), (name, str(again))
        print(name, "ok")
"""


def test_errors_pickle_where_tblib_pickles_their_causes() -> None:
    import subprocess
    import sys
    from pathlib import Path

    pytest.importorskip("tblib")  # with the [dask] extra, which the test extra holds
    r = subprocess.run(
        [sys.executable, "-c", _WITH_TBLIB, str(Path(__file__).parent)],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == [w for name in SAID for w in (name, "ok")]

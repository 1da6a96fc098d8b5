"""The standard deck's editions: the tuned default deck and the first edition it replaced.

Saved games, links and patch files made with the first edition keep finding it: a save
without a ``deck_edition`` key was made with it (docs/balance.md).
"""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import zlib
from collections import Counter

import pytest

from verlies import Deck, Game
from verlies.errors import SetupError
from verlies.record import Edit, step_to_json
from verlies.setup import FIRST_EDITION, Setup, editable, shipped_edition
from verlies.sim import load_deck
from verlies.ui.core import share

OLD = Deck.edition("standard-1")


def test_the_editions_are_named_oldest_first() -> None:
    assert Deck.editions() == ("standard-1", "standard-2")
    assert Deck.DEFAULT_EDITION == "standard-2"
    assert Deck.edition("standard-2") is Deck.default()
    assert Deck.edition("default") is Deck.default()
    assert Deck.edition("standard-1") is OLD
    assert OLD != Deck.default()
    with pytest.raises(KeyError, match="standard-1, standard-2"):
        Deck.edition("standard-3")


def test_the_first_edition_is_the_deck_the_old_saves_were_made_with() -> None:
    # The first edition's numbers: a Sorceress Geist 6, Barbarian Stärke 6, a door 7.
    assert OLD.characters["char-magierin"].geist == 6
    assert OLD.dungeon["r-gang-straight-04"].obstacle is not None
    assert OLD.dungeon["r-gang-straight-04"].obstacle.n == 7
    assert OLD.dungeon["r-gang-straight-04"].shape.value == "straight"
    assert OLD.dungeon_counts["r-gang-straight-01"] == 2


def test_both_editions_keep_the_same_card_ids() -> None:
    new = Deck.default()
    for kind in ("dungeon", "room", "monster", "treasure"):
        old_ids = set(OLD.counts(kind))
        assert old_ids <= set(new.counts(kind)), kind
    assert set(OLD.characters) == set(new.characters)


def test_the_default_deck_keeps_the_material_of_the_rules() -> None:
    # RULES.md "The default deck": 80 dungeon cards, red 40 (with start and exit), blue
    # 20, green 20, one exit per colour, every passage shape, all seven obstacle types.
    deck = Deck.default()
    colors: Counter[str] = Counter()
    shapes: set[str] = set()
    obstacles: set[str] = set()
    exits: Counter[str] = Counter()
    for cid, n in deck.dungeon_counts.items():
        card = deck.dungeon[cid]
        colors[card.color.value] += n
        if card.kind.value in ("corridor", "room"):
            shapes.add(card.shape.value)
        if card.kind.value == "exit":
            exits[card.color.value] += n
        if card.obstacle is not None:
            obstacles.add(card.obstacle.type.name)
    assert colors == {"red": 40, "blue": 20, "green": 20}
    assert exits == {"red": 1, "blue": 1, "green": 1}
    assert shapes == {"dead_end", "straight", "bend", "T", "cross"}
    assert len(obstacles) == 7
    assert sum(deck.room_counts.values()) == 24
    assert sum(deck.monster_counts.values()) == 16
    assert sum(deck.treasure_counts.values()) == 16
    assert len(deck.characters) == 8
    for c in deck.characters.values():
        assert all(1 <= v <= 6 for v in (c.staerke, c.geist, c.geschick))
        assert c.staerke + c.geist + c.geschick == 10


def _setup_of(game: Game) -> dict[str, object]:
    setup = json.loads(game.to_json())["setup"]
    assert isinstance(setup, dict)
    return setup


def test_a_save_of_the_first_edition_stays_as_it_was() -> None:
    game = Game.new(players=3, seed=5, deck=OLD)
    setup = _setup_of(game)
    assert setup["deck"] is None
    assert "deck_edition" not in setup  # byte for byte the save format of before
    assert list(setup)[-1] == "deck"
    again = Game.from_json(game.to_json())
    assert again.setup.deck is OLD
    assert again.to_json() == game.to_json()


def test_a_save_of_the_default_deck_names_its_edition() -> None:
    game = Game.new(players=2, seed=5)
    setup = _setup_of(game)
    assert setup["deck"] is None
    assert setup["deck_edition"] == "standard-2"
    again = Game.from_json(game.to_json())
    assert again.setup.deck is Deck.default()
    assert again.to_json() == game.to_json()


def test_a_save_of_another_deck_carries_the_deck_and_no_edition() -> None:
    deck = OLD.with_count("dungeon", "r-gang-t-01", 3)
    setup = Setup(players=2, deck=deck).to_dict()
    assert setup["deck"] == deck.dumps()
    assert "deck_edition" not in setup
    assert Setup.from_dict(setup).deck == deck


def test_an_unknown_edition_is_refused() -> None:
    data = Setup(players=2).to_dict()
    data["deck_edition"] = "standard-9"
    with pytest.raises(SetupError, match="standard-9"):
        Setup.from_dict(data)
    del data["deck_edition"]
    assert Setup.from_dict(data).deck is OLD
    assert FIRST_EDITION == "standard-1"


def test_shipped_edition_names_only_shipped_decks() -> None:
    assert shipped_edition(Deck.default()) == "standard-2"
    assert shipped_edition(OLD) == "standard-1"
    assert shipped_edition(OLD.with_count("dungeon", "r-gang-t-01", 3)) is None


def test_a_patch_file_can_build_on_the_first_edition() -> None:
    deck = Deck.loads('format = 1\nbase = "standard-1"\n')
    assert deck == OLD
    assert Deck.loads('format = 1\nbase = "default"\n') == Deck.default()


def test_the_lab_takes_an_edition_by_name(tmp_path: object) -> None:
    assert load_deck("standard-1") is OLD
    assert load_deck("standard-2") is Deck.default()
    assert load_deck(None) is Deck.default()


def test_the_command_line_simulates_the_first_edition() -> None:
    def run(*deck: str) -> dict[str, object]:
        out = subprocess.run(
            [sys.executable, "-m", "verlies", "simulate", "--games", "8", "--players", "2"]
            + ["--workers", "1", "--json", *deck],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        data = json.loads(out)
        assert isinstance(data, dict)
        return data

    old, new = run("--deck", "standard-1"), run()
    assert old["summary"] != new["summary"]  # another deck, another game


def _link_data(link_value: str) -> dict[str, object]:
    pad = "=" * (-len(link_value) % 4)
    data = json.loads(zlib.decompress(base64.urlsafe_b64decode(link_value + pad)))
    assert isinstance(data, dict)
    return data


def _link_value(data: dict[str, object]) -> str:
    raw = zlib.compress(json.dumps(data).encode(), 9)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def test_links_find_the_deck_their_patch_was_made_on() -> None:
    edited = Deck.default().with_count("dungeon", "r-gang-t-01", 3)
    game = Game.new(players=2, seed=3, deck=edited)
    value = share.encode(game, ["human", "human"])
    data = _link_data(value)
    assert data["b"] == "standard-2"
    assert Game.from_json(share.decode(value).save_text).setup.deck == edited
    # A link made before the tuned deck: no "b", its patch is on the first edition.
    old_edited = OLD.with_count("dungeon", "r-gang-t-01", 3)
    patch = editable(OLD).diff(old_edited)
    data["d"] = step_to_json(Edit(patch))[1]
    del data["b"]
    got = Game.from_json(share.decode(_link_value(data)).save_text)
    assert got.setup.deck == old_edited


def test_the_new_game_form_picks_an_edition_by_name() -> None:
    from verlies.ui.core.session import HUMAN, Session
    from verlies.ui.page import PlayApp

    app = PlayApp(Session.new(Setup(players=2, seed=3), [HUMAN, HUMAN]), lang="en")
    form = app.setup
    assert form.edition.value == "standard-2"
    assert list(form.edition.options) == ["standard-2", "standard-1"]
    form.edition.value = "standard-1"
    assert app.model.deck is OLD and form.deck is OLD
    assert "(standard-1)" in form.deck_note.value
    assert app.start_game(form.values())
    assert app.model.game.setup.deck is OLD
    assert "deck_edition" not in _setup_of(app.model.game)
    form.edition.value = "standard-2"
    assert app.start_game(form.values())
    assert app.model.game.setup.deck is Deck.default()
    assert "(standard-2)" in form.deck_note.value  # the deck line names the edition

"""Setup: the one input of a new game (R2), checked when made, read and written by saves."""

from __future__ import annotations

import dataclasses
import json

import pytest

from verlies import Deck, Game, Setup, SetupError, Variants
from verlies.setup import DeckLike, EditableDeck, editable


def test_defaults_follow_the_deck_and_the_rules() -> None:
    s = Setup()
    deck = Deck.default()
    assert s.players == 2
    assert s.characters == tuple(deck.characters)[:2]
    assert (s.seed, s.start_seat, s.round_limit) == (0, 0, 300)
    assert s.variants == Variants()
    assert s.deck == deck


def test_setup_is_frozen_and_replace_checks_again() -> None:
    s = Setup(players=3, seed=4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.seed = 5  # type: ignore[misc]
    t = dataclasses.replace(s, seed=5)
    assert t.seed == 5 and t.characters == s.characters and t != s
    with pytest.raises(SetupError, match="R2.5"):
        dataclasses.replace(s, start_seat=3)


def test_equal_setups_hash_alike() -> None:
    a = Setup(players=2, characters=["char-zwerg", "char-magierin"], seed=9)
    b = Setup(players=2, characters=("char-zwerg", "char-magierin"), seed=9)
    assert a == b and hash(a) == hash(b)


@pytest.mark.parametrize(
    ("kwargs", "rule", "words"),
    [
        ({"players": 0}, "R2.2", "1 to 4 players"),
        ({"players": True}, "R2.2", "1 to 4 players"),
        ({"players": 2, "characters": ["char-zwerg"]}, "R2.1", "need 2 characters, got 1"),
        ({"players": 1, "characters": ["nobody"]}, "R2.1", "unknown character 'nobody'"),
        ({"players": 2, "characters": ["char-zwerg"] * 2}, "R2.1", "share a character"),
        ({"seed": 1.5}, "R2.3", "seed must be an integer"),
        ({"start_seat": 2}, "R2.5", "start seat must be 0..1"),
        ({"round_limit": 0}, "R1.6", "round limit must be a whole number"),
        ({"deck": "standard"}, "R2.3", "deck must be a verlies.Deck, not str"),
        ({"variants": {"long_walk": True}}, "R2.3", "variants must be a verlies.Variants"),
    ],
)
def test_bad_setups_name_the_rule(kwargs: dict[str, object], rule: str, words: str) -> None:
    with pytest.raises(SetupError, match=words) as info:
        Setup(**kwargs)  # type: ignore[arg-type]
    assert info.value.rule == rule
    with pytest.raises(SetupError, match=words):  # Game.new says the same
        Game.new(**kwargs)  # type: ignore[arg-type]


def test_the_first_fault_is_named_first() -> None:
    # Too many players and an unknown character: the player count is checked first.
    with pytest.raises(SetupError, match="R2.2"):
        Setup(players=5, characters=["nobody"])


def test_game_new_and_from_setup_make_the_same_game() -> None:
    setup = Setup(players=3, seed=11, start_seat=1, variants=Variants(long_walk=True))
    a = Game.from_setup(setup)
    b = Game.new(players=3, seed=11, start_seat=1, variants=Variants(long_walk=True))
    assert a.setup == b.setup == setup
    for _ in range(40):
        if a.is_over:
            break
        if a.is_chance:
            a.roll()
            b.roll()
        else:
            a.apply(a.legal_actions()[0])
            b.apply(b.legal_actions()[0])
    assert a.to_json() == b.to_json()
    assert [e.en for e in a.log] == [e.en for e in b.log]


def test_from_setup_wants_a_setup() -> None:
    with pytest.raises(TypeError, match="Setup"):
        Game.from_setup({"players": 2})  # type: ignore[arg-type]


def test_to_dict_is_the_save_formats_setup_object() -> None:
    game = Game.new(players=2, seed=3, round_limit=None)
    saved = json.loads(game.to_json())["setup"]
    assert saved == game.setup.to_dict()
    assert list(saved) == [
        "players",
        "characters",
        "seed",
        "variants",
        "start_seat",
        "round_limit",
        "deck",
        "deck_edition",
    ]
    assert saved["deck"] is None  # the standard deck is not written out, only its edition
    assert saved["deck_edition"] == "standard-2"
    assert Setup.from_dict(saved) == game.setup


def test_a_changed_deck_is_written_and_read_back() -> None:
    deck = Deck.default().with_name("Mine")
    setup = Setup(players=1, deck=deck, seed=2)
    data = setup.to_dict()
    assert isinstance(data["deck"], str) and "Mine" in data["deck"]
    back = Setup.from_dict(data)
    assert back == setup and back.deck == deck


def test_from_dict_defaults_for_older_saves() -> None:
    s = Setup.from_dict({"players": 2, "characters": ["char-zwerg", "char-magierin"], "seed": 1})
    assert (s.start_seat, s.round_limit, s.variants) == (0, 300, Variants())
    with pytest.raises(KeyError):
        Setup.from_dict({"players": 2})


def test_the_standard_deck_is_a_decklike_and_editable() -> None:
    deck = Deck.default()
    assert isinstance(deck, DeckLike) and isinstance(deck, EditableDeck)
    assert editable(deck) is deck


def test_a_deck_made_only_to_play_cannot_be_saved() -> None:
    from scenario_deck import ScenarioDeck

    start = Deck.default().start
    deck = ScenarioDeck(start, {}, {}, {}, {}, list(Deck.default().characters.values())[:1])
    assert isinstance(deck, DeckLike) and not isinstance(deck, EditableDeck)
    game = Game.new(players=1, deck=deck)
    assert game.deck is deck
    with pytest.raises(TypeError, match="cannot be edited or saved"):
        game.to_json()

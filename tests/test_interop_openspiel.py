"""The OpenSpiel game python_verlies passes OpenSpiel's own consistency test."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

import verlies.openspiel  # noqa: F401  (registers python_verlies)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_random_sim_test_with_serialisation(players: int) -> None:
    game = pyspiel.load_game("python_verlies", {"players": players, "round_limit": 12})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_game_type() -> None:
    game = pyspiel.load_game("python_verlies")
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == 2


def _play(state: pyspiel.State, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_clone_serialise_and_pickle_keep_the_position() -> None:
    game = pyspiel.load_game("python_verlies", {"players": 3, "round_limit": 40})
    state = game.new_initial_state()
    _play(state, 80, random.Random(3))
    clone = state.clone()
    _play(clone, 20, random.Random(4))
    assert len(state.history()) == 80 and len(clone.history()) > 80
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert back.history() == state.history() and str(back) == str(state)
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history()
    assert again.verlies.to_json() == state.verlies.to_json()


def test_observation_tensor_is_the_seats_own_view() -> None:
    game = pyspiel.load_game("python_verlies", {"players": 2})
    state = game.new_initial_state()
    _play(state, 60, random.Random(5))
    obs = make_observation(game)
    obs.set_from(state, 0)
    enc = game.encoding
    np.testing.assert_array_equal(obs.tensor, enc.observation(state.verlies, 0))
    assert obs.string_from(state, 0).startswith("p0")
    with pytest.raises(ValueError, match="hidden"):
        game.make_py_observer(
            pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            )
        )


@pytest.mark.parametrize(
    ("params", "rule"),
    [({"players": 0}, "R2.2"), ({"players": 5}, "R2.2"), ({"round_limit": 0}, "R1.6")],
)
def test_bad_parameters_are_refused_at_load_game(params: dict[str, int], rule: str) -> None:
    with pytest.raises(pyspiel.SpielError, match=rule):
        pyspiel.load_game("python_verlies", params)


def test_a_clone_plays_on_independently_and_like_the_original() -> None:
    game = pyspiel.load_game("python_verlies", {"players": 2, "round_limit": 60})
    state = game.new_initial_state()
    _play(state, 150, random.Random(8))
    before = state.verlies.to_json()
    clone = state.clone()
    assert clone.history() == state.history()
    assert clone.verlies is not state.verlies
    _play(clone, 60, random.Random(9))  # the clone goes on alone
    assert state.verlies.to_json() == before
    # The original, played on with the same choices, is where the clone went.
    _play(state, 60, random.Random(9))
    assert state.history() == clone.history()
    assert state.verlies.to_json() == clone.verlies.to_json()
    # A fresh state's game is made on first use, from the game's parameters.
    fresh = game.new_initial_state()
    assert fresh.verlies.step_count == 0 and fresh.verlies.setup.round_limit == 60

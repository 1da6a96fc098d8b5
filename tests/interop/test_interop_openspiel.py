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


def _to_treasure_draw(seat: int, players: int = 2) -> pyspiel.State:
    """A state at a treasure draw of ``seat`` (random play, seeds tried in turn)."""
    game = pyspiel.load_game("python_verlies", {"players": players, "round_limit": 40})
    for seed in range(200):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                if state.verlies.chance_kind == "treasure" and state.verlies.seat == seat:
                    return state
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no treasure draw found")


def test_information_state_string_is_the_seats_own_history() -> None:
    """Perfect recall for the seat, the others' hidden draws masked: twins that differ
    only in the treasure seat 1 drew give seat 0 one information state, seat 1 two."""
    state = _to_treasure_draw(1)
    t = state.get_game().get_type()
    assert t.provides_information_state_string and t.provides_information_state_tensor
    first, second = (o for o, _ in state.chance_outcomes()[:2])
    a, b = state.clone(), state.clone()
    a.apply_action(first)
    b.apply_action(second)
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.information_state_string(1) != b.information_state_string(1)
    np.testing.assert_array_equal(a.information_state_tensor(0), b.information_state_tensor(0))
    assert a.information_state_tensor(1) != b.information_state_tensor(1)
    # The history only grows: an earlier information state is a prefix of a later one.
    before = a.information_state_string(0)
    _play(a, 5, random.Random(1))
    assert a.information_state_string(0).startswith(before)
    shape = a.get_game().information_state_tensor_shape()
    assert len(a.information_state_tensor(0)) == shape[0]


def test_resample_from_infostate_keeps_what_the_seat_knows() -> None:
    state = _to_treasure_draw(1, players=3)
    state.apply_action(state.chance_outcomes()[0][0])
    _play(state, 3, random.Random(2))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hands = set()
    for _ in range(20):
        world = state.resample_from_infostate(0, sampler)
        assert world.information_state_string(0) == state.information_state_string(0)
        assert world.current_player() == state.current_player()
        mine = [h.card.id for h in world.verlies.figures[0].treasures]
        assert mine == [h.card.id for h in state.verlies.figures[0].treasures]
        hands.add(tuple(h.card.id for h in world.verlies.figures[1].treasures))
        _play(world, 30, random.Random(3))  # a world plays on
    assert len(hands) > 1  # seat 1's hidden treasure is dealt anew


def test_openspiel_ismcts_plays_against_random() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_verlies", {"players": 2, "round_limit": 4})
    rs = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 12, random_state=rs)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            legal = state.legal_actions()
            action = int(bot.step(state))
            assert action in legal
            searched += len(legal) > 1
            state.apply_action(action)
        else:
            state.apply_action(int(rs.choice(state.legal_actions())))
    assert searched > 0 and len(state.returns()) == 2


def test_openspiel_outcome_sampling_mccfr_runs() -> None:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = pyspiel.load_game("python_verlies", {"players": 2, "round_limit": 3})
    np.random.seed(5)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(4):
        solver.iteration()
    assert len(solver._infostates) > 10
    policy = solver.average_policy()
    state = game.new_initial_state()
    _play(state, 1, random.Random(0))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probs = policy.action_probabilities(state)
    assert set(probs) <= set(state.legal_actions())
    assert abs(sum(probs.values()) - 1.0) < 1e-9

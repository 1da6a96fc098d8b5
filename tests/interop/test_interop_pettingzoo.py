"""The PettingZoo environment passes PettingZoo's own api, seed and render tests."""

from __future__ import annotations

import warnings
from functools import partial
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

import verlies.pettingzoo
from verlies.interop.encoding import Encoding
from verlies.sim.bots import make_bot

# PettingZoo's generic remarks on dict observations (its own classic envs get them too).
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


@pytest.mark.parametrize("players", [2, 4])
def test_api_test(players: int) -> None:
    api_test(verlies.pettingzoo.env(players=players, round_limit=20), num_cycles=150)


def test_seed_test() -> None:
    seed_test(partial(verlies.pettingzoo.env, players=3, round_limit=20), num_cycles=100)


def test_render_test() -> None:
    checks = {
        "ansi": lambda text: "Round" in text and "#" in text,
        "svg": lambda text: text.lstrip().startswith("<svg"),
    }
    render_test(partial(verlies.pettingzoo.env, players=2, round_limit=20), checks)


def _run(env: Any, choose: Any) -> dict[str, float]:
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        env.step(None if terminated or truncated else choose(agent, obs))
    return totals


def test_a_played_out_game_rewards_the_winner() -> None:
    env = verlies.pettingzoo.raw_env(players=2)
    bots = {a: make_bot("careful", i) for i, a in enumerate(env.possible_agents)}
    enc = env.encoding

    def choose(agent: str, obs: dict[str, Any]) -> int:
        seat = env.possible_agents.index(agent)
        action = bots[agent](env.game.view(seat))
        index = enc.action_to_index(env.game, action)
        assert obs["action_mask"][index] == 1
        return index

    env.reset(seed=4)
    totals = _run(env, choose)
    result = env.game.result
    assert result is not None and result.winners and not env.game.truncated
    assert totals == {f"player_{s}": r for s, r in enumerate(env.game.returns())}
    assert sorted(totals.values()) == [-1.0, 1.0]
    assert env.agents == []


def test_a_round_limit_end_is_a_truncation() -> None:
    env = verlies.pettingzoo.raw_env(players=2, round_limit=2)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    seen: list[tuple[bool, bool]] = []
    for _agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            seen.append((terminated, truncated))
            assert reward == 0.0
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert seen == [(False, True), (False, True)]


def test_observations_are_the_encodings_and_rgb_is_an_image() -> None:
    env = verlies.pettingzoo.raw_env(players=2, render_mode="rgb_array")
    env.reset(seed=2)
    enc = Encoding.for_game(env.game)
    obs = env.observe("player_1")
    np.testing.assert_array_equal(obs["observation"], enc.observation(env.game, 1))
    assert obs["action_mask"].sum() == 0  # not its turn
    image = env.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert len({tuple(px) for px in image.reshape(-1, 3)}) > 2  # not a blank picture


def test_state_test_and_every_field_in_its_box() -> None:
    """PettingZoo's state-space check; then its state test's checks with legal actions
    (its own ``test_state`` samples actions without the mask, which a game with illegal
    moves refuses): the state and every observation lie in their boxes all game."""
    from pettingzoo.test.state_test import test_state_space

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no remark on the state space
        test_state_space(verlies.pettingzoo.env(players=3))
    env = verlies.pettingzoo.raw_env(players=3, round_limit=30)
    env.reset(seed=6)
    rng = np.random.default_rng(6)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        assert env.observation_space(agent)["observation"].contains(obs["observation"])
        state = env.state()
        assert env.state_space.contains(state) and state.any()
        assert state.shape == env.state_space.shape and state.dtype == np.float32
        env.step(
            None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
    # The state holds every hand (R9.3 hides them from the seats, not from a critic).
    t = len(env.encoding.treasure_ids)
    hands = env.state()[env.encoding.observation_size : env.encoding.observation_size + 2 * t]
    assert hands.sum() * 2 == sum(len(f.treasures) for f in env.game.figures)


def test_max_cycles_truncates_after_that_many_decisions() -> None:
    env = verlies.pettingzoo.raw_env(players=2, max_cycles=7)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    decisions = 0
    ends: list[tuple[bool, bool, str]] = []
    for _agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            ends.append((terminated, truncated, info["reason"]))
            assert reward == 0.0 and obs["action_mask"].sum() == 0
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        decisions += 1
    assert decisions == 7
    assert ends == [(False, True, "max_cycles")] * 2
    with pytest.raises(ValueError, match="max_cycles"):
        verlies.pettingzoo.raw_env(max_cycles=0)
    api_test(verlies.pettingzoo.env(players=2, max_cycles=30), num_cycles=100)


def test_text_names_the_seats_as_the_agents() -> None:
    env = verlies.pettingzoo.raw_env(players=2, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert "player_0 to move" in text and "player 1" not in text
    while not env.game.is_over:
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert "player 1" not in env.render() and "player 2" not in env.render()


def test_the_turn_based_env_is_not_for_aec_to_parallel() -> None:
    """A turn-based game: one seat decides at a time, often several times in a row (a
    turn's draw, placement, tests), so PettingZoo's aec_to_parallel, which needs every
    agent to step once per cycle in order, refuses this env; the metadata says so. The
    parallel view is its own env (verlies.pettingzoo.parallel_env)."""
    from pettingzoo.utils.conversions import aec_to_parallel

    env = verlies.pettingzoo.env(players=2)
    assert env.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(env)
    assert verlies.pettingzoo.parallel_env().metadata["is_parallelizable"] is True


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 6)])
def test_kept_masks_equal_the_encodings_mask_at_every_decision(players: int, seed: int) -> None:
    """The masks kept with the engine's shared legal-action tuples are the ones the
    encoding works out anew, for the deciding seat (all 0 for the others), all game."""
    env = verlies.pettingzoo.raw_env(players=players, round_limit=40)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    decisions = 0
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        np.testing.assert_array_equal(obs["action_mask"], env.encoding.legal_action_mask(env.game))
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        obs["action_mask"][:] = 0  # a copy: the kept mask stays
        assert env.observe(agent)["action_mask"].any()
        env.step(int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))
        decisions += 1
    assert decisions > 100 and len(env._legal_cache) > 5


def test_the_envs_public_reads_agree_with_the_masks() -> None:
    """seat_of, is_legal_index and stop_deciding (what the parallel env asks of the turn-
    based one) say what the masks say; Checked's agent_iter keeps PettingZoo's checks."""
    env = verlies.pettingzoo.env(players=3, round_limit=20)
    with pytest.raises(AssertionError, match="reset"):
        env.agent_iter()
    env.reset(seed=4)
    raw = env.unwrapped
    assert [raw.seat_of(a) for a in env.possible_agents] == [0, 1, 2]
    rng = np.random.default_rng(4)
    loops = 0
    for agent in env.agent_iter(max_iter=40):
        loops += 1
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert raw.seat_of(agent) == raw.game.current_player
        mask = obs["action_mask"]
        legal = [i for i in range(len(mask)) if raw.is_legal_index(i)]
        assert legal == list(np.flatnonzero(mask)) and legal
        env.step(int(rng.choice(legal)))
    assert loops == 40  # the loop ran out, as PettingZoo's iterator does
    raw.stop_deciding()
    assert not any(raw.is_legal_index(i) for i in range(raw.encoding.num_actions))
    assert not any(env.observe(a)["action_mask"].any() for a in env.possible_agents)

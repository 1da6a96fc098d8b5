"""The PettingZoo environment passes PettingZoo's own api, seed and render tests."""

from __future__ import annotations

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

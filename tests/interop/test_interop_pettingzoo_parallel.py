"""The simultaneous-move (Parallel API) view and the cycle AEC form pass PettingZoo's own
tests (parallel_api_test, max_cycles_test, api_test, seed tests, render_test); what a step
does with the acting and the waiting agents; env()'s checks; and no seat learns another's
hidden cards from anything either environment hands it (the twin games of
tests/interop/test_hidden_shape.py, R9.3)."""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np
import pytest
from hidden_twins import treasure_forks
from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
)

import verlies.interop.pettingzoo_simultaneous as sim
import verlies.pettingzoo
from verlies.actions import LoseTreasure
from verlies.game import Game
from verlies.sim.bots import make_bot

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
    "error:Live agent was not given:UserWarning",
    "error:Agent was given:UserWarning",
    "error:No agents present:UserWarning",
)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_parallel_api_test(players: int) -> None:
    env = verlies.pettingzoo.parallel_env(players=players, round_limit=25)
    parallel_api_test(env, num_cycles=1000)
    assert env.max_cycles == 1000  # the test sets it; the games ended before (round limit)


def test_max_cycles_test_on_the_simultaneous_module() -> None:
    max_cycles_test(sim)


def test_the_cycle_aec_form_passes_api_seed_and_render_tests() -> None:
    api_test(sim.env(players=3, round_limit=15), num_cycles=300)
    seed_test(partial(sim.env, players=2, round_limit=15), num_cycles=100)
    parallel_seed_test(partial(sim.parallel_env, players=2, round_limit=15), num_cycles=100)
    checks = {"ansi": lambda text: "Round" in text and "#" in text}
    render_test(partial(sim.env, players=2, round_limit=15), checks)


def _pick(obs: dict[str, Any], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


def test_one_agent_decides_each_step_and_plays_the_turn_based_game() -> None:
    """Each step exactly one agent has legal actions (the seat deciding now); applying its
    choices plays the same game, observation for observation, as the AEC env with the
    same choices; the others' entries are ignored; the end rewards the winner."""
    par = verlies.pettingzoo.parallel_env(players=2)
    aec = verlies.pettingzoo.raw_env(players=2)
    obs, infos = par.reset(seed=4)
    aec.reset(seed=4)
    rng = np.random.default_rng(4)
    steps = 0
    while par.agents:
        acting = [a for a in par.agents if obs[a]["action_mask"].any()]
        assert acting == [aec.agent_selection]
        for a in par.agents:
            a_obs = aec.observe(a)
            np.testing.assert_array_equal(obs[a]["observation"], a_obs["observation"])
            np.testing.assert_array_equal(obs[a]["action_mask"], a_obs["action_mask"])
        choice = _pick(obs[acting[0]], rng)
        waiting = {a: 0 for a in par.agents if a != acting[0]}  # ignored
        obs, rewards, terms, truncs, infos = par.step({acting[0]: choice, **waiting})
        aec.step(choice)
        steps += 1
    assert steps > 30 and par.game.is_over and not par.game.truncated
    assert rewards == {f"player_{s}": float(r) for s, r in enumerate(par.game.returns())}
    assert sorted(rewards.values()) == [-1.0, 1.0]
    assert all(terms.values()) and not any(truncs.values())
    assert set(infos) == set(par.possible_agents) and par.agents == []
    with pytest.raises(ValueError, match="reset"):
        par.step({})


def test_an_illegal_action_is_refused_and_counted_as_a_step() -> None:
    par = verlies.pettingzoo.parallel_env(players=2, max_cycles=3)
    obs, _ = par.reset(seed=2)
    mask = obs["player_0"]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = par.game.step_count
    obs2, rewards, terms, truncs, infos = par.step({"player_0": illegal, "player_1": 0})
    assert par.game.step_count == before  # nothing happened in the game
    assert infos["player_0"]["illegal_action"] == illegal
    assert "R" in infos["player_0"]["reason"]  # the rules' message names the rule
    assert infos["player_1"] == {} and rewards == {"player_0": 0.0, "player_1": 0.0}
    np.testing.assert_array_equal(obs2["player_0"]["observation"], obs["player_0"]["observation"])
    with pytest.raises(ValueError, match="player_0 decides now"):
        par.step({"player_1": 0})
    with pytest.raises(ValueError, match="not in its action space"):
        par.step({"player_0": 10**6})
    par.step({"player_0": int(np.flatnonzero(mask)[0])})
    obs3, rewards, terms, truncs, infos = par.step({"player_0": illegal})
    # max_cycles = 3 steps, refused ones included: a truncation, rewards 0, masks all 0.
    assert truncs == {"player_0": True, "player_1": True} and not any(terms.values())
    assert all(i["reason"] == "max_cycles" for i in infos.values())
    assert not any(o["action_mask"].any() for o in obs3.values()) and par.agents == []


def test_env_checks_order_and_bounds_like_pettingzoos_wrappers() -> None:
    env = verlies.pettingzoo.env(players=2)
    assert isinstance(env, verlies.pettingzoo.Checked) and str(env) == "verlies_v0"
    with pytest.raises(AttributeError, match="before reset"):
        _ = env.agent_selection
    with pytest.raises(AssertionError, match="reset"):
        env.step(0)
    with pytest.raises(AssertionError, match="reset"):
        env.last()
    env.reset(seed=1)
    with pytest.raises(AssertionError, match="action space"):
        env.step(env.unwrapped.encoding.num_actions)
    with pytest.raises(AssertionError, match="action space"):
        env.step("draw")
    obs, *_ = env.last()
    env.step(np.int64(np.flatnonzero(obs["action_mask"])[0]))  # numpy ints pass too
    assert env.unwrapped.game.step_count > 0
    with pytest.raises(AssertionError, match="call step"):  # step or reset in the loop
        it = iter(env.agent_iter())
        next(it)
        next(it)


def test_reset_from_a_position_plays_on_a_copy() -> None:
    game = Game.new(players=2, seed=9, log=False)
    for _ in range(25):
        game.roll() if game.is_chance else game.apply(game.legal_actions()[0])
    env = verlies.pettingzoo.raw_env(players=2)
    env.reset(options={"game": game})
    assert env.game is not game and env.game.step_count >= game.step_count
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert game.step_count == 25  # the original stays
    with pytest.raises(ValueError, match="R2.2"):
        env.reset(options={"game": Game.new(players=3, seed=1)})
    with pytest.raises(TypeError, match="verlies Game"):
        env.reset(options={"game": "seed 9"})
    while not game.is_over:
        game.roll() if game.is_chance else game.apply(game.legal_actions()[0])
    with pytest.raises(ValueError, match="over"):
        verlies.pettingzoo.parallel_env(players=2).reset(options={"game": game})


def _swap(action: Any, swap: dict[str, str]) -> Any:
    tid = getattr(action, "treasure", None)
    return action._replace(treasure=swap[tid]) if tid in swap else action


def _handed(env: Any, agents: list[str]) -> list[Any]:
    """Everything the AEC env hands ``agents``: selection, observation, mask, reward,
    termination, truncation and info."""
    out: list[Any] = [env.agent_selection]
    for a in agents:
        o = env.observe(a)
        out += [
            o["observation"].tobytes(),
            o["action_mask"].tobytes(),
            env._cumulative_rewards[a],
            env.terminations[a],
            env.truncations[a],
            env.infos[a],
        ]
    return out


def _par_handed(out: tuple[Any, ...], agents: list[str]) -> list[Any]:
    obs, *rest = out
    return [
        (obs[a]["observation"].tobytes(), obs[a]["action_mask"].tobytes(), *(d[a] for d in rest))
        for a in agents
    ]


@pytest.mark.parametrize("players", [2, 3])
def test_r9_3_twins_differing_in_a_hidden_card_look_alike_through_both_envs(
    players: int,
) -> None:
    """Twin games differing only in the treasure one seat drew: at every decision the
    other seats get the same from the AEC env and the parallel env (loaded at that
    position) and from a parallel step with the same choice, until the card is used."""
    aec_a, aec_b = (verlies.pettingzoo.raw_env(players=players) for _ in range(2))
    par_a, par_b = (verlies.pettingzoo.parallel_env(players=players) for _ in range(2))
    compared = steps = pairs = 0
    for seed in range(12):
        for a, b, seat, swap in treasure_forks(players, seed, draws=2):
            pairs += 1
            others = [f"player_{s}" for s in range(players) if s != seat]
            bots = [make_bot("careful", seed + s) for s in range(players)]
            while not a.is_over:
                if a.is_chance:
                    outcome = a.sample_outcome()
                    if a.chance_kind == "treasure":
                        break  # a new hidden draw: this pair's comparison ends
                    a.apply(outcome)
                    b.apply(outcome)
                    continue
                aec_a.reset(options={"game": a})
                aec_b.reset(options={"game": b})
                assert _handed(aec_a, others) == _handed(aec_b, others)
                out_a = par_a.reset(options={"game": a})
                out_b = par_b.reset(options={"game": b})
                assert _par_handed(out_a, others) == _par_handed(out_b, others)
                p = a.current_player
                action = bots[p](a.view(p))
                twin = _swap(action, swap) if p == seat else action
                if p == seat and getattr(action, "treasure", None) in swap:
                    if not isinstance(action, LoseTreasure):
                        break  # used: shown (R9.3), the twins differ in public now
                i_a = aec_a.encoding.action_to_index(a, action)
                i_b = aec_b.encoding.action_to_index(b, twin)
                acting = f"player_{p}"
                step_a = par_a.step({acting: i_a})
                step_b = par_b.step({acting: i_b})
                if par_a.game.step_count == a.step_count + 1:  # no chance rolled in it
                    assert _par_handed(step_a, others) == _par_handed(step_b, others)
                    steps += 1
                a.apply(action)
                b.apply(twin)
                compared += 1
    assert pairs >= 3 and compared >= 150 and steps >= 50

"""Interop benchmark: clone, search and framework speeds (issue 13).

    .venv/bin/python benchmarks/interop.py [--quick]

Prints, each the best of a few repeats (a shared machine: the minimum is the least
disturbed figure):

* ``Game.clone()`` in microseconds on games of 100, 500 and 1,500 steps (4 players,
  careful bots, no round limit), next to ``Game.copy()`` (replays the history) measured in
  the same run, and the ratio; ``copy.deepcopy`` of a game (a clone now).
* the search bot: rollouts per second (one rollout = one candidate played on in one
  sampled world) and decisions per second at its default budget, 2 players;
* the information-set MCTS bot ``ismcts``: iterations per second (one iteration = one
  sampled world, a descent of its tree, a rollout) and searched decisions per second at
  its default budget, 2 players;
* OpenSpiel's ``state.clone()`` of ``python_verlies`` next to ``Game.clone()`` of the
  same position in the same run, and the ratio (2 players, positions after 100 and 400
  random steps);
* OpenSpiel's own MCTS (``open_spiel.python.algorithms.mcts.MCTSBot`` with random
  rollouts) on ``python_verlies``: simulations per second;
* the PettingZoo environments: decisions per CPU second and per wall second
  (``env.last()`` with its observation and mask, then ``env.step``) over whole games of
  random legal choices, for ``env()`` (with its checks), ``raw_env()``, the raw env in
  PettingZoo's two stock wrappers and ``parallel_env()``, beside the engine's own loop
  over such games (its decisions and steps per second) and the ratios
  (``pettingzoo_figures``; ``--only pettingzoo`` runs just these; ``--against main``
  also measures main's env() and parallel_env() in the same run, interleaved);
* with ``--compiled`` (not in the full run): the same PettingZoo figures under the mypyc
  build (setup.py ``COMPILED``, the engine with the observation encoding; built in
  ``benchmarks/.venv-compiled`` by ``benchmarks/compiled.py``), after its observations,
  masks and rewards on seeded games are checked equal to this process's pure-Python ones
  bit for bit; the pure figures are measured first in this process, then the compiled in
  the compiled venv, each beside its own engine (``compiled_figures``);
* with ``--only parts`` (not in the full run): where an ``env()`` decision's time goes,
  the observation, the legal mask, ``last()``, ``step`` and the engine's apply, each
  timed around it (``parts_figures``; ``--against main`` measures main's right after).

A measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from verlies.deck import Deck
from verlies.game import Game
from verlies.sim.bots import make_bot
from verlies.sim.ismcts import ISMCTSBot
from verlies.sim.search import SearchBot


def best_of(fn: Callable[[], object], number: int, repeat: int = 5) -> float:
    """Seconds per call: the best of ``repeat`` timings of ``number`` calls."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - t) / number)
    return best


def long_game(steps: int) -> Game:
    """A 4-player careful-bot game of ``steps`` steps, no round limit. The tuned default
    deck ends careful games within about 400 steps, so the long games are played with the
    first edition (``standard-1``), where careful bots can wander for thousands: the first
    seed (from 1) whose game gets that far."""
    deck = Deck.edition("standard-1")
    for seed in range(1, 1000):
        game = Game.new(players=4, seed=seed, round_limit=None, log=False, deck=deck)
        bots = [make_bot("careful", i) for i in range(4)]
        while not game.is_over and game.step_count < steps:
            if game.is_chance:
                game.roll()
            else:
                p = game.current_player
                game.apply(bots[p](game.view(p)))
        if game.step_count >= steps:
            return game
    raise SystemExit(f"no careful game of {steps} steps in 999 seeds")


def clone_figures(quick: bool) -> None:
    print("Game.clone() vs Game.copy() (4 players, careful bots, first-edition deck)")
    for steps in (100, 500, 1500):
        game = long_game(steps)
        # Many short repeats: on a shared machine the best one is the undisturbed figure.
        clone = best_of(game.clone, 100, repeat=10 if quick else 40)
        deep = best_of(lambda g=game: copy.deepcopy(g), 100, repeat=10 if quick else 40)  # type: ignore[misc]
        replay = best_of(game.copy, 1 if quick else 3, repeat=3)
        print(
            f"  {game.step_count:5d} steps, {len(game.board):3d} cards: clone "
            f"{clone * 1e6:7.1f} us, deepcopy {deep * 1e6:7.1f} us, copy "
            f"{replay * 1e6:9.0f} us  (copy / clone = {replay / clone:,.0f}x)"
        )


def time_seat_zero(bot: Any, games: int, searched: Callable[[Any], bool]) -> tuple[int, int, float]:
    """Two-player games of ``bot`` (seat 0) against careful: its decisions, how many of
    them it searched (``searched(bot)`` right after one) and the seconds it spent."""
    decisions = count = 0
    spent = 0.0
    for seed in range(games):
        game = Game.new(players=2, seed=seed, log=False)
        other = make_bot("careful", seed)
        while not game.is_over:
            if game.is_chance:
                game.roll()
                continue
            view = game.view(game.current_player)
            if game.current_player == 0:
                t = time.perf_counter()
                action = bot(view)
                spent += time.perf_counter() - t
                decisions += 1
                count += searched(bot)
            else:
                action = other(view)
            game.apply(action)
    return decisions, count, spent


def search_figures(quick: bool) -> None:
    bot = SearchBot(seed=1)
    decisions, searched, spent = time_seat_zero(bot, 1 if quick else 3, lambda b: len(b.last) > 1)
    print(
        f"search bot ({bot!r}), 2 players: {bot.rollouts / spent:,.0f} rollouts/s, "
        f"{searched / spent:,.1f} searched decisions/s ({searched} of {decisions} decisions "
        "had a choice)"
    )


def ismcts_figures(quick: bool) -> None:
    bot = ISMCTSBot(seed=1)
    decisions, searched, spent = time_seat_zero(bot, 2 if quick else 6, lambda b: b.last[0][1] > 0)
    print(
        f"ismcts ({bot!r}), 2 players: {bot.iterations_done / spent:,.0f} iterations/s, "
        f"{searched / spent:,.1f} searched decisions/s ({searched} of {decisions} decisions "
        "searched)"
    )


def openspiel_clone_figures(quick: bool) -> None:
    import pyspiel

    import verlies.openspiel  # noqa: F401

    game = pyspiel.load_game("python_verlies", {"players": 2, "round_limit": 300})
    for target in (100, 400):
        # Random play ends most games early: the first seed whose game gets that far.
        for seed in range(1000):
            rng = random.Random(seed)
            state = game.new_initial_state()
            while len(state.history()) < target and not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, probs)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
            if len(state.history()) >= target:
                break
        repeat = 10 if quick else 40
        os_clone = best_of(state.clone, 100, repeat=repeat)
        g_clone = best_of(state.verlies.clone, 100, repeat=repeat)
        print(
            f"OpenSpiel state.clone() at {len(state.history())} steps: {os_clone * 1e6:6.1f} us, "
            f"Game.clone() {g_clone * 1e6:6.1f} us  (ratio {os_clone / g_clone:.2f}x)"
        )


def openspiel_figures(quick: bool) -> None:
    import pyspiel
    from open_spiel.python.algorithms import mcts

    import verlies.openspiel  # noqa: F401

    game = pyspiel.load_game("python_verlies", {"players": 2, "round_limit": 30})
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    sims = 20 if quick else 100
    bot = mcts.MCTSBot(game, 2.0, sims, evaluator, random_state=rng, solve=False)
    state = game.new_initial_state()
    moves = 0
    t = time.perf_counter()
    while not state.is_terminal() and moves < (2 if quick else 5):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        state.apply_action(bot.step(state))
        moves += 1
    elapsed = time.perf_counter() - t
    print(
        f"OpenSpiel MCTSBot on python_verlies (random rollouts, round limit 30): "
        f"{moves * sims / elapsed:,.0f} simulations/s"
    )


def baseline_modules(ref: str) -> Any:
    """The PettingZoo env module of git revision ``ref`` (its ``verlies/interop/
    encoding.py``, the rooms that encoding imports where ``ref`` has them (``layout``,
    ``numbering``, ``observation``, ``board_grid``) and ``pettingzoo.py``, loaded beside
    this checkout's engine), to be measured in the same run as this checkout's: on a
    shared machine two separate runs differ more by load than by code."""
    import importlib.util
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent

    def show(path: str) -> str | None:
        r = subprocess.run(
            ["git", "-C", str(root), "show", f"{ref}:{path}"],
            capture_output=True,
            text=True,
        )
        return r.stdout if r.returncode == 0 else None

    tmp = Path(tempfile.mkdtemp(prefix="verlies-baseline-"))
    sources = {
        name: show(f"verlies/interop/{name}.py")
        for name in ("encoding", "board_grid", "layout", "numbering", "observation", "pettingzoo")
    }
    env = sources["pettingzoo"]
    if sources["encoding"] is None or env is None:
        raise SystemExit(f"{ref} has no verlies/interop/encoding.py and pettingzoo.py")
    line = "from verlies.interop.encoding import Encoding"
    if line not in env:
        raise SystemExit(f"{ref}'s pettingzoo.py does not import Encoding as expected: {line}")
    for name, text in sources.items():
        if text is None:
            continue
        for other in sources:  # the ref's rooms import each other, not this checkout's
            text = text.replace(
                f"from verlies.interop.{other} import", f"from baseline_{other} import"
            )
            text = text.replace(
                f"from verlies.interop import {other}\n", f"import baseline_{other} as {other}\n"
            )
        (tmp / f"baseline_{name}.py").write_text(text, encoding="utf-8")
    sys.path.insert(0, str(tmp))
    spec = importlib.util.spec_from_file_location(
        "baseline_pettingzoo", tmp / "baseline_pettingzoo.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["baseline_pettingzoo"] = module
    spec.loader.exec_module(module)
    return module


def pettingzoo_figures(quick: bool, against: str | None = None) -> None:
    """Decisions per second of the PettingZoo environments beside the engine's own loop
    over the same kind of games (2 players, random legal play, round limit 60), measured
    in turns in this run (a change of load hits all alike), each the best of a few
    repeats, and each as a share of the engine's rate (the ratio is what compares across
    runs on a shared machine). Per CPU second of this process (``time.process_time``)
    and per wall second (``time.perf_counter``: on a machine shared with other work it
    also counts the others' turns on the cores). The engine's steps per CPU second count
    its chance rolls too (the envs roll them inside ``step``).

    * ``env()``: the environment as ``verlies.pettingzoo.env()`` hands it out, with its
      order and bounds checks (``Checked``): ``env.last()`` with the observation and the
      mask, a random legal index, ``env.step``;
    * ``raw_env()``: the same without the checks;
    * PettingZoo's stock ``OrderEnforcingWrapper(AssertOutOfBoundsWrapper(raw_env()))``,
      the same checks in the two generic wrappers (what ``env()`` returned before);
    * ``parallel_env()``: ``step({acting: index})`` with every agent's observation back;
    * the engine: ``legal_actions()``, a random one, ``apply``, chance rolled (no
      observation, no mask).

    The agent is the cheapest random one (``np.flatnonzero`` of the mask, a Python
    ``random`` index): its cost is in the figures, as a real agent's would be.
    """
    import os

    from pettingzoo.utils import wrappers

    import verlies.pettingzoo

    games = 2 if quick else 10
    envs = {
        "env()": verlies.pettingzoo.env(players=2, round_limit=60),
        "raw_env()": verlies.pettingzoo.raw_env(players=2, round_limit=60),
        "stock wrappers": wrappers.OrderEnforcingWrapper(
            wrappers.AssertOutOfBoundsWrapper(verlies.pettingzoo.raw_env(players=2, round_limit=60))
        ),
    }
    par = verlies.pettingzoo.parallel_env(players=2, round_limit=60)
    parallels = {"parallel_env()": par}
    if against is not None:
        old = baseline_modules(against)
        envs[f"env() at {against}"] = old.env(players=2, round_limit=60)
        parallels[f"parallel at {against}"] = old.parallel_env(players=2, round_limit=60)

    def aec_run(env: Any, took: list[int]) -> tuple[int, float, float]:
        rng = random.Random(0)
        decisions = 0
        clock = time.perf_counter_ns
        t, w = time.process_time(), time.perf_counter()
        for seed in range(games):
            env.reset(seed=seed)
            for _agent in env.agent_iter():
                start = clock()
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
                took.append(clock() - start)
                decisions += 1
        return decisions, time.process_time() - t, time.perf_counter() - w

    def parallel_run(par: Any, took: list[int]) -> tuple[int, float, float]:
        rng = random.Random(0)
        decisions = 0
        clock = time.perf_counter_ns
        t, w = time.process_time(), time.perf_counter()
        for seed in range(games):
            obs, _ = par.reset(seed=seed)
            while par.agents:
                start = clock()
                for agent in par.agents:
                    mask = obs[agent]["action_mask"]
                    if mask.any():
                        legal = np.flatnonzero(mask)
                        break
                obs, *_ = par.step({agent: int(legal[rng.randrange(len(legal))])})
                took.append(clock() - start)
                decisions += 1
        return decisions, time.process_time() - t, time.perf_counter() - w

    steps = [0, 0]  # the engine's steps (decisions and chance rolls), decisions in a run

    def engine_run(took: list[int]) -> tuple[int, float, float]:
        rng = random.Random(0)
        decisions = taken = 0
        clock = time.perf_counter_ns
        t, w = time.process_time(), time.perf_counter()
        for seed in range(games):
            game = Game.new(players=2, seed=seed, round_limit=60, log=False)
            start = clock()  # a decision and the chance rolls after it, as in the envs
            while not game.is_over:
                if game.is_chance:
                    game.roll()
                else:
                    if taken:
                        took.append(clock() - start)
                        start = clock()
                    legal = game.legal_actions()
                    game.apply(legal[rng.randrange(len(legal))])
                    decisions += 1
                taken += 1
        steps[:] = [taken, decisions]
        return decisions, time.process_time() - t, time.perf_counter() - w

    # Best of the repeats, per CPU second and per wall second (each its own best).
    names = [*envs, *parallels, "engine"]
    cpu = dict.fromkeys(names, 0.0)
    wall = dict.fromkeys(names, 0.0)
    runs: dict[str, Callable[[list[int]], tuple[int, float, float]]] = {
        **{name: (lambda took, e=env: aec_run(e, took)) for name, env in envs.items()},  # type: ignore[misc]
        **{name: (lambda took, p=p: parallel_run(p, took)) for name, p in parallels.items()},  # type: ignore[misc]
        "engine": engine_run,
    }
    # Each decision's own time (perf_counter_ns around it): its median over every run
    # is steadier than a best run when other work takes turns on the cores.
    took: dict[str, list[int]] = {name: [] for name in names}
    for _ in range(3 if quick else 9):
        for name, run in runs.items():
            n, c, w = run(took[name])
            cpu[name] = max(cpu[name], n / c)
            wall[name] = max(wall[name], n / w)
    median = {name: statistics.median(v) / 1e3 for name, v in took.items()}
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    engine_cpu, engine_wall = cpu.pop("engine"), wall.pop("engine")
    import verlies.interop.observation
    import verlies.rules

    build = "pure Python"
    if verlies.interop.observation.__file__.endswith(".so"):
        build = "compiled engine and observation"
    elif verlies.rules.__file__.endswith(".so"):
        build = "pure observation and env, compiled engine"
    print(
        f"PettingZoo ({build}), 2 players, random legal play (load {load}); the engine "
        f"alone on such games: {engine_cpu:,.0f} decisions per CPU second "
        f"({engine_wall:,.0f} per wall second), {engine_cpu * steps[0] / steps[1]:,.0f} "
        f"steps per CPU second (chance rolls included: {steps[0]:,} steps for "
        f"{steps[1]:,} decisions in {games} games)"
    )
    print(
        f"  {'decisions/s':22s} {'per CPU s':>10s} {'(of engine)':>11s} {'per wall s':>11s}"
        f" {'(of engine)':>11s} {'median us':>10s} {'(engine/it)':>11s}"
    )
    for name in cpu:
        print(
            f"  {name:22s} {cpu[name]:10,.0f} {cpu[name] / engine_cpu:11.2f} "
            f"{wall[name]:11,.0f} {wall[name] / engine_wall:11.2f} {median[name]:10.1f} "
            f"{median['engine'] / median[name]:11.2f}"
        )
    print(f"  {'engine':22s} {'':10s} {'':11s} {'':11s} {'':11s} {median['engine']:10.1f}")


def parts_figures(against: str | None = None) -> None:
    """Where an ``env()`` decision's time goes: each part timed with ``perf_counter_ns``
    around it (a wrapper adds about 0.2 us), medians over 30 random 2-player games
    (round limit 60); with ``against``, that revision's env measured the same way right
    after (the parts overlap: the observation is inside ``last()``, the engine's apply
    and the legal mask inside ``step``)."""
    import verlies.interop.encoding
    import verlies.interop.pettingzoo
    from verlies.game import Game as EngineGame

    modules = [("this checkout", verlies.interop.pettingzoo, verlies.interop.encoding)]
    if against is not None:
        import sys

        old = baseline_modules(against)
        modules.append((against, old, sys.modules["baseline_encoding"]))
    for label, env_module, encoding_module in modules:
        samples: dict[str, list[int]] = {}
        undo: list[tuple[Any, str, Any]] = []

        def wrap(
            owner: Any,
            name: str,
            part: str,
            samples: dict[str, list[int]] = samples,
            undo: list[tuple[Any, str, Any]] = undo,
        ) -> None:
            original = getattr(owner, name)
            took = samples.setdefault(part, [])
            clock = time.perf_counter_ns

            def timed(*args: Any, **kwargs: Any) -> Any:
                start = clock()
                result = original(*args, **kwargs)
                took.append(clock() - start)
                return result

            undo.append((owner, name, original))
            setattr(owner, name, timed)

        wrap(env_module.Checked, "last", "env.last() (Checked, with the observation)")
        wrap(encoding_module.Encoding, "observation", "  Encoding.observation")
        wrap(env_module.Checked, "step", "env.step (Checked, apply, chance, next mask)")
        wrap(EngineGame, "apply", "  the engine's Game.apply")
        wrap(env_module.VerliesEnv, "_legal_now", "  the legal mask (_legal_now)")
        wrap(EngineGame, "legal_actions", "    the engine's legal_actions")
        env = env_module.env(players=2, round_limit=60)
        rng = random.Random(0)
        whole: list[int] = []
        try:
            for seed in range(30):
                env.reset(seed=seed)
                for _agent in env.agent_iter():
                    start = time.perf_counter_ns()
                    obs, _, terminated, truncated, _ = env.last()
                    if terminated or truncated:
                        env.step(None)
                        continue
                    legal = np.flatnonzero(obs["action_mask"])
                    env.step(int(legal[rng.randrange(len(legal))]))
                    whole.append(time.perf_counter_ns() - start)
        finally:
            for owner, name, original in reversed(undo):
                setattr(owner, name, original)
        print(
            f"{label}: a whole env() decision (last, agent, step), median "
            f"{statistics.median(whole) / 1e3:.1f} us over {len(whole):,} decisions"
        )
        for part, took in samples.items():
            print(
                f"  {part:46s} {len(took) / len(whole):5.2f} a decision, median "
                f"{statistics.median(took) / 1e3:6.2f} us"
            )


def compiled_figures(quick: bool, against: str | None = None) -> None:
    """``pettingzoo_figures`` in this process (pure Python; with ``against``, that
    revision's envs too), then in the compiled venv (``benchmarks/compiled.py``), whose
    observations must first equal the pure ones. (Main's observation before the compiled
    build does not run on the compiled engine: it read the frames' ``__slots__``.)"""
    import subprocess
    import sys
    from pathlib import Path

    from compiled import (  # type: ignore[import-not-found]  # benchmarks/ is on sys.path
        compiled_env,
        compiled_observation_digest,
        ensure_compiled,
        pure_observation_digest,
    )

    py, why = ensure_compiled(opt_level="3")
    if py is None:
        raise SystemExit(f"no compiled build: {why}")
    seeds = [1, 2, 3]
    pure, compiled = pure_observation_digest(seeds), compiled_observation_digest(py, seeds)
    if pure != compiled:
        raise SystemExit(
            f"the compiled envs' observations differ from pure Python's on seeds {seeds} "
            f"({compiled[:12]} against {pure[:12]}): no compiled figures"
        )
    print(
        f"compiled env() and parallel_env(): every observation, mask and reward of seeded "
        f"games (seeds {seeds}, 2 and 3 players) equal to pure Python's (sha256 {pure[:12]})"
    )
    pettingzoo_figures(quick, against)
    here = Path(__file__).resolve().parent  # not the repository's pure source on sys.path
    cmd = [str(py), str(here / "interop.py"), "--only", "pettingzoo", *(["--quick"] * quick)]
    sys.stdout.flush()
    r = subprocess.run(cmd, cwd=here, env=compiled_env())
    if r.returncode != 0:
        raise SystemExit(f"the compiled run failed ({r.returncode})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repeats (a smoke run)")
    ap.add_argument(
        "--only",
        choices=["pettingzoo", "parts"],
        help="run one part (pettingzoo: the env figures; parts: where a decision's time goes)",
    )
    ap.add_argument(
        "--against",
        metavar="REV",
        help="also measure the PettingZoo envs of git revision REV (e.g. main) in the same run",
    )
    ap.add_argument(
        "--compiled",
        action="store_true",
        help="the PettingZoo figures pure, then under the mypyc build (checked bit for bit)",
    )
    a = ap.parse_args()
    if a.compiled:
        compiled_figures(a.quick, a.against)
        return
    if a.only == "pettingzoo":
        pettingzoo_figures(a.quick, a.against)
        return
    if a.only == "parts":
        parts_figures(a.against)
        return
    random.seed(0)
    clone_figures(a.quick)
    search_figures(a.quick)
    ismcts_figures(a.quick)
    openspiel_clone_figures(a.quick)
    openspiel_figures(a.quick)
    pettingzoo_figures(a.quick, a.against)


if __name__ == "__main__":
    main()

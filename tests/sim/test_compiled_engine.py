"""The optional mypyc build of the engine (setup.py) plays the same games, bit for bit.

It builds ``benchmarks/.venv-compiled`` (about a minute the first time; reused while the
engine's source is unchanged) and compares whole bot games' saved JSON, and the compiled
PettingZoo envs' observations, with this process's pure-Python ones. The benchmarks count
the compiled figures only after the same checks.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from compiled import (  # noqa: E402
    compiled_env,
    compiled_observation_digest,
    ensure_compiled,
    pure_digest,
    pure_observation_digest,
    run_compiled,
)

from verlies.sim import simulate  # noqa: E402

#: The C compiler's level of the test build: mypyc's translation is the same at every level,
#: and 0 builds in about half the time of the benchmarks' 3.
OPT = "0"


def test_compiled_engine_plays_the_same_games_as_pure_python() -> None:
    py, why = ensure_compiled(quiet=True, opt_level=OPT)
    assert py is not None, why
    seeds = [11, 12, 13]
    data = run_compiled(py, games=2, runs=1, seed=0, log=True, check_seeds=seeds)
    assert data["digest"] == pure_digest(seeds)
    games, steps, _wall, _cpu = data["runs"][0]
    assert games == 2 and steps > 0


def test_compiled_pettingzoo_envs_hand_out_the_same_observations_as_pure_python() -> None:
    """The observation encoding is in the compiled set (setup.py): every observation,
    mask, reward and end flag of env() and parallel_env() games on the compiled engine and
    observation (checked to be the .so modules) equal the pure-Python ones."""
    py, why = ensure_compiled(quiet=True, opt_level=OPT)
    assert py is not None, why
    seeds = [4, 5]
    assert compiled_observation_digest(py, seeds) == pure_observation_digest(seeds)


# A simulation on worker processes: its records travel back pickled (GameRecord, Tally).
WORKERS = """
import json
import verlies.sim.records
from verlies.sim import simulate

assert verlies.sim.records.__file__.endswith(".so"), verlies.sim.records.__file__
res = simulate(8, players=4, characters="all", workers=2, seed=5)
print(json.dumps(res.to_dict()["characters"]))
"""


def test_compiled_simulation_on_worker_processes_matches_pure_python() -> None:
    py, why = ensure_compiled(quiet=True, opt_level=OPT)
    assert py is not None, why
    here = Path(__file__).resolve().parents[2] / "benchmarks"  # not the pure source
    r = subprocess.run(
        [str(py), "-c", WORKERS], capture_output=True, text=True, cwd=here, env=compiled_env()
    )
    assert r.returncode == 0, r.stderr[-2000:]
    compiled = json.loads(r.stdout.strip().splitlines()[-1])
    pure = simulate(8, players=4, characters="all", workers=1, seed=5)
    assert compiled == json.loads(json.dumps(pure.to_dict()["characters"]))

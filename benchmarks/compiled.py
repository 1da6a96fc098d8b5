"""The engine compiled with mypyc, in its own venv, for the engine benchmark.

``benchmarks/.venv-compiled`` gets the engine's dependencies, mypy, and this repository
installed with ``VERLIES_COMPILE=1`` (see setup.py): the same source compiled. It is
rebuilt whenever a compiled module's source changed. ``run_compiled`` plays the same
random playouts there and a few whole games whose saved JSON must equal the pure-Python
engine's, bit for bit, before any of its figures count; ``compiled_observation_digest``
does the same for every observation, mask and reward of the PettingZoo envs on the
compiled engine and observation (``benchmarks/interop.py --compiled`` checks it before
its compiled figures).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
VENV = HERE / ".venv-compiled"
STAMP = VENV / ".verlies-source.sha256"

SCRIPT = textwrap.dedent(
    """
    import hashlib, json, sys
    import verlies.rules
    from verlies.sim import load_deck, random_playouts, play_game, make_bots

    args = json.loads(sys.argv[1])
    assert verlies.rules.__file__.endswith(".so"), verlies.rules.__file__
    deck = load_deck(None)
    random_playouts(1, 4, args["seed"], deck)  # warm-up
    runs = [
        random_playouts(args["games"], 4, args["seed"], deck, log=args["log"])
        for _ in range(args["runs"])
    ]
    print(json.dumps({"runs": runs, "digest": digest(args["check_seeds"])}))
    """
)

# Both engines: a digest of whole bot games' saved JSON (setup + every step).
DIGEST = textwrap.dedent(
    """
    def digest(seeds):
        h = hashlib.sha256()
        for seed in seeds:
            bots, _ = make_bots("careful", 4)
            game, _ = play_game(bots, seed=seed)
            h.update(game.to_json().encode())
        return h.hexdigest()
    """
)


# Both builds: a digest of every observation, mask, reward and flag that env() and
# parallel_env() hand out over seeded games of random legal play (2 and 3 players).
OBSERVATION_DIGEST = textwrap.dedent(
    """
    def observation_digest(seeds):
        import random
        import verlies.pettingzoo as vp
        h = hashlib.sha256()
        for seed in seeds:
            for players in (2, 3):
                rng = random.Random(seed)
                env = vp.env(players=players, round_limit=40)
                env.reset(seed=seed)
                for agent in env.agent_iter():
                    obs, reward, terminated, truncated, _ = env.last()
                    h.update(agent.encode())
                    h.update(obs["observation"].tobytes())
                    h.update(obs["action_mask"].tobytes())
                    h.update(repr((reward, terminated, truncated)).encode())
                    if terminated or truncated:
                        env.step(None)
                        continue
                    legal = [i for i, m in enumerate(obs["action_mask"]) if m]
                    env.step(legal[rng.randrange(len(legal))])
                par = vp.parallel_env(players=players, round_limit=40)
                obs, _ = par.reset(seed=seed)
                while par.agents:
                    for agent in par.agents:
                        h.update(obs[agent]["observation"].tobytes())
                        h.update(obs[agent]["action_mask"].tobytes())
                    acting = [a for a in par.agents if obs[a]["action_mask"].any()][0]
                    legal = [i for i, m in enumerate(obs[acting]["action_mask"]) if m]
                    obs, rewards, terms, truncs, _ = par.step(
                        {acting: legal[rng.randrange(len(legal))]}
                    )
                    h.update(repr((rewards, terms, truncs)).encode())
        return h.hexdigest()
    """
)

OBSERVATION_SCRIPT = textwrap.dedent(
    """
    import hashlib, json, sys
    import verlies.interop.encoding, verlies.interop.observation, verlies.rules
    import verlies.interop.board_grid, verlies.interop.layout, verlies.interop.numbering

    for module in (
        verlies.interop.board_grid,
        verlies.interop.encoding,
        verlies.interop.layout,
        verlies.interop.numbering,
        verlies.interop.observation,
        verlies.rules,
    ):
        assert module.__file__.endswith(".so"), module.__file__
    print(json.dumps({"digest": observation_digest(json.loads(sys.argv[1]))}))
    """
)


def source_hash() -> str:
    h = hashlib.sha256()
    for name in ("setup.py", "pyproject.toml"):
        h.update((ROOT / name).read_bytes())
    for path in sorted((ROOT / "verlies").rglob("*.py")):  # every module is installed
        h.update(path.read_bytes())
    return h.hexdigest()


def _python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_compiled(quiet: bool = False, opt_level: str = "3") -> tuple[Path | None, str]:
    """The compiled venv's python (built or rebuilt when needed), or None and why not.

    ``opt_level`` is the C compiler's (setup.py): 3 for figures; the tests build with 0, the
    same mypyc translation in about half the time (139 s against 250 s on a loaded 2-core
    machine)."""
    py = _python()
    want = f"{source_hash()} O{opt_level}"
    if py.exists() and STAMP.exists() and STAMP.read_text().strip() == want:
        return py, ""
    say = (lambda m: None) if quiet else (lambda m: print(m, file=sys.stderr))
    if not py.exists():
        say(f"creating {VENV} (once) ...")
        r = subprocess.run(
            [sys.executable, "-m", "venv", str(VENV)], capture_output=True, text=True
        )
        if r.returncode != 0:
            return None, f"python -m venv failed: {r.stderr.strip()[-500:]}"
        (VENV / ".gitignore").write_text("# created by benchmarks/compiled.py\n*\n")
    say("compiling the engine with mypyc (about a minute) ...")
    pip = [str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    deps = ["mypy>=1.11", "setuptools>=68", "wheel", "lark>=1.2", "pydantic>=2.7", "tomli-w"]
    # The compiled observation (setup.py) and the PettingZoo envs on it import these.
    deps += ["numpy>=1.24", "pettingzoo>=1.24", "gymnasium>=0.29"]
    steps = [
        _uv_pip(py) + deps if _uv_pip(py) else pip + deps,
        pip + ["--force-reinstall", "--no-deps", "--no-build-isolation", str(ROOT)],
    ]
    env = dict(compiled_env(), VERLIES_COMPILE="1", VERLIES_COMPILE_OPT=opt_level)
    # setuptools reuses ROOT/build: a module no longer in setup.py's list would ship its old
    # binary, linked against an old build of the others.
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    for cmd in steps:
        r = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=HERE)
        if r.returncode != 0:
            why = (r.stderr or r.stdout).strip().splitlines()
            return None, "build failed: " + (why[-1] if why else "no output")
    STAMP.write_text(want + "\n")
    return py, ""


def _uv_pip(py: Path) -> list[str]:
    """``uv pip install`` into the venv of ``py`` where uv is installed (the test extra): the
    same packages as pip in seconds; else [] (pip does it)."""
    try:
        from uv import find_uv_bin
    except ImportError:
        return []
    return [find_uv_bin(), "pip", "install", "--quiet", "--python", str(py)]


def compiled_env() -> dict[str, str]:
    """This process's environment without PYTHONPATH: a path to the repository's pure source
    there would win over the compiled modules installed in the venv."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


def _run_in_compiled(py: Path, script: str, arg: object) -> dict[str, Any]:
    """Run ``script`` with ``arg`` (as JSON) in the compiled venv; its last line of output,
    read as JSON. Run from the benchmarks folder so the repository's pure source is not on
    sys.path."""
    r = subprocess.run(
        [str(py), "-c", script, json.dumps(arg)],
        capture_output=True,
        text=True,
        cwd=HERE,
        env=compiled_env(),
    )
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip()[-2000:])
    data: dict[str, Any] = json.loads(r.stdout.strip().splitlines()[-1])
    return data


def run_compiled(
    py: Path, games: int, runs: int, seed: int, log: bool, check_seeds: list[int]
) -> dict[str, Any]:
    spec = {"games": games, "runs": runs, "seed": seed, "log": log, "check_seeds": check_seeds}
    return _run_in_compiled(py, DIGEST + SCRIPT, spec)


def compiled_observation_digest(py: Path, seeds: list[int]) -> str:
    """``OBSERVATION_DIGEST`` of the compiled build (the engine and the observation
    compiled; the env itself is Python)."""
    result: str = _run_in_compiled(py, OBSERVATION_DIGEST + OBSERVATION_SCRIPT, seeds)["digest"]
    return result


def pure_observation_digest(seeds: list[int]) -> str:
    """The same digest from this process's pure-Python observation and env."""
    namespace: dict[str, Any] = {"hashlib": hashlib}
    exec(OBSERVATION_DIGEST, namespace)
    result: str = namespace["observation_digest"](seeds)
    return result


def pure_digest(check_seeds: list[int]) -> str:
    """The same digest from the pure-Python engine of this process."""
    from verlies.sim import make_bots, play_game

    namespace: dict[str, Any] = {
        "hashlib": hashlib,
        "make_bots": make_bots,
        "play_game": play_game,
    }
    exec(DIGEST, namespace)
    result: str = namespace["digest"](check_seeds)
    return result

"""The engine compiled with mypyc, in its own venv, for the engine benchmark.

``benchmarks/.venv-compiled`` gets the engine's dependencies, mypy, and this repository
installed with ``VERLIES_COMPILE=1`` (see setup.py): the same source compiled. It is
rebuilt whenever a compiled module's source changed. ``run_compiled`` plays the same
random playouts there and a few whole games whose saved JSON must equal the pure-Python
engine's, bit for bit, before any of its figures count.
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


def run_compiled(
    py: Path, games: int, runs: int, seed: int, log: bool, check_seeds: list[int]
) -> dict[str, Any]:
    spec = {"games": games, "runs": runs, "seed": seed, "log": log, "check_seeds": check_seeds}
    # Run from the benchmarks folder so the repository's pure source is not on sys.path.
    r = subprocess.run(
        [str(py), "-c", DIGEST + SCRIPT, json.dumps(spec)],
        capture_output=True,
        text=True,
        cwd=HERE,
        env=compiled_env(),
    )
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip()[-2000:])
    data: dict[str, Any] = json.loads(r.stdout.strip().splitlines()[-1])
    return data


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

"""``pip install verlies`` is the engine, the bots, simulations and the command line, with
no Jupyter package: what a simulation worker on another machine needs (issue 9 item 7).

A fresh venv gets a plain (non-editable) install of this repository; then a whole
simulated game runs in it, from Python and from the command line.
"""

from __future__ import annotations

import json
import os
import subprocess
import venv
from collections.abc import Callable
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
# Distributions that belong to the extras ([ui], [print]), never to a plain install.
EXTRAS_ONLY = {
    "jupyterlab",
    "jupyter-server",
    "ipywidgets",
    "ipycanvas",
    "ipykernel",
    "ipython",
    "voila",
    "orjson",
    "cairosvg",
}
# Modules that a simulation must not import (the engine imports no widget library).
WIDGET_MODULES = ("ipywidgets", "ipycanvas", "IPython", "ipykernel", "voila", "jupyter_server")

pytestmark = pytest.mark.slow


def _run(argv: list[str], env: dict[str, str], timeout: float = 600) -> str:
    proc = subprocess.run(
        argv,
        cwd=env["WORK"],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=timeout,
    )
    assert proc.returncode == 0, f"{argv} failed ({proc.returncode}):\n{proc.stdout[-4000:]}"
    return proc.stdout


@pytest.fixture(scope="module")
def engine_venv(
    tmp_path_factory: pytest.TempPathFactory, venv_install: Callable[..., None]
) -> dict[str, str]:
    root = tmp_path_factory.mktemp("engine-install")
    prefix = root / "venv"
    venv.EnvBuilder(with_pip=True).create(prefix)
    work = root / "work"  # not the repository: imports must come from the installed package
    work.mkdir()
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTHON", "VIRTUAL_ENV", "JUPYTER_", "CONDA"))
    }
    env.update(
        PATH=f"{prefix / 'bin'}{os.pathsep}{env.get('PATH', '/usr/bin:/bin')}",
        VIRTUAL_ENV=str(prefix),
        PYTHONNOUSERSITE="1",
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        WORK=str(work),
    )
    python = str(prefix / "bin" / "python")
    venv_install(Path(python), [str(REPO_ROOT)], env, work)  # a wheel built, not editable
    return {**env, "PY": python}


def test_plain_install_has_no_jupyter_packages(engine_venv: dict[str, str]) -> None:
    out = _run([engine_venv["PY"], "-m", "pip", "list", "--format", "json"], engine_venv)
    installed = {d["name"].lower().replace("_", "-") for d in json.loads(out)}
    assert "verlies" in installed
    assert installed & EXTRAS_ONLY == set()


def test_a_whole_simulated_game_runs_without_jupyter(engine_venv: dict[str, str]) -> None:
    script = f"""
import sys, verlies
assert "/site-packages/" in verlies.__file__, verlies.__file__
game = verlies.Game.new(players=3, seed=5)
while not game.is_over:
    if game.is_chance:
        game.roll()
    else:
        game.apply(game.legal_actions()[0])
assert game.result is not None
print("over", game.result.reason, len(game.log))
bad = [m for m in {WIDGET_MODULES!r} if m in sys.modules]
assert not bad, bad
"""
    out = _run([engine_venv["PY"], "-c", script], engine_venv)
    assert out.startswith("over ")


def test_command_line_simulates_without_jupyter(engine_venv: dict[str, str]) -> None:
    verlies_cli = str(Path(engine_venv["PY"]).parent / "verlies")
    out = _run([verlies_cli, "simulate", "-n", "4", "--players", "2", "--seed", "3"], engine_venv)
    assert out.strip(), "simulate printed nothing"

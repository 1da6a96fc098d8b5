"""Binder works from the binder/ files alone.

Rebuilds the environment the way repo2docker's pip build does -- a fresh venv,
``pip install -r binder/requirements.txt`` with the repository root as working directory
(the install done by uv: the same requirements, minutes faster),
then ``binder/postBuild`` -- and starts the Jupyter server from that venv like Binder does,
with Voila as a server extension, at the URL of the README's Binder badge.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import venv
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
BINDER = REPO_ROOT / "binder"
BADGE_URLPATH = "/voila/render/notebooks/play.ipynb"

pytestmark = pytest.mark.slow


def _run(argv: list[str], env: dict[str, str], timeout: float) -> None:
    proc = subprocess.run(
        argv,
        cwd=REPO_ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=timeout,
    )
    assert proc.returncode == 0, f"{argv} failed ({proc.returncode}):\n{proc.stdout[-4000:]}"


@pytest.fixture(scope="module")
def binder_env(
    tmp_path_factory: pytest.TempPathFactory, venv_install: Callable[..., None]
) -> dict[str, Any]:
    """A venv built from binder/ only, plus an environment isolated from this machine's
    Jupyter configuration (so only what postBuild installed can take effect)."""
    root = tmp_path_factory.mktemp("binder")
    prefix = root / "venv"
    venv.EnvBuilder(with_pip=True).create(prefix)
    bindir = prefix / "bin"

    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("JUPYTER_", "PYTHON", "VIRTUAL_ENV", "NB_", "CONDA"))
    }
    env.update(
        PATH=f"{bindir}{os.pathsep}{env.get('PATH', '/usr/bin:/bin')}",
        VIRTUAL_ENV=str(prefix),
        PYTHONNOUSERSITE="1",
        JUPYTER_CONFIG_DIR=str(root / "jupyter-config"),
        JUPYTER_DATA_DIR=str(root / "jupyter-data"),
        # A short path: the kernels' ipc sockets live here, and a socket's path may hold at
        # most 107 bytes (a pytest-xdist worker's basetemp, .../popen-gw1/binder0/..., is
        # too long for "kernel-<uuid>-ipc-4").
        JUPYTER_RUNTIME_DIR=tempfile.mkdtemp(prefix="vl-rt-"),
        PIP_DISABLE_PIP_VERSION_CHECK="1",
    )
    # repo2docker runs pip; uv installs the same requirements (conftest.install_into).
    venv_install(bindir / "python", ["-r", "binder/requirements.txt"], env, REPO_ROOT)
    post_build = BINDER / "postBuild"
    if post_build.exists():
        assert os.access(post_build, os.X_OK), "binder/postBuild must be executable"
        _run([str(post_build)], env, timeout=120)
    return {"prefix": prefix, "bindir": bindir, "env": env}


def test_runtime_is_python_311() -> None:
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"
    assert not (BINDER / "environment.yml").exists(), "environment.yml would win over pip"
    assert sys.version_info[:2] >= (3, 11)


def test_binder_page_renders(
    binder_env: dict[str, Any],
    server_factory: Callable[..., Any],
    voila_settings: dict[str, Any],
) -> None:
    """Binder's way: the Jupyter server from the Binder venv, Voila as its extension."""
    argv = [
        str(binder_env["bindir"] / "jupyter"),
        "server",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
    ]
    if os.geteuid() == 0:
        argv.append("--allow-root")
    server = server_factory("binder-jupyter-server", argv, env=binder_env["env"], cwd=REPO_ROOT)

    with server.rendering(BADGE_URLPATH) as rendered:
        check_binder_page(server, rendered, voila_settings)
    assert server.log_errors() == []


def check_binder_page(server: Any, rendered: Any, config: dict[str, Any]) -> None:
    assert rendered.response.status == 200, rendered.html[-2000:]
    assert "application/vnd.jupyter.widget-view+json" in rendered.mime_types()
    assert rendered.problems() == []
    assert "from verlies.ui import" not in rendered.html

    # The settings of binder/voila.json reached the server through postBuild:
    manager = config["MappingKernelManager"]
    log = server.log_text()
    assert (
        f"Culling kernels with idle durations > {manager['cull_idle_timeout']} seconds "
        f"at {manager['cull_interval']} second intervals"
    ) in log
    assert "Culling kernels even with connected clients" not in log  # lifetimes by connection
    # ... the Voila file allowlist (empty) ...
    assert server.get("/voila/files/pyproject.toml").status == 403
    assert server.get("/voila/files/notebooks/no-such-image.png").status == 403
    # ... and the websocket message cap.
    limit = config["ServerApp"]["tornado_settings"]["websocket_max_message_size"]
    assert rendered.kernel_id
    assert server.websocket_send(rendered.kernel_id, limit // 4) == "reply"
    assert server.websocket_send(rendered.kernel_id, limit + 1024) == "closed"

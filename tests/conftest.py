"""Shared test helpers: repository paths, free ports, and Jupyter/Voila server processes.

Helpers reach tests through fixtures (``server_factory``), never through ``import conftest``.
A started server is a :class:`ServerProcess`: it has its own process group, logs to a file,
and is stopped with SIGTERM at the end of the session.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings as hypothesis_settings

# Hypothesis' per-example deadline (200 ms) is a stopwatch: on a busy machine a first call
# took 264 ms and the same case 0.7 ms on replay ("FlakyFailure"). Tests bound work, not time.
hypothesis_settings.register_profile("verlies", deadline=None)
hypothesis_settings.load_profile("verlies")

REPO_ROOT = Path(__file__).resolve().parents[1]
TESTS_DIR = REPO_ROOT / "tests"
# Tests live in folders that mirror the package (tests/helpers/homes.py); pytest imports a
# test module by its base name (no packages, names unique: tests/house/test_house.py), so the
# modules form one namespace whatever their folder. The shared helpers (tests/helpers) and
# every test folder are on sys.path before any test module is imported: a test imports a
# helper, or a function of another test module, by its name wherever it lives, also when
# only its own file is run.
_FOLDERS = {p.parent for p in TESTS_DIR.rglob("test_*.py")} | {TESTS_DIR / "helpers"}
# tests/browser is on the path by its own conftest.py (its tests import only each other).
for _folder in sorted(_FOLDERS - {TESTS_DIR / "browser"}):
    if str(_folder) not in sys.path:
        sys.path.append(str(_folder))
NOTEBOOKS_DIR = REPO_ROOT / "notebooks"
# The one Voila settings file, read by `./run play`, the tests and (via postBuild) Binder.
VOILA_CONFIG_DIR = REPO_ROOT / "binder"
VOILA_CONFIG_FILE = VOILA_CONFIG_DIR / "voila.json"
# The page's Voila template (no requests to other hosts) is found on the Jupyter data path,
# as `./run play` sets it; servers started by the tests inherit it.
VOILA_DATA_DIR = VOILA_CONFIG_DIR / "share" / "jupyter"
os.environ["JUPYTER_PATH"] = os.pathsep.join(
    p for p in (str(VOILA_DATA_DIR), os.environ.get("JUPYTER_PATH", "")) if p
)
# The page saves every game played on it (verlies/ui/play/autosave_store.py): the tests'
# games and the servers they start go to a store of their own, never the user's
# ~/.local/share/verlies.
os.environ.pop("VERLIES_STORE_URL", None)
os.environ["VERLIES_DATA_DIR"] = tempfile.mkdtemp(prefix="verlies-test-store-")
# The lab's workers run the compiled engine when the user's build cache holds one for the
# current source (a designer who ran `verlies build-engine`; a CI machine that kept one):
# the tests see the interpreted workers wherever they run, and those of the compiled
# engine ask for it (tests/helpers/compiled_build.py). Both play the same games.
os.environ["VERLIES_COMPILED"] = "0"

# Lines of a Jupyter/Voila server log that mean something went wrong.
#: Exceptions that only say a browser went away while the server wrote to it (a test
#: closed its page while the kernel still sent messages): tornado logs them as "Task
#: exception was never retrieved" when the write's task is collected, which can be during
#: a later test. Not a server error.
_CLOSED_CONNECTION = (
    "tornado.websocket.WebSocketClosedError",
    "tornado.iostream.StreamClosedError",
)


#: jupyter_client interrupts a kernel (SIGINT) before it asks it to shut down: the
#: KeyboardInterrupt lands in whatever the kernel is doing, a message handler ("KeyboardInterrupt
#: caught in kernel") or a ZMQ stream callback (ipykernel's tornado logger: "ERROR:tornado.general:
#: Uncaught exception in ZMQStream callback" and a traceback ending in KeyboardInterrupt).
_INTERRUPTED = ("KeyboardInterrupt",)
#: A kernel on its way out answers the shutdown request on its control channel and then
#: publishes "idle" through its output thread's pipe, which its exit may already have
#: closed: ipykernel logs "Uncaught exception in ZMQStream callback" ending in this. The
#: kernel was ending anyway (seen once in a fresh-clone run of test_table_cap).
_SHUT_DOWN = ("zmq.error.ZMQError: Socket operation on non-socket",)


def _traceback_exception(lines: list[str], start: int) -> str:
    """The exception line of the traceback starting at ``lines[start]``: the first unindented
    line after it (chained tracebacks: each on its own)."""
    for line in lines[start + 1 :]:
        if line and not line[0].isspace():
            return line
    return ""


def _ends_in_closed_connection(lines: list[str], start: int) -> bool:
    """Does the traceback starting at ``lines[start]`` end in a closed connection?"""
    return _traceback_exception(lines, start).startswith(_CLOSED_CONNECTION)


_LOG_ERROR_PATTERNS = [
    re.compile(r"Traceback \(most recent call last\)"),
    re.compile(r"Uncaught exception"),
    re.compile(r"^\[[EC] \d"),  # jupyter_server: [E 2024-01-01 ...] / [C ...]
    re.compile(r"^\[\w+\] (ERROR|CRITICAL)\b"),  # standalone voila: [Voila] ERROR | ...
    re.compile(r"^5\d\d (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) "),  # tornado access log
    re.compile(r"\b5\d\d (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /"),
]


def voila_config() -> dict[str, Any]:
    """The parsed shared Voila settings file (binder/voila.json)."""
    data: dict[str, Any] = json.loads(VOILA_CONFIG_FILE.read_text(encoding="utf-8"))
    return data


def install_into(
    python: Path, args: Sequence[str], env: Mapping[str, str], cwd: Path, timeout: float = 900
) -> None:
    """``pip install ARGS`` into the venv of ``python``, done by uv (a test extra): the same
    packages, resolved from the same requirements, in seconds instead of the minutes pip
    takes to unpack a Jupyter stack on two busy cores. The venv itself is a plain
    ``python -m venv`` one (with pip, as Binder's and a user's are)."""
    from uv import find_uv_bin

    # uv keeps a wheel built from a local tree while its pyproject.toml is unchanged: this
    # repository's edited modules would install stale, so verlies is always built anew.
    refresh = ["--refresh-package", "verlies", "--reinstall-package", "verlies"]
    argv = [find_uv_bin(), "pip", "install", "--quiet", *refresh, "--python", str(python), *args]
    proc = subprocess.run(
        argv,
        cwd=cwd,
        env=dict(env),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=timeout,
    )
    assert proc.returncode == 0, f"{argv} failed ({proc.returncode}):\n{proc.stdout[-4000:]}"


@pytest.fixture(scope="session")
def venv_install() -> Callable[..., None]:
    """:func:`install_into`, for tests that build a venv of their own."""
    return install_into


@pytest.fixture(scope="session")
def voila_settings() -> dict[str, Any]:
    """binder/voila.json, parsed: tests compare the running servers against it."""
    return voila_config()


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


#: The host's key (verlies/serve/routes.py): the servers the tests start inherit it, and the
#: helpers below send it, as an operator's script would; a page's browser never has it.
SERVER_KEY = os.environ.setdefault("VERLIES_SERVER_KEY", uuid.uuid4().hex)
_KEY_HEADER = ("X-Verlies-Key", SERVER_KEY)

_OPENER_NO_REDIRECT = urllib.request.build_opener(_NoRedirect)
_OPENER = urllib.request.build_opener()
for _opener in (_OPENER, _OPENER_NO_REDIRECT):
    _opener.addheaders = [*_opener.addheaders, _KEY_HEADER]


@dataclass
class Response:
    status: int
    headers: Mapping[str, str]
    body: str


@dataclass
class RenderedPage:
    """A Voila page fetched over HTTP, with its cell outputs decoded."""

    response: Response
    outputs: list[dict[str, Any]] = field(default_factory=list)
    kernel_id: str | None = None

    @property
    def html(self) -> str:
        return self.response.body

    def mime_types(self) -> set[str]:
        return {mime for out in self.outputs for mime in out.get("data", {})}

    def problems(self) -> list[str]:
        """Error outputs, stderr streams and Voila's "error when executing" notices."""
        found = []
        for out in self.outputs:
            kind = out.get("output_type")
            if kind == "error" or (kind == "stream" and out.get("name") == "stderr"):
                found.append(json.dumps(out)[:500])
        for marker in ("Traceback", "There was an error when executing cell"):
            if marker in self.html:
                found.append(f"page contains {marker!r}")
        return found


_CELL_OUTPUT = re.compile(
    r'<script type="application/vnd\.voila\.cell-output\+json">\s*(.*?)\s*</script>', re.S
)
_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


class ServerProcess:
    """A web server subprocess (Voila, Jupyter Server) with a log file and a readiness probe."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        port: int,
        log_path: Path,
        cwd: Path = REPO_ROOT,
        env: Mapping[str, str] | None = None,
        ready_path: str = "/voila/static/voila.js",
    ) -> None:
        self.argv = list(argv)
        self.port = port
        self.log_path = log_path
        self.cwd = cwd
        self.env = dict(os.environ if env is None else env)
        self.ready_path = ready_path
        self.base_url = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen[bytes] | None = None

    # -- life cycle ------------------------------------------------------------------------

    def start(self, timeout: float = 60.0) -> ServerProcess:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("wb") as log:
            self.proc = subprocess.Popen(
                self.argv,
                cwd=self.cwd,
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # own process group: kernels are ours to clean up
            )
        # ``timeout`` is how long the server may show no progress, not a deadline: a busy
        # machine that is still starting it (its log grows, it works) is waited for.
        deadline = time.monotonic() + timeout
        seen = self._progress()
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"server exited with {self.proc.returncode} before it was ready: "
                    f"{self.argv}\n--- log ---\n{self.log_tail()}"
                )
            try:
                if self.get(self.ready_path, timeout=2).status == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.2)
            now = self._progress()
            # More log, or a quarter CPU second of work (an idle server's timer ticks are
            # far less): progress, so the wait goes on.
            if now[0] != seen[0] or now[1] >= seen[1] + 0.25:
                seen, deadline = now, time.monotonic() + timeout
        self.stop()
        raise RuntimeError(
            f"server not ready and no progress for {timeout} s: {self.argv}\n{self.log_tail()}"
        )

    def _progress(self) -> tuple[int, float]:
        """The log's size and the server process's CPU seconds (0 where /proc is missing)."""
        try:
            size = self.log_path.stat().st_size
        except OSError:
            size = 0
        cpu = 0.0
        if self.proc is not None:
            try:
                fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
                cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
            except (OSError, IndexError, ValueError):
                pass
        return size, cpu

    def stop(self, timeout: float = 20.0) -> None:
        """SIGTERM the server (it shuts its kernels down), then clear its process group."""
        proc = self.proc
        if proc is None:
            return
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        # Leftovers (kernels) of the group this server led.
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    # -- log -------------------------------------------------------------------------------

    def log_text(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def log_tail(self, lines: int = 60) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])

    def log_mark(self) -> int:
        """Current end of the log; pass to :meth:`log_errors` to see only newer lines."""
        return len(self.log_text())

    def log_errors(self, since: int = 0) -> list[str]:
        """The log's error lines after ``since``, but for tracebacks that end in a closed
        browser connection (see ``_CLOSED_CONNECTION``) or in the interrupt of a kernel on its
        way to a shutdown (see ``_INTERRUPTED``: only jupyter_client's shutdown interrupts the
        page's kernels) or in its last status sent after its exit began (``_SHUT_DOWN``). The
        header line just before such a traceback ("Uncaught exception in ...") goes with
        it."""
        lines = self.log_text()[since:].splitlines()
        benign = _CLOSED_CONNECTION + _INTERRUPTED + _SHUT_DOWN

        def is_benign_traceback(i: int) -> bool:
            return (
                0 <= i < len(lines)
                and lines[i].lstrip().startswith("Traceback")
                and _traceback_exception(lines, i).startswith(benign)
            )

        errors = []
        for i, line in enumerate(lines):
            if not any(p.search(line) for p in _LOG_ERROR_PATTERNS):
                continue
            if is_benign_traceback(i) or (
                "Uncaught exception" in line and is_benign_traceback(i + 1)
            ):
                continue
            if "KeyboardInterrupt caught in kernel" in line:
                continue
            errors.append(line)
        return errors

    # -- HTTP ------------------------------------------------------------------------------

    def url(self, path: str = "/") -> str:
        return self.base_url + path

    def get(self, path: str, *, follow_redirects: bool = False, timeout: float = 60) -> Response:
        opener = _OPENER if follow_redirects else _OPENER_NO_REDIRECT
        try:
            with opener.open(self.url(path), timeout=timeout) as resp:
                body = resp.read().decode("utf-8", errors="replace")
                return Response(resp.status, dict(resp.headers), body)
        except urllib.error.HTTPError as err:
            body = err.read().decode("utf-8", errors="replace")
            return Response(err.code, dict(err.headers), body)

    def render(self, path: str = "/") -> RenderedPage:
        """GET a Voila page (this starts a kernel) and decode its cell outputs."""
        resp = self.get(path)
        outputs = [json.loads(raw) for raw in _CELL_OUTPUT.findall(resp.body)]
        match = _KERNEL_ID.search(resp.body)
        return RenderedPage(resp, outputs, match.group(1) if match else None)

    @contextmanager
    def rendering(self, path: str = "/") -> Iterator[RenderedPage]:
        """:meth:`render`, and shut the page's kernel down afterwards."""
        rendered = self.render(path)
        try:
            yield rendered
        finally:
            if rendered.kernel_id:
                self.shutdown_kernel(rendered.kernel_id)

    def shutdown_kernel(self, kernel_id: str) -> int:
        """DELETE /api/kernels/<id>; returns the status code (204 when it was shut down).

        Tests that render pages over HTTP call this so their kernels do not pile up. The XSRF
        check only compares the cookie with the header, so any token of ours will do.
        """
        xsrf = uuid.uuid4().hex
        req = urllib.request.Request(
            self.url(f"/api/kernels/{kernel_id}"),
            method="DELETE",
            headers={"X-XSRFToken": xsrf, "Cookie": f"_xsrf={xsrf}", _KEY_HEADER[0]: SERVER_KEY},
        )
        try:
            with _OPENER_NO_REDIRECT.open(req, timeout=30) as resp:
                status: int = resp.status
                return status
        except urllib.error.HTTPError as err:
            return err.code

    def kernel_status(self, kernel_id: str) -> int:
        """HTTP status of GET /api/kernels/<id>: 200 while the kernel lives, 404 after."""
        return self.get(f"/api/kernels/{kernel_id}", timeout=10).status

    def websocket_send(self, kernel_id: str, padding: int) -> str:
        """Send a kernel_info_request padded to ``padding`` bytes on the kernel websocket.

        Returns "reply" when the kernel answered and "closed" when the server dropped the
        connection (for instance because the message exceeded websocket_max_message_size).
        """
        # In a thread of its own: Playwright's sync API keeps an event loop on this one.
        with ThreadPoolExecutor(max_workers=1) as pool:
            return pool.submit(asyncio.run, self._websocket_send(kernel_id, padding)).result()

    async def _websocket_send(self, kernel_id: str, padding: int) -> str:
        from tornado.websocket import WebSocketClosedError

        from verlies.serve.websocket import client_frame, v1_header

        ws = await self.kernel_websocket(kernel_id)
        try:
            message = client_frame("kernel_info_request", metadata={"padding": "x" * padding})
            try:
                await ws.write_message(message, binary=True)
            except WebSocketClosedError:
                return "closed"
            while True:
                reply = await asyncio.wait_for(ws.read_message(), 30)
                if reply is None:
                    return "closed"
                header = v1_header(reply) if isinstance(reply, bytes) else None
                if header and header.get("msg_type") == "kernel_info_reply":
                    return "reply"
        finally:
            ws.close()

    async def kernel_websocket(self, kernel_id: str, *, v1: bool = True) -> Any:
        """A websocket client on the kernel's channels, speaking the v1 protocol (the
        page's) unless ``v1`` is False (a legacy client, which the server refuses)."""
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        from verlies.serve.websocket import V1

        session = uuid.uuid4().hex
        url = f"ws://127.0.0.1:{self.port}/api/kernels/{kernel_id}/channels?session_id={session}"
        request = HTTPRequest(url, headers={_KEY_HEADER[0]: SERVER_KEY})
        return await websocket_connect(request, subprotocols=[V1] if v1 else None)


ServerFactory = Callable[..., ServerProcess]


@pytest.fixture(scope="session")
def server_factory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerFactory]:
    """Start servers; all are stopped (SIGTERM) at the end of the session.

    ``server_factory(name, argv, port=None, timeout=60, **ServerProcess_kwargs)``: without
    ``port`` a free one is picked and put in place of ``{port}`` in the items of ``argv``.
    ``timeout``: seconds the starting server may show no progress (log, CPU) before the
    start fails. The log goes to ``<tmp>/server-logs/<name>.log``.
    """
    started: list[ServerProcess] = []
    log_dir = tmp_path_factory.mktemp("server-logs")

    def start(
        name: str,
        argv: Sequence[str],
        *,
        port: int | None = None,
        timeout: float = 60.0,
        **kwargs: Any,
    ) -> ServerProcess:
        if port is None:
            port = free_port()
            argv = [arg.replace("{port}", str(port)) for arg in argv]
        server = ServerProcess(argv, port=port, log_path=log_dir / f"{name}.log", **kwargs)
        started.append(server)
        return server.start(timeout)

    yield start
    for server in reversed(started):
        server.stop()


def voila_argv(notebook: Path, port: int, *extra: str) -> list[str]:
    """The command line of `./run play` (the venv's voila), for a given notebook and port."""
    return [
        str(Path(sys.executable).parent / "voila"),
        str(notebook),
        f"--Voila.config_file_paths={VOILA_CONFIG_DIR}",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--no-browser",
        *extra,
    ]


@pytest.fixture(scope="session")
def start_voila(server_factory: ServerFactory) -> Callable[..., ServerProcess]:
    """Start a standalone Voila for one notebook, exactly as `./run play` does.

    ``start_voila("play.ipynb", "--extra=option", name="log-name")``.
    """

    def start(notebook: str, *extra: str, name: str | None = None) -> ServerProcess:
        port = free_port()
        argv = voila_argv(NOTEBOOKS_DIR / notebook, port, *extra)
        return server_factory(name or Path(notebook).stem, argv, port=port)

    return start


@pytest.fixture(autouse=True, scope="module")
def _module_outside_playwrights_loop(request: pytest.FixtureRequest) -> Iterator[None]:
    """The same as :func:`_outside_playwrights_loop` for a module's own fixtures (a view
    built once for the module hands its calls to the loop running when it was built).
    After the module, worker processes a view's pool forked and never closed are ended:
    they inherit this process's open pipes (a Playwright driver's among them), and the
    driver, never seeing its pipe close, kept the xdist worker's teardown waiting."""
    yield from _without_leaked_loop(request)
    if "browser" not in request.node.path.parts:
        import multiprocessing
        from multiprocessing import popen_fork

        for child in multiprocessing.active_children():
            if type(getattr(child, "_popen", None)) is popen_fork.Popen:
                child.terminate()
                child.join(30)


@pytest.fixture(autouse=True)
def _outside_playwrights_loop(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test outside tests/browser runs with no event loop marked running on its thread.

    Playwright's sync API (the session's browser, on the same xdist worker) leaves its own
    loop marked running on the main thread between browser tests. A widget test after one
    then looked as if it ran inside a kernel's loop: the page's views hand their worker
    threads' calls to the running loop (verlies/ui/runs/handover.py), and that loop never
    ran them ("0 of 16 games"); ``asyncio.run`` refused to start. In a kernel the loop is
    ipykernel's and runs; here the mark is taken off for the test and put back after.
    """
    yield from _without_leaked_loop(request)


def _without_leaked_loop(request: pytest.FixtureRequest) -> Iterator[None]:
    if "browser" in request.node.path.parts:
        yield
        return
    leaked = asyncio._get_running_loop()
    if leaked is None:
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(leaked)

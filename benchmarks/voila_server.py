"""The Voila server the browser benchmarks measure (benchmarks/ui.py, benchmarks/load.py):
started as `./run play` starts it (binder/voila.json, the page's template on the Jupyter
data path) on a free port of its own, watched (its kernels, their CPU time and memory) and
stopped with everything it started.

A helper, not a benchmark: nothing here measures.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[1]
VOILA = Path(sys.executable).parent / "voila"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class VoilaServer:
    """Standalone Voila for ``target`` (one notebook, or a directory: tree mode), with the
    settings of binder/voila.json plus ``extra`` command-line options."""

    name: str
    target: Path
    canvas: str = ""  # CSS class of the board canvas of the page (for the caller)
    extra: tuple[str, ...] = ()
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None
    #: The host's key (verlies/serve/routes.py): the server gets it, the helpers send it.
    key: str = field(default_factory=lambda: uuid.uuid4().hex)

    @property
    def key_header(self) -> dict[str, str]:
        return {"X-Verlies-Key": self.key}

    @property
    def log_path(self) -> Path:
        return Path(tempfile.gettempdir()) / f"verlies-bench-{self.name}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def base(self) -> str:
        """The URL without the trailing slash (to append a path)."""
        return self.url.rstrip("/")

    def start(self) -> None:
        """Start the process (returns at once; see :meth:`ready`, :meth:`wait_ready`)."""
        env = {
            **os.environ,
            "VERLIES_SERVER_KEY": self.key,
            "JUPYTER_PATH": os.pathsep.join(
                filter(None, (str(REPO / "binder/share/jupyter"), os.environ.get("JUPYTER_PATH")))
            ),
        }
        argv = [
            str(VOILA),
            str(self.target),
            f"--Voila.config_file_paths={REPO / 'binder'}",
            "--Voila.ip=127.0.0.1",
            f"--port={self.port}",
            "--no-browser",
            *self.extra,
        ]
        with self.log_path.open("wb") as log:
            self.proc = subprocess.Popen(
                argv, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True,
            )  # fmt: skip

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def ready(self) -> bool:
        """Does the server answer? (A static file: asking starts no kernel.)"""
        if self.proc is not None and self.proc.poll() is not None:
            raise RuntimeError(f"voila {self.name} exited early:\n{self.log()[-3000:]}")
        try:
            with urllib.request.urlopen(self.url + "voila/static/voila.js", timeout=5):
                return True
        except OSError:
            return False

    def wait_ready(self, stalled: float = 120.0) -> None:
        """Wait until the server answers, as long as it keeps working (CPU time moves)."""
        seen, last = -1.0, time.monotonic()
        while not self.ready():
            cpu = self.cpu_seconds()
            if cpu != seen:
                seen, last = cpu, time.monotonic()
            if time.monotonic() - last > stalled:
                self.stop()
                raise RuntimeError(f"voila {self.name} did not come up:\n{self.log()[-3000:]}")
            time.sleep(0.2)

    def kernels(self) -> list[psutil.Process]:
        if self.proc is None:
            return []
        try:
            children = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []
        out = []
        for p in children:
            try:
                if "ipykernel_launcher" in " ".join(p.cmdline()):
                    out.append(p)
            except psutil.Error:
                continue
        return out

    def kernel_process(self, kernel_id: str) -> psutil.Process | None:
        for p in self.kernels():
            try:
                if kernel_id in " ".join(p.cmdline()):
                    return p
            except psutil.Error:
                continue
        return None

    def cpu_seconds(self) -> float:
        """CPU time of the server and its kernels (user + system)."""
        total = 0.0
        try:
            procs = [psutil.Process(self.proc.pid)] if self.proc else []
        except psutil.NoSuchProcess:
            procs = []
        for p in procs + self.kernels():
            try:
                t = p.cpu_times()
                total += t.user + t.system
            except psutil.Error:
                continue
        return total

    def shutdown_kernel(self, kernel_id: str) -> None:
        xsrf = uuid.uuid4().hex
        req = urllib.request.Request(
            f"{self.url}api/kernels/{kernel_id}",
            method="DELETE",
            headers={"X-XSRFToken": xsrf, "Cookie": f"_xsrf={xsrf}", **self.key_header},
        )
        try:
            urllib.request.urlopen(req, timeout=60).close()
        except OSError:
            pass

    def stop(self) -> None:
        """SIGTERM (Voila ends its kernels), then the whole process group."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

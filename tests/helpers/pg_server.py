"""A throwaway PostgreSQL server for the tests and benchmarks of shared tables (issue 23).

Debian's ``postgresql`` package (``./run test`` installs it as root, ``ensure_postgresql``)
gives ``initdb`` and ``pg_ctl`` in ``/usr/lib/postgresql/<version>/bin``. A server here is
a cluster made in a fresh temporary folder, listening on a unix socket in that folder only
(no TCP port: nothing to collide with another developer's server, nothing reachable from
the network), with trust authentication for its one user; it is stopped and the folder
removed at the end. PostgreSQL refuses to run as root, so as root the cluster belongs to
the package's ``postgres`` user and its programs run through ``runuser``.

    with PgServer() as pg:
        store = TableStore(pg.url)
"""

from __future__ import annotations

import os
import pwd
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from types import TracebackType

#: The socket's "port": it only names the socket file inside the server's own folder.
PORT = 5432
USER = "verlies"


class PgMissing(RuntimeError):
    """PostgreSQL's server programs are not installed: says what to install."""


def bindir() -> Path:
    """The newest installed PostgreSQL's server programs (Debian's layout first)."""
    found = []
    for initdb in Path("/usr/lib/postgresql").glob("*/bin/initdb"):
        version = re.match(r"\d+", initdb.parent.parent.name)
        if version:
            found.append((int(version.group()), initdb.parent))
    if found:
        return max(found)[1]
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).parent
    raise PgMissing(
        "PostgreSQL's server (initdb, pg_ctl) is not installed; on Debian, as root: "
        "apt-get install -y postgresql  (./run test does it)"
    )


class PgServer:
    """A PostgreSQL cluster of its own in a temporary folder, for one test run."""

    def __init__(self) -> None:
        self.bin = bindir()
        self.dir = Path(tempfile.mkdtemp(prefix="verlies-pg-"))
        self.data = self.dir / "data"
        self.log = self.dir / "server.log"
        self._as: list[str] = []
        if os.geteuid() == 0:
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                raise PgMissing(
                    "running as root needs the 'postgres' user of Debian's postgresql package"
                ) from None
            os.chown(self.dir, owner.pw_uid, owner.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]
        self.running = False

    @property
    def url(self) -> str:
        """The SQLAlchemy URL of the server's ``postgres`` database (psycopg 3)."""
        return f"postgresql+psycopg://{USER}@/postgres?host={self.dir}&port={PORT}"

    def _run(self, *args: str) -> None:
        done = subprocess.run(
            [*self._as, *args], capture_output=True, text=True, timeout=120, check=False
        )
        if done.returncode != 0:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(
                f"{' '.join(args[:2])} failed ({done.returncode}):\n"
                f"{done.stdout}\n{done.stderr}\n{log}"
            )

    def start(self) -> PgServer:
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            USER,
            "--auth=trust",
            "--encoding=UTF8",
            "--no-locale",
            "--no-sync",
        )
        # fsync off: a test server's data need not survive a power cut.
        options = f"-k {self.dir} -p {PORT} -c listen_addresses='' -c fsync=off"
        self._run(
            str(self.bin / "pg_ctl"),
            "start",
            "-D",
            str(self.data),
            "-w",
            "-t",
            "120",
            "-l",
            str(self.log),
            "-o",
            options,
        )
        self.running = True
        return self

    def stop(self) -> None:
        try:
            if self.running:
                self._run(str(self.bin / "pg_ctl"), "stop", "-D", str(self.data), "-m", "fast")
                self.running = False
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> PgServer:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(
        self,
        _t: type[BaseException] | None,
        _e: BaseException | None,
        _tb: TracebackType | None,
    ) -> None:
        self.stop()

"""How many page kernels this machine holds: from its memory and its cores.

Containers (Binder, JupyterHub's spawners, Docker) limit memory and CPU with cgroups while
``/proc/meminfo`` and ``os.cpu_count()`` show the whole host, so the cgroup limits count
first. No third-party library: this runs inside the Jupyter server at start-up.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

#: Environment variable that sets the cap and wins over everything else (docs/serving.md).
ENV_MAX_KERNELS = "VERLIES_MAX_KERNELS"
#: A page kernel after a 100-step game (benchmarks/load.py measures it) plus headroom for
#: the Jupyter server's own share and for the kernel's peaks (a deck upload).
KERNEL_MB = 160
#: Memory kept for the system, the Jupyter server and the browser-facing work.
RESERVED_MB = 512
#: Kernels per core: a page kernel idles between clicks, so several share a core. Twelve
#: lets 20 visitors arriving at once on 2 cores all get a board (issue 11; 24 with the
#: pool of 2); more and a visitor's click waits long behind the others' (benchmarks/load.py).
KERNELS_PER_CORE = 12

_CGROUP = Path("/sys/fs/cgroup")


@dataclass(frozen=True)
class Machine:
    """What the server may use: memory in MiB and cores (both after container limits)."""

    memory_mb: int
    cores: float

    @property
    def kernel_cap(self) -> int:
        """Kernels this machine holds: the smaller of the memory and the core bound, >= 1."""
        by_memory = (self.memory_mb - RESERVED_MB) // KERNEL_MB
        by_cores = int(self.cores * KERNELS_PER_CORE)
        return max(1, min(by_memory, by_cores))


def _read_int(path: Path) -> int | None:
    try:
        text = path.read_text().strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def memory_mb() -> int:
    """Physical memory, or the container's memory limit when that is lower."""
    total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    for limit_file in (_CGROUP / "memory.max", _CGROUP / "memory" / "memory.limit_in_bytes"):
        limit = _read_int(limit_file)  # "max" (no limit) reads as None
        if limit is not None and 0 < limit < total:
            total = limit
    return total // (1024 * 1024)


def cores() -> float:
    """Cores this process may run on, or the container's CPU quota when that is lower."""
    try:
        count = float(len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        count = float(os.cpu_count() or 1)
    try:
        quota, period = (_CGROUP / "cpu.max").read_text().split()
        if quota != "max" and int(period) > 0:
            count = min(count, max(int(quota) / int(period), 1.0))
    except (OSError, ValueError):
        pass
    return count


def this_machine() -> Machine:
    return Machine(memory_mb(), cores())


def kernel_cap(configured: int = 0) -> int:
    """The cap on concurrent kernels: ``$VERLIES_MAX_KERNELS`` if set, else ``configured``
    if above 0 (binder/voila.json), else what this machine holds."""
    env = os.environ.get(ENV_MAX_KERNELS, "").strip()
    if env:
        try:
            value = int(env)
        except ValueError:
            raise ValueError(f"{ENV_MAX_KERNELS} must be a whole number, not {env!r}") from None
        if value < 1:
            raise ValueError(f"{ENV_MAX_KERNELS} must be at least 1, not {value}")
        return value
    if configured > 0:
        return configured
    return this_machine().kernel_cap

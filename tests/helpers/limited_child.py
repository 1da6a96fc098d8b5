"""Hostile kept state read in a child process (the fuzz tests of the workspace): the
child's own script sets its memory limit (RLIMIT_AS) and prints one JSON line per case;
a child that died or printed fewer lines fails the test with its stderr."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]


def run_cases(
    child: str, url: str, headroom: int, cases: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Run ``child`` (a ``python -c`` script taking the store's ``url`` and the memory
    ``headroom``) on ``cases`` (JSON on its stdin); its answers, one per case."""
    done = subprocess.run(
        [sys.executable, "-c", child, url, str(headroom)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin", "HOME": str(Path.home())},
        check=False,
    )
    lines = [json.loads(x) for x in done.stdout.splitlines() if x.startswith("{")]
    assert done.returncode == 0 and len(lines) == len(cases), done.stderr[-3000:]
    return lines

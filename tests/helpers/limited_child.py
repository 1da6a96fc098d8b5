"""Hostile kept state read in a child process (the fuzz tests of the workspace): the
child's own script sets its memory limit (RLIMIT_AS) and prints one JSON line per case;
a child that died or printed fewer lines fails the test with its stderr."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
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


_HEAD = """\
import json, resource, sys

from verlies.errors import WordedError
from verlies.store import PlaytestStore
from verlies.store.workspace import WorkspaceStore
from verlies.ui.workspace.model import WorkspaceModel
"""

_LIMIT = """
url, headroom = sys.argv[1], int(sys.argv[2])
cases = json.loads(sys.stdin.read())
spaces = WorkspaceStore(PlaytestStore(url))
spaces.latest("x" * 32)  # every module the readers need is loaded before the limit
with open("/proc/self/status") as f:
    vm = next(int(l.split()[1]) * 1024 for l in f if l.startswith("VmSize:"))
resource.setrlimit(resource.RLIMIT_AS, (vm + headroom, vm + headroom))
"""

_CATCH = """\
    except WordedError as e:
        out["raised"] = "worded: " + e.text_in("en")
    except MemoryError:
        out["raised"] = "MemoryError"
    except BaseException as e:
        out["raised"] = f"{type(e).__name__}: {str(e)[:300]}"
    print(json.dumps(out), flush=True)
"""


def workspace_child(body: str, imports: str = "", setup: str = "", read_back: bool = False) -> str:
    """A child script for :func:`run_cases` that reads kept workspace state: the store at
    ``url`` opened and its readers loaded before the memory limit is set, then ``body``
    run for each ``case`` (with ``i``, ``spaces``), filling the answer ``out``; anything
    raised is the answer. ``imports`` and ``setup`` go before the limit and the loop;
    ``read_back`` starts the body with :data:`READ_BACK`."""
    body = (READ_BACK if read_back else "") + textwrap.dedent(body)
    return "".join(
        [
            _HEAD,
            textwrap.dedent(imports),
            _LIMIT,
            textwrap.dedent(setup),
            "for i, case in enumerate(cases):\n",
            '    out = {"name": case["name"]}\n',
            "    try:\n",
            textwrap.indent(body.strip("\n") + "\n", " " * 8),
            _CATCH,
        ]
    )


#: A ``body`` start for :func:`workspace_child`: the page's hello on the case's link, and
#: what came back (the working draft, a whole-row error, the parts left out, the results).
READ_BACK = """
m = WorkspaceModel(lambda: spaces, clock=lambda: 0.0)
back = m.hello(json.dumps({"client": case["client"], "query": case["query"]}))
out["draft"] = back is not None and back.draft is not None
out["error"] = None if m.load_error is None else m.load_error.text_in("en")
out["dropped"] = [] if back is None else [[k, e.text_in("en")] for k, e in back.dropped]
out["results"] = [] if back is None else sorted(back.results)
"""

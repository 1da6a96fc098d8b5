"""Re-run the notebooks and store their outputs (after a change to events or the deck).

    .venv/bin/python notebooks/refresh_outputs.py notebooks/rules_tour.ipynb ...

Cells stored without outputs (e.g. the ones showing live widgets) stay without; widget
state is never stored, so nbval compares only what the cells print.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def refresh(path: Path) -> None:
    nb = nbformat.read(path, 4)
    empty = {c["id"] for c in nb.cells if c.cell_type == "code" and not c.get("outputs")}
    NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code" and cell["id"] in empty:
            cell.outputs = []
            cell.execution_count = None
    nb.metadata.pop("widgets", None)
    nbformat.validate(nb)
    nbformat.write(nb, path)
    print(f"refreshed {path}")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        refresh(Path(name))

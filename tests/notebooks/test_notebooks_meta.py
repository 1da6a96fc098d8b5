"""The tour and workshop notebooks are stored so that nbval really checks them.

nbval (``--nbval-lax``) runs every notebook and compares only cells marked
``# NBVAL_CHECK_OUTPUT``; these tests make sure such cells exist, carry their expected output
and hold nothing that changes from run to run (widget ids, errors, timings).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
MARK = "# NBVAL_CHECK_OUTPUT"
OURS = ("rules_tour.ipynb", "designer_workshop.ipynb", "playtests.ipynb")


def load(name: str) -> dict:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))


def code_cells(nb: dict) -> list[dict]:
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


@pytest.mark.parametrize("name", OURS)
def test_checked_cells_have_stable_expected_output(name: str) -> None:
    nb = load(name)
    checked = [c for c in code_cells(nb) if source(c).startswith(MARK)]
    assert len(checked) >= 5, "a few cells must be compared, or nbval checks nothing"
    for cell in checked:
        outputs = cell["outputs"]
        assert outputs, f"checked cell without stored output: {source(cell)[:80]!r}"
        for out in outputs:
            assert out["output_type"] == "stream" and out["name"] == "stdout", out
            text = "".join(out["text"])
            assert "model_id" not in text and "0x" not in text  # no widget ids, addresses
            assert not re.search(r"\d+\.\d+ ?s\b", text), "timings vary from run to run"


@pytest.mark.parametrize("name", OURS)
def test_no_errors_or_widget_state_stored(name: str) -> None:
    nb = load(name)
    assert "widgets" not in nb["metadata"]  # no saved widget state (big, and changes)
    for cell in code_cells(nb):
        for out in cell["outputs"]:
            assert out["output_type"] != "error"
            assert not (out["output_type"] == "stream" and out["name"] == "stderr")
            assert "application/vnd.jupyter.widget-view+json" not in out.get("data", {})


def test_rules_tour_covers_every_rule_card() -> None:
    nb = load("rules_tour.ipynb")
    headings = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    for rule in ("R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "W"):
        assert re.search(rf"^## .*\b{rule}\b", headings, re.M), rule
    code = " ".join(source(c) for c in code_cells(nb))
    assert "Card(" in code and "Roll(" in code  # chance is rigged, not sampled


def test_workshop_ends_with_the_editor() -> None:
    nb = load("designer_workshop.ipynb")
    last = code_cells(nb)[-1]
    assert "editor.widget" in source(last)
    code = " ".join(source(c) for c in code_cells(nb))
    for needed in ("compare(", "print_sheets(", "with_card_text(", "edit_deck(", "CardTextError"):
        assert needed in code, needed

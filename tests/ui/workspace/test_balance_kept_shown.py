"""A kept Balance answer keeps the games its chart's bars and marks open (feel4): written
with the answer, read back field by field, a wrong one refused naming the field."""

from __future__ import annotations

import re

import pytest

from verlies.ui.balance.kept_model import MAX_SHOWN, KeptRun
from verlies.ui.workspace.balance_kept import kept_run
from verlies.ui.workspace.fields import WorkspaceError

SHOWN = (("win:char-a", 3, 11, "?g=abc", False), ("stalled", 7, 40, None, True))


def _run(shown: object) -> dict[str, object]:
    kept = KeptRun(12, 3, 1, "verdict", "", "Base", None, "", "", SHOWN)
    data = kept.to_dict()
    if shown is not None:
        data["shown"] = shown
    return {"run": data}


def test_the_games_come_back_as_they_were_kept() -> None:
    back = kept_run(_run(None))
    assert back is not None and back.shown == SHOWN
    old = _run(None)
    del old["run"]["shown"]  # type: ignore[attr-defined]
    assert kept_run(old).shown == ()  # type: ignore[union-attr]  # kept before feel4


@pytest.mark.parametrize(
    ("shown", "where"),
    [
        ("x", "balance.run.shown"),
        ([["win:a", 1, 2, None]], "balance.run.shown[0]"),
        ([["banana", 1, 2, None, False]], "balance.run.shown[0][0]"),
        ([["longest", -1, 2, None, False]], "balance.run.shown[0]"),
        ([["longest", 1, 2, 5, False]], "balance.run.shown[0][3]"),
        ([["longest", 1, 2, None, "no"]], "balance.run.shown[0][4]"),
        ([["longest", 1, 2, None, False]] * (MAX_SHOWN + 1), "balance.run.shown"),
    ],
)
def test_a_wrong_game_is_refused_naming_the_field(shown: object, where: str) -> None:
    with pytest.raises(WorkspaceError, match=re.escape(where)):
        kept_run(_run(shown))

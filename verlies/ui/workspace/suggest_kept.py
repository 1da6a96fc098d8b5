"""The Suggest panel's answer as the workspace keeps it (issue 38 item 3): the answer as
:func:`verlies.sim.tune.result.saved` writes it and the targets and moves as the designer
wrote them (:func:`suggest_data`), read back for the draft it was computed for
(:func:`suggest_result`). No widgets."""

from __future__ import annotations

from typing import Any

from verlies.deck import Deck
from verlies.ui.workspace.fields import as_json as _as_json
from verlies.ui.workspace.fields import bad as _bad

__all__ = ["suggest_data", "suggest_result"]


def suggest_data(result: Any, targets: str, moves: str) -> dict[str, Any]:
    """The Suggest panel's answer (:class:`verlies.sim.tune.TuneResult`) as JSON data:
    what :func:`verlies.sim.tune.result.saved` keeps, and the panel's targets and moves as
    the designer wrote them."""
    from verlies.sim.tune.result import saved

    return _as_json({"answer": saved(result), "targets": targets, "moves": moves})


def suggest_result(data: Any, deck: Deck, where: str = "suggest") -> tuple[Any, str, str]:
    """The answer, targets and moves of :func:`suggest_data`'s data for the draft ``deck``
    it was computed for; WorkspaceError naming the field that is wrong."""
    from verlies.sim.tune.result import SavedError, from_saved

    if not isinstance(data, dict):
        raise _bad(where, "an object")
    targets, moves = data.get("targets"), data.get("moves")
    if not isinstance(targets, str) or not isinstance(moves, str):
        raise _bad(where, "the targets and moves as text")
    try:
        result = from_saved(data.get("answer"), deck)
    except SavedError as e:
        raise _bad(f"{where}.answer.{e.where}", e.what) from None
    return result, targets, moves

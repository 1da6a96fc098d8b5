"""A game's record: the steps it is made of and the save file that holds them.

A game is its setup plus its steps: actions of the players, chance outcomes, and live
deck edits (:class:`Edit`). A saved game is versioned JSON of both (``Game.to_json``);
this module writes and checks that format, ``Game.from_json`` replays it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from verlies.actions import Action, Outcome, describe, from_json, to_json
from verlies.errors import EnglishOnly, Phrase, SaveFormatError
from verlies.setup import DeckPatchLike

FORMAT = "verlies-game"
#: 2: a fight or trap roll of a seat holding an unused treasure is always a decision
#: (docs/decisions.md, "the game's shape"); version-1 saves load with the forced
#: decisions put back (``Game.from_json``).
FORMAT_VERSION = 2
#: The versions ``loads`` accepts.
READ_VERSIONS = (1, 2)
MAX_SAVE_BYTES = 5_000_000


@dataclass(frozen=True, slots=True)
class Edit:
    """A live deck edit taken as a step: applies to the cards not yet drawn."""

    patch: DeckPatchLike  # a verlies.DeckPatch
    kind: str = "edit"

    @property
    def label(self) -> str:
        return describe(self, "en")

    @property
    def label_de(self) -> str:
        return describe(self, "de")


Step = Action | Outcome | Edit


def step_to_json(step: Step) -> Any:
    """One step as the save file holds it (an edit as ``["edit", patch]``)."""
    if isinstance(step, Edit):
        return ["edit", step.patch.to_dict()]
    return to_json(step)


def step_from_json(raw: Any) -> Step:
    """A step read back from a save file (errors as the action or patch parser raises)."""
    if isinstance(raw, list) and len(raw) == 2 and raw[0] == "edit":
        from verlies.deck import DeckPatch

        return Edit(DeckPatch.from_dict(raw[1]))
    step: Step = from_json(raw)
    return step


def dumps(setup: dict[str, Any], steps: list[Any], cursor: int, indent: int | None) -> str:
    """The save file's text: format, version, setup, every step, the cursor."""
    data = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "setup": setup,
        "steps": steps,
        "cursor": cursor,
    }
    return json.dumps(data, ensure_ascii=False, indent=indent)


def loads(text: Any) -> dict[str, Any]:
    """The save file's top object, its format and version checked (SaveFormatError).

    Outside input: bounded in size, and any malformed text gives a SaveFormatError.
    """
    if not isinstance(text, str | bytes | bytearray):
        raise SaveFormatError(words=Phrase.of("save.err.not_text", kind=type(text).__name__))
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_SAVE_BYTES:
            raise SaveFormatError(words=Phrase.of("save.err.too_large", limit=MAX_SAVE_BYTES))
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise SaveFormatError(
                words=Phrase.of("save.err.not_utf8", detail=EnglishOnly(f": {e}"))
            ) from None
    if len(text) > MAX_SAVE_BYTES:
        raise SaveFormatError(words=Phrase.of("save.err.too_large", limit=MAX_SAVE_BYTES))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        detail = EnglishOnly(f": {e.msg}")
        said = Phrase.of("save.err.not_json", line=e.lineno, column=e.colno, detail=detail)
        raise SaveFormatError(words=said) from None
    except (RecursionError, ValueError) as e:  # absurd nesting, 5000-digit numbers
        said = Phrase.of("save.err.unreadable", detail=EnglishOnly(f": {e}"))
        raise SaveFormatError(words=said) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFormatError(words=Phrase.of("save.err.not_verlies", format=repr(FORMAT)))
    if type(data.get("version")) is not int or data.get("version") not in READ_VERSIONS:
        said = Phrase.of(
            "save.err.version", version=repr(data.get("version")), current=FORMAT_VERSION
        )
        raise SaveFormatError(words=said)
    return data

"""House rules as switches. Every variant is off by default (the cards as printed)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

#: Characters of a bad value an error shows at most.
SHOWN = 120


@dataclass(frozen=True, slots=True)
class Variants:
    """Switches for the variants named in RULES.md and the project's house rules.

    >>> Variants().opened_stays_open
    False
    >>> Variants.from_dict({"limited_bank": True}).limited_bank
    True
    """

    #: R4.4: a class-B obstacle (Magie-Sperre, Einsturz, Tür) once passed stays open.
    opened_stays_open: bool = False
    #: R10: only the 48 gold coin tokens exist; the bank pays what it has.
    limited_bank: bool = False
    #: House rule: injuries stack, each costs a turn (R8.3 says they do not).
    injuries_stack: bool = False
    #: House rule: a figure walks up to three cards instead of two (R3.5).
    long_walk: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_dict(data: Any) -> Variants:
        """The switches of a mapping (a save file's, a link's): VariantsError, in words of
        any language, for anything else (a save file is outside input)."""
        from verlies.errors import Phrase, VariantsError

        if not isinstance(data, Mapping):
            shown = repr(data)[:SHOWN]
            raise VariantsError(words=Phrase.of("variants.err.shape", value=shown))
        known = {f.name for f in fields(Variants)}
        unknown = sorted(str(k)[:SHOWN] for k in data if k not in known)
        if unknown:
            raise VariantsError(words=Phrase.of("variants.err.unknown", names=", ".join(unknown)))
        for k, v in data.items():
            if not isinstance(v, bool):
                said = Phrase.of("variants.err.value", name=repr(k), value=repr(v)[:SHOWN])
                raise VariantsError(words=said)
        return Variants(**data)

    @staticmethod
    def describe(lang: str = "en") -> dict[str, str]:
        """Each switch's name and its explanation in ``lang`` (for the UI and docs)."""
        from verlies.i18n import text

        return {f.name: text(f"engine.variant.{f.name}", lang) for f in fields(Variants)}

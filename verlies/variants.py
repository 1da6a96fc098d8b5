"""House rules as switches. Every variant is off by default (the cards as printed)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


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
    def from_dict(data: dict[str, Any]) -> Variants:
        known = {f.name for f in fields(Variants)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown variants: {', '.join(sorted(unknown))}")
        for k, v in data.items():
            if not isinstance(v, bool):
                raise ValueError(f"variant {k!r} must be true or false, not {v!r}")
        return Variants(**data)

    @staticmethod
    def describe(lang: str = "en") -> dict[str, str]:
        """Each switch's name and its explanation in ``lang`` (for the UI and docs)."""
        from verlies.i18n import text

        return {f.name: text(f"engine.variant.{f.name}", lang) for f in fields(Variants)}

"""Where page games live between steps: autosave for resuming, and playtest records.

Every step of a page game is written as it happens (:class:`PlaytestStore`), so a killed
kernel or a restarted server loses nothing: the page offers to resume at the last step.
Finished games stay as playtest records for the designer (``verlies playtests``), unless
recording is off. SQLite is the tested default; any SQLAlchemy database URL works.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from verlies.store.db import PlaytestRecord, PlaytestStore, StoreError, default_url

__all__ = ["PlaytestRecord", "PlaytestStore", "StoreError", "default_url"]


def __getattr__(name: str) -> Any:
    # SQLAlchemy loads on first use: the command line starts without it.
    if name in __all__:
        from verlies.store import db

        return getattr(db, name)
    raise AttributeError(f"module 'verlies.store' has no attribute {name!r}")

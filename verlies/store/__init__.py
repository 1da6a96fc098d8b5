"""Where page games live between steps: autosave for resuming, and playtest records.

Every step of a page game is written as it happens (:class:`PlaytestStore`), so a killed
kernel or a restarted server loses nothing: the page offers to resume at the last step.
Finished games stay as playtest records for the designer (``verlies playtests``), unless
recording is off. SQLite is the tested default; any SQLAlchemy database URL works.
"""

from verlies.store.db import (
    PlaytestRecord,
    PlaytestStore,
    StoreError,
    default_url,
)

__all__ = ["PlaytestRecord", "PlaytestStore", "StoreError", "default_url"]

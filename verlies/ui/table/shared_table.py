"""Is the page's session a shared table's seat? Asked at every page start and click, so
it must not load the table store (sqlalchemy, about 0.2 CPU-s) to answer "no"."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from verlies.ui.table.table_session import TableSession


def shared_table(session: object) -> TableSession | None:
    """``session`` if it plays a shared table's seat, else None. A table session exists
    only once its module is loaded (by opening a table): until then none can be one."""
    if "verlies.ui.table.table_session" not in sys.modules:
        return None
    from verlies.ui.table.table_session import TableSession

    return session if isinstance(session, TableSession) else None

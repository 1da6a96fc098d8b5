"""Edits the deck refused, kept beside the working draft (issue 38 leftovers, item 3).

A card text the deck refuses (it does not parse, or breaks a rule) leaves the draft as it
was (the last good draft stays the draft); the text as typed is written at once to the
workspace's own row for it (:meth:`WorkspaceStore.save_refused`), so a reload or a dead
kernel gives it back: :class:`RefusedKept` writes and reads it, every field checked as it
is read back (:func:`refused_edits`). The editor shows such a text in its card's text box
with its error (what and where: card, line, column, rule), worked out again against the
draft of the page, in the page's language. No widgets.
"""

from __future__ import annotations

from typing import Any

from verlies.errors import VerliesError
from verlies.ui.deck.editor_model import MAX_REFUSED_TEXT, TEXT_KINDS
from verlies.ui.workspace.fields import WorkspaceError, bad, check
from verlies.ui.workspace.model import WorkspaceModel

__all__ = ["MAX_REFUSED", "RefusedKept", "refused_edits"]

#: The most refused card texts a workspace keeps (one per card; the newest kept).
MAX_REFUSED = 64

Refused = list[tuple[str, str, str]]  # (kind, card id, text as typed)


def refused_edits(raw: Any, where: str = "refused") -> Refused:
    """The refused texts as written (a JSON list of ``{"kind", "card", "text"}``) read
    back, every field checked: WorkspaceError naming the field."""
    if not isinstance(raw, list) or len(raw) > MAX_REFUSED:
        raise bad(where, f"a list of at most {MAX_REFUSED} edits")
    out: Refused = []
    for i, entry in enumerate(raw):
        w = f"{where}[{i}]"
        if not isinstance(entry, dict):
            raise bad(w, "an object")
        kind = check(f"{w}.kind", entry.get("kind"), "str")
        if kind not in TEXT_KINDS:
            raise bad(f"{w}.kind", f"one of {', '.join(TEXT_KINDS)}")
        card = check(f"{w}.card", entry.get("card"), "str")
        text = entry.get("text")
        if not isinstance(text, str) or len(text) > MAX_REFUSED_TEXT:
            raise bad(f"{w}.text", f"a card's text of at most {MAX_REFUSED_TEXT} characters")
        out.append((kind, card, text))
    return out


class RefusedKept:
    """The refused texts of ``model``'s workspace: written at once, read back checked."""

    def __init__(self, model: WorkspaceModel) -> None:
        self.model = model
        #: Writes made (a test's bound on writes counts these).
        self.writes = 0
        #: The length of the newest refused text written (the browser tests wait for it).
        self.last_length = 0
        #: The last write's or read's failure (None: it went well).
        self.error: WorkspaceError | VerliesError | None = None

    def note(self, refused: Refused) -> bool:
        """The editor's refused texts are now ``refused`` (the newest last): written at
        once (True), unless the page keeps no workspace or the store refuses (said in
        :attr:`error`; the next change tries again)."""
        from verlies.store.db import StoreError

        model = self.model
        if not model.enabled or not model.heard:
            return False
        edits = [{"kind": k, "card": c, "text": t} for k, c, t in refused[-MAX_REFUSED:]]
        try:
            at = model.store.save_refused(model.ensure_wid(), edits, client=model.client)
        except (StoreError, VerliesError) as e:
            self.error = e
            if isinstance(e, StoreError):
                model.error = e  # the workspace's line says it
            return False
        self.error = None
        model.saved_at = at
        self.writes += 1
        self.last_length = len(refused[-1][2]) if refused else 0
        return True

    def give_back(self, wid: str) -> Refused:
        """The refused texts of workspace ``wid``; none if it has none or they do not read
        (said in :attr:`error`, the row left as it is)."""
        from verlies.store.db import StoreError

        try:
            raw = self.model.store.load_refused(wid)
            out = [] if raw is None else refused_edits(raw)
        except (StoreError, WorkspaceError) as e:
            self.error = e
            return []
        self.error = None
        return out

"""Edits the deck refused, kept beside the working draft (issue 38 leftovers, item 3).

A card text the deck refuses (it does not parse, or breaks a rule) leaves the draft as it
was (the last good draft stays the draft); the text as typed is written at once to the
workspace's own row for it (:meth:`WorkspaceStore.save_refused`), so a reload or a dead
kernel gives it back: :class:`RefusedKept` writes and reads it, every field checked as it
is read back (:func:`refused_edits`). The editor shows such a text in its card's text box
with its error (what and where: card, line, column, rule), worked out again against the
draft of the page, in the page's language. Form values the deck refused (a card's count,
a dungeon card's fields, a character's values; issue 38 leftovers, item 1) are kept in the
same row as ``{"kind", "card", "group", "values"}``, read back the same way
(:func:`kept_edits`) and shown in their fields. No widgets.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from verlies.errors import VerliesError
from verlies.ui.deck.editor_model import MAX_REFUSED_TEXT, TEXT_KINDS
from verlies.ui.deck.form_refused import GROUPS, Values, group_kinds, value_problem
from verlies.ui.workspace.fields import WorkspaceError, bad, check
from verlies.ui.workspace.model import WorkspaceModel

__all__ = ["MAX_REFUSED", "KeptEdits", "RefusedKept", "kept_edits", "refused_edits"]

#: The most refused edits a workspace keeps (a text and a few field groups per card; the
#: newest kept).
MAX_REFUSED = 64

Refused = list[tuple[str, str, str]]  # (kind, card id, text as typed)
RefusedValues = list[tuple[str, str, str, Values]]  # (kind, card id, group, values)


class KeptEdits(NamedTuple):
    """What the deck refused and the workspace keeps: card texts and form values."""

    texts: Refused
    values: RefusedValues


def refused_edits(raw: Any, where: str = "refused") -> Refused:
    """The refused texts of :func:`kept_edits`."""
    return kept_edits(raw, where).texts


def kept_edits(raw: Any, where: str = "refused") -> KeptEdits:
    """The refused edits as written (a JSON list of ``{"kind", "card", "text"}`` and
    ``{"kind", "card", "group", "values"}``) read back, every field checked:
    WorkspaceError naming the field."""
    if not isinstance(raw, list) or len(raw) > MAX_REFUSED:
        raise bad(where, f"a list of at most {MAX_REFUSED} edits")
    out = KeptEdits([], [])
    for i, entry in enumerate(raw):
        w = f"{where}[{i}]"
        if not isinstance(entry, dict):
            raise bad(w, "an object")
        if "group" in entry:
            out.values.append(_kept_values(entry, w))
            continue
        kind = check(f"{w}.kind", entry.get("kind"), "str")
        if kind not in TEXT_KINDS:
            raise bad(f"{w}.kind", f"one of {', '.join(TEXT_KINDS)}")
        card = check(f"{w}.card", entry.get("card"), "str")
        text = entry.get("text")
        if not isinstance(text, str) or len(text) > MAX_REFUSED_TEXT:
            raise bad(f"{w}.text", f"a card's text of at most {MAX_REFUSED_TEXT} characters")
        out.texts.append((kind, card, text))
    return out


def _kept_values(entry: dict[str, Any], w: str) -> tuple[str, str, str, Values]:
    group = entry.get("group")
    if not isinstance(group, str) or group not in GROUPS:
        raise bad(f"{w}.group", f"one of {', '.join(GROUPS)}")
    kind = check(f"{w}.kind", entry.get("kind"), "str")
    if kind not in group_kinds(group):
        raise bad(f"{w}.kind", f"one of {', '.join(group_kinds(group))}")
    card = check(f"{w}.card", entry.get("card"), "str")
    raw = entry.get("values")
    names = GROUPS[group]
    if not isinstance(raw, dict) or sorted(raw) != sorted(names):
        raise bad(f"{w}.values", f"an object of {', '.join(names)}")
    for name in names:
        problem = value_problem(name, raw[name])
        if problem is not None:
            raise bad(f"{w}.values.{name}", problem)
    return kind, card, group, {name: raw[name] for name in names}


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
        #: How many form values the last write kept.
        self.values = 0

    def note(self, refused: Refused, values: RefusedValues | None = None) -> bool:
        """The editor's refused texts are now ``refused`` and its refused form values
        ``values`` (the newest last): written at once (True), unless the page keeps no
        workspace or the store refuses (said in :attr:`error`; the next change tries
        again)."""
        from verlies.store.db import StoreError

        model = self.model
        if not model.enabled or not model.heard:
            return False
        edits: list[dict[str, Any]] = [{"kind": k, "card": c, "text": t} for k, c, t in refused]
        edits += [{"kind": k, "card": c, "group": g, "values": v} for k, c, g, v in values or ()]
        edits = edits[-MAX_REFUSED:]
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
        #: How many form values are kept (the browser tests wait for it).
        self.values = len(values or ())
        return True

    def give_back(self, wid: str) -> KeptEdits:
        """The refused texts and form values of workspace ``wid``; none if it has none or
        they do not read (said in :attr:`error`, the row left as it is)."""
        from verlies.store.db import StoreError

        try:
            raw = self.model.store.load_refused(wid)
            out = KeptEdits([], []) if raw is None else kept_edits(raw)
        except (StoreError, WorkspaceError) as e:
            self.error = e
            return KeptEdits([], [])
        self.error = None
        return out

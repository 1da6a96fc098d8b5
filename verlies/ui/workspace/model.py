"""The designer's workspace without widgets: what is kept, when it is written, what comes
back after a reload, and whether each result given back is still of the draft.

**What is kept** (one JSON object in the store, :mod:`verlies.store.workspace`): the
working draft as a whole deck file, the page's place (the tab shown, the card selected in
the Deck tab), and the results computed for a draft (the Balance tab's before/after answer,
the Deck tab's impact figures) as their figures, each with the deck file it was computed
for (left out when it is the working draft itself). No pickles, no HTML: what is read back
is checked field by field and drawn again by the page's own code.

**When** (:meth:`WorkspaceModel.changed`, :meth:`WorkspaceModel.flush`): a change marks the
workspace to be written; the view writes it :data:`GAP` seconds later, and never sooner
than :data:`GAP` seconds after the last write. So the results and the place are written
at most once a second, whatever the keystrokes. The working draft is written at once
besides, alone (:meth:`WorkspaceModel.note_draft`, ``WorkspaceStore.save_draft``): an edit
is in the store before the kernel answers the browser's next message, so a kernel killed
a moment after an edit loses no edit (a result finished within the last second may still
be lost; it is computed again). A draft write that fails is tried again with the next
write.

**Who finds it** (:meth:`WorkspaceModel.hello`): the browser's random id (kept in its
localStorage, sent by the page's script) finds the workspace it wrote last; a resume link
``?ws=<id>`` opens that workspace in any browser, which then writes its own copy (the
link's owner keeps theirs). A shared table's seat or spectator (``?table=``) neither loads
nor writes a workspace: the designer's draft and figures are never shown at a table.

**Bad rows**: a row that is too large, not JSON, of another format, or whose draft or
figures do not read, is said in words (what and where) and the page starts clean; the row
stays in the store as it was, and the page writes a new workspace.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from verlies.deck import Deck
from verlies.deck.limits import MAX_BYTES as DECK_MAX_BYTES
from verlies.errors import DeckError, Phrase, VerliesError, WordedError
from verlies.ui.workspace.balance_kept import KeptRun, kept_run
from verlies.ui.workspace.fields import WorkspaceError, fields_of
from verlies.ui.workspace.fields import as_json as _as_json
from verlies.ui.workspace.fields import bad as _bad
from verlies.ui.workspace.fields import check as _check
from verlies.ui.workspace.impact_kept import (
    impact_data,
    impact_figures,
    kept_partial,
)
from verlies.ui.workspace.suggest_kept import suggest_data, suggest_result

if TYPE_CHECKING:  # SQLAlchemy loads with the first hello or write, not with the page
    from verlies.store.workspace import WorkspaceStore

__all__ = [
    "GAP",
    "KINDS",
    "KeptRun",
    "Restored",
    "StoredResult",
    "WorkspaceModel",
    "balance_data",
    "balance_answer",
    "impact_data",
    "impact_figures",
    "kept_run",
    "skill_data",
    "skill_reports",
    "suggest_data",
    "suggest_result",
]

#: Seconds between two writes at least, and from a change to its write at most.
GAP = 1.0
#: The results a workspace keeps, in the order the page names them.
KINDS: tuple[str, ...] = ("balance", "impact", "skill", "compare", "sweep", "suggest")
#: The most a browser's hello may be (an id, a query string, a number).
MAX_HELLO = 4096
#: The most tabs a stored place may name.
MAX_TABS = 100


# ---- the results as figures --------------------------------------------------------------


def balance_data(answer: Any, kept: KeptRun | None = None) -> dict[str, Any]:
    """The Balance tab's before/after answer (:class:`verlies.sim.verdict.BeforeAfter`) as
    JSON figures: every row, the verdict, what decided it, the games, the targets; with
    ``kept`` also what the tab needs to show the rest again (:class:`KeptRun`: the run's
    settings, both decks' game lengths, the downloads)."""
    out = answer.to_dict()
    out.pop("sentence", None)  # words: drawn again in the page's language
    out["players"] = answer.players
    if kept is not None:
        out["run"] = kept.to_dict()
    return _as_json(out)


#: A row of a Balance answer's quantities outside its family (``verdict.other_rows``).
_OTHER_ROW = {
    "a": "float",
    "b": "float",
    "diff": "float",
    "low": "float",
    "high": "float",
    "level": "float",
    "star": "bool",
}


def balance_answer(data: Any, deck: Deck, where: str = "balance") -> Any:
    """The before/after answer of :func:`balance_data`'s figures (``deck``: the draft it
    was of, for the characters' names); WorkspaceError naming the field that is wrong."""
    from verlies.sim.tune import Target
    from verlies.sim.verdict import BeforeAfter, Row

    if not isinstance(data, dict):
        raise _bad(where, "an object")
    rows_in = data.get("rows")
    if not isinstance(rows_in, dict) or len(rows_in) > 200:
        raise _bad(f"{where}.rows", "an object of at most 200 rows")
    rows = {}
    for key, raw in rows_in.items():
        rows[str(key)] = Row(**fields_of(Row, raw, f"{where}.rows.{key}"))
    targets = []
    raw_targets = data.get("targets", [])
    if not isinstance(raw_targets, list) or len(raw_targets) > 50:
        raise _bad(f"{where}.targets", "a list")
    for i, raw in enumerate(raw_targets):
        targets.append(Target(**fields_of(Target, raw, f"{where}.targets[{i}]")))
    decided = data.get("decided_by", [])
    if not isinstance(decided, list) or not all(isinstance(k, str) for k in decided):
        raise _bad(f"{where}.decided_by", "a list of row keys")
    more = data.get("more_games")
    others = data.get("others", {})
    if not isinstance(others, dict) or len(others) > 200:
        raise _bad(f"{where}.others", "an object")
    for key, row in others.items():
        w = f"{where}.others.{str(key)[:40]}"
        if len(key) > 200 or not isinstance(row, dict) or set(row) != set(_OTHER_ROW):
            raise _bad(w, f"a row of {', '.join(_OTHER_ROW)}")
        for name, hint in _OTHER_ROW.items():
            _check(f"{w}.{name}", row[name], hint)
    alpha = _check(f"{where}.alpha", data.get("alpha"), "float")
    if not 0 < alpha < 1:
        raise _bad(f"{where}.alpha", "a level between 0 and 1")
    answer = BeforeAfter(
        verdict=_check(f"{where}.verdict", data.get("verdict"), "str"),
        rows=rows,
        games=_check(f"{where}.games", data.get("games"), "int"),
        alpha=alpha,
        sequential=data.get("method") == "always-valid",
        corrected=data.get("correction") == "holm",
        base_name=_check(f"{where}.base", data.get("base"), "str"),
        draft_name=_check(f"{where}.draft", data.get("draft"), "str"),
        players=_check(f"{where}.players", data.get("players"), "int"),
        decided_by=tuple(decided),
        more_games=None if more is None else _check(f"{where}.more_games", more, "int"),
        targets=targets,
        deck=deck,
        others=others,
        levels={  # each family's share of α (feel3: one error budget)
            f: _check(f"{where}.alpha_split.{f}", v, "float")
            for f, v in _levels_in(data.get("alpha_split", {}), where).items()
        },
    )
    answer.feel = _kept_feel(data.get("feel"), f"{where}.feel")
    from verlies.sim.verdict import VERDICTS

    if answer.verdict not in VERDICTS:
        raise _bad(f"{where}.verdict", f"one of {', '.join(VERDICTS)}")
    answer.sentence("en")  # its words can be made (a row it names exists)
    return answer


def _levels_in(raw: Any, where: str) -> dict[str, Any]:
    """A saved answer's ``alpha_split`` (answer, others, feel), {} when it has none."""
    if not isinstance(raw, dict) or not set(raw) <= {"answer", "others", "feel"}:
        raise _bad(f"{where}.alpha_split", "an object of answer, others and feel")
    return raw


def _kept_feel(feel: Any, where: str) -> dict[str, Any] | None:
    """A kept answer's game-feel figures, checked by reading them as the page will; None
    when there are none."""
    if feel is None:
        return None
    rows = feel.get("rows") if isinstance(feel, dict) else None
    if not isinstance(rows, dict) or len(rows) > 50:
        raise _bad(where, "game-feel figures (at most 50)")
    from verlies.ui.balance.balance_model import KeptFeel
    from verlies.ui.balance.feel_model import lines_of

    try:
        lines_of(KeptFeel(feel), "en")
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise _bad(where, f"game-feel figures ({type(e).__name__}: {e})") from None
    return dict(feel)


#: The skill matrix's verdict keys (``ui/skill.py``): the only ones its HTML may carry.
SKILL_VERDICTS = ("unbalanced", "above", "within", "few")
#: The longest sentence or cell a stored skill report may have (characters).
MAX_TEXT = 2000


def _text(where: str, value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise _bad(where, f"a text of at most {MAX_TEXT} characters")
    return value


def _texts(where: str, value: Any, n: int | None = None) -> list[str]:
    if not isinstance(value, list) or len(value) > 200 or (n is not None and len(value) != n):
        raise _bad(where, "a list of texts" if n is None else f"a list of {n} texts")
    return [_text(f"{where}[{i}]", v) for i, v in enumerate(value)]


def skill_data(matrix: Any, names: Mapping[str, Mapping[str, str]]) -> dict[str, Any]:
    """The Balance tab's skill matrix as JSON: its figures (``SkillMatrix.to_dict``) and
    the report the page shows of it, in each language (``names``: lang -> character id ->
    name), drawn again by the page's own code."""
    from dataclasses import asdict

    from verlies.ui.balance.skill_model import skill_report

    return _as_json(
        {
            "figures": matrix.to_dict(),
            "report": {
                lang: asdict(skill_report(matrix, lang, names.get(lang))) for lang in ("de", "en")
            },
        }
    )


def skill_reports(data: Any, where: str = "skill") -> dict[str, Any]:
    """:func:`skill_data`'s reports read back (lang -> ``SkillReport``), every field
    checked: texts bounded, a verdict key one of :data:`SKILL_VERDICTS`, every row a cell
    per table."""
    from verlies.ui.balance.skill_model import Cell, SkillReport

    if not isinstance(data, dict) or not isinstance(data.get("report"), dict):
        raise _bad(f"{where}.report", "an object")
    out = {}
    for lang in ("de", "en"):
        w = f"{where}.report.{lang}"
        r = data["report"].get(lang)
        if not isinstance(r, dict):
            raise _bad(w, "an object")
        tables = _texts(f"{w}.tables", r.get("tables"))
        n = len(tables)
        says = []
        raw_says = r.get("says")
        if not isinstance(raw_says, list) or len(raw_says) > 200:
            raise _bad(f"{w}.says", "a list")
        for i, pair in enumerate(raw_says):
            if not isinstance(pair, list) or len(pair) != 2 or pair[0] not in SKILL_VERDICTS:
                raise _bad(f"{w}.says[{i}]", f"a verdict ({', '.join(SKILL_VERDICTS)}) and a text")
            says.append((pair[0], _text(f"{w}.says[{i}]", pair[1])))
        rows = []
        raw_rows = r.get("rows")
        if not isinstance(raw_rows, list) or len(raw_rows) > 200:
            raise _bad(f"{w}.rows", "a list")
        for i, row in enumerate(raw_rows):
            if not isinstance(row, list) or len(row) != 3 or not isinstance(row[2], list):
                raise _bad(f"{w}.rows[{i}]", "a character id, a name and its cells")
            if len(row[2]) != n:
                raise _bad(f"{w}.rows[{i}]", f"{n} cells")
            cells = [
                Cell(**fields_of(Cell, c, f"{w}.rows[{i}][{j}]")) for j, c in enumerate(row[2])
            ]
            rows.append((_text(f"{w}.rows[{i}]", row[0]), _text(f"{w}.rows[{i}]", row[1]), cells))
        table_rows = {}
        for key in ("summary", "gains"):
            raw = r.get(key)
            if not isinstance(raw, list) or len(raw) > 200:
                raise _bad(f"{w}.{key}", "a list of rows")
            table_rows[key] = [_texts(f"{w}.{key}[{i}]", x) for i, x in enumerate(raw)]
        out[lang] = SkillReport(
            lang=lang,
            robust=_text(f"{w}.robust", r.get("robust")),
            says=says,
            gains_says=_texts(f"{w}.gains_says", r.get("gains_says")),
            tables=tables,
            columns=_texts(f"{w}.columns", r.get("columns"), n),
            helps=_texts(f"{w}.helps", r.get("helps"), n),
            rows=rows,
            summary_head=_texts(f"{w}.summary_head", r.get("summary_head")),
            summary=table_rows["summary"],
            gains_head=_texts(f"{w}.gains_head", r.get("gains_head")),
            gains=table_rows["gains"],
            notes=_texts(f"{w}.notes", r.get("notes", [])),
        )
    return out


# ---- the workspace ----------------------------------------------------------------------


@dataclass(frozen=True)
class StoredResult:
    """A result as the workspace keeps it: its kind, the deck it was computed for, when,
    and its figures (JSON)."""

    kind: str
    deck: Deck
    at: float  # when it was computed (epoch seconds)
    data: dict[str, Any]
    #: Of the working draft (False: a comparison of two saved drafts or editions, which no
    #: edit makes out of date; ``deck`` is then its second deck).
    of_draft: bool = True

    @property
    def draft(self) -> str:
        """The name of the draft it belongs to."""
        return self.deck.name

    def same_deck(self, draft: Deck) -> bool:
        return self.deck is draft or self.deck == draft

    def fresh(self, draft: Deck) -> bool:
        """Is it a result of ``draft`` as it is now (or of no draft at all)?"""
        return not self.of_draft or self.same_deck(draft)


@dataclass
class Restored:
    """What came back from the store for the page to show again."""

    wid: str
    updated: float
    draft: Deck | None = None
    place: dict[str, Any] = field(default_factory=dict)
    results: dict[str, StoredResult] = field(default_factory=dict)
    #: Results that did not read (kind, why in words): said, then left out.
    dropped: list[tuple[str, WordedError]] = field(default_factory=list)


def _read_deck(text: Any, where: str) -> Deck:
    if not isinstance(text, str):
        raise _bad(where, "a deck file's text")
    if len(text.encode("utf-8")) > DECK_MAX_BYTES:
        raise _bad(where, f"a deck file of at most {DECK_MAX_BYTES} bytes")
    try:
        return Deck.loads(text, file=f"<workspace {where}>")
    except DeckError as e:
        raise _bad(where, str(e)[:300]) from None


class WorkspaceModel:
    """The page's workspace: the latest draft, place and results it was told, written to
    the store when due (see the module's text). Thread-safe: results arrive from the runs'
    threads, the view's timer writes.

    ``opener`` gives the store (opened on first use); ``clock`` is the time the bound on
    writes counts (a test gives its own)."""

    def __init__(
        self,
        opener: Callable[[], WorkspaceStore],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._opener = opener
        self._store: WorkspaceStore | None = None
        self.clock = clock
        self._lock = threading.RLock()
        self._write_lock = threading.Lock()
        self.enabled = True
        self.client = ""
        self.wid: str | None = None  # the workspace written to (None until the first write)
        self.link_wid: str | None = None  # the workspace a ``?ws=`` link named
        self.position_link = False  # the page was opened with a position link (``?g=``)
        self.heard = False  # the browser said who it is (nothing is written before)
        self.draft: Deck | None = None  # the working draft (None: never edited here)
        self.place: dict[str, Any] = {}
        self.results: dict[str, StoredResult] = {}
        self.dirty = False
        self.last_write = -math.inf
        self.saved_at: float | None = None  # epoch seconds of the last write
        self.error: WordedError | None = None  # the last write's failure
        self.load_error: WordedError | None = None  # why the stored work did not come back
        self.restored: Restored | None = None
        #: Drafts written at once (:meth:`note_draft`); the line shows it to the browser.
        self.draft_writes = 0
        #: The results the last whole write holds (the line shows it to the tests).
        self.kept: tuple[str, ...] = ()
        self.draft_unsaved = False  # the draft's last write at once failed: tried again
        self._draft_lock = threading.Lock()
        self._sweep_cache: tuple[StoredResult, list[Deck]] | None = None

    @property
    def store(self) -> WorkspaceStore:
        if self._store is None:
            self._store = self._opener()
        return self._store

    # ---- the browser said who it is ----------------------------------------------------

    def hello(self, raw: str) -> Restored | None:
        """The browser's message (JSON: ``client``, ``query``): the workspace its
        ``?ws=`` link names, else the one this browser wrote last, read back (None: none,
        a seat, or it did not read: :attr:`load_error` says why). Only the first hello
        counts; a malformed one is ignored."""
        import json

        if self.heard or not self.enabled or not raw or len(raw) > MAX_HELLO:
            return None
        try:
            data = json.loads(raw)
        except ValueError:
            return None
        if not isinstance(data, dict):
            return None
        client, query = data.get("client"), data.get("query")
        good = isinstance(client, str) and 8 <= len(client) <= 64 and client.isprintable()
        if not isinstance(query, str) or not (good or client is None):
            return None  # not the page's script (it sends its id, or null, and its query)
        self.client = client if isinstance(client, str) else ""
        params = parse_qs(query.lstrip("?"))
        if "table" in params:  # a shared table's seat or spectator: no workspace at all
            self.seat()
            return None
        from verlies.store.workspace import valid_id

        self.heard = True
        link = params.get("ws", [""])[0]
        self.link_wid = link if valid_id(link) else None
        self.position_link = "g" in params  # verlies.links.PARAM
        return self._restore()

    def seat(self) -> None:
        """This page is a shared table's seat or spectator: nothing is loaded or written
        from now on, and nothing kept here is written."""
        with self._lock:
            self.enabled = False
            self.dirty = False
            self.draft, self.place, self.results = None, {}, {}

    def _restore(self) -> Restored | None:
        from verlies.store.db import StoreError

        try:
            wid = self.link_wid or self.store.latest(self.client)
            if wid is None:
                return None
            data = self.store.load(wid)
            restored = self._read(wid, data)
        except (StoreError, WorkspaceError) as e:
            self.load_error = e
            return None
        except VerliesError as e:  # any other refusal of the engine, in words
            self.load_error = WorkspaceError(
                words=Phrase.of("workspace.err.field", where="-", what=str(e)[:300])
            )
            return None
        if self.position_link:
            # a position link (?g=) shows its game on the Play tab: the tab stays there
            restored.place.pop("tab", None)
        with self._lock:
            # the owner goes on writing it; another browser (a link) writes its own copy
            # a row that did not read whole (a result left out) is kept as it was: the
            # page writes its work to a new one
            whole = not restored.dropped
            self.wid = wid if whole and self.store.owner(wid) == self.client else None
            if restored.draft is not None:
                self.draft = restored.draft
            self.place = dict(restored.place)
            self.results = dict(restored.results)
        self.restored = restored
        return restored

    def _read(self, wid: str, data: Mapping[str, Any]) -> Restored:
        """A stored workspace read back, each part checked (WorkspaceError: the draft or
        the place is wrong, and nothing comes back; a result that does not read is left
        out and said in :attr:`Restored.dropped`)."""
        out = Restored(wid, float(data.get("updated", 0.0)))
        # the draft the results are of, and the working draft written at once since
        of_results = None if data.get("draft") is None else _read_deck(data["draft"], "draft")
        out.draft = of_results
        working = data.get("working")
        if working is not None:
            out.draft = (
                of_results
                if of_results is not None and working == data.get("draft")
                else _read_deck(working, "working")
            )
        place = data.get("place", {})
        if not isinstance(place, dict):
            raise _bad("place", "an object")
        tab = place.get("tab")
        if tab is not None:
            out.place["tab"] = _check("place.tab", tab, "int")
            if not 0 <= out.place["tab"] < MAX_TABS:
                raise _bad("place.tab", f"a tab from 0 to {MAX_TABS - 1}")
        card = place.get("card")
        if card is not None:
            out.place["card"] = _check("place.card", card, "Key")
        results = data.get("results", {})
        if not isinstance(results, dict):
            raise _bad("results", "an object")
        for kind, raw in results.items():
            if kind not in KINDS:
                out.dropped.append(
                    (str(kind)[:40], _bad(f"results.{str(kind)[:40]}", "a known result"))
                )
                continue
            try:
                out.results[kind] = self._read_result(kind, raw, of_results)
            except WorkspaceError as e:
                out.dropped.append((kind, e))
        return out

    @staticmethod
    def _read_result(kind: str, raw: Any, draft: Deck | None) -> StoredResult:
        where = f"results.{kind}"
        if not isinstance(raw, dict):
            raise _bad(where, "an object")
        text = raw.get("deck")
        if text is None:
            if draft is None:
                raise _bad(f"{where}.deck", "a deck (there is no working draft)")
            deck = draft
        else:
            deck = _read_deck(text, f"{where}.deck")
        at = _check(f"{where}.at", raw.get("at"), "float")
        data = raw.get("data")
        if not isinstance(data, dict):
            raise _bad(f"{where}.data", "an object")
        # read once now: a result that does not read is said and left out, not shown broken
        of_draft = raw.get("of_draft", True)
        if not isinstance(of_draft, bool):
            raise _bad(f"{where}.of_draft", "true or false")
        if kind in ("balance", "compare"):
            balance_answer(data, deck, f"{where}.data")
            kept_run(data, f"{where}.data")
        elif kind == "skill":
            skill_reports(data, f"{where}.data")
        elif kind == "sweep":
            from verlies.ui.workspace.sweep_kept import sweep_figures

            sweep_figures(data, deck, f"{where}.data")
        elif kind == "suggest":
            suggest_result(data, deck, f"{where}.data")
        else:
            impact_figures(data, f"{where}.data")
            kept_partial(data, f"{where}.data")  # a run in the middle: its settings, state
        return StoredResult(kind, deck, at, data, of_draft)

    # ---- the page tells what changed -------------------------------------------------------

    def note_draft(self, draft: Deck) -> bool:
        """The working draft is now ``draft``. True: a write is now due (schedule one)."""
        with self._lock:
            if self.draft is draft:
                return False
            self.draft = draft
            due = self.changed()
        self.write_draft()
        return due

    def write_draft(self) -> bool:
        """Write the working draft now, alone (see the module's text); True if written. A
        failing store is said in :attr:`error` and the next write tries again. Two at a
        time: the later draft is the one written last."""
        from verlies.store.db import StoreError
        from verlies.store.workspace import new_id

        with self._draft_lock:
            with self._lock:
                if not self.enabled or not self.heard or self.draft is None:
                    return False
                if self.wid is None:
                    self.wid = new_id()
                draft, wid, client = self.draft, self.wid, self.client
            try:
                at = self.store.save_draft(wid, draft.dumps(), client=client)
            except (StoreError, VerliesError) as e:
                with self._lock:
                    self.draft_unsaved = True
                    self.error = e if isinstance(e, WordedError) else None
                    if self.error is None:
                        self.error = WorkspaceError(
                            words=Phrase.of("workspace.err.field", where="-", what=str(e))
                        )
                return False
            with self._lock:
                self.draft_unsaved = False
                self.error = None
                self.saved_at = at
                self.draft_writes += 1
            return True

    def ensure_wid(self) -> str:
        """The workspace written to, made now if there is none yet."""
        from verlies.store.workspace import new_id

        with self._lock:
            self.wid = self.wid or new_id()
            return self.wid

    def note_place(self, **place: Any) -> bool:
        """The page's place changed (``tab``: index, ``card``: (kind, id) or None)."""
        with self._lock:
            new = {**self.place, **place}
            if new == self.place:
                return False
            self.place = new
            return self.changed()

    def note_result(
        self, kind: str, deck: Deck, data: dict[str, Any], of_draft: bool = True
    ) -> bool:
        """A result of ``kind`` was computed for ``deck``: its figures are kept
        (``of_draft=False``: a comparison that did not involve the working draft)."""
        if kind not in KINDS:
            raise ValueError(f"unknown result {kind!r} (one of {', '.join(KINDS)})")
        with self._lock:
            self.results[kind] = StoredResult(kind, deck, time.time(), data, of_draft)
            return self.changed()

    def forget_result(self, kind: str) -> bool:
        """A result of ``kind`` is no longer shown (a new run began)."""
        with self._lock:
            if self.results.pop(kind, None) is None:
                return False
            return self.changed()

    def changed(self) -> bool:
        """Something kept changed: True if the workspace was clean (the caller schedules a
        write :meth:`delay` seconds on); while it waits, changes are only gathered."""
        with self._lock:
            if not self.enabled:
                return False
            was = self.dirty
            self.dirty = True
            return not was

    def delay(self) -> float:
        """Seconds until a write may happen (0: now)."""
        return max(0.0, GAP - (self.clock() - self.last_write))

    def stale(self, kind: str) -> bool | None:
        """Is the kept result of ``kind`` of another deck than the working draft? None:
        there is none (or no draft to compare with)."""
        res = self.results.get(kind)
        if res is None or self.draft is None:
            return None
        if res.kind == "sweep" and res.of_draft:
            # a sweep is of its draft and of every value of it made the draft
            return not any(self.draft is d or self.draft == d for d in self._sweep_decks(res))
        return not res.fresh(self.draft)

    def _sweep_decks(self, res: StoredResult) -> list[Deck]:
        from verlies.ui.workspace.sweep_kept import sweep_decks

        if self._sweep_cache is None or self._sweep_cache[0] is not res:
            self._sweep_cache = (res, sweep_decks(res.data, res.deck))
        return self._sweep_cache[1]

    # ---- writing -------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The workspace as JSON figures (the store adds its format). Results that would
        make it larger than the store keeps are left out, the oldest first."""
        from verlies.store.workspace import MAX_BYTES

        with self._lock:
            draft, place, results = self.draft, dict(self.place), dict(self.results)
        draft_text = draft.dumps() if draft is not None else None
        out: dict[str, Any] = {"draft": draft_text, "place": place, "results": {}}
        size = len((draft_text or "").encode("utf-8")) + 1024
        for res in sorted(results.values(), key=lambda r: -r.at):  # the newest first
            text = None if draft is not None and res.same_deck(draft) else res.deck.dumps()
            entry = {"deck": text, "at": res.at, "data": res.data, "of_draft": res.of_draft}
            import json

            cost = len(json.dumps(entry, ensure_ascii=False).encode("utf-8"))
            if size + cost > MAX_BYTES:
                continue
            size += cost
            out["results"][res.kind] = entry
        return out

    def flush(self) -> bool:
        """Write the workspace if it changed and the bound allows (:data:`GAP` since the
        last write); True if written. A failing store is said in :attr:`error` and the
        page goes on (the next change tries again). One write at a time: a later
        snapshot is never overwritten by an earlier one."""
        with self._write_lock:
            return self._flush()

    def _flush(self) -> bool:
        from verlies.store.db import StoreError
        from verlies.store.workspace import new_id

        if self.draft_unsaved and self.clock() - self.last_write >= GAP:
            self.write_draft()  # the draft's write at once failed: once more
        with self._lock:
            if not self.enabled or not self.heard or not self.dirty:
                return False
            if self.clock() - self.last_write < GAP:
                return False
            if self.draft is None and not self.results and not self.place:
                self.dirty = False
                return False
            self.dirty = False
            self.last_write = self.clock()
            if self.wid is None:
                self.wid = new_id()
            wid, client = self.wid, self.client
        try:
            data = self.snapshot()
            at = self.store.save(wid, data, client=client)
        except (StoreError, VerliesError) as e:
            self.error = e if isinstance(e, WordedError) else None
            if self.error is None:
                self.error = WorkspaceError(
                    words=Phrase.of("workspace.err.field", where="-", what=str(e))
                )
            return False
        with self._lock:
            self.error = None
            self.saved_at = at
            self.kept = tuple(sorted(data["results"]))
        return True

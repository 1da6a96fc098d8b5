"""Reading deck files (whole decks and patches with ``base =``) and writing them.

Reading: bytes -> UTF-8 text -> ``tomllib`` -> the pydantic file model -> cards -> the
deck-level checks, every problem as a located DeckError. A patch file's ``base`` is read
the same way (``"default"``, or a file next to the patch; never for text, which has no
folder). Writing: a deck or a patch as TOML in the documented layout, atomically.
"""

from __future__ import annotations

import functools
import os
import stat
import tempfile
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Final, cast

import tomli_w
from pydantic import ValidationError

from verlies.deck.build import DeckParts, Ops, apply_ops, build
from verlies.deck.entries import card_from_model, entry_of, validate_entry
from verlies.deck.kinds import KINDS, SECTION, TEXTED, Card, Kind
from verlies.deck.limits import FORMAT_VERSION, MAX_BASE_DEPTH, MAX_BYTES, MAX_TEXT_TOTAL
from verlies.deck.locate import FileWhere, Locator, Where, first_error, text_error, toml_error
from verlies.deck.messages import field_name, messages
from verlies.deck.patch import DeckPatch
from verlies.deck.scan import WORK, scan
from verlies.deck.schema import CountOnlyModel, FileModel, NamedModel
from verlies.deck.words import Located, Words, kind_word
from verlies.errors import CardTextError, DeckError, Said

# ---- reading text ------------------------------------------------------------------------


def decode(data: bytes, file: str) -> str:
    if len(data) > MAX_BYTES:
        raise DeckError(
            words=Words.of("err.too_large", size=len(data), max=MAX_BYTES), file=file, line=1
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DeckError(
            words=Words.of("err.not_utf8", byte=data[exc.start]),
            file=file,
            line=line,
            column=column,
        ) from None
    return text.removeprefix("\ufeff")


def read_file(path: Path, file: str, *, size_first: bool = False) -> str:
    """A deck file's text. Only a regular file is read: a FIFO, a device or a directory is
    refused, and opening never blocks (a FIFO without a writer would hang a plain open).
    ``size_first`` refuses a file over the size cap by its size, before reading."""
    if "\0" in str(path):
        raise DeckError(words=Words("err.read.nul_name"), file=file.replace("\0", "\\0"))
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as exc:
        raise _os_error("err.read", exc, file) from None
    try:
        info = os.fstat(fd)
        mode, size = info.st_mode, info.st_size
        if stat.S_ISDIR(mode):
            raise DeckError(words=Words("err.read.directory"), file=file)
        if not stat.S_ISREG(mode):
            what = f"file.{_file_kind(mode)}"
            raise DeckError(words=Words.of("err.read.special", what=Words(what)), file=file)
        if size_first and size > MAX_BYTES:
            raise DeckError(
                words=Words.of("err.too_large", size=size, max=MAX_BYTES), file=file, line=1
            )
        chunks: list[bytes] = []
        left = MAX_BYTES + 1
        while left > 0:
            chunk = os.read(fd, left)
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise _os_error("err.read", exc, file) from None
    finally:
        os.close(fd)
    return decode(b"".join(chunks), file)


def _os_error(key: str, exc: OSError, file: str) -> DeckError:
    """A file that cannot be read or written; the system's reason is a raw value."""
    return DeckError(words=Words.of(key, reason=str(exc.strerror or exc)), file=file)


def _file_kind(mode: int) -> str:
    """The ``deck.file.<kind>`` word for a file that is not a regular one."""
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "special"


def read_toml(data: str | bytes, file: str = "<string>") -> dict[str, Any]:
    """A deck file's TOML as ``tomllib`` reads it, after the checks that keep hostile text
    from ``tomllib`` (size, UTF-8, :func:`~verlies.deck.scan.scan`); DeckError (located)
    otherwise. For a look at a file's top-level keys before reading it as a deck."""
    text = decode(bytes(data), file) if isinstance(data, (bytes, bytearray)) else data
    return load_toml(text, file)[1]


def load_toml(text: str, file: str) -> tuple[str, dict[str, Any]]:
    """The text without a byte order mark, and what ``tomllib`` reads from it."""
    text = text.removeprefix("\ufeff")  # a byte order mark, as some editors save it
    too_large = DeckError(words=Words.of("err.text_too_large", max=MAX_BYTES), file=file, line=1)
    if len(text) > MAX_BYTES:
        raise too_large
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError as exc:
        line = text.count("\n", 0, exc.start) + 1
        raise DeckError(
            words=Words("err.surrogate"),
            file=file,
            line=line,
            column=exc.start - (text.rfind("\n", 0, exc.start) + 1) + 1,
        ) from None
    if size > MAX_BYTES:
        raise too_large
    scan(text, file)  # hostile shapes (dotted keys, deep nesting…) before tomllib sees them
    WORK.toml_chars += len(text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise toml_error(exc, file, text) from None
    except RecursionError:
        raise DeckError(words=Words("err.toml_deep"), file=file, line=1) from None
    return text, data


def parse_text(text: str, file: str, base_dir: Path | None, chain: tuple[str, ...]) -> DeckParts:
    """A deck file's text as a checked deck's content; DeckError (located) if it is not one.

    ``base_dir`` is the folder a patch's ``base`` file is looked up in (None: text, which
    may only build on the default deck); ``chain`` the real paths of the files being read.
    The steps: validate the file's shape, read its entries (each located on failure), then
    the deck, or the patch applied to its base.
    """
    text, data = load_toml(text, file)
    reading = _Reading(file, data, Locator(text))
    top = reading.validate()
    _check_text_budget(top, file, reading.at)
    patch = top.base is not None
    entries = reading.entries(top, patch)
    if patch:
        reading.removes(top, entries)
    if reading.errors:
        raise first_error(reading.errors)
    if patch:
        assert top.base is not None
        base_pos = reading.locator.top_key("base")
        base = _load_base(top.base, file, base_dir, base_pos[0] if base_pos else 1, chain)
        where: Where = FileWhere(file, reading.locator, fallback_keys=("remove", "base"))
        return apply_ops(base, entries.ops, where)
    name = top.name
    if name is None:
        name = Path(file).stem if not file.startswith("<") else "unnamed"
    return build(name, entries.cards, entries.counts, FileWhere(file, reading.locator))


@dataclass
class _Entries:
    """What a file's entries give: a whole deck's cards and counts, or a patch's ops."""

    ops: Ops
    cards: dict[Kind, dict[str, Card]] = field(default_factory=lambda: {k: {} for k in KINDS})
    counts: dict[Kind, dict[str, int]] = field(default_factory=lambda: {k: {} for k in KINDS})
    #: id -> the kind and line of its first entry (a second one is a duplicate)
    first_line: dict[str, tuple[Kind, int]] = field(default_factory=dict)


class _Reading:
    """One deck file being read: its TOML, where things are in it, the errors found."""

    def __init__(self, file: str, data: dict[str, Any], locator: Locator) -> None:
        self.file = file
        self.data = data
        self.locator = locator
        self.errors: list[DeckError] = []

    # -- locating --------------------------------------------------------------------------

    def at(
        self, card: str | None, section: str | None, index: int | None, fld: str | None
    ) -> tuple[int, int | None]:
        """Line and column of an entry's field (of a top-level key without ``section``)."""
        locator = self.locator
        if section is None:
            pos = locator.top_key(fld.split(".")[0]) if fld else None
            return (pos[0], pos[1]) if pos else (1, None)
        listed = self.data.get(section)
        entry = locator.entry(section, index, card, len(listed) if isinstance(listed, list) else 0)
        if entry is None:
            line = locator.find_id_line(card) if card else None
            if line is None:
                pos = locator.top_key(section)
                line = pos[0] if pos else 1
            return line, None
        return locator.key_in(entry, fld)

    def error(
        self,
        words: Said,
        *,
        card: str | None = None,
        fld: str | None = None,
        at: tuple[int, int | None],
    ) -> DeckError:
        """The one way this file's errors are made: located at ``at`` (line, column)."""
        line, column = at
        return DeckError(
            words=words, file=self.file, card=card, field=fld, line=line, column=column
        )

    # -- the steps ---------------------------------------------------------------------------

    def validate(self) -> FileModel:
        """The file's shape (its keys and sections), or its first error."""
        try:
            return FileModel.model_validate(self.data)
        except ValidationError as exc:
            found: list[DeckError] = []
            for err in exc.errors(include_url=False):
                loc = tuple(err["loc"])
                section = str(loc[0]) if loc and loc[0] in SECTION.values() else None
                index = loc[1] if section and len(loc) > 1 and isinstance(loc[1], int) else None
                fld = field_name(loc[2:] if index is not None else loc)
                line, col = self.at(None, section, index, fld)
                if section is None and loc and loc[0] == "remove" and len(loc) > 1:
                    col = None
                words = messages(err, FileModel, loc)
                found.append(self.error(words, fld=fld, at=(line, col)))
            raise first_error(found) from None

    def entries(self, top: FileModel, patch: bool) -> _Entries:
        """Every entry of every section, as cards (or a patch's ops); errors collected."""
        got = _Entries(Ops(name=top.name))
        for kind in KINDS:
            section = SECTION[kind]
            for index, raw in enumerate(cast(list[dict[str, Any]], getattr(top, section))):
                self._entry(got, kind, section, index, raw, patch)
        return got

    def _entry(
        self, got: _Entries, kind: Kind, section: str, index: int, raw: dict[str, Any], patch: bool
    ) -> None:
        cid = raw.get("id") if isinstance(raw.get("id"), str) else None

        def problem(words: Said, fld: str | None) -> None:
            where = self.at(cid, section, index, fld)
            self.errors.append(self.error(words, card=cid, fld=fld, at=where))

        count_only = patch and kind != "character" and "id" in raw and set(raw) <= {"id", "count"}
        m: NamedModel | None = None
        if count_only:
            try:
                co = CountOnlyModel.model_validate(raw)
            except ValidationError as exc:
                for err in exc.errors(include_url=False):
                    loc = tuple(err["loc"])
                    problem(messages(err, CountOnlyModel, loc), field_name(loc))
                return
        else:
            m, problems = validate_entry(kind, raw, patch=patch)
            for loc, words in problems:
                problem(words, field_name(loc))
            if m is None:
                return
        assert cid is not None
        line, _ = self.at(cid, section, index, None)
        if cid in got.first_line:
            other_kind, other_line = got.first_line[cid]
            said = Words.of(
                "err.duplicate_entry", id=cid, kind=kind_word(other_kind), at=other_line
            )
            id_line = (self.at(cid, section, index, "id")[0], None)
            self.errors.append(self.error(said, card=cid, fld="id", at=id_line))
            return
        got.first_line[cid] = (kind, line)
        if m is None:
            got.ops.counts.append((kind, cid, co.count))
            return
        try:
            card = card_from_model(kind, m)
        except CardTextError as exc:
            where = self.at(cid, section, index, "text")
            self.errors.append(text_error(exc, self.file, cid, self.locator, where))
            return
        count = None if kind == "character" else getattr(m, "count", None)
        if patch:
            got.ops.puts.append((kind, card, count))
        else:
            got.cards[kind][cid] = card
            got.counts[kind][cid] = 1 if count is None else count

    def removes(self, top: FileModel, got: _Entries) -> None:
        """A patch's ``remove`` list: an id given and removed, or removed twice, is an error."""
        pos = self.locator.top_key("remove")
        listed: set[str] = set()
        for rid in top.remove:
            if rid in got.first_line:
                clash: str | None = "err.removed_and_given"
            else:
                clash = "err.removed_twice" if rid in listed else None
            if clash:
                where = (pos[0] if pos else 1, None)
                self.errors.append(
                    self.error(Words.of(clash, id=rid), card=rid, fld="remove", at=where)
                )
            listed.add(rid)
            got.ops.removes.append((None, rid))


def _check_text_budget(
    top: FileModel, file: str, at: Callable[[str | None, str, int, str], tuple[int, int | None]]
) -> None:
    """Compiling card texts is the slow part of reading a deck: refuse a file with more
    card text than any deck needs before compiling any of it."""
    total = 0
    for kind in TEXTED:
        section = SECTION[kind]
        for index, raw in enumerate(cast(list[dict[str, Any]], getattr(top, section))):
            text = raw.get("text")
            total += len(text) if isinstance(text, str) else 0
            if total > MAX_TEXT_TOTAL:
                cid = raw.get("id") if isinstance(raw.get("id"), str) else None
                line, column = at(cid, section, index, "text")
                raise DeckError(
                    words=Words.of("err.text_total", max=MAX_TEXT_TOTAL),
                    file=file,
                    card=cid,
                    field="text",
                    line=line,
                    column=column,
                )


def _load_base(
    base: str, file: str, base_dir: Path | None, line: int, chain: tuple[str, ...]
) -> DeckParts:
    """The base deck a patch file names: "default", a shipped edition's name (EDITIONS)
    or a deck file relative to the patch."""
    if base == "default":
        return default_parts()
    if base in EDITIONS:
        return edition_parts(base)

    def refused(words: Words) -> DeckError:  # located at the patch's base line
        return DeckError(words=words, file=file, field="base", line=line)

    if base_dir is None:
        # Text from an upload or a saved game has no folder: it must not make the
        # server read files of its choice.
        raise refused(Words.of("err.base_text", base=base))
    if "\0" in base:
        raise refused(Words.of("err.base_nul", base=base))
    path = Path(base)
    if not path.is_absolute():
        path = base_dir / path
    key = os.path.realpath(path)
    if key in chain:
        names = " -> ".join(Path(c).name for c in (*chain, key))
        raise refused(Words.of("err.base_cycle", names=names))
    if len(chain) >= MAX_BASE_DEPTH:
        raise refused(Words.of("err.base_depth", max=MAX_BASE_DEPTH))
    sub = str(path)
    try:
        return parse_text(read_file(path, sub), sub, path.parent, (*chain, key))
    except DeckError as exc:
        raise refused(Words.of("err.base", base=base, msg=Located(exc))) from exc


# ---- writing text ------------------------------------------------------------------------

_HEADER = """\
# Raus aus dem Verlies! -- deck file (format 1), see docs/deck-format.md.
# Sections: [[characters]], [[dungeon]], [[rooms]], [[monsters]], [[treasures]];
# one card per table. `count` = how many identical physical cards share the id.
"""
_PATCH_HEADER = """\
# Raus aus dem Verlies! -- deck patch (format 1), see docs/deck-format.md.
# Only the changes on top of `base`: full entries add or replace a card (matched by
# id), `id` + `count` entries change a count (0 removes), `remove` lists removed ids.
"""
_SECTION_COMMENT: Final[dict[Kind, str]] = {
    "character": "Characters (R2.1): Stärke, Geist, Geschick",
    "dungeon": "Dungeon cards (R2.2, R3.6): start, exits, corridors, rooms",
    "room": "Room cards (R6)",
    "monster": "Monster cards (R7)",
    "treasure": "Treasure cards (R9)",
}


def _toml_line(key: str, value: object) -> str:
    if isinstance(value, Mapping):
        inner = ", ".join(_toml_line(k, v).rstrip("\n") for k, v in value.items())
        return f"{key} = {{ {inner} }}\n"
    return tomli_w.dumps({key: value})


def _dump_entries(kind: Kind, entries: Iterable[dict[str, Any]], out: list[str]) -> None:
    group: tuple[object, object] | None = None
    for e in entries:
        if kind == "dungeon":
            g = (e.get("color"), e.get("kind"))
            if g != group:
                group = g
                out.append(f"\n# -- {g[0]}: {g[1]} --\n")
        out.append(f"\n[[{SECTION[kind]}]]\n")
        out.extend(_toml_line(k, v) for k, v in e.items())


def dump_deck(
    name: str, cards: Mapping[Kind, Mapping[str, Card]], counts: Mapping[Kind, Mapping[str, int]]
) -> str:
    """A whole deck as the text of a deck file."""
    out = [_HEADER, "\n", _toml_line("format", FORMAT_VERSION), _toml_line("name", name)]
    for kind in KINDS:
        if not cards[kind]:
            continue
        out.append(f"\n# ==== {_SECTION_COMMENT[kind]} ====\n")
        _dump_entries(
            kind,
            (
                entry_of(kind, c, None if kind == "character" else counts[kind][cid])
                for cid, c in cards[kind].items()
            ),
            out,
        )
    return "".join(out)


def dump_patch(patch: DeckPatch, base_ref: str) -> str:
    """A patch as the text of a patch file on ``base = base_ref``.

    A card whose content and count both changed is one full entry with its new count
    (a patch file names each id once).
    """
    out = [
        _PATCH_HEADER,
        "\n",
        _toml_line("format", FORMAT_VERSION),
        _toml_line("base", base_ref),
    ]
    if patch.name is not None:
        out.append(_toml_line("name", patch.name))
    if patch.removed:
        out.append(_toml_line("remove", [r.id for r in patch.removed]))
    new_count = {(c.kind, c.id): c.count for c in patch.counts}
    for kind in KINDS:
        full = [c for c in (*patch.added, *patch.changed) if c.kind == kind]
        entries = [
            entry_of(
                kind,
                c.card,
                None if kind == "character" else new_count.get((kind, c.card.id), c.count),
            )
            for c in full
        ]
        in_full = {c.card.id for c in full}
        entries += [
            {"id": c.id, "count": c.count}
            for c in patch.counts
            if c.kind == kind and c.id not in in_full
        ]
        if entries:
            out.append(f"\n# ==== {_SECTION_COMMENT[kind]} ====\n")
            for e in entries:
                out.append(f"\n[[{SECTION[kind]}]]\n")
                out.extend(_toml_line(k, v) for k, v in e.items())
    return "".join(out)


def write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically: a failed write changes nothing."""
    directory = path.parent
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise _os_error("err.write", exc, str(path)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise _os_error("err.write", exc, str(path)) from None


#: The shipped editions of the standard deck by name, besides the default deck file: a
#: saved game or a patch that names one keeps the cards it was made with (docs/balance.md).
#: "standard-1" is the first edition, the default until the tuned deck replaced it.
EDITIONS: Final = {"standard-1": "decks/standard-1.toml"}


@functools.cache
def edition_parts(name: str) -> DeckParts:
    """The shipped deck edition ``name`` (a key of EDITIONS), read once."""
    file = EDITIONS[name]
    resource = resources.files("verlies") / "data"
    for part in file.split("/"):
        resource = resource / part
    return parse_text(decode(resource.read_bytes(), file), file, None, ())


@functools.cache
def default_parts() -> DeckParts:
    """The shipped default deck (``verlies/data/default_deck.toml``), read once."""
    resource = resources.files("verlies") / "data" / "default_deck.toml"
    return parse_text(
        decode(resource.read_bytes(), "default_deck.toml"), "default_deck.toml", None, ()
    )

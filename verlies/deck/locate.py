"""Where a problem is in a deck file: line and column for every DeckError.

``tomllib`` gives positions only for syntax errors; :class:`Locator` scans the text once
for section headers, entries and keys so that validation errors and deck-level problems
can name their line. :class:`Where` turns a :class:`Problem` into a DeckError, with the
file's positions (:class:`FileWhere`) or without (live edits).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field

from verlies.deck.scan import WORK
from verlies.deck.words import CardTextMessage, DeckWarning, Words
from verlies.errors import CardTextError, DeckError

_AOT_HEADER = re.compile(r"^\s*\[\[\s*([^\]\s]+)\s*\]\]")
_TABLE_HEADER = re.compile(r"^\s*\[\s*([A-Za-z0-9_.\"'-]+)\s*\](?!\])")
_KEY_PART = r"""(?:[A-Za-z0-9_-]+|"[^"\\]*"|'[^']*')"""
_KEY = re.compile(rf"^\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*=")
_INLINE_KEY = re.compile(r"[{,]\s*([A-Za-z0-9_-]+)\s*=")
_ID_VALUE = re.compile(r"""^\s*(?:"([^"\\]*)"|'([^']*)')""")
_TOML_POS = re.compile(r"\(at line (\d+), column (\d+)\)")
_ID_START = re.compile(r"""\bid\s*=\s*["']""")
_QUOTE = re.compile(r"""["']""")
_MAX_SLOW_SCANS = 16


def _key_path(raw: str) -> str:
    parts = [p.strip().strip("\"'") for p in re.findall(_KEY_PART, raw)]
    return ".".join(parts)


@dataclass
class Entry:
    section: str
    line: int
    keys: dict[str, tuple[int, int]] = field(default_factory=dict)
    id: str | None = None


class Locator:
    """Finds lines in a TOML text: tomllib gives no positions for values.

    Array-of-tables entries (``[[rooms]]``) are found by position (the i-th header is the
    i-th entry) or by their ``id = "..."``; keys inside them by scanning their lines.
    """

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        WORK.located_lines += len(self.lines)
        self.top: dict[str, tuple[int, int]] = {}
        self.entries: dict[str, list[Entry]] = {}
        self._ids: dict[str, dict[str, Entry]] = {}
        self._id_lines: dict[str, int] | None = None
        self._slow_scans = 0
        current: Entry | None = None
        prefix = ""
        open_quote: str | None = None
        for no, raw in enumerate(self.lines, 1):
            if open_quote is not None:
                if raw.count(open_quote) % 2 == 1:
                    open_quote = None
                continue
            m = _AOT_HEADER.match(raw)
            if m:
                name = _key_path(m.group(1))
                current = Entry(name, no)
                self.entries.setdefault(name, []).append(current)
                self.top.setdefault(name, (no, m.start(1) + 1))
                prefix = ""
                continue
            m = _TABLE_HEADER.match(raw)
            if m:
                name = _key_path(m.group(1))
                if current is not None and name.startswith(current.section + "."):
                    prefix = name[len(current.section) + 1 :] + "."
                else:
                    current = None
                    self.top.setdefault(name, (no, m.start(1) + 1))
                    prefix = name + "."
                continue
            m = _KEY.match(raw)
            if not m:
                continue
            key = prefix + _key_path(m.group(1))
            target = current.keys if current is not None else self.top
            target.setdefault(key, (no, m.start(1) + 1))
            rest = raw[m.end() :]
            if current is not None and key == "id":
                idm = _ID_VALUE.match(rest)
                if idm:
                    current.id = idm.group(1) if idm.group(1) is not None else idm.group(2)
            for im in _INLINE_KEY.finditer(rest):
                target.setdefault(f"{key}.{im.group(1)}", (no, m.end() + im.start(1) + 1))
            for quote in ('"""', "'''"):
                if rest.count(quote) % 2 == 1:
                    open_quote = quote
                    break

    def entry(self, section: str, index: int | None, card: str | None, total: int) -> Entry | None:
        found = self.entries.get(section, [])
        if index is not None and len(found) == total and 0 <= index < total:
            return found[index]
        if card is not None:
            return self._first_by_id(section).get(card)
        return None

    def entry_by_id(self, card: str) -> Entry | None:
        for section in self.entries:
            found = self._first_by_id(section).get(card)
            if found is not None:
                return found
        return None

    def _first_by_id(self, section: str) -> dict[str, Entry]:
        """Id -> the first entry of ``section`` with it (built once: a file with thousands
        of bad entries is located in linear time)."""
        index = self._ids.get(section)
        if index is None:
            index = {}
            for e in self.entries.get(section, []):
                if e.id is not None:
                    index.setdefault(e.id, e)
            self._ids[section] = index
        return index

    def key_in(self, entry: Entry, fld: str | None) -> tuple[int, int | None]:
        if fld:
            parts = fld.split(".")
            for n in range(len(parts), 0, -1):
                pos = entry.keys.get(".".join(parts[:n]))
                if pos is not None:
                    return pos
        return entry.line, None

    def top_key(self, key: str) -> tuple[int, int] | None:
        if key in self.top:
            return self.top[key]
        first = self.entries.get(key)
        return (first[0].line, 1) if first else None

    def find_id_line(self, card: str) -> int | None:
        """The first line with ``id = "card"`` anywhere in it (also in inline tables)."""
        if '"' in card or "'" in card:
            return self._scan_id_line(card)
        if self._id_lines is None:
            # A card without quotes matches where an ``id = "`` is followed by exactly
            # its text up to the next quote: one pass finds every such text.
            self._id_lines = {}
            WORK.located_lines += len(self.lines)
            for no, raw in enumerate(self.lines, 1):
                for m in _ID_START.finditer(raw):
                    end = _QUOTE.search(raw, m.end())
                    if end is not None:
                        self._id_lines.setdefault(raw[m.end() : end.start()], no)
        return self._id_lines.get(card)

    def _scan_id_line(self, card: str) -> int | None:
        # Ids with quotes are never valid; only a hostile file has many: scan for a few.
        self._slow_scans += 1
        if self._slow_scans > _MAX_SLOW_SCANS:
            return None
        pattern = re.compile(rf"""\bid\s*=\s*["']{re.escape(card)}["']""")
        WORK.located_lines += len(self.lines)
        for no, raw in enumerate(self.lines, 1):
            if pattern.search(raw):
                return no
        return None


# ---- locating problems: no file (live edits) or a file -------------------------------------


@dataclass(frozen=True)
class Problem:
    """A deck-level problem found after the entries were read: no line yet."""

    words: Words
    card: str | None = None
    field: str | None = None
    section: str | None = None


class Where:
    """Turns problems into DeckErrors and warnings; live edits know no file or line."""

    def error(self, p: Problem) -> DeckError:
        return DeckError(words=p.words, card=p.card, field=p.field)

    def warning(self, card: str | None, words: Words) -> DeckWarning:
        return DeckWarning(words, card=card)


class FileWhere(Where):
    def __init__(self, file: str, locator: Locator, fallback_keys: tuple[str, ...] = ()) -> None:
        self.file = file
        self.loc = locator
        self.fallback_keys = fallback_keys

    def position(
        self, card: str | None, fld: str | None, section: str | None
    ) -> tuple[int, int | None]:
        if card is not None:
            entry = self.loc.entry_by_id(card)
            if entry is not None:
                return self.loc.key_in(entry, fld)
            line = self.loc.find_id_line(card)
            if line is not None:
                return line, None
            remove = self.loc.top.get("remove")
            if remove is not None:
                return remove[0], None
        for key in (section, *self.fallback_keys, "dungeon"):
            if key:
                pos = self.loc.top_key(key)
                if pos is not None:
                    return pos[0], None
        return 1, None

    def error(self, p: Problem) -> DeckError:
        line, column = self.position(p.card, p.field, p.section)
        return DeckError(
            words=p.words, file=self.file, card=p.card, field=p.field, line=line, column=column
        )

    def warning(self, card: str | None, words: Words) -> DeckWarning:
        if card is None:
            return DeckWarning(words, file=self.file)
        line, _ = self.position(card, None, None)
        return DeckWarning(words, card=card, file=self.file, line=line)


_MORE = {True: "err.more_one", False: "err.more"}


def first_error(errors: list[DeckError]) -> DeckError:
    """The first error by line; its message says how many more there are."""
    errors.sort(key=lambda e: (e.line or 0, e.column or 0))
    first = errors[0]
    if len(errors) == 1:
        return first
    more = len(errors) - 1
    msg = first.words if first.words is not None else first.message
    combined = DeckError(
        words=Words.of("err.with_more", msg=msg, more=Words.of(_MORE[more == 1], n=more)),
        file=first.file,
        card=first.card,
        field=first.field,
        line=first.line,
        column=first.column,
    )
    combined.__cause__ = first.__cause__
    return combined


#: tomllib's sentences (Python 3.11-3.13) and their keys (``deck.toml.<key>``): a German
#: page says them in German. One tomllib does not write (a newer Python's) stays as it is.
_TOML_REASONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern + r"\Z"), key)
    for pattern, key in (
        (r"Cannot overwrite a value", "overwrite"),
        (r"Escaped character is not a Unicode scalar value", "escape_scalar"),
        (r"Expected '=' after a key in a key/value pair", "expect_equals"),
        (r"Expected '\]' at the end of a table declaration", "expect_table_end"),
        (r"Expected '\]\]' at the end of an array declaration", "expect_array_end"),
        (r"Expected newline or end of document after a statement", "expect_newline"),
        (r"Invalid date or datetime", "invalid_date"),
        (r"Invalid hex value", "invalid_hex"),
        (r"Invalid initial character for a key part", "invalid_key_start"),
        (r"Invalid statement", "invalid_statement"),
        (r"Invalid value", "invalid_value"),
        (r"Unclosed array", "unclosed_array"),
        (r"Unclosed inline table", "unclosed_inline"),
        (r"Unescaped '\\' in a string", "unescaped_backslash"),
        (r"Unterminated string", "unterminated_string"),
        (r"Cannot declare (?P<key>.+) twice", "declared_twice"),
        (r"Cannot mutate immutable namespace (?P<key>.+)", "immutable"),
        (r"Cannot redefine namespace (?P<key>.+)", "redefine"),
        (r"Duplicate inline table key (?P<key>.+)", "duplicate_inline"),
        (r"Expected (?P<what>.+)", "expected"),
        (r"Found invalid character (?P<char>.+)", "invalid_char"),
        (r"Illegal character (?P<char>.+)", "illegal_char"),
    )
)


def toml_reason(message: str) -> Words | str:
    """tomllib's sentence (its position cut off) as words, said in the page's language;
    the key, character or token it quotes stays as the file has it."""
    for pattern, key in _TOML_REASONS:
        m = pattern.match(message)
        if m:
            return Words.of(f"toml.{key}", **m.groupdict())
    return message


def toml_error(exc: tomllib.TOMLDecodeError, file: str, text: str) -> DeckError:
    message = str(exc)
    m = _TOML_POS.search(message)
    if m:
        line, column = int(m.group(1)), int(m.group(2))
        message = message[: m.start()].rstrip()
    else:
        line = max(1, len(text.splitlines()))
        column = None
        message = message.replace("(at end of document)", "").rstrip()
        return DeckError(
            words=Words.of("err.toml_end", msg=toml_reason(message)), file=file, line=line
        )
    return DeckError(
        words=Words.of("err.toml", msg=toml_reason(message)), file=file, line=line, column=column
    )


def text_error(
    exc: CardTextError, file: str, cid: str, locator: Locator, pos: tuple[int, int | None]
) -> DeckError:
    """A card text that does not parse, located in the file: line of the text, its column."""
    line, key_col = pos
    column: int | None = None
    text_col = exc.column
    text_line = exc.line or 1
    if (
        text_line == 1
        and text_col is not None
        and key_col is not None
        and line <= len(locator.lines)
    ):
        raw = locator.lines[line - 1]
        eq = raw.find("=", key_col - 1)
        quote = eq + 1
        while quote < len(raw) and raw[quote] in " \t":
            quote += 1
        if (
            quote < len(raw)
            and raw[quote] in "\"'"
            and "\\" not in raw[quote : quote + text_col + 1]
        ):
            column = quote + 1 + text_col
    else:
        line += text_line - 1
    msg = CardTextMessage.of(exc)
    if text_col is None:
        words = Words.of("err.text", msg=msg)
    else:
        words = Words.of("err.text_at", msg=msg, column=text_col)
    error = DeckError(words=words, file=file, card=cid, field="text", line=line, column=column)
    error.__cause__ = exc
    return error

"""A cheap look at a deck file's TOML before ``tomllib`` reads it: hostile shapes refused.

``tomllib`` is quadratic in time and memory on dotted keys and dotted table headers
(``a.a.a… = 1`` with 10,000 parts: 2.7 s and 400 MB) and recursive on nested arrays. A
deck file needs none of that: :func:`scan` walks the text once, in linear time and
without recursion, and refuses (as a located DeckError) a key with too many parts,
values nested too deeply, too many tables, keys or array items, or a too long string,
before ``tomllib`` sees it. The limits (:data:`LIMITS`) are far above what a real deck
needs and are described in ``docs/deck-format.md``.

The walk follows TOML's grammar for keys, headers, strings, arrays and inline tables.
It does not judge syntax: where the text stops being TOML it stops, and ``tomllib``
reports the syntax error there (nothing before that point was left unchecked).

>>> scan("a.b = [1, [2, 3]]", "d.toml") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from verlies.deck.limits import (
    MAX_DEPTH,
    MAX_ITEMS,
    MAX_KEY_PARTS,
    MAX_STRING,
    MAX_TABLES,
    MAX_VALUES,
)
from verlies.deck.words import Words
from verlies.errors import DeckError

__all__ = [
    "LIMITS",
    "MAX_DEPTH",
    "MAX_ITEMS",
    "MAX_KEY_PARTS",
    "MAX_STRING",
    "MAX_TABLES",
    "MAX_VALUES",
    "WORK",
    "Limits",
    "ScanWork",
    "scan",
]


@dataclass(frozen=True, slots=True)
class Limits:
    key_parts: int = MAX_KEY_PARTS
    depth: int = MAX_DEPTH
    tables: int = MAX_TABLES
    values: int = MAX_VALUES
    items: int = MAX_ITEMS
    string: int = MAX_STRING


LIMITS: Final = Limits()


@dataclass(slots=True)
class ScanWork:
    """Deck TOML read since start-up, counted so that tests bound a reading's cost by work,
    not time: the scan's steps (each consumes at least one character), and what was let on
    to ``tomllib``: characters, the most dotted parts of one key, the deepest nesting; and
    the lines that :mod:`~verlies.deck.locate` read to give errors their place."""

    steps: int = 0
    toml_chars: int = 0
    key_parts: int = 0
    depth: int = 0
    located_lines: int = 0

    def reset(self) -> None:
        self.steps = self.toml_chars = self.key_parts = self.depth = self.located_lines = 0


WORK: Final = ScanWork()

_WS = re.compile(r"[ \t]*")
# Blank space between array items: spaces, newlines and comments.
_ARRAY_WS = re.compile(r"(?:[ \t\r\n]+|#[^\n]*)*+")
_END_OF_LINE = re.compile(r"[ \t]*(?:#[^\n]*)?(?:\r?\n|\Z)")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
# Every repeat is possessive (*+, Python 3.11): the regex engine keeps no way back into
# it, so 500,000 comment lines or escapes do not grow its stack (by 170 MB otherwise).
# Strings are "unrolled loops": a run of plain characters between escapes is one step.
_BASIC = re.compile(r'"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"')
_LITERAL = re.compile(r"'[^'\n]*'")
_ML_BASIC = re.compile(r'"""[^"\\]*+(?:(?:\\.|"(?!""))[^"\\]*+)*+"""(?:"{1,2}(?!"))?', re.DOTALL)
_ML_LITERAL = re.compile(r"'''[^']*+(?:'(?!'')[^']*+)*+'''(?:'{1,2}(?!'))?")
# Numbers, booleans, dates and times (a date and a time may be apart by one space).
_SCALAR = re.compile(
    r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:\d{2})?"
    r"|[A-Za-z0-9_+.:-]+"
)


class _Stop(Exception):
    """The text stops being TOML here: tomllib will report it."""


class _Scanner:
    def __init__(self, text: str, file: str, limits: Limits) -> None:
        self.text = text
        self.file = file
        self.limits = limits
        self.pos = 0
        self.tables = 0
        self.values = 0
        self.steps = 0  # loop turns of the walk, for WORK
        self.key_parts = 0  # the most parts of one key seen
        self.depth = 0  # the deepest nesting seen

    # -- refusing, located ---------------------------------------------------------------

    def refuse(self, at: int, key: str, **values: int) -> DeckError:
        """The DeckError for a limit crossed at offset ``at``: ``deck.err.scan.<key>``."""
        line = self.text.count("\n", 0, at) + 1
        column = at - (self.text.rfind("\n", 0, at) + 1) + 1
        words = Words.of(f"err.scan.{key}", **values)
        return DeckError(words=words, file=self.file, line=line, column=column)

    def skip(self, pattern: re.Pattern[str]) -> None:
        m = pattern.match(self.text, self.pos)
        if m is not None:
            self.pos = m.end()

    def peek(self, n: int = 1) -> str:
        return self.text[self.pos : self.pos + n]

    # -- the file: expressions line by line ------------------------------------------------

    def run(self) -> None:
        text = self.text
        while True:
            self.steps += 1
            self.skip(_ARRAY_WS)
            if self.pos >= len(text):
                return
            if text[self.pos] == "[":
                self.header()
            else:
                self.keyval()
            m = _END_OF_LINE.match(text, self.pos)
            if m is None:
                raise _Stop
            self.pos = m.end()

    def header(self) -> None:
        start = self.pos
        double = self.peek(2) == "[["
        self.pos += 2 if double else 1
        self.skip(_WS)
        self.key(start)
        self.skip(_WS)
        close = "]]" if double else "]"
        if self.peek(len(close)) != close:
            raise _Stop
        self.pos += len(close)
        self.table(start)

    def table(self, at: int) -> None:
        self.tables += 1
        if self.tables > self.limits.tables:
            raise self.refuse(at, "tables", max=self.limits.tables)

    def keyval(self) -> None:
        self.key_equals()
        self.value()

    def count_value(self, at: int) -> None:
        self.values += 1
        if self.values > self.limits.values:
            raise self.refuse(at, "values", max=self.limits.values)

    def key(self, start: int) -> None:
        """A dotted key: simple keys with dots between them."""
        parts = 0
        while True:
            self.steps += 1
            self.simple_key()
            parts += 1
            if parts > self.limits.key_parts:
                raise self.refuse(start, "key_parts", max=self.limits.key_parts)
            self.key_parts = max(self.key_parts, parts)
            self.skip(_WS)
            if self.peek() != ".":
                return
            self.pos += 1
            self.skip(_WS)

    def simple_key(self) -> None:
        char = self.peek()
        pattern = _BASIC if char == '"' else _LITERAL if char == "'" else _BARE_KEY
        m = pattern.match(self.text, self.pos)
        if m is None:
            raise _Stop
        self.check_length(m.start(), m.end())
        self.pos = m.end()

    def check_length(self, start: int, end: int) -> None:
        if end - start > self.limits.string:
            raise self.refuse(start, "string", length=end - start, max=self.limits.string)

    # -- values: arrays and inline tables on an explicit stack (no recursion) --------------

    def value(self) -> None:
        # The open arrays and inline tables: "[" or "{", where it began, its items so far.
        stack: list[tuple[str, int, int]] = []
        while True:
            self.steps += 1
            if stack and stack[-1][0] == "[":
                kind, began, items = stack[-1]
                if items >= self.limits.items:
                    raise self.refuse(began, "items", max=self.limits.items)
                stack[-1] = (kind, began, items + 1)
                self.count_value(self.pos)
            char = self.peek()
            if char in ("[", "{"):
                if len(stack) >= self.limits.depth:
                    raise self.refuse(self.pos, "depth", max=self.limits.depth)
                if char == "{":
                    self.table(self.pos)
                stack.append((char, self.pos, 0))
                self.depth = max(self.depth, len(stack))
                self.pos += 1
                self.skip(_ARRAY_WS if char == "[" else _WS)
                if self.peek() != ("]" if char == "[" else "}"):
                    if char == "{":
                        self.key_equals()
                    continue  # the first item or key's value
                self.pos += 1  # empty
                stack.pop()
            else:
                self.scalar()
            if not self.after_value(stack):
                return

    def after_value(self, stack: list[tuple[str, int, int]]) -> bool:
        """Close the containers that end here; True if another value follows."""
        while stack:
            self.steps += 1
            kind = stack[-1][0]
            space = _ARRAY_WS if kind == "[" else _WS
            self.skip(space)
            char = self.peek()
            if char == ("]" if kind == "[" else "}"):
                self.pos += 1
                stack.pop()
                continue
            if char != ",":
                raise _Stop
            self.pos += 1
            self.skip(space)
            if kind == "[" and self.peek() == "]":  # a trailing comma
                self.pos += 1
                stack.pop()
                continue
            if kind == "{":
                self.key_equals()
            return True
        return False

    def key_equals(self) -> None:
        """``key =`` at a line's start or inside an inline table; its value follows."""
        start = self.pos
        self.key(start)
        self.count_value(start)
        self.skip(_WS)
        if self.peek() != "=":
            raise _Stop
        self.pos += 1
        self.skip(_WS)

    def scalar(self) -> None:
        text = self.text
        if text.startswith('"""', self.pos):
            pattern = _ML_BASIC
        elif text.startswith("'''", self.pos):
            pattern = _ML_LITERAL
        elif self.peek() == '"':
            pattern = _BASIC
        elif self.peek() == "'":
            pattern = _LITERAL
        else:
            pattern = _SCALAR
        m = pattern.match(text, self.pos)
        if m is None:
            raise _Stop
        self.check_length(m.start(), m.end())
        self.pos = m.end()


def scan(text: str, file: str, limits: Limits = LIMITS) -> None:
    """Refuse a text whose shape no deck needs (DeckError with line and column)."""
    scanner = _Scanner(text, file, limits)
    try:
        scanner.run()
    except _Stop:
        pass
    finally:
        WORK.steps += scanner.steps
    WORK.key_parts = max(WORK.key_parts, scanner.key_parts)
    WORK.depth = max(WORK.depth, scanner.depth)

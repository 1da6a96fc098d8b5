"""Exception classes. Every error says what went wrong and where."""

from __future__ import annotations


class VerliesError(Exception):
    """Base class of all errors raised by verlies."""


class IllegalAction(VerliesError):
    """An action that the rules do not allow now. The game is left unchanged.

    ``rule`` is the rule ID (e.g. ``"R3.2"``) that forbids it.
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{rule}: {message}")


class DiceError(VerliesError):
    """A dice expression that does not parse (RW.3)."""

    def __init__(self, text: str, column: int, expected: str) -> None:
        self.text = text
        self.column = column
        self.expected = expected
        super().__init__(f"dice expression {text!r}, column {column}: expected {expected}")


class CardTextError(VerliesError):
    """Card text that does not parse. Names the card, line and column and what was expected."""

    def __init__(
        self,
        message: str,
        *,
        card: str | None = None,
        line: int | None = None,
        column: int | None = None,
        text: str | None = None,
        expected: str | None = None,
    ) -> None:
        self.message = message
        self.card = card
        self.line = line
        self.column = column
        self.text = text
        self.expected = expected
        where = []
        if card is not None:
            where.append(f"card {card!r}")
        if line is not None:
            where.append(f"line {line}")
        if column is not None:
            where.append(f"column {column}")
        prefix = ", ".join(where)
        super().__init__(f"{prefix}: {message}" if prefix else message)


class DeckError(VerliesError):
    """A deck file or deck change that is not valid. Names file, card id, field and line."""

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        card: str | None = None,
        field: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.message = message
        self.file = file
        self.card = card
        self.field = field
        self.line = line
        self.column = column
        where = []
        if file is not None:
            where.append(str(file))
        if line is not None:
            where.append(f"line {line}" + (f", column {column}" if column is not None else ""))
        if card is not None:
            where.append(f"card {card!r}")
        if field is not None:
            where.append(f"field {field!r}")
        prefix = ", ".join(where)
        super().__init__(f"{prefix}: {message}" if prefix else message)


class SaveFormatError(VerliesError):
    """A saved game that cannot be read (wrong version, malformed JSON, unknown step)."""

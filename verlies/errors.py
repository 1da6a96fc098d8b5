"""Exception classes. Every error says what went wrong and where."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Self


class VerliesError(Exception):
    """Base class of all errors raised by verlies."""


class Said(Protocol):
    """Anything put into words late, in the language asked for: a message kept as a key and
    raw values (``verlies.deck.words.Words``), a pydantic error's words, a page message.
    The one definition (``verlies.deck.words`` uses this one)."""

    def text(self, lang: str) -> str: ...


class WordedError(VerliesError):
    """An error whose message is kept as ``words`` (an i18n key and raw values, put into
    words when shown: the engine keeps no language) or, made without words, as a plain
    English ``message``. ``message`` is always the English; ``str(exc)`` is English too
    and :meth:`text_in` gives the whole error in any language (``text_in("en")`` reads as
    ``str(exc)``). A page shows any of them with ``except WordedError as e``.

    A subclass sets its own attributes first (its English text may be made of them), then
    calls this ``__init__``; it says what goes around the message in :meth:`text_in`.
    """

    message: str
    words: Said | None

    def __init__(self, message: str | None = None, *, words: Said | None = None) -> None:
        if words is not None and message is None:
            message = words.text("en")
        if message is None:
            raise TypeError(f"{type(self).__name__} needs a message or words")
        self.message = message
        self.words = words
        super().__init__(self._english())

    def _english(self) -> str:
        """``str(exc)``, made once when the error is made."""
        return self.message

    def message_in(self, lang: str) -> str:
        """The message alone in ``lang`` (English for a language verlies does not know, or
        for an error made with a plain message)."""
        return self.message if self.words is None else self.words.text(lang)

    def text_in(self, lang: str) -> str:
        """The whole error in ``lang``; ``text_in("en") == str(exc)``."""
        return self.message_in(lang)


class RuledError(WordedError):
    """A worded error that names the rule (e.g. ``"R3.2"``) in front of its message:
    ``R3.2: …`` in ``str(exc)`` and in every language of :meth:`text_in`.

    It pickles as its rule and English message (its words are not kept: a worker
    process's error reads English in the parent).
    """

    def __init__(self, rule: str, message: str | None = None, *, words: Said | None = None) -> None:
        self.rule = rule
        super().__init__(message, words=words)

    def _english(self) -> str:
        return f"{self.rule}: {self.message}"

    def __reduce__(self) -> tuple[type[RuledError], tuple[str, str]]:
        return (type(self), (self.rule, self.message))

    def text_in(self, lang: str) -> str:
        """``R3.2: …`` in ``lang`` (the engine keeps no language: its ``words`` are an
        i18n key and raw values); ``text_in("en") == str(exc)``."""
        return f"{self.rule}: {self.message_in(lang)}"


class IllegalAction(RuledError):
    """An action that the rules do not allow now. The game is left unchanged.

    ``rule`` is the rule ID (e.g. ``"R3.2"``) that forbids it.
    """


class SetupError(RuledError):
    """A game that cannot be set up as asked (names the rule, e.g. R2.1).

    ``str(exc)`` is English; ``words`` (a :class:`Phrase` of the ``setup.err.`` keys)
    gives it in any language through :meth:`text_in`, the rule id kept in front.
    """


class StepError(WordedError, ValueError):
    """A saved step (a link's or save file's JSON list) that is no action or outcome:
    ``words`` (a :class:`Phrase` of the ``step.err.`` keys) say it in any language;
    ``str(exc)`` is the English it always was. A ValueError, as it always was.

    >>> e = StepError(words=Phrase.of("step.err.kind", kind="'x'"))
    >>> str(e), e.text_in("de")
    ("unknown action kind 'x'", "unbekannte Art von Schritt 'x'")
    """


class VariantsError(WordedError, ValueError):
    """Variant switches that cannot be read (unknown names, a switch that is not true or
    false): in words of any language through :meth:`text_in` (``variants.err.`` keys),
    ``str(exc)`` English. A ValueError, as it always was."""


class SetupKeyError(SetupError, KeyError):
    """A saved setup without a value it needs (``players``, ``characters``, ``seed``): a
    SetupError naming the rule, and a KeyError as it always was."""

    def __str__(self) -> str:  # KeyError's own would put the message in quotes
        return self._english()


class DiceError(VerliesError):
    """A dice expression that does not parse (RW.3)."""

    def __init__(self, text: str, column: int, expected: str | Phrase) -> None:
        self.text = text
        self.column = column
        #: what the parser expected, as words (a ``dice.phrase.*`` key) when it has them
        self.words = expected if isinstance(expected, Phrase) else None
        self.expected = expected.text("en") if isinstance(expected, Phrase) else expected
        super().__init__(f"dice expression {text!r}, column {column}: expected {self.expected}")


def _where_words(lang: str) -> tuple[str, str, str, str]:
    """The words of a location prefix in ``lang`` (from verlies.i18n): card, line, column,
    field. ValueError for a language verlies does not know."""
    from verlies import i18n  # the tables load on first use

    if not isinstance(lang, str) or lang not in i18n.LANGUAGES:
        known = " or ".join(repr(code) for code in i18n.LANGUAGES)
        raise ValueError(f"unknown language {lang!r}: expected {known}")
    card, line, column, field = (
        i18n.text(f"engine.where.{w}", lang) for w in ("card", "line", "column", "field")
    )
    return card, line, column, field


def _prefixed(prefix: str, message: str) -> str:
    return f"{prefix}: {message}" if prefix else message


def _in_words(said: dict[str, str | None], lang: str, words: Said | None) -> str | None:
    """``said[lang]``, else ``words`` in ``lang``, kept in ``said`` (None: neither): other
    languages are put into words when asked for, once (a deck file may hold thousands of
    bad card texts; only the first is shown)."""
    found = said.get(lang)
    if found is None and words is not None:
        found = said[lang] = words.text(lang)
    return found


class LocatedError(WordedError):
    """A worded error with its location in front (a file, line, column, card, field):
    ``d.toml, line 3, card 'x': …``, the location's words in the language asked for too.
    ``message_de`` is the message in German; a subclass says :meth:`where`."""

    def __init__(self, message: str | None, *, words: Said | None, message_de: str | None) -> None:
        self._said: dict[str, str | None] = {"de": message_de}
        super().__init__(message, words=words)

    def where(self, lang: str = "en") -> str:
        """The location prefix in ``lang`` (empty if nothing is known)."""
        raise NotImplementedError

    @property
    def message_de(self) -> str | None:
        """The message in German (None: an error made without words or a German text)."""
        return _in_words(self._said, "de", self.words)

    def message_in(self, lang: str) -> str:
        """The message without its location, in ``lang`` (from its ``words``); without
        words, German if there is a German one and ``lang`` is "de", else English.
        ValueError for a language verlies does not know."""
        _where_words(lang)
        if lang == "en":
            return self.message
        found = _in_words(self._said, lang, self.words)
        return self.message if found is None else found

    def _english(self) -> str:
        return self.text_in("en")

    def text_in(self, lang: str) -> str:
        """The located error in ``lang``, its location prefix too; ``text_in("en") ==
        str(exc)``."""
        return _prefixed(self.where(lang), self.message_in(lang))


class CardTextError(LocatedError):
    """Card text that does not parse. Names the card, line and column and what was expected.

    ``str(exc)`` and ``message`` are English; ``message_de`` is the same message in German
    (``None`` if there is none) and :meth:`text_in` gives the whole located error in either
    language. ``key`` names the template in ``verlies.cards.text.MESSAGES`` it was made from.

    >>> e = CardTextError("zero gold", card="r1", line=1, column=3, message_de="null Gold")
    >>> str(e), e.text_in("de")
    ("card 'r1', line 1, column 3: zero gold", "Karte 'r1', Zeile 1, Spalte 3: null Gold")
    """

    def __init__(
        self,
        message: str | None = None,
        *,
        card: str | None = None,
        line: int | None = None,
        column: int | None = None,
        text: str | None = None,
        expected: str | None = None,
        message_de: str | None = None,
        expected_de: str | None = None,
        key: str | None = None,
        words: Said | None = None,
        expected_words: Said | None = None,
    ) -> None:
        self.expected_words = expected_words
        self.card = card
        self.line = line
        self.column = column
        self.text = text
        self.key = key
        self._expected: dict[str, str | None] = {"en": expected, "de": expected_de}
        super().__init__(message, words=words, message_de=message_de)

    @property
    def expected(self) -> str | None:
        """What was expected where the error is, in English (None: not known)."""
        return _in_words(self._expected, "en", self.expected_words)

    @property
    def expected_de(self) -> str | None:
        return _in_words(self._expected, "de", self.expected_words)

    def where(self, lang: str = "en") -> str:
        """The location prefix: ``card 'r07', line 1, column 5`` or ``Karte 'r07', Zeile 1,
        Spalte 5``; empty if nothing is known."""
        card_w, line_w, column_w, _ = _where_words(lang)
        where = []
        if self.card is not None:
            where.append(f"{card_w} {self.card!r}")
        if self.line is not None:
            where.append(f"{line_w} {self.line}")
        if self.column is not None:
            where.append(f"{column_w} {self.column}")
        return ", ".join(where)


class SourceName(str):
    """The name deck text goes by where it comes from no file (the deck inside a saved
    game), in place of a file's name: as a ``str`` it is the English name, so the deck
    reader takes it as any file's and ``str(exc)`` stays English; :meth:`text` says it in
    another language (an i18n key), as a :class:`DeckError`'s location and a deck warning
    show it.

    >>> name = SourceName("save.deck_file")
    >>> name, name.text("de")
    ('<saved game>', '<Spielstand>')
    """

    key: str

    def __new__(cls, key: str) -> SourceName:
        from verlies import i18n  # the tables load on first use

        name = super().__new__(cls, i18n.text(key, i18n.FALLBACK))
        name.key = key
        return name

    def __getnewargs__(self) -> tuple[str]:  # pickles as its key
        return (self.key,)

    def text(self, lang: str) -> str:
        from verlies import i18n

        return i18n.text(self.key, lang if lang in i18n.LANGUAGES else i18n.FALLBACK)


def file_in(file: str, lang: str) -> str:
    """A file's name as shown in ``lang``: a :class:`SourceName` in its words, a real
    file's name as it is."""
    return file.text(lang) if isinstance(file, SourceName) else str(file)


class DeckError(LocatedError):
    """A deck file or deck change that is not valid. Names file, card id, field and line.

    ``str(exc)`` is English. :meth:`text_in` gives the located error in any language of
    :mod:`verlies.i18n`: the deck reader gives every error as ``words`` (a key and raw
    values, put into words when shown); ``message``/``message_de`` are its English and
    German text. An error made with a plain ``message`` alone stays English.

    >>> DeckError("bad", file="d.toml", line=3, card="x", field="text").text_in("de")
    "d.toml, Zeile 3, Karte 'x', Feld 'text': bad"
    """

    def __init__(
        self,
        message: str | None = None,
        *,
        file: str | None = None,
        card: str | None = None,
        field: str | None = None,
        line: int | None = None,
        column: int | None = None,
        message_de: str | None = None,
        words: Said | None = None,
        field_words: Said | None = None,
    ) -> None:
        self.file = file
        self.card = card
        self.field = field
        #: The field as the reader knows it (a form's label), said in place of ``field``.
        self.field_words = field_words
        self.line = line
        self.column = column
        super().__init__(message, words=words, message_de=message_de)

    def where(self, lang: str = "en") -> str:
        """The location prefix: ``deck.toml, line 3, column 9, card 'x', field 'text'``."""
        card_w, line_w, column_w, field_w = _where_words(lang)
        where = []
        if self.file is not None:
            where.append(file_in(self.file, lang))
        if self.line is not None:
            column = f", {column_w} {self.column}" if self.column is not None else ""
            where.append(f"{line_w} {self.line}{column}")
        if self.card is not None:
            where.append(f"{card_w} {self.card!r}")
        if self.field_words is not None:
            where.append(f"{field_w} {self.field_words.text(lang)!r}")
        elif self.field is not None:
            where.append(f"{field_w} {self.field!r}")
        return ", ".join(where)


def _said_in(value: object, lang: str) -> object:
    """One raw value of a :class:`Phrase` in ``lang``: anything with ``text(lang)``
    (:class:`Inner`, :class:`EnglishOnly`, a deck's words) in that language, numbers and
    ids as they are."""
    said = getattr(value, "text", None)
    if callable(said) and not isinstance(value, str):
        return said(lang)
    return value


@dataclass(frozen=True, slots=True)
class Inner:
    """An inner error inside a message: in its own words in the language asked for when it
    has them (``text_in``), else its own (English) text; at most ``limit`` characters.
    ``named`` puts the exception's class name before it in English (as saves said it)."""

    error: BaseException
    limit: int | None = None
    named: bool = False

    def text(self, lang: str) -> str:
        text_in = getattr(self.error, "text_in", None)
        shown = str(text_in(lang)) if lang != "en" and callable(text_in) else str(self.error)
        if self.limit is not None:
            shown = shown[: self.limit]
        if self.named and lang == "en":
            shown = f"{type(self.error).__name__}: {shown}"
        return shown


@dataclass(frozen=True, slots=True)
class EnglishOnly:
    """A detail only Python says (a JSON or UTF-8 decoder's message): shown in English,
    left out in every other language rather than mixing English into it."""

    said: str

    def text(self, lang: str) -> str:
        return self.said if lang == "en" else ""


@dataclass(frozen=True, slots=True)
class Keyed:
    """A message kept as an i18n key and raw values until it is shown (hashable and
    picklable, it speaks every language). The base of :class:`Phrase`, the card
    language's and the deck's words: each says in its ``text(lang)`` how its values are
    put into words."""

    key: str
    values: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, key: str, /, **values: object) -> Self:
        return cls(key, tuple(values.items()))


@dataclass(frozen=True, slots=True)
class Phrase(Keyed):
    """A message as an i18n key and raw values, put into words when shown (the engine's
    errors: it keeps no language of its own). A language verlies does not know reads
    English; a value may be an inner error, put into words in the same language."""

    def text(self, lang: str) -> str:
        from verlies import i18n  # the tables load on first use

        if lang not in i18n.LANGUAGES:
            lang = i18n.FALLBACK
        return i18n.text(self.key, lang, **{n: _said_in(v, lang) for n, v in self.values})


class SaveFormatError(WordedError):
    """A saved game or position link that cannot be read (wrong version, malformed JSON,
    an illegal step). ``str(exc)`` is English; ``words`` (a :class:`Phrase` of the
    ``save.err.`` section) gives it in any language through :meth:`text_in`.

    >>> e = SaveFormatError(words=Phrase.of("save.err.cursor", cursor="x"))
    >>> str(e), e.text_in("de")
    ('bad cursor x', 'ungültige Position im Spielverlauf: x')
    """

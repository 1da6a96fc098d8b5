"""A deck file that is not TOML: tomllib's reason said in the page's language (issue 24:
one language at a time), the file's own key or character quoted as it is."""

from __future__ import annotations

import inspect
import re
import tomllib

import pytest

from verlies.deck import Deck
from verlies.deck.locate import toml_reason
from verlies.deck.words import Words
from verlies.errors import DeckError

#: Broken files, each with the tomllib sentence it gets.
BROKEN = [
    ("a = ", "Invalid value"),
    ("a = 1\na = 2", "Cannot overwrite a value"),
    ("[x", "Expected ']' at the end of a table declaration"),
    ("[[x", "Expected ']]' at the end of an array declaration"),
    ('a = "x', "Unterminated string"),
    ("a = [1", "Unclosed array"),
    ("a = {b=1", "Unclosed inline table"),
    ('a = "\\q"', "Unescaped '\\' in a string"),
    ("a = 1 b", "Expected newline or end of document after a statement"),
    ("= 1", "Invalid statement"),
    ('a = "\\uD800"', "Escaped character is not a Unicode scalar value"),
    ("a = {b = 1, b = 2}", "Duplicate inline table key 'b'"),
    ('a = "\x01"', "Illegal character '\\x01'"),
    ("[a]\n[a]", "Cannot declare ('a',) twice"),
    ("a b", "Expected '=' after a key in a key/value pair"),
]


@pytest.mark.parametrize(("text", "sentence"), BROKEN)
def test_a_toml_syntax_error_is_said_in_each_language(text: str, sentence: str) -> None:
    with pytest.raises(DeckError) as caught:
        Deck.loads(text)
    err = caught.value
    english, german = err.text_in("en"), err.text_in("de")
    assert sentence in english  # the English reads as tomllib's own sentence
    assert "TOML-Syntaxfehler" in german
    assert sentence not in german
    # what the file holds (a key, a character) is quoted as it is in both languages
    quoted = re.findall(r"'[^']*'|\('[^)]*\)", sentence)
    for q in quoted:
        if q not in ("'='", "']'", "']]'", "'\\'"):
            assert q in german, (q, german)


def _tomllib_sentences() -> list[str]:
    """Every sentence this Python's tomllib raises, its placeholders filled with 'x'."""
    source = inspect.getsource(tomllib._parser)
    found = re.findall(r"suffixed_err\(\s*[^,]+,\s*[^,]+,\s*f?(\"[^\"]*\"|'[^']*')", source)
    assert len(found) >= 15, found  # tomllib's parser was read
    return [re.sub(r"\{[^}]*\}", "'x'", s[1:-1]).replace("\\\\", "\\") for s in found]


@pytest.mark.parametrize("sentence", _tomllib_sentences())
def test_every_sentence_tomllib_writes_has_words(sentence: str) -> None:
    said = toml_reason(sentence)
    assert isinstance(said, Words), sentence
    assert said.text("en") == sentence
    assert said.text("de") != sentence

"""One home each (issue 39 item 3), read from the source: a number in a language is
written by :mod:`verlies.i18n.numbers`, a room's words are said through
:mod:`verlies.ui.core.words` (no ``_t`` wrapper of its own), a panel's stylesheet lives in
:mod:`verlies.ui.core.theme`, the ``Said`` protocol is defined once."""

from __future__ import annotations

import re
from pathlib import Path

import verlies

ROOT = Path(verlies.__file__).parent
UI = ROOT / "ui"

#: A German decimal comma or thousands point written by hand.
HAND_WRITTEN = re.compile(
    r"""replace\(\s*["']\.["']\s*,\s*["'],["']|["']de["']\s+else\s+["'],"""
    r"""|replace\(\s*["'],["']\s*,\s*["']\.["']"""
)
#: A words wrapper of a room's own (``def _t(key, …)`` / ``def t(key, …)``).
WRAPPER = re.compile(r"^\s*def _?t\(", re.M)
#: Modules still writing a number by hand, in other helpers' work this round (issue 39
#: item 3): each moves to verlies.i18n.numbers when its owner has landed. Each entry must
#: still write one, so the list only shrinks.
OWED_NUMBERS: set[str] = set()
#: Rooms still with a words wrapper of their own, in other helpers' work this round: each
#: says its words through verlies.ui.core.words (Keys, Worded) when its owner has landed.
OWED_WRAPPERS: set[str] = set()
#: A stylesheet block of its own (a module constant ``X = \"\"\"<style>``).
STYLE_BLOCK = re.compile(r'^[A-Z_]+ = """<style>', re.M)


def _sources(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(ROOT.parent).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(folder.rglob("*.py"))
    }


def test_the_checks_see_what_they_look_for() -> None:
    assert HAND_WRITTEN.search('s.replace(".", ",") if lang == "de" else s')
    assert HAND_WRITTEN.search("f'{n:,}'.replace(',', '.' if lang == 'de' else ',')")
    assert not HAND_WRITTEN.search('decimal(f"{x:.1f}", lang)')
    assert HAND_WRITTEN.search('f"{a:.2f}".replace(".", "," if lang == "de" else ".")')
    assert HAND_WRITTEN.search('s = f"{n:,}"\nreturn s.replace(",", ".") if lang == "de" else s')
    assert not HAND_WRITTEN.search('grouped(n, lang) + ", " + text.replace(".", "")')
    assert WRAPPER.search("    def _t(self, key: str, **kw: object) -> str:")
    assert WRAPPER.search("def t(key: str) -> str:")
    assert not WRAPPER.search("t = EDITOR.bound(lang)\ndef tick(x):")
    assert STYLE_BLOCK.search('CSS = """<style>\n.a { }\n</style>"""')
    assert not STYLE_BLOCK.search("CSS = BALANCE_CSS")


def test_no_module_writes_a_decimal_comma_by_hand() -> None:
    """The page's rooms, the lab's reports and metrics' words, the command line: every
    number in a language goes through verlies.i18n.numbers (the owed ones apart)."""
    found = {
        name
        for name, text in _sources(ROOT).items()
        if HAND_WRITTEN.search(text) and name != "verlies/i18n/numbers.py"
    }
    assert found - OWED_NUMBERS == set(), "write it with verlies.i18n.numbers"
    assert OWED_NUMBERS - found == set(), "by numbers now: remove from OWED_NUMBERS"
    for name in ("verlies/sim/report.py", "verlies/i18n/metrics.py"):
        assert "from verlies.i18n.numbers import" in _sources(ROOT)[name], name


def test_no_room_writes_a_words_wrapper_of_its_own() -> None:
    """A room says its words with verlies.ui.core.words (``t``, ``Keys``, a ``Worded``
    view's ``_t``), not with a ``_t``/``t`` function of its own (the owed ones apart)."""
    found = {
        name
        for name, text in _sources(UI).items()
        if WRAPPER.search(text) and name != "verlies/ui/core/words.py"
    }
    assert found - OWED_WRAPPERS == set(), "say it with verlies.ui.core.words"
    assert OWED_WRAPPERS - found == set(), "by words now: remove from OWED_WRAPPERS"


def test_the_panels_stylesheets_live_in_the_theme() -> None:
    found = [
        name
        for name, text in _sources(UI).items()
        if STYLE_BLOCK.search(text) and name != "verlies/ui/core/theme.py"
    ]
    assert not found
    theme = _sources(UI / "core")["verlies/ui/core/theme.py"]
    for name in ("PANEL_CSS", "BALANCE_CSS", "SKILL_CSS", "SUGGEST_CSS", "IMPACT_CSS"):
        assert f'\n{name} = """<style>' in theme, name


def test_said_is_defined_once() -> None:
    found = [
        name
        for name, text in _sources(ROOT).items()
        if re.search(r"^class Said\(Protocol\)", text, re.M)
    ]
    assert found == ["verlies/errors.py"]

"""One home each (issue 39 item 3), read from the page's source: a number in a language is
written by :mod:`verlies.i18n.numbers`, a panel's stylesheet lives in
:mod:`verlies.ui.core.theme`, the ``Said`` protocol is defined once."""

from __future__ import annotations

import re
from pathlib import Path

import verlies

ROOT = Path(verlies.__file__).parent
UI = ROOT / "ui"

#: A German decimal comma or thousands point written by hand.
HAND_WRITTEN = re.compile(r"""replace\(\s*["']\.["']\s*,\s*["'],["']|["']de["']\s+else\s+["'],""")
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
    assert STYLE_BLOCK.search('CSS = """<style>\n.a { }\n</style>"""')
    assert not STYLE_BLOCK.search("CSS = BALANCE_CSS")


def test_no_room_of_the_page_writes_a_decimal_comma_by_hand() -> None:
    found = [name for name, text in _sources(UI).items() if HAND_WRITTEN.search(text)]
    assert not found


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

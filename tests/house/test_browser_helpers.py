"""The browser tests' small helpers have one home each (issue 39 item 5), read from the
source of ``tests/browser``: no function is written twice (the same body under any name),
no JavaScript snippet or CSS selector constant is written twice, and no test module works
out the repository's folders by climbing up from its own file (``browser_settings.REPO_ROOT``
and ``ARTIFACTS`` say where they are).

What may coincide is a test's own data: a seed, a card, a number of games chosen for that
test (two tests may pick the same card without sharing anything).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

BROWSER = Path(__file__).resolve().parents[1] / "browser"
#: The module that says where the repository's folders are.
SETTINGS = "browser_settings.py"


def _docless(body: list[ast.stmt]) -> list[ast.stmt]:
    first = body[0] if body else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
        return body[1:]
    return body


def _snippet(value: ast.expr) -> str | None:
    """A JavaScript snippet or a CSS selector written as a constant, its white space folded;
    ``None`` for anything else (a test's data)."""
    if not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
        return None
    text = " ".join(value.value.split())
    if "=>" in text or text.startswith((".", "#")):
        return text
    return None


def written_twice(sources: dict[str, str]) -> dict[str, list[str]]:
    """What ``sources`` (file name -> text) write more than once at their top level: each
    function body (under any name) and each snippet (:func:`_snippet`), with the places
    (``file:line name``); and each top-level climb from ``__file__`` to a folder above its
    own outside :data:`SETTINGS`."""
    seen: dict[str, list[str]] = defaultdict(list)
    for name, text in sorted(sources.items()):
        for node in ast.parse(text).body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                key = "def " + ast.dump(node.args) + ast.dump(ast.Module(_docless(node.body), []))
                seen[key].append(f"{name}:{node.lineno} {node.name}")
            elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                target = node.targets[0] if isinstance(node, ast.Assign) else node.target
                where = f"{name}:{node.lineno} {ast.unparse(target)}"
                snippet = _snippet(node.value)
                if snippet is not None:
                    seen["snippet " + snippet].append(where)
                value = ast.unparse(node.value)
                climbs = "parents" in value or ".parent.parent" in value
                if name != SETTINGS and "__file__" in value and climbs:
                    seen["the repository's folders, from __file__"] += [where, where]
    return {key: places for key, places in seen.items() if len(places) > 1}


def test_the_check_finds_a_helper_and_a_snippet_written_twice() -> None:
    one = '''
EDITOR = ".verlies-deck-editor"
_JS = """() => document.title"""
SEED = 18


def current(page):
    """The tab shown."""
    return page.locator(".cur").inner_text()
'''
    other = """
EDITOR_AGAIN = ".verlies-deck-editor"
_TITLE_JS = "() =>   document.title"
SEED = 18
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
HERE = Path(__file__).parent


def _shown_tab(page):
    return page.locator(".cur").inner_text()


def _other(page):
    return page.locator(".other").inner_text()
"""
    found = written_twice({"a.py": one, "b.py": other})
    places = sorted(p for ps in found.values() for p in ps)
    assert places == [
        "a.py:2 EDITOR",
        "a.py:3 _JS",
        "a.py:7 current",
        "b.py:2 EDITOR_AGAIN",
        "b.py:3 _TITLE_JS",
        "b.py:5 ARTIFACTS",
        "b.py:5 ARTIFACTS",
        "b.py:9 _shown_tab",
    ]
    # a test's data (the seed) and its own folder may coincide; the settings module climbs
    assert written_twice({SETTINGS: "ROOT = Path(__file__).parents[2]\n", "c.py": one}) == {}


def test_every_small_browser_helper_has_one_home() -> None:
    sources = {p.name: p.read_text(encoding="utf-8") for p in sorted(BROWSER.glob("*.py"))}
    assert len(sources) > 50 and "page_moves.py" in sources
    assert written_twice(sources) == {}

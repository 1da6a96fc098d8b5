"""Every import in ``verlies``, late ones too: no circle, and no module reads another's
private names.

``tests/house/test_layers.py`` checks the imports that run when a module loads. A circle closed
by an import inside a function still ties the layers together (a lower layer that calls up
can no longer be read, tested or shipped without the upper one), so here an edge A -> B is
*any* import statement of verlies module B in A's source: at module level, inside
functions and classes, and under ``if TYPE_CHECKING`` (a type that names an upper layer is
a reference up), plus ``importlib.import_module("verlies.…")`` with a literal name. The
package root a submodule lives in is not an edge of its own (Python loads it first, before
any submodule), but ``import verlies`` or ``from verlies import Game`` written in a
submodule is one: the root re-exports the engine, so that closes a loop.

Read from the source with ``ast``; nothing is imported.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "verlies"


def _modules(root: Path) -> dict[str, Path]:
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    line: int

    def __str__(self) -> str:
        return f"{self.source} -> {self.target} (line {self.line})"


def _package(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _from_base(name: str, path: Path, node: ast.ImportFrom) -> str:
    """The absolute module a ``from … import`` statement reads from."""
    if not node.level:
        return node.module or ""
    package = _package(name, path)
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def _literal_import(node: ast.Call) -> str | None:
    """``importlib.import_module("x")`` / ``__import__("x")`` with a literal name."""
    f = node.func
    called = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    if called not in ("import_module", "__import__") or not node.args:
        return None
    arg = node.args[0]
    return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None


def edges_of(name: str, path: Path, modules: dict[str, Path]) -> list[Edge]:
    """Every verlies module that module ``name`` imports anywhere in its source."""
    out: list[Edge] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _from_base(name, path, node)
            # ``from package import submodule`` imports the submodule, not the package body
            targets = [
                f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names
            ]
        elif isinstance(node, ast.Call):
            literal = _literal_import(node)
            targets = [literal] if literal else []
        out += [
            Edge(name, t, node.lineno) for t in dict.fromkeys(targets) if t in modules and t != name
        ]
    return out


def import_graph(modules: dict[str, Path]) -> dict[str, list[Edge]]:
    return {name: edges_of(name, path, modules) for name, path in modules.items()}


def circles(graph: dict[str, list[Edge]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            nexts = sorted({e.target for e in graph.get(node, [])})
            if i < len(nexts):
                work.append((node, i + 1))
                nxt = nexts[i]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return found


def describe(graph: dict[str, list[Edge]], component: list[str]) -> str:
    inside = set(component)
    lines = [f"{len(component)} modules import each other: {', '.join(component)}"]
    lines += [f"  {e}" for m in component for e in graph[m] if e.target in inside]
    return "\n".join(lines)


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _dotted(node: ast.expr) -> str | None:
    """``a.b.c`` of a chain of names, else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None


def private_reads(name: str, path: Path, modules: dict[str, Path]) -> list[str]:
    """``from other import _name``, ``import other._mod`` and ``other._name`` where
    ``other`` is another verlies module bound by an import in this file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    bound: dict[str, str] = {}  # local name -> the verlies module it stands for
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = _from_base(name, path, node)
            if base not in modules:
                continue
            for a in node.names:
                if f"{base}.{a.name}" in modules:
                    bound[a.asname or a.name] = f"{base}.{a.name}"
                if base != name and _private(a.name):
                    found.append(f"{path}:{node.lineno}: from {base} import {a.name}")
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name in modules:
                    local = a.asname or a.name.partition(".")[0]
                    bound[local] = a.name if a.asname else local
                if a.name in modules and any(_private(p) for p in a.name.split(".")):
                    found.append(f"{path}:{node.lineno}: import {a.name}")
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and _private(node.attr)):
            continue
        dotted = _dotted(node.value)
        if dotted is None or dotted.partition(".")[0] not in bound:
            continue
        head, _, rest = dotted.partition(".")
        target = bound[head] + (f".{rest}" if rest else "")
        if target in modules and target != name:
            found.append(f"{path}:{node.lineno}: {dotted}.{node.attr}")
    return found


MODULES = _modules(ROOT)


def test_the_graph_has_every_kind_of_import_with_its_line() -> None:
    graph = import_graph(MODULES)
    targets = {m: {e.target for e in es} for m, es in graph.items()}
    # module level, relative and absolute
    assert "verlies.render.shapes" in targets["verlies.render.svg"]
    # inside a function: the package root loads the deck on first use
    assert "verlies.deck" in targets["verlies"]
    # ``from verlies import i18n`` is the submodule, not the root
    assert "verlies.i18n" in targets["verlies.cards.model"]
    assert "verlies" not in targets["verlies.cards.model"]
    # under TYPE_CHECKING
    assert "verlies.sim.report" in targets["verlies.i18n.metrics"]
    assert all(e.line > 0 for es in graph.values() for e in es)


def test_the_checker_finds_a_circle_closed_inside_a_function(tmp_path: Path) -> None:
    pkg = tmp_path / "verlies"
    (pkg / "low").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from verlies.top import run\n")
    (pkg / "top.py").write_text("from verlies.low.a import helper\n\ndef run(): ...\n")
    (pkg / "low" / "__init__.py").write_text("")
    (pkg / "low" / "a.py").write_text(
        "def helper():\n    import verlies\n    return verlies.run\n\ndef _hidden(): ...\n"
    )
    (pkg / "low" / "b.py").write_text(
        "from .a import _hidden\nimport importlib\nimportlib.import_module('verlies.top')\n"
    )
    mods = _modules(pkg)
    graph = import_graph(mods)
    assert circles(graph) == [["verlies", "verlies.low.a", "verlies.top"]]
    text = describe(graph, circles(graph)[0])
    assert "verlies.low.a -> verlies (line 2)" in text
    assert "verlies.low.b -> verlies.top (line 3)" in str(graph["verlies.low.b"][-1])
    assert circles({"a": [Edge("a", "b", 1)], "b": []}) == []
    reads = private_reads("verlies.low.b", mods["verlies.low.b"], mods)
    assert [r.rsplit(": ", 1)[1] for r in reads] == ["from verlies.low.a import _hidden"]


def test_the_import_graph_of_verlies_has_no_circle() -> None:
    graph = import_graph(MODULES)
    found = circles(graph)
    assert not found, "import circles in verlies:\n" + "\n".join(describe(graph, c) for c in found)


def test_no_module_imports_or_reads_another_modules_private_names() -> None:
    found = [r for name, path in MODULES.items() for r in private_reads(name, path, MODULES)]
    assert not found, "private names read across modules:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "bad", ["from verlies.game import _x", "import verlies.game\nverlies.game._x"]
)
def test_the_private_check_sees_both_forms(tmp_path: Path, bad: str) -> None:
    pkg = tmp_path / "verlies"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "game.py").write_text("_x = 1\n")
    (pkg / "view.py").write_text(bad + "\n")
    mods = _modules(pkg)
    assert private_reads("verlies.view", mods["verlies.view"], mods)
    assert not private_reads("verlies.game", mods["verlies.game"], mods)


def test_cards_can_draw_themselves_whatever_module_is_imported_first() -> None:
    """The cards' painter is registered by verlies.render.svg, which the package root
    loads; Python loads the root before any submodule, so a card imported on its own
    draws itself (a fresh interpreter: this one has loaded everything already)."""
    import subprocess
    import sys

    code = (
        "from verlies.cards.model import Character\n"  # the first import: a submodule
        "from verlies.deck import Deck\n"
        "card = next(iter(Deck.default().characters.values()))\n"
        "assert isinstance(card, Character)\n"
        "print(card._repr_svg_()[:4])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "<svg"

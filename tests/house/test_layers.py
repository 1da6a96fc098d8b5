"""The package's layers: no import cycle, and no widget library below the page.

Read from the source with ``ast`` (nothing is imported): an edge A -> B is an import of
verlies module B that runs when A is imported, i.e. at module level (also inside ``try`` or
``if``, but not under ``if TYPE_CHECKING``). Imports inside functions run late (on demand,
e.g. a plot's library) and are left out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import verlies

ROOT = Path(verlies.__file__).parent
#: Libraries of the page (Jupyter widgets and what shows them); only verlies.ui may use them.
WIDGET_LIBRARIES = ("ipywidgets", "ipycanvas", "bqplot", "IPython", "voila", "jupyter", "traitlets")
#: The page and its server side (the Jupyter kernel manager) may use them.
PAGE_MODULES = ("verlies.ui", "verlies.serve.kernels", "verlies.serve.websocket")


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING"
    )


def _imports(body: list[ast.stmt], module_level: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    """Import statements of a body; with ``module_level`` only those that run on import."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and module_level and _is_type_checking(node):
            yield from _imports(node.orelse, module_level)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if not module_level:
                yield from _imports(node.body, module_level)
        elif isinstance(node, ast.ClassDef | ast.If | ast.Try | ast.With | ast.For | ast.While):
            for field in ("body", "orelse", "finalbody"):
                yield from _imports(getattr(node, field, []), module_level)
            for handler in getattr(node, "handlers", []):
                yield from _imports(handler.body, module_level)


def _targets(name: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """Absolute names of what an import statement in module ``name`` imports."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = node.module or ""
    if node.level:
        package = name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{base}" if base else package
    # ``from package import submodule`` imports the submodule
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]


def _tree(name: str) -> ast.Module:
    return ast.parse(MODULES[name].read_text(encoding="utf-8"))


def import_graph() -> dict[str, set[str]]:
    """verlies module -> the verlies modules it imports at module level."""
    graph: dict[str, set[str]] = {}
    for name in MODULES:
        graph[name] = {
            t
            for node in _imports(_tree(name).body, module_level=True)
            for t in _targets(name, node)
            if t in MODULES and t != name
        }
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph as a list of nodes (first == last), or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_checker_sees_modules_and_finds_a_cycle() -> None:
    graph = import_graph()
    assert "verlies.render.shapes" in graph["verlies.render.svg"]
    assert "verlies.cards.model" in graph["verlies.render.style"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_import_graph_has_no_cycle() -> None:
    assert find_cycle(import_graph()) is None


def test_cards_do_not_import_the_pictures_at_module_level() -> None:
    graph = import_graph()
    for name in MODULES:
        if name.startswith("verlies.cards"):
            assert not {t for t in graph[name] if t.startswith("verlies.render")}, name


def test_the_engine_imports_no_widget_library() -> None:
    """Outside verlies.ui no module imports a widget library when it is imported."""
    found = []
    for name in MODULES:
        if name.startswith(PAGE_MODULES):
            continue
        for node in _imports(_tree(name).body, module_level=True):
            for target in _targets(name, node):
                if target.split(".")[0] in WIDGET_LIBRARIES:
                    found.append(f"{name} imports {target}")
    assert not found


def test_the_engine_imports_nothing_from_serving() -> None:
    """Outside the page (verlies.ui) and serving itself, no module imports verlies.serve,
    not even inside a function (where the graph above does not look: such an import had
    closed a loop from the deck through the server side)."""
    found = [
        f"{name} imports {target}"
        for name in MODULES
        if not name.startswith(("verlies.ui", "verlies.serve"))
        for node in _imports(_tree(name).body, module_level=False)
        for target in _targets(name, node)
        if target.startswith("verlies.serve")
    ]
    assert not found


def test_the_engine_imports_nothing_from_the_page() -> None:
    """Outside the page (verlies.ui), the command line and the kernels' server side, no
    module imports verlies.ui, not even inside a function: the lab's stall links once
    imported the page's link format that way, which pulled the page's modules into the
    mypyc build of the engine (setup.py) and broke it."""
    allowed = ("verlies.ui", "verlies.cli", "verlies.serve", "verlies.store")
    found = [
        f"{name} imports {target}"
        for name in MODULES
        if not name.startswith(allowed)
        for node in _imports(_tree(name).body, module_level=False)
        for target in _targets(name, node)
        if target.startswith("verlies.ui")
    ]
    assert not found


def test_importing_the_engine_and_drawing_loads_no_widget_library() -> None:
    """Every module outside verlies.ui imported, and a card drawn by both back-ends, in a
    fresh interpreter (where nothing else loaded a widget library first): none is loaded."""
    import subprocess
    import sys

    names = sorted(n for n in MODULES if not n.startswith(PAGE_MODULES) and "__main__" not in n)
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "from verlies.deck import Deck\n"
        "from verlies.render import canvas, svg\n"
        "card = next(iter(Deck.default().dungeon.values()))\n"
        "canvas.tile_commands(card, card.mask)\n"
        "svg.tile_svg(card)\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {WIDGET_LIBRARIES!r}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


#: The page's models: verlies.ui modules that hold the page's state and decisions and draw
#: nothing (issue 20). Neither they nor what they import when imported use a widget library.
UI_MODELS = (
    "verlies.ui.play.app_model",
    "verlies.ui.play.controller",
    "verlies.ui.core.page_model",
    "verlies.ui.core.session",
    "verlies.ui.core.said",
    "verlies.ui.play.autosave_store",
    "verlies.ui.play.autosave_model",
    "verlies.ui.play.branches_model",
    "verlies.ui.workspace.model",
)


def _all_imports(name: str) -> Iterator[str]:
    """Every module ``name`` imports, at module level or under ``if TYPE_CHECKING``."""
    for node in ast.walk(_tree(name)):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield from _targets(name, node)


def test_the_page_models_import_no_widget_library() -> None:
    graph = import_graph()
    found = []
    for model in UI_MODELS:
        reached, todo = {model}, [model]
        while todo:  # what importing the model runs, module by module
            name = todo.pop()
            for node in _imports(_tree(name).body, module_level=True):
                for target in _targets(name, node):
                    if target.split(".")[0] in WIDGET_LIBRARIES:
                        found.append(f"{model} -> {name} imports {target}")
            for nxt in graph[name] - reached:
                reached.add(nxt)
                todo.append(nxt)
    assert not found


def test_no_view_reaches_back_into_the_page() -> None:
    """The views under the page take its model, not the page: none imports verlies.ui.page,
    not even for types (an import cycle closed through TYPE_CHECKING, issue 20)."""
    found = [
        name
        for name in MODULES
        if name.startswith("verlies.ui.") and name != "verlies.ui.page"
        if "verlies.ui.page" in set(_all_imports(name))
    ]
    assert not found


#: The page's rooms (issue 39): ``verlies.ui.<room>.*``; the page itself (``verlies.ui`` and
#: ``verlies.ui.page``, which wire the rooms together) is the room "page".
def _room(name: str) -> str | None:
    if name in ("verlies.ui", "verlies.ui.page"):
        return "page"
    parts = name.split(".")
    return parts[2] if parts[:2] == ["verlies", "ui"] and len(parts) > 3 else None


def room_graph() -> dict[str, set[str]]:
    """Room -> the rooms its modules import anywhere: at module level, inside functions
    (late imports are still a room's dependency) and under ``if TYPE_CHECKING``."""
    graph: dict[str, set[str]] = {}
    for name in MODULES:
        room = _room(name)
        if room is None:
            continue
        graph.setdefault(room, set())
        for target in _all_imports(name):
            other = _room(target) if target in MODULES else None
            if other is not None and other != room:
                graph[room].add(other)
    return graph


def test_the_page_has_its_rooms_and_the_checker_sees_their_imports() -> None:
    graph = room_graph()
    assert {"page", "core", "runs", "board", "play", "table", "deck", "balance"} <= set(graph)
    assert "core" in graph["play"]  # e.g. the controller's words
    assert "play" in graph["page"] and "page" not in graph["play"]
    # a late import (inside a function) counts: the editor opens its panels on demand
    assert _room("verlies.ui.deck.editor_view") == "deck"
    assert _room("verlies.ui.page") == "page" and _room("verlies.ui.core") is None


def test_no_import_cycle_between_the_pages_rooms() -> None:
    """A room imports only rooms below it (core at the bottom, the page on top), also late
    and for types: a cycle means one room reaches into another that reaches back."""
    assert find_cycle(room_graph()) is None


def test_a_rooms_file_name_says_whether_it_holds_widgets() -> None:
    """In the rooms a module that imports a widget library is named ``*_view``; a
    ``*_model`` imports none."""
    found = []
    for name in MODULES:
        if _room(name) in (None, "page"):
            continue
        widgets = any(target.split(".")[0] in WIDGET_LIBRARIES for target in _all_imports(name))
        if widgets != name.endswith("_view"):
            found.append(f"{name} ({'widgets' if widgets else 'no widgets'})")
    assert not found

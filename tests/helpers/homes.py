"""Where a test module lives: the folder of what it tests (issue 39 item 5).

``FOLDERS`` is the declared map, folder under ``tests/`` -> the packages (or top-level
modules) of verlies whose tests live there. A module's *home* is the folder whose package
is the longest prefix of it: ``verlies.ui.deck.drafts_model`` -> ``ui/deck``,
``verlies.sim.tune`` -> ``sim``, ``verlies.game`` -> ``engine``.

The rule (tests/house/test_house.py): a test module in a package folder imports at least
one module whose home is that folder. ``WHOLE_TREE`` folders hold tests of the tree as a
whole or of what is not a package (house rules, notebooks and Binder, the page in a
browser): no import is asked of them. Nothing but ``conftest.py`` stays at ``tests/``'s
root; shared helpers live in ``tests/helpers/`` (browser helpers in ``tests/browser/``).

:func:`suggest` picks a folder for a test module by the same reading (the folder most of
its verlies imports are at home in; on a tie the deeper, then the first by name):
``/work/notes/testmove.py`` moves a test left at the root with it. Standard library only,
so that a script outside the test run can load this file.
"""

from __future__ import annotations

import ast
from pathlib import Path

#: folder under tests/ -> the dotted packages or modules it tests.
FOLDERS: dict[str, tuple[str, ...]] = {
    "engine": ("verlies",),  # the engine's top-level modules: game, rules, dice, board, …
    "cards": ("verlies.cards",),
    "deck": ("verlies.deck",),
    "render": ("verlies.render",),
    "sim": ("verlies.sim",),
    "interop": ("verlies.interop", "verlies.openspiel", "verlies.pettingzoo"),
    "store": ("verlies.store",),
    "serve": ("verlies.serve",),
    "cli": ("verlies.cli",),
    "i18n": ("verlies.i18n",),
    "ui": ("verlies.ui",),  # the page as a whole: ui/page.py
    "ui/core": ("verlies.ui.core",),
    "ui/runs": ("verlies.ui.runs",),
    "ui/board": ("verlies.ui.board",),
    "ui/play": ("verlies.ui.play",),
    "ui/table": ("verlies.ui.table",),
    "ui/deck": ("verlies.ui.deck",),
    "ui/balance": ("verlies.ui.balance",),
    "ui/workspace": ("verlies.ui.workspace",),
}

#: Folders of tests of the whole tree or of what is not a Python package.
WHOLE_TREE: dict[str, str] = {
    "house": "the source tree's rules: layers, imports, sizes, homes, install",
    "notebooks": "the notebooks and the Binder environment",
    "browser": "the page in headless Chromium against a real Voila server",
}

#: Folders under tests/ that hold no test modules.
NOT_TESTS = ("helpers", "data", "artifacts")


def home(module: str) -> str | None:
    """The folder of a dotted module name (``None`` outside verlies). ``verlies.X`` names
    a module only if ``X`` exists in the package; ``from verlies import name`` of
    anything else is the package's top level (the engine)."""
    if module != "verlies" and not module.startswith("verlies."):
        return None
    best, length = None, -1
    for folder, packages in FOLDERS.items():
        for package in packages:
            if (module == package or module.startswith(package + ".")) and len(package) > length:
                best, length = folder, len(package)
    return best


def imported(path: Path, package_root: Path) -> list[str]:
    """Every verlies module a test file imports (at any depth of its code), dotted, in
    order; ``from verlies.a import b`` counts ``verlies.a.b`` where that is a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] == "verlies"]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.split(".")[0] != "verlies":
                continue
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                parts = sub.split(".")[1:]
                place = package_root.joinpath(*parts)
                is_module = place.is_dir() or place.with_suffix(".py").is_file()
                found.append(sub if is_module else node.module)
    return found


def homes_of(path: Path, package_root: Path) -> dict[str, int]:
    """Folder -> how many of the file's verlies imports are at home there."""
    counts: dict[str, int] = {}
    for module in imported(path, package_root):
        folder = home(module)
        if folder is not None:
            counts[folder] = counts.get(folder, 0) + 1
    return counts


def suggest(path: Path, package_root: Path) -> str:
    """The folder for a test module, read from its verlies imports: a folder its name
    starts with (``test_sweep_panel`` importing :mod:`verlies.ui.deck.sweep_view` ->
    ``ui/deck``; the deeper first), else the folder most of its imports are at home in
    (a tie: the deeper, then the first by name), and ``house`` when it imports nothing of
    verlies. A guess for a script: tests/house/test_house.py asks only that a module
    imports something of its folder."""
    counts = homes_of(path, package_root)
    if not counts:
        return "house"
    stem = path.stem.removeprefix("test_")
    named = [f for f in counts if f != "engine" and stem.startswith(f.split("/")[-1])]
    if named:
        return min(named, key=lambda f: (-f.count("/"), f))
    return min(counts, key=lambda f: (-counts[f], -f.count("/"), f))


def misplaced(tests_root: Path, package_root: Path) -> dict[str, str]:
    """``tests/…/test_x.py`` -> why it is not at home, for every test module under
    ``tests_root``: at the root, in an undeclared folder, or in a package folder whose
    package it does not import."""
    found: dict[str, str] = {}
    for path in sorted(tests_root.rglob("test_*.py")):
        rel = path.relative_to(tests_root)
        folder = rel.parent.as_posix()
        name = f"tests/{rel.as_posix()}"
        if folder == ".":
            found[name] = f"at tests/'s root: move it to tests/{suggest(path, package_root)}/"
        elif folder.split("/")[0] in WHOLE_TREE:
            continue
        elif folder not in FOLDERS:
            found[name] = f"tests/{folder}/ is not a declared folder (tests/helpers/homes.py)"
        elif folder not in homes_of(path, package_root):
            found[name] = (
                f"imports nothing of {', '.join(FOLDERS[folder])}: "
                f"its imports suggest tests/{suggest(path, package_root)}/"
            )
    return found

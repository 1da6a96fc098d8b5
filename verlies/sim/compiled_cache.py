"""The compiled engine for the lab's worker processes: built once, used only while exact.

``verlies build-engine`` (:func:`build`) compiles the engine's hot modules (:data:`COMPILED`,
the list setup.py compiles too) with mypyc into a cache folder outside the repository:
``$VERLIES_COMPILED_CACHE``, else ``$XDG_CACHE_HOME/verlies/compiled``, else
``~/.cache/verlies/compiled``. A build lives in a folder named by its key
(:func:`source_key`): a SHA-256 of the compiled modules' source *and of every verlies
module they import* (mypyc reads their types and inlines their constants), of
pyproject.toml (mypy's settings), of the Python version and platform, of mypy's version
and of the C compiler's level. The cache holds only the extension files; every other
module is imported from the live source as usual.

A pool of worker processes asks :func:`find_build` for the build of the *current* source
when it starts; there is one only when a build's key equals the key of the source as it
is now, so an edited source never runs old compiled code (it runs pure Python until the
next ``build-engine``). The workers load it through :func:`worker_boot` (their
initializer, before anything imports the engine); nothing here ever builds on a run's
path. Same seeds, same games bit for bit with either engine (tests/sim).

Stdlib only, no import of the engine: setup.py reads :data:`COMPILED` from this file.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

#: The engine's hot path and the bots; modules subclassing builtins (actions.py) cannot be
#: compiled. The interop modules are the game-AI environments' observation (issue 25); not
#: interop/pettingzoo: its classes subclass PettingZoo's, and compiled,
#: OrderEnforcingWrapper's __init__ failed (SystemError setting _has_reset).
COMPILED: tuple[str, ...] = (
    "board",
    "dice",
    "events",
    "frames",
    "state",
    "legal",
    "turns",
    "obstacles",
    "encounters",
    "rules",
    "game",
    "views",
    "sim/paths",
    "sim/bots",
    "sim/records",
    "interop/layout",
    "interop/board_grid",
    "interop/numbering",
    "interop/observation",
    "interop/encoding",
)

#: The C compiler's level of the lab's build: at -O0 the compiled engine is no faster than
#: pure Python on the lab's games (docs/ai.md), at -O3 about twice as fast.
LAB_OPT = "3"

#: Changes when the layout of a build folder changes: older builds are then ignored.
FORMAT = "verlies-compiled-1"

#: The package's root folder (the live source the key is computed from).
PACKAGE = Path(__file__).resolve().parents[1]

MANIFEST = "manifest.json"


class BuildError(Exception):
    """A build that could not be made: the one line saying why (no compiler, no mypy...)."""


@dataclass(frozen=True)
class Build:
    """A finished build of the current source: its key, folder and extension files by
    module name (the engine's modules and mypyc's shared runtime)."""

    key: str
    folder: Path
    files: dict[str, str]
    opt: str


def cache_root() -> Path:
    """Where builds are kept (outside the repository; see the module's text)."""
    given = os.environ.get("VERLIES_COMPILED_CACHE")
    if given:
        return Path(given)
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg) / "verlies" / "compiled"


def lab_opt() -> str:
    """The build the lab's workers use: ``$VERLIES_COMPILED_OPT`` (0-3) or :data:`LAB_OPT`;
    ``$VERLIES_COMPILED=0`` turns the compiled workers off."""
    return os.environ.get("VERLIES_COMPILED_OPT", LAB_OPT)


def check_opt(opt: str) -> str:
    if opt not in {"0", "1", "2", "3"}:
        raise BuildError(f"the C compiler's level must be 0, 1, 2 or 3, not {opt!r}")
    return opt


def _module_file(package: Path, dotted: str) -> Path | None:
    """The file of module ``verlies.<dotted>`` in ``package`` (a module or a package)."""
    base = package.joinpath(*dotted.split(".")) if dotted else package
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


#: An import as (module, else module): ``from verlies.sim import records`` is the module
#: ``sim.records``, else (a name defined in the package) ``sim``; names are relative to
#: the package ('' is ``verlies`` itself).
Imported = tuple[str, str | None]

#: The imports found in a file, by its path, size and time of change: a pool start reads
#: them again only for a changed file.
_SEEN_IMPORTS: dict[tuple[str, int, int], set[Imported]] = {}


def _imports(path: Path, dotted: str) -> set[Imported]:
    """Every verlies module ``path`` (module ``verlies.<dotted>``) may import, at any
    depth of its code (under TYPE_CHECKING too: mypyc compiles with those types)."""
    stat = path.stat()
    mark = (str(path), stat.st_size, stat.st_mtime_ns)
    if mark not in _SEEN_IMPORTS:
        _SEEN_IMPORTS[mark] = _parse_imports(path, dotted)
    return _SEEN_IMPORTS[mark]


def _relative(name: str) -> str | None:
    if name == "verlies" or name.startswith("verlies."):
        return name.removeprefix("verlies").removeprefix(".")
    return None


def _parse_imports(path: Path, dotted: str) -> set[Imported]:
    tree = ast.parse(path.read_bytes(), filename=str(path))
    here = dotted.split(".") if dotted else []
    if path.name != "__init__.py":
        here = here[:-1]
    found: set[Imported] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                name = _relative(alias.name)
                if name is not None:
                    found.add((name, None))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                up = here[: len(here) - node.level + 1] if node.level > 1 else here
                base = ".".join(["verlies", *up, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            rel = _relative(base)
            if rel is not None:
                found |= {((f"{rel}.{a.name}" if rel else a.name), rel) for a in node.names}
    return found


def closure(package: Path = PACKAGE) -> list[Path]:
    """The compiled modules' files and every verlies module they import, transitively,
    sorted. A package's ``__init__`` counts only where a name is imported from it: the
    compiled code holds the types of what it names, not of the packages above it."""
    todo: list[Imported] = [(name.replace("/", "."), None) for name in COMPILED]
    seen: dict[str, Path] = {}
    while todo:
        name, fallback = todo.pop()
        path = _module_file(package, name)
        if path is None and fallback is not None:
            name, path = fallback, _module_file(package, fallback)
        if path is None or name in seen:
            continue
        seen[name] = path
        todo.extend(_imports(path, name))
    return sorted(set(seen.values()))


def source_key(package: Path = PACKAGE, opt: str = LAB_OPT) -> str:
    """The key of a build of ``package``'s source (see the module's text)."""
    h = hashlib.sha256()
    try:
        from mypy.version import __version__ as mypy_version
    except ImportError:  # no mypy: no build can be made, nor matched
        mypy_version = "none"
    facts = [FORMAT, sys.version, sys.platform, sysconfig.get_config_var("EXT_SUFFIX") or ""]
    facts += [mypy_version, f"O{check_opt(opt)}", ",".join(COMPILED)]
    h.update(json.dumps(facts).encode())
    pyproject = package.parent / "pyproject.toml"
    for path in [*closure(package), pyproject]:
        if path.is_file():
            h.update(str(path.relative_to(package.parent)).encode() + b"\0")
            h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def find_build(package: Path = PACKAGE, opt: str | None = None) -> Build | None:
    """The build whose key is the current source's, or None (none made, or the source
    changed since: pure Python then)."""
    opt = lab_opt() if opt is None else opt
    key = source_key(package, opt)
    folder = cache_root() / key
    try:
        manifest = json.loads((folder / MANIFEST).read_text())
    except (OSError, ValueError):
        return None
    files = {name: str(folder / file) for name, file in manifest.get("files", {}).items()}
    if manifest.get("key") != key or not files or not all(map(os.path.isfile, files.values())):
        return None
    return Build(key, folder, files, opt)


#: Builds whose workers failed to load them in this process, with why (tried once).
_REFUSED: dict[str, str] = {}


def usable_build(package: Path | None = None) -> Build | None:
    """The build the lab's workers should run: the current source's (of ``package``,
    default :data:`PACKAGE`) at :func:`lab_opt`, unless ``$VERLIES_COMPILED`` is 0 or it
    failed to load before in this process."""
    if os.environ.get("VERLIES_COMPILED", "1") == "0":
        return None
    try:
        found = find_build(PACKAGE if package is None else package, lab_opt())
    except (BuildError, OSError, SyntaxError) as e:  # a bad level, an unreadable source
        _REFUSED.setdefault("", str(e))
        return None
    return None if found is None or found.key in _REFUSED else found


def refuse(found: Build, why: str) -> None:
    """Note that ``found`` did not load in the workers: said once, on stderr; pure Python
    from then on in this process."""
    if found.key not in _REFUSED:
        _REFUSED[found.key] = why
        print(f"verlies: the compiled engine was not used ({why})", file=sys.stderr)


#: Run by each worker process before anything imports the engine (ProcessPoolExecutor's
#: initializer is ``exec`` with this text and ``{"FILES": build.files}``): the compiled
#: modules are found in the build folder, everything else in the live source; a module of
#: the engine that is already imported (a parent's main script imported by the worker) is
#: dropped first, so that none stays pure. Fails (the pool breaks, the lab runs pure) when
#: the engine does not then run the build's files. The default deck is parsed, not read
#: from its pickle cache (verlies/deck/cache.py): pure Python wrote it, and mypyc's frozen
#: classes cannot be unpickled from pure Python's pickles (their fields stay unset).
BOOT = """
import importlib, importlib.abc, importlib.machinery, importlib.util, os, sys

os.environ["VERLIES_NO_DECK_CACHE"] = "1"

class CompiledFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        file = FILES.get(name)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(name, file)
        return importlib.util.spec_from_file_location(name, file, loader=loader)

for name in [n for n in sys.modules if n == "verlies" or n.startswith("verlies.")]:
    del sys.modules[name]
sys.meta_path.insert(0, CompiledFinder())
importlib.import_module("verlies.sim.run")
for name, file in FILES.items():
    module = sys.modules.get(name)
    if module is not None and getattr(module, "__file__", None) != file:
        raise ImportError(f"{name} is not the compiled build's {file}")
if sys.modules["verlies.rules"].__file__ != FILES["verlies.rules"]:
    raise ImportError("the compiled engine was not loaded")
"""

#: What a worker answers when asked which engine it runs (``eval``, in the worker).
ENGINE_FILE = "__import__('sys').modules['verlies.rules'].__file__"


def worker_boot(found: Build) -> tuple[Callable[..., object], tuple[object, ...]]:
    """The initializer and its arguments for a pool whose workers run ``found``."""
    return exec, (BOOT, {"FILES": dict(found.files)})


#: Run in the build's copy of the source (its working folder): mypyc compiles COMPILED in
#: place at the given level.
_BUILD_SCRIPT = """
import json, sys
from setuptools import setup
from mypyc.build import mypycify
names, opt = json.loads(sys.argv[1])
setup(
    name="verlies-compiled",
    ext_modules=mypycify([f"verlies/{n}.py" for n in names], opt_level=opt),
    script_args=["build_ext", "--inplace", "--build-temp", "build-temp"],
)
"""


def _copy_source(package: Path, into: Path) -> Path:
    """The package's .py files and pyproject.toml copied into ``into``: what is built."""
    copy = into / "verlies"
    for path in package.rglob("*.py"):
        if "__pycache__" in path.parts:
            continue
        target = copy / path.relative_to(package)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    (copy / "py.typed").touch()
    pyproject = package.parent / "pyproject.toml"
    if pyproject.is_file():
        shutil.copyfile(pyproject, into / "pyproject.toml")
    return copy


def _compile(work: Path, opt: str) -> None:
    """mypyc in ``work`` (a copy of the source); BuildError with its last line if it fails."""
    try:
        import mypyc  # noqa: F401
    except ImportError:
        raise BuildError("mypy (with mypyc) is not installed: pip install mypy") from None
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    arg = json.dumps([list(COMPILED), opt])
    r = subprocess.run(
        [sys.executable, "-c", _BUILD_SCRIPT, arg],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
    )
    if r.returncode != 0:
        lines = [ln for ln in (r.stderr or r.stdout).strip().splitlines() if ln.strip()]
        raise BuildError("mypyc failed: " + (lines[-1] if lines else f"status {r.returncode}"))


def _collect(work: Path, key: str, staging: Path) -> dict[str, str]:
    """The built extension files moved into ``staging``, by module name."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    files: dict[str, str] = {}
    for path in sorted(work.rglob(f"*{suffix}")):
        rel = path.relative_to(work)
        if rel.parts[0] in {"build", "build-temp"}:  # mypyc's C, setuptools' objects
            continue
        name = ".".join([*rel.parts[:-1], rel.name.removesuffix(suffix)])
        target = staging / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(path), target)
        files[name] = str(rel)
    wanted = {"verlies." + n.replace("/", ".") for n in COMPILED}
    if not wanted <= files.keys():
        raise BuildError(f"mypyc made no file for {', '.join(sorted(wanted - files.keys()))}")
    manifest = {"key": key, "files": files, "python": sys.version}
    (staging / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    return files


def build(
    package: Path = PACKAGE, opt: str = LAB_OPT, say: Callable[[str], None] | None = None
) -> Build:
    """Compile the current source (unless its build is there): a copy of it is compiled,
    its key computed from that copy (an edit during the build makes the build stale, not
    wrong), and the finished folder moved into the cache in one rename. Two builds of the
    same source at once (two test processes) wait for each other, and the second finds the
    first's."""
    check_opt(opt)
    root = cache_root()
    root.mkdir(parents=True, exist_ok=True)
    with _locked(root / f"{source_key(package, opt)}.lock"):
        found = find_build(package, opt)
        if found is not None:
            return found
        with tempfile.TemporaryDirectory(prefix="build-", dir=root) as tmp:
            work = Path(tmp) / "work"
            key = source_key(_copy_source(package, work), opt)
            if say is not None:
                say(f"compiling {len(COMPILED)} modules with mypyc at -O{opt} into {root / key}")
            _compile(work, opt)
            staging = Path(tmp) / "staging"
            _collect(work, key, staging)
            try:
                os.replace(staging, root / key)
            except OSError:  # a build of the same key is there already: keep it
                pass
    made = find_build(package, opt)
    if made is None:
        raise BuildError("the source changed during the build: run build-engine again")
    return made


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path`` where the platform has one (fcntl), else none."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX
        yield
        return
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)

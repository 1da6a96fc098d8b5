"""The default deck, parsed once per installation instead of once per kernel (the engine's
cache: the page's kernels gain most from it, but nothing here is about serving).

Every page kernel plays with the default deck, and reading it parses each card text with
the card grammar (about 0.5 s of a kernel start on a busy machine). The parsed deck is a
plain value (``Deck`` pickles through its checked constructor), so the first reader
pickles it and later kernels load it in about a millisecond.

The cache file is named by a hash of everything that decides the parse: the deck file, the
source of the deck reader and the card grammar, and the Python version. A changed deck or
parser gets a new file; a stale or broken file is read as a miss. It lives next to the
package data (``verlies/data/.cache``) or, where the package is not writable, in
``$XDG_CACHE_HOME/verlies``. Only files owned by this user are read (a pickle runs code).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

ENV_NO_CACHE = "VERLIES_NO_DECK_CACHE"  # "1": always parse (tests compare both paths)
# The package directory, found from this file: importing the package root here would
# make a loop (the root re-exports the engine, which loads decks).
_PACKAGE = Path(__file__).resolve().parent.parent
_DECK_FILE = _PACKAGE / "data" / "default_deck.toml"
#: The sources whose change can change the parsed deck.
_SOURCES = ("deck", "cards")


def key() -> str:
    """Hash of the deck file, the parser's source and the Python version."""
    digest = hashlib.sha256()
    digest.update(sys.version.encode())
    digest.update(_DECK_FILE.read_bytes())
    for folder in _SOURCES:
        for source in sorted((_PACKAGE / folder).rglob("*")):
            if source.suffix in (".py", ".lark") and source.is_file():
                digest.update(str(source.relative_to(_PACKAGE)).encode())
                digest.update(source.read_bytes())
    return digest.hexdigest()[:32]


def _places() -> list[Path]:
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return [_PACKAGE / "data" / ".cache", Path(xdg) / "verlies"]


def _read(path: Path, kind: type[T]) -> T | None:
    try:
        if path.stat().st_uid != os.getuid():
            return None
        with path.open("rb") as fh:
            value = pickle.load(fh)
    except Exception:  # noqa: BLE001 - a broken or stale cache is a miss, whatever it raises
        return None
    return value if isinstance(value, kind) else None


def _write(path: Path, value: object) -> bool:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)  # atomic: kernels starting together read whole files
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        return False
    return True


def cached(kind: type[T], parse: Callable[[], T]) -> T:
    """The default deck from the cache, else ``parse()`` (and cache the result)."""
    if os.environ.get(ENV_NO_CACHE) == "1":
        return parse()
    try:
        name = f"default_deck-{key()}.pickle"
    except OSError:
        return parse()
    places = [place / name for place in _places()]
    for path in places:
        found = _read(path, kind)
        if found is not None:
            return found
    value = parse()
    for path in places:
        if _write(path, value):
            break
    return value

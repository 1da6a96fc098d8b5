"""Links that reopen a position: the link format (engine side; the page and the lab use it).

A link carries the game's setup (the deck as a patch against the standard deck), the
seats' controllers and the steps up to the position shown, as compact JSON compressed with
zlib and written in base64url: ``?g=<that>``. Opening it in Voila, the kernel reads the
query string (``QUERY_STRING``) and :func:`from_query` gives the position back; the game is
rebuilt through :meth:`Game.from_json`, so a link is checked exactly as a save file is.
A position too long for a link (:data:`MAX_LINK_CHARS`) gets none: the page offers the save
file instead. The balance lab names a stalled game by such a link (``verlies.sim.stalls``).
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

from verlies.deck import Deck
from verlies.errors import EnglishOnly, Inner, Phrase, SaveFormatError, SetupError
from verlies.game import Game
from verlies.record import MAX_SAVE_BYTES, Edit, step_from_json, step_to_json
from verlies.record import dumps as save_dumps
from verlies.setup import FIRST_EDITION, default_deck, editable

__all__ = [
    "LINK_VERSION",
    "MAX_LINK_CHARS",
    "PARAM",
    "Position",
    "decode",
    "encode",
    "from_query",
    "link",
    "open_position",
]

#: The query parameter that holds a position.
PARAM = "g"
#: Longest link value the page offers: links longer than a few thousand characters are cut
#: by some servers, mail programs and chat tools; the save file carries any game.
MAX_LINK_CHARS = 6000
#: Version of the link's JSON (its keys below).
LINK_VERSION = 1


@dataclass(frozen=True)
class Position:
    """What a link reopens: a save file's text (the steps up to the position) and the seats'
    controllers."""

    save_text: str
    controllers: tuple[str, ...]


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text: str) -> bytes:
    pad = "=" * (-len(text) % 4)
    return base64.urlsafe_b64decode(text + pad)


def encode(game: Game, controllers: Sequence[str]) -> str:
    """The link value of the game's position now (see the module's text)."""
    setup = game.setup.to_dict()
    deck = setup.pop("deck")
    data: dict[str, Any] = {"v": LINK_VERSION, "s": setup, "c": list(controllers)}
    if deck is not None:  # the deck as a patch against the standard deck: a few cards
        patch = editable(default_deck()).diff(editable(game.setup.deck))
        data["d"] = step_to_json(Edit(patch))[1]
        data["b"] = Deck.DEFAULT_EDITION  # the patch's base (links without it: standard-1)
    data["p"] = [step_to_json(s) for s in game.steps]
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return b64(zlib.compress(text.encode("utf-8"), 9))


def link(game: Game, controllers: Sequence[str]) -> str | None:
    """``?g=...`` for the position now, or None when it is too long for a link."""
    value = encode(game, controllers)
    if len(value) > MAX_LINK_CHARS:
        return None
    return f"?{PARAM}={value}"


def decode(value: str) -> Position:
    """The position a link value holds; SaveFormatError for anything else."""
    if not isinstance(value, str) or len(value) > 4 * MAX_LINK_CHARS:
        raise SaveFormatError(words=Phrase.of("save.err.link_long"))
    try:
        packed = unb64(value)
        inflate = zlib.decompressobj()
        raw = inflate.decompress(packed, MAX_SAVE_BYTES)  # bounded: no zip bomb
        if inflate.unconsumed_tail:
            raise SaveFormatError(words=Phrase.of("save.err.link_large"))
        data = json.loads(raw.decode("utf-8"))
    except SaveFormatError:
        raise
    # RecursionError: JSON nested deeper than Python's stack (a few kB of "[" unpacked)
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError, RecursionError) as e:
        said = Phrase.of("save.err.link_bad", detail=EnglishOnly(f": {e}"))
        raise SaveFormatError(words=said) from None
    if not isinstance(data, dict) or data.get("v") != LINK_VERSION:
        raise SaveFormatError(words=Phrase.of("save.err.link_version"))
    setup, steps, controllers = data.get("s"), data.get("p"), data.get("c")
    if not isinstance(setup, dict) or not isinstance(steps, list):
        raise SaveFormatError(words=Phrase.of("save.err.link_empty"))
    if not isinstance(controllers, list) or not all(isinstance(c, str) for c in controllers):
        raise SaveFormatError(words=Phrase.of("save.err.link_seats"))
    setup = dict(setup)
    setup["deck"] = None
    if "d" in data:
        try:
            patch = step_from_json(["edit", data["d"]])
            assert isinstance(patch, Edit)
            edition = data.get("b", FIRST_EDITION)
            if edition != "default" and edition not in Deck.editions():
                # Deck.edition's KeyError speaks English only: the rule's words instead
                known = ", ".join(Deck.editions())
                said = Phrase.of("setup.err.edition", edition=repr(edition)[:120], known=known)
                raise SetupError("R2.3", words=said)
            base = Deck.edition(edition)
            deck = editable(base).apply(patch.patch)
            setup["deck"] = deck.dumps()
        except Exception as e:  # outside input: a precise error
            raise SaveFormatError(
                words=Phrase.of("save.err.link_deck", error=Inner(e, 200))
            ) from None
    text = save_dumps(setup, steps, len(steps), None)
    return Position(text, tuple(controllers))


def from_query(query: str | None) -> Position | None:
    """The position in a page's query string (``g=...``), None if it holds none;
    SaveFormatError for a broken one."""
    if not query:
        return None
    values = parse_qs(query.lstrip("?")).get(PARAM)
    if not values:
        return None
    return decode(values[0])


def open_position(position: Position) -> Game:
    """The game a position link names (replayed and checked as a save file)."""
    return Game.from_json(position.save_text)

"""The tune file: targets, moves and settings of :func:`verlies.sim.tune.tune` in a small
TOML file (``verlies tune --file``), every wrong entry named with its file and place."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from verlies.sim.tune.goals import Move, Target, TuneError

__all__ = ["describe_targets", "load_tune_file"]

# ---- the tune file -------------------------------------------------------------------------


def load_tune_file(path: str | Path) -> dict[str, Any]:
    """A small TOML file with the targets, the moves and the settings::

        players = 4
        bots = "careful"
        games = 400
        trials = 30
        rechecks = 2
        [targets]
        "win:*" = "25+-2"
        edge = ":2"
        rounds = [20, 30]
        [[move]]
        card = "character:char-barbar"      # KIND:ID, or KIND:* for every card
        [[move]]
        card = "dungeon:*"
        field = "obstacle"
        bound = "-1:1"

    Returns ``tune``'s keyword arguments (``targets``, ``moves`` and the settings given);
    TuneError names the file, the key and the entry that is wrong.
    """
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise TuneError("file_read", file=str(p), error=e.strerror) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise TuneError("file_toml", file=str(p), error=str(e)) from None
    out = _file_settings(data, str(p))
    out["targets"] = _file_targets(data.get("targets", {}), str(p))
    out["moves"] = _file_moves(data.get("move", []), str(p))
    return out


#: The settings of a tune file that are whole numbers.
_FILE_INTS = (
    "players",
    "games",
    "trials",
    "seed",
    "verify_games",
    "verify_seed",
    "round_limit",
    "rechecks",
)
#: The keys of a tune file: the whole numbers and the rest.
_FILE_KEYS = frozenset({*_FILE_INTS, "bots", "deck", "targets", "move", "characters"})


def _file_settings(data: dict[str, Any], file: str) -> dict[str, Any]:
    """The file's settings (every key but the targets and moves), checked."""
    unknown = sorted(set(data) - _FILE_KEYS)
    if unknown:
        raise TuneError(
            "file_key", file=file, key=repr(unknown[0]), known=", ".join(sorted(_FILE_KEYS))
        )
    out: dict[str, Any] = {k: v for k, v in data.items() if k not in ("targets", "move")}
    for k in _FILE_INTS:
        if k in out and (isinstance(out[k], bool) or not isinstance(out[k], int)):
            raise TuneError("file_int", file=file, key=k, value=repr(out[k]))
    return out


def _file_targets(tg: object, file: str) -> list[Target]:
    """The ``[targets]`` table: ``KEY = band``, a band a string or ``[LO, HI]``."""
    if not isinstance(tg, dict):
        raise TuneError("file_targets", file=file)
    targets = []
    for key, band in tg.items():
        try:
            targets.append(Target.of(str(key), band if isinstance(band, str) else list(band)))
        except TypeError:
            raise TuneError("file_band", file=file, key=repr(key)) from None
        except TuneError as e:
            raise TuneError("in_file", file=file, reason=e) from None
    return targets


def _file_moves(entries: Iterable[Any], file: str) -> list[Move]:
    """The ``[[move]]`` entries: ``card = "KIND:ID"``, optional ``field`` and ``bound``."""
    moves = []
    for i, entry in enumerate(entries, 1):
        if not isinstance(entry, dict) or not isinstance(entry.get("card"), str):
            raise TuneError("file_move_card", file=file, i=i, name="card")
        extra = sorted(set(entry) - {"card", "field", "bound"})
        if extra:
            raise TuneError(
                "file_move_key", file=file, i=i, key=repr(extra[0]), known="card, field, bound"
            )
        kind, sep, cid = entry["card"].partition(":")
        if not sep or not cid:
            raise TuneError("file_move_form", file=file, i=i, name="card", card=repr(entry["card"]))
        fld = str(entry.get("field", "values" if kind.startswith("character") else ""))
        try:
            moves.append(Move.of(kind, cid, fld, entry.get("bound"), where=entry["card"]))
        except TuneError as e:
            raise TuneError("in_move_entry", file=file, i=i, reason=e) from None
    return moves


def describe_targets(targets: Iterable[Target]) -> str:
    return "; ".join(f"{t.key} {t.shown()}" for t in targets)

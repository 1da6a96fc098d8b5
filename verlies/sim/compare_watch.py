"""What a comparison watches and how much change matters (its quantities' names, δ, the
watch patterns), and the games it has already played: the parts of
:mod:`verlies.sim.compare` that hold no statistics."""

from __future__ import annotations

import pickle
import threading
from collections.abc import Sequence

from verlies.sim.records import GameRecord, SimulationError
from verlies.sim.run import RunSpec

#: What ``until_clear=True`` (and a run without ``watch``) watches: what a card change is
#: meant to move, and every character's win rate (``win:*`` expands to each character).
DEFAULT_WATCH: tuple[str, ...] = ("rounds", "injuries", "gold", "timeout", "win:*")
#: The old name of the default watch list.
HEADLINE = DEFAULT_WATCH

#: The three verdicts.
VERDICTS: tuple[str, ...] = ("different", "no_change", "undecided")

#: δ per quantity, in the units the differences table shows (gold: per seat; rates: a
#: share, 0.03 = 3 points): a change smaller than δ is "no meaningful change". The
#: mixture scale τ of a quantity's confidence sequence is its δ, fixed before the run.
DELTAS: dict[str, float] = {
    "win": 0.03,  # win:<character> and win@<seat>: 3 points of a win rate
    "rounds": 1.0,  # rounds per game
    "turns": 4.0,  # turns per game
    "timeout": 0.02,  # the share of games that hit the round limit: 2 points
    "gold": 1.0,  # gold per seat at the end
    "left_behind": 0.1,  # figures left behind per game
    "escaped": 0.1,  # figures escaped per game
    "injuries": 0.25,  # injuries per game (all seats)
    "shuffle_backs": 0.25,  # shuffle-backs per game (all seats)
    "lead_changes": 0.25,  # changes of the gold lead per game
}


def default_delta(key: str) -> float:
    """δ of a quantity (``win:<character>`` and ``win@<seat>`` share the win rate's)."""
    if key.startswith("win"):
        return DELTAS["win"]
    return DELTAS.get(key, 1.0)


def expand_watch(patterns: Sequence[str], spec: RunSpec) -> tuple[str, ...]:
    """``win:*`` → ``win:<id>`` for every character of the run; ``win@*`` → every seat."""
    out: list[str] = []
    for pat in patterns:
        if pat == "win:*":
            chars = spec.characters
            ids = list(spec.deck.characters) if isinstance(chars, str) else list(chars)
            out.extend(f"win:{c}" for c in ids)
        elif pat == "win@*":
            out.extend(f"win@{s}" for s in range(1, spec.players + 1))
        else:
            out.append(pat)
    return tuple(dict.fromkeys(out))


def check_watch(patterns: Sequence[str]) -> tuple[str, ...]:
    """The watched quantities' names, checked (a clear error for an unknown one)."""
    known = set(DELTAS) - {"win"}
    for pat in patterns:
        if not isinstance(pat, str):
            raise SimulationError(f"a watched quantity is a name, not {pat!r}")
        if pat in known or pat in ("win:*", "win@*"):
            continue
        if pat.startswith("win:") and len(pat) > 4:
            continue
        if pat.startswith("win@") and pat[4:].isdigit():
            continue
        raise SimulationError(
            f"unknown quantity {pat!r} to watch (known: {', '.join(sorted(known))}, "
            "win:<character>, win:*, win@<seat>, win@*)"
        )
    return tuple(patterns)


def check_deltas(deltas: dict[str, float] | None) -> dict[str, float]:
    """δ per quantity (``win`` sets every win rate's); each a number > 0."""
    out: dict[str, float] = {}
    for key, value in (deltas or {}).items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
            raise SimulationError(f"δ of {key!r} must be a number > 0, not {value!r}")
        if key != "win":
            check_watch([key])
        out[key] = float(value)
    return out


class Played:
    """Games already played, by run spec and game index: a designer compares draft after
    draft against the same base deck, and the base's games on the same seeds come out the
    same every time (game ``i`` depends on the spec and ``i`` only), so they are played
    once. Keyed by the spec's pickle (decks in their card order), never by equality: two
    equal decks whose cards are listed in another order may deal other games."""

    # Bounded whatever a run's length (memory stays flat): the first ``games`` games of the
    # last ``specs`` specs, a few kB each; enough for the Balance tab's runs.
    def __init__(self, specs: int = 4, games: int = 4_000) -> None:
        self.specs, self.games = specs, games
        self._runs: dict[bytes, dict[int, GameRecord]] = {}
        self._lock = threading.Lock()

    def records(self, spec: RunSpec) -> dict[int, GameRecord]:
        """The played games of ``spec`` (the most recent specs kept), to read and add to."""
        key = pickle.dumps(spec, pickle.HIGHEST_PROTOCOL)
        with self._lock:
            got = self._runs.pop(key, None)
            if got is None:
                got = {}
                while len(self._runs) >= self.specs:
                    self._runs.pop(next(iter(self._runs)))  # the least recently used
            self._runs[key] = got
            return got

    def keep(self, into: dict[int, GameRecord], records: Sequence[GameRecord]) -> None:
        if len(into) < self.games:
            for r in records:
                into[r.index] = r

    def clear(self) -> None:
        with self._lock:
            self._runs.clear()


PLAYED = Played()

"""Work, not only wall time, for the "which card matters" benchmarks (issue 36).

The machine is shared: wall seconds depend on everyone else's load. What a run *costs* is
its CPU seconds, summed over this process and every process under it (the kept worker
pool included: pool workers live under a forkserver, so they are found by walking the
process tree while they are alive, and reaped children count through the process's own
``children_*`` times). ``quiet`` = CPU seconds / cores: the wall time the same work would
take on that many otherwise idle cores. Imported by ``impact_rank.py`` and
``impact_button.py`` (not a benchmark itself).
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import psutil

from verlies.sim import simulate
from verlies.sim.sweep import Tweak


@dataclass(frozen=True)
class Broken:
    """A default deck with one card broken: the card (``kind:card``), in words, and how."""

    kind: str
    card: str
    words: str
    make: Callable[[Any], Any]

    @property
    def goal(self) -> str:
        return f"{self.kind}:{self.card}"

    def deck(self) -> Any:
        from verlies.deck import Deck

        return self.make(Deck.default())


def _tweak(kind: str, card: str, fld: str, value: int) -> Broken:
    t = Tweak(kind, card, fld)
    return Broken(kind, card, f"{t.label()} = {value}", lambda d: t.apply(d, value))


def _text(kind: str, card: str, was: str, now: str) -> Broken:
    """A card whose text says ``now`` where the shipped one says ``was`` (a number the
    text holds: a monster's loot, a room's gold, one of a fight's alternatives)."""

    def make(d: Any) -> Any:
        from verlies.deck import Deck

        text = d.dumps()
        if text.count(was) != 1:
            raise ValueError(f"{was!r} is not once in the deck")
        return Deck.loads(text.replace(was, now)).with_name(d.name)

    return Broken(kind, card, f"{kind}:{card} '{now}'", make)


def _character(card: str, staerke: int, geist: int, geschick: int) -> Broken:
    def make(d: Any) -> Any:
        c = dataclasses.replace(d.characters[card], staerke=staerke, geist=geist, geschick=geschick)
        return d.with_card("character", c)

    return Broken("character", card, f"character:{card} = {staerke}/{geist}/{geschick}", make)


#: The broken decks: a goblin nobody beats, a trap nobody passes, a purse worth far too
#: much (as tests/sim/test_impact_rank.py), and one chosen before any measurement and not
#: tuned for: the dragon beaten by anyone (fight 7 -> 1). Added by impact6 (issue 36's
#: check: "one card broken in a way this issue does not name"), each chosen before any
#: measurement: a cave-in nobody passes (obstacle 7 -> 12), a bridge everybody passes
#: (6 -> 1), the barbarian at 6/6/6 (R2's sum of 10 not kept), the rat ten times in the
#: monster pile (count 1 -> 10), the empty room twelve times (count 2 -> 12).
BROKEN = {
    "goblin": _tweak("monster", "monster-goblin", "fight", 10),
    "trap": _tweak("room", "raum-falle-06", "trap", 12),
    "purse": _tweak("treasure", "schatz-muenzbeutel", "gold", 40),
    "dragon": _tweak("monster", "monster-drache", "fight", 1),
    "cavein": _tweak("dungeon", "r-gang-straight-06", "obstacle", 12),
    "bridge": _tweak("dungeon", "b-gang-straight-04", "obstacle", 1),
    "barbar": _character("char-barbar", 6, 6, 6),
    "rats": _tweak("monster", "monster-ratte", "count", 10),
    "empty": _tweak("room", "raum-leer-01", "count", 12),
    # impact8, each chosen before any measurement, kinds not tried before: a monster's
    # loot far too rich (a number in its text, not its fight), a gold room far too rich,
    # one alternative of the dragon's fight made trivial (the other kept), a corridor's
    # gold far too high (a card with 2 copies).
    "spider": _text(
        "monster", "monster-spinne", "Geschick 5. Besitz: 4 Gold.", "Geschick 5. Besitz: 40 Gold."
    ),
    "goldroom": _text("room", "raum-gold-03", 'text = "5 Gold."', 'text = "50 Gold."'),
    "dragonhalf": _text(
        "monster", "monster-drache", "Stärke 7 oder Geschick 6.", "Stärke 7 oder Geschick 1."
    ),
    "corridor": _tweak("dungeon", "r-gang-cross-02", "gold", 20),
    # a magic treasure far too strong (its bonus is text, not its value), chosen likewise
    "boots": _text(
        "treasure", "schatz-elfenstiefel", "Magisch: +2 auf Geschick.", "Magisch: +6 auf Geschick."
    ),
}


def load() -> str:
    return " / ".join(f"{x:.2f}" for x in os.getloadavg())


def cpu_now() -> float:
    """CPU seconds so far of this process, its reaped children and every live process
    under it."""
    me = psutil.Process()
    t = me.cpu_times()
    total = t.user + t.system + t.children_user + t.children_system
    for p in me.children(recursive=True):
        try:
            c = p.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += c.user + c.system
    return total


@dataclass
class Mark:
    """A point in a run: wall seconds, CPU seconds and games since its start."""

    wall: float
    cpu: float
    games: int

    def quiet(self, cores: int) -> float:
        """The wall seconds the same work would take on ``cores`` idle cores."""
        return self.cpu / cores

    def words(self, cores: int) -> str:
        return (
            f"{self.games} games, {self.wall:.1f} s wall, {self.cpu:.1f} CPU-s "
            f"= {self.quiet(cores):.1f} quiet-equivalent s on {cores} cores"
        )


class Meter:
    """Wall and CPU seconds from its start."""

    def __init__(self) -> None:
        self.t0, self.c0 = time.perf_counter(), cpu_now()

    def mark(self, games: int) -> Mark:
        return Mark(time.perf_counter() - self.t0, cpu_now() - self.c0, games)


def plain_simulate(games: int, workers: int) -> Mark:
    """A plain ``simulate`` of ``games`` careful-bot games (every character, 4 players) on
    ``workers`` processes: the same kind of games a ranking plays, nothing else."""
    m = Meter()
    simulate(max(1, games), characters="all", workers=workers, progress=False)
    return m.mark(games)


def against_simulate(games: int, workers: int, cpu_to_mark: float | None, what: str) -> None:
    """Print a plain simulate of ``games`` beside the run, and the ratio of the CPU-s the
    run took to its mark (``cpu_to_mark``; None: never reached) to the simulate's."""
    base = plain_simulate(games, workers)
    print(f"plain simulate of {games} games: {base.words(workers)}")
    if cpu_to_mark is not None:
        print(f"ratio ({what} / simulate's CPU-s): {cpu_to_mark / base.cpu:.2f}")


def random_baseline(games: int = 200) -> str:
    """The engine's random playouts (:func:`verlies.sim.bench.random_playouts`, 4 players,
    the default deck, no log) in this process, now: the machine's speed in the same run,
    to put the ranking's seconds beside (a slow, loaded machine shows here too)."""
    from verlies.sim.bench import random_playouts

    n, steps, wall, cpu = random_playouts(games, log=False)
    return (
        f"{n} random playouts, {steps} steps: {wall:.2f} s wall, {cpu:.2f} CPU-s "
        f"({n / cpu if cpu > 0 else float('nan'):.0f} games per CPU-s)"
    )


def playout_cpu(games: int = 200) -> float:
    """CPU seconds of ``games`` random playouts (:func:`random_baseline`'s games)."""
    from verlies.sim.bench import random_playouts

    return random_playouts(games, log=False)[3]

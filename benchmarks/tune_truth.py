"""Issue 37 item 2's goal for Suggest: on decks with one character or one card broken, the
page's default settings bring every character within 25 ± 4 % on an independent
2,000-game check, or the answer says truthfully that they cannot, within 3 minutes.

For each broken deck: :func:`verlies.sim.tune.tune` with the Suggest panel's defaults
(targets ``win:*=25+-3``; monsters' fights ±2, obstacles ±1, traps ±2 and every
character's values may move; 400 games per candidate, 12 candidates, the check on 800
fresh games, up to two rounds of searching on after a check that misses), timed; then
the deck the answer leaves the designer with (the proposal when it is offered, else the
start deck) plays 2,000 games from a seed no search or check used. A row per deck:

* ``answer``: the outcome (within / undecided / meets / improved / legal /
  no_improvement) and whether the proposal is offered as the draft;
* ``claims in band``: the answer claims every target met (``within``, or ``meets``: an
  offered proposal whose verdicts are all met);
* ``check``: the characters' win rates on the independent games, lowest and highest,
  and how many lie outside 21–29 %;
* ``goal``: *reached* (every character in 21–29 % on the check), *truthful* (not reached,
  and the answer did not claim it), or *MISLEADS* (claimed in band, the check disagrees);
* ``wall`` seconds, ``cpu`` seconds of every process of the search (this one and its
  worker processes: ``getrusage`` of self and of the children, the pool shut down after
  each search so its workers count), ``quiet`` = cpu / 2, the seconds two quiet cores
  would need, and whether that is within 180 s; the load average beside them.

The machine this runs on is shared, so wall time says little: the goal (3 minutes on two
quiet cores) is judged on the quiet-equivalent seconds. The baseline (one candidate's
400 games on the default deck) is timed in the same run, and each search's time is also
given as a ratio to it.

``trap-13-nobody`` (the Geschick trap at 13: nobody can pass it) and ``knight-136``
(the Knight at 1/3/6) were never used while the aimed search was built: the held-out decks.
``crown-gold-60`` (a treasure worth 60 gold, which the default moves cannot touch),
``elf-555`` (the issue's R2-breaking Elf, values summing to 15) and ``thief-712`` (a value
outside 1–6, the sum still 10) were added later (suggest6).

    .venv/bin/python benchmarks/tune_truth.py [--workers 2] [--decks barbar-666,...] [--follow-hint]
        [--race on|off|both] [--rechecks N]

``--race both``: each deck searched without racing (every candidate plays every game) and
with it (:mod:`verlies.sim.tune.race`), in turns; the ratio of the quiet seconds and whether
the two searches proposed the same edits.

``--follow-hint``: when an answer names a move ("allow character:char-barbar"), the same
search runs again with it added, as the page's "Run again, also allowing …" does.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import resource
import sys
import time
from collections.abc import Callable

from verlies.deck import Deck
from verlies.sim import simulate
from verlies.sim.run import shutdown_pool
from verlies.sim.sweep import Tweak
from verlies.sim.tune import tune
from verlies.ui.balance.suggest_model import (
    DEFAULT_GAMES,
    DEFAULT_MOVES,
    DEFAULT_RECHECKS,
    DEFAULT_TARGETS,
    DEFAULT_TRIALS,
)

GOAL_LOW, GOAL_HIGH = 0.21, 0.29
CHECK_GAMES, CHECK_SEED = 2000, 9_000_001


def _values(cid: str, st: int, ge: int, gs: int) -> Callable[[Deck], Deck]:
    def edit(d: Deck) -> Deck:
        c = d.characters[cid]
        return d.with_card("character", dataclasses.replace(c, staerke=st, geist=ge, geschick=gs))

    return edit


def _number(kind: str, cid: str, field: str, value: int) -> Callable[[Deck], Deck]:
    def edit(d: Deck) -> Deck:
        return Tweak(kind, cid, field).apply(d, value)  # type: ignore[no-any-return]

    return edit


def _both(*edits: Callable[[Deck], Deck]) -> Callable[[Deck], Deck]:
    def edit(d: Deck) -> Deck:
        for e in edits:
            d = e(d)
        return d

    return edit


#: One thing broken per deck: a character's values, or one card's number (and the issue's
#: deck: the Barbarian at 6/6/6, breaking R2, with the goblin at fight 10).
DECKS: dict[str, Callable[[Deck], Deck]] = {
    "barbar-666": _values("char-barbar", 6, 6, 6),
    "barbar-666-goblin-10": _both(
        _values("char-barbar", 6, 6, 6), _number("monster", "monster-goblin", "fight", 10)
    ),
    "priest-631": _values("char-priester", 6, 3, 1),
    "barbar-136": _values("char-barbar", 1, 3, 6),
    "goblin-fight-10": _number("monster", "monster-goblin", "fight", 10),
    "troll-fight-1": _number("monster", "monster-troll", "fight", 1),
    "trap-13-nobody": _number("room", "raum-falle-01", "trap", 13),
    "knight-136": _values("char-ritterin", 1, 3, 6),
    # added by suggest6: kinds not in the set before
    "crown-gold-60": _number("treasure", "schatz-goldkrone", "gold", 60),
    "elf-555": _values("char-elfe", 5, 5, 5),
    "thief-712": _values("char-diebin", 7, 2, 1),
    # added by suggest8 (held out: never used while Suggest was built): a character far
    # above 25 % (the Ranger at 5/6/6, breaking R2), a monster nobody beats (the giant
    # spider at fight 13: Geschick 6 and two dice cannot reach it), and a number the
    # default moves cannot touch (four ghosts, Geist 5 and two treasures each, in place
    # of the two goblins and the rat: the monster pile's size kept)
    "ranger-566": _values("char-waldlaeufer", 5, 6, 6),
    "spider-fight-13": _number("monster", "monster-spinne", "fight", 13),
    "ghosts-4": _both(
        _number("monster", "monster-gespenst", "count", 4),
        _number("monster", "monster-goblin", "count", 0),
        _number("monster", "monster-ratte", "count", 0),
    ),
}


def _cpu() -> float:
    """CPU seconds (user + system) of this process and every process below it: its own and
    its waited-for children's (``getrusage``), and of each living descendant (the pool's
    forkserver and workers, from /proc: their own time and their waited-for children's,
    so a worker ended and reaped by the forkserver still counts)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime
    tick = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    times: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        parent[int(entry)] = int(fields[1])
        times[int(entry)] = sum(int(x) for x in fields[11:15]) / tick
    below, todo = set(), [os.getpid()]
    while todo:
        pid = todo.pop()
        for child, p in parent.items():
            if p == pid and child not in below:
                below.add(child)
                todo.append(child)
    return total + sum(times[p] for p in below)


def _check(deck: Deck, workers: int) -> dict[str, float]:
    m = simulate(CHECK_GAMES, seed=CHECK_SEED, deck=deck, characters="all", workers=workers).metrics
    shutdown_pool()  # its CPU is not the next search's
    return {cid: m.win_rate(cid).rate for cid in sorted(m.characters)}


_last_hints: list[str] = []
#: Rounds of searching on after a check (--rechecks; default the panel's).
_rechecks: list[int] = [DEFAULT_RECHECKS]


def _one(
    name: str, deck: Deck, moves: list[str], base: float, workers: int, race: bool = True
) -> tuple[int, float, str]:
    """One search with the panel's defaults and ``moves``, timed, and its independent
    check; its row printed; (1 if the answer misleads, the quiet seconds, the edits)."""
    t0, c0, load0 = time.perf_counter(), _cpu(), os.getloadavg()[0]
    res = tune(
        DEFAULT_TARGETS.splitlines(),
        moves,
        deck,
        games=DEFAULT_GAMES,
        trials=DEFAULT_TRIALS,
        workers=workers,
        rechecks=_rechecks[0],
        race=race,
    )
    shutdown_pool()  # its workers become waited-for children: their CPU counts
    took, cpu = time.perf_counter() - t0, _cpu() - c0
    quiet = cpu / 2
    v = res.verification or {}
    verdicts = {q["verdict"] for q in v.get("quantities", [])}
    claims = res.outcome in ("within", "meets") or (res.offered and verdicts == {"met"})
    kept = res.proposal if res.offered else res.start
    rates = _check(kept, workers)
    outside = [c for c, r in rates.items() if not GOAL_LOW <= r <= GOAL_HIGH]
    goal = "reached" if not outside else ("MISLEADS" if claims else "truthful")
    lo, hi = min(rates.values()), max(rates.values())
    print(
        f"{name + ('' if race else ' (no race)'):36} answer {res.outcome:14} "
        f"offered {res.offered!s:5} edits "
        f"{len(res.edits):2}  claims in band {claims!s:5}  check {100 * lo:4.1f}–"
        f"{100 * hi:4.1f} %, {len(outside)} outside 21–29 %  goal {goal:9} "
        f"wall {took:6.1f} s ({took / base:5.1f} × baseline) cpu {cpu:6.1f} s quiet "
        f"{quiet:6.1f} s {'≤ 180 s' if quiet <= 180 else '> 180 s'} load "
        f"{load0:.1f}→{os.getloadavg()[0]:.1f}",
        flush=True,
    )
    s = res.search
    print(
        f"    trials {s['trials']}, played {s['played']}, aimed {s.get('aimed', 0)}, "
        f"neighbours {s.get('neighbours', 0)}, most numbers a candidate edited "
        f"{max(s.get('played_edits') or [0])}, prune plays {s['prune_played']}, "
        f"games per candidate {s['games']}, raced out {s.get('raced', 0)} "
        f"({s.get('race_saved', 0)} games not played)",
        flush=True,
    )
    for r in s.get("searched_on", []):
        print(
            f"    searched on, round {r['round']}: played {r['played']} (raced out "
            f"{r.get('raced', 0)}, {r.get('race_saved', 0)} games not played), step {r['step']}, "
            f"check outcome {r['outcome']}, kept {r['kept']}",
            flush=True,
        )
    print("    " + "\n    ".join(res.head_lines("en")), flush=True)
    for w in res.edit_words("en") if res.offered else []:
        print(f"    edit: {w}", flush=True)
    _last_hints[:] = [h["move"] for h in res.hints()]
    for h in res.hints():
        print(f"    hint: allow {h['move']} (for {h['key']})", flush=True)
    edits = repr(sorted(res.edits.items())) if res.offered else "-"
    return (1 if goal == "MISLEADS" else 0), quiet, edits


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--decks", default=",".join(DECKS), help="which broken decks, by name")
    ap.add_argument(
        "--follow-hint",
        action="store_true",
        help="when the answer names a move, run again with it (the page's 'Run again')",
    )
    ap.add_argument(
        "--race",
        choices=("on", "off", "both"),
        default="on",
        help="racing candidates in blocks of 100 games (both: each deck without and with, "
        "in turns, and the ratio of their quiet seconds)",
    )
    ap.add_argument(
        "--rechecks",
        type=int,
        default=DEFAULT_RECHECKS,
        help=f"rounds of searching on after a check that misses (default {DEFAULT_RECHECKS}, "
        "the panel's)",
    )
    args = ap.parse_args(argv)
    _rechecks[0] = args.rechecks
    names = [n for n in args.decks.split(",") if n]
    unknown = [n for n in names if n not in DECKS]
    if unknown:
        print(f"unknown deck {unknown[0]!r} (known: {', '.join(DECKS)})", file=sys.stderr)
        return 2
    print(
        f"load average at start: {os.getloadavg()}, cpus {os.cpu_count()}, "
        f"rechecks {args.rechecks}",
        flush=True,
    )
    t0 = time.perf_counter()
    simulate(DEFAULT_GAMES, seed=0, deck=Deck.default(), characters="all", workers=args.workers)
    base = time.perf_counter() - t0
    shutdown_pool()
    print(f"baseline: one candidate ({DEFAULT_GAMES} games) {base:.1f} s", flush=True)
    misleads = 0
    pairs: list[tuple[str, float, float, bool]] = []
    for i, name in enumerate(names):
        deck = DECKS[name](Deck.default()).with_name(name)
        moves = DEFAULT_MOVES.splitlines()
        modes = {"on": [True], "off": [False], "both": [False, True]}[args.race]
        if args.race == "both" and i % 2:
            modes = [True, False]  # in turns, so a drift of the load favours neither
        got: dict[bool, tuple[float, str]] = {}
        for race in modes:
            bad, quiet, edits = _one(name, deck, moves, base, args.workers, race)
            misleads += bad
            got[race] = (quiet, edits)
        if len(got) == 2:
            pairs.append((name, got[False][0], got[True][0], got[False][1] == got[True][1]))
        if args.follow_hint:
            res_hints = _last_hints
            if res_hints:
                bad, _q, _e = _one(name + "+hint", deck, [*moves, res_hints[0]], base, args.workers)
                misleads += bad
    for name, off, on, same in pairs:
        print(
            f"racing on {name}: quiet {off:.1f} s without, {on:.1f} s with "
            f"({on / off:.2f} ×), same proposal: {same}"
        )
    print(f"load average at end: {os.getloadavg()}; answers that mislead: {misleads}")
    return 1 if misleads else 0


if __name__ == "__main__":
    sys.exit(main())

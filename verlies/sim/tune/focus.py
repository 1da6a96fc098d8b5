"""The outliers first: candidates aimed at what is off, chosen by exact odds before any game.

A search that samples every allowed number at once wastes its games on decks with one thing
broken: the broken card or character is one knob among forty, and a candidate that moves
all forty costs many games to prune. So before the sampler, :func:`tune` plays a few
*aimed* candidates, each on the study's games (common random numbers):

* **a broken card** (the deck's sanity report, :func:`verlies.deck.sanity.sanity`: nobody can
  pass it, hardly anybody, or far harder or easier than the other cards of its kind) whose
  number may move: the value within its bounds whose exact mean chance lies nearest the
  median of the other cards of its kind;
* **a character off its band** whose values may move: the legal triples screened by the
  character's exact mean chance over the deck's cards (weighted by copies). The first round
  aims at the other characters' median chance; later rounds aim by the secant through
  what the played rounds measured (chance → win rate), so that each round lands nearer.

Each step keeps the best candidate when its score (distance outside the bands plus the
cost per edit and step) beats the current one; the next step starts from it. All of it is
exact arithmetic on the deck and the trials' numbers: the same inputs give the same
candidates.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

from verlies.sim.tune.goals import Knob, Target
from verlies.sim.tune.verification import display_unit, target_for

__all__ = ["card_fixes", "character_candidates", "mean_chance", "neighbours", "off_band"]

#: Sanity findings that mark a card as broken.
BROKEN = ("nobody", "hardly", "row_hard", "row_easy")
#: Knobs by (kind of sanity row) -> (pile, field).
_ROW_KNOB = {
    "monster": ("monster", "fight"),
    "obstacle": ("dungeon", "obstacle"),
    "trap": ("room", "trap"),
}


def off_band(values: Mapping[str, float], targets: Sequence[Target]) -> list[tuple[float, str]]:
    """The quantities outside their bands, farthest first: (distance in points, key)."""
    out = []
    for key, x in values.items():
        t = target_for(targets, key)
        d = display_unit(key) * max(0.0, t.low - x, x - t.high)
        if d > 0:
            out.append((d, key))
    out.sort(key=lambda p: (-p[0], p[1]))
    return out


def card_fixes(deck: Any, knobs: Sequence[Knob]) -> dict[str, int]:
    """For every broken card (sanity) whose number is a knob: the value within the knob's
    bounds whose exact mean chance lies nearest the median of the other cards of its
    kind (ties: the smaller step). Empty: no broken card may move."""
    from verlies.deck.sanity import sanity

    report = sanity(deck)
    by_name = {k.name: k for k in knobs if not k.choices}
    out: dict[str, int] = {}
    for f in report.findings:
        if f.key not in BROKEN:
            continue
        for cid in f.cards:
            row = report.row_of(cid)
            if row is None:
                continue
            pile, fld = _ROW_KNOB[row.kind]
            k = by_name.get(f"{pile}:{cid}:{fld}")
            if k is None or k.name in out:
                continue
            others = [float(r.mean) for r in report.rows if r.kind == row.kind and r is not row]
            if not others:
                continue
            aim = statistics.median(others)
            assert isinstance(k.current, int)
            best: tuple[float, int, int] | None = None
            for v in range(k.low, k.high + 1):
                got = sanity(k.apply(deck, v)).row_of(cid)
                if got is None:
                    continue
                key = (abs(float(got.mean) - aim), abs(v - k.current), v)
                if best is None or key < best:
                    best = key
            if best is not None and best[2] != k.current:
                out[k.name] = best[2]
    return out


def mean_chance(deck: Any, cid: str) -> float:
    """The character's exact mean chance over the deck's obstacles, traps and monsters,
    weighted by copies (the sanity report's column mean)."""
    from verlies.deck.sanity import sanity

    report = sanity(deck)
    i = [c.id for c in report.characters].index(cid)
    return float(report.means[i])


def character_candidates(
    deck: Any,
    knob: Knob,
    current: tuple[int, int, int],
    measured: Sequence[tuple[float, float]],
    target: Target,
    tried: set[tuple[int, int, int]],
    n: int = 2,
) -> list[tuple[int, int, int]]:
    """Up to ``n`` untried legal triples for the character of ``knob``, screened by exact
    odds: ``measured`` holds (mean chance, win rate) pairs played so far for it, the last
    one at ``current``. The aim: the middle of ``target``'s band; the chance that should
    give it is the secant through the two latest pairs with a rising slope, else (one
    pair, or a slope that does not rise) the median chance of the other characters, moved
    past the current chance in the direction the win rate must go. Only triples on that
    side of the current chance are candidates, nearest the aimed chance first (then the
    smaller step)."""
    from verlies.deck.sanity import sanity

    chance_now, win_now = measured[-1]
    want = (target.low + target.high) / 2
    if target.low == float("-inf"):
        want = target.high
    elif target.high == float("inf"):
        want = target.low
    up = win_now < want
    report = sanity(deck)
    others = [
        float(m) for c, m in zip(report.characters, report.means, strict=True) if c.id != knob.card
    ]
    aim = statistics.median(others) if others else chance_now
    if len(measured) >= 2:
        (c1, w1), (c2, w2) = measured[-2], measured[-1]
        if c2 != c1 and (w2 - w1) / (c2 - c1) > 0:
            aim = c2 + (want - w2) * (c2 - c1) / (w2 - w1)
    if up and aim <= chance_now:
        aim = chance_now + 1e-9
    if not up and aim >= chance_now:
        aim = chance_now - 1e-9
    scored = []
    for values in knob.choices:
        if values in tried or values == current:
            continue
        m = mean_chance(knob.apply(deck, values), knob.card)
        if (m > chance_now) != up or m == chance_now:
            continue
        step = sum(abs(a - b) for a, b in zip(values, current, strict=True))
        scored.append((abs(m - aim), step, values))
    scored.sort()
    return [v for _, _, v in scored[:n]]


def _relative_chance(deck: Any, cid: str) -> float:
    """The character's exact mean chance against the other characters' median: what its
    win rate follows (the others are its rivals at the table)."""
    from verlies.deck.sanity import sanity

    report = sanity(deck)
    own = math.nan
    others = []
    for c, m in zip(report.characters, report.means, strict=True):
        if c.id == cid:
            own = float(m)
        else:
            others.append(float(m))
    return own - (statistics.median(others) if others else 0.0)


def neighbours(
    deck: Any,
    knobs: Sequence[Knob],
    values: Mapping[str, int | tuple[int, int, int]],
    measured: Mapping[str, float],
    targets: Sequence[Target],
) -> list[dict[str, int | tuple[int, int, int]]]:
    """The candidates one number away from ``values`` (``deck`` built from them) that a
    designer can read and apply, aimed at the quantity farthest off its band in
    ``measured`` (:func:`off_band`): for a character's win rate, each allowed number moved by one
    (a card's ±1; the character's own values by one point from one to another) that
    moves the character's exact chance against its rivals' median in the direction its
    win rate must go, the largest move first (ties: the knobs' order). Another quantity
    farthest off (edge, rounds): every card's ±1, in the knobs' order. Empty: nothing off."""
    off = off_band(measured, targets)
    if not off:
        return []
    key = off[0][1]
    cid = key[4:] if key.startswith("win:") else ""
    moves: list[tuple[str, int | tuple[int, int, int]]] = []
    for k in knobs:
        now = values[k.name]
        if k.choices:
            if k.card != cid or not isinstance(now, tuple):
                continue
            moves += [
                (k.name, c)
                for c in k.choices
                if sum(abs(a - b) for a, b in zip(c, now, strict=True)) == 2
            ]
        else:
            assert isinstance(now, int)
            moves += [(k.name, v) for v in (now - 1, now + 1) if k.low <= v <= k.high]
    if not cid:
        return [dict(values) | {name: v} for name, v in moves]
    by_name = {k.name: k for k in knobs}
    now_rel = _relative_chance(deck, cid)
    target_up = measured[key] < target_for(targets, key).low
    scored = []
    for i, (name, v) in enumerate(moves):
        gain = _relative_chance(by_name[name].apply(deck, v), cid) - now_rel
        if (gain > 0) == target_up and gain != 0:
            scored.append((-abs(gain), i, name, v))
    scored.sort(key=lambda s: (s[0], s[1]))
    return [dict(values) | {name: v} for _g, _i, name, v in scored]

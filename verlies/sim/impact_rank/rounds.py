"""The contribution ranking's rounds (issue 36): the plan after each round, the games,
the pairs (see :mod:`verlies.sim.impact_rank`).

**Group screening.** With many cards (more than 2 × ``group``) the screen does not play
every card alone: the cards the draft changed and the cards far from typical (:data:`FAR`
spreads of their pile or more) are screened alone, the others in groups of ``group``
cards made typical *together* (one deck per group, the same seeds), each group of cards
moved the same way (:func:`_way`: the same pile, field and direction, so that their
effects add up rather than cancel). After each round
the groups are ranked by their largest evidence over the quantities (|mean| / standard
error); the strongest ``keep`` share of them (at least k) goes on, the others are cleared
whole: their cards go to "no measurable effect" at the group's pairs (never a ★: a group
is a place to spend games, not a claim). A group that goes on is split in halves (played
on the same game indices) once its evidence reaches :data:`Z_SPLIT` or it has 4 × the
screen's pairs, else its pairs are doubled; halves go down to single cards, which then go
through the elimination rounds. Many cards
have a small real effect, so a group of them nearly always moves something; what the
groups decide is where the next games go. The Holm family still counts every card tested
(those cleared with a group included), so the correction is what it was without groups.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from contextlib import closing
from typing import Any

from verlies.errors import VerliesError
from verlies.sim.compare import MIN_PAIRS, Paired, game_values
from verlies.sim.impact_rank.result import QUANTITIES, ContributionResult
from verlies.sim.impact_rank.typical import Contribution
from verlies.sim.lab import Bar, Progress
from verlies.sim.records import GameRecord
from verlies.sim.run import CancelToken, RunInfo, RunSpec, Task, planned_workers, run_tasks

#: Cards at least this many spreads (median absolute deviations) of their pile away from
#: its median are screened alone, never in a group.
FAR = 3.0
#: A group whose largest |mean| / standard error over the quantities stays below this is
#: cleared whole; at or above it the group is split in halves.
Z_SPLIT = 3.0

Plan = dict[int, tuple[int, int]]  # unit -> games lo..hi of this round


class Rounds:
    """The run's state machine: rounds of pairs, the plan after each (module doc).

    A *unit* is a card (its index in ``result.cards``) or a group (an index after the
    cards): a deck that makes one or several cards typical, and its pairs."""

    def __init__(
        self,
        result: ContributionResult,
        specs: list[RunSpec],
        spec_of: dict[int, int],
        screen: int,
        max_pairs: int,
        keep: float,
        max_seconds: float | None,
        on_update: Callable[[ContributionResult], None] | None,
        group: int = 0,
        group_spec: Callable[[tuple[int, ...]], RunSpec] | None = None,
    ) -> None:
        self.result, self.specs, self.spec_of = result, specs, spec_of
        self.screen, self.max_pairs, self.keep = screen, max_pairs, keep
        self.max_seconds, self.on_update = max_seconds, on_update
        self.group, self.group_spec = group, group_spec
        self.units: list[Contribution] = list(result.cards)
        self.played: dict[int, int] = {}  # unit -> its games 0..played are in
        self.base_played = 0
        self.short = False  # the budget cut the last plan
        self.base: dict[int, dict[str, int]] = {}  # base game -> its quantities
        #: Called with this object after each finished round (its state can be kept:
        #: :mod:`verlies.sim.impact_rank.kept`).
        self.on_round: Callable[[Rounds], None] | None = None
        self.fingerprint = ""  # the deck and settings a kept state must be of
        self.held: dict[int, dict[int, GameRecord]] = {}  # unit -> game -> record
        self.t0 = time.perf_counter()

    # ---- planning --------------------------------------------------------------------------

    def _first(self) -> Plan:
        """The screen: every card alone, or (many cards) the changed and the far ones
        alone and the others in groups."""
        res = self.result
        tested = [i for i, c in enumerate(res.cards) if c.active]
        if self.group < 2 or self.group_spec is None or len(tested) <= 2 * self.group:
            return {i: (0, self.screen) for i in tested}
        alone = [i for i in tested if res.cards[i].changed or res.cards[i].atypical >= FAR]
        rest = [i for i in tested if i not in alone]
        units = list(alone)
        by_way: dict[tuple[str, str, int], list[int]] = {}
        for i in rest:  # the same move together: effects add up rather than cancel
            by_way.setdefault(_way(res.cards[i]), []).append(i)
        for way in sorted(by_way):
            same = by_way[way]
            for g in range(0, len(same), self.group):
                units += self._unit(tuple(same[g : g + self.group]))
        return {u: (0, self.screen) for u in units}

    def _unit(self, members: tuple[int, ...]) -> list[int]:
        """The unit(s) that make ``members`` typical: the card itself when alone, else a
        new group (halved while the deck refuses the group)."""
        if len(members) == 1:
            return [members[0]]
        assert self.group_spec is not None
        try:
            return [self.add_group(members)]
        except VerliesError:
            h = len(members) // 2
            return self._unit(members[:h]) + self._unit(members[h:])

    def add_group(self, members: tuple[int, ...]) -> int:
        """A new group unit that makes ``members`` typical together; its unit index
        (VerliesError: the deck refuses the group)."""
        assert self.group_spec is not None
        spec = self.group_spec(members)
        g = Contribution("group", f"group-{len(self.result.groups) + 1}", "group")
        g.members = members
        self.specs.append(spec)
        self.units.append(g)
        self.spec_of[len(self.units) - 1] = len(self.specs) - 1
        self.result.groups.append(g)
        return len(self.units) - 1

    def evidence(self, c: Contribution) -> float:
        """The largest |mean| / standard error of ``c``'s paired quantities (0 before 2
        pairs)."""
        res = self.result
        zs = [abs(res._moments(c, q)[3]) for q in res.paired_quantities if q in c.pairs]
        return max(zs, default=0.0)

    def _clear(self, g: Contribution, pairs: int) -> None:
        """A group that does not go on (not among the strongest, or cut by the budget):
        its cards leave as "no measurable effect", seen at ``pairs``."""
        g.active = False
        for i in g.members:
            c = self.result.cards[i]
            c.active, c.screened, c.group_size = False, pairs, len(g.members)

    def _plan(self) -> Plan:
        """The next round (deterministic: finished rounds' sums only); {} when over."""
        if not self.played:
            return self._first()
        below = self._below()  # of the cards in the running before this plan
        plan: Plan = {}
        first = len(self.result.cards)
        groups = [u for u in range(first, len(self.units)) if self.units[u].active]
        z = {u: self.evidence(self.units[u]) for u in groups}
        groups.sort(key=lambda u: (-z[u], u))
        n_split = max(self.result.k, math.ceil(len(groups) * self.keep))
        for j, u in enumerate(groups):
            g, n = self.units[u], self.played[u]
            if j >= n_split:
                self._clear(g, n)
                continue
            if z[u] < Z_SPLIT and n < 4 * self.screen:
                plan[u] = (n, 2 * n)  # among the strongest, not yet clear: more pairs
                continue
            g.active, g.note = False, "split"
            h = len(g.members) // 2
            for v in self._unit(g.members[:h]) + self._unit(g.members[h:]):
                plan[v] = (0, self.played[u])
        plan.update(self._cards())
        plan = self._fit(plan)
        # the exit only where it saves games: the run would go on, not cut by the budget
        if below is not None and plan and not self.short:
            self.result.below, self.result.stopped = below, "no meaningful effect"
            return {}
        return plan

    def _below(self) -> dict[str, Any] | None:
        """The early exit "no meaningful effect" (issue 36, item 3), if it may be taken:
        every card still in the running has all its intervals, at α / K, within ±δ on
        every quantity (:meth:`ContributionResult.bound` < 1) and no card of the list has
        a ★ of a meaningful size (≥ 1 δ); ranking such cards further cannot find one
        that matters. Never while a screen group is still in the running (its cards have
        no intervals of their own) nor for a card still without pairs of its own. The
        cards, their pairs and the bound; None when it may not be taken."""
        res = self.result
        if any(g.active for g in res.groups):
            return None
        live = [c for c in res.cards if c.active]
        if not live or any(c.n < MIN_PAIRS for c in live):
            return None
        if any(r["size"] >= 1 for r in res.ranked()):
            return None
        bound = res.bound(live)
        if not bound < 1:
            return None
        ns = [c.n for c in live]
        others = sum(1 for c in res.cards if c.tested and not c.active)
        return {"bound": bound, "cards": len(live), "low": min(ns), "high": max(ns),
                "others": others}  # fmt: skip

    def _cards(self) -> Plan:
        """The single cards that go on: elimination towards the top k (module doc)."""
        res = self.result
        with res._look():
            rows = {i: res.row(c) for i, c in enumerate(res.cards) if c.tested}
        k = res.k
        lows = sorted((r["score"] for r in rows.values()), reverse=True)
        kth_low = lows[k - 1] if len(lows) >= k else 0.0
        ups = sorted(((r["upper"], i) for i, r in rows.items()), reverse=True)
        undecided = []
        for i, r in rows.items():
            c = res.cards[i]
            if not c.active or i not in self.played:
                continue
            # out: its upper end below the k-th largest lower end (it cannot reach the top k)
            out = r["upper"] < kth_low
            # surely in: its lower end above the k-th largest upper end of the others
            others = [u for u, j in ups if j != i]
            inside = r["score"] > 0 and len(others) >= k and r["score"] > others[k - 1]
            if out or inside or self.played[i] >= self.max_pairs:
                c.active = False
                continue
            undecided.append(i)
        # first the cards the draft changed, then the k farthest from typical (at least
        # 2 spreads of their pile away), then the strongest by evidence
        must = [i for i in undecided if res.cards[i].changed]
        far = sorted(
            (i for i in undecided if i not in must and res.cards[i].atypical >= 2),
            key=lambda i: (-res.cards[i].atypical, i),
        )
        must += far[:k]
        rest = [i for i in undecided if i not in must]
        rest.sort(key=lambda i: (-rows[i]["evidence"], -rows[i]["upper"], i))
        n_keep = max(2 * k, math.ceil(len(rest) * self.keep))
        chosen = must + rest[:n_keep]
        for i in undecided:
            if i not in chosen:
                res.cards[i].active = False
        return {i: (self.played[i], min(2 * self.played[i], self.max_pairs)) for i in chosen}

    def _cost(self, plan: Plan) -> int:
        top = max((hi for _, hi in plan.values()), default=0)
        return sum(hi - lo for lo, hi in plan.values()) + max(0, top - self.base_played)

    def _fit(self, plan: Plan) -> Plan:
        """``plan`` cut to the game budget (its last units dropped first, and leave)."""
        res = self.result
        self.short = False
        while plan and res.info.games + self._cost(plan) > res.budget:
            u = list(plan)[-1]
            lo, hi = plan.pop(u)
            self.short = True
            c = self.units[u]
            if c.kind == "group":  # its cards were seen at its pairs (or its parent's)
                self._clear(c, self.played.get(u, hi))
            else:
                c.active = False
                if lo == 0:  # a card just split from its group: seen at the group's pairs
                    c.screened = hi
        return plan

    def most_after(self, plan: Plan) -> int:
        """The most games the rounds after ``plan`` can still play, were no unit of it
        ever to leave: a card doubles its pairs up to ``max_pairs``; a group doubles up to
        4 × the screen's pairs, then splits down to single cards (halves, quarters, …
        each played from game 0 to the group's pairs), which double on; the base deck
        follows the longest. Capped by the budget left after ``plan``. Cards that left
        (cleared, out or surely in) cost nothing: once the screen has cleared cards, what
        is left shrinks to the games the remaining rounds can really play."""
        res = self.result
        games = res.info.games + self._cost(plan)
        top = max((hi for _, hi in plan.values()), default=0)
        base = max(self.base_played, top)
        most, longest = 0, 0
        for u, (_, hi) in plan.items():
            c = self.units[u]
            n, m = hi, max(1, len(c.members))
            if c.kind == "group":
                grown = min(max(n, 4 * self.screen), self.max_pairs)
                most += grown - n  # doubled before it splits
                n = grown
                most += (2 * m - 2) * n  # halves … single cards, each from game 0 to n
            if n < self.max_pairs:
                most += m * (self.max_pairs - n)  # every card doubled to the most pairs
                longest = self.max_pairs
            longest = max(longest, n)
        most += max(0, longest - base)
        return max(0, min(most, res.budget - games))

    # ---- playing ---------------------------------------------------------------------------

    def play(
        self, executor: Any, workers: int | None, progress: Progress, cancel: CancelToken | None
    ) -> None:
        res = self.result
        planned_workers(executor, workers)
        bar = Bar(progress, res.budget, "card contributions")
        if res.info.games:  # a kept run resumed: its games are done
            bar.update(res.info.games)
        try:
            while True:
                plan = self._plan()
                if not plan:
                    res.stopped = res.stopped or ("game budget spent" if self.short else "settled")
                    break
                self._round(plan, executor, workers, cancel, bar)
                res.round += 1
                if res.info.cancelled:
                    res.stopped = "cancelled"
                    break
                if self.on_round is not None:
                    self.on_round(self)
                if (
                    self.max_seconds is not None
                    and time.perf_counter() - self.t0 > self.max_seconds
                ):
                    res.stopped = "time budget spent"
                    break
                self._tell()
        finally:
            bar.close()
            for c in self.units:
                c.active = False
            self._tell()

    def _tasks(self, plan: Plan) -> tuple[list[int], list[Task]]:
        """The round's specs (the base deck first) and its tasks: about 40 games each,
        several decks on the same game indices when spans are short."""
        top = max(hi for _, hi in plan.values())
        spans: dict[tuple[int, int], list[int]] = {}
        if top > self.base_played:
            spans[(self.base_played, top)] = [0]
        local = {u: j + 1 for j, u in enumerate(plan)}  # unit -> index in this round's run
        for u, lohi in plan.items():
            spans.setdefault(lohi, []).append(local[u])
        tasks = []
        for (lo, hi), which in spans.items():
            span = hi - lo
            group = max(1, 40 // span) if span < 40 else 1
            size = min(span, 40)
            for g in range(0, len(which), group):
                for start in range(lo, hi, size):
                    tasks.append(Task(tuple(which[g : g + group]), start, min(start + size, hi)))
        return [0] + [self.spec_of[u] for u in plan], tasks

    def _round(
        self,
        plan: Plan,
        executor: Any,
        workers: int | None,
        cancel: CancelToken | None,
        bar: Bar,
    ) -> None:
        """One round: the base deck's new games and every planned unit's."""
        res = self.result
        res.planned = res.info.games + self._cost(plan)
        res.after = self.most_after(plan)
        idx, tasks = self._tasks(plan)
        unit_of = {j + 1: u for j, u in enumerate(plan)}
        part = RunInfo()
        runs = run_tasks(
            [self.specs[s] for s in idx],
            tasks,
            executor=executor,
            workers=workers,
            cancel=cancel,
            info=part,
        )
        games0, seconds0 = res.info.games, res.info.seconds
        try:
            with closing(runs):
                for task, records in runs:
                    for k, recs in zip(task.which, records, strict=True):
                        if k == 0:
                            for r in recs:
                                self._base(r)
                        else:
                            held = self.held.setdefault(unit_of[k], {})
                            for r in recs:
                                held[r.index] = r
                        bar.update(len(recs))
                    self._pair_ready()
                    res.info.games = games0 + part.games
                    res.info.seconds = seconds0 + part.seconds
                    res.info.backend, res.info.workers = part.backend, part.workers
                    self._tell()
        finally:
            res.info.games = games0 + part.games
            res.info.seconds = seconds0 + part.seconds
            res.info.tasks += part.tasks
            res.info.cancelled = res.info.cancelled or part.cancelled
        for u, (_, hi) in plan.items():
            self.played[u] = hi
        self.base_played = max(self.base_played, max(hi for _, hi in plan.values()))

    def _base(self, r: GameRecord) -> None:
        """A base game: its quantities kept for pairing; met counted for every card."""
        res = self.result
        self.base[r.index] = _values(r)
        res.base_games = len(self.base)
        met = dict(r.met)
        for c in res.cards:
            _met(c, r, met)

    def _pair_ready(self) -> None:
        """Pairs whose base game is in, added in game order (sums are exact integers)."""
        for u, held in self.held.items():
            c = self.units[u]
            for g in sorted(held):
                if g not in self.base:
                    continue
                r = held.pop(g)
                a = self.base[g]
                b = _values(r)
                for q in a.keys() & b.keys():  # draft − typical: what the card contributes
                    c.pairs.setdefault(q, Paired()).add(b[q], a[q])
                    _tell_pair(c, q, g, a[q] - b[q])

    def _tell(self) -> None:
        if self.on_update is not None:
            self.on_update(self.result)


def _way(c: Contribution) -> tuple[str, str, int]:
    """How a card is made typical: (pile, the field of its largest move, up or down); a
    copy removed ("count", −1); a character ("", 0). Cards grouped by it move the game
    the same way (the goblin made easier with the ogre made easier, not with the rat made
    harder: the two would cancel in a group)."""
    if c.how == "character":
        return (c.kind, "", 0)
    fld, a, b = max(c.moves, key=lambda m: abs(m[2] - m[1]))
    return (c.kind, fld, 1 if b > a else -1)


def _tell_pair(c: Contribution, q: str, g: int, d: int) -> None:
    """Keep game ``g`` as ``c``'s most telling pair of ``q`` when its draft − typical ``d``
    is the largest (or smallest) so far; a tie goes to the lower game, so the pairs'
    arrival order (the workers) does not matter."""
    t = c.telling.get(q)
    if t is None:
        c.telling[q] = [g, d, g, d]
        return
    if d > t[1] or (d == t[1] and g < t[0]):
        t[0], t[1] = g, d
    if d < t[3] or (d == t[3] and g < t[2]):
        t[2], t[3] = g, d


def _values(r: GameRecord) -> dict[str, int]:
    v = game_values(r)
    out = {q: v[q] for q in QUANTITIES}
    out.update({k: x for k, x in v.items() if k.startswith("win:")})
    return out


def _met(c: Contribution, r: GameRecord, met: dict[str, Any]) -> None:
    """How often the base game ``r`` met the card (drawn; a character: seats played);
    ``met``: ``dict(r.met)``."""
    c.met_games += 1
    if c.kind == "character":
        c.met += sum(1 for cid in r.characters if cid == c.card)
    else:
        c.met += sum(met.get(c.id, ()))

"""Which card matters: every card's *contribution*, ranked with a stated error (issue 36).

A card's contribution is the draft against the draft with that card made **typical of its
kind** (../shared STATS §7): its numbers set to its pile's median (obstacle, gold, fight,
trap; the other cards of the pile that have the same number, the card itself left out), a
character's three values at the other characters' medians within R2 (1–6, summing to
10), and a card without a number (a plain corridor, an empty room) with one copy removed.
A card already typical has nothing to compare (its contribution is 0 by construction);
the start card and the exits are the game's frame (R2.4, R1.3) and are not moved.

Both decks play the same game indices with the same seeds and characters (common random
numbers). For every headline quantity q (injuries and rounds per game, gold per seat, the
share of timeouts, each character's win rate) the paired effect e = draft − typical has an
**always-valid** interval (the normal-mixture confidence sequence of
:func:`verlies.sim.stats.cs_half_width`, τ = δ_q) and p-value; Holm's step-down runs over
the family of K = cards tested × quantities (the spread of the win rates included, its
interval built from the characters'), and each interval is shown at the level of its Holm
step, so a ★ is exactly an interval that excludes 0: whatever the rounds, stops and
cancels, the chance that *any* ★ of the whole list is noise is at most α. The effect is
put on one scale, e / δ_q (δ: :data:`verlies.sim.compare.DELTAS`, "a meaningful change");
a card's score is the largest distance of such an interval from zero, in δ, and the
quantity that gave it names why the card matters. A card with some interval clear of zero
has a ★; the others go to "no measurable effect at N games", below the ranked ones.

Games are spent where they decide the ranking (top-k identification by elimination):

1. a screen: every card at ``screen`` pairs (the cards the draft changed against
   ``reference`` are marked and never dropped);
2. rounds that double the pairs of the cards still *active*: a card leaves when its
   score's upper end is below the k-th largest lower end (it cannot reach the top k) or
   its lower end is above every other's upper end but k − 1 (surely in); of the others the
   changed cards and the strongest by evidence (the largest |mean| / standard error over
   its quantities) go on, ``keep`` of them per round, at least 2k;
3. until the game budget is spent, no card is active, or ``max_pairs`` is reached.

The plan after each round depends only on the finished rounds' sums, so the same deck,
seed and settings give the same result bit for bit whatever the workers (a time budget
``max_seconds`` only decides where to stop). ``on_update`` gets the result after every
finished task: a partial ranking at once that only gets better; :attr:`ContributionResult.eta`
estimates the seconds left.

>>> res = contribution(screen=30, budget=100, players=2, workers=1,
...                    cards=["treasure:schatz-rubin", "treasure:schatz-goldbarren"])
>>> [(c.card, c.how, c.moves) for c in res.cards]  # doctest: +NORMALIZE_WHITESPACE
[('schatz-rubin', 'median', (('gold', 5, 2),)),
 ('schatz-goldbarren', 'median', (('gold', 4, 2),))]
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any

from verlies.errors import VerliesError
from verlies.sim import stats
from verlies.sim.compare import MIN_PAIRS, Paired, default_delta, game_values
from verlies.sim.lab import Bar, Progress
from verlies.sim.records import (
    BotsArg,
    DeckArg,
    GameRecord,
    SimulationError,
    VariantsArg,
    load_deck,
)
from verlies.sim.run import (
    CancelToken,
    CharactersArg,
    RunInfo,
    RunSpec,
    Task,
    check_workers,
    planned_workers,
    run_tasks,
)
from verlies.sim.sweep import Tweak

__all__ = [
    "QUANTITIES",
    "Contribution",
    "ContributionResult",
    "contribution",
    "typical_of_kind",
]

#: The headline quantities besides each character's win rate (``win:<id>``).
QUANTITIES: tuple[str, ...] = ("injuries", "rounds", "gold", "timeout")
#: The spread of the characters' win rates (max − min): in the family, not a paired mean.
SPREAD = "spread"

#: The piles, in the order cards are listed.
PILES: tuple[str, ...] = ("dungeon", "room", "monster", "treasure")

#: R2.1: a character's values lie in 1..6 and sum to 10.
_CHAR_FIELDS: tuple[str, ...] = ("staerke", "geist", "geschick")
_CHAR_SUM, _CHAR_MIN, _CHAR_MAX = 10, 1, 6


@dataclass
class Contribution:
    """One card: how it was made typical, its pairs so far, how often it was met.

    ``how``: "median" (its numbers at the pile's median), "character" (a character's
    values at the others' median), "copy" (one copy removed), "typical" (already typical:
    nothing to compare), "frame" (the start card and the exits, not moved) or "refused"
    (the deck refused the typical version: ``note`` says why). ``moves``: (field, from,
    to) of every number moved (a copy removed: ("count", n, n − 1))."""

    kind: str
    card: str
    how: str
    moves: tuple[tuple[str, int, int], ...] = ()
    changed: bool = False
    note: str = ""
    pairs: dict[str, Paired] = field(default_factory=dict)
    met: int = 0  # times drawn (a character: seats played) over the base games counted
    met_games: int = 0  # the base games those were counted over
    active: bool = True
    atypical: float = 0.0  # how far from typical: the largest move in its pile's spreads

    @property
    def id(self) -> str:
        return f"{self.kind}:{self.card}"

    @property
    def tested(self) -> bool:
        return self.how in ("median", "character", "copy")

    @property
    def n(self) -> int:
        """Pairs played so far (every quantity but a character's win rate has them all)."""
        p = self.pairs.get("rounds")
        return p.n if p is not None else 0


# ---- the typical version of a card ------------------------------------------------------


def _number_fields(kind: str, card: Any) -> list[str]:
    """The numbers a card of ``kind`` has (the fields :class:`Tweak` can move)."""
    if kind == "dungeon":
        out = []
        if card.obstacle is not None:
            out.append("obstacle")
        if card.gold:
            out.append("gold")
        return out
    if kind == "room":
        has_trap = any(hasattr(e, "target") and hasattr(e, "on_fail") for e in card.effects)
        return ["trap"] if has_trap else []
    if kind == "monster":
        return ["fight"]
    return ["gold"] if card.gold else []


def _median(values: list[int]) -> int:
    """The lower middle of ``values`` (a number the deck can hold, not a half)."""
    values = sorted(values)
    return values[(len(values) - 1) // 2]


def _others(deck: Any, kind: str, card: str, fld: str) -> list[int]:
    """``fld`` of the other cards of the pile that have it (the card itself left out: an
    outlier does not pull its own yardstick)."""
    pile = deck.cards(kind)
    return [
        Tweak(kind, cid, fld).value_in(deck)
        for cid in pile
        if cid != card and fld in _number_fields(kind, pile[cid])
    ]


def _pile_median(deck: Any, kind: str, card: str, fld: str) -> int | None:
    """The median of ``fld`` over the other cards of the pile that have it; None when no
    other has it."""
    values = _others(deck, kind, card, fld)
    return _median(values) if values else None


def _distance(value: int, others: list[int]) -> float:
    """How far ``value`` lies from the median of ``others``, in their median absolute
    deviation (at least 1): 0 typical, 3 far out. No games: a priority, never a claim."""
    if not others:
        return 0.0
    m = _median(others)
    mad = max(1, _median([abs(v - m) for v in others]))
    return abs(value - m) / mad


def _typical_character(deck: Any, card: str) -> tuple[Any, tuple[tuple[str, int, int], ...]]:
    """The character with its values at the other characters' medians, brought to R2's
    sum of 10 within 1..6 (the value farthest below its median raised first, or the one
    farthest above lowered first; ties in the order Stärke, Geist, Geschick)."""
    me = deck.characters[card]
    others = [c for cid, c in deck.characters.items() if cid != card]
    if not others:
        return me, ()
    want = {f: _median([int(getattr(c, f)) for c in others]) for f in _CHAR_FIELDS}
    vals = dict(want)
    while sum(vals.values()) != _CHAR_SUM:
        up = sum(vals.values()) < _CHAR_SUM
        ok = [f for f in _CHAR_FIELDS if (vals[f] < _CHAR_MAX if up else vals[f] > _CHAR_MIN)]
        if not ok:
            break
        # keep the values as close to the medians as the sum allows
        f = min(ok, key=lambda f: (vals[f] - want[f]) if up else (want[f] - vals[f]))
        vals[f] += 1 if up else -1
    moves = tuple(
        (f, int(getattr(me, f)), vals[f]) for f in _CHAR_FIELDS if int(getattr(me, f)) != vals[f]
    )
    return dataclasses.replace(me, **vals), moves


def _frame(card: Any) -> str | None:
    """ "start" or "exit" for the game's frame (R2.4, R1.3), else None."""
    kind = str(card.kind.value)
    return kind if kind in ("start", "exit") else None


def typical_of_kind(deck: Any, kind: str, card: str) -> tuple[Any, Contribution]:
    """The deck with ``kind:card`` made typical of its kind, and the card's entry (how and
    what was moved). The deck is None when there is nothing to compare (already typical,
    the game's frame, or refused: the entry's ``how`` and ``note`` say which)."""
    if kind == "character":
        new, moves = _typical_character(deck, card)
        if not moves:
            return None, Contribution(kind, card, "typical")
        others = [c for cid, c in deck.characters.items() if cid != card]
        far = max(_distance(a, [int(getattr(c, f)) for c in others]) for f, a, _ in moves)
        try:
            entry = Contribution(kind, card, "character", moves, atypical=far)
            return deck.with_card("character", new), entry
        except VerliesError as e:
            return None, Contribution(kind, card, "refused", moves, note=str(e))
    pile = deck.cards(kind)
    the_card = pile[card]
    if kind == "dungeon" and _frame(the_card) is not None:
        return None, Contribution(kind, card, "frame", note="R2.4, R1.3")
    fields = _number_fields(kind, the_card)
    try:
        if fields:
            moved = deck
            moved_fields: list[tuple[str, int, int]] = []
            for fld in fields:
                was = Tweak(kind, card, fld).value_in(deck)
                to = _pile_median(deck, kind, card, fld)
                if to is not None and to != was:
                    moved = Tweak(kind, card, fld).apply(moved, to)
                    moved_fields.append((fld, was, to))
            if not moved_fields:
                return None, Contribution(kind, card, "typical")
            far = max(_distance(a, _others(deck, kind, card, f)) for f, a, _ in moved_fields)
            entry = Contribution(kind, card, "median", tuple(moved_fields), atypical=far)
            return moved, entry
        count = int(deck.counts(kind)[card])
        moved = deck.with_count(kind, card, count - 1)
        RunSpec.build(deck=moved, players=1)  # the deck must still make a game
        return moved, Contribution(kind, card, "copy", (("count", count, count - 1),))
    except VerliesError as e:
        return None, Contribution(kind, card, "refused", note=str(e))


def aa_twin(deck: Any, i: int) -> Any:
    """The same cards under other ids (every id but the characters' rotated by ``i`` + 1
    letters): the same game, dealt differently, another dealing for every ``i``. Used by
    ``aa=True``: every card's comparison deck is such a twin, so the true effect of every
    card is 0 and any ★ is noise (the A/A check of the ranking)."""
    import re

    from verlies.deck import Deck

    text = deck.dumps()
    ids = [c for c in re.findall(r'^id = "([^"]+)"', text, re.M) if not c.startswith("char-")]
    for cid in ids:
        r = (i + 1) % len(cid)
        text = text.replace(f'"{cid}"', f'"x{cid[r:]}{cid[:r]}"')
    return Deck.loads(text).with_name(deck.name)


def _changed_cards(deck: Any, reference: Any) -> set[str]:
    """``KIND:ID`` of the cards ``deck`` added, changed or recounted against ``reference``."""
    out = set()
    for d in reference.differences(deck):
        card = getattr(d, "card", None) or getattr(d, "new", None)
        kind = getattr(d, "kind", None)
        if card is not None and kind is not None:
            out.add(f"{kind}:{card.id}")
    return out


# ---- the result ---------------------------------------------------------------------------


@dataclass
class ContributionResult:
    """Every card's contribution so far (see the module's doc)."""

    deck: Any
    players: int
    cards: list[Contribution]
    characters: tuple[str, ...]
    alpha: float = 0.05
    k: int = 3
    budget: int = 0  # games
    info: RunInfo = field(default_factory=RunInfo)
    base_games: int = 0
    round: int = 0  # rounds finished (the screen is round 1)
    planned: int = 0  # games planned so far (played + the current round's rest)
    stopped: str = ""
    reference: str = ""  # what "changed" is measured against
    correct: bool = True  # Holm over cards x quantities (False: checks only)
    _holm_cache: tuple[Any, dict[tuple[int, str], tuple[float, bool]]] | None = field(
        default=None, repr=False, compare=False
    )
    _frozen: dict[tuple[int, str], tuple[float, bool]] | None = field(
        default=None, repr=False, compare=False
    )  # one look's Holm steps

    # ---- the numbers ---------------------------------------------------------------------

    @property
    def quantities(self) -> tuple[str, ...]:
        """Every headline quantity: the paired ones, then the spread of the win rates."""
        return self.paired_quantities + (SPREAD,)

    @property
    def paired_quantities(self) -> tuple[str, ...]:
        """The quantities that are means of per-game pairs (all but the spread)."""
        return QUANTITIES + tuple(f"win:{c}" for c in self.characters)

    @property
    def family(self) -> int:
        """K: the hypotheses corrected for (cards tested × quantities, the spread
        included; 1 uncorrected)."""
        if not self.correct:
            return 1
        return max(1, sum(c.tested for c in self.cards) * len(self.quantities))

    @property
    def level(self) -> float:
        """The first step's level of Holm, α / K: the strictest any interval is held to."""
        return self.alpha / self.family

    def scale(self, q: str) -> float:
        """Display unit per paired unit: gold per seat (the game's total / players)."""
        return float(self.players) if q == "gold" else 1.0

    @staticmethod
    def delta(q: str) -> float:
        """δ of ``q`` in display units (a meaningful change; the spread: a win rate's)."""
        return default_delta("win" if q == SPREAD else q)

    def _moments(self, c: Contribution, q: str) -> tuple[int, float, float, float]:
        """(n, mean, floored variance, z) of draft − typical in paired units."""
        p = c.pairs.get(q)
        n = p.n if p is not None else 0
        if p is None or n < 2:
            return n, math.nan, math.nan, 0.0
        var = max((p.sum_dd - p.sum_d * p.sum_d / n) / (n - 1), stats.variance_floor(n))
        m = p.sum_d / n
        return n, m, var, m / math.sqrt(var / n)

    def _holm(self) -> dict[tuple[int, str], tuple[float, bool]]:
        """(card index, paired quantity) -> (the level its interval is shown at, ★).

        Holm's step-down over the whole family on this look's always-valid p-values
        (:func:`verlies.sim.stats.cs_p_value`, τ = δ): in the order of the p-values, the
        j-th (from 0) is held to α / (K − j) while the intervals so far excluded 0; the
        first that does not stops it, and it and every later one are shown at the level
        where Holm stopped. A ★ is exactly an interval that excludes 0. Ville's inequality
        makes each p-value valid at any look, so the family's error stays at most α under
        any number of rounds and stops. The spread's slots count in K (they never come
        before a character's: the spread's interval is built from the characters')."""
        if self._frozen is not None:
            return self._frozen
        sig = tuple((q, p.n, p.sum_d, p.sum_dd) for c in self.cards for q, p in c.pairs.items())
        key = (sig, self.correct, self.alpha, self.family)
        if self._holm_cache is not None and self._holm_cache[0] == key:
            return self._holm_cache[1]
        out: dict[tuple[int, str], tuple[float, bool]] = {}
        pvals: list[tuple[float, int, str]] = []
        for i, c in enumerate(self.cards):
            if not c.tested:
                continue
            for q in self.paired_quantities:
                n, m, var, _ = self._moments(c, q)
                if n < MIN_PAIRS:
                    continue
                pvals.append((stats.cs_p_value(n, m, var, self.delta(q) * self.scale(q)), i, q))
        big_k = self.family
        if not self.correct:
            for _, i, q in pvals:
                out[(i, q)] = (self.alpha, self._excludes(i, q, self.alpha))
        else:
            pvals.sort()
            stop = len(pvals)
            for j, (_, i, q) in enumerate(pvals):
                level = self.alpha / (big_k - j)
                if not self._excludes(i, q, level):
                    stop = j
                    break
                out[(i, q)] = (level, True)
            rest = self.alpha / (big_k - stop)
            for _, i, q in pvals[stop:]:
                out[(i, q)] = (rest, False)
        self._holm_cache = (key, out)
        return out

    def _interval(self, c: Contribution, q: str, level: float) -> tuple[float, float]:
        n, m, var, _ = self._moments(c, q)
        h = stats.cs_half_width(n, var, self.delta(q) * self.scale(q), level)
        sc = self.scale(q)
        return (m - h) / sc, (m + h) / sc

    def _excludes(self, i: int, q: str, level: float) -> bool:
        lo, hi = self._interval(self.cards[i], q, level)
        return lo > 0 or hi < 0

    def effect(self, c: Contribution, q: str) -> dict[str, Any]:
        """draft − typical in ``q`` (display units): the mean, its always-valid interval at
        its Holm level (see :meth:`_holm`), ``level`` and ``clear`` (the interval excludes
        0), the pairs; NaN before :data:`MIN_PAIRS` pairs. The spread: see
        :meth:`spread_effect`."""
        if q == SPREAD:
            return self.spread_effect(c)
        n, m, var, z = self._moments(c, q)
        sc = self.scale(q)
        empty = {"low": math.nan, "high": math.nan, "level": math.nan, "clear": False}
        if math.isnan(m):
            return {"n": n, "diff": math.nan, "z": 0.0, **empty}
        if n < MIN_PAIRS:
            return {"n": n, "diff": m / sc, "z": z, **empty}
        i = self._index(c)
        level, clear = self._holm().get((i, q), (self.level, False))
        lo, hi = self._interval(c, q, level)
        return {"n": n, "diff": m / sc, "low": lo, "high": hi, "z": z, "level": level,
                "clear": clear}  # fmt: skip

    def _index(self, c: Contribution) -> int:
        for i, x in enumerate(self.cards):
            if x is c:
                return i
        raise KeyError(c.id)

    def _look(self) -> Any:
        """A context in which one look's Holm steps are computed once (many rows)."""
        import contextlib

        @contextlib.contextmanager
        def frozen() -> Any:
            self._frozen = None
            self._frozen = self._holm()
            try:
                yield
            finally:
                self._frozen = None

        return frozen()

    def spread_effect(self, c: Contribution) -> dict[str, Any]:
        """draft − typical in the spread of the win rates (max − min over the characters),
        in points of a rate: the estimate, and an interval built from every character's
        interval at its Holm level taken together, around the typical deck's measured
        rates (each draft rate in [typical + low, typical + high], clipped to [0, 1]; the
        smallest and the largest spread that box allows). It holds when the characters'
        intervals do, so it adds no error of its own; it can exclude 0 only when some
        character's change does (the verdict's spread row is built the same way)."""
        got = []
        for q in self.paired_quantities:
            p = c.pairs.get(q)
            if q.startswith("win:") and p is not None and p.n > 0:
                got.append((q, p))
        n = min((p.n for _, p in got), default=0)
        nan = {"n": n, "diff": math.nan, "low": math.nan, "high": math.nan, "z": 0.0,
               "level": math.nan, "clear": False}  # fmt: skip
        if len(got) < 2:
            return nan
        a = {q: p.sum_a / p.n for q, p in got}
        b = {q: p.sum_b / p.n for q, p in got}
        spread_a = max(a.values()) - min(a.values())
        diff = max(b.values()) - min(b.values()) - spread_a
        effects = {q: self.effect(c, q) for q, _ in got}
        if any(math.isnan(e["low"]) for e in effects.values()):
            return {**nan, "diff": diff}
        lows = [min(1.0, max(0.0, a[q] + effects[q]["low"])) for q in a]
        highs = [min(1.0, max(0.0, a[q] + effects[q]["high"])) for q in a]
        lo = max(0.0, max(lows) - min(highs)) - spread_a
        hi = max(highs) - min(lows) - spread_a
        level = min(e["level"] for e in effects.values())
        # the spread's own z: its estimate against the widest of the characters' errors
        se = max(math.sqrt(self._moments(c, q)[2] / p.n) for q, p in got)
        return {"n": n, "diff": diff, "low": lo, "high": hi, "z": diff / se,
                "level": level, "clear": lo > 0 or hi < 0}  # fmt: skip

    def row(self, c: Contribution) -> dict[str, Any]:
        """One card's figures: ``score`` (the largest distance of an interval from zero, in
        δ; 0 when every interval holds zero), ``upper`` (the largest reach of an interval,
        in δ: what the card might still be), the quantity behind the score (else behind the
        largest |effect| in δ), its effect and interval, ``clear`` (★), the pairs, met per
        game and the effect per meeting."""
        best: tuple[float, float, str, dict[str, Any]] | None = None
        upper, evidence = 0.0, 0.0
        if c.tested:
            for q in self.quantities:
                e = self.effect(c, q)
                if math.isnan(e["diff"]):
                    continue
                evidence = max(evidence, abs(e["z"]))
                d = self.delta(q)
                size = abs(e["diff"]) / d
                if math.isnan(e["low"]):
                    sure, reach = 0.0, math.inf
                else:
                    sure = min(abs(e["low"]), abs(e["high"])) / d if e["clear"] else 0.0
                    reach = max(abs(e["low"]), abs(e["high"])) / d
                upper = max(upper, reach)
                if best is None or (sure, size) > (best[0], best[1]):
                    best = (sure, size, q, e)
        met = c.met / c.met_games if c.met_games else math.nan
        out: dict[str, Any] = {
            "id": c.id,
            "kind": c.kind,
            "card": c.card,
            "how": c.how,
            "moves": [list(m) for m in c.moves],
            "changed": c.changed,
            "pairs": c.n,
            "met_per_game": met,
            "score": 0.0,
            "upper": upper if c.tested else 0.0,
            "evidence": evidence,
            "quantity": None,
            "diff": math.nan,
            "low": math.nan,
            "high": math.nan,
            "size": 0.0,
            "per_meeting": math.nan,
            "clear": False,
            "note": c.note,
        }
        if best is not None:
            sure, size, q, e = best
            out.update(
                score=sure, size=size, quantity=q, diff=e["diff"], low=e["low"], high=e["high"]
            )
            out["clear"] = sure > 0
            if c.kind != "character" and met > 0:
                out["per_meeting"] = e["diff"] / met
        return out

    def rows(self) -> list[dict[str, Any]]:
        with self._look():
            return [self.row(c) for c in self.cards]

    def ranked(self) -> list[dict[str, Any]]:
        """The cards with a clear effect (★), the largest sure effect (in δ) first."""
        rows = [r for r in self.rows() if r["clear"]]
        return sorted(rows, key=lambda r: (-r["score"], -r["size"], r["id"]))

    def unclear(self) -> list[dict[str, Any]]:
        """Cards tested without a clear effect so far ("no measurable effect at N games"),
        in deck order: an order by their noise would be noise."""
        return [r for r in self.rows() if not r["clear"] and r["how"] in _TESTED]

    def untested(self) -> list[dict[str, Any]]:
        """Cards not compared: already typical, the game's frame, or refused."""
        return [r for r in self.rows() if r["how"] not in _TESTED]

    def ranking(self) -> list[dict[str, Any]]:
        """Every card: the ranked ones, then the unclear, then the untested."""
        return self.ranked() + self.unclear() + self.untested()

    @property
    def pairs_range(self) -> tuple[int, int]:
        ns = [c.n for c in self.cards if c.tested]
        return (min(ns), max(ns)) if ns else (0, 0)

    def eta(self) -> float:
        """Seconds left, estimated from the games per second so far and the games the
        budget still allows (NaN before the first games)."""
        if self.stopped:
            return 0.0
        rate = self.info.games_per_s
        if not rate > 0:
            return math.nan
        return max(0, self.budget - self.info.games) / rate

    def to_dict(self) -> dict[str, Any]:
        return {
            "deck": getattr(self.deck, "name", ""),
            "method": (
                "contribution: the draft against the draft with the card made typical of its "
                "kind, the same seeds (common random numbers); always-valid intervals "
                "(normal mixture, tau = delta), Holm's step-down over K = "
                f"{self.family} hypotheses (cards x quantities, the spread of the win rates "
                "included: its interval is built from the characters'), each interval at "
                "its Holm step's level; score = the largest distance of an interval from 0 "
                "in delta"
            ),
            "alpha": self.alpha,
            "family": self.family,
            "players": self.players,
            "budget": self.budget,
            "base_games": self.base_games,
            "rounds": self.round,
            "stopped": self.stopped,
            "reference": self.reference,
            "deltas": {q: self.delta(q) for q in self.quantities},
            "ranked": self.ranked(),
            "no_measurable_effect": self.unclear(),
            "not_compared": self.untested(),
            "run": dataclasses.asdict(self.info),
        }

    def to_csv(self) -> str:
        """One row per card and quantity: the effect, its interval at α / K, in δ."""
        import csv
        import io

        from verlies.sim.lab import table_cell

        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["card", "how", "changed", "quantity", "pairs", "diff", "low", "high", "delta"])
        for c in self.cards:
            if not c.tested:
                w.writerow([c.id, c.how, int(c.changed), "", 0, "", "", "", ""])
                continue
            for q in self.quantities:
                e = self.effect(c, q)
                cells = [table_cell(e[k]) for k in ("diff", "low", "high")]
                w.writerow([c.id, c.how, int(c.changed), q, e["n"], *cells, self.delta(q)])
        return out.getvalue()

    # ---- words ----------------------------------------------------------------------------

    def card_name(self, card_id: str, lang: str = "en") -> str:
        kind, _, cid = card_id.partition(":")
        if kind == "character":
            card = self.deck.characters[cid]
        else:
            card = self.deck.cards(kind)[cid]
        return str(card.name.get(lang))

    def sentence(self, r: dict[str, Any], lang: str = "en") -> str:
        """``the goblin: injuries +0.90 per game (+0.41 … +1.39), 3.6× a meaningful change``
        (or the widest it may still be, for a card without a clear effect)."""
        from verlies.i18n import text
        from verlies.i18n.metrics import fmt_diff, metric_name

        name = self.card_name(r["id"], lang)
        q = r["quantity"]
        if q is None:
            return text("impact36.no_pairs", lang, card=name)
        parts = {k: fmt_diff(q, r[k], lang) for k in ("diff", "low", "high")}
        times = f"{r['size']:.1f}".replace(".", "," if lang == "de" else ".")
        key = "impact36.row" if r["clear"] else "impact36.row_unclear"
        return text(
            key, lang, card=name, what=metric_name(q, lang, self.deck), times=times, **parts
        )

    def text(self, lang: str = "en", top: int = 15) -> str:
        """The ranking in words: the clear cards first (★), then the noise group, then the
        cards not compared; how many games, the error and what it covers."""
        from verlies.i18n import text

        lo, hi = self.pairs_range
        lines = [
            text(
                "impact36.head",
                lang,
                deck=getattr(self.deck, "name", ""),
                games=self.info.games,
                rounds=self.round,
                low=lo,
                high=hi,
            ),
            text("impact36.star", lang, alpha=round(self.alpha * 100, 1), family=self.family),
        ]
        ranked = self.ranked()
        if ranked:
            for i, r in enumerate(ranked[:top], 1):
                mark = " " + text("impact36.changed", lang) if r["changed"] else ""
                lines.append(f"{i:3d}. ★ {self.sentence(r, lang)}{mark}")
        else:
            lines.append("     " + text("impact36.none_clear", lang))
        unclear = self.unclear()
        if unclear:
            lines.append(text("impact36.noise_head", lang, n=hi, count=len(unclear)))
            names = [self.card_name(r["id"], lang) for r in unclear]
            lines.append("     " + ", ".join(names))
        untested = self.untested()
        if untested:
            lines.append(text("impact36.untested_head", lang, count=len(untested)))
        if self.stopped:
            lines.append(text("impact36.stopped", lang, why=self.stopped))
        return "\n".join(lines) + "\n"

    def __str__(self) -> str:
        return self.text()


_TESTED = ("median", "character", "copy")


# ---- the run ------------------------------------------------------------------------------


def _select(deck: Any, cards: Sequence[str] | None) -> list[str]:
    every = [f"{k}:{c}" for k in PILES for c in deck.cards(k)]
    every += [f"character:{c}" for c in deck.characters]
    if cards is None:
        return every
    out = []
    for cid in cards:
        kind, sep, card = str(cid).partition(":")
        if not sep or not card:
            raise SimulationError(f"a card is KIND:ID, e.g. monster:monster-goblin, not {cid!r}")
        if kind != "character" and kind not in PILES:
            raise SimulationError(f"unknown pile {kind!r} in {cid!r} (known: {', '.join(PILES)})")
        if cid not in every:
            where = "the characters" if kind == "character" else f"the {kind} pile"
            raise SimulationError(f"no card {card!r} in {where} of {deck.name!r}")
        out.append(str(cid))
    return list(dict.fromkeys(out))


def _check_int(name: str, value: object, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise SimulationError(f"{name} must be a whole number >= {least}, not {value!r}")
    return value


def _check_settings(
    screen: int, budget: int, max_pairs: int, k: int, alpha: float, keep: float
) -> None:
    """:func:`contribution`'s numbers, each refused with its name before any game."""
    _check_int("screen", screen, MIN_PAIRS)
    _check_int("budget", budget, 1)
    _check_int("max_pairs", max_pairs, screen)
    _check_int("k", k, 1)
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not 0 < alpha < 1:
        raise SimulationError(f"alpha lies between 0 and 1, not {alpha!r}")
    if isinstance(keep, bool) or not isinstance(keep, (int, float)) or not 0 < keep <= 1:
        raise SimulationError(f"keep is a share in (0, 1], not {keep!r}")


def contribution(
    deck: DeckArg = None,
    *,
    players: int = 4,
    bots: BotsArg = None,
    seed: int = 0,
    variants: VariantsArg = None,
    round_limit: int | None = 300,
    characters: CharactersArg = "all",
    cards: Sequence[str] | None = None,
    reference: DeckArg | bool = True,
    screen: int = 32,
    budget: int = 12_000,
    max_pairs: int = 2048,
    k: int = 3,
    keep: float = 0.34,
    alpha: float = 0.05,
    max_seconds: float | None = None,
    aa: bool = False,
    correct: bool = True,
    workers: int | None = None,
    executor: Any = None,
    progress: Progress = False,
    cancel: CancelToken | None = None,
    on_update: Callable[[ContributionResult], None] | None = None,
) -> ContributionResult:
    """Rank ``deck``'s cards by their contribution (see the module's doc).

    ``cards``: ``KIND:ID`` to look at (default every card and character). ``reference``:
    the deck the draft's changes are measured against (True: the shipped default deck;
    False/None: no card counts as changed). ``screen``: pairs every card gets first;
    ``budget``: games in all (the base deck's included); ``max_pairs``: the most pairs of
    one card; ``k``: the top group the rounds try to settle; ``keep``: the share of the
    undecided cards that go on after a round (at least 2k). ``max_seconds``: stop after the
    round that passes it (then the games played depend on the machine's speed).

    For checks only: ``aa`` compares every card against an equal deck dealt differently
    (:func:`aa_twin`; no true effect anywhere), ``correct=False`` drops the correction for
    the many intervals (each at α alone)."""
    base = load_deck(deck)
    _check_settings(screen, budget, max_pairs, k, alpha, keep)
    check_workers(workers)
    wanted = _select(base, cards)
    ref_name = ""
    changed: set[str] = set()
    if reference is True:
        from verlies.deck import Deck

        ref = Deck.default()
        ref_name = ref.name
        changed = _changed_cards(base, ref)
    elif reference not in (None, False):
        ref = load_deck(reference)
        ref_name = ref.name
        changed = _changed_cards(base, ref)

    def make(d: Any, label: str) -> RunSpec:
        return RunSpec.build(
            players=players,
            characters=characters,
            bots=bots,
            variants=variants,
            seed=seed,
            round_limit=round_limit,
            deck=d,
            label=label,
        )

    specs = [make(base, "draft")]
    entries: list[Contribution] = []
    spec_of: dict[int, int] = {}  # card index -> spec index
    for cid in wanted:
        kind, _, card = cid.partition(":")
        moved, entry = typical_of_kind(base, kind, card)
        entry.changed = cid in changed
        if aa and entry.tested:
            moved = aa_twin(base, len(entries))
        if moved is not None:
            try:
                specs.append(make(moved, f"{cid} typical"))
                spec_of[len(entries)] = len(specs) - 1
            except VerliesError as e:
                entry = Contribution(kind, card, "refused", entry.moves, entry.changed, str(e))
        entry.active = entry.tested
        entries.append(entry)
    chars = specs[0].characters
    char_ids = tuple(base.characters) if isinstance(chars, str) else tuple(chars)
    result = ContributionResult(
        base, specs[0].players, entries, char_ids, float(alpha), k, budget, RunInfo(),
        reference=ref_name, correct=correct,
    )  # fmt: skip
    _Rounds(result, specs, spec_of, screen, max_pairs, keep, max_seconds, on_update).play(
        executor, workers, progress, cancel
    )
    return result


class _Rounds:
    """The run's state machine: rounds of pairs, the plan after each (module doc)."""

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
    ) -> None:
        self.result, self.specs, self.spec_of = result, specs, spec_of
        self.screen, self.max_pairs, self.keep = screen, max_pairs, keep
        self.max_seconds, self.on_update = max_seconds, on_update
        self.base: dict[int, tuple[dict[str, int], GameRecord]] = {}
        self.held: dict[int, dict[int, GameRecord]] = {}  # card index -> game -> record
        self.t0 = time.perf_counter()

    # ---- planning --------------------------------------------------------------------------

    def _next(self, level: int) -> tuple[list[int], int]:
        """The cards of the next round and its pairs per card (deterministic: finished
        rounds' sums only); ([], level) when the run is over."""
        res = self.result
        if level == 0:
            return [i for i, c in enumerate(res.cards) if c.active], self.screen
        with res._look():
            rows = {i: res.row(c) for i, c in enumerate(res.cards) if c.tested}
        k = res.k
        lows = sorted((r["score"] for r in rows.values()), reverse=True)
        kth_low = lows[k - 1] if len(lows) >= k else 0.0
        undecided = []
        for i, r in rows.items():
            c = res.cards[i]
            if not c.active:
                continue
            # out: its upper end below the k-th largest lower end (it cannot reach the top k)
            out = r["upper"] < kth_low
            # surely in: its lower end above the k-th largest upper end of the others
            others = sorted((rows[j]["upper"] for j in rows if j != i), reverse=True)
            inside = r["score"] > 0 and len(others) >= k and r["score"] > others[k - 1]
            if out or inside or c.n >= self.max_pairs:
                c.active = False
                continue
            undecided.append(i)
        if not undecided:
            return [], level
        nxt = min(level * 2, self.max_pairs)
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
        # within the budget: the base deck's new games, then each card's, in that order
        per = nxt - level
        fit = max(0, (res.budget - res.info.games - per) // per)
        chosen = chosen[:fit]
        for i in undecided:
            if i not in chosen:
                res.cards[i].active = False
        return sorted(chosen), nxt

    # ---- playing ---------------------------------------------------------------------------

    def play(
        self, executor: Any, workers: int | None, progress: Progress, cancel: CancelToken | None
    ) -> None:
        res = self.result
        w = planned_workers(executor, workers)
        bar = Bar(progress, res.budget, "card contributions")
        level = 0
        try:
            while True:
                active, nxt = self._next(level)
                if not active:
                    res.stopped = res.stopped or "settled"
                    break
                # the first round's base games must fit too
                need = (nxt - level) * (len(active) + 1)
                if res.info.games + need > res.budget and level > 0:
                    res.stopped = "game budget spent"
                    break
                self._round(active, level, nxt, w, executor, workers, cancel, bar)
                res.round += 1
                level = nxt
                if res.info.cancelled:
                    res.stopped = "cancelled"
                    break
                if (
                    self.max_seconds is not None
                    and time.perf_counter() - self.t0 > self.max_seconds
                ):
                    res.stopped = "time budget spent"
                    break
                if self._tell():
                    pass
        finally:
            bar.close()
            for c in res.cards:
                c.active = False
            self._tell()

    def _round(
        self,
        active: list[int],
        lo: int,
        hi: int,
        w: int,
        executor: Any,
        workers: int | None,
        cancel: CancelToken | None,
        bar: Bar,
    ) -> None:
        """Games lo..hi of the base deck and of every active card's typical deck."""
        res = self.result
        res.planned = res.info.games + (hi - lo) * (len(active) + 1)
        idx = [0] + [self.spec_of[i] for i in active]
        local = {s: j for j, s in enumerate(idx)}  # spec index -> index in this round's run
        round_specs = [self.specs[s] for s in idx]
        span = hi - lo
        # a task: about 40 games, several decks on the same game indices when spans are short
        group = max(1, 40 // span) if span < 40 else 1
        size = min(span, 40)
        tasks: list[Task] = []
        for start in range(lo, hi, size):
            stop = min(start + size, hi)
            tasks.append(Task((0,), start, stop))
        for g in range(0, len(active), group):
            which = tuple(local[self.spec_of[i]] for i in active[g : g + group])
            for start in range(lo, hi, size):
                tasks.append(Task(which, start, min(start + size, hi)))
        by_spec = {local[self.spec_of[i]]: i for i in active}
        part = RunInfo()
        runs = run_tasks(
            round_specs, tasks, executor=executor, workers=workers, cancel=cancel, info=part
        )
        games0 = res.info.games
        seconds0 = res.info.seconds
        try:
            with closing(runs):
                for task, records in runs:
                    for k, recs in zip(task.which, records, strict=True):
                        if k == 0:
                            for r in recs:
                                self._base(r)
                        else:
                            held = self.held.setdefault(by_spec[k], {})
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
        del w

    def _base(self, r: GameRecord) -> None:
        """A base game: its quantities kept for pairing; met counted for every card."""
        res = self.result
        self.base[r.index] = (_values(r), r)
        res.base_games = len(self.base)

    def _pair_ready(self) -> None:
        """Pairs whose base game is in, added in game order (sums are exact integers)."""
        res = self.result
        for i, held in self.held.items():
            c = res.cards[i]
            for g in sorted(held):
                if g not in self.base:
                    continue
                r = held.pop(g)
                a, rec = self.base[g]
                b = _values(r)
                for q in a.keys() & b.keys():  # draft − typical: what the card contributes
                    c.pairs.setdefault(q, Paired()).add(b[q], a[q])
                _met(c, rec)

    def _tell(self) -> bool:
        if self.on_update is not None:
            self.on_update(self.result)
        return False


def _values(r: GameRecord) -> dict[str, int]:
    v = game_values(r)
    out = {q: v[q] for q in QUANTITIES}
    out.update({k: x for k, x in v.items() if k.startswith("win:")})
    return out


def _met(c: Contribution, r: GameRecord) -> None:
    """How often the base game ``r`` met the card (drawn; a character: seats played)."""
    c.met_games += 1
    if c.kind == "character":
        c.met += sum(1 for cid in r.characters if cid == c.card)
    else:
        c.met += sum(dict(r.met).get(c.id, ()))

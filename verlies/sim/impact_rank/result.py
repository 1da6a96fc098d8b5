"""The contribution ranking's result (issue 36): effects, Holm over cards × quantities,
rows, the ranking and its words (see :mod:`verlies.sim.impact_rank`)."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from verlies.i18n.numbers import fixed, grouped
from verlies.sim import stats
from verlies.sim.compare import MIN_PAIRS, default_delta
from verlies.sim.impact_rank.typical import TESTED, Contribution
from verlies.sim.run import (
    RunInfo,
)

#: The headline quantities besides each character's win rate (``win:<id>``).
QUANTITIES: tuple[str, ...] = ("injuries", "rounds", "gold", "timeout")
#: The spread of the characters' win rates (max − min): in the family, not a paired mean.
SPREAD = "spread"


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
    after: int = 0  # the most games the rounds after the current one can play
    stopped: str = ""
    reference: str = ""  # what "changed" is measured against
    correct: bool = True  # Holm over cards x quantities (False: checks only)
    groups: list[Contribution] = field(default_factory=list)  # the screen's groups
    #: The early exit "no meaningful effect" (:meth:`bound`): the cards still in the
    #: running when it was taken, their pairs and the largest effect their intervals allow
    #: (in δ); None when the run did not stop so.
    below: dict[str, Any] | None = None
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
        in points of a rate: the estimate and an interval that accounts for both sides.

        Paired: every character's change d has its interval at its Holm level; the typical
        deck's rates t are measured too, each with an always-valid interval at the
        spread's own slot of the family (α / K, shared among the characters). Over that
        box of t and d the spread of the draft (t + d) and of the typical deck (t) each
        lie in a range; their difference lies between the draft's least and the typical's
        largest, and the draft's largest and the typical's least. Besides, whatever t is,
        a range changes by at most the range of the changes (|S(t + d) − S(t)| ≤ max d −
        min d), which bounds it from both sides. It can exclude 0 only when some
        character's change does; its error is the characters' and its own slot's, both
        in the family."""
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
        diff = _spread(b.values()) - _spread(a.values())
        effects = {q: self.effect(c, q) for q, _ in got}
        if any(math.isnan(e["low"]) for e in effects.values()):
            return {**nan, "diff": diff}
        own = self.level / len(got)  # the spread's slot, shared among the typical rates
        t_lo, t_hi, u_lo, u_hi = [], [], [], []
        for q, p in got:
            var = max(a[q] * (1 - a[q]), stats.variance_floor(p.n))  # a rate: 0/1 a game
            w = stats.cs_half_width(p.n, var, self.delta(q), own)
            lo_t, hi_t = max(0.0, a[q] - w), min(1.0, a[q] + w)
            t_lo.append(lo_t)
            t_hi.append(hi_t)
            u_lo.append(min(1.0, max(0.0, lo_t + effects[q]["low"])))
            u_hi.append(min(1.0, max(0.0, hi_t + effects[q]["high"])))
        draft = (max(0.0, max(u_lo) - min(u_hi)), max(u_hi) - min(u_lo))
        typical = (max(0.0, max(t_lo) - min(t_hi)), max(t_hi) - min(t_lo))
        reach = max(e["high"] for e in effects.values()) - min(e["low"] for e in effects.values())
        lo = max(draft[0] - typical[1], -reach)
        hi = min(draft[1] - typical[0], reach)
        level = min(e["level"] for e in effects.values())
        # the spread's own z: its estimate against the widest of the characters' errors
        se = max(math.sqrt(self._moments(c, q)[2] / p.n) for q, p in got)
        return {"n": n, "diff": diff, "low": lo, "high": hi, "z": diff / se,
                "level": level, "clear": lo > 0 or hi < 0}  # fmt: skip

    def bound(self, cards: Iterable[Contribution]) -> float:
        """The largest effect ``cards`` may still have, in δ: the farthest end from 0 of
        any of their intervals over every quantity (the spread included), each at α / K,
        the first step of Holm (Bonferroni over the whole family). All K such intervals
        hold at once with probability at least 1 − α, at any look, so "every card of
        ``cards`` moves every quantity by less than bound × δ" is a statement with the
        list's error; it bounds an effect, it does not find one (weaker than a ★). Inf
        for a card with fewer than :data:`MIN_PAIRS` pairs."""
        saved, self._frozen = self._frozen, {}  # no Holm step: every interval at α / K
        try:
            ups = [self.row(c)["upper"] if c.n >= MIN_PAIRS else math.inf for c in cards]
        finally:
            self._frozen = saved
        return max(ups, default=math.inf)

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
            "pairs": self.seen_at(c),
            "screened_with_group": c.group_size if not c.n else 0,
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
            "shown": -1,
            "shown_quantity": "",
        }
        if best is not None:
            sure, size, q, e = best
            out.update(
                score=sure, size=size, quantity=q, diff=e["diff"], low=e["low"], high=e["high"]
            )
            out["shown"], out["shown_quantity"] = self.telling(c, q, e["diff"])
            out["clear"] = sure > 0
            if c.kind != "character" and met > 0:
                out["per_meeting"] = e["diff"] / met
        return out

    def telling(self, c: Contribution, q: str, diff: float) -> tuple[int, str]:
        """ "Show me a game like this": the game of ``c``'s pairs in which ``q`` differed
        most between the draft and the card made typical, the way the effect ``diff``
        goes, and the quantity it differed in (the spread: the character whose win rate
        moved most); (−1, "") when no pair moved ``q`` that way."""
        if q == SPREAD:
            wins = [w for w in self.paired_quantities if w.startswith("win:") and w in c.pairs]
            if not wins:
                return -1, ""
            q = max(wins, key=lambda w: (abs(c.pairs[w].sum_d), w))
            diff = float(c.pairs[q].sum_d)
        t = c.telling.get(q)
        if t is None or math.isnan(diff) or diff == 0:
            return -1, ""
        g, d = (t[0], t[1]) if diff > 0 else (t[2], t[3])
        return (g, q) if (d > 0) == (diff > 0) and d != 0 else (-1, "")

    def rows(self) -> list[dict[str, Any]]:
        with self._look():
            return [self.row(c) for c in self.cards]

    def ranked(self) -> list[dict[str, Any]]:
        """The cards with a clear effect (★), the largest effect first: the ``size`` each
        row says ("2.0× a meaningful change"), then the sure part (``score``). Not the
        sure part first: that put a small effect measured precisely (a treasure's gold,
        0.3×) above a large one measured less precisely (a trap nobody passes, 2.0×), a
        list whose order contradicted its own rows. The ★ already says the effect is
        there; the rounds (:mod:`~verlies.sim.impact_rank.rounds`) keep using the
        intervals' ends to decide where games go."""
        rows = [r for r in self.rows() if r["clear"]]
        return sorted(rows, key=lambda r: (-r["size"], -r["score"], r["id"]))

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

    def seen_at(self, c: Contribution) -> int:
        """The pairs ``c`` was seen at: its own; else those of the group that cleared it;
        else (just split from its group, its own pairs not played yet: a run cancelled or
        cut in the middle of a round) those of the largest group it was in."""
        if c.n or c.screened:
            return c.n or c.screened
        i = next((j for j, x in enumerate(self.cards) if x is c), -1)
        return max((g.n for g in self.groups if i in g.members), default=0)

    @property
    def pairs_range(self) -> tuple[int, int]:
        ns = [self.seen_at(c) for c in self.cards if c.tested]
        return (min(ns), max(ns)) if ns else (0, 0)

    def games_left(self) -> int:
        """The most games still to play: the current round's rest and the most the
        rounds after it can play (:meth:`~verlies.sim.impact_rank.rounds.Rounds.most_after`:
        the cards already cleared count for nothing; never past the budget after the
        current round)."""
        if self.stopped:
            return 0
        return max(0, self.planned - self.info.games) + self.after

    def eta(self) -> float:
        """Seconds left at most, estimated from this run's games per second so far and
        :meth:`games_left` (NaN before the first games)."""
        if self.stopped:
            return 0.0
        rate = self.info.games_per_s
        if not rate > 0:
            return math.nan
        return self.games_left() / rate

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
            "below_delta": self.below,
            "reference": self.reference,
            "deltas": {q: self.delta(q) for q in self.quantities},
            "ranked": self.ranked(),
            "no_measurable_effect": self.unclear(),
            "not_compared": self.untested(),
            "groups": [self._group_dict(g) for g in self.groups],
            "run": dataclasses.asdict(self.info),
        }

    def _group_dict(self, g: Contribution) -> dict[str, Any]:
        """A screen group: its cards, its pairs, its largest |z| and whether it was split."""
        zs = [abs(self._moments(g, q)[3]) for q in self.paired_quantities if q in g.pairs]
        return {
            "cards": [self.cards[i].id for i in g.members],
            "pairs": g.n,
            "evidence": max(zs, default=0.0),
            "split": g.note == "split",
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
        times = fixed(r["size"], 1, lang)
        key = "impact36.row" if r["clear"] else "impact36.row_unclear"
        return text(
            key, lang, card=name, what=metric_name(q, lang, self.deck), times=times, **parts
        )

    def below_text(self, lang: str = "en") -> str:
        """The early exit "no meaningful effect" (:attr:`below`) in words, a claim of its
        own: what it bounds, at how many pairs, the largest effect still possible, and
        what it does not say; "" when the run did not stop so."""
        from verlies.i18n import text

        b = self.below
        if not b:
            return ""
        lo, hi = b["low"], b["high"]
        pairs = grouped(lo, lang) if lo == hi else text("impact7.range", lang, low=lo, high=hi)
        words = text(
            "impact7.below",
            lang,
            pairs=pairs,
            times=fixed(b["bound"], 2, lang),
            count=b["cards"],
            alpha=fixed(self.alpha * 100, 1, lang),
        )
        if b.get("others"):  # what the bound does not cover
            words += " " + text("impact7.below_others", lang, count=b["others"])
        return words

    def changed_text(self, r: dict[str, Any], lang: str = "en") -> str:
        """A card the draft changed without a clear effect (row ``r``), on its own line:
        the largest change measured, and how large an effect its intervals still allow
        (a corridor nobody passes: the game may feel it little, but that is not shown)."""
        from verlies.i18n import text
        from verlies.i18n.metrics import fmt_diff, metric_name

        q = r["quantity"]
        return text(
            "impact36.noise_changed",
            lang,
            card=self.card_name(r["id"], lang),
            n=r["pairs"],
            what=metric_name(q, lang, self.deck),
            diff=fmt_diff(q, r["diff"], lang),
            size=fixed(r["size"], 1, lang),
            times=fixed(r["upper"], 1, lang),
        )

    def text(self, lang: str = "en", top: int = 15) -> str:
        """The ranking in words: the clear cards first (★), then the noise group, then the
        cards not compared; how many games, the error and what it covers."""
        from verlies.i18n import has, text

        lo, hi = self.pairs_range
        lines = [
            text(
                "impact36.head",
                lang,
                deck=getattr(self.deck, "name", ""),
                games=self.info.games,
                # "1 round", and one count when every card has as many pairs
                rounds=text("impact8.head_rounds_one", lang)
                if self.round == 1
                else text("impact8.head_rounds", lang, n=self.round),
                pairs=text("impact8.head_pairs", lang, n=lo)
                if lo == hi
                else text("impact8.head_pairs_range", lang, low=lo, high=hi),
            ),
            text("impact36.star", lang, alpha=fixed(self.alpha * 100, 1, lang), family=self.family),
        ]
        ranked = self.ranked()
        if ranked:
            for i, r in enumerate(ranked[:top], 1):
                mark = " " + text("impact36.changed", lang) if r["changed"] else ""
                if r["how"] == "reference":  # compared with its card in the reference
                    mark = " " + text("impact8.changed_reference", lang, ref=self.reference)
                lines.append(f"{i:3d}. ★ {self.sentence(r, lang)}{mark}")
        else:
            lines.append("     " + text("impact36.none_clear", lang))
        unclear = self.unclear()
        # a card without a pair yet (its screen group still in play: a partial or
        # cancelled run) is not measured at all: said apart, never "no effect at 0 pairs"
        pending = [r for r in unclear if not r["pairs"]]
        unclear = [r for r in unclear if r["pairs"]]
        if unclear:
            # each card's own pairs: most leave at the screen, a few go on to the most
            ns = sorted(r["pairs"] for r in unclear)
            key = "impact36.noise_head" if ns[0] == ns[-1] else "impact36.noise_head_range"
            key += "_one" if len(unclear) == 1 else ""
            lines.append(text(key, lang, n=ns[0], low=ns[0], high=ns[-1], count=len(unclear)))
            names = [self.card_name(r["id"], lang) for r in unclear]
            lines.append("     " + ", ".join(names))
            for r in unclear:  # what the draft changed is said on its own, with its bound
                if r["changed"] and r["upper"] > 0 and math.isfinite(r["upper"]):
                    lines.append("     " + self.changed_text(r, lang))
        if pending:
            one = "_one" if len(pending) == 1 else ""
            lines.append(text("impact8.pending" + one, lang, count=len(pending)))
            lines.append("     " + ", ".join(self.card_name(r["id"], lang) for r in pending))
        if self.below:  # the early exit: a bound, apart from the ranked list
            lines.append(self.below_text(lang))
        untested = self.untested()
        if untested:
            one = "_one" if len(untested) == 1 else ""
            lines.append(text("impact36.untested_head" + one, lang, count=len(untested)))
        if self.stopped:
            key = "impact60.stopped." + self.stopped.replace(" ", "_")
            why = text(key, lang) if has(key, lang) else self.stopped
            lines.append(text("impact36.stopped", lang, why=why))
        return "\n".join(lines) + "\n"

    def __str__(self) -> str:
        return self.text()


_TESTED = TESTED


def _spread(rates: Iterable[float]) -> float:
    """max − min of ``rates``."""
    values = list(rates)
    return max(values) - min(values)

"""The Deck tab's impact column without widgets (issue 22, item 1; issue 36).

Two measures (:data:`METHODS`). **contribution** (the default, issue 36): each card against
the draft with the card made typical of its kind (:mod:`verlies.sim.impact_rank`); a
card's figure is its largest clear effect in δ (★), else "no measurable effect at N
games", else "already typical"; sorted by impact the ★ cards come first (the largest
effect in δ first, as the ranking), then the cards without a clear effect in deck order
(ordering them by their noise would be noise), then the cards not compared.
**sensitivity** (issue 22, below): the ±1 figures and the association, "how much the
game reacts to this number".

:class:`ImpactColumn` runs :func:`verlies.sim.impact.impact` on the editor's draft in a
background thread (cancellable, with progress) and turns what has arrived so far into one
:class:`Figure` per card: the figure shown beside the card in the card list, and the key
the list is sorted by.

The run refines in two passes, as :func:`~verlies.sim.impact.impact` plays them: first the
draft's own games (every card's met per game and its **association**: the win rate of
seats that met it against seats that did not; in a few seconds), then the **paired
effects** of moving each card's number by −1 / +1 / to its pile's median on the same
seeds, card by card. A card's figure is its paired effect once one has arrived (a cause),
else its association (only a hint: a seat that draws more cards meets more of them).

Which effect is a card's figure: the one whose 95 % interval lies farthest from zero in
standard deviations of that quantity in one game of the draft (the lab's ranking), and
among effects whose interval holds zero the largest in the same unit. That is also the
sort key ("impact"): the sure part first, then the size.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.i18n.metrics import fmt_diff, metric_name
from verlies.i18n.numbers import measured
from verlies.sim.impact import CardImpact, ImpactResult, impact
from verlies.sim.impact_rank import BUDGET, TESTED, ContributionResult, contribution
from verlies.ui.core.words import Keys
from verlies.ui.runs.run_model import PooledRun

__all__ = [
    "BUDGET",
    "METHODS",
    "SORTS",
    "contribution_figures",
    "Figure",
    "ImpactColumn",
    "figure_parts",
    "figure_text",
    "figures",
    "sort_keys",
]

Key = tuple[str, str]  # (kind, card id), as the editor's list

#: How the card list can be ordered (``deckimpact.sort.<choice>`` in i18n).
SORTS: tuple[str, ...] = ("deck", "impact", "met")

#: What is measured (``deckimpact.method.<choice>``): the card against the card made
#: typical of its kind (issue 36), or the ±1 sensitivity (issue 22).
METHODS: tuple[str, ...] = ("contribution", "sensitivity")


@dataclass(frozen=True)
class Figure:
    """One card's impact so far.

    ``source`` is "association" or "<direction> <quantity>" (``+1 rounds``,
    ``median win:char-zwerg``); ``diff``/``low``/``high`` the effect and its 95 % interval
    (a rate as a fraction); ``sure`` the distance of the interval from zero and ``size``
    the effect, both in standard deviations of one game; ``clear``: Holm-clear over the
    run's whole family (always False for an association)."""

    key: Key
    met_per_game: float
    source: str
    quantity: str
    diff: float
    low: float
    high: float
    sure: float
    size: float
    clear: bool
    paired: bool
    group: int = 0  # contribution: 0 clear (★), 1 no measurable effect, 2 not compared
    pairs: int = 0  # contribution: the pairs played for this card
    #: contribution: the game whose pair differed most in ``shown_quantity`` ("show me a
    #: game like this"; −1: none)
    shown: int = -1
    shown_quantity: str = ""

    @property
    def sort_key(self) -> tuple[float, float]:
        return (self.sure, self.size)


def _sure(low: float, high: float) -> float:
    """How far a 95 % interval lies from zero (0 when it holds zero)."""
    if math.isnan(low) or math.isnan(high) or low <= 0 <= high:
        return 0.0
    return min(abs(low), abs(high))


def _key(c: CardImpact) -> Key:
    return (c.kind, c.card)


def figures(result: ImpactResult) -> dict[Key, Figure]:
    """Every card's figure from what ``result`` holds now (see the module's doc)."""
    out: dict[Key, Figure] = {}
    if result.base_games == 0:
        return out
    eff = result.effects()
    for c in result.cards:
        met = c.met / result.base_games
        best: tuple[tuple[float, float], str, str, dict[str, Any]] | None = None
        for step, qs in eff[c.id].items():
            for q, e in qs.items():
                sd = result.spread(q)
                if not sd > 0 or e["n"] < 2 or math.isnan(e["diff"]):
                    continue
                rank = (_sure(e["low"], e["high"]) / sd, abs(e["diff"]) / sd)
                if best is None or rank > best[0]:
                    best = (rank, f"{step} {q}", q, e)
        if best is not None:
            (sure, size), source, q, e = best
            out[_key(c)] = Figure(
                _key(c), met, source, q, e["diff"], e["low"], e["high"], sure, size,
                bool(e["clear"]), True,
            )  # fmt: skip
            continue
        a = result.association(c)
        sd = result.spread("win")
        if math.isnan(a["low"]) or not sd > 0:
            sure = size = 0.0
        else:
            sure = _sure(a["low"], a["high"]) / sd
            size = abs(a["diff"]) / sd
        out[_key(c)] = Figure(
            _key(c), met, "association", "win", a["diff"], a["low"], a["high"], sure, size,
            False, False,
        )  # fmt: skip
    return out


def contribution_figures(result: ContributionResult) -> dict[Key, Figure]:
    """Every card's figure from a contribution run so far: ``source`` "contribution",
    "noise" (no clear effect yet) or the card's ``how`` when it was not compared; ``sure``
    the score (in δ), ``size`` the effect in δ."""
    out: dict[Key, Figure] = {}
    for r in result.rows():
        key = (r["kind"], r["card"])
        if r["how"] not in TESTED:
            source, group = r["how"], 2
        elif r["clear"]:
            source, group = "contribution", 0
        else:
            source, group = "noise", 1
        out[key] = Figure(
            key, r["met_per_game"], source, r["quantity"] or "", r["diff"], r["low"],
            r["high"], r["score"], r["size"], bool(r["clear"]), True, group, r["pairs"],
            r["shown"], r["shown_quantity"],
        )  # fmt: skip
    return out


#: This room's words (the ``deckimpact.`` keys), said in a language.
WORDS = Keys("deckimpact.")


def figure_text(fig: Figure | None, lang: str, deck: Any = None) -> str:
    """The column's text for one card: which effect it is, the effect with its interval,
    and the met per game (``+1: rounds −1.25 (−2.10 … −0.40) ★ · 0.80/game``). None: the
    card has no figure yet (``…``)."""
    if fig is None:
        return WORDS("none", lang)
    what, effect, met = figure_parts(fig, lang, deck)
    if fig.source == "noise":  # "no measurable effect at N games · largest seen: …"
        return " · ".join(x for x in (what, effect, met) if x)
    return " · ".join(x for x in (f"{what} {effect}".strip(), met) if x)


def figure_parts(fig: Figure, lang: str, deck: Any = None) -> tuple[str, str, str]:
    """:func:`figure_text` in its three parts: which effect, the effect with its
    interval, the met per game (the columns of the panel's table)."""
    met = WORDS("met", lang, n=measured(fig.met_per_game, 2, lang, sign=False))
    if fig.source in ("typical", "frame", "refused"):
        return WORDS(f"how.{fig.source}", lang), "", met
    if fig.source in ("contribution", "noise"):
        q = fig.quantity
        if fig.source == "noise" and not fig.pairs:  # its screen group still in play
            return WORDS("none", lang), "", met
        if not q or math.isnan(fig.low):
            return WORDS("noise", lang, n=fig.pairs), "", met
        what = metric_name(q, lang, deck)
        rng = "(" + " … ".join(fmt_diff(q, x, lang) for x in (fig.low, fig.high)) + ")"
        effect = f"{fmt_diff(q, fig.diff, lang)} {rng}"
        if fig.clear:
            times = measured(fig.size, 1, lang, sign=False)
            return f"★ {what}", f"{effect}, {WORDS('times', lang, n=times)}", met
        # the largest change seen, said as such: not a claim beside "no measurable effect"
        return (
            WORDS("noise", lang, n=fig.pairs),
            WORDS("largest", lang, what=f"{what} {effect}"),
            met,
        )
    q = fig.quantity
    diff = fmt_diff(q, fig.diff, lang, unit=False)
    low = fmt_diff(q, fig.low, lang, unit=False)
    high = fmt_diff(q, fig.high, lang, unit=False)
    if fig.paired:
        step = fig.source.split(" ", 1)[0]
        what = f"{WORDS(f'step.{step}', lang)} {metric_name(q, lang, deck)}"
    else:
        what = WORDS("assoc", lang)
    unit = f" {WORDS('pt', lang)}" if q.startswith("win") else ""
    star = " ★" if fig.clear else ""
    met = WORDS("met", lang, n=measured(fig.met_per_game, 2, lang, sign=False))
    return what, f"{diff}{unit} ({low} … {high}){star}", met


def sort_keys(keys: Sequence[Key], figs: dict[Key, Figure], by: str) -> list[Key]:
    """``keys`` in the order ``by`` asks for: "deck" keeps them; "impact" puts the card
    with the largest sure effect first (then the largest effect; a contribution run's ★
    cards by their effect in δ, as :meth:`ContributionResult.ranked`, its cards without
    a clear effect after those, then the cards not compared, each group in deck order);
    "met" the card met most often first. Cards without a figure go last, in their deck
    order (a stable sort)."""
    if by not in SORTS:
        raise VerliesError(f"unknown order {by!r} (one of {', '.join(SORTS)})")
    keys = list(keys)
    if by == "deck":
        return keys

    def rank(k: Key) -> tuple[int, float, float]:
        f = figs.get(k)
        if f is None:
            return (3, 0.0, 0.0)
        if by == "impact":
            if f.group:  # no clear effect, or not compared: the deck's order
                return (f.group, 0.0, 0.0)
            if f.source == "contribution":  # as the ranking: the effect each row says
                return (0, -f.size, -f.sure)
            return (0, -f.sure, -f.size)
        met = f.met_per_game
        return (0, -met if not math.isnan(met) else 0.0, 0.0)

    return sorted(keys, key=rank)


class ImpactColumn(PooledRun):
    """One impact run at a time on a draft, in a background thread; its figures so far
    (the thread, the progress, cancel and the end:
    :class:`~verlies.ui.runs.run_model.BackgroundRun`).

    ``workers`` > 1 plays on local worker processes (kept for the next run, as the
    Balance tab does); 1 plays in the thread itself."""

    what = "impact"

    def __init__(self, workers: int | None = None) -> None:
        super().__init__(workers)
        self._lock = threading.Lock()
        self.deck: Deck | None = None  # the deck the figures are of
        self.result: ImpactResult | None = None
        self.ranking: ContributionResult | None = None  # a contribution run's result
        self.method = "contribution"
        self.figures: dict[Key, Figure] = {}
        self.base_games = 0  # the draft's own games so far (the first pass)
        self.games = 0
        self.sort = "deck"
        #: A contribution run's state after its last finished round (JSON; None: none
        #: yet), and what it was started with: what "Continue" goes on from (issue 36).
        self.kept: dict[str, Any] | None = None
        self.settings: dict[str, Any] = {}
        #: The figures are of a kept run that did not end (a reload, a killed kernel).
        self.interrupted = False
        #: A contribution run's players and seed: what its pairs are played again with
        #: ("show me a game like this"; {}: none).
        self.pair: dict[str, int] = {}

    # ---- state -------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """ "idle", "base" (the draft's own games), "paired" (the moved decks), "done",
        "cancelled" or "error"."""
        if self.error is not None:
            return "error"
        if self.running:
            if self.method == "contribution":
                return "round"
            return "base" if self.base_games < self.games else "paired"
        if self.deck is None:
            return "idle"
        if self.interrupted:
            return "interrupted"
        return "cancelled" if self.cancelled else "done"

    @property
    def can_continue(self) -> bool:
        """Is there a kept contribution run to go on from (interrupted or cancelled)?"""
        ended = self.interrupted or self.status == "cancelled"
        return not self.running and ended and self.kept is not None and bool(self.settings)

    def stale(self, draft: Deck) -> bool:
        """Are the figures of another deck than ``draft`` (the draft changed since)?"""
        return self.deck is not None and self.deck != draft

    def figure(self, key: Key) -> Figure | None:
        return self.figures.get(key)

    def arrange(self, keys: Sequence[Key]) -> list[Key]:
        """The list's keys in the chosen order (:data:`SORTS`)."""
        return sort_keys(keys, self.figures, self.sort)

    def label(self, key: Key, card_label: str, lang: str) -> str:
        """A card list entry: the card, then its figure (the card alone before any run)."""
        if self.deck is None:
            return card_label
        return f"{card_label} │ {figure_text(self.figures.get(key), lang, self.deck)}"

    # ---- running -----------------------------------------------------------------------

    def start(
        self,
        draft: Deck,
        *,
        games: int | None = None,
        players: int = 4,
        seed: int = 0,
        cards: Sequence[Key] | None = None,
        method: str = "contribution",
        reference: Deck | None = None,
        on_update: Callable[[ImpactColumn], None] | None = None,
        on_done: Callable[[ImpactColumn], None] | None = None,
        on_start: Callable[[ImpactColumn], None] | None = None,
    ) -> None:
        """Start the impact of ``draft``'s cards (``cards``: only these; default all);
        returns at once. ``method`` "contribution": ``games`` in all (default
        :data:`BUDGET`), the cards ``draft`` changed against ``reference`` (default: the
        shipped deck) first; "sensitivity": ``games`` per deck (default 48). The figures of
        the last run are dropped."""
        self._check_idle()
        if method not in METHODS:
            raise VerliesError(f"unknown measure {method!r} (one of {', '.join(METHODS)})")
        if cards is not None and not cards:
            raise VerliesError("no cards to look at: the card list is empty")
        if games is None:
            games = BUDGET if method == "contribution" else 48
        chosen = None if cards is None else [f"{k}:{c}" for k, c in cards]
        self.settings = {}  # what a kept run goes on with: a contribution run's alone
        if method == "contribution":
            if reference is None:  # the shipped deck: a run that can be kept and continued
                self.settings = {"players": players, "seed": seed, "budget": games}
                self.settings["cards"] = chosen
            self._start_contribution(
                draft, games, players, seed, chosen, reference, on_update, on_done, on_start
            )
            return
        cancel = self._begin(games)
        with self._lock:
            self.deck, self.result, self.ranking, self.figures = draft, None, None, {}
            self.pair = {}
            self.base_games, self.games, self.method = 0, games, method
        executor = self.executor()

        def update(result: ImpactResult) -> None:
            figs = figures(result)  # computed here, in the run's thread, then swapped in
            with self._lock:
                self.result, self.figures = result, figs
                self.base_games = result.base_games
            if on_update is not None:
                on_update(self)

        def work() -> bool:
            res = impact(
                draft,
                games,
                players=players,
                seed=seed,
                characters="all" if len(draft.characters) >= players else None,
                cards=chosen,
                workers=1 if executor is None else None,
                executor=executor,
                progress=self._progress,
                cancel=cancel,
                on_update=update,
            )
            figs = figures(res)
            with self._lock:
                self.result, self.figures = res, figs
                self.base_games = res.base_games
            return bool(res.info.cancelled)

        self._launch(work, on_done, on_start)

    def _start_contribution(
        self,
        draft: Deck,
        budget: int,
        players: int,
        seed: int,
        chosen: list[str] | None,
        reference: Deck | None,
        on_update: Callable[[ImpactColumn], None] | None,
        on_done: Callable[[ImpactColumn], None] | None,
        on_start: Callable[[ImpactColumn], None] | None,
        resume: dict[str, Any] | None = None,
    ) -> None:
        cancel = self._begin(budget)
        with self._lock:
            if resume is None:  # a new run: the last one's figures go
                self.result, self.ranking, self.figures, self.kept = None, None, {}, None
            self.deck, self.interrupted = draft, False
            self.base_games, self.games, self.method = 0, budget, "contribution"
            self.pair = {"players": players, "seed": seed}
        executor = self.executor()

        def round_end(state: dict[str, Any]) -> None:
            with self._lock:
                self.kept = state

        def update(result: ContributionResult) -> None:
            figs = contribution_figures(result)  # in the run's thread, then swapped in
            with self._lock:
                self.ranking, self.figures = result, figs
                self.base_games = result.base_games
            if on_update is not None:
                on_update(self)

        def work() -> bool:
            res = contribution(
                draft,
                players=players,
                seed=seed,
                characters="all" if len(draft.characters) >= players else None,
                cards=chosen,
                reference=True if reference is None else reference,
                budget=budget,
                workers=1 if executor is None else None,
                executor=executor,
                # the first screen is played whole even past a tiny budget: the bar's end
                # grows to it rather than showing "64 of 2"
                progress=lambda done, total: self._progress(done, max(done, total)),
                cancel=cancel,
                on_update=update,
                on_round=round_end if self.settings else None,
                resume=resume,
            )
            figs = contribution_figures(res)
            with self._lock:
                self.ranking, self.figures = res, figs
                self.base_games = res.base_games
            return bool(res.info.cancelled)

        self._launch(work, on_done, on_start)

    def resume(
        self,
        on_update: Callable[[ImpactColumn], None] | None = None,
        on_done: Callable[[ImpactColumn], None] | None = None,
        on_start: Callable[[ImpactColumn], None] | None = None,
    ) -> None:
        """Go on with the kept contribution run (:attr:`can_continue`) from its last
        finished round, on the same seeds: it ends as the run never interrupted would
        have. A kept state that does not fit the deck or settings is refused when the
        run starts (the failure is said; the figures shown stay)."""
        if not self.can_continue or self.deck is None or self.kept is None:
            raise VerliesError("no interrupted ranking to continue")
        st = self.settings
        self._start_contribution(
            self.deck, int(st["budget"]), int(st["players"]), int(st["seed"]), st["cards"],
            None, on_update, on_done, on_start, resume=self.kept,
        )  # fmt: skip

    # ---- words -------------------------------------------------------------------------

    def progress_text(self, lang: str) -> str:
        """What the run is doing, in words (the progress line)."""
        phase = self.phase
        if phase == "error":
            return WORDS("error", lang, msg=self.error_text(lang))
        if phase == "idle":
            return WORDS("idle", lang)
        done, total = self.done, max(self.total, 1)
        res = self.ranking
        if phase == "interrupted":
            kept = self.kept or {}
            return WORDS(
                "phase.interrupted", lang, done=done, total=total,
                at=kept.get("games", 0), round=kept.get("round", 0),
            )  # fmt: skip
        if phase == "round" and res is None:  # started, no game in yet: the screen
            return WORDS("phase.round", lang, round=1, done=done, total=total)
        if self.method == "contribution" and res is not None:
            ranked = sum(f.clear for f in self.figures.values())
            if phase == "round":
                eta = res.eta()
                left = WORDS("eta", lang, s=round(eta)) if not math.isnan(eta) else ""
                words = WORDS("phase.round", lang, round=res.round + 1, done=done, total=total)
                return f"{words} {left}".strip()
            if phase == "done":  # the early exit's bound said apart, after the count
                one = "_one" if ranked == 1 else ""
                words = WORDS("phase.ranked" + one, lang, done=done, ranked=ranked)
                return f"{words} {res.below_text(lang)}".strip()
        return WORDS(f"phase.{phase}", lang, done=done, total=total, games=self.games)

    def star_text(self, lang: str) -> str:
        """What a ★ means, in words (a contribution run's figures only; else "")."""
        res = self.ranking
        if self.method != "contribution" or res is None:
            return ""
        return WORDS(
            "star", lang, alpha=measured(res.alpha * 100, 0, lang, sign=False), family=res.family
        )

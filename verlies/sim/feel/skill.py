"""Luck against skill: the skill trace (docs/metrics.md "Game feel")."""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from verlies.sim.records import (
    DeckArg,
    SimulationError,
    bot_seed,
    game_seed,
    load_deck,
    make_bots,
    play_record,
)
from verlies.sim.stats import Estimate, mean_interval, variance_floor, wilson

# ---- luck against skill: the skill trace ----------------------------------------------------

#: How much more often than careful, in win chance, the strongest search bot may win on a
#: deck that still reads as decided by luck: the skill trace's "no meaningful gain" (δ).
SKILL_DELTA = 0.10
#: The normal quantile of the gains' 95 % intervals.
Z95 = 1.959963984540054
#: The trace's readings (:meth:`SkillTrace.reading`).
READINGS = ("skill", "luck", "less", "open")


@dataclass
class SkillTrace:
    """Per budget (the search bot's worlds per decision): its seat's wins against the same
    seat played by careful on the same seeds and characters (paired), with 95 % intervals;
    ``levels_off``: the smallest budget whose gain is not clearly below the largest
    budget's (its interval reaches the top budget's estimate); ``skill``: the top budget's
    gain, the summary figure (0: luck decides as much for it as for careful)."""

    players: int
    games: int
    budgets: tuple[int, ...]
    base: list[int] = field(default_factory=list)  # careful's win (1/0) per game
    wins: dict[int, list[int]] = field(default_factory=dict)  # budget -> win per game
    label: str = ""
    rollouts: dict[int, int] = field(default_factory=dict)

    def gain(self, budget: int) -> dict[str, float]:
        d = [w - b for w, b in zip(self.wins[budget], self.base, strict=True)]
        n = len(d)
        est = mean_interval(n, sum(d), sum(x * x for x in d))
        if n >= 2:  # the lab's variance floor: no pairs that moved yet is not certainty
            var = max((sum(x * x for x in d) - sum(d) ** 2 / n) / (n - 1), variance_floor(n))
            h = Z95 * math.sqrt(var / n)
            est = Estimate(est.value, est.value - h, est.value + h)
        k = sum(self.wins[budget])
        lo, hi = wilson(k, n)
        return {
            "games": n,
            "win_rate": k / n if n else math.nan,
            "ci_low": lo,
            "ci_high": hi,
            "careful_rate": sum(self.base) / n if n else math.nan,
            "gain": est.value,
            "gain_low": est.low,
            "gain_high": est.high,
            "rollouts_per_game": self.rollouts.get(budget, 0) / n if n else math.nan,
        }

    @property
    def skill(self) -> dict[str, float]:
        return self.gain(self.budgets[-1])

    @property
    def levels_off(self) -> int:
        top = self.gain(self.budgets[-1])["gain"]
        for b in self.budgets:
            if self.gain(b)["gain_high"] >= top:
                return b
        return self.budgets[-1]

    def reading(self, delta: float = SKILL_DELTA) -> str:
        """What the summary figure (the top budget's gain, its 95 % interval: one claim, one
        look) says: ``"skill"`` (the interval lies above 0: a stronger player wins more
        often than careful in the same seat), ``"luck"`` (it lies inside (−δ, +δ): no gain
        of δ or more, the deck is decided by luck as far as a stronger player can tell),
        ``"less"`` (below 0) or ``"open"`` (neither yet: more games)."""
        g = self.skill
        if not g["games"] or math.isnan(g["gain_low"]):
            return "open"
        if g["gain_low"] > 0:
            return "skill"
        if g["gain_high"] < 0:
            return "less"
        if -delta < g["gain_low"] and g["gain_high"] < delta:
            return "luck"
        return "open"

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "players": self.players,
            "games": self.games,
            "budgets": {str(b): self.gain(b) for b in self.budgets},
            "skill": self.skill,
            "levels_off": self.levels_off,
            "reading": self.reading(),
            "delta": SKILL_DELTA,
        }

    def text(self, lang: str = "en") -> str:
        """The trace in ``lang``: a head line, one line per budget, the summary figure and
        its reading in a sentence."""
        from verlies.i18n import text as t
        from verlies.i18n.numbers import percent, signed

        def pts(x: float) -> str:
            return t("feel.ab.pts", lang, x=signed(100 * x, lang))

        lines = [t("feel.skill.head", lang, label=self.label, games=self.games, p=self.players)]
        for b in self.budgets:
            g = self.gain(b)
            lines.append(
                "  "
                + t(
                    "feel.skill.row",
                    lang,
                    budget=b,
                    rate=percent(g["win_rate"], lang),
                    low=percent(g["ci_low"], lang),
                    high=percent(g["ci_high"], lang),
                    base=percent(g["careful_rate"], lang),
                    gain=pts(g["gain"]),
                    glow=pts(g["gain_low"]),
                    ghigh=pts(g["gain_high"]),
                )
            )
        top = self.skill
        words: dict[str, object] = {"gain": pts(top["gain"]), "low": pts(top["gain_low"])}
        words |= {"high": pts(top["gain_high"]), "budget": self.budgets[-1]}
        lines.append(t("feel.skill.sum", lang, **words | {"budget": self.levels_off}))
        reading = self.reading()
        delta = t("feel.ab.pts", lang, x="±" + signed(100 * SKILL_DELTA, lang, sign=False))
        lines.append(t(f"feel.skill.read.{reading}", lang, delta=delta, **words))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text("en")


def luck_only(deck: DeckArg = None) -> Any:
    """``deck`` (default: the default deck) with every character's three values at 10 and
    every monster's fight values at most 5: every test is then passed by any roll while
    obstacles and traps ask at most 11 (10 + 1, R4.2, R6.2; the default deck asks at most
    10) and 10 + 1 >= 5 + 6 (R7.2); tests/sim/test_feel.py checks every roll of 40 games.
    The dice no longer decide; the order of the cards and the players' choices (where to
    lay, where to walk, R1.4's shuffle-back) still do: the search bot at 8 worlds still
    gains +12 points over careful here (200 games, docs/metrics.md), so the trace does
    not read flat."""
    import re

    from verlies.deck import Deck

    the_deck = load_deck(deck)
    text = re.sub(r"^(staerke|geist|geschick) = \d+", r"\1 = 10", the_deck.dumps(), flags=re.M)

    def weaker(m: re.Match[str]) -> str:  # a monster's values at most 5
        return re.sub(
            r"(Stärke|Geist|Geschick) (\d+)", lambda v: f"{v[1]} {min(5, int(v[2]))}", m[0]
        )

    text = re.sub(r"Kampf:[^.]*\.", weaker, text)
    return Deck.loads(text).with_name(str(getattr(the_deck, "name", "deck")) + " (luck only)")


def _trace_chunk(
    deck_text: str | None, players: int, seed: int, budgets: tuple[int, ...], lo: int, hi: int
) -> list[tuple[int, int, dict[int, tuple[int, int]]]]:
    """Games ``lo..hi`` of a skill trace (top level: picklable for worker processes)."""
    from verlies.deck import Deck
    from verlies.setup import Setup
    from verlies.sim.search import SearchBot

    deck = Deck.default() if deck_text is None else Deck.loads(deck_text)
    chars = list(deck.characters)
    out = []
    for i in range(lo, hi):
        gseed = game_seed(seed, i)
        seat = i % players
        characters = [chars[(i + s) % len(chars)] for s in range(players)]
        setup = Setup(players=players, characters=characters, seed=gseed, deck=deck)

        base, _ = make_bots("careful", players)
        won = _play_one(setup, base, i, seat)
        by_budget = {}
        for b in budgets:
            bots, _ = make_bots("careful", players)
            strong = SearchBot(simulations=b)
            bots[seat] = strong
            by_budget[b] = (_play_one(setup, bots, i, seat), strong.rollouts)
        out.append((i, won, by_budget))
    return out


def _play_one(setup: Any, bots: list[Any], index: int, seat: int) -> int:
    """Play one game of ``setup`` with ``bots`` (reseeded as the lab does): 1 if ``seat``
    won."""
    from verlies.game import Game

    game = Game.from_setup(setup, log=False)
    for s, bot in enumerate(bots):
        re = getattr(bot, "reseed", None)
        if callable(re):
            re(bot_seed(setup.seed, s))
    rec = play_record(game, bots, index, feel=False)
    return int(seat in rec.winners)


def skill_trace(
    games: int,
    budgets: Sequence[int] = (1, 2, 4, 8),
    players: int = 4,
    deck: DeckArg = None,
    seed: int = 0,
    executor: Executor | None = None,
    chunk: int = 4,
) -> SkillTrace:
    """Play ``games`` games per budget: game i puts the search bot (``simulations`` = the
    budget) in seat ``i mod players`` among careful bots, and the same game (seed,
    characters rotated by i) with careful in that seat too. Games run in this process, or
    in chunks of ``chunk`` on ``executor``; the results never depend on which."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimulationError(f"the number of games must be a whole number >= 1, not {games!r}")
    bs = tuple(budgets)
    if not bs or any(isinstance(b, bool) or not isinstance(b, int) or b < 1 for b in bs):
        raise SimulationError(f"budgets are whole numbers >= 1, not {budgets!r}")
    if list(bs) != sorted(set(bs)):
        raise SimulationError(f"budgets must rise: {budgets!r}")
    the_deck = load_deck(deck)
    from verlies.setup import default_deck

    text = None if the_deck is default_deck() else the_deck.dumps()
    parts = [(lo, min(games, lo + chunk)) for lo in range(0, games, chunk)]
    if executor is None:
        results = [_trace_chunk(text, players, seed, bs, lo, hi) for lo, hi in parts]
    else:
        futures = [
            executor.submit(_trace_chunk, text, players, seed, bs, lo, hi) for lo, hi in parts
        ]
        results = [f.result() for f in futures]
    trace = SkillTrace(players, games, bs, label=str(getattr(the_deck, "name", "deck")))
    trace.wins = {b: [] for b in bs}
    trace.rollouts = dict.fromkeys(bs, 0)
    for part in results:
        for _i, won, by_budget in part:
            trace.base.append(won)
            for b, (w, rollouts) in by_budget.items():
                trace.wins[b].append(w)
                trace.rollouts[b] += rollouts
    return trace

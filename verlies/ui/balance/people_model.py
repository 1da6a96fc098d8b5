"""People beside bots on the Balance tab (issue 40 item 4): the playtest records of the
draft's setup (games played on the page, :mod:`verlies.store`) set beside the bots.

Two questions, each with its error stated:

* **How often did people choose what a bot would have?** Every decision a human seat took
  is put to each bot from the same view (:func:`verlies.store.analysis.human_vs_bot`):
  the share of decisions where the bot would have taken the same action, with a 95 %
  interval that treats a game as one sample (decisions of one game are not independent:
  the cluster-robust interval of a ratio over games, never narrower than Wilson's).
* **Where does the game feel different with people?** The people's games are replayed
  from their records with the game-feel trace (:func:`human_record`; a game whose replay
  does not give back its stored line is left out and counted), and the same setups are
  played by a bot (``BOT_GAMES`` games each, in every seat). Per figure: the people's
  mean, the bots', the difference with an interval; the intervals hold together at 95 %
  (Bonferroni over the figures some game defines), so "differs" (the interval excludes 0)
  is wrong for any figure with probability at most 5 % in all.

Widget-free: :mod:`verlies.ui.balance.people_view` draws it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from verlies.i18n.numbers import measured
from verlies.sim import stats
from verlies.sim.feel import FIGURES, SHARES, FeelTally
from verlies.sim.feel.tally import moments

__all__ = [
    "BOTS",
    "BOT_GAMES",
    "MAX_GAMES",
    "Agreement",
    "FeelGap",
    "PeopleReport",
    "human_record",
    "people_beside_bots",
    "records_of_setup",
]

#: The bots people's decisions are put beside.
BOTS: tuple[str, ...] = ("careful", "greedy", "reckless")
#: Bot games per stored setup for the game-feel figures (a bound in games).
BOT_GAMES = 10
#: The most recent people's games of a setup that are read (a bound in games).
MAX_GAMES = 40
#: The error of the game-feel differences, all figures together.
ALPHA = 0.05


@dataclass(frozen=True)
class Agreement:
    """How often ``bot`` would have chosen what people chose: decisions, the same action,
    the share and its 95 % interval over ``games`` games."""

    bot: str
    games: int
    decisions: int
    same: int
    share: float
    low: float
    high: float


@dataclass(frozen=True)
class FeelGap:
    """One game-feel figure, people against the bot's games of the same setups: each
    side's games and mean, the difference people − bots and its interval (at ``level``,
    simultaneous over the figures), and whether it excludes 0."""

    key: str
    people_games: int
    people: float
    bot_games: int
    bots: float
    diff: float
    low: float
    high: float
    differs: bool


@dataclass
class PeopleReport:
    """The people's games of a setup beside the bots."""

    games: int  # people's finished games of the setup read
    replayed: int  # of them, replayed with the trace (the figures rest on these)
    players: int
    bot: str  # the bot whose games the figures are set beside
    agreement: list[Agreement] = field(default_factory=list)
    feel: list[FeelGap] = field(default_factory=list)
    level: float = ALPHA  # each figure's interval: 1 − level / figures
    bot_games: int = 0  # the bot's games of the same setups the figures rest on

    @property
    def left_out(self) -> int:
        return self.games - self.replayed


def records_of_setup(records: Sequence[Any], deck: Any, players: int) -> list[Any]:
    """The finished playtest records with a human seat played on ``deck`` (the same cards)
    with ``players`` players, the most recent ``MAX_GAMES`` (newest first)."""
    want = deck.dumps()
    out = []
    for rec in sorted(records, key=lambda r: -r.updated):
        if not rec.finished or not rec.humans:
            continue
        try:
            setup = rec.game().setup
        except Exception:  # a record the engine cannot load: not this setup's
            continue
        if setup.players == players and setup.deck.dumps() == want:
            out.append(rec)
        if len(out) == MAX_GAMES:
            break
    return out


def human_record(rec: Any, index: int) -> Any:
    """The stored game replayed through the lab's recorder with the game-feel trace (a
    :class:`~verlies.sim.records.GameRecord`), or None when the replay does not give back
    the stored line (an outcome chosen by hand, an edit): left out, never guessed."""
    from verlies.errors import VerliesError
    from verlies.game import Game
    from verlies.sim.records import play_record

    stored = rec.game()
    line = list(stored.steps[: stored.step_count])
    fresh = Game.from_setup(stored.setup, log=False)

    def replay(_view: Any) -> Any:
        return line[fresh.step_count]

    seats: list[Any] = [replay] * stored.players
    try:
        out = play_record(fresh, seats, index)
    except (VerliesError, IndexError):
        return None
    return out if list(fresh.steps[: fresh.step_count]) == line else None


def people_beside_bots(
    records: Sequence[Any], bots: Sequence[str] = BOTS, bot_games: int = BOT_GAMES
) -> PeopleReport:
    """``records`` (one setup's, :func:`records_of_setup`) beside ``bots``: how often each
    would have chosen as people did, and the game-feel figures of people's games against
    the first bot's games of the same setups."""
    from verlies.store.analysis import human_vs_bot

    players = records[0].game().players if records else 0
    agreement = []
    for bot in bots:
        per_game = []
        for rec in records:
            tallies = human_vs_bot([rec], bot=bot)
            n = sum(t.decisions for t in tallies)
            if n:
                per_game.append((sum(t.same_action for t in tallies), n))
        agreement.append(_agreement(bot, per_game))
    people, bot_tally = FeelTally(), FeelTally()
    replayed = 0
    for i, rec in enumerate(records):
        got = human_record(rec, i)
        if got is not None:
            people.add(got)
            replayed += 1
            _bot_games(rec, bots[0], bot_games, i, bot_tally)
    report = PeopleReport(len(records), replayed, players, bots[0] if bots else "", agreement)
    report.feel = _gaps(people, bot_tally)
    report.bot_games = bot_tally.count
    return report


def _agreement(bot: str, per_game: Sequence[tuple[int, int]]) -> Agreement:
    """The pooled share over games and its interval: the wider of the cluster-robust one
    (games as samples, from two games on) and Wilson's over the decisions."""
    k = sum(s for s, _ in per_game)
    n = sum(d for _, d in per_game)
    g = len(per_game)
    if n == 0:
        return Agreement(bot, 0, 0, 0, math.nan, math.nan, math.nan)
    p = k / n
    lo, hi = stats.wilson(k, n)  # never narrower than the decisions' own interval
    if g >= 2:
        var = g / (g - 1) * sum((s - p * d) ** 2 for s, d in per_game) / (n * n)
        h = stats.Z95 * math.sqrt(var)
        lo, hi = min(lo, max(0.0, p - h)), max(hi, min(1.0, p + h))
    return Agreement(bot, g, n, k, p, lo, hi)


def _bot_games(rec: Any, bot: str, games: int, i: int, into: FeelTally) -> None:
    """``games`` games of ``rec``'s setup, ``bot`` in every seat (seeds of their own)."""
    from verlies.sim.records import make_bots, play_game

    setup = rec.game().setup
    for k in range(games):
        seats, _ = make_bots([bot] * setup.players, setup.players)
        _game, record = play_game(
            seats,
            seed=1_000_003 * (i + 1) + k,
            deck=setup.deck,
            variants=setup.variants,
            round_limit=setup.round_limit,
            characters=list(setup.characters),
            start_seat=setup.start_seat,
            index=i * games + k,
            log=False,
        )
        into.add(record)


def _gaps(people: FeelTally, bots: FeelTally) -> list[FeelGap]:
    """Per figure both sides defines: the difference and its simultaneous interval (a
    share: Newcombe's; a mean: the normal interval of two independent means)."""
    keys = [k for k in FIGURES if people.sums[k][0] and bots.sums[k][0]]
    if not keys:
        return []
    z = stats.z_quantile(1 - ALPHA / (2 * len(keys)))
    out = []
    for key in keys:
        n1, m1, v1 = moments(people, key)
        n2, m2, v2 = moments(bots, key)
        if key in ("comeback", "kingmaking"):
            lo, hi = stats.newcombe(round(m2 * n2), n2, round(m1 * n1), n1, z)
        elif n1 > 1 and n2 > 1:
            h = z * math.sqrt(v1 / n1 + v2 / n2)
            lo, hi = m1 - m2 - h, m1 - m2 + h
        else:
            lo = hi = math.nan
        differs = not (math.isnan(lo) or math.isnan(hi)) and (lo > 0 or hi < 0)
        out.append(FeelGap(key, n1, m1, n2, m2, m1 - m2, lo, hi, differs))
    return out


def share_of(key: str) -> bool:
    """A figure shown in per cent (its difference in points)."""
    return key in SHARES


def lines(report: PeopleReport | None, lang: str = "en") -> tuple[str, list[str], list[str]]:
    """The section's words: its head, a line per bot (how often it would have chosen as
    people did) and the game-feel lines (the head, then a line per figure)."""
    from verlies.i18n import text as t
    from verlies.sim.feel.report import feel_number

    if report is None or not report.games:
        return "", [], []
    head = t("feel3.people.head", lang, games=report.games, players=report.players)
    if report.left_out:
        head += " " + t("feel3.people.left_out", lang, n=report.left_out)

    def pct(x: float) -> str:
        return feel_number(x, True, lang)

    agree = [
        t(
            "feel3.people.agree",
            lang,
            bot=t(f"page.botname.{a.bot}", lang),
            share=pct(a.share),
            low=pct(a.low),
            high=pct(a.high),
            decisions=a.decisions,
            games=a.games,
        )
        for a in report.agreement
        if a.decisions
    ]
    if not report.feel:
        return head, agree, []
    feel = [
        t(
            "feel3.people.feel_head",
            lang,
            bot=t(f"page.botname.{report.bot}", lang),
            people=report.replayed,
            bots=report.bot_games,
        )
    ]
    feel += [_gap_line(g, lang) for g in report.feel]
    return head, agree, feel


def _gap_line(g: FeelGap, lang: str) -> str:
    """One figure's line: people, bots, the difference and its interval, its state."""
    from verlies.i18n import text as t
    from verlies.sim.feel.report import feel_number

    share = share_of(g.key)

    def diff(x: float) -> str:
        if math.isnan(x):
            return "–"
        s = measured(x * 100, 1, lang) if share else measured(x, 2, lang)
        return t("feel.ab.pts", lang, x=s) if share else s

    return t(
        "feel3.people.gap",
        lang,
        name=t(f"feel.name.{g.key}", lang),
        people=feel_number(g.people, share, lang),
        bots=feel_number(g.bots, share, lang),
        diff=diff(g.diff),
        low=diff(g.low),
        high=diff(g.high),
        state=t("feel3.people.differs" if g.differs else "feel3.people.same", lang),
    )

"""Which card matters: every card's *contribution*, ranked with a stated error (issue 36).

A card's contribution is the draft against the draft with that card made **typical of its
kind** (../shared STATS §7): its numbers set to its pile's median (obstacle, gold, fight,
trap; the other cards of the pile that have the same number, the card itself left out), a
character's three values at the other characters' medians within R2 (1–6, summing to
10), and a card without a number (a plain corridor, an empty room) with one copy removed;
a card put in far too many times (its count 4 spreads or more above the pile's median
count: ten rats, twelve empty rooms) has its count at that median too.
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
has a ★; the ★ cards are listed by that quantity's effect in δ (the "N× a meaningful
change" each row says), the largest first; the others go to "no measurable effect at N
pairs", below the ranked ones.

Games are spent where they decide the ranking (top-k identification by elimination):

1. a screen: every card at ``screen`` pairs (the cards the draft changed against
   ``reference`` are marked and never dropped);
2. rounds that double the pairs of the cards still *active*: a card leaves when its
   score's upper end is below the k-th largest lower end (it cannot reach the top k) or
   its lower end is above every other's upper end but k − 1 (surely in); of the others the
   changed cards and the strongest by evidence (the largest |mean| / standard error over
   its quantities) go on, ``keep`` of them per round, at least 2k;
3. until the game budget is spent, no card is active, or ``max_pairs`` is reached; or,
   early, "no meaningful effect": every card still in the running has all its intervals
   at α / K within ±δ and no ★ is of a meaningful size (:attr:`ContributionResult.below`,
   said apart from the ranked list: a bound, weaker than a ★; taken only where the run
   would have gone on).

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

from collections.abc import Callable, Sequence
from typing import Any

from verlies.errors import VerliesError
from verlies.sim.compare import MIN_PAIRS
from verlies.sim.impact_rank.kept import restore, state_of
from verlies.sim.impact_rank.result import QUANTITIES, ContributionResult
from verlies.sim.impact_rank.rounds import Rounds
from verlies.sim.impact_rank.typical import (
    PILES,
    TESTED,
    Contribution,
    aa_twin,
    changed_cards,
    make_typical,
    typical_of_kind,
)
from verlies.sim.lab import Progress
from verlies.sim.records import BotsArg, DeckArg, SimulationError, VariantsArg, load_deck
from verlies.sim.run import CancelToken, CharactersArg, RunInfo, RunSpec, check_workers

#: The defaults of the page's button and of ``verlies impact`` alike: games in all, pairs
#: every card (or screen group) gets first, the screen's group size.
BUDGET, SCREEN, GROUP = 12_000, 32, 8

__all__ = [
    "BUDGET",
    "GROUP",
    "SCREEN",
    "TESTED",
    "aa_twin",
    "QUANTITIES",
    "Contribution",
    "ContributionResult",
    "contribution",
    "paired_games",
    "typical_of_kind",
]


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


def _reference(base: Any, reference: DeckArg | bool) -> tuple[Any, set[str]]:
    """The reference deck and the cards ``base`` changed against it (True: the shipped
    deck; None/False: no deck, no card)."""
    if reference is True:
        from verlies.deck import Deck

        ref = Deck.default()
    elif reference in (None, False):
        return None, set()
    else:
        ref = load_deck(reference)
    return ref, changed_cards(base, ref)


def _fingerprint(deck: Any, settings: tuple[Any, ...]) -> str:
    """What a kept run's state must be of: the deck file and every setting that decides
    the games or the plan (a hash; the workers and the time budget do not count)."""
    import hashlib

    text = deck.dumps() + "\n" + repr(settings)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _keep(
    rounds: Rounds,
    fingerprint: str,
    resume: Any,
    on_round: Callable[[dict[str, Any]], None] | None,
) -> None:
    """A kept state put back (``resume``), and each round's state handed on."""
    rounds.fingerprint = fingerprint
    if resume is not None:
        restore(rounds, resume)
    if on_round is not None:
        rounds.on_round = lambda r: on_round(state_of(r))


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
    screen: int = SCREEN,
    budget: int = BUDGET,
    max_pairs: int = 2048,
    k: int = 3,
    keep: float = 0.34,
    alpha: float = 0.05,
    max_seconds: float | None = None,
    group: int = GROUP,
    aa: bool = False,
    correct: bool = True,
    workers: int | None = None,
    executor: Any = None,
    progress: Progress = False,
    cancel: CancelToken | None = None,
    on_update: Callable[[ContributionResult], None] | None = None,
    on_round: Callable[[dict[str, Any]], None] | None = None,
    resume: Any = None,
) -> ContributionResult:
    """Rank ``deck``'s cards by their contribution (see the module's doc).

    ``cards``: ``KIND:ID`` to look at (default every card and character). ``reference``:
    the deck the draft's changes are measured against (True: the shipped default deck;
    False/None: no card counts as changed). ``screen``: pairs every card gets first;
    ``budget``: games in all (the base deck's included); ``max_pairs``: the most pairs of
    one card; ``k``: the top group the rounds try to settle; ``keep``: the share of the
    undecided cards that go on after a round (at least 2k). ``max_seconds``: stop after the
    round that passes it (then the games played depend on the machine's speed).
    ``group``: with more than 2 × ``group`` cards, the unchanged cards near typical are
    screened ``group`` at a time (:mod:`verlies.sim.impact_rank.rounds`; 0: every card
    alone).

    For checks only: ``aa`` compares every card against an equal deck dealt differently
    (:func:`aa_twin`; no true effect anywhere), ``correct=False`` drops the correction for
    the many intervals (each at α alone).

    ``on_round`` gets the run's state after every finished round (JSON:
    :func:`verlies.sim.impact_rank.kept.state_of`); ``resume``, such a state of the same
    deck and settings, goes on from it: the finished result is the one of a run never
    interrupted, bit for bit."""
    base = load_deck(deck)
    _check_settings(screen, budget, max_pairs, k, alpha, keep)
    _check_int("group", group, 0)
    check_workers(workers)
    wanted = _select(base, cards)
    ref, changed = _reference(base, reference)
    ref_name = "" if ref is None else ref.name

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
        moved, entry = typical_of_kind(base, kind, card, ref if cid in changed else None)
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

    def group_spec(members: tuple[int, ...]) -> RunSpec:
        if aa:  # the A/A check: a group's deck is a twin too
            return make(aa_twin(base, len(entries) + members[0]), "group twin")
        moved = base
        for i in members:
            moved = make_typical(moved, base, entries[i])
        return make(moved, "group typical: " + ", ".join(entries[i].id for i in members))

    rounds = Rounds(result, specs, spec_of, screen, max_pairs, keep, max_seconds, on_update)
    rounds.group, rounds.group_spec = group, group_spec
    settings: tuple[Any, ...] = (players, bots, seed, variants, round_limit, characters)
    settings += (wanted, ref_name)
    settings += (sorted(changed), screen, budget, max_pairs, k, keep, alpha, group, aa, correct)
    _keep(rounds, _fingerprint(base, settings), resume, on_round)
    rounds.play(executor, workers, progress, cancel)
    return result


def paired_games(
    deck: DeckArg,
    card: str,
    index: int,
    *,
    players: int = 4,
    bots: BotsArg = None,
    seed: int = 0,
    variants: VariantsArg = None,
    round_limit: int | None = 300,
    characters: CharactersArg = "all",
    reference: DeckArg | bool = True,
) -> tuple[Any, Any, tuple[str, ...]]:
    """ "Show me a game like this": game ``index`` of a :func:`contribution` run of the same
    settings played again, finished, with the draft and with ``card`` (``KIND:ID``) made
    typical of its kind: the two games of one pair (the same seed, characters and bots'
    seeds; the card is all that differs), and the seats' bots (for a link). ``reference``:
    as :func:`contribution`'s (a card changed beyond its numbers is compared with its
    card there)."""
    base = load_deck(deck)
    kind, _, cid = str(card).partition(":")
    _select(base, [card])
    ref, changed = _reference(base, reference)
    moved, entry = typical_of_kind(base, kind, cid, ref if card in changed else None)
    if moved is None:
        raise SimulationError(f"{card} is not compared ({entry.how}): no pair to show")
    _check_int("index", index, 0)
    from verlies.sim.run import lab_game

    games = []
    for d in (base, moved):
        spec = RunSpec.build(
            players=players, characters=characters, bots=bots, variants=variants, seed=seed,
            round_limit=round_limit, deck=d, label="pair",
        )  # fmt: skip
        games.append(lab_game(spec, index))
    return games[0], games[1], tuple(spec.bots)

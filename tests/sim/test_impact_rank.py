"""Which card matters (verlies.sim.impact_rank, issue 36): a card broken by being extreme
ranks in the top 3 at small budgets, on several kinds of broken decks; cards without a
clear effect are kept apart; the same settings give the same result on 1 and 2 workers;
an A/A run (no true effect anywhere) shows a ★ in at most α of its runs, and would not
without the correction; bad input is refused with a clear message."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from verlies.cli import main
from verlies.deck import Deck
from verlies.sim import stats
from verlies.sim.compare import Paired
from verlies.sim.impact_rank import (
    Contribution,
    ContributionResult,
    aa_twin,
    contribution,
    typical_of_kind,
)
from verlies.sim.records import SimulationError
from verlies.sim.sweep import Tweak

MONSTERS = ["monster-goblin", "monster-ratte", "monster-skelett", "monster-troll"]
TRAPS = ["raum-falle-01", "raum-falle-03", "raum-falle-06"]


def _top3(res: object, card: str) -> list[str]:
    ranked = [r["id"] for r in res.ranked()]  # type: ignore[attr-defined]
    assert card in ranked[:3], (card, ranked, res.text())  # type: ignore[attr-defined]
    return ranked


def test_a_monster_nobody_can_beat_ranks_first_without_being_told_it_changed() -> None:
    # R7.2: the goblin at Geschick 10 is all but unbeatable; its ±1 moves almost nothing,
    # its contribution (against the monsters' median, 5) moves injuries clearly.
    deck = Tweak("monster", "monster-goblin", "fight").apply(Deck.default(), 10)
    cards = [f"monster:{m}" for m in MONSTERS] + ["treasure:schatz-rubin", "room:raum-leer-01"]
    res = contribution(deck, cards=cards, reference=None, budget=2400, workers=1)
    ranked = _top3(res, "monster:monster-goblin")
    assert ranked[0] == "monster:monster-goblin"
    top = res.ranked()[0]
    assert top["clear"] and top["score"] > 0 and top["quantity"] == "injuries"
    assert top["diff"] > 0 and top["low"] > 0  # more injuries with the broken goblin
    assert not res.cards[0].changed  # found by the run, not by the reference
    assert res.below is None and res.stopped != "no meaningful effect"  # never "no effect"
    goblin = next(c for c in res.cards if c.card == "monster-goblin")
    assert goblin.moves == (("fight", 10, 5),)
    # Every card is in exactly one group, the ranked ones first.
    groups = [r["id"] for r in res.ranked() + res.unclear() + res.untested()]
    assert sorted(groups) == sorted(cards)
    assert res.text().index("★") < res.text().index("No measurable effect")


def test_a_trap_nobody_passes_ranks_in_the_top_three() -> None:
    # R6.2: the trap "Geschick 6, else injury and loss" made Geschick 12.
    deck = Tweak("room", "raum-falle-06", "trap").apply(Deck.default(), 12)
    cards = [f"room:{t}" for t in TRAPS] + ["monster:monster-troll", "treasure:schatz-rubin"]
    res = contribution(deck, cards=cards, budget=2400, workers=1)
    _top3(res, "room:raum-falle-06")
    trap = next(c for c in res.cards if c.card == "raum-falle-06")
    assert trap.changed and trap.how == "median"  # the draft changed it: it went first


def test_a_treasure_worth_far_too_much_ranks_first_by_gold() -> None:
    deck = Tweak("treasure", "schatz-muenzbeutel", "gold").apply(Deck.default(), 40)
    cards = ["treasure:schatz-muenzbeutel", "treasure:schatz-rubin", "monster:monster-troll"]
    res = contribution(deck, cards=cards, players=3, budget=600, workers=1, reference=None)
    top = res.ranked()[0]
    assert top["id"] == "treasure:schatz-muenzbeutel" and top["quantity"] == "gold"
    assert top["low"] > 1  # per seat, far more than a meaningful change (1 gold)
    assert res.sentence(top, "de").startswith("Münzbeutel: ")


def test_typical_of_kind_per_kind() -> None:
    d = Deck.default()
    _, goblin = typical_of_kind(d, "monster", "monster-goblin")
    assert goblin.how == "median" and goblin.moves == (("fight", 3, 5),)
    start = d.start.id
    assert typical_of_kind(d, "dungeon", start)[1].how == "frame"
    moved, empty = typical_of_kind(d, "room", "raum-leer-01")
    assert empty.how == "copy" and moved.counts("room")["raum-leer-01"] == 1
    moved, barbar = typical_of_kind(d, "character", "char-barbar")
    c = moved.characters["char-barbar"]
    assert barbar.how == "character"
    assert c.staerke + c.geist + c.geschick == 10  # R2: still a legal character
    assert all(1 <= v <= 6 for v in (c.staerke, c.geist, c.geschick))
    # A card at its pile's median is already typical: nothing to compare, no games.
    # (the spider's fight 5 is the median of the other monsters' fight values)
    none, spider = typical_of_kind(d, "monster", "monster-spinne")
    assert none is None and spider.how == "typical" and spider.moves == ()


def test_the_same_result_on_one_and_on_two_workers() -> None:
    cards = ["treasure:schatz-rubin", "monster:monster-goblin", "character:char-zwerg"]
    kw = {"cards": cards, "players": 2, "budget": 200, "screen": 30, "max_pairs": 60}
    one = contribution(workers=1, **kw).to_dict()  # type: ignore[arg-type]
    two = contribution(workers=2, **kw).to_dict()  # type: ignore[arg-type]
    del one["run"], two["run"]
    assert json.dumps(one, sort_keys=True, default=str) == json.dumps(
        two, sort_keys=True, default=str
    )


def test_aa_a_star_in_at_most_alpha_of_the_runs() -> None:
    # Every card against an equal deck dealt differently (aa_twin): no true effect
    # anywhere, through the real entry point, several seeds, small budgets.
    runs, alpha = 24, 0.05
    cards = ["monster:monster-goblin", "treasure:schatz-rubin", "room:raum-falle-01"]
    cards += ["dungeon:r-gang-straight-01", "character:char-zwerg", "monster:monster-troll"]
    starred = 0
    for seed in range(runs):
        res = contribution(
            cards=cards, players=2, seed=1000 + seed, budget=500, screen=30, max_pairs=60,
            aa=True, workers=1,
        )  # fmt: skip
        assert res.family == len(cards) * (4 + 8 + 1)  # the spread is in the family
        starred += bool(res.ranked())
    assert starred / runs <= alpha + 2 * math.sqrt(alpha * (1 - alpha) / runs)


def _null_run(rng: np.random.Generator, correct: bool, cards: int = 40) -> bool:
    """One synthetic run of the ranking's statistics: ``cards`` cards whose differences
    have mean 0 in every quantity, looked at after each doubling of the pairs (30 .. 480)
    as the rounds do; True if a ★ showed at any look."""
    chars = tuple(Deck.default().characters)
    entries = [Contribution("monster", f"m{i}", "median") for i in range(cards)]
    res = ContributionResult(Deck.default(), 4, entries, chars, correct=correct)
    sums = {(i, q): [0, 0, 0] for i in range(cards) for q in res.quantities}
    n0 = 0
    for n in (30, 60, 120, 240, 480):
        for (i, q), s in sums.items():
            d = rng.integers(-2, 3, size=n - n0)  # i.i.d., mean 0
            s[0] += n - n0
            s[1] += int(d.sum())
            s[2] += int((d * d).sum())
            entries[i].pairs[q] = Paired(n=s[0], sum_d=s[1], sum_dd=s[2])
        n0 = n
        if res.ranked():
            return True
    return False


def test_the_correction_is_what_holds_the_error() -> None:
    # The ranking's statistics alone (no games): 40 cards x 12 quantities, 5 looks, no true
    # effect. With the correction a ★ shows in at most α of the runs (within sampling
    # error); each interval at α alone (no correction) shows one far more often.
    rng = np.random.default_rng(36)
    runs, alpha = 60, 0.05
    bound = alpha + 2 * math.sqrt(alpha * (1 - alpha) / runs)
    assert sum(_null_run(rng, True) for _ in range(runs)) / runs <= bound
    assert sum(_null_run(rng, False) for _ in range(runs)) / runs > 2 * bound


def test_bad_input_is_refused_with_what_and_where() -> None:
    with pytest.raises(SimulationError, match="no card 'nope' in the monster pile"):
        contribution(cards=["monster:nope"], workers=1)
    with pytest.raises(SimulationError, match="KIND:ID"):
        contribution(cards=["goblin"], workers=1)
    with pytest.raises(SimulationError, match="screen must be a whole number >= 30"):
        contribution(screen=5, workers=1)
    with pytest.raises(SimulationError, match="alpha"):
        contribution(alpha=2.0, workers=1)
    with pytest.raises(SimulationError, match="group must be a whole number >= 0"):
        contribution(group=-1, workers=1)


def test_aa_twin_is_the_same_game_dealt_differently() -> None:
    d = Deck.default()
    twin = aa_twin(d, 0)
    assert twin.name == d.name and sorted(twin.characters) == sorted(d.characters)
    assert sum(twin.counts("dungeon").values()) == sum(d.counts("dungeon").values())
    assert aa_twin(d, 1).dumps() != twin.dumps()


def test_cli_ranks_by_contribution(capsys: pytest.CaptureFixture[str]) -> None:
    cards = "treasure:schatz-rubin,monster:monster-goblin"
    args = ["impact", "-p", "2", "--workers", "1", "--no-progress", "--json"]
    assert main([*args, "--cards", cards, "--budget", "120", "--screen", "30"]) == 0
    data = json.loads(capsys.readouterr().out)
    ids = [r["id"] for r in data["ranked"] + data["no_measurable_effect"]]
    assert sorted(ids) == sorted(cards.split(","))
    assert data["family"] == 2 * (4 + 8 + 1) and "Holm" in data["method"]


def _pairs(n: int, mean_num: int, spread: int = 2) -> Paired:
    """``n`` pairs whose differences are ``mean_num`` / n on average: ``n`` values of
    ±``spread`` around it (exact integer sums)."""
    sum_d = mean_num
    sum_dd = n * spread * spread + mean_num * mean_num // max(1, n)
    return Paired(n=n, sum_a=0, sum_b=sum_d, sum_d=sum_d, sum_dd=sum_dd)


def test_holm_stars_what_bonferroni_misses_and_intervals_agree_with_the_stars() -> None:
    # Ten cards x 13 quantities, no games: card 0 moves injuries by a mile (Holm's first
    # step), card 1 moves rounds by just enough to clear Holm's second step α / (K − 1)
    # but not Bonferroni's α / K. Holm stars it; each interval is shown at its own step.
    chars = tuple(Deck.default().characters)
    entries = [Contribution("monster", f"m{i}", "median") for i in range(10)]
    res = ContributionResult(Deck.default(), 4, entries, chars)
    big_k = res.family
    assert big_k == 10 * 13
    n = 400
    for c in entries:
        for q in res.paired_quantities:
            c.pairs[q] = _pairs(n, 0)
    entries[0].pairs["injuries"] = _pairs(n, 4 * n)
    step1, step2 = res.alpha / big_k, res.alpha / (big_k - 1)

    # mean 1 round; find the spread of the differences (Σd², exact integers) at which the
    # interval at step 2 excludes 0 and the one at step 1 does not (bisection)
    def clear_at(sum_dd: int, level: float) -> bool:
        entries[1].pairs["rounds"] = Paired(n=n, sum_b=n, sum_d=n, sum_dd=sum_dd)
        return res._interval(entries[1], "rounds", level)[0] > 0

    lo, hi = n + 1, 10_000 * n  # clear at both steps / at neither
    assert clear_at(lo, step1) and not clear_at(hi, step2)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if clear_at(mid, step2) else (lo, mid)
    found = lo
    assert clear_at(found, step2) and not clear_at(found, step1), "no room between the steps"
    entries[1].pairs["rounds"] = Paired(n=n, sum_b=n, sum_d=n, sum_dd=found)
    res._holm_cache = None
    e = res.effect(entries[1], "rounds")
    assert e["level"] == pytest.approx(step2) and e["low"] > 0
    assert res._interval(entries[1], "rounds", step1)[0] <= 0  # Bonferroni: no ★
    ranked = [r["id"] for r in res.ranked()]
    assert ranked == ["monster:m0", "monster:m1"]
    # every other interval at the level where Holm stopped, α / (K − 2), and holds 0
    other = res.effect(entries[2], "gold")
    assert other["level"] == pytest.approx(res.alpha / (big_k - 2))
    assert other["low"] <= 0 <= other["high"] and not other["clear"]
    # the ★ and the interval agree on every card and quantity
    for c in entries:
        for q in res.quantities:
            e = res.effect(c, q)
            assert e["clear"] == (e["low"] > 0 or e["high"] < 0), (c.id, q, e)


def test_the_spread_of_the_win_rates_is_in_the_family_and_can_rank_a_card() -> None:
    # A card that lifts one character and sinks another moves the spread twice as far as
    # either win rate: the spread gives its score, at an interval built from the
    # characters' (all of them in it: the box around the typical deck's rates).
    chars = tuple(Deck.default().characters)
    entries = [Contribution("character", chars[0], "character")]
    res = ContributionResult(Deck.default(), 4, entries, chars)
    assert "spread" in res.quantities and res.family == 13
    n = 4000  # the typical rates are measured too: more pairs for a sure spread
    c = entries[0]
    for q in res.paired_quantities:
        c.pairs[q] = Paired()
    for k, ch in enumerate(chars):
        p = Paired()
        for i in range(n):
            a = 1 if i % 4 == 0 else 0  # typical: every character at 25 %
            b = a
            if k == 0:
                b = 1 if i % 2 == 0 else 0  # the draft: 50 %
            elif k == 1:
                b = 0  # the draft: 0 %
            p.add(a, b)
        c.pairs[f"win:{ch}"] = p
    for q in ("injuries", "rounds", "gold", "timeout"):
        c.pairs[q] = _pairs(n, 0)
    e = res.effect(c, "spread")
    assert e["diff"] == pytest.approx(0.5)  # 0 → 50 points
    one, two = res.effect(c, f"win:{chars[0]}"), res.effect(c, f"win:{chars[1]}")
    assert e["clear"] and 0 < e["low"] < e["diff"] < e["high"]
    # paired: the typical rates are measured too. The lower end is the draft's least
    # spread (over the box of typical rates and changes) minus the typical's largest, so
    # it lies below the old box that took the typical rates as exact ...
    fixed = 0.25 + one["low"] - max(0.0, 0.25 + two["high"])
    assert e["low"] < fixed
    w = stats.cs_half_width(n, 0.25 * 0.75, res.delta("win:x"), res.level / len(chars))
    t_lo, t_hi = 0.25 - w, 0.25 + w
    draft_least = max(0.0, min(1.0, t_lo + one["low"]) - max(0.0, t_hi + two["high"]))
    assert e["low"] == pytest.approx(draft_least - 2 * w)
    # ... and never beyond the range of the changes (|S(t + d) − S(t)| ≤ max d − min d)
    lows = [res.effect(c, f"win:{ch}")["low"] for ch in chars]
    highs = [res.effect(c, f"win:{ch}")["high"] for ch in chars]
    assert e["high"] <= max(highs) - min(lows) + 1e-12
    row = res.row(c)
    assert row["quantity"] == "spread" and row["clear"]
    assert res.sentence(row).startswith(
        f"{res.card_name(c.id)}: spread of the win rates +50.0 points"
    )
    # no character moved: the spread cannot be clear either
    for ch in chars:
        q = f"win:{ch}"
        p = Paired()
        for i in range(n):
            a = 1 if i % 4 == 0 else 0
            p.add(a, a)
        c.pairs[q] = p
    res._holm_cache = None
    e = res.effect(c, "spread")
    assert not e["clear"] and e["low"] <= 0 <= e["high"]


def _group_run(
    workers: int, monkeypatch: pytest.MonkeyPatch, screen_games: list[int] | None = None
) -> object:
    """20 cards, none marked changed, none screened alone (FAR out of reach): the goblin
    at fight 10 has to be found through its group."""
    from verlies.sim.impact_rank import rounds

    monkeypatch.setattr(rounds, "FAR", math.inf)
    deck = Tweak("monster", "monster-goblin", "fight").apply(Deck.default(), 10)
    cards = [f"dungeon:{c}" for c in list(deck.cards("dungeon"))[4:10]]
    cards += [f"monster:{c}" for c in deck.cards("monster")]  # 6 made easier, the goblin too
    assert "monster:monster-goblin" in cards and len(cards) == 20

    def seen(res: ContributionResult) -> None:
        if screen_games is not None and res.round == 1 and not screen_games:
            screen_games.append(res.info.games)  # the games of the first round (the screen)

    return contribution(
        deck, cards=cards, reference=None, players=2, budget=3000, screen=30, group=4,
        workers=workers, on_update=seen,
    )  # fmt: skip


def test_group_screen_finds_the_broken_card_through_its_group(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    screen: list[int] = []
    res = _group_run(1, monkeypatch, screen)
    data = res.to_dict()  # type: ignore[attr-defined]
    tested = data["ranked"] + data["no_measurable_effect"]
    assert len(tested) >= 12
    # the screen played groups of at most 4 cards, each of one pile: cheaper than every
    # card alone (30 pairs each and the draft's 30 games)
    groups = data["groups"]
    assert groups and all(2 <= len(g["cards"]) <= 4 for g in groups)
    assert all(len({c.split(":")[0] for c in g["cards"]}) == 1 for g in groups)
    assert screen and screen[0] < 30 * (len(tested) + 1)
    goblin_groups = [g for g in groups if "monster:monster-goblin" in g["cards"]]
    assert goblin_groups and all(g["split"] for g in goblin_groups)
    # its group split down to the goblin alone, played on after the splits
    goblin = next(r for r in tested if r["id"] == "monster:monster-goblin")
    assert goblin["pairs"] >= 30 and not goblin["screened_with_group"]
    # a card cleared with its group: no ★, its group's pairs, in the noise group
    cleared = [r for r in data["no_measurable_effect"] if r["screened_with_group"]]
    assert cleared and all(r["pairs"] >= 30 and not r["clear"] for r in cleared)
    # the correction still counts every card tested, cleared ones included
    assert data["family"] == len(tested) * (4 + 8 + 1)
    assert res.info.games <= 3000  # type: ignore[attr-defined]


def test_group_screen_is_the_same_on_one_and_on_two_workers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    one = _group_run(1, monkeypatch).to_dict()  # type: ignore[attr-defined]
    two = _group_run(2, monkeypatch).to_dict()  # type: ignore[attr-defined]
    del one["run"], two["run"]
    assert json.dumps(one, sort_keys=True, default=str) == json.dumps(
        two, sort_keys=True, default=str
    )


def test_the_page_button_and_the_cli_ask_the_same_ranking(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The Deck tab's button and `verlies impact` with its defaults call the same function
    # with the same settings (the deck, the defaults, the algorithm); only how the games
    # are run (workers, progress, cancel, updates) may differ.
    import inspect

    import verlies.sim.impact_rank as ir
    from verlies.ui.deck import impact_model
    from verlies.ui.deck.impact_model import ImpactColumn

    calls: list[dict[str, object]] = []
    real = inspect.signature(contribution)

    def fake(*args: object, **kw: object) -> ContributionResult:
        bound = real.bind(*args, **kw)
        bound.apply_defaults()
        settings = dict(bound.arguments)
        for how in ("workers", "executor", "progress", "cancel", "on_update", "on_round"):
            settings.pop(how)
        settings["variants"] = tuple(settings["variants"] or ())  # type: ignore[arg-type]
        assert settings.pop("resume") is None  # a new run on both
        calls.append(settings)
        return ContributionResult(Deck.default(), 4, [], tuple(Deck.default().characters))

    monkeypatch.setattr(ir, "contribution", fake)
    monkeypatch.setattr(impact_model, "contribution", fake)
    assert main(["impact", "--workers", "1", "--no-progress"]) == 0
    capsys.readouterr()
    col = ImpactColumn(workers=1)
    col.start(Deck.default())
    assert col.wait(60) and col.error is None
    cli, page = calls
    assert cli["deck"] is None and page["deck"] == Deck.default()
    del cli["deck"], page["deck"]
    assert cli == page
    assert page["budget"] == ir.BUDGET and page["group"] == ir.GROUP >= 2


def test_the_whole_deck_screen_in_groups_and_a_budget_that_ends_after_it() -> None:
    # The whole default deck (98 cards that can be made typical): the screen plays the
    # changed/far cards alone and the rest in groups, far fewer decks than cards; a
    # budget that ends right after it still says at how many pairs every card was seen.
    res = contribution(players=2, budget=900, workers=1)
    tested = [c for c in res.cards if c.tested]
    assert len(tested) == 98 and res.round == 1
    decks = sum(1 for g in res.groups if g.n) + sum(1 for c in tested if c.n)
    assert decks < 30 and res.info.games == 32 * (decks + 1)  # the draft's own 32 too
    assert res.stopped == "game budget spent"
    assert res.pairs_range == (32, 32)
    assert all(r["pairs"] == 32 for r in res.unclear())
    # why it stopped, in the page's language
    assert "Stopped: the game budget is spent." in res.text("en")
    assert "Angehalten: das Spielebudget ist aufgebraucht." in res.text("de")

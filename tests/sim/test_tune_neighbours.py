"""The leftover budget goes to readable neighbours of the best (issue 37, suggest4): after the
aimed rounds, candidates one number away from the lowest-scoring one, aimed at what lies
farthest off, instead of sampler candidates that edit dozens of numbers."""

from __future__ import annotations

from verlies.deck import Deck
from verlies.sim.sweep import Tweak
from verlies.sim.tune import Move, Target, knobs_for, tune
from verlies.sim.tune.focus import mean_chance, neighbours
from verlies.ui.balance.suggest_model import DEFAULT_MOVES

BARBAR = "char-barbar"


def _relative(deck: Deck, cid: str) -> float:
    chances = {c: mean_chance(deck, c) for c in deck.characters}
    others = sorted(v for c, v in chances.items() if c != cid)
    mid = len(others) // 2
    median = others[mid] if len(others) % 2 else (others[mid - 1] + others[mid]) / 2
    return chances[cid] - median


def test_neighbours_move_one_number_by_one_step_toward_the_band() -> None:
    deck = Deck.default()
    knobs = knobs_for(deck, [Move.parse(m) for m in DEFAULT_MOVES.splitlines()])
    values = {k.name: k.current for k in knobs}
    targets = [Target.parse("win:*=25+-3")]
    measured = {f"win:{c}": 0.25 for c in deck.characters} | {f"win:{BARBAR}": 0.36}
    got = neighbours(deck, knobs, values, measured, targets)
    assert got, "a Barbarian too strong has neighbours that weaken him"
    by = {k.name: k for k in knobs}
    now = _relative(deck, BARBAR)
    gains = []
    for cand in got:
        moved = [n for n in values if cand[n] != values[n]]
        assert len(moved) == 1  # one number, readable
        k = by[moved[0]]
        if k.choices:  # the Barbarian's own values: one point from one to another
            assert k.card == BARBAR
            step = sum(abs(a - b) for a, b in zip(cand[k.name], values[k.name], strict=True))  # type: ignore[arg-type]
            assert step == 2
        else:
            assert abs(cand[k.name] - values[k.name]) == 1  # type: ignore[operator]
        gain = _relative(k.apply(deck, cand[k.name]), BARBAR) - now
        assert gain < 0  # toward his band: his chance against his rivals falls
        gains.append(abs(gain))
    assert gains == sorted(gains, reverse=True)  # the largest move first
    # a Barbarian too weak: the other direction, none of the same candidates
    weak = measured | {f"win:{BARBAR}": 0.14}
    up = neighbours(deck, knobs, values, weak, targets)
    assert up and not any(c in got for c in up)
    # nothing off: no neighbours
    inside = {key: 0.25 for key in measured}
    assert neighbours(deck, knobs, values, inside, targets) == []


def test_the_leftover_budget_plays_candidates_of_few_edits() -> None:
    """On the goblin-at-fight-10 deck with every monster's fight and every obstacle allowed
    to move (over thirty numbers), the aimed step fixes the goblin; the candidates after
    it edit a few numbers, each one step from the best so far (the sampler's drew twenty
    and more)."""
    deck = Tweak("monster", "monster-goblin", "fight").apply(Deck.default(), 10)
    res = tune(
        ["win:*=25+-3"],
        ["monster:*:fight=-2:2", "dungeon:*:obstacle=-1:1"],
        deck,
        games=32,
        trials=8,
        verify_games=0,
        workers=1,
    )
    s = res.search
    assert s["trials"] == 8 and s["aimed"] == 1 and s["neighbours"] == 6
    edits = s["played_edits"]
    assert len(edits) == s["played"] == 8
    assert edits[0] == 0 and max(edits) <= 4  # each a step from the best so far

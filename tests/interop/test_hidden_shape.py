"""No seat learns another's hidden cards from anything it can observe (issue 25).

Twin games that differ only in one hidden card (the treasure a seat drew; so also the
treasure pile, and the card under it once one is given up face down, R9.4) are played
side by side with the same decisions and chance outcomes, and compared before every
step: the public sequence of who moves (to move, chance or not, the pending kind: what
OpenSpiel's ``current_player()`` reads), every other seat's whole observation array and
its legal actions when it is to move. A fight or trap roll of a seat holding an unused
treasure is always that seat's decision (docs/decisions.md, "the game's shape"), so the
twins stay alike until the differing card is used and shown (R9.3).
"""

from __future__ import annotations

import functools
import random
from collections import Counter

import pyspiel
import pytest
from hidden_twins import compare_twins, magic_kind, treasure_forks

import verlies.openspiel  # noqa: F401  (registers python_verlies)
from verlies import Game
from verlies.actions import Card, Choose
from verlies.sim.bots import make_bot


def _careful_game_to(players: int, seed: int, step: int) -> Game:
    game = Game.new(players=players, seed=seed, log=False)
    bots = [make_bot("careful", s) for s in range(players)]
    while game.step_count < step:
        if game.is_chance:
            game.roll()
        else:
            game.apply(bots[game.current_player](game.view(game.current_player)))
    return game


def test_r9_3_the_reported_twins_look_alike_to_the_other_seats() -> None:
    """3 players, seed 1, step 218: seat 1 draws schatz-alte-muenze or schatz-amulett
    ("+2 auf einen Wurf"). Before, the amulet's holder decided at its next fight while the
    coin's went straight to the roll, and the other seats saw it."""
    game = _careful_game_to(3, 1, 218)
    assert game.chance_kind == "treasure" and game.seat == 1
    a, b = game.clone(log=False), game.clone(log=False)
    a.apply(Card("schatz-alte-muenze"))
    b.apply(Card("schatz-amulett"))
    swap = {"schatz-alte-muenze": "schatz-amulett", "schatz-amulett": "schatz-alte-muenze"}
    run = compare_twins(a, b, 1, swap)
    assert run.stop != "mismatch", run.mismatch
    assert run.forced >= 1  # the coin's holder met a decision it had no choice in
    assert run.steps > 50


@functools.cache
def sweep() -> dict[int, tuple[Counter[str], set[str], Counter[str]]]:
    """Per player count: the twin pairs (``treasure_forks``) of seeds 0-2, and with two
    players (whose races see few treasures) of the first seeds giving six pairs,
    compared; totals, the kinds of differing card, how the comparisons stopped."""
    out = {}
    for players in (2, 3, 4):
        totals: Counter[str] = Counter()
        kinds: set[str] = set()
        stops: Counter[str] = Counter()
        for seed in range(3 if players > 2 else 60):
            if players == 2 and totals["pairs"] >= 6:
                break
            for a, b, seat, swap in treasure_forks(players, seed):
                kinds.update(magic_kind(a.deck.treasures[c]) for c in swap)
                run = compare_twins(a, b, seat, swap, seed=seed)
                assert run.stop != "mismatch", f"{players}p seed {seed} {swap}: {run.mismatch}"
                stops[run.stop] += 1
                totals.update(
                    pairs=1, steps=run.steps, forced=run.forced, lost=run.lost, pile=run.pile_draws
                )
        out[players] = (totals, kinds, stops)
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r9_3_twins_differing_in_one_hidden_card_look_alike_step_by_step(players: int) -> None:
    totals, _kinds, stops = sweep()[players]
    assert totals["pairs"] >= 3 and totals["steps"] >= 300
    assert stops["end"] >= 1  # some comparisons run to the game's end


def test_every_kind_of_hidden_card_is_compared() -> None:
    """Over the three player counts: every kind of treasure as the differing card, a
    differing card given up face down (R9.4), a later treasure draw that differs because
    the pile does (the pile's content), and the decisions kept for the shape."""
    runs = sweep().values()
    kinds = set().union(*(k for _, k, _ in runs))
    totals = sum((t for t, _, _ in runs), Counter())
    assert kinds == {"plain", "bonus", "attr-bonus", "heal"}
    assert totals["lost"] > 0 and totals["pile"] > 0 and totals["forced"] > 0
    assert totals["pairs"] >= 40 and totals["steps"] >= 5000


def test_r9_5_a_forced_decision_has_one_option_and_takes_no_randomness() -> None:
    """The forced node: one Choose without a bonus; the seeded rolls after it are the ones
    the game had before the node existed (the chance counter does not count it)."""
    game = _careful_game_to(3, 1, 218)
    game.apply(Card("schatz-alte-muenze"))
    bots = [make_bot("careful", s) for s in range(3)]
    while game.forced_action is None:
        assert not game.is_over
        if game.is_chance:
            game.roll()
        else:
            game.apply(bots[game.current_player](game.view(game.current_player)))
    forced = game.forced_action
    assert isinstance(forced, Choose) and forced.treasure is None
    assert list(game.legal_actions()) == [forced]
    counter = game.state.steps
    game.apply(forced)
    assert game.state.steps == counter and game.is_chance


def test_openspiel_current_player_is_the_same_in_twins() -> None:
    """OpenSpiel's view of the reported twins: the same current_player() at every step."""
    game = pyspiel.load_game("python_verlies", {"players": 3})
    states = []
    for card in ("schatz-alte-muenze", "schatz-amulett"):
        state = game.new_initial_state()
        verlies_game = _careful_game_to(3, 1, 218)
        for step in verlies_game.steps:
            enc = game.encoding
            g = state.verlies
            state.apply_action(
                enc.outcome_to_index(step) if g.is_chance else enc.action_to_index(g, step)
            )
        state.apply_action(game.encoding.outcome_to_index(Card(card)))
        states.append(state)
    rng = random.Random(4)
    for _ in range(400):
        a, b = states
        assert a.current_player() == b.current_player()
        if a.is_terminal():
            break
        if a.is_chance_node():
            outcome = a.verlies.sample_outcome()
            if a.verlies.chance_kind == "treasure" or outcome not in b.verlies.legal_actions():
                break
            idx = game.encoding.outcome_to_index(outcome)
            a.apply_action(idx)
            b.apply_action(idx)
            continue
        legal = a.legal_actions()
        if legal != b.legal_actions():
            assert a.current_player() == 1  # only the differing seat's own options differ
            common = sorted(set(legal) & set(b.legal_actions()))
            assert common
            act = common[0]
        else:
            act = rng.choice(legal)
        a.apply_action(act)
        b.apply_action(act)


def test_r9_5_the_page_takes_a_humans_forced_decision() -> None:
    """Session (the page's model): a human never has to click the only option."""
    from verlies.ui.core.session import HUMAN, Session

    game = _careful_game_to(3, 1, 218)
    game.apply(Card("schatz-alte-muenze"))
    session = Session(game, [HUMAN, HUMAN, HUMAN])
    bots = [make_bot("careful", s) for s in range(3)]
    taken = 0
    for _ in range(400):
        if game.is_over:
            break
        if game.is_chance:
            before = game.step_count
            session.roll()
            taken += game.step_count - before - 1
        else:
            assert game.forced_action is None  # never left waiting at a forced one
            session.act(bots[game.current_player](game.view(game.current_player)))
    assert taken >= 1

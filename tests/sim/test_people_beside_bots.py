"""People beside bots on the Balance tab (verlies.ui.balance.people_model/people_view):
real playtest records in a store, their decisions put to each bot, their games replayed
with the game-feel trace and set beside a bot's games of the same setups."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from verlies.deck import Deck
from verlies.game import Game
from verlies.sim.bots import make_bot
from verlies.sim.feel import FeelTally, feel_report
from verlies.sim.feel.tally import moments
from verlies.sim.run import RunSpec
from verlies.sim.stats import z_quantile
from verlies.store import PlaytestStore
from verlies.ui.balance import people_model as pm
from verlies.ui.balance.people_view import PeopleSection


def _play(store: PlaytestStore, seed: int, players: int, deck: Any = None, hand: bool = False):
    """A game whose seat 0 ("human") plays as the greedy bot, the others careful; with
    ``hand`` its first roll is chosen by hand (not the seeded one)."""
    game = Game.new(players=players, seed=seed, deck=deck)
    rid = store.begin(game, ["human"] + ["careful"] * (players - 1))
    bots = [make_bot("greedy", 0)] + [make_bot("careful", s) for s in range(1, players)]
    chose = False
    while not game.is_over:
        if game.is_chance:
            seeded = game.sample_outcome()
            other = [o for o, _ in game.chance_outcomes() if o != seeded]
            if hand and not chose and other:
                game.apply(other[0])
                chose = True
            else:
                game.roll()
        else:
            game.apply(bots[game.current_player](game.view(game.current_player)))
    store.save(rid, game)
    return rid


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> PlaytestStore:
    path: Path = tmp_path_factory.mktemp("people") / "p.sqlite"
    s = PlaytestStore(path, record=True)
    for seed in (40, 41, 42):
        _play(s, seed, 3)
    _play(s, 43, 3, hand=True)  # its replay cannot give back the stored line
    _play(s, 44, 2)  # another player count
    _play(s, 45, 3, deck=Deck.edition("standard-1"))  # another deck
    return s


def test_the_draft_setups_records_only(store: PlaytestStore) -> None:
    mine = pm.records_of_setup(store.records(finished_only=True), Deck.default(), 3)
    assert len(mine) == 4
    assert all(r.game().players == 3 for r in mine)
    assert pm.records_of_setup(store.records(), Deck.default(), 4) == []


def test_a_replay_gives_back_the_stored_game_or_is_left_out(store: PlaytestStore) -> None:
    mine = pm.records_of_setup(store.records(finished_only=True), Deck.default(), 3)
    got = [pm.human_record(r, i) for i, r in enumerate(mine)]
    assert sum(g is None for g in got) == 1  # the game with a roll chosen by hand
    for rec, g in zip(mine, got, strict=True):
        if g is not None:
            result = rec.game().result
            assert g.winners == result.winners and g.rounds == result.rounds
            assert g.feel is not None


def test_people_beside_bots_agreement_and_feel(store: PlaytestStore) -> None:
    mine = pm.records_of_setup(store.records(finished_only=True), Deck.default(), 3)
    rep = pm.people_beside_bots(mine, bot_games=4)
    assert (rep.games, rep.replayed, rep.left_out, rep.players) == (4, 3, 1, 3)
    assert rep.bot_games == 3 * 4  # four bot games of each replayed setup
    agree = {a.bot: a for a in rep.agreement}
    # seat 0 played as greedy: greedy agrees in every decision; careful does not
    assert agree["greedy"].same == agree["greedy"].decisions > 20
    assert agree["greedy"].share == 1.0 and agree["greedy"].low < 1.0  # never zero width
    assert agree["careful"].share < 1.0
    for a in rep.agreement:
        assert a.games == 4 and a.low <= a.share <= a.high
    # the feel figures: people's from their replayed games, by hand
    people = [pm.human_record(r, i) for i, r in enumerate(mine)]
    by_hand = feel_report([p for p in people if p is not None])
    gaps = {g.key: g for g in rep.feel}
    assert gaps and all(g.bot_games == 4 * 3 for g in gaps.values() if g.key != "kingmaking")
    for key, g in gaps.items():
        assert g.people == pytest.approx(by_hand.figure(key)["mean"])
        assert g.diff == pytest.approx(g.people - g.bots)
    # a mean's interval: the normal one of two means, at 95 % over all the figures
    g = gaps["lead_changes"]
    tally = FeelTally()
    tally.add_all(p for p in people if p is not None)
    n1, m1, v1 = moments(tally, "lead_changes")
    z = z_quantile(1 - 0.05 / (2 * len(gaps)))
    half = (g.high - g.low) / 2
    assert half > z * math.sqrt(v1 / n1) and g.differs == (g.low > 0 or g.high < 0)


def test_the_section_in_both_languages(store: PlaytestStore) -> None:
    sec = PeopleSection("en", store=store)
    sec.show(RunSpec.build(players=3, characters="all"))
    assert sec.out.value == "" and sec.button.description == "Set people's games beside the bots"
    sec.compute()
    en = sec.out.value
    assert "4 games of people on this draft (3 players)." in en
    assert "1 of them left out of the game feel" in en
    assert "The greedy bot would have chosen what people chose in 100.0 %" in en
    assert "Game feel, people (3 games) against careful bots" in en
    sec.set_lang("de")
    de = sec.out.value
    assert "4 Spiele von Menschen mit diesem Entwurf (3 Spieler)." in de
    assert "Der Bot „gierig“ hätte in 100,0 %" in de
    assert sec.button.description == "Spiele von Menschen neben die Bots stellen"
    assert "greedy" not in de and "gierig" not in en
    sec.show(RunSpec.build(players=4, characters="all"))  # a setup nobody played
    sec.compute()
    assert "with 4 players" not in sec.out.value  # German now
    assert "mit diesem Entwurf und 4 Spielern" in sec.out.value

"""Bots: legal, view-only, deterministic, and their presets really differ."""

from __future__ import annotations

import ast
import inspect
import random
from collections.abc import Callable
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

import pytest

import verlies.sim.bots as bots_module
from verlies.actions import (
    Attempt,
    Card,
    Choose,
    Decline,
    Draw,
    LoseGold,
    LoseTreasure,
    Place,
    ShuffleBack,
)
from verlies.cards.model import (
    Attr,
    DungeonCard,
    FightOption,
    MonsterCard,
    Names,
    ObstacleClass,
    TileKind,
    TreasureCard,
)
from verlies.deck import Deck
from verlies.dice import pass_probability
from verlies.game import Game, Pending, PlayerView
from verlies.rules import Held
from verlies.sim import REASONS, game_seed, play_game, simulate
from verlies.sim.bots import BOTS, HeuristicBot, RandomBot, bot_name, make_bot
from verlies.views import FightDecision, Losing

DECK = Deck.default()


class LegalityChecker:
    """Wraps a bot: asserts every answer is one of the legal actions, counts decisions."""

    def __init__(self, bot: Callable[[Any], Any]) -> None:
        self.bot = bot
        self.decisions = 0
        self.name = bot_name(bot)

    def reseed(self, seed: int) -> None:
        self.bot.reseed(seed)  # type: ignore[attr-defined]

    def __call__(self, view: PlayerView) -> Any:
        legal = view.legal_actions()
        action = self.bot(view)
        assert action in legal, (action, legal)
        self.decisions += 1
        return action


# Everything a bot may use. Anything else (the game, its state) is out of reach.
PUBLIC = {
    "seat",
    "board",
    "board_version",
    "can_draw",
    "to_move",
    "legal_actions",
    "pending",
    "me",
    "position",
    "character",
    "my_treasures",
    "my_gold",
    "players",
    "drawn_card",
    "deck_sizes",
    "exits_left",
    "players_in_dungeon",
    "pass_chance",
    "log",
    "round",
    "variants",
}


class RestrictedView:
    """A PlayerView behind a wall: only the public names above pass through."""

    def __init__(self, view: PlayerView) -> None:
        object.__setattr__(self, "_view", view)

    def __getattr__(self, name: str) -> Any:
        if name not in PUBLIC:
            raise AttributeError(f"bots may not read {name!r} of a view")
        return getattr(object.__getattribute__(self, "_view"), name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("bots may not change a view")


class Walled:
    """A bot that only ever gets a RestrictedView."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot_name(bot)

    def reseed(self, seed: int) -> None:
        self.bot.reseed(seed)

    def __call__(self, view: PlayerView) -> Any:
        return self.bot(RestrictedView(view))


# ---- legality, termination ------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_bots_only_return_legal_actions(players: int) -> None:
    checkers = [LegalityChecker(make_bot(name, 0)) for name in BOTS]
    total = 0
    for i in range({1: 10, 2: 24, 3: 10, 4: 6}[players]):
        seats = [checkers[(i + s) % len(checkers)] for s in range(players)]
        _, rec = play_game(seats, seed=game_seed(players, i), deck=DECK)
        assert rec.reason in REASONS
        total += rec.decisions
    assert sum(c.decisions for c in checkers) == total
    assert total > 500  # thousands of decisions over the four player counts


def test_every_bot_game_ends_within_the_round_limit() -> None:
    """R1.6: every game ends (escape, no exit, no passage) or hits the round limit."""
    for name in BOTS:
        rep = simulate(8, players=4, bots=name, seed=5, deck=DECK, workers=1, keep_records=True)
        for g in rep.records or ():
            assert g.reason in REASONS
            assert g.rounds <= 301
            if g.reason == "timeout":
                assert g.winners == ()
            else:
                assert g.rounds <= 300


def test_short_round_limit_gives_timeouts() -> None:
    rep = simulate(5, players=4, bots="random", seed=1, deck=DECK, round_limit=3, keep_records=True)
    assert rep.metrics.timeouts == 5
    assert all(g.rounds == 3 and not g.winners for g in rep.records or ())


# ---- no hidden information ------------------------------------------------------------------


def test_bot_module_never_touches_the_game_behind_a_view() -> None:
    tree = ast.parse(inspect.getsource(bots_module))
    # The game, its state and the rules' frames (the typed Pending is what a bot reads).
    forbidden = {
        "_game",
        "state",
        "stack",
        "frame",
        "pending_context",
        "dungeon",
        "rooms",
        "monsters",
        "treasures_pile",
    }
    internals = {
        "verlies.rules",
        "verlies.game",
        "verlies.state",
        "verlies.frames",
        "verlies.legal",
        "verlies.turns",
        "verlies.obstacles",
        "verlies.encounters",
    }
    views = {"PlayerView", "FigureView", "Pending"}  # the read-only views of a game
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            assert node.attr not in forbidden, f"bots.py reads .{node.attr} (line {node.lineno})"
        if isinstance(node, ast.ImportFrom):
            assert node.module not in internals or all(a.name in views for a in node.names), (
                f"bots.py imports engine internals (line {node.lineno})"
            )


@pytest.mark.parametrize("name", list(BOTS))
def test_bots_play_whole_games_through_a_restricted_view(name: str) -> None:
    bots = [Walled(make_bot(name, s)) for s in range(3)]
    plain = [make_bot(name, s) for s in range(3)]
    for i in range(3):
        seed = game_seed(11, i)
        g1, r1 = play_game(bots, seed=seed, deck=DECK)
        g2, r2 = play_game(plain, seed=seed, deck=DECK)
        # The wall changes nothing: the bots never needed more than the view.
        assert g1.steps == g2.steps
        assert r1 == r2


class PlainView(RestrictedView):
    """A view that does not offer the shortcuts (``board_version``, ``can_draw``): the bot
    then compares the board itself and works out the legal actions at every turn."""

    def __getattr__(self, name: str) -> Any:
        if name in ("board_version", "can_draw"):
            raise AttributeError(name)
        return super().__getattr__(name)


class Plain(Walled):
    def __call__(self, view: PlayerView) -> Any:
        return self.bot(PlainView(view))


@pytest.mark.parametrize("players", [2, 4])
def test_the_speed_shortcuts_decide_as_the_full_reading(players: int) -> None:
    """The board's version (the graph shared by a game's bots) and the draw known without
    the legal actions change no decision: the same games move for move as bots reading
    everything afresh, every preset, variants that change walking and obstacles."""
    variants = [(), ("long_walk",), ("opened_stays_open",), ("long_walk", "opened_stays_open")]
    for name in ("careful", "greedy", "reckless"):
        fast = [make_bot(name, 0) for _ in range(players)]
        full = [Plain(make_bot(name, 0)) for _ in range(players)]
        for i in range(4):
            seed = game_seed(23, i)
            g1, r1 = play_game(fast, seed=seed, deck=DECK, log=False, variants=variants[i])
            g2, r2 = play_game(full, seed=seed, deck=DECK, log=False, variants=variants[i])
            assert g1.to_json() == g2.to_json(), (name, i)
            assert r1 == r2


def test_restricted_view_refuses_the_game() -> None:
    g = Game.new(players=2, seed=0, deck=DECK)
    rv = RestrictedView(g.view(0))
    with pytest.raises(AttributeError):
        rv._game  # noqa: B018
    assert rv.legal_actions() == g.legal_actions()


# ---- determinism ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(BOTS))
def test_same_seed_same_game(name: str) -> None:
    seed = game_seed(3, 7)
    g1, r1 = play_game([make_bot(name, 1) for _ in range(4)], seed=seed, deck=DECK)
    g2, r2 = play_game([make_bot(name, 99) for _ in range(4)], seed=seed, deck=DECK)
    assert r1 == r2  # reseeded from the game seed: the bots' own seeds do not matter
    assert g1.to_json() == g2.to_json()


def test_random_bot_is_reproducible_and_uniform() -> None:
    g = Game.new(players=4, seed=2, deck=DECK)
    g.apply(Draw())
    g.apply(Card(next(c for c, card in DECK.dungeon.items() if card.kind is TileKind.CORRIDOR)))
    view = g.view(0)
    legal = view.legal_actions()
    assert len(legal) > 1
    a, b = RandomBot(5), RandomBot(5)
    picks = [a(view) for _ in range(600)]
    assert picks == [b(view) for _ in range(600)]
    counts = {x: picks.count(x) for x in legal}
    assert all(c > 600 / len(legal) / 2 for c in counts.values())  # every action comes up


def test_reseed_restarts_the_random_source() -> None:
    g = Game.new(players=2, seed=2, deck=DECK)
    bot = RandomBot(4)
    view = g.view(0)
    first = [bot(view) for _ in range(5)]
    bot.reseed(4)
    assert [bot(view) for _ in range(5)] == first


# ---- presets and settings ---------------------------------------------------------------------


def test_presets_differ_measurably() -> None:
    """Greedy shuffles exits back (R1.4) far more often than reckless, which never does."""
    rep = simulate(
        200, players=4, bots=("greedy", "reckless", "greedy", "reckless"), seed=0, deck=DECK
    )
    seats = rep.to_dict()["seats"]
    bots = {r["bot"] for r in seats}
    shuffles = {b: sum(r["shuffle_backs_per_game"] for r in seats if r["bot"] == b) for b in bots}
    assert shuffles["reckless"] == 0
    assert shuffles["greedy"] > 0.4  # two seats of > 0.2 each
    # Reckless leaves first more often.
    first = {b: sum(r["first_out"] for r in seats if r["bot"] == b) for b in shuffles}
    assert first["reckless"] > first["greedy"]


def test_make_bot_and_names() -> None:
    assert set(BOTS) == {"random", "careful", "greedy", "reckless"}
    for name in BOTS:
        assert bot_name(make_bot(name, 3)) == name
    with pytest.raises(ValueError, match="unknown bot 'nope'"):
        make_bot("nope")
    with pytest.raises(ValueError, match="risk"):
        HeuristicBot(risk=1.5)
    with pytest.raises(ValueError, match="explore"):
        HeuristicBot(explore=-0.1)
    with pytest.raises(ValueError, match="gold_target"):
        HeuristicBot(gold_target=-1)
    assert bot_name(lambda v: None) == "<lambda>"


# ---- decisions in set-up situations --------------------------------------------------------


def _draw(players: int, card_id: str) -> Game:
    """A fresh game where seat 0 has drawn ``card_id`` (a chosen chance outcome)."""
    g = Game.new(players=players, seed=0, deck=DECK)
    g.apply(Draw())
    g.apply(Card(card_id))
    return g


EXIT = next(c for c, card in DECK.dungeon.items() if card.kind is TileKind.EXIT)


def test_r1_4_greedy_shuffles_back_an_early_exit_reckless_takes_it() -> None:
    g = _draw(4, EXIT)
    view = g.view(0)
    assert ShuffleBack() in view.legal_actions()
    assert make_bot("greedy")(view) == ShuffleBack()
    assert make_bot("careful")(view) == ShuffleBack()  # 0 gold < 6
    assert isinstance(make_bot("reckless")(view), Place)


def test_r1_4_no_shuffle_back_when_it_is_the_last_chance() -> None:
    """With two figures in the dungeon the exit ends the game: take it (R1.3)."""
    g = _draw(2, EXIT)
    assert isinstance(make_bot("greedy")(g.view(0)), Place)


def _obstacle_card(cls: ObstacleClass, lo: Fraction, hi: Fraction) -> DungeonCard:
    value = DECK.characters[Game.new(players=4, seed=0, deck=DECK).setup.characters[0]]
    for card in DECK.dungeon.values():
        o = card.obstacle
        if o is not None and o.cls is cls:
            p = pass_probability(value.value(o.attr), o.n)
            if lo <= p <= hi:
                return card
    pytest.skip(f"the default deck has no class {cls.value} obstacle with odds in [{lo}, {hi}]")


def _at_obstacle(card: DungeonCard) -> PlayerView:
    g = _draw(4, card.id)
    g.apply(next(a for a in g.legal_actions() if isinstance(a, Place)))
    assert g.pending == "obstacle"
    return g.view(0)


def test_r5_careful_declines_a_risky_class_a_or_c_obstacle_reckless_tries() -> None:
    card = _obstacle_card(ObstacleClass.A, Fraction(1, 6), Fraction(1, 2))
    view = _at_obstacle(card)
    # The start card still has open passages: declining costs little.
    assert make_bot("careful")(view) == Decline()
    assert make_bot("reckless")(view) == Attempt()


def test_r5_2_class_b_is_tried_whenever_it_can_be_passed() -> None:
    card = _obstacle_card(ObstacleClass.B, Fraction(1, 6), Fraction(1, 2))
    view = _at_obstacle(card)
    assert make_bot("careful")(view) == Attempt()


def _fake_view(pending: Pending, legal: list[Any], **kw: Any) -> Any:
    me = SimpleNamespace(
        coins=kw.get("coins", 0),
        treasures=kw.get("treasures", []),
        character=kw.get("character", DECK.characters["char-zwerg"]),
    )
    return SimpleNamespace(
        pending=pending,
        legal_actions=lambda: tuple(legal),
        me=me,
        character=me.character,
        seat=0,
    )


def test_r9_4_loses_the_cheaper_of_gold_and_treasure() -> None:
    cheap = TreasureCard("cheap", Names("Münze", "Coin"), "Wert: 1", 1)
    dear = TreasureCard("dear", Names("Krone", "Crown"), "Wert: 6", 6)
    legal = [LoseGold(), LoseTreasure("cheap"), LoseTreasure("dear")]
    bot = make_bot("careful")
    rich = _fake_view(Losing(0, 3), legal, coins=10, treasures=[Held(cheap), Held(dear)])
    assert bot(rich) == LoseTreasure("cheap")  # 1 gold of treasure < 3 coins
    poor = _fake_view(Losing(0, 3), legal, coins=0, treasures=[Held(cheap), Held(dear)])
    assert bot(poor) == LoseGold()  # no coins to lose: free


def test_r7_1_fights_with_the_best_value_against_the_monster() -> None:
    monster = MonsterCard(
        "m",
        Names("M", "M"),
        "Kampf: Stärke 6 oder Geist 1",
        (FightOption(Attr.STAERKE, 6), FightOption(Attr.GEIST, 1)),
    )
    legal = [Choose(Attr.STAERKE), Choose(Attr.GEIST)]
    # Zwerg: Stärke 5 - 6 = -1, Geist 2 - 1 = +1: Geist is better.
    view = _fake_view(FightDecision(0, monster), legal)
    assert make_bot("careful")(view) == Choose(Attr.GEIST)


def test_a_bot_kept_across_a_search_bots_worlds_answers_as_a_new_one() -> None:
    """A search bot keeps its rollout bots from world to world: copies of the game whose
    hidden cards are dealt anew (``Game.determinise``), so that the same positions hold
    other cards, and every world grows the thread's shared graph its own way. The kept
    bot must decide in each world as a new bot would: once, its cached path search (keyed
    by where the cards lie) kept the lists of another world's graph and walked over that
    world's cards."""
    game = Game.new(players=2, seed=game_seed(31, 1), log=False)  # the default deck
    players = [make_bot("careful", s) for s in range(2)]
    kept = make_bot("careful", 7)  # the search's model of the other seats, never reset
    asked = 0
    while not game.is_over:
        if game.is_chance:
            game.roll()
            continue
        for world_no in range(3):
            world_seed = asked * 10 + world_no
            world = game.determinise(game.state.seat, random.Random(world_seed))
            rng = random.Random(world_seed)  # its chance
            for _ in range(40):
                if world.is_over:
                    break
                if world.is_chance:
                    world.roll(rng)
                    continue
                view = world.view(world.state.seat)
                fresh = make_bot("careful", 7)
                fresh._rng.setstate(kept._rng.getstate())  # the same tie-breaking draws
                action = kept(view)
                assert action == fresh(view), (asked, world_no)
                world.apply(action)
        seat = game.state.seat
        game.apply(players[seat](game.view(seat)))
        asked += 1
    assert asked > 30

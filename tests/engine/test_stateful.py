"""Random legal games with invariants checked after every step.

A hypothesis RuleBasedStateMachine plays games (actions and chance outcomes chosen by
hypothesis), mixes in undo/redo/goto, illegal actions and save/load replays; a plain test
plays 120 random games to the end (``RANDOM_GAMES``: why 120 is said there). Random play
needs no particular card: the games use the shipped deck only because its saves are small
(the deck is not written out).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from scenario_deck import fingerprint, open_passage_anywhere, random_step

from verlies.actions import (
    Attempt,
    Card,
    Choose,
    Decline,
    Draw,
    LoseGold,
    LoseTreasure,
    Place,
    Recover,
    Roll,
    ShuffleBack,
    UseHeal,
    Wait,
    Walk,
)
from verlies.board import count_open_passages
from verlies.cards.model import Attr, TileKind
from verlies.deck import Deck
from verlies.errors import IllegalAction
from verlies.game import Game
from verlies.legal import compute_legal
from verlies.rules import BANK_COINS
from verlies.state import Change
from verlies.variants import Variants

DECK = Deck.default()
CARD_IDS = sorted({*DECK.dungeon, *DECK.rooms, *DECK.monsters, *DECK.treasures, "no-such-card"})
TREASURE_IDS = sorted({*DECK.treasures, "no-such-treasure"})

cells = st.tuples(st.integers(-4, 4), st.integers(-4, 4))
ANY_ACTION = st.one_of(
    st.sampled_from([Draw(), Wait(), Recover(), ShuffleBack(), Decline(), LoseGold(), Attempt()]),
    st.sampled_from(TREASURE_IDS).map(lambda t: Attempt(t)),
    st.tuples(st.integers(-4, 4), st.integers(-4, 4), st.integers(-1, 16)).map(lambda p: Place(*p)),
    st.lists(cells, min_size=0, max_size=4).map(lambda path: Walk(tuple(path))),
    st.tuples(st.sampled_from(list(Attr)), st.none() | st.sampled_from(TREASURE_IDS)).map(
        lambda c: Choose(*c)
    ),
    st.sampled_from(TREASURE_IDS).map(lambda t: UseHeal(t)),
    st.sampled_from(TREASURE_IDS).map(lambda t: LoseTreasure(t)),
    st.integers(-3, 40).map(lambda v: Roll(v)),
    st.sampled_from(CARD_IDS).map(lambda c: Card(c)),
)


# ---- invariants --------------------------------------------------------------------------------


#: A deck's exit cards (by the deck's identity; the games here use one deck): read once,
#: not at every step (it was 5 of 68 s of a profiled run of the random games).
_EXIT_IDS: dict[int, tuple[Deck, frozenset[str]]] = {}


def exits_in_pile(game: Game) -> int:
    """Exit cards in the dungeon pile, counted from the deck's cards (not the engine's)."""
    deck = game.deck
    known = _EXIT_IDS.get(id(deck))
    if known is None or known[0] is not deck:
        ids = frozenset(c for c, card in deck.dungeon.items() if card.kind is TileKind.EXIT)
        known = _EXIT_IDS[id(deck)] = (deck, ids)
    counts = game.state.dungeon.counts
    assert counts.keys() <= deck.dungeon.keys(), set(counts) - set(deck.dungeon)
    return sum(n for cid, n in counts.items() if n and cid in known[1])


def end_conditions(game: Game) -> dict[str, bool]:
    """R1.3 and R1.6, computed from the table (not from the engine's bookkeeping)."""
    s = game.state
    n = game.players
    escaped = sum(1 for f in s.figures if f.escaped)
    limit = game.setup.round_limit
    return {
        "escaped": n >= 2 and escaped >= n - 1,
        "solo": n == 1 and escaped == 1,
        "no_exit": exits_in_pile(game) == 0,
        "no_passage": not open_passage_anywhere(game),
        "timeout": limit is not None and s.round > limit,
    }


def check_invariants(game: Game, initial_pile: int, *, full: bool = True) -> None:
    s = game.state
    # gold never negative; a limited bank holds what the figures do not
    for f in s.figures:
        assert f.coins >= 0 and f.gold >= 0, (f.seat, f.coins, f.gold)
    if game.variants.limited_bank:
        assert 0 <= s.bank <= BANK_COINS
        assert s.bank + sum(f.coins for f in s.figures) == BANK_COINS
    # tiles never overlap: one tile per cell, each tile where its key says
    for pos, tile in s.board.items():
        assert (tile.x, tile.y) == pos
    # every figure on a laid tile, or escaped
    for f in s.figures:
        assert f.escaped or f.pos in s.board, (f.seat, f.pos)
    # each exit lets one figure out: collapsed exits == escaped figures; laid exits are used
    collapsed = sum(1 for t in s.board.values() if t.collapsed)
    escaped = sum(1 for f in s.figures if f.escaped)
    assert collapsed == escaped == len(s.escape_order) == len(set(s.escape_order))
    assert all(t.collapsed for t in s.board.values() if t.card.kind is TileKind.EXIT)
    assert all(t.card.kind is TileKind.EXIT for t in s.board.values() if t.collapsed)
    # dungeon cards: pile + table + in hand == the pile at setup + the start card
    in_hand = 1 if s.drawn is not None else 0
    assert s.dungeon.total + len(s.board) + in_hand == initial_pile + 1
    assert s.dungeon.total == sum(s.dungeon.counts.values())
    # the game ends exactly when R1.3 / R1.6 say
    if game.is_over:
        cond = end_conditions(game)
        r = game.result
        assert r is not None
        order = ["escaped", "solo", "no_exit", "no_passage"]
        if r.reason == "timeout":
            assert cond["timeout"] and not any(cond[k] for k in order)
        else:
            assert cond[r.reason], (r.reason, cond)
            assert not any(cond[k] for k in order[: order.index(r.reason)]), (r.reason, cond)
            assert set(r.winners) <= set(r.escaped)
            if r.escaped:
                best = max(r.gold[i] for i in r.escaped)
                assert r.winners == tuple(sorted(i for i in r.escaped if r.gold[i] == best))
        assert set(r.left_behind) == {f.seat for f in s.figures if not f.escaped}
        assert game.legal_actions() == ()
    else:
        assert game.result is None
        assert not s.figures[s.seat].escaped
        assert len(game.legal_actions()) > 0
        if full and game.pending == "turn":
            cond = end_conditions(game)
            assert not any(cond.values()), cond
    # what the engine remembers between steps (walks and open passages per card, the R1.6
    # counters) is what a fresh look at the table gives
    assert s.open_passages == count_open_passages(s.board)
    assert s.exits_left == s.exits_in_pile()
    if full and not game.is_over and not game.is_chance:
        remembered = compute_legal(s)
        s.cache.invalidate(Change.LAID)  # forget everything kept from the board
        assert compute_legal(s) == remembered


# ---- the state machine -------------------------------------------------------------------------


class VerliesGames(RuleBasedStateMachine):
    game: Game
    initial_pile: int

    @initialize(
        players=st.integers(1, 4),
        seed=st.integers(0, 2**32 - 1),
        variants=st.builds(Variants, st.booleans(), st.booleans(), st.booleans(), st.booleans()),
        round_limit=st.sampled_from([None, 3, 10, 300]),
        start=st.integers(0, 3),
    )
    def setup(self, players, seed, variants, round_limit, start) -> None:
        self.game = Game.new(
            players=players,
            seed=seed,
            deck=DECK,
            variants=variants,
            start_seat=start % players,
            round_limit=round_limit,
        )
        self.initial_pile = self.game.state.dungeon.total
        assert self.initial_pile == sum(DECK.dungeon_pile(players).values())

    # -- legal play --

    @precondition(lambda self: not self.game.is_over)
    @rule(i=st.integers(0, 10_000))
    def step(self, i: int) -> None:
        legal = self.game.legal_actions()
        self.game.apply(legal[i % len(legal)])

    @precondition(lambda self: self.game.is_chance)
    @rule()
    def roll(self) -> None:
        expected = self.game.sample_outcome()
        self.game.roll()
        assert self.game.steps[-1] == expected

    @precondition(lambda self: not self.game.is_over)
    @rule(n=st.integers(1, 80), seed=st.integers(0, 1000))
    def play_on(self, n: int, seed: int) -> None:
        rnd = random.Random(seed)
        for _ in range(n):
            if self.game.is_over:
                break
            random_step(self.game, rnd)
            check_invariants(self.game, self.initial_pile, full=False)

    # -- history --

    @precondition(lambda self: self.game.can_undo)
    @rule(n=st.integers(1, 6))
    def undo(self, n: int) -> None:
        before = self.game.step_count
        self.game.undo(n)
        assert self.game.step_count == max(0, before - n)

    @precondition(lambda self: self.game.can_redo)
    @rule(n=st.integers(1, 6))
    def redo(self, n: int) -> None:
        self.game.redo(n)

    @rule(frac=st.floats(0, 1))
    def goto(self, frac: float) -> None:
        g = self.game
        target = round(frac * g.history_length)
        here = g.step_count
        fp = fingerprint(g)
        g.goto(target)
        assert g.step_count == target
        g.goto(here)
        assert fingerprint(g) == fp

    # -- refusals and replays --

    @rule(action=ANY_ACTION)
    def illegal(self, action) -> None:
        g = self.game
        if action in g.legal_actions():
            g.apply(action)
            return
        before, fp = g.to_json(), fingerprint(g)
        try:
            g.apply(action)
        except IllegalAction as err:
            assert err.rule and str(err).startswith(err.rule)
        else:
            raise AssertionError(f"{action!r} is not legal but was accepted")
        assert g.to_json() == before
        assert fingerprint(g) == fp

    @rule()
    def replay(self) -> None:
        text = self.game.to_json()
        loaded = Game.from_json(text)
        assert loaded.to_json() == text
        assert fingerprint(loaded) == fingerprint(self.game)

    @invariant()
    def invariants(self) -> None:
        check_invariants(self.game, self.initial_pile)


VerliesGames.TestCase.settings = settings(
    max_examples=200,
    stateful_step_count=50,
    report_multiple_bugs=False,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestVerliesGames = VerliesGames.TestCase


# ---- random games ------------------------------------------------------------------------------

#: Games played to the end (seeded: always the same games). The 300 of before, measured
#: with coverage.py (branch coverage of the engine, verlies/ minus ui/ and serve/: 999
#: lines, 1404 arcs) game by game: every line was met by game 30 and every arc but one by
#: game 100 (the last, a monster without loot gold, between games 50 and 99); the one
#: left, a heal used while another treasure is held before it (turns.py), came only in
#: game 236 and is now a rule test of its own (test_rules_r8_r9_r10.py). 120 keeps a margin
#: over 100; the other 180 games checked nothing more and cost 60 % of this test.
RANDOM_GAMES = 120


def test_random_games_keep_the_invariants() -> None:
    rnd = random.Random(2024)
    reasons: dict[str, int] = {}
    for _ in range(RANDOM_GAMES):
        players = rnd.randint(1, 4)
        variants = Variants(*(rnd.random() < 0.25 for _ in range(4)))
        game = Game.new(
            players=players,
            seed=rnd.getrandbits(32),
            deck=DECK,
            variants=variants,
            start_seat=rnd.randrange(players),
        )
        initial = game.state.dungeon.total
        prev_over = False
        while not game.is_over:
            random_step(game, rnd, p_draw=0.7)
            at_turn = game.pending == "turn"
            check_invariants(game, initial, full=at_turn or game.is_over)
            assert not prev_over
            prev_over = game.is_over
        r = game.result
        assert r is not None
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
    assert sum(reasons.values()) == RANDOM_GAMES
    # both ways a game ends by escaping: with several figures and with one (R1.3)
    assert reasons.get("escaped", 0) > 0 and reasons.get("solo", 0) > 0, reasons

"""verlies as an OpenSpiel game: ``python_verlies`` (needs ``pip install verlies[openspiel]``).

>>> import pyspiel
>>> import verlies.openspiel  # registers the game
>>> game = pyspiel.load_game("python_verlies", {"players": 2})
>>> state = game.new_initial_state()
>>> state.current_player(), state.legal_actions()
(0, [0])

Sequential, explicit stochastic (every die roll and card draw is a chance node with its
exact probabilities), imperfect information (other seats' treasures are hidden, R9.3).
Actions and chance outcomes are numbered by :class:`verlies.interop.encoding.Encoding`;
returns are ``Game.returns()`` (winners split +1, the others -1). A serialised state is
its game parameters and its list of action ids, replayed on loading.

Parameters: ``players`` (1-4, default 2), ``round_limit`` (R1.6, default 300; a game cut
off there ends with returns 0 for all: OpenSpiel has no truncation flag, see
``VerliesState.truncated``) and ``long_walk`` (the house rule).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from verlies.actions import LoseTreasure
from verlies.errors import SetupError
from verlies.game import Game
from verlies.interop.encoding import Encoding
from verlies.setup import Setup
from verlies.variants import Variants

__all__ = ["VerliesGame", "VerliesObserver", "VerliesState", "GAME_TYPE"]

_MAX_STEPS_PER_TURN = 40  # a turn's steps: draw, card, place, walk, tests, rooms, fights

_DEFAULTS: dict[str, Any] = {"players": 2, "round_limit": 300, "long_walk": False}


def _game_type(utility: Any, players: tuple[int, int]) -> Any:
    return pyspiel.GameType(
        short_name="python_verlies",
        long_name="Python Raus aus dem Verlies",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_DEFAULTS),
    )


#: What is registered: zero-sum (the returns of two or more seats sum to 0).
GAME_TYPE = _game_type(pyspiel.GameType.Utility.ZERO_SUM, (1, 4))


class VerliesGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game: parameters -> a verlies setup and its encoding."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**_DEFAULTS, **(params or {})}
        self.players = int(p["players"])
        self.round_limit = int(p["round_limit"])
        self.variants = Variants(long_walk=bool(p["long_walk"]))
        # The parameters are checked here, at load_game, with OpenSpiel's error type and
        # the rule's ID (R2.2 players, R1.6 round limit), not at the first state.
        try:
            self.setup = Setup(
                players=self.players,
                round_limit=self.round_limit,
                variants=self.variants,
                deck=_default_deck(),
            )
        except SetupError as e:
            raise pyspiel.SpielError(f"python_verlies: {e}") from None
        # Every state starts as a clone of this one (a clone is cheaper than a new game).
        self._initial = Game.from_setup(self.setup, log=False)
        self.encoding = Encoding(
            self.setup.deck, self.players, self.variants
        )  # fixed per deck, players, variants
        # One seat alone (R1.3 solo) scores 1 for escaping: not zero-sum.
        game_type = (
            GAME_TYPE
            if self.players >= 2
            else _game_type(pyspiel.GameType.Utility.GENERAL_SUM, (1, 4))
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=self.encoding.max_chance_outcomes,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if self.players >= 2 else None,
            max_game_length=self.round_limit * self.players * _MAX_STEPS_PER_TURN,
        )
        super().__init__(game_type, info, p)

    def new_verlies_game(self) -> Game:
        return self._initial.clone()

    def new_initial_state(self) -> VerliesState:
        return VerliesState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> VerliesObserver:
        return VerliesObserver(self.encoding, iig_obs_type, params)


def _default_deck() -> Any:
    from verlies.deck import Deck

    return Deck.default()


#: What a step was, for the information states: a public step, a treasure draw (only
#: the drawer sees the card, R9.3) or a treasure given up face down (R9.4: the others
#: learn only that one went).
_PUBLIC, _DRAW, _LOST = 0, 1, 2

#: A trail of steps: ``(kind, seat, id, earlier trail)``, shared between clones (a clone
#: copies one reference; a step adds one tuple in front).
Trail = tuple[int, int, int, Any] | None


class _Play:
    """The verlies game behind a state. Copied by ``Game.clone`` (OpenSpiel deep-copies a
    Python state's attributes at every node) and pickled as parameters + action ids (the
    ids are worked out from the game's steps when pickling, so a clone copies no list of
    its own). ``trail`` is what each step showed to whom (the information states);
    ``summarised`` the seats whose private history a resampled world replaced by their
    hand in that world (``VerliesState.resample_from_infostate``)."""

    __slots__ = ("game", "encoding", "params", "trail", "summarised")

    def __init__(
        self,
        game: Game,
        encoding: Encoding,
        params: Any,
        trail: Trail = None,
        summarised: frozenset[int] = frozenset(),
    ) -> None:
        self.game = game
        self.encoding = encoding
        self.params = params
        self.trail = trail
        self.summarised = summarised

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        return _Play(self.game.clone(), self.encoding, self.params, self.trail, self.summarised)

    def ids(self) -> list[int]:
        """The OpenSpiel action ids of the steps taken (replayed on a copy)."""
        enc = self.encoding
        g = Game(self.game.setup, log=False)
        out: list[int] = []
        for step in self.game.steps:
            if g.is_chance:
                out.append(enc.outcome_to_index(step))  # type: ignore[arg-type]
            else:
                out.append(enc.action_to_index(g, step))  # type: ignore[arg-type]
            g.apply(step)
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        return (_replay, (self.params, self.ids()))

    def memory(self, seat: int) -> tuple[list[int], list[int]]:
        """Per treasure id (the encoding's order): how many ``seat`` drew in the game and
        how many it gave up face down (it knows they lie under the pile, R9.4). A seat of
        a resampled world counts its hand there."""
        enc = self.encoding
        t = len(enc.treasure_ids)
        drawn, lost = [0] * t, [0] * t
        if seat in self.summarised:
            for h in self.game.figures[seat].treasures:
                drawn[enc.treasure_ids.index(h.card.id)] += 1
            return drawn, lost
        node = self.trail
        while node is not None:
            kind, who, idx, node = node
            if who != seat or kind == _PUBLIC:
                continue
            if kind == _DRAW:
                card = enc.index_to_outcome(idx)
                drawn[enc.treasure_ids.index(card.card)] += 1  # type: ignore[union-attr]
            else:
                lost[idx - _lose_start(enc)] += 1
        return drawn, lost

    def information_state(self, seat: int) -> str:
        """``seat``'s full private history (perfect recall): every step in order, each as
        the seat saw it; another seat's treasure draws and lost treasures masked. A seat
        of a resampled world (``summarised``) reads its hand there instead of its own
        draws, which that world does not know."""
        parts: list[str] = []
        summary = seat in self.summarised
        node = self.trail
        while node is not None:
            kind, who, idx, node = node
            if kind == _PUBLIC:
                parts.append(f"{who}:{idx}")
            elif kind == _DRAW:
                parts.append(f"t{who}:{idx}" if who == seat and not summary else f"t{who}")
            else:
                parts.append(f"{who}:{idx}" if who == seat and not summary else f"l{who}")
        parts.append(f"p{seat}")
        parts.reverse()
        if summary:
            fig = self.game.figures[seat]
            parts.append(
                "hand "
                + ",".join(sorted(f"{h.card.id}{'*' if h.used else ''}" for h in fig.treasures))
            )
        return " ".join(parts)


def _lose_start(enc: Encoding) -> int:
    return next(b.start for b in enc.action_blocks if b.name == "lose_treasure")


def _replay(params: dict[str, Any], ids: list[int]) -> _Play:
    game = pyspiel.load_game("python_verlies", params)
    state = game.new_initial_state()
    for a in ids:
        state.apply_action(a)
    play: _Play = state._play
    return play


class VerliesState(pyspiel.State):  # type: ignore[misc]
    """A position: the verlies game plus the action ids that led to it."""

    def __init__(self, game: VerliesGame) -> None:
        # OpenSpiel clones a Python state by making a new initial state and deep-copying
        # the original's attributes over it; so the verlies game is made on first use
        # (``__getattr__``), and a clone costs one ``Game.clone`` of the position.
        super().__init__(game)

    def __getattr__(self, name: str) -> Any:
        if name != "_play":
            raise AttributeError(name)
        game: VerliesGame = self.get_game()
        params = {
            "players": game.players,
            "round_limit": game.round_limit,
            "long_walk": game.variants.long_walk,
        }
        play = _Play(game.new_verlies_game(), game.encoding, params)
        self._play = play
        return play

    @property
    def verlies(self) -> Game:
        """The verlies game in this position (for reading; apply through OpenSpiel)."""
        return self._play.game

    @property
    def truncated(self) -> bool:
        """Ended by the round limit (R1.6): a truncation, not an outcome."""
        return self._play.game.truncated

    def current_player(self) -> int:
        g = self._play.game
        if g.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if g.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        return g.current_player

    def _legal_actions(self, player: int) -> list[int]:
        return self._play.encoding.legal_indices(self._play.game)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._play.encoding.chance_outcomes(self._play.game)

    def _apply_action(self, action: int) -> None:
        play = self._play
        g = play.game
        seat = g.seat
        if g.is_chance:
            kind = _DRAW if g.chance_kind == "treasure" else _PUBLIC
            g.apply(play.encoding.index_to_outcome(action))
            who = -1 if kind == _PUBLIC else seat
        else:
            step = play.encoding.index_to_action(g, action)
            kind = _LOST if type(step) is LoseTreasure else _PUBLIC
            g.apply(step)
            who = seat
        play.trail = (kind, who, action, play.trail)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> VerliesState:
        """A state ``player_id`` cannot tell from this one: what it cannot see dealt anew
        (``Game.determinise``: the others' unused treasures, the lost ones, the treasure
        pile), with a source seeded from ``probability_sampler()`` (OpenSpiel's sampler:
        a float in [0, 1)). Its information state for ``player_id`` is this one's; the
        other seats' read their hands in the new world (their draws there are unknown).
        OpenSpiel's ``history()`` of the copy is this state's."""
        seed = int(float(probability_sampler()) * 2**53)
        play = self._play
        world = play.game.determinise(player_id, random.Random(seed))
        out: VerliesState = self.clone()
        others = frozenset(range(play.game.players)) - {player_id}
        out._play = _Play(world, play.encoding, play.params, play.trail, others)
        return out

    def _action_to_string(self, player: int, action: int) -> str:
        enc = self._play.encoding
        if player == pyspiel.PlayerId.CHANCE:
            return enc.index_to_outcome(action).label
        return enc.index_to_action(self._play.game, action).label

    def is_terminal(self) -> bool:
        return self._play.game.is_over

    def returns(self) -> list[float]:
        return list(self._play.game.returns())

    def __str__(self) -> str:
        g = self._play.game
        where = " ".join(
            f"p{f.seat}@{f.pos[0]},{f.pos[1]}" + ("(out)" if f.escaped else "") for f in g.figures
        )
        return f"{g.status()} | {where} | tiles {len(g.board)}"


class VerliesObserver:
    """The observation of one seat (the encoding's array) and a short public string; or,
    with ``perfect_recall``, its information state.

    Only the seat's own view (R9.3) is offered: an observation type that asks for all
    players' private information is refused (the frameworks' perfect-information
    observer does not exist for this game).

    The information state's **string** is the seat's full private history: every step in
    order as the seat saw it (``_Play.information_state``), so two histories the seat can
    tell apart never share it. Its **tensor** has a fixed size, as OpenSpiel needs: the
    observation, then per treasure id the number the seat drew in the game and the number
    it gave up face down (both / 2): a summary of its memory, not the whole history
    (the board already keeps every card laid)."""

    def __init__(self, encoding: Encoding, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS
        ):
            raise ValueError("python_verlies observes one seat: others' treasures are hidden")
        self.perfect_recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type is None or (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        self.encoding = encoding
        t = len(encoding.treasure_ids)
        size = encoding.observation_size + (2 * t if self.perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {
            b.name: self.tensor[b.start : b.start + b.size] for b in encoding.observation_blocks
        }
        if self.perfect_recall:
            n = encoding.observation_size
            self.dict["drawn"] = self.tensor[n : n + t]
            self.dict["lost"] = self.tensor[n + t : n + 2 * t]

    def set_from(self, state: VerliesState, player: int) -> None:
        n = self.encoding.observation_size
        self.tensor[:n] = self.encoding.observation(state.verlies, player)
        if not self.private:
            hand = self.dict["hand"]
            hand[:] = 0.0
        if self.perfect_recall:
            drawn, lost = state._play.memory(player)
            if not self.private:
                drawn = lost = [0] * len(drawn)
            self.dict["drawn"][:] = np.asarray(drawn, np.float32) / 2
            self.dict["lost"][:] = np.asarray(lost, np.float32) / 2

    def string_from(self, state: VerliesState, player: int) -> str:
        if self.perfect_recall:
            return state._play.information_state(player)
        g = state.verlies
        view = g.view(player)
        parts = [f"p{player}", f"round {view.round}", f"pending {g.pending or 'over'}"]
        for p in view.players():
            parts.append(
                f"p{p['seat']}@{p['pos'][0]},{p['pos'][1]} coins {p['coins']} "
                f"treasures {p['treasure_count']}" + (" out" if p["escaped"] else "")
            )
        if self.private:
            parts.append("mine " + ",".join(sorted(view.my_treasures)))
        return " | ".join(parts)


pyspiel.register_game(GAME_TYPE, VerliesGame)

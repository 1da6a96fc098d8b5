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

from typing import Any

import numpy as np
import pyspiel

from verlies.game import Game
from verlies.interop.encoding import Encoding
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
        provides_information_state_string=False,
        provides_information_state_tensor=False,
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
        self.encoding = Encoding(
            _default_deck(), self.players, self.variants
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
        return Game.new(
            players=self.players,
            round_limit=self.round_limit,
            variants=self.variants,
            log=False,
        )

    def new_initial_state(self) -> VerliesState:
        return VerliesState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> VerliesObserver:
        return VerliesObserver(self.encoding, iig_obs_type, params)


def _default_deck() -> Any:
    from verlies.deck import Deck

    return Deck.default()


class _Play:
    """The verlies game behind a state. Copied by ``Game.clone`` (OpenSpiel deep-copies a
    Python state's attributes at every node) and pickled as parameters + action ids."""

    __slots__ = ("game", "encoding", "ids", "params")

    def __init__(self, game: Game, encoding: Encoding, ids: list[int], params: Any) -> None:
        self.game = game
        self.encoding = encoding
        self.ids = ids
        self.params = params

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        return _Play(self.game.clone(), self.encoding, list(self.ids), self.params)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_replay, (self.params, list(self.ids)))


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
        super().__init__(game)
        params = {
            "players": game.players,
            "round_limit": game.round_limit,
            "long_walk": game.variants.long_walk,
        }
        self._play = _Play(game.new_verlies_game(), game.encoding, [], params)

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
        if g.is_chance:
            g.apply(play.encoding.index_to_outcome(action))
        else:
            g.apply(play.encoding.index_to_action(g, action))
        play.ids.append(action)

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
    """The observation of one seat (the encoding's array) and a short public string.

    Only the seat's own view (R9.3) is offered: an observation type that asks for all
    players' private information is refused (the frameworks' perfect-information
    observer does not exist for this game)."""

    def __init__(self, encoding: Encoding, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS
        ):
            raise ValueError("python_verlies observes one seat: others' treasures are hidden")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError(
                "python_verlies offers observations, not information states (perfect recall)"
            )
        self.private = iig_obs_type is None or (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        self.encoding = encoding
        self.tensor = np.zeros(encoding.observation_size, np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {
            b.name: self.tensor[b.start : b.start + b.size] for b in encoding.observation_blocks
        }

    def set_from(self, state: VerliesState, player: int) -> None:
        self.tensor[:] = self.encoding.observation(state.verlies, player)
        if not self.private:
            hand = self.dict["hand"]
            hand[:] = 0.0

    def string_from(self, state: VerliesState, player: int) -> str:
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

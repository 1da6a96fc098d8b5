"""verlies as a PettingZoo AEC environment (needs ``pip install verlies[pettingzoo]``).

>>> import verlies.pettingzoo
>>> env = verlies.pettingzoo.env(players=2)
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> int(obs["action_mask"].sum()), env.agent_selection
(1, 'player_0')

Agents are ``player_0`` .. ``player_{n-1}`` (the seats). Die rolls and card draws are
resolved inside the environment by the game's own seeded source, so ``reset(seed=s)``
plays the verlies game of seed ``s`` (``reset()`` without a seed draws the next seed from
the last one). Each observation is a dict: ``observation``, the seat's own view as
:meth:`verlies.interop.encoding.Encoding.observation` makes it, and ``action_mask``.
Rewards come at the end: ``Game.returns()`` (winners split +1, the others -1); a game cut
off by the round limit (R1.6) ends as a truncation with rewards 0. An escaped figure
waits (its seat is not selected) until the game ends. Render modes: ``ansi`` (text),
``svg`` (the board as the notebooks draw it), ``rgb_array`` (a small numpy raster) and
``human`` (prints the text).

:func:`parallel_env` is the simultaneous-move view (PettingZoo's Parallel API: each step
one decision, of the one agent whose mask is not all 0), :func:`simultaneous_env` that view
as an AEC env with every agent once a cycle; the module
:mod:`verlies.interop.pettingzoo_simultaneous` offers both under PettingZoo's names.

>>> par = verlies.pettingzoo.parallel_env(players=2)
>>> obs, infos = par.reset(seed=1)
>>> [a for a in par.agents if obs[a]["action_mask"].any()]
['player_0']
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import parallel_to_aec
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from verlies.board import SIDES, Pos
from verlies.cards.model import TileKind
from verlies.errors import VerliesError
from verlies.game import Game
from verlies.interop.encoding import Encoding
from verlies.state import Table
from verlies.variants import Variants

__all__ = [
    "Checked",
    "VerliesEnv",
    "VerliesParallelEnv",
    "env",
    "parallel_env",
    "raw_env",
    "simultaneous_env",
]

_CELL = 12  # pixels a card side in rgb_array
_SEAT_RGB = ((220, 40, 40), (40, 90, 230), (40, 170, 60), (240, 200, 30))
_KIND_RGB = {
    TileKind.START: (150, 150, 150),
    TileKind.EXIT: (250, 250, 250),
    TileKind.CORRIDOR: (120, 100, 80),
    TileKind.ROOM: (170, 130, 90),
}


class VerliesEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment: one verlies game, one agent per seat."""

    RENDER_MODES = ("human", "ansi", "svg", "rgb_array")
    metadata = {
        "render_modes": list(RENDER_MODES),
        "name": "verlies_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        players: int = 2,
        render_mode: str | None = None,
        round_limit: int | None = 300,
        variants: Variants | None = None,
        deck: Any = None,
        max_cycles: int | None = None,
    ) -> None:
        super().__init__()
        if max_cycles is not None and (type(max_cycles) is not int or max_cycles < 1):
            raise ValueError(f"max_cycles must be a whole number >= 1 or None, not {max_cycles!r}")
        self.max_cycles = max_cycles
        self._decisions = 0
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(self.RENDER_MODES)}")
        self.render_mode = render_mode
        self._params: dict[str, Any] = {
            "players": players,
            "round_limit": round_limit,
            "variants": variants,
            "deck": deck,
        }
        self.game = Game.new(seed=0, log=False, **self._params)
        self.encoding = Encoding.for_game(self.game)
        self._seeds = random.Random()
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.encoding.observation_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoding.num_actions,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Discrete(self.encoding.num_actions) for a in self.possible_agents
        }
        t = len(self.encoding.treasure_ids)
        self.state_space = spaces.Box(
            0.0, 1.0, (self.encoding.observation_size + 4 * t,), np.float32
        )
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        # The engine's legal actions now, and each legal index's place in them: the step
        # applies the engine's own action object (its legality check is then one identity
        # test, not a search by value).
        self._actions: tuple[Any, ...] = ()
        self._legal: dict[int, int] = {}
        self._no_mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
        self._mask = self._no_mask
        self._deciding = -1  # the seat whose mask is _mask (-1: none)
        self._over = False  # the game has ended (or was cut off): only dead steps are left
        # (index -> place in the actions, mask) by (the figure's card, the legal actions)
        self._legal_cache: dict[tuple[Pos, tuple[Any, ...]], tuple[dict[int, int], Any]] = {}
        self._index_of: dict[tuple[Pos, Any], int] = {}  # (figure's card, action) -> index
        self._reset_dicts()
        self.agent_selection = self.possible_agents[0]

    # ---- the AEC interface --------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _reset_dicts(self) -> None:
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: of seed ``seed`` (or the next seed of the last one); with
        ``options={"game": g}``, a copy of the verlies game ``g`` as it stands (its own
        seed and chance source; same players and a deck this env's encoding numbers), to
        play on from a position."""
        start = (options or {}).get("game")
        if start is not None:
            if not isinstance(start, Game):
                raise TypeError(f'options["game"] must be a verlies Game, not {start!r}')
            if start.players != len(self.possible_agents):
                raise ValueError(
                    f"this env has {len(self.possible_agents)} seats; the game has "
                    f"{start.players} (R2.2)"
                )
            if start.is_over:
                raise ValueError("the game is over: nothing is left to decide in it")
            self.encoding.check(start)
            if seed is not None:
                self._seeds = random.Random(seed)
            self.game = start.clone(log=False)
        else:
            if seed is not None:
                self._seeds = random.Random(seed)
                game_seed = seed
            else:
                game_seed = self._seeds.getrandbits(63)
            self.game = Game.new(seed=game_seed, log=False, **self._params)
        self.agents = self.possible_agents[:]
        self._decisions = 0
        self._over = False
        self._reset_dicts()
        self._advance()

    def seat_of(self, agent: str) -> int:
        """The seat (0-based, the game's) that ``agent`` plays."""
        return self._seat_of[agent]

    def is_legal_index(self, index: int) -> bool:
        """Whether action ``index`` is one the deciding seat may take now (its mask is 1
        there)."""
        return index in self._legal

    def stop_deciding(self) -> None:
        """No seat decides any more: every mask all 0 from now on (until ``reset``). For
        a view that ends the game itself (the parallel env's ``max_cycles``)."""
        self._actions = ()
        self._legal = {}
        self._deciding = -1

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()`` (the selected agent's observation, cumulative reward,
        end flags and info), read directly: it runs at every decision."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``agent``'s observation (a new array) and action mask (a copy of the kept
        mask of this position: all 0 unless the agent decides now)."""
        seat = self._seat_of[agent]
        mask = self._mask if seat == self._deciding else self._no_mask
        return {
            "observation": self.encoding.observation(self.game, seat),
            "action_mask": mask.copy(),
        }

    def state(self) -> npt.NDArray[np.float32]:
        """The global state (PettingZoo's ``state()``, for centralised critics): seat 0's
        observation, then every seat's hand (unused and used count per treasure id, / 2),
        the treasure pile's content and the lost treasures under it (count per id over the
        deck's count). It shows what the seats hide from each other (R9.3): not for a
        seat's policy. Every field 0..1; ``state_space`` is its Box."""
        enc = self.encoding
        game = self.game
        t = len(enc.treasure_ids)
        out = np.zeros(enc.observation_size + 4 * t, np.float32)
        out[: enc.observation_size] = enc.observation(game, 0)
        hands = out[enc.observation_size : enc.observation_size + 2 * t]
        index = {tid: i for i, tid in enumerate(enc.treasure_ids)}
        for f in game.figures:
            for h in f.treasures:
                j = index.get(h.card.id)
                if j is not None:
                    hands[j + (t if h.used else 0)] += 0.5
        pile = game.state.treasures
        rest = out[enc.observation_size + 2 * t :]
        counts = game.deck.treasure_counts
        for cid, n in pile.counts.items():
            if cid in index:
                rest[index[cid]] = n / max(1, counts.get(cid, 1))
        for cid in pile.bottom:
            if cid in index:
                rest[t + index[cid]] += 1 / max(1, counts.get(cid, 1))
        np.clip(out, 0.0, 1.0, out=out)
        return out

    def step(self, action: Any) -> None:
        if self._over:  # every agent ended together: the selected one's last (None) step
            self._was_dead_step(action)
            return
        # While the game runs every reward is 0 (they come at the end), so the acting
        # agent's cumulative reward, which PettingZoo resets here, is 0 already.
        game = self.game
        index = int(action)
        place = self._legal.get(index)
        if place is not None:
            game.apply(self._actions[place])  # the engine's own object: no search for it
        else:  # IllegalAction naming the rule
            game.apply(self.encoding.index_to_action(game, index))
        self._decisions += 1
        self._advance()

    def _advance(self) -> None:
        """Roll the chance points, then select the seat to decide (or end the game)."""
        game = self.game
        if game.state.at_chance:
            game.play_chance()
        state = game.state
        if state.over:
            self._end_of_game()
        elif self.max_cycles is not None and self._decisions >= self.max_cycles:
            self._cut_off()
        else:
            self._legal_now(state)
            self.agent_selection = self.possible_agents[self._deciding]

    def _cut_off(self) -> None:
        """max_cycles decisions taken: a truncation, rewards 0 (as the round limit)."""
        self._over = True
        self.stop_deciding()
        for a in self.agents:
            self.rewards[a] = 0.0
            self.truncations[a] = True
            self.infos[a] = {"reason": "max_cycles"}
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def _end_of_game(self) -> None:
        """The game is over: ``Game.returns()`` as rewards (0 for a truncation by the round
        limit, R1.6), then every agent takes its last (None) step, in seat order."""
        game = self.game
        self._over = True
        self.stop_deciding()
        returns = game.returns()
        truncated = game.truncated
        result = game.result
        for a in self.agents:
            self.rewards[a] = returns[self._seat_of[a]]
            self.terminations[a] = not truncated
            self.truncations[a] = truncated
            self.infos[a] = {"reason": result.reason if result else ""}
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def _legal_now(self, state: Table) -> None:
        """The legal actions by index and their mask, for the seat deciding now (the game
        is neither over nor at a chance point), kept by the actions (values: a tuple of
        them hashes in C) and the figure's card (indices are relative to it). The engine
        hands out the same tuple while a figure's turn choices stay; the same choices (an
        attempt or a decline, a fight's options, the same placements) recur all game. An
        equal tuple has its actions in the same places, so the kept places index this
        one."""
        game = self.game
        legal = game.legal_actions()
        seat = state.seat
        self._deciding = seat
        self._actions = legal
        pos = state.figures[seat].pos
        key = (pos, legal)
        hit = self._legal_cache.get(key)
        if hit is not None:
            self._legal, self._mask = hit
            return
        enc = self.encoding
        # Each action's index by (the figure's card, the action): placements and walks
        # come back in new combinations (another drawn card, a newly laid neighbour).
        indices = self._index_of
        if len(indices) > 16384:
            indices.clear()
        places = {}
        for place, a in enumerate(legal):
            i = indices.get((pos, a))
            if i is None:
                i = indices[(pos, a)] = enc.action_to_index(game, a)
            places[i] = place
        mask = np.zeros(enc.num_actions, dtype=np.int8)
        mask[list(places)] = 1
        self._legal, self._mask = places, mask
        if len(self._legal_cache) > 4096:
            self._legal_cache.clear()
        self._legal_cache[key] = (places, mask)

    def _was_dead_step(self, action: Any) -> None:
        super()._was_dead_step(action)
        if self.agents:
            self.agent_selection = self.agents[0]

    # ---- pictures -------------------------------------------------------------------------

    def render(self) -> Any:
        mode = self.render_mode
        if mode is None:
            return None
        if mode == "ansi":
            return self.ansi()
        if mode == "human":
            print(self.ansi())
            return None
        if mode == "svg":
            return self.game.board_svg(lang="en")
        return self.rgb_array()

    def ansi(self) -> str:
        """The board in text: each card 3x3 characters (# walls, a digit for a figure,
        E exit, R room, S start, x a collapsed exit), then the status."""
        game = self.game
        board = game.board
        xs = [p[0] for p in board]
        ys = [p[1] for p in board]
        x0, y0 = min(xs), min(ys)
        w, h = max(xs) - x0 + 1, max(ys) - y0 + 1
        rows = [[" "] * (3 * w) for _ in range(3 * h)]
        here: dict[Pos, str] = {}
        for f in game.figures:
            if not f.escaped:
                here.setdefault(f.pos, str(f.seat))
        for (x, y), tile in board.items():
            cx, cy = 3 * (x - x0), 3 * (y - y0)
            for dy in range(3):
                for dx in range(3):
                    rows[cy + dy][cx + dx] = "#"
            for bit, sx, sy, _ in SIDES:
                if tile.mask & bit:
                    rows[cy + 1 + sy][cx + 1 + sx] = " "
            kind = tile.card.kind
            mark = {TileKind.EXIT: "E", TileKind.ROOM: "R", TileKind.START: "S"}.get(kind, " ")
            if tile.collapsed:
                mark = "x"
            rows[cy + 1][cx + 1] = here.get((x, y), mark)
        lines = ["".join(r).rstrip() for r in rows]
        lines.append(self.status())
        return "\n".join(lines)

    def status(self) -> str:
        """One line on where the game stands, the seats named as the agents are."""
        game = self.game
        if game.is_over:
            r = game.result
            winners = ", ".join(self.possible_agents[w] for w in (r.winners if r else ()))
            return f"Round {game.round}: over ({r.reason if r else ''})" + (
                f", won by {winners}" if winners else ""
            )
        who = "chance" if game.is_chance else self.possible_agents[game.seat]
        return f"Round {game.round}: {who} to move ({game.pending})"

    def rgb_array(self) -> npt.NDArray[np.uint8]:
        """A small picture of the board (no fonts, no cairo): floors, passages, figures."""
        game = self.game
        board = game.board
        xs = [p[0] for p in board]
        ys = [p[1] for p in board]
        x0, y0 = min(xs), min(ys)
        c = _CELL
        img = np.zeros(((max(ys) - y0 + 1) * c, (max(xs) - x0 + 1) * c, 3), dtype=np.uint8)
        img[:] = (30, 25, 20)
        q = c // 4
        for (x, y), tile in board.items():
            px, py = (x - x0) * c, (y - y0) * c
            rgb = (90, 60, 60) if tile.collapsed else _KIND_RGB.get(tile.card.kind, (120, 100, 80))
            img[py + q : py + c - q, px + q : px + c - q] = rgb
            for bit, sx, sy, _ in SIDES:
                if tile.mask & bit:
                    ax, ay = px + q + sx * q, py + q + sy * q
                    img[ay : ay + c - 2 * q, ax : ax + c - 2 * q] = rgb
            if tile.card.obstacle is not None and not tile.opened:
                img[py + c // 2 - 1 : py + c // 2 + 1, px + q : px + c - q] = (200, 60, 200)
        for f in game.figures:
            if not f.escaped:
                px, py = (f.pos[0] - x0) * c, (f.pos[1] - y0) * c
                o = 1 + f.seat % 2 * (c // 3)
                p = f.seat // 2 * (c // 3)
                img[py + q + p : py + q + p + 2, px + q + o - 1 : px + q + o + 1] = _SEAT_RGB[
                    f.seat
                ]
        return img

    def close(self) -> None:
        pass


class VerliesParallelEnv(ParallelEnv):  # type: ignore[misc]
    """The simultaneous-move view of one verlies game (PettingZoo's Parallel API).

    Every ``step(actions)`` is one decision: ``actions`` holds an action for each live
    agent, as parallel trainers send them, and the one agent whose ``action_mask`` is not
    all 0 (the seat that decides now; exactly one) has its action applied. The others'
    entries are ignored (their masks are all 0: nothing they could choose; they may
    also be left out), then the chance points are rolled. An action of the deciding agent
    that the rules refuse now (its mask says 0) changes nothing: the step still counts
    (for ``max_cycles``), its info says ``illegal_action`` (the index) and ``reason``
    (the rule's message), its reward is 0, and it decides again. Observations are the
    AEC environment's (each seat's own view, R9.3). Agents stay in ``agents`` until the
    game ends (an escaped figure waits with an all-0 mask); then all end together: a
    termination with ``Game.returns()``, or a truncation with rewards 0 (the round limit,
    R1.6, or ``max_cycles`` steps). ``state()`` and ``render()`` are the AEC env's.
    """

    metadata = {
        "render_modes": list(VerliesEnv.RENDER_MODES),
        "name": "verlies_parallel_v0",
        "is_parallelizable": True,
        "render_fps": 2,
    }

    def __init__(
        self,
        players: int = 2,
        render_mode: str | None = None,
        round_limit: int | None = 300,
        variants: Variants | None = None,
        deck: Any = None,
        max_cycles: int | None = None,
    ) -> None:
        if max_cycles is not None and (type(max_cycles) is not int or max_cycles < 1):
            raise ValueError(f"max_cycles must be a whole number >= 1 or None, not {max_cycles!r}")
        self.aec = VerliesEnv(
            players=players,
            render_mode=render_mode,
            round_limit=round_limit,
            variants=variants,
            deck=deck,
        )
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.possible_agents = self.aec.possible_agents[:]
        self.agents: list[str] = []
        self.observation_spaces = self.aec.observation_spaces
        self.action_spaces = self.aec.action_spaces
        self.state_space = self.aec.state_space
        self._cycles = 0
        self._actions = self.aec.encoding.num_actions

    @property
    def game(self) -> Game:
        return self.aec.game

    @property
    def encoding(self) -> Encoding:
        return self.aec.encoding

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.aec.reset(seed=seed, options=options)
        self.agents = self.possible_agents[:]
        self._cycles = 0
        observe = self.aec.observe
        return {a: observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Any],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        if not self.agents:
            raise ValueError("the game is over: reset() starts the next one")
        aec = self.aec
        agents = self.agents
        acting = aec.agent_selection
        if acting not in actions or actions[acting] is None:
            raise ValueError(
                f"{acting} decides now (its action_mask marks the legal actions): "
                "actions holds no action for it"
            )
        action = actions[acting]
        if not (type(action) is int and 0 <= action < self._actions) and not (
            self.action_spaces[acting].contains(action)
        ):
            raise ValueError(f"{acting}'s action {action!r} is not in its action space")
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        index = int(action)
        if aec.is_legal_index(index):
            aec.step(index)
        else:
            try:  # the rules' own refusal, naming the rule (the game stays as it was)
                aec.game.apply(aec.encoding.index_to_action(aec.game, index))
            except VerliesError as e:
                infos[acting] = {"illegal_action": index, "reason": str(e)}
            else:  # pragma: no cover - every legal action is in the mask
                raise AssertionError(f"action {index} was legal but not in the mask")
        self._cycles += 1
        game = aec.game
        rewards = dict.fromkeys(agents, 0.0)
        ended = game.is_over
        truncated = ended and game.truncated
        if not ended and self.max_cycles is not None and self._cycles >= self.max_cycles:
            ended = truncated = True
            for a in agents:
                infos[a]["reason"] = "max_cycles"
            aec.stop_deciding()  # every mask all 0
        elif ended:
            returns = game.returns()
            result = game.result
            for a in agents:
                rewards[a] = float(returns[aec.seat_of(a)])
                infos[a]["reason"] = result.reason if result else ""
        observe = aec.observe
        observations = {a: observe(a) for a in agents}
        terminations = dict.fromkeys(agents, ended and not truncated)
        truncations = dict.fromkeys(agents, truncated)
        if ended:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def state(self) -> npt.NDArray[np.float32]:
        """The global state: see :meth:`VerliesEnv.state`."""
        return self.aec.state()

    def render(self) -> Any:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()


def _forwarded(name: str, before_reset: bool) -> property:
    """A property reading ``name`` of the wrapped env (an AttributeError before reset
    unless ``before_reset``, as OrderEnforcingWrapper's ``__getattr__`` raises)."""

    def get(self: Checked) -> Any:
        if not before_reset and not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    return property(get)


class Checked(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's checks as :func:`env` hands the environment out: a subclass of its
    ``OrderEnforcingWrapper`` (reset before step, observe, render, state and
    ``agent_iter``; step or reset in every ``agent_iter`` loop; a warning on a step after
    the end) that also asserts ``AssertOutOfBoundsWrapper``'s check (an action in the
    action space, or None for an ended agent). One layer instead of two, and the
    attributes read at every step (``agent_selection``, ``terminations``...) are
    properties instead of ``__getattr__`` passed through two wrappers: the same checks,
    about a fifth of their cost (benchmarks/interop.py measures both)."""

    agent_selection = _forwarded("agent_selection", False)
    agents = _forwarded("agents", False)
    rewards = _forwarded("rewards", False)
    terminations = _forwarded("terminations", False)
    truncations = _forwarded("truncations", False)
    infos = _forwarded("infos", False)
    _cumulative_rewards = _forwarded("_cumulative_rewards", True)
    possible_agents = _forwarded("possible_agents", True)
    _has_updated: bool  # OrderEnforcingWrapper's: a step or reset since the last agent

    def __init__(self, env: VerliesEnv) -> None:
        super().__init__(env)
        self._actions = env.encoding.num_actions

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        """PettingZoo's ``agent_iter`` with its checks (reset first; a step or reset in
        every loop), the agent read from the environment directly (see
        :meth:`next_agent`)."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _CheckedIterable(self, max_iter)

    def next_agent(self, left: int) -> str:
        """The next agent of an ``agent_iter`` loop that may go on ``left`` more times:
        what PettingZoo's order-enforcing iterator does (StopIteration when no agent is
        left or the loop has run out; an AssertionError when the last agent did not
        step), reading the environment without the wrapper's forwarding properties."""
        env = self.env
        if not env.agents or left <= 0:
            raise StopIteration
        assert self._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        self._has_updated = False
        return env.agent_selection  # type: ignore[no-any-return]

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        env = self.env
        self._has_updated = True
        if not env.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        if not (type(action) is int and 0 <= action < self._actions):
            agent = env.agent_selection
            assert (
                action is None and (env.terminations[agent] or env.truncations[agent])
            ) or env.action_space(agent).contains(action), "action is not in action space"
        env.step(action)

    def __str__(self) -> str:
        return str(self.env)


class _CheckedIterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _CheckedIterator:
        return _CheckedIterator(self.env, self.max_iter)


class _CheckedIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """An ``agent_iter`` loop over :class:`Checked` (its checks: ``Checked.next_agent``)."""

    def __next__(self) -> str:
        agent = self.env.next_agent(self.iters_til_term)
        self.iters_til_term -= 1
        return agent  # type: ignore[no-any-return]


def raw_env(**kwargs: Any) -> VerliesEnv:
    """The environment without PettingZoo's checks."""
    return VerliesEnv(**kwargs)


def env(**kwargs: Any) -> Any:
    """``verlies.pettingzoo.env(players=2, render_mode=None, round_limit=300, variants=None,
    deck=None, max_cycles=None)``: the environment inside PettingZoo's order and bounds
    checks (:class:`Checked`). ``max_cycles``: the game is truncated (rewards 0) after
    that many decisions."""
    return Checked(VerliesEnv(**kwargs))


def parallel_env(**kwargs: Any) -> VerliesParallelEnv:
    """``verlies.pettingzoo.parallel_env(players=2, render_mode=None, round_limit=300,
    variants=None, deck=None, max_cycles=None)``: the simultaneous-move view
    (:class:`VerliesParallelEnv`); ``max_cycles``: truncated after that many steps."""
    return VerliesParallelEnv(**kwargs)


def simultaneous_env(**kwargs: Any) -> Any:
    """The parallel view as an AEC environment (PettingZoo's ``parallel_to_aec``): every
    live agent steps once a cycle, in seat order, and the cycle is one
    :class:`VerliesParallelEnv` step (the deciding agent's action applied, the others'
    ignored). What tools that count cycles (``max_cycles_test``) expect; for play and
    search the turn-based :func:`env` is the natural one."""
    return parallel_to_aec(VerliesParallelEnv(**kwargs))

"""Running many games: on this process, on local worker processes, or on a Dask cluster.

A run is described by :class:`RunSpec` values (deck, variants, players, bots, characters,
seed). Work is cut into tasks: a task plays game indices ``start..stop`` for one or more
specs (the same indices for every spec: common random numbers for A/B comparisons).
Game ``i`` depends on ``(seed, i)`` only, and results are aggregated with exact integer
and fraction sums, so a run gives the same results whatever the number of workers, the
executor, or the order in which tasks finish.

Executors: ``workers=1`` plays in this process; ``workers=N`` (default: the machine's
cores) runs on a pool of N local worker processes that is started on first use and kept
for the life of this process (:func:`local_pool`: the next run, e.g. the page's next
balance estimate, starts at once; :func:`shutdown_pool` ends it); any other
``concurrent.futures.Executor`` is used as it is; a Dask ``distributed.Client`` gets the
specs scattered once to every worker. The specs are packed once per run, as text (decks as
deck-file text); each worker unpacks them once per run and keeps them by the run's token,
not once per task.
"""

from __future__ import annotations

import atexit
import json
import math
import multiprocessing
import os
import pickle
import random
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, Protocol

from verlies.game import Game
from verlies.rules import mix64
from verlies.setup import Setup, default_deck, editable
from verlies.sim import compiled_cache
from verlies.sim.records import (
    BotsArg,
    DeckArg,
    GameRecord,
    SimulationError,
    VariantsArg,
    bot_seed,
    game_seed,
    load_deck,
    make_bots,
    make_variants,
    play_record,
)
from verlies.sim.stalls import first_stall
from verlies.variants import Variants

__all__ = [
    "lab_game",
    "stall_link",
    "CharactersArg",
    "RunSpec",
    "Task",
    "characters_for",
    "default_workers",
    "local_pool",
    "run_tasks",
    "shutdown_pool",
]

#: Fixed character ids per seat, "all" (every character plays every seat equally often),
#: "random" (drawn per game), or None (the deck's first ones).
CharactersArg = Sequence[str] | str | None


class CancelToken(Protocol):
    """Anything with ``is_set()``, e.g. a ``threading.Event``."""

    def is_set(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class RunSpec:
    """Everything a worker needs to play game ``i`` of a run, and nothing else.

    ``setup`` is the engine's :class:`~verlies.setup.Setup` every game starts from (deck,
    variants, players, start seat, round limit; its seed is the run's seed): game ``i``
    is that setup with seed ``game_seed(seed, i)`` and its characters (``characters``:
    fixed ids, "all" or "random").
    """

    setup: Setup
    characters: tuple[str, ...] | str  # fixed ids, "all" or "random"
    bots: tuple[str, ...]  # preset names, one per seat
    label: str = ""

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def deck(self) -> Any:
        return self.setup.deck

    @property
    def variants(self) -> Variants:
        return self.setup.variants

    @property
    def seed(self) -> int:
        return self.setup.seed

    @property
    def start_seat(self) -> int:
        return self.setup.start_seat

    @property
    def round_limit(self) -> int | None:
        return self.setup.round_limit

    @staticmethod
    def build(
        *,
        players: int = 4,
        characters: CharactersArg = None,
        bots: BotsArg = None,
        deck: DeckArg = None,
        variants: VariantsArg = None,
        seed: int = 0,
        round_limit: int | None = 300,
        start_seat: int = 0,
        label: str = "",
        setup: Setup | None = None,
    ) -> RunSpec:
        """A checked spec: bad settings raise SimulationError, SetupError or DeckError.

        With ``setup`` its players, deck, variants, seed, start seat and round limit are
        taken (and its characters, unless ``characters`` says otherwise).
        """
        if setup is not None:
            if not isinstance(setup, Setup):
                raise SimulationError(f"setup must be a verlies.Setup, not {setup!r}")
            if characters is None:
                characters = setup.characters
        else:
            the_deck = load_deck(deck)
            if isinstance(characters, str) and characters in ("all", "random"):
                fixed = None
                if isinstance(players, int) and len(the_deck.characters) < players:
                    raise SimulationError(
                        f"{players} players need {players} characters; the deck has "
                        f"{len(the_deck.characters)}"
                    )
            elif isinstance(characters, str):
                fixed = [c.strip() for c in characters.split(",") if c.strip()]
            else:
                fixed = None if characters is None else list(characters)
            # Setup checks players, characters, seats and the round limit, naming the rule.
            setup = Setup(
                players=players,
                characters=fixed,
                seed=seed,
                deck=the_deck,
                variants=make_variants(variants),
                start_seat=start_seat,
                round_limit=round_limit,
            )
            if characters is None or fixed is not None:
                characters = setup.characters
        if isinstance(bots, str):
            bots = [b.strip() for b in bots.split(",") if b.strip()]
        if bots is not None and not all(isinstance(b, str) for b in bots):  # type: ignore[union-attr]
            raise SimulationError("a run's bots are preset names (e.g. careful,greedy)")
        _, bot_names = make_bots(bots, setup.players)
        chars: tuple[str, ...] | str
        if isinstance(characters, str) and characters in ("all", "random"):
            chars = characters
        else:
            chars = tuple(characters)
        spec = RunSpec(setup=setup, characters=chars, bots=tuple(bot_names), label=label)
        spec.new_game(0)  # the characters of a game are checked by Setup
        return spec

    def characters_of(self, index: int) -> tuple[str, ...]:
        return characters_for(self, index)

    def setup_of(self, index: int) -> Setup:
        """The setup of game ``index``."""
        s = self.setup
        return Setup(
            players=s.players,
            characters=self.characters_of(index),
            seed=game_seed(s.seed, index),
            deck=s.deck,
            variants=s.variants,
            start_seat=s.start_seat,
            round_limit=s.round_limit,
        )

    def new_game(self, index: int) -> Game:
        return Game.from_setup(self.setup_of(index), log=False)

    def play(self, indices: Iterable[int]) -> list[GameRecord]:
        """Play the games ``indices`` here (fresh bots, reseeded for every game)."""
        bots, _ = make_bots(list(self.bots), self.players)
        out = []
        for i in indices:
            game = self.new_game(i)
            seed = game.setup.seed
            for seat, bot in enumerate(bots):
                re = getattr(bot, "reseed", None)
                if callable(re):
                    re(bot_seed(seed, seat))
            out.append(play_record(game, bots, i))
        return out

    def describe(self) -> dict[str, Any]:
        chars = self.characters if isinstance(self.characters, str) else list(self.characters)
        return {
            "players": self.players,
            "characters": chars,
            "bots": list(self.bots),
            "deck": str(getattr(self.deck, "name", "deck")),
            "variants": self.variants.to_dict(),
            "seed": self.seed,
            "round_limit": self.round_limit,
            "start_seat": self.start_seat,
        }


def characters_for(spec: RunSpec, index: int) -> tuple[str, ...]:
    """The characters of game ``index``, per seat.

    "all": games come in blocks of C (the deck's number of characters); block ``b`` draws a
    permutation of the characters from ``(seed, b)`` and game ``i`` of it gives seat ``s``
    the character at ``(i + s) mod C``. Within every block each character plays each seat
    exactly once, and the permutations vary who sits next to whom.
    "random": P distinct characters drawn from the game's seed.
    """
    chars = spec.characters
    if not isinstance(chars, str):
        return chars
    pool = list(spec.deck.characters)
    if chars == "random":
        rng = random.Random(mix64(game_seed(spec.seed, index), 0xC4A5) >> 1)
        return tuple(rng.sample(pool, spec.players))
    block, pos = divmod(index, len(pool))
    perm = random.Random(mix64(spec.seed ^ 0xB10C, block) >> 1).sample(pool, len(pool))
    return tuple(perm[(pos + s) % len(pool)] for s in range(spec.players))


# ---- tasks and executors -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Task:
    """Play games ``start..stop`` (exclusive) for each spec in ``which``."""

    which: tuple[int, ...]
    start: int
    stop: int

    @property
    def games(self) -> int:
        return (self.stop - self.start) * len(self.which)


@dataclass(frozen=True)
class _Bundle:
    """The specs of a run, packed once (Dask scatters it whole, not element by element).

    As text where it can be: each spec's setup as the save format writes it (its deck as
    deck-file text, or none for the standard deck, which every worker has) with its
    characters, bots and label, in JSON. A deck's cards do not travel as pickles: the
    engine compiled with mypyc cannot unpickle its frozen values. A deck that cannot be
    written as text (one made only to play) travels pickled.
    """

    token: str
    data: bytes
    text: bool

    @staticmethod
    def of(specs: tuple[RunSpec, ...]) -> _Bundle:
        token = uuid.uuid4().hex
        try:
            items = [_item_text(spec) for spec in specs]
        except TypeError:  # not a verlies.Deck
            return _Bundle(token, pickle.dumps(specs, pickle.HIGHEST_PROTOCOL), False)
        return _Bundle(token, json.dumps(items).encode(), True)

    def specs(self) -> tuple[RunSpec, ...]:
        """The specs again (in a worker)."""
        if not self.text:
            specs: tuple[RunSpec, ...] = pickle.loads(self.data)
            return specs
        return tuple(_spec_of_text(text) for text in json.loads(self.data))


#: Each spec's text, kept by the spec object (specs and decks are immutable): a ranking's
#: rounds send the same hundred decks again every round, and writing a deck costs ~7 ms.
_ITEMS: OrderedDict[int, tuple[RunSpec, str]] = OrderedDict()
#: The worker's side: a spec read from its text, kept by the text (reading a deck file
#: costs ~40 ms; each worker read every deck of every round again before).
_READ: OrderedDict[str, RunSpec] = OrderedDict()
_KEEP_SPECS = 256
_SPECS_LOCK = threading.Lock()


def _item_text(spec: RunSpec) -> str:
    """``spec`` as the bundle's text: its setup as the save format writes it (its deck as
    deck-file text, or none for the standard deck, which every worker has), its
    characters, bots and label, in JSON (TypeError: a deck that is no verlies.Deck)."""
    with _SPECS_LOCK:
        kept = _ITEMS.get(id(spec))
        if kept is not None and kept[0] is spec:
            _ITEMS.move_to_end(id(spec))
            return kept[1]
    setup = spec.setup.to_dict()
    # The standard deck by identity only: an equal deck may list its cards in another
    # order (and deal other games).
    is_default = spec.deck is default_deck()
    setup["deck"] = None if is_default else editable(spec.deck).dumps()
    chars = spec.characters
    item = {
        "setup": setup,
        "characters": chars if isinstance(chars, str) else list(chars),
        "bots": list(spec.bots),
        "label": spec.label,
    }
    text = json.dumps(item)
    with _SPECS_LOCK:
        _ITEMS[id(spec)] = (spec, text)
        while len(_ITEMS) > _KEEP_SPECS:
            _ITEMS.popitem(last=False)
    return text


def _spec_of_text(text: str) -> RunSpec:
    """The spec of :func:`_item_text`'s ``text`` (a worker; the same text read once)."""
    with _SPECS_LOCK:
        spec = _READ.get(text)
        if spec is not None:
            _READ.move_to_end(text)
            return spec
    item = json.loads(text)
    chars = item["characters"]
    spec = RunSpec(
        setup=Setup.from_dict(item["setup"]),
        characters=chars if isinstance(chars, str) else tuple(chars),
        bots=tuple(item["bots"]),
        label=item["label"],
    )
    with _SPECS_LOCK:
        _READ[text] = spec
        while len(_READ) > _KEEP_SPECS:
            _READ.popitem(last=False)
    return spec


# Worker side: the specs of the last few runs, by token (a kept pool serves many runs).
_INSTALLED: dict[str, tuple[RunSpec, ...]] = {}
_KEEP_INSTALLED = 8


def _specs_of(bundle: _Bundle) -> tuple[RunSpec, ...]:
    specs = _INSTALLED.get(bundle.token)
    if specs is None:
        while len(_INSTALLED) >= _KEEP_INSTALLED:
            _INSTALLED.pop(next(iter(_INSTALLED)))  # the oldest run's
        specs = _INSTALLED[bundle.token] = bundle.specs()
    return specs


def _run_task(bundle: _Bundle, task: Task) -> list[list[GameRecord]]:
    """One task, on whatever process runs it: a list of records per spec in ``task.which``."""
    the_specs = _specs_of(bundle)
    rng = range(task.start, task.stop)
    return [the_specs[k].play(rng) for k in task.which]


# ---- the kept pool of local worker processes ----------------------------------------------

_POOL: ProcessPoolExecutor | None = None
_POOL_SIZE = 0
_POOL_ENGINE = ["pure"]
_POOL_LOCK = threading.Lock()


def local_pool(workers: int) -> ProcessPoolExecutor:
    """The pool of ``workers`` local processes, started on first use and kept for the life
    of this process (a notebook's kernel, the page's): starting processes and importing
    the engine in them costs more than a small run. Asked for another size, or after a
    worker died, a new pool replaces it."""
    global _POOL, _POOL_SIZE
    with _POOL_LOCK:
        pool = _POOL
        if pool is None or _POOL_SIZE != workers or getattr(pool, "_broken", False):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
            pool, _POOL_ENGINE[0] = start_pool(workers)
            _POOL, _POOL_SIZE = pool, workers
        return pool


def start_pool(workers: int) -> tuple[ProcessPoolExecutor, str]:
    """A new pool and the engine its workers run: the compiled build of the current source
    when there is one and its workers load it (compiled_cache), else pure Python."""
    # forkserver, not fork: the kept workers must not inherit this process's open files
    # and sockets (a kernel's ZeroMQ sockets, a browser driver's pipe), which forked
    # children would hold open for as long as they live; nor its imported pure engine
    context = multiprocessing.get_context("forkserver")
    found = compiled_cache.usable_build()
    if found is not None:
        init, initargs = compiled_cache.worker_boot(found)
        pool = ProcessPoolExecutor(
            max_workers=workers, mp_context=context, initializer=init, initargs=initargs
        )
        try:
            answer = pool.submit(eval, compiled_cache.ENGINE_FILE, {}).result()
            if answer == found.files["verlies.rules"]:
                return pool, "compiled"
            why = f"a worker ran {answer}"
        except Exception as e:  # the build did not load: pure workers, said once
            why = f"{type(e).__name__}: {e}"
        pool.shutdown(wait=False, cancel_futures=True)
        compiled_cache.refuse(found, why)
    return ProcessPoolExecutor(max_workers=workers, mp_context=context), "pure"


def pool_engine() -> str:
    """The engine the kept pool's workers run: "compiled" or "pure"."""
    return _POOL_ENGINE[0]


def shutdown_pool() -> None:
    """End the kept pool's processes (at exit anyway); the next run starts a new one."""
    global _POOL
    with _POOL_LOCK:
        pool, _POOL = _POOL, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


atexit.register(shutdown_pool)


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def check_workers(workers: object) -> None:
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or workers < 1
    ):
        raise SimulationError(f"workers must be a whole number >= 1, not {workers!r}")


def planned_workers(executor: Any, workers: int | None) -> int:
    """How many tasks can run at once: for cutting the games into tasks of the right size."""
    if executor is None:
        return default_workers() if workers is None else workers
    if _is_dask_client(executor):
        return max(1, int(sum(executor.nthreads().values())))
    return int(getattr(executor, "_max_workers", 0) or workers or default_workers())


def _is_dask_client(executor: object) -> bool:
    return type(executor).__module__.startswith("distributed") and hasattr(executor, "scatter")


@dataclass
class _Backend:
    submit: Callable[[Task], Any]
    wait_any: Callable[[set[Any]], tuple[set[Any], set[Any]]]
    close: Callable[[], None]
    workers: int
    name: str


def _futures_wait(pending: set[Any]) -> tuple[set[Any], set[Any]]:
    done, not_done = wait(pending, return_when=FIRST_COMPLETED)
    return set(done), set(not_done)


def _backend(specs: tuple[RunSpec, ...], executor: Any, workers: int | None) -> _Backend | None:
    """How tasks are submitted; None: play them in this process."""
    if executor is None:
        n = default_workers() if workers is None else workers
        if n < 1:
            raise SimulationError(f"workers must be at least 1, not {n}")
        if n == 1:
            return None  # no bundle: the specs are here
    bundle = _Bundle.of(specs)
    if executor is None:
        pool = local_pool(n)
        # Closing cancels the tasks not begun (run_tasks does); the pool stays for the
        # next run, and a task already running ends on its own (a few games).
        name = "compiled processes" if pool_engine() == "compiled" else "processes"
        return _Backend(
            lambda t: pool.submit(_run_task, bundle, t), _futures_wait, lambda: None, n, name
        )
    if _is_dask_client(executor):
        import distributed

        dask_wait: Callable[..., Any] = distributed.wait

        scattered = executor.scatter(bundle, broadcast=True, hash=False)
        n = max(1, sum(executor.nthreads().values()))

        def dwait(pending: set[Any]) -> tuple[set[Any], set[Any]]:
            done, not_done = dask_wait(list(pending), return_when="FIRST_COMPLETED")
            return set(done), set(not_done)

        def dclose() -> None:
            executor.cancel([scattered])

        return _Backend(
            lambda t: executor.submit(_run_task, scattered, t, pure=False),
            dwait,
            dclose,
            n,
            "dask",
        )
    if isinstance(executor, Executor):
        n = int(getattr(executor, "_max_workers", 0) or workers or default_workers())
        return _Backend(
            lambda t: executor.submit(_run_task, bundle, t),
            _futures_wait,
            lambda: None,
            n,
            "executor",
        )
    raise SimulationError(
        f"an executor is a concurrent.futures.Executor or a dask Client, not {executor!r}"
    )


@dataclass
class RunInfo:
    """How a run went: workers, games played, seconds, whether it was cancelled."""

    backend: str = "this process"
    workers: int = 1
    games: int = 0
    seconds: float = 0.0
    cancelled: bool = False
    tasks: int = 0

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.nan


def batch_size(games: int, workers: int) -> int:
    """Games per task: a few tasks per worker (so they finish together), at most 50."""
    if games <= 0:
        return 1
    return max(1, min(50, math.ceil(games / (workers * 6))))


def run_tasks(
    specs: Sequence[RunSpec],
    tasks: Iterable[Task],
    *,
    executor: Any = None,
    workers: int | None = None,
    cancel: CancelToken | None = None,
    info: RunInfo | None = None,
) -> Generator[tuple[Task, list[list[GameRecord]]], None, None]:
    """Play ``tasks`` and yield each with its records as it finishes (any order).

    At most two tasks per worker are in flight, so memory stays flat however many tasks
    the iterable holds (it may be endless: stop iterating, or set ``cancel``). When
    ``cancel`` is set (checked between tasks) the pending tasks are cancelled and the
    iteration ends; so does closing the generator.
    """
    info = info if info is not None else RunInfo()
    the_specs = tuple(specs)
    t0 = time.perf_counter()
    backend = _backend(the_specs, executor, workers)
    it = iter(tasks)
    pending: dict[Any, Task] = {}
    try:
        if backend is None:
            info.backend, info.workers = "this process", 1
            for task in it:
                if cancel is not None and cancel.is_set():
                    info.cancelled = True
                    return
                records = [the_specs[k].play(range(task.start, task.stop)) for k in task.which]
                info.games += task.games
                info.tasks += 1
                info.seconds = time.perf_counter() - t0
                yield task, records
            return
        info.backend, info.workers = backend.name, backend.workers
        exhausted = False

        def fill() -> None:
            nonlocal exhausted
            while not exhausted and len(pending) < 2 * backend.workers:
                task = next(it, None)
                if task is None:
                    exhausted = True
                    return
                pending[backend.submit(task)] = task

        fill()
        while pending:
            done, _ = backend.wait_any(set(pending))
            for fut in done:
                task = pending.pop(fut)
                records = fut.result()
                info.games += task.games
                info.tasks += 1
                info.seconds = time.perf_counter() - t0
                yield task, records
            if cancel is not None and cancel.is_set():
                info.cancelled = True
                return
            fill()
    finally:
        if backend is not None:
            for fut in pending:
                fut.cancel()
            backend.close()
        info.seconds = time.perf_counter() - t0


def split(games: int, size: int, which: tuple[int, ...] = (0,), start: int = 0) -> Iterator[Task]:
    """Tasks covering games ``start..start+games`` in chunks of ``size``."""
    for lo in range(start, start + games, size):
        yield Task(which, lo, min(lo + size, start + games))


def cancel_event() -> threading.Event:
    """A fresh cancel token (set it to stop a run between tasks)."""
    return threading.Event()


def lab_game(spec: RunSpec, index: int) -> Game:
    """Game ``index`` of a lab run, played again here as the run played it (its seed, its
    characters, the run's bots reseeded as for the run): the finished game, every step."""
    game = spec.new_game(index)
    bots, _ = make_bots(list(spec.bots), spec.players)
    for seat, bot in enumerate(bots):
        re = getattr(bot, "reseed", None)
        if callable(re):
            re(bot_seed(game.setup.seed, seat))
    play_record(game, bots, index)
    return game


def stall_link(spec: RunSpec, index: int) -> str | None:
    """The play page's ``?g=`` link of game ``index`` of a lab run at the turn where it was
    first stalled (the seats played by the run's bots), or None: the game never stalled,
    or the position is too long for a link (then: New game with the record's seed and
    characters, or the save file of ``lab_game``)."""
    from verlies.links import link  # the play page's link format

    game = lab_game(spec, index)
    stall = first_stall(game)
    if stall is None:
        return None
    game.goto(stall.step)
    return link(game, list(spec.bots))

"""The Balance tab's run without widgets: the editor's draft deck against the deck of new
games.

:class:`BalanceRun` runs a :func:`verlies.sim.compare` of the base deck (A) and the draft
(B) on the same seeds in a background thread, on local worker processes (kept for the
next run), and holds its state, so the kernel's main thread stays free for the rest of
the page (a Step click still answers). It can be cancelled; its results download as CSV
or JSON. :mod:`verlies.ui.balance.balance_view` shows it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from verlies.errors import VerliesError
from verlies.sim.compare import DEFAULT_WATCH, Comparison, compare
from verlies.sim.report import jsonable
from verlies.ui.runs.run_model import PooledRun

if TYPE_CHECKING:
    from verlies.setup import DeckLike

__all__ = ["WATCH", "BalanceRun", "KeptFeel", "watch_block", "watch_keys"]

#: The tab's choices of what to watch (``balance.watch.<choice>`` in i18n); "verdict" (the
#: default) plays blocks until the before/after answer is decided (verlies.sim.verdict).
WATCH: tuple[str, ...] = ("verdict", "none", "wins", "rounds", "injuries", "gold", "all")
#: What the "verdict" choice watches: the before/after answer's family.
VERDICT_WATCH: tuple[str, ...] = ("win:*", "win@1", "timeout", "rounds")


def watch_keys(choice: str, deck: DeckLike) -> tuple[str, ...]:
    """The quantities a choice of :data:`WATCH` watches (``win:<id>`` for each of the
    deck's characters; "all": ``compare``'s default watch list)."""
    wins = tuple(f"win:{cid}" for cid in sorted(deck.characters))
    if choice == "none":
        return ()
    if choice == "verdict":
        return VERDICT_WATCH
    if choice == "wins":
        return wins
    if choice == "all":
        return DEFAULT_WATCH
    if choice in WATCH:
        return (choice,)
    raise VerliesError(f"unknown choice of what to watch: {choice!r} (one of {', '.join(WATCH)})")


def watch_block(games: int) -> int:
    """A watched run's block: about a tenth of the games, a multiple of 8 (each character
    on each seat equally often), at least 8 and at most ``games``."""
    return max(8, min(games, games // 10 // 8 * 8))


class BalanceRun(PooledRun):
    """One A/B run at a time, in a background thread (no widgets here; the thread, the
    progress, cancel and the end: :class:`~verlies.ui.runs.run_model.BackgroundRun`)."""

    what = "balance"  # its pool (``executor``) is the skill matrix's and suggestions' too

    def __init__(self, workers: int | None = None) -> None:
        super().__init__(workers)
        self.comparison: Comparison | None = None
        #: What the last run compared: (base, draft), to say which draft a result is of.
        self.decks: tuple[DeckLike, DeckLike] | None = None

    def start(
        self,
        base: DeckLike,
        draft: DeckLike,
        *,
        games: int = 1000,
        players: int = 4,
        seed: int = 0,
        watch: Sequence[str] = (),
        decide: Callable[[Comparison], str] | None = None,
        on_update: Callable[[BalanceRun], None] | None = None,
        on_done: Callable[[BalanceRun], None] | None = None,
        on_start: Callable[[BalanceRun], None] | None = None,
    ) -> None:
        """Start simulating ``draft`` (B) against ``base`` (A); returns at once.

        ``watch``: quantities to watch (``compare(..., until_clear=watch)``): games are
        played in blocks of about a tenth of ``games`` until they are decided or
        ``games`` are played; empty: exactly ``games`` games. ``decide``: the watched run's
        stop rule (``compare(..., decide=...)``), e.g. the before/after answer's.
        """
        cancel = self._begin(2 * games)
        self.comparison = None
        self.decks = (base, draft)
        executor = self.executor()

        def update(comp: Comparison) -> None:
            self.comparison = comp
            if on_update is not None:
                on_update(self)

        def work() -> bool:
            block, budget = (watch_block(games), games) if watch else (games, None)
            self.comparison = compare(
                base,
                draft,
                block,
                players=players,
                seed=seed,
                characters="all" if len(base.characters) >= players else None,
                labels=("base", "draft"),
                until_clear=list(watch) if watch else False,
                max_games=budget,
                workers=1 if executor is None else None,
                executor=executor,
                progress=self._progress,
                cancel=cancel,
                on_update=update,
                decide=decide if watch else None,
            )
            return self.comparison.stopped == "cancelled"

        self._launch(work, on_done, on_start)

    def to_csv(self) -> str:
        return self.comparison.to_csv() if self.comparison is not None else ""

    def to_json(self) -> str:
        if self.comparison is None:
            return "{}"
        return json.dumps(jsonable(self.comparison.to_dict()), ensure_ascii=False, indent=1)


class KeptFeel:
    """A kept answer's game-feel figures (``Comparison.feel_dict()`` as stored) read as the
    feel section reads a run: ``feel_dict()``; no run (``b`` is None): no game to replay."""

    b = None

    def __init__(self, feel: dict[str, Any]) -> None:
        self._feel = feel

    def feel_dict(self) -> dict[str, Any]:
        return self._feel

"""'Show me games like this' for the Balance tab's run, without widgets (issue 40 item 3).

A run keeps each game's seed and setup (``RunSpec.setup_of``), so any game of it can be
played again exactly. For the draft's side of the run shown, a designer asks for:

* ``win:<character>``: the shortest game that character won (the chart's bars);
* ``stalled``: the first game the run found stalled (the lab keeps every stalled game's
  index), opened where it stalled (:func:`verlies.sim.run.stall_link`);
* ``longest``: the longest game.

Wins and length are looked for among the draft's first :data:`SHOW_GAMES` games (played
again: a bound on the cost in games), chosen by :func:`verlies.sim.feel.show_me`, which
gives the game's ``?g=`` link at the turn that mattered (the last turn: the win, the end).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from verlies import i18n
from verlies.ui.balance.feel_model import SHOW_GAMES, replay

__all__ = ["SHOW_GAMES", "Shown", "bar_links", "choices", "find", "find_all", "mark_links"]


@dataclass(frozen=True)
class Shown:
    """A game to watch: what was asked, its index in the run, the turn (or, for a stall,
    the round) it opens at, and its link (None: too long for a link)."""

    what: str
    index: int
    turn: int
    link: str | None
    stall: bool = False


def choices(
    characters: Sequence[str], names: Mapping[str, str], stalled: bool, lang: str
) -> list[tuple[str, str]]:
    """(label, key) of what can be asked for: each character's wins in ``characters``'
    order (the chart's), the first stalled game when the run has one, the longest game."""
    out = [
        (
            i18n.text("balview.show.wins", lang, name=names.get(c, c.removeprefix("char-"))),
            f"win:{c}",
        )
        for c in characters
    ]
    if stalled:
        out.append((i18n.text("balview.show.stalled", lang), "stalled"))
    out.append((i18n.text("balview.show.longest", lang), "longest"))
    return out


def find(
    spec: Any,
    what: str,
    stalled: Mapping[int, Any] | None = None,
    games: int = SHOW_GAMES,
    records: Sequence[Any] | None = None,
) -> Shown | None:
    """The game of the run of ``spec`` (the draft's side) that ``what`` asks for (see the
    module), or None when none of the games looked through shows it. ``stalled``: the
    run's stalled games by index (``Metrics.stalled``). ``records``: games already played
    again (``feel_model.replay``), else the first ``games`` are."""
    from verlies.errors import VerliesError
    from verlies.sim.feel import show_me
    from verlies.sim.run import stall_link

    if what == "stalled":
        if not stalled:
            return None
        index = min(stalled)
        seed_round = stalled[index]
        rnd = int(seed_round[1]) if isinstance(seed_round, tuple | list) else 0
        return Shown(what, index, rnd, stall_link(spec, index), stall=True)
    if what != "longest" and not what.startswith("win:"):
        raise VerliesError(f"unknown choice {what!r} (win:<character>, stalled or longest)")
    got = list(records) if records is not None else replay(spec, games)
    if what == "longest":
        ex = show_me(spec, got, "longest_game")
    else:
        cid = what.removeprefix("win:")
        won = [r for r in got if any(r.characters[s] == cid for s in r.winners)]
        ex = show_me(spec, won, "shortest_game")
    if ex is None:
        return None
    return Shown(what, ex.index, ex.turn, ex.link)


def find_all(
    spec: Any,
    characters: Sequence[str],
    stalled: Mapping[int, Any] | None = None,
    games: int = SHOW_GAMES,
    records: Sequence[Any] | None = None,
) -> dict[str, Shown]:
    """Every choice of :func:`choices` at once, by key (``win:<character>`` for each of
    ``characters``, ``stalled``, ``longest``), the draft's first ``games`` played again
    once for all of them; a choice no game shows is left out."""
    got = list(records) if records is not None else replay(spec, games)
    out: dict[str, Shown] = {}
    for what in (*(f"win:{c}" for c in characters), "stalled", "longest"):
        shown = find(spec, what, stalled, games, got)
        if shown is not None:
            out[what] = shown
    return out


def _title(shown: Shown, label: str, draft: str, lang: str, stale: bool = False) -> str:
    if shown.stall:
        words = i18n.text(
            "balview.show.open_stall", lang, index=shown.index, draft=draft, round=shown.turn
        )
    else:
        words = i18n.text(
            "balview.show.open",
            lang,
            index=shown.index,
            draft=draft,
            what=label,
            turn=shown.turn + 1,
        )
    if stale:  # a kept answer's game, the draft changed since: said with the link
        words += " — ⚠ " + i18n.text("verdict.stale", lang, draft=draft)
    return words


def bar_links(
    found: Mapping[str, Shown],
    names: Mapping[str, str],
    draft: str,
    lang: str,
    stale: bool = False,
) -> dict[str, tuple[str, str]]:
    """Character id -> (its shortest win's ``?g=`` link, the link's title in ``lang``):
    what the chart's bars open (a game too long for a link gives none); ``stale``: the
    draft changed since the run (said in the title)."""
    out = {}
    for what, shown in found.items():
        if not what.startswith("win:") or shown.link is None:
            continue
        cid = what.removeprefix("win:")
        label = i18n.text("balview.show.wins", lang, name=names.get(cid, cid.removeprefix("char-")))
        out[cid] = (shown.link, _title(shown, label, draft, lang, stale))
    return out


def mark_links(
    found: Mapping[str, Shown], draft: str, lang: str, stale: bool = False
) -> list[tuple[str, str, str]]:
    """(key, link, words) of the marks under the chart: the first stalled game and the
    longest game, each where the run has one with a link (``stale``: as :func:`bar_links`)."""
    out = []
    for what in ("stalled", "longest"):
        shown = found.get(what)
        if shown is None or shown.link is None:
            continue
        label = i18n.text(f"balview.show.{what}", lang)
        out.append((what, shown.link, _title(shown, label, draft, lang, stale)))
    return out


class BarLinks:
    """What the chart's bars and marks open for the run shown (:func:`find_all`): looked
    for once per run, in a thread (it plays the draft's first games again), then handed
    to ``done`` (the page wraps it to run on its own loop); or given back with a kept
    answer (:meth:`keep`). No widget here."""

    def __init__(self) -> None:
        self.found: dict[str, Shown] = {}
        self.draft = ""
        self.stale = False  # a kept answer's games, the draft changed since
        self.thread: Any = None  # the last search (a test joins it)
        self._run = 0  # which search is the latest: an older one's answer is dropped

    def clear(self) -> None:
        self.found, self.draft, self.stale = {}, "", False
        self._run += 1

    def keep(self, found: Mapping[str, Shown], draft: str, stale: bool = False) -> None:
        self.clear()
        self.found, self.draft, self.stale = dict(found), draft, stale

    def kept(self, wait: float = 120.0) -> tuple[tuple[str, int, int, str | None, bool], ...]:
        """The games found, as ``KeptRun.shown`` keeps them; a search under way is waited
        for first (at most ``wait`` seconds: it plays :data:`SHOW_GAMES` games)."""
        if self.thread is not None:
            self.thread.join(wait)
        return tuple((x.what, x.index, x.turn, x.link, x.stall) for x in self.found.values())

    def restore(
        self, shown: Sequence[tuple[str, int, int, str | None, bool]], draft: str, stale: bool
    ) -> None:
        """The games a kept answer came back with (``KeptRun.shown``)."""
        self.keep({x[0]: Shown(*x) for x in shown}, draft, stale)

    def chart(self, names: Mapping[str, str], lang: str) -> dict[str, Any]:
        """``difference_svg``'s ``links`` and ``marks`` in ``lang`` (none before found)."""
        return {
            "links": bar_links(self.found, names, self.draft, lang, self.stale),
            "marks": mark_links(self.found, self.draft, lang, self.stale),
        }

    def look(
        self,
        spec: Any,
        characters: Sequence[str],
        stalled: Mapping[int, Any],
        draft: str,
        done: Any,
    ) -> None:
        """Find every choice for the run of ``spec`` in a thread; then ``done()``."""
        import threading

        from verlies.errors import VerliesError

        self.clear()
        run = self._run

        def work() -> None:
            try:
                found = find_all(spec, characters, stalled)
            except VerliesError:  # nothing to link: the chart stays without links
                return
            if run == self._run:
                self.found, self.draft = found, draft
                done()

        self.thread = threading.Thread(target=work, daemon=True)
        self.thread.start()

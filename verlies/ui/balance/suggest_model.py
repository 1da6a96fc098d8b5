"""The Balance tab's "Suggest" section without widgets: :func:`verlies.sim.tune.tune` on
the editor's draft in a background thread.

:class:`SuggestRun` holds the settings a designer can change (targets and what may move,
one per line, in ``verlies tune``'s notation; games per candidate, candidates, seed), checks
them before a run (a bad line gives a message naming the field and the line, and nothing
starts), runs the search with progress (candidates, then the verification's games) and
cancel on the Balance tab's worker pool, and gives the result in the page's language: the
proposed edits in words, every target's verdict with its interval (:class:`VerdictRow`),
the patch file, the headline (:meth:`SuggestRun.headline`, from the same verification as
the rows), what the allowed moves cannot reach (:meth:`SuggestRun.hints`), whether the
proposal is offered and whether the draft changed since (:meth:`SuggestRun.stale`).
:meth:`SuggestRun.applied_to` gives the draft with the proposal's edits, which the page
makes the draft as one undoable edit. An input error clears the last result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from verlies.errors import Phrase, VerliesError, WordedError
from verlies.sim.tune import Move, Target, TuneError, TuneResult, quantity_name, tune
from verlies.sim.tune.goals import DEFAULT_MOVES as _MOVES
from verlies.sim.tune.goals import DEFAULT_RECHECKS as _RECHECKS
from verlies.sim.tune.goals import DEFAULT_TARGETS as _TARGETS
from verlies.ui.runs.run_model import BackgroundRun

if TYPE_CHECKING:
    from verlies.deck import Deck

__all__ = [
    "DEFAULT_MOVES",
    "DEFAULT_RECHECKS",
    "DEFAULT_TARGETS",
    "SuggestError",
    "SuggestRun",
    "VerdictRow",
    "parse_lines",
]

#: The lab's defaults (verlies.sim.tune.goals), one per line as the boxes show them.
DEFAULT_TARGETS = "\n".join(_TARGETS)
DEFAULT_MOVES = "\n".join(_MOVES)
#: A budget that ends in a minute or two on two shared cores (benchmarks/suggest_panel.py).
DEFAULT_GAMES = 400
DEFAULT_TRIALS = 12
#: Rounds of searching on after a check that does not show every target met, each checked
#: again on fresh games (benchmarks/tune_truth.py measures the whole within 3 quiet minutes);
#: the same as ``verlies tune``'s default.
DEFAULT_RECHECKS = _RECHECKS
#: Longest targets or moves field, and line, read (characters): bounded work on any paste.
MAX_FIELD, MAX_LINE = 20_000, 200
#: Longest message of the lab said back (it quotes the bad line).
MAX_SAID = 300


def _cut(message: str) -> str:
    return message if len(message) <= MAX_SAID else message[: MAX_SAID - 1] + "…"


class SuggestError(VerliesError):
    """A setting that cannot work: ``field`` ("targets", "moves", "games", "trials"),
    ``line`` (1-based; 0: the whole field) and the reason from the lab (a
    :class:`~verlies.sim.tune.TuneError`, said in the page's language)."""

    def __init__(self, field: str, line: int, reason: WordedError) -> None:
        self.field, self.line, self.reason = field, line, reason
        self.message = _cut(str(reason))
        where = f"{field}, line {line}" if line else field
        super().__init__(f"{where}: {self.message}")

    def text(self, lang: str) -> str:
        """The message in ``lang`` (the field and line named in words)."""
        from verlies import i18n

        name = i18n.text(f"suggest.field.{self.field}", lang)
        # the lab's reason quotes the bad line: a long line is not said back whole
        msg = _cut(self.reason.text_in(lang))
        if self.line:
            return i18n.text("suggest.error_line", lang, field=name, line=self.line, msg=msg)
        return i18n.text("suggest.error", lang, field=name, msg=msg)

    def text_in(self, lang: str) -> str:
        return self.text(lang)


def parse_lines(text: str, kind: str) -> list[Any]:
    """The targets (``kind`` "targets") or moves ("moves") of a text box, one a line
    (blank lines and ``#`` comments skipped); the first bad line raises
    :class:`SuggestError` naming it."""
    out: list[Any] = []
    if len(text) > MAX_FIELD:  # bounded work: a field is a few lines
        said = Phrase.of("suggest.err.field_long", max=MAX_FIELD, n=len(text))
        raise SuggestError(kind, 0, WordedError(words=said))
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if len(line) > MAX_LINE:
            said = Phrase.of("suggest.err.line_long", max=MAX_LINE, n=len(line))
            raise SuggestError(kind, number, WordedError(words=said))
        try:
            out.append(Target.parse(line) if kind == "targets" else Move.parse(line))
        except TuneError as e:
            raise SuggestError(kind, number, e) from None
        except ValueError:  # a number int() refuses: the line's form is wrong
            form = "target_form" if kind == "targets" else "move_form"
            raise SuggestError(kind, number, TuneError(form, text=line)) from None
    if not out:
        raise SuggestError(kind, 0, TuneError("empty"))
    return out


@dataclass(frozen=True)
class VerdictRow:
    """One target's quantity on the fresh seeds, in words: its name, the band, the start
    deck's and the proposal's estimate, the interval and the verdict (met, missed,
    undecided)."""

    key: str
    name: str
    band: str
    start: str
    value: str
    low: str
    high: str
    verdict: str  # met, missed, undecided
    verdict_words: str


class SuggestRun(BackgroundRun):
    """One suggestion at a time, in a background thread (no widgets here; the thread, the
    progress, cancel and the end: :class:`~verlies.ui.runs.run_model.BackgroundRun`)."""

    what = "suggest"

    def __init__(self, executor: Callable[[], Any] | None = None) -> None:
        super().__init__(executor)
        self.targets = DEFAULT_TARGETS
        self.moves = DEFAULT_MOVES
        self.games = DEFAULT_GAMES
        self.trials = DEFAULT_TRIALS
        self.seed = 0
        self.players = 4
        self.verify_games: int | None = None  # None: twice the games per candidate
        self.rechecks = DEFAULT_RECHECKS  # rounds of searching on after a check that misses
        self.result: TuneResult | None = None
        self.phase = "idle"  # idle, search, verify, done
        self.best: float | None = None

    def check(self, draft: Deck) -> tuple[list[Target], list[Move]]:
        """The settings parsed and checked against ``draft``; :class:`SuggestError` names
        the first that cannot work."""
        targets = parse_lines(self.targets, "targets")
        moves = parse_lines(self.moves, "moves")
        for i, t in enumerate(targets, 1):
            if t.key.startswith("win:") and t.key != "win:*" and t.key[4:] not in draft.characters:
                raise SuggestError(
                    "targets",
                    _line_of(self.targets, i),
                    TuneError("no_character_here", character=repr(t.key[4:])),
                )
        if isinstance(self.games, bool) or not isinstance(self.games, int) or self.games < 8:
            raise SuggestError("games", 0, TuneError("at_least", n=8))
        if isinstance(self.trials, bool) or not isinstance(self.trials, int) or self.trials < 1:
            raise SuggestError("trials", 0, TuneError("at_least", n=1))
        from verlies.sim.tune import knobs_for

        for i, m in enumerate(moves, 1):
            try:
                knobs = knobs_for(draft, [m])
            except TuneError as e:
                raise SuggestError("moves", _line_of(self.moves, i), e) from None
            except ValueError:
                line = _line_of(self.moves, i)
                text = self.moves.splitlines()[line - 1].split("#", 1)[0].strip() if line else ""
                raise SuggestError("moves", line, TuneError("move_form", text=text)) from None
            if not knobs:
                raise SuggestError(
                    "moves", _line_of(self.moves, i), TuneError("nothing_of_the_deck")
                )
        return targets, moves

    def start(
        self,
        draft: Deck,
        on_update: Callable[[SuggestRun], None] | None = None,
        on_done: Callable[[SuggestRun], None] | None = None,
        on_start: Callable[[SuggestRun], None] | None = None,
    ) -> None:
        """Check the settings (raises :class:`SuggestError`, nothing starts) and start the
        search on ``draft``; returns at once."""
        self._check_idle()
        try:
            targets, moves = self.check(draft)
        except SuggestError:
            self.result = None  # an input error clears the answer it would replace
            raise
        cancel = self._begin(self.trials)
        self.result = None
        self.phase, self.best = "search", None
        executor = self.executor()
        games, trials, seed, players = self.games, self.trials, self.seed, self.players
        verify_games, rechecks = self.verify_games, self.rechecks

        ticked = [False]  # tune ticks `progress` once after each on_trial: not a game count

        def on_trial(done: int, total: int, best: float) -> None:
            self.done, self.total, self.best = done, total, best
            ticked[0] = True
            if on_update is not None:
                on_update(self)

        def progress(done: int, total: int) -> None:
            if self.phase == "search" and ticked[0]:
                ticked[0] = False
                return
            self.phase = "verify"  # the verification's games (start deck and proposal)
            self.done, self.total = done, total
            if on_update is not None:
                on_update(self)

        def work() -> None:
            try:
                self.result = tune(
                    targets,
                    moves,
                    draft,
                    players=players,
                    characters="all" if len(draft.characters) >= players else None,
                    games=games,
                    trials=trials,
                    seed=seed,
                    verify_games=verify_games,
                    workers=1 if executor is None else None,
                    executor=executor,
                    progress=progress,
                    cancel=cancel,
                    on_trial=on_trial,
                    rechecks=rechecks,
                )
            finally:
                self.phase = "done"

        self._launch(work, on_done, on_start)

    def cancel(self) -> None:
        """Stop after the candidate being played (the best so far is proposed, unverified)."""
        super().cancel()

    # ---- the result in words ---------------------------------------------------------------

    @property
    def draft_name(self) -> str:
        """The name of the draft the result belongs to ("" before a result)."""
        return "" if self.result is None else str(getattr(self.result.start, "name", ""))

    def stale(self, draft: Deck) -> bool:
        """The draft changed since the search started: the result is about another deck."""
        return self.result is not None and draft != self.result.start

    @property
    def offered(self) -> bool:
        """The proposal may be made the draft: checked on fresh games and nearer the
        targets than the draft (or the draft breaks a character's rule)."""
        return self.result is not None and self.result.offered

    def headline(self, lang: str) -> list[str]:
        """The answer's first lines: what it is, then the verdicts counted (the table's
        numbers); empty before a result."""
        return [] if self.result is None else self.result.head_lines(lang)

    def hints(self, lang: str) -> list[tuple[str, str]]:
        """The moves that would reach the target the allowed ones cannot, each with its
        sentence in ``lang`` (the outlier named)."""
        from verlies.sim.tune import text_of_hint

        r = self.result
        if r is None:
            return []
        return [(h["move"], text_of_hint(h, lang, r.start)) for h in r.hints()]

    def allow(self, move: str) -> None:
        """Add ``move`` to what may move (a line of its own; nothing when it is there)."""
        lines = [ln.split("#", 1)[0].strip() for ln in self.moves.splitlines()]
        if move not in lines:
            self.moves = self.moves.rstrip("\n") + "\n" + move if self.moves.strip() else move

    def edit_words(self, lang: str) -> list[str]:
        return [] if self.result is None else self.result.edit_words(lang)

    def verdicts(self, lang: str) -> list[VerdictRow]:
        """Every quantity of the verification in words (empty: not verified, e.g.
        cancelled)."""
        from verlies import i18n
        from verlies.sim.tune import show_value, target_for

        r = self.result
        if r is None or r.verification is None:
            return []
        rows = []
        for q in r.verification["quantities"]:
            key = q["key"]
            rows.append(
                VerdictRow(
                    key=key,
                    name=quantity_name(key, lang, r.start),
                    band=target_for(r.targets, key).shown(lang),
                    start=show_value(key, q["start"], lang),
                    value=show_value(key, q["value"], lang),
                    low=show_value(key, q["low"], lang),
                    high=show_value(key, q["high"], lang),
                    verdict=q["verdict"],
                    verdict_words=i18n.text(f"tune.verdict.{q['verdict']}", lang),
                )
            )
        return rows

    def patch_text(self) -> str:
        return "" if self.result is None else self.result.patch_text()

    def applied_to(self, draft: Deck) -> Deck:
        """``draft`` with the proposal's edits (the proposal itself when the draft has
        not changed since the search started; else its edits on top of the later edits)."""
        r = self.result
        if r is None:
            raise VerliesError("no suggestion to apply")
        if draft == r.start:
            return r.proposal  # type: ignore[no-any-return]
        return draft.apply(r.patch())


def _line_of(text: str, index: int) -> int:
    """The line number of the ``index``-th (1-based) non-blank, non-comment line."""
    seen = 0
    for number, raw in enumerate(text.splitlines(), 1):
        if raw.split("#", 1)[0].strip():
            seen += 1
            if seen == index:
                return number
    return 0

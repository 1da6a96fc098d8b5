# long because: one search's state and steps (start check, aimed rounds, trials, pruning)
"""The search of :func:`tune`: an Optuna study over the knobs, every candidate on the
same games (common random numbers), the unchanged deck first, the best candidate pruned
edit by edit, then checked on fresh games (:func:`verlies.sim.tune.verification.verify`).

Deterministic: the same deck, targets, moves, seeds and budget give the same trials and
the same proposal, on any executor (processes, a Dask cluster) and when a stored study is
resumed: each trial's sampler is seeded from ``seed`` and the trial's number.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from verlies.errors import DeckError
from verlies.sim.lab import Progress, check_games, simulate
from verlies.sim.metrics import Metrics
from verlies.sim.records import BotsArg, DeckArg, SimulationError, VariantsArg, load_deck
from verlies.sim.run import CancelToken, CharactersArg, RunSpec, check_workers
from verlies.sim.tune.focus import (
    card_fixes,
    character_candidates,
    mean_chance,
    neighbours,
    off_band,
)
from verlies.sim.tune.goals import Knob, Move, Target, TuneError, knobs_for, material_problems
from verlies.sim.tune.race import play_blocks, violation_floor
from verlies.sim.tune.recheck import search_on
from verlies.sim.tune.result import TuneResult, plain_value
from verlies.sim.tune.verification import (
    ALPHA,
    judge,
    quantities,
    store_verification,
    target_for,
    verify,
    violation,
)

if TYPE_CHECKING:
    import optuna

__all__ = ["EDIT_COST", "INFEASIBLE", "STEP_COST", "tune"]

#: The score's costs: per edited number, and per step of change (points of a target).
EDIT_COST = 0.25
STEP_COST = 0.05
#: The score of a candidate that breaks a rule (never played).
INFEASIBLE = 1000.0
#: Rounds of aimed candidates per character off its band (two candidates a round).
FOCUS_ROUNDS = 3
_STUDY_VERSION = 3  # 2: every trial keeps its count of missed targets; 3: and of unmet


# ---- the search ----------------------------------------------------------------------------


def _seed_of(seed: int, number: int) -> int:
    h = hashlib.sha256(f"verlies-tune:{seed}:{number}".encode()).digest()
    return int.from_bytes(h[:4], "big")


def _problem_key(spec: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(spec, sort_keys=True).encode()).hexdigest()[:16]


def _suggest(trial: optuna.Trial, knob: Knob) -> int | tuple[int, int, int]:
    if knob.choices:
        labels = ["/".join(map(str, c)) for c in knob.choices]
        return _value_of(knob, trial.suggest_categorical(knob.name, labels))
    return trial.suggest_int(knob.name, knob.low, knob.high)


def _value_of(knob: Knob, raw: Any) -> int | tuple[int, int, int]:
    if knob.choices:
        a, b, c = (int(x) for x in str(raw).split("/"))
        return (a, b, c)
    return int(raw)


def _params_of(
    knobs: Sequence[Knob], values: Mapping[str, int | tuple[int, int, int]]
) -> dict[str, Any]:
    return {
        k.name: "/".join(map(str, values[k.name])) if k.choices else values[k.name]  # type: ignore[arg-type]
        for k in knobs
    }


def tune(
    targets: Sequence[Target | str],
    moves: Sequence[Move | str],
    deck: DeckArg = None,
    *,
    players: int = 4,
    bots: BotsArg = None,
    characters: CharactersArg = "all",
    variants: VariantsArg = None,
    round_limit: int | None = 300,
    games: int = 400,
    trials: int = 30,
    seed: int = 0,
    verify_games: int | None = None,
    verify_seed: int | None = None,
    storage: str | None = None,
    study_name: str | None = None,
    workers: int | None = None,
    executor: Any = None,
    progress: Progress = False,
    cancel: CancelToken | None = None,
    on_trial: Callable[[int, int, float], None] | None = None,
    rechecks: int = 0,
    race: bool = True,
) -> TuneResult:
    """Search for the smallest set of edits of ``deck`` that meets ``targets`` (none of
    them missed): none at all when the unchanged deck meets them on the study's seeds and
    on the fresh ones (``within_targets``); else the found candidate, pruned edit by edit.

    ``targets``: :class:`Target` or strings (``"win:*=25+-2"``, ``"edge=:2"``,
    ``"rounds=20:30"``); ``moves``: :class:`Move` or strings (``"character:char-barbar"``,
    ``"dungeon:*:obstacle=-1:1"``). Every candidate plays ``games`` games from ``seed``
    (the same for all); at most ``trials`` distinct candidates in the study (a resumed
    study counts its earlier ones; a candidate the sampler proposes again is not played
    again, and counts only towards a cap of 4 × ``trials`` proposals; the search stops
    sooner when a proposal of at most one edit meets
    the targets). ``storage``: an Optuna RDB URL (``sqlite:///tune.db``) and
    ``study_name`` keep the study, so that a later call resumes it (the same problem only:
    another deck, targets or budget per trial is refused). The proposal is then played
    against the start deck on ``verify_games`` (default ``2 × games``) fresh games from
    ``verify_seed`` (default ``seed + 1``); ``verify_games=0`` skips that.
    ``on_trial(done, total, best_score)`` after each candidate (a callable ``progress``
    gets ``(done, total)`` of the candidates, then of the verification's games); ``cancel``
    stops between candidates (the best so far is proposed). Work runs on ``workers`` local
    processes or ``executor`` (a Dask ``distributed.Client``), as :func:`verlies.sim.simulate`.
    ``rechecks``: after a check that does not show every target met, up to this many
    rounds of searching on from the proposal, each checked again on new fresh games
    (:func:`verlies.sim.tune.recheck.search_on`); every check's verdicts then run at
    :data:`ALPHA` / (``rechecks`` + 1). ``race``: play candidates in blocks and stop one
    once it is bound to score worse than the best so far (:mod:`~verlies.sim.tune.race`;
    False: every candidate plays every game, as before racing).
    """
    try:
        import optuna
    except ImportError:
        raise TuneError("needs_optuna") from None
    job = _Job.check(
        targets,
        moves,
        deck,
        players=players,
        bots=bots,
        characters=characters,
        variants=variants,
        round_limit=round_limit,
        games=games,
        trials=trials,
        seed=seed,
        verify_games=verify_games,
        verify_seed=verify_seed,
        workers=workers,
        executor=executor,
    )
    job.racing = bool(race)
    rounds = _check_rechecks(rechecks)
    study, name = _open_study(optuna, job, storage, study_name)
    result = _Search(job, study, cancel).answer(name, storage, trials, progress, on_trial)
    # The start deck within its targets was checked on fresh seeds already.
    if result.within_targets or job.vgames == 0 or result.search["cancelled"]:
        return result
    if result.outcome == "undecided":  # inside every band on fresh games: nothing searched
        return result
    alpha = ALPHA / (rounds + 1)

    def check(res: TuneResult, seed: int) -> None:
        verify(
            res,
            job.vgames,
            seed,
            variants=variants,
            progress=progress,
            cancel=cancel,
            alpha=alpha,
            **job.common,
        )

    check(result, job.vseed)
    return search_on(result, job, rounds, check, cancel)


def _check_rechecks(rechecks: int) -> int:
    if isinstance(rechecks, bool) or not isinstance(rechecks, int) or not 0 <= rechecks <= 10:
        raise TuneError("rechecks_range", rechecks=repr(rechecks))
    return rechecks


def _check_budget(games: int, trials: int, workers: int | None) -> int:
    """The games per candidate (at least 1), the trials (at least 1), the workers."""
    n = check_games(games)
    if n < 1:
        raise TuneError("games_min")
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        raise TuneError("trials_min", trials=repr(trials))
    check_workers(workers)
    return n


def _check_goals(
    targets: Sequence[Target | str], moves: Sequence[Move | str], deck: DeckArg
) -> tuple[list[Target], Any, list[Knob]]:
    """The targets and moves parsed, the start deck, and the knobs the moves give on it."""
    tlist = [Target.parse(t) if isinstance(t, str) else t for t in targets]
    mlist = [Move.parse(m) if isinstance(m, str) else m for m in moves]
    if not tlist:
        raise TuneError("no_targets")
    if not mlist:
        raise TuneError("no_moves")
    start = load_deck(deck)
    for t in tlist:
        if t.key.startswith("win:") and t.key != "win:*" and t.key[4:] not in start.characters:
            raise TuneError("no_character", key=repr(t.key), character=repr(t.key[4:]))
    knobs = knobs_for(start, mlist)
    if not knobs:
        raise TuneError("no_knobs")
    return tlist, start, knobs


def _problem(
    start: Any,
    tlist: list[Target],
    knobs: list[Knob],
    n: int,
    seed: int,
    common: dict[str, Any],
    spec0: RunSpec,
) -> dict[str, Any]:
    """What a stored study belongs to: a study of another problem is refused."""
    characters = common["characters"]
    return {
        "version": _STUDY_VERSION,
        "deck": start.diff(load_deck(None)).to_dict() if start != load_deck(None) else None,
        "targets": [t.to_dict() for t in tlist],
        "knobs": [[k.name, plain_value(k.current), k.low, k.high, len(k.choices)] for k in knobs],
        "games": n,
        "seed": seed,
        "players": common["players"],
        "bots": list(spec0.bots),
        "characters": characters if isinstance(characters, str | None) else list(characters),
        "round_limit": common["round_limit"],
        "variants": spec0.variants.to_dict(),
    }


@dataclass
class _Job:
    """The checked arguments of one search: what every candidate plays, and the key of the
    problem a stored study belongs to."""

    n: int
    seed: int
    tlist: list[Target]
    start: Any
    knobs: list[Knob]
    vgames: int
    vseed: int
    variants: VariantsArg
    common: dict[str, Any]
    bots: list[str]
    key: str
    racing: bool = True

    @staticmethod
    def check(
        targets: Sequence[Target | str],
        moves: Sequence[Move | str],
        deck: DeckArg,
        *,
        players: int,
        bots: BotsArg,
        characters: CharactersArg,
        variants: VariantsArg,
        round_limit: int | None,
        games: int,
        trials: int,
        seed: int,
        verify_games: int | None,
        verify_seed: int | None,
        workers: int | None,
        executor: Any,
    ) -> _Job:
        """Every argument checked before any trial (a bad bot name fails here), in the
        order :func:`tune` has always reported them."""
        n = _check_budget(games, trials, workers)
        tlist, start, knobs = _check_goals(targets, moves, deck)
        vgames = 2 * n if verify_games is None else check_games(verify_games)
        vseed = seed + 1 if verify_seed is None else verify_seed
        common: dict[str, Any] = {
            "players": players,
            "bots": bots,
            "characters": characters,
            "round_limit": round_limit,
            "workers": workers,
            "executor": executor,
        }
        spec0 = RunSpec.build(
            players=players,
            characters=characters,
            bots=bots,
            deck=start,
            variants=variants,
            seed=seed,
            round_limit=round_limit,
        )
        return _Job(
            n=n,
            seed=seed,
            tlist=tlist,
            start=start,
            knobs=knobs,
            vgames=vgames,
            vseed=vseed,
            variants=variants,
            common=common,
            bots=list(spec0.bots),
            key=_problem_key(_problem(start, tlist, knobs, n, seed, common, spec0)),
        )

    def current(self) -> dict[str, int | tuple[int, int, int]]:
        """Every knob's value in the start deck."""
        return {k.name: k.current for k in self.knobs}

    def start_values(self) -> dict[str, int | tuple[int, int, int]]:
        """The search's first candidate: the start deck, but a character whose values
        break the rule at its nearest legal values (an illegal value is no choice)."""
        return {k.name: k.start_value for k in self.knobs}

    def illegal(self) -> list[str]:
        """The movable characters whose start values break the rule (their ids)."""
        return [k.card for k in self.knobs if k.must_move]

    def build(self, values: Mapping[str, int | tuple[int, int, int]]) -> tuple[Any, list[str]]:
        """The start deck with ``values``, and why it may not be played (R2/R10's material,
        a character's rule; empty: playable)."""
        cand = self.start
        try:
            for k in self.knobs:
                if values[k.name] != k.current:
                    cand = k.apply(cand, values[k.name])
        except (DeckError, SimulationError) as e:
            return cand, [str(e)]
        return cand, material_problems(self.start, cand)

    def play(self, cand: Any, games: int, seed: int, cancel: CancelToken | None) -> Metrics | None:
        """``cand``'s ``games`` games from ``seed`` (None: cancelled)."""
        res = simulate(
            games,
            seed=seed,
            deck=cand,
            variants=self.variants,
            progress=False,
            cancel=cancel,
            **self.common,
        )
        return None if res.cancelled else res.metrics

    def race(
        self,
        cand: Any,
        games: int,
        seed: int,
        cancel: CancelToken | None,
        beat: float | None,
        cost: float = 0.0,
    ) -> tuple[Metrics | None, int]:
        """``cand``'s ``games`` games from ``seed`` in blocks (:mod:`~verlies.sim.tune.race`),
        stopped once its violation on all of them is bound to exceed ``beat`` − ``cost``
        (None: never stopped, the same as :meth:`play`). The metrics of the games played
        and how many (fewer than ``games``: raced out); ``(None, 0)``: cancelled."""
        if not self.racing:
            beat = None
        spec = RunSpec.build(
            players=self.common["players"],
            characters=self.common["characters"],
            bots=self.common["bots"],
            deck=cand,
            variants=self.variants,
            seed=seed,
            round_limit=self.common["round_limit"],
        )

        def stop(m: Metrics, played: int) -> bool:
            # a floor above 0: it will not meet every target, so its score decides
            assert beat is not None
            floor = violation_floor(m, played, games, self.tlist)
            return floor > 0 and floor + cost > beat

        return play_blocks(
            spec,
            games,
            stop=None if beat is None or math.isinf(beat) else stop,
            executor=self.common["executor"],
            workers=self.common["workers"],
            cancel=cancel,
        )

    def missed(self, m: Metrics) -> int:
        """How many targets ``m`` misses by the verdict rules (:func:`judge`)."""
        return sum(r["verdict"] == "missed" for r in judge(m, self.tlist))


def _open_study(
    optuna: Any, job: _Job, storage: str | None, study_name: str | None
) -> tuple[Any, str]:
    """Open the study, or resume a stored one of the same problem only; a new study gets
    the start deck as it is as its trial 0."""
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    name = study_name or f"verlies-tune-{job.key}"
    try:
        study = optuna.create_study(
            storage=storage, study_name=name, direction="minimize", load_if_exists=True
        )
    except (ValueError, ImportError) as e:
        raise TuneError("storage", storage=repr(storage), error=str(e)) from None
    except Exception as e:  # SQLAlchemy's errors for a URL it cannot open
        if type(e).__module__.startswith("sqlalchemy"):
            raise TuneError("storage_open", storage=repr(storage), error=type(e).__name__) from None
        raise
    have = study.user_attrs.get("problem")
    if have is None:
        study.set_user_attr("problem", job.key)
    elif have != job.key:
        raise TuneError("other_problem", study=repr(name), storage=repr(storage))
    if not study.trials:
        study.enqueue_trial(_params_of(job.knobs, job.start_values()))
    return study, name


class _Search:
    """One study's search and its state: the start deck's check, the trials, the choice
    of the best candidate and its pruning."""

    def __init__(self, job: _Job, study: Any, cancel: CancelToken | None) -> None:
        self.job = job
        self.study = study
        self.cancel = cancel
        self.current = job.current()
        self.start_params = _params_of(job.knobs, job.start_values())
        # the unchanged deck's check: search_missed, within, fresh_missed (empty: not yet)
        self.start_check: dict[str, Any] = {}
        self.fresh_start: list[Metrics] = []
        self.focused = False
        self.aimed = 0  # aimed candidates asked (the outliers first, then the neighbours)
        self.near = 0  # of them, neighbours of the best (the leftover budget)
        self.saved = 0  # games racing did not play while pruning (verlies.sim.tune.race)
        self.raced = 0  # candidates pruning's racing stopped before their last game

    def cancelled(self) -> bool:
        return self.cancel is not None and self.cancel.is_set()

    def finished(self) -> list[optuna.trial.FrozenTrial]:
        import optuna

        return [t for t in self.study.trials if t.state == optuna.trial.TrialState.COMPLETE]

    def distinct(self) -> int:
        return sum(1 for t in self.study.trials if "repeat_of" not in t.user_attrs)

    def played(self) -> list[optuna.trial.FrozenTrial]:
        return [t for t in self.finished() if "violation" in t.user_attrs]

    # -- the unchanged deck first: on the study's seeds (trial 0), then on fresh seeds by
    # the same verdict rules. Every target met on both: nothing is searched nor proposed.
    # Every estimate inside its band and none missed, but some "can't tell yet": no search
    # either (no candidate can be told better), and the answer says how many games would
    # decide. An estimate outside its band anywhere: the search runs.

    def check_start(self) -> bool:
        """True when the start deck needs no search (the search stops): every target met,
        or every estimate inside its band with some targets undecided."""
        sc = self.start_check
        if sc:
            return bool(sc["within"] or sc.get("undecided"))
        job = self.job
        if job.illegal():  # a character breaks its rule: the deck must change
            sc.update(within=False, illegal=job.illegal())
            return False
        t0 = next((t for t in self.finished() if t.params == self.start_params), None)
        if t0 is None or "missed" not in t0.user_attrs:
            return False
        a = t0.user_attrs
        sc.update(search_missed=int(a["missed"]), search_off=float(a["violation"]), within=False)
        if sc["search_missed"] > 0 or sc["search_off"] > 0:
            return False
        if job.vgames > 0:
            m = job.play(job.start, job.vgames, job.vseed, self.cancel)
            if m is None:
                sc.clear()
                return False
            self.fresh_start.append(m)
            rows = judge(m, job.tlist)
            sc["fresh_missed"] = sum(r["verdict"] == "missed" for r in rows)
            sc["fresh_off"] = round(violation(quantities(m, job.tlist), job.tlist), 9)
            all_met = all(r["verdict"] == "met" for r in rows)
        else:  # not checked on fresh seeds (verify_games=0): the search's verdicts
            all_met = int(a.get("unmet", 1)) == 0
        sc["within"] = all_met
        sc["undecided"] = not all_met and not sc.get("fresh_missed") and not sc.get("fresh_off")
        return bool(sc["within"] or sc["undecided"])

    def flattered(self) -> bool:
        """The start deck lay inside every band on the study's seeds but not on fresh seeds:
        those seeds flatter it, so it is not a proposal."""
        sc = self.start_check
        return bool(sc.get("fresh_missed") or sc.get("fresh_off"))

    def excluded(self, t: optuna.trial.FrozenTrial) -> bool:
        return self.flattered() and int(t.user_attrs.get("edits", 1)) == 0

    def is_met(self, t: optuna.trial.FrozenTrial) -> bool:
        # met on the study's games: no target missed and every estimate inside its band
        a = t.user_attrs
        return a.get("missed") == 0 and a.get("violation") == 0.0 and not self.excluded(t)

    def good_enough(self) -> bool:
        # nothing beats one edit whose estimates lie inside every band (no edit: checked)
        return any(self.is_met(t) and int(t.user_attrs["edits"]) <= 1 for t in self.finished())

    # -- the search

    def run(
        self,
        trials: int,
        progress: Progress,
        on_trial: Callable[[int, int, float], None] | None,
    ) -> bool:
        """Ask and play candidates until the budget, a cancel, a good enough candidate or
        the start deck within its targets; True in that last case."""
        import optuna

        done = self.distinct()
        while done < trials and len(self.study.trials) < 4 * trials:
            if self.cancelled():
                return False
            if self.check_start():
                return True
            if self.good_enough():
                return False
            if not self.focused and self.played():  # trial 0 played: the outliers first
                self.focused = True
                if not self.focus(trials, progress, on_trial):
                    return False
                if any(self.is_met(t) for t in self.finished()):
                    return False  # an aimed candidate meets every target: pruned next
                done = self.distinct()
                continue
            stepped = self.neighbour(trials, progress, on_trial)
            if stepped is not None:  # the best's readable neighbours before the sampler
                if not stepped:
                    return False
                if any(self.is_met(t) for t in self.finished()):
                    # a neighbour inside every band: nothing is off any more, so no
                    # neighbour is aimed at anything and the sampler would draw dozens of
                    # edits; pruning finds the fewest instead
                    return False
                done = self.distinct()
                continue
            self.study.sampler = optuna.samplers.TPESampler(
                seed=_seed_of(self.job.seed, done), n_startup_trials=min(8, max(2, trials // 3))
            )
            if not self.trial(self.study.ask()):
                return False
            done = self.distinct()
            self.told(done, trials, progress, on_trial)
        return not self.cancelled() and self.check_start()

    def neighbour(
        self,
        trials: int,
        progress: Progress,
        on_trial: Callable[[int, int, float], None] | None,
    ) -> bool | None:
        """The leftover budget after the aimed rounds: one candidate a number away from the
        lowest-scoring one so far (:func:`~verlies.sim.tune.focus.neighbours`, aimed at
        what lies farthest off), the first not yet played, so a proposal edits a few
        numbers a designer can read rather than dozens the sampler drew. None: no such
        neighbour left (the sampler goes on); False: cancelled."""
        job = self.job
        pool = [t for t in self.played() if not self.excluded(t) and t.value is not None]
        if not pool:
            return None
        cur = min(pool, key=lambda t: (math.inf if t.value is None else float(t.value), t.number))
        values = {k.name: _value_of(k, cur.params[k.name]) for k in job.knobs}
        q: dict[str, float] = dict(cur.user_attrs["quantities"])
        if cur.params == self.start_params and self.flattered() and self.fresh_start:
            q = quantities(self.fresh_start[0], job.tlist)
        deck, _ = job.build(values)
        seen = {json.dumps(t.params, sort_keys=True) for t in self.finished()}
        for vals in neighbours(deck, job.knobs, values, q, job.tlist):
            if json.dumps(_params_of(job.knobs, vals), sort_keys=True) in seen:
                continue
            self.near += 1
            return self.play_values(vals, trials, progress, on_trial) is not None
        return None

    def told(
        self,
        done: int,
        trials: int,
        progress: Progress,
        on_trial: Callable[[int, int, float], None] | None,
    ) -> None:
        if on_trial is not None:
            best = min((t.value for t in self.finished() if t.value is not None), default=math.nan)
            on_trial(done, trials, float(best))
        _tick(progress, done, trials)

    # -- the outliers first (verlies.sim.tune.focus): aimed candidates before the sampler

    def play_values(
        self,
        values: Mapping[str, int | tuple[int, int, int]],
        trials: int,
        progress: Progress,
        on_trial: Callable[[int, int, float], None] | None,
    ) -> optuna.trial.FrozenTrial | None:
        """One aimed candidate as a trial of the study (None: cancelled). One the study
        played already (a resumed study, or the same numbers aimed at twice) is that
        trial: nothing is asked, so a resumed study goes on exactly as one never stopped."""
        params = _params_of(self.job.knobs, values)
        same = next((t for t in self.finished() if t.params == params), None)
        if same is not None:
            return same
        self.study.enqueue_trial(params)
        asked = self.study.ask()
        self.aimed += 1
        if not self.trial(asked):
            return None
        self.told(self.distinct(), trials, progress, on_trial)
        frozen: optuna.trial.FrozenTrial = self.study.trials[asked.number]
        return frozen

    def focus(  # long because: one loop of rounds, cards first, then a character per round
        self,
        trials: int,
        progress: Progress,
        on_trial: Callable[[int, int, float], None] | None,
    ) -> bool:
        """Aimed candidates (:mod:`verlies.sim.tune.focus`), from trial 0 on (what is off
        read from its fresh games when the study's games flatter it): first the
        broken cards that may move, set by exact odds; then, round by round, the character
        farthest off its band whose values may move, its values screened by exact odds
        (at most :data:`FOCUS_ROUNDS` per character). A round's best candidate becomes
        the current one when it scores lower. False: cancelled."""
        job = self.job
        cur = min(
            (t for t in self.played() if t.params == self.start_params),
            key=lambda t: t.number,
            default=None,
        )
        if cur is None:
            return True
        char_knob = {k.card: k for k in job.knobs if k.choices}
        rounds = dict.fromkeys(char_knob, FOCUS_ROUNDS)
        measured: dict[str, list[tuple[float, float]]] = {}
        tried: dict[str, set[tuple[int, int, int]]] = {c: set() for c in char_knob}
        cards_done = False
        while self.distinct() < trials and not self.cancelled():
            values = {k.name: _value_of(k, cur.params[k.name]) for k in job.knobs}
            deck, _ = job.build(values)
            q: dict[str, float] = dict(cur.user_attrs["quantities"])
            if cur.params == self.start_params and self.flattered() and self.fresh_start:
                # the study's games flatter the start deck: its fresh games say what is off
                q = quantities(self.fresh_start[0], job.tlist)
            off = off_band(q, job.tlist)
            if not off:
                return True
            plays: list[dict[str, int | tuple[int, int, int]]] = []
            cid = ""
            if not cards_done:
                cards_done = True
                fixes = card_fixes(deck, job.knobs)
                if fixes:
                    plays = [{**values, **fixes}]
            if not plays:
                cid = next(
                    (
                        key[4:]
                        for _d, key in off
                        if key.startswith("win:") and rounds.get(key[4:], 0) > 0
                    ),
                    "",
                )
                if not cid:
                    return True
                rounds[cid] -= 1
                knob = char_knob[cid]
                now = values[knob.name]
                assert isinstance(now, tuple)
                pairs = measured.setdefault(cid, [])
                if not pairs or pairs[-1][0] != mean_chance(deck, cid):
                    pairs.append((mean_chance(deck, cid), q[f"win:{cid}"]))
                got = character_candidates(
                    deck, knob, now, pairs, target_for(job.tlist, f"win:{cid}"), tried[cid]
                )
                tried[cid].update(got)
                plays = [values | {knob.name: v} for v in got]
                if not plays:
                    rounds[cid] = 0
                    continue
            best = cur
            for vals in plays[: max(1, trials - self.distinct())]:
                t = self.play_values(vals, trials, progress, on_trial)
                if t is None:
                    return False
                if cid and "quantities" in t.user_attrs:
                    cand, _ = job.build(vals)
                    measured[cid].append(
                        (mean_chance(cand, cid), float(t.user_attrs["quantities"][f"win:{cid}"]))
                    )
                if t.value is not None and best.value is not None and t.value < best.value:
                    best = t
            if best is not cur:
                cur = best
                if not cid:  # the cards changed: the characters' chances with them
                    measured.clear()
            if cid:  # the secant runs through the latest pairs: the current one last
                got_now = measured[cid]
                here = next(
                    (p for p in got_now if cur.user_attrs["quantities"][f"win:{cid}"] == p[1]),
                    None,
                )
                if here is not None:
                    got_now.remove(here)
                    got_now.append(here)
            if self.good_enough():
                return True
        return not self.cancelled()

    def trial(self, trial: optuna.Trial) -> bool:
        """Score one asked candidate (False: cancelled while it played)."""
        import optuna

        job, study = self.job, self.study
        values = {k.name: _suggest(trial, k) for k in job.knobs}
        params = dict(trial.params)
        same = next((t for t in self.finished() if t.params == params), None)
        if same is not None:  # the same numbers: the same games, already played
            for attr, got in same.user_attrs.items():
                trial.set_user_attr(attr, got)
            trial.set_user_attr("repeat_of", same.number)
            study.tell(trial, same.value)
            return True
        cand, problems = job.build(values)
        edits = sum(values[k.name] != k.current for k in job.knobs)
        steps = sum(k.size(values[k.name]) for k in job.knobs)
        if problems:
            trial.set_user_attr("problems", problems[:3])
            trial.set_user_attr("edits", edits)
            study.tell(trial, INFEASIBLE + len(problems))
            return True
        cost = EDIT_COST * edits + STEP_COST * steps
        # not skipped on its cost alone: a candidate that meets every target is chosen by
        # its edits, whatever its score; only games can show it will not meet them
        m, got = job.race(cand, job.n, job.seed, self.cancel, self.beat(), cost)
        if m is None:
            study.tell(trial, state=optuna.trial.TrialState.FAIL)
            return False
        if got < job.n:  # raced out: its games so far bound it above the best's score
            trial.set_user_attr("raced", got)
        q = quantities(m, job.tlist)
        viol = round(violation(q, job.tlist), 9)
        trial.set_user_attr("violation", viol)
        judged = judge(m, job.tlist)
        trial.set_user_attr("missed", sum(r["verdict"] == "missed" for r in judged))
        trial.set_user_attr("unmet", sum(r["verdict"] != "met" for r in judged))
        trial.set_user_attr("edits", edits)
        trial.set_user_attr("steps", steps)
        trial.set_user_attr("quantities", q)
        study.tell(trial, viol + cost)
        return True

    def beat(self) -> float | None:
        """The score a candidate must beat to become the proposal: the lowest of the
        candidates played on all the study's games. None (no racing): nothing played yet,
        or a candidate meets every target (then the fewest edits decide, not the score)."""
        pool = [
            t
            for t in self.played()
            if not self.excluded(t) and "raced" not in t.user_attrs and t.value is not None
        ]
        if not self.job.racing or not pool or any(self.is_met(t) for t in pool):
            return None
        return min(float(t.value) for t in pool if t.value is not None)

    # -- the result

    def answer(
        self,
        name: str,
        storage: str | None,
        trials: int,
        progress: Progress,
        on_trial: Callable[[int, int, float], None] | None,
    ) -> TuneResult:
        """Search: the start deck within its targets (or undecided inside its bands), else
        the best candidate, pruned."""
        within = self.run(trials, progress, on_trial)
        played = self.played()
        if not played:
            raise TuneError("nothing_played")
        base = self.base_record(name, storage)
        if within:
            return self.within_result(base)
        best_t = self.best(played)
        chosen, pruned, score, prune_played = self.prune(best_t, played)
        return self.proposal_result(base, best_t, chosen, pruned, score, prune_played)

    def base_record(self, name: str, storage: str | None) -> dict[str, Any]:
        """What every result's ``search`` says, within targets or not."""
        return {
            "games": self.job.n,
            "seed": self.job.seed,
            "players": self.job.common["players"],
            "bots": self.job.bots,
            "study": name,
            "storage": storage,
            "scores": [None if t.value is None else float(t.value) for t in self.study.trials],
            "start_check": dict(self.start_check),
            "alpha": ALPHA,
        }

    def counts(self) -> dict[str, Any]:
        played = self.played()
        raced = [
            int(t.user_attrs["raced"])
            for t in self.finished()
            if "raced" in t.user_attrs and "repeat_of" not in t.user_attrs
        ]
        return {
            "trials": self.distinct(),
            "asked": len(self.study.trials),
            "played": len({tuple(sorted(t.params.items())) for t in played}),
            "infeasible": sum(1 for t in self.finished() if "problems" in t.user_attrs),
            "aimed": self.aimed - self.near,
            "neighbours": self.near,
            # racing (verlies.sim.tune.race): candidates stopped early, games not played
            "raced": self.raced + len(raced),
            "race_saved": self.saved + sum(self.job.n - g for g in raced),
            # how many numbers each candidate played edits, in the order played
            "played_edits": [
                int(t.user_attrs["edits"]) for t in played if "repeat_of" not in t.user_attrs
            ],
        }

    def within_result(self, base: dict[str, Any]) -> TuneResult:
        """No search needed: every target met (``within_targets``), or every estimate inside
        its band with some undecided; no edit, the start deck's fresh games as the check."""
        job = self.job
        t0 = next(t for t in self.played() if t.params == self.start_params)
        search = base | self.counts()
        search |= {
            "best_violation": float(t0.user_attrs["violation"]),
            "proposal_trial": t0.number,
            "search_quantities": dict(t0.user_attrs["quantities"]),
            "pruned": [],
            "prune_played": 0,
            "cancelled": False,
        }
        within = bool(self.start_check.get("within"))
        result = TuneResult(
            job.start, job.start, job.knobs, {}, job.tlist, True, search, within_targets=within
        )
        if self.fresh_start:
            fresh = self.fresh_start[0]
            store_verification(result, job.vgames, job.vseed, fresh, fresh, None)
        return result

    def best(self, played: list[optuna.trial.FrozenTrial]) -> optuna.trial.FrozenTrial:
        """Among the candidates that meet every target the fewest edits (then the least
        off, the smallest steps); when none does, the lowest score (the least off the
        bands, edits and steps counted)."""
        pool_all = [t for t in played if not self.excluded(t)] or played
        met = [t for t in pool_all if self.is_met(t)]

        def order(t: optuna.trial.FrozenTrial) -> tuple[float, float, int, int]:
            a = t.user_attrs
            if met:
                return (int(a["edits"]), float(a["violation"]), int(a["steps"]), t.number)
            # none met: the least off the bands, edits and steps counted (the score)
            return (
                math.inf if t.value is None else float(t.value),
                float(a["violation"]),
                int(a["edits"]),
                t.number,
            )

        return min(met or pool_all, key=order)

    def prune(
        self, best_t: optuna.trial.FrozenTrial, played: list[optuna.trial.FrozenTrial]
    ) -> tuple[dict[str, int | tuple[int, int, int]], list[str], tuple[int, float], int]:
        """Prune edit by edit: an edit stays only if the proposal without it misses more
        targets or lies further off them on the study's seeds (the same games as every
        candidate). Passes repeat until one drops nothing, so no single edit of the result
        is removable. Returns the edits kept, those dropped, the score and the games'
        runs played for it."""
        job = self.job
        chosen: dict[str, int | tuple[int, int, int]] = {}
        for k in job.knobs:
            v = _value_of(k, best_t.params[k.name])
            if v != k.current:
                chosen[k.name] = v
        score = (int(best_t.user_attrs["missed"]), float(best_t.user_attrs["violation"]))
        known: dict[str, tuple[int, float]] = {}
        for tr in played:
            if "raced" in tr.user_attrs:  # its figures are of its first games only
                continue
            known.setdefault(
                json.dumps(tr.params, sort_keys=True),
                (int(tr.user_attrs["missed"]), float(tr.user_attrs["violation"])),
            )
        pruned: list[str] = []
        prune_played = 0
        changed = bool(chosen) and not self.cancelled()
        while changed:
            changed = False
            for k in job.knobs:
                if k.name not in chosen or k.must_move or (len(chosen) == 1 and self.flattered()):
                    continue
                if self.cancelled():
                    break
                values = self.current | {name: v for name, v in chosen.items() if name != k.name}
                pkey = json.dumps(_params_of(job.knobs, values), sort_keys=True)
                got = known.get(pkey)
                if got is None:
                    cand, problems = job.build(values)
                    if problems:
                        got = (len(job.tlist) + len(problems), math.inf)
                    else:
                        m, got_n = job.race(cand, job.n, job.seed, self.cancel, score[1])
                        if m is None:
                            break
                        prune_played += 1
                        if got_n < job.n:  # bound to lie further off: the edit stays
                            self.saved += job.n - got_n
                            self.raced += 1
                        got = (
                            job.missed(m),
                            round(violation(quantities(m, job.tlist), job.tlist), 9),
                        )
                    known[pkey] = got
                if got[0] <= score[0] and got[1] <= score[1]:
                    del chosen[k.name]
                    pruned.append(k.name)
                    score = got
                    changed = True
        return chosen, pruned, score, prune_played

    def proposal_result(
        self,
        base: dict[str, Any],
        best_t: optuna.trial.FrozenTrial,
        chosen: dict[str, int | tuple[int, int, int]],
        pruned: list[str],
        score: tuple[int, float],
        prune_played: int,
    ) -> TuneResult:
        """The pruned proposal as a result (not yet verified on fresh seeds)."""
        job = self.job
        proposal = job.start
        for k in job.knobs:
            if k.name in chosen:
                proposal = k.apply(proposal, chosen[k.name])
        broken = material_problems(job.start, proposal)
        if broken:  # never: infeasible candidates score INFEASIBLE and are not played
            raise TuneError("internal", problem=broken[0])
        search = base | self.counts()
        search |= {
            "best_violation": score[1],
            "missed": score[0],
            "proposal_trial": best_t.number,
            "found_edits": int(best_t.user_attrs["edits"]),
            "pruned": pruned,
            "prune_played": prune_played,
            "search_quantities": dict(best_t.user_attrs["quantities"]),
            "cancelled": self.cancelled(),
        }
        return TuneResult(job.start, proposal, job.knobs, chosen, job.tlist, score[0] == 0, search)


def _tick(progress: Progress, done: int, total: int) -> None:
    if callable(progress):
        progress(done, total)

"""Did the draft get better? One before/after answer on a paired comparison.

:func:`before_after` reads a :class:`~verlies.sim.compare.Comparison` (base A, draft B, the
same seeds) on what a designer judges: the spread of the characters' win rates against its
noise floor, every character's win rate (the worst and the best named), the first seat's
edge, the timeouts and the game length, each side against the designer's targets (the
syntax of Suggest's ``--target``: ``win:*=25+-3``, ``edge=-2:2``, ``rounds=20:30``,
``timeouts=:2``). One verdict leads:

* ``better`` / ``worse``: a quantity changed clearly (its interval excludes 0) and moved
  toward (away from) its target, and none moved the other way;
* ``mixed``: clear changes both ways, or only changes that stay inside their targets;
* ``no_change``: every change's interval lies inside ±δ (no meaningful change);
* ``cant_tell``: none of these yet; about how many more games per deck would decide it.

**The error.** The family is every character's win rate, the first seat's win rate, the
timeouts and the rounds per game (paired differences B − A). Holm's step-down runs over
the family on each look's p-values; the intervals shown are those the steps use: a
quantity Holm rejects has its interval at its own step's level, every other one at the
level where Holm stopped, so a ★ stands exactly where an interval excludes 0. In a
sequential run (``compare(..., until_clear=...)``) the intervals are always-valid
confidence sequences: at any look, the chance that any ★ is wrong is at most α, and so
"better", "worse" or "mixed" on two decks that play the same game is said in at most α of
runs. "No meaningful change" needs every interval inside ±δ, so it too is wrong with
probability at most α. The spread's change is bounded from the characters' intervals taken
together (each at α/K, Bonferroni, so that all hold at once), around the base's measured
rates; it can exclude 0 only when some character's change does.

The levels of each side against its target (met / missed / can't tell yet) are Wilson
intervals at the level Suggest uses (:func:`verlies.sim.tune.verdict_z`, Bonferroni over
the target quantities); the median length's is the order-statistic interval. A clear
change's direction ("toward" its target band, or "away") compares the draft's estimate
with the base's: the ★ says the change is real, the estimates say where it went (without
a target, fewer timeouts and a first-seat edge nearer 0 are better). docs/glossary.md
says every word; docs/decisions.md (branch verdict) why.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from verlies.sim import stats

if TYPE_CHECKING:
    from verlies.sim.compare import Comparison
    from verlies.sim.tune import Target

__all__ = [
    "VERDICTS",
    "BeforeAfter",
    "Row",
    "before_after",
    "default_targets",
    "OthersTable",
    "answer_report",
    "family_keys",
    "other_rows",
    "others_table",
    "parse_targets",
    "stop_rule",
]

#: The before/after verdicts, in the order a designer reads them.
VERDICTS: tuple[str, ...] = ("better", "worse", "mixed", "no_change", "cant_tell")

#: The rows other than the characters' (their keys in ``to_dict``).
SPREAD, EDGE, TIMEOUTS, ROUNDS = "spread", "edge", "timeouts", "rounds"
#: The paired quantity behind each of those rows.
_PAIRED = {EDGE: "win@1", TIMEOUTS: "timeout", ROUNDS: "rounds"}
#: The noise floor's bootstrap draws (seeded: the same answer every time).
_FLOOR_REPS = 1000
#: The most games per deck an estimate of "more games" names (beyond: no estimate).
_MORE_CAP = 1_000_000


def family_keys(comp: Comparison) -> tuple[str, ...]:
    """The paired quantities the verdict is decided on: each character's win rate, the
    first seat's, the timeouts and the rounds per game (those the comparison has)."""
    chars = sorted(k for k in comp.paired if k.startswith("win:"))
    if not chars:  # no game yet: the characters the run will deal
        from verlies.sim.compare import expand_watch

        chars = [k for k in expand_watch(["win:*"], comp.a.spec) if k.startswith("win:")]
    return (*chars, "win@1", "timeout", "rounds")


def default_targets(players: int) -> list[Target]:
    """Every character at the fair share ± 3 points (25 ± 3 % for four players)."""
    from verlies.sim.tune import Target

    fair = 1.0 / max(1, players)
    return [Target("win:*", fair - 0.03, fair + 0.03)]


def parse_targets(text: str | Sequence[str | Target] | None, players: int = 4) -> list[Target]:
    """Targets from Suggest's syntax (``"win:*=25+-3; edge=-2:2"``: separated by ``;`` or
    new lines, or a list), after the default ``win:*`` band (a given ``win:*`` wins).
    A wrong one raises :class:`verlies.sim.tune.TuneError` naming it."""
    from verlies.sim.tune import Target

    if text is None:
        items: list[str | Target] = []
    elif isinstance(text, str):
        items = [t.strip() for t in text.replace("\n", ";").split(";") if t.strip()]
    else:
        items = list(text)
    out = default_targets(players)
    for item in items:
        out.append(Target.parse(item) if isinstance(item, str) else item)
    return out


@dataclass(frozen=True, slots=True)
class Row:
    """One quantity before and after: levels with their intervals, the paired change with
    the interval the verdict uses (★ exactly when it excludes 0), the target's verdicts."""

    key: str  # spread, win:<id>, edge, timeouts, rounds
    base: float
    base_low: float
    base_high: float
    draft: float
    draft_low: float
    draft_high: float
    change: float
    change_low: float
    change_high: float
    level: float  # the error level of the change's interval
    star: bool
    within: bool  # the change's interval lies inside ±δ
    delta: float
    target: tuple[float, float] | None  # the band (rates as shares, rounds in rounds)
    base_status: str  # met / missed / undecided / "" (no target)
    draft_status: str
    direction: str  # toward / away / neutral / "" (no clear change)
    base_floor: float = math.nan  # the spread's noise floors
    draft_floor: float = math.nan

    @property
    def is_rate(self) -> bool:
        return self.key != ROUNDS

    def to_dict(self) -> dict[str, Any]:
        out = {k: getattr(self, k) for k in self.__slots__}
        out["target"] = list(self.target) if self.target is not None else None
        return out


@dataclass
class BeforeAfter:
    """The before/after answer: its verdict, the rows that decided it, every row."""

    verdict: str
    rows: dict[str, Row]
    games: int
    alpha: float
    sequential: bool
    corrected: bool
    base_name: str
    draft_name: str
    players: int
    decided_by: tuple[str, ...] = ()  # the row keys that decided it, the first leads
    more_games: int | None = None  # cant_tell: about this many more games per deck
    targets: list[Any] = field(default_factory=list)
    deck: Any = None  # for the characters' names
    #: The paired quantities outside the family (injuries, gold, …), their own Holm
    #: family (:func:`other_rows`); their clear changes are named after the verdict.
    others: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: The game-feel figures (``Comparison.feel_dict()``): a family of their own, named
    #: after the answer in lines of their own; None without traces.
    feel: dict[str, Any] | None = None
    #: Each family's level, its share of ``alpha`` (``answer``, ``others``, ``feel``:
    #: :data:`verlies.sim.compare.ALPHA_SPLIT`); uncorrected, α each.
    levels: dict[str, float] = field(default_factory=dict)
    #: Characters the draft changes (values or name) who play in none of the games: the
    #: answer cannot show their change, and the sentence says so (:func:`unplayed`).
    unplayed: tuple[str, ...] = ()

    # ---- reading it --------------------------------------------------------------------

    def characters(self) -> list[Row]:
        """The characters' rows, the highest win rate in the draft first."""
        chars = [r for k, r in self.rows.items() if k.startswith("win:")]
        return sorted(chars, key=lambda r: (-_nan_low(r.draft), r.key))

    @property
    def best(self) -> Row | None:
        chars = self.characters()
        return chars[0] if chars else None

    @property
    def worst(self) -> Row | None:
        chars = self.characters()
        return chars[-1] if chars else None

    def band_text(self, key: str, lang: str = "en") -> str:
        """A row's target band as the designer writes it (``22–28 %``), or "–"."""
        row = self.rows.get(key)
        if row is None or row.target is None:
            return "–"
        from verlies.sim.tune import Target

        tkey = {EDGE: "edge", TIMEOUTS: "timeouts", ROUNDS: "rounds"}.get(key, "win:*")
        return Target(tkey, row.target[0], row.target[1]).shown(lang)

    def sentence(self, lang: str = "en") -> str:
        """The verdict in one sentence, what decided it first."""
        from verlies.i18n.metrics import before_after_sentence

        return before_after_sentence(self, lang)

    def win_line(self, lang: str = "en") -> str:
        """Every character's win rate in the draft, with its interval and its target."""
        from verlies.i18n.metrics import before_after_wins

        return before_after_wins(self, lang)

    def text(self, lang: str = "en") -> str:
        from verlies.i18n.metrics import before_after_table
        from verlies.sim.feel import feel_lines
        from verlies.sim.report import text_tables

        lines = feel_lines(self.feel, lang)
        return text_tables(before_after_table(self, lang)) + "".join(x + "\n" for x in lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "decided_by": list(self.decided_by),
            "sentence": {lang: self.sentence(lang) for lang in ("de", "en")},
            "games": self.games,
            "more_games": self.more_games,
            "alpha": self.alpha,
            "alpha_split": dict(self.levels),
            "method": "always-valid" if self.sequential else "one look",
            "correction": "holm" if self.corrected else "none",
            "base": self.base_name,
            "draft": self.draft_name,
            "targets": [t.to_dict() for t in self.targets],
            "rows": {k: r.to_dict() for k, r in self.rows.items()},
            "others": self.others,
            "feel": self.feel,
            "unplayed": list(self.unplayed),
        }


def _nan_low(x: float) -> float:
    return -math.inf if math.isnan(x) else x


# ---- the family: Holm over the look's p-values, intervals that agree with the ★ ----------


def _family(
    comp: Comparison, keys: Sequence[str], corrected: bool, alpha: float
) -> dict[str, tuple[float, float, float, bool]]:
    """Per key (low, high, level, star): Holm's steps at ``alpha`` (the family's share of
    the answer's α) in the order of this look's p-values; a rejected key's interval at its
    step's level, every other at the level where Holm stopped (uncorrected: every key at
    ``alpha``). A ★ is exactly an interval that excludes 0."""
    out: dict[str, tuple[float, float, float, bool]] = {}
    if not corrected:
        for k in keys:
            lo, hi = comp.interval(k, alpha)
            out[k] = (lo, hi, alpha, _excludes_zero(lo, hi))
        return out
    order = sorted(keys, key=lambda k: (comp.p_look(k), k))
    big_k = len(order)
    stop = big_k
    for j, k in enumerate(order):
        level = alpha / (big_k - j)
        lo, hi = comp.interval(k, level)
        if not _excludes_zero(lo, hi):
            stop = j
            break
        out[k] = (lo, hi, level, True)
    if stop < big_k:
        level = alpha / (big_k - stop)
        for k in order[stop:]:
            lo, hi = comp.interval(k, level)
            out[k] = (lo, hi, level, False)
    return out


def _excludes_zero(lo: float, hi: float) -> bool:
    return not (math.isnan(lo) or math.isnan(hi)) and (lo > 0 or hi < 0)


def _dist(x: float, band: tuple[float, float]) -> float:
    return max(0.0, band[0] - x, x - band[1])


def _direction(a: float, b: float, band: tuple[float, float] | None) -> str:
    """A clear change's direction: ``toward`` when the draft's level ``b`` lies nearer
    ``band`` than the base's ``a``, ``away`` when further, else ``neutral`` (both inside
    it, or no band). The ★ says the change is real; its size is read from the estimates."""
    if band is None or math.isnan(a) or math.isnan(b):
        return "neutral"
    before, after = _dist(a, band), _dist(b, band)
    if after < before:
        return "toward"
    return "away" if after > before else "neutral"


def _band(targets: Sequence[Target], key: str) -> tuple[float, float] | None:
    from verlies.sim.tune import target_for

    tkey = {EDGE: "edge", TIMEOUTS: "timeouts", ROUNDS: "rounds"}.get(key, key)
    try:
        t = target_for(targets, tkey)
    except KeyError:
        return None
    return t.low, t.high


def _status(lo: float, hi: float, band: tuple[float, float] | None) -> str:
    if band is None:
        return ""
    if math.isnan(lo) or math.isnan(hi):
        return "undecided"
    if band[0] <= lo and hi <= band[1]:
        return "met"
    if hi < band[0] or lo > band[1]:
        return "missed"
    return "undecided"


# ---- the answer ----------------------------------------------------------------------------


def before_after(
    comp: Comparison,
    targets: str | Sequence[str | Target] | None = None,
    *,
    corrected: bool = True,
    floors: bool = True,
) -> BeforeAfter:
    """The before/after answer of ``comp`` (A the base, B the draft) against ``targets``
    (Suggest's syntax; default every character at the fair share ± 3 points).

    ``corrected=False`` drops Holm (every interval at α): only for measuring what the
    correction buys (the A/A tests). ``floors=False`` skips the spread's noise floors
    (a bootstrap; the stop rule does without them).
    """
    players = comp.a.spec.players
    tlist = parse_targets(targets, players)
    keys = family_keys(comp)
    alpha = _share(comp, "answer", corrected)
    fam = _family(comp, keys, corrected, alpha)
    chars = [k for k in keys if k.startswith("win:")]
    judged = [k for k in (*chars, EDGE, TIMEOUTS, ROUNDS) if _band(tlist, k) is not None]
    z = _target_z(len(judged), comp.alpha)  # Suggest's level: Bonferroni over the targets
    rows: dict[str, Row] = {}
    for k in chars:
        rows[k] = _rate_row(comp, k, k, fam[k], tlist, z, 0.0)
    # the characters highest win rate in the draft first (the outlier leads)
    rows = dict(sorted(rows.items(), key=lambda kv: (-_nan_low(kv[1].draft), kv[0])))
    rows[EDGE] = _rate_row(comp, EDGE, "win@1", fam["win@1"], tlist, z, 1.0 / players)
    rows[TIMEOUTS] = _rate_row(comp, TIMEOUTS, "timeout", fam["timeout"], tlist, z, 0.0)
    rows[ROUNDS] = _rounds_row(comp, fam["rounds"], tlist, z)
    spread = _spread_row(comp, chars, len(keys), corrected, floors, alpha)
    out = {SPREAD: spread, **rows} if spread is not None else rows
    verdict, by = _verdict(out, keys)
    more = _more_games(comp, keys, alpha) if verdict == "cant_tell" else None
    deck_a, deck_b = comp.a.spec.deck, comp.b.spec.deck
    return BeforeAfter(
        verdict=verdict,
        rows=out,
        games=_pairs(comp, keys),
        alpha=comp.alpha,
        sequential=comp.sequential,
        corrected=corrected,
        base_name=str(getattr(deck_a, "name", comp.label_a)),
        draft_name=str(getattr(deck_b, "name", comp.label_b)),
        players=players,
        decided_by=by,
        more_games=more,
        targets=tlist,
        deck=deck_a,
        others=other_rows(comp, corrected) if floors else {},
        feel=comp.feel_dict(_share(comp, "feel", corrected)),
        levels={f: _share(comp, f, corrected) for f in ("answer", "others", "feel")},
        unplayed=unplayed(deck_a, deck_b, chars),
    )


def unplayed(deck_a: Any, deck_b: Any, played: Sequence[str]) -> tuple[str, ...]:
    """The characters of ``deck_b`` that differ from ``deck_a``'s (or are new) and are
    not among ``played`` (``win:<id>`` keys): a change no game of the comparison shows
    (``verlies compare`` plays the deck's first characters unless ``--characters all``).

    >>> import dataclasses
    >>> from verlies.deck import Deck
    >>> d = Deck.default()
    >>> r = d.characters["char-waldlaeufer"]
    >>> e = d.with_card("character", dataclasses.replace(r, staerke=5, geist=6, geschick=6))
    >>> unplayed(d, e, ["win:char-zwerg", "win:char-barbar"])
    ('char-waldlaeufer',)
    >>> unplayed(d, e, ["win:char-waldlaeufer"])
    ()
    """
    chars_a = getattr(deck_a, "characters", None) or {}
    chars_b = getattr(deck_b, "characters", None) or {}
    seen = {k.removeprefix("win:") for k in played}
    return tuple(cid for cid, c in chars_b.items() if cid not in seen and chars_a.get(cid) != c)


def _share(comp: Comparison, family: str, corrected: bool) -> float:
    """A family's level: its share of α (``Comparison.level``); uncorrected, α itself."""
    return comp.level(family) if corrected else comp.alpha


def _pairs(comp: Comparison, keys: Sequence[str]) -> int:
    """The pairs (games per deck) the answer rests on."""
    return max([comp.games, *(comp.paired[k].n for k in keys if k in comp.paired)])


def stop_rule(
    targets: str | Sequence[str | Target] | None = None,
) -> Callable[[Comparison], str]:
    """A ``compare(..., decide=...)`` rule: stop a sequential run once the before/after
    verdict is decided (better/worse/mixed: "different"; no meaningful change)."""
    parsed: dict[int, list[Target]] = {}

    def decide(comp: Comparison) -> str:
        players = comp.a.spec.players
        if players not in parsed:
            parsed[players] = parse_targets(targets, players)
        v = before_after(comp, parsed[players], floors=False).verdict
        return {"no_change": "no_change", "cant_tell": "undecided"}.get(v, "different")

    return decide


def _target_z(k: int, alpha: float) -> float:
    from verlies.sim.tune import verdict_z

    return verdict_z(k, alpha)


def _wilson(k: int, n: int, z: float) -> tuple[float, float]:
    return stats.wilson(k, n, z) if n else (math.nan, math.nan)


def _rate_row(
    comp: Comparison,
    key: str,
    paired: str,
    fam: tuple[float, float, float, bool],
    targets: Sequence[Target],
    z: float,
    offset: float,
) -> Row:
    """A rate's row (a win rate, the first seat's edge = its win share − 1/P, timeouts)."""
    from verlies.sim.compare import Paired

    p = comp.paired.get(paired) or Paired()
    n = p.n
    a = p.sum_a / n - offset if n else math.nan
    b = p.sum_b / n - offset if n else math.nan
    al, ah = (x - offset for x in _wilson(p.sum_a, n, z))
    bl, bh = (x - offset for x in _wilson(p.sum_b, n, z))
    lo, hi, level, star = fam
    band = _band(targets, key)
    if band is None and key in (EDGE, TIMEOUTS):
        band_dir: tuple[float, float] | None = (0.0, 0.0)  # no target: nearer 0 is better
    else:
        band_dir = band
    delta = comp.delta(paired)
    return Row(
        key=key,
        base=a,
        base_low=al,
        base_high=ah,
        draft=b,
        draft_low=bl,
        draft_high=bh,
        change=p.diff if n else math.nan,
        change_low=lo,
        change_high=hi,
        level=level,
        star=star,
        within=-delta < lo and hi < delta,
        delta=delta,
        target=band,
        base_status=_status(al, ah, band),
        draft_status=_status(bl, bh, band),
        direction=_direction(a, b, band_dir) if star else "",
    )


def _rounds_row(
    comp: Comparison, fam: tuple[float, float, float, bool], targets: Sequence[Target], z: float
) -> Row:
    """The game length: each side's median with its interval; the change of the mean
    (paired) with the family's interval."""
    from verlies.sim.compare import Paired
    from verlies.sim.metrics import median_ci

    ha, hb = comp.a.metrics.rounds, comp.b.metrics.rounds
    a, b = _median(comp.a.metrics), _median(comp.b.metrics)
    al, ah = median_ci(ha, z)
    bl, bh = median_ci(hb, z)
    p = comp.paired.get("rounds") or Paired()
    row_change = p.diff if p.n else math.nan  # the mean's change moves the median too
    lo, hi, level, star = fam
    band = _band(targets, ROUNDS)
    delta = comp.delta("rounds")
    return Row(
        key=ROUNDS,
        base=a,
        base_low=al,
        base_high=ah,
        draft=b,
        draft_low=bl,
        draft_high=bh,
        change=p.diff if p.n else math.nan,
        change_low=lo,
        change_high=hi,
        level=level,
        star=star,
        within=-delta < lo and hi < delta,
        delta=delta,
        target=band,
        base_status=_status(al, ah, band),
        draft_status=_status(bl, bh, band),
        direction=_direction(a, a + row_change, band) if star else "",
    )


def _median(m: Any) -> float:
    return float(m.summary()["median_rounds"]) if m.games else math.nan


def _spread_row(
    comp: Comparison,
    chars: Sequence[str],
    family: int,
    corrected: bool,
    floors: bool,
    alpha: float,
) -> Row | None:
    """max − min of the win rates on each side, its noise floor (the 95th percentile of
    the spread if every character won at the pooled rate), and its change bounded by every
    character's interval at α/K together (Bonferroni), around the base's measured rates."""
    got = [(k, comp.paired[k]) for k in chars if k in comp.paired and comp.paired[k].n > 0]
    if len(got) < 2:
        return None
    a = {k: p.sum_a / p.n for k, p in got}
    b = {k: p.sum_b / p.n for k, p in got}
    spread_a = max(a.values()) - min(a.values())
    spread_b = max(b.values()) - min(b.values())
    level = alpha / family if corrected else alpha
    box = {k: comp.interval(k, level) for k, _ in got}
    if any(math.isnan(lo) or math.isnan(hi) for lo, hi in box.values()):
        lo_c = hi_c = math.nan
    else:
        # each draft rate lies in [a + low, a + high], and in [0, 1]
        lows = [min(1.0, max(0.0, a[k] + box[k][0])) for k in a]
        highs = [min(1.0, max(0.0, a[k] + box[k][1])) for k in a]
        top_lo, top_hi, bottom_lo, bottom_hi = max(lows), max(highs), min(lows), min(highs)
        lo_c = max(0.0, top_lo - bottom_hi) - spread_a
        hi_c = (top_hi - bottom_lo) - spread_a
    floor_a = floor_b = math.nan
    if floors:
        games = [p.n for _, p in got]
        floor_a = stats.spread_noise_floor(games, [p.sum_a for _, p in got], _FLOOR_REPS)
        floor_b = stats.spread_noise_floor(games, [p.sum_b for _, p in got], _FLOOR_REPS)
    star = _excludes_zero(lo_c, hi_c)
    delta = comp.delta("win")
    return Row(
        key=SPREAD,
        base=spread_a,
        base_low=math.nan,
        base_high=math.nan,
        draft=spread_b,
        draft_low=math.nan,
        draft_high=math.nan,
        change=spread_b - spread_a,
        change_low=lo_c,
        change_high=hi_c,
        level=level,
        star=star,
        within=-delta < lo_c and hi_c < delta,
        delta=delta,
        target=None,
        base_status="",
        draft_status="",
        direction=("toward" if spread_b < spread_a else "away") if star else "",
        base_floor=floor_a,
        draft_floor=floor_b,
    )


def _verdict(rows: dict[str, Row], keys: Sequence[str]) -> tuple[str, tuple[str, ...]]:
    """better / worse / mixed from the clear changes' directions; no_change when every
    family interval lies within ±δ; else cant_tell. The spread leads what decided it."""
    family = [rows[_row_of(k)] for k in keys if _row_of(k) in rows]
    starred = [r for r in family if r.star]
    spread = rows.get(SPREAD)
    if starred:
        ordered = ([spread] if spread is not None and spread.star else []) + starred
        toward = [r.key for r in ordered if r.direction == "toward"]
        away = [r.key for r in ordered if r.direction == "away"]
        if toward and not away:
            return "better", tuple(toward)
        if away and not toward:
            return "worse", tuple(away)
        return "mixed", tuple(toward + away) or tuple(r.key for r in starred)
    if family and all(r.within for r in family):
        return "no_change", ()
    return "cant_tell", ()


def _row_of(paired: str) -> str:
    if paired.startswith("win:"):
        return paired
    return {v: k for k, v in _PAIRED.items()}.get(paired, paired)


def _more_games(comp: Comparison, keys: Sequence[str], alpha: float) -> int | None:
    """About how many more games per deck decide the verdict, the changes and their
    spread as measured so far: the first quantity whose change would be clear (at Holm's
    first level, α/K), or every one within its δ (at α/K too), whichever comes first."""
    big_k = len(keys)
    level = alpha / big_k
    now = _pairs(comp, keys)
    clear: list[int] = []
    within: list[int | None] = []
    for k in keys:
        p = comp.paired.get(k)
        if p is None or p.n < 2:
            return None
        m = abs(p.diff / comp.scale(k))
        d = comp.delta(k)
        if m > 0:
            got = comp.pairs_for(k, m, level, _MORE_CAP)
            if got is not None:
                clear.append(got)
        within.append(comp.pairs_for(k, d - m, level, _MORE_CAP) if m < d else None)
    options = list(clear)
    if within and all(w is not None for w in within):
        options.append(max(w for w in within if w is not None))
    if not options:
        return None
    need = min(options) - now
    return max(1, need) if need + now <= _MORE_CAP else None


def other_rows(comp: Comparison, corrected: bool = True) -> dict[str, dict[str, Any]]:
    """Every paired quantity outside the verdict's family (injuries, gold, …): both
    sides' means, B − A and its interval, Holm over these rows alone (a family of their
    own, the same rule: a ★ exactly where the interval excludes 0). Gold per seat.
    A quantity the game-feel family shows (the lead changes, with the run's traces) is
    left to that family: one interval per number."""
    family = set(family_keys(comp))
    feel = comp.feel_dict()
    felt = {k for k, r in (feel["rows"] if feel else {}).items() if r.get("pairs")}
    keys = sorted(
        k for k in comp.paired if k not in family and k not in felt and not k.startswith("win@")
    )
    fam = _family(comp, keys, corrected, _share(comp, "others", corrected))
    out: dict[str, dict[str, Any]] = {}
    for k in keys:
        p = comp.paired[k]
        sc = comp.scale(k)
        lo, hi, level, star = fam[k]
        out[k] = {
            "a": p.sum_a / p.n / sc if p.n else math.nan,
            "b": p.sum_b / p.n / sc if p.n else math.nan,
            "diff": p.diff / sc if p.n else math.nan,
            "low": lo,
            "high": hi,
            "level": level,
            "star": star,
        }
    return out


@dataclass(frozen=True)
class OthersTable:
    """The paired quantities outside the answer (:attr:`BeforeAfter.others`) as a person
    reads them, in one language: the title (which names the table's own Holm family), the
    column names, one row per quantity (its key in ``keys``, at the same index) and the
    footnote. ``compare``'s text and the Balance tab draw the same rows."""

    title: str
    header: list[str]
    keys: list[str]
    rows: list[list[str]]
    foot: str


def others_table(ba: BeforeAfter, lang: str = "en") -> OthersTable | None:
    """:attr:`BeforeAfter.others` as rows: name, both sides' means, B − A with the one
    interval its ★ uses (Holm over these rows alone); None when there are none."""
    from verlies.i18n import text
    from verlies.i18n.metrics import alpha_words, fmt_diff, fmt_value, metric_name

    if not ba.others:
        return None
    rows = []
    for k, r in ba.others.items():
        change = fmt_diff(k, r["diff"], lang, unit=False)
        if not (math.isnan(r["low"]) or math.isnan(r["high"])):
            span = f"{fmt_diff(k, r['low'], lang, unit=False)} … {fmt_diff(k, r['high'], lang)}"
            change = f"{change} ({span})" + (" ★" if r["star"] else "")
        rows.append(
            [
                metric_name(k, lang, ba.deck),
                fmt_value(k, r["a"], lang),
                fmt_value(k, r["b"], lang),
                change,
            ]
        )
    header = [
        text("lab.col.quantity", lang),
        text("verdict.col.base", lang, name=ba.base_name),
        text("verdict.col.draft", lang, name=ba.draft_name),
        text("verdict.col.change", lang),
    ]
    method = text("lab.method.seq" if ba.sequential else "lab.method.one", lang)
    foot = text(
        "answers.others.foot" if ba.corrected else "verdict.table.foot_none",
        lang,
        count=len(rows),
        method=method,
        alpha=alpha_words(ba.levels.get("others", ba.alpha) if ba.corrected else ba.alpha, lang),
    )
    title = text(
        "balview.others.title" if ba.corrected else "balview.others.title_none",
        lang,
        n=ba.games,
        count=len(rows),
    )
    return OthersTable(title, header, list(ba.others), rows, foot)


def answer_report(ba: BeforeAfter, comp: Comparison, lang: str = "en") -> str:
    """``verlies compare``'s text: the before/after answer, what was played, then the
    paired quantities outside the answer (injuries, gold, …) in one table
    (:func:`others_table`, the rows the Balance tab shows too). One interval per number: a
    quantity of the answer's family is shown once, in the answer, at the level its ★
    uses; the others have their own Holm family (:func:`other_rows`), its interval and ★
    the same rule. The seats' win rates beyond the first seat's edge are left out (the
    characters rotate over the seats: the answer's edge is the seat figure)."""
    from verlies.i18n import text
    from verlies.sim.report import text_tables

    head = text(
        "lab.table.head",
        lang,
        a=comp.label_a,
        b=comp.label_b,
        n=comp.games,
        seed=comp.a.spec.seed,
        same=comp.same_games,
    )
    if comp.stopped:  # a sequential run: why it stopped (its stop rule's words)
        from verlies.i18n.metrics import stopped_words

        head += " " + stopped_words(comp.stopped, lang)
    out = ba.text(lang) + "\n" + head + "\n"
    table = others_table(ba, lang)
    if table is None:
        return out
    return (
        out
        + "\n"
        + text_tables([(table.title, table.header, table.rows), ("", [], [[table.foot]])])
    )

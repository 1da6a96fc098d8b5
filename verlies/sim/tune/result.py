"""The answer of :func:`verlies.sim.tune.tune`: :class:`TuneResult` — the proposal, how it
was found and checked, what the answer is (``outcome``: within, undecided, improved, legal,
no_improvement, unverified), whether it is offered, what the allowed moves cannot reach,
and all of it in words (German, English) from the same numbers as its table."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from verlies.i18n.numbers import fixed, grouped
from verlies.sim.tune.goals import LIMITS, Knob, Target, quantity_name
from verlies.sim.tune.verification import ALPHA, display_unit, target_for

if TYPE_CHECKING:
    from verlies.sim.compare import Comparison

__all__ = [
    "SAVED_FORMAT",
    "SavedError",
    "TuneResult",
    "from_saved",
    "plain_value",
    "saved",
    "show_value",
    "text_of_hint",
]

# ---- the result ----------------------------------------------------------------------------


@dataclass
class TuneResult:
    """The proposal and how it was found and checked."""

    start: Any
    proposal: Any
    knobs: list[Knob]
    edits: dict[str, int | tuple[int, int, int]]  # knob name -> new value
    targets: list[Target]
    met_on_search: bool
    search: dict[str, Any]  # trials, games per trial, seed, the best scores
    verification: dict[str, Any] | None = None
    comparison: Comparison | None = field(default=None, repr=False)
    #: The start deck is within its targets (none missed on the study's seeds, nor on fresh
    #: seeds when verified): nothing to change, nothing searched.
    within_targets: bool = False

    @property
    def met(self) -> bool | None:
        """Every target met on the fresh seeds (point estimates); None: not verified."""
        return None if self.verification is None else bool(self.verification["point_met"])

    @property
    def outcome(self) -> str:
        """What the answer is, from the check on fresh games (the same numbers as its
        table): ``within`` (every target met, nothing to change), ``undecided`` (every
        estimate inside its band, some targets can't be told yet; nothing searched),
        ``meets`` (the proposal lies nearer the targets than the start deck and every
        target's verdict on the fresh games is *met*), ``improved`` (nearer than the start
        deck, but not every target shown met: the headline names the one that stays
        off or least certain, :meth:`focus_row`),
        ``legal`` (not nearer, but the start deck breaks a character's rule and the
        proposal does not), ``no_improvement`` (nothing found nearer the targets with these
        moves) or ``unverified`` (not checked on fresh games: cancelled, or
        ``verify_games=0``)."""
        sc = self.search.get("start_check", {})
        v = self.verification
        if self.within_targets:
            return "within"
        if not self.edits and sc.get("undecided"):
            return "undecided"
        if v is None:
            return "unverified"
        if self.edits and v["violation"] < v["start_violation"]:
            c = v["counts"]
            return "meets" if c["missed"] == 0 and c["undecided"] == 0 else "improved"
        return "legal" if sc.get("illegal") else "no_improvement"

    @property
    def offered(self) -> bool:
        """The proposal may be made the draft: verified nearer the targets than the start
        deck on fresh games (or the start deck breaks a character's rule). A proposal no
        nearer is never offered: doing nothing is no worse."""
        return self.outcome in ("meets", "improved", "legal")

    def headline(self) -> tuple[str, dict[str, Any]]:
        """The answer's first sentence as an i18n key (``tune.head.<outcome>``) and its
        values, from the verification's rows (what the table below it shows)."""
        v = self.verification or {}
        values: dict[str, Any] = {
            "games": v.get("games", 0),
            "n": len(self.edits),
            "k": len(v.get("quantities", [])),
            "start": v.get("start_violation", math.nan),
            "value": v.get("violation", math.nan),
            "undecided": v.get("counts", {}).get("undecided", 0),
            "characters": tuple(self.search.get("start_check", {}).get("illegal", [])),
        }
        key = f"tune.head.{self.outcome}"
        row = self.focus_row()
        if self.outcome == "improved" and row is not None:
            key += {"missed": "_missed", "off": "_off", "open": "_open"}[row[0]]
            values |= {"row": row[1]}
            # "better than the start" only when the paired check start → proposal shows a
            # clear change; else nearer on these games, not yet told from noise
            paired = v.get("compare_verdict")
            values["better"] = "noise" if paired not in (None, "different") else "clear"
        kept = self.start_row() if self.outcome == "no_improvement" else None
        if kept is not None:  # the deck the designer keeps: its outlier named
            key += "_off"
            values |= {"row": kept}
        return key, values

    def start_row(self) -> dict[str, Any] | None:
        """The start deck's estimate farthest outside its band on the check's fresh games
        (a row of the table, its ``start`` as the value; no interval of its own), or None:
        every one inside, or not verified. What a "no improvement" answer leaves the
        designer with is the start deck, so its outlier is what the headline names."""
        v = self.verification
        if v is None:
            return None

        def off(q: Mapping[str, Any]) -> float:
            t, x = target_for(self.targets, q["key"]), float(q["start"])
            return display_unit(q["key"]) * max(0.0, t.low - x, x - t.high)

        rows = [q for q in v["quantities"] if off(q) > 0]
        if not rows:
            return None
        q = max(rows, key=off)
        return {"key": q["key"], "value": q["start"], "low": q["start"], "high": q["start"]}

    def focus_row(self) -> tuple[str, dict[str, Any]] | None:
        """The check's row a designer must know of before taking a proposal that is not
        shown to meet every target: the missed target farthest outside its band
        (``missed``); else the estimate farthest outside its band, not decided (``off``);
        else the undecided target whose interval reaches farthest past its band (``open``).
        None: not verified, or every target met."""
        v = self.verification
        if v is None:
            return None
        rows = v["quantities"]

        def past(q: Mapping[str, Any], lo: str, hi: str) -> float:
            t = target_for(self.targets, q["key"])
            return display_unit(q["key"]) * max(0.0, t.low - float(q[lo]), float(q[hi]) - t.high)

        missed = [q for q in rows if q["verdict"] == "missed"]
        if missed:
            return "missed", max(missed, key=lambda q: past(q, "value", "value"))
        off = [q for q in rows if past(q, "value", "value") > 0]
        if off:
            return "off", max(off, key=lambda q: past(q, "value", "value"))
        open_ = [q for q in rows if q["verdict"] == "undecided"]
        if open_:
            return "open", max(open_, key=lambda q: past(q, "low", "high"))
        return None

    def tally(self) -> list[tuple[str, dict[str, Any]]]:
        """The verdicts counted, the missed targets (keys), and how many more games would
        decide the undecided ones, as i18n keys and values (empty: not verified)."""
        v = self.verification
        if v is None:
            return []
        c = v["counts"]
        out: list[tuple[str, dict[str, Any]]] = [("tune.tally", dict(c))]
        missed = [q["key"] for q in v["quantities"] if q["verdict"] == "missed"]
        if missed:
            out.append(("tune.tally.missed", {"names": missed}))
        if c["undecided"]:
            more = v.get("more_games")
            far = v.get("beyond")
            if more is None and isinstance(far, Mapping):
                out.append(("tune.tally.beyond", dict(far)))
            elif more is None:  # an answer kept before the cap was said
                out.append(("tune.tally.edge", {}))
            else:
                out.append(("tune.tally.more", {"more": more, "games": v["games"] + more}))
        paired = v.get("compare_verdict")
        if self.offered and paired is not None:  # start → proposal on the same fresh games
            alpha = f"{100 * float(v.get('compare_alpha') or ALPHA):g} %"
            key = "clear" if paired == "different" else "open"
            out.append((f"tune.tally.paired_{key}", {"alpha": alpha}))
        log = self.search.get("searched_on") or []
        if log:  # rounds after the first check (verlies.sim.tune.recheck)
            kept = sum(1 for r in log if r.get("kept"))
            out.append(("tune.tally.searched_on", {"rounds": len(log), "kept": kept}))
            last = log[-1]
            if not last.get("kept") and "before" in last:  # paired with the one before
                said = {"step": float(last["distance"]), "before": float(last["before"])}
                out.append(("tune.tally.searched_back_paired", said))
            elif not last.get("kept"):  # an answer kept before the paired rule
                out.append(("tune.tally.searched_back", {}))
        return out

    def hints(self) -> list[dict[str, Any]]:
        """When a target stays outside its band: the outlier (the quantity farthest off
        on the fresh games in the deck the designer is left with — the proposal when
        offered, else the start deck; unverified: on the search's games) and the move
        that would reach it, as a line of ``verlies tune --move``: the farthest-off
        character whose values may not move (its own values), else the first knob the
        proposal left at its bound, with twice the room. Empty: nothing stays off."""
        if self.outcome in ("within", "undecided"):
            return []
        v = self.verification
        # the deck the designer is left with: the proposal when offered, else the start
        which = "value" if self.offered else "start"
        values: Mapping[str, float] = (
            {q["key"]: q[which] for q in v["quantities"]}
            if v is not None
            else self.search.get("search_quantities", {})
        )
        off = []
        for key, x in values.items():
            t = target_for(self.targets, key)
            d = (
                display_unit(key) * max(0.0, t.low - x, x - t.high)
                if not math.isnan(x)
                else math.inf
            )
            if d > 0:
                off.append((d, key))
        if not off:
            return []
        off.sort(key=lambda p: (-p[0], p[1]))
        moving = {k.card for k in self.knobs if k.kind == "character"}
        out: list[dict[str, Any]] = []
        for _d, key in off:
            cid = key[4:] if key.startswith("win:") else ""
            if cid and cid not in moving:
                out.append({"key": key, "move": f"character:{cid}", "why": "character"})
                break
        if out:  # the outlier's own values: the move that reaches it most directly
            return out
        for k in self.knobs:
            got = self.edits.get(k.name)
            if k.choices or got is None or got not in (k.low, k.high):
                continue
            vmin, vmax = LIMITS[k.field]
            if got in (vmin, vmax):
                continue  # at the deck format's limit: no more room
            assert isinstance(k.current, int)
            lo, hi = 2 * (k.low - k.current), 2 * (k.high - k.current)
            move = f"{k.kind}:{k.card}:{k.field}={lo}:{hi}"
            out.append({"key": off[0][1], "move": move, "why": "bound"})
        return out[:1]

    def patch(self) -> Any:
        """The edits from the start deck as a :class:`~verlies.deck.DeckPatch`."""
        return self.start.diff(self.proposal)

    def patch_text(self) -> str:
        """The proposal as a patch file on the default deck (``base = "default"``): what the
        card editor's upload applies, giving the proposed deck."""
        return str(self.proposal.dumps_patch())

    def write_patch(self, path: str | Path) -> Path:
        p = Path(path)
        p.write_text(self.patch_text(), encoding="utf-8")
        return p

    def edit_words(self, lang: str = "en") -> list[str]:
        by = {k.name: k for k in self.knobs}
        return [by[name].words(v, lang, self.start) for name, v in self.edits.items()]

    def to_dict(self) -> dict[str, Any]:
        return {
            "targets": [t.to_dict() for t in self.targets],
            "moves": [
                {"name": k.name, "current": plain_value(k.current), "low": k.low, "high": k.high}
                if not k.choices
                else {"name": k.name, "current": plain_value(k.current), "choices": len(k.choices)}
                for k in self.knobs
            ],
            "edits": [
                {
                    "name": name,
                    "from": plain_value(next(k.current for k in self.knobs if k.name == name)),
                    "to": plain_value(v),
                }
                for name, v in self.edits.items()
            ],
            "edit_words": self.edit_words(),
            "outcome": self.outcome,
            "offered": self.offered,
            "hints": self.hints(),
            "met_on_search": self.met_on_search,
            "within_targets": self.within_targets,
            "search": self.search,
            "verification": self.verification,
            "patch": self.patch().to_dict(),
            "patch_file": self.patch_text(),
        }

    def text(self, lang: str = "en") -> str:
        """The result in words, in ``lang`` (targets and quantities named, characters and
        cards by their names in the start deck)."""
        lines = self.head_lines(lang) + self._search_lines(lang) + self._proposal_lines(lang)
        if self.verification is not None:
            lines += self._verification_lines(self.verification, lang)
        lines += [text_of_hint(h, lang, self.start) for h in self.hints()]
        return "\n".join(lines)

    def head_lines(self, lang: str = "en") -> list[str]:
        """The answer first: the headline, then the verdicts counted (the same numbers as
        the table of the check on fresh games)."""
        from verlies.i18n import text

        key, values = self.headline()
        values = values | {
            "characters": ", ".join(
                _character_name(self.start, c, lang) for c in values["characters"]
            )
        }
        row = values.pop("row", None)
        better = values.pop("better", None)
        shown = _shown(values, lang)
        if better is not None:
            shown["better"] = text(f"tune.better.{better}", lang)
        if row is not None:  # the row the headline names, as the table shows it
            q = row["key"]
            shown |= {
                "what": quantity_name(q, lang, self.start),
                "band": target_for(self.targets, q).shown(lang),
                "estimate": show_value(q, row["value"], lang),
                "low": show_value(q, row["low"], lang),
                "high": show_value(q, row["high"], lang),
            }
        lines = [text(key, lang, **shown)]
        parts = [text(k, lang, **self._said(v, lang)) for k, v in self.tally()]
        if parts:
            lines.append("; ".join(parts))
        return lines

    def _said(self, values: Mapping[str, Any], lang: str) -> dict[str, Any]:
        out = _shown(values, lang)
        if "names" in values:
            out["names"] = ", ".join(quantity_name(k, lang, self.start) for k in values["names"])
        if "distance" in values:  # the row no number of games decides soon
            key = str(values["key"])
            out["what"] = quantity_name(key, lang, self.start)
            out["distance"] = show_distance(key, float(values["distance"]), lang)
            out["cap"] = grouped(int(values["cap"]), lang)
        if "more" in values:
            out["more"] = grouped(int(values["more"]), lang)
            out["games"] = grouped(int(values["games"]), lang)
        return out

    def _search_lines(self, lang: str) -> list[str]:
        """The targets, the table's bots and what the search played."""
        from verlies.i18n import has, text

        s, deck = self.search, self.start
        items = "; ".join(f"{t.name(lang, deck)} {t.shown(lang)}" for t in self.targets)
        bots = ",".join(
            text(f"page.botname.{b}", lang) if has(f"page.botname.{b}", lang) else b
            for b in s["bots"]
        )
        return [
            text("tune.targets", lang, players=s["players"], bots=bots, items=items),
            text(
                "tune.search",
                lang,
                trials=s["trials"],
                played=s["played"],
                games=s["games"],
                seed=s["seed"],
                infeasible=s["infeasible"],
                knobs=len(self.knobs),
            ),
        ]

    def _proposal_lines(self, lang: str) -> list[str]:
        """Within targets, no change, or the edits (and those pruned); a target missed."""
        from verlies.i18n import text

        s = self.search
        lines: list[str] = []
        if self.outcome in ("within", "undecided"):
            return lines  # the headline says it: nothing was searched
        if not self.edits:
            lines.append(text("tune.no_change", lang))
        else:
            sc = s.get("start_check", {})
            if sc.get("illegal"):
                names = ", ".join(_character_name(self.start, c, lang) for c in sc["illegal"])
                lines.append(text("tune.start_illegal", lang, characters=names))
            elif sc.get("fresh_missed"):
                lines.append(text("tune.start_fresh_missed", lang))
            elif sc.get("fresh_off"):
                lines.append(text("tune.start_fresh_off", lang))
            lines.append(text("tune.edits", lang, n=len(self.edits)))
            lines += [f"  {w}" for w in self.edit_words(lang)]
            if s.get("pruned"):
                lines.append(
                    "  "
                    + text("tune.pruned", lang, n=len(s["pruned"]), found=int(s["found_edits"]))
                )
        if not self.met_on_search:
            off = _num(s["best_violation"], 2, lang)
            lines.append("  " + text("tune.not_met", lang, off=off))
        return lines

    def _verification_lines(self, v: dict[str, Any], lang: str) -> list[str]:
        """The check on fresh seeds: a row per quantity, how far off, the paired sentence."""
        from verlies.i18n import text

        level = _num(100 * v["level"], 1, lang) + " %"
        k = len(v["quantities"])
        key = "tune.verify" if self.edits else "tune.verify_start"
        alpha = float(v.get("alpha", ALPHA))
        extra: dict[str, Any] = {}
        if alpha < ALPHA * (1 - 1e-9):  # one of several checks (verlies.sim.tune.recheck)
            key += "_checks"
            extra = {"together": _num(100 * (1 - alpha), 1, lang) + " %"}
            extra["checks"] = round(ALPHA / alpha)
        lines = [text(key, lang, seed=v["seed"], games=v["games"], level=level, k=k, **extra)]
        lines += ["  " + row for row in self._quantity_rows(v["quantities"], lang)]
        c = v["counts"]
        point = text("tune.point.met" if v["point_met"] else "tune.point.missed", lang)
        off = text(
            "tune.off",
            lang,
            start=_num(v["start_violation"], 2, lang),
            value=_num(v["violation"], 2, lang),
            point=point,
            met=c["met"],
            undecided=c["undecided"],
            missed=c["missed"],
        )
        lines.append("  " + off)
        comp = self.comparison
        kept = v.get("compare_sentences") or {}  # an answer given back by the workspace
        sentence = (
            comp.sentence(lang) if comp is not None else kept.get(lang, v["compare_sentence"])
        )
        if sentence:  # none when the start deck is the proposal
            lines.append("  " + text("tune.paired", lang, sentence=sentence))
        return lines

    def _quantity_rows(self, quantities: list[dict[str, Any]], lang: str) -> list[str]:
        """A verified quantity per row, its name and band padded to a column."""
        from verlies.i18n import text

        names = [quantity_name(q["key"], lang, self.start) for q in quantities]
        width = max((len(n) for n in names), default=0)
        bands = [target_for(self.targets, q["key"]).shown(lang) for q in quantities]
        bwidth = max((len(b) for b in bands), default=0)
        return [
            text(
                "tune.row" if self.edits else "tune.row_start",
                lang,
                what=name.ljust(width),
                band=band.ljust(bwidth),
                start=show_value(q["key"], q["start"], lang),
                value=show_value(q["key"], q["value"], lang),
                low=show_value(q["key"], q["low"], lang),
                high=show_value(q["key"], q["high"], lang),
                verdict=text(f"tune.verdict.{q['verdict']}", lang),
            )
            for q, name, band in zip(quantities, names, bands, strict=True)
        ]

    def __str__(self) -> str:
        return self.text()


def _character_name(deck: Any, cid: str, lang: str) -> str:
    try:
        return str(deck.characters[cid].name.get(lang))
    except (AttributeError, KeyError):
        return cid


def _shown(values: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A headline's values as shown: distances with two decimals in the language."""
    return {k: _num(x, 2, lang) if isinstance(x, float) else x for k, x in values.items()}


def text_of_hint(hint: Mapping[str, Any], lang: str = "en", deck: Any = None) -> str:
    """A hint in words: the outlier by name and the move that would reach it."""
    from verlies.i18n import text

    what = quantity_name(hint["key"], lang, deck)
    return text(f"tune.hint.{hint['why']}", lang, what=what, move=hint["move"])


def plain_value(v: int | tuple[int, int, int]) -> int | list[int]:
    return list(v) if isinstance(v, tuple) else v


def _num(x: float, digits: int, lang: str, sign: bool = False) -> str:
    return fixed(x, digits, lang, sign=sign)


def show_distance(key: str, d: float, lang: str = "en") -> str:
    """A distance between a quantity's estimate and a band's edge: rounds in rounds, rates
    and the edge in points."""
    from verlies.i18n import text

    if key == "rounds":
        return f"{_num(d, 1, lang)} {text('tune.unit.rounds', lang)}"
    return f"{_num(100 * d, 1, lang)} {text('metric.unit.points', lang)}"


def show_value(key: str, x: float | None, lang: str = "en") -> str:
    """A quantity's value: rounds as rounds, the edge in points, rates in per cent."""
    from verlies.i18n import text

    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    if key == "rounds":
        return _num(x, 1, lang)
    if key == "edge":
        return f"{_num(100 * x, 1, lang, sign=True)} {text('metric.unit.points', lang)}"
    return f"{_num(100 * x, 1, lang)} %"


# ---- kept as data (the workspace: a reload gives the answer back) --------------------------

#: The format of :func:`saved`'s JSON; another is refused when read.
SAVED_FORMAT = 1


def saved(result: TuneResult) -> dict[str, Any]:
    """The answer as JSON data (no pickle): the knobs (with a character's allowed triples),
    the edits, the targets, how it was searched and checked, and the paired sentence in
    every language. With the start deck, :func:`from_saved` gives it back."""
    from verlies.i18n import LANGUAGES

    v = None if result.verification is None else dict(result.verification)
    if v is not None and result.comparison is not None:
        v["compare_sentences"] = {lang: result.comparison.sentence(lang) for lang in LANGUAGES}
    return {
        "format": SAVED_FORMAT,
        "knobs": [
            {
                "kind": k.kind,
                "card": k.card,
                "field": k.field,
                "current": plain_value(k.current),
                "low": k.low,
                "high": k.high,
                "choices": [list(c) for c in k.choices],
            }
            for k in result.knobs
        ],
        "edits": [[name, plain_value(v_)] for name, v_ in result.edits.items()],
        "targets": [t.to_dict() for t in result.targets],
        "met_on_search": result.met_on_search,
        "within_targets": result.within_targets,
        "search": result.search,
        "verification": v,
    }


class SavedError(ValueError):
    """Kept data that is not an answer: ``where`` names the field, ``what`` what it should
    be."""

    def __init__(self, where: str, what: str) -> None:
        self.where, self.what = where, what
        super().__init__(f"{where}: {what}")


def _value(raw: Any, where: str) -> int | tuple[int, int, int]:
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if (
        isinstance(raw, list)
        and len(raw) == 3
        and all(isinstance(x, int) and not isinstance(x, bool) for x in raw)
    ):
        return (raw[0], raw[1], raw[2])
    raise SavedError(where, "a number or three values")


def _int(raw: Any, where: str) -> int:
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    raise SavedError(where, "a whole number")


def from_saved(data: Any, start: Any) -> TuneResult:
    """The answer :func:`saved` kept, for the start deck ``start`` (its proposal is
    ``start`` with the kept edits). A field that does not read raises
    :class:`SavedError` naming it; the work is bounded by the data's size."""
    from verlies.errors import DeckError
    from verlies.sim.records import SimulationError

    if not isinstance(data, dict):
        raise SavedError("-", "an object")
    if data.get("format") != SAVED_FORMAT:
        raise SavedError("format", f"{SAVED_FORMAT}")
    knobs = _read_knobs(data.get("knobs"))
    by_name = {k.name: k for k in knobs}
    raw_edits = data.get("edits")
    if not isinstance(raw_edits, list):
        raise SavedError("edits", "a list")
    edits: dict[str, int | tuple[int, int, int]] = {}
    proposal = start
    for i, pair in enumerate(raw_edits):
        w = f"edits[{i}]"
        if not (isinstance(pair, list) and len(pair) == 2 and pair[0] in by_name):
            raise SavedError(w, "a knob's name and its value")
        edits[pair[0]] = _value(pair[1], f"{w}[1]")
        try:
            proposal = by_name[pair[0]].apply(proposal, edits[pair[0]])
        except (DeckError, SimulationError, KeyError, AttributeError) as e:
            raise SavedError(w, f"an edit of this deck ({str(e)[:200]})") from None
    targets = _read_targets(data.get("targets"))
    search = data.get("search")
    if not isinstance(search, dict):
        raise SavedError("search", "an object")
    v = data.get("verification")
    if v is not None:
        _check_verification(v)
        for i, q in enumerate(v["quantities"]):
            try:
                target_for(targets, q["key"])
            except KeyError:
                raise SavedError(f"verification.quantities[{i}].key", "a target's") from None
    result = TuneResult(
        start,
        proposal,
        knobs,
        edits,
        targets,
        bool(data.get("met_on_search")),
        search,
        verification=v,
        within_targets=bool(data.get("within_targets")),
    )
    _check_said(result)
    return result


def _check_said(result: TuneResult) -> None:
    """The search's and check's figures are kept as they were made (a free-form record):
    an answer is taken only if its words can be said, in every language, so a kept one
    whose figures were changed is refused here, naming the part, never shown half."""
    from verlies import i18n

    try:
        for lang in i18n.LANGUAGES:
            result.text(lang)
            result.head_lines(lang)
            for hint in result.hints():
                text_of_hint(hint, lang, result.start)
        result.patch_text()
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as e:
        part = "search" if result.verification is None else "search or verification"
        why = f"{type(e).__name__}: {str(e)[:120]}"
        raise SavedError(part, f"the figures the answer's words read ({why})") from None


def _read_knobs(raw_knobs: Any) -> list[Knob]:
    if not isinstance(raw_knobs, list):
        raise SavedError("knobs", "a list")
    knobs: list[Knob] = []
    for i, rk in enumerate(raw_knobs):
        w = f"knobs[{i}]"
        if not isinstance(rk, dict):
            raise SavedError(w, "an object")
        strings = [rk.get(f) for f in ("kind", "card", "field")]
        if not all(isinstance(s, str) for s in strings):
            raise SavedError(w, "kind, card and field as text")
        choices = rk.get("choices", [])
        if not isinstance(choices, list):
            raise SavedError(f"{w}.choices", "a list")
        triples = []
        for j, c in enumerate(choices):
            got = _value(c, f"{w}.choices[{j}]")
            if not isinstance(got, tuple):
                raise SavedError(f"{w}.choices[{j}]", "three values")
            triples.append(got)
        knobs.append(
            Knob(
                str(strings[0]),
                str(strings[1]),
                str(strings[2]),
                _value(rk.get("current"), f"{w}.current"),
                _int(rk.get("low", 0), f"{w}.low"),
                _int(rk.get("high", 0), f"{w}.high"),
                tuple(triples),
            )
        )
    return knobs


def _read_targets(raw_targets: Any) -> list[Target]:
    if not isinstance(raw_targets, list) or not raw_targets:
        raise SavedError("targets", "a list of targets")
    targets = []
    for i, rt in enumerate(raw_targets):
        w = f"targets[{i}]"
        if not isinstance(rt, dict) or not isinstance(rt.get("key"), str):
            raise SavedError(w, "a target")
        bounds = [rt.get("low"), rt.get("high")]
        if not all(b is None or isinstance(b, int | float) for b in bounds):
            raise SavedError(w, "numbers as bounds")
        low = -math.inf if bounds[0] is None else float(bounds[0])
        high = math.inf if bounds[1] is None else float(bounds[1])
        targets.append(Target(rt["key"], low, high))
    return targets


def _check_verification(v: Any) -> None:
    """What the answer's words read of the check: its rows and counts."""
    if not isinstance(v, dict):
        raise SavedError("verification", "an object")
    for f in ("games", "seed"):
        _int(v.get(f), f"verification.{f}")
    for f in ("level", "violation", "start_violation"):
        if not isinstance(v.get(f), int | float):
            raise SavedError(f"verification.{f}", "a number")
    counts = v.get("counts")
    if not isinstance(counts, dict) or not all(
        isinstance(counts.get(k), int) for k in ("met", "undecided", "missed")
    ):
        raise SavedError("verification.counts", "the verdicts counted")
    rows = v.get("quantities")
    if not isinstance(rows, list):
        raise SavedError("verification.quantities", "a list")
    for i, q in enumerate(rows):
        w = f"verification.quantities[{i}]"
        if not isinstance(q, dict) or not isinstance(q.get("key"), str):
            raise SavedError(w, "a quantity")
        if q.get("verdict") not in ("met", "missed", "undecided"):
            raise SavedError(f"{w}.verdict", "met, missed or undecided")
        for f in ("start", "value", "low", "high"):
            if not isinstance(q.get(f), int | float):
                raise SavedError(f"{w}.{f}", "a number")

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

from verlies.sim.tune.goals import LIMITS, Knob, Target, quantity_name
from verlies.sim.tune.verification import ALPHA, display_unit, target_for

if TYPE_CHECKING:
    from verlies.sim.compare import Comparison

__all__ = ["TuneResult", "plain_value", "show_value", "text_of_hint"]

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
        ``improved`` (the proposal lies nearer the targets than the start deck),
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
            return "improved"
        return "legal" if sc.get("illegal") else "no_improvement"

    @property
    def offered(self) -> bool:
        """The proposal may be made the draft: verified nearer the targets than the start
        deck on fresh games (or the start deck breaks a character's rule). A proposal no
        nearer is never offered: doing nothing is no worse."""
        return self.outcome in ("improved", "legal")

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
        return f"tune.head.{self.outcome}", values

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
            if more is None:
                out.append(("tune.tally.edge", {}))
            else:
                out.append(("tune.tally.more", {"more": more, "games": v["games"] + more}))
        paired = v.get("compare_verdict")
        if self.offered and paired is not None:  # start → proposal on the same fresh games
            alpha = f"{100 * float(v.get('compare_alpha') or ALPHA):g} %"
            key = "clear" if paired == "different" else "open"
            out.append((f"tune.tally.paired_{key}", {"alpha": alpha}))
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
        lines = [text(key, lang, **_shown(values, lang))]
        parts = [text(k, lang, **self._said(v, lang)) for k, v in self.tally()]
        if parts:
            lines.append("; ".join(parts))
        return lines

    def _said(self, values: Mapping[str, Any], lang: str) -> dict[str, Any]:
        out = _shown(values, lang)
        if "names" in values:
            out["names"] = ", ".join(quantity_name(k, lang, self.start) for k in values["names"])
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
        lines = [text(key, lang, seed=v["seed"], games=v["games"], level=level, k=k)]
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
        sentence = comp.sentence(lang) if comp is not None else v["compare_sentence"]
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
    s = f"{x:+.{digits}f}" if sign else f"{x:.{digits}f}"
    return s.replace(".", ",") if lang == "de" else s


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

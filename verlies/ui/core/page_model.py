"""What the play page shows, as plain typed values (no widget library here).

The :class:`~verlies.ui.play.controller.Controller` builds these from a session; the widget
classes (``app.py``, ``board_view.py``, ``panels.py``) only draw them. Texts in them are
plain (not escaped); the few functions here that make HTML escape every text.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from fractions import Fraction

from verlies.actions import Action, Outcome, Place, Walk
from verlies.board import Tile
from verlies.cards.model import DungeonCard, ObstacleClass
from verlies.dice import passes
from verlies.render import style as st
from verlies.ui.core.words import t
from verlies.views import MonsterRolling, ObstacleRolling, Pending, TrapRolling

esc = html.escape

Cell = tuple[int, int]


def seat_class(seat: int) -> str:
    """The CSS class index of a seat's colour (``vl-c{n}``, ``vl-p{n}``; see theme.py)."""
    return str(seat % len(st.PLAYER))


# ---- the board ------------------------------------------------------------------------------


@dataclass(frozen=True)
class FigureMark:
    seat: int
    x: int
    y: int
    injured: bool
    current: bool


@dataclass(frozen=True)
class Highlight:
    kind: str  # "place", "walk", "select"
    label: str = ""  # e.g. an arrival chance "67 %"


@dataclass(frozen=True)
class Ghost:
    """The drawn card shown where it would be laid, with the rotation chosen."""

    x: int
    y: int
    card: DungeonCard
    mask: int
    note: str = ""  # e.g. "1/2"


@dataclass
class Scene:
    tiles: list[Tile] = field(default_factory=list)
    figures: list[FigureMark] = field(default_factory=list)
    highlights: dict[Cell, Highlight] = field(default_factory=dict)
    ghost: Ghost | None = None
    coords: bool = False  # designer mode: cell coordinates on the board
    banner: str = ""  # e.g. "Game over – winner: player 1"
    drawn: tuple[DungeonCard, int] | None = None  # the card being laid and its passages


# ---- what a click or a button asks for ------------------------------------------------------


@dataclass(frozen=True)
class Say:
    """Nothing to do but tell the person why (an error is shown as one).

    Kept as words (a page text's key and its values), not as text made: the page says it
    again in the new language on a switch (issue 24). A value may be a function of the
    language (a character's name), made again too."""

    key: str
    error: bool = False
    values: tuple[tuple[str, object], ...] = ()

    def text(self, lang: str) -> str:
        filled = {k: v(lang) if callable(v) else v for k, v in self.values}
        return t(self.key, lang, **filled)


@dataclass(frozen=True)
class Decide:
    """Take this action (a walk clicked on the board, a placement confirmed)."""

    action: Walk | Place


@dataclass(frozen=True)
class Reselect:
    """The chosen placement cell or its rotation changed: show the page again."""


Intent = Say | Decide | Reselect


# ---- the side of the page --------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    key: str  # one of theme.HINTS
    text: str


@dataclass(frozen=True)
class ActionRow:
    """A legal action as the actions panel lists it (a button, or a line for a bot)."""

    action: Action
    label: str  # with the engine's odds where they matter
    kind: str  # the action's kind tag (its CSS class ``vl-action-<kind>``)
    primary: bool  # drawing a card: the main button


@dataclass(frozen=True)
class Decision:
    """The decision pending: the legal actions, what it is about, and which bot makes it
    ("" when a human decides)."""

    rows: tuple[ActionRow, ...]
    context: str
    bot: str = ""


@dataclass(frozen=True)
class ChanceRow:
    outcome: Outcome
    label: str
    p: Fraction  # the engine's exact probability
    width: int  # the bar's length, in percent of the likeliest outcome's
    passes: bool | None = None  # a die face: does the test pending succeed with it


@dataclass(frozen=True)
class ChanceTable:
    """A pending chance point: every outcome with its probability (likeliest first for card
    draws), or ``hidden`` (R9.3: a treasure drawn face down outside designer mode)."""

    kind: str
    title: str
    who: str
    context: str
    rows: tuple[ChanceRow, ...]
    hidden: bool = False
    passes: str = ""  # which faces succeed, in words ("passes on 4–6"); "" if no test


@dataclass(frozen=True)
class Badge:
    kind: str  # its CSS class ``vl-<kind>``: injured, escaped, leftbehind, winner
    text: str


@dataclass(frozen=True)
class TreasureItem:
    name: str
    details: str  # "2 Gold, M, used"
    text: str  # the card's text (shown on hover)


@dataclass(frozen=True)
class PlayerRow:
    """One seat's card: who (name, controller, values) and what it holds now. Treasures are
    listed only where they may be shown (R9.3); else ``no_treasures`` says how many."""

    seat: int
    name: str
    controller: str
    values: tuple[tuple[str, str, int], ...]  # (attribute key, its name, the value)
    coins: int
    treasure_count: int
    shown: bool
    injured: bool
    escaped: bool
    badges: tuple[Badge, ...]
    gold: str
    treasures_label: str
    treasures: tuple[TreasureItem, ...]
    no_treasures: str


@dataclass(frozen=True)
class Placing:
    """The card being laid by the human to move: the placement chosen (or None) and what
    the confirm and rotate buttons say."""

    place: Place | None
    confirm_label: str
    can_confirm: bool
    can_rotate: bool


@dataclass(frozen=True)
class Status:
    """The state line: its data attributes (the stylesheet shows and hides panels and hints
    from them) and its words."""

    step: int
    history: int
    pending: str
    chance: bool
    over: bool
    seat: int
    round: int
    dice: bool
    human: bool
    tiles: int
    reason: str
    seed: int | None  # None: not shown (a shared table's seat or spectator)
    players: int
    controllers: tuple[str, ...]
    hint: str
    round_text: str
    position_text: str
    headline: str  # "Game over", or who is to move
    detail: str = ""  # game over: why; chance: what is rolled
    winners: str = ""  # game over: who won
    bot: str = ""  # a bot to move: which

    def data_attributes(self) -> str:
        return (
            f'data-step="{self.step}" data-history="{self.history}" '
            f'data-pending="{esc(self.pending)}" data-chance="{int(self.chance)}" '
            f'data-over="{int(self.over)}" data-seat="{self.seat}" data-round="{self.round}" '
            f'data-dice="{int(self.dice)}" '
            f'data-human="{int(self.human)}" data-tiles="{self.tiles}" '
            f'data-reason="{esc(self.reason)}" '
            + (f'data-seed="{self.seed}" ' if self.seed is not None else "")
            + f'data-players="{self.players}" '
            f'data-controllers="{esc(",".join(self.controllers))}" data-hint="{self.hint}"'
        )

    def html(self, after: str = "") -> str:
        """The state line as HTML; ``after`` (HTML) follows it in the same widget."""
        if self.over:
            main = f"<b>{esc(self.headline)}</b>: {esc(self.detail)}. {esc(self.winners)}"
            chip = '<span class="vl-chip" style="background:#888">✓</span>'
        else:
            if self.chance:
                main = f"{esc(self.headline)} · {esc(self.detail)}"
            else:
                main = esc(self.headline)
                if self.bot:
                    main += f' <span class="vl-small">({esc(self.bot)})</span>'
            chip = f'<span class="vl-chip vl-c{seat_class(self.seat)}">{self.seat + 1}</span>'
        return (
            f'<div class="vl-state" {self.data_attributes()}>{chip}'
            f'<span class="vl-round">{esc(self.round_text)}</span>'
            f' · {main}<span class="vl-pos">{esc(self.position_text)}</span></div>{after}'
        )


def hints_html(hints: list[Hint]) -> str:
    """Every hint once; the stylesheet shows the one the state line names."""
    return (
        '<div class="vl-hints">'
        + "".join(f'<p data-hint="{h.key}">{esc(h.text)}</p>' for h in hints)
        + "</div>"
    )


__all__ = [
    "ActionRow",
    "Badge",
    "Cell",
    "ChanceRow",
    "ChanceTable",
    "Decide",
    "Decision",
    "FigureMark",
    "Ghost",
    "Highlight",
    "Hint",
    "Intent",
    "Placing",
    "PlayerRow",
    "TreasureItem",
    "Reselect",
    "Say",
    "Scene",
    "Status",
    "hints_html",
    "seat_class",
]


def face_runs(faces: list[int]) -> str:
    """Die faces as runs: [1, 2, 3, 5] -> "1–3, 5"."""
    runs: list[list[int]] = []
    for f in sorted(faces):
        if runs and f == runs[-1][-1] + 1:
            runs[-1].append(f)
        else:
            runs.append([f])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def passing_faces(pending: Pending) -> tuple[str, frozenset[int]] | None:
    """For a pending die roll that decides a test, which W6 faces make the adventurer
    succeed, and how that is said ("oroll"/"troll": value + bonus + W6 >= target, R4.2;
    "mroll": the monster's W6 + its value stays at most the adventurer's total, R7.2).
    None where one face decides nothing alone (the adventurer's fight roll) or no test is
    pending."""
    if type(pending) is ObstacleRolling or type(pending) is TrapRolling:
        value, target = pending.value + pending.bonus, pending.target
        faces = frozenset(f for f in range(1, 7) if passes(f + value, target))
        # R5.1/R5.3: a class-A or class-C obstacle lets a failed roll through, injured.
        if type(pending) is ObstacleRolling and pending.obstacle.cls != ObstacleClass.B:
            return "unhurt_on", faces
        return "passes_on", faces
    if type(pending) is MonsterRolling:
        total = pending.value + pending.bonus + pending.roll
        target = pending.target
        return "wins_if_monster", frozenset(f for f in range(1, 7) if passes(total, f + target))
    return None

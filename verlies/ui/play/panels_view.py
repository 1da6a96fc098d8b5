"""Side panels: players, event log, chance point, legal-action buttons, the drawn card.

Each panel renders from the game (and the session's seats) into widgets; none decides a rule.
HTML is built here with every text escaped.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets

from verlies.cards.display import kind_word, shape_word
from verlies.i18n import values
from verlies.ui.core.describe import (
    attr_name,
)
from verlies.ui.core.page_model import ActionRow, ChanceTable, Decision, PlayerRow, seat_class
from verlies.ui.core.session import Session
from verlies.ui.core.words import pct, t
from verlies.ui.play.log_html import lines as log_lines

if TYPE_CHECKING:
    from verlies.actions import Action, Outcome
    from verlies.game import Game

esc = html.escape


# ---- players ----------------------------------------------------------------------------


def player_html(row: PlayerRow) -> str:
    """One seat's card. The highlight of the player to move is not in it: the stylesheet
    takes it from the state line (``data-seat``), so a turn change re-sends no card."""
    badges = "".join(f'<span class="vl-badge vl-{b.kind}">{esc(b.text)}</span>' for b in row.badges)
    treasures = " ".join(
        f'<span class="vl-treasure" title="{esc(item.text)}">'
        f"{esc(item.name)} ({esc(item.details)})</span>"
        for item in row.treasures
    ) or esc(row.no_treasures)
    return (
        f'<div class="vl-player{" vl-out" if row.escaped else ""}" data-seat="{row.seat}" '
        f'data-coins="{row.coins}" data-treasures="{row.treasure_count}" '
        f'data-treasures-shown="{int(row.shown)}" data-injured="{int(row.injured)}" '
        f'data-escaped="{int(row.escaped)}">{badges}'
        f'<div class="vl-gold"><span class="vl-coin"></span> {esc(row.gold)}</div>'
        f'<div class="vl-treasures">{esc(row.treasures_label)}: {treasures}</div>'
        "</div>"
    )


def player_head_html(row: PlayerRow) -> str:
    """The part of a seat's card that does not change in a game: who, played by, values."""
    # the values' colours come from the stylesheet (.vl-val-staerke ...)
    values = "".join(
        f'<span class="vl-val vl-val-{key}">{esc(name)} <b>{value}</b></span>'
        for key, name, value in row.values
    )
    return (
        f'<div class="vl-player-head"><span class="vl-chip vl-c{seat_class(row.seat)}">'
        f"{row.seat + 1}</span> <b>{esc(row.name)}</b> "
        f'<span class="vl-ctl">{esc(row.controller)}</span></div>'
        f'<div class="vl-values">{values}</div>'
    )


class PlayersPanel:
    """A card per seat, in two HTML widgets: what does not change in a game (who, values)
    and what does (coins, treasures, badges); one for the piles. A step re-sends only what
    changed."""

    def __init__(self) -> None:
        self.heads: list[widgets.HTML] = []
        self.cards: list[widgets.HTML] = []
        self.boxes: list[widgets.VBox] = []
        self.decks = widgets.HTML()
        self.widget = widgets.VBox([self.decks])
        self.widget.add_class("vl-players-box")

    def show(self, rows: tuple[PlayerRow, ...], piles: str) -> None:
        n = len(rows)
        while len(self.cards) < n:
            seat = len(self.cards)
            self.heads.append(widgets.HTML())
            self.cards.append(widgets.HTML())
            box = widgets.VBox([self.heads[seat], self.cards[seat]])
            box.add_class("vl-player-card")
            box.add_class(f"vl-p{seat_class(seat)}")
            box.add_class(f"vl-seat-{seat}")
            self.boxes.append(box)
        for row in rows:
            self.heads[row.seat].value = player_head_html(row)
            self.cards[row.seat].value = player_html(row)
        self.decks.value = f'<div class="vl-decks">{esc(piles)}</div>'
        children = (*self.boxes[:n], self.decks)
        if children != self.widget.children:
            self.widget.children = children

    @property
    def value(self) -> str:
        """Everything the panel shows, as one piece of HTML (for tests and reading)."""
        n = len(self.widget.children) - 1
        parts = [self.heads[i].value + self.cards[i].value for i in range(n)]
        decks: str = self.decks.value
        return "".join(parts) + decks


# ---- log --------------------------------------------------------------------------------


class LogView:
    """The event log, newest first, in parts of whole steps, one HTML widget each.

    A part takes the events of the next steps until it holds :attr:`PART` or more; part ``k``
    is shown by widget ``k % PARTS``. A step re-sends only the newest part, the few lines of
    its last steps; a step that opens a part also re-sends the line below them (how many
    earlier events there are, or all of them with "show all"). The widgets never change
    places: that line names the widget of the newest part (``data-top``), and the stylesheet
    (:func:`log_order_css`) orders the parts newest first from it."""

    PART = 6
    PARTS = 5

    def __init__(self) -> None:
        self.parts = [widgets.HTML() for _ in range(self.PARTS)]
        self.older = widgets.HTML()
        self.widget = widgets.VBox([*self.parts, self.older])
        self.widget.add_class("vl-log-box")
        self.show_all = False

    def starts(self, game: Game, total: int) -> list[int]:
        """Where each part begins (event indices): at a step's first event, once the part
        before holds PART events or more."""
        starts = [0]
        end = total - sum(game.event_count(k) for k in range(game.step_count))  # setup
        for k in range(game.step_count):
            if end - starts[-1] >= self.PART:
                starts.append(end)
            end += game.event_count(k)
        return starts

    def show(self, session: Session, lang: str, designer: bool) -> None:
        game = session.game
        total = game.log_size
        starts = self.starts(game, total)
        bounds = [*starts, total]
        newest = len(starts) - 1
        oldest = max(0, newest - self.PARTS + 1)
        # only the events shown are made (all of them with "show all")
        first = 0 if self.show_all else starts[oldest]
        events = game.log_from(first)
        shown = set()
        for part in range(newest, oldest - 1, -1):
            w = self.parts[part % self.PARTS]
            shown_lines = log_lines(
                session, events, bounds[part], bounds[part + 1], lang, designer, first
            )
            w.value = f'<div class="vl-log" data-part="{part}">{shown_lines}</div>'
            shown.add(part % self.PARTS)
        for i, w in enumerate(self.parts):
            if i not in shown:
                w.value = ""
        before = starts[oldest]  # events older than the parts shown
        top = f'data-top="{newest % self.PARTS}"'
        if not before:
            self.older.value = f'<div class="vl-older" {top}></div>'
        elif self.show_all:
            older = log_lines(session, events, 0, before, lang, designer)
            self.older.value = (
                f'<div class="vl-older" {top}><div class="vl-log" data-part="older">{older}</div>'
                "</div>"
            )
        else:
            self.older.value = (
                f'<div class="vl-older" {top}>'
                f'<div class="vl-more">{esc(t("log_more", lang, n=before))}</div></div>'
            )

    def ordered(self) -> list[widgets.HTML]:
        """The parts as the page shows them: newest first, then the line below them."""
        found = re.search(r'data-top="(\d+)"', self.older.value)
        if found is None:  # before the first show(): the stylesheet orders nothing
            return [*self.parts, self.older]
        top = int(found.group(1))
        ring = [self.parts[(top - k) % self.PARTS] for k in range(self.PARTS)]
        return [*ring, self.older]

    @property
    def value(self) -> str:
        """Every line shown, newest first, as one piece of HTML (for tests and reading)."""
        return "".join(w.value for w in self.ordered())


def log_order_css() -> str:
    """The order of the log's parts on the page, newest first (see :class:`LogView`): the
    part widgets keep their places, the line below them names the newest one."""
    n = LogView.PARTS
    rules = [".vl-log-box > .widget-html:last-child { order: 99; }"]
    for top in range(n):
        for i in range(n):
            rules.append(
                f'.vl-log-box:has(.vl-older[data-top="{top}"]) > .widget-html:nth-child({i + 1})'
                f" {{ order: {(top - i) % n}; }}"
            )
    return "\n".join(rules)


class Text:
    """A piece of HTML another widget shows (``value``, as on a widget): the actions' head
    is part of the state line's widget, which a step re-sends anyway (one message less)."""

    def __init__(self) -> None:
        self.value = ""


class ActionsPanel:
    """The legal actions of the player to move: a head (what the decision is about; for a
    bot, its options as a read-only list) and, for a human, buttons (a pool reused between
    steps). The page shows the head with the state line (:attr:`title`)."""

    def __init__(self, on_action: Callable[[Action], None]) -> None:
        self.on_action = on_action
        self.title = Text()
        self.box = widgets.VBox(layout=widgets.Layout(max_height="210px", overflow="auto"))
        self.box.add_class("vl-actions-list")
        self.widget = widgets.VBox([self.box])
        self.widget.add_class("vl-actions")
        self._buttons: list[widgets.Button] = []
        self._actions: list[Action] = []
        self._legal: list[ActionRow] = []

    def _button(self, i: int) -> widgets.Button:
        while len(self._buttons) <= i:
            b = widgets.Button(layout=widgets.Layout(width="auto", min_height="30px"))
            b.add_class("vl-action")
            j = len(self._buttons)
            b.on_click(lambda _b, j=j: self._clicked(j))
            self._buttons.append(b)
        return self._buttons[i]

    def _clicked(self, j: int) -> None:
        if j < len(self._actions):
            self.on_action(self._actions[j])

    def head(self, decision: Decision | None, lang: str) -> str:
        """The head of the panel (:attr:`title`): "" when no decision is pending."""
        self._legal = []
        if decision is None:
            self.title.value = ""
            return ""
        self._legal = list(decision.rows)
        head = f'<div class="vl-h">{esc(t("actions", lang))}</div>' + (
            f'<div class="vl-context">{esc(decision.context)}</div>' if decision.context else ""
        )
        if decision.bot:
            items = "".join(f"<li>{esc(row.label)}</li>" for row in decision.rows)
            head += (
                f'<div class="vl-bot-options" data-n="{len(decision.rows)}">'
                f'<div class="vl-small">{esc(t("bot_options", lang, who=decision.bot))}</div>'
                f"<ol>{items}</ol></div>"
            )
        self.title.value = f'<div class="vl-actions-head">{head}</div>'
        return self.title.value

    def show(self, human: bool) -> None:
        """The buttons of the human to move (after :meth:`head`). With no human to move they
        are hidden (by the stylesheet, from the state line) and left as they are: nothing is
        sent."""
        if not human:
            self._actions = []
            return
        rows = self._legal
        self._actions = [row.action for row in rows]
        children = []
        for i, row in enumerate(rows):
            b = self._button(i)
            kind = f"vl-action-{row.kind}"
            classes = [c for c in b._dom_classes if not c.startswith("vl-action-")] + [kind]
            with b.hold_sync():  # one message per button that changed, none if none did
                if tuple(classes) != tuple(b._dom_classes):
                    b._dom_classes = tuple(classes)
                b.description = row.label
                b.tooltip = row.label
                b.disabled = False
                b.button_style = "primary" if row.primary else ""
            children.append(b)
        if tuple(children) != self.box.children:
            self.box.children = children

    @property
    def actions(self) -> list[Action]:
        return list(self._actions)

    def button_for(self, action: Action) -> widgets.Button:
        return self._buttons[self._actions.index(action)]


# ---- chance -----------------------------------------------------------------------------


class ChancePanel:
    """A pending chance point: every outcome with its exact probability, roll or what-if.

    Shown and hidden by the stylesheet from the state line (``data-chance``), and so is the
    button that fits (roll a die or draw a card, ``data-dice``): the widgets keep their
    values while hidden, and a step sends only what changed."""

    def __init__(self, on_roll: Callable[[], None], on_pick: Callable[[Outcome], None]) -> None:
        self.on_roll = on_roll
        self.on_pick = on_pick
        # title, what the roll decides, every outcome's odds: shown with the state line
        # (whose widget a step re-sends anyway), the controls below it
        self.table = Text()
        buttons = []
        for kind in ("die", "card"):
            b = widgets.Button(
                button_style="warning",
                icon="random",
                layout=widgets.Layout(width="100%", height="34px"),
            )
            b.add_class("vl-roll")
            b.add_class(f"vl-roll-{kind}")
            b.on_click(lambda _b: self.on_roll())
            buttons.append(b)
        self.roll_button, self.draw_button = buttons
        # What-if: the outcomes as a list to pick from. The list repeats every label of the
        # table, so it is filled (and sent) only while the user has it open.
        self.picking = widgets.ToggleButton(
            value=False, icon="list", layout=widgets.Layout(width="auto")
        )
        self.picking.add_class("vl-pick-toggle")
        self.picking.observe(lambda _c: self._picking_changed(), "value")
        # the list takes the row's width left of its button (long card names are cut there)
        self.pick = widgets.Dropdown(
            layout=widgets.Layout(width="auto", flex="1 1 0", min_width="0")
        )
        self.pick.add_class("vl-what-if")
        self.take_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.take_button.add_class("vl-take-outcome")
        self.take_button.on_click(lambda _b: self._take())
        self.pick_row = widgets.HBox(
            [self.pick, self.take_button], layout=widgets.Layout(display="none", width="100%")
        )
        self.pick_row.add_class("vl-pick-row")
        # the toggle, and under it (when open) the list and its button: one column, so an
        # open list never pushes the roll button out of the panel
        self.what_if_row = widgets.VBox([self.picking, self.pick_row])
        self.what_if_row.add_class("vl-what-if-row")
        self.controls = widgets.VBox([self.roll_button, self.draw_button, self.what_if_row])
        self.controls.add_class("vl-chance-controls")
        self.widget = widgets.VBox([self.controls])
        self.widget.add_class("vl-chance")
        self._outcomes: list[Outcome] = []
        self._options: list[tuple[str, int]] = []  # the what-if list for the outcomes now
        self._picked: list[Outcome] = []  # the outcomes the list shows
        self.visible = False

    def _take(self) -> None:
        i = self.pick.value
        if self.picking.value and i is not None and 0 <= i < len(self._picked):
            self.on_pick(self._picked[i])

    def set_lang(self, lang: str) -> None:
        self.roll_button.description = t("roll", lang)
        self.draw_button.description = t("draw_card", lang)
        self.take_button.description = t("take_outcome", lang)
        self.picking.description = t("what_if", lang)
        self.picking.tooltip = t("what_if_tip", lang)

    def _picking_changed(self) -> None:
        self.pick_row.layout.display = "" if self.picking.value else "none"
        if self.picking.value:
            self._set_options(self._options)

    def _set_options(self, options: list[tuple[str, int]]) -> None:
        """The what-if list, first outcome chosen; sent only when its labels changed (labels
        and choice in one message), or the choice alone when the user had moved it."""
        self._picked = list(self._outcomes)
        if tuple(label for label, _ in options) != tuple(self.pick._options_labels):
            with self.pick.hold_sync():
                self.pick.options = options
                self.pick.value = 0 if options else None
        elif options and self.pick.value != 0:
            self.pick.value = 0

    def _offer(self, options: list[tuple[str, int]]) -> None:
        """The outcomes a what-if can pick now: into the list if it is open."""
        self._options = options
        if self.picking.value:
            self._set_options(options)

    def show(self, table: ChanceTable | None, lang: str) -> None:
        self.visible = table is not None
        if table is None:
            self._outcomes = []
            self._options = []  # the list keeps what it shows until it is needed again
            return
        self.what_if_row.layout.display = "none" if table.hidden else ""
        if table.hidden:
            self._outcomes = []
            self.table.value = (
                f'<div class="vl-outcomes vl-otable" data-kind="treasure" data-n="hidden">'
                f'<div class="vl-h">{esc(t("chance", lang))}</div>'
                f'<div class="vl-small">{esc(t("treasure_face_down", lang))}</div></div>'
            )
            self._offer([])
            return
        self._outcomes = [row.outcome for row in table.rows]
        title = (
            f'<div class="vl-h">{esc(t("chance", lang))}: {esc(table.title)}'
            f' <span class="vl-small">({esc(table.who)})</span></div>'
            + (f'<div class="vl-context">{esc(table.context)}</div>' if table.context else "")
        )
        rows = []
        options = []
        for i, row in enumerate(table.rows):
            p = row.p
            options.append((f"{row.label} – {pct(p, lang)}", i))
            bar = "<i></i>" if row.width == 100 else f'<i style="width:{row.width}%"></i>'
            # a row (.vl-orows > p, no class: a card draw has dozens): label (in full on
            # hover), bar, percentage; the exact odds in data-p
            # a die face that passes the test pending: marked by colour and by a tick
            mark = "" if row.passes is None else f' data-pass="{int(row.passes)}"'
            tick = " ✓" if row.passes else ""
            rows.append(
                f'<p data-p="{p.numerator}/{p.denominator}"{mark}>'
                f"<span>{esc(row.label)}{tick}</span><i>{bar}</i><b>{pct(p, lang)}</b></p>"
            )
        n = len(table.rows)
        self.table.value = (
            f'<div class="vl-outcomes vl-otable" data-kind="{esc(table.kind)}" '
            f'data-n="{n}">'
            f'{title}<div class="vl-small">{esc(t("outcomes", lang, n=n))}</div>'
            + (f'<div class="vl-passes">{esc(table.passes)}</div>' if table.passes else "")
            + f'<div class="vl-orows">{"".join(rows)}</div></div>'
        )
        self._offer(options)


# ---- the drawn card ----------------------------------------------------------------------


def drawn_card_html(session: Session, lang: str, mask: int | None) -> str:
    g = session.game
    card = g.drawn
    if card is None or g.pending != "place":
        return ""
    # the picture is the board's preview canvas, next to this (painted with the board)
    lines = [f"<b>{esc(card.name.get(lang))}</b>"]
    lines.append(
        esc(f"{kind_word(card.kind, lang)} · {shape_word(card.shape, lang)}")
        + f" · {esc(values.color(card.color, lang))}"
    )
    if card.gold:
        lines.append(f"{card.gold} {esc(t('gold', lang))}")
    if card.obstacle is not None:
        o = card.obstacle
        fig = g.figures[g.seat]
        value = fig.character.value(o.attr)
        attr = attr_name(o.attr, lang)
        lines.append(
            esc(
                t(
                    "obstacle_on",
                    lang,
                    obstacle=values.obstacle(o.type, lang),
                    n=o.n,
                    attr=attr,
                    value=value,
                )
            )
        )
        # R5.1-R5.3: below the number a class-B obstacle stops the figure; A and C let it
        # through, injured. The number is "gets through" for B and "unhurt" for A and C.
        key = f"through_{o.cls.value.lower()}"
        odds = t(key, lang, p=pct(g.pass_chance(o), lang), n=o.n)
        lines.append(f'<span class="vl-odds">{esc(odds)}</span>')
    return (
        f'<div class="vl-drawn" data-card="{esc(card.id)}">'
        f'<div class="vl-drawn-text"><div class="vl-h">{esc(t("drawn_card", lang))}</div>'
        f"{'<br>'.join(lines)}</div></div>"
    )

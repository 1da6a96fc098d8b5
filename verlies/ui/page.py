"""The play page: board, controls, chance, players and log around one :class:`Session`.

Drawing and wiring only. The page's state and decisions are the widget-free
:class:`~verlies.ui.play.app_model.AppModel` (the session, the decks, the branch tree, the
language, the messages, the switches, the one ``adopt`` every game arrives by): a click
calls the model, the model tells what changed (:class:`~verlies.ui.play.app_model.Changed`), and
:meth:`PlayApp._changed` draws it. Every button and every click asks the game what is legal
(``legal_actions``, ``chance_outcomes``, ``pass_chance``) and shows what the events say.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from verlies import i18n
from verlies.serve.iopub import make_room
from verlies.serve.request import say_in_server_log
from verlies.ui.board.board_text import board_text_html
from verlies.ui.board.board_view import HEIGHT, WIDTH, BoardView
from verlies.ui.core.page_model import hints_html
from verlies.ui.core.said import no_null_tooltips
from verlies.ui.core.theme import CSS
from verlies.ui.core.words import t
from verlies.ui.play.app_model import AppModel, Change, Changed, NewGame, Source
from verlies.ui.play.autosave_view import AutosaveBar
from verlies.ui.play.branches_view import BranchesPanel
from verlies.ui.play.controls_view import FileControls, HistoryControls, SetupForm, StepControls
from verlies.ui.play.log_html import rules_css, rules_html
from verlies.ui.play.panels_view import (
    ActionsPanel,
    ChancePanel,
    LogView,
    PlayersPanel,
    drawn_card_html,
    log_order_css,
)
from verlies.ui.play.tools_view import ToolsPanel
from verlies.ui.table.table_view import TableBar
from verlies.ui.workspace.workspace_view import WorkspaceBar

if TYPE_CHECKING:
    from verlies.game import Game
    from verlies.setup import DeckLike
    from verlies.ui.balance.balance_view import BalanceTab
    from verlies.ui.core.session import Session
    from verlies.ui.deck.editor_view import DeckEditor

esc = html.escape


def _gap() -> widgets.HTML:
    return widgets.HTML(layout=widgets.Layout(flex="1 1 auto"))


class PlayApp:
    """The explorer's play page. ``widget`` is what the notebook shows; ``model`` is the
    page without widgets (``ui/play/app_model.py``): its game, session, language and switches
    are read there, and clicks, steps, saves and loads are the model's methods
    (``app.model.act(action)``, ``app.model.load(name, data)``); the page only draws."""

    def __init__(
        self,
        session: Session | None = None,
        *,
        lang: str = "de",
        deck: DeckLike | None = None,
        width: int = WIDTH,
        height: int = HEIGHT,
        autosave: bool = False,
    ) -> None:
        self.model = AppModel(session, lang=lang, deck=deck)
        self._syncing = False
        self._refreshing = False
        self._ready = False  # the board reports its description only once the page is built
        header = self._build_header(lang)
        self.play_page = self._build_play_page(width, height)
        self._ready = True
        self._build_tabs(lang)
        self.model.subscribe(self._changed)
        self._draw_lang()
        self.refresh()
        # every step saved: subscribed after the page, so a change is drawn before the
        # store is written to (and the bar draws the game the page shows now)
        self.autosave = AutosaveBar(self.model, enabled=autosave)
        # once the browser speaks, its connection exists: the kernel may queue a tab's
        # burst of messages for it rather than drop the end of it (serve/iopub.py)
        self.autosave.client.observe(lambda _c: make_room(), "value")
        # the designer's draft, results and place kept too (ui/workspace/, issue 38 item 3);
        # its line goes into the autosave's box when it has something to say
        self.workspace = WorkspaceBar(self, enabled=autosave)
        self.widget = widgets.VBox(
            [self.style, header, self.notice, self.autosave.widget, self.tabs]
        )
        self.widget.add_class("vl-app")
        no_null_tooltips(self.widget)

    # ---- building ------------------------------------------------------------------------

    def _build_header(self, lang: str) -> widgets.HBox:
        """Title, designer mode, language; the look; the notice above the tabs."""
        self.style = widgets.HTML()  # the look, and the rules' texts in the page's language
        self.title = widgets.HTML()
        self.lang_toggle = widgets.ToggleButtons(
            options=[("DE", "de"), ("EN", "en")], value=lang, style={"button_width": "46px"}
        )
        self.lang_toggle.add_class("vl-lang")
        self.lang_toggle.observe(lambda c: self.model.set_lang(c["new"]), "value")
        self.designer_box = widgets.Checkbox(
            value=False, indent=False, layout=widgets.Layout(width="auto")
        )
        self.designer_box.add_class("vl-designer")
        self.designer_box.observe(lambda c: self.model.set_designer(bool(c["new"])), "value")
        header = widgets.HBox([self.title, self.designer_box, self.lang_toggle])
        header.add_class("vl-header")
        # what a person must read first, above the tabs: a link that could not be opened
        # (issue 24 item 3: it was below the board, out of sight under the fresh game)
        self.notice = widgets.HTML()
        self.notice.add_class("vl-notice")
        return header

    def _build_side(self, width: int, height: int) -> widgets.VBox:
        """The board, and beside it the state line, chance, actions, hints, the message,
        the card being laid and the players."""
        model = self.model
        self.board = BoardView(width, height, on_cell=model.click, on_info=self._board_info)
        # The state line is re-sent every step; its data attributes also show and hide the
        # panels through the stylesheet (theme.py), and pick the hint below it: every hint is
        # in the page once (sent again only with a new language), the stylesheet shows one.
        self.status = widgets.HTML()
        self.status.add_class("vl-status")
        self.hints = widgets.HTML()
        self.hints.add_class("vl-hints-box")
        self.message = widgets.HTML()
        self.message.add_class("vl-message")
        self.drawn = widgets.HTML()
        self.drawn.add_class("vl-drawn-box")
        self.confirm = widgets.Button(
            button_style="success", icon="check", layout=widgets.Layout(width="auto")
        )
        self.confirm.add_class("vl-confirm-place")
        self.confirm.on_click(lambda _b: model.confirm())
        self.rotate = widgets.Button(icon="rotate-right", layout=widgets.Layout(width="auto"))
        self.rotate.add_class("vl-rotate")
        self.rotate.on_click(lambda _b: model.rotate())
        self.place_buttons = widgets.HBox([self.confirm, self.rotate])
        self.place_buttons.add_class("vl-place-buttons")
        drawn_row = widgets.HBox([self.board.preview, self.drawn])
        drawn_row.add_class("vl-drawn-row")
        self.place_box = widgets.VBox([drawn_row, self.place_buttons])
        self.place_box.add_class("vl-place-box")
        self.actions = ActionsPanel(model.act)
        self.chance = ChancePanel(model.roll, model.pick_outcome)
        self.chance.picking.observe(lambda c: model.set_picking(bool(c["new"])), "value")
        self.players = PlayersPanel()
        side = widgets.VBox(
            [
                self.status,  # ends with the chance table or the head of the legal actions
                self.chance.widget,
                self.actions.widget,
                self.hints,
                self.message,
                self.place_box,
                self.players.widget,
            ]
        )
        side.add_class("vl-side")
        return side

    def _build_controls(self, width: int) -> widgets.VBox:
        """Stepping, history, branches, files, tools and the shared table's bar."""
        model = self.model
        self.steps = sp = StepControls()
        for unit in ("step", "turn", "round", "end"):
            getattr(sp, unit).on_click(lambda _b, unit=unit: model.run(unit))
        sp.play.observe(self._autoplay_tick, "value")
        sp.auto_bots.observe(lambda c: model.set_auto(bots=bool(c["new"])), "value")
        sp.auto_roll.observe(lambda c: model.set_auto(roll=bool(c["new"])), "value")
        self.history = hi = HistoryControls()
        hi.undo.on_click(lambda _b: model.undo())
        hi.redo.on_click(lambda _b: model.redo())
        hi.undo_turn.on_click(lambda _b: model.undo_turn())
        hi.slider.observe(self._slider_moved, "value")
        # the history as a tree: a what-if at a past step starts a branch (branches_view.py)
        self.branches = BranchesPanel(model)
        self.files = fi = FileControls()
        fi.save.on_click(lambda _b: model.save())
        fi.upload.observe(lambda _c: self._load_upload(), "value")
        self.tools = ToolsPanel(model)  # link, exports, keys (tools_view.py)
        self.table_bar = TableBar(model)  # shared tables: invite, a seat's turn line
        row1 = widgets.HBox([sp.step, sp.turn, sp.round, sp.end, _gap(), sp.play, sp.speed])
        row2 = widgets.HBox([hi.undo, hi.redo, hi.undo_turn, _gap(), sp.auto_bots, sp.auto_roll])
        row3 = widgets.HBox([hi.slider])
        row4 = widgets.HBox([fi.save, fi.upload, fi.link, fi.message])
        for row in (row1, row2, row3, row4):
            row.add_class("vl-controls-row")
        controls = widgets.VBox(
            [
                row1,
                row2,
                row3,
                self.branches.widget,
                row4,
                self.tools.widget,
                self.table_bar.widget,
            ],
            layout=widgets.Layout(width=f"{width}px"),
        )
        controls.add_class("vl-controls")
        return controls

    def _build_play_page(self, width: int, height: int) -> widgets.VBox:
        side = self._build_side(width, height)
        controls = self._build_controls(width)
        self.log = LogView()
        self.log_title = widgets.HTML()
        self.log_all = widgets.Checkbox(
            value=False, indent=False, layout=widgets.Layout(width="auto")
        )
        self.log_all.add_class("vl-log-all")
        self.log_all.observe(lambda c: self._set_log_limit(bool(c["new"])), "value")
        left = widgets.VBox(
            [self.board.widget, controls], layout=widgets.Layout(width=f"{width}px")
        )
        left.add_class("vl-left")
        table = widgets.HBox([left, side])
        table.add_class("vl-table")
        log_head = widgets.HBox([self.log_title, self.log_all])
        log_head.add_class("vl-log-head")
        page = widgets.VBox([table, log_head, self.log.widget])
        page.add_class("vl-play")
        return page

    def _build_tabs(self, lang: str) -> None:
        """Play, New game, Deck & cards, Rules, Balance. The New-game form, the editor and
        the balance lab are built, and the rules' text sent, when first shown (or asked for
        here): their ~200 widgets would otherwise be sent and drawn before the board
        (benchmarks/load.py: "where a cold load's time goes"). Until then, empty slots."""
        self._setup: SetupForm | None = None
        self._editor: DeckEditor | None = None
        self._balance: BalanceTab | None = None
        self._editor_note: tuple[Game, int] | None = None  # the game and step it was said at
        self.rules_page = widgets.VBox([widgets.HTML(), widgets.HTML()])
        self.rules_page.add_class("vl-rules-page")
        # the slots of the New-game form, the editor and the balance lab
        self._slots = (widgets.VBox(), widgets.VBox(), widgets.VBox())
        self.tabs = widgets.Tab(
            children=[self.play_page, self._slots[2], self._slots[0], self.rules_page]
        )
        self.tabs.add_class("vl-tabs")
        self._tab_keys: list[str | None] = ["tab_play", "tab_new", "tab_deck", "tab_rules"]
        self.add_tab(i18n.text("sim.tab", lang), self._slots[1])  # the balance lab
        self.tabs.observe(self._tab_shown, "selected_index")

    # ---- the tabs built on first use -----------------------------------------------------

    @property
    def setup(self) -> SetupForm:
        """The New-game form, built on first use (its tab shown, or asked for here): it
        shows the model's deck and :class:`~verlies.ui.play.app_model.NewGame`."""
        if self._setup is None:
            form = SetupForm(self.model.deck, self.start_game)
            form.on_edition = self.model.set_deck
            form.set_lang(self.model.lang)
            form.show(self.model.new_game)
            self._setup = form
            no_null_tooltips(form.widget)
            self._slots[2].children = [form.widget]
        return self._setup

    @property
    def editor(self) -> DeckEditor:
        """The deck editor, built on first use (its tab shown, or asked for here)."""
        if self._editor is None:
            from verlies.deck import Deck
            from verlies.ui.deck.editor_view import DeckEditor

            # The editor's deck is the one new games use; "apply to the current game" makes
            # an undoable edit step in the game (the engine decides what it changes).
            deck = self.model.editor_deck
            if not isinstance(deck, Deck):  # the editor edits a deck file's deck
                raise TypeError(f"{type(deck).__name__} cannot be edited: use a verlies.Deck")
            self._editor = editor = DeckEditor(
                deck,
                get_game=lambda: self.model.game,
                on_change=self._deck_changed,
                lang=self.model.lang,
                drafts=self.model.drafts,
            )
            # the editor's last word ("Applied … as step N") is about one position: it goes
            # when the game moves on or another file is uploaded (see refresh)
            editor.action_status.observe(self._editor_said, "value")
            editor.upload.observe(lambda _c: self._forget_editor_note(), "value")
            no_null_tooltips(editor.widget)
            self._slots[0].children = [editor.widget]
            self.workspace.editor_built(editor)
        return self._editor

    @property
    def balance(self) -> BalanceTab:
        """The balance lab (the draft vs new games' deck), built on first use."""
        if self._balance is None:
            from verlies.ui.balance.balance_view import BalanceTab

            self._balance = BalanceTab(
                lambda: self.editor.draft,
                lambda: self.model.deck,
                lang=self.model.lang,
                set_draft=lambda d: self.editor.open_draft(d),  # "Make it the draft": one undo
            )
            self.editor.on_draft_change(lambda _d: self.balance.draft_changed())
            self.workspace.balance_built(self._balance)
            no_null_tooltips(self._balance.widget)
            self._slots[1].children = [self._balance.widget]
        return self._balance

    def _tab_shown(self, change: dict[str, Any]) -> None:
        shown = change["new"]
        if shown is None:
            return
        tab = self.tabs.children[shown]
        make_room()  # a tab's first build sends ~800 messages at once (serve/iopub.py)
        try:
            if tab is self._slots[2]:
                self.setup.widget  # noqa: B018 - built now
            elif tab is self._slots[0]:
                # built now; its drafts are this browser's (its id may have come since)
                self.editor.drafts.refresh()
            elif tab is self._slots[1]:
                self.balance.widget  # noqa: B018 - built now
            elif tab is self.rules_page and not self.rules_page.children[1].value:
                self.rules_page.children[1].value = rules_html(self.model.lang)
        except Exception as e:  # noqa: BLE001 - said on the page and in the server's log
            # A tab that failed to build would stay empty without a word (a widget
            # callback's error reaches neither the page nor the server): say it, log it;
            # it is built again the next time it is shown. The game is not touched.
            say_in_server_log(f"tab {shown} could not be built", exc=e)
            what = f"{type(e).__name__}: {e}"
            self.model.say_key("page", "tab_failed", error=True, what=what)

    def add_tab(self, title: str, widget: widgets.Widget) -> None:
        """Add a page (e.g. the deck editor) next to the game; ``title`` is shown as is."""
        self.tabs.children = [*self.tabs.children, widget]
        self._tab_keys.append(None)
        self.tabs.set_title(len(self.tabs.children) - 1, title)

    # ---- what the model tells ----------------------------------------------------------------

    def _changed(self, change: Changed) -> None:
        """Draw what changed in the model."""
        what = change.what
        if what is Change.MESSAGE:
            self._draw_messages()
        elif what is Change.OFFER:
            self.files.draw_offer(self.model.offer, self.model.lang)
        elif what is Change.DECK:
            if self._setup is not None and self._setup.deck is not self.model.deck:
                self._setup.set_deck(self.model.deck)  # the deck may change the characters
        elif what is Change.FORM:
            if self._setup is not None:
                self._setup.show(self.model.new_game)
        elif what is Change.LANG:
            self._draw_lang()
            self.refresh()
        elif what is Change.ADOPTED:
            assert change.source is not None
            self._adopted(change.source)
        else:  # MOVED, OPTIONS
            self.refresh()

    def _adopted(self, source: Source) -> None:
        """Another game arrived: the tabs that show its deck and setup follow, the board is
        fitted to it, the Play tab shown."""
        model = self.model
        self.branches.forget_deleted()  # a deleted branch of the game before stays gone
        if self._setup is not None:
            if self._setup.deck is not model.deck:
                self._setup.set_deck(model.deck)
            self._setup.show(model.new_game)
        if self._editor is not None and model.editor_deck is model.game.setup.deck:
            from verlies.deck import Deck

            deck = model.editor_deck
            if source in (Source.LOAD, Source.LINK) and isinstance(deck, Deck):
                self._editor.deck_arrived(deck)  # its changes listed in the Deck tab
        if source is Source.TABLE:
            for w in self._rewinding():
                w.layout.display = "none"  # a shared table moves only forward
            if not getattr(model.session, "sees_all", True):
                self.designer_box.layout.display = "none"
                # A seat's or spectator's page offers no link or file of the game: the
                # designer's link keeps them (tables: issue 35).
                self.files.save.layout.display = "none"
                self.tools.hide_game_files()
        self.tabs.selected_index = 0
        self.board.fit()
        self.refresh()

    def _rewinding(self) -> list[widgets.Widget]:
        """What would take a shared table's game back or elsewhere."""
        sp, hi = self.steps, self.history
        return [
            *(sp.step, sp.turn, sp.round, sp.end, sp.play, sp.speed, sp.auto_bots, sp.auto_roll),
            *(hi.undo, hi.redo, hi.undo_turn, hi.slider),
            self.branches.widget,
            self.chance.widget,  # its what-if outcomes; the dice are the table's
            self.files.upload,
        ]

    # ---- settings ------------------------------------------------------------------------

    def _set_log_limit(self, everything: bool) -> None:
        self.log.show_all = everything
        self.refresh()

    # ---- clicks handed to the model ------------------------------------------------------

    def _autoplay_tick(self, change: dict[str, Any]) -> None:
        if self._syncing or not self.steps.play.playing:
            return
        if not self.model.autoplay_step():
            self.steps.play.playing = False

    def _slider_moved(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        self.model.goto(int(change["new"]))

    # ---- save / load / new game --------------------------------------------------------------

    def _load_upload(self) -> None:
        item = self.files.take_upload()
        if item is not None:
            self.model.load(*item)

    def start_game(self, values: NewGame | Mapping[str, Any]) -> bool:
        """Start the game the New game tab chose; a refusal is said under the form."""
        from verlies.ui.core import share

        refused: Exception | None
        try:
            choice = values if isinstance(values, NewGame) else NewGame.of_values(values)
        except (TypeError, ValueError) as e:
            refused = e
        else:
            refused = self.model.start(choice)
        if refused is not None:
            text = t("setup_error", self.model.lang, msg=share.error_text(refused, self.model.lang))
            self.setup.message.value = f'<span class="vl-error">{esc(text)}</span>'
            return False
        self.setup.message.value = ""
        return True

    # ---- the deck editor ---------------------------------------------------------------------

    def _editor_said(self, change: dict[str, Any]) -> None:
        self._editor_note = (self.model.game, self.model.game.step_count) if change["new"] else None

    def _forget_editor_note(self) -> None:
        self._editor_note = None
        self.editor.action_status.value = ""

    def _deck_changed(self) -> None:
        """The editor changed the deck for new games, or edited the current game."""
        self.model.set_deck(self.editor.deck)
        self.refresh()

    # ---- drawing ---------------------------------------------------------------------------

    def _draw_lang(self) -> None:
        """Every text of the page in the model's language."""
        lang = self.model.lang
        if self.lang_toggle.value != lang:
            self.lang_toggle.value = lang
        self.title.value = (
            f'<div class="vl-title"><span class="vl-title-main">{esc(t("title", lang))}</span> '
            f'<span class="vl-title-sub">{esc(t("subtitle", lang))}</span></div>'
        )
        self.designer_box.description = t("designer", lang)
        self.confirm.description = t("lay_here", lang)
        self.rotate.description = t("rotate", lang)
        self.log_all.description = t("log_all", lang)
        self.log_title.value = f'<div class="vl-h">{esc(t("log", lang))}</div>'
        self.hints.value = hints_html(self.model.controller.hints())
        self.style.value = CSS + rules_css(lang) + f"<style>{log_order_css()}</style>"
        self.rules_page.children[0].value = f'<p class="vl-small">{esc(t("rules_intro", lang))}</p>'
        if self.rules_page.children[1].value:  # sent once the tab was shown
            self.rules_page.children[1].value = rules_html(lang)
        self.board.set_tooltips(
            t("fit", lang),
            t("zoom_in", lang),
            t("zoom_out", lang),
            (t("pan_left", lang), t("pan_right", lang), t("pan_up", lang), t("pan_down", lang)),
        )
        self.steps.set_lang(lang)
        self.chance.set_lang(lang)
        self.history.set_lang(lang)
        self.files.set_lang(lang)
        self.files.draw_offer(self.model.offer, lang)
        if self._setup is not None:
            self._setup.set_lang(lang)
        self._draw_messages()
        if self._editor is not None:
            self._editor.set_lang(lang)
        if self._balance is not None:
            self._balance.set_lang(lang)
        self.tabs.set_title(self.tabs.children.index(self._slots[1]), i18n.text("sim.tab", lang))
        for i, key in enumerate(self._tab_keys):
            if key is not None:
                self.tabs.set_title(i, t(key, lang))

    def _draw_messages(self) -> None:
        """The model's messages, in its language."""
        lang = self.model.lang
        said = self.model.message("page")
        cls = "vl-error" if said is not None and said.error else "vl-note"
        page = f'<div class="{cls}">{esc(said.text(lang))}</div>' if said is not None else ""
        if self.message.value != page:
            self.message.value = page
        notice = self.model.message("notice")
        self.notice.value = (
            ""
            if notice is None
            else f'<div class="vl-error vl-link-error" role="alert">{esc(notice.text(lang))}</div>'
        )
        self.files.draw_message(self.model.message("files"), lang)

    def _mirror_options(self) -> None:
        """The switches' widgets show the model's values."""
        model = self.model
        if self.designer_box.value != model.designer:
            self.designer_box.value = model.designer
        if self.steps.auto_bots.value != model.auto_bots:
            self.steps.auto_bots.value = model.auto_bots
        if self.steps.auto_roll.value != model.auto_roll:
            self.steps.auto_roll.value = model.auto_roll
        if self.chance.picking.value and not model.picking:
            self.chance.picking.value = False  # a what-if of the position before
            self.chance.pick.options = []  # nor is its list: filled again when opened

    def _status_html(self) -> str:
        g = self.model.game
        return self.model.controller.status().html(
            f"{self.chance.table.value if g.is_chance else ''}{self.actions.title.value}"
            f'<div class="vl-board-info">{self.board.info_html}'
            # the board as text, for screen readers: its moves as the options panel lists them
            f"{board_text_html(self.model.controller.screen_game(), self.model.lang)}</div>"
        )

    def _board_info(self, _html: str) -> None:
        """The board's description changed (a step, or a zoom or pan on its own)."""
        if self._ready and not self._refreshing:  # refresh() sends it after
            self.status.value = self._status_html()

    def refresh(self) -> None:
        """Show the game as it is now: board, panels, controls.

        Every widget is given its whole value; a value that did not change sends nothing, so
        a step sends only what it changed (see benchmarks/README.md, "UI benchmark")."""
        model = self.model
        s = model.session
        g = s.game
        lang = self.model.lang
        model.started_branch()  # first: it may bring back a line's undone steps
        model.expire()  # messages and the save file of another position go
        self._mirror_options()
        self._draw_messages()
        self._refreshing = True
        try:
            self.board.show(
                self.model.controller.scene()
            )  # first: the board is what the eye waits for
        finally:
            self._refreshing = False
        decision = self.model.controller.decision()
        self.actions.head(decision, lang)  # shown with the state line
        self.chance.show(self.model.controller.chance_table(), lang)  # its table too
        self.status.value = self._status_html()
        # the card being laid (the box is shown by the stylesheet while one is pending)
        if g.pending == "place" and not g.is_over:
            place = self.model.controller.selected_place()
            self.drawn.value = drawn_card_html(s, lang, place.mask if place else None)
            placing = self.model.controller.placing()
            if placing is not None:
                with self.confirm.hold_sync():
                    self.confirm.disabled = not placing.can_confirm
                    self.confirm.description = placing.confirm_label
                self.rotate.disabled = not placing.can_rotate
        self.actions.show(s.human_to_move)
        self.players.show(self.model.controller.players(), self.model.controller.piles())
        self.log.show(s, lang, self.model.designer)
        # history and stepping
        self._syncing = True
        try:
            slider = self.history.slider
            with slider.hold_sync():  # the new end and position in one message
                if g.history_length > slider.max:
                    slider.max = g.history_length
                slider.value = g.step_count
                slider.max = g.history_length
        finally:
            self._syncing = False
        self.branches.show(lang, self.model.designer)
        self.tools.show()
        self.table_bar.show()
        note = self._editor_note
        if note is not None and (note[0] is not g or note[1] != g.step_count):
            self._forget_editor_note()
        self.history.undo.disabled = not g.can_undo
        self.history.redo.disabled = not g.can_redo
        self.history.undo_turn.disabled = not g.can_undo
        stop = g.is_over or s.human_to_move
        for b in (self.steps.step, self.steps.turn, self.steps.round, self.steps.end):
            b.disabled = stop

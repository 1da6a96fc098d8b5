"""The play page: board, controls, chance, players and log around one :class:`Session`.

A thin layer over the engine: every button and every click asks the game what is legal
(``legal_actions``, ``chance_outcomes``, ``pass_chance``) and shows what the events say.
"""

from __future__ import annotations

import html
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from verlies import i18n
from verlies.actions import Place
from verlies.errors import VerliesError
from verlies.setup import Setup
from verlies.tree import GameTree
from verlies.ui import share
from verlies.ui.autosave_view import AutosaveBar
from verlies.ui.board_text import board_text_html
from verlies.ui.board_view import HEIGHT, WIDTH, BoardView
from verlies.ui.branches_model import last_human_decision, started_text
from verlies.ui.branches_view import BranchesPanel
from verlies.ui.controller import Controller
from verlies.ui.controls import (
    MAX_UPLOAD_BYTES,
    FileControls,
    HistoryControls,
    SetupForm,
    StepControls,
)
from verlies.ui.i18n import t
from verlies.ui.log_html import rules_css, rules_html
from verlies.ui.page_model import Decide, Intent, Reselect, Say, Scene, hints_html
from verlies.ui.panels import (
    ActionsPanel,
    ChancePanel,
    LogView,
    PlayersPanel,
    drawn_card_html,
    log_order_css,
)
from verlies.ui.said import Said, Words, error_words, no_null_tooltips
from verlies.ui.session import HUMAN, Session, bot_names
from verlies.ui.table_view import TableBar
from verlies.ui.theme import CSS
from verlies.ui.tools_view import ToolsPanel

if TYPE_CHECKING:
    from verlies.actions import Action, Outcome
    from verlies.deck import Deck
    from verlies.game import Game
    from verlies.setup import DeckLike
    from verlies.store.drafts import DraftStore
    from verlies.ui.balance import BalanceTab
    from verlies.ui.editor import DeckEditor

esc = html.escape


def _gap() -> widgets.HTML:
    return widgets.HTML(layout=widgets.Layout(flex="1 1 auto"))


def default_deck() -> Deck:
    from verlies.deck import Deck

    return Deck.default()


class PlayApp:
    """The explorer's play page. ``widget`` is what the notebook shows."""

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
        self.deck: DeckLike = (
            deck
            if deck is not None
            else (session.game.setup.deck if session is not None else default_deck())
        )
        # the page's decisions and model: no widgets in there (see controller.py)
        self.controller = Controller(session or self._default_session(), lang)
        self.autosave = AutosaveBar(self, enabled=autosave)  # every step saved (ui/autosave.py)
        self.last_error: str | None = None
        self._syncing = False
        self._refreshing = False
        self._ready = False  # the board reports its description only once the page is built

        # ---- widgets ----
        self.style = widgets.HTML()  # the look, and the rules' texts in the page's language
        self.title = widgets.HTML()
        self.lang_toggle = widgets.ToggleButtons(
            options=[("DE", "de"), ("EN", "en")], value=lang, style={"button_width": "46px"}
        )
        self.lang_toggle.add_class("vl-lang")
        self.lang_toggle.observe(lambda c: self.set_lang(c["new"]), "value")
        self.designer_box = widgets.Checkbox(
            value=False, indent=False, layout=widgets.Layout(width="auto")
        )
        self.designer_box.add_class("vl-designer")
        self.designer_box.observe(lambda c: self.set_designer(bool(c["new"])), "value")
        header = widgets.HBox([self.title, self.designer_box, self.lang_toggle])
        header.add_class("vl-header")
        # what a person must read first, above the tabs: a link that could not be opened
        # (issue 24 item 3: it was below the board, out of sight under the fresh game)
        self.notice = widgets.HTML()
        self.notice.add_class("vl-notice")
        self.notice_said = Said(self.notice)

        self.board = BoardView(width, height, on_cell=self.click_cell, on_info=self._board_info)
        # The state line is re-sent every step; its data attributes also show and hide the
        # panels through the stylesheet (theme.py), and pick the hint below it: every hint is
        # in the page once (sent again only with a new language), the stylesheet shows one.
        self.status = widgets.HTML()
        self.status.add_class("vl-status")
        self.hints = widgets.HTML()
        self.hints.add_class("vl-hints-box")
        self.message = widgets.HTML()
        self.message.add_class("vl-message")
        self.said = Said(self.message)  # said again in the new language on a switch

        self.drawn = widgets.HTML()
        self.drawn.add_class("vl-drawn-box")
        self.confirm = widgets.Button(
            button_style="success", icon="check", layout=widgets.Layout(width="auto")
        )
        self.confirm.add_class("vl-confirm-place")
        self.confirm.on_click(lambda _b: self.confirm_place())
        self.rotate = widgets.Button(icon="rotate-right", layout=widgets.Layout(width="auto"))
        self.rotate.add_class("vl-rotate")
        self.rotate.on_click(lambda _b: self.rotate_selection())
        self.place_buttons = widgets.HBox([self.confirm, self.rotate])
        self.place_buttons.add_class("vl-place-buttons")
        drawn_row = widgets.HBox([self.board.preview, self.drawn])
        drawn_row.add_class("vl-drawn-row")
        self.place_box = widgets.VBox([drawn_row, self.place_buttons])
        self.place_box.add_class("vl-place-box")

        self.actions = ActionsPanel(self.act)
        self.chance = ChancePanel(self.roll, self.pick_outcome)
        self.players = PlayersPanel()
        self.log = LogView()
        self.log_title = widgets.HTML()
        self.log_all = widgets.Checkbox(
            value=False, indent=False, layout=widgets.Layout(width="auto")
        )
        self.log_all.add_class("vl-log-all")
        self.log_all.observe(lambda c: self._set_log_limit(bool(c["new"])), "value")

        self.steps = StepControls()
        self.steps.step.on_click(lambda _b: self.run("step"))
        self.steps.turn.on_click(lambda _b: self.run("turn"))
        self.steps.round.on_click(lambda _b: self.run("round"))
        self.steps.end.on_click(lambda _b: self.run("end"))
        self.steps.play.observe(self._autoplay_tick, "value")
        self.history = HistoryControls()
        self.history.undo.on_click(lambda _b: self.undo())
        self.history.redo.on_click(lambda _b: self.redo())
        self.history.undo_turn.on_click(lambda _b: self.undo_turn())
        self.history.slider.observe(self._slider_moved, "value")
        # the history as a tree: a what-if at a past step starts a branch (branches_view.py)
        self.branches = BranchesPanel(self._history_moved, lambda m: self._say(m, error=True))
        self.files = FileControls()
        self.files.save.on_click(lambda _b: self.save())
        self.files.upload.observe(lambda _c: self.load_upload(), "value")
        self.tools = ToolsPanel(self)  # link, exports, keys (tools_view.py)
        self.table_bar = TableBar(self)  # shared tables: invite, a seat's turn line (table_view.py)

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
        sp, hi, fi = self.steps, self.history, self.files
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
        left = widgets.VBox(
            [self.board.widget, controls], layout=widgets.Layout(width=f"{width}px")
        )
        left.add_class("vl-left")
        table = widgets.HBox([left, side])
        table.add_class("vl-table")
        log_head = widgets.HBox([self.log_title, self.log_all])
        log_head.add_class("vl-log-head")
        self.play_page = widgets.VBox([table, log_head, self.log.widget])
        self.play_page.add_class("vl-play")

        self._ready = True
        # The New-game form too is built when first shown; until then what it is told
        # (the game to mirror, the deck, the language) is kept and replayed in order.
        self._setup: SetupForm | None = None
        self._setup_deck = self.deck
        self._setup_calls: list[tuple[str, tuple[object, ...]]] = []
        self.rules_page = widgets.VBox([widgets.HTML(), widgets.HTML()])
        self.rules_page.add_class("vl-rules-page")
        # Deck & cards and Balance are built, and the rules' text sent, when first shown (or
        # asked for here): their ~200 widgets would otherwise be sent and drawn before the
        # board (benchmarks/load.py: "where a cold load's time goes"). Until then, empty slots.
        self._editor_deck = self.deck  # the deck the editor starts with, as if built now
        self._editor: DeckEditor | None = None
        self._draft_store: DraftStore | None = None
        self._balance: BalanceTab | None = None
        self._editor_note: tuple[Game, int] | None = None  # the game and step it was said at
        # the slots of the New-game form, the editor and the balance lab
        self._slots = (widgets.VBox(), widgets.VBox(), widgets.VBox())
        self.tabs = widgets.Tab(
            children=[self.play_page, self._slots[2], self._slots[0], self.rules_page]
        )
        self.tabs.add_class("vl-tabs")
        self._tab_keys: list[str | None] = ["tab_play", "tab_new", "tab_deck", "tab_rules"]
        self.add_tab(i18n.text("sim.tab", lang), self._slots[1])  # the balance lab
        self.tabs.observe(self._tab_shown, "selected_index")
        self.widget = widgets.VBox(
            [self.style, header, self.notice, self.autosave.widget, self.tabs]
        )
        self.widget.add_class("vl-app")
        self.set_lang(lang, refresh=False)
        no_null_tooltips(self.widget)
        self.tell_setup("set_from", self.session.game, self.session.controllers)
        self.refresh()

    # ---- the editor (and others) add tabs here -------------------------------------------

    @property
    def setup(self) -> SetupForm:
        """The New-game form, built on first use (its tab shown, or asked for here)."""
        if self._setup is None:
            form = SetupForm(self._setup_deck, self.start_game)
            form.on_edition = self._edition_picked
            for name, args in self._setup_calls:
                getattr(form, name)(*args)
            self._setup_calls.clear()
            self._setup = form
            no_null_tooltips(form.widget)
            self._slots[2].children = [form.widget]
        return self._setup

    def tell_setup(self, name: str, *args: object) -> None:
        """Call the New-game form's ``name`` (set_from, set_deck, set_lang) now, or once
        the form is built."""
        if self._setup is None:
            kept = tuple(list(a) if isinstance(a, list) else a for a in args)  # as they are now
            self._setup_calls.append((name, kept))
        else:
            getattr(self._setup, name)(*args)

    @property
    def editor(self) -> DeckEditor:
        """The deck editor, built on first use (its tab shown, or asked for here)."""
        if self._editor is None:
            from verlies.deck import Deck
            from verlies.ui.editor import DeckEditor

            # The editor's deck is the one new games use; "apply to the current game" makes
            # an undoable edit step in the game (the engine decides what it changes).
            deck = self._editor_deck
            if not isinstance(deck, Deck):  # the editor edits a deck file's deck
                raise TypeError(f"{type(deck).__name__} cannot be edited: use a verlies.Deck")
            self._editor = editor = DeckEditor(
                deck,
                get_game=lambda: self.session.game,
                on_change=self._deck_changed,
                lang=self.lang,
                drafts=self._drafts_store,
            )
            # the editor's last word ("Applied … as step N") is about one position: it goes
            # when the game moves on or another file is uploaded (see refresh)
            editor.action_status.observe(self._editor_said, "value")
            editor.upload.observe(lambda _c: self._forget_editor_note(), "value")
            no_null_tooltips(editor.widget)
            self._slots[0].children = [editor.widget]
        return self._editor

    def _drafts_store(self) -> tuple[DraftStore, str]:
        """Named drafts (issue 22) live in the page's playtest store, per browser."""
        from verlies.store.drafts import DraftStore

        if self._draft_store is None:
            self._draft_store = DraftStore(self.autosave.model.store)
        return self._draft_store, self.autosave.model.client or ""

    def deck_arrived(self, deck: object) -> None:
        """A link or a save file brought its game's deck (issue 22): new games use it
        already; the Deck tab shows it as its draft and deck, so its differences from the
        default deck are listed (before, the tab kept its old deck: "no differences")."""
        from verlies.deck import Deck

        if not isinstance(deck, Deck):  # a deck made only to play: nothing to edit
            return
        self._editor_deck = deck
        if self._editor is not None:
            self._editor.deck_arrived(deck)

    @property
    def balance(self) -> BalanceTab:
        """The balance lab (the draft vs new games' deck), built on first use."""
        if self._balance is None:
            from verlies.ui.balance import BalanceTab

            self._balance = BalanceTab(
                lambda: self.editor.draft,
                lambda: self.deck,
                lang=self.lang,
                set_draft=lambda d: self.editor._open_draft(d),  # "Make it the draft": one undo
            )
            no_null_tooltips(self._balance.widget)
            self._slots[1].children = [self._balance.widget]
        return self._balance

    def _tab_shown(self, change: dict[str, Any]) -> None:
        shown = change["new"]
        if shown is None:
            return
        tab = self.tabs.children[shown]
        if tab is self._slots[2]:
            self.setup.widget  # noqa: B018 - built now
        elif tab is self._slots[0]:
            # built now; its drafts are this browser's (its id may have come since)
            self.editor.drafts.refresh()
        elif tab is self._slots[1]:
            self.balance.widget  # noqa: B018 - built now
        elif tab is self.rules_page and not self.rules_page.children[1].value:
            self.rules_page.children[1].value = rules_html(self.lang)

    def add_tab(self, title: str, widget: widgets.Widget) -> None:
        """Add a page (e.g. the deck editor) next to the game; ``title`` is shown as is."""
        self.tabs.children = [*self.tabs.children, widget]
        self._tab_keys.append(None)
        self.tabs.set_title(len(self.tabs.children) - 1, title)

    @property
    def game(self) -> Game:
        return self.session.game

    # the controller holds these; the page reads and sets them here too
    @property
    def session(self) -> Session:
        return self.controller.session

    @session.setter
    def session(self, session: Session) -> None:
        self.controller.session = session

    @property
    def lang(self) -> str:
        return self.controller.lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self.controller.lang = lang

    @property
    def designer(self) -> bool:
        return self.controller.designer

    @designer.setter
    def designer(self, on: bool) -> None:
        self.controller.designer = on

    @property
    def selected(self) -> tuple[int, int] | None:
        return self.controller.selected

    @selected.setter
    def selected(self, cell: tuple[int, int] | None) -> None:
        self.controller.selected = cell

    @property
    def rotation(self) -> int:
        return self.controller.rotation

    @rotation.setter
    def rotation(self, rotation: int) -> None:
        self.controller.rotation = rotation

    def _editor_said(self, change: dict[str, Any]) -> None:
        self._editor_note = (self.game, self.game.step_count) if change["new"] else None

    def _forget_editor_note(self) -> None:
        self._editor_note = None
        self.editor.action_status.value = ""

    def _edition_picked(self, deck: Deck) -> None:
        """The new-game form picked a shipped edition of the standard deck by name."""
        self.deck = deck

    def _deck_changed(self) -> None:
        """The editor changed the deck for new games, or edited the current game."""
        self.deck = self.editor.deck
        self.tell_setup("set_deck", self.deck)  # the editor may change the characters
        self.refresh()

    def _default_session(self) -> Session:
        bots = bot_names()
        bot = "careful" if "careful" in bots else bots[0]
        return Session.new(Setup(players=2, seed=1, deck=self.deck), [HUMAN, bot])

    # ---- settings ------------------------------------------------------------------------

    def set_lang(self, lang: str, refresh: bool = True) -> None:
        self.lang = lang
        if self.lang_toggle.value != lang:
            self.lang_toggle.value = lang  # observer comes back here
            return
        self.title.value = (
            f'<div class="vl-title"><span class="vl-title-main">{esc(t("title", lang))}</span> '
            f'<span class="vl-title-sub">{esc(t("subtitle", lang))}</span></div>'
        )
        self.designer_box.description = t("designer", lang)
        self.confirm.description = t("lay_here", lang)
        self.rotate.description = t("rotate", lang)
        self.log_all.description = t("log_all", lang)
        self.log_title.value = f'<div class="vl-h">{esc(t("log", lang))}</div>'
        self.hints.value = hints_html(self.controller.hints())
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
        self.tools.set_lang(lang)
        self.table_bar.set_lang(lang)
        self.tell_setup("set_lang", lang)
        self.said.redraw(lang)
        self.notice_said.redraw(lang)
        if self._editor is not None:
            self._editor.set_lang(lang)
        if self._balance is not None:
            self._balance.set_lang(lang)
        self.tabs.set_title(self.tabs.children.index(self._slots[1]), i18n.text("sim.tab", lang))
        for i, key in enumerate(self._tab_keys):
            if key is not None:
                self.tabs.set_title(i, t(key, lang))
        if refresh:
            self.refresh()

    def set_designer(self, on: bool) -> None:
        self.designer = on
        if self.designer_box.value != on:
            self.designer_box.value = on
        self.refresh()

    def _set_log_limit(self, everything: bool) -> None:
        self.log.show_all = everything
        self.refresh()

    # ---- taking steps --------------------------------------------------------------------

    def _guard(self, fn: Callable[..., object], *args: object) -> bool:
        """Run an engine call; show a refusal (with its rule) instead of raising."""
        try:
            fn(*args)
        except VerliesError as e:  # a deck or setup error in the page's language
            self._say(error_words(e), error=True)
            return False
        except Exception as e:  # noqa: BLE001 - show it on the page, keep the app alive
            self.last_error = traceback.format_exc()
            self._say(f"{type(e).__name__}: {e}", error=True)
            return False
        return True

    def _after_step(self) -> None:
        self.controller.clear_selection()
        if self.session.humans:  # bots answer a human at once; a bots-only game is stepped
            self.session.auto(bots=self.steps.auto_bots.value, chance=self.steps.auto_roll.value)
        self.refresh()

    def act(self, action: Action) -> None:
        """A human decision (action button or board click)."""
        self.message.value = ""
        refusal = self.controller.refusal()
        if refusal is not None:
            self._say(refusal.text, error=refusal.error)  # words: said again on a switch
            return
        if self._guard(self.session.act, action):
            self._after_step()
        else:
            self.refresh()

    def roll(self) -> None:
        self.message.value = ""
        if self.game.is_chance and self._guard(self.session.roll):
            self._after_step()
        else:
            self.refresh()

    def pick_outcome(self, outcome: Outcome) -> None:
        """What-if: take this outcome instead of rolling."""
        self.message.value = ""
        if self.game.is_chance and self._guard(self.game.apply, outcome):
            self._after_step()
        else:
            self.refresh()

    def run(self, unit: str) -> None:
        """Step bots and chance by one step / turn / round / to the end."""
        self.selected = None
        result = None

        def go() -> None:
            nonlocal result
            result = self.session.run(unit)

        self._guard(go)
        if result is not None:
            done = result
            self._say(self._words(lambda: self.controller.run_message(done)))
        self.refresh()

    def _autoplay_tick(self, change: dict[str, Any]) -> None:
        if self._syncing or not self.steps.play.playing:
            return
        result = None

        def go() -> None:
            nonlocal result
            result = self.session.run("step")

        ok = self._guard(go)
        if not ok or result is None or result.reason in ("human", "over"):
            self.steps.play.playing = False
            if result is not None and result.reason == "human":
                self._say(self._words(self.controller.stopped_text))
        self.selected = None
        self.refresh()

    # ---- history -------------------------------------------------------------------------

    def undo(self) -> None:
        self._guard(self.game.undo)
        self._history_moved()

    def redo(self) -> None:
        self._guard(self.game.redo)
        self._history_moved()

    def undo_turn(self) -> None:
        # with people at the table: back to a person's own last decision (not to the start
        # of a bot's turn, where the page would wait); a bots-only game: the engine's rule
        target = last_human_decision(self.game, self.session.is_human)
        if self.session.humans and target is not None:
            self._guard(self.game.goto, target)
        else:
            self._guard(self.game.undo_turn)
        self._history_moved()

    def goto(self, index: int) -> None:
        self._guard(self.game.goto, index)
        self._history_moved()

    def _history_moved(self) -> None:
        self.controller.clear_selection()
        if self.chance.picking.value:  # a what-if picked before is not this position's
            self.chance.picking.value = False
            self.chance.pick.options = []  # nor is its list: filled again when opened
        self.message.value = ""
        self.refresh()

    def _slider_moved(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        self.goto(int(change["new"]))

    # ---- the board -----------------------------------------------------------------------

    def click_cell(self, x: int, y: int) -> None:
        """A click on grid cell (x, y): choose/turn a placement, or walk there."""
        self.message.value = ""
        self._carry_out(self.controller.click(x, y))

    def _carry_out(self, intent: Intent | None) -> None:
        if isinstance(intent, Say):
            self._say(intent.text, error=intent.error)
        elif isinstance(intent, Decide):
            self.act(intent.action)
        elif isinstance(intent, Reselect):
            self.refresh()

    def selected_place(self) -> Place | None:
        return self.controller.selected_place()

    def confirm_place(self) -> None:
        self._carry_out(self.controller.confirm())

    def rotate_selection(self) -> None:
        if self.selected is not None:
            self.message.value = ""
            self._carry_out(self.controller.rotate())

    def _scene(self) -> Scene:
        return self.controller.scene()

    # ---- save / load ---------------------------------------------------------------------

    def game_file(self) -> tuple[str, str]:
        """The save file of the game shown and its name: every branch, and who plays each
        seat. "Save" and the "Game .json" export both give this one file (issue 24 item 5:
        the same name held different contents)."""
        g = self.game
        self.branches.follow(g)
        tree = self.branches.tree
        text = tree.to_json() if tree is not None and tree.game is g else g.to_json()
        text = share.with_seats(text, self.session.controllers)  # who plays: human or bot
        return text, f"verlies-seed{g.setup.seed}-step{g.step_count}.json"

    def save(self) -> None:
        text, name = self.game_file()
        self.files.offer(text, name, self.lang)
        self.saved_text = text

    def load_upload(self) -> None:
        item = self.files.take_upload()
        if item is not None:
            self.load_bytes(*item)

    def load_bytes(self, name: str, data: bytes) -> bool:
        lang = self.lang
        if len(data) > MAX_UPLOAD_BYTES:
            self.files.say("too_large", lang, error=True, n=len(data), max=MAX_UPLOAD_BYTES)
            return False
        try:
            tree = GameTree.from_json(data)  # the current line, and every branch
            game = tree.game
        except VerliesError as e:
            self.files.say("load_error", lang, error=True, msg=error_words(e))
            return False
        old = self.session.controllers
        controllers = share.seats_of(data, game.players, (HUMAN, *bot_names())) or (
            old if len(old) == game.players else [HUMAN] * game.players
        )
        self.session = Session(game, controllers, bot_seed=game.setup.seed)
        self.branches.set_tree(tree)
        self.deck = game.setup.deck
        self.deck_arrived(game.setup.deck)
        self.tell_setup("set_from", game, controllers)
        self.files.say("loaded", lang, name=name)
        self.board.fit()
        self._history_moved()
        return True

    # ---- new game ------------------------------------------------------------------------

    def start_game(self, values: dict[str, Any]) -> bool:
        try:
            fields = dict(values)
            controllers = fields.pop("controllers")
            session = Session.new(Setup(deck=self.deck, **fields), controllers)
        except (VerliesError, ValueError) as e:
            text = t("setup_error", self.lang, msg=share.error_text(e, self.lang))
            self.setup.message.value = f'<span class="vl-error">{esc(text)}</span>'
            return False
        self.setup.message.value = ""
        self.session = session
        self.files.link.value = ""
        self.tabs.selected_index = 0
        self.board.fit()
        self.message.value = ""
        self._after_step()
        return True

    # ---- showing ---------------------------------------------------------------------------

    def _say(self, text: str | Words, error: bool = False) -> None:
        """Say ``text`` under the actions; given as a function of the language, it is said
        again in the new language on a switch (ui/said.py)."""
        cls = "vl-error" if error else "vl-note"
        make: Words = text if callable(text) else (lambda _lang: text)
        self.said.say(lambda lang: f'<div class="{cls}">{esc(make(lang))}</div>', self.lang)

    def _words(self, make: Callable[[], str]) -> Words:
        """A controller's sentence (made in its language) as a function of the language."""

        def in_lang(lang: str) -> str:
            kept = self.controller.lang
            self.controller.lang = lang
            try:
                return make()
            finally:
                self.controller.lang = kept

        return in_lang

    def _hint_text(self) -> str:
        return self.controller.hint_text()

    def _status_html(self) -> str:
        g = self.game
        return self.controller.status().html(
            f"{self.chance.table.value if g.is_chance else ''}{self.actions.title.value}"
            f'<div class="vl-board-info">{self.board.info_html}'
            f"{board_text_html(g, self.lang)}</div>"  # the board as text, for screen readers
        )

    def _board_info(self, _html: str) -> None:
        """The board's description changed (a step, or a zoom or pan on its own)."""
        if self._ready and not self._refreshing:  # refresh() sends it after
            self.status.value = self._status_html()

    def refresh(self) -> None:
        """Show the game as it is now: board, panels, controls.

        Every widget is given its whole value; a value that did not change sends nothing, so
        a step sends only what it changed (see benchmarks/README.md, "UI benchmark")."""
        s = self.session
        g = s.game
        lang = self.lang
        started = self.branches.follow(g)  # first: it may bring back a line's undone steps
        if started is not None and self.branches.tree is not None:
            tree = self.branches.tree
            self._say(lambda lang: started_text(tree, started, lang))
        self._refreshing = True
        try:
            self.board.show(self._scene())  # first: the board is what the eye waits for
        finally:
            self._refreshing = False
        decision = self.controller.decision()
        self.actions.head(decision, lang)  # shown with the state line
        self.chance.show(self.controller.chance_table(), lang)  # its table too
        self.status.value = self._status_html()
        # the card being laid (the box is shown by the stylesheet while one is pending)
        if g.pending == "place" and not g.is_over:
            place = self.selected_place()
            self.drawn.value = drawn_card_html(s, lang, place.mask if place else None)
            placing = self.controller.placing()
            if placing is not None:
                with self.confirm.hold_sync():
                    self.confirm.disabled = not placing.can_confirm
                    self.confirm.description = placing.confirm_label
                self.rotate.disabled = not placing.can_rotate
        self.actions.show(s.human_to_move)
        self.players.show(self.controller.players(), self.controller.piles())
        self.log.show(s, lang, self.designer)
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
        self.branches.show(lang, self.designer)
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
        self.autosave.sync()

"""The deck and card editor: browse, filter and edit every card, with a live parse check.

A :class:`DeckEditor` keeps two decks:

- ``draft``: the deck being edited. Every edit that is valid changes it at once; an edit
  that is not (card text that does not parse, gold on a room, a second start card, ...)
  shows its located error and leaves the draft exactly as it was, so the last good card
  stays.
- ``deck``: the deck for NEW games. "Apply to new games" copies the draft into it.

"Apply to the current game" hands the draft to ``game.edit_deck`` (R-edit): the change
becomes an undoable step of that game and applies to the cards not yet drawn.

The editor is glue around the engine (``verlies.deck``, ``verlies.cards.text``,
``verlies.render.svg``); it holds no rules of its own. Its parts: the model without
widgets (``editor_model.py``: draft, undo, parse state), the card list and its filters
(``card_list_view.py``, ``card_list_model.py``), the card form (``form_view.py``), the
deck's name and files (``files_view.py``) and the HTML pieces (``editor_html.py``); this
module is the view that ties them together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from verlies.cards.model import Character, DungeonCard
from verlies.deck import Deck
from verlies.deck.sanity import Sanity, sanity
from verlies.ui.core.words import known
from verlies.ui.deck.card_list_model import ALL, card_matches
from verlies.ui.deck.card_list_view import CardList
from verlies.ui.deck.drafts_view import DraftsPanel
from verlies.ui.deck.editor_html import (
    EDITOR,
    canonical_html,
    error_html,
    esc,
    ok_html,
    preview_html,
    sanity_html,
    summary_html,
)
from verlies.ui.deck.editor_model import (
    KINDS,
    MAX_UPLOAD_BYTES,
    TEXT_KINDS,
    Card,
    EditorModel,
    Kept,
    Key,
    ParseState,
    describe_diff,
)
from verlies.ui.deck.files_view import DeckFiles
from verlies.ui.deck.form_refused import Values
from verlies.ui.deck.form_view import FIELDS, NO_OBSTACLE, CardForm
from verlies.ui.deck.impact_view import ImpactPanel
from verlies.ui.deck.print_view import PrintPanel
from verlies.ui.deck.sweep_view import SweepPanel

if TYPE_CHECKING:
    from verlies.game import Game
    from verlies.store.drafts import DraftStore

__all__ = [
    "ALL",
    "KINDS",
    "MAX_UPLOAD_BYTES",
    "NO_OBSTACLE",
    "DeckEditor",
    "card_matches",
    "describe_diff",
    "summary_html",
]

#: The deck checks' keys for a number no character can reach (verlies.deck.checks).
_UNPASSABLE = frozenset(
    {"check.obstacle_unpassable", "check.trap_unpassable", "check.monster_unbeatable"}
)


# ---- the widget --------------------------------------------------------------------------


class DeckEditor:
    """Browse, filter and edit the cards of a deck; apply the result to new games or to the
    running game's undrawn cards.

    ``get_game()`` returns the current game (or None); ``on_change()`` is called after an
    edit was applied to the current game or the deck for new games changed.
    """

    # The card form's fields, offered as the editor's own attributes (set from FIELDS in
    # _build; tests and the page reach them here).
    card_title: widgets.HTML
    name_de: widgets.Text
    name_en: widgets.Text
    text: widgets.Textarea
    count: widgets.BoundedIntText
    count_hint: widgets.HTML
    tile_kind: widgets.Dropdown
    tile_color: widgets.Dropdown
    tile_shape: widgets.Dropdown
    gold: widgets.BoundedIntText
    obstacle_type: widgets.Dropdown
    obstacle_color: widgets.Dropdown
    obstacle_n: widgets.BoundedIntText
    staerke: widgets.BoundedIntText
    geist: widgets.BoundedIntText
    geschick: widgets.BoundedIntText
    status: widgets.HTML
    sanity: widgets.HTML
    canonical: widgets.HTML
    preview: widgets.HTML
    names_box: widgets.HBox
    text_box: widgets.VBox
    tile_box: widgets.VBox
    character_box: widgets.HBox
    count_box: widgets.HBox

    def __init__(
        self,
        deck: Deck | None = None,
        *,
        get_game: Callable[[], Game | None] = lambda: None,
        on_change: Callable[[], None] = lambda: None,
        lang: str = "de",
        drafts: Callable[[], tuple[DraftStore, str]] | None = None,
    ) -> None:
        # named drafts (issue 22): the page's store and browser; else the default store
        self._drafts_opener = drafts or _default_drafts()
        # the draft, its undo steps, the deck for new games: no widgets in there
        self.model = EditorModel(deck, lang)
        self._get_game = get_game
        self._on_change = on_change
        self._quiet = 0
        self._draft_listeners: list[Callable[[Deck], None]] = []
        #: Told the refused texts (kind, id, text) whenever they change (the workspace).
        self._refused_listeners: list[Callable[[list[tuple[str, str, str]]], None]] = []
        self._last_text_ok = True
        self._last_count_ok = True
        # the sanity report of one draft (a deck is immutable: worked out once per draft)
        self._sanity: tuple[Deck, Sanity] | None = None
        self._build()
        self._relabel()
        self._refresh_list()
        self._after_draft_change()
        self.drafts.refresh()

    # the model holds these; the page and tests read them here too
    @property
    def deck(self) -> Deck:
        """The deck for new games."""
        return self.model.deck

    @property
    def draft(self) -> Deck:
        """The deck being edited."""
        return self.model.draft

    @property
    def lang(self) -> str:
        return self.model.lang

    @property
    def selected(self) -> Key | None:
        return self.model.selected

    @selected.setter
    def selected(self, key: Key | None) -> None:
        self.model.selected = key

    # ---- construction --------------------------------------------------------------------

    def _build(self) -> None:
        W = widgets
        self.title = W.HTML()
        # issue 22: each card's impact beside it in the list, computed from the draft
        self.impact = ImpactPanel(
            lambda: self.draft, self.filtered, self._impact_changed, lang=self.lang
        )
        self._build_list()
        self._build_card()
        self._build_actions()
        # composition and diff
        self.composition_title = W.HTML()
        self.totals = W.HTML()
        self.diff_title = W.HTML()
        self.diff_view = W.HTML()
        # the deck's name and files
        self.files = DeckFiles(self.model, lambda: bool(self._quiet), self._draft_replaced)
        self.files_title = self.files.title
        self.deck_name = self.files.deck_name
        self.upload = self.files.upload
        self.prepare_button = self.files.prepare_button
        self.download = self.files.download
        self.file_status = self.files.file_status
        self.sweep = SweepPanel(
            lambda: self.draft, lambda: self.selected, self._open_draft, lang=self.lang
        )
        self.prints = PrintPanel(lambda: self.draft, self._get_game, lang=self.lang)
        self.drafts = DraftsPanel(
            lambda: self.draft, self._open_draft, self._drafts_opener, lang=self.lang
        )
        self.widget = W.VBox(
            [
                self.title,
                W.HBox([self.cards.widget, self.form.widget]),
                self.sanity,
                self.impact.widget,
                self.sweep.widget,
                W.HBox([self.apply_new, self.apply_game, self.undo_button, self.reset_button]),
                self.action_status,
                self.pending,
                self.composition_title,
                self.totals,
                self.diff_title,
                self.diff_view,
                self.drafts.widget,
                self.prints.widget,
                self.files.widget,
            ]
        )
        self.widget.add_class("verlies-deck-editor")

    def _build_list(self) -> None:
        """The filters and the card list, offered as the editor's own attributes too."""
        self.cards = CardList(
            self.model,
            self.impact.column,
            self._picked,
            self._refresh_list,
            self._silent,
            lambda: bool(self._quiet),
        )
        self.kind_filter = self.cards.kind_filter
        self.color_filter = self.cards.color_filter
        self.search = self.cards.search
        self.card_list = self.cards.card_list
        self.list_info = self.cards.list_info

    def _build_card(self) -> None:
        """The card's fields, offered as the editor's own attributes too."""
        self.form = CardForm()
        for name in FIELDS:
            setattr(self, name, getattr(self.form, name))
        for w in (self.name_de, self.name_en):
            w.observe(self._on_name, "value")
        self.text.observe(self._on_text, "value")
        self.count.observe(self._on_count, "value")
        for w in self.form.tile_fields:
            w.observe(self._on_tile_field, "value")
        for w in self.form.character_fields:
            w.observe(self._on_character_field, "value")

    def _build_actions(self) -> None:
        """Apply to new games / to the game, undo, reset, and what they said."""
        W = widgets
        self.apply_new = W.Button(button_style="primary", icon="check")
        self.apply_game = W.Button(button_style="warning", icon="play")
        self.undo_button = W.Button(icon="undo")
        self.reset_button = W.Button(icon="refresh")
        self.apply_new.on_click(lambda _b: self.apply_to_new_games())
        self.apply_game.on_click(lambda _b: self.apply_to_game())
        self.undo_button.on_click(lambda _b: self.undo())
        self.reset_button.on_click(lambda _b: self.reset())
        for b in (self.apply_new, self.apply_game):
            b.layout = W.Layout(width="auto")
        self.action_status = W.HTML()
        self.pending = W.HTML()

    @contextmanager
    def _silent(self) -> Iterator[None]:
        """Setting widget values from code must not count as edits."""
        self._quiet += 1
        try:
            yield
        finally:
            self._quiet -= 1

    # ---- language --------------------------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        """Switch the editor's words ("de" or "en")."""
        self.model.lang = known(lang)
        self._relabel()
        self._refresh_list()
        self._show_card(status=None)
        self._after_draft_change(edit=False)

    def _relabel(self) -> None:
        lang = self.lang

        t = EDITOR.bound(lang)
        with self._silent():
            self.title.value = f"<h3>{esc(t('title'))}</h3>"
            self.cards.relabel(lang)
            self.form.relabel(lang)
            self.apply_new.description = t("apply_new")
            self.apply_game.description = t("apply_game")
            self.undo_button.description = t("undo")
            self.reset_button.description = t("reset")
            self.composition_title.value = f"<h4>{esc(t('composition'))}</h4>"
            self.diff_title.value = f"<h4>{esc(t('diff'))}</h4>"
            self.files.relabel(lang)
            self.impact.set_lang(lang)
            self.sweep.set_lang(lang)
            self.drafts.set_lang(lang)
            self.prints.set_lang(lang)

    # ---- browsing ------------------------------------------------------------------------

    def filtered(self) -> list[Key]:
        """The (kind, id) of every card of the draft that passes the current filter."""
        return self.cards.filtered()

    def _refresh_list(self) -> None:
        new_sel = self.cards.refresh()
        self._show_impact()
        if new_sel != self.selected:
            self.selected = new_sel
            self._show_card(status=None)

    def _picked(self, key: Key | None) -> None:
        self.selected = key
        self._show_card(status=None)

    def select(self, kind: str, card_id: str) -> None:
        """Select a card (clears filters that would hide it)."""
        key = (kind, card_id)
        if card_id not in self.draft.cards(kind):
            raise KeyError(f"no {kind} card {card_id!r} in the draft")
        self.cards.reveal(key)
        self.selected = key
        self._refresh_list()
        self._show_card(status=None)

    def _card(self) -> Card | None:
        return self.model.card()

    # ---- showing the selected card -----------------------------------------------------------

    def _show_card(self, status: str | None) -> None:
        """Fill the fields from the draft's version of the selected card."""
        self.apply_new.disabled = self.apply_game.disabled = False  # the draft's text is good
        card = self._card()
        lang = self.lang
        self._show_impact()
        self._show_sanity()
        self.sweep.card_selected()
        self.form.show_boxes(card)
        if card is None:
            self.card_title.value = f"<i>{esc(EDITOR('none_selected', lang))}</i>"
            self.preview.value = ""
            self.canonical.value = ""
            self.status.value = status or ""
            return
        with self._silent():
            self.form.fill(card, self.model.count(), lang)
        self._render_preview(card)
        self.status.value = self._ok_html() if status is None else status
        # what the deck refuses on this card, tried against the draft once
        kept = Kept() if self.selected is None else self.model.kept(self.selected)
        refused = kept.text
        if refused is not None and refused.source is not None:
            # the text the deck refused, as typed, with its error: the draft keeps its own
            with self._silent():
                self.text.value = refused.source
            self.model.parse = refused
            self.apply_new.disabled = self.apply_game.disabled = True
        with self._silent():  # form values the deck refused, as typed
            for values, _ in kept.values:
                self.form.put(values)
        self._say_states(kept.states)  # with their errors

    def _ok_html(self) -> str:
        card = self._card()
        if card is None:
            return ok_html([], self.lang)
        own = [w for w in self.draft.warnings if w.card == card.id]
        # the deck's own "can never be passed" says what the sanity check's "nobody" says
        said_nobody = any(w.words.key in _UNPASSABLE for w in own)
        found = [
            f.text(self.lang)
            for f in self.sanity_report().about(card.id)
            if not (said_nobody and f.key == "nobody")
        ]
        return ok_html([w.text(self.lang) for w in own] + found, self.lang)

    def sanity_report(self) -> Sanity:
        """The draft's sanity checks (issue 37 item 5), worked out once per draft."""
        kept = self._sanity
        if kept is None or kept[0] is not self.draft:
            kept = self._sanity = (self.draft, sanity(self.draft))
        return kept[1]

    def _show_sanity(self) -> None:
        """The draft's sanity warnings and chance table, the selected card's row marked."""
        key = self.selected
        self.sanity.value = sanity_html(
            self.sanity_report(), self.lang, None if key is None else key[1]
        )

    def _render_preview(self, card: Card | None) -> None:
        if card is None:
            self.preview.value = ""
            self.canonical.value = ""
            return
        self.canonical.value = canonical_html(card, self.lang)
        self.preview.value = preview_html(card, self.lang)

    # ---- edits -----------------------------------------------------------------------------

    def _edit(self, edit: Callable[[], bool | None]) -> bool | None:
        """Run an edit of the model: a valid one shows the new draft, an invalid one its
        located error (the draft stays as it was, so the last good card stays). None: the
        edit had nothing to do."""
        before = self.model.draft
        ok = edit()
        if ok is None:
            return None
        if not ok:
            self.status.value = error_html(self.model.parse, self.lang)
            return False
        if self.model.draft is not before:
            self._after_draft_change()
        self._render_preview(self._card())
        self.status.value = self._ok_html()
        return True

    def _say_kept(self) -> None:
        """After an accepted edit: what the deck still refuses on this card (a text or
        another group's values, shown as typed in their boxes) stays said, never a
        "✓ ok" beside a box that holds a refused value."""
        if self.selected is None:
            return
        before = (dict(self.model.refused), dict(self.model.refused_values))
        self._say_states(self.model.kept_states(self.selected))
        if (self.model.refused, self.model.refused_values) != before:
            self._tell_refused()  # a kept value the deck takes now is dropped

    def _say_states(self, states: list[ParseState]) -> None:
        """The errors of what the deck refuses on the card, if any, in the status line."""
        if states:
            self.status.value = "".join(error_html(state, self.lang) for state in states)

    def set_text(self, text: str) -> bool:
        """Edit the selected card's text (as typing in the text box does). True if it parsed."""
        if self.text.value == text:
            self._on_text({"new": text})
        else:
            self.text.value = text
        return self._last_text_ok

    def _on_text(self, change: dict[str, Any]) -> None:
        if self._quiet or self.selected is None:
            return
        if self.selected[0] not in TEXT_KINDS:
            return
        text = change["new"]
        before = dict(self.model.refused)
        self._last_text_ok = bool(self._edit(lambda: self.model.edit_text(text)))
        if self.model.refused != before:
            self._tell_refused()
        if self._last_text_ok:
            self._say_kept()
        # A text that does not parse cannot be applied: the buttons wait for a good one.
        self.apply_new.disabled = self.apply_game.disabled = not self._last_text_ok

    def _on_name(self, _change: dict[str, Any]) -> None:
        if self._quiet or self.selected is None:
            return
        de, en = self.name_de.value, self.name_en.value
        if self._edit(lambda: self.model.edit_names(de, en)):
            self._refresh_list()
            self._show_card(status=None)

    def set_count(self, n: int) -> bool:
        """Set the selected card's count (0 removes it). True if the deck took it."""
        if self.count.value == n:
            self._on_count({"new": n})
        else:
            self.count.value = n
        return self._last_count_ok

    def _on_count(self, change: dict[str, Any]) -> None:
        if self._quiet or self.selected is None:
            return
        cid = self.selected[1]
        n = int(change["new"])
        ok = bool(self._edit(lambda: self.model.edit_count(n)))
        self._last_count_ok = ok
        self._note_values("count", ok)
        if not ok:
            return
        if n == 0:
            self._refresh_list()
            self.status.value = (
                f"<span style='color:#8a6a00'>{esc(EDITOR('removed', self.lang, id=cid))}</span>"
            )
        else:
            self.cards.relabel_entries()

    def _impact_changed(self) -> None:
        """New impact figures or a new order: the list shows them, and the panel."""
        self.cards.figures_changed()
        self._show_impact()

    def _show_impact(self) -> None:
        key = self.selected
        card = self._card()
        self.impact.show_selected(key, card.name.get(self.lang) if card is not None else "")
        self.impact.show_table(self.cards.rows())

    def _on_tile_field(self, _change: dict[str, Any] | None) -> None:
        if self._quiet:
            return
        self.form.obstacle_enabled()
        card = self._card()
        if not isinstance(card, DungeonCard):
            return
        new = self.form.tile(card)
        if new == card:
            self._render_preview(card)
            self.status.value = self._ok_html()
            self._note_values("tile", True)
            return
        ok = bool(self._edit(lambda: self.model.edit_card(new)))
        self._note_values("tile", ok)
        if ok:
            self.cards.relabel_entries()

    def edit_tile(self, **fields: Any) -> bool:
        """Set fields of the selected dungeon card as the widgets do: ``kind``, ``color``,
        ``shape`` (enums), ``gold``, ``obstacle`` (an Obstacle or None). True if accepted."""
        card = self._card()
        if not isinstance(card, DungeonCard):
            raise ValueError("the selected card is not a dungeon card")
        with self._silent():
            self.form.set_tile(fields)
        before = self.draft
        self._on_tile_field(None)
        return self.draft != before or self.form.tile(card) == card

    def _on_character_field(self, _change: dict[str, Any]) -> None:
        if self._quiet:
            return
        card = self._card()
        if not isinstance(card, Character):
            return
        new = self.form.character(card)
        ok = new == card or bool(self._edit(lambda: self.model.edit_card(new)))
        self._note_values("character", ok)
        if ok and new != card:
            self.cards.relabel_entries()

    def _note_values(self, group: str, ok: bool) -> None:
        """The selected card's ``group`` fields refused (kept as typed) or taken."""
        before = dict(self.model.refused_values)
        self.model.keep_values(group, None if ok else self.form.values(group))
        if self.model.refused_values != before:
            self._tell_refused()
        if ok:
            self._say_kept()

    def _tell_refused(self) -> None:
        refused = self.refused_texts()
        for callback in list(self._refused_listeners):
            callback(refused)

    # ---- whole-deck actions ----------------------------------------------------------------

    def _draft_replaced(self) -> None:
        self._refresh_list()
        self._show_card(status=None)
        self._after_draft_change()

    def _open_draft(self, deck: Deck) -> None:
        """A saved draft opened: it is the draft now (one undo step)."""
        self.model.set_draft(deck)
        self._draft_replaced()

    def open_draft(self, deck: Deck) -> None:
        """Make ``deck`` the draft (one undo step): the balance lab's "Make it the draft"."""
        self._open_draft(deck)

    def deck_arrived(self, deck: Deck) -> None:
        """The page's game came with ``deck`` (a link, a save file): new games use it,
        and the draft becomes it (one undo step), its changes listed (issue 22)."""
        self.model.deck = deck
        self.model.set_draft(deck)
        self._draft_replaced()

    def undo(self) -> bool:
        """Take back the last change of the draft."""
        if not self.model.undo():
            self.action_status.value = esc(EDITOR("nothing_undo", self.lang))
            return False
        self._draft_replaced()
        self.action_status.value = esc(EDITOR("undone", self.lang))
        return True

    def reset(self) -> None:
        """Reset the draft to the default deck (apply it to use it)."""
        self.model.reset()
        self._draft_replaced()
        self.action_status.value = esc(EDITOR("reset_done", self.lang))

    def apply_to_new_games(self) -> None:
        """New games use the draft from now on."""
        self.action_status.value = esc(self.model.apply_to_new_games())
        self._update_pending()
        self._on_change()
        self._tell_draft_changed()  # the deck of new games (the base) changed

    def apply_to_game(self) -> bool:
        """Apply the draft to the current game's undrawn cards as an undoable step."""
        applied = self.model.apply_to_game(self._get_game())
        if applied.refused:
            self.action_status.value = f"<span style='color:#b3261e'>{esc(applied.message)}</span>"
        else:
            self.action_status.value = esc(applied.message)
        if applied.done:
            self._on_change()
        return applied.done

    # ---- derived views -----------------------------------------------------------------------

    def diff_lines(self) -> list[str]:
        """The draft's differences from the default deck, one line each."""
        return self.model.diff_lines()

    def _update_pending(self) -> None:
        n = self.model.pending_changes()
        text = EDITOR("pending", self.lang, n=n) if n else EDITOR("in_sync", self.lang)
        color = "#8a6a00" if n else "#555"
        self.pending.value = f"<small style='color:{color}'>{esc(text)}</small>"

    def _after_draft_change(self, edit: bool = True) -> None:
        self.totals.value = summary_html(self.draft, self.lang)
        self._show_sanity()
        lines = self.diff_lines()
        if lines:
            items = "".join(f"<li>{esc(line)}</li>" for line in lines)
            self.diff_view.value = f"<ul class='verlies-diff'>{items}</ul>"
        else:
            self.diff_view.value = f"<i>{esc(EDITOR('no_diff', self.lang))}</i>"
        self._update_pending()
        self.impact.show_progress()  # says when its figures are of an earlier draft
        self.sweep.draft_changed()  # "now" follows the draft, or the sweep is out of date
        self.undo_button.disabled = not self.model.can_undo
        with self._silent():
            self.files.show_name()
        if edit:
            self.files.stale()
            self._tell_draft_changed()

    def on_draft_change(self, callback: Callable[[Deck], None]) -> None:
        """Call ``callback(draft)`` whenever the draft changes (an edit, undo, reset, an
        opened draft, an arrived deck) or new games take it: results of an earlier draft
        can mark themselves out of date at once."""
        self._draft_listeners.append(callback)

    def on_refused_change(self, callback: Callable[[list[tuple[str, str, str]]], None]) -> None:
        """Call ``callback(refused)`` whenever the texts the deck refused change."""
        self._refused_listeners.append(callback)

    def refused_texts(self) -> list[tuple[str, str, str]]:
        """Every card text the deck refused and kept: (kind, id, text as typed)."""
        return [(k, c, t) for (k, c), t in self.model.refused.items()]

    def refused_values(self) -> list[tuple[str, str, str, Values]]:
        """Every card's form values the deck refused and kept: (kind, id, group, values)."""
        return [(k, c, g, v) for (k, c, g), v in self.model.refused_values.items()]

    def keep_refused(
        self,
        refused: list[tuple[str, str, str]],
        values: Sequence[tuple[str, str, str, Values]] = (),
    ) -> None:
        """Texts and form values the deck refused, kept by the workspace, given back:
        shown with their error when their card is shown (the selected one at once, else
        the last one's card is selected)."""
        keys = self.model.give_back(refused, values)
        if not keys:
            return
        key = self.selected if self.selected in keys else keys[-1]
        try:
            self.select(*key)
        except KeyError:  # the card is not in the draft any more
            self.model.forget(key)

    def _tell_draft_changed(self) -> None:
        self.drafts.draft_changed()
        for callback in list(self._draft_listeners):
            callback(self.draft)

    # ---- files -------------------------------------------------------------------------------

    def download_text(self) -> str:
        """The draft as a whole deck file (what the download link holds)."""
        return self.draft.dumps()

    def patch_text(self) -> str:
        """Only the draft's changes against the default deck, as a patch file."""
        return self.draft.dumps_patch()

    def prepare_download(self) -> None:
        """Fill the download links (whole deck and changes only), named after the deck."""
        self.files.prepare_download()

    def load_bytes(self, data: bytes, name: str = "<upload>") -> bool:
        """Load a deck file's bytes into the draft. A file too large or not a valid deck
        shows its (located) error and leaves the draft unchanged."""
        return self.files.load_bytes(data, name)

    def set_deck_name(self, name: str) -> bool:
        """Rename the deck as the name field does (validated, undoable). True if taken."""
        return self.files.set_name(name)


def _default_drafts() -> Callable[[], tuple[DraftStore, str]]:
    """The playtest store of the environment (opened on first use, then kept) and no
    browser id: the editor outside the page."""
    kept: list[DraftStore] = []

    def opener() -> tuple[DraftStore, str]:
        if not kept:
            from verlies.store.db import PlaytestStore
            from verlies.store.drafts import DraftStore

            kept.append(DraftStore(PlaytestStore()))
        return kept[0], ""

    return opener

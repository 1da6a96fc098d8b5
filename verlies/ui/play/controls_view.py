"""Controls: the new-game form, stepping and autoplay, history, save/load.

Widgets and their wiring only; the app (``ui/page.py``) says what each one does.
"""

from __future__ import annotations

import base64
import html
import random
from collections.abc import Callable
from dataclasses import fields
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from verlies.ui.core.said import DOWNLOAD_ICON
from verlies.ui.core.session import HUMAN, bot_names
from verlies.ui.core.words import bot_name, t, variant_text
from verlies.ui.play.app_model import MAX_UPLOAD_BYTES, Message, NewGame, SaveOffer

if TYPE_CHECKING:
    from verlies.deck import Deck
    from verlies.setup import DeckLike

__all__ = ["MAX_UPLOAD_BYTES", "FileControls", "HistoryControls", "SetupForm", "StepControls"]


def _button(cls: str, **kw: Any) -> widgets.Button:
    b = widgets.Button(layout=widgets.Layout(width="auto"), **kw)
    b.add_class(cls)
    return b


class SetupForm:
    """New game: players, a character and a controller per seat, seed, limits, variants."""

    def __init__(self, deck: DeckLike, on_start: Callable[[NewGame], object]) -> None:
        self.deck = deck
        #: Called with :meth:`choice` when Start is clicked (what it returns is not used).
        self.on_start = on_start
        chars = list(deck.characters)
        self._char_ids = chars
        self._build_seats()
        self._build_limits()
        self._build_variants()
        self._build_edition(deck)
        self.start = widgets.Button(
            button_style="success", icon="play", layout=widgets.Layout(width="220px", height="36px")
        )
        self.start.add_class("vl-start")
        self.start.on_click(lambda _b: self.on_start(self.choice()))
        self.message = widgets.HTML()
        self.message.add_class("vl-setup-message")
        self.labels = {
            k: widgets.HTML() for k in ("players", "seed", "round_limit", "start_seat", "variants")
        }
        self.widget = self._layout()
        self.lang = "de"
        self.set_lang("de")
        self._set_characters([chars[i % len(chars)] for i in range(4)])
        bots = bot_names()
        default_bot = "careful" if "careful" in bots else bots[0]
        for i, ctl in enumerate(self.controllers):
            ctl.value = HUMAN if i == 0 else default_bot
        self._show_rows()

    def _build_seats(self) -> None:
        """The number of players and a row per seat: its label, character and controller."""
        self.players = widgets.Dropdown(
            options=[1, 2, 3, 4], value=2, layout=widgets.Layout(width="80px")
        )
        self.players.add_class("vl-players-count")
        self.seat_rows: list[widgets.HBox] = []
        self.seat_labels: list[widgets.HTML] = []
        self.characters: list[widgets.Dropdown] = []
        self.controllers: list[widgets.Dropdown] = []
        for i in range(4):
            label = widgets.HTML(layout=widgets.Layout(width="110px"))
            ch = widgets.Dropdown(options=[], layout=widgets.Layout(width="180px"))
            ch.add_class(f"vl-seat-{i + 1}-character")
            ctl = widgets.Dropdown(options=[], layout=widgets.Layout(width="170px"))
            ctl.add_class(f"vl-seat-{i + 1}-controller")
            self.seat_labels.append(label)
            self.characters.append(ch)
            self.controllers.append(ctl)
            row = widgets.HBox([label, ch, ctl])
            row.add_class("vl-seat-row")
            self.seat_rows.append(row)
        self.players.observe(lambda _c: self._show_rows(), "value")
        # R2.1: no two players share a character; a seat's list leaves out the others'
        self._picking = False
        for ch in self.characters:
            ch.observe(lambda _c: self._sync_characters(), "value")

    def _build_limits(self) -> None:
        """Seed (with a random pick), round limit, who starts."""
        self.seed = widgets.IntText(value=1, layout=widgets.Layout(width="120px"))
        self.seed.add_class("vl-seed")
        self.random_seed = _button("vl-random-seed", icon="random")
        self.random_seed.on_click(lambda _b: setattr(self.seed, "value", random.randrange(10**6)))
        self.round_limit = widgets.BoundedIntText(
            value=300, min=1, max=10_000, layout=widgets.Layout(width="120px")
        )
        self.round_limit.add_class("vl-round-limit")
        self.start_seat = widgets.Dropdown(options=[], layout=widgets.Layout(width="160px"))
        self.start_seat.add_class("vl-start-seat")

    def _build_variants(self) -> None:
        """A box per variant of verlies.variants."""
        from verlies.variants import Variants

        self.variant_boxes: dict[str, widgets.Checkbox] = {}
        described = Variants.describe()
        for f in fields(Variants):
            cb = widgets.Checkbox(
                value=False,
                indent=False,
                description=described.get(f.name, f.name),
                layout=widgets.Layout(width="auto"),
            )
            cb.add_class(f"vl-variant-{f.name}")
            self.variant_boxes[f.name] = cb
        self._variants_box = widgets.VBox(list(self.variant_boxes.values()))
        self._variants_box.add_class("vl-variants")  # wraps its texts (theme.py)

    def _build_edition(self, deck: DeckLike) -> None:
        """Which deck new games use, and the shipped editions of the standard deck by name
        (docs/balance.md): the first edition stays playable; the editor's "apply to new
        games" sets the deck again."""
        from verlies.deck import Deck
        from verlies.setup import shipped_edition

        self.deck_note = widgets.HTML()
        self.deck_note.add_class("vl-setup-deck")
        self.edition = widgets.Dropdown(
            options=list(reversed(Deck.editions())),
            value=shipped_edition(deck) or Deck.DEFAULT_EDITION,
            layout=widgets.Layout(width="140px"),
        )
        self.edition.add_class("vl-setup-edition")
        self.on_edition: Callable[[Deck], None] = lambda _deck: None  # the page's deck
        self.edition.observe(lambda c: self._pick_edition(c["new"]), "value")

    def _layout(self) -> widgets.VBox:
        box = widgets.VBox(
            [
                widgets.HBox([self.deck_note, self.edition]),
                widgets.HBox([self.labels["players"], self.players]),
                *self.seat_rows,
                widgets.HBox([self.labels["seed"], self.seed, self.random_seed]),
                widgets.HBox([self.labels["round_limit"], self.round_limit]),
                widgets.HBox([self.labels["start_seat"], self.start_seat]),
                self.labels["variants"],
                self._variants_box,
                self.start,
                self.message,
            ]
        )
        box.add_class("vl-setup")
        return box

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        for name, cb in self.variant_boxes.items():
            cb.description = variant_text(name, lang)
        for k, w in self.labels.items():
            w.value = f'<span class="vl-form-label">{html.escape(t(k, lang))}</span>'
        ctl_options = [(t("human", lang), HUMAN)] + [
            (t("bot", lang, name=bot_name(b, lang)), b) for b in bot_names()
        ]
        for i in range(4):
            self.seat_labels[
                i
            ].value = f'<span class="vl-form-label">{html.escape(t("seat", lang, n=i + 1))}</span>'
            ctl = self.controllers[i].value
            self.controllers[i].options = ctl_options
            self.controllers[i].value = ctl if ctl is not None else HUMAN
        self.start.description = t("start", lang)
        self.random_seed.tooltip = t("random_seed", lang)
        self.deck_note.value = self._deck_html(lang)
        self._set_characters([ch.value for ch in self.characters])
        self._show_rows()

    def _deck_html(self, lang: str) -> str:
        """Which deck new games use: its name, and whether it differs from the shipped one."""
        from verlies.setup import shipped_edition

        name = getattr(self.deck, "name", "") or "?"
        # a shipped edition by its edition name ("standard-2"), any other deck as edited
        edition = shipped_edition(self.deck)
        if edition is not None:
            name = f"{name} ({edition})"
        else:
            name = f"{name} {t('deck_edited', lang)}"
        note = t("deck_note", lang, tab=t("tab_deck", lang))
        return (
            f'<span class="vl-form-label">{html.escape(t("deck_label", lang))}</span> '
            f'<b class="vl-deck-name">{html.escape(name)}</b> '
            f'<span class="vl-small">{html.escape(note)}</span>'
        )

    def _char_name(self, c: str) -> str:
        return str(self.deck.characters[c].name.get(self.lang))

    def _set_characters(self, wanted: list[str | None]) -> None:
        """Give seat i the character ``wanted[i]`` where it is free, then offer every seat
        only the characters no other seat in play holds (R2.1)."""
        with_picking, self._picking = self._picking, True
        try:
            ids = self._char_ids
            n = self.players.value
            chosen: list[str | None] = []
            for i in range(4):
                c = wanted[i] if i < len(wanted) else None
                taken = set(chosen[:n]) if i < n else set()
                if c not in ids or c in taken:  # a seat whose character went: the next free
                    c = next((x for x in ids if x not in taken), ids[0] if ids else None)
                chosen.append(c)
            for i, ch in enumerate(self.characters):
                others = {chosen[j] for j in range(n) if j != i} if i < n else set()
                options = [(self._char_name(c), c) for c in ids if c not in others]
                with ch.hold_sync():
                    if tuple(options) != tuple(ch.options):
                        ch.options = options
                    if chosen[i] is not None and ch.value != chosen[i]:
                        ch.value = chosen[i]
        finally:
            self._picking = with_picking

    def _sync_characters(self) -> None:
        if not self._picking:
            self._set_characters([ch.value for ch in self.characters])

    def set_deck(self, deck: DeckLike) -> None:
        """New games use ``deck``: its characters are the ones offered."""
        from verlies.setup import shipped_edition

        self.deck = deck
        self._char_ids = list(deck.characters)
        edition = shipped_edition(deck)
        if edition is not None:
            self.edition.value = edition
        self.set_lang(self.lang)

    def _pick_edition(self, name: str) -> None:
        from verlies.deck import Deck

        deck = Deck.edition(name)
        if deck != self.deck:
            self.set_deck(deck)
            self.on_edition(deck)

    def _show_rows(self) -> None:
        n = self.players.value
        for i, row in enumerate(self.seat_rows):
            row.layout.display = "" if i < n else "none"
        self._sync_characters()  # a seat that comes into play gets a character of its own
        value = self.start_seat.value
        self.start_seat.options = [(t("seat", self.lang, n=i + 1), i) for i in range(n)]
        self.start_seat.value = value if value is not None and value < n else 0

    def choice(self) -> NewGame:
        """What the form shows, as a value."""
        from verlies.variants import Variants

        n = self.players.value
        return NewGame(
            players=n,
            characters=tuple(self.characters[i].value for i in range(n)),
            controllers=tuple(self.controllers[i].value for i in range(n)),
            seed=int(self.seed.value),
            round_limit=int(self.round_limit.value),
            start_seat=int(self.start_seat.value or 0),
            variants=Variants(**{k: cb.value for k, cb in self.variant_boxes.items()}),
        )

    def values(self) -> dict[str, Any]:
        """:meth:`choice` as a mapping (lists for the seats)."""
        return self.choice().values()

    def show(self, choice: NewGame) -> None:
        """Show ``choice`` (the game shown's setup, after a game arrived)."""
        self.players.value = choice.players
        chars = list(choice.characters or ())
        self._set_characters([*chars, *(ch.value for ch in self.characters[len(chars) :])])
        for i, controller in enumerate(choice.controllers[: choice.players]):
            self.controllers[i].value = controller
        self.seed.value = choice.seed
        self.round_limit.value = choice.round_limit or 300
        self._show_rows()
        self.start_seat.value = choice.start_seat
        for k, cb in self.variant_boxes.items():
            cb.value = bool(getattr(choice.variants, k))


class StepControls:
    """Step / turn / round / to the end, autoplay with a speed, and the auto settings."""

    def __init__(self) -> None:
        self.step = _button("vl-step", icon="step-forward")
        self.turn = _button("vl-step-turn", icon="forward")
        self.round = _button("vl-step-round", icon="fast-forward")
        self.end = _button("vl-step-end", icon="flag-checkered")
        self.play = widgets.Play(
            value=0,
            min=0,
            max=10**9,
            step=1,
            interval=400,
            show_repeat=False,
            layout=widgets.Layout(width="auto"),
        )
        self.play.add_class("vl-autoplay")
        self.speed = widgets.IntSlider(
            value=400, min=50, max=2000, step=50, readout=True, layout=widgets.Layout(width="230px")
        )
        self.speed.add_class("vl-speed")
        widgets.jslink((self.speed, "value"), (self.play, "interval"))
        self.auto_bots = widgets.Checkbox(
            value=True, indent=False, layout=widgets.Layout(width="auto")
        )
        self.auto_bots.add_class("vl-auto-bots")
        self.auto_roll = widgets.Checkbox(
            value=False, indent=False, layout=widgets.Layout(width="auto")
        )
        self.auto_roll.add_class("vl-auto-roll")

    def set_lang(self, lang: str) -> None:
        tip = t("step_tip", lang)
        for b, key in (
            (self.step, "step"),
            (self.turn, "step_turn"),
            (self.round, "step_round"),
            (self.end, "step_end"),
        ):
            b.description = t(key, lang)
            b.tooltip = tip
        self.play.tooltip = t("autoplay", lang)
        self.speed.description = t("speed", lang)
        self.speed.tooltip = t("speed_tip", lang)  # without one the label's title reads "null"
        self.auto_bots.description = t("auto_bots", lang)
        self.auto_roll.description = t("auto_roll", lang)


class HistoryControls:
    """Undo, redo, undo a turn, and the time-travel slider over every step."""

    def __init__(self) -> None:
        self.undo = _button("vl-undo", icon="undo")
        self.redo = _button("vl-redo", icon="repeat")
        self.undo_turn = _button("vl-undo-turn", icon="history")
        self.slider = widgets.IntSlider(
            value=0, min=0, max=0, continuous_update=False, layout=widgets.Layout(width="470px")
        )
        self.slider.add_class("vl-history")
        # "step i of n" is in the state line (re-sent every step anyway), not next to this

    def set_lang(self, lang: str) -> None:
        self.undo.description = t("undo", lang)
        self.redo.description = t("redo", lang)
        self.undo_turn.description = t("undo_turn", lang)
        self.slider.description = t("history", lang)
        self.slider.tooltip = t("history_tip", lang)


class FileControls:
    """Save (a download link with the game's JSON) and load (an upload with a size cap)."""

    def __init__(self) -> None:
        self.save = _button("vl-save", icon="download")
        self.link = widgets.HTML()
        self.link.add_class("vl-download")
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False)
        self.upload.add_class("vl-upload")
        self.message = widgets.HTML()
        self.message.add_class("vl-file-message")

    def set_lang(self, lang: str) -> None:
        self.save.description = t("save", lang)
        self.upload.description = t("load", lang)
        self.upload.tooltip = t("load_tip", lang)

    def draw_message(self, said: Message | None, lang: str) -> None:
        """The model's message about files and links, in ``lang``."""
        if said is None:
            value = ""
        else:
            cls = "vl-error" if said.error else "vl-ok"
            value = f'<span class="{cls}">{html.escape(said.text(lang))}</span>'
        self.message.value = value

    def draw_offer(self, offer: SaveOffer | None, lang: str) -> None:
        """The save file offered: a download link (followed once by the page's script)."""
        if offer is None:
            self.link.value = ""
            return
        data = base64.b64encode(offer.text.encode("utf-8")).decode("ascii")
        name = html.escape(offer.name)
        self.link.value = (
            f'<a class="vl-download-link vl-auto-download" data-n="s{offer.n}" '
            f'download="{name}" href="data:application/json;charset=utf-8;base64,{data}">'
            f"{DOWNLOAD_ICON}{html.escape(t('download', lang, name=offer.name))}</a>"
        )

    def take_upload(self) -> tuple[str, bytes] | None:
        """The uploaded file (name, bytes), or None; clears the widget."""
        value = self.upload.value
        if not value:
            return None
        item = value[0]
        content = item["content"]
        data = content.tobytes() if hasattr(content, "tobytes") else bytes(content)
        name = str(item.get("name", "game.json"))
        self.upload.value = ()
        return name, data

"""The sweep panel's "show me a game like this" (issue 40 item 3): for the picked point,
what to look for, a button, and the link that opens the game found on the Game tab (the
``?g=`` link the Balance tab's "show me" opens). The games are played again in a thread
(:func:`verlies.ui.deck.sweep_show.point_game`); the answer is drawn on the kernel's loop.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from verlies.errors import VerliesError
from verlies.ui.deck.sweep_model import SweepRun
from verlies.ui.deck.sweep_show import SHOW, SHOW_GAMES, point_game, point_name
from verlies.ui.deck.sweep_words import WORDS
from verlies.ui.runs.handover import Handover

__all__ = ["ShowPoint"]


class ShowPoint:
    """``get_run()`` the panel's sweep, ``get_value()`` its picked point (None: none)."""

    def __init__(
        self,
        get_run: Callable[[], SweepRun],
        get_value: Callable[[], Any],
        hand: Handover,
    ) -> None:
        W = widgets
        self.get_run, self.get_value, self.hand = get_run, get_value, hand
        self.lang = "de"
        self.label = W.Label()
        self.what = W.Dropdown(options=[])
        self.button = W.Button(icon="eye", disabled=True)
        self.button.add_class("vl-sweep-show-button")
        self.button.on_click(lambda _b: self.show())
        self.link = W.HTML()
        self.link.add_class("vl-sweep-show-link")
        box = W.VBox([self.label, self.what])
        for cls in ("vl-panel-field", "vl-sweep-field", "vl-sweep-show"):
            box.add_class(cls)
        #: The widgets, in the panel's row.
        self.parts = [box, self.button, self.link]
        self.thread: threading.Thread | None = None

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.label.value = WORDS("show.what", lang)
        self.button.description = WORDS("show.button", lang)
        keep = self.what.value
        self.what.options = [(WORDS(f"show.{k}", lang), k) for k in SHOW]
        self.what.value = keep if keep in SHOW else SHOW[0]
        self.link.value = ""

    def show(self) -> None:
        """A game of the picked point's run that shows what is asked, played again in a
        thread (at most :data:`SHOW_GAMES` games); its link opens it on the Game tab."""
        value, what, run = self.get_value(), str(self.what.value), self.get_run()
        if value is None or run.running or (self.thread is not None and self.thread.is_alive()):
            return
        lang, name = self.lang, point_name(run, int(value))
        label = WORDS(f"show.{what}", lang)
        self.link.value = html.escape(WORDS("show.looking", lang, n=SHOW_GAMES, value=name))

        def said(found: Any) -> None:
            self.link.value = self.answer_html(found, name, label)

        done = self.hand.wrap(said)

        def work() -> None:
            try:
                found: Any = point_game(run, int(value), what)
            except VerliesError as e:  # said, not raised in a thread
                found = e
            done(found)

        self.thread = threading.Thread(target=work, daemon=True)
        self.thread.start()

    def wait(self) -> None:
        """Until the game asked for was found (tests)."""
        from verlies.ui.runs.handover import drain

        if self.thread is not None:
            self.thread.join()
        drain()

    def answer_html(self, found: Any, name: str, label: str) -> str:
        esc, lang = html.escape, self.lang
        if isinstance(found, VerliesError):
            return f'<span class="vl-error">{esc(str(found))}</span>'
        if found is None:
            return esc(WORDS("show.none", lang, n=SHOW_GAMES, what=label, value=name))
        if found.link is None:
            return esc(WORDS("show.nolink", lang, index=found.index))
        turn = found.turn + 1
        words = WORDS("show.open", lang, index=found.index, value=name, what=label, turn=turn)
        return (
            f'<a class="vl-sweep-show-open" data-index="{found.index}" '
            f'href="{esc(found.link)}">{esc(words)}</a>'
        )

"""The autosave's widgets: the resume offer, the "saved at step N" line with the resume
link, and the hidden field the browser fills with who it is.

The decisions are in :mod:`verlies.ui.autosave`; this only shows them. The page's template
(binder/share/jupyter/voila/templates/verlies/resume.js) fills ``.vl-client`` with the
browser's id, watches the kernel's connection (the restart banner reads its words from the
``.vl-autosave`` line's data attributes: they must be in the page before the kernel dies)
and warns before the tab closes while that line says ``data-unsaved="1"``.
"""

from __future__ import annotations

import html
import traceback
from typing import Any

import ipywidgets as widgets

from verlies.errors import VerliesError
from verlies.ui.app_model import AppModel
from verlies.ui.autosave import Autosave, Offer
from verlies.ui.i18n import t

esc = html.escape


class AutosaveBar:
    """The autosave of the page's :class:`~verlies.ui.app_model.AppModel` (its
    ``autosave``); ``enabled=False`` shows and saves nothing."""

    def __init__(self, app: AppModel, enabled: bool = True) -> None:
        self.app = app
        self.enabled = enabled
        self.offers: list[Offer] = []
        self._offered_over: object = None  # the game shown when the offers were made
        self.last_error: str | None = None
        self.client = widgets.Text(value="", layout=widgets.Layout(display="none"))
        self.client.add_class("vl-client")
        self.client.observe(self._hello, "value")
        self.offer_text = widgets.HTML()
        self.offer_text.add_class("vl-resume-text")
        self.resume = widgets.Button(button_style="primary", icon="play")
        self.resume.add_class("vl-resume")
        self.resume.on_click(lambda _b: self.take_offer())
        self.discard = widgets.Button(icon="trash")
        self.discard.add_class("vl-discard")
        self.discard.on_click(lambda _b: self.discard_offer())
        self.offer_box = widgets.HBox(
            [self.offer_text, self.resume, self.discard], layout=widgets.Layout(display="none")
        )
        self.offer_box.add_class("vl-resume-offer")
        self.line = widgets.HTML()
        self.line.add_class("vl-autosave-box")
        children = [self.client, self.offer_box, self.line] if enabled else []
        self.widget = widgets.VBox(children)
        self.widget.add_class("vl-autosave-bar")

    @property
    def model(self) -> Autosave:
        """The autosave (the page model's: its store also keeps the deck drafts)."""
        return self.app.autosave

    @model.setter
    def model(self, model: Autosave) -> None:
        self.app.autosave = model

    # ---- the browser said who it is --------------------------------------------------

    def _hello(self, change: dict[str, Any]) -> None:
        if not self.enabled:
            return
        try:
            self.offers = self.model.hello(str(change["new"]))
        except Exception:  # noqa: BLE001 - a broken store must not break the page
            self.last_error = traceback.format_exc()
            self.offers = []
        self._offered_over = self.app.session.game
        self.show_offers()
        self.sync()  # the line names the client: the page stops sending it

    def show_offers(self) -> None:
        lang = self.app.lang
        self.resume.description = t("autosave.resume", lang)
        self.discard.description = t("autosave.discard", lang)
        if not self.offers:
            self.offer_box.layout.display = "none"
            return
        offer = self.offers[0]
        self.offer_text.value = (
            f'<span class="vl-resume-offer-text" data-rid="{esc(offer.rid)}" '
            f'data-step="{offer.step}">{esc(offer.text(lang, self.model.tz_minutes))}</span>'
        )
        self.offer_box.layout.display = "flex"

    def take_offer(self) -> None:
        """Resume the offered game: it replaces the one shown (which is saved already)."""
        if not self.offers:
            return
        offer = self.offers.pop(0)
        if not self.app.resume(offer.rid):  # refused: said on the page
            self.show_offers()
            return
        # resumed: the offer is done, and the game it replaced is not offered back in its
        # place (issue 24 item 6); it is saved, and offered again on the next visit
        self.offers = []
        self.show_offers()

    def discard_offer(self) -> None:
        if not self.offers:
            return
        offer = self.offers.pop(0)
        try:
            self.model.discard(offer.rid)
        except VerliesError as e:
            self.app.say("page", str(e), error=True)
        self.show_offers()

    # ---- after every change ----------------------------------------------------------

    def sync(self) -> None:
        """Save the game if it changed and show where it stands."""
        if not self.enabled:
            return
        app = self.app
        lang = app.lang
        if self.offers and app.session.game is not self._offered_over:
            # a file loaded, a new game, a link opened: the offer to resume is over
            self.offers = []
            self.show_offers()
        try:
            state = self.model.sync(app.session, lang, app.tree)
        except Exception:  # noqa: BLE001 - keep playing; the line says it is not saved
            self.last_error = traceback.format_exc()
            self.model.error = self.last_error.strip().splitlines()[-1]
            state = self.model.state()
        if state.error and not state.saved:
            failed = t("autosave.failed", lang, msg=state.error)
            text = f'<span class="vl-error">{esc(failed)}</span>'
        elif state.rid is not None and state.saved:
            link = f'<a class="vl-resume-link" href="?resume={esc(state.rid)}">'
            text = (
                f"{esc(t('autosave.saved', lang, step=state.step))} · "
                f"{link}{esc(t('autosave.link', lang))}</a>"
            )
        else:
            text = ""
        lost = t("autosave.lost", lang, step=state.step)
        attrs = (
            f'data-client="{esc(self.model.client or "")}" data-rid="{esc(state.rid or "")}" '
            f'data-step="{state.step}" data-saved="{int(state.saved)}" '
            f'data-unsaved="{int(state.unsaved)}" '
            f'data-lost="{esc(lost if state.rid else t("autosave.lost_unsaved", lang))}" '
            f'data-reload="{esc(t("autosave.reload", lang))}"'
        )
        self.line.value = f'<div class="vl-autosave vl-small" {attrs}>{text}</div>'
        if self.offers and self.resume.description != t("autosave.resume", lang):
            self.show_offers()  # the language changed


__all__ = ["AutosaveBar"]

"""The autosave's widgets: the resume offer, the "saved at step N" line with the resume
link, and the hidden field the browser fills with who it is.

Drawing and wiring only: the decisions are in :mod:`verlies.ui.play.autosave_model` (when the
game is saved, what is offered back) and :mod:`verlies.ui.play.autosave_store` (the store). The bar
subscribes to the page's :class:`~verlies.ui.play.app_model.AppModel` and draws the autosave
model after each change. The page's template
(binder/share/jupyter/voila/templates/verlies/resume.js) fills ``.vl-client`` with the
browser's id, watches the kernel's connection (the restart banner reads its words from the
``.vl-autosave`` line's data attributes: they must be in the page before the kernel dies)
and warns before the tab closes while that line says ``data-unsaved="1"``.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from verlies.ui.core.words import t
from verlies.ui.play.app_model import AppModel, Changed
from verlies.ui.play.autosave_model import SAVED_AFTER, AutosaveModel

esc = html.escape


class AutosaveBar:
    """The autosave of the page's :class:`~verlies.ui.play.app_model.AppModel` (its
    ``autosave``); ``enabled=False`` shows and saves nothing.

    Made after the views that draw the game (its model then saves after they drew): the
    play page makes it last."""

    def __init__(self, app: AppModel, enabled: bool = True) -> None:
        self.app = app
        self.model = AutosaveModel(app, enabled)  # subscribes first: saves, then drawn here
        self.client = widgets.Text(value="", layout=widgets.Layout(display="none"))
        self.client.add_class("vl-client")
        self.client.observe(self._hello, "value")
        self.offer_text = widgets.HTML()
        self.offer_text.add_class("vl-resume-text")
        self.resume = widgets.Button(button_style="primary", icon="play")
        self.resume.add_class("vl-resume")
        self.resume.on_click(lambda _b: self._take_offer())
        self.discard = widgets.Button(icon="trash")
        self.discard.add_class("vl-discard")
        self.discard.on_click(lambda _b: self._discard_offer())
        self.offer_box = widgets.HBox(
            [self.offer_text, self.resume, self.discard], layout=widgets.Layout(display="none")
        )
        self.offer_box.add_class("vl-resume-offer")
        self.line = widgets.HTML()
        self.line.add_class("vl-autosave-box")
        children = [self.client, self.offer_box, self.line] if enabled else []
        self.widget = widgets.VBox(children)
        self.widget.add_class("vl-autosave-bar")
        if enabled:
            app.subscribe(self._changed)
            self.model.sync()  # the game shown now (the page drew it already)
            self.draw()

    # ---- wiring ------------------------------------------------------------------------

    def _changed(self, change: Changed) -> None:
        if change.what in SAVED_AFTER:  # the model saved: its line, offers and words
            self.draw()

    def _hello(self, change: dict[str, Any]) -> None:
        self.model.hello(str(change["new"]))
        self.draw()  # the line names the client: the page stops sending it

    def _take_offer(self) -> None:
        self.model.take_offer()
        self.draw()

    def _discard_offer(self) -> None:
        self.model.discard_offer()
        self.draw()

    # ---- drawing -----------------------------------------------------------------------

    def draw(self) -> None:
        """The offer to resume and the line, in the page's language."""
        if not self.model.enabled:
            return
        self._draw_offer()
        self._draw_line()

    def _draw_offer(self) -> None:
        lang = self.app.lang
        self.resume.description = t("autosave.resume", lang)
        self.discard.description = t("autosave.discard", lang)
        offer = self.model.offer
        if offer is None:
            self.offer_box.layout.display = "none"
            return
        when = offer.text(lang, self.model.autosave.tz_minutes)
        self.offer_text.value = (
            f'<span class="vl-resume-offer-text" data-rid="{esc(offer.rid)}" '
            f'data-step="{offer.step}">{esc(when)}</span>'
        )
        self.offer_box.layout.display = "flex"

    def _draw_line(self) -> None:
        """Saved at step N with the resume link, or why not; its data attributes carry the
        words the page's script needs when the kernel is gone."""
        state = self.model.state
        if state is None:
            return
        lang = self.app.lang
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
        client = self.model.autosave.client or ""
        attrs = (
            f'data-client="{esc(client)}" data-rid="{esc(state.rid or "")}" '
            f'data-step="{state.step}" data-saved="{int(state.saved)}" '
            f'data-unsaved="{int(state.unsaved)}" '
            f'data-lost="{esc(lost if state.rid else t("autosave.lost_unsaved", lang))}" '
            f'data-reload="{esc(t("autosave.reload", lang))}"'
        )
        self.line.value = f'<div class="vl-autosave vl-small" {attrs}>{text}</div>'


__all__ = ["AutosaveBar"]

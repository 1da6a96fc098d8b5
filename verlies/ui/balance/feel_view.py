"""The Balance tab's "Game feel" section: thin widgets over :mod:`verlies.ui.balance.feel_model`.

A title, the head line (the family's verdict), then per figure its line and a "show me a
game like this" button; a click puts the chosen game's link (``?g=``: the Game tab at the
turn that mattered) beside the button. Below, people beside bots
(:mod:`verlies.ui.balance.people_view`: the playtest records of the draft's setup).
Words follow :meth:`FeelSection.set_lang`; the rows wrap, so they read at 390 px as at
1,280 px.
"""

from __future__ import annotations

import html
from typing import Any

from verlies import i18n
from verlies.ui.balance.feel_model import FeelLine, example, lines_of
from verlies.ui.core.theme import FEEL_CSS

__all__ = ["CSS", "FeelSection"]

CSS = FEEL_CSS  # the page's styles live in verlies.ui.core.theme


class FeelSection:
    """Shows a comparison's game-feel lines (:meth:`show`) with a button per figure."""

    def __init__(self, lang: str = "en") -> None:
        import ipywidgets as widgets

        self.lang = lang
        self.comp: Any = None
        self.title = widgets.HTML()
        self.title.add_class("vl-feel-title")
        self.head = widgets.HTML()
        self.head.add_class("vl-feel-head")
        self.rows = widgets.VBox()
        from verlies.ui.balance.people_view import PeopleSection  # people beside bots

        self.people = PeopleSection(lang)
        # which draft the figures are of, or that they are out of date (the Balance tab's)
        self.of = widgets.HTML()
        self.of.add_class("vl-feel-of")
        self.widget = widgets.VBox(
            [widgets.HTML(CSS), self.title, self.of, self.head, self.rows, self.people.widget]
        )
        self.widget.add_class("vl-feel")
        self.widget.layout.display = "none"
        self._found: dict[str, str] = {}  # figure -> the link's HTML once clicked

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self._found.clear()  # the links' words are in the old language
        self.people.set_lang(lang)
        self._draw()

    def mark(self, words: str, stale: bool = False) -> None:
        """Say which draft the figures are of (``stale``: marked out of date)."""
        cls = "vl-stale" if stale else "vl-fresh"
        style = ' role="status" style="color:#b3261e"' if stale else ""
        self.of.value = f'<p class="{cls}"{style}>{html.escape(words)}</p>' if words else ""

    def show(self, comp: Any) -> None:
        """Show ``comp``'s figures (a new run: links found before are forgotten)."""
        if comp is not self.comp:
            self._found.clear()
        self.comp = comp
        side = getattr(comp, "b", None)  # a kept answer's figures have no run behind them
        self.people.show(getattr(side, "spec", None))
        self._draw()

    def _draw(self) -> None:
        import ipywidgets as widgets

        head, lines = lines_of(self.comp, self.lang)
        self.widget.layout.display = "" if lines else "none"
        self.title.value = html.escape(i18n.text("feel.section", self.lang))
        self.head.value = html.escape(head)
        rows = []
        for line in lines:
            text = widgets.HTML(html.escape(line.text))
            text.add_class("vl-feel-line")
            button = widgets.Button(description=i18n.text("feel.show.button", self.lang))
            button.add_class("vl-feel-show")
            button.add_class(f"vl-feel-show-{line.key}")
            found = widgets.HTML(self._found.get(line.key, ""))
            found.add_class("vl-feel-found")
            button.on_click(lambda _b, line=line, found=found: self._find(line, found))
            row = widgets.Box([text, button, found])
            row.add_class("vl-feel-row")
            row.add_class(f"vl-feel-row-{line.key}")
            rows.append(row)
        self.rows.children = rows

    def _find(self, line: FeelLine, out: Any) -> None:
        if self.comp is None:
            return
        if getattr(self.comp, "b", None) is None:  # a kept answer's figures: no run here
            self._found[line.key] = out.value = html.escape(
                i18n.text("balview.show.restored", self.lang)
            )
            return
        ex = example(self.comp.b.spec, line.key)
        self._found[line.key] = out.value = found_html(ex, self.lang)


def found_html(ex: Any, lang: str) -> str:
    """The link to a chosen game, or why there is none."""
    if ex is None:
        return html.escape(i18n.text("feel.show.none", lang))
    if ex.link is None:
        return html.escape(i18n.text("feel.show.nolink", lang))
    words = i18n.text("feel.show.open", lang, index=ex.index, turn=ex.turn + 1)
    return f'<a class="vl-feel-link" href="{html.escape(ex.link)}">{html.escape(words)}</a>'

"""The Balance tab's "People beside bots": thin widgets over
:mod:`verlies.ui.balance.people_model`, inside the "Game feel" section.

A title and a button; a click reads the playtest store (games played on the page) for
the draft's setup, puts people's decisions beside each bot's and their game-feel figures
beside a bot's games of the same setups, and shows it in lines that wrap (they read at
390 px as at 1,280 px). Words follow :meth:`PeopleSection.set_lang`.
"""

from __future__ import annotations

import html
from typing import Any

from verlies import i18n
from verlies.ui.balance import people_model
from verlies.ui.core.theme import PEOPLE_CSS

__all__ = ["PeopleSection"]


class PeopleSection:
    """The people's games of the draft's setup (``show(spec)``) beside the bots."""

    def __init__(self, lang: str = "en", store: Any = None) -> None:
        import ipywidgets as widgets

        self.lang = lang
        self.store = store  # a PlaytestStore; None: the page's own (made on first use)
        self.spec: Any = None
        self.report: people_model.PeopleReport | None = None
        self.title = widgets.HTML()
        self.title.add_class("vl-people-title")
        self.button = widgets.Button()
        self.button.add_class("vl-people-show")
        self.button.on_click(lambda _b: self.compute())
        self.out = widgets.HTML()
        self.out.add_class("vl-people-out")
        self.widget = widgets.VBox([widgets.HTML(PEOPLE_CSS), self.title, self.button, self.out])
        self.widget.add_class("vl-people")
        self._said = ""  # a message instead of a report (no games, a store that failed)
        self._draw()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self._draw()

    def show(self, spec: Any) -> None:
        """The draft's run spec (its deck and players); a new one forgets the last report."""
        if spec is not self.spec:
            self.report, self._said = None, ""
        self.spec = spec
        self._draw()

    def compute(self) -> None:
        """Read the store for the draft's setup and set it beside the bots."""
        from verlies.errors import VerliesError

        if self.spec is None:
            return
        try:
            if self.store is None:
                from verlies.store import PlaytestStore

                self.store = PlaytestStore()
            records = self.store.records(finished_only=True)
        except (VerliesError, OSError) as e:
            self.report, self._said = None, str(e)
            self._draw()
            return
        mine = people_model.records_of_setup(records, self.spec.deck, self.spec.players)
        self.report = people_model.people_beside_bots(mine) if mine else None
        self._said = "" if mine else "none"
        self._draw()

    def _draw(self) -> None:
        t = i18n.text
        self.title.value = f"<b>{html.escape(t('feel3.people.title', self.lang))}</b>"
        self.button.description = t("feel3.people.button", self.lang)
        players = self.spec.players if self.spec is not None else 0
        if self._said == "none":
            self.out.value = _p(t("feel3.people.none", self.lang, players=players))
            return
        if self._said:
            self.out.value = _p(self._said)
            return
        head, agree, feel = people_model.lines(self.report, self.lang)
        parts = [_p(head)] if head else []
        if agree:
            parts.append("<ul>" + "".join(f"<li>{html.escape(x)}</li>" for x in agree) + "</ul>")
        if feel:
            parts.append(_p(feel[0]))
            items = "".join(f"<li>{html.escape(x.strip())}</li>" for x in feel[1:])
            parts.append(f'<ul class="vl-people-feel">{items}</ul>')
        self.out.value = "".join(parts)


def _p(text: str) -> str:
    return f'<p class="vl-people-line">{html.escape(text)}</p>'

"""The page's shared-table bar (issue 23): "Invite to this table", the links it makes, and
while the page plays a table's seat, whose turn it is and a timer that keeps the screen
caught up. A thin widget layer: the table is :mod:`verlies.store.tables`, the visitor
:class:`~verlies.ui.table.table_model.SeatModel`, the page's session
:class:`~verlies.ui.table.table_session.TableSession`."""

from __future__ import annotations

import html
import os
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import parse_qs

import ipywidgets as widgets

from verlies.errors import VerliesError
from verlies.serve.request import kernel_loop
from verlies.ui.core import share
from verlies.ui.core.words import bot_name, t
from verlies.ui.play.app_model import AppModel, Change, Changed, Source

if TYPE_CHECKING:
    from verlies.store.tables import TableLinks, TableStore
    from verlies.ui.table.table_session import TableSession

esc = html.escape
#: How often a table's page looks for the others' steps (ms): one count query to the store,
#: or none where the database notifies (PostgreSQL; docs/serving.md, "Shared tables").
POLL_MS = 250
#: The operator's setting for it (ms, at least 50): a slower look costs a SQLite store less.
POLL_ENV = "VERLIES_TABLE_POLL_MS"


def poll_ms() -> int:
    """The poll interval: ``$VERLIES_TABLE_POLL_MS`` if a whole number >= 50, else 250."""
    raw = os.environ.get(POLL_ENV, "").strip()
    return int(raw) if raw.isdigit() and int(raw) >= 50 else POLL_MS


_stores: dict[str, TableStore] = {}


def table_store() -> TableStore:
    """The tables in the page's playtest store ($VERLIES_STORE_URL, else the default)."""
    from verlies.store.db import default_url
    from verlies.store.tables import TableStore

    url = default_url()
    if url not in _stores:
        _stores[url] = TableStore(url)
    return _stores[url]


class TableBar:
    """Invite button and links; the turn line and the poll timer of a table's page, of the
    page's :class:`~verlies.ui.play.app_model.AppModel` ``app``."""

    def __init__(self, app: AppModel) -> None:
        self.app = app
        self.invite = widgets.Button(icon="users", layout=widgets.Layout(width="auto"))
        self.invite.add_class("vl-table-invite")
        self.invite.on_click(lambda _b: self.make_table())
        self.links = widgets.HTML()
        self.links.add_class("vl-table-links")
        self.turn = widgets.HTML()
        self.turn.add_class("vl-table-turn")
        # "Take back": allowed (or not) when the table is made; a seat's request and the
        # others' answers while it is played.
        self.allow_takeback = widgets.Checkbox(
            value=False, indent=False, layout=widgets.Layout(width="auto")
        )
        self.allow_takeback.add_class("vl-table-allow-takeback")
        # The take-back request and answers (a text, four buttons): only a table's page
        # shows them, so they are built when the page first plays a table's seat
        # (_takeback_part), not at every page's start.
        self.takeback_text: widgets.HTML | None = None
        self.tb_buttons: dict[str, widgets.Button] = {}
        self._tb_error: tuple[tuple[int, ...], str] | None = None
        # The poll timer runs on the kernel's own event loop (the main thread: no race with
        # clicks); a table is opened from the query's thread, which hands the start over.
        self._loop = kernel_loop()
        self._timer: Any = None
        self._made: tuple[TableLinks, list[str]] | None = None  # the links shown
        self.widget = widgets.VBox(
            [
                widgets.HBox(
                    [self.invite, self.allow_takeback],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.links,
                self.turn,
            ]
        )
        self.widget.add_class("vl-table-bar")
        self.set_lang(app.lang)
        app.subscribe(self._changed)

    def _changed(self, change: Changed) -> None:
        if change.what is Change.LANG:
            self.set_lang(self.app.lang)

    @property
    def session(self) -> TableSession | None:
        s = self.app.session
        # only a table session has a seat (set in TableSession.__init__)
        return cast("TableSession", s) if s.table_seat is not None else None

    def set_lang(self, lang: str) -> None:
        self.invite.description = t("table.invite", lang)
        self.invite.tooltip = t("table.invite_tip", lang)
        self.allow_takeback.description = t("table.allow_takeback", lang)
        self.allow_takeback.tooltip = t("table.allow_takeback_tip", lang)
        self._tb_lang()
        self._show_links()
        self.show()

    def _tb_lang(self) -> None:
        for kind, b in self.tb_buttons.items():
            b.description = t(f"table.tb_{kind}", self.app.lang)

    def _takeback_part(self) -> widgets.HTML:
        """The take-back text and buttons, built on first use (their text is returned)."""
        if self.takeback_text is not None:
            return self.takeback_text
        self.takeback_text = text = widgets.HTML()
        text.add_class("vl-table-takeback")
        for kind in ("ask", "accept", "refuse", "withdraw"):
            b = widgets.Button(layout=widgets.Layout(width="auto", display="none"))
            b.add_class(f"vl-table-tb-{kind}")
            b.on_click(lambda _b, kind=kind: self.takeback(kind))
            self.tb_buttons[kind] = b
        self._tb_lang()
        box = widgets.VBox(
            [
                text,
                widgets.HBox(
                    list(self.tb_buttons.values()), layout=widgets.Layout(flex_flow="row wrap")
                ),
            ]
        )
        box.add_class("vl-table-takeback-box")
        self.widget.children = (*self.widget.children, box)
        return text

    # ---- inviting ------------------------------------------------------------------------

    def make_table(self) -> None:
        """A table of the current setup (from its start), the seats as the page has them:
        one link per person's seat, a spectator link and the designer's."""
        app, lang = self.app, self.app.lang
        try:
            store = table_store()
            links = store.create(
                app.game.setup,
                list(app.session.controllers),
                lang=lang,
                takeback=self.allow_takeback.value,
            )
        except (VerliesError, ValueError) as e:
            self._made = None
            self.links.value = f'<div class="vl-error">{esc(share.error_text(e, lang))}</div>'
            return
        self._made = (links, list(app.session.controllers))
        self._show_links()

    def _show_links(self) -> None:
        """The links made, in the page's language (again after a switch). Each is written
        as the page's own address plus the table's query: table.js (the page's template)
        fills in the origin and path the browser knows, and copies it on "Copy"."""
        if self._made is None:
            return
        links, controllers = self._made
        lang = self.app.lang
        rows = []
        for i, token in enumerate(links.seats):
            name = f"{t('player', lang, n=i + 1)}"
            if token is None:
                bot = bot_name(controllers[i], lang)
                rows.append(f"<li>{esc(t('table.link_bot', lang, seat=name, bot=bot))}</li>")
            else:
                label = t("table.link_seat", lang, seat=name)
                rows.append(self._link(label, links.query(token), lang))
        rows.append(self._link(t("table.link_spectator", lang), links.query(links.spectator), lang))
        rows.append(self._link(t("table.link_designer", lang), links.query(links.designer), lang))
        self.links.value = (
            f'<div class="vl-note">{esc(t("table.links_intro", lang))}</div>'
            f'<ul class="vl-table-link-list">{"".join(rows)}</ul>'
        )

    @staticmethod
    def _link(label: str, query: str, lang: str) -> str:
        href = "?" + query
        copy = t("table.copy", lang)
        name = t("table.copy_name", lang, link=label)
        done = t("table.copied", lang)
        return (
            f'<li><span class="vl-table-link-label">{esc(label)}:</span> '
            f'<a class="vl-table-link" href="{esc(href)}" target="_blank">{esc(href)}</a> '
            f'<button type="button" class="vl-table-copy jupyter-button" '
            f'aria-label="{esc(name)}" title="{esc(name)}" data-done="{esc(done)}">'
            f"{esc(copy)}</button></li>"
        )

    # ---- a table's page --------------------------------------------------------------------

    def open_query(self, query: str | None) -> bool:
        """Play the table seat of ``?table=…&seat=…`` (False: no table in the query; a
        refused link is said on the page)."""
        values = parse_qs((query or "").lstrip("?"))
        table_id = values.get("table", [""])[0]
        token = values.get("seat", [""])[0]
        if not table_id:
            return False
        from verlies.ui.table.table_model import SeatModel
        from verlies.ui.table.table_session import TableSession

        app = self.app
        try:
            model = SeatModel(table_store(), table_id, token)
        except VerliesError as e:
            self.turn.value = f'<div class="vl-error">{esc(share.error_text(e, app.lang))}</div>'
            return False
        session = TableSession(model, lambda: app.autosave.client)
        # the page hides what would rewind the table (a shared table moves only forward)
        app.adopt(session, source=Source.TABLE)
        self.invite.layout.display = "none"
        self.allow_takeback.layout.display = "none"
        self._start_timer()
        return True

    def _start_timer(self) -> None:
        loop = self._loop
        if loop is None or self._timer is not None:
            return
        from tornado.ioloop import PeriodicCallback

        def start() -> None:
            self._timer = PeriodicCallback(lambda: self._tick({}), poll_ms())
            self._timer.start()

        loop.add_callback(start)  # thread-safe: runs on the kernel's loop
        s = self.session
        watch = s.seat_model.watch if s is not None else None
        if watch is not None:
            # PostgreSQL's NOTIFY wakes the page at once (the listener's thread hands the
            # tick to the kernel's loop); the timer's ticks then cost no query.
            watch.on_change = lambda: loop.add_callback(self._tick, {})

    def _tick(self, _change: dict[str, Any]) -> None:
        s = self.session
        if s is None:
            return
        try:
            changed = s.poll()
        except VerliesError as e:
            self.turn.value = (
                f'<div class="vl-error">{esc(share.error_text(e, self.app.lang))}</div>'
            )
            return
        if changed:
            self.app.moved()
        else:
            self.show()

    def takeback(self, kind: str) -> None:
        """A click on "Take back my last step", "Accept", "Refuse" or "Withdraw"."""
        s = self.session
        if s is None:
            return
        model, lang = s.seat_model, self.app.lang
        epoch = model.table.epoch
        if kind == "ask":
            said = model.ask_takeback(lang)
        elif kind == "withdraw":
            said = model.withdraw_takeback(lang)
        else:
            said = model.answer_takeback(kind == "accept", lang)
        if model.table.epoch != epoch:  # steps were taken back: the position changed
            self.app.moved()
        else:
            self.show()
        if said.error:  # shown until the table changes (the timer's show() keeps it)
            self._tb_error = (self._tb_key(), said.text)
            self.show()

    def _tb_key(self) -> tuple[int, ...]:
        """The table's state as far as a take-back refusal is concerned."""
        s = self.session
        if s is None:
            return ()
        tb = s.seat_model.table
        r = tb.request
        return (tb.step_no, tb.epoch, *((r.no, r.version) if r is not None else ()))

    def show(self) -> None:
        """The turn line: whose turn it is and what everyone waits for; who sits where."""
        s = self.session
        if s is None:
            self.turn.value = ""
            if self.takeback_text is not None:  # a table played before (a new game since)
                self.takeback_text.value = ""
                for b in self.tb_buttons.values():
                    b.layout.display = "none"
            return
        lang = self.app.lang
        model = s.seat_model
        mine = model.my_turn()
        seats = "".join(f"<li>{esc(x)}</li>" for x in model.seats_text(lang))
        self.turn.value = (
            f'<div class="vl-table-now" data-mine="{int(mine)}" '
            f'data-step="{model.table.step_no}">{esc(model.turn_text(lang))}</div>'
            f'<ul class="vl-table-seats">{seats}</ul>'
        )
        said = model.takeback_text(lang)
        note = f'<div class="vl-note">{esc(said)}</div>' if said else ""
        if self._tb_error is not None and self._tb_error[0] == self._tb_key():
            note = f'<div class="vl-error">{esc(self._tb_error[1])}</div>' + note
        else:
            self._tb_error = None
        self._takeback_part().value = note
        can = model.takeback_buttons()
        for kind, b in self.tb_buttons.items():
            b.layout.display = None if kind in can else "none"

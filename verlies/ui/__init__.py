"""The explorer's widgets: the play page (board, controls, chance, players, log).

``play_app()`` is what ``notebooks/play.ipynb`` shows. Import lazily what needs the deck.

The page's logic has no widgets: ``app_model`` (the page's state, its messages and the one
``adopt`` every game arrives by), ``session`` (a game and its seats), ``controller`` and
``page_model`` (clicks to intents, the page model), ``describe`` (what the page says about
a game), ``log_html``, ``editor_model`` and ``editor_html`` (the deck editor). The widget
classes (``app``, ``panels``, ``board_view``, ``controls``, ``editor``) only show those
values and pass clicks on. All of them are typed strictly (``mypy --strict``); the widget
libraries have no types, so their widgets are ``Any`` to mypy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import ipywidgets

    from verlies.ui.page import PlayApp

__all__ = ["PlayApp", "play_app"]


def play_app(**kwargs: Any) -> ipywidgets.VBox:
    """The widget shown by the play page (a new game against a bot, in German)."""
    from verlies.serve.request import follow_query, widget_errors_to_server_log
    from verlies.ui.page import PlayApp

    widget_errors_to_server_log()
    kwargs.setdefault("autosave", True)  # the page saves every step (ui/play/autosave_store.py)
    app = PlayApp(**kwargs)
    # Once the page is asked for: a shared table's seat (?table=...&seat=...), else a
    # link's position (?g=...). One wait: Voila sends a kernel its request once.
    follow_query(lambda q: app.table_bar.open_query(q) or app.model.open_link(q))
    return app.widget


def __getattr__(name: str) -> type[PlayApp]:
    if name == "PlayApp":
        from verlies.ui.page import PlayApp

        return PlayApp
    raise AttributeError(name)

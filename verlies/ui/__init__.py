"""The explorer's page: the play page (board, controls, chance, players, log) and its tabs.

``play_app()`` is what ``notebooks/play.ipynb`` shows. Import lazily what needs the deck.

The page lives in rooms by feature (docs/architecture.md): ``core`` (words, theme,
session, what the page says), ``runs`` (background runs, the one run panel and the one
threading rule), ``board``, ``play`` (the page's state, controller, controls, history,
autosave), ``table`` (shared tables), ``deck`` (the Deck tab) and ``balance`` (the Balance
tab); ``page.py`` wires them into :class:`~verlies.ui.page.PlayApp`. In a room a module
named ``*_view`` holds widgets and only shows its model's values and passes clicks on;
every other module has no widgets. All of them are typed strictly (``mypy --strict``); the
widget libraries have no types, so their widgets are ``Any`` to mypy.
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

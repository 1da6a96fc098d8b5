"""The game on the play page: the page's state (``app_model``), what a click means
(``controller``), the history and its branches, the controls, side panels, the log, the
designer's tools, the variants and the autosave (store, model and bar).
Files ending in ``_view`` hold widgets; the others have none.
"""

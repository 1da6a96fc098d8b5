"""The Balance tab and the balance lab's plots: the draft against the base deck
(``balance_view``), its difference chart (``chart``, SVG text), balance across skill
(``skill_model``/``skill_view``), "Suggest" (``suggest_model``/``suggest_view``) and the
live bqplot plots (``plots_view``). Files ending in ``_view`` hold widgets; the others
have none.
"""

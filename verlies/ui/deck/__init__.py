"""The Deck tab: the editor (``editor_model``, ``editor_html``, ``editor_view`` and its
card list, form and files), named drafts, "which card matters" (impact), "sweep this
number", and printing. Files ending in ``_view`` hold widgets; the others have none.
"""

"""German texts: key -> str.format template (see verlies/i18n/__init__.py).

Sections follow the layers that show the words; keep each key in its section.
"""

TEXTS: dict[str, str] = {
    # --- engine: events, results, status (rules, game) ------------------------------------
    # --- actions: labels of legal actions ---------------------------------------------------
    # --- cards: card words, attributes, colours ---------------------------------------------
    # --- deck: deck and patch files, their messages ------------------------------------------
    # --- render: pictures and print sheets ---------------------------------------------------
    # --- page: the play page (ui) --------------------------------------------------------------
    "round": "Runde {n}",
    # --- editor: the deck editor ---------------------------------------------------------------
    # --- sim: simulations, balance lab, reports -----------------------------------------------
    # --- end -------------------------------------------------------------------------------------
}

"""German texts: key -> str.format template (see verlies/i18n/__init__.py).

Sections follow the layers that show the words; keep each key in its section.
"""

TEXTS: dict[str, str] = {
    # --- engine: events, results, status (rules, game) ------------------------------------
    # --- actions: labels of legal actions ---------------------------------------------------
    # --- cards: card words, attributes, colours ---------------------------------------------
    # --- deck: deck and patch files, their messages ------------------------------------------
    "deck.patch.name": "Name {name!r}",
    "deck.patch.added": "neu {id} x{count}",
    "deck.patch.changed": "geändert {id}",
    "deck.patch.count": "{id} x{count}",
    "deck.patch.removed": "entfernt {id}",
    "deck.patch.none": "keine Änderung",
    "deck.patch.more": "+{n} weitere",
    "deck.err.text": "Kartentext nicht lesbar: {msg}",
    "deck.err.text_at": "Kartentext nicht lesbar (Spalte {column} im Text): {msg}",
    "deck.err.patch_text": "Patch {key}: Kartentext nicht lesbar: {msg}",
    "deck.err.text_type": "der Kartentext muss eine Zeichenkette sein, nicht {type}",
    "deck.err.text_length": "der Kartentext muss 1 bis {max} Zeichen lang sein",
    # --- render: pictures and print sheets ---------------------------------------------------
    # --- page: the play page (ui) --------------------------------------------------------------
    "round": "Runde {n}",
    # --- editor: the deck editor ---------------------------------------------------------------
    # --- sim: simulations, balance lab, reports -----------------------------------------------
    # --- end -------------------------------------------------------------------------------------
}

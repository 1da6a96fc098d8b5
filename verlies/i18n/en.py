"""English texts: key -> str.format template (see verlies/i18n/__init__.py).

Sections follow the layers that show the words; keep each key in its section.
"""

TEXTS: dict[str, str] = {
    # --- engine: events, results, status (rules, game) ------------------------------------
    # --- actions: labels of legal actions ---------------------------------------------------
    # --- cards: card words, attributes, colours ---------------------------------------------
    # --- deck: deck and patch files, their messages ------------------------------------------
    "deck.patch.name": "name {name!r}",
    "deck.patch.added": "added {id} x{count}",
    "deck.patch.changed": "changed {id}",
    "deck.patch.count": "{id} x{count}",
    "deck.patch.removed": "removed {id}",
    "deck.patch.none": "no change",
    "deck.patch.more": "+{n} more",
    "deck.err.text": "card text does not parse: {msg}",
    "deck.err.text_at": "card text does not parse (text column {column}): {msg}",
    "deck.err.patch_text": "patch {key}: card text does not parse: {msg}",
    "deck.err.text_type": "card text must be a string, got {type}",
    "deck.err.text_length": "card text must be 1-{max} characters",
    # --- render: pictures and print sheets ---------------------------------------------------
    # --- page: the play page (ui) --------------------------------------------------------------
    "round": "Round {n}",
    # --- editor: the deck editor ---------------------------------------------------------------
    # --- sim: simulations, balance lab, reports -----------------------------------------------
    # --- end -------------------------------------------------------------------------------------
}

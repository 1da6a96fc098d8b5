"""German texts: key -> str.format template (see verlies/i18n/__init__.py).

Sections follow the layers that show the words; keep each key in its section.
"""

TEXTS: dict[str, str] = {
    # --- engine: events, results, status (rules, game) ------------------------------------
    # --- actions: labels of legal actions ---------------------------------------------------
    # --- cards: card words, attributes, colours ---------------------------------------------
    # --- deck: deck and patch files, their messages ------------------------------------------
    # --- render: pictures and print sheets ---------------------------------------------------
    "render.tile.gold": "Gold {n}",
    "render.tile.collapsed": "eingestürzt",
    "render.text.gold": "Gold: {n}",
    "render.text.obstacle": "Hindernis: {name} {n} ({color} = {attr})",
    "render.or": "oder",
    "render.sheet.page": "Seite {page}/{pages}",
    "render.kind.start": "Start",
    "render.kind.exit": "Ausgang",
    "render.kind.corridor": "Gang",
    "render.kind.room": "Raum",
    "render.shape.dead_end": "Sackgasse",
    "render.shape.straight": "gerade",
    "render.shape.bend": "Kurve",
    "render.shape.T": "Abzweig",
    "render.shape.cross": "Kreuzung",
    "render.deck.dungeon": "Verlieskarte",
    "render.deck.room": "Raumkarte",
    "render.deck.monster": "Monster",
    "render.deck.treasure": "Schatz",
    "render.deck.character": "Abenteurer",
    # --- page: the play page (ui) --------------------------------------------------------------
    "round": "Runde {n}",
    # --- editor: the deck editor ---------------------------------------------------------------
    # --- sim: simulations, balance lab, reports -----------------------------------------------
    # --- end -------------------------------------------------------------------------------------
}

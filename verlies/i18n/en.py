"""English texts: key -> str.format template (see verlies/i18n/__init__.py).

Sections follow the layers that show the words; keep each key in its section.
"""

TEXTS: dict[str, str] = {
    # --- engine: events, results, status (rules, game) ------------------------------------
    # --- actions: labels of legal actions ---------------------------------------------------
    # --- cards: card words, attributes, colours ---------------------------------------------
    # --- deck: deck and patch files, their messages ------------------------------------------
    # --- render: pictures and print sheets ---------------------------------------------------
    "render.tile.gold": "Gold {n}",
    "render.tile.collapsed": "collapsed",
    "render.text.gold": "Gold: {n}",
    "render.text.obstacle": "Obstacle: {name} {n} ({color} = {attr})",
    "render.or": "or",
    "render.sheet.page": "page {page}/{pages}",
    "render.kind.start": "Start",
    "render.kind.exit": "Exit",
    "render.kind.corridor": "Corridor",
    "render.kind.room": "Room",
    "render.shape.dead_end": "dead end",
    "render.shape.straight": "straight",
    "render.shape.bend": "bend",
    "render.shape.T": "T-junction",
    "render.shape.cross": "crossing",
    "render.deck.dungeon": "Dungeon card",
    "render.deck.room": "Room card",
    "render.deck.monster": "Monster",
    "render.deck.treasure": "Treasure",
    "render.deck.character": "Adventurer",
    # --- page: the play page (ui) --------------------------------------------------------------
    "round": "Round {n}",
    # --- editor: the deck editor ---------------------------------------------------------------
    # --- sim: simulations, balance lab, reports -----------------------------------------------
    # --- end -------------------------------------------------------------------------------------
}

"""English texts: key -> str.format template (see verlies/i18n/__init__.py).

Sections follow the layers that show the words; keep each key in its section.
"""

TEXTS: dict[str, str] = {
    # --- engine: events, results, status (rules, game) ------------------------------------
    "engine.player": "player {n}",
    "engine.pile.dungeon": "dungeon",
    "engine.pile.room": "room",
    "engine.pile.monster": "monster",
    "engine.pile.treasure": "treasure",
    "engine.trap": "Trap",
    "engine.verdict.passed": "passed",
    "engine.verdict.failed": "failed",
    "engine.roller.engine": "the engine",
    "engine.status.over": "Game over ({reason})",
    "engine.status.over_winner": "Game over ({reason}): winner {who}",
    "engine.status.to_move": "Round {round}, {who} to move ({pending})",
    "engine.status.chance": "chance",
    # --- actions: labels of legal actions ---------------------------------------------------
    # --- cards: card words, attributes, colours ---------------------------------------------
    # --- deck: deck and patch files, their messages ------------------------------------------
    # --- render: pictures and print sheets ---------------------------------------------------
    # --- page: the play page (ui) --------------------------------------------------------------
    "round": "Round {n}",
    # --- editor: the deck editor ---------------------------------------------------------------
    # --- sim: simulations, balance lab, reports -----------------------------------------------
    # --- end -------------------------------------------------------------------------------------
}

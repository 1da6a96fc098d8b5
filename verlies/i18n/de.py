"""German texts: key -> str.format template (see verlies/i18n/__init__.py).

Sections follow the layers that show the words; keep each key in its section.
"""

TEXTS: dict[str, str] = {
    # --- engine: events, results, status (rules, game) ------------------------------------
    "engine.player": "Spieler {n}",
    "engine.pile.dungeon": "Verlieskarten",
    "engine.pile.room": "Raumkarten",
    "engine.pile.monster": "Monsterkarten",
    "engine.pile.treasure": "Schatzkarten",
    "engine.trap": "Falle",
    "engine.verdict.passed": "geschafft",
    "engine.verdict.failed": "nicht geschafft",
    "engine.roller.engine": "die Engine",
    "engine.status.over": "Spielende ({reason})",
    "engine.status.over_winner": "Spielende ({reason}): Gewinner {who}",
    "engine.status.to_move": "Runde {round}, {who} am Zug ({pending})",
    "engine.status.chance": "Zufall",
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

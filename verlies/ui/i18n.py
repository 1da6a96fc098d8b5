"""The UI's own words in German and English. Game sentences come from the engine's events."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    "title": ("Raus aus dem Verlies!", "Raus aus dem Verlies!"),
    "subtitle": ("Regel-Explorer", "rules explorer"),
    "tab_play": ("Spiel", "Game"),
    "tab_new": ("Neues Spiel", "New game"),
    "tab_rules": ("Regeln", "Rules"),
    "tab_deck": ("Deck & Karten", "Deck & cards"),
    "treasure_face_down": (
        "Ein Schatz wird verdeckt gezogen (R9.3). Im Designer-Modus sind die Karten sichtbar.",
        "A treasure is drawn face down (R9.3). Designer mode shows the cards.",
    ),
    "designer": ("Designer-Modus (alles zeigen)", "Designer mode (show everything)"),
    "lang": ("Sprache", "Language"),
    # setup form
    "players": ("Spieler", "Players"),
    "seat": ("Platz {n}", "Seat {n}"),
    "character": ("Abenteurer", "Adventurer"),
    "controller": ("gespielt von", "played by"),
    "human": ("Mensch", "human"),
    "bot": ("Bot „{name}“", "bot “{name}”"),
    "seed": ("Startwert (Seed)", "Seed"),
    "round_limit": ("Rundenlimit", "Round limit"),
    "start_seat": ("Beginnt", "Starts"),
    "variants": ("Varianten", "Variants"),
    "start": ("Spiel starten", "Start game"),
    "random_seed": ("Zufälliger Seed", "Random seed"),
    "setup_error": ("Spiel nicht möglich: {msg}", "Cannot set up: {msg}"),
    # status
    "round": ("Runde {n}", "Round {n}"),
    "to_move": ("{who} ist am Zug", "{who} to move"),
    "player": ("Spieler {n}", "Player {n}"),
    "chance_to_move": ("Zufall: {what}", "Chance: {what}"),
    "game_over": ("Spielende", "Game over"),
    "reason_escaped": ("der Vorletzte ist entkommen", "the second-to-last figure escaped"),
    "reason_solo": ("die Figur ist entkommen", "the figure escaped"),
    "reason_no_exit": ("kein Ausgang mehr im Stapel", "no exit left in the deck"),
    "reason_no_passage": ("kein offener Gang mehr", "no open passage left"),
    "reason_timeout": ("Rundenlimit erreicht", "round limit reached"),
    "winners": ("Gewinner: {who}", "Winner: {who}"),
    "no_winner": ("kein Gewinner", "no winner"),
    "step_of": ("Schritt {i} von {n}", "step {i} of {n}"),
    # hints
    "hint_place": (
        "Lege die gezogene Karte: klicke ein markiertes Feld, klicke es erneut zum Drehen, "
        "dann „Hier legen“.",
        "Lay the drawn card: click a marked cell, click it again to turn the card, then "
        "“Lay it here”.",
    ),
    "hint_turn": (
        "Ziehe eine Verlieskarte oder klicke ein gelb markiertes Feld, um dorthin zu gehen.",
        "Draw a dungeon card, or click a yellow cell to walk there.",
    ),
    "hint_decide": ("Entscheide mit den Knöpfen.", "Decide with the buttons."),
    "hint_chance": (
        "Würfle (bzw. ziehe) – oder wähle ein Ergebnis zum Ausprobieren.",
        "Roll (or draw) – or pick an outcome to explore “what if”.",
    ),
    "hint_bot": (
        "Ein Bot ist am Zug: „Schritt“, „Zug“ oder „Automatisch“ spielen ihn.",
        "A bot is to move: “Step”, “Turn” or “Autoplay” play it.",
    ),
    "hint_over": ("Das Spiel ist vorbei.", "The game is over."),
    "not_your_seat": ("{who} wird von einem Bot gespielt.", "{who} is played by a bot."),
    "walk_via": ("über", "via"),
    "no_click": ("Hier gibt es nichts zu tun.", "Nothing to do here."),
    "lay_here": ("Hier legen", "Lay it here"),
    "rotate": ("Drehen", "Turn"),
    "rotation": ("Drehung {i}/{n}", "rotation {i}/{n}"),
    "drawn_card": ("Gezogene Karte", "Drawn card"),
    "pass_chance": ("Chance, das Hindernis zu überwinden: {p}", "Chance to pass the obstacle: {p}"),
    "obstacle_on": (
        "{obstacle} {n} ({attr}) – {value} + W6 ≥ {n}",
        "{obstacle} {n} ({attr}) – {value} + W6 ≥ {n}",
    ),
    "reach_chance": ("Chance ohne Rückschlag: {p}", "Chance without a setback: {p}"),
    "fight_chance": ("Gewinnchance: {p}", "Chance to win: {p}"),
    "trap_chance": ("Chance, die Falle zu bestehen: {p}", "Chance to beat the trap: {p}"),
    # actions / chance
    "actions": ("Mögliche Aktionen", "Legal actions"),
    "bot_options": (
        "{who} wählt eine davon (nur zum Ansehen):",
        "{who} picks one of these (read-only):",
    ),
    "chance": ("Zufall", "Chance"),
    "roll": ("Würfeln", "Roll"),
    "draw_card": ("Karte ziehen", "Draw the card"),
    "what_if": ("Was wäre wenn: Ergebnis wählen …", "What if: pick the outcome …"),
    "what_if_tip": (
        "Ein Ergebnis aus der Liste nehmen statt zu würfeln (bzw. zu ziehen).",
        "Take an outcome from the list instead of rolling (or drawing).",
    ),
    "take_outcome": ("dieses Ergebnis nehmen", "take this outcome"),
    "outcomes": ("{n} mögliche Ergebnisse", "{n} possible outcomes"),
    "chance_die": ("Würfelwurf (W6)", "Die roll (W6)"),
    "chance_oroll": ("Hindernisprobe", "Obstacle test"),
    "chance_froll": ("Kampf: Wurf des Abenteurers", "Fight: the adventurer's roll"),
    "chance_mroll": ("Kampf: Wurf des Monsters", "Fight: the monster's roll"),
    "chance_troll": ("Fallenprobe", "Trap test"),
    "chance_gold": ("Gold auswürfeln", "Roll for gold"),
    "chance_draw": ("Verlieskarte ziehen", "Draw a dungeon card"),
    "chance_room": ("Raumkarte ziehen", "Draw a room card"),
    "chance_monster": ("Monsterkarte ziehen", "Draw a monster card"),
    "chance_treasure": ("Schatzkarte ziehen (verdeckt)", "Draw a treasure card (face down)"),
    "no_chance": ("Kein Zufall offen.", "No chance point pending."),
    # controls
    "step": ("Schritt", "Step"),
    "step_turn": ("Zug", "Turn"),
    "step_round": ("Runde", "Round"),
    "step_end": ("bis Ende", "to the end"),
    "step_tip": (
        "Bots und Zufall weiterspielen; ein menschlicher Platz hält an.",
        "Play bots and chance on; a human seat stops it.",
    ),
    "autoplay": ("Automatisch", "Autoplay"),
    "speed": ("ms/Schritt", "ms/step"),
    "auto_bots": ("Bots ziehen sofort", "Bots move at once"),
    "auto_roll": ("automatisch würfeln", "roll automatically"),
    "undo": ("Zurück", "Undo"),
    "redo": ("Vor", "Redo"),
    "undo_turn": ("Zug zurück", "Undo turn"),
    "history": ("Zeitreise", "Time travel"),
    "save": ("Speichern", "Save"),
    "load": ("Laden", "Load"),
    "download": ("Spielstand herunterladen ({name})", "Download the game ({name})"),
    "loaded": ("Geladen: {name}", "Loaded: {name}"),
    "load_error": ("Laden fehlgeschlagen: {msg}", "Could not load: {msg}"),
    "too_large": (
        "Datei zu groß ({n} Bytes, höchstens {max})",
        "File too large ({n} bytes, max {max})",
    ),
    "stopped_human": ("Angehalten: {who} entscheidet selbst.", "Stopped: {who} decides."),
    "stopped_over": ("Angehalten: Spielende.", "Stopped: game over."),
    "stepped": ("{n} Schritte gespielt.", "{n} steps played."),
    "stopped_limit": ("Angehalten nach {n} Schritten.", "Stopped after {n} steps."),
    "fit": ("Einpassen", "Fit"),
    "zoom_in": ("Vergrößern", "Zoom in"),
    "zoom_out": ("Verkleinern", "Zoom out"),
    "pan": ("Verschieben", "Pan"),
    # players / log
    "players_title": ("Spieler", "Players"),
    "gold": ("Gold", "Gold"),
    "coins": ("Münzen", "coins"),
    "coins_n": ("{n} Münzen", "{n} coins"),
    "coins_1": ("1 Münze", "1 coin"),
    "treasure_gold": (
        "+ Schätze im Wert von {n} Gold = {total} Gold",
        "+ treasures worth {n} Gold = {total} Gold",
    ),
    "treasure_gold_hidden": (
        "+ Schätze (Wert verdeckt)",
        "+ treasures (value hidden)",
    ),
    "treasures": ("Schätze", "Treasures"),
    "hidden_treasures": ("{n} verdeckt", "{n} face down"),
    "none": ("keine", "none"),
    "injured": ("verletzt", "injured"),
    "escaped": ("entkommen", "escaped"),
    "left_behind": ("zurückgelassen", "left behind"),
    "winner": ("Gewinner", "winner"),
    "used": ("benutzt", "used"),
    "magic": ("M", "M"),
    "log": ("Ereignisse (neueste oben)", "Events (newest first)"),
    "log_all": ("ganzes Protokoll", "whole log"),
    "log_more": ("… {n} ältere Ereignisse", "… {n} older events"),
    "rule_missing": ("(Regeltext nicht verfügbar)", "(rule text not available)"),
    "rules_intro": (
        "Die Regeln mit ihren IDs (englischer Text). Im Protokoll öffnet ein Klick auf eine "
        "Zeile die Regel dazu.",
        "The rules with their IDs. In the event log, clicking a line opens its rule.",
    ),
    "deck_sizes": (
        "Stapel: {dungeon} Verlies · {rooms} Raum · {monsters} Monster · {treasures} Schatz",
        "Decks: {dungeon} dungeon · {rooms} room · {monsters} monster · {treasures} treasure",
    ),
    "exits_left": ("Ausgänge im Stapel: {n}", "exits in the deck: {n}"),
    "value_short": ("St {s} · Ge {g} · Gs {d}", "Str {s} · Mind {g} · Dex {d}"),
    "attr_staerke": ("Stärke", "Strength"),
    "attr_geist": ("Geist", "Mind"),
    "attr_geschick": ("Geschick", "Dexterity"),
}


def t(key: str, lang: str, **kw: object) -> str:
    """The UI string ``key`` in ``lang`` ("de" or "en"), formatted with ``kw``."""
    de, en = STRINGS[key]
    text = en if lang == "en" else de
    return text.format(**kw) if kw else text


def pct(p: object) -> str:
    """A probability as a percentage with at most one decimal: 0.5 -> '50 %'."""
    value = float(p) * 100  # type: ignore[arg-type]
    if abs(value - round(value)) < 0.05:
        return f"{round(value)} %"
    return f"{value:.1f} %"

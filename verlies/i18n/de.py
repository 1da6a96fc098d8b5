"""German texts: key -> str.format template (see verlies/i18n/__init__.py).

Sections follow the layers that show the words; keep each key in its section.
"""

# long because: every word of the package in one table per language, so that both
# languages' keys are compared in one place (tests/i18n/test_i18n.py) and a word has one home.
TEXTS: dict[str, str] = {
    # --- engine: events, results, status (rules, game) ------------------------------------
    "engine.status.over": "Spielende ({reason})",
    "engine.status.over_winner": "Spielende ({reason}): Gewinner {who}",
    "engine.status.to_move": "Runde {round}, {who} am Zug ({pending})",
    "engine.status.player": "Spieler {n}",
    "engine.status.chance": "Zufall",
    "engine.where.card": "Karte",
    "engine.where.line": "Zeile",
    "engine.where.column": "Spalte",
    "engine.where.field": "Feld",
    "engine.variant.opened_stays_open": (
        "R4.4: ein Hindernis der Klasse B bleibt offen, sobald es überwunden ist."
    ),
    "engine.variant.limited_bank": "R10: nur 48 Goldmünzen gibt es; die Bank zahlt, was sie hat.",
    "engine.variant.injuries_stack": (
        "Hausregel: jede Verletzung kostet einen Zug (R8.3 sagt: nein)."
    ),
    "engine.variant.long_walk": "Hausregel: bis zu drei Karten weit gehen (R3.5 sagt: zwei).",
    "engine.html.seat": "Platz",
    "engine.html.character": "Figur",
    "engine.html.coins": "Münzen",
    "engine.html.treasures": "Schätze",
    "engine.html.state": "Zustand",
    "engine.html.escaped": "entkommen",
    "engine.html.at": "auf ({x}, {y})",
    "engine.html.injured": "{state}, verletzt",
    "event.setup": (
        "Spielaufbau: {players} Spieler, Verlieskarten {colors}, Ausgänge im Stapel: {exits}."
    ),
    "event.turn": "Spieler {p} ({char}) ist am Zug.",
    "event.draw": "Spieler {p} zieht {card}.",
    "event.place": "Spieler {p} legt {card} an ({x}, {y}).",
    "event.shuffle_back": "Spieler {p} mischt den Ausgang zurück; der Zug ist zu Ende.",
    "event.must_enter": "Spieler {p} muss die neue Karte betreten.",
    "event.walk": "Spieler {p} geht los: {path}.",
    "event.enter": "Spieler {p} betritt ({x}, {y}).",
    "event.gold": "Spieler {p} nimmt {n} Gold.",
    "event.bank_short": "Die Bank hat nur noch {n} Gold.",
    "event.test": (
        "Spieler {p}: {what} {target} – {attr} {value} + Wurf {roll}{bonus} = {total}: {verdict}."
    ),
    "event.declined": "Spieler {p} versucht das Hindernis nicht.",
    "event.obstacle_a": (
        "Unter der Zahl: Verletzung und Verlust, aber das Hindernis ist überwunden."
    ),
    "event.obstacle_b": (
        "Unter der Zahl: das Hindernis ist nicht überwunden, die Figur bleibt stehen."
    ),
    "event.obstacle_c": "Unter der Zahl: Verletzung, aber das Hindernis ist überwunden.",
    "event.not_entered": "Spieler {p} betritt die Karte dahinter nicht; der Weg endet.",
    "event.stays_open": "Das Hindernis bleibt offen (Variante).",
    "event.injured": "Spieler {p} ist verletzt.",
    "event.movement_ends": "Die Verletzung beendet die Bewegung.",
    "event.room_empty": "Der Raum ist leer.",
    "event.room_card": "Raumkarte {card}: {text}",
    "event.no_card": "Der Stapel {pile} ist leer.",
    "event.refill": "Der Stapel {pile} wird aus dem Ablagestapel neu gemischt.",
    "event.monster": "Monster {card}: {text}",
    "event.fight": (
        "Kampf mit {attr}: Spieler {p} {value} + {roll}{bonus} = {total}, Monster "
        "{mvalue} + {mroll} = {mtotal} (gewürfelt von {roller})."
    ),
    "event.fight_with": "Spieler {p} kämpft mit {attr} gegen den Monsterwert {mvalue}.",
    "event.fight_won": "Spieler {p} besiegt das Monster und nimmt seinen Besitz.",
    "event.fight_lost": "Spieler {p} verliert den Kampf.",
    "event.treasure": "Spieler {p} zieht verdeckt einen Schatz: {card}.",
    "event.treasure_hidden": "Spieler {p} zieht verdeckt einen Schatz.",
    "event.lose_gold": "Spieler {p} verliert {n} Gold.",
    "event.lose_treasure": (
        "Spieler {p} gibt den Schatz {card} ab; er kommt unter den Schatzstapel."
    ),
    "event.lose_treasure_hidden": (
        "Spieler {p} gibt einen Schatz ab; er kommt verdeckt unter den Schatzstapel."
    ),
    "event.trap": "Falle!",
    "event.back": "Spieler {p} muss zurück nach ({x}, {y}).",
    "event.recover": "Spieler {p} erholt sich den ganzen Zug und steht wieder auf.",
    "event.heal": "Spieler {p} heilt sich mit {card} und spielt den Zug.",
    "event.magic": "Spieler {p} benutzt {card}: +{n}.",
    "event.wait": "Spieler {p} kann nichts tun und wartet.",
    "event.escape": (
        "Spieler {p} entkommt durch den Ausgang mit {coins} Gold und {treasures} Schätzen!"
    ),
    "event.no_stack": "Schon verletzt: Verletzungen zählen nicht doppelt.",
    "event.final_gold": "Spieler {p}: {coins} Goldmünzen, mit Schätzen {gold} Gold.",
    "event.collapse": "Der Gang hinter dem Ausgang stürzt ein.",
    "event.end_escaped": "Der Vorletzte ist entkommen: das Spiel endet.",
    "event.end_solo": "Die Figur ist entkommen: das Spiel endet.",
    "event.end_no_exit": "Kein Ausgang mehr im Verliesstapel: niemand kann mehr entkommen.",
    "event.end_no_passage": "Kein offener Gang mehr im Verlies: niemand kann mehr entkommen.",
    "event.end_timeout": "Rundenlimit {limit} erreicht (Zeitüberschreitung).",
    "event.left_behind": "Spieler {p} bleibt im Verlies und wird von Goblins gebissen.",
    "event.still_inside": "Spieler {p} ist noch im Verlies (Zeitüberschreitung, kein Ergebnis).",
    "event.winner": "Gewinner: {who} mit {gold} Gold.",
    "event.no_winner": "Niemand ist entkommen: kein Gewinner.",
    "event.edit": "Deck geändert: {what}",
    # event values: the engine's raw values in words
    "event.line": "{rule}: {text}",
    "event.player": "Spieler {p}",
    "event.list_sep": ", ",
    "event.color_sep": "/",
    "event.bonus": " + {n}",
    "event.roller.engine": "der Engine",  # "gewürfelt von der Engine" (Dativ)
    "event.test.trap": "Falle",
    "event.verdict.passed": "geschafft",
    "event.verdict.failed": "nicht geschafft",
    "event.pile.dungeon": "Verlieskarten",
    "event.pile.room": "Raumkarten",
    "event.pile.monster": "Monsterkarten",
    "event.pile.treasure": "Schatzkarten",
    # board: cells, walks and passage sides (in events and action labels); the German
    # labels have always said E for east (Ost), kept so logs stay the same
    "board.cell": "({x}, {y})",
    "board.path_sep": " → ",
    "board.sides_sep": "+",
    "board.side.n": "N",
    "board.side.e": "O",  # Osten
    "board.side.s": "S",
    "board.side.w": "W",
    # --- actions: labels of legal actions ---------------------------------------------------
    "action.draw": "Verlieskarte ziehen",
    "action.place": "Karte an ({x}, {y}) legen, Gänge {sides}",
    "action.shuffle_back": "Ausgang zurückmischen (noch nicht genug Gold)",
    "action.walk": "gehe nach {path}",
    "action.wait": "warten (kein Zug möglich)",
    "action.recover": "von der Verletzung erholen",
    "action.use_heal": "Schatz {treasure} zum Heilen benutzen",
    "action.attempt": "Hindernis überwinden",
    "action.attempt.with": "Hindernis überwinden mit {treasure}",
    "action.decline": "nicht versuchen (stehen bleiben)",
    "action.choose": "mit {attr}",
    "action.choose.with": "mit {attr} mit {treasure}",
    "action.lose_gold": "Gold abgeben",
    "action.lose_treasure": "Schatz {treasure} abgeben",
    "action.edit": "Deck ändern ({what})",
    # chance outcomes
    "action.roll": "Wurf {value}",
    "action.card": "ziehe {card}",
    # --- cards: card words, attributes, colours ---------------------------------------------
    # display names; the card language's own keywords live in its grammar (cards/text.py)
    "card.attr.staerke": "Stärke",
    "card.attr.geist": "Geist",
    "card.attr.geschick": "Geschick",
    "card.color.red": "rot",
    "card.color.blue": "blau",
    "card.color.green": "grün",
    "card.obstacle.abgrund": "Abgrund",
    "card.obstacle.saeuresee": "Säuresee",
    "card.obstacle.lava": "Lava",
    "card.obstacle.magie_sperre": "Magie-Sperre",
    "card.obstacle.einsturz": "Einsturz",
    "card.obstacle.tuer": "Tür",
    "card.obstacle.holzbruecke": "Holzbrücke",
    # card-text errors (verlies.cards.grammar, text): the message, then what was expected
    # ({expected} is a whole clause in German); keywords stay in the card's own language
    "card.err.not_str": "der Kartentext muss eine Zeichenkette sein, nicht {type}",
    "card.err.too_long": "der Kartentext ist zu lang (höchstens {max} Zeichen)",
    "card.err.empty": "der Kartentext ist leer — {expected}",
    "card.err.end": "unerwartetes Ende des Textes — {expected}",
    "card.err.unknown_word": "unbekanntes Wort '{word}' — {expected}",
    "card.err.bad_char": "unerwartetes Zeichen {char} — {expected}",
    "card.err.wrong_token": "{expected}, nicht '{found}'",
    "card.err.unreadable": "der Kartentext konnte nicht gelesen werden",
    "card.err.too_large": "Zahl zu groß (höchstens {max})",
    "card.err.bad_dice": "ungültiger Würfelausdruck '{dice}': {expected}",
    "card.err.gold_negative": (
        "Gold kann unter 0 fallen: '{dice}' ergibt beim niedrigsten Wurf {min}"
    ),
    "card.err.gold_zero": "kein Gold: '{dice}' ergibt immer 0",
    "card.err.zero_treasures": "null Schätze: es muss mindestens ein Schatz sein",
    "card.err.zero_loss": "kein Goldverlust: der Verlust muss mindestens 1 Gold betragen",
    "card.err.target_low": "Fallenwert {n} kann nie verfehlt werden (mindestens {min})",
    "card.err.target_high": "Fallenwert {n} ist unerreichbar (höchstens {max})",
    "card.err.duplicate_attr": "Eigenschaft '{attr}' doppelt in einer Auswahl",
    "card.err.duplicate_penalty": "Strafe '{penalty}' doppelt genannt",
    "card.err.duplicate_loot": "doppelter Besitz: {what} zweimal genannt",
    "card.err.zero_bonus": "kein Bonus: ein magischer Wurfbonus muss mindestens +1 sein",
    "card.err.spent_without_magic": (
        "'{word}' braucht eine magische Wirkung: nur magische Schätze werden verbraucht"
    ),
    "card.err.unknown_kind": (
        "unbekannte Kartenart '{kind}' — erwartet wird eines von: room, monster, treasure"
    ),
    "card.expect.plain": "erwartet wird {what}",
    "card.expect.plain_one_of": "erwartet wird eines von: {choices}",
    "card.expect.one_of": "eines von: {choices}",
    "card.expect.after": "nach '{after}' wird {what} erwartet",
    "card.expect.after_one_of": "nach '{after}' wird eines der folgenden erwartet: {choices}",
    "card.expect.nothing": "nichts mehr",
    "card.expect.sep": ", ",
    "card.expect.int": "eine Zahl",
    "card.expect.die": "ein Würfel wie W6",
    "card.expect.end": "das Textende",
    "card.loot.gold": "Gold",
    "card.loot.treasure": "Schätze",
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
    "deck.err.more_one": "(und 1 weiteres Problem)",
    "deck.err.more": "(und {n} weitere Probleme)",
    "deck.err.with_more": "{msg} {more}",
    "deck.err.patch": "Patch: {msg}",
    "deck.err.patch_entry": "Patch {key}: {msg}",
    "deck.err.patch_text": "Patch {key}: Kartentext nicht lesbar: {msg}",
    "deck.err.text_type": "der Kartentext muss eine Zeichenkette sein, nicht {type}",
    "deck.err.text_length": "der Kartentext muss 1 bis {max} Zeichen lang sein",
    "deck.err.scan.key_parts": (
        "Schlüssel oder Tabellenname aus zu vielen Teilen (mit Punkten): höchstens {max}"
    ),
    "deck.err.scan.depth": (
        "Werte zu tief verschachtelt: höchstens {max} Arrays oder Inline-Tabellen ineinander"
    ),
    "deck.err.scan.tables": "zu viele Tabellen: eine Deckdatei darf höchstens {max} haben",
    "deck.err.scan.values": (
        "zu viele Werte: eine Deckdatei darf höchstens {max} Schlüssel und Array-Einträge haben"
    ),
    "deck.err.scan.items": "Array zu lang: höchstens {max} Einträge",
    "deck.err.scan.string": (
        "Zeichenkette oder Schlüssel zu lang: {length} Zeichen; höchstens {max}"
    ),
    "deck.err.read.nul_name": "Deckdatei nicht lesbar: ihr Name enthält ein NUL-Zeichen",
    "deck.err.read.special": "Deckdatei nicht lesbar: sie ist {what}, keine gewöhnliche Datei",
    "deck.file.fifo": "eine FIFO (benannte Pipe)",
    "deck.file.device": "ein Gerät",
    "deck.file.socket": "ein Socket",
    "deck.file.special": "eine Spezialdatei",
    "deck.err.base_nul": "base {base!r}: ein Dateiname kann kein NUL-Zeichen enthalten",
    "deck.err.text_total": (
        "zu viel Kartentext: eine Deckdatei darf insgesamt höchstens {max} Zeichen Kartentext haben"
    ),
    "deck.err.patch_changes": "Patch: zu viele Änderungen (höchstens {max})",
    "deck.err.patch_text_total": "Patch: zu viel Kartentext: insgesamt höchstens {max} Zeichen",
    "deck.err.text_budget": "zu viel Kartentext zu übersetzen: insgesamt höchstens {max} Zeichen",
    "deck.msg.value": "Wert",
    "deck.msg.missing": "Feld {name!r} fehlt{extra}",
    "deck.msg.missing_needs": " (hier nötig: {fields})",
    "deck.msg.unknown_field": "unbekanntes Feld {key!r}; erlaubte Felder hier: {allowed}",
    "deck.msg.unknown_value": "unbekannter Wert {value} für {name!r}; erlaubt: {allowed}",
    "deck.msg.or": "' oder '",
    "deck.msg.bad_id": (
        "ungültige Id {value}: eine Id hat 1-64 ASCII-Buchstaben, Ziffern, '-', '_' oder '.' und "
        "beginnt mit einem Buchstaben oder einer Ziffer"
    ),
    "deck.msg.wrong_type": "falscher Typ für {name!r}: erwartet {expected}, nicht {got} {value}",
    "deck.msg.at_least": "{name} muss mindestens {ge} sein, nicht {value}",
    "deck.msg.at_most": "{name} darf höchstens {le} sein, nicht {value}",
    "deck.msg.empty": "{name} darf nicht leer sein",
    "deck.msg.too_long": "{name} ist zu lang: höchstens {max} Zeichen",
    "deck.msg.other": "{msg} ({name} = {value})",
    "deck.msg.count_zero": (
        "count muss mindestens 1 sein (count = 0 entfernt eine Karte nur in Patch-Dateien; sonst "
        "den Eintrag löschen)"
    ),
    "deck.msg.corridor_only": "nur Gänge tragen {what} (R3.6, R4); diese Karte hat kind '{kind}'",
    "deck.msg.remove_without_base": (
        'remove ist nur in einer Patch-Datei erlaubt (einer mit base = "default")'
    ),
    "deck.type.bool": "ein Wahrheitswert",
    "deck.type.int": "eine ganze Zahl",
    "deck.type.float": "eine Kommazahl",
    "deck.type.string": "eine Zeichenkette",
    "deck.type.array": "ein Array",
    "deck.type.table": "eine Tabelle",
    "deck.type.listed": "einer der genannten Werte",
    # deck-level checks (R2 and friends): errors and warnings, put into words when shown
    "deck.list.sep": ", ",
    "deck.list.last": " und ",
    "deck.kind.card": "Karte",
    "deck.kind.character": "Figur",
    "deck.kind.dungeon": "Verlieskarte",
    "deck.kind.room": "Raumkarte",
    "deck.kind.monster": "Monsterkarte",
    "deck.kind.treasure": "Schatzkarte",
    "deck.pile.character": "Figuren",
    "deck.pile.dungeon": "Verlieskarten",
    "deck.pile.room": "Raumkarten",
    "deck.pile.monster": "Monsterkarten",
    "deck.pile.treasure": "Schatzkarten",
    "deck.warn.card": "Karte {card}: {msg}",
    "deck.warn.file": "{file}: {msg}",
    "deck.warn.file_card": "{file}, Zeile {line}, Karte {card}: {msg}",
    "deck.check.duplicate_id": (
        "doppelte Id {id!r}: auch eine {kind}; eine Id darf im ganzen Deck nur einmal vorkommen"
    ),
    "deck.check.no_start": (
        'keine Startkarte: das Deck braucht genau eine Verlieskarte mit kind = "start" ({rule})'
    ),
    "deck.check.second_start": (
        "eine zweite Startkarte; {start!r} ist schon die Startkarte ({rule}: genau eine Startkarte)"
    ),
    "deck.check.start_count": "die Startkarte muss genau einmal vorkommen, nicht {count} ({rule})",
    "deck.check.start_not_red": "{rule}: die Startkarte ist das rote Alpha; diese ist nicht rot",
    "deck.check.no_exit_one": (
        "{lacking} hat keinen Ausgang: {game} spielt mit den Karten {colors} ({rule}) und "
        "braucht dort {need} ({rule2}: einen weniger als Spieler), es sind aber {have}; so ein "
        "Spiel könnte nie enden"
    ),
    "deck.check.no_exit_many": (
        "{lacking} haben keinen Ausgang: {game} spielt mit den Karten {colors} ({rule}) und "
        "braucht dort {need} ({rule2}: einen weniger als Spieler), es sind aber {have}; so ein "
        "Spiel könnte nie enden"
    ),
    "deck.check.exits_one": "{n} Ausgang",
    "deck.check.exits": "{n} Ausgänge",
    "deck.check.game_small": "ein Spiel zu eins oder zu zweit",
    "deck.check.game": "ein Spiel mit {n} Spielern",
    "deck.check.too_many_exits": (
        "{rule}: {game} (Karten {colors}) hätte {have} Ausgänge; die Regeln sagen: weniger "
        "Ausgänge als Spieler ({need})"
    ),
    "deck.check.characters": (
        "nur {n} Figur(en); das Deck braucht mindestens {min}, damit 4 Spieler verschiedene "
        "wählen können ({rule})"
    ),
    "deck.check.no_rooms": (
        "das Verlies hat Raumfelder, aber das Deck hat keine Raumkarten zum Ziehen ({rule})"
    ),
    "deck.check.no_monsters": (
        "Raumkarten verlangen Monsterbegegnungen, aber das Deck hat keine Monsterkarten ({rule})"
    ),
    "deck.check.no_treasures": (
        "Karten geben Schätze, aber das Deck hat keine Schatzkarten ({rule})"
    ),
    "deck.check.obstacle_unpassable": (
        "Hindernis {obstacle} {n} ist nie zu überwinden: der beste Wert {attr} ist {best}, "
        "W6 + {best} erreicht höchstens {reach} ({rule})"
    ),
    "deck.check.trap_unpassable": (
        "Falle {n} ist nie zu überwinden: W6 plus der beste Wert erreicht höchstens {reach}"
    ),
    "deck.check.monster_unbeatable": (
        "Monster ist nie zu besiegen: selbst W6 = 6 mit dem besten Wert verliert ({rule})"
    ),
    "deck.check.pile": "insgesamt {n} {pile}; ein Deck darf höchstens {max} haben",
    "deck.check.r10": "{rule}: das Spiel hat {expected} {pile}; dieses Deck hat {total}",
    # changes to a base deck (patch files, live edits)
    "deck.ops.no_remove": (
        "{id!r} kann nicht entfernt werden: das Grunddeck hat keine solche {kind}"
    ),
    "deck.ops.id_taken": (
        "Id {id!r} ist im Grunddeck schon eine {kind}; eine Id darf im ganzen Deck nur einmal "
        "vorkommen"
    ),
    "deck.ops.zero_missing": (
        "count = 0 entfernt eine Karte, aber das Grunddeck hat keine {kind} {id!r}"
    ),
    "deck.ops.no_count": (
        "die Anzahl von {id!r} kann nicht geändert werden: das Grunddeck hat keine solche "
        "{kind}; eine neue Karte braucht alle ihre Felder"
    ),
    "deck.ops.no_count_is": (
        "die Anzahl von {id!r} kann nicht geändert werden: das Grunddeck hat keine solche "
        "{kind} (es ist eine {other}); eine neue Karte braucht alle ihre Felder"
    ),
    "deck.ops.character_count": "Figuren haben keine Anzahl",
    # reading and writing deck files, the Deck API's refusals
    "deck.err.too_large": (
        "Datei zu groß: {size} Bytes; eine Deckdatei darf höchstens {max} Bytes haben"
    ),
    "deck.err.text_too_large": "Decktext zu groß: eine Deckdatei darf höchstens {max} Bytes haben",
    "deck.err.not_utf8": (
        "keine UTF-8-Textdatei: Byte 0x{byte:02x} ist nicht lesbar (Deckdateien sind UTF-8-TOML)"
    ),
    "deck.err.surrogate": "kein gültiger Unicode-Text: ein einzelnes Surrogat-Zeichen",
    "deck.err.read": "Deckdatei nicht lesbar: {reason}",
    "deck.err.read.directory": "Deckdatei nicht lesbar: sie ist ein Verzeichnis",
    "deck.err.write": "Deckdatei nicht schreibbar: {reason}",
    "deck.err.toml": "TOML-Syntaxfehler: {msg}",
    "deck.err.toml_end": "TOML-Syntaxfehler: {msg} (am Ende der Datei)",
    "deck.err.toml_deep": "TOML zu tief verschachtelt",
    # --- deck: tomllib's syntax errors in words (verlies/deck/locate.py toml_reason) ----
    "deck.toml.overwrite": "ein Wert kann nicht überschrieben werden",
    "deck.toml.escape_scalar": "das maskierte Zeichen ist kein Unicode-Skalarwert",
    "deck.toml.expect_equals": "nach einem Schlüssel fehlt das „=“",
    "deck.toml.expect_table_end": "am Ende einer Tabellenüberschrift fehlt „]“",
    "deck.toml.expect_array_end": "am Ende einer Überschrift einer Tabellenliste fehlt „]]“",
    "deck.toml.expect_newline": "nach einer Anweisung fehlt ein Zeilenumbruch oder das Dateiende",
    "deck.toml.invalid_date": "ungültiges Datum oder ungültige Uhrzeit",
    "deck.toml.invalid_hex": "ungültiger Hexadezimalwert",
    "deck.toml.invalid_key_start": "ungültiges erstes Zeichen eines Schlüssels",
    "deck.toml.invalid_statement": "ungültige Anweisung",
    "deck.toml.invalid_value": "ungültiger Wert",
    "deck.toml.unclosed_array": "nicht geschlossene Liste",
    "deck.toml.unclosed_inline": "nicht geschlossene Inline-Tabelle",
    "deck.toml.unescaped_backslash": "nicht maskierter „\\“ in einer Zeichenkette",
    "deck.toml.unterminated_string": "nicht beendete Zeichenkette",
    "deck.toml.declared_twice": "{key} ist zweimal deklariert",
    "deck.toml.immutable": "der unveränderliche Namensraum {key} kann nicht geändert werden",
    "deck.toml.redefine": "der Namensraum {key} kann nicht neu definiert werden",
    "deck.toml.duplicate_inline": "doppelter Schlüssel {key} in einer Inline-Tabelle",
    "deck.toml.expected": "erwartet: {what}",
    "deck.toml.invalid_char": "ungültiges Zeichen {char}",
    "deck.toml.illegal_char": "unzulässiges Zeichen {char}",
    # --- end of tomllib's syntax errors --------------------------------------------------
    "deck.err.duplicate_entry": (
        "doppelte Id {id!r}: schon vergeben an die {kind} in Zeile {at}; eine Id darf im ganzen "
        "Deck nur einmal vorkommen"
    ),
    "deck.err.removed_and_given": "{id!r} wird entfernt und zugleich als Eintrag angegeben",
    "deck.err.removed_twice": "{id!r} steht zweimal in remove",
    "deck.err.base_text": (
        'base {base!r}: ein als Text gegebenes Deck kann nur auf base = "default" aufbauen '
        "(Dateien als Grundlage gehen mit Deck.load)"
    ),
    "deck.err.base_cycle": "Grunddecks bilden einen Kreis: {names}",
    "deck.err.base_depth": "zu viele ineinander geschachtelte Grunddecks (höchstens {max})",
    "deck.err.base": "Grunddeck {base!r}: {msg}",
    "deck.err.not_text": "TOML-Text erwartet, nicht {type}",
    "deck.err.name": "ein Deckname hat 1 bis {max} Zeichen",
    "deck.err.duplicate_card": "doppelte Id {id!r}",
    "deck.err.players": "{rule}: die Regeln kennen 1 bis 4 Spieler, nicht {players!r}",
    "deck.err.no_card": "keine {kind} {id!r} in diesem Deck",
    "deck.err.count": "die Anzahl muss eine ganze Zahl von {min} bis {max} sein, nicht {count!r}",
    "deck.err.not_patch": "DeckPatch erwartet, nicht {type}",
    "deck.err.base_ref": 'base_ref "default" meint das Standarddeck, base ist aber ein anderes',
    "deck.err.kind": "unbekannte Kartenart {kind!r}; erlaubt: {allowed}",
    "deck.err.malformed": "fehlerhafte Karte: {msg}",
    "deck.err.card_type": "{expected} erwartet für die Art {kind!r}, nicht {got}",
    "deck.err.text_disagrees": (
        "Text und Felder der Karte passen nicht zusammen: der Text ist die Karte (ändern mit "
        "with_card_text)"
    ),
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
    "page.title": "Raus aus dem Verlies!",
    "page.subtitle": "Regel-Explorer",
    "page.tab_play": "Spiel",
    "page.tab_new": "Neues Spiel",
    "page.tab_rules": "Regeln",
    "page.tab_failed": (
        "Dieser Tab ließ sich nicht aufbauen ({what}). Zeige ihn noch einmal, um es erneut"
        " zu versuchen; das Spiel bleibt, wie es ist."
    ),
    "page.tab_deck": "Deck & Karten",
    "page.treasure_face_down": (
        "Ein Schatz wird verdeckt gezogen (R9.3). Im Designer-Modus sind die Karten sichtbar."
    ),
    "page.designer": "Designer-Modus (alles zeigen)",
    "page.lang": "Sprache",
    "page.players": "Spieler",
    "page.seat": "Platz {n}",
    "page.character": "Abenteurer",
    "page.controller": "gespielt von",
    "page.human": "Mensch",
    "page.bot": "Bot „{name}“",
    "page.seed": "Startwert (Seed)",
    "page.round_limit": "Rundenlimit",
    "page.start_seat": "Beginnt",
    "page.variants": "Varianten",
    "page.start": "Spiel starten",
    "page.random_seed": "Zufälliger Seed",
    "page.setup_error": "Spiel nicht möglich: {msg}",
    "page.round": "Runde {n}",
    "page.to_move": "{who} ist am Zug",
    "page.player": "Spieler {n}",
    "page.chance_to_move": "Zufall: {what}",
    "page.game_over": "Spielende",
    "page.reason_escaped": "der Vorletzte ist entkommen",
    "page.reason_solo": "die Figur ist entkommen",
    "page.reason_no_exit": "kein Ausgang mehr im Stapel",
    "page.reason_no_passage": "kein offener Gang mehr",
    "page.reason_timeout": "Rundenlimit erreicht",
    "page.winners": "Gewinner: {who}",
    "page.no_winner": "kein Gewinner",
    "page.step_of": "Schritt {i} von {n}",
    "page.hint_place": (
        "Lege die gezogene Karte: klicke ein markiertes Feld, klicke es erneut zum Drehen, "
        "dann „Hier legen“."
    ),
    "page.hint_turn": (
        "Ziehe eine Verlieskarte oder klicke ein gelb markiertes Feld, um dorthin zu gehen."
    ),
    "page.hint_draw": "Ziehe eine Verlieskarte (noch gibt es kein Feld, auf das du gehen kannst).",
    "page.hint_decide": "Entscheide mit den Knöpfen.",
    "page.hint_chance": "Würfle (bzw. ziehe) – oder wähle ein Ergebnis zum Ausprobieren.",
    "page.hint_bot": "Ein Bot ist am Zug: „Schritt“, „Zug“ oder „Automatisch“ spielen ihn.",
    "page.hint_over": "Das Spiel ist vorbei.",
    "page.not_your_seat": "{who} wird von einem Bot gespielt.",
    "page.walk_via": "über",
    "page.no_click": "Hier gibt es nichts zu tun.",
    "page.lay_here": "Hier legen",
    "page.rotate": "Drehen",
    "page.rotation": "Drehung {i}/{n}",
    "page.drawn_card": "Gezogene Karte",
    "page.pass_chance": "Chance, das Hindernis zu überwinden: {p}",
    "page.obstacle_on": "{obstacle} {n} ({attr}) – {value} + W6 ≥ {n}",
    "page.reach_chance": "Chance ohne Rückschlag: {p}",
    "page.fight_chance": "Gewinnchance: {p}",
    "page.trap_chance": "Chance, die Falle zu bestehen: {p}",
    "page.actions": "Mögliche Aktionen",
    "page.bot_options": "{who} wählt eine davon (nur zum Ansehen):",
    "page.chance": "Zufall",
    "page.roll": "Würfeln",
    "page.draw_card": "Karte ziehen",
    "page.what_if": "Was wäre wenn: Ergebnis wählen …",
    "page.what_if_tip": "Ein Ergebnis aus der Liste nehmen statt zu würfeln (bzw. zu ziehen).",
    "page.take_outcome": "dieses Ergebnis nehmen",
    "page.passes_on": "besteht bei {faces}",
    "page.wins_if_monster": "der Abenteurer gewinnt, wenn das Monster {faces} würfelt",
    "page.passes_none": "kein Wurf reicht",
    "page.deck_label": "Deck",
    "page.deck_note": "(neue Spiele nutzen dieses Deck; ändern im Tab „{tab}“)",
    "page.deck_edited": "(bearbeitet)",
    "page.botname.random": "Zufall",
    "page.botname.careful": "vorsichtig",
    "page.botname.greedy": "gierig",
    "page.botname.reckless": "waghalsig",
    "page.botname.strong": "stark",
    "page.botname.sprinter": "Sprinter",
    "page.botname.ismcts": "Suchbaum",
    "page.outcomes": "{n} mögliche Ergebnisse",
    "page.chance_die": "Würfelwurf (W6)",
    "page.chance_oroll": "Hindernisprobe",
    "page.chance_froll": "Kampf: Wurf des Abenteurers",
    "page.chance_mroll": "Kampf: Wurf des Monsters",
    "page.chance_troll": "Fallenprobe",
    "page.chance_gold": "Gold auswürfeln",
    "page.chance_draw": "Verlieskarte ziehen",
    "page.chance_room": "Raumkarte ziehen",
    "page.chance_monster": "Monsterkarte ziehen",
    "page.chance_treasure": "Schatzkarte ziehen (verdeckt)",
    "page.no_chance": "Kein Zufall offen.",
    "page.step": "Schritt",
    "page.step_turn": "Zug",
    "page.step_round": "Runde",
    "page.step_end": "bis Ende",
    "page.step_tip": "Bots und Zufall weiterspielen; ein menschlicher Platz hält an.",
    "page.autoplay": "Automatisch",
    "page.speed": "ms/Schritt",
    "page.auto_bots": "Bots ziehen sofort",
    "page.auto_roll": "automatisch würfeln",
    "page.undo": "Zurück",
    "page.redo": "Vor",
    "page.undo_turn": "Zug zurück",
    "page.history": "Zeitreise",
    "page.save": "Speichern",
    "page.load": "Laden",
    "page.download": "Spielstand herunterladen ({name})",
    "page.loaded": "Geladen: {name}",
    "page.load_error": "Laden fehlgeschlagen: {msg}",
    "page.too_large": "Datei zu groß ({n} Bytes, höchstens {max})",
    "page.stopped_human": "Angehalten: {who} entscheidet selbst.",
    "page.stopped_over": "Angehalten: Spielende.",
    "page.stepped": "{n} Schritte gespielt.",
    "page.stopped_limit": "Angehalten nach {n} Schritten.",
    "page.fit": "Einpassen",
    "page.zoom_in": "Vergrößern",
    "page.zoom_out": "Verkleinern",
    "page.pan": "Verschieben",
    "page.players_title": "Spieler",
    "page.gold": "Gold",
    "page.coins": "Münzen",
    "page.coins_n": "{n} Münzen",
    "page.coins_1": "1 Münze",
    "page.treasure_gold": "+ Schätze im Wert von {n} Gold = {total} Gold",
    "page.treasure_gold_hidden": "+ Schätze (Wert verdeckt)",
    "page.treasures": "Schätze",
    "page.hidden_treasures": "{n} verdeckt",
    "page.none": "keine",
    "page.injured": "verletzt",
    "page.escaped": "entkommen",
    "page.left_behind": "zurückgelassen",
    "page.winner": "Gewinner",
    "page.used": "benutzt",
    "page.magic": "M",
    "page.log": "Ereignisse (neueste oben)",
    "page.log_all": "ganzes Protokoll",
    "page.log_more": "… {n} ältere Ereignisse",
    "page.rule_missing": "(Regeltext nicht verfügbar)",
    "page.rules_intro": (
        "Die Regeln der Erstausgabe mit ihren IDs. „[Entscheidung]“ steht nicht auf den "
        "Karten: so liest dieses Projekt die Regeln. Im Protokoll öffnet ein Klick auf eine "
        "Zeile die Regel dazu."
    ),
    "page.deck_sizes": (
        "Stapel: {dungeon} Verlies · {rooms} Raum · {monsters} Monster · {treasures} Schatz"
    ),
    "page.exits_left": "Ausgänge im Stapel: {n}",
    "page.value_short": "St {s} · Ge {g} · Gs {d}",
    "page.attr_staerke": "Stärke",
    "page.attr_geist": "Geist",
    "page.attr_geschick": "Geschick",
    "round": "Runde {n}",
    # the house-rule switches (Variants) and their explanations
    "page.variants_title": "Varianten (gelten für neue Spiele)",
    "page.variant.opened_stays_open": (
        "R4.4: ein einmal überwundenes Klasse-B-Hindernis bleibt offen."
    ),
    "page.variant.limited_bank": "R10: es gibt nur 48 Goldmünzen; die Bank zahlt, was sie hat.",
    "page.variant.injuries_stack": "Hausregel: jede Verletzung kostet einen Zug (laut R8.3 nicht).",
    "page.variant.long_walk": "Hausregel: bis zu drei Karten weit gehen (R3.5: zwei).",
    # what a decision or a roll is about (the panels' context lines)
    "page.ctx_obstacle": "{name} {n}: {attr} {value} + W6 ≥ {n}",
    "page.ctx_or": " oder ",
    "page.ctx_fight_option": "{attr} {value} vs. {target}",
    "page.ctx_fight": "{monster}: {options} (jeweils + W6)",
    "page.ctx_trap": "{options} + W6 ≥ {target}",
    "page.ctx_oroll": "{name} {n}: {attr} {value}{extra} + W6 ≥ {n} → {p}",
    "page.ctx_troll": "{attr} {value}{extra} + W6 ≥ {target} → {p}",
    "page.ctx_froll": "{attr} {value}{extra} + W6 vs. {target} + W6 → {p}",
    "page.ctx_mroll": "{total} vs. {target} + W6 → {p}",
    # the "table is full" page the server shows when its kernel cap is reached (verlies.serve)
    "page.full.title": "Der Tisch ist voll",
    "page.full.text": (
        "Gerade sind alle Plätze an diesem Spieltisch besetzt: Der Server spielt so viele "
        "Partien, wie er tragen kann. Bitte versuch es in einer Minute noch einmal."
    ),
    "page.full.retry": "Noch einmal versuchen",
    "page.full.auto": "Diese Seite versucht es in {seconds} Sekunden von selbst noch einmal.",
    "page.upload_too_big": (
        "{name} ist zu groß zum Senden ({size} MB; höchstens {limit} MB): nichts hochgeladen."
    ),
    # page: branches, keyboard, links, export (designer)
    "page.keys": (
        "Tasten: S Schritt · T Zug · B Zug zurück · U Zurück · Y Vor · R Würfeln/Ziehen · "
        "1–9 die erlaubten Aktionen in der Reihenfolge der Liste · Tab geht durch die "
        "Bedienelemente und aus dem Spielbrett hinaus"
    ),
    "page.link": "Link",
    "page.link_tip": (
        "Ein Link, der diese Stellung wieder öffnet (Aufbau, Deck, Varianten, Plätze, Schritte)"
    ),
    "page.link_ready": "Link zu dieser Stellung (Schritt {n}): öffnen oder kopieren",
    "page.link_too_long": (
        "Diese Stellung ist für einen Link zu lang (über {n} Zeichen): hier ist ihre Spieldatei."
    ),
    "page.link_error": "Der Link ließ sich nicht öffnen: {msg}",
    "page.link_opened": "Aus dem Link geöffnet: Schritt {n}.",
    "page.export_md": "Protokoll .md",
    "page.export_csv": "Protokoll .csv",
    "page.export_svg": "Brett .svg",
    "page.export_png": "Brett .png",
    "page.export_json": "Spiel .json",
    "page.export_col_step": "Schritt",
    "page.export_col_rule": "Regel",
    "page.export_col_seat": "Spieler",
    "page.export_col_text": "Ereignis",
    "page.board_text": "Das Spielbrett als Text",
    "page.board_text_tiles": "{n} Verlieskarten liegen aus:",
    "page.board_text_tiles_one": "1 Verlieskarte liegt aus:",
    "page.board_text_at": "{who} steht auf ({x}, {y}).",
    "page.board_text_escaped": "{who} ist entkommen.",
    "page.board_text_moves": "Erlaubte Züge: {moves}.",
    "page.branches": "Zweige",
    "page.branch_label": "{name} · {n}",
    "page.branch_root": "der erste Verlauf",
    "page.branch_from": "zweigt nach Schritt {k} von {parent} ab",
    "page.branch_started": (
        "Was wäre, wenn: Zweig {name} beginnt nach Schritt {k}; der Verlauf davor bleibt als "
        "Zweig {parent}."
    ),
    "page.branch_switch": "Diesen Zweig zeigen",
    "page.branch_delete": "Diesen Zweig löschen",
    "page.branch_rename": "Name",
    "page.branch_compare": "Vergleichen mit",
    "page.branch_compare_none": "—",
    "page.branch_where": "Wo",
    "page.branch_steps": "{n} Schritte",
    "page.branch_shared": "Beide teilen die ersten {n} Schritte.",
    # --- editor: the deck editor ---------------------------------------------------------------
    "editor.title": "Karten und Deck bearbeiten",
    "editor.browse": "Karten",
    "editor.kind": "Art",
    "editor.color": "Farbe",
    "editor.search": "Suche",
    "editor.search_ph": "Name, Id oder Text …",
    "editor.all": "alle",
    "editor.k_dungeon": "Verlieskarten",
    "editor.k_room": "Raumkarten",
    "editor.k_monster": "Monster",
    "editor.k_treasure": "Schätze",
    "editor.k_character": "Abenteurer",
    "editor.n_cards": "{n} von {total} verschiedenen Karten",
    "editor.no_match": "Keine Karte passt zum Filter.",
    "editor.card": "Karte",
    "editor.name": "Name",
    "editor.name_de": "Name (de)",
    "editor.name_en": "Name (en)",
    "editor.text": "Kartentext",
    "editor.count": "Anzahl",
    "editor.count_hint": "0 entfernt die Karte",
    "editor.tile_kind": "Art",
    "editor.tile_color": "Edelstein",
    "editor.shape": "Form",
    "editor.gold": "Gold",
    "editor.obstacle": "Hindernis",
    "editor.no_obstacle": "– keins –",
    "editor.obstacle_color": "Punktfarbe",
    "editor.obstacle_n": "Zahl",
    "editor.staerke": "Stärke",
    "editor.geist": "Geist",
    "editor.geschick": "Geschick",
    "editor.ok": "ok",
    "editor.canonical": "Kanonischer Text",
    "editor.error": "Fehler",
    "editor.kept": "Das Deck bleibt unverändert; die Vorschau zeigt die letzte gültige Karte.",
    "editor.removed": "Karte {id} entfernt (Anzahl 0). „Rückgängig“ holt sie zurück.",
    "editor.none_selected": "Keine Karte gewählt.",
    "editor.apply_new": "Für neue Spiele übernehmen",
    "editor.apply_game": "Ins laufende Spiel übernehmen",
    "editor.undo": "Rückgängig",
    "editor.reset": "Standarddeck",
    "editor.applied_new": (
        "Neue Spiele verwenden jetzt dieses Deck ({n} Änderungen gegenüber dem Standard)."
    ),
    "editor.applied_game": (
        "Im laufenden Spiel als Schritt {step} übernommen (rückgängig machbar); gilt für die "
        "noch nicht gezogenen Karten."
    ),
    "editor.no_game": "Es läuft kein Spiel.",
    "editor.game_same": "Das laufende Spiel verwendet dieses Deck schon.",
    "editor.game_refused": "Nicht übernommen: {msg}",
    "editor.undone": "Letzte Änderung zurückgenommen.",
    "editor.nothing_undo": "Nichts rückgängig zu machen.",
    "editor.reset_done": "Entwurf auf das Standarddeck zurückgesetzt.",
    "editor.pending": "{n} Änderung(en) im Entwurf sind noch nicht für neue Spiele übernommen.",
    "editor.in_sync": "Neue Spiele verwenden diesen Entwurf.",
    "editor.composition": "Zusammensetzung",
    "editor.diff": "Unterschiede zum Standarddeck",
    "editor.no_diff": "Keine Unterschiede zum Standarddeck.",
    "editor.files": "Deckdateien",
    "editor.deck_name": "Deckname",
    "editor.bad_name": "Name nicht übernommen: {msg}",
    "editor.renamed": "Das Deck heißt jetzt „{name}“.",
    "editor.upload": "Deck laden (.toml)",
    "editor.prepare": "Download vorbereiten",
    "editor.download_deck": "ganzes Deck herunterladen",
    "editor.download_patch": "nur die Änderungen herunterladen (Patch)",
    "editor.stale": "Der Entwurf hat sich geändert: Download neu vorbereiten.",
    "editor.too_large": "Datei {name} abgelehnt: {size} Bytes, höchstens {max} Bytes.",
    "editor.bad_base": (
        'Datei {name} abgelehnt: ein hochgeladener Patch darf nur base = "default" nennen.'
    ),
    "editor.load_error": "Datei {name} nicht geladen: {msg}",
    "editor.loaded": (
        "{name} geladen: „{deck}“, {cards} Karten, jede Kopie gezählt. "
        "Der Entwurf ist jetzt dieses Deck."
    ),
    "editor.warnings": "Hinweise",
    "editor.c_total": "gesamt",
    "editor.c_all": "Alle",
    "editor.c_start": "Start",
    "editor.c_exit": "Ausgang",
    "editor.c_corridor": "Gang",
    "editor.c_room": "Raum",
    "editor.c_pile": "Verliesstapel, {p} Spieler",
    "editor.c_magic": "davon magisch",
    "editor.c_gold": "Gold auf Gängen",
    "editor.c_obstacles": "Hindernisse",
    "editor.d_name": "Name: „{old}“ → „{new}“",
    "editor.d_added": "neu: {card} ×{n}",
    "editor.d_removed": "entfernt: {card}",
    "editor.d_count": "{card}: Anzahl {old} → {new}",
    "editor.d_changed": "{card}: {what}",
    "editor.word.start": "Start",
    "editor.word.exit": "Ausgang",
    "editor.word.corridor": "Gang",
    "editor.word.room": "Raum",
    "editor.quoted": "„{text}“",
    # --- sim: simulations, balance lab, reports -----------------------------------------------
    "sim.tab": "Balance",
    "sim.intro": (
        "Das Deck im Editor (den Entwurf) gegen das Deck neuer Spiele simulieren: "
        "dieselben Zufallszahlen für beide, vorsichtige Bots auf allen Plätzen, jede "
        "Figur gleich oft auf jedem Platz. Unterschiede B − A mit ihren Intervallen; ★ "
        "markiert die deutlichen (nach einer Korrektur für die Zahl der Zeilen)."
    ),
    "sim.games": "Spiele",
    "sim.players": "Spieler",
    "sim.seed": "Startwert",
    "sim.start": "Entwurf simulieren",
    "sim.cancel": "Abbrechen",
    "sim.bar": "Spiele",
    "sim.plot_base": "Deck neuer Spiele: Siegquote je Figur (95-%-Intervall)",
    "sim.plot_draft": "Entwurf: Siegquote je Figur (95-%-Intervall)",
    "sim.running": "Spiele {games} Partien mit jedem Deck …",
    "sim.done": "{games} Partien mit jedem Deck in {seconds} s.",
    "sim.cancelled": "Abgebrochen nach {games} Partien mit jedem Deck ({seconds} s).",
    "sim.download_csv": "Unterschiede herunterladen (CSV)",
    "sim.download_json": "alles herunterladen (JSON)",
    # --- balance tab: the difference chart, game lengths, what to watch (ui/balance) -----------
    "balance.watch": "Beobachten",
    "balance.watch.none": "keine: feste Partienzahl",
    "balance.watch.wins": "Siegquoten",
    "balance.watch.rounds": "Spieldauer",
    "balance.watch.injuries": "Verletzungen",
    "balance.watch.gold": "Gold",
    "balance.watch.all": "alle Kennzahlen",
    "balance.watch_help": (
        "Was beobachtet wird: mit einer Wahl werden Partien in Blöcken gespielt, bis die "
        "beobachteten Zahlen entschieden oder die Partien aufgebraucht sind."
    ),
    "balance.diff_title": "Siegquote je Figur: Entwurf − Deck neuer Spiele (95-%-Intervall)",
    "balance.diff_empty": "Noch keine Siegquote einer Figur.",
    "balance.diff_hover": "{name}: {diff} (95-%-Intervall {low} bis {high})",
    "balance.diff_hover_no_ci": "{name}: {diff} (noch kein Intervall)",
    "balance.pts": "{value} Pkt.",
    "balance.clear": "eindeutig",
    "balance.length_title": "Spieldauer: beide Decks",
    "balance.rounds": "Runden",
    "balance.games_axis": "Partien",
    "balance.median": "Median",
    "balance.base": "Deck neuer Spiele",
    "balance.draft": "Entwurf",
    "balance.progress": "{done} von {total} Partien · {rate} Partien/s",
    "balance.progress_start": "{done} von {total} Partien",
    # --- balance across skill on the Balance tab (issue 21; verlies/ui/skill*.py) -------------
    "skill.title": "Balance über Spielstärken",
    "skill.intro": (
        "Bleibt der Entwurf ausgewogen, wenn er anders gespielt wird? Jede Figur spielt "
        "jeden Platz an Tischen aus vorsichtigen, gierigen und waghalsigen Bots und als "
        "ein gieriger (oder starker) Bot unter vorsichtigen, mit denselben Zufallszahlen. "
        "Jede Zelle: die Siegquote dieser Figur an diesem Tisch mit ihrem 95-%-Intervall."
    ),
    "skill.games": "Partien je Tisch",
    "skill.strong_games": "Partien an den Tischen des Such-Bots",
    "skill.tables": "Tische",
    "skill.tables.quick": "vorsichtig, gierig, waghalsig, ein Platz gierig",
    "skill.tables.all": "alle, mit dem Such-Bot (langsam)",
    "skill.start": "Über Spielstärken simulieren",
    "skill.running": "Spiele {games} Partien an {tables} Tischen …",
    "skill.done": "{games} Partien an {tables} Tischen in {seconds} s.",
    "skill.cancelled": "Abgebrochen nach {games} Partien ({seconds} s).",
    "skill.partial": "Abgebrochen: die Zahlen beruhen auf den {games} gespielten Partien.",
    "skill.one": "ein Platz {bot}",
    "skill.help_all": "auf jedem Platz ein Bot „{bot}“",
    "skill.help_one": ("ein Bot „{bot}“ unter Bots „{careful}“: die Siegquote seines Platzes"),
    "skill.robust": (
        "Robuste Balance {value}: am ungünstigsten Tisch ({table}) liegen die Siegquoten "
        "der Figuren {spread} auseinander (Rauschgrenze {floor})."
    ),
    "skill.robust_none": "Robuste Balance: noch kein Tisch hat Partien.",
    "skill.says.unbalanced": (
        "{table}: deutlich unausgewogen (χ² p = {p}, unter {alpha} nach der Korrektur über "
        "{k} Tische): {high} gewinnt {high_rate} ({high_ci}), {low} {low_rate} ({low_ci})."
    ),
    "skill.says.above": (
        "{table}: die Spannweite ({spread}) liegt über ihrer Rauschgrenze ({floor}), aber "
        "χ² p = {p} ist nach der Korrektur über {k} Tische nicht eindeutig."
    ),
    "skill.says.within": "{table}: im Rauschen (Spannweite {spread}, Rauschgrenze {floor}).",
    "skill.says.few": (
        "{table}: zu wenige Partien für ein Urteil ({games} Partien; erwartete Siege oder "
        "Niederlagen einer Figur unter 5)."
    ),
    "skill.gain": (
        "Spielstärke zählt: ein Bot „{bot}“ auf einem Platz gewinnt {gain} gegenüber "
        "einem Bot „{careful}“ auf demselben Platz derselben Partien ({interval}, "
        "{pairs} Paare)."
    ),
    "skill.verdict.unbalanced": "unausgewogen",
    "skill.verdict.above": "nicht eindeutig",
    "skill.verdict.within": "im Rauschen",
    "skill.verdict.few": "zu wenige Partien",
    "skill.col.character": "Figur",
    "skill.col.table": "Tisch",
    "skill.col.games": "Partien",
    "skill.col.spread": "Spannweite",
    "skill.col.floor": "Rauschgrenze",
    "skill.col.p": "χ² p",
    "skill.col.verdict": "Urteil",
    "skill.all": "alle Figuren",
    "skill.matrix_title": "Siegquote je Figur und Tisch (95-%-Intervall)",
    "skill.cell_title": "{name}, {table}: {rate} (95-%-Intervall {interval}), {games} Partien",
    "skill.heat_help": (
        "Farbe: wie weit eine Zelle vom Mittel ihres Tisches liegt (blau darüber, orange darunter)."
    ),
    "skill.summary_title": "Balance je Tisch",
    "skill.gains_title": (
        "Spielstärke zählt: Siegquote des anderen Platzes minus die des vorsichtigen Bots "
        "auf demselben Platz (95-%-Intervall)"
    ),
    "skill.download_csv": "Matrix herunterladen (CSV)",
    "skill.download_json": "alles herunterladen (JSON)",
    # --- end of balance across skill ----------------------------------------------------------
    # --- the lab's text output: simulate (SimResult.text), sweep, skill (issue 21) -----------
    "simtext.head": (
        "{games} Partien{cancelled}, {players} Spieler, Bots {bots}, Figuren {characters}, "
        "Startwert {seed}, Deck {deck}, Varianten: {variants}"
    ),
    "simtext.cancelled": " (abgebrochen)",
    "simtext.none": "keine",
    "simtext.ended": "Ende: {reasons}",
    "simtext.reason.escaped": "entkommen",
    "simtext.reason.solo": "allein entkommen",
    "simtext.reason.no_exit": "kein Ausgang mehr",
    "simtext.reason.no_passage": "kein offener Durchgang",
    "simtext.reason.timeout": "Rundengrenze",
    "simtext.chars.all": "alle",
    "simtext.chars.random": "zufällig",
    "simtext.timeouts": (
        "Zeitüberschreitungen (R1.6 Rundengrenze {limit}): {n} ({share}); ohne Sieger: {no_winner}"
    ),
    "simtext.stalled_none": (
        "festgefahren (keine Figur drinnen erreicht einen offenen Durchgang): 0"
    ),
    "simtext.stalled": (
        "festgefahren (keine Figur drinnen erreicht einen offenen Durchgang; unter den "
        "Zeitüberschreitungen): {n}: {games}{more} (simulate --json: alle, jede mit einem "
        "?g=-Link der Seite)"
    ),
    "simtext.stalled_game": "Partie {index} Startwert {seed} ab Runde {round}",
    "simtext.stalled_more": ", … {n} weitere",
    "simtext.rounds": (
        "Runden Mittel {mean} / Median {median} (10 %: {p10}, 90 %: {p90}); Züge Median {turns}"
    ),
    "simtext.balance": (
        "Balance: Figuren {characters}, Plätze {seats}; Vorteil des ersten Platzes {advantage}"
    ),
    "simtext.spread_none": "Spannweite der Siegquoten der Figuren: –",
    "simtext.spread": (
        "Spannweite der Siegquoten der Figuren {spread} ({low} – {high}); Rauschgrenze "
        "{floor} (95 % der Spannweiten bei gleichen Quoten); χ² {chi2}, FG {df}, p = {p}: "
        "{verdict}"
    ),
    "simtext.spread_above": (
        "über der Rauschgrenze, aber der χ²-Test findet keinen deutlichen Unterschied"
    ),
    "simtext.first_seat": (
        "der erste Platz gewinnt {share} ({low} – {high}, Wilson) gegenüber 1/{players} = "
        "{fair}: Vorsprung {edge} ({edge_low} … {edge_high})"
    ),
    "simtext.gold": (
        "Gold Mittel {mean} / Median {median}, Sieger {winners}; Verletzungen "
        "{injuries}/Partie, Zurückmischen {shuffles}/Partie, Führungswechsel {leads}/Partie"
    ),
    "simtext.speed": "{seconds} s, {rate} Partien/s auf {workers} Prozess(en) ({backend})",
    "simtext.backend.here": "dieser Prozess",
    "simtext.backend.processes": "Prozesse",
    "simtext.per_character": "je Figur",
    "simtext.per_seat": "je Platz (1 = zieht zuerst)",
    "simtext.tests": "Proben (beobachtet gegen exakt)",
    "simtext.col.character": "Figur",
    "simtext.col.seat": "Platz",
    "simtext.col.bot": "Bot",
    "simtext.col.games": "Partien",
    "simtext.col.wins": "Siege",
    "simtext.col.ci": "95-%-KI",
    "simtext.col.left_behind": "zurückgelassen",
    "simtext.col.gold": "Gold",
    "simtext.col.injuries": "Verletzungen",
    "simtext.col.test": "Probe",
    "simtext.col.tries": "Versuche",
    "simtext.col.passed": "bestanden",
    "simtext.col.exact": "exakt",
    "simtext.sweep.head": (
        "Reihe über {what} (dieselben Zufallszahlen bei jedem Wert; 95-%-Intervalle: "
        "Ordnungsstatistik, Wilson, parametrischer Bootstrap, Normalverteilung)"
    ),
    "simtext.sweep.diff_head": (
        "jeder Wert minus den ersten ({first}), gepaart auf denselben Zufallszahlen (95 %)"
    ),
    "simtext.sweep.col.value": "Wert",
    "simtext.sweep.col.games": "Partien",
    "simtext.sweep.col.rounds": "Runden Med.",
    "simtext.sweep.col.rounds_diff": "Runden",
    "simtext.sweep.col.timeouts": "Zeitüberschr.",
    "simtext.sweep.col.balance": "Balance",
    "simtext.sweep.col.gold": "Gold",
    "simtext.sweep.col.gold_seat": "Gold/Platz",
    "simtext.sweep.col.injuries": "Verletzungen",
    "simtext.skill.head": (
        "Balance über Spielstärken: {players} Spieler, Deck {deck}, Startwert {seed}{cancelled}"
    ),
    "simtext.skill.robust": (
        "robuste Balance {value} (ungünstigster Tisch: {table}, Spannweite {spread}, "
        "Rauschgrenze {floor})"
    ),
    "simtext.skill.legend": (
        "„unausgewogen“: der χ²-Test verwirft gleiche Quoten zu 5 % nach Bonferroni über "
        "die {k} Tische („zu wenige Partien“: eine erwartete Zahl unter 5); Rauschgrenze: "
        "das 95. Perzentil der Spannweite bei gleichen Quoten (parametrischer Bootstrap)"
    ),
    "simtext.skill.speed": ("{games} Partien, {seconds} s auf {workers} Prozess(en) ({backend})"),
    "simtext.skill.among": "{bot} unter {base}",
    "simtext.skill.all": "alle",
    "simtext.skill.rates": "Siegquote je Figur (an Tischen „ein Platz …“: die des anderen Platzes)",
    "simtext.skill.intervals": "95-%-Intervalle nach Wilson",
    "simtext.skill.per_table": "Balance je Tisch",
    "simtext.skill.gains": (
        "Spielstärke zählt: Sieg des anderen Platzes − Sieg des vorsichtigen Bots auf "
        "demselben Platz, dieselben Partien"
    ),
    "simtext.skill.verdict.unbalanced": "unausgewogen",
    "simtext.skill.verdict.within": "im Rauschen",
    "simtext.skill.verdict.few": "zu wenige Partien",
    "simtext.skill.col.table": "Tisch",
    "simtext.skill.col.games": "Partien",
    "simtext.skill.col.bots": "Bots",
    "simtext.skill.col.spread": "Spannweite",
    "simtext.skill.col.floor": "Rauschgrenze",
    "simtext.skill.col.chi2": "χ²",
    "simtext.skill.col.p": "p",
    "simtext.skill.col.verdict": "Urteil",
    "simtext.skill.col.character": "Figur",
    "simtext.skill.col.pairs": "Paare",
    "simtext.skill.col.gain": "Gewinn",
    "simtext.skill.col.ci": "95-%-KI",
    # --- end of the lab's text output ---------------------------------------------------------
    # --- autosave: resuming a page game, the restart banner (ui/autosave) ---------------------
    "page.autosave.offer": "Spiel vom {time} fortsetzen, Schritt {step}",
    "page.autosave.resume": "Fortsetzen",
    "page.autosave.discard": "Verwerfen",
    "page.autosave.saved": "Gespeichert bei Schritt {step}",
    "page.autosave.link": "Link zum Fortsetzen",
    "page.autosave.failed": "Nicht gespeichert: {msg}",
    "page.autosave.resumed": "Fortgesetzt bei Schritt {step}.",
    "page.autosave.resume_error": "Fortsetzen nicht möglich: {msg}",
    "page.autosave.lost": (
        "Der Spielserver wurde neu gestartet — neu laden, um bei Schritt {step} weiterzuspielen"
    ),
    "page.autosave.lost_unsaved": "Der Spielserver wurde neu gestartet — bitte die Seite neu laden",
    "page.autosave.reload": "Neu laden",
    # --- dice: what the dice parser expected (DiceError, RW.3); clause: the sentence form
    "dice.phrase.expression": "ein Würfelausdruck wie 2+W3",
    "dice.phrase.number_or_die": "eine Zahl oder ein Würfel wie W6",
    "dice.phrase.term": "eine Zahl, W6, W3 oder '+'",
    "dice.phrase.sign": "'+' oder '-'",
    "dice.phrase.sides": "W6 oder W3 (andere Würfel gibt es im Spiel nicht)",
    "dice.phrase.no_minus_die": "'+' vor einem Würfel (Würfel werden addiert, nie abgezogen)",
    "dice.phrase.count": "1 bis {max} Würfel",
    "dice.phrase.constant": "eine Zahl bis {max}",
    "dice.phrase.after_sign": "eine Zahl oder ein Würfel nach dem Vorzeichen",
    "dice.phrase.total": "höchstens {max} Würfel insgesamt",
    "dice.clause.expression": "erwartet wird {phrase}",
    "dice.clause.number_or_die": "erwartet wird {phrase}",
    "dice.clause.term": "erwartet wird {phrase}",
    "dice.clause.sign": "erwartet wird {phrase}",
    "dice.clause.sides": "erwartet wird {phrase}",
    "dice.clause.no_minus_die": "erwartet wird {phrase}",
    "dice.clause.count": "erwartet werden {phrase}",
    "dice.clause.constant": "erwartet wird {phrase}",
    "dice.clause.after_sign": "erwartet wird {phrase}",
    "dice.clause.total": "erwartet werden {phrase}",
    # --- engine: why the rules refuse an action (IllegalAction) ---------------------------
    "engine.err.game_over": "das Spiel ist zu Ende",
    "engine.err.game_over_edit": "das Spiel ist zu Ende; Änderungen gelten für neue Spiele",
    "engine.err.no_chance_point": "gerade wird nicht gewürfelt oder gezogen",
    "engine.err.not_an_outcome": "{label} ist hier kein mögliches Ergebnis",
    "engine.err.chance_pending": (
        "gerade wird gewürfelt oder gezogen ({kind}); {label} ist kein Ergebnis davon"
    ),
    "engine.err.no_chance": "gerade wird nicht gewürfelt oder gezogen; Spieler {seat} entscheidet",
    "engine.err.injured": "Spieler {seat} ist verletzt und muss diesen Zug aussetzen",
    "engine.err.deck_empty": "der Verliesstapel ist leer",
    "engine.err.no_open_passage": "die Karte der Figur hat keinen offenen Gang",
    "engine.err.bad_walk": "{label}: kein Weg über eine oder zwei verbundene Karten",
    "engine.err.bad_wait": "warten darf eine Figur nur, wenn kein Zug möglich ist",
    "engine.err.not_a_turn_action": "{label} ist kein Spielzug",
    "engine.err.bad_place": (
        "{label}: die Karte muss an einen offenen Gang der Karte "
        "der Figur gelegt werden, so gedreht, dass die Gänge sich treffen"
    ),
    "engine.err.shuffle_not_exit": "nur ein Ausgang darf zurückgemischt werden",
    "engine.err.lay_first": "erst muss die gezogene Karte gelegt werden",
    "engine.err.obstacle_choice": "{label}: das Hindernis versuchen oder verzichten",
    "engine.err.bad_fight_value": (
        "{label}: keiner der Werte, mit denen dieser Kampf geführt werden darf"
    ),
    "engine.err.bad_trap_value": "{label}: keiner der Werte, die diese Falle erlaubt",
    "engine.err.loss_choice": "{label}: 3 Gold oder einen deiner Schätze abgeben",
    "engine.err.not_legal": "{label} ist jetzt nicht erlaubt",
    # --- save: saved games and position links that cannot be read (SaveFormatError) ----------
    # {detail}: Python's own (English) message, left out in German (errors.EnglishOnly)
    "save.err.not_text": "ein Spielstand ist JSON-Text, kein {kind}",
    "save.err.too_large": "Spielstand zu groß (höchstens {limit} Bytes)",
    "save.err.not_utf8": "Spielstand ist kein UTF-8-Text{detail}",
    "save.err.not_json": "kein JSON: Zeile {line}, Spalte {column}{detail}",
    "save.err.unreadable": "kein lesbarer Spielstand{detail}",
    "save.err.not_verlies": "kein verlies-Spiel („format“ muss {format} sein)",
    "save.err.version": "Version {version} wird nicht unterstützt (dies ist Version {current})",
    "save.err.setup_shape": "„setup“ muss ein Objekt sein",
    "save.err.steps_shape": "„steps“ muss eine Liste sein",
    "save.err.step": "Schritt {n} ({raw}): {error}",
    "save.err.cursor": "ungültige Position im Spielverlauf: {cursor}",
    "save.err.setup": "fehlerhafte Spielvorbereitung: {error}",
    "save.err.branches": "fehlerhafte Zweige: {error}",
    "save.err.branches_shape": "„branches“ muss ein Objekt mit einer Liste „lines“ sein",
    "save.err.branches_count": "„branches“ hat 1 bis {limit} Zweige",
    "save.err.branch_shape": "Zweig {n} ist kein Objekt",
    "save.err.branch_base": "Zweig {n}: ungültige Basis („base“)",
    "save.err.branch_parent": "Zweig {n}: ungültiger Elternzweig („parent“)",
    "save.err.branch_steps": "Zweig {n}: „steps“ muss eine Liste sein",
    "save.err.branch_at": "Zweig {n}: ungültige Abzweigstelle („at“)",
    "save.err.current": "ungültiger aktueller Zweig („current“)",
    "save.err.branch_names": "zwei Zweige mit demselben Namen",
    "save.err.current_line": "der aktuelle Zweig ist nicht der Verlauf des Spielstands",
    "save.err.branch_illegal": "Zweig {name}: {error}",
    "save.err.link_long": "kein Stellungslink (zu lang)",
    "save.err.link_large": "Stellungslink zu groß",
    "save.err.link_bad": "kein Stellungslink{detail}",
    "save.err.link_version": "kein Stellungslink dieser Version",
    "save.err.link_empty": "Stellungslink ohne Spielvorbereitung oder Schritte",
    "save.err.link_seats": "Stellungslink mit ungültigen Plätzen",
    "save.err.link_deck": "fehlerhaftes Deck im Link: {error}",
    # what a deck inside a saved game is called where its errors name a file
    "save.deck_file": "<Spielstand>",
    # a game that cannot be set up as asked (SetupError; the rule id is put in front)
    "setup.err.deck": "das Deck muss ein verlies.Deck sein, kein {kind}",
    "setup.err.variants": "die Varianten müssen ein verlies.Variants-Wert sein",
    "setup.err.players": "die Regeln erlauben 1 bis 4 Spieler, nicht {players}",
    "setup.err.character_count": "{players} Spieler brauchen {players} Figuren, nicht {got}",
    "setup.err.character": "unbekannte Figur {name} (bekannt: {known})",
    "setup.err.character_twice": "zwei Spieler dürfen nicht dieselbe Figur haben",
    "setup.err.seed": "der Startwert (Seed) muss eine ganze Zahl sein, nicht {seed}",
    "setup.err.start_seat": "der Startplatz muss 0 bis {last} sein, nicht {seat}",
    "setup.err.round_limit": "das Rundenlimit muss eine ganze Zahl ab 1 sein, nicht {limit}",
    "setup.err.edition": "unbekannte Deck-Ausgabe {edition} (bekannt: {known})",
    # --- store: playtest records that are missing or do not load (StoreError) ------------------
    "store.err.load": "Partie {id}: das gespeicherte Spiel lässt sich nicht laden: {error}",
    "store.err.missing": "keine Partie {id} im Speicher",
    "store.err.bot": "Partie {id}: den Bot {bot} gibt es hier nicht mehr (bekannt: {known})",
    "store.err.seats": "Partie {id}: die gespeicherten Plätze {seats} passen nicht zu ihrem Spiel",
    "store.err.open": "der Partienspeicher {url} lässt sich nicht öffnen: {error}",
    "store.err.db": "Partienspeicher {url}: {error}",
    # --- shared tables: refused step requests (verlies.store.tables.TableRefused) ---------------
    "table.err.no_table": "kein Tisch {table} im Speicher",
    "table.err.bad_link": (
        "dieser Link ist kein Platz an diesem Tisch (ein Link eines anderen Tisches oder vertippt)"
    ),
    "table.err.spectator": "ein Zuschauer-Link schaut zu; spielen kann nur ein Platz-Link",
    "table.err.turn": (
        "du bist nicht dran: du bist Platz {seat}, der Tisch wartet auf Platz {waits}"
    ),
    "table.err.turn_roll": (
        "du bist nicht dran: du bist Platz {seat}, der Tisch wartet auf einen Wurf oder einen Bot"
    ),
    "table.err.illegal": "hier kein erlaubter Schritt: {error}",
    "table.err.over": "die Partie an diesem Tisch ist vorbei",
    "table.err.gap": "Tisch {table}: seinen gespeicherten Schritten fehlt einer",
    # --- shared tables: "take back" (issue 23, verlies/store/tables.py, table_model.py) ---------
    "table.err.paused": (
        "der Tisch wartet: Platz {seat} möchte seinen letzten Schritt zurücknehmen, und "
        "erst antworten alle anderen Personen"
    ),
    "table.err.takeback_off": (
        "dieser Tisch wurde ohne „Zurücknehmen“ angelegt: er geht nur vorwärts"
    ),
    "table.err.takeback_refused": (
        "die anderen haben abgelehnt, Schritt {step} zurückzunehmen: er bleibt"
    ),
    "table.err.takeback_open": "eine Bitte ums Zurücknehmen wartet schon auf Antworten",
    "table.err.takeback_none": "du hast an diesem Tisch noch keinen Schritt entschieden",
    "table.err.takeback_played": (
        "Platz {seat} hat seit deinem letzten Schritt entschieden: zurücknehmen lässt sich "
        "nur der Schritt der Person, die zuletzt entschieden hat"
    ),
    "table.err.takeback_limit": (
        "an diesem Tisch wurde schon {limit}-mal zurückgenommen, öfter nicht"
    ),
    "table.err.takeback_no_request": (
        "keine Bitte ums Zurücknehmen wartet (sie wurde beantwortet oder zurückgezogen)"
    ),
    "table.err.takeback_own": "der Platz, der bittet, beantwortet seine eigene Bitte nicht",
    "table.err.takeback_answered": "du hast diese Bitte schon beantwortet",
    "table.err.takeback_not_yours": "nur der Platz, der gebeten hat, kann die Bitte zurückziehen",
    "table.err.busy": (
        "Tisch {table}: die Bitte änderte sich während dieser Antwort immer wieder; "
        "versuch es noch einmal"
    ),
    "page.table.allow_takeback": "„Zurücknehmen“ erlauben",
    "page.table.allow_takeback_tip": (
        "Ein Platz darf bitten, seinen letzten Schritt zurückzunehmen; er wird nur "
        "zurückgenommen, wenn alle anderen Personen zustimmen"
    ),
    "page.table.tb_ask": "Meinen letzten Schritt zurücknehmen",
    "page.table.tb_accept": "Zustimmen",
    "page.table.tb_refuse": "Ablehnen",
    "page.table.tb_withdraw": "Bitte zurückziehen",
    "page.table.tb_asked_you": (
        "Platz {seat} ({who}) möchte seinen letzten Schritt (Schritt {step}) zurücknehmen. "
        "Stimmst du zu?"
    ),
    "page.table.tb_asked": (
        "Platz {seat} ({who}) möchte seinen letzten Schritt (Schritt {step}) zurücknehmen; "
        "es fehlt die Antwort von: {waiting}"
    ),
    "page.table.tb_mine": (
        "Du möchtest deinen letzten Schritt (Schritt {step}) zurücknehmen; es fehlt die "
        "Antwort von: {waiting}"
    ),
    "page.table.tb_answered": "Du hast zugestimmt; es fehlt noch die Antwort von: {waiting}",
    "page.table.tb_seat": "Platz {n}",
    "page.table.tb_accepted": (
        "Schritt {step} von Platz {seat} wurde zurückgenommen: alle haben zugestimmt"
    ),
    "page.table.tb_refused": (
        "Die Bitte von Platz {seat} ums Zurücknehmen wurde abgelehnt von {by}; das Spiel "
        "geht weiter"
    ),
    "page.table.tb_withdrawn": (
        "Platz {seat} hat seine Bitte ums Zurücknehmen zurückgezogen; das Spiel geht weiter"
    ),
    "page.table.tb_void": ("Die Bitte ums Zurücknehmen kam zu spät: der Tisch war schon weiter"),
    "page.table.answers": (
        "Der Tisch wartet auf die Antworten zur Bitte von Platz {n} ums Zurücknehmen"
    ),
    # --- balance lab: metric names, definitions, verdicts (verlies.i18n.metrics) ----------------
    "metric.rounds": "Runden",
    "metric.help.rounds": (
        "Runden einer Partie bis zu ihrem Ende (alle Figuren draußen oder Rundenlimit)"
    ),
    "metric.turns": "Züge",
    "metric.help.turns": "gespielte Züge einer Partie, alle Plätze zusammen",
    "metric.timeout": "Partien am Rundenlimit",
    "metric.help.timeout": "Anteil der Partien, die am Rundenlimit enden statt durch Flucht",
    "metric.gold": "Gold",
    "metric.help.gold": "Gold eines Platzes am Ende einer Partie",
    "metric.left_behind": "zurückgelassene Figuren",
    "metric.help.left_behind": "Figuren, die bei Spielende noch im Verlies sind, pro Partie",
    "metric.escaped": "entkommene Figuren",
    "metric.help.escaped": "Figuren, die aus dem Verlies herauskommen, pro Partie",
    "tune.targets": "Ziele ({players} Spieler, Bots {bots}): {items}",
    "tune.target.win_all": "Siegquote jeder Figur",
    "tune.target.median": "Median der {what}",
    "tune.search": (
        "Suche: {trials} Kandidaten ({played} gespielt, je {games} Partien, dieselben Seeds "
        "ab Seed {seed}; {infeasible} verletzten eine Regel und wurden nicht gespielt), "
        "{knobs} veränderliche Zahlen"
    ),
    "tune.no_change": "Vorschlag: keine Änderung",
    "tune.no_change_met": (
        "Vorschlag: keine Änderung (das Startdeck erfüllt die Ziele auf den Such-Seeds)"
    ),
    "tune.edits": "Vorschlag: {n} Änderung(en)",
    "tune.edit": "{name} ({kind}): {what} {old} → {new}",
    "tune.not_met": (
        "kein Kandidat erfüllte jedes Ziel auf den Such-Seeds; dieser kam am nächsten "
        "(Abstand {off}); Spielräume oder Ziele weiter fassen oder mehr Budget geben"
    ),
    "tune.verify": (
        "Prüfung auf neuen Seeds (Seed {seed}, je {games} Partien, Startdeck und Vorschlag "
        "gepaart); Intervalle je {level}, gemeinsam 95 % über {k} Größen (Bonferroni):"
    ),
    "tune.row": "{what}  Ziel {band}  Start {start}  Vorschlag {value} ({low} – {high})  {verdict}",
    "tune.off": (
        "Abstand zum Ziel (Punkte/Runden außerhalb der Bänder): Start {start}, Vorschlag "
        "{value}; Punktschätzungen {point}; Urteile: {met} erfüllt, {undecided} offen, "
        "{missed} verfehlt"
    ),
    "tune.point.met": "erfüllen jedes Ziel",
    "tune.point.missed": "verfehlen ein Ziel",
    "tune.verdict.met": "erfüllt",
    "tune.verdict.missed": "verfehlt",
    "tune.verdict.undecided": "noch offen",
    "tune.paired": "gepaart Start → Vorschlag: {sentence}",
    "tune.progress": "Kandidat {done}/{total}, bester Wert {best}",
    "tune.patch_file": "Patch-Datei: {path} („{upload}“ im Karteneditor wendet sie an)",
    "impact.head": (
        "die Karten, die das Spiel am meisten bewegen ({games} Partien je Deck; gepaart: "
        "dieselben Seeds, Effekte klar nach Holm über alle Karten, Richtungen und Größen "
        "bei {alpha}; getroffen gegen nicht getroffen ist ein Zusammenhang, keine Ursache)"
    ),
    "impact.step.-1": "−1",
    "impact.step.+1": "+1",
    "impact.step.median": "auf den Median des Stapels",
    "impact.refused": "vom Deck nicht erlaubt",
    "impact.field.obstacle": "Hindernis",
    "impact.field.gold": "Gold",
    "impact.field.count": "Anzahl",
    "impact.field.fight": "Kampfwert",
    "impact.field.trap": "Falle",
    "impact.col.card": "Karte",
    "impact.col.met": "getroffen je Partie",
    "impact.col.assoc": "Siegquote getroffen − nicht getroffen, Punkte (95 %)",
    "impact.col.paired": "ihre Zahl −1 / +1: klare Änderungen",
    "impact.col.score": "sicherer Effekt, in SD einer Partie",
    "impact.not_moved": "nicht verändert (R2: Werte eines Charakters)",
    "metric.injuries": "Verletzungen",
    "metric.help.injuries": "erlittene Verletzungen einer Partie, alle Plätze zusammen",
    "metric.shuffle_backs": "Zurückmischen",
    "metric.help.shuffle_backs": (
        "Karten, die in einer Partie in einen Stapel zurückgemischt werden, alle Plätze"
    ),
    "metric.lead_changes": "Führungswechsel",
    "metric.help.lead_changes": (
        "wie oft die Goldführung in einer Partie an einen anderen Platz geht"
    ),
    "metric.win": "Siegquote {name}",
    "metric.help.win": "Anteil der Partien mit {name}, die {name} gewinnt",
    "metric.win_seat": "Siegquote Platz {seat}",
    "metric.help.win_seat": "Anteil der Partien, die Platz {seat} gewinnt (1 = zieht zuerst)",
    "metric.balance_characters": "Ausgewogenheit der Figuren",
    "metric.help.balance_characters": "1 − größter Abstand zweier Siegquoten der Figuren",
    "metric.balance_seats": "Ausgewogenheit der Plätze",
    "metric.help.balance_seats": "1 − größter Abstand zweier Siegquoten der Plätze",
    "metric.first_seat_edge": "Vorteil des ersten Platzes",
    "metric.help.first_seat_edge": "Siegquote des ersten Platzes minus 1 / Spielerzahl",
    "metric.unit.game": "pro Partie",
    "metric.unit.seat": "pro Platz",
    "metric.unit.points": "Punkte",
    "lab.verdict.different": "verändert",
    "lab.verdict.no_change": "keine nennenswerte Änderung",
    "lab.verdict.undecided": "unentschieden",
    "lab.sentence.changed": "{what} {value} (deutlich).",
    "lab.sentence.chars_within": (
        "Keine Siegquote einer Figur hat sich um mehr als {d} Punkte bewegt (keine "
        "nennenswerte Änderung)."
    ),
    "lab.sentence.within": "{items}: keine nennenswerte Änderung.",
    "lab.sentence.within_item": "{what} innerhalb ±{d}",
    "lab.sentence.open": "Nach {n} Paaren noch offen: {items}.",
    "lab.sentence.open_item": "{what} {low} … {high}",
    "lab.sentence.undecided": (
        "Nach {n} Paaren unentschieden: bisher hat sich nichts deutlich verändert."
    ),
    "lab.sentence.too_few": (
        "Bisher zu wenige Paare ({n}) für ein Urteil: ein Lauf, der nach jedem Block "
        "auswertet, entscheidet ab {min} Paaren."
    ),
    "lab.sentence.none": "Nichts beobachtet.",
    "lab.table.head": (
        "{a} gegen {b}: je {n} Partien auf denselben Seeds (Seed {seed}); {same} Paare "
        "endeten genau gleich."
    ),
    "lab.table.foot_seq": (
        "★ = deutlich nach Holms Korrektur über {k} Zeilen (familienweiser Fehler "
        "{alpha}). Intervalle: jederzeit gültig zu {level} (Konfidenzfolge mit "
        "Normalmischung), {looks} Auswertungen."
    ),
    "lab.table.foot_one": (
        "★ = deutlich nach Holms Korrektur über {k} Zeilen (familienweiser Fehler "
        "{alpha}). Intervalle: {level} bei einer Auswertung."
    ),
    "lab.table.stopped": "Angehalten: {why}.",
    "lab.table.watched": "Beobachtete Größen ({method}, α = {alpha}, Holm): Urteil {verdict}",
    "lab.method.seq": "jederzeit gültig",
    "lab.method.one": "eine Auswertung",
    "lab.col.quantity": "Größe",
    "lab.col.diff": "B − A",
    "lab.col.ci": "{level}-Intervall",
    "lab.col.p": "p (Holm)",
    "lab.col.delta": "δ",
    "lab.col.state": "Stand",
    "lab.state.different": "verändert",
    "lab.state.within": "innerhalb ±δ",
    "lab.state.open": "offen",
    "lab.stopped.different": "eine beobachtete Größe hat sich verändert",
    "lab.stopped.no_change": "keine beobachtete Größe hat sich um mehr als ihr δ bewegt",
    "lab.stopped.budget": "Partienbudget aufgebraucht",
    "lab.stopped.time": "Zeitbudget aufgebraucht",
    "lab.stopped.cancelled": "abgebrochen",
    "lab.balance.floor": (
        "Rauschgrenze {floor} (95 % der Spannweiten bei gleichen Quoten); χ² p = {p}"
    ),
    "lab.balance.perfect": (
        "bei dieser Größe nicht von vollkommener Ausgewogenheit zu unterscheiden"
    ),
    "lab.balance.uneven": "die Siegquoten der Figuren unterscheiden sich über das Rauschen hinaus",
    # --- end of the balance lab's words -----------------------------------------------------------
    # --- page (issue 24): was die Zahl eines Hindernisses heißt, je Klasse (R5.1-R5.3) --------
    # Klasse B: ein Fehlwurf hält die Figur auf; Klassen A und C: sie kommt verletzt durch.
    "page.through_b": "Chance durchzukommen: {p} (unter {n}: nicht vorbei, bleibt stehen)",
    "page.through_a": (
        "Kommt auf jeden Fall durch; unverletzt: {p} (unter {n}:"
        " verletzt, verliert 3 Gold oder einen Schatz)"
    ),
    "page.through_c": "Kommt auf jeden Fall durch; unverletzt: {p} (unter {n}: verletzt)",
    "page.unhurt_on": "unverletzt bei {faces}, sonst verletzt, aber durch",
    "page.unhurt_none": "keine Zahl bringt unverletzt durch: verletzt, aber durch",
    "page.ctx_oroll_hurt": (
        "{name} {n}: {attr} {value}{extra} + W6 ≥ {n} → unverletzt {p}, durch auf jeden Fall"
    ),
    "page.unhurt_p": "unverletzt {p}",
    # --- page (issue 24 item 8): the pan buttons' names, one per direction --------------
    "page.pan_left": "Nach links verschieben",
    "page.pan_right": "Nach rechts verschieben",
    "page.pan_up": "Nach oben verschieben",
    "page.pan_down": "Nach unten verschieben",
    # --- a shared table (verlies/ui/table/table_model.py) -------------------------------------
    "page.table.your_turn": "Du bist dran: Platz {n} ({who}); die anderen warten auf dich",
    "page.table.wait_seat": "Platz {n} ({who}) entscheidet; du wartest auf ihn",
    "page.table.watch": "Platz {n} ({who}) entscheidet",
    "page.table.wait_bot": "Der Bot {bot} spielt Platz {n} ({who}); alle warten auf ihn",
    "page.table.rolling": "Für den Tisch wird gewürfelt",
    "page.table.over": "Die Partie an diesem Tisch ist vorbei",
    "page.table.seat_you": "Platz {n} ({who}): du",
    "page.table.seat_person": "Platz {n} ({who}): eine Person mit Platz-Link",
    "page.table.seat_bot": "Platz {n} ({who}): Bot {bot}",
    "page.table.invite": "Zu diesem Tisch einladen",
    "page.table.invite_tip": (
        "Ein gemeinsamer Tisch mit dieser Aufstellung: ein Link je Platz einer Person, "
        "jede spielt im eigenen Browser"
    ),
    "page.table.links_intro": (
        "Der Tisch beginnt am Anfang dieser Aufstellung. Schick jeder Person den Link "
        "ihres Platzes; ein Platz-Link spielt nur diesen Platz."
    ),
    "page.table.link_seat": "{seat}: Platz-Link",
    "page.table.link_bot": "{seat}: Bot {bot}, kein Link",
    "page.table.link_spectator": "Zuschauer-Link (keine verdeckte Karte)",
    "page.table.copy": "Kopieren",
    "page.table.copy_name": "Link kopieren: {link}",
    "page.table.copied": "Kopiert",
    "page.table.link_designer": (
        "Link für die Autorin / den Autor (alle Karten sichtbar; nicht weitergeben)"
    ),
    # --- deck tab (issue 22): the impact column (ui/impact*.py), named drafts (store/drafts.py) --
    "deckimpact.title": "Welche Karte zählt",
    "deckimpact.intro": (
        "Simuliert den Entwurf mit Bots und schreibt in die Kartenliste neben jede Karte, "
        "wie sehr sie das Spiel bewegt: zuerst aus den eigenen Spielen des Entwurfs (Plätze, "
        "die die Karte zogen, gegen die übrigen: ein Hinweis, keine Ursache), dann die "
        "Änderung, wenn ihre Zahl um −1, +1 oder auf den Median ihres Stapels rückt, mit "
        "denselben Startwerten. ★: deutlich nach Holm über alle Karten."
    ),
    "deckimpact.games": "Spiele je Deck",
    "deckimpact.players": "Spielerzahl",
    "deckimpact.scope": "Karten",
    "deckimpact.scope.all": "alle Karten des Entwurfs",
    "deckimpact.scope.listed": "die Karten der Liste",
    "deckimpact.sort": "Liste ordnen",
    "deckimpact.sort.deck": "Reihenfolge im Deck",
    "deckimpact.sort.impact": "Wirkung, größte zuerst",
    "deckimpact.sort.met": "gezogen je Spiel, häufigste zuerst",
    "deckimpact.start": "Wirkung berechnen",
    "deckimpact.cancel": "Abbrechen",
    "deckimpact.idle": "Noch keine Wirkung berechnet.",
    "deckimpact.phase.base": "Eigene Spiele des Entwurfs: {done} von {total} Spielen",
    "deckimpact.phase.paired": "Veränderte Karten, gleiche Startwerte: {done} von {total} Spielen",
    "deckimpact.phase.done": "Fertig: {done} Spiele ({games} je Deck).",
    "deckimpact.phase.cancelled": (
        "Abgebrochen nach {done} von {total} Spielen; die Zahlen bis dahin bleiben."
    ),
    "deckimpact.error": "Nicht berechnet: {msg}",
    "deckimpact.no_cards": "keine Karte in der Liste (der Filter blendet alle aus)",
    "deckimpact.stale": (
        "Der Entwurf hat sich seit diesen Zahlen geändert: neu berechnen, um sie aufzufrischen."
    ),
    "deckimpact.none": "…",
    "deckimpact.assoc": "gezogen/nicht, Siegquote",
    "deckimpact.pt": "Pkt.",
    "deckimpact.met": "{n}/Spiel",
    "deckimpact.step.-1": "−1:",
    "deckimpact.step.+1": "+1:",
    "deckimpact.step.median": "auf Median:",
    "deckimpact.col.card": "Karte",
    "deckimpact.col.what": "Wirkung von",
    "deckimpact.col.effect": "Änderung (95-%-Intervall)",
    "deckimpact.col.met": "gezogen je Spiel",
    "store.err.draft_name_empty": "ein Entwurf braucht einen Namen",
    "store.err.draft_name_long": "der Name eines Entwurfs hat höchstens {max} Zeichen, nicht {n}",
    "store.err.draft_too_large": "der Entwurf ist größer als {max} Bytes",
    "store.err.draft_missing": "kein Entwurf namens „{name}“",
    "store.err.draft_unreadable": "der Entwurf „{name}“ lässt sich nicht laden: {error}",
    "drafts.title": "Benannte Entwürfe",
    "drafts.name": "Name",
    "drafts.name_ph": "z. B. stärkerer Troll",
    "drafts.save": "Entwurf speichern",
    "drafts.saved_list": "Gespeicherte Entwürfe",
    "drafts.open": "Öffnen",
    "drafts.delete": "Löschen",
    "drafts.none": "Noch kein Entwurf gespeichert.",
    "drafts.saved": "Gespeichert als „{name}“.",
    "drafts.not_saved": "Nicht gespeichert: {msg}",
    "drafts.opened": "„{name}“ ist jetzt der Entwurf („Rückgängig“ holt den vorigen zurück).",
    "drafts.not_opened": "Nicht geöffnet: {msg}",
    "drafts.deleted": "„{name}“ gelöscht.",
    "drafts.not_deleted": "Nicht gelöscht: {msg}",
    "drafts.compare_title": "Zwei Decks vergleichen",
    "drafts.a": "Deck A",
    "drafts.b": "Deck B",
    "drafts.games": "Spiele",
    "drafts.compare": "B mit A vergleichen",
    "drafts.cancel": "Abbrechen",
    "drafts.current": "der Entwurf in Arbeit",
    "drafts.draft": "Entwurf „{name}“",
    "drafts.edition": "Ausgabe {name}",
    "drafts.same": "Zwei verschiedene Decks wählen.",
    "drafts.comparing": "Vergleich läuft: {done} von {total} Spielen.",
    "drafts.not_compared": "Nicht verglichen: {msg}",
    "sweep.title": "Diese Zahl durchspielen",
    "sweep.intro": (
        "Spielt den Entwurf mit der Zahl der gewählten Karte auf jedem Wert des Bereichs, "
        "mit denselben Startwerten für jeden Wert; die Kurve zeigt jeden Wert mit seinem "
        "95-%-Intervall."
    ),
    "sweep.field": "Zahl",
    "sweep.from": "Von",
    "sweep.to": "Bis",
    "sweep.games": "Spiele je Wert",
    "sweep.quantity": "Zeigen",
    "sweep.start": "Durchspielen",
    "sweep.cancel": "Abbrechen",
    "sweep.pick": "Wert",
    "sweep.make_draft": "Als Entwurf übernehmen",
    "sweep.none": "Diese Karte hat keine Zahl zum Durchspielen.",
    "sweep.running": "Läuft: {done} von {total} Spielen",
    "sweep.done": "Fertig: {done} Spiele.",
    "sweep.cancelled": "Abgebrochen nach {done} von {total} Spielen; die Kurve bis dahin bleibt.",
    "sweep.error": "Nicht durchgespielt: {msg}",
    "sweep.refused": "Ausgelassen, das Deck lässt sie nicht zu: {values}",
    "sweep.picked": "Der Entwurf hat jetzt {what} {value} („Rückgängig“ holt den vorigen zurück).",
    "sweep.now": "jetzt",
    "sweep.q.median_rounds": "Runden (Median)",
    "sweep.q.mean_gold": "Gold je Platz",
    "sweep.q.injuries_per_game": "Verletzungen je Spiel",
    "sweep.q.timeout_share": "Spiele am Rundenlimit",
    # sweep22: a character's value swept as a pair move (issue 22 item 3)
    "sweep.gives": "Gibt ab",
    "sweep.pair_point": "{value} · {gives} {partner}",
    "sweep.picked_pair": (
        "Der Entwurf hat jetzt {what} {value} und {gives} {partner} („Rückgängig“ holt den "
        "vorigen zurück)."
    ),
    "render.legend": "Figuren",
    "render.legend_seat": "Platz {seat}: {name}",
    "render.legend_escaped": "entkommen",
    "render.legend_injured": "verletzt",
    "print.title": "Drucken",
    "print.cards": "Kartenbögen des Entwurfs (PDF)",
    "print.rules": "Regeln (PDF)",
    "print.board": "Spielplan der Partie (PNG, A4 300 dpi)",
    "print.download": "{name} herunterladen ({kb} KB)",
    "print.error": "Nicht erstellt: {msg}",
    "deckimpact.selected": "{card}: {figure}",
    # --- Ende der Wörter der Wirkungsspalte ----------------------------------------------------
    # --- the sample-size helper (verlies sample-size, the Balance tab) ---------------------
    "samplesize.title": "Wie viele Spiele?",
    "samplesize.points": "Eine Änderung um (Punkte einer Siegquote)",
    "samplesize.sentence": (
        "Um eine Änderung von {points} Punkten bei einer Siegquote von {rate} % zu sehen"
        " (α {alpha}, beobachtete Größen: {quantities}, Trennschärfe {power} %): {planned}"
        " Spielpaare bei einem geplanten Blick; {always_valid} für einen Lauf, der nach jedem"
        " Block nachsieht, bis es klar ist ({ratio} ×, der Preis dafür, beliebig oft"
        " nachzusehen)."
    ),
    "samplesize.error": "Die Änderung muss über 0 Punkten liegen.",
    # --- end of the sample-size helper's words ----------------------------------------------
    # --- page (issue 24, branch page24): tooltips, exports, branches, messages ---------------
    "page.speed_tip": "Millisekunden zwischen zwei Schritten beim automatischen Spielen",
    "page.history_tip": "Zu jedem Schritt dieses Spiels gehen (seine aktuelle Linie)",
    "page.load_tip": "Eine gespeicherte Spieldatei (.json) öffnen",
    "page.export_board_title": (
        "Raus aus dem Verlies! · Seed {seed} · Schritt {step} · Runde {round}"
    ),
    "page.export_injured": "verletzt",
    "page.export_escaped": "entkommen",
    "page.export_legend_gold": "Gelber Punkt: Gold, das auf der Karte liegt",
    "page.export_legend_obstacle": (
        "Roter, blauer, grüner Punkt: Hindernis und die zu erreichende Zahl"
    ),
    "page.export_legend_injured": "Eine liegende Figur ist verletzt (R8)",
    "page.export_log_title": "Ereignisprotokoll, älteste zuerst (Seed {seed}, Schritt {step})",
    "page.branch_undelete": "Zweig {name} zurückholen",
    "page.branch_compare_at": "Beide Zweige nach Schritt {k} (dem gezeigten Schritt).",
    "page.branch_ends_at": "endet nach Schritt {n}",
    "page.branch_gold_hidden": "{coins} + {n} Schatzkarte(n)",
    # --- a too-long address (verlies/serve/long_url.py) ---------------------------------------
    "page.long_url.title": "Dieser Link ist zu lang",
    "page.long_url.text": (
        "Die Adresse hat {n} Zeichen; ein Stellungslink dieser Seite hat höchstens {limit}. "
        "Er wurde wohl beim Kopieren verändert oder stammt nicht von dieser Seite."
    ),
    "page.long_url.fresh": "Ein neues Spiel öffnen",
    # --- end -------------------------------------------------------------------------------------
    # --- the Balance tab's "Suggest" section (issue 22 item 4, branch suggest22) -------------
    "suggest.title": "Änderungen zu einem Ziel vorschlagen",
    "suggest.intro": (
        "Das Labor sucht die wenigsten Änderungen an den Zahlen des Entwurfs, die die Größen "
        "in ihre Bereiche bringen, und prüft den Vorschlag dann auf neuen Partien. Ein "
        "Ziel und eine bewegliche Zahl je Zeile, z. B. win:*=25+-3, edge=:2, rounds=20:30; "
        "monster:*:fight=-2:2, dungeon:*:obstacle=-1:1, character:char-barbar."
    ),
    "suggest.field.targets": "Ziele",
    "suggest.field.moves": "Was sich ändern darf",
    "suggest.field.games": "Spiele je Kandidat",
    "suggest.field.trials": "Kandidaten",
    "suggest.field.seed": "Seed",
    "suggest.start": "Vorschlagen",
    "suggest.cancel": "Abbrechen",
    "suggest.apply": "Zum Entwurf machen",
    "suggest.error": "{field}: {msg}",
    "suggest.error_line": "{field}, Zeile {line}: {msg}",
    "suggest.progress_search": "Kandidat {done} von höchstens {total}",
    "suggest.progress_verify": "Prüfung des Vorschlags auf neuen Partien: {done} von {total}",
    "suggest.running": "Suche läuft …",
    "suggest.cancelled": (
        "Abgebrochen: der beste Kandidat bis hierher, nicht auf neuen Partien geprüft."
    ),
    "suggest.done": "Fertig in {seconds} s.",
    "suggest.edits_title": "Vorgeschlagene Änderungen",
    "suggest.no_change": "Keine Änderung vorgeschlagen: kein Kandidat kam näher als der Entwurf.",
    "suggest.no_change_met": "Keine Änderung nötig: der Entwurf erfüllt jedes Ziel.",
    "suggest.not_met": "Kein Kandidat erfüllte jedes Ziel; dieser kam am nächsten.",
    "suggest.verdicts_title": (
        "Geprüft auf {games} neuen Partien (jedes Intervall zu {level}; alle Urteile "
        "zusammen höchstens mit {alpha} Wahrscheinlichkeit falsch)"
    ),
    "suggest.col.quantity": "Größe",
    "suggest.col.band": "Ziel",
    "suggest.col.start": "Entwurf",
    "suggest.col.proposal": "Vorschlag",
    "suggest.col.interval": "Intervall",
    "suggest.col.verdict": "Urteil",
    "suggest.point.met": "Die Schätzwerte des Vorschlags erfüllen jedes Ziel.",
    "suggest.point.missed": "Die Schätzwerte des Vorschlags verfehlen mindestens ein Ziel.",
    "suggest.download": "Patch-Datei herunterladen",
    "suggest.applied": (
        "Der Vorschlag ist jetzt der Entwurf („Rückgängig“ holt den vorigen zurück)."
    ),
    "suggest.apply_failed": "Der Vorschlag ließ sich nicht auf den Entwurf anwenden: {msg}",
    # --- end of the "Suggest" section's words ---------------------------------------------
    # --- background runs: a failure of the work in words (issue 20; ui/runs/run_model.py) ---
    "background.failed": "Mit einem Fehler abgebrochen ({run}): {kind}: {msg} {where}",
    "background.where": "(in {file}, Zeile {line})",
    "background.run.run": "Lauf",
    "background.run.balance": "A/B-Lauf",
    "background.run.skill": "Balance über Spielstärken",
    "background.run.suggest": "Suche nach einem Vorschlag",
    "background.run.impact": "welche Karte zählt",
    "background.run.sweep": "eine Zahl durchspielen",
    # --- end of the background runs' words ------------------------------------------------
    # --- page24c (issue 24, the rest): the branch tree's refusals (verlies/tree.py) -------
    "branch.err.unknown": "es gibt keinen Zweig „{name}“",
    "branch.err.name": "ein Zweigname hat 1 bis {limit} Zeichen",
    "branch.err.taken": "es gibt schon einen Zweig „{name}“",
    "branch.err.shown": "der gezeigte Zweig kann nicht gelöscht werden; zeige zuerst einen anderen",
    "branch.err.exists": "Zweig „{name}“ kann nicht zurückkommen: ein anderer Zweig heißt jetzt so",
    "branch.err.full": "kein Zweig kann zurückkommen: es gibt schon {limit} Zweige, die Höchstzahl",
    "branch.err.too_many": "höchstens {limit} Zweige; lösche zuerst einen",
    "store.err.draft_name_chars": "der Name eines Entwurfs enthält keine Steuerzeichen",
    "suggest.err.line_long": "eine Zeile hat höchstens {max} Zeichen, nicht {n}",
    "suggest.err.field_long": "höchstens {max} Zeichen, nicht {n}",
    # --- end of page24c's words ------------------------------------------------------------
    # --- Suggest: the unchanged deck first, pruning, error reasons (issue 22 item 4, tune22) --
    "tune.start_fresh_missed": (
        "das Startdeck verfehlte auf den Partien der Suche kein Ziel, auf neuen Partien aber "
        "eines; darum wurde nach Änderungen gesucht"
    ),
    "tune.pruned": (
        "{n} der {found} Änderungen des besten Kandidaten gestrichen: ohne jede von ihnen "
        "verfehlen die Partien der Suche nicht mehr Ziele und liegen nicht weiter daneben"
    ),
    "tune.verify_start": (
        "Prüfung auf neuen Seeds (Seed {seed}, {games} Partien des Startdecks); Intervalle je "
        "{level}, gemeinsam 95 % über {k} Größen (Bonferroni):"
    ),
    "tune.row_start": "{what}  Ziel {band}  {value} ({low} – {high})  {verdict}",
    "suggest.pruned": (
        "{n} der {found} Änderungen des besten Kandidaten wurden gestrichen: ohne jede von "
        "ihnen schneidet der Entwurf auf den Partien der Suche genauso gut ab."
    ),
    "suggest.start_fresh_missed": (
        "Der Entwurf verfehlt auf den Partien der Suche kein Ziel, auf neuen Partien aber "
        "eines; darum wurde nach Änderungen gesucht."
    ),
    "tune.error.target_form": (
        "ein Ziel schreibt sich GRÖSSE=VON:BIS oder GRÖSSE=M+-D, z. B. win:*=25+-2, nicht {text}"
    ),
    "tune.error.width_negative": "Ziel {key}: die ±-Breite ist negativ ({spec})",
    "tune.error.band_form": (
        "Ziel {key}: das Band schreibt sich VON:BIS, :BIS, VON: oder M+-D, nicht {spec}"
    ),
    "tune.error.band_list": "Ziel {key}: das Band ist [VON, BIS], nicht {spec}",
    "tune.error.band_order": "Ziel {key}: sein unteres Ende {lo} liegt über dem oberen {hi}",
    "tune.error.unknown_target": "unbekanntes Ziel {key} (bekannt: {known})",
    "tune.error.move_form": (
        "eine veränderliche Zahl schreibt sich ART:ID[:FELD][=VON:BIS], z. B. "
        "dungeon:*:obstacle=-1:1, nicht {text}"
    ),
    "tune.error.unknown_pile": "veränderlich {move}: unbekannter Stapel {kind} (bekannt: {known})",
    "tune.error.character_values": (
        "veränderlich {move}: bei einer Figur ändern sich ihre 'values', nicht {field}"
    ),
    "tune.error.unknown_field": "veränderlich {move}: unbekannte Zahl {field} (bekannt: {known})",
    "tune.error.bound_form": "veränderlich {move}: die Grenze ist VON:BIS oder ±N, nicht {bound}",
    "tune.error.bound_list": "veränderlich {move}: die Grenze ist [VON, BIS], nicht {bound}",
    "tune.error.bound_zero": (
        "veränderlich {move}: die Grenze {lo}:{hi} muss 0 enthalten (VON ≤ 0 ≤ BIS; sie ist eine "
        "Änderung gegenüber dem Wert im Startdeck)"
    ),
    "tune.error.no_card": "veränderlich {move}: keine Karte {card} im Stapel der Art {kind}",
    "tune.error.no_number": "veränderlich {move}: Karte {card} hat keine Zahl „{field}“",
    "tune.error.special_count": (
        "veränderlich {move}: Startkarte und Ausgänge behalten ihre Anzahl (R2.4, R1.3)"
    ),
    "tune.error.nothing_moves": (
        "veränderlich {move}: keine Karte mit einer Zahl „{field}“, die sich ändern kann"
    ),
    "tune.error.needs_optuna": "die Suche braucht Optuna: pip install 'verlies[tune]'",
    "tune.error.games_min": "es braucht mindestens 1 Partie je Kandidat",
    "tune.error.trials_min": "die Kandidatenzahl ist eine ganze Zahl ≥ 1, nicht {trials}",
    "tune.error.no_targets": "mindestens ein Ziel angeben, z. B. win:*=25+-2",
    "tune.error.no_moves": (
        "mindestens eine Zahl nennen, die sich ändern darf, z. B. character:char-barbar"
    ),
    "tune.error.no_character": "Ziel {key}: keine Figur {character} im Deck",
    "tune.error.no_knobs": "innerhalb der Grenzen kann sich keine Zahl ändern",
    "tune.error.storage": "Speicher {storage}: {error}",
    "tune.error.storage_open": "Speicher {storage}: lässt sich nicht öffnen ({error})",
    "tune.error.other_problem": (
        "die Studie {study} in {storage} gehört zu einer anderen Aufgabe (Deck, Ziele, "
        "veränderliche Zahlen, Partien oder Seed weichen ab): eine andere Studie benennen"
    ),
    "tune.error.nothing_played": "kein Kandidat wurde gespielt (vor dem ersten abgebrochen)",
    "tune.error.internal": "intern: der Vorschlag verletzt eine Regel: {problem}",
    "tune.error.file_read": "{file}: lässt sich nicht lesen ({error})",
    "tune.error.file_toml": "{file}: keine TOML-Datei: {error}",
    "tune.error.file_key": "{file}: unbekannter Schlüssel {key} (bekannt: {known})",
    "tune.error.file_int": "{file}: {key} ist eine ganze Zahl, nicht {value}",
    "tune.error.file_targets": "{file}: [targets] ist eine Tabelle aus GRÖSSE = Band",
    "tune.error.file_band": ('{file}: Ziel {key}: das Band ist "VON:BIS", "M+-D" oder [VON, BIS]'),
    "tune.error.in_file": "{file}: {reason}",
    "tune.error.file_move_card": '{file}: [[move]] Nummer {i}: braucht {name} = "ART:ID"',
    "tune.error.file_move_key": (
        "{file}: [[move]] Nummer {i}: unbekannter Schlüssel {key} (bekannt: {known})"
    ),
    "tune.error.file_move_form": "{file}: [[move]] Nummer {i}: {name} ist ART:ID, nicht {card}",
    "tune.error.in_move_entry": "{file}: [[move]] Nummer {i}: {reason}",
    "tune.error.empty": "nichts angegeben",
    "tune.error.at_least": "mindestens {n}",
    "tune.error.no_character_here": "keine Figur {character}",
    "tune.error.nothing_of_the_deck": "nichts im Deck kann sich so ändern",
    # --- end of tune22's words --------------------------------------------------------------
    # --- words24 (issue 24): a broken link's or save file's step, variants and characters --
    # (verlies/actions.py from_json, verlies/variants.py, verlies/setup.py, verlies/legal.py)
    "step.err.not_action": "kein Spielschritt: {data}",
    "step.err.kind": "unbekannte Art von Schritt {kind}",
    "step.err.too_many": "zu viele Angaben für {kind}: {data}",
    "step.err.too_few": "zu wenige Angaben für {kind}: {data}",
    "step.err.path": "ungültiger Weg {value}",
    "step.err.attribute": "ungültige Eigenschaft {value}",
    "step.err.card": "ungültige Karten-Kennung {value}",
    "step.err.number": "ungültige Zahl {value} in {kind}",
    "step.chance.die": "ein Würfelwurf",
    "step.chance.gold": "ein Wurf um Gold",
    "step.chance.dungeon": "eine gezogene Verlieskarte",
    "step.chance.room": "eine gezogene Raumkarte",
    "step.chance.monster": "eine gezogene Monsterkarte",
    "step.chance.treasure": "eine gezogene Schatzkarte",
    "variants.err.shape": "die Varianten müssen ein Objekt aus Schaltern sein, nicht {value}",
    "variants.err.unknown": "unbekannte Varianten: {names}",
    "variants.err.value": "Variante {name} muss wahr oder falsch sein, nicht {value}",
    "setup.err.characters_shape": (
        "die Figuren müssen eine Liste von Karten-Kennungen sein, nicht {value}"
    ),
    "setup.err.missing": "der Spielvorbereitung fehlt der Wert {field}",
    # --- end of words24's words --------------------------------------------------------------
    # --- lifetimes ---
    "page.lost.inert": "Diese Seite nimmt bis zum Neuladen keine Eingaben mehr an.",
    "page.busy.title": "Zu viele neue Seiten von deiner Adresse",
    "page.busy.text": (
        "Deine Adresse hat {count} Seiten des Spiels geöffnet, die sich noch nicht verbunden"
        " haben. Jede hält einen Platz auf dem Server, bis sie sich verbindet, oder etwa"
        " eine Minute lang."
    ),
    "page.busy.retry": "Noch einmal versuchen",
    "page.busy.auto": "Diese Seite versucht es in {seconds} Sekunden von selbst noch einmal.",
    "page.full.when": "Meist ist in {seconds} Sekunden wieder ein Platz frei.",
    # --- tables ---------------------------------------------------------------------------
    "table.err.stale_mine": (
        "dein Platz hat Schritt {step} schon in einem anderen Tab oder Fenster gemacht; "
        "dieses zeigt den Tisch, wie er jetzt steht"
    ),
    "table.err.stale_seat": (
        "Platz {by} hat Schritt {step} schon gemacht; du siehst den Tisch, wie er jetzt steht"
    ),
    "table.err.stale_moved": (
        "der Tisch ist vor deinem Schritt {step} weitergegangen (Zurücknehmen, ein Wurf oder "
        "ein Bot); du siehst ihn, wie er jetzt steht"
    ),
    "page.table.not_yours": "Du bist nicht dran: Platz {n} ({who}) entscheidet; du wartest auf ihn",
    "page.table.watching": "Du schaust zu: Platz {n} ({who}) entscheidet",
    # --- end of tables' words ---------------------------------------------------------------
    # --- sanity ---
    "sanity.pct": "{p}\u00a0%",
    "sanity.or": " oder ",
    "sanity.and": "; ",
    "sanity.obstacle_row": "Hindernis {test} · {n}×",
    "sanity.card_row": "{name} ({test})",
    "sanity.kinds.obstacle": "Hindernisse",
    "sanity.kinds.trap": "Fallen",
    "sanity.kinds.monster": "Monster",
    "sanity.head.obstacle": "Hindernisse (R4.2)",
    "sanity.head.trap": "Fallen (R6.2)",
    "sanity.head.monster": "Monster (R7.2)",
    "sanity.r2": (
        "{rule}: {name} {values} verletzt die Charakterregel (jeder Wert {lo}–{hi}, die drei "
        "zusammen {total}): {problem}."
    ),
    "sanity.r2_outside": "{attr} ist {v}",
    "sanity.r2_sum": "die Summe ist {sum}",
    "sanity.nobody": (
        "{row}: kein Charakter kann diesen Wurf je gewinnen: die genaue Chance ist für alle "
        "{n} 0\u00a0%."
    ),
    "sanity.hardly": (
        "{row}: kaum jemand gewinnt diesen Wurf: die beste Chance ist {best} ({who}); {zero} "
        "von {n} Charakteren haben 0\u00a0%."
    ),
    "sanity.row_hard": (
        "{row}: viel schwerer als die übrigen {kind}: mittlere Chance {mean}; die mittlere "
        "Hälfte der {kind} liegt bei {middle}."
    ),
    "sanity.row_easy": (
        "{row}: viel leichter als die übrigen {kind}: mittlere Chance {mean}; die mittlere "
        "Hälfte der {kind} liegt bei {middle}."
    ),
    "sanity.char_strong": (
        "{name} {values} gewinnt viel mehr Würfe als die übrigen Charaktere: mittlere Chance "
        "{mean} über alle Hindernisse, Fallen und Monster; die mittlere Hälfte der Charaktere "
        "liegt bei {middle}."
    ),
    "sanity.char_weak": (
        "{name} {values} gewinnt viel weniger Würfe als die übrigen Charaktere: mittlere "
        "Chance {mean} über alle Hindernisse, Fallen und Monster; die mittlere Hälfte der "
        "Charaktere liegt bei {middle}."
    ),
    "sanity.title": "Plausibilitätsprüfung",
    "sanity.none": (
        "Keine Warnungen: jeder Charakter hält die Charakterregel ein, jeder Wurf ist zu "
        "gewinnen, keine Karte und kein Charakter fällt aus der Reihe."
    ),
    "sanity.warnings": "Warnungen ({n}): das Deck nimmt sie an, ein Spiel ist möglich.",
    "sanity.with_warnings": "übernommen, mit Warnungen",
    "sanity.table": "Genaue Chancen jedes Charakters (ohne magische Schätze)",
    "sanity.test": "Wurf",
    "sanity.mean": "Mittel, nach Anzahl",
    "sanity.legend": (
        "▼ viel schwerer als der Rest seiner Art, ▲ viel leichter (Tukey-Zäune: das 1,5-Fache "
        "der Breite der mittleren Hälfte darüber hinaus, mindestens 10 Punkte); eine markierte "
        "Spalte: ein Charakter, der viel stärker oder schwächer ist als die übrigen. Mit der "
        "Maus über einer Chance steht der genaue Bruch."
    ),
    "sweep.q.win_spread": "Spanne der Gewinnquoten",
    "sweep.q.win": "Gewinnquote: {name}",
    "sweep.unit.points": "Punkte",
    "sweep.unit.pct": "%",
    "sweep.axis": "{what} ({unit})",
    "sweep.pts": "{x} Pkt.",
    "sweep.second": "Mit einer zweiten Zahl",
    "sweep.second_none": "keine",
    "sweep.from2": "Von (2.)",
    "sweep.to2": "Bis (2.)",
    "sweep.x_pair": "{what} ({gives} gibt ab)",
    "sweep.x_grid_char": "{third} gleicht auf die Summe 10 aus",
    "sweep.of": "Entwurf „{deck}“, {card}: {what}.",
    "sweep.stale": (
        "Veraltet: der Entwurf hat sich nach diesem Durchlauf geändert. Erneut durchspielen, "
        "um den Entwurf zu sehen, wie er jetzt ist."
    ),
    "sweep.col.value": "Wert",
    "sweep.col.interval": "95-%-Intervall",
    "sweep.col.games": "Spiele",
    "sweep.col.floor": "Rauschgrenze",
    "sweep.floor_note": (
        "Gestrichelte Linie und letzte Spalte: die Rauschgrenze, die Spanne, die der Zufall "
        "allein ergibt, wenn jeder Charakter gleich oft gewinnt (95. Perzentil); eine Spanne "
        "darunter ist kein Zeichen von Unwucht."
    ),
    "sweep.grid_axes": (
        "Spalten: {x}; Zeilen: {y}. Mit der Maus über einer Zelle steht ihr 95-%-Intervall."
    ),
    "sweep.cell": "{a} × {b}",
    "sweep.picked_grid": (
        "Der Entwurf hat jetzt {x} {a} und {y} {b} („Rückgängig“ holt den vorigen zurück)."
    ),
    # --- verdict ---
    # (verlies/sim/verdict.py, verlies/i18n/metrics.py before_after_*, der Balance-Reiter,
    # der Vergleich benannter Entwürfe, die Skill-Matrix: eine Vorher-nachher-Antwort)
    "verdict.better": "Besser: {why}",
    "verdict.worse": "Schlechter: {why}",
    "verdict.mixed": "Gemischt: {why}",
    "verdict.mixed_neutral": ("Verändert, aber weder zum Ziel hin noch davon weg: {why}"),
    "verdict.no_change": (
        "Keine nennenswerte Änderung nach {n} Partien je Deck: jede Änderung liegt "
        "innerhalb ihres δ (eine Siegquote: ±{d} Punkte)"
    ),
    "verdict.unplayed": (
        "Der Entwurf ändert Figuren, die in keiner dieser Partien mitspielen ({names}): "
        "diese Antwort kann diese Änderung nicht zeigen; lass jede Figur mitspielen "
        "(verlies compare --characters all)."
    ),
    "verdict.cant_tell": (
        "Noch nicht zu sagen nach {n} Partien je Deck: weder Siegquoten noch der "
        "Vorteil des ersten Platzes, Zeitüberschreitungen oder Partielänge haben sich "
        "deutlich verändert, und nicht jede Änderung liegt sicher innerhalb ihres δ; "
        "etwa {more} weitere "
        "Partien je Deck würden es entscheiden"
    ),
    "verdict.cant_tell_far": (
        "Noch nicht zu sagen nach {n} Partien je Deck: weder Siegquoten noch der "
        "Vorteil des ersten Platzes, Zeitüberschreitungen oder Partielänge haben sich "
        "deutlich verändert, und nicht jede Änderung liegt sicher innerhalb ihres δ; "
        "die Änderungen liegen so "
        "nah an ihrem δ, dass auch viele weitere Partien es kaum entscheiden"
    ),
    "verdict.why.fell": "{what} fiel von {a} auf {b} (deutlich)",
    "verdict.why.rose": "{what} stieg von {a} auf {b} (deutlich)",
    "verdict.why.shorter": "die Partien wurden um {d} Runden kürzer (deutlich)",
    "verdict.why.longer": "die Partien wurden um {d} Runden länger (deutlich)",
    "verdict.why.but": "{good}, aber {bad}",
    "verdict.miss.still_above": "{name} liegt weiter über dem Ziel ({value}, {span})",
    "verdict.miss.still_below": "{name} liegt weiter unter dem Ziel ({value}, {span})",
    "verdict.miss.now_above": "{name} liegt jetzt über dem Ziel ({value}, {span})",
    "verdict.miss.now_below": "{name} liegt jetzt unter dem Ziel ({value}, {span})",
    "verdict.miss.more": "{n} weitere außerhalb des Ziels",
    "verdict.q.win": "die Siegquote von {name}",
    "verdict.q.spread": "die Spanne der Siegquoten",
    "verdict.q.edge": "der Vorteil des ersten Platzes",
    "verdict.q.timeouts": "die Zeitüberschreitungen",
    "verdict.q.rounds": "die Partielänge (Median der Runden; Änderung: der Mittelwert)",
    "verdict.wins": "Siegquoten im Entwurf „{draft}“ ({n} Partien): {items}",
    "verdict.status.met": "im Ziel",
    "verdict.status.missed_above": "über dem Ziel",
    "verdict.status.missed_below": "unter dem Ziel",
    "verdict.status.undecided": "noch nicht zu sagen",
    "verdict.status.below_floor": "im Rauschen",
    "verdict.status.above_floor": "über dem Rauschboden",
    "verdict.floor": "(Rauschboden {floor})",
    "verdict.col.base": "vorher: {name}",
    "verdict.col.draft": "nachher: {name}",
    "verdict.col.change": "Änderung ★",
    "verdict.col.target": "Ziel",
    "verdict.col.state": "nachher gegen Ziel",
    "verdict.table.title": "Vorher und nachher: „{base}“ → „{draft}“, {n} Partien je Deck",
    "verdict.table.foot": (
        "Das Intervall jeder Änderung ist das, auf das sich das Urteil stützt: {method}, "
        "Holm über die beobachteten Größen bei α = {alpha}; ★: das Intervall schließt 0 "
        "aus. Werte vorher und nachher: Intervalle auf der Stufe von „Vorschlagen“ "
        "(Bonferroni über die Ziele)."
    ),
    "verdict.table.foot_none": (
        "Unkorrigiert (jedes Intervall bei α = {alpha}, {method}): nur zum Messen."
    ),
    "verdict.targets": "Ziele",
    "verdict.targets_help": (
        "wie bei „Vorschlagen“: win:*=25+-3; edge=-2:2; rounds=20:30; timeouts=:2 "
        "(getrennt durch ;)"
    ),
    "verdict.targets_error": ("Ziele nicht übernommen: {msg} (die letzten Ziele bleiben: {last})"),
    "verdict.more": "{more} weitere Partien je Deck spielen",
    "verdict.belongs": "Ergebnis für den Entwurf „{draft}“ gegen „{base}“.",
    "verdict.stale": (
        "Veraltet: der Entwurf hat sich nach diesem Ergebnis geändert (es gehört zu „{draft}“)."
    ),
    "verdict.glossary": "Was die Wörter bedeuten",
    "verdict.glossary_link": "Glossar",
    "verdict.gloss.star.term": "★ (deutlich)",
    "verdict.gloss.star": (
        "Das Intervall der Änderung schließt 0 aus: auf der angegebenen Fehlerstufe ist die "
        "Änderung echt und kein Rauschen. Jeder ★ steht bei dem Intervall, das ihn trägt."
    ),
    "verdict.gloss.holm.term": "Holm",
    "verdict.gloss.holm": (
        "Eine Korrektur, wenn viele Größen zugleich betrachtet werden: der kleinste p-Wert "
        "muss α/K unterschreiten, der nächste α/(K−1) und so fort, bis zum ersten, der es "
        "nicht tut. So bleibt die Chance auf irgendeinen falschen ★ höchstens α."
    ),
    "verdict.gloss.no_change.term": "keine nennenswerte Änderung, δ",
    "verdict.gloss.no_change": (
        "δ ist die kleinste Änderung, auf die es ankommt (3 Punkte einer Siegquote, 1 Runde, "
        "2 Punkte Zeitüberschreitungen). „Keine nennenswerte Änderung“ heißt: das Intervall "
        "jeder Änderung liegt innerhalb ±δ; sie muss nicht null sein, ist aber kleiner als "
        "das, worauf es ankommt."
    ),
    "verdict.gloss.robust.term": "robuste Balance",
    "verdict.gloss.robust": (
        "1 − die größte Spanne der Siegquoten der Figuren über alle erprobten Bot-Tische "
        "(vorsichtig, zufällig, gemischt): wie gleich stark die Figuren an dem Tisch sind, "
        "der sie am stärksten trennt. 1 heißt vollkommen gleich."
    ),
    "verdict.gloss.floor.term": "Rauschboden",
    "verdict.gloss.floor": (
        "Die Spanne der Siegquoten, die der Zufall allein bei so vielen Partien ergibt, wenn "
        "alle Figuren gleich stark sind (das 95. Perzentil). Eine Spanne darunter ist kein "
        "Beleg für ein Ungleichgewicht."
    ),
    "verdict.gloss.level.term": "Stufe eines Intervalls",
    "verdict.gloss.level": (
        "Die Chance, dass das Intervall den wahren Wert verfehlt: bei α = 0,05 geschieht das "
        "in höchstens 5 von 100 Läufen. Jederzeit gültige Intervalle halten das, so oft der "
        "Lauf auch hinschaut."
    ),
    "verdict.gloss.more": "Mehr in docs/glossary.md.",
    "verdict.others": "Weitere Größen (Holm über diese Zeilen; ★: das Intervall schließt 0 aus)",
    "balance.watch.verdict": "bis die Vorher-nachher-Antwort klar ist",
    "verdict.skill_belongs": "Matrix des Entwurfs „{draft}“.",
    "verdict.diff_title": (
        "Siegquote je Figur: Entwurf − Deck neuer Spiele (die Intervalle der Antwort; ★ deutlich)"
    ),
    "verdict.diff_hover": "{name}: {diff} (Intervall der Antwort {low} bis {high})",
    "verdict.also": "Außerdem deutlich verändert (★, Holm über diese Größen): {items}.",
    # --- end of verdict's words ---
    # --- suggest ---
    "tune.head.within": (
        "Im Ziel: jedes Ziel auf {games} neuen Partien erfüllt; nichts zu ändern."
    ),
    "tune.head.undecided": (
        "Keine Änderung vorgeschlagen, aber nicht jedes Ziel ist entschieden: jeder "
        "Schätzwert liegt auf {games} neuen Partien in seinem Band, doch {undecided} von "
        "{k} Zielen sind noch offen."
    ),
    "tune.head.improved": (
        "Vorschlag: {n} Änderung(en) bringen das Deck näher an seine Ziele (Abstand zu den "
        "Zielen auf {games} neuen Partien: Start {start}, Vorschlag {value})."
    ),
    "tune.head.legal": (
        "Vorschlag: {n} Änderung(en) geben {characters} regelgerechte Werte (je 1–6, Summe "
        "10), aber nicht näher an den Zielen (Abstand auf {games} neuen Partien: Start "
        "{start}, Vorschlag {value})."
    ),
    "tune.head.no_improvement": (
        "Mit diesen Spielräumen keine Verbesserung gefunden: der beste Kandidat liegt nicht "
        "näher an den Zielen als das Startdeck (Abstand auf {games} neuen Partien: Start "
        "{start}, bester Kandidat {value}); das Deck bleibt besser, wie es ist."
    ),
    "tune.head.no_improvement_off": (
        "Mit diesen Spielräumen keine Verbesserung gefunden: der beste Kandidat liegt nicht "
        "näher an den Zielen als das Startdeck (Abstand auf {games} neuen Partien: Start "
        "{start}, bester Kandidat {value}); das Deck bleibt besser, wie es ist. Am weitesten "
        "daneben liegt darin {what}, {estimate} gegen {band}."
    ),
    "tune.head.unverified": (
        "Nicht auf neuen Partien geprüft (abgebrochen oder keine Prüfung verlangt): der "
        "bisher beste Kandidat wird gezeigt, nicht als Entwurf angeboten."
    ),
    "tune.tally": "Urteile: {met} erfüllt, {missed} verfehlt, {undecided} noch offen",
    "tune.tally.missed": "verfehlt: {names}",
    "tune.tally.more": (
        "etwa {more} Partien mehr je Deck ({games} insgesamt) würden die offenen entscheiden"
    ),
    "tune.tally.edge": (
        "ein Schätzwert liegt genau auf dem Rand seines Zielbereichs: keine Zahl von Partien "
        "entscheidet ihn"
    ),
    "tune.hint.character": (
        "{what} liegt am weitesten neben dem Ziel, und die erlaubten Spielräume erreichen "
        "es nicht: {move} erlauben"
    ),
    "tune.hint.bound": (
        "eine Änderung blieb am Rand ihres Spielraums stehen; mehr Raum könnte {what} "
        "erreichen: {move} erlauben"
    ),
    "tune.start_fresh_off": (
        "das Startdeck lag auf den Partien der Suche in jedem Band, auf neuen Partien aber "
        "nicht, darum wurden Änderungen gesucht"
    ),
    "tune.start_illegal": (
        "das Startdeck verletzt die Regel einer Figur (Werte 1–6, Summe 10): {characters}; "
        "jeder Kandidat gibt regelgerechte Werte"
    ),
    "tune.rerun": "erneut damit starten: {command}",
    "tune.distance_note": (
        "Abstand: Punkte Siegquote (Runden) außerhalb der Bänder, über die Ziele summiert"
    ),
    "suggest.for_draft": "Für den Entwurf „{name}“.",
    "suggest.stale": "Veraltet: der Entwurf hat sich seit diesem Vorschlag geändert.",
    "suggest.rerun": "Erneut vorschlagen und dabei auch {move} erlauben",
    "suggest.hints_title": "Was die erlaubten Spielräume nicht erreichen",
    "tune.tally.paired_clear": (
        "der gepaarte Vergleich Start → Vorschlag zeigt eine deutliche Änderung (Fehler "
        "höchstens {alpha})"
    ),
    "tune.tally.paired_open": (
        "der gepaarte Vergleich Start → Vorschlag kann die Änderung noch nicht vom Zufall "
        "unterscheiden"
    ),
    # --- impact ---
    "impact36.head": (
        "Welche Karte zählt in {deck}: jede Karte gegen den Entwurf, in dem sie typisch für "
        "ihre Art ist, mit denselben Seeds ({games} Spiele in {rounds}, {pairs})"
    ),
    "impact8.head_rounds": "{n} Runden",
    "impact8.head_rounds_one": "1 Runde",
    "impact8.head_pairs": "{n} Paare je Karte",
    "impact8.head_pairs_range": "{low} bis {high} Paare je Karte",
    "impact36.star": (
        "★ = eine deutliche Wirkung: da alle Karten und Größen zugleich geprüft werden "
        "({family} Intervalle), ist die Wahrscheinlichkeit, dass irgendein ★ dieser Liste "
        "Zufall ist, höchstens {alpha} %."
    ),
    "impact36.row": "{card}: {what} {diff} ({low} … {high}), {times}× eine spürbare Änderung",
    "impact36.row_unclear": "{card}: {what} {diff} ({low} … {high}), nicht deutlich",
    "impact36.no_pairs": "{card}: noch keine Paare",
    "impact36.changed": "(im Entwurf geändert)",
    "impact36.none_clear": "Noch keine Karte hat eine deutliche Wirkung.",
    "impact36.noise_head_one": "Keine messbare Wirkung bei {n} Paaren (1 Karte):",
    "impact36.untested_head_one": (
        "Nicht verglichen (1 Karte): schon typisch für ihre Art, oder die Startkarte oder "
        "ein Ausgang."
    ),
    "impact8.pending": "Noch nicht gemessen ({count} Karten: ihre Vorprüfung läuft noch):",
    "impact8.pending_one": "Noch nicht gemessen (1 Karte: ihre Vorprüfung läuft noch):",
    "impact8.changed_reference": (
        "(im Entwurf über ihre Zahlen hinaus geändert: verglichen mit ihrer Karte in {ref})"
    ),
    "impact36.noise_head": "Keine messbare Wirkung bei {n} Paaren je Karte ({count} Karten):",
    "impact36.noise_head_range": (
        "Keine messbare Wirkung bei {low} bis {high} Paaren je Karte ({count} Karten):"
    ),
    "impact36.noise_changed": (
        "{card} (im Entwurf geändert): keine deutliche Wirkung bei {n} Paaren. Die größte "
        "gemessene Änderung ist {what} {diff} ({size}× eine spürbare Änderung); vielleicht "
        "spürt das Spiel diese Karte kaum, doch diese Paare schließen bis zu {times}× eine "
        "spürbare Änderung bei einer Größe nicht aus."
    ),
    "impact36.untested_head": (
        "Nicht verglichen ({count} Karten): schon typisch für ihre Art, oder die Startkarte "
        "und die Ausgänge."
    ),
    "impact36.stopped": "Angehalten: {why}.",
    "deckimpact.intro36": (
        "Welche Karte zählt: jede Karte des Entwurfs gegen den Entwurf, in dem diese Karte "
        "typisch für ihre Art ist (ihre Zahlen auf dem Median ihres Stapels; eine Figur auf "
        "dem Median der anderen; eine Karte ohne Zahl ein Exemplar weniger), mit denselben "
        "Seeds. Im Entwurf geänderte Karten zuerst; Spiele gehen an die Karten, die die "
        "Reihenfolge entscheiden. Eine Karte mit ★ bewegt eine Kennzahl deutlich; die "
        "übrigen stehen getrennt darunter, ohne messbare Wirkung bei dieser Größe."
    ),
    "deckimpact.method": "Maß",
    "deckimpact.method.contribution": "typisch gemacht (welche Karte zählt)",
    "deckimpact.method.sensitivity": "±1 (wie stark das Spiel auf ihre Zahl reagiert)",
    "deckimpact.games.contribution": "Spiele insgesamt",
    "deckimpact.how.typical": "schon typisch für ihre Art: nichts zu vergleichen",
    "deckimpact.how.frame": "Startkarte oder Ausgang: der Rahmen des Spiels, nicht verglichen",
    "deckimpact.how.refused": "das Deck lehnt ihre typische Fassung ab: nicht verglichen",
    "deckimpact.noise": "keine messbare Wirkung bei {n} Spielen",
    "deckimpact.times": "{n}× eine spürbare Änderung",
    "deckimpact.eta": "noch etwa {s} s",
    "deckimpact.phase.round": "Runde {round}: {done} von höchstens {total} Spielen.",
    "deckimpact.belongs": "Diese Zahlen gehören zum Entwurf „{draft}“.",
    "deckimpact.largest": "größte gemessene Änderung: {what}",
    "deckimpact.phase.ranked_one": "Fertig: {done} Spiele, 1 Karte mit deutlicher Wirkung (★).",
    "deckimpact.phase.ranked": (
        "Fertig: {done} Spiele, {ranked} Karten mit deutlicher Wirkung (★)."
    ),
    "deckimpact.star": (
        "★: diese Karte bewegt die gezeigte Kennzahl mindestens um das nähere Ende des "
        "Intervalls; da alle Karten und Kennzahlen zugleich geprüft werden ({family} "
        "Intervalle), ist die Wahrscheinlichkeit, dass irgendein ★ dieser Liste Zufall ist, "
        "höchstens {alpha} %."
    ),
    # --- feel ---
    "feel.head": ("Spielgefühl: {label}, {games} Spiele, {p} Spieler (Siegchancen geschätzt)"),
    "feel.none": "{name}: kein Spiel zu messen",
    "feel.name.decisiveness": "Entschieden",
    "feel.name.drama": "Dramatik",
    "feel.name.comeback": "Aufholjagden",
    "feel.name.lead_changes": "Führungswechsel",
    "feel.name.agency": "Echte Entscheidungen",
    "feel.name.wait_decisions": "Warten (Entscheidungen)",
    "feel.name.wait_steps": "Warten (Schritte)",
    "feel.name.longest_wait": "Längstes Warten",
    "feel.line.decisiveness": (
        "Entschieden: der Sieger blieb im Mittel nach {mean} der Partie der Favorit "
        "({low} – {high}, {n} Spiele)"
    ),
    "feel.line.drama": (
        "Dramatik: an ihrer schlechtesten Stelle lagen die Sieger {mean} Siegchance hinter dem "
        "Favoriten ({low} – {high}, {n} Spiele)"
    ),
    "feel.line.comeback": (
        "Aufholjagden: {mean} der Spiele gewann, wer zur Halbzeit Letzter war "
        "({low} – {high}, {n} Spiele)"
    ),
    "feel.line.lead_changes": (
        "Führungswechsel: die Goldführung wechselte {mean}-mal pro Spiel ({low} – {high})"
    ),
    "feel.line.agency": (
        "Echte Entscheidungen: {mean} der Entscheidungen eines Spielers boten eine echte "
        "Wahl ({low} – {high}, {n} Spiele)"
    ),
    "feel.line.wait_decisions": (
        "Warten: im Mittel {mean} Entscheidungen der anderen zwischen den eigenen ({low} – {high})"
    ),
    "feel.line.wait_steps": (
        "Warten: im Mittel {mean} Spielschritte zwischen den eigenen Entscheidungen "
        "({low} – {high})"
    ),
    "feel.line.longest_wait": (
        "Längstes Warten: im Mittel {mean} Entscheidungen der anderen pro Spiel ({low} – {high})"
    ),
    "feel.skill.head": "Können-Kurve: {label}, {games} Spiele je Budget, {p} Spieler",
    "feel.skill.row": (
        "Such-Bot mit {budget} Welten je Entscheidung: gewinnt {rate} ({low} – {high}), "
        "vorsichtig auf demselben Platz {base}; Gewinn {gain} ({glow} – {ghigh})"
    ),
    "feel.skill.sum": (
        "Können: {gain} Siegchance mehr als vorsichtig beim größten Budget "
        "({low} – {high}); ab {budget} Welten flacht es ab"
    ),
    "feel.skill.read.skill": (
        "Können zahlt sich aus: der Such-Bot mit {budget} Welten gewinnt klar öfter als "
        "vorsichtig auf demselben Platz ({gain}, {low} – {high})"
    ),
    "feel.skill.read.luck": (
        "Das Glück entscheidet: ein stärkerer Spieler gewinnt nicht öfter als vorsichtig, "
        "auf {delta} genau ({gain}, {low} – {high}, 95 %)"
    ),
    "feel.skill.read.less": (
        "Der Such-Bot mit {budget} Welten gewinnt klar seltener als vorsichtig auf "
        "demselben Platz ({gain}, {low} – {high})"
    ),
    "feel.skill.read.open": (
        "Noch nicht zu sagen, ob sich Können auszahlt: das Intervall des Gewinns "
        "({low} – {high}) enthält 0 und reicht über {delta} hinaus; mehr Spiele spielen"
    ),
    "feel.show": "Spiel {index} (Startwert {seed}), Zug {turn}: {link}",
    "feel.show.none": "Kein Spiel des Laufs zeigt das.",
    "feel.show.nolink": "zu lang für einen Link",
    # --- serve2 ---
    # eine Adresse, die der Seitenserver ablehnt (verlies/serve/routes.py)
    "page.route.bad.title": "Diese Adresse ist ungültig",
    "page.route.bad.text": (
        "Die Adresse enthält Zeichen oder Schritte, die keine Seite dieses Spiels benutzt. "
        "Prüfe den Link, den du bekommen hast."
    ),
    "page.route.missing.title": "Hier ist nichts",
    "page.route.missing.text": "Dieser Server hat unter dieser Adresse keine Seite.",
    "page.route.error.title": "Darauf kann der Server nicht antworten",
    "page.route.error.text": "Der Server hat diese Anfrage abgelehnt (HTTP {code}).",
    "page.route.home": "Zum Spiel",
    # --- answers ---
    "metric.spread": "Spanne der Siegquoten",
    "answers.others.title": "Weitere Größen, {n} Partien je Deck",
    "answers.others.foot": (
        "Holm über diese {count} Zeilen für sich bei α = {alpha} ({method}); ★: das Intervall"
        " schließt 0 aus. Ein Intervall je Zahl: die Siegquoten, der Vorteil des ersten "
        "Platzes, die Zeitüberschreitungen und die Länge stehen in der Antwort oben, auf der "
        "Stufe, die ihr ★ verwendet."
    ),
    "answers.sweep.now": "(jetzt)",
    "answers.sweep.heat_head": "Spanne der Siegquoten in Punkten, {x} nach rechts, {y} nach unten",
    "sweep.card2": "Karte der zweiten Zahl",
    "sweep.card2_same": "diese Karte",
    "sweep.axis_card": "{card}: {what}",
    # --- autosave ---
    "store.err.ws_id": "keine Arbeitsbereich-Kennung: {id}",
    "store.err.ws_missing": "kein Arbeitsbereich {id} im Speicher",
    "store.err.ws_too_large": (
        "der Arbeitsbereich hat {size} Bytes, mehr als die {max}, die der Speicher aufhebt"
    ),
    "store.err.ws_foreign": (
        "Arbeitsbereich {id} gehört einem anderen Browser: diese Seite hebt eine eigene Kopie auf"
    ),
    "store.err.ws_corrupt": "Arbeitsbereich {id} ist kein lesbares JSON: {error}",
    "store.err.ws_format": "Arbeitsbereich {id} hat Format {got}, diese Seite liest Format {want}",
    "workspace.err.field": "{where}: erwartet {what}",
    "workspace.saved": "Arbeit gesichert um {time}",
    "workspace.link": "Link zu dieser Arbeit",
    "workspace.failed": "Arbeit nicht gesichert: {msg}",
    "workspace.bad": (
        "Deine gesicherte Arbeit ließ sich nicht lesen ({msg}); die Seite beginnt leer."
    ),
    "workspace.back": "Deine Arbeit von {time} ist zurück:",
    "workspace.item.draft": "Arbeitsentwurf „{draft}“",
    "workspace.item.balance": "Balance-Antwort zu „{draft}“ ({time})",
    "workspace.item.impact": "Wirkungszahlen zu „{draft}“ ({time})",
    "workspace.item.skill": "Balance über Spielstärken zu „{draft}“ ({time})",
    "workspace.item.compare": "Vergleich mit „{draft}“ ({time})",
    "workspace.fresh": "vom Entwurf, wie er jetzt ist",
    "workspace.stale": "veraltet: das Deck hat sich seitdem geändert",
    "workspace.dropped": "{what} weggelassen: {msg}",
    # --- feel2 ---
    "feel.name.kingmaking": "Königsmacher",
    "feel.name.mattered": "Gewicht der Wahl",
    "feel.line.kingmaking": (
        "Königsmacher: in {mean} der Spiele entschied ein Spieler, der nicht mehr "
        "gewinnen konnte, wer gewinnt ({low} – {high}, {n} Spiele)"
    ),
    "feel.line.mattered": (
        "Gewicht der Wahl: die Optionen des Such-Bots unterschieden sich im Schnitt um "
        "{mean} Siegchance ({low} – {high}, {n} Spiele)"
    ),
    "feel.ab.head": (
        "Spielgefühl, Entwurf gegen Basis ({pairs} Paare; Holm über die Kennzahlen "
        "bei α = {alpha}, jederzeit gültig): {verdict}"
    ),
    "feel.ab.row": "  {name}: {a} → {b}, {diff} ({low} … {high}): {state}",
    "feel.ab.pts": "{x} Pkt.",
    "feel.ab.different": "das Spiel fühlt sich anders an",
    "feel.ab.no_change": "keine nennenswerte Änderung",
    "feel.ab.undecided": "noch nicht zu sagen",
    "feel.ab.state.different": "verändert",
    "feel.ab.state.within": "keine nennenswerte Änderung",
    "feel.ab.state.open": "noch nicht zu sagen",
    "feel.section": "Spielgefühl",
    "feel.show.button": "Zeig mir so ein Spiel",
    "feel.show.open": "Spiel {index} des Entwurfs bei Zug {turn} öffnen",
    # --- serve3 ---
    "page.cookies.title": "Diese Seite braucht ein Cookie",
    "page.cookies.text": (
        "Dein Browser nimmt von diesem Server keine Cookies an. Die Seite erreicht ihr"
        " Spiel auf dem Server nur mit einem kleinen Cookie, das sagt, welchem Browser sie"
        " ausgeliefert wurde, damit niemand sonst in dein Spiel eingreift: ohne es bewegt"
        " sich nichts auf dem Brett."
    ),
    "page.cookies.fix": "Erlaube Cookies für diese Seite im Browser und lade sie dann neu.",
    # --- feel3 ---
    "feel3.budget": (
        "Fehlerbudget α = {total}: {answer} für die Größen oben, {others} für die "
        "übrigen Größen, {feel} für das Spielgefühl; die Wahrscheinlichkeit, dass "
        "irgendein ★ oder eine hier genannte Änderung Zufall ist, ist höchstens {total}."
    ),
    "feel3.sweep.head": "{name} je Wert (95-%-Intervall):",
    "feel3.people.title": "Menschen neben Bots",
    "feel3.people.none": (
        "Noch kein beendetes Spiel von Menschen mit diesem Entwurf und {players} Spielern "
        "gespeichert: Spiele auf dem Spiel-Reiter erscheinen hier."
    ),
    "feel3.people.button": "Spiele von Menschen neben die Bots stellen",
    "feel3.people.head": "{games} Spiele von Menschen mit diesem Entwurf ({players} Spieler).",
    "feel3.people.left_out": (
        "{n} davon beim Spielgefühl ausgelassen: ihre Wiederholung ergab nicht das "
        "gespeicherte Spiel (ein von Hand gewählter Wurf oder eine Änderung)."
    ),
    "feel3.people.agree": (
        "Der Bot „{bot}“ hätte in {share} von {decisions} Entscheidungen gewählt wie die Menschen "
        "({low} – {high}, {games} Spiele)"
    ),
    "feel3.people.feel_head": (
        "Spielgefühl, Menschen ({people} Spiele) gegen Bots „{bot}“ mit denselben "
        "Aufstellungen ({bots} Spiele); die Intervalle gelten zusammen zu 95 %:"
    ),
    "feel3.people.gap": (
        "  {name}: Menschen {people}, Bots {bots}, {diff} ({low} … {high}): {state}"
    ),
    "feel3.people.differs": "unterscheidet sich",
    "feel3.people.same": "kein klarer Unterschied",
    # --- balview ---
    "balview.others.title": (
        "Weitere Größen, {n} Partien je Deck (eigene Holm-Familie aus {count} Zeilen)"
    ),
    "balview.others.title_none": "Weitere Größen, {n} Partien je Deck (unkorrigiert)",
    "balview.more.stale": (
        "Weitere Partien können dieses Ergebnis nicht fortsetzen: der Entwurf hat sich "
        "seitdem geändert. Bitte neu starten."
    ),
    "balview.more.restored": (
        "Setzt den gespeicherten Lauf fort: dieselben Seeds spielen seine {n} Partien je Deck "
        "noch einmal, dann {more} weitere."
    ),
    "balview.show.title": "Zeig mir solche Spiele",
    "balview.show.what": "Welche Spiele",
    "balview.show.wins": "das kürzeste Spiel, das {name} gewann",
    "balview.show.stalled": "das erste festgefahrene Spiel",
    "balview.show.open_stall": (
        "Spiel {index} von „{draft}“ dort öffnen, wo es festfuhr (Runde {round})"
    ),
    "balview.show.longest": "das längste Spiel",
    "balview.show.among": (
        "Gesucht unter den ersten {n} Partien des Entwurfs (die Seeds des Laufs)."
    ),
    "balview.show.button": "Zeigen",
    "balview.show.open": "Spiel {index} von „{draft}“ ({what}) bei Zug {turn} öffnen",
    "balview.show.none": "Keine der ersten {n} Partien des Entwurfs zeigt das: {what}.",
    "balview.show.nolink": "Spiel {index} ist für einen Link zu lang.",
    "balview.show.stale": (
        "Der Entwurf hat sich seitdem geändert: seine Partien sind nicht mehr die des "
        "Entwurfs. Bitte neu starten."
    ),
    "balview.show.restored": (
        "Die Partien eines gespeicherten Ergebnisses lassen sich zeigen, sobald es neu "
        "läuft (Start)."
    ),
    "balview.feel.of": "Spielgefühl des Entwurfs „{draft}“ gegen „{base}“.",
    # --- keep ---
    "workspace.item.sweep": "Durchgespielte Zahl von „{draft}“ ({time})",
    "page.lost.frozen": (
        "Der Spielserver antwortet nicht — neu laden, um weiterzumachen (der Hinweis "
        "verschwindet, sobald er wieder antwortet)"
    ),
    "page.lost.frozen_inert": (
        "Solange der Spielserver nicht antwortet, nimmt diese Seite keine Eingaben an."
    ),
    "page.lost.undrawn": (
        "Die Seite wurde nicht fertig aufgebaut — bitte neu laden (es geht nichts verloren)"
    ),
    # --- impact60 ---
    "impact60.stopped.settled": "jede Karte entschieden, soweit die Runden es sagen können",
    "impact60.stopped.game_budget_spent": "das Spielebudget ist aufgebraucht",
    "impact60.stopped.time_budget_spent": "das Zeitbudget ist aufgebraucht",
    "impact60.stopped.cancelled": "abgebrochen",
    # --- impact7 ---
    "impact60.stopped.no_meaningful_effect": (
        "keine Karte im Rennen kann eine Größe spürbar bewegen"
    ),
    "impact7.range": "{low} bis {high}",
    "impact7.below": (
        "Keine spürbare Wirkung: keine Karte, die noch im Rennen ist ({count} Karten), "
        "bewegt eine Größe um eine spürbare Änderung (δ) oder mehr. Bei {pairs} Paaren je "
        "Karte lassen ihre Intervalle höchstens {times}× δ zu (alle Karten und Größen "
        "zugleich geprüft: die Wahrscheinlichkeit, dass das falsch ist, ist höchstens "
        "{alpha} %). Das ist eine Schranke, kein Befund: eine schwächere Aussage als "
        "ein ★."
    ),
    "impact7.below_others": (
        "Die übrigen {count} Karten sind früher ohne messbare Wirkung bei ihren Paaren "
        "ausgeschieden; dass sie unter δ bleiben, ist damit nicht gezeigt."
    ),
    # --- suggest3 ---
    "workspace.item.suggest": "Vorschlag zu „{draft}“ ({time})",
    # --- keep4 ---
    "sweep.interrupted": (
        "Unterbrochen nach {n} von {m} Punkten (die Seite wurde neu geladen oder ihr "
        "Kernel beendet): die gezeigten Punkte sind fertig; Fortsetzen spielt den Rest "
        "mit denselben Seeds."
    ),
    "sweep.resume": "Fortsetzen",
    "sweep.resume_old": (
        "Dieser Durchlauf wurde ohne seine Spiele je Punkt gespeichert: er kann nicht "
        "fortgesetzt werden. Bitte neu durchspielen."
    ),
    "sweep.resume_stale": (
        "Der Entwurf hat sich seitdem geändert: dieser Durchlauf eines früheren Entwurfs "
        "kann nicht fortgesetzt werden. Bitte neu durchspielen."
    ),
    "sweep.extended": (
        "{kept} Punkte aus dem letzten Durchlauf behalten (dieselben Seeds, je {games} "
        "Spiele); {played} jetzt gespielt."
    ),
    "sweep.no_extend.games": (
        "Spiele je Wert geändert ({was} → {now}): jeder Wert wird neu gespielt. Ein "
        "gespeicherter Durchlauf hält seine Zahlen, nicht seine Spiele; mehr Spiele lassen "
        "sich nicht hinzufügen."
    ),
    "sweep.no_extend.old": (
        "Der letzte Durchlauf wurde ohne seine Spiele je Wert gespeichert: jeder Wert wird "
        "neu gespielt."
    ),
    "sweep.show.what": "Zeig mir ein Spiel bei diesem Wert",
    "sweep.show.button": "Zeigen",
    "sweep.show.drama": "das dramatischste Spiel",
    "sweep.show.late_decision": "das am spätesten entschiedene Spiel",
    "sweep.show.longest_game": "das längste Spiel",
    "sweep.show.shortest_game": "das kürzeste Spiel",
    "sweep.show.looking": "Die ersten {n} Spiele bei {value} werden durchgesehen …",
    "sweep.show.none": "Keines der ersten {n} Spiele bei {value} zeigt das: {what}.",
    "sweep.show.nolink": "Spiel {index} ist zu lang für einen Link.",
    "sweep.show.open": "Spiel {index} bei {value} ({what}) im Spiel-Tab bei Zug {turn} öffnen",
    # --- impact61 ---
    "deckimpact.phase.interrupted": (
        "Unterbrochen nach {done} von {total} Spielen (neu geladen oder Kernel neu "
        "gestartet): die Zahlen bis dahin. „Weiter“ macht ab dem Ende von Runde {round} "
        "({at} Spiele) mit denselben Startwerten weiter."
    ),
    "deckimpact.continue": "Weiter",
    # --- suggest4 ---
    "tune.head.meets": (
        "Vorschlag: {n} Änderung(en) erfüllen jedes Ziel: auf {games} neuen Partien liegt "
        "jedes der {k} Intervalle in seinem Band (Abstand zu den Zielen: Start {start}, "
        "Vorschlag {value})."
    ),
    "tune.better.clear": "besser als der Start",
    "tune.better.noise": (
        "auf diesen Partien näher an den Zielen als der Start, doch die gepaarte Prüfung "
        "kann die Änderung noch nicht vom Zufall unterscheiden"
    ),
    "tune.head.improved_missed": (
        "Vorschlag: {n} Änderung(en), {better}, aber keine Lösung: weiterhin verfehlt "
        "wird {what}, {estimate} ({low} bis {high}) gegen {band} auf {games} neuen "
        "Partien (Abstand zu den Zielen: Start {start}, Vorschlag {value})."
    ),
    "tune.head.improved_off": (
        "Vorschlag: {n} Änderung(en), {better}, aber keine Lösung: {what} liegt "
        "noch nicht im Band, {estimate} ({low} bis {high}) gegen {band} auf {games} "
        "neuen Partien (Abstand zu den Zielen: Start {start}, Vorschlag {value})."
    ),
    "tune.head.improved_open": (
        "Vorschlag: {n} Änderung(en), {better}, jeder Schätzwert auf {games} "
        "neuen Partien in seinem Band, aber nicht als Erfüllung aller Ziele belegt: "
        "{undecided} von {k} sind noch offen, am unsichersten {what}, {estimate} ({low} bis "
        "{high}) gegen {band} (Abstand zu den Zielen: Start {start}, Vorschlag {value})."
    ),
    # --- impact5 ---
    "deckimpact.show": (
        "Zeig es mir: Spiel {index}, in dem sich {what} zwischen dem Entwurf und der typisch "
        "gemachten Karte am stärksten unterschied:"
    ),
    "deckimpact.show.draft": "mit dem Entwurf öffnen",
    "deckimpact.show.typical": "mit {card} als typischer Karte öffnen",
    "deckimpact.show.long": "zu lang für einen Link",
    "deckimpact.show.at": (
        "jeder öffnet gleich nach dem ersten Ziehen von {card} in diesem Spiel "
        "(sonst an seinem Ende)"
    ),
    "deckimpact.show.end": "jeder öffnet am Ende des Spiels",
    # --- suggest5 ---
    "tune.tally.beyond": (
        "nicht bald zu entscheiden: {what} liegt {distance} vom Rand des Zielbands, es "
        "bräuchte mehr als {cap} weitere Partien je Deck"
    ),
    "tune.unit.rounds": "Runden",
    "tune.error.rechecks_range": "rechecks ist eine ganze Zahl von 0 bis 10, nicht {rechecks}",
    "tune.tally.searched_on": (
        "nach der Prüfung weitergesucht: {rounds} weitere Prüfung(en) eines Schritts um eine "
        "Zahl, auf die genannte Zeile gezielt, {kept} übernommen"
    ),
    "tune.tally.searched_back": (
        "die Prüfung des letzten Schritts fiel schlechter aus, daher gelten der frühere "
        "Vorschlag und seine Prüfung"
    ),
    "tune.tally.searched_back_paired": (
        "der letzte Schritt lag auf denselben neuen Partien nicht näher an den Zielen als der "
        "Vorschlag davor (Abstand {step} gegen {before}), daher gelten der frühere "
        "Vorschlag und seine Prüfung"
    ),
    "tune.verify_checks": (
        "Prüfung auf neuen Seeds (Seed {seed}, je {games} Partien, Startdeck und Vorschlag "
        "gepaart); Intervalle je {level}, gemeinsam {together} über {k} Größen, 95 % über "
        "die {checks} Prüfungen, die eine Suche machen darf (Bonferroni):"
    ),
    "tune.verify_start_checks": (
        "Prüfung auf neuen Seeds (Seed {seed}, {games} Partien des Startdecks); Intervalle je "
        "{level}, gemeinsam {together} über {k} Größen, 95 % über die {checks} Prüfungen, "
        "die eine Suche machen darf (Bonferroni):"
    ),
    # --- compiled5 ---
    "simtext.backend.compiled": "Prozesse, kompilierte Engine",
}

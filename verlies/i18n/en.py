"""English texts: key -> str.format template (see verlies/i18n/__init__.py).

Sections follow the layers that show the words; keep each key in its section.
"""

# long because: every word of the package in one table per language, so that both
# languages' keys are compared in one place (tests/i18n/test_i18n.py) and a word has one home.
TEXTS: dict[str, str] = {
    # --- engine: events, results, status (rules, game) ------------------------------------
    "engine.status.over": "Game over ({reason})",
    "engine.status.over_winner": "Game over ({reason}): winner {who}",
    "engine.status.to_move": "Round {round}, {who} to move ({pending})",
    "engine.status.player": "player {n}",
    "engine.status.chance": "chance",
    "engine.where.card": "card",
    "engine.where.line": "line",
    "engine.where.column": "column",
    "engine.where.field": "field",
    "engine.variant.opened_stays_open": "R4.4: a class-B obstacle once passed stays open.",
    "engine.variant.limited_bank": "R10: only 48 gold coins exist; the bank pays what it has.",
    "engine.variant.injuries_stack": "House rule: each injury costs a turn (R8.3 says they don't).",
    "engine.variant.long_walk": "House rule: walk up to three cards (R3.5 says two).",
    "engine.html.seat": "Seat",
    "engine.html.character": "Character",
    "engine.html.coins": "Coins",
    "engine.html.treasures": "Treasures",
    "engine.html.state": "State",
    "engine.html.escaped": "escaped",
    "engine.html.at": "at ({x}, {y})",
    "engine.html.injured": "{state}, injured",
    "event.setup": "Setup: {players} players, dungeon cards {colors}, exits in the deck: {exits}.",
    "event.turn": "Player {p} ({char}) to move.",
    "event.draw": "Player {p} draws {card}.",
    "event.place": "Player {p} lays {card} at ({x}, {y}).",
    "event.shuffle_back": "Player {p} shuffles the exit back; the turn ends.",
    "event.must_enter": "Player {p} must move onto the new card.",
    "event.walk": "Player {p} walks: {path}.",
    "event.enter": "Player {p} enters ({x}, {y}).",
    "event.gold": "Player {p} takes {n} gold.",
    "event.bank_short": "The bank has only {n} gold left.",
    "event.test": (
        "Player {p}: {what} {target} – {attr} {value} + roll {roll}{bonus} = {total}: {verdict}."
    ),
    "event.declined": "Player {p} does not try the obstacle.",
    "event.obstacle_a": "Below the number: injured and a loss, but the obstacle is passed.",
    "event.obstacle_b": "Below the number: not passed, the figure stays where it was.",
    "event.obstacle_c": "Below the number: injured, but passed.",
    "event.not_entered": "Player {p} cannot enter the card behind it; the walk ends.",
    "event.stays_open": "The obstacle stays open (variant).",
    "event.injured": "Player {p} is injured.",
    "event.movement_ends": "The injury ends the movement.",
    "event.room_empty": "The room is empty.",
    "event.room_card": "Room card {card}: {text}",
    "event.no_card": "The {pile} deck is empty.",
    "event.refill": "The {pile} deck is reshuffled from its discards.",
    "event.monster": "Monster {card}: {text}",
    "event.fight": (
        "Fight with {attr}: player {p} {value} + {roll}{bonus} = {total}, monster "
        "{mvalue} + {mroll} = {mtotal} (rolled by {roller})."
    ),
    "event.fight_with": "Player {p} fights with {attr} against the monster's {mvalue}.",
    "event.fight_won": "Player {p} beats the monster and takes its possessions.",
    "event.fight_lost": "Player {p} loses the fight.",
    "event.treasure": "Player {p} draws a treasure face down: {card}.",
    "event.treasure_hidden": "Player {p} draws a treasure face down.",
    "event.lose_gold": "Player {p} loses {n} gold.",
    "event.lose_treasure": "Player {p} gives up treasure {card}; it goes under the treasure deck.",
    "event.lose_treasure_hidden": (
        "Player {p} gives up a treasure; it goes face down under the treasure deck."
    ),
    "event.trap": "Trap!",
    "event.back": "Player {p} must go back to ({x}, {y}).",
    "event.recover": "Player {p} spends the turn recovering and stands up again.",
    "event.heal": "Player {p} heals with {card} and plays the turn.",
    "event.magic": "Player {p} uses {card}: +{n}.",
    "event.wait": "Player {p} has no move and waits.",
    "event.escape": (
        "Player {p} escapes through the exit with {coins} gold and {treasures} treasures!"
    ),
    "event.no_stack": "Already injured: injuries do not stack.",
    "event.final_gold": "Player {p}: {coins} coins, {gold} gold with treasures.",
    "event.collapse": "The passage behind the exit collapses.",
    "event.end_escaped": "The second-to-last figure has escaped: the game ends.",
    "event.end_solo": "The figure escaped: the game ends.",
    "event.end_no_exit": "No exit left in the dungeon deck: nobody can escape any more.",
    "event.end_no_passage": "No open passage left in the dungeon: nobody can escape any more.",
    "event.end_timeout": "Round limit {limit} reached (timeout).",
    "event.left_behind": "Player {p} stays in the dungeon and is bitten by goblins.",
    "event.still_inside": "Player {p} is still in the dungeon (timeout, no result).",
    "event.winner": "Winner: {who} with {gold} gold.",
    "event.no_winner": "Nobody escaped: no winner.",
    "event.edit": "Deck changed: {what}",
    # event values: the engine's raw values in words
    "event.line": "{rule}: {text}",
    "event.player": "player {p}",
    "event.list_sep": ", ",
    "event.color_sep": "/",
    "event.bonus": " + {n}",
    "event.roller.engine": "the engine",
    "event.test.trap": "Trap",
    "event.verdict.passed": "passed",
    "event.verdict.failed": "failed",
    "event.pile.dungeon": "dungeon",
    "event.pile.room": "room",
    "event.pile.monster": "monster",
    "event.pile.treasure": "treasure",
    # board: cells, walks and passage sides (in events and action labels)
    "board.cell": "({x}, {y})",
    "board.path_sep": " → ",
    "board.sides_sep": "+",
    "board.side.n": "N",
    "board.side.e": "E",
    "board.side.s": "S",
    "board.side.w": "W",
    # --- actions: labels of legal actions ---------------------------------------------------
    "action.draw": "draw a dungeon card",
    "action.place": "lay the card at ({x}, {y}), passages {sides}",
    "action.shuffle_back": "shuffle the exit back (not enough gold yet)",
    "action.walk": "walk to {path}",
    "action.wait": "wait (no move possible)",
    "action.recover": "recover from the injury",
    "action.use_heal": "use treasure {treasure} to heal",
    "action.attempt": "try to pass the obstacle",
    "action.attempt.with": "try to pass the obstacle using {treasure}",
    "action.decline": "do not try (stay)",
    "action.choose": "use {attr}",
    "action.choose.with": "use {attr} using {treasure}",
    "action.lose_gold": "lose gold",
    "action.lose_treasure": "lose treasure {treasure}",
    "action.edit": "edit the deck ({what})",
    # chance outcomes
    "action.roll": "roll {value}",
    "action.card": "draw {card}",
    # --- cards: card words, attributes, colours ---------------------------------------------
    # display names; the card language's own keywords live in its grammar (cards/text.py)
    "card.attr.staerke": "Strength",
    "card.attr.geist": "Mind",
    "card.attr.geschick": "Dexterity",
    "card.color.red": "red",
    "card.color.blue": "blue",
    "card.color.green": "green",
    "card.obstacle.abgrund": "Chasm",
    "card.obstacle.saeuresee": "Acid lake",
    "card.obstacle.lava": "Lava",
    "card.obstacle.magie_sperre": "Magic barrier",
    "card.obstacle.einsturz": "Cave-in",
    "card.obstacle.tuer": "Door",
    "card.obstacle.holzbruecke": "Wooden bridge",
    # card-text errors (verlies.cards.grammar, text): the message, then what was expected
    # ({expected} is a whole clause in German); keywords stay in the card's own language
    "card.err.not_str": "card text must be a string, not {type}",
    "card.err.too_long": "card text too long (max {max} characters)",
    "card.err.empty": "card text is empty — expected {expected}",
    "card.err.end": "unexpected end of text — expected {expected}",
    "card.err.unknown_word": "unknown word '{word}' — expected {expected}",
    "card.err.bad_char": "unexpected character {char} — expected {expected}",
    "card.err.wrong_token": "expected {expected}, not '{found}'",
    "card.err.unreadable": "card text could not be read",
    "card.err.too_large": "number too large (max {max})",
    "card.err.bad_dice": "bad dice expression '{dice}': expected {expected}",
    "card.err.gold_negative": "gold can go below 0: '{dice}' gives {min} at the lowest roll",
    "card.err.gold_zero": "zero gold: '{dice}' always gives 0",
    "card.err.zero_treasures": "zero treasures: name at least one treasure",
    "card.err.zero_loss": "zero gold lost: the loss must be at least 1 gold",
    "card.err.target_low": "trap target {n} can never be failed (min {min})",
    "card.err.target_high": "trap target {n} is out of reach (max {max})",
    "card.err.duplicate_attr": "duplicate attribute '{attr}' in a choice",
    "card.err.duplicate_penalty": "duplicate penalty '{penalty}'",
    "card.err.duplicate_loot": "duplicate possession: {what} named twice",
    "card.err.zero_bonus": "zero bonus: a magic roll bonus must be at least +1",
    "card.err.spent_without_magic": (
        "'{word}' needs a magic effect: only magic treasures are used up"
    ),
    "card.err.unknown_kind": (
        "unknown card kind '{kind}' — expected one of: room, monster, treasure"
    ),
    "card.expect.plain": "{what}",
    "card.expect.plain_one_of": "one of: {choices}",
    "card.expect.one_of": "one of: {choices}",
    "card.expect.after": "{what} after '{after}'",
    "card.expect.after_one_of": "one of: {choices} after '{after}'",
    "card.expect.nothing": "nothing more",
    "card.expect.sep": ", ",
    "card.expect.int": "a number",
    "card.expect.die": "a die such as W6",
    "card.expect.end": "end of text",
    "card.loot.gold": "gold",
    "card.loot.treasure": "treasure",
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
    "deck.err.more_one": "(and 1 more problem)",
    "deck.err.more": "(and {n} more problems)",
    "deck.err.with_more": "{msg} {more}",
    "deck.err.patch": "patch: {msg}",
    "deck.err.patch_entry": "patch {key}: {msg}",
    "deck.err.patch_text": "patch {key}: card text does not parse: {msg}",
    "deck.err.text_type": "card text must be a string, got {type}",
    "deck.err.text_length": "card text must be 1-{max} characters",
    "deck.err.scan.key_parts": "key or table name with too many dotted parts: at most {max}",
    "deck.err.scan.depth": (
        "values nested too deeply: at most {max} arrays or inline tables inside each other"
    ),
    "deck.err.scan.tables": "too many tables: a deck file may have at most {max}",
    "deck.err.scan.values": (
        "too many values: a deck file may have at most {max} keys and array items"
    ),
    "deck.err.scan.items": "array too long: at most {max} items",
    "deck.err.scan.string": "string or key too long: {length} characters; at most {max}",
    "deck.err.read.nul_name": "cannot read deck file: its name contains a NUL character",
    "deck.err.read.special": "cannot read deck file: it is {what}, not a regular file",
    "deck.file.fifo": "a FIFO (named pipe)",
    "deck.file.device": "a device",
    "deck.file.socket": "a socket",
    "deck.file.special": "a special file",
    "deck.err.base_nul": "base {base!r}: a file name cannot contain a NUL character",
    "deck.err.text_total": (
        "too much card text: a deck file may have at most {max} characters of card text in all"
    ),
    "deck.err.patch_changes": "patch: too many changes (at most {max})",
    "deck.err.patch_text_total": "patch: too much card text: at most {max} characters in all",
    "deck.err.text_budget": "too much card text to compile: at most {max} characters in all",
    "deck.msg.value": "value",
    "deck.msg.missing": "missing field {name!r}{extra}",
    "deck.msg.missing_needs": " (required here: {fields})",
    "deck.msg.unknown_field": "unknown field {key!r}; allowed fields here: {allowed}",
    "deck.msg.unknown_value": "unknown value {value} for {name!r}; allowed: {allowed}",
    "deck.msg.or": "' or '",
    "deck.msg.bad_id": (
        "bad id {value}: an id is 1-64 ASCII letters, digits, '-', '_' or '.', starting with a "
        "letter or digit"
    ),
    "deck.msg.wrong_type": "wrong type for {name!r}: expected {expected}, got {got} {value}",
    "deck.msg.at_least": "{name} must be at least {ge}, got {value}",
    "deck.msg.at_most": "{name} must be at most {le}, got {value}",
    "deck.msg.empty": "{name} must not be empty",
    "deck.msg.too_long": "{name} is too long: at most {max} characters",
    "deck.msg.other": "{msg} ({name} = {value})",
    "deck.msg.count_zero": (
        "count must be at least 1 (count = 0 removes a card in patch files only; delete the "
        "entry instead)"
    ),
    "deck.msg.corridor_only": (
        "only corridors carry {what} (R3.6, R4); this card's kind is '{kind}'"
    ),
    "deck.msg.remove_without_base": (
        'remove is only allowed in a patch file (one with base = "default")'
    ),
    "deck.type.bool": "a boolean",
    "deck.type.int": "an integer",
    "deck.type.float": "a float",
    "deck.type.string": "a string",
    "deck.type.array": "an array",
    "deck.type.table": "a table",
    "deck.type.listed": "one of the listed values",
    # deck-level checks (R2 and friends): errors and warnings, put into words when shown
    "deck.list.sep": ", ",
    "deck.list.last": " and ",
    "deck.kind.card": "card",
    "deck.kind.character": "character",
    "deck.kind.dungeon": "dungeon card",
    "deck.kind.room": "room card",
    "deck.kind.monster": "monster card",
    "deck.kind.treasure": "treasure card",
    "deck.pile.character": "characters",
    "deck.pile.dungeon": "dungeon cards",
    "deck.pile.room": "room cards",
    "deck.pile.monster": "monster cards",
    "deck.pile.treasure": "treasure cards",
    "deck.warn.card": "card {card}: {msg}",
    "deck.warn.file": "{file}: {msg}",
    "deck.warn.file_card": "{file}, line {line}, card {card}: {msg}",
    "deck.check.duplicate_id": (
        "duplicate id {id!r}: also a {kind}; ids must be unique in the whole deck"
    ),
    "deck.check.no_start": (
        'no start card: the deck needs exactly one dungeon card with kind = "start" ({rule})'
    ),
    "deck.check.second_start": (
        "a second start card; {start!r} is the start already ({rule}: exactly one start card)"
    ),
    "deck.check.start_count": "the start card's count must be 1, got {count} ({rule})",
    "deck.check.start_not_red": "{rule}: the start card is the red Alpha; this one is not red",
    "deck.check.no_exit_one": (
        "{lacking} has no exit: {game} uses the {colors} cards ({rule}) and needs {need} there "
        "({rule2}: one fewer than players), but they hold {have}; such a game could never end"
    ),
    "deck.check.no_exit_many": (
        "{lacking} have no exit: {game} uses the {colors} cards ({rule}) and needs {need} there "
        "({rule2}: one fewer than players), but they hold {have}; such a game could never end"
    ),
    "deck.check.exits_one": "{n} exit",
    "deck.check.exits": "{n} exits",
    "deck.check.game_small": "a 1- or 2-player game",
    "deck.check.game": "a {n}-player game",
    "deck.check.too_many_exits": (
        "{rule}: {game} ({colors} cards) would have {have} exits; the rules say fewer exits "
        "than players ({need})"
    ),
    "deck.check.characters": (
        "only {n} character(s); the deck needs at least {min} so that 4 players can choose "
        "distinct ones ({rule})"
    ),
    "deck.check.no_rooms": (
        "the dungeon has room tiles but the deck has no room cards to draw ({rule})"
    ),
    "deck.check.no_monsters": (
        "room cards call for monster encounters but the deck has no monster cards ({rule})"
    ),
    "deck.check.no_treasures": "cards give treasures but the deck has no treasure cards ({rule})",
    "deck.check.obstacle_unpassable": (
        "obstacle {obstacle} {n} can never be passed: the best {attr} is {best}, W6 + {best} "
        "reaches at most {reach} ({rule})"
    ),
    "deck.check.trap_unpassable": (
        "trap {n} can never be passed: W6 plus the best value reaches at most {reach}"
    ),
    "deck.check.monster_unbeatable": (
        "monster can never be beaten: even W6 = 6 with the best value loses ({rule})"
    ),
    "deck.check.pile": "{n} {pile} in all; a deck may have at most {max}",
    "deck.check.r10": "{rule}: the game has {expected} {pile}; this deck has {total}",
    # changes to a base deck (patch files, live edits)
    "deck.ops.no_remove": "cannot remove {id!r}: no such {kind} in the base deck",
    "deck.ops.id_taken": (
        "id {id!r} is already a {kind} in the base deck; ids must be unique in the whole deck"
    ),
    "deck.ops.zero_missing": ("count = 0 removes a card, but the base deck has no {kind} {id!r}"),
    "deck.ops.no_count": (
        "cannot change the count of {id!r}: no such {kind} in the base deck; a new card needs "
        "all its fields"
    ),
    "deck.ops.no_count_is": (
        "cannot change the count of {id!r}: no such {kind} in the base deck (it is a {other}); "
        "a new card needs all its fields"
    ),
    "deck.ops.character_count": "characters have no count",
    # reading and writing deck files, the Deck API's refusals
    "deck.err.too_large": ("file too large: {size} bytes; deck files may have at most {max} bytes"),
    "deck.err.text_too_large": "deck text too large: deck files may have at most {max} bytes",
    "deck.err.not_utf8": (
        "not a UTF-8 text file: byte 0x{byte:02x} cannot be decoded (deck files are UTF-8 TOML)"
    ),
    "deck.err.surrogate": "not valid Unicode text: a lone surrogate character",
    "deck.err.read": "cannot read deck file: {reason}",
    "deck.err.read.directory": "cannot read deck file: it is a directory",
    "deck.err.write": "cannot write deck file: {reason}",
    "deck.err.toml": "TOML syntax error: {msg}",
    "deck.err.toml_end": "TOML syntax error: {msg} (at the end of the file)",
    "deck.err.toml_deep": "TOML nested too deeply",
    # --- deck: tomllib's syntax errors in words (verlies/deck/locate.py toml_reason) ----
    "deck.toml.overwrite": "Cannot overwrite a value",
    "deck.toml.escape_scalar": "Escaped character is not a Unicode scalar value",
    "deck.toml.expect_equals": "Expected '=' after a key in a key/value pair",
    "deck.toml.expect_table_end": "Expected ']' at the end of a table declaration",
    "deck.toml.expect_array_end": "Expected ']]' at the end of an array declaration",
    "deck.toml.expect_newline": "Expected newline or end of document after a statement",
    "deck.toml.invalid_date": "Invalid date or datetime",
    "deck.toml.invalid_hex": "Invalid hex value",
    "deck.toml.invalid_key_start": "Invalid initial character for a key part",
    "deck.toml.invalid_statement": "Invalid statement",
    "deck.toml.invalid_value": "Invalid value",
    "deck.toml.unclosed_array": "Unclosed array",
    "deck.toml.unclosed_inline": "Unclosed inline table",
    "deck.toml.unescaped_backslash": "Unescaped '\\' in a string",
    "deck.toml.unterminated_string": "Unterminated string",
    "deck.toml.declared_twice": "Cannot declare {key} twice",
    "deck.toml.immutable": "Cannot mutate immutable namespace {key}",
    "deck.toml.redefine": "Cannot redefine namespace {key}",
    "deck.toml.duplicate_inline": "Duplicate inline table key {key}",
    "deck.toml.expected": "Expected {what}",
    "deck.toml.invalid_char": "Found invalid character {char}",
    "deck.toml.illegal_char": "Illegal character {char}",
    # --- end of tomllib's syntax errors --------------------------------------------------
    "deck.err.duplicate_entry": (
        "duplicate id {id!r}: already used by the {kind} at line {at}; ids must be unique in "
        "the whole deck"
    ),
    "deck.err.removed_and_given": "{id!r} is both removed and given as an entry",
    "deck.err.removed_twice": "{id!r} is listed twice in remove",
    "deck.err.base_text": (
        'base {base!r}: a deck given as text can only build on base = "default" '
        "(file bases work with Deck.load)"
    ),
    "deck.err.base_cycle": "base decks form a cycle: {names}",
    "deck.err.base_depth": "too many nested base decks (at most {max})",
    "deck.err.base": "base deck {base!r}: {msg}",
    "deck.err.not_text": "expected TOML text, got {type}",
    "deck.err.name": "a deck name is 1-{max} characters",
    "deck.err.duplicate_card": "duplicate id {id!r}",
    "deck.err.players": "{rule}: the rules define 1 to 4 players, not {players!r}",
    "deck.err.no_card": "no {kind} {id!r} in this deck",
    "deck.err.count": "count must be an integer from {min} to {max}, got {count!r}",
    "deck.err.not_patch": "expected a DeckPatch, got {type}",
    "deck.err.base_ref": 'base_ref "default" names the default deck, but base is another deck',
    "deck.err.kind": "unknown card kind {kind!r}; allowed: {allowed}",
    "deck.err.malformed": "malformed card: {msg}",
    "deck.err.card_type": "expected a {expected} for kind {kind!r}, got {got}",
    "deck.err.text_disagrees": (
        "the card's text and its fields disagree: the text is the card (use with_card_text to "
        "change it)"
    ),
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
    "page.title": "Raus aus dem Verlies!",
    "page.subtitle": "rules explorer",
    "page.tab_play": "Game",
    "page.tab_new": "New game",
    "page.tab_rules": "Rules",
    "page.tab_failed": (
        "This tab could not be built ({what}). Show it again to try once more; the game"
        " is not affected."
    ),
    "page.tab_deck": "Deck & cards",
    "page.treasure_face_down": (
        "A treasure is drawn face down (R9.3). Designer mode shows the cards."
    ),
    "page.designer": "Designer mode (show everything)",
    "page.lang": "Language",
    "page.players": "Players",
    "page.seat": "Seat {n}",
    "page.character": "Adventurer",
    "page.controller": "played by",
    "page.human": "human",
    "page.bot": "bot “{name}”",
    "page.seed": "Seed",
    "page.round_limit": "Round limit",
    "page.start_seat": "Starts",
    "page.variants": "Variants",
    "page.start": "Start game",
    "page.random_seed": "Random seed",
    "page.setup_error": "Cannot set up: {msg}",
    "page.round": "Round {n}",
    "page.to_move": "{who} to move",
    "page.player": "Player {n}",
    "page.chance_to_move": "Chance: {what}",
    "page.game_over": "Game over",
    "page.reason_escaped": "the second-to-last figure escaped",
    "page.reason_solo": "the figure escaped",
    "page.reason_no_exit": "no exit left in the deck",
    "page.reason_no_passage": "no open passage left",
    "page.reason_timeout": "round limit reached",
    "page.winners": "Winner: {who}",
    "page.no_winner": "no winner",
    "page.step_of": "step {i} of {n}",
    "page.hint_place": (
        "Lay the drawn card: click a marked cell, click it again to turn the card, then “Lay "
        "it here”."
    ),
    "page.hint_turn": "Draw a dungeon card, or click a yellow cell to walk there.",
    "page.hint_draw": "Draw a dungeon card (there is no cell to walk to yet).",
    "page.hint_decide": "Decide with the buttons.",
    "page.hint_chance": "Roll (or draw) – or pick an outcome to explore “what if”.",
    "page.hint_bot": "A bot is to move: “Step”, “Turn” or “Autoplay” play it.",
    "page.hint_over": "The game is over.",
    "page.not_your_seat": "{who} is played by a bot.",
    "page.walk_via": "via",
    "page.no_click": "Nothing to do here.",
    "page.lay_here": "Lay it here",
    "page.rotate": "Turn",
    "page.rotation": "rotation {i}/{n}",
    "page.drawn_card": "Drawn card",
    "page.pass_chance": "Chance to pass the obstacle: {p}",
    "page.obstacle_on": "{obstacle} {n} ({attr}) – {value} + W6 ≥ {n}",
    "page.reach_chance": "Chance without a setback: {p}",
    "page.fight_chance": "Chance to win: {p}",
    "page.trap_chance": "Chance to beat the trap: {p}",
    "page.actions": "Legal actions",
    "page.bot_options": "{who} picks one of these (read-only):",
    "page.chance": "Chance",
    "page.roll": "Roll",
    "page.draw_card": "Draw the card",
    "page.what_if": "What if: pick the outcome …",
    "page.what_if_tip": "Take an outcome from the list instead of rolling (or drawing).",
    "page.take_outcome": "take this outcome",
    "page.passes_on": "passes on {faces}",
    "page.wins_if_monster": "the adventurer wins if the monster rolls {faces}",
    "page.passes_none": "no face is enough",
    "page.deck_label": "Deck",
    "page.deck_note": "(new games use this deck; change it in the “{tab}” tab)",
    "page.deck_edited": "(edited)",
    "page.botname.random": "random",
    "page.botname.careful": "careful",
    "page.botname.greedy": "greedy",
    "page.botname.reckless": "reckless",
    "page.botname.strong": "strong",
    "page.botname.sprinter": "sprinter",
    "page.botname.ismcts": "tree search",
    "page.outcomes": "{n} possible outcomes",
    "page.chance_die": "Die roll (W6)",
    "page.chance_oroll": "Obstacle test",
    "page.chance_froll": "Fight: the adventurer's roll",
    "page.chance_mroll": "Fight: the monster's roll",
    "page.chance_troll": "Trap test",
    "page.chance_gold": "Roll for gold",
    "page.chance_draw": "Draw a dungeon card",
    "page.chance_room": "Draw a room card",
    "page.chance_monster": "Draw a monster card",
    "page.chance_treasure": "Draw a treasure card (face down)",
    "page.no_chance": "No chance point pending.",
    "page.step": "Step",
    "page.step_turn": "Turn",
    "page.step_round": "Round",
    "page.step_end": "to the end",
    "page.step_tip": "Play bots and chance on; a human seat stops it.",
    "page.autoplay": "Autoplay",
    "page.speed": "ms/step",
    "page.auto_bots": "Bots move at once",
    "page.auto_roll": "roll automatically",
    "page.undo": "Undo",
    "page.redo": "Redo",
    "page.undo_turn": "Undo turn",
    "page.history": "Time travel",
    "page.save": "Save",
    "page.load": "Load",
    "page.download": "Download the game ({name})",
    "page.loaded": "Loaded: {name}",
    "page.load_error": "Could not load: {msg}",
    "page.too_large": "File too large ({n} bytes, max {max})",
    "page.stopped_human": "Stopped: {who} decides.",
    "page.stopped_over": "Stopped: game over.",
    "page.stepped": "{n} steps played.",
    "page.stopped_limit": "Stopped after {n} steps.",
    "page.fit": "Fit",
    "page.zoom_in": "Zoom in",
    "page.zoom_out": "Zoom out",
    "page.pan": "Pan",
    "page.players_title": "Players",
    "page.gold": "Gold",
    "page.coins": "coins",
    "page.coins_n": "{n} coins",
    "page.coins_1": "1 coin",
    "page.treasure_gold": "+ treasures worth {n} Gold = {total} Gold",
    "page.treasure_gold_hidden": "+ treasures (value hidden)",
    "page.treasures": "Treasures",
    "page.hidden_treasures": "{n} face down",
    "page.none": "none",
    "page.injured": "injured",
    "page.escaped": "escaped",
    "page.left_behind": "left behind",
    "page.winner": "winner",
    "page.used": "used",
    "page.magic": "M",
    "page.log": "Events (newest first)",
    "page.log_all": "whole log",
    "page.log_more": "… {n} older events",
    "page.rule_missing": "(rule text not available)",
    "page.rules_intro": (
        "The first edition's rules with their IDs. “[decision]” is not on the cards: it is "
        "this project's reading. In the event log, clicking a line opens its rule."
    ),
    "page.deck_sizes": (
        "Decks: {dungeon} dungeon · {rooms} room · {monsters} monster · {treasures} treasure"
    ),
    "page.exits_left": "exits in the deck: {n}",
    "page.value_short": "Str {s} · Mind {g} · Dex {d}",
    "page.attr_staerke": "Strength",
    "page.attr_geist": "Mind",
    "page.attr_geschick": "Dexterity",
    "round": "Round {n}",
    # the house-rule switches (Variants) and their explanations
    "page.variants_title": "Variants (for new games)",
    "page.variant.opened_stays_open": "R4.4: a class-B obstacle once passed stays open.",
    "page.variant.limited_bank": "R10: only 48 gold coins exist; the bank pays what it has.",
    "page.variant.injuries_stack": "House rule: each injury costs a turn (R8.3 says they don't).",
    "page.variant.long_walk": "House rule: walk up to three cards (R3.5 says two).",
    # what a decision or a roll is about (the panels' context lines)
    "page.ctx_obstacle": "{name} {n}: {attr} {value} + W6 ≥ {n}",
    "page.ctx_or": " or ",
    "page.ctx_fight_option": "{attr} {value} vs. {target}",
    "page.ctx_fight": "{monster}: {options} (+ W6 each)",
    "page.ctx_trap": "{options} + W6 ≥ {target}",
    "page.ctx_oroll": "{name} {n}: {attr} {value}{extra} + W6 ≥ {n} → {p}",
    "page.ctx_troll": "{attr} {value}{extra} + W6 ≥ {target} → {p}",
    "page.ctx_froll": "{attr} {value}{extra} + W6 vs. {target} + W6 → {p}",
    "page.ctx_mroll": "{total} vs. {target} + W6 → {p}",
    # the "table is full" page the server shows when its kernel cap is reached (verlies.serve)
    "page.full.title": "The table is full",
    "page.full.text": (
        "All seats at this game table are taken right now: the server runs as many games "
        "as it can hold. Please try again in a minute."
    ),
    "page.full.retry": "Try again",
    "page.full.auto": "This page tries again by itself in {seconds} seconds.",
    "page.upload_too_big": (
        "{name} is too large to send ({size} MB; at most {limit} MB): nothing was uploaded."
    ),
    # page: branches, keyboard, links, export (designer)
    "page.keys": (
        "Keys: S step · T turn · B undo a turn · U undo · Y redo · R roll · 1–9 the legal "
        "actions in the list's order · Tab moves through the controls and out of the board"
    ),
    "page.link": "Link",
    "page.link_tip": "A link that reopens this position (setup, deck, variants, seats, steps)",
    "page.link_ready": "Link to this position (step {n}): open or copy it",
    "page.link_too_long": (
        "This position is too long for a link (over {n} characters): here is its save file."
    ),
    "page.link_error": "Could not open the link: {msg}",
    "page.link_opened": "Opened from the link: step {n}.",
    "page.export_md": "Log .md",
    "page.export_csv": "Log .csv",
    "page.export_svg": "Board .svg",
    "page.export_png": "Board .png",
    "page.export_json": "Game .json",
    "page.export_col_step": "step",
    "page.export_col_rule": "rule",
    "page.export_col_seat": "player",
    "page.export_col_text": "event",
    "page.board_text": "The board as text",
    "page.board_text_tiles": "{n} dungeon cards on the table:",
    "page.board_text_tiles_one": "1 dungeon card on the table:",
    "page.board_text_at": "{who} stands on ({x}, {y}).",
    "page.board_text_escaped": "{who} has escaped.",
    "page.board_text_moves": "Legal moves: {moves}.",
    "page.branches": "Branches",
    "page.branch_label": "{name} · {n}",
    "page.branch_root": "the first line",
    "page.branch_from": "left {parent} after step {k}",
    "page.branch_started": (
        "What-if: branch {name} starts after step {k}; the line before stays as branch {parent}."
    ),
    "page.branch_switch": "Show this branch",
    "page.branch_delete": "Delete this branch",
    "page.branch_rename": "Name",
    "page.branch_compare": "Compare with",
    "page.branch_compare_none": "—",
    "page.branch_where": "Where",
    "page.branch_steps": "{n} steps",
    "page.branch_shared": "Both share the first {n} steps.",
    # --- editor: the deck editor ---------------------------------------------------------------
    "editor.title": "Edit cards and deck",
    "editor.browse": "Cards",
    "editor.kind": "Kind",
    "editor.color": "Colour",
    "editor.search": "Search",
    "editor.search_ph": "name, id or text …",
    "editor.all": "all",
    "editor.k_dungeon": "Dungeon cards",
    "editor.k_room": "Room cards",
    "editor.k_monster": "Monsters",
    "editor.k_treasure": "Treasures",
    "editor.k_character": "Characters",
    "editor.n_cards": "{n} of {total} different cards",
    "editor.no_match": "No card matches the filter.",
    "editor.card": "Card",
    "editor.name": "name",
    "editor.name_de": "Name (de)",
    "editor.name_en": "Name (en)",
    "editor.text": "Card text",
    "editor.count": "Count",
    "editor.count_hint": "0 removes the card",
    "editor.tile_kind": "Kind",
    "editor.tile_color": "Gem",
    "editor.shape": "Shape",
    "editor.gold": "Gold",
    "editor.obstacle": "Obstacle",
    "editor.no_obstacle": "– none –",
    "editor.obstacle_color": "Dot colour",
    "editor.obstacle_n": "Number",
    "editor.staerke": "Strength",
    "editor.geist": "Mind",
    "editor.geschick": "Dexterity",
    "editor.ok": "ok",
    "editor.canonical": "Canonical text",
    "editor.error": "Error",
    "editor.kept": "The deck is unchanged; the preview shows the last good card.",
    "editor.removed": "Card {id} removed (count 0). “Undo” brings it back.",
    "editor.none_selected": "No card selected.",
    "editor.apply_new": "Apply to new games",
    "editor.apply_game": "Apply to the current game",
    "editor.undo": "Undo",
    "editor.reset": "Reset to default",
    "editor.applied_new": "New games now use this deck ({n} changes against the default).",
    "editor.applied_game": (
        "Applied to the current game as step {step} (undoable); it changes the cards not yet drawn."
    ),
    "editor.no_game": "No game is running.",
    "editor.game_same": "The current game already plays this deck.",
    "editor.game_refused": "Not applied: {msg}",
    "editor.undone": "Last change undone.",
    "editor.nothing_undo": "Nothing to undo.",
    "editor.reset_done": "Draft reset to the default deck.",
    "editor.pending": "{n} change(s) in the draft are not yet applied to new games.",
    "editor.in_sync": "New games use this draft.",
    "editor.composition": "Composition",
    "editor.diff": "Differences from the default deck",
    "editor.no_diff": "No differences from the default deck.",
    "editor.files": "Deck files",
    "editor.deck_name": "Deck name",
    "editor.bad_name": "Name not taken: {msg}",
    "editor.renamed": "The deck is named “{name}” now.",
    "editor.upload": "Load deck (.toml)",
    "editor.prepare": "Prepare download",
    "editor.download_deck": "download the whole deck",
    "editor.download_patch": "download only the changes (patch)",
    "editor.stale": "The draft changed: prepare the download again.",
    "editor.too_large": "File {name} refused: {size} bytes, at most {max} bytes.",
    "editor.bad_base": 'File {name} refused: an uploaded patch may only name base = "default".',
    "editor.load_error": "File {name} not loaded: {msg}",
    "editor.loaded": (
        "Loaded {name}: “{deck}”, {cards} cards with every copy counted. "
        "The draft is now this deck."
    ),
    "editor.warnings": "Warnings",
    "editor.c_total": "total",
    "editor.c_all": "All",
    "editor.c_start": "start",
    "editor.c_exit": "exit",
    "editor.c_corridor": "corridor",
    "editor.c_room": "room",
    "editor.c_pile": "Dungeon pile, {p} player(s)",
    "editor.c_magic": "of them magic",
    "editor.c_gold": "Gold on corridors",
    "editor.c_obstacles": "Obstacles",
    "editor.d_name": "name: “{old}” → “{new}”",
    "editor.d_added": "added: {card} ×{n}",
    "editor.d_removed": "removed: {card}",
    "editor.d_count": "{card}: count {old} → {new}",
    "editor.d_changed": "{card}: {what}",
    "editor.word.start": "start",
    "editor.word.exit": "exit",
    "editor.word.corridor": "corridor",
    "editor.word.room": "room",
    "editor.quoted": "“{text}”",
    # --- sim: simulations, balance lab, reports -----------------------------------------------
    "sim.tab": "Balance",
    "sim.intro": (
        "Simulate the deck being edited (the editor's draft) against the deck of new "
        "games: the same seeds for both, careful bots in every seat, each character on "
        "each seat equally often. Differences B − A come with their intervals; ★ marks "
        "the clear ones (after a correction for the number of rows)."
    ),
    "sim.games": "Games",
    "sim.players": "Players",
    "sim.seed": "Seed",
    "sim.start": "Simulate the draft",
    "sim.cancel": "Cancel",
    "sim.bar": "games",
    "sim.plot_base": "Deck of new games: win rate per character (95 % CI)",
    "sim.plot_draft": "Draft: win rate per character (95 % CI)",
    "sim.running": "Playing {games} games with each deck …",
    "sim.done": "{games} games with each deck in {seconds} s.",
    "sim.cancelled": "Cancelled after {games} games with each deck ({seconds} s).",
    "sim.download_csv": "download the differences (CSV)",
    "sim.download_json": "download everything (JSON)",
    # --- balance tab: the difference chart, game lengths, what to watch (ui/balance) -----------
    "balance.watch": "Watch",
    "balance.watch.none": "none: a fixed number of games",
    "balance.watch.wins": "win rates",
    "balance.watch.rounds": "game length",
    "balance.watch.injuries": "injuries",
    "balance.watch.gold": "gold",
    "balance.watch.all": "all headline figures",
    "balance.watch_help": (
        "What to watch: with a choice, games are played in blocks until the watched "
        "figures are decided or the games are used up."
    ),
    "balance.diff_title": "Win rate per character: draft − deck of new games (95 % interval)",
    "balance.diff_empty": "No character's win rate yet.",
    "balance.diff_hover": "{name}: {diff} (95 % interval {low} to {high})",
    "balance.diff_hover_no_ci": "{name}: {diff} (no interval yet)",
    "balance.pts": "{value} pt",
    "balance.clear": "clear",
    "balance.length_title": "Game length: both decks",
    "balance.rounds": "rounds",
    "balance.games_axis": "games",
    "balance.median": "median",
    "balance.base": "deck of new games",
    "balance.draft": "draft",
    "balance.progress": "{done} of {total} games · {rate} games/s",
    "balance.progress_start": "{done} of {total} games",
    # --- balance across skill on the Balance tab (issue 21; verlies/ui/skill*.py) -------------
    "skill.title": "Balance across skill",
    "skill.intro": (
        "Does the draft stay balanced when it is played differently? Every character "
        "plays every seat at tables of careful, greedy and reckless bots, and as one "
        "greedy (or strong) bot among careful ones, on the same seeds. Each cell: that "
        "character's win rate at that table with its 95 % interval."
    ),
    "skill.games": "Games per table",
    "skill.strong_games": "Games at the search bot's tables",
    "skill.tables": "Tables",
    "skill.tables.quick": "careful, greedy, reckless, one seat greedy",
    "skill.tables.all": "all, with the search bot (slow)",
    "skill.start": "Simulate across skill",
    "skill.running": "Playing {games} games at {tables} tables …",
    "skill.done": "{games} games at {tables} tables in {seconds} s.",
    "skill.cancelled": "Cancelled after {games} games ({seconds} s).",
    "skill.partial": "Cancelled: the figures cover the {games} games played.",
    "skill.one": "one seat {bot}",
    "skill.help_all": "every seat a {bot} bot",
    "skill.help_one": "one {bot} bot among {careful} ones: the win rate of its seat",
    "skill.robust": (
        "Robust balance {value}: at the worst table ({table}) the characters' win rates "
        "lie {spread} apart (noise floor {floor})."
    ),
    "skill.robust_none": "Robust balance: no table has games yet.",
    "skill.says.unbalanced": (
        "{table}: clearly unbalanced (χ² p = {p}, below {alpha} after the correction over "
        "{k} tables): {high} wins {high_rate} ({high_ci}), {low} {low_rate} ({low_ci})."
    ),
    "skill.says.above": (
        "{table}: the spread ({spread}) lies above its noise floor ({floor}), but χ² p = "
        "{p} is not clear after the correction over {k} tables."
    ),
    "skill.says.within": "{table}: within noise (spread {spread}, noise floor {floor}).",
    "skill.says.few": (
        "{table}: too few games to judge ({games} games; a character's expected wins or "
        "losses below 5)."
    ),
    "skill.gain": (
        "Skill matters: a {bot} bot in one seat wins {gain} against a {careful} bot in the "
        "same seat of the same games ({interval}, {pairs} pairs)."
    ),
    "skill.verdict.unbalanced": "unbalanced",
    "skill.verdict.above": "not clear",
    "skill.verdict.within": "within noise",
    "skill.verdict.few": "too few games",
    "skill.col.character": "Character",
    "skill.col.table": "Table",
    "skill.col.games": "Games",
    "skill.col.spread": "Spread",
    "skill.col.floor": "Noise floor",
    "skill.col.p": "χ² p",
    "skill.col.verdict": "Verdict",
    "skill.all": "all characters",
    "skill.matrix_title": "Win rate per character and table (95 % interval)",
    "skill.cell_title": "{name}, {table}: {rate} (95 % interval {interval}), {games} games",
    "skill.heat_help": (
        "Colour: how far a cell lies from its table's average (blue above, orange below)."
    ),
    "skill.summary_title": "Balance per table",
    "skill.gains_title": (
        "Skill matters: the odd seat's win rate minus careful's in the same seat (95 % interval)"
    ),
    "skill.download_csv": "download the matrix (CSV)",
    "skill.download_json": "download everything (JSON)",
    # --- end of balance across skill ----------------------------------------------------------
    # --- the lab's text output: simulate (SimResult.text), sweep, skill (issue 21) -----------
    "simtext.head": (
        "{games} games{cancelled}, {players} players, bots {bots}, characters {characters}, "
        "seed {seed}, deck {deck}, variants: {variants}"
    ),
    "simtext.cancelled": " (cancelled)",
    "simtext.none": "none",
    "simtext.ended": "ended: {reasons}",
    "simtext.reason.escaped": "escaped",
    "simtext.reason.solo": "solo",
    "simtext.reason.no_exit": "no exit",
    "simtext.reason.no_passage": "no passage",
    "simtext.reason.timeout": "timeout",
    "simtext.chars.all": "all",
    "simtext.chars.random": "random",
    "simtext.timeouts": (
        "timeouts (R1.6 round limit {limit}): {n} ({share}); no winner: {no_winner}"
    ),
    "simtext.stalled_none": "stalled (no figure inside can reach an open passage): 0",
    "simtext.stalled": (
        "stalled (no figure inside can reach an open passage; among the timeouts): {n}: "
        "{games}{more} (simulate --json: all, each with a ?g= link of the page)"
    ),
    "simtext.stalled_game": "game {index} seed {seed} from round {round}",
    "simtext.stalled_more": ", … {n} more",
    "simtext.rounds": (
        "rounds mean {mean} / median {median} (10 %: {p10}, 90 %: {p90}); turns median {turns}"
    ),
    "simtext.balance": (
        "balance: characters {characters}, seats {seats}; first-seat advantage {advantage}"
    ),
    "simtext.spread_none": "spread of the characters' win rates: –",
    "simtext.spread": (
        "spread of the characters' win rates {spread} ({low} – {high}); noise floor {floor} "
        "(95 % of spreads at equal rates); χ² {chi2}, df {df}, p = {p}: {verdict}"
    ),
    "simtext.spread_above": "above the noise floor, but the χ² test finds no clear difference",
    "simtext.first_seat": (
        "first seat wins {share} ({low} – {high}, Wilson) against 1/{players} = {fair}: edge "
        "{edge} ({edge_low} … {edge_high})"
    ),
    "simtext.gold": (
        "gold mean {mean} / median {median}, winners' {winners}; injuries {injuries}/game, "
        "shuffle-backs {shuffles}/game, lead changes {leads}/game"
    ),
    "simtext.speed": "{seconds} s, {rate} games/s on {workers} worker(s) ({backend})",
    "simtext.backend.here": "this process",
    "simtext.backend.processes": "processes",
    "simtext.per_character": "per character",
    "simtext.per_seat": "per seat (1 = first to move)",
    "simtext.tests": "tests (observed vs exact)",
    "simtext.col.character": "character",
    "simtext.col.seat": "seat",
    "simtext.col.bot": "bot",
    "simtext.col.games": "games",
    "simtext.col.wins": "wins",
    "simtext.col.ci": "95 % CI",
    "simtext.col.left_behind": "left behind",
    "simtext.col.gold": "gold",
    "simtext.col.injuries": "injuries",
    "simtext.col.test": "test",
    "simtext.col.tries": "tries",
    "simtext.col.passed": "passed",
    "simtext.col.exact": "exact",
    "simtext.sweep.head": (
        "sweep of {what} (same seeds at every value; 95 % intervals: order statistics, "
        "Wilson, parametric bootstrap, normal)"
    ),
    "simtext.sweep.diff_head": (
        "each value minus the first ({first}), paired on the same seeds (95 %)"
    ),
    "simtext.sweep.col.value": "value",
    "simtext.sweep.col.games": "games",
    "simtext.sweep.col.rounds": "rounds med.",
    "simtext.sweep.col.rounds_diff": "rounds",
    "simtext.sweep.col.timeouts": "timeouts",
    "simtext.sweep.col.balance": "balance",
    "simtext.sweep.col.gold": "gold",
    "simtext.sweep.col.gold_seat": "gold/seat",
    "simtext.sweep.col.injuries": "injuries",
    "simtext.skill.head": (
        "balance across skill: {players} players, deck {deck}, seed {seed}{cancelled}"
    ),
    "simtext.skill.robust": (
        "robust balance {value} (worst table: {table}, spread {spread}, noise floor {floor})"
    ),
    "simtext.skill.legend": (
        "'unbalanced': the χ² test rejects equal rates at 5 % after Bonferroni over the {k} "
        "tables ('too few games': an expected count below 5); noise floor: the 95th "
        "percentile of the spread under equal rates (parametric bootstrap)"
    ),
    "simtext.skill.speed": "{games} games, {seconds} s on {workers} worker(s) ({backend})",
    "simtext.skill.among": "{bot} among {base}",
    "simtext.skill.all": "all",
    "simtext.skill.rates": "win rate per character (one-… tables: the odd seat's)",
    "simtext.skill.intervals": "95 % Wilson intervals",
    "simtext.skill.per_table": "balance per table",
    "simtext.skill.gains": (
        "skill matters: odd seat's win − careful's in the same seat, same games"
    ),
    "simtext.skill.verdict.unbalanced": "unbalanced",
    "simtext.skill.verdict.within": "within noise",
    "simtext.skill.verdict.few": "too few games",
    "simtext.skill.col.table": "table",
    "simtext.skill.col.games": "games",
    "simtext.skill.col.bots": "bots",
    "simtext.skill.col.spread": "spread",
    "simtext.skill.col.floor": "noise floor",
    "simtext.skill.col.chi2": "χ²",
    "simtext.skill.col.p": "p",
    "simtext.skill.col.verdict": "verdict",
    "simtext.skill.col.character": "character",
    "simtext.skill.col.pairs": "pairs",
    "simtext.skill.col.gain": "gain",
    "simtext.skill.col.ci": "95 % CI",
    # --- end of the lab's text output ---------------------------------------------------------
    # --- autosave: resuming a page game, the restart banner (ui/autosave) ---------------------
    "page.autosave.offer": "Resume game from {time}, step {step}",
    "page.autosave.resume": "Resume",
    "page.autosave.discard": "Discard",
    "page.autosave.saved": "Saved at step {step}",
    "page.autosave.link": "link to resume",
    "page.autosave.failed": "Not saved: {msg}",
    "page.autosave.resumed": "Resumed at step {step}.",
    "page.autosave.resume_error": "Cannot resume: {msg}",
    "page.autosave.lost": "The game server restarted — reload to resume at step {step}",
    "page.autosave.lost_unsaved": "The game server restarted — reload the page",
    "page.autosave.reload": "Reload",
    # --- dice: what the dice parser expected (DiceError, RW.3); clause: the sentence form
    "dice.phrase.expression": "a dice expression such as 2+W3",
    "dice.phrase.number_or_die": "a number or a die such as W6",
    "dice.phrase.term": "a number, W6, W3 or '+'",
    "dice.phrase.sign": "'+' or '-'",
    "dice.phrase.sides": "W6 or W3 (no other dice exist in the game)",
    "dice.phrase.no_minus_die": "'+' before a die (dice are added, never subtracted)",
    "dice.phrase.count": "between 1 and {max} dice",
    "dice.phrase.constant": "a number up to {max}",
    "dice.phrase.after_sign": "a number or a die after the sign",
    "dice.phrase.total": "at most {max} dice in all",
    "dice.clause.expression": "{phrase}",
    "dice.clause.number_or_die": "{phrase}",
    "dice.clause.term": "{phrase}",
    "dice.clause.sign": "{phrase}",
    "dice.clause.sides": "{phrase}",
    "dice.clause.no_minus_die": "{phrase}",
    "dice.clause.count": "{phrase}",
    "dice.clause.constant": "{phrase}",
    "dice.clause.after_sign": "{phrase}",
    "dice.clause.total": "{phrase}",
    # --- engine: why the rules refuse an action (IllegalAction) ---------------------------
    "engine.err.game_over": "the game is over",
    "engine.err.game_over_edit": "the game is over; edits apply to new games",
    "engine.err.no_chance_point": "no chance point is pending",
    "engine.err.not_an_outcome": "{label} is not a possible outcome of this chance point",
    "engine.err.chance_pending": "a chance point is pending ({kind}); {label} is not an outcome",
    "engine.err.no_chance": "no chance point is pending; it is player {seat}'s decision",
    "engine.err.injured": "player {seat} is injured and must recover this turn",
    "engine.err.deck_empty": "the dungeon deck is empty",
    "engine.err.no_open_passage": "the figure's card has no open passage",
    "engine.err.bad_walk": "{label}: not a walk of up to two connected cards",
    "engine.err.bad_wait": "waiting is allowed only when no move is possible",
    "engine.err.not_a_turn_action": "{label} is not a turn action",
    "engine.err.bad_place": (
        "{label}: the card must be laid at an open passage of the figure's card, turned to meet it"
    ),
    "engine.err.shuffle_not_exit": "only an exit may be shuffled back",
    "engine.err.lay_first": "the drawn card must be laid first",
    "engine.err.obstacle_choice": "{label}: try the obstacle or decline",
    "engine.err.bad_fight_value": "{label}: not one of the values this fight allows",
    "engine.err.bad_trap_value": "{label}: not one of the values this trap allows",
    "engine.err.loss_choice": "{label}: lose 3 gold or one of your treasures",
    "engine.err.not_legal": "{label} is not legal now",
    # --- save: saved games and position links that cannot be read (SaveFormatError) ----------
    "save.err.not_text": "a saved game is JSON text, not {kind}",
    "save.err.too_large": "saved game too large (max {limit} bytes)",
    "save.err.not_utf8": "saved game is not UTF-8 text{detail}",
    "save.err.not_json": "not JSON: line {line}, column {column}{detail}",
    "save.err.unreadable": "not a readable saved game{detail}",
    "save.err.not_verlies": 'not a verlies game ("format" must be {format})',
    "save.err.version": "unsupported version {version} (this is version {current})",
    "save.err.setup_shape": '"setup" must be an object',
    "save.err.steps_shape": '"steps" must be a list',
    "save.err.step": "step {n} ({raw}): {error}",
    "save.err.cursor": "bad cursor {cursor}",
    "save.err.setup": "bad setup: {error}",
    "save.err.branches": "bad branches: {error}",
    "save.err.branches_shape": '"branches" must be an object with a list "lines"',
    "save.err.branches_count": '"branches" holds 1 to {limit} lines',
    "save.err.branch_shape": "branch {n} is not an object",
    "save.err.branch_base": "branch {n}: bad base",
    "save.err.branch_parent": "branch {n}: bad parent",
    "save.err.branch_steps": "branch {n}: steps must be a list",
    "save.err.branch_at": "branch {n}: bad at",
    "save.err.current": 'bad "current" branch',
    "save.err.branch_names": "two branches with the same name",
    "save.err.current_line": "the current branch is not the saved game's line",
    "save.err.branch_illegal": "branch {name}: {error}",
    "save.err.link_long": "not a position link (too long)",
    "save.err.link_large": "position link too large",
    "save.err.link_bad": "not a position link{detail}",
    "save.err.link_version": "not a position link of this version",
    "save.err.link_empty": "position link without setup or steps",
    "save.err.link_seats": "position link with bad seats",
    "save.err.link_deck": "bad deck in link: {error}",
    # what a deck inside a saved game is called where its errors name a file
    "save.deck_file": "<saved game>",
    # a game that cannot be set up as asked (SetupError; the rule id is put in front)
    "setup.err.deck": "deck must be a verlies.Deck, not {kind}",
    "setup.err.variants": "variants must be a verlies.Variants value",
    "setup.err.players": "1 to 4 players are the rules, not {players}",
    "setup.err.character_count": "{players} players need {players} characters, got {got}",
    "setup.err.character": "unknown character {name} (known: {known})",
    "setup.err.character_twice": "no two players may share a character",
    "setup.err.seed": "the seed must be an integer, not {seed}",
    "setup.err.start_seat": "start seat must be 0..{last}, not {seat}",
    "setup.err.round_limit": "the round limit must be a whole number >= 1, not {limit}",
    "setup.err.edition": "unknown deck edition {edition} (known: {known})",
    # --- store: playtest records that are missing or do not load (StoreError) ------------------
    "store.err.load": "playtest {id}: the stored game does not load: {error}",
    "store.err.missing": "no playtest {id} in the store",
    "store.err.bot": "playtest {id}: no bot {bot} here any more (known: {known})",
    "store.err.seats": "playtest {id}: the stored seats {seats} do not fit its game",
    "store.err.open": "cannot open the playtest store {url}: {error}",
    "store.err.db": "playtest store {url}: {error}",
    # --- shared tables: refused step requests (verlies.store.tables.TableRefused) ---------------
    "table.err.no_table": "no table {table} in the store",
    "table.err.bad_link": (
        "this link is no seat at this table (a link of another table, or mistyped)"
    ),
    "table.err.spectator": "a spectator link watches; only a seat link can play",
    "table.err.turn": "not your turn: you are seat {seat}, the table waits for seat {waits}",
    "table.err.turn_roll": (
        "not your turn: you are seat {seat}, the table waits for a roll or a bot"
    ),
    "table.err.illegal": "not a legal step here: {error}",
    "table.err.over": "the game at this table is over",
    "table.err.gap": "table {table}: its stored steps have a gap",
    # --- shared tables: "take back" (issue 23, verlies/store/tables.py, table_model.py) ---------
    "table.err.paused": (
        "the table waits: seat {seat} asked to take back its last step, and every other "
        "person answers first"
    ),
    "table.err.takeback_off": 'this table was made without "take back": it moves only forward',
    "table.err.takeback_refused": "the others refused taking back step {step}: it stays",
    "table.err.takeback_open": "a take-back request is already waiting for answers",
    "table.err.takeback_none": "you have not decided a step at this table yet",
    "table.err.takeback_played": (
        "seat {seat} has decided since your last step: only the last person's step can be "
        "taken back"
    ),
    "table.err.takeback_limit": "this table has taken back {limit} times already, its most",
    "table.err.takeback_no_request": (
        "no take-back request is waiting (it was answered or withdrawn)"
    ),
    "table.err.takeback_own": "the seat that asked does not answer its own request",
    "table.err.takeback_answered": "you have answered this request already",
    "table.err.takeback_not_yours": "only the seat that asked can withdraw the request",
    "table.err.busy": "table {table}: the request kept changing under this answer; try again",
    "page.table.allow_takeback": 'Allow "take back"',
    "page.table.allow_takeback_tip": (
        "A seat may ask to take back its last step; it is undone only if every other person accepts"
    ),
    "page.table.tb_ask": "Take back my last step",
    "page.table.tb_accept": "Accept",
    "page.table.tb_refuse": "Refuse",
    "page.table.tb_withdraw": "Withdraw the request",
    "page.table.tb_asked_you": (
        "Seat {seat} ({who}) asks to take back its last step (step {step}). Do you accept?"
    ),
    "page.table.tb_asked": (
        "Seat {seat} ({who}) asks to take back its last step (step {step}); waiting for: {waiting}"
    ),
    "page.table.tb_mine": (
        "You asked to take back your last step (step {step}); waiting for: {waiting}"
    ),
    "page.table.tb_answered": "You accepted; still waiting for: {waiting}",
    "page.table.tb_seat": "seat {n}",
    "page.table.tb_accepted": "Seat {seat}'s step {step} was taken back: everyone accepted",
    "page.table.tb_refused": (
        "Seat {seat}'s request to take back was refused by {by}; the game goes on"
    ),
    "page.table.tb_withdrawn": "Seat {seat} withdrew its request to take back; the game goes on",
    "page.table.tb_void": "The request to take back came too late: the table had moved on",
    "page.table.answers": "The table waits for the answers to seat {n}'s request to take back",
    # --- balance lab: metric names, definitions, verdicts (verlies.i18n.metrics) ----------------
    "metric.rounds": "rounds",
    "metric.help.rounds": (
        "rounds a game lasts until it ends (every figure out, or the round limit)"
    ),
    "metric.turns": "turns",
    "metric.help.turns": "turns played in a game, all seats together",
    "metric.timeout": "games at the round limit",
    "metric.help.timeout": "share of games that end at the round limit instead of by escaping",
    "metric.gold": "gold",
    "metric.help.gold": "gold a seat holds at the end of a game",
    "metric.left_behind": "figures left behind",
    "metric.help.left_behind": "figures still in the dungeon when a game ends, per game",
    "metric.escaped": "figures escaped",
    "metric.help.escaped": "figures that got out of the dungeon, per game",
    "tune.targets": "targets ({players} players, bots {bots}): {items}",
    "tune.target.win_all": "every character's win rate",
    "tune.target.median": "median {what}",
    "tune.search": (
        "search: {trials} candidates ({played} played, {games} games each, the same seeds "
        "from seed {seed}; {infeasible} broke a rule and were not played), {knobs} movable "
        "numbers"
    ),
    "tune.no_change": "proposal: no change",
    "tune.no_change_met": (
        "proposal: no change (the start deck meets the targets on the search seeds)"
    ),
    "tune.edits": "proposal: {n} edit(s)",
    "tune.edit": "{name} ({kind}): {what} {old} → {new}",
    "tune.not_met": (
        "no candidate met every target on the search seeds; this one came closest (off by "
        "{off}); widen the moves or the targets, or give a larger budget"
    ),
    "tune.verify": (
        "verification on fresh seeds (seed {seed}, {games} games each, start deck and "
        "proposal paired); intervals {level} each, simultaneous 95 % over {k} quantities "
        "(Bonferroni):"
    ),
    "tune.row": (
        "{what}  target {band}  start {start}  proposal {value} ({low} – {high})  {verdict}"
    ),
    "tune.off": (
        "off target (points/rounds outside the bands): start {start}, proposal {value}; "
        "point estimates {point}; verdicts: {met} met, {undecided} undecided, {missed} missed"
    ),
    "tune.point.met": "meet every target",
    "tune.point.missed": "miss a target",
    "tune.verdict.met": "met",
    "tune.verdict.missed": "missed",
    "tune.verdict.undecided": "can't tell yet",
    "tune.paired": "paired start → proposal: {sentence}",
    "tune.progress": "candidate {done}/{total}, best score {best}",
    "tune.patch_file": "patch file: {path} (the card editor's “{upload}” applies it)",
    "impact.head": (
        "the cards that move the game most ({games} games per deck; paired: the same seeds, "
        "effects clear after Holm over every card, direction and quantity at {alpha}; "
        "met vs not met is an association, not a cause)"
    ),
    "impact.step.-1": "−1",
    "impact.step.+1": "+1",
    "impact.step.median": "to the pile's median",
    "impact.refused": "not allowed by the deck",
    "impact.field.obstacle": "obstacle",
    "impact.field.gold": "gold",
    "impact.field.count": "copies",
    "impact.field.fight": "fight value",
    "impact.field.trap": "trap",
    "impact.col.card": "card",
    "impact.col.met": "met per game",
    "impact.col.assoc": "win rate met − not met, points (95 %)",
    "impact.col.paired": "its number −1 / +1: clear changes",
    "impact.col.score": "sure effect, in SDs of one game",
    "impact.not_moved": "not moved (R2: a character's values)",
    "metric.injuries": "injuries",
    "metric.help.injuries": "injuries taken in a game, all seats together",
    "metric.shuffle_backs": "shuffle-backs",
    "metric.help.shuffle_backs": "cards shuffled back into a pile in a game, all seats together",
    "metric.lead_changes": "lead changes",
    "metric.help.lead_changes": "how often the gold lead passes to another seat in a game",
    "metric.win": "{name}'s win rate",
    "metric.help.win": "share of the games the {name} plays that it wins",
    "metric.win_seat": "seat {seat}'s win rate",
    "metric.help.win_seat": "share of games won from seat {seat} (1 = first to move)",
    "metric.balance_characters": "balance of the characters",
    "metric.help.balance_characters": "1 − the largest gap between two characters' win rates",
    "metric.balance_seats": "balance of the seats",
    "metric.help.balance_seats": "1 − the largest gap between two seats' win rates",
    "metric.first_seat_edge": "first-seat edge",
    "metric.help.first_seat_edge": "the first seat's win share minus 1 / players",
    "metric.unit.game": "per game",
    "metric.unit.seat": "per seat",
    "metric.unit.points": "points",
    "lab.verdict.different": "different",
    "lab.verdict.no_change": "no meaningful change",
    "lab.verdict.undecided": "undecided",
    "lab.sentence.changed": "{what} {value} (clear).",
    "lab.sentence.chars_within": (
        "No character's win rate moved by more than {d} points (no meaningful change)."
    ),
    "lab.sentence.within": "{items}: no meaningful change.",
    "lab.sentence.within_item": "{what} within ±{d}",
    "lab.sentence.open": "Still open after {n} pairs: {items}.",
    "lab.sentence.open_item": "{what} {low} … {high}",
    "lab.sentence.undecided": "Undecided after {n} pairs: nothing changed clearly so far.",
    "lab.sentence.too_few": (
        "Too few pairs so far ({n}) to judge: a run that looks after every block decides "
        "from {min} pairs on."
    ),
    "lab.sentence.none": "Nothing watched.",
    "lab.table.head": (
        "{a} vs {b}: {n} games each on the same seeds (seed {seed}); {same} pairs ended "
        "exactly alike."
    ),
    "lab.table.foot_seq": (
        "★ = clear after Holm's correction over {k} rows (family-wise error {alpha}). "
        "Intervals: always-valid at {level} (normal-mixture confidence sequence), {looks}"
        " looks."
    ),
    "lab.table.foot_one": (
        "★ = clear after Holm's correction over {k} rows (family-wise error {alpha}). "
        "Intervals: {level} at one look."
    ),
    "lab.table.stopped": "Stopped: {why}.",
    "lab.table.watched": "Watched quantities ({method}, α = {alpha}, Holm): verdict {verdict}",
    "lab.method.seq": "always-valid",
    "lab.method.one": "one look",
    "lab.col.quantity": "quantity",
    "lab.col.diff": "B − A",
    "lab.col.ci": "{level} interval",
    "lab.col.p": "p (Holm)",
    "lab.col.delta": "δ",
    "lab.col.state": "state",
    "lab.state.different": "changed",
    "lab.state.within": "within ±δ",
    "lab.state.open": "open",
    "lab.stopped.different": "a watched quantity changed",
    "lab.stopped.no_change": "no watched quantity moved by more than its δ",
    "lab.stopped.budget": "game budget spent",
    "lab.stopped.time": "time budget spent",
    "lab.stopped.cancelled": "cancelled",
    "lab.balance.floor": "noise floor {floor} (95 % of spreads at equal rates); χ² p = {p}",
    "lab.balance.perfect": "indistinguishable from perfect balance at this size",
    "lab.balance.uneven": "the characters' win rates differ beyond noise",
    # --- end of the balance lab's words -----------------------------------------------------------
    # --- page (issue 24): what an obstacle's number means, per class (R5.1-R5.3) -------------
    # Class B: a failed roll stops the figure; classes A and C: it gets through anyway, hurt.
    "page.through_b": "Chance to get through: {p} (below {n}: not past, stays where it is)",
    "page.through_a": (
        "Gets through in any case; unhurt: {p} (below {n}: injured, loses 3 gold or a treasure)"
    ),
    "page.through_c": "Gets through in any case; unhurt: {p} (below {n}: injured)",
    "page.unhurt_on": "unhurt on {faces}, through but injured otherwise",
    "page.unhurt_none": "no face gets through unhurt: injured, but through",
    "page.ctx_oroll_hurt": (
        "{name} {n}: {attr} {value}{extra} + W6 ≥ {n} → unhurt {p}, through in any case"
    ),
    "page.unhurt_p": "unhurt {p}",
    # --- page (issue 24 item 8): the pan buttons' names, one per direction --------------
    "page.pan_left": "Pan left",
    "page.pan_right": "Pan right",
    "page.pan_up": "Pan up",
    "page.pan_down": "Pan down",
    # --- a shared table (verlies/ui/table/table_model.py) -------------------------------------
    "page.table.your_turn": "Your turn: seat {n} ({who}); the others wait for you",
    "page.table.wait_seat": "Seat {n} ({who}) is deciding; you wait for them",
    "page.table.watch": "Seat {n} ({who}) is deciding",
    "page.table.wait_bot": "The bot {bot} plays seat {n} ({who}); everyone waits for it",
    "page.table.rolling": "The dice are rolled for the table",
    "page.table.over": "The game at this table is over",
    "page.table.seat_you": "Seat {n} ({who}): you",
    "page.table.seat_person": "Seat {n} ({who}): a person with a seat link",
    "page.table.seat_bot": "Seat {n} ({who}): bot {bot}",
    "page.table.invite": "Invite to this table",
    "page.table.invite_tip": (
        "A shared table of this setup: one link per person's seat, each playing from "
        "their own browser"
    ),
    "page.table.links_intro": (
        "The table starts from this setup's beginning. Send each person their seat's "
        "link; a seat link plays that seat only."
    ),
    "page.table.link_seat": "{seat}: seat link",
    "page.table.link_bot": "{seat}: bot {bot}, no link",
    "page.table.link_spectator": "Spectator link (no hidden card)",
    "page.table.copy": "Copy",
    "page.table.copy_name": "Copy link: {link}",
    "page.table.copied": "Copied",
    "page.table.link_designer": "Designer link (every card shown; keep it to yourself)",
    # --- deck tab (issue 22): the impact column (ui/impact*.py), named drafts (store/drafts.py) --
    "deckimpact.title": "Which card matters",
    "deckimpact.intro": (
        "Simulates the draft with bots and puts each card's impact beside it in the card "
        "list: first from the draft's own games (seats that met the card against those that "
        "did not: a hint, not a cause), then the change when its number moves by −1, +1 or "
        "to its pile's median on the same seeds. ★: clear after Holm over all cards."
    ),
    "deckimpact.games": "Games per deck",
    "deckimpact.players": "Players",
    "deckimpact.scope": "Cards",
    "deckimpact.scope.all": "all cards of the draft",
    "deckimpact.scope.listed": "the cards in the list",
    "deckimpact.sort": "Order the list",
    "deckimpact.sort.deck": "deck order",
    "deckimpact.sort.impact": "impact, largest first",
    "deckimpact.sort.met": "met per game, most first",
    "deckimpact.start": "Compute impact",
    "deckimpact.cancel": "Cancel",
    "deckimpact.idle": "No impact computed yet.",
    "deckimpact.phase.base": "The draft's own games: {done} of {total} games",
    "deckimpact.phase.paired": "Moved cards on the same seeds: {done} of {total} games",
    "deckimpact.phase.done": "Done: {done} games ({games} per deck).",
    "deckimpact.phase.cancelled": (
        "Cancelled after {done} of {total} games; the figures so far stay."
    ),
    "deckimpact.error": "Not computed: {msg}",
    "deckimpact.no_cards": "no card is in the list (the filter hides them all)",
    "deckimpact.stale": "The draft changed since these figures: compute again to update them.",
    "deckimpact.none": "…",
    "deckimpact.assoc": "met vs not, win rate",
    "deckimpact.pt": "pt",
    "deckimpact.met": "{n}/game",
    "deckimpact.step.-1": "−1:",
    "deckimpact.step.+1": "+1:",
    "deckimpact.step.median": "to median:",
    "deckimpact.col.card": "card",
    "deckimpact.col.what": "effect of",
    "deckimpact.col.effect": "change (95 % interval)",
    "deckimpact.col.met": "met per game",
    "store.err.draft_name_empty": "a draft needs a name",
    "store.err.draft_name_long": "a draft's name has at most {max} characters, not {n}",
    "store.err.draft_too_large": "the draft is larger than {max} bytes",
    "store.err.draft_missing": "no draft named “{name}”",
    "store.err.draft_unreadable": "the draft “{name}” does not load: {error}",
    "drafts.title": "Named drafts",
    "drafts.name": "Name",
    "drafts.name_ph": "e.g. stronger troll",
    "drafts.save": "Save draft",
    "drafts.saved_list": "Saved drafts",
    "drafts.open": "Open",
    "drafts.delete": "Delete",
    "drafts.none": "No saved draft yet.",
    "drafts.saved": "Saved as “{name}”.",
    "drafts.not_saved": "Not saved: {msg}",
    "drafts.opened": "Opened “{name}” as the draft (Undo brings the one before back).",
    "drafts.not_opened": "Not opened: {msg}",
    "drafts.deleted": "Deleted “{name}”.",
    "drafts.not_deleted": "Not deleted: {msg}",
    "drafts.compare_title": "Compare two decks",
    "drafts.a": "Deck A",
    "drafts.b": "Deck B",
    "drafts.games": "Games",
    "drafts.compare": "Compare B with A",
    "drafts.cancel": "Cancel",
    "drafts.current": "the draft being edited",
    "drafts.draft": "draft “{name}”",
    "drafts.edition": "edition {name}",
    "drafts.same": "Pick two different decks.",
    "drafts.comparing": "Comparing: {done} of {total} games.",
    "drafts.not_compared": "Not compared: {msg}",
    "sweep.title": "Sweep this number",
    "sweep.intro": (
        "Plays the draft with the selected card's number at every value of the range, the "
        "same seeds at each value; the curve shows each value with its 95 % interval."
    ),
    "sweep.field": "Number",
    "sweep.from": "From",
    "sweep.to": "To",
    "sweep.games": "Games per value",
    "sweep.quantity": "Show",
    "sweep.start": "Sweep",
    "sweep.cancel": "Cancel",
    "sweep.pick": "Value",
    "sweep.make_draft": "Make it the draft",
    "sweep.none": "This card has no number to sweep.",
    "sweep.running": "Sweeping: {done} of {total} games",
    "sweep.done": "Done: {done} games.",
    "sweep.cancelled": "Cancelled after {done} of {total} games; the curve so far stays.",
    "sweep.error": "Not swept: {msg}",
    "sweep.refused": "Left out, the deck refuses them: {values}",
    "sweep.picked": "The draft now has {what} {value} (Undo brings the one before back).",
    "sweep.now": "now",
    "sweep.q.median_rounds": "median rounds",
    "sweep.q.mean_gold": "gold per seat",
    "sweep.q.injuries_per_game": "injuries per game",
    "sweep.q.timeout_share": "games at the round limit",
    # sweep22: a character's value swept as a pair move (issue 22 item 3)
    "sweep.gives": "Given by",
    "sweep.pair_point": "{value} · {gives} {partner}",
    "sweep.picked_pair": (
        "The draft now has {what} {value} and {gives} {partner} (Undo brings the one before back)."
    ),
    "render.legend": "Figures",
    "render.legend_seat": "Seat {seat}: {name}",
    "render.legend_escaped": "escaped",
    "render.legend_injured": "injured",
    "print.title": "Print",
    "print.cards": "Card sheets of the draft (PDF)",
    "print.rules": "Rules (PDF)",
    "print.board": "Board of the game (PNG, A4 300 dpi)",
    "print.download": "Download {name} ({kb} KB)",
    "print.error": "Not made: {msg}",
    "deckimpact.selected": "{card}: {figure}",
    # --- end of the impact column's words ----------------------------------------------------
    # --- the sample-size helper (verlies sample-size, the Balance tab) ---------------------
    "samplesize.title": "How many games?",
    "samplesize.points": "A change of (points of a win rate)",
    "samplesize.sentence": (
        "To see a change of {points} points in a win rate of {rate} % (α {alpha},"
        " quantities watched: {quantities}, power {power} %): {planned} pairs of games at one"
        " planned look; {always_valid} for a run that looks after every block until it is clear"
        " ({ratio} ×, the price of looking as often as you like)."
    ),
    "samplesize.error": "The change must be above 0 points.",
    # --- end of the sample-size helper's words ----------------------------------------------
    # --- page (issue 24, branch page24): tooltips, exports, branches, messages ---------------
    "page.speed_tip": "Milliseconds between two steps when playing automatically",
    "page.history_tip": "Go to any step of this game (its current line)",
    "page.load_tip": "Open a saved game file (.json)",
    "page.export_board_title": "Raus aus dem Verlies! · seed {seed} · step {step} · round {round}",
    "page.export_injured": "injured",
    "page.export_escaped": "escaped",
    "page.export_legend_gold": "Yellow dot: gold lying on the card",
    "page.export_legend_obstacle": "Red, blue, green dot: an obstacle and the number to reach",
    "page.export_legend_injured": "A figure lying on its side is injured (R8)",
    "page.export_log_title": "Event log, oldest first (seed {seed}, step {step})",
    "page.branch_undelete": "Bring back branch {name}",
    "page.branch_compare_at": "Both branches after step {k} (the step shown).",
    "page.branch_ends_at": "ends after step {n}",
    "page.branch_gold_hidden": "{coins} + {n} treasure card(s)",
    # --- a too-long address (verlies/serve/long_url.py) ---------------------------------------
    "page.long_url.title": "This link is too long",
    "page.long_url.text": (
        "The address has {n} characters; a position link of this page has at most {limit}. "
        "It was probably changed while being copied, or it does not come from this page."
    ),
    "page.long_url.fresh": "Open a new game",
    # --- end -------------------------------------------------------------------------------------
    # --- the Balance tab's "Suggest" section (issue 22 item 4, branch suggest22) -------------
    "suggest.title": "Suggest changes toward a target",
    "suggest.intro": (
        "The lab searches for the fewest changes of the draft's numbers that bring the "
        "quantities into their bands, then checks the proposal on fresh games. One target "
        "and one movable number per line, e.g. win:*=25+-3, edge=:2, rounds=20:30; "
        "monster:*:fight=-2:2, dungeon:*:obstacle=-1:1, character:char-barbar."
    ),
    "suggest.field.targets": "Targets",
    "suggest.field.moves": "What may move",
    "suggest.field.games": "Games per candidate",
    "suggest.field.trials": "Candidates",
    "suggest.field.seed": "Seed",
    "suggest.start": "Suggest",
    "suggest.cancel": "Cancel",
    "suggest.apply": "Make it the draft",
    "suggest.error": "{field}: {msg}",
    "suggest.error_line": "{field}, line {line}: {msg}",
    "suggest.progress_search": "candidate {done} of at most {total}",
    "suggest.progress_verify": "checking the proposal on fresh games: {done} of {total}",
    "suggest.running": "Searching …",
    "suggest.cancelled": "Cancelled: the best candidate so far, not checked on fresh games.",
    "suggest.done": "Done in {seconds} s.",
    "suggest.edits_title": "Proposed changes",
    "suggest.no_change": "No change proposed: no candidate came closer than the draft.",
    "suggest.no_change_met": "No change needed: the draft meets every target.",
    "suggest.not_met": "No candidate met every target; this one came closest.",
    "suggest.verdicts_title": (
        "Checked on {games} fresh games (each interval at {level}; all verdicts together "
        "wrong with at most {alpha} probability)"
    ),
    "suggest.col.quantity": "Quantity",
    "suggest.col.band": "Target",
    "suggest.col.start": "Draft",
    "suggest.col.proposal": "Proposal",
    "suggest.col.interval": "Interval",
    "suggest.col.verdict": "Verdict",
    "suggest.point.met": "The proposal's estimates meet every target.",
    "suggest.point.missed": "The proposal's estimates miss at least one target.",
    "suggest.download": "Download the patch file",
    "suggest.applied": "The proposal is the draft now (“Undo” takes it back).",
    "suggest.apply_failed": "The proposal could not be applied to the draft: {msg}",
    # --- end of the "Suggest" section's words ---------------------------------------------
    # --- background runs: a failure of the work in words (issue 20; ui/runs/run_model.py) ---
    "background.failed": "Stopped with an error ({run}): {kind}: {msg} {where}",
    "background.where": "(in {file}, line {line})",
    "background.run.run": "run",
    "background.run.balance": "A/B run",
    "background.run.skill": "balance across skill",
    "background.run.suggest": "search for a suggestion",
    "background.run.impact": "which card matters",
    "background.run.sweep": "sweep a number",
    # --- end of the background runs' words ------------------------------------------------
    # --- page24c (issue 24, the rest): the branch tree's refusals (verlies/tree.py) -------
    "branch.err.unknown": "there is no branch “{name}”",
    "branch.err.name": "a branch name is 1 to {limit} characters",
    "branch.err.taken": "there is a branch “{name}” already",
    "branch.err.shown": "the branch shown cannot be deleted; show another one first",
    "branch.err.exists": "branch “{name}” cannot come back: another branch has that name now",
    "branch.err.full": "no branch can come back: there are {limit} branches, the most",
    "branch.err.too_many": "at most {limit} branches; delete one first",
    "store.err.draft_name_chars": "a draft's name holds no control characters",
    "suggest.err.line_long": "a line holds at most {max} characters, not {n}",
    "suggest.err.field_long": "at most {max} characters, not {n}",
    # --- end of page24c's words ------------------------------------------------------------
    # --- Suggest: the unchanged deck first, pruning, error reasons (issue 22 item 4, tune22) --
    "tune.start_fresh_missed": (
        "the start deck missed no target on the search's games but missed one on fresh "
        "games, so changes were searched"
    ),
    "tune.pruned": (
        "{n} of the best candidate's {found} edits dropped: without each of them the search's "
        "games miss no more targets and lie no further off"
    ),
    "tune.verify_start": (
        "check on fresh seeds (seed {seed}, {games} games of the start deck); intervals "
        "{level} each, simultaneous 95 % over {k} quantities (Bonferroni):"
    ),
    "tune.row_start": "{what}  target {band}  {value} ({low} – {high})  {verdict}",
    "suggest.pruned": (
        "{n} of the best candidate's {found} changes were dropped: the draft without each "
        "of them does as well on the search's games."
    ),
    "suggest.start_fresh_missed": (
        "The draft misses no target on the search's games but misses one on fresh games, "
        "so changes were searched."
    ),
    "tune.error.target_form": "a target is KEY=LO:HI or KEY=C+-D, e.g. win:*=25+-2, not {text}",
    "tune.error.width_negative": "target {key}: the ± width is negative ({spec})",
    "tune.error.band_form": "target {key}: the band is LO:HI, :HI, LO: or C+-D, not {spec}",
    "tune.error.band_list": "target {key}: the band is [LO, HI], not {spec}",
    "tune.error.band_order": "target {key}: its low end {lo} lies above its high end {hi}",
    "tune.error.unknown_target": "unknown target {key} (known: {known})",
    "tune.error.move_form": (
        "a move is KIND:ID[:FIELD][=LO:HI], e.g. dungeon:*:obstacle=-1:1, not {text}"
    ),
    "tune.error.unknown_pile": "move {move}: unknown pile {kind} (known: {known})",
    "tune.error.character_values": "move {move}: a character moves its 'values', not {field}",
    "tune.error.unknown_field": "move {move}: unknown number {field} (known: {known})",
    "tune.error.bound_form": "move {move}: the bound is LO:HI or ±N, not {bound}",
    "tune.error.bound_list": "move {move}: the bound is [LO, HI], not {bound}",
    "tune.error.bound_zero": (
        "move {move}: the bound {lo}:{hi} must contain 0 (LO ≤ 0 ≤ HI; it is a change from "
        "the start deck's value)"
    ),
    "tune.error.no_card": "move {move}: no card {card} in the pile of each {kind}",
    "tune.error.no_number": "move {move}: card {card} has no number “{field}”",
    "tune.error.special_count": (
        "move {move}: the start card and the exits keep their count (R2.4, R1.3)"
    ),
    "tune.error.nothing_moves": "move {move}: no card with a number “{field}” that can move",
    "tune.error.needs_optuna": "tuning needs Optuna: pip install 'verlies[tune]'",
    "tune.error.games_min": "games per candidate must be at least 1",
    "tune.error.trials_min": "trials must be a whole number >= 1, not {trials}",
    "tune.error.no_targets": "state at least one target, e.g. win:*=25+-2",
    "tune.error.no_moves": "name at least one number that may move, e.g. character:char-barbar",
    "tune.error.no_character": "target {key}: no character {character} in the deck",
    "tune.error.no_knobs": "the moves leave no number free to move within their bounds",
    "tune.error.storage": "storage {storage}: {error}",
    "tune.error.storage_open": "storage {storage}: cannot open it ({error})",
    "tune.error.other_problem": (
        "study {study} in {storage} was made for another problem (deck, targets, moves, "
        "games or seed differ): name another study"
    ),
    "tune.error.nothing_played": "no candidate was played (cancelled before the first one)",
    "tune.error.internal": "internal: the proposal breaks a rule: {problem}",
    "tune.error.file_read": "{file}: cannot read it ({error})",
    "tune.error.file_toml": "{file}: not a TOML file: {error}",
    "tune.error.file_key": "{file}: unknown key {key} (known: {known})",
    "tune.error.file_int": "{file}: {key} is a whole number, not {value}",
    "tune.error.file_targets": "{file}: [targets] is a table of KEY = band",
    "tune.error.file_band": '{file}: target {key}: the band is "LO:HI", "C+-D" or [LO, HI]',
    "tune.error.in_file": "{file}: {reason}",
    "tune.error.file_move_card": '{file}: [[move]] number {i}: needs {name} = "KIND:ID"',
    "tune.error.file_move_key": ("{file}: [[move]] number {i}: unknown key {key} (known: {known})"),
    "tune.error.file_move_form": "{file}: [[move]] number {i}: {name} is KIND:ID, not {card}",
    "tune.error.in_move_entry": "{file}: [[move]] number {i}: {reason}",
    "tune.error.empty": "nothing given",
    "tune.error.at_least": "at least {n}",
    "tune.error.no_character_here": "no character {character}",
    "tune.error.nothing_of_the_deck": "nothing of the deck moves",
    # --- end of tune22's words --------------------------------------------------------------
    # --- words24 (issue 24): a broken link's or save file's step, variants and characters --
    # (verlies/actions.py from_json, verlies/variants.py, verlies/setup.py, verlies/legal.py)
    "step.err.not_action": "not an action: {data}",
    "step.err.kind": "unknown action kind {kind}",
    "step.err.too_many": "too many fields for {kind}: {data}",
    "step.err.too_few": "too few fields for {kind}: {data}",
    "step.err.path": "bad path {value}",
    "step.err.attribute": "bad attribute {value}",
    "step.err.card": "bad card id {value}",
    "step.err.number": "bad number {value} in {kind}",
    "step.chance.die": "a die roll",
    "step.chance.gold": "a roll for gold",
    "step.chance.dungeon": "a dungeon card drawn",
    "step.chance.room": "a room card drawn",
    "step.chance.monster": "a monster card drawn",
    "step.chance.treasure": "a treasure card drawn",
    "variants.err.shape": "the variants must be an object of switches, not {value}",
    "variants.err.unknown": "unknown variants: {names}",
    "variants.err.value": "variant {name} must be true or false, not {value}",
    "setup.err.characters_shape": "the characters must be a list of card ids, not {value}",
    "setup.err.missing": "the setup has no value {field}",
    # --- end of words24's words --------------------------------------------------------------
    # --- lifetimes ---
    "page.lost.inert": "This page takes no more input until it is reloaded.",
    "page.busy.title": "Too many new pages from your address",
    "page.busy.text": (
        "Your address opened {count} pages of the game that have not connected yet. Each"
        " holds a place on the server until its page connects or for about a minute."
    ),
    "page.busy.retry": "Try again",
    "page.busy.auto": "This page tries again by itself in {seconds} seconds.",
    "page.full.when": "A place is usually free again within {seconds} seconds.",
    # --- tables ---------------------------------------------------------------------------
    "table.err.stale_mine": (
        "your seat already took step {step} in another tab or window; this one shows the "
        "table as it is now"
    ),
    "table.err.stale_seat": "seat {by} already took step {step}; you see the table as it is now",
    "table.err.stale_moved": (
        "the table moved on before your step {step} (a take back, a roll or a bot); you see "
        "it as it is now"
    ),
    "page.table.not_yours": "Not your turn: seat {n} ({who}) is deciding; you wait for them",
    "page.table.watching": "You are watching: seat {n} ({who}) is deciding",
    # --- end of tables' words ---------------------------------------------------------------
    # --- sanity ---
    "sanity.pct": "{p}\u00a0%",
    "sanity.or": " or ",
    "sanity.and": "; ",
    "sanity.obstacle_row": "Obstacle {test} · {n}×",
    "sanity.card_row": "{name} ({test})",
    "sanity.kinds.obstacle": "obstacles",
    "sanity.kinds.trap": "traps",
    "sanity.kinds.monster": "monsters",
    "sanity.head.obstacle": "Obstacles (R4.2)",
    "sanity.head.trap": "Traps (R6.2)",
    "sanity.head.monster": "Monsters (R7.2)",
    "sanity.r2": (
        "{rule}: {name} {values} breaks the character rule (each value {lo}–{hi}, the three "
        "summing to {total}): {problem}."
    ),
    "sanity.r2_outside": "{attr} is {v}",
    "sanity.r2_sum": "the sum is {sum}",
    "sanity.nobody": (
        "{row}: no character can ever win this roll: the exact chance is 0\u00a0% for all {n}."
    ),
    "sanity.hardly": (
        "{row}: hardly anyone wins this roll: the best chance is {best} ({who}); {zero} of "
        "{n} characters have 0\u00a0%."
    ),
    "sanity.row_hard": (
        "{row}: far harder than the other {kind}: mean chance {mean}; the middle half of the "
        "{kind} lies at {middle}."
    ),
    "sanity.row_easy": (
        "{row}: far easier than the other {kind}: mean chance {mean}; the middle half of the "
        "{kind} lies at {middle}."
    ),
    "sanity.char_strong": (
        "{name} {values} wins far more rolls than the other characters: mean chance {mean} "
        "over every obstacle, trap and monster; the middle half of the characters lies at "
        "{middle}."
    ),
    "sanity.char_weak": (
        "{name} {values} wins far fewer rolls than the other characters: mean chance {mean} "
        "over every obstacle, trap and monster; the middle half of the characters lies at "
        "{middle}."
    ),
    "sanity.title": "Sanity checks",
    "sanity.none": (
        "No warnings: every character keeps the character rule, every roll can be won, no "
        "card or character is an outlier."
    ),
    "sanity.warnings": "Warnings ({n}): the deck takes them, a game can be played.",
    "sanity.with_warnings": "taken, with warnings",
    "sanity.table": "Exact chances of each character (without magic treasures)",
    "sanity.test": "Roll",
    "sanity.mean": "Mean, by copies",
    "sanity.legend": (
        "▼ far harder than the rest of its kind, ▲ far easier (Tukey's fences: 1.5 times the "
        "middle half's width beyond it, at least 10 points); a marked column: a character far "
        "stronger or weaker than the others. Hover over a chance for the exact fraction."
    ),
    "sweep.q.win_spread": "spread of the win rates",
    "sweep.q.win": "win rate: {name}",
    "sweep.unit.points": "points",
    "sweep.unit.pct": "%",
    "sweep.axis": "{what} ({unit})",
    "sweep.pts": "{x} pts",
    "sweep.second": "With a second number",
    "sweep.second_none": "none",
    "sweep.from2": "From (2nd)",
    "sweep.to2": "To (2nd)",
    "sweep.x_pair": "{what} ({gives} gives)",
    "sweep.x_grid_char": "{third} gives what keeps the sum of 10",
    "sweep.of": "Draft “{deck}”, {card}: {what}.",
    "sweep.stale": (
        "Out of date: the draft changed after this sweep. Sweep again to see the draft as it "
        "is now."
    ),
    "sweep.col.value": "Value",
    "sweep.col.interval": "95 % interval",
    "sweep.col.games": "Games",
    "sweep.col.floor": "Noise floor",
    "sweep.floor_note": (
        "Dashed line and last column: the noise floor, the spread chance alone gives when "
        "every character wins equally often (95th percentile); a spread below it is no sign "
        "of imbalance."
    ),
    "sweep.grid_axes": "Columns: {x}; rows: {y}. Hover over a cell for its 95 % interval.",
    "sweep.cell": "{a} × {b}",
    "sweep.picked_grid": (
        "The draft now has {x} {a} and {y} {b} (Undo brings the one before back)."
    ),
    # --- verdict ---
    # (verlies/sim/verdict.py, verlies/i18n/metrics.py before_after_*, the Balance tab,
    # the named-draft compare, the skill matrix: one before/after answer, fresh or marked)
    "verdict.better": "Better: {why}",
    "verdict.worse": "Worse: {why}",
    "verdict.mixed": "Mixed: {why}",
    "verdict.mixed_neutral": ("Changed, but not toward or away from a target: {why}"),
    "verdict.no_change": (
        "No meaningful change after {n} games per deck: every change lies within its δ "
        "(a win rate: ±{d} points)"
    ),
    "verdict.unplayed": (
        "The draft changes characters who play in none of these games ({names}): this "
        "answer cannot show that change; let every character play (verlies compare "
        "--characters all)."
    ),
    "verdict.cant_tell": (
        "Can't tell yet after {n} games per deck: no win rate, first-seat edge, timeout "
        "share or game length changed clearly, nor does every one lie within its δ; about "
        "{more} more games per deck would decide it"
    ),
    "verdict.cant_tell_far": (
        "Can't tell yet after {n} games per deck: no win rate, first-seat edge, timeout "
        "share or game length changed clearly, nor does every one lie within its δ; the "
        "changes lie so close to their δ that more games may not decide it soon"
    ),
    "verdict.why.fell": "{what} fell from {a} to {b} (clear)",
    "verdict.why.rose": "{what} rose from {a} to {b} (clear)",
    "verdict.why.shorter": "the games got shorter by {d} rounds (clear)",
    "verdict.why.longer": "the games got longer by {d} rounds (clear)",
    "verdict.why.but": "{good}, but {bad}",
    "verdict.miss.still_above": "the {name} is still above target ({value}, {span})",
    "verdict.miss.still_below": "the {name} is still below target ({value}, {span})",
    "verdict.miss.now_above": "the {name} is now above target ({value}, {span})",
    "verdict.miss.now_below": "the {name} is now below target ({value}, {span})",
    "verdict.miss.more": "{n} more off target",
    "verdict.q.win": "the {name}'s win rate",
    "verdict.q.spread": "the spread of the win rates",
    "verdict.q.edge": "the first seat's edge",
    "verdict.q.timeouts": "the timeouts",
    "verdict.q.rounds": "the game length (median rounds; change: the mean)",
    "verdict.wins": "Win rates in the draft “{draft}” ({n} games): {items}",
    "verdict.status.met": "within target",
    "verdict.status.missed_above": "above target",
    "verdict.status.missed_below": "below target",
    "verdict.status.undecided": "can't tell yet",
    "verdict.status.below_floor": "within the noise floor",
    "verdict.status.above_floor": "above the noise floor",
    "verdict.floor": "(noise floor {floor})",
    "verdict.col.base": "before: {name}",
    "verdict.col.draft": "after: {name}",
    "verdict.col.change": "change ★",
    "verdict.col.target": "target",
    "verdict.col.state": "after vs target",
    "verdict.table.title": "Before and after: “{base}” → “{draft}”, {n} games per deck",
    "verdict.table.foot": (
        "Each change's interval is the one the verdict uses: {method}, Holm over the "
        "watched quantities at α = {alpha}; ★: its interval excludes 0. Levels before and "
        "after: intervals at Suggest's level (Bonferroni over the targets)."
    ),
    "verdict.table.foot_none": (
        "Uncorrected (every interval at α = {alpha}, {method}): for measuring only."
    ),
    "verdict.targets": "Targets",
    "verdict.targets_help": (
        "as in Suggest: win:*=25+-3; edge=-2:2; rounds=20:30; timeouts=:2 (separated by ;)"
    ),
    "verdict.targets_error": "Targets not taken: {msg} (the last targets stay: {last})",
    "verdict.more": "Play {more} more games per deck",
    "verdict.belongs": "Result for the draft “{draft}” against “{base}”.",
    "verdict.stale": "Out of date: the draft changed after this result (it belongs to “{draft}”).",
    "verdict.glossary": "What the words mean",
    "verdict.glossary_link": "glossary",
    "verdict.gloss.star.term": "★ (clear)",
    "verdict.gloss.star": (
        "The change's interval excludes 0: at the stated error level the change is real, "
        "not noise. Every ★ is shown with the interval that earned it."
    ),
    "verdict.gloss.holm.term": "Holm",
    "verdict.gloss.holm": (
        "A correction for looking at many quantities at once: the smallest p-value must "
        "pass α/K, the next α/(K−1), and so on, stopping at the first that does not. It "
        "keeps the chance of any false ★ at most α."
    ),
    "verdict.gloss.no_change.term": "no meaningful change, δ",
    "verdict.gloss.no_change": (
        "δ is the smallest change that matters (3 points of a win rate, 1 round, 2 points "
        "of timeouts). “No meaningful change” means every change's interval lies inside "
        "±δ: the change may not be zero, but it is smaller than what matters."
    ),
    "verdict.gloss.robust.term": "robust balance",
    "verdict.gloss.robust": (
        "1 − the largest spread of the characters' win rates over every table of bots "
        "tried (careful, random, mixed): how even the characters are at the table that "
        "separates them most. 1 is perfectly even."
    ),
    "verdict.gloss.floor.term": "noise floor",
    "verdict.gloss.floor": (
        "The spread of win rates that chance alone gives at this many games when every "
        "character is equally strong (the 95th percentile). A spread below it is not "
        "evidence of imbalance."
    ),
    "verdict.gloss.level.term": "level of an interval",
    "verdict.gloss.level": (
        "The chance the interval misses the true value: at level α = 0.05 that happens in "
        "at most 5 runs of 100. Always-valid intervals keep it however often the run looks."
    ),
    "verdict.gloss.more": "More in docs/glossary.md.",
    "verdict.others": "Other quantities (Holm over these rows; ★: the interval excludes 0)",
    "balance.watch.verdict": "until the before/after answer is clear",
    "verdict.skill_belongs": "Matrix of the draft “{draft}”.",
    "verdict.diff_title": (
        "Win rate per character: draft − deck of new games (the answer's intervals; ★ clear)"
    ),
    "verdict.diff_hover": "{name}: {diff} (the answer's interval {low} to {high})",
    "verdict.also": "Also changed clearly (★, Holm over those quantities): {items}.",
    # --- end of verdict's words ---
    # --- suggest ---
    "tune.head.within": (
        "Within targets: every target met on {games} fresh games; nothing to change."
    ),
    "tune.head.undecided": (
        "No change proposed, but not every target is decided: every estimate lies inside "
        "its band on {games} fresh games, yet {undecided} of {k} targets can't be told yet."
    ),
    "tune.head.improved": (
        "Proposal: {n} change(s) bring the deck nearer its targets (distance to the "
        "targets on {games} fresh games: start {start}, proposal {value})."
    ),
    "tune.head.legal": (
        "Proposal: {n} change(s) give {characters} legal values (each 1–6, summing to 10), "
        "though not nearer the targets (distance on {games} fresh games: start {start}, "
        "proposal {value})."
    ),
    "tune.head.no_improvement": (
        "No improvement found with these moves: the best candidate lies no nearer the "
        "targets than the start deck (distance on {games} fresh games: start {start}, "
        "best candidate {value}); keep the deck as it is."
    ),
    "tune.head.no_improvement_off": (
        "No improvement found with these moves: the best candidate lies no nearer the "
        "targets than the start deck (distance on {games} fresh games: start {start}, "
        "best candidate {value}); keep the deck as it is. Farthest off in it: {what}, "
        "{estimate} against {band}."
    ),
    "tune.head.unverified": (
        "Not checked on fresh games (cancelled, or no check asked): the best candidate so "
        "far is shown, not offered as the draft."
    ),
    "tune.tally": "Verdicts: {met} met, {missed} missed, {undecided} can't tell yet",
    "tune.tally.missed": "missed: {names}",
    "tune.tally.more": (
        "about {more} more games per deck ({games} in all) would decide those that can't tell yet"
    ),
    "tune.tally.edge": ("an estimate sits on its band's edge: no number of games decides it"),
    "tune.hint.character": (
        "{what} lies farthest off its target and the allowed moves cannot reach it: allow {move}"
    ),
    "tune.hint.bound": (
        "a change stopped at the edge of its range; more room may reach {what}: allow {move}"
    ),
    "tune.start_fresh_off": (
        "the start deck lay inside every band on the search's games but not on fresh "
        "games, so changes were searched"
    ),
    "tune.start_illegal": (
        "the start deck breaks a character's rule (values 1–6 summing to 10): {characters}; "
        "every candidate gives legal values"
    ),
    "tune.rerun": "run again with it: {command}",
    "tune.distance_note": (
        "Distance: points of win rate (rounds) outside the bands, summed over the targets"
    ),
    "suggest.for_draft": "For the draft “{name}”.",
    "suggest.stale": "Out of date: the draft has changed since this suggestion.",
    "suggest.rerun": "Run again, also allowing {move}",
    "suggest.hints_title": "What the allowed moves cannot reach",
    "tune.tally.paired_clear": (
        "the paired check start → proposal shows a clear change (error at most {alpha})"
    ),
    "tune.tally.paired_open": (
        "the paired check start → proposal cannot tell the change from noise yet"
    ),
    # --- impact ---
    "impact36.head": (
        "Which card matters in {deck}: each card against the draft with it made typical of its "
        "kind, on the same seeds ({games} games in {rounds}, {pairs})"
    ),
    "impact8.head_rounds": "{n} rounds",
    "impact8.head_rounds_one": "1 round",
    "impact8.head_pairs": "{n} pairs a card",
    "impact8.head_pairs_range": "{low} to {high} pairs a card",
    "impact36.star": (
        "★ = a clear effect: with every card and quantity tested at once ({family} intervals), "
        "the chance that any ★ on this list is noise is at most {alpha} %."
    ),
    "impact36.row": "{card}: {what} {diff} ({low} … {high}), {times}× a meaningful change",
    "impact36.row_unclear": "{card}: {what} {diff} ({low} … {high}), not clear",
    "impact36.no_pairs": "{card}: no pairs yet",
    "impact36.changed": "(changed by the draft)",
    "impact36.none_clear": "No card has a clear effect yet.",
    "impact36.noise_head_one": "No measurable effect at {n} pairs (1 card):",
    "impact36.untested_head_one": (
        "Not compared (1 card): already typical of its kind, or the start card or an exit."
    ),
    "impact8.pending": "Not measured yet ({count} cards: their screen is still running):",
    "impact8.pending_one": "Not measured yet (1 card: its screen is still running):",
    "impact8.changed_reference": (
        "(changed by the draft beyond its numbers: against its card in {ref})"
    ),
    "impact36.noise_head": "No measurable effect at {n} pairs a card ({count} cards):",
    "impact36.noise_head_range": (
        "No measurable effect at {low} to {high} pairs a card ({count} cards):"
    ),
    "impact36.noise_changed": (
        "{card} (changed by the draft): no clear effect at {n} pairs. The largest change "
        "measured is {what} {diff} ({size}× a meaningful change); the game may feel this "
        "card little, but these pairs do not rule out up to {times}× a meaningful change "
        "in some figure."
    ),
    "impact36.untested_head": (
        "Not compared ({count} cards): already typical of their kind, or the start card and "
        "the exits."
    ),
    "impact36.stopped": "Stopped: {why}.",
    "deckimpact.intro36": (
        "Which card matters: each card of the draft against the draft with that card made "
        "typical of its kind (its numbers at its pile's median; a character at the others' "
        "median; a card without a number one copy fewer), on the same seeds. Cards the draft "
        "changed go first; games go to the cards that decide the ranking. A card with ★ "
        "moves a headline figure clearly; the others are listed apart as having no "
        "measurable effect at that size."
    ),
    "deckimpact.method": "Measure",
    "deckimpact.method.contribution": "made typical (which card matters)",
    "deckimpact.method.sensitivity": "±1 (how much the game reacts to its number)",
    "deckimpact.games.contribution": "Games in all",
    "deckimpact.how.typical": "already typical of its kind: nothing to compare",
    "deckimpact.how.frame": "start card or exit: the game's frame, not compared",
    "deckimpact.how.refused": "the deck refuses its typical version: not compared",
    "deckimpact.noise": "no measurable effect at {n} games",
    "deckimpact.times": "{n}× a meaningful change",
    "deckimpact.eta": "about {s} s left",
    "deckimpact.phase.round": "Round {round}: {done} of at most {total} games.",
    "deckimpact.belongs": "These figures are of the draft “{draft}”.",
    "deckimpact.largest": "largest seen: {what}",
    "deckimpact.phase.ranked_one": "Done: {done} games, 1 card with a clear effect (★).",
    "deckimpact.phase.ranked": "Done: {done} games, {ranked} cards with a clear effect (★).",
    "deckimpact.star": (
        "★: this card moves the figure shown by at least the interval's nearer end; with "
        "every card and figure tested at once ({family} intervals), the chance that any ★ "
        "on this list is noise is at most {alpha} %."
    ),
    # --- feel ---
    "feel.head": "Game feel: {label}, {games} games, {p} players (win chances estimated)",
    "feel.none": "{name}: no game to measure",
    "feel.name.decisiveness": "Decided",
    "feel.name.drama": "Drama",
    "feel.name.comeback": "Comebacks",
    "feel.name.lead_changes": "Lead changes",
    "feel.name.agency": "Real choices",
    "feel.name.wait_decisions": "Waiting (decisions)",
    "feel.name.wait_steps": "Waiting (steps)",
    "feel.name.longest_wait": "Longest wait",
    "feel.line.decisiveness": (
        "Decided: the winner stayed the favourite after {mean} of the game on average "
        "({low} – {high}, {n} games)"
    ),
    "feel.line.drama": (
        "Drama: at their worst, winners were {mean} behind the favourite in win chance "
        "({low} – {high}, {n} games)"
    ),
    "feel.line.comeback": (
        "Comebacks: {mean} of the games were won by a player who was last at half time "
        "({low} – {high}, {n} games)"
    ),
    "feel.line.lead_changes": (
        "Lead changes: the gold lead changed hands {mean} times per game ({low} – {high})"
    ),
    "feel.line.agency": (
        "Real choices: {mean} of a player's decisions offered a real choice "
        "({low} – {high}, {n} games)"
    ),
    "feel.line.wait_decisions": (
        "Waiting: {mean} decisions of others between one's own on average ({low} – {high})"
    ),
    "feel.line.wait_steps": (
        "Waiting: {mean} steps of play between one's own decisions on average ({low} – {high})"
    ),
    "feel.line.longest_wait": (
        "Longest wait: {mean} decisions of others per game on average ({low} – {high})"
    ),
    "feel.skill.head": "Skill trace: {label}, {games} games per budget, {p} players",
    "feel.skill.row": (
        "search bot with {budget} worlds per decision: wins {rate} ({low} – {high}), "
        "careful in the same seat {base}; gain {gain} ({glow} – {ghigh})"
    ),
    "feel.skill.sum": (
        "Skill: {gain} win chance over careful at the largest budget ({low} – {high}); "
        "it levels off at {budget} worlds"
    ),
    "feel.skill.read.skill": (
        "Skill pays: the search bot at {budget} worlds wins clearly more often than careful "
        "in the same seat ({gain}, {low} – {high})"
    ),
    "feel.skill.read.luck": (
        "Luck decides: a stronger player wins no more often than careful, within {delta} "
        "({gain}, {low} – {high}, 95 %)"
    ),
    "feel.skill.read.less": (
        "The search bot at {budget} worlds wins clearly less often than careful in the same "
        "seat ({gain}, {low} – {high})"
    ),
    "feel.skill.read.open": (
        "Can't tell yet whether skill pays: the gain's interval ({low} – {high}) holds 0 "
        "and reaches beyond {delta}; play more games"
    ),
    "feel.show": "Game {index} (seed {seed}), turn {turn}: {link}",
    "feel.show.none": "No game of the run shows this.",
    "feel.show.nolink": "too long for a link",
    # --- serve2 ---
    # an address the page server refuses (verlies/serve/routes.py)
    "page.route.bad.title": "This address is not valid",
    "page.route.bad.text": (
        "The address holds characters or steps that no page of this game uses. "
        "Check the link you were given."
    ),
    "page.route.missing.title": "Nothing here",
    "page.route.missing.text": "This server has no page at this address.",
    "page.route.error.title": "The server cannot answer this",
    "page.route.error.text": "The server refused this request (HTTP {code}).",
    "page.route.home": "Go to the game",
    # --- answers ---
    "metric.spread": "spread of the win rates",
    "answers.others.title": "Other quantities, {n} games per deck",
    "answers.others.foot": (
        "Holm over these {count} rows on their own at α = {alpha} ({method}); ★: the interval"
        " excludes 0. One interval per number: the win rates, the first seat's edge, the "
        "timeouts and the length are in the answer above, at the level its ★ uses."
    ),
    "answers.sweep.now": "(now)",
    "answers.sweep.heat_head": "Spread of the win rates in points, {x} across, {y} down",
    "sweep.card2": "Second number's card",
    "sweep.card2_same": "this card",
    "sweep.axis_card": "{card}: {what}",
    # --- autosave ---
    "store.err.ws_id": "not a workspace id: {id}",
    "store.err.ws_missing": "no workspace {id} in the store",
    "store.err.ws_too_large": "the workspace is {size} bytes, more than the {max} the store keeps",
    "store.err.ws_foreign": (
        "workspace {id} belongs to another browser: this page keeps its own copy"
    ),
    "store.err.ws_corrupt": "workspace {id} is not readable JSON: {error}",
    "store.err.ws_format": "workspace {id} has format {got}, this page reads format {want}",
    "workspace.err.field": "{where}: expected {what}",
    "workspace.saved": "Work saved at {time}",
    "workspace.link": "link to this work",
    "workspace.failed": "Work not saved: {msg}",
    "workspace.bad": "Your saved work could not be read ({msg}); the page starts clean.",
    "workspace.back": "Your work from {time} is back:",
    "workspace.item.draft": "working draft “{draft}”",
    "workspace.item.balance": "Balance answer of “{draft}” ({time})",
    "workspace.item.impact": "impact figures of “{draft}” ({time})",
    "workspace.item.skill": "balance across skill of “{draft}” ({time})",
    "workspace.item.compare": "comparison with “{draft}” ({time})",
    "workspace.fresh": "of the draft as it is",
    "workspace.stale": "out of date: the deck changed since",
    "workspace.dropped": "{what} left out: {msg}",
    # --- feel2 ---
    "feel.name.kingmaking": "Kingmaking",
    "feel.name.mattered": "Choices that mattered",
    "feel.line.kingmaking": (
        "Kingmaking: in {mean} of the games a player who could no longer win decided "
        "who did ({low} – {high}, {n} games)"
    ),
    "feel.line.mattered": (
        "Choices that mattered: the search bot's options differed by {mean} in win "
        "chance on average ({low} – {high}, {n} games)"
    ),
    "feel.ab.head": (
        "Game feel, draft against base ({pairs} pairs; Holm across the figures at "
        "α = {alpha}, always-valid): {verdict}"
    ),
    "feel.ab.row": "  {name}: {a} → {b}, {diff} ({low} … {high}): {state}",
    "feel.ab.pts": "{x} pt",
    "feel.ab.different": "the game feels different",
    "feel.ab.no_change": "no meaningful change",
    "feel.ab.undecided": "can't tell yet",
    "feel.ab.state.different": "changed",
    "feel.ab.state.within": "no meaningful change",
    "feel.ab.state.open": "can't tell yet",
    "feel.section": "Game feel",
    "feel.show.button": "Show me a game like this",
    "feel.show.open": "Open game {index} of the draft at turn {turn}",
    # --- serve3 ---
    "page.cookies.title": "This page needs a cookie",
    "page.cookies.text": (
        "Your browser keeps no cookies from this server. The page reaches its game engine"
        " only with one small cookie that says which browser it was served to, so that"
        " nobody else can play in your game: without it the board cannot move."
    ),
    "page.cookies.fix": "Allow cookies for this site in your browser, then reload the page.",
    # --- feel3 ---
    "feel3.budget": (
        "Error budget α = {total}: {answer} for the quantities above, {others} for the "
        "other quantities, {feel} for the game feel; so the chance that any ★ or change "
        "named here is noise is at most {total}."
    ),
    "feel3.sweep.head": "{name} per value (95 % interval):",
    "feel3.people.title": "People beside bots",
    "feel3.people.none": (
        "No finished game of people on this draft with {players} players is stored yet: "
        "games played on the Game tab appear here."
    ),
    "feel3.people.button": "Set people's games beside the bots",
    "feel3.people.head": "{games} games of people on this draft ({players} players).",
    "feel3.people.left_out": (
        "{n} of them left out of the game feel: replaying them did not give back the "
        "stored game (a roll chosen by hand or an edit)."
    ),
    "feel3.people.agree": (
        "The {bot} bot would have chosen what people chose in {share} of {decisions} decisions "
        "({low} – {high}, {games} games)"
    ),
    "feel3.people.feel_head": (
        "Game feel, people ({people} games) against {bot} bots on the same setups "
        "({bots} games); the intervals hold together at 95 %:"
    ),
    "feel3.people.gap": "  {name}: people {people}, bots {bots}, {diff} ({low} … {high}): {state}",
    "feel3.people.differs": "differs",
    "feel3.people.same": "no clear difference",
    # --- balview ---
    "balview.others.title": (
        "Other quantities, {n} games per deck (their own Holm family of {count} rows)"
    ),
    "balview.others.title_none": "Other quantities, {n} games per deck (uncorrected)",
    "balview.more.stale": (
        "More games cannot continue this result: the draft changed since. Start a new run."
    ),
    "balview.more.restored": (
        "Continues the saved run: the same seeds replay its {n} games per deck, then {more} more."
    ),
    "balview.show.title": "Show me games like this",
    "balview.show.what": "Which games",
    "balview.show.wins": "the shortest game {name} won",
    "balview.show.stalled": "the first stalled game",
    "balview.show.open_stall": "Open game {index} of “{draft}” where it stalled (round {round})",
    "balview.show.longest": "the longest game",
    "balview.show.among": "Looked for among the draft's first {n} games (the run's seeds).",
    "balview.show.button": "Show me",
    "balview.show.open": "Open game {index} of “{draft}” ({what}) at turn {turn}",
    "balview.show.none": "No game among the draft's first {n} shows this: {what}.",
    "balview.show.nolink": "Game {index} is too long for a link.",
    "balview.show.stale": (
        "The draft changed since this result: its games are no longer the draft's. Start a new run."
    ),
    "balview.show.restored": (
        "The games of a saved result can be shown once it is run again (Start)."
    ),
    "balview.feel.of": "Game feel of the draft “{draft}” against “{base}”.",
    # --- keep ---
    "workspace.item.sweep": "swept number of “{draft}” ({time})",
    "page.lost.frozen": (
        "The game server does not answer — reload to resume (the banner goes if it answers again)"
    ),
    "page.lost.frozen_inert": "This page takes no input while the game server does not answer.",
    "page.lost.undrawn": "The page did not finish drawing — reload it (nothing is lost)",
    # --- impact60 ---
    "impact60.stopped.settled": "every card decided as far as the rounds can tell",
    "impact60.stopped.game_budget_spent": "the game budget is spent",
    "impact60.stopped.time_budget_spent": "the time budget is spent",
    "impact60.stopped.cancelled": "cancelled",
    # --- impact7 ---
    "impact60.stopped.no_meaningful_effect": (
        "no card still in the running can move a figure by a meaningful change"
    ),
    "impact7.range": "{low} to {high}",
    "impact7.below": (
        "No meaningful effect: no card still in the running ({count} cards) moves any figure "
        "by a meaningful change (δ) or more. At {pairs} pairs a card, the largest effect "
        "their intervals allow is {times}× δ (every card and figure tested at once: the "
        "chance that this is wrong is at most {alpha} %). It is a bound, not a finding: "
        "a weaker claim than a ★."
    ),
    "impact7.below_others": (
        "The other {count} cards left the running earlier with no measurable effect at "
        "their pairs; they are not shown to be below δ."
    ),
    # --- suggest3 ---
    "workspace.item.suggest": "Suggest answer for “{draft}” ({time})",
    # --- keep4 ---
    "sweep.interrupted": (
        "Interrupted after {n} of {m} points (the page was reloaded or its kernel "
        "stopped): the points shown are final; Continue plays the rest on the same seeds."
    ),
    "sweep.resume": "Continue",
    "sweep.resume_old": (
        "This sweep was kept without its games per point: it cannot continue. Sweep again."
    ),
    "sweep.resume_stale": (
        "The draft changed since: this sweep of an earlier draft cannot continue. Sweep again."
    ),
    "sweep.extended": (
        "{kept} points kept from the last sweep (the same seeds, {games} games each); "
        "{played} played now."
    ),
    "sweep.no_extend.games": (
        "Games per value changed ({was} → {now}): every value is played again. A kept "
        "sweep holds its figures, not its games, so more games cannot be added to them."
    ),
    "sweep.no_extend.old": (
        "The last sweep was kept without its games per value: every value is played again."
    ),
    "sweep.show.what": "Show me a game of this value",
    "sweep.show.button": "Show me",
    "sweep.show.drama": "the most dramatic game",
    "sweep.show.late_decision": "the game decided latest",
    "sweep.show.longest_game": "the longest game",
    "sweep.show.shortest_game": "the shortest game",
    "sweep.show.looking": "Looking through the first {n} games at {value} …",
    "sweep.show.none": "None of the first {n} games at {value} shows this: {what}.",
    "sweep.show.nolink": "Game {index} is too long for a link.",
    "sweep.show.open": "Open game {index} at {value} ({what}) on the Game tab at turn {turn}",
    # --- impact61 ---
    "deckimpact.phase.interrupted": (
        "Interrupted after {done} of {total} games (a reload or a restarted kernel): the "
        "figures so far. Continue goes on from the end of round {round} ({at} games), on the "
        "same seeds."
    ),
    "deckimpact.continue": "Continue",
    # --- suggest4 ---
    "tune.head.meets": (
        "Proposal: {n} change(s) meet every target: on {games} fresh games each of the {k} "
        "intervals lies inside its band (distance to the targets: start {start}, proposal "
        "{value})."
    ),
    "tune.better.clear": "better than the start",
    "tune.better.noise": (
        "nearer the targets than the start on these games, though the paired check cannot "
        "tell the change from noise yet"
    ),
    "tune.head.improved_missed": (
        "Proposal: {n} change(s), {better}, but not a fix: it still misses "
        "{what}, {estimate} ({low} to {high}) against {band} on {games} fresh games "
        "(distance to the targets: start {start}, proposal {value})."
    ),
    "tune.head.improved_off": (
        "Proposal: {n} change(s), {better}, but not a fix: {what} still lies "
        "outside its band, {estimate} ({low} to {high}) against {band} on {games} fresh "
        "games (distance to the targets: start {start}, proposal {value})."
    ),
    "tune.head.improved_open": (
        "Proposal: {n} change(s), {better}, every estimate inside its band on "
        "{games} fresh games, but not yet shown to meet them all: {undecided} of {k} can't "
        "be told yet, the least certain {what}, {estimate} ({low} to {high}) against {band} "
        "(distance to the targets: start {start}, proposal {value})."
    ),
    # --- impact5 ---
    "deckimpact.show": (
        "Show me: game {index}, where {what} differed most between the draft and the card "
        "made typical:"
    ),
    "deckimpact.show.draft": "open it with the draft",
    "deckimpact.show.typical": "open it with {card} made typical",
    "deckimpact.show.long": "too long for a link",
    "deckimpact.show.at": (
        "each opens just after {card} is first drawn in that game (at its end if it never is)"
    ),
    "deckimpact.show.end": "each opens at the game's end",
    # --- suggest5 ---
    "tune.tally.beyond": (
        "can't be decided soon: {what} sits {distance} from its band's edge, so more than "
        "{cap} more games per deck would be needed"
    ),
    "tune.unit.rounds": "rounds",
    "tune.error.rechecks_range": "rechecks is a whole number from 0 to 10, not {rechecks}",
    "tune.tally.searched_on": (
        "searched on after the check: {rounds} more check(s) of a one-number step aimed at "
        "the row named, {kept} kept"
    ),
    "tune.tally.searched_back": (
        "the last step's check came out worse, so the earlier proposal and its check stand"
    ),
    "tune.tally.searched_back_paired": (
        "the last step lay no nearer the targets than the proposal before it on the same "
        "fresh games (distance {step} against {before}), so the earlier proposal and its "
        "check stand"
    ),
    "tune.verify_checks": (
        "verification on fresh seeds (seed {seed}, {games} games each, start deck and "
        "proposal paired); intervals {level} each, simultaneous {together} over {k} "
        "quantities, 95 % over the {checks} checks a search may make (Bonferroni):"
    ),
    "tune.verify_start_checks": (
        "check on fresh seeds (seed {seed}, {games} games of the start deck); intervals "
        "{level} each, simultaneous {together} over {k} quantities, 95 % over the {checks} "
        "checks a search may make (Bonferroni):"
    ),
    # --- compiled5 ---
    "simtext.backend.compiled": "processes, compiled engine",
}

"""Words live in verlies.i18n: both tables agree, every key the code uses exists, and a
third language is one table (a dummy language leaves no German or English word in the
engine's log, the action labels and the card words)."""

from __future__ import annotations

import ast
import dataclasses
import html
import random
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from verlies import i18n
from verlies.actions import ACTION_TYPES, Attempt, Choose, describe
from verlies.cards.display import card_text
from verlies.cards.model import Attr, Color, ObstacleType
from verlies.deck import Deck
from verlies.deck.words import DeckWarning
from verlies.errors import DeckError, IllegalAction, Inner, Phrase, RuledError, SaveFormatError
from verlies.events import Event
from verlies.game import Game
from verlies.i18n import values
from verlies.render import style as st
from verlies.setup import Setup
from verlies.tree import GameTree
from verlies.ui.core.session import HUMAN, Session
from verlies.ui.play.controller import Controller
from verlies.ui.play.log_html import log_html
from verlies.variants import Variants

REPO = Path(__file__).resolve().parents[2]
CODE = REPO / "verlies"
DUMMY = "xx"


def fields(template: str) -> list[str]:
    """The placeholders of a ``str.format`` template, in order, without repeats."""
    names = (f for _, f, _, _ in string.Formatter().parse(template) if f is not None)
    return list(dict.fromkeys(names))


# ---- the tables agree -------------------------------------------------------------------


def test_german_and_english_have_the_same_keys() -> None:
    de, en = set(i18n.table("de")), set(i18n.table("en"))
    assert sorted(de - en) == [] and sorted(en - de) == []


@pytest.mark.parametrize("lang", [code for code in i18n.LANGUAGES if code != "en"])
def test_every_language_fills_in_the_values_english_does(lang: str) -> None:
    """A table may be partial (English fills the gaps) but has no key English lacks, and
    each template uses exactly the values the English one does."""
    own, en = i18n.table(lang), i18n.table("en")
    assert sorted(set(own) - set(en)) == []
    differ = {k: (own[k], en[k]) for k in own if set(fields(own[k])) != set(fields(en[k]))}
    assert differ == {}


#: English words a German template must not hold (Gold is German too; API names aside).
ENGLISH_ONLY = re.compile(r"\b(each|the|and|or|of|to|is|are|not|with|player|cards?|step|turn)\b")


def test_german_templates_hold_no_english_words() -> None:
    """A German template copied from English and left untranslated ("(+ W6 each)" was
    one): only the API's own names (``with_card_text``) may stay."""
    left = {}
    for key, template in i18n.table("de").items():
        plain = re.sub(r"\{[^}]*\}|\w*_\w*", "", template)  # placeholders, API names
        if found := ENGLISH_ONLY.findall(plain):
            left[key] = found
    assert left == {}
    assert ENGLISH_ONLY.search("(+ W6 each)")


def test_the_shipped_languages_are_the_table_modules() -> None:
    tables = sorted(
        p.stem for p in (CODE / "i18n").glob("*.py") if re.fullmatch("[a-z]{2,3}", p.stem)
    )
    assert list(i18n.LANGUAGES[: len(tables)]) == tables == ["de", "en"]


def test_a_missing_key_falls_back_to_english_and_an_unknown_one_is_an_error() -> None:
    i18n.register(DUMMY, {"event.gold": "⟦gold⟧ {n}"})
    try:
        assert i18n.text("event.gold", DUMMY, p=1, n=2) == "⟦gold⟧ 2"
        assert i18n.text("event.trap", DUMMY) == "Trap!"
        with pytest.raises(KeyError, match="no text for key"):
            i18n.template("event.no_such_thing", DUMMY)
    finally:
        i18n.unregister(DUMMY)
    assert DUMMY not in i18n.LANGUAGES
    with pytest.raises(KeyError, match="unknown language"):
        i18n.table(DUMMY)


# ---- every key the code uses exists -----------------------------------------------------


def _calls(tree: ast.AST) -> Iterator[tuple[str, ast.expr]]:
    """(function name, first argument) of every call in ``tree``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            yield name, node.args[0]


def _used_keys() -> set[str]:
    """The keys named literally in the code: in calls of the i18n accessors, the page's
    ``t`` (which adds ``page.``), and any string that is a whole key of this area."""
    keys: set[str] = set()
    own = re.compile(r"(event|action|card|board)\.[a-z0-9_]+(\.[a-z0-9_]+)*")
    for path in CODE.rglob("*.py"):
        if path.parent.name == "i18n" and re.fullmatch("[a-z]{2,3}", path.stem):
            continue  # the tables themselves
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        page_t = re.search(r"from verlies\.ui\.i18n import .*\bt\b", source) is not None
        for name, arg in _calls(tree):
            if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                continue
            if name in ("Words", "of", "say") and path.parent.name == "deck":
                keys.add("deck." + arg.value)  # verlies.deck.words: deck messages
            elif name in ("text", "template", "has") and path.parent.name != "cards":
                if "." in arg.value:
                    keys.add(arg.value)
            elif name == "t" and page_t:
                keys.add("page." + arg.value)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if own.fullmatch(node.value):
                    keys.add(node.value)
    return keys


def _emitted_event_keys() -> set[str]:
    """The event keys the rules name: the key argument of every ``emit`` (rule, key, ...)
    and ``_finish`` (..., rule, key) call in the engine."""
    found = set()
    for path in CODE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            args = node.args
            key = None
            if name in ("emit", "_emit") and len(args) > 1:
                key = args[1]
            elif name == "_finish" and args:
                key = args[-1]
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                found.add(key.value)
    return found


def test_every_key_named_in_the_code_exists() -> None:
    used = _used_keys()
    assert len(used) > 50  # the scan finds the keys (page, engine, board, card words)
    missing = sorted(k for k in used if not i18n.has(k))
    assert missing == []


def test_every_key_made_from_a_value_exists() -> None:
    """Keys built from raw values: events, action kinds, card words, piles, sides."""
    events = _emitted_event_keys()
    assert {"turn", "test", "fight", "winner", "end_timeout", "gold"} <= events
    events |= {"treasure_hidden", "lose_treasure_hidden"}  # Event.public
    keys = {f"event.{k}" for k in events}
    keys |= {f"action.{kind}" for kind in ACTION_TYPES} | {"action.edit"}
    keys |= {"action.attempt.with", "action.choose.with"}
    keys |= {f"card.attr.{a.key}" for a in Attr} | {f"card.color.{c.value}" for c in Color}
    keys |= {f"card.obstacle.{o.key}" for o in ObstacleType}
    keys |= {f"event.pile.{p}" for p in ("dungeon", "room", "monster", "treasure")}
    keys |= {f"board.side.{s}" for s in "nesw"}
    kinds = ("character", "dungeon", "room", "monster", "treasure")
    keys |= {f"deck.kind.{k}" for k in (*kinds, "card")} | {f"deck.pile.{k}" for k in kinds}
    keys |= {f"deck.file.{k}" for k in ("fifo", "device", "socket", "special")}
    # verlies tune's text: verdicts, point estimates, the proposal line, moved fields
    keys |= {f"tune.verdict.{v}" for v in ("met", "missed", "undecided")}
    keys |= {"tune.point.met", "tune.point.missed", "tune.no_change", "tune.no_change_met"}
    keys |= {f"impact.field.{f}" for f in ("count", "gold", "obstacle", "fight", "trap")}
    for lang in ("de", "en"):
        assert sorted(k for k in keys if k not in i18n.table(lang)) == []


# ---- the words follow the tables -----------------------------------------------------


def test_labels_and_card_words_come_from_the_tables() -> None:
    i18n.register(DUMMY, {"action.choose.with": "{treasure}/{attr}", "card.attr.geist": "G!"})
    try:
        assert describe(Choose(Attr.GEIST, "t-ring"), DUMMY) == "t-ring/G!"
        assert describe(Attempt(), DUMMY) == "try to pass the obstacle"  # English fallback
    finally:
        i18n.unregister(DUMMY)
    assert (Attr.GEIST.en, Color.GREEN.de, ObstacleType.TUER.en) == ("Mind", "grün", "Door")


def test_event_values_are_words_of_the_language() -> None:
    fight = Event("R7.2", "fight", 0, {"attr": Attr.GEIST, "value": 3, "roll": 4, "bonus": 2,
                                        "total": 9, "mvalue": 5, "mroll": 1, "mtotal": 6,
                                        "roller": 1})  # fmt: skip
    assert fight.de == (
        "R7.2: Kampf mit Geist: Spieler 1 3 + 4 + 2 = 9, Monster 5 + 1 = 6 "
        "(gewürfelt von Spieler 2)."
    )
    solo = Event("R7.2", "fight", 0, {**fight.data, "roller": 0, "bonus": 0, "total": 7})
    assert solo.en.endswith("= 7, monster 5 + 1 = 6 (rolled by the engine).")
    trap = Event("R6.2", "test", 1, {"obstacle": None, "target": 8, "attr": Attr.GESCHICK,
                                      "value": 2, "roll": 3, "bonus": 0, "total": 5,
                                      "passed": False})  # fmt: skip
    assert trap.en == "R6.2: Player 2: Trap 8 – Dexterity 2 + roll 3 = 5: failed."
    lava = Event("R4.2", "test", 1, {**trap.data, "obstacle": ObstacleType.LAVA, "passed": True})
    assert lava.de == "R4.2: Spieler 2: Lava 8 – Geschick 2 + Wurf 3 = 5: geschafft."
    assert Event("R6.4", "refill", 0, {"pile": "room"}).de.startswith("R6.4: Der Stapel Raum")
    assert Event("R1.5", "winner", -1, {"winners": (0, 2), "gold": 9}).en == (
        "R1.5: Winner: player 1, player 3 with 9 gold."
    )


# ---- a third language is one table ------------------------------------------------------


def dummy_table() -> dict[str, str]:
    """Every English key as ``⟦key⟧`` followed by its values, so values show through."""
    return {
        key: f"⟦{key}⟧" + "".join(f" {{{f}}}" for f in fields(tmpl))
        for key, tmpl in i18n.table("en").items()
    }


@pytest.fixture
def dummy() -> Iterator[str]:
    i18n.register(DUMMY, dummy_table())
    yield DUMMY
    i18n.unregister(DUMMY)


def _data_words(deck: Deck) -> list[str]:
    """What a deck says and no table can: card ids, names and card texts (the card
    language, German and English), longest first so that no part of one stays behind."""
    words: set[str] = set()
    for cards in (deck.dungeon, deck.rooms, deck.monsters, deck.treasures, deck.characters):
        for card in cards.values():
            words |= {card.id, card.name.de, card.name.en}
            if hasattr(card, "effects") or hasattr(card, "fight") or hasattr(card, "magic"):
                words |= {values.card_text(card, "de"), values.card_text(card, "en")}
    return sorted(words - {""}, key=len, reverse=True)


RULE_ID = re.compile(r"R\d+(\.\d+)?")
LETTER = re.compile(r"[^\W\d_]")
#: Marks the pictures carry in every language: α start, Ω exit, and the colour letters for
#: colour-blind players (render/style.py: the same R, B, G in German and English).
MARKS = {*st.EMBLEM.values(), *st.COLOR_LETTER.values()}
MARK = re.compile("(?<![^\\W\\d_])(" + "|".join(sorted(MARKS)) + ")(?![^\\W\\d_])")


def leftover_words(shown: str, data_words: list[str]) -> str:
    """``shown`` without its ⟦key⟧ tokens, rule ids and deck data: only numbers and
    punctuation may remain."""
    rest = re.sub(r"⟦[A-Za-z0-9_.]+⟧", " ", shown)
    for word in data_words:
        rest = rest.replace(word, " ")
    rest = MARK.sub(" ", RULE_ID.sub(" ", rest))
    return " ".join(LETTER.findall(rest))


def play(game: Game, rng: random.Random, limit: int = 4000) -> list[list[str]]:
    """Play ``game`` with random choices; the labels (in the dummy language) of every
    decision's legal actions and chance outcomes."""
    shown = []
    for _ in range(limit):
        if game.is_over:
            break
        if game.is_chance:
            shown.append([describe(o, DUMMY) for o, _ in game.chance_outcomes()])
            game.roll()
            continue
        legal = game.legal_actions()
        shown.append(legal.labels(DUMMY))
        game.apply(legal[rng.randrange(len(legal))])
    return shown


VARIANTS = [Variants(), Variants(True, True, True, True), Variants(limited_bank=True)]


@pytest.mark.parametrize("index", range(12))
def test_a_dummy_language_leaves_no_german_or_english_word(dummy: str, index: int) -> None:
    deck = Deck.default()
    data_words = _data_words(deck)
    game = Game.new(
        players=1 + index % 4,
        seed=500 + index,
        variants=VARIANTS[index % len(VARIANTS)],
        round_limit=300 if index % 3 else 8,
    )
    labels = play(game, random.Random(index))
    assert game.is_over
    log = [e.text(dummy) for e in game.log]
    log += [e.text(dummy) for seat in range(game.players) for e in game.view(seat).log]
    shown = log + [label for step in labels for label in step]
    shown += [values.attr(a, dummy) for a in Attr] + [values.color(c, dummy) for c in Color]
    shown += [values.obstacle(o, dummy) for o in ObstacleType]
    shown += [card_text(card, dummy) for card in deck.dungeon.values()]  # kind, shape, obstacle
    # the pictures' names of values, colours and obstacles (render/style.py)
    shown += [st.ATTR_LABEL[a].get(dummy) for a in Attr] + [
        st.OBSTACLE[o].name.get(dummy) for o in ObstacleType
    ]
    shown += [st.COLOR_NAME[c].get(dummy) for c in Color]
    assert len(log) > 20 and all(line.startswith("⟦event.line⟧") for line in log)
    left = {line: leftover_words(line, data_words) for line in shown}
    assert {line: rest for line, rest in left.items() if rest} == {}
    # ... while the same check finds the words of German and English
    assert leftover_words(game.log[0].de, data_words)
    assert leftover_words(game.log[-1].en, data_words)


def test_leftover_words_finds_a_word_among_tokens() -> None:
    assert leftover_words("⟦event.line⟧ R4.1 ⟦event.gold⟧ 2", []) == ""
    assert leftover_words("⟦event.line⟧ R4.1 ⟦event.gold⟧ 2 Gold", []) == "G o l d"
    assert leftover_words("⟦event.turn⟧ 1 Zwerg", ["Zwerg"]) == ""
    assert leftover_words("⟦render.shape.T⟧ 7 R, Ω", []) == ""  # marks, not words
    assert leftover_words("Rot 7 G", []) == "R o t"


# ---- deck messages in a third language ---------------------------------------------------

PATCH = """format = 1
name = "odd"
base = "default"
remove = [{removed}]
{more}"""
#: Added to a patch: an obstacle, a trap and a monster no roll passes, two more red exits.
UNREACHABLE = """
[[dungeon]]
id = "z-door"
kind = "corridor"
color = "red"
shape = "straight"
name = "Z"
obstacle = { type = "tuer", color = "red", n = 40 }

[[rooms]]
id = "z-trap"
name = "Z"
text = "Falle: Geist 16, sonst zurück."

[[monsters]]
id = "z-giant"
name = "Z"
text = "Kampf: Stärke 16."
""" + "".join(
    f'\n[[dungeon]]\nid = "z-exit-{n}"\nkind = "exit"\ncolor = "red"\nshape = "dead_end"\n'
    'name = "Z"\n'
    for n in range(2)
)


def _without(deck: Deck, kind: str, ids: list[str]) -> Deck:
    for cid in ids:
        deck = deck.without_card(kind, cid)
    return deck


def _deck_problems(deck: Deck) -> tuple[list[DeckError], list[DeckWarning]]:
    """A deck error of every deck-level check, of changes to a base deck and of the Deck
    API's refusals, and warnings of every kind (located in a file and not)."""
    from verlies.deck.kinds import kind_of

    ids = {kind: list(deck.cards(kind)) for kind in ("dungeon", "room", "monster", "treasure")}
    exits = [c.id for c in deck.dungeon.values() if c.kind.value == "exit"]
    quoted = ", ".join(f'"{c}"' for c in ids["treasure"])
    start = deck.start
    changes = [
        lambda: deck.without_card("dungeon", start.id),  # no start card
        lambda: deck.with_count("dungeon", start.id, 2),  # the start card twice
        lambda: deck.without_card("dungeon", exits[1]),  # blue has no exit
        lambda: deck.without_card("dungeon", exits[0]).without_card("dungeon", exits[1]),
        lambda: _without(deck.with_count("dungeon", exits[0], 2), "dungeon", exits[1:]),
        lambda: _without(deck, "character", list(deck.characters)[:5]),
        lambda: deck.apply(deck.diff(deck)).without_card("room", "nope"),
        lambda: deck.with_count("room", ids["room"][0], -1),
        lambda: deck.with_name(""),
        lambda: deck.apply(object()),  # type: ignore[arg-type]
        lambda: deck.dungeon_pile(7),
        lambda: Deck.loads(3, file="odd.toml"),  # type: ignore[arg-type]
        lambda: Deck.loads(PATCH.format(removed='"nope"', more=""), file="odd.toml"),
        lambda: Deck.loads(
            PATCH.format(removed="", more='[[rooms]]\nid = "nope"\ncount = 2\n'), file="odd.toml"
        ),
        lambda: Deck.loads(
            PATCH.format(
                removed=f'"{ids["room"][0]}"',
                more=f'[[rooms]]\nid = "{ids["room"][0]}"\ncount = 2\n',
            ),
            file="odd.toml",
        ),
        lambda: Deck.loads("format = 1\nname = [\n", file="odd.toml"),
        lambda: Deck.loads(  # a card text that does not parse: the parser's words too
            PATCH.format(
                removed="",
                more='[[rooms]]\nid = "nope"\nname = "N"\ntext = "Falle: Geschick , sonst"\n',
            ),
            file="odd.toml",
        ),
    ]
    rooms = [*ids["room"]]
    changes += [lambda: _without(deck, "room", rooms)]
    errors = []
    for change in changes:
        with pytest.raises(DeckError) as info:
            change()
        errors.append(info.value)
    with pytest.raises(DeckError) as info:
        kind_of("7")
    errors.append(info.value)
    odd = Deck.loads(PATCH.format(removed=quoted, more=UNREACHABLE), file="odd.toml")
    blue_start = deck.without_card("room", ids["room"][0]).with_card(
        "dungeon", dataclasses.replace(start, color=Color.BLUE)
    )
    warnings = [*odd.warnings, *blue_start.warnings]
    return errors, warnings


def test_deck_messages_are_words_of_the_tables(dummy: str) -> None:
    """Deck errors and warnings in a third language: every word from its table, with the
    file, line, card and rule ids kept; the same messages read English and German."""
    deck = Deck.default()
    errors, warnings = _deck_problems(deck)
    keys = {w.words.key for w in warnings} | {e.words.key for e in errors if e.words is not None}
    assert {
        "check.no_start",
        "check.start_count",
        "check.no_exit_one",
        "check.no_exit_many",
        "check.characters",
        "check.no_rooms",
        "ops.no_remove",
        "ops.no_count",
        "check.r10",
        "check.obstacle_unpassable",
        "check.trap_unpassable",
        "check.monster_unbeatable",
        "check.too_many_exits",
        "check.no_treasures",
        "check.start_not_red",
        "err.count",
    } <= keys | {getattr(dict(e.words.values).get("msg"), "key", "") for e in errors if e.words}
    # card ids, the file's name and what Python and tomllib say stay as they are
    data = _data_words(deck) + ["odd.toml", "nope", "z-door", "z-trap", "z-giant", "DeckPatch"]
    data += ["object", "int", "Expected", "value", "Invalid", "character", "dungeon", "room"]
    data += ["monster", "treasure", "default"]
    # the deck file's field names (TOML keys, API parameters) are identifiers, not words
    data += ["count", "name", "players", "kind", "remove"]
    data += ["Geschick", "text"]  # the card text's own keyword; its field's name
    shown = [e.text_in(dummy) for e in errors] + [w.text(dummy) for w in warnings]
    left = {line: rest for line in shown if (rest := leftover_words(line, data))}
    assert left == {}
    located = [w for w in warnings if w.card == "z-door"]
    assert located and located[0].file == "odd.toml" and located[0].line
    assert located[0].text(dummy).startswith("⟦deck.warn.file_card⟧ odd.toml")
    for lang in ("en", "de"):  # the same messages are words in both shipped languages
        assert all(leftover_words(line, data) for line in [w.text(lang) for w in warnings])
    assert any("R2.4" in line for line in shown) and any("R10" in line for line in shown)
    assert any("⟦card.err.wrong_token⟧" in line for line in shown)


def test_the_editor_shows_deck_messages_in_a_third_language(dummy: str) -> None:
    """The deck editor's model in a third language: the composition with the deck's
    warnings, the diff, a refused edit's located error and a card's own warnings."""
    from verlies.ui.deck.editor_model import EditorModel, composition

    deck = Deck.default()
    odd = deck.with_count("room", next(iter(deck.rooms)), 3)  # R10: 26 room cards
    model = EditorModel(odd, dummy)
    c = composition(odd, dummy)
    shown = [c.title, *c.columns, *(name for name, _ in c.rows), c.total_label]
    shown += [*(k for k, _ in c.others), *c.warnings, c.warnings_title]
    assert any("⟦deck.check.r10⟧" in line for line in shown)
    model.selected = ("dungeon", deck.start.id)
    assert model.edit_count(2) is False  # the start card once only (R2.4)
    refused = model.parse_message()
    assert "⟦deck.check.start_count⟧" in refused and "R2.4" in refused  # the rule id stays
    shown.append(refused)
    assert model.edit_deck_name("") is False
    shown.append(model.parse_message())
    assert model.edit_deck_name("Z") is True
    shown += model.diff_lines()
    door = dataclasses.replace(
        deck.dungeon["r-gang-straight-04"],
        obstacle=dataclasses.replace(deck.dungeon["r-gang-straight-04"].obstacle, n=40),
    )
    model.selected = ("dungeon", door.id)
    assert model.edit_card(door) is True
    card_warnings = model.warnings_of(door, dummy)
    assert card_warnings and card_warnings[0].startswith("⟦deck.warn.card⟧")
    shown += card_warnings
    data = _data_words(deck) + ["Standard", "Z", "count", "name"]  # names; field names
    left = {line: rest for line in shown if (rest := leftover_words(line, data))}
    assert left == {}


# ---- the page's main views in a third language ------------------------------------------


def svg_texts(svg: str) -> list[str]:
    """The words an SVG picture shows (its text elements)."""
    found = re.findall(r"<text[^>]*>(.*?)</text>", svg, re.S)
    return [html.unescape(re.sub("<[^>]+>", "", t)) for t in found]


def html_texts(page: str) -> list[str]:
    """The texts between the tags of an HTML piece."""
    return [html.unescape(t) for t in re.split(r"<[^>]+>", page) if t.strip()]


def page_texts(c: Controller) -> list[str]:
    """Every text of the page model now: the state line, the board (scene and picture),
    the decision or chance panel, the placing buttons and the hints."""
    status = c.status()
    shown = [status.round_text, status.position_text, status.headline, status.detail]
    shown += [status.winners, status.bot]
    scene = c.scene()
    shown += [scene.banner, *(h.label for h in scene.highlights.values())]
    shown += [scene.ghost.note] if scene.ghost else []
    shown += svg_texts(c.game.board_svg(lang=c.lang))
    decision = c.decision()
    if decision is not None:
        shown += [decision.context, decision.bot, *(row.label for row in decision.rows)]
    chance = c.chance_table()
    if chance is not None:
        shown += [chance.title, chance.who, chance.context, *(row.label for row in chance.rows)]
    placing = c.placing()
    shown += [placing.confirm_label] if placing else []
    shown += [hint.text for hint in c.hints()]
    for row in c.players():
        shown += [row.name, row.controller, row.gold, row.treasures_label, row.no_treasures]
        shown += [name for _, name, _ in row.values] + [b.text for b in row.badges]
        shown += [f"{t.name} {t.details} {t.text}" for t in row.treasures]
    shown += html_texts(log_html(c.session, c.lang, c.designer, limit=12))
    return [s for s in shown if s]


PAGE_GAMES = [  # (controllers, round limit): each ends (a timeout, an escape with a winner)
    ([HUMAN], 300),
    ([HUMAN, "careful"], 300),
    ([HUMAN, "greedy", "reckless", "careful"], 6),
]


@pytest.mark.parametrize(("controllers", "limit"), PAGE_GAMES)
def test_the_page_in_a_dummy_language_shows_no_german_or_english_word(
    dummy: str, controllers: list[str], limit: int
) -> None:
    """The controller's page model (what the play page draws) through a game, in designer
    mode (every chance table shown): every step's texts, bots' turns and the end included."""
    players = len(controllers)
    setup = Setup(players=players, seed=70 + players, round_limit=limit)
    session = Session.new(setup, controllers)
    c = Controller(session, dummy, designer=True)
    # bot presets are named by their ids, as on the command line, in every language
    data_words = _data_words(session.game.deck) + [b for b in controllers if b != HUMAN]
    rng = random.Random(players)
    left: dict[str, str] = {}
    seen: set[str] = set()
    for _ in range(700):
        for line in page_texts(c):
            seen.add(line)
            if rest := leftover_words(line, data_words):
                left[line] = rest
        if session.step() == "human":
            legal = session.game.legal_actions()
            session.act(legal[rng.randrange(len(legal))])
        elif session.game.is_over:
            for line in page_texts(c):
                if rest := leftover_words(line, data_words):
                    left[line] = rest
            break
    assert left == {}
    assert len(seen) > 100  # the page said many different things
    assert session.game.is_over  # the end texts (game over, winner, left behind) were read
    c.lang = "en"
    assert any(leftover_words(line, data_words) for line in page_texts(c))


# ---- saved games and links that cannot be read (issue 12) --------------------------------


def _bad_saves() -> list[tuple[str, object]]:
    """(name, input) pairs: saves for GameTree.from_json ("save:") and link values for
    share.decode ("link:"), each broken in one way."""
    import base64
    import json
    import zlib

    from verlies.record import MAX_SAVE_BYTES
    from verlies.ui.core.share import LINK_VERSION

    game = Game.new(seed=1)
    for _ in range(3):
        game.apply(game.legal_actions()[0]) if not game.is_chance else game.roll()
    good = json.loads(GameTree(game).to_json())
    steps = good["steps"]

    def save(**change: object) -> str:
        return json.dumps({**good, **change})

    def branches(**change: object) -> str:
        row = {**good["branches"]["lines"][0], **change}
        return save(branches={"current": 0, "lines": [row]})

    def link(data: object, raw: bytes | None = None) -> str:
        packed = zlib.compress(raw if raw is not None else json.dumps(data).encode(), 9)
        return base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")

    ok = {"v": LINK_VERSION, "s": good["setup"], "p": [], "c": ["human", "human"]}
    return [
        ("save:not_text", 42),
        ("save:too_large", b" " * (MAX_SAVE_BYTES + 1)),
        ("save:not_utf8", b'{"format": "\xff"}'),
        ("save:not_json", '{"format": '),
        ("save:unreadable", "[" * 100_000),
        ("save:not_verlies", '{"format": "chess"}'),
        ("save:version", save(version=99)),
        ("save:setup_shape", save(setup=[])),
        ("save:steps_shape", save(steps={})),
        ("save:step", save(steps=[*steps, ["place", 0, 0, 0]])),
        ("save:cursor", save(cursor=-5)),
        ("save:setup", save(setup={**good["setup"], "players": 9})),
        ("save:setup_deck", save(setup={**good["setup"], "deck": "[[room]]\nid = 3\n"})),
        ("save:branches_shape", save(branches=[])),
        ("save:branches_count", save(branches={"current": 0, "lines": []})),
        ("save:branch_shape", save(branches={"current": 0, "lines": [7]})),
        ("save:branch_base", branches(base=5)),
        ("save:branch_parent", branches(parent=5)),
        ("save:branch_steps", branches(steps=3)),
        ("save:branch_at", branches(at=2)),
        ("save:current", save(branches={**good["branches"], "current": 4})),
        (
            "save:branch_names",
            save(branches={"current": 0, "lines": [good["branches"]["lines"][0]] * 2}),
        ),
        ("save:current_line", branches(steps=steps[:1])),
        ("save:branches", branches(steps=[["nonsense"]])),
        (
            "save:branch_illegal",
            save(
                branches={
                    "current": 0,
                    "lines": [
                        good["branches"]["lines"][0],
                        {"name": "2", "parent": 0, "base": 0, "at": 1, "steps": [["draw"]]},
                    ],
                }
            ),
        ),
        ("link:link_long", "A" * 30_000),
        ("link:link_large", link(None, b" " * (MAX_SAVE_BYTES + 10))),
        ("link:link_bad", "%%%"),
        ("link:link_version", link({"v": 99})),
        ("link:link_empty", link({"v": LINK_VERSION})),
        ("link:link_seats", link({**ok, "c": [1, 2]})),
        ("link:link_deck", link({**ok, "d": {"remove": ["nope"]}})),
    ]


#: a deck file's field names (TOML keys), shown as they are inside a deck error
_TOML_KEYS = "format name base remove characters dungeon rooms room monsters treasures".split()
_TOML_KEYS += "added changed counts removed".split()


def _save_errors() -> list[tuple[str, SaveFormatError]]:
    from verlies.ui.core import share

    found = []
    for name, bad in _bad_saves():
        with pytest.raises(SaveFormatError) as caught:
            if name.startswith("link:"):
                assert isinstance(bad, str)
                share.decode(bad)
            else:
                GameTree.from_json(bad)  # type: ignore[arg-type]
        found.append((name, caught.value))
    return found


def _check_ruled_words(e: RuledError, raw: list[str], english_only: set[str], dummy: str) -> str:
    """A rule's refusal in words (SetupError, IllegalAction): str(e) is its English, the
    German keeps the rule ID in front and no English word but the raw values, and another
    language starts with the rule ID and the key. Returns that language's text."""
    assert str(e) == e.text_in("en") == f"{e.rule}: {e.message}"
    german = e.text_in("de")
    assert german.startswith(f"{e.rule}: ") and german != str(e)
    rest = german
    for value in raw:
        rest = rest.replace(value, " ")
    assert set(re.findall(r"[A-Za-z]+", rest)) & english_only == set(), german
    shown: str = e.text_in(dummy)
    assert shown.startswith(f"{e.rule}: ⟦{e.words.key}⟧"), shown
    return shown


#: English words of the save.err templates that German never uses (one seen is a leftover)
def _english_only() -> set[str]:
    word = re.compile(r"(?<!\w)[A-Za-z]{3,}(?!\w)")
    german = {w for v in i18n.table("de").values() for w in word.findall(v)}
    en = i18n.table("en")
    english = {
        w
        for k, v in en.items()
        if k.startswith(("save.err.", "setup.err."))
        for w in word.findall(v)
    }
    return english - german


def test_save_and_link_errors_speak_the_page_language(dummy: str) -> None:
    """Every broken save or link gives a SaveFormatError made of save.err words: str(e) is
    the English it always was, German keeps no English sentence (an inner deck error is in
    German too), and a third language shows only its own words and the raw values."""
    errors = _save_errors()
    keys = {e.words.key for _, e in errors if e.words is not None}
    assert keys == {k for k in i18n.keys("en") if k.startswith("save.err.")}
    english_only = _english_only()
    for name, e in errors:
        assert e.words is not None, name
        assert str(e) == e.text_in("en") == e.message, name
        german = e.text_in("de")
        assert german != str(e), name
        # raw values stay as they are: ids, JSON fragments, an engine error without words
        raw = [str(v) for _, v in e.words.values if isinstance(v, str | int)]
        raw += [
            str(v.error)
            for _, v in e.words.values
            if isinstance(v, Inner) and not hasattr(v.error, "text_in")
        ]
        # an inner worded error's own raw values (an engine refusal's, a bad step's JSON)
        raw += [
            str(value)
            for _, v in e.words.values
            if isinstance(v, Inner) and isinstance(getattr(v.error, "words", None), Phrase)
            for _, value in v.error.words.values  # type: ignore[attr-defined]
            if isinstance(value, str | int)
        ]
        # the deck file's field names (TOML keys) inside a deck error are identifiers
        raw += _TOML_KEYS
        raw.sort(key=len, reverse=True)  # "R3.4: …" before "4"
        rest = german
        for value in raw:
            rest = rest.replace(value, " ")
        assert set(re.findall(r"[A-Za-z]+", rest)) & english_only == set(), (name, german)
        shown = e.text_in(dummy)
        assert shown.startswith(f"⟦{e.words.key}⟧"), (name, shown)
        assert leftover_words(shown, [*raw, "nope"]) == "", (name, shown)
    # today's English, word for word (saves, the page's tests and users' notes rely on it)
    said = dict((name, str(e)) for name, e in errors)
    assert said["save:not_text"] == "a saved game is JSON text, not int"
    assert said["save:not_json"] == "not JSON: line 1, column 12: Expecting value"
    # save format 2: the forced steps of docs/decisions.md "The game's shape"
    assert said["save:version"] == "unsupported version 99 (this is version 2)"
    assert said["save:setup"].startswith("bad setup: SetupError: R2.2: 1 to 4 players")
    assert said["save:branch_base"] == "branch 1: bad base"
    assert said["link:link_seats"] == "position link with bad seats"


def test_setup_errors_speak_the_page_language(dummy: str) -> None:
    """A game that cannot be set up as asked (the New game form, a save's setup): the rule
    id in front, the words of setup.err in German and a third language, str(e) English."""
    from verlies.errors import SetupError

    bad: list[dict[str, object]] = [
        {"deck": "not a deck"},
        {"variants": "none"},
        {"players": 9},
        {"players": 2, "characters": ["x"]},
        {"players": 1, "characters": ["nobody"]},
        {"players": 2, "characters": [next(iter(Deck.default().characters))] * 2},
        {"seed": "s"},
        {"start_seat": 3},
        {"round_limit": 0},
        {"characters": 5},  # a save file's "characters" that is no list (words24)
    ]
    errors = []
    for fields_ in bad:
        with pytest.raises(SetupError) as caught:
            Setup(**fields_)  # type: ignore[arg-type]
        errors.append(caught.value)
    with pytest.raises(SetupError) as caught:
        Setup.from_dict({"players": 2, "deck_edition": "nope"})
    errors.append(caught.value)
    with pytest.raises(SetupError) as caught:  # a save's setup without its seed (words24)
        Setup.from_dict({"players": 2, "characters": []})
    errors.append(caught.value)
    keys = {e.words.key for e in errors if e.words is not None}
    assert keys == {k for k in i18n.keys("en") if k.startswith("setup.err.")}
    english_only = _english_only()
    for e in errors:
        assert e.words is not None
        raw = sorted([str(v) for _, v in e.words.values], key=len, reverse=True)
        shown = _check_ruled_words(e, raw, english_only, dummy)
        assert leftover_words(shown, raw) == "", shown
    assert str(errors[2]) == "R2.2: 1 to 4 players are the rules, not 9"


def test_the_rules_refusals_speak_the_page_language(dummy: str) -> None:
    """Why the rules refuse an action (IllegalAction, e.g. inside a bad save's message):
    the rule id in front, the words of engine.err in German and a third language, str(e)
    the English of the table. Random games are offered actions of every kind at every
    decision and chance point; the refusals met must cover the refusal kinds a game meets."""
    import random

    from verlies import Game
    from verlies.actions import (
        Attempt,
        Choose,
        Decline,
        Draw,
        LoseGold,
        Place,
        Roll,
        ShuffleBack,
        Wait,
        Walk,
    )
    from verlies.cards.model import Attr

    tries = [
        Draw(),
        Wait(),
        Walk(((99, 99),)),
        Place(99, 99, 1),
        ShuffleBack(),
        Decline(),
        Attempt(),
        Choose(Attr.GEIST),
        LoseGold(),
        Roll(9),
    ]
    errors: dict[str, IllegalAction] = {}
    rnd = random.Random(5)
    for seed in range(12):
        game = Game.new(players=3, seed=seed)
        while not game.is_over and game.step_count < 3000:
            outcomes = [o for o, _ in game.chance_outcomes()] if game.is_chance else []
            for step in tries:
                if step not in game.legal_actions() and step not in outcomes:
                    try:
                        game.apply(step)
                    except IllegalAction as e:
                        if e.words is not None:
                            errors.setdefault(e.words.key, e)
            if game.is_chance:
                game.apply(rnd.choice(outcomes))
            else:
                legal = list(game.legal_actions())
                draw = Draw() in legal and rnd.random() < 0.8  # games that end
                game.apply(Draw() if draw else rnd.choice(legal))
        if not game.is_over:
            continue
        for step in (Draw(), Roll(3)):  # the game is over now: everything is refused
            with pytest.raises(IllegalAction) as caught:
                game.apply(step)
            assert caught.value.words is not None
            errors.setdefault(caught.value.words.key, caught.value)
    expected = {
        "engine.err.game_over",
        "engine.err.not_an_outcome",
        "engine.err.chance_pending",
        "engine.err.no_chance",
        "engine.err.bad_walk",
        "engine.err.bad_wait",
        "engine.err.not_a_turn_action",
        "engine.err.bad_place",
        "engine.err.shuffle_not_exit",
        "engine.err.lay_first",
    }
    assert expected <= set(errors), sorted(expected - set(errors))
    english_only = _english_only()
    for e in errors.values():
        assert e.words is not None
        raw = sorted(
            [str(v.text("de")) if hasattr(v, "text") else str(v) for _, v in e.words.values],
            key=len,
            reverse=True,
        )
        _check_ruled_words(e, raw, english_only, dummy)


def test_a_dice_error_in_a_card_text_speaks_the_page_language(dummy: str) -> None:
    """A bad dice expression on a card (RW.3): the dice parser's words come from the tables
    too, so a third language shows no English or German in the message."""
    from verlies.cards.text import parse_card
    from verlies.errors import CardTextError

    with pytest.raises(CardTextError) as caught:
        parse_card("room", "2+W4 Gold.", "r13")
    e = caught.value
    english = e.text_in("en")
    assert "W6 or W3 (no other dice exist in the game)" in english
    assert "W6 oder W3 (andere Würfel gibt es im Spiel nicht)" in e.text_in("de")
    shown = e.text_in(dummy)
    assert "⟦dice.clause.sides⟧" in shown and "⟦dice.phrase.sides⟧" in shown, shown
    assert "no other dice" not in shown and "andere Würfel" not in shown, shown

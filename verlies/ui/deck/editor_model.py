"""The deck editor without widgets: the draft deck, the parse state of the last edit, undo,
the diff (from :meth:`Deck.diff`), reading uploaded deck files, and the deck's
composition as data.

An :class:`EditorModel` keeps two decks:

- ``draft``: the deck being edited. Every edit that is valid changes it at once; an edit
  that is not (card text that does not parse, gold on a room, a second start card, ...)
  records its located error in :attr:`EditorModel.parse` and leaves the draft exactly as it
  was, so the last good card stays.
- ``deck``: the deck for NEW games. :meth:`EditorModel.apply_to_new_games` copies the draft
  into it.

The widget class (``editor.py``) shows this model and turns its controls into calls here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace

from verlies import i18n
from verlies.cards.display import shape_word
from verlies.cards.model import (
    Character,
    Color,
    DungeonCard,
    MonsterCard,
    Names,
    Obstacle,
    ObstacleType,
    RoomCard,
    Shape,
    TileKind,
    TreasureCard,
)
from verlies.deck import MAX_BYTES, Deck, read_toml
from verlies.deck.messages import ErrorWords
from verlies.errors import CardTextError, DeckError, VerliesError
from verlies.game import Game
from verlies.i18n import values
from verlies.ui.core.words import known
from verlies.ui.deck.card_list_model import (
    KINDS,
    Card,
    Filter,
    Key,
    card_matches,
    list_label,
    listed,
    total_cards,
)
from verlies.ui.deck.form_refused import GROUPS, Values, edited

TEXT_KINDS: tuple[str, ...] = ("room", "monster", "treasure")
COUNTED_KINDS: tuple[str, ...] = ("dungeon", "room", "monster", "treasure")
#: Uploaded deck files larger than this are refused before they are read (the deck
#: loader's own limit, 1 MiB).
MAX_UPLOAD_BYTES: int = MAX_BYTES

#: The longest refused card text kept (characters): a card's text is a few lines.
MAX_REFUSED_TEXT = 20_000
#: The errors an edit may raise; any of them leaves the draft as it was.
EDIT_ERRORS = (CardTextError, DeckError, ValueError, TypeError)


# ---- words ------------------------------------------------------------------------------------


def text(key: str, lang: str, **values: object) -> str:
    """The editor text ``key`` (``editor.<key>`` in :mod:`verlies.i18n`) in ``lang``.

    Without values the template is returned as it is."""
    template = i18n.template(f"editor.{key}", lang)
    return template.format(**values) if values else template


def word(value: TileKind | Shape | Color, lang: str) -> str:
    """A card word as the editor names it: shapes and colours as the cards do, tile kinds in
    the editor's own (lower-case) words."""
    if isinstance(value, TileKind):
        return i18n.template(f"editor.word.{value.value}", lang)
    if isinstance(value, Shape):
        return shape_word(value, lang)
    return values.color(value, lang)


def kind_key(kind: str) -> str:
    """The editor text key of a card kind's plural ("k_dungeon" …)."""
    return f"k_{kind}"


def quoted(s: str, lang: str) -> str:
    """Quoted in the language's quotation marks."""
    return text("quoted", lang, text=s)


def obstacle_name(t: ObstacleType, lang: str) -> str:
    return values.obstacle(t, lang)


def error_text(exc: BaseException, lang: str) -> str:
    """An error in the editor's language: deck errors are words of the tables (located),
    card-text errors have their location in every language and their message in German
    and English; any other error is shown as it is."""
    if isinstance(exc, (CardTextError, DeckError)):
        return exc.text_in(lang if lang in i18n.LANGUAGES else i18n.FALLBACK)
    return str(exc)


# ---- the diff ---------------------------------------------------------------------------------


def card_label(card: Card, lang: str) -> str:
    return f"{card.id} ({card.name.get(lang)})"


def _obstacle_text(o: Obstacle | None, lang: str) -> str:
    if o is None:
        return "–"
    return f"{obstacle_name(o.type, lang)} {o.n} ({word(o.color, lang)})"


def card_changes(old: Card, new: Card, lang: str) -> list[str]:
    """What differs between two versions of one card, field by field."""
    out: list[str] = []
    if old.name != new.name:
        out.append(
            f"{text('name', lang)} {quoted(old.name.get(lang), lang)} → "
            f"{quoted(new.name.get(lang), lang)}"
        )
    if isinstance(old, DungeonCard) and isinstance(new, DungeonCard):
        for a, b, key in (
            (old.kind, new.kind, "tile_kind"),
            (old.color, new.color, "tile_color"),
            (old.shape, new.shape, "shape"),
        ):
            if a != b:
                out.append(f"{text(key, lang)} {word(a, lang)} → {word(b, lang)}")
        if old.gold != new.gold:
            out.append(f"{text('gold', lang)} {old.gold} → {new.gold}")
        if old.obstacle != new.obstacle:
            out.append(
                f"{text('obstacle', lang)} {_obstacle_text(old.obstacle, lang)} → "
                f"{_obstacle_text(new.obstacle, lang)}"
            )
    elif isinstance(old, Character) and isinstance(new, Character):
        for key, x, y in (
            ("staerke", old.staerke, new.staerke),
            ("geist", old.geist, new.geist),
            ("geschick", old.geschick, new.geschick),
        ):
            if x != y:
                out.append(f"{text(key, lang)} {x} → {y}")
    elif (
        isinstance(old, (RoomCard, MonsterCard, TreasureCard))
        and isinstance(new, (RoomCard, MonsterCard, TreasureCard))
        and old.text != new.text
    ):
        out.append(f"{quoted(old.text, lang)} → {quoted(new.text, lang)}")
    return out


def describe_diff(base: Deck, other: Deck, lang: str = "en") -> list[str]:
    """The changes that turn ``base`` into ``other`` (:meth:`Deck.diff`), one readable line
    each, in the editor's order: kind by kind, cards in ``other``'s order, removals last. A
    card whose text (or any field) and count both changed gives two lines."""
    patch = base.diff(other)
    added = {(c.kind, c.card.id): c.count for c in patch.added}
    changed = {(c.kind, c.card.id) for c in patch.changed}
    recounted = {(c.kind, c.id) for c in patch.counts}
    removed = {(r.kind, r.id) for r in patch.removed}
    lines: list[str] = []
    if patch.name is not None:
        lines.append(text("d_name", lang, old=base.name, new=other.name))
    for kind in KINDS:
        mine, theirs = base.cards(kind), other.cards(kind)
        mine_n, theirs_n = base.counts(kind), other.counts(kind)
        for cid, card in theirs.items():
            key = (kind, cid)
            if key in added:
                lines.append(text("d_added", lang, card=card_label(card, lang), n=added[key]))
                continue
            if key in changed:
                what = "; ".join(card_changes(mine[cid], card, lang)) or "…"
                lines.append(text("d_changed", lang, card=card_label(card, lang), what=what))
            a, b = mine_n.get(cid, 1), theirs_n.get(cid, 1)
            if (key in changed or key in recounted) and a != b:
                lines.append(text("d_count", lang, card=card_label(card, lang), old=a, new=b))
        for cid, card in mine.items():
            if (kind, cid) in removed:
                lines.append(text("d_removed", lang, card=card_label(card, lang)))
    return lines


# ---- the composition --------------------------------------------------------------------------

#: The columns of the dungeon table: all cards of a colour, then by card kind.
COMPOSITION_COLUMNS: tuple[str, ...] = ("total", "start", "exit", "corridor", "room")


@dataclass(frozen=True)
class Composition:
    """What a deck is made of, with its words: the dungeon cards per gem colour and kind,
    the other piles as (label, value) rows, and the deck's warnings."""

    title: str  # the dungeon table's corner ("Dungeon cards")
    columns: tuple[str, ...]  # column heads
    rows: tuple[tuple[str, tuple[int, ...]], ...]  # per colour: its name, counts per column
    total_label: str
    total: int
    others: tuple[tuple[str, str], ...]
    warnings: tuple[str, ...]
    warnings_title: str


def composition(deck: Deck, lang: str) -> Composition:
    s = deck.summary()
    rows = tuple(
        (
            word(color, lang),
            tuple(int(s["dungeon_by_color"][color.value].get(c, 0)) for c in COMPOSITION_COLUMNS),
        )
        for color in Color
    )
    obstacles = ", ".join(
        f"{obstacle_name(ObstacleType.from_key(k), lang)} {v}"
        for k, v in s["obstacles"].items()
        if v
    )
    others = [
        (text("k_room", lang), str(s["rooms"])),
        (text("k_monster", lang), str(s["monsters"])),
        (
            text("k_treasure", lang),
            f"{s['treasures']} ({text('c_magic', lang)} {s['magic_treasures']})",
        ),
        (text("k_character", lang), str(s["characters"])),
        (text("c_gold", lang), str(s["corridor_gold"])),
        (text("c_obstacles", lang), obstacles or "–"),
    ]
    others += [(text("c_pile", lang, p=p), str(n)) for p, n in s["pile_by_players"].items()]
    return Composition(
        title=text("k_dungeon", lang),
        columns=tuple(text("c_" + c, lang) for c in COMPOSITION_COLUMNS),
        rows=rows,
        total_label=text("c_all", lang),
        total=int(s["dungeon"]),
        others=tuple(others),
        warnings=tuple(w.text(lang) for w in deck.warnings),
        warnings_title=text("warnings", lang),
    )


# ---- files ------------------------------------------------------------------------------------


#: Letters a file name spells out (the rest of a name outside ASCII becomes "-").
_SPELLED = str.maketrans(
    {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"}
)
#: Longest file name stem (a deck name may have 80 characters).
MAX_STEM = 60


def file_stem(name: str) -> str:
    """A safe file name stem for a deck name: ASCII letters, digits, ``-`` and ``_`` only
    (no path, no dot, nothing a shell or a file system reads specially), lower case, at
    most :data:`MAX_STEM` characters; "deck" if nothing is left.

    >>> file_stem("Härter & schneller!"), file_stem("../../etc/passwd"), file_stem("ÿ")
    ('haerter-schneller', 'etc-passwd', 'deck')
    """
    s = re.sub(r"[^A-Za-z0-9_-]+", "-", name.translate(_SPELLED)).strip("-_").lower()
    return s[:MAX_STEM].rstrip("-_") or "deck"


slug = file_stem  # its former name


@dataclass(frozen=True)
class Refused:
    """An uploaded file that was not taken, and why (in the editor's language)."""

    message: str


def read_upload(data: bytes, name: str, lang: str) -> Deck | Refused:
    """An uploaded deck file's bytes as a deck, or why not: too large, a patch on another
    base than the default (read from the server's disk: never for an upload), or not a
    valid deck (with the located error)."""
    if len(data) > MAX_UPLOAD_BYTES:
        return Refused(text("too_large", lang, name=name, size=len(data), max=MAX_UPLOAD_BYTES))
    try:
        header = read_toml(data, name)  # never raw tomllib: hostile TOML is refused first
    except DeckError:
        header = {}  # Deck.loads reports it with line and column
    base = header.get("base")
    if base is not None and base != "default":
        return Refused(text("bad_base", lang, name=name))
    try:
        return Deck.loads(data, file=name)
    except (DeckError, CardTextError) as exc:
        return Refused(text("load_error", lang, name=name, msg=error_text(exc, lang)))


# ---- the model --------------------------------------------------------------------------------


#: The deck's names of the fields the form sets -> the form's label (``editor.<key>``): a
#: refused form value is said with the name the designer reads beside its box
#: ("Strength", not the deck file's key 'staerke').
FORM_LABELS: dict[str, str] = {
    "count": "count",
    "gold": "gold",
    "obstacle.n": "obstacle_n",
    "staerke": "staerke",
    "geist": "geist",
    "geschick": "geschick",
}


@dataclass(frozen=True)
class _Label:
    """A form field's label, said in the language asked for."""

    key: str

    def text(self, lang: str) -> str:
        return text(self.key, lang)


@dataclass(frozen=True)
class _Relabelled:
    """A pydantic error's words with the field named by its form label."""

    words: ErrorWords
    label: _Label

    def text(self, lang: str) -> str:
        return replace(self.words, loc=(self.label.text(lang),)).text(lang)


def form_error(exc: Exception) -> Exception:
    """The deck's refusal of a value typed in the form, its field named as the form names
    it (location and message); any other error as it is.

    >>> exc = form_error(DeckError("staerke too big", card="c", field="staerke"))
    >>> exc.text_in("en"), exc.text_in("de")
    ("card 'c', field 'Strength': staerke too big", "Karte 'c', Feld 'Stärke': staerke too big")
    """
    if not isinstance(exc, DeckError) or exc.field not in FORM_LABELS:
        return exc
    label = _Label(FORM_LABELS[exc.field])
    words = _Relabelled(exc.words, label) if isinstance(exc.words, ErrorWords) else exc.words
    return DeckError(
        exc.message if words is None else None,
        file=exc.file,
        card=exc.card,
        field=exc.field,
        line=exc.line,
        column=exc.column,
        message_de=exc.message_de if words is None else None,
        words=words,
        field_words=label,
    )


def _from_form(make: Callable[[], Deck]) -> Callable[[], Deck]:
    """``make`` with a refusal said in the form's words (:func:`form_error`)."""

    def made() -> Deck:
        try:
            return make()
        except DeckError as exc:
            raise form_error(exc) from exc

    return made


@dataclass(frozen=True)
class ParseState:
    """How the last edit went: ``error`` None when the draft took it; else the error and
    the text it was made in (to point at the line and column)."""

    error: Exception | None = None
    source: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    def location(self) -> tuple[str, int] | None:
        """The offending source line and the column (1-based) the error names, if any."""
        exc = self.error
        line = getattr(exc, "line", None)
        column = getattr(exc, "column", None)
        if self.source is None or not isinstance(line, int) or not isinstance(column, int):
            return None
        lines = self.source.splitlines() or [""]
        if not 1 <= line <= len(lines):
            return None
        return lines[line - 1], column


@dataclass(frozen=True)
class Kept:
    """What the deck still refuses on one card: its text as typed (None: none kept) and
    its form values as typed, each with its error against the draft."""

    text: ParseState | None = None
    values: tuple[tuple[Values, ParseState], ...] = ()

    @property
    def states(self) -> list[ParseState]:
        """The errors to say: the text's, then the form values'."""
        return ([] if self.text is None else [self.text]) + [s for _, s in self.values]


@dataclass(frozen=True)
class Applied:
    """What "apply to the current game" did: ``done``, or not (``refused`` by the game)."""

    done: bool
    message: str
    refused: bool = False


class EditorModel:
    """The draft deck, its undo history and the deck for new games."""

    def __init__(self, deck: Deck | None = None, lang: str = "de") -> None:
        self.deck: Deck = Deck.default() if deck is None else deck
        self.draft: Deck = self.deck
        self.lang = known(lang)
        self.selected: Key | None = None
        self.filter = Filter()
        self.parse = ParseState()
        self.history: list[Deck] = []
        self._last_action: Hashable = None
        #: A card's text as last typed when the deck refused it (issue 38 leftovers, item
        #: 3): kept beside the draft (which keeps the last good text) until a text of that
        #: card is taken, so it is shown again with its error, not lost.
        self.refused: dict[Key, str] = {}
        #: A card's form values (a group of :data:`form_refused.GROUPS`) as last typed
        #: when the deck refused them (issue 38 leftovers, item 1), kept the same way.
        self.refused_values: dict[tuple[str, str, str], Values] = {}

    # ---- browsing ---------------------------------------------------------------------------

    def filtered(self) -> list[Key]:
        """The (kind, id) of every card of the draft that passes the filter."""
        return listed(self.draft, self.filter)

    def total_cards(self) -> int:
        return total_cards(self.draft)

    def list_label(self, key: Key) -> str:
        """The card's entry in the list, in the editor's language."""
        return list_label(self.draft, key, self.lang)

    def card(self) -> Card | None:
        """The draft's version of the selected card."""
        if self.selected is None:
            return None
        kind, cid = self.selected
        return self.draft.cards(kind).get(cid)

    def count(self) -> int:
        """The selected card's count in the draft (1 for characters)."""
        if self.selected is None:
            return 0
        kind, cid = self.selected
        return self.draft.counts(kind).get(cid, 1)

    def parse_message(self) -> str:
        """The last refused edit's error in the editor's language ("" if it was taken)."""
        error = self.parse.error
        return "" if error is None else error_text(error, self.lang)

    def warnings_of(self, card: Card, lang: str) -> list[str]:
        """The draft's warnings about this card, in ``lang``."""
        return [w.text(lang) for w in self.draft.warnings if w.card == card.id]

    # ---- edits ------------------------------------------------------------------------------

    def commit(
        self, make: Callable[[], Deck], action: Hashable = None, source: str | None = None
    ) -> bool:
        """Try an edit: a valid one replaces the draft (one undo step; repeated edits of one
        ``action``, e.g. typing in one card's text, share a step), an invalid one records
        its error in :attr:`parse` and changes nothing. True if the draft took it."""
        try:
            new = make()
        except EDIT_ERRORS as exc:
            self.parse = ParseState(exc, source)
            return False
        if new != self.draft:
            if not (action is not None and action == self._last_action and self.history):
                self.history.append(self.draft)
            self.draft = new
            self._last_action = action
        self.parse = ParseState()
        return True

    def edit_text(self, text: str) -> bool | None:
        """The selected room/monster/treasure card gets ``text``; None if no such card is
        selected, else whether it parsed."""
        if self.selected is None or self.selected[0] not in TEXT_KINDS:
            return None
        kind, cid = self.selected
        ok = self.commit(
            lambda: self.draft.with_card_text(kind, cid, text), ("text", kind, cid), text
        )
        if ok:
            self.refused.pop((kind, cid), None)
        elif len(text) <= MAX_REFUSED_TEXT:
            self.refused[(kind, cid)] = text
        return ok

    def refused_state(self, key: Key) -> ParseState | None:
        """The text the deck refused for card ``key`` and its error (what and where) against
        the draft as it is now; None: none kept, or it would be taken now (then it is
        dropped: the draft's own text is shown)."""
        text = self.refused.get(key)
        if text is None:
            return None
        if key[0] not in TEXT_KINDS or key[1] not in self.draft.cards(key[0]):
            del self.refused[key]  # the card is not in the draft any more
            return None
        try:
            self.draft.with_card_text(key[0], key[1], text)
        except EDIT_ERRORS as exc:
            return ParseState(exc, text)
        del self.refused[key]
        return None

    def keep_values(self, group: str, values: Values | None) -> None:
        """The selected card's ``group`` fields were refused as ``values`` (kept), or
        taken (None: no longer kept)."""
        if self.selected is None:
            return
        key = (*self.selected, group)
        if values is None:
            self.refused_values.pop(key, None)
        else:
            self.refused_values.pop(key, None)  # the newest last
            self.refused_values[key] = values

    def refused_value_states(self, key: Key) -> list[tuple[Values, ParseState]]:
        """The form values the deck refused for card ``key`` and their errors against the
        draft as it is now; values it would take now are dropped (the draft shows)."""
        out: list[tuple[Values, ParseState]] = []
        for kept in [k for k in self.refused_values if k[:2] == key]:
            values = self.refused_values[kept]
            if key[1] not in self.draft.cards(key[0]):
                del self.refused_values[kept]  # the card is not in the draft any more
                continue
            try:
                edited(self.draft, key, kept[2], values)
            except EDIT_ERRORS as exc:
                out.append((values, ParseState(form_error(exc))))
                continue
            del self.refused_values[kept]
        return out

    def kept(self, key: Key) -> Kept:
        """Everything the deck still refuses on card ``key``: its text, then its form
        values, each with its error against the draft as it is now (each tried once)."""
        return Kept(self.refused_state(key), tuple(self.refused_value_states(key)))

    def kept_states(self, key: Key) -> list[ParseState]:
        """The errors of :meth:`kept`: the text's, then the form values'."""
        return self.kept(key).states

    def give_back(
        self, texts: Sequence[tuple[str, str, str]], values: Sequence[tuple[str, str, str, Values]]
    ) -> list[Key]:
        """Refused texts and form values kept elsewhere (the workspace), kept here again;
        the cards they belong to, in order."""
        for kind, cid, text in texts:
            self.refused[(kind, cid)] = text
        for kind, cid, group, kept in values:
            self.refused_values[(kind, cid, group)] = kept
        return [(r[0], r[1]) for r in texts] + [(v[0], v[1]) for v in values]

    def forget(self, key: Key) -> None:
        """Nothing refused is kept for card ``key`` any more (it left the draft)."""
        self.refused.pop(key, None)
        for group in GROUPS:
            self.refused_values.pop((*key, group), None)

    def edit_names(self, de: str, en: str) -> bool | None:
        """Rename the selected card; None if nothing changes."""
        card = self.card()
        names = Names(de.strip(), en.strip())
        if card is None or self.selected is None or names == card.name:
            return None
        kind = self.selected[0]
        renamed = replace(card, name=names)
        return self.commit(lambda: self.draft.with_card(kind, renamed))

    def edit_deck_name(self, name: str) -> bool | None:
        """Rename the deck (1-80 characters, spaces around it dropped); None if the name
        does not change. One undo step, like any edit; a refused name changes nothing."""
        name = name.strip()
        if name == self.draft.name:
            self.parse = ParseState()
            return None
        return self.commit(lambda: self.draft.with_name(name), source=name)

    def edit_count(self, n: int) -> bool | None:
        """Set the selected card's count (0 removes it); None if nothing is selected."""
        if self.selected is None:
            return None
        kind, cid = self.selected
        return self.commit(_from_form(lambda: self.draft.with_count(kind, cid, n)))

    def edit_card(self, card: DungeonCard | Character) -> bool:
        """Replace the selected dungeon card or character (fields set in the form)."""
        kind = "dungeon" if isinstance(card, DungeonCard) else "character"
        return self.commit(_from_form(lambda: self.draft.with_card(kind, card)))

    def set_draft(self, deck: Deck) -> None:
        """A whole new draft (a reset or a file), one undo step."""
        if deck != self.draft:
            self.history.append(self.draft)
            self.draft = deck
        self._last_action = None

    def undo(self) -> bool:
        """Take back the last change of the draft; False if there is none."""
        if not self.history:
            return False
        self.draft = self.history.pop()
        self._last_action = None
        return True

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    def reset(self) -> None:
        """The draft becomes the default deck (apply it to use it)."""
        self.set_draft(Deck.default())

    # ---- applying -----------------------------------------------------------------------------

    def apply_to_new_games(self) -> str:
        """New games use the draft from now on; the message to show."""
        self.deck = self.draft
        n = len(describe_diff(Deck.default(), self.deck))
        return text("applied_new", self.lang, n=n)

    def apply_to_game(self, game: Game | None) -> Applied:
        """Apply the draft to ``game``'s undrawn cards as an undoable step."""
        lang = self.lang
        if game is None:
            return Applied(False, text("no_game", lang))
        if game.deck == self.draft:
            return Applied(False, text("game_same", lang))
        try:
            game.edit_deck(self.draft)
        except VerliesError as exc:
            return Applied(False, text("game_refused", lang, msg=error_text(exc, lang)), True)
        return Applied(True, text("applied_game", lang, step=game.step_count))

    # ---- derived ------------------------------------------------------------------------------

    def diff_lines(self) -> list[str]:
        """The draft's differences from the default deck, one line each."""
        return describe_diff(Deck.default(), self.draft, self.lang)

    def pending_changes(self) -> int:
        """Changes in the draft that new games do not use yet."""
        return len(describe_diff(self.deck, self.draft, self.lang))

    def composition(self) -> Composition:
        return composition(self.draft, self.lang)

    def load(self, data: bytes, name: str) -> tuple[bool, str]:
        """Read an uploaded deck file into the draft; whether it was taken and the message."""
        found = read_upload(data, name, self.lang)
        if isinstance(found, Refused):
            return False, found.message
        cards = sum(sum(found.counts(k).values()) for k in KINDS)
        self.set_draft(found)
        return True, text("loaded", self.lang, name=name, deck=found.name, cards=cards)


__all__ = [
    "Applied",
    "COUNTED_KINDS",
    "KINDS",
    "Card",
    "MAX_UPLOAD_BYTES",
    "TEXT_KINDS",
    "Composition",
    "EditorModel",
    "Filter",
    "Kept",
    "Key",
    "ParseState",
    "Refused",
    "card_matches",
    "composition",
    "describe_diff",
    "file_stem",
    "read_upload",
    "slug",
]

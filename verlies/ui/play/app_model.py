"""The play page's application model, without widgets (issue 20): what the page holds
beyond one view, and the one way a game arrives.

:class:`AppModel` owns the session (through the :class:`~verlies.ui.play.controller.Controller`,
which derives the page model from it), the deck new games use and the deck the Deck tab
starts from, the game's branch tree, the language, the messages (kept as words, said again
in a new language), the save file offered, the playtest store's autosave (and the deck
drafts kept there), and the page's switches (bots answer at once, dice roll themselves, the
what-if list open, designer mode).

Every game arrives through :meth:`AppModel.adopt` (a new game, a loaded file, a link, a
resumed autosave, a shared table's seat). The model never draws: it tells its subscribers
what changed (:class:`Changed`), and the widget classes (``ui/page.py`` and the views under
it) draw the model and hand clicks back to it. Data flows one way: widget -> model -> change
-> widgets (docs/decisions.md, "How a game arrives on the page").
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import TYPE_CHECKING, Any, Literal

from verlies.errors import VerliesError
from verlies.setup import DEFAULT_ROUND_LIMIT, Setup
from verlies.tree import GameTree
from verlies.ui.core import share
from verlies.ui.core.page_model import Decide, Intent, Reselect, Say
from verlies.ui.core.said import Words, error_words
from verlies.ui.core.session import HUMAN, Session, bot_names
from verlies.ui.core.words import t
from verlies.ui.play.branches_model import last_human_decision, started_text
from verlies.ui.play.controller import Controller
from verlies.variants import Variants

if TYPE_CHECKING:
    from verlies.actions import Action, Outcome
    from verlies.game import Game
    from verlies.setup import DeckLike
    from verlies.store.drafts import DraftStore
    from verlies.ui.play.autosave_store import Autosave

#: Largest save file the page accepts (the engine's own cap is larger; the websocket's too).
MAX_UPLOAD_BYTES = 1_000_000

#: A position the page showed: the game (its id), the step shown, the history's length, and
#: who plays each seat. Messages about a position go when the page shows another one.
Position = tuple[int, int, int, tuple[str, ...]]

#: Where the page says something: under the actions ("page"), above the tabs ("notice": a
#: link that could not be opened), beside Save and Load ("files").
Where = Literal["page", "notice", "files"]
PLACES: tuple[Where, ...] = ("page", "notice", "files")


class Source(Enum):
    """How a game came to the page."""

    NEW = "new"  # the New game tab's Start
    LOAD = "load"  # a save file uploaded
    LINK = "link"  # a link's position (?g=...)
    RESUME = "resume"  # an autosaved game taken up again
    TABLE = "table"  # a shared table's seat (?table=...&seat=...)
    GIVEN = "given"  # handed to the page by code (a notebook, a test): shown as it is


class Change(Enum):
    """What changed in the model; each view draws what it shows of it."""

    ADOPTED = "adopted"  # another game: everything is drawn again, the board fitted
    MOVED = "moved"  # the game or its history moved (a step, undo, the slider, a branch)
    LANG = "lang"  # the language: every text again, messages said again
    MESSAGE = "message"  # a message said or gone (``Changed.where``)
    OPTIONS = "options"  # designer mode, auto bots / roll, the what-if list open or shut
    DECK = "deck"  # the deck new games use
    FORM = "form"  # what the New game form shows (:class:`NewGame`)
    OFFER = "offer"  # the save file offered for download, or withdrawn


@dataclass(frozen=True)
class Changed:
    """One change: what, and for an arrival its source, for a message its place."""

    what: Change
    source: Source | None = None
    where: Where | None = None


@dataclass(frozen=True)
class Message:
    """A message as words (language -> plain text), whether it is an error, and the position
    it was said at (for the messages that go when play moves on)."""

    words: Words
    error: bool = False
    at: Position | None = None

    def text(self, lang: str) -> str:
        return self.words(lang)


@dataclass(frozen=True)
class SaveOffer:
    """The save file the Save button made: its text and name; ``n`` counts the offers (each
    one is followed once by the page's script); ``at`` the position it holds."""

    text: str
    name: str
    n: int
    at: Position


def _default_bot() -> str:
    bots = bot_names()
    return "careful" if "careful" in bots else bots[0]


def _default_controllers() -> tuple[str, ...]:
    return (HUMAN, _default_bot())


@dataclass(frozen=True)
class NewGame:
    """What the New game tab chose (or shows): the seats, seed and limits of a game to
    start. ``characters`` None: the deck's first ones (R2.1). Turned into the engine's
    :class:`~verlies.setup.Setup` with the deck by :meth:`setup` (which checks it)."""

    players: int = 2
    characters: tuple[str, ...] | None = None
    controllers: tuple[str, ...] = field(default_factory=_default_controllers)
    seed: int = 1
    round_limit: int | None = DEFAULT_ROUND_LIMIT
    start_seat: int = 0
    variants: Variants = field(default_factory=Variants)

    @classmethod
    def of_game(cls, game: Game, controllers: list[str] | tuple[str, ...]) -> NewGame:
        """The choice that starts ``game`` again, with the same seats."""
        s = game.setup
        return cls(
            players=s.players,
            characters=tuple(s.characters),
            controllers=tuple(controllers),
            seed=s.seed,
            round_limit=s.round_limit,
            start_seat=s.start_seat,
            variants=s.variants,
        )

    @classmethod
    def of_values(cls, values: Mapping[str, Any]) -> NewGame:
        """From the form's values as a mapping (names as the fields; missing: defaults)."""
        known = {f.name for f in fields(cls)}
        unknown = set(values) - known
        if unknown:
            raise ValueError(f"unknown new-game fields: {', '.join(sorted(unknown))}")
        kw = dict(values)
        for name in ("characters", "controllers"):
            if kw.get(name) is not None:
                kw[name] = tuple(kw[name])
        return cls(**kw)

    def values(self) -> dict[str, Any]:
        """As a mapping of lists (what ``SetupForm.values`` gave before it was a value)."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["characters"] = None if self.characters is None else list(self.characters)
        out["controllers"] = list(self.controllers)
        return out

    def setup(self, deck: DeckLike) -> Setup:
        """The engine's setup with ``deck`` (SetupError naming the rule if it is wrong)."""
        return Setup(
            players=self.players,
            characters=self.characters,
            seed=self.seed,
            deck=deck,
            variants=self.variants,
            start_seat=self.start_seat,
            round_limit=self.round_limit,
        )


Listener = Callable[[Changed], None]


class AppModel:
    """The page's state and decisions; views subscribe (:meth:`subscribe`) and draw.

    ``deck``: the deck new games use (default: the session's, else the standard deck).
    ``autosave``: the playtest store's autosave (made on first use: no store is opened for
    a page that never saves)."""

    def __init__(
        self,
        session: Session | None = None,
        *,
        lang: str = "de",
        deck: DeckLike | None = None,
        autosave: Autosave | None = None,
    ) -> None:
        if deck is None:
            deck = session.game.setup.deck if session is not None else default_deck()
        self.deck: DeckLike = deck
        #: The deck the Deck tab starts from (a link's or a file's deck once one came).
        self.editor_deck: DeckLike = deck
        self.controller = Controller(session or default_session(deck), lang)
        self.tree: GameTree | None = None
        self.new_game = NewGame.of_game(self.game, self.session.controllers)
        self.auto_bots = True  # bots answer a person at once
        self.auto_roll = False  # chance is rolled at once
        self.picking = False  # the what-if list is open
        self.offer: SaveOffer | None = None
        self.last_error: str | None = None  # the traceback of the last unexpected failure
        self._messages: dict[Where, Message | None] = dict.fromkeys(PLACES)
        self._offers = 0
        self._autosave = autosave
        self._drafts: DraftStore | None = None
        self._listeners: list[Listener] = []

    # ---- subscribers ---------------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with every change from now on; returns the unsubscribe."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _tell(self, what: Change, source: Source | None = None, where: Where | None = None) -> None:
        change = Changed(what, source, where)
        for listener in list(self._listeners):
            listener(change)

    # ---- what it holds -------------------------------------------------------------------

    @property
    def session(self) -> Session:
        return self.controller.session

    @property
    def game(self) -> Game:
        return self.controller.session.game

    @property
    def lang(self) -> str:
        return self.controller.lang

    @property
    def designer(self) -> bool:
        return self.controller.designer

    @property
    def autosave(self) -> Autosave:
        if self._autosave is None:
            from verlies.ui.play.autosave_store import Autosave

            self._autosave = Autosave()
        return self._autosave

    @autosave.setter
    def autosave(self, autosave: Autosave) -> None:
        """Save to another store from now on (its drafts too)."""
        self._autosave = autosave
        self._drafts = None

    def drafts(self) -> tuple[DraftStore, str]:
        """Named drafts (issue 22) live in the playtest store, per browser."""
        from verlies.store.drafts import DraftStore

        if self._drafts is None:
            self._drafts = DraftStore(self.autosave.store)
        return self._drafts, self.autosave.client or ""

    def position(self) -> Position:
        g = self.game
        return (id(g), g.step_count, g.history_length, tuple(self.session.controllers))

    # ---- settings ------------------------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        """Show the page in ``lang`` (one of ``verlies.i18n.LANGUAGES``; ValueError else)."""
        from verlies.i18n import LANGUAGES

        if lang not in LANGUAGES:
            raise ValueError(f"language {lang!r}: the page speaks {', '.join(LANGUAGES)}")
        if lang == self.lang:
            return
        self.controller.lang = lang
        self._tell(Change.LANG)

    def set_designer(self, on: bool) -> None:
        self.controller.designer = on
        self._tell(Change.OPTIONS)

    def set_auto(self, *, bots: bool | None = None, roll: bool | None = None) -> None:
        """Whether bots answer a person at once, and chance is rolled at once."""
        was = (self.auto_bots, self.auto_roll)
        self.auto_bots = self.auto_bots if bots is None else bots
        self.auto_roll = self.auto_roll if roll is None else roll
        if (self.auto_bots, self.auto_roll) != was:
            self._tell(Change.OPTIONS)

    def set_picking(self, on: bool) -> None:
        """The what-if list (pick a chance outcome instead of rolling) open or shut."""
        if on != self.picking:
            self.picking = on
            self._tell(Change.OPTIONS)

    def set_deck(self, deck: DeckLike) -> None:
        """New games use ``deck`` (an edition picked, the editor's "apply to new games")."""
        self.deck = deck
        self._tell(Change.DECK)

    def set_new_game(self, choice: NewGame) -> None:
        """What the New game tab shows."""
        self.new_game = choice
        self._tell(Change.FORM)

    # ---- messages --------------------------------------------------------------------------

    def message(self, where: Where) -> Message | None:
        return self._messages[where]

    def text(self, where: Where) -> str:
        """The message at ``where`` in the page's language ("" if none)."""
        said = self._messages[where]
        return said.text(self.lang) if said is not None else ""

    def say(self, where: Where, text: str | Words, *, error: bool = False) -> None:
        """Say ``text`` at ``where``; words (a function of the language) are said again in a
        new language. Beside the files and above the tabs a message is about the position
        it was said at and goes when play moves on."""
        words = text if callable(text) else _same(text)
        at = None if where == "page" else self.position()
        self._messages[where] = Message(words, error, at)
        self._tell(Change.MESSAGE, where=where)

    def say_key(self, where: Where, key: str, *, error: bool = False, **values: object) -> None:
        """Say the page text ``key``; a value that is a function of the language (an
        error's words) is made again in a new language too."""

        def words(lang: str) -> str:
            filled = {k: v(lang) if callable(v) else v for k, v in values.items()}
            return t(key, lang, **filled)

        self.say(where, words, error=error)

    def clear(self, where: Where) -> None:
        if self._messages[where] is not None:
            self._messages[where] = None
            self._tell(Change.MESSAGE, where=where)

    def words(self, make: Callable[[], str]) -> Words:
        """A controller's sentence (made in its language) as a function of the language."""

        def in_lang(lang: str) -> str:
            kept = self.controller.lang
            self.controller.lang = lang
            try:
                return make()
            finally:
                self.controller.lang = kept

        return in_lang

    def expire(self) -> None:
        """Play moved on: a message about another position (a file loaded, a link that did
        not open) and a save file of another position go."""
        here = self.position()
        for where in PLACES:
            said = self._messages[where]
            if said is not None and said.at is not None and said.at != here:
                self.clear(where)
        if self.offer is not None and self.offer.at != here:
            self.offer = None
            self._tell(Change.OFFER)

    # ---- the one way a game arrives --------------------------------------------------------

    def adopt(
        self, session: Session, tree: GameTree | None = None, *, source: Source = Source.GIVEN
    ) -> None:
        """Show ``session`` from now on, whichever way it came (``source``); ``tree``: its
        branches (a save file's, a resumed game's), else a new tree. New games use its deck;
        the New game tab shows its setup; a file's or a link's deck is the Deck tab's.
        ValueError (nothing changes) if ``tree`` is the tree of another game."""
        if tree is not None and tree.game is not session.game:
            raise ValueError("adopt: the tree's game is not the session's game")
        self.controller.session = session
        self.controller.clear_selection()
        self.tree = tree
        self.picking = False
        self.offer = None
        self._messages["page"] = None
        game = session.game
        self.deck = game.setup.deck
        if source in (Source.LOAD, Source.LINK) and _editable(game.setup.deck):
            self.editor_deck = game.setup.deck  # the Deck tab lists its changes (issue 22)
        self.new_game = NewGame.of_game(game, session.controllers)
        if source is Source.TABLE and getattr(session, "sees_all", False):
            self.controller.designer = True  # the designer's link of a table: every card
        if source is Source.NEW and session.humans:  # bots answer a person at once
            self._auto()
        self._tell(Change.ADOPTED, source)

    def start(self, choice: NewGame) -> VerliesError | ValueError | None:
        """Start a new game of ``choice`` with the deck new games use; returns why the
        engine refused it (nothing changes then), else None."""
        try:
            session = Session.new(choice.setup(self.deck), list(choice.controllers))
        except (VerliesError, ValueError) as e:
            return e
        self.adopt(session, source=Source.NEW)
        return None

    def load(self, name: str, data: bytes) -> bool:
        """A save file's game (every branch, who plays each seat); said beside the files."""
        if len(data) > MAX_UPLOAD_BYTES:
            self.say_key("files", "too_large", error=True, n=len(data), max=MAX_UPLOAD_BYTES)
            return False
        try:
            tree = GameTree.from_json(data)  # the current line, and every branch
        except VerliesError as e:
            self.say_key("files", "load_error", error=True, msg=error_words(e))
            return False
        game = tree.game
        old = self.session.controllers
        controllers = share.seats_of(data, game.players, (HUMAN, *bot_names())) or (
            old if len(old) == game.players else [HUMAN] * game.players
        )
        self.adopt(Session(game, controllers, bot_seed=game.setup.seed), tree, source=Source.LOAD)
        self.say_key("files", "loaded", name=name)
        return True

    def open_link(self, query: str | None) -> bool:
        """The position a page's query string holds (False: none, or a broken one, said
        above the tabs)."""
        try:
            position = share.from_query(query)
            if position is None:
                return False
            game = share.open_position(position)
        except VerliesError as e:
            self.say_key("notice", "link_error", error=True, msg=error_words(e))
            return False
        known = {HUMAN, *bot_names()}
        controllers = list(position.controllers)
        if len(controllers) != game.players or not set(controllers) <= known:
            controllers = [HUMAN] * game.players
        session = Session(game, controllers, bot_seed=game.setup.seed)
        self.adopt(session, source=Source.LINK)
        self.say_key("files", "link_opened", n=game.step_count)
        return True

    def resume(self, rid: str) -> bool:
        """The autosaved game ``rid`` with every branch (False: refused, said)."""
        try:
            session, tree = self.autosave.resume(rid)
        except VerliesError as e:
            words = error_words(e)
            self.say_key("page", "autosave.resume_error", error=True, msg=words)
            return False
        self.adopt(session, tree, source=Source.RESUME)
        step = session.game.step_count
        self.say("page", lambda lang: t("autosave.resumed", lang, step=step))
        return True

    # ---- the branch tree -------------------------------------------------------------------

    def follow(self) -> str | None:
        """Take in the game's changes (a new game gets a new tree). Returns the name of a
        branch a what-if at a past step started, else None."""
        game = self.game
        if self.tree is None or self.tree.game is not game:
            self.tree = GameTree(game)
            return None
        return self.tree.sync()

    def game_file(self) -> tuple[str, str]:
        """The save file of the game shown and its name: every branch, and who plays each
        seat. "Save" and the "Game .json" export both give this one file (issue 24 item 5)."""
        g = self.game
        self.follow()
        tree = self.tree
        text = tree.to_json() if tree is not None and tree.game is g else g.to_json()
        text = share.with_seats(text, self.session.controllers)  # who plays: human or bot
        return text, f"verlies-seed{g.setup.seed}-step{g.step_count}.json"

    def save(self) -> SaveOffer:
        """Offer the save file of the position shown (until play moves on)."""
        text, name = self.game_file()
        self._offers += 1
        self.offer = SaveOffer(text, name, self._offers, self.position())
        self._tell(Change.OFFER)
        return self.offer

    # ---- taking steps ----------------------------------------------------------------------

    def guard(self, fn: Callable[..., object], *args: object) -> bool:
        """Run an engine call; say a refusal (with its rule) instead of raising."""
        try:
            fn(*args)
        except VerliesError as e:  # a deck or setup error in the page's language
            self.say("page", error_words(e), error=True)
            return False
        except Exception as e:  # noqa: BLE001 - say it on the page, keep the page alive
            self.last_error = traceback.format_exc()
            self.say("page", f"{type(e).__name__}: {e}", error=True)
            return False
        return True

    def _auto(self) -> None:
        self.session.auto(bots=self.auto_bots, chance=self.auto_roll)

    def _moved(self) -> None:
        """Tell a move; the tree takes it in first (a what-if at a past step starts a
        branch, said on the page)."""
        self.started_branch()
        self._tell(Change.MOVED)

    def moved(self) -> None:
        """The game changed outside a step of the model's (an edit applied, another seat's
        step at a shared table): the placement being chosen goes, views draw."""
        self.controller.clear_selection()
        self._moved()

    def _after_step(self) -> None:
        self.controller.clear_selection()
        if self.session.humans:  # bots answer a person at once; a bots-only game is stepped
            self._auto()
        self._moved()

    def act(self, action: Action) -> None:
        """A person's decision (an action button or a click on the board)."""
        self.clear("page")
        refusal = self.controller.refusal()
        if refusal is not None:
            self.say("page", refusal.text, error=refusal.error)
            return
        if self.guard(self.session.act, action):
            self._after_step()
        else:
            self._moved()

    def roll(self) -> None:
        self.clear("page")
        if self.game.is_chance and self.guard(self.session.roll):
            self._after_step()
        else:
            self._moved()

    def pick_outcome(self, outcome: Outcome) -> None:
        """What-if: take this outcome instead of rolling."""
        self.clear("page")
        if self.game.is_chance and self.guard(self.game.apply, outcome):
            self._after_step()
        else:
            self._moved()

    def run(self, unit: str) -> None:
        """Step bots and chance by one step / turn / round / to the end."""
        self.controller.selected = None
        result = None

        def go() -> None:
            nonlocal result
            result = self.session.run(unit)

        self.guard(go)
        if result is not None:
            done = result
            self.say("page", self.words(lambda: self.controller.run_message(done)))
        self._moved()

    def autoplay_step(self) -> bool:
        """One step of autoplay; False: autoplay stops (a person's turn, the end, a fault)."""
        result = None

        def go() -> None:
            nonlocal result
            result = self.session.run("step")

        ok = self.guard(go)
        go_on = ok and result is not None and result.reason not in ("human", "over")
        if result is not None and result.reason == "human":
            self.say("page", self.words(self.controller.stopped_text))
        self.controller.selected = None
        self._moved()
        return go_on

    # ---- history ---------------------------------------------------------------------------

    def undo(self) -> None:
        self.guard(self.game.undo)
        self.history_moved()

    def redo(self) -> None:
        self.guard(self.game.redo)
        self.history_moved()

    def undo_turn(self) -> None:
        # with people at the table: back to a person's own last decision (not to the start
        # of a bot's turn, where the page would wait); a bots-only game: the engine's rule
        target = last_human_decision(self.game, self.session.is_human)
        if self.session.humans and target is not None:
            self.guard(self.game.goto, target)
        else:
            self.guard(self.game.undo_turn)
        self.history_moved()

    def goto(self, index: int) -> None:
        self.guard(self.game.goto, index)
        self.history_moved()

    def history_moved(self) -> None:
        """The position shown changed by the history (undo, the slider, a branch): the
        placement being chosen, an open what-if list and the last message were of the
        position before."""
        self.controller.clear_selection()
        self.picking = False
        self.clear("page")
        self._moved()

    def started_branch(self) -> str | None:
        """Follow the game; a what-if at a past step started a branch: said, named."""
        started = self.follow()
        tree = self.tree
        if started is not None and tree is not None:
            self.say("page", lambda lang: started_text(tree, started, lang))
        return started

    # ---- the board -------------------------------------------------------------------------

    def click(self, x: int, y: int) -> None:
        """A click on grid cell (x, y): choose or turn a placement, or walk there."""
        self.clear("page")
        self.carry_out(self.controller.click(x, y))

    def confirm(self) -> None:
        self.carry_out(self.controller.confirm())

    def rotate(self) -> None:
        if self.controller.selected is not None:
            self.clear("page")
            self.carry_out(self.controller.rotate())

    def carry_out(self, intent: Intent | None) -> None:
        if isinstance(intent, Say):
            self.say("page", intent.text, error=intent.error)
        elif isinstance(intent, Decide):
            self.act(intent.action)
        elif isinstance(intent, Reselect):
            self._moved()


def _same(text: str) -> Words:
    """Words that are the same in every language (a bot's or a Python error's text)."""
    return lambda _lang: text


def _editable(deck: DeckLike) -> bool:
    """A deck the Deck tab can edit (a deck made only to play is not)."""
    from verlies.deck import Deck

    return isinstance(deck, Deck)


def default_deck() -> DeckLike:
    from verlies.deck import Deck

    return Deck.default()


def default_session(deck: DeckLike) -> Session:
    """The page's first game: two seats, a person against the careful bot, seed 1."""
    return Session.new(Setup(players=2, seed=1, deck=deck), [HUMAN, _default_bot()])


__all__ = [
    "MAX_UPLOAD_BYTES",
    "AppModel",
    "Change",
    "Changed",
    "Message",
    "NewGame",
    "Position",
    "SaveOffer",
    "Source",
    "Where",
]

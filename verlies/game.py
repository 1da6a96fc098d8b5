"""The game: a setup plus the list of steps taken.

Everything else follows from replaying steps on the rules' state machine: undo, redo,
going to any step, save and load, and per-player views.

>>> g = Game.new(players=2, seed=7)
>>> g.current_player, [a.label for a in g.legal_actions()]
(0, ['draw a dungeon card'])
>>> _ = g.apply(g.legal_actions()[0])
>>> g.is_chance, len(g.chance_outcomes()) > 1
(True, True)
>>> _ = g.roll()          # the seeded random source decides
>>> g.undo(); g.undo(); g.step_count
0
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any, TypeVar

from verlies import record
from verlies.actions import Attempt, Card, Choose, LegalActions, Outcome, Roll, Walk
from verlies.board import Board
from verlies.cards.model import Attr, DungeonCard, Obstacle, RollBonus
from verlies.dice import beat_probability, pass_probability
from verlies.errors import IllegalAction, Inner, Phrase, SaveFormatError
from verlies.errors import SetupError as SetupError  # where it was defined before
from verlies.events import Event, RawEvent, as_events
from verlies.frames import CHANCE_KINDS, FightChoice, ObstacleChoice, TrapChoice
from verlies.hidden import deal_unseen
from verlies.i18n import text
from verlies.legal import chance_outcomes, sample_outcome
from verlies.observe import Observer
from verlies.record import FORMAT as FORMAT  # where they were defined before
from verlies.record import FORMAT_VERSION as FORMAT_VERSION
from verlies.record import MAX_SAVE_BYTES as MAX_SAVE_BYTES
from verlies.record import Edit as Edit
from verlies.record import Step as Step
from verlies.record import step_from_json, step_to_json
from verlies.rules import Figure, apply_step, check_step, is_legal, legal_actions
from verlies.setup import DEFAULT_ROUND_LIMIT, DeckLike, editable
from verlies.setup import Setup as Setup  # where it was defined before
from verlies.state import Table
from verlies.turns import Result as Result
from verlies.turns import result_of
from verlies.turns import returns_of as returns_of
from verlies.variants import Variants
from verlies.views import FigureView as FigureView  # where they were defined before
from verlies.views import HeldView as HeldView
from verlies.views import Pending as Pending
from verlies.views import PlayerView as PlayerView
from verlies.views import monster_value, pending_of

_O = TypeVar("_O", bound=Observer | None)


class Game:
    """A game of Raus aus dem Verlies!: setup + steps. Use ``Game.new`` to start one."""

    def __init__(
        self, setup: Setup, steps: Sequence[Step] = (), *, log: bool = True, _bare: bool = False
    ) -> None:
        self.setup = setup
        self._log_on = log
        self._observer: Observer | None = None
        self._steps: list[Step] = []
        self._step_events: list[tuple[RawEvent, ...]] = []
        self._cursor = 0
        if _bare:  # clone() sets the rest (compiled by mypyc, a class has no bare __new__)
            return
        self._reset()
        for step in steps:
            self.apply(step)

    # ---- creation ------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int = 2,
        characters: Sequence[str] | None = None,
        seed: int = 0,
        deck: DeckLike | None = None,
        variants: Variants | None = None,
        start_seat: int = 0,
        round_limit: int | None = DEFAULT_ROUND_LIMIT,
        log: bool = True,
    ) -> Game:
        """Set up a new game (R2): ``Game.from_setup(Setup(...))`` in one call.

        The parameters are :class:`Setup`'s (checked there; SetupError names the rule).
        ``log=False`` plays without an event log (simulations): same game, no sentences."""
        setup = Setup(
            players=players,
            characters=characters,
            seed=seed,
            deck=deck,
            variants=variants,
            start_seat=start_seat,
            round_limit=round_limit,
        )
        return cls(setup, log=log)

    @classmethod
    def from_setup(cls, setup: Setup, *, log: bool = True) -> Game:
        """A new game from ``setup`` (``log=False``: no event log, the same game)."""
        if not isinstance(setup, Setup):
            raise TypeError(f"expected a verlies.Setup, not {type(setup).__name__}")
        return cls(setup, log=log)

    def _fresh_state(self) -> Table:
        s = self.setup
        return Table(
            deck=s.deck,
            characters=s.character_cards(),
            variants=s.variants,
            seed=s.seed,
            start_seat=s.start_seat,
            round_limit=s.round_limit,
            log=self._log_on,
        )

    def _reset(self) -> None:
        self.state = self._fresh_state()
        self._setup_events = tuple(self.state.events)
        self.state.events.clear()

    # ---- the state as seen from outside -------------------------------------------

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def deck(self) -> DeckLike:
        """The deck now (after any live edits)."""
        return self.state.deck

    @property
    def variants(self) -> Variants:
        return self.setup.variants

    @property
    def board(self) -> Board:
        return self.state.board

    @property
    def figures(self) -> list[Figure]:
        return self.state.figures

    @property
    def drawn(self) -> DungeonCard | None:
        """The dungeon card drawn and not yet laid (public: it is shown face up, R3.2)."""
        return self.state.drawn

    @property
    def bank(self) -> int | None:
        """R10 (variant ``limited_bank``): the gold coins left in the box; None without
        the variant (the bank never runs out)."""
        bank = self.state.bank
        return None if bank < 0 else bank

    def deck_sizes(self) -> dict[str, int]:
        """Cards left to draw in each deck (public: the decks lie on the table)."""
        s = self.state
        return {
            "dungeon": s.dungeon.size,
            "rooms": s.rooms.size,
            "monsters": s.monsters.size,
            "treasures": s.treasures.size,
        }

    @property
    def exits_left(self) -> int:
        """Exits still in the dungeon deck (R1.6: none left ends the game)."""
        return self.state.exits_in_pile()

    @property
    def escape_order(self) -> tuple[int, ...]:
        """The seats that escaped, in the order they did (R1.2)."""
        return tuple(self.state.escape_order)

    @property
    def current_player(self) -> int:
        """The seat to decide; ``CHANCE`` (-1) at a chance point, ``TERMINAL`` (-4) at the
        end: OpenSpiel's ids."""
        return self.state.current_player

    @property
    def seat(self) -> int:
        """The seat whose turn it is (also during its chance points)."""
        return self.state.seat

    @property
    def is_chance(self) -> bool:
        return self.state.at_chance

    @property
    def is_over(self) -> bool:
        return self.state.over

    @property
    def pending(self) -> str:
        """What the game waits for: a ``FrameKind`` (a str: "turn", "oroll"...); "" at the end."""
        return self.state.pending

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def step_count(self) -> int:
        return self._cursor

    @property
    def steps(self) -> tuple[Step, ...]:
        """The steps taken up to now (not the undone ones)."""
        return tuple(self._steps[: self._cursor])

    @property
    def history_length(self) -> int:
        """All steps, including undone ones that ``redo`` can bring back."""
        return len(self._steps)

    def legal_actions(self) -> LegalActions:
        """Every legal action now; at a chance point, the possible outcomes."""
        return legal_actions(self.state)

    def chance_outcomes(self) -> list[tuple[Outcome, Fraction]]:
        """At a chance point: each outcome with its exact probability (they sum to 1)."""
        if not self.is_chance:
            return []
        return chance_outcomes(self.state)

    @property
    def forced_action(self) -> Choose | None:
        """The only option of a decision kept for the game's shape alone, or None.

        A fight or trap roll is a decision of its seat whenever the seat holds an unused
        treasure (which one is hidden, R9.3; a bonus could apply, R9.5), so the other seats
        learn nothing from who decides when. When none of them fits, "no bonus" is the only
        option: the page and the lab take it on the player's behalf (docs/decisions.md)."""
        return self.state.forced_action()

    @property
    def chance_kind(self) -> str:
        """What the chance point is: "die", "gold", or the deck drawn from ("" if none)."""
        top = self.state.top
        return "" if top is None else CHANCE_KINDS.get(type(top), "")

    # ---- taking steps --------------------------------------------------------------

    def observe(self, observer: _O) -> _O:
        """Tell ``observer`` (:mod:`verlies.observe`; None: nobody) what the steps taken
        from now on do; returns it. Undo, redo, ``goto`` and clones are silent."""
        self._observer = self.state.observer = observer
        return observer

    def apply(self, step: Step) -> list[Event]:
        """Take one step: an action of the player to move, a chance outcome, or an Edit.

        Returns the events it caused. An illegal step raises IllegalAction naming the
        rule, and the game stays exactly as it was. Steps after the cursor (undone ones)
        are dropped, as in an editor.
        """
        if type(step) is Edit:
            self._check_edit(step)
        else:
            check_step(self.state, step)
        return self._take(step)

    def _take(self, step: Step) -> list[Event]:
        """Record and play a step already known to be legal."""
        try:
            if type(step) is Edit:
                events = self._do(step)
            else:  # _do inline (a step per call): play it, keep its events as a tuple
                state = self.state
                apply_step(state, step)
                raw = state.events
                if raw:
                    events = tuple(raw)
                    raw.clear()
                else:
                    events = ()  # no log: the shared empty tuple
        except Exception:
            # A bug must not leave a half-applied step behind: rebuild the last good state
            # from the steps (the game is its step list), then let the error through.
            self._replay_to(self._cursor)
            raise
        if self._cursor < len(self._steps):
            del self._steps[self._cursor :]
            del self._step_events[self._cursor :]
        self._steps.append(step)
        self._step_events.append(events)
        self._cursor += 1
        return as_events(events) if events else []

    def _do(self, step: Step) -> tuple[RawEvent, ...]:
        state = self.state
        if type(step) is Edit:
            state.edit_deck(editable(state.deck).apply(step.patch), step.patch)
        else:
            apply_step(state, step)
        events = state.events
        if not events:  # no log: the shared empty tuple
            return ()
        recorded = tuple(events)  # kept per step as a tuple: no list per step
        events.clear()
        return recorded

    def _check_edit(self, step: Edit) -> None:
        if self.state.over:
            raise IllegalAction("R1.3", words=Phrase.of("engine.err.game_over_edit"))
        # Raises DeckError or CardTextError for a patch that does not fit; changes nothing.
        editable(self.state.deck).apply(step.patch)

    def roll(self, rng: random.Random | None = None) -> list[Event]:
        """Resolve the pending chance point with the seeded random source.

        The outcome depends only on the seed and the step number: undo and roll again
        gives the same result (use ``apply(outcome)`` to choose one instead). Given an
        outside ``rng`` (search rollouts), that source decides instead, with the same
        probabilities: rollouts from one position then differ.
        """
        state = self.state
        if not state.at_chance:
            raise IllegalAction("R3.4", words=Phrase.of("engine.err.no_chance_point"))
        r = None if rng is None else rng.getrandbits(64)
        # The seeded outcome (legal.sample_outcome); always possible: no check.
        return self._take(sample_outcome(state, r))

    def sample_outcome(self) -> Outcome:
        """The outcome ``roll`` would take now."""
        if not self.is_chance:
            raise IllegalAction("R3.4", words=Phrase.of("engine.err.no_chance_point"))
        return sample_outcome(self.state)

    def play_chance(self, rng: random.Random | None = None) -> list[Event]:
        """Roll every pending chance point until a player must decide (or the end)."""
        events: list[Event] = []
        while self.is_chance:
            events.extend(self.roll(rng))
        return events

    def edit_deck(self, new_deck: DeckLike) -> list[Event]:
        """R-edit: change the deck during the game as a step (undoable, saved, replayed).

        The change applies to cards not yet drawn; cards on the table and in hands stay
        as they were drawn.
        """
        patch = editable(self.state.deck).diff(editable(new_deck))
        return self.apply(Edit(patch))

    # ---- history -------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._steps)

    def undo(self, n: int = 1) -> None:
        """Go back ``n`` steps (the undone steps stay available to ``redo``)."""
        self.goto(max(0, self._cursor - n))

    def redo(self, n: int = 1) -> None:
        self.goto(min(len(self._steps), self._cursor + n))

    def goto(self, index: int) -> None:
        """Time travel: the game as it was after ``index`` steps (0 = the start)."""
        if not 0 <= index <= len(self._steps):
            raise IndexError(f"step {index} is outside 0..{len(self._steps)}")
        if index == self._cursor:
            return
        if index > self._cursor:
            self.state.observer = None  # steps taken before: the observer heard them
            for i in range(self._cursor, index):
                self._step_events[i] = self._do(self._steps[i])
            self.state.observer = self._observer
        else:
            self._replay_to(index)
        self._cursor = index

    def _replay_to(self, index: int) -> None:
        """The state after the first ``index`` steps, replayed from the setup."""
        self._reset()  # a fresh state, not observed while it replays
        for i in range(index):
            self._step_events[i] = self._do(self._steps[i])
        self.state.observer = self._observer

    def undo_turn(self) -> None:
        """Go back to the last decision of a player before the current one."""
        target = self._cursor
        while target > 0 and isinstance(self._steps[target - 1], Roll | Card | Edit):
            target -= 1  # chance outcomes (and edits) after the decision go too
        self.goto(max(0, target - 1))

    # ---- events and results ----------------------------------------------------------

    @property
    def log(self) -> list[Event]:
        """Every event so far, each with its rule ID and German and English text."""
        out = as_events(self._setup_events)
        for evs in self._step_events[: self._cursor]:
            out.extend(as_events(evs))
        return out

    @property
    def log_size(self) -> int:
        """How many events :attr:`log` holds, without making them."""
        return len(self._setup_events) + sum(len(e) for e in self._step_events[: self._cursor])

    def log_from(self, start: int) -> list[Event]:
        """``log[start:]`` (``start`` >= 0), making only those events: what a view showing
        the newest events needs at every step of a long game."""
        out: list[Event] = []
        skip = start
        for evs in (self._setup_events, *self._step_events[: self._cursor]):
            if skip >= len(evs):
                skip -= len(evs)
                continue
            out.extend(as_events(evs[skip:]))
            skip = 0
        return out

    def events_of(self, index: int) -> list[Event]:
        """The events of step ``index`` (0-based)."""
        return as_events(self._step_events[index])

    def event_count(self, index: int) -> int:
        """How many events step ``index`` (0-based) caused, without making them."""
        return len(self._step_events[index])

    @property
    def result(self) -> Result | None:
        """How the game ended, or None while it goes on."""
        return result_of(self.state)

    @property
    def truncated(self) -> bool:
        """The game was cut off by the round limit (R1.6 timeout), not played out:
        what OpenSpiel and PettingZoo call a truncation rather than a termination."""
        return self.state.over and self.state.end_reason == "timeout"

    def returns(self) -> tuple[float, ...]:
        """Each seat's return: 0 until the end; see :func:`returns_of` for the scheme."""
        s = self.state
        if not s.over:
            return (0.0,) * s.n
        return returns_of(s.n, s.winners())

    # ---- odds for the UI and bots ----------------------------------------------------

    def pass_chance(self, obstacle: Obstacle, seat: int | None = None, bonus: int = 0) -> Fraction:
        """R4.2: the exact chance that the figure at ``seat`` passes ``obstacle``."""
        fig = self.state.figures[self.seat if seat is None else seat]
        return pass_probability(fig.character.value(obstacle.attr), obstacle.n, bonus)

    def fight_chance(self, monster_value: int, attr: Attr, seat: int | None = None) -> Fraction:
        """R7.2: the exact chance to beat a monster of ``monster_value`` with ``attr``."""
        fig = self.state.figures[self.seat if seat is None else seat]
        return beat_probability(fig.character.value(attr), monster_value)

    def odds(self, action: Any) -> Fraction | None:
        """The exact chance of success that goes with a decision now, where there is one.

        ``Attempt``: passing the obstacle (R4.2, with the treasure's bonus); ``Choose``:
        winning the fight (R7.2) or passing the trap; ``Walk``: arriving without a setback
        (every obstacle on the path passed). None for decisions without a test, and for
        any action that is not legal now (so no bonus is counted that could not apply).
        """
        s = self.state
        if s.over or s.at_chance or not is_legal(s, action):
            return None
        fig = s.figures[s.seat]
        frame = s.stack[-1]
        if isinstance(action, Walk):  # legal: the frame is the turn
            chance = Fraction(1)
            for pos in action.path:
                tile = s.board.get(pos)
                if tile is not None and tile.card.obstacle is not None and not tile.opened:
                    chance *= self.pass_chance(tile.card.obstacle)
            return chance
        if isinstance(action, Attempt) and isinstance(frame, ObstacleChoice):
            obstacle = s.board[frame.pos].card.obstacle
            assert obstacle is not None
            return self.pass_chance(obstacle, bonus=self._bonus_of(action.treasure))
        if isinstance(action, Choose):
            value = fig.character.value(action.attr)
            bonus = self._bonus_of(action.treasure)
            if isinstance(frame, FightChoice):
                mvalue = monster_value(frame.monster, action.attr)
                return beat_probability(value, mvalue, bonus)
            if isinstance(frame, TrapChoice):
                return pass_probability(value, frame.trap.target, bonus)
        return None

    def _bonus_of(self, treasure: str | None) -> int:
        """R9.5: the bonus of a treasure offered by a legal action (it applies)."""
        if not treasure:
            return 0
        for h in self.state.figures[self.state.seat].treasures:
            m = h.card.magic
            if h.card.id == treasure and not h.used and isinstance(m, RollBonus):
                return m.amount
        return 0

    def pending_context(self) -> Pending:
        """What the pending decision or chance point is about (for showing it)."""
        return pending_of(self.state)

    # ---- views -----------------------------------------------------------------------

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see (R9.3): others' treasures and the decks' order hidden."""
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat} in a {self.players}-player game")
        return PlayerView(self, seat)

    # ---- saving ----------------------------------------------------------------------

    def to_json(self, indent: int | None = None) -> str:
        """The game as versioned JSON: setup plus every step (undone ones too)."""
        steps = [step_to_json(st) for st in self._steps]
        return record.dumps(self.setup.to_dict(), steps, self._cursor, indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a game saved by ``to_json``; replays it (and checks every step)."""
        from verlies.deck import MAX_SAVE_TEXT, card_text_budget

        data = record.loads(text)
        try:
            st = data["setup"]
            if not isinstance(st, dict):
                raise SaveFormatError(words=Phrase.of("save.err.setup_shape"))
            game = cls(Setup.from_dict(st))
            raw_steps = data["steps"]
            cursor = data.get("cursor", len(raw_steps))
            if not isinstance(raw_steps, list):
                raise SaveFormatError(words=Phrase.of("save.err.steps_shape"))
            if type(cursor) is not int or not 0 <= cursor <= len(raw_steps):
                raise SaveFormatError(words=Phrase.of("save.err.cursor", cursor=str(cursor)[:40]))
            # Version 1 went straight to a fight's or trap's roll where version 2 keeps a
            # forced decision (docs/decisions.md, "the game's shape"): such a save gets
            # the forced steps put back where they belong; the positions are the same.
            upgrade = data["version"] < 2
            after = [0] * (len(raw_steps) + 1)  # new step count after k old steps
            # Live edits compile card text: bounded for the whole save, not per edit.
            with card_text_budget(MAX_SAVE_TEXT):
                for i, raw in enumerate(raw_steps):
                    if upgrade:
                        game._take_forced()
                        after[i] = game.step_count
                    try:
                        game.apply(step_from_json(raw))
                    except Exception as e:  # whatever the file holds, say which step
                        said = Phrase.of(
                            "save.err.step", n=i + 1, raw=str(raw)[:80], error=Inner(e)
                        )
                        raise SaveFormatError(words=said) from None
                if upgrade:
                    game._take_forced()
            after[len(raw_steps)] = game.step_count
            game.goto(after[cursor] if upgrade else cursor)
        except SaveFormatError:
            raise
        except Exception as e:  # a save file is outside input: never another exception
            said = Phrase.of("save.err.setup", error=Inner(e, 200, named=True))
            raise SaveFormatError(words=said) from None
        return game

    def _take_forced(self) -> None:
        """Take every forced decision pending now (upgrading a version-1 save)."""
        while (forced := self.state.forced_action()) is not None:
            self.apply(forced)

    def copy(self) -> Game:
        """An independent game with the same setup and history (replayed, not deep-copied)."""
        g = Game(self.setup, self._steps, log=self._log_on)
        g.goto(self._cursor)
        return g

    def clone(self, *, log: bool | None = None) -> Game:
        """An independent game in the same position, fast (search bots, OpenSpiel).

        Copies only the mutable state; the deck, the cards and the steps (immutable
        values) are shared, so ``copy.deepcopy`` of a game is a clone too. The history
        comes along (undo and redo work as in the original): two lists of references.
        ``log=False`` plays on without an event log (rollouts), as ``Game.new(log=False)``.
        """
        g = Game(self.setup, log=self._log_on if log is None else log, _bare=True)
        # a clone plays on silently (Table.copy_into): no observer
        g._steps = list(self._steps)
        g._step_events = list(self._step_events)
        g._cursor = self._cursor
        g._setup_events = self._setup_events
        g.state = self.state.copy()
        g.state.logging = g._log_on
        return g

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.clone()

    def determinise(self, seat: int, rng: random.Random) -> Game:
        """A clone (no event log) in which what ``seat`` cannot see is dealt anew with
        ``rng`` (search bots' worlds; see :func:`verlies.hidden.deal_unseen`)."""
        world = self.clone(log=False)
        deal_unseen(world.state, seat, rng)
        return world

    # ---- showing itself --------------------------------------------------------------

    def board_svg(self, tile_size: int = 60, lang: str = "de") -> str:
        from verlies.render.svg import board_svg

        # The card as it lies now: its gold is gone once a figure entered (R4.1).
        tiles = [
            (
                t.x,
                t.y,
                t.card if t.gold == t.card.gold else replace(t.card, gold=t.gold),
                t.mask,
                t.collapsed,
            )
            for t in self.state.board.values()
        ]
        figures = [
            (f.seat, f.pos[0], f.pos[1], bool(f.injured))
            for f in self.state.figures
            if not f.escaped
        ]
        return board_svg(tiles, figures, tile_size=tile_size, lang=lang)

    def _repr_svg_(self) -> str:
        return self.board_svg()

    def _repr_html_(self) -> str:
        import html

        lang = "en"
        rows = []
        for f in self.state.figures:
            if f.escaped:
                where = text("engine.html.escaped", lang)
            else:
                where = text("engine.html.at", lang, x=f.pos[0], y=f.pos[1])
            if f.injured:
                where = text("engine.html.injured", lang, state=where)
            rows.append(
                f"<tr><td>{f.seat + 1}</td><td>{html.escape(f.character.name.get(lang))}</td>"
                f"<td>{f.coins}</td><td>{len(f.treasures)}</td><td>{html.escape(where)}</td></tr>"
            )
        head = "".join(
            f"<th>{html.escape(text('engine.html.' + k, lang))}</th>"
            for k in ("seat", "character", "coins", "treasures", "state")
        )
        log = "".join(f"<li>{html.escape(e.text(lang))}</li>" for e in self.log[-8:])
        return (
            f"<div><b>{html.escape(self.status(lang))}</b>"
            f"<div>{self.board_svg()}</div>"
            f"<table><tr>{head}</tr>{''.join(rows)}</table><ol>{log}</ol></div>"
        )

    def status(self, lang: str = "en") -> str:
        """One line on where the game stands, in ``lang`` (words from verlies.i18n)."""
        s = self.state
        if s.over:
            r = self.result
            assert r is not None
            if r.winners:
                who = ", ".join(str(w + 1) for w in r.winners)
                return text("engine.status.over_winner", lang, reason=r.reason, who=who)
            return text("engine.status.over", lang, reason=r.reason)
        if self.is_chance:
            who = text("engine.status.chance", lang)
        else:
            who = text("engine.status.player", lang, n=s.seat + 1)
        return text("engine.status.to_move", lang, round=s.round, who=who, pending=s.pending)

    def __repr__(self) -> str:
        return f"<Game {self.players}p seed={self.setup.seed} step={self._cursor}: {self.status()}>"

    def __iter__(self) -> Iterator[Event]:
        return iter(self.log)

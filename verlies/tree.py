"""A game's history as a tree of named lines (branches), over the public :class:`Game` API.

A :class:`Game` keeps one line of steps: taking a step at a past position drops the steps
after it (as an editor does). :class:`GameTree` keeps every line instead, as python-chess
keeps variations: taking another action or outcome at a past step starts a new branch and
the old line stays, to switch back to, compare with, rename or delete. Retaking the step
the line already holds keeps the line (it is the same game).

The game object stays the one the caller holds: switching branches moves it with ``goto``
and ``apply`` (every step checked again by the engine). The tree's save file is the game's
save file with one more key, ``"branches"``; :meth:`Game.from_json` still reads it (the
current line), and :meth:`GameTree.from_json` reads a save without the key as one branch.

>>> from verlies.actions import Roll
>>> game = Game.new(players=2, seed=1)
>>> tree = GameTree(game)
>>> for _ in range(6):
...     _ = game.roll() if game.is_chance else game.apply(game.legal_actions()[0])
>>> tree.sync()
>>> game.goto(2)
>>> other = [a for a in game.legal_actions() if a != tree.line("1")[2]][0]
>>> tree.play(other) and None
>>> [(b.name, b.length, b.current) for b in tree.branches()]
[('1', 6, False), ('2', 3, True)]
>>> tree.switch("1"); game.history_length, tree.current
(6, '1')
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from verlies.errors import Inner, Phrase, SaveFormatError, WordedError
from verlies.events import Event
from verlies.game import Game
from verlies.record import Step, loads, step_from_json, step_to_json

#: Most branches a tree (and a save file) holds: each one is replayed to check it.
MAX_BRANCHES = 64
#: Longest branch name.
MAX_NAME = 40


class BranchError(WordedError, ValueError):
    """A change of the branches that cannot be made (a name taken, too many branches, the
    branch shown deleted). Kept as words (``branch.err.*``): the page says it in its
    language, again after a switch; ``str(exc)`` is the English. A ValueError, as before."""


class UnknownBranch(BranchError, KeyError):
    """No branch of that name (a KeyError too, as a missing key of the tree was)."""

    def __str__(self) -> str:  # KeyError's would quote the message
        return self.message


@dataclass(frozen=True)
class BranchInfo:
    """One branch as a list shows it."""

    name: str
    length: int  # steps in the line
    fork: int  # steps it shares with the branch it left (0 for the first)
    parent: str | None  # the branch it left
    current: bool


@dataclass(frozen=True)
class SeatEnd:
    """A seat at the end of a branch's line."""

    seat: int
    gold: int  # R9.1: coins plus the treasures' values (hidden in play by R9.3)
    pos: tuple[int, int]
    escaped: bool
    coins: int = 0  # what the table sees: coins, and how many treasure cards
    treasures: int = 0


@dataclass(frozen=True)
class BranchEnd:
    """Where a branch's line ends: the seats, whether the game is over and who won."""

    name: str
    length: int
    over: bool
    winners: tuple[int, ...]
    seats: tuple[SeatEnd, ...]


@dataclass(frozen=True)
class Comparison:
    """Two branches side by side: the steps they share and where each line ends."""

    a: BranchEnd
    b: BranchEnd
    shared: int

    def differences(self) -> tuple[tuple[int, str, Any, Any], ...]:
        """(seat, "gold" | "pos" | "escaped", value in a, value in b) where they differ."""
        out = []
        for sa, sb in zip(self.a.seats, self.b.seats, strict=True):
            for field in ("gold", "pos", "escaped"):
                va, vb = getattr(sa, field), getattr(sb, field)
                if va != vb:
                    out.append((sa.seat, field, va, vb))
        return tuple(out)


@dataclass(frozen=True)
class Deleted:
    """A deleted branch, as :meth:`GameTree.restore` brings it back."""

    name: str
    line: tuple[Step, ...]
    parent: str | None
    children: tuple[str, ...]  # the branches that had left it
    index: int  # its place in the list


def common_prefix(a: Sequence[Step], b: Sequence[Step]) -> int:
    """How many steps two lines share from the start."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def full_line(game: Game) -> tuple[Step, ...]:
    """Every step the game holds, the undone ones (which ``redo`` brings back) too."""
    if game.step_count == game.history_length:
        return game.steps
    raw = loads(game.to_json())["steps"]
    return tuple(step_from_json(r) for r in raw)


class GameTree:
    """Named lines of one game; the game shows the current one (see the module's text)."""

    def __init__(self, game: Game, name: str = "1") -> None:
        self.game = game
        self._lines: dict[str, tuple[Step, ...]] = {self._check_name(name): full_line(game)}
        self._parents: dict[str, str | None] = {name: None}
        self._current = name
        self._made = 1  # branches made so far: the next default name

    # ---- reading -------------------------------------------------------------------------

    @property
    def current(self) -> str:
        return self._current

    @property
    def names(self) -> list[str]:
        return list(self._lines)

    def line(self, name: str) -> tuple[Step, ...]:
        """The steps of branch ``name`` (KeyError for a name that is not one)."""
        return self._lines[name]

    def branches(self) -> list[BranchInfo]:
        """Every branch in the order they were made."""
        out = []
        for name, steps in self._lines.items():
            parent = self._parents.get(name)
            fork = common_prefix(steps, self._lines[parent]) if parent in self._lines else 0
            out.append(
                BranchInfo(
                    name,
                    len(steps),
                    fork,
                    parent if parent in self._lines else None,
                    name == self._current,
                )
            )
        return out

    # ---- following the game -----------------------------------------------------------------

    def sync(self) -> str | None:
        """Take in what happened to the game since the last look: steps added at the end
        extend the current branch; steps taken at a past position that differ from the
        line start a branch (or go on in a branch that already holds them) and the old line
        stays. Returns the name of a branch started, else None."""
        game = self.game
        old = self._lines[self._current]
        new = full_line(game)
        if new == old:
            return None
        k = common_prefix(old, new)
        if k == len(old):  # played on at the end
            self._lines[self._current] = new
            return None
        if k == len(new):  # the same steps retaken: the game dropped the rest, bring it back
            self._restore(old)
            return None
        for name, steps in self._lines.items():  # a line we already have
            if name != self._current and common_prefix(steps, new) == min(len(steps), len(new)):
                if len(steps) < len(new):
                    self._lines[name] = new
                else:
                    self._restore(steps)
                self._current = name
                return None
        if len(self._lines) >= MAX_BRANCHES:
            raise BranchError(words=Phrase.of("branch.err.too_many", limit=MAX_BRANCHES))
        name = self._new_name()
        self._lines[name] = new
        self._parents[name] = self._current
        self._current = name
        return name

    def play(self, step: Step) -> list[Event]:
        """Take ``step`` in the game now; at a past position that holds another step, this
        starts a branch and keeps the old line (see :meth:`sync`)."""
        self.sync()
        events = self.game.apply(step)
        self.sync()
        return events

    def _restore(self, line: tuple[Step, ...]) -> None:
        """Make the game hold ``line`` (its position stays where it is, if on the line)."""
        game = self.game
        at = game.step_count
        have = full_line(game)
        k = common_prefix(have, line)
        if not (k == len(have) == len(line)):
            game.goto(min(k, game.history_length))
            for step in line[k:]:
                game.apply(step)
        game.goto(min(at, len(line)))

    def _new_name(self) -> str:
        while True:
            self._made += 1
            name = str(self._made)
            if name not in self._lines:
                return name

    # ---- changing the tree --------------------------------------------------------------------

    def switch(self, name: str) -> None:
        """Show branch ``name``: the game holds its line, at the same step number (or its
        end, if it is shorter)."""
        if name not in self._lines:
            raise UnknownBranch(words=Phrase.of("branch.err.unknown", name=name))
        self.sync()
        self._restore(self._lines[name])
        self._current = name

    @staticmethod
    def _check_name(name: str) -> str:
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise BranchError(words=Phrase.of("branch.err.name", limit=MAX_NAME))
        return name.strip()

    def rename(self, name: str, new: str) -> None:
        """Give branch ``name`` another name (unique, 1 to 40 characters)."""
        new = self._check_name(new)
        if name not in self._lines:
            raise UnknownBranch(words=Phrase.of("branch.err.unknown", name=name))
        if new == name:
            return
        if new in self._lines:
            raise BranchError(words=Phrase.of("branch.err.taken", name=new))
        self._lines = {(new if k == name else k): v for k, v in self._lines.items()}
        self._parents = {
            (new if k == name else k): (new if p == name else p) for k, p in self._parents.items()
        }
        if self._current == name:
            self._current = new

    def delete(self, name: str) -> Deleted:
        """Drop branch ``name`` (not the one shown: switch first). Returns what
        :meth:`restore` needs to bring it back (a delete can be undone)."""
        if name not in self._lines:
            raise UnknownBranch(words=Phrase.of("branch.err.unknown", name=name))
        if name == self._current:
            raise BranchError(words=Phrase.of("branch.err.shown"))
        grand = self._parents.get(name)
        gone = Deleted(
            name,
            self._lines[name],
            grand,
            tuple(k for k, p in self._parents.items() if p == name),
            list(self._lines).index(name),
        )
        del self._lines[name]
        del self._parents[name]
        for k in gone.children:  # its children now hang on its parent
            self._parents[k] = grand
        return gone

    def restore(self, gone: Deleted) -> None:
        """Undo :meth:`delete`: the branch back in its place in the list, its children (those
        still there) on it again. A branch of the same name made since is refused."""
        if gone.name in self._lines:
            raise BranchError(words=Phrase.of("branch.err.exists", name=gone.name))
        if len(self._lines) >= MAX_BRANCHES:
            raise BranchError(words=Phrase.of("branch.err.full", limit=MAX_BRANCHES))
        items = list(self._lines.items())
        items.insert(min(gone.index, len(items)), (gone.name, gone.line))
        self._lines = dict(items)
        parents = list(self._parents.items())
        parents.insert(min(gone.index, len(parents)), (gone.name, gone.parent))
        self._parents = dict(parents)
        if gone.parent is not None and gone.parent not in self._lines:
            self._parents[gone.name] = None
        for k in gone.children:
            if k in self._parents:
                self._parents[k] = gone.name

    # ---- comparing ----------------------------------------------------------------------------

    def end(self, name: str, at: int | None = None) -> BranchEnd:
        """Where branch ``name``'s line ends, or where it is after ``at`` steps (its end if
        it is shorter)."""
        steps = self._lines[name]
        if at is not None:
            steps = steps[: max(0, at)]
        g = Game(self.game.setup, steps, log=False)
        r = g.result
        seats = tuple(
            SeatEnd(i, f.gold, (f.pos[0], f.pos[1]), bool(f.escaped), f.coins, len(f.treasures))
            for i, f in enumerate(g.figures)
        )
        return BranchEnd(name, len(steps), g.is_over, tuple(r.winners) if r else (), seats)

    def compare(self, a: str, b: str, at: int | None = None) -> Comparison:
        """Branches ``a`` and ``b`` at their ends, or both after ``at`` steps (the page
        compares at the step shown, docs/decisions.md): gold, positions, who escaped."""
        return Comparison(
            self.end(a, at), self.end(b, at), common_prefix(self.line(a), self.line(b))
        )

    # ---- saving -------------------------------------------------------------------------------

    def to_json(self, indent: int | None = None) -> str:
        """The game's save file (the current line) plus every branch under ``"branches"``:
        each as the steps after those it shares with an earlier branch (``base``, ``at``)."""
        self.sync()
        data = json.loads(self.game.to_json())
        names = list(self._lines)
        rows = []
        for i, name in enumerate(names):
            steps = self._lines[name]
            base, at = -1, 0
            for j in range(i):
                k = common_prefix(self._lines[names[j]], steps)
                if k > at:
                    base, at = j, k
            parent = self._parents.get(name)
            rows.append(
                {
                    "name": name,
                    "parent": names.index(parent) if parent in self._lines else -1,
                    "base": base,
                    "at": at,
                    "steps": [step_to_json(s) for s in steps[at:]],
                }
            )
        data["branches"] = {"current": names.index(self._current), "lines": rows}
        return json.dumps(data, ensure_ascii=False, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameTree:
        """Read a save file (with or without branches); every branch is replayed and
        checked. SaveFormatError for anything malformed."""
        game = Game.from_json(text)
        data = loads(text)
        raw = data.get("branches")
        if raw is None:
            return cls(game)
        try:
            return cls._from_rows(game, raw)
        except SaveFormatError:
            raise
        except Exception as e:  # outside input: a precise error, never another exception
            said = Phrase.of("save.err.branches", error=Inner(e, 200, named=True))
            raise SaveFormatError(words=said) from None

    @classmethod
    def _from_rows(cls, game: Game, raw: Any) -> GameTree:
        if not isinstance(raw, dict) or not isinstance(raw.get("lines"), list):
            raise SaveFormatError(words=Phrase.of("save.err.branches_shape"))
        rows = raw["lines"]
        if not 1 <= len(rows) <= MAX_BRANCHES:
            raise SaveFormatError(words=Phrase.of("save.err.branches_count", limit=MAX_BRANCHES))
        lines: list[tuple[str, tuple[Step, ...], int]] = []
        for i, row in enumerate(rows):
            if not isinstance(row, dict):
                raise SaveFormatError(words=Phrase.of("save.err.branch_shape", n=i + 1))
            base, at, steps = row.get("base", -1), row.get("at", 0), row.get("steps")
            parent = row.get("parent", -1)
            if type(base) is not int or not -1 <= base < i or type(at) is not int:
                raise SaveFormatError(words=Phrase.of("save.err.branch_base", n=i + 1))
            if type(parent) is not int or not -1 <= parent < len(rows):
                raise SaveFormatError(words=Phrase.of("save.err.branch_parent", n=i + 1))
            if not isinstance(steps, list):
                raise SaveFormatError(words=Phrase.of("save.err.branch_steps", n=i + 1))
            head = lines[base][1] if base >= 0 else ()
            if not 0 <= at <= len(head) or (base < 0 and at):
                raise SaveFormatError(words=Phrase.of("save.err.branch_at", n=i + 1))
            line = head[:at] + tuple(step_from_json(s) for s in steps)
            lines.append((cls._check_name(str(row.get("name", ""))), line, parent))
        current = raw.get("current", 0)
        if type(current) is not int or not 0 <= current < len(lines):
            raise SaveFormatError(words=Phrase.of("save.err.current"))
        if len({name for name, _, _ in lines}) != len(lines):
            raise SaveFormatError(words=Phrase.of("save.err.branch_names"))
        if lines[current][1] != full_line(game):
            raise SaveFormatError(words=Phrase.of("save.err.current_line"))
        for name, line, _ in lines:  # every line must be a legal game
            try:
                Game(game.setup, line, log=False)
            except Exception as e:
                raise SaveFormatError(
                    words=Phrase.of("save.err.branch_illegal", name=repr(name), error=Inner(e))
                ) from None
        tree = cls(game, lines[current][0])
        tree._lines = {name: line for name, line, _ in lines}
        tree._parents = {
            name: (lines[p][0] if p >= 0 and p != i else None)
            for i, (name, _, p) in enumerate(lines)
        }
        tree._made = len(lines)
        return tree


__all__ = [
    "BranchEnd",
    "BranchError",
    "BranchInfo",
    "Comparison",
    "Deleted",
    "GameTree",
    "SeatEnd",
    "UnknownBranch",
    "common_prefix",
    "full_line",
]

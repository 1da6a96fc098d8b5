"""What happened in a game, reported as it happens, without an event log.

An *observer* is told of every test, fight, injury, change of gold and card drawn while a
game plays on, with the values the rules used and whether the test passed: what the
balance lab counts, with no sentences built (``log=False``) and nothing derived again.

>>> from verlies.game import Game
>>> game = Game.new(players=2, seed=3, log=False)
>>> counts = game.observe(Counters(2))
>>> while not game.is_over and game.round < 8:
...     if game.is_chance:
...         _ = game.roll()
...     else:
...         _ = game.apply(game.legal_actions()[0])
>>> counts.draws["dungeon"] > 0
True

Attach one with :meth:`verlies.game.Game.observe` (``observe(None)`` detaches it). It
hears the steps taken from then on (``apply``, ``roll``); replaying steps (``undo``,
``redo``, ``goto``, loading) and the game's clones are silent: what an observer counts
happened once, in this game.
"""

from __future__ import annotations

from typing import Protocol

from verlies.cards.model import Attr, MonsterCard, Obstacle, Trap

__all__ = ["Counters", "Observer", "Watcher"]

#: The piles ``Observer.drew`` names (R3.1, R6.2, R6.3, R9.3).
PILES: tuple[str, ...] = ("dungeon", "room", "monster", "treasure")


class Observer(Protocol):
    """What the rules tell an observer. Every method is called after the rule's own
    decision, with the values it decided by; none may change the game."""

    def test(
        self,
        seat: int,
        subject: Obstacle | Trap,
        value: int,
        bonus: int,
        roll: int,
        target: int,
        passed: bool,
    ) -> None:
        """R4.2 (an obstacle) or R6.2 (a trap): W6 ``roll`` + ``value`` + ``bonus``
        against ``target``; ``passed`` is :func:`verlies.dice.passes` of it."""

    def fight(
        self,
        seat: int,
        monster: MonsterCard,
        attr: Attr,
        value: int,
        bonus: int,
        roll: int,
        monster_value: int,
        monster_roll: int,
        won: bool,
    ) -> None:
        """R7.2: the adventurer's ``roll`` + ``value`` + ``bonus`` against the monster's
        ``monster_roll`` + ``monster_value``; ``won`` is :func:`verlies.dice.passes`."""

    def injured(self, seat: int, rule: str) -> None:
        """R8.1: ``seat``'s figure was injured, by ``rule`` (R5.5, R6.2 or R7.3)."""

    def gold(self, seat: int) -> None:
        """R9.1: ``seat``'s gold may have changed (coins gained or lost, a treasure
        taken, given up or spent)."""

    def drew(self, seat: int, pile: str, card: str) -> None:
        """``seat`` drew the card with id ``card`` from ``pile`` (one of ``PILES``)."""


class Watcher:
    """An observer that does nothing: subclass it and override what you need."""

    def test(
        self,
        seat: int,
        subject: Obstacle | Trap,
        value: int,
        bonus: int,
        roll: int,
        target: int,
        passed: bool,
    ) -> None:
        return None

    def fight(
        self,
        seat: int,
        monster: MonsterCard,
        attr: Attr,
        value: int,
        bonus: int,
        roll: int,
        monster_value: int,
        monster_roll: int,
        won: bool,
    ) -> None:
        return None

    def injured(self, seat: int, rule: str) -> None:
        return None

    def gold(self, seat: int) -> None:
        return None

    def drew(self, seat: int, pile: str, card: str) -> None:
        return None


class Counters(Watcher):
    """Counts per seat: tests tried and passed (obstacles and traps), fights fought and
    won, injuries, changes of gold; and the cards drawn per pile."""

    def __init__(self, players: int) -> None:
        self.tests = [0] * players
        self.passed = [0] * players
        self.fights = [0] * players
        self.won = [0] * players
        self.injuries = [0] * players
        self.gold_changes = [0] * players
        self.draws: dict[str, int] = dict.fromkeys(PILES, 0)

    def test(
        self,
        seat: int,
        subject: Obstacle | Trap,
        value: int,
        bonus: int,
        roll: int,
        target: int,
        passed: bool,
    ) -> None:
        self.tests[seat] += 1
        self.passed[seat] += passed

    def fight(
        self,
        seat: int,
        monster: MonsterCard,
        attr: Attr,
        value: int,
        bonus: int,
        roll: int,
        monster_value: int,
        monster_roll: int,
        won: bool,
    ) -> None:
        self.fights[seat] += 1
        self.won[seat] += won

    def injured(self, seat: int, rule: str) -> None:
        self.injuries[seat] += 1

    def gold(self, seat: int) -> None:
        self.gold_changes[seat] += 1

    def drew(self, seat: int, pile: str, card: str) -> None:
        self.draws[pile] += 1

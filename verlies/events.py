"""Events: what happened, with the rule that made it happen, in any language.

An event stores its rule ID, a key and raw values; the sentences are made when asked for,
from the ``event.<key>`` templates of verlies.i18n (``verlies.i18n.values.event`` turns
the raw values into words), so the engine's hot path only builds small tuples.

>>> e = Event("R4.1", "gold", 0, {"n": 2})
>>> e.en
'R4.1: Player 1 takes 2 gold.'
>>> e.de
'R4.1: Spieler 1 nimmt 2 Gold.'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from verlies.i18n.values import event as _sentence

#: An event as the engine records it: (rule, key, seat, data, private); see :func:`as_events`.
RawEvent = tuple[str, str, int, dict[str, Any], bool]


class Event(NamedTuple):
    """One thing that happened. ``seat`` is the acting player (or -1); ``private`` marks
    information only that seat may see (R9.3: treasures are drawn face down)."""

    rule: str
    key: str
    seat: int
    data: dict[str, Any]
    private: bool = False

    def text(self, lang: str = "en", with_rule: bool = True) -> str:
        """The sentence in ``lang`` (any language verlies.i18n knows), after its rule ID
        (``R4.1: …``) unless ``with_rule`` is false (a view that shows the ID apart)."""
        return _sentence(self.rule, self.key, self.seat, self.data, lang, with_rule)

    @property
    def de(self) -> str:
        return self.text("de")

    @property
    def en(self) -> str:
        return self.text("en")

    def __str__(self) -> str:
        return self.en

    def public(self) -> Event:
        """The event as the other seats see it."""
        if self.key == "treasure":
            return Event(self.rule, "treasure_hidden", self.seat, {}, False)
        if self.key == "lose_treasure":
            return Event(self.rule, "lose_treasure_hidden", self.seat, {}, False)
        return self


_new_tuple = tuple.__new__


def as_events(recorded: Iterable[RawEvent]) -> list[Event]:
    """Events from the tuples the engine records (without NamedTuple's slower ``__new__``).

    >>> as_events([("R4.1", "gold", 0, {"n": 2}, False)])[0].en
    'R4.1: Player 1 takes 2 gold.'
    """
    return [_new_tuple(Event, e) for e in recorded]

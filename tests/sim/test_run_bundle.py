"""The specs a run sends to its workers are written and read once, not every round: a
ranking's rounds send the same decks again and again (issue 36: writing a deck costs
~7 ms, reading one ~40 ms, each worker read about a hundred decks every round). Counted
as work: how often a deck is written and a setup read."""

from __future__ import annotations

import pytest

from verlies.deck import Deck
from verlies.sim import run
from verlies.sim.run import RunSpec, _Bundle
from verlies.sim.sweep import Tweak


def test_a_spec_is_written_once_and_read_once_per_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(run, "_ITEMS", type(run._ITEMS)())
    monkeypatch.setattr(run, "_READ", type(run._READ)())
    deck = Tweak("monster", "monster-goblin", "fight").apply(Deck.default(), 10)
    a = RunSpec.build(players=2, deck=deck, label="a")
    b = RunSpec.build(players=2, deck=Deck.default(), label="b")
    written: list[int] = []
    read: list[int] = []
    to_dict, from_dict = run.Setup.to_dict, run.Setup.from_dict
    monkeypatch.setattr(run.Setup, "to_dict", lambda s: written.append(1) or to_dict(s))
    monkeypatch.setattr(
        run.Setup, "from_dict", staticmethod(lambda d: read.append(1) or from_dict(d))
    )
    rounds = [_Bundle.of((a, b)), _Bundle.of((a,)), _Bundle.of((b, a))]
    assert len(written) == 2  # each spec once, whatever the rounds
    got = [bundle.specs() for bundle in rounds]  # a worker reading every round's bundle
    assert len(read) == 2
    assert [[s.label for s in specs] for specs in got] == [["a", "b"], ["a"], ["b", "a"]]
    assert got[0][0].deck == deck and got[0][1].deck == Deck.default()
    assert got[0][0].play([0])[0].to_dict() == a.play([0])[0].to_dict()  # the same game
    # another spec of an equal deck is written again (kept by the object, not by equality)
    c = RunSpec.build(players=2, deck=deck, label="a")
    _Bundle.of((c,))
    assert len(written) == 3

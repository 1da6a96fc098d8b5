"""The contribution ranking's early exit "no meaningful effect" (issue 36, item 3): when
every card still in the running has all its always-valid intervals, at α / K, within ±δ
on every quantity, the run stops and says so apart from the ranked list, in both
languages; a deck with a card that moves a figure by more than δ never takes it.

The games here are stand-ins (no game is played: each deck's figures are a fixed
function of the game index and of the goblin's fight), so six cards go through the real
rounds, Holm and words in seconds of CPU, and the work is counted in games: what the exit
saves is the games the same run plays without it. (On the whole shipped deck the exit does
not fire: docs/decisions.md, impact7.)"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from verlies.deck import Deck
from verlies.sim.impact_rank import contribution, rounds
from verlies.sim.run import RunSpec
from verlies.sim.sweep import Tweak

CHARACTERS = tuple(Deck.default().characters)
GOBLIN = "monster:monster-goblin"


def _figures(deck: Deck, g: int) -> dict[str, int]:
    """Game ``g`` with ``deck``: the same for every deck, but the goblin at fight 10 costs
    one injury a game more (4× δ)."""
    out = {"injuries": g % 3, "rounds": 20 + g % 5, "gold": g % 7, "timeout": 0}
    out.update({f"win:{c}": int(CHARACTERS[g % len(CHARACTERS)] == c) for c in CHARACTERS})
    if deck.cards("monster")["monster-goblin"].fight[0].value == 10:
        out["injuries"] += 1
    return out


@pytest.fixture
def stand_in(monkeypatch: pytest.MonkeyPatch) -> None:
    def play(self: RunSpec, indices: Any) -> list[Any]:
        return [
            SimpleNamespace(index=g, met=(), characters=(), figures=_figures(self.deck, g))
            for g in indices
        ]

    monkeypatch.setattr(RunSpec, "play", play)
    monkeypatch.setattr(rounds, "_values", lambda r: r.figures)


CARDS = [GOBLIN, "monster:monster-troll", "treasure:schatz-rubin", "room:raum-falle-01"]
CARDS += ["dungeon:r-gang-straight-06", "character:char-barbar"]


def _run(deck: Any, exit_allowed: bool, monkeypatch: pytest.MonkeyPatch) -> Any:
    if not exit_allowed:
        monkeypatch.setattr(rounds.Rounds, "_below", lambda self: None)
    return contribution(deck, cards=CARDS, max_pairs=1024, workers=1)


def test_cards_that_move_nothing_stop_early_and_it_is_said_apart(
    stand_in: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    res = _run(None, True, monkeypatch)
    assert res.stopped == "no meaningful effect" and not res.ranked()
    below = res.below
    assert below == {"bound": below["bound"], "cards": 6, "low": 512, "high": 512, "others": 0}
    assert 0 < below["bound"] < 1 and res.bound(res.cards) == below["bound"]
    assert res.to_dict()["below_delta"] == below
    # the work: the screen (32 pairs) and doubling to 512 pairs, 7 decks (the draft's own
    # games too); the same run without the exit doubles once more, to max_pairs
    assert res.info.games == 7 * 512
    full = _run(None, False, monkeypatch)
    assert full.stopped == "settled" and full.below is None
    assert full.info.games == 7 * 1024  # the exit saved half the run: 3,584 games
    # the claim in words, in both languages, a paragraph of its own after the lists
    en, de = res.text("en").splitlines(), res.text("de").splitlines()
    said = next(i for i, x in enumerate(en) if x.startswith("No meaningful effect: no card"))
    assert said > next(i for i, x in enumerate(en) if x.startswith("No measurable effect at"))
    assert "(6 cards)" in en[said] and "at 512 pairs a card" in en[said].lower()
    assert "0.81× δ" in en[said] and "a weaker claim than a ★" in en[said]
    assert (
        en[-1] == "Stopped: no card still in the running can move a figure by a meaningful change."
    )
    assert any(x.startswith("Keine spürbare Wirkung: keine Karte") and "0,81× δ" in x for x in de)
    assert de[-1] == "Angehalten: keine Karte im Rennen kann eine Größe spürbar bewegen."
    assert not any("spürbare Wirkung:" in x for x in full.text("de").splitlines())


def test_a_broken_card_never_takes_the_exit(
    stand_in: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the goblin at fight 10: one injury a game more than with it typical (4× δ), clear
    deck = Tweak("monster", "monster-goblin", "fight").apply(Deck.default(), 10)
    res = _run(deck, True, monkeypatch)
    assert res.stopped == "settled" and res.below is None
    top = res.ranked()[0]
    assert top["id"] == GOBLIN and top["size"] >= 4 and len(res.ranked()) == 1
    assert "No meaningful effect:" not in res.text("en")

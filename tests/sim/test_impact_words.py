"""The contribution ranking's words (issue 36, "plain words, noise apart"): the group "no
measurable effect" says the pairs its cards were really seen at (most leave at the
screen), and a card the draft changed that shows no clear effect is named on its own,
with how large its effect can still be. No games: the ranking's statistics on synthetic
pairs."""

from __future__ import annotations

import math

from verlies.deck import Deck
from verlies.sim.compare import Paired
from verlies.sim.impact_rank import Contribution, ContributionResult


def _pairs(n: int, mean_num: int, spread: int = 1) -> Paired:
    """``n`` pairs with Σd = ``mean_num`` and differences of about ±``spread``."""
    return Paired(n=n, sum_b=mean_num, sum_d=mean_num, sum_dd=n * spread * spread)


def _result() -> ContributionResult:
    """Three cards: one moves injuries a lot (1,024 pairs), the cave-in the draft changed
    moves nothing (1,024 pairs), one left at the screen (32 pairs) with nothing."""
    chars = tuple(Deck.default().characters)
    ids = ["r-gang-straight-06", "r-gang-straight-05", "r-gang-straight-04"]
    entries = [Contribution("dungeon", c, "median") for c in ids]
    res = ContributionResult(Deck.default(), 4, entries, chars)
    for c, n in zip(entries, (1024, 1024, 32), strict=True):
        for q in res.paired_quantities:
            c.pairs[q] = _pairs(n, 0)
    entries[1].pairs["injuries"] = _pairs(1024, 1024)  # +1 injury a game: 4 δ
    entries[0].changed = True
    return res


def test_the_noise_group_says_the_pairs_its_cards_were_seen_at() -> None:
    res = _result()
    assert [r["id"] for r in res.ranked()] == ["dungeon:r-gang-straight-05"]
    en, de = res.text("en"), res.text("de")
    # not "at 1024 games" for a card that left at 32 pairs
    assert "No measurable effect at 32 to 1024 pairs a card (2 cards):" in en, en
    assert "Keine messbare Wirkung bei 32 bis 1024 Paaren je Karte (2 Karten):" in de, de


def test_a_changed_card_without_a_clear_effect_is_named_with_its_bound() -> None:
    res = _result()
    row = next(r for r in res.unclear() if r["changed"])
    assert 0 < row["upper"] < math.inf  # how large its effect can still be, in δ
    en, de = res.text("en"), res.text("de")
    name_en, name_de = res.card_name(row["id"], "en"), res.card_name(row["id"], "de")
    line = [x for x in en.splitlines() if "(changed by the draft)" in x]
    assert len(line) == 1 and line[0].strip().startswith(name_en), en
    assert "no clear effect at 1024 pairs" in line[0]
    assert f"at most {row['upper']:.1f}× a meaningful change" in line[0]
    assert f"{name_de} (im Entwurf geändert): keine deutliche Wirkung bei 1024 Paaren" in de
    # the card left at the screen was not changed: only in the list of names
    assert en.count("(changed by the draft)") == 1

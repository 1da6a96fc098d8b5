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
    # the largest change measured, then what its intervals do not rule out (both said)
    assert f"({row['size']:.1f}× a meaningful change); the game may feel" in line[0]
    assert f"do not rule out up to {row['upper']:.1f}× a meaningful change" in line[0]
    assert f"{name_de} (im Entwurf geändert): keine deutliche Wirkung bei 1024 Paaren" in de
    upper_de = f"{row['upper']:.1f}".replace(".", ",")
    assert f"schließen bis zu {upper_de}× eine spürbare Änderung bei einer Größe nicht aus" in de
    # the card left at the screen was not changed: only in the list of names
    assert en.count("(changed by the draft)") == 1


def test_the_list_runs_by_the_effect_its_rows_say() -> None:
    # A treasure's gold measured precisely (+0.3 per seat, a narrow interval) and a trap's
    # injuries measured less precisely (+0.5 a game, 2× a meaningful change, a wide one
    # clear of 0). By the interval's nearer end the treasure came first: a list saying
    # "0.3×" above "2.0×". The page's column sorts the same way as the ranking.
    from verlies.ui.deck.impact_model import contribution_figures, sort_keys

    chars = tuple(Deck.default().characters)
    crown = Contribution("treasure", "schatz-goldkrone", "median")
    trap = Contribution("room", "raum-falle-06", "median")
    res = ContributionResult(Deck.default(), 4, [crown, trap], chars)
    n = 1024
    for c in (crown, trap):
        for q in res.paired_quantities:
            c.pairs[q] = Paired(n=n, sum_dd=n // 4)
    crown.pairs["gold"] = Paired(n=n, sum_b=1229, sum_d=1229, sum_dd=2 * n)  # game's total
    trap.pairs["injuries"] = Paired(n=n, sum_b=512, sum_d=512, sum_dd=12 * n)
    rows = res.ranked()
    assert [r["id"] for r in rows] == ["room:raum-falle-06", "treasure:schatz-goldkrone"]
    assert rows[0]["score"] < rows[1]["score"]  # the trap's interval is the wider one
    assert [r["size"] for r in rows] == sorted((r["size"] for r in rows), reverse=True)
    lines = [x for x in res.text().splitlines() if "★ " in x and "×" in x]
    assert "2.0×" in lines[0] and "0.3×" in lines[1], lines
    keys = [("treasure", "schatz-goldkrone"), ("room", "raum-falle-06")]
    assert sort_keys(keys, contribution_figures(res), "impact") == keys[::-1]


def test_a_card_just_split_from_its_group_counts_its_groups_pairs() -> None:
    # A run cancelled in the middle of a round: the group of cards 1 and 2 was split after
    # 64 pairs, its cards' own pairs not played yet. They were seen at 64, not at 0.
    res = _result()
    for c in res.cards[1:]:
        c.pairs = {}
    g = Contribution("group", "group-1", "group", note="split", members=(1, 2))
    for q in res.paired_quantities:
        g.pairs[q] = _pairs(64, 0)
    res.groups.append(g)
    assert [res.row(c)["pairs"] for c in res.cards] == [1024, 64, 64]
    assert "No measurable effect at 64 to 1024 pairs a card (3 cards):" in res.text()
    assert "64 to 1024 pairs a card)" in res.text().splitlines()[0]


def test_the_heading_counts_one_round_and_one_pair_count_in_words() -> None:
    """ "1 round" / "1 Runde", and one count when every card has as many pairs (the issue's
    checker read "1 Runden" and "32 to 32 pairs")."""
    res = _result()
    for c in res.cards:
        for q in res.paired_quantities:
            c.pairs[q] = _pairs(32, 0)
    res.round = 1
    en, de = res.text("en").splitlines()[0], res.text("de").splitlines()[0]
    assert "in 1 round, 32 pairs a card)" in en, en
    assert "in 1 Runde, 32 Paare je Karte)" in de, de
    res.round = 3
    for q in res.paired_quantities:
        res.cards[0].pairs[q] = _pairs(64, 0)
    lo, hi = res.pairs_range
    assert (lo, hi) == (32, 64)
    assert "in 3 rounds, 32 to 64 pairs a card)" in res.text("en").splitlines()[0]
    assert "in 3 Runden, 32 bis 64 Paare je Karte)" in res.text("de").splitlines()[0]

"""The Deck tab's impact column (issue 22 item 1): the widget-free model
(verlies.ui.deck.impact_model) and, at the end, the editor's card list over it.

The run refines: the draft's own games give every card an association first, then the
paired effects arrive card by card; the figures equal the lab's own impact() on the same
deck, seeds and cards; the list sorts by them; cancel keeps the figures so far; words in
German and English."""

from __future__ import annotations

import math
import re
import threading

import pytest

from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.sim.impact import impact
from verlies.sim.sweep import Tweak
from verlies.ui.deck.impact_model import (
    SORTS,
    Figure,
    ImpactColumn,
    figure_text,
    figures,
    sort_keys,
)

CARDS = [
    ("treasure", "schatz-muenzbeutel"),
    ("treasure", "schatz-alte-muenze"),
    ("monster", "monster-goblin"),
    ("character", "char-zwerg"),
]


def _strong() -> Deck:
    # R9.1: the coin purse (2 gold in the shipped deck) worth 40: it must top the order
    return Tweak("treasure", "schatz-muenzbeutel", "gold").apply(Deck.default(), 40)


def test_first_associations_then_paired_effects_equal_to_the_labs_impact() -> None:
    deck = _strong()
    col = ImpactColumn(workers=1)
    seen: list[tuple[str, int, dict[tuple[str, str], bool]]] = []
    ended: list[tuple[str, bool, str]] = []
    col.start(
        deck,
        games=24,
        players=3,
        cards=CARDS,
        method="sensitivity",
        on_update=lambda c: seen.append(
            (c.phase, c.done, {k: f.paired for k, f in c.figures.items()})
        ),
        on_done=lambda c: ended.append((c.phase, c.running, c.progress_text("en"))),
    )
    assert col.wait(600)
    # on_done (called from the run's thread) already sees the run as over
    assert ended == [("done", False, f"Done: {col.total} games (24 per deck).")]
    assert col.phase == "done" and col.error is None
    # the first update: the draft's own games only, every card with an association
    phase, done, paired = seen[0]
    assert phase == "base" and 0 < done <= 24
    assert set(paired) == set(CARDS) and not any(paired.values())
    # the paired effects arrive later, card by card, never for a character (R2)
    firsts = [next(i for i, s in enumerate(seen) if s[2].get(k)) for k in CARDS[:3]]
    assert firsts == sorted(firsts) and firsts[0] > 0
    assert all(not s[2][("character", "char-zwerg")] for s in seen)
    dones = [s[1] for s in seen]
    assert dones == sorted(dones) and col.done == col.total
    # the same figures as the lab's impact() on the same deck, seeds and cards
    want = figures(impact(deck, 24, players=3, workers=1, cards=[f"{k}:{c}" for k, c in CARDS]))
    assert col.figures == want
    purse = col.figure(("treasure", "schatz-muenzbeutel"))
    assert purse is not None and purse.paired and purse.sure > 0
    assert col.arrange(CARDS) == CARDS  # deck order by default
    col.sort = "impact"
    assert col.arrange(list(reversed(CARDS)))[0] == ("treasure", "schatz-muenzbeutel")
    # met per game: times drawn over the draft's 24 games
    assert all(0 <= f.met_per_game < 5 for f in col.figures.values())


def _fig(key: tuple[str, str], sure: float, size: float, met: float) -> Figure:
    return Figure(
        key, met, "+1 rounds", "rounds", size, size - 1, size + 1, sure, size, False, True
    )


def test_sorting_by_impact_and_by_met_per_game() -> None:
    a, b, c, d = ("room", "a"), ("room", "b"), ("monster", "c"), ("treasure", "d")
    figs = {a: _fig(a, 0.0, 0.5, 1.0), b: _fig(b, 0.3, 0.4, 0.2), c: _fig(c, 0.0, 0.9, 3.0)}
    keys = [a, b, c, d]
    assert sort_keys(keys, figs, "deck") == keys
    # the sure part first, then the size; a card without a figure last
    assert sort_keys(keys, figs, "impact") == [b, c, a, d]
    assert sort_keys(keys, figs, "met") == [c, a, b, d]
    with pytest.raises(VerliesError, match="unknown order"):
        sort_keys(keys, figs, "colour")
    assert set(SORTS) == {"deck", "impact", "met"}


def test_the_figure_in_german_and_english() -> None:
    key = ("monster", "monster-goblin")
    paired = Figure(key, 0.8, "+1 rounds", "rounds", -1.25, -2.1, -0.4, 0.3, 0.6, True, True)
    assert figure_text(paired, "en") == "+1: rounds −1.25 (−2.10 … −0.40) ★ · 0.80/game"
    assert figure_text(paired, "de") == "+1: Runden −1,25 (−2,10 … −0,40) ★ · 0,80/Spiel"
    assoc = Figure(key, 0.25, "association", "win", 0.041, -0.01, 0.092, 0.0, 0.1, False, False)
    assert figure_text(assoc, "en") == "met vs not, win rate +4.1 pt (−1.0 … +9.2) · 0.25/game"
    assert figure_text(assoc, "de") == (
        "gezogen/nicht, Siegquote +4,1 Pkt. (−1,0 … +9,2) · 0,25/Spiel"
    )
    median = Figure(
        key, 1.0, "median win:char-zwerg", "win:char-zwerg", 0.1, 0.0, 0.2, 0, 0, False, True
    )
    assert figure_text(median, "de").startswith("auf Median: Siegquote Zwerg +10,0 Pkt.")
    assert figure_text(None, "en") == "…"


def test_cancel_keeps_the_figures_so_far_and_says_so() -> None:
    col = ImpactColumn(workers=1)
    stop = threading.Event()

    def first(c: ImpactColumn) -> None:
        if c.figures:
            c.cancel()
            stop.set()

    col.start(
        Deck.default(), games=16, players=2, cards=CARDS[:3], method="sensitivity", on_update=first
    )
    assert col.wait(600)
    assert stop.is_set() and col.phase == "cancelled"
    assert 0 < col.done < col.total
    assert set(col.figures) == set(CARDS[:3])
    for lang, word in (("en", "Cancelled"), ("de", "Abgebrochen")):
        words = col.progress_text(lang)
        assert word in words and f"{col.done}" in words and f"{col.total}" in words


def test_labels_the_stale_draft_and_refusals() -> None:
    col = ImpactColumn(workers=1)
    key = ("treasure", "schatz-muenzbeutel")
    # before any run the list shows the card alone
    assert col.label(key, "schatz-muenzbeutel · Münzbeutel ×1", "de") == (
        "schatz-muenzbeutel · Münzbeutel ×1"
    )
    assert col.phase == "idle" and col.progress_text("en") == "No impact computed yet."
    with pytest.raises(VerliesError, match="card list is empty"):
        col.start(Deck.default(), games=4, players=2, cards=[])
    draft = Deck.default()
    col.start(draft, games=4, players=2, cards=[key], method="sensitivity")
    assert col.wait(600)
    label = col.label(key, "schatz-muenzbeutel · Münzbeutel ×1", "de")
    assert re.fullmatch(r"schatz-muenzbeutel · Münzbeutel ×1 │ .+ · \d,\d\d/Spiel", label), label
    assert not col.stale(draft)
    assert col.stale(Tweak("treasure", "schatz-muenzbeutel", "gold").apply(draft, 5))
    # a bad run is an error on the page, the column stays usable
    col.start(draft, games=1, players=2, cards=[("treasure", "no-such-card")], method="sensitivity")
    assert col.wait(600)
    assert col.phase == "error" and "no-such-card" in col.progress_text("en")
    assert not math.isnan(col.seconds)


def test_the_editors_list_shows_and_sorts_the_figures() -> None:
    from verlies.ui.deck.editor_view import DeckEditor

    ed = DeckEditor(_strong(), lang="en")
    ed.impact.column.workers = 1  # no worker processes in a unit test
    ed.search.value = "muenz"  # the old coin and the coin purse
    listed = [v for _, v in ed.card_list.options]
    assert listed == [("treasure", "schatz-alte-muenze"), ("treasure", "schatz-muenzbeutel")]
    before = [label for label, _ in ed.card_list.options]
    ed.impact.scope.value = "listed"
    ed.impact.method.value = "sensitivity"
    ed.impact.games.value = 16
    ed.impact.players.value = 2
    ed.impact.start()
    assert ed.impact.column.wait(600)
    ed.impact._done(ed.impact.column)  # the last redraw, as the run's thread makes it
    labels = [label for label, _ in ed.card_list.options]
    assert all(a.startswith(b + " │ ") for a, b in zip(labels, before, strict=True))
    assert all(re.search(r"\d\.\d\d/game$", x) for x in labels)
    assert "Done: " in ed.impact.progress_text.value
    ed.impact.sort.value = "impact"
    order = [v for _, v in ed.card_list.options]
    figs = ed.impact.column.figures
    assert order == sort_keys(listed, figs, "impact")
    ed.impact.sort.value = "met"
    mets = [figs[v].met_per_game for _, v in ed.card_list.options]
    assert mets == sorted(mets, reverse=True)
    by_met = [v for _, v in ed.card_list.options]
    # back to the deck's order: the list is the deck's again, not the last sort's
    assert by_met != listed, "the figures must sort these two cards out of deck order"
    ed.impact.sort.value = "deck"
    assert [v for _, v in ed.card_list.options] == listed
    # the selected card's figure in full, in the page's language
    ed.select("treasure", "schatz-muenzbeutel")
    assert "/game" in ed.impact.selected.value
    ed.set_lang("de")
    assert "/Spiel" in ed.impact.selected.value
    assert all("/Spiel" in label for label, _ in ed.card_list.options)
    # an edit of the draft: the figures are of an earlier draft, and it says so
    ed.set_count(3)
    assert "Entwurf hat sich" in ed.impact.progress_text.value
    ed.impact.column.close()


def test_contribution_ranks_the_broken_card_first_and_keeps_noise_apart() -> None:
    # issue 36: the goblin at Geschick 10 (nobody beats it, R7.2) among other cards; the
    # default measure (made typical of its kind) ranks it first with a ★ and words for
    # the ★; the cards without a clear effect come after it, in deck order.
    deck = Tweak("monster", "monster-goblin", "fight").apply(Deck.default(), 10)
    cards = [
        ("treasure", "schatz-rubin"),
        ("monster", "monster-troll"),
        ("room", "raum-leer-01"),
        ("monster", "monster-goblin"),
        ("monster", "monster-spinne"),  # fight 5: already typical of the monsters
    ]
    col = ImpactColumn(workers=1)
    seen: list[int] = []
    col.start(deck, games=1600, players=4, cards=cards, on_update=lambda c: seen.append(c.done))
    assert col.wait(900)
    assert col.phase == "done" and col.error is None and seen == sorted(seen)
    col.sort = "impact"
    order = col.arrange(cards)
    assert order[0] == ("monster", "monster-goblin")
    goblin = col.figure(order[0])
    assert goblin is not None and goblin.clear and goblin.group == 0
    groups = [col.figures[k].group for k in order]
    assert groups == sorted(groups)  # ★ first, then no measurable effect, then not compared
    noise = [k for k in order if col.figures[k].group == 1]
    assert noise == [k for k in cards if k in noise]  # the deck's order, not the noise's
    assert order[-1] == ("monster", "monster-spinne")
    en = figure_text(goblin, "en", deck)
    de = figure_text(goblin, "de", deck)
    assert en.startswith("★ injuries +") and "× a meaningful change" in en and "/game" in en
    assert de.startswith("★ Verletzungen +") and "× eine spürbare Änderung" in de
    spider = figure_text(col.figure(("monster", "monster-spinne")), "en", deck)
    assert spider.startswith("already typical of its kind")
    assert "at most 5 %" in col.star_text("en") and "höchstens 5 %" in col.star_text("de")
    assert col.progress_text("en").startswith(f"Done: {col.done} games, ")

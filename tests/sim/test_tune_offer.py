"""What a proposal is offered as (issue 37, suggest4): "meets every target" only when every
verdict of the check on fresh games is *met*; otherwise "better than the start, but not a
fix", naming the target that stays missed or outside its band, or the least certain one,
with the estimate and interval its table row shows, in both languages."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from verlies.sim.tune import TuneResult, show_value, target_for, tune, violation

ELF, BARBAR = "win:char-elfe", "win:char-barbar"


@pytest.fixture(scope="module")
def small() -> TuneResult:
    """A real answer on few games (its check's rows are reshaped below)."""
    return tune(
        ["win:*=25+-3"],
        ["monster:*:fight=-1:1"],
        None,
        games=32,
        trials=2,
        verify_games=64,
        workers=1,
    )


def _shaped(res: TuneResult, rows: dict[str, tuple[float, float, float, str]]) -> TuneResult:
    """``res`` with its check's rows set to ``rows`` (key -> value, low, high, verdict; the
    others met at 25 %), its counts and distances from them, and one edit."""
    assert res.verification is not None
    quantities = []
    for q in res.verification["quantities"]:
        value, low, high, verdict = rows.get(q["key"], (0.25, 0.23, 0.27, "met"))
        quantities.append(q | {"value": value, "low": low, "high": high, "verdict": verdict})
    counts = {v: sum(q["verdict"] == v for q in quantities) for v in ("met", "undecided", "missed")}
    dist = violation({q["key"]: q["value"] for q in quantities}, res.targets)
    knob = res.knobs[0]
    assert isinstance(knob.current, int)
    v: dict[str, Any] = res.verification | {
        "quantities": quantities,
        "counts": counts,
        "violation": dist,
        "start_violation": dist + 5.0,
        "point_met": dist == 0.0,
        "compare_verdict": "different",  # the paired check shows a clear change
    }
    return dataclasses.replace(res, verification=v, edits={knob.name: knob.current + 1})


def _row_said(res: TuneResult, key: str, lang: str) -> list[str]:
    """The named row's estimate and interval as the table shows them."""
    assert res.verification is not None
    q = next(q for q in res.verification["quantities"] if q["key"] == key)
    return [show_value(key, q[f], lang) for f in ("value", "low", "high")]


def test_every_verdict_met_is_offered_as_meeting_the_targets(small: TuneResult) -> None:
    res = _shaped(small, {})
    assert res.outcome == "meets" and res.offered
    en, de = res.head_lines("en")[0], res.head_lines("de")[0]
    assert en.startswith("Proposal: 1 change(s) meet every target")
    assert de.startswith("Vorschlag: 1 Änderung(en) erfüllen jedes Ziel")
    assert res.hints() == []


def test_a_missed_target_is_named_in_the_headline_with_its_row(small: TuneResult) -> None:
    res = _shaped(
        small,
        {ELF: (0.33, 0.29, 0.37, "missed"), BARBAR: (0.30, 0.24, 0.36, "undecided")},
    )
    assert res.outcome == "improved" and res.offered  # better than the start: offered
    for lang, words in (("en", "better than the start, but not a fix"), ("de", "keine Lösung")):
        head = res.head_lines(lang)[0]
        assert words in head
        assert "meet every target" not in head and "erfüllen jedes Ziel" not in head
        # the missed one, not the other row outside its band, with the table's numbers
        assert "Elf" in head and "Barbar" not in head
        estimate, low, high = _row_said(res, ELF, lang)
        assert f"{estimate} ({low} " in head and f" {high})" in head
        assert target_for(res.targets, ELF).shown(lang) in head
    assert "still misses Elf's win rate, 33.0 % (29.0 % to 37.0 %)" in res.head_lines("en")[0]


def test_an_estimate_outside_its_band_not_decided_is_named(small: TuneResult) -> None:
    res = _shaped(
        small,
        {ELF: (0.292, 0.23, 0.35, "undecided"), BARBAR: (0.30, 0.24, 0.36, "undecided")},
    )
    assert res.outcome == "improved" and res.offered
    en = res.head_lines("en")[0]
    # the farther one outside its band (30.0 % against 22–28 %), not the Elf
    assert "Barbarian's win rate still lies outside its band, 30.0 % (24.0 % to 36.0 %)" in en
    assert "Elf" not in en
    de = res.head_lines("de")[0]
    assert "Siegquote Barbar liegt noch nicht im Band, 30,0 % (24,0 % bis 36,0 %)" in de


def test_every_estimate_inside_but_undecided_names_the_least_certain(small: TuneResult) -> None:
    res = _shaped(
        small,
        {ELF: (0.27, 0.20, 0.34, "undecided"), BARBAR: (0.26, 0.22, 0.30, "undecided")},
    )
    assert res.outcome == "improved" and res.offered
    en = res.head_lines("en")[0]
    assert "every estimate inside its band" in en and "2 of 8 can't be told yet" in en
    assert "the least certain Elf's win rate, 27.0 % (20.0 % to 34.0 %)" in en
    assert "change(s) meet every target" not in en
    assert "2 von 8 sind noch offen" in res.head_lines("de")[0]


def test_a_proposal_no_nearer_stays_not_offered_whatever_its_verdicts(small: TuneResult) -> None:
    res = _shaped(small, {})
    assert res.verification is not None
    worse = dataclasses.replace(
        res, verification=res.verification | {"start_violation": res.verification["violation"]}
    )
    assert worse.outcome == "no_improvement" and not worse.offered


def test_no_improvement_names_the_start_deck_s_outlier(small: TuneResult) -> None:
    """suggest8: "No improvement found … keep the deck as it is" left the designer with the
    start deck without saying which of its rows lay off its band (the table's *start*
    column): the headline now names the farthest off, with its estimate and band, in both
    languages; with every start estimate inside, it says nothing more."""
    res = _shaped(small, {ELF: (0.26, 0.20, 0.32, "undecided")})
    assert res.verification is not None
    qs = [
        q | {"start": 0.335 if q["key"] == BARBAR else 0.29 if q["key"] == ELF else 0.25}
        for q in res.verification["quantities"]
    ]
    v = res.verification | {"quantities": qs, "violation": 9.0, "start_violation": 6.5}
    res = dataclasses.replace(res, verification=v)
    assert res.outcome == "no_improvement" and not res.offered
    barbar = res.start.characters["char-barbar"].name
    en, de = res.head_lines("en")[0], res.head_lines("de")[0]
    assert en.startswith("No improvement found with these moves")
    assert en.endswith(f"Farthest off in it: {barbar.en}'s win rate, 33.5 % against 22–28 %.")
    assert de.startswith("Mit diesen Spielräumen keine Verbesserung gefunden")
    assert de.endswith(f"daneben liegt darin Siegquote {barbar.de}, 33,5 % gegen 22–28 %.")
    inside = [q | {"start": 0.25} for q in qs]
    res = dataclasses.replace(res, verification=v | {"quantities": inside})
    assert res.outcome == "no_improvement" and res.start_row() is None
    assert "Farthest off" not in res.head_lines("en")[0]


def test_better_than_the_start_only_when_the_paired_check_shows_it(small: TuneResult) -> None:
    """suggest8, spider-fight-13: a proposal nearer the targets on the check's games (2.25
    -> 0.00) whose paired check start -> proposal "cannot tell the change from noise yet"
    was headed "better than the start"; the headline now says what the check shows:
    nearer on these games, not yet told from noise. Still offered (nearer on the fresh
    games, as docs/balance.md has it), and the tally says the same."""
    res = _shaped(small, {ELF: (0.26, 0.20, 0.32, "undecided")})
    assert res.verification is not None
    for paired, en_words, de_words in (
        ("different", "better than the start,", "besser als der Start,"),
        (
            "undecided",
            "nearer the targets than the start on these games, though the paired "
            "check cannot tell the change from noise yet",
            "noch nicht vom Zufall unterscheiden",
        ),
    ):
        v = res.verification | {"compare_verdict": paired}
        shaped = dataclasses.replace(res, verification=v)
        assert shaped.outcome == "improved" and shaped.offered
        en, de = shaped.head_lines("en")[0], shaped.head_lines("de")[0]
        assert en_words in en and de_words in de, (en, de)
        assert ("better than the start" in en) == (paired == "different")
        # the clause reads whole: "…, <better>, but not a fix" (ghosts-4 read "… noise yet
        # but not a fix" on the command line)
        missed = _shaped(small, {ELF: (0.33, 0.29, 0.37, "missed")})
        assert missed.verification is not None
        said = dataclasses.replace(
            missed, verification=missed.verification | {"compare_verdict": paired}
        ).head_lines("en")[0]
        assert (", but not a fix: it still misses" in said) and " yet but not" not in said
        assert ("besser als der Start" in de) == (paired == "different")

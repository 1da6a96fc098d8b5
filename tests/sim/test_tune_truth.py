"""Suggest tells the truth (issue 37 item 2): the headline agrees with its table, a proposal
no nearer the targets is not offered, the outlier and the move that would reach it are
named, a draft that breaks a character's rule gets legal values, and an answer names its
draft and is marked out of date when the draft changes."""

from __future__ import annotations

import dataclasses
import html
import math

import pytest

from verlies import i18n
from verlies.deck import Deck
from verlies.sim.metrics import wilson
from verlies.sim.sweep import Tweak
from verlies.sim.tune import (
    CHARACTER_SUM,
    Move,
    Target,
    TuneResult,
    character_choices,
    knobs_for,
    legal_values,
    material_problems,
    more_games,
    target_for,
    tune,
    verdict,
    verdict_z,
)
from verlies.ui.balance.suggest_model import DEFAULT_MOVES, DEFAULT_TARGETS

BARBAR = "char-barbar"
ELF = "char-elfe"


def barbar_and_goblin() -> Deck:
    """The issue's deck: the Barbarian at 6/6/6 (breaks R2) and the goblin at fight 10."""
    d = Deck.default()
    c = d.characters[BARBAR]
    d = d.with_card("character", dataclasses.replace(c, staerke=6, geist=6, geschick=6))
    return Tweak("monster", "monster-goblin", "fight").apply(d, 10)


#: Moves of cards only (the panel's defaults before characters could move): on the issue's
#: deck they cannot reach the Barbarian, whose own values are the move that would.
CARD_MOVES = ["monster:*:fight=-2:2", "dungeon:*:obstacle=-1:1"]


def defaults() -> tuple[list[str], list[str]]:
    """The panel's targets with moves of cards only."""
    return DEFAULT_TARGETS.splitlines(), CARD_MOVES


def _distance(res: TuneResult, field: str) -> float:
    """The distance to the targets recomputed from the table's rows (``value`` for the
    proposal, ``start`` for the start deck)."""
    assert res.verification is not None
    total = 0.0
    for q in res.verification["quantities"]:
        t = target_for(res.targets, q["key"])
        x = q[field]
        k = 1.0 if q["key"] == "rounds" else 100.0
        total += k * max(0.0, t.low - x, x - t.high)
    return total


def _outside(res: TuneResult) -> list[str]:
    assert res.verification is not None
    return [
        q["key"]
        for q in res.verification["quantities"]
        if not target_for(res.targets, q["key"]).low
        <= q["value"]
        <= target_for(res.targets, q["key"]).high
    ]


def _check_truthful(res: TuneResult) -> None:
    """What every answer keeps: the headline from the table's numbers, "within targets"
    only when every verdict is met, never offered when no nearer."""
    v = res.verification
    assert v is not None
    verdicts = [q["verdict"] for q in v["quantities"]]
    assert math.isclose(v["violation"], _distance(res, "value"), abs_tol=1e-9)
    assert math.isclose(v["start_violation"], _distance(res, "start"), abs_tol=1e-9)
    for lang, within in (("en", "within targets"), ("de", "im ziel")):
        head = "\n".join(res.head_lines(lang)).lower()
        if res.outcome == "within":
            assert within in head
        else:
            assert within not in head and "nichts zu ändern" not in head
            assert "nothing to change" not in head
    assert (res.outcome == "within") == (set(verdicts) == {"met"} and not res.edits)
    if res.outcome == "undecided":
        assert not _outside(res) and "missed" not in verdicts and "undecided" in verdicts
    if res.offered:
        assert v["violation"] < v["start_violation"] or res.search["start_check"].get("illegal")
    else:
        assert not res.edits or v["violation"] >= v["start_violation"] or res.outcome == "within"
    # the counts in the second line are the table's
    c = v["counts"]
    tally = res.head_lines("en")[1]
    assert f"{c['met']} met, {c['missed']} missed, {c['undecided']} can't tell yet" in tally


@pytest.fixture(scope="module")
def barbar() -> TuneResult:
    targets, moves = defaults()
    return tune(
        targets, moves, barbar_and_goblin(), games=64, trials=6, verify_games=192, workers=1
    )


def test_barbar_666_and_goblin_10_the_headline_does_not_contradict_the_table(
    barbar: TuneResult,
) -> None:
    res = barbar
    _check_truthful(res)
    assert res.outcome != "within"
    v = res.verification
    assert v is not None
    row = next(q for q in v["quantities"] if q["key"] == f"win:{BARBAR}")
    assert row["value"] > 0.28  # the Barbarian is far above his band: the table says so
    head = res.head_lines("en")
    assert "within targets" not in " ".join(head).lower()
    # the default moves cannot bring the Barbarian down: the best candidate is no nearer
    assert v["violation"] >= v["start_violation"]
    assert res.outcome == "no_improvement" and not res.offered
    assert head[0].startswith("No improvement found with these moves")
    # the start's and the proposal's distances are in the headline, as in the table
    start = f"{v['start_violation']:.2f}"
    assert f"start {start}, best candidate {v['violation']:.2f}" in head[0]
    # the tally names the table's missed rows: the Barbarian's when his verdict is missed
    if row["verdict"] == "missed":
        assert "missed: Barbarian's win rate" in head[1]
    else:
        assert row["verdict"] == "undecided" and "missed:" not in head[1]


def test_barbar_the_outlier_and_the_move_that_would_reach_it_are_named(
    barbar: TuneResult,
) -> None:
    hints = barbar.hints()
    assert hints and hints[0] == {
        "key": f"win:{BARBAR}",
        "move": f"character:{BARBAR}",
        "why": "character",
    }
    # the named outlier is the quantity farthest off its band in the table's column of
    # the deck the designer keeps (not offered: the start deck, the "Draft" column)
    v = barbar.verification
    assert v is not None and not barbar.offered

    def off(q: dict[str, object]) -> float:
        t = target_for(barbar.targets, str(q["key"]))
        x = float(q["start"])  # type: ignore[arg-type]
        return max(0.0, t.low - x, x - t.high)

    assert max(v["quantities"], key=off)["key"] == f"win:{BARBAR}"
    en = barbar.text("en")
    assert "Barbarian's win rate lies farthest off its target" in en
    assert "allow character:char-barbar" in en
    de = barbar.text("de")
    assert "Siegquote Barbar liegt am weitesten neben dem Ziel" in de


def test_the_cli_prints_the_command_that_allows_the_outlier(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    from verlies.cli import main

    deck = Path(str(tmp_path)) / "b.toml"
    barbar_and_goblin().save_patch(deck)
    patch = Path(str(tmp_path)) / "p.toml"
    args = ["tune", "--deck", str(deck), "--target", "win:*=25+-3"]
    args += ["--move", "monster:monster-goblin:fight=-2:2", "-n", "32", "--trials", "3"]
    args += ["--verify-games", "96", "--workers", "1", "--no-progress", "--patch", str(patch)]
    assert main(args) == 0
    out = capsys.readouterr().out
    line = next(ln for ln in out.splitlines() if ln.startswith("run again with it: "))
    assert "--move monster:monster-goblin:fight=-2:2 --move character:char-barbar" in line
    assert f"--deck {deck}" in line and "--games 32" in line and "--trials 3" in line
    # the patch file exists only when the proposal is offered
    offered = "No improvement found" not in out
    assert patch.exists() == (offered and "Proposal:" in out)


def test_an_illegal_character_allowed_to_move_gets_legal_values_not_a_crash() -> None:
    """The issue's crash: the Elf at 5/5/5 (breaks R2) with its values allowed to move."""
    d = Deck.default()
    c = d.characters[ELF]
    start = d.with_card("character", dataclasses.replace(c, staerke=5, geist=5, geschick=5))
    (knob,) = knobs_for(start, [Move.parse(f"character:{ELF}=1")])
    assert knob.must_move and knob.current == (5, 5, 5)
    assert knob.choices and all(legal_values(ch) for ch in knob.choices)
    assert knob.start_value == knob.choices[0]  # the nearest legal values first
    assert sum(abs(a - b) for a, b in zip(knob.choices[0], (5, 5, 5), strict=True)) == 5
    res = tune(
        ["win:*=25+-3"], [f"character:{ELF}"], start, games=32, trials=3, verify_games=32, workers=1
    )
    new = res.proposal.characters[ELF].values
    assert legal_values(new) and sum(new) == CHARACTER_SUM
    assert res.edits and material_problems(res.start, res.proposal) == []
    assert res.search["start_check"]["illegal"] == [ELF]
    assert res.offered and res.outcome in ("improved", "legal")
    assert "Elf" in res.text("en") and "Elfe" in res.text("de")


def test_character_choices_of_an_illegal_start_are_legal_and_nearest_first() -> None:
    got = character_choices((6, 6, 6), 1)  # none within 1: every legal set, nearest first
    assert got and all(legal_values(t) for t in got)
    dist = [sum(abs(a - 6) for a in t) for t in got]
    assert dist == sorted(dist)
    assert character_choices((3, 3, 4), 1)[0] == (3, 3, 4)  # a legal start stays first


def test_verdicts_that_cannot_tell_are_never_called_within_targets() -> None:
    """The issue's second misleading case: verdicts "can't tell yet" were answered "within
    targets: nothing to change". With 48 fresh games no ±3-point band is decided; the
    default deck's estimates wander outside, the search runs and finds nothing nearer."""
    res = tune(
        ["win:*=25+-3"],
        ["monster:*:fight=-1:1"],
        None,
        games=48,
        trials=3,
        verify_games=48,
        workers=1,
    )
    v = res.verification
    assert v is not None and v["counts"]["met"] == 0 and v["counts"]["undecided"] >= 7
    _check_truthful(res)
    assert res.outcome == "no_improvement" and not res.within_targets and not res.offered
    text = res.text("en")
    assert "within targets" not in text.lower() and "nothing to change" not in text
    assert "can't tell yet; " in res.head_lines("en")[1]
    assert "more games per deck" in res.head_lines("en")[1]


def test_estimates_inside_but_undecided_are_said_so_with_the_games_that_would_decide() -> None:
    """Every estimate inside its band (each character to win at most 50 %), one verdict
    "can't tell yet" on 128 fresh games: no search, no proposal, and the answer says it
    is not decided and how many games would decide it (not "within targets")."""
    res = tune(
        ["win:*=:50"],
        ["monster:*:fight=-2:2"],
        None,
        games=64,
        trials=6,
        verify_games=128,
        workers=1,
    )
    v = res.verification
    assert v is not None
    _check_truthful(res)
    assert res.outcome == "undecided" and not res.edits and not res.offered
    assert res.search["played"] == 1 and res.hints() == []
    assert v["counts"] == {"met": 7, "undecided": 1, "missed": 0}
    more = v["more_games"]
    assert more > 0
    en, de = res.head_lines("en"), res.head_lines("de")
    assert en[0].startswith("No change proposed, but not every target is decided")
    assert "1 of 8 targets can't be told yet" in en[0]
    assert f"about {more:,} more games per deck ({128 + more:,} in all)" in en[1]
    assert de[0].startswith("Keine Änderung vorgeschlagen, aber nicht jedes Ziel ist entschieden")
    assert "im ziel" not in " ".join(de).lower()


def _result_with(res: TuneResult, **verification: object) -> TuneResult:
    assert res.verification is not None
    return dataclasses.replace(res, verification=res.verification | verification)


def test_a_proposal_no_nearer_than_the_start_is_not_offered(barbar: TuneResult) -> None:
    assert barbar.edits
    worse = _result_with(barbar, violation=5.0, start_violation=5.0)
    assert worse.outcome == "no_improvement" and not worse.offered
    better = _result_with(barbar, violation=4.0, start_violation=5.0)
    assert better.outcome == "improved" and better.offered
    assert "Proposal: " in better.head_lines("en")[0]
    assert "start 5.00, proposal 4.00" in better.head_lines("en")[0]
    assert "Start 5,00, Vorschlag 4,00" in better.head_lines("de")[0]


def test_every_estimate_inside_but_undecided_says_how_many_games_would_decide() -> None:
    """Synthetic: the start deck's estimates inside the bands, not every one decided."""
    target = Target.parse("win:*=25+-3")
    row = {"value": 0.26, "low": 0.20, "high": 0.33}
    n = 400
    more = more_games(row, n, target, 8)
    assert more is not None and more > 0
    # at n + more games, an interval of the same rate at the same level decides it
    z = verdict_z(8)
    k = round(0.26 * (n + more))
    lo, hi = wilson(k, n + more, z)
    assert verdict(lo, hi, target) == "met"
    # a third as many more would not
    m = n + more // 3
    lo, hi = wilson(round(0.26 * m), m, z)
    assert verdict(lo, hi, target) == "undecided"
    assert more_games({"value": 0.28, "low": 0.2, "high": 0.33}, n, target, 8) is None
    # an estimate of 0 % against a band 0–1 %: only the upper edge is straddled, and the
    # interval's own floor at 0 is no edge to decide
    low_band = Target.parse("win:char-priester=0:1")
    row0 = {"key": "win:char-priester", "value": 0.0, "low": 0.0, "high": 0.194, "n": 16}
    got = more_games(row0, 32, low_band, 8)
    assert got is not None and got > 0


# ---- the page ----------------------------------------------------------------------------


def _panel(result: TuneResult, draft: Deck, lang: str = "en") -> object:
    from verlies.ui.balance.suggest_view import SuggestPanel

    drafts = [draft]
    panel = SuggestPanel(lambda: drafts[0], lang=lang, set_draft=lambda _d: None)
    panel.run.result = result
    panel._draw()
    panel.drafts = drafts  # type: ignore[attr-defined]
    return panel


def test_the_page_s_headline_distances_and_no_draft_button_when_no_nearer(
    barbar: TuneResult,
) -> None:
    worse = _result_with(barbar, violation=7.25, start_violation=6.5)
    panel = _panel(worse, worse.start)
    shown = html.unescape(panel.result.value)  # type: ignore[attr-defined]
    assert "No improvement found with these moves" in shown
    assert "start 6.50, best candidate 7.25" in shown
    assert panel.apply_button.layout.display == "none"  # type: ignore[attr-defined]
    assert panel.downloads.value == ""  # type: ignore[attr-defined]
    # the headline comes before the table, the draft's name before both
    assert shown.index("For the draft “Standard”") < shown.index("No improvement")
    assert shown.index("No improvement") < shown.index("Checked on")
    # what the moves cannot reach, and the button that runs with it
    assert "allow character:char-barbar" in shown
    assert panel.rerun_button.layout.display is None  # type: ignore[attr-defined]
    assert "character:char-barbar" in panel.rerun_button.description  # type: ignore[attr-defined]
    panel.set_lang("de")  # type: ignore[attr-defined]
    shown = html.unescape(panel.result.value)  # type: ignore[attr-defined]
    assert "Mit diesen Spielräumen keine Verbesserung gefunden" in shown
    assert "Start 6,50, bester Kandidat 7,25" in shown
    assert "erlauben" in panel.rerun_button.description  # type: ignore[attr-defined]
    better = _result_with(barbar, violation=4.0, start_violation=6.5)
    panel2 = _panel(better, better.start)
    assert panel2.apply_button.layout.display is None  # type: ignore[attr-defined]
    assert "proposal.toml" in panel2.downloads.value  # type: ignore[attr-defined]


def test_run_again_adds_the_named_move_and_starts(
    barbar: TuneResult, monkeypatch: pytest.MonkeyPatch
) -> None:
    panel = _panel(barbar, barbar.start)
    started: list[str] = []
    monkeypatch.setattr(panel, "start", lambda: started.append(panel.run.moves))  # type: ignore[attr-defined]
    panel.rerun()  # type: ignore[attr-defined]
    assert started and started[0].splitlines() == [
        *DEFAULT_MOVES.splitlines(),
        "character:char-barbar",
    ]
    assert panel.moves.value == started[0]  # type: ignore[attr-defined]


def test_an_input_error_clears_the_answer_it_would_replace(barbar: TuneResult) -> None:
    panel = _panel(barbar, barbar.start)
    assert "For the draft" in panel.result.value  # type: ignore[attr-defined]
    panel.targets.value = "banana"  # type: ignore[attr-defined]
    panel.start()  # type: ignore[attr-defined]
    assert "banana" in html.unescape(panel.status.value)  # type: ignore[attr-defined]
    assert panel.result.value == "" and panel.downloads.value == ""  # type: ignore[attr-defined]
    assert panel.run.result is None  # type: ignore[attr-defined]
    assert panel.apply_button.layout.display == "none"  # type: ignore[attr-defined]
    assert panel.rerun_button.layout.display == "none"  # type: ignore[attr-defined]


def test_the_answer_is_marked_out_of_date_when_the_draft_changes(barbar: TuneResult) -> None:
    panel = _panel(barbar, barbar.start, "de")
    stale_de = i18n.text("suggest.stale", "de")
    assert stale_de not in html.unescape(panel.result.value)  # type: ignore[attr-defined]
    panel.drafts[0] = Deck.default()  # type: ignore[attr-defined]
    panel.draft_changed()  # type: ignore[attr-defined]
    shown = html.unescape(panel.result.value)  # type: ignore[attr-defined]
    assert stale_de in shown and "Für den Entwurf „Standard“" in shown
    panel.set_lang("en")  # type: ignore[attr-defined]
    assert i18n.text("suggest.stale", "en") in html.unescape(panel.result.value)  # type: ignore[attr-defined]
    panel.drafts[0] = barbar.start  # type: ignore[attr-defined]  # undone: fresh again
    panel.draft_changed()  # type: ignore[attr-defined]
    assert i18n.text("suggest.stale", "en") not in html.unescape(panel.result.value)  # type: ignore[attr-defined]

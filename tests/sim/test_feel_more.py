"""Kingmaking and how much a choice mattered (issue 40; docs/metrics.md "Game feel"):
on constructed games whose answer is known, and read back from a search bot's own
numbers."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from verlies.sim import simulate
from verlies.sim.feel import FIGURES, KINGMAKER, Estimator, feel_report, game_feel
from verlies.sim.records import FeelTrace, GameRecord, make_bots, play_game
from verlies.sim.search import SearchBot

#: Chances by gold only: exp(gold behind the richest / 10), normalised over the seats.
BY_GOLD = Estimator(3, (0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0))


def _template() -> GameRecord:
    res = simulate(1, players=3, characters="all", seed=1, workers=1, keep_records=True)
    assert res.records is not None
    return res.records[0]


TEMPLATE = _template()


def _decision(seat: int, step: int, real: bool, kind: int = 0) -> int:
    return seat | kind << 3 | int(real) << 6 | step << 7


def _game(
    golds: list[tuple[int, int, int]],
    movers: list[int],
    winners: tuple[int, ...],
    decisions: list[int],
    spreads: tuple[int, ...] = (),
) -> GameRecord:
    """A 3-player record whose turn k starts at step 2k with ``movers[k]`` to move and
    ``golds[k]`` as the seats' gold (nobody escaped, injured or ready)."""
    turns: list[int] = []
    for k, (seat, g) in enumerate(zip(movers, golds, strict=True)):
        turns += (seat, 2 * k, 10, 0, 0, 0, *g)
    trace = FeelTrace(3, tuple(turns), tuple(decisions), spreads)
    return dataclasses.replace(
        TEMPLATE, characters=TEMPLATE.characters[:3], winners=winners, feel=trace
    )


# Seat 2 is far behind (0 gold: its chance by gold is about 1 %); in its turn (row 2,
# steps 4-5) the favourite among the others goes from seat 1 to seat 0, who wins.
GOLDS = [(30, 40, 0), (30, 40, 0), (30, 40, 0), (50, 40, 0), (50, 40, 0)]
MOVERS = [0, 1, 2, 0, 1]


def test_kingmaking_found_on_a_constructed_game() -> None:
    r = _game(GOLDS, MOVERS, (0,), [_decision(2, 4, True)])
    g = game_feel(r, BY_GOLD)
    assert BY_GOLD.chances((2, 4, 10, 0, 0, 0, 30, 40, 0))[2] < KINGMAKER / 3
    assert g.kingmaking is True and g.king_turn == 2


@pytest.mark.parametrize(
    ("why", "golds", "winners", "decisions"),
    [
        ("no real choice", GOLDS, (0,), [_decision(2, 4, False)]),
        ("the choice is another seat's", GOLDS, (0,), [_decision(1, 4, True)]),
        ("the choice is in the next turn", GOLDS, (0,), [_decision(2, 6, True)]),
        ("the new favourite loses", GOLDS, (1,), [_decision(2, 4, True)]),
        ("the kingmaker wins", GOLDS, (2,), [_decision(2, 4, True)]),
        (
            "the seat could still win (not last)",
            [(g[0], g[1], 45) for g in GOLDS],
            (0,),
            [_decision(2, 4, True)],
        ),
        (
            "the favourite stays",
            [(30, 40, 0)] * 5,
            (1,),
            [_decision(2, 4, True)],
        ),
    ],
)
def test_kingmaking_not_found(
    why: str, golds: list[tuple[int, int, int]], winners: tuple[int, ...], decisions: list[int]
) -> None:
    g = game_feel(_game(golds, MOVERS, winners, decisions), BY_GOLD)
    assert g.kingmaking is False, why
    assert g.king_turn is None


def test_kingmaking_in_the_last_turn_reads_the_result() -> None:
    # seat 2 moves last; before it the favourite is seat 1, the game is won by seat 0
    golds = [(30, 40, 0), (30, 40, 0), (30, 40, 0)]
    r = _game(golds, [0, 1, 2], (0,), [_decision(2, 4, True)])
    assert game_feel(r, BY_GOLD).king_turn == 2
    shared = _game(golds, [0, 1, 2], (0, 1), [_decision(2, 4, True)])
    assert game_feel(shared, BY_GOLD).kingmaking is False  # no sole winner to decide


def test_kingmaking_undefined_with_two_players_or_no_winner() -> None:
    no_winner = _game(GOLDS, MOVERS, (), [_decision(2, 4, True)])
    assert game_feel(no_winner, BY_GOLD).kingmaking is None
    two = simulate(3, players=2, characters="all", seed=2, workers=1, keep_records=True)
    assert two.records is not None
    assert {game_feel(r).kingmaking for r in two.records} == {None}


def test_kingmaking_share_in_a_report_is_the_games_share() -> None:
    yes = _game(GOLDS, MOVERS, (0,), [_decision(2, 4, True)])
    no = _game(GOLDS, MOVERS, (0,), [_decision(2, 4, False)])
    records = [dataclasses.replace(r, index=i) for i, r in enumerate([yes, no, no, no])]
    f = feel_report(records, BY_GOLD).figure("kingmaking")
    assert f["games"] == 4 and f["mean"] == 0.25
    assert f["ci_low"] < 0.25 < f["ci_high"]


def test_mattered_is_the_mean_spread_and_its_turn() -> None:
    decisions = [_decision(0, 0, True), _decision(1, 2, True), _decision(0, 6, True)]
    r = _game(GOLDS, MOVERS, (0,), decisions, spreads=(0, 100, 2, 300))
    g = game_feel(r, BY_GOLD)
    assert g.mattered == pytest.approx(0.2)
    assert g.mattered_decisions == 2
    assert g.mattered_turn == 3  # decision 2 is at step 6: turn row 3
    none = game_feel(_game(GOLDS, MOVERS, (0,), decisions), BY_GOLD)
    assert none.mattered is None and none.mattered_decisions == 0


class _Spy(SearchBot):
    """The search bot, keeping each decision's candidate values as it saw them."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.seen: list[list[float]] = []

    def __call__(self, view: Any) -> Any:
        action = super().__call__(view)
        self.seen.append([v for _, v in self.last])
        return action


def test_mattered_read_from_the_search_bot() -> None:
    for seed in (1, 2):
        spy = _Spy(simulations=1)
        careful, _ = make_bots("careful", 2)
        _game_, rec = play_game([careful[0], spy, careful[1]], seed=seed, characters=None)
        assert rec.feel is not None
        rows = rec.feel.spread_rows()
        by_hand = [(max(v) - min(v)) / 2 for v in spy.seen if len(v) > 1]
        assert rows and [s for _, s in rows] == pytest.approx(by_hand, abs=0.0006)
        decisions = rec.feel.decision_rows()
        assert {decisions[k][0] for k, _ in rows} == {1}  # the search bot's seat only
        g = game_feel(rec)
        assert g.mattered == pytest.approx(sum(s for _, s in rows) / len(rows))


def test_no_spreads_without_a_search_bot_and_same_game_without_the_trace() -> None:
    bots, _ = make_bots("careful", 3)
    _g, rec = play_game(bots, seed=3)
    assert rec.feel is not None and rec.feel.spreads == ()
    a, b = _Spy(simulations=1), _Spy(simulations=1)
    _g1, with_feel = play_game([a, *make_bots("careful", 2)[0]], seed=4)
    _g2, without = play_game([b, *make_bots("careful", 2)[0]], seed=4, feel=False)
    assert with_feel.to_dict() == without.to_dict() and a.seen == b.seen


def test_new_figures_in_the_report_in_both_languages() -> None:
    assert FIGURES[-2:] == ("kingmaking", "mattered")
    res = simulate(6, players=3, characters="all", seed=5, workers=1, keep_records=True)
    assert res.records is not None
    rep = feel_report(res.records)
    en, de = rep.text("en").splitlines(), rep.text("de").splitlines()
    assert en[-2].startswith("Kingmaking: in ") and de[-2].startswith("Königsmacher: in ")
    # careful bots roll nothing out: no game has a spread to show
    assert en[-1] == "Choices that mattered: no game to measure"
    assert de[-1].startswith("Gewicht der Wahl: ")


# ---- in the comparison ---------------------------------------------------------------------


def test_compare_watches_the_feel_family_as_compare_feel_does() -> None:
    from verlies.sim.compare import aa_twin, compare
    from verlies.sim.feel import compare_feel
    from verlies.sim.verdict import before_after

    twin = aa_twin()
    comp = compare(None, twin, 36, players=3, workers=1, characters="all")
    a = simulate(36, players=3, characters="all", seed=0, workers=1, keep_records=True)
    b = simulate(36, players=3, characters="all", seed=0, workers=1, keep_records=True, deck=twin)
    # the feel family at its share of α (compare.ALPHA_SPLIT: one error budget)
    by_hand = compare_feel(a.records or [], b.records or [], alpha=comp.level("feel"))
    feel = comp.feel_dict()
    assert feel is not None and feel["alpha"] == comp.alpha / 4
    hand = by_hand.rows()
    assert feel["rows"]["mattered"]["pairs"] == hand["mattered"]["pairs"] == 0  # NaN rows
    assert {k: r for k, r in feel["rows"].items() if k != "mattered"} == {
        k: r for k, r in hand.items() if k != "mattered"
    }
    assert feel["verdict"] == by_hand.verdict
    csv_rows = [r.split(",") for r in comp.to_csv().splitlines() if r.startswith("feel:")]
    assert [r[0] for r in csv_rows] == [f"feel:{k}" for k in FIGURES]
    assert csv_rows[0][1] == str(by_hand.rows()["decisiveness"]["pairs"])
    answer = before_after(comp)
    got = answer.to_dict()["feel"]
    assert got["verdict"] == feel["verdict"] and list(got["rows"]) == list(FIGURES)
    assert got["rows"]["drama"] == feel["rows"]["drama"]
    en, de = answer.text("en").splitlines(), answer.text("de").splitlines()
    head_en = next(i for i, x in enumerate(en) if x.startswith("Game feel, draft against base"))
    head_de = next(i for i, x in enumerate(de) if x.startswith("Spielgefühl, Entwurf gegen Basis"))
    # a line per figure some pair defines, in FIGURES' order; none for "mattered" here
    assert [x.split(":")[0].strip() for x in en[head_en + 1 :]] == [
        "Decided",
        "Drama",
        "Comebacks",
        "Lead changes",
        "Real choices",
        "Waiting (decisions)",
        "Waiting (steps)",
        "Longest wait",
        "Kingmaking",
    ]
    assert len(de) - head_de == len(en) - head_en
    assert "36 pairs" in en[head_en] and "36 Paare" in de[head_de]


@pytest.mark.parametrize("key", FIGURES)
def test_aa_for_each_feel_figure(key: str) -> None:
    """Both sides drawn from one distribution (constructed games: a share for the yes/no
    figures, a spread of values for the others), 40 runs of 60 pairs, two looks:
    "different" for the figure in at most α + 2 standard errors of the runs."""
    import random

    from verlies.sim.feel import DELTAS, FeelComparison

    base = game_feel(_game(GOLDS, MOVERS, (0,), [_decision(2, 4, True)]), BY_GOLD)
    share = key in ("comeback", "kingmaking")
    runs, different = 40, 0
    for run in range(runs):
        rng = random.Random(1000 * run + FIGURES.index(key))

        def draw(rng: random.Random = rng) -> Any:
            if share:
                return rng.random() < 0.2
            return rng.gauss(10 * DELTAS[key], 3 * DELTAS[key])

        comp = FeelComparison((key,), 0.05)
        for i in range(60):
            comp.add(
                dataclasses.replace(base, **{key: draw()}),
                dataclasses.replace(base, **{key: draw()}),
            )
            if i % 30 == 29:
                comp.look()
        different += comp.rows()[key]["state"] == "different"
    assert different / runs <= 0.05 + 2 * (0.05 * 0.95 / runs) ** 0.5


def test_cli_compare_json_csv_and_text_carry_the_feel_family(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    import json

    from verlies.cli import main

    args = ["compare", "-n", "8", "-p", "3", "--workers", "1", "--no-progress"]
    assert main([*args, "--json", "--csv", str(tmp_path / "c.csv")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data["feel"]["rows"]) == list(FIGURES)
    assert data["before_after"]["feel"]["verdict"] == data["feel"]["verdict"]
    assert data["feel"]["rows"]["drama"]["pairs"] == 8
    assert data["feel"]["rows"]["drama"]["ci_low"] is None  # fewer than 30 pairs: no interval
    csv_keys = [r.split(",")[0] for r in (tmp_path / "c.csv").read_text().splitlines()]
    assert csv_keys[-len(FIGURES) :] == [f"feel:{k}" for k in FIGURES]
    assert main([*args, "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Spielgefühl, Entwurf gegen Basis (8 Paare" in out

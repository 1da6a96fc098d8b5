"""Luck against skill (issue 40): the skill trace's reading and its words, its error checked
A/A, and its wins recomputed by the lab's own replay (docs/metrics.md "Luck against skill")."""

from __future__ import annotations

import random

import pytest

from verlies.deck import Deck
from verlies.i18n import text as t
from verlies.sim.feel import skill_trace
from verlies.sim.feel.skill import READINGS, SKILL_DELTA, SkillTrace
from verlies.sim.records import game_seed
from verlies.sim.run import RunSpec, lab_game


def _trace(base: list[int], top: list[int], budgets: tuple[int, ...] = (1, 8)) -> SkillTrace:
    tr = SkillTrace(4, len(base), budgets, base=base, label="test")
    tr.wins = {b: list(top) for b in budgets}
    return tr


def test_the_reading_of_constructed_traces() -> None:
    n = 400
    # careful wins a quarter; the search bot a quarter more, in the same games (paired)
    base = [1 if i % 4 == 0 else 0 for i in range(n)]
    better = [1 if i % 4 in (0, 1) else 0 for i in range(n)]
    assert _trace(base, better).reading() == "skill"
    assert _trace(better, base).reading() == "less"
    # one game in 20 won instead of careful, one in 20 lost: no gain, known to ±δ
    even = [b if i % 10 else 1 - b for i, b in enumerate(base)]
    tr = _trace(base, even)
    g = tr.skill
    assert g["gain"] == 0 and -SKILL_DELTA < g["gain_low"] and g["gain_high"] < SKILL_DELTA
    assert tr.reading() == "luck"
    # the same at 20 games: the interval still reaches beyond δ
    assert _trace(base[:20], even[:20]).reading() == "open"
    assert set(READINGS) == {"skill", "luck", "less", "open"}


def test_no_pair_that_moved_is_not_certainty() -> None:
    """Every pair the same (e.g. 3 games): the lab's variance floor keeps the interval open,
    so a handful of games never reads as luck; after many unmoved pairs it does."""
    few = _trace([0, 1, 0], [0, 1, 0])
    g = few.skill
    assert g["gain"] == 0 and g["gain_low"] < -SKILL_DELTA and g["gain_high"] > SKILL_DELTA
    assert few.reading() == "open"
    assert _trace([0] * 60, [0] * 60).reading() == "luck"


def test_the_text_says_the_reading_in_both_languages() -> None:
    n = 400
    base = [1 if i % 4 == 0 else 0 for i in range(n)]
    better = [1 if i % 4 in (0, 1) else 0 for i in range(n)]
    for tr, reading in ((_trace(base, better), "skill"), (_trace(base, base), "luck")):
        for lang in ("en", "de"):
            lines = tr.text(lang).splitlines()
            assert len(lines) == 1 + len(tr.budgets) + 2
            assert lines[0] == t("feel.skill.head", lang, label="test", games=n, p=4)
            head = t(
                f"feel.skill.read.{reading}", lang, budget=8, gain="@", low="", high="", delta="@"
            )
            assert lines[-1].startswith(head.split("@")[0]), (lang, lines[-1])
        assert tr.to_dict()["reading"] == reading and tr.to_dict()["delta"] == SKILL_DELTA
    de = _trace(base, better).text("de")
    assert "+25,0 Pkt." in de and "Können zahlt sich aus" in de
    assert "Skill pays" not in de and "Pkt." not in _trace(base, better).text("en")


def test_aa_skill_or_less_read_in_at_most_alpha_of_runs() -> None:
    """Both seats' players of one strength (a win drawn from the same chance, which the deal
    sets per game: paired, correlated): "skill" or "less" in at most α plus two standard
    errors of 400 runs of 120 games; and "luck" read in most runs at 600 games."""
    runs, claimed, luck = 400, 0, 0
    for run in range(runs):
        rng = random.Random(run)
        base, top = [], []
        for _ in range(120):
            p = rng.choice((0.05, 0.25, 0.6))  # how good the deal is for that seat
            base.append(int(rng.random() < p))
            top.append(int(rng.random() < p))
        claimed += _trace(base, top).reading() in ("skill", "less")
    alpha = 0.05
    assert claimed / runs <= alpha + 2 * (alpha * (1 - alpha) / runs) ** 0.5
    for run in range(40):
        rng = random.Random(10_000 + run)
        base, top = [], []
        for _ in range(600):
            p = rng.choice((0.05, 0.25, 0.6))
            base.append(int(rng.random() < p))
            top.append(int(rng.random() < p))
        luck += _trace(base, top).reading() == "luck"
    assert luck >= 30


def test_the_trace_recomputed_by_the_labs_replay() -> None:
    """Each game of a trace played again through the lab (a run of the same seed and
    characters with the preset "strong", 8 worlds, in the search bot's seat): the same
    winners, so the same wins as the trace counts."""
    players, seed, games = 2, 5, 4
    tr = skill_trace(games, budgets=(8,), players=players, seed=seed)
    chars = list(Deck.default().characters)
    for i in range(games):
        characters = [chars[(i + s) % len(chars)] for s in range(players)]
        seat = i % players
        for bots, want in ((["careful"] * players, tr.base[i]), (None, tr.wins[8][i])):
            if bots is None:
                bots = ["careful"] * players
                bots[seat] = "strong"
            spec = RunSpec.build(players=players, characters=characters, bots=bots, seed=seed)
            game = lab_game(spec, i)
            assert game.setup.seed == game_seed(seed, i)
            assert game.state.over
            assert game.result is not None
            assert int(seat in game.result.winners) == want, (i, bots)


@pytest.mark.parametrize("bad", ["1,x", "4,2"])
def test_cli_refuses_bad_budgets(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    from verlies.cli import main

    args = ["feel", "-n", "2", "-p", "2", "--workers", "1", "--no-progress"]
    assert main([*args, "--skill", "2", "--budgets", bad]) == 2
    assert "verlies: error:" in capsys.readouterr().err

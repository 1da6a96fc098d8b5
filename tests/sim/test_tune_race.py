"""Racing Suggest's candidates in blocks of games (verlies.sim.tune.race, issue 37): the
blocks are the same games as one run, the looks read them in index order on any number of
workers, the bound holds under repeated looks, a hopeless candidate stops early, a clearly
better one never does, and a search with racing proposes what one without it proposes
while playing fewer games (counted in games, never in seconds)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from statistics import NormalDist
from typing import Any

import pytest

from verlies.sim import simulate
from verlies.sim.metrics import Metrics
from verlies.sim.run import RunSpec
from verlies.sim.tune import Target, tune, violation
from verlies.sim.tune import race as race_mod
from verlies.sim.tune.race import looks, play_blocks, violation_floor

BAND = [Target.parse("win:*=25+-3")]
CHARS = [f"c{i}" for i in range(8)]


@pytest.mark.parametrize("workers", [1, 2])
def test_blocks_without_a_stop_are_the_games_of_one_run(workers: int) -> None:
    spec = RunSpec.build(players=4, characters="all", seed=5)
    whole = simulate(60, seed=5, characters="all", workers=1).metrics
    got, n = play_blocks(spec, 60, stop=None, workers=workers, block=20)
    assert n == 60
    assert got == whole


def test_the_looks_read_the_games_in_index_order_on_any_worker_count() -> None:
    spec = RunSpec.build(players=4, characters="all", seed=9)
    seen: dict[int, list[tuple[int, int, dict[str, int]]]] = {}
    for workers in (1, 2):
        log = seen.setdefault(workers, [])

        def stop(m: Metrics, k: int, log: Any = log) -> bool:
            log.append((k, m.games, {c: s.wins for c, s in sorted(m.characters.items())}))
            return k >= 40

        m, n = play_blocks(spec, 80, stop=stop, workers=workers, block=20)
        assert n == 40 and m is not None and m.games == 40
    assert seen[1] == seen[2]
    assert [k for k, _g, _w in seen[1]] == [20, 40]
    first40 = simulate(40, seed=9, characters="all", workers=1).metrics
    assert seen[1][-1][2] == {c: s.wins for c, s in sorted(first40.characters.items())}


def _widest_floor(m: Metrics, played: int, total: int, targets: list[Target]) -> float:
    """The first version's floor (suggest6), kept to count what the exact one saves: a
    normal prediction interval with the binomial variance at its largest, ¼."""
    k = len(m.characters) * max(1, looks(total))
    z = NormalDist().inv_cdf(1 - race_mod.RACE_ALPHA / (2 * k))
    floor = 0.0
    for side in m.characters.values():
        n = side.games
        rest = n * (total - played) / played
        half = z * rest / (n + rest) * math.sqrt(0.25 * (1 / rest + 1 / n))
        p = side.wins / n
        t = targets[0]
        floor += 100.0 * max(0.0, t.low - (p + half), (p - half) - t.high)
    return floor


def _race(
    rates: list[float],
    beat: float,
    rnd: random.Random,
    total: int = 400,
    floor: Callable[..., float] = violation_floor,
) -> tuple[int, float, list[float]]:
    """One synthetic candidate with these true win rates (8 characters, each in half the
    games, as "all" seats them at 4 players): the games it plays when raced against
    ``beat``, its violation on all ``total`` games, and the floor at each look."""
    per = total // 2
    wins = [[rnd.random() < p for _ in range(per)] for p in rates]
    final = {f"win:{c}": sum(w) / per for c, w in zip(CHARS, wins, strict=True)}
    full = violation(final, BAND)
    floors = []
    played = total
    for look in range(1, looks(total) + 1):
        k = look * race_mod.BLOCK
        m = Metrics(4)
        for c, w in zip(CHARS, wins, strict=True):
            side = m.characters.setdefault(c, type(m.seats[0])())
            side.games, side.wins = k // 2, sum(w[: k // 2])
        floors.append(floor(m, k, total, BAND))
        if floors[-1] > beat and played == total:
            played = k
    return played, full, floors


def test_the_floor_holds_under_repeated_looks() -> None:
    """Over every look of a run the floor stays below the violation of all the games in
    at most RACE_ALPHA of the runs (here: none of 600; one character anywhere from 2 to
    50 %, in and out of the band, the rest on it; 400 and 800 games, 3 and 7 looks)."""
    rnd = random.Random(37)
    wrong = 0
    for i in range(600):
        rates = [0.25] * 8
        rates[i % 8] = 0.02 + 0.48 * rnd.random()
        _played, full, floors = _race(rates, 0.0, rnd, total=400 * (1 + i % 2))
        wrong += any(f > full for f in floors)
    assert wrong <= 600 * race_mod.RACE_ALPHA


def test_the_bounds_are_the_hypergeometric_tails() -> None:
    """Each end of the final rate's interval is the last K whose tail still has a chance
    above ``a`` (counted exactly with math.comb), so each is wrong with chance at most a."""

    def tail(w: int, n: int, total: int, k: int, up: bool) -> float:
        xs = range(w, n + 1) if up else range(0, w + 1)
        return sum(math.comb(k, x) * math.comb(total - k, n - x) for x in xs) / math.comb(total, n)

    a = 0.001
    for w, n, total in ((0, 50, 200), (5, 50, 200), (25, 50, 200), (50, 50, 200), (30, 120, 300)):
        low, high = race_mod.final_rate_bounds(w, n, total, a)
        k_lo, k_hi = round(low * total), round(high * total)
        assert tail(w, n, total, k_lo, True) > a and (
            k_lo == w or tail(w, n, total, k_lo - 1, True) <= a
        )
        assert tail(w, n, total, k_hi, False) > a
        assert k_hi == w + total - n or tail(w, n, total, k_hi + 1, False) <= a


def test_a_hopeless_candidate_stops_early_and_a_clearly_better_one_never() -> None:
    """Against a best-so-far 5 points off: one character at 50 % (about 22 points off) is
    raced out in nearly every run, after 200 of the 400 games on average, and one at 8 %
    (about 14 points below) mostly; a candidate inside every band plays all 400 games in
    every run. The exact floor plays fewer games than the first version's (variance ¼)
    on the same draws: at 8 %, 53,800 against 64,000 games of 80,000 (19 against 50 runs
    played to the end); at 50 %, 39,800 against 39,900 (counted in games)."""
    played: dict[str, tuple[int, int]] = {}
    for name, floor in (("exact", violation_floor), ("widest", _widest_floor)):
        rnd = random.Random(1)
        high = [_race([0.5] + [0.25] * 7, 5.0, rnd, floor=floor)[0] for _ in range(200)]
        low = [_race([0.08] + [0.25] * 7, 5.0, rnd, floor=floor)[0] for _ in range(200)]
        better = [_race([0.25] * 8, 5.0, rnd, floor=floor)[0] for _ in range(200)]
        assert better == [400] * 200
        assert high.count(400) <= 5 and low.count(400) <= 60
        assert sum(high) / len(high) <= 220
        played[name] = (sum(high), sum(low))
    assert played["exact"][0] <= played["widest"][0]
    assert played["exact"][1] <= 0.9 * played["widest"][1]


def test_no_stop_without_a_look_or_past_the_last_game() -> None:
    m = Metrics(4)
    assert violation_floor(m, 400, 400, BAND) == 0.0
    assert looks(400) == 3 and looks(100) == 0 and looks(101) == 1


def test_a_search_with_racing_proposes_what_one_without_it_proposes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The goblin at fight 10 with card moves, blocks of 20 of 80 games: the same trials
    (their edits), the same proposal and its figures with racing as without, and the same
    on 2 workers; racing never plays more games (counted by the search)."""
    import verlies.sim.tune.search as search
    from tests.sim.test_tune_truth import CARD_MOVES
    from verlies.deck import Deck
    from verlies.sim.sweep import Tweak

    monkeypatch.setattr(race_mod, "BLOCK", 20)
    games: dict[str, int] = {}
    real = search._Job.race

    def counted(self: Any, cand: Any, n: int, *a: Any, **kw: Any) -> Any:
        m, got = real(self, cand, n, *a, **kw)
        games[label] = games.get(label, 0) + got
        return m, got

    monkeypatch.setattr(search._Job, "race", counted)
    deck = Tweak("monster", "monster-goblin", "fight").apply(Deck.default(), 10)
    out = {}
    for label, race, workers in (("off", False, 1), ("on", True, 1), ("on2", True, 2)):
        out[label] = tune(
            ["win:*=25+-3"],
            CARD_MOVES,
            deck,
            games=80,
            trials=5,
            verify_games=0,
            workers=workers,
            race=race,
        )
    off, on, on2 = (out[k].search for k in ("off", "on", "on2"))
    assert on["played_edits"] == off["played_edits"]
    assert out["on"].edits == out["off"].edits
    assert on["search_quantities"] == off["search_quantities"]
    assert out["on2"].edits == out["on"].edits and on2["scores"] == on["scores"]
    assert off["race_saved"] == 0 and off["raced"] == 0
    assert games["on"] == games["on2"] <= games["off"]
    assert games["off"] - games["on"] == on["race_saved"]


def test_the_cli_races_unless_told_no_race(monkeypatch: pytest.MonkeyPatch) -> None:
    """``verlies tune`` passes ``race=True`` to the search by default and ``race=False``
    with ``--no-race`` (the search itself is compared with and without racing above)."""
    import verlies.sim.tune as tune_package
    from verlies.cli import main

    seen: list[Any] = []

    class Stop(Exception):
        pass

    def spy(*_a: Any, **kw: Any) -> Any:
        seen.append(kw["race"])
        raise Stop

    monkeypatch.setattr(tune_package, "tune", spy)
    for extra in ([], ["--no-race"]):
        with pytest.raises(Stop):
            main(["tune", "--no-progress", "--patch", "-", *extra])
    assert seen == [True, False]


def test_the_cli_searches_on_as_the_panel_unless_told(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """``verlies tune`` searches on after a check as many rounds as the Suggest panel
    (``DEFAULT_RECHECKS``) unless ``--rechecks N`` or a tune file's ``rechecks`` says
    otherwise (the command line before the file); a value outside 0-10 is refused with
    the lab's reason, before any game."""
    import verlies.sim.tune as tune_package
    from verlies.cli import main
    from verlies.ui.balance.suggest_model import DEFAULT_RECHECKS

    seen: list[Any] = []

    class Stop(Exception):
        pass

    def spy(*_a: Any, **kw: Any) -> Any:
        seen.append(kw["rechecks"])
        raise Stop

    real = tune_package.tune
    monkeypatch.setattr(tune_package, "tune", spy)
    file = tmp_path / "t.toml"
    file.write_text('rechecks = 1\n[targets]\n"win:*" = "25+-3"\n', encoding="utf-8")
    for extra in ([], ["--rechecks", "0"], ["--rechecks", "3"], ["--file", str(file)]):
        with pytest.raises(Stop):
            main(["tune", "--no-progress", "--patch", "-", *extra])
    with pytest.raises(Stop):
        main(["tune", "--no-progress", "--patch", "-", "--file", str(file), "--rechecks", "4"])
    assert seen == [DEFAULT_RECHECKS, 0, 3, 1, 4] and DEFAULT_RECHECKS == 2
    monkeypatch.setattr(tune_package, "tune", real)
    assert main(["tune", "--no-progress", "--patch", "-", "--rechecks", "11"]) == 2

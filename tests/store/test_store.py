"""The playtest store: every step saved as it happens, resumable after a killed process,
records read back, and human decisions set beside the bots' (issue 11, items 1 and 2)."""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from verlies import Deck, Game
from verlies.sim.bots import make_bot
from verlies.store import PlaytestStore, StoreError
from verlies.store.analysis import human_vs_bot


def _bots(game: Game, bot: str = "careful", seed: int = 0) -> list[Any]:
    return [make_bot(bot, seed + s) for s in range(game.players)]


def _play(game: Game, steps: int, bots: list[Any] | None = None) -> None:
    bots = bots or _bots(game)
    for _ in range(steps):
        if game.is_over:
            return
        if game.is_chance:
            game.roll()
        else:
            game.apply(bots[game.current_player](game.view(game.current_player)))


def test_every_step_is_saved_and_the_game_loads_back(tmp_path: Path) -> None:
    store = PlaytestStore(tmp_path / "p.sqlite")
    game = Game.new(players=3, seed=4)
    rid = store.begin(game, ["human", "careful", "greedy"], client="b1", lang="en")
    bots = _bots(game)
    for _ in range(40):
        _play(game, 1, bots)
        store.save(rid, game, actor="human")
    rec = store.get(rid, with_steps=True)
    assert rec.save == game.to_json()
    assert rec.game().to_json() == game.to_json()
    assert rec.steps == rec.cursor == game.step_count == len(rec.step_log)
    assert [s["idx"] for s in rec.step_log] == list(range(game.step_count))
    chance = {s["actor"] for s in rec.step_log if s["step"][0] in ("roll", "card")}
    assert chance <= {"chance"}
    assert rec.status == "playing" and not rec.finished
    assert [r.id for r in store.unfinished("b1")] == [rid]
    assert store.unfinished("someone-else") == []


def test_an_undo_and_a_new_action_replace_the_undone_line(tmp_path: Path) -> None:
    store = PlaytestStore(tmp_path / "p.sqlite")
    game = Game.new(players=2, seed=2)
    rid = store.begin(game, ["human", "human"])
    _play(game, 30)
    store.save(rid, game)
    game.undo(10)
    legal = game.legal_actions() if not game.is_chance else None
    if legal is None:
        game.roll()
    else:
        game.apply(legal[-1])
    store.save(rid, game)
    rec = store.get(rid, with_steps=True)
    want = json.loads(game.to_json())["steps"]
    assert [s["step"] for s in rec.step_log] == want
    assert rec.game().to_json() == game.to_json()


def test_finished_games_become_records_unless_recording_is_off(tmp_path: Path) -> None:
    on = PlaytestStore(tmp_path / "on.sqlite", record=True)
    off = PlaytestStore(tmp_path / "off.sqlite", record=False)
    for store in (on, off):
        game = Game.new(players=2, seed=9)
        rid = store.begin(game, ["human", "careful"])
        while not game.is_over:
            _play(game, 25)
            store.save(rid, game)
        if store is on:
            rec = store.get(rid)
            assert rec.finished and rec.reason == game.result.reason  # type: ignore[union-attr]
            assert [r.id for r in store.records(finished_only=True)] == [rid]
            assert rec.row()["humans"] == 1
        else:
            with pytest.raises(StoreError, match="no playtest"):
                store.get(rid)
            assert store.records() == [] and len(store) == 0


def test_a_killed_kernel_loses_nothing(tmp_path: Path) -> None:
    """A process saving after every step is killed with SIGKILL; the game resumes at the
    last step it saved, identical to playing those steps again."""
    db = tmp_path / "kill.sqlite"
    script = textwrap.dedent(
        f"""
        import sys
        from verlies import Deck, Game
        from verlies.sim.bots import make_bot
        from verlies.store import PlaytestStore
        store = PlaytestStore({str(db)!r})
        game = Game.new(players=2, seed=11, deck=Deck.edition("standard-1"))
        rid = store.begin(game, ["human", "careful"], client="tab")
        bots = [make_bot("careful", 0), make_bot("careful", 1)]
        n = 0
        while True:
            if game.is_chance:
                game.roll()
            else:
                game.apply(bots[game.current_player](game.view(game.current_player)))
            store.save(rid, game)
            n += 1
            if n == 60:
                print(rid, flush=True)
                sys.stdin.readline()  # wait here to be killed
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    rid = proc.stdout.readline().strip()
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    store = PlaytestStore(db)
    [rec] = store.unfinished("tab")
    assert rec.id == rid and rec.cursor == 60
    game = rec.game()
    again = Game.new(players=2, seed=11, deck=Deck.edition("standard-1"))
    bots = [make_bot("careful", 0), make_bot("careful", 1)]
    for _ in range(60):
        if again.is_chance:
            again.roll()
        else:
            again.apply(bots[again.current_player](again.view(again.current_player)))
    assert game.to_json() == again.to_json()


def _writer(path: str, seed: int) -> None:
    store = PlaytestStore(path)
    game = Game.new(players=2, seed=seed)
    rid = store.begin(game, ["human", "human"], client=f"c{seed}")
    bots = _bots(game, seed=seed)
    for _ in range(40):
        _play(game, 1, bots)
        store.save(rid, game)


def test_several_kernels_write_one_sqlite_file(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.sqlite")
    PlaytestStore(path)  # create the tables once
    ctx = mp.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(path, s)) for s in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    store = PlaytestStore(path)
    recs = store.records()
    assert sorted(r.client or "" for r in recs) == [f"c{s}" for s in range(4)]
    for r in recs:
        again = Game.new(players=2, seed=int(r.client[1:]))  # type: ignore[index]
        _play(again, 40, _bots(again, seed=int(r.client[1:])))  # type: ignore[index]
        assert r.cursor == again.step_count > 0
        assert r.game().to_json() == again.to_json()


def test_a_store_that_cannot_be_opened_says_where(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot open the playtest store"):
        PlaytestStore(blocker / "sub" / "p.sqlite")


def test_human_decisions_beside_the_bots(tmp_path: Path) -> None:
    store = PlaytestStore(tmp_path / "p.sqlite")
    # Seat 0 "human" played exactly as the careful bot would: full agreement.
    game = Game.new(players=2, seed=21)
    rid = store.begin(game, ["human", "careful"])
    bots = [make_bot("careful", 0), make_bot("careful", 1)]
    for _ in range(200):
        if game.is_over:
            break
        if game.is_chance:
            game.roll()
        else:
            game.apply(bots[game.current_player](game.view(game.current_player)))
    store.save(rid, game)
    same = human_vs_bot(store.records(), bot="careful")
    assert same and all(t.same_action == t.decisions for t in same)
    assert sum(t.decisions for t in same) > 10

    # A "human" that always takes the last legal action disagrees somewhere.
    game = Game.new(players=2, seed=22)
    rid2 = store.begin(game, ["human", "careful"])
    for _ in range(200):
        if game.is_over:
            break
        if game.is_chance:
            game.roll()
        elif game.current_player == 0:
            game.apply(game.legal_actions()[-1])
        else:
            game.apply(bots[1](game.view(1)))
    store.save(rid2, game)
    other = human_vs_bot([store.get(rid2)], bot="careful")
    assert any(t.same_action < t.decisions for t in other)
    rows = [t.row() for t in other]
    assert {"decision", "human decisions", "bot agrees (action)"} <= set(rows[0])


def _finished_store(tmp_path: Path) -> Path:
    path = tmp_path / "p.sqlite"
    store = PlaytestStore(path)
    for seed in (31, 32):
        game = Game.new(players=2, seed=seed)
        rid = store.begin(game, ["human", "careful"])
        bots = _bots(game)
        while not game.is_over:
            _play(game, 1, bots)
            store.save(rid, game)
    unfinished = Game.new(players=3, seed=33)
    rid = store.begin(unfinished, ["human", "human", "careful"])
    _play(unfinished, 12)
    store.save(rid, unfinished)
    return path


def test_cli_lists_playtests_and_sets_them_beside_a_bot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from verlies.cli import main

    path = _finished_store(tmp_path)
    assert (
        main(
            [
                "playtests",
                "--store",
                str(path),
                "--compare",
                "careful",
                "--bot-games",
                "2",
                "--json",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert len(out["games"]) == 2  # finished ones; --all adds the one still being played
    assert {g["seats"] for g in out["games"]} == {"human,careful"}
    assert out["decisions"] and all(d["bot agrees (action)"] == 1.0 for d in out["decisions"])
    humans, bots = out["results"]
    assert humans["games"] == 2 and bots["games"] == 4

    assert main(["playtests", "--store", str(path), "--all", "--csv", "-"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("id,started,") and len(lines) == 4

    assert main(["playtests", "--store", str(path)]) == 0
    text = capsys.readouterr().out
    assert "2 games" in text and "human,careful" in text


def test_cli_says_what_is_wrong_with_a_store(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from verlies.cli import main

    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["playtests", "--store", str(blocker / "x.sqlite")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("verlies playtests: cannot open the playtest store")
    assert "Traceback" not in err


def test_a_game_with_branches_is_stored_with_every_branch(tmp_path: Path) -> None:
    from verlies.tree import GameTree

    store = PlaytestStore(tmp_path / "tree.sqlite")
    game = Game.new(players=2, seed=5)
    tree = GameTree(game)
    _play(game, 10)
    tree.sync()
    rid = store.begin(game, ["human", "careful"], tree=tree)
    assert store.get(rid).tree().names == ["1"]  # one branch: stored as the plain save
    assert store.get(rid).save == game.to_json()
    k = next(
        k
        for k in range(9, -1, -1)
        if not (game.goto(k) or game.is_chance) and len(game.legal_actions()) > 1
    )
    other = next(a for a in game.legal_actions() if a != tree.line("1")[k])
    tree.play(other)
    _play(game, 3)
    tree.sync()
    game.goto(k + 1)
    store.save(rid, game, tree=tree)
    rec = store.get(rid, with_steps=True)
    back = rec.tree()
    assert back.names == ["1", "2"] and back.current == "2"
    assert back.line("1") == tree.line("1") and back.line("2") == tree.line("2")
    assert back.game.to_json() == game.to_json() and rec.cursor == k + 1
    # the step log is the shown line's, as for a game without branches
    assert [s["step"] for s in rec.step_log] == json.loads(game.to_json())["steps"]

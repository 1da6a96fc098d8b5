"""The page saves every step as it happens and offers unfinished games back (issue 11,
item 1): the autosave model (ui/play/autosave_store.py) and its widgets on a PlayApp, against a real
SQLite store in a temporary directory."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from verlies.setup import Setup
from verlies.store import PlaytestStore
from verlies.ui.core.session import HUMAN, Session
from verlies.ui.page import PlayApp
from verlies.ui.play.autosave_store import Autosave


@pytest.fixture
def store_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path / 'page.sqlite'}"
    monkeypatch.setenv("VERLIES_STORE_URL", url)
    monkeypatch.delenv("VERLIES_RECORD_PLAYTESTS", raising=False)
    return url


def page(seed: int = 3, controllers: tuple[str, ...] = (HUMAN, "careful")) -> PlayApp:
    setup = Setup(players=len(controllers), seed=seed)
    return PlayApp(Session.new(setup, list(controllers)), lang="en", autosave=True)


def hello(app: PlayApp, client: str = "c" * 32, query: str = "") -> None:
    app.autosave.client.value = json.dumps({"client": client, "query": query, "tz": 60})


def line(app: PlayApp) -> str:
    return str(app.autosave.line.value)


def human_steps(app: PlayApp, n: int) -> None:
    """Take ``n`` page actions as a person would: roll at chance, else the first action."""
    for _ in range(n):
        g = app.model.game
        if g.is_over:
            return
        if g.is_chance:
            app.model.roll()
        elif app.model.session.human_to_move:
            app.model.act(g.legal_actions()[0])
        else:
            app.model.run("step")


def test_a_page_nobody_played_writes_nothing(store_url: str, tmp_path: Path) -> None:
    app = page()
    hello(app)  # the browser said who it is; still nothing played
    app.model.set_lang("de")
    app.model.goto(0)
    assert not (tmp_path / "page.sqlite").exists() or len(PlaytestStore(store_url)) == 0
    assert 'data-rid=""' in line(app) and 'data-unsaved="0"' in line(app)


def test_every_step_is_saved_with_who_took_it(store_url: str) -> None:
    app = page()
    hello(app)
    human_steps(app, 12)
    store = PlaytestStore(store_url)
    (rec,) = store.unfinished("c" * 32)
    g = app.model.game
    assert rec.save == g.to_json() and rec.cursor == g.step_count
    assert rec.seats == (HUMAN, "careful") and rec.source == "page"
    log = store.get(rec.id, with_steps=True).step_log
    assert [s["step"] for s in log] == json.loads(g.to_json())["steps"]
    actors = {s["actor"] for s in log}
    assert HUMAN in actors and "careful" in actors and "chance" in actors
    for s in log:  # a step the bot took is logged as the bot's
        if app.model.session.decided.get(s["idx"]) == "careful":
            assert s["actor"] == "careful"
    assert f'data-rid="{rec.id}"' in line(app) and f"?resume={rec.id}" in line(app)
    # time travel is saved too: the record's cursor follows the slider
    app.model.goto(3)
    assert store.get(rec.id).cursor == 3 and store.get(rec.id).steps == g.history_length


def test_reopening_the_page_offers_the_unfinished_game_and_resumes_it(store_url: str) -> None:
    first = page()
    hello(first)
    human_steps(first, 9)
    want = first.model.game.to_json()
    status = first.status.value
    second = page(seed=99)  # a new page in the same browser: a new kernel, its own game
    assert not second.autosave.offer_box.layout.display == "flex"
    hello(second)
    assert second.autosave.offer_box.layout.display == "flex"
    text = second.autosave.offer_text.value
    assert f"step {first.model.game.step_count}" in text and "Resume game from" in text
    second.autosave.resume.click()
    assert second.model.game.to_json() == want
    assert second.status.value == status  # the same state line
    assert second.model.session.controllers == [HUMAN, "careful"]
    assert second.autosave.offer_box.layout.display == "none"
    human_steps(second, 3)  # played on into the same record
    store = PlaytestStore(store_url)
    (rec,) = store.unfinished("c" * 32)
    assert rec.save == second.model.game.to_json()


def test_a_resume_link_works_in_another_browser_and_discard_stops_the_offer(
    store_url: str,
) -> None:
    first = page()
    hello(first, client="a" * 32)
    human_steps(first, 5)
    rid = first.model.autosave.rid
    assert rid is not None
    other = page()
    hello(other, client="b" * 32)  # another browser, no link: nothing of a's
    assert other.autosave.model.offers == []
    linked = page()
    hello(linked, client="b" * 32, query=f"?resume={rid}")
    assert [o.rid for o in linked.autosave.model.offers] == [rid]
    linked.autosave.discard.click()
    again = page()
    hello(again, client="a" * 32)
    assert again.autosave.model.offers == []  # discarded: not offered, kept as a record
    assert PlaytestStore(store_url).get(rid).status == "abandoned"


def test_a_failing_store_says_so_and_the_page_warns_before_closing(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    model = Autosave(opener=lambda: PlaytestStore(f"sqlite:///{blocker / 'x' / 'p.sqlite'}"))
    app = page()
    app.model.autosave = model
    human_steps(app, 3)
    assert 'data-unsaved="1"' in line(app) and "Not saved" in line(app)


def test_recording_off_keeps_the_autosave_until_the_end(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VERLIES_RECORD_PLAYTESTS", "0")
    app = page(controllers=("careful", "careful"))
    hello(app)
    app.model.run("step")
    store = PlaytestStore(store_url)
    assert len(store.unfinished("c" * 32)) == 1  # resumable while it runs
    assert 'data-unsaved="0"' in line(app)
    app.model.run("end")
    assert app.model.game.is_over
    assert len(store) == 0 and store.records() == []


def test_a_game_played_to_the_end_in_one_go_is_a_finished_record(store_url: str) -> None:
    app = page(controllers=("careful", "greedy"))
    hello(app)
    app.model.run("end")
    assert app.model.game.is_over
    store = PlaytestStore(store_url)
    assert store.unfinished() == []
    (rec,) = store.records(finished_only=True)
    assert rec.steps == rec.cursor == app.model.game.history_length
    assert rec.reason == app.model.game.result.reason  # type: ignore[union-attr]


def test_what_the_browser_sends_is_bounded(store_url: str) -> None:
    model = Autosave()
    for raw in ("", "not json", "[1, 2]", json.dumps({"client": "x" * 5000}), "{" * 10_000):
        assert model.hello(raw) == [] and model.client is None
    assert model.hello(json.dumps({"client": "bad\nid-with-newline"})) == []
    assert model.client is None
    model.hello(json.dumps({"client": "c" * 32, "query": "?resume=../../etc", "tz": 10**9}))
    assert model.client == "c" * 32 and model.resume_token is None and model.tz_minutes == 0


def branch_at_a_past_step(app: PlayApp) -> None:
    """Go back to a past human decision and take another action there: a new branch (the
    tree keeps the old line)."""
    g = app.model.game
    for k in range(g.step_count - 1, -1, -1):
        app.model.goto(k)
        if app.model.session.human_to_move and len(g.legal_actions()) > 1:
            break
    else:
        raise AssertionError("no past human decision with a choice")
    old = app.branches.tree.line(app.branches.tree.current)[k]  # type: ignore[union-attr]
    app.model.act(next(a for a in g.legal_actions() if a != old))
    tree = app.branches.tree
    assert tree is not None and len(tree.names) == 2 and tree.current == tree.names[1]


def test_a_resumed_game_has_its_branches_the_shown_one_and_its_step(store_url: str) -> None:
    first = page()
    hello(first)
    human_steps(first, 12)
    branch_at_a_past_step(first)
    human_steps(first, 2)
    first.branches.name.value = "what-if"  # the shown branch renamed: saved too
    first.model.goto(first.model.game.step_count - 1)  # and the step shown
    tree = first.branches.tree
    assert tree is not None and tree.current == "what-if"
    lines = {n: tree.line(n) for n in tree.names}
    (rec,) = PlaytestStore(store_url).unfinished("c" * 32)
    assert rec.cursor == first.model.game.step_count
    assert json.loads(rec.save)["branches"]["current"] == 1
    assert rec.game().to_json() == first.model.game.to_json()  # the shown line reads as before

    second = page(seed=99)  # the kernel died; a new page in the same browser resumes
    hello(second)
    second.autosave.resume.click()
    got = second.branches.tree
    assert got is not None and got.game is second.model.game
    assert got.names == ["1", "what-if"] and got.current == "what-if"
    assert {n: got.line(n) for n in got.names} == lines
    assert (
        second.model.game.to_json() == first.model.game.to_json()
    )  # the same step of the same line
    assert second.status.value == first.status.value
    second.branches.switch("1")  # the old line is there to go back to
    assert second.model.game.steps == lines["1"][: second.model.game.step_count]
    (rec,) = PlaytestStore(store_url).unfinished("c" * 32)
    assert rec.game().steps == second.model.game.steps and json.loads(rec.save)["branches"]


def test_a_record_saved_before_branches_were_kept_still_resumes(store_url: str) -> None:
    first = page()
    hello(first)
    human_steps(first, 7)
    plain = first.model.game.to_json()
    store = PlaytestStore(store_url)
    (rec,) = store.unfinished("c" * 32)
    assert json.loads(rec.save).get("branches") is None  # one branch: the plain save file
    with store.engine.begin() as conn:  # an old row: exactly what the store wrote then
        from verlies.store.db import playtests

        conn.execute(playtests.update().values(save=plain))
    second = page(seed=99)
    hello(second)
    second.autosave.resume.click()
    assert second.model.game.to_json() == plain
    tree = second.branches.tree
    assert tree is not None and tree.names == ["1"] and tree.game is second.model.game
    branch_at_a_past_step(second)  # and it branches and saves as any game
    rec = store.get(rec.id)
    assert len(json.loads(rec.save)["branches"]["lines"]) == 2
    assert rec.cursor == second.model.game.step_count


def test_the_offer_goes_when_another_game_is_shown_and_resuming_offers_nothing_else(
    store_url: str,
) -> None:
    """Issue 24 item 6: the resume offer stayed after loading a file or starting a new
    game, and after resuming it offered the game it had just replaced."""
    first = page()
    hello(first)
    human_steps(first, 6)
    second = page(seed=98)
    hello(second)
    human_steps(second, 4)  # a second unfinished game in the same browser
    # a new game started: the offer goes
    third = page(seed=97)
    hello(third)
    assert third.autosave.offer_box.layout.display == "flex"
    assert third.start_game({"players": 2, "seed": 5, "controllers": [HUMAN, "careful"]})
    assert third.autosave.offer_box.layout.display == "none" and third.autosave.model.offers == []
    # a file loaded: the offer goes
    fourth = page(seed=96)
    hello(fourth)
    assert fourth.autosave.offer_box.layout.display == "flex"
    fourth.model.save()
    assert fourth.model.load("game.json", fourth.model.offer.text.encode())
    assert fourth.autosave.offer_box.layout.display == "none"
    # resumed: nothing else is offered in its place
    fifth = page(seed=95)
    hello(fifth)
    assert len(fifth.autosave.model.offers) >= 2
    fifth.autosave.resume.click()
    assert fifth.autosave.model.offers == [] and fifth.autosave.offer_box.layout.display == "none"

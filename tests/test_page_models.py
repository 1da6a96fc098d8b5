"""The play page's controller and page model, tested without any widget library."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from verlies.actions import Draw, Place, Walk
from verlies.setup import Setup
from verlies.ui.controller import Controller
from verlies.ui.describe import player_label
from verlies.ui.i18n import pct
from verlies.ui.page_model import Decide, Reselect, Say, hints_html
from verlies.ui.session import HUMAN, RunResult, Session
from verlies.ui.theme import HINTS

MODELS = (
    "verlies.ui.controller",
    "verlies.ui.describe",
    "verlies.ui.editor_model",
    "verlies.ui.page_model",
    "verlies.ui.session",
    "verlies.ui.i18n",
)


def test_models_import_no_widget_library() -> None:
    code = (
        "import sys\n"
        f"for m in {MODELS!r}:\n"
        "    __import__(m)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('ipywidgets', 'ipycanvas', 'traitlets', 'comm', 'IPython'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == ""


def placing(lang: str = "en") -> Controller:
    """Two humans; the first has drawn a card and must lay it."""
    session = Session.new(Setup(players=2, seed=1), [HUMAN, HUMAN])
    g = session.game
    g.apply(next(a for a in g.legal_actions() if isinstance(a, Draw)))
    session.roll()
    assert g.pending == "place" and session.human_to_move
    return Controller(session, lang)


def test_click_chooses_and_turns_a_placement() -> None:
    c = placing()
    placements = c.session.placements()
    cell, options = next((k, v) for k, v in placements.items() if len(v) > 1)
    assert c.selected_place() is None
    assert c.click(*cell) == Reselect()
    assert (c.selected, c.rotation) == (cell, 0)
    assert c.selected_place() == options[0]
    assert c.click(*cell) == Reselect()  # the same cell again turns the card
    assert c.rotation == 1 and c.selected_place() == options[1]
    assert c.rotate() == Reselect()
    assert c.rotation == 2 % len(options)
    other = next(k for k in placements if k != cell)
    c.click(*other)
    assert (c.selected, c.rotation) == (other, 0)


def test_placement_scene_and_confirm() -> None:
    c = placing()
    placements = c.session.placements()
    cell, options = next((k, v) for k, v in placements.items() if len(v) > 1)
    scene = c.scene()
    assert scene.ghost is None
    assert {k: h.kind for k, h in scene.highlights.items()} == dict.fromkeys(placements, "place")
    assert scene.drawn is not None and scene.drawn[0].id == c.game.drawn.id
    assert c.confirm() is None
    box = c.placing()
    assert box is not None and not box.can_confirm and box.confirm_label == "Lay it here"
    c.click(*cell)
    c.click(*cell)
    scene = c.scene()
    assert scene.highlights[cell].kind == "select"
    assert scene.ghost is not None
    assert (scene.ghost.x, scene.ghost.y, scene.ghost.mask) == (cell[0], cell[1], options[1].mask)
    assert scene.ghost.note == f"⟳ 2/{len(options)}"
    assert scene.drawn is not None and scene.drawn[1] == options[1].mask
    box = c.placing()
    assert box is not None and box.can_confirm and box.can_rotate
    assert box.confirm_label == f"Lay it here ({cell[0]}, {cell[1]})"
    intent = c.confirm()
    assert intent == Decide(options[1])
    assert isinstance(intent.action, Place)
    c.session.act(intent.action)
    c.clear_selection()
    assert c.game.pending != "place" and c.placing() is None


def test_click_where_nothing_can_be_done() -> None:
    c = placing("de")
    free = next(
        (x, y) for x in range(-5, 5) for y in range(-5, 5) if (x, y) not in c.session.placements()
    )
    assert c.click(*free) == Say("Hier gibt es nichts zu tun.")
    assert c.selected is None


def test_a_bots_turn_refuses_clicks_with_the_hint() -> None:
    session = Session.new(Setup(players=2, seed=3), ["random", HUMAN])
    c = Controller(session, "en")
    assert c.hint_key() == "bot"
    hint = "A bot is to move: “Step”, “Turn” or “Autoplay” play it."
    assert c.click(0, 0) == Say(hint)
    assert c.refusal() == Say(hint, error=True)
    status = c.status()
    assert status.bot == "bot “random”" and not status.human
    assert '<span class="vl-small">(bot “random”)</span>' in status.html()


def test_a_walk_click_decides_the_best_path() -> None:
    session = Session.new(Setup(players=1, seed=5), [HUMAN])
    g = session.game
    c = Controller(session, "en")
    for _ in range(400):  # play until a walk is on offer
        if g.is_chance:
            session.roll()
            continue
        if session.walk_options():
            break
        g.apply(next(iter(g.legal_actions())))
    options = session.walk_options()
    assert options, "no walk came up"
    cell, option = next(iter(options.items()))
    intent = c.click(*cell)
    assert intent == Decide(option.action)
    assert isinstance(intent.action, Walk)
    scene = c.scene()
    for target, o in options.items():
        assert scene.highlights[target].kind == "walk"
        assert scene.highlights[target].label == ("" if o.chance == 1 else pct(o.chance))


def test_status_and_banner_at_the_end() -> None:
    session = Session.new(Setup(players=2, seed=2, round_limit=60), ["careful", "greedy"])
    result = session.run("end")
    assert result.reason == "over"
    c = Controller(session, "en")
    status = c.status()
    g = session.game
    assert status.over and status.hint == "over"
    assert status.headline == "Game over" and status.reason == g.result.reason
    html = status.html("<i>after</i>")
    assert f'data-step="{g.step_count}"' in html and 'data-over="1"' in html
    assert html.endswith("<i>after</i>")
    assert c.scene().banner == f"Game over – {status.winners}"
    if g.result.winners:
        who = ", ".join(player_label(g, w, "en") for w in g.result.winners)
        assert status.winners == f"Winner: {who}"
    else:
        assert status.winners == "no winner"


@pytest.mark.parametrize(
    ("result", "text"),
    [
        (RunResult(0, "over"), "Stopped: game over."),
        (RunResult(4, "done"), "4 steps played."),
        (RunResult(7, "limit"), "7 steps played. Stopped after 7 steps."),
    ],
)
def test_run_messages(result: RunResult, text: str) -> None:
    c = Controller(Session.new(Setup(players=2, seed=1), [HUMAN, HUMAN]), "en")
    assert c.run_message(result) == text


def test_run_message_names_the_human_who_decides() -> None:
    c = Controller(Session.new(Setup(players=2, seed=1), [HUMAN, HUMAN]), "de")
    who = player_label(c.game, 0, "de")
    assert c.run_message(RunResult(3, "human")) == (
        f"3 Schritte gespielt. Angehalten: {who} entscheidet selbst."
    )


def test_hints_cover_every_state_in_both_languages() -> None:
    c = Controller(Session.new(Setup(players=2, seed=1), [HUMAN, HUMAN]), "de")
    assert [h.key for h in c.hints()] == list(HINTS)
    german = hints_html(c.hints())
    c.lang = "en"
    english = hints_html(c.hints())
    assert german != english
    assert '<p data-hint="over">The game is over.</p>' in english
    assert c.hint_text() == "Draw a dungeon card, or click a yellow cell to walk there."


def test_decision_rows_and_the_bots_view() -> None:
    c = Controller(Session.new(Setup(players=2, seed=1), [HUMAN, "greedy"]), "en")
    decision = c.decision()
    assert decision is not None and decision.bot == "" and decision.context == ""
    [row] = decision.rows
    assert isinstance(row.action, Draw) and row.primary and row.kind == "draw"
    assert row.label == row.action.label
    c.session.act(row.action)
    assert c.decision() is None  # a chance point: no decision pending
    bots_turn = Controller(Session.new(Setup(players=2, seed=1), ["greedy", HUMAN]), "de")
    decision = bots_turn.decision()
    assert decision is not None and decision.bot == "Bot „greedy“"
    assert [r.label for r in decision.rows] == ["Verlieskarte ziehen"]


def test_chance_table_of_a_card_draw() -> None:
    session = Session.new(Setup(players=2, seed=1), [HUMAN, HUMAN])
    g = session.game
    g.apply(next(a for a in g.legal_actions() if isinstance(a, Draw)))
    c = Controller(session, "de")
    table = c.chance_table()
    assert table is not None and not table.hidden and table.kind == "dungeon"
    assert table.title == "Verlieskarte ziehen" and table.who == player_label(g, 0, "de")
    assert sum(row.p for row in table.rows) == 1
    assert [(-r.p, r.label) for r in table.rows] == sorted((-r.p, r.label) for r in table.rows)
    assert table.rows[0].width == 100
    odds = dict(g.chance_outcomes())
    assert all(odds[r.outcome] == r.p for r in table.rows)
    assert {r.outcome for r in table.rows} == set(odds)


def test_treasure_draws_are_hidden_outside_designer_mode() -> None:
    for seed in range(60):
        session = Session.new(Setup(players=1, seed=seed), [HUMAN])
        g = session.game
        rng = random.Random(seed)
        for _ in range(300):
            if g.is_over or (g.is_chance and g.chance_kind == "treasure"):
                break
            if g.is_chance:
                g.roll()
            else:
                g.apply(rng.choice(list(g.legal_actions())))
        if g.is_chance and g.chance_kind == "treasure":
            break
    else:
        pytest.fail("no treasure draw came up")
    c = Controller(session, "en")
    table = c.chance_table()
    assert table is not None and table.hidden and table.rows == ()
    c.designer = True
    table = c.chance_table()
    assert table is not None and not table.hidden and table.rows

"""The play page's logic without a browser: build the app, click buttons and the canvas.

Widgets work without a kernel (their messages go to a dummy comm), so every handler runs
here exactly as in Voila; the browser tests (tests/browser/test_play.py) cover the drawing.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import comm
import pytest
import traitlets

from verlies.actions import Card, Draw, Place, Roll, Walk
from verlies.setup import Setup
from verlies.ui.board.viewport import Viewport
from verlies.ui.core.session import HUMAN, Session
from verlies.ui.page import PlayApp
from verlies.ui.play.controls_view import MAX_UPLOAD_BYTES

HUMANS = [HUMAN, HUMAN]


def new_app(seed: int = 3, controllers: list[str] | None = None, **kw: Any) -> PlayApp:
    ctl = controllers or HUMANS
    return PlayApp(Session.new(Setup(players=len(ctl), seed=seed, **kw), ctl), lang="en")


def state(app: PlayApp) -> dict[str, str]:
    """The data attributes of the status line (what the browser tests read too)."""
    return dict(re.findall(r'data-([a-z]+)="([^"]*)"', app.status.value.split(">")[0]))


def targets(app: PlayApp) -> list[dict[str, str]]:
    spans = re.findall(r'<span class="vl-target" ([^>]*)>', app.board.info_html)
    return [dict(re.findall(r'data-([a-z]+)="([^"]*)"', s)) for s in spans]


def click_target(app: PlayApp, target: dict[str, str]) -> None:
    app.board._mouse_down(float(target["px"]), float(target["py"]))
    app.board._mouse_up(float(target["px"]), float(target["py"]))


def play_to_placement(app: PlayApp) -> None:
    """Draw a card as the human to move and roll: the game waits for the placement."""
    assert Draw() in app.model.game.legal_actions()
    app.actions.button_for(Draw()).click()
    assert app.model.game.is_chance
    app.chance.roll_button.click()
    assert app.model.game.pending == "place"


@pytest.fixture
def sent() -> Iterator[list[int]]:
    """Sizes (bytes) of every widget message sent while the test runs."""
    sizes: list[int] = []
    original = comm.DummyComm.publish_msg

    def record(
        self: Any,
        msg_type: str,
        data: Any = None,
        metadata: Any = None,
        buffers: Any = None,
        **keys: Any,
    ) -> None:
        size = len(json.dumps(data, default=str)) if data is not None else 0
        size += sum(len(memoryview(b).cast("B")) for b in (buffers or []))
        sizes.append(size)

    comm.DummyComm.publish_msg = record  # type: ignore[method-assign]
    try:
        yield sizes
    finally:
        comm.DummyComm.publish_msg = original  # type: ignore[method-assign]


# ---- building -----------------------------------------------------------------------------


def test_app_starts_a_game_and_shows_it() -> None:
    app = new_app()
    s = state(app)
    assert s["step"] == "0" and s["pending"] == "turn" and s["human"] == "1"
    assert app.model.game.players == 2
    assert "Dwarf" in app.players.value  # the first character, in English
    assert [a.kind for a in app.actions.actions] == ["draw"]
    assert app.actions.box.children[0].description == "draw a dungeon card"
    assert "R3.1" in app.log.value and "R2.2" in app.log.value
    assert app.model.last_error is None


def test_play_app_entry_point_returns_a_widget() -> None:
    from verlies.ui import play_app

    widget = play_app()
    assert "vl-app" in widget._dom_classes


def test_default_page_is_a_game_against_a_bot() -> None:
    app = PlayApp()
    assert app.model.session.controllers[0] == HUMAN
    assert app.model.session.controllers[1] != HUMAN
    assert app.model.lang == "de"


# ---- canvas clicks -------------------------------------------------------------------------


def test_viewport_maps_pixels_to_cells_and_back() -> None:
    v = Viewport(640, 520).fit([(-2, -1), (3, 2)])
    for cell in [(-2, -1), (0, 0), (3, 2), (1, -1)]:
        px, py = v.cell_center(*cell)
        assert v.cell_at(px, py) == cell
        ox, oy = v.cell_origin(*cell)
        assert v.cell_at(ox + 0.5, oy + 0.5) == cell
        assert v.cell_at(ox + v.tile - 0.5, oy + v.tile - 0.5) == cell
    assert 0 <= v.cell_center(-2, -1)[0] and v.cell_center(3, 2)[0] <= 640
    z = v.zoomed(1.25)
    assert z.tile > v.tile and z.cell_at(*z.cell_center(1, 1)) == (1, 1)
    p = v.panned(10, -5)
    assert p.cell_origin(0, 0) == (v.ox + 10, v.oy - 5)


def test_click_on_a_highlighted_cell_selects_turns_and_lays_the_card() -> None:
    app = new_app(seed=3)
    play_to_placement(app)
    places = [t for t in targets(app) if t["kind"] == "place"]
    assert places, app.board.info_html
    by_cell = app.model.session.placements()
    assert {(int(t["x"]), int(t["y"])) for t in places} == set(by_cell)
    # the target's pixel centre maps back to its cell
    target = max(places, key=lambda t: len(by_cell[(int(t["x"]), int(t["y"]))]))
    cell = (int(target["x"]), int(target["y"]))
    assert app.board.viewport.cell_at(float(target["px"]), float(target["py"])) == cell
    click_target(app, target)
    assert app.model.controller.selected == cell and app.model.controller.rotation == 0
    assert 'class="vl-ghost"' in app.board.info_html
    first = app.model.controller.selected_place()
    if len(by_cell[cell]) > 1:
        click_target(app, target)  # again: turn the card
        assert app.model.controller.rotation == 1 and app.model.controller.selected_place() != first
        app.rotate.click()
        assert app.model.controller.rotation == 2 % len(by_cell[cell])
    chosen = app.model.controller.selected_place()
    assert isinstance(chosen, Place)
    steps = app.model.game.step_count
    app.confirm.click()
    assert app.model.game.steps[steps] == chosen
    assert app.model.game.board[cell].mask == chosen.mask
    assert app.model.controller.selected is None


def test_click_outside_the_targets_does_nothing_and_says_so() -> None:
    app = new_app()
    play_to_placement(app)
    before = app.model.game.step_count
    app.board.click(1, 1)  # the top-left corner: no legal cell there
    assert app.model.game.step_count == before
    assert "Nothing to do here" in app.message.value


def test_drag_pans_instead_of_clicking() -> None:
    app = new_app()
    play_to_placement(app)
    before = app.board.viewport
    app.board._mouse_down(100, 100)
    app.board._mouse_up(160, 130)
    assert app.board.viewport.ox == before.ox + 60 and app.board.viewport.oy == before.oy + 30
    assert not app.board.auto_fit and app.model.controller.selected is None
    app.board.fit()
    assert app.board.auto_fit and app.board.viewport == before


def _walk_ready(seed_range: range) -> PlayApp:
    """A two-human game at a turn where the player to move can walk somewhere."""
    for seed in seed_range:
        app = new_app(seed=seed)
        for _ in range(200):
            g = app.model.game
            if g.is_over:
                break
            if g.is_chance:
                app.chance.roll_button.click()
                continue
            if g.pending == "turn" and app.model.session.walk_options():
                return app
            actions = app.actions.actions
            draw = [a for a in actions if isinstance(a, Draw)]
            app.model.act(draw[0] if draw else actions[0])
    raise AssertionError("no walk found")


def test_click_on_a_walk_target_walks_the_best_path_and_shows_odds() -> None:
    app = _walk_ready(range(1, 30))
    options = app.model.session.walk_options()
    walks = [t for t in targets(app) if t["kind"] == "walk"]
    assert {(int(t["x"]), int(t["y"])) for t in walks} == set(options)
    for t in walks:
        option = options[(int(t["x"]), int(t["y"]))]
        # every legal path to that cell has odds no better than the chosen one
        for a in app.model.game.legal_actions():
            if isinstance(a, Walk) and a.to == option.action.to:
                chance = Fraction(1)
                for pos in a.path:
                    ob = app.model.session.obstacle_at(pos)
                    if ob is not None:
                        chance *= app.model.game.pass_chance(ob)
                assert chance <= option.chance
    target = walks[0]
    option = options[(int(target["x"]), int(target["y"]))]
    before = app.model.game.step_count
    click_target(app, target)
    assert app.model.game.steps[before] == option.action


def draw_obstacle_card(app: PlayApp) -> Any:
    """Draw (what-if) a corridor with an obstacle; returns the card. The game waits for
    the placement."""
    app.actions.button_for(Draw()).click()
    app.chance.picking.value = True  # "what if: pick the outcome": the list is filled
    deck = app.model.game.deck
    for i, outcome in enumerate(app.chance._outcomes):
        card = deck.dungeon[outcome.card]
        if card.obstacle is not None:
            app.chance.pick.value = i
            app.chance.take_button.click()
            return card
    pytest.skip("no obstacle card in the deck")


def test_pass_chance_is_shown_for_an_obstacle_card() -> None:
    from verlies.ui.core.words import pct

    app = new_app(seed=2)
    card = draw_obstacle_card(app)
    assert app.model.game.state.drawn == card
    # R5.1-R5.3: class B's number is getting through; A's and C's is getting through unhurt
    if card.obstacle.cls.value == "B":
        assert "Chance to get through" in app.drawn.value
    else:
        assert "Gets through in any case; unhurt" in app.drawn.value
    assert pct(app.model.game.pass_chance(card.obstacle)) in app.drawn.value
    # lay it: entering it is the test, and the Attempt button carries the same odds
    app.model.act(next(iter(app.model.session.placements().values()))[0])
    assert app.model.game.pending == "obstacle"
    attempt = [b for b in app.actions.box.children if "vl-action-attempt" in b._dom_classes]
    assert attempt and attempt[0].description.endswith(
        pct(app.model.game.pass_chance(card.obstacle))
    )
    attempt[0].click()
    assert app.model.game.is_chance and app.model.game.chance_kind == "die"
    assert pct(app.model.game.pass_chance(card.obstacle)) in app.chance.table.value


# ---- chance panel ---------------------------------------------------------------------------


def test_chance_panel_lists_every_outcome_with_exact_probability() -> None:
    app = new_app()
    app.actions.button_for(Draw()).click()
    outcomes = app.model.game.chance_outcomes()
    assert app.chance.visible  # the stylesheet shows it (data-chance="1" in the state line)
    # the what-if list is filled only when asked for (it repeats the table's labels)
    assert list(app.chance.pick.options) == []
    app.chance.picking.value = True
    assert len(app.chance.pick.options) == len(outcomes)
    assert f'data-n="{len(outcomes)}"' in app.chance.table.value
    for _o, p in outcomes:
        assert f'data-p="{p.numerator}/{p.denominator}"' in app.chance.table.value
    assert sum(p for _o, p in outcomes) == 1


def test_roll_button_takes_the_seeded_outcome() -> None:
    app = new_app()
    app.actions.button_for(Draw()).click()
    expected = app.model.game.sample_outcome()
    app.chance.roll_button.click()
    assert app.model.game.steps[-1] == expected
    assert not app.chance.visible


def test_what_if_takes_the_picked_outcome_and_undo_brings_the_roll_back() -> None:
    app = new_app()
    app.actions.button_for(Draw()).click()
    app.chance.picking.value = True
    last = len(app.chance.pick.options) - 1
    outcome = app.chance._outcomes[last]
    app.chance.pick.value = last
    app.chance.take_button.click()
    assert isinstance(outcome, Card) and app.model.game.steps[-1] == outcome
    app.history.undo.click()
    assert app.model.game.is_chance and app.model.game.step_count == 1


def test_dice_roll_outcomes_are_six_sixths() -> None:
    app = new_app(seed=2)
    draw_obstacle_card(app)
    app.model.act(next(iter(app.model.session.placements().values()))[0])
    app.model.act(app.actions.actions[0])  # attempt
    outcomes = app.model.game.chance_outcomes()
    assert [o for o, _ in outcomes] == [Roll(v) for v in range(1, 7)]
    assert all(p == Fraction(1, 6) for _, p in outcomes)
    assert app.chance.roll_button.description == "Roll"
    assert len(app.chance.pick.options) == 6  # the list stays open once opened


# ---- stepping -------------------------------------------------------------------------------


def test_step_turn_round_and_end_buttons_with_bots() -> None:
    app = new_app(seed=4, controllers=["random", "random"], round_limit=40)
    app.steps.step.click()
    assert app.model.game.step_count == 1
    app.steps.turn.click()
    assert any(e.key == "turn" for e in app.model.game.events_of(app.model.game.step_count - 1))
    round_before = app.model.game.round
    app.steps.round.click()
    assert app.model.game.round == round_before + 1 or app.model.game.is_over
    app.steps.end.click()
    assert app.model.game.is_over
    assert state(app)["over"] == "1"
    assert "Game over" in app.status.value
    assert all(b.disabled for b in (app.steps.step, app.steps.end))


def test_stepping_stops_at_a_human_seat() -> None:
    app = new_app(seed=4, controllers=[HUMAN, "random"])
    app.steps.auto_bots.value = False
    app.steps.end.click()
    assert app.model.game.step_count == 0  # the human decides first
    assert "decides" in app.message.value
    app.actions.button_for(Draw()).click()
    app.steps.end.click()  # rolls the draw, then the placement is the human's
    assert app.model.game.pending == "place" and app.model.session.human_to_move


def test_bots_move_at_once_after_a_human_turn() -> None:
    app = new_app(seed=4, controllers=[HUMAN, "random"])
    assert app.steps.auto_bots.value and not app.steps.auto_roll.value
    g = app.model.game
    for _ in range(50):  # play the human's first turn by hand (chance with the roll button)
        if g.is_over or g.round > 1 or (g.seat == 0 and g.step_count and g.pending == "turn"):
            break
        if g.is_chance:
            assert g.seat == 0  # chance in the human's turn waits for the button
            app.chance.roll_button.click()
        else:
            assert app.model.session.human_to_move
            app.model.act(app.actions.actions[0])
    # the bot's whole turn was played by itself: the human is to move again
    assert g.is_over or (g.seat == 0 and app.model.session.human_to_move)
    assert any(e.key == "turn" and e.seat == 1 for e in g.log)


def test_autoplay_ticks_step_and_stop_at_a_human() -> None:
    app = new_app(seed=6, controllers=["random", HUMAN])
    app.steps.auto_bots.value = False
    play = app.steps.play
    play.playing = True
    for i in range(1, 60):
        if not play.playing:
            break
        play.value = i  # what the browser's Play widget does every interval
    assert not play.playing
    assert app.model.session.human_to_move or app.model.game.is_over
    assert app.model.game.step_count > 0


# ---- history --------------------------------------------------------------------------------


def test_undo_redo_undo_turn_and_time_travel_slider() -> None:
    app = new_app(seed=5, controllers=["random", "random"], round_limit=30)
    for _ in range(3):
        app.steps.turn.click()
    n = app.model.game.step_count
    board_then = {p: t.card.id for p, t in app.model.game.board.items()}
    slider = app.history.slider
    assert slider.max == n and slider.value == n
    app.history.undo.click()
    assert app.model.game.step_count == n - 1 and slider.value == n - 1
    app.history.redo.click()
    assert app.model.game.step_count == n
    app.history.undo_turn.click()
    assert app.model.game.step_count < n
    slider.value = 0  # the user drags the time-travel slider
    assert app.model.game.step_count == 0 and len(app.model.game.board) == 1
    assert app.board.scene.tiles and len(app.board.scene.tiles) == 1
    slider.value = n
    assert {p: t.card.id for p, t in app.model.game.board.items()} == board_then
    assert app.history.undo.disabled is False and app.history.redo.disabled is True


def test_redrawing_after_undo_reuses_the_sprites() -> None:
    app = new_app(seed=5, controllers=["random", "random"], round_limit=30)
    for _ in range(4):
        app.steps.turn.click()
    created = app.board.sprites.created
    app.history.slider.value = 0
    app.history.slider.value = app.model.game.history_length
    assert app.board.sprites.created == created


# ---- save and load --------------------------------------------------------------------------


def test_save_and_load_round_trip() -> None:
    app = new_app(seed=7, controllers=[HUMAN, "random"])
    play_to_placement(app)
    app.history.undo.click()  # an undone step is saved too
    app.files.save.click()
    assert "vl-download-link" in app.files.link.value and "base64," in app.files.link.value
    text = app.model.offer.text
    data = json.loads(text)
    assert data["cursor"] == 1 and len(data["steps"]) == 2

    other = new_app(seed=99)
    assert other.model.load("saved.json", text.encode("utf-8"))
    assert other.model.game.step_count == 1 and other.model.game.history_length == 2
    assert other.model.game.setup.seed == 7
    assert other.history.slider.max == 2
    assert "Loaded" in other.files.message.value
    assert other.setup.seed.value == 7


def test_load_rejects_garbage_and_oversized_files() -> None:
    app = new_app()
    before = app.model.game
    assert not app.model.load("x.json", b"{not json")
    assert "Could not load" in app.files.message.value and app.model.game is before
    assert not app.model.load("big.json", b" " * (MAX_UPLOAD_BYTES + 1))
    assert "too large" in app.files.message.value and app.model.game is before


def test_upload_widget_loads_a_game() -> None:
    app = new_app(seed=8)
    app.actions.button_for(Draw()).click()
    text = app.model.game.to_json().encode("utf-8")
    other = new_app(seed=1)
    other.files.upload.value = (
        {
            "name": "g.json",
            "type": "application/json",
            "size": len(text),
            "content": memoryview(text),
            "last_modified": datetime.datetime.now(datetime.UTC),
        },
    )
    assert other.model.game.setup.seed == 8 and other.model.game.step_count == 1
    assert other.files.upload.value == ()


# ---- language, designer mode, hidden treasures ------------------------------------------------


def test_language_toggle_changes_every_text() -> None:
    app = new_app()
    app.lang_toggle.value = "de"
    assert app.actions.box.children[0].description == "Verlieskarte ziehen"
    assert "ist am Zug" in app.status.value
    assert app.steps.step.description == "Schritt"
    assert app.tabs.get_title(0) == "Spiel"
    assert "Spieler 1 (Zwerg) ist am Zug." in app.log.value
    app.lang_toggle.value = "en"
    assert app.actions.box.children[0].description == "draw a dungeon card"
    assert "to move" in app.status.value and app.tabs.get_title(1) == "New game"


def _game_with_bot_treasure() -> Session:
    for seed in range(60):
        s = Session.new(Setup(players=2, seed=seed, round_limit=80), [HUMAN, "random"])
        # the bot plays seat 1; the human's seat 0 is played by hand here with its first action
        for _ in range(3000):
            g = s.game
            if g.is_over:
                break
            if g.figures[1].treasures:
                return s
            if s.human_to_move:
                acts = g.legal_actions()
                s.act(acts[-1])
            else:
                s.step()
    raise AssertionError("no game where the bot holds a treasure")


def test_treasures_of_other_seats_are_hidden_in_play_mode() -> None:
    session = _game_with_bot_treasure()
    app = PlayApp(session, lang="en")
    bot_fig = app.model.game.figures[1]
    name = bot_fig.treasures[0].card.name.en
    assert session.viewer() == 0
    panel = app.players.value
    seat1 = panel[panel.index('data-seat="1"') :]
    assert 'data-treasures-shown="0"' in seat1
    assert name not in seat1 and "face down" in seat1
    app.log_all.value = True
    assert "Player 2 draws a treasure face down." in app.log.value
    assert "Player 2 draws a treasure face down:" not in app.log.value
    app.designer_box.value = True
    panel = app.players.value
    seat1 = panel[panel.index('data-seat="1"') :]
    assert 'data-treasures-shown="1"' in seat1 and name in seat1
    assert "Player 2 draws a treasure face down:" in app.log.value


# ---- new game form --------------------------------------------------------------------------


def test_new_game_form_starts_the_game_it_shows() -> None:
    app = new_app()
    form = app.setup
    form.players.value = 3
    # a character another seat holds is not offered (R2.1): free barbar first
    form.characters[2].value = "char-priester"
    form.characters[0].value = "char-elfe"
    form.characters[1].value = "char-barbar"
    form.controllers[0].value = HUMAN
    form.controllers[1].value = "random"
    form.controllers[2].value = HUMAN
    form.seed.value = 42
    form.round_limit.value = 12
    form.start_seat.value = 1
    form.variant_boxes["long_walk"].value = True
    form.start.click()
    g = app.model.game
    assert g.players == 3 and g.setup.seed == 42 and g.setup.round_limit == 12
    assert g.setup.characters == ("char-elfe", "char-barbar", "char-priester")
    assert g.variants.long_walk and g.setup.start_seat == 1
    assert app.model.session.controllers == [HUMAN, "random", HUMAN]
    assert app.tabs.selected_index == 0
    # seat 2 (index 1) is a bot and starts: it moved at once, up to the human seat 3
    assert app.model.session.human_to_move or g.is_over


def test_new_game_form_reports_a_setup_error() -> None:
    app = new_app()
    form = app.setup
    form.players.value = 2
    form.characters[0].value = "char-elfe"
    # the form offers no seat a character another seat holds (R2.1) ...
    offered = [[v for _, v in ch.options] for ch in form.characters[:2]]
    assert "char-elfe" in offered[0] and "char-elfe" not in offered[1]
    with pytest.raises(traitlets.TraitError):
        form.characters[1].value = "char-elfe"
    # ... and a setup the engine refuses anyway (here: the same one twice) is reported
    game = app.model.game
    values = {**form.values(), "characters": ["char-elfe", "char-elfe"]}
    assert app.start_game(values) is False
    assert app.model.game is game
    assert "R2.1" in form.message.value


def test_new_game_form_names_the_deck_and_keeps_characters_apart() -> None:
    app = new_app()
    form = app.setup
    from verlies.deck import Deck

    assert f"Standard ({Deck.DEFAULT_EDITION})" in form.deck_note.value  # name and edition
    form.set_deck(Deck.edition("standard-1"))
    assert "Standard (standard-1)" in form.deck_note.value
    form.set_deck(Deck.default())
    form.players.value = 4
    chosen = [ch.value for ch in form.characters]
    assert len(set(chosen)) == 4
    for i, ch in enumerate(form.characters):
        offered = {v for _, v in ch.options}
        assert chosen[i] in offered and not offered & (set(chosen) - {chosen[i]})
    # a new choice leaves the others' lists at once; the old one comes back to them
    old = chosen[0]
    new = next(v for _, v in form.characters[0].options if v not in chosen)
    form.characters[0].value = new
    for ch in form.characters[1:]:
        offered = {v for _, v in ch.options}
        assert new not in offered and old in offered


def test_rule_ids_in_the_log_open_their_rule_text() -> None:
    from verlies.rules_text import RULES

    app = new_app()
    log = app.log.value
    assert "<details>" in log and '<summary data-rule="R3.1">' in log
    # the texts travel once, in the page's stylesheet, as the content of the paragraph
    # after the line's summary
    css = app.style.value
    start = css.index('[data-rule="R3.1"] + p::after')
    assert RULES["R3.1"][:40] in css[start : start + 400]
    assert "</style>" not in css[start : start + len(RULES["R3.1"]) + 200].replace("\n</style>", "")


def test_editor_tab_slot() -> None:
    import ipywidgets as widgets

    app = new_app()
    assert app.tabs.children[2].children == ()  # the deck editor: built when first shown
    app.tabs.selected_index = 2
    assert app.tabs.children[2].children == (app.editor.widget,)  # mounted
    page = widgets.HTML("more")
    app.add_tab("More", page)
    last = len(app.tabs.children) - 1  # after the Balance tab
    assert app.tabs.children[-1] is page and app.tabs.get_title(last) == "More"
    app.lang_toggle.value = "de"
    assert app.tabs.get_title(last) == "More"
    assert app.tabs.get_title(2) == "Deck & Karten"


def test_editor_deck_is_used_by_new_games() -> None:
    app = new_app()
    editor = app.editor
    editor.select("room", "raum-gold-03")
    editor.set_text("7 Gold.")
    editor.apply_to_new_games()
    assert app.model.deck.rooms["raum-gold-03"].text == "7 Gold."
    app.start_game(app.setup.values())
    assert app.model.game.deck.rooms["raum-gold-03"].text == "7 Gold."


# ---- messages ------------------------------------------------------------------------------


def test_a_step_sends_little(sent: list[int]) -> None:
    app = new_app(seed=5, controllers=["random", "random"], round_limit=30)
    for _ in range(6):
        app.steps.turn.click()  # the dungeon grows; sprites get made
    for _ in range(40):
        sent.clear()
        app.steps.step.click()
        # only what changed: the state line, the newest log lines, the slider, the board ...
        assert sum(sent) < 12_000 and len(sent) <= 10, sent
        if app.model.game.is_over:
            break


def test_the_log_in_parts_reads_like_the_whole_log() -> None:
    from verlies.ui.core.words import t
    from verlies.ui.play.log_html import log_html

    def lines(html: str) -> list[str]:
        return re.findall(r"<details>.*?</details>", html)

    app = new_app(seed=5, controllers=["random", "random"], round_limit=30)
    for _ in range(8):
        app.steps.turn.click()
    whole = lines(log_html(app.model.session, "en", False, None))
    shown = lines(app.log.value)
    assert 25 <= len(shown) <= 45 and shown == whole[: len(shown)]  # newest first
    assert t("log_more", "en", n=len(whole) - len(shown)) in app.log.value
    for _ in range(12):  # a step re-sends one part of the log (the newest) at most
        before = [w.value for w in app.log.parts]
        app.steps.step.click()
        assert sum(w.value != v for w, v in zip(app.log.parts, before, strict=True)) <= 1
    app.log_all.value = True
    assert lines(app.log.value) == lines(log_html(app.model.session, "en", False, None))
    app.history.slider.value = 0  # back to the start: the setup's lines only
    assert lines(app.log.value) == lines(log_html(app.model.session, "en", False, None))


def test_r9_3_treasure_draw_is_face_down_in_play_mode() -> None:
    from verlies import Card, Draw, Place

    app = new_app()
    g = app.model.game
    g.apply(Draw())
    g.apply(Card("r-raum-t-01"))
    g.apply(next(a for a in g.legal_actions() if isinstance(a, Place)))
    g.apply(Card("raum-schatz-01"))  # "Ein Schatz."
    assert g.chance_kind == "treasure"
    app.model.set_designer(False)
    assert "face down" in app.chance.table.value or "verdeckt" in app.chance.table.value
    assert list(app.chance.pick.options) == []
    assert "schatz-" not in app.chance.table.value
    app.model.set_designer(True)  # a designer sees the pile's cards and can steer the draw
    app.chance.picking.value = True
    assert len(app.chance.pick.options) > 1


def test_decision_shows_what_it_is_about_before_the_roll() -> None:
    from verlies import Card, Draw, Place

    app = new_app()
    g = app.model.game
    g.apply(Draw())
    g.apply(Card("r-gang-straight-04"))  # Tür red 6 (7 in the first edition)
    g.apply(next(a for a in g.legal_actions() if isinstance(a, Place)))
    assert g.pending == "obstacle"
    app.refresh()
    ch = g.figures[g.seat].character
    assert f"Door 6: Strength {ch.staerke} + W6 ≥ 6" in app.actions.title.value


# ---- the board's hidden dungeon ------------------------------------------------------------


class _Recorder:
    """Stands in for an ipycanvas Canvas: notes every attribute set and every call."""

    def __init__(self) -> None:
        object.__setattr__(self, "calls", [])

    def __setattr__(self, name: str, value: Any) -> None:
        self.calls.append(("set", name, value))

    def __getattr__(self, name: str) -> Any:
        return lambda *args: self.calls.append((name, *args))


def _painted(card: Any, mask: int, collapsed: bool = False, gold: bool = True) -> _Recorder:
    from verlies.ui.board.tile_paint_view import paint_tile

    rec = _Recorder()
    paint_tile(rec, card, mask, collapsed, gold, lambda glyph, color, box: ("glyph", color))
    return rec


def test_a_card_is_painted_with_everything_its_svg_shows() -> None:
    from verlies.deck import Deck
    from verlies.render import style as st

    deck = Deck.default()
    card = next(c for c in deck.dungeon.values() if c.gold and c.obstacle is not None)
    rec = _painted(card, card.mask)
    fills = {c[2] for c in rec.calls if c[:2] == ("set", "fill_style")}
    texts = [c[1] for c in rec.calls if c[0] == "fill_text"]
    assert st.ROCK in fills and st.FLOOR in fills and st.GEM[card.color] in fills
    assert st.GOLD in fills and st.OBSTACLE_DOT[card.obstacle.color] in fills
    assert str(card.gold) in texts and str(card.obstacle.n) in texts
    assert st.COLOR_LETTER[card.color] in texts and st.COLOR_LETTER[card.obstacle.color] in texts
    assert ("glyph", st.INK) in [c[1] for c in rec.calls if c[0] == "draw_image"]
    # every passage of the mask is floor: one floor channel per open side
    floor_rects = 0
    fill = None
    for call in rec.calls:
        if call[:2] == ("set", "fill_style"):
            fill = call[2]
        elif call[0] == "fill_rect" and fill == st.FLOOR:
            floor_rects += 1
    assert floor_rects >= bin(card.mask & 0xF).count("1")
    # the gold taken (R4.1): no coin; the numbers are whole pixels (few bytes)
    assert str(card.gold) not in [
        c[1] for c in _painted(card, card.mask, gold=False).calls if c[0] == "fill_text"
    ]
    coords = [a for c in rec.calls if c[0] in ("line_to", "fill_rect") for a in c[1:]]
    assert coords and all(isinstance(a, int) for a in coords)


def test_start_and_a_collapsed_exit_show_their_emblems() -> None:
    from verlies.cards.model import TileKind
    from verlies.deck import Deck
    from verlies.render import style as st

    deck = Deck.default()
    start = next(c for c in deck.dungeon.values() if c.kind is TileKind.START)
    exit_ = next(c for c in deck.dungeon.values() if c.kind is TileKind.EXIT)
    assert "α" in [c[1] for c in _painted(start, start.mask).calls if c[0] == "fill_text"]
    calls = _painted(exit_, exit_.mask, collapsed=True).calls
    assert "Ω" in [c[1] for c in calls if c[0] == "fill_text"]
    strokes = [c[2] for c in calls if c[:2] == ("set", "stroke_style")]
    assert st.DANGER in strokes  # the cross over a collapsed exit
    rubble = [c[2] for c in calls if c[:2] == ("set", "fill_style") and c[2] in st.RUBBLE]
    assert rubble  # rocks in its passage
    assert st.DANGER not in [
        c[2] for c in _painted(exit_, exit_.mask).calls if c[:2] == ("set", "stroke_style")
    ]


def test_laying_a_card_paints_it_once_and_makes_no_widget(sent: list[int]) -> None:
    import comm

    app = new_app(seed=5, controllers=["random", "random"], round_limit=30)
    for _ in range(6):
        app.steps.turn.click()
    world = app.board.world
    opened: list[str] = []
    original = comm.DummyComm.publish_msg

    def record(self: Any, msg_type: str, *args: Any, **kw: Any) -> None:
        opened.append(msg_type)
        original(self, msg_type, *args, **kw)

    laid = quiet = 0
    comm.DummyComm.publish_msg = record  # type: ignore[method-assign]
    try:
        for _ in range(60):
            tiles, painted = len(app.model.game.board), world.painted
            keys = set(app.board.sprites._drawings)
            opened.clear()
            app.steps.step.click()
            if len(app.model.game.board) == tiles + 1:
                laid += 1
                assert world.painted == painted + 1  # the new card only, into its chunk
                # no picture per card: new canvases only for a first glyph, pawn or chunk
                new = set(app.board.sprites._drawings) - keys
                assert {k[0] for k in new} <= {"glyph", "pawn", "chunk"}, new  # type: ignore[index]
                quiet += "comm_open" not in opened
            if app.model.game.is_over:
                break
    finally:
        comm.DummyComm.publish_msg = original  # type: ignore[method-assign]
    assert quiet >= 1  # a card laid with nothing new to make opens no widget at all
    assert laid >= 2
    # every card on the board lies in a chunk, and the chunks are on the tile layer
    assert {world.chunk_of(t.pos) for t in app.model.game.board.values()} <= set(world.chunks)


def test_a_new_browser_gets_the_whole_dungeon_again() -> None:
    app = new_app(seed=5, controllers=["random", "random"], round_limit=30)
    for _ in range(6):
        app.steps.turn.click()
    world = app.board.world
    painted = world.painted
    app.board._tiles_ready()  # what a browser's "client ready" does
    assert world.painted - painted == len(app.model.game.board)


def test_the_log_parts_keep_their_places_and_the_stylesheet_orders_them() -> None:
    app = new_app(seed=5, controllers=["random", "random"], round_limit=30)
    children = app.log.widget.children
    tops = set()
    for _ in range(12):
        app.steps.step.click()
        assert app.log.widget.children == children  # no reordering message
        top = int(re.search(r'data-top="(\d+)"', app.log.older.value).group(1))  # type: ignore[union-attr]
        tops.add(top)
        parts = [re.search(r'data-part="(\d+)"', w.value) for w in app.log.ordered()[:-1]]
        numbers = [int(p.group(1)) for p in parts if p]
        assert numbers == sorted(numbers, reverse=True) and numbers[0] % app.log.PARTS == top
        # the stylesheet puts the newest part's widget first
        assert f'data-top="{top}"]) > .widget-html:nth-child({top + 1}) {{ order: 0; }}' in (
            app.style.value
        )
    assert len(tops) > 1


# ---- the legal actions of a bot, the coins ---------------------------------------------------


def test_a_bots_options_are_shown_read_only() -> None:
    app = new_app(seed=5, controllers=["random", "random"], round_limit=30)
    for _ in range(60):
        if app.model.session.bot_to_move:
            break
        app.steps.step.click()
    assert app.model.session.bot_to_move
    labels = [
        (a.label, a) for a in app.model.game.legal_actions()
    ]  # English labels, as the page shows them (odds added)
    head = app.actions.title.value
    assert 'class="vl-bot-options"' in head and f'data-n="{len(labels)}"' in head
    for label, _a in labels:
        assert label in head
    assert head in app.status.value  # shown with the state line
    assert app.actions.actions == []  # no buttons to press for a bot
    assert "read-only" in head


def test_coins_are_worded_alike_for_every_seat() -> None:
    session = _game_with_bot_treasure()
    app = PlayApp(session, lang="en")
    panel = app.players.value
    seat1 = panel[panel.index('data-seat="1"') :]
    coins = app.model.game.figures[1].coins
    coins_text = "1 coin" if coins == 1 else f"{coins} coins"
    assert f"{coins_text} + treasures (value hidden)" in seat1
    assert "Treasures: 1 face down" in seat1
    app.designer_box.value = True
    f = app.model.game.figures[1]
    panel = app.players.value
    seat1 = panel[panel.index('data-seat="1"') :]
    coins_text = "1 coin" if f.coins == 1 else f"{f.coins} coins"
    assert f"{coins_text} + treasures worth {f.gold - f.coins} Gold = {f.gold} Gold" in seat1
    app.model.set_lang("de")
    coins_de = "1 Münze" if f.coins == 1 else f"{f.coins} Münzen"
    assert f"{coins_de} + Schätze im Wert von" in app.players.value


def test_the_search_bot_takes_a_seat_on_the_page() -> None:
    """Issue 13: the search bot ("strong") is offered in the New-game form and plays a seat."""
    from verlies.ui.core.session import bot_names

    assert bot_names()[-1] == "strong" and "careful" in bot_names()
    app = new_app(seed=5, controllers=["strong", "careful"], round_limit=6)
    app.steps.end.click()
    assert app.model.game.is_over
    assert state(app)["over"] == "1"


def test_every_offered_bot_is_named_in_both_languages() -> None:
    """The New-game form shows each bot by its name in the page's language, never its id
    (the race bots "sprinter" and "ismcts" came after the first names)."""
    from verlies.i18n import table
    from verlies.ui.core.session import bot_names
    from verlies.ui.core.words import bot_name

    for name in bot_names():
        key = f"page.botname.{name}"
        assert key in table("de") and key in table("en"), name
    assert bot_name("ismcts", "de") == "Suchbaum"
    assert bot_name("ismcts", "en") == "tree search"


# ---- found by typing the widget classes (mypy --strict) --------------------------------------


def test_a_log_not_shown_yet_reads_in_widget_order() -> None:
    """Before its first show() the log names no newest part (no data-top): it is read, as
    the page shows it, in the widgets' order, not with an AttributeError."""
    from verlies.ui.play.panels_view import LogView

    log = LogView()
    assert log.ordered() == [*log.parts, log.older]
    assert log.value == ""


def test_the_deck_tab_refuses_a_deck_made_only_to_play() -> None:
    """The engine plays any DeckLike; the deck editor needs a verlies.Deck and says so
    (it failed inside the editor with an AttributeError before)."""
    from verlies.deck import Deck

    deck = Deck.default()
    play_only = ("characters", "start", "dungeon", "rooms", "monsters", "treasures")
    play_only += ("room_counts", "monster_counts", "treasure_counts", "dungeon_pile")

    class PlayOnlyDeck:
        def __getattr__(self, name: str) -> Any:
            if name in play_only:
                return getattr(deck, name)
            raise AttributeError(name)

    app = PlayApp(deck=PlayOnlyDeck(), lang="en")  # type: ignore[arg-type]
    assert isinstance(app.model.game.deck, PlayOnlyDeck)  # the game plays the deck it was given
    with pytest.raises(TypeError, match="PlayOnlyDeck cannot be edited: use a verlies.Deck"):
        app.editor  # noqa: B018 - built now
    assert app.tabs.children[2].children == ()  # nothing mounted


def test_the_editor_declares_every_field_it_takes_from_the_card_form() -> None:
    """DeckEditor offers the card form's fields (FIELDS) as its own attributes with setattr;
    its class declares each one so that mypy knows them (a field added to FIELDS alone
    would be unknown to the type checker)."""
    from verlies.ui.deck.editor_view import DeckEditor
    from verlies.ui.deck.form_view import FIELDS

    assert set(FIELDS) == set(DeckEditor.__annotations__)
    editor = DeckEditor(lang="en")
    assert all(getattr(editor, name) is getattr(editor.form, name) for name in FIELDS)


def test_the_boards_machine_readable_targets_are_hidden_from_screen_readers() -> None:
    """The board's data spans ("place (-1, 0)", English, for tests and tools) are
    aria-hidden; a screen reader reads the board's text in the page's language."""
    app = new_app(seed=3)
    assert '<div class="vl-board-data" aria-hidden="true"' in app.board.info_html
    app.model.set_lang("de")
    assert '<div class="vl-board-data" aria-hidden="true"' in app.status.value
    assert "vl-board-text" in app.status.value

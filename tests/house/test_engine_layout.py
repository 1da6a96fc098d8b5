"""The engine's shape: typed frames, OpenSpiel's ids, public accessors, words from i18n."""

from __future__ import annotations

import ast
import dataclasses
import random
import typing
from pathlib import Path

import pytest

import verlies
from verlies import CHANCE, TERMINAL, Game, Pending, Variants
from verlies import frames as F
from verlies import views as V
from verlies.frames import KINDS, Frame

ROOT = Path(verlies.__file__).parent
ENGINE = [
    "rules",
    "state",
    "legal",
    "turns",
    "obstacles",
    "encounters",
    "frames",
    "setup",
    "views",
    "record",
    "game",
    "board",
    "dice",
    "variants",
    "errors",
]


def _random_game(seed: int, players: int = 3) -> Game:
    rng = random.Random(seed)
    game = Game.new(players=players, seed=seed, round_limit=60)
    while not game.is_over:
        if game.is_chance:
            game.roll()
        else:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    return game


# ---- ids -----------------------------------------------------------------------------------


def test_player_ids_are_openspiels() -> None:
    # OpenSpiel: CHANCE = -1, SIMULTANEOUS = -2, INVALID = -3, TERMINAL = -4.
    assert (CHANCE, TERMINAL) == (-1, -4)
    game = _random_game(1)
    assert game.is_over and game.current_player == TERMINAL


def test_an_old_save_loads_with_the_new_terminal_id() -> None:
    # The id is not stored in saves: a finished game saved before loads and is over.
    game = _random_game(2)
    back = Game.from_json(game.to_json())
    assert back.current_player == TERMINAL and back.to_json() == game.to_json()


# ---- frames ----------------------------------------------------------------------------------


def _frame_types() -> list[type[Frame]]:
    return [t for t in vars(F).values() if isinstance(t, type) and issubclass(t, Frame)]


def test_every_frame_type_has_one_distinct_kind() -> None:
    types = [t for t in _frame_types() if t is not Frame]
    assert sorted(KINDS, key=lambda t: t.__name__) == sorted(types, key=lambda t: t.__name__)
    assert len(set(KINDS.values())) == len(KINDS)


def test_decisions_and_chance_points_are_apart() -> None:
    assert not F.DECISIONS & F.CHANCES
    assert F.DRAWS | F.DIE_ROLLS | {F.GoldRoll} == F.CHANCES
    assert F.WAITING == F.DECISIONS | F.CHANCES


def test_frames_are_values_with_readable_names() -> None:
    a = F.ObstacleRoll((1, 0), (0, 0), True, 2)
    assert (a.pos, a.came_from, a.new, a.bonus) == ((1, 0), (0, 0), True, 2)
    assert a == F.ObstacleRoll((1, 0), (0, 0), True, 2) and a != F.Enter((1, 0), (0, 0), True)
    assert a.kind == "oroll"
    assert repr(a) == "ObstacleRoll(pos=(1, 0), came_from=(0, 0), new=True, bonus=2)"
    assert F.TURN.kind == "turn" and F.TURN is F.TURN  # field-less frames are shared


def test_nothing_outside_the_rules_reads_a_frame_by_position() -> None:
    """No ``stack[-1][...]``/``frame[...]`` subscripts anywhere in the package."""
    offenders = []
    for path in ROOT.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Subscript):
                target = node.value
                name = target.id if isinstance(target, ast.Name) else ""
                if isinstance(target, ast.Attribute):
                    name = target.attr
                if name == "frame" or (
                    isinstance(target, ast.Subscript)
                    and isinstance(target.value, ast.Attribute)
                    and target.value.attr == "stack"
                    and isinstance(node.slice, ast.Constant)
                    and isinstance(node.slice.value, int)
                ):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


def test_pending_kinds_seen_in_play_are_the_documented_ones() -> None:
    documented = set(KINDS[t] for t in F.WAITING) | {"over"}
    seen: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        game = Game.new(players=2 + seed % 3, seed=seed, round_limit=40)
        while not game.is_over:
            ctx = game.pending_context()
            assert isinstance(ctx, Pending) and ctx.kind == game.pending
            seen.add(ctx.kind)
            if game.is_chance:
                game.roll()
            else:
                legal = game.legal_actions()
                game.apply(legal[rng.randrange(len(legal))])
        seen.add(game.pending_context().kind)
    assert seen <= documented
    assert {"turn", "draw", "place", "over"} <= seen


def test_a_players_view_shows_the_typed_pending() -> None:
    game = Game.new(players=2, seed=5)
    game.apply(game.legal_actions()[0])  # draw
    game.roll()
    view = game.view(0)
    assert view.pending == game.pending_context()
    assert view.pending.kind == "place" and view.pending.card == game.drawn
    assert not hasattr(view, "frame")


#: Each pending kind's value (verlies.views): the kinds of a card draw share ``Drawing``.
PENDING_CLASS = {
    "turn": V.Turning,
    "place": V.Placing,
    "obstacle": V.ObstacleDecision,
    "oroll": V.ObstacleRolling,
    "fight": V.FightDecision,
    "froll": V.FightRolling,
    "mroll": V.MonsterRolling,
    "trap": V.TrapDecision,
    "troll": V.TrapRolling,
    "gold": V.GoldRolling,
    "lose": V.Losing,
    "draw": V.Drawing,
    "room": V.Drawing,
    "monster": V.Drawing,
    "treasure": V.Drawing,
    "over": V.Over,
}


def test_each_pending_kind_is_its_own_small_value_with_only_its_fields() -> None:
    """Pending is a union of one frozen value per kind: a game's pending value is the class
    of its kind, carries the frame's facts, and has no field of another kind."""
    assert set(typing.get_args(V.Pending)) == set(PENDING_CLASS.values())
    seen: set[str] = set()
    for seed in range(8):
        rng = random.Random(seed)
        game = Game.new(players=2 + seed % 3, seed=seed, round_limit=60)
        while True:
            ctx = game.pending_context()
            assert type(ctx) is PENDING_CLASS[ctx.kind]
            assert ctx.seat == (-1 if game.is_over else game.state.seat)
            seen.add(ctx.kind)
            frame = game.state.top
            if isinstance(ctx, V.Placing):
                assert ctx.card is game.drawn
            if isinstance(ctx, V.ObstacleTest):
                assert isinstance(frame, F.ObstacleChoice | F.ObstacleRoll)
                assert ctx.pos == frame.pos and ctx.obstacle is game.board[frame.pos].card.obstacle
                assert ctx.target == ctx.obstacle.n and ctx.attr is ctx.obstacle.attr
                assert ctx.bonus == (frame.bonus if isinstance(frame, F.ObstacleRoll) else 0)
            if isinstance(ctx, V.MonsterRolling):
                assert isinstance(frame, F.MonsterRoll) and ctx.roll == frame.roll
            if isinstance(ctx, V.Losing):
                assert isinstance(frame, F.LossChoice) and ctx.target == frame.amount
            if game.is_over:
                break
            if game.is_chance:
                game.roll()
            else:
                legal = game.legal_actions()
                game.apply(legal[rng.randrange(len(legal))])
    assert {"turn", "place", "obstacle", "oroll", "draw", "over"} <= seen
    # A kind's value has no field of another kind (slots: nothing can be set either).
    turning = V.Turning(0)
    for name in ("card", "obstacle", "monster", "trap", "attr", "value", "target", "chance"):
        assert not hasattr(turning, name)
    with pytest.raises(dataclasses.FrozenInstanceError):
        turning.seat = 1  # type: ignore[misc]


def test_mypy_proves_a_reader_reads_only_what_its_kind_carries(tmp_path: Path) -> None:
    """Reading a field of one kind from an unnarrowed Pending is a type error; after an
    isinstance check it is not."""
    from mypy import api

    reader = tmp_path / "reader.py"
    reader.write_text(
        "from verlies.views import ObstacleDecision, Pending\n\n\n"
        "def unnarrowed(p: Pending) -> object:\n"
        "    return p.obstacle\n\n\n"
        "def narrowed(p: Pending) -> object:\n"
        "    if isinstance(p, ObstacleDecision):\n"
        "        return p.obstacle\n"
        "    return (p.kind, p.seat)\n",
        encoding="utf-8",
    )
    out, _, status = api.run(
        [str(reader), "--strict", "--follow-imports=silent", "--cache-dir", str(tmp_path / "c")]
    )
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 1 and errors
    assert all("reader.py:5:" in line and 'no attribute "obstacle"' in line for line in errors)
    # every kind but the two obstacle tests lacks it
    assert len(errors) == len(set(PENDING_CLASS.values()) - {V.ObstacleDecision, V.ObstacleRolling})


# ---- accessors --------------------------------------------------------------------------------


def test_public_accessors_for_what_pages_and_simulations_read() -> None:
    game = Game.new(players=2, seed=5)
    assert game.drawn is None and game.bank is None
    assert game.deck_sizes() == game.view(0).deck_sizes()
    assert game.exits_left == game.view(0).exits_left() == 1
    game.apply(game.legal_actions()[0])  # draw
    game.roll()
    assert game.drawn is not None and game.pending == "place"
    banked = Game.new(players=2, seed=5, variants=Variants(limited_bank=True))
    assert banked.bank == 48
    finished = _random_game(3)
    assert finished.escape_order == finished.result.escaped  # type: ignore[union-attr]


# ---- words -----------------------------------------------------------------------------------


def test_status_speaks_both_languages() -> None:
    game = Game.new(players=2, seed=5)
    assert game.status("en") == "Round 1, player 1 to move (turn)"
    assert game.status("de") == "Runde 1, Spieler 1 am Zug (turn)"
    game.apply(game.legal_actions()[0])
    assert game.status("en") == "Round 1, chance to move (draw)"


@pytest.mark.parametrize("name", ["rules", "state", "legal", "turns", "obstacles", "encounters"])
def test_the_rules_hold_no_german_words(name: str) -> None:
    text = (ROOT / f"{name}.py").read_text(encoding="utf-8")
    for word in ("Spieler", "geschafft", "Verlieskarten", "Schatzkarten", "Falle", "Engine"):
        assert f'"{word}' not in text and f"'{word}" not in text, (name, word)


# ---- size ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ENGINE)
def test_engine_modules_stay_readable(name: str) -> None:
    lines = (ROOT / f"{name}.py").read_text(encoding="utf-8").count("\n")
    assert lines <= 700, f"verlies/{name}.py has {lines} lines"

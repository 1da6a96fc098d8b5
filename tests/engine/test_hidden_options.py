"""A hot-seat page lists a bot's options as the person at the screen may know them (R9.3,
verlies.hidden.options_game): twin games that differ only in the bot's face-down treasure
show the same options, none of them naming the treasure; the designer and the bot's own
view still see it."""

from __future__ import annotations

from collections.abc import Callable

from verlies.actions import Attempt, Choose
from verlies.game import Game
from verlies.hidden import FACE_DOWN, options_game
from verlies.sim.bots import make_bot
from verlies.ui.board.board_text import board_lines
from verlies.ui.core.session import HUMAN, Session
from verlies.ui.play.controller import Controller

BOT = 1  # the bot's seat; seat 0 is the person at the screen


def _names_treasure(game: Game) -> bool:
    return any(getattr(a, "treasure", None) for a in game.legal_actions())


def odds_with_treasure(game: Game) -> bool:
    """An option that uses a treasure on a roll (R9.5): its label has odds the card makes."""
    return any(isinstance(a, Attempt | Choose) and a.treasure for a in game.legal_actions())


def _twins(
    games: int = 80, max_steps: int = 600, wanted: Callable[[Game], bool] = _names_treasure
) -> tuple[Game, Game]:
    """A position where the bot is to move with an option that names a treasure it holds
    (``wanted``: such an option of a kind), and its twin in which the bot drew another
    treasure instead (the same position else)."""
    for seed in range(games):
        game = Game.new(players=2, seed=seed, log=False)
        bots = [make_bot("greedy", seed + s) for s in range(2)]
        twin: Game | None = None
        while not game.is_over and game.step_count < max_steps:
            if game.is_chance:
                outcome = game.sample_outcome()
                if twin is None and game.chance_kind == "treasure" and game.seat == BOT:
                    others = [o for o, _ in game.chance_outcomes() if o != outcome]
                    if others:
                        twin = Game(game.setup, [*game.steps, others[0]], log=False)
                        game.apply(outcome)
                        continue
                game.apply(outcome)
                if twin is not None:
                    twin.apply(outcome)
                continue
            seat = game.current_player
            if twin is not None and seat == BOT and wanted(game) and twin.current_player == BOT:
                return game, twin
            action = bots[seat](game.view(seat))
            game.apply(action)
            if twin is not None:
                if action not in twin.legal_actions():
                    break
                twin.apply(action)
    raise AssertionError(f"no such position in {games} games")


def _shown(game: Game, *, designer: bool = False, lang: str = "en") -> list[str]:
    decision = Controller(Session(game, [HUMAN, "greedy"]), lang, designer).decision()
    assert decision is not None and decision.bot  # the bot decides: a read-only list
    return [row.label for row in decision.rows]


def test_a_bots_options_do_not_name_its_face_down_treasure() -> None:
    game, twin = _twins()
    held = {h.card.id for h in game.figures[BOT].treasures if not h.used}
    names = {
        game.state.deck.treasures[cid].name.en for cid in held if cid in game.state.deck.treasures
    }
    assert held and names

    # The designer sees the real options: one of them names a treasure the bot holds.
    designer_rows = _shown(game, designer=True)
    assert any(any(n in label for n in names) for label in designer_rows)

    for lang in ("en", "de"):
        rows, twin_rows = _shown(game, lang=lang), _shown(twin, lang=lang)
        assert rows == twin_rows  # nothing on the screen tells the two hands apart
        assert rows  # the bot still has its options listed
        for label in rows:
            for cid in held:
                card = game.state.deck.treasures.get(cid)
                if card is not None:
                    assert card.name.get(lang) not in label, label
                assert cid not in label, label


def test_the_screen_game_is_the_game_where_the_screen_may_know() -> None:
    game, _ = _twins()
    assert options_game(game, BOT) is game  # the bot's own view
    assert options_game(game, 0, sees_all=True) is game  # the designer
    seen = options_game(game, 0)
    assert seen is not game
    assert all(
        h.used or h.card == FACE_DOWN for h in seen.figures[BOT].treasures
    )  # the bot's unused treasures are face-down cards there
    assert seen.setup.seed == 0  # and nothing in it predicts a roll
    assert not any(
        getattr(a, "treasure", None) not in (None, FACE_DOWN.id) for a in seen.legal_actions()
    )


def test_the_board_text_lists_the_moves_the_screen_may_know() -> None:
    """The board's text for screen readers (verlies/ui/board/board_text.py) lists the legal
    moves: at hot-seat from the same game as the options panel, so a bot's face-down
    treasure and the odds it gives are not read out there either (it named the card)."""
    game, twin = _twins(games=200, wanted=odds_with_treasure)
    held = [h.card for h in game.figures[BOT].treasures if not h.used]
    for lang in ("en", "de"):
        shown = [
            board_lines(Controller(Session(g, [HUMAN, "greedy"]), lang).screen_game(), lang)
            for g in (game, twin)
        ]
        assert shown[0] == shown[1]
        designer = Controller(Session(game, [HUMAN, "greedy"]), lang, True).screen_game()
        assert designer is game  # the designer reads the real hand
        real = board_lines(designer, lang)
        assert real != shown[0]  # there a move uses the card, with its odds
        names = [card.name.get(lang) for card in held]
        assert any(name in line for name in names for line in real)
        assert not any(name in line for name in names for line in shown[0])

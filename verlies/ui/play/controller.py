"""The play page's decisions without widgets: what a click means, which placement is
chosen, and the page model of the game as it is now (scene, state line, hints, the
decision's actions, the chance table, the players' cards).

A click on cell (x, y) becomes an :data:`~verlies.ui.core.page_model.Intent` (take an action,
choose or turn a placement, or say why nothing happens); the view carries it out and
draws the values :meth:`Controller.scene` and :meth:`Controller.status` return. No rules
here: what is legal, the odds and the results come from the game.
"""

from __future__ import annotations

from fractions import Fraction

from verlies.actions import Draw, Place
from verlies.game import Game
from verlies.hidden import options_game
from verlies.ui.core.describe import (
    action_label,
    chance_context,
    chance_title,
    character_name,
    controller_label,
    decision_context,
    outcome_label,
    player_label,
)
from verlies.ui.core.page_model import (
    ActionRow,
    Badge,
    ChanceRow,
    ChanceTable,
    Decide,
    Decision,
    FigureMark,
    Ghost,
    Highlight,
    Hint,
    Intent,
    Placing,
    PlayerRow,
    Reselect,
    Say,
    Scene,
    Status,
    TreasureItem,
    face_runs,
    passing_faces,
)
from verlies.ui.core.session import RunResult, Session
from verlies.ui.core.theme import HINTS
from verlies.ui.core.words import bot_name, pct, t


class Controller:
    """The page's state beyond the game (language, designer mode, the placement being
    chosen) and everything the page derives from the session."""

    def __init__(self, session: Session, lang: str = "de", designer: bool = False) -> None:
        self.session = session
        self.lang = lang
        self._designer = designer
        self.selected: tuple[int, int] | None = None
        self.rotation = 0

    @property
    def designer(self) -> bool:
        """Designer mode: every hidden card shown. Never for a seat or a spectator of a
        shared table (their session's ``sees_all`` is False: only the designer's link)."""
        return self._designer and bool(getattr(self.session, "sees_all", True))

    @designer.setter
    def designer(self, on: bool) -> None:
        self._designer = on

    @property
    def game(self) -> Game:
        return self.session.game

    # ---- the placement being chosen ----------------------------------------------------------

    def clear_selection(self) -> None:
        self.selected = None
        self.rotation = 0

    def selected_place(self) -> Place | None:
        """The Place action the chosen cell and rotation stand for, if it is legal now."""
        if self.selected is None:
            return None
        options = self.session.placements().get(self.selected)
        if not options:
            return None
        return options[self.rotation % len(options)]

    def click(self, x: int, y: int) -> Intent:
        """A click on grid cell (x, y): choose or turn a placement, or walk there."""
        s = self.session
        if not s.human_to_move:
            seat = s.table_seat
            if seat is not None:  # not the mover's instruction: whose turn it is
                key, values = seat.click_words()
                return Say(key, True, tuple(values.items()))
            return Say(f"hint_{self.hint_key()}")
        if s.game.pending == "place":
            options = s.placements().get((x, y))
            if not options:
                return Say("no_click")
            if self.selected == (x, y):
                self.rotation = (self.rotation + 1) % len(options)
            else:
                self.selected = (x, y)
                self.rotation = 0
            return Reselect()
        option = s.walk_options().get((x, y))
        if option is not None:
            return Decide(option.action)
        return Say("no_click")

    def rotate(self) -> Intent | None:
        """Turn the chosen placement (as a second click on its cell does)."""
        if self.selected is None:
            return None
        return self.click(*self.selected)

    def confirm(self) -> Intent | None:
        """Lay the card as chosen."""
        place = self.selected_place()
        return None if place is None else Decide(place)

    def refusal(self) -> Say | None:
        """Why a person's decision is not taken now (no human to move), or None."""
        if self.session.human_to_move:
            return None
        seat = self.session.table_seat
        if seat is not None:  # a shared table: whose turn, what waits
            key, values = seat.turn_words()
            return Say(key, True, tuple(values.items()))
        return Say(f"hint_{self.hint_key()}", error=True)

    def placing(self) -> Placing | None:
        """The confirm and rotate buttons while the human to move lays a card."""
        s = self.session
        g = s.game
        if g.pending != "place" or g.is_over or not s.human_to_move:
            return None
        place = self.selected_place()
        rotations = len(s.placements().get(self.selected, [])) if place and self.selected else 0
        label = t("lay_here", self.lang)
        if place is not None:
            label = f"{label} ({place.x}, {place.y})"
        return Placing(place, label, place is not None, rotations >= 2)

    # ---- hints --------------------------------------------------------------------------------

    def hint_key(self) -> str:
        """Which hint fits the game now (one of :data:`~verlies.ui.core.theme.HINTS`)."""
        s = self.session
        g = s.game
        if g.is_over:
            return "over"
        if g.is_chance:
            return "chance"
        if not s.is_human(g.current_player):
            return "bot"
        if g.pending == "place":
            return "place"
        if g.pending == "turn" and s.walk_options():
            return "turn"
        if g.pending == "turn" and s.can_draw():
            return "draw"  # nowhere to walk yet: no yellow cell to speak of
        return "decide"

    def hint_text(self) -> str:
        return t(f"hint_{self.hint_key()}", self.lang)

    def hints(self) -> list[Hint]:
        """Every hint in the page's language (the page holds them all, shows one)."""
        return [Hint(k, t(f"hint_{k}", self.lang)) for k in HINTS]

    # ---- the board ----------------------------------------------------------------------------

    def scene(self) -> Scene:
        """The board as it is now: tiles, figures, the cells a click can act on (with the
        engine's odds), the ghost of the placement chosen and the drawn card."""
        s = self.session
        g = s.game
        tiles = list(g.board.values())
        figures = [
            FigureMark(
                f.seat, f.pos[0], f.pos[1], bool(f.injured), not g.is_over and f.seat == g.seat
            )
            for f in g.figures
            if not f.escaped
        ]
        highlights: dict[tuple[int, int], Highlight] = {}
        ghost = None
        card = g.drawn
        if s.human_to_move:
            if g.pending == "place":
                placements = s.placements()
                if self.selected not in placements:
                    self.selected = None
                for cell in placements:
                    highlights[cell] = Highlight("place")
                place = self.selected_place()
                if place is not None and self.selected is not None and card is not None:
                    n = len(placements[self.selected])
                    highlights[self.selected] = Highlight("select")
                    ghost = Ghost(
                        place.x,
                        place.y,
                        card,
                        place.mask,
                        f"⟳ {self.rotation % n + 1}/{n}" if n > 1 else "",
                    )
            else:
                for cell, option in s.walk_options().items():
                    label = pct(option.chance, self.lang) if option.chance < 1 else ""
                    highlights[cell] = Highlight("walk", label)
        banner = self.over_text() if g.is_over else ""
        drawn = None
        if g.pending == "place" and not g.is_over and card is not None:
            drawn = (card, ghost.mask if ghost is not None else card.mask)
        return Scene(
            tiles, figures, highlights, ghost, coords=self.designer, banner=banner, drawn=drawn
        )

    def winners_text(self) -> str:
        g = self.game
        r = g.result
        if r is not None and r.winners:
            who = ", ".join(player_label(g, w, self.lang) for w in r.winners)
            return t("winners", self.lang, who=who)
        return t("no_winner", self.lang)

    def over_text(self) -> str:
        """The board's banner at the end: "Game over – Winner: …"."""
        if self.game.result is None:
            return ""
        return f"{t('game_over', self.lang)} – {self.winners_text()}"

    # ---- the panels ----------------------------------------------------------------------------

    def screen_game(self) -> Game:
        """The game whose options the screen lists (R9.3): at hot-seat, the mover's hidden
        cards as the person at the screen may know them (``verlies.hidden.options_game``);
        at a table the page's game is its seat's already. The panel of options and the
        board's text for screen readers are both read from it."""
        s = self.session
        if s.table_seat is None:
            return options_game(s.game, s.viewer(), sees_all=self.designer)
        return s.game

    def decision(self) -> Decision | None:
        """The legal actions of the player to move; None at a chance point or the end."""
        s = self.session
        g = s.game
        lang = self.lang
        if g.is_over or g.is_chance:
            return None
        g = self.screen_game()
        actions = list(g.legal_actions())
        if not s.human_to_move and not self.designer and s.table_seat is not None:
            # R9.3: another's options at a table without the treasures it may hold (their
            # names and the odds they give); the page's game does not know them anyway.
            actions = [a for a in actions if not getattr(a, "treasure", None)]
        rows = tuple(
            ActionRow(a, action_label(g, a, lang), a.kind, isinstance(a, Draw)) for a in actions
        )
        context = decision_context(g, lang) if rows else ""
        bot = ""
        if not s.human_to_move and not s.is_human(g.current_player):
            bot = t("bot", lang, name=bot_name(s.controllers[g.current_player], lang))
        return Decision(rows, context, bot)

    def chance_table(self) -> ChanceTable | None:
        """The pending chance point with every outcome's odds; None when there is none."""
        g = self.game
        lang = self.lang
        if not g.is_chance:
            return None
        kind = g.chance_kind
        # R9.3: treasures are drawn face down; the pile's make-up would tell who holds what.
        if kind == "treasure" and not self.designer:
            return ChanceTable(kind, "", "", "", (), hidden=True)
        outcomes = [(o, p, outcome_label(g, o, lang)) for o, p in g.chance_outcomes()]
        if kind not in ("die", "gold"):
            outcomes.sort(key=lambda row: (-row[1], row[2]))
        top = max((p for _, p, _ in outcomes), default=Fraction(1))
        # a die that decides a test: which faces succeed (marked in the table, and in words)
        test = passing_faces(g.pending_context()) if kind == "die" else None
        good = test[1] if test else frozenset()
        rows = tuple(
            ChanceRow(
                o,
                label,
                p,
                int(100 * p / top) if top else 0,
                passes=(getattr(o, "value", None) in good) if test else None,
            )
            for o, p, label in outcomes
        )
        passes = ""
        if test:
            passes = (
                t(test[0], lang, faces=face_runs(list(good)))
                if good
                else t("unhurt_none" if test[0] == "unhurt_on" else "passes_none", lang)
            )
        return ChanceTable(
            kind,
            chance_title(g, lang),
            player_label(g, g.seat, lang),
            chance_context(g, lang),
            rows,
            passes=passes,
        )

    def players(self) -> tuple[PlayerRow, ...]:
        """Every seat's card. Treasures show for the viewer, in designer mode and at the
        end (R9.3); the coins are known to everybody."""
        s = self.session
        g = s.game
        lang = self.lang
        result = g.result
        rows = []
        for seat, f in enumerate(g.figures):
            shown = self.designer or s.viewer() == seat or g.is_over
            badges = []
            if f.injured:
                badges.append(Badge("injured", t("injured", lang)))
            if f.escaped:
                badges.append(Badge("escaped", t("escaped", lang)))
            if result is not None and seat in result.left_behind:
                badges.append(Badge("leftbehind", t("left_behind", lang)))
            if result is not None and seat in result.winners:
                badges.append(Badge("winner", f"★ {t('winner', lang)}"))
            items = []
            if shown:
                for held in f.treasures:
                    card = held.card
                    bits = [f"{card.gold} {t('gold', lang)}"]
                    if card.magic is not None:
                        bits.append(t("magic", lang))
                    if held.used:
                        bits.append(t("used", lang))
                    items.append(TreasureItem(card.name.get(lang), ", ".join(bits), card.text))
            n = len(f.treasures)
            none = t("none", lang)
            gold = t("coins_1", lang) if f.coins == 1 else t("coins_n", lang, n=f.coins)
            if f.treasures and shown:
                gold += " " + t("treasure_gold", lang, n=f.gold - f.coins, total=f.gold)
            elif f.treasures:
                gold += " " + t("treasure_gold_hidden", lang)  # how many: the line below
            c = f.character
            rows.append(
                PlayerRow(
                    seat=seat,
                    name=character_name(g, seat, lang),
                    controller=controller_label(s.controllers[seat], lang),
                    values=(
                        ("staerke", t("attr_staerke", lang), c.staerke),
                        ("geist", t("attr_geist", lang), c.geist),
                        ("geschick", t("attr_geschick", lang), c.geschick),
                    ),
                    coins=f.coins,
                    treasure_count=n,
                    shown=shown,
                    injured=bool(f.injured),
                    escaped=f.escaped,
                    badges=tuple(badges),
                    gold=gold,
                    treasures_label=t("treasures", lang),
                    treasures=tuple(items),
                    no_treasures=none if shown or not n else t("hidden_treasures", lang, n=n),
                )
            )
        return tuple(rows)

    def piles(self) -> str:
        """The piles' sizes and the exits left in them (known to everybody)."""
        view = self.game.view(0)
        sizes = view.deck_sizes()
        return (
            f"{t('deck_sizes', self.lang, **sizes)} · "
            f"{t('exits_left', self.lang, n=view.exits_left())}"
        )

    # ---- the state line -----------------------------------------------------------------------

    def status(self) -> Status:
        s = self.session
        g = s.game
        lang = self.lang
        seat = g.seat
        result = g.result
        detail = winners = bot = ""
        if g.is_over:
            headline = t("game_over", lang)
            detail = t(f"reason_{result.reason}", lang) if result else ""
            winners = self.winners_text()
        else:
            headline = t("to_move", lang, who=player_label(g, seat, lang))
            if g.is_chance:
                detail = t("chance_to_move", lang, what=chance_title(g, lang))
            elif not s.is_human(seat):
                bot = t("bot", lang, name=bot_name(s.controllers[seat], lang))
        return Status(
            step=g.step_count,
            history=g.history_length,
            pending=g.pending,
            chance=g.is_chance,
            over=g.is_over,
            seat=seat,
            round=g.round,
            dice=g.chance_kind in ("die", "gold"),
            human=s.human_to_move,
            tiles=len(g.board),
            reason=result.reason if result else "",
            # a table's seat or spectator: no seed on the page (its dice are the table's)
            seed=None if s.table_seat is not None and not self.designer else g.setup.seed,
            players=g.players,
            controllers=tuple(s.controllers),
            hint=self.hint_key(),
            round_text=t("round", lang, n=g.round),
            position_text=t("step_of", lang, i=g.step_count, n=g.history_length),
            headline=headline,
            detail=detail,
            winners=winners,
            bot=bot,
        )

    def run_message(self, result: RunResult) -> str:
        """What a Step / Turn / Round / End button says after it ran."""
        lang = self.lang
        if result.reason == "human":
            text = self.stopped_text()
        elif result.reason == "over":
            text = t("stopped_over", lang)
        elif result.reason == "limit":
            text = t("stopped_limit", lang, n=result.steps)
        else:
            text = t("stepped", lang, n=result.steps)
        if result.steps and result.reason != "done":
            text = f"{t('stepped', lang, n=result.steps)} {text}"
        return text

    def stopped_text(self) -> str:
        """Play stopped because a human decides now."""
        who = player_label(self.game, self.game.current_player, self.lang)
        return t("stopped_human", self.lang, who=who)


__all__ = ["Controller"]

"""What the play page says about a game, as plain text (no widget library here): names of
seats, labels of actions and chance outcomes with the engine's odds, what a decision or a
roll is about. The words come from :mod:`verlies.i18n` (``page.…``) through ``ui.i18n``.
"""

from __future__ import annotations

from fractions import Fraction

from verlies.actions import (
    Action,
    Attempt,
    Card,
    Choose,
    LoseTreasure,
    Outcome,
    Roll,
    UseHeal,
    Walk,
    describe,
)
from verlies.cards.display import kind_word, shape_word
from verlies.cards.model import Attr, DungeonCard, Names, ObstacleClass
from verlies.game import Game
from verlies.i18n import values
from verlies.render import style as st
from verlies.ui.core.session import HUMAN
from verlies.ui.core.words import bot_name, has, pct, t
from verlies.views import (
    DieTest,
    FightDecision,
    FightRolling,
    MonsterRolling,
    ObstacleDecision,
    ObstacleRolling,
    TrapDecision,
    TrapRolling,
)

# ---- seats ------------------------------------------------------------------------------------


def character_name(game: Game, seat: int, lang: str) -> str:
    return game.figures[seat].character.name.get(lang)


def player_label(game: Game, seat: int, lang: str) -> str:
    return f"{t('player', lang, n=seat + 1)} ({character_name(game, seat, lang)})"


def controller_label(name: str, lang: str) -> str:
    return t("human", lang) if name == HUMAN else t("bot", lang, name=bot_name(name, lang))


def attr_name(attr: Attr, lang: str) -> str:
    return values.attr(attr, lang)


# ---- decisions --------------------------------------------------------------------------------


def decision_odds(game: Game, action: Action) -> Fraction | None:
    """The engine's exact odds that go with a decision, where there are any."""
    return game.odds(action)


def action_label(game: Game, action: Action, lang: str) -> str:
    """An action's label, with the engine's odds where they matter (a sure walk: none).
    A treasure it uses or gives up is named by the card's name, not its id."""
    label = describe(_named(game, action, lang), lang)
    odds = decision_odds(game, action)
    if odds is not None and (odds < 1 or not isinstance(action, Walk)):
        ctx = game.pending_context()
        if type(ctx) is ObstacleDecision and ctx.obstacle.cls != ObstacleClass.B:
            # R5.1/R5.3: the figure gets through anyway; the odds are of passing unhurt
            label += f" – {t('unhurt_p', lang, p=pct(odds, lang))}"
        else:
            label += f" – {pct(odds, lang)}"
    return label


def _named(game: Game, action: Action, lang: str) -> Action:
    """``action`` with its treasure's id replaced by the card's name in ``lang`` (for its
    label only): the card in the mover's hand, else the deck's."""
    tid = getattr(action, "treasure", None)
    if not tid:
        return action
    card = next(
        (h.card for f in game.figures for h in f.treasures if h.card.id == tid),
        game.deck.treasures.get(tid),
    )
    if card is None:
        return action
    if isinstance(action, Attempt | Choose | UseHeal | LoseTreasure):
        return action._replace(treasure=card.name.get(lang))
    return action


def decision_context(game: Game, lang: str) -> str:
    """What a decision is about, before anything is rolled: the obstacle, monster or trap."""
    ctx = game.pending_context()
    fig = game.figures[ctx.seat] if ctx.seat >= 0 else None
    if fig is None:
        return ""
    if type(ctx) is ObstacleDecision:
        o = ctx.obstacle
        return t(
            "ctx_obstacle",
            lang,
            name=values.obstacle(o.type, lang),
            n=o.n,
            attr=attr_name(ctx.attr, lang),
            value=ctx.value,
        )
    if type(ctx) is FightDecision:
        options = t("ctx_or", lang).join(
            t(
                "ctx_fight_option",
                lang,
                attr=attr_name(o.attr, lang),
                value=fig.character.value(o.attr),
                target=o.value,
            )
            for o in ctx.monster.fight
        )
        return t("ctx_fight", lang, monster=ctx.monster.name.get(lang), options=options)
    if type(ctx) is TrapDecision:
        options = t("ctx_or", lang).join(
            f"{attr_name(a, lang)} {fig.character.value(a)}" for a in ctx.trap.attrs
        )
        return t("ctx_trap", lang, options=options, target=ctx.trap.target)
    return ""


# ---- chance -----------------------------------------------------------------------------------


def chance_title(game: Game, lang: str) -> str:
    """What the pending chance point decides ("Obstacle test", "Draw a room card" …)."""
    key = f"chance_{game.pending}"
    return t(key, lang) if has(key) else t("chance_die", lang)


def chance_context(game: Game, lang: str) -> str:
    """What the roll decides, with the engine's exact odds (display only)."""
    ctx = game.pending_context()
    if not isinstance(ctx, DieTest) or type(ctx) is ObstacleDecision:
        return ""  # no die decides a test now
    shown = {
        "attr": attr_name(ctx.attr, lang),
        "value": ctx.value,
        "extra": f" + {ctx.bonus}" if ctx.bonus else "",
        "target": ctx.target,
        "p": pct(ctx.chance, lang),
    }
    if type(ctx) is ObstacleRolling:
        o = ctx.obstacle
        name = values.obstacle(o.type, lang)
        key = "ctx_oroll" if o.cls == ObstacleClass.B else "ctx_oroll_hurt"  # R5.1, R5.3
        return t(key, lang, name=name, n=o.n, **shown)
    if type(ctx) is TrapRolling:
        return t("ctx_troll", lang, **shown)
    if type(ctx) is FightRolling:
        return t("ctx_froll", lang, **shown)
    if type(ctx) is MonsterRolling:
        total = ctx.value + ctx.bonus + ctx.roll
        return t("ctx_mroll", lang, total=total, target=ctx.target, p=shown["p"])
    return ""


def dungeon_brief(card: DungeonCard, lang: str) -> str:
    """Shape, obstacle and gold of a dungeon card in a few words: "bend, Door 7 R, 2 Gold"."""
    parts = [shape_word(card.shape, lang)]
    if card.obstacle is not None:
        o = card.obstacle
        parts.append(f"{values.obstacle(o.type, lang)} {o.n} {st.COLOR_LETTER[o.color]}")
    if card.gold:
        parts.append(f"{card.gold} {t('gold', lang)}")
    if card.kind.value in ("exit", "start"):
        parts.insert(0, kind_word(card.kind, lang))
    return ", ".join(parts)


def outcome_label(game: Game, outcome: Outcome, lang: str) -> str:
    """A chance outcome as the page names it: a die's number, or the card drawn."""
    if isinstance(outcome, Roll):
        return str(outcome.value)
    if isinstance(outcome, Card):
        deck = game.deck
        kind = game.chance_kind
        names: Names | None = None
        if kind == "dungeon":
            card = deck.dungeon.get(outcome.card)
            if card is not None:
                # Several cards share a name (one per gem colour): the id tells them apart.
                name = card.name.get(lang)
                return f"{name} ({dungeon_brief(card, lang)}) · {outcome.card}"
        elif kind == "room":
            room = deck.rooms.get(outcome.card)
            names = room.name if room is not None else None
        elif kind == "monster":
            monster = deck.monsters.get(outcome.card)
            names = monster.name if monster is not None else None
        elif kind == "treasure":
            treasure = deck.treasures.get(outcome.card)
            names = treasure.name if treasure is not None else None
        return str(outcome.card) if names is None else names.get(lang)
    raise TypeError(f"not a chance outcome: {outcome!r}")


__all__ = [
    "action_label",
    "attr_name",
    "chance_context",
    "chance_title",
    "character_name",
    "controller_label",
    "decision_context",
    "decision_odds",
    "dungeon_brief",
    "outcome_label",
    "player_label",
]

"""Playtests beside the bots: where the people who played the page decided differently.

For every decision a human seat took in a stored game, the bot is asked what it would have
done from the same view (it sees only what that seat saw, R9.3); decisions are grouped by
what was being decided (the pending frame's kind: a turn, an obstacle, a fight…).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from verlies.actions import Card, Roll
from verlies.game import Edit
from verlies.store.db import PlaytestRecord


def _choice_kind(action: Any) -> str:
    """What an action chose, without where (``walk``, ``draw``, ``attempt``, …)."""
    kind = getattr(action, "kind", None)
    return str(kind) if kind is not None else type(action).__name__.lower()


@dataclass
class DecisionTally:
    """Human decisions of one kind, and how often the bot would have chosen the same."""

    pending: str
    decisions: int = 0
    same_action: int = 0
    same_kind: int = 0
    human_choices: Counter[str] = field(default_factory=Counter)
    bot_choices: Counter[str] = field(default_factory=Counter)

    def row(self) -> dict[str, Any]:
        n = self.decisions or 1
        return {
            "decision": self.pending,
            "human decisions": self.decisions,
            "bot agrees (action)": round(self.same_action / n, 3),
            "bot agrees (kind)": round(self.same_kind / n, 3),
            "humans chose": ", ".join(f"{k} {v}" for k, v in self.human_choices.most_common(3)),
            "bot would choose": ", ".join(f"{k} {v}" for k, v in self.bot_choices.most_common(3)),
        }


def human_vs_bot(
    records: Iterable[PlaytestRecord],
    bot: str | Callable[[Any], Any] = "careful",
    seed: int = 0,
) -> list[DecisionTally]:
    """Tally, per pending kind, the human decisions of ``records`` against ``bot``'s."""
    from verlies.sim.bots import make_bot

    tallies: dict[str, DecisionTally] = {}
    for rec in records:
        game = rec.game()
        humans = set(rec.humans)
        if not humans:
            continue
        chooser = make_bot(bot, seed) if isinstance(bot, str) else bot
        line = game.steps[: game.step_count]
        game.goto(0)
        for step in line:
            if not isinstance(step, Roll | Card | Edit) and not game.is_chance:
                seat = game.current_player
                if seat in humans:
                    pending = game.pending
                    want = chooser(game.view(seat))
                    t = tallies.setdefault(pending, DecisionTally(pending))
                    t.decisions += 1
                    t.same_action += want == step
                    t.same_kind += _choice_kind(want) == _choice_kind(step)
                    t.human_choices[_choice_kind(step)] += 1
                    t.bot_choices[_choice_kind(want)] += 1
            game.redo()
    return sorted(tallies.values(), key=lambda t: -t.decisions)


def table(rows: Sequence[dict[str, Any]]) -> Any:
    """``rows`` as a pandas DataFrame when pandas is installed, else the list itself."""
    try:
        import pandas as pd  # type: ignore[import-untyped, unused-ignore]
    except ImportError:
        return list(rows)
    return pd.DataFrame(list(rows))

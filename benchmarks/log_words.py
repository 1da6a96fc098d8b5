"""Log words: how long verlies.i18n takes to put a game's events into sentences.

Plays ``--games`` seeded random 4-player games, then, run after run, makes every event's
sentence in German and in English (``Event.text``) and, as the baseline measured in the
same runs, the floor of that work: the same sentences from templates and words already
looked up (one ``str.format`` each). The ratio is what looking up templates and putting
raw values into words costs on top of formatting; it hardly depends on the machine.

    .venv/bin/python benchmarks/log_words.py            # 10 games, 7 runs
    .venv/bin/python benchmarks/log_words.py --games 30 --runs 9
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def play(games: int, seed: int) -> list[Any]:
    """The events of ``games`` random 4-player games (seeds ``seed``, ``seed + 1`` …)."""
    from verlies.game import Game

    events: list[Any] = []
    for i in range(games):
        game = Game.new(players=4, seed=seed + i)
        rng = random.Random(seed + i)
        while not game.is_over:
            if game.is_chance:
                game.roll()
            else:
                legal = game.legal_actions()
                game.apply(legal[rng.randrange(len(legal))])
        events += game.log
    return events


def floor_of(events: list[Any], lang: str) -> list[tuple[str, dict[str, Any]]]:
    """Each event's template (``event.line`` with the event's own template in it) and its
    words, looked up once: what is left is one ``str.format`` per sentence. Uses the words
    module's own steps, so the floor follows it."""
    from verlies.i18n import template, values

    out = []
    for e in events:
        line = template("event.line", lang).replace("{text}", template("event." + e.key, lang))
        data = e.data
        if e.key in values._DERIVED:
            data = values._derived(e.key, e.seat, data, lang)
        words = {k: values._word(k, v, lang) for k, v in data.items()}
        out.append((line, {"rule": e.rule, "p": e.seat + 1, **words}))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    sys.path.insert(0, str(HERE.parent))

    events = play(args.games, args.seed)
    langs = ("de", "en")
    floors = {lang: floor_of(events, lang) for lang in langs}
    same = all(
        t.format(**v) == e.text(lang)
        for lang in langs
        for (t, v), e in zip(floors[lang], events, strict=True)
    )
    n = len(events) * len(langs)
    words: list[float] = []
    floor: list[float] = []
    for _ in range(args.runs):  # the two take turns, so that the machine's load hits both
        t0 = time.process_time()
        for lang in langs:
            for e in events:
                e.text(lang)
        words.append((time.process_time() - t0) / n * 1e6)
        t0 = time.process_time()
        for lang in langs:
            for template, values in floors[lang]:
                template.format(**values)
        floor.append((time.process_time() - t0) / n * 1e6)
    ratios = [w / f for w, f in zip(words, floor, strict=True)]
    print(f"{len(events)} events of {args.games} games, {args.runs} runs, de and en")
    print(f"the floor makes the same sentences: {'yes' if same else 'NO (the floor is wrong)'}")
    print(f"sentence (Event.text)        median {statistics.median(words):6.2f} us "
          f"(min {min(words):.2f}, max {max(words):.2f})")  # fmt: skip
    print(f"floor (one str.format each)  median {statistics.median(floor):6.2f} us "
          f"(min {min(floor):.2f}, max {max(floor):.2f})")  # fmt: skip
    print(f"sentence / floor             median {statistics.median(ratios):6.2f}x "
          f"(min {min(ratios):.2f}x, max {max(ratios):.2f}x)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())

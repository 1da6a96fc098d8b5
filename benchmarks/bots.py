"""Bot benchmark: careful-bot 4-player games per CPU second, today's bots next to the old.

    .venv/bin/python benchmarks/bots.py [--games 200] [--runs 3] [--no-compiled] [--json]
                                        [--deck FILE]

Every line plays the same games: 4 players, one deck file (``--deck``; by default this
tree's default deck, ``verlies/data/default_deck.toml``, the ``standard-2`` edition) read
with ``Deck.load`` on every side, the old tree's too, no event log (how
simulations play), seeds 0..N-1, one ``careful`` bot per seat reseeded before each game
(seed * 8 + seat), played to the end through the public API. ``Game.new`` is inside the
timing. Each line runs in its own process and measures that process's CPU time; min /
median / max over the runs are printed.

* *old bots (pure)*: the source tree as it was just before the bots moved into
  ``verlies.sim`` (the parent of the commit that removed ``verlies/bots.py``, found with
  git and unpacked with ``git archive``): the bots and the engine of that day;
* *bots (pure)*: this tree, plain Python;
* *bots (compiled)*: this tree compiled with mypyc, engine and bots (``setup.py``,
  ``VERLIES_COMPILE=1``, built into ``benchmarks/.venv-compiled`` by
  ``benchmarks/compiled.py``);
* *engine alone*: the same games with every decision replayed from a recording instead of
  thought out (the bots' part is then zero): the ceiling any bot can reach on this engine.

All lines must play the same games: a digest of every game's steps (as the saved JSON
writes them) is compared with the old bots' and printed (a speed-up changes no decision).
Not the whole saved JSON: the old tree writes the deck into it, this one its edition.
Each tree used to play its own default deck, so once the default deck changed the old
line played other games; the deck file pins both. This is a benchmark, not a test: it
asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import textwrap
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT_DECK = ROOT / "verlies" / "data" / "default_deck.toml"  # Deck.default()'s file
sys.path.insert(0, str(HERE))

from compiled import ensure_compiled  # noqa: E402

# Runs in a fresh process against whichever verlies is importable there (old or new).
SCRIPT = textwrap.dedent(
    """
    import hashlib, json, sys, time
    from verlies.deck import Deck
    from verlies.game import Game
    try:
        from verlies.sim.bots import make_bot
    except ImportError:  # the tree before the bots moved
        from verlies.bots import make_bot

    args = json.loads(sys.argv[1])
    n_games, runs = args["games"], args["runs"]
    deck = Deck.load(args["deck"])  # the same file in every tree: the same games

    def play(seed, bots, record=None):
        game = Game.new(players=4, seed=seed, deck=deck, log=False)
        for seat, bot in enumerate(bots):
            bot.reseed(seed * 8 + seat)
        views = [game.view(s) for s in range(4)]
        steps = 0
        while not game.is_over:
            if game.is_chance:
                game.roll()
            else:
                seat = game.current_player
                game.apply(bots[seat](views[seat]))
            steps += 1
        return game, steps

    def replayer(decisions):
        # Hands back the recorded decisions: the engine's part of a bot game alone.
        it = iter(decisions)
        def bot(view):
            return view.legal_actions()[next(it)]
        bot.reseed = lambda seed: None
        return bot

    bots = [make_bot("careful", 0) for _ in range(4)]
    play(1_000_000, bots)  # warm-up: imports, the default deck, caches
    digest = hashlib.sha256()
    recorded = []
    for seed in range(n_games):
        picks = []
        class Recorder:
            def __init__(self, bot):
                self.bot = bot
            def reseed(self, s):
                self.bot.reseed(s)
            def __call__(self, view):
                action = self.bot(view)
                picks.append(view.legal_actions().index(action))
                return action
        game, _ = play(seed, [Recorder(b) for b in bots])
        digest.update(json.dumps(json.loads(game.to_json())["steps"]).encode())
        recorded.append(picks)

    def timed(replay):
        steps = 0
        c0 = time.process_time()
        for seed in range(n_games):
            if replay:
                one = replayer(recorded[seed])
                _, s = play(seed, [one] * 4)
            else:
                _, s = play(seed, bots)
            steps += s
        return steps, time.process_time() - c0

    out = {"digest": digest.hexdigest(), "bots": [], "engine": []}
    for _ in range(runs):
        out["bots"].append(timed(False))
        if args["engine"]:
            out["engine"].append(timed(True))
    print(json.dumps(out))
    """
)


def _git(*args: str) -> str:
    r = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True)
    return r.stdout.strip()


def old_tree(into: Path) -> str:
    """Unpack the tree just before the bots moved into verlies.sim; returns its commit."""
    moved = _git("log", "-1", "--format=%H", "--diff-filter=D", "--", "verlies/bots.py")
    if not moved:
        raise RuntimeError("no commit removed verlies/bots.py: nothing old to compare with")
    commit = _git("rev-parse", f"{moved}^")
    archive = into / "old.tar"
    with archive.open("wb") as f:
        subprocess.run(["git", "archive", commit, "verlies"], cwd=ROOT, stdout=f, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    return commit


def run(python: str, cwd: Path, path: Path | None, spec: dict[str, Any]) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if path is not None:
        env["PYTHONPATH"] = str(path)
    r = subprocess.run(
        [python, "-c", SCRIPT, json.dumps(spec)], cwd=cwd, env=env, capture_output=True, text=True
    )
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip()[-2000:])
    data: dict[str, Any] = json.loads(r.stdout.strip().splitlines()[-1])
    return data


def rates(games: int, runs: list[list[float]]) -> dict[str, float]:
    per_s = sorted(games / cpu for _steps, cpu in runs)
    return {"min": per_s[0], "median": statistics.median(per_s), "max": per_s[-1]}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=200, help="games per run (default 200)")
    p.add_argument("--runs", type=int, default=3, help="runs per line (default 3)")
    p.add_argument("--no-compiled", action="store_true", help="skip the mypyc build")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument(
        "--deck",
        default=str(DEFAULT_DECK),
        help="the deck file every line plays (default: this tree's default deck)",
    )
    args = p.parse_args(argv)
    deck = str(Path(args.deck).resolve())
    spec = {"games": args.games, "runs": args.runs, "engine": True, "deck": deck}
    lines: dict[str, dict[str, Any]] = {}
    notes: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        commit = old_tree(Path(tmp))
        old = run(sys.executable, Path(tmp), Path(tmp), dict(spec, engine=False))
        lines["old bots (pure)"] = old
        notes.append(f"old bots: commit {commit[:10]}")
    new = run(sys.executable, ROOT, ROOT, spec)
    lines["bots (pure)"] = new
    if not args.no_compiled:
        py, why = ensure_compiled()
        if py is None:
            notes.append(f"compiled: not measured ({why})")
        else:
            # From the benchmarks folder, so that the pure source is not on sys.path.
            lines["bots (compiled)"] = run(str(py), HERE, None, spec)
    table: list[dict[str, Any]] = []
    base = rates(args.games, old["bots"])["median"]
    for name, data in lines.items():
        row = {"line": name, "same_games": data["digest"] == old["digest"]}
        row.update({f"games_per_cpu_s_{k}": v for k, v in rates(args.games, data["bots"]).items()})
        row["vs_old"] = row["games_per_cpu_s_median"] / base
        steps = sum(s for s, _ in data["bots"]) / len(data["bots"])
        row["steps_per_game"] = steps / args.games
        table.append(row)
        if data["engine"]:
            eng = rates(args.games, data["engine"])
            share = 1 - eng["median"] ** -1 / row["games_per_cpu_s_median"] ** -1
            table.append(
                {
                    "line": name.replace("bots", "engine alone"),
                    "same_games": row["same_games"],
                    **{f"games_per_cpu_s_{k}": v for k, v in eng.items()},
                    "vs_old": eng["median"] / base,
                    "steps_per_game": row["steps_per_game"],
                    "bot_share_of_cpu": share,
                }
            )
    if args.json:
        out = {"games": args.games, "runs": args.runs, "deck": deck, "lines": table}
        print(json.dumps({**out, "notes": notes}))
        return 0
    print(
        f"careful bots, 4 players, deck {deck}, no event log: {args.games} games x "
        f"{args.runs} runs, games per CPU second (min / median / max)"
    )
    for row in table:
        figures = " / ".join(
            f"{row[f'games_per_cpu_s_{k}']:7.1f}" for k in ("min", "median", "max")
        )
        extra = ""
        if "bot_share_of_cpu" in row:
            extra = f"  (the bots' share of the bot games' CPU: {row['bot_share_of_cpu']:.0%})"
        same = "same games" if row["same_games"] else "DIFFERENT GAMES"
        print(f"  {row['line']:<26} {figures}  {row['vs_old']:5.2f}x old  {same}{extra}")
    steps = table[0]["steps_per_game"]
    print(f"  ({steps:.0f} steps per game; goals: >= 250 pure, >= 500 compiled)")
    for note in notes:
        print(f"  {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

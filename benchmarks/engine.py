"""Engine benchmark: random playouts of verlies next to OpenSpiel references.

    .venv/bin/python benchmarks/engine.py [--games 50] [--runs 5] [--no-openspiel]

What it measures (see benchmarks/README.md):

* verlies: 4-player games with the default deck, played to the end by uniformly random
  choices through the public API (``legal_actions`` / ``apply``; ``roll`` at chance points).
  A *step* is every applied action and every chance outcome. Game creation is timed too.
* OpenSpiel, the same loop in its own venv (``benchmarks/.venv-openspiel``, created on first
  use with ``pip install open-spiel``): ``python_kuhn_poker`` (OpenSpiel's pure-Python game)
  and the C++ ``backgammon`` driven from a Python loop (``legal_actions`` /
  ``apply_action``; at chance nodes one outcome sampled from ``chance_outcomes()``).

Every measurement is ``runs`` runs of the same games; min / median / max over the runs are
printed, and the ratios of the medians: verlies / python_kuhn_poker (goal >= 2x) and
verlies / backgammon (goal >= 1x). If open-spiel cannot be installed, that is said and only
our figures are printed. This is a benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
VENV = HERE / ".venv-openspiel"

# Runs inside the OpenSpiel venv. Same loop and the same counting as verlies.sim's
# random_playouts: one step per applied action or chance outcome, creation inside the timing.
OPENSPIEL_SCRIPT = textwrap.dedent(
    """
    import json, random, statistics, sys, time
    import pyspiel
    from open_spiel.python import games as _python_games  # registers python_* games

    def playouts(game, n_games, seed):
        rng = random.Random(seed)
        randrange, rand = rng.randrange, rng.random
        steps = 0
        c0, t0 = time.process_time(), time.perf_counter()
        for _ in range(n_games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    r = rand()
                    outcomes = state.chance_outcomes()
                    action = outcomes[-1][0]
                    for a, p in outcomes:
                        r -= p
                        if r < 0:
                            action = a
                            break
                    state.apply_action(action)
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[randrange(len(legal))])
                steps += 1
        return n_games, steps, time.perf_counter() - t0, time.process_time() - c0

    args = json.loads(sys.argv[1])
    out = {"pyspiel": getattr(pyspiel, "__version__", "?"), "results": []}
    for name, n_games in args["games"]:
        game = pyspiel.load_game(name)
        playouts(game, max(1, n_games // 10), args["seed"])  # warm-up
        runs = [playouts(game, n_games, args["seed"]) for _ in range(args["runs"])]
        out["results"].append({"name": name, "runs": runs})
    print(json.dumps(out))
    """
)


def _venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_openspiel(quiet: bool = False) -> tuple[Path | None, str]:
    """The OpenSpiel venv's python (created and filled if missing), or None and why not."""
    py = _venv_python()
    if py.exists() and _has_pyspiel(py):
        return py, ""
    if not py.exists():
        if not quiet:
            print(f"creating {VENV} (once) ...", file=sys.stderr)
        r = subprocess.run(
            [sys.executable, "-m", "venv", str(VENV)], capture_output=True, text=True
        )
        if r.returncode != 0:
            return None, f"python -m venv failed: {r.stderr.strip()[-500:]}"
        # Keep git away from the venv without touching the repository's .gitignore.
        (VENV / ".gitignore").write_text("# created by benchmarks/engine.py\n*\n")
    if not quiet:
        print("installing open-spiel into it (once; ~20 MB) ...", file=sys.stderr)
    r = subprocess.run(
        [str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q", "open-spiel"],
        capture_output=True,
        text=True,
    )
    if r.returncode != 0 or not _has_pyspiel(py):
        why = (r.stderr or r.stdout).strip().splitlines()
        return None, "pip install open-spiel failed: " + (why[-1] if why else "no output")
    return py, ""


def _has_pyspiel(py: Path) -> bool:
    r = subprocess.run([str(py), "-c", "import pyspiel"], capture_output=True)
    return r.returncode == 0


def run_openspiel(
    py: Path, kuhn_games: int, backgammon_games: int, runs: int, seed: int
) -> dict[str, Any]:
    spec = {
        "games": [["python_kuhn_poker", kuhn_games], ["backgammon", backgammon_games]],
        "runs": runs,
        "seed": seed,
    }
    r = subprocess.run(
        [str(py), "-c", OPENSPIEL_SCRIPT, json.dumps(spec)], capture_output=True, text=True
    )
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip()[-2000:])
    data: dict[str, Any] = json.loads(r.stdout.strip().splitlines()[-1])
    return data


def _spread(xs: list[float]) -> dict[str, float]:
    return {"min": min(xs), "median": statistics.median(xs), "max": max(xs)}


def _stats(name: str, runs: list[Any]) -> dict[str, Any]:
    """Runs are (games, steps, wall seconds, CPU seconds)."""
    games = sum(r[0] for r in runs)
    return {
        "name": name,
        "runs": len(runs),
        "games_per_run": int(runs[0][0]),
        "steps_per_game": sum(r[1] for r in runs) / games,
        "steps_per_s": _spread([r[1] / r[2] for r in runs]),
        "games_per_s": _spread([r[0] / r[2] for r in runs]),
        "steps_per_cpu_s": _spread([r[1] / r[3] for r in runs]),
    }


def _print_table(rows: list[dict[str, Any]]) -> None:
    print(
        f"{'engine':<34} {'runs x games':>12} {'steps/game':>10}  "
        f"{'steps/s min':>11} {'median':>9} {'max':>9}  {'games/s med':>11}  "
        f"{'steps/CPU-s min':>15} {'median':>9} {'max':>9}"
    )
    for r in rows:
        s, c = r["steps_per_s"], r["steps_per_cpu_s"]
        print(
            f"{r['name']:<34} {str(r['runs']) + ' x ' + str(r['games_per_run']):>12} "
            f"{r['steps_per_game']:>10.1f}  "
            f"{s['min']:>11,.0f} {s['median']:>9,.0f} {s['max']:>9,.0f}  "
            f"{r['games_per_s']['median']:>11,.1f}  "
            f"{c['min']:>15,.0f} {c['median']:>9,.0f} {c['max']:>9,.0f}"
        )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=50, help="verlies games per run (default 50)")
    ap.add_argument("--runs", type=int, default=5, help="runs per engine (default 5)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--kuhn-games", type=int, default=20000, help="per run (default 20000)")
    ap.add_argument("--backgammon-games", type=int, default=100, help="per run (default 100)")
    ap.add_argument("--no-openspiel", action="store_true", help="only measure verlies")
    ap.add_argument(
        "--no-compiled", action="store_true", help="skip the mypyc-compiled engine (setup.py)"
    )
    ap.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = ap.parse_args(argv)

    sys.path.insert(0, str(HERE.parent))

    print(
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"{os.cpu_count()} CPUs; {args.runs} runs each; step = action or chance outcome"
    )
    # The engines take turns run by run, so that a change in the machine's load hits all of
    # them alike; the ratios are taken per run and their median printed.
    from verlies.sim import BenchResult, load_deck, random_playouts

    deck = load_deck(None)
    random_playouts(1, 4, args.seed, deck)  # warm-up
    ours = BenchResult("verlies", [])
    # Simulation mode: the same games without the event log (what simulate() uses).
    quiet = BenchResult("verlies, no log", [])
    others: dict[str, list[Any]] = {}
    note = ""
    py: Path | None = None
    version = "?"
    if args.no_openspiel:
        note = "OpenSpiel references skipped (--no-openspiel)."
    else:
        py, why = ensure_openspiel()
        if py is None:
            note = f"OpenSpiel references NOT measured: open-spiel could not be installed ({why})."
    compiled: dict[str, BenchResult] = {}
    cpy: Path | None = None
    check_seeds = [args.seed + i for i in range(5)]
    if not args.no_compiled:
        from compiled import ensure_compiled, pure_digest, run_compiled

        cpy, why = ensure_compiled()
        if cpy is None:
            print(f"compiled engine NOT measured: {why}")
        else:
            probe = run_compiled(cpy, 1, 1, args.seed, True, check_seeds)
            same = probe["digest"] == pure_digest(check_seeds)
            print(
                f"compiled engine (mypyc, same source) plays {len(check_seeds)} whole bot games "
                f"{'bit for bit like' if same else 'DIFFERENTLY from'} the pure-Python engine"
            )
            if not same:
                cpy = None  # figures of an engine that plays other games do not count
    for _ in range(args.runs):
        ours.runs.append(random_playouts(args.games, 4, args.seed, deck))
        quiet.runs.append(random_playouts(args.games, 4, args.seed, deck, log=False))
        if cpy is not None:
            for label, log in (("compiled", True), ("compiled, no log", False)):
                data = run_compiled(cpy, args.games, 1, args.seed, log, [])
                compiled.setdefault(label, BenchResult(label, [])).runs.extend(
                    tuple(r) for r in data["runs"]
                )
        if py is None:
            continue
        try:
            data = run_openspiel(py, args.kuhn_games, args.backgammon_games, 1, args.seed)
        except (RuntimeError, ValueError, IndexError) as e:
            note = f"OpenSpiel references NOT measured: the OpenSpiel run failed: {e}"
            py = None
            others.clear()
            continue
        version = data["pyspiel"]
        for res in data["results"]:
            others.setdefault(res["name"], []).extend(res["runs"])
    rows = [
        _stats("verlies 4p default deck", ours.runs),
        _stats("verlies 4p, no event log", quiet.runs),
    ]
    for label, res in compiled.items():
        rows.append(_stats(f"verlies 4p {label} (mypyc)", res.runs))
    labels = {
        "python_kuhn_poker": "OpenSpiel python_kuhn_poker (Py)",
        "backgammon": "OpenSpiel backgammon (C++ via Py)",
    }
    for name, runs in others.items():
        rows.append(_stats(labels.get(name, name), runs))
    _print_table(rows)
    if note:
        print(note)
    ratios: dict[str, dict[str, float]] = {}
    if len(others) == 2:
        ours_sps = ours.steps_per_cpu_s
        print(
            f"open_spiel {version}; ratio of steps per CPU second, verlies over the reference,"
            " run by run (the runs alternate between the engines):"
        )
        variants = [("verlies", ours_sps), ("no log ", quiet.steps_per_cpu_s)]
        variants += [(label, res.steps_per_cpu_s) for label, res in compiled.items()]
        for label, sps in variants:
            for name, goal in (("python_kuhn_poker", 2.0), ("backgammon", 1.0)):
                per_run = [o / (r[1] / r[3]) for o, r in zip(sps, others[name], strict=True)]
                med = statistics.median(per_run)
                key = name if label == "verlies" else f"{name} ({label.strip()})"
                ratios[key] = {"min": min(per_run), "median": med, "max": max(per_run)}
                met = "goal met" if med >= goal else "goal NOT met"
                print(
                    f"  {label:<16} / {name:<18} median {med:5.2f}x  (min {min(per_run):.2f}x, "
                    f"max {max(per_run):.2f}x)   goal >= {goal:g}x: {met}"
                )
    if args.json:
        print(json.dumps({"engines": rows, "ratios": ratios, "note": note}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The compiled engine (verlies.sim.compiled_cache): the lab's workers run it only while it
is exact, and it plays the same games as pure Python, bit for bit.

One build at ``-O0`` serves every test here (tests/helpers/compiled_build.py): made once
per source in the build cache, found there afterwards.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from compiled_build import compiled_workers, made_build

from verlies.cli import main as cli_main
from verlies.sim import compiled_cache, simulate
from verlies.sim.lab import backend_name
from verlies.sim.run import pool_engine, shutdown_pool

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

from compiled import (  # noqa: E402
    DIGEST,
    OBSERVATION_DIGEST,
    pure_digest,
    pure_observation_digest,
)


def test_the_lab_workers_run_the_build_and_play_the_same_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A simulation on two compiled workers: the same records, every field (repr), as
    the same games played here in pure Python; the run says which engine played."""
    kwargs = {"games": 12, "players": 4, "seed": 5, "characters": "all", "progress": None}
    pure = simulate(workers=1, keep_records=True, **kwargs)  # type: ignore[arg-type]
    with compiled_workers(monkeypatch):
        res = simulate(workers=2, keep_records=True, **kwargs)  # type: ignore[arg-type]
        assert pool_engine() == "compiled"
    assert res.info.backend == "compiled processes"
    assert backend_name(res.info.backend, "en") == "processes, compiled engine"
    assert backend_name(res.info.backend, "de") == "Prozesse, kompilierte Engine"
    assert "on 2 worker(s) (processes, compiled engine)" in res.text("en")
    assert "auf 2 Prozess(en) (Prozesse, kompilierte Engine)" in res.text("de")
    assert "(this process)" in pure.text("en")
    assert repr(res.records) == repr(pure.records)
    assert res.to_dict()["characters"] == pure.to_dict()["characters"]


#: Run in a fresh interpreter on the build, as a worker boots (compiled_cache.BOOT): whole
#: bot games' saved JSON and the PettingZoo envs' observations, digested. The pure engine
#: is imported first (as a parent's main script would be, in a worker): BOOT drops it.
IN_BUILD = """
import hashlib, json, sys
from verlies.sim import compiled_cache
files = json.loads(sys.argv[1])
exec(compiled_cache.BOOT, {"FILES": files})
import verlies.interop.observation, verlies.rules
from verlies.sim import make_bots, play_game
for module in (verlies.rules, verlies.interop.observation):
    assert module.__file__ == files[module.__name__], module.__file__
"""


def test_compiled_games_and_observations_equal_pure_pythons() -> None:
    found = made_build()
    run = "\n".join(
        [
            IN_BUILD,
            DIGEST,
            OBSERVATION_DIGEST,
            "print(json.dumps([digest([11, 12, 13]), observation_digest([4, 5])]))",
        ]
    )
    r = subprocess.run(
        [sys.executable, "-c", run, json.dumps(found.files)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    games, observations = json.loads(r.stdout.strip().splitlines()[-1])
    assert games == pure_digest([11, 12, 13])
    assert observations == pure_observation_digest([4, 5])


def _copy(tmp_path: Path) -> Path:
    """A copy of the package (and pyproject.toml) beside the real one's layout."""
    copy = tmp_path / "verlies"
    shutil.copytree(compiled_cache.PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copyfile(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return copy


def test_an_edited_source_never_runs_the_old_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The copy of the source finds the build; one byte more in a compiled module (or in a
    module it imports) and it does not, and the lab's workers run pure Python. A page's
    module, which the compiled code does not read, keeps the build."""
    found = made_build()
    copy = _copy(tmp_path)
    assert compiled_cache.find_build(copy, found.opt) == found
    (copy / "ui" / "__init__.py").write_text("# a page module edited\n", encoding="utf-8")
    assert compiled_cache.find_build(copy, found.opt) == found
    for edited in ("rules.py", "actions.py"):  # compiled; imported by compiled modules
        text = (copy / edited).read_bytes()
        (copy / edited).write_bytes(text + b"\n")
        assert compiled_cache.find_build(copy, found.opt) is None, edited
        (copy / edited).write_bytes(text)
    (copy / "rules.py").write_bytes((copy / "rules.py").read_bytes() + b"#")
    with compiled_workers(monkeypatch):
        monkeypatch.setattr(compiled_cache, "PACKAGE", copy)
        res = simulate(4, players=3, workers=2, progress=None)
        assert pool_engine() == "pure"
    assert res.info.backend == "processes"


def test_build_engine_says_whether_the_build_is_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    found = made_build()
    assert cli_main(["build-engine", "-O", found.opt, "--check"]) == 0
    assert str(found.folder) in capsys.readouterr().out
    monkeypatch.setenv("VERLIES_COMPILED_CACHE", str(tmp_path))
    monkeypatch.setenv("VERLIES_COMPILED_OPT", found.opt)
    monkeypatch.delenv("VERLIES_COMPILED", raising=False)  # tests/conftest.py turns it off
    assert compiled_cache.usable_build() is None
    monkeypatch.delenv("VERLIES_COMPILED_CACHE")
    assert compiled_cache.usable_build() == found
    monkeypatch.setenv("VERLIES_COMPILED_CACHE", str(tmp_path))
    assert cli_main(["build-engine", "-O", found.opt, "--check"]) == 1
    out = capsys.readouterr().out
    assert f"no compiled engine (-O{found.opt}) for the current source: the lab runs pure" in out
    assert compiled_cache.usable_build() is None


def test_the_key_reads_the_imports_of_the_compiled_modules() -> None:
    """The compiled modules, what they import (actions.py, not compiled), and not the
    lab, the page or the packages above them."""
    names = {str(p.relative_to(compiled_cache.PACKAGE)) for p in compiled_cache.closure()}
    assert {"rules.py", "sim/bots.py", "interop/observation.py", "actions.py"} <= names
    assert not {"sim/run.py", "sim/lab.py", "sim/__init__.py", "ui/__init__.py"} & names
    assert compiled_cache.source_key(opt="0") != compiled_cache.source_key(opt="3")


def test_a_build_that_does_not_load_gives_pure_workers_said_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """A broken build (its rules module not a loadable extension): the pool's workers
    fail to boot, the lab runs on a pure pool with the same games, and says why once."""
    broken = tmp_path / "rules.so"
    broken.write_bytes(b"not an extension module")
    fake = compiled_cache.Build("0" * 64, tmp_path, {"verlies.rules": str(broken)}, "3")
    monkeypatch.setattr(compiled_cache, "_REFUSED", {})
    monkeypatch.setattr(compiled_cache, "usable_build", lambda package=None: fake)
    shutdown_pool()
    try:
        res = simulate(6, players=3, seed=2, workers=2, keep_records=True, progress=None)
        assert pool_engine() == "pure"
    finally:
        shutdown_pool()
    assert res.info.backend == "processes"
    pure = simulate(6, players=3, seed=2, workers=1, keep_records=True, progress=None)
    assert repr(res.records) == repr(pure.records)
    err = capfd.readouterr().err
    assert err.count("verlies: the compiled engine was not used (") == 1
    assert "BrokenProcessPool" in err
    compiled_cache.refuse(fake, "again")  # a second refusal of the same build is not said
    assert "again" not in capfd.readouterr().err

"""Hostile input to the page's newer fields, fuzzed (hypothesis) in a worker process under a
memory limit (``RLIMIT_AS``, as tests/helpers/hostile_decks.py does for decks): Suggest's targets
and allowed moves (ui/balance/suggest_model.py), draft names (store/drafts.py through
ui/deck/drafts_model.py) and ``?g=`` position links (verlies/links.py through the page's
ToolsPanel.open_query), long and malformed.

Each input must end in either a result or a clear error: located where the field has lines
(Suggest: the field and the line, the line really holding the bad text), said in a bounded
number of characters (a 1 MB name is not echoed back), in the page's language; with bounded
work and memory (the worker has :data:`HEADROOM` bytes of address space beyond its start;
a MemoryError or a dead worker fails); and the last good state stays (the drafts kept,
the game shown, the Suggest run's settings and result).
"""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import zlib
from typing import Any
from urllib.parse import parse_qs

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

MIB = 1 << 20
#: Address space the worker may take beyond what it holds once set up.
HEADROOM = 192 * MIB
#: The longest message any refusal may say (characters).
MAX_SAID = 1200

_WORKER = r"""
import json, os, resource, sys
headroom = int(sys.argv[1])
from verlies.deck import Deck
from verlies.errors import VerliesError
from verlies.store import PlaytestStore
from verlies.store.drafts import DraftStore
from verlies.ui.page import PlayApp
from verlies.ui.deck.drafts_model import DraftsModel
from verlies.ui.balance.suggest_model import SuggestError, SuggestRun

deck = Deck.default()
drafts = DraftStore(PlaytestStore("sqlite://"))
model = DraftsModel(lambda: (drafts, "b1"), "de", workers=1)
assert model.save("gut", deck)[0]
app = PlayApp(lang="de")
app.model.open_link(None)
with open("/proc/self/statm") as fh:
    vm = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
resource.setrlimit(resource.RLIMIT_AS, (vm + headroom, vm + headroom))
print("ready", flush=True)

def suggest(field, text):
    run = SuggestRun()
    kept = (run.targets, run.moves, run.phase, run.result)
    setattr(run, field, text)
    try:
        run.check(deck)
        return {"result": "ok"}
    except SuggestError as e:
        out = {"result": "SuggestError", "field": e.field, "line": e.line,
               "said": {lang: e.text(lang) for lang in ("de", "en")}}
    out["kept"] = (run.phase, run.result) == kept[2:]
    return out

def draft(op, name):
    before = model.names()
    model.lang = "en" if len(name) % 2 else "de"
    if op == "save":
        done, said = model.save(name, deck)
    elif op == "load":
        got = model.load(name)
        done, said = not isinstance(got, str), "" if not isinstance(got, str) else got
    else:
        done, said = model.delete(name)
    after = model.names()
    out = {"result": "ok" if done else "refused", "said": {model.lang: said}, "lang": model.lang,
           "before": before, "after": after}
    if op == "save" and done and after[0] != "gut":
        model.delete(after[0])  # back to the one good draft
    if "gut" not in after:  # it was deleted: saved again for the next input
        assert model.save("gut", deck)[0]
    return out

def link(query):
    game, session = app.model.game, app.model.session
    steps = game.step_count
    opened = app.model.open_link(query)
    said = app.notice.value
    out = {"result": "ok" if opened else "refused" if said else "none", "said": {"de": said}}
    out["kept"] = opened or (app.model.session is session and app.model.game.step_count == steps)
    if opened:  # back to the good game for the next input
        app.model.adopt(session)
    app.notice.value = ""
    return out

stdin = sys.stdin.buffer
while True:
    header = stdin.readline()
    if not header:
        break
    job = json.loads(stdin.read(int(header)))
    try:
        if job["mode"] == "suggest":
            out = suggest(job["field"], job["text"])
        elif job["mode"] == "draft":
            out = draft(job["op"], job["name"])
        else:
            out = link(job["query"])
    except BaseException as exc:
        out = {"result": type(exc).__name__, "message": str(exc)[:300]}
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    out["maxrss_mib"] = rss / 1024
    answer = json.dumps(out).encode()
    sys.stdout.buffer.write(str(len(answer)).encode() + b"\n" + answer)
    sys.stdout.buffer.flush()
"""


class Worker:
    """One worker process for all inputs of a test session (setting it up takes seconds)."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _WORKER, str(HEADROOM)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line.strip() == b"ready", line

    def ask(self, job: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        data = json.dumps(job).encode()
        self.proc.stdin.write(str(len(data)).encode() + b"\n" + data)
        self.proc.stdin.flush()
        header = self.proc.stdout.readline()
        if not header:
            return {"result": "died", "code": self.proc.wait()}
        answer: dict[str, Any] = json.loads(self.proc.stdout.read(int(header)))
        return answer

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


@pytest.fixture(scope="module")
def worker() -> Any:
    w = Worker()
    yield w
    w.close()


def said_well(out: dict[str, Any], what: str) -> None:
    """A refusal says something, briefly, and names no Python exception."""
    for lang, text in out["said"].items():
        assert text.strip(), (what, out)
        assert len(text) <= MAX_SAID, f"{what}: {len(text)} characters said in {lang}"
        assert "Traceback" not in text and "Error:" not in text.split(":", 1)[0], (what, text)


# ---- Suggest: targets and allowed moves -------------------------------------------------

_NUMBER = st.one_of(
    st.integers(-(10**30), 10**30).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.sampled_from(["", "-", "+", "1e999", "nan", "inf", "0x10", "١٢", "1_000", "9" * 400]),
)
_TARGET = st.one_of(
    st.builds(
        lambda k, a, b, s: f"{k}={a}{s}{b}",
        st.sampled_from(["win:*", "win:char-zwerg", "rounds", "timeouts", "edge", "x", ""]),
        _NUMBER,
        _NUMBER,
        st.sampled_from([":", "+-", "±", "", "::"]),
    ),
    st.text(max_size=60),
)
_MOVE = st.one_of(
    st.builds(
        lambda k, c, f, a, b: f"{k}:{c}:{f}={a}:{b}",
        st.sampled_from(["monster", "dungeon", "room", "treasure", "character", "x", ""]),
        st.sampled_from(["*", "monster-troll", "char-zwerg", "nope", "", "**"]),
        st.sampled_from(["fight", "obstacle", "gold", "values", "", "x"]),
        _NUMBER,
        _NUMBER,
    ),
    st.text(max_size=60),
)


def check_suggest(worker: Worker, field: str, lines: list[str]) -> None:
    text = "\n".join(lines)
    out = worker.ask({"mode": "suggest", "field": field, "text": text})
    what = f"{field}: {text[:200]!r}"
    assert out["result"] in ("ok", "SuggestError"), (what, out)
    assert out["maxrss_mib"] < 2048, out
    if out["result"] == "ok":
        return
    assert out["kept"], (what, out)
    said_well(out, what)
    assert out["field"] in (field, "targets", "moves"), (what, out)
    if out["field"] == field and out["line"]:
        # located: the line named holds something (not a blank or a comment)
        named = text.splitlines()[out["line"] - 1]
        assert named.split("#", 1)[0].strip(), (what, out)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(lines=st.lists(_TARGET, min_size=0, max_size=6))
def test_suggest_targets_fuzzed(worker: Worker, lines: list[str]) -> None:
    check_suggest(worker, "targets", lines)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(lines=st.lists(_MOVE, min_size=0, max_size=6))
def test_suggest_moves_fuzzed(worker: Worker, lines: list[str]) -> None:
    check_suggest(worker, "moves", lines)


@pytest.mark.parametrize(
    ("field", "text"),
    [
        ("targets", "win:*=25+-2\n" * 200_000),  # 2.4 MB of good lines
        ("targets", "x" * 3_000_000),  # one 3 MB line
        ("moves", "dungeon:*:obstacle=-1:" + "9" * 100_000),
        ("moves", "dungeon:*:obstacle=-1000000000:1000000000"),
        ("moves", "monster:*:fight=-1:1\n" * 200_000),
        ("targets", "\x00\ud800\n" * 1000),
    ],
)
def test_suggest_fields_too_large_or_odd(worker: Worker, field: str, text: str) -> None:
    check_suggest(worker, field, text.split("\n"))


# ---- draft names ----------------------------------------------------------------------------


_NAME = st.one_of(
    st.text(max_size=200),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=79, max_size=90),
    st.sampled_from(["", " ", "\n", "\x00", "\ud800", "‮evil", "a\r\nb", "gut", " gut "]),
)


def check_draft(worker: Worker, op: str, name: str) -> None:
    out = worker.ask({"mode": "draft", "op": op, "name": name})
    what = f"{op} {name[:100]!r}"
    assert out["result"] in ("ok", "refused"), (what, out)
    assert out["maxrss_mib"] < 2048, out
    before, after = out["before"], out["after"]
    assert "gut" in before, out
    if out["result"] == "refused":
        said_well(out, what)
        assert after == before, (what, out)  # the kept drafts stay
    elif op == "save":
        assert len(after) == len(before) + (0 if after[0] in before else 1), (what, out)
        assert 1 <= len(after[0]) <= 80 and "\n" not in after[0], (what, out)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(op=st.sampled_from(["save", "load", "delete"]), name=_NAME)
def test_draft_names_fuzzed(worker: Worker, op: str, name: str) -> None:
    check_draft(worker, op, name)


@pytest.mark.parametrize("op", ["save", "load", "delete"])
@pytest.mark.parametrize("name", ["x" * 5_000_000, "ü" * 100_000, "\ud800" * 1000, "a\x00b"])
def test_draft_names_too_large_or_odd(worker: Worker, op: str, name: str) -> None:
    check_draft(worker, op, name)


# ---- position links ---------------------------------------------------------------------


def pack(data: Any, raw: bool = False) -> str:
    blob = data if raw else json.dumps(data).encode("utf-8", "surrogatepass")
    return base64.urlsafe_b64encode(zlib.compress(blob, 9)).rstrip(b"=").decode()


_JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats() | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)


def _real_link() -> dict[str, Any]:
    """The link data of a real position (2 players, seed 3, 40 steps of the careful bots)."""
    from verlies.links import encode
    from verlies.setup import Setup
    from verlies.ui.core.session import Session

    session = Session.new(Setup(players=2, seed=3), ["careful", "careful"])
    session.run("end", limit=40)
    value = encode(session.game, ["human", "human"])
    data: dict[str, Any] = json.loads(zlib.decompress(base64.urlsafe_b64decode(value + "==")))
    return data


REAL = _real_link()


@st.composite
def _mutated(draw: Any) -> str:
    """The real position with its steps broken in one place: a step replaced by any JSON,
    dropped, repeated, or the steps cut; or a setup value replaced."""
    data = json.loads(json.dumps(REAL))
    steps = data["p"]
    i = draw(st.integers(0, len(steps) - 1))
    how = draw(st.sampled_from(["replace", "drop", "repeat", "cut", "setup", "field"]))
    if how == "replace":
        steps[i] = draw(_JSONISH)
    elif how == "drop":
        del steps[i]
    elif how == "repeat":
        steps.insert(i, steps[i])
    elif how == "cut":
        del steps[i:]
    elif how == "setup":
        data["s"][draw(st.sampled_from(sorted(data["s"])))] = draw(_JSONISH)
    elif isinstance(steps[i], list) and steps[i]:
        steps[i][draw(st.integers(0, len(steps[i]) - 1))] = draw(_JSONISH)
    return pack(data)


_LINK = st.one_of(
    _mutated(),
    st.text(max_size=300),
    st.binary(max_size=400).map(lambda b: base64.urlsafe_b64encode(b).decode()),
    st.builds(
        lambda s, p, c, d: pack({"v": 1, "s": s, "p": p, "c": c, **d}),
        st.dictionaries(
            st.sampled_from(["players", "seed", "characters", "round_limit", "variants", "x"]),
            _JSONISH,
            max_size=4,
        ),
        st.lists(_JSONISH, max_size=6),
        st.lists(st.text(max_size=10), max_size=5) | _JSONISH,
        st.dictionaries(st.sampled_from(["d", "b"]), _JSONISH, max_size=2),
    ),
    _JSONISH.map(pack),
)


def check_link(worker: Worker, value: str) -> None:
    out = worker.ask({"mode": "link", "query": f"g={value}"})
    what = f"?g={value[:120]!r}"
    assert out["result"] in ("ok", "refused", "none"), (what, out)
    assert out["maxrss_mib"] < 2048, out
    assert out["kept"], (what, out)
    # nothing said only when the address holds no position (an empty g=)
    assert (out["result"] == "none") == (not parse_qs(f"g={value}").get("g")), (what, out)
    if out["result"] == "refused":
        said_well(out, what)
        assert "vl-link-error" in out["said"]["de"], (what, out)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(value=_LINK)
def test_links_fuzzed(worker: Worker, value: str) -> None:
    check_link(worker, value)


@pytest.mark.parametrize(
    "value",
    [
        "A" * 200_000,  # a link too long for any server (tests/browser/test_long_address.py)
        pack(b" " * 40_000_000, raw=True),  # 40 MB of spaces in 40 kB: refused unread
        pack(b"[" * 4_000_000, raw=True),  # deep nesting within the unpacked bound
        pack({"v": 1, "s": {"players": 2}, "p": [["x"]] * 100_000, "c": ["human"] * 2}),
        pack({"v": 1, "s": {"players": 10**9}, "p": [], "c": []}),
        pack({"v": 1, "s": {"players": 2}, "p": [], "c": ["human", "human"], "d": "x" * 5000}),
        pack({"v": 1, "s": {"players": 2, "seed": 10**400}, "p": [], "c": ["human", "human"]}),
    ],
)
def test_links_too_large_or_odd(worker: Worker, value: str) -> None:
    check_link(worker, value)

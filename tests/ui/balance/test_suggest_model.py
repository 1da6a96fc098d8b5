"""The Balance tab's "Suggest" model without widgets (verlies.ui.balance.suggest_model)."""

from __future__ import annotations

import dataclasses
import html
import threading

import pytest

from verlies import i18n
from verlies.deck import Deck
from verlies.ui.balance.suggest_model import (
    DEFAULT_MOVES,
    DEFAULT_TARGETS,
    SuggestError,
    SuggestRun,
    parse_lines,
)

PRIEST = "char-priester"


def unbalanced() -> Deck:
    """The default deck with the Priest at 6/3/1 (about a third of the 4-player wins)."""
    d = Deck.default()
    c = d.characters[PRIEST]
    return d.with_card("character", dataclasses.replace(c, staerke=6, geist=3, geschick=1))


def tiny(**kw: object) -> SuggestRun:
    run = SuggestRun()
    run.targets = "win:char-priester=0:10"
    run.moves = f"character:{PRIEST}"
    run.games, run.trials, run.verify_games = 64, 4, 64
    run.rechecks = 0  # searching on after the check: tests/sim/test_tune_recheck.py
    for k, v in kw.items():
        setattr(run, k, v)
    return run


def finish(run: SuggestRun, deck: Deck) -> list[tuple[str, int, int]]:
    seen: list[tuple[str, int, int]] = []
    ended = threading.Event()
    run.start(
        deck,
        on_update=lambda r: seen.append((r.phase, r.done, r.total)),
        on_done=lambda _r: ended.set(),
    )
    assert run.wait(600)
    assert ended.is_set()
    return seen


@pytest.fixture(scope="module")
def lopsided() -> tuple[SuggestRun, list[tuple[str, int, int]]]:
    run = tiny()
    seen = finish(run, unbalanced())
    return run, seen


def test_defaults_parse_and_fit_the_default_deck() -> None:
    run = SuggestRun()
    assert run.targets == DEFAULT_TARGETS and run.moves == DEFAULT_MOVES
    targets, moves = run.check(Deck.default())
    assert [t.key for t in targets] == ["win:*"]
    assert (targets[0].low, targets[0].high) == pytest.approx((0.22, 0.28))
    assert {(m.kind, m.field) for m in moves} == {
        ("monster", "fight"),
        ("dungeon", "obstacle"),
        ("room", "trap"),
        ("character", "values"),
    }


def test_a_lopsided_deck_gets_a_proposal_in_words_with_verdicts_and_a_patch(
    lopsided: tuple[SuggestRun, list[tuple[str, int, int]]],
) -> None:
    run, seen = lopsided
    assert run.error is None and run.result is not None
    assert run.result.edits
    for lang in ("en", "de"):
        words = run.edit_words(lang)
        assert words and all(words)
        priest = Deck.default().characters[PRIEST].name.get(lang)
        assert any(priest in w for w in words)
        rows = run.verdicts(lang)
        assert [r.key for r in rows] == [f"win:{PRIEST}"]
        row = rows[0]
        assert priest in row.name
        assert row.verdict in ("met", "missed", "undecided")
        assert row.verdict_words == i18n.text(f"tune.verdict.{row.verdict}", lang)
        assert row.band.startswith("0") and row.value.endswith("%")
    text = run.patch_text()
    assert 'base = "default"' in text
    assert Deck.loads(text) == run.result.proposal
    # progress: the candidates, then the verification's games, each count not going back
    phases = [p for p, _d, _t in seen]
    assert "search" in phases and "verify" in phases
    assert phases.index("verify") > phases.index("search")
    search = [d for p, d, _t in seen if p == "search"]
    assert search == sorted(search) and search[-1] >= 1
    verify = [(d, t) for p, d, t in seen if p == "verify"]
    assert verify[-1][0] == verify[-1][1] > 0


def test_make_it_the_draft_gives_the_proposal_or_its_edits_on_a_later_draft(
    lopsided: tuple[SuggestRun, list[tuple[str, int, int]]],
) -> None:
    run, _ = lopsided
    assert run.result is not None
    start = unbalanced()
    assert run.applied_to(start) == run.result.proposal
    # the draft changed meanwhile (a monster's fight value): the proposal's edits on top of it
    later = start.with_name("Later")
    got = run.applied_to(later)
    assert got.name == "Later"
    assert got.characters[PRIEST] == run.result.proposal.characters[PRIEST]


def test_same_seed_same_suggestion() -> None:
    a, b = tiny(trials=2), tiny(trials=2)
    finish(a, unbalanced())
    finish(b, unbalanced())
    assert a.result is not None and b.result is not None
    assert a.result.edits == b.result.edits
    assert a.result.verification == b.result.verification
    assert a.patch_text() == b.patch_text()


def test_cancel_stops_the_search_early() -> None:
    run = tiny(trials=40, games=64)

    def stop_after_first(r: SuggestRun) -> None:
        if r.phase == "search" and r.done >= 1:
            r.cancel()

    ended = threading.Event()
    run.start(unbalanced(), on_update=stop_after_first, on_done=lambda _r: ended.set())
    assert run.wait(600) and ended.is_set()
    assert run.cancelled
    assert run.result is not None and run.error is None
    assert run.result.search["cancelled"]
    assert run.result.search["trials"] < 40  # far fewer candidates than the budget
    assert run.result.verification is None and run.verdicts("en") == []


@pytest.mark.parametrize(
    ("field", "text", "line", "needle"),
    [
        ("targets", "win:*=25+-3\nwins=1:2", 2, "wins"),
        ("targets", "# comment\n\nrounds=30:20", 3, "30"),
        ("targets", "win:char-nobody=20:30", 1, "char-nobody"),
        ("moves", "monster:*:fight=-2:2\nmonster:*:colour", 2, "colour"),
        ("moves", "pile:x", 1, "pile"),
        ("targets", "  \n# nothing\n", 0, "nothing given"),
    ],
)
def test_bad_settings_give_a_located_message_and_nothing_starts(
    field: str, text: str, line: int, needle: str
) -> None:
    run = SuggestRun()
    setattr(run, field, text)
    with pytest.raises(SuggestError) as e:
        run.start(Deck.default())
    assert not run.running and run.result is None
    err = e.value
    assert (err.field, err.line) == (field, line)
    assert needle in err.message
    for lang in ("en", "de"):
        shown = err.text(lang)
        assert shown.startswith(i18n.text(f"suggest.field.{field}", lang))
        if line:
            word = "line" if lang == "en" else "Zeile"
            assert f"{word} {line}:" in shown


def test_bad_budget_is_refused() -> None:
    run = SuggestRun()
    run.games = 0
    with pytest.raises(SuggestError) as e:
        run.check(Deck.default())
    assert e.value.field == "games"


def test_parse_lines_skips_blank_lines_and_comments() -> None:
    got = parse_lines("win:*=25+-3  # fair\n\nedge=:2\n", "targets")
    assert [t.key for t in got] == ["win:*", "edge"]


# ---- within targets; the reasons in the page's language (tune22) ------------------------


def _panel(lang: str = "en") -> object:
    from verlies.ui.balance.suggest_view import SuggestPanel

    return SuggestPanel(Deck.default, lang=lang)


def test_a_deck_within_its_targets_says_so_on_the_page_in_either_language() -> None:
    from verlies.ui.balance.suggest_view import SuggestPanel

    panel = _panel("en")
    assert isinstance(panel, SuggestPanel)
    panel.games.value, panel.trials.value = 128, 6  # the default moves
    panel.targets.value = "win:*=:50"  # wide enough for 256 fresh games to decide
    panel.start()
    assert panel.run.wait(600)
    r = panel.run.result
    assert r is not None and r.within_targets and not r.edits
    assert "Within targets: every target met on 256 fresh games; nothing to change." in (
        panel.result.value
    )
    assert "Proposed changes" not in panel.result.value
    assert panel.apply_button.layout.display == "none" and panel.downloads.value == ""
    # the verdicts' error level is stated: each interval's level and the joint 5 %
    assert "all verdicts together wrong with at most 5 % probability" in panel.result.value
    panel.set_lang("de")
    assert "Im Ziel: jedes Ziel auf 256 neuen Partien erfüllt; nichts zu ändern." in (
        panel.result.value
    )
    assert "alle Urteile zusammen höchstens mit 5 % Wahrscheinlichkeit falsch" in (
        panel.result.value
    )
    assert "Within targets" not in panel.result.value
    assert i18n.text("tune.verdict.met", "de") in panel.result.value


def test_a_bad_line_is_said_in_the_page_s_language_and_again_on_a_switch() -> None:
    panel = _panel("de")
    panel.targets.value = "win:*=25+-3\nwins=1:2"  # type: ignore[attr-defined]
    panel.start()  # type: ignore[attr-defined]
    shown = html.unescape(panel.status.value)  # type: ignore[attr-defined]
    assert "Ziele, Zeile 2: unbekanntes Ziel 'wins'" in shown and "unknown" not in shown
    panel.set_lang("en")  # type: ignore[attr-defined]
    shown = html.unescape(panel.status.value)  # type: ignore[attr-defined]
    assert "Targets, line 2: unknown target 'wins'" in shown and "unbekannt" not in shown


def test_a_reason_from_the_run_follows_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from verlies.sim.tune import TuneError
    from verlies.ui.balance import suggest_model

    def refuse(*_a: object, **_k: object) -> None:
        raise TuneError("other_problem", study="'s'", storage="'sqlite:///x.db'")

    monkeypatch.setattr(suggest_model, "tune", refuse)
    panel = _panel("de")
    panel.start()  # type: ignore[attr-defined]
    panel.run.wait(60)  # type: ignore[attr-defined]
    shown = panel.status.value  # type: ignore[attr-defined]
    assert "gehört zu einer anderen Aufgabe" in shown and "another problem" not in shown
    panel.set_lang("en")  # type: ignore[attr-defined]
    assert "was made for another problem" in panel.status.value  # type: ignore[attr-defined]


def test_a_start_deck_flattered_by_the_search_games_is_said_so(
    lopsided: tuple[SuggestRun, list[tuple[str, int, int]]],
) -> None:
    """The draft met the targets on the study's games but missed one on fresh games: the
    page says why it searched anyway, in either language (the search's record says so)."""
    run, _ = lopsided
    assert run.result is not None and run.result.edits
    panel = _panel("en")
    result = dataclasses.replace(
        run.result,
        search=run.result.search | {"start_check": {"search_missed": 0, "fresh_missed": 1}},
    )
    panel.run.result = result  # type: ignore[attr-defined]
    panel._draw()  # type: ignore[attr-defined]
    shown = html.unescape(panel.result.value)  # type: ignore[attr-defined]
    assert i18n.text("suggest.start_fresh_missed", "en") in shown
    panel.set_lang("de")  # type: ignore[attr-defined]
    shown = html.unescape(panel.result.value)  # type: ignore[attr-defined]
    assert i18n.text("suggest.start_fresh_missed", "de") in shown and "fresh games" not in shown
    # the lopsided run itself missed on the study's games: no such sentence
    panel.run.result = run.result  # type: ignore[attr-defined]
    panel._draw()  # type: ignore[attr-defined]
    assert "neuen Partien aber" not in html.unescape(panel.result.value)  # type: ignore[attr-defined]


def test_a_proposal_that_cannot_be_applied_is_said_in_the_page_s_language(
    lopsided: tuple[SuggestRun, list[tuple[str, int, int]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """'Make it the draft' refused (the draft changed so that the edits no longer fit): the
    reason, a worded error, is said in the page's language and again after a switch."""
    from verlies.sim.tune import TuneError
    from verlies.ui.balance.suggest_view import SuggestPanel

    run, _ = lopsided
    assert run.result is not None
    panel = SuggestPanel(Deck.default, lang="de", set_draft=lambda _deck: None)
    panel.run.result = run.result  # type: ignore[misc]

    def refuse(_draft: Deck) -> Deck:
        raise TuneError("no_knobs")

    monkeypatch.setattr(panel.run, "applied_to", refuse)
    panel.apply()
    german = html.unescape(panel.apply_status.value)
    assert german == i18n.text(
        "suggest.apply_failed", "de", msg=TuneError("no_knobs").text_in("de")
    )
    assert "the moves" not in german
    panel.set_lang("en")
    assert html.unescape(panel.apply_status.value) == i18n.text(
        "suggest.apply_failed", "en", msg=str(TuneError("no_knobs"))
    )

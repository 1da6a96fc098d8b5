"""The workspace on the play page's widgets (issue 38 item 3, verlies.ui.workspace.workspace_view):
a page whose draft, tab, card and results were written gives them back to the next page of
the same browser (a reload, a new kernel), in the tabs where they were: the Deck tab's
differences and impact figures, the Balance tab's answer, each said to belong to its
draft, marked out of date after an edit, in German and English; a shared table's seat
shows nothing of it."""

from __future__ import annotations

import json
import uuid
from itertools import count
from typing import Any

import pytest

from verlies import i18n
from verlies.deck import Deck
from verlies.sim.compare import compare
from verlies.sim.impact import impact
from verlies.sim.verdict import before_after
from verlies.ui.deck.impact_model import figures
from verlies.ui.page import PlayApp
from verlies.ui.workspace.model import balance_data, skill_data

CARD = ("treasure", "schatz-alte-muenze")


def _page(client: str, query: str = "", lang: str = "en") -> PlayApp:
    app = PlayApp(autosave=True, lang=lang)
    ticks = count()
    app.workspace.model.clock = lambda: 10.0 * next(ticks)  # each write allowed at once
    app.autosave.client.value = json.dumps({"client": client, "query": query, "tz": 0})
    return app


def _write(app: PlayApp) -> None:
    app.workspace.flush_now()
    assert not app.workspace.model.dirty and app.workspace.model.error is None


@pytest.fixture(scope="module")
def results() -> dict[str, Any]:
    """Tiny results of the draft (the coin doubled): a Balance answer and impact figures."""
    draft = Deck.default().with_count(*CARD, 2)
    comp = compare(Deck.default(), draft, 8, players=2, workers=1)
    res = impact(draft, 8, players=2, workers=1, cards=[":".join(CARD)])
    from verlies.sim.skill import skill_matrix
    from verlies.ui.balance.chart import character_names

    m = skill_matrix(8, players=2, deck=draft, tables=("careful", "greedy"), workers=1)
    names = {lang: character_names(draft, lang) for lang in ("de", "en")}
    return {
        "draft": draft,
        "balance": balance_data(before_after(comp)),
        "figures": figures(res),
        "skill": skill_data(m, names),
    }


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_reload_gives_the_work_back_where_it_was(lang: str, results: dict[str, Any]) -> None:
    client = uuid.uuid4().hex
    first = _page(client, lang=lang)
    ed = first.editor
    ed.select(*CARD)
    assert ed.set_count(2)
    draft = ed.draft
    assert draft == results["draft"]
    col = ed.impact.column
    col.deck, col.method, col.figures = draft, "sensitivity", results["figures"]
    col.games, col.base_games, col.done, col.total, col.status = 8, 8, 24, 24, "done"
    first.workspace._impact_done()  # as the run's end calls it
    first.workspace.model.note_result("balance", draft, results["balance"])
    first.workspace.model.note_result("skill", draft, results["skill"])
    first.workspace.model.note_result("compare", draft, results["balance"])
    first.tabs.selected_index = 2  # the Deck tab
    _write(first)
    assert 'class="vl-workspace-link"' in first.workspace.line.value
    # the reload: a new page, the same browser
    page = _page(client, lang=lang)
    ws = page.workspace
    assert ws.model.load_error is None and ws.model.restored is not None
    assert page.tabs.selected_index == 2 and page.editor.selected == CARD
    assert page.editor.draft == draft
    assert page.editor.diff_lines()  # the Deck tab lists the change again
    fig = page.editor.impact.column.figure(CARD)
    assert fig is not None and fig == results["figures"][CARD]
    line = ws.line.value
    t = i18n.text
    for kind in ("draft", "balance", "impact", "skill", "compare"):
        assert f'data-kind="{kind}"' in line
    assert t("workspace.fresh", lang) in line and 'data-stale="1"' not in line
    assert t("workspace.item.draft", lang, draft=draft.name) in line
    bal = page.balance
    assert "vl-verdict-sentence" in bal.verdict.value and "<svg" in bal.diff_chart.value
    assert t("workspace.fresh", lang) in bal.fresh.value
    skill = bal.skill.result.value
    assert "vl-skill-robust" in skill and t("workspace.fresh", lang) in skill
    assert t("workspace.item.skill", lang, draft=draft.name, time="")[:-3] in skill
    compared = page.editor.drafts.verdict.value
    assert "vl-workspace-mark" in compared and t("workspace.fresh", lang) in compared
    # an edit: every result restored says it is out of date, in the page's language
    assert page.editor.set_count(3)
    line = ws.line.value
    assert line.count('data-stale="1"') == 4 and t("workspace.stale", lang) in line
    assert t("workspace.stale", lang) in page.editor.drafts.verdict.value
    assert t("workspace.stale", lang) in bal.fresh.value
    assert t("workspace.stale", lang) in bal.skill.result.value
    assert t("deckimpact.stale", lang) in page.editor.impact.progress_text.value
    other = "en" if lang == "de" else "de"
    page.model.set_lang(other)
    assert t("workspace.stale", other) in ws.line.value
    assert t("workspace.stale", other) in bal.fresh.value
    assert t("workspace.stale", other) in bal.skill.result.value
    assert t("workspace.stale", other) in page.editor.drafts.verdict.value
    # undone: of the draft as it is again
    assert page.editor.set_count(2)
    assert 'data-stale="1"' not in ws.line.value


def test_another_browser_and_a_seat_see_nothing_of_it(results: dict[str, Any]) -> None:
    client = uuid.uuid4().hex
    first = _page(client)
    first.editor.select(*CARD)
    assert first.editor.set_count(2)
    _write(first)
    wid = first.workspace.model.wid
    assert wid is not None
    stranger = _page(uuid.uuid4().hex)
    assert stranger.workspace.model.restored is None and stranger.workspace.line.value == ""
    assert stranger._editor is None  # nothing was even built for it
    seat = _page(client, f"?table=abc&seat=1&ws={wid}")
    assert seat.workspace.model.restored is None and not seat.workspace.model.enabled
    assert seat._editor is None and seat.workspace.line.value == ""
    # the link in another browser: the work, as a copy of its own
    linked = _page(uuid.uuid4().hex, f"?ws={wid}")
    assert linked.editor.draft == results["draft"]
    assert linked.workspace.model.wid is None


def test_a_corrupt_workspace_is_said_and_the_page_starts_clean() -> None:
    client = uuid.uuid4().hex
    first = _page(client)
    first.editor.select(*CARD)
    assert first.editor.set_count(2)
    _write(first)
    spaces = first.workspace.model.store
    data = spaces.load(str(first.workspace.model.wid))
    data["draft"] = "[[[ not a deck"
    spaces.save(str(first.workspace.model.wid), data, client=client)
    page = _page(client, lang="de")
    line = page.workspace.line.value
    assert "vl-workspace-bad" in line and "die Seite beginnt leer" in line
    assert page._editor is None or page.editor.draft == Deck.default()
    assert page.tabs.selected_index == 0

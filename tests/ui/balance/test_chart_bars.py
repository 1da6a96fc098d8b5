"""The Balance chart's bars open "show me games like this" (feel4): each character's bar
is a link to the shortest game that character won among the draft's first games, the
marks under the chart to the first stalled and the longest game; each link opens the
game of the run's own seed and setup (checked by opening the link and by the records)."""

from __future__ import annotations

import re
from html import unescape

import pytest

from verlies.deck import Deck
from verlies.links import from_query, open_position
from verlies.sim.compare import Comparison, compare
from verlies.sim.plots import Differences
from verlies.ui.balance.chart import character_names, difference_svg
from verlies.ui.balance.feel_model import replay
from verlies.ui.balance.show_model import BarLinks, Shown, bar_links, find_all, mark_links

DECK = Deck.default()
LOOK = 16


@pytest.fixture(scope="module")
def comp() -> Comparison:
    return compare(DECK, DECK.with_name("D"), 16, players=4, seed=2, workers=1, characters="all")


def _links(svg: str) -> dict[str, str]:
    """Row key -> the href of its bar's link, as the page's HTML holds it."""
    out = {}
    for m in re.finditer(r'<g class="vl-diff-row" data-key="([^"]+)"[^>]*>(.*?)</g>', svg):
        a = re.search(r'<a class="vl-diff-link" href="([^"]+)"', m.group(2))
        if a:
            out[m.group(1)] = unescape(a.group(1))
    return out


def test_each_bar_opens_the_shortest_game_its_character_won(comp: Comparison) -> None:
    spec = comp.b.spec
    records = replay(spec, LOOK)
    chars = sorted({r.characters[s] for r in records for s in r.winners})
    assert len(chars) >= 2
    found = find_all(spec, chars, {}, LOOK, records)
    names = character_names(DECK, "en")
    diffs = Differences(
        ids=tuple(chars),
        diffs=(0.01,) * len(chars),
        low=(-0.02,) * len(chars),
        high=(0.03,) * len(chars),
        clear=(False,) * len(chars),
    )
    svg = difference_svg(diffs, names, "en", links=bar_links(found, names, "D", "en"))
    hrefs = _links(svg)
    assert sorted(hrefs) == chars
    for cid, href in hrefs.items():
        game = open_position(from_query(href))  # type: ignore[arg-type]
        won = [r for r in records if any(r.characters[s] == cid for s in r.winners)]
        rec = min(won, key=lambda r: (r.turns, r.index))
        assert game.setup.seed == rec.seed
        assert tuple(game.setup.characters) == rec.characters
        assert cid in {rec.characters[s] for s in rec.winners}
    # the link is named in the page's language and reached as a link (focusable)
    assert f"the shortest game {names[chars[0]]} won" in svg
    de = difference_svg(
        diffs,
        character_names(DECK, "de"),
        "de",
        links=bar_links(found, character_names(DECK, "de"), "D", "de"),
    )
    assert "das kürzeste Spiel, das" in de and _links(de) == hrefs


def test_the_marks_open_the_longest_and_the_first_stalled_game(comp: Comparison) -> None:
    spec = comp.b.spec
    records = replay(spec, LOOK)
    # game 3 never stalled: found as asked, but it has no stall to link to, so no mark
    found = find_all(spec, [], {3: (1, 30)}, LOOK, records)
    assert found["stalled"].index == 3 and found["stalled"].link is None
    marks = mark_links(found, "D", "en")
    assert [k for k, _, _ in marks] == ["longest"]
    longest = open_position(from_query(marks[0][1]))  # type: ignore[arg-type]
    top = max(records, key=lambda r: (r.turns, -r.index))
    assert longest.setup.seed == top.seed
    # a stalled game with a link comes first, named with its round
    found["stalled"] = Shown("stalled", 4, 41, "?g=x", stall=True)
    marks = mark_links(found, "D", "de")
    assert [k for k, _, _ in marks] == ["stalled", "longest"]
    assert "(Runde 41)" in marks[0][2] or "41" in marks[0][2]
    svg = difference_svg(
        Differences(("char-x",), (0.0,), (0.0,), (0.0,), (False,)), {}, "de", marks=marks
    )
    assert svg.count('class="vl-diff-mark"') == 2
    assert svg.index('data-key="stalled"') < svg.index('data-key="longest"')


def test_no_links_before_they_are_found_and_an_older_search_is_dropped(comp: Comparison) -> None:
    links = BarLinks()
    assert links.chart({}, "en") == {"links": {}, "marks": []}
    said = []
    links.look(comp.b.spec, ["char-nobody"], {}, "D", lambda: said.append(1))
    links.clear()  # a new run started: the old search's answer must not land
    links.thread.join()
    assert said == [] and links.found == {}
    links.look(comp.b.spec, [], {}, "D", lambda: said.append(2))
    links.thread.join()
    assert said == [2] and set(links.found) == {"longest"}
    svg = difference_svg(
        Differences(("char-x",), (0.0,), (0.0,), (0.0,), (False,)),
        {},
        "en",
        **links.chart({}, "en"),
    )
    assert 'class="vl-diff-mark" data-key="longest"' in svg


def test_a_kept_answer_keeps_its_games_and_says_when_out_of_date(comp: Comparison) -> None:
    links = BarLinks()
    links.look(comp.b.spec, ["char-nobody"], {}, "D", lambda: None)
    kept = links.kept()  # waits for the search under way
    assert [x[0] for x in kept] == ["longest"] and kept[0][3]
    again = BarLinks()
    again.restore(kept, "D", stale=False)
    fresh = again.chart({}, "en")["marks"]
    assert fresh == links.chart({}, "en")["marks"]
    again.restore(kept, "D", stale=True)
    ((key, href, words),) = again.chart({}, "de")["marks"]
    assert key == "longest" and href == kept[0][3]
    assert "⚠" in words and "Spiel" in words

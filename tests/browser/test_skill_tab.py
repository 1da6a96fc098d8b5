"""Balance across skill on the Balance tab, as a person sees it, at 390, 800 and 1280 px, in
German and in English.

A small matrix (32 games per table, the four tables without the search bot) of the deck
being edited is started from the page; when it has ended:

- the matrix shows every character by its name in the page's language, and every cell
  the win rate and 95 % interval of the lab's own :func:`verlies.sim.skill_matrix` for the
  same games (played again here: the same seed gives the same games), with the tables
  named in words and the robust balance and each table's verdict as sentences;
- no label, button or cell is cut, nothing lies outside the window, and the page does not
  scroll sideways;
- no word of the other language's table (the section's keys, the bots' and characters'
  names) that this language's lacks.

Every wait follows progress (tests/browser/progress.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from browser_settings import ARTIFACTS
from each_view import LANGS, each_width, foreign_words, open_section, other_lang
from layout import check_fits
from playwright.sync_api import Page
from progress import follow, follow_expect

from verlies import i18n
from verlies.deck import Deck
from verlies.sim import skill_matrix
from verlies.ui.balance.chart import character_names
from verlies.ui.balance.skill_model import SETS, skill_report

GAMES = 32

#: The matrix as shown: per row its name and per cell (its table id) the rate and interval;
#: the sentences; the summary's verdicts.
_MATRIX_JS = """
() => {
  const q = (s) => Array.from(document.querySelectorAll(s));
  const rows = q('.vl-skill-matrix tr[data-key]').map((tr) => ({
    key: tr.dataset.key,
    name: tr.querySelector('.vl-skill-name').textContent.trim(),
    cells: Array.from(tr.querySelectorAll('.vl-skill-cell')).map((td) => ({
      table: td.dataset.table,
      rate: td.querySelector('.vl-skill-rate').textContent.trim(),
      ci: td.querySelector('.vl-skill-ci').textContent.trim(),
      visible: td.getBoundingClientRect().width > 0 })) }));
  const heads = q('.vl-skill-matrix th[data-table]').map((th) => th.textContent.trim());
  return {rows, heads,
          robust: (document.querySelector('.vl-skill-robust') || {}).textContent || '',
          says: q('.vl-skill-say').map((li) => li.textContent.trim())};
}
"""


_TEXT_JS = """
() => {
  const box = document.querySelector('.vl-skill');
  const options = Array.from(box.querySelectorAll('select option:checked'))
    .map((o) => o.textContent);
  const titles = Array.from(box.querySelectorAll('[title]')).map((e) => e.title);
  return [box.innerText, ...options, ...titles].join('\\n');
}
"""


#: The templates whose words the section shows.
SKILL_WORDS = ("skill.", "page.botname.", "balance.", "sim.")


#: Every control and text box of the section that could be cut or stick out.
_LAYOUT: tuple[str, ...] = (
    ".vl-skill .widget-label",
    ".vl-skill button",
    ".vl-skill select",
    ".vl-skill-status",
    ".vl-skill-robust",
    ".vl-skill-say",
    ".vl-skill-title",
    ".vl-skill-progress",
    ".vl-skill-table",
    ".vl-skill-cell",
    ".vl-skill-name",
    ".vl-skill th",
    ".vl-skill a[download]",
    ".vl-skill",
)


def _check_layout(page: Page, width: int) -> None:
    items = check_fits(page, width, _LAYOUT)
    buttons = [e for e in items if e["sel"] == ".vl-skill button" and e["text"]]
    assert len(buttons) == 2 and all(b["width"] >= 60 for b in buttons), buttons


def _check_matrix(page: Page, lang: str, want: Any) -> None:
    shown: dict[str, Any] = page.evaluate(_MATRIX_JS)
    assert shown["heads"] == want.columns
    assert [r["name"] for r in shown["rows"]] == [name for _cid, name, _c in want.rows]
    for row, (cid, _name, cells) in zip(shown["rows"], want.rows, strict=True):
        assert row["key"] == cid
        assert [c["table"] for c in row["cells"]] == list(SETS["quick"])
        for got, cell in zip(row["cells"], cells, strict=True):
            assert got["visible"], (cid, got)
            assert (got["rate"], got["ci"]) == (cell.rate, cell.interval), (cid, got)
            # an interval is two numbers around the rate
            lo, hi = (float(x.replace(",", ".")) for x in re.findall(r"\d+[.,]\d", got["ci"]))
            rate = float(got["rate"].split()[0].replace(",", "."))
            assert lo <= rate <= hi, got
    # the robust balance, then its link to the glossary (verdict.glossary_link)
    assert shown["robust"].strip().startswith(want.robust)
    assert shown["says"] == [s for _k, s in want.says] + want.gains_says


def test_the_skill_matrix_reads_right_at_every_width(
    page: Page,
    page_url: Callable[..., str],
    voila_server: Any,
    console_errors: list[str],
) -> None:
    """One page, one run: started in German and read at every width, then the page's own
    language switch and every width again in English (the matrix is the same games; only
    its words follow the language, which is what a person switching would read)."""
    server = voila_server
    start = open_section(
        page, page_url(), server=server, lang="de", tab="Balance", start=".vl-skill-start"
    )
    follow_expect(start).to_have_text(i18n.text("skill.start", "de"))
    games = page.locator(".vl-skill-games input")
    games.fill(str(GAMES))
    games.press("Enter")
    # the four quick tables are the default choice, in the page's words
    chosen = page.locator(".vl-skill-tables select option:checked")
    follow_expect(chosen).to_have_text(i18n.text("skill.tables.quick", "de"))
    start.click()
    follow_expect(page.locator(".vl-skill-progress")).to_be_visible()
    follow(
        page,
        lambda: page.locator(".vl-skill a[download]").count() == 2,
        "the matrix' end",
        server=server,
    )
    deck = Deck.default()
    matrix = skill_matrix(GAMES, tables=SETS["quick"], deck=deck, workers=1)
    for lang in LANGS:
        if lang != "de":
            page.set_viewport_size({"width": 1280, "height": 900})
            page.click(f".vl-lang button:has-text('{lang.upper()}')")
            follow_expect(start).to_have_text(i18n.text("skill.start", lang))
            follow_expect(chosen).to_have_text(i18n.text("skill.tables.quick", lang))
        want = skill_report(matrix, lang, character_names(deck, lang))
        status = page.locator(".vl-skill-status")
        follow_expect(status).to_contain_text(str(matrix.info.games))
        for width in each_width(page):
            page.locator(".vl-skill-matrix").scroll_into_view_if_needed()

            def settled(w: int = width, lang: str = lang, want: Any = want) -> bool:
                _check_layout(page, w)
                _check_matrix(page, lang, want)
                return True

            follow(page, settled, f"the section laid out at {width} px in {lang}", server=server)
            foreign = foreign_words(page.evaluate(_TEXT_JS), lang, SKILL_WORDS, characters=True)
            assert not foreign, f"words of {other_lang(lang)} at {width} px: {sorted(foreign)}"
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            shot = ARTIFACTS / f"skill_{lang}_{width}.png"
            page.locator(".vl-skill").screenshot(path=str(shot))
    assert console_errors == []

"""What a designer sees, second round (issue 12), in a real browser against Voila: the rules
in German, the die panel's passing faces, the New game form's deck and characters, the
designer coordinates beside the gem, the editor's "Applied … as step N" going stale, and
German mode without English on the main views at 390, 800 and 1,280 px.

Everything is read as a person sees it: visible text (``inner_text`` of shown elements,
the generated text of an opened log line), what a <select> offers, where things are drawn
(bounding boxes, canvas pixels). Waits follow progress (tests/browser/progress.py), never a
fixed time.

The tests share one page (tests/browser/one_page.py); each brings it to the state it needs
through the page's own controls (a new game, the language switch). The New game form's
picks and the deck editor's draft are left for the next test, so those two tests spoil
the page (the next one loads it afresh) and come last. The broken link opens the page at
its own address (a load of its own, as before); the language a browser chose last is kept
over a load, so it chooses German first."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser_settings import ARTIFACTS
from one_page import OnePage, one_page_each, one_page_module  # noqa: F401
from page_moves import state
from playwright.sync_api import Page
from progress import BOARD, follow, follow_event, follow_expect, follow_js, has
from test_designer import wait_for
from test_play import board_data, settled_hash, start_game, wait_state

from verlies.i18n import de, en


def tab(page: Page, index: int) -> None:
    page.click(f".vl-tabs .lm-TabBar-tab >> nth={index}")
    if index == 2:  # the deck editor is built when its tab is first shown: wait for it
        editor = ".verlies-deck-editor .widget-select select"
        follow(page, has(page, editor, "visible"), "the deck editor")


def visible_text(page: Page, selector: str) -> str:
    """The text of the shown elements matching ``selector`` (hidden ones say nothing)."""
    texts: list[str] = page.eval_on_selector_all(
        selector,
        "es => es.filter(e => e.offsetParent !== null && e.getClientRects().length)"
        ".map(e => e.innerText)",
    )
    return "\n".join(texts)


def options(page: Page, seat: int) -> list[str]:
    """What seat ``seat``'s character list offers (its <option> texts)."""
    found: list[str] = page.eval_on_selector_all(
        f".vl-seat-{seat}-character select option", "os => os.map(o => o.textContent)"
    )
    return found


def chosen(page: Page, seat: int) -> str:
    text: str = page.eval_on_selector(
        f".vl-seat-{seat}-character select", "s => s.options[s.selectedIndex].textContent"
    )
    return text


def opened_rule_text(page: Page) -> str:
    """Open the newest log line (a click, as a person does) and read the rule text shown
    under it (the paragraph's generated content), checking it is drawn."""
    line = page.locator(".vl-log-box .vl-log summary").first
    line.click()
    para = page.locator(".vl-log-box .vl-log details[open] > p").first
    follow_expect(para).to_be_visible()
    box = para.bounding_box()
    assert box is not None and box["height"] > 10
    text: str = para.evaluate("p => getComputedStyle(p, '::after').content")
    line.click()  # closed again
    return text


#: The game the page opens with (the New game form's first setup): seed 1, round limit 300,
#: a person and the careful bot.
FIRST_GAME = (1, 300, ["human", "bot “careful”"])


def german_game(one_page: OnePage) -> Page:
    """The page with the game it opens with, new, shown in German (as the page opens): a
    new game through the form, then the language switch."""
    page = one_page.ready()
    start_game(page, *FIRST_GAME)  # in English
    page.click(".vl-lang button:has-text('DE')")
    follow_js(page, "document.querySelector('.vl-state').textContent.includes('am Zug')", "DE")
    return page


# ---- 1. the rules in German ---------------------------------------------------------------


def test_rules_tab_and_log_rules_follow_the_language(one_page: OnePage) -> None:
    page = german_game(one_page)
    # a log line opens its rule's German text
    follow_expect(page.locator(".vl-log-box summary[data-rule='R3.1']").first).to_be_visible()
    assert "Die Spieler sind reihum am Zug" in opened_rule_text(page)
    tab(page, 3)
    rules = page.locator(".vl-rules-page")
    follow_expect(rules).to_contain_text("R5 Hindernisse (Karte 5)")
    shown = visible_text(page, ".vl-rules-page")
    row = visible_text(page, ".vl-rules-page #rule-R5\\.2")
    assert row.startswith("R5.2") and "Magie-Sperre, Einsturz, Tür" in row
    assert "Hindernis wird nicht überwunden" in row
    assert "[Entscheidung]" in shown and "[decision]" not in shown
    # no notes for developers, no "(English text)"
    for word in ("dev:", "API", "engine has", "englischer Text", "explorer should"):
        assert word not in shown, word
    # the card's headings come before their rules, in the card's order
    heads = [
        page.locator(".vl-rule-card", has_text=h).bounding_box()
        for h in ("R1 Spielziel", "R5 Hindernisse", "R9 Gold/Schätze")
    ]
    assert all(b is not None for b in heads)
    tops = [b["y"] for b in heads if b is not None]
    assert tops == sorted(tops)
    r52 = page.locator("#rule-R5\\.2").bounding_box()
    assert r52 is not None and tops[0] < r52["y"] < tops[2]
    # English: the English text, the same IDs
    page.click(".vl-lang button:has-text('EN')")
    follow_expect(rules).to_contain_text("R5 Obstacles (card 5)")
    # the log is sent again in English: wait for it before opening a line
    follow_expect(page.locator(".vl-log-box")).to_contain_text("to move")
    row = visible_text(page, ".vl-rules-page #rule-R5\\.2")
    assert row.startswith("R5.2") and "not passed" in row and "Hindernis wird" not in row
    assert "dev:" not in visible_text(page, ".vl-rules-page")
    tab(page, 0)
    follow_expect(page.locator(".vl-log-box summary[data-rule='R3.1']").first).to_be_visible()
    assert "Players take turns in seat order" in opened_rule_text(page)
    assert one_page.errors == []


# ---- 2. the die panel marks the faces that pass -------------------------------------------

CONTEXT = re.compile(r"(\d+)(?: \+ (\d+))? \+ W6 ≥ (\d+)")


def test_die_panel_marks_the_faces_that_pass(one_page: OnePage) -> None:
    page = one_page.ready()
    start_game(page, 1, 60, ["human", "bot “careful”"])
    wait_for(page, lambda: state(page)["seed"] == "1", "the new game")
    for _ in range(300):  # keys only: R rolls or draws, 1 takes the first legal action
        s = state(page)
        if s["pending"] in ("oroll", "troll") and s["chance"] == "1":
            break
        assert s["over"] == "0", s
        page.keyboard.press("r" if s["chance"] == "1" else "1")
        wait_state(page, s)
    else:
        raise AssertionError("no obstacle or trap roll came")
    table = page.locator(".vl-otable")
    follow_expect(table).to_be_visible()
    context = visible_text(page, ".vl-otable .vl-context")
    m = CONTEXT.search(context)
    assert m, context
    value, bonus, target = int(m[1]), int(m[2] or 0), int(m[3])
    good = [f for f in range(1, 7) if value + bonus + f >= target]
    # the words: "passes on 4–6" (or "on 6", or no face at all); an obstacle of class A or
    # C lets a failed roll through, injured (R5.1, R5.3): "unhurt on 4–6, …"
    said = visible_text(page, ".vl-otable .vl-passes")
    hurt = "through in any case" in context
    faces = f"{good[0]}–6" if len(good) > 1 else "6"
    if not good:
        none = "no face gets through unhurt: injured, but through"
        assert said == (none if hurt else "no face is enough"), said
    elif hurt:
        assert said == f"unhurt on {faces}, through but injured otherwise", said
    else:
        assert said == f"passes on {faces}", said
    # the rows: a tick and a green background on exactly the passing faces
    rows = page.eval_on_selector_all(
        ".vl-otable .vl-orows > p",
        """ps => ps.map(p => ({text: p.querySelector('span').innerText,
                               bg: getComputedStyle(p).backgroundColor,
                               h: p.getBoundingClientRect().height}))""",
    )
    assert len(rows) == 6 and all(r["h"] > 0 for r in rows)
    green = "rgb(207, 232, 196)"
    for face, row in zip(range(1, 7), rows, strict=True):
        passes = face in good
        assert row["text"] == (f"{face} ✓" if passes else str(face)), row
        assert (row["bg"] == green) == passes, (face, row)
    page.screenshot(path=str(ARTIFACTS / "die-passes.png"))
    assert one_page.errors == []


# ---- 4. designer coordinates beside the gem ----------------------------------------------

_REGION_JS = """([x, y, w, h]) => {
  const c = document.querySelector('canvas.vl-board');
  const d = c.getContext('2d').getImageData(x, y, w, h).data;
  let hash = 0;
  for (let i = 0; i < d.length; i++) hash = (Math.imul(hash, 31) + d[i]) | 0;
  return hash;
}"""


def region(page: Page, box: tuple[int, int, int, int]) -> int:
    value: int = page.evaluate(_REGION_JS, list(box))
    return value


def test_designer_coordinates_leave_the_gem_free(one_page: OnePage) -> None:
    from verlies.render import style as st

    page = one_page.ready()
    start_game(page, *FIRST_GAME)  # the start card alone: its tiles are big
    data = board_data(page)
    ts, ox, oy = float(data["tile"]), float(data["ox"]), float(data["oy"])
    assert ts >= 40  # big enough for coordinates (board_view.COORDS_MIN_TILE)
    # the start card (0, 0): its gem's box, and the strip along the top edge beside it
    gx, gy, gr = st.GEM_POS[0] * ts, st.GEM_POS[1] * ts, st.GEM_R * ts
    gem = (int(ox + gx - gr - 2), int(oy + gy - gr - 2), int(2 * gr + 4), int(2 * gr + 4))
    coin_left = (st.GOLD_POS[0] - st.GOLD_R) * ts
    strip = (int(ox + gx + gr + 2), int(oy), int(coin_left - gx - gr - 4), int(0.2 * ts))
    before_gem, before_strip = region(page, gem), region(page, strip)
    page.click(".vl-designer input")
    wait_for(page, lambda: region(page, strip) != before_strip, "the coordinates to be drawn")
    # a drawing in flight lands before the gem is read: follow the board until it is still
    settled_hash(page)
    assert region(page, gem) == before_gem  # nothing drawn over the gem
    page.screenshot(path=str(ARTIFACTS / "designer-coords.png"), clip=_clip(page, ox, oy, ts))
    # and off again: the strip as it was
    page.click(".vl-designer input")
    wait_for(page, lambda: region(page, strip) == before_strip, "the coordinates to go")
    assert one_page.errors == []


def _clip(page: Page, ox: float, oy: float, ts: float) -> Any:
    box = page.locator(BOARD).bounding_box()
    assert box is not None
    return {"x": box["x"] + ox, "y": box["y"] + oy, "width": ts, "height": ts}


# ---- 7. German mode: no English on the main views ----------------------------------------

#: English words of the page's table that German never uses (so seeing one is a leftover).
#: (A name with an underscore is a variant's switch, e.g. opened_stays_open: code, not words.)
_WORD = re.compile(r"(?<![\w])[A-Za-z]{5,}(?![\w])")


def english_leftovers(text: str) -> set[str]:
    german = {w for v in de.TEXTS.values() for w in _WORD.findall(v)}
    english = {
        w for k, v in en.TEXTS.items() if k.startswith("page.") for w in _WORD.findall(v)
    } - german
    return {w for w in _WORD.findall(text) if w in english}


def test_german_mode_shows_no_english_at_390_800_and_1280_px(one_page: OnePage) -> None:
    page = german_game(one_page)
    s = state(page)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press("1")  # draw: a chance point, the die/card panel shows
    wait_state(page, s)
    ARTIFACTS.mkdir(exist_ok=True)
    for width in (1280, 800, 390):
        page.set_viewport_size({"width": width, "height": 1600})
        follow_js(page, f"window.innerWidth === {width}", f"a window {width} px wide")
        for i, name in ((0, "play"), (1, "new"), (3, "rules")):
            tab(page, i)
            # a tab other than the game's is built by the kernel when first shown (app.py)
            wait_for(page, lambda: len(visible_text(page, ".vl-app")) > 200, f"tab {name}")

            def german(width: int = width, name: str = name) -> bool:
                # the tab's panel is still being laid out by the browser (and filled by the
                # kernel) after the wait above: follow it, not a fixed pause
                text = visible_text(page, ".vl-app")
                left = english_leftovers(text)
                assert left == set(), (width, name, left)
                point = re.search(r"\d\.\d %", text)  # German writes "2,5 %"
                assert point is None, (width, name, point)
                scroll = page.evaluate("document.scrollingElement.scrollWidth")
                assert scroll <= width, (width, name, scroll)
                return True

            wait_for(page, german, f"tab {name} at {width} px in German only")
            page.screenshot(path=str(ARTIFACTS / f"german-{name}-{width}.png"))
        tab(page, 0)
    assert one_page.errors == []


# ---- 8. German mode: a broken link or save says why in German (issue 12) -----------------


def test_a_broken_link_says_why_in_german(one_page: OnePage) -> None:
    import base64
    import json
    import zlib

    from verlies.ui.core.share import LINK_VERSION

    # a link of this version with a setup and no steps, but seats that are not names
    data = {"v": LINK_VERSION, "s": {"players": 2}, "p": [], "c": [1, 2]}
    packed = zlib.compress(json.dumps(data).encode("utf-8"), 9)
    value = base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")
    # the page opens in German: the language last chosen in this browser (a reload keeps
    # it), so German is chosen first, through the page's switch
    page = one_page.ready()
    page.click(".vl-lang button:has-text('DE')")
    german_tab = f".vl-tabs .lm-TabBar-tab:has-text('{de.TEXTS['page.tab_play']}')"
    follow(page, has(page, german_tab, "visible"), "the page in German")
    one_page.open(one_page.url + "?g=" + value)
    error = page.locator(".vl-error", has_text="Link")
    follow_expect(error).to_be_visible()
    shown = visible_text(page, ".vl-error")
    assert de.TEXTS["save.err.link_seats"] in shown, shown
    assert shown.startswith(de.TEXTS["page.link_error"].split("{")[0]), shown
    german = {w for v in de.TEXTS.values() for w in _WORD.findall(v)}
    english = {
        w for k, v in en.TEXTS.items() if k.startswith("save.err.") for w in _WORD.findall(v)
    } - german
    assert {w for w in _WORD.findall(shown) if w in english} == set(), shown
    assert "position link" not in shown, shown
    assert one_page.errors == []


# ---- 5. "Applied … as step N" goes when the game moves on ---------------------------------


def test_applied_message_goes_after_a_move_and_an_upload(one_page: OnePage) -> None:
    from test_editor_page import (
        EDITOR,
        card_text_area,
        choose_card,
        editor_button,
        field,
        start_two_humans,
        type_card_text,
    )

    page = one_page.ready()
    one_page.spoil("the deck editor's draft and search are this test's")
    start_two_humans(page, 3)
    tab(page, 2)
    field(page, "widget-text", "Search").locator("input").fill("raum-gold")
    follow_expect(page.locator(f"{EDITOR} .widget-select select option")).to_have_count(4)
    follow_expect(page.locator(f"{EDITOR} h4 code")).to_have_text("raum-gold-01")
    choose_card(page, "raum-gold-03")
    follow_expect(card_text_area(page)).to_have_value("5 Gold.")
    applied = page.locator(EDITOR, has_text="Applied to the current game as step")

    def gone() -> None:
        wait_for(
            page,
            lambda: "Applied to the current game" not in visible_text(page, EDITOR),
            "the applied message to go",
        )

    def edit(text: str) -> None:  # typed, and checked by the editor (its diff shows it)
        type_card_text(page, text)
        follow_expect(page.locator(f"{EDITOR} .verlies-diff")).to_contain_text(f"→ “{text}”")

    # applied, then another deck file uploaded into the editor: the message goes
    edit("7 Gold.")
    editor_button(page, "Apply to the current game").click()
    follow_expect(applied).to_be_visible()
    deck = Path(__file__).resolve().parents[2] / "verlies" / "data" / "default_deck.toml"
    chooser = follow_event(
        page, "filechooser", lambda: page.click(f"{EDITOR} .widget-upload"), "the file chooser"
    )
    chooser.set_files(str(deck))
    gone()
    # applied, then the game moves on (a card drawn on the Game tab): the message goes
    choose_card(page, "raum-gold-02")  # the list was reset by the upload: choose anew
    choose_card(page, "raum-gold-03")
    follow_expect(card_text_area(page)).to_have_value("5 Gold.")
    edit("6 Gold.")
    editor_button(page, "Apply to the current game").click()
    follow_expect(applied).to_be_visible()
    s = state(page)
    tab(page, 0)
    page.click(".vl-action >> nth=0")
    wait_state(page, s)
    tab(page, 2)
    follow_expect(page.locator(EDITOR)).to_be_visible()
    gone()
    assert one_page.errors == []


# ---- 3. the New game form ------------------------------------------------------------------


def test_new_game_form_names_its_deck_and_gives_each_character_once(one_page: OnePage) -> None:
    page = one_page.ready()
    one_page.spoil("the form's player count and characters are this test's")
    page.click(".vl-lang button:has-text('EN')")
    follow_js(page, "document.querySelector('.vl-state').textContent.includes('to move')", "EN")
    tab(page, 1)
    deck = page.locator(".vl-setup-deck")
    follow_expect(deck).to_be_visible()
    wait_for(
        page,
        lambda: visible_text(page, ".vl-setup-deck").startswith("Deck Standard"),
        "the deck named",
    )
    page.select_option(".vl-players-count select", "3")
    follow_expect(page.locator(".vl-seat-3-character select")).to_be_visible()

    def each_once() -> bool:
        # each list offers its own pick, none of the others' (the lists are rewritten one
        # after another after the count changes: a look may fall between two of them)
        picked = [chosen(page, s) for s in (1, 2, 3)]
        return len(set(picked)) == 3 and all(
            picked[s - 1] in (offered := options(page, s))
            and not set(offered) & (set(picked) - {picked[s - 1]})
            for s in (1, 2, 3)
        )

    wait_for(page, each_once, "three seats, each character offered once")
    picked = [chosen(page, s) for s in (1, 2, 3)]
    # seat 1 takes a character nobody holds: at once gone from seats 2 and 3, and its old
    # one offered to them again (no Start pressed)
    free = next(o for o in options(page, 1) if o not in picked)
    page.select_option(".vl-seat-1-character select", label=free)
    wait_for(page, lambda: free not in options(page, 2), "seat 2's list to drop the pick")
    for s in (2, 3):
        wait_for(
            page,
            lambda s=s: free not in (o := options(page, s)) and picked[0] in o,
            f"seat {s}'s list: the pick gone, the old one back",
        )
    # a fourth seat comes in with a character of its own
    page.select_option(".vl-players-count select", "4")
    follow_expect(page.locator(".vl-seat-4-character select")).to_be_visible()

    def four_picked() -> bool:
        # seat 4's list is filled, and the others rewritten, after it shows: one look may
        # fall before seat 4 has its pick or before a seat was rewritten
        four = [chosen(page, s) for s in (1, 2, 3, 4)]
        assert len(set(four)) == 4, four
        return True

    wait_for(page, four_picked, "four seats, four characters")
    page.click(".vl-start")
    wait_for(page, lambda: state(page)["players"] == "4", "the 4-player game")
    assert page.locator(".vl-setup-message").inner_text().strip() == ""
    assert one_page.errors == []

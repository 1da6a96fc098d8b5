"""What the sanity checks cost per keystroke in the Deck tab (issue 37 item 5).

    .venv/bin/python benchmarks/sanity_typing.py [--keys 200]

A designer types a monster's card text, one character at a time ("Kampf: Geschick 10.
Besitz: 3 Gold." typed from an empty box, over and over). Each keystroke that parses makes
a new draft; each new draft gets its sanity report (:func:`verlies.deck.sanity.sanity`)
and its HTML (:func:`verlies.ui.deck.editor_html.sanity_html`). A keystroke that does not parse
changes no draft and is not checked again (tests/deck/test_sanity.py counts that).

Measured on the same keystrokes, in the same run:

- **parse**: ``Deck.with_card_text`` alone: the card text parsed and the deck rebuilt and
  checked (what every keystroke costs without the sanity checks; the baseline);
- **sanity**: the report of the new draft;
- **html**: the report as the HTML the tab shows (the selected card's row outlined);
- **editor**: the whole keystroke through the widget-free parts and the widgets of
  ``DeckEditor.set_text`` (composition, diff, status, sanity), for scale.

Prints the median microseconds per keystroke of each (CPU time of this process, so
another program on the machine slows the figures little) and the ratio of sanity + html
to parse. A benchmark, not a test: it asserts only that every parsed keystroke got a
report.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

from verlies.deck import Deck
from verlies.deck.sanity import Sanity, sanity
from verlies.errors import CardTextError, DeckError
from verlies.ui.deck.editor_html import sanity_html
from verlies.ui.deck.editor_view import DeckEditor

CARD = "monster-goblin"
TEXT = "Kampf: Geschick 10. Besitz: 3 Gold."


def _load() -> str:
    try:
        return " / ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not on Unix
        return "?"


def _cpu_us(fn: Callable[[], object]) -> float:
    t0 = time.process_time_ns()
    fn()
    return (time.process_time_ns() - t0) / 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--keys", type=int, default=200, help="keystrokes (default 200)")
    args = ap.parse_args()
    base = Deck.default()
    prefixes = [TEXT[: i + 1] for i in range(len(TEXT))]
    keys = [prefixes[i % len(prefixes)] for i in range(args.keys)]
    parse_us, parsed_us, sanity_us, html_us = [], [], [], []
    reports = 0
    for text in keys:
        got: list[Deck] = []

        def parse(text: str = text, got: list[Deck] = got) -> None:
            try:
                got.append(base.with_card_text("monster", CARD, text))
            except (CardTextError, DeckError):
                pass

        parse_us.append(_cpu_us(parse))
        if not got:
            continue
        parsed_us.append(parse_us[-1])
        kept: list[Sanity] = []
        sanity_us.append(_cpu_us(lambda d=got[0], k=kept: k.append(sanity(d))))
        html_us.append(_cpu_us(lambda r=kept[0]: sanity_html(r, "de", CARD)))
        reports += 1
    if reports != len(sanity_us) or not reports:
        raise RuntimeError("a parsed keystroke got no report")
    ed = DeckEditor(lang="de")
    ed.select("monster", CARD)
    editor_us, editor_parsed_us = [], []
    for text in keys:
        us = _cpu_us(lambda t=text: ed.set_text(t))
        editor_us.append(us)
        if ed.model.parse.ok:
            editor_parsed_us.append(us)

    def med(xs: list[float]) -> float:
        return statistics.median(xs)

    print(f"keystrokes: {len(keys)} typed, {reports} parsed (each parsed one checked once)")
    print(f"load average: {_load()}")
    print("median CPU µs per keystroke: all keystrokes / those that parsed")
    print(f"parse alone (baseline):  {med(parse_us):8.0f} / {med(parsed_us):8.0f}")
    print(f"sanity report:           {'-':>8} / {med(sanity_us):8.0f}")
    print(f"sanity HTML:             {'-':>8} / {med(html_us):8.0f}")
    print(f"whole editor keystroke:  {med(editor_us):8.0f} / {med(editor_parsed_us):8.0f}")
    ratio = (med(sanity_us) + med(html_us)) / med(parsed_us)
    print(f"sanity + HTML / parse, parsed keystrokes: {ratio:.2f}×")
    share = (med(sanity_us) + med(html_us)) / med(editor_parsed_us)
    print(f"sanity + HTML / whole editor keystroke, parsed keystrokes: {share:.2f}")


if __name__ == "__main__":
    main()

"""The event log and the rules as HTML (no widget library here): a log line per event,
newest first, each carrying only its rule ID; the rules' texts go to the page once, as CSS
generated content (:func:`rules_css`), and as the Rules tab (:func:`rules_html`). Every
text is escaped."""

from __future__ import annotations

import html
from collections.abc import Sequence

from verlies.events import Event
from verlies.rules_text import for_players, rule_title, rules_for
from verlies.ui.core.page_model import seat_class
from verlies.ui.core.session import Session
from verlies.ui.core.words import t

esc = html.escape


def rules_text(lang: str = "en") -> dict[str, str]:
    """Rule id -> text in ``lang`` from ``verlies.rules_text`` as players read it: markdown
    marks and the notes for developers removed."""
    return {
        k: for_players(v).replace("**", "").replace("`", "") for k, v in rules_for(lang).items()
    }


def rule_for(rule_id: str, rules: dict[str, str]) -> str:
    if rule_id in rules:
        return rules[rule_id]
    head = rule_id.split(".")[0]
    parts = [f"{k} {v}" for k, v in rules.items() if k.startswith(head + ".")]
    return " · ".join(parts)


def _css_string(text: str) -> str:
    """``text`` as a CSS string literal that is also safe inside a <style> element."""
    out = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\A ")
    return '"' + out.replace("<", "\\3C ").replace(">", "\\3E ") + '"'


def rules_css(lang: str = "en") -> str:
    """Every rule's text in ``lang`` as CSS generated content, sent once with the page (and
    again when the language changes): a log line carries only its rule ID and opens the
    text when clicked (the paragraph after its ``summary[data-rule=...]``)."""
    rules = rules_text(lang)
    css = [
        f'[data-rule="{rid}"] + p::after {{ content: {_css_string(text)}; }}'
        for rid, text in rules.items()
    ]
    heads = sorted({rid.split(".")[0] for rid in rules})
    for head in heads:  # a rule ID without its number ("R10") shows its card's rules
        if head not in rules:
            joined = " · ".join(f"{k} {v}" for k, v in rules.items() if k.startswith(head + "."))
            css.append(f'[data-rule="{head}"] + p::after {{ content: {_css_string(joined)}; }}')
    missing = t("rule_missing", lang)
    css.append(f"summary + p::after {{ content: {_css_string(missing)}; }}")
    # the specific rules win over the fallback (more specific, and after it)
    return "<style>\n" + "\n".join([css[-1], *css[:-1]]) + "\n</style>"


def log_line(session: Session, events: Sequence[Event], i: int, lang: str, designer: bool) -> str:
    """Event ``i`` of the log (``events``, the game's log) as one line; clicking it opens the
    text of its rule (from the stylesheet of :func:`rules_css`: a line carries only the ID)."""
    g = session.game
    e = events[i]
    if e.private and not designer and not g.is_over and e.seat != session.viewer():
        e = e.public()
    text = e.text(lang, with_rule=False)
    rule = esc(e.rule)
    # short: a step sends its lines, the look is in the stylesheet (.vl-log summary ...): the
    # rule's badge is the summary's ::before (its data-rule), the rule's text the ::after of
    # the paragraph after it (:func:`rules_css`); the coloured dot is the seat's
    dot = f'<i class="vl-c{seat_class(e.seat)}"></i>' if e.seat >= 0 else ""
    return f'<details><summary data-rule="{rule}">{dot}{esc(text)}</summary><p></p></details>'


def lines(
    session: Session,
    events: Sequence[Event],
    start: int,
    end: int,
    lang: str,
    d: bool,
    first: int = 0,
) -> str:
    """Events ``start`` to ``end - 1`` as lines, newest first (``events[0]`` is event
    ``first`` of the log)."""
    return "".join(
        log_line(session, events, i - first, lang, d) for i in range(end - 1, start - 1, -1)
    )


def log_html(session: Session, lang: str, designer: bool, limit: int | None = 30) -> str:
    """The event log (the newest ``limit`` events, or all), newest first, as one piece of
    HTML (what :class:`LogView` shows in parts)."""
    events = session.game.log
    total = len(events)
    first = 0 if limit is None else max(0, total - limit)
    more = ""
    if first:
        more = f'<div class="vl-more">{esc(t("log_more", lang, n=first))}</div>'
    shown = lines(session, events, first, total, lang, designer)
    return f'<div class="vl-log" data-events="{total}">{shown}{more}</div>'


def rules_html(lang: str = "en") -> str:
    """The Rules tab: every rule card's heading, then its rules with their IDs, in ``lang``."""
    rows = []
    heading = ""
    for k, v in rules_text(lang).items():
        title = rule_title(k, lang)
        if title != heading:
            heading = title
            rows.append(f'<div class="vl-h vl-rule-card">{esc(title)}</div>')
        rows.append(
            f'<div class="vl-rule-row" id="rule-{esc(k)}"><span class="vl-rule">{esc(k)}</span> '
            f"{esc(v)}</div>"
        )
    return f'<div class="vl-rules" lang="{esc(lang)}">{"".join(rows)}</div>'

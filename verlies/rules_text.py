"""The rules' text by rule ID, read from the packaged ``data/rules.md`` (English) and
``data/rules.de.md`` (German, the same IDs).

>>> "R5.2" in RULES and "door" in RULES["R5.2"].lower()
True
>>> rule_title("R5.2")
'R5 Obstacles (card 5) — what happens below the number'
>>> "Tür" in rules_for("de")["R5.2"]
True
>>> for_players("Never offered. (dev: the API refuses it.)")
'Never offered.'
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

_ITEM = re.compile(r"^- (R\d+\.\d+|RW\.\d+) (.*)$")
_HEAD = re.compile(r"^## ((R\d+|RW) .*)$")
#: A note for developers inside a rule's text: "(dev: …)", left out where players read.
_DEV_NOTE = re.compile(r"\s*\(dev: [^()]*\)")
#: The rules' file per language; English is the reference the engine cites.
FILES = {"en": "data/rules.md", "de": "data/rules.de.md"}


def for_players(text: str) -> str:
    """A rule's text without its notes for developers."""
    return _DEV_NOTE.sub("", text)


@cache
def _parse(lang: str = "en") -> tuple[dict[str, str], dict[str, str]]:
    name = FILES.get(lang, FILES["en"])
    text = resources.files("verlies").joinpath(name).read_text(encoding="utf-8")
    rules: dict[str, str] = {}
    titles: dict[str, str] = {}
    current: str | None = None
    section = ""
    for line in text.splitlines():
        head = _HEAD.match(line)
        if head:
            section = head.group(1)
            current = None
            continue
        if line.startswith("## "):
            # A section without rule items (e.g. R10's bullet list): keep it under its ID.
            current = None
            section = line[3:]
            continue
        m = _ITEM.match(line)
        if m:
            current = m.group(1)
            rules[current] = m.group(2).strip()
            titles[current] = section
            continue
        if current and line.startswith("  "):
            rules[current] += " " + line.strip()
        elif section.startswith("R10") and line.startswith("- "):
            rules["R10"] = (rules.get("R10", "") + " " + line[2:].strip()).strip()
            titles["R10"] = section
            current = "R10"  # its bullets run on over indented lines too
        else:
            current = None
    return rules, titles


RULES: dict[str, str] = _parse()[0]


def rule_text(rule_id: str) -> str:
    """The English text of a rule (``"R5.2"``), or of its card (``"R5"``)."""
    rules = _parse()[0]
    if rule_id in rules:
        return rules[rule_id]
    parts = [f"{k} {v}" for k, v in rules.items() if k.startswith(rule_id + ".")]
    if parts:
        return "\n".join(parts)
    raise KeyError(rule_id)


def rule_title(rule_id: str, lang: str = "en") -> str:
    """The heading of the rule card a rule belongs to."""
    return _parse(lang)[1].get(rule_id, "")


def rules_for(lang: str) -> dict[str, str]:
    """Rule ID -> text in ``lang`` ("de" or "en"; other languages read English)."""
    return dict(_parse(lang)[0])

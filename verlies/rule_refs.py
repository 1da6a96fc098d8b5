"""Where the engine cites the rules: rule IDs (``R3.2``, ``RW.1``) read from its source.

The rules are numbered in verlies/data/rules.md; an engine module names the rule it
carries out as a quoted ID (``rule="R5.4"`` in an event, ``# R9.3`` does not count). The
command line's ``verlies rules`` lists them beside the rules' text and how often each
fires in bot games.

>>> rule_key("R10.2") > rule_key("R9.4") and rule_key("RW.1") > rule_key("R10.2")
True
>>> is_rule_id("R3.1"), is_rule_id("RW.2"), is_rule_id("X3")
(True, True, False)
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["ENGINE_MODULES", "RULE_ID", "is_rule_id", "rule_ids", "rule_key", "rules_text"]

#: A quoted rule ID in Python source: ``"R3"``, ``'R3.2'``, ``"RW.1"``.
RULE_ID = re.compile(r"""["'](R\d+(?:\.\d+)?|RW\.\d+)["']""")
#: The engine's modules (files beside this one) whose quoted rule IDs count as cited.
ENGINE_MODULES: tuple[str, ...] = (
    "rules",
    "state",
    "legal",
    "turns",
    "obstacles",
    "encounters",
    "frames",
    "setup",
    "views",
    "game",
    "actions",
    "variants",
    "board",
    "dice",
    "deck",
)


def is_rule_id(rid: str) -> bool:
    """Whether ``rid`` is spelled as a rule ID (``R3``, ``R3.2``, ``RW.1``)."""
    return RULE_ID.fullmatch(f'"{rid}"') is not None


def rule_ids() -> dict[str, list[str]]:
    """Rule ID -> the engine modules that cite it (read from their source), in rule order."""
    root = Path(__file__).parent
    found: dict[str, list[str]] = {}
    for mod in ENGINE_MODULES:
        path = root / f"{mod}.py"
        if not path.exists():
            continue
        for rid in sorted(set(RULE_ID.findall(path.read_text(encoding="utf-8")))):
            found.setdefault(rid, []).append(mod)
    return dict(sorted(found.items(), key=lambda kv: rule_key(kv[0])))


def rule_key(rid: str) -> tuple[int, int, int]:
    """The sort key of a rule ID: the numbered rules in order, then the variants (RW),
    then anything else."""
    m = re.match(r"R(W)?(\d*)(?:\.(\d+))?", rid)
    if not m:
        return (99, 0, 0)
    return (1 if m.group(1) else 0, int(m.group(2) or 0), int(m.group(3) or 0))


def rules_text() -> dict[str, str]:
    """Rule ID -> its text (verlies/data/rules.md, as :mod:`verlies.rules_text` reads it)."""
    try:
        from verlies.rules_text import RULES
    except ImportError:  # pragma: no cover - the rules text ships with the package
        return {}
    return dict(RULES)

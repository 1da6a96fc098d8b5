"""The rule-ID scanner (verlies.rule_refs): what the engine cites, read from its source."""

from __future__ import annotations

from pathlib import Path

import pytest

import verlies
from verlies import rule_refs
from verlies.rule_refs import is_rule_id, rule_ids, rule_key, rules_text


def test_every_cited_id_is_in_the_engine_source_and_in_rule_order() -> None:
    cited = rule_ids()
    assert "R1.4" in cited and "R9.3" in cited
    root = Path(verlies.__file__).parent
    for rid, modules in cited.items():
        assert is_rule_id(rid), rid
        for mod in modules:
            assert mod in rule_refs.ENGINE_MODULES
            source = (root / f"{mod}.py").read_text(encoding="utf-8")
            assert f'"{rid}"' in source or f"'{rid}'" in source, (rid, mod)
    keys = [rule_key(r) for r in cited]
    assert keys == sorted(keys)


def test_a_module_of_its_own_is_read_and_a_bare_mention_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "rules.py").write_text(
        'A = "R2.1"\nB = \'RW.3\'\n# R7.7 in a comment\nC = "R20"\nD = "R2.1"\n',
        encoding="utf-8",
    )
    (tmp_path / "game.py").write_text('rule = "R2.1"\n', encoding="utf-8")
    monkeypatch.setattr(rule_refs, "__file__", str(tmp_path / "rule_refs.py"))
    assert rule_ids() == {"R2.1": ["rules", "game"], "R20": ["rules"], "RW.3": ["rules"]}


@pytest.mark.parametrize(
    ("rid", "ok"),
    [
        ("R3", True),
        ("R3.2", True),
        ("R10.12", True),
        ("RW.1", True),
        ("RW", False),
        ("R3.", False),
        ("r3.2", False),
        ("X3.2", False),
        ('R3"', False),
        ("", False),
    ],
)
def test_rule_id_spelling(rid: str, ok: bool) -> None:
    assert is_rule_id(rid) is ok


def test_rule_order_numbers_before_variants_before_the_rest() -> None:
    ids = ["RW.2", "R10.1", "X", "R9.4", "R9", "RW.10", "R1.10", "R1.2"]
    assert sorted(ids, key=rule_key) == [
        "R1.2",
        "R1.10",
        "R9",
        "R9.4",
        "R10.1",
        "RW.2",
        "RW.10",
        "X",
    ]


def test_the_rules_text_names_the_cited_rules() -> None:
    texts = rules_text()
    assert texts and all(is_rule_id(r) for r in texts)
    assert set(rule_ids()) <= set(texts)  # the engine cites no rule the text lacks

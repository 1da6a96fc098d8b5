"""``verlies --help`` and every subcommand's: listed, in order, with their options and
defaults (the parser is built one subcommand per function; issue 20)."""

from __future__ import annotations

import re

import pytest

from verlies.cli import build_parser, main

COMMANDS = (
    "simulate",
    "compare",
    "sample-size",
    "sweep",
    "impact",
    "tune",
    "skill",
    "bench",
    "play-bots",
    "sheets",
    "playtests",
    "rules",
    "feel",
    "build-engine",
)


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as done:
        main([*argv, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


def test_the_top_help_lists_every_command_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    text = _help(capsys)
    listed = re.findall(r"^    (\S+)\s", text, flags=re.M)
    assert tuple(listed) == COMMANDS
    assert "usage: verlies [-h] COMMAND ..." in text


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("simulate", ["--games", "--workers", "--scheduler", "--csv", "--variant", "--lang"]),
        ("compare", ["--deck-b", "--variant-b", "--until-clear", "--watch", "--delta", "--lang"]),
        ("sample-size", ["--points", "--rate", "--sd", "--power", "--quantities", "--lang"]),
        ("sweep", ["--card", "--field", "--values", "--lang"]),
        ("impact", ["--cards", "--alpha", "--top", "--characters"]),
        (
            "tune",
            [
                "--target",
                "--move",
                "--file",
                "--trials",
                "--verify-seed",
                "--patch",
                "--no-race",
                "--rechecks",
            ],
        ),
        ("skill", ["--strong-games", "--tables", "--bootstrap", "--deck"]),
        ("bench", ["--runs", "--no-log", "--json"]),
        ("play-bots", ["--bots", "--characters", "--lang"]),
        ("playtests", ["--store", "--compare", "--bot-games", "--all"]),
        ("rules", ["--games", "--full", "--players"]),
        ("feel", ["--games", "--show", "--lang", "--csv"]),
    ],
)
def test_each_command_help_shows_its_options(
    capsys: pytest.CaptureFixture[str], command: str, options: list[str]
) -> None:
    text = _help(capsys, command)
    assert text.startswith(f"usage: verlies {command} ")
    for option in options:
        assert re.search(rf"^\s+(-\w \w+, )?{re.escape(option)}\b", text, flags=re.M), option


def test_defaults_each_command_depends_on() -> None:
    parse = build_parser().parse_args
    # tune: None means "the --file's value, else tune's default"
    tune = parse(["tune"])
    assert (tune.games, tune.players, tune.seed, tune.round_limit) == (None, None, None, None)
    assert tune.patch == "proposal.toml" and tune.lang == "en"
    # impact and skill rotate every character over the seats
    assert parse(["impact"]).characters == "all" and parse(["skill"]).characters == "all"
    assert parse(["skill"]).games == 2000 and parse(["compare"]).games == 200
    # the event log is German unless asked otherwise; the lab's text English
    assert parse(["play-bots"]).lang == "de" and parse(["simulate"]).lang == "en"
    compare = parse(["compare", "--deck", "a.toml", "--variant", "x", "--variant-b", "y"])
    assert (compare.deck_a, compare.variant_a, compare.variant_b) == ("a.toml", ["x"], ["y"])
    sweep = parse(["sweep", "--card", "dungeon:x", "--field", "gold", "--values", "1:5:2"])
    assert sweep.values == [1, 3, 5]

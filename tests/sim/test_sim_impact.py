"""Per-card impact (verlies.sim.impact; issue 22 item 1): the ranking finds a card made
much too strong, the result does not depend on the workers, the CLI's JSON has one entry
per card, and bad input names what is wrong."""

from __future__ import annotations

import json
import threading

import pytest

from verlies.cli import main
from verlies.deck import Deck
from verlies.sim.impact import card_ids, impact
from verlies.sim.records import SimulationError
from verlies.sim.sweep import Tweak

TREASURES = ["schatz-muenzbeutel", "schatz-alte-muenze"]
SMALL = [f"treasure:{t}" for t in TREASURES] + ["monster:monster-goblin"]


def test_a_treasure_worth_far_too_much_tops_the_ranking() -> None:
    # R9.1: the coin purse (2 gold in the shipped deck) made worth 40.
    strong = Tweak("treasure", "schatz-muenzbeutel", "gold").apply(Deck.default(), 40)
    res = impact(strong, games=32, players=3, workers=1, cards=SMALL)
    ranking = res.ranking()
    assert ranking[0]["id"] == "treasure:schatz-muenzbeutel"
    assert ranking[0]["score"] > 0
    assert ranking[0]["score"] > ranking[1]["score"]
    # Moving it to its pile's median (3) takes gold out of the game: a clear paired effect.
    median = res.effects()["treasure:schatz-muenzbeutel"]["median"]["gold"]
    assert median["clear"] and median["high"] < 0
    entry = res.to_dict()["cards"][0]
    assert entry["value"] == 40 and entry["pile_median"] == 3
    # The same cards in the shipped deck: the purse is no outlier, nothing is moved to a
    # median for it (its value is the median), and it does not top the ranking by much.
    plain = impact(None, games=32, players=3, workers=1, cards=SMALL)
    assert "median" not in plain.effects()["treasure:schatz-muenzbeutel"]
    assert plain.ranking()[0]["score"] < ranking[0]["score"]


def test_the_same_result_on_one_and_on_two_workers() -> None:
    cards = ["treasure:schatz-rubin", "monster:monster-goblin", "character:char-zwerg"]
    one = impact(games=6, players=2, workers=1, cards=cards).to_dict()
    two = impact(games=6, players=2, workers=2, cards=cards).to_dict()
    del one["run"], two["run"]
    assert json.dumps(one, sort_keys=True, default=str) == json.dumps(
        two, sort_keys=True, default=str
    )
    assert one["cards"][0]["met_per_game"] == two["cards"][0]["met_per_game"]


def test_cli_json_has_one_entry_per_card(capsys: pytest.CaptureFixture[str]) -> None:
    cards = "treasure:schatz-rubin,room:" + next(iter(Deck.default().cards("room")))
    args = ["impact", "--sensitivity", "-n", "3", "-p", "2", "--workers", "1", "--no-progress"]
    args.append("--json")
    assert main([*args, "--cards", cards]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [c["id"] for c in data["cards"]] == cards.split(",")
    for c in data["cards"]:
        assert {"id", "kind", "met_per_game", "effects", "association"} <= set(c)
        for quantities in c["effects"].values():
            assert {"injuries", "rounds", "gold"} <= set(quantities)
            for e in quantities.values():
                assert {"diff", "low", "high", "holm_p", "clear"} <= set(e)
    assert len(data["ranking"]) == 2
    assert "Holm" in data["method"]


def test_cli_text_is_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["impact", "--sensitivity", "-n", "2", "-p", "2", "--workers", "1", "--no-progress"]
    assert main([*args, "--cards", "monster:monster-goblin", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Goblin (Monsterkarte, Kampfwert 3)" in out
    assert "Zusammenhang, keine Ursache" in out
    assert "monster:monster-goblin" not in out


def test_bad_card_and_bad_file_are_named(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    with pytest.raises(SimulationError, match="no card 'nope' in the treasure pile"):
        impact(games=1, cards=["treasure:nope"])
    with pytest.raises(SimulationError, match="unknown pile 'tresure'"):
        impact(games=1, cards=["tresure:schatz-rubin"])
    with pytest.raises(SimulationError, match="KIND:ID"):
        impact(games=1, cards=["schatz-rubin"])
    bad = tmp_path / "broken.toml"
    bad.write_text("this is [ not toml\n", encoding="utf-8")
    assert main(["impact", "--deck", str(bad), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "broken.toml" in err and "Traceback" not in err


def test_progress_and_cancel() -> None:
    seen: list[tuple[int, int]] = []
    stop = threading.Event()

    def on_update(res: object) -> None:
        stop.set()  # cancel after the first finished task

    res = impact(
        games=4,
        players=2,
        workers=1,
        cards=["treasure:schatz-rubin"],
        progress=lambda done, total: seen.append((done, total)),
        cancel=stop,
        on_update=on_update,
    )
    assert res.info.cancelled
    assert seen and seen[0][1] == 4 * 4  # base, -1, +1, median: four decks of 4 games
    assert res.info.games < 16


def test_every_card_is_listed() -> None:
    ids = card_ids()
    deck = Deck.default()
    piles = sum(len(deck.cards(k)) for k in ("dungeon", "room", "monster", "treasure"))
    assert len(ids) == piles + len(deck.characters)
    assert len(set(ids)) == len(ids)

"""A broken link's and a broken save file's refusal, wholly in the page's language (issue 24,
branch words24).

A few hundred ``?g=`` links and save files, each a real position broken in one place (a step
replaced by other JSON, a field of a step replaced, a step dropped or repeated, a setup
value replaced, a save's cursor or branches replaced), are fed to the page model
(:class:`verlies.ui.play.app_model.AppModel`, widget-free) in German and in English. Every
message said must hold no word that only the other language's table (``verlies/i18n``) has,
apart from the input's own data echoed back (its JSON as Python writes it: ``True``,
``None``, ``'place'``); after a language switch the same message is said again, in the other
language, exactly as a page opened in that language says it.

Seeded: the same inputs every run.
"""

from __future__ import annotations

import base64
import json
import random
import re
import zlib
from functools import cache
from typing import Any

import pytest

from verlies import i18n
from verlies.actions import from_json
from verlies.errors import StepError, VariantsError
from verlies.links import encode
from verlies.record import dumps
from verlies.setup import Setup
from verlies.ui.core.session import Session
from verlies.ui.play.app_model import AppModel
from verlies.variants import Variants

#: Inputs of each kind (links, save files) per language.
COUNT = 150

_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{2,}")
#: Words of both languages that one table happens to use only (as the language walk has).
_BOTH = frozenset({"also", "stand", "standard", "null"})


@cache
def _only() -> dict[str, frozenset[str]]:
    """Language -> the words only its table has (placeholders left out), lower case."""

    def words(lang: str) -> set[str]:
        found: set[str] = set()
        for template in i18n.table(lang).values():
            found.update(w.lower() for w in _WORD.findall(re.sub(r"\{[^{}]*\}", " ", template)))
        return found

    de, en = words("de"), words("en")
    return {"de": frozenset(de - en - _BOTH), "en": frozenset(en - de - _BOTH)}


def foreign(text: str, lang: str, data: Any) -> set[str]:
    """The words of ``text`` only the other language has, the input's own words left out."""
    echoed = {w.lower() for w in _WORD.findall(f"{data!r} {json.dumps(data)}")}
    other = _only()["en" if lang == "de" else "de"]
    return {w for w in _WORD.findall(text) if w.lower() in other and w.lower() not in echoed}


@cache
def _real() -> dict[str, Any]:
    """A real position's link data (2 players, seed 3, 40 steps of the careful bots)."""
    session = Session.new(Setup(players=2, seed=3), ["careful", "careful"])
    session.run("end", limit=40)
    value = encode(session.game, ["human", "human"])
    data: dict[str, Any] = json.loads(zlib.decompress(base64.urlsafe_b64decode(value + "==")))
    return data


def _junk(rng: random.Random, depth: int = 0) -> Any:
    """Any JSON value, small: what a hand-edited or cut link or file may hold."""
    r = rng.random()
    if depth > 2 or r < 0.55:
        return rng.choice(
            [None, True, False, 0, -1, 7, 10**20, 1.5, "", "x", "ü", "place", "roll", "card",
             "walk", "draw", "monster-troll", [], {}]
        )  # fmt: skip
    if r < 0.8:
        return [_junk(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(["a", "k", "x", ""]): _junk(rng, depth + 1) for _ in range(3)}


def _broken(rng: random.Random) -> dict[str, Any]:
    """The real position broken in one place (as test_hostile_inputs' ``_mutated``)."""
    data = json.loads(json.dumps(_real()))
    steps = data["p"]
    i = rng.randrange(len(steps))
    how = rng.choice(
        ["replace", "field", "field", "drop", "repeat", "setup", "kind", "unset", "edition"]
    )
    if how == "unset":  # a setup value left out: its name is said (kept under "_unset")
        data["_unset"] = rng.choice(["players", "characters", "seed"])
        del data["s"][data["_unset"]]
        return data
    if how == "edition":  # the deck of a link: an edition that does not exist
        data["b"], data["d"] = _junk(rng), {}
        return data
    if how == "replace":
        steps[i] = _junk(rng)
    elif how == "field" and steps[i][1:]:
        steps[i][rng.randrange(1, len(steps[i]))] = _junk(rng)
    elif how == "drop":
        del steps[i]
    elif how == "repeat":
        steps.insert(i, steps[i])
    elif how == "kind":  # a real step's kind on another step's fields
        steps[i] = [rng.choice(steps)[0], *steps[i][1:]]
    else:
        data["s"][rng.choice(sorted(data["s"]))] = _junk(rng)
    return data


def _link(data: dict[str, Any]) -> str:
    packed = zlib.compress(json.dumps(data).encode(), 9)
    return "g=" + base64.urlsafe_b64encode(packed).rstrip(b"=").decode()


def _save(rng: random.Random, data: dict[str, Any]) -> tuple[bytes, Any]:
    """A save file of the broken position; sometimes its cursor or branches broken too."""
    setup = dict(data["s"])
    if "deck_edition" not in setup:
        setup["deck_edition"] = "standard-2"
    saved = json.loads(dumps(setup, data["p"], len(data["p"]), None))
    r = rng.random()
    if r < 0.15:
        saved["cursor"] = _junk(rng)
    elif r < 0.3:
        saved["branches"] = {"current": 0, "lines": [{"name": "a", "steps": _junk(rng)}]}
    return json.dumps(saved).encode(), [saved, data.get("_unset")]


def _inputs(kind: str, lang: str) -> list[tuple[str, Any, Any]]:
    """(where said, what to feed, the data in it), seeded per kind and language."""
    rng = random.Random(f"words24-{kind}-{lang}")
    out = []
    for _ in range(COUNT):
        data = _broken(rng)
        if kind == "link":
            out.append(("notice", _link(data), data))
        else:
            blob, saved = _save(rng, data)
            out.append(("files", blob, saved))
    return out


def _feed(model: AppModel, where: str, value: Any) -> bool:
    if where == "notice":
        return model.open_link(value)
    return model.load("broken.json", value)


@pytest.mark.parametrize("kind", ["link", "save"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_broken_link_or_save_is_refused_in_the_page_language_and_again_after_a_switch(
    kind: str, lang: str
) -> None:
    other = "en" if lang == "de" else "de"
    model, fresh = AppModel(lang=lang), AppModel(lang=other)
    shown = model.game
    refused = 0
    for where, value, data in _inputs(kind, lang):
        if model.lang != lang:
            model.set_lang(lang)
        if _feed(model, where, value):  # a step dropped or repeated can still be legal
            model.adopt(Session(shown, ["human", "human"]))
            continue
        refused += 1
        assert model.game is shown  # the last good game stays
        said = model.text(where)  # type: ignore[arg-type]
        assert said.strip(), (kind, data)
        assert foreign(said, lang, data) == set(), (lang, said)
        model.set_lang(other)
        again = model.text(where)  # type: ignore[arg-type]
        assert again != said and foreign(again, other, data) == set(), (other, again)
        assert not _feed(fresh, where, value)
        assert again == fresh.text(where), (again, fresh.text(where))  # type: ignore[arg-type]
    # most inputs are refused: the check above ran on hundreds of messages
    assert refused >= COUNT // 2, refused


def test_the_check_finds_english_on_the_german_page() -> None:
    """The language check is not empty: the English a broken step said before words24
    fails it on the German page, and its German words on the English page."""
    data = [{"x": 1}]
    assert foreign("Schritt 3 ([{'x': 1}]): not an action: [{'x': 1}]", "de", data) == {
        "not",
        "action",
    }
    assert "Schritt" in foreign("Schritt 3: kein Spielschritt", "en", data)


@pytest.mark.parametrize(
    ("step", "key"),
    [
        ({"a": 1}, "step.err.not_action"),
        (["nope"], "step.err.kind"),
        (["place", 1, 2, 3, 4], "step.err.too_many"),
        (["place", 1], "step.err.too_few"),
        (["walk", [[1]]], "step.err.path"),
        (["choose", "luck", None], "step.err.attribute"),
        (["card", 5], "step.err.card"),
        (["roll", "6"], "step.err.number"),
    ],
)
def test_a_bad_step_is_a_worded_value_error_with_its_english_kept(step: Any, key: str) -> None:
    with pytest.raises(ValueError) as caught:  # still a ValueError for callers
        from_json(step)
    e = caught.value
    assert isinstance(e, StepError) and e.words is not None and e.words.key == key
    assert str(e) == e.text_in("en") == i18n.text(key, "en", **dict(e.words.values))
    assert e.text_in("de") != str(e) and foreign(e.text_in("de"), "de", step) == set()


def test_the_english_of_a_bad_step_reads_as_it_did() -> None:
    with pytest.raises(StepError, match=r"^not an action: \[1\]$"):
        from_json([1])
    with pytest.raises(StepError, match=r"^bad number 'x' in 'roll'$"):
        from_json(["roll", "x"])
    with pytest.raises(StepError, match=r"^too few fields for 'place': \['place', 1\]$"):
        from_json(["place", 1])


@pytest.mark.parametrize(
    ("value", "key"),
    [
        ({"nope": True}, "variants.err.unknown"),
        ({"limited_bank": 1}, "variants.err.value"),
        ([["a"]], "variants.err.shape"),
        (5, "variants.err.shape"),
    ],
)
def test_bad_variants_are_a_worded_value_error(value: Any, key: str) -> None:
    with pytest.raises(ValueError) as caught:
        Variants.from_dict(value)
    e = caught.value
    assert isinstance(e, VariantsError) and e.words is not None and e.words.key == key
    assert foreign(e.text_in("de"), "de", value) == set(), e.text_in("de")
    if key == "variants.err.unknown":
        assert str(e) == "unknown variants: nope"  # the CLI's message, as it was

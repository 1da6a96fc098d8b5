"""Messages on the play page follow a language switch, and a broken link is said at the
top (issue 24 items 3, 5, 6, 8), without a browser."""

from __future__ import annotations

import base64
import json

from verlies.setup import Setup
from verlies.ui.core.session import Session
from verlies.ui.page import PlayApp


def test_a_broken_link_is_said_at_the_top_in_the_page_language_until_play_goes_on() -> None:
    app = PlayApp(lang="de")
    assert app.widget.children.index(app.notice) < app.widget.children.index(app.tabs)
    assert app.model.open_link("g=AAAAbroken") is False
    assert "Der Link ließ sich nicht öffnen" in app.notice.value
    assert 'role="alert"' in app.notice.value
    app.model.set_lang("en")
    assert "Could not open the link" in app.notice.value and "Link ließ" not in app.notice.value
    app.refresh()  # the same position: it stays
    assert "Could not open the link" in app.notice.value
    app.model.act(next(iter(app.model.game.legal_actions())))  # play went on: said, done
    assert app.notice.value == ""


def test_messages_said_before_a_switch_are_said_again_in_the_new_language() -> None:
    app = PlayApp(Session.new(Setup(players=2, seed=3), ["careful", "careful"]), lang="de")
    app.model.run("round")
    app.tools.make_link()
    app.model.save()
    assert "Link zu dieser Stellung" in app.tools.out.value
    assert "fa-link" in app.tools.out.value and "🔗" not in app.tools.out.value  # drawn icon
    assert "Spielstand herunterladen" in app.files.link.value
    said = app.message.value
    assert said
    app.model.set_lang("en")
    assert "Link to this position" in app.tools.out.value
    assert "Download the game" in app.files.link.value
    assert app.message.value != said  # the step's message, now in English
    app.model.set_lang("de")
    assert app.message.value == said


def test_loaded_is_said_again_in_the_new_language() -> None:
    app = PlayApp(lang="en")
    app.model.save()
    assert app.model.load("game.json", app.model.offer.text.encode())
    assert "game.json" in app.files.message.value
    english = app.files.message.value
    app.model.set_lang("de")
    assert app.files.message.value != english and "game.json" in app.files.message.value
    bad = PlayApp(lang="en")
    assert not bad.model.load("bad.json", b"{}")
    error = bad.files.message.value
    bad.model.set_lang("de")
    assert bad.files.message.value != error and "vl-error" in bad.files.message.value


def test_save_and_the_game_export_are_one_file() -> None:
    """Issue 24 item 5: both were verlies-seed7-step20.json with different contents."""
    app = PlayApp(Session.new(Setup(players=2, seed=7), ["careful", "careful"]), lang="en")
    app.model.run("round")
    app.model.save()
    text, name = app.model.game_file()
    assert (
        text == app.model.offer.text
        and name == f"verlies-seed7-step{app.model.game.step_count}.json"
    )
    app.tools.export("json")
    out = app.tools.out.value
    assert f'download="{name}"' in out
    data = base64.b64decode(out.split("base64,")[1].split('"')[0]).decode("utf-8")
    assert data == text and json.loads(data)["seats"] == ["careful", "careful"]

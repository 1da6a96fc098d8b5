""" "Show me a game like this" on the Deck tab's impact panel (issue 36 leftovers; issue 40
item 3), widget-free and in the panel: each ranked card offers the game whose pair
differed most; its two links (with the draft, with the card made typical) open that
game's seed on the Game tab just after the card's first draw (the moment that mattered);
kept with the figures, the same links come back after a
reload; words in English and German."""

from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import urlparse

import pytest

from verlies import i18n
from verlies.actions import Card
from verlies.deck import Deck
from verlies.links import from_query, open_position
from verlies.sim.impact_rank import paired_games
from verlies.sim.run import RunSpec
from verlies.sim.sweep import Tweak
from verlies.ui.deck.impact_model import ImpactColumn
from verlies.ui.deck.impact_show import shown_pair
from verlies.ui.deck.impact_view import ImpactPanel
from verlies.ui.workspace.fields import as_json
from verlies.ui.workspace.impact_kept import impact_data, impact_figures, restore_column

CARDS = [("monster", "monster-goblin"), ("treasure", "schatz-rubin")]
PLAYERS, GAMES = 2, 300


def _deck() -> Deck:
    deck = Tweak("monster", "monster-goblin", "fight").apply(Deck.default(), 10)
    return Tweak("treasure", "schatz-rubin", "gold").apply(deck, 1)


def _opened(href: str) -> Any:
    position = from_query(urlparse(href).query or href.lstrip("?"))
    assert position is not None
    return open_position(position)


@pytest.fixture(scope="module")
def ranked() -> tuple[Deck, ImpactColumn]:
    """One ranking for the module's tests (the column is only read)."""
    deck = _deck()
    col = ImpactColumn(workers=1)
    col.start(deck, games=GAMES, players=PLAYERS, cards=CARDS)
    assert col.wait(900) and col.status == "done", col.error
    return deck, col


def test_each_card_opens_its_most_telling_game_also_after_a_reload(
    ranked: tuple[Deck, ImpactColumn],
) -> None:
    deck, col = ranked
    spec = RunSpec.build(players=PLAYERS, characters="all", seed=0, round_limit=300, deck=deck)
    shown = {}
    for key in CARDS:
        fig = col.figure(key)
        assert fig is not None and fig.shown >= 0 and fig.shown_quantity, fig
        found = shown_pair(col, key)
        assert found is not None and found.index == fig.shown
        setup = spec.setup_of(fig.shown)  # the run's game of that index
        assert found.seed == setup.seed
        assert found.draft is not None and found.typical is not None
        draft, typical = _opened(found.draft), _opened(found.typical)
        whole = paired_games(deck, f"{key[0]}:{key[1]}", fig.shown, players=PLAYERS)
        for game, full, step in zip(
            (draft, typical), whole[:2], (found.draft_step, found.typical_step), strict=True
        ):  # the pair's game, opened just after the card's first draw
            assert game.setup.seed == setup.seed
            assert tuple(game.setup.characters) == tuple(setup.characters)
            drawn = [i for i, s in enumerate(full.steps) if s == Card(key[1])]
            assert drawn, (key, "the pair that differed most never drew the card")
            assert len(game.steps) == step == drawn[0] + 1
            assert game.steps[-1] == Card(key[1]) and list(game.steps) == list(full.steps[:step])
            assert not game.state.over
        kind, card = key
        field = "fight" if kind == "monster" else "gold"
        tweak = Tweak(kind, card, field)
        assert tweak.value_in(draft.setup.deck) == tweak.value_in(deck)
        assert tweak.value_in(typical.setup.deck) != tweak.value_in(deck)
        shown[key] = found
    # kept with the figures (through JSON, as the store gives it back): the same links
    data = as_json(impact_data(col))
    again = ImpactColumn(workers=1)
    restore_column(again, deck, impact_figures(data), data)
    assert {k: shown_pair(again, k) for k in CARDS} == shown
    # figures kept before "show me" read back without a game to show
    old = as_json(impact_data(col))
    for f in old["figures"]:
        del f["shown"], f["shown_quantity"]
    del old["pair"]
    before = ImpactColumn(workers=1)
    restore_column(before, deck, impact_figures(old), old)
    assert all(shown_pair(before, k) is None for k in CARDS)
    assert before.figures[CARDS[0]].pairs == col.figures[CARDS[0]].pairs


def test_the_panel_links_the_selected_cards_game_in_both_languages(
    ranked: tuple[Deck, ImpactColumn],
) -> None:
    deck, col = ranked
    panel = ImpactPanel(lambda: deck, lambda: CARDS, lambda: None, "en", workers=1)
    panel.column = col
    key = CARDS[1]
    fig = col.figure(key)
    assert fig is not None
    found = shown_pair(col, key)
    assert found is not None
    for lang, name in (("en", "Ruby"), ("de", "Rubin")):
        panel.set_lang(lang)
        panel.show_selected(key, name)
        text = html.unescape(re.sub(r"<[^>]+>", "", panel.shown.value))
        head = i18n.text("deckimpact.show", lang, index=fig.shown, what="@")
        assert text.startswith(head.split("@")[0]), text
        assert i18n.text("deckimpact.show.typical", lang, card=name) in text
        assert i18n.text("deckimpact.show.draft", lang) in text
        assert text.endswith(f"({i18n.text('deckimpact.show.at', lang, card=name)})"), text
        hrefs = re.findall(r'href="([^"]+)"', panel.shown.value)
        assert [html.unescape(h) for h in hrefs] == [found.draft, found.typical]
        assert f'data-seed="{found.seed}"' in panel.shown.value
        assert f'data-step="{found.draft_step}"' in panel.shown.value
    panel.show_selected(None, "")
    assert panel.shown.value == ""

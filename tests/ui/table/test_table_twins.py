"""Hidden treasures at a shared table (issue 35, R9.3), checked with twin tables: two tables
of one setup whose steps are the same but for the face-down treasure seat 2 (index 1)
draws. Everything seat 3 (index 2) and the spectator can read of them must be the same at
every step: the page's widgets and their states, every widget message sent to the
browser, the options of the person to move, the page's own game (what Link, Save and
Game .json are made of) and its log; seat 2's own page differs (the test can fail).
Where seat 2's step is forced at one twin ("no bonus") and a real choice at the other,
both tables wait for seat 2 alike, and nothing on seat 2's page (Step, To the end,
autoplay, its ticks) takes the forced step at once: no timing tells the others.

The twins are written through the store as other kernels would write them; each page is
a :class:`~verlies.ui.page.PlayApp` driven in this process, as its kernel would be.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import comm
import ipywidgets as widgets
import pytest

from verlies.actions import Action, Card, Choose, LoseGold
from verlies.cards.model import RollBonus
from verlies.game import Game
from verlies.hidden import HIDDEN_CARD, seen_game
from verlies.record import Step
from verlies.setup import Setup
from verlies.sim.bots import make_bot
from verlies.store import tables as tables_module
from verlies.store.tables import HUMAN, TableGame, TableLinks, TableStore
from verlies.ui.core import share
from verlies.ui.page import PlayApp
from verlies.ui.table import table_view
from verlies.ui.table.table_session import TableSession


@pytest.fixture(autouse=True)
def _fixed_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each new table's chance fixed (its secret: "test-0", "test-1", ...): the games of
    this module's tables are the same at every run."""
    made = itertools.count()
    monkeypatch.setattr(tables_module, "new_secret", lambda: f"test-{next(made)}")


SEATS = [HUMAN, HUMAN, HUMAN]
HOLDER, WATCHER = 1, 2  # seat 2 draws the face-down card, seat 3 reads the table
#: Steps the twins are compared over after the draw (each a person's decision), and at
#: most how many are played until the holder meets a forced step at one twin.
AFTER = 12
LONGEST = 400


def _write(store: TableStore, table: TableGame, step: Step, seat: int | None) -> None:
    """Write ``step`` as the table's next step, as a kernel's ``advance`` does (the test
    picks the chance outcomes: the twins differ in one)."""
    n = table.step_no
    table.game.apply(step)
    assert store._insert(table, n, "chance" if seat is None else HUMAN, seat, None)


def _plain(game: Game, action: Action) -> Action:
    """``action`` without a treasure (the holder keeps its card face down)."""
    legal = list(game.legal_actions())
    if not getattr(action, "treasure", None):
        return action
    if isinstance(action, Choose) and Choose(action.attr) in legal:
        return Choose(action.attr)
    if LoseGold() in legal:
        return LoseGold()
    return next(a for a in legal if not getattr(a, "treasure", None))


class Twins:
    """Two tables in one store, written in step: the same steps but for one card."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        for seed in range(1, 40):
            if self._deal(seed):
                return
        raise AssertionError("no seed in 1..39 gave seat 2 a treasure")

    def _deal(self, seed: int) -> bool:
        store = self.store
        setup = Setup(players=3, seed=seed)
        self.links = (store.create(setup, SEATS), store.create(setup, SEATS))
        self.tables = tuple(store.load(x.table_id) for x in self.links)
        self.bots = [make_bot("careful", seed * 10 + i) for i in range(3)]
        for _ in range(400):
            a, _b = self.tables
            g = a.game
            if g.is_over:
                return False
            if g.is_chance and g.chance_kind == "treasure" and g.seat == HOLDER:
                # A card that never helps a roll at one table, one that helps any at the
                # other: there the holder's fight and trap rolls are real choices, here
                # forced ones ("no bonus"), which must look the same to the others.
                cards = g.deck.treasures
                ids = sorted({o.card for o, _p in g.chance_outcomes() if isinstance(o, Card)})
                plain = [c for c in ids if cards[c].magic is None]
                helps = [c for c in ids if isinstance(cards[c].magic, RollBonus)]
                helps = [c for c in helps if not cards[c].magic.attrs]  # type: ignore[union-attr]
                if not plain or not helps:
                    return False
                self.cards = (plain[0], helps[0])
                for table, cid in zip(self.tables, self.cards, strict=True):
                    _write(store, table, Card(cid), None)
                self.to_person()
                return True
            self.one()
        return False

    def one(self) -> None:
        """The next step, the same at both tables."""
        g = self.tables[0].game
        if g.is_chance:
            step: Step = g.sample_outcome()
            seat = None
        else:
            seat = g.current_player
            step = _plain(g, self.bots[seat](g.view(seat)))
        for table in self.tables:
            _write(self.store, table, step, seat)

    def to_person(self) -> None:
        """Write chance steps until a person decides (or the game ends)."""
        g = self.tables[0].game
        while not g.is_over and g.is_chance:
            self.one()


def _open(links: TableLinks, token: str) -> PlayApp:
    app = PlayApp(lang="en")
    assert app.table_bar.open_query(links.query(token))
    assert isinstance(app.model.session, TableSession)
    return app


_MODEL = re.compile(r"IPY_MODEL_[0-9a-f]+")


def _states(app: PlayApp, names: dict[str, str]) -> list[Any]:
    """Every widget of the page with its state, in tree order, the widget ids numbered in
    order of appearance and the table's id and tokens named by role."""
    out: list[Any] = []
    seen: set[str] = set()

    def walk(w: widgets.Widget) -> None:
        if w.model_id in seen:
            return
        seen.add(w.model_id)
        out.append((type(w).__name__, w.get_state()))
        for key in w.keys:
            value = getattr(w, key)
            for child in value if isinstance(value, list | tuple) else [value]:
                if isinstance(child, widgets.Widget):
                    walk(child)

    walk(app.widget)
    return _normal(out, names)


def _normal(data: Any, names: dict[str, str]) -> Any:
    text = json.dumps(data, default=repr, sort_keys=True)
    ids: dict[str, str] = {}
    text = _MODEL.sub(lambda m: ids.setdefault(m.group(0), f"W{len(ids)}"), text)
    for value, role in names.items():
        text = text.replace(value, role)
    return json.loads(text)


def _buffer(data: bytes) -> str:
    """A message's binary part as text where it is text (canvas commands name widgets by
    id), else in hex."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.hex()


@pytest.fixture
def sent() -> Iterator[list[Any]]:
    """Every widget message sent to a browser while the test runs (kind, comm, data,
    buffers)."""
    got: list[Any] = []
    original = comm.DummyComm.publish_msg

    def record(
        self: Any,
        msg_type: str,
        data: Any = None,
        metadata: Any = None,
        buffers: Any = None,
        **keys: Any,
    ) -> None:
        raw = [_buffer(bytes(memoryview(b).cast("B"))) for b in (buffers or [])]
        got.append((msg_type, self.comm_id, data, raw))
        original(self, msg_type, data, metadata, buffers, **keys)

    comm.DummyComm.publish_msg = record  # type: ignore[method-assign]
    try:
        yield got
    finally:
        comm.DummyComm.publish_msg = original  # type: ignore[method-assign]


def _messages(got: list[Any], names: dict[str, str]) -> Any:
    """The messages sent, each comm numbered in order of appearance."""
    comms: dict[str, int] = {}
    rows = [(kind, comms.setdefault(cid, len(comms)), data, raw) for kind, cid, data, raw in got]
    return _normal(rows, names)


def _names(twins: Twins) -> dict[str, str]:
    """The strings that differ between the twins by construction (ids and tokens)."""
    out: dict[str, str] = {}
    for links in twins.links:
        out[links.table_id] = "TABLE"
        out[links.spectator] = "SPECTATOR"
        out[links.designer] = "DESIGNER"
        for i, token in enumerate(links.seats):
            if token is not None:
                out[token] = f"SEAT{i}"
    return out


def _readable(app: PlayApp) -> dict[str, Any]:
    """What the page's person can read beside its widgets: the options of the person to
    move, the page's own game (Link, Save and Game .json are made of it), its log."""
    model = app.model
    decision = model.controller.decision()
    game = model.game
    text, _name = model.game_file()
    return {
        "options": [r.label for r in decision.rows] if decision is not None else None,
        "game": game.to_json(),
        "file": text,
        "link": share.link(game, model.session.controllers),
        "log": [e.en for e in game.log],
        "players": [repr(r) for r in model.controller.players()],
        "status": model.controller.status().data_attributes(),
    }


@pytest.fixture
def twins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Twins:
    url = f"sqlite:///{tmp_path / 'p.sqlite'}"
    monkeypatch.setenv("VERLIES_STORE_URL", url)
    monkeypatch.setattr(table_view, "_stores", {})
    return Twins(table_view.table_store())


def test_the_twins_differ_only_in_seat_2s_face_down_card(twins: Twins) -> None:
    a, b = twins.tables
    assert twins.cards[0] != twins.cards[1]
    assert a.game.to_json() != b.game.to_json()
    held = [[h.card.id for h in t.game.figures[HOLDER].treasures] for t in (a, b)]
    assert held[0] != held[1]
    # the engine's seat view: the same for seat 3 and the spectator, not for seat 2
    for seat in (WATCHER, None):
        assert seen_game(a.game, seat).to_json() == seen_game(b.game, seat).to_json()
        assert HIDDEN_CARD in seen_game(a.game, seat).to_json()
    assert seen_game(a.game, HOLDER).to_json() != seen_game(b.game, HOLDER).to_json()
    for cid in twins.cards:
        assert cid not in seen_game(a.game, WATCHER).to_json()


def test_seat_3_and_the_spectator_read_the_same_at_twin_tables_step_by_step(
    twins: Twins, sent: list[Any]
) -> None:
    names = _names(twins)
    la, lb = twins.links
    watcher_a, watcher_b = la.seats[WATCHER], lb.seats[WATCHER]
    holder_a, holder_b = la.seats[HOLDER], lb.seats[HOLDER]
    assert watcher_a and watcher_b and holder_a and holder_b
    pairs = {}
    for role, (ta, tb) in {
        "seat 3": (watcher_a, watcher_b),
        "spectator": (la.spectator, lb.spectator),
    }.items():
        sent.clear()
        app_a = _open(la, ta)
        opened_a = _messages(sent, names)
        sent.clear()
        app_b = _open(lb, tb)
        opened_b = _messages(sent, names)
        assert opened_a == opened_b, f"{role}: the pages' first messages differ"
        pairs[role] = (app_a, app_b)
    holders = (_open(la, holder_a), _open(lb, holder_b))
    assert _readable(holders[0])["players"] != _readable(holders[1])["players"]
    compared = forced = 0
    for i in range(LONGEST):
        # What the tables wait for, and that no kernel writes the holder's step for it:
        # a forced step at one twin and a real choice at the other look the same.
        a, b = twins.tables
        assert a.waiting_for() == b.waiting_for()
        assert [twins.store.advance(t) for t in twins.tables] == [0, 0]
        differs = a.game.forced_action is not None and b.game.forced_action is None
        forced += differs
        if differs:  # the holder confirms its one option, as it would choose among more
            for app, n in zip(holders, (1, 2), strict=True):
                app.table_bar._tick({})
                assert app.model.session.human_to_move
                decision = app.model.controller.decision()
                assert decision is not None and len(decision.rows) == n
                # the card by its name, never its id (schatz-…)
                assert not any("schatz-" in r.label for r in decision.rows)
            bonus = a.game.deck.treasures[twins.cards[1]].name.get("en")
            assert any(bonus in r.label for r in decision.rows)
            # Nothing on the holder's page takes the forced step for its person either
            # (issue 35 item 4, the timing tell): its Step, To the end and autoplay, and
            # its ticks, leave both tables waiting for the holder, at the same step.
            written = [twins.store.load(x.table_id).step_no for x in twins.links]
            assert written[0] == written[1] == a.step_no
            for app in holders:
                app.model.run("step")
                app.model.run("end")
                assert not app.model.autoplay_step()
                app.table_bar._tick({})
                assert app.model.session.human_to_move
            assert [twins.store.load(x.table_id).step_no for x in twins.links] == written
            loaded = [twins.store.load(x.table_id) for x in twins.links]
            assert [t.waiting_for() for t in loaded] == [("human", HOLDER)] * 2
        if compared >= 2 * AFTER and forced:
            break
        for role, (app_a, app_b) in pairs.items() if i < AFTER or differs else ():
            sent.clear()
            app_a.table_bar._tick({})
            shown_a = _messages(sent, names)
            sent.clear()
            app_b.table_bar._tick({})
            shown_b = _messages(sent, names)
            assert shown_a == shown_b, f"{role}: the messages of a step differ"
            assert _states(app_a, names) == _states(app_b, names), role
            read_a, read_b = _readable(app_a), _readable(app_b)
            assert read_a == read_b, role
            for cid in twins.cards:
                assert cid not in json.dumps(read_a) and cid not in json.dumps(shown_a)
            page = json.dumps([_states(app_a, names), shown_a, read_a])
            assert "data-seed" not in page
            for table in twins.tables:  # the tables' chance: never on a page
                assert table.secret not in page
            assert app_a.model.game.setup.seed == 0
            compared += 1
        if twins.tables[0].game.is_over:
            break
        twins.one()
        twins.to_person()
    assert compared >= 2 * AFTER, "the twins should be compared over several steps"
    assert forced >= 1, "the twins should meet a forced step at one table, a choice at the other"


def test_a_seat_page_offers_no_link_or_file_but_the_designer_does(twins: Twins) -> None:
    la, _lb = twins.links
    token = la.seats[WATCHER]
    assert token is not None
    for t, hidden in ((token, True), (la.spectator, True), (la.designer, False)):
        app = _open(la, t)
        shown = [
            w.layout.display != "none"
            for w in (app.files.save, app.tools.link, *app.tools.exports.values())
        ]
        if hidden:
            assert not any(shown)
        else:
            png = 5  # save, link, md, csv, svg, png, json: png may be off (cairosvg optional)
            assert all(shown[:png]) and shown[png + 1]
    designer = _open(la, la.designer)
    text, name = designer.model.game_file()
    assert twins.cards[0] in text  # the designer's file has every card
    assert f"seed{twins.tables[0].game.setup.seed}" in name


def test_a_seats_game_keeps_its_own_cards_and_shows_the_hands_at_the_end() -> None:
    game = Game.from_setup(Setup(players=3, seed=3))
    bots = [make_bot("careful", 30 + i) for i in range(3)]
    checked = 0
    while not game.is_over:
        if game.is_chance:
            game.roll()
            continue
        seat = game.current_player
        mine = seen_game(game, seat)
        # the mover's own options (its own treasures among them) are the game's
        assert list(mine.legal_actions()) == list(game.legal_actions())
        others = seen_game(game, (seat + 1) % 3)
        for f, g in zip(others.figures, game.figures, strict=True):
            assert len(f.treasures) == len(g.treasures)  # how many: public
            if f.seat == seat and any(not h.used for h in g.treasures):
                assert all(h.used or h.card.id == HIDDEN_CARD for h in f.treasures)
                checked += 1
        game.apply(bots[seat](game.view(seat)))
    assert checked, "the test game should deal a treasure"
    end = seen_game(game, None)
    hands = [[h.card.id for h in f.treasures] for f in game.figures]
    assert [[h.card.id for h in f.treasures] for f in end.figures] == hands  # R9.3
    assert sum(isinstance(s, Card) and s.card == HIDDEN_CARD for s in end.steps) >= 1
    assert game.to_json() != end.to_json() and end.setup.seed == 0

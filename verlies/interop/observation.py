"""The observation: what one seat may see, written block by block into a kept buffer.

:class:`Observer` fills the blocks that :data:`verlies.interop.layout.OBSERVATION_LAYOUT`
declares, one writer per block (:data:`WRITERS`, checked against the table when
an observer is made). Each writer compares the key its block is a function of with the
one it last wrote from and rewrites only what changed; what the writers keep (a laid
board's grid, a card's channels, a character's values, a decision's block) is a function
of its key alone. :class:`verlies.interop.encoding.Encoding` hands its observations out.
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np
import numpy.typing as npt

from verlies.board import DIRECTIONS
from verlies.cards.model import TileKind
from verlies.game import Game
from verlies.interop import layout
from verlies.interop.board_grid import BoardGrid
from verlies.interop.layout import (
    ATTR_INDEX,
    ATTRS,
    BANK_SCALE,
    CELL_CHANNELS,
    CELL_FIGURE,
    CLASS_INDEX,
    DIE_SCALE,
    FIGURE_FIELDS,
    FRAME_KINDS,
    GOLD_SCALE,
    HELD_SCALE,
    INFO_DRAWN,
    INFO_DRAWN_KIND,
    INFO_FIELDS,
    KIND_INDEX,
    KINDS,
    MAX_SEATS,
    PENDING_ATTR,
    PENDING_CLASS,
    PENDING_FIELDS,
    PENDING_MONSTER,
    PENDING_TRAP,
    PENDING_VALUE,
    SIDE,
    WINDOW,
    Block,
    unit,
)
from verlies.state import Figure, Table
from verlies.views import (
    DieTest,
    FightDecision,
    FightRolling,
    GoldRolling,
    Losing,
    MonsterRolling,
    ObstacleTest,
    Pending,
    TrapDecision,
    TrapRolling,
)

__all__ = ["WRITERS", "Observer"]


#: The pending values whose fields ``Observer._pending_block`` reads (kept in step with
#: it). The block of any other (a turn, a placement, a draw) is a function of its kind,
#: "mine" and "chance" alone, and a frame type always makes one type of pending value of
#: one kind (``views.pending_of``), so such a block is kept by the frame's type.
_FIELDS_READ = (
    DieTest,
    FightDecision,
    FightRolling,
    MonsterRolling,
    TrapDecision,
    TrapRolling,
    Losing,
    GoldRolling,
)


#: Block of OBSERVATION_LAYOUT -> the one :class:`Observer` method that writes it (each
#: writes its block alone; ``Observer.observation`` calls them all).
WRITERS: dict[str, str] = {
    "board": "_write_board",
    "figures": "_write_figures",
    "hand": "_write_hand",
    "info": "_write_info",
    "pending": "_write_pending",
    "shown": "_write_shown",
    "piles": "_write_piles",
}


class _Kept:
    """One seat's observation buffer, written through a memoryview (a float written
    through one costs about half of numpy's item or slice assignment), and the key each
    block was last written from."""

    __slots__ = (
        "buf",
        "mv",
        "board",
        "window",
        "marks",
        "marked",
        "rows",
        "deck",
        "cp",
        "hand",
        "shown",
        "info",
        "pending",
        "piles",
    )

    def __init__(self, size: int, board: tuple[int, int]) -> None:
        self.buf: npt.NDArray[np.float32] = np.zeros(size, dtype=np.float32)
        self.mv = memoryview(self.buf.data).cast("B").cast("f")
        self.board = self.buf[board[0] : board[1]].reshape(SIDE, SIDE, len(CELL_CHANNELS))
        self.window: Any = None  # (board version, the observer's card)
        self.marks: Any = None  # the figures' cards in the window (None: escaped)
        self.marked: list[int] = []  # where the figures' marks are in buf
        self.rows: Any = ()  # each figure's row key
        self.deck: Any = None  # the deck the rows' characters are of
        self.cp: int | None = None
        self.hand: Any = None  # the observer's treasures (id, used)
        self.shown: Any = None  # every figure's used treasures' ids
        self.info: Any = None
        self.pending: Any = None
        self.piles: Any = None


class Observer:
    """The observation's blocks for one deck and player count, and what their writers keep
    (per seat: the buffer; shared: the kept grids, rows and blocks)."""

    def __init__(self, deck: Any, players: int, treasure_ids: tuple[str, ...]) -> None:
        self.deck = deck
        self.players = players
        self.treasure_ids = treasure_ids
        self._treasure_index = {t: i for i, t in enumerate(treasure_ids)}
        self._lay_out_observation()
        self._scales()
        self._keep_nothing_yet()

    def _lay_out_observation(self) -> None:
        """The observation's blocks from ``OBSERVATION_LAYOUT`` (``observation_blocks``)."""
        deck = self.deck
        t = len(self.treasure_ids)
        # ---- observation: the blocks of OBSERVATION_LAYOUT
        self.cell_channels = CELL_CHANNELS
        self.figure_fields = FIGURE_FIELDS
        self.info_fields = INFO_FIELDS
        self.pending_fields = PENDING_FIELDS
        # R2.3: every pile's content is public (laid, resolved and discarded cards are face
        # up), only its order is hidden; the treasure pile is the exception (R9.3: its
        # cards are drawn face down), so of it only the size (info) and the number of lost
        # treasures under it (R9.4, given up face down) are shown.
        self.dungeon_ids: tuple[str, ...] = tuple(sorted(deck.dungeon))
        self.room_ids: tuple[str, ...] = tuple(sorted(deck.rooms))
        self.monster_ids: tuple[str, ...] = tuple(sorted(deck.monsters))
        self.pile_fields: tuple[str, ...] = (
            *(f"dungeon_pile[{c}]/count" for c in self.dungeon_ids),
            *(f"room_pile[{c}]/count" for c in self.room_ids),
            *(f"room_discard[{c}]/count" for c in self.room_ids),
            *(f"monster_pile[{c}]/count" for c in self.monster_ids),
            *(f"monster_discard[{c}]/count" for c in self.monster_ids),
            "lost_treasures_under_the_pile/treasures",
        )
        blocks, size = layout.lay_out({"treasures": t, "pile fields": len(self.pile_fields)})
        self.observation_blocks: tuple[Block, ...] = blocks
        self.observation_size = size
        at = {b.name: (b.start, b.start + b.size) for b in blocks}
        self._at_board = at["board"]
        self._at_figures = at["figures"]
        self._at_hand = at["hand"]
        self._at_info = at["info"]
        self._at_pending = at["pending"]
        self._at_shown = at["shown"]
        self._at_piles = at["piles"]
        missing = [b.name for b in blocks if b.name not in WRITERS]
        if missing or len(blocks) != len(WRITERS):
            raise ValueError(
                f"the observation's blocks {[b.name for b in blocks]} and their writers "
                f"{sorted(WRITERS)} differ (no writer for {missing})"
            )
        absent = [w for w in WRITERS.values() if not callable(getattr(self, w, None))]
        if absent:
            raise ValueError(f"the observation's writers {absent} are not methods")

    def _scales(self) -> None:
        """What the writers divide by: each count's scale to 0..1."""
        deck, players = self.deck, self.players
        # Scales: each pile count over the deck's count of that card (at least 1): 0..1.
        dungeon_pile = deck.dungeon_pile(players)
        self._pile_scale: list[float] = [
            *(max(1, dungeon_pile.get(c, 0)) for c in self.dungeon_ids),
            *(max(1, deck.room_counts.get(c, 0)) for c in self.room_ids),
            *(max(1, deck.room_counts.get(c, 0)) for c in self.room_ids),
            *(max(1, deck.monster_counts.get(c, 0)) for c in self.monster_ids),
            *(max(1, deck.monster_counts.get(c, 0)) for c in self.monster_ids),
            max(1, sum(deck.treasure_counts.values())),
        ]
        nd, nr, nm = len(self.dungeon_ids), len(self.room_ids), len(self.monster_ids)
        # Where each of the five counted piles starts in the block (_piles_block).
        self._pile_offsets = (0, nd, nd + nr, nd + 2 * nr, nd + 2 * nr + nm)
        self._pile_index = (
            {c: i for i, c in enumerate(self.dungeon_ids)},
            {c: i for i, c in enumerate(self.room_ids)},
            {c: i for i, c in enumerate(self.monster_ids)},
        )
        self._totals = (
            max(1, sum(dungeon_pile.values())),
            max(1, sum(deck.room_counts.values())),
            max(1, sum(deck.monster_counts.values())),
            max(1, sum(deck.treasure_counts.values())),
        )
        exit_ids = [c for c, card in deck.dungeon.items() if card.kind is TileKind.EXIT]
        self._exits_total = max(1, sum(dungeon_pile.get(c, 0) for c in exit_ids))

    def _keep_nothing_yet(self) -> None:
        """The writers' kept values (each a function of its key alone), empty."""
        # What the writers keep (observation): each a function of its key alone.
        self._piles_cache: tuple[Any, npt.NDArray[np.float32]] | None = None
        self._grid = BoardGrid()  # the whole laid board, a window of it a slice
        self._character_cache: dict[int, tuple[Any, tuple[float, ...]]] = {}
        self._drawn_cache: dict[int, tuple[Any, array[float]]] = {}  # by the drawn card
        # The pending block by (Pending value, mine, chance).
        self._pending_cache: dict[tuple[Any, bool, bool], array[float]] = {}
        # ... and of a frame whose block is its kind's alone by (its type, mine, chance).
        self._bare_pending: dict[tuple[type, bool, bool], array[float]] = {}
        # A figure's row (to_move left out) by its public facts relative to the observer.
        self._row_cache: dict[tuple[Any, ...], tuple[Any, array[float]]] = {}
        # Per seat: the buffer the observation is kept in and the blocks' keys.
        self._kept: dict[int, _Kept] = {}

    def observation(self, game: Game, seat: int) -> npt.NDArray[np.float32]:
        """What ``seat`` may see, as a flat float32 array (layout: ``OBSERVATION_LAYOUT``,
        offsets in ``observation_blocks``).

        Built from what ``game.view(seat)`` shows (R9.3: others' unused treasures only as
        a count), the public pending decision, the treasures shown when used (R9.5) and
        the public piles' contents (R2.3; of the treasure pile only its size and the lost
        cards' number): equal for two games that differ only in what this seat cannot see.

        Each call returns a new array of its own (the caller may keep it: no later call
        changes it). Made incrementally: the encoding keeps one buffer per seat; each
        block's writer compares the key the block is a function of with the one it was
        last written from and rewrites only what changed, so the buffer is right whatever
        game (or clone) asked last; ``tests/interop/test_interop_observation_fast.py`` checks it
        against a build from nothing at every step.
        """
        state = game.state
        kept = self._kept.get(seat)
        if kept is None:
            kept = self._kept[seat] = _Kept(self.observation_size, self._at_board)
        figures = state.figures
        order = figures[seat:] + figures[:seat]  # seats from the observer on
        # Read once for the writers that key by them (both are properties).
        version = state.board_version
        cp = state.current_player
        # Each block's writer (WRITERS), called directly: a loop over the table's writers
        # with one argument object cost about a tenth of an observation's time.
        self._write_board(kept, state, order, version)
        self._write_figures(kept, state, order, seat, cp)
        self._write_hand(kept, order)
        self._write_shown(kept, order)
        self._write_info(kept, state, order[0])
        self._write_pending(kept, game, state, seat, cp, version)
        self._write_piles(kept, state)
        return kept.buf.copy()

    # ---- the blocks' writers (one per block of OBSERVATION_LAYOUT) -------------------

    def _write_board(self, kept: _Kept, state: Table, order: list[Figure], version: object) -> None:
        """board: the laid cards' channels around the observer (a slice of the kept
        grid, by board version and the observer's card), then each figure's mark."""
        me = order[0].pos
        window = kept.window
        if window is None or window[0] is not version or window[1] != me:
            self._grid.window_into(kept.board, state, me)  # the figures' channels 0
            kept.window = (version, me)
            kept.marks = None
        marks = tuple([None if f.escaped else f.pos for f in order])
        if marks == kept.marks:
            return
        mv = kept.mv
        for i in kept.marked:
            mv[i] = 0.0
        nch = len(CELL_CHANNELS)
        at = self._at_board[0]
        marked = []
        for rel, pos in enumerate(marks):
            if pos is not None:
                cx, cy = pos[0] - me[0] + WINDOW, pos[1] - me[1] + WINDOW
                if 0 <= cx < SIDE and 0 <= cy < SIDE:
                    i = at + (cy * SIDE + cx) * nch + CELL_FIGURE + rel
                    mv[i] = 1.0
                    marked.append(i)
        kept.marks = marks
        kept.marked = marked

    def _write_figures(
        self, kept: _Kept, state: Table, order: list[Figure], seat: int, cp: int
    ) -> None:
        """figures: each figure's row (kept by its public facts relative to the observer
        and its character's id, while the deck is the one kept: a live edit gives the id
        another card; a kept row is checked to be of the deck's card), then to_move."""
        mx, my = order[0].pos
        deck = state.deck
        keys = tuple(
            [
                (
                    f.escaped,
                    f.injured != 0,
                    f.coins,
                    len(f.treasures),
                    f.pos[0] - mx,
                    f.pos[1] - my,
                    f.character.id,
                )
                for f in order
            ]
        )
        old = kept.rows
        if keys != old or deck is not kept.deck:
            same_deck = deck is kept.deck
            characters = deck.characters
            mv = kept.mv
            fields = len(FIGURE_FIELDS)
            at = self._at_figures[0]
            for rel, key in enumerate(keys):
                if same_deck and rel < len(old) and old[rel] == key:
                    continue
                hit = self._row_cache.get(key)
                character = characters.get(order[rel].character.id)
                if hit is None or hit[0] is not character:
                    hit = (character, self._figure_row(key, character))
                    if len(self._row_cache) > 4096:
                        self._row_cache.clear()
                    self._row_cache[key] = hit
                mv[at + rel * fields : at + rel * fields + fields - 1] = hit[1]
            kept.rows = keys
            kept.deck = deck
        if cp != kept.cp:
            mv = kept.mv
            fields = len(FIGURE_FIELDS)
            last = self._at_figures[0] + fields - 1
            n = self.players
            for rel in range(n):
                mv[last + rel * fields] = 1.0 if cp == (seat + rel) % n else 0.0
            kept.cp = cp

    def _figure_row(self, key: tuple[Any, ...], character: Any) -> array[float]:
        """One figure's fields but to_move, from its row key (see ``_write_figures``)."""
        escaped, injured, coins, held, dx, dy, _ = key
        row = [
            1.0,
            1.0 if escaped else 0.0,
            1.0 if injured else 0.0,
            unit(coins / GOLD_SCALE),
            unit(held / HELD_SCALE),
            unit((dx / WINDOW + 1) / 2),
            unit((dy / WINDOW + 1) / 2),
        ]
        values = self._character_values(character)
        row += values if values is not None else (0.0,) * len(ATTRS)
        return array("f", row)

    def _write_hand(self, kept: _Kept, order: list[Figure]) -> None:
        """hand: the observer's own treasures, unused then used, by their (id, used)
        pairs."""
        held = order[0].treasures
        key = tuple([(h.card.id, h.used) for h in held]) if held else ()
        if key == kept.hand:
            return
        kept.hand = key
        t = len(self.treasure_ids)
        index = self._treasure_index
        hand = [0.0] * (2 * t)
        for cid, used in key:
            j = index.get(cid)
            if j is not None:
                hand[j + (t if used else 0)] = 1.0  # a count, saturating at 1
        kept.mv[self._at_hand[0] : self._at_hand[1]] = array("f", hand)

    def _write_shown(self, kept: _Kept, order: list[Figure]) -> None:
        """shown: every seat's used treasures (R9.5; never another seat's unused ones), by
        every figure's used ids."""
        if not any([f.treasures for f in order]):  # most of most games: none held
            if kept.shown == ():
                return
            key: tuple[Any, ...] = ()
        else:
            key = tuple([tuple([h.card.id for h in f.treasures if h.used]) for f in order])
            if key == kept.shown:
                return
        kept.shown = key
        t = len(self.treasure_ids)
        index = self._treasure_index
        shown = [0.0] * (MAX_SEATS * t)
        for rel, used in enumerate(key):
            for cid in used:
                j = index.get(cid)
                if j is not None:
                    shown[rel * t + j] = 1.0
        kept.mv[self._at_shown[0] : self._at_shown[1]] = array("f", shown)

    def _write_info(self, kept: _Kept, state: Table, me: Figure) -> None:
        """info: the public counts (pile sizes, exits left, round, bank, own gold,
        figures inside) and the drawn card."""
        limit = state.round_limit  # the setup's
        dungeon, rooms, monsters, treasures = (
            state.dungeon,
            state.rooms,
            state.monsters,
            state.treasures,
        )
        key = (  # a pile's size is its total and the lost cards under it (Pile.size)
            dungeon.total + len(dungeon.bottom),
            rooms.total + len(rooms.bottom),
            monsters.total + len(monsters.bottom),
            treasures.total + len(treasures.bottom),
            state.exits_left,  # kept up to date by the rules (R1.6)
            state.round,
            limit,
            state.bank,
            me.gold,
            sum([not f.escaped for f in state.figures]),
            state.drawn,
        )
        if key == kept.info:
            return
        kept.info = key
        (
            n_dungeon,
            n_rooms,
            n_monsters,
            n_treasures,
            exits,
            rnd,
            limit,
            bank,
            gold,
            inside,
            drawn,
        ) = key
        totals = self._totals
        row = [
            unit(n_dungeon / totals[0]),
            unit(n_rooms / totals[1]),
            unit(n_monsters / totals[2]),
            unit(n_treasures / totals[3]),
            unit(exits / self._exits_total),
            unit(rnd / (limit if limit else 300)),
            unit(bank / BANK_SCALE) if bank >= 0 else 0.0,
            unit(gold / GOLD_SCALE),
            inside / self.players,
        ]
        start, end = self._at_info
        mv = kept.mv
        mv[start : start + INFO_DRAWN] = array("f", row)
        mv[start + INFO_DRAWN : end] = self._drawn_fields(drawn)

    def _drawn_fields(self, drawn: Any) -> array[float]:
        """info's fields of the drawn dungeon card (all 0 without one), kept by the card
        (a card never changes: by identity)."""
        hit = self._drawn_cache.get(id(drawn))
        if hit is not None and hit[0] is drawn:
            return hit[1]
        row = [0.0] * (len(INFO_FIELDS) - INFO_DRAWN)
        if drawn is not None:
            row[0] = 1.0
            for i, d in enumerate(DIRECTIONS):
                if drawn.mask & d:
                    row[1 + i] = 1.0
            kind = INFO_DRAWN_KIND - INFO_DRAWN
            row[kind + KINDS.index(drawn.kind)] = 1.0
            row[kind + len(KINDS)] = unit(drawn.gold / GOLD_SCALE)
            row[kind + len(KINDS) + 1] = float(drawn.obstacle is not None)
        fields = array("f", row)
        if len(self._drawn_cache) > 1024:
            self._drawn_cache.clear()
        self._drawn_cache[id(drawn)] = (drawn, fields)
        return fields

    def _write_pending(
        self, kept: _Kept, game: Game, state: Table, seat: int, cp: int, version: object
    ) -> None:
        """pending: a function of the frame on top (a value: never changed once on the
        stack), the seat to decide, the board (an obstacle's card) and the deck (a
        character's values); read through ``Game.pending_context()`` when that changes."""
        # The frame last: a tuple compare stops at the first difference, and frames of
        # one type that are other objects compare by their dataclass __eq__ (Python).
        key = (
            state.over,
            state.seat,
            cp,
            version,
            state.deck,
            state.stack[-1] if state.stack else None,
        )
        if key == kept.pending:
            return
        kept.pending = key
        top = key[5]
        mine, chance = cp == seat, state.at_chance
        if top is not None and not key[0]:
            # A frame whose block is its kind's alone (a turn's choice, a placement, a
            # draw: see _FIELDS_READ) is kept by its type, without making a Pending;
            # only such frame types are kept so.
            bare = (type(top), mine, chance)
            block = self._bare_pending.get(bare)
            if block is not None:
                kept.mv[self._at_pending[0] : self._at_pending[1]] = block
                return
        pending = game.pending_context()
        if top is not None and not key[0] and not isinstance(pending, _FIELDS_READ):
            block = self._bare_pending[bare] = self._pending_block(pending, mine, chance)
            kept.mv[self._at_pending[0] : self._at_pending[1]] = block
            return
        # The same decisions recur all game (an obstacle's attempt, a fight's choice):
        # the block is kept by the pending value (frozen: hashable) and who decides.
        value_key = (pending, mine, chance)
        try:
            block = self._pending_cache.get(value_key)
        except TypeError:  # a field that does not hash: made each time
            block = self._pending_block(pending, mine, chance)
        else:
            if block is None:
                block = self._pending_block(pending, mine, chance)
                if len(self._pending_cache) > 4096:
                    self._pending_cache.clear()
                self._pending_cache[value_key] = block
        kept.mv[self._at_pending[0] : self._at_pending[1]] = block

    def _write_piles(self, kept: _Kept, state: Table) -> None:
        """piles (R2.3): one block for every seat, kept while the counts stay."""
        piles = self._piles_block(state)
        if piles is not kept.piles:
            kept.buf[self._at_piles[0] : self._at_piles[1]] = piles
            kept.piles = piles

    # ---- what the writers keep -------------------------------------------------------

    def _character_values(self, character: Any) -> tuple[float, ...] | None:
        """A character's values / 12 (a character card never changes: kept by identity)."""
        if character is None:
            return None
        hit = self._character_cache.get(id(character))
        if hit is not None and hit[0] is character:
            return hit[1]
        values = tuple(min(max(character.value(a) / DIE_SCALE, 0.0), 1.0) for a in ATTRS)
        if len(self._character_cache) > 256:
            self._character_cache.clear()
        self._character_cache[id(character)] = (character, values)
        return values

    def _piles_block(self, state: Table) -> npt.NDArray[np.float32]:
        """The piles block (R2.3), kept while the piles' counts stay (they change only
        when a card is drawn, discarded or shuffled back); when they change, a copy of
        the kept block with only the changed counts rewritten (found in C: the
        symmetric difference of the dicts' items)."""
        rooms, monsters = state.rooms, state.monsters
        now = (
            state.dungeon.counts,
            rooms.counts,
            rooms.discard,
            monsters.counts,
            monsters.discard,
        )
        bottom = len(state.treasures.bottom)
        cached = self._piles_cache
        if cached is not None:  # compared with copies of the counts (dict == is in C)
            k, kept_bottom = cached[0]
            if kept_bottom == bottom and k == now:
                return cached[1]
            piles = cached[1].copy()
            copies = list(k)  # a new copy only of the counts that changed
            changed = []
            for i, (old, new) in enumerate(zip(k, now, strict=True)):
                if old != new:
                    changed.append((i, {cid for cid, _ in old.items() ^ new.items()}))
                    copies[i] = dict(new)
        else:
            piles = np.zeros(len(self.pile_fields), dtype=np.float32)
            changed = [(i, set(new)) for i, new in enumerate(now)]
            copies = [dict(c) for c in now]
        scale = self._pile_scale
        for i, cids in changed:
            index = self._pile_index[(0, 1, 1, 2, 2)[i]]
            offset = self._pile_offsets[i]
            counts = now[i]
            for cid in cids:
                at = index.get(cid)
                if at is not None:
                    at += offset
                    piles[at] = unit(counts.get(cid, 0) / scale[at])
        piles[-1] = unit(bottom / scale[-1])
        self._piles_cache = ((tuple(copies), bottom), piles)
        return piles

    def _pending_block(self, pending: Pending, mine: bool, chance: bool) -> array[float]:
        """The pending block (the decision or chance point now), clipped to 0..1, from
        ``pending = game.pending_context()``: the one place the observation reads the
        fields of ``Pending``."""
        out = [0.0] * len(PENDING_FIELDS)
        out[KIND_INDEX.get(pending.kind, -1)] = 1.0
        k = len(FRAME_KINDS)
        out[k] = 1.0 if mine else 0.0
        out[k + 1] = 1.0 if chance else 0.0
        test = pending if isinstance(pending, DieTest) else None  # a die against a target
        if test is not None:
            out[PENDING_ATTR + ATTR_INDEX[test.attr]] = 1.0
        if isinstance(pending, ObstacleTest):
            out[PENDING_CLASS + CLASS_INDEX[pending.obstacle.cls]] = 1.0
        if isinstance(pending, FightDecision | FightRolling | MonsterRolling):
            for option in pending.monster.fight:
                out[PENDING_MONSTER + ATTR_INDEX[option.attr]] = unit(option.value / DIE_SCALE)
        if isinstance(pending, TrapDecision | TrapRolling):
            for a in pending.trap.attrs:
                out[PENDING_TRAP + ATTR_INDEX[a]] = 1.0
        k = PENDING_VALUE
        target = test.target if test is not None else 0
        if isinstance(pending, Losing):
            target = pending.target  # the gold to lose (R9.4)
        out[k] = unit((test.value if test is not None else 0) / DIE_SCALE)
        out[k + 1] = unit((test.bonus if test is not None else 0) / DIE_SCALE)
        out[k + 2] = unit(target / DIE_SCALE)
        out[k + 3] = unit((pending.roll if isinstance(pending, MonsterRolling) else 0) / DIE_SCALE)
        if test is not None:
            p = test.chance
            out[k + 4] = unit(p.numerator / p.denominator)
        if isinstance(pending, GoldRolling):
            out[k + 5] = unit(float(pending.dice.mean) / GOLD_SCALE)
        return array("f", out)

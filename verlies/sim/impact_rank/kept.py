"""A contribution run's state at the end of a round, as JSON, and the run resumed from it
(issue 36 leftovers: a run in the middle survives a reload or a killed kernel).

The plan after a round depends only on the finished rounds' sums (:mod:`.rounds`), so the
state after a round is enough to go on: every unit's exact integer sums (a card's or a
group's pairs of each quantity, how often the base games met it), which units are still
active, the groups the screen made (their members), the pairs each unit has played, and
the base deck's per-game quantities (a unit that goes on is paired with base games already
played). The seeds are the game indices themselves: the resumed run plays the same games
the uninterrupted one would have, so the finished result is the same bit for bit.

:func:`state_of` writes the state; :func:`restore` puts it back into a fresh
:class:`~verlies.sim.impact_rank.rounds.Rounds` of the same deck and settings, every field
checked (a state of another deck, card list or shape is refused with what and where).
"""

from __future__ import annotations

from typing import Any

from verlies.sim.compare import Paired
from verlies.sim.impact_rank.rounds import Rounds
from verlies.sim.records import SimulationError

__all__ = ["VERSION", "restore", "state_of"]

#: The state's format (a state of another format is refused).
VERSION = 2  # 2: the most telling pairs ("show me")
#: The most base games a state may hold (the rounds never pair beyond ``max_pairs``).
MAX_BASE = 1 << 16


def _pairs(p: dict[str, Paired]) -> dict[str, list[int]]:
    return {q: [x.n, x.sum_a, x.sum_b, x.sum_d, x.sum_dd] for q, x in sorted(p.items())}


def state_of(rounds: Rounds) -> dict[str, Any]:
    """The run's state after its last finished round, as JSON (see the module's doc)."""
    res = rounds.result
    qs = list(res.paired_quantities)
    units = []
    for u, c in enumerate(rounds.units):
        units.append(
            {
                "played": rounds.played.get(u),
                "active": c.active,
                "screened": c.screened,
                "group_size": c.group_size,
                "note": c.note,
                "met": c.met,
                "met_games": c.met_games,
                "pairs": _pairs(c.pairs),
                "telling": {q: list(t) for q, t in sorted(c.telling.items())},
            }
        )
    base = [[g, [v.get(q) for q in qs]] for g, v in sorted(rounds.base.items())]
    return {
        "version": VERSION,
        "run": rounds.fingerprint,
        "cards": [c.id for c in res.cards],
        "quantities": qs,
        "round": res.round,
        "games": res.info.games,
        "seconds": res.info.seconds,
        "base_played": rounds.base_played,
        "groups": [list(g.members) for g in res.groups],
        "units": units,
        "base": base,
    }


def _int(where: str, value: Any, least: int = 0, most: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise SimulationError(f"kept run: {where} must be a whole number >= {least}")
    if most is not None and value > most:
        raise SimulationError(f"kept run: {where} must be at most {most}")
    return value


def _paired(where: str, raw: Any) -> Paired:
    if not isinstance(raw, list) or len(raw) != 5:
        raise SimulationError(f"kept run: {where} must be [n, ΣA, ΣB, Σd, Σd²]")
    n = _int(f"{where}[0]", raw[0])
    a, b, d, dd = (_int(f"{where}[{i}]", raw[i], -(1 << 62)) for i in range(1, 5))
    if d != b - a or dd < 0:
        raise SimulationError(f"kept run: {where} does not add up (Σd = ΣB − ΣA, Σd² ≥ 0)")
    return Paired(n, a, b, d, dd)


def _unit(rounds: Rounds, u: int, raw: Any, qs: list[str]) -> None:
    where = f"units[{u}]"
    if not isinstance(raw, dict):
        raise SimulationError(f"kept run: {where} must be an object")
    c = rounds.units[u]
    played = raw.get("played")
    if played is not None:
        rounds.played[u] = _int(f"{where}.played", played, 0, rounds.max_pairs)
    active = raw.get("active")
    if not isinstance(active, bool):
        raise SimulationError(f"kept run: {where}.active must be true or false")
    note = raw.get("note", "")
    if not isinstance(note, str) or len(note) > 2000:
        raise SimulationError(f"kept run: {where}.note must be a short text")
    pairs = raw.get("pairs")
    if not isinstance(pairs, dict) or not set(pairs) <= set(qs):
        raise SimulationError(f"kept run: {where}.pairs must be the run's quantities")
    c.active, c.note = active, note
    c.screened = _int(f"{where}.screened", raw.get("screened"))
    c.group_size = _int(f"{where}.group_size", raw.get("group_size"))
    c.met = _int(f"{where}.met", raw.get("met"))
    c.met_games = _int(f"{where}.met_games", raw.get("met_games"))
    c.pairs = {q: _paired(f"{where}.pairs.{q}", pairs[q]) for q in qs if q in pairs}
    c.telling = _telling(f"{where}.telling", raw.get("telling"), c, rounds.max_pairs)


def _telling(where: str, raw: Any, c: Any, most: int) -> dict[str, list[int]]:
    """A unit's most telling pairs read back: a quantity it has pairs of -> [game, d,
    game, d], the games among those played, d within what its sums allow."""
    if not isinstance(raw, dict) or not set(raw) <= set(c.pairs):
        raise SimulationError(f"kept run: {where} must name quantities the unit has pairs of")
    out = {}
    for q, t in raw.items():
        w = f"{where}.{q}"
        if not isinstance(t, list) or len(t) != 4:
            raise SimulationError(f"kept run: {w} must be [game, d, game, d]")
        g1, g2 = _int(f"{w}[0]", t[0], 0, most - 1), _int(f"{w}[2]", t[2], 0, most - 1)
        d1, d2 = (_int(f"{w}[{i}]", t[i], -(1 << 31)) for i in (1, 3))
        if d1 < d2 or d1 * d1 > c.pairs[q].sum_dd or d2 * d2 > c.pairs[q].sum_dd:
            raise SimulationError(f"kept run: {w} does not fit the unit's sums")
        out[q] = [g1, d1, g2, d2]
    return out


def _base(rounds: Rounds, raw: Any, qs: list[str]) -> None:
    if not isinstance(raw, list) or len(raw) > MAX_BASE:
        raise SimulationError(f"kept run: base must be a list of at most {MAX_BASE} games")
    for j, item in enumerate(raw):
        where = f"base[{j}]"
        if not isinstance(item, list) or len(item) != 2 or not isinstance(item[1], list):
            raise SimulationError(f"kept run: {where} must be [game, [values]]")
        g = _int(f"{where}[0]", item[0], 0, rounds.base_played - 1)
        if len(item[1]) != len(qs):
            raise SimulationError(f"kept run: {where} must have one value per quantity")
        rounds.base[g] = {
            q: _int(f"{where}.{q}", v, -(1 << 31))
            for q, v in zip(qs, item[1], strict=True)
            if v is not None
        }
    if sorted(rounds.base) != list(range(rounds.base_played)):
        raise SimulationError("kept run: base must hold every base game played, once")


def restore(rounds: Rounds, state: Any) -> None:
    """Put ``state`` (:func:`state_of`) back into ``rounds``, a fresh run of the same deck
    and settings; SimulationError (what and where) when it is not such a state."""
    if not isinstance(state, dict) or state.get("version") != VERSION:
        raise SimulationError(f"kept run: not a run state of format {VERSION}")
    res = rounds.result
    qs = list(res.paired_quantities)
    if state.get("run") != rounds.fingerprint:
        raise SimulationError("kept run: of another deck or other settings than this run")
    if state.get("cards") != [c.id for c in res.cards]:
        raise SimulationError("kept run: its cards are not this run's cards (another deck?)")
    if state.get("quantities") != qs:
        raise SimulationError("kept run: its quantities are not this run's (other characters?)")
    groups = state.get("groups")
    if not isinstance(groups, list) or len(groups) > len(res.cards):
        raise SimulationError("kept run: groups must be a list of card groups")
    for j, members in enumerate(groups):
        if not isinstance(members, list) or len(members) < 2:
            raise SimulationError(f"kept run: groups[{j}] must list two cards or more")
        idx = tuple(_int(f"groups[{j}]", m, 0, len(res.cards) - 1) for m in members)
        try:
            rounds.add_group(idx)
        except Exception as e:  # the deck refuses the group: not a state of this deck
            raise SimulationError(f"kept run: groups[{j}] is refused ({e})") from None
    units = state.get("units")
    if not isinstance(units, list) or len(units) != len(rounds.units):
        raise SimulationError(f"kept run: units must be {len(rounds.units)} units")
    rounds.base_played = _int("base_played", state.get("base_played"), 0, MAX_BASE)
    for u, raw in enumerate(units):
        _unit(rounds, u, raw, qs)
    _base(rounds, state.get("base"), qs)
    res.round = _int("round", state.get("round"), 1)
    res.info.games = _int("games", state.get("games"), 0, res.budget + MAX_BASE * 64)
    seconds = state.get("seconds", 0.0)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or seconds < 0:
        raise SimulationError("kept run: seconds must be a number >= 0")
    res.info.seconds = float(seconds)
    res.base_games = len(rounds.base)

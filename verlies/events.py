"""Events: what happened, with the rule that made it happen, in German and English.

An event stores its rule ID, a template key and the values; the sentences are made when
asked for, so the engine's hot path only builds small tuples.

>>> e = Event("R4.1", "gold", 0, {"n": 2})
>>> e.en
'R4.1: Player 1 takes 2 gold.'
>>> e.de
'R4.1: Spieler 1 nimmt 2 Gold.'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from verlies.cards.display import card_text
from verlies.cards.model import Attr, MonsterCard, Names, RoomCard

#: An event as the engine records it: (rule, key, seat, data, private); see :func:`as_events`.
RawEvent = tuple[str, str, int, dict[str, Any], bool]

# key -> (German, English). Placeholders: {p} is the player (1-based), others from data.
TEMPLATES: dict[str, tuple[str, str]] = {
    "setup": (
        "Spielaufbau: {players} Spieler, Verlieskarten {colors}, Ausgänge im Stapel: {exits}.",
        "Setup: {players} players, dungeon cards {colors}, exits in the deck: {exits}.",
    ),
    "turn": ("Spieler {p} ({char}) ist am Zug.", "Player {p} ({char}) to move."),
    "draw": ("Spieler {p} zieht {card}.", "Player {p} draws {card}."),
    "place": ("Spieler {p} legt {card} an ({x}, {y}).", "Player {p} lays {card} at ({x}, {y})."),
    "shuffle_back": (
        "Spieler {p} mischt den Ausgang zurück; der Zug ist zu Ende.",
        "Player {p} shuffles the exit back; the turn ends.",
    ),
    "must_enter": (
        "Spieler {p} muss die neue Karte betreten.",
        "Player {p} must move onto the new card.",
    ),
    "walk": ("Spieler {p} geht los: {path}.", "Player {p} walks: {path}."),
    "enter": ("Spieler {p} betritt ({x}, {y}).", "Player {p} enters ({x}, {y})."),
    "gold": ("Spieler {p} nimmt {n} Gold.", "Player {p} takes {n} gold."),
    "bank_short": (
        "Die Bank hat nur noch {n} Gold.",
        "The bank has only {n} gold left.",
    ),
    "test": (
        "Spieler {p}: {what} {target} – {attr} {value} + Wurf {roll}{bonus} = {total}: {verdict}.",
        "Player {p}: {what_en} {target} – {attr_en} {value} + roll {roll}{bonus} = {total}: "
        "{verdict_en}.",
    ),
    "declined": (
        "Spieler {p} versucht das Hindernis nicht.",
        "Player {p} does not try the obstacle.",
    ),
    "obstacle_a": (
        "Unter der Zahl: Verletzung und Verlust, aber das Hindernis ist überwunden.",
        "Below the number: injured and a loss, but the obstacle is passed.",
    ),
    "obstacle_b": (
        "Unter der Zahl: das Hindernis ist nicht überwunden, die Figur bleibt stehen.",
        "Below the number: not passed, the figure stays where it was.",
    ),
    "obstacle_c": (
        "Unter der Zahl: Verletzung, aber das Hindernis ist überwunden.",
        "Below the number: injured, but passed.",
    ),
    "not_entered": (
        "Spieler {p} betritt die Karte dahinter nicht; der Weg endet.",
        "Player {p} cannot enter the card behind it; the walk ends.",
    ),
    "stays_open": (
        "Das Hindernis bleibt offen (Variante).",
        "The obstacle stays open (variant).",
    ),
    "injured": ("Spieler {p} ist verletzt.", "Player {p} is injured."),
    "movement_ends": (
        "Die Verletzung beendet die Bewegung.",
        "The injury ends the movement.",
    ),
    "room_empty": ("Der Raum ist leer.", "The room is empty."),
    "room_card": ("Raumkarte {card}: {text}", "Room card {card}: {text}"),
    "no_card": ("Der Stapel {pile} ist leer.", "The {pile_en} deck is empty."),
    "refill": (
        "Der Stapel {pile} wird aus dem Ablagestapel neu gemischt.",
        "The {pile_en} deck is reshuffled from its discards.",
    ),
    "monster": ("Monster {card}: {text}", "Monster {card}: {text}"),
    "fight": (
        "Kampf mit {attr}: Spieler {p} {value} + {roll}{bonus} = {total}, "
        "Monster {mvalue} + {mroll} = {mtotal} (gewürfelt von {roller}).",
        "Fight with {attr_en}: player {p} {value} + {roll}{bonus} = {total}, "
        "monster {mvalue} + {mroll} = {mtotal} (rolled by {roller_en}).",
    ),
    "fight_with": (
        "Spieler {p} kämpft mit {attr} gegen den Monsterwert {mvalue}.",
        "Player {p} fights with {attr} against the monster's {mvalue}.",
    ),
    "fight_won": (
        "Spieler {p} besiegt das Monster und nimmt seinen Besitz.",
        "Player {p} beats the monster and takes its possessions.",
    ),
    "fight_lost": ("Spieler {p} verliert den Kampf.", "Player {p} loses the fight."),
    "treasure": (
        "Spieler {p} zieht verdeckt einen Schatz: {card}.",
        "Player {p} draws a treasure face down: {card}.",
    ),
    "treasure_hidden": (
        "Spieler {p} zieht verdeckt einen Schatz.",
        "Player {p} draws a treasure face down.",
    ),
    "lose_gold": ("Spieler {p} verliert {n} Gold.", "Player {p} loses {n} gold."),
    "lose_treasure": (
        "Spieler {p} gibt den Schatz {card} ab; er kommt unter den Schatzstapel.",
        "Player {p} gives up treasure {card}; it goes under the treasure deck.",
    ),
    "lose_treasure_hidden": (
        "Spieler {p} gibt einen Schatz ab; er kommt verdeckt unter den Schatzstapel.",
        "Player {p} gives up a treasure; it goes face down under the treasure deck.",
    ),
    "trap": ("Falle!", "Trap!"),
    "back": (
        "Spieler {p} muss zurück nach ({x}, {y}).",
        "Player {p} must go back to ({x}, {y}).",
    ),
    "recover": (
        "Spieler {p} erholt sich den ganzen Zug und steht wieder auf.",
        "Player {p} spends the turn recovering and stands up again.",
    ),
    "heal": (
        "Spieler {p} heilt sich mit {card} und spielt den Zug.",
        "Player {p} heals with {card} and plays the turn.",
    ),
    "magic": ("Spieler {p} benutzt {card}: +{n}.", "Player {p} uses {card}: +{n}."),
    "wait": (
        "Spieler {p} kann nichts tun und wartet.",
        "Player {p} has no move and waits.",
    ),
    "escape": (
        "Spieler {p} entkommt durch den Ausgang mit {coins} Gold und {treasures} Schätzen!",
        "Player {p} escapes through the exit with {coins} gold and {treasures} treasures!",
    ),
    "no_stack": (
        "Schon verletzt: Verletzungen zählen nicht doppelt.",
        "Already injured: injuries do not stack.",
    ),
    "final_gold": (
        "Spieler {p}: {coins} Goldmünzen, mit Schätzen {gold} Gold.",
        "Player {p}: {coins} coins, {gold} gold with treasures.",
    ),
    "collapse": (
        "Der Gang hinter dem Ausgang stürzt ein.",
        "The passage behind the exit collapses.",
    ),
    "end_escaped": (
        "Der Vorletzte ist entkommen: das Spiel endet.",
        "The second-to-last figure has escaped: the game ends.",
    ),
    "end_solo": ("Die Figur ist entkommen: das Spiel endet.", "The figure escaped: the game ends."),
    "end_no_exit": (
        "Kein Ausgang mehr im Verliesstapel: niemand kann mehr entkommen.",
        "No exit left in the dungeon deck: nobody can escape any more.",
    ),
    "end_no_passage": (
        "Kein offener Gang mehr im Verlies: niemand kann mehr entkommen.",
        "No open passage left in the dungeon: nobody can escape any more.",
    ),
    "end_timeout": (
        "Rundenlimit {limit} erreicht (Zeitüberschreitung).",
        "Round limit {limit} reached (timeout).",
    ),
    "left_behind": (
        "Spieler {p} bleibt im Verlies und wird von Goblins gebissen.",
        "Player {p} stays in the dungeon and is bitten by goblins.",
    ),
    "still_inside": (
        "Spieler {p} ist noch im Verlies (Zeitüberschreitung, kein Ergebnis).",
        "Player {p} is still in the dungeon (timeout, no result).",
    ),
    "winner": ("Gewinner: {who} mit {gold} Gold.", "Winner: {who_en} with {gold} gold."),
    "no_winner": ("Niemand ist entkommen: kein Gewinner.", "Nobody escaped: no winner."),
    "edit": ("Deck geändert: {what}", "Deck changed: {what}"),
}


def _localise(key: str, value: Any, lang: str) -> Any:
    """Values are kept raw on the hot path and put into words when a sentence is asked for."""
    if isinstance(value, Names):
        return value.get(lang)
    if key == "path":  # a walk's cells
        return " → ".join(f"({x}, {y})" for x, y in value)
    if isinstance(value, Attr):
        return value.en if lang == "en" else value.value
    if key == "colors":
        return "/".join(c.value if lang == "en" else c.de for c in value)
    if isinstance(value, RoomCard | MonsterCard):
        return card_text(value, lang)
    return value


class Event(NamedTuple):
    """One thing that happened. ``seat`` is the acting player (or -1); ``private`` marks
    information only that seat may see (R9.3: treasures are drawn face down)."""

    rule: str
    key: str
    seat: int
    data: dict[str, Any]
    private: bool = False

    def text(self, lang: str = "en") -> str:
        de, en = TEMPLATES[self.key]
        template = en if lang == "en" else de
        data = {k: _localise(k, v, lang) for k, v in self.data.items()}
        return f"{self.rule}: " + template.format(p=self.seat + 1, **data)

    @property
    def de(self) -> str:
        return self.text("de")

    @property
    def en(self) -> str:
        return self.text("en")

    def __str__(self) -> str:
        return self.en

    def public(self) -> Event:
        """The event as the other seats see it."""
        if self.key == "treasure":
            return Event(self.rule, "treasure_hidden", self.seat, {}, False)
        if self.key == "lose_treasure":
            return Event(self.rule, "lose_treasure_hidden", self.seat, {}, False)
        return self


_new_tuple = tuple.__new__


def as_events(recorded: Iterable[RawEvent]) -> list[Event]:
    """Events from the tuples the engine records (without NamedTuple's slower ``__new__``).

    >>> as_events([("R4.1", "gold", 0, {"n": 2}, False)])[0].en
    'R4.1: Player 1 takes 2 gold.'
    """
    return [_new_tuple(Event, e) for e in recorded]

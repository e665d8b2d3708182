"""A plan for making rooms in bulk: "8 intercept rooms, 2 v 2, bots fill the gaps".

Design notes: ``docs/classroom.md``, ``cipherkit.classroom.plans``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from cipherkit.core.errors import CipherkitError
from cipherkit.core.protocol import GameSpec, State
from cipherkit.core.registry import game_names, get_game
from cipherkit.i18n import _, ngettext

__all__ = ["MAX_ROOMS", "RoomPlan", "game_seats", "presets"]


def _specs() -> dict[str, GameSpec[State]]:
    specs = {}
    for name in game_names():
        try:
            specs[name] = get_game(name)
        except CipherkitError:  # a broken plug-in cannot be planned; the rest can
            continue
    return specs


def game_seats() -> dict[str, tuple[int, ...]]:
    """The seat counts a classroom room of each registered game may have.

    >>> game_seats()["intercept"]
    (3, 4, 5, 6, 7, 8)
    """
    return {name: spec.seat_counts() for name, spec in _specs().items()}


def _versus(sides: list[int]) -> str:
    """Team sizes face to face: ``2 v 2`` (``2 на 2`` in Russian)."""
    text = str(sides[0])
    for side in sides[1:]:
        text = _("{first} v {second}", first=text, second=side)
    return text


def presets() -> list[dict[str, Any]]:
    """One-click plans for the teacher's page, made from each game's spec: pairs for a
    two-seat game, "k v k" and "1 v 1, bot partners" for a team game, else its usual
    seat count; labelled in the language in force.

    >>> presets()[-1]
    {'label': 'Mission, 2 players', 'game': 'mission', 'players': 2, 'people': 2}
    """
    found = []
    for name, spec in _specs().items():
        label, n = _(spec.display_name), spec.usual_players()
        if spec.teams and n % len(spec.teams) == 0:
            side = n // len(spec.teams)
            vs = _versus([side] * len(spec.teams))
            matched = _("{game} {vs}", game=label, vs=vs)
            found.append({"label": matched, "game": name, "players": n, "people": n})
            if side > 1:
                ones = _versus([1] * len(spec.teams))
                found.append(
                    {
                        "label": _("{game} {vs}, bot partners", game=label, vs=ones),
                        "game": name,
                        "players": n,
                        "people": len(spec.teams),
                    }
                )
        elif spec.seat_counts() == (2,):
            found.append(
                {"label": _("{game} pairs", game=label), "game": name, "players": 2, "people": 2}
            )
        else:
            found.append(
                {
                    "label": ngettext("{game}, {n} player", "{game}, {n} players", n, game=label),
                    "game": name,
                    "players": n,
                    "people": n,
                }
            )
    return found


MAX_ROOMS = 40
"""Rooms one plan may make at once."""


@dataclass(frozen=True)
class RoomPlan:
    """``rooms`` rooms of ``game`` with ``players`` seats, ``people`` of them for people.

    Examples
    --------
    >>> RoomPlan("intercept", rooms=8, players=4, people=4).bot_seats()
    []
    >>> RoomPlan("intercept", rooms=8, players=4, people=2).bot_seats()
    [2, 3]
    >>> RoomPlan.parse("8 intercept rooms 2 v 2, bots fill the gaps")
    RoomPlan(game='intercept', rooms=8, players=4, people=4)
    >>> RoomPlan.parse("decipher pairs x 3")
    RoomPlan(game='decipher', rooms=3, players=2, people=2)
    >>> str(RoomPlan("mission", rooms=2, players=2, people=1))
    '2 mission rooms, 2 seats, 1 person and 1 bot each'
    >>> [p["label"] for p in presets()][:2]
    ['Decipher pairs', 'Intercept 2 v 2']
    """

    game: str
    rooms: int
    players: int
    people: int

    def __post_init__(self) -> None:
        seats = game_seats()
        if self.game not in seats:
            raise CipherkitError.say(
                "no game {game!r} for class rooms (choose {join})",
                game=self.game,
                join=", ".join(seats),
            )
        for name in ("rooms", "players", "people"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise CipherkitError.say("a room plan's {name} is a whole number", name=name)
        if not 1 <= self.rooms <= MAX_ROOMS:
            raise CipherkitError.say(
                "make 1 to {max_rooms} rooms at a time, not {rooms}",
                max_rooms=MAX_ROOMS,
                rooms=self.rooms,
            )
        if self.players not in seats[self.game]:
            counts = ", ".join(map(str, seats[self.game]))
            raise CipherkitError.say(
                "a {game} room has {counts} seats, not {players}",
                game=self.game,
                counts=counts,
                players=self.players,
            )
        if not 1 <= self.people <= self.players:
            raise CipherkitError.say(
                "people per room: 1 to {players} (the seats), not {people}",
                players=self.players,
                people=self.people,
            )

    def bot_seats(self) -> list[int]:
        """The seats bots play: every seat from ``people`` on."""
        return list(range(self.people, self.players))

    def __str__(self) -> str:
        bots = self.players - self.people
        people = f"{self.people} {'person' if self.people == 1 else 'people'}"
        each = people if not bots else f"{people} and {bots} bot{'s' if bots > 1 else ''}"
        return (
            f"{self.rooms} {self.game} room{'s' if self.rooms > 1 else ''}, "
            f"{self.players} seats, {each} each"
        )

    @classmethod
    def parse(cls, text: str) -> RoomPlan:
        """Read a plan written as a teacher would say it: the game's name, a number of
        rooms, "pairs" or "N v N" (teams); "1 person" / "N people" per room."""
        words = text.lower()
        specs = _specs()
        # the longest name first, so a game named inside another's name is not taken
        game = next(
            (
                g
                for g in sorted(specs, key=len, reverse=True)
                if re.search(rf"\b{re.escape(g)}\b", words)
            ),
            None,
        )
        if game is None:
            raise CipherkitError.say("name a game in the plan: {join}", join=", ".join(specs))
        spec = specs[game]
        teams = re.search(r"(\d)\s*(?:v|vs|versus|against)\s*(\d)", words)
        people = re.search(r"(\d+)\s*(?:people|persons?|students?)\b", words)
        players = spec.usual_players()
        if teams:
            players = int(teams.group(1)) + int(teams.group(2))
        elif "pair" in words:
            players = 2
        rest = words
        for found in (teams, people):
            if found:
                rest = rest.replace(found.group(0), " ")
        count = re.search(r"\d+", rest)
        return cls(
            game,
            rooms=int(count.group(0)) if count else 1,
            players=players,
            people=int(people.group(1)) if people else players,
        )

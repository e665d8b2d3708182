"""A plan for making rooms in bulk: "8 intercept rooms, 2 v 2, bots fill the gaps".

A :class:`RoomPlan` is a game, a number of rooms, the seats of each room and how many
of them are for people; bots take the others. In intercept seats alternate White and
Black, so two people in a room of four sit on opposite teams, each with a bot partner.

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
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cipherkit.core.errors import CipherkitError

__all__ = ["GAME_SEATS", "MAX_ROOMS", "RoomPlan"]

GAME_SEATS: dict[str, tuple[int, ...]] = {
    "decipher": (2,),
    "intercept": (3, 4, 5, 6, 7, 8),
    "mission": (1, 2, 3, 4),
}
"""The seat counts a classroom room of each game may have."""

MAX_ROOMS = 40
"""Rooms one plan may make at once."""


@dataclass(frozen=True)
class RoomPlan:
    """``rooms`` rooms of ``game`` with ``players`` seats, ``people`` of them for people."""

    game: str
    rooms: int
    players: int
    people: int

    def __post_init__(self) -> None:
        if self.game not in GAME_SEATS:
            raise CipherkitError(
                f"no game {self.game!r} for class rooms (choose {', '.join(GAME_SEATS)})"
            )
        for name in ("rooms", "players", "people"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise CipherkitError(f"a room plan's {name} is a whole number")
        if not 1 <= self.rooms <= MAX_ROOMS:
            raise CipherkitError(f"make 1 to {MAX_ROOMS} rooms at a time, not {self.rooms}")
        if self.players not in GAME_SEATS[self.game]:
            seats = ", ".join(map(str, GAME_SEATS[self.game]))
            raise CipherkitError(f"a {self.game} room has {seats} seats, not {self.players}")
        if not 1 <= self.people <= self.players:
            raise CipherkitError(
                f"people per room: 1 to {self.players} (the seats), not {self.people}"
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
        game = next((g for g in GAME_SEATS if g in words), None)
        if game is None:
            raise CipherkitError(f"name a game in the plan: {', '.join(GAME_SEATS)}")
        teams = re.search(r"(\d)\s*(?:v|vs|versus|against)\s*(\d)", words)
        people = re.search(r"(\d+)\s*(?:people|persons?|students?)\b", words)
        players = GAME_SEATS[game][0] if game != "intercept" else 4
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

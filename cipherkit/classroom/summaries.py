"""What the teacher sees of a room: game, how far, score, whose turn, who is there.

:func:`summarise` builds a :class:`RoomSummary` from a room's public facts
(:meth:`cipherkit.rooms.Room.info`) and, while it is open, the **spectator's**
observation: nothing a spectator may not see reaches the teacher page either.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from cipherkit.core.errors import CipherkitError
from cipherkit.core.registry import get_game
from cipherkit.i18n import _, ngettext

__all__ = ["RoomSummary", "outcome_text", "summarise"]


@dataclass(frozen=True)
class RoomSummary:
    """One row of the teacher's live room table (public facts only)."""

    id: str
    code: str
    game: str
    title: str
    status: str
    version: int
    progress: str
    score: str
    to_act: list[str]
    people: list[tuple[str, bool]]
    free_seats: int
    over: bool
    result: str
    seats: list[str] = field(default_factory=list)
    held: bool = False
    seated: list[dict[str, Any]] = field(default_factory=list)
    free_by_team: dict[str, int] = field(default_factory=dict)
    reserved: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The summary as a JSON-safe dict (people as name and connected)."""
        data = asdict(self)
        data["people"] = [{"name": n, "connected": c} for n, c in self.people]
        return data


def _name(seat: dict[str, Any]) -> str:
    if seat.get("name"):
        return str(seat["name"])
    return _("seat {n}", n=int(seat["seat"]) + 1)


def outcome_text(outcome: dict[str, Any] | None, names: list[str]) -> str:
    """An outcome as a sentence in the language in force: who won, why (the game's
    reason, marked for the catalog by the game), the scores.

    >>> outcome_text({"winners": [0], "reason": "code broken", "scores": {"0": 1, "1": 0},
    ...               "draw": False}, ["Ada", "Bo"])
    'Ada won (code broken); scores 1 : 0'
    """
    if not outcome:
        return ""
    winners = [names[w] if 0 <= w < len(names) else str(w) for w in outcome.get("winners", [])]
    if outcome.get("draw"):
        text = _("draw")
    elif winners:
        who = winners[0]
        for name in winners[1:]:
            who = _("{first} and {second}", first=who, second=name)
        text = ngettext("{who} won", "{who} won", len(winners), who=who)
    else:
        text = _("nobody won")
    reason = outcome.get("reason")
    if reason:
        text = _("{result} ({reason})", result=text, reason=_(str(reason)))
    scores = outcome.get("scores") or {}
    if scores:
        points = " : ".join(str(v) for _k, v in sorted(scores.items(), key=lambda kv: int(kv[0])))
        text = _("{result}; scores {points}", result=text, points=points)
    return text


def _progress(game: str, view: dict[str, Any]) -> tuple[str, str]:
    """How far and the score, in the game's own words (its spec's ``progress``)."""
    try:
        return get_game(game).describe_progress(view)
    except CipherkitError:  # a game no longer installed: its rooms still list
        return "", ""


def summarise(info: dict[str, Any], view: dict[str, Any] | None) -> RoomSummary:
    """The summary of a room from its ``info`` and its spectator ``view`` (``None`` for
    a closed room).

    Examples
    --------
    >>> info = {"id": "r1", "code": "TIGER-1-MOSS", "game": "decipher", "title": "Decipher",
    ...         "status": "open", "version": 3, "actors": [1], "over": False, "outcome": None,
    ...         "seats": [{"seat": 0, "name": "Ada", "bot": None, "taken": True, "connected": True},
    ...           {"seat": 1, "name": "Bo", "bot": None, "taken": True, "connected": False}]}
    >>> s = summarise(info, {"turn_number": 2, "hits": [[True, False], [False, False]]})
    >>> s.progress, s.score, s.to_act, s.people
    ('turn 2', 'hits 1 : 0', ['Bo'], [('Ada', True), ('Bo', False)])
    """
    seats = info["seats"]
    names = [_name(s) for s in seats]
    progress, score = _progress(info["game"], view or {})
    return RoomSummary(
        id=info["id"],
        code=info["code"],
        game=info["game"],
        title=str(info.get("title") or info["game"]),
        status=info["status"],
        version=int(info["version"]),
        progress=progress,
        score=score,
        to_act=[] if info["over"] else [names[a] for a in info["actors"] if 0 <= a < len(names)],
        people=[(_name(s), bool(s["connected"])) for s in seats if not s["bot"] and s["taken"]],
        free_seats=sum(1 for s in seats if not s["taken"]),
        over=bool(info["over"]),
        result=outcome_text(info.get("outcome"), names),
        seats=names,
        held=bool(info.get("held")),
        seated=[
            {
                "seat": int(s["seat"]),
                "name": _name(s),
                "team": s.get("team") or "",
                "connected": bool(s["connected"]),
            }
            for s in seats
            if not s["bot"] and s["taken"]
        ],
        free_by_team=_free_by_team(seats),
        reserved=[str(s["reserved"]) for s in seats if s.get("reserved")],
    )


def _free_by_team(seats: list[dict[str, Any]]) -> dict[str, int]:
    """Free seats per team, for a team game (empty otherwise)."""
    free: dict[str, int] = {}
    for s in seats:
        if s.get("team"):
            free.setdefault(str(s["team"]), 0)
            free[str(s["team"])] += not s["taken"]
    return free

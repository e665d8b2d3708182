"""What the studio page draws of a draft: rooms, passages, problems and the cipher.

Pure data (no widget library): :func:`studio_view` turns a :class:`Draft` into the
JSON-safe ``view`` the editor's page draws, every problem tied to the room or passage at
fault when its field path names one (``map.rooms.<id>``, ``map.passages[<i>]``), so the
page marks it and its entry in the issues list can focus it. Its sentences (the issues,
the counts, what a screen reader says of a room) are in the language in force.

>>> from cipherkit.studio.draft import Draft
>>> draft = Draft.open("missions/08-last-light.yaml")
>>> draft.edit({"op": "add_room", "room": "far", "pos": [9, 9]})
>>> view = studio_view(draft)
>>> view["errors"], view["problems"][0]["room"], view["problems"][0]["message"]
(1, 'far', "room 'far' cannot be reached from the entrance")
>>> [r for r in view["rooms"] if r["id"] == "far"][0]["marks"]
['error']
"""

from __future__ import annotations

import re
from typing import Any

from cipherkit.games.mission.format.problems import Problem
from cipherkit.games.mission.format.schema import GLYPH_STYLES
from cipherkit.i18n import _, ngettext, pgettext
from cipherkit.studio.draft import Draft
from cipherkit.studio.yamltext import as_list, as_mapping

__all__ = ["culprit", "studio_view"]

_ROOM = re.compile(r"^map\.rooms\.([^.\[\]]+)")
_PASSAGE = re.compile(r"^map\.passages\[(\d+)\]")


def culprit(problem: Problem, passages: list[tuple[str, str]]) -> dict[str, Any]:
    """The room or passage a problem is about, from its field path (empty if neither).

    >>> culprit(Problem("m.yaml", 3, "map.rooms.hall.name", "bad"), [])
    {'room': 'hall'}
    >>> culprit(Problem("m.yaml", 3, "map.passages[1]", "bad"), [("a", "b"), ("b", "c")])
    {'passage': ['b', 'c']}
    >>> culprit(Problem("m.yaml", 3, "glyphs", "bad"), [])
    {}
    """
    room = _ROOM.match(problem.path)
    if room:
        return {"room": room.group(1)}
    passage = _PASSAGE.match(problem.path)
    if passage and int(passage.group(1)) < len(passages):
        return {"passage": list(passages[int(passage.group(1))])}
    return {}


def _passages(draft: Draft) -> list[tuple[str, str]]:
    """The passages as the file lists them (a problem's ``[i]`` counts in this order)."""
    data = draft.data
    listed = data.get("map", {}).get("passages") if isinstance(data, dict) else None
    out: list[tuple[str, str]] = []
    for item in listed if isinstance(listed, list) else []:
        ends = item.get("rooms") if isinstance(item, dict) else item
        if isinstance(ends, list | tuple) and len(ends) == 2:
            out.append((str(ends[0]), str(ends[1])))
        else:
            out.append(("", ""))
    return out


def _answer(draft: Draft) -> dict[str, Any]:
    data = as_mapping(draft.data)
    card, style = as_mapping(data.get("card")), as_mapping(data.get("glyph_set"))
    solution, seed = data.get("solution", ""), style.get("seed", 0)
    return {
        "solution": solution if isinstance(solution, str) else "",
        "card": [
            [str(g) for g in word] if isinstance(word, list) else [str(word)]
            for word in as_list(card.get("text"))
        ],
        "glyphs": sorted(str(g) for g in as_mapping(data.get("glyphs"))),
        "style": str(style.get("style", "circuit")),
        "seed": seed if isinstance(seed, int) and not isinstance(seed, bool) else 0,
        "styles": list(GLYPH_STYLES),
        "pool": [str(t) for t in as_list(data.get("pool")) if isinstance(t, str | int)],
    }


def _token_label(token: Any) -> str | None:
    """A passage's token in words (its square's tooltip on the map)."""
    if token is None:
        return None
    if token == "wall":
        return _("wall token")
    if token == "passage":
        return _("passage token")
    return _("{token} token", token=token)


def _joined(other: str, kind: str, token: Any) -> str:
    """A neighbour as a room's description names it: its id, and the passage's kind."""
    if kind == "wall":
        if token == "passage":
            return _("{room} (wall) (passage token)", room=other)
        if token == "wall":
            return _("{room} (wall) (wall token)", room=other)
        return _("{room} (wall)", room=other)
    if token == "wall":
        return _("{room} (wall token)", room=other)
    if token == "passage":
        return _("{room} (passage token)", room=other)
    return other


def _about(room: dict[str, Any], edges: list[dict[str, Any]]) -> list[str]:
    """What a screen reader says of a room at the cursor (the page adds "selected" and
    the room's problems): where it is, the entrance, its stack, its passages."""
    joined = [
        _joined(e["b"] if e["a"] == room["id"] else e["a"], e["kind"], e["token"])
        for e in edges
        if room["id"] in (e["a"], e["b"])
    ]
    x, y = (format(v, "g") if isinstance(v, int | float) else v for v in (room["x"], room["y"]))
    parts = [_("{name} ({room}) at {x}, {y}", name=room["name"], room=room["id"], x=x, y=y)]
    if room["entrance"]:
        parts.append(pgettext("room", "entrance"))
    if room["stack"] is not None:
        parts.append(_("stack {n}", n=room["stack"]))
    parts.append(_("joined to {rooms}", rooms=", ".join(joined)) if joined else _("no passages"))
    return parts


INFO_FIELDS = ("id", "title", "question", "story", "seed", "players", "characters", "deck")


def _info(data: dict[str, Any]) -> dict[str, Any]:
    """The mission's other fields as the file has them (for the page's *Mission* panel)."""
    info = {k: data.get(k) for k in INFO_FIELDS}
    campaign = as_mapping(data.get("campaign"))
    info["campaign"] = {k: as_mapping(campaign.get(k)) for k in ("win", "loss")}
    return info


def studio_view(draft: Draft) -> dict[str, Any]:
    """The page's ``view`` of ``draft`` (see the module docs)."""
    graph = draft.graph
    passages = _passages(draft)
    problems = []
    marks: dict[str, set[str]] = {}
    edge_marks: dict[frozenset[str], set[str]] = {}
    for problem in draft.problems:
        where = culprit(problem, passages)
        if "room" in where:
            marks.setdefault(where["room"], set()).add(problem.severity)
        if "passage" in where:
            edge_marks.setdefault(frozenset(where["passage"]), set()).add(problem.severity)
        message = str(problem.message)  # a validator's message reads in the language in force
        problems.append(
            {
                "severity": problem.severity,
                "path": problem.path,
                "line": problem.line,
                "message": message,
                "text": (
                    _("error: {message}", message=message)
                    if problem.severity == "error"
                    else _("warning: {message}", message=message)
                ),
                **where,
            }
        )
    data = as_mapping(draft.data)
    placed = as_mapping(as_mapping(data.get("map")).get("rooms"))
    edges = [
        {
            "a": a,
            "b": b,
            "kind": "wall" if attrs.get("wall") else "open",
            "token": attrs.get("token"),
            "token_label": _token_label(attrs.get("token")),
            "marks": sorted(edge_marks.get(frozenset((a, b)), ())),
        }
        for a, b, attrs in graph.edges(data=True)
    ]
    rooms = []
    for room, attrs in graph.nodes(data=True):
        x, y = attrs.get("pos") or (0, 0)
        shown = {
            "id": room,
            "name": str(attrs.get("name") or room),
            "x": x,
            "y": y,
            "stack": attrs.get("stack_size"),
            "placed": [str(t) for t in as_list(as_mapping(placed.get(room)).get("stack"))],
            "entrance": "entrance" in (attrs.get("tokens") or ()),
            "marks": sorted(marks.get(room, ())),
        }
        shown["about"] = _about(shown, edges)
        rooms.append(shown)
    errors = sum(p["severity"] == "error" for p in problems)
    dealt = sum(r["stack"] or 0 for r in rooms if isinstance(r["stack"], int))
    answer = _answer(draft)
    return {
        "name": draft.name,
        "rooms": rooms,
        "passages": edges,
        "problems": problems,
        "errors": errors,
        "warnings": len(problems) - errors,
        "count": _(
            "{errors}, {warnings}",
            errors=ngettext("{n} error", "{n} errors", errors),
            warnings=ngettext("{n} warning", "{n} warnings", len(problems) - errors),
        ),
        "map_label": ngettext("Mission map, {n} room.", "Mission map, {n} rooms.", len(rooms)),
        "pool_note": ngettext(
            "The rooms' stacks are dealt {n} token; the pool holds {pool}.",
            "The rooms' stacks are dealt {n} tokens; the pool holds {pool}.",
            dealt,
            pool=len(answer["pool"]),
        ),
        "can_undo": draft.can_undo,
        "can_redo": draft.can_redo,
        "answer": answer,
        "dealt": dealt,
        "text": draft.text,
        "info": _info(data),
    }

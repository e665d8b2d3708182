"""The mission-file schema: plain data (from YAML or a builder) to a :class:`Mission`.

Design notes: ``docs/mission-format.md``, ``cipherkit.games.mission.format.schema``.

Examples
--------
>>> from cipherkit.games.mission.format.schema import parse_mission
>>> from cipherkit.games.mission.format.yamlio import Source
>>> mission, problems = parse_mission({"id": "x", "titel": "X"}, Source("x.yaml"))
>>> mission is None
True
>>> for p in problems[:2]:
...     print(p)
x.yaml: titel: unknown field 'titel' (did you mean 'title'?)
x.yaml: mission: missing field 'title'
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from pathlib import Path as FilePath
from typing import Any

import networkx as nx

from cipherkit.games.mission.content.characters import (
    ABILITIES,
    BUILTIN,
    DEFAULT_CHARACTERS,
    Character,
)
from cipherkit.games.mission.content.console import Cell, Glyph
from cipherkit.games.mission.content.deck import DeckSpec
from cipherkit.games.mission.content.mission import (
    FORMAT,
    PASSAGE_TOKEN,
    WALL_TOKEN,
    CampaignLink,
    CampaignLinks,
    Mission,
)
from cipherkit.games.mission.content.tokens import ACTIONS, COUNTER_INTEL, TRAPS, Token
from cipherkit.games.mission.format.problems import Path, Problem
from cipherkit.games.mission.format.reader import Hint, Reader, kind, suggest
from cipherkit.games.mission.format.yamlio import Source
from cipherkit.i18n import N_, say, text

MAX_TITLE_CHARS = 120
MAX_STORY_CHARS = 20_000
MAX_ROOMS = 60
"""The most rooms a map may have: more cannot be drawn or played on a page."""
MAX_POS = 1_000
"""A room's coordinates lie within -MAX_POS..MAX_POS."""

CONTENT_PATTERN = re.compile(r"^\w+$")
DEALS = ("shuffled", "fixed")

TOP_FIELDS = {
    "format": False,
    "id": True,
    "title": True,
    "question": True,
    "story": False,
    "seed": False,
    "deal": False,
    "players": False,
    "characters": False,
    "glyph_set": False,
    "glyphs": True,
    "card": True,
    "solution": False,
    "map": True,
    "pool": False,
    "deck": False,
    "campaign": False,
}
GLYPH_SET_FIELDS = {"style": False, "seed": False, "folder": False}
GLYPH_STYLES = ("circuit", "pigpen", "runes")
"""The generated glyph styles of :mod:`cipherkit.glyphs` (a test keeps the two in step)."""
MAP_FIELDS = {"rooms": True, "passages": False}
ROOM_FIELDS = {"name": False, "pos": True, "tokens": False, "stack": False, "stack_size": False}
PASSAGE_FIELDS = {"rooms": True, "wall": False, "token": False}
GLYPH_FIELDS = {"content": False, "no_token": False}
CELL_FIELDS = {"glyph": True, "marks": False}
CARD_FIELDS = {"text": True, "answer": False}
TOKEN_GLYPH_FIELDS = {"glyph": True, "marks": False}
TOKEN_TRAP_FIELDS = {"trap": True, "action": False}
CHARACTER_FIELDS = {"id": True, "name": False, "ability": True, "text": False}
PLAYER_FIELDS = {"min": False, "max": False}
DECK_FIELDS = {"values": False, "suits": False, "time": False, "hand_size": False}
CAMPAIGN_FIELDS = {"win": False, "loss": False}
LINK_FIELDS = {"next": False, "next_title": False, "unlock": False, "text": False}

TOP_HINTS = {
    "rooms": N_("rooms belong under map: (map: {rooms: ...})"),
    "passages": N_("passages belong under map: (map: {passages: ...})"),
    "entrance": N_("the entrance is a special token of a room: tokens: [entrance]"),
    "stack": N_("a stack belongs to a room: map: {rooms: {ROOM: {stack: [...]}}}"),
}
"""What a common slip at the top of a mission file should have been."""
MAP_HINTS = {
    "pool": N_("pool belongs at the top level of the file, beside map:, not under it"),
    "deck": N_("deck belongs at the top level of the file, beside map:, not under it"),
    "glyphs": N_("glyphs belong at the top level of the file, beside map:, not under it"),
    "entrance": N_("the entrance is a special token of a room: tokens: [entrance]"),
}
ROOM_HINTS = {
    "entrance": N_("write tokens: [entrance] in the room where the characters start"),
    "start": N_("write tokens: [entrance] in the room where the characters start"),
    "tokens_size": N_("stack_size: N deals N tokens from the pool"),
    "clues": N_("a room's clue tokens are its stack: [...]"),
    "size": N_("stack_size: N deals N tokens from the pool"),
}


# ---------------------------------------------------------------------- sections
def _glyphs(r: Reader, value: Any) -> dict[str, Glyph]:
    path: Path = ("glyphs",)
    out: dict[str, Glyph] = {}
    if not isinstance(value, dict):
        r.report(
            path,
            say("glyphs must be a mapping of glyph id to content, not {kind}", kind=kind(value)),
        )
        return out
    if not value:
        r.report(path, say("at least one glyph is needed"))
    for key, entry in value.items():
        gpath = (*path, key)
        gid = r.ident(key, gpath, say("glyph id"))
        if gid is None:
            continue
        if gid in TRAPS or gid.startswith(COUNTER_INTEL):
            r.report(
                gpath, say("glyph id {glyph!r} is the name of a trap; choose another", glyph=gid)
            )
            continue
        content_value: Any = entry
        no_token = False
        cpath = gpath
        if isinstance(entry, dict):
            fields = r.mapping(entry, gpath, GLYPH_FIELDS, say("a glyph"))
            if fields is None:
                continue
            content_value = entry.get("content")
            cpath = (*gpath, "content")
            if "no_token" in entry:
                no_token = bool(r.boolean(entry["no_token"], (*gpath, "no_token")))
        content: str | None = None
        if content_value is not None:
            text = r.text(content_value, cpath)
            if text is None:
                continue
            if not CONTENT_PATTERN.match(text) or "_" in text:
                r.report(
                    cpath,
                    say(
                        "content {content!r} must be letters or digits only (no spaces)",
                        content=text,
                    ),
                )
                continue
            content = text
        out[gid] = Glyph(gid, content, no_token)
    return out


def _token(r: Reader, value: Any, path: Path, glyphs: Mapping[str, Glyph]) -> Token | None:
    known = [*glyphs, *TRAPS, *(f"{COUNTER_INTEL}:{a}" for a in ACTIONS)]
    if isinstance(value, dict):
        if "trap" in value:
            fields = r.mapping(value, path, TOKEN_TRAP_FIELDS, say("a trap token"))
            if fields is None:
                return None
            trap = r.ref(value["trap"], (*path, "trap"), TRAPS, "trap")
            if trap is None:
                return None
            action = value.get("action")
            if trap == COUNTER_INTEL:
                if action is None:
                    r.report(path, say("a counter-intel token needs an 'action' (run, gather, …)"))
                    return None
                action = r.ref(action, (*path, "action"), ACTIONS, "action")
                if action is None:
                    return None
            elif action is not None:
                r.report((*path, "action"), say("a {trap} token has no action", trap=trap))
                return None
            return Token.trap(trap, action)
        fields = r.mapping(value, path, TOKEN_GLYPH_FIELDS, say("a glyph token"))
        if fields is None or "glyph" not in value:
            return None
        glyph = r.ref(value["glyph"], (*path, "glyph"), glyphs, "glyph")
        marks = _marks(r, value.get("marks", []), (*path, "marks"))
        if glyph is None or marks is None:
            return None
        return Token.glyph(glyph, marks)
    if isinstance(value, str) and value.startswith(COUNTER_INTEL + ":"):
        action = value.split(":", 1)[1]
        if action not in ACTIONS:
            r.report(
                path,
                say(
                    "unknown action {action!r} on a counter-intel token{hint}",
                    action=action,
                    hint=suggest(action, ACTIONS),
                ),
            )
            return None
        return Token.trap(COUNTER_INTEL, action)
    if value == COUNTER_INTEL:
        r.report(path, say("write a counter-intel token with its action, e.g. 'counter-intel:run'"))
        return None
    if isinstance(value, str) and value in TRAPS:
        return Token.trap(value)
    name = r.ident(value, path, say("token"))
    if name is None:
        return None
    if name not in glyphs:
        hint: Hint = suggest(name, known) or suggest(name.lower(), known)
        if not hint:  # "security-camera": a trap's name inside the word
            inside = [t for t in TRAPS if t in name.lower()]
            hint = say(" (did you mean {name!r}?)", name=inside[0]) if inside else ""
        r.report(path, say("unknown glyph {name!r}{hint}", name=name, hint=hint))
        return None
    return Token.glyph(name)


def _marks(r: Reader, value: Any, path: Path) -> tuple[str, ...] | None:
    items = r.listing(value, path, say("marks"))
    if items is None:
        return None
    marks = []
    for i, item in enumerate(items):
        mark = r.ident(item, (*path, i), say("mark"))
        if mark is None:
            return None
        marks.append(mark)
    return tuple(marks)


def _tokens(r: Reader, value: Any, path: Path, glyphs: Mapping[str, Glyph]) -> list[Token]:
    items = r.listing(value, path, say("a token list"))
    if items is None:
        return []
    out = []
    for i, item in enumerate(items):
        token = _token(r, item, (*path, i), glyphs)
        if token is not None:
            out.append(token)
    return out


def _pos(r: Reader, value: Any, path: Path) -> tuple[float, float] | None:
    ok = (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    )
    if not ok:
        r.report(
            path, say("pos must be a list of two numbers [x, y], not {kind}", kind=kind(value))
        )
        return None
    if not all(math.isfinite(v) and abs(v) <= MAX_POS for v in value):
        r.report(
            path,
            say(
                "pos numbers must lie from {lo} to {hi}, not {value}",
                lo=-MAX_POS,
                hi=MAX_POS,
                value=value,
            ),
        )
        return None
    return (value[0], value[1])


def _rooms(r: Reader, value: Any, glyphs: Mapping[str, Glyph], graph: nx.Graph) -> None:
    path: Path = ("map", "rooms")
    if not isinstance(value, dict):
        r.report(
            path, say("rooms must be a mapping of room id to room, not {kind}", kind=kind(value))
        )
        return
    if not value:
        r.report(path, say("a map needs at least one room"))
    if len(value) > MAX_ROOMS:
        r.report(
            path, say("a map has at most {most} rooms, not {n:,}", most=MAX_ROOMS, n=len(value))
        )
    for key, entry in value.items():
        rpath = (*path, key)
        room = r.ident(key, rpath, say("room id"))
        if entry is None:
            entry = {}
        fields = r.mapping(entry, rpath, ROOM_FIELDS, say("a room"), ROOM_HINTS)
        if room is None or fields is None:
            continue
        attrs: dict[str, Any] = {"name": None, "pos": (0, 0), "tokens": (), "stack": None}
        attrs["stack_size"] = None
        if "name" in entry:
            attrs["name"] = r.text(entry["name"], (*rpath, "name"))
        if "pos" in entry:
            attrs["pos"] = _pos(r, entry["pos"], (*rpath, "pos")) or (0, 0)
        if "tokens" in entry:
            items = r.listing(entry["tokens"], (*rpath, "tokens"), say("special tokens"))
            names = []
            for i, item in enumerate(items or []):
                name = r.ident(item, (*rpath, "tokens", i), say("special token"))
                if name is not None:
                    names.append(name)
            attrs["tokens"] = tuple(names)
        if "stack" in entry and "stack_size" in entry:
            r.report(
                rpath,
                say(
                    "give either 'stack' (the tokens) or 'stack_size' (dealt from the pool), "
                    "not both"
                ),
            )
        elif "stack" in entry:
            attrs["stack"] = tuple(_tokens(r, entry["stack"], (*rpath, "stack"), glyphs))
        elif "stack_size" in entry:
            attrs["stack_size"] = r.integer(entry["stack_size"], (*rpath, "stack_size"), 0, 100)
        graph.add_node(room, **attrs)


def _passages(r: Reader, value: Any, graph: nx.Graph) -> None:
    path: Path = ("map", "passages")
    items = r.listing(value, path, say("passages"))
    for i, entry in enumerate(items or []):
        ppath = (*path, i)
        wall: bool | None = False
        token = None
        rooms_path = ppath
        if isinstance(entry, dict):
            if r.mapping(entry, ppath, PASSAGE_FIELDS, say("a passage")) is None:
                continue
            if "rooms" not in entry:
                continue
            pair = entry["rooms"]
            rooms_path = (*ppath, "rooms")
            if "wall" in entry:
                wall = r.boolean(entry["wall"], (*ppath, "wall"))
            if entry.get("token") is not None:
                token = r.ref(
                    entry["token"], (*ppath, "token"), (WALL_TOKEN, PASSAGE_TOKEN), "token"
                )
                if token is None:
                    continue
        elif isinstance(entry, list):
            pair = entry
        else:
            r.report(
                ppath,
                say("a passage must be [room, room] or a mapping, not {kind}", kind=kind(entry)),
            )
            continue
        if not isinstance(pair, list) or len(pair) != 2:
            r.report(rooms_path, say("a passage joins exactly two rooms: [room, room]"))
            continue
        a = r.ref(pair[0], (*rooms_path, 0), graph.nodes, "room")
        b = r.ref(pair[1], (*rooms_path, 1), graph.nodes, "room")
        if a is None or b is None or wall is None:
            continue
        if a == b:
            r.report(
                rooms_path,
                say("a passage must join two different rooms, not {room!r} to itself", room=a),
            )
            continue
        if graph.has_edge(a, b):
            first = graph.edges[a, b]["index"]
            r.report(
                ppath,
                say(
                    "{a!r} and {b!r} are already joined (passages[{first}])", a=a, b=b, first=first
                ),
            )
            continue
        graph.add_edge(a, b, wall=bool(wall), token=token, index=i, order=(a, b))


def _cells(
    r: Reader, value: Any, path: Path, glyphs: Mapping[str, Glyph], answer: bool, word0: int
) -> list[Cell]:
    words = r.listing(value, path, say("the card text (a list of words)"))
    cells: list[Cell] = []
    for w, word in enumerate(words or []):
        wpath = (*path, w)
        items = r.listing(word, wpath, say("a word (a list of glyph cells)"))
        if items is None:
            continue
        if not items:
            r.report(wpath, say("a word needs at least one glyph cell"))
        for c, item in enumerate(items):
            cpath = (*wpath, c)
            marks: tuple[str, ...] | None = ()
            gvalue = item
            gpath = cpath
            if isinstance(item, dict):
                if (
                    r.mapping(item, cpath, CELL_FIELDS, say("a cell")) is None
                    or "glyph" not in item
                ):
                    continue
                gvalue, gpath = item["glyph"], (*cpath, "glyph")
                marks = _marks(r, item.get("marks", []), (*cpath, "marks"))
            glyph = r.ref(gvalue, gpath, glyphs, "glyph")
            if glyph is None or marks is None:
                continue
            content = glyphs[glyph].content
            if content is None:
                r.report(
                    gpath,
                    say(
                        "glyph {glyph!r} is on the card but has no content "
                        "(give it one under glyphs.{glyph})",
                        glyph=glyph,
                    ),
                )
                continue
            cells.append(Cell(glyph, content, word0 + w, answer, marks))
    return cells


def _characters(r: Reader, value: Any) -> list[Character]:
    path: Path = ("characters",)
    items = r.listing(value, path, say("characters"))
    out: list[Character] = []
    seen: set[str] = set()
    for i, item in enumerate(items or []):
        cpath = (*path, i)
        if isinstance(item, dict):
            if r.mapping(item, cpath, CHARACTER_FIELDS, say("a character")) is None:
                continue
            if "id" not in item or "ability" not in item:
                continue
            cid = r.ident(item["id"], (*cpath, "id"), say("character id"))
            ability = r.ref(item["ability"], (*cpath, "ability"), ABILITIES, "ability")
            name = r.text(item["name"], (*cpath, "name")) if "name" in item else cid
            text = r.text(item.get("text", ""), (*cpath, "text"), allow_empty=True)
            if cid is None or ability is None or name is None or text is None:
                continue
            character = Character(cid, name, ability, text)
        else:
            cid = r.ref(item, cpath, BUILTIN, "character")
            if cid is None:
                continue
            character = BUILTIN[cid]
        if character.id in seen:
            r.report(cpath, say("character {character!r} is listed twice", character=character.id))
            continue
        seen.add(character.id)
        out.append(character)
    return out


def _players(r: Reader, value: Any) -> tuple[int, int] | None:
    path: Path = ("players",)
    if isinstance(value, int) and not isinstance(value, bool):
        top = r.integer(value, path, 1, 4)
        return None if top is None else (1, top)
    if r.mapping(value, path, PLAYER_FIELDS, say("players")) is None:
        return None
    lo = r.integer(value.get("min", 1), (*path, "min"), 1, 4)
    hi = r.integer(value.get("max", 4), (*path, "max"), 1, 4)
    if lo is None or hi is None:
        return None
    if lo > hi:
        r.report(path, say("min ({lo}) is more than max ({hi})", lo=lo, hi=hi))
        return None
    return (lo, hi)


def _deck(r: Reader, value: Any) -> DeckSpec | None:
    path: Path = ("deck",)
    if r.mapping(value, path, DECK_FIELDS, say("the deck")) is None:
        return None
    default = DeckSpec()
    values = r.integer(value.get("values", default.values), (*path, "values"), 1, 99)
    suits_value = value.get("suits", list(default.suits))
    suits: tuple[str, ...] | None = None
    if isinstance(suits_value, int) and not isinstance(suits_value, bool):
        count = r.integer(suits_value, (*path, "suits"), 1, 26)
        if count is not None:
            suits = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:count])
    else:
        items = r.listing(suits_value, (*path, "suits"), say("suits (names, or how many)"))
        if items is not None:
            names = [r.ident(s, (*path, "suits", i), say("suit")) for i, s in enumerate(items)]
            if all(names) and names:
                letters = [str(n)[0].upper() for n in names]
                if len(set(letters)) != len(letters):
                    r.report(
                        (*path, "suits"),
                        say(
                            "suit names must start with different letters "
                            "(a card is written as its value and that letter, e.g. 7B)"
                        ),
                    )
                else:
                    suits = tuple(str(n) for n in names)
            elif not names:
                r.report((*path, "suits"), say("at least one suit is needed"))
    time_value = value.get("time", list(default.time))
    time: tuple[int, ...] | None = None
    items = r.listing(time_value, (*path, "time"), say("time (the icons on each time card)"))
    if items is not None:
        icons = [r.integer(n, (*path, "time", i), 1, 9) for i, n in enumerate(items)]
        if all(n is not None for n in icons):
            time = tuple(int(n) for n in icons if n is not None)
    hand = r.integer(value.get("hand_size", default.hand_size), (*path, "hand_size"), 1, 12)
    if values is None or suits is None or time is None or hand is None:
        return None
    return DeckSpec(values, suits, time, hand)


def _campaign(r: Reader, value: Any) -> CampaignLinks | None:
    path: Path = ("campaign",)
    if r.mapping(value, path, CAMPAIGN_FIELDS, say("the campaign")) is None:
        return None
    links = {}
    for key in ("win", "loss"):
        entry = value.get(key) or {}
        lpath = (*path, key)
        if r.mapping(entry, lpath, LINK_FIELDS, text(f"campaign.{key}")) is None:
            return None
        nxt = None
        if entry.get("next") is not None:
            nxt = r.ident(entry["next"], (*lpath, "next"), say("mission id"))
        unlock_items = r.listing(entry.get("unlock", []), (*lpath, "unlock"), text("unlock"))
        unlock = [
            r.ident(u, (*lpath, "unlock", i), say("secret rule id"))
            for i, u in enumerate(unlock_items or [])
        ]
        story = r.text(entry.get("text", ""), (*lpath, "text"), allow_empty=True)
        title = r.text(entry.get("next_title", ""), (*lpath, "next_title"), allow_empty=True)
        links[key] = CampaignLink(nxt, tuple(u for u in unlock if u), story or "", title or "")
    return CampaignLinks(links["win"], links["loss"])


def _glyph_set(r: Reader, value: Any) -> dict[str, Any] | None:
    """``{style, seed}`` or ``{folder}`` (relative to the mission file); a string
    ``"runes:7"`` is read as style and seed."""
    path: Path = ("glyph_set",)
    if isinstance(value, str):
        style, _, seed_text = value.partition(":")
        value = {"style": style}
        if seed_text:
            numeric = seed_text.lstrip("-").isdigit() and len(seed_text) <= 20
            value["seed"] = int(seed_text) if numeric else seed_text
    if r.mapping(value, path, GLYPH_SET_FIELDS, text("glyph_set")) is None:
        return None
    if "folder" in value:
        if "style" in value or "seed" in value:
            r.report(path, say("give either a folder or a style and seed, not both"))
            return None
        folder = r.text(value["folder"], (*path, "folder"))
        if folder is None:
            return None
        beside = FilePath(r.source.file).parent / folder
        if not r.source.file.startswith("<") and not beside.is_dir():
            r.report(
                (*path, "folder"),
                say("no such folder {folder!r} beside the mission file", folder=folder),
            )
            return None
        return {"folder": folder}
    style = value.get("style", "circuit")
    if style not in GLYPH_STYLES:
        r.report(
            (*path, "style"),
            say(
                "unknown glyph style {style!r}{hint} (styles: {styles})",
                style=style,
                hint=suggest(str(style), GLYPH_STYLES),
                styles=", ".join(GLYPH_STYLES),
            ),
        )
        return None
    seed = r.integer(value.get("seed", 0), (*path, "seed"), 0, 2**31 - 1)
    if seed is None:
        return None
    return {"style": style, "seed": seed}


# ---------------------------------------------------------------------- whole mission
def parse_mission(data: Any, source: Source) -> tuple[Mission | None, list[Problem]]:
    """Read ``data``; return the mission (``None`` if there were errors) and problems."""
    mission, problems = parse_partial(data, source)
    if any(p.is_error for p in problems):
        return None, problems
    return mission, problems


def parse_partial(data: Any, source: Source) -> tuple[Mission | None, list[Problem]]:
    """Read ``data`` as :func:`parse_mission` does, but keep going: the mission is built
    from every part that could be read (items with problems left out, stand-ins for
    missing fields) so that the whole-mission checks can run on the sound parts; ``None``
    only when ``data`` is not a mapping at all.
    """
    r = Reader(source)
    if r.mapping(data, (), TOP_FIELDS, say("a mission file"), TOP_HINTS) is None:
        return None, r.problems
    if "format" in data and data["format"] != FORMAT:
        r.report(
            ("format",),
            say("unknown format {format!r} (this cipherkit reads 1)", format=data["format"]),
        )
    mid = r.ident(data["id"], ("id",), say("mission id")) if "id" in data else None
    title = (
        r.text(data["title"], ("title",), max_chars=MAX_TITLE_CHARS) if "title" in data else None
    )
    question = r.text(data["question"], ("question",)) if "question" in data else None
    story = r.text(data.get("story", ""), ("story",), allow_empty=True, max_chars=MAX_STORY_CHARS)
    seed = r.integer(data.get("seed", 0), ("seed",), -(2**63), 2**63 - 1)
    deal = data.get("deal", "shuffled")
    if deal not in DEALS:
        r.report(
            ("deal",),
            say("deal must be one of {deals}, not {deal!r}", deals=", ".join(DEALS), deal=deal),
        )
    players = _players(r, data["players"]) if "players" in data else (1, 4)
    glyphs = _glyphs(r, data.get("glyphs", {})) if "glyphs" in data else {}
    cells: list[Cell] = []
    card = data.get("card")
    if "card" in data and r.mapping(card, ("card",), CARD_FIELDS, say("the card")) is not None:
        if "text" in card:
            cells = _cells(r, card["text"], ("card", "text"), glyphs, False, 0)
        if "answer" in card:
            start = 1 + max((c.word for c in cells), default=-1)
            answer = _cells(r, card["answer"], ("card", "answer"), glyphs, True, start)
            if not answer and card["answer"] is not None:
                r.report(("card", "answer"), say("the Answer section has no cells"))
            cells += answer
    solution = None
    if data.get("solution") is not None:
        solution = r.text(data["solution"], ("solution",))
    graph: nx.Graph[str] = nx.Graph()
    mp = data.get("map")
    if "map" in data and r.mapping(mp, ("map",), MAP_FIELDS, say("the map"), MAP_HINTS) is not None:
        if "rooms" in mp:
            _rooms(r, mp["rooms"], glyphs, graph)
        if mp.get("passages") is not None:
            _passages(r, mp["passages"], graph)
    pool = _tokens(r, data["pool"], ("pool",), glyphs) if data.get("pool") is not None else []
    if "characters" in data:
        characters = _characters(r, data["characters"])
    else:
        characters = [BUILTIN[c] for c in DEFAULT_CHARACTERS]
    deck = _deck(r, data["deck"]) if data.get("deck") is not None else DeckSpec()
    campaign = (
        _campaign(r, data["campaign"]) if data.get("campaign") is not None else CampaignLinks()
    )
    glyph_set = _glyph_set(r, data["glyph_set"]) if data.get("glyph_set") is not None else None
    mission = Mission(  # stand-ins where a part could not be read (parse_partial)
        id=mid or "mission",
        title=title or "",
        question=question or "",
        glyphs=glyphs,
        cells=tuple(cells),
        map=graph,
        story=story or "",
        seed=int(seed or 0),
        players=players or (1, 4),
        characters=tuple(characters),
        pool=tuple(pool),
        deck=deck or DeckSpec(),
        campaign=campaign or CampaignLinks(),
        solution=solution,
        glyph_set=glyph_set,
        deal=deal if deal in DEALS else "shuffled",
    )
    return mission, r.problems

"""What the mission table shows, built from one observation only.

Design notes: ``docs/design-notes.md``, ``cipherkit.widgets.mission.view``.

Examples
--------
>>> from cipherkit.games.mission import new_game
>>> state = new_game({"players": 2, "first_player": 0}, seed=1)
>>> seats = [SeatInfo(0, "Ana", True), SeatInfo(1, "Ben", True)]
>>> art = BoardArt(state.mission)
>>> view = build_view(state.observe(0), seats=seats, art=art,
...                   legal=[str(a) for a in state.legal_actions(0)])
>>> view["current"]["name"], view["current"]["seat_name"], len(view["hands"][0]["cards"])
('Mara', 'Ana', 4)
>>> locked = build_view(state.observe("spectator"), seats=seats, art=art, locked_for=0)
>>> locked["hands"], locked["legal"], locked["status"]
([], [], 'Pass the device to Ana: it is Mara’s turn.')
>>> "OWL" in str(view) or "OWL" in str(locked)
False
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

from cipherkit.games.mission.art.board import BoardArt, glyph_of_token
from cipherkit.games.mission.content.words import mission_title, secret_title
from cipherkit.games.mission.rules.observation import MissionObservation, PendingView

__all__ = ["BoardArt", "SeatInfo", "build_view", "card_parts", "glyph_of_token", "status_line"]

ACTION_CARDS: tuple[tuple[str, str, str], ...] = (
    ("run", "Run", "Move up to {run} rooms, one open passage at a time."),
    (
        "gather",
        "Gather",
        "In your room: collect up to {gather} card glyphs (or reveal the top token).",
    ),
    ("intel", "Intel", "Any room: reveal up to {intel} tokens from the top of its stack."),
    ("regroup", "Regroup", "Clear the cards and counter-intel from another action card."),
)
"""The action cards' texts; ``{run}``, ``{gather}`` and ``{intel}`` are the limits in play,
read from the observation's ``rules`` (secret rules may raise them)."""
ABILITY_NAMES = {
    "slip": "Slip",
    "scout": "Scout",
    "lower": "Lower",
    "peek": "Peek",
    "disarm": "Disarm",
}


LOG_LINES = 60
"""How many of the latest log lines the page gets."""

ROOM_VERBS = ("step", "intel", "slip", "scout", "peek", "disarm")
"""Actions whose target is a room (the page maps a click on a room to one of them)."""


@dataclass(frozen=True)
class SeatInfo:
    """A seat at the table: its number, the name shown, and who plays it."""

    seat: int
    name: str
    human: bool
    bot: str | None = None


def card_parts(label: str) -> CardFace:
    """``"7B"`` -> value 7, suit ``B``; ``"T2"`` -> a time card with 2 icons.

    >>> card_parts("12Y"), card_parts("T2")
    ({'label': '12Y', 'value': 12, 'suit': 'Y', 'time': 0}, {'label': 'T2', 'value': None, \
'suit': None, 'time': 2})
    """
    if label.startswith("T") and label[1:].isdigit():
        return {"label": label, "value": None, "suit": None, "time": int(label[1:])}
    digits = "".join(ch for ch in label if ch.isdigit())
    return {"label": label, "value": int(digits), "suit": label[len(digits) :], "time": 0}


def _token_words(label: str) -> str:
    from cipherkit.games.mission.art.data import token_data

    token = token_data(label)
    if not token.is_trap:
        return f"the glyph {token.name}"
    if token.name == "counter-intel":
        return f"counter-intel ({token.action})" if token.action else "counter-intel"
    return {"camera": "security camera", "gas": "gas"}.get(token.name, token.name)


_NAMED_GLYPH = re.compile(r"\b(reveals|collects|glyph) ([a-z0-9][a-z0-9_-]*)")


def glyph_parts(text: str, glyphs: Collection[str]) -> list[dict[str, str]]:
    """``text`` cut into words (``{"t": ...}``) and the glyphs it names (``{"g": id}``,
    drawn as pictures on the page): a glyph is named after "reveals", "collects",
    or "glyph".

    >>> glyph_parts("Mara collects eye: 1 window open (O).", {"eye", "wing"})
    [{'t': 'Mara collects '}, {'g': 'eye'}, {'t': ': 1 window open (O).'}]
    >>> glyph_parts("Mara reveals gas in the Study!", {"eye"})
    [{'t': 'Mara reveals gas in the Study!'}]
    """
    parts: list[dict[str, str]] = []
    at = 0
    for m in _NAMED_GLYPH.finditer(text):
        if m.group(2) not in glyphs:
            continue
        start = m.start(2)
        if start > at:
            parts.append({"t": text[at:start]})
        parts.append({"g": m.group(2)})
        at = m.end(2)
    if at < len(text):
        parts.append({"t": text[at:]})
    return parts


def _seat_name(seats: Sequence[SeatInfo], seat: int) -> str:
    return seats[seat].name


def status_line(
    obs: Mapping[str, Any],
    seats: Sequence[SeatInfo],
    *,
    locked_for: int | None,
    acting: bool,
    legal: Sequence[str] = (),
) -> str:
    """The instruction shown above the table."""
    phase = obs["phase"]
    chars = obs["characters"]
    if obs["outcome"] is not None:
        if obs["outcome"]["winners"]:
            return "Mission accomplished! The answer is right."
        reason = obs["outcome"].get("reason")
        if reason == "out of time":
            loss = obs["rules"]["loss_icons"]
            return f"Mission failed: out of time ({loss} time icons in the discard pile, In Peril)."
        return "Mission failed: the answer was wrong."
    current = chars[obs["turn"]]
    name = current["name"]
    seat = seats[current["seat"]]
    if phase == "solve":
        proposal = obs["proposal"] or {}
        waiting = [seats[s].name for s in proposal.get("waiting_for", [])]
        return f"Answer proposed: “{proposal.get('text', '')}”. Waiting for {', '.join(waiting)}."
    if locked_for is not None:
        return f"Pass the device to {seats[locked_for].name}: it is {name}’s turn."
    if not seat.human:
        return f"{name} ({seat.name}) is playing…"
    if not acting:
        return f"It is {name}’s turn ({seat.name})."
    pending = obs["pending"]
    steps = pending["steps_left"]
    if phase == "act":
        if "pass" in legal:
            return f"{name} cannot take any action with this hand: press Pass."
        if obs["actions_taken"] == 0:
            return (
                f"{name}’s turn: pick a card from your hand, then an action card it beats; or "
                "pick two cards for a special action."
            )
        return f"{name}: take a second action, or End the turn."
    if phase == "run":
        return f"Run: click a room next to {name} to step there ({steps} left), or Stop."
    if phase == "intel":
        if pending["room"] is None:
            return "Intel: click any room to turn up the top token of its stack, or Stop."
        return f"Intel ({_room_name(obs, pending['room'])}): reveal another token, or Stop."
    if phase == "gather":
        if pending["revealed"] is not None:
            return (
                f"You turned up {_token_words(pending['revealed'])}: collect it now, or leave it."
            )
        return (
            f"Gather ({_room_name(obs, current['room'])}): click a face-up glyph to collect "
            f"it, reveal the top token, or Stop ({steps} left)."
        )
    if phase == "regroup":
        return "Regroup: click the action card to clear (Run, Gather or Intel)."
    if phase == "special":
        ability = current["ability"]
        if ability == "slip":
            return "Slip: click an adjacent room (even through a wall), or Stop."
        if ability == "scout":
            return "Scout: click a nearby room to turn up the top token of its stack, or Stop."
        if ability == "lower":
            return "Lower: click an action card to discard its top card, or Stop."
        if ability == "peek":
            if pending["stage"] == 1:
                return "Peek: put the two tokens back as they were (Keep) or Swap them."
            return "Peek: click a nearby room to look at its top two tokens in secret, or Stop."
        return "Disarm: click a nearby room with a camera, or a blocked action card, or Stop."
    if phase == "draw":
        icons = obs["discard"]["time_icons"]
        return (
            "In Peril: draw one card at a time or stop drawing. "
            f"{icons} of {obs['rules']['loss_icons']} time icons are in the discard pile."
        )
    return f"{name}’s turn."


def _is_turn_marker(line: str) -> bool:
    return line.endswith(("’s turn.", "'s turn."))


def announcement(log: Sequence[str], status: str, *, fresh_turn: bool) -> str:
    """What the table's live region says after a change, one sentence each: at the start
    of a person's turn what happened since their last one (the other characters' moves,
    the last few), else the last event; then the status line.

    >>> log = ["Mara's turn.", "Mara plays 8B on Run.", "Teo's turn.", "Teo stops."]
    >>> announcement(log, "Ana: your move.", fresh_turn=False)
    'Teo stops. Ana: your move.'
    >>> announcement(log + ["Mara's turn."], "Mara’s turn.", fresh_turn=True)
    "Teo's turn. Teo stops. Mara’s turn."
    """
    if fresh_turn:
        starts = [i for i, line in enumerate(log) if _is_turn_marker(line)]
        lines = list(log[starts[-2] : starts[-1]]) if len(starts) >= 2 else list(log[-1:])
        lines = lines[-4:]
    else:
        lines = list(log[-1:])
    lines = [line for line in lines if line != status]
    return " ".join([*lines, status])


def rooms_words(obs: Mapping[str, Any], seats: Sequence[SeatInfo]) -> list[dict[str, str]]:
    """The map as a list a screen reader can walk: each room with its passages, who is
    there and what lies there (face-up tokens by their glyph's name, never the letter
    it stands for; the stack by its size).

    >>> from cipherkit.games.mission import new_game
    >>> state = new_game({"players": 1, "first_player": 0}, seed=1)
    >>> rooms_words(state.observe(0), [SeatInfo(0, "Ana", True)])[0]["text"]
    'Foyer. Passages to Gallery and Study. Here: Mara and Teo. 2 tokens in the stack.'
    """
    chars = obs["characters"]
    words = []
    for room in obs["mission"]["rooms"]:
        rid = room["id"]
        ways = []
        for p in obs["mission"]["passages"]:
            if rid not in p["rooms"]:
                continue
            other = _room_name(obs, p["rooms"][1] if p["rooms"][0] == rid else p["rooms"][0])
            if p["open"]:
                ways.append(other)
            elif p["wall"]:
                ways.append(f"{other} (a wall: no passage)")
            else:
                by = f" by {_token_words(p['token'])}" if p.get("token") else ""
                ways.append(f"{other} (closed{by})")
        parts = [f"{room['name']}."]
        if ways:
            parts.append(f"Passage{'s' * (len(ways) > 1)} to {_and(ways)}.")
        state = obs["rooms"].get(rid, {})
        here = [chars[c]["name"] for c in state.get("characters", [])]
        if here:
            parts.append(f"Here: {_and(here)}.")
        faceup = [_token_words(t) for t in state.get("face_up", [])]
        if faceup:
            parts.append(f"Face up: {_and(faceup)}.")
        stack = state.get("stack", 0)
        if stack:
            parts.append(f"{stack} token{'s' * (stack != 1)} in the stack.")
        words.append({"id": rid, "name": room["name"], "text": " ".join(parts)})
    return words


def console_words(obs: Mapping[str, Any]) -> list[str]:
    """The console's windows in words: each by its glyph's name (which says nothing of
    its letter) and, once open, what it reads.

    >>> from cipherkit.games.mission import new_game
    >>> console_words(new_game({"players": 1}, seed=1).observe(0))[0]
    'Window 1, glyph eye: closed.'
    """
    lines = []
    for i, cell in enumerate(obs["console"]["cells"]):
        shown = f"open, it reads {cell['content']}" if cell["open"] else "closed"
        answer = " (answer)" if cell.get("answer") else ""
        lines.append(f"Window {i + 1}{answer}, glyph {cell['glyph']}: {shown}.")
    return lines


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _room_name(obs: Mapping[str, Any], room_id: str) -> str:
    for room in obs["mission"]["rooms"]:
        if room["id"] == room_id:
            return room["name"]
    return room_id


class CardFace(TypedDict):
    """A card as the page draws it (:func:`card_parts`)."""

    label: str
    value: int | None
    suit: str | None
    time: int


class HandView(TypedDict):
    """A character's hand the viewer may see."""

    character: int
    name: str
    current: bool
    cards: list[CardFace]


class CharacterPanel(TypedDict):
    """A character's panel: who plays it, its ability, where it stands."""

    index: int
    id: str
    name: str
    ability: str
    ability_name: str
    ability_text: str
    seat: int
    seat_name: str
    human: bool
    room: str
    room_name: str
    hand_size: int
    current: bool


class ActionCardView(TypedDict):
    """An action card: its text (with the limits in play) and its pile."""

    id: str
    name: str
    text: str
    top: CardFace | None
    count: int
    blocked: int


class VoteSeat(TypedDict):
    """A seat in a vote on a proposed answer."""

    seat: int
    name: str
    human: bool
    waiting: bool
    proposer: bool


class VoteView(TypedDict):
    """A proposed answer put to the vote."""

    text: str
    proposer: str
    seats: list[VoteSeat]


class KnownView(TypedDict):
    """Tokens the viewer peeked at in a room, top first, in words and glyph parts."""

    room: str
    tokens: list[str]
    parts: list[list[dict[str, str]]]


class OutcomeView(TypedDict):
    """The end of the mission: the result, the answer, and where the campaign leads."""

    result: str
    reason: str | None
    answer: str | None
    text: str
    next: str | None
    next_title: str | None
    unlock: list[str]
    unlock_titles: list[str]


class SeatView(TypedDict):
    """A seat: its name, and whether a person or which bot plays it."""

    seat: int
    name: str
    human: bool
    bot: str | None


class CurrentView(TypedDict):
    """The character whose turn it is."""

    character: int
    name: str
    seat: int
    seat_name: str
    human: bool
    ability: str
    room: str


class DiscardPanel(TypedDict):
    """The discard pile: its size, top card and time cards."""

    size: int
    top: CardFace | None
    time_icons: int
    time_cards: list[str]


class MissionView(TypedDict):
    """What ``mission/table.js`` draws: the contract between :func:`build_view` and the
    page (the table adds its room's keys)."""

    serial: int
    game_number: int
    title: str
    question: str
    story: str
    turn_number: int
    phase: str
    status: str
    status_parts: list[dict[str, str]]
    announce: str
    turn_line: str
    rooms_words: list[dict[str, str]]
    console_words: list[str]
    seats: list[SeatView]
    viewer: int | None
    locked_for: dict[str, Any] | None
    current: CurrentView
    characters: list[CharacterPanel]
    hands: list[HandView]
    hand_limit: int
    suits: list[str]
    action_cards: list[ActionCardView]
    actions_taken: int
    pending: PendingView
    deck_size: int
    discard: DiscardPanel
    peril: bool
    loss_icons: int
    map: dict[str, Any]
    console: dict[str, Any]
    glyph_icons: dict[str, str]
    collectable: list[str]
    known: list[KnownView]
    legal: list[str]
    can_solve: bool
    vote: VoteView | None
    outcome: OutcomeView | None
    log: list[str]
    log_parts: list[list[dict[str, str]]]
    log_total: int


def build_view(
    obs: MissionObservation,
    *,
    seats: Sequence[SeatInfo],
    art: BoardArt,
    legal: Sequence[str] = (),
    locked_for: int | None = None,
    game_number: int = 1,
    serial: int = 0,
    suits: Sequence[str] = (),
) -> MissionView:
    """The view synced to the page, from one observation only: the status lines, the
    seats and characters (:func:`characters_view`, :func:`current_view`), the hands
    (:func:`hands_view`), the action cards (:func:`action_cards_view`), the map and the
    console (drawn by ``art``), what the viewer peeked at (:func:`known_view`), a vote
    (:func:`vote_view`), the end (:func:`outcome_view`) and the log.

    Parameters
    ----------
    obs:
        ``state.observe(seat)`` of the human seat holding the device, or
        ``state.observe("spectator")`` (no hand) while the device is passed or an
        answer is put to the vote.
    seats:
        Every seat, in order: its name, and whether a person or a bot plays it.
    art:
        The mission's :class:`BoardArt`.
    legal:
        The legal actions (text) of the seat holding the device, when it may act now.
    locked_for:
        The human seat the device must be passed to before its hand is shown.
    game_number, serial:
        Shown in the header; ``serial`` grows with every view so each one is sent.
    suits:
        The deck's suit names, in order (public).
    """
    viewer = obs["seat"]
    drawn_map, drawn_console = art.board(obs)
    acting = bool(legal) and viewer is not None and viewer in obs["actors"]
    legal_list = list(legal) if acting else []
    known = known_view(obs, art)
    log = list(obs["log"])[-LOG_LINES:]
    log_parts = [glyph_parts(line, art.key) for line in log]
    status = status_line(obs, seats, locked_for=locked_for, acting=acting, legal=legal_list)
    status_parts = glyph_parts(status, art.key)
    fresh = acting and obs["phase"] == "act" and obs["actions_taken"] == 0
    shown = [status_parts, *log_parts, *(p for k in known for p in k["parts"])]
    glyph_ids = _glyph_ids(obs, drawn_map, shown)
    mission = obs["mission"]
    return {
        "serial": serial,
        "game_number": game_number,
        "title": mission["title"],
        "question": mission["question"],
        "story": mission.get("story") or "",
        "turn_number": obs["turn_number"],
        "phase": obs["phase"],
        "status": status,
        "status_parts": status_parts,
        "announce": announcement(log, status, fresh_turn=fresh),
        "turn_line": f"Your turn: {status}" if acting else "",
        "rooms_words": rooms_words(obs, seats),
        "console_words": console_words(obs),
        "seats": seats_view(seats),
        "viewer": viewer,
        "locked_for": None
        if locked_for is None
        else {"seat": locked_for, "name": seats[locked_for].name},
        "current": current_view(obs, seats),
        "characters": characters_view(obs, seats),
        "hands": hands_view(obs),
        "hand_limit": obs["hand_limit"],
        "suits": list(suits),
        "action_cards": action_cards_view(obs),
        "actions_taken": obs["actions_taken"],
        "pending": {**obs["pending"]},
        "deck_size": obs["deck_size"],
        "discard": discard_view(obs),
        "peril": obs["peril"],
        "loss_icons": obs["rules"]["loss_icons"],
        "map": drawn_map,
        "console": console_view(obs, drawn_console),
        "glyph_icons": {g: art.icon(g) for g in glyph_ids if g in art.key},
        "collectable": [t[len("collect ") :] for t in legal_list if t.startswith("collect ")],
        "known": known,
        "legal": legal_list,
        "can_solve": acting and obs["phase"] in ("act", "draw"),
        "vote": vote_view(obs, seats),
        "outcome": outcome_view(obs),
        "log": log,
        "log_parts": log_parts,
        "log_total": len(obs["log"]),
    }


def _glyph_ids(
    obs: MissionObservation, drawn_map: Mapping[str, Any], shown: Iterable[list[dict[str, str]]]
) -> list[str]:
    """The glyphs the page draws as icons: the console's, the map's face-up tokens',
    and those named in the status line, the log and the peeked tokens."""
    glyph_ids = dict.fromkeys(c["glyph"] for c in obs["mission"]["cells"])
    for item in drawn_map["faceup"]:
        if item["glyph"] is not None:
            glyph_ids.setdefault(item["glyph"], None)
    for parts in shown:
        glyph_ids.update((part["g"], None) for part in parts if "g" in part)
    return list(glyph_ids)


def seats_view(seats: Sequence[SeatInfo]) -> list[SeatView]:
    """The seats: names, and whether a person or which bot (by its name) plays each.

    >>> seats_view([SeatInfo(0, "Ana", True), SeatInfo(1, "Ben", False, "planner:careful")])[1]
    {'seat': 1, 'name': 'Ben', 'human': False, 'bot': 'planner'}
    """
    return [
        {"seat": s.seat, "name": s.name, "human": s.human, "bot": s.bot and s.bot.split(":")[0]}
        for s in seats
    ]


def console_view(obs: MissionObservation, drawn: Mapping[str, Any]) -> dict[str, Any]:
    """The console as drawn (SVG, size, boxes), with what its open windows read."""
    cells = obs["console"]["cells"]
    return {
        **drawn,
        "reading": obs["console"]["reading"],
        "open": sum(1 for c in cells if c["open"]),
        "cells": len(cells),
        "answer_open": obs["console"]["answer_open"],
    }


def current_view(obs: MissionObservation, seats: Sequence[SeatInfo]) -> CurrentView:
    """The character whose turn it is, and the seat that plays it."""
    current = obs["characters"][obs["turn"]]
    return {
        "character": current["index"],
        "name": current["name"],
        "seat": current["seat"],
        "seat_name": seats[current["seat"]].name,
        "human": seats[current["seat"]].human,
        "ability": current["ability"],
        "room": current["room"],
    }


def characters_view(obs: MissionObservation, seats: Sequence[SeatInfo]) -> list[CharacterPanel]:
    """Every character's panel.

    >>> from cipherkit.games.mission import new_game
    >>> obs = new_game({"players": 1, "first_player": 0}, seed=1).observe(0)
    >>> [(c["name"], c["seat_name"], c["current"]) for c in
    ...  characters_view(obs, [SeatInfo(0, "Ana", True)])]
    [('Mara', 'Ana', True), ('Teo', 'Ana', False)]
    """
    over = obs["outcome"] is not None
    return [
        {
            "index": ch["index"],
            "id": ch["id"],
            "name": ch["name"],
            "ability": ch["ability"],
            "ability_name": ABILITY_NAMES.get(ch["ability"], ch["ability"]),
            "ability_text": ch["ability_text"],
            "seat": ch["seat"],
            "seat_name": _seat_name(seats, ch["seat"]),
            "human": seats[ch["seat"]].human,
            "room": ch["room"],
            "room_name": _room_name(obs, ch["room"]),
            "hand_size": ch["hand_size"],
            "current": ch["index"] == obs["turn"] and not over,
        }
        for ch in obs["characters"]
    ]


def hands_view(obs: MissionObservation) -> list[HandView]:
    """The hands the viewer may see: its own characters' (every hand once the game is
    over); none for a spectator."""
    over = obs["outcome"] is not None
    chars = obs["characters"]
    return [
        {
            "character": c,
            "name": chars[c]["name"],
            "current": c == obs["turn"] and not over,
            "cards": [card_parts(label) for label in cards],
        }
        for c, cards in enumerate(obs["hands"])
        if cards is not None
    ]


def action_cards_view(obs: MissionObservation) -> list[ActionCardView]:
    """The four action cards: their texts with the limits in play, and their piles."""
    cards: list[ActionCardView] = []
    for a, name, text in ACTION_CARDS:
        pile = obs["piles"][a]
        cards.append(
            {
                "id": a,
                "name": name,
                "text": text.format(**obs["rules"]),
                "top": card_parts(pile[-1]) if pile else None,
                "count": len(pile),
                "blocked": obs["blocked"][a],
            }
        )
    return cards


def discard_view(obs: MissionObservation) -> DiscardPanel:
    """The discard pile: its size, its top card, and the time cards in it."""
    discard = obs["discard"]
    return {
        "size": discard["size"],
        "top": None if discard["top"] is None else card_parts(discard["top"]),
        "time_icons": discard["time_icons"],
        "time_cards": list(discard["time_cards"]),
    }


def vote_view(obs: MissionObservation, seats: Sequence[SeatInfo]) -> VoteView | None:
    """The proposed answer and each seat's part in the vote (``None`` without one)."""
    proposal = obs["proposal"]
    if proposal is None:
        return None
    waiting = set(proposal["waiting_for"])
    return {
        "text": proposal["text"],
        "proposer": seats[proposal["proposer"]].name,
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "human": s.human,
                "waiting": s.seat in waiting,
                "proposer": s.seat == proposal["proposer"],
            }
            for s in seats
        ],
    }


def known_view(obs: MissionObservation, art: BoardArt) -> list[KnownView]:
    """The tokens the viewer peeked at, by room, top first."""
    known: list[KnownView] = []
    for room_id, tokens in (obs.get("known") or {}).items():
        words = [_token_words(t["token"]) for t in sorted(tokens, key=lambda t: t["depth"])]
        known.append(
            {
                "room": _room_name(obs, room_id),
                "tokens": words,
                "parts": [glyph_parts(w, art.key) for w in words],
            }
        )
    return known


def outcome_view(obs: MissionObservation) -> OutcomeView | None:
    """The end of the mission (``None`` while it goes on): won or lost, why, the
    answer, and where the campaign leads."""
    outcome = obs["outcome"]
    if outcome is None:
        return None
    campaign = obs.get("campaign") or {}
    following = campaign.get("next")
    unlock = list(campaign.get("unlock") or [])
    return {
        "result": "win" if outcome["winners"] else "loss",
        "reason": outcome.get("reason"),
        "answer": obs.get("answer"),
        "text": campaign.get("text") or "",
        "next": following,
        "next_title": mission_title(following, {following: campaign.get("next_title") or ""})
        if following
        else None,
        "unlock": unlock,
        "unlock_titles": [secret_title(u) for u in unlock],
    }

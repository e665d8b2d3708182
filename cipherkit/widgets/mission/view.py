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

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypedDict

from cipherkit.games.mission.art.board import BoardArt, glyph_of_token
from cipherkit.games.mission.content import deck
from cipherkit.games.mission.content.deck import DEFAULT_SUITS
from cipherkit.games.mission.content.words import mission_title, secret_title
from cipherkit.games.mission.rules.observation import MissionObservation, PendingView
from cipherkit.i18n import _, ngettext
from cipherkit.widgets.mission.words import (
    ABILITY_NAMES,
    ACTION_CARDS,
    SeatInfo,
    action_card_text,
    announcement,
    console_words,
    glyph_parts,
    log_line,
    room_name,
    rooms_words,
    status_line,
    token_words,
    unmarked,
)

__all__ = [
    "BoardArt",
    "SeatInfo",
    "build_view",
    "card_parts",
    "glyph_of_token",
    "glyph_parts",
    "status_line",
]

LOG_LINES = 60
"""How many of the latest log lines the page gets."""

ROOM_VERBS = ("step", "intel", "slip", "scout", "peek", "disarm")
"""Actions whose target is a room (the page maps a click on a room to one of them)."""


def card_parts(label: str, suits: Sequence[str] = DEFAULT_SUITS) -> CardFace:
    """``"7B"`` -> value 7, suit ``B``; ``"T2"`` -> a time card with 2 icons; and the
    card in the words the log says it in (:func:`~cipherkit.games.mission.content.deck.card_words`).

    >>> card_parts("12Y"), card_parts("T2")
    ({'label': '12Y', 'value': 12, 'suit': 'Y', 'time': 0, 'words': '12 yellow'}, \
{'label': 'T2', 'value': None, 'suit': None, 'time': 2, 'words': 'time card: 2 icons'})
    """
    value, suit, icons = deck.label_parts(label)
    words = str(deck.card_words(label, suits))
    if icons:
        return {"label": label, "value": None, "suit": None, "time": icons, "words": words}
    return {"label": label, "value": value, "suit": suit, "time": 0, "words": words}


class CardFace(TypedDict):
    """A card as the page draws it (:func:`card_parts`)."""

    label: str
    value: int | None
    suit: str | None
    time: int
    words: str
    """The card as a person says it, the same in the hand, the piles, the log."""


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
    hand_words: str
    seat_label: str
    current: bool


class ActionCardView(TypedDict):
    """An action card: its text (with the limits in play) and its pile."""

    id: str
    name: str
    text: str
    top: CardFace | None
    count: int
    count_words: str
    blocked: int
    blocked_words: str


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
    reason_words: str
    next_words: str


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
    size_words: str
    icons_words: str
    note: str


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
    suit_names: list[str]
    action_cards: list[ActionCardView]
    actions_taken: int
    pending: PendingView
    deck_size: int
    discard: DiscardPanel
    peril: bool
    peril_title: str
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
    log_turn: list[bool]
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
    suits: Sequence[str] = DEFAULT_SUITS,
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
    log, log_parts, log_turn = log_view(obs, art)
    marked = status_line(obs, seats, locked_for=locked_for, acting=acting, legal=legal_list)
    status, status_parts = unmarked(marked), glyph_parts(marked, art.key)
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
        "announce": announcement(log, status, fresh_turn=fresh, turns=log_turn),
        "turn_line": _("Your turn: {status}", status=status) if acting else "",
        "rooms_words": rooms_words(obs, seats),
        "console_words": console_words(obs),
        "seats": seats_view(seats),
        "viewer": viewer,
        "locked_for": None
        if locked_for is None
        else {"seat": locked_for, "name": seats[locked_for].name},
        "current": current_view(obs, seats),
        "characters": characters_view(obs, seats),
        "hands": hands_view(obs, suits),
        "hand_limit": obs["hand_limit"],
        "suits": list(suits),
        "suit_names": [suit_words(s) for s in suits],
        "action_cards": action_cards_view(obs, suits),
        "actions_taken": obs["actions_taken"],
        "pending": {**obs["pending"]},
        "deck_size": obs["deck_size"],
        "discard": discard_view(obs, suits),
        "peril": obs["peril"],
        "peril_title": ngettext(
            "In Peril: {n} time icon in the discard pile loses the mission",
            "In Peril: {n} time icons in the discard pile lose the mission",
            obs["rules"]["loss_icons"],
        ),
        "loss_icons": obs["rules"]["loss_icons"],
        "map": map_view(drawn_map),
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
        "log_turn": log_turn,
        "log_total": len(obs["log"]),
    }


def log_view(obs: MissionObservation, art: BoardArt) -> tuple[list[str], list[Any], list[bool]]:
    """The latest :data:`LOG_LINES` lines of the log in words, their glyph parts, and
    which of them start a turn (:func:`~cipherkit.widgets.mission.words.log_line`)."""
    lines = [log_line(entry, art.key) for entry in list(obs["log"])[-LOG_LINES:]]
    return (
        [unmarked(text) for text, _turn in lines],
        [glyph_parts(text, art.key) for text, _turn in lines],
        [turn for _text, turn in lines],
    )


def map_view(drawn: Mapping[str, Any]) -> dict[str, Any]:
    """The map as drawn, each face-up token with its words (the page's tooltip)."""
    return {
        **drawn,
        "faceup": [{**item, "words": token_words(item["label"])} for item in drawn["faceup"]],
    }


def suit_words(suit: str) -> str:
    """A suit's name as a card shows it (a colour the catalog knows, else as written).

    >>> suit_words("blue"), suit_words("Comets")
    ('blue', 'Comets')
    """
    return str(deck.suit_words(suit))


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
            "ability_name": _(ABILITY_NAMES[ch["ability"]])
            if ch["ability"] in ABILITY_NAMES
            else ch["ability"],
            "ability_text": _(ch["ability_text"]) if ch["ability_text"] else "",
            "seat": ch["seat"],
            "seat_name": seats[ch["seat"]].name,
            "human": seats[ch["seat"]].human,
            "room": ch["room"],
            "room_name": room_name(obs, ch["room"]),
            "hand_size": ch["hand_size"],
            "hand_words": ngettext("{n} card", "{n} cards", ch["hand_size"]),
            "seat_label": seat_label(seats, ch["seat"], ch["name"]),
            "current": ch["index"] == obs["turn"] and not over,
        }
        for ch in obs["characters"]
    ]


def seat_label(seats: Sequence[SeatInfo], seat: int, character: str) -> str:
    """Who plays a character, as its panel says it after a dot ("" where it says
    nothing new: one seat, or a seat named as its character).

    >>> seats = [SeatInfo(0, "Ana", True), SeatInfo(1, "Ben", False, "planner")]
    >>> seat_label(seats, 0, "Mara"), seat_label(seats, 1, "Teo")
    ('Ana', 'Ben (a robot)')
    """
    info = seats[seat]
    if not info.human:
        if info.name.startswith(("Robot", _("Robot"))):
            return info.name
        return _("{seat} (a robot)", seat=info.name)
    if len(seats) == 1 or info.name == character:
        return ""
    return info.name


def hands_view(obs: MissionObservation, suits: Sequence[str] = DEFAULT_SUITS) -> list[HandView]:
    """The hands the viewer may see: its own characters' (every hand once the game is
    over); none for a spectator."""
    over = obs["outcome"] is not None
    chars = obs["characters"]
    return [
        {
            "character": c,
            "name": chars[c]["name"],
            "current": c == obs["turn"] and not over,
            "cards": [card_parts(label, suits) for label in cards],
        }
        for c, cards in enumerate(obs["hands"])
        if cards is not None
    ]


def action_cards_view(
    obs: MissionObservation, suits: Sequence[str] = DEFAULT_SUITS
) -> list[ActionCardView]:
    """The four action cards: their texts with the limits in play, and their piles."""
    cards: list[ActionCardView] = []
    for a, name in ACTION_CARDS:
        pile = obs["piles"][a]
        blocked = obs["blocked"][a]
        cards.append(
            {
                "id": a,
                "name": _(name),
                "text": action_card_text(a, obs["rules"]),
                "top": card_parts(pile[-1], suits) if pile else None,
                "count": len(pile),
                "count_words": ngettext("{n} card", "{n} cards", len(pile))
                if pile
                else _("empty: any card"),
                "blocked": blocked,
                "blocked_words": ""
                if not blocked
                else _("blocked by counter-intel")
                if blocked == 1
                else _("blocked by counter-intel ×{n}", n=blocked),
            }
        )
    return cards


def discard_view(obs: MissionObservation, suits: Sequence[str] = DEFAULT_SUITS) -> DiscardPanel:
    """The discard pile: its size, its top card, and the time cards in it."""
    discard = obs["discard"]
    loss = obs["rules"]["loss_icons"]
    return {
        "size": discard["size"],
        "top": None if discard["top"] is None else card_parts(discard["top"], suits),
        "time_icons": discard["time_icons"],
        "time_cards": list(discard["time_cards"]),
        "size_words": ngettext("{n} card", "{n} cards", discard["size"]),
        "icons_words": ngettext("{n} time icon", "{n} time icons", discard["time_icons"]),
        "note": ngettext("({n} loses the mission)", "({n} lose the mission)", loss)
        if obs["peril"]
        else _("(they count only In Peril)"),
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
        words = [
            token_words(t["token"], mark=True) for t in sorted(tokens, key=lambda t: t["depth"])
        ]
        known.append(
            {
                "room": room_name(obs, room_id),
                "tokens": [unmarked(w) for w in words],
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
    title = (
        mission_title(following, {following: campaign.get("next_title") or ""})
        if following
        else None
    )
    titles = [_(secret_title(u)) for u in unlock]
    if outcome["winners"]:
        reason = ""
    elif outcome.get("reason") == "out of time":
        reason = ngettext(
            "Out of time: {n} time icon lay in the discard pile.",
            "Out of time: {n} time icons lay in the discard pile.",
            obs["rules"]["loss_icons"],
        )
    else:
        reason = _("The answer was wrong.")
    if title is None:
        following_words = ""
    elif titles:
        following_words = _(
            "Next mission: {title} · unlocked: {rules}", title=title, rules=", ".join(titles)
        )
    else:
        following_words = _("Next mission: {title}", title=title)
    return {
        "result": "win" if outcome["winners"] else "loss",
        "reason": outcome.get("reason"),
        "answer": obs.get("answer"),
        "text": campaign.get("text") or "",
        "next": following,
        "next_title": title,
        "unlock": unlock,
        "unlock_titles": titles,
        "reason_words": reason,
        "next_words": following_words,
    }

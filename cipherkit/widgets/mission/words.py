"""The mission table's sentences, in the language in force: the status line, the live
region's announcement, the map and the console in words, the action cards' texts.

Every sentence is one catalog entry (``_``/``ngettext``), so a translation may reorder
it. A glyph a sentence names is wrapped in :data:`MARK_OPEN`/:data:`MARK_CLOSE`
(:func:`marked_glyph`): :func:`glyph_parts` cuts the words there, whatever the language,
and :func:`unmarked` gives the plain text.

Design notes: ``docs/design-notes.md``, ``cipherkit.widgets.mission.view``.

Examples
--------
>>> from cipherkit.i18n import speaking
>>> token_words("sun[dot]"), token_words("counter-intel:run"), token_words("camera")
('the glyph sun', 'counter-intel (run)', 'security camera')
>>> with speaking("ru"):
...     token_words("sun"), action_card_text("run", {"run": 3})
('глиф sun', 'Передвиньтесь не более чем на 3 комнаты, по одному открытому проходу за раз.')
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cipherkit.i18n import N_, Message, _, ngettext, pgettext

__all__ = [
    "ABILITY_NAMES",
    "ACTION_CARDS",
    "MARK_CLOSE",
    "MARK_OPEN",
    "SeatInfo",
    "action_card_text",
    "and_words",
    "announcement",
    "console_words",
    "glyph_parts",
    "log_line",
    "marked_glyph",
    "room_name",
    "rooms_words",
    "status_line",
    "token_words",
    "unmarked",
]

MARK_OPEN, MARK_CLOSE = "\ue000", "\ue001"
"""Private-use characters around a glyph id in a sentence (never shown: see the module
docstring)."""

ACTION_CARDS: tuple[tuple[str, str], ...] = (
    ("run", N_("Run")),
    ("gather", N_("Gather")),
    ("intel", N_("Intel")),
    ("regroup", N_("Regroup")),
)
"""The action cards' ids and names (said with ``_``); their texts: :func:`action_card_text`."""

ABILITY_NAMES = {
    "slip": N_("Slip"),
    "scout": N_("Scout"),
    "lower": N_("Lower"),
    "peek": N_("Peek"),
    "disarm": N_("Disarm"),
}
"""The characters' special abilities by name (said with ``_``)."""


@dataclass(frozen=True)
class SeatInfo:
    """A seat at the table: its number, the name shown, and who plays it."""

    seat: int
    name: str
    human: bool
    bot: str | None = None


def action_card_text(card: str, rules: Mapping[str, Any]) -> str:
    """An action card's text with the limit in play (``rules``: the observation's, where
    secret rules may raise ``run``, ``gather`` and ``intel``).

    >>> action_card_text("intel", {"intel": 2})
    'Any room: reveal up to 2 tokens from the top of its stack.'
    """
    if card == "run":
        return ngettext(
            "Move up to {n} room, one open passage at a time.",
            "Move up to {n} rooms, one open passage at a time.",
            rules["run"],
        )
    if card == "gather":
        return ngettext(
            "In your room: collect up to {n} card glyph (or reveal the top token).",
            "In your room: collect up to {n} card glyphs (or reveal the top token).",
            rules["gather"],
        )
    if card == "intel":
        return ngettext(
            "Any room: reveal up to {n} token from the top of its stack.",
            "Any room: reveal up to {n} tokens from the top of its stack.",
            rules["intel"],
        )
    return _("Clear the cards and counter-intel from another action card.")


def _action_word(action: str) -> str:
    """An action card's id as a word inside a sentence (``counter-intel (run)``)."""
    words = {
        "run": pgettext("action card in a sentence", "run"),
        "gather": pgettext("action card in a sentence", "gather"),
        "intel": pgettext("action card in a sentence", "intel"),
        "regroup": pgettext("action card in a sentence", "regroup"),
    }
    return words.get(action, action)


def marked_glyph(glyph: str) -> str:
    """A glyph id marked for :func:`glyph_parts`."""
    return f"{MARK_OPEN}{glyph}{MARK_CLOSE}"


def unmarked(text: str) -> str:
    """``text`` without glyph marks: the words a person reads."""
    return text.replace(MARK_OPEN, "").replace(MARK_CLOSE, "")


def token_words(label: str, *, mark: bool = False) -> str:
    """A face-up token in words: a glyph by its name (``mark``: marked), a trap by what
    it is. Never the letter a glyph stands for."""
    from cipherkit.games.mission.art.data import token_data

    token = token_data(label)
    if not token.is_trap:
        return _("the glyph {name}", name=marked_glyph(token.name) if mark else token.name)
    if token.name == "counter-intel":
        if token.action:
            return _("counter-intel ({action})", action=_action_word(token.action))
        return _("counter-intel")
    if token.name == "camera":
        return _("security camera")
    if token.name == "gas":
        return _("gas")
    return token.name


_NAMED_GLYPH = re.compile(r"\b(reveals|collects|glyph) ([a-z0-9][a-z0-9_-]*)")


def glyph_parts(text: str, glyphs: Collection[str]) -> list[dict[str, str]]:
    """``text`` cut into words (``{"t": ...}``) and the glyphs it names (``{"g": id}``,
    drawn as pictures on the page): a glyph marked (:func:`marked_glyph`), or in an
    English line of the engine's log one named after "reveals", "collects" or "glyph".

    >>> glyph_parts("Mara collects eye: 1 window open (O).", {"eye", "wing"})
    [{'t': 'Mara collects '}, {'g': 'eye'}, {'t': ': 1 window open (O).'}]
    >>> glyph_parts("Mara reveals gas in the Study!", {"eye"})
    [{'t': 'Mara reveals gas in the Study!'}]
    >>> glyph_parts("Вы открыли глиф " + marked_glyph("eye") + ".", {"eye"})
    [{'t': 'Вы открыли глиф '}, {'g': 'eye'}, {'t': '.'}]
    """
    parts: list[dict[str, str]] = []
    pieces = re.split(f"{MARK_OPEN}(.*?){MARK_CLOSE}", text)
    for i, piece in enumerate(pieces):
        if i % 2:
            parts.append({"g": piece} if piece in glyphs else {"t": piece})
        elif piece:
            parts.extend(_english_glyph_parts(piece, glyphs))
    merged: list[dict[str, str]] = []
    for part in parts:
        if "t" in part and merged and "t" in merged[-1]:
            merged[-1] = {"t": merged[-1]["t"] + part["t"]}
        else:
            merged.append(part)
    return merged


def _english_glyph_parts(text: str, glyphs: Collection[str]) -> list[dict[str, str]]:
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


def log_line(entry: Any, glyphs: Collection[str] = ()) -> tuple[str, bool]:
    """A line of the engine's log in words, its glyphs marked, and whether it starts a
    turn. An entry is English text, or a structured message (``{"id", "params"}``, as
    :meth:`~cipherkit.i18n.Message.to_json` writes it) said here, in the language in
    force, with a parameter whose name holds "glyph" marked when it is a glyph id.

    >>> log_line("Teo's turn.")
    ("Teo's turn.", True)
    >>> log_line({"id": "{name} collects {glyph}.", "params": {"name": "Mara",
    ...           "glyph": "eye"}}, {"eye"})[0] == f"Mara collects the glyph {marked_glyph('eye')}."
    True
    """
    if not isinstance(entry, Mapping) or not isinstance(entry.get("id"), str):
        text = str(entry)
        return text, _is_turn_marker(text)
    ident: str = entry["id"]
    params = dict(entry.get("params") or {})
    for key, value in params.items():
        if isinstance(value, Mapping) and isinstance(value.get("id"), str):
            params[key] = log_line(value, glyphs)[0]
        elif "glyph" in key and isinstance(value, str) and value in glyphs:
            # named as the map, the console and the live region name it: "the glyph eye"
            params[key] = _("the glyph {name}", name=marked_glyph(value))
    plural, count = entry.get("plural"), entry.get("count")
    message = Message(ident, params, plural if isinstance(plural, str) else None, count)
    return message.words(), _is_turn_marker(ident)


def _is_turn_marker(line: str) -> bool:
    """Whether a log line (English: the engine's text or a message's id) starts a turn."""
    return line.endswith(("’s turn.", "'s turn."))


def and_words(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (in the language in force)."""
    if len(items) == 1:
        return items[0]
    return _("{first} and {last}", first=", ".join(items[:-1]), last=items[-1])


def room_name(obs: Mapping[str, Any], room_id: str) -> str:
    """The name of room ``room_id`` (its id if the mission does not name it)."""
    for room in obs["mission"]["rooms"]:
        if room["id"] == room_id:
            return str(room["name"])
    return room_id


def status_line(
    obs: Mapping[str, Any],
    seats: Sequence[SeatInfo],
    *,
    locked_for: int | None,
    acting: bool,
    legal: Sequence[str] = (),
) -> str:
    """The instruction shown above the table (a glyph it names is marked)."""
    if obs["outcome"] is not None:
        return _outcome_line(obs)
    current = obs["characters"][obs["turn"]]
    name = current["name"]
    seat = seats[current["seat"]]
    if obs["phase"] == "solve":
        proposal = obs["proposal"] or {}
        waiting = [seats[s].name for s in proposal.get("waiting_for", [])]
        return _(
            "Answer proposed: “{text}”. Waiting for {names}.",
            text=proposal.get("text", ""),
            names=", ".join(waiting),
        )
    if locked_for is not None:
        return _(
            "Pass the device to {seat}: it is {name}’s turn.",
            seat=seats[locked_for].name,
            name=name,
        )
    if not seat.human:
        return _("{name} ({seat}) is playing…", name=name, seat=seat.name)
    if not acting:
        return _("It is {name}’s turn ({seat}).", name=name, seat=seat.name)
    return _acting_line(obs, current, legal)


def _outcome_line(obs: Mapping[str, Any]) -> str:
    outcome = obs["outcome"]
    if outcome["winners"]:
        return _("Mission accomplished! The answer is right.")
    if outcome.get("reason") == "out of time":
        return ngettext(
            "Mission failed: out of time ({n} time icon in the discard pile, In Peril).",
            "Mission failed: out of time ({n} time icons in the discard pile, In Peril).",
            obs["rules"]["loss_icons"],
        )
    return _("Mission failed: the answer was wrong.")


def _acting_line(obs: Mapping[str, Any], current: Mapping[str, Any], legal: Sequence[str]) -> str:
    """The instruction to the person whose turn it is, by phase."""
    phase, name = obs["phase"], current["name"]
    pending = obs["pending"]
    steps = pending["steps_left"]
    if phase == "act":
        if "pass" in legal:
            return _("{name} cannot take any action with this hand: press Pass.", name=name)
        if obs["actions_taken"] == 0:
            return _(
                "{name}’s turn: pick a card from your hand, then an action card it beats; "
                "or pick two cards for a special action.",
                name=name,
            )
        return _("{name}: take a second action, or End the turn.", name=name)
    if phase == "run":
        return ngettext(
            "Run: choose a room next to {name} to step there ({n} left), or Stop.",
            "Run: choose a room next to {name} to step there ({n} left), or Stop.",
            steps,
            name=name,
        )
    if phase == "intel":
        if pending["room"] is None:
            return _("Intel: choose any room to turn up the top token of its stack, or Stop.")
        return _(
            "Intel ({room}): reveal another token, or Stop.",
            room=room_name(obs, pending["room"]),
        )
    if phase == "gather":
        if pending["revealed"] is not None:
            return _(
                "You turned up {token}: collect it now, or leave it.",
                token=token_words(pending["revealed"], mark=True),
            )
        return ngettext(
            "Gather ({room}): choose a face-up glyph to collect it, reveal the top token, "
            "or Stop ({n} left).",
            "Gather ({room}): choose a face-up glyph to collect it, reveal the top token, "
            "or Stop ({n} left).",
            steps,
            room=room_name(obs, current["room"]),
        )
    if phase == "regroup":
        return _("Regroup: choose the action card to clear (Run, Gather or Intel).")
    if phase == "special":
        return _special_line(current["ability"], pending)
    if phase == "draw":
        return ngettext(
            "In Peril: draw one card at a time or stop drawing. "
            "{icons} of {n} time icon is in the discard pile.",
            "In Peril: draw one card at a time or stop drawing. "
            "{icons} of {n} time icons are in the discard pile.",
            obs["rules"]["loss_icons"],
            icons=obs["discard"]["time_icons"],
        )
    return _("{name}’s turn.", name=name)


def _special_line(ability: str, pending: Mapping[str, Any]) -> str:
    if ability == "slip":
        return _("Slip: choose an adjacent room (even through a wall), or Stop.")
    if ability == "scout":
        return _("Scout: choose a nearby room to turn up the top token of its stack, or Stop.")
    if ability == "lower":
        return _("Lower: choose an action card to discard its top card, or Stop.")
    if ability == "peek":
        if pending["stage"] == 1:
            return _("Peek: put the two tokens back as they were (Keep) or Swap them.")
        return _("Peek: choose a nearby room to look at its top two tokens in secret, or Stop.")
    return _("Disarm: choose a nearby room with a camera, or a blocked action card, or Stop.")


def announcement(
    log: Sequence[str], status: str, *, fresh_turn: bool, turns: Sequence[bool] | None = None
) -> str:
    """What the table's live region says after a change, one sentence each: at the start
    of a person's turn what happened since their last one (the other characters' moves,
    the last few), else the last event; then the status line. ``turns`` says which log
    lines start a turn (default: English lines ending "'s turn.").

    >>> log = ["Mara's turn.", "Mara plays 8B on Run.", "Teo's turn.", "Teo stops."]
    >>> announcement(log, "Ana: your move.", fresh_turn=False)
    'Teo stops. Ana: your move.'
    >>> announcement(log + ["Mara's turn."], "Mara’s turn.", fresh_turn=True)
    "Teo's turn. Teo stops. Mara’s turn."
    >>> vote = ["Mara's turn.", "Ana proposes SUN.", "Bo rejects the answer (too soon)."]
    >>> announcement(log + vote, "Mara’s turn.", fresh_turn=True)
    "Teo's turn. Teo stops. Ana proposes SUN. Bo rejects the answer (too soon). Mara’s turn."
    """
    marks = list(turns) if turns is not None else [_is_turn_marker(line) for line in log]
    if fresh_turn:
        # the last turn, and what happened in this one before the person could act (a
        # vote on an answer: the team-mates' replies and reasons); not this turn's marker
        starts = [i for i, turn in enumerate(marks) if turn]
        if len(starts) >= 2:
            lines = [*log[starts[-2] : starts[-1]], *log[starts[-1] + 1 :]][-4:]
        else:
            lines = list(log[-1:])
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
        ways = [
            _passage_words(obs, rid, p) for p in obs["mission"]["passages"] if rid in p["rooms"]
        ]
        parts = [f"{room['name']}."]
        if ways:
            parts.append(
                ngettext(
                    "Passage to {rooms}.", "Passages to {rooms}.", len(ways), rooms=and_words(ways)
                )
            )
        state = obs["rooms"].get(rid, {})
        here = [chars[c]["name"] for c in state.get("characters", [])]
        if here:
            parts.append(_("Here: {names}.", names=and_words(here)))
        faceup = [token_words(t) for t in state.get("face_up", [])]
        if faceup:
            parts.append(_("Face up: {tokens}.", tokens=and_words(faceup)))
        stack = state.get("stack", 0)
        if stack:
            parts.append(ngettext("{n} token in the stack.", "{n} tokens in the stack.", stack))
        words.append({"id": rid, "name": room["name"], "text": " ".join(parts)})
    return words


def _passage_words(obs: Mapping[str, Any], rid: str, passage: Mapping[str, Any]) -> str:
    """A passage out of room ``rid``: the room it leads to, and what closes it."""
    a, b = passage["rooms"]
    other = room_name(obs, b if a == rid else a)
    if passage["open"]:
        return other
    if passage["wall"]:
        return _("{room} (a wall: no passage)", room=other)
    if passage.get("token"):
        return _("{room} (closed by {token})", room=other, token=token_words(passage["token"]))
    return _("{room} (closed)", room=other)


def console_words(obs: Mapping[str, Any]) -> list[str]:
    """The console's windows in words: each by its glyph's name (which says nothing of
    its letter) and, once open, what it reads.

    >>> from cipherkit.games.mission import new_game
    >>> console_words(new_game({"players": 1}, seed=1).observe(0))[0]
    'Window 1, glyph eye: closed.'
    """
    lines = []
    for i, cell in enumerate(obs["console"]["cells"]):
        said = {"number": i + 1, "glyph": cell["glyph"], "content": cell.get("content")}
        if cell.get("answer"):
            line = (
                _("Window {number} (answer), glyph {glyph}: open, it reads {content}.", **said)
                if cell["open"]
                else _("Window {number} (answer), glyph {glyph}: closed.", **said)
            )
        elif cell["open"]:
            line = _("Window {number}, glyph {glyph}: open, it reads {content}.", **said)
        else:
            line = _("Window {number}, glyph {glyph}: closed.", **said)
        lines.append(line)
    return lines

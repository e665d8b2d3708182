"""The mission game's actions and their text notation.

Every action is a frozen dataclass whose ``str()`` is its notation; :func:`parse_action`
reads it back. Keywords are case-insensitive; room, glyph and action names are kept as
written (ids are case-sensitive).

=======================  ===============================================================
notation                 meaning
=======================  ===============================================================
``play 7 run``           play a 7 from hand on an action card (run, gather, intel,
                         regroup), then resolve it
``special 3 9``          discard a 3 and a 9 (any two cards) and use your ability
``end``                  end the turn after one action
``pass``                 forced pass: no action is possible
``step hall``            Run: move one room (up to 3 steps)
``intel hall``           Intel: choose a room and reveal its top token
``reveal``               Intel: reveal another token in the same room
``collect L``            Gather: collect a face-up glyph L in your room
``reveal-top``           Gather: reveal the top token of your room's stack
``leave``                Gather: do not collect the glyph just revealed
``regroup intel``        Regroup: clear the Intel card
``stop``                 end the current action (or decline an ability) early
``slip vault``           locksmith: move to an adjacent room, through a wall if need be
``scout hall``           lookout: reveal the top token of a nearby stack
``lower intel``          fixer: discard the top card of the Intel pile
``peek hall``            archivist: look at the top two tokens of a nearby stack, then
``keep`` / ``swap``      put them back in the same or the swapped order
``disarm hall``          technician: discard a face-up camera in a nearby room
``unblock run``          technician: discard a counter-intel token from an action card
``draw``                 draw one card (when drawing is optional: In Peril)
``stop-drawing``         stop drawing and end the turn
``propose OWL HOUSE``    propose an answer (free text) for the group to confirm
``propose-reading``      propose what the open answer windows read (all must be open)
``confirm`` / ``reject`` agree to the proposed answer, or cancel it
``reject WHY``           cancel it, saying why (what a bot team-mate sends)
=======================  ===============================================================

Examples
--------
>>> from cipherkit.games.mission.rules.actions import parse_action
>>> parse_action("PLAY 7 Run")
Play(value=7, action='run')
>>> str(parse_action("special 9 3")), str(parse_action("propose  Foxes in yarn "))
('special 3 9', 'propose Foxes in yarn')
>>> parse_action("step Reading-Room")
Step(room='Reading-Room')
>>> parse_action("reject 12 answers still fit")
RejectBecause(reason='12 answers still fit')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cipherkit.core.errors import NotationError
from cipherkit.core.protocol import Action
from cipherkit.games.mission.content.tokens import ACTIONS
from cipherkit.i18n import N_, say


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card of ``value`` from hand on the action card ``action``, then resolve it (``play 7
    run``).
    """

    value: int
    action: str

    def __str__(self) -> str:
        return f"play {self.value} {self.action}"


@dataclass(frozen=True, slots=True)
class Special(Action):
    """Discard two cards (by value, ``low <= high``) and use your ability."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise NotationError.say("write a special action's values in order: special 3 9")

    def __str__(self) -> str:
        return f"special {self.low} {self.high}"


@dataclass(frozen=True, slots=True)
class Simple(Action):
    """An action that is a single keyword (``end``, ``pass``, ``stop``, …)."""

    word: str

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Step(Action):
    """Run: move one room, to ``room`` (``step hall``)."""

    room: str

    def __str__(self) -> str:
        return f"step {self.room}"


@dataclass(frozen=True, slots=True)
class IntelRoom(Action):
    """Intel: choose ``room`` and reveal its top token (``intel hall``)."""

    room: str

    def __str__(self) -> str:
        return f"intel {self.room}"


@dataclass(frozen=True, slots=True)
class Collect(Action):
    """Gather: collect the face-up glyph ``glyph`` in your room (``collect L``)."""

    glyph: str

    def __str__(self) -> str:
        return f"collect {self.glyph}"


@dataclass(frozen=True, slots=True)
class RegroupCard(Action):
    """Regroup: clear the action card ``action`` (``regroup intel``)."""

    action: str

    def __str__(self) -> str:
        return f"regroup {self.action}"


@dataclass(frozen=True, slots=True)
class Slip(Action):
    """Locksmith: move to the adjacent ``room``, through a wall if need be (``slip vault``)."""

    room: str

    def __str__(self) -> str:
        return f"slip {self.room}"


@dataclass(frozen=True, slots=True)
class Scout(Action):
    """Lookout: reveal the top token of the nearby stack in ``room`` (``scout hall``)."""

    room: str

    def __str__(self) -> str:
        return f"scout {self.room}"


@dataclass(frozen=True, slots=True)
class Lower(Action):
    """Fixer: discard the top card of the ``action`` pile (``lower intel``)."""

    action: str

    def __str__(self) -> str:
        return f"lower {self.action}"


@dataclass(frozen=True, slots=True)
class Peek(Action):
    """Archivist: look at the top two tokens of the nearby stack in ``room`` (``peek hall``)."""

    room: str

    def __str__(self) -> str:
        return f"peek {self.room}"


@dataclass(frozen=True, slots=True)
class Disarm(Action):
    """Technician: discard a face-up camera in the nearby ``room`` (``disarm hall``)."""

    room: str

    def __str__(self) -> str:
        return f"disarm {self.room}"


@dataclass(frozen=True, slots=True)
class Unblock(Action):
    """Technician: discard a counter-intel token from action card ``action`` (``unblock run``)."""

    action: str

    def __str__(self) -> str:
        return f"unblock {self.action}"


@dataclass(frozen=True, slots=True)
class Propose(Action):
    """Propose ``text`` as the answer; every other seat must confirm."""

    text: str

    def __str__(self) -> str:
        return f"propose {self.text}"


MAX_REASON_CHARS = 160
"""The longest reason a ``reject WHY`` may give."""


@dataclass(frozen=True, slots=True)
class RejectBecause(Action):
    """Reject the proposed answer and say why (``reject 12 answers still fit``): the
    same vote as ``reject``; the reason goes into the log for the table to read."""

    reason: str

    def __str__(self) -> str:
        return f"reject {self.reason}"


END = Simple("end")
PASS = Simple("pass")
STOP = Simple("stop")
REVEAL = Simple("reveal")
REVEAL_TOP = Simple("reveal-top")
LEAVE = Simple("leave")
KEEP = Simple("keep")
SWAP = Simple("swap")
DRAW = Simple("draw")
STOP_DRAWING = Simple("stop-drawing")
PROPOSE_READING = Simple("propose-reading")
CONFIRM = Simple("confirm")
REJECT = Simple("reject")

SIMPLE: dict[str, Simple] = {
    a.word: a
    for a in (
        END,
        PASS,
        STOP,
        REVEAL,
        REVEAL_TOP,
        LEAVE,
        KEEP,
        SWAP,
        DRAW,
        STOP_DRAWING,
        PROPOSE_READING,
        CONFIRM,
        REJECT,
    )
}

# each made from its one word (a room or a glyph; _CARDS: an action card)
_NAMED: dict[str, Callable[[str], Action]] = {
    "step": Step,
    "intel": IntelRoom,
    "collect": Collect,
    "slip": Slip,
    "scout": Scout,
    "peek": Peek,
    "disarm": Disarm,
}
_CARDS: dict[str, Callable[[str], Action]] = {
    "regroup": RegroupCard,
    "lower": Lower,
    "unblock": Unblock,
}

HINT = N_(
    "try 'play 7 run', 'special 3 9', 'step hall', 'intel hall', 'collect L', "
    "'reveal-top', 'stop', 'end', 'draw', 'propose WORDS', 'confirm'"
)


def _int(text: str) -> int:
    if not text.isdigit() or len(text) > 3:
        raise NotationError.say("{text!r} is not a card value (a number such as 7)", text=text[:20])
    return int(text)


def _action_name(text: str) -> str:
    name = text.lower()
    if name not in ACTIONS:
        raise NotationError.say(
            "{text!r} is not an action card (run, gather, intel, regroup)", text=text[:20]
        )
    return name


def parse_action(text: str) -> Action:
    """Read an action's notation; raise :class:`NotationError` with a hint otherwise."""
    if not isinstance(text, str):
        raise NotationError.say("an action must be text")
    stripped = text.strip()
    words = stripped.split()
    if not words:
        raise NotationError.say("an empty action ({hint})", hint=say(HINT))
    keyword = words[0].lower()
    if keyword == "propose":
        answer = stripped[len(words[0]) :].strip()
        if not answer:
            raise NotationError.say("propose what? write the answer after it: propose OWL")
        return Propose(answer)
    if keyword == "reject" and len(words) > 1:
        reason = stripped[len(words[0]) :].strip()
        if len(reason) > MAX_REASON_CHARS:
            raise NotationError.say("a reason is at most {most} characters", most=MAX_REASON_CHARS)
        return RejectBecause(reason)
    if len(words) == 1 and keyword in SIMPLE:
        return SIMPLE[keyword]
    if keyword == "play" and len(words) == 3:
        return Play(_int(words[1]), _action_name(words[2]))
    if keyword == "special" and len(words) == 3:
        low, high = sorted((_int(words[1]), _int(words[2])))
        return Special(low, high)
    if len(words) == 2 and keyword in _NAMED:
        return _NAMED[keyword](words[1])
    if len(words) == 2 and keyword in _CARDS:
        return _CARDS[keyword](_action_name(words[1]))
    raise NotationError.say(
        "{text!r} is not a mission action ({hint})", text=stripped[:40], hint=say(HINT)
    )

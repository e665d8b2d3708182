"""Clue tokens: glyphs and traps, and the four action cards traps may refer to.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.content.tokens``.

Examples
--------
>>> from cipherkit.games.mission.content.tokens import Token, token_from_data
>>> token_from_data("counter-intel:gather")
Token(kind='trap', name='counter-intel', marks=(), action='gather')
>>> Token.glyph("sun", ("dot",)).label
'sun[dot]'
>>> token_from_data({"glyph": "sun", "marks": ["dot"]}).to_data()
{'glyph': 'sun', 'marks': ['dot']}
>>> token_from_data("gas").is_trap, TRAPS["camera"].stays
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cipherkit.i18n import N_

ACTIONS: tuple[str, ...] = ("run", "gather", "intel", "regroup")
"""The four action cards, in their order on the table."""

RUN, GATHER, INTEL, REGROUP = range(4)

GLYPH = "glyph"
TRAP = "trap"

CAMERA = "camera"
GAS = "gas"
COUNTER_INTEL = "counter-intel"


@dataclass(frozen=True, slots=True)
class TrapKind:
    """What a trap does. ``stays``: brown, stays face up in its room when revealed."""

    name: str
    colour: str
    stays: bool
    text: str


TRAPS: dict[str, TrapKind] = {
    CAMERA: TrapKind(
        CAMERA,
        "brown",
        True,
        N_(
            "Security camera: stays in the room. At the end of your turn, before drawing, "
            "discard one card from the top of the resource deck for each camera in your room."
        ),
    ),
    GAS: TrapKind(
        GAS,
        "yellow",
        False,
        N_(
            "Gas: every character in the room discards one random card from hand; "
            "discard the token."
        ),
    ),
    COUNTER_INTEL: TrapKind(
        COUNTER_INTEL,
        "yellow",
        False,
        N_(
            "Counter-intel: revealed by Intel, it goes onto the action card whose symbol it "
            "shows and blocks it until a Regroup clears it; revealed otherwise, discard it."
        ),
    ),
}


@dataclass(frozen=True, slots=True)
class Token:
    """One clue token. ``name`` is the glyph id or the trap kind; ``action`` is the
    action symbol a counter-intel token shows."""

    kind: str
    name: str
    marks: tuple[str, ...] = ()
    action: str | None = None

    @classmethod
    def glyph(cls, name: str, marks: tuple[str, ...] = ()) -> Token:
        """A glyph token showing ``name``, with ``marks`` (dots, bars...)."""
        return cls(GLYPH, name, tuple(marks))

    @classmethod
    def trap(cls, name: str, action: str | None = None) -> Token:
        """A trap token; ``action`` names the action card a counter-intel token blocks."""
        return cls(TRAP, name, (), action)

    @property
    def is_trap(self) -> bool:
        """Whether the token is a trap (camera, gas or counter-intel)."""
        return self.kind == TRAP

    @property
    def label(self) -> str:
        """How the token is shown face up: ``sun``, ``sun[dot]``, ``counter-intel:run``."""
        if self.kind == TRAP:
            return f"{self.name}:{self.action}" if self.action else self.name
        return f"{self.name}[{','.join(self.marks)}]" if self.marks else self.name

    def to_data(self) -> str | dict[str, Any]:
        """The shortest mission-file form."""
        if self.kind == TRAP:
            return self.label
        if self.marks:
            return {"glyph": self.name, "marks": list(self.marks)}
        return self.name


def token_from_data(data: Any) -> Token:
    """Read a token written in a mission file (assumed already checked by the schema)."""
    if isinstance(data, dict):
        if "trap" in data:
            return Token.trap(str(data["trap"]), data.get("action"))
        return Token.glyph(str(data["glyph"]), tuple(str(m) for m in data.get("marks", ())))
    text = str(data)
    if text in TRAPS:
        return Token.trap(text)
    prefix = COUNTER_INTEL + ":"
    if text.startswith(prefix):
        return Token.trap(COUNTER_INTEL, text[len(prefix) :])
    return Token.glyph(text)

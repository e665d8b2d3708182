"""The generic table's view: any game's seat, drawn from its observation alone, its words
in the language in force (the table's ``speaking()``).

Design notes: ``docs/design-notes.md``, ``cipherkit.widgets.generic.view``.

>>> from cipherkit.core.protocol import Outcome
>>> from cipherkit.core.registry import get_game
>>> from cipherkit.widgets.table_backend import Moment
>>> moment = Moment(3, {"pile": 4, "hand": ["QS", "2H"]}, ["take 1"], [], [0], None)
>>> view = build_view(get_game("decipher"), moment, seat=0, names=["Ada", "Bo"], board=False)
>>> view["facts"], view["turn"], view["legal"]
([['pile', '4'], ['hand', 'QS, 2H']], 'Your turn, Ada.', ['take 1'])
>>> over = Moment(9, {}, [], [], [], Outcome((1,), "last stone", {"0": 3, "1": 6}))
>>> build_view(get_game("decipher"), over, seat=0, names=["Ada", "Bo"], board=False)["outcome"]
'Bo wins (last stone). Scores: Ada 3, Bo 6.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cipherkit.core.protocol import GameSpec, Outcome
from cipherkit.i18n import _, ngettext

if TYPE_CHECKING:  # the view builder imports no widget machinery (nor the notebook stack)
    from cipherkit.widgets.table_backend import Moment

__all__ = ["MAX_LOG_LINES", "build_view", "readable", "words_of_outcome"]

MAX_LOG_LINES = 40
"""The most recent public events the page lists."""


def readable(value: Any) -> str:
    """A value of an observation in words: lists joined, mappings as ``key: value``.

    >>> readable([1, 2]), readable({"0": 3}), readable(None), readable(True)
    ('1, 2', '0: 3', '-', 'yes')
    """
    if value is None:
        return "-"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, dict):
        return "; ".join(f"{k}: {readable(v)}" for k, v in value.items()) or "-"
    if isinstance(value, list | tuple):
        return ", ".join(readable(v) for v in value) or "-"
    return str(value)


def seat_name(seat: int, names: Sequence[str]) -> str:
    """A seat's name, or ``"seat 3"`` for a seat without one.

    >>> seat_name(0, ["Ada"]), seat_name(2, ["Ada"])
    ('Ada', 'seat 3')
    """
    return names[seat] if 0 <= seat < len(names) else _("seat {n}", n=seat + 1)


def joined(words: Sequence[str]) -> str:
    """Names joined as a sentence lists them: ``"Ada, Bo and Cy"``.

    >>> joined(["Ada"]), joined(["Ada", "Bo", "Cy"])
    ('Ada', 'Ada, Bo and Cy')
    """
    if len(words) < 2:
        return "".join(words)
    return _("{names} and {last}", names=", ".join(words[:-1]), last=words[-1])


def words_of_outcome(outcome: Outcome, names: Sequence[str]) -> str:
    """How a game ended, with the seats' names; the game's reason (marked ``N_`` by the
    game) in the language in force."""
    reason = _(outcome.reason) if outcome.reason else ""
    if outcome.is_draw:
        text = _("A draw ({reason}).", reason=reason)
    elif not outcome.winners:
        text = _("Nobody wins ({reason}).", reason=reason)
    else:
        who = joined([seat_name(s, names) for s in outcome.winners])
        count = len(outcome.winners)
        text = ngettext(
            "{who} wins ({reason}).", "{who} win ({reason}).", count, who=who, reason=reason
        )
    if outcome.scores:
        scores = ", ".join(
            f"{seat_name(int(s), names)} {readable(v)}" for s, v in outcome.scores.items()
        )
        text += " " + _("Scores: {scores}.", scores=scores)
    return text


def _turn(moment: Moment, seat: int | None, names: Sequence[str]) -> str:
    if moment.outcome is not None:
        return _("The game is over.")
    if seat is not None and seat in moment.actors:
        return _("Your turn, {name}.", name=names[seat]) if seat < len(names) else _("Your turn.")
    waiting = [seat_name(s, names) for s in moment.actors]
    return _("Waiting for {names}.", names=joined(waiting)) if waiting else _("Waiting.")


def _announce(moment: Moment, seat: int | None, names: Sequence[str]) -> str:
    """The live region's words: the last public event, then whose turn it is (or the
    outcome)."""
    last = [e.event.text or e.event.kind for e in moment.log[-1:]]
    end = [words_of_outcome(moment.outcome, names)] if moment.outcome is not None else []
    return " ".join([*last, *end, _turn(moment, seat, names)])


def build_view(
    spec: GameSpec[Any],
    moment: Moment,
    *,
    seat: int | None,
    names: Sequence[str],
    game_number: int = 1,
    serial: int = 0,
    board: bool = True,
) -> dict[str, Any]:
    """The generic table's view of one moment of ``seat``'s side (``None``: a spectator).

    ``board=False`` lists the observation even when the game can draw it.
    """
    observation = moment.observation
    drawing: dict[str, Any] | None = None
    if board and spec.board is not None:
        drawn = spec.board(observation, None)
        drawing = {
            "svg": drawn.get("svg"),
            "facts": [[str(k), readable(v)] for k, v in drawn.get("facts", [])],
            "tables": drawn.get("tables", []),
        }
    playing = seat is not None and moment.outcome is None and seat in moment.actors
    return {
        "game": spec.name,
        "title": spec.display_name,
        "seat": seat,
        "spectator": seat is None,
        "you": None if seat is None or seat >= len(names) else names[seat],
        "names": list(names),
        "board": drawing,
        "facts": [] if drawing else [[str(k), readable(v)] for k, v in observation.items()],
        "log": [e.event.text or e.event.kind for e in moment.log[-MAX_LOG_LINES:]],
        "turn": _turn(moment, seat, names),
        "your_turn": playing,
        "announce": _announce(moment, seat, names),
        "turn_line": _turn(moment, seat, names) if playing else "",
        "outcome": None if moment.outcome is None else words_of_outcome(moment.outcome, names),
        "legal": list(moment.legal) if playing else [],
        # a game's own words for its moves (else the page shows each move's notation)
        "legal_words": [spec.action_words(a) for a in moment.legal]
        if playing and spec.action_words
        else [],
        "version": moment.version,
        "game_number": game_number,
        "serial": serial,
    }

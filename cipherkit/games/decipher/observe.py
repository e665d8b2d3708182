"""What a viewer of a Decipher game may know (:meth:`DecipherState.observe`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cipherkit.core.protocol import SPECTATOR, Seat, Viewer
from cipherkit.games.decipher.observation import DecipherObservation
from cipherkit.games.decipher.rules import OVER, PLAY

if TYPE_CHECKING:
    from cipherkit.games.decipher.state import DecipherState


def observe(state: DecipherState, viewer: Viewer) -> DecipherObservation:
    """What ``viewer`` (seat 0, seat 1 or ``"spectator"``) may know of ``state``: the
    piles and hits (public), its own code and hand; the rest once the game is over."""
    over = state.phase == OVER
    seat = viewer if viewer in (0, 1) else None
    if seat is None and viewer != SPECTATOR:
        raise ValueError(f"decipher viewers are 0, 1 and {SPECTATOR!r}, not {viewer!r}")

    def visible(p: Seat) -> bool:
        return over or p == seat

    return {
        "game": "decipher",
        "viewer": viewer,
        "seat": seat,
        "names": list(state.config["names"]),
        "phase": state.phase,
        "turn": state.turn,
        "turn_number": state.turn_number,
        "column": state.column,
        "played_this_turn": state.played_this_turn,
        "actors": state.actors(),
        "must_break": state.phase == PLAY and state.column == 0 and state.must_break(),
        "hand_size": state.config["hand_size"],
        "scoring": dict(state.config["scoring"]),
        "deck_size": len(state.deck),
        "hand_sizes": [len(state.hands[0]), len(state.hands[1])],
        "hand": [str(c) for c in state.hands[seat]] if seat is not None else None,
        "hidden": [[str(c) for c in state.hidden[p]] if visible(p) else None for p in (0, 1)],
        "hands": [[str(c) for c in state.hands[p]] if visible(p) else None for p in (0, 1)],
        "piles": [
            [[{"card": str(c), "hit": h} for c, h in column] for column in state.piles[p]]
            for p in (0, 1)
        ],
        "hits": [[bool(col and col[-1][1]) for col in state.piles[p]] for p in (0, 1)],
        "declarer": state.declarer,
        "guesser": state.guesser,
        "guesses": [
            [str(c) for c in state.guesses[p]] if visible(p) else len(state.guesses[p])
            for p in (0, 1)
        ],
        "scores": state.scores() if over else None,
        "outcome": None if state.outcome is None else state.outcome.to_json(),
        "log": [m.json for m in state.log],
    }

"""What a viewer of an intercept game may know (:meth:`InterceptState.observe`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from cipherkit.core.protocol import JsonDict, Seat, Viewer
from cipherkit.games.intercept.actions import Code
from cipherkit.games.intercept.config import (
    CLUES_PER_CODE,
    KEYWORDS,
    KEYWORDS_PER_TEAM,
    OVER,
    TOKENS_TO_END,
    code_list,
)
from cipherkit.games.intercept.notes import build_notes
from cipherkit.games.intercept.observation import InterceptObservation, RoundRecord

if TYPE_CHECKING:
    from cipherkit.games.intercept.state import InterceptState


def observe(state: InterceptState, viewer: Viewer) -> InterceptObservation:
    """What ``viewer`` may know of ``state`` (see :meth:`InterceptState.observe`)."""
    team = state.viewer_team(viewer)
    seat = viewer if isinstance(viewer, int) else None
    over = state.phase == OVER
    names = state.team_names

    def knows_team(t: int) -> bool:
        return over or team == t

    own_code, unread, warnings = _encryptor_view(state, seat)
    pending = _pending_guess(state, team)
    active = state.active_team
    return {
        "game": "intercept",
        "viewer": viewer,
        "seat": seat,
        "team": None if team is None else names[team],
        "players": state.players,
        "three_player": state.three_player,
        "names": list(state.config["names"]),
        "teams": {names[t]: list(state.teams[t]) for t in range(2)},
        "options": {
            "timer": state.config["timer"],
            "no_repeat_codes": state.config["no_repeat_codes"],
            "alternate_first": state.config["alternate_first"],
            "max_rounds": state.config["max_rounds"],
            "language": state.config["language"],
        },
        "limits": {
            "code_length": CLUES_PER_CODE,
            "keywords": KEYWORDS_PER_TEAM,
            "max_rounds": state.config["max_rounds"],
            "tokens_to_end": TOKENS_TO_END,
        },
        "round": state.round,
        "phase": state.phase,
        "order": [names[t] for t in state.order],
        "reading": None if active is None else names[active],
        "interception_open": state.interception_open(),
        "encryptors": {names[t]: state.encryptors[t] for t in range(state.coding_teams)},
        "actors": state.actors(),
        "role": None if seat is None else state.role(seat),
        "keywords": {
            names[t]: list(state.keywords[t]) if knows_team(t) else None
            for t in range(state.coding_teams)
        },
        "code": code_list(own_code),
        "my_clues": unread,
        "my_warnings": warnings,
        "written": {names[t]: len(state.written[t]) for t in range(state.coding_teams)},
        "timed_out": state.timed_out,
        "submitted": {
            "decrypt": state.decrypt is not None,
            "intercept": state.intercept is not None,
        },
        "my_guess": pending,
        "tokens": {
            names[t]: {
                "interceptions": state.interceptions[t],
                "miscommunications": state.miscommunications[t],
            }
            for t in range(2)
        },
        "points": None if state.three_player else state.points(),
        "history": cast("list[RoundRecord]", [dict(r) for r in state.history]),
        "notes": build_notes(state.history, names, state.coding_teams).to_json(),
        "keyword_guesses": _keyword_guesses(state, knows_team),
        "keyword_hits": state.keyword_hits,
        "end_reason": state.end_said,
        "outcome": None if state.outcome is None else state.outcome.to_json(),
        "log": list(state.said),
    }


def _encryptor_view(
    state: InterceptState, seat: Seat | None
) -> tuple[Code | None, list[str] | None, list[list[JsonDict]] | None]:
    """An Encryptor seat's own code (until revealed), and its clues written but not yet
    read with their warnings; ``None`` for anyone else."""
    if seat is None or state.phase == OVER or seat not in state.encryptors:
        return None, None, None
    team = state.team_of(seat)
    this_round = [r for r in state.history if r["round"] == state.round and r["team"] == team]
    code = None if any(r["code"] is not None for r in this_round) else state.codes[team]
    if this_round:  # read aloud already
        return code, None, None
    return code, list(state.written[team]), [list(w) for w in state.written_warnings[team]]


def _pending_guess(state: InterceptState, team: int | None) -> list[int] | None:
    """The guess the viewer's team has submitted on the code being guessed."""
    active = state.active_team
    if active is None or team is None:
        return None
    if team == active:
        return code_list(state.decrypt)
    return code_list(state.intercept)


def _keyword_guesses(
    state: InterceptState, knows_team: Callable[[int], bool]
) -> dict[str, list[str] | bool] | None:
    """In the tiebreak: each team's keyword guess if the viewer may see it, else
    whether it is in."""
    if state.phase not in (KEYWORDS, OVER) or state.three_player:
        return None
    names = state.team_names
    return {
        names[t]: (
            list(guess)
            if (guess := state.keyword_guesses[t]) is not None and knows_team(t)
            else guess is not None
        )
        for t in range(2)
    }

"""What a viewer of an intercept game may know (:meth:`InterceptState.observe`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cipherkit.core.protocol import Viewer
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

    encrypting = seat is not None and state.phase != OVER and seat in state.encryptors
    my_team = state.team_of(seat) if seat is not None else None
    revealed_this = {
        r["team"] for r in state.history if r["round"] == state.round and r["code"] is not None
    }
    own_code = (
        state.codes[my_team]
        if encrypting and my_team is not None and my_team not in revealed_this
        else None
    )
    unread = (
        list(state.written[my_team])
        if encrypting
        and my_team is not None
        and not any(r["team"] == my_team and r["round"] == state.round for r in state.history)
        else None
    )
    active = state.active_team
    pending = None
    if active is not None and team is not None:
        if team == active and state.decrypt is not None:
            pending = code_list(state.decrypt)
        elif team != active and state.intercept is not None:
            pending = code_list(state.intercept)
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
        "my_warnings": (
            [list(w) for w in state.written_warnings[my_team]]
            if unread is not None and my_team is not None
            else None
        ),
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
        "keyword_guesses": {
            names[t]: (
                list(guess)
                if (guess := state.keyword_guesses[t]) is not None and knows_team(t)
                else guess is not None
            )
            for t in range(2)
        }
        if state.phase in (KEYWORDS, OVER) and not state.three_player
        else None,
        "keyword_hits": state.keyword_hits,
        "end_reason": state.end_reason or None,
        "outcome": None if state.outcome is None else state.outcome.to_json(),
        "log": list(state.log),
    }

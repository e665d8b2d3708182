"""What the intercept table shows the person, built from their seat's observation only.

Pure Python (no ipywidgets): :func:`build_view` turns ``state.observe(seat)`` into the
JSON dict :class:`~cipherkit.widgets.InterceptTable` syncs to the page. The other team's
keywords, its code, the person's own team's code while a bot teammate encrypts, the codes
still in the decks and the other side's guesses before the reveal are not in the
observation, so they are not here either.

Examples
--------
>>> from cipherkit.games.intercept import new_game
>>> state = new_game({"players": 4, "names": ["You", "Ada", "Ben", "Cy"]}, seed=1)
>>> view = build_view(state.observe(0), seat=0)
>>> view["you"]["role"], view["code"] is not None, view["teams"][1]["keywords"]
('encryptor', True, None)
>>> view["status"]
'You encrypt for White this round: give one clue for each digit of your code, in order.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

LOG_LINES = 40

ROLE_WORDS = {
    "encryptor": "Encryptor",
    "decryptor": "decrypting",
    "interceptor": "intercepting",
    "keywords": "guessing keywords",
    "timer": "",
}


def code_text(code: Sequence[int] | None, length: int) -> str:
    """``[3, 1, 4]`` -> ``"3.1.4"``; ``None`` -> one ``?`` per digit of a code of
    ``length`` digits (the observation's ``limits["code_length"]``).

    >>> code_text([3, 1, 4], 3), code_text(None, 3)
    ('3.1.4', '?.?.?')
    """
    return ".".join("?" * length) if code is None else ".".join(str(d) for d in code)


def _title(team: str) -> str:
    return team.capitalize()


def winner_text(obs: Mapping[str, Any]) -> str:
    """Who won, for a spectator: ``"White wins!"`` or ``"A shared victory."``."""
    outcome = obs["outcome"]
    if outcome.get("draw"):
        return "A shared victory."
    winners = set(outcome["winners"])
    team = next((t for t, seats in obs["teams"].items() if winners & set(seats)), None)
    return "The game is over." if team is None else f"{_title(team)} wins!"


def status_line(obs: Mapping[str, Any], seat: int | None) -> str:
    """The one-line instruction shown above the table (``seat`` ``None``: a spectator)."""
    me = obs["team"]
    role = obs["role"]
    phase = obs["phase"]
    limits = obs["limits"]
    if obs["outcome"] is not None and seat is None:
        return f"{winner_text(obs)} ({obs['end_reason']})"
    if obs["outcome"] is not None:
        winners = obs["outcome"]["winners"]
        if obs["outcome"].get("draw"):
            return "The game is over: both teams share the victory."
        if seat in winners:
            return f"The game is over: {_title(me)} wins ({obs['end_reason']})!"
        return f"The game is over: {_title(me)} loses ({obs['end_reason']})."
    if role == "encryptor":
        done = len(obs["my_clues"] or [])
        if done == 0:
            return (
                f"You encrypt for {_title(me)} this round: give one clue for each digit of "
                "your code, in order."
            )
        return (
            f"Clue {done + 1} of {limits['code_length']}: for digit {obs['code'][done]} "
            "of your code."
        )
    if role == "decryptor":
        return (
            "Decrypt: which code do your teammate’s clues stand for? Pick "
            f"{limits['code_length']} digits for {_title(me)}’s code."
        )
    if role == "interceptor":
        return (
            f"Intercept: guess {_title(obs['reading'])}’s code from its clues and the note sheet."
        )
    if role == "keywords":
        return (
            f"Tiebreaker: guess the other team’s {limits['keywords']} keywords "
            "(leave a box empty to skip)."
        )
    if phase == "write":
        return "The Encryptors are writing their clues…"
    if phase == "guess":
        return f"{_title(obs['reading'])}’s clues are being guessed…"
    return "Waiting for the other players…"


def build_view(
    obs: Mapping[str, Any],
    *,
    seat: int | None,
    bots: Sequence[str | None] = (),
    check: Mapping[str, Any] | None = None,
    game_number: int = 1,
    serial: int = 0,
) -> dict[str, Any]:
    """The dict synced to the page, from ``obs = state.observe(seat)`` only.

    Parameters
    ----------
    obs:
        The person's seat's observation (or the spectator's, ``observe("spectator")``:
        clues read, codes revealed, tokens, notes; no keyword, no code, before the end).
    seat:
        The person's seat (``None``: a spectator, who has no role and no team).
    bots:
        For each seat, the bot playing it (``None`` for the person).
    check:
        The last live check of a clue the person is typing (their own text, checked
        against their own team's keywords and clues).
    game_number, serial:
        Shown in the header; ``serial`` grows with every view so each one is sent.
    """
    names = obs["names"]
    limits = obs["limits"]
    digits = limits["code_length"]

    def as_code(value: Sequence[int] | None) -> str:
        return code_text(value, digits)

    teams = []
    for team, members in obs["teams"].items():
        if not members:
            continue
        tokens = obs["tokens"][team]
        keywords = obs["keywords"].get(team)
        teams.append(
            {
                "id": team,
                "title": _title(team),
                "yours": team == obs["team"],
                "seats": [
                    {
                        "seat": s,
                        "name": names[s],
                        "you": s == seat,
                        "bot": bots[s] if s < len(bots) else None,
                        "encryptor": obs["encryptors"].get(team) == s,
                    }
                    for s in members
                ],
                "keywords": None if keywords is None else list(keywords),
                "interceptions": tokens["interceptions"],
                "miscommunications": tokens["miscommunications"],
                "points": None
                if obs["points"] is None
                else obs["points"][0 if team == "white" else 1],
            }
        )
    history = obs["history"]
    reading = None
    if obs["phase"] == "guess" and history:
        current = history[-1]
        team_name = obs["reading"]
        reading = {
            "team": team_name,
            "title": _title(team_name),
            "clues": list(current["clues"]),
            "encryptor": names[current["encryptor"]],
        }
    last = None
    revealed = [r for r in history if r["code"] is not None]
    if revealed:
        r = revealed[-1]
        team_names = list(obs["teams"])
        team = team_names[r["team"]]
        last = {
            "round": r["round"],
            "team": _title(team),
            "code": as_code(r["code"]),
            "decrypt": as_code(r["decrypt"]),
            "intercept": None if r["intercept"] is None else as_code(r["intercept"]),
            "interception": bool(r["interception"]),
            "miscommunication": bool(r["miscommunication"]),
        }
    notes = []
    keywords_by_team = obs["keywords"]
    for team, side in obs["notes"].items():
        words = keywords_by_team.get(team)
        notes.append(
            {
                "team": team,
                "title": _title(team),
                "yours": team == obs["team"],
                "rows": [
                    {
                        "round": row["round"],
                        "clues": list(row["clues"]),
                        "code": None if row["code"] is None else as_code(row["code"]),
                        "decrypt": None if row["decrypt"] is None else as_code(row["decrypt"]),
                        "intercept": None
                        if row["intercept"] is None
                        else as_code(row["intercept"]),
                    }
                    for row in side["rows"]
                ],
                "index": [
                    {
                        "digit": d,
                        "keyword": None if words is None else words[d - 1],
                        "clues": list(side["index"][str(d)]),
                    }
                    for d in range(1, limits["keywords"] + 1)
                ],
            }
        )
    code = obs["code"]
    clues = obs["my_clues"]
    my_clues = None
    if clues is not None:
        warnings = obs["my_warnings"] or []
        my_clues = [
            {"text": text, "warnings": list(warnings[i]) if i < len(warnings) else []}
            for i, text in enumerate(clues)
        ]
    my_team = obs["team"]
    own_words = keywords_by_team.get(my_team) if my_team else None
    writing = obs["role"] == "encryptor"
    next_digit = code[len(clues or [])] if writing and code and len(clues or []) < digits else None
    outcome = None
    if obs["outcome"] is not None:
        won = seat in obs["outcome"]["winners"]
        outcome = {
            "result": "draw"
            if obs["outcome"].get("draw")
            else "watched"
            if seat is None
            else "win"
            if won
            else "loss",
            "banner": winner_text(obs) if seat is None else None,
            "reason": obs["end_reason"],
            "keywords": {t: list(w) for t, w in keywords_by_team.items() if w is not None},
        }
    keyword_stage = None
    if obs["keyword_guesses"] is not None:
        keyword_stage = {
            "guesses": obs["keyword_guesses"],
            "hits": obs["keyword_hits"],
        }
    log = list(obs["log"])
    return {
        "serial": serial,
        "game_number": game_number,
        "round": obs["round"],
        "max_rounds": limits["max_rounds"],
        "limits": dict(limits),
        "phase": obs["phase"],
        "three_player": obs["three_player"],
        "interception_open": obs["interception_open"],
        "status": status_line(obs, seat),
        "you": {
            "seat": seat,
            "name": "spectator" if seat is None else names[seat],
            "spectator": seat is None,
            "team": my_team,
            "role": obs["role"],
            "role_words": ROLE_WORDS.get(obs["role"] or "", ""),
        },
        "teams": teams,
        "keywords": None if own_words is None else list(own_words),
        "code": None if code is None else list(code),
        "next_digit": next_digit,
        "next_keyword": None
        if next_digit is None or own_words is None
        else own_words[next_digit - 1],
        "my_clues": my_clues,
        "check": None if check is None or not writing else dict(check),
        "reading": reading,
        "my_guess": None if obs["my_guess"] is None else as_code(obs["my_guess"]),
        "last_reveal": last,
        "notes": notes,
        "keyword_stage": keyword_stage,
        "outcome": outcome,
        "log": log[-LOG_LINES:],
        "log_total": len(log),
    }

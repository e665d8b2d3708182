"""How generic tools (the :class:`~cipherkit.widgets.Replay` widget) show an intercept game.

The presentation hooks of :data:`cipherkit.games.intercept.GAME`: pure functions of a
state or of one observation, with no notebook library.

>>> from cipherkit.games.intercept import new_game
>>> state = new_game({"players": 4}, seed=1)
>>> title(state)
'Intercept'
>>> drawn = board(state.observe("spectator"), None)
>>> drawn["facts"][:2], [t["title"] for t in drawn["tables"]]
([['Round', 1], ['Phase', 'write']], ['Teams', 'Note sheet'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cipherkit.core.protocol import JsonDict, State

__all__ = ["board", "title"]


def title(state: State) -> str:
    """The game's title."""
    return "Intercept"


def board(obs: Mapping[str, Any], truth: Mapping[str, Any] | None = None) -> JsonDict:
    """One observation as facts (round, phase, tokens, the viewer's code) and tables
    (the teams with the keywords the viewer knows, the note sheet)."""
    digits = obs["limits"]["code_length"]

    def code(value: Sequence[int] | None) -> str:
        return ".".join("?" * digits) if value is None else ".".join(str(d) for d in value)

    facts: list[list[Any]] = [["Round", obs["round"]], ["Phase", obs["phase"]]]
    if obs["reading"]:
        facts.append(["Clues being guessed", obs["reading"].capitalize()])
    for team, tokens in obs["tokens"].items():
        if obs["teams"].get(team):
            words = f"{tokens['interceptions']} interception(s)"
            if not obs["three_player"]:
                words += f", {tokens['miscommunications']} miscommunication(s)"
            facts.append([team.capitalize(), words])
    if obs.get("code") is not None:
        facts.append(["Code (this Encryptor)", code(obs["code"])])
    names = obs["names"]
    keyword_rows = [
        [
            team.capitalize(),
            ", ".join(names[s] for s in obs["teams"][team]),
            "hidden" if words is None else ", ".join(words),
        ]
        for team, words in obs["keywords"].items()
    ]
    note_rows = [
        [
            team.capitalize(),
            row["round"],
            " · ".join("—" if c is None else c for c in row["clues"]),
            code(row["code"]) if row["code"] else "?",
            "" if not row["code"] else f"{code(row['decrypt'])} / {code(row['intercept'])}",
        ]
        for team, side in obs["notes"].items()
        for row in side["rows"]
    ]
    tables = [
        {"title": "Teams", "columns": ["team", "players", "keywords"], "rows": keyword_rows},
        {
            "title": "Note sheet",
            "columns": ["team", "round", "clues", "code", "guesses (own / other)"],
            "rows": note_rows,
        },
    ]
    return {"svg": None, "facts": facts, "tables": tables}


def progress(view: Mapping[str, Any]) -> tuple[str, str]:
    """The round and each team's tokens, from a spectator's view.

    >>> progress({"round": 2, "tokens": {"white": {"interceptions": 1, "miscommunications": 0}}})
    ('round 2', 'white: 1 intercepted, 0 missed')
    """
    tokens = view.get("tokens") or {}
    score = ", ".join(
        f"{team}: {t.get('interceptions', 0)} intercepted, {t.get('miscommunications', 0)} missed"
        for team, t in tokens.items()
    )
    return (f"round {view['round']}" if view.get("round") else ""), score


def room_config(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """A room's config: its seats and, if chosen, the sand timer's seconds (the server
    keeps it).

    >>> room_config(4, {"timer": False}), room_config(4, {"timer": 60})
    ({'players': 4, 'timer': False}, {'players': 4, 'timer': 60})
    """
    timer = options.get("timer", False)
    return {"players": players, "timer": timer if isinstance(timer, int) else False}

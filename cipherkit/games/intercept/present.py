"""How generic tools (the :class:`~cipherkit.widgets.Replay` widget) show an intercept game.

The presentation hooks of :data:`cipherkit.games.intercept.GAME`: pure functions of a
state or of one observation, with no notebook library. They are called where the game is
shown, so their words are in the language in force there.

>>> from cipherkit.games.intercept import new_game
>>> state = new_game({"players": 4}, seed=1)
>>> title(state)
'Intercept'
>>> drawn = board(state.observe("spectator"), None)
>>> drawn["facts"][:2], [t["title"] for t in drawn["tables"]]
([['Round', 1], ['Phase', 'write']], ['Teams', 'Note sheet'])
>>> from cipherkit.i18n import speaking
>>> with speaking("ru"):
...     board(state.observe("spectator"), None)["facts"][:2]
[['Раунд', 1], ['Фаза', 'подсказки']]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cipherkit.core.protocol import JsonDict, State
from cipherkit.games.intercept.config import DEFAULT_CONFIG, LANGUAGES
from cipherkit.games.intercept.messages import team_title
from cipherkit.i18n import _, ngettext, pgettext

__all__ = ["board", "title"]


def title(state: State) -> str:
    """The game's title."""
    return _("Intercept")


def _side(team: str) -> str:
    """A side's name in lower case, as the teacher's room table shows it."""
    words = {
        "white": pgettext("intercept side", "white"),
        "black": pgettext("intercept side", "black"),
        "interceptor": pgettext("intercept side", "interceptor"),
    }
    return words.get(team, team)


def _phase(phase: str) -> str:
    words = {
        "write": pgettext("intercept phase", "write"),
        "guess": pgettext("intercept phase", "guess"),
        "keywords": pgettext("intercept phase", "keywords"),
        "over": pgettext("intercept phase", "over"),
    }
    return words.get(phase, phase)


def board(obs: Mapping[str, Any], truth: Mapping[str, Any] | None = None) -> JsonDict:
    """One observation as facts (round, phase, tokens, the viewer's code) and tables
    (the teams with the keywords the viewer knows, the note sheet)."""
    digits = obs["limits"]["code_length"]

    def code(value: Sequence[int] | None) -> str:
        return ".".join("?" * digits) if value is None else ".".join(str(d) for d in value)

    facts: list[list[Any]] = [[_("Round"), obs["round"]], [_("Phase"), _phase(obs["phase"])]]
    if obs["reading"]:
        facts.append([_("Clues being guessed"), str(team_title(obs["reading"]))])
    for team, tokens in obs["tokens"].items():
        if obs["teams"].get(team):
            caught = tokens["interceptions"]
            missed = tokens["miscommunications"]
            if obs["three_player"]:
                words = ngettext("{n} interception", "{n} interceptions", caught)
            else:
                words = _(
                    "{interceptions}, {miscommunications}",
                    interceptions=ngettext("{n} interception", "{n} interceptions", caught),
                    miscommunications=ngettext(
                        "{n} miscommunication", "{n} miscommunications", missed
                    ),
                )
            facts.append([str(team_title(team)), words])
    if obs.get("code") is not None:
        facts.append([_("Code (this Encryptor)"), code(obs["code"])])
    names = obs["names"]
    keyword_rows = [
        [
            str(team_title(team)),
            ", ".join(names[s] for s in obs["teams"][team]),
            _("hidden") if words is None else ", ".join(words),
        ]
        for team, words in obs["keywords"].items()
    ]
    note_rows = [
        [
            str(team_title(team)),
            row["round"],
            " · ".join("—" if c is None else c for c in row["clues"]),
            code(row["code"]) if row["code"] else "?",
            "" if not row["code"] else f"{code(row['decrypt'])} / {code(row['intercept'])}",
        ]
        for team, side in obs["notes"].items()
        for row in side["rows"]
    ]
    tables = [
        {
            "title": _("Teams"),
            "columns": [_("team"), _("players"), _("keywords")],
            "rows": keyword_rows,
        },
        {
            "title": _("Note sheet"),
            "columns": [_("team"), _("round"), _("clues"), _("code"), _("guesses (own / other)")],
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
        _(
            "{team}: {interceptions} intercepted, {miscommunications} missed",
            team=_side(team),
            interceptions=t.get("interceptions", 0),
            miscommunications=t.get("miscommunications", 0),
        )
        for team, t in tokens.items()
    )
    return (_("round {n}", n=view["round"]) if view.get("round") else ""), score


def room_config(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """A room's config: its seats and, if chosen, the sand timer's seconds (the server
    keeps it) and the table's language (a Russian table: no bot seat, see
    :func:`~cipherkit.games.intercept.config.check_bots`).

    >>> room_config(4, {"timer": False}), room_config(4, {"timer": 60})
    ({'players': 4, 'timer': False}, {'players': 4, 'timer': 60})
    >>> room_config(4, {"language": "ru"})
    {'players': 4, 'timer': False, 'language': 'ru'}
    """
    timer = options.get("timer", False)
    config: dict[str, Any] = {
        "players": players,
        "timer": timer if isinstance(timer, int) else False,
    }
    language = options.get("language")
    if language in LANGUAGES and language != DEFAULT_CONFIG["language"]:
        config["language"] = language
    return config

"""What the intercept table shows the person, built from their seat's observation only.

Design notes: ``docs/design-notes.md``, ``cipherkit.widgets.intercept.view``.

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

import math
from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from cipherkit.core.protocol import Seat
from cipherkit.games.intercept.clock import WARNING_SECONDS, warning_due
from cipherkit.games.intercept.messages import team_title, words
from cipherkit.games.intercept.observation import InterceptObservation, Limits
from cipherkit.i18n import N_, _, ngettext

LOG_LINES = 40

ROLE_WORDS = {
    "encryptor": N_("Encryptor"),
    "decryptor": N_("decrypting"),
    "interceptor": N_("intercepting"),
    "keywords": N_("guessing keywords"),
    "timer": "",
}
"""What the person is doing this round (said with ``_`` in the view)."""

OWNERS = {
    "white": N_("White’s"),
    "black": N_("Black’s"),
    "interceptor": N_("Interceptor’s"),
}
"""A side's name where it owns something, as the table writes it (Russian: another case)."""

GIVE_CLUE = (N_("Give the first clue"), N_("Give the second clue"), N_("Give the third clue"))
"""The button that gives the Encryptor's next clue, by the clue's place."""


def code_text(code: Sequence[int] | None, length: int) -> str:
    """``[3, 1, 4]`` -> ``"3.1.4"``; ``None`` -> one ``?`` per digit of a code of
    ``length`` digits (the observation's ``limits["code_length"]``).

    >>> code_text([3, 1, 4], 3), code_text(None, 3)
    ('3.1.4', '?.?.?')
    """
    return ".".join("?" * length) if code is None else ".".join(str(d) for d in code)


def _title(team: str) -> str:
    """The side's name in the language in force (``"white"`` -> *White*)."""
    return str(team_title(team))


def _owner(team: str) -> str:
    """The side's name owning something (``"white"`` -> *White’s*)."""
    known = OWNERS.get(team)
    return _(known) if known else f"{team.capitalize()}’s"


def winner_text(obs: Mapping[str, Any]) -> str:
    """Who won, for a spectator: ``"White wins!"`` or ``"A shared victory."``."""
    outcome = obs["outcome"]
    if outcome.get("draw"):
        return _("A shared victory.")
    winners = set(outcome["winners"])
    team = next((t for t, seats in obs["teams"].items() if winners & set(seats)), None)
    return _("The game is over.") if team is None else _("{team} wins!", team=_title(team))


def end_reason(obs: Mapping[str, Any]) -> str | None:
    """Why the game ended (``tiebreaker`` in the keyword stage), in words; else ``None``."""
    reason = obs["end_reason"]
    return None if reason is None else words(reason)


def status_line(obs: Mapping[str, Any], seat: int | None) -> str:
    """The one-line instruction shown above the table (``seat`` ``None``: a spectator).

    >>> from cipherkit.games.intercept import new_game
    >>> from cipherkit.i18n import speaking
    >>> with speaking("ru"):
    ...     status_line(new_game({"language": "ru"}, seed=1).observe(2), 2)
    'Шифровальщики пишут подсказки…'
    """
    if obs["outcome"] is not None:
        return _end_line(obs, seat)
    me = obs["team"]
    role = obs["role"]
    limits = obs["limits"]
    if role == "encryptor":
        done = len(obs["my_clues"] or [])
        if done == 0:
            return _(
                "You encrypt for {team} this round: give one clue for each digit of "
                "your code, in order.",
                team=_title(me),
            )
        return _(
            "Clue {number} of {total}: for digit {digit} of your code.",
            number=done + 1,
            total=limits["code_length"],
            digit=obs["code"][done],
        )
    if role == "decryptor":
        return _(
            "Decrypt: which code do your teammate’s clues stand for? Pick {digits} for "
            "{owner} code.",
            digits=ngettext("{n} digit", "{n} digits", limits["code_length"]),
            owner=_owner(me),
        )
    if role == "interceptor":
        return _(
            "Intercept: guess {owner} code from its clues and the note sheet.",
            owner=_owner(obs["reading"]),
        )
    if role == "keywords":
        return ngettext(
            "Tiebreaker: guess the other team’s {n} keyword (leave a box empty to skip).",
            "Tiebreaker: guess the other team’s {n} keywords (leave a box empty to skip).",
            limits["keywords"],
        )
    if obs["phase"] == "write":
        return _("The Encryptors are writing their clues…")
    if obs["phase"] == "guess":
        return _("{owner} clues are being guessed…", owner=_owner(obs["reading"]))
    return _("Waiting for the other players…")


def _end_line(obs: Mapping[str, Any], seat: int | None) -> str:
    """The status line once the game is over."""
    reason = end_reason(obs)
    if seat is None:
        return _("{winner} ({reason})", winner=winner_text(obs), reason=reason)
    if obs["outcome"].get("draw"):
        return _("The game is over: both teams share the victory.")
    team = _title(obs["team"])
    if seat in obs["outcome"]["winners"]:
        return _("The game is over: {team} wins ({reason})!", team=team, reason=reason)
    return _("The game is over: {team} loses ({reason}).", team=team, reason=reason)


def legend(obs: Mapping[str, Any]) -> str:
    """What the tokens mean, under the teams.

    >>> legend({"three_player": False, "limits": {"tokens_to_end": 2}})
    '◯ Interception tokens: two win.  ● Miscommunication tokens: two lose.'
    """
    count = obs["limits"]["tokens_to_end"]
    spelled = {
        1: _("one"),
        2: _("two"),
        3: _("three"),
        4: _("four"),
    }.get(count, str(count))
    if obs["three_player"]:
        return _(
            "◯ Interception tokens: {count} by the last round win for the Interceptor (a "
            "failed decrypt gives one too).",
            count=spelled,
        )
    return _(
        "◯ Interception tokens: {count} win.  ● Miscommunication tokens: {count} lose.",
        count=spelled,
    )


class SeatView(TypedDict):
    """A seat of a team: who sits there, whether it is the person, a bot or the
    Encryptor this round."""

    seat: Seat
    name: str
    you: bool
    bot: str | None
    encryptor: bool


class TeamView(TypedDict):
    """A team's panel: its seats, its keywords (the person's own team's only), its
    tokens and (at the end) its points."""

    id: str
    title: str
    yours: bool
    seats: list[SeatView]
    keywords: list[str] | None
    interceptions: int
    miscommunications: int
    points: int | None
    points_text: str | None


class GuessChoice(TypedDict):
    """What a digit button of a guess says (:func:`guess_choices`)."""

    digit: int
    label: str
    words: list[str]


class ReadingView(TypedDict):
    """The code being guessed: whose, its clues, who gave them, and the buttons."""

    team: str
    title: str
    heading: str
    clues: list[str | None]
    encryptor: str
    choices: list[GuessChoice]


class RevealView(TypedDict):
    """The last code revealed, with both guesses and the tokens they earned."""

    round: int
    team: str
    code: str
    decrypt: str
    intercept: str | None
    interception: bool
    miscommunication: bool
    headline: str
    guesses: str
    verdict: str


class NoteRow(TypedDict):
    """A round on a team's note sheet."""

    round: int
    clues: list[str]
    code: str | None
    decrypt: str | None
    intercept: str | None


class NoteIndex(TypedDict):
    """The clues filed under a keyword's number (the keyword itself only if known)."""

    digit: int
    keyword: str | None
    clues: list[str]


class NotesView(TypedDict):
    """A team's note sheet: its rounds and its clues by number."""

    team: str
    title: str
    heading: str
    yours: bool
    rows: list[NoteRow]
    index: list[NoteIndex]


class ClueView(TypedDict):
    """A clue the person (the Encryptor) gave, and the warnings it drew."""

    text: str
    warnings: list[str]


class OutcomeView(TypedDict):
    """The end of the game for the person: the result, why, and every keyword."""

    result: str
    banner: str | None
    reason: str | None
    keywords: dict[str, list[str]]
    keyword_lines: list[str]


class KeywordStage(TypedDict):
    """The tiebreaker's keyword guesses and hits."""

    guesses: dict[str, list[str] | bool]
    hits: list[int] | None


class YouView(TypedDict):
    """The person: their seat, name, team and role (a spectator has none)."""

    seat: Seat | None
    name: str
    spectator: bool
    team: str | None
    role: str | None
    role_words: str


class TimerView(TypedDict):
    """The sand timer (:func:`timer_view`)."""

    seconds_left: float
    shown: int
    warn_at: float
    warning: bool
    label: str
    warn_text: str
    up_text: str


class InterceptView(TypedDict):
    """What ``intercept/table.js`` draws: the contract between :func:`build_view` and
    the page (the table adds its room's keys)."""

    serial: int
    game_number: int
    round: int
    max_rounds: int
    limits: Limits
    phase: str
    three_player: bool
    interception_open: bool
    language: str
    status: str
    turn_line: str
    legend: str
    give_clue: str | None
    you: YouView
    teams: list[TeamView]
    keywords: list[str] | None
    code: list[int] | None
    next_digit: int | None
    next_keyword: str | None
    my_clues: list[ClueView] | None
    check: dict[str, Any] | None
    reading: ReadingView | None
    my_guess: str | None
    team_guess: str | None
    timer: TimerView | None
    time_up: str | None
    last_reveal: RevealView | None
    notes: list[NotesView]
    keyword_stage: KeywordStage | None
    outcome: OutcomeView | None
    log: list[str]
    log_total: int


def build_view(
    obs: InterceptObservation,
    *,
    seat: int | None,
    bots: Sequence[str | None] = (),
    check: Mapping[str, Any] | None = None,
    game_number: int = 1,
    serial: int = 0,
    clock: Mapping[str, Any] | None = None,
) -> InterceptView:
    """The view synced to the page, from ``obs = state.observe(seat)`` only: the
    teams (:func:`teams_view`), the code being read (:func:`reading_view`), the last
    reveal (:func:`last_reveal`), the note sheets (:func:`notes_view`), the person's
    clues (:func:`clues_view`), the timer, and the end (:func:`outcome_view`).

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
    clock:
        A room's running sand timer (``{"seconds_left": ...}``, kept by the server):
        the page counts down from it until the next view, and warns at
        :data:`~cipherkit.games.intercept.clock.WARNING_SECONDS`.
    """
    limits = obs["limits"]
    digits = limits["code_length"]
    code = obs["code"]
    given = len(obs["my_clues"] or [])
    my_team = obs["team"]
    own_words = obs["keywords"].get(my_team) if my_team else None
    writing = obs["role"] == "encryptor"
    next_digit = code[given] if writing and code and given < digits else None
    log = obs["log"]
    pending = obs["my_guess"]
    status = status_line(obs, seat)
    return {
        "serial": serial,
        "game_number": game_number,
        "round": obs["round"],
        "max_rounds": limits["max_rounds"],
        "limits": {**limits},
        "phase": obs["phase"],
        "three_player": obs["three_player"],
        "interception_open": obs["interception_open"],
        "language": obs["options"].get("language", "en"),
        "status": status,
        "turn_line": turn_line(obs, seat, pending, status),
        "legend": legend(obs),
        "give_clue": _give_clue(given) if writing and given < digits else None,
        "you": {
            "seat": seat,
            "name": _("spectator") if seat is None else obs["names"][seat],
            "spectator": seat is None,
            "team": my_team,
            "role": obs["role"],
            "role_words": _(ROLE_WORDS[obs["role"]]) if obs["role"] in ROLE_WORDS else "",
        },
        "teams": teams_view(obs, seat, bots),
        "keywords": None if own_words is None else list(own_words),
        "code": None if code is None else list(code),
        "next_digit": next_digit,
        "next_keyword": None
        if next_digit is None or own_words is None
        else own_words[next_digit - 1],
        "my_clues": clues_view(obs),
        "check": None if check is None or not writing else dict(check),
        "reading": reading_view(obs),
        "my_guess": None if pending is None else code_text(pending, digits),
        "team_guess": team_guess(obs, pending, digits),
        "timer": timer_view(clock, writing=writing),
        "time_up": time_up(obs, seat),
        "last_reveal": last_reveal(obs),
        "notes": notes_view(obs),
        "keyword_stage": None
        if obs["keyword_guesses"] is None
        else {"guesses": obs["keyword_guesses"], "hits": obs["keyword_hits"]},
        "outcome": outcome_view(obs, seat),
        "log": [words(line) for line in log[-LOG_LINES:]],
        "log_total": len(log),
    }


def _give_clue(given: int) -> str:
    """The give-clue button's words for the clue after ``given`` clues."""
    if given < len(GIVE_CLUE):
        return _(GIVE_CLUE[given])
    return _("Give clue {number}", number=given + 1)


def signed(number: int) -> str:
    """A score with its sign: ``+1``, ``0`` as ``+0``, ``-2``.

    >>> signed(1), signed(0), signed(-2)
    ('+1', '+0', '-2')
    """
    return ("+" if number >= 0 else "") + str(number)


def teams_view(
    obs: InterceptObservation, seat: int | None, bots: Sequence[str | None] = ()
) -> list[TeamView]:
    """The teams' panels (a team with no seat is left out).

    >>> from cipherkit.games.intercept import new_game
    >>> teams = teams_view(new_game({"players": 4}, seed=1).observe(0), 0)
    >>> [(t["title"], t["yours"], len(t["seats"]), t["keywords"] is None) for t in teams]
    [('White', True, 2, False), ('Black', False, 2, True)]
    """
    names = obs["names"]
    teams: list[TeamView] = []
    for team, members in obs["teams"].items():
        if not members:
            continue
        tokens = obs["tokens"][team]
        keywords = obs["keywords"].get(team)
        points = None if obs["points"] is None else obs["points"][0 if team == "white" else 1]
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
                "points": points,
                "points_text": None if points is None else _("{points} pts", points=signed(points)),
            }
        )
    return teams


def reading_view(obs: InterceptObservation) -> ReadingView | None:
    """The code being guessed now (``None`` outside the guessing phase)."""
    history = obs["history"]
    team = obs["reading"]
    if obs["phase"] != "guess" or not history or team is None:
        return None
    current = history[-1]
    encryptor = current["encryptor"]
    name = "" if encryptor is None else obs["names"][encryptor]
    if obs["role"] == "decryptor":
        heading = _("Decrypt {name}’s clues", name=name)
    else:
        heading = _("Intercept {owner} clues", owner=_owner(team))
    return {
        "team": team,
        "title": _title(team),
        "heading": heading,
        "clues": list(current["clues"]),
        "encryptor": name,
        "choices": guess_choices(obs, team),
    }


def last_reveal(obs: InterceptObservation) -> RevealView | None:
    """The last code revealed, with both guesses (``None`` before the first reveal)."""
    revealed = [r for r in obs["history"] if r["code"] is not None]
    if not revealed:
        return None
    r = revealed[-1]
    digits = obs["limits"]["code_length"]
    team = list(obs["teams"])[r["team"]]
    code, decrypt = code_text(r["code"], digits), code_text(r["decrypt"], digits)
    intercept = None if r["intercept"] is None else code_text(r["intercept"], digits)
    guesses = _("{team} guessed {code}", team=_title(team), code=decrypt)
    if intercept is not None:
        guesses = _("{guess}; the other side guessed {code}", guess=guesses, code=intercept)
    missed, caught = bool(r["miscommunication"]), bool(r["interception"])
    if missed and caught:
        verdict = _("(miscommunication, intercepted)")
    elif missed or caught:
        verdict = _("(miscommunication)") if missed else _("(intercepted)")
    else:
        verdict = _("(decrypted)")
    return {
        "round": r["round"],
        "team": _title(team),
        "code": code,
        "decrypt": decrypt,
        "intercept": intercept,
        "interception": caught,
        "miscommunication": missed,
        "headline": _(
            "Round {round}, {owner} code was {code}.",
            round=r["round"],
            owner=_owner(team),
            code=code,
        ),
        "guesses": guesses,
        "verdict": verdict,
    }


def notes_view(obs: InterceptObservation) -> list[NotesView]:
    """Each team's note sheet: its rounds, and its clues filed by keyword number."""
    limits = obs["limits"]
    digits = limits["code_length"]

    def as_code(value: Sequence[int] | None) -> str | None:
        return None if value is None else code_text(value, digits)

    notes: list[NotesView] = []
    for team, side in obs["notes"].items():
        keywords = obs["keywords"].get(team)
        yours = team == obs["team"]
        notes.append(
            {
                "team": team,
                "title": _title(team),
                "heading": _("{owner} clues (yours)", owner=_owner(team))
                if yours
                else _("{owner} clues", owner=_owner(team)),
                "yours": yours,
                "rows": [
                    {
                        "round": row["round"],
                        "clues": list(row["clues"]),
                        "code": as_code(row["code"]),
                        "decrypt": as_code(row["decrypt"]),
                        "intercept": as_code(row["intercept"]),
                    }
                    for row in side["rows"]
                ],
                "index": [
                    {
                        "digit": d,
                        "keyword": None if keywords is None else keywords[d - 1],
                        "clues": list(side["index"][str(d)]),
                    }
                    for d in range(1, limits["keywords"] + 1)
                ],
            }
        )
    return notes


def clues_view(obs: InterceptObservation) -> list[ClueView] | None:
    """The clues the person gave this round as Encryptor, with their warnings."""
    clues = obs["my_clues"]
    if clues is None:
        return None
    warnings = obs["my_warnings"] or []
    return [
        {"text": text, "warnings": [words(w) for w in warnings[i]] if i < len(warnings) else []}
        for i, text in enumerate(clues)
    ]


def outcome_view(obs: InterceptObservation, seat: int | None) -> OutcomeView | None:
    """The end of the game for the person (``None`` while it goes on)."""
    outcome = obs["outcome"]
    if outcome is None:
        return None
    if outcome.get("draw"):
        result = "draw"
    elif seat is None:
        result = "watched"
    else:
        result = "win" if seat in outcome["winners"] else "loss"
    return {
        "result": result,
        "banner": winner_text(obs) if seat is None else None,
        "reason": end_reason(obs),
        "keywords": {t: list(w) for t, w in obs["keywords"].items() if w is not None},
        "keyword_lines": [
            _("{owner} keywords: {keywords}", owner=_owner(t), keywords=", ".join(w))
            for t, w in obs["keywords"].items()
            if w is not None
        ],
    }


def guess_choices(obs: Mapping[str, Any], reading: str) -> list[GuessChoice]:
    """What each digit button of a guess says: the keyword, when the guesser's own team
    is read (decrypting); else, intercepting, the clues filed under that number on the
    note sheet (the other team's keywords are unknown).

    >>> from cipherkit.games.intercept import new_game, parse_action
    >>> keywords = {"white": ["black", "dragonfly", "cocktail", "sombrero"],
    ...             "black": ["antiquity", "bone", "morning", "nightmare"]}
    >>> state = new_game({"keywords": keywords}, seed=1)
    >>> for seat, clues in ((0, ("bar", "insect", "hat")), (1, ("old", "skull", "dawn"))):
    ...     for word in clues:
    ...         _ = state.apply(seat, parse_action(f"clue {word}"))
    >>> choices = guess_choices(state.observe(2), "white")
    >>> [c["label"] for c in choices] == state.observe(2)["keywords"]["white"]
    True
    >>> guess_choices(state.observe(1), "white")[0]
    {'digit': 1, 'label': 'no clues yet', 'words': []}
    """
    count = obs["limits"]["keywords"]
    keywords = obs["keywords"].get(reading) if reading == obs["team"] else None
    if keywords is not None:
        return [
            {"digit": d, "label": keywords[d - 1], "words": [keywords[d - 1]]}
            for d in range(1, count + 1)
        ]
    index = (obs["notes"].get(reading) or {}).get("index") or {}
    choices: list[GuessChoice] = []
    for d in range(1, count + 1):
        filed = list(index.get(str(d)) or [])
        label = ", ".join(filed) if filed else _("no clues yet")
        choices.append({"digit": d, "label": label, "words": filed})
    return choices


ACTING_ROLES = ("encryptor", "decryptor", "interceptor", "keywords")
"""The roles that have something to do now (a timer's role is the server's)."""


def turn_line(
    obs: Mapping[str, Any], seat: int | None, pending: Sequence[int] | None, status: str
) -> str:
    """The pinned "Your turn: ..." line (the seat's ``status`` line) of a seat that has
    something to do now ("" when it has not: a spectator, a team whose guess is sent, a
    game over).

    >>> obs = {"outcome": None, "role": "decryptor"}
    >>> turn_line(obs, 0, None, "Decrypt: which code?")
    'Your turn: Decrypt: which code?'
    >>> turn_line(obs, 0, [3, 1, 4], "Wait."), turn_line(obs, None, None, "Watch.")
    ('', '')
    """
    if seat is None or obs["outcome"] is not None or obs["role"] not in ACTING_ROLES:
        return ""
    if obs["role"] != "encryptor" and pending is not None:
        return ""
    return _("Your turn: {status}", status=status)


def team_guess(obs: Mapping[str, Any], pending: Sequence[int] | None, digits: int) -> str | None:
    """The team's guess once a team-mate sent it, in words (the team's own: the
    observation holds no other team's pending guess).

    >>> obs = {"team": "white", "reading": "white"}
    >>> team_guess(obs, [3, 1, 4], 3)
    'Your team’s guess is sent: 3.1.4.'
    >>> team_guess(obs, None, 3) is None
    True
    """
    if pending is None or obs["team"] is None:
        return None
    return _("Your team’s guess is sent: {code}.", code=code_text(pending, digits))


def timer_view(clock: Mapping[str, Any] | None, *, writing: bool) -> TimerView | None:
    """The sand timer as the page shows it: the seconds left when the view was made
    (the page counts down from there), when to warn, and the words.

    >>> timer_view({"seconds_left": 23.4}, writing=True)["warning"]
    False
    >>> timer_view({"seconds_left": 8.0}, writing=False)["warn_text"]
    'Only 10 seconds left for the last clues.'
    >>> timer_view(None, writing=True) is None
    True
    """
    if not clock:
        return None
    left = max(0.0, float(clock["seconds_left"]))
    warn = int(WARNING_SECONDS)
    return {
        "seconds_left": round(left, 1),
        "shown": math.ceil(left),
        "warn_at": WARNING_SECONDS,
        "warning": warning_due(left),
        "label": _("Time left to give the clues") if writing else _("Time left for the last clues"),
        "warn_text": ngettext(
            "Hurry: you have {n} second left.", "Hurry: you have {n} seconds left.", warn
        )
        if writing
        else ngettext(
            "Only {n} second left for the last clues.",
            "Only {n} seconds left for the last clues.",
            warn,
        ),
        "up_text": _("Time is up."),
    }


def time_up(obs: Mapping[str, Any], seat: int | None) -> str | None:
    """One sentence for the Encryptor whose time ran out this round (some of their
    clues were not given), else ``None``.

    >>> obs = {"round": 2, "timed_out": True, "team": "white", "limits": {"code_length": 3},
    ...        "encryptors": {"white": 0, "black": 1}, "written": {"white": 1, "black": 3}}
    >>> time_up(obs, 0)
    'Time ran out before you gave all your clues: the missing ones are blank this round.'
    >>> time_up(obs, 1) is None
    True
    """
    team = obs.get("team")
    if seat is None or team is None or not obs.get("timed_out"):
        return None
    if obs["encryptors"].get(team) != seat:
        return None
    if obs["written"].get(team, 0) >= obs["limits"]["code_length"]:
        return None
    return _("Time ran out before you gave all your clues: the missing ones are blank this round.")

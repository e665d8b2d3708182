"""Intercept's rules (Decrypto; docs/rules/intercept.md): each action kind's legality
and effect, and the round's flow.

:data:`RULES` maps an action's class to a :class:`Rule`: two plain functions of the
:class:`~cipherkit.games.intercept.state.InterceptState`, the check and the change.

Examples
--------
>>> from cipherkit.games.intercept import new_game, parse_action
>>> keywords = {"white": ["black", "dragonfly", "cocktail", "sombrero"],
...             "black": ["antiquity", "bone", "morning", "nightmare"]}
>>> state = new_game({"keywords": keywords}, seed=1)
>>> state.actors(), state.encryptors
([0, 1], [0, 1])
>>> state.observe(0)["code"] is not None, state.observe(2)["code"]
(True, None)
>>> state.is_legal(0, parse_action("clue dragonflies"))
False
>>> state.check(0, parse_action("clue Mexico")) is None
True
>>> RULES[Clue].check.__name__, RULES[Clue].apply.__name__
('check_clue_action', 'write_clue')

A refusal is a structured message, in words where it is shown:

>>> from cipherkit.i18n import speaking
>>> try:
...     state.check(2, parse_action("clue Mexico"))
... except IllegalAction as exc:
...     with speaking("ru"):
...         print(exc.reason)
Шифровальщики пишут подсказки
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from cipherkit.core.errors import IllegalAction
from cipherkit.core.protocol import Action, Event, Outcome, Seat
from cipherkit.games.intercept.actions import (
    BLANK,
    CODES,
    GUESSES,
    NO_KEYWORD_GUESS,
    TIMEOUT,
    Clue,
    Guess,
    KeywordGuess,
    Timeout,
    code_text,
)
from cipherkit.games.intercept.clues import check_clue
from cipherkit.games.intercept.config import (
    CLUES_PER_CODE,
    DEFAULT_CONFIG,
    GUESS,
    KEYWORDS,
    OVER,
    STOCK_CLUES,
    TOKENS_TO_END,
    WRITE,
    code_list,
    make_config,
    stock_clues,
    team_seats,
)
from cipherkit.games.intercept.messages import (
    clauses,
    english,
    from_json,
    team_owner,
    team_title,
)
from cipherkit.games.intercept.words import same_word
from cipherkit.i18n import N_, Message, say

if TYPE_CHECKING:
    from cipherkit.games.intercept.state import InterceptState

__all__ = [
    "DEFAULT_CONFIG",
    "OVER",
    "RULES",
    "STOCK_CLUES",
    "Rule",
    "keyword_matches",
    "make_config",
    "new_game",
    "team_seats",
]


def new_game(config: Mapping[str, Any] | None = None, *, seed: int) -> InterceptState:
    """Deal a new game: keywords for each team, round 1's Encryptors and codes."""
    # the state module imports this one (for RULES), so the class is imported here
    from cipherkit.games.intercept.state import InterceptState

    return InterceptState.new(config, seed=seed)


class Rule(NamedTuple):
    """An action kind's rule: ``check`` raises :class:`IllegalAction` with a reason (or
    returns), ``apply`` changes the state of a checked action and returns its events."""

    check: Callable[[InterceptState, Seat, Any], None]
    apply: Callable[[InterceptState, Seat, Any], list[Event]]


# ---------------------------------------------------------------- the protocol
# InterceptState's legal_actions, check and _apply are these functions.
def legal_actions(state: InterceptState, seat: Seat) -> list[Action]:
    """Every action ``seat`` may take now (for an Encryptor: the stock clues legal now;
    any other clue that passes the checks is just as legal)."""
    role = state.role(seat) if state.outcome is None else None
    if role == "encryptor":
        team = state.team_of(seat)
        earlier = state.team_clues(team)
        return [
            Clue(word)
            for word in stock_clues(state.config)
            if check_clue(word, state.keywords[team], earlier).ok
        ]
    if role == "timer":
        return [TIMEOUT]
    if role in ("decryptor", "interceptor"):
        return list(GUESSES.values())
    if role == "keywords":
        return [NO_KEYWORD_GUESS]
    return []


def check(state: InterceptState, seat: Seat, action: Action) -> None:
    """Raise :class:`IllegalAction` with the reason if ``seat`` may not take ``action``."""
    if state.outcome is not None:
        raise IllegalAction.say("the game is over")
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        raise IllegalAction.say(
            "there is no seat {seat} in this game (0-{last})",
            seat=repr(seat),
            last=state.players - 1,
        )
    rule = RULES.get(type(action))
    if rule is None:
        raise IllegalAction.say("{action} is not an intercept action", action=repr(action))
    rule.check(state, seat, action)


def carry_out(state: InterceptState, seat: Seat, action: Action) -> list[Event]:
    """Carry out a checked action."""
    return RULES[type(action)].apply(state, seat, action)


def _why_not(state: InterceptState, verb: str, seat: Seat) -> Message:
    """Why ``seat`` may not take an action of kind ``verb`` now."""
    team = state.team_of(seat)
    if state.phase == WRITE:
        if seat in state.encryptors and verb == "clue":
            return say("you have written all your clues this round")
        if verb == "timeout":
            if not state.config["timer"]:
                return say("this game is played without the sand timer")
            if seat in state.writers():
                return say("you are still writing: the other side claims the timeout")
            return say("the timer starts only once one Encryptor has finished")
        return say("the Encryptors are writing their clues")
    if state.phase == GUESS:
        active = state.active_team
        assert active is not None
        if verb == "guess":
            if team == active and seat == state.encryptors[active]:
                return say("the Encryptor takes no part in the guess")
            if team != active and not state.interception_open():
                return say("no interception in round 1")
            return say("your team has already guessed this code")
        return say(
            "{owner} clues are being guessed: guess a code",
            owner=team_owner(state.team_names[active]),
        )
    if state.phase == KEYWORDS:
        if verb == "keywords":
            return say("your team has already guessed the keywords")
        return say("tiebreaker: guess the other team's keywords (keywords a, b, c, d)")
    return say("the game is over")


# ---------------------------------------------------------------- write a clue
def check_clue_action(state: InterceptState, seat: Seat, action: Clue) -> None:
    if state.role(seat) != "encryptor":
        raise IllegalAction(_why_not(state, "clue", seat))
    team = state.team_of(seat)
    result = check_clue(action.text, state.keywords[team], state.team_clues(team))
    if result.said is not None:
        raise IllegalAction.say("the clue {clue!r} {reason}", clue=action.text, reason=result.said)


def write_clue(state: InterceptState, seat: Seat, action: Clue) -> list[Event]:
    """The Encryptor writes the next clue; once both have written all three, the clues
    are read."""
    text = action.text
    team = state.team_of(seat)
    warnings = _warnings(state, team, text)
    state.written[team].append(text)
    state.written_warnings[team].append(warnings)
    count = len(state.written[team])
    event = Event(
        "clue-written",
        {"team": state.team_names[team], "count": count},
        _log(
            state,
            say(
                "{owner} Encryptor writes clue {count}.",
                owner=team_owner(state.team_names[team]),
                count=count,
            ),
        ),
    )
    events = [event]
    if not state.writers():
        events += _read_next(state)
    return events


def _warnings(state: InterceptState, team: int, text: str) -> list[dict[str, Any]]:
    """The near-repeat warnings of a clue, as messages (the word vectors are English:
    none at a table in another language)."""
    if not state.config["near_repeat_warnings"] or state.config["language"] != "en":
        return []
    from cipherkit.games.intercept.vectors import default_vectors

    vectors = default_vectors()
    if vectors is None:
        return []
    result = check_clue(text, state.keywords[team], state.team_clues(team), vectors=vectors)
    return [p.said.to_json() for p in result.warnings if p.kind == "near-repeat"]


def _log(state: InterceptState, message: Message) -> str:
    """Keep ``message`` in the game's log; return its English words (the event's text)."""
    state.said.append(message.to_json())
    return english(message)


# ---------------------------------------------------------------- the sand timer runs out
def check_timeout(state: InterceptState, seat: Seat, action: Timeout) -> None:
    if state.role(seat) != "timer":
        raise IllegalAction(_why_not(state, "timeout", seat))


def call_timeout(state: InterceptState, seat: Seat, action: Timeout) -> list[Event]:
    """Time is up: unwritten clues stay missing, and the clues are read."""
    state.timed_out = True
    event = Event(
        "timeout",
        {"seat": seat, "written": [len(w) for w in state.written[: state.coding_teams]]},
        _log(
            state,
            say("{name} calls time: unwritten clues stay missing.", name=state.name(seat)),
        ),
    )
    return [event, *_read_next(state)]


# ---------------------------------------------------------------- guess a code
def check_guess(state: InterceptState, seat: Seat, action: Guess) -> None:
    if state.role(seat) not in ("decryptor", "interceptor"):
        raise IllegalAction(_why_not(state, "guess", seat))


def guess_code(state: InterceptState, seat: Seat, action: Guess) -> list[Event]:
    """A team's decrypt (its own code) or interception (the other's); once both are in,
    the code is revealed."""
    role = state.role(seat)
    team = state.team_of(seat)
    if role == "decryptor":
        state.decrypt = action.code
    else:
        state.intercept = action.code
    owner = team_owner(state.team_names[team])
    if role == "decryptor":
        said = say("{name} writes {owner} decrypt guess.", name=state.name(seat), owner=owner)
    else:
        said = say("{name} writes {owner} interception guess.", name=state.name(seat), owner=owner)
    event = Event(
        "guess", {"team": state.team_names[team], "role": role, "seat": seat}, _log(state, said)
    )
    if state.decryptors() or state.interceptors():
        return [event]
    return [event, *_reveal(state)]


# ---------------------------------------------------------------- tiebreak: guess keywords
def check_keywords(state: InterceptState, seat: Seat, action: KeywordGuess) -> None:
    if state.role(seat) != "keywords":
        raise IllegalAction(_why_not(state, "keywords", seat))


def guess_keywords(state: InterceptState, seat: Seat, action: KeywordGuess) -> list[Event]:
    """A team's guess of the other's keywords; once both are in, the game ends."""
    team = state.team_of(seat)
    state.keyword_guesses[team] = list(action.words)
    event = Event(
        "keyword-guess",
        {"team": state.team_names[team], "seat": seat},
        _log(
            state,
            say(
                "{name} writes {owner} keyword guess.",
                name=state.name(seat),
                owner=team_owner(state.team_names[team]),
            ),
        ),
    )
    if any(g is None for g in state.keyword_guesses):
        return [event]
    hits = [
        sum(
            keyword_matches(guess, truth)
            for guess, truth in zip(
                state.keyword_guesses[t] or [], state.keywords[1 - t], strict=True
            )
        )
        for t in range(2)
    ]
    state.keyword_hits = hits
    if hits[0] != hits[1]:
        return [event, _finish(state, 0 if hits[0] > hits[1] else 1, say("tiebreaker: keywords"))]
    return [event, _finish(state, None, say("tiebreaker: shared victory"))]


RULES: dict[type[Action], Rule] = {
    Clue: Rule(check_clue_action, write_clue),
    Timeout: Rule(check_timeout, call_timeout),
    Guess: Rule(check_guess, guess_code),
    KeywordGuess: Rule(check_keywords, guess_keywords),
}
"""Each action kind's rule: its legality check and its effect."""


# ---------------------------------------------------------------- the round's flow
def start_round(state: InterceptState, number: int) -> None:
    """Round ``number``: the next Encryptor of each team draws a code."""
    state.round = number
    state.phase = WRITE
    state.timed_out = False
    state.written = [[], []]
    state.written_warnings = [[], []]
    state.encryptors = [None, None]
    state.codes = [None, None]
    state.decrypt = state.intercept = None
    for team in range(state.coding_teams):
        members = state.teams[team]
        state.encryptors[team] = members[(number - 1) % len(members)]
        if state.config["no_repeat_codes"]:
            if not state.decks[team]:
                state.decks[team] = list(CODES)
            deck = state.decks[team]
        else:
            deck = list(CODES)
        state.rng.shuffle(deck)
        state.codes[team] = deck.pop()
        state.decks[team] = deck
    if state.three_player:
        state.order = [0]
    elif state.config["alternate_first"] and number % 2 == 0:
        state.order = [1, 0]
    else:
        state.order = [0, 1]
    state.reading = 0
    who = [
        say(
            "{name} encrypts for {team}",
            name=state.name(cast(Seat, state.encryptors[t])),
            team=team_title(state.team_names[t]),
        )
        for t in range(state.coding_teams)
    ]
    if len(who) == 1:
        _log(state, say("Round {number}: {first}.", number=number, first=who[0]))
    else:
        _log(
            state,
            say("Round {number}: {first}, {second}.", number=number, first=who[0], second=who[1]),
        )


def _read_next(state: InterceptState) -> list[Event]:
    """Read the next team's clues aloud (or end the round)."""
    if state.phase == GUESS:
        state.reading += 1
    if state.reading >= len(state.order):
        return _end_round(state)
    state.phase = GUESS
    team = state.order[state.reading]
    clues: list[str | None] = list(state.written[team])
    warnings = list(state.written_warnings[team])
    while len(clues) < CLUES_PER_CODE:
        clues.append(None)
        warnings.append([])
    state.decrypt = state.intercept = None
    state.history.append(
        {
            "round": state.round,
            "team": team,
            "encryptor": state.encryptors[team],
            "clues": clues,
            "warnings": warnings,
            "code": None,
            "decrypt": None,
            "intercept": None,
            "interception": None,
            "miscommunication": None,
        }
    )
    shown = clauses([say("(missing)") if c is None else say("{clue!r}", clue=c) for c in clues])
    event = Event(
        "read",
        {"team": state.team_names[team], "round": state.round, "clues": clues},
        _log(
            state,
            say(
                "{owner} Encryptor reads: {clues}.",
                owner=team_owner(state.team_names[team]),
                clues=shown,
            ),
        ),
    )
    return [event]


def _reveal(state: InterceptState) -> list[Event]:
    team = state.active_team
    assert team is not None
    code = state.codes[team]
    other = state.opponent(team)
    intercepted = state.interception_open() and state.intercept == code
    missed = state.decrypt != code
    if intercepted:
        state.interceptions[other] += 1
    if missed:
        if state.three_player:
            state.interceptions[other] += 1
        else:
            state.miscommunications[team] += 1
    record = state.history[-1]
    record.update(
        code=code_list(code),
        decrypt=code_list(state.decrypt),
        intercept=code_list(state.intercept),
        interception=intercepted,
        miscommunication=missed,
    )
    name, other_name = state.team_names[team], state.team_names[other]
    parts = [
        say("{owner} code was {code}", owner=team_owner(name), code=code_text(code)),
        say("{team} guessed {code}", team=team_title(name), code=code_text(state.decrypt)),
    ]
    if state.interception_open():
        parts.append(
            say(
                "{team} guessed {code}",
                team=team_title(other_name),
                code=code_text(state.intercept),
            )
        )
    if intercepted:
        parts.append(say("{team} intercepts", team=team_title(other_name)))
    if missed:
        parts.append(say("{team} miscommunicates", team=team_title(name)))
    event = Event(
        "reveal",
        {
            "team": state.team_names[team],
            "round": state.round,
            "code": code_list(code),
            "decrypt": code_list(state.decrypt),
            "intercept": code_list(state.intercept),
            "interception": intercepted,
            "miscommunication": missed,
        },
        _log(state, say("{clauses}.", clauses=clauses(parts))),
    )
    return [event, *_read_next(state)]


def _end_round(state: InterceptState) -> list[Event]:
    if state.three_player:
        if state.interceptions[1] >= TOKENS_TO_END:
            return [_finish(state, 1, say("two interceptions"))]
        if state.round >= state.config["max_rounds"]:
            return [
                _finish(state, 0, say("no two interceptions by round {round}", round=state.round))
            ]
        start_round(state, state.round + 1)
        return [_round_event(state)]
    wins = [n >= TOKENS_TO_END for n in state.interceptions]
    losses = [n >= TOKENS_TO_END for n in state.miscommunications]
    tie = (
        any(w and lo for w, lo in zip(wins, losses, strict=True))
        or all(wins)
        or all(losses)
        or (state.round >= state.config["max_rounds"] and not any(wins + losses))
    )
    if tie:
        return _tiebreak(state)
    if any(wins):
        return [_finish(state, wins.index(True), say("two interceptions"))]
    if any(losses):
        return [_finish(state, 1 - losses.index(True), say("two miscommunications"))]
    start_round(state, state.round + 1)
    return [_round_event(state)]


def _round_event(state: InterceptState) -> Event:
    return Event("round", {"round": state.round}, english(from_json(state.said[-1])))


TIEBREAK = N_("tiebreaker")
"""The end reason shown while the teams guess each other's keywords."""


def _tiebreak(state: InterceptState) -> list[Event]:
    points = state.points()
    if points[0] != points[1]:
        return [_finish(state, 0 if points[0] > points[1] else 1, say("tiebreaker: points"))]
    state.phase = KEYWORDS
    state.end_said = Message(TIEBREAK).to_json()
    event = Event(
        "tiebreak",
        {"points": points},
        _log(
            state,
            say(
                "Tie on points ({points} each): each team guesses the other's keywords.",
                points=points[0],
            ),
        ),
    )
    return [event]


def _finish(state: InterceptState, winner: int | None, reason: Message) -> Event:
    state.phase = OVER
    state.end_said = reason.to_json()
    if winner is None:
        winners = tuple(range(state.players))
        result = say("Both teams share the victory")
    else:
        winners = tuple(state.teams[winner])
        result = say("{team} wins", team=team_title(state.team_names[winner]))
    scores = (
        None
        if state.three_player
        else {str(s): state.points()[state.team_of(s)] for s in range(state.players)}
    )
    state.outcome = Outcome(winners, english(reason), scores, draw=winner is None)
    revealed = clauses(
        [
            say(
                "{owner} keywords were {keywords}",
                owner=team_owner(state.team_names[t]),
                keywords=", ".join(state.keywords[t]),
            )
            for t in range(state.coding_teams)
        ]
    )
    event = Event(
        "end",
        {"outcome": state.outcome.to_json(), "keywords": state.keywords[: state.coding_teams]},
        _log(
            state,
            say(
                "{result} ({reason}). {keywords}.", result=result, reason=reason, keywords=revealed
            ),
        ),
    )
    return event


def keyword_matches(guess: str, truth: str) -> bool:
    """A tiebreak keyword guess counts if it is the keyword, singular or plural, in any
    case and Unicode form, or another spelling of it (docs/rules/intercept.md §2.7).

    >>> keyword_matches("Wolves", "wolf"), keyword_matches("-", "wolf")
    (True, False)
    >>> keyword_matches("Cafe\u0301", "café"), keyword_matches("HARBOUR", "harbor")
    (True, True)
    """
    cleaned = " ".join(guess.split())
    if not cleaned or cleaned == BLANK:
        return False
    return same_word(cleaned, truth)

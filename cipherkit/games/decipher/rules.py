"""Decipher's rules (docs/rules/decipher.md): each action kind's legality and effect.

:data:`RULES` maps an action's class to a :class:`Rule`: two plain functions of the
:class:`~cipherkit.games.decipher.state.DecipherState`, the check and the change.

Examples
--------
>>> from cipherkit.games.decipher import new_game, parse_action
>>> state = new_game({"first_player": 0}, seed=1)
>>> state.actors()
[0]
>>> [str(a) for a in state.legal_actions(0)][:3]
['break', 'play 6S', 'play 3H']
>>> events = state.apply(0, parse_action("play 6S"))
>>> events[0].text
'Player 1 plays 6 of spades on column 1.'
>>> events[0].message.id
'{name} plays {card} on column {column}.'
>>> state.is_legal(0, parse_action("skip"))   # first turn: every column needs a card
False
>>> RULES[Play].check.__name__, RULES[Play].apply.__name__
('check_play', 'play_card')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import product
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn, cast

from cipherkit.core.errors import ConfigError, IllegalAction
from cipherkit.core.protocol import Action, Event, Outcome, Seat, merge_config
from cipherkit.games.decipher.actions import (
    BREAK,
    GUESSES,
    PLAYS,
    SKIP,
    BreakCode,
    Guess,
    Play,
    Skip,
)
from cipherkit.games.decipher.cards import Card, card_name
from cipherkit.i18n import N_, Message, nsay, say

if TYPE_CHECKING:
    from cipherkit.games.decipher.state import DecipherState

__all__ = [
    "COLUMNS",
    "DEFAULT_CONFIG",
    "RULES",
    "Rule",
    "card_score",
    "legal_actions",
    "make_config",
    "new_game",
    "player_name",
]

COLUMNS = 3
"""Cards in a hidden code, and decipher piles per player."""

DEFAULT_CONFIG: dict[str, Any] = {
    "first_player": None,  # None: chosen by the seeded RNG
    "hand_size": 6,
    "scoring": {"exact": 3, "rank": 2, "suit": 1},
    "names": ["Player 1", "Player 2"],
}

PLAY, GUESS, OVER = "play", "guess", "over"

CODE_BROKEN = N_("code broken")
DECK_EXHAUSTED = N_("deck exhausted")
"""How a game ends (:attr:`Outcome.reason`; English, marked: a page says it with ``_``)."""


def player_name(names: list[str], seat: Seat) -> str | Message:
    """``seat``'s name for a message: a default name (``"Player 1"``) is said in the
    reader's language, any other name is as written.

    >>> from cipherkit.i18n import speaking
    >>> with speaking("ru"):
    ...     str(player_name(["Player 1", "Bo"], 0)), player_name(["Player 1", "Bo"], 1)
    ('Игрок 1', 'Bo')
    """
    name = names[seat]
    if name == DEFAULT_CONFIG["names"][seat]:
        return _DEFAULT_NAMES[seat]
    return name


_DEFAULT_NAMES = tuple(say("Player {n}", n=seat + 1) for seat in (0, 1))
"""The default names as messages, made once (each action's log line names a player)."""


def make_config(config: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validated config with defaults filled in."""
    merged = merge_config(DEFAULT_CONFIG, config, game="decipher")
    if merged["first_player"] not in (None, 0, 1):
        raise ConfigError.say("decipher: first_player must be 0, 1 or null")
    if not isinstance(merged["hand_size"], int) or not 3 <= merged["hand_size"] <= 20:
        raise ConfigError.say("decipher: hand_size must be a whole number from 3 to 20")
    scoring = dict(DEFAULT_CONFIG["scoring"]) | dict(merged["scoring"])
    if set(scoring) != {"exact", "rank", "suit"}:
        raise ConfigError.say("decipher: scoring takes the keys exact, rank and suit")
    merged["scoring"] = scoring
    names = merged["names"]
    if not (isinstance(names, list | tuple) and len(names) == 2):
        raise ConfigError.say("decipher: names must be a list of two names")
    merged["names"] = [str(n) for n in names]
    return merged


def new_game(config: Mapping[str, Any] | None = None, *, seed: int) -> DecipherState:
    """Deal a new game: shuffle, 3 hidden cards and a hand of 6 each, random first player."""
    # the state module imports this one (for RULES), so the class is imported here
    from cipherkit.games.decipher.state import DecipherState

    return DecipherState.new(config, seed=seed)


def card_score(guess: Card | None, truth: Card, scoring: Mapping[str, int]) -> int:
    """Points for one guessed column: exact card, same rank only, same suit only, else 0.

    >>> from cipherkit.games.decipher.cards import Card
    >>> s = {"exact": 3, "rank": 2, "suit": 1}
    >>> [card_score(Card.parse(g), Card.parse("QS"), s) for g in ("QS", "QH", "2S", "2H")]
    [3, 2, 1, 0]
    """
    if guess is None:
        return 0
    if guess == truth:
        return int(scoring["exact"])
    if guess.rank == truth.rank:
        return int(scoring["rank"])
    if guess.suit == truth.suit:
        return int(scoring["suit"])
    return 0


class Rule(NamedTuple):
    """An action kind's rule: ``check`` raises :class:`IllegalAction` with a reason (or
    returns), ``apply`` changes the state of a checked action and returns its events."""

    check: Callable[[DecipherState, Seat, Any], None]
    apply: Callable[[DecipherState, Seat, Any], list[Event]]


# ---------------------------------------------------------------- the protocol
# DecipherState's legal_actions, check and apply are these functions.
def legal_actions(state: DecipherState, seat: Seat) -> list[Action]:
    """Every action ``seat`` may take now, in a fixed order (break, plays, skip)."""
    if state.phase == PLAY:
        if seat != state.turn:
            return []
        hand = state.hands[seat]
        column = state.column
        actions: list[Action]
        if column == 0:
            if not state.deck and (not hand or not state.hands[1 - seat]):
                return [BREAK]  # docs/rules/decipher.md §3.7: the break is forced
            # at the start of any turn, the first included (§3.6)
            actions = [BREAK, *map(_PLAY_OF_INDEX, map(_INDEX, hand))]
        else:
            actions = list(map(_PLAY_OF_INDEX, map(_INDEX, hand)))
        if state.piles[seat][column] and (column < COLUMNS - 1 or state.played_this_turn):
            actions.append(SKIP)
        return actions
    if state.phase == GUESS and seat == state.guesser:
        return list(GUESSES)
    return []


def check(state: DecipherState, seat: Seat, action: Action) -> None:
    """Raise :class:`IllegalAction` with the reason if ``seat`` may not take ``action``."""
    check_turn(state, seat)
    rule = RULES.get(type(action))
    if rule is None:
        not_an_action(state, action)
    rule.check(state, seat, action)


def apply(state: DecipherState, seat: Seat, action: Action) -> list[Event]:
    """Check ``action`` (:func:`check`), then carry it out; return its events."""
    if state.outcome is not None or seat != (state.guesser if state.phase == GUESS else state.turn):
        check_turn(state, seat)  # not this seat's turn: say why
    rule = RULES.get(type(action))
    if rule is None:
        not_an_action(state, action)
    legality, effect = rule
    legality(state, seat, action)
    return effect(state, seat, action)


def carry_out(state: DecipherState, seat: Seat, action: Action) -> list[Event]:
    """Carry out a checked action."""
    return RULES[type(action)].apply(state, seat, action)


def check_turn(state: DecipherState, seat: Seat) -> None:
    """Every action: the game is on and it is ``seat``'s turn (to play or to guess)."""
    if state.outcome is not None:
        raise IllegalAction.say("the game is over")
    if seat not in (0, 1):
        raise IllegalAction.say(
            "there is no seat {seat} in decipher (seats are 0 and 1)", seat=repr(seat)
        )
    if state.phase == GUESS:
        if seat != state.guesser:
            guesser = cast(Seat, state.guesser)  # the guessing phase has its guesser
            raise IllegalAction.say("it is {name}'s turn to guess", name=state.name(guesser))
    elif seat != state.turn:
        raise IllegalAction.say("it is {name}'s turn", name=state.name(state.turn))


def not_an_action(state: DecipherState, action: object) -> NoReturn:
    """Refuse an action that no rule knows."""
    _refuse_outside_play(state)
    raise IllegalAction.say("{action} is not a decipher action", action=repr(action))


def _refuse_outside_play(state: DecipherState) -> None:
    """Refuse a card played (or skipped) outside the play phase, or when the player to
    move must Break the Code."""
    if state.phase == GUESS:
        raise IllegalAction.say(
            "the code has been broken: guess column {column} (guess QS)", column=state.column + 1
        )
    if state.column == 0 and state.must_break():
        raise IllegalAction.say(
            "the deck is exhausted and a hand is empty: you must Break the Code"
        )


_INDEX = attrgetter("index")
_PLAY_OF_INDEX = PLAYS.__getitem__
"""Cards are looked up by index: ``map`` over these makes no Python-level call (a
card's ``__eq__`` would)."""


# ---------------------------------------------------------------- play a card
def check_play(state: DecipherState, seat: Seat, action: Play) -> None:
    if state.phase == GUESS or (state.column == 0 and state.must_break()):
        _refuse_outside_play(state)
    if action.card.index not in map(_INDEX, state.hands[seat]):
        raise IllegalAction.say("{card} is not in your hand", card=card_name(action.card))


def play_card(state: DecipherState, seat: Seat, action: Play) -> list[Event]:
    """Play a card face up on the column in turn; then on to the next column."""
    card, column, hand = action.card, state.column, state.hands[seat]
    del hand[[*map(_INDEX, hand)].index(card.index)]
    state.piles[seat][column].append([card, None])
    state.played_this_turn += 1
    text = say(
        "{name} plays {card} on column {column}.",
        name=state.name(seat),
        card=card_name(card),
        column=column + 1,
    )
    state.log.append(text)
    events = [Event("play", {"seat": seat, "column": column, "card": card.notation}, text)]
    state.column = column = column + 1
    if column == COLUMNS or not hand:  # out of cards mid-turn: only with the deck gone
        _end_turn(state, seat, events)
    return events


# ---------------------------------------------------------------- skip a column
def check_skip(state: DecipherState, seat: Seat, action: Skip) -> None:
    if state.phase == GUESS or (state.column == 0 and state.must_break()):
        _refuse_outside_play(state)
    if not state.piles[seat][state.column]:
        raise IllegalAction.say(
            "column {column} has no card yet: on your first turn you must play on every column",
            column=state.column + 1,
        )
    if state.column == COLUMNS - 1 and state.played_this_turn == 0:
        raise IllegalAction.say("you must play at least one card this turn")


def skip_column(state: DecipherState, seat: Seat, action: Skip) -> list[Event]:
    """Leave the column in turn as it is; then on to the next column."""
    column = state.column
    text = say("{name} skips column {column}.", name=state.name(seat), column=column + 1)
    state.log.append(text)
    events = [Event("skip", {"seat": seat, "column": column}, text)]
    state.column = column = column + 1
    if column == COLUMNS or not state.hands[seat]:
        _end_turn(state, seat, events)
    return events


# ---------------------------------------------------------------- break the code
def check_break(state: DecipherState, seat: Seat, action: BreakCode) -> None:
    if state.phase == GUESS:
        _refuse_outside_play(state)
    if state.column != 0:
        raise IllegalAction.say("you may Break the Code only at the start of your turn")


def break_code(state: DecipherState, seat: Seat, action: BreakCode) -> list[Event]:
    """End the play phase: the player who breaks guesses first, then the other."""
    forced = state.must_break()
    state.phase = GUESS
    state.declarer = state.guesser = seat
    state.column = 0
    state.end_reason = DECK_EXHAUSTED if forced else CODE_BROKEN
    if forced:
        text = say(
            "{name} breaks the code (the deck is exhausted). Guessing begins.",
            name=state.name(seat),
        )
    else:
        text = say("{name} breaks the code. Guessing begins.", name=state.name(seat))
    state.log.append(text)
    return [Event("break", {"seat": seat, "forced": forced}, text)]


# ---------------------------------------------------------------- guess a card
def check_guess(state: DecipherState, seat: Seat, action: Guess) -> None:
    if state.phase != GUESS:
        _refuse_outside_play(state)
        raise IllegalAction.say("nobody has broken the code yet: play or skip")


def guess_card(state: DecipherState, seat: Seat, action: Guess) -> list[Event]:
    """Write a guess for the column in turn of the other's code; after the third, the
    other player guesses, or (both done) the codes are revealed and scored."""
    state.guesses[seat].append(action.card)
    column = state.column
    text = say(
        "{name} writes a guess for column {column}.", name=state.name(seat), column=column + 1
    )
    state.log.append(text)
    events = [Event("guess", {"seat": seat, "column": column}, text)]
    state.column += 1
    if state.column < COLUMNS:
        return events
    if seat == state.declarer:
        state.guesser = 1 - seat
        state.column = 0
        return events
    events.append(_reveal(state))
    return events


RULES: dict[type[Action], Rule] = {
    Play: Rule(check_play, play_card),
    Skip: Rule(check_skip, skip_column),
    BreakCode: Rule(check_break, break_code),
    Guess: Rule(check_guess, guess_card),
}
"""Each action kind's rule: its legality check and its effect."""


# ---------------------------------------------------------------- the turn's flow
def _end_turn(state: DecipherState, seat: Seat, events: list[Event]) -> None:
    """After the last column, or out of cards mid-turn (only once the deck is exhausted;
    the remaining columns stay as they are): draw back up to the hand size, mark the
    hits, and pass the turn."""
    hand, deck = state.hands[seat], state.deck
    drawn = min(state.config["hand_size"] - len(hand), len(deck))
    if drawn > 0:
        hand += deck[: -drawn - 1 : -1]  # from the top of the deck, one by one
        del deck[-drawn:]
        drew = nsay(
            "{name} draws {n} card.", "{name} draws {n} cards.", drawn, name=state.name(seat)
        )
        state.log.append(drew)
        events.append(Event("draw", {"seat": seat, "count": drawn}, drew))
    opponent = 1 - seat
    hits = []
    for pile, hidden in zip(state.piles[seat], state.hidden[opponent], strict=True):
        if not pile:
            hits.append(False)
            continue
        top = pile[-1]
        if top[1] is None:
            card = top[0]
            top[1] = card.suit == hidden.suit or card.rank == hidden.rank
        hits.append(bool(top[1]))
    text = say(
        "{name} marks the hits: column 1 {first}, column 2 {second}, column 3 {third}.",
        name=state.name(opponent),
        **_HIT_WORDS[tuple(hits)],
    )
    state.log.append(text)
    events.append(Event("evaluate", {"seat": opponent, "hits": hits}, text))
    state.turn = opponent
    state.turn_number += 1
    state.column = 0
    state.played_this_turn = 0


_HIT, _MISS = say("hit"), say("miss")
_HIT_WORDS = {
    hits: dict(zip(("first", "second", "third"), (_HIT if h else _MISS for h in hits), strict=True))
    for hits in product((False, True), repeat=COLUMNS)
}
"""The hits marked at the end of a turn, each column's word, for each way they can fall."""


def _reveal(state: DecipherState) -> Event:
    """Both have guessed: the codes are shown, the guesses scored, the game ends."""
    state.phase = OVER
    state.guesser = None
    s0, s1 = state.scores()
    scores = {"0": s0, "1": s1}
    codes = {
        "first": state.name(0),
        "first_code": " ".join(c.pretty for c in state.hidden[0]),
        "second": state.name(1),
        "second_code": " ".join(c.pretty for c in state.hidden[1]),
    }
    if s0 == s1:
        outcome = Outcome((), state.end_reason, scores, draw=True)
        text = say(
            "{first}'s code was {first_code}; {second}'s code was {second_code}. "
            "A draw, {score} to {score}.",
            score=s0,
            **codes,
        )
    else:
        winner = 0 if s0 > s1 else 1
        outcome = Outcome((winner,), state.end_reason, scores)
        text = say(
            "{first}'s code was {first_code}; {second}'s code was {second_code}. "
            "{winner} wins, {high} to {low}.",
            winner=state.name(winner),
            high=max(s0, s1),
            low=min(s0, s1),
            **codes,
        )
    state.outcome = outcome
    state.log.append(text)
    return Event("reveal", {"scores": [s0, s1], "outcome": outcome.to_json()}, text)

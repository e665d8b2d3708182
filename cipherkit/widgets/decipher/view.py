"""What the Decipher table shows a person, built from one seat's observation only.

Design notes: ``docs/design-notes.md``, ``cipherkit.widgets.decipher.view``.

Examples
--------
>>> from cipherkit.games.decipher import new_game
>>> state = new_game({"first_player": 0}, seed=3)
>>> view = build_view(state.observe(0), human=0, legal=state.legal_actions(0))
>>> view["to_move"], view["column"], len(view["hand"]), view["columns"][0]["bot_card"]
('you', 0, 6, None)
>>> sorted(a for a in view["legal"] if not a.startswith("play"))  # or break the code
['break']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NotRequired, TypedDict

from cipherkit.core.protocol import Seat
from cipherkit.core.session import LoggedEvent
from cipherkit.games.decipher.cards import Card
from cipherkit.games.decipher.observation import DecipherObservation, PileCard
from cipherkit.games.decipher.rules import card_score
from cipherkit.i18n import _, ngettext
from cipherkit.widgets.decipher.words import (
    HIT_WORDS,
    YOU_AND_THE_BOT,
    BoardWords,
    Sides,
    board_labels,
    board_words,
    capital,
    card_words,
    event_words,
    explained,
    status_line,
    turn_line,
    who,
    whose,
)

__all__ = [
    "HIT_WORDS",
    "LOG_TURNS",
    "Sides",
    "board_words",
    "build_view",
    "card_words",
    "event_words",
    "journal",
    "status_line",
    "turn_line",
]

LOG_TURNS = 3
"""How many turns back the log reaches: the current turn and both players' last turns
(the mover's own last turn only until they play a card: the memory rule)."""


def _who(seat: Seat, human: Seat) -> str:
    return "you" if seat == human else "bot"


def journal(
    opening: str, log: Iterable[LoggedEvent], human: Seat, sides: Sides = YOU_AND_THE_BOT
) -> list[tuple[int, str]]:
    """The log for :func:`build_view`: ``(turn_number, words)`` pairs, oldest first.

    ``opening`` is the first line (turn 1); then each public event of a session's log
    (:attr:`~cipherkit.core.session.Session.log`) in words (:func:`event_words`, from
    ``sides``). A turn ends with the ``evaluate`` event (the hits are marked), so the
    turn number of each line is counted from the events alone.

    >>> from cipherkit.core.protocol import Event
    >>> from cipherkit.core.session import LoggedEvent
    >>> log = [LoggedEvent(1, 0, Event("skip", {"seat": 0, "column": 2})),
    ...        LoggedEvent(1, 0, Event("evaluate", {"seat": 1, "hits": [True, False, False]})),
    ...        LoggedEvent(2, 1, Event("skip", {"seat": 1, "column": 0}))]
    >>> [turn for turn, _ in journal("Game 1.", log, human=0)]
    [1, 1, 1, 2]
    """
    turn = 1
    lines = [(turn, opening)]
    for logged in log:
        first = logged.event.kind == "evaluate" and turn == 1
        lines.append((turn, event_words(logged.event, human, explain=first, sides=sides)))
        if logged.event.kind == "evaluate":
            turn += 1
    return lines


class PileView(TypedDict):
    """A pile as the page draws it: its top card, its size (and that in words), and
    (only on the column being played or guessed: the memory rule) the cards under the
    top, oldest first."""

    top: PileCard | None
    count: int
    count_words: str
    history: list[PileCard] | None


class ColumnView(TypedDict):
    """One column of the table: both hidden cards (the bot's only once revealed), both
    piles and pennies, both guesses, and (once the game is over) the points each scored."""

    index: int
    current: bool
    bot_card: str | None
    your_pile: PileView
    your_hit: bool
    your_card: str | None
    bot_pile: PileView
    bot_hit: bool
    your_guess: str | None
    bot_guess: str | None
    your_points: NotRequired[int]
    your_match: NotRequired[str]
    bot_points: NotRequired[int]
    bot_match: NotRequired[str]


class Scores(TypedDict):
    """The final scores, the person's and the bot's."""

    you: int
    bot: int


class TableWords(TypedDict):
    """The page's sentences that hold a number or a name (the rest are the widget's
    ``words``): whole, in the table's language."""

    heading: str
    me: str
    them: str
    deck: str
    their_hand: str
    their_guesses: str
    picker: str
    result: str
    reveal_headers: list[str]
    labels: dict[str, str]


class DecipherView(TypedDict):
    """What ``decipher/table.js`` draws: the contract between :func:`build_view` and the
    page (the table adds its room's keys)."""

    game_number: int
    bot_name: str
    phase: str
    turn_number: int
    to_move: str | None
    thinking: bool
    column: int | None
    status: str
    announce: str
    turn_line: str
    board_words: BoardWords
    hand: list[str]
    deck_size: int
    bot_hand_size: int
    columns: list[ColumnView]
    legal: list[str]
    must_break: bool
    declarer: str | None
    guesser: str | None
    bot_guess_count: int
    scores: Scores | None
    scoring: dict[str, int]
    result: str | None
    log: list[str]
    log_turns: int
    say: TableWords


def _pile(entries: Sequence[PileCard], with_history: bool) -> PileView:
    top = entries[-1] if entries else None
    count = len(entries)
    return {
        "top": None if top is None else {"card": top["card"], "hit": top["hit"]},
        "count": count,
        "count_words": ngettext("{n} card", "{n} cards", count) if count else "",
        "history": [{"card": e["card"], "hit": e["hit"]} for e in entries[:-1]]
        if with_history
        else None,
    }


def _guess_points(guess: str | None, truth: str | None, scoring: Mapping[str, int]) -> int:
    """What a guess scored against the card it guessed (0 while the card is hidden)."""
    if not truth:
        return 0
    return card_score(None if guess is None else Card.parse(guess), Card.parse(truth), scoring)


def _points_word(guess: str | None, truth: str | None) -> str:
    if guess is None or truth is None:
        return ""
    g, t = Card.parse(guess), Card.parse(truth)
    if g == t:
        return _("exact card")
    if g.rank == t.rank:
        return _("same rank")
    if g.suit == t.suit:
        return _("same suit")
    return _("no match")


def legal_texts(legal: Sequence[Any]) -> list[str]:
    """Legal actions as text, all guesses folded into the single word ``"guess"``."""
    texts = [str(a) for a in legal]
    guesses = [t for t in texts if t.startswith("guess ")]
    rest = [t for t in texts if not t.startswith("guess ")]
    return [*rest, "guess"] if guesses else rest


def announcement(
    log: Sequence[tuple[int, str]], turn: int, status: str, *, fresh_turn: bool
) -> str:
    """What the table's live region says after a change, one sentence each: at the start
    of a turn what happened in the turn before (the other player's moves and the hits),
    else the last event; then the status line.

    >>> log = [(1, "Game 1."), (1, "You play Q♠ on column 1."), (2, "The bot skips column 1.")]
    >>> announcement(log, 2, "Your turn.", fresh_turn=False)
    'The bot skips column 1. Your turn.'
    >>> announcement(log, 2, "Your turn.", fresh_turn=True)
    'Game 1. You play Q♠ on column 1. Your turn.'
    """
    why = explained("")  # " (what a hit is)", in the table's language
    lines = [w for t, w in log if t == turn - 1] if fresh_turn else [w for __, w in log[-1:]]
    lines = [w.replace(why, "") for w in lines[-6:]]
    return " ".join([*lines, status]) if status not in lines else " ".join(lines)


def table_words(
    obs: DecipherObservation, human: Seat, *, sides: Sides, bot_name: str
) -> TableWords:
    """The sentences of the page that hold a number or a name (:class:`TableWords`).

    >>> from cipherkit.games.decipher import new_game
    >>> said = table_words(new_game(seed=3).observe(0), 0, sides=Sides(), bot_name="solver")
    >>> said["heading"], said["deck"], said["their_hand"]
    ('against the solver bot', 'cards in the deck', "cards in the bot's hand")
    """
    other = 1 - human
    theirs = whose(sides.other)
    written = obs["guesses"][other]
    count = len(written) if isinstance(written, list) else written
    columns = len(obs["piles"][human])
    column = obs["column"] + 1
    outcome = obs["outcome"]
    result = ""
    if outcome is not None:
        if outcome["draw"]:
            result = _("A draw.")
        elif human in outcome["winners"]:
            result = _("{name} wins.", name=sides.me) if sides.watching else _("You win!")
        else:
            result = capital(_("{name} wins.", name=who(sides.other)))
    return {
        "heading": _("against the {bot} bot", bot=bot_name),
        "me": _("you") if sides.me is None else sides.me,
        "them": who(sides.other),
        "deck": ngettext("card in the deck", "cards in the deck", obs["deck_size"]),
        "their_hand": ngettext(
            "card in {whose} hand", "cards in {whose} hand", obs["hand_sizes"][other], whose=theirs
        ),
        "their_guesses": capital(
            ngettext(
                "{who} has written {count} of {n} guess.",
                "{who} has written {count} of {n} guesses.",
                columns,
                who=who(sides.other),
                count=count,
            )
        ),
        "picker": _("Your guess for {whose} card in column {column}", whose=theirs, column=column),
        "result": result,
        "reveal_headers": reveal_headers(sides),
        "labels": board_labels(sides),
    }


def reveal_headers(sides: Sides) -> list[str]:
    """The heads of the final table's columns: each guess against the card it guessed,
    and the points it scored.

    >>> reveal_headers(Sides(me="Ada", other="Bo"))[:2]
    ["Ada's guess / Bo's card", "Ada's points"]
    """
    theirs = whose(sides.other)
    if sides.watching:
        mine = whose(sides.me)
        return [
            _("{whose} guess / {owner} card", whose=mine, owner=theirs),
            _("{whose} points", whose=mine),
            _("{whose} guess / {owner} card", whose=theirs, owner=mine),
            _("{whose} points", whose=theirs),
        ]
    return [
        _("your guess / {whose} card", whose=theirs),
        _("your points"),
        _("{whose} guess / your card", whose=theirs),
        _("{whose} points", whose=theirs),
    ]


def build_view(
    obs: DecipherObservation,
    *,
    human: Seat,
    legal: Sequence[Any] = (),
    log: Sequence[tuple[int, str]] = (),
    thinking: bool = False,
    bot_name: str = "bot",
    game_number: int = 1,
    sides: Sides = YOU_AND_THE_BOT,
) -> DecipherView:
    """The view synced to the page, from ``obs = state.observe(human)`` only: the
    header, the status lines, the board (:func:`columns_view`), the hands, the guesses
    and the result (:func:`result_of`, :func:`scores_view`), the log
    (:func:`recent_log`) and the page's sentences (:func:`table_words`), in the
    language in force.

    Parameters
    ----------
    obs:
        The human seat's observation.
    human:
        The human's seat.
    legal:
        The human's legal actions now (actions or their text).
    log:
        ``(turn_number, words)`` pairs, oldest first; only the last
        :data:`LOG_TURNS` turns are kept.
    thinking:
        True while the kernel is running the bot's moves.
    bot_name, game_number:
        Shown in the header.
    sides:
        Whom the words are about (:class:`~cipherkit.widgets.decipher.words.Sides`):
        by default "you" against "the bot"; a room names the other player, a
        spectator both (and a spectator never acts).
    """
    bot = 1 - human
    phase = obs["phase"]
    acting = (
        not thinking
        and not sides.watching
        and obs["actors"] == [human]
        and phase in ("play", "guess")
    )
    columns = columns_view(obs, human, current=obs["column"] if acting else None)
    bot_guesses = obs["guesses"][bot]  # a count until the game is over
    status = status_line(obs, human, thinking=thinking, sides=sides)
    fresh = acting and phase == "play" and obs["played_this_turn"] == 0

    def role(seat: Seat | None) -> str | None:
        return None if seat is None else _who(seat, human)

    return {
        "game_number": game_number,
        "bot_name": bot_name,
        "phase": phase,
        "turn_number": obs["turn_number"],
        "to_move": role(obs["actors"][0]) if obs["actors"] else None,
        "thinking": thinking,
        "column": obs["column"] if phase in ("play", "guess") else None,
        "status": status,
        "announce": announcement(log, obs["turn_number"], status, fresh_turn=fresh),
        "turn_line": turn_line(obs, human, acting=acting, sides=sides),
        "board_words": board_words(columns, over=phase == "over", sides=sides),
        "hand": list(obs["hand"] or []),
        "deck_size": obs["deck_size"],
        "bot_hand_size": obs["hand_sizes"][bot],
        "columns": columns,
        "legal": legal_texts(legal) if acting else [],
        "must_break": bool(obs["must_break"]) and acting,
        "declarer": role(obs["declarer"]),
        "guesser": role(obs["guesser"]),
        "bot_guess_count": len(bot_guesses) if isinstance(bot_guesses, list) else bot_guesses,
        "scores": scores_view(obs, human),
        "scoring": dict(obs["scoring"]),
        "result": result_of(obs, human),
        "log": recent_log(obs, log),
        "log_turns": LOG_TURNS,
        "say": table_words(obs, human, sides=sides, bot_name=bot_name),
    }


def columns_view(obs: DecipherObservation, human: Seat, *, current: int | None) -> list[ColumnView]:
    """The board, a column each: the pile of the ``current`` column (the one being
    played or guessed) shows its history, the others only their top cards.

    >>> from cipherkit.games.decipher import new_game
    >>> columns = columns_view(new_game(seed=3).observe(0), 0, current=0)
    >>> columns[0]["current"], columns[0]["your_pile"]["history"], columns[1]["bot_card"]
    (True, [], None)
    """
    bot = 1 - human
    bot_code = obs["hidden"][bot]  # None until the game is over
    my_code = obs["hidden"][human] or []
    my_guesses = obs["guesses"][human]
    columns = []
    for c in range(len(obs["piles"][human])):
        column: ColumnView = {
            "index": c,
            "current": current == c,
            "bot_card": bot_code[c] if bot_code else None,
            "your_pile": _pile(obs["piles"][human][c], with_history=current == c),
            "your_hit": obs["hits"][human][c],
            "your_card": my_code[c] if c < len(my_code) else None,
            "bot_pile": _pile(obs["piles"][bot][c], with_history=False),
            "bot_hit": obs["hits"][bot][c],
            "your_guess": my_guesses[c]
            if isinstance(my_guesses, list) and c < len(my_guesses)
            else None,
            "bot_guess": None,
        }
        if obs["phase"] == "over":
            _score_column(column, obs, bot)
        columns.append(column)
    return columns


def _score_column(column: ColumnView, obs: DecipherObservation, bot: Seat) -> None:
    """Add to a column, once the game is over, the bot's guess and what each guess
    scored against the card it guessed."""
    scoring = obs["scoring"]
    c = column["index"]
    bot_guesses = obs["guesses"][bot]
    truth_bot = column["bot_card"]
    truth_mine = column["your_card"]
    your_guess = column["your_guess"]
    bot_guess = bot_guesses[c] if isinstance(bot_guesses, list) and c < len(bot_guesses) else None
    column["bot_guess"] = bot_guess
    column["your_points"] = _guess_points(your_guess, truth_bot, scoring)
    column["your_match"] = _points_word(your_guess, truth_bot)
    column["bot_points"] = _guess_points(bot_guess, truth_mine, scoring)
    column["bot_match"] = _points_word(bot_guess, truth_mine)


def result_of(obs: DecipherObservation, human: Seat) -> str | None:
    """``"win"``, ``"loss"`` or ``"draw"`` for the human once the game is over, else
    ``None``."""
    outcome = obs["outcome"]
    if outcome is None:
        return None
    return "draw" if outcome["draw"] else "win" if human in outcome["winners"] else "loss"


def scores_view(obs: DecipherObservation, human: Seat) -> Scores | None:
    """The final scores from the human's side, once they are known."""
    scores = obs["scores"]
    return None if scores is None else {"you": scores[human], "bot": scores[1 - human]}


def recent_log(obs: DecipherObservation, log: Sequence[tuple[int, str]]) -> list[str]:
    """The log's lines of both players' last turns: the mover's previous turn only
    until they play a card this turn (it would cover a card that turn played: the
    memory rule)."""
    turn = obs["turn_number"]
    played = obs["played_this_turn"] == 0 and obs["phase"] == "play"
    reach = LOG_TURNS if played else LOG_TURNS - 1
    return [words for t, words in log if t > turn - reach]
